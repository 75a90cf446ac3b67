"""The page on a phone (390 px) and a desktop (1280 px), item by item (issue 29): measured in the
browser (element rectangles, line boxes, computed styles), not compared as pixels.

The fixtures (the module build, a static server, headless Chromium) are tests/test_wasm.py's.
Screenshots go to build/test-artifacts/page-*.png.
"""
from __future__ import annotations

import json
import re
from typing import List

import pytest

import tenbou
from test_wasm import Page, browser, dist, rects, server  # noqa: F401 (fixtures)

WIDTHS = [390, 1280]
RIICHI = "#r=riichi&h=23467m234p55s678s5m&t=1&seat=S&f=riichi"
HKTW = "#r=hktw&h=123m123p123s456s789s55z&t=1&fl=f1f2f3f4f6"
KOREAN = "#r=korean&h=234567m234p55678p&fl=f1"
# 103 han aotenjo: a 44-digit total
AOTENJO = ("#r=riichi&h=33s&m=ankan:2222s,ankan:4444s,ankan:6666s,ankan:8888s&t=1&f=riichi,ippatsu,haitei"
           "&dora=1111s5s&ura=555s77s&method=aotenjo&o=%7B%22double_yakuman%22%3Atrue%7D")
INCOMPLETE = "#r=riichi&h=123m456m789p23459s&seat=S&f=riichi"  # 14 tiles, no win: discard 9s or 2s or 5s


@pytest.fixture(params=WIDTHS, ids=lambda w: f"{w}px")
def width(request, browser):  # noqa: F811
    browser.set_window_size(request.param, 844 if request.param < 500 else 1100)
    yield request.param
    browser.set_window_size(1280, 1100)


def lines(p, selector: str) -> List[List[str]]:
    """The text of each element matched, split where the browser broke its lines (a Range per
    character: a new line starts where a character's top moves down)."""
    return p.d.execute_script("""
        return [...document.querySelectorAll(arguments[0])].map((el) => {
          const out = []; let top = null;
          const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            if (n.parentElement.closest('svg')) continue;  // a tile's face is a picture
            for (let i = 0; i < n.data.length; i++) {
              const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
              const box = r.getClientRects()[0];
              if (!box || box.width === 0) { if (out.length) out[out.length - 1] += n.data[i]; continue; }
              if (top === null || box.top > top + box.height / 2) { out.push(""); top = box.top; }
              out[out.length - 1] += n.data[i];
            }
          }
          return out;
        });""", selector)


def no_overflow(p) -> None:
    assert p.d.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    for sel in ("#result", ".build", ".situation"):
        assert p.d.execute_script(f"const e = document.querySelector('{sel}'); return e.scrollWidth <= e.clientWidth"), sel


def overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] - 0.5 and b[0] < a[0] + a[2] - 0.5 and a[1] < b[1] + b[3] - 0.5 and b[1] < a[1] + a[3] - 0.5


# --- the rack: readable tiles, a remove action that covers no face ---------------------------------

@pytest.mark.parametrize("url,count", [(RIICHI, 14), (HKTW, 17)], ids=["riichi", "hktw"])
def test_rack_tiles_readable_and_remove_beside_them(browser, server, width, url, count):  # noqa: F811
    p = Page(browser, server + url)
    tiles, removes = rects(p, "#rack .tile"), rects(p, "#rack .x")
    assert len(tiles) == len(removes) == count
    for t in tiles:
        assert t[2] >= 24, (width, t)  # the face is wide enough to read
        for x in removes:
            assert not overlap(t, x), (t, x)
    for x in removes:
        assert x[2] >= 20 and x[3] >= 16  # something a finger can hit
    no_overflow(p)
    p.shot(f"rack-{count}-{width}")
    p.click('#rack .x[data-remove="0"]')
    assert len(rects(p, "#rack .tile")) == count - 1


# --- amounts break between groups or units only ---------------------------------------------------

