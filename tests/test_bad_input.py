"""Bar 5: malformed requests each give their specific error, on every front end; nothing crashes."""
from __future__ import annotations

import json
import random
from typing import Any, Dict, Type

import pytest

import tenbou
from fuzzing import mutations
from tenbou import _core
from tenbou.errors import (
    ImpossibleFlagsError,
    InvalidJSONError,
    InvalidMeldError,
    InvalidTileError,
    InvalidValueError,
    TileCountError,
    TileNotInRulesError,
    TooManyCopiesError,
    UnknownKeyError,
    WinTileMissingError,
)

GOOD: Dict[str, Any] = {"hand": "123m456p789s23455s", "win_tile": "5s", "tsumo": True}  # menzen tsumo, 1 han
KAN_HAND: Dict[str, Any] = {"hand": "456p789s23455s", "melds": ["ankan:1111m"], "win_tile": "5s"}


def with_(base: Dict[str, Any], **changes: Any) -> Dict[str, Any]:
    out = dict(base)
    for k, v in changes.items():
        if v is ...:
            out.pop(k, None)
        else:
            out[k] = v
    return out


# (request, exception class, reason, field, message fragment)
CASES = {
    "unknown character": (with_(GOOD, hand="123x456p789s23455s"), InvalidTileError, "bad_tile", "hand", "unknown character 'x' at position 4"),
    "digit without suit": (with_(GOOD, hand="123m456p789s234551"), InvalidTileError, "bad_tile", "hand", 'digits "234551" at position 13 have no suit letter'),
    "suit without digit": (with_(GOOD, hand="m123m456p789s2345s"), InvalidTileError, "bad_tile", "hand", "suit letter 'm' at position 1 has no digits"),
    "honour 8z": (with_(GOOD, hand="123m456p789s2345s8z"), InvalidTileError, "bad_tile", "hand", "no honour tile 8z at position 18"),
    "honour 0z": (with_(GOOD, hand="123m456p789s11z0z5s"), InvalidTileError, "bad_tile", "hand", "no honour tile 0z"),
    "honour 9z": (with_(GOOD, hand="123m456p789s119z"), InvalidTileError, "bad_tile", "hand", "no honour tile 9z"),
    "non-ascii character": (with_(GOOD, hand="123m456p789s2345５s"), InvalidTileError, "bad_tile", "hand", "unknown character '５' (U+FF15) at position 17"),
    "fifth copy in hand": (with_(GOOD, hand="11111m456p789s455s", win_tile="1m"), TooManyCopiesError, "too_many_copies", "", "5 copies of 1m"),
    "fifth copy with melds": ({"hand": "11m456p789s234s", "melds": ["pon:111m"], "win_tile": "4s"}, TooManyCopiesError, "too_many_copies", "", "5 copies of 1m"),
    "fifth copy with indicators": (with_(GOOD, dora_indicators="5s5s5s"), TooManyCopiesError, "too_many_copies", "", "5 copies of 5s counting hand, melds and indicators"),
    "two red fives": (with_(GOOD, hand="123m456p789s23400s", win_tile="0s"), TooManyCopiesError, "too_many_copies", "", "2 red fives 0s"),
    "red five in hand and meld": ({"hand": "123m406p789s55s", "melds": ["chi:406p"], "win_tile": "5s"}, TooManyCopiesError, "too_many_copies", "", "red fives 0p"),
    "13 tiles": (with_(GOOD, hand="123m456p789s2345s"), TileCountError, "tile_count", "hand", "13 tiles given; with 0 meld(s) the hand must hold 14"),
    "15 tiles": (with_(GOOD, hand="123m456p789s234555s"), TileCountError, "tile_count", "hand", "15 tiles given"),
    "14 tiles with a meld": (with_(GOOD, melds=["pon:777z"]), TileCountError, "tile_count", "hand", "with 1 meld(s) the hand must hold 11"),
    "unknown meld kind": (with_(KAN_HAND, melds=["pong:1111m"]), InvalidMeldError, "bad_meld", "melds[0]", "unknown meld kind 'pong'"),
    "meld without kind": (with_(KAN_HAND, melds=["1111m"]), InvalidMeldError, "bad_meld", "melds[0]", "must be KIND:TILES"),
    "chi not consecutive": ({"hand": "456p789s23455s", "melds": ["chi:135m"], "win_tile": "5s"}, InvalidMeldError, "bad_meld", "melds[0]", "not three consecutive tiles"),
    "chi of honours": ({"hand": "456p789s23455s", "melds": ["chi:123z"], "win_tile": "5s"}, InvalidMeldError, "bad_meld", "melds[0]", "not three consecutive tiles"),
    "chi across suits": ({"hand": "456p789s23455s", "melds": ["chi:12m3p"], "win_tile": "5s"}, InvalidMeldError, "bad_meld", "melds[0]", "not three consecutive"),
    "pon not identical": ({"hand": "456p789s23455s", "melds": ["pon:667z"], "win_tile": "5s"}, InvalidMeldError, "bad_meld", "melds[0]", "needs 3 identical tiles"),
    "kan of three tiles": (with_(KAN_HAND, melds=["kan:111m"]), InvalidMeldError, "bad_meld", "melds[0]", "kan needs 4 tiles, got 3"),
    "ankan of five tiles": (with_(KAN_HAND, melds=["ankan:11111m"]), InvalidMeldError, "bad_meld", "melds[0]", "ankan needs 4 tiles, got 5"),
    "five melds": ({"hand": "55s", "melds": ["pon:111m"] * 5, "win_tile": "5s"}, InvalidMeldError, "bad_meld", "melds", "5 melds given"),
    "meld not a string": (with_(KAN_HAND, melds=[1111]), InvalidValueError, "bad_type", "melds[0]", "must be a string, not integer"),
    "melds not a list": (with_(KAN_HAND, melds="ankan:1111m"), InvalidValueError, "bad_type", "melds", "must be an array"),
    "bad tile inside a meld": (with_(KAN_HAND, melds=["ankan:111q"]), InvalidTileError, "bad_tile", "melds[0]", "unknown character 'q'"),
    "win tile not in hand": (with_(GOOD, win_tile="6s"), WinTileMissingError, "win_tile_missing", "win_tile", "6s is not in the hand"),
    "red win tile not in hand": (with_(GOOD, win_tile="0s"), WinTileMissingError, "win_tile_missing", "win_tile", "0s is not in the hand"),
    "plain win tile, only a red five": (with_(GOOD, hand="123m456p789s22340s"), WinTileMissingError, "win_tile_missing", "win_tile", "5s is not in the hand"),
    "two win tiles": (with_(GOOD, win_tile="5s5s"), InvalidTileError, "bad_tile", "win_tile", "expected exactly one tile, got 2"),
    "no win tile": (with_(GOOD, win_tile=...), InvalidValueError, "bad_value", "win_tile", 'no "win_tile"'),
    "no hand": (with_(GOOD, hand=...), InvalidValueError, "bad_value", "hand", 'no "hand"'),
    "hand not tiles": (with_(GOOD, hand=5), InvalidValueError, "bad_type", "hand", "must be a string of tiles or an array of tiles"),
    "unknown key": (with_(GOOD, riichii=True), UnknownKeyError, "unknown_key", "riichii", "unknown request key 'riichii'"),
    "unknown option": (with_(GOOD, options={"kuitan": True}), UnknownKeyError, "unknown_key", "options.kuitan", "unknown option 'kuitan'"),
    "unknown preset": (with_(GOOD, options={"preset": "majsoul"}), InvalidValueError, "bad_value", "options.preset", "unknown preset 'majsoul'"),
    "options not an object": (with_(GOOD, options="tenhou"), InvalidValueError, "bad_type", "options", "must be an object"),
    "double wind fu 3": (with_(GOOD, options={"double_wind_fu": 3}), InvalidValueError, "bad_value", "options.double_wind_fu", "must be 2 or 4"),
    "kazoe value": (with_(GOOD, options={"kazoe": "none"}), InvalidValueError, "bad_value", "options.kazoe", 'must be one of "yakuman", "sanbaiman", got "none"'),
    "option of wrong type": (with_(GOOD, options={"kiriage": "yes"}), InvalidValueError, "bad_type", "options.kiriage", "must be true or false"),
    "bad seat wind": (with_(GOOD, seat_wind="X"), InvalidValueError, "bad_value", "seat_wind", 'must be "E", "S", "W" or "N"'),
    "seat wind as number": (with_(GOOD, seat_wind=1), InvalidValueError, "bad_type", "seat_wind", "must be a string"),
    "flag as string": (with_(GOOD, tsumo="yes"), InvalidValueError, "bad_type", "tsumo", "must be true or false, not string"),
    "negative honba": (with_(GOOD, honba=-1), InvalidValueError, "bad_value", "honba", "must be between 0 and 10000"),
    "fractional honba": (with_(GOOD, honba=1.5), InvalidValueError, "bad_type", "honba", "must be an integer, not number"),
    "huge sticks": (with_(GOOD, riichi_sticks=10 ** 30), InvalidValueError, "bad_value", "riichi_sticks", "integer out of range"),
    "chankan with tsumo": (with_(GOOD, chankan=True, tsumo=True), ImpossibleFlagsError, "bad_flags", "", "chankan"),
    "rinshan without kan": (with_(GOOD, rinshan=True, tsumo=True), ImpossibleFlagsError, "bad_flags", "", "rinshan without a kan"),
    "rinshan on ron": (with_(KAN_HAND, rinshan=True), ImpossibleFlagsError, "bad_flags", "", "it must be tsumo"),
    "haitei on ron": (with_(GOOD, haitei=True, tsumo=False), ImpossibleFlagsError, "bad_flags", "", "haitei"),
    "houtei on tsumo": (with_(GOOD, houtei=True, tsumo=True), ImpossibleFlagsError, "bad_flags", "", "houtei"),
    "haitei with rinshan": (with_(KAN_HAND, haitei=True, rinshan=True, tsumo=True), ImpossibleFlagsError, "bad_flags", "", "haitei and rinshan"),
    "ippatsu without riichi": (with_(GOOD, ippatsu=True), ImpossibleFlagsError, "bad_flags", "", "ippatsu without riichi"),
    "riichi with open hand": ({"hand": "456p789s23455s", "melds": ["chi:123m"], "win_tile": "5s", "riichi": True}, ImpossibleFlagsError, "bad_flags", "", "riichi with an open hand"),
    "tenhou for non-dealer": (with_(GOOD, tenhou=True, seat_wind="S"), ImpossibleFlagsError, "bad_flags", "", "tenhou is the dealer's win"),
    "tenhou with melds": (with_(KAN_HAND, tenhou=True), ImpossibleFlagsError, "bad_flags", "", "tenhou with melds"),
    "tenhou on ron": (with_(GOOD, tenhou=True, tsumo=False), ImpossibleFlagsError, "bad_flags", "", "tsumo cannot be false"),
    "chiihou for dealer": (with_(GOOD, chiihou=True), ImpossibleFlagsError, "bad_flags", "", "chiihou is a non-dealer's win"),
    "renhou on tsumo": (with_(GOOD, renhou=True, tsumo=True, seat_wind="S"), ImpossibleFlagsError, "bad_flags", "", "renhou is a ron"),
    "ura without riichi": (with_(GOOD, dora_indicators="1z", ura_indicators="2z"), ImpossibleFlagsError, "bad_flags", "", "not in riichi"),
    "more ura than dora": (with_(GOOD, riichi=True, dora_indicators="1z", ura_indicators="2z3z"), InvalidValueError, "bad_value", "ura_indicators", "more ura indicators"),
    "six dora indicators": (with_(GOOD, dora_indicators="1z2z3z4z5z6z"), InvalidValueError, "bad_value", "dora_indicators", "6 indicators given"),
    "korean rules, souzu hand": (with_(GOOD, rules="korean"), TileNotInRulesError, "tile_not_in_rules", "hand", "Korean mahjong has no souzu"),
    "unknown rules": (with_(GOOD, rules="mcr"), InvalidValueError, "bad_value", "rules", 'must be "riichi"'),
    "hong kong rules, 14 tiles": (with_(GOOD, rules="hktw"), TileCountError, "tile_count", "hand", "must hold 17 tiles"),
    "unknown method": (with_(GOOD, method="fu"), InvalidValueError, "bad_value", "method", 'must be one of "fuhan", "han_only", "aotenjo", got "fu"'),
    "aotenjo kokushi fu": (with_(GOOD, method="aotenjo", options={"aotenjo_kokushi_fu": 20}), InvalidValueError, "bad_value", "options.aotenjo_kokushi_fu", "must be 25 or 30"),
}


