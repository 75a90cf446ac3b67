"""`tenbou yaku`: the yaku catalogue of a rule family."""
from __future__ import annotations

import argparse
from typing import TextIO

from .. import _core
from .common import _pad, _rjust


def cmd_yaku(args: argparse.Namespace, out: TextIO) -> int:
    if args.rules == "hktw":
        out.write(f"{'no.':<6}{'key':<34} {_pad('족보', 16)} {_pad('English', 46)} {'points':>8}   seed 002\n")
        for row in _core.yaku_table("hktw"):
            value = str(row["points"])
            if "points_alt" in row:
                value += f" ({row['points_alt']} {row['alt_when']})"
            if row["class"] == "instant":
                value = "instant"
            out.write(f"{row['number']:<6}{row['key']:<34} {_pad(row['name_ko'], 16)} {_pad(row['name_en'], 46)} "
                      f"{value:>8}   L{row['seed_line']}\n")
        return 0
    if args.rules == "korean":
        out.write(f"{'key':<14} {_pad('족보', 18)} {_pad('English', 38)} "
                  + " ".join(_rjust(v, 6) for v in ("나가리", "삼식이", "커피향")) + "   seed 004\n")
        for row in _core.yaku_table("korean"):
            cells = []
            for v in ("nagari", "samsiki", "coffee"):
                han = row["han"][v]
                # as the seed writes the table (L10): "+" additional, "-" 0 han, 불명 unknown
                cells.append("불명" if han is None and not row["local"] else "-" if han is None or han == 0 else
                             ("+" if row["kind"][v] == "additional" else "") + str(han))
            out.write(f"{row['key']:<14} {_pad(row['name_ko'], 18)} {_pad(row['name_en'], 38)} "
                      + " ".join(_rjust(c, 6) for c in cells) + f"   L{row['seed_line']}\n")
        return 0
    for row in _core.yaku_table():
        if row["yakuman"]:
            value = "yakuman" + (", closed only" if row["han_open"] == 0 else "")
        elif row["han_open"] == 0:
            value = f"{row['han_closed']} han, closed only"
        elif row["han_open"] != row["han_closed"]:
            value = f"{row['han_closed']} han ({row['han_open']} open)"
        else:
            value = f"{row['han_closed']} han"
        out.write(f"{row['key']:<16} {_pad(row['name_en'], 38)} {_pad(row['name_ja'], 20)} {_pad(row['name_ko'], 16)} {value}\n")
    return 0
