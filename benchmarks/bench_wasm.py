"""The JS API (WebAssembly core under Node) beside the native core, on several mixes in one run.

    python benchmarks/bench_wasm.py [--hands 20000] [--mix wins,peers,tests] [--seconds 3]

Mixes: `wins`, the real wins of shared/data/tenhou as `tenbou mjlog` writes them
(python/tenbou/mjlog.py; four- and three-player); `peers`, bench_peers.py's generated mix (every
contract key written out, han-only and aotenjo requests, failures); `tests`, tests/hand_generator.py's.
Per mix: native scoring on parsed requests and through JSON text, the JS `scoreMany` (lazy, with
han/fu/total/yaku read, and with every result decoded by at()), `scoreColumns` with the same read
from its typed arrays (the requests laid out as columns the way a caller holding columns would:
benchmarks/bench_wasm.mjs), and `score` one call per hand. Builds wasm/dist with `bash
wasm/build.sh` when it is missing.
Nothing is asserted here.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import hand_generator  # noqa: E402
from bench_riichi import native_tool  # noqa: E402


def real_wins() -> List[Dict[str, Any]]:
    from tenbou import mjlog

    shared = Path(os.environ.get("TENBOU_SHARED", ROOT.parent / "shared"))
    files = sorted((shared / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    if not files:
        sys.exit(f"no games in {shared}/data/tenhou/mjlog (set TENBOU_SHARED)")
    return [w.request for f in files for w in mjlog.wins_from_file(f)]


def mix(name: str, hands: int) -> List[Dict[str, Any]]:
    if name == "wins":
        return real_wins()
    if name == "peers":
        from bench_peers import the_mix

        return the_mix(hands)
    return hand_generator.generate(hands, seed=99)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20000, help="hands of the generated mixes")
    ap.add_argument("--mix", default="wins,peers", help="comma-separated: wins, peers, tests")
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement (best run kept)")
    args = ap.parse_args()
    if not (ROOT / "wasm" / "dist" / "tenbou-core.js").exists():
        subprocess.run(["bash", str(ROOT / "wasm" / "build.sh")], check=True)
    names = {"wins": "real wins of shared/data/tenhou", "peers": "bench_peers.py's mix", "tests": "the tests' mix"}
    print("one core; hands/s, best run (native: wall clock; JS: the Node process's CPU time)")
    for name in args.mix.split(","):
        requests = mix(name, args.hands)
        text = "\n".join(json.dumps(r) for r in requests) + "\n"
        js = json.loads(subprocess.run(["node", str(ROOT / "benchmarks" / "bench_wasm.mjs"), str(ROOT / "wasm" / "dist"),
                                        str(args.seconds)], input=text, capture_output=True, text=True, check=True).stdout)
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
            f.write(text)
        native = json.loads(subprocess.run([str(native_tool()), "bench", f.name, str(args.seconds)], capture_output=True,
                                           text=True, check=True).stdout)
        Path(f.name).unlink()
        print(f"{len(requests)} hands: {names[name]}")
        print(f"  native score_riichi (parsed requests)          {native['score_hands_per_s']:>12,.0f}")
        print(f"  native, JSON text in and out                   {native['json_hands_per_s']:>12,.0f}")
        print(f"  JS scoreColumns, han/fu/total/yaku read        {js['score_columns_read_per_s']:>12,.0f}")
        print(f"  JS scoreMany (lazy)                            {js['score_many_per_s']:>12,.0f}")
        print(f"  JS scoreMany, han/fu/total/yaku keys read      {js['score_many_read_per_s']:>12,.0f}")
        if "score_many_decoded_per_s" in js:
            print(f"  JS scoreMany, every result decoded (at)        {js['score_many_decoded_per_s']:>12,.0f}")
        print(f"  JS score, one call per hand                    {js['score_per_s']:>12,.0f}")
        print(f"  scoreColumns read: {js['score_columns_read_per_s'] / js['score_many_read_per_s']:.2f}x scoreMany read, "
              f"{js['score_columns_read_per_s'] / native['json_hands_per_s']:.2f}x the native JSON path")


if __name__ == "__main__":
    main()
