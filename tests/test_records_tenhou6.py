"""tenhou.net/6 records: the reader, the writer and the names (docs/records-tenhou6.md).

The fixtures are public records (tests/data/records/README.md names each source and license):
Tenhou's own tenhou.net/6 files with their mjlog originals, mjai-reviewer's converter tests
(double ron, chankan, four kans, nine terminals, ambiguous calls) and Mahjong Soul
three-player games converted to tenhou.net/6. The 999 Tenhou games of shared/data/tenhou/ are
converted mjlog -> tenhou.net/6 -> replayed and must give the mjlog's own results.
"""
from __future__ import annotations

import json
import pathlib
import re

import pytest

from tenbou import _core
from tenbou.errors import RecordError
from tenbou.mjlog import TENHOU_YAKU

from conftest import shared_dir

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "records" / "tenhou6"
OFFICIAL = sorted(DATA.glob("20*.json"))  # Tenhou's own files; the .xml beside each is its mjlog
CONVLOG = sorted((DATA / "mjai-reviewer").glob("*.json"))
THREE = sorted((DATA / "mjai-reviewer3p").glob("*.json"))
# Records wrong in themselves, kept apart (README "flawed/"): each flaw is held exactly below.
FLAWED = DATA.parent / "flawed"
# Written by hand, not by Tenhou: English yaku names and a hand not in Tenhou's order.
NOT_TENHOUS_OWN = {"confusing_nakis_7.json"}
# Four plain 5s (sou) with red fives on: no real set holds them (README).
REFUSED = {"confusing_nakis_2.json": "log[0][11][2]: a fifth 35 (every copy of that tile is already in play)"}
FIXTURES = OFFICIAL + CONVLOG + THREE


def replay(data, output, fmt="tenhou6", source="game.json"):
    if isinstance(data, str):
        data = data.encode()
    return _core.replay_text(data, format=fmt, output=output, source=source)


def error_of(data, fmt="tenhou6", source="game.json"):
    """The record error of a bad record (fed in pieces, as the CLI reads files)."""
    r = _core.Replay(format=fmt, output="check", source=source)
    with pytest.raises(RecordError) as e:
        data = data.encode() if isinstance(data, str) else data
        for i in range(0, len(data), 7):
            r.feed(data[i:i + 7])
        r.finish()
    assert "\n" not in str(e.value)
    return e.value


def logs(text):
    return [json.loads(line)["log"] for line in text.splitlines()]


def plain(value):
    """Whole floats as ints (tensoul writes 0. in point changes)."""
    return json.loads(re.sub(r"(-?\d+)\.0\b", r"\1", json.dumps(value)))


def hand_ends(data, fmt="tenhou6", source="game.json"):
    return [json.loads(line) for line in replay(data, "hand_ends", fmt, source).splitlines()]


# --- the writer gives back Tenhou's own files --------------------------------------------------
@pytest.mark.parametrize("path", [p for p in OFFICIAL + CONVLOG if p.name not in NOT_TENHOUS_OWN and p.name not in REFUSED],
                         ids=lambda p: p.name)
def test_tenhou6_to_tenhou6_gives_back_tenhous_file(path):
    original = json.loads(path.read_text(encoding="utf-8"))
    (written,) = logs(replay(path.read_bytes(), "tenhou6"))
    assert written == plain(original["log"])


@pytest.mark.parametrize("path", OFFICIAL, ids=lambda p: p.stem)
def test_mjlog_to_tenhou6_is_tenhous_own_file(path):
    """mjlog -> tenhou.net/6 gives Tenhou's own tenhou.net/6 file of that game, hand for hand."""
    official = json.loads(path.read_text(encoding="utf-8"))
    (written,) = logs(replay(path.with_suffix(".xml").read_bytes(), "tenhou6", fmt="mjlog"))
    assert written == official["log"]


