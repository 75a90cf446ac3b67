"""Korean scoring speed (seed 004): tenbou native and from Python, in one run.

    python benchmarks/bench_korean.py [--hands 20000] [--seconds 2]

The mix is tests/korean_generator.py's (all three variants, pon and kans, seven pairs,
flowers, declarations, first-turn wins, house options). No Korean peer library is on
PyPI to compare with; the Riichi figures of bench_riichi.py are the reference. Hands
that declare 엎어/불러 cost more: the declaration is checked on every winning tile.
Nothing here is asserted (timings never go in tests).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import korean_generator  # noqa: E402
from bench_riichi import best_rate, native_tool  # noqa: E402

import tenbou  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    requests = korean_generator.generate(args.hands, seed=99)
    declared = [r for r in requests if r.get("riichi", "none") != "none"]
    plain = [r for r in requests if r.get("riichi", "none") == "none"]
    rows = {}
    for label, batch in [("mix", requests), ("no declaration", plain), ("엎어/불러 declared", declared)]:
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
            f.write("\n".join(json.dumps(r, ensure_ascii=False) for r in batch) + "\n")
            path = f.name
        import subprocess

        out = subprocess.run([str(native_tool()), "bench", path, str(args.seconds)], capture_output=True, text=True,
                             check=True)
        os.unlink(path)
        native = json.loads(out.stdout)
        rows[f"tenbou native score_korean, {label}"] = native["score_hands_per_s"]
        rows[f"tenbou.score_many (Python), {label}"] = best_rate(len(batch), lambda b=batch: tenbou.score_many(b),
                                                                 args.seconds)
    single = requests[:5000]
    rows["tenbou.score, one call per hand, mix"] = best_rate(len(single), lambda: [tenbou.score(r) for r in single],
                                                              args.seconds)
    print(f"{len(requests)} Korean hands ({len(declared)} with a declaration)")
    for name, rate in rows.items():
        print(f"  {name:<52} {rate:>12,.0f} hands/s")


if __name__ == "__main__":
    main()
