"""`tenbou replay` (and `tenbou mjlog`, the same with --format mjlog): game records replayed,
checked, converted or annotated by the core (docs/records.md).

Each record is read as a stream and its output written as the core gives it: a record that
turns out bad mid-way keeps what came before its error, gets one error line on stderr, and the
next record is read; the exit status is then 2. Progress goes to stderr when it is a terminal
and the run lasts over a second, never into piped output."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import IO, Any, Callable, Dict, Optional, TextIO

from ..replay import FORMATS, RECORD_SUFFIXES, RecordError, ReplaySummary, _strip_suffix, read_inputs, replay_record
from .args import SPEC

# An output file's suffix under --out, by output (annotate keeps the input's name: mjai in, mjai out).
_SUFFIX = {"hand_ends": ".jsonl", "check": ".jsonl", "tenhou6": ".json", "mjai": ".jsonl"}


def add_parser(sub: Any, name: str) -> argparse.ArgumentParser:
    """The replay command's parser; `mjlog` is the same without --format (it is mjlog)."""
    mjlog = name == "mjlog"
    examples = (["tenbou mjlog game.mjlog --check", "tenbou mjlog logs/ --settle > hands.jsonl"] if mjlog else
                ["tenbou replay game.mjlog", "tenbou replay logs/ games.zip --check",
                 "tenbou replay game.json --to mjai > game.jsonl", "tenbou replay mjai/ --annotate --out annotated/",
                 "zcat game.mjlog.gz | tenbou replay - --settle"])
    description = (
        ("Tenhou's mjlog XML records, replayed: the same as 'tenbou replay --format mjlog'. " if mjlog else
         "Replay game records (Tenhou's mjlog XML, tenhou.net/6 JSON, mjai JSON Lines; the format is told "
         "from each record's first bytes): every hand tracked, every win scored, every hand end settled. ")
        + "PATHs are records, directories (their records and archives, in name order), gzip, xz or bzip2 "
        "compressed records, .zip and .tar (plain, .gz, .xz) archives, or - for standard input. Each record "
        "is read as a stream: a bad one prints what was read before its error, one error line on stderr "
        "(the record, the event or line, what is wrong), and the next record is read; the exit status is "
        "then 2. Progress shows on a terminal (stderr) when a run lasts over a second.")
    p: argparse.ArgumentParser = sub.add_parser(name, help=SPEC["python_only"][name], description=description,
                                                examples=examples)
    p.add_argument("paths", nargs="+", metavar="PATH", help="records, directories, archives, or - for standard input")
    if mjlog:
        p.set_defaults(format="mjlog")
    else:
        p.add_argument("--format", choices=FORMATS, default="auto",
                       help="the records' format (default: auto, told from each record's first bytes)")
    p.add_argument("--settle", action="store_true",
                   help="hand-end lines without each win's request and result (the settlement alone; faster)")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--check", action="store_true",
                      help="print only the hand ends that differ from the record, then a summary line "
                           "'N of M hands agree'; exit 1 if any differ")
    what.add_argument("--annotate", action="store_true",
                      help="mjai records: the same lines, each hora with fan, fu, yakus, limit and hora_points")
    what.add_argument("--to", choices=("tenhou6", "mjai"), help="convert: each game as tenhou.net/6 JSON or mjai JSON Lines")
    what.add_argument("--parquet", metavar="DIR",
                      help="write the record tables DIR/hands.parquet and DIR/wins.parquet (one row per hand end, "
                           "one per win: docs/tables.md; needs pyarrow: pip install \"tenbou[arrow]\"); records "
                           "that cannot be read get an error line and a row of DIR/errors.parquet")
    p.add_argument("--threads", type=int, default=0, metavar="N",
                   help="--parquet: the core's threads (default 0: every core)")
    p.add_argument("--out", metavar="DIR",
                   help="write one file per record under DIR (the record's path, archives as folders) instead of "
                        "standard output")
    return p


# Progress shows once a run has lasted PROGRESS_AFTER seconds, rewritten at most every PROGRESS_EVERY.
PROGRESS_AFTER = 1.0
PROGRESS_EVERY = 0.2


