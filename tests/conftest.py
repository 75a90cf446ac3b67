"""Shared fixtures: where the project's shared/ folder is, and a CLI runner."""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple, Union

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
sys.path.insert(0, str(TESTS))  # hand_generator, mahjong_oracle


def shared_dir() -> Path:
    """shared/ sits beside the checkout (../shared); TENBOU_SHARED overrides."""
    env = os.environ.get("TENBOU_SHARED")
    candidates = [Path(env)] if env else []
    candidates += [ROOT.parent / "shared", ROOT / "shared"]
    for c in candidates:
        if (c / "data" / "tenhou").is_dir():
            return c
    pytest.skip("shared/ with data/tenhou not found beside the checkout (set TENBOU_SHARED)")
    raise AssertionError  # unreachable


@pytest.fixture
def run_cli(monkeypatch: pytest.MonkeyPatch):
    """Run `tenbou ...` in-process: returns (exit status, stdout)."""
    from tenbou import cli

    def run(args: List[str], stdin: Union[str, bytes] = "") -> Tuple[int, str]:
        data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
        out = io.StringIO()
        code = cli.main(args, out=out)
        return code, out.getvalue()

    return run


@pytest.fixture(scope="session")
def native_tool() -> Path:
    """The native C++ tool: $TENBOU_NATIVE, or an incremental CMake build in build/native."""
    env = os.environ.get("TENBOU_NATIVE")
    if env:
        return Path(env)
    cmake = shutil.which("cmake")
    if not cmake:
        pytest.fail("cmake is needed to build the native tool for the parity test (or set TENBOU_NATIVE)")
    build = ROOT / "build" / "native"
    if not (build / "CMakeCache.txt").exists():
        subprocess.run([cmake, "-S", str(ROOT), "-B", str(build), "-DTENBOU_BUILD_TOOLS=ON",
                        "-DTENBOU_BUILD_PYTHON=OFF", "-DCMAKE_BUILD_TYPE=Release"], check=True, capture_output=True)
    subprocess.run([cmake, "--build", str(build), "-j", "2"], check=True, capture_output=True)
    return build / "cpp" / "tenbou-native"
