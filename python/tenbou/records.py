"""Whole archives of game records as Arrow tables: one row per hand end (``read_hands``), one
per win (``read_wins``), replayed and scored by the core on every core, written to Parquet
(``write_parquet``, ``tenbou replay --parquet``) or spread over a Dask cluster (``to_dask``).

Needs pyarrow (``pip install "tenbou[arrow]"``; Dask: ``"tenbou[dask]"``). The schema, column by
column, is in the docs (docs/tables.md, "The record tables"); its version is in each table's
schema metadata (``tenbou.schema_version``).

>>> from tenbou import records                                      # doctest: +SKIP
>>> wins = records.read_wins("logs/")                               # doctest: +SKIP
>>> wins.group_by("limit").aggregate([("total", "mean")])           # doctest: +SKIP

Paths are what ``tenbou replay`` reads: files (mjlog, tenhou.net/6, mjai; plain or gzip/xz/bz2),
directories (their records in name order), zip and tar archives (their members), ``-`` for
standard input. The ``game`` column names each record as the hand-end lines do: the file's name,
its path under a directory given, ``archive.zip:member`` for a member, ``name#i`` for the i-th
game of a file that holds several.

The work: the core reads a block of plain record files, parses, replays and scores them on C++
threads with the GIL released, writing every column straight into Arrow buffers that pyarrow
takes without a copy; compressed files and archives' members are read by Python (beside the
core, for the next block). Memory holds one block of records and the tables made so far.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _core
from ._arrow import record_batch, require_pyarrow
from .errors import RecordError
from .replay import FORMATS, RECORD_SUFFIXES, Input, _file_inputs, directory_files, display_name, read_inputs

if TYPE_CHECKING:  # pragma: no cover
    import pyarrow

__all__ = ["read_hands", "read_wins", "read_tables", "iter_batches", "schema", "write_parquet", "to_dask",
           "RecordTables", "TABLES", "SCHEMA_VERSION"]

PathsArg = Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]]

TABLES = ("hands", "wins", "errors")
#: The schema's version (the core's records/tables.hpp kRecordTablesVersion).
SCHEMA_VERSION = "1"
#: A block: this many records, or this many bytes, whichever comes first, go to the core in one
#: call (memory holds the bytes Python read for one block; the files the core reads itself are
#: read one at a time per thread). Each call ends when its last record is done: large blocks
#: keep the threads busy.
BLOCK_RECORDS = 4096
FIRST_BLOCK_RECORDS = 64
BLOCK_BYTES = 64 << 20
#: A compressed record or an archive's member is read whole by Python before the core sees it:
#: past this many decompressed bytes it is refused as it is read, an errors row (a decompression
#: bomb would otherwise fill memory first). The core refuses an mjlog or tenhou.net/6 log past
#: 64 MiB anyway; an mjai stream that large is read by ``tenbou replay``, which streams.
MAX_RECORD_BYTES = 1 << 30


class RecordTables(NamedTuple):
    """The three tables of an archive (pyarrow.Table each)."""

    hands: Any
    wins: Any
    errors: Any


class RecordBatches(NamedTuple):
    """One block's rows: a pyarrow.RecordBatch for each table."""

    hands: Any
    wins: Any
    errors: Any


def _path_list(paths: PathsArg) -> List[str]:
    if isinstance(paths, (str, os.PathLike)):
        return [os.fspath(paths)]
    if isinstance(paths, (bytes, bytearray)):
        raise TypeError("paths: give file or directory paths (str or os.PathLike), not bytes")
    out = [os.fspath(p) for p in paths]
    return out


def _check(format: Optional[str], on_error: str, threads: int) -> str:
    fmt = "auto" if format is None else format
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)} (or None), got {format!r}")
    if on_error not in ("raise", "skip"):
        raise ValueError(f"on_error must be 'raise' or 'skip', got {on_error!r}")
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 0:
        raise ValueError(f"threads must be an int >= 0 (0: every core), got {threads!r}")
    return fmt


_EMPTY: Optional[Tuple[Any, Any, Any]] = None


def schema(table: str = "wins") -> "pyarrow.Schema":
    """The Arrow schema of ``"hands"``, ``"wins"`` or ``"errors"`` (with its metadata)."""
    global _EMPTY
    if table not in TABLES:
        raise ValueError(f"table must be one of {', '.join(TABLES)}, got {table!r}")
    if _EMPTY is None:
        hands, wins, errors = (record_batch(c).schema for c in _core.record_tables_empty())
        _EMPTY = (hands, wins, errors)
    assert _EMPTY is not None
    return _EMPTY[TABLES.index(table)]


