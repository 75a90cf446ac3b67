"""The examples in the package's docstrings and the README's Python blocks run as written."""
from __future__ import annotations

import doctest
import re

import pytest

import tenbou
import tenbou.before_win
import tenbou.hktw
import tenbou.korean
import tenbou.riichi
from conftest import ROOT


@pytest.mark.parametrize("module", [tenbou, tenbou.riichi, tenbou.korean, tenbou.hktw, tenbou.before_win])
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def readme_blocks():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if ">>>" in b]


@pytest.mark.parametrize("block", readme_blocks())
def test_readme_examples(block):
    # The README's blocks share its imports: each runs with the package's modules in scope.
    scope = {"tenbou": tenbou, "riichi": tenbou.riichi, "korean": tenbou.korean, "hktw": tenbou.hktw}
    test = doctest.DocTestParser().get_doctest(block, scope, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0
