"""Hong Kong-Taiwan style (seed 002): keyword conveniences over ``tenbou.score``.

16 tiles in play, won with a 17th: 5 sets + a pair (or a special shape), 8 flowers
``f1``-``f8`` (매난국죽 = f1-f4, 춘하추동 = f5-f8). A hand is worth 5 base points plus
its patterns; the discarder pays on ron, each of the three others on tsumo (README
"Hong Kong-Taiwan style"). Keyword names are the JSON keys of the request.

>>> from tenbou import hktw
>>> r = hktw.score("123m123p123s456s789s55z", "5z", tsumo=True)
>>> r.value, r.total
(43, 129)
>>> [(p.name_ko, p.points) for p in r.yaku]
[('무화', 1), ('독독', 2), ('문전쯔모', 5), ('3색동순', 10), ('일기통관', 20)]
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, List, Mapping, Optional

from . import _core
from . import score as _score
from .errors import error_from
from .tiles import Tile, Tiles
from .result import HktwResult

__all__ = ["request", "score", "event", "pattern_table", "rules", "EVENTS"]

EVENTS = ("closed_kan", "flower_set", "mixed_flower_set", "all_flowers", "four_winds_discarded", "dice_straight",
          "dice_triple", "chombo", "call_mistake", "exhaustive_draw")


def request(
    hand: Tiles,
    win_tile: Optional[Tile] = None,
    *,
    melds: Iterable[str] = (),
    tsumo: bool = False,
    seat_wind: str = "E",
    round_wind: str = "E",
    flowers: str = "",
    riichi: str = "none",
    ippatsu: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    flower_replacement_win: int = 0,
    kan_replacement_win: int = 0,
    chankan: int = 0,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    discards_on_table: Optional[int] = None,
    honba: int = 0,
    pool: int = 0,
    options: Optional[Mapping[str, Any]] = None,
) -> Dict[str, Any]:
    """Build a Hong Kong-Taiwan request object from keyword arguments.

    ``riichi`` is ``"none"``, ``"open_hand"`` (울어리치) or ``"closed"`` (문전리치).
    ``flower_replacement_win`` is the n of 화쯔모 (2n+1), ``kan_replacement_win`` and
    ``chankan`` the place (1-3) in a chain of consecutive kans; ``discards_on_table``
    counts the discards lying on the table when the win is declared (조기화료).
    """
    req: Dict[str, Any] = {
        "rules": "hktw",
        "hand": hand,
        "melds": list(melds),
        "seat_wind": seat_wind,
        "round_wind": round_wind,
        "flowers": flowers,
        "riichi": riichi,
        "options": dict(options or {}),
    }
    if win_tile is not None:
        req["win_tile"] = win_tile
    flags = dict(tsumo=tsumo, ippatsu=ippatsu, haitei=haitei, houtei=houtei, tenhou=tenhou, chiihou=chiihou,
                 renhou=renhou)
    req.update({k: True for k, v in flags.items() if v})
    counts = dict(flower_replacement_win=flower_replacement_win, kan_replacement_win=kan_replacement_win,
                  chankan=chankan, honba=honba, pool=pool)
    req.update({k: v for k, v in counts.items() if v})
    if discards_on_table is not None:
        req["discards_on_table"] = discards_on_table
    return req


def score(hand: Tiles, win_tile: Optional[Tile] = None, **kwargs: Any) -> HktwResult:
    """Score a Hong Kong-Taiwan hand given as keyword arguments (see :func:`request`)."""
    result = _score(request(hand, win_tile, **kwargs))
    assert isinstance(result, HktwResult)
    return result


def event(name: str, repeat: int = 1) -> Dict[str, Any]:
    """Who pays whom for an event outside a hand's value (hktw.md section 4).

    ``name`` is one of :data:`EVENTS`: the instant payments (``closed_kan`` 5 from each,
    ``flower_set`` 5, ``mixed_flower_set`` 3, ``all_flowers`` 40, ``four_winds_discarded``
    5 x ``repeat`` from the dealer to each, ``dice_straight`` / ``dice_triple``) and the
    pool payments (``chombo`` 30, ``call_mistake`` 5, ``exhaustive_draw`` 5 from every player).

    >>> event("chombo")["total"]
    30
    """
    data = _core.hktw_event({"event": name, "repeat": repeat})
    if not data["ok"]:
        raise error_from(data["error"])
    return data


def pattern_table() -> List[Dict[str, Any]]:
    """Seed 002's 56 entries as data: number, key, Korean and English names, points, seed line."""
    return _core.yaku_table("hktw")


def rules(options: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
    """The effective Hong Kong-Taiwan house options (the spec's defaults plus ``options``)."""
    data = _core.rules(dict(options or {}), "hktw")
    if data.get("ok") is False:
        raise error_from(data["error"])
    return data
