"""`tenbou points`: the payments of a bare han/fu cell."""
from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from .. import points as _points
from .text import amount_lines
from .common import LIMIT_TEXT, UsageError, _fmt, parse_options, payer_texts, yakuman_text

WIDTH = 100


def cmd_points(args: argparse.Namespace, out: TextIO) -> int:
    if args.han is None and not args.yakuman:
        raise UsageError("points: give --han N (and --fu N, 30 by default) or --yakuman N")
    options = parse_options(args.option, preset=args.preset)
    p = _points(args.han if args.han is not None else 13 * args.yakuman, args.fu, dealer=args.dealer, tsumo=args.tsumo,
                method=args.method,
                honba=args.honba, riichi_sticks=args.sticks, yakuman=args.yakuman, options=options,
                players=args.players)
    if args.json:
        out.write(json.dumps(p.as_dict(), ensure_ascii=False, separators=(",", ":")) + "\n")
    elif not p.ok:  # an error message: stderr (the --json result stays on stdout)
        sys.stderr.write(f"tenbou: no such score: {p.error['message'] if p.error else ''}\n")
    else:
        d = p.as_dict()
        if args.yakuman:  # not "26 han 0 fu (yakuman)": the multiple is the value
            value = yakuman_text(args.yakuman)
        else:
            limit = f" ({LIMIT_TEXT[d['limit']]})" if d["limit"] else ""
            fu = "" if d["method"] == "han_only" else f" {d['fu']} fu"
            value = f"{d['han']} han{fu}{limit}"
        # aotenjo amounts run to thousands of digits: broken between digit groups or units at 100 columns
        lines = amount_lines(f"{value} ({d['method']}): base points ", _fmt(d["base_points"]), WIDTH)
        texts = payer_texts(d.get("players", 4), len(d["payments"]))
        for pay in p.payments:
            lines += amount_lines(f"  {texts[pay.payer]:<24} ", _fmt(pay.amount), WIDTH)
        if d["honba_bonus"]:
            lines += amount_lines(f"  {'honba (' + str(args.honba) + ')':<24} ", _fmt(d["honba_bonus"]), WIDTH)
        if d["sticks_bonus"]:
            lines += amount_lines(f"  {'riichi sticks (' + str(args.sticks) + ')':<24} ", _fmt(d["sticks_bonus"]), WIDTH)
        lines += amount_lines("Total ", _fmt(p.total), WIDTH)
        out.write("\n".join(lines) + "\n")
    return 0 if p.ok else 1
