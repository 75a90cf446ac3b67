"""`tenbou waits`: shanten, useful tiles and every wait's value for a hand before the win."""
from __future__ import annotations

import argparse
from typing import TextIO

from .. import _core
from .common import _before_win_answer, _pad, _short_result


def cmd_waits(args: argparse.Namespace, out: TextIO) -> int:
    data = _before_win_answer(args, _core.waits, out)
    if data is None:
        return 0
    forms = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in data["forms"].items() if v is not None)
    state = "tenpai" if data["shanten"] == 0 else ("complete" if data["shanten"] < 0 else f"{data['shanten']}-shanten")
    out.write(f"Hand      {args.hand}{'  ' + ' '.join(args.meld) if args.meld else ''}: {state} ({forms})\n")
    if data["shanten"] == 0:
        out.write(f"{'wait':<6}{'unseen':>6}   {_pad('ron', 30)} tsumo\n")
        for w in data["waits"]:
            out.write(f"{w['tile']:<6}{w['unseen']:>6}   {_pad(_short_result(w['ron']), 30)} {_short_result(w['tsumo'])}\n")
        if data["furiten"]:
            out.write("Furiten: a winning tile is among your discards, so no ron.\n")
    useful = " ".join(f"{u['tile']}({u['unseen']})" for u in data["ukeire"])
    out.write(f"Useful    {data['ukeire_tiles']} tiles, {data['ukeire_unseen']} unseen: {useful}\n")
    return 0
