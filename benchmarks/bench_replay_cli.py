"""`tenbou replay` (docs/records.md): speed on the 999 real games of shared/data/tenhou through the
command line, and memory on a 60 MiB log.

1. games/s of `tenbou replay` in-process (CPU time, best of three) for each output (hand-end lines
   with requests and results, --settle, --check, --settle --check) and each way in (the files
   named, their directory, a .tar.gz and a .zip of them);
2. `tenbou replay --settle --check DIR` as a user runs it, in a subprocess: CPU time (user + sys of
   the child, interpreter start included) and wall time (the machine is shared: wall varies);
3. peak RSS and CPU time of `--settle --check` and of the hand-end lines on one 60 MiB mjlog
   (a real game's hands repeated; gzip-compressed and plain).

    python benchmarks/bench_replay_cli.py [--skip-big]
"""
from __future__ import annotations

import argparse
import gzip
import io
import os
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Callable, List, Tuple

ROOT = Path(__file__).resolve().parent.parent

from tenbou import cli  # noqa: E402


def real_games() -> List[Path]:
    shared = Path(os.environ.get("TENBOU_SHARED", ROOT.parent / "shared"))
    files = sorted((shared / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    if len(files) != 999:
        sys.exit(f"the 999 real games not found under {shared} (set TENBOU_SHARED)")
    return files


def best_of(n: int, run: Callable[[], object]) -> float:
    """The least CPU time of n runs (CPU, not wall, time: the machine is shared)."""
    best = float("inf")
    for _ in range(n):
        t = time.process_time()
        run()
        best = min(best, time.process_time() - t)
    return best


# A small interpreter runs the command and reports its usage: a child's peak RSS counts the memory
# of the process that started it (it is kept across exec), and this one holds a 60 MiB log.
_RUN = ("import resource, subprocess, sys, time\n"
        "t = time.perf_counter()\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
        "r = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(r.ru_utime + r.ru_stime, time.perf_counter() - t, r.ru_maxrss / 1024)\n")


def child(args: List[str]) -> Tuple[float, float, float]:
    """(CPU seconds, wall seconds, peak RSS in MB) of `tenbou ARGS` in a subprocess of its own."""
    out = subprocess.run([sys.executable, "-c", _RUN, sys.executable, "-m", "tenbou.cli", *args], capture_output=True,
                         text=True, check=True).stdout.split()
    return float(out[0]), float(out[1]), float(out[2])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-big", action="store_true", help="leave out the 60 MiB log")
    opts = ap.parse_args()
    files = real_games()
    with tempfile.TemporaryDirectory() as tmp:
        tgz, zipped = Path(tmp) / "games.tar.gz", Path(tmp) / "games.zip"
        with tarfile.open(tgz, "w:gz") as t:
            for f in files:
                t.add(f, f.name)
        with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as z:
            for f in files:
                z.write(f, f.name)
        print(f"1. tenbou replay in-process over the {len(files)} games (CPU time, best of 3)")
        ways = {"files": [str(f) for f in files], "directory": [str(files[0].parent)], ".tar.gz": [str(tgz)],
                ".zip": [str(zipped)]}
        for extra in ([], ["--settle"], ["--check"], ["--settle", "--check"]):
            for way, paths in ways.items():
                if way != "files" and extra != ["--settle", "--check"]:
                    continue
                seconds = best_of(3, lambda: cli.main(["replay", *paths, *extra], out=io.StringIO()))
                print(f"  {' '.join(extra) or '(hand-end lines)':<18} {way:<10} {len(files) / seconds:7.0f} games/s"
                      f" ({seconds:.3f} s)")
        print("2. tenbou replay --settle --check DIR in a subprocess (interpreter start included)")
        for _ in range(3):
            cpu, wall, rss = child(["replay", "--settle", "--check", str(files[0].parent)])
            print(f"  CPU {cpu:.2f} s = {len(files) / cpu:.0f} games/s; wall {wall:.2f} s = {len(files) / wall:.0f} games/s"
                  f" (load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
        if opts.skip_big:
            return
        text = files[len(files) // 2].read_text()
        head, body = text[:text.index("<INIT")], text[text.index("<INIT"):text.rindex("</mjloggm>")]
        big = head + body * ((60 << 20) // len(body)) + "</mjloggm>"
        (Path(tmp) / "big.mjlog").write_text(big)
        (Path(tmp) / "big.mjlog.gz").write_bytes(gzip.compress(big.encode(), 6))
        print(f"3. one {len(big) >> 20} MiB mjlog ({len(big) // len(body)} copies of a game's hands)")
        for name, extra in (("big.mjlog.gz", ["--settle", "--check"]), ("big.mjlog", ["--settle", "--check"]),
                            ("big.mjlog", [])):
            cpu, wall, rss = child(["replay", str(Path(tmp) / name), *extra])
            print(f"  {name:<13} {' '.join(extra) or '(hand-end lines)':<18} peak RSS {rss:.0f} MB, CPU {cpu:.2f} s")
        _, _, rss = child(["replay", "--settle", "--check", str(files[0])])
        print(f"  one real game  --settle --check    peak RSS {rss:.0f} MB (the interpreter and the module)")


if __name__ == "__main__":
    main()
