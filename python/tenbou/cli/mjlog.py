"""`tenbou mjlog`: Tenhou logs as requests, checked against Tenhou's record, or settled."""
from __future__ import annotations

import argparse
import json
from typing import Any, Dict, List, TextIO

from .. import _core


def cmd_mjlog_settle(args: argparse.Namespace, out: TextIO) -> int:
    """One JSON line per hand end: each seat's point change, as Tenhou's sc records it."""
    from .. import mjlog

    total = mismatched = 0
    for path in args.files:
        cache: Dict[int, Dict[str, Any]] = {}  # one settlement for all wins on one discard
        for end in mjlog.hand_ends_from_file(path):
            key = end.hand  # a hand ends once: its wins share one settlement
            if key not in cache:
                cache = {key: _core.settle(end.settlement)}
            result = cache[key]
            if not result["ok"]:
                deltas: Any = None
                error = result["error"]["message"]
            elif end.winner is None:
                deltas, error = result["deltas"], ""
            else:
                mine = [w["deltas"] for w in result["wins"] if w["winner"] == end.winner]
                deltas = mine[0] if mine else [0] * len(end.recorded)
                error = ""
            total += 1
            if args.check:
                if deltas != end.recorded:
                    mismatched += 1
                    out.write(f"{end.game}#{end.hand}: {end.kind} settles as {deltas or error}, recorded {end.recorded}\n")
                continue
            line: Dict[str, Any] = {"game": end.game, "hand": end.hand, "kind": end.kind, "deltas": deltas}
            if error:
                line["error"] = error
            out.write(json.dumps(line, separators=(",", ":")) + "\n")
    if args.check:
        out.write(f"{total - mismatched} of {total} hands settle as recorded\n")
        return 0 if mismatched == 0 else 1
    return 0


def cmd_mjlog(args: argparse.Namespace, out: TextIO) -> int:
    from .. import mjlog

    if args.settle:
        return cmd_mjlog_settle(args, out)
    total = mismatched = 0
    for path in args.files:
        wins = list(mjlog.wins_from_file(path))
        if not args.check:
            for w in wins:
                out.write(json.dumps(w.request, separators=(",", ":")) + "\n")
            continue
        batch = _core.score_many([w.request for w in wins])
        for i, w in enumerate(wins):
            r = batch.get(i)
            total += 1
            problems = compare_with_tenhou(r.as_dict(), w.expected)
            if problems:
                mismatched += 1
                out.write(f"{w.source}: {'; '.join(problems)}\n")
    if args.check:
        out.write(f"{total - mismatched} of {total} wins agree with Tenhou\n")
        return 0 if mismatched == 0 else 1
    return 0


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
