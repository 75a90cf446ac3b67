"""What `tenbou replay` and `tenbou.replay()` read before the core sees a byte (python/tenbou/replay.py):
files, directories, gzip/xz/bzip2 streams, zip and tar archives, standard input; the names
records are given (messages, --out), and the errors of what cannot be read."""
from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import tarfile
import tracemalloc
import zipfile
from pathlib import Path
from typing import List, Tuple

import pytest

from tenbou.replay import PIECE, RecordError, read_inputs

A = b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>'  # any bytes: the core is not asked here
B = b'{"type":"start_game"}\n{"type":"end_game"}\n'
C = b'{"title":["", ""],"log":[]}'


def read(paths, stdin=None) -> List[Tuple[str, str, object]]:
    """(name, out_name, bytes or the error's message) per record."""
    out = []
    for record in read_inputs([str(p) if isinstance(p, Path) else p for p in paths], stdin=stdin):
        try:
            out.append((record.name, record.out_name, b"".join(record.pieces())))
        except RecordError as e:
            out.append((record.name, record.out_name, "error: " + str(e)))
    return out


def tree(root: Path) -> Path:
    (root / "logs" / "sub").mkdir(parents=True)
    (root / "logs" / "a.mjlog").write_bytes(A)
    (root / "logs" / "b.jsonl.gz").write_bytes(gzip.compress(B))
    (root / "logs" / "sub" / "c.json.xz").write_bytes(lzma.compress(C))
    (root / "logs" / "README.md").write_text("not a record")
    (root / "logs" / ".hidden.mjlog").write_bytes(b"skipped")
    (root / "logs" / "sub" / "d.txt.bz2").write_bytes(bz2.compress(A))
    return root / "logs"


def test_a_directory_is_read_in_name_order_records_only(tmp_path):
    logs = tree(tmp_path)
    assert read([logs]) == [("a.mjlog", "a.mjlog", A), ("b.jsonl.gz", "b.jsonl", B), ("sub/c.json.xz", "sub/c.json", C),
                            ("sub/d.txt.bz2", "sub/d.txt", A)]


def test_a_file_given_is_read_whatever_its_name(tmp_path):
    logs = tree(tmp_path)
    assert read([logs / "README.md", logs / "sub" / "c.json.xz"]) == [("README.md", "README.md", b"not a record"),
                                                                      ("c.json.xz", "c.json", C)]


@pytest.mark.parametrize("mode,name", [("w", "all.tar"), ("w:gz", "all.tar.gz"), ("w:xz", "all.tar.xz"),
                                       ("w:gz", "all.tgz"), ("w:bz2", "all.tar.bz2")])
def test_tar_archives_plain_and_compressed(tmp_path, mode, name):
    logs = tree(tmp_path)
    with tarfile.open(tmp_path / name, mode) as t:
        t.add(logs, arcname=".")
    got = read([tmp_path / name])
    stem = "all"
    assert sorted(got) == [(f"{name}:a.mjlog", f"{stem}/a.mjlog", A), (f"{name}:b.jsonl.gz", f"{stem}/b.jsonl", B),
                           (f"{name}:sub/c.json.xz", f"{stem}/sub/c.json", C), (f"{name}:sub/d.txt.bz2", f"{stem}/sub/d.txt", A)]
    # The same bytes from standard input.
    assert sorted(read(["-"], stdin=io.BytesIO((tmp_path / name).read_bytes()))) == sorted(
        (n.replace(name, "stdin"), o.replace(stem, "stdin", 1), d) for n, o, d in got)


def test_zip_archives_from_a_file_and_from_standard_input(tmp_path):
    logs = tree(tmp_path)
    with zipfile.ZipFile(tmp_path / "all.zip", "w", zipfile.ZIP_DEFLATED) as z:
        for p in sorted(logs.rglob("*")):
            if p.is_file():
                z.write(p, p.relative_to(logs).as_posix())
        z.writestr("__MACOSX/._a.mjlog", b"resource fork")
        z.writestr("sub/", b"")
    expected = [("all.zip:a.mjlog", "all/a.mjlog", A), ("all.zip:b.jsonl.gz", "all/b.jsonl", B),
                ("all.zip:sub/c.json.xz", "all/sub/c.json", C), ("all.zip:sub/d.txt.bz2", "all/sub/d.txt", A)]
    assert read([tmp_path / "all.zip"]) == expected
    data = (tmp_path / "all.zip").read_bytes()
    assert read(["-"], stdin=io.BytesIO(data)) == [(n.replace("all.zip", "stdin"), o.replace("all", "stdin", 1), d)
                                                   for n, o, d in expected]
    # A zip compressed again (all.zip.gz) is spooled, then read as a zip.
    (tmp_path / "all.zip.gz").write_bytes(gzip.compress(data))
    assert [r[0] for r in read([tmp_path / "all.zip.gz"])] == [n.replace("all.zip", "all.zip.gz") for n, _, _ in expected]


