"""Typed convenience for Riichi requests: keyword arguments named as the JSON keys."""
from __future__ import annotations

from typing import Any, Dict, Iterable, Mapping, Optional

from . import score as _score
from .tiles import Tile, Tiles
from .result import Result

__all__ = ["score", "request"]


def request(
    hand: Tiles,
    win_tile: Tile,
    *,
    melds: Iterable[str] = (),
    tsumo: bool = False,
    seat_wind: str = "E",
    round_wind: str = "E",
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    dora_indicators: Tiles = "",
    ura_indicators: Tiles = "",
    honba: int = 0,
    riichi_sticks: int = 0,
    method: str = "fuhan",
    options: Optional[Mapping[str, Any]] = None,
    players: int = 4,
    kita: int = 0,
) -> Dict[str, Any]:
    """Build the contract's request object from keyword arguments.

    ``players=3`` scores a three-player (sanma) hand; ``kita`` counts its North tiles
    set aside as dora (README "Three-player")."""
    req: Dict[str, Any] = {
        "rules": "riichi",
        "method": method,
        "hand": hand,
        "melds": list(melds),
        "win_tile": win_tile,
        "seat_wind": seat_wind,
        "round_wind": round_wind,
        "dora_indicators": dora_indicators,
        "ura_indicators": ura_indicators,
        "honba": honba,
        "riichi_sticks": riichi_sticks,
        "options": dict(options or {}),
    }
    # Only flags that are set: an explicit `tsumo: false` beside `tenhou` is a contradiction.
    flags = dict(tsumo=tsumo, riichi=riichi, double_riichi=double_riichi, ippatsu=ippatsu, rinshan=rinshan,
                 chankan=chankan, haitei=haitei, houtei=houtei, tenhou=tenhou, chiihou=chiihou, renhou=renhou)
    req.update({k: True for k, v in flags.items() if v})
    if players != 4 or kita:  # four-player requests stay as they were
        req["players"] = players
        req["kita"] = kita
    return req


def score(hand: Tiles, win_tile: Tile, **kwargs: Any) -> Result:
    """Score a Riichi hand given as keyword arguments (see :func:`request`).

    >>> from tenbou import riichi
    >>> riichi.score("234567m234p55s678s", "5m", tsumo=True, riichi=True, seat_wind="S").total
    5200
    """
    return _score(request(hand, win_tile, **kwargs))