def test_mjlog_player_names_survive_the_conversion():
    """<UN>'s percent-encoded names become tenhou.net/6 "name" (as Tenhou's own file has them) and
    mjai "names"; a name that does not decode to UTF-8 stays empty, the log is still read."""
    for path in OFFICIAL:
        official = json.loads(path.read_text(encoding="utf-8"))
        xml = path.with_suffix(".xml").read_bytes()
        (written,) = [json.loads(line) for line in replay(xml, "tenhou6", fmt="mjlog").splitlines()]
        assert written["name"] == official["name"] and any(official["name"])
        start = json.loads(replay(xml, "mjai", fmt="mjlog").splitlines()[0])
        assert start["names"] == official["name"][: len(start["names"])]
    xml = OFFICIAL[0].with_suffix(".xml").read_text(encoding="utf-8")
    bad = re.sub(r'<UN n0="[^"]*" n1="[^"]*"', '<UN n0="%E3%81" n1="%zz"', xml, count=1)
    assert bad != xml
    (written,) = [json.loads(line) for line in replay(bad.encode(), "tenhou6", fmt="mjlog").splitlines()]
    assert written["name"][:2] == ["", ""] and written["name"][2:] == json.loads(OFFICIAL[0].read_text(encoding="utf-8"))["name"][2:]


def test_written_games_read_back_unchanged():
    """Whatever the writer writes, the reader reads, and writing it again changes nothing:
    also for Mahjong Soul's files (written in Tenhou's names and order)."""
    for path in FIXTURES:
        once = replay(path.read_bytes(), "tenhou6")
        assert replay(once, "tenhou6") == once, path.name


# --- every record written by others replays and checks clean ------------------------------------
# Two files state a win's point changes without a riichi stick the winner collects (tenbou
# pays it, as Tenhou and Mahjong Soul do): an edited excerpt of mjai-reviewer's tests (seat 2's
# riichi r11 stands, then seat 0 rons the next discard), and a converted Mahjong Soul game whose
# own final scores ("sc": 94000) count the stick its point changes leave out.
STICK_LEFT_OUT = {"confusing_nakis_1.json": (0, 0, [2600, 0, -1600, 0], [1600, 0, -1600, 0]),
                  "kokushi_peinuki.json": (3, 2, [-48000, 0, 49000], [-48000, 0, 48000])}


@pytest.mark.parametrize("path", FIXTURES + [FLAWED / name for name in STICK_LEFT_OUT], ids=lambda p: p.name)
def test_fixture_checks_clean(path):
    game = json.loads(path.read_text(encoding="utf-8"))
    lines = [json.loads(line) for line in replay(path.read_bytes(), "check").splitlines()]
    summary = lines[-1]
    assert summary["hands"] == len(game["log"])
    if path.name in STICK_LEFT_OUT:
        hand, winner, ours, theirs = STICK_LEFT_OUT[path.name]
        (differs,) = lines[:-1]
        assert (differs["hand"], differs["deltas"], differs["recorded_deltas"]) == (hand, ours, theirs)
        assert [i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b] == [winner] and ours[winner] - theirs[winner] == 1000
        assert summary["agree"] == summary["hands"] - 1
        return
    assert lines[:-1] == []
    assert summary["agree"] == summary["hands"], summary["text"]
    assert summary["wins_agree"] == summary["wins"]


def test_mahjong_soul_final_scores_count_the_stick():
    game = json.loads((FLAWED / "kokushi_peinuki.json").read_text(encoding="utf-8"))
    start = game["log"][3][1]
    assert start[2] + 49000 == game["sc"][4] == 94000


