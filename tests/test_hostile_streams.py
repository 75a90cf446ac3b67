"""Hostile input, round two (issue 28): batch output in linear time (items 6), a request whose
reading raises fails in its own slot (7), and the JSON text's limits (nesting, members, length)
with the same errors in every entry point, from Python as through the C ABI and JS (10).
Speed itself is in benchmarks/bench_batch_output.py; here the work is counted, not timed."""
from __future__ import annotations

import ctypes
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Callable, List

import pytest

import tenbou
from test_wasm import dist  # noqa: F401  (the fixture: the WebAssembly build, built once)

GOOD = {"hand": "234567m234p55s678s", "win_tile": "5m", "riichi": True, "seat_wind": "S"}
GOOD_LINE = json.dumps(GOOD, separators=(",", ":"))
# Lines of every kind a batch meets: scored, refused, not JSON, not UTF-8, with an escape.
BATCH_LINES = [GOOD_LINE.encode(), b"{}", b'{"hand":', b'{"hand":"\xff"}', "{\"h\u00e9\":1}".encode(),
               b'{"hand":"123m456p789s11122z","win_tile":"2z","method":"aotenjo","tsumo":true}']


def compact(doc: Any) -> str:
    """The JSON text of a request as JSON.stringify writes it (what the JS API sends the core)."""
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


# --- the C ABI through ctypes (libtenbou.so of the native build) --------------------------------

@pytest.fixture(scope="module")
def c_abi(native_tool: Path) -> Callable[[str, bytes], str]:
    lib = ctypes.CDLL(str(native_tool.parent / "libtenbou.so"))
    for name in ("score_json", "score_jsonl", "waits_json", "points_json", "settle_json"):
        fn = getattr(lib, f"tenbou_{name}")
        fn.restype = ctypes.c_void_p
        fn.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]
    lib.tenbou_free.argtypes = [ctypes.c_void_p]

    def call(name: str, text: bytes) -> str:
        n = ctypes.c_size_t()
        out = getattr(lib, f"tenbou_{name}")(text, len(text), ctypes.byref(n))
        assert out
        try:
            data = ctypes.string_at(out, n.value + 1)
        finally:
            lib.tenbou_free(out)
        assert data[-1:] == b"\0"  # NUL-terminated at its length
        return data[:-1].decode("utf-8")

    return call


# --- item 6: batch output ------------------------------------------------------------------------

def test_c_abi_jsonl_of_64k_lines_is_every_result_in_order(c_abi):
    expected = [tenbou.score_json(line) for line in BATCH_LINES]
    n = 65_536
    text = b"\n".join(BATCH_LINES[i % len(BATCH_LINES)] for i in range(n)) + b"\n"
    out = c_abi("score_jsonl", text).split("\n")
    assert out[-1] == "" and len(out) == n + 1
    assert all(out[i] == expected[i % len(expected)] for i in range(n))


def test_native_stream_of_64k_lines_is_every_result_in_order(native_tool):
    expected = [tenbou.score_json(line) for line in BATCH_LINES]
    n = 65_536
    text = b"\n".join(BATCH_LINES[i % len(BATCH_LINES)] for i in range(n))
    out = subprocess.run([str(native_tool), "score"], input=text, capture_output=True, check=True).stdout
    lines = out.decode("utf-8").split("\n")
    assert lines[-1] == "" and len(lines) == n + 1
    assert all(lines[i] == expected[i % len(expected)] for i in range(n))


def instructions(cmd: List[str], data: bytes, tmp_path: Path) -> int:
    """Instructions a command executes on `data` (valgrind's count: the same run after run)."""
    out = tmp_path / "cachegrind.out"
    run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}", *cmd],
                         input=data, capture_output=True, check=True)
    m = re.search(rb"I\s+refs:\s+([\d,]+)", run.stderr)
    assert m, run.stderr[-2000:]
    return int(m.group(1).replace(b",", b""))


@pytest.mark.skipif(not shutil.which("valgrind"), reason="valgrind counts the instructions")
def test_batch_output_work_is_linear_in_the_lines(native_tool, tmp_path):
    # One batch of 1,024 and of 8,192 short failures (all within one 64 KiB read: one output
    # buffer). Each result grew the buffer to twice the output so far, zeroing the new half:
    # 8x the lines cost ~50x the instructions. Linear: 8x, plus the process's fixed cost.
    small, large = (b"{}\n" * n for n in (1024, 8192))
    base = instructions([str(native_tool), "score"], b"", tmp_path)
    a = instructions([str(native_tool), "score"], small, tmp_path) - base
    b = instructions([str(native_tool), "score"], large, tmp_path) - base
    assert b < 9 * a, (a, b)


def test_js_score_lines_of_64k_lines_is_every_result_in_order(dist):
    texts = [line.decode("utf-8") for line in BATCH_LINES if b"\xff" not in line]
    expected = [tenbou.score_json(t) for t in texts]
    code = ("const t = await import(process.argv[1]); const texts = JSON.parse(process.argv[2]);"
            "const n = 65536; const out = t.scoreLines(Array.from({length: n}, (_, i) => texts[i % texts.length]));"
            "let bad = 0; for (let i = 0; i < n; i++) if (out[i] !== JSON.parse(process.argv[3])[i % texts.length]) bad++;"
            "process.stdout.write(JSON.stringify([out.length, bad]));")
    got = subprocess.run(["node", "--input-type=module", "-e", code, (dist / "tenbou.mjs").as_uri(), json.dumps(texts),
                          json.dumps(expected)], capture_output=True)
    assert got.returncode == 0, got.stderr[-2000:]
    assert json.loads(got.stdout) == [65_536, 0]
