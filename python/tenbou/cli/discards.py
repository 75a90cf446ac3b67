"""`tenbou discards`: what to discard."""
from __future__ import annotations

import argparse
from typing import TextIO

from .. import _core
from .common import _before_win_answer, _short_result
from .text import wrap_items

WIDTH = 100  # the readable answer fits 100 columns unless --wide


def cmd_discards(args: argparse.Namespace, out: TextIO) -> int:
    data = _before_win_answer(args, _core.discards, out)
    if data is None:
        return 1 if args.failed else 0
    state = "complete (a winning hand already)" if data["shanten"] < 0 else (
        "tenpai after the best discard" if data["shanten"] == 0 else f"{data['shanten']}-shanten")
    out.write(f"Hand      {args.hand}{'  ' + ' '.join(args.meld) if args.meld else ''}: {state}\n")
    out.write(f"{'discard':<9}{'shanten':>7}{'useful':>8}  tiles (unseen) / waits: ron, tsumo\n")
    for d in data["discards"]:
        head = f"{d['tile']:<9}{d['shanten']:>7}{d['ukeire_unseen']:>8}  "
        if d["waits"]:
            items = [f"{w['tile']}({w['unseen']}) {_short_result(w['ron'])}, {_short_result(w['tsumo'])}" for w in d["waits"]]
            if d["furiten"]:
                items[-1] += " [furiten]"
            sep = "; "
        else:
            items = [f"{u['tile']}({u['unseen']})" for u in d["ukeire"]]
            sep = " "
        if args.wide:
            out.write((head + sep.join(items)).rstrip() + "\n")
        else:
            out.write("\n".join(wrap_items(head, items, WIDTH, sep)) + "\n")
    return 0