def test_999_tenhou_games_through_tenhou6():
    """The 999 games converted mjlog -> tenhou.net/6 replay to exactly the mjlog's results (every
    win's result, every hand end's settled changes), and tenhou.net/6 -> tenhou.net/6 changes
    nothing (round trip)."""
    files = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    assert len(files) == 999
    wins = hands = 0

    def key(end):
        return (end["hand"], end["round"], end["dealer"], end["honba"], end["deposits"], end["outcome"],
                [(w["winner"], w["from"], w["pao"], w["result"], w["deltas"], w["agree"]) for w in end.get("wins", [])],
                end["deltas"], end["recorded_deltas"], end["agree"])

    for path in files:
        xml = path.read_bytes()
        direct = hand_ends(xml, fmt="mjlog", source=path.name)
        converted = replay(xml, "tenhou6", fmt="mjlog", source=path.name)
        via = hand_ends(converted, source=path.name)
        assert [key(e) for e in via] == [key(e) for e in direct], path.name
        assert replay(converted, "tenhou6", source=path.name) == converted, path.name
        assert all(e["agree"] for e in via), path.name
        hands += len(via)
        wins += sum(len(e.get("wins", [])) for e in via)
    assert wins == 8009 and hands == 9519


def test_counted_yakuman_is_recorded_as_yakuman():
    (end,) = hand_ends(game_with(h16=["和了", [48000, -16000, -16000, -16000], [0, 0, 0, "役満16000点∀", "立直(13飜)"]]))
    assert end["wins"][0]["recorded"] == {"han": 13, "fu": 0, "points": 48000, "limit": "yakuman", "yakuman": 0,
                                          "yaku": {"riichi": 13}}
    (end,) = hand_ends(game_with(h16=["和了", [48000, -16000, -16000, -16000], [0, 0, 0, "数え役満16000点∀", "立直(13飜)"]]))
    assert end["wins"][0]["recorded"]["limit"] == "yakuman"


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_impossible_fixture_refused(name):
    e = error_of((FLAWED / name).read_bytes(), source=name)
    assert str(e) == f"{name}: {REFUSED[name]}"
    assert e.event == 0 and e.tag == "log[0][11][2]"


# --- what the reader reads ------------------------------------------------------------------------
def recorded(path, hand=0, win=0):
    return hand_ends(path.read_bytes())[hand]["wins"][win]["recorded"]


def test_score_texts():
    ranked = DATA / "mjai-reviewer" / "ranked_game.json"
    # ron below mangan
    assert recorded(ranked, 0) == {"han": 4, "fu": 30, "points": 7700, "limit": None, "yakuman": 0,
                                   "yaku": {"hatsu": 1, "honitsu": 2, "aka_dora": 1}}
    # the dealer's tsumo: 3900 from each of three
    assert recorded(ranked, 1)["points"] == 11700
    # a limit hand: no fu written (0), han from the yaku
    assert recorded(ranked, 2) == {"han": 6, "fu": 0, "points": 18000, "limit": "haneman", "yakuman": 0,
                                   "yaku": {"sanshoku": 1, "tanyao": 1, "dora": 1, "aka_dora": 3}}
    # a non-dealer's tsumo 1000-2000: 4000 in all; three players: 2000-3900 is 5900 (tsumo loss)
    assert recorded(DATA / "mjai-reviewer" / "suukantsu_1.json", 0)["points"] == 4000
    assert recorded(FLAWED / "kokushi_peinuki.json", 0)["points"] == 5900


def test_yakuman_and_double_ron():
    ends = hand_ends((DATA / "mjai-reviewer" / "suukantsu_1.json").read_bytes())
    first, second = ends[1]["wins"]
    assert (first["winner"], first["from"], second["winner"], second["from"]) == (3, 2, 0, 2)
    assert first["recorded"] == {"han": 13, "fu": 0, "points": 32000, "limit": "yakuman", "yakuman": 1,
                                 "yaku": {"suukantsu": 13}}
    assert second["recorded"]["yaku"] == {"riichi": 1, "haku": 1, "dora": 2, "ura_dora": 4}
    assert ends[1]["recorded_deltas"] == [16000, 0, -48000, 33000]


