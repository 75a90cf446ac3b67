"""MkDocs hook: what the docs show from the code is generated from the code, not copied.

A line of a page that is exactly one of these directives is replaced when the site is built:

    <!-- tenbou-table: options FAMILY -->   every option of riichi/korean/hktw, from tenbou.options_schema()
    <!-- tenbou-table: presets FAMILY -->   each preset's values that differ from the defaults
    <!-- tenbou-table: limits -->           the input contract's limits, from tenbou.input_limits()
    <!-- tenbou-table: yaku FAMILY -->      the yaku (patterns) of a family, from the core's yaku table
    <!-- tenbou-tiles: 123m 0p 1234567z --> pictures of tiles (inline SVG), written in the notation
    <!-- tenbou-dts -->                     the JS API's exported functions with their comments,
                                            then the whole of wasm/js/tenbou.d.ts

An unknown directive, family or tile fails the build. Tile pictures may also stand inside a line
as `<!-- tenbou-tiles: 5m -->`. Links to the pages other branches add (`extra.pending_pages` in
mkdocs.yml) are written as plain text while the page is not in the site yet, so the strict build
passes before those branches are merged and links them once they are.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence

from mkdocs.exceptions import PluginError

try:  # beside this file; MkDocs loads a hook by path, not as part of a package
    from griffe_doctests import docs_links
except ImportError:
    import importlib.util as _util

    _spec = _util.spec_from_file_location("griffe_doctests", Path(__file__).resolve().parent / "griffe_doctests.py")
    assert _spec and _spec.loader
    _module = _util.module_from_spec(_spec)
    _spec.loader.exec_module(_module)
    docs_links = _module.docs_links

ROOT = Path(__file__).resolve().parent.parent
DTS = ROOT / "wasm" / "js" / "tenbou.d.ts"
FAMILIES = ("riichi", "korean", "hktw")

_DIRECTIVE = re.compile(r"<!--\s*tenbou-(table|tiles|dts)\s*:?\s*(.*?)\s*-->")


# ---------------------------------------------------------------------------------------------
# Markdown helpers

def _cell(value: Any) -> str:
    """A value as a table cell: code for values, pipes escaped, no line breaks."""
    text = str(value).replace("\n", " ")
    return text.replace("|", "\\|")


def _code_text(text: str) -> str:
    """Inline code for a table cell. A code span cannot hold a table's pipe (Python-Markdown
    would show the escaping backslash), so code with a pipe is written as HTML."""
    if "|" not in text and "`" not in text:
        return f"`{text}`"
    return "<code>" + html.escape(text).replace("|", "&#124;") + "</code>"


def _code(value: Any) -> str:
    """A JSON value as inline code (`true`, `"tenhou"`, `300`)."""
    return _code_text(json.dumps(value, ensure_ascii=False))


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _family(args: List[str], directive: str) -> str:
    if len(args) != 1 or args[0] not in FAMILIES:
        raise PluginError(f"tenbou-table: {directive} needs one family of {', '.join(FAMILIES)}, got {args!r}")
    return args[0]


# ---------------------------------------------------------------------------------------------
# Options, presets, limits: tenbou.options_schema() and tenbou.input_limits()

def options_schema() -> Mapping[str, Any]:
    import tenbou

    if not hasattr(tenbou, "options_schema"):
        raise PluginError("tenbou.options_schema() is missing: install the package built from this checkout "
                          "(pip install .) before building the docs")
    schema = tenbou.options_schema()
    if schema.get("schema_version") != 1:
        raise PluginError(f"tenbou.options_schema(): schema_version {schema.get('schema_version')!r}, this hook reads 1")
    return schema


def input_limits() -> Mapping[str, Any]:
    import tenbou

    if not hasattr(tenbou, "input_limits"):
        raise PluginError("tenbou.input_limits() is missing: install the package built from this checkout")
    limits = tenbou.input_limits()
    if limits.get("schema_version") != 1:
        raise PluginError(f"tenbou.input_limits(): schema_version {limits.get('schema_version')!r}, this hook reads 1")
    return limits


def _allowed(option: Mapping[str, Any]) -> str:
    kind = option.get("type")
    if "choices" in option:
        allowed = ", ".join(_code(c) for c in option["choices"])
    elif kind == "bool":
        allowed = "`true`, `false`"
    elif kind == "int" and option.get("values"):
        allowed = ", ".join(_code(v) for v in option["values"])
    elif kind == "int":
        low, high = option.get("min"), option.get("max")
        if low is not None and high is not None:
            allowed = f"{low:,} to {high:,}"
        elif low is not None:
            allowed = f"{low:,} or more"
        elif high is not None:
            allowed = f"up to {high:,}"
        else:
            allowed = "an integer"
        if option.get("multiple_of"):
            allowed = f"a multiple of {option['multiple_of']}, {allowed}"
    elif kind == "yaku_values":
        keys = option.get("keys") or []
        allowed = "an object: a value in han per yaku key" + (f" ({', '.join(f'`{k}`' for k in keys)})" if len(keys) <= 8 else
                                                              f" (any of its {len(keys)} pattern keys)")
    elif kind == "object" and option.get("fields"):
        allowed = "an object: " + ", ".join(f"`{f['key']}` ({f.get('type', 'value')}, default {_code(f.get('default'))})"
                                            for f in option["fields"])
    else:
        allowed = "an object"
    if "true_means" in option:
        allowed += f"; `true` means {_code(option['true_means'])}"
    if option.get("nullable"):
        allowed += ", or `null`" + (f" ({option['null_means']})" if option.get("null_means") else "")
    return allowed


def _preset_table(presets: Mapping[str, Any]) -> Dict[str, Mapping[str, Any]]:
    """Each preset's option values: `{name: {"values": {...}, ...}}` or `{name: {...}}`."""
    return {name: (p["values"] if isinstance(p.get("values"), Mapping) else p) for name, p in presets.items()}