def _error_batch(rows: List[Tuple[str, str]]) -> Any:
    pa = require_pyarrow()
    s = schema("errors")
    return pa.record_batch([pa.array([r[0] for r in rows], pa.string()), pa.nulls(len(rows), pa.int64()),
                            pa.nulls(len(rows), pa.string()), pa.array([r[1] for r in rows], pa.string())], schema=s)


# A record to read: a file the core reads itself (``_Path``: plain records on disk), or an
# ``Input`` whose bytes Python reads (compressed files, archives' members, standard input).
class _Path(NamedTuple):
    path: str
    name: str


_Item = Union[_Path, Input]
_PLAIN = RECORD_SUFFIXES  # a name with one of these is a plain record (compressed ones end .gz, .xz, ...)


def _file_items(path: str, name: str) -> Iterator[_Item]:
    if name.lower().endswith(_PLAIN):
        yield _Path(path, name)  # the core reads it on its thread (and hands it back if compressed)
    else:
        yield from _file_inputs(path, name, name)


def _directory_items(path: str) -> Iterator[_Item]:
    for rel in directory_files(path):
        yield from _file_items(os.path.join(path, rel), rel)


def _items(paths: Sequence[str]) -> Iterator[_Item]:
    """Every record of the paths, named as ``tenbou replay`` names them (read_inputs)."""
    for path in paths:
        if path == "-":
            yield from read_inputs(["-"])
        elif path.lower().endswith(_PLAIN):
            # No stat here (half of this thread's time a file): the core opens it, and hands a
            # directory with a record's name back to _finished, which walks it.
            yield _Path(path, os.path.basename(path))
        elif os.path.isdir(path):
            yield from _directory_items(path)
        else:
            yield from _file_items(path, os.path.basename(path))


def _read_whole(item: Input) -> bytes:
    """A record's decompressed bytes, refused (RecordError) past MAX_RECORD_BYTES as they come."""
    pieces: List[bytes] = []
    size = 0
    for piece in item.pieces():
        size += len(piece)
        if size > MAX_RECORD_BYTES:
            raise RecordError(f"{display_name(item.name)}: more than {MAX_RECORD_BYTES >> 20} MiB decompressed: "
                              f"too large for one record (tenbou replay streams it)")
        pieces.append(piece)
    return b"".join(pieces)


_Block = List[Union[Tuple[str, bytes], Tuple[str, None, bytes]]]


def _blocks(items: Iterable[_Item]) -> Iterator[Tuple[_Block, List[_Item], List[Tuple[str, str]]]]:
    """Blocks of the core's inputs ((name, bytes) or (name, None, path)) with the items they come
    from, and the records of each block that could not even be read (a broken archive):
    (name, message)."""
    block: _Block = []
    sources: List[_Item] = []
    failed: List[Tuple[str, str]] = []
    size = 0
    # The first blocks are small and grow to BLOCK_RECORDS: the core starts after a few paths
    # instead of waiting for a whole block's walk (~16 ms for 4,096 paths, the one part of a
    # call that no thread runs beside).
    limit = FIRST_BLOCK_RECORDS
    for item in items:
        if isinstance(item, _Path):
            block.append((display_name(item.name), None, os.fsencode(item.path)))
            sources.append(item)
            size += 1 << 10  # the file is read by the core, one at a time per thread
        else:
            try:
                data = _read_whole(item)
            except RecordError as e:
                failed.append((display_name(item.name), display_name(e.message)))
                continue
            block.append((display_name(item.name), data))
            sources.append(item)
            size += len(data)
        if len(block) >= limit or size >= BLOCK_BYTES:
            yield block, sources, failed
            block, sources, failed, size = [], [], [], 0
            limit = min(limit * 4, BLOCK_RECORDS)
    if block or failed:
        yield block, sources, failed


def _batches_of(items: Iterable[_Item], fmt: str, threads: int, on_error: str) -> Iterator[RecordBatches]:
    # A pipeline of two: the core replays one block (GIL released, on its threads, reading plain
    # files itself) while this thread reads and decompresses what only Python reads for the next.
    from concurrent.futures import ThreadPoolExecutor

    skip = on_error == "skip"
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="tenbou-records") as pool:
        running: Any = None
        for block, sources, failed in _blocks(items):
            started = pool.submit(_core.read_record_tables, block, fmt, threads, skip)
            if running is not None:
                yield from _finished(running, fmt, threads, skip)
            running = (started, sources, failed)
        if running is not None:
            yield from _finished(running, fmt, threads, skip)