def test_mahjong_soul_names_and_preset():
    # 役牌:場風牌 / 役牌:自風牌 / 抜きドラ: Mahjong Soul's names (tensoul)
    ends = hand_ends((FLAWED / "kokushi_peinuki.json").read_bytes())
    assert ends[1]["wins"][0]["recorded"]["yaku"] == {"honitsu": 2, "round_wind": 1, "seat_wind": 1}
    assert ends[2]["wins"][0]["recorded"]["yaku"] == {"seat_wind": 1, "kita": 2}
    assert all(e["players"] == 3 for e in ends)


def test_english_names_and_zero_han_ura():
    (end,) = hand_ends((DATA / "mjai-reviewer" / "confusing_nakis_7.json").read_bytes())
    assert end["wins"][0]["recorded"]["yaku"] == {"riichi": 1, "dora": 1}  # "Ura Dora(0飜)" counts nothing


def test_draws():
    kyushu = hand_ends((DATA / "mjai-reviewer" / "kyushukyuhai.json").read_bytes())
    assert [e["outcome"] for e in kyushu] == ["abortive"]
    four = hand_ends((DATA / "mjai-reviewer" / "four_reach.json").read_bytes())
    assert [e["outcome"] for e in four] == ["abortive"]
    exhaustive = hand_ends((DATA / "mjai-reviewer" / "ryukyoku.json").read_bytes())
    assert exhaustive[0]["outcome"] == "draw" and exhaustive[0]["recorded_deltas"] == [1500, 1500, -1500, -1500]


def test_list_of_games_read_one_at_a_time():
    games = [json.loads(p.read_text(encoding="utf-8")) for p in OFFICIAL[:3]]
    text = json.dumps(games, ensure_ascii=False).encode()
    r = _core.Replay(format="tenhou6", output="tenhou6", source="list.json")
    first = json.dumps(games[0], ensure_ascii=False).encode()
    # The first game is out as soon as its closing brace has come, before the list ends.
    out = r.feed(text[:len(first) + 1])
    assert logs(out) == [games[0]["log"]]
    out += r.feed(text[len(first) + 1:]) + r.finish()
    assert logs(out) == [g["log"] for g in games]
    ends = hand_ends(text, source="list.json")
    assert {e["game"] for e in ends} == {"list.json#0", "list.json#1", "list.json#2"}


def test_pieces_of_any_size_give_the_same_output():
    data = OFFICIAL[0].read_bytes()
    whole = replay(data, "tenhou6")
    for size in (1, 3, 64, 4096):
        r = _core.Replay(format="tenhou6", output="tenhou6", source="game.json")
        out = "".join(r.feed(data[i:i + size]) for i in range(0, len(data), size)) + r.finish()
        assert out == whole


def test_format_detected():
    data = OFFICIAL[0].read_bytes()
    assert replay(data, "tenhou6", fmt="auto") == replay(data, "tenhou6")


# --- bad input: one line naming the file, where and what ------------------------------------------
HAND = [[0, 0, 0], [25000] * 4, [11], [], [12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25], [26], [],
        [31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 42, 43, 44], [], [],
        [12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25], [], [],
        [31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 42, 43, 44], [], [], ["九種九牌"]]


def game_with(**changes):
    hand = json.loads(json.dumps(HAND))
    for index, value in changes.items():
        hand[int(index[1:])] = value
    return json.dumps({"name": ["a", "b", "c", "d"], "rule": {"disp": "般南喰赤", "aka": 1}, "log": [hand]}, ensure_ascii=False)


def test_the_minimal_game_reads():
    (end,) = hand_ends(game_with())
    assert end["outcome"] == "abortive"


