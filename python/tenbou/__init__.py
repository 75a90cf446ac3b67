"""tenbou: a mahjong hand-scoring engine with one C++ core.

>>> import tenbou
>>> r = tenbou.score({"hand": "234567m234p55s678s", "win_tile": "5m", "seat_wind": "S",
...                   "tsumo": True, "riichi": True, "dora_indicators": "4m"})
>>> r.han, r.fu, r.limit, r.total
(5, 20, 'mangan', 8000)
"""
from __future__ import annotations

import json
from typing import Any, Dict, Iterable, List, Mapping, Optional, Union

from . import _core
from . import errors as _errors
from .errors import *  # noqa: F401,F403  (the exception classes; see errors.__all__)
from .errors import InvalidRequestError, error_from
from .result import (
    FuItem,
    HktwPattern,
    HktwResult,
    InstantPayment,
    KoreanResult,
    KoreanYakuItem,
    Payment,
    Points,
    Result,
    Results,
    YakuItem,
    format_amount,
    yaku_names,
)

from .before_win import Shanten, Useful, Wait, Waits

__version__: str = _core.__version__

__all__ = [
    "score",
    "score_many",
    "score_json",
    "score_table",
    "score_batches",
    "shanten",
    "waits",
    "discards",
    "Shanten",
    "Waits",
    "Wait",
    "Useful",
    "points",
    "settle",
    "replay",
    "rules",
    "options_schema",
    "input_limits",
    "yaku_names",
    "format_amount",
    "Result",
    "KoreanResult",
    "HktwResult",
    "HktwPattern",
    "InstantPayment",
    "KoreanYakuItem",
    "Results",
    "Points",
    "YakuItem",
    "FuItem",
    "Payment",
    "__version__",
] + list(_errors.__all__)


# score(request) -> Result: the compiled function itself (its docstring is in
# python/src/module.cpp); a Python wrapper around it cost ~45 ns a call.
score = _core.score


def discards(request: Mapping[str, Any]) -> Mapping[str, Any]:
    """What to discard: a hand holding one tile more than a hand before the win (14 tiles with
    melds counted), every distinct discard with the shanten after it, its useful tiles with
    their unseen copies, and for a ready hand its waits with their ron and tsumo results.

    Returns ``{"ok", "rules", "shanten", "discards": [{"tile", "shanten", "ukeire",
    "ukeire_unseen", "waits", "furiten"}]}``, best first (README "What to discard");
    ``shanten`` is -1 when the hand is already complete. ``visible`` and ``own_discards``
    lower the unseen counts; each discard counts among the player's own discards (furiten).

    The answer is a read-only mapping over the core's data (``_core.DiscardsAnswer``): the
    discards, their waits and the waits' results are mappings too, made when read, equal to
    the dicts they stand for; ``as_dict()`` (on any of them) gives the plain dicts and lists
    (for ``json.dumps`` or to change them), and they pickle as those. An ``"ev"`` request, or an
    ``ok: false`` answer, is a plain dict.

    >>> [d["tile"] for d in discards({"hand": "123m456m789p23459s", "riichi": True})["discards"][:2]]
    ['9s', '2s']
    """
    # The core's answer kept as data: its ~440 dicts and lists (every wait's results as dict
    # trees), most of a call's cost and the collector's work when answers are kept, are made
    # only for what is read.
    answer = _core._discards_answer(request)
    if answer is not None:
        return answer
    data: Dict[str, Any] = _core.discards(request)
    if not data["ok"] and data["error"]["code"] == "invalid_input":
        raise error_from(data["error"])
    return data


def settle(request: Mapping[str, Any]) -> Dict[str, Any]:
    """Who pays whom when a Riichi hand ends (README "Settlement").

    ``request``: ``players``, ``dealer`` (the East seat's index), ``honba``,
    ``riichi_sticks`` on the table, ``outcome`` (``win``, ``draw``,
    ``nagashi_mangan``, ``abortive``), ``wins`` (``[{"winner", "from", "request",
    "pao"}]``: each winner's scoring request, several for one discard), ``tenpai``,
    ``nagashi`` and ``options`` (the settlement switches). Returns ``{"ok",
    "outcome", "deltas": [per seat], "wins": [{"winner", "from", "deltas"}],
    "riichi_sticks_left"}``. Invalid input raises an :class:`InvalidRequestError`.

    >>> settle({"outcome": "draw", "tenpai": [1, 2]})["deltas"]
    [-1500, 1500, 1500, -1500]
    """
    data: Dict[str, Any] = _core.settle(request)
    if not data["ok"] and data["error"]["code"] == "invalid_input":
        raise error_from(data["error"])
    return data


