"""`tenbou table`: seed 000's score tables, computed."""
from __future__ import annotations

import argparse
import json
from typing import Any, Dict, List, TextIO

from .. import points as _points
from .common import LIMIT_TEXT


TABLE_FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]


def table_cells(dealer: bool, preset: str = "tenhou", method: str = "fuhan") -> List[Dict[str, Any]]:
    """Every cell of seed 000's score table (section 3.3 dealer / 3.4 non-dealer), by method."""
    cells = []
    for han in range(1, 14):
        for fu in TABLE_FU:
            ron = _points(han, fu, dealer=dealer, tsumo=False, method=method, options={"preset": preset})
            tsumo = _points(han, fu, dealer=dealer, tsumo=True, method=method, options={"preset": preset})
            cells.append({
                "han": han, "fu": fu,
                "ron": int(ron.total) if ron.ok else None,
                "tsumo": [int(p.amount) for p in tsumo.payments] if tsumo.ok else None,
                "limit": ron.limit if ron.ok else (tsumo.limit if tsumo.ok else None),
            })
    return cells


def han_only_rows(preset: str = "tenhou") -> List[Dict[str, Any]]:
    """seed 000 section 2's han-only table: per han, non-dealer and dealer, ron and tsumo."""
    rows = []
    for han in range(1, 14):
        row: Dict[str, Any] = {"han": han}
        for who, dealer in (("non_dealer", False), ("dealer", True)):
            ron = _points(han, None, dealer=dealer, method="han_only", options={"preset": preset})
            tsumo = _points(han, None, dealer=dealer, tsumo=True, method="han_only", options={"preset": preset})
            row[who] = {"ron": int(ron.total), "tsumo": [int(p.amount) for p in tsumo.payments], "limit": ron.limit}
        rows.append(row)
    return rows


def _cell_text(cell: Dict[str, Any], dealer: bool) -> str:
    if cell["ron"] is None and cell["tsumo"] is None:
        return "-"
    # digit groups, as every amount the command line writes (the han-only table too)
    ron = f"{cell['ron']:,}" if cell["ron"] is not None else "-"
    if cell["tsumo"] is None:
        tsumo = "-"
    elif dealer:
        tsumo = f"{cell['tsumo'][0]:,} all"
    else:
        tsumo = f"{cell['tsumo'][1]:,}, {cell['tsumo'][0]:,}"
    return f"{ron} ({tsumo})"


def cmd_table(args: argparse.Namespace, out: TextIO) -> int:
    which = [True, False] if args.who == "both" else [args.who == "dealer"]
    if args.method == "han_only":
        han_rows = han_only_rows(args.preset)
        if args.json:
            out.write(json.dumps(han_rows, separators=(",", ":")) + "\n")
            return 0
        out.write("Han-only method (seed 000 section 2): ron (tsumo)\n")
        out.write(f"{'han':<6}{'non-dealer':<28}dealer\n")
        for han_row in han_rows:
            nd, de = han_row["non_dealer"], han_row["dealer"]
            label = f"{LIMIT_TEXT[nd['limit']]} " if nd["limit"] else ""
            nd_text = f"{nd['ron']:,} ({nd['tsumo'][1]:,}-{nd['tsumo'][0]:,})"
            de_text = f"{de['ron']:,} ({de['tsumo'][0]:,} all)"
            out.write(f"{han_row['han']:<6}{nd_text:<28}{de_text:<24}{label}".rstrip() + "\n")
        return 0
    if args.json:
        out.write(json.dumps({("dealer" if d else "non_dealer"): table_cells(d, args.preset, args.method) for d in which},
                             separators=(",", ":")) + "\n")
        return 0
    for dealer in which:
        title = "Dealer (親) score table" if dealer else "Non-dealer (子) score table"
        sub = "ron (tsumo: each pays ... all)" if dealer else "ron (tsumo: non-dealer, dealer)"
        if args.method == "aotenjo":
            sub += ", aotenjo: no limits"
        out.write(f"{title}: {sub}\n")
        cells = table_cells(dealer, args.preset, args.method)
        # Four fu columns at a time, so a line fits a 100-column terminal (aotenjo cells, which
        # grow with han, are written one to a line instead).
        width = 22
        groups = [TABLE_FU[i:i + 4] for i in range(0, len(TABLE_FU), 4)] if args.method != "aotenjo" else [[fu] for fu in TABLE_FU]
        limited: List[int] = []
        for group in groups:
            out.write("han  " + "".join(f"{str(fu) + ' fu':<{width}}" for fu in group).rstrip() + "\n")
            for han in range(1, 14):
                row = [c for c in cells if c["han"] == han]
                limit = row[-1]["limit"]
                if limit and all(c["limit"] for c in row):
                    limited.append(han)
                    continue
                text = "".join(f"{_cell_text(c, dealer):<{width}}" for c in row if c["fu"] in group).rstrip()
                out.write(f"{han:<5}{text}\n")
            out.write("\n")
        for han in sorted(set(limited)):
            row = [c for c in cells if c["han"] == han]
            out.write(f"{han:<5}{LIMIT_TEXT[row[-1]['limit']]} {_cell_text(row[-1], dealer)}\n")
        out.write("\n")
    return 0
