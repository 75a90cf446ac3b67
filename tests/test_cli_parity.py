"""The two command lines are one interface: `tenbou` (Python) and `npx tenbou` (Node,
wasm/dist/tenbou-cli.mjs) give the same stdout, stderr and exit status, byte for byte, on the
README's and docs/cli.md's examples, every command's help examples, error cases, --help and --version; and no line
of theirs passes 100 columns.

Needs Node and the WebAssembly build (`bash wasm/build.sh`, run here when missing or stale); without
them the tests skip, except under TENBOU_REQUIRE_WASM=1 (set by .ci/run), where they fail. Nothing
is normalised: both programs call themselves `tenbou`.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from conftest import ROOT
from test_wasm import need  # skip, or fail under TENBOU_REQUIRE_WASM=1
import tenbou
from tenbou import _core

DIST = ROOT / "wasm" / "dist"
SPEC = json.loads((ROOT / "python" / "tenbou" / "cli" / "spec.json").read_text(encoding="utf-8"))
NODE_COMMANDS = [c for c in SPEC["commands"] if c in SPEC["parsers"]]


@pytest.fixture(scope="module")
def dist() -> Path:
    need(shutil.which("node") is not None, "node is not installed")
    sources = (list((ROOT / "cpp").rglob("*.[ch]pp")) + list((ROOT / "wasm" / "js").rglob("*.*"))
               + list((ROOT / "wasm" / "src").glob("*.*")) + [ROOT / "python" / "tenbou" / "cli" / "spec.json"])
    built = [DIST / "tenbou-core.js", DIST / "cli" / "spec.json", DIST / "cli" / "args.mjs"]
    stale = not all(b.exists() for b in built) or any(
        s.stat().st_mtime > min(b.stat().st_mtime for b in built) for s in sources)
    if stale:
        need(shutil.which("em++") is not None, "emscripten is not installed (apt-get install emscripten)")
        subprocess.run(["bash", str(ROOT / "wasm" / "build.sh")], check=True, capture_output=True)
    return DIST


Run = Tuple[int, str, str]
RUNS: Dict[Tuple[Tuple[str, ...], bytes, str], Tuple[Run, Run]] = {}

# Node: cli/main.mjs's run() over many command lines in one process (tenbou-cli.mjs is run() with
# the process's descriptors); the same as Python's cli.main() in this process.
NODE_BATCH = """
import { run } from './cli/main.mjs';
const fs = (await import('node:fs')).default;
const results = [];
for (const [args, columns] of JSON.parse(fs.readFileSync(0, 'utf8'))) {
  process.env.COLUMNS = columns;
  let out = '', err = '';
  const code = run(args, { write: (t) => { out += t; }, writeErr: (t) => { err += t; } });
  results.push([code, out, err]);
}
process.stdout.write(JSON.stringify(results));
"""


def python_in_process(args: List[str], columns: str) -> Run:
    from tenbou import cli

    out, err = io.StringIO(), io.StringIO()
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = columns
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(args)
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved
    return code, out.getvalue(), err.getvalue()


def run_many(dist: Path, cases: List[Tuple[List[str], str]]) -> List[Tuple[Run, Run]]:
    """(exit status, stdout, stderr) of both CLIs for command lines without stdin, COLUMNS given
    ("80" is what both use when not on a terminal). Remembered: later tests read earlier runs."""
    todo = [(a, c) for a, c in cases if (tuple(a), b"", c) not in RUNS]
    if todo:
        p = subprocess.run(["node", "--input-type=module", "-e", NODE_BATCH], input=json.dumps(todo),
                           capture_output=True, text=True, cwd=str(dist))
        assert p.returncode == 0, p.stderr[-3000:]
        for (args, columns), node in zip(todo, json.loads(p.stdout)):
            RUNS[(tuple(args), b"", columns)] = (python_in_process(args, columns), tuple(node))
    return [RUNS[(tuple(a), b"", c)] for a, c in cases]


def run_both(dist: Path, args: List[str], stdin: bytes = b"", columns: str = "") -> Tuple[Run, Run]:
    """Both programs as processes: `python -m tenbou.cli` and `node tenbou-cli.mjs`."""
    env = dict(os.environ)
    env.pop("COLUMNS", None)
    if columns:
        env["COLUMNS"] = columns
    runs = []
    for program in ([sys.executable, "-m", "tenbou.cli"], ["node", str(dist / "tenbou-cli.mjs")]):
        p = subprocess.run(program + args, input=stdin, capture_output=True, env=env, cwd=str(ROOT))
        runs.append((p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")))
    return runs[0], runs[1]


def display_width(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def readme_examples() -> List[str]:
    """The README's and the docs pages' concrete `tenbou ...` command lines (`$ tenbou ...` and
    `tenbou ...` in code spans), without the synopses (HAND, [...], a|b) and replay, mjlog (Python-only)."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    text = "\n".join(page.read_text(encoding="utf-8") for page in pages)
    found = re.findall(r"^\$ (tenbou [^\n]+)$", text, re.M) + re.findall(r"`(tenbou [^`\n]+)`", text)
    commands = []
    for c in found:
        if re.search(r"\[|\.\.\.|\bHAND\b|FILES?\b|TILES\b|KIND|\||<|>|\bmjlog\b|--jsonl|--json -| -$", c):
            continue
        if c.split()[1] not in SPEC["commands"] or c.split()[1] in SPEC["python_only"]:
            continue  # "`tenbou settle` has no command"; replay is Python-only
        if c not in commands:
            commands.append(c)
    return commands


