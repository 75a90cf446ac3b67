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
