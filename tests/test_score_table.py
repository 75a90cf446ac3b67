"""tenbou.score_table / score_batches (columnar scoring) against score(), row by row.

Every request of the shared vectors (Riichi, Korean, Hong Kong-Taiwan, invalid ones) laid out
as Arrow columns (each key a column, null where a row lacks it; options as JSON text and as a
struct), and the real wins of shared/data/tenhou as `tenbou mjlog` writes them: each row's ok,
han, fu, yakuman, total, limit, error code and message, yaku keys and han must be score()'s for
the object the row stands for. Plus: malformed rows fail in their row, threads and batches change
nothing, Polars input, unreadable tables raise TableError, and score_batches streams in bounded
memory.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

import tenbou
from conftest import shared_dir

pa = pytest.importorskip("pyarrow")

VECTORS = Path(__file__).parent / "data" / "vectors.jsonl"
INT64_MAX = 2**63 - 1


def table_of(requests: List[Dict[str, Any]]) -> Any:
    """Requests as a table: a column per key (first-seen order), null where a request lacks it.
    (pa.Table.from_pylist would take the keys of the first request only.)"""
    keys: Dict[str, None] = {}
    for q in requests:
        keys.update(dict.fromkeys(q))
    return pa.table({k: pa.array([q.get(k) for q in requests]) for k in keys})


def expected(request: Any) -> Dict[str, Any]:
    """The result columns' values for one request object, from score()."""
    fail = {"ok": False, "han": 0, "fu": 0, "yakuman": 0, "total": 0, "limit": None, "yaku": [], "yaku_han": []}
    try:
        r = tenbou.score(request)
    except tenbou.InvalidRequestError as e:
        return dict(fail, error="invalid_input", message=str(e))
    if not r.ok:
        return dict(fail, error=r.error["code"], message=r.error["message"])
    out = {"ok": True, "error": None, "message": None}
    if isinstance(r, (tenbou.KoreanResult, tenbou.HktwResult)):
        total = r.total
        out.update(han=r.han if isinstance(r, tenbou.KoreanResult) else 0, fu=0, yakuman=0,
                   total=0 if total is None else total, yaku=[], yaku_han=[],
                   limit=r.limit if isinstance(r, tenbou.HktwResult) else None)
        return out
    out.update(han=r.han, fu=r.fu, yakuman=r.yakuman, total=r.total if r.total <= INT64_MAX else None, limit=r.limit,
               yaku=[y.key for y in r.yaku], yaku_han=[y.han for y in r.yaku])
    return out


# --- laying requests out as tables -------------------------------------------------------------

def signature(value: Any, struct_options: bool, top_key: str = "") -> Any:
    """The Arrow shape of a value: "bool", "int", "float", "str", ("list", item), ("struct", {...});
    None when a column cannot carry it as score() reads it (a JSON null is not an absent key,
    an int past int64, a list of mixed items)."""
    if value is None:
        return None
    if top_key == "options":  # a text options column holds JSON text: any value goes as its JSON
        if not struct_options:
            return "json"
        if isinstance(value, str):
            return None
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int" if -2**63 <= value <= INT64_MAX else None
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    if isinstance(value, list):
        item: Any = ("empty",)
        for v in value:
            s = signature(v, struct_options)
            item = merge(item, s) if s is not None else None
            if item is None:
                return None
        return ("list", item)
    if isinstance(value, dict):
        fields = {}
        for k, v in value.items():
            s = signature(v, struct_options)
            if s is None:
                return None
            fields[k] = s
        return ("struct", fields)
    return None


def merge(a: Any, b: Any) -> Any:
    if a == ("empty",):
        return b
    if b == ("empty",):
        return a
    if isinstance(a, tuple) and isinstance(b, tuple) and a[0] == b[0] == "list":
        m = merge(a[1], b[1])
        return None if m is None else ("list", m)
    if isinstance(a, tuple) and isinstance(b, tuple) and a[0] == b[0] == "struct":
        fields = dict(a[1])
        for k, v in b[1].items():
            if k in fields:
                m = merge(fields[k], v)
                if m is None:
                    return None
                fields[k] = m
            else:
                fields[k] = v
        return ("struct", fields)
    return a if a == b else None


def arrow_type(sig: Any) -> Any:
    if sig in ("str", "json"):
        return pa.string()
    if sig == ("empty",):
        return pa.null()
    if isinstance(sig, tuple) and sig[0] == "list":
        return pa.list_(arrow_type(sig[1]))
    if isinstance(sig, tuple) and sig[0] == "struct":
        return pa.struct([pa.field(k, arrow_type(v)) for k, v in sig[1].items()])
    return {"bool": pa.bool_(), "int": pa.int64(), "float": pa.float64()}[sig]