@pytest.mark.parametrize("record, message", [
    ('{"log": [', "game.json: truncated (the JSON ends inside the game)"),
    ("", "game.json: empty: no tenhou.net/6 game"),
    ('<mjloggm ver="2.3">', "game.json: not tenhou.net/6 JSON: a game ({\"log\": ...}) or a list of games expected"),
    ('{"log": 5}', "game.json: log: an integer, not an array"),
    ('{"title": []}', "game.json: log: missing"),
    ('{"log": [[1]]}', "game.json: log[0]: 1 items (17 expected: round, scores, dora, ura, 4 x hand/takes/discards, result)"),
    ('{"log": []} x', "game.json: text after the game"),
    ('[{"log": []} {"log": []}]', "game.json: game 1: not JSON: '{' where a game ({...}) ends (',' or ']' expected)"),
    ('{"log": [}', "game.json: not JSON: invalid JSON at character 10: unexpected character"),
])
def test_unreadable_json(record, message):
    assert str(error_of(record)) == message


@pytest.mark.parametrize("changes, message", [
    ({"h5": [26, 11]}, "log[0][5][1]: a take after the hand's end"),
    ({"h6": [27]}, "log[0][6][0]: tile 27 is not in the hand"),
    ({"h5": ["11"]}, "log[0][5][0]: '11' is not a draw or call (c, p, m)"),
    ({"h5": [10]}, "log[0][5][0]: 10 is not a tile (11-19, 21-29, 31-39, 41-47, 51-53)"),
    ({"h5": [12], "h7": [12, 12, 33, 34, 35, 36, 37, 38, 39, 41, 42, 43, 44]}, "log[0][5][0]: a fifth 12 (every copy of that tile is already in play)"),
    ({"h5": [51], "h7": [51, 16, 33, 34, 35, 36, 37, 38, 39, 41, 42, 43, 44]}, "log[0][5][0]: a second red five 51 (one red five per suit)"),
    ({"h0": [0, 10 ** 30, 0]}, "log[0][0][1]: 1000000000000000000000000000000 is out of range (0-10000)"),
    ({"h0": [0, 99999, 0]}, "log[0][0][1]: 99999 is out of range (0-10000)"),
    ({"h16": ["流れた"]}, "log[0][16][0]: unknown result '流れた' (和了 or a draw: 流局, 流し満貫, 九種九牌, 四風連打, 四家立直, 三家和了, 四槓散了, ...)"),
    ({"h16": ["和了", [0, 0, 0, 0], [0, 0, 0, "30符1飜1000点"]]}, "log[0][16][2][3]: score text '30符1飜1000点': one payment, but the win is a tsumo"),
    ({"h16": ["和了", [0, 0, 0, 0], [0, 0, 0, "30符1飜500-1000点"]]}, "log[0][16][2][3]: score text '30符1飜500-1000点': two payments, but the win is not a non-dealer's tsumo"),
    ({"h16": ["和了", [0, 0, 0, 0], [0, 0, 0, "30符 1飜"]]}, "log[0][16][2][3]: score text '30符 1飜' is not fu/han/points as Tenhou writes them (e.g. '30符2飜2000点')"),
    ({"h16": ["和了", [0, 0, 0, 0], [0, 0, 0, "満貫4000点∀", "大車輪(役満)"]]}, "log[0][16][2][4]: unknown yaku name '大車輪' (docs/records-tenhou6.md lists the names read)"),
    ({"h16": ["和了", [0, 0, 0, 0], [0, 0, 0, "満貫4000点∀", "立直"]]}, "log[0][16][2][4]: yaku '立直' is not name(N飜) or name(役満)"),
    ({"h16": ["和了", [0, 0, 0, 0], [0, 1, 0]]}, "log[0][16]: seat 0 wins on seat 1's tile, but the hand's last move is seat 0's draw"),
    ({"h16": ["流局"]}, "log[0][16]: a draw, but the hand ends on seat 0's take with no discard"),
    ({"h5": ["c111213"]}, "log[0][5][0]: a call that does not match the last discard"),
    ({"h5": ["p111111"], "h6": []}, "log[0][5][0]: a call that does not match the last discard"),
    ({"h6": ["f44"]}, "log[0][6][0]: a kita (f44) in a four-player game"),
    ({"h6": ["11112a"]}, "log[0][6][0]: '11112a': a tile is two digits"),
])
def test_impossible_hands(changes, message):
    e = error_of(game_with(**changes))
    assert str(e) == f"game.json: {message}"
    assert e.event == 0 and e.tag == message.split(":")[0]


