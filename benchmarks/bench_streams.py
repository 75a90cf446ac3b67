"""Hostile input and huge streams (README "Input contract"): time of 100,000- and 1,000,000-key
JSON objects through every front end (the ratio shows linear time), and peak memory of both
CLIs over 3,000,000 request lines with a fast and a slow reader.

    python benchmarks/bench_streams.py            (needs the wasm build for the Node rows: bash wasm/build.sh)
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tenbou

ROOT = Path(__file__).resolve().parent.parent
NODE_CLI = ROOT / "wasm" / "dist" / "tenbou-cli.mjs"
LINE = json.dumps({"hand": "234567m234p55s678s", "win_tile": "5m", "riichi": True, "seat_wind": "S", "tsumo": True,
                   "dora_indicators": "4m"}) + "\n"
SLOW_READER = ("import sys, time\nr = sys.stdin.buffer\nwhile r.read(65536):\n    time.sleep(0.001)\n")
MEASURE = ("import resource, subprocess, sys\n"
           "cmd = sys.argv[1:]\n"
           "with open(cmd.pop(0), 'rb') as src:\n"
           "    slow = cmd.pop(0) == 'slow'\n"
           "    sink = subprocess.Popen([sys.executable, '-c', " + repr(SLOW_READER) + "], stdin=subprocess.PIPE)"
           " if slow else None\n"
           "    subprocess.run(cmd, stdin=src, stdout=sink.stdin if sink else subprocess.DEVNULL)\n"
           "    if sink: sink.stdin.close(); sink.wait()\n"
           "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")


def timed(fn, runs: int = 5) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def keys_object(n: int) -> str:
    return "{" + ",".join(f'"k{i}":1' for i in range(n)) + "}"


def main() -> None:
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}")
    small, large = keys_object(100_000), keys_object(1_000_000)
    rows = [("score_json", lambda t: tenbou.score_json(t))]
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in (("small", small), ("large", large)):
            Path(tmp, name).write_text(text + "\n")
        clis = [("python CLI", [sys.executable, "-m", "tenbou.cli", "score", "--jsonl"])]
        if NODE_CLI.exists():
            clis.append(("node CLI", ["node", str(NODE_CLI), "score", "--jsonl"]))
        for label, cmd in clis:
            rows.append((label, lambda t, cmd=cmd: subprocess.run(cmd, input=t.encode() + b"\n", capture_output=True)))
        print("JSON objects of 100,000 and 1,000,000 keys (1.1 MB and 12 MB): best of 5, seconds, ratio")
        for label, fn in rows:
            a, b = timed(lambda: fn(small)), timed(lambda: fn(large))
            print(f"  {label:<12} {a:8.3f} {b:8.3f}   x{b / a:.1f}")
        data = Path(tmp, "lines.jsonl")
        with open(data, "w") as f:
            for _ in range(3_000_000):
                f.write(LINE)
        print("3,000,000 request lines through --jsonl: peak memory (MB) and seconds")
        for label, cmd in clis:
            for reader in ("fast", "slow"):
                t0 = time.perf_counter()
                out = subprocess.run([sys.executable, "-c", MEASURE, str(data), reader, *cmd],
                                     capture_output=True, text=True, check=True)
                print(f"  {label:<12} {reader} reader: {int(out.stdout) / 1024:6.1f} MB  {time.perf_counter() - t0:6.1f} s")


if __name__ == "__main__":
    main()