def docs_examples() -> List[str]:
    """The `$ tenbou ...` lines of docs/cli.md (tests/test_cli.py checks their shown output)."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    return [c for c in re.findall(r"^\$ (tenbou [^\n|]+)$", text, re.M)]


def help_examples() -> List[Tuple[List[str], bytes]]:
    """Every command's epilog examples (an `echo '...' | tenbou ...` one with its stdin)."""
    cases = []
    for name in NODE_COMMANDS:
        for example in SPEC["parsers"][name]["examples"]:
            stdin = b""
            if example.startswith("echo "):
                echoed, example = example.split(" | ", 1)
                stdin = (shlex.split(echoed)[1] + "\n").encode()
            cases.append((shlex.split(example)[1:], stdin))
    return cases


ERRORS: List[List[str]] = [
    [], ["--bogus"], ["bogus"], ["score"], ["score", "--bogus"], ["score", "123m456p789s2345s5"],
    ["score", "123456789m123P44p"], ["score", "123m456p789s23456s"], ["score", "123m456p789s23455s", "--win", "5s"],
    ["score", "123m456p789s23455s", "--option", "kiriage"], ["score", "123m456p789s23455s", "--seat", "X"],
    ["score", "123m456p789s23455s", "--honba", "x"], ["score", "123m456p789s23455s", "--honba", "1_0"],
    ["score", "123m456p789s23455s", "--win"], ["score", "123m456p789s23455s", "--json=1"],
    ["score", "234567m234p55678p", "--rules", "korean", "--dora", "1m"],
    ["score", "123m456m789p345s678s55z", "--rules", "hktw", "--win", "4m", "--players", "3"],
    ["score", "234567m234p55s678s", "--flowers", "f1"], ["score", "234567m234p55s678s", "--pool", "3"],
    ["score", "1234567m234p55s67s", "--tsumo"], ["waits"], ["waits", "123m456m789p2345s", "--win", "5s"],
    ["waits", "123m456m789p2345s", "--tsumo"], ["waits", "123m456m789p2345"], ["waits", "123m456m789p2345", "--json"],
    ["discards", "123m456m789p23459"], ["discards", "123m456m789p23459", "--json"], ["discards"],
    ["points"], ["points", "--han", "1", "--fu", "35"], ["points", "--han", "1", "--fu", "20", "--tsumo"],
    ["points", "--han", "1", "--fu", "20", "--tsumo", "--json"], ["points", "--han", "1", "--fu", "-1"],
    ["points", "--han", "3", "--players", "5"], ["table", "--who", "nobody"], ["yaku", "--rules", "mcr"],
    ["declare"], ["declare", "222m345m567m55p78p"], ["declare", "222m345m567m55p7p"],
    ["score", "HAND", "extra"], ["--version", "score"], ["score", "1m", "--help", "--seat", "X"],
    # --option values: JSON when they parse (300.0 and 1e3 are floats to Python, so to the core), else text
    ["points", "--han", "3", "--honba", "1", "--option", "honba_value=1e3"],
    ["points", "--han", "3", "--honba", "1", "--option", "honba_value=300.0"],
    ["points", "--han", "3", "--honba", "1", "--option", "honba_value=99999999999999999999"],
    ["points", "--han", "3", "--honba", "1", "--option", "honba_value=NaN"],
    ["score", "234567m234p55s678s", "--option", "kiriage=1"], ["score", "234567m234p55s678s", "--option", "kiriage=yes"],
    ["waits", "123m456m789p2345s", "--option", "honba_value=3e2"], ["declare", "234567m234p55p78p", "--option", "x=1.0"],
]

