"""`tenbou score`: one hand (readable or --json), one JSON request (-), or a JSON Lines stream (--jsonl)."""
from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Any, BinaryIO, Dict, Iterator, List, TextIO

from .. import _core
from ..result import yaku_names
from . import common
from .text import amount_lines
from .common import failure_text, FU_TEXT, KOREAN_PAYER_TEXT, LIMIT_TEXT, UsageError, VARIANT_TEXT, _fmt, _han_text, _pad, _tile_label, build_request, payer_texts

WIDTH = 100  # readable output fits 100 columns


def render_korean_result(d: Dict[str, Any], request: Dict[str, Any], out: TextIO) -> None:
    """The readable breakdown of a Korean result: Korean names with English beside them."""
    how = "tsumo (올라)" if request.get("tsumo") or request.get("tenhou") or request.get("chiihou") else "ron (쏘아)"
    out.write(f"Rules     Korean mahjong, {VARIANT_TEXT[d['variant']]}\n")
    out.write(f"Hand      {' '.join(d['decomposition'])}{'  flowers ' + request['flowers'] if request.get('flowers') else ''}\n")
    win = request.get("win_tile", "-")
    out.write(f"Win       {win} by {how}, {d['wait'] or '-'} wait"
              f" (seat {request.get('seat_wind', 'E')}, round {request.get('round_wind', 'E')})\n")
    out.write("Patterns (족보)\n")
    for y in d["yaku"]:
        unit = ""
        if y.get("tile"):
            unit = f" {y['tile']}"
        elif y.get("count", 1) > 1:
            unit = f" x{y['count']}"
        label = f"{y['name_ko']}  {y['name_en']}{unit}"
        kind = "base 기본" if y["kind"] == "base" else "additional 부가"
        out.write(f"  {_pad(label, 52)} {_pad(kind, 16)} {_han_text(y['han'], y['kind']):>8}\n")
    validity = "valid win" if d["win_valid"] else ("chombo (점프)" if d["chombo"] else "NOT a valid win")
    out.write(f"Value     {d['han']}판 = {d['base_han']} base + {d['additional_han']} additional;"
              f" minimum {d['min_base_han']} base: {validity}\n")
    if d["unlimited"]:
        out.write("          unlimited (판수 무한): the house ends the game on 구련보등\n")
    for m in d["messages"]:
        out.write(f"Note      {m}\n")
    if d["win_base"] is not None:
        out.write(f"Win base  {d['win_base']}\n")
    if d["points"] is not None:
        out.write(f"Points    {d['points']}\n")
        for p in d["payments"]:
            out.write(f"  {KOREAN_PAYER_TEXT[p['payer']]:<32} {_fmt(p['amount'])}\n")
        out.write(f"Total     {_fmt(d['total'])}\n")


def render_hktw_result(d: Dict[str, Any], request: Dict[str, Any], out: TextIO) -> None:
    """The readable breakdown of a Hong Kong-Taiwan result: Korean names with English beside them."""
    out.write("Rules     Hong Kong-Taiwan style (홍콩대만, seed 002)\n")
    flowers = f"  flowers {request['flowers']}" if request.get("flowers") else ""
    out.write(f"Hand      {' '.join(d['decomposition'])}{flowers}\n")
    if d["hand_ended"]:
        out.write("All eight flowers (화패 8개): the hand ends at once, nothing else is scored\n")
    else:
        how = "tsumo" if request.get("tsumo") or request.get("tenhou") or request.get("chiihou") else "ron"
        waits = " ".join(d["waits"]) or "-"
        out.write(f"Win       {request.get('win_tile', '-')} by {how}, {d['wait'] or '-'} wait; waited on {waits}"
                  f" (seat {request.get('seat_wind', 'E')}, round {request.get('round_wind', 'E')})\n")
        out.write("Patterns (족보)\n")
        for y in d["yaku"]:
            unit = f" {y['tile']}" if y.get("tile") else f" x{y['count']}" if y.get("count", 1) > 1 else ""
            label = f"{y['number']:>5}  {y['name_ko']}  {y['name_en']}{unit}"
            out.write(f"  {_pad(label, 60)} {y['points']:>5}\n")
        limit = " (house limit)" if d["limit"] else ""
        out.write(f"Value     {d['base_points']} base + {d['pattern_points']} = {d['value']}{limit}\n")
        for p in d["payments"]:
            out.write(f"  {KOREAN_PAYER_TEXT[p['payer']]:<32} {_fmt(p['amount'])}\n")
        if d["honba_bonus"]:
            out.write(f"  honba (2n+1 per payer){'':<9} {_fmt(d['honba_bonus'])}\n")
        if d["pool_bonus"]:
            out.write(f"  pool{'':<27} {_fmt(d['pool_bonus'])}\n")
        out.write(f"Total     {_fmt(d['total'])}\n")
    for p in d["instant_payments"]:
        count = f" x{p['count']}" if p["count"] > 1 else ""
        out.write(f"Instant   {p['name_ko']}{count}: {p['each']} from each other player = {_fmt(p['total'])}"
                  f" (settled apart from the hand)\n")