def score_many(requests: Iterable[Mapping[str, Any]], threads: int = 1) -> Results:
    """Score many requests in one call into the core (the GIL is released while scoring).

    Returns a :class:`Results` sequence in request order. Never raises for a bad
    request: its slot holds an ``ok: false`` result and the others are still scored.
    A str, bytes or a single mapping is not a batch: :class:`TypeError`. ``threads``:
    how many threads score (0: one per core); the requests are read on the calling
    thread while the others score, and the results keep the requests' order.
    """
    if isinstance(requests, (str, bytes, bytearray, Mapping)):
        raise TypeError(f"score_many: expected an iterable of requests, not a {type(requests).__name__} "
                        "(for one request use score())")
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
        raise ValueError(f"score_many: threads must be 0 (one per core) or more, got {threads!r}")
    return Results(_core.score_many(requests, threads))


# README "Input contract": the most bytes of one request the core reads (kMaxRequestBytes).
_REQUEST_LIMIT = 1 << 20


def score_json(request: Union[str, bytes, bytearray, memoryview]) -> str:
    """Score a JSON text request (str or UTF-8 bytes); returns the JSON text result.

    Text that is not valid UTF-8 (including lone surrogates in a str) gives an
    ``invalid_input`` result with reason ``bad_json``; anything but text or bytes
    raises :class:`TypeError`.
    """
    data: bytes
    if len(request) > _REQUEST_LIMIT:  # too long however it encodes: the core reads only what says so
        request = request[: _REQUEST_LIMIT + 1]
    if isinstance(request, str):
        try:
            data = request.encode("utf-8", "surrogateescape")  # bytes a str carries as escapes
        except UnicodeEncodeError:
            data = request.encode("utf-8", "surrogatepass")  # a lone surrogate: invalid UTF-8 for the core
    elif isinstance(request, (bytes, bytearray, memoryview)):
        data = bytes(request)
    else:
        raise TypeError(f"score_json: expected str or bytes, not {type(request).__name__}")
    return _core.score_json_lines([data])[0]


def shanten(request: Mapping[str, Any]) -> Shanten:
    """Shanten of a hand before the win: the request of :func:`score` with the 13 tiles
    (minus 3 per meld) in ``hand``, no ``win_tile`` and no ``tsumo``; optional
    ``visible`` tiles (seen elsewhere) lower the unseen counts of the useful tiles.

    >>> shanten({"hand": "123m456p789s134s5z"})
    <Shanten 1: 5 useful tiles (1s 2s 4s 5s 5z), 17 unseen>
    """
    data = _core.shanten(request)
    if not data["ok"]:
        raise error_from(data["error"])
    return Shanten(data)


def waits(request: Mapping[str, Any]) -> Waits:
    """Every winning tile of a ready hand with its full result by ron and by tsumo
    (tiles that complete the shape without a yaku show ``no_yaku``), plus shanten and
    ukeire as :func:`shanten`. ``own_discards`` marks furiten.
    """
    # The core's answer kept as data: the dict (every wait's results as dict trees, most of a
    # call's cost) is made on the first read of a list or a result.
    answer = _core._waits_answer(request)
    if answer is not None:
        return Waits(answer, str(request.get("method", "fuhan")))
    data = _core.waits(request)  # not a dict, or refused: the Json-tree path answers, in its words
    if not data["ok"]:
        raise error_from(data["error"])
    return Waits(data, str(request.get("method", "fuhan")))


