"""Text layout the commands share: display width (CJK takes two columns) and word wrapping.

wasm/js/cli/text.mjs is the same for the Node CLI (its width table is checked against
unicodedata by tests/test_cli_parity.py)."""
from __future__ import annotations

import unicodedata
from typing import List, Sequence


def display_width(text: str) -> int:
    """Terminal columns of `text`: East Asian wide and fullwidth characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, width: int) -> str:
    """Left-justify by display width."""
    return text + " " * max(0, width - display_width(text))


def rjust(text: str, width: int) -> str:
    """Right-justify by display width."""
    return " " * max(0, width - display_width(text)) + text


def wrap(text: str, width: int) -> List[str]:
    """Greedy word wrap on spaces; a word longer than `width` keeps a line of its own."""
    lines: List[str] = []
    line = ""
    for word in text.split(" "):
        if not word:
            continue
        if line and display_width(line) + 1 + display_width(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def wrap_items(head: str, items: List[str], width: int, sep: str = " ") -> List[str]:
    """`head` then the items joined by `sep`, continued on lines indented to the head's width."""
    indent = " " * display_width(head)
    lines: List[str] = []
    line = head
    fresh = True  # nothing after the head yet on this line
    for i, item in enumerate(items):
        piece = item + (sep.rstrip() if i < len(items) - 1 else "")
        joint = "" if fresh else " " if sep.endswith(" ") else ""
        if not fresh and display_width(line) + len(joint) + display_width(piece) > width:
            lines.append(line.rstrip())
            line, fresh, joint = indent, True, ""
        line += joint + piece
        fresh = False
    lines.append(line.rstrip())
    return lines


def columns(rows: List[List[str]], right: Sequence[int] = ()) -> List[str]:
    """Rows as aligned columns two spaces apart, each as wide as its widest cell (by display
    width); the columns numbered in `right` right-justified."""
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(rjust(cell, w) if i in right else pad(cell, w) for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
            for row in rows]


def amount_lines(head: str, amount: str, width: int) -> List[str]:
    """`head` + `amount`, the amount broken only between its units ("179간 4457구 ...") or digit
    groups ("1,234,...") when the line would pass `width`."""
    if display_width(head + amount) <= width:
        return [head + amount]
    if " " in amount:
        return wrap_items(head, amount.split(" "), width)
    return wrap_items(head, amount.split(","), width, ",")