def test_error_in_a_list_names_the_game():
    good = json.loads(game_with())
    bad = json.loads(game_with(h6=[27]))
    e = error_of(json.dumps([good, bad], ensure_ascii=False), source="list.json")
    assert str(e) == "list.json#1: log[0][6][0]: tile 27 is not in the hand"


def test_three_player_seat_3_must_be_empty():
    three = json.loads(game_with(h4=[11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 22], h5=[47],
                                 h7=[23, 24, 25, 26, 27, 28, 32, 33, 34, 35, 36, 37, 38],
                                 h10=[11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47], h13=[], h14=[], h15=[]))
    assert hand_ends(json.dumps(three, ensure_ascii=False))[0]["players"] == 3
    three["log"][0][11] = ["c111213"]
    e = error_of(json.dumps(three, ensure_ascii=False))
    assert str(e) == "game.json: log[0][11][0]: a chi in a three-player game"


# --- the names as data: checkable against Tenhou's ids -------------------------------------------
def name_rows():
    text = (ROOT / "cpp" / "src" / "records" / "tenhou6_yaku.cpp").read_text(encoding="utf-8")
    return re.findall(r'\{"([^"]+)", "([a-z_0-9]+)", N::(\w+)\}', text)


def test_tenhou_names_follow_tenhous_ids():
    """Tenhou's names are its yaku ids 0-54 in order, each with the key the mjlog reader gives that id."""
    tenhou = [(name, key) for name, key, who in name_rows() if who == "Tenhou"]
    assert len(tenhou) == 55
    assert [key for _name, key in tenhou] == [TENHOU_YAKU[i] for i in range(55)]
    # records.md 3.7's list of Tenhou's names, in id order
    assert tenhou[47:49] == [("国士無双", "kokushi"), ("国士無双１３面", "kokushi_13")]
    assert [name for name, _ in tenhou[10:21]] == ["自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西",
                                                   "場風 北", "役牌 白", "役牌 發", "役牌 中"]


def test_every_name_has_a_known_key():
    keys = set(TENHOU_YAKU.values()) | {"kita"}
    rows = name_rows()
    assert rows and all(key in keys for _name, key, _who in rows)
    assert len({name for name, _key, _who in rows}) == len(rows)  # each name once


def test_docs_list_every_name():
    """docs/records-tenhou6.md lists every name the reader knows (its tables and English list)."""
    page = " ".join((ROOT / "docs" / "records-tenhou6.md").read_text(encoding="utf-8").split())
    for name, key, _who in name_rows():
        assert name in page, name
        assert f"`{key}`" in page, key


def test_red_fives_without_aka_keys():
    """No aka key: red fives are on when a 51-53 is among the tiles (not a '51' in a score)."""
    game = json.loads(game_with(h1=[25100, 25100, 24900, 24900], h7=[15, 15, 33, 34, 35, 36, 37, 38, 39, 41, 42, 43, 44]))
    game["rule"] = {"disp": "般南喰"}
    text = json.dumps(game, ensure_ascii=False)
    assert hand_ends(text)[0]["outcome"] == "abortive"  # four plain 5m: no red fives
    game["log"][0][5] = [51]  # a red 5m drawn: red fives on, and the four plain ones are one too many
    e = error_of(json.dumps(game, ensure_ascii=False))
    assert str(e).startswith("game.json: log[0][")
    assert "a fifth 15" in str(e)


