"""What to discard: every discard of random Riichi (four- and three-player), Korean and Hong
Kong-Taiwan hands against a brute force over every draw; waits and furiten against `waits`; the
order; bad input; the CLI."""
from __future__ import annotations

import json
import random
from typing import Any, Dict, List, Tuple

import pytest

import tenbou
from tenbou import _core
from tenbou.errors import TileCountError

SUITS = "mpsz"


def name(k: int) -> str:
    return f"{k % 9 + 1}{SUITS[k // 9]}"


def kinds(rules: str, players: int) -> List[int]:
    out = list(range(34))
    if rules == "korean":
        out = [k for k in out if not 18 <= k <= 26]
    if players == 3:
        out = [k for k in out if not 1 <= k <= 7]
    return out


def random_hand(rng: random.Random, rules: str = "riichi", players: int = 4) -> Dict[str, Any]:
    """14 tiles minus 3 per pon, drawn from the rule family's wall, with some tiles seen elsewhere."""
    wall = [k for k in kinds(rules, players) for _ in range(4)]
    rng.shuffle(wall)
    n_pons = rng.choice([0, 0, 0, 0, 1, 2])
    counts = [0] * 34
    pons = []
    for k in wall:
        if len(pons) == n_pons:
            break
        if counts[k] == 0 and wall.count(k) == 4:
            pons.append(k)
            counts[k] = 3
    rest = [k for k in wall if k not in pons]
    size = (17 if rules == "hktw" else 14) - 3 * n_pons
    hand = rest[:size]
    seen = rest[size: size + rng.choice([0, 0, 3, 8])]
    req: Dict[str, Any] = {"hand": "".join(name(k) for k in sorted(hand)),
                           "melds": [f"pon:{name(k)[0] * 3}{name(k)[1]}" for k in pons],
                           "visible": "".join(name(k) for k in seen), "seat_wind": rng.choice("ESW")}
    if rules in ("korean", "hktw"):
        req["rules"] = rules
    if players == 3:
        req["players"] = 3
    return req


def brute_force(req: Dict[str, Any], rules: str, players: int) -> Dict[str, Tuple[int, List[Tuple[str, int]]]]:
    """For each discard: the shanten after it, and the useful tiles with unseen copies, found by
    drawing every kind and taking the best discard of the 14 tiles then held (each 13-tile hand
    through the core's shanten, cached)."""
    cache: Dict[Tuple[int, ...], int] = {}
    probe = {k: v for k, v in req.items() if k != "visible"}

    def shanten13(counts: Tuple[int, ...]) -> int:
        if counts not in cache:
            text = "".join(name(k) * c for k, c in enumerate(counts) if c)
            cache[counts] = _core.shanten(dict(probe, hand=text))["shanten"]
        return cache[counts]

    tiles = tiles_of_text(req["hand"])
    counts = [0] * 34
    for k in tiles:
        counts[k] += 1
    seen = list(counts)  # the discarded copy moves to the player's discards: still seen
    in_melds = [0] * 34
    for m in req["melds"]:
        seen[tiles_of(m)[0]] += 3
        in_melds[tiles_of(m)[0]] += 3
    for k in tiles_of_text(req["visible"]):
        seen[k] += 1
    out = {}
    for d in sorted(set(tiles)):
        after = list(counts)
        after[d] -= 1
        base = shanten13(tuple(after))
        useful = []
        for t in kinds(rules, players):
            if after[t] + in_melds[t] >= 4:  # no copy left to draw
                continue
            drawn = list(after)
            drawn[t] += 1
            if base == 0:  # a ready hand: the drawn tile is useful when it completes the hand (the scorer decides)
                text = "".join(name(k) * c for k, c in enumerate(drawn) if c)
                better = any(r["ok"] or r["error"]["code"] == "no_yaku" for r in (
                    json.loads(tenbou.score_json(json.dumps(dict(probe, hand=text, win_tile=name(t), tsumo=tsumo))))
                    for tsumo in (False, True)))
            else:
                better = min(shanten13(tuple(c - (k == x) for k, c in enumerate(drawn))) for x in range(34) if drawn[x]) < base
            if better:
                useful.append((name(t), max(0, 4 - seen[t])))
        out[name(d)] = (base, useful)
    return out


