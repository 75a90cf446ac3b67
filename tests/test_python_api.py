"""The Python API of issue 29: every hand form (names, mjai names, 136 ids, 34 counts) scores as
its compact string, the tenbou.tiles converters, errors naming the item at fault, "did you
mean" on unknown keys, the submodules after a bare import, and one spelling of names."""
from __future__ import annotations

import doctest
import json
import subprocess
import sys
from typing import Any, Dict, List, Tuple

import pytest

import hand_generator
import korean_generator
import tenbou
from conftest import ROOT
from tenbou import tiles

# --- The forms, built here from the compact text (independently of tenbou.tiles) ----------

MJAI_HONOURS = "ESWNPFC"
RED_IDS = {0: 16, 1: 52, 2: 88}  # the `mahjong` package's FIVE_RED_MAN/PIN/SOU, by suit


def parse(text: str) -> List[Tuple[int, bool]]:
    """(kind, red) per tile of a compact string."""
    out: List[Tuple[int, bool]] = []
    digits = ""
    for c in text.replace(" ", ""):
        if c.isdigit():
            digits += c
            continue
        s = "mpsz".index(c)
        out += [(s * 9 + (5 if d == "0" else int(d)) - 1, d == "0") for d in digits]
        digits = ""
    return out


def names(text: str) -> List[str]:
    return [hand_generator.name(k, red) for k, red in parse(text)]


def mjai(text: str) -> List[str]:
    return [MJAI_HONOURS[k - 27] if k >= 27 else f"5{'mps'[k // 9]}r" if red else hand_generator.name(k)
            for k, red in parse(text)]