def test_aotenjo_total_breaks_between_groups(browser, server, width):  # noqa: F811
    p = Page(browser, server + AOTENJO)
    r = tenbou.score({"hand": "33s", "melds": ["ankan:2222s", "ankan:4444s", "ankan:6666s", "ankan:8888s"], "win_tile": "3s",
                      "tsumo": True, "riichi": True, "ippatsu": True, "haitei": True, "dora_indicators": "1111s5s",
                      "ura_indicators": "555s77s", "method": "aotenjo", "options": {"double_yakuman": True}})
    assert p.text("#total").replace("\n", "") == tenbou.format_amount(r.total)
    total, = lines(p, "#total")
    if width == 390:
        assert len(total) > 1  # it does not fit one line: where it breaks is what is checked
    for line in total[:-1]:
        assert line.endswith(","), total  # 943,80 / 4,057 was the bug
    ko, ja = lines(p, ".amount-words > span")
    assert ["".join(ko), "".join(ja)] == [tenbou.format_amount(r.total, "ko"), tenbou.format_amount(r.total, "ja")]
    for words in (ko, ja):
        for line in words[:-1]:
            assert not re.search(r"\d$", line), words  # after a unit (억, 億, 万...) or a space, never inside 8889
    pays, = lines(p, ".pays li b")
    for line in pays[:-1]:
        assert line.endswith(","), pays
    no_overflow(p)
    p.shot(f"aotenjo-{width}")


# --- table headers whole, numeric ones over their numbers -------------------------------------------

@pytest.mark.parametrize("url", [RIICHI, KOREAN, HKTW, INCOMPLETE], ids=["riichi", "korean", "hktw", "advice"])
def test_headers_whole_and_numeric_columns_aligned(browser, server, width, url):  # noqa: F811
    p = Page(browser, server + url)
    if p.d.find_elements(p.By.CSS_SELECTOR, "details#discard-advice"):
        p.click("#discard-advice summary")
    headers = lines(p, "#result th")
    assert headers
    for h in headers:
        assert len(h) == 1, headers  # DISCAR/D, SHANT/EN were the bug
    columns = p.d.execute_script("""
        return [...document.querySelectorAll('#result table')].flatMap((t) => [...t.tHead.rows[0].cells].map((th, i) => {
          const cells = [...t.tBodies[0].rows].map((r) => r.cells[i]).filter((c) => c && c.colSpan === 1);
          return [th.textContent, getComputedStyle(th).textAlign, cells.map((c) => getComputedStyle(c).textAlign)];
        }));""")
    numeric = [c for c in columns if c[2] and all(a == "right" for a in c[2])]
    assert numeric, columns
    for name, align, cells in columns:
        if cells and all(a == "right" for a in cells):
            assert align == "right", (name, align)
    # names are broken between words only (멘/젠쯔모 was the bug)
    for cell in lines(p, "#result td:not(:has(div)), #result td div"):  # a div's own line is no break
        for a, b in zip(cell, cell[1:]):
            assert a.endswith((" ", "·", ";", ",", ")")) or b.startswith((" ", "(")), cell
    no_overflow(p)


# --- an incomplete 14-tile hand: the advice first, with the waits' values --------------------------

