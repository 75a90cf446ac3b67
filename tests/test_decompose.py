"""Hand decomposition: the per-suit tables (cpp/src/core/decompose.cpp) give the same readings in
the same order as the depth-first search they replaced (kept as decompose_by_search), on every
count vector of one suit (in each suit, up to 14 tiles) and on 300,000 generated hands of 0-4
sets: built from sets and a pair, narrowed to one or two suits, a tile moved, random tiles
(tests/cpp/decompose_check.cpp). The order matters: among readings worth the same, the first
one found is the one a result shows."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from conftest import ROOT


def test_tables_equal_search():
    cxx = shutil.which("g++") or shutil.which("c++")
    if not cxx:
        pytest.fail("a C++ compiler is needed for the decomposition check")
    out_dir = ROOT / "build" / "tests"
    out_dir.mkdir(parents=True, exist_ok=True)
    exe = out_dir / "decompose_check"
    subprocess.run([cxx, "-O2", "-std=c++17", "-I", str(ROOT / "cpp" / "include"), str(ROOT / "tests" / "cpp" / "decompose_check.cpp"),
                    str(ROOT / "cpp" / "src" / "core" / "decompose.cpp"), "-o", str(exe)], check=True)
    run = subprocess.run([str(exe), "5", "300000"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    # random hands 300000, complete hands C, readings R, hands with several M
    fields = dict(part.rsplit(" ", 1) for part in run.stdout.strip().split(", "))
    assert int(fields["complete hands"]) > 200_000
    assert int(fields["hands with several"]) > 5_000