def tiles_of(meld: str) -> List[int]:
    return tiles_of_text(meld.split(":")[1])


def tiles_of_text(text: str) -> List[int]:
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [(int(x) - 1) + 9 * SUITS.index(ch) for x in digits]
            digits = ""
    return out


@pytest.mark.parametrize("rules, players, count, seed", [("riichi", 4, 1500, 1), ("riichi", 3, 500, 2), ("korean", 4, 500, 3),
                                                       ("hktw", 4, 500, 4)])
def test_discards_equal_a_brute_force(rules, players, count, seed):
    rng = random.Random(seed)
    checked = 0
    for _ in range(count):
        req = random_hand(rng, rules, players)
        got = tenbou.discards(req)
        expected = brute_force(req, rules, players)
        table = {d["tile"]: d for d in got["discards"]}
        assert set(table) == set(expected), req
        for tile, (shanten, useful) in expected.items():
            d = table[tile]
            assert d["shanten"] == shanten, (req, tile)
            assert [(u["tile"], u["unseen"]) for u in d["ukeire"]] == useful, (req, tile)
            assert d["ukeire_unseen"] == sum(u for _, u in useful)
        best = min(s for s, _ in expected.values())
        assert got["discards"][0]["shanten"] == best
        assert got["shanten"] in (best, -1) and (got["shanten"] == -1) == (best == 0 and any(
            tile in [u for u, _ in useful] for tile, (s, useful) in expected.items() if s == 0))
        checked += 1
    assert checked == count


def test_the_hands_shanten_agrees_with_the_mahjong_package():
    mahjong = pytest.importorskip("mahjong.shanten")
    rng = random.Random(4)
    for _ in range(300):
        req = random_hand(rng)
        if req["melds"]:
            continue
        counts = [0] * 34
        for k in tiles_of_text(req["hand"]):
            counts[k] += 1
        want = mahjong.Shanten().calculate_shanten(counts)
        assert tenbou.discards(req)["shanten"] == want, req


def test_waits_and_furiten_are_those_of_waits():
    import hand_generator
    from test_waits import WIN_ONLY

    seen_ready = 0
    for full in hand_generator.generate(150, seed=5):
        if "win_tile" not in full or "0" in full["hand"]:
            continue
        req = {k: v for k, v in full.items() if k not in WIN_ONLY}
        if req.get("ippatsu") and not req.get("riichi") and not req.get("double_riichi"):
            del req["ippatsu"]
        req["visible"] = ""
        for d in tenbou.discards(req)["discards"]:
            if d["shanten"] != 0:
                continue
            tiles = tiles_of_text(req["hand"])
            tiles.remove(tiles_of_text(d["tile"])[0])
            before = {k: v for k, v in dict(req, hand="".join(name(k) for k in tiles), own_discards=d["tile"]).items()
                      if k != "visible" or v}
            w = _core.waits(before)
            assert d["waits"] == w["waits"] and d["furiten"] == w["furiten"]
            seen_ready += 1
    assert seen_ready > 50


def test_order_best_first():
    d = tenbou.discards({"hand": "123m456m789p23459s", "riichi": True, "seat_wind": "S"})
    assert [x["tile"] for x in d["discards"][:3]] == ["9s", "2s", "5s"]  # two-sided 2s/5s beats a 9s tanki
    assert d["shanten"] == 0 and d["discards"][0]["ukeire_unseen"] == 6
    complete = tenbou.discards({"hand": "123m456m789p23455s", "riichi": True, "seat_wind": "S"})
    assert complete["shanten"] == -1
    five = next(x for x in complete["discards"] if x["tile"] == "5s")
    assert five["furiten"] is True  # 5s is a wait of 2345s and now among the player's discards


def test_bad_input():
    with pytest.raises(TileCountError, match="holds 14 tiles"):
        tenbou.discards({"hand": "123m456m789p2345s"})
    with pytest.raises(tenbou.InvalidValueError, match="win_tile"):
        tenbou.discards({"hand": "123m456m789p23459s", "win_tile": "9s"})
    with pytest.raises(tenbou.TileNotInRulesError):
        tenbou.discards({"hand": "123m456m789p23459s", "players": 3})