def ids(text: str, taken: Dict[int, int], reds: bool = True) -> List[int]:
    """136 ids: a red five its red id, other copies the kind's next free ids (shared `taken`
    across the fields of one request, so no id is given twice); `reds` false: no id is red."""
    out = []
    for k, red in parse(text):
        if red:
            out.append(RED_IDS[k // 9])
            continue
        while True:
            i = k * 4 + taken.get(k, 0)
            taken[k] = taken.get(k, 0) + 1
            if not reds or i not in RED_IDS.values():
                break
        if i // 4 != k:  # a fourth plain five: 136 ids with red fives cannot say it
            raise ValueError("no id left")
        out.append(i)
    return out


def counts(text: str) -> List[int]:
    c = [0] * 34
    for k, _ in parse(text):
        c[k] += 1
    return c


TILE_KEYS = ("hand", "dora_indicators", "ura_indicators")


def in_form(request: Dict[str, Any], form: str) -> Dict[str, Any]:
    q = dict(request)
    reds = q.get("rules", "riichi") == "riichi"
    taken: Dict[int, int] = {}
    for key in TILE_KEYS + ("win_tile",):
        if key not in q:
            continue
        text = q[key]
        if form == "names":
            q[key] = names(text)
        elif form == "mjai":
            q[key] = mjai(text)
        elif form == "ids" and key != "win_tile":  # (the winning tile is one of the hand's ids: below)
            q[key] = ids(text, taken, reds)
        elif form == "counts" and key != "win_tile" and len(parse(text)) != 34:
            q[key] = counts(text)
        if key == "win_tile" and form in ("names", "mjai"):
            q[key] = q[key][0]
        elif key == "win_tile" and form == "ids":
            # The winning tile is a copy of the hand's: the id the hand holds for it.
            kind, red = parse(text)[0]
            hand_ids = q["hand"]
            q[key] = next(i for i in hand_ids if i // 4 == kind and (reds and i in RED_IDS.values()) == red)
    return q


def without_reds(request: Dict[str, Any]) -> Dict[str, Any]:
    """The request with plain fives for red ones (34 counts have no red fives)."""
    q = dict(request)
    for key in TILE_KEYS + ("win_tile",):
        if key in q:
            q[key] = q[key].replace("0", "5")
    return q


REQUESTS = hand_generator.generate(3000, seed=2929)


def expressible(request: Dict[str, Any]) -> bool:
    try:
        in_form(request, "ids")
        return True
    except ValueError:
        return False


@pytest.mark.parametrize("form", ["names", "mjai", "ids"])
def test_each_form_scores_as_its_compact_string(form):
    requests = [q for q in REQUESTS if expressible(q)]
    assert len(requests) > 2500  # (a fourth plain five has no 136 id when fives can be red)
    want = list(tenbou.score_many(requests).to_json_lines())
    forms = [in_form(q, form) for q in requests]
    assert forms[0]["hand"] != REQUESTS[0]["hand"]
    assert list(tenbou.score_many(forms).to_json_lines()) == want
    assert list(tenbou.score_many(forms, threads=2).to_json_lines()) == want
    for q, w in list(zip(forms, want))[:400]:
        assert tenbou.score(q).to_json() == w
        assert tenbou.score_json(json.dumps(q)) == w


def test_counts_score_as_the_string_without_reds():
    plain = [without_reds(q) for q in REQUESTS]
    want = list(tenbou.score_many(plain).to_json_lines())
    forms = [in_form(q, "counts") for q in plain]
    assert all(isinstance(q["hand"], list) and len(q["hand"]) == 34 for q in forms)
    assert list(tenbou.score_many(forms).to_json_lines()) == want
    for q, w in list(zip(forms, want))[:400]:
        assert tenbou.score_json(json.dumps(q)) == w


def test_red_ids_are_red_fives_in_riichi_and_plain_fives_in_korean():
    q = {"hand": "234567m234p55s678s", "win_tile": "5s", "seat_wind": "S", "tsumo": True}
    r = tenbou.score({**q, "hand": ids("234067m234p05s678s", {}), "win_tile": 88})
    assert ("aka_dora", 2) in [(y.key, y.han) for y in r.yaku]
    korean = korean_generator.generate(300, seed=29)
    want = list(tenbou.score_many(korean).to_json_lines())
    got = list(tenbou.score_many([in_form(k, "ids") for k in korean]).to_json_lines())
    assert got == want
    # 16 is 5m's first copy: a plain five in rules without red fives.
    k = {"rules": "korean", "hand": "234567m234p55678p", "win_tile": "6p", "tsumo": True}
    assert tenbou.score({**k, "hand": [4, 8, 12, 16, 20, 24, 40, 44, 48, 52, 53, 56, 60, 64]}) == tenbou.score(k)


def test_before_win_and_hktw_take_arrays():
    assert tenbou.shanten({"hand": names("123m456p789s134s5z")}).shanten == 1
    assert tenbou.shanten({"hand": counts("123m456p789s134s5z")}).shanten == 1
    h = {"rules": "hktw", "hand": "123m456m789m123p456p99s", "win_tile": "9s", "tsumo": True}
    assert tenbou.score({**h, "hand": mjai(h["hand"]), "win_tile": 107}).to_json() == tenbou.score(h).to_json()


# --- Errors: each malformed form, named at its position ------------------------------------

GOOD = {"hand": "234567m234p55s678s", "win_tile": "5s", "seat_wind": "S", "tsumo": True}
BAD_FORMS = {
    "unknown name": ({"hand": ["1m", "x"]}, "bad_tile", "hand[1]", "'x' is not a tile name"),
    "several tiles in one item": ({"hand": ["123m"]}, "bad_tile", "hand[0]", "'123m' is 3 tiles"),
    "no 8z": ({"hand": ["8z"]}, "bad_tile", "hand[0]", "'8z' is not a tile name"),
    "red honour": ({"hand": ["5zr"]}, "bad_tile", "hand[0]", "not a tile name"),
    "id past 135": ({"hand": [0, 4, 136]}, "bad_value", "hand[2]", "136 is not a tile id"),
    "negative id": ({"hand": [-1]}, "bad_value", "hand[0]", "-1 is not a tile id"),
    "id twice": ({"hand": [0, 1, 0]}, "bad_value", "hand[2]", "tile id 0 given twice"),
    "float item": ({"hand": [1.5]}, "bad_type", "hand[0]", "must be a tile name"),
    "bool item": ({"hand": [True]}, "bad_type", "hand[0]", "must be a tile name"),
    "nested array": ({"hand": [["1m"]]}, "bad_type", "hand[0]", "not array"),
    "count past 4": ({"hand": [0] * 33 + [5]}, "bad_value", "hand[33]", "5 is not a count of 7z"),
    "string among counts": ({"hand": [0] * 33 + ["1m"]}, "bad_type", "hand[33]", "not a count of 7z"),
    "hand an integer": ({"hand": 5}, "bad_type", "hand", "must be a string of tiles or an array"),
    "hand a dict": ({"hand": {"1m": 1}}, "bad_type", "hand", "must be a string of tiles or an array"),
    "array too long": ({"hand": ["1m"] * 129}, "bad_value", "hand", "an array of 129 tiles; the limit is 128"),
    "win_tile id past 135": ({"win_tile": 200}, "bad_value", "win_tile", "200 is not a tile id"),
    "win_tile an array": ({"win_tile": ["5s"]}, "bad_type", "win_tile", "must be one tile"),
    "win_tile a float": ({"win_tile": 5.5}, "bad_type", "win_tile", "must be a tile"),
    "dora item": ({"dora_indicators": ["4m", "Q"]}, "bad_tile", "dora_indicators[1]", "'Q' is not a tile name"),
    "too many from counts": ({"hand": [4] + [0] * 33}, "tile_count", "hand", "4 tiles given"),
}


@pytest.mark.parametrize("name", sorted(BAD_FORMS))
def test_malformed_forms_name_the_item(name):
    change, reason, field, fragment = BAD_FORMS[name]
    request = {**GOOD, **change}
    with pytest.raises(tenbou.InvalidRequestError) as info:
        tenbou.score(request)
    assert (info.value.reason, info.value.field) == (reason, field)
    assert str(info.value).startswith(field + ": ") and fragment in str(info.value), str(info.value)
    # The same error through JSON text and a batch.
    text = json.loads(tenbou.score_json(json.dumps(request)))
    assert text["error"]["message"] == str(info.value)
    assert tenbou.score_many([request])[0].error["message"] == str(info.value)


# --- tenbou.tiles ---------------------------------------------------------------------------


def test_tiles_round_trips_on_generated_hands():
    for q in filter(expressible, REQUESTS[:1500]):
        text = q["hand"]
        listed = tiles.to_list(text)
        assert listed == names(text)
        assert tiles.to_list(tiles.to_ids(text)) == listed
        assert tiles.to_list(tiles.to_mjai(text)) == listed
        assert tiles.to_mjai(text) == mjai(text)
        assert tiles.to_counts(text) == counts(text) == tiles.to_counts(tiles.to_counts(text))
        assert tiles.to_list(tiles.to_string(listed)) == listed
        assert sorted(tiles.to_ids(text)) == sorted(tiles.to_ids(tiles.to_ids(text)))
        assert tiles.to_kinds(text) == [k for k, _ in parse(text)]


def test_tiles_against_the_mahjong_package():
    converter = pytest.importorskip("mahjong.tile").TilesConverter
    for q in REQUESTS[:300]:
        text = q["hand"]
        plain = text.replace("0", "5")
        man, pin, sou, honors = ("".join(d for d in part) for part in _suits(plain))
        their_ids = converter.string_to_136_array(man=man, pin=pin, sou=sou, honors=honors)
        assert tiles.to_counts(their_ids) == converter.to_34_array(their_ids) == tiles.to_counts(plain)
        assert sorted(tiles.to_kinds(their_ids)) == sorted(i // 4 for i in their_ids)


def _suits(text: str) -> List[str]:
    by = {s: "" for s in "mpsz"}
    for k, _ in parse(text):
        by["mpsz"[k // 9]] += str(k % 9 + 1)
    return [by[s] for s in "mpsz"]


def test_tiles_errors_and_edges():
    with pytest.raises(tenbou.InvalidTileError, match=r"^tiles\[1\]: 'x' is not a tile name"):
        tiles.to_list(["1m", "x"])
    with pytest.raises(tenbou.InvalidTileError, match=r"^tiles: unknown character 'x' at position 2"):
        tiles.to_list("1x")
    with pytest.raises(ValueError, match="more copies of 1m"):
        tiles.to_ids("11111m")
    with pytest.raises(ValueError, match="more copies of 0m"):
        tiles.to_ids("00m")
    assert tiles.to_ids("5555m") == [17, 18, 19, 16]  # without reds a plain five takes the red id last
    assert tiles.to_list([16, 52, 88], reds=False) == ["5m", "5p", "5s"]
    assert tiles.to_list([]) == [] == tiles.to_list("")
    assert tiles.to_mjai("1234567z") == list("ESWNPFC")
    assert tiles.KINDS[33] == "7z" and len(tiles.KINDS) == 34


def test_tiles_doctests():
    failures, tried = doctest.testmod(tiles, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_docs_hands_page_examples():
    text = (ROOT / "docs" / "hands.md").read_text(encoding="utf-8")
    import re

    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if ">>>" in b]
    assert blocks
    # The page's blocks are one session: later ones use what earlier ones defined.
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, "hands.md", "docs/hands.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 10


# --- Did you mean ----------------------------------------------------------------------------

SUGGESTIONS = {
    "mahjong package's is_tsumo": ({"is_tsumo": True}, "is_tsumo", "'tsumo'"),
    "mahjong package's is_riichi": ({"is_riichi": True}, "is_riichi", "'riichi'"),
    "mahjong package's is_daburu_riichi": ({"is_daburu_riichi": True}, "is_daburu_riichi", "'double_riichi'"),
    "mahjong package's player_wind": ({"player_wind": "E"}, "player_wind", "'seat_wind'"),
    "mahjong package's kyoutaku_number": ({"kyoutaku_number": 1}, "kyoutaku_number", "'riichi_sticks'"),
    "mahjong package's tsumi_number": ({"tsumi_number": 1}, "tsumi_number", "'honba'"),
    "a typo": ({"tsumoo": True}, "tsumoo", "'tsumo'"),
    "two letters swapped": ({"ippatus": True}, "ippatus", "'ippatsu'"),
    "two edits": ({"dora_indicator": "1m"}, "dora_indicator", "'dora_indicators'"),
    "an option": ({"options": {"red_five": True}}, "options.red_five", "'red_fives'"),
    "the mahjong package's has_aka_dora": ({"options": {"has_aka_dora": True}}, "options.has_aka_dora", "'red_fives'"),
    "a Korean key": ({"rules": "korean", "hand": "234567m234p55678p", "win_tile": "6p", "varient": "coffee"},
                     "varient", "'variant'"),
    "a Korean option": ({"rules": "korean", "hand": "234567m234p55678p", "win_tile": "6p",
                         "options": {"unitt": 100}}, "options.unitt", "'unit'"),
    "a Hong Kong-Taiwan key": ({"rules": "hktw", "hand": "123m456m789m123p456p99s", "win_tile": "9s", "flower": "f1"},
                               "flower", "'flowers'"),
    "a Hong Kong-Taiwan option": ({"rules": "hktw", "hand": "123m456m789m123p456p99s", "win_tile": "9s",
                                   "options": {"limt": 10}}, "options.limt", "'limit'"),
}


@pytest.mark.parametrize("name", sorted(SUGGESTIONS))
def test_unknown_keys_get_a_suggestion(name):
    change, field, suggestion = SUGGESTIONS[name]
    request = {**GOOD, **change}
    with pytest.raises(tenbou.UnknownKeyError) as info:
        tenbou.score(request)
    assert info.value.field == field
    assert str(info.value).endswith(f" (did you mean {suggestion}?)"), str(info.value)
    assert json.loads(tenbou.score_json(json.dumps(request)))["error"]["message"] == str(info.value)


@pytest.mark.parametrize("key", ["x", "zz", "furiten", "is_nagashi_mangan", "a" * 300, "tsumo_"+"x" * 3])
def test_far_keys_get_no_suggestion(key):
    with pytest.raises(tenbou.UnknownKeyError) as info:
        tenbou.score({**GOOD, key: True})
    assert "did you mean" not in str(info.value)
    assert len(info.value.field) < 250 and len(str(info.value)) < 520  # the echoes of the key are capped


def test_keys_read_from_json_text_read_as_interned_keys():
    # json.loads makes new, non-interned key objects for every request: the binding reads their
    # text, interned keys by identity (a table of objects). Both must read every key alike; keys
    # one letter off (and a str subclass) must never pass for a key.
    requests = hand_generator.generate(300, seed=26) + hand_generator.generate(100, seed=27, players=3)
    interned = [{sys.intern(k): v for k, v in q.items()} for q in requests]
    loaded = [json.loads(json.dumps(q)) for q in requests]
    assert not any(k is sys.intern(k) for k in loaded[0])  # (the case under test)
    want = list(tenbou.score_many(interned).to_json_lines())
    assert list(tenbou.score_many(loaded).to_json_lines()) == want
    assert [tenbou._core.score_result(q).to_json() for q in loaded] == [tenbou._core.score_result(q).to_json() for q in interned]

    class Key(str):
        pass

    for key in ["hand", "win_tile", "dora_indicators", "riichi"]:
        for near in (key[:-1] + chr(ord(key[-1]) + 1), key.upper(), key + " "):
            for request in (json.loads(json.dumps({**GOOD, near: GOOD.get(key, True)})), {**GOOD, Key(near): True}):
                with pytest.raises(tenbou.UnknownKeyError):
                    tenbou.score(request)
        assert tenbou.score({Key(k): v for k, v in GOOD.items()}).to_json() == tenbou.score(GOOD).to_json()


# --- The package's shape -----------------------------------------------------------------------


def test_submodules_after_a_bare_import():
    code = ("import tenbou; "
            "r = tenbou.riichi.score('234567m234p55s678s', '5m', tsumo=True, seat_wind='S'); "
            "print(r.total, tenbou.tiles.to_mjai('1z'), tenbou.korean.VARIANTS[0], tenbou.hktw.__name__, "
            "tenbou.mjlog.tile_text(16), tenbou.cli.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["2700", "['E']", "nagari", "tenbou.hktw", "0m", "tenbou.cli"]
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        tenbou.nothing  # noqa: B018


def test_names_are_spelled_name_en_ja_ko():
    r = tenbou.score({**GOOD, "riichi": True})
    y = r.yaku[0]
    assert (y.key, y.name_en, y.name_ja, y.name_ko) == ("menzen_tsumo", *(
        tenbou.yaku_names()["menzen_tsumo"][k] for k in ("name_en", "name_ja", "name_ko")))
    assert not hasattr(y, "name")
    k = tenbou.korean.score("234567m234p55678p", "6p", tsumo=True)
    h = tenbou.hktw.score("123m456m789m123p456p99s", "9s", tsumo=True)
    for item in [*k.yaku, *h.yaku, *h.instant_payments]:
        assert not hasattr(item, "name")
        assert {f for f in item._fields if "name" in f} <= {"name_en", "name_ja", "name_ko", "name_zh"}
    # Every name any answer gives, at any depth, is spelled name_<language>.
    found = set()

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for key, x in v.items():
                if "name" in key:
                    found.add(key)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    for answer in (k.as_dict(), h.as_dict(), tenbou.yaku_names(), tenbou.korean.yaku_table(),
                   tenbou.hktw.pattern_table(), tenbou.hktw.event("chombo")):
        walk(answer)
    assert found and found <= {"name_en", "name_ja", "name_ko", "name_zh"}, found
