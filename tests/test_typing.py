"""The package's annotations and the _core stubs hold up under mypy --strict."""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT

pytest.importorskip("mypy")


def test_mypy_strict():
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-p", "tenbou"],
                         cwd=ROOT / "python", capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
