"""The record tables (issue 25): tenbou.records.read_hands / read_wins / read_tables as Arrow
tables built by the core on its threads, Parquet written and read back by pandas, Polars and
DuckDB, and the Dask path on a LocalCluster equal to the single-process tables.

Bar: on the 999 real Tenhou games every win's han and fu equal Tenhou's record and every hand's
deltas equal the recorded ones; the rows equal the hand-end lines of tenbou.replay (one core,
two front ends); a record that cannot be read raises, or with on_error="skip" leaves its rows out
and gives an errors row; memory stays under 300 MB for the whole archive."""
from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any, Dict, List

import pytest

pa = pytest.importorskip("pyarrow")
import pyarrow.compute as pc  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402

import tenbou  # noqa: E402
from tenbou import _core, records  # noqa: E402
from tenbou._arrow import record_batch  # noqa: E402
from tenbou.errors import RecordError  # noqa: E402

from conftest import shared_dir  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "records"


def games() -> List[Path]:
    files = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    assert len(files) == 999
    return files


@pytest.fixture(scope="module")
def tables() -> records.RecordTables:
    return records.read_tables(games(), threads=2)


# --- bar 1: the 999 games ------------------------------------------------------------------------

def test_every_win_of_the_999_games_has_tenhous_han_and_fu(tables: records.RecordTables):
    wins = tables.wins
    assert wins.num_rows == 8009 and tables.errors.num_rows == 0
    assert pc.all(wins["ok"]).as_py()
    assert wins["recorded_han"].null_count == 0
    assert pc.all(pc.equal(wins["han"], wins["recorded_han"])).as_py()
    # Tenhou states fu for every win but a few yakuman (fu 0 in its ten: null here).
    stated = wins.filter(pc.is_valid(wins["recorded_fu"]))
    assert wins.num_rows - stated.num_rows <= 10
    assert pc.all(pc.equal(stated["fu"], stated["recorded_fu"])).as_py()
    assert pc.all(pc.greater(wins.filter(pc.is_null(wins["recorded_fu"]))["yakuman"], 0)).as_py()
    assert pc.all(pc.equal(wins["points"], wins["recorded_points"])).as_py()
    assert pc.all(wins["agree"]).as_py()
    # Each win's own deltas add up to the riichi deposits it takes from the table; the payer pays
    # (ron) or everyone else does (tsumo).
    for row in wins.slice(0, 500).to_pylist():
        assert sum(row["deltas"]) >= 0 and sum(row["deltas"]) % 1000 == 0 and row["deltas"][row["winner"]] > 0
        if row["tsumo"]:
            assert row["from"] is None
        else:
            assert row["deltas"][row["from"]] < 0


def test_every_hand_of_the_999_games_has_the_recorded_deltas(tables: records.RecordTables):
    hands = tables.hands
    assert hands.num_rows == 9519
    assert hands["deltas"].null_count == 0 and hands["recorded_deltas"].null_count == 0
    assert hands["deltas"].to_pylist() == hands["recorded_deltas"].to_pylist()
    assert pc.all(hands["agree"]).as_py()
    assert set(hands["outcome"].to_pylist()) <= {"win", "draw", "nagashi_mangan", "abortive"}
    # The games: 999 names, each hand numbered from 0 within its game, in order.
    names = hands["game"].to_pylist()
    assert len(set(names)) == 999
    expect: Dict[str, int] = {}
    for name, hand in zip(names, hands["hand"].to_pylist()):
        assert hand == expect.get(name, 0)
        expect[name] = hand + 1


