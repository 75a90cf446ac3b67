"""Bar 1: every cell of seed 000's dealer and non-dealer score tables, empty cells included."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest

import tenbou

FU_COLUMNS = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]
LIMITS = {"만관": "mangan", "하네만": "haneman", "배만": "baiman", "삼배만": "sanbaiman", "헤아림 역만": "kazoe_yakuman"}
Cell = Optional[Tuple[Optional[int], Optional[Tuple[int, ...]], Optional[str]]]  # ron, tsumo amounts, limit


def parse_cell(text: str) -> Cell:
    text = text.strip()
    if text == "-":
        return None
    limit = None
    for ko, key in sorted(LIMITS.items(), key=lambda kv: -len(kv[0])):
        if text.startswith(ko):
            limit, text = key, text[len(ko):].strip()
            break
    m = re.fullmatch(r"(\d+) \((.*)\)", text)
    assert m, text
    ron = int(m.group(1))
    inner = m.group(2)
    if inner == "-":
        tsumo = None
    elif inner.endswith(" all"):
        tsumo = (int(inner[:-4]),)
    else:
        tsumo = tuple(int(x) for x in inner.split(", "))  # (non-dealer share, dealer share)
    return ron, tsumo, limit


def load_tables() -> Dict[str, Dict[Tuple[int, int], Cell]]:
    tables: Dict[str, Dict[Tuple[int, int], Cell]] = {}
    current: Dict[Tuple[int, int], Cell] = {}
    last_span: List[Cell] = []
    for line in (Path(__file__).parent / "data" / "seed000_score_tables.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("["):
            current = tables.setdefault(line.strip("[]"), {})
            continue
        cells = [c for c in line.strip().strip("|").split("|") if c.strip()]
        han = int(re.match(r"\s*(\d+)", cells[0]).group(1))  # type: ignore[union-attr]
        values = [parse_cell(c) for c in cells[1:]]
        if not values:
            values = last_span  # a merged cell: same as the row above
        last_span = values[-1:]
        for i, fu in enumerate(FU_COLUMNS):
            current[(han, fu)] = values[i] if i < len(values) else values[-1]
    return tables


TABLES = load_tables()


def test_tables_have_every_cell():
    for who in ("dealer", "non_dealer"):
        assert len(TABLES[who]) == 13 * len(FU_COLUMNS)


@pytest.mark.parametrize("who", ["dealer", "non_dealer"])
@pytest.mark.parametrize("han", range(1, 14))
@pytest.mark.parametrize("fu", FU_COLUMNS)
def test_cell(who: str, han: int, fu: int):
    expected = TABLES[who][(han, fu)]
    dealer = who == "dealer"
    ron = tenbou.points(han, fu, dealer=dealer, tsumo=False)
    tsumo = tenbou.points(han, fu, dealer=dealer, tsumo=True)
    if expected is None:
        assert not ron.ok and not tsumo.ok
        assert ron.error and ron.error["code"] == "impossible"
        return
    exp_ron, exp_tsumo, exp_limit = expected
    assert ron.ok and ron.total == exp_ron
    assert ron.payments == [tenbou.Payment("discarder", exp_ron)]
    if exp_tsumo is None:
        assert not tsumo.ok and tsumo.error["code"] == "impossible"
    elif dealer:
        assert tsumo.payments == [tenbou.Payment("non_dealer", exp_tsumo[0])]
        assert tsumo.total == 3 * exp_tsumo[0]
    else:
        non_dealer_share, dealer_share = exp_tsumo
        assert tsumo.payments == [tenbou.Payment("dealer", dealer_share), tenbou.Payment("non_dealer", non_dealer_share)]
        assert tsumo.total == dealer_share + 2 * non_dealer_share
    assert ron.limit == exp_limit


@pytest.mark.parametrize("han", [13, 14, 20, 26, 40])
def test_kazoe_rows_continue_past_13(han: int):
    assert tenbou.points(han, 30).total == 32000
    assert tenbou.points(han, 30, dealer=True).total == 48000
    assert tenbou.points(han, 30, options={"kazoe": "sanbaiman"}).limit == "sanbaiman"


def test_kiriage_turns_slanted_cells_into_mangan():
    # seed 000: "절상 만관을 적용하는 경우 기울어진 숫자 부분도 만관으로 한다"
    for han, fu in [(4, 30), (3, 60)]:
        assert tenbou.points(han, fu).total == 7700
        kiri = tenbou.points(han, fu, options={"kiriage": True})
        assert kiri.limit == "mangan" and kiri.total == 8000
        assert tenbou.points(han, fu, dealer=True, options={"kiriage": True}).total == 12000
    assert tenbou.points(4, 25, options={"kiriage": True}).total == 6400  # not a kiriage cell


def test_table_command_prints_the_seed_tables(run_cli):
    code, out = run_cli(["table"])
    assert code == 0
    lines = out.splitlines()
    assert max(len(l) for l in lines) <= 100  # fits a 100-column terminal: four fu columns a block
    half = len(lines) // 2
    dealer_row1 = " ".join(l for l in lines[:half] if l.startswith("1 "))  # the row over its blocks
    for text in ["1,000 (-)", "1,500 (500 all)", "2,000 (700 all)", "5,300 (-)"]:  # (one number format)
        assert text in dealer_row1
    non_dealer_row2 = " ".join(l for l in lines[half:] if l.startswith("2 "))
    for text in ["1,300 (400, 700)", "1,600 (-)", "7,100 (1,800, 3,600)"]:
        assert text in non_dealer_row2
    assert any(l.startswith("13") and "32,000 (8,000, 16,000)" in l for l in lines)
    code, out = run_cli(["table", "--json"])
    import json

    data = json.loads(out)
    cell = next(c for c in data["non_dealer"] if c["han"] == 3 and c["fu"] == 30)
    assert cell == {"han": 3, "fu": 30, "ron": 3900, "tsumo": [2000, 1000], "limit": None}
