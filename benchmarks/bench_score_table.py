"""tenbou.score_table (columnar scoring, docs/tables.md) beside riichienv on the same hands.

    python benchmarks/bench_score_table.py [HANDS] [--rows N] [--seconds S] [--mix real,closed,bench] [--no-native]

The mixes are bench_peers.py's (its loaders are imported): ``real``, every win of the 999 Tenhou
games of ``$TENBOU_SHARED/data/tenhou/`` as ``tenbou mjlog`` writes them; ``closed`` and
``bench``, HANDS generated hands. Each mix becomes an Arrow table (each request key a column,
null where a request lacks it, ``options`` a struct column), repeated to at least N rows (default
100,000: threads split a batch's rows) and built before the clock starts, as riichienv's inputs
are (bench_peers.riichienv_inputs: its Rust evaluator objects and conditions, prebuilt). Each
figure is the best repetition within S seconds, in hands per second:

- ``score_table``: ``tenbou.score_table(table, threads=T)`` with the results read
  (``han``, ``fu`` and ``total`` summed through NumPy, the ``yaku`` lists' lengths), T = 1 and 2;
- riichienv (``bench_peers.run_riichienv``, results read), one hand at a time on the mix's hands;
- ``score_many``, results read (``bench_peers.read_tenbou``), for scale;
- the C++ core alone (``tenbou-native bench``: requests parsed before the clock), unless --no-native.

Prints the machine, the command and a markdown table.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path
from typing import Any, Dict, List

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_peers  # noqa: E402
import tenbou  # noqa: E402
from bench_peers import k  # noqa: E402  (rates printed as 1.23M / 456K)
from bench_riichi import best_rate  # noqa: E402


def table_of(requests: List[Dict[str, Any]]) -> Any:
    """The requests as an Arrow table: one column per key (first-seen order), null where absent."""
    import pyarrow as pa

    keys: Dict[str, None] = {}
    for q in requests:
        keys.update(dict.fromkeys(q))
    return pa.table({k: pa.array([q.get(k) for q in requests]) for k in keys})


def read_results(result: Any) -> int:
    """Reads what a caller reads: the han, fu and total columns summed, the yaku lists' sizes."""
    import pyarrow.compute as pc

    s = int(result.column("han").to_numpy().sum()) + int(result.column("fu").to_numpy().sum())
    s += int(pc.sum(result.column("total")).as_py() or 0)
    s += int(pc.sum(pc.list_value_length(result.column("yaku"))).as_py() or 0)
    return s


def measure(name: str, requests: List[Dict[str, Any]], rows: int, seconds: float, native: bool) -> Dict[str, Any]:
    import pyarrow as pa

    print(f"{name}: {bench_peers.describe(requests)}", flush=True)
    copies = max(1, -(-rows // len(requests)))
    one = table_of(requests)
    table = pa.concat_tables([one] * copies).combine_chunks()
    n = table.num_rows
    row: Dict[str, Any] = {"mix": name, "hands": len(requests), "rows": n}
    row["table_1"] = best_rate(n, lambda: read_results(tenbou.score_table(table, threads=1)), seconds)
    row["table_2"] = best_rate(n, lambda: read_results(tenbou.score_table(table, threads=2)), seconds)
    row["many_read"] = best_rate(len(requests), lambda: [bench_peers.read_tenbou(r) for r in tenbou.score_many(requests)],
                                 seconds)
    inputs = bench_peers.riichienv_inputs(requests)
    if inputs is not None:
        row["riichienv"] = best_rate(len(inputs), lambda: bench_peers.run_riichienv(inputs), seconds)
    if native:
        row["native"] = bench_peers.native_rate(requests, seconds)
    return row


def markdown(rows: List[Dict[str, Any]]) -> str:
    def ratio(a: float, row: Dict[str, Any]) -> str:
        return f"{a / row['riichienv']:.1f}x" if row.get("riichienv") else "-"

    lines = ["| mix | score_table, 1 thread | score_table, 2 threads | riichienv | ratio, 1 thread | ratio, 2 threads "
             "| score_many, read | C++ core alone | score_table / core |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        core = f"{r['table_1'] / r['native']:.2f}" if r.get("native") else "-"
        lines.append(f"| {r['mix']} ({r['hands']:,} hands; table {r['rows']:,} rows) | {k(r['table_1'])} | {k(r['table_2'])} "
                     f"| {k(r.get('riichienv'))} | **{ratio(r['table_1'], r)}** | {ratio(r['table_2'], r)} "
                     f"| {k(r['many_read'])} | {k(r.get('native'))} | {core} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("hands", nargs="?", type=int, default=4000, help="hands of the generated mixes")
    ap.add_argument("--rows", type=int, default=100_000, help="rows of each table (the mix repeated)")
    ap.add_argument("--seconds", type=float, default=3.0, help="each figure: the best run within this many seconds")
    ap.add_argument("--mix", default="real,closed,bench")
    ap.add_argument("--no-native", action="store_true")
    args = ap.parse_args()
    import pyarrow as pa

    print(f"command: python {' '.join(sys.argv)}")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, load average "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}, Python {platform.python_version()}, "
          f"tenbou {tenbou.__version__}, pyarrow {pa.__version__}")
    makers = {"real": bench_peers.real_mix, "closed": lambda: bench_peers.closed_mix(args.hands),
              "bench": lambda: bench_peers.bench_mix(args.hands)}
    names = {"real": "real Tenhou wins", "closed": "generated, closed majority + house options",
             "bench": "generated, earlier releases' mix"}
    rows = []
    for key in args.mix.split(","):
        requests = makers[key]()
        if not requests:
            print(f"skipped: {key} (no games under $TENBOU_SHARED/data/tenhou/mjlog)")
            continue
        rows.append(measure(names[key], requests, args.rows, args.seconds, not args.no_native))
    print()
    print(markdown(rows))
    try:
        import riichienv  # noqa: F401
    except ImportError:
        print("skipped: riichienv (pip install riichienv)")


if __name__ == "__main__":
    main()
