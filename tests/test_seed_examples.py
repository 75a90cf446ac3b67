"""Bar 2: the worked examples of seeds 003, 001 and 000, scored as whole hands from tiles."""
from __future__ import annotations

import pytest

import tenbou
from tenbou import riichi


def yaku_of(result: tenbou.Result) -> dict:
    return {y.key: y.han for y in result.yaku}


# --- seed 003: 30 fu 3 han in all four payment cases -------------------------------------

@pytest.mark.parametrize("seat, total, payments", [
    ("S", 3900, [("discarder", 3900)]),  # 960 x 4 = 3,840 -> 3,900
    ("E", 5800, [("discarder", 5800)]),  # 960 x 6 = 5,760 -> 5,800
])
def test_seed003_riichi_tanyao_pinfu_ron(seat, total, payments):
    r = riichi.score("234567m345p66s678s", "2m", riichi=True, seat_wind=seat)
    assert yaku_of(r) == {"riichi": 1, "pinfu": 1, "tanyao": 1}
    assert (r.han, r.fu, r.wait) == (3, 30, "ryanmen")
    assert [tuple(p) for p in r.payments] == payments and r.total == total


@pytest.mark.parametrize("seat, total, payments", [
    ("S", 4000, [("dealer", 2000), ("non_dealer", 1000)]),  # each payer rounded on its own
    ("E", 6000, [("non_dealer", 2000)]),
])
def test_seed003_30fu_3han_tsumo(seat, total, payments):
    # riichi + menzen tsumo + tanyao, kanchan 3-5s on 4s: 20 + 2 + 2 = 24 -> 30 fu
    r = riichi.score("234m456p345678s88p", "4s", tsumo=True, riichi=True, seat_wind=seat)
    assert yaku_of(r) == {"menzen_tsumo": 1, "riichi": 1, "tanyao": 1}
    assert (r.han, r.fu, r.wait) == (3, 30, "kanchan")
    assert [tuple(p) for p in r.payments] == payments and r.total == total


def test_seed003_each_payer_rounds_separately():
    # "기본점 960점을 먼저 1,000점으로 올리면 ... 4,000점이 되어 정답인 3,900점과 어긋납니다"
    assert tenbou.points(3, 30).total == 3900
    p = tenbou.points(3, 30, tsumo=True)
    assert p.amount("dealer") == 2000 and p.amount("non_dealer") == 1000


def test_seed003_pinfu_tsumo_is_20_fu():
    r = riichi.score("123m456p789s234s55p", "2s", tsumo=True, seat_wind="S")
    assert yaku_of(r) == {"menzen_tsumo": 1, "pinfu": 1}
    assert (r.han, r.fu) == (2, 20)
    assert [tuple(p) for p in r.payments] == [("dealer", 700), ("non_dealer", 400)]
    assert [f.key for f in r.fu_details] == ["base"]


def test_seed003_chiitoitsu_is_25_fu():
    r = riichi.score("1199m2288p3377s55z", "5z", seat_wind="S")
    assert yaku_of(r) == {"chiitoitsu": 2}
    assert (r.han, r.fu, r.total) == (2, 25, 1600)
    assert r.fu_details == [tenbou.FuItem("chiitoitsu", 25)]


def test_seed003_pinfu_ron_is_30_fu():
    r = riichi.score("123m456p789s234s55p", "2s", seat_wind="S")
    assert yaku_of(r) == {"pinfu": 1}
    assert (r.han, r.fu, r.total) == (1, 30, 1000)


def test_seed003_yakuhai_pon_ron():
    # 20 + open honour triplet 4 = 24 -> 30 fu
    r = riichi.score("123m456p678s11p", "6s", melds=["pon:777z"], seat_wind="S")
    assert yaku_of(r) == {"chun": 1}
    assert (r.han, r.fu, r.total) == (1, 30, 1000)
    assert {f.key: f.fu for f in r.fu_details} == {"base": 20, "open_triplet_terminal": 4}