MORE: List[List[str]] = [
    ["score", "234567m234p55s678s", "--win", "5m", "--tsumo", "--riichi", "--seat", "S", "--dora", "4m", "--json"],
    ["score", "111z222z333z444z55z", "--win", "5z", "--tsumo", "--seat", "S", "--method", "aotenjo",
     "--dora", "4z1z2z3z7z"],
    ["score", "111z222z333z444z55z", "--win", "5z", "--tsumo", "--seat", "S", "--method", "aotenjo",
     "--dora", "4z1z2z3z7z", "--units", "ja"],
    ["score", "19m19p19s1234567z", "--win", "1m", "--tenhou"],
    ["score", "234567m234p55678p", "--win", "6p", "--rules", "korean", "--variant", "coffee", "--riichi", "--flowers", "f1"],
    ["score", "123m456m789p345s678s55z", "--rules", "hktw", "--win", "4m", "--tsumo", "--flowers", "f2"],
    ["score", "123m123p123s456s789s55z", "--rules", "hktw", "--win", "5z", "--tsumo", "--flowers", "f1f2f3f4f5f6f7f8"],
    ["waits", "19m19p19s1234567z", "--json"], ["waits", "1112345678999m", "--rules", "korean"],
    ["waits", "123m456m789p345s5z", "--rules", "hktw"], ["waits", "123m456p789s134s5z"],
    ["discards", "19m19p19s12345677z"], ["discards", "19m19p19s12345677z", "--wide"],
    ["discards", "123m456m789p23459s", "--json"], ["discards", "1112345678999m5m", "--rules", "korean"],
    ["points", "--han", "300", "--fu", "90", "--method", "aotenjo"], ["points", "--yakuman", "3", "--dealer", "--tsumo"],
    ["points", "--han", "4", "--fu", "30", "--tsumo", "--players", "3", "--json"],
    ["points", "--han", "5", "--method", "han_only", "--units", "ko"],
    ["table"], ["table", "--method", "aotenjo", "--who", "non-dealer"], ["table", "--json", "--who", "dealer"],
    ["table", "--method", "han_only", "--json"],
    ["yaku", "--wide"], ["yaku", "--rules", "korean", "--wide"], ["yaku", "--rules", "hktw"],
    ["declare", "234567m234p55p78p", "--json"], ["declare", "222m345m567m55p78p", "--bulleo", "--json"],
]


def cases() -> List[List[str]]:
    """Command lines without stdin: the examples, errors, more outputs, every --help and --version."""
    out = [shlex.split(c)[1:] for c in readme_examples() + docs_examples()] + [a for a, i in help_examples() if not i]
    out += ERRORS + MORE
    out += [[c, "--help"] for c in NODE_COMMANDS] + [["--help"], ["-h"]]
    out += [[c, "--version"] for c in NODE_COMMANDS] + [["--version"]]
    return out


