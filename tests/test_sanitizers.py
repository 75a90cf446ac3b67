"""The C++ core under AddressSanitizer and UndefinedBehaviorSanitizer: the shared vectors and
20,000 mutated requests go through it with no out-of-bounds access, leak or undefined behaviour."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT
from fuzzing import mutations

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def sanitized_tool() -> Path:
    cmake = shutil.which("cmake")
    if not cmake:
        pytest.fail("cmake is needed to build the sanitized native tool")
    build = ROOT / "build" / "sanitize"
    flags = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
    subprocess.run([cmake, "-S", str(ROOT), "-B", str(build), "-DTENBOU_BUILD_TOOLS=ON", "-DTENBOU_BUILD_FUZZ=ON",
                    "-DTENBOU_BUILD_PYTHON=OFF", "-DCMAKE_BUILD_TYPE=Debug", f"-DCMAKE_CXX_FLAGS={flags}",
                    f"-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"], check=True, capture_output=True)
    subprocess.run([cmake, "--build", str(build), "-j", "2"], check=True, capture_output=True)
    return build / "cpp" / "tenbou-native"


def run(tool: Path, lines, command: str = "score"):
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    return subprocess.run([str(tool), command], input="\n".join(lines) + "\n", capture_output=True, text=True,
                          encoding="utf-8", env=env)


def test_vectors_under_sanitizers(sanitized_tool):
    lines = (DATA / "vectors.jsonl").read_text(encoding="utf-8").splitlines()
    out = run(sanitized_tool, lines)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.splitlines() == (DATA / "vectors.expected.jsonl").read_text(encoding="utf-8").splitlines()


def test_mutations_under_sanitizers(sanitized_tool):
    base = (DATA / "vectors.jsonl").read_text(encoding="utf-8").splitlines()
    lines = mutations(base, 20000, seed=77, alphabet='0123456789mpsz:,"[]{}-.e \\u00e9x', max_edits=6)
    out = run(sanitized_tool, lines)
    assert out.returncode == 0, out.stderr[-3000:]
    results = [json.loads(line) for line in out.stdout.splitlines()]
    # An empty line gets no result (README "Input contract"): a mutation may leave one.
    assert len(results) == sum(1 for x in lines if x) and all(r["ok"] in (True, False) for r in results)


def test_waits_under_sanitizers(sanitized_tool):
    """Shanten, ukeire and waits (the compiled-in table's lookups included) on hands before the win:
    the vectors' winning hands minus their winning tile, random hands, and mutations of both."""
    from test_waits import before_win, compact, random_hands
    from tenbou import _core

    base = []
    for line in (DATA / "vectors.jsonl").read_text(encoding="utf-8").splitlines():
        try:
            req = json.loads(line)
            if isinstance(req, dict) and "win_tile" in req and "hand" in req:
                base.append(json.dumps(before_win(req), ensure_ascii=False))
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
    base += [json.dumps({"hand": compact(c), "melds": m}) for c, m in random_hands(2000, seed=3)]
    lines = base + mutations(base, 10000, seed=78, alphabet='0123456789mpsz:,"[]{}-.e x', max_edits=5)
    out = run(sanitized_tool, lines, "waits")
    assert out.returncode == 0, out.stderr[-3000:]
    answers = out.stdout.splitlines()
    assert len(answers) == len(lines)
    # and the native answers are the Python API's, byte for byte after parsing
    for line, answer in list(zip(lines, answers))[:3000]:
        try:
            req = json.loads(line)
        except ValueError:
            continue
        if isinstance(req, dict):
            assert json.loads(answer) == _core.waits(req), line


def test_binary_records_under_sanitizers(sanitized_tool):
    """The JS API's scoreMany path (binary request records, binary_value.hpp): the vectors give the
    results of the JSON path, and byte mutations of the records (framing included) never read out of
    bounds: each record still gets a result, an error naming the byte for a malformed one."""
    import random
    import struct

    import binary_records

    rng = random.Random(5)
    lines = (DATA / "vectors.jsonl").read_text(encoding="utf-8").splitlines()
    expected = [json.loads(x) for x in (DATA / "vectors.expected.jsonl").read_text(encoding="utf-8").splitlines()]
    records, wanted, header_expected = [], [], []
    for line, exp in zip(lines, expected):
        def no_duplicates(pairs):
            if len({k for k, _ in pairs}) != len(pairs):
                raise ValueError("duplicate key")
            return dict(pairs)
        try:
            req = json.loads(line, object_pairs_hook=no_duplicates)
        except ValueError:  # not JSON, or not one an object keeps: the text record says so
            records.append(binary_records.text_record(line))
            header_expected.append(None)
        else:
            records.append(binary_records.record(req, rng))
            # Every scored Riichi hand's record has the header, except aotenjo's (exact totals).
            header_expected.append(exp["ok"] and exp.get("rules", "riichi") == "riichi"
                                   and isinstance(req, dict) and req.get("method") != "aotenjo")
        wanted.append(exp)
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    out = subprocess.run([str(sanitized_tool), "records"], input=b"".join(records), capture_output=True, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    assert binary_records.decode_results(out.stdout) == wanted
    kinds = binary_records.record_kinds(out.stdout)
    assert [k == 1 for k, want in zip(kinds, header_expected) if want is not None] == \
        [want for want in header_expected if want is not None]

    # Mutations: flip, insert or drop bytes inside each record's payload (its length kept
    # right, so every record is read), then whole buffers cut anywhere.
    mutated = []
    for _ in range(20000):
        rec = bytearray(rng.choice(records[:2000]))
        payload = rec[5:]
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(payload) + 1)
            op = rng.random()
            if op < 0.6 and payload:
                payload[min(i, len(payload) - 1)] = rng.choice([0, 3, 5, 7, 8, 9, 10, 16, 40, 43, 44, 255, rng.randrange(256)])
            elif op < 0.8:
                payload.insert(i, rng.randrange(256))
            elif payload:
                del payload[min(i, len(payload) - 1)]
        mutated.append(rec[:1] + struct.pack("<I", len(payload)) + payload)
    out = subprocess.run([str(sanitized_tool), "records"], input=b"".join(mutated), capture_output=True, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    results = binary_records.decode_results(out.stdout)
    assert len(results) == len(mutated) and all(r["ok"] in (True, False) for r in results)
    bad = [r for r in results if not r["ok"] and r["error"].get("reason") == "bad_json"]
    assert bad and all("invalid binary request at byte" in r["error"]["message"] or "JSON" in r["error"]["message"]
                       for r in bad), bad[:3]
    for cut in range(0, 4000, 97):  # a buffer cut short: the last record is reported as truncated
        data = b"".join(records[:20])[:cut]
        out = subprocess.run([str(sanitized_tool), "records"], input=data, capture_output=True, env=env)
        assert out.returncode == 0, out.stderr[-3000:]
        binary_records.decode_results(out.stdout)


def test_fuzz_target_under_sanitizers(sanitized_tool):
    """The fuzz target's mutation loop (no libFuzzer needed): 150,000 inputs through every
    request reader with ASan and UBSan; README "Fuzzing" has the command for long runs."""
    fuzz = sanitized_tool.parent / "tenbou-fuzz"
    corpus = sanitized_tool.parent / "fuzz-corpus.txt"
    import fuzz_corpus

    assert fuzz_corpus.write_lines(corpus) > 8000
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    out = subprocess.run([str(fuzz), str(corpus), "150000", "7"], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip() == "150000 inputs, no crash"


def test_c_abi_under_sanitizers(sanitized_tool):
    """10,000 mutated requests through every function of the C ABI (tenbou.h) under ASan, UBSan
    and LeakSanitizer: no crash, no out-of-bounds access, every returned text freed."""
    import fuzz_corpus

    fuzz = sanitized_tool.parent / "tenbou-fuzz"
    corpus = sanitized_tool.parent / "c-abi-corpus.txt"
    seeds = [line for line in (sanitized_tool.parent / "fuzz-corpus.txt").read_text(encoding="utf-8").splitlines()
             if line.startswith("4 ")] if (sanitized_tool.parent / "fuzz-corpus.txt").exists() else []
    if not seeds:
        fuzz_corpus.write_lines(corpus)
        seeds = [x for x in corpus.read_text(encoding="utf-8").splitlines() if x.startswith("4 ")]
    corpus.write_text("\n".join(seeds) + "\n", encoding="utf-8")
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    out = subprocess.run([str(fuzz), str(corpus), "10000", "13"], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip() == "10000 inputs, no crash"