def _finished(running: Tuple[Any, List[_Item], List[Tuple[str, str]]], fmt: str, threads: int,
              skip: bool) -> Iterator[RecordBatches]:
    """A block's batches once the core is done with it, a file the core handed back (compressed,
    or an archive) read by Python in its place. With on_error "raise", an error of the core's (a
    record it cannot replay) is raised before one of a file that could not be read in the same
    block."""
    started, sources, failed = running
    batches = started.result()  # raises the core's RecordError first: its record came earlier
    if failed and not skip:
        raise RecordError(failed[0][1])
    for b in batches:
        if isinstance(b, int):
            item = sources[b]
            assert isinstance(item, _Path)
            inner = _directory_items(item.path) if os.path.isdir(item.path) else _file_inputs(item.path, item.name, item.name)
            yield from _batches_of(inner, fmt, threads, "skip" if skip else "raise")
        else:
            yield RecordBatches(*(record_batch(c) for c in b))
    if failed:
        pa = require_pyarrow()
        yield RecordBatches(pa.RecordBatch.from_pylist([], schema=schema("hands")),
                            pa.RecordBatch.from_pylist([], schema=schema("wins")), _error_batch(failed))


def iter_batches(paths: PathsArg, *, format: Optional[str] = None, threads: int = 0,
                 on_error: str = "raise") -> Iterator[RecordBatches]:
    """The tables a block at a time (``RecordBatches(hands, wins, errors)`` of
    pyarrow.RecordBatch), in the order of the records: for archives larger than memory."""
    fmt = _check(format, on_error, threads)
    return _batches_of(_items(_path_list(paths)), fmt, threads, on_error)


def _tables_of(batches: Iterable[RecordBatches]) -> RecordTables:
    pa = require_pyarrow()
    parts: Tuple[List[Any], List[Any], List[Any]] = ([], [], [])
    for b in batches:
        for i, batch in enumerate(b):
            if batch.num_rows:
                parts[i].append(batch)
    return RecordTables(*(pa.Table.from_batches(parts[i], schema=schema(t)) for i, t in enumerate(TABLES)))


def read_tables(paths: PathsArg, *, format: Optional[str] = None, threads: int = 0,
                on_error: str = "raise") -> RecordTables:
    """All three tables of the records at ``paths``: ``RecordTables(hands, wins, errors)``.

    ``format``: None (each record's own, detected) or ``"mjlog"``, ``"tenhou6"``, ``"mjai"``.
    ``threads``: the core's threads (0: every core). ``on_error="raise"`` (default) raises
    :class:`tenbou.RecordError` for the first record that cannot be read; ``"skip"`` leaves its
    rows out (a table holds whole games only) and gives it a row of ``errors``
    (game, event, tag, message)."""
    fmt = _check(format, on_error, threads)
    return _tables_of(_batches_of(_items(_path_list(paths)), fmt, threads, on_error))


def read_hands(paths: PathsArg, *, format: Optional[str] = None, threads: int = 0,
               on_error: str = "raise") -> "pyarrow.Table":
    """One row per hand end (a double ron is one row): game, hand, round, dealer, honba,
    deposits, outcome, each seat's settled ``deltas`` and the recorded ones, ... (docs/tables.md).
    Arguments as :func:`read_tables`."""
    return read_tables(paths, format=format, threads=threads, on_error=on_error).hands


def read_wins(paths: PathsArg, *, format: Optional[str] = None, threads: int = 0,
              on_error: str = "raise") -> "pyarrow.Table":
    """One row per win: winner, payer (``from``, null on tsumo), the core's han, fu, yakuman,
    limit, points, total, yaku and fu details, the settled deltas, and the record's own han, fu,
    points and yaku where its format carries them (docs/tables.md). Arguments as
    :func:`read_tables`."""
    return read_tables(paths, format=format, threads=threads, on_error=on_error).wins


# --- Parquet ---------------------------------------------------------------------------------------

#: Rows per Parquet row group: large enough for fast scans, small enough to stream.
ROW_GROUP_ROWS = 1 << 20