def test_cli_discards(run_cli):
    code, out = run_cli(["discards", "123m456m789p23459s", "--riichi", "--seat", "S"])
    assert code == 0 and out.splitlines()[2].startswith("9s ")
    code, out = run_cli(["discards", "123m456m789p23459s", "--json"])
    assert json.loads(out)["discards"][0]["tile"] == "9s"


def test_each_discard_is_the_waits_answer_of_the_hand_after_it():
    # The core reads a discards request once and makes every later discard's hand by swapping
    # two tiles between hand and own discards: each discard's shanten, useful tiles, waits (every
    # result) and furiten must be those of waits on the request with that hand (red fives kept)
    # and the tile among own_discards, read in full (the Json-tree path). Real wins (red fives,
    # three-player with kita, riichi, indicators) and random hands with own discards and visible
    # tiles, four- and three-player.
    from conftest import shared_dir
    from tenbou import mjlog
    from tenbou.tiles import to_list

    files = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))[:15]
    requests = [{k: v for k, v in w.request.items() if k not in ("win_tile", "tsumo")}
                for f in files for w in mjlog.wins_from_file(f)]
    requests += [dict(r, own_discards="1z9p", visible="3s") for r in requests[:40]]
    rng = random.Random(12)
    requests += [dict(random_hand(rng, "riichi", players), own_discards="7z") for players in (4, 3) for _ in range(60)]
    assert sum(any(t.startswith("0") for t in to_list(r["hand"])) for r in requests) > 20  # red fives among them
    assert sum(r.get("players") == 3 for r in requests) > 60
    compared = 0
    for req in requests:
        got = tenbou.discards(req)
        hand = to_list(req["hand"])
        for d in got["discards"]:
            rest = list(hand)
            rest.remove(d["tile"])
            after = dict(req, hand="".join(rest), own_discards=req.get("own_discards", "") + d["tile"])
            want = _core._waits_via_json(after)
            assert want["ok"], (after, want)
            assert (d["shanten"], d["ukeire"], d["ukeire_unseen"], d["furiten"]) == \
                   (want["shanten"], want["ukeire"], want["ukeire_unseen"], want["furiten"]), (req, d["tile"])
            assert json.dumps([w.as_dict() for w in d["waits"]]) == json.dumps(want["waits"] if want["shanten"] == 0 else []), \
                (req, d["tile"])
            compared += 1
    assert compared > 1500


def test_hands_with_four_of_a_kind_equal_a_brute_force():
    # Four of a kind in hand cannot pair with a draw of its own kind, and a drawn tile far from
    # every other tile then can lower the shanten (1111m with three pons waits on any other
    # tile): the shortcut that skips such draws must not apply (it would drop useful tiles).
    rng = random.Random(14)
    for i in range(120):
        pons = rng.sample(range(34), 3)[: i % 4]
        slots = 14 - 3 * len(pons)
        quads = rng.sample([k for k in range(34) if k not in pons], min(1 + i % 3, (slots - 1) // 4))
        rest = [k for k in range(34) if k not in pons and k not in quads for _ in range(4)]
        rng.shuffle(rest)
        hand = [k for k in quads for _ in range(4)]
        hand += rest[: slots - len(hand)]
        req = {"hand": "".join(name(k) for k in sorted(hand)),
               "melds": [f"pon:{name(k)[0] * 3}{name(k)[1]}" for k in pons], "visible": "", "seat_wind": "E"}
        got = {d["tile"]: d for d in tenbou.discards(req)["discards"]}
        for tile, (shanten, useful) in brute_force(req, "riichi", 4).items():
            assert got[tile]["shanten"] == shanten, (req, tile)
            assert [(u["tile"], u["unseen"]) for u in got[tile]["ukeire"]] == useful, (req, tile)
    one = tenbou.discards({"hand": "1111m5z", "melds": ["pon:222p", "pon:333p", "pon:444p"]})
    assert len(next(d for d in one["discards"] if d["tile"] == "5z")["ukeire"]) > 20
