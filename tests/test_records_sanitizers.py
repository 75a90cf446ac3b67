"""The tenhou.net/6 and mjai readers, both writers and the annotator under AddressSanitizer and
UndefinedBehaviorSanitizer, on random mutations of public records (tests/data/records): one clean
error line per bad record or a replay, never a memory error, a leak or undefined behaviour.
(The mjlog reader has its own run in test_replay_core.py; the fuzz target below reads all three.)"""
from __future__ import annotations

import json
import os
import random
import re
import subprocess
from pathlib import Path
from typing import List

import pytest

from test_sanitizers import sanitized_tool  # noqa: F401 (the fixture: the native tool under ASan and UBSan)

RECORDS = Path(__file__).resolve().parent / "data" / "records"
SEEDS = {
    "tenhou6": sorted((RECORDS / "tenhou6").rglob("*.json")),
    "mjai": sorted((RECORDS / "mjai").glob("*.jsonl")),
}


def mutate(rng: random.Random, data: bytes) -> bytes:
    """One of: a cut, digits changed, a span deleted or repeated, random bytes, two lines (or
    two comma-separated items) swapped or a line deleted."""
    s = bytearray(data)
    kind = rng.randrange(6)
    if kind == 0:
        return bytes(s[: rng.randrange(len(s))])
    if kind == 1:
        for _ in range(rng.randrange(1, 6)):
            i = rng.randrange(len(s))
            if chr(s[i]).isdigit():
                s[i] = ord(str(rng.randrange(10)))
        return bytes(s)
    if kind in (2, 3):
        i = rng.randrange(len(s))
        j = min(len(s), i + rng.randrange(1, 200))
        return bytes(s[:i] + s[j:]) if kind == 2 else bytes(s[:j] + s[i:j] + s[j:])
    if kind == 4:
        for _ in range(rng.randrange(1, 4)):
            s[rng.randrange(len(s))] = rng.randrange(256)
        return bytes(s)
    sep = b"\n" if data.count(b"\n") > 3 else b","
    parts = bytes(s).split(sep)
    i, j = rng.randrange(len(parts)), rng.randrange(len(parts))
    if rng.random() < 0.5:
        parts[i], parts[j] = parts[j], parts[i]
    else:
        del parts[i]
    return sep.join(parts)


def mutated_files(folder: Path, fmt: str, seed: int, count: int = 150) -> List[str]:
    """`count` mutations of the format's seed records, written as m000.json(l) ... in `folder`."""
    rng = random.Random(seed)
    paths: List[str] = []
    for n in range(count):
        path = folder / f"m{n:03d}.{'jsonl' if fmt == 'mjai' else 'json'}"
        path.write_bytes(mutate(rng, rng.choice(SEEDS[fmt]).read_bytes()))
        paths.append(str(path))
    return paths


@pytest.mark.parametrize("fmt", sorted(SEEDS))
def test_mutated_records_under_sanitizers(sanitized_tool, tmp_path, fmt):
    assert len(SEEDS[fmt]) >= 3, SEEDS[fmt]
    paths = mutated_files(tmp_path, fmt, 2024 + len(fmt))
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    outputs = ["check", "tenhou6", "mjai"] + (["annotate"] if fmt == "mjai" else [])
    for output in outputs:
        out = subprocess.run([str(sanitized_tool), "replay", "--format", fmt, "--output", output, *paths],
                             capture_output=True, env=env)
        err = out.stderr.decode("utf-8", "replace")
        assert out.returncode in (0, 2) and "Sanitizer" not in err and "runtime error" not in err, (output, err[-3000:])
        bad = err.splitlines()
        assert all(re.fullmatch(r"tenbou-native: m\d{3}\.jsonl?: [^\n]{1,700}", x) for x in bad), bad[:5]
        assert 0 < len(bad) < len(paths), (output, len(bad))  # some mutations still read, most do not
        if output == "check":
            assert json.loads(out.stdout.decode().splitlines()[-1])["hands"] > 0


@pytest.mark.parametrize("fmt", sorted(SEEDS))
def test_record_tables_of_mutated_records_under_sanitizers(sanitized_tool, tmp_path, fmt):
    # The record tables (records/tables.cpp) on two threads: each bad record's rows taken back
    # (truncated columns), every batch exported through the Arrow C data interface and read to
    # the end of every buffer, then released: no memory error, leak or UB.
    paths = mutated_files(tmp_path, fmt, 4048 + len(fmt))
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    out = subprocess.run([str(sanitized_tool), "tables", "--format", fmt, "--threads", "2", *paths],
                         capture_output=True, env=env)
    err = out.stderr.decode("utf-8", "replace")
    assert out.returncode == 2 and "Sanitizer" not in err and "runtime error" not in err, err[-3000:]
    bad = err.splitlines()
    assert all(re.fullmatch(r"tenbou-native: m\d{3}\.jsonl?: [^\n]{1,700}", x) for x in bad), bad[:5]
    counts = json.loads(out.stdout)
    assert counts["errors"] == len(bad) and 0 < len(bad) < len(paths) and counts["hands"] > 0


def test_record_fuzz_target_under_sanitizers(sanitized_tool, tmp_path):
    """The record readers' fuzz target (tests/fuzz/fuzz_records.cpp) as a plain mutation loop:
    20,000 edited records of the three formats, each read whole and in two pieces (the same lines
    or the reader's own error), in every output, half of them also as record tables on one or two
    threads; under ASan and UBSan no memory error, leak or undefined behaviour, and no broken
    invariant (the target aborts naming it)."""
    fuzz = sanitized_tool.parent / "tenbou-fuzz-records"
    seeds = [str(p) for p in SEEDS["tenhou6"][:4] + SEEDS["mjai"][:4]]
    seeds += [str(p) for p in sorted((RECORDS / "tenhou6").rglob("*.xml"))[:4]]  # Tenhou's mjlog of the same games
    seeds.append(str(RECORDS / "pao-daisangen-tsuuiisou.mjlog"))
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    out = subprocess.run([str(fuzz), "20000", "5", *seeds], capture_output=True, text=True, env=env,
                         cwd=tmp_path)  # (where a failing input is written)
    assert out.returncode == 0 and "20000 inputs, no crash" in out.stdout, out.stderr[-3000:]
