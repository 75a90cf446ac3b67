"""The house options and the input limits as data (cpp/include/tenbou/options_schema.hpp).

The tables must say exactly what the readers do: every key a reader accepts is a row, every row
is accepted with each of its values and refused past its range or choices with the reader's own
error, every preset's row values are what the reader sets, and every default is the rules'
value with no options. The JSON text is the same bytes through Python, the C ABI, the native
tool and JS.
"""
from __future__ import annotations

import ctypes
import json
import re
import subprocess
from typing import Any, Dict, List

import pytest

import tenbou
from tenbou import _core
from test_wasm import dist  # noqa: F401  (the fixture: the WebAssembly build)

SCHEMA = tenbou.options_schema()
FAMILIES = SCHEMA["families"]
LIMITS = tenbou.input_limits()


def options(family: str) -> List[Dict[str, Any]]:
    return FAMILIES[family]["options"]


# --- the same bytes through every front end ---------------------------------------------------------

def test_python_dicts_are_the_core_text_parsed():
    assert SCHEMA == json.loads(_core.options_schema_json())
    assert LIMITS == json.loads(_core.input_limits_json())
    assert tenbou.options_schema() is not tenbou.options_schema()  # a caller may change its copy


def test_native_tool_prints_the_same_text(native_tool):
    for cmd, text in (("options", _core.options_schema_json()), ("limits", _core.input_limits_json())):
        out = subprocess.run([str(native_tool), cmd], capture_output=True, check=True).stdout
        assert out == text.encode("utf-8") + b"\n"


def test_c_abi_returns_the_same_text(native_tool):
    lib = ctypes.CDLL(str(native_tool.parent / "libtenbou.so"))
    for name, text in (("tenbou_options_json", _core.options_schema_json()),
                       ("tenbou_limits_json", _core.input_limits_json())):
        fn = getattr(lib, name)
        fn.restype = ctypes.c_void_p
        fn.argtypes = [ctypes.POINTER(ctypes.c_size_t)]
        length = ctypes.c_size_t()
        ptr = fn(ctypes.byref(length))
        try:
            assert ctypes.string_at(ptr, length.value) == text.encode("utf-8")
            assert ctypes.string_at(ptr) == text.encode("utf-8")  # NUL-terminated
        finally:
            lib.tenbou_free(ctypes.c_void_p(ptr))


def test_js_returns_the_same_text(dist):
    script = (
        "const t = await import(process.argv[1]);"
        "process.stdout.write(JSON.stringify([t.optionsSchemaText(), t.inputLimitsText(),"
        " JSON.stringify(t.optionsSchema()) === JSON.stringify(JSON.parse(t.optionsSchemaText())),"
        " t.inputLimits().limits[0].name]));"
    )
    out = subprocess.run(["node", "--input-type=module", "-e", script, (dist / "tenbou.mjs").as_uri()],
                         capture_output=True, check=True).stdout
    options_text, limits_text, same, first = json.loads(out.decode("utf-8"))
    assert options_text == _core.options_schema_json()
    assert limits_text == _core.input_limits_json()
    assert same and first == "max_request_bytes"


# --- the shape the docs and the page read -------------------------------------------------------

def test_shape():
    assert SCHEMA["schema_version"] == 1 and LIMITS["schema_version"] == 1
    assert list(FAMILIES) == ["riichi", "korean", "hktw"]
    for name, family in FAMILIES.items():
        assert set(family) == {"options", "presets", "variants"}
        keys = [o["key"] for o in family["options"]]
        assert len(keys) == len(set(keys)), name
        for o in family["options"]:
            assert {"key", "type", "default", "description", "source", "section", "nullable"} <= set(o), o
            assert o["description"] and "\n" not in o["description"]
            if o["type"] == "int":
                assert o["min"] <= o["max"]
            if o["type"] == "choice":
                assert o["choices"]
    assert list(FAMILIES["riichi"]["presets"]) == ["tenhou", "mahjongsoul", "wrc", "mleague"]
    assert [v["name"] for v in FAMILIES["korean"]["variants"]] == ["nagari", "samsiki", "coffee"]
    assert FAMILIES["korean"]["presets"] == {} and FAMILIES["hktw"]["presets"] == {}


# --- the tables say what the readers do --------------------------------------------------------------

UNKNOWN = {"riichi": "unknown option '{}'", "korean": "unknown Korean option '{}'",
           "hktw": "unknown Hong Kong-Taiwan option '{}'"}