def as_tables(requests: List[Any], struct_options: bool) -> Tuple[List[Tuple[Any, List[int]]], List[int]]:
    """Groups of rows that fit one schema (keys in first-seen order, nulls where a row lacks a
    key) as (table, request indices); and the indices no column can carry."""
    groups: List[Tuple[Dict[str, Any], List[int]]] = []
    left = []
    for i, q in enumerate(requests):
        if not isinstance(q, dict):
            left.append(i)
            continue
        sig = {}
        for k, v in q.items():
            s = signature(v, struct_options, k)
            if s is None:
                break
            sig[k] = s
        else:
            for schema, rows in groups:
                merged = {}
                for k, s in sig.items():
                    m = merge(schema[k], s) if k in schema else s
                    if m is None:
                        break
                    merged[k] = m
                else:
                    schema.update(merged)
                    rows.append(i)
                    break
            else:
                groups.append((dict(sig), [i]))
            continue
        left.append(i)
    tables = []
    for schema, rows in groups:
        fields = pa.schema([pa.field(k, arrow_type(s)) for k, s in schema.items()])
        data = {k: [] for k in schema}
        for i in rows:
            for k, s in schema.items():
                v = requests[i].get(k)
                data[k].append(json.dumps(v) if s == "json" and v is not None else v)
        tables.append((pa.table(data, schema=fields), rows))
    return tables, left


def row_object(table: Any, i: int) -> Dict[str, Any]:
    """The request row i stands for: its non-null cells in column order (struct nulls absent too)."""
    def plain(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items() if x is not None}
        if isinstance(v, list):
            return [plain(x) for x in v]
        return v

    out = {}
    for name, v in table.slice(i, 1).to_pylist()[0].items():
        if v is None:
            continue
        out[name] = json.loads(v) if name == "options" and isinstance(v, str) else plain(v)
    return out


def differences(table: Any, result: Any, limit: int = 3) -> List[Dict[str, Any]]:
    got = result.to_pylist()
    assert len(got) == table.num_rows
    bad = []
    for i, row in enumerate(got):
        want = expected(row_object(table, i))
        if row != want:
            bad.append({"row": i, "request": row_object(table, i), "got": row, "want": want})
            if len(bad) >= limit:
                break
    return bad


def vector_requests() -> List[Any]:
    out = []
    for line in VECTORS.read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            pass
    return out


@pytest.mark.parametrize("struct_options", [False, True], ids=["options_json", "options_struct"])
def test_every_vector_row_is_score(struct_options):
    requests = vector_requests()
    tables, left = as_tables(requests, struct_options)
    laid_out = sum(len(rows) for _, rows in tables)
    assert laid_out + len(left) == len(requests) and laid_out > 4000
    errors = set()
    for table, rows in tables:
        result = tenbou.score_table(table)
        assert differences(table, result) == []
        errors |= set(result.column("error").to_pylist())
        # The row object differs from the vector only by key order and absent nulls: same outcome.
        for i, want in zip(rows[:50], result.to_pylist()[:50]):
            assert expected(requests[i])["error"] == want["error"]
    assert errors == {None, "invalid_input", "not_winning", "no_yaku"}


@pytest.fixture(scope="module")
def real_wins() -> List[Dict[str, Any]]:
    from tenbou import mjlog

    files = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    if not files:
        pytest.skip("no Tenhou games under shared/data/tenhou/mjlog")
    return [w.request for f in files for w in mjlog.wins_from_file(f)]


def test_the_real_wins_are_score(real_wins):
    assert len(real_wins) > 8000
    struct = table_of(real_wins)
    assert pa.types.is_struct(struct.schema.field("options").type)
    as_json = struct.set_column(struct.schema.get_field_index("options"), "options",
                                pa.array([json.dumps(q["options"]) for q in real_wins]))
    want = [expected(q) for q in real_wins]
    assert sum(w["ok"] for w in want) > 8000
    for table in (struct, as_json):
        assert tenbou.score_table(table).to_pylist() == want
    # options= for every row, the table without its options column
    same = {json.dumps(q["options"], sort_keys=True) for q in real_wins}
    assert len(same) == 1
    bare = struct.drop_columns(["options"])
    assert tenbou.score_table(bare, options=real_wins[0]["options"]).to_pylist() == want