def test_kuipinfu_is_30_fu_by_default_and_20_at_two_han_under_seed001():
    r = riichi.score("234m567p678s66s", "8s", melds=["chi:345s"], seat_wind="S")
    assert yaku_of(r) == {"tanyao": 1}
    assert (r.fu, r.total) == (30, 1000)
    assert r.fu_details[-1] == tenbou.FuItem("open_pinfu", 10)
    # seed 003 / Tenhou: always 30. seed 001: "2판 이상은 제대로 20부로 계산합니다".
    two_han = dict(melds=["chi:345s"], seat_wind="S", dora_indicators="1m")
    assert riichi.score("234m567p678s66s", "8s", **two_han).fu == 30
    seed001 = riichi.score("234m567p678s66s", "8s", options={"open_pinfu_fu": "one_han_only"}, **two_han)
    assert (seed001.han, seed001.fu, seed001.total) == (2, 20, 1300)
    one_han = riichi.score("234m567p678s66s", "8s", melds=["chi:345s"], seat_wind="S",
                           options={"open_pinfu_fu": "one_han_only"})
    assert (one_han.han, one_han.fu) == (1, 30)
    # seed 000: "쿠이핑후 형태를 20부 1판으로 인정하는 규칙이라면 저 점수대로": the 700 / 1,000 cells.
    for seat, total in [("S", 700), ("E", 1000)]:
        never = riichi.score("234m567p678s66s", "8s", melds=["chi:345s"], seat_wind=seat,
                             options={"open_pinfu_fu": "never"})
        assert (never.han, never.fu, never.total) == (1, 20, total)
        assert tenbou.points(1, 20, dealer=seat == "E").total == total


# --- seed 003 / 000 / 001: honba and riichi sticks --------------------------------------

def test_seed003_two_honba_and_one_stick():
    # "2본장의 40부 3판 자 론이라면 보통 5,200점에 600점을 더해 방총자가 5,800점을 지불합니다"
    r = riichi.score("234m456p789s22p555z", "9s", riichi=True, seat_wind="S", dora_indicators="1m",
                     honba=2, riichi_sticks=1)
    assert yaku_of(r) == {"riichi": 1, "haku": 1, "dora": 1}
    assert (r.han, r.fu) == (3, 40)
    assert r.payments == [tenbou.Payment("discarder", 5200)]
    assert r.honba_bonus == 600 and r.sticks_bonus == 1000
    assert r.total == 6800  # 5,800 from the discarder + 1,000 from the table


def test_seed000_dealer_mangan_tsumo_one_honba():
    # "1본장에서 선이 만관 쯔모했을 경우 12300점(모두에게 4100점씩 받음)"
    p = tenbou.points(5, 30, dealer=True, tsumo=True, honba=1)
    assert p.payments == [tenbou.Payment("non_dealer", 4000)] and p.total == 12300
    r = riichi.score("234567m234p55s678s", "5m", tsumo=True, riichi=True, dora_indicators="1m", honba=1)
    assert (r.han, r.limit, r.total, r.honba_bonus) == (5, "mangan", 12300, 300)
    ron = riichi.score("234567m234p55s678s", "5m", riichi=True, dora_indicators="1m3p", honba=1)
    assert (ron.limit, ron.total) == ("mangan", 12300)


def test_honba_value_option():
    # seed 000: "장봉 1개당 1500점으로 하는 규칙도 있다"
    p = tenbou.points(1, 30, tsumo=True, honba=2, options={"honba_value": 1500})
    assert p.total == 1100 + 3000
    with pytest.raises(tenbou.InvalidValueError):
        tenbou.points(1, 30, options={"honba_value": 1000})


# --- seed 000 section 3.5: the formula examples -------------------------------------------

@pytest.mark.parametrize("han, fu, dealer, tsumo, payments", [
    (1, 30, False, False, [("discarder", 1000)]),
    (1, 30, False, True, [("dealer", 500), ("non_dealer", 300)]),
    (1, 30, True, False, [("discarder", 1500)]),
    (1, 30, True, True, [("non_dealer", 500)]),
    (3, 50, False, False, [("discarder", 6400)]),
    (3, 50, False, True, [("dealer", 3200), ("non_dealer", 1600)]),
    (3, 50, True, False, [("discarder", 9600)]),
    (3, 50, True, True, [("non_dealer", 3200)]),
])
def test_seed000_formula_examples(han, fu, dealer, tsumo, payments):
    assert [tuple(p) for p in tenbou.points(han, fu, dealer=dealer, tsumo=tsumo).payments] == payments


