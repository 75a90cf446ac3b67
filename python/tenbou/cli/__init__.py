"""The ``tenbou`` command line: score, waits, discards, points, table, yaku, declare, mjlog.

One module per command (cli/score.py, cli/waits.py ...); cli/common.py holds what they share.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Dict, Optional, Sequence, TextIO

from .. import _core
from ..errors import InvalidRequestError
from ..mjlog import MjlogError
from . import common
from .common import UsageError, add_hand_arguments
from .score import cmd_score
from .points import cmd_points
from .table import cmd_table
from .yaku import cmd_yaku
from .waits import cmd_waits
from .discards import cmd_discards
from .declare import cmd_declare
from .mjlog import cmd_mjlog
from .mjlog import compare_with_tenhou
from .table import han_only_rows, table_cells

__all__ = ["main", "make_parser", "compare_with_tenhou", "table_cells", "han_only_rows", "UsageError"]


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tenbou", description="Score mahjong hands (Riichi; Korean; Hong Kong-Taiwan).")
    parser.add_argument("--version", action="version", version=f"tenbou {_core.__version__}")
    sub = parser.add_subparsers(dest="command")

    s = sub.add_parser("score", epilog='examples:\n  tenbou score 234567m234p55s678s --win 5m --tsumo --riichi --seat S --dora 4m\n  tenbou score 234m678p345s99m --meld pon:777z --win 9m --seat S\n  tenbou score 111m99m123p456p789s --win 9m --riichi --players 3 --kita 2\n  tenbou score 1112345678999m5m --rules korean --variant samsiki\n  echo \'{"hand":"234567m234p55s678s","win_tile":"5m","riichi":true}\' | tenbou score --jsonl', formatter_class=argparse.RawDescriptionHelpFormatter, help="score a hand", description=(
        "Score a hand. HAND holds the concealed tiles including the winning tile; the winning tile is --win, "
        "or the last tile written in HAND."))
    s.add_argument("hand", nargs="?", help="concealed tiles incl. the winning tile, e.g. 234567m234p55s678s; '-' reads a JSON request from stdin")
    add_hand_arguments(s)
    s.add_argument("--json", action="store_true", help="print the contract's JSON result")
    s.add_argument("--jsonl", action="store_true", help="read JSON Lines requests on stdin, write one result line each")

    w = sub.add_parser("waits", epilog='examples:\n  tenbou waits 123m456m789p2345s --riichi --seat S\n  tenbou waits 19m19p19s1234567z --visible 1m1m --own-discards 9p', formatter_class=argparse.RawDescriptionHelpFormatter, help="shanten, useful tiles, and each winning tile's value by ron and tsumo", description=(
        "A hand before the win: HAND holds the 13 concealed tiles (minus 3 per meld). Prints the shanten, the "
        "useful tiles with their unseen copies and, when ready, every winning tile scored by ron and by tsumo."))
    w.add_argument("hand", help="the concealed tiles before the win, e.g. 123m456m789p2345s")
    add_hand_arguments(w)
    w.add_argument("--visible", action="append", default=[], metavar="TILES",
                   help="tiles seen elsewhere (others' discards and melds; repeatable)")
    w.add_argument("--json", action="store_true", help="print the core's JSON answer")

    dd = sub.add_parser("discards", epilog="examples:\n  tenbou discards 123m456m789p23459s --riichi --seat S\n"
                        "  tenbou discards 111m99m123p456p789s --players 3 --kita 1 --visible 9s9s",
                        formatter_class=argparse.RawDescriptionHelpFormatter,
                        help="what to discard: every discard with its shanten, useful tiles and waits", description=(
        "A hand one tile past a hand before the win (14 tiles minus 3 per meld): every distinct discard, best "
        "first (lowest shanten, most useful tiles unseen, highest expected value of the waits)."))
    dd.add_argument("hand", help="the concealed tiles, e.g. 123m456m789p23459s")
    add_hand_arguments(dd)
    dd.add_argument("--visible", action="append", default=[], metavar="TILES",
                    help="tiles seen elsewhere (others' discards and melds; repeatable)")
    dd.add_argument("--json", action="store_true", help="print the core's JSON answer")
    return make_rest(sub, parser)


def make_rest(sub: Any, parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The other subcommands."""
    p = sub.add_parser("points", epilog='examples:\n  tenbou points --han 3 --fu 40\n  tenbou points --han 4 --fu 30 --dealer --tsumo --honba 2 --sticks 1\n  tenbou points --yakuman 2\n  tenbou points --han 103 --fu 90 --dealer --tsumo --method aotenjo --units ko', formatter_class=argparse.RawDescriptionHelpFormatter, help="payments of a bare han/fu cell")
    p.add_argument("--han", type=int, default=None, help="han (required, unless --yakuman)")
    p.add_argument("--fu", type=int, default=30, help="fu (default 30)")
    p.add_argument("--yakuman", type=int, default=0, help="yakuman multiples (han/fu ignored)")
    p.add_argument("--dealer", action="store_true")
    p.add_argument("--tsumo", action="store_true")
    p.add_argument("--method", default="fuhan", choices=["fuhan", "han_only", "aotenjo"])
    p.add_argument("--honba", type=int, default=0)
    p.add_argument("--sticks", type=int, default=0)
    p.add_argument("--players", type=int, default=4, choices=[3, 4], help="3: three-player (two payers on tsumo)")
    p.add_argument("--preset", default="tenhou")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="override one rule switch, e.g. honba_value=1500")
    p.add_argument("--units", default="en", choices=["en", "ko", "ja"])
    p.add_argument("--json", action="store_true")

    t = sub.add_parser("table", epilog='examples:\n  tenbou table --who dealer\n  tenbou table --method han_only', formatter_class=argparse.RawDescriptionHelpFormatter, help="print seed 000's dealer and non-dealer score tables")
    t.add_argument("--who", choices=["both", "dealer", "non-dealer"], default="both")
    t.add_argument("--preset", default="tenhou")
    t.add_argument("--method", default="fuhan", choices=["fuhan", "han_only", "aotenjo"])
    t.add_argument("--json", action="store_true")

    y = sub.add_parser("yaku", epilog='examples:\n  tenbou yaku\n  tenbou yaku --rules korean\n  tenbou yaku --rules hktw', formatter_class=argparse.RawDescriptionHelpFormatter, help="list the yaku with their names and han")
    y.add_argument("--rules", default="riichi", choices=["riichi", "korean", "hktw"],
                   help="korean: seed 004's table, every variant; hktw: seed 002's 56 entries")

    d = sub.add_parser("declare", epilog='examples:\n  tenbou declare 234567m234p5567p --variant nagari', formatter_class=argparse.RawDescriptionHelpFormatter, help="Korean: is a 엎어/불러 declaration legal on this 13-tile hand?")
    d.add_argument("hand", help="the 13 concealed tiles before the win (minus 3 per meld)")
    d.add_argument("--meld", action="append", metavar="KIND:TILES")
    d.add_argument("--variant", default="nagari", choices=["nagari", "samsiki", "coffee"])
    d.add_argument("--seat", default="E", choices=list("ESWN"))
    d.add_argument("--round", default="E", choices=list("ESWN"))
    d.add_argument("--bulleo", action="store_true")
    d.add_argument("--weja-bulleo", dest="weja_bulleo", action="store_true")
    d.add_argument("--double-riichi", dest="double_riichi", action="store_true", help="부지부 엎어")
    d.add_argument("--option", action="append", metavar="KEY=VALUE")
    d.add_argument("--json", action="store_true")

    m = sub.add_parser("mjlog", epilog="examples:\n  tenbou mjlog game.mjlog --check\n  tenbou mjlog logs/*.mjlog --settle --check\n"
                       "  tenbou mjlog game.mjlog > requests.jsonl", formatter_class=argparse.RawDescriptionHelpFormatter,
                       help="turn Tenhou mjlog files into requests (JSON Lines), or --check them", description=(
        "Read Tenhou game logs (mjlog XML, plain or gzip; four- and three-player) and print one score\n"
        "request per win as JSON Lines, or with --settle one line per hand end. Each file is read as a\n"
        "stream: a bad file prints what was read before its error, one error line on stderr, and the\n"
        "next file is read; the exit status is then 2. Limits: 64 MiB per log inflated, 64 KiB per tag."))
    m.add_argument("files", nargs="+", metavar="FILE", help="mjlog files (.mjlog, .xml or gzip-compressed)")
    m.add_argument("--check", action="store_true",
                   help="score every win (with --settle: settle every hand) and compare with Tenhou's record: "
                        "print the differences and a count; exit 1 if any differ")
    m.add_argument("--settle", action="store_true",
                   help="one JSON line per <AGARI>/<RYUUKYOKU>: {game, hand, kind, deltas}, each seat's point change")
    return parser


COMMANDS: Dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "score": cmd_score, "points": cmd_points, "table": cmd_table, "yaku": cmd_yaku, "mjlog": cmd_mjlog,
    "declare": cmd_declare, "waits": cmd_waits, "discards": cmd_discards,
}


def main(argv: Optional[Sequence[str]] = None, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    # Aotenjo amounts run to 30,000 digits at the 100,000-han cap: the program writes them
    # whole (Python 3.11+ caps int-to-str at 4,300 digits by default).
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
    parser = make_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse already printed the problem
        return int(e.code) if isinstance(e.code, int) else 2
    common.UNITS = getattr(args, "units", "en")
    # Tile options a player repeats accumulate: --dora 4m --dora 1z is 4m1z.
    for name in ("dora", "ura", "flowers", "own_discards", "visible"):
        if isinstance(getattr(args, name, None), list):
            setattr(args, name, "".join(getattr(args, name)))
    try:
        command = COMMANDS.get(args.command)
        if command is None:
            parser.print_help(out)
            return 2
        return command(args, out)
    except UsageError as e:
        sys.stderr.write(f"tenbou: {e}\n")
        return 2
    except MjlogError as e:  # a bad log file: one line, exit 2 (README "Input contract")
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
