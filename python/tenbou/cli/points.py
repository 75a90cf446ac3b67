"""`tenbou points`: the payments of a bare han/fu cell."""
from __future__ import annotations

import argparse
import json
from typing import TextIO

from .. import points as _points
from .common import LIMIT_TEXT, UsageError, _fmt, parse_options, payer_texts


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
    elif not p.ok:
        out.write(f"No such score: {p.error['message'] if p.error else ''}\n")
    else:
        d = p.as_dict()
        limit = f" ({LIMIT_TEXT[d['limit']]})" if d["limit"] else ""
        fu = "" if d["method"] == "han_only" else f" {d['fu']} fu"
        out.write(f"{d['han']} han{fu}{limit} ({d['method']}): base points {_fmt(d['base_points'])}\n")
        texts = payer_texts(d.get("players", 4), len(d["payments"]))
        for pay in p.payments:
            out.write(f"  {texts[pay.payer]:<24} {_fmt(pay.amount)}\n")
        if d["honba_bonus"]:
            out.write(f"  {'honba (' + str(args.honba) + ')':<24} {_fmt(d['honba_bonus'])}\n")
        if d["sticks_bonus"]:
            out.write(f"  {'riichi sticks (' + str(args.sticks) + ')':<24} {_fmt(d['sticks_bonus'])}\n")
        out.write(f"Total {_fmt(p.total)}\n")
    return 0 if p.ok else 1