def test_threads_and_batches_change_nothing(real_wins):
    table = table_of(real_wins)
    one = tenbou.score_table(table)
    assert tenbou.score_table(table, threads=2).equals(one)
    assert tenbou.score_table(table, threads=0).equals(one)
    batches = table.to_batches(max_chunksize=777)
    assert len(batches) > 10
    streamed = pa.Table.from_batches(list(tenbou.score_batches(iter(batches), threads=2)))
    assert streamed.num_rows == table.num_rows
    assert streamed.combine_chunks().equals(one.combine_chunks())
    # A chunked table is scored per chunk; a reader is a stream of batches.
    chunked = pa.Table.from_batches(batches)
    assert tenbou.score_table(chunked).combine_chunks().equals(one.combine_chunks())
    reader = pa.RecordBatchReader.from_batches(table.schema, batches)
    assert pa.Table.from_batches(list(tenbou.score_batches(reader))).combine_chunks().equals(one.combine_chunks())


def test_slices_dictionaries_and_other_string_types(real_wins):
    table = table_of(real_wins[:600])
    want = tenbou.score_table(table).to_pylist()
    # a slice: arrays with offsets, top level and inside lists and structs
    assert tenbou.score_table(table.slice(123, 200)).to_pylist() == want[123:323]
    # dictionary-encoded columns are decoded
    encoded = table.set_column(table.schema.get_field_index("hand"), "hand", table.column("hand").dictionary_encode())
    assert pa.types.is_dictionary(encoded.schema.field("hand").type)
    assert tenbou.score_table(encoded).to_pylist() == want
    # large strings and lists, string views, narrow and unsigned integers
    casts = {"hand": pa.large_string(), "win_tile": pa.string_view(), "melds": pa.large_list(pa.string_view()),
             "honba": pa.uint8(), "riichi_sticks": pa.int16()}
    other = table
    for name, t in casts.items():
        i = other.schema.get_field_index(name)
        other = other.set_column(i, name, other.column(name).cast(t))
    assert tenbou.score_table(other).to_pylist() == want


def test_polars_dataframe(real_wins):
    pl = pytest.importorskip("polars")
    df = pl.from_arrow(table_of(real_wins[:500]))  # (exported back as Polars' own arrays: string views)
    want = tenbou.score_table(table_of(real_wins[:500])).to_pylist()
    assert tenbou.score_table(df).to_pylist() == want


def test_bad_rows_fail_in_their_row():
    rows = pa.table({
        "hand": ["234567m234p55s678s", "234567m234p55s678s", "234567m234p55s678s", "234567m234p55s678s", "123m"],
        "win_tile": ["5m", "5m", "5m", "5m", "1m"],
        "riichi": [True, True, True, True, True],
        "honba": pa.array([0, -1, None, 2**40, 0], pa.int64()),
        "seat_wind": ["E", "X", None, "S", "E"],
        "options": ['{"preset": "tenhou"}', '{"preset": "tenhou"}', "{not json", '"text"', None],
    })
    got = tenbou.score_table(rows).to_pylist()
    assert [r["ok"] for r in got] == [True, False, False, False, False]
    assert [r["error"] for r in got] == [None, "invalid_input", "invalid_input", "invalid_input", "invalid_input"]
    for i in (0, 1, 3, 4):
        assert got[i] == expected(row_object(rows, i))
    assert got[2]["message"].startswith("options:") and "JSON" in got[2]["message"]
    # a list column where a string is expected, a string where a bool is: as score() fails
    odd = pa.table({"hand": [["234567m234p55s678s"], ["x"]], "win_tile": ["5m", "5m"], "riichi": ["yes", "no"],
                    "melds": ["chi:123m", "pon:111z"], "tsumo": [1.5, 0.0], "players": pa.array([2**64 - 1, 3], pa.uint64())})
    got = tenbou.score_table(odd).to_pylist()
    assert all(not r["ok"] for r in got)
    for i in range(2):
        assert got[i] == expected(row_object(odd, i))
    # an unknown column fails every row, as an unknown key does
    unknown = tenbou.score_table(pa.table({"hand": ["234567m234p55s678s"], "win_tile": ["5m"], "colour": ["red"]}))
    assert unknown.column("message").to_pylist() == [str(pytest.raises(tenbou.UnknownKeyError, tenbou.score, {
        "hand": "234567m234p55s678s", "win_tile": "5m", "colour": "red"}).value)]


