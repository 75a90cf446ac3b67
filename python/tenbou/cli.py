"""The ``tenbou`` command line: score, points, table, yaku, declare, mjlog.

Exit status: 0 scored, 1 the single request's result is ``ok: false``, 2 unusable arguments.
"""
from __future__ import annotations

import argparse
import io
import json
import sys
import unicodedata
from typing import BinaryIO, Any, Dict, Iterable, Iterator, List, Optional, Sequence, TextIO

from . import _core, points as _points
from .errors import InvalidRequestError
from .mjlog import MjlogError
from .result import format_amount, yaku_names

PAYER_TEXT = {"discarder": "the discarder pays", "dealer": "the dealer pays", "non_dealer": "each non-dealer pays"}


def payer_texts(players: int, lines: int) -> Dict[str, str]:
    """Payer labels; in three-player a non-dealer's tsumo has one other non-dealer paying."""
    if players == 3 and lines == 2:
        return dict(PAYER_TEXT, non_dealer="the other non-dealer pays")
    return PAYER_TEXT
LIMIT_TEXT = {
    "mangan": "mangan 満貫",
    "haneman": "haneman 跳満",
    "baiman": "baiman 倍満",
    "sanbaiman": "sanbaiman 三倍満",
    "kazoe_yakuman": "kazoe yakuman 数え役満",
    "yakuman": "yakuman 役満",
}
FU_TEXT = {
    "base": "base (futei)",
    "chiitoitsu": "seven pairs, fixed",
    "closed_ron": "closed ron",
    "tsumo": "tsumo",
    "wait_kanchan": "kanchan wait",
    "wait_penchan": "penchan wait",
    "wait_tanki": "tanki wait",
    "pair_dragon": "dragon pair",
    "pair_seat_wind": "seat wind pair",
    "pair_round_wind": "round wind pair",
    "pair_double_wind": "double wind pair",
    "pair_north_wind": "North pair (three-player value tile)",
    "open_triplet_simple": "open triplet, simples",
    "open_triplet_terminal": "open triplet, terminals/honours",
    "closed_triplet_simple": "closed triplet, simples",
    "closed_triplet_terminal": "closed triplet, terminals/honours",
    "open_kan_simple": "open kan, simples",
    "open_kan_terminal": "open kan, terminals/honours",
    "closed_kan_simple": "closed kan, simples",
    "closed_kan_terminal": "closed kan, terminals/honours",
    "open_pinfu": "open pinfu shape raised to 30",
    "han_only": "han-only method, fixed",
    "kokushi": "thirteen orphans (aotenjo house fu)",
}
FLAGS = ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou"]
# Flags a Korean request takes as they are (riichi and the declarations are mapped separately).
KOREAN_FLAGS = ["tsumo", "double_riichi", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou"]
VARIANT_TEXT = {"nagari": "나가리 (nagari)", "samsiki": "삼식이 (samsiki)", "coffee": "커피향 (coffee)"}
KOREAN_PAYER_TEXT = {"discarder": "the discarder pays", "each_other": "each of the three others pays"}


class UsageError(Exception):
    """Unusable command-line arguments (exit status 2)."""


def _parse_option(text: str) -> Any:
    if "=" not in text:
        raise UsageError(f"--option expects KEY=VALUE, got {text!r}")
    key, value = text.split("=", 1)
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def _last_tile(hand: str) -> str:
    """The last tile written in compact notation: '123m45p6p' -> '6p'."""
    suit = None
    for ch in reversed(hand.strip()):
        if suit is None:
            if ch in "mpsz":
                suit = ch
                continue
            break
        if ch.isdigit():
            return ch + suit
        break
    # No tile at the end (a digit without its suit, an upper-case letter ...): the core reads
    # HAND first and names what is wrong with it; a HAND it can read needs --win.
    probe = _core.score({"hand": hand, "win_tile": "1z"})
    err = probe.error
    if err and err["code"] == "invalid_input" and err.get("field") == "hand" and err["reason"] == "bad_tile":
        raise InvalidRequestError(err["message"], err["reason"], "hand")
    raise UsageError("give the winning tile with --win (or end HAND with a tile such as 5m)")


def build_korean_request(args: argparse.Namespace, before_win: bool = False) -> Dict[str, Any]:
    """The Korean request for `tenbou score --rules korean HAND ...` arguments."""
    riichi_only = [name for name, given in [
        ("--dora", args.dora), ("--ura", args.ura), ("--honba", args.honba), ("--sticks", args.sticks),
        ("--ippatsu", args.ippatsu), ("--method", args.method != "fuhan"), ("--preset", args.preset != "tenhou")] if given]
    if riichi_only:
        raise UsageError(f"{', '.join(riichi_only)}: not part of Korean rules (see README 'Korean mahjong')")
    options: Dict[str, Any] = {}
    for opt in args.option or []:
        key, value = _parse_option(opt)
        options[key] = value
    declared = "weja_bulleo" if args.weja_bulleo else "bulleo" if args.bulleo else "eopeo" if args.riichi else "none"
    req: Dict[str, Any] = {
        "rules": "korean",
        "variant": args.variant,
        "hand": args.hand,
        "melds": list(args.meld or []),
        "seat_wind": args.seat,
        "round_wind": args.round,
        "flowers": args.flowers,
        "riichi": declared,
        "own_discards": args.own_discards,
        "options": options,
    }
    if before_win:
        req.update(_before_win_keys(args))
    elif not (args.tenhou and not args.win):
        req["win_tile"] = args.win or _last_tile(args.hand)
    for flag in KOREAN_FLAGS:
        if getattr(args, flag):
            req[flag] = True
    return req


HKTW_FLAGS = ["tsumo", "ippatsu", "haitei", "houtei", "tenhou", "chiihou", "renhou"]


def build_hktw_request(args: argparse.Namespace, before_win: bool = False) -> Dict[str, Any]:
    """The Hong Kong-Taiwan request for `tenbou score --rules hktw HAND ...` arguments (or a
    hand before the win, for waits and discards)."""
    riichi_only = [name for name, given in [
        ("--dora", args.dora), ("--ura", args.ura), ("--sticks", args.sticks), ("--double-riichi", args.double_riichi),
        ("--rinshan", args.rinshan), ("--method", args.method != "fuhan"), ("--preset", args.preset != "tenhou"),
        ("--variant", args.variant != "nagari"), ("--bulleo", args.bulleo), ("--weja-bulleo", args.weja_bulleo)] if given]
    if riichi_only:
        raise UsageError(f"{', '.join(riichi_only)}: not part of Hong Kong-Taiwan rules (see README 'Hong Kong-Taiwan style')")
    options: Dict[str, Any] = {}
    for opt in args.option or []:
        key, value = _parse_option(opt)
        options[key] = value
    req: Dict[str, Any] = {
        "rules": "hktw",
        "hand": args.hand,
        "melds": list(args.meld or []),
        "seat_wind": args.seat,
        "round_wind": args.round,
        "flowers": args.flowers,
        "options": options,
    }
    if before_win:
        req.update(_before_win_keys(args))
    elif not (args.tenhou and not args.win):
        req["win_tile"] = args.win or _last_tile(args.hand)
    if args.riichi:
        req["riichi"] = True  # closed (문전리치) or open_hand (울어리치), as the melds say
    for flag in HKTW_FLAGS:
        if getattr(args, flag):
            req[flag] = True
    if args.chankan:
        req["chankan"] = args.chain or 1
    for key in ("flower_replacement_win", "kan_replacement_win", "discards_on_table", "honba", "pool"):
        value = getattr(args, key)
        if value:
            req[key] = value
    return req


def _before_win_keys(args: argparse.Namespace) -> Dict[str, Any]:
    keys: Dict[str, Any] = {}
    if args.visible:
        keys["visible"] = args.visible
    if args.own_discards:
        keys["own_discards"] = args.own_discards
    return keys


def build_request(args: argparse.Namespace, before_win: bool = False) -> Dict[str, Any]:
    """The contract request for `tenbou score HAND ...` (or `tenbou waits HAND ...`) arguments."""
    if before_win and (args.win or args.tsumo):
        raise UsageError("waits scores every winning tile by ron and by tsumo: give no --win or --tsumo")
    if args.rules != "riichi" and (args.players != 4 or args.kita):
        raise UsageError("--players and --kita: three-player Riichi only (--rules riichi)")
    if args.rules == "korean":
        return build_korean_request(args, before_win)
    if args.rules == "hktw":
        return build_hktw_request(args, before_win)
    hktw_only = [name for name, given in [
        ("--flower-replacement-win", args.flower_replacement_win), ("--kan-replacement-win", args.kan_replacement_win),
        ("--chain", args.chain), ("--discards-on-table", args.discards_on_table is not None), ("--pool", args.pool)]
        if given]
    if hktw_only:
        raise UsageError(f"{', '.join(hktw_only)}: Hong Kong-Taiwan rules only (add --rules hktw)")
    korean_only = [name for name, given in [
        ("--variant", args.variant != "nagari"), ("--flowers", args.flowers), ("--bulleo", args.bulleo),
        ("--weja-bulleo", args.weja_bulleo), ("--own-discards", args.own_discards and not before_win)] if given]
    if korean_only:
        raise UsageError(f"{', '.join(korean_only)}: Korean rules only (add --rules korean)")
    options: Dict[str, Any] = {"preset": args.preset}
    for opt in args.option or []:
        key, value = _parse_option(opt)
        options[key] = value
    req: Dict[str, Any] = {
        "rules": "riichi",
        "method": args.method,
        "hand": args.hand,
        "melds": list(args.meld or []),
        "seat_wind": args.seat,
        "round_wind": args.round,
        "dora_indicators": args.dora,
        "ura_indicators": args.ura,
        "honba": args.honba,
        "riichi_sticks": args.sticks,
        "options": options,
    }
    if args.players != 4 or args.kita:
        req["players"] = args.players
        req["kita"] = args.kita
    if before_win:
        req.update(_before_win_keys(args))
    else:
        req["win_tile"] = args.win or _last_tile(args.hand)
    for flag in FLAGS:
        if getattr(args, flag):
            req[flag] = True
    return req


def _pad(text: str, width: int) -> str:
    """Left-justify by display width: CJK characters take two terminal columns."""
    cols = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - cols)


