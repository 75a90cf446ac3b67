"""Korean mahjong (seed 004): keyword conveniences over ``tenbou.score``.

The three house variants are the seed table's columns: ``nagari`` (나가리),
``samsiki`` (삼식이) and ``coffee`` (커피향). Keyword names are the JSON keys
of the request (README "Korean mahjong").

>>> from tenbou import korean
>>> r = korean.score("234567m234p55678p", "6p", tsumo=True)
>>> r.base_han, r.additional_han, r.win_valid
(3, 1, True)
>>> [(y.name_ko, y.han) for y in r.yaku]
[('멘젠', 1), ('쓰무', 1), ('당요', 1), ('겐쇼', 1)]
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, List, Mapping, Optional

from . import _core
from . import score as _score
from .errors import error_from
from .tiles import Tile, Tiles
from .result import KoreanResult

__all__ = ["VARIANTS", "request", "score", "declaration", "yaku_table", "rules"]

VARIANTS = ("nagari", "samsiki", "coffee")


def request(
    hand: Tiles,
    win_tile: Optional[Tile] = None,
    *,
    variant: str = "nagari",
    melds: Iterable[str] = (),
    tsumo: bool = False,
    seat_wind: str = "E",
    round_wind: str = "E",
    flowers: str = "",
    riichi: str = "none",
    double_riichi: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    own_discards: Tiles = "",
    options: Optional[Mapping[str, Any]] = None,
) -> Dict[str, Any]:
    """Build a Korean request object from keyword arguments.

    ``riichi`` is ``"none"``, ``"eopeo"`` (엎어), ``"bulleo"`` (불러) or
    ``"weja_bulleo"`` (외자불러); ``double_riichi`` is 부지부 엎어. ``win_tile``
    may be None only for ``tenhou`` (천화 has no last tile).
    """
    req: Dict[str, Any] = {
        "rules": "korean",
        "variant": variant,
        "hand": hand,
        "melds": list(melds),
        "seat_wind": seat_wind,
        "round_wind": round_wind,
        "flowers": flowers,
        "riichi": riichi,
        "own_discards": own_discards,
        "options": dict(options or {}),
    }
    if win_tile is not None:
        req["win_tile"] = win_tile
    flags = dict(tsumo=tsumo, double_riichi=double_riichi, haitei=haitei, houtei=houtei, rinshan=rinshan,
                 chankan=chankan, tenhou=tenhou, chiihou=chiihou, renhou=renhou)
    req.update({k: True for k, v in flags.items() if v})
    return req


def score(hand: Tiles, win_tile: Optional[Tile] = None, **kwargs: Any) -> KoreanResult:
    """Score a Korean hand given as keyword arguments (see :func:`request`)."""
    result = _score(request(hand, win_tile, **kwargs))
    assert isinstance(result, KoreanResult)
    return result


def declaration(hand: Tiles, **kwargs: Any) -> Dict[str, Any]:
    """Whether declaring 엎어/불러 on this 13-tile hand is legal (seed 004 L105-107).

    Legal only if every winning tile, by ron and by tsumo, reaches the minimum
    base han. Returns ``{"ok": True, "legal": bool, "waits": [...], "reason": str | None}``.

    >>> declaration("222m345m567m55p78p", riichi="eopeo")["reason"]
    'winning on 9p by ron gives 1판 of base yaku, below the minimum 2판'
    """
    req = request(hand, None, **kwargs)
    data = _core.korean_declaration(req)
    if not data["ok"]:
        raise error_from(data["error"])
    return data


def yaku_table() -> List[Dict[str, Any]]:
    """The seed's table as data: key, Korean and English names, han and kind per variant, seed line."""
    return _core.yaku_table("korean")


def rules(options: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
    """The effective Korean house options (defaults plus ``options``)."""
    data = _core.rules(dict(options or {}), "korean")
    if data.get("ok") is False:
        raise error_from(data["error"])
    return data
