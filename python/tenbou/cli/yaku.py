"""`tenbou yaku`: the yaku catalogue of a rule family."""
from __future__ import annotations

import argparse
from typing import Any, Dict, List, TextIO

from .. import _core
from .text import columns


def korean_cell(row: Dict[str, Any], variant: str) -> str:
    """A Korean table cell as the seed writes it (L10): "+" additional, "-" 0 han, 불명 unknown."""
    han = row["han"][variant]
    if han is None and not row["local"]:
        return "불명"
    if han is None or han == 0:
        return "-"
    return ("+" if row["kind"][variant] == "additional" else "") + str(han)


def riichi_value(row: Dict[str, Any]) -> str:
    if row["yakuman"]:
        return "yakuman" + (", closed only" if row["han_open"] == 0 else "")
    if row["han_open"] == 0:
        return f"{row['han_closed']} han, closed only"
    if row["han_open"] != row["han_closed"]:
        return f"{row['han_closed']} han ({row['han_open']} open)"
    return f"{row['han_closed']} han"


def yaku_lines(rules: str, wide: bool) -> List[str]:
    """The table as lines: within 100 columns, or with --wide the keys and seed lines too."""
    if rules == "hktw":
        rows = [["no."] + (["key"] if wide else []) + ["족보", "English", "points"] + (["seed 002"] if wide else [])]
        for row in _core.yaku_table("hktw"):
            value = str(row["points"])
            if "points_alt" in row:
                value += f" ({row['points_alt']} {row['alt_when']})"
            if row["class"] == "instant":
                value = "instant"
            rows.append([str(row["number"])] + ([row["key"]] if wide else []) + [row["name_ko"], row["name_en"], value]
                        + ([f"L{row['seed_line']}"] if wide else []))
        return columns(rows, right=[len(rows[0]) - (2 if wide else 1)])
    if rules == "korean":
        variants = ("nagari", "samsiki", "coffee")
        rows = [(["key"] if wide else []) + ["족보", "English", "나가리", "삼식이", "커피향"] + (["seed 004"] if wide else [])]
        for row in _core.yaku_table("korean"):
            rows.append(([row["key"]] if wide else []) + [row["name_ko"], row["name_en"]]
                        + [korean_cell(row, v) for v in variants] + ([f"L{row['seed_line']}"] if wide else []))
        first = 3 if wide else 2
        return columns(rows, right=[first, first + 1, first + 2])
    rows = [(["key"] if wide else []) + ["English", "日本語", "한국어", "han"]]
    for row in _core.yaku_table():
        rows.append(([row["key"]] if wide else []) + [row["name_en"], row["name_ja"], row["name_ko"], riichi_value(row)])
    return columns(rows)


def cmd_yaku(args: argparse.Namespace, out: TextIO) -> int:
    out.write("\n".join(yaku_lines(args.rules, args.wide)) + "\n")
    return 0