def _rjust(text: str, width: int) -> str:
    """Right-justify by display width."""
    cols = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return " " * max(0, width - cols) + text


_UNITS = "en"  # set from --units: how amounts are written


def _fmt(n: Any) -> str:
    return format_amount(n, _UNITS)


def _tile_label(t: Optional[str]) -> str:
    return f" ({t})" if t else ""


def _han_text(han: Optional[int], kind: str) -> str:
    if han is None:
        return "? (불명)"
    return f"{'+' if kind == 'additional' else ''}{han}판"


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
    if not d["ok"]:
        out.write(f"Not scored ({d['error']['code']}): {d['error']['message']}\n")
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
        extra = f" + {_fmt(honba_each)} honba" if honba_each else ""
        out.write(f"  {texts[p['payer']]:<24} {_fmt(p['amount'])}{extra}\n")
    if d["sticks_bonus"]:
        out.write(f"  {'riichi sticks (table)':<24} {_fmt(d['sticks_bonus'])}\n")
    amounts = [p["amount"] for p in d["payments"]]
    # seed 000 3.4.1 names ron amounts and the non-dealer tsumo pairs (300-500 ...).
    short = _core.shorthand(amounts[1], amounts[0]) if len(amounts) == 2 else (_core.shorthand(amounts[0]) if how == "ron" else None)
    say = f"  ({short['romaji']} {short['kana']})" if short and _UNITS == "en" else ""
    out.write(f"Total     {_fmt(d['total'])}{say}\n")


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
    core = _core.score(request)
    if args.json:
        out.write(core.to_json() + "\n")
    else:
        render_result(core.as_dict(), request, out)
    return 0 if core.ok else 1