def test_incomplete_hand_gets_advice_first(browser, server, width):  # noqa: F811
    p = Page(browser, server + INCOMPLETE)
    first = p.d.execute_script("return document.querySelector('#result').firstElementChild.id")
    assert first == "discard-advice" and p.css("#discard-advice").tag_name != "details"  # unfolded, on top
    assert p.text("#advice") == "Discard 9s: tenpai, waiting on 2s 5s"
    assert not p.d.find_elements(p.By.CSS_SELECTOR, "#result .invalid, #rack .tile.win")  # no red error, no WIN
    assert not p.css("#input-error").is_displayed()
    d = tenbou.discards({"hand": "123m456m789p23459s", "riichi": True, "seat_wind": "S"})
    details = [e.text for e in p.d.find_elements(p.By.CSS_SELECTOR, "#discard-advice tr.detail")]
    choices = [e.text.split()[-1] for e in p.d.find_elements(p.By.CSS_SELECTOR, "#discard-advice tr.choice td.discard")]
    assert choices == [x["tile"] for x in d["discards"][:len(choices)]]
    for x, text in zip(d["discards"], details):
        for w in x["waits"]:  # each wait with its ron and tsumo value, as `tenbou discards` writes them
            ron, tsumo = w["ron"], w["tsumo"]
            assert (f"{w['tile']} ({w['unseen']} left) ron {ron['han']} han {ron['fu']} fu · {tenbou.format_amount(ron['total'])};"
                    f" tsumo {tsumo['han']} han {tsumo['fu']} fu · {tenbou.format_amount(tsumo['total'])}") in text.replace("\n", " ")
    assert "2s (3 left) ron 1 han 40 fu · 1,300; tsumo 2 han 30 fu · 2,000" in details[0].replace("\n", " ")
    no_overflow(p)
    p.shot(f"advice-{width}")


# --- no yaku: dora named only when there are dora ---------------------------------------------------

def test_no_yaku_message_names_dora_only_when_there_are_some(browser, server, width):  # noqa: F811
    p = Page(browser, server + "#r=riichi&h=234m567p789s11z345s")
    assert "no yaku" in p.text("#not-scored") and "dora" not in p.text("#not-scored").lower()
    p = Page(browser, server + "#r=riichi&h=234m567p789s11z345s&dora=1m")
    assert "Dora alone do not make a win" in p.text("#not-scored")
    p = Page(browser, server + "#r=riichi&h=234m067p789s11z345s")  # a red five is a dora
    assert "Dora alone" in p.text("#not-scored")


# --- tile faces: honours as characters, flowers named ------------------------------------------------

def test_honours_drawn_as_their_characters(browser, server, width):  # noqa: F811
    p = Page(browser, server + RIICHI)
    faces = p.d.execute_script("""
        return [1, 2, 3, 4, 5, 6, 7].map((n) => {
          const svg = document.querySelector(`#palette .tile[data-code="${n}z"] svg`);
          const texts = [...svg.querySelectorAll('text')];
          const b = texts[0].getBBox();
          return [texts.map((t) => t.textContent).join(''), texts[0].getAttribute('fill'), svg.querySelectorAll('path, circle').length,
                  b.width, b.height, svg.getBoundingClientRect().width];
        });""")
    assert [f[0] for f in faces] == list("東南西北白發中")
    assert {f[1] for f in faces[:4]} == {"#1b1b1f"} and faces[5][1] == "#1e7a3c" and faces[6][1] == "#d62828"
    assert all(f[2] == 0 for f in faces)  # no drawn diamonds or frames
    heights = [f[4] for f in faces]
    assert max(heights) - min(heights) < 0.2 * max(heights)  # one style, one size
    assert min(f[5] for f in faces) >= 24  # readable at phone size


@pytest.mark.parametrize("url,names", [
    (HKTW, ["Plants 매난국죽 梅蘭菊竹", "Seasons 춘하추동 春夏秋冬"]),
    (KOREAN, ["Seasons 춘하추동 春夏秋冬"])], ids=["hktw", "korean"])
def test_flower_sets_named(browser, server, width, url, names):  # noqa: F811
    p = Page(browser, server + url)
    assert [e.text for e in p.d.find_elements(p.By.CSS_SELECTOR, "#flowers .fset-name")] == names
    caps = [e.text for e in p.d.find_elements(p.By.CSS_SELECTOR, "#flowers .cap")]
    if len(names) == 2:
        assert caps == ["Plum", "Orchid", "Mum", "Bamboo", "Spring", "Summer", "Autumn", "Winter"]
        assert p.css('#flowers .tile[data-code="f5"]').get_attribute("title") == "Flower Spring 춘"
    else:
        assert caps == ["Spring", "Summer", "Autumn", "Winter"]
    for tile, cap in zip(rects(p, "#flowers .tile"), rects(p, "#flowers .cap")):
        assert cap[0] >= tile[0] - 1 and cap[0] + cap[2] <= tile[0] + tile[2] + 1  # the caption fits its tile
    no_overflow(p)
    p.shot(f"flowers-{len(names)}-{width}")


