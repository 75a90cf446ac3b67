"""Before the win: shanten against a brute force and the `mahjong` package, waits against
`score`, the seed's wait examples, ukeire, furiten, bad input, the CLI."""
from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import tenbou
from conftest import ROOT
from tenbou import _core
from tenbou.errors import InvalidValueError, TileCountError, TooManyCopiesError, UnknownKeyError

SUITS = "mpsz"
N_SHANTEN = 200_000


def compact(counts: List[int]) -> str:
    out = []
    for s in range(4):
        digits = "".join(str(k - s * 9 + 1) * counts[k] for k in range(s * 9, min(s * 9 + 9, 34)))
        if digits:
            out.append(digits + SUITS[s])
    return "".join(out)


def random_hands(n: int, seed: int) -> List[Tuple[List[int], List[str]]]:
    """Random hands drawn from a full wall: mostly 13 concealed tiles, some with 1-4 pons."""
    rng = random.Random(seed)
    tiles = [k for k in range(34) for _ in range(4)]
    out = []
    for _ in range(n):
        n_melds = rng.choice((0, 0, 0, 0, 0, 0, 1, 2, 3, 4))
        pons = rng.sample(range(34), n_melds)  # distinct kinds: 3 of 4 copies go to each pon
        melds = [f"pon:{str(k % 9 + 1) * 3}{SUITS[k // 9]}" for k in pons]
        counts = [0] * 34
        left = [t for t in rng.sample(tiles, 13 + 3 * n_melds) if t not in pons]  # a draw from the rest
        for t in left[: 13 - 3 * n_melds]:
            counts[t] += 1
        out.append((counts, melds))
    return out


@pytest.fixture(scope="module")
def brute_tool() -> Path:
    """tests/cpp/shanten_brute.cpp, compiled with the system C++ compiler (tests only)."""
    cxx = shutil.which("g++") or shutil.which("c++")
    if not cxx:
        pytest.fail("a C++ compiler is needed for the brute-force shanten test")
    out_dir = ROOT / "build" / "tests"
    out_dir.mkdir(parents=True, exist_ok=True)
    exe = out_dir / "shanten_brute"
    src = ROOT / "tests" / "cpp" / "shanten_brute.cpp"
    if not exe.exists() or exe.stat().st_mtime < src.stat().st_mtime:
        subprocess.run([cxx, "-O2", "-std=c++17", str(src), "-o", str(exe)], check=True)
    return exe


@pytest.fixture(scope="module")
def hands() -> List[Tuple[List[int], List[str]]]:
    return random_hands(N_SHANTEN, seed=6)


@pytest.fixture(scope="module")
def engine_answers(hands) -> List[Dict[str, Any]]:
    return [_core.shanten({"hand": compact(c), "melds": m}) for c, m in hands]


def test_shanten_equals_brute_force(hands, engine_answers, brute_tool):
    text = "".join(" ".join(map(str, c)) + f" {len(m)}\n" for c, m in hands)
    out = subprocess.run([str(brute_tool)], input=text, capture_output=True, text=True, check=True).stdout.split("\n")
    diffs = []
    seen_values = set()
    for (c, m), line, got in zip(hands, out, engine_answers):
        std, seven, orphans = map(int, line.split())
        forms = got["forms"]
        want = {"standard": std, "seven_pairs": None if m else seven, "thirteen_orphans": None if m else orphans}
        if forms != want or got["shanten"] != min(v for v in want.values() if v is not None):
            diffs.append((compact(c), m, want, got))
        seen_values.add(got["shanten"])
    assert not diffs, diffs[:3]
    assert {0, 1, 2, 3, 4, 5} <= seen_values  # the random set reaches far and near hands


def test_shanten_equals_the_mahjong_package(hands, engine_answers):
    shanten_mod = pytest.importorskip("mahjong.shanten")
    oracle = shanten_mod.Shanten()
    diffs = []
    for (c, m), got in zip(hands, engine_answers):
        # the package reads the meld count from the number of tiles; forms only on closed hands
        want = oracle.calculate_shanten(c, use_chiitoitsu=not m, use_kokushi=not m)
        if want != got["shanten"]:
            diffs.append((compact(c), m, want, got["shanten"]))
    assert not diffs, diffs[:3]


