"""The examples in the package's docstrings run as written."""
from __future__ import annotations

import doctest

import pytest

import tenbou
import tenbou.before_win
import tenbou.korean
import tenbou.riichi


@pytest.mark.parametrize("module", [tenbou, tenbou.riichi, tenbou.korean, tenbou.before_win])
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
