"""The examples in the package's docstrings, the README's and the docs pages' Python blocks run
as written, and every `$ tenbou ...` line of their console blocks prints what they show."""
from __future__ import annotations

import doctest
import re
import shlex
import subprocess
from pathlib import Path
from typing import List, Tuple

import pytest

import tenbou
import tenbou.before_win
import tenbou.hktw
import tenbou.korean
import tenbou.riichi
from conftest import ROOT
from test_wasm import dist  # noqa: F401 (the fixture: the built WebAssembly package)

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("module", [tenbou, tenbou.riichi, tenbou.korean, tenbou.hktw, tenbou.before_win])
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def python_blocks(path: Path) -> List[str]:
    """The ```python blocks of a Markdown file that hold >>> examples."""
    text = path.read_text(encoding="utf-8")
    return [b for b in re.findall(r"^```python\n(.*?)^```", text, re.S | re.M) if ">>>" in b]


def run_examples(text: str, name: str, scope: dict) -> doctest.DocTestRunner:
    test = doctest.DocTestParser().get_doctest(text, scope, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    return runner


@pytest.mark.parametrize("block", python_blocks(ROOT / "README.md") + python_blocks(ROOT / "python" / "README.pypi.md"))
def test_readme_examples(block):
    # Each README block (and the PyPI description's) runs alone, so each imports what it uses:
    # a reader may copy any one.
    runner = run_examples(block, "README.md", {})
    assert runner.failures == 0 and runner.tries > 0


DOCS_PAGES = sorted((ROOT / "docs").glob("*.md"))


@pytest.mark.parametrize("page", [p for p in DOCS_PAGES if python_blocks(p)], ids=lambda p: p.name)
def test_docs_examples(page):
    # A page's blocks run in order in one fresh namespace, as a reader would type them into one
    # interpreter: a page imports what it uses before it uses it.
    runner = run_examples("\n".join(python_blocks(page)), f"docs/{page.name}", {})
    assert runner.failures == 0 and runner.tries > 0


def test_docs_pages_have_examples():
    # The pages that show the Python API show it in examples that run (the test above).
    with_examples = {p.name for p in DOCS_PAGES if python_blocks(p)}
    for name in ("quickstart.md", "notation.md", "riichi.md", "three-player.md", "korean.md", "hktw.md",
                 "methods.md", "analysis.md", "settlement.md", "python.md"):
        assert name in with_examples, f"docs/{name} has no >>> example"


# --- the command-line examples ----------------------------------------------------------------

def console_examples(path: Path) -> List[Tuple[str, str]]:
    """(command, shown output) of every `$ tenbou ...` line of the code blocks that show a
    session (```console, or a plain ``` block that starts with one)."""
    examples = []
    for block in re.findall(r"^```(?:console|text|)\n(\$ .*?)^```", path.read_text(encoding="utf-8"), re.S | re.M):
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            if chunk.startswith("$ tenbou "):
                command, _, shown = chunk.partition("\n")
                examples.append((command[2:], shown))
    return examples


CONSOLE_FILES = [ROOT / "README.md", ROOT / "python" / "README.pypi.md"] + DOCS_PAGES
CONSOLE = [(f"{p.relative_to(ROOT)}: {cmd}", cmd, shown) for p in CONSOLE_FILES for cmd, shown in console_examples(p)]


@pytest.mark.parametrize("name,command,shown", CONSOLE, ids=[c[0] for c in CONSOLE])
def test_console_examples(name, command, shown, run_cli, capsys):
    # What a page shows a command printing (stdout, then stderr: a usage error shows its message)
    # is what it prints; "..." stands for lines left out. A command shown without output must
    # succeed.
    capsys.readouterr()
    code, out = run_cli(shlex.split(command)[1:])
    out += capsys.readouterr().err
    if not shown.strip():
        assert code == 0, out
        return
    want = "\n".join(line.rstrip() for line in shown.strip("\n").splitlines()) + "\n"
    got = "\n".join(line.rstrip() for line in out.strip("\n").splitlines()) + "\n"
    assert doctest.OutputChecker().check_output(want, got, doctest.ELLIPSIS), f"{name}\n--- shown\n{want}--- printed\n{got}"


def test_console_examples_are_found():
    assert len(CONSOLE) >= 10


def js_blocks_with_output():
    """The README's and the docs' JavaScript blocks that print (console.log), with what each
    line's comment says it prints (`// 3 30 5800n  (amounts are BigInt)`: the part before two
    spaces)."""
    blocks = []
    for page in [ROOT / "README.md", *DOCS_PAGES]:
        for block in re.findall(r"```js\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            shown = [line.split("// ", 1)[1].split("  ")[0].strip()
                     for line in block.splitlines() if line.lstrip().startswith("console.log(")]
            if shown:
                blocks.append(pytest.param(block, shown, id=page.name))
    return blocks


@pytest.mark.parametrize("block, shown", js_blocks_with_output())
def test_js_examples_print_what_they_show(block, shown, dist):  # noqa: F811
    code = block.replace("./wasm/dist/tenbou.mjs", (dist / "tenbou.mjs").as_uri())
    out = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.splitlines() == shown
