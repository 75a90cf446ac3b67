"""The page's game records (wasm/web/records.mjs): a log chosen or dropped on the page is replayed
by the core in the browser, each hand end shown with its check; what it shows is what Python's
tenbou.replay gives for the same file.

The fixtures (the module build, a static server, headless Chromium) are tests/test_wasm.py's."""
from __future__ import annotations

import base64
import gzip
import time
from pathlib import Path
from typing import Any, Dict, List

import pytest

import tenbou
from conftest import shared_dir
from test_wasm import Page, browser, dist, server  # noqa: F401 (fixtures)


def games() -> List[Path]:
    files = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    return [next(f for f in files if "-00a9-" in f.name), next(f for f in files if "-00b9-" in f.name)]  # 4p, 3p


def wait_shown(p: Page, before: Any) -> None:
    for _ in range(200):
        if p.d.execute_script("return document.body.dataset.records") not in (None, before):
            return
        time.sleep(0.05)
    raise AssertionError("no record was shown")


def shown(p: Page) -> Dict[str, Any]:
    return p.d.execute_script("""
        const rows = [...document.querySelectorAll('#records-out tr[data-hand]')];
        const err = document.getElementById('records-error');
        return {summary: document.getElementById('records-summary').textContent,
                error: err ? err.textContent : null,
                games: [...document.querySelectorAll('#records-out h3')].map((h) => h.textContent),
                rows: rows.map((r) => ({hand: +r.dataset.hand, agree: r.dataset.agree === 'true',
                                        cells: [...r.cells].map((c) => c.textContent)}))};""")


def drop(p: Page, data: bytes, name: str) -> None:
    """A file dropped on the page, as a browser makes the event."""
    before = p.d.execute_script("return document.body.dataset.records")
    p.d.execute_script("""
        const bytes = Uint8Array.from(atob(arguments[0]), (c) => c.charCodeAt(0));
        const dt = new DataTransfer();
        dt.items.add(new File([bytes], arguments[1]));
        document.querySelector('footer').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
        """, base64.b64encode(data).decode(), name)
    wait_shown(p, before)


def signed(n: int) -> str:
    return f"+{n:,}" if n > 0 else f"−{-n:,}" if n < 0 else "0"


def test_a_chosen_log_shows_each_hand_as_python_replays_it(browser, server):  # noqa: F811
    p = Page(browser, server)
    for path in games():
        before = p.d.execute_script("return document.body.dataset.records")
        p.d.find_element(p.By.ID, "records-file").send_keys(str(path))
        wait_shown(p, before)
        page = shown(p)
        hands = list(tenbou.replay(path))
        assert hands and page["error"] is None
        assert page["games"] == [path.name]
        assert [r["hand"] for r in page["rows"]] == [h.hand for h in hands]
        assert [r["agree"] for r in page["rows"]] == [h.agree for h in hands]
        # Each seat's point change as the core settled it.
        assert [r["cells"][2:2 + h.players] for r, h in zip(page["rows"], hands)] == [[signed(d) for d in h.deltas]
                                                                                      for h in hands]
        agree = sum(h.agree for h in hands)
        assert page["summary"] == f"{path.name}: {agree} of {len(hands)} hands agree"
        for r, h in zip(page["rows"], hands):  # each win's han and points as the core scored them
            for w in h.wins:
                value = w.result["total"] - w.result["honba_bonus"] - w.result["sticks_bonus"]
                assert f"{value:,}" in r["cells"][1], (r, w.result)
    p.d.execute_script("document.getElementById('records').scrollIntoView()")
    p.shot("records-chosen")


def test_a_dropped_gzip_log_and_a_bad_one(browser, server):  # noqa: F811
    p = Page(browser, server)
    path = games()[0]
    drop(p, gzip.compress(path.read_bytes()), path.name + ".gz")
    page = shown(p)
    assert page["error"] is None and len(page["rows"]) == len(list(tenbou.replay(path)))
    # Cut half-way through a tag: the hands before the cut, then the core's message.
    data = path.read_bytes()
    cut = data[:data.index(b"<AGARI", len(data) // 2) + 10]
    drop(p, cut, "cut.mjlog")
    page = shown(p)
    read = []
    with pytest.raises(tenbou.RecordError) as e:
        for h in tenbou.replay(cut, name="cut.mjlog"):
            read.append(h)
    assert page["error"] == str(e.value)
    assert [r["hand"] for r in page["rows"]] == [h.hand for h in read]
    p.d.execute_script("document.getElementById('records').scrollIntoView()")
    p.shot("records-error")


# --- the JS API's replay(), under Node: the core's bytes, the core's errors -------------------------

def node_replay(dist: Path, path: Path, options: str) -> Dict[str, Any]:
    import json
    import subprocess

    script = (f"import * as t from {json.dumps((dist / 'tenbou.mjs').as_uri())};"
              "import fs from 'node:fs';"
              f"const bytes = fs.readFileSync({json.dumps(str(path))});"
              f"try {{ const r = t.replay(bytes, {options});"
              "  process.stdout.write(JSON.stringify({text: r.text, n: r.lines.length})); }"
              "catch (e) { process.stdout.write(JSON.stringify({error: e.constructor.name, message: e.message, "
              "  event: e.event, output: e.output, n: e.lines ? e.lines.length : -1})); }")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_js_replay_gives_the_core_bytes_and_errors(dist, tmp_path):  # noqa: F811
    from tenbou import _core

    for path in games():
        data = path.read_bytes()
        for options, kwargs in (("{source: %r}" % path.name, {}), ("{source: %r, output: 'check'}" % path.name,
                                                                     {"output": "check"}),
                                ("{source: %r, requests: false}" % path.name, {"with_requests": False})):
            got = node_replay(dist, path, options)
            want = _core.replay_text(data, source=path.name, **kwargs)
            assert got == {"text": want, "n": want.count("\n")}
    bad = tmp_path / "cut.mjlog"
    data = games()[0].read_bytes()
    bad.write_bytes(data[:data.index(b"<AGARI", len(data) // 2) + 10])
    got = node_replay(dist, bad, "{source: 'cut.mjlog'}")
    with pytest.raises(tenbou.RecordError) as e:
        list(tenbou.replay(bad))
    before = _core.replay_text(bad.read_bytes(), source="cut.mjlog")
    assert got == {"error": "RecordError", "message": str(e.value), "event": e.value.event,
                   "output": before[:before.rindex('{"error":')], "n": before.count("\n") - 1}


def test_bad_options_are_refused_in_the_same_words(dist):  # noqa: F811
    from tenbou import _core

    path = games()[0]
    for options, key, value in (("{format: 'xml'}", "format", "xml"), ("{output: 'csv'}", "output", "csv")):
        got = node_replay(dist, path, options)
        with pytest.raises(ValueError) as python:
            if key == "format":
                tenbou.replay(path, format=value)
            else:
                tenbou.replay(path).lines(value).__next__()
        with pytest.raises(ValueError) as core:
            _core.replay_text(b"", **{key: value})
        assert (got["error"], got["message"]) == ("InvalidValueError", str(python.value)) and str(core.value) == got["message"]
