"""tenbou beside its peers on the same hands, in one process (README "Speed").

    python benchmarks/bench_peers.py [HANDS] [--no-native]

The mix (4,000 hands by default, tests/hand_generator.py): open and closed hands, every kan
kind, seven pairs, thirteen orphans, yakuman shapes, every flag; about 10% no-yaku hands and
5% incomplete ones; every contract key written out as callers do; a tenth han-only and
aotenjo requests (tenbou only: the peers have no such methods; they score the same hands
by fu/han). Every figure counts the work a user does: tenbou's include reading each result's
han, fu, total and yaku keys; the peers' include building and reading their result objects.
Inputs for the peers are prebuilt outside the timed region (that favours them). Peers that are
not installed are skipped and named (pip install riichienv mahjong). The last rows: score_many
with two threads against one (results not read: the threads score, the caller reads), and the
C++ core alone on the same hands (tenbou-native, built with CMake unless --no-native).
"""
from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import hand_generator  # noqa: E402
import tenbou  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_riichi import best_rate, native_tool  # noqa: E402

SECONDS = 3.0  # each figure: the best run within this many seconds

KEYS = {"rules": "riichi", "method": "fuhan", "melds": [], "tsumo": False, "seat_wind": "E", "round_wind": "E",
        "riichi": False, "double_riichi": False, "ippatsu": False, "rinshan": False, "chankan": False,
        "haitei": False, "houtei": False, "tenhou": False, "chiihou": False, "renhou": False,
        "dora_indicators": "", "ura_indicators": "", "honba": 0, "riichi_sticks": 0, "options": {"preset": "tenhou"}}