def test_mutated_records_give_one_error_line_or_a_summary():
    """Values of real files changed at random (seeded): each record still gives a summary or one
    error line naming the file and the JSON path, never a crash or an unnamed failure."""
    import random

    rng = random.Random(24)
    games = [json.loads(p.read_text(encoding="utf-8")) for p in FIXTURES]
    values = [0, 60, 11, 19, 51, 53, 44, 99, -1, "p121212", "c111213", "r60", "f44", "151515a51", "k12121212", "0", None, [],
              2 ** 40, "和了", 1.5]
    for _ in range(400):
        game = json.loads(json.dumps(rng.choice(games)))
        for _ in range(rng.randint(1, 3)):
            hand = rng.choice(game["log"])
            column = rng.randrange(17)
            if isinstance(hand[column], list) and hand[column]:
                hand[column][rng.randrange(len(hand[column]))] = rng.choice(values)
            else:
                hand[column] = rng.choice(values)
        last = json.loads(replay(json.dumps(game, ensure_ascii=False), "check", source="m.json").splitlines()[-1])
        if "error" in last:
            assert re.match(r"m\.json: log\[\d+\]", last["error"]["message"]), last
        else:
            assert last["summary"] is True


def test_mjlog_room_rules_survive_the_conversion():
    """The mjlog's room (GO type) becomes rule.disp as Tenhou writes it, so a game without open
    tanyao stays one through tenhou.net/6."""
    for path in OFFICIAL:
        official = json.loads(path.read_text(encoding="utf-8"))
        (written,) = [json.loads(line) for line in replay(path.with_suffix(".xml").read_bytes(), "tenhou6", fmt="mjlog").splitlines()]
        assert written["rule"] == {"disp": official["rule"]["disp"], "aka": 1}
    xml = OFFICIAL[0].with_suffix(".xml").read_text(encoding="utf-8")
    assert '<GO type="169"' in xml
    no_kuitan = xml.replace('<GO type="169"', '<GO type="173"').encode()  # 0x04: no open tanyao
    converted = replay(no_kuitan, "tenhou6", fmt="mjlog")
    assert json.loads(converted)["rule"]["disp"] == "鳳南赤"
    direct, via = hand_ends(no_kuitan, fmt="mjlog"), hand_ends(converted)
    requests = [w["request"] for e in via for w in e.get("wins", [])]
    assert requests and all(r["options"]["open_tanyao"] is False for r in requests)
    assert [[w["result"] for w in e.get("wins", [])] for e in via] == [[w["result"] for w in e.get("wins", [])] for e in direct]


def test_win_names_its_hand_and_raw_details():
    r = _core.Replay(format="tenhou6", output="hand_ends", source="r.json", with_raw=True)
    data = (DATA / "mjai-reviewer" / "ranked_game.json").read_bytes()
    ends = [json.loads(line) for line in (r.feed(data) + r.finish()).splitlines()]
    assert [e["event"] for e in ends] == [0, 1, 2]
    win = ends[0]["wins"][0]
    assert (win["event"], win["raw"]) == (0, '[3,2,3,"30符4飜7700点","役牌 發(1飜)","混一色(2飜)","赤ドラ(1飜)"]')


def test_win_without_score_text_is_compared_on_its_changes():
    game = json.loads((DATA / "mjai-reviewer" / "ranked_game.json").read_text(encoding="utf-8"))
    game["log"] = game["log"][:1]
    game["log"][0][16][2] = game["log"][0][16][2][:3]  # [winner, from, liable] only, as editors write
    summary = json.loads(replay(json.dumps(game, ensure_ascii=False), "check").splitlines()[-1])
    assert (summary["hands"], summary["agree"], summary["wins_agree"]) == (1, 1, 1)
    game["log"][0][16][1] = [0, 0, -8000, 8000]  # the changes are what is compared now
    summary = json.loads(replay(json.dumps(game, ensure_ascii=False), "check").splitlines()[-1])
    assert (summary["agree"], summary["wins_agree"]) == (0, 0)
