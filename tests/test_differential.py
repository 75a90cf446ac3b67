"""Bar 4: a differential test against the PyPI `mahjong` package on generated hands.

Every hand must agree (ok/failure kind, han, fu, yaku set, hand value, total) or be
a documented rule difference (README "Differences from the mahjong package").
"""
from __future__ import annotations

import collections
from typing import Any, Dict, List, Tuple

import pytest

pytest.importorskip("mahjong")

import hand_generator  # noqa: E402
import mahjong_oracle  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402

import tenbou  # noqa: E402

FAILURES = {"no_yaku": HandCalculator.ERR_NO_YAKU, "not_winning": HandCalculator.ERR_HAND_NOT_WINNING}


def compare(req: Dict[str, Any], preset: str) -> Tuple[str, str]:
    ours = tenbou.score(req).as_dict()
    theirs = mahjong_oracle.score_with_mahjong(req, preset)
    if not ours["ok"] or not theirs["ok"]:
        if ours["ok"] == theirs["ok"] and FAILURES.get(ours["error"]["code"]) == theirs["error"]:
            return "agree", ""
        return "differ", f"failure {ours.get('error')} vs {theirs}"
    problems = []
    value = ours["total"] - ours["honba_bonus"] - ours["sticks_bonus"]
    yaku = {y["key"]: y["han"] for y in ours["yaku"]}
    for name, a, b in [("han", ours["han"], theirs["han"]), ("fu", ours["fu"], theirs["fu"]),
                       ("value", value, theirs["value"]), ("total", ours["total"], theirs["total"]),
                       ("yaku", yaku, theirs["yaku"])]:
        if a != b:
            problems.append(f"{name} {a} != {b}")
    return ("differ", "; ".join(problems)) if problems else ("agree", "")


def run(n: int, seed: int, preset: str) -> collections.Counter:
    outcome: collections.Counter = collections.Counter()
    examples: List[str] = []
    for req in hand_generator.generate(n, seed):
        req["options"] = {"preset": preset}
        try:
            verdict, why = compare(req, preset)
        except mahjong_oracle.Unrepresentable:
            outcome["unrepresentable"] += 1
            continue
        outcome[verdict] += 1
        if verdict == "differ" and len(examples) < 10:
            examples.append(f"{req}: {why}")
    assert not examples, "\n".join(examples)
    return outcome


@pytest.mark.slow
def test_tenhou_preset_agrees_on_20000_hands():
    outcome = run(21500, seed=2026, preset="tenhou")
    assert outcome["agree"] >= 20000, outcome
    assert outcome["differ"] == 0


@pytest.mark.slow
def test_mahjongsoul_preset_double_yakuman_agrees():
    outcome = run(4000, seed=11, preset="mahjongsoul")
    assert outcome["agree"] >= 3500 and outcome["differ"] == 0


def test_generator_covers_the_bar():
    reqs = hand_generator.generate(21500, seed=2026)
    results = tenbou.score_many(reqs)
    yaku = collections.Counter(y.key for r in results if r.ok for y in r.yaku)
    melds = collections.Counter(m.split(":")[0] for q in reqs for m in q["melds"])
    flags = collections.Counter(k for q in reqs for k, v in q.items() if v is True)
    waits = collections.Counter(r.wait for r in results if r.ok)
    for kind in ("chi", "pon", "kan", "kakan", "ankan"):
        assert melds[kind] > 100, kind
    for flag in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou"):
        assert flags[flag] > 10, flag
    for key in ("chiitoitsu", "kokushi", "kokushi_13", "suuankou", "suuankou_tanki", "daisangen", "tsuuiisou",
                "ryuuiisou", "shousuushi", "daisuushi", "pinfu", "iipeikou", "ryanpeikou", "sanshoku", "ittsu",
                "chanta", "junchan", "honitsu", "chinitsu", "sankantsu", "sanshoku_doukou", "shousangen"):
        assert yaku[key] > 5, key
    for wait in ("ryanmen", "kanchan", "penchan", "shanpon", "tanki"):
        assert waits[wait] > 100, wait
