"""Before the win: shanten and waits speed, tenbou native and from Python, and the `mahjong`
package's shanten, in one run.

    python benchmarks/bench_waits.py [--hands 20000] [--seconds 2]

Shanten runs on random 13-tile hands drawn from a full wall (some with pons); waits on
ready hands (the generated winning hands of tests/hand_generator.py minus their winning
tile), each winning tile scored by ron and by tsumo; discards on complete real 14-tile hands
(the real wins of shared/data/tenhou as `tenbou mjlog` writes them, without win_tile and
tsumo: every distinct discard analysed, the ready ones with every wait scored twice).
tenbou.waits keeps the core's answer and makes its dicts on the first read of a list or a
result (measured unread, with every wait's results read, and as a whole dict); tenbou.discards
keeps the core's answer too, its discards, waits and results mappings made when read (measured
unread, read as a player reads it: read_discards, and as a whole dict); _core.discards, which
builds the whole answer as dicts (what tenbou.discards returned before), is measured beside it,
kept, read, and dropped at once (the garbage collector's passes over ~440 kept containers an
answer were most of a kept call's time); json.loads of the same answers' JSON text shows what
CPython itself takes to make those objects; the Json-tree paths (_core._waits_via_json,
_core._discards_via_json) last.
Nothing is asserted here.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import hand_generator  # noqa: E402
from bench_riichi import native_tool  # noqa: E402
from test_waits import before_win, compact, random_hands  # noqa: E402

import tenbou  # noqa: E402
from tenbou import _core  # noqa: E402


def best_rate(n: int, fn, seconds: float) -> float:
    """Calls per second of the fastest repetition within the time budget, in this process's CPU
    time (the machine may be shared: the wall clock would count the others' work too)."""
    best = float("inf")
    deadline = time.perf_counter() + seconds
    while True:
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
        if time.perf_counter() > deadline:
            return n / best


def complete_real_hands(n: int) -> list:
    """Complete 14-tile hands of real games: the first n real wins without win_tile and tsumo."""
    from tenbou import mjlog

    shared = Path(os.environ.get("TENBOU_SHARED", ROOT.parent / "shared"))
    out = []
    for path in sorted((shared / "data" / "tenhou" / "mjlog").glob("*.mjlog")):
        for w in mjlog.wins_from_file(path):
            out.append({k: v for k, v in w.request.items() if k not in ("win_tile", "tsumo")})
            if len(out) == n:
                return out
    if not out:
        sys.exit(f"no games in {shared}/data/tenhou/mjlog (set TENBOU_SHARED)")
    return out


def read_discards(answer) -> int:
    """What a player reads of a discards answer: each discard in order with its tile, shanten,
    useful tiles (how many, and their unseen copies), and for a ready one each wait's tile with
    its ron and tsumo totals (where the result is ok)."""
    n = 0
    for d in answer["discards"]:
        tile, shanten = d["tile"], d["shanten"]
        n += len(d["ukeire"]) + d["ukeire_unseen"] + len(tile)
        if shanten == 0:
            for w in d["waits"]:
                ron, tsumo = w["ron"], w["tsumo"]
                n += len(w["tile"]) + (ron["total"] if ron["ok"] else 0) + (tsumo["total"] if tsumo["ok"] else 0)
    return n


def native(path_lines, seconds, command="bench-waits"):
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(path_lines) + "\n")
        path = f.name
    out = subprocess.run([str(native_tool()), command, path, str(seconds)], capture_output=True, text=True, check=True)
    os.unlink(path)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    random_reqs = [{"hand": compact(c), "melds": m} for c, m in random_hands(args.hands, seed=1)]
    ready = [before_win(r) for r in hand_generator.generate(args.hands, seed=5) if "win_tile" in r]
    rows = {}
    n1 = native([json.dumps(r) for r in random_reqs], args.seconds)
    n2 = native([json.dumps(r) for r in ready], args.seconds)
    rows["native shanten (all forms), random hands"] = n1["shanten_hands_per_s"]
    rows["native waits with scores, ready hands"] = n2["waits_hands_per_s"]
    rows["native waits, JSON in and out, ready hands"] = n2["waits_json_hands_per_s"]
    sample = random_reqs[:5000]
    rows["tenbou.shanten (Python), one call per hand"] = best_rate(len(sample), lambda: [tenbou.shanten(r) for r in sample],
                                                                 args.seconds)
    ready_sample = ready[:3000]
    rows["tenbou.waits (Python), one call per ready hand"] = best_rate(
        len(ready_sample), lambda: [tenbou.waits(r) for r in ready_sample], args.seconds)
    rows["  the same, every wait's ron and tsumo Result read"] = best_rate(
        len(ready_sample), lambda: [[(w.ron.ok, w.tsumo.ok) for w in tenbou.waits(r).waits] for r in ready_sample],
        args.seconds)
    rows["  the same, the whole answer as dicts (as_dict)"] = best_rate(
        len(ready_sample), lambda: [tenbou.waits(r).as_dict() for r in ready_sample], args.seconds)
    complete = complete_real_hands(1000)
    n3 = native([json.dumps(r) for r in complete], args.seconds, "bench-discards")
    rows["native discards (answer as data), complete real hands"] = n3["discards_hands_per_s"]
    rows["native discards, JSON answer, complete real hands"] = n3["discards_json_hands_per_s"]
    # tenbou.discards keeps the core's answer (views made when read); _core.discards makes the
    # whole answer as dicts, as tenbou.discards did before: both kept, unread and read as a player reads.
    rows["tenbou.discards (Python), complete real hands"] = best_rate(
        len(complete), lambda: [tenbou.discards(r) for r in complete], args.seconds)
    rows["  the same, read as a player reads it"] = best_rate(
        len(complete), lambda: [(a, read_discards(a)) for a in [tenbou.discards(r) for r in complete]], args.seconds)
    rows["  the same, each answer as dicts (as_dict)"] = best_rate(
        len(complete), lambda: [tenbou.discards(r).as_dict() for r in complete], args.seconds)
    rows["  all as dicts (_core.discards: the answer before)"] = best_rate(
        len(complete), lambda: [_core.discards(r) for r in complete], args.seconds)
    rows["  all as dicts, read as a player reads it"] = best_rate(
        len(complete), lambda: [(a, read_discards(a)) for a in [_core.discards(r) for r in complete]], args.seconds)
    rows["  all as dicts, each answer dropped at once"] = best_rate(
        len(complete), lambda: [_core.discards(r) and None for r in complete], args.seconds)
    texts = [json.dumps(_core.discards(r)) for r in complete]
    rows["  json.loads of the same answers (CPython's objects)"] = best_rate(
        len(texts), lambda: [json.loads(t) for t in texts], args.seconds)
    if hasattr(_core, "_discards_via_json"):  # the Json-tree path, for comparison
        rows["  the same through Json trees (_waits_via_json)"] = best_rate(
            len(ready_sample), lambda: [_core._waits_via_json(r) for r in ready_sample], args.seconds)
        rows["  the same through Json trees (_discards_via_json)"] = best_rate(
            len(complete), lambda: [_core._discards_via_json(r) for r in complete], args.seconds)
    try:
        from mahjong.shanten import Shanten

        counts = [c for c, _ in random_hands(3000, seed=1)]
        oracle = Shanten()
        rows["mahjong package shanten, one call per hand"] = best_rate(
            len(counts), lambda: [oracle.calculate_shanten(c) for c in counts], args.seconds)
    except ImportError:
        pass
    print(f"{len(random_reqs)} random hands, {len(ready)} ready hands, {len(complete)} complete real hands; one core"
          " (native: wall clock; Python: CPU time)")
    for name, rate in rows.items():
        print(f"  {name:<50} {rate:>12,.0f} hands/s")
    if "mahjong package shanten, one call per hand" in rows:
        m = rows["mahjong package shanten, one call per hand"]
        print(f"  native shanten vs the mahjong package: {rows['native shanten (all forms), random hands'] / m:,.0f}x; "
              f"tenbou.shanten from Python: {rows['tenbou.shanten (Python), one call per hand'] / m:,.1f}x")


if __name__ == "__main__":
    main()
