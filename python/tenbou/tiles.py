"""Tiles in every form a request takes, and conversions between them (docs/hands.md).

A hand (and ``dora_indicators``, ``ura_indicators``, ``visible``, ``own_discards``) is
accepted by every scoring function as any of:

- a compact string: ``"123m456p789s11z"`` (``0m/0p/0s`` red fives, ``1z-7z`` E S W N, white,
  green, red);
- a list of tile names, one per tile: ``["1m", "2m", "0p", "E", "5sr"]`` (mjai's names too:
  ``5mr/5pr/5sr`` red fives, ``E S W N P F C`` honours);
- a list of 136 tile ids, the `mahjong` package's and Tenhou's: ``id // 4`` is the kind
  (0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-33 1z-7z), ids 16, 52 and 88 the red fives;
- a list of exactly 34 integers: the count of each kind, 1m first, 7z last.

``win_tile`` takes one tile name or one 136 id. Reading is the core's (the request reader's
own, so errors are the same as in a request); the conversions below are plain Python.

>>> from tenbou import tiles
>>> tiles.to_list([0, 4, 8, 16, 108, 132])
['1m', '2m', '3m', '0m', '1z', '7z']
>>> tiles.to_string(["1m", "2m", "3m", "E", "E", "5pr"])
'123m11z0p'
>>> tiles.to_counts("19m19p19s1234567z")[:9]
[1, 0, 0, 0, 0, 0, 0, 0, 1]
>>> tiles.to_ids("0m55m")
[16, 17, 18]
>>> tiles.to_mjai("0m1z7z")
['5mr', 'E', 'C']
"""
from __future__ import annotations

from typing import List, Sequence, Union

from . import _core
from .errors import error_from

__all__ = ["Tile", "Tiles", "KINDS", "RED_IDS", "to_list", "to_string", "to_counts", "to_ids", "to_mjai", "to_kinds"]

#: Any form of a list of tiles the core reads (see the module's docstring).
Tiles = Union[str, Sequence[Union[str, int]]]
#: One tile: a name ("5m", "0m", "5mr", "E") or a 136 id.
Tile = Union[str, int]

#: The 34 kinds in order, as compact names: index = kind = 136 id // 4.
KINDS: List[str] = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]

#: The red fives' 136 ids (0m, 0p, 0s): the `mahjong` package's FIVE_RED_MAN/PIN/SOU.
RED_IDS = (16, 52, 88)

_MJAI_HONOURS = "ESWNPFC"


def to_list(tiles: Tiles, *, reds: bool = True) -> List[str]:
    """The tiles as compact names in written order (``"0m"`` a red five); counts in kind order.

    ``reds=False`` reads ids 16, 52 and 88 as plain fives (Korean, Hong Kong-Taiwan rules).
    Invalid tiles raise the request's error, the field named ``tiles``:

    >>> to_list(["1m", "x"])
    Traceback (most recent call last):
    ...
    tenbou.errors.InvalidTileError: tiles[1]: 'x' is not a tile name (1m-9m, 1p-9p, 1s-9s, 1z-7z; red 0m or 5mr; E S W N P F C)
    """
    out = _core.tiles(tiles, reds)
    if isinstance(out, dict):
        raise error_from(out["error"])
    return out


def to_string(tiles: Tiles, *, sort: bool = False) -> str:
    """Compact text, consecutive tiles of a suit in one group (``sort``: in kind order, red
    fives where a five stands).

    >>> to_string([0, 108, 4])
    '1m1z2m'
    >>> to_string([0, 108, 4], sort=True)
    '12m1z'
    """
    names = to_list(tiles)
    if sort:
        names.sort(key=lambda t: (t[1], "5" if t[0] == "0" else t[0]))
    text: List[str] = []
    for name in names:
        if text and text[-1] == name[1]:
            text.insert(len(text) - 1, name[0])
        else:
            text += [name[0], name[1]]
    return "".join(text)


def to_kinds(tiles: Tiles) -> List[int]:
    """The kind of each tile (0-33: 1m-9m, 1p-9p, 1s-9s, 1z-7z), red fives as fives.

    >>> to_kinds("19m0p7z")
    [0, 8, 13, 33]
    """
    return [KINDS.index("5" + n[1]) if n[0] == "0" else KINDS.index(n) for n in to_list(tiles)]


def to_counts(tiles: Tiles) -> List[int]:
    """34 counts, one per kind (the `mahjong` package's 34-array; red fives count as fives)."""
    counts = [0] * 34
    for k in to_kinds(tiles):
        counts[k] += 1
    return counts


def to_ids(tiles: Tiles) -> List[int]:
    """136 ids in written order: each kind's copies numbered from its lowest free id, a red
    five the id 16, 52 or 88 and plain fives the others. More copies than there are raises
    :class:`ValueError`.

    >>> to_ids(["E", "E", "5s", "5sr"])
    [108, 109, 89, 88]
    """
    used: List[int] = [0] * 34  # ids taken of each kind, as a bit set of the 4 copies
    out: List[int] = []
    for name in to_list(tiles):
        red = name[0] == "0"
        kind = KINDS.index("5" + name[1]) if red else KINDS.index(name)
        free = [c for c in range(4) if not used[kind] >> c & 1]
        base = kind * 4
        if red:
            copies = [c for c in free if base + c in RED_IDS]
        else:
            # A plain five takes the red id only when the others are taken (rules without reds).
            copies = [c for c in free if base + c not in RED_IDS] or free
        if not copies:
            raise ValueError(f"to_ids: more copies of {name} than there are tiles")
        used[kind] |= 1 << copies[0]
        out.append(base + copies[0])
    return out


def to_mjai(tiles: Tiles) -> List[str]:
    """mjai's names: ``"1m"``, ``"5mr"`` for a red five, ``"E" "S" "W" "N" "P" "F" "C"`` for 1z-7z."""
    out: List[str] = []
    for name in to_list(tiles):
        if name[1] == "z":
            out.append(_MJAI_HONOURS[int(name[0]) - 1])
        elif name[0] == "0":
            out.append("5" + name[1] + "r")
        else:
            out.append(name)
    return out
