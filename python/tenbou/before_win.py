"""Before the win: shanten, ukeire and the value of each winning tile (any rule family).

>>> import tenbou
>>> w = tenbou.waits({"hand": "123m456m789p2345s", "seat_wind": "S", "riichi": True})
>>> w.shanten, [x.tile for x in w.waits]
(0, ['2s', '5s'])
>>> w.waits[0].ron                      # seed 000 note 14: the nobetan is read as tanki
<Result 1 han 40 fu: 1300 (riichi 1)>
"""
from __future__ import annotations

import collections.abc as _abc
from typing import Any, Dict, List, Mapping, NamedTuple, Optional

from . import _core
from .result import Result

__all__ = ["Shanten", "Waits", "Wait", "Useful"]

# tenbou.discards' answer and its parts are read-only mappings (compiled types): isinstance
# tells them as such.
for _view in (_core.DiscardsAnswer, _core.DiscardOption, _core.DiscardWait, _core.WaitResult):
    _abc.Mapping.register(_view)


class Useful(NamedTuple):
    """A tile that lowers the shanten, with the copies the player has not seen."""

    tile: str
    unseen: int


class Wait(NamedTuple):
    """One winning tile: its unseen copies and the full result by ron and by tsumo."""

    tile: str
    unseen: int
    ron: Result
    tsumo: Result


class Shanten:
    """Shanten of a hand before the win (``-1`` complete, ``0`` tenpai) and its useful tiles."""

    __slots__ = ("_d", "_method")

    def __init__(self, data: Mapping[str, Any], method: str = "fuhan") -> None:
        self._d = data
        self._method = method

    def as_dict(self) -> Dict[str, Any]:
        """The core's answer: ``{"ok", "shanten", "forms", "ukeire", ...}``."""
        return dict(self._d)

    @property
    def shanten(self) -> int:
        return int(self._d["shanten"])

    @property
    def forms(self) -> Dict[str, Optional[int]]:
        """Per form: ``standard``, ``seven_pairs``, ``thirteen_orphans`` (None where it cannot apply)."""
        return dict(self._d["forms"])

    @property
    def ukeire(self) -> List[Useful]:
        return [Useful(u["tile"], int(u["unseen"])) for u in self._d["ukeire"]]

    @property
    def ukeire_unseen(self) -> int:
        return int(self._d["ukeire_unseen"])

    def __repr__(self) -> str:
        tiles = " ".join(u["tile"] for u in self._d["ukeire"])
        return f"<Shanten {self.shanten}: {self._d['ukeire_tiles']} useful tiles ({tiles}), {self.ukeire_unseen} unseen>"


class Waits(Shanten):
    """:class:`Shanten` plus, for a ready hand, every winning tile with its scores."""

    __slots__ = ()

    @property
    def waits(self) -> List[Wait]:
        if isinstance(self._d, _core.WaitsAnswer):  # the core's answer: each Result over its own copy
            made = _core._result_from_data
            return [Wait(tile, unseen, made(ron, self._method) if type(ron) is dict else ron,
                         made(tsumo, self._method) if type(tsumo) is dict else tsumo)
                    for tile, unseen, ron, tsumo in self._d._results(self._method)]
        out = []
        for w in self._d["waits"]:
            ron: Result = _core._result_from_data(w["ron"], self._method)
            tsumo: Result = _core._result_from_data(w["tsumo"], self._method)
            out.append(Wait(w["tile"], int(w["unseen"]), ron, tsumo))
        return out

    @property
    def furiten(self) -> bool:
        """A winning tile is among ``own_discards``: no ron is allowed (the ron results show the value only)."""
        return bool(self._d["furiten"])

    def __repr__(self) -> str:
        if self.shanten > 0:
            return f"<Waits: not ready (shanten {self.shanten})>"
        tiles = ", ".join(f"{w['tile']} ({w['unseen']} unseen)" for w in self._d["waits"])
        return f"<Waits {tiles}{' furiten' if self.furiten else ''}>"
