"""Griffe extension for the API reference (mkdocs.yml: mkdocstrings' `extensions`).

The package's docstrings are plain reST-flavoured text: ``code``, :class:`Name` roles and
interactive `>>>` examples. As Markdown, an example's output (`['9s', '2s']`) would read as a
link and its lines would run together, so each run of example lines becomes a fenced `pycon`
block and each role plain code.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, List, Optional

import griffe

_ROLE = re.compile(r":(?:class|func|meth|attr|exc|mod|data|obj):`~?([^`]+)`")

# The code cites sections of the README as it was before the docs site (`README "Settlement"`);
# in the docs those sections are pages. A page another branch has not added yet is named, not linked.
DOCS = Path(__file__).resolve().parent
README_SECTIONS = {
    "What to discard": "analysis.md#what-to-discard",
    "Settlement": "settlement.md",
    "Three-player": "three-player.md",
    "Korean mahjong": "korean.md",
    "Hong Kong-Taiwan style": "hktw.md",
    "Options and presets": "options.md",
    "Presets and their sources": "options.md#how-sure-each-preset-value-is",
    "Install": "python.md#install",
    "Input contract": "input-contract.md",
    "Fuzzing": "fuzzing.md",
}
_README_REF = re.compile(r"""README ["']([^"']+)["']""")


def docs_links(text: str) -> str:
    """`README "Settlement"` as a link to the page that holds it now."""
    def link(match: "re.Match[str]") -> str:
        target = README_SECTIONS.get(match.group(1))
        if target is None:
            return match.group(0)
        if not (DOCS / target.partition("#")[0]).exists():
            return f"the \"{match.group(1)}\" page"
        return f"[{match.group(1)}]({target})"

    return _README_REF.sub(link, text)


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
        out.append(docs_links(_ROLE.sub(r"`\1`", lines[i])))
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
