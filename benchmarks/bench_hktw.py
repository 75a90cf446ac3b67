"""Hong Kong-Taiwan scoring speed (seed 002): tenbou native and from Python, in one run.

    python benchmarks/bench_hktw.py [--hands 20000] [--seconds 2]

The mix is tests/hktw_generator.py's complete 17-tile hands: every shape (5 sets + pair
with 0-5 melds, seven pairs + pung, thirteen orphans + a set, sixteen unrelated tiles,
knitted straights), random flowers, winds, ron or tsumo. Each hand also computes the
wait set of its 16 tiles before the win (독독/가독 need it): 34 completeness tests.
No Hong Kong-Taiwan peer library is on PyPI to compare with; bench_riichi.py's figures
are the reference. Nothing here is asserted (timings never go in tests).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import hktw_generator  # noqa: E402
from bench_riichi import best_rate, native_tool  # noqa: E402

import tenbou  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    requests = hktw_generator.requests(args.hands, seed=99)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(json.dumps(r, ensure_ascii=False) for r in requests) + "\n")
        path = f.name
    out = subprocess.run([str(native_tool()), "bench", path, str(args.seconds)], capture_output=True, text=True, check=True)
    os.unlink(path)
    native = json.loads(out.stdout)
    rows = {
        "tenbou native score_hktw (parsed requests)": native["score_hands_per_s"],
        "tenbou native, JSON text in and out": native["json_hands_per_s"],
        "tenbou.score_many (Python)": best_rate(len(requests), lambda: tenbou.score_many(requests), args.seconds),
    }
    single = requests[:5000]
    rows["tenbou.score, one call per hand"] = best_rate(len(single), lambda: [tenbou.score(r) for r in single],
                                                        args.seconds)
    print(f"{len(requests)} Hong Kong-Taiwan hands")
    for name, rate in rows.items():
        print(f"  {name:<52} {rate:>12,.0f} hands/s")


if __name__ == "__main__":
    main()