def test_tables_that_cannot_be_read():
    with pytest.raises(TypeError, match="expected a table"):
        tenbou.score_table([{"hand": "234567m234p55s678s"}])
    with pytest.raises(TypeError, match="iterable of record batches"):
        tenbou.score_batches({"hand": ["1m"]})
    with pytest.raises(TypeError, match="expected record batches"):
        list(tenbou.score_batches([{"hand": "1m"}]))
    with pytest.raises(tenbou.TableError, match='no "hand" column') as e:
        tenbou.score_table(pa.table({"hands": ["234567m234p55s678s"]}))
    assert e.value.column == "hand" and isinstance(e.value, ValueError)
    with pytest.raises(tenbou.TableError, match="unsupported Arrow type") as e:
        tenbou.score_table(pa.table({"hand": ["234567m234p55s678s"], "honba": pa.array([1], pa.decimal128(5, 0))}))
    assert e.value.column == "honba"
    with pytest.raises(tenbou.TableError) as e:
        tenbou.score_table(pa.table({"hand": ["1m"], "options": [{"kiriage": pa.scalar(b"x")}]}).cast(
            pa.schema([("hand", pa.string()), ("options", pa.struct([("kiriage", pa.binary())]))])))
    assert e.value.column == "options.kiriage"
    with pytest.raises(tenbou.TableError, match="give one of them"):
        tenbou.score_table(pa.table({"hand": ["1m"], "options": ["{}"]}), options={"preset": "tenhou"})
    with pytest.raises(TypeError, match="options must be a dict"):
        tenbou.score_table(pa.table({"hand": ["1m"]}), options="tenhou")
    # a table with no rows has the result columns
    empty = tenbou.score_table(pa.table({"hand": pa.array([], pa.string())}))
    assert empty.num_rows == 0 and empty.column_names[:3] == ["ok", "han", "fu"]


def test_import_tenbou_does_not_import_pyarrow():
    import subprocess
    import sys

    code = "import sys, tenbou; tenbou.score_table; print('pyarrow' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc/self/statm")
def test_score_batches_streams_in_bounded_memory(real_wins):
    import numpy as np

    base = table_of(real_wins[:5000]).combine_chunks().to_batches()[0]
    rng = np.random.default_rng(5)

    def batches(n: int):
        for _ in range(n):  # new buffers each time, made only when asked for
            yield base.take(pa.array(rng.permutation(base.num_rows)))

    total = 0
    ok = 0
    start: Optional[int] = None
    for k, result in enumerate(tenbou.score_batches(batches(200))):
        total += result.num_rows
        ok += int(pa.compute.sum(result.column("ok").cast(pa.int64())).as_py())
        if k == 20:
            start = rss_bytes()
    grown = rss_bytes() - start
    assert total == 200 * 5000 and ok > 0.9 * total
    # The results kept would be ~80 MB (1M rows); one batch in flight is well under 1 MB.
    assert grown < 30 * 2**20, f"RSS grew by {grown / 2**20:.1f} MiB over 180 batches"


# --- malformed Arrow structs, made by hand (ctypes): refused with the column named, never read ---

import ctypes  # noqa: E402


class ArrowSchema(ctypes.Structure):
    pass


class ArrowArray(ctypes.Structure):
    pass


ArrowSchema._fields_ = [("format", ctypes.c_char_p), ("name", ctypes.c_char_p), ("metadata", ctypes.c_char_p),
                        ("flags", ctypes.c_int64), ("n_children", ctypes.c_int64),
                        ("children", ctypes.POINTER(ctypes.POINTER(ArrowSchema))),
                        ("dictionary", ctypes.POINTER(ArrowSchema)), ("release", ctypes.c_void_p),
                        ("private_data", ctypes.c_void_p)]
ArrowArray._fields_ = [("length", ctypes.c_int64), ("null_count", ctypes.c_int64), ("offset", ctypes.c_int64),
                       ("n_buffers", ctypes.c_int64), ("n_children", ctypes.c_int64),
                       ("buffers", ctypes.POINTER(ctypes.c_void_p)),
                       ("children", ctypes.POINTER(ctypes.POINTER(ArrowArray))),
                       ("dictionary", ctypes.POINTER(ArrowArray)), ("release", ctypes.c_void_p),
                       ("private_data", ctypes.c_void_p)]

_RELEASE = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(lambda p: None)  # never called: the capsules own nothing
_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


