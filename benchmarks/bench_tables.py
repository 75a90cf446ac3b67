"""The record tables' speed (issue 25): games/s of ``tenbou.records.read_wins`` on the 999 real
Tenhou games of ../shared/data/tenhou, one core thread against two, the core alone (bytes
already in memory) beside the whole call (files read by Python, pipelined with the core), and
the Dask path on a LocalCluster of one worker against two.

    python benchmarks/bench_tables.py [--repeat 5] [--copies 3] [--files-per-partition 250] [--no-dask]

Every figure is the best of ``--repeat`` runs; ``--copies`` repeats the file list so a run lasts
long enough to time (the rows are the same games again). Prints a markdown table with the
machine. Never a test: figures vary with the machine and with what else runs on it.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any, Callable, List

import tenbou
from tenbou import _core, records

ROOT = Path(__file__).resolve().parent.parent


def games() -> List[Path]:
    for shared in (os.environ.get("TENBOU_SHARED"), ROOT.parent / "shared", ROOT / "shared"):
        if shared and (Path(shared) / "data" / "tenhou" / "mjlog").is_dir():
            return sorted((Path(shared) / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    sys.exit("../shared/data/tenhou not found (set TENBOU_SHARED)")


def best(repeat: int, run: Callable[[], Any]) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        run()
        times.append(time.perf_counter() - t)
    return min(times)


def read_all(table: Any) -> int:
    # The work a user does with the table: every han read.
    return int(sum(x for x in table.column("han").to_numpy(zero_copy_only=False) if x == x))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--copies", type=int, default=3)
    ap.add_argument("--no-dask", action="store_true")
    ap.add_argument("--files-per-partition", type=int, default=250)
    args = ap.parse_args()
    files = games() * args.copies
    n = len(files)
    data = [(f.name, f.read_bytes()) for f in files]
    rows = []

    for threads in (1, 2):
        core = best(args.repeat, lambda: _core.read_record_tables(data, "mjlog", threads, False))
        whole = best(args.repeat, lambda: read_all(records.read_wins(files, threads=threads)))
        rows.append((f"read_wins, threads={threads}", n / whole, n / core))
    base_whole, base_core = rows[0][1], rows[0][2]

    dask_rows = []
    if not args.no_dask:
        try:
            import distributed
        except ImportError:
            print("(dask/distributed not installed: pip install 'tenbou[dask]')")
        else:
            for workers in (1, 2):
                with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                              dashboard_address=None) as cluster, distributed.Client(cluster):
                    ddf = records.to_dask(files, "wins", files_per_partition=args.files_per_partition)
                    total = int(ddf["han"].sum().compute())  # warms the workers (imports, first call)
                    times = []
                    for _ in range(args.repeat):
                        # A pause between runs: the scheduler hands back a result whose keys are
                        # still held from the run before (a run in ~20 ms), so no run reuses one.
                        time.sleep(1.0)
                        start = time.perf_counter()
                        assert int(ddf["han"].sum().compute()) == total
                        times.append(time.perf_counter() - start)
                    t = sorted(times)[len(times) // 2]  # the median: Dask's runs vary more than the core's
                dask_rows.append((workers, n / t))

    print(f"\n{n} games ({n // args.copies} real Tenhou games x {args.copies}), best of {args.repeat}; "
          f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, tenbou {tenbou.__version__}\n")
    print("| run | games/s, whole call (files read, han read) | x threads=1 | games/s, the core alone | x threads=1 |")
    print("|---|---|---|---|---|")
    for name, whole, core in rows:
        print(f"| {name} | {whole:,.0f} | {whole / base_whole:.2f}x | {core:,.0f} | {core / base_core:.2f}x |")
    if dask_rows:
        print("\n| Dask LocalCluster | games/s (`to_dask(..., 'wins').han.sum()`, median) | x one worker |")
        print("|---|---|---|")
        for workers, rate in dask_rows:
            print(f"| {workers} worker{'s' if workers > 1 else ''}, 1 thread each | {rate:,.0f} | {rate / dask_rows[0][1]:.2f}x |")


if __name__ == "__main__":
    main()