def _preset_values(key: str, default: Any, presets: Mapping[str, Mapping[str, Any]]) -> str:
    """The presets that set this key to something else than its default."""
    if key == "preset":
        return ""
    differing = [f"{name}: {_code(values[key])}" for name, values in presets.items()
                 if key in values and values[key] != default]
    return "; ".join(differing)


_SECTIONS = {"scoring": "Scoring", "aotenjo": "Aotenjo", "three_player": "Three players", "settlement": "Settlement"}


def render_options(schema: Mapping[str, Any], family: str) -> str:
    try:
        entry = schema["families"][family]
    except KeyError:
        raise PluginError(f"tenbou.options_schema() has no family {family!r}") from None
    presets = _preset_table(entry.get("presets") or {})
    options = entry["options"]
    with_source = any(o.get("source") for o in options)
    header = ["key", "type", "default", "allowed values"]
    header += ["presets that differ"] if presets else []
    header += ["description" + (" and source" if with_source else "")]

    def row(option: Mapping[str, Any]) -> List[str]:
        cells = [f"`{option['key']}`", option["type"], _code(option["default"]), _allowed(option)]
        cells += [_preset_values(option["key"], option["default"], presets)] if presets else []
        description = option.get("description", "")
        if option.get("source"):  # the seed line or spec section it comes from, under the description
            description += f"<br><small>source: {html.escape(option['source'], quote=False)}</small>"
        return cells + [description]

    sections: Dict[str, List[Mapping[str, Any]]] = {}
    for option in options:
        sections.setdefault(option.get("section") or "", []).append(option)
    if len(sections) <= 1:
        return _table(header, [row(o) for o in options])
    parts = []
    for section, members in sections.items():
        title = _SECTIONS.get(section, section.replace("_", " ").capitalize())
        parts.append(f"**{title}**\n\n" + _table(header, [row(o) for o in members]))
    return "\n".join(parts)


def render_presets(schema: Mapping[str, Any], family: str) -> str:
    entry = schema["families"].get(family)
    if entry is None:
        raise PluginError(f"tenbou.options_schema() has no family {family!r}")
    raw = entry.get("presets") or {}
    if not raw:
        return f"*The {family} family has no presets.*\n"
    presets = _preset_table(raw)
    defaults = {o["key"]: o["default"] for o in entry["options"]}
    described = any(isinstance(p, Mapping) and ("description" in p or "source" in p) for p in raw.values())
    rows = []
    for name, values in presets.items():
        changed = [f"`{k}`: {_code(v)}" for k, v in values.items() if k != "preset" and k in defaults and defaults[k] != v]
        cells = [f"`{name}`"]
        if described:
            cells += [raw[name].get("description", ""), raw[name].get("source", "")]
        rows.append(cells + [", ".join(changed) or "the defaults"])
    header = ["preset"] + (["what it is", "source"] if described else []) + ["differs from the defaults"]
    return _table(header, rows)