def points(
    han: int = 1,
    fu: Optional[int] = 30,
    *,
    dealer: bool = False,
    tsumo: bool = False,
    method: str = "fuhan",
    honba: int = 0,
    riichi_sticks: int = 0,
    yakuman: int = 0,
    options: Optional[Mapping[str, Any]] = None,
    players: int = 4,
) -> Points:
    """Payments of a bare han/fu cell (the seed's score tables are made from it).

    ``method`` is ``fuhan``, ``han_only`` (fu ignored) or ``aotenjo`` (no limits,
    exact at any han; amounts are gmpy2 ``mpz``). ``ok`` is false for the cells
    seed 000 leaves empty (20 fu 1 han tsumo, 25 fu 1 han, 25 fu 2 han tsumo,
    110 fu 1 han tsumo). Invalid arguments raise :class:`InvalidValueError`.
    ``players=3`` pays a tsumo by two players, by the three-player switches of
    ``options`` (``sanma_tsumo``, ``sanma_honba_value``).

    >>> points(103, 90, dealer=True, tsumo=True, method="aotenjo").total_text("ko")
    '219구 500양 2371자 9438해 405경 7863조 313억 8889만 7400'
    """
    query: Dict[str, Any] = {
        "han": han,
        "dealer": dealer,
        "tsumo": tsumo,
        "method": method,
        "honba": honba,
        "riichi_sticks": riichi_sticks,
        "yakuman": yakuman,
    }
    if players != 4:
        query["players"] = players
    if fu is not None:
        query["fu"] = fu
    if options is not None:
        query["options"] = dict(options)
    data = _core.points(query)
    if not data["ok"] and data["error"]["code"] == "invalid_input":
        raise error_from(data["error"])
    return Points(data)


def rules(options: Optional[Mapping[str, Any]] = None, family: str = "riichi") -> Dict[str, Any]:
    """The effective rule switches for an ``options`` object (a preset plus overrides);
    ``family="korean"`` reads Korean house options, ``family="hktw"`` Hong Kong-Taiwan ones."""
    if family not in ("riichi", "korean", "hktw"):
        raise ValueError(f"rules: family must be 'riichi', 'korean' or 'hktw', got {family!r}")
    data = _core.rules(dict(options or {}), family)
    if data.get("ok") is False:
        raise error_from(data["error"])
    return data


def options_schema() -> Dict[str, Any]:
    """Every rule family's house options as data, for forms and documentation.

    ``{"schema_version": 1, "families": {"riichi": {"options": [...], "presets": {...},
    "variants": [...]}, "korean": {...}, "hktw": {...}}}``. Each option is a dict with
    ``key``, ``type`` (``"bool"``, ``"int"``, ``"choice"``, ``"yaku_values"``, ``"object"``),
    ``default`` (its value with no preset), ``description``, ``source`` (the seed line or spec
    section, or None), ``section``, ``nullable``; an ``int`` has ``min``/``max`` (and ``values``
    or ``multiple_of`` where only some are allowed), a ``choice`` its ``choices``. ``presets``
    maps each preset name to its ``description``, ``source`` and ``values`` (every option).
    The same JSON text as C ``tenbou_options_json()`` and JS ``optionsSchema()``; a new dict
    each call.
    """
    schema: Dict[str, Any] = json.loads(_core.options_schema_json())
    return schema


def input_limits() -> Dict[str, Any]:
    """The input contract's limits: ``{"schema_version": 1, "limits": [{"name", "value",
    "unit", "bounds", "error", "description"}, ...]}`` (``max_request_bytes`` 1,048,576, ...),
    the same text as C ``tenbou_limits_json()`` and JS ``inputLimits()``; a new dict each call.
    """
    limits: Dict[str, Any] = json.loads(_core.input_limits_json())
    return limits


# The public submodules, reachable after a bare `import tenbou`: the rule-family modules and
# the tile converters (they use score above; a few ms of imports together), and the
# record reader and the CLI on first use (module __getattr__: xml.etree and argparse
# would add to every import).
from . import hktw, korean, riichi, tiles  # noqa: E402

# Game records (replay.py): the function `tenbou.replay`; its module stays reachable as
# `from tenbou.replay import HandEnd, ...` (sys.modules), as `tenbou.replay` is the function.
from .replay import replay  # noqa: E402

# Columnar scoring (score_table.py): pyarrow is imported on the first call, never here.
from .score_table import score_batches, score_table  # noqa: E402

_LAZY_SUBMODULES = ("mjlog", "cli")


def __getattr__(name: str) -> Any:
    if name in _LAZY_SUBMODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