def read(family: str, opts: Dict[str, Any]) -> Dict[str, Any]:
    return tenbou.rules(opts, family)


def refused(family: str, opts: Dict[str, Any]) -> tenbou.InvalidRequestError:
    with pytest.raises(tenbou.InvalidRequestError) as e:
        tenbou.rules(opts, family)
    return e.value


def option_ids():
    return [(f, o["key"]) for f in FAMILIES for o in options(f)]


def row(family: str, key: str) -> Dict[str, Any]:
    return next(o for o in options(family) if o["key"] == key)


@pytest.mark.parametrize("family", list(FAMILIES))
def test_defaults_are_the_rules_with_no_options(family):
    effective = read(family, {})
    assert list(effective) == [o["key"] for o in options(family)]  # every key, in the same order
    assert effective == {o["key"]: o["default"] for o in options(family)}


@pytest.mark.parametrize("preset", list(FAMILIES["riichi"]["presets"]))
def test_each_preset_row_is_what_the_reader_sets(preset):
    values = FAMILIES["riichi"]["presets"][preset]["values"]
    assert read("riichi", {"preset": preset}) == values
    # ... and through the request path (a preset named alone is read there without the generic walk)
    assert read("riichi", {"kiriage": values["kiriage"], "preset": preset}) == values
    tenhou = FAMILIES["riichi"]["presets"]["tenhou"]["values"]
    assert tenhou == {o["key"]: o["default"] for o in options("riichi")}  # no preset = tenhou


# README "Options and presets": what each preset changes from tenhou (its settlement and
# three-player rows included); the readers once set these by hand, now from the table's columns.
PRESET_CHANGES = {
    "tenhou": {},
    "mahjongsoul": {"double_yakuman": True, "multiple_ron": "all", "pao": "yakuman_only"},
    "wrc": {"red_fives": False, "kiriage": True, "kazoe": "sanbaiman", "double_wind_fu": 2, "renhou": "mangan",
            "multiple_ron": "head_bump", "nagashi_mangan": False},
    "mleague": {"kiriage": True, "kazoe": "sanbaiman", "double_wind_fu": 2, "multiple_ron": "head_bump"},
}


@pytest.mark.parametrize("preset", list(PRESET_CHANGES))
def test_presets_change_what_the_readme_says(preset):
    tenhou = read("riichi", {"preset": "tenhou"})
    values = read("riichi", {"preset": preset})
    changed = {k: v for k, v in values.items() if tenhou[k] != v and k != "preset"}
    assert changed == PRESET_CHANGES[preset]


