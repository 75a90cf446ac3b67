"""Hostile settlement input, and the JS functions besides score (issue 28: items 1, 2, 8, 9, 11
and the JS part of 7). Every case goes through Python, the C ABI (libtenbou.so of the native
build) and JS (tests/js/harness.mjs), and each must give the same reason, field and message."""
from __future__ import annotations

import ctypes
import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

import tenbou
from tenbou import _core
from tenbou.errors import InvalidValueError, UnsupportedError

from conftest import ROOT
from test_wasm import HARNESS, dist, node  # noqa: F401  (dist: the module's fixture)

# The aotenjo hand of the issue's reproduction, as a tsumo: 54 han 60 fu, a dealer's share of
# 2^62.9 and a non-dealer's of 2^61.9: each payment fits in 63 bits, their sum does not.
BIG_TSUMO = {"hand": "555z666z777z111z22z", "win_tile": "2z", "tsumo": True, "seat_wind": "S", "method": "aotenjo",
             "dora_indicators": "4z4z4z4z", "riichi": True}
ISSUE_TSUMO = {"hand": "111z222z333z444z55z", "win_tile": "5z", "tsumo": True, "seat_wind": "S", "method": "aotenjo",
               "dora_indicators": "4z1z2z3z7z"}
# The same by ron: 52 han, 2^62.x from the discarder; two of them on one discard pass 2^63.
BIG_RON = {"hand": "555z666z777z111z22z", "win_tile": "2z", "method": "aotenjo", "dora_indicators": "4z4z4z4z"}
PINFU = {"hand": "234567m234p55s678s", "win_tile": "5m", "riichi": True}


def seat(request: Dict[str, Any], wind: str) -> Dict[str, Any]:
    return dict(request, seat_wind=wind)


