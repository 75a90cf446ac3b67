"""`tenbou discards`: what to discard."""
from __future__ import annotations

import argparse
from typing import TextIO

from .. import _core
from .common import _before_win_answer, _short_result


def cmd_discards(args: argparse.Namespace, out: TextIO) -> int:
    data = _before_win_answer(args, _core.discards, out)
    if data is None:
        return 0
    state = "complete (a winning hand already)" if data["shanten"] < 0 else (
        "tenpai after the best discard" if data["shanten"] == 0 else f"{data['shanten']}-shanten")
    out.write(f"Hand      {args.hand}{'  ' + ' '.join(args.meld) if args.meld else ''}: {state}\n")
    out.write(f"{'discard':<9}{'shanten':>7}{'useful':>8}  tiles (unseen) / waits: ron, tsumo\n")
    for d in data["discards"]:
        if d["waits"]:
            detail = "; ".join(f"{w['tile']}({w['unseen']}) {_short_result(w['ron'])}, {_short_result(w['tsumo'])}"
                               for w in d["waits"]) + (" [furiten]" if d["furiten"] else "")
        else:
            detail = " ".join(f"{u['tile']}({u['unseen']})" for u in d["ukeire"])
        out.write(f"{d['tile']:<9}{d['shanten']:>7}{d['ukeire_unseen']:>8}  {detail}\n")
    return 0
