"""`tenbou declare`: is a Korean 엎어/불러 declaration legal?"""
from __future__ import annotations

import argparse
import json
from typing import TextIO

from .common import parse_options


def cmd_declare(args: argparse.Namespace, out: TextIO) -> int:
    from .. import korean

    options = parse_options(args.option)
    riichi = "weja_bulleo" if args.weja_bulleo else "bulleo" if args.bulleo else "eopeo"
    data = korean.declaration(args.hand, variant=args.variant, melds=args.meld or [], seat_wind=args.seat,
                              round_wind=args.round, riichi=riichi, double_riichi=args.double_riichi, options=options)
    if args.json:
        out.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    else:
        out.write(f"Waits     {' '.join(data['waits']) or '-'}\n")
        out.write("Legal     yes: every winning tile reaches the minimum base han\n" if data["legal"]
                  else f"Legal     no (점프 if declared): {data['reason']}\n")
    return 0 if data["legal"] else 1
