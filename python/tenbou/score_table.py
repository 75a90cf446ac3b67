"""Columnar scoring: a table of requests in, a table of results out (docs/tables.md).

Each request key is a column (``hand``, ``win_tile``, ``tsumo``, ``melds`` ...); row ``i`` is
scored as the request object made of its non-null cells, exactly as :func:`tenbou.score` scores
that object. The core reads the Arrow buffers in place (the Arrow PyCapsule interface) and
writes the result columns itself: no Python object per row. pyarrow is an optional extra
(``pip install "tenbou[arrow]"``), imported on the first call.
"""
from __future__ import annotations

import json
import os
from typing import Any, Iterable, Iterator, List, Mapping, Optional

from . import _core
from ._arrow import record_batch, require_pyarrow
from .errors import TableError

__all__ = ["score_table", "score_batches"]


def _options_json(options: Optional[Mapping[str, Any]]) -> Optional[str]:
    if options is None:
        return None
    if not isinstance(options, Mapping):
        raise TypeError(f"score_table: options must be a dict (the options of every row), not {type(options).__name__}")
    try:
        return json.dumps(dict(options), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise TypeError(f"score_table: options must hold JSON values only: {e}") from None


def _threads(threads: int) -> int:
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"score_table: threads must be an int, not {type(threads).__name__}")
    if threads < 0:
        raise ValueError(f"score_table: threads must be 0 (every core) or more, got {threads}")
    return threads or (os.cpu_count() or 1)


def _plain_type(pa: Any, t: Any) -> Any:
    """`t` with every dictionary type replaced by its value type (the core reads plain arrays)."""
    if pa.types.is_dictionary(t):
        return _plain_type(pa, t.value_type)
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        item = _plain_type(pa, t.value_type)
        if item.equals(t.value_type):
            return t
        return pa.list_(item) if pa.types.is_list(t) else pa.large_list(item)
    if pa.types.is_struct(t):
        fields = [t.field(i) for i in range(t.num_fields)]
        plain = [f.with_type(_plain_type(pa, f.type)) for f in fields]
        if all(a.type.equals(b.type) for a, b in zip(fields, plain)):
            return t
        return pa.struct(plain)
    return t


def _plain_schema(pa: Any, schema: Any) -> Any:
    return pa.schema([f.with_type(_plain_type(pa, f.type)) for f in schema], metadata=schema.metadata)


def _check_schema(schema: Any, options_json: Optional[str]) -> None:
    names = schema.names
    if "hand" not in names:
        raise TableError(f'score_table: the table has no "hand" column (its columns: {", ".join(names) or "none"})', "hand")
    if options_json is not None and "options" in names:
        raise TableError('score_table: options= given and the table has an "options" column: give one of them', "options")


class _Scorer:
    """Scores record batches one at a time (the schema checked once per schema seen)."""

    def __init__(self, options: Optional[Mapping[str, Any]], threads: int) -> None:
        self.pa = require_pyarrow()
        self.options_json = _options_json(options)
        self.threads = _threads(threads)
        self._schema: Any = None
        self._plain: Any = None

    def batch(self, batch: Any) -> Any:
        pa = self.pa
        if not self._schema_is(batch.schema):
            _check_schema(batch.schema, self.options_json)
            self._schema = batch.schema
            plain = _plain_schema(pa, batch.schema)
            self._plain = None if plain.equals(batch.schema) else plain
        if self._plain is not None:  # dictionary columns decoded
            batch = pa.Table.from_batches([batch]).cast(self._plain).combine_chunks().to_batches()[0] \
                if batch.num_rows else pa.RecordBatch.from_pylist([], schema=self._plain)
        schema_capsule, array_capsule = batch.__arrow_c_array__()
        return record_batch(_core.score_table_batch(schema_capsule, array_capsule, self.options_json, self.threads))

    def _schema_is(self, schema: Any) -> bool:
        return self._schema is not None and (schema is self._schema or schema.equals(self._schema))