class Progress:
    """One line on a terminal, rewritten in place: records, games and hands so far. It shows
    once a run has lasted `after` seconds, at most every `every` seconds, and is erased before
    anything else is written to the terminal and at the end."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic, after: Optional[float] = None,
                 every: Optional[float] = None) -> None:
        self.stream = stream
        try:
            self.on = stream.isatty()
        except (AttributeError, ValueError):
            self.on = False
        self.clock = clock
        self.start = clock()
        self.after = PROGRESS_AFTER if after is None else after
        self.every = PROGRESS_EVERY if every is None else every
        self.next = self.start + self.after
        self.shown = False

    def update(self, records_read: int, summary: ReplaySummary) -> None:
        if not self.on:
            return
        now = self.clock()
        if now < self.next:
            return
        self.next = now + self.every
        elapsed = now - self.start
        rate = summary.games / elapsed if elapsed > 0 else 0.0
        self.stream.write(f"\r\x1b[Ktenbou replay: {records_read:,} records, {summary.games:,} games, "
                          f"{summary.hands:,} hands ({rate:,.0f} games/s)")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def out_path(directory: str, out_name: str, output: str) -> str:
    """Where --out writes a record's output: its path under DIR, with the output's suffix in
    place of the record's (annotate keeps the name: mjai in, mjai out)."""
    if output != "annotate":
        out_name = _strip_suffix(out_name, RECORD_SUFFIXES) + _SUFFIX[output]
    return os.path.join(directory, *out_name.split("/"))


def cmd_parquet(args: argparse.Namespace) -> int:
    """--parquet DIR: the record tables written a block at a time (tenbou.records.write_parquet)."""
    if args.out or args.settle:
        sys.stderr.write(f"tenbou: --parquet writes its own files: not with {'--out' if args.out else '--settle'}\n")
        return 2
    if args.threads < 0:
        sys.stderr.write(f"tenbou: --threads must be >= 0 (0: every core), got {args.threads}\n")
        return 2
    from .. import records
    try:
        counts = records.write_parquet(args.paths, args.parquet, format=None if args.format == "auto" else args.format,
                                       threads=args.threads, on_error="skip")
    except ImportError as e:
        sys.stderr.write(f"tenbou: {e}\n")
        return 2
    except OSError as e:
        sys.stderr.write(f"tenbou: --parquet: cannot write {args.parquet}: {e.strerror or e}\n")
        return 2
    if counts.errors:
        import pyarrow.parquet as pq
        for row in pq.read_table(os.path.join(args.parquet, "errors.parquet"), columns=["message"]).to_pylist():
            sys.stderr.write(f"tenbou: {row['message']}\n")
    sys.stderr.write(f"tenbou: {counts.hands} hands, {counts.wins} wins written to "
                     f"{os.path.join(args.parquet, 'hands.parquet')} and {os.path.join(args.parquet, 'wins.parquet')}"
                     + (f"; {counts.errors} records could not be read (errors.parquet)" if counts.errors else "") + "\n")
    return 2 if counts.errors else 0


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    if args.parquet:
        return cmd_parquet(args)
    output = "check" if args.check else "annotate" if args.annotate else args.to or "hand_ends"
    if args.settle and output not in ("hand_ends", "check"):
        sys.stderr.write(f"tenbou: --settle is for hand-end lines and --check, not --{'annotate' if args.annotate else 'to'}\n")
        return 2
    summary = ReplaySummary()
    progress = Progress(sys.stderr)
    read = failed = 0
    written: Dict[str, str] = {}  # --out files of this run -> the record written there

    def fail(message: str) -> None:
        nonlocal failed
        failed += 1
        progress.clear()
        out.flush()
        sys.stderr.write(f"tenbou: {message}\n")
        sys.stderr.flush()

    for record in read_inputs(args.paths):
        read += 1
        target: IO[str] = out
        if args.out:
            path = out_path(args.out, record.out_name, output)
            if path in written:
                fail(f"{record.name}: --out: {path} is already the output of {written[path]}")
                continue
            written[path] = record.name
            if record.path and os.path.exists(path) and os.path.samefile(path, record.path):
                fail(f"{record.name}: --out: {path} is the record itself")
                continue
            try:
                os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
                target = open(path, "w", encoding="utf-8", newline="\n")
            except OSError as e:
                fail(f"{record.name}: --out: cannot write {path}: {e.strerror or e}")
                continue
        try:
            for text in replay_record(record, format=args.format, output=output, requests=not args.settle,
                                      summary=summary):
                if text:
                    progress.clear()
                    target.write(text)
                progress.update(read, summary)
        except RecordError as e:
            fail(e.message)
        finally:
            if target is not out:
                target.close()
        progress.update(read, summary)
    progress.clear()
    if args.check:
        text = summary.text + (f" ({failed} of {read} records could not be read)" if failed else "")
        line = {"summary": True, "games": summary.games, "hands": summary.hands, "agree": summary.hands_agree,
                "wins": summary.wins, "wins_agree": summary.wins_agree, "text": text}
        out.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n")
    if failed:
        return 2
    disagree = summary.hands_agree != summary.hands or summary.wins_agree != summary.wins
    return 1 if args.check and disagree else 0
