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
    if not (build / "CMakeCache.txt").exists():
        subprocess.run([cmake, "-S", str(ROOT), "-B", str(build), "-DTENBOU_BUILD_TOOLS=ON", "-DTENBOU_BUILD_PYTHON=OFF",
                        "-DCMAKE_BUILD_TYPE=Debug", f"-DCMAKE_CXX_FLAGS={flags}",
                        f"-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"], check=True, capture_output=True)
    subprocess.run([cmake, "--build", str(build), "-j", "2"], check=True, capture_output=True)
    return build / "cpp" / "tenbou-native"


def run(tool: Path, lines):
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    return subprocess.run([str(tool), "score"], input="\n".join(lines) + "\n", capture_output=True, text=True,
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
    assert len(results) == len(lines) and all(r["ok"] in (True, False) for r in results)