def cmd_points(args: argparse.Namespace, out: TextIO) -> int:
    if args.han is None and not args.yakuman:
        raise UsageError("points: give --han N (and --fu N, 30 by default) or --yakuman N")
    options: Dict[str, Any] = {"preset": args.preset}
    for opt in args.option or []:
        key, value = _parse_option(opt)
        options[key] = value
    p = _points(args.han if args.han is not None else 13 * args.yakuman, args.fu, dealer=args.dealer, tsumo=args.tsumo,
                method=args.method,
                honba=args.honba, riichi_sticks=args.sticks, yakuman=args.yakuman, options=options,
                players=args.players)
    if args.json:
        out.write(json.dumps(p.as_dict(), ensure_ascii=False, separators=(",", ":")) + "\n")
    elif not p.ok:
        out.write(f"No such score: {p.error['message'] if p.error else ''}\n")
    else:
        d = p.as_dict()
        limit = f" ({LIMIT_TEXT[d['limit']]})" if d["limit"] else ""
        fu = "" if d["method"] == "han_only" else f" {d['fu']} fu"
        out.write(f"{d['han']} han{fu}{limit} ({d['method']}): base points {_fmt(d['base_points'])}\n")
        texts = payer_texts(d.get("players", 4), len(d["payments"]))
        for pay in p.payments:
            out.write(f"  {texts[pay.payer]:<24} {_fmt(pay.amount)}\n")
        if d["honba_bonus"]:
            out.write(f"  {'honba (' + str(args.honba) + ')':<24} {_fmt(d['honba_bonus'])}\n")
        if d["sticks_bonus"]:
            out.write(f"  {'riichi sticks (' + str(args.sticks) + ')':<24} {_fmt(d['sticks_bonus'])}\n")
        out.write(f"Total {_fmt(p.total)}\n")
    return 0 if p.ok else 1


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
    ron = str(cell["ron"]) if cell["ron"] is not None else "-"
    if cell["tsumo"] is None:
        tsumo = "-"
    elif dealer:
        tsumo = f"{cell['tsumo'][0]} all"
    else:
        tsumo = f"{cell['tsumo'][1]}, {cell['tsumo'][0]}"
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
            out.write(f"{han_row['han']:<6}{nd_text:<28}{de_text:<24}{label}\n")
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