def the_mix(n: int, seed: int = 2026) -> List[Dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for q in hand_generator.generate(n, seed=seed):
        req = dict(KEYS, **q)
        if rng.random() < 0.05 and req["hand"][0] in "12345678":  # an incomplete hand: one digit moved
            moved = dict(req, hand=str(int(req["hand"][0]) + 1) + req["hand"][1:])
            import json

            if json.loads(tenbou.score_json(json.dumps(moved))).get("error", {}).get("code") != "invalid_input":
                req = moved
        roll = rng.random()
        if roll < 0.05:
            req["method"] = "han_only"
        elif roll < 0.10:
            req["method"] = "aotenjo"
        out.append(req)
    return out


def read_tenbou(r: Any) -> Any:
    if not r.ok:
        return r.error["code"]
    return r.han, r.fu, r.total, [y.key for y in r.yaku]


class _Ids:
    """Tenhou tile ids (0-135) for compact notation: red fives are copy 0 of their kind."""

    def __init__(self) -> None:
        self.used: Dict[int, int] = {}

    def take(self, kind: int, red: bool) -> int:
        if red:
            return kind * 4
        n = self.used.get(kind, 0)
        first = 1 if kind in (4, 13, 22) else 0  # plain fives skip the red copy
        self.used[kind] = n + 1
        return kind * 4 + first + n


def kinds_of(text: str) -> List[tuple]:
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        elif ch in "mpsz":
            for d in digits:
                out.append(((4 if d == "0" else int(d) - 1) + 9 * "mpsz".index(ch), d == "0"))
            digits = ""
    return out


def riichienv_inputs(reqs: List[Dict[str, Any]]) -> Optional[List[tuple]]:
    try:
        import riichienv
        from riichienv import _riichienv as rc
    except ImportError:
        return None
    kinds = {"chi": rc.MeldType.Chi, "pon": rc.MeldType.Pon, "kan": rc.MeldType.Daiminkan,
             "kakan": rc.MeldType.Kakan, "ankan": rc.MeldType.Ankan}
    winds = "ESWN"
    out = []
    for q in reqs:
        ids = _Ids()
        hand = [ids.take(k, r) for k, r in kinds_of(q["hand"])]
        melds = []
        for m in q["melds"]:
            kind, tiles = m.split(":")
            melds.append(rc.Meld(kinds[kind], [ids.take(k, r) for k, r in kinds_of(tiles)], kind != "ankan"))
        wk, wr = kinds_of(q["win_tile"])[0] if q.get("win_tile") else kinds_of(q["hand"])[-1]
        win = next(t for t in hand if t // 4 == wk and (t % 4 == 0) == wr or (t // 4 == wk and not wr))
        dora = [ids.take(k, r) for k, r in kinds_of(q["dora_indicators"])]
        ura = [ids.take(k, r) for k, r in kinds_of(q["ura_indicators"])]
        cond = riichienv.Conditions(tsumo=q["tsumo"] or q["tenhou"] or q["chiihou"], riichi=q["riichi"],
                                    double_riichi=q["double_riichi"], ippatsu=q["ippatsu"], haitei=q["haitei"],
                                    houtei=q["houtei"], rinshan=q["rinshan"], chankan=q["chankan"],
                                    tsumo_first_turn=q["tenhou"] or q["chiihou"],
                                    player_wind=winds.index(q["seat_wind"]), round_wind=winds.index(q["round_wind"]),
                                    riichi_sticks=q["riichi_sticks"], honba=q["honba"])
        out.append((sorted(hand), melds, win, dora, cond, ura))
    return out


def native_rate(reqs: List[Dict[str, Any]]) -> Optional[float]:
    """tenbou-native's score_riichi on the same requests (parsed before the clock starts)."""
    import json
    import subprocess
    import tempfile

    try:
        tool = native_tool()
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"skipped: native core ({e})")
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("".join(json.dumps(q) + "\n" for q in reqs))
    try:
        out = subprocess.run([str(tool), "bench", f.name, "3"], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    return float(json.loads(out)["score_hands_per_s"])


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 4000
    reqs = the_mix(n)
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, tenbou {tenbou.__version__}; "
          f"{len(reqs)} hands, {sum(1 for q in reqs if q['method'] != 'fuhan')} han-only/aotenjo")
    rows: List[tuple] = []
    many = best_rate(len(reqs), lambda: [read_tenbou(r) for r in tenbou.score_many(reqs)], SECONDS)
    rows.append(("tenbou.score_many, results read", many))
    one = best_rate(len(reqs), lambda: [read_tenbou(tenbou.score(q)) for q in reqs], SECONDS)
    rows.append(("tenbou.score per hand, results read", one))
    rows.append(("tenbou.score_many, results not read", best_rate(len(reqs), lambda: tenbou.score_many(reqs), SECONDS)))
    peer = None
    inputs = riichienv_inputs(reqs)
    if inputs is None:
        print("skipped: riichienv (pip install riichienv)")
    else:
        import riichienv

        def run_riichienv() -> None:
            for hand, melds, win, dora, cond, ura in inputs:
                r = riichienv.HandEvaluator(hand, melds).calc(win, dora, cond, ura)
                (r.is_win, r.han, r.fu, r.ron_agari, r.tsumo_agari_oya, r.tsumo_agari_ko, list(r.yaku))

        peer = best_rate(len(inputs), run_riichienv, SECONDS)
        rows.append(("riichienv (HandEvaluator(...).calc, read)", peer))
    try:
        from mahjong_oracle import Unrepresentable, score_with_mahjong

        sample = [q for q in reqs[:400] if q["method"] == "fuhan"]

        def run_mahjong() -> None:
            for q in sample:
                try:
                    score_with_mahjong(q)
                except Unrepresentable:
                    pass

        rows.append(("mahjong 2.1.0 (HandCalculator, its result)", best_rate(len(sample), run_mahjong, 2.0)))
    except ImportError:
        print("skipped: mahjong (pip install mahjong; Python 3.10+)")
    one_thread = best_rate(len(reqs), lambda: tenbou.score_many(reqs, threads=1), SECONDS)
    two_threads = best_rate(len(reqs), lambda: tenbou.score_many(reqs, threads=2), SECONDS)
    rows.append(("tenbou.score_many(threads=2), not read", two_threads))
    if "--no-native" not in sys.argv:
        native = native_rate(reqs)
        if native:
            rows.append(("tenbou C++ core alone (tenbou-native)", native))
    width = max(len(r[0]) for r in rows)
    for name, rate in rows:
        ratio = f"  {rate / peer:5.2f}x riichienv" if peer else ""
        print(f"  {name:<{width}}  {rate:>12,.0f} hands/s{ratio}")
    print(f"  score_many threads=2 / threads=1 (not read): {two_threads / one_thread:.2f}x")


if __name__ == "__main__":
    main()
