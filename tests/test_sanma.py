"""Three-player Riichi (sanma): requests, every invalid kind, kita, payments under each house
switch and method, the presets, waits on the 108-tile set, and the CLI.

Expected totals are worked out by hand in the comments (base points = fu x 2^(han+2), each
payer's amount rounded up to 100), never read back from the engine."""
from __future__ import annotations

import json
from typing import Any, Dict

import pytest

import tenbou
from tenbou import _core, riichi
from tenbou.errors import (
    ImpossibleFlagsError,
    InvalidValueError,
    MeldNotInRulesError,
    TileNotInRulesError,
    TooManyCopiesError,
)

P3: Dict[str, Any] = {"players": 3}
# 111m 99m 123p 456p 789s, won on 9m (tanki): closed ron 20 + 10 + 2 + 8 (111m) = 40 fu.
HAND = "111m99m123p456p789s"


def up100(v: int) -> int:
    return -(-v // 100) * 100


# --- scoring -----------------------------------------------------------------------------------

def test_kita_are_dora_and_north_indicator_counts_them():
    r = riichi.score(HAND, "9m", riichi=True, seat_wind="S", kita=2, **P3)
    assert {y.key: y.han for y in r.yaku} == {"riichi": 1, "kita": 2}
    assert (r.han, r.fu, r.total) == (3, 40, 5200)  # 3 han 40 fu non-dealer ron
    # Indicator West points at North: each kita is also a dora (two kita, one North... none in hand).
    r = riichi.score(HAND, "9m", riichi=True, seat_wind="S", kita=2, dora_indicators="3z", **P3)
    assert {y.key: y.han for y in r.yaku} == {"riichi": 1, "dora": 2, "kita": 2}
    assert r.total == 8000  # 5 han: mangan
    r = riichi.score(HAND, "9m", riichi=True, seat_wind="S", kita=2, ura_indicators="3z", dora_indicators="1p", **P3)
    assert {y.key: y.han for y in r.yaku} == {"riichi": 1, "dora": 1, "ura_dora": 2, "kita": 2}


def test_kita_alone_is_no_yaku():
    r = riichi.score("111m99m123p456p789s", "9m", seat_wind="S", kita=3, **P3)
    assert not r.ok and r.error["code"] == "no_yaku"


def test_indicator_1m_points_to_9m_and_9m_to_1m():
    # Three-player: 1m -> 9m (the 99m pair: dora 2); 9m -> 1m (111m: dora 3).
    r = riichi.score(HAND, "9m", riichi=True, seat_wind="S", dora_indicators="1m", **P3)
    assert {y.key: y.han for y in r.yaku} == {"riichi": 1, "dora": 2} and r.total == 5200
    r = riichi.score(HAND, "9m", riichi=True, seat_wind="S", dora_indicators="9m", **P3)
    assert {y.key: y.han for y in r.yaku} == {"riichi": 1, "dora": 3} and r.total == 8000
    # Four players: 1m points at 2m, not in the hand.
    r = riichi.score(HAND, "9m", riichi=True, seat_wind="S", dora_indicators="1m")
    assert {y.key: y.han for y in r.yaku} == {"riichi": 1} and r.total == 1300


def test_red_fives_of_pin_and_sou_only():
    r = riichi.score("111m99m123p406p789s", "9m", riichi=True, seat_wind="S", **P3)
    assert {y.key: y.han for y in r.yaku} == {"riichi": 1, "aka_dora": 1}


@pytest.mark.parametrize("tsumo_rule, dealer_tsumo, non_dealer_tsumo", [
    # 2 han 40 fu (menzen tsumo + riichi; 20 + 2 tsumo + 2 tanki + 8 = 32 -> 40): base 640.
    # loss: the dealer's win: x2 = 1,280 -> 1,300 from each of two; a non-dealer's: 1,300 + 700.
    ("loss", [("non_dealer", 1300)], [("dealer", 1300), ("non_dealer", 700)]),
    # north_split: North's share halved onto both: dealer win x3 = 1,920 -> 2,000 each;
    # non-dealer win: the dealer x2.5 = 1,600, the other x1.5 = 960 -> 1,000.
    ("north_split", [("non_dealer", 2000)], [("dealer", 1600), ("non_dealer", 1000)]),
    # ron_equivalent: the ron value halved: dealer 6 x 640 = 3,840 -> 3,900 -> 1,950 -> 2,000 each;
    # non-dealer 4 x 640 = 2,560 -> 2,600 -> 1,300 each.
    ("ron_equivalent", [("non_dealer", 2000)], [("dealer", 1300), ("non_dealer", 1300)]),
])
def test_three_player_tsumo_payments(tsumo_rule, dealer_tsumo, non_dealer_tsumo):
    options = {"sanma_tsumo": tsumo_rule}
    for seat, lines in (("E", dealer_tsumo), ("S", non_dealer_tsumo)):
        r = riichi.score(HAND, "9m", tsumo=True, riichi=True, seat_wind=seat, options=options, **P3)
        assert (r.han, r.fu) == (2, 40)
        assert [(p.payer, p.amount) for p in r.payments] == lines
        payers = 2 if len(lines) == 1 else 1
        assert r.total == sum(a * payers for _, a in lines)
    # A ron is the same in three- and four-player: dealer 1 han 40 fu, 6 x 320 = 1,920 -> 2,000.
    assert riichi.score(HAND, "9m", riichi=True, seat_wind="E", options=options, **P3).total == 2000


def test_three_player_limits_tsumo_loss():
    # Mangan tsumo: dealer 4,000 x 2 = 8,000 (four-player 12,000); non-dealer 4,000 + 2,000 = 6,000.
    p = tenbou.points(5, dealer=True, tsumo=True, players=3)
    assert [(x.payer, x.amount) for x in p.payments] == [("non_dealer", 4000)] and p.total == 8000
    p = tenbou.points(5, tsumo=True, players=3)
    assert [(x.payer, x.amount) for x in p.payments] == [("dealer", 4000), ("non_dealer", 2000)] and p.total == 6000
    p = tenbou.points(5, tsumo=True, players=3, options={"sanma_tsumo": "north_split"})
    assert [x.amount for x in p.payments] == [5000, 3000] and p.total == 8000
    assert tenbou.points(5, tsumo=True, players=4).total == 8000
    assert tenbou.points(5, players=3).total == 8000


def test_three_player_honba():
    # Tenhou: 200 per honba, 100 from each of the two payers on tsumo (its records).
    r = riichi.score(HAND, "9m", riichi=True, seat_wind="S", honba=2, **P3)
    assert (r.honba_bonus, r.total) == (400, 1300 + 400)
    r = riichi.score(HAND, "9m", tsumo=True, riichi=True, seat_wind="S", honba=2, **P3)
    assert (r.honba_bonus, r.total) == (400, 2000 + 400)
    r = riichi.score(HAND, "9m", tsumo=True, riichi=True, seat_wind="S", honba=2, riichi_sticks=1,
                     options={"sanma_honba_value": 1000}, **P3)
    assert (r.honba_bonus, r.sticks_bonus, r.total) == (2000, 1000, 2000 + 2000 + 1000)
    with pytest.raises(InvalidValueError, match="multiple of 2"):
        riichi.score(HAND, "9m", options={"sanma_honba_value": 333}, **P3)


def test_north_value_option():
    # A North pon: a guest wind by default (no yaku), a value tile (1 han) under north_value.
    r = riichi.score("123p456p789s55s", "9s", melds=["pon:444z"], seat_wind="S", **P3)
    assert not r.ok and r.error["code"] == "no_yaku"
    r = riichi.score("123p456p789s55s", "9s", melds=["pon:444z"], seat_wind="S", options={"north_value": True}, **P3)
    assert {y.key: y.han for y in r.yaku} == {"north_wind": 1}
    assert (r.fu, r.total) == (30, 1000)  # 20 + 4 (open North triplet) -> 30
    # A North pair: 2 fu and no pinfu under north_value (20 + 10 + 2 -> 40 fu, riichi only: 1,300);
    # without it pinfu (riichi + pinfu 2 han 30 fu: 2,000).
    r = riichi.score("123p456p789s234s44z", "4s", riichi=True, seat_wind="S", options={"north_value": True}, **P3)
    assert ({y.key for y in r.yaku}, r.fu, r.total) == ({"riichi"}, 40, 1300)
    assert ("pair_north_wind", 2) in [(f.key, f.fu) for f in r.fu_details]
    r = riichi.score("123p456p789s234s44z", "4s", riichi=True, seat_wind="S", **P3)
    assert ({y.key for y in r.yaku}, r.fu, r.total) == ({"riichi", "pinfu"}, 30, 2000)
    # Four-player: North is the North seat's wind, not touched by the option.
    r = riichi.score("123p456p789s55s", "9s", melds=["pon:444z"], seat_wind="S", options={"north_value": True})
    assert not r.ok and r.error["code"] == "no_yaku"


def test_kita_toward_kazoe():
    # Closed pinzu flush won by tsumo: riichi 1 + menzen tsumo 1 + chinitsu 6 = 8, kita 4, and
    # the West indicator makes each kita a dora: 16 han -> kazoe yakuman (non-dealer tsumo loss:
    # 16,000 + 8,000). Without kita toward kazoe, 12 han count: sanbaiman (12,000 + 6,000).
    kw: Dict[str, Any] = dict(tsumo=True, riichi=True, seat_wind="S", kita=4, dora_indicators="3z", **P3)
    r = riichi.score("123p456p777p88899p", "9p", **kw)
    assert r.han == 16 and r.limit == "kazoe_yakuman" and r.total == 24000
    r = riichi.score("123p456p777p88899p", "9p", options={"kita_kazoe": False}, **kw)
    assert r.han == 16 and r.limit == "sanbaiman" and r.total == 18000
    # kita_dora off: no kita han, but the kita are still North tiles the indicator points at.
    r = riichi.score("123p456p777p88899p", "9p", options={"kita_dora": False}, **kw)
    assert "kita" not in [y.key for y in r.yaku] and r.han == 12 and r.limit == "sanbaiman"


def test_three_player_methods():
    # han-only: 3 han at 30 fu, non-dealer tsumo loss: base 960: 2,000 + 1,000.
    p = tenbou.points(3, method="han_only", tsumo=True, players=3)
    assert [x.amount for x in p.payments] == [2000, 1000] and p.total == 3000
    # aotenjo: exact, no limit: 20 han 30 fu non-dealer tsumo: 2b and b, each rounded up.
    b = 30 * 2 ** 22
    p = tenbou.points(20, 30, method="aotenjo", tsumo=True, players=3)
    assert [int(x.amount) for x in p.payments] == [up100(2 * b), up100(b)]
    assert int(p.total) == up100(2 * b) + up100(b)
    p = tenbou.points(200, 30, method="aotenjo", tsumo=True, dealer=True, players=3,
                      options={"sanma_tsumo": "north_split"})
    b = 30 * 2 ** 202
    assert [int(x.amount) for x in p.payments] == [up100(3 * b)] and int(p.total) == 2 * up100(3 * b)
    r = riichi.score(HAND, "9m", tsumo=True, riichi=True, seat_wind="S", kita=1, method="aotenjo", **P3)
    b = 40 * 2 ** (3 + 2)  # 3 han 40 fu
    assert r.han == 3 and int(r.total) == up100(2 * b) + up100(b)


def test_presets_carry_three_player_values():
    for preset in ("tenhou", "mahjongsoul"):
        rules = tenbou.rules({"preset": preset})
        assert (rules["sanma_tsumo"], rules["sanma_honba_value"], rules["north_value"],
                rules["kita_dora"], rules["kita_kazoe"]) == ("loss", 200, False, True, True)


# --- invalid three-player requests: each its own error ----------------------------------------

BAD = [
    # (request keys, exception, field, words in the message)
    (dict(hand="123m99m123p456p789s", win_tile="9m"), TileNotInRulesError, "hand", "2m is not in three-player"),
    (dict(hand="111m99m123p456p789s", win_tile="9m", melds=[], riichi=True), None, None, None),  # valid: the base
    (dict(hand="99m123p456p789s", win_tile="9m", melds=["pon:555m"]), TileNotInRulesError, "melds[0]", "5m"),
    (dict(hand="99m123p456p789s", win_tile="9m", melds=["chi:123p"]), MeldNotInRulesError, "melds[0]", "no chi"),
    (dict(hand=HAND, win_tile="9m", dora_indicators="4m"), TileNotInRulesError, "dora_indicators", "4m"),
    (dict(hand=HAND, win_tile="9m", riichi=True, dora_indicators="1p", ura_indicators="8m"), TileNotInRulesError,
     "ura_indicators", "8m"),
    (dict(hand="111m09m123p456p789s", win_tile="9m"), TileNotInRulesError, "hand", "0m"),
    (dict(hand=HAND, win_tile="9m", kita=5), InvalidValueError, "kita", "between 0 and 4"),
    (dict(hand=HAND, win_tile="9m", kita=-1), InvalidValueError, "kita", None),
    (dict(hand=HAND, win_tile="9m", kita="2"), InvalidValueError, "kita", "integer"),
    (dict(hand=HAND, win_tile="9m", seat_wind="N"), InvalidValueError, "seat_wind", "no North seat"),
    (dict(hand="111m99m123p456p444z", win_tile="9m", kita=2), TooManyCopiesError, "", "5 copies of 4z"),
    (dict(hand=HAND, win_tile="9m", players=5), InvalidValueError, "players", "3 (sanma) or 4"),
    (dict(hand=HAND, win_tile="9m", players=4, kita=1), InvalidValueError, "kita", "only in three-player"),
    (dict(hand=HAND, win_tile="9m", tsumo=True, rinshan=True), ImpossibleFlagsError, "", "or a kita"),
]


@pytest.mark.parametrize("keys, exc, field, words", BAD)
def test_invalid_three_player_requests(keys, exc, field, words):
    req = {"players": 3, **keys}
    if exc is None:
        assert tenbou.score(req).ok
        return
    with pytest.raises(exc) as info:
        tenbou.score(req)
    assert info.value.field == field
    if words:
        assert words in str(info.value)
    # The same error through JSON text and the batch path.
    d = json.loads(tenbou.score_json(json.dumps(req)))
    assert not d["ok"] and d["error"]["reason"] == info.value.reason and d["error"].get("field", "") == field
    (b,) = tenbou.score_many([req])
    assert not b.ok and b.error["message"] == d["error"]["message"]


def test_win_tile_not_in_the_set():
    with pytest.raises(TileNotInRulesError) as info:
        tenbou.score({"players": 3, "hand": "111m99m123p456p789s", "win_tile": "5m"})
    assert info.value.field in ("hand", "win_tile")


def test_invalid_requests_through_the_cli(run_cli, capsys):
    def cli(args):  # (the message goes to stderr)
        code, out = run_cli(args)
        return code, out + capsys.readouterr().err

    code, out = cli(["score", "123m99m123p456p789s", "--win", "9m", "--players", "3"])
    assert code == 1 and "2m is not in three-player" in out
    code, out = cli(["score", "99m123p456p789s", "--win", "9m", "--meld", "chi:123p", "--players", "3"])
    assert code == 1 and "no chi" in out
    code, out = cli(["score", HAND, "--win", "9m", "--players", "3", "--seat", "N"])
    assert code == 1 and "no North seat" in out
    code, out = cli(["score", HAND, "--win", "9m", "--kita", "1"])
    assert code == 1 and "only in three-player" in out
    code, out = cli(["score", HAND, "--win", "9m", "--players", "3", "--kita", "9"])
    assert code == 1 and "between 0 and 4" in out


def test_cli_scores_a_three_player_hand(run_cli):
    code, out = run_cli(["score", HAND, "--win", "9m", "--tsumo", "--riichi", "--seat", "S", "--players", "3",
                         "--kita", "2", "--honba", "1"])
    assert code == 0
    assert "three-player" in out and "kita 4z4z" in out
    # 4 han 40 fu non-dealer tsumo: mangan 4,000 + 2,000, +100 honba from each payer.
    assert "the dealer pays" in out and "the other non-dealer pays" in out and "Total     6,200" in out
    code, out = run_cli(["score", HAND, "--win", "9m", "--riichi", "--seat", "S", "--players", "3", "--kita", "1", "--json"])
    d = json.loads(out)
    assert d["players"] == 3 and {"key": "kita", "han": 1} in d["yaku"]
    code, out = run_cli(["points", "--han", "5", "--tsumo", "--players", "3", "--json"])
    assert json.loads(out)["total"] == 6000


# --- before the win: the 108-tile set ---------------------------------------------------------

def test_waits_exclude_two_to_eight_man():
    # 1m 9m: a wait on 1m/9m shanpon; and a 13-orphan wait that never offers 2m-8m.
    w = tenbou.waits({"hand": "11m99m123p456p789s", "players": 3, "seat_wind": "S", "riichi": True})
    assert [x.tile for x in w.waits] == ["1m", "9m"]
    w = tenbou.waits({"hand": "19m19p19s1234567z", "players": 3})
    assert len(w.waits) == 13 and all(x.tile in ("1m", "9m") or x.tile[1] != "m" for x in w.waits)
    sh = _core.shanten({"hand": "19m1p2345p1379s44z", "players": 3})
    assert all(not ("2" <= u["tile"][0] <= "8" and u["tile"][1] == "m") for u in sh["ukeire"])
    # kita count as seen North tiles: with three in kita and one in hand, no 4z wait.
    w = tenbou.waits({"hand": "123p456p789s111s4z", "players": 3, "kita": 3, "seat_wind": "S", "riichi": True})
    assert [x.tile for x in w.waits] == []
    w = tenbou.waits({"hand": "123p456p789s111s4z", "players": 3, "kita": 2, "seat_wind": "S", "riichi": True})
    assert [(x.tile, x.unseen) for x in w.waits] == [("4z", 1)]


def test_three_player_waits_equal_score_on_the_completed_hand():
    import hand_generator
    from test_waits import check_waits

    requests = hand_generator.generate(2300, seed=314, players=3)
    assert check_waits(requests) >= 2000