def _short_result(d: Dict[str, Any]) -> str:
    """One cell of the waits table: the value of one way to win."""
    if not d["ok"]:
        return "no yaku" if d["error"]["code"] == "no_yaku" else d["error"]["code"]
    if d.get("rules") == "hktw":
        return f"{d['value']} points  {_fmt(d['total'])}"
    if d.get("rules") == "korean":
        valid = "" if d["win_valid"] else (" chombo" if d["chombo"] else " below minimum")
        return f"{d['han']}판 ({d['base_han']}+{d['additional_han']}){valid}"
    value = f"{d['yakuman']}x yakuman" if d["yakuman"] else f"{d['han']} han {d['fu']} fu"
    return f"{value}  {_fmt(d['total'])}"


def _before_win_answer(args: argparse.Namespace, analyse: Any, out: TextIO) -> Optional[Dict[str, Any]]:
    """The core's answer for a hand before the win (waits, discards); None once written as --json."""
    data: Dict[str, Any] = analyse(build_request(args, before_win=True))
    if not data["ok"]:
        raise InvalidRequestError(data["error"]["message"], data["error"].get("reason", ""), data["error"].get("field", ""))
    if args.json:
        out.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
        return None
    return data


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


def cmd_declare(args: argparse.Namespace, out: TextIO) -> int:
    from . import korean

    options: Dict[str, Any] = {}
    for opt in args.option or []:
        key, value = _parse_option(opt)
        options[key] = value
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