def accepted_values(o: Dict[str, Any]) -> List[Any]:
    """Every allowed value of a row, or its edges and some inside for a wide range."""
    t = o["type"]
    if t == "bool":
        out: List[Any] = [True, False]
    elif t == "choice":
        out = list(o["choices"])
    elif t == "int":
        if "values" in o:
            out = list(o["values"])
        else:
            step = o.get("multiple_of", 1)
            lo = -(-o["min"] // step) * step
            hi = o["max"] // step * step
            out = sorted({lo, hi, lo + step, (lo + hi) // 2 // step * step})
    elif t == "yaku_values":
        out = [{k: o["min"]} for k in o["keys"]] + [{k: o["max"]} for k in o["keys"]] + [{k: None for k in o["keys"]}]
    else:  # object
        out = [True, o["true_means"]] + [{f["key"]: f["min"]} for f in o["fields"]] + [{f["key"]: f["max"]} for f in o["fields"]]
    return out + ([None] if o["nullable"] else [])


@pytest.mark.parametrize("family,key", option_ids())
def test_every_allowed_value_is_read(family, key):
    o = row(family, key)
    for value in accepted_values(o):
        shown = read(family, {key: value})[key] if key != "preset" else read(family, {key: value})["preset"]
        if o["type"] in ("bool", "int", "choice") and value is not None:
            if key == "double_riichi_kind" and value == "table":
                assert shown is None  # the table's kind is shown as null, as the default
            else:
                assert shown == value
        elif value is None:
            assert shown is None or (o["type"] == "yaku_values" and shown == o["default"])
        elif o["type"] == "object":
            assert shown == (o["true_means"] if value is True else {**o["true_means"], **value})
        elif key == "local_yaku":
            assert shown == {**o["default"], **value}


def message(e: tenbou.InvalidRequestError) -> str:
    return str(e).split(": ", 1)[1]


@pytest.mark.parametrize("family,key", option_ids())
def test_values_outside_a_row_are_refused_with_the_readers_error(family, key):
    o = row(family, key)
    field = f"options.{key}"
    t = o["type"]
    if not o["nullable"] and t != "yaku_values":
        e = refused(family, {key: None})
        assert (e.reason, e.field) == ("bad_type", field)
    if t == "bool":
        e = refused(family, {key: "yes"})
        assert (e.field, message(e)) == (field, "must be true or false, not string")
    elif t == "int":
        for bad in (o["min"] - 1, o["max"] + 1):
            e = refused(family, {key: bad})
            assert (e.reason, e.field, message(e)) == ("bad_value", field, f"must be between {o['min']} and {o['max']}, got {bad}")
        e = refused(family, {key: "1"})
        assert (e.reason, message(e)) == ("bad_type", "must be an integer, not string")
        why = f" ({o['why']})" if o.get("why") else ""
        if "values" in o:
            inside = [v for v in range(o["min"], o["max"] + 1) if v not in o["values"]]
            assert inside
            for bad in inside[:3]:
                e = refused(family, {key: bad})
                shown = " or ".join(str(v) for v in o["values"])
                assert (e.reason, message(e)) == ("bad_value", f"must be {shown}{why}")
        if "multiple_of" in o:
            e = refused(family, {key: o["multiple_of"] + 1})
            assert (e.reason, message(e)) == ("bad_value", f"must be a multiple of {o['multiple_of']}{why}")
    elif t == "choice":
        e = refused(family, {key: "zz"})
        if key == "preset":
            assert message(e) == f"unknown preset 'zz' ({', '.join(o['choices'])})"
        else:
            allowed = ", ".join(f'"{c}"' for c in o["choices"])
            assert (e.reason, e.field, message(e)) == ("bad_value", field, f'must be one of {allowed}, got "zz"')
        e = refused(family, {key: 1})
        assert (e.reason, message(e)) == ("bad_type", "must be a string, not integer")
    elif t == "yaku_values":
        e = refused(family, {key: {"zz": 1}})
        assert (e.reason, e.field, message(e)) == ("unknown_key", f"{field}.zz", "unknown Korean yaku 'zz'")
        k = o["keys"][0]
        e = refused(family, {key: {k: o["max"] + 1}})
        assert (e.field, message(e)) == (f"{field}.{k}", f"must be between {o['min']} and {o['max']}, got {o['max'] + 1}")
        if key == "local_yaku":  # only the local yaku
            e = refused(family, {key: {"menzen": 1}})
            assert (e.reason, e.field) == ("bad_value", f"{field}.menzen")
    else:
        e = refused(family, {key: {"zz": 1}})
        assert (e.reason, e.field) == ("unknown_key", f"{field}.zz")
        f = o["fields"][0]
        e = refused(family, {key: {f["key"]: f["max"] + 1}})
        assert message(e) == f"must be between {f['min']} and {f['max']}, got {f['max'] + 1}"


def test_the_messages_reasons_are_in_the_rows():
    # The reasons the readers add: taken from the rows, so a changed row changes the message.
    assert row("riichi", "honba_value")["multiple_of"] == 3 and row("riichi", "noten_payment")["multiple_of"] == 6
    e = refused("riichi", {"honba_value": 100})
    assert message(e) == "must be a multiple of 3 (shared by three payers on tsumo)"
    e = refused("riichi", {"noten_payment": 1000})
    assert message(e) == "must be a multiple of 6 (split 2 or 3 ways)"
    e = refused("riichi", {"sanma_honba_value": 1})
    assert message(e) == "must be a multiple of 2 (shared by two payers on tsumo)"
    e = refused("riichi", {"sanma_noten_payment": 1})
    assert message(e) == "must be a multiple of 2"
    e = refused("korean", {"genso_chankan_value": 2})
    assert message(e) == "must be 1 or 4 (seed 004 L123)"


def test_no_key_outside_the_tables_is_read():
    """Every key a reader accepts is a row: the keys of every family, and the request's own keys,
    are unknown options wherever they are not rows (with the family's own message)."""
    candidates = {o["key"] for f in FAMILIES for o in options(f)}
    candidates |= {"variant", "rules", "method", "players", "hand", "win_tile", "honba", "options", "zz", "", "Kiriage"}
    candidates |= {k for f in FAMILIES for k in read(f, {})}
    for family in FAMILIES:
        keys = {o["key"] for o in options(family)}
        for key in sorted(candidates - keys):
            e = refused(family, {key: True})
            if family == "korean" and key == "preset":
                assert message(e) == 'Korean rules have no presets: pick a "variant" and set options'
            else:
                # (the message may end with the nearest known key: " (did you mean 'kiriage'?)")
                unknown = UNKNOWN[family].format(key)
                assert (e.reason, e.field) == ("unknown_key", f"options.{key}")
                assert message(e) == unknown or re.fullmatch(re.escape(unknown) + r" \(did you mean '[a-z_0-9]+'\?\)", message(e))


def test_every_option_scores_a_hand():
    """The rows are the readers of real requests too (not only of tenbou.rules)."""
    hands = {
        "riichi": {"hand": "234567m234p55s678s", "win_tile": "5m", "riichi": True},
        "korean": {"rules": "korean", "hand": "234567m234p55678p", "win_tile": "6p"},
        "hktw": {"rules": "hktw", "hand": "123m123p123s456s789s55z", "win_tile": "5z", "tsumo": True},
    }
    for family, request in hands.items():
        for o in options(family):
            value = o["default"] if family != "riichi" or o["key"] != "preset" else "wrc"
            if o["type"] == "yaku_values":
                value = {}
            r = tenbou.score({**request, "options": {o["key"]: value}})
            assert r.ok, (family, o["key"])
        e = tenbou.score_json(json.dumps({**request, "options": {"zz": 1}}))
        assert UNKNOWN[family].format("zz") in e


# --- the limits ----------------------------------------------------------------------------------------

def limit(name: str) -> int:
    return next(l["value"] for l in LIMITS["limits"] if l["name"] == name)


def test_limits_rows():
    names = [l["name"] for l in LIMITS["limits"]]
    assert names[0] == "max_request_bytes" and len(names) == len(set(names))
    for l in LIMITS["limits"]:
        assert set(l) == {"name", "value", "unit", "bounds", "error", "description"}
        assert isinstance(l["value"], int) and l["value"] > 0 and l["bounds"] and l["description"]


def test_limits_are_the_ones_enforced():
    request = {"hand": "234567m234p55s678s", "win_tile": "5m", "riichi": True}
    # one request's text
    n = limit("max_request_bytes")
    pad = json.dumps(request)[:-1] + ', "zz": "'
    assert "longer than the limit" in tenbou.score_json(pad + "x" * (n + 1 - len(pad) - 2) + '"}')
    assert "longer than the limit" not in tenbou.score_json(pad + "x" * (n - len(pad) - 2) + '"}')
    # members and depth
    m = limit("max_json_members")
    assert "bad_json" in tenbou.score_json(json.dumps([0] * (m + 1)))
    assert "bad_json" not in tenbou.score_json(json.dumps({**request, "zz": [0] * m}))
    d = limit("max_json_depth")
    nested = lambda n: '{"zz": ' + "[" * n + "]" * n + "}"  # noqa: E731  (the top-level object is level 0)
    assert "nesting deeper than" in tenbou.score_json(nested(d + 1))
    assert "nesting deeper than" not in tenbou.score_json(nested(d))
    # a tile string
    t = limit("max_tile_text")
    assert '"bad_tile"' in tenbou.score_json(json.dumps({**request, "dora_indicators": "1m" * (t // 2 + 1)}))
    # han of points(), honba
    assert tenbou.points(limit("max_han"), 30, method="aotenjo") is not None
    with pytest.raises(tenbou.InvalidRequestError):
        tenbou.points(limit("max_han") + 1, 30, method="aotenjo")
    h = limit("max_honba")
    assert tenbou.score({**request, "honba": h}).ok
    for key in ("honba", "riichi_sticks"):
        with pytest.raises(tenbou.InvalidRequestError, match=f"{key}: must be between 0 and {h}, got {h + 1}"):
            tenbou.score({**request, key: h + 1})
    # an mjlog file, and what an error echoes
    from tenbou import mjlog
    assert limit("max_mjlog_bytes") == mjlog.MAX_LOG_BYTES
    echo = limit("max_echo")
    text = tenbou.score_json(json.dumps({**request, "options": {"z" * (echo + 7): 1}}))
    assert f"{'z' * echo}... (7 more bytes)" in text and "z" * (echo + 1) not in text