def test_rows_equal_the_hand_end_lines_of_tenbou_replay(tables: records.RecordTables):
    # One core, two front ends: the first 60 games' lines against the tables' rows.
    files = games()[:60]
    lines = [h.line for f in files for h in tenbou.replay(f, requests=False)]
    hands = tables.hands.slice(0, len(lines)).to_pylist()
    wins = iter(tables.wins.to_pylist())
    for line, row in zip(lines, hands):
        assert (row["game"], row["hand"], row["event"]) == (line["game"], line["hand"], line["event"])
        assert f'{row["round_wind"]}{row["round_number"]}' == line["round"]
        for key in ("players", "dealer", "honba", "deposits", "outcome", "deltas", "recorded_deltas", "agree"):
            assert row[key] == line[key], key
        assert row["tenpai"] == (line.get("tenpai") if line["outcome"] != "win" else None)
        for w in line.get("wins", []):
            r = next(wins)
            ours = w["result"]
            assert (r["game"], r["hand"], r["winner"]) == (line["game"], line["hand"], w["winner"])
            assert r["from"] == (None if w["from"] == w["winner"] else w["from"])
            assert (r["han"], r["fu"], r["points"], r["limit"], r["yakuman"]) == (
                ours["han"], ours["fu"], ours["points"], ours["limit"], ours["yakuman"])
            assert dict(zip(r["yaku"], r["yaku_han"])) == ours["yaku"]
            assert r["deltas"] == w["deltas"] and r["agree"] == w["agree"]
            rec = w["recorded"]
            assert (r["recorded_han"], r["recorded_points"], r["recorded_yakuman"]) == (rec["han"], rec["points"], rec["yakuman"])


def test_the_full_result_fields_match_score(tables: records.RecordTables):
    # total, dora, fu details and the winning tile against the core's own result of the request
    # the hand-end line carries.
    f = games()[3]
    lines = [h.line for h in tenbou.replay(f)]
    rows = [r for r in tables.wins.to_pylist() if r["game"] == f.name]
    got = [w for line in lines for w in line.get("wins", [])]
    assert len(rows) == len(got) > 0
    for r, w in zip(rows, got):
        res = tenbou.score(w["request"])
        assert r["total"] == res.total
        assert r["fu_details"] == [{"key": x.key, "fu": x.fu} for x in res.fu_details]
        assert r["dora"] == sum(y.han for y in res.yaku if y.key in ("dora", "aka_dora", "ura_dora", "kita"))
        assert r["tsumo"] == w["request"].get("tsumo", False) and r["riichi"] == w["request"].get("riichi", False)
        assert r["win_tile"] in (w["request"]["win_tile"], w["request"]["win_tile"].replace("5", "0"))


def test_schema_is_versioned_and_stable():
    for t in records.TABLES:
        s = records.schema(t)
        assert s.metadata == {b"tenbou.table": t.encode(), b"tenbou.schema_version": records.SCHEMA_VERSION.encode()}
    wins = records.schema("wins")
    assert wins.field("han").type == pa.int32() and wins.field("total").type == pa.int64()
    assert wins.field("yaku").type == pa.list_(pa.string())
    assert wins.field("fu_details").type == pa.list_(pa.struct([("key", pa.string()), ("fu", pa.int16())]))
    assert records.schema("hands").field("deltas").type == pa.list_(pa.int64())
    with pytest.raises(ValueError, match="table must be one of hands, wins, errors"):
        records.schema("games")


def test_the_schema_doc_lists_every_column():
    doc = (ROOT / "docs" / "tables.md").read_text(encoding="utf-8")
    assert f"version {records.SCHEMA_VERSION}" in doc
    for t in records.TABLES:
        section = doc.split(f"### `{t}`", 1)[1].split("###", 1)[0]
        documented = re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.M)
        assert documented == records.schema(t).names, t


def test_threads_do_not_change_the_tables(tables: records.RecordTables):
    files = games()[:200]
    one = records.read_tables(files, threads=1)
    for n in (2, 3, 0):
        other = records.read_tables(files, threads=n)
        for a, b in zip(one, other):
            assert a.equals(b)
    assert one.hands.equals(tables.hands.slice(0, one.hands.num_rows))


# --- every format, archives, errors --------------------------------------------------------------

