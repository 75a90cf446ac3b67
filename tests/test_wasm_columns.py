"""scoreColumns (the JS columnar batch form) against score(), row by row: every request of the
shared vectors (Riichi, Korean, Hong Kong-Taiwan, invalid ones), laid out as columns three ways,
and the real wins of shared/data/tenhou as `tenbou mjlog` writes them, with typed-array columns.

Each row's ok, han, fu, yakuman, total, limit, yaku (key and han), error code and message must be
score()'s for the row's object (or the exception it throws). tests/js/columns.mjs does the work.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import List

import pytest

from conftest import shared_dir
from test_wasm import dist, node  # noqa: F401  (dist: the module's fixture)

COLUMNS = Path(__file__).parent / "js" / "columns.mjs"
VECTORS = (Path(__file__).parent / "data" / "vectors.jsonl").read_text(encoding="utf-8")


def rows(dist: Path, command: str, stdin: str) -> List[dict]:
    out = node([str(COLUMNS), str(dist), command], stdin).splitlines()
    assert out, "no output"
    return [json.loads(line) for line in out]


def differences(got: List[dict]) -> List[dict]:
    return [r for r in got if not r.get("same")]


def objects(text: str) -> int:
    n = 0
    for line in text.splitlines():
        try:
            n += isinstance(json.loads(line), dict)
        except ValueError:
            pass
    return n


@pytest.mark.parametrize("layout", ["grouped", "union", "typed"])
def test_every_vector_row_is_score(dist, layout):  # noqa: F811
    got = rows(dist, layout, VECTORS)
    assert len(got) == objects(VECTORS) > 4000
    assert differences(got)[:3] == []
    # The vectors hold every kind of row: scored, not winning, no yaku, invalid.
    assert {r["row"] for r in got} == set(range(len(got)))


def test_the_real_wins_are_score(dist):  # noqa: F811
    from tenbou import mjlog

    files = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    wins = [json.dumps(w.request) for f in files for w in mjlog.wins_from_file(f)]
    assert len(wins) > 8000
    text = "\n".join(wins) + "\n"
    for layout in ("typed", "grouped"):
        got = rows(dist, layout, text)
        assert len(got) == len(wins)
        assert differences(got)[:3] == []


def test_values_the_columns_cannot_carry_and_usage_errors(dist):  # noqa: F811
    got = rows(dist, "edges", "{}\n")
    assert differences([r for r in got if "row" in r])[:3] == []
    assert len([r for r in got if "row" in r]) == 52
    usage = [r for r in got if "usage" in r]
    assert [u["usage"] for u in usage] == ["TypeError"] * 5
    assert usage[3]["message"] == 'scoreColumns: column "win_tile" has 1 rows, "hand" has 2'
    assert usage[4]["message"] == "scoreColumns: no column holds rows (an array or a typed array)"