def test_kita_entered_as_north_tiles(browser, server, width):  # noqa: F811
    p = Page(browser, server + "#r=riichi&h=111m123p456p789s99m&t=1&seat=S&f=riichi&p=3")
    assert p.css('[data-target="kita"]').is_displayed()
    p.click('[data-target="kita"]')
    p.click('#palette .tile[data-code="4z"]')
    p.click('#palette .tile[data-code="4z"]')
    assert len(rects(p, "#kita-tiles .tile")) == 2 and "kita=2" in p.d.current_url
    r = tenbou.score({"hand": "111m99m123p456p789s", "win_tile": "9m", "tsumo": True, "riichi": True, "seat_wind": "S",
                      "players": 3, "kita": 2})
    assert p.text("#total") == tenbou.format_amount(r.total)
    p.click('#palette .tile[data-code="1z"]')  # not a North tile
    assert "Kita are North tiles" in p.text("#input-error")
    p.click('#palette .tile[data-code="4z"]')
    p.click('#palette .tile[data-code="4z"]')
    assert p.css('#palette .tile[data-code="4z"]').get_attribute("disabled")  # four North tiles set aside
    p.click('#kita-tiles .tile[data-kita="0"]')
    assert len(rects(p, "#kita-tiles .tile")) == 3 and p.css("#kita").get_attribute("value") == "3"
    no_overflow(p)


def test_hktw_patterns_named_in_chinese(browser, server, width):  # noqa: F811
    p = Page(browser, server + HKTW)
    rows = p.yaku_rows()
    r = tenbou.hktw.score("123m123p123s456s789s55z", "5z", tsumo=True, flowers="f1f2f3f4f6")
    assert len(rows) == len(r.yaku)
    assert any(row.startswith("36 一氣通貫 일기통관 Pure straight") for row in rows), rows
    assert any(row.startswith("24-2 三色同順 3색동순") for row in rows), rows
    for cell in p.d.find_elements(p.By.CSS_SELECTOR, "table.yaku td .zh"):
        assert re.fullmatch(r"[\u4e00-\u9fff]+", cell.text), cell.text
    assert "一套花 화패 한 종류" in p.text(".pays")
    no_overflow(p)
    p.shot(f"hktw-{width}")


@pytest.mark.parametrize("url,name", [(RIICHI, "riichi"), (KOREAN, "korean")])
def test_family_pages_fit(browser, server, width, url, name):  # noqa: F811
    p = Page(browser, server + url)
    assert p.text("#total")
    no_overflow(p)
    p.shot(f"{name}-{width}")


# --- house options: a form built from the options table ------------------------------------------

def controls(p):
    pairs = p.d.execute_script("""
        return [...document.querySelectorAll('#house-form [data-opt]')].map((e) =>
          [e.dataset.opt, e.type === 'checkbox' ? e.checked : e.value]);""")
    return dict(pairs)  # in the page's order


def shown(option, value):
    """A schema value as its control shows it."""
    if option["type"] == "bool":
        return bool(value)
    if option["type"] in ("int", "choice"):
        return "" if value is None else str(value)
    return "" if value is None else json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("family", ["riichi", "korean", "hktw"])