class HandMade:
    """A record batch of hand-made columns: (name, format, length, buffers, children, n_buffers...)."""

    def __init__(self) -> None:
        self.keep: List[Any] = []

    def buffer(self, ctype: Any, values: List[Any]) -> int:
        arr = (ctype * max(1, len(values)))(*values)
        self.keep.append(arr)
        return ctypes.addressof(arr)

    def node(self, fmt: str, name: str, length: int, buffers: List[Optional[int]], children=(), offset: int = 0,
             null_count: int = 0) -> Tuple[Any, Any]:
        s, a = ArrowSchema(), ArrowArray()
        s.format, s.name, s.flags = fmt.encode(), name.encode(), 2
        s.n_children = a.n_children = len(children)
        if children:
            sc = (ctypes.POINTER(ArrowSchema) * len(children))(*[ctypes.pointer(c[0]) for c in children])
            ac = (ctypes.POINTER(ArrowArray) * len(children))(*[ctypes.pointer(c[1]) for c in children])
            self.keep += [sc, ac]
            s.children, a.children = sc, ac
        bufs = (ctypes.c_void_p * max(1, len(buffers)))(*buffers)
        self.keep += [bufs, children]
        a.length, a.offset, a.null_count, a.n_buffers, a.buffers = length, offset, null_count, len(buffers), bufs
        s.release = a.release = ctypes.cast(_RELEASE, ctypes.c_void_p)
        self.keep += [s, a]
        return s, a

    def strings(self, name: str, texts: List[str], offsets: Optional[List[int]] = None) -> Tuple[Any, Any]:
        data = "".join(texts).encode()
        if offsets is None:
            offsets = [0]
            for t in texts:
                offsets.append(offsets[-1] + len(t.encode()))
        return self.node("u", name, len(texts), [None, self.buffer(ctypes.c_int32, offsets),
                                                  self.buffer(ctypes.c_char, list(data))])

    def score(self, *columns: Tuple[Any, Any], length: int) -> Any:
        s, a = self.node("+s", "", length, [None], children=columns)
        capsules = (_capsule_new(ctypes.addressof(s), b"arrow_schema", None),
                    _capsule_new(ctypes.addressof(a), b"arrow_array", None))
        from tenbou import _core
        from tenbou._arrow import record_batch

        return record_batch(_core.score_table_batch(*capsules))


def test_hand_made_batches_are_read():
    m = HandMade()
    result = m.score(m.strings("hand", ["234567m234p55s678s", "123m"]), m.strings("win_tile", ["5m", "1m"]),
                     m.node("b", "riichi", 2, [None, m.buffer(ctypes.c_uint8, [0b01])]), length=2)
    assert result.column("ok").to_pylist() == [True, False]
    assert result.column("yaku").to_pylist()[0] == ["riichi", "pinfu", "tanyao"]


@pytest.mark.parametrize("case", ["decreasing", "negative", "list_past_child", "buffers", "children", "null_count",
                                  "struct_short", "format", "missing_values", "view_buffer", "duplicate", "no_format"])
def test_malformed_batches_raise_naming_the_column(case):
    m = HandMade()
    hand = m.strings("hand", ["234567m234p55s678s", "234567m234p55s678s"])
    column = "tsumo"
    if case == "decreasing":
        bad, column = m.strings("win_tile", ["5m", "5m"], offsets=[0, 2, 1]), "win_tile"
    elif case == "negative":
        bad, column = m.strings("win_tile", ["5m", "5m"], offsets=[-4, 2, 4]), "win_tile"
    elif case == "list_past_child":
        items = m.strings("item", ["chi:123m"])
        bad = m.node("+l", "melds", 2, [None, m.buffer(ctypes.c_int32, [0, 1, 5])], children=[items])
        column = "melds"
    elif case == "buffers":
        bad = m.node("b", "tsumo", 2, [None])
    elif case == "children":
        bad = m.node("+l", "melds", 2, [None, m.buffer(ctypes.c_int32, [0, 0, 0])])
        column = "melds"
    elif case == "null_count":
        bad = m.node("b", "tsumo", 2, [None, m.buffer(ctypes.c_uint8, [0])], null_count=1)
    elif case == "struct_short":
        preset = m.strings("preset", ["tenhou"])
        bad, column = m.node("+s", "options", 2, [None], children=[preset]), "options.preset"
    elif case == "format":
        bad = m.node("tsu", "tsumo", 2, [None, m.buffer(ctypes.c_int32, [0, 0])])
    elif case == "missing_values":
        bad = m.node("i", "honba", 2, [None, None])
        column = "honba"
    elif case == "view_buffer":  # a 20-byte string in data buffer 3 of 1
        view = [20, 0, 3, 0] + [0] * 4
        views = m.buffer(ctypes.c_int32, view)
        bad = m.node("vu", "win_tile", 2, [None, views, m.buffer(ctypes.c_char, [b"x"] * 8), m.buffer(ctypes.c_int64, [8])])
        column = "win_tile"
    elif case == "duplicate":
        bad, column = m.strings("hand", ["5m", "5m"]), "hand"
    else:
        bad = m.node("b", "tsumo", 2, [None, m.buffer(ctypes.c_uint8, [0])])
        bad[0].format = None
    with pytest.raises(tenbou.TableError) as e:
        m.score(hand, bad, length=2)
    assert e.value.column == column, str(e.value)
    assert str(e.value).startswith(f'column "{column}"')


