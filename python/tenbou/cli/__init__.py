"""The ``tenbou`` command line: score, waits, discards, points, table, yaku, declare, replay, mjlog.

One module per command (cli/score.py, cli/waits.py ...); cli/common.py holds what they share.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Dict, Optional, Sequence, TextIO

from .. import _core
from ..errors import InvalidRequestError
from ..mjlog import MjlogError
from ..replay import RecordError
from . import common
from .args import SPEC, Parser, make_command
from .common import UsageError
from .score import cmd_score
from .points import cmd_points
from .table import cmd_table
from .yaku import cmd_yaku
from .waits import cmd_waits
from .discards import cmd_discards
from .declare import cmd_declare
from .replay import add_parser as add_replay_parser
from .replay import cmd_replay
from .mjlog import compare_with_tenhou
from .table import han_only_rows, table_cells

__all__ = ["main", "make_parser", "compare_with_tenhou", "table_cells", "han_only_rows", "UsageError"]


def make_parser() -> argparse.ArgumentParser:
    """The `tenbou` parser: the commands of spec.json (shared with the Node CLI), then replay and mjlog."""
    parser = Parser(prog=SPEC["prog"], description=SPEC["description"], epilog=SPEC["epilog"])
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", prog=SPEC["prog"], parser_class=Parser)
    for name in SPEC["commands"]:
        if name in SPEC["parsers"]:
            make_command(sub, name)
    for name in SPEC["python_only"]:  # replay, and mjlog: replay --format mjlog
        add_replay_parser(sub, name)
    parser.commands = [(a.dest, a.help or "") for a in sub._choices_actions]
    return parser


COMMANDS: Dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "score": cmd_score, "points": cmd_points, "table": cmd_table, "yaku": cmd_yaku, "replay": cmd_replay, "mjlog": cmd_replay,
    "declare": cmd_declare, "waits": cmd_waits, "discards": cmd_discards,
}


def main(argv: Optional[Sequence[str]] = None, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    # Aotenjo amounts run to ~30,000 digits at the 100,000-han cap: the program writes them
    # whole (Python 3.11+ caps int-to-str at 4,300 digits by default). Raised to a bound, not
    # switched off: an int() of a hostile digit run stays a few milliseconds (issue 28, item 3).
    if hasattr(sys, "set_int_max_str_digits"):
        limit = sys.get_int_max_str_digits()  # 0: already unlimited
        if 0 < limit < 40_000:
            sys.set_int_max_str_digits(40_000)
    parser = make_parser()
    try:
        args, extras = parser.parse_known_args(argv)
        if extras:  # named by the command's parser, with its usage (argparse names the top one)
            command_parser = parser._subparsers._group_actions[0].choices.get(args.command, parser)  # type: ignore
            command_parser.error(f"unrecognized arguments: {' '.join(extras)}")
        if args.command is None:
            parser.error("give a COMMAND: " + ", ".join(name for name, _ in parser.commands)  # type: ignore
                         + " ('tenbou --help' says what each does)")
    except SystemExit as e:  # argparse already printed the help, the version or the problem
        return int(e.code) if isinstance(e.code, int) else 2
    common.UNITS = getattr(args, "units", "en")
    # Tile options a player repeats accumulate: --dora 4m --dora 1z is 4m1z.
    for name in ("dora", "ura", "flowers", "own_discards", "visible"):
        if isinstance(getattr(args, name, None), list):
            setattr(args, name, "".join(getattr(args, name)))
    try:
        return COMMANDS[args.command](args, out)
    except UsageError as e:
        sys.stderr.write(f"tenbou: {e}\n")
        return 2
    except (MjlogError, RecordError) as e:  # a bad record: one line, exit 2 (README "Input contract")
        sys.stderr.write(f"tenbou: {e}\n")
        return 2
    except InvalidRequestError as e:
        # The command line was usable but what it asked for is invalid input: as a
        # single request whose result is ok: false (exit 1; README "Input contract").
        sys.stderr.write(f"tenbou: {e}\n")
        return 1
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