def render_limits(limits: Mapping[str, Any]) -> str:
    rows = []
    for limit in limits["limits"]:
        value = limit["value"]
        shown = f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)
        unit = limit.get("unit") or ""
        bounds = limit.get("bounds") or ""
        rows.append([f"`{limit['name']}`", f"{shown} {unit}".strip(), str(bounds),
                     f"`{limit['error']}`" if limit.get("error") else "", limit.get("description", "")])
    return _table(["limit", "value", "applies to", "error past it", "description"], rows)


# ---------------------------------------------------------------------------------------------
# Yaku tables: the core's own catalogue (what `tenbou yaku` prints)

def render_yaku(family: str) -> str:
    from tenbou import _core

    table = _core.yaku_table(family)
    if family == "riichi":
        rows = []
        for row in table:
            if row["yakuman"]:
                value = "yakuman" + (", closed only" if row["han_open"] == 0 else "")
            elif row["han_open"] == 0:
                value = f"{row['han_closed']} han, closed only"
            elif row["han_open"] != row["han_closed"]:
                value = f"{row['han_closed']} han ({row['han_open']} open)"
            else:
                value = f"{row['han_closed']} han"
            rows.append([f"`{row['key']}`", row["name_en"], row["name_ja"], row["name_ko"], value])
        return _table(["key", "English", "Japanese", "Korean", "value"], rows)
    if family == "korean":
        rows = []
        for row in table:
            cells = []
            for variant in ("nagari", "samsiki", "coffee"):
                han = row["han"][variant]
                # As seed 004 writes its table (L10): "+" additional, "-" no value, 불명 unknown.
                if han is None:
                    cells.append("local" if row["local"] else "불명 (unknown)")
                elif han == 0:
                    cells.append("-")
                else:
                    cells.append(("+" if row["kind"][variant] == "additional" else "") + str(han))
            rows.append([f"`{row['key']}`", row["name_ko"], row["name_en"], *cells, f"L{row['seed_line']}"])
        return _table(["key", "족보", "English", "나가리", "삼식이", "커피향", "seed 004"], rows)
    rows = []
    for row in table:
        if row["class"] == "instant":
            value = "paid at once"
        else:
            value = str(row["points"]) + (" each" if row.get("per_unit") else "")
            if "points_alt" in row:
                value += f" ({row['points_alt']} {row['alt_when']})"
        rows.append([row["number"], f"`{row['key']}`", row["name_ko"], row["name_en"], value, f"L{row['seed_line']}"])
    return _table(["no.", "key", "족보", "English", "points", "seed 002"], rows)


# ---------------------------------------------------------------------------------------------
# Tile pictures (inline SVG): drawn here, so the docs need no image files and no fonts but CJK

_TILE = re.compile(r"([0-9]+)([mpsz])")
_FONT = "'Noto Sans CJK JP','Noto Sans CJK KR','Hiragino Sans','Yu Gothic','Microsoft YaHei',sans-serif"
_NUMERALS = "一二三四五六七八九"
_HONOURS = {1: ("東", "East wind"), 2: ("南", "South wind"), 3: ("西", "West wind"), 4: ("北", "North wind"),
            5: ("", "White dragon"), 6: ("發", "Green dragon"), 7: ("中", "Red dragon")}
_SUIT_NAMES = {"m": "characters (manzu)", "p": "circles (pinzu)", "s": "bamboo (souzu)"}
_INK, _RED, _GREEN, _BLUE = "#1b1b1b", "#c62828", "#2e7d32", "#1f5fa8"