def test_pandas_dataframe(real_wins):
    pd = pytest.importorskip("pandas")
    if not hasattr(pd.DataFrame, "__arrow_c_stream__"):
        pytest.skip("this pandas has no Arrow PyCapsule export")
    table = table_of(real_wins[:300]).drop_columns(["options"])
    want = tenbou.score_table(table, options={"preset": "tenhou", "red_fives": True}).to_pylist()
    options = {"preset": "tenhou", "red_fives": True}
    df = table.to_pandas(types_mapper=pd.ArrowDtype)  # (the columns keep their Arrow types)
    assert tenbou.score_table(df, options=options).to_pylist() == want
    # pandas' own dtypes make an int column with nulls float64: a float is not an integer, as in score()
    floats = tenbou.score_table(table.to_pandas(), options=options).to_pylist()
    players = [q.get("players") is not None for q in real_wins[:300]]
    assert 0 < sum(players) < 300
    assert [r["message"] for r in floats] == ["players: must be an integer, not number" if p else None for p in players]


# --- the shortcuts of the core's row reading (core/score_table.cpp), each checked against score() ---

def with_cells(requests: List[Dict[str, Any]], changes: Dict[int, Dict[str, Any]]) -> List[Dict[str, Any]]:
    out = [dict(q) for q in requests]
    for i, cells in changes.items():
        out[i].update(cells)
    return out


def test_planned_rows_refused_as_score_refuses(real_wins):
    """A table of plain column types is read through a per-batch plan; a value the Riichi reader
    refuses sends its row to that reader, so the error (and which of two bad cells is named: the
    first in column order) is score()'s."""
    bad_options = {"preset": "nope", "red_fives": True, "open_tanyao": True}
    changes = [
        {"seat_wind": "X"}, {"seat_wind": "EE"}, {"seat_wind": ""}, {"round_wind": "n"}, {"honba": -1},
        {"honba": 10001}, {"riichi_sticks": 10**6}, {"players": 2}, {"players": 5}, {"kita": -1}, {"kita": 5},
        {"melds": ["pon:111z"] * 5}, {"melds": ["pon:111z", None]}, {"hand": "19m19p19s1234567zz"},
        {"options": bad_options}, {"honba": -1, "kita": 9}, {"seat_wind": "Q", "honba": -1},
        {"options": bad_options, "players": 2}, {"honba": -1, "options": bad_options}, {"tsumo": None, "riichi": None},
    ]
    requests = with_cells(real_wins[:len(changes) * 3], {3 * k + 1: c for k, c in enumerate(changes)})
    table = table_of(requests)
    keys = table.column_names
    assert keys.index("seat_wind") < keys.index("honba") < keys.index("options") < keys.index("players") < keys.index("kita")
    result = tenbou.score_table(table)
    assert differences(table, result, limit=5) == []
    got = result.to_pylist()
    assert sum(not got[3 * k + 1]["ok"] for k in range(len(changes))) >= len(changes) - 1
    # options given as JSON text: the same rows, the same answers
    as_json = table.set_column(keys.index("options"), "options", pa.array([json.dumps(q["options"]) for q in requests]))
    assert tenbou.score_table(as_json).to_pylist() == got
    # an unsigned column past int64's range is refused as a too large integer
    wide = table.set_column(keys.index("honba"), "honba",
                            pa.array([2**64 - 1 if i == 3 else abs(q["honba"]) for i, q in enumerate(requests)], pa.uint64()))
    assert differences(wide, tenbou.score_table(wide)) == []
    assert tenbou.score_table(wide).column("message")[3].as_py() == "honba: integer out of range"