def cmd_mjlog_settle(args: argparse.Namespace, out: TextIO) -> int:
    """One JSON line per hand end: each seat's point change, as Tenhou's sc records it."""
    from . import mjlog

    total = mismatched = 0
    for path in args.files:
        cache: Dict[int, Dict[str, Any]] = {}  # one settlement for all wins on one discard
        for end in mjlog.hand_ends_from_file(path):
            key = end.hand  # a hand ends once: its wins share one settlement
            if key not in cache:
                cache = {key: _core.settle(end.settlement)}
            result = cache[key]
            if not result["ok"]:
                deltas: Any = None
                error = result["error"]["message"]
            elif end.winner is None:
                deltas, error = result["deltas"], ""
            else:
                mine = [w["deltas"] for w in result["wins"] if w["winner"] == end.winner]
                deltas = mine[0] if mine else [0] * len(end.recorded)
                error = ""
            total += 1
            if args.check:
                if deltas != end.recorded:
                    mismatched += 1
                    out.write(f"{end.game}#{end.hand}: {end.kind} settles as {deltas or error}, recorded {end.recorded}\n")
                continue
            line: Dict[str, Any] = {"game": end.game, "hand": end.hand, "kind": end.kind, "deltas": deltas}
            if error:
                line["error"] = error
            out.write(json.dumps(line, separators=(",", ":")) + "\n")
    if args.check:
        out.write(f"{total - mismatched} of {total} hands settle as recorded\n")
        return 0 if mismatched == 0 else 1
    return 0


def cmd_mjlog(args: argparse.Namespace, out: TextIO) -> int:
    from . import mjlog

    if args.settle:
        return cmd_mjlog_settle(args, out)
    total = mismatched = 0
    for path in args.files:
        wins = list(mjlog.wins_from_file(path))
        if not args.check:
            for w in wins:
                out.write(json.dumps(w.request, separators=(",", ":")) + "\n")
            continue
        batch = _core.score_many([w.request for w in wins])
        for i, w in enumerate(wins):
            r = batch.get(i)
            total += 1
            problems = compare_with_tenhou(r.as_dict(), w.expected)
            if problems:
                mismatched += 1
                out.write(f"{w.source}: {'; '.join(problems)}\n")
    if args.check:
        out.write(f"{total - mismatched} of {total} wins agree with Tenhou\n")
        return 0 if mismatched == 0 else 1
    return 0


