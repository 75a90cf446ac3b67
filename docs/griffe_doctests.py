"""Griffe extension for the API reference (mkdocs.yml: mkdocstrings' `extensions`).

The package's docstrings are plain reST-flavoured text: ``code``, :class:`Name` roles and
interactive `>>>` examples. As Markdown, an example's output (`['9s', '2s']`) would read as a
link and its lines would run together, so each run of example lines becomes a fenced `pycon`
block and each role plain code.
"""
from __future__ import annotations

import re
from typing import Any, List, Optional

import griffe

_ROLE = re.compile(r":(?:class|func|meth|attr|exc|mod|data|obj):`~?([^`]+)`")


def markdown_docstring(text: str) -> str:
    lines = text.splitlines()
    out: List[str] = []
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith(">>>"):
            indent = len(lines[i]) - len(lines[i].lstrip())
            block = []
            while i < len(lines) and lines[i].strip():  # an example runs to the next blank line
                block.append(lines[i][indent:])
                i += 1
            out += ["```pycon", *block, "```"]
            continue
        out.append(_ROLE.sub(r"`\1`", lines[i]))
        i += 1
    return "\n".join(out)


def compiled_docstring(path: str) -> Optional[str]:
    """The docstring of an object of the compiled module, from the installed package: its stub
    (python/tenbou/_core.pyi), which is what is read from the source tree, has none."""
    import importlib
    import inspect

    module, _, name = path.rpartition(".")
    try:
        target = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None
    return inspect.getdoc(target)


class DoctestFences(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is None and obj.path.startswith("tenbou._core."):
            text = compiled_docstring(obj.path)
            if text:
                obj.docstring = griffe.Docstring(text, parent=obj)
        if obj.docstring is not None:
            obj.docstring.value = markdown_docstring(obj.docstring.value)
