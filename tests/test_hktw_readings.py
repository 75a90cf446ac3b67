"""Hong Kong-Taiwan decomposition (issue 5, bar 3): every reading the engine finds for a
17-tile hand equals the set a brute-force enumerator finds (tests/cpp/hktw_brute.cpp, which
tries every multiset of sets and every special shape by subtraction), on 100,000 random hands:
complete hands of every shape with 0-5 melds, hands one tile away, and random tile sets."""
from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

import hktw_generator as gen
from conftest import ROOT

N_HANDS = 100_000


@pytest.fixture(scope="module")
def brute_tool() -> Path:
    cxx = shutil.which("g++") or shutil.which("c++")
    if not cxx:
        pytest.fail("a C++ compiler is needed for the brute-force readings test")
    out_dir = ROOT / "build" / "tests"
    out_dir.mkdir(parents=True, exist_ok=True)
    exe = out_dir / "hktw_brute"
    src = ROOT / "tests" / "cpp" / "hktw_brute.cpp"
    if not exe.exists() or exe.stat().st_mtime < src.stat().st_mtime:
        subprocess.run([cxx, "-O2", "-std=c++17", str(src), "-o", str(exe)], check=True)
    return exe


def test_readings_equal_brute_force(native_tool, brute_tool):
    rng = random.Random(17)
    hands = []
    for i in range(N_HANDS):
        h = gen.complete_hand(rng) if i % 2 == 0 else gen.near_hand(rng)
        hands.append(" ".join(map(str, h["concealed"])) + f" {len(h['melds'])}")
    text = "\n".join(hands) + "\n"
    engine = subprocess.run([str(native_tool), "hktw-readings"], input=text, capture_output=True, text=True,
                            check=True).stdout.split("\n")
    brute = subprocess.run([str(brute_tool)], input=text, capture_output=True, text=True, check=True).stdout.split("\n")
    assert len(engine) == len(brute) == N_HANDS + 1
    diffs = [(h, e, b) for h, e, b in zip(hands, engine, brute) if e != b]
    assert not diffs, diffs[:5]
    # The sample reaches every shape and hands with several readings.
    found = " ".join(engine)
    for shape in ("standard", "seven_pairs_plus_pung", "thirteen_orphans_plus_set", "sixteen_unrelated",
                  "knitted_straight"):
        assert shape in found, shape
    assert sum(1 for e in engine if e.count("|") >= 2) > 100
    assert sum(1 for e in engine if not e) > 10_000  # and many hands that are not complete


def _counts(text: str) -> list:
    counts = [0] * 34
    digits = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            for d in digits:
                counts[9 * "mpsz".index(ch) + d - 1] += 1
            digits = []
    return counts


def test_wait_sets_equal_the_readings(native_tool):
    """The wait set a result reports (the fast path: shanten table + shape prefilters) is every
    tile whose addition to the 16 tiles before the win has a reading, except one held four times."""
    import tenbou

    requests = gen.requests(3000, seed=31)
    lines, owners = [], []
    results = tenbou.score_many(requests)
    for i, (req, res) in enumerate(zip(requests, results)):
        if not res.ok:
            continue
        before = _counts(req["hand"])
        before[_counts(req["win_tile"]).index(1)] -= 1
        held = list(before)
        for m in req["melds"]:
            kind, tiles = m.split(":")
            for t, n in enumerate(_counts(tiles)):
                held[t] += n
        for t in range(34):
            if held[t] >= 4:
                continue
            c = list(before)
            c[t] += 1
            lines.append(" ".join(map(str, c)) + f" {len(req['melds'])}")
            owners.append((i, t))
    out = subprocess.run([str(native_tool), "hktw-readings"], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True).stdout.split("\n")
    want: dict = {}
    for (i, t), line in zip(owners, out):
        if line:
            want.setdefault(i, []).append(gen.name(t))
    checked = 0
    for i, res in enumerate(results):
        if res.ok:
            assert res.waits == want.get(i, []), (requests[i], res.waits, want.get(i))
            checked += 1
    assert checked > 2500
