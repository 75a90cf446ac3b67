"""Riichi scoring speed: tenbou native, tenbou from Python, and the `mahjong` package, in one run.

    python benchmarks/bench_riichi.py [--hands 20000] [--seconds 2]
    python benchmarks/bench_riichi.py --callgrind [--mix real,closed,peers,tests]

The mix is tests/hand_generator.py's (open and closed hands, kans, seven pairs,
thirteen orphans, yakuman shapes, every flag). Prints hands/s and the ratios;
nothing here is asserted (timings never go in tests).

--callgrind prints the native core's instructions a hand instead, on bench_peers.py's mixes
(`real`: the real wins of shared/data/tenhou; `closed`: its closed-majority mix; `peers`: the
earlier releases' mix; `tests`: the mix above): `tenbou-native bench FILE 0` (one pass) under
valgrind, counting only inside `score_riichi` on parsed requests, once on the mix and once on
the mix twice over; the difference over the hands is a hand's instructions, with what runs
once (the decomposition tables, built on first use) cancelled out. These counts do not move
with the machine's load, unlike times.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import hand_generator  # noqa: E402

import tenbou  # noqa: E402


def best_rate(n: int, fn, seconds: float) -> float:
    """Hands per second of the fastest repetition within the time budget."""
    best = float("inf")
    deadline = time.perf_counter() + seconds
    while True:
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
        if time.perf_counter() > deadline:
            return n / best


def native_tool() -> Path:
    env = os.environ.get("TENBOU_NATIVE")
    if env:
        return Path(env)
    build = ROOT / "build" / "native"
    cmake = shutil.which("cmake") or "cmake"
    if not (build / "CMakeCache.txt").exists():
        subprocess.run([cmake, "-S", str(ROOT), "-B", str(build), "-DTENBOU_BUILD_TOOLS=ON", "-DTENBOU_BUILD_PYTHON=OFF",
                        "-DCMAKE_BUILD_TYPE=Release"], check=True, capture_output=True)
    subprocess.run([cmake, "--build", str(build), "-j", "2"], check=True, capture_output=True)
    return build / "cpp" / "tenbou-native"


def callgrind_instructions(tool: Path, requests: list) -> float:
    """score_riichi's instructions a hand on `requests` (see the module's docstring)."""
    totals = []
    with tempfile.TemporaryDirectory() as tmp:
        for copies in (1, 2):
            path = Path(tmp) / f"mix{copies}.jsonl"
            path.write_text("".join(json.dumps(r) + "\n" for r in requests) * copies)
            out = Path(tmp) / f"cg{copies}.out"
            subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                            "--toggle-collect=tenbou::score_riichi(*", str(tool), "bench", str(path), "0"],
                           check=True, capture_output=True)
            summary = next(line for line in out.read_text().splitlines() if line.startswith(("summary:", "totals:")))
            totals.append(int(summary.split()[1]))
        riichi = json.loads(subprocess.run([str(tool), "bench", str(path), "0"], capture_output=True, text=True,
                                           check=True).stdout)["riichi_hands"] // 2
    return (totals[1] - totals[0]) / riichi


def callgrind_main(mixes: str, hands: int) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_peers

    makers = {"real": bench_peers.real_mix, "closed": lambda: bench_peers.closed_mix(hands),
              "peers": lambda: bench_peers.bench_mix(hands), "tests": lambda: hand_generator.generate(hands, seed=99)}
    tool = native_tool()
    print("native score_riichi on parsed requests, instructions a hand (callgrind)")
    for name in mixes.split(","):
        requests = makers[name]()
        print(f"  {name:<7} {len(requests):>6,} requests  {callgrind_instructions(tool, requests):>8,.0f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--mahjong-hands", type=int, default=3000, help="the mahjong package is slow: time a subset")
    ap.add_argument("--callgrind", action="store_true", help="instructions a hand of the native core instead of times")
    ap.add_argument("--mix", default="real,closed,peers", help="with --callgrind: real, closed, peers, tests")
    args = ap.parse_args()
    if args.callgrind:
        callgrind_main(args.mix, 4000 if args.hands == 20000 else args.hands)
        return

    requests = hand_generator.generate(args.hands, seed=99)
    rows = {}

    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(json.dumps(r) for r in requests) + "\n")
        path = f.name
    out = subprocess.run([str(native_tool()), "bench", path, str(args.seconds)], capture_output=True, text=True, check=True)
    native = json.loads(out.stdout)
    os.unlink(path)
    rows["tenbou native (C++ score_riichi)"] = native["score_hands_per_s"]
    rows["tenbou native, JSON text in and out"] = native["json_hands_per_s"]

    rows["tenbou.score_many (Python)"] = best_rate(len(requests), lambda: tenbou.score_many(requests), args.seconds)
    threads = os.cpu_count() or 1
    if threads > 1:  # workers score one chunk while this thread reads the next (README "Speed")
        rows[f"tenbou.score_many(threads={threads})"] = best_rate(
            len(requests), lambda: tenbou.score_many(requests, threads=threads), args.seconds)
    single = requests[:5000]
    rows["tenbou.score, one call per hand"] = best_rate(len(single), lambda: [tenbou.score(r) for r in single], args.seconds)

    try:
        import mahjong_oracle

        subset = []
        for r in requests[: args.mahjong_hands]:
            try:
                mahjong_oracle.score_with_mahjong(r)  # warm and filter what it can express
                subset.append(r)
            except mahjong_oracle.Unrepresentable:
                pass
        # Its time includes our thin request adapter (tile ids, Meld objects), a few percent of the call.
        rows["mahjong package (PyPI), one call per hand"] = best_rate(
            len(subset), lambda: [mahjong_oracle.score_with_mahjong(r) for r in subset], min(args.seconds, 1.0))
    except ImportError:
        print("(the mahjong package is not installed: pip install mahjong==2.1.0 to compare)")

    print(f"Riichi scoring, {len(requests)} generated hands; {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}, one core unless threads= says")
    width = max(len(k) for k in rows)
    for name, rate in rows.items():
        print(f"  {name:<{width}}  {rate:>12,.0f} hands/s")
    native_rate = rows["tenbou native (C++ score_riichi)"]
    print(f"  score_many vs native: {native_rate / rows['tenbou.score_many (Python)']:.2f}x slower")
    if threads > 1:
        print(f"  score_many threads={threads} vs one thread: "
              f"{rows[f'tenbou.score_many(threads={threads})'] / rows['tenbou.score_many (Python)']:.2f}x")
    peer = rows.get("mahjong package (PyPI), one call per hand")
    if peer:
        print(f"  vs the mahjong package: native {native_rate / peer:,.0f}x, score_many {rows['tenbou.score_many (Python)'] / peer:,.0f}x, "
              f"score {rows['tenbou.score, one call per hand'] / peer:,.0f}x faster")
    aotenjo_timings(args.seconds)


def aotenjo_timings(seconds: float) -> None:
    """seed 000's aotenjo: exact amounts at any han (issue bar: a 1,000-han hand well under 1 ms)."""
    seed_103 = {"hand": "33s", "melds": ["ankan:2222s", "ankan:4444s", "ankan:6666s", "ankan:8888s"], "win_tile": "3s",
                "tsumo": True, "riichi": True, "ippatsu": True, "haitei": True, "dora_indicators": "1111s5s",
                "ura_indicators": "555s77s", "method": "aotenjo", "options": {"double_yakuman": True}}
    print("Aotenjo (exact big integers), microseconds per call:")
    for label, fn in [
        ("score seed 000's 103-han hand from tiles", lambda: tenbou.score(seed_103).total),
        ("points(1000 han, 170 fu, dealer tsumo)", lambda: tenbou.points(1000, 170, dealer=True, tsumo=True, method="aotenjo").total),
        ("points(10000 han, 170 fu, dealer tsumo)", lambda: tenbou.points(10000, 170, dealer=True, tsumo=True, method="aotenjo").total),
    ]:
        n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < min(seconds, 1.0):
            fn()
            n += 1
        print(f"  {label:<44} {(time.perf_counter() - start) / n * 1e6:>10.1f} us")


if __name__ == "__main__":
    main()
