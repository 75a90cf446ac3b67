"""The page's discard panel with values (issue 27): win %, tenpai % and expected points per
discard, computed in a Web Worker (wasm/web/ev-worker.mjs) by the same core, so the page answers
while the search runs. The fixtures (the module build, a static server, headless Chromium) are
tests/test_wasm.py's. The time the values took is printed (speed is measured, not asserted)."""
from __future__ import annotations

import math
import time

import tenbou
from test_wasm import Page, browser, dist, server  # noqa: F401 (fixtures)

ONE_SHANTEN = "123m456p78s23s55z19p"   # 1-shanten after the best discard
THREE_SHANTEN = "139m456p78s23s5z19p1z"  # a longer search


def percent(p: float) -> str:
    return f"{math.floor(p * 1000 + 0.5) / 10:.1f}%"


def points(x: float) -> str:
    return f"{math.floor(x + 0.5):,}"


def wait_done(p, timeout: float = 20.0) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if p.d.execute_script("const e = document.getElementById('discard-advice'); return e && e.dataset.ev") == "done":
            return time.perf_counter() - start
        time.sleep(0.01)
    raise AssertionError("the values never came")


def ev_text(ev) -> str:
    """What the panel writes under a discard (wasm/web/ev-worker.mjs evText)."""
    extra = f" (riichi {points(ev['riichi']['score'])} · dama {points(ev['dama']['score'])})" if "riichi" in ev else ""
    return f"win {percent(ev['win'])} · tenpai {percent(ev['tenpai'])} · {points(ev['score'])} points{extra}"


def panel_lines(p):
    return p.d.execute_script("""
        return [...document.querySelectorAll('#discard-advice tr.choice')].map((r) =>
          [r.querySelector('td.discard').textContent.trim().split(' ').pop(),
           r.nextElementSibling.querySelector('div.ev').textContent]);""")


def test_one_shanten_panel_shows_the_values(browser, server):  # noqa: F811
    p = Page(browser, server + f"#r=riichi&h={ONE_SHANTEN}&seat=S")
    took = wait_done(p)
    print(f"values shown {took * 1000:.0f} ms after the page was ready")
    want = {d["tile"]: d["ev"] for d in tenbou.discards({"hand": ONE_SHANTEN, "seat_wind": "S", "ev": {"turns": 17}})["discards"]}
    rows = panel_lines(p)
    assert rows
    for tile, text in rows:
        assert text == ev_text(want[tile]), tile
    assert not p.d.find_elements(p.By.CSS_SELECTOR, "#discard-advice div.ev.pending")


def test_ready_discard_shows_riichi_and_dama(browser, server):  # noqa: F811
    hand = "123m456p789s23s55z9p"
    p = Page(browser, server + f"#r=riichi&h={hand}&seat=S")
    wait_done(p)
    ev = next(d for d in tenbou.discards({"hand": hand, "seat_wind": "S", "ev": {}})["discards"] if d["tile"] == "9p")["ev"]
    assert dict(panel_lines(p))["9p"] == ev_text(ev) and "riichi" in ev_text(ev)


def test_page_stays_responsive_while_it_computes(browser, server):  # noqa: F811
    """While the worker searches a 3-shanten hand, the main thread runs scripts and the panel is
    already there with its other columns (the search does not hold the page)."""
    p = Page(browser, server + f"#r=riichi&h={THREE_SHANTEN}&seat=S")
    seen_pending = False
    for _ in range(200):
        state = p.d.execute_script("""
            const e = document.getElementById('discard-advice');
            const t0 = performance.now(); let n = 0; while (performance.now() - t0 < 2) n++;  // the main thread runs
            return [e.dataset.ev || '', document.querySelectorAll('#discard-advice div.ev.pending').length,
                    document.querySelectorAll('#discard-advice tr.choice').length];""")
        if state[0] != "done":
            seen_pending = seen_pending or state[1] > 0
            assert state[2] > 0  # the discards (shanten, useful tiles) are shown meanwhile
        else:
            break
        time.sleep(0.005)
    wait_done(p)
    # A new hand typed while the search runs: the page answers at once, and the values that come
    # are the new hand's (a stale answer is dropped).
    p.d.get(server + f"#r=riichi&h={ONE_SHANTEN}&seat=S")
    p.d.refresh()
    p.wait_ready()
    wait_done(p)
    tiles = p.d.execute_script(
        "return [...document.querySelectorAll('#discard-advice td.discard')].map((c) => c.textContent.trim().split(' ').pop())")
    want = [d["tile"] for d in tenbou.discards({"hand": ONE_SHANTEN, "seat_wind": "S"})["discards"]]
    assert tiles == want[:len(tiles)]
    assert seen_pending  # the panel was shown, and scripts ran, before the values came
