"""One vector file, byte-identical results through the C++ core, Python and the CLI."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tenbou

from conftest import ROOT

DATA = Path(__file__).parent / "data"
LINES = (DATA / "vectors.jsonl").read_text(encoding="utf-8").splitlines()
EXPECTED = (DATA / "vectors.expected.jsonl").read_text(encoding="utf-8").splitlines()


def test_vector_file_is_large_and_mixed():
    assert len(LINES) == len(EXPECTED) >= 2000
    import json

    codes = {json.loads(e).get("error", {}).get("code") for e in EXPECTED}
    assert {None, "invalid_input", "no_yaku", "not_winning"} <= codes
    families = [json.loads(line).get("rules", "riichi") for line in LINES if line.startswith("{") and line.endswith("}")]
    methods = {json.loads(line).get("method", "fuhan") for line in LINES if line.startswith("{") and line.endswith("}")}
    assert families.count("korean") >= 500 and families.count("riichi") >= 1500
    assert {"fuhan", "han_only", "aotenjo"} <= methods  # ("fu" is an invalid case)


def test_python_matches_the_golden_results():
    got = [tenbou.score_json(line) for line in LINES]
    diffs = [(i, LINES[i], EXPECTED[i], got[i]) for i in range(len(LINES)) if got[i] != EXPECTED[i]]
    assert not diffs, diffs[:3]


def test_score_many_on_threads_matches_the_golden_results():
    # The vector requests as dicts through score_many, read on the calling thread and, with
    # workers, finished (tile texts parsed, checks run) and scored on the others: the same
    # results and the same error for each bad request, in order.
    import json

    requests, expected = [], []
    for line, want in zip(LINES, EXPECTED):
        if '"bad_json"' in want:
            continue  # text that is not one JSON object (duplicate keys ...): the text paths cover it
        request = json.loads(line)
        if isinstance(request, dict):
            requests.append(request)
            expected.append(want)
    assert len(requests) >= 2000
    for threads in (1, 2, 3):
        got = list(tenbou.score_many(requests, threads=threads).to_json_lines())
        diffs = [(i, requests[i], expected[i], got[i]) for i in range(len(got)) if got[i] != expected[i]]
        assert not diffs, (threads, diffs[:3])


def test_cli_jsonl_matches(run_cli):
    code, out = run_cli(["score", "--jsonl"], stdin="\n".join(LINES) + "\n")
    assert code == 0 and out.splitlines() == EXPECTED


def test_native_core_is_byte_identical(native_tool):
    out = subprocess.run([str(native_tool), "score"], input="\n".join(LINES) + "\n", capture_output=True,
                         text=True, encoding="utf-8", check=True).stdout
    assert out.splitlines() == EXPECTED


def test_console_script_jsonl_is_byte_identical():
    out = subprocess.run([sys.executable, "-m", "tenbou.cli", "score", "--jsonl"], input="\n".join(LINES) + "\n",
                         capture_output=True, text=True, encoding="utf-8", check=True).stdout
    assert out.splitlines() == EXPECTED
