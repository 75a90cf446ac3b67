"""The documentation site (mkdocs.yml, docs/): it builds with --strict, every internal link and
anchor of the built pages resolves, the tables it shows are generated from the code, and the
README stays the short front door whose test command CI runs verbatim."""
from __future__ import annotations

import html.parser
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Set, Tuple
from urllib.parse import unquote, urlsplit

import pytest

import tenbou
from conftest import ROOT

DOCS = ROOT / "docs"
# The docs extra (mkdocs, Material, mkdocstrings) installs on Python 3.11+ (pyproject.toml); where
# it is installed the site must build, so a missing package is a failure, not a skip.
needs_docs = pytest.mark.skipif(sys.version_info < (3, 11), reason="the docs extra needs Python 3.11+")


def load_hooks():
    spec = importlib.util.spec_from_file_location("tenbou_docs_hooks", DOCS / "hooks.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the built site ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(ROOT / "mkdocs.yml"),
                           "-d", str(out)], cwd=ROOT, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}"
    return out


class _Page(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: Set[str] = set()
        self.hrefs: List[str] = []

    def handle_starttag(self, tag: str, attrs: List[Tuple[str, object]]) -> None:
        values: Dict[str, str] = {k: str(v) for k, v in attrs if v is not None}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "name" in values:
            self.ids.add(values["name"])
        if tag == "a" and "href" in values:
            self.hrefs.append(values["href"])


def broken_links(site_dir: Path) -> List[str]:
    """Every link between the built pages whose file or #anchor does not exist."""
    pages: Dict[Path, _Page] = {}
    for path in site_dir.rglob("*.html"):
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = page
    broken = []
    for path, page in pages.items():
        for href in page.hrefs:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith("mailto:"):
                continue  # outside the site
            if not parts.path:
                target = path
            elif parts.path.startswith("/"):  # the 404 page links from the site's root
                target = (site_dir / unquote(parts.path).lstrip("/")).resolve()
            else:
                target = (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if target not in pages:
                if not target.exists():
                    broken.append(f"{path.relative_to(site_dir)}: {href} (no such file)")
                continue
            anchor = unquote(parts.fragment)
            if anchor and anchor not in pages[target].ids:
                broken.append(f"{path.relative_to(site_dir)}: {href} (no anchor #{anchor})")
    return broken


@needs_docs
def test_site_builds_and_every_link_resolves(site):
    assert (site / "index.html").exists() and (site / "python" / "index.html").exists()
    assert broken_links(site) == []


def test_link_checker_finds_broken_links(tmp_path):
    # The checker must be able to fail: a missing page and a missing anchor are both reported.
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text('<h2 id="here">x</h2><a href="#here">ok</a><a href="#gone">bad</a>'
                                               '<a href="../b/">missing page</a><a href="https://x.org/">out</a>')
    assert broken_links(tmp_path) == ["a/index.html: #gone (no anchor #gone)", "a/index.html: ../b/ (no such file)"]


def page_text(site: Path, name: str) -> str:
    return (site / name / "index.html").read_text(encoding="utf-8")


@needs_docs
def test_no_directive_left_unexpanded(site):
    # A misspelt directive would stay an invisible HTML comment: none may survive the build.
    for path in site.rglob("*.html"):
        assert "<!-- tenbou" not in path.read_text(encoding="utf-8"), path


@needs_docs
def test_option_tables_are_the_codes(site):
    # Every option of every family, with its default, as the code has it today.
    schema = tenbou.options_schema()
    text = page_text(site, "options")
    for family, entry in schema["families"].items():
        for option in entry["options"]:
            assert f"<code>{option['key']}</code>" in text, (family, option["key"])
    for limit in tenbou.input_limits()["limits"]:
        assert f"<code>{limit['name']}</code>" in text, limit["name"]


@needs_docs
def test_yaku_tables_are_the_codes(site):
    from tenbou import _core

    for family, page in (("riichi", "riichi"), ("korean", "korean"), ("hktw", "hktw")):
        text = page_text(site, page)
        for row in _core.yaku_table(family):
            assert f"<code>{row['key']}</code>" in text, (family, row["key"])


@needs_docs
def test_every_tile_has_a_picture(site):
    text = page_text(site, "notation")
    labels = set(re.findall(r'aria-label="(\d[mpsz]):', text))
    kinds = {f"{n}{s}" for s in "mps" for n in range(10)} | {f"{n}z" for n in range(1, 8)}
    assert labels == kinds


@needs_docs
def test_js_reference_lists_every_export(site):
    text = page_text(site, "javascript")
    source = (ROOT / "wasm" / "js" / "tenbou.d.ts").read_text(encoding="utf-8")
    for name in re.findall(r"^export function (\w+)", source, re.M):
        assert re.search(rf"<code>{name}\(", text), name


# --- the hook, without a build -----------------------------------------------------------------

SCHEMA = {  # the documented shape of tenbou.options_schema()
    "schema_version": 1,
    "families": {
        "riichi": {
            "options": [
                {"key": "kiriage", "type": "bool", "default": False, "description": "4 han 30 fu is mangan"},
                {"key": "kazoe", "type": "choice", "default": "yakuman", "choices": ["yakuman", "sanbaiman"],
                 "description": "13+ han"},
                {"key": "honba_value", "type": "int", "default": 300, "min": 0, "max": 100000, "description": "per honba"},
            ],
            "presets": {"tenhou": {"kiriage": False, "kazoe": "yakuman", "honba_value": 300},
                        "wrc": {"kiriage": True, "kazoe": "sanbaiman", "honba_value": 300}},
        },
        "korean": {"options": [{"key": "min_base_han", "type": "int", "default": 2, "min": 0, "max": 13,
                                "description": "base han to win"}], "presets": {}},
        "hktw": {"options": [], "presets": {}},
    },
}


def test_options_table_from_the_schema():
    hooks = load_hooks()
    table = hooks.render_options(SCHEMA, "riichi").splitlines()
    assert table[0] == "| key | type | default | allowed values | presets that differ | description |"
    assert table[2] == "| `kiriage` | bool | `false` | `true`, `false` | wrc: `true` | 4 han 30 fu is mangan |"
    assert table[3] == '| `kazoe` | choice | `"yakuman"` | `"yakuman"`, `"sanbaiman"` | wrc: `"sanbaiman"` | 13+ han |'
    assert table[4] == "| `honba_value` | int | `300` | 0 to 100,000 |  | per honba |"
    presets = hooks.render_presets(SCHEMA, "riichi")
    assert '| `wrc` | `kiriage`: `true`, `kazoe`: `"sanbaiman"` |' in presets
    assert "| `tenhou` | the defaults |" in presets
    korean = hooks.render_options(SCHEMA, "korean").splitlines()
    assert korean[0] == "| key | type | default | allowed values | description |"


def test_options_table_with_sections_sources_and_described_presets():
    # The richer form: presets as {"description", "source", "values"}, options with a section,
    # a source, nullable values and steps.
    hooks = load_hooks()
    schema = {"schema_version": 1, "families": {"riichi": {
        "options": [
            {"key": "preset", "type": "choice", "default": "tenhou", "choices": ["tenhou", "wrc"], "section": "scoring",
             "description": "the starting values", "source": "contract.md"},
            {"key": "honba_value", "type": "int", "default": 300, "min": 0, "max": 1000000, "multiple_of": 3,
             "section": "settlement", "description": "per honba", "source": ""},
            {"key": "limit", "type": "int", "default": None, "min": 1, "max": 1000, "nullable": True,
             "section": "settlement", "description": "a cap", "source": "spec 9"}],
        "presets": {"tenhou": {"description": "Tenhou", "source": "the games", "values": {"preset": "tenhou", "honba_value": 300}},
                    "wrc": {"description": "WRC 2022", "source": "WRC Rules", "values": {"preset": "wrc", "honba_value": 600}}}}}}
    text = hooks.render_options(schema, "riichi")
    assert text.startswith("**Scoring**\n\n| key | type | default | allowed values | presets that differ | description and source |")
    assert ('| `preset` | choice | `"tenhou"` | `"tenhou"`, `"wrc"` |  | the starting values'
            '<br><small>source: contract.md</small> |') in text
    assert "**Settlement**" in text
    assert "| `honba_value` | int | `300` | a multiple of 3, 0 to 1,000,000 | wrc: `600` | per honba |" in text
    assert "| `limit` | int | `null` | 1 to 1,000, or `null` |  | a cap<br><small>source: spec 9</small> |" in text
    presets = hooks.render_presets(schema, "riichi")
    assert "| `wrc` | WRC 2022 | WRC Rules | `honba_value`: `600` |" in presets


def test_limits_table_from_the_schema():
    hooks = load_hooks()
    limits = {"schema_version": 1, "limits": [{"name": "request_bytes", "value": 1048576, "unit": "bytes",
                                               "bounds": "one request", "description": "past it: bad_json"}]}
    assert hooks.render_limits(limits).splitlines()[2] == \
        "| `request_bytes` | 1,048,576 bytes | one request |  | past it: bad_json |"


def test_directives_and_their_errors():
    from mkdocs.exceptions import PluginError

    hooks = load_hooks()
    assert hooks.expand("a\n<!-- tenbou-tiles: 0m 7z -->\nb").count("<svg") == 2
    for bad in ("<!-- tenbou-tiles: 8z -->", "<!-- tenbou-tiles: 12x -->", "<!-- tenbou-table: nothing -->",
                "<!-- tenbou-table: yaku mahjong -->"):
        with pytest.raises(PluginError):
            hooks.expand(bad)


def test_links_to_pages_not_merged_yet():
    # A link to a page another branch adds is plain text until that page is in the site.
    hooks = load_hooks()

    class File:
        def __init__(self, src_uri: str) -> None:
            self.src_uri = src_uri

    config = {"extra": {"pending_pages": ["cli.md"]}}
    text = "See [the CLI](cli.md#score) and [Python](python.md)."
    assert hooks.on_page_markdown(text, None, config, [File("python.md")]) == "See the CLI and [Python](python.md)."
    assert hooks.on_page_markdown(text, None, config, [File("python.md"), File("cli.md")]) == text


# --- the README and the PyPI description -------------------------------------------------------

def test_readme_is_the_front_door():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 300
    # .ci/run runs the README's test command verbatim: the same line in both.
    ci_command = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line.startswith("python3 -m venv")]
    assert len(ci_command) == 1 and ci_command[0] in readme.splitlines()
    assert ("python3 -m venv .venv && . .venv/bin/activate && pip install . && tenbou score 234567m234p55s678s "
            "--win 5m --tsumo --riichi --seat S --dora 4m") in readme
    # Links into the docs point at pages that exist.
    for target in re.findall(r"\]\((docs/[^)#]+)", readme):
        assert (ROOT / target).exists(), target


def test_pypi_description_is_short_and_packaged():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    readme = re.search(r'^readme = "([^"]+)"', text, re.M)
    assert readme, "pyproject.toml names no readme"
    path = ROOT / readme.group(1)
    assert path.exists() and len(path.read_text(encoding="utf-8").splitlines()) < 60
    assert not any(p in readme.group(1) for p in ("benchmarks", ".ci")), "the sdist excludes it"


def test_readme_citations_in_the_code_become_links():
    # Docstrings and tenbou.d.ts cite README sections that are docs pages now.
    spec = importlib.util.spec_from_file_location("griffe_doctests", DOCS / "griffe_doctests.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.docs_links('best first (README "What to discard")') == \
        "best first ([What to discard](analysis.md#what-to-discard))"
    for section, target in module.README_SECTIONS.items():
        page = target.partition("#")[0]
        expected = f"[{section}]({target})" if (DOCS / page).exists() else f'the "{section}" page'
        assert module.docs_links(f'README "{section}"') == expected
    # Its doctest examples become code blocks, so their output does not read as a link.
    assert module.markdown_docstring("Text.\n\n>>> f([1])\n['a']\n\nMore.") == \
        "Text.\n\n```pycon\n>>> f([1])\n['a']\n```\n\nMore."
