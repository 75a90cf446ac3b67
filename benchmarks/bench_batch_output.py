"""Batch output in linear time (issue 28, item 6): every batch front end on N copies of one
request line, N from 8,192 to 1,048,576, with the time per line. Linear output keeps the time
per line flat; the writer that grew its buffer to twice the output so far for every result
(json_writer.hpp before the fix) made it grow with N.

    python benchmarks/bench_batch_output.py [--sizes 8192,65536,1048576] [--fronts c,native,js,node,python]

Front ends: the C ABI's tenbou_score_jsonl (libtenbou.so through ctypes, one call on the whole
text), `tenbou-native score` (stdin to a file), JS scoreLines (one call, in Node), the Node CLI
and the Python CLI (`score --jsonl`). Needs build/native (cmake -DTENBOU_BUILD_TOOLS=ON, as the
tests build it) and, for the JS rows, wasm/dist (bash wasm/build.sh). CPU time, not wall time (the
process's own for the C ABI and JS, the child's for the commands): best of 3 (1 for 1M lines).
"""
from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Dict, List

ROOT = Path(__file__).resolve().parent.parent
NATIVE = ROOT / "build" / "native" / "cpp"
DIST = ROOT / "wasm" / "dist"
LINES = {
    "hand": json.dumps({"hand": "234567m234p55s678s", "win_tile": "5m", "riichi": True, "seat_wind": "S",
                        "tsumo": True, "dora_indicators": "4m"}, separators=(",", ":")),
    "{}": "{}",  # a short failure each (the tenbou-native case)
}
JS_LINES = """
const t = await import(process.argv[1]);
const n = Number(process.argv[3]);
const lines = new Array(n).fill(process.argv[2]);
const t0 = process.cpuUsage();
const out = t.scoreLines(lines);
const used = process.cpuUsage(t0);
const s = (used.user + used.system) / 1e6;
if (out.length !== n) throw new Error("wrong count");
process.stdout.write(String(s));
"""


def best(fn: Callable[[], float], runs: int) -> float:
    return min(fn() for _ in range(runs))


def c_abi(text: bytes, n: int) -> float:
    lib = ctypes.CDLL(str(NATIVE / "libtenbou.so"))
    lib.tenbou_score_jsonl.restype = ctypes.c_void_p
    lib.tenbou_score_jsonl.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]
    lib.tenbou_free.argtypes = [ctypes.c_void_p]
    size = ctypes.c_size_t()
    t0 = time.process_time()
    out = lib.tenbou_score_jsonl(text, len(text), ctypes.byref(size))
    s = time.process_time() - t0
    lib.tenbou_free(out)
    return s


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def command(cmd: List[str], path: Path) -> float:
    with open(path, "rb") as src, tempfile.TemporaryFile() as sink:
        t0 = children_cpu()
        subprocess.run(cmd, stdin=src, stdout=sink, check=True)
        return children_cpu() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="8192,65536,262144,1048576")
    ap.add_argument("--fronts", default="c,native,js,node,python")
    ap.add_argument("--lines", default="hand,{}")
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    fronts = args.fronts.split(",")
    print(f"machine: {os.cpu_count()} cores; python {sys.version.split()[0]}")
    runners: Dict[str, Callable[[Path, bytes, str, int], float]] = {}
    if "c" in fronts and (NATIVE / "libtenbou.so").exists():
        runners["C ABI score_jsonl"] = lambda p, text, line, n: c_abi(text, n)
    if "native" in fronts and (NATIVE / "tenbou-native").exists():
        runners["tenbou-native"] = lambda p, text, line, n: command([str(NATIVE / "tenbou-native"), "score"], p)
    if "js" in fronts and (DIST / "tenbou.mjs").exists():
        runners["JS scoreLines"] = lambda p, text, line, n: float(subprocess.run(
            ["node", "--input-type=module", "-e", JS_LINES, (DIST / "tenbou.mjs").as_uri(), line, str(n)],
            capture_output=True, text=True, check=True).stdout)
    if "node" in fronts and (DIST / "tenbou-cli.mjs").exists():
        runners["Node CLI"] = lambda p, text, line, n: command(["node", str(DIST / "tenbou-cli.mjs"), "score", "--jsonl"], p)
    if "python" in fronts:
        runners["Python CLI"] = lambda p, text, line, n: command([sys.executable, "-m", "tenbou.cli", "score", "--jsonl"], p)
    with tempfile.TemporaryDirectory() as tmp:
        for kind in args.lines.split(","):
            line = LINES[kind]
            print(f"\nlines {line[:40]!r}: CPU seconds (user + system: the machine may be shared; best of 3,"
                  f" 1 past 300k lines), microseconds per line")
            print(f"  {'front end':<18}" + "".join(f"{n:>22,}" for n in sizes))
            for label, run in runners.items():
                cells = []
                for n in sizes:
                    text = (line + "\n").encode() * n
                    path = Path(tmp, "lines.jsonl")
                    path.write_bytes(text)
                    s = best(lambda: run(path, text, line, n), 1 if n > 300_000 else 3)
                    cells.append(f"{s:9.3f} s {1e6 * s / n:7.3f} us")
                    del text
                print(f"  {label:<18}" + "".join(f"{c:>22}" for c in cells), flush=True)


if __name__ == "__main__":
    main()