# (name, function, request, reason, field, a part of the message)
CASES: List[Tuple[str, str, Dict[str, Any], str, str, str]] = [
    # 1. overflow: each payment fits, the sums do not
    ("issue tsumo", "settle", {"outcome": "win", "wins": [{"winner": 1, "from": 1, "request": ISSUE_TSUMO}]},
     "unsupported", "wins[0]", "pass 2^63"),
    ("tsumo sum", "settle", {"outcome": "win", "wins": [{"winner": 1, "from": 1, "request": BIG_TSUMO}]},
     "unsupported", "wins[0]", "pass 2^63"),
    ("liable total", "settle", {"outcome": "win", "wins": [{"winner": 1, "from": 1, "pao": 2, "request": BIG_TSUMO}]},
     "unsupported", "wins[0]", "pass 2^63"),
    ("discarder pays two", "settle",
     {"outcome": "win", "wins": [{"winner": 1, "from": 0, "request": seat(BIG_RON, "S")},
                                 {"winner": 2, "from": 0, "request": seat(BIG_RON, "W")}]},
     "unsupported", "wins", "pass 2^63"),
    # 2. a seat listed twice
    ("nagashi twice", "settle", {"outcome": "nagashi_mangan", "nagashi": [1, 1]}, "bad_value", "nagashi[1]",
     "seat 1 is listed twice"),
    ("tenpai twice", "settle", {"outcome": "draw", "tenpai": [2, 0, 2]}, "bad_value", "tenpai[2]", "listed twice"),
    # 11. lax checks
    ("wins on a draw", "settle", {"outcome": "draw", "wins": 5}, "bad_value", "wins", "only a win has"),
    ("empty wins on an abortive draw", "settle", {"outcome": "abortive", "wins": []}, "bad_value", "wins", "only a win"),
    ("tenpai on a win", "settle",
     {"outcome": "win", "tenpai": [1], "wins": [{"winner": 1, "from": 2, "request": seat(PINFU, "S")}]},
     "bad_value", "tenpai", "paid on a draw"),
    ("nagashi on a draw", "settle", {"outcome": "draw", "nagashi": [1]}, "bad_value", "nagashi", "only nagashi mangan"),
    ("nagashi seat 3 of three, switch off", "settle",
     {"outcome": "nagashi_mangan", "players": 3, "nagashi": [3], "options": {"nagashi_mangan": False}},
     "bad_value", "nagashi[0]", "a seat is 0..2, got 3"),
    ("pao is the winner", "settle",
     {"outcome": "win", "wins": [{"winner": 1, "from": 2, "pao": 1, "request": seat(PINFU, "S")}]},
     "bad_value", "wins[0].pao", "cannot be the winner"),
    ("no winner", "settle", {"outcome": "win", "wins": [{"from": 2, "request": seat(PINFU, "E")}]},
     "bad_value", "wins[0].winner", "needs its \"winner\""),
    # 9. messages
    ("a win's bad tile", "settle",
     {"outcome": "win", "wins": [{"winner": 1, "from": 2, "request": seat(dict(PINFU, hand="234567m234p55s678"), "S")}]},
     "bad_tile", "wins[0].request.hand", "no suit letter"),
    ("a win's unknown key", "settle",
     {"outcome": "win", "wins": [{"winner": 1, "from": 2, "request": seat(dict(PINFU, colour=1), "S")}]},
     "unknown_key", "wins[0].request.colour", "unknown request key"),
    ("a win's bad option", "settle",
     {"outcome": "win", "wins": [{"winner": 1, "from": 2, "request": seat(dict(PINFU, options={"kiriage": 3}), "S")}]},
     "bad_type", "wins[0].request.options.kiriage", "true or false"),
    ("a Korean win", "settle",
     {"outcome": "win", "wins": [{"winner": 1, "from": 2, "request": seat(dict(PINFU, rules="korean"), "S")}]},
     "bad_value", "wins[0].request.rules", "settlement is for Riichi hands only, got \"korean\""),
    ("kita -1", "score", {"hand": "111p234p55s678s999s", "win_tile": "1p", "players": 3, "kita": -1},
     "bad_value", "kita", "must be between 0 and 4 (there are four North tiles), got -1"),
    ("players -1", "score", dict(PINFU, players=-1), "bad_value", "players", "must be 3 (sanma) or 4, got -1"),
    ("settle players -1", "settle", {"outcome": "draw", "players": -1}, "bad_value", "players", "must be 3 or 4, got -1"),
    ("0m indicator, three players", "score",
     {"hand": "111p234p55s678s999s", "win_tile": "1p", "players": 3, "dora_indicators": "0m"},
     "tile_not_in_rules", "dora_indicators", "0m is not in three-player"),
    ("0m ura indicator, three players", "score",
     {"hand": "111p234p55s678s999s", "win_tile": "1p", "players": 3, "riichi": True, "dora_indicators": "1p",
      "ura_indicators": "0m"}, "tile_not_in_rules", "ura_indicators", "0m is not in three-player"),
    ("5m indicator, three players", "score",
     {"hand": "111p234p55s678s999s", "win_tile": "1p", "players": 3, "dora_indicators": "5m"},
     "tile_not_in_rules", "dora_indicators", "5m is not in three-player"),
    ("0m winning tile, three players", "score", {"hand": "111p234p55s678s90m", "win_tile": "0m", "players": 3},
     "tile_not_in_rules", "hand", "0m is not in three-player"),
    ("0m discard, three players", "waits", {"hand": "111p234p55s678s99s", "players": 3, "own_discards": "0m"},
     "tile_not_in_rules", "own_discards", "0m is not in three-player"),
    ("points fu -5", "points", {"han": 1, "fu": -5}, "bad_value", "fu", "multiple of 10 from 30 to 170, got -5"),
]


def error_of(answer: Dict[str, Any]) -> Tuple[str, str, str]:
    assert answer["ok"] is False, answer
    e = answer["error"]
    assert e["code"] == "invalid_input", e
    return e["reason"], e.get("field", ""), e["message"]


def python_error(fn: str, request: Dict[str, Any]) -> Tuple[str, str, str]:
    if fn == "score":
        return error_of(json.loads(tenbou.score_json(json.dumps(request))))
    return error_of(getattr(_core, fn)(request))


