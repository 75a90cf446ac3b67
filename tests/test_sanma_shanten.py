"""Three-player Riichi before the win (issue 27): with 108 tiles 2m-8m do not exist, so 1m
and 9m make no sequence and count like honours. Shanten, useful tiles, waits and discards
against the brute force of tests/cpp/shanten_brute.cpp in its three-player mode (every
completion within the 108-tile set), on random hands weighted to many 1m and 9m."""
from __future__ import annotations

import random
import subprocess
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

import tenbou
from tenbou import _core
from test_waits import brute_tool, compact, meld_copies, tile_index  # noqa: F401 (brute_tool: a fixture)

SUITS = "mpsz"
KINDS = [0, 8] + list(range(9, 34))  # the 27 kinds of the 108-tile set
NO_SUCH = {f"{n}m" for n in range(2, 9)}
N_SHANTEN = 20_000

Hand = Tuple[List[int], List[str]]


def name(t: int) -> str:
    return f"{t % 9 + 1}{SUITS[t // 9]}"


def pon(t: int) -> str:
    return f"pon:{str(t % 9 + 1) * 3}{SUITS[t // 9]}"


def random_hand(rng: random.Random, size: int, heavy: bool = False) -> Hand:
    """`size` tiles (13 or 14, minus 3 per pon) from the 108-tile wall, mostly with three or
    four 1m and often 9m (`heavy`: four 1m, and none, three or four 9m), sometimes with pons."""
    n_melds = rng.choice((0, 0, 0, 0, 0, 1, 1, 2, 3))
    pons = rng.sample(KINDS, n_melds)
    wall = [t for t in KINDS for _ in range(4 - 3 * (t in pons))]
    counts = [0] * 34
    want = size - 3 * n_melds
    ones = 4 if heavy else rng.choice((0, 1, 2, 3, 3, 4, 4, 4))
    nines = rng.choice((0, 3, 4) if heavy else (0, 0, 1, 2, 3, 4))
    for t, n in ((0, ones), (8, nines)):
        n = min(n, wall.count(t), want - sum(counts))
        counts[t] += n
        for _ in range(n):
            wall.remove(t)
    for t in rng.sample(wall, want - sum(counts)):
        counts[t] += 1
    return counts, [pon(t) for t in pons]


def ready_hand(rng: random.Random) -> Hand:
    """A complete hand of the 108-tile set (triplets weighted to 1m and 9m, sequences of pins
    and sous, sometimes as pons) minus one random concealed tile: a hand ready to win."""
    while True:
        counts, pons = [0] * 34, []
        for _ in range(4):
            if rng.random() < 0.5:
                t = rng.choice([0, 8, 0, 8] + KINDS[2:])
                if rng.random() < 0.2:
                    pons.append(t)
                else:
                    counts[t] += 3
            else:
                start = rng.choice([9 * s + i for s in (1, 2) for i in range(7)])
                for k in range(3):
                    counts[start + k] += 1
        counts[rng.choice([0, 8, 0, 8] + KINDS[2:])] += 2
        if all(counts[t] + 3 * pons.count(t) <= 4 for t in range(34)):
            break
    melds = [pon(t) for t in pons]
    tiles = [t for t in range(34) for _ in range(counts[t])]
    counts[rng.choice(tiles)] -= 1
    return counts, melds


def brute(tool: Path, rows: List[Hand]) -> List[Tuple[int, int, int]]:
    """(standard, seven pairs, thirteen orphans) of each hand, three-player."""
    text = "".join(" ".join(map(str, c)) + f" {len(m)} 3\n" for c, m in rows)
    out = subprocess.run([str(tool)], input=text, capture_output=True, text=True, check=True).stdout.split("\n")
    return [tuple(map(int, line.split())) for line in out[: len(rows)]]


def best(forms: Tuple[int, int, int], melds: List[str]) -> int:
    return forms[0] if melds else min(forms)


def drawable(c: List[int], melds: List[str]) -> List[int]:
    return [t for t in KINDS if c[t] + meld_copies(melds, name(t)) < 4]