def _as_batch(pa: Any, item: Any) -> Any:
    if isinstance(item, pa.RecordBatch):
        return item
    if hasattr(item, "__arrow_c_array__"):
        return pa.record_batch(item)
    raise TypeError(f"score_batches: expected record batches (pyarrow.RecordBatch or an object with "
                    f"__arrow_c_array__), got {type(item).__name__}")


def score_table(table: Any, *, options: Optional[Mapping[str, Any]] = None, threads: int = 1) -> Any:
    """Scores every row of a table of requests; returns a ``pyarrow.Table`` of results, one row
    per request in order: ``ok``, ``han``, ``fu``, ``yakuman``, ``total``, ``limit``, ``error``,
    ``message``, ``yaku`` (list of keys), ``yaku_han`` (docs/tables.md "score_table").

    ``table``: a ``pyarrow.Table`` or ``RecordBatch``, or anything with ``__arrow_c_stream__`` or
    ``__arrow_c_array__`` (a Polars DataFrame, a DuckDB relation ...). A null cell is the key
    absent from that row; ``options`` is a struct column or a JSON text column, or ``options=``
    one dict for every row. ``threads``: scoring threads per batch (0: every core). A bad row
    fails in its own row (``ok`` false, ``error``, ``message``), as :func:`tenbou.score` fails;
    a table that cannot be read raises :class:`~tenbou.errors.TableError` (no ``hand`` column,
    an unsupported column type) or TypeError (not a table).

    >>> import pyarrow as pa
    >>> t = pa.table({"hand": ["234567m234p55s678s"], "win_tile": ["5m"], "riichi": [True]})
    >>> r = score_table(t, options={"preset": "tenhou"})
    >>> r.column("han").to_pylist(), r.column("yaku").to_pylist()
    ([3], [['riichi', 'pinfu', 'tanyao']])
    """
    pa = require_pyarrow()
    if isinstance(table, pa.RecordBatch):
        batches: Iterable[Any] = [table]
        schema = table.schema
    elif isinstance(table, pa.Table):
        batches = table.to_batches()
        schema = table.schema
    elif hasattr(table, "__arrow_c_stream__"):
        reader = pa.RecordBatchReader.from_stream(table)
        batches, schema = reader, reader.schema
    elif hasattr(table, "__arrow_c_array__"):
        batch = pa.record_batch(table)
        batches, schema = [batch], batch.schema
    else:
        raise TypeError(f"score_table: expected a table (pyarrow.Table or RecordBatch, a Polars DataFrame, or an "
                        f"object with __arrow_c_stream__), got {type(table).__name__}")
    scorer = _Scorer(options, threads)
    _check_schema(schema, scorer.options_json)
    results: List[Any] = [scorer.batch(b) for b in batches]
    if not results:  # a table with no batches: one empty batch gives the result schema
        results.append(scorer.batch(pa.RecordBatch.from_pylist([], schema=schema)))
    return pa.Table.from_batches(results)


def score_batches(batches: Iterable[Any], *, options: Optional[Mapping[str, Any]] = None,
                  threads: int = 1) -> Iterator[Any]:
    """Scores an iterator of record batches lazily: yields one result ``pyarrow.RecordBatch`` per
    input batch, in order, holding only one batch at a time (a table of any size streams in
    bounded memory). ``batches``: an iterable of ``pyarrow.RecordBatch`` (or objects with
    ``__arrow_c_array__``), a ``pyarrow.RecordBatchReader``, or anything with
    ``__arrow_c_stream__`` (a table: its batches). Options and errors as :func:`score_table`.
    """
    pa = require_pyarrow()
    scorer = _Scorer(options, threads)
    if hasattr(batches, "__arrow_c_stream__") and not isinstance(batches, pa.RecordBatchReader):
        batches = pa.RecordBatchReader.from_stream(batches)  # a table, a Polars DataFrame: its batches
    elif not hasattr(batches, "__iter__") or isinstance(batches, (str, bytes, Mapping)):
        raise TypeError(f"score_batches: expected an iterable of record batches, got {type(batches).__name__}")
    return _score_each(pa, scorer, batches)


def _score_each(pa: Any, scorer: _Scorer, batches: Iterable[Any]) -> Iterator[Any]:
    for item in batches:
        yield scorer.batch(_as_batch(pa, item))
