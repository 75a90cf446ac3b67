"""The JS API (WebAssembly core under Node) beside the native core, on the Riichi benchmark mix.

    python benchmarks/bench_wasm.py [--hands 20000] [--mix peers|tests]

--mix peers (the default) is bench_peers.py's mix (every contract key written out, han-only and
aotenjo requests, failures); --mix tests is tests/hand_generator.py's. Builds wasm/dist with
`bash wasm/build.sh` when it is missing. Nothing is asserted here.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import hand_generator  # noqa: E402
from bench_riichi import native_tool  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--mix", choices=["peers", "tests"], default="peers")
    args = ap.parse_args()
    if not (ROOT / "wasm" / "dist" / "tenbou-core.js").exists():
        subprocess.run(["bash", str(ROOT / "wasm" / "build.sh")], check=True)
    if args.mix == "peers":
        from bench_peers import the_mix

        requests = the_mix(args.hands)
    else:
        requests = hand_generator.generate(args.hands, seed=99)
    text = "\n".join(json.dumps(r) for r in requests) + "\n"
    js = json.loads(subprocess.run(["node", str(ROOT / "tests" / "js" / "harness.mjs"), str(ROOT / "wasm" / "dist"), "bench"],
                                   input=text, capture_output=True, text=True, check=True).stdout)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write(text)
    native = json.loads(subprocess.run([str(native_tool()), "bench", f.name, "2"], capture_output=True, text=True,
                                       check=True).stdout)
    Path(f.name).unlink()
    print(f"{len(requests)} hands of the {'bench_peers.py' if args.mix == 'peers' else 'tests'} mix; one core")
    print(f"  native score_riichi (parsed requests)          {native['score_hands_per_s']:>12,.0f} hands/s")
    print(f"  native, JSON text in and out                   {native['json_hands_per_s']:>12,.0f} hands/s")
    print(f"  JS API scoreMany (WebAssembly, Node)           {js['score_many_per_s']:>12,.0f} hands/s")
    print(f"  JS scoreMany, han/fu/total/yaku keys read      {js['score_many_read_per_s']:>12,.0f} hands/s")
    print(f"  JS API score, one call per hand                {js['score_per_s']:>12,.0f} hands/s")
    print(f"  JS scoreMany: {js['score_many_per_s'] / native['json_hands_per_s']:.2f}x the native JSON path, "
          f"1/{native['score_hands_per_s'] / js['score_many_per_s']:.1f} of native scoring on parsed requests")


if __name__ == "__main__":
    main()