def test_member_paths_stay_relative(tmp_path):
    # A member named ../../x or /x is written under --out as x: never outside the folder.
    with zipfile.ZipFile(tmp_path / "evil.zip", "w") as z:
        z.writestr("../../up.mjlog", A)
        z.writestr("/abs/olute.mjlog", A)
    assert [(n, o) for n, o, _ in read([tmp_path / "evil.zip"])] == [("evil.zip:up.mjlog", "evil/up.mjlog"),
                                                                     ("evil.zip:abs/olute.mjlog", "evil/abs/olute.mjlog")]


def test_compressed_streams_as_gzip_reads_them(tmp_path):
    cases = {
        "two.gz": (gzip.compress(A[:10]) + gzip.compress(A[10:]) + b"\0" * 8, A),  # cat a.gz b.gz, padding
        "two.xz": (lzma.compress(A[:10]) + lzma.compress(A[10:]), A),
        "two.bz2": (bz2.compress(A[:10]) + bz2.compress(A[10:]), A),
        "trailing.gz": (gzip.compress(A) + b"xx", "error: trailing.gz: broken gzip data: bytes after the gzip stream that are not a gzip member"),
        "cut.gz": (gzip.compress(A)[:-6], "error: cut.gz: broken gzip data: the stream ends early"),
        "cut.xz": (lzma.compress(A)[:-8], "error: cut.xz: broken xz data: the stream ends early"),
        "corrupt.gz": (gzip.compress(A)[:10] + b"\x07" + b"\0" * 30, "error: corrupt.gz: broken gzip data: Error -3 while "
                       "decompressing data: invalid block type"),
        "empty": (b"", b""),
    }
    for name, (data, _) in cases.items():
        (tmp_path / name).write_bytes(data)
    got = read([tmp_path / name for name in cases])
    assert [(n, d) for n, _, d in got] == [(name, want) for name, (_, want) in cases.items()]


def test_what_cannot_be_read_is_named_and_the_rest_is_read(tmp_path):
    logs = tree(tmp_path)
    good = tarfile.open(tmp_path / "all.tgz", "w:gz")
    good.add(logs, arcname=".")
    good.close()
    data = (tmp_path / "all.tgz").read_bytes()
    (tmp_path / "cut.tgz").write_bytes(data[:len(data) * 2 // 3])
    (tmp_path / "cut.zip").write_bytes(b"PK\x03\x04" + b"\0" * 100)
    got = read([tmp_path / "cut.tgz", tmp_path / "missing.mjlog", tmp_path / "cut.zip", logs / "a.mjlog"])
    errors = [(n, d) for n, _, d in got if isinstance(d, str)]
    # The archive cut mid-way: the members before the cut, then one error for the rest.
    first = [n for n, _, d in got[:3]]
    assert first[:2] == ["cut.tgz:a.mjlog", "cut.tgz:b.jsonl.gz"] and isinstance(got[1][2], bytes), got
    assert len(errors) == 3, errors
    assert errors[0][1] == "error: cut.tgz: broken gzip data: the stream ends early"
    assert errors[1] == (str(tmp_path / "missing.mjlog"), f"error: {tmp_path / 'missing.mjlog'}: cannot read: No such file or directory")
    assert errors[2] == ("cut.zip", "error: cut.zip: broken zip archive: File is not a zip file")
    assert got[-1] == ("a.mjlog", "a.mjlog", A)


def test_a_compression_bomb_streams_in_bounded_pieces(tmp_path):
    bomb = tmp_path / "bomb.mjlog.gz"
    with gzip.open(bomb, "wb", compresslevel=1) as f:
        for _ in range(64):
            f.write(b"<" * (1 << 20))  # 64 MiB inflated, ~64 KB on disk
    tracemalloc.start()
    total = biggest = 0
    for record in read_inputs([str(bomb)]):
        for piece in record.pieces():
            total += len(piece)
            biggest = max(biggest, len(piece))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert total == 64 << 20 and biggest <= PIECE
    assert peak < 4 << 20, peak  # flat: never the stream whole (64 MiB)
