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
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List

import pytest

import tenbou
from tenbou.errors import InvalidRequestError
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


# --- item 7: a request whose reading raises ------------------------------------------------------

class RaisingIter(Mapping):
    def __getitem__(self, key: str) -> Any:
        return GOOD[key]

    def __iter__(self) -> Iterator[str]:
        raise KeyError("boom")

    def __len__(self) -> int:
        return len(GOOD)


class RaisingGet(Mapping):
    def __init__(self, exc: BaseException) -> None:
        self.exc = exc

    def __getitem__(self, key: str) -> Any:
        raise self.exc

    def __iter__(self) -> Iterator[str]:
        return iter(GOOD)

    def __len__(self) -> int:
        return len(GOOD)


BAD_MAPPINGS = {
    "__iter__": (RaisingIter(), "the request cannot be read as JSON: KeyError: 'boom'"),
    "__getitem__": (RaisingGet(ZeroDivisionError("division by zero")),
                    "the request cannot be read as JSON: ZeroDivisionError: division by zero"),
}


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("kind", sorted(BAD_MAPPINGS))
def test_a_mapping_that_raises_fails_in_its_own_slot(kind, threads):
    bad, message = BAD_MAPPINGS[kind]
    good = tenbou.score(GOOD)
    results = tenbou.score_many([GOOD, bad, GOOD], threads=threads)
    assert [r.ok for r in results] == [True, False, True]
    assert results[0].as_dict() == results[2].as_dict() == good.as_dict()
    assert results[1].error == {"code": "invalid_input", "message": message, "reason": "bad_type"}
    # In a batch of several chunks, read while others are scored.
    many = tenbou.score_many([bad if i % 97 == 5 else GOOD for i in range(3000)], threads=threads)
    assert [i for i, r in enumerate(many) if not r.ok] == [i for i in range(3000) if i % 97 == 5]
    assert all(many[i].error["message"] == message for i in range(5, 3000, 97))


def test_a_raising_mapping_message_is_capped():
    results = tenbou.score_many([GOOD, RaisingGet(ValueError("x" * 5000)), GOOD], threads=2)
    message = results[1].error["message"]
    assert message.startswith("the request cannot be read as JSON: ValueError: xxx") and "more bytes)" in message
    assert len(message) < 300


def test_a_raising_mapping_in_the_single_calls():
    bad, message = BAD_MAPPINGS["__iter__"]
    for call in (tenbou.score, tenbou.waits, tenbou.discards, tenbou.settle, tenbou.shanten):
        with pytest.raises(InvalidRequestError) as e:
            call(bad)
        assert str(e.value) == message and e.value.reason == "bad_type", call
    with pytest.raises(InvalidRequestError, match="the request cannot be read as JSON: KeyError"):
        tenbou.settle({"outcome": "draw", "options": bad})
    assert tenbou._core.score_result(bad).error["message"] == message


def test_keyboard_interrupt_is_not_the_requests_error():
    with pytest.raises(KeyboardInterrupt):
        tenbou.score_many([GOOD, RaisingGet(KeyboardInterrupt()), GOOD])


# --- item 10: one set of limits ------------------------------------------------------------------

def nested(depth: int) -> List[Any]:
    out: List[Any] = []
    inner = out
    for _ in range(depth - 1):
        inner.append([])
        inner = inner[0]
    return out


def cyclic() -> Dict[str, Any]:
    d: Dict[str, Any] = {}
    d["x"] = d
    return d


SETTLE = {"outcome": "draw", "tenpai": [1]}
POINTS = {"han": 3, "fu": 30}
BEFORE_WIN = {"hand": "123m456p789s2345s"}
# Entry point -> (Python call, a valid request, the C ABI function or None).
ENTRY_POINTS: Dict[str, Any] = {
    "score": (tenbou.score, GOOD, "score_json"),
    "settle": (tenbou.settle, SETTLE, "settle_json"),
    "points": (tenbou._core.points, POINTS, "points_json"),
    "waits": (tenbou.waits, BEFORE_WIN, "waits_json"),
    "discards": (tenbou.discards, dict(BEFORE_WIN, hand="123m456p789s23455s"), None),
    "shanten": (tenbou.shanten, BEFORE_WIN, None),
}
# How each request is spoiled: a key and its value, under the request or its options.
SPOILED: Dict[str, Callable[[Dict[str, Any]], Dict[str, Any]]] = {
    "1,025 items": lambda r: dict(r, tenpai=[1] * 1025, hand=[1] * 1025),
    "2,000 items in options": lambda r: dict(r, options={"preset": [0] * 2000}),
    "1,025 keys in options": lambda r: dict(r, options={f"k{i}": 1 for i in range(1025)}),
    "65 levels": lambda r: dict(r, melds=nested(66)),
    "65 levels in options": lambda r: dict(r, options={"preset": nested(70)}),
    "a string past 1 MiB": lambda r: dict(r, options={"preset": "x" * (1 << 20)}),
}