@pytest.fixture(scope="module")
def c_abi(native_tool: Path):
    lib = ctypes.CDLL(str(native_tool.parent / "libtenbou.so"))
    lib.tenbou_free.argtypes = [ctypes.c_void_p]
    for name in ("score", "waits", "points", "settle"):
        f = getattr(lib, f"tenbou_{name}_json")
        f.restype = ctypes.c_void_p
        f.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]

    def call(fn: str, request: Any) -> Dict[str, Any]:
        text = (request if isinstance(request, str) else json.dumps(request)).encode()
        n = ctypes.c_size_t()
        p = getattr(lib, f"tenbou_{fn}_json")(text, len(text), ctypes.byref(n))
        try:
            return json.loads(ctypes.string_at(p, n.value))
        finally:
            lib.tenbou_free(p)

    return call


def js_run(dist_dir: Path, calls: List[Tuple[str, str]]) -> List[Dict[str, Any]]:
    """Each (function, JS expression of its argument) through the harness's expr command."""
    stdin = "".join(json.dumps({"fn": fn, "request": expr}) + "\n" for fn, expr in calls)
    out = node([str(HARNESS), str(dist_dir), "expr"], stdin).splitlines()
    assert len(out) == len(calls), out
    return [json.loads(line) for line in out]


@pytest.fixture(scope="module")
def js_cases(dist) -> List[Dict[str, Any]]:  # noqa: F811
    return js_run(dist, [(fn, json.dumps(request)) for _name, fn, request, *_ in CASES])


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_python_and_c_abi(case, c_abi):
    _name, fn, request, reason, field, part = case
    got = python_error(fn, request)
    assert got[:2] == (reason, field), got
    assert got[2].startswith(f"{field}: ") and part in got[2], got
    assert error_of(c_abi(fn, request)) == got


@pytest.mark.parametrize("index", range(len(CASES)), ids=[c[0] for c in CASES])
def test_js(index, js_cases):
    _name, fn, request, reason, field, _part = CASES[index]
    got = js_cases[index]
    assert (got.get("reason"), got.get("field"), got.get("message")) == python_error(fn, request), got
    assert got["thrown"] == ("UnsupportedError" if reason == "unsupported" else
                             "TileNotInRulesError" if reason == "tile_not_in_rules" else
                             "InvalidTileError" if reason == "bad_tile" else
                             "UnknownKeyError" if reason == "unknown_key" else "InvalidValueError"), got


def test_python_raises_the_error_classes():
    with pytest.raises(UnsupportedError, match=r"^wins\[0\]: "):
        tenbou.settle({"outcome": "win", "wins": [{"winner": 1, "from": 1, "request": ISSUE_TSUMO}]})
    with pytest.raises(InvalidValueError, match=r"^nagashi\[1\]: "):
        tenbou.settle({"outcome": "nagashi_mangan", "nagashi": [1, 1]})


def test_largest_settlement_that_fits_is_exact():
    # One such ron alone fits: the deltas are the payment, to the point, and sum to zero.
    r = tenbou.settle({"outcome": "win", "wins": [{"winner": 1, "from": 0, "request": seat(BIG_RON, "S")}]})
    paid = tenbou.score(seat(BIG_RON, "S")).total
    assert r["deltas"] == [-paid, paid, 0, 0] and 2**62 <= paid < 2**63


# --- 9: the 200-byte echo cap ---------------------------------------------------------------

@pytest.mark.parametrize("where", ["top", "win"])
def test_a_huge_unknown_key_is_echoed_short(where, c_abi):
    key = "k" * 500_000
    request: Dict[str, Any] = {"outcome": "draw", key: 1} if where == "top" else \
        {"outcome": "win", "wins": [{"winner": 1, "from": 2, key: 1, "request": seat(PINFU, "S")}]}
    reason, field, message = python_error("settle", request)
    assert reason == "unknown_key" and len(message.encode()) < 1000 and "more bytes" in message, message[:300]
    assert error_of(c_abi("settle", request)) == (reason, field, message)


# --- 8: one type per array, declared -----------------------------------------------------------