def test_ukeire_is_every_tile_that_lowers_shanten(hands, engine_answers, brute_tool):
    """Each useful tile, from the brute force on the 14-tile hands, with its unseen copies."""
    sample = list(zip(hands, engine_answers))[:2000]
    lines, index = [], []
    for i, ((c, m), _) in enumerate(sample):
        for t in range(34):
            if c[t] + meld_copies(m, f"{t % 9 + 1}{SUITS[t // 9]}") < 4:
                nxt = list(c)
                nxt[t] += 1
                lines.append(" ".join(map(str, nxt)) + f" {len(m)}\n")
                index.append((i, t))
    out = subprocess.run([str(brute_tool)], input="".join(lines), capture_output=True, text=True, check=True).stdout.split("\n")
    useful: Dict[int, List[int]] = {i: [] for i in range(len(sample))}
    for (i, t), line in zip(index, out):
        std, seven, orphans = map(int, line.split())
        m = sample[i][0][1]
        after = std if m else min(std, seven, orphans)
        if after < sample[i][1]["shanten"]:
            useful[i].append(t)
    for i, ((c, m), got) in enumerate(sample):
        assert [tile_index(u["tile"]) for u in got["ukeire"]] == useful[i], (compact(c), m, got["ukeire"])
        for u in got["ukeire"]:
            assert u["unseen"] == 4 - c[tile_index(u["tile"])] - meld_copies(m, u["tile"])
        assert got["ukeire_tiles"] == len(got["ukeire"])
        assert got["ukeire_unseen"] == sum(u["unseen"] for u in got["ukeire"])