GOOD = '{"hand":"234567m234p55s678s","win_tile":"5m","riichi":true}'
PROCESS_CASES: List[Tuple[List[str], bytes]] = [a for a in help_examples() if a[1]] + [
    (["score", "-"], GOOD.encode()), (["score", "--json", "-"], GOOD.encode()), (["score", "-"], b'{"hand": '),
    (["score", "-"], b""), (["score", "--jsonl"], (GOOD + "\nnot json\n{}\n").encode()),
    (["waits", "--jsonl"], b'{"hand":"123m456m789p2345s"}\n{"hand":"1m"}\n[1]\nnope\n{"hand":"123m456m789p2345s","honba":NaN}\n'
                          b'{"hand":"123m456m789p2345s","hand":"1m"}\n{"hand":"123m456m789p2345s","honba":1e400}\n'
                          b'{"hand":"123m456m789p2345s","honba":1.0}\n{"hand":"123m456m789p2345s","x":99999999999999999999}\n'
                          b'\xff\n{"hand":"123m456m789p2345s","options":{"kiriage":true}}\n'),
    # the programs themselves: help, version, a usage error, a result, a failure
    (["--version"], b""), (["score", "--help"], b""), (["bogus"], b""), (["points", "--yakuman", "2"], b""),
    (["score", "123m456p789s23456s"], b""), (["discards", "19m19p19s12345677z"], b""),
]


def test_the_readme_and_help_examples_are_found():
    readme = readme_examples()
    assert len(readme) >= 8 and any(c.startswith("tenbou discards") for c in readme), readme
    assert len(help_examples()) == sum(len(SPEC["parsers"][c]["examples"]) for c in NODE_COMMANDS)


def describe(differ: List[Tuple[List[str], Run, Run]]) -> str:
    return "\n\n".join(f"tenbou {shlex.join(a)}\n python: {p!r}\n node:   {n!r}" for a, p, n in differ[:5])


def test_both_command_lines_agree_byte_for_byte(dist):
    todo = cases()
    differ = [(args, python, node) for args, (python, node) in zip(todo, run_many(dist, [(a, "80") for a in todo]))
              if python != node]
    assert not differ, describe(differ)
    assert len(todo) > 120


def test_both_programs_agree_byte_for_byte(dist):
    """As processes, stdin included: `python -m tenbou.cli` and `node tenbou-cli.mjs`."""
    differ = []
    for args, stdin in PROCESS_CASES:
        python, node = run_both(dist, args, stdin)
        if python != node:
            differ.append((args, python, node))
    assert not differ, describe(differ)


@pytest.mark.parametrize("columns", ["60", "100", "200"])
def test_help_wraps_to_the_terminal_alike(dist, columns):
    helps = [["--help"]] + [[c, "--help"] for c in NODE_COMMANDS]
    for args, (python, node) in zip(helps, run_many(dist, [(a, columns) for a in helps])):
        assert python == node, args
        text = python[1].split("\nexamples:\n")[0]  # the examples are command lines to copy: not wrapped
        assert max(display_width(line) for line in text.splitlines()) <= min(100, int(columns)), (args, columns)


def test_no_line_passes_100_columns(dist):
    """The issue's cases: the README's examples, discards of a thirteen-orphans hand (632 columns
    once), every family's yaku table (115-131), the tables, every help text."""
    checked = [shlex.split(c)[1:] for c in readme_examples() + docs_examples()] + [a for a, _ in help_examples()]
    checked += [["discards", "19m19p19s12345677z"], ["yaku"], ["yaku", "--rules", "korean"], ["yaku", "--rules", "hktw"],
                ["table"], ["table", "--method", "han_only"], ["points", "--han", "300", "--fu", "90", "--method", "aotenjo"]]
    checked += [[c, "--help"] for c in NODE_COMMANDS]
    checked = [a for a in checked if "--wide" not in a and "--jsonl" not in a]  # the long form asked for; JSON data
    for args, runs in zip(checked, run_many(dist, [(a, "100") for a in checked])):
        for name, (_, out, err) in zip(("python", "node"), runs):
            for line in (out + err).splitlines():
                assert display_width(line) <= 100, (name, args, line)