def test_house_options_form_is_the_options_table(browser, server, width, family):  # noqa: F811
    schema = tenbou.options_schema()["families"][family]
    url = {"riichi": RIICHI, "korean": KOREAN, "hktw": HKTW}[family]
    p = Page(browser, server + url)
    assert not p.d.find_elements(p.By.CSS_SELECTOR, "textarea")  # no raw JSON box
    p.click("#house summary")
    got = controls(p)
    assert sorted(got) == sorted(o["key"] for o in schema["options"])  # one control per option
    sections = p.d.execute_script("return [...document.querySelectorAll('#house-form fieldset')].map((f) =>"
                                  " [f.querySelector('legend').textContent, f.querySelectorAll('[data-opt]').length])")
    assert [n for _, n in sections] == [sum(o["section"].replace("_", " ") == name for o in schema["options"])
                                        for name, _ in sections]  # grouped by the table's sections
    presets = schema["presets"]
    start = presets["tenhou"]["values"] if family == "riichi" else {}
    for o in schema["options"]:
        assert got[o["key"]] == shown(o, start.get(o["key"], o["default"])), o["key"]
    no_overflow(p)
    p.shot(f"options-{family}-{width}")


def test_house_options_preset_fills_and_changes_go_into_the_request(browser, server, width):  # noqa: F811
    schema = tenbou.options_schema()["families"]["riichi"]
    by_key = {o["key"]: o for o in schema["options"]}
    # 4 han 30 fu by a non-dealer's ron: 7,700, or a mangan 8,000 with kiriage
    url = "#r=riichi&h=23467m234p55s678s5m&seat=S&f=riichi&dora=1p"
    req = {"hand": "23467m234p55s678s5m", "win_tile": "5m", "seat_wind": "S", "riichi": True, "dora_indicators": "1p"}
    p = Page(browser, server + url)
    plain = tenbou.score({**req, "options": {"preset": "tenhou"}})
    assert p.text("#total") == tenbou.format_amount(plain.total)
    p.click("#house summary")
    p.click("#opt-kiriage")
    assert "kiriage" in p.d.current_url and "changed" in p.css("#opt-kiriage").find_element(p.By.XPATH, "..").get_attribute("class")
    cut = tenbou.score({**req, "options": {"preset": "tenhou", "kiriage": True}})
    assert cut.total != plain.total and p.text("#total") == tenbou.format_amount(cut.total)
    # another preset: its values fill the form, the change is dropped
    p.select("#preset", "mahjongsoul")
    values = schema["presets"]["mahjongsoul"]["values"]
    got = controls(p)
    for key, value in values.items():
        assert got[key] == shown(by_key[key], value), key
    assert "kiriage" not in p.d.current_url
    assert p.text("#total") == tenbou.format_amount(tenbou.score({**req, "options": {"preset": "mahjongsoul"}}).total)
    # an int option, typed: what the core refuses is said at the input, with the core's message
    ints = [o for o in schema["options"] if o["type"] == "int" and o.get("max") is not None]
    o = ints[0]
    box = p.css(f"#opt-{o['key']}")
    box.clear()
    box.send_keys(str(o["max"] + 1))
    box.send_keys("\t")
    with pytest.raises(tenbou.InvalidRequestError) as err:
        tenbou.score({**req, "options": {"preset": "mahjongsoul", o["key"]: o["max"] + 1}})
    assert p.text("#input-error") == str(err.value)
    p.click("#house-reset")
    assert not p.css("#input-error").is_displayed() and p.text("#total")


@pytest.mark.parametrize("url", ["#r=korean&h=234567m234p5678p9p", "#r=hktw&h=123m123p123s456s789s5z6z"], ids=["korean", "hktw"])
def test_incomplete_hand_advice_in_every_family(browser, server, width, url):  # noqa: F811
    p = Page(browser, server + url)
    assert p.d.execute_script("return document.querySelector('#result').firstElementChild.id") == "discard-advice"
    assert p.text("#advice").startswith("Discard ")
    assert not p.d.find_elements(p.By.CSS_SELECTOR, "#result .invalid, #rack .tile.win")
    no_overflow(p)
