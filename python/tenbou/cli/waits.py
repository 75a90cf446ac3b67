"""`tenbou waits`: shanten, useful tiles and every wait's value for a hand before the win."""
from __future__ import annotations

import argparse
import json
from typing import Any, Dict, List, TextIO, Tuple

from .. import _core
from .common import _before_win_answer, _no_constant, _pad, _short_result
from .score import _framed_lines, _stdin_bytes
from .text import wrap_items

WIDTH = 100  # the readable answer fits 100 columns unless --wide


def _unique_keys(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    """A JSON object whose keys are all different (the core refuses a repeated key as bad_json)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise ValueError("duplicate key")
    return obj


def waits_line(raw: bytes) -> str:
    """One answer line of `waits --jsonl` (the Node CLI's waitsLine): the core's answer to a request
    line, or its error as a result line."""
    try:  # strict JSON as the core reads it (no NaN or Infinity); the core's analysis takes a dict
        request = json.loads(raw.decode("utf-8"), parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except ValueError:  # not UTF-8, not JSON: the core's own bad_json result
        return _core.score_json_lines([raw])[0]
    if not isinstance(request, dict):
        return _core.score_json_lines([raw])[0]
    return json.dumps(_core.waits(request), ensure_ascii=False, separators=(",", ":"))


def cmd_waits(args: argparse.Namespace, out: TextIO) -> int:
    if args.jsonl:
        for batch in _framed_lines(_stdin_bytes()):
            out.write("\n".join(waits_line(raw) for raw in batch) + "\n")
            out.flush()
        return 0
    data = _before_win_answer(args, _core.waits, out)
    if data is None:
        return 1 if args.failed else 0
    forms = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in data["forms"].items() if v is not None)
    state = "tenpai" if data["shanten"] == 0 else ("complete" if data["shanten"] < 0 else f"{data['shanten']}-shanten")
    out.write(f"Hand      {args.hand}{'  ' + ' '.join(args.meld) if args.meld else ''}: {state} ({forms})\n")
    if data["shanten"] == 0:
        out.write(f"{'wait':<6}{'unseen':>6}   {_pad('ron', 30)} tsumo\n")
        for w in data["waits"]:
            out.write(f"{w['tile']:<6}{w['unseen']:>6}   {_pad(_short_result(w['ron']), 30)} {_short_result(w['tsumo'])}\n")
        if data["furiten"]:
            out.write("Furiten: a winning tile is among your discards, so no ron.\n")
    head = f"Useful    {data['ukeire_tiles']} tiles, {data['ukeire_unseen']} unseen: "
    useful = [f"{u['tile']}({u['unseen']})" for u in data["ukeire"]]
    if args.wide:
        out.write(head + " ".join(useful) + "\n")
    else:
        out.write("\n".join(wrap_items(head, useful, WIDTH)) + "\n")
    return 0
