"""Result objects: thin views over the core's contract-shaped results."""
from __future__ import annotations

from typing import BinaryIO, Any, Dict, Iterator, List, NamedTuple, Optional, Sequence, Union, overload

import gmpy2  # type: ignore[import-untyped]

from . import _core

__all__ = [
    "Result",
    "KoreanResult",
    "HktwResult",
    "HktwPattern",
    "InstantPayment",
    "Results",
    "Points",
    "YakuItem",
    "KoreanYakuItem",
    "FuItem",
    "Payment",
    "yaku_names",
    "format_amount",
]

Amount = Union[int, "gmpy2.mpz"]


def _amount(value: int, method: str) -> Amount:
    """Aotenjo amounts are handed out as gmpy2 ``mpz`` (exact, fast at any size); the others as int."""
    return gmpy2.mpz(value) if method == "aotenjo" else int(value)


def format_amount(amount: Union[int, str, "gmpy2.mpz"], units: str = "en") -> str:
    """An exact amount for reading: ``en`` digit groups (21,905,...), ``ko`` Korean myriad
    units as seed 000 writes them (219구 500양 ... 8889만 7400), ``ja`` Japanese (219溝500穣...)."""
    # gmpy2 writes digits of any length (Python's str(int) stops at 4300 by default).
    if isinstance(amount, bool) or not isinstance(amount, (int, str)) and type(amount).__name__ != "mpz":
        raise TypeError(f"format_amount: expected an integer amount, not {type(amount).__name__}")
    digits = amount if isinstance(amount, str) else gmpy2.mpz(amount).digits(10)
    if digits.startswith("-"):
        return "-" + _core.format_amount(digits[1:], units)
    return _core.format_amount(digits, units)

_YAKU_NAMES: Optional[Dict[str, Dict[str, Any]]] = None


def yaku_names() -> Dict[str, Dict[str, Any]]:
    """The core's yaku catalogue by key: English, Japanese and Korean names, han closed/open."""
    global _YAKU_NAMES
    if _YAKU_NAMES is None:
        _YAKU_NAMES = {row["key"]: row for row in _core.yaku_table()}
    return _YAKU_NAMES


class YakuItem(NamedTuple):
    """One Riichi yaku of a result: its key and han; its names (``name_en``, ``name_ja``,
    ``name_ko``, as every named item spells them) from the core's yaku table."""

    key: str
    han: int

    @property
    def name_en(self) -> str:
        return str(yaku_names()[self.key]["name_en"])

    @property
    def name_ja(self) -> str:
        return str(yaku_names()[self.key]["name_ja"])

    @property
    def name_ko(self) -> str:
        return str(yaku_names()[self.key]["name_ko"])


class FuItem(NamedTuple):
    key: str
    fu: int
    tile: Optional[str] = None


class Payment(NamedTuple):
    payer: str
    amount: Any  # int, or gmpy2.mpz for aotenjo