def write_parquet(paths: PathsArg, out_dir: Union[str, "os.PathLike[str]"], *, format: Optional[str] = None,
                  threads: int = 0, on_error: str = "raise", row_group_rows: int = ROW_GROUP_ROWS,
                  compression: str = "zstd") -> RecordTables:
    """Writes ``hands.parquet`` and ``wins.parquet`` (and ``errors.parquet`` when some record was
    skipped) into ``out_dir``, a block at a time (memory holds one block, not the archive).
    Returns the row counts as ``RecordTables(hands=n, wins=n, errors=n)``."""
    pa = require_pyarrow()
    import pyarrow.parquet as pq

    fmt = _check(format, on_error, threads)
    if not isinstance(row_group_rows, int) or row_group_rows < 1:
        raise ValueError(f"row_group_rows must be a positive int, got {row_group_rows!r}")
    out = os.fspath(out_dir)
    os.makedirs(out, exist_ok=True)
    writers = {t: pq.ParquetWriter(os.path.join(out, f"{t}.parquet"), schema(t), compression=compression)
               for t in ("hands", "wins")}
    errors: List[Any] = []
    counts = [0, 0, 0]
    pending: Tuple[List[Any], List[Any]] = ([], [])
    pending_rows = [0, 0]

    def flush(i: int, t: str, final: bool) -> None:
        while pending_rows[i] >= row_group_rows or (final and pending_rows[i]):
            table = pa.Table.from_batches(pending[i], schema=schema(t))
            take = min(row_group_rows, table.num_rows)
            writers[t].write_table(table.slice(0, take), row_group_size=take)
            rest = table.slice(take)
            pending[i].clear()
            pending[i].extend(rest.to_batches())
            pending_rows[i] = rest.num_rows

    try:
        for b in _batches_of(_items(_path_list(paths)), fmt, threads, on_error):
            for i, t in enumerate(("hands", "wins")):
                batch = b[i]
                counts[i] += batch.num_rows
                if batch.num_rows:
                    pending[i].append(batch)
                    pending_rows[i] += batch.num_rows
                    flush(i, t, False)
            if b.errors.num_rows:
                errors.append(b.errors)
                counts[2] += b.errors.num_rows
        for i, t in enumerate(("hands", "wins")):
            flush(i, t, True)
    finally:
        for w in writers.values():
            w.close()
    errors_path = os.path.join(out, "errors.parquet")
    if errors:
        pq.write_table(pa.Table.from_batches(errors, schema=schema("errors")), errors_path, compression=compression)
    elif os.path.exists(errors_path):
        os.remove(errors_path)  # an earlier run's: this one skipped nothing
    return RecordTables(*counts)


# --- Dask ------------------------------------------------------------------------------------------

def _expand(paths: Sequence[str]) -> List[Tuple[str, str]]:
    """(file, name) of every file the paths give, named as read_inputs names them: a directory's
    files (records and archives) in name order, relative to it."""
    out: List[Tuple[str, str]] = []
    for path in paths:
        if path == "-":
            raise ValueError("to_dask reads files, not standard input ('-')")
        if os.path.isdir(path):
            out.extend((os.path.join(path, rel), rel) for rel in directory_files(path))
        else:
            out.append((path, os.path.basename(path)))
    return out


def _read_partition(files: List[Tuple[str, str]], table: str, fmt: str, threads: int, on_error: str) -> Any:
    import pandas as pd

    items = (f for path, name in files for f in _file_items(path, name))
    t = _tables_of(_batches_of(items, fmt, threads, on_error))[TABLES.index(table)]
    return t.to_pandas(types_mapper=pd.ArrowDtype)


def to_dask(paths: PathsArg, table: str = "hands", *, files_per_partition: int = 64, format: Optional[str] = None,
            threads: int = 1, on_error: str = "raise") -> Any:
    """A ``dask.dataframe.DataFrame`` of one table (``"hands"``, ``"wins"`` or ``"errors"``) whose
    partitions each read ``files_per_partition`` files with the native reader (on whichever
    worker Dask sends them to: a ``LocalCluster`` or ``Client("tcp://scheduler:8786")``; the
    files must be readable there). Columns are pandas ``ArrowDtype`` (lists stay lists); the
    meta comes from :func:`schema`. ``threads`` is per partition (1: Dask's workers are the
    parallelism). Needs ``pip install "tenbou[dask]"``."""
    try:
        import dask.dataframe as dd
        import pandas as pd
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError('to_dask needs Dask: pip install "tenbou[dask]"') from e
    fmt = _check(format, on_error, threads)
    if table not in TABLES:
        raise ValueError(f"table must be one of {', '.join(TABLES)}, got {table!r}")
    if not isinstance(files_per_partition, int) or files_per_partition < 1:
        raise ValueError(f"files_per_partition must be a positive int, got {files_per_partition!r}")
    files = _expand(_path_list(paths))
    if not files:
        raise ValueError("to_dask: the paths hold no record files")
    parts = [files[i:i + files_per_partition] for i in range(0, len(files), files_per_partition)]
    meta = schema(table).empty_table().to_pandas(types_mapper=pd.ArrowDtype)
    from_map: Any = dd.from_map  # Dask's own functions are not annotated
    return from_map(_read_partition, parts, table=table, fmt=fmt, threads=threads, on_error=on_error, meta=meta,
                    label=f"tenbou-{table}", enforce_metadata=False)