@pytest.mark.parametrize("threads", [1, 2])
def test_options_read_once_only_while_every_row_holds_them(real_wins, threads):
    """The rules of an options value every row of a thread's range holds are read once: a row
    whose options differ anywhere (a field, a same-length preset, a null struct, a later row,
    the second thread's half) must still be scored with its own."""
    n = len(real_wins)
    base = real_wins[0]["options"]
    yaku = tenbou.score_table(table_of(real_wins)).column("yaku").to_pylist()
    open_tanyao = max(i for i, q in enumerate(real_wins) if q["melds"] and yaku[i] == ["tanyao"])  # late in the table
    assert open_tanyao > n // 2
    cases = {
        "a switch": {open_tanyao: {"options": dict(base, open_tanyao=False)}},
        "a preset of the same length": {n // 2 + 7: {"options": dict(base, preset="tenhoo")}},
        "a null struct": {5000: {"options": None}},
        "a missing field": {4200: {"options": {"preset": "tenhou", "red_fives": True}}},
    }
    for name, change in cases.items():
        requests = with_cells(real_wins, change)
        table = table_of(requests)
        result = tenbou.score_table(table, threads=threads)
        (i,) = change
        assert result.slice(i, 1).to_pylist() == [expected(row_object(table, i))], name
        want = tenbou.score_table(table.slice(i, 1)).to_pylist()[0]
        assert result.slice(i, 1).to_pylist()[0] == want, name
        if name == "a preset of the same length":
            assert want["error"] == "invalid_input" and "preset" in want["message"]
        if name == "a switch":
            assert want["error"] == "no_yaku"
        # the rows around it keep the common options
        for j in (0, i - 1, i + 1 if i + 1 < n else 1):
            assert result.slice(j, 1).to_pylist() == [expected(row_object(table, j))], name
    # JSON text options: one text differs from the others by a byte (the same length)
    texts = [json.dumps(base)] * n
    texts[n - 3] = texts[n - 3].replace("true", "True", 1)
    table = table_of(real_wins).drop_columns(["options"]).append_column("options", pa.array(texts))
    result = tenbou.score_table(table, threads=threads).to_pylist()
    assert result[n - 3]["error"] == "invalid_input" and result[n - 3]["message"].startswith("options:")
    assert [r["error"] for r in result[n - 6:n - 3]] == [expected(real_wins[k])["error"] for k in range(n - 6, n - 3)]


def test_options_varying_row_to_row_as_a_struct(real_wins):
    """Options that differ from row to row (a struct column whose fields are found once a
    batch): every row is score()'s for its own options, plain or not: presets known and
    unknown, switches in and out of range, choices and bad names, a field that is no option,
    and columns of other types than the option's (int for a bool, uint64, all-null), which go
    to the general reader."""
    import random

    rng = random.Random(25)
    values = {"preset": ["tenhou", "mahjongsoul", "wrc", "mleague", "tenhoo", ""],
              "red_fives": [True, False], "kiriage": [True, False], "open_tanyao": [True, False],
              "renhou": ["mangan", "yakuman", "none", "nope"], "kazoe": ["sanbaiman", "yakuman", "bad"],
              "honba_value": [300, 100, 0, -5, 10**6, 150], "double_wind_fu": [2, 4, 3],
              "open_pinfu_fu": ["one_han_only", "always_30", "x"], "no_such_switch": [True]}
    requests = []
    for q in real_wins[:1500]:
        q = dict(q)
        if rng.random() < 0.8:
            keys = rng.sample(sorted(values), rng.randint(0, 6))
            q["options"] = {k: rng.choice(values[k]) for k in keys} if rng.random() < 0.95 else None
        requests.append(q)
    table = table_of(requests)
    assert pa.types.is_struct(table.schema.field("options").type)
    for threads in (1, 2):
        assert differences(table, tenbou.score_table(table, threads=threads)) == []
    errors = set(tenbou.score_table(table).column("error").to_pylist())
    assert {None, "invalid_input", "no_yaku"} <= errors

    # Columns of other types: the rows must still be score()'s for what the cells hold.
    n = 300
    rows = real_wins[:n]
    preset = pa.array([rng.choice(["tenhou", "wrc", None]) for _ in range(n)])
    red_as_int = pa.array([rng.choice([0, 1, None]) for _ in range(n)], pa.int8())
    honba_uint = pa.array([rng.choice([300, 2**63 + 5, None]) for _ in range(n)], pa.uint64())
    nothing = pa.nulls(n)
    kiriage = pa.array([rng.choice([True, False, None]) for _ in range(n)])
    base = table_of(rows).drop_columns(["options"])
    for fields, arrays in ((["preset", "red_fives"], [preset, red_as_int]),
                           (["preset", "honba_value", "kiriage"], [preset, honba_uint, kiriage]),
                           (["preset", "open_tanyao", "kiriage"], [preset, nothing, kiriage])):
        options = pa.StructArray.from_arrays(arrays, fields)
        table = base.append_column("options", options)
        assert differences(table, tenbou.score_table(table)) == []
    # A name twice is refused before any row is read.
    twice = pa.StructArray.from_arrays([preset, kiriage, kiriage], ["preset", "kiriage", "kiriage"])
    with pytest.raises(tenbou.TableError, match="options.kiriage"):
        tenbou.score_table(base.append_column("options", twice))


def test_options_every_row_refuses(real_wins):
    """Options every row holds that cannot be read fail every row (nothing kept from a failure)."""
    table = table_of(real_wins[:50]).drop_columns(["options"])
    bad = {"preset": "tenhou", "kiriage": "yes"}
    for result in (tenbou.score_table(table, options=bad),
                   tenbou.score_table(table.append_column("options", pa.array([json.dumps(bad)] * 50)))):
        want = str(pytest.raises(tenbou.InvalidRequestError, tenbou.score, dict(real_wins[0], options=bad)).value)
        assert result.column("message").to_pylist() == [want] * 50


def test_result_columns_are_dictionary_encoded_and_read_everywhere(real_wins):
    """limit, error and the yaku keys are Arrow dictionary columns (docs/tables.md): pyarrow,
    pandas, Polars and DuckDB read them as text."""
    requests = real_wins[:200] + [{"hand": "123m"}, {"hand": "123m456p789s11z234s", "win_tile": "2s"}]
    result = tenbou.score_table(table_of(requests))
    for name in ("limit", "error"):
        t = result.schema.field(name).type
        assert pa.types.is_dictionary(t) and t.value_type == pa.string() and t.index_type == pa.int8()
    assert pa.types.is_dictionary(result.schema.field("yaku").type.value_type)
    assert result.schema.field("yaku_han").type == pa.list_(pa.int16())
    want = [expected(q) for q in requests]
    assert result.to_pylist() == want
    assert {w["limit"] for w in want} > {None, "mangan"} and {w["error"] for w in want} == {None, "invalid_input", "no_yaku"}
    rows = [(w["limit"], w["error"], w["yaku"]) for w in want]
    pd = pytest.importorskip("pandas")
    df = result.to_pandas()
    assert [(None if pd.isna(a) else a, None if pd.isna(b) else b, list(c)) for a, b, c in
            zip(df["limit"], df["error"], df["yaku"])] == rows
    try:
        import polars as pl
    except ImportError:
        pl = None
    if pl is not None:
        frame = pl.from_arrow(result)
        assert list(zip(frame["limit"].to_list(), frame["error"].to_list(), frame["yaku"].to_list())) == rows
    try:
        import duckdb
    except ImportError:
        duckdb = None
    if duckdb is not None:
        got = duckdb.connect().execute("select \"limit\", error, yaku from result").fetchall()
        assert [(a, b, list(c)) for a, b, c in got] == rows


def test_method_and_options_errors_in_column_order(real_wins):
    """method and options are read by the reader's own functions, which may raise: with both bad
    in a row, the error names whichever column comes first, as score() names the first key."""
    bad_options = {"preset": "nope", "red_fives": True, "open_tanyao": True}
    requests = with_cells(real_wins[:12], {1: {"method": "dice"}, 2: {"options": bad_options},
                                           3: {"method": "dice", "options": bad_options},
                                           4: {"method": "aotenjo", "honba": -1}, 5: {"method": "han_only"}})
    for q in requests:
        q.setdefault("method", "fuhan")
    table = table_of(requests)
    keys = table.column_names
    assert keys.index("method") > keys.index("options")
    first_method = table.select(["method"] + [k for k in keys if k != "method"])
    for t in (table, first_method):
        result = tenbou.score_table(t)
        assert differences(t, result) == []
    got = [tenbou.score_table(t).column("message")[3].as_py() for t in (table, first_method)]
    assert got[0].startswith("options") and got[1].startswith("method")


def test_the_docs_list_the_result_columns_and_their_types():
    import re

    doc = (Path(__file__).parent.parent / "docs" / "tables.md").read_text(encoding="utf-8")
    section = doc.split("**The result columns**", 1)[1].split("\n\n", 2)[1]
    documented = re.findall(r"^\| `([a-z_]+)` \| `([^`]+)` \|", section, flags=re.M)
    result = tenbou.score_table(pa.table({"hand": ["234567m234p55s678s"], "win_tile": ["5m"]}))

    def written(t: Any) -> str:
        if pa.types.is_dictionary(t):
            return f"dictionary<{t.index_type}, {t.value_type}>"
        if pa.types.is_list(t):
            return f"list<{written(t.value_type)}>"
        return str(t)

    assert documented == [(f.name, written(f.type)) for f in result.schema]