class Result(_core.Result):
    """One scored hand.

    ``as_dict()`` is exactly the contract's JSON result; the attributes are typed
    views of the same data (``yaku`` as :class:`YakuItem`, ``payments`` as
    :class:`Payment`, ...). A failed result has ``ok`` false and ``error``
    ``{"code": "not_winning" | "no_yaku" | "invalid_input", "message": ...}``.

    The base class is compiled (``tenbou._core.Result``): ``ok``, ``han``, ``fu``,
    ``yakuman``, ``total``, ``limit``, ``wait``, ``yaku``, ``honba_bonus``,
    ``sticks_bonus``, ``method``, ``rules`` and ``error`` are read from the core's result
    without building anything else; the views below build the contract dict once.
    Results are made by :func:`tenbou.score` and :func:`tenbou.score_many`, not by hand.
    """

    __slots__ = ()

    def _get(self, key: str) -> Any:
        data = self._data()
        if not data["ok"]:
            raise AttributeError(f"{key}: the result is not ok ({data['error']['code']})")
        return data[key]

    def _exact_total(self) -> Amount:
        return _amount(self._get("total"), self.method)

    @property
    def fu_details(self) -> List[FuItem]:
        return [FuItem(f["key"], f["fu"], f.get("tile")) for f in self._get("fu_details")]

    @property
    def payments(self) -> List[Payment]:
        return [Payment(p["payer"], _amount(p["amount"], self.method)) for p in self._get("payments")]

    def total_text(self, units: str = "en") -> str:
        """The total for reading, e.g. ``total_text("ko")`` in Korean myriad units."""
        return format_amount(self._get("total"), units)

    @property
    def decomposition(self) -> List[str]:
        return list(self._get("decomposition"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __repr__(self) -> str:
        d = self._data()
        if not d["ok"]:
            return f"<Result {d['error']['code']}: {d['error']['message']}>"
        yaku = ", ".join(f"{y['key']} {y['han']}" for y in d["yaku"])
        limit = f" {d['limit']}" if d["limit"] else ""
        return f"<Result {d['han']} han {d['fu']} fu{limit}: {d['total']} ({yaku})>"


class KoreanYakuItem(NamedTuple):
    """One Korean pattern: ``han`` is None for a value seed 004 marks 불명 (unknown)."""

    key: str
    name_ko: str
    name_en: str
    han: Optional[int]
    kind: str  # "base" (기본 족보) or "additional" (부가 족보)
    units: int = 1  # the JSON "count": 겐쇼 copies, flowers, value-set reasons
    tile: Optional[str] = None


class KoreanResult(Result):
    """A scored Korean hand (seed 004): patterns, base and additional han, validity.

    ``ok`` says the tiles form a complete hand; ``win_valid`` says the base han
    reach the house minimum (2판 묶음 by default) and no illegal 엎어/불러 was
    declared. ``han`` totals the known values; ``unknown_yaku`` lists patterns
    whose value the seed does not give. ``total`` is None unless the options
    turn on a payment (``unit``).
    """

    __slots__ = ()

    @property
    def variant(self) -> str:
        return str(self._get("variant"))

    @property
    def base_han(self) -> int:
        return int(self._get("base_han"))

    @property
    def additional_han(self) -> int:
        return int(self._get("additional_han"))

    @property
    def min_base_han(self) -> int:
        return int(self._get("min_base_han"))

    @property
    def win_valid(self) -> bool:
        return bool(self._get("win_valid"))

    @property
    def chombo(self) -> bool:
        return bool(self._get("chombo"))

    @property
    def unlimited(self) -> bool:
        return bool(self._get("unlimited"))

    @property
    def yaku(self) -> List[KoreanYakuItem]:  # type: ignore[override]
        return [
            KoreanYakuItem(y["key"], y["name_ko"], y["name_en"], y["han"], y["kind"], y.get("count", 1), y.get("tile"))
            for y in self._get("yaku")
        ]

    @property
    def unknown_yaku(self) -> List[str]:
        return list(self._get("unknown_yaku"))

    @property
    def messages(self) -> List[str]:
        return list(self._get("messages"))

    @property
    def points(self) -> Optional[int]:
        return self._get("points")  # type: ignore[no-any-return]

    @property
    def win_base(self) -> Optional[int]:
        return self._get("win_base")  # type: ignore[no-any-return]

    @property
    def total(self) -> Optional[int]:
        return self._get("total")  # type: ignore[no-any-return]

    @property
    def payments(self) -> List[Payment]:
        return [Payment(p["payer"], int(p["amount"])) for p in self._get("payments")]

    def __repr__(self) -> str:
        d = self._data()
        if not d["ok"]:
            return f"<KoreanResult {d['error']['code']}: {d['error']['message']}>"
        yaku = ", ".join(f"{y['key']} {'?' if y['han'] is None else y['han']}" for y in d["yaku"])
        valid = "valid" if d["win_valid"] else ("chombo" if d["chombo"] else "not valid")
        return (f"<KoreanResult {d['variant']} {d['han']} han ({d['base_han']} base + {d['additional_han']} additional), "
                f"{valid} ({yaku})>")


class HktwPattern(NamedTuple):
    """One Hong Kong-Taiwan pattern (seed 002): its entry number ("6-2"), names and points."""

    key: str
    number: str
    name_ko: str
    name_en: str
    points: int
    units: int = 1  # the JSON "count" of a per-unit entry (flowers, pungs, kans, number groups)
    tile: Optional[str] = None  # the tile of a 사귀 entry


class InstantPayment(NamedTuple):
    """A payment settled at once, outside the hand's value: ``each`` from each other player."""

    key: str
    number: str
    name_ko: str
    each: int
    units: int  # the JSON "count": e.g. closed kans declared
    total: int


class HktwResult(Result):
    """A scored Hong Kong-Taiwan hand (seed 002): 5 base points plus the patterns.

    ``value`` = ``base_points`` + ``pattern_points``; each payer (the discarder on ron,
    the three others on tsumo) pays ``value`` plus ``2n+1`` per honba; ``total`` adds
    the pool. ``instant_payments`` (closed kans, flower sets, all eight flowers) are
    settled apart from the hand and are not in ``total``. ``han`` and ``fu`` are None.
    """

    __slots__ = ()

    @property
    def yaku(self) -> List[HktwPattern]:  # type: ignore[override]
        return [HktwPattern(y["key"], y["number"], y["name_ko"], y["name_en"], y["points"], y.get("count", 1),
                            y.get("tile")) for y in self._get("yaku")]

    patterns = yaku

    @property
    def han(self) -> Optional[int]:  # type: ignore[override]
        return None

    @property
    def fu(self) -> Optional[int]:  # type: ignore[override]
        return None

    @property
    def base_points(self) -> int:
        return int(self._get("base_points"))

    @property
    def pattern_points(self) -> int:
        return int(self._get("pattern_points"))

    @property
    def value(self) -> int:
        return int(self._get("value"))

    @property
    def payments(self) -> List[Payment]:
        return [Payment(p["payer"], int(p["amount"])) for p in self._get("payments")]

    @property
    def pool_bonus(self) -> int:
        return int(self._get("pool_bonus"))

    @property
    def total(self) -> int:
        return int(self._get("total"))

    @property
    def instant_payments(self) -> List[InstantPayment]:
        return [InstantPayment(p["key"], p["number"], p["name_ko"], p["each"], p["count"], p["total"])
                for p in self._get("instant_payments")]

    @property
    def hand_ended(self) -> bool:
        return bool(self._get("hand_ended"))

    @property
    def waits(self) -> List[str]:
        return list(self._get("waits"))

    def __repr__(self) -> str:
        d = self._data()
        if not d["ok"]:
            return f"<HktwResult {d['error']['code']}: {d['error']['message']}>"
        patterns = ", ".join(f"{y['key']} {y['points']}" for y in d["yaku"])
        return f"<HktwResult {d['base_points']} + {d['pattern_points']} = {d['value']}: {d['total']} ({patterns})>"


class Results(Sequence[Result]):
    """The results of :func:`tenbou.score_many`, in request order.

    A read-only sequence held by the core: a :class:`Result` is made when an item
    is read, so scoring a million hands does not first build a million Python
    objects; the core keeps them compactly (~100 bytes a hand). ``totals()`` reads every
    total in one call; ``to_json_lines()`` and ``write_json_lines()`` go through the
    results a slice at a time, so their memory does not grow with the batch.
    """

    __slots__ = ("_batch",)

    def __init__(self, batch: "_core.ResultBatch") -> None:
        self._batch = batch

    def __len__(self) -> int:
        return len(self._batch)

    @overload
    def __getitem__(self, index: int) -> Result: ...

    @overload
    def __getitem__(self, index: slice) -> List[Result]: ...

    def __getitem__(self, index: Union[int, slice]) -> Union[Result, List[Result]]:
        if isinstance(index, slice):
            return [self._batch.get(i) for i in range(*index.indices(len(self)))]
        return self._batch.get(index)

    def __iter__(self) -> Iterator[Result]:
        return iter(self._batch)

    def totals(self) -> List[int]:
        """Every result's total (0 for a failed one, and for a Korean result without a payment)."""
        return self._batch.totals()

    def _column(self, name: str) -> Any:
        data = self._batch.column(name)
        try:
            import numpy  # type: ignore[import-not-found,unused-ignore]  # optional: NumPy arrays when installed

            return numpy.frombuffer(data, dtype=numpy.int64)
        except ImportError:
            import array

            out = array.array("q")
            out.frombytes(data)
            return out

    @property
    def han(self) -> Any:
        """Every result's han as one array (NumPy's when installed, else array('q')); 0 for a failure."""
        return self._column("han")

    @property
    def fu(self) -> Any:
        """Every result's fu as one array (0 where there is none: a failure, Korean, Hong Kong-Taiwan)."""
        return self._column("fu")

    @property
    def total(self) -> Any:
        """Every result's total as one array (0 for a failure; an aotenjo total is read with totals())."""
        return self._column("total")

    @property
    def ok(self) -> Any:
        """1 where the result is ok, 0 where not, as one array."""
        return self._column("ok")

    def to_json_lines(self) -> Iterator[str]:
        """Every result as the core's JSON text, one at a time (``list(...)`` for a list)."""
        for chunk in self._json_chunks():
            yield from chunk.decode("utf-8").splitlines()

    def write_json_lines(self, stream: BinaryIO) -> int:
        """Writes every result as a JSON line (UTF-8, "\\n" after each) to a binary stream; returns the count."""
        for chunk in self._json_chunks():
            stream.write(chunk)
        return len(self._batch)

    def _json_chunks(self, size: int = 4096) -> Iterator[bytes]:
        for start in range(0, len(self._batch), size):
            yield self._batch.json_lines(start, size)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Results):
            return all(a == b for a, b in zip(self._json_chunks(), other._json_chunks())) and len(self) == len(other)
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        n = len(self)
        head = ", ".join(repr(r) for r in self[:3])
        return f"<Results of {n} hands: [{head}{', ...' if n > 3 else ''}]>"


class Points:
    """Payments of a bare han/fu cell; ``ok`` is false for a cell the seed's tables leave empty."""

    __slots__ = ("_dict",)

    def __init__(self, data: Dict[str, Any]) -> None:
        self._dict = data

    def as_dict(self) -> Dict[str, Any]:
        return dict(self._dict)

    @property
    def ok(self) -> bool:
        return bool(self._dict["ok"])

    @property
    def possible(self) -> bool:
        """False for the empty cells of seed 000's tables (e.g. 20 fu 1 han tsumo)."""
        return self.ok

    @property
    def error(self) -> Optional[Dict[str, str]]:
        return self._dict.get("error")

    @property
    def limit(self) -> Optional[str]:
        return self._dict.get("limit")

    @property
    def method(self) -> str:
        return str(self._dict.get("method", "fuhan"))

    @property
    def payments(self) -> List[Payment]:
        return [Payment(p["payer"], _amount(p["amount"], self.method)) for p in self._dict.get("payments", [])]

    @property
    def total(self) -> Amount:
        return _amount(self._dict["total"], self.method) if self.ok else 0

    def total_text(self, units: str = "en") -> str:
        return format_amount(self._dict["total"] if self.ok else 0, units)

    def amount(self, payer: str) -> Amount:
        """What each payer of that kind pays: ``discarder``, ``dealer`` or ``non_dealer``."""
        for p in self.payments:
            if p.payer == payer:
                return p.amount
        raise KeyError(payer)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Points) and self._dict == other._dict

    def __repr__(self) -> str:
        if not self.ok:
            return f"<Points impossible: {self._dict['error']['message']}>"
        pays = ", ".join(f"{p.payer} {p.amount}" for p in self.payments)
        limit = f" {self.limit}" if self.limit else ""
        return f"<Points {self._dict['han']} han {self._dict['fu']} fu{limit}: {pays}; total {self.total}>"


# The core makes results of these classes (and shares YakuItem objects between results).
from .errors import error_from as _error_from  # noqa: E402

_core._register_result_types(Result, KoreanResult, HktwResult, YakuItem, _error_from)