def test_at_least_40_distinct_cases():
    assert len(CASES) >= 40
    assert len({json.dumps(c[0], sort_keys=True) for c in CASES.values()}) == len(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_single_hand_api_raises_the_specific_error(name):
    request, cls, reason, field, fragment = CASES[name]
    with pytest.raises(cls) as info:
        tenbou.score(request)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.reason == reason and err.field == field
    assert fragment in str(err), str(err)
    if field:
        assert str(err).startswith(field + ": ")


def test_batch_api_gives_failures_in_their_slots():
    names = sorted(CASES)
    batch = []
    for name in names:
        batch += [CASES[name][0], GOOD]
    results = tenbou.score_many(batch)
    assert len(results) == 2 * len(names)
    for i, name in enumerate(names):
        bad, good = results[2 * i], results[2 * i + 1]
        assert not bad.ok and bad.error["code"] == "invalid_input"
        assert bad.error["reason"] == CASES[name][2] and CASES[name][4] in bad.error["message"], name
        assert good.ok and good.total == 1500  # dealer menzen tsumo, 1 han 30 fu: 500 all


@pytest.mark.parametrize("name", sorted(CASES))
def test_json_text_and_cli_give_the_same_error(name, run_cli):
    request = CASES[name][0]
    text = json.dumps(request, ensure_ascii=False)
    expected = tenbou.score_many([request])[0].to_json()
    assert tenbou.score_json(text) == expected
    code, out = run_cli(["score", "--json", "-"], stdin=text)
    assert code == 1 and out.strip() == expected


@pytest.mark.parametrize("text, fragment", [
    ('{"hand": "123m", ', "expected a string key"),
    ('{"hand": "123m"', "expected ',' or '}'"),
    ('{"hand": "1m", "hand": "2m"}', 'duplicate key "hand"'),
    ('{"hand": "\xff"}'.encode("latin-1").decode("latin-1"), "invalid JSON"),
    ("[1, 2", "expected ',' or ']'"),
    ('{"a": 01}', "leading zero"),
    ("", "unexpected end of input"),
    ("[" * 100 + "]" * 100, "nesting deeper than 64"),
])
def test_bad_json_text(text, fragment):
    out = json.loads(tenbou.score_json(text))
    if fragment == "invalid JSON":
        assert out["ok"] is False
        return
    assert out["error"]["reason"] == "bad_json" and fragment in out["error"]["message"]


def test_json_text_duplicates_escapes_and_numbers():
    """The JSON path parses text straight into the core's binary form (json.cpp): the same
    duplicate-key check however a key is written, at every object size, and the same answer
    as a dict for what JSON text can say and a dict cannot hold the same way."""
    def error(text):
        return json.loads(tenbou.score_json(text))["error"]

    # A key written with an escape is the same key.
    assert 'duplicate key "hand"' in error('{"hand": "1m", "h\\u0061nd": "2m"}')["message"]
    assert 'duplicate key "preset"' in error('{"options": {"preset": "wrc", "pre\\u0073et": "wrc"}}')["message"]
    # Around the size where the small key list hands over to a hash set (32 keys).
    for n in (31, 32, 33, 40):
        keys = ['"k%d": 1' % i for i in range(n)]
        assert 'duplicate key "k0"' in error("{" + ", ".join(keys + ['"k0": 2']) + "}")["message"], n
        assert 'duplicate key "k%d"' % (n - 1) in error("{" + ", ".join(keys + ['"k%d": 2' % (n - 1)]) + "}")["message"]
        assert error("{" + ", ".join(keys) + "}")["reason"] == "unknown_key"  # no false duplicate
    # Keys alike in length, first, middle and last letter are still told apart.
    assert error('{"abXcd": 1, "abYcd": 2}')["message"].startswith("abXcd: unknown request key")
    # A number too large for a double is still named a number (not Infinity), as from a dict.
    for text in ('{"hand": "123m456m789m11z22z", "honba": 1e999}', '{"honba": -1e999}'):
        msg = error(text)["message"]
        assert "honba: must be an integer, not number" in msg, msg
    # Integers of more than 18 digits stay exact digits: out of range (a Python int that fits
    # 64 bits is named by its value instead; both are bad_value on the field).
    big = error('{"hand": "123m456m789m1122z", "win_tile": "2z", "honba": 12345678901234567890123}')
    assert big["reason"] == "bad_value" and big["message"] == "honba: integer out of range"
    # Escaped and non-ASCII text values reach the readers decoded.
    assert json.loads(tenbou.score_json(json.dumps(GOOD).replace('"tsumo"', '"tsum\\u006f"'))) == \
        tenbou.score(GOOD).as_dict()
    assert json.loads(tenbou.score_json('{"hand": "123m456p789s2345s5s", "win_tile": "\\u0035s"}')) == \
        tenbou.score({"hand": "123m456p789s2345s5s", "win_tile": "5s"}).as_dict()
    assert "unknown character 'é'" in error('{"hand": "12\u00e93m"}')["message"]
    # A "rules" value that is not "riichi" is named first, wherever it stands, as from a dict
    # (the differential fuzz target found both).
    for request in ({"hand": "111222333444555m77z", "win_tile": "7z", "rules": ""},
                    {"hand": "345678m123789p66s", "dora_indicatorw": "36z", "rules": 1}):
        assert error(json.dumps(request)) == tenbou.score_many([request])[0].error
        assert error(json.dumps(request))["field"] == "rules"


@pytest.mark.parametrize("raw", [b'{"hand": "\xc3\x28"}', b'{"hand": "\xed\xa0\x80"}', b'{"hand": "\xf8"}'])
def test_invalid_utf8_is_rejected_not_passed_on(raw):
    out = json.loads(tenbou.score_json(raw))
    assert out["error"]["reason"] == "bad_json" and "invalid UTF-8" in out["error"]["message"]
    lone_surrogate = raw.decode("utf-8", "surrogateescape")
    assert json.loads(tenbou.score_json(lone_surrogate))["error"]["reason"] == "bad_json"


def test_non_request_objects_in_a_batch():
    results = tenbou.score_many([None, 5, "text", [1, 2], {1: 2}, {"hand": object()}, GOOD])
    assert [r.ok for r in results] == [False] * 6 + [True]
    assert all(r.error["code"] == "invalid_input" for r in results[:6])


def test_cli_usage_errors_exit_2(run_cli, capsys):
    assert run_cli(["score"])[0] == 2
    # A digit without its suit: the core's own message, as invalid input (exit 1).
    assert run_cli(["score", "123m456p789s2345s5"])[0] == 1
    assert 'digits "5" at position 18 have no suit letter' in capsys.readouterr().err
    assert run_cli(["score", "123m456p789s23455s", "--option", "kiriage"])[0] == 2
    assert run_cli(["points", "--han", "1", "--fu", "35"])[0] == 1  # read, but invalid input (README "Input contract")
    assert run_cli(["bogus"])[0] == 2


def test_cli_not_winning_and_no_yaku_exit_1(run_cli):
    code, out = run_cli(["score", "123m456p789s23456s", "--json"])
    assert code == 1 and json.loads(out)["error"]["code"] == "not_winning"
    code, out = run_cli(["score", "123m456p789s23455s", "--win", "5s", "--json"])
    assert code == 1 and json.loads(out)["error"]["code"] == "no_yaku"
    code, out = run_cli(["score", "123m456p789s23455s", "--win", "5s", "--tsumo"])
    assert code == 0 and "Total     1,500" in out
    code, out = run_cli(["score", "123m456p789s11z555z", "--win", "5z", "--meld", "pon:222z", "--json"])
    assert code == 1 and json.loads(out)["error"]["reason"] == "tile_count"


def test_mutation_fuzz_never_crashes():
    """Byte-level mutations of valid requests: every one gives a result, never a crash."""
    base = [json.dumps(r, ensure_ascii=False) for r in [GOOD, KAN_HAND] + [c[0] for c in CASES.values()]]
    lines = mutations(base, 20000, seed=5, alphabet='0123456789mpsz:,"[]{}-.e ' + "\\u00e9\x00\x7f", max_edits=4)
    for line, out in zip(lines, _core.score_json_lines(lines)):
        data = json.loads(out)
        assert data["ok"] in (True, False)
        if not data["ok"]:
            assert data["error"]["code"] in ("invalid_input", "not_winning", "no_yaku"), (line, data)


def test_random_tile_soup_never_crashes():
    rng = random.Random(9)
    reqs = []
    for _ in range(20000):
        n = rng.randint(0, 20)
        hand = "".join(rng.choice("0123456789") + rng.choice("mpsz") for _ in range(n))
        melds = [rng.choice(["chi", "pon", "kan", "kakan", "ankan"]) + ":" + "".join(rng.choice("0123456789") for _ in range(rng.randint(2, 5))) + rng.choice("mpsz") for _ in range(rng.randint(0, 4))]
        reqs.append({"hand": hand, "melds": melds, "win_tile": rng.choice("123456789") + rng.choice("mpsz"),
                     "tsumo": rng.random() < 0.5, "dora_indicators": "".join(rng.choice("123456789") + "m" for _ in range(rng.randint(0, 6)))})
    for r in tenbou.score_many(reqs):
        assert r.ok or r.error["code"] in ("invalid_input", "not_winning", "no_yaku")
