"""The command line's arguments and help, built from spec.json (the Node CLI reads the same file).

argparse parses; the help and the error messages are written here, in a layout simple enough
for wasm/js/cli/args.mjs to write byte for byte: both CLIs print the same help and errors.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any, Dict, List, NoReturn, Optional, Sequence, Tuple

from .. import _core
from .text import display_width, wrap

SPEC: Dict[str, Any] = json.loads((Path(__file__).parent / "spec.json").read_text(encoding="utf-8"))
HELP_COLUMN = 24  # option help starts here, as argparse's does
MAX_WIDTH = 100   # help and output fit a 100-column terminal
VERSION = _core.__version__


def terminal_width() -> int:
    """Columns to wrap help to: the terminal's (COLUMNS first), at most 100, 80 when not a terminal."""
    return max(40, min(MAX_WIDTH, shutil.get_terminal_size((80, 24)).columns))


def integer(text: str) -> int:
    """An int argument: optional minus and ASCII digits only (Python's int() also takes '1_0', ' 1', '١')."""
    if not re.fullmatch(r"-?[0-9]+", text):
        raise argparse.ArgumentTypeError(f"expected an integer, got '{text}'")
    return int(text)


def expand(arguments: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """A parser's argument list with its groups written out."""
    out: List[Dict[str, Any]] = []
    for a in arguments:
        if "group" in a:
            out.extend(g for g in SPEC["groups"][a["group"]] if g["flags"][0] not in a.get("except", []))
        else:
            out.append(a)
    return out


def _label(action: argparse.Action) -> str:
    """'--seat {E,S,W,N}', '--win TILE', '-h, --help' or 'HAND'."""
    if not action.option_strings:
        return str(action.metavar or action.dest)
    if action.nargs == 0:
        return ", ".join(action.option_strings)
    if action.metavar:
        meta = str(action.metavar)
    elif action.choices is not None:
        meta = "{" + ",".join(str(c) for c in action.choices) + "}"
    else:
        meta = action.dest.upper()
    return ", ".join(action.option_strings) + " " + meta


def _usage_positional(action: argparse.Action) -> str:
    name = str(action.metavar or action.dest)
    if action.nargs == "?":
        return f"[{name}]"
    if action.nargs == "+":
        return f"{name}..."
    return name


class Parser(argparse.ArgumentParser):
    """argparse with tenbou's help layout and messages (see wasm/js/cli/args.mjs for the same in JS)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)  # --tsu is no --tsumo: one spelling per option, as in the Node CLI
        kwargs["add_help"] = False
        kwargs.pop("formatter_class", None)  # the layout is format_help's
        self.examples: List[str] = kwargs.pop("examples", [])
        epilog = kwargs.get("epilog") or ""
        if epilog.startswith("examples:\n"):  # an "examples:" epilog (mjlog's) is the examples list
            self.examples = [line.strip() for line in epilog.splitlines()[1:] if line.strip()]
            kwargs["epilog"] = None
        self.commands: List[Tuple[str, str]] = []
        super().__init__(*args, **kwargs)
        self.add_argument("-h", "--help", action="help", help="show this help and exit")
        self.add_argument("--version", action="version", version=f"tenbou {VERSION}",
                          help="print the version and exit")

    def format_usage(self) -> str:
        if self.commands:
            return f"usage: {self.prog} [--version] COMMAND [ARGUMENTS]\n"
        options = " [options]" if any(a.option_strings for a in self._actions) else ""
        positionals = "".join(" " + _usage_positional(a) for a in self._actions if not a.option_strings)
        return f"usage: {self.prog}{options}{positionals}\n"

    def format_help(self) -> str:
        width = terminal_width()
        parts = [self.format_usage()]
        if self.description:
            parts.append("\n" + "\n".join(wrap(self.description, width)) + "\n")
        if self.commands:
            parts.append("\ncommands:\n")
            parts.extend(_item(name, text, width) for name, text in self.commands)
        positionals = [a for a in self._actions if not a.option_strings and not self.commands]
        if positionals:
            parts.append("\narguments:\n")
            parts.extend(_item(_label(a), a.help or "", width) for a in positionals)
        parts.append("\noptions:\n")
        parts.extend(_item(_label(a), a.help or "", width) for a in self._actions if a.option_strings)
        if self.epilog:
            parts.append("\n" + "\n".join(wrap(self.epilog, width)) + "\n")
        if self.examples:
            parts.append("\nexamples:\n" + "".join(f"  {e}\n" for e in self.examples))
        return "".join(parts)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.format_usage()}{self.prog}: error: {message}\n")

    def exit(self, status: int = 0, message: Optional[str] = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise SystemExit(status)

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(str(c) for c in action.choices)
            raise argparse.ArgumentError(action, f"invalid choice: '{value}' (choose from {choices})")


def _item(label: str, text: str, width: int) -> str:
    """'  LABEL   help ...' with the help wrapped at column 24 (on the next line after a long label)."""
    indent = " " * HELP_COLUMN
    lines = wrap(text, width - HELP_COLUMN) if text else []
    head = "  " + label
    if not lines:
        return head + "\n"
    if display_width(head) + 2 <= HELP_COLUMN:
        first = head + " " * (HELP_COLUMN - display_width(head)) + lines[0]
        rest = lines[1:]
    else:
        first, rest = head + "\n" + indent + lines[0], lines[1:]
    return first + "".join("\n" + indent + line for line in rest) + "\n"


def add_arguments(p: argparse.ArgumentParser, arguments: Sequence[Dict[str, Any]]) -> None:
    """argparse arguments from spec entries."""
    for a in expand(list(arguments)):
        kw: Dict[str, Any] = {"help": a.get("help")}
        if "flags" not in a:
            if "nargs" in a:
                kw["nargs"] = a["nargs"]
            p.add_argument(a["dest"], metavar=a["metavar"], **kw)
            continue
        kw["dest"] = a["flags"][0][2:].replace("-", "_")
        for key in ("action", "default", "choices", "metavar"):
            if key in a:
                kw[key] = a[key]
        if a.get("type") == "int":
            kw["type"] = integer
        p.add_argument(*a["flags"], **kw)


def make_command(sub: Any, name: str) -> Parser:
    """The subparser of one spec command."""
    spec = SPEC["parsers"][name]
    p: Parser = sub.add_parser(name, help=spec["help"], description=spec["description"], examples=spec["examples"])
    add_arguments(p, spec["arguments"])
    return p
