"""Exceptions raised for invalid input.

Every one is a :class:`ValueError` subclass carrying the core's ``reason`` (a
stable sub-code), the request ``field`` at fault and a message naming what and
where, e.g. ``hand: unknown character 'x' at position 4``.
"""
from __future__ import annotations

from typing import Dict, Optional, Type

__all__ = [
    "TenbouError",
    "InvalidRequestError",
    "InvalidJSONError",
    "UnknownKeyError",
    "InvalidValueError",
    "InvalidTileError",
    "TileCountError",
    "TooManyCopiesError",
    "InvalidMeldError",
    "WinTileMissingError",
    "ImpossibleFlagsError",
    "UnsupportedError",
    "TileNotInRulesError",
    "MeldNotInRulesError",
    "InvalidFlowerError",
    "DuplicateFlowerError",
    "RecordError",
    "TableError",
]


class TenbouError(Exception):
    """Base of every tenbou exception."""


class InvalidRequestError(TenbouError, ValueError):
    """A request the core refused: the message says what is wrong and where."""

    def __init__(self, message: str, reason: str = "", field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.field = field


class InvalidJSONError(InvalidRequestError):
    """The request text is not valid JSON (reason ``bad_json``)."""


class UnknownKeyError(InvalidRequestError):
    """A request or option key the contract does not define (``unknown_key``)."""


class InvalidValueError(InvalidRequestError):
    """A field of the wrong type or out of range (``bad_type``, ``bad_value``)."""


class InvalidTileError(InvalidRequestError):
    """Tile notation that cannot be read: unknown character, digit without suit, ``8z`` (``bad_tile``)."""


class TileCountError(InvalidRequestError):
    """The hand does not hold 14 tiles minus 3 per meld (``tile_count``)."""


class TooManyCopiesError(InvalidRequestError):
    """A fifth copy of a tile, or a second red five, counting hand, melds and indicators (``too_many_copies``)."""


class InvalidMeldError(InvalidRequestError):
    """A meld string that is not a meld (``bad_meld``)."""


class WinTileMissingError(InvalidRequestError):
    """The winning tile is not among the hand's tiles (``win_tile_missing``)."""


class ImpossibleFlagsError(InvalidRequestError):
    """Situational flags that cannot happen together, e.g. chankan with tsumo (``bad_flags``)."""


class UnsupportedError(InvalidRequestError):
    """A rule family or method this version does not score yet (``unsupported``)."""


class TileNotInRulesError(InvalidTileError):
    """A tile the rule family does not use, e.g. souzu or a red five in Korean mahjong (``tile_not_in_rules``)."""


class MeldNotInRulesError(InvalidMeldError):
    """A meld the rule family does not allow, e.g. chi in Korean mahjong (``meld_not_in_rules``)."""


class InvalidFlowerError(InvalidRequestError):
    """Flower notation that cannot be read, or a flower past the set (f5 in Korean rules) (``bad_flower``)."""


class DuplicateFlowerError(InvalidFlowerError):
    """The same flower given twice: there is one of each (``duplicate_flower``)."""


class RecordError(InvalidRequestError):
    """A game record that cannot be read (``bad_record``): one line naming the record, the event
    (mjlog: its index among the log's events from 0; mjai: its line from 1) and what is wrong.
    ``event``, ``tag`` and ``attribute`` say where (None where the message names none);
    ``output`` holds what the replay wrote before the error (it stays valid)."""

    def __init__(self, message: str, event: Optional[int] = None, tag: Optional[str] = None,
                 attribute: Optional[str] = None) -> None:
        super().__init__(message, "bad_record", "")
        self.event = event
        self.tag = tag
        self.attribute = attribute
        self.output = ""


class TableError(TenbouError, ValueError):
    """A table :func:`tenbou.score_table` cannot read: no ``hand`` column, a column of a type it
    does not read, malformed Arrow arrays. ``column`` names the column (``"options.preset"`` for a
    struct's field, ``"melds.item"`` for a list's items; empty for the table itself)."""

    def __init__(self, message: str, column: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.column = column


_BY_REASON: Dict[str, Type[InvalidRequestError]] = {
    "bad_json": InvalidJSONError,
    "unknown_key": UnknownKeyError,
    "bad_type": InvalidValueError,
    "bad_value": InvalidValueError,
    "bad_tile": InvalidTileError,
    "tile_count": TileCountError,
    "too_many_copies": TooManyCopiesError,
    "bad_meld": InvalidMeldError,
    "win_tile_missing": WinTileMissingError,
    "bad_flags": ImpossibleFlagsError,
    "unsupported": UnsupportedError,
    "tile_not_in_rules": TileNotInRulesError,
    "meld_not_in_rules": MeldNotInRulesError,
    "bad_flower": InvalidFlowerError,
    "duplicate_flower": DuplicateFlowerError,
    "bad_record": RecordError,
}


def error_from(error: Optional[Dict[str, str]]) -> InvalidRequestError:
    """The exception for a core ``error`` object with code ``invalid_input``."""
    error = error or {}
    reason = error.get("reason", "")
    cls = _BY_REASON.get(reason, InvalidRequestError)
    return cls(error.get("message", "invalid input"), reason, error.get("field", ""))
