"""`tenbou mjlog`: Tenhou logs as requests, checked against Tenhou's record, or settled.

Each file is read as a stream and reported as it is read: a file that turns out bad mid-way
keeps what came before its error, gets one error line on stderr, and the next file is read.
The exit status is 2 when any file could not be read (docs/records.md)."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, Dict, List, Optional, TextIO

from .. import _core

# Wins scored per score_many call by --check: the batch's speed without holding a file's wins.
_BATCH = 512


class _Tally:
    def __init__(self) -> None:
        self.total = 0
        self.mismatched = 0


def _settle_file(path: str, check: bool, tally: _Tally, out: TextIO) -> None:
    """One JSON line per hand end: each seat's point change, as Tenhou's sc records it."""
    from .. import mjlog

    settled: Optional[Dict[str, Any]] = None  # the settlement last settled: the wins on one discard share it
    result: Dict[str, Any] = {}
    for end in mjlog.hand_ends_from_file(path):
        if end.settlement is not settled:  # each hand end is settled from its own event's request
            settled = end.settlement
            result = _core.settle(settled)
        if not result["ok"]:
            deltas: Any = None
            error = result["error"]["message"]
        elif end.winner is None:
            deltas, error = result["deltas"], ""
        else:
            mine = [w["deltas"] for w in result["wins"] if w["winner"] == end.winner]
            deltas = mine[0] if mine else [0] * len(end.recorded)
            error = ""
        tally.total += 1
        if check:
            if deltas != end.recorded:
                tally.mismatched += 1
                out.write(f"{end.game}#{end.hand}: {end.kind} settles as {deltas or error}, recorded {end.recorded}\n")
            continue
        line: Dict[str, Any] = {"game": end.game, "hand": end.hand, "kind": end.kind, "deltas": deltas}
        if error:
            line["error"] = error
        out.write(json.dumps(line, separators=(",", ":")) + "\n")


def _request_file(path: str, check: bool, tally: _Tally, out: TextIO) -> None:
    """One request line per win, or with --check a line per win that differs from Tenhou's record."""
    from .. import mjlog

    if not check:
        for w in mjlog.wins_from_file(path):
            out.write(json.dumps(w.request, separators=(",", ":")) + "\n")
        return
    batch: List[Any] = []

    def score(batch: List[Any]) -> None:
        results = _core.score_many([w.request for w in batch])
        for i, w in enumerate(batch):
            tally.total += 1
            problems = compare_with_tenhou(results.get(i).as_dict(), w.expected)
            if problems:
                tally.mismatched += 1
                out.write(f"{w.source}: {'; '.join(problems)}\n")

    try:
        for w in mjlog.wins_from_file(path):
            batch.append(w)
            if len(batch) == _BATCH:
                score(batch)
                batch = []
    except mjlog.MjlogError:
        score(batch)  # the wins read before the error
        raise
    score(batch)


def cmd_mjlog(args: argparse.Namespace, out: TextIO) -> int:
    from .. import mjlog

    read_file: Callable[[str, bool, _Tally, TextIO], None] = _settle_file if args.settle else _request_file
    tally = _Tally()
    failed = 0
    for path in args.files:
        try:
            read_file(path, args.check, tally, out)
        except mjlog.MjlogError as e:  # one line, then the next file (exit 2 at the end)
            failed += 1
            out.flush()
            sys.stderr.write(f"tenbou: {e}\n")
            sys.stderr.flush()
    if args.check:
        what = "hands settle as recorded" if args.settle else "wins agree with Tenhou"
        unread = f" ({failed} of {len(args.files)} files could not be read)" if failed else ""
        out.write(f"{tally.total - tally.mismatched} of {tally.total} {what}{unread}\n")
    if failed:
        return 2
    return 1 if args.check and tally.mismatched else 0


def compare_with_tenhou(d: Dict[str, Any], e: Any) -> List[str]:
    """Differences between a result and what Tenhou recorded (empty when they agree)."""
    if not d["ok"]:
        return [f"not scored: {d['error']['message']}"]
    problems = []
    ours = {y["key"]: y["han"] for y in d["yaku"]}
    # Tenhou counts three-player kita (nukidora) under its dora id.
    if "kita" in ours:
        ours["dora"] = ours.get("dora", 0) + ours.pop("kita")
    if ours != e.yaku:
        problems.append(f"yaku {ours} != {e.yaku}")
    if d["han"] != e.han:
        problems.append(f"han {d['han']} != {e.han}")
    if d["fu"] != e.fu:
        problems.append(f"fu {d['fu']} != {e.fu}")
    value = d["total"] - d["honba_bonus"] - d["sticks_bonus"]
    if value != e.points:
        problems.append(f"points {value} != {e.points}")
    # Tenhou writes kazoe yakuman with the yakuman limit code.
    limit = "yakuman" if d["limit"] == "kazoe_yakuman" else d["limit"]
    if limit != e.limit:
        problems.append(f"limit {d['limit']} != {e.limit}")
    return problems