def test_a_decompression_bomb_is_refused_before_it_fills_memory(tmp_path: Path, monkeypatch):
    # A compressed record is read by Python, whole, before the core sees it: past
    # MAX_RECORD_BYTES of decompressed bytes it is refused as it is read (a gzip of zeros
    # inflates a thousandfold; joined whole it would take twice its size in memory).
    import gzip
    import tracemalloc

    monkeypatch.setattr(records, "MAX_RECORD_BYTES", 1 << 20)
    bomb = tmp_path / "bomb.mjlog.gz"
    with gzip.open(bomb, "wb", compresslevel=1) as f:
        for _ in range(64):
            f.write(bytes(1 << 20))  # 64 MiB of zeros, ~64 KiB on disk
    good = games()[:2]
    tracemalloc.start()
    tabs = records.read_tables([good[0], bomb, good[1]], on_error="skip")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 16 << 20, peak
    assert set(tabs.hands["game"].to_pylist()) == {good[0].name, good[1].name}
    errors = tabs.errors.to_pylist()
    assert [e["game"] for e in errors] == ["bomb.mjlog.gz"]
    assert "more than 1 MiB decompressed" in errors[0]["message"], errors
    with pytest.raises(RecordError, match=r"^bomb\.mjlog\.gz: more than 1 MiB decompressed"):
        records.read_tables([bomb])


def test_threads_report_the_first_bad_record_in_input_order(tmp_path: Path):
    # The threads each start on a share of the inputs and take half of another's when done
    # (records/tables.cpp): whichever thread meets a bad record first, the error raised is the
    # first bad record's in input order, and skipped records leave the same tables as one thread.
    files = games()[:120]
    text = files[1].read_text(encoding="utf-8")
    cut = [m.end() for m in re.finditer(r"<(AGARI|RYUUKYOKU)[^>]*/>", text)][0]
    early, late = tmp_path / "early.mjlog", tmp_path / "late.mjlog"
    for bad in (early, late):
        bad.write_text(text[:cut] + '<DORA hai="999"/></mjloggm>', encoding="utf-8")
    inputs = files[:30] + [early] + files[30:100] + [late] + files[100:]
    one = records.read_tables(inputs, threads=1, on_error="skip")
    assert [e["game"] for e in one.errors.to_pylist()] == ["early.mjlog", "late.mjlog"]
    for n in (2, 3, 8):
        with pytest.raises(RecordError, match=r"^early\.mjlog: event"):
            records.read_tables(inputs, threads=n)
        with pytest.raises(RecordError, match=r"^late\.mjlog: event"):
            records.read_tables([f for f in inputs if f != early], threads=n)
        other = records.read_tables(inputs, threads=n, on_error="skip")
        for a, b in zip(one, other):
            assert a.equals(b)
    # Every input in exactly one batch, in order, whatever the threads' shares (the core directly).
    data = [(f.name, f.read_bytes()) for f in files[:50]]
    names = [name for name, _ in data]
    for n in (1, 2, 3, 8, 64):
        batches = _core.read_record_tables(data, "mjlog", n, False)
        games_in_order = []
        for batch in batches:
            hands = record_batch(batch[0]).column("game").to_pylist()
            games_in_order += [g for k, g in enumerate(hands) if k == 0 or hands[k - 1] != g]
        assert games_in_order == names, n
        assert 1 <= len(batches) <= 2 * n


def test_tenhou6_and_mjai_records_give_their_recorded_scores():
    t6 = sorted((DATA / "tenhou6").glob("*.json"))
    tabs = records.read_tables(t6)
    assert tabs.errors.num_rows == 0 and tabs.wins.num_rows > 0
    assert pc.all(pc.equal(tabs.wins["han"], tabs.wins["recorded_han"])).as_py()
    # the same games as mjlog (Tenhou's own XML beside each JSON) give the same deltas
    xml = records.read_tables(sorted((DATA / "tenhou6").glob("*.xml")))
    assert xml.hands["deltas"].to_pylist() == tabs.hands["deltas"].to_pylist()
    mj = records.read_tables(sorted((DATA / "mjai").glob("*.jsonl")), format="mjai")
    assert mj.hands.num_rows > 0 and pc.all(mj.hands["agree"]).as_py()
    assert mj.wins["recorded_han"].null_count == mj.wins.num_rows  # mjai states no score