def render_result(d: Dict[str, Any], request: Dict[str, Any], out: TextIO) -> None:
    """The readable breakdown of a result object: yaku with han, fu items, limit, who pays what, total."""
    if not d["ok"]:  # a readable failure is an error message: stderr (the --json result stays on stdout)
        sys.stderr.write(failure_text(d["error"]))
        return
    if d.get("rules") == "korean":
        render_korean_result(d, request, out)
        return
    if d.get("rules") == "hktw":
        render_hktw_result(d, request, out)
        return
    names = yaku_names()
    how = "tsumo" if request.get("tsumo") or request.get("tenhou") or request.get("chiihou") else "ron"
    dealer = request.get("seat_wind", "E") == "E"
    kita = f" + kita {'4z' * request['kita']}" if request.get("kita") else ""
    out.write(f"Hand      {' '.join(d['decomposition'])}{kita}\n")
    wait = d["wait"] or "-"
    players = " three-player," if d.get("players") == 3 else ""
    out.write(f"Win       {request.get('win_tile', '?')} by {how}, {wait} wait,{players} {'dealer' if dealer else 'non-dealer'}"
              f" (seat {request.get('seat_wind', 'E')}, round {request.get('round_wind', 'E')})\n")
    out.write("Yaku\n")
    aotenjo_han = request.get("method") == "aotenjo" and not d["limit"]  # yakuman counted as 13 han each
    for y in d["yaku"]:
        row = names[y["key"]]
        label = f"{row['name_en']} ({row['name_ja']} / {row['name_ko']})"
        multiple = y["han"] // 13
        if row["yakuman"] and aotenjo_han:
            text = f"{y['han']} han ({'double ' if multiple == 2 else ''}yakuman)"
        elif row["yakuman"]:
            text = "yakuman" if multiple == 1 else f"{multiple}x yakuman"
        else:
            text = f"{y['han']} han"
        out.write(f"  {_pad(label, 60)} {text}\n")
    if d["fu_details"]:
        out.write("Fu\n")
        raw = 0
        for f in d["fu_details"]:
            raw += f["fu"]
            out.write(f"  {_pad(FU_TEXT.get(f['key'], f['key']) + _tile_label(f.get('tile')), 60)} {f['fu']:>3}\n")
        rounded = "" if raw == d["fu"] else f", rounded up to {d['fu']}"
        out.write(f"  {_pad('total', 60)} {raw:>3}{rounded}\n")
    method = request.get("method", "fuhan")
    if method == "aotenjo":
        head = f"{d['han']} han {d['fu']} fu, aotenjo (no limit)" if not d["limit"] else f"{d['yakuman']}x yakuman, aotenjo fixed value"
    elif d["yakuman"]:
        head = f"{d['yakuman']}x yakuman"
    elif method == "han_only":
        head = f"{d['han']} han, han-only (fu not counted)"
    else:
        head = f"{d['han']} han {d['fu']} fu"
    limit = f", {LIMIT_TEXT[d['limit']]}" if d["limit"] and method != "aotenjo" else ""
    out.write(f"Value     {head}{limit}\n")
    out.write("Payments\n")
    players = d.get("players", 4)
    texts = payer_texts(players, len(d["payments"]))
    honba_each = 0
    if d["honba_bonus"]:
        honba_each = d["honba_bonus"] if how == "ron" else d["honba_bonus"] // (players - 1)
    for p in d["payments"]:
        if honba_each:
            out.write(f"  {texts[p['payer']]:<24} {_fmt(p['amount'])} + {_fmt(honba_each)} honba\n")
        else:  # aotenjo amounts: broken between digit groups or units at 100 columns
            out.write("\n".join(amount_lines(f"  {texts[p['payer']]:<24} ", _fmt(p["amount"]), WIDTH)) + "\n")
    if d["sticks_bonus"]:
        out.write(f"  {'riichi sticks (table)':<24} {_fmt(d['sticks_bonus'])}\n")
    amounts = [p["amount"] for p in d["payments"]]
    # seed 000 3.4.1 names ron amounts and the non-dealer tsumo pairs (300-500 ...).
    short = _core.shorthand(amounts[1], amounts[0]) if len(amounts) == 2 else (_core.shorthand(amounts[0]) if how == "ron" else None)
    say = f"  ({short['romaji']} {short['kana']})" if short and common.UNITS == "en" else ""
    out.write("\n".join(amount_lines("Total     ", _fmt(d["total"]) + say, WIDTH) if not say else [f"Total     {_fmt(d['total'])}{say}"]) + "\n")


