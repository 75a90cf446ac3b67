"""Every win of the 999 real Tenhou games scores exactly as Tenhou recorded it: the 6,101
four-player wins and the 1,908 three-player (sanma) wins of the 252 three-player games."""
from __future__ import annotations

import collections
from typing import List

import pytest

import tenbou
from tenbou import mjlog
from tenbou.cli import compare_with_tenhou

from conftest import shared_dir


@pytest.fixture(scope="module")
def wins() -> List[mjlog.TenhouWin]:
    files = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    assert len(files) == 999
    return [w for f in files for w in mjlog.wins_from_file(f)]


@pytest.mark.parametrize("players, count", [(4, 6101), (3, 1908)])
def test_every_win_matches_tenhou(wins, players, count):
    games = [w for w in wins if w.request.get("players", 4) == players]
    assert len(games) == count  # README: the counts reported there
    results = tenbou.score_many(w.request for w in games)
    mismatches = []
    for w, r in zip(games, results):
        problems = compare_with_tenhou(r.as_dict(), w.expected)
        if problems:
            mismatches.append(f"{w.source}: {problems} {w.request}")
    assert not mismatches, f"{len(mismatches)} wins differ:\n" + "\n".join(mismatches[:20])


def test_three_player_games_exercise_kita_and_payments(wins):
    three = [w for w in wins if w.request.get("players") == 3]
    assert len({w.source.split("#")[0] for w in three}) == 252
    kita = collections.Counter(w.request["kita"] for w in three)
    assert set(kita) == {0, 1, 2, 3, 4} and kita[0] < len(three) // 2
    # Wins on a kita's replacement draw are rinshan (Tenhou), with no kan in the hand.
    assert sum(1 for w in three if w.request["rinshan"] and not any("kan" in m for m in w.request["melds"])) >= 30
    # Tsumo loss: a non-dealer tsumo is worth less than the same hand's ron (never the full 4-player sum).
    results = tenbou.score_many(w.request for w in three if w.request["tsumo"])
    for r in results:
        assert r.ok and r.as_dict()["players"] == 3
        if len(r.payments) == 2:
            dealer, other = (p.amount for p in r.payments)
            assert r.total - r.honba_bonus - r.sticks_bonus == dealer + other


@pytest.mark.parametrize("players", [4, 3])
def test_winner_collects_the_recorded_points(wins, players):
    # The point change Tenhou records for the winner (sc, in hundreds) is the result's total:
    # honba (300 per honba, or 200 in three-player: 100 from each payer on tsumo), riichi
    # sticks and, in three-player, the tsumo loss. Hands won by two players on one discard
    # are left out: their honba and sticks go to one winner only (settlement, not scoring).
    by_hand = collections.Counter(w.source for w in wins)
    single = [w for w in wins if w.request.get("players", 4) == players and by_hand[w.source] == 1]
    assert len(single) > (1800 if players == 3 else 6000)
    for w, r in zip(single, tenbou.score_many(w.request for w in single)):
        sc = [int(x) for x in w.raw["sc"].split(",")]
        assert sc[2 * int(w.raw["who"]) + 1] * 100 == r.total, w.source


def test_decoder_exercises_every_situational_flag(wins):
    # The flags come from the event stream, not from Tenhou's answer: check each is inferred
    # often enough that the comparison above really validates it.
    counts = collections.Counter(k for w in wins for k, v in w.request.items() if v is True)
    for flag, at_least in {"riichi": 2000, "tsumo": 2000, "ippatsu": 400, "double_riichi": 10, "haitei": 20,
                           "houtei": 20, "rinshan": 20, "chankan": 2}.items():
        assert counts[flag] >= at_least, (flag, counts[flag])
    # On every non-yakuman win the inferred flag and Tenhou's yaku coincide exactly.
    for flag in ("ippatsu", "double_riichi", "haitei", "houtei", "rinshan", "chankan"):
        for w in wins:
            if not w.expected.yakuman:
                assert bool(w.request[flag]) == (flag in w.expected.yaku), (flag, w.source)


def test_meld_decoding():
    # chi 3-4-5p with the red five (ids 48 + ..), pon, closed and open kan, added kan.
    with pytest.raises(ValueError):
        mjlog.decode_meld(31008)  # a three-player kita (bit 0x20), not a meld
    assert mjlog.is_kita(31008) and not mjlog.is_kita((42 << 10) | 0x4)
    text, kind, ids = mjlog.decode_meld((42 << 10) | 0x4)  # chi: t // 3 = 14 -> the 1-2-3s sequence
    assert kind == "chi" and text == "chi:123s" and [i // 4 for i in ids] == [18, 19, 20]
    text, kind, ids = mjlog.decode_meld((31 * 4) << 8)  # closed kan of white dragons
    assert (text, kind) == ("ankan:5555z", "ankan")
    text, kind, ids = mjlog.decode_meld(((4 * 4) << 8) | 1)  # open kan of 5m: includes the red five
    assert (text, kind) == ("kan:0555m", "kan")
    assert mjlog.decode_meld(((4 * 4) << 8) | 1, reds=False)[0] == "kan:5555m"


def test_mjlog_command(run_cli):
    path = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*-00a9-*.mjlog"))[0]  # a four-player game
    # `tenbou mjlog` is `tenbou replay --format mjlog`: hand-end lines, each win's request inside.
    import json

    code, out = run_cli(["mjlog", str(path), "--check"])
    summary = json.loads(out.splitlines()[-1])
    assert code == 0 and summary["wins"] > 0 and summary["text"] == f"{summary['hands']} of {summary['hands']} hands agree"
    code, out = run_cli(["mjlog", str(path)])
    first = next(w["request"] for line in out.splitlines() for w in json.loads(line).get("wins", []))
    assert first["rules"] == "riichi" and tenbou.score(first).ok


def test_mjlog_command_three_player(run_cli):
    path = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*-00b9-*.mjlog"))[0]  # a three-player game
    import json

    code, out = run_cli(["mjlog", str(path), "--check"])
    summary = json.loads(out.splitlines()[-1])
    assert code == 0 and summary["wins"] > 0 and summary["wins_agree"] == summary["wins"]
    requests = [w["request"] for line in run_cli(["mjlog", str(path)])[1].splitlines()
                for w in json.loads(line).get("wins", [])]
    assert requests and all(r["players"] == 3 and 0 <= r["kita"] <= 4 for r in requests)
    assert all(tenbou.score(r).ok for r in requests)