def test_archives_and_compressed_members(tmp_path: Path):
    files = games()[:30]
    z = tmp_path / "logs.zip"
    with zipfile.ZipFile(z, "w", compression=zipfile.ZIP_DEFLATED) as out:
        for f in files:
            out.write(f, f"2022/{f.name}")
    tabs = records.read_tables([z])
    assert tabs.hands["game"][0].as_py() == f"logs.zip:2022/{files[0].name}"
    plain = records.read_tables(files)
    assert tabs.wins.drop_columns(["game"]).equals(plain.wins.drop_columns(["game"]))
    # a directory: names relative to it
    d = records.read_hands(files[0].parent.parent)
    assert d["game"][0].as_py() == f"mjlog/{files[0].name}"


def test_a_bad_record_raises_or_is_skipped_whole(tmp_path: Path):
    good = games()[:3]
    text = good[1].read_text(encoding="utf-8")
    bad = tmp_path / "bad.mjlog"
    # cut the log after its second hand's end: the game is kept out whole, not half
    cut = [m.end() for m in re.finditer(r"<(AGARI|RYUUKYOKU)[^>]*/>", text)][1]
    bad.write_text(text[:cut] + '<DORA hai="999"/></mjloggm>', encoding="utf-8")
    missing = tmp_path / "missing.mjlog"
    with pytest.raises(RecordError, match=r"bad\.mjlog: event \d+ <DORA>"):
        records.read_tables([good[0], bad, good[2]])
    tabs = records.read_tables([good[0], bad, missing, good[2]], on_error="skip")
    assert set(tabs.hands["game"].to_pylist()) == {good[0].name, good[2].name}
    errors = tabs.errors.to_pylist()
    assert [e["game"] for e in errors] == ["bad.mjlog", "missing.mjlog"]
    assert errors[0]["tag"] == "DORA" and errors[0]["event"] is not None and "bad.mjlog: event" in errors[0]["message"]
    assert "cannot read" in errors[1]["message"]
    with pytest.raises(RecordError, match=r"missing\.mjlog: cannot read: No such file"):
        records.read_tables([missing])


@pytest.mark.skipif(sys.platform != "linux", reason="a file name that is not UTF-8 (Linux allows any bytes)")
def test_a_file_name_that_is_not_utf8_is_read_and_shown_with_replacement_characters(tmp_path: Path):
    name = os.fsdecode(b"g\xff.mjlog")
    (tmp_path / name).write_bytes(games()[0].read_bytes())
    for paths in ([tmp_path], [tmp_path / name]):
        t = records.read_tables(paths)
        assert t.hands["game"][0].as_py() == "g\ufffd.mjlog" and t.errors.num_rows == 0
    missing = records.read_tables([tmp_path / os.fsdecode(b"m\xfe.mjlog")], on_error="skip").errors.to_pylist()
    assert missing[0]["game"] == "m\ufffd.mjlog" and "cannot read" in missing[0]["message"]
    # tenbou replay names it the same way
    lines = [h.line for h in tenbou.replay(tmp_path / name, requests=False)]
    assert lines[0]["game"] == "g\ufffd.mjlog"