def useful_and_winning(tool: Path, hands: List[Hand]) -> List[Tuple[int, List[str], List[str]]]:
    """Per hand: its shanten, the tiles that lower it and the tiles that complete it, by brute force."""
    shanten = [best(f, m) for f, (_, m) in zip(brute(tool, hands), hands)]
    rows, index = [], []
    for i, (c, m) in enumerate(hands):
        for t in drawable(c, m):
            nxt = list(c)
            nxt[t] += 1
            rows.append((nxt, m))
            index.append((i, t))
    useful: Dict[int, List[str]] = {i: [] for i in range(len(hands))}
    winning: Dict[int, List[str]] = {i: [] for i in range(len(hands))}
    for (i, t), forms in zip(index, brute(tool, rows)):
        after = best(forms, hands[i][1])
        if after < shanten[i]:
            useful[i].append(name(t))
        if after == -1:
            winning[i].append(name(t))
    return [(shanten[i], useful[i], winning[i]) for i in range(len(hands))]


def request(c: List[int], melds: List[str]) -> Dict[str, object]:
    return {"hand": compact(c), "melds": melds, "players": 3}


# The cases of issue 27 (from RiichiEnv's and the `mahjong` package's tests): the four-player
# table let 1m or 9m wait on 2m-3m or 7m-8m, tiles the 108-tile set does not have. A 14-tile
# hand is asked as discards: its shanten is the best after a discard.
@pytest.mark.parametrize("hand, want", [
    ("1111m111122233z", 2),
    ("9999m11p22223333z", 2),
    ("11119m22223333z", 3),
    ("11119999m22345s", 2),
])
def test_issue_27_hands(hand, want, brute_tool):
    c = [0] * 34
    for t in tenbou_tiles(hand):
        c[t] += 1
    if sum(c) == 13:
        got = tenbou.shanten({"hand": hand, "players": 3})
        assert got.shanten == want
        (shanten, useful, _), = useful_and_winning(brute_tool, [(c, [])])
        assert [u.tile for u in got.ukeire] == useful and useful
        # four players, the same tiles: 1m-2m-3m can form, one step nearer
        assert tenbou.shanten({"hand": hand}).shanten == want - 1
    else:
        got = tenbou.discards({"hand": hand, "players": 3})
        assert got["shanten"] == want
        first = got["discards"][0]
        rest = list(c)
        rest[tile_index(first["tile"])] -= 1
        (shanten, useful, _), = useful_and_winning(brute_tool, [(rest, [])])
        assert first["shanten"] == shanten == want
        assert [u["tile"] for u in first["ukeire"]] == useful and useful
        assert tenbou.discards({"hand": hand})["shanten"] == want - 1
    assert shanten == want


def tenbou_tiles(hand: str) -> List[int]:
    out, digits = [], []
    for ch in hand:
        if ch.isdigit():
            digits.append(ch)
        else:
            out += [tile_index(d + ch) for d in digits]
            digits = []
    return out


@pytest.fixture(scope="module")
def hands() -> List[Hand]:
    rng = random.Random(27)
    return [random_hand(rng, 13) for _ in range(N_SHANTEN)]


def test_shanten_equals_brute_force(hands, brute_tool):
    diffs, seen = [], set()
    for (c, m), forms in zip(hands, brute(brute_tool, hands)):
        got = _core.shanten(request(c, m))
        want = {"standard": forms[0], "seven_pairs": None if m else forms[1], "thirteen_orphans": None if m else forms[2]}
        if got["forms"] != want or got["shanten"] != best(forms, m):
            diffs.append((compact(c), m, want, got["forms"]))
        seen.add(got["shanten"])
    assert not diffs, (len(diffs), diffs[:3])
    assert {0, 1, 2, 3, 4} <= seen
    assert sum(c[0] >= 3 for c, _ in hands) > N_SHANTEN // 2  # the weighting holds