def python_error(call: Callable[[Any], Any], request: Any) -> Dict[str, str]:
    try:
        out = call(request)
    except InvalidRequestError as e:
        return {"reason": e.reason, "message": str(e)}
    assert isinstance(out, dict) and out.get("ok") is False, out
    return {"reason": out["error"]["reason"], "message": out["error"]["message"]}


@pytest.mark.parametrize("spoil", sorted(SPOILED))
@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_the_json_texts_limits_hold_for_python_objects(entry, spoil, c_abi):
    call, valid, c_name = ENTRY_POINTS[entry]
    request = SPOILED[spoil](valid)
    text = compact(request).encode("utf-8")
    # The text's own error, whatever reads it (the parser runs before any reader).
    expected = json.loads(tenbou.score_json(text))["error"]
    assert expected["reason"] == "bad_json"
    got = python_error(call, request)
    assert got == {"reason": "bad_json", "message": expected["message"]}
    if c_name:
        assert json.loads(c_abi(c_name, text))["error"] == expected
    if entry == "score":
        assert tenbou.score_many([GOOD, request], threads=1)[1].error == expected


JS_ERRORS = """
const t = await import(process.argv[1]);
let s = ''; for await (const c of process.stdin) s += c;
const out = [];
for (const [fn, text] of JSON.parse(s)) {
  try { const r = t[fn](JSON.parse(text)); out.push(r.ok === false ? r.error : {ok: true}); }
  catch (e) { out.push({reason: e.reason, message: e.message}); }
}
process.stdout.write(JSON.stringify(out));
"""


def test_the_json_texts_limits_hold_for_js_objects(dist):
    # The same objects in JS (the binary batch records fall back to text past a limit) give the
    # bytes Python gives: one contract.
    cases = [(entry, compact(SPOILED[spoil](ENTRY_POINTS[entry][1])))
             for entry in sorted(ENTRY_POINTS) for spoil in sorted(SPOILED)]
    got = subprocess.run(["node", "--input-type=module", "-e", JS_ERRORS, (dist / "tenbou.mjs").as_uri()],
                         input=json.dumps(cases).encode(), capture_output=True)
    assert got.returncode == 0, got.stderr[-2000:]
    for (entry, text), js in zip(cases, json.loads(got.stdout)):
        expected = json.loads(tenbou.score_json(text.encode()))["error"]
        assert js == {"reason": expected["reason"], "message": expected["message"]}, (entry, text[:80], js)


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_a_request_that_holds_itself_cannot_be_read(entry):
    # No JSON text holds itself: JS says so of a cycle (JSON.stringify throws), and so does Python
    # (settle said "nested deeper than 64 levels", score "unknown option 'x'").
    call, valid, _ = ENTRY_POINTS[entry]
    for request in (dict(valid, options=cyclic()), dict(valid, melds=[cyclic()])):
        assert python_error(call, request) == {
            "reason": "bad_type", "message": "the request cannot be read as JSON: it holds itself (a cycle)"}, entry
    # Past a limit already broken, the limit is what the text says first.
    assert python_error(call, dict(valid, melds=[nested(70), cyclic()]))["reason"] == "bad_json"


def test_limits_are_the_limits_not_less():
    # 1,024 items and 64 levels are still requests (refused for what they say, not their shape).
    r = python_error(tenbou.settle, dict(SETTLE, tenpai=["x"] * 1024))
    assert r["reason"] == "bad_type"
    r = python_error(tenbou.settle, dict(SETTLE, tenpai=nested(64)))  # the innermost list at level 64
    assert r["reason"] == "bad_type"
    r = python_error(tenbou.settle, dict(SETTLE, tenpai=nested(65)))
    assert r["reason"] == "bad_json"
    assert python_error(tenbou.settle, dict(SETTLE, options={f"k{i}": 1 for i in range(1024)}))["reason"] == "unknown_key"


def test_the_first_problem_in_the_text_is_the_one_reported():
    # A value Python cannot send before the deep one: its own error; after it: the nesting.
    assert python_error(tenbou.settle, {"options": {1: 2}, "tenpai": nested(70)})["reason"] == "bad_type"
    got = python_error(tenbou.settle, {"tenpai": nested(70), "options": {1: 2}})
    assert got["reason"] == "bad_json"