def compare_with_tenhou(d: Dict[str, Any], e: Any) -> List[str]:
    """Differences between a result and what Tenhou recorded (empty when they agree)."""
    if not d["ok"]:
        return [f"not scored: {d['error']['message']}"]
    problems = []
    ours = {y["key"]: y["han"] for y in d["yaku"]}
    # Tenhou counts three-player kita (nukidora) under its dora id.
    if "kita" in ours:
        ours["dora"] = ours.get("dora", 0) + ours.pop("kita")
    if ours != e.yaku:
        problems.append(f"yaku {ours} != {e.yaku}")
    if d["han"] != e.han:
        problems.append(f"han {d['han']} != {e.han}")
    if d["fu"] != e.fu:
        problems.append(f"fu {d['fu']} != {e.fu}")
    value = d["total"] - d["honba_bonus"] - d["sticks_bonus"]
    if value != e.points:
        problems.append(f"points {value} != {e.points}")
    # Tenhou writes kazoe yakuman with the yakuman limit code.
    limit = "yakuman" if d["limit"] == "kazoe_yakuman" else d["limit"]
    if limit != e.limit:
        problems.append(f"limit {d['limit']} != {e.limit}")
    return problems


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tenbou", description="Score mahjong hands (Riichi; Korean; Hong Kong-Taiwan).")
    parser.add_argument("--version", action="version", version=f"tenbou {_core.__version__}")
    sub = parser.add_subparsers(dest="command")

    s = sub.add_parser("score", epilog='examples:\n  tenbou score 234567m234p55s678s --win 5m --tsumo --riichi --seat S --dora 4m\n  tenbou score 234m678p345s99m --meld pon:777z --win 9m --seat S\n  tenbou score 111m99m123p456p789s --win 9m --riichi --players 3 --kita 2\n  tenbou score 1112345678999m5m --rules korean --variant samsiki\n  echo \'{"hand":"234567m234p55s678s","win_tile":"5m","riichi":true}\' | tenbou score --jsonl', formatter_class=argparse.RawDescriptionHelpFormatter, help="score a hand", description=(
        "Score a hand. HAND holds the concealed tiles including the winning tile; the winning tile is --win, "
        "or the last tile written in HAND."))
    s.add_argument("hand", nargs="?", help="concealed tiles incl. the winning tile, e.g. 234567m234p55s678s; '-' reads a JSON request from stdin")
    add_hand_arguments(s)
    s.add_argument("--json", action="store_true", help="print the contract's JSON result")
    s.add_argument("--jsonl", action="store_true", help="read JSON Lines requests on stdin, write one result line each")

    w = sub.add_parser("waits", epilog='examples:\n  tenbou waits 123m456m789p2345s --riichi --seat S\n  tenbou waits 19m19p19s1234567z --visible 1m1m --own-discards 9p', formatter_class=argparse.RawDescriptionHelpFormatter, help="shanten, useful tiles, and each winning tile's value by ron and tsumo", description=(
        "A hand before the win: HAND holds the 13 concealed tiles (minus 3 per meld). Prints the shanten, the "
        "useful tiles with their unseen copies and, when ready, every winning tile scored by ron and by tsumo."))
    w.add_argument("hand", help="the concealed tiles before the win, e.g. 123m456m789p2345s")
    add_hand_arguments(w)
    w.add_argument("--visible", action="append", default=[], metavar="TILES",
                   help="tiles seen elsewhere (others' discards and melds; repeatable)")
    w.add_argument("--json", action="store_true", help="print the core's JSON answer")

    dd = sub.add_parser("discards", epilog="examples:\n  tenbou discards 123m456m789p23459s --riichi --seat S\n"
                        "  tenbou discards 111m99m123p456p789s --players 3 --kita 1 --visible 9s9s",
                        formatter_class=argparse.RawDescriptionHelpFormatter,
                        help="what to discard: every discard with its shanten, useful tiles and waits", description=(
        "A hand one tile past a hand before the win (14 tiles minus 3 per meld): every distinct discard, best "
        "first (lowest shanten, most useful tiles unseen, highest expected value of the waits)."))
    dd.add_argument("hand", help="the concealed tiles, e.g. 123m456m789p23459s")
    add_hand_arguments(dd)
    dd.add_argument("--visible", action="append", default=[], metavar="TILES",
                    help="tiles seen elsewhere (others' discards and melds; repeatable)")
    dd.add_argument("--json", action="store_true", help="print the core's JSON answer")
    return make_rest(sub, parser)