# --- seed 000 section 3.6.1.3: the 110 fu hands ---------------------------------------------

def test_seed000_110fu_1han_dealer():
    # Two terminal/honour closed kans, one sequence, shanpon on the double-wind pair and
    # another terminal, ronned on the other tile: 20 + 10 + 64 + 4 + 4 = 102 -> 110 fu.
    r = riichi.score("345999s11z", "9s", melds=["ankan:1111m", "ankan:9999p"], riichi=True,
                     seat_wind="E", round_wind="E")
    assert yaku_of(r) == {"riichi": 1}
    assert (r.han, r.fu, r.total, r.wait) == (1, 110, 5300, "shanpon")
    assert sum(f.fu for f in r.fu_details) == 102


def test_seed000_110fu_1han_non_dealer():
    r = riichi.score("345999s22z", "9s", melds=["ankan:1111m", "ankan:9999p"], riichi=True,
                     seat_wind="S", round_wind="S")
    assert (r.han, r.fu, r.total) == (1, 110, 3600)


def test_seed000_110fu_2han_sankantsu_dealer_tsumo():
    # East tanki and an open 1m kan: 20 + 64 + 16 + 4 + 2 + 2 = 108 -> 110 fu, sankantsu 2 han.
    r = riichi.score("345p11z", "1z", melds=["ankan:9999p", "ankan:1111s", "kan:1111m"], tsumo=True,
                     seat_wind="E", round_wind="E")
    assert yaku_of(r) == {"sankantsu": 2}
    assert (r.han, r.fu) == (2, 110)
    assert r.payments == [tenbou.Payment("non_dealer", 3600)] and r.total == 10800


def test_seed000_110fu_2han_ron_is_7100():
    # footnote 34: "수패 단기대기로 20+32+32+16+2로 102부->110부", 2 han 110 fu = 7,100.
    r = riichi.score("345p66m", "6m", melds=["ankan:9999p", "ankan:1111s", "kan:1111m"], seat_wind="S")
    assert yaku_of(r) == {"sankantsu": 2}
    assert (r.han, r.fu, r.total) == (2, 110, 7100)


def test_seed000_nobetan_counts_as_tanki():
    # footnote 14: 2345 waiting on 2/5 is read as 2 tanki + 5 tanki: +2 fu.
    r = riichi.score("123m456m789p23455s", "5s", tsumo=True, seat_wind="S")
    assert r.wait == "tanki" and r.decomposition == ["123m", "456m", "789p", "234s", "55s"]
    assert {f.key: f.fu for f in r.fu_details} == {"base": 20, "tsumo": 2, "wait_tanki": 2}
    assert (r.han, r.fu) == (1, 30)


@pytest.mark.parametrize("tsumo, han, fu, total", [(False, 2, 30, 2000), (True, 3, 20, 2700)])
def test_seed000_higher_scoring_reading_is_taken(tsumo, han, fu, total):
    # "자신의 오름패가 여러 대기 타입으로 해석될 수 있는 경우, 점수가 높은 쪽으로 취급한다":
    # 2-2-3-4 + 2: the 2s completes 234 (ryanmen, pinfu) or the 22 pair (tanki, +2 fu).
    # Ron: pinfu 2 han 30 fu (2,000) beats tanki 1 han 40 fu (1,300).
    r = riichi.score("123m789m456p22234s", "2s", riichi=True, tsumo=tsumo, seat_wind="S")
    assert (r.wait, r.han, r.fu, r.total) == ("ryanmen", han, fu, total)
    assert "pinfu" in yaku_of(r)


def test_tanki_reading_wins_when_it_pays_more():
    # Same shape with a triplet, so pinfu is impossible: tanki's +2 fu lifts 38 to 40.
    r = riichi.score("123m999p456p22234s", "2s", riichi=True, seat_wind="S")
    assert (r.wait, r.fu) == ("tanki", 40)
    assert sum(f.fu for f in r.fu_details) == 40
