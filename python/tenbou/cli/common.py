"""Pieces every command of the command line shares: request building from arguments, text layout, amounts."""
from __future__ import annotations

import argparse
import json
import unicodedata
from typing import Any, Dict, List, Optional, TextIO

from .. import _core
from ..errors import InvalidRequestError
from ..result import format_amount

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


def _pad(text: str, width: int) -> str:
    """Left-justify by display width: CJK characters take two terminal columns."""
    cols = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - cols)


def _rjust(text: str, width: int) -> str:
    """Right-justify by display width."""
    cols = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return " " * max(0, width - cols) + text


UNITS = "en"  # set from --units (main): how amounts are written


def _fmt(n: Any) -> str:
    return format_amount(n, UNITS)


def _tile_label(t: Optional[str]) -> str:
    return f" ({t})" if t else ""


def _han_text(han: Optional[int], kind: str) -> str:
    if han is None:
        return "? (불명)"
    return f"{'+' if kind == 'additional' else ''}{han}판"



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


