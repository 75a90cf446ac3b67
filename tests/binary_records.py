"""The binary request/result records of cpp/src/core/binary_value.hpp, written and read
in Python (tests only): the JS API's scoreMany speaks them, the native tool's `records`
command lets the tests drive the same C++ path under the sanitizers."""
from __future__ import annotations

import random
import re
import struct
from pathlib import Path
from typing import Any, List, Optional, Tuple

from conftest import ROOT

NULL, FALSE, TRUE, INT, DOUBLE, STRING, BIGINT, ARRAY, OBJECT, END, INT32 = range(11)
KEY_ID_BASE = 16


def _names(array: str) -> List[str]:
    text = (ROOT / "cpp" / "src" / "core" / "binary_value.hpp").read_text(encoding="utf-8")
    body = re.search(array + r"\[\] = \{(.*?)\};", text, re.S)
    assert body, f"{array} not found in binary_value.hpp"
    return re.findall(r'"([^"]*)"', body.group(1))


REQUEST_KEYS = _names("kRequestKeyNames")


def _result_keys() -> List[str]:
    text = (ROOT / "cpp" / "src" / "core" / "result_keys.hpp").read_text(encoding="utf-8")
    body = re.search(r"kResultKeyNames\[\] = \{(.*?)\};", text, re.S)
    assert body, "kResultKeyNames not found in result_keys.hpp"
    return re.findall(r'"([^"]*)"', body.group(1))


def _text(tag: int, s: str) -> bytes:
    b = s.encode("utf-8")
    return bytes([tag]) + struct.pack("<I", len(b)) + b


def encode(value: Any, rng: Optional[random.Random] = None) -> bytes:
    """One binary value; request keys as dictionary ids, or (when rng says so) as strings."""
    if value is None:
        return bytes([NULL])
    if value is True or value is False:
        return bytes([TRUE if value else FALSE])
    if isinstance(value, int):
        if -2**31 <= value < 2**31 and (rng is None or rng.random() < 0.8):
            return bytes([INT32]) + struct.pack("<i", value)
        if -2**63 <= value < 2**63:
            return bytes([INT]) + struct.pack("<q", value)
        return _text(BIGINT, str(value))
    if isinstance(value, float):
        return bytes([DOUBLE]) + struct.pack("<d", value)
    if isinstance(value, str):
        return _text(STRING, value)
    if isinstance(value, list):
        return bytes([ARRAY]) + b"".join(encode(v, rng) for v in value) + bytes([END])
    if isinstance(value, dict):
        out = bytearray([OBJECT])
        for k, v in value.items():
            if k in REQUEST_KEYS and (rng is None or rng.random() < 0.8):
                out.append(KEY_ID_BASE + REQUEST_KEYS.index(k))
            else:
                out += _text(STRING, k)
            out += encode(v, rng)
        out.append(END)
        return bytes(out)
    raise TypeError(type(value))


def record(value: Any, rng: Optional[random.Random] = None) -> bytes:
    """A request record: [kind 0][u32 length][binary value]."""
    payload = encode(value, rng)
    return b"\0" + struct.pack("<I", len(payload)) + payload


def text_record(text: str) -> bytes:
    """A request record carrying JSON text: [kind 1][u32 length][UTF-8]."""
    b = text.encode("utf-8")
    return b"\1" + struct.pack("<I", len(b)) + b


def _yaku_keys() -> List[str]:
    """Riichi yaku keys in id order (kYakuTable)."""
    text = (ROOT / "cpp" / "include" / "tenbou" / "yaku_table.hpp").read_text(encoding="utf-8")
    return re.findall(r'\{Yaku::\w+, "(\w+)"', text)


def decode_results(data: bytes) -> List[Any]:
    """Every result record of an output buffer, decoded (result keys by id). A kind 1 record's
    header (api.hpp score_records) must say what its value says."""
    keys, yaku_keys = _result_keys(), _yaku_keys()
    out = []
    pos = 0
    while pos < len(data):
        kind = data[pos]
        n = struct.unpack_from("<I", data, pos + 1)[0]
        at = pos + 5
        header = None
        if kind == 1:
            han, fu, yakuman, total, count = struct.unpack_from("<iiiqB", data, at)
            at += 21
            yaku = []
            for _ in range(count):
                y, y_han = struct.unpack_from("<BH", data, at)
                yaku.append({"key": yaku_keys[y], "han": y_han})
                at += 3
            header = {"ok": True, "han": han, "fu": fu, "yakuman": yakuman, "total": total, "yaku": yaku}
        else:
            assert kind == 0, f"result record kind {kind}"
        value, end = _decode(data, at, keys)
        assert end == pos + 5 + n, "a result record's length does not match its value"
        if header is not None:
            assert {k: value.get(k) for k in header} == header, f"record header {header} differs from {value}"
        out.append(value)
        pos = end
    return out


def _decode(data: bytes, p: int, keys: List[str]) -> Tuple[Any, int]:
    tag = data[p]
    p += 1
    if tag == NULL:
        return None, p
    if tag in (FALSE, TRUE):
        return tag == TRUE, p
    if tag == INT32:
        return struct.unpack_from("<i", data, p)[0], p + 4
    if tag == INT:
        return struct.unpack_from("<q", data, p)[0], p + 8
    if tag == DOUBLE:
        return struct.unpack_from("<d", data, p)[0], p + 8
    if tag in (STRING, BIGINT):
        n = struct.unpack_from("<I", data, p)[0]
        s = data[p + 4:p + 4 + n].decode("utf-8")
        return (int(s) if tag == BIGINT else s), p + 4 + n
    if tag == ARRAY:
        items = []
        while data[p] != END:
            v, p = _decode(data, p, keys)
            items.append(v)
        return items, p + 1
    if tag == OBJECT:
        obj = {}
        while data[p] != END:
            kid = data[p]
            if kid == 255:
                n = struct.unpack_from("<I", data, p + 1)[0]
                key = data[p + 5:p + 5 + n].decode("utf-8")
                p += 5 + n
            else:
                key = keys[kid - KEY_ID_BASE]
                p += 1
            obj[key], p = _decode(data, p, keys)
        return obj, p + 1
    raise AssertionError(f"unknown tag {tag} at byte {p - 1}")


def record_kinds(data: bytes) -> List[int]:
    """The kind byte of every result record of an output buffer (1: with the Riichi header)."""
    kinds, pos = [], 0
    while pos < len(data):
        kinds.append(data[pos])
        pos += 5 + struct.unpack_from("<I", data, pos + 1)[0]
    return kinds
