"""What to discard, by value (issue 27): native time of a whole `discards` answer with "ev"
(every discard of a 14-tile hand, 17 draws, objective score) for ready, 1-, 2- and
3-shanten hands, beside the answer without "ev" and the published figures of two peers.

    python benchmarks/bench_ev.py [--hands 8] [--reps 20] [--turns 17] [--seed 1] [--answers FILE]

--answers FILE: also write every bench hand's whole answer (objectives score and win) as JSON,
to show that a change to the search leaves every reported value as it was (diff two files).
--callgrind: also count the instructions of one answer (valgrind's callgrind, the answer
alone): unlike times, the counts repeat exactly on a busy shared machine.

Hands: complete hands of tests/hand_generator.py with 1 to 4 tiles replaced by random ones,
kept by their shanten after the best discard (closed hands, four-player). Times are CPU time
of the native tool (tests/cpp/ev_sim.cpp --bench, built with TENBOU_BUILD_TOOLS), so a busy
machine inflates them less than wall time. Nothing is asserted here.

Published figures (their machines, their models; not measured here):
- mahjong-cpp's expected-score calculator: about 18 ms and 3,400 states for a 1-shanten hand.
- RiichiEnv's single-player probability oracles (Apple M3): about 18 us tenpai, 21 us
  1-shanten, 129 us 2-shanten, 6.7 ms 3-shanten.
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import hand_generator  # noqa: E402
from bench_riichi import native_tool  # noqa: E402

import tenbou  # noqa: E402

NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
TARGET_US = {0: 50, 1: 1_000, 2: 20_000, 3: 500_000}
PEERS = {0: "RiichiEnv 18 us", 1: "RiichiEnv 21 us; mahjong-cpp ~18 ms", 2: "RiichiEnv 129 us", 3: "RiichiEnv 6.7 ms"}


def kinds_of(hand: str):
    out, digits = [], ""
    for ch in hand:
        if ch.isdigit():
            digits += ch
        else:
            out += [NAMES.index(("5" if d == "0" else d) + ch) if ch != "z" else 27 + int(d) - 1 for d in digits]
            digits = ""
    return out


def hands_by_shanten(n: int, seed: int):
    rng = random.Random(seed)
    found = {0: [], 1: [], 2: [], 3: []}
    pool = [h for h in hand_generator.generate(4000, seed=seed) if not h.get("melds")]
    rng.shuffle(pool)
    for req in pool:
        if all(len(v) >= n for v in found.values()):
            break
        kinds = kinds_of(req["hand"])
        if len(kinds) != 14:
            continue
        for _ in range(rng.randint(1, 4)):
            kinds[rng.randrange(14)] = rng.randrange(34)
        if any(kinds.count(k) > 4 for k in kinds):
            continue
        hand = "".join(NAMES[k] for k in sorted(kinds))
        got = tenbou.discards({"hand": hand})
        s = got["shanten"]
        if s in found and len(found[s]) < n:
            found[s].append(hand)
    return found


def bench(tool: Path, request: dict, reps: int) -> dict:
    out = subprocess.run([str(tool), "--bench", json.dumps(request), str(reps)], capture_output=True, text=True)
    return json.loads(out.stdout)


def instructions(tool: Path, request: dict) -> float:
    """Instructions of one whole answer under callgrind (two answers counted, halved)."""
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          "--toggle-collect=tenbou::discards_json*", str(tool), "--bench", json.dumps(request), "1"],
                         capture_output=True, text=True)
    refs = re.search(r"refs:\s+([\d,]+)", out.stderr)
    return int(refs.group(1).replace(",", "")) / 2 if refs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=8)
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--turns", type=int, default=17)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--answers", type=Path, help="write every bench hand's answers here (JSON)")
    ap.add_argument("--callgrind", action="store_true", help="also count instructions an answer (valgrind)")
    args = ap.parse_args()
    tool = native_tool().parent / "tenbou-ev-sim"
    by_shanten = hands_by_shanten(args.hands, args.seed)
    if args.answers:
        answers = {}
        for hands in by_shanten.values():
            for hand in hands:
                for objective in ("score", "win"):
                    request = {"hand": hand, "ev": {"turns": args.turns, "objective": objective, "max_states": 50_000_000}}
                    out = subprocess.run([str(tool), "--answer", json.dumps(request)], capture_output=True, text=True)
                    answers[f"{hand} {objective}"] = json.loads(out.stdout)
        args.answers.write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")
    print(f"machine: {platform.machine()}, {platform.processor() or platform.platform()}; CPU time, native")
    instr_head = f"{'instr med':>11}{'instr max':>11}" if args.callgrind else ""
    print(f"{'hands':<12}{'n':>3}{'median':>12}{'max':>12}{'no ev':>10}{'states':>10}{instr_head}  target      peers (published)")
    for s, hands in by_shanten.items():
        if not hands:
            continue
        times, plain, states, instr = [], [], [], []
        for hand in hands:
            reps = args.reps if s < 3 else max(1, args.reps // 10)
            got = bench(tool, {"hand": hand, "ev": {"turns": args.turns, "max_states": 50_000_000}}, reps)
            if "us" not in got:
                print(f"  {hand}: {got}")
                continue
            times.append(got["us"])
            states.append(got["states"])
            plain.append(bench(tool, {"hand": hand}, args.reps)["us"])
            if args.callgrind:
                instr.append(instructions(tool, {"hand": hand, "ev": {"turns": args.turns, "max_states": 50_000_000}}))
        label = "tenpai" if s == 0 else f"{s}-shanten"
        fmt = lambda us: f"{us / 1000:.2f} ms" if us >= 1000 else f"{us:.0f} us"  # noqa: E731
        print(f"{label:<12}{len(times):>3}{fmt(statistics.median(times)):>12}{fmt(max(times)):>12}"
              f"{fmt(statistics.median(plain)):>10}{int(statistics.median(states)):>10}"
              + (f"{statistics.median(instr) / 1e6:>10.2f}M{max(instr) / 1e6:>10.2f}M" if instr else "") + "  "
              f"< {fmt(TARGET_US[s]):<10} {PEERS[s]}")


if __name__ == "__main__":
    main()