def test_files_the_core_hands_back_are_read_by_python_in_their_place(tmp_path: Path):
    # Plain records are read by the core on its threads; a gzip-compressed one named .mjlog (as
    # Tenhou serves them) or a zip under a record's name is handed back and read by Python, its
    # rows in its place in the order.
    import gzip
    files = games()[:6]
    work = []
    for i, f in enumerate(files):
        target = tmp_path / f.name
        if i == 2:
            target.write_bytes(gzip.compress(f.read_bytes()))
        elif i == 4:
            with zipfile.ZipFile(target, "w") as z:
                z.write(f, f.name)
        else:
            target.write_bytes(f.read_bytes())
        work.append(target)
    got = records.read_tables(work, threads=2)
    plain = records.read_tables(files)
    assert got.wins.drop_columns(["game"]).equals(plain.wins.drop_columns(["game"]))
    names = list(dict.fromkeys(got.hands["game"].to_pylist()))
    assert names == [f.name for f in files[:4]] + [f"{files[4].name}:{files[4].name}", files[5].name]


def test_a_directory_with_a_records_name_is_walked_in_its_place(tmp_path: Path):
    # A path with a record's suffix goes to the core without a stat; when it is a directory the
    # core hands it back and Python walks it, its records in their place, named as under a
    # directory given (their path inside it).
    files = games()[:5]
    odd = tmp_path / "logs.mjlog"
    (odd / "sub").mkdir(parents=True)
    (odd / files[1].name).write_bytes(files[1].read_bytes())
    (odd / "sub" / files[2].name).write_bytes(files[2].read_bytes())
    got = records.read_tables([files[0], odd, files[3]], threads=2)
    plain = records.read_tables([files[0], files[1], files[2], files[3]])
    assert got.wins.drop_columns(["game"]).equals(plain.wins.drop_columns(["game"]))
    names = list(dict.fromkeys(got.hands["game"].to_pylist()))
    assert names == [files[0].name, files[1].name, f"sub/{files[2].name}", files[3].name]
    with pytest.raises(RecordError, match="cannot read"):
        records.read_tables([tmp_path / "absent.mjlog"])


def test_many_paths_give_the_tables_of_one_call_per_file():
    # The blocks grow from FIRST_BLOCK_RECORDS to BLOCK_RECORDS: the rows of 400 paths (blocks
    # of 64, 256, 80) are those of the files read one call each, in order.
    files = games()[:400]
    got = records.read_wins(files, threads=2)
    assert records.FIRST_BLOCK_RECORDS * 5 < len(files)  # three blocks at least
    one_by_one = pa.concat_tables([records.read_wins([f], threads=1) for f in files])
    assert got.equals(one_by_one)


def test_flawed_records_are_errors_rows_not_crashes():
    flawed = sorted((DATA / "flawed").glob("*.json"))
    tabs = records.read_tables(flawed, on_error="skip")
    assert tabs.errors.num_rows + len(set(tabs.hands["game"].to_pylist())) == len(flawed)


def test_bad_arguments_say_what_is_wrong(tmp_path: Path):
    with pytest.raises(ValueError, match="format must be one of"):
        records.read_hands(games()[:1], format="xml")
    with pytest.raises(ValueError, match="on_error must be"):
        records.read_hands(games()[:1], on_error="ignore")
    with pytest.raises(ValueError, match="threads must be"):
        records.read_hands(games()[:1], threads=-1)
    with pytest.raises(TypeError, match="not bytes"):
        records.read_hands(b"<mjloggm>")  # type: ignore[arg-type]
    # the binding itself refuses what is not a list of (name, bytes)
    from tenbou import _core
    for bad in ([b"<mjloggm/>"], [("a", b"x", 1)], [("a", 3)]):
        with pytest.raises(TypeError):
            _core.read_record_tables(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="format must be"):
        _core.read_record_tables([], "xml")
    empty = records.read_tables([])
    assert [t.num_rows for t in empty] == [0, 0, 0] and empty.wins.schema.equals(records.schema("wins"))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak from /proc")