def test_the_width_table_of_the_node_cli_is_unicodedata(dist):
    """text.mjs's wide ranges against unicodedata on every character the outputs and help use,
    and on whole blocks (Hangul, kana, CJK, fullwidth forms, their edges)."""
    chars = set(json.dumps(SPEC, ensure_ascii=False))
    for family in ("riichi", "korean", "hktw"):
        chars |= set(json.dumps(_core.yaku_table(family), ensure_ascii=False))
    code_points = sorted({ord(c) for c in chars} | set(range(0x1000, 0x3400)) | set(range(0xa900, 0xac10))
                         | set(range(0xd790, 0xd800)) | set(range(0xf8f0, 0x10000)) | set(range(0x1f000, 0x1f700)))
    script = ("import { displayWidth } from './cli/text.mjs';"
              "const cps = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "process.stdout.write(JSON.stringify(cps.map((c) => displayWidth(String.fromCodePoint(c)))));")
    script = script.replace("require('fs')", "(await import('node:fs')).default")
    p = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(code_points), capture_output=True,
                       text=True, cwd=str(dist), check=True)
    node = json.loads(p.stdout)
    wrong = [hex(c) for c, w in zip(code_points, node)
             if unicodedata.category(chr(c)) not in ("Cn", "Cs")  # unassigned: CPython says "F"
             and w != (2 if unicodedata.east_asian_width(chr(c)) in "WF" else 1)]
    assert not wrong, wrong[:20]


def test_shorthand_copy_is_the_cores(dist):
    """shorthand.mjs (the WebAssembly API has no shorthand) against the core's table on every
    amount of the score tables and every multiple of 100 to 48,000."""
    amounts = [(a, 0) for a in range(100, 48100, 100)]
    for han in range(1, 14):
        for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110):
            t = _core.points({"han": han, "fu": fu, "tsumo": True})
            if t["ok"]:
                amounts.append((t["payments"][1]["amount"], t["payments"][0]["amount"]))
    script = ("import { shorthand } from './cli/shorthand.mjs';"
              "const fs = (await import('node:fs')).default;"
              "const pairs = JSON.parse(fs.readFileSync(0, 'utf8'));"
              "process.stdout.write(JSON.stringify(pairs.map(([a, d]) => shorthand(a, d))));")
    p = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(amounts), capture_output=True,
                       text=True, cwd=str(dist), check=True)
    assert json.loads(p.stdout) == [_core.shorthand(a, d) for a, d in amounts]
    assert len({pair for pair, x in zip(amounts, json.loads(p.stdout)) if x}) == 24


def test_mjlog_is_python_only_and_says_so(dist):
    python, node = run_both(dist, ["mjlog", "x.mjlog"])
    assert node == (2, "", "tenbou: mjlog is in the Python CLI only (pip install tenbou; then tenbou mjlog ...)\n")


def test_require_gives_the_api(dist, tmp_path):
    """The package from CommonJS: require("tenbou") is a promise of the ES module's API."""
    (tmp_path / "node_modules").mkdir()
    os.symlink(dist, tmp_path / "node_modules" / "tenbou")
    script = ('require("tenbou").then((t) => { const r = t.score({hand: "234567m234p55s678s", win_tile: "5m", '
              'riichi: true}); console.log(r.han, r.fu, String(r.total), typeof t.scoreMany); });')
    p = subprocess.run(["node", "-e", script], capture_output=True, text=True, cwd=str(tmp_path))
    assert p.returncode == 0, p.stderr
    r = tenbou.score({"hand": "234567m234p55s678s", "win_tile": "5m", "riichi": True})
    assert p.stdout == f"{r.han} {r.fu} {r.total} function\n", p.stdout
    esm = subprocess.run(["node", "--input-type=module", "-e", 'import { version } from "tenbou"; console.log(version);'],
                         capture_output=True, text=True, cwd=str(tmp_path))
    assert esm.returncode == 0 and esm.stdout.strip() == _core.__version__, esm.stderr
