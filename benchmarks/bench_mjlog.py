"""The Tenhou log reader (docs/records.md): speed on the 999 real games, and memory on hostile
logs of the largest size read (64 MiB inflated).

1. games/s of `tenbou mjlog` (requests), `--check`, `--settle` and `--settle --check` over
   the 999 games of shared/data/tenhou, in-process, best of three;
2. games/s of the hand ends as the core reads and replays them (tenbou.mjlog, issue 24), and,
   for scale, of Python's XML readers producing the events alone: ElementTree's XMLPullParser and
   pyexpat callbacks (both stream) and ElementTree.fromstring (the whole tree);
3. peak RSS and time of `tenbou mjlog --settle --check` in a subprocess on 64 MiB logs of one
   event repeated (<REACH .../> gzip-compressed, <T0/> plain, <AGARI .../>): the bar is 300 MB.

    python benchmarks/bench_mjlog.py [--mib 64] [--skip-big]
"""
from __future__ import annotations

import argparse
import gzip
import io
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Tuple
from xml.parsers import expat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from tenbou import cli, mjlog  # noqa: E402


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


def command_speed(files: List[Path]) -> None:
    names = [str(f) for f in files]
    for extra in ([], ["--check"], ["--settle"], ["--settle", "--check"]):
        seconds = best_of(3, lambda: cli.main(["mjlog", *names, *extra], out=io.StringIO()))
        print(f"  tenbou mjlog {' '.join(extra) or '(requests)':<18} {len(files) / seconds:6.0f} games/s ({seconds:.2f} s)")


def pull_parser(pieces: Iterable[str], source: str) -> Iterator[Tuple[int, str, Dict[str, str]]]:
    """(index, tag, attributes) of a log's events through ElementTree's XMLPullParser, elements cleared."""
    parser = ET.XMLPullParser(events=("start", "end"))
    depth = index = 0
    root: Any = None
    for piece in pieces:
        parser.feed(piece)
        for event, element in parser.read_events():
            if event == "start":
                depth += 1
                if depth == 1:
                    root = element
                elif depth == 2:
                    yield index, element.tag, element.attrib
                    index += 1
            else:
                depth -= 1
                if depth == 1:
                    root.clear()
    parser.close()


def pyexpat_callbacks(pieces: Iterable[str], source: str) -> Iterator[Tuple[int, str, Dict[str, str]]]:
    """The same through pyexpat's start-tag callback."""
    parser = expat.ParserCreate()
    events: List[Tuple[str, Dict[str, str]]] = []
    depth = [0]

    def start(name: str, attrs: Dict[str, str]) -> None:
        depth[0] += 1
        if depth[0] == 2:
            events.append((name, attrs))

    def end(name: str) -> None:
        depth[0] -= 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    index = 0
    for piece in pieces:
        parser.Parse(piece, False)
        for name, attrs in events:
            yield index, name, attrs
            index += 1
        events.clear()
    parser.Parse("", True)


def whole_tree(pieces: Iterable[str], source: str) -> Iterator[Tuple[int, str, Dict[str, str]]]:
    """The same from a whole ElementTree (the reader before issue 28)."""
    for index, element in enumerate(ET.fromstring("".join(pieces))):
        yield index, element.tag, element.attrib


def reading_speed(files: List[Path]) -> None:
    # The core reads and replays the log (cpp/src/records); the Python XML readers, for scale, only
    # produce the events (no replay).
    texts = [f.read_text() for f in files]
    ends = 0

    def core() -> None:
        nonlocal ends
        ends = sum(1 for t in texts for _ in mjlog.hand_ends_from_text(t, "bench"))

    seconds = best_of(3, core)
    print(f"  {'the core, hand ends':<36} {len(files) / seconds:5.0f} games/s ({seconds:.2f} s, {ends} hand ends)")
    for name, events in (("XMLPullParser, cleared", pull_parser), ("pyexpat callbacks", pyexpat_callbacks),
                         ("ElementTree.fromstring", whole_tree)):
        count = 0

        def run() -> None:
            nonlocal count
            count = sum(1 for t in texts for _ in events([t], "bench"))

        seconds = best_of(3, run)
        print(f"  {name + ', events only':<36} {len(files) / seconds:5.0f} games/s ({seconds:.2f} s, {count} events)")


HEAD = '<mjloggm ver="2.3"><GO type="169" lobby="0"/><INIT seed="0,0,0,1,2,3" ten="250,250,250,250" oya="0"/>'
TAIL = '<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/></mjloggm>'
AGARI = ('<AGARI ba="0,0" hai="5,9,13,14,17,21,57,61,65,77,81,85,89,90" machi="90" ten="40,2000,0" yaku="8,1" '
         'doraHai="130" who="0" fromWho="1" sc="250,20,250,-20,250,0,250,0"/><T5/>')


def big_log(event: str, size: int) -> bytes:
    count = (size - len(HEAD) - len(TAIL)) // len(event)
    return (HEAD + event * count + TAIL).encode()


def peak_rss(args: List[str]) -> str:
    """`tenbou ARGS` in a subprocess: its peak RSS and CPU time."""
    code = ("import resource, subprocess, sys\n"
            "p = subprocess.run([sys.executable, '-m', 'tenbou.cli', *sys.argv[1:]], stdout=subprocess.DEVNULL,"
            " stderr=subprocess.PIPE)\n"
            "r = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "print(r.ru_maxrss, r.ru_utime + r.ru_stime, p.returncode, p.stderr.decode()[:120].strip())\n")
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True).stdout.split(" ", 3)
    return f"peak RSS {int(out[0]) / 1024:5.0f} MB, {float(out[1]):5.1f} s CPU, exit {out[2]} {out[3].strip()}"


def memory(mib: float) -> None:
    size = int(mib * (1 << 20)) - 1024
    with tempfile.TemporaryDirectory() as tmp:
        baseline = Path(tmp) / "empty.mjlog"
        baseline.write_text(HEAD + TAIL)
        print(f"  {'a one-hand log':<40} {peak_rss(['mjlog', str(baseline), '--settle', '--check'])}")
        for name, event, pack in (("<REACH .../>, gzip", '<REACH who="0" step="1"/>', True), ("<T0/>, plain", "<T0/>", False),
                                  ("<AGARI .../><T5/>, plain", AGARI, False)):
            data = big_log(event, size)
            path = Path(tmp) / "big.mjlog"
            path.write_bytes(gzip.compress(data, 6) if pack else data)
            label = f"{len(data) / 2**20:.1f} MiB of {name} ({path.stat().st_size / 1024:.0f} KB on disk)"
            for extra in (["--settle", "--check"],) if "AGARI" not in event else ([], ["--settle", "--check"]):
                print(f"  {label:<40} {' '.join(extra) or '(requests)':<16} {peak_rss(['mjlog', str(path), *extra])}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mib", type=float, default=64, help="size of the hostile logs, inflated (default 64)")
    ap.add_argument("--skip-big", action="store_true", help="only the real games")
    args = ap.parse_args()
    files = real_games()
    print("The 999 real games (in-process, CPU time, best of 3):")
    command_speed(files)
    print("Reading the games: the core's hand ends, and Python's XML readers' events (CPU time, best of 3):")
    reading_speed(files)
    if not args.skip_big:
        print(f"Hostile logs of {args.mib:g} MiB (subprocess; bar: 300 MB peak RSS):")
        memory(args.mib)


if __name__ == "__main__":
    main()
