"""Pieces every command of the command line shares: request building from arguments, text layout, amounts."""
from __future__ import annotations

import argparse
import json
from typing import Any, Dict, List, Optional, TextIO

from .. import _core
from ..errors import InvalidRequestError
from ..result import format_amount
from .text import pad, rjust

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
        raise UsageError(f"--option expects KEY=VALUE, got '{text}'")
    key, value = text.split("=", 1)
    try:  # strict JSON, as JavaScript's JSON.parse reads it (no NaN or Infinity)
        return key, json.loads(value, parse_constant=_no_constant)
    except ValueError:
        return key, value


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def parse_options(texts: Optional[List[str]], **base: Any) -> Dict[str, Any]:
    """The request's "options" from repeated --option KEY=VALUE (values read as JSON when they
    parse, else as text), on top of `base` (e.g. preset=...)."""
    options: Dict[str, Any] = dict(base)
    for text in texts or []:
        key, value = _parse_option(text)
        options[key] = value
    return options


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
    probe = _core.score_result({"hand": hand, "win_tile": "1z"})
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
    options = parse_options(args.option)
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
    options = parse_options(args.option)
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
    if before_win:  # waits and discards take every winning tile, by ron and by tsumo: no --win, no --tsumo
        args = argparse.Namespace(**vars(args), win=None, tsumo=False)
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
    options = parse_options(args.option, preset=args.preset)
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


_pad, _rjust = pad, rjust  # the names the command modules use


UNITS = "en"  # set from --units (main): how amounts are written


def _fmt(n: Any) -> str:
    return format_amount(n, UNITS)


def _tile_label(t: Optional[str]) -> str:
    return f" ({t})" if t else ""


def _han_text(han: Optional[int], kind: str) -> str:
    if han is None:
        return "? (불명)"
    return f"{'+' if kind == 'additional' else ''}{han}판"



def failure_text(error: Dict[str, Any]) -> str:
    """The stderr line of an ok: false result in readable mode: invalid input as the core words it,
    other failures (not_winning, no_yaku, impossible ...) with their code."""
    if error["code"] == "invalid_input":
        return f"tenbou: {error['message']}\n"
    return f"tenbou: not scored ({error['code']}): {error['message']}\n"


def yakuman_text(multiple: int) -> str:
    """1 yakuman, 2 double yakuman, 3 triple ... (seed 000: 더블역만 / ダブル役満)."""
    return {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}.get(multiple, f"{multiple}x yakuman")


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
    """The core's answer for a hand before the win (waits, discards); None once written as --json
    (the answer, ok or not, goes to stdout; args.failed says which, for the exit status)."""
    if not args.hand:
        raise UsageError(f"give a HAND (e.g. 123m456m789p2345s){', or --jsonl' if hasattr(args, 'jsonl') else ''}")
    data: Dict[str, Any] = analyse(build_request(args, before_win=True))
    args.failed = not data["ok"]
    if args.json:
        out.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
        return None
    if not data["ok"]:
        raise InvalidRequestError(data["error"]["message"], data["error"].get("reason", ""), data["error"].get("field", ""))
    return data