def add_hand_arguments(s: argparse.ArgumentParser) -> None:
    """The request arguments `score` and `waits` share."""
    s.add_argument("--win", help="the winning tile, e.g. 5m (default: the last tile written in HAND)")
    s.add_argument("--meld", action="append", metavar="KIND:TILES", help="a meld: chi:456m, pon:777z, kan:1111p, kakan:5505m, ankan:9999s (repeatable)")
    for flag in FLAGS:
        s.add_argument("--" + flag.replace("_", "-"), dest=flag, action="store_true", help=f"the win is {flag.replace('_', ' ')}")
    s.add_argument("--seat", default="E", choices=list("ESWN"), help="seat wind (E = dealer)")
    s.add_argument("--round", default="E", choices=list("ESWN"), help="round wind")
    s.add_argument("--dora", action="append", default=[], metavar="TILES",
                   help="dora indicators, e.g. 4m1z (repeatable: --dora 4m --dora 1z)")
    s.add_argument("--ura", action="append", default=[], metavar="TILES", help="ura dora indicators (riichi hands; repeatable)")
    s.add_argument("--honba", type=int, default=0)
    s.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    s.add_argument("--players", type=int, default=4, choices=[3, 4], help="3: three-player Riichi (sanma: no 2m-8m, no chi, seats E/S/W)")
    s.add_argument("--kita", type=int, default=0, metavar="N", help="three-player: North tiles set aside as dora (0-4)")
    s.add_argument("--preset", default="tenhou", help="rule preset: tenhou, mahjongsoul, wrc, mleague")
    s.add_argument("--option", action="append", metavar="KEY=VALUE", help="override one rule switch, e.g. kiriage=true (repeatable)")
    s.add_argument("--method", default="fuhan", choices=["fuhan", "han_only", "aotenjo"], help="calculation method (seed 000)")
    s.add_argument("--units", default="en", choices=["en", "ko", "ja"], help="write amounts with digit groups (en) or myriad units (ko, ja)")
    s.add_argument("--rules", default="riichi", choices=["riichi", "korean", "hktw"], help="rule family")
    s.add_argument("--variant", default="nagari", choices=["nagari", "samsiki", "coffee"], help="Korean house variant (나가리, 삼식이, 커피향)")
    s.add_argument("--flowers", action="append", default=[], metavar="FLOWERS",
                   help="flowers held, e.g. f1f3: Korean 춘하추동 = f1-f4; Hong Kong-Taiwan 매난국죽 = f1-f4, 춘하추동 = f5-f8")
    s.add_argument("--flower-replacement-win", dest="flower_replacement_win", type=int, default=0, metavar="N",
                   help="Hong Kong-Taiwan: won on a flower replacement after N consecutive flowers (화쯔모, 2N+1)")
    s.add_argument("--kan-replacement-win", dest="kan_replacement_win", type=int, default=0, metavar="N",
                   help="Hong Kong-Taiwan: won on the replacement of the N-th consecutive kan (깡쯔모)")
    s.add_argument("--chain", type=int, default=0, metavar="N",
                   help="Hong Kong-Taiwan with --chankan: the robbed kan was the N-th of a chain (창깡 1/30/60)")
    s.add_argument("--discards-on-table", dest="discards_on_table", type=int, default=None, metavar="N",
                   help="Hong Kong-Taiwan: discards on the table when the win is declared (조기화료)")
    s.add_argument("--pool", type=int, default=0, help="Hong Kong-Taiwan: points in the pool the winner takes")
    s.add_argument("--bulleo", action="store_true", help="Korean: declared 불러 (open riichi; --riichi is 엎어)")
    s.add_argument("--weja-bulleo", dest="weja_bulleo", action="store_true", help="Korean: declared 외자불러")
    s.add_argument("--own-discards", dest="own_discards", action="append", default=[], metavar="TILES",
                   help="the player's own discards (Korean: 구련보등 furiten; waits: furiten)")