def test_korean_ukeire_counts_four_of_a_kind_as_two_pairs(brute_tool):
    """Korean seven pairs (seed 004 L66: four of a kind are two pairs) and no souzu or thirteen
    orphans: each useful tile, from the brute force's standard form on the 14 tiles and the
    pairs counted here, for closed hands drawn without souzu."""
    rng = random.Random(66)
    wall = [k for k in range(34) if k // 9 != 2 for _ in range(4)]
    hands = []
    for _ in range(1500):
        counts = [0] * 34
        for t in rng.sample(wall, 13):
            counts[t] += 1
        hands.append(counts)
    answers = [_core.shanten({"rules": "korean", "hand": compact(c)}) for c in hands]
    lines, index = [], []
    for i, c in enumerate(hands):
        for t in range(34):
            if t // 9 != 2 and c[t] < 4:
                nxt = list(c)
                nxt[t] += 1
                lines.append(" ".join(map(str, nxt)) + " 0\n")
                index.append((i, t, 6 - sum(k // 2 for k in nxt)))
    out = subprocess.run([str(brute_tool)], input="".join(lines), capture_output=True, text=True, check=True).stdout.split("\n")
    useful: Dict[int, List[int]] = {i: [] for i in range(len(hands))}
    for (i, t, seven), line in zip(index, out):
        after = min(int(line.split()[0]), seven)
        if after < answers[i]["shanten"]:
            useful[i].append(t)
    pairs_first = 0
    for i, c in enumerate(hands):
        got = answers[i]
        assert got["forms"]["seven_pairs"] == 6 - sum(k // 2 for k in c), compact(c)
        assert got["forms"]["thirteen_orphans"] is None
        assert [tile_index(u["tile"]) for u in got["ukeire"]] == useful[i], (compact(c), got["ukeire"])
        pairs_first += got["forms"]["seven_pairs"] < got["forms"]["standard"]
    assert pairs_first >= 50  # hands where the pairs decide the shanten are in the sample


def test_shanten_dict_path_equals_the_json_tree_path(hands):
    """_core.shanten reads a request dict in place and builds its answer directly; the
    Json-tree path (_core._shanten_via_json, the contract's shanten_json) is the reference:
    the same answers, key for key and in order, for every family, melds, visible tiles,
    own discards, hands far from ready, and bad requests (the same error texts)."""
    import hand_generator
    import hktw_generator
    import korean_generator

    requests: List[Any] = [{"hand": compact(c), "melds": m} for c, m in hands[:3000]]
    requests += [dict(r, visible="1z2z3z", own_discards="9m") for r in requests[:300]]
    for full in (hand_generator.generate(600, seed=70) + korean_generator.generate(600, seed=71)
                 + hktw_generator.requests(600, seed=72)):
        if "win_tile" in full:
            requests.append(before_win(full))
    requests += [
        {}, {"hand": 5}, {"hand": "123m456p789s12s"}, {"hand": "123m456p789s1234s"}, {"hand": "1111m"},
        {"hand": "123m456p789s13s5z", "tsumo": True}, {"hand": "123m456p789s13s5z", "win_tile": "2s"},
        {"hand": "123m456p789s13s5z", "nope": 1}, {"hand": "123m456p789s13s5z", "melds": "pon:111z"},
        {"rules": "korean", "hand": "123m456p789s13s5z"}, {"rules": "hktw", "hand": "123m"},
        {"hand": "123m456p789s13s5z", "players": 3}, {"hand": "123m456p789s13s5z", "visible": "xx"},
        {"hand": "123m456p789s13s5z", "honba": 2 ** 70}, {"hand": "123m456p789s13s5z", "seat_wind": 1.5},
        {1: 2}, {"hand": "123m456p789s13s5z", "options": {"preset": "nope"}},
    ]
    for req in requests:
        got, want = _core.shanten(req), _core._shanten_via_json(req)
        assert json.dumps(got, ensure_ascii=False) == json.dumps(want, ensure_ascii=False), (req, got, want)
    assert sum(1 for r in requests if not _core.shanten(r)["ok"]) >= 15


def tile_index(name: str) -> int:
    return SUITS.index(name[1]) * 9 + int(name[0]) - 1


def meld_copies(melds: List[str], tile: str) -> int:
    return sum(3 for m in melds if m.endswith(tile[1]) and m[4] == tile[0])


# --- waits against score ------------------------------------------------------------------------

WIN_ONLY = ("win_tile", "tsumo", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou")


def before_win(req: Dict[str, Any]) -> Dict[str, Any]:
    """A generated winning request minus its winning tile and its win-situation flags."""
    hand = req["hand"]
    win = req["win_tile"]
    tiles = []
    digits = []
    for ch in hand:
        if ch.isdigit():
            digits.append(ch)
        else:
            tiles += [d + ch for d in digits]
            digits = []
    tiles.remove(win)
    out = {k: v for k, v in req.items() if k not in WIN_ONLY}
    out["hand"] = "".join(tiles)
    if out.get("ippatsu") and not out.get("riichi") and not out.get("double_riichi"):
        del out["ippatsu"]
    return out


def tile_names(rules: str, players: int = 4) -> List[str]:
    """The tile kinds of a rule family (three-player Riichi: no 2m-8m)."""
    names = [f"{n}{s}" for s in ("mpz" if rules == "korean" else "mpsz") for n in range(1, 8 if s == "z" else 10)]
    return [t for t in names if players == 4 or t[1] != "m" or t[0] in "19"]


def check_waits(requests: List[Dict[str, Any]]) -> int:
    """The wait set is exactly the tiles that `score` reads as a complete hand (a tile with no
    copy left is refused there as a fifth copy), and every result is `score`'s own."""
    checked = 0
    for full in requests:
        if "win_tile" not in full:  # a tenhou with no last tile
            continue
        before = before_win(full)
        got = _core.waits(before)
        assert got["ok"], (before, got)
        completing = []
        for t in tile_names(before.get("rules", "riichi"), before.get("players", 4)):
            # Complete by ron or by tsumo (Hong Kong-Taiwan: a seven-pairs pung must be self-drawn, B9).
            results = [json.loads(tenbou.score_json(json.dumps(dict(before, hand=before["hand"] + t, win_tile=t,
                                                                     tsumo=tsumo), ensure_ascii=False)))
                       for tsumo in (False, True)]
            if any(res["ok"] or res["error"]["code"] == "no_yaku" for res in results):
                completing.append(t)
            else:
                for res in results:
                    assert res["error"]["code"] in ("not_winning", "invalid_input"), res
        assert [w["tile"] for w in got["waits"]] == completing, (before, got["waits"], completing)
        for w in got["waits"]:
            for tsumo in (False, True):
                req = dict(before, hand=before["hand"] + w["tile"], win_tile=w["tile"], tsumo=tsumo)
                expected = json.loads(tenbou.score_json(json.dumps(req, ensure_ascii=False)))
                assert w["tsumo" if tsumo else "ron"] == expected, (req, w)
        checked += 1
    return checked


def test_riichi_waits_equal_score_on_the_completed_hand():
    import hand_generator

    requests = [r for r in hand_generator.generate(4000, seed=66) if not r.get("rules")]
    assert check_waits(requests) >= 3500


def test_hktw_waits_equal_score_on_the_completed_hand():
    # 2,000 ready 16-tile hands (standard and every special shape, melds, flowers): the wait set
    # is exactly the tiles score reads as complete, each wait's ron and tsumo result score's own.
    import hktw_generator

    assert check_waits(hktw_generator.requests(2000, seed=68)) == 2000


def test_hktw_before_the_win():
    # Thirteen orphans + a set, and a 16-tile hand that is only 1-shanten.
    w = tenbou.waits({"rules": "hktw", "hand": "19m19p19s1234567z123m"})
    assert w.shanten == 0 and len(w.waits) == 14 and "4m" in [x.tile for x in w.waits]  # 1m pair + 234m too
    s = tenbou.shanten({"rules": "hktw", "hand": "123m456m789m123p4589s"})
    assert s.shanten == 1 and {u.tile for u in s.ukeire} >= {"6s", "7s"}
    with pytest.raises(TileCountError):
        tenbou.waits({"rules": "hktw", "hand": "123m456m789p2345s"})


def test_korean_waits_equal_score_on_the_completed_hand():
    import korean_generator

    assert check_waits(korean_generator.generate(1500, seed=67)) >= 1450


# --- the seed's examples -----------------------------------------------------------------------

def test_seed000_nobetan_waits_are_two_tanki():
    # seed 000 note 14: 2345 after three complete sets waits on 2 and 5, each read as tanki.
    w = tenbou.waits({"hand": "123m456m789p2345s", "seat_wind": "S", "riichi": True})
    assert [x.tile for x in w.waits] == ["2s", "5s"]
    for x in w.waits:
        assert x.ron.wait == x.tsumo.wait == "tanki"
        assert ("wait_tanki", 2) in [(f.key, f.fu) for f in x.ron.fu_details]


def test_seed000_kanchan_or_shanpon_takes_the_higher_reading():
    # 1145556m: 5m completes 456m (kanchan, 555m stays concealed) or 555m (shanpon, opened by
    # the ron). Note 9 / section 2.2: "부수가 붙는 대기를 만들 수 있다면 그쪽으로 인정".
    # With the closed 999p triplet: kanchan 20+10+2+4+8 = 44 -> 50 fu; shanpon 20+10+2+8 = 40.
    w = tenbou.waits({"hand": "1145556m999p123s", "seat_wind": "S", "riichi": True})
    assert [x.tile for x in w.waits] == ["1m", "5m"]
    five = w.waits[1]
    assert (five.ron.wait, five.ron.fu, five.ron.total) == ("kanchan", 50, 1600)
    assert five.ron.decomposition == ["11m", "456m", "555m", "999p", "123s"]
    one = w.waits[0]  # 1m: only the shanpon reading (111m + 55m)
    assert (one.ron.wait, one.ron.fu) == ("shanpon", 50)


def test_tiles_that_complete_without_a_yaku_are_shown():
    w = tenbou.waits({"hand": "123m456m789p2345s", "seat_wind": "S"})
    assert [(x.tile, x.ron.ok, x.ron.error["code"], x.tsumo.total) for x in w.waits] == [
        ("2s", False, "no_yaku", 1100), ("5s", False, "no_yaku", 1100)]


def test_furiten_and_unseen_counts():
    w = tenbou.waits({"hand": "123m456m789p2345s", "riichi": True, "own_discards": "5s9m", "visible": "2s2s"})
    assert w.furiten
    assert [(x.tile, x.unseen) for x in w.waits] == [("2s", 4 - 1 - 2), ("5s", 4 - 1 - 1)]
    assert not tenbou.waits({"hand": "123m456m789p2345s", "riichi": True, "own_discards": "9m"}).furiten


def test_a_wait_with_no_copy_left_is_not_listed():
    # 111z + a 2z tanki, the other three 2z in the player's own pon: tenpai in shape (shanten
    # counts the concealed tiles, as everywhere) with no winning tile left (karaten)
    w = tenbou.waits({"hand": "456p789s1112z", "melds": ["pon:222z"], "seat_wind": "S"})
    assert w.shanten == 0 and w.waits == []
    # Not a useful tile either: with all four held (hand and melds) no copy can be drawn.
    assert w.ukeire == []
    # four in the hand are no tenpai at all: 111m + 1m would need a fifth (the mahjong package agrees)
    assert tenbou.shanten({"hand": "1111m234p567p789s"}).shanten == 1


def test_shanten_forms_per_family():
    kokushi = tenbou.shanten({"hand": "19m19p19s1234567z"})
    assert kokushi.forms == {"standard": 8, "seven_pairs": 6, "thirteen_orphans": 0} and kokushi.shanten == 0
    # Korean: no thirteen orphans, and two pairs of one tile count (seed 004 L66)
    ko = tenbou.shanten({"rules": "korean", "hand": "1111m22m33p44p556p"})
    assert ko.forms["thirteen_orphans"] is None and ko.forms["seven_pairs"] == 0
    ri = tenbou.shanten({"hand": "1111m22m33p44p556p"})
    assert ri.forms["seven_pairs"] == 2  # Riichi needs seven different pairs: 6p and a new pair
    with_meld = tenbou.shanten({"hand": "123m456p78s55z", "melds": ["pon:111z"]})
    assert with_meld.forms == {"standard": 0, "seven_pairs": None, "thirteen_orphans": None}


def test_korean_waits_use_korean_scoring():
    w = tenbou.waits({"rules": "korean", "hand": "222m345m567m55p78p", "riichi": "eopeo"})
    six, nine = w.waits
    assert isinstance(six.ron, tenbou.KoreanResult)
    # seed 004 L107: 9p by ron falls below the minimum, so the declaration is 점프 on every wait
    assert six.ron.chombo and nine.ron.chombo and nine.ron.base_han == 1


@pytest.mark.parametrize("request_, error, fragment", [
    ({"hand": "123m456m789p23455s"}, TileCountError, "must hold 13 tiles before the win"),
    ({"hand": "123m456m789p2345s", "win_tile": "5s"}, InvalidValueError, "leave win_tile out"),
    ({"hand": "123m456m789p2345s", "tsumo": True}, InvalidValueError, "leave tsumo out"),
    ({"hand": "123m456m789p2345s", "visible": "5s5s5s5s"}, TooManyCopiesError, "5 copies of 5s"),
    ({"hand": "123m456m789p2345s", "discards": "5s"}, UnknownKeyError, "unknown request key"),
    ({"rules": "korean", "hand": "123m456m789p2345s"}, tenbou.TileNotInRulesError, "no souzu"),
])
def test_bad_requests(request_, error, fragment):
    for fn in (tenbou.shanten, tenbou.waits):
        with pytest.raises(error, match=fragment):
            fn(request_)


def test_scoring_requests_refuse_before_win_keys():
    with pytest.raises(UnknownKeyError, match="before the win"):
        tenbou.score({"hand": "123m456m789p23455s", "win_tile": "5s", "visible": "1m"})


def test_cli_waits_table_and_json(run_cli):
    code, out = run_cli(["waits", "123m456m789p2345s", "--riichi", "--seat", "S"])
    assert code == 0
    assert "tenpai" in out and "2s" in out and "1,300" in out
    code, out = run_cli(["waits", "123m456m789p2345s", "--riichi", "--seat", "S", "--json"])
    assert json.loads(out) == _core.waits({"rules": "riichi", "method": "fuhan", "hand": "123m456m789p2345s",
                                            "melds": [], "seat_wind": "S", "round_wind": "E", "dora_indicators": "",
                                            "ura_indicators": "", "honba": 0, "riichi_sticks": 0,
                                            "options": {"preset": "tenhou"}, "riichi": True})
    code, out = run_cli(["waits", "123m456p789s134s5z"])
    assert code == 0 and "1-shanten" in out and "17 unseen" in out