def test_useful_tiles_equal_brute_force(hands, brute_tool):
    sample = hands[:3000]
    diffs = []
    for (c, m), (_, useful, _) in zip(sample, useful_and_winning(brute_tool, sample)):
        got = _core.shanten(request(c, m))
        tiles = [u["tile"] for u in got["ukeire"]]
        assert not NO_SUCH & set(tiles), (compact(c), m, tiles)
        if tiles != useful:
            diffs.append((compact(c), m, useful, tiles))
        for u in got["ukeire"]:
            assert u["unseen"] == 4 - c[tile_index(u["tile"])] - meld_copies(m, u["tile"])
    assert not diffs, (len(diffs), diffs[:3])


def test_waits_equal_brute_force(brute_tool):
    rng = random.Random(270)
    # ready hands, and hands with four 1m (some ready, most not: no waits then)
    ready = [ready_hand(rng) for _ in range(1500)]
    assert sum(c[0] + c[8] >= 2 for c, _ in ready) > 300
    sample = ready + [random_hand(rng, 13, heavy=True) for _ in range(3000)]
    diffs, tenpai = [], 0
    for i, ((c, m), (shanten, useful, winning)) in enumerate(zip(sample, useful_and_winning(brute_tool, sample))):
        assert shanten == 0 or i >= len(ready)
        tenpai += shanten == 0
        got = _core.waits(request(c, m))
        waits = [w["tile"] for w in got["waits"]]
        want = winning if shanten == 0 else []
        if got["shanten"] != shanten or waits != want or [u["tile"] for u in got["ukeire"]] != useful:
            diffs.append((compact(c), m, shanten, want, got["shanten"], waits))
    assert tenpai > len(ready)
    assert not diffs, (len(diffs), diffs[:3])


def test_discards_equal_brute_force(brute_tool):
    rng = random.Random(2727)
    fourteen = [random_hand(rng, 14, heavy=i % 2 == 0) for i in range(400)]
    for _ in range(150):  # ready hands with a random tile more: discards back to tenpai
        c, m = ready_hand(rng)
        c[rng.choice([t for t in drawable(c, m)])] += 1
        fourteen.append((c, m))
    after: List[Hand] = []
    for c, m in fourteen:
        for t in range(34):
            if c[t]:
                rest = list(c)
                rest[t] -= 1
                after.append((rest, m))
    truth = iter(useful_and_winning(brute_tool, after))
    whole = brute(brute_tool, fourteen)
    diffs = []
    for (c, m), forms in zip(fourteen, whole):
        got = _core.discards(request(c, m))
        assert got["ok"], got
        by_tile = {d["tile"]: d for d in got["discards"]}
        lowest = 99
        for t in range(34):
            if not c[t]:
                continue
            shanten, useful, winning = next(truth)
            lowest = min(lowest, shanten)
            d = by_tile[name(t)]
            mine = (d["shanten"], [u["tile"] for u in d["ukeire"]], [w["tile"] for w in d["waits"]])
            # a wait whose last copy is this very discard cannot come (the engine lists only
            # tiles with a copy left; the discard counts among the player's own discards)
            left = [w for w in winning if w != name(t) or c[t] + meld_copies(m, name(t)) < 4]
            want = (shanten, useful, left if shanten == 0 else [])
            if mine != want:
                diffs.append((compact(c), m, name(t), want, mine))
        assert got["shanten"] == (-1 if best(forms, m) == -1 else lowest), (compact(c), m)
    assert not diffs, (len(diffs), diffs[:3])


def test_four_players_unchanged(brute_tool):
    """The same manzu-heavy hands read with four players keep the sequences 1m-2m-3m."""
    rng = random.Random(4)
    sample = [random_hand(rng, 13) for _ in range(2000)]
    text = "".join(" ".join(map(str, c)) + f" {len(m)}\n" for c, m in sample)
    out = subprocess.run([str(brute_tool)], input=text, capture_output=True, text=True, check=True).stdout.split("\n")
    for (c, m), line in zip(sample, out):
        forms = tuple(map(int, line.split()))
        assert _core.shanten({"hand": compact(c), "melds": m})["shanten"] == best(forms, m), (compact(c), m)