# Where the circles and sticks sit on a 30 x 40 face, as real tiles lay them out.
_PIN_SPOTS = {
    1: [(15, 20, 9.5)],
    2: [(15, 11, 5.5), (15, 29, 5.5)],
    3: [(8, 9, 4.6), (15, 20, 4.6), (22, 31, 4.6)],
    4: [(9.5, 12, 5), (20.5, 12, 5), (9.5, 28, 5), (20.5, 28, 5)],
    5: [(8.5, 10, 4.3), (21.5, 10, 4.3), (15, 20, 4.3), (8.5, 30, 4.3), (21.5, 30, 4.3)],
    6: [(10, 8.5, 4), (20, 8.5, 4), (10, 21, 4), (20, 21, 4), (10, 31.5, 4), (20, 31.5, 4)],
    7: [(7.5, 7, 3.4), (15, 10, 3.4), (22.5, 13, 3.4), (10, 23, 3.6), (20, 23, 3.6), (10, 32, 3.6), (20, 32, 3.6)],
    8: [(10, 7, 3.6), (20, 7, 3.6), (10, 15.7, 3.6), (20, 15.7, 3.6), (10, 24.3, 3.6), (20, 24.3, 3.6),
        (10, 33, 3.6), (20, 33, 3.6)],
    9: [(x, y, 3.5) for y in (9, 20, 31) for x in (7.5, 15, 22.5)],
}
_SOU_SPOTS = {  # stick centres; the height of each stick
    2: ([(15, 11), (15, 29)], 12),
    3: ([(15, 11), (9, 29), (21, 29)], 12),
    4: ([(9, 11), (21, 11), (9, 29), (21, 29)], 12),
    5: ([(8, 11), (22, 11), (15, 20), (8, 29), (22, 29)], 11),
    6: ([(7, 11), (15, 11), (23, 11), (7, 29), (15, 29), (23, 29)], 12),
    7: ([(15, 7), (7, 20), (15, 20), (23, 20), (7, 32), (15, 32), (23, 32)], 9),
    8: ([(6, 11), (12, 11), (18, 11), (24, 11), (6, 29), (12, 29), (18, 29), (24, 29)], 12),
    9: ([(x, y) for y in (8, 20, 32) for x in (7, 15, 23)], 9),
}


def _face(number: int, suit: str, red: bool) -> str:
    if suit == "m":
        ink = _RED if red else _INK
        return (f'<text x="15" y="17" font-size="14" text-anchor="middle" fill="{ink}" font-family="{_FONT}">'
                f'{_NUMERALS[number - 1]}</text><text x="15" y="35" font-size="14" text-anchor="middle" '
                f'fill="{_RED}" font-family="{_FONT}">萬</text>')
    if suit == "p":
        parts = []
        for i, (x, y, r) in enumerate(_PIN_SPOTS[number]):
            centre_red = red or (number == 1) or (number == 5 and i == 2) or (number in (6, 7) and i >= 2 + (number == 7))
            ink = _RED if centre_red else _BLUE
            parts.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{ink}" stroke-width="1.4"/>'
                         f'<circle cx="{x}" cy="{y}" r="{r * 0.38:.2f}" fill="{ink}"/>')
        return "".join(parts)
    if suit == "s":
        if number == 1:  # the one of bamboo is a bird on real tiles: here one tall stick with a red knot
            ink = _RED if red else _GREEN
            return (f'<rect x="12.5" y="6" width="5" height="28" rx="2.5" fill="{ink}"/>'
                    f'<circle cx="15" cy="20" r="3.4" fill="{_RED}"/>')
        spots, height = _SOU_SPOTS[number]
        parts = []
        for i, (x, y) in enumerate(spots):
            ink = _RED if red or (number == 5 and i == 2) or (number == 7 and i == 0) or (number == 9 and i % 3 == 1) else _GREEN
            parts.append(f'<rect x="{x - 2}" y="{y - height / 2}" width="4" height="{height}" rx="2" fill="{ink}"/>'
                         f'<line x1="{x - 2}" y1="{y}" x2="{x + 2}" y2="{y}" stroke="#fdfaf2" stroke-width="0.8"/>')
        return "".join(parts)
    glyph, _ = _HONOURS[number]
    if number == 5:  # white dragon: a blank face with a blue frame, as most sets print it
        return f'<rect x="6" y="8" width="18" height="24" rx="2" fill="none" stroke="{_BLUE}" stroke-width="2"/>'
    ink = {6: _GREEN, 7: _RED}.get(number, _INK)
    return (f'<text x="15" y="27" font-size="19" text-anchor="middle" fill="{ink}" '
            f'font-family="{_FONT}" font-weight="bold">{glyph}</text>')


def tile_name(number: int, suit: str) -> str:
    if suit == "z":
        return _HONOURS[number][1]
    if number == 0:
        return f"red five of {_SUIT_NAMES[suit]}"
    return f"{number} of {_SUIT_NAMES[suit]}"