def make_rest(sub: Any, parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The other subcommands."""
    p = sub.add_parser("points", epilog='examples:\n  tenbou points --han 3 --fu 40\n  tenbou points --han 4 --fu 30 --dealer --tsumo --honba 2 --sticks 1\n  tenbou points --yakuman 2\n  tenbou points --han 103 --fu 90 --dealer --tsumo --method aotenjo --units ko', formatter_class=argparse.RawDescriptionHelpFormatter, help="payments of a bare han/fu cell")
    p.add_argument("--han", type=int, default=None, help="han (required, unless --yakuman)")
    p.add_argument("--fu", type=int, default=30, help="fu (default 30)")
    p.add_argument("--yakuman", type=int, default=0, help="yakuman multiples (han/fu ignored)")
    p.add_argument("--dealer", action="store_true")
    p.add_argument("--tsumo", action="store_true")
    p.add_argument("--method", default="fuhan", choices=["fuhan", "han_only", "aotenjo"])
    p.add_argument("--honba", type=int, default=0)
    p.add_argument("--sticks", type=int, default=0)
    p.add_argument("--players", type=int, default=4, choices=[3, 4], help="3: three-player (two payers on tsumo)")
    p.add_argument("--preset", default="tenhou")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="override one rule switch, e.g. honba_value=1500")
    p.add_argument("--units", default="en", choices=["en", "ko", "ja"])
    p.add_argument("--json", action="store_true")

    t = sub.add_parser("table", epilog='examples:\n  tenbou table --who dealer\n  tenbou table --method han_only', formatter_class=argparse.RawDescriptionHelpFormatter, help="print seed 000's dealer and non-dealer score tables")
    t.add_argument("--who", choices=["both", "dealer", "non-dealer"], default="both")
    t.add_argument("--preset", default="tenhou")
    t.add_argument("--method", default="fuhan", choices=["fuhan", "han_only", "aotenjo"])
    t.add_argument("--json", action="store_true")

    y = sub.add_parser("yaku", epilog='examples:\n  tenbou yaku\n  tenbou yaku --rules korean\n  tenbou yaku --rules hktw', formatter_class=argparse.RawDescriptionHelpFormatter, help="list the yaku with their names and han")
    y.add_argument("--rules", default="riichi", choices=["riichi", "korean", "hktw"],
                   help="korean: seed 004's table, every variant; hktw: seed 002's 56 entries")

    d = sub.add_parser("declare", epilog='examples:\n  tenbou declare 234567m234p5567p --variant nagari', formatter_class=argparse.RawDescriptionHelpFormatter, help="Korean: is a 엎어/불러 declaration legal on this 13-tile hand?")
    d.add_argument("hand", help="the 13 concealed tiles before the win (minus 3 per meld)")
    d.add_argument("--meld", action="append", metavar="KIND:TILES")
    d.add_argument("--variant", default="nagari", choices=["nagari", "samsiki", "coffee"])
    d.add_argument("--seat", default="E", choices=list("ESWN"))
    d.add_argument("--round", default="E", choices=list("ESWN"))
    d.add_argument("--bulleo", action="store_true")
    d.add_argument("--weja-bulleo", dest="weja_bulleo", action="store_true")
    d.add_argument("--double-riichi", dest="double_riichi", action="store_true", help="부지부 엎어")
    d.add_argument("--option", action="append", metavar="KEY=VALUE")
    d.add_argument("--json", action="store_true")

    m = sub.add_parser("mjlog", epilog='examples:\n  tenbou mjlog game.mjlog --check\n  tenbou mjlog logs/*.mjlog --settle --check\n  tenbou mjlog game.mjlog > requests.jsonl', formatter_class=argparse.RawDescriptionHelpFormatter, help="turn Tenhou mjlog files into requests (JSON Lines), or --check them")
    m.add_argument("files", nargs="+")
    m.add_argument("--check", action="store_true", help="score every win (or, with --settle, settle every hand) and compare with Tenhou's record")
    m.add_argument("--settle", action="store_true",
                   help="one JSON line per <AGARI>/<RYUUKYOKU>: {game, hand, kind, deltas} (each seat's point change)")
    return parser


class _Parser(argparse.ArgumentParser):
    pass


def main(argv: Optional[Sequence[str]] = None, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    # Aotenjo amounts run to 30,000 digits at the 100,000-han cap: the program writes them
    # whole (Python 3.11+ caps int-to-str at 4,300 digits by default).
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
    parser = make_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse already printed the problem
        return int(e.code) if isinstance(e.code, int) else 2
    global _UNITS
    _UNITS = getattr(args, "units", "en")
    # Tile options a player repeats accumulate: --dora 4m --dora 1z is 4m1z.
    for name in ("dora", "ura", "flowers", "own_discards", "visible"):
        if isinstance(getattr(args, name, None), list):
            setattr(args, name, "".join(getattr(args, name)))
    try:
        if args.command == "score":
            return cmd_score(args, out)
        if args.command == "points":
            return cmd_points(args, out)
        if args.command == "table":
            return cmd_table(args, out)
        if args.command == "yaku":
            return cmd_yaku(args, out)
        if args.command == "mjlog":
            return cmd_mjlog(args, out)
        if args.command == "declare":
            return cmd_declare(args, out)
        if args.command == "waits":
            return cmd_waits(args, out)
        if args.command == "discards":
            return cmd_discards(args, out)
        parser.print_help(out)
        return 2
    except UsageError as e:
        sys.stderr.write(f"tenbou: {e}\n")
        return 2
    except MjlogError as e:  # a bad log file: one line, exit 2 (README "Input contract")
        sys.stderr.write(f"tenbou: {e}\n")
        return 2
    except InvalidRequestError as e:
        # The command line was usable but what it asked for is invalid input: as a
        # single request whose result is ok: false (exit 1; README "Input contract").
        sys.stderr.write(f"tenbou: {e}\n")
        return 1
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