def test_the_whole_archive_stays_under_300_mb(tmp_path: Path):
    z = tmp_path / "all.zip"
    with zipfile.ZipFile(z, "w", compression=zipfile.ZIP_DEFLATED) as out:
        for f in games():
            out.write(f, f.name)
    code = ("import re, sys, tenbou.records as r\n"
            "t = r.read_hands(sys.argv[1])\n"
            "peak = re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read())[1]\n"
            "print(peak, t.num_rows)\n")
    out = subprocess.run([sys.executable, "-c", code, str(z)], capture_output=True, text=True, check=True).stdout.split()
    assert int(out[1]) == 9519
    assert int(out[0]) < 300 * 1024, f"peak {int(out[0]) // 1024} MB"


# --- Parquet, read back by the ecosystem ---------------------------------------------------------

@pytest.fixture(scope="module")
def parquet_dir(tmp_path_factory: Any) -> Path:
    out = tmp_path_factory.mktemp("parquet")
    counts = records.write_parquet(games()[:100], out, row_group_rows=300)
    assert counts.errors == 0 and not (out / "errors.parquet").exists()
    return out


def test_parquet_round_trips(parquet_dir: Path):
    expect = records.read_tables(games()[:100])
    for t in ("hands", "wins"):
        f = pq.ParquetFile(parquet_dir / f"{t}.parquet")
        assert f.metadata.num_row_groups > 1  # row groups of 300 rows
        back = f.read()
        assert back.equals(getattr(expect, t))
        assert back.schema.metadata[b"tenbou.schema_version"] == records.SCHEMA_VERSION.encode()


def test_pandas_reads_the_parquet(parquet_dir: Path):
    pd = pytest.importorskip("pandas")
    df = pd.read_parquet(parquet_dir / "wins.parquet")
    assert len(df) == records.read_wins(games()[:100]).num_rows
    assert (df["han"] == df["recorded_han"]).all()


def test_polars_reads_the_parquet(parquet_dir: Path):
    pl = pytest.importorskip("polars")
    df = pl.read_parquet(parquet_dir / "hands.parquet")
    assert df.height == records.read_hands(games()[:100]).num_rows
    assert df.filter(pl.col("outcome") == "win").height > 0
    # A win's settled changes add up to the deposits it takes from the table; a draw's to zero.
    won = df.with_columns(pl.col("deltas").list.sum().alias("sum"))
    assert (won.filter(pl.col("outcome") == "win")["sum"] == won.filter(pl.col("outcome") == "win")["deposits"] * 1000).all()
    assert (won.filter(pl.col("outcome") != "win")["sum"] == 0).all()


def test_duckdb_reads_the_parquet(parquet_dir: Path):
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect()
    n, limits = con.execute(
        f"select count(*), count(distinct \"limit\") from read_parquet('{parquet_dir / 'wins.parquet'}')").fetchone()
    assert n == records.read_wins(games()[:100]).num_rows and limits >= 3
    (yakuman,) = con.execute(
        f"select count(*) from read_parquet('{parquet_dir / 'wins.parquet'}') where yakuman > 0").fetchone()
    assert yakuman >= 0


def test_the_cli_writes_parquet(tmp_path: Path):
    files = [str(f) for f in games()[:20]]
    out = tmp_path / "out"
    p = subprocess.run([sys.executable, "-m", "tenbou", "replay", *files, "--parquet", str(out)],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "hands" in p.stderr and "wins" in p.stderr
    assert pq.read_table(out / "wins.parquet").equals(records.read_wins(files))


# --- Dask ----------------------------------------------------------------------------------------

def test_dask_on_a_local_cluster_equals_the_single_process_tables():
    pytest.importorskip("dask.dataframe")
    distributed = pytest.importorskip("distributed")
    files = games()[:120]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster):
        for table in ("hands", "wins"):
            ddf = records.to_dask(files, table, files_per_partition=25)
            assert ddf.npartitions == 5
            expect = getattr(records.read_tables(files), table).replace_schema_metadata(None)
            got = pa.Table.from_pandas(ddf.compute(), schema=expect.schema, preserve_index=False)
            assert got.replace_schema_metadata(None).equals(expect)