def test_js_deltas_are_bigint_and_declared_so(dist):  # noqa: F811
    cases = [{"outcome": "win", "wins": [{"winner": 1, "from": 0, "request": seat(BIG_RON, "S")}]},
             {"outcome": "win", "honba": 1, "wins": [{"winner": 1, "from": 2, "request": seat(PINFU, "S")}]},
             {"outcome": "draw", "tenpai": [1]}, {"outcome": "abortive"}]
    out = js_run(dist, [("settle", json.dumps(c)) for c in cases])
    for case, got in zip(cases, out):
        value = got["value"]
        arrays = [value["deltas"]] + [w["deltas"] for w in value["wins"]]
        assert all(isinstance(x, str) and x.endswith("n") for a in arrays for x in a), value  # BigInt, every one
        assert [int(x[:-1]) for x in value["deltas"]] == tenbou.settle(case)["deltas"]
    types = (ROOT / "wasm" / "js" / "tenbou.d.ts").read_text(encoding="utf-8")
    settlement = types[types.index("export interface SettlementResult"):]
    settlement = settlement[:settlement.index("}\n")]
    assert "deltas: bigint[];" in settlement and "number[]" not in settlement


# --- 9 and 7 (JS): NaN named, getters and cycles as score treats them -------------------------------

BEFORE_WIN = '{hand: "123m456m789p2345s", honba: %s}'
JS_NAN = [
    ("settle", '{outcome: "draw", honba: NaN}', "honba: must be an integer, not NaN"),
    ("settle", '{outcome: "draw", tenpai: [Infinity]}', "tenpai[0]: must be an integer, not Infinity"),
    ("waits", BEFORE_WIN % "NaN", "honba: must be an integer, not NaN"),
    ("shanten", BEFORE_WIN % "-Infinity", "honba: must be an integer, not Infinity"),
    ("discards", '{hand: "123m456m789p23456s", riichi_sticks: NaN}', "riichi_sticks: must be an integer, not NaN"),
    ("points", "{han: NaN}", "han: must be an integer, not NaN"),
    ("score", '{hand: "234567m234p55s678s", win_tile: "5m", honba: NaN}', "honba: must be an integer, not NaN"),
]


def test_js_names_nan_and_infinity_everywhere(dist):  # noqa: F811
    out = js_run(dist, [(fn, expr) for fn, expr, _ in JS_NAN])
    for (fn, expr, message), got in zip(JS_NAN, out):
        assert (got.get("thrown"), got.get("message")) == ("InvalidValueError", message), (fn, expr, got)


# Values JSON.stringify cannot write: each function must throw what score throws for them.
UNWRITABLE = {
    "throwing getter": '{outcome: "draw", get honba() { throw new Error("boom"); }}',
    "cycle": '(() => { const o = {outcome: "draw", tenpai: [1]}; o.self = o; return o; })()',
    "deep cycle": '(() => { const o = {outcome: "draw", options: {}}; o.options.back = [o]; return o; })()',
    "a Map": '{outcome: "draw", options: new Map([["preset", "tenhou"]])}',
}


@pytest.mark.parametrize("fn", ["settle", "waits", "discards", "shanten", "points", "koreanDeclaration"])
def test_js_unwritable_requests_throw_as_score_does(fn, dist):  # noqa: F811
    out = js_run(dist, [(f, expr) for expr in UNWRITABLE.values() for f in ("score", fn)])
    for what, (by_score, got) in zip(UNWRITABLE, zip(out[0::2], out[1::2])):
        assert by_score["thrown"] == "InvalidValueError" and by_score["reason"] == "bad_type", (what, by_score)
        assert got == by_score, (fn, what, got)


def test_python_and_json_text_still_name_a_number(c_abi):
    # Only JS values reach the core as NaN/Infinity: a Python float and a JSON text overflowing
    # to infinity stay "number", in settle as in score.
    for value in (float("nan"), float("inf")):
        assert python_error("settle", {"outcome": "draw", "honba": value})[2] == "honba: must be an integer, not number"
    assert error_of(c_abi("settle", '{"outcome": "draw", "honba": 1e999}'))[2] == "honba: must be an integer, not number"