# README "Input contract": the most bytes of one request the core reads (kMaxRequestBytes).
REQUEST_LIMIT = 1 << 20


def _stdin_bytes() -> BinaryIO:
    return getattr(sys.stdin, "buffer", None) or io.BytesIO(sys.stdin.read().encode("utf-8"))


def _framed_lines(stream: BinaryIO, batch: int = 2048, chunk: int = 1 << 16) -> Iterator[List[bytes]]:
    """Batches of request lines, as the Node CLI frames them (README "Input contract").

    A line ends at b"\\n" (a b"\\r" before it is dropped); a UTF-8 BOM opening the stream is
    dropped; empty lines are skipped; every other line is passed on whatever its bytes
    (invalid UTF-8 and control characters get their own bad_json result). A line is
    kept to REQUEST_LIMIT + 1 bytes at most, so memory stays bounded."""
    lines: List[bytes] = []
    parts: List[bytes] = []
    size = 0
    first = True

    def line() -> bytes:
        nonlocal parts, size
        b = b"".join(parts)[: REQUEST_LIMIT + 1]
        parts, size = [], 0
        return b[:-1] if b.endswith(b"\r") else b

    while True:
        data = stream.read(chunk)
        if not data:
            break
        if first:
            first = False
            if data.startswith(b"\xef\xbb\xbf"):
                data = data[3:]
        start = 0
        while True:
            nl = data.find(b"\n", start)
            if nl < 0:
                break
            if size <= REQUEST_LIMIT:
                parts.append(data[start:nl])
            size += nl - start
            text = line()
            if text:
                lines.append(text)
                if len(lines) >= batch:
                    yield lines
                    lines = []
            start = nl + 1
        if start < len(data):
            if size <= REQUEST_LIMIT:
                parts.append(data[start:])
            size += len(data) - start
    if size:
        text = line()
        if text:
            lines.append(text)
    if lines:
        yield lines


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    if args.jsonl:
        # Streaming: bounded memory however many lines pass; one result line per request line.
        for batch in _framed_lines(_stdin_bytes()):
            out.write("\n".join(_core.score_json_lines(batch)) + "\n")
            out.flush()
        return 0
    if args.hand == "-":
        raw = _stdin_bytes().read(REQUEST_LIMIT + 4)
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        raw = raw[: REQUEST_LIMIT + 1]
        line = _core.score_json_lines([raw])[0]
        text = raw.decode("utf-8", "replace")
        if args.json:
            out.write(line + "\n")
        else:
            try:  # the request gives the header its context (winning tile, seat); not needed to fail
                request = json.loads(text)
            except json.JSONDecodeError:
                request = {}
            render_result(json.loads(line), request if isinstance(request, dict) else {}, out)
        return 0 if json.loads(line)["ok"] else 1
    if not args.hand:
        raise UsageError("give a HAND (e.g. 234567m234p55s678s), '-' to read a JSON request, or --jsonl")
    request = build_request(args)
    core = _core.score_result(request)
    if args.json:
        out.write(core.to_json() + "\n")
    else:
        render_result(core.as_dict(), request, out)
    return 0 if core.ok else 1
