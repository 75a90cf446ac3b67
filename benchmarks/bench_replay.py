"""The records core (issue 24): replay + score + settle + compare of the 999 real Tenhou games.

1. natively, on one core: `tenbou-native bench-replay` (the files read into memory first, each
   replayed by a tenbou::Replay with the check output: every hand tracked, every win scored from
   the tracked hand, every hand end settled and compared); the bar is 5,000 games/s. Figures in
   games per second of wall time and per second of the process's CPU time (the machine is shared:
   the CPU figure is the one core's speed);
2. through Python, in-process, CPU time, best of 3: `_core.Replay` (check lines), tenbou.mjlog's
   hand ends (the hand-end lines parsed into settlement requests) and `tenbou mjlog --settle --check`;
3. peak memory of a process replaying a 64 MiB log fed in 64 KiB pieces (VmHWM).

    python benchmarks/bench_replay.py [--seconds 3] [--skip-python] [--skip-memory]
"""
from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, List

ROOT = Path(__file__).resolve().parent.parent


def real_games() -> List[Path]:
    shared = Path(os.environ.get("TENBOU_SHARED", ROOT.parent / "shared"))
    files = sorted((shared / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    if len(files) != 999:
        sys.exit(f"the 999 real games not found under {shared} (set TENBOU_SHARED)")
    return files


def native_tool() -> Path:
    """tenbou-native built in build/native (as tests/conftest.py builds it), or $TENBOU_NATIVE."""
    if os.environ.get("TENBOU_NATIVE"):
        return Path(os.environ["TENBOU_NATIVE"])
    cmake = shutil.which("cmake") or sys.exit("cmake is needed to build tenbou-native")
    build = ROOT / "build" / "native"
    if not (build / "CMakeCache.txt").exists():
        subprocess.run([cmake, "-S", str(ROOT), "-B", str(build), "-DTENBOU_BUILD_TOOLS=ON", "-DTENBOU_BUILD_PYTHON=OFF",
                        "-DCMAKE_BUILD_TYPE=Release"], check=True, capture_output=True)
    subprocess.run([cmake, "--build", str(build), "-j", "2", "--target", "tenbou-native"], check=True, capture_output=True)
    return build / "cpp" / "tenbou-native"


def best_of(n: int, run: Callable[[], object]) -> float:
    """The least CPU time of n runs."""
    best = float("inf")
    for _ in range(n):
        t = time.process_time()
        run()
        best = min(best, time.process_time() - t)
    return best


def native(files: List[Path], seconds: float) -> None:
    out = subprocess.run([str(native_tool()), "bench-replay", str(seconds), *map(str, files)], capture_output=True, text=True,
                         check=True).stdout
    r = json.loads(out)
    print(f"  tenbou-native bench-replay: {r['games_per_cpu_second']:7.0f} games per CPU second on one core "
          f"({r['games_per_second']:.0f} per wall second; {r['mb_per_cpu_second']:.0f} MB/s; {r['games']} games, "
          f"{r['hands_agree']} of {r['hands']} hands agree, {r['wins']} wins)")


def python(files: List[Path]) -> None:
    from tenbou import _core, cli, mjlog

    data = [(f.name, f.read_bytes()) for f in files]

    def core() -> None:
        for name, d in data:
            r = _core.Replay(format="mjlog", output="check", source=name)
            r.feed(d)
            r.finish()

    def hand_ends() -> None:
        for f in files:
            for _ in mjlog.hand_ends_from_file(f):
                pass

    for label, run in (("_core.Replay, check lines", core), ("tenbou.mjlog.hand_ends_from_file", hand_ends),
                       ("tenbou mjlog --settle --check", lambda: cli.main(["mjlog", *map(str, files), "--settle", "--check"],
                                                                           out=io.StringIO()))):
        seconds = best_of(3, run)
        print(f"  {label:<34} {len(files) / seconds:7.0f} games/s ({seconds:.2f} s CPU)")


def memory() -> None:
    code = (
        "import re, tenbou._core as c\n"
        "r = c.Replay(format='mjlog', output='check')\n"
        "r.feed(b'<mjloggm ver=\"2.3\"><GO type=\"169\"/><INIT seed=\"0,0,0,1,2,3\" oya=\"0\"/>')\n"
        "piece = b'<REACH who=\"0\" step=\"1\"/>' * 2600\n"
        "n = 0\n"
        "while n + len(piece) < (64 << 20) - 1000:\n"
        "    r.feed(piece); n += len(piece)\n"
        "r.feed(b'<RYUUKYOKU ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\"/></mjloggm>')\n"
        "r.finish()\n"
        "print(n, re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read())[1])\n")
    t = time.perf_counter()
    size, peak = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    print(f"  a {int(size) / 2**20:.1f} MiB log of <REACH/> events fed in 64 KiB pieces: peak {int(peak) / 1024:.0f} MB "
          f"({time.perf_counter() - t:.1f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="native run length (default 3)")
    ap.add_argument("--skip-python", action="store_true")
    ap.add_argument("--skip-memory", action="store_true")
    args = ap.parse_args()
    files = real_games()
    print("Natively (replay + score + settle + compare; bar 5,000 games/s on one core):")
    native(files, args.seconds)
    if not args.skip_python:
        print("Through Python (in-process, CPU time, best of 3):")
        python(files)
    if not args.skip_memory and Path("/proc/self/status").exists():
        print("Memory:")
        memory()


if __name__ == "__main__":
    main()
