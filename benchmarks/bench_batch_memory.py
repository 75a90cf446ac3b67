"""Memory of a big score_many batch (README "Input contract"): 10,000,000 requests (1,000
generated hands repeated), the store's size per result, then write_json_lines to a null sink.

    python benchmarks/bench_batch_memory.py [COUNT]
"""
from __future__ import annotations

import io
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import hand_generator  # noqa: E402
import tenbou  # noqa: E402


class Null(io.RawIOBase):
    def writable(self) -> bool:
        return True

    def write(self, b) -> int:  # type: ignore[override]
        return len(b)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    base = hand_generator.generate(1000, seed=5)
    requests = [base[i % 1000] for i in range(n)]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    results = tenbou.score_many(requests)
    t1 = time.perf_counter()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    store = results._batch.nbytes
    print(f"{n:,} requests: score_many {t1 - t0:.1f} s; peak RSS {peak / 1024:.0f} MB (before {before / 1024:.0f} MB); "
          f"results {store / 2**20:.0f} MB, {store / n:.0f} bytes each")
    t2 = time.perf_counter()
    results.write_json_lines(Null())
    print(f"write_json_lines: {time.perf_counter() - t2:.1f} s; peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
