"""`tenbou discards`: what to discard."""
from __future__ import annotations

import argparse
import math
from typing import Any, Dict, TextIO

from .. import _core
from .common import _before_win_answer, _short_result
from .text import wrap_items

WIDTH = 100  # the readable answer fits 100 columns unless --wide


def _ev_request(args: argparse.Namespace) -> Dict[str, Any]:
    """The request's "ev" object from --ev, --turns, --objective (any of them asks for it)."""
    ev: Dict[str, Any] = {}
    if args.turns is not None:
        ev["turns"] = args.turns
    if args.objective is not None:
        ev["objective"] = args.objective
    return ev


def _percent(p: float) -> str:
    return f"{math.floor(p * 1000 + 0.5) / 10:.1f}%"  # half up, as the Node CLI rounds


def _points(x: float) -> str:
    return f"{math.floor(x + 0.5):,}"


def ev_cells(ev: Dict[str, Any]) -> str:
    """win %, tenpai %, expected points: the --ev columns of one discard."""
    return f"{_percent(ev['win']):>7}{_percent(ev['tenpai']):>8}{_points(ev['score']):>8}  "


def cmd_discards(args: argparse.Namespace, out: TextIO) -> int:
    with_ev = args.ev or args.turns is not None or args.objective is not None
    analyse = (lambda request: _core.discards({**request, "ev": _ev_request(args)})) if with_ev else _core.discards
    data = _before_win_answer(args, analyse, out)
    if data is None:
        return 1 if args.failed else 0
    state = "complete (a winning hand already)" if data["shanten"] < 0 else (
        "tenpai after the best discard" if data["shanten"] == 0 else f"{data['shanten']}-shanten")
    out.write(f"Hand      {args.hand}{'  ' + ' '.join(args.meld) if args.meld else ''}: {state}\n")
    ev_head = f"{'win':>7}{'tenpai':>8}{'points':>8}  " if with_ev else ""
    out.write(f"{'discard':<9}{'shanten':>7}{'useful':>8}  {ev_head}tiles (unseen) / waits: ron, tsumo\n")
    for d in data["discards"]:
        head = f"{d['tile']:<9}{d['shanten']:>7}{d['ukeire_unseen']:>8}  " + (ev_cells(d["ev"]) if with_ev else "")
        if d["waits"]:
            items = [f"{w['tile']}({w['unseen']}) {_short_result(w['ron'])}, {_short_result(w['tsumo'])}" for w in d["waits"]]
            if d["furiten"]:
                items[-1] += " [furiten]"
            sep = "; "
        else:
            items = [f"{u['tile']}({u['unseen']})" for u in d["ukeire"]]
            sep = " "
        if with_ev and "riichi" in d["ev"]:
            items.append(f"[riichi {_points(d['ev']['riichi']['score'])}, dama {_points(d['ev']['dama']['score'])}]")
        if args.wide:
            out.write((head + sep.join(items)).rstrip() + "\n")
        else:
            out.write("\n".join(wrap_items(head, items, WIDTH, sep)) + "\n")
    if with_ev:
        ev = data["ev"]
        out.write(f"ev: self-draw within {ev['turns']} draws, best {ev['objective']} first; "
                  f"policy {ev['policy']} ({ev['states']:,} states)\n")
    return 0