def tile_svg(number: int, suit: str) -> str:
    """One tile as inline SVG (30 x 40): `number` 0 is a red five."""
    if suit == "z" and not 1 <= number <= 7 or suit != "z" and not 0 <= number <= 9:
        raise PluginError(f"tenbou-tiles: no tile {number}{suit}")
    red = number == 0
    label = f"{number}{suit}: {tile_name(number, suit)}"
    return (f'<svg class="tenbou-tile" role="img" aria-label="{html.escape(label)}" viewBox="0 0 30 40" '
            f'width="30" height="40" xmlns="http://www.w3.org/2000/svg"><title>{html.escape(label)}</title>'
            f'<rect x="0.75" y="0.75" width="28.5" height="38.5" rx="4" fill="#fdfaf2" '
            f'stroke="{_RED if red else "#8a8a8a"}" stroke-width="1.5"/>{_face(5 if red else number, suit, red)}</svg>')


def render_tiles(notation: str, inline: bool = False) -> str:
    """Tiles written in the compact notation ('123m 0p 1234567z'): a group per space. A row on
    a line of its own is a block of full-size tiles; tiles inside a sentence are text-sized."""
    groups = []
    for group in notation.split():
        tiles = []
        pos = 0
        for match in _TILE.finditer(group):
            if match.start() != pos:
                break
            tiles += [tile_svg(int(d), match.group(2)) for d in match.group(1)]
            pos = match.end()
        if pos != len(group) or not tiles:
            raise PluginError(f"tenbou-tiles: {group!r} is not in the tile notation")
        groups.append('<span class="tenbou-tiles">' + "".join(tiles) + "</span>")
    if inline:
        return '<span class="tenbou-inline">' + " ".join(groups) + "</span>"
    return '<div class="tenbou-hand">' + " ".join(groups) + "</div>"


# ---------------------------------------------------------------------------------------------
# The JS API from its declarations

_DECL = re.compile(r"((?:/\*\*(?:[^*]|\*(?!/))*\*/\s*)?)export (function|class|const) (\w+)([^\n]*(?:\n(?!export|\n|/\*\*)[^\n]*)*)")


def render_dts(text: Optional[str] = None) -> str:
    source = DTS.read_text(encoding="utf-8") if text is None else text
    rows = []
    for match in _DECL.finditer(source):
        comment, kind, name, rest = match.groups()
        if kind == "class" and name.endswith("Error") and name != "InvalidRequestError":
            continue  # the error classes are listed together below
        doc = docs_links(" ".join(line.strip(" */") for line in comment.strip().splitlines()).strip())
        signature = re.sub(r"\s+", " ", f"{name}{rest}").strip().rstrip(";{").strip()
        rows.append([_code_text(signature) if kind != "class" else f"class `{name}`", doc])
    errors = re.findall(r"export class (\w+Error) extends (\w+)", source)
    out = _table(["export", "what it is"], rows)
    out += "\nError classes (each `extends` the next up): " + ", ".join(
        f"`{name}` ({base})" for name, base in errors) + ".\n"
    out += ('\n??? note "The whole of `tenbou.d.ts`"\n\n    ```ts\n'
            + "".join("    " + line + "\n" if line else "\n" for line in source.splitlines()) + "    ```\n")
    return out


# ---------------------------------------------------------------------------------------------
# The hook itself

def expand(markdown: str) -> str:
    """Every directive of a page replaced by what it stands for."""
    def replace(match: "re.Match[str]") -> str:
        kind, args = match.group(1), match.group(2).split()
        if kind == "tiles":
            text = match.string
            line_start = text.rfind("\n", 0, match.start()) + 1
            line_end = text.find("\n", match.end())
            line = text[line_start:line_end if line_end >= 0 else len(text)]
            return render_tiles(" ".join(args), inline=line.strip() != match.group(0))
        if kind == "dts":
            return render_dts()
        if not args:
            raise PluginError("tenbou-table: which table?")
        name, rest = args[0], args[1:]
        if name == "options":
            return render_options(options_schema(), _family(rest, name))
        if name == "presets":
            return render_presets(options_schema(), _family(rest, name))
        if name == "limits":
            return render_limits(input_limits())
        if name == "yaku":
            return render_yaku(_family(rest, name))
        raise PluginError(f"tenbou-table: unknown table {name!r}")

    return _DIRECTIVE.sub(replace, markdown)


_LINK = re.compile(r"\[([^\]]+)\]\(([\w.-]+\.md)(#[\w-]+)?\)")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    pending = set((config.get("extra") or {}).get("pending_pages") or [])
    present = {f.src_uri for f in files}

    def unlink(match: "re.Match[str]") -> str:
        target = match.group(2)
        return match.group(1) if target in pending and target not in present else match.group(0)

    return expand(_LINK.sub(unlink, markdown))
