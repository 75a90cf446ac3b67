"""Each yaku, yakuman, dora kind and rule option on a whole hand, with exact totals."""
from __future__ import annotations

from typing import Any, Dict, Optional

import pytest

import tenbou
from tenbou import riichi

S = {"seat_wind": "S"}  # a non-dealer in the East round unless a case says otherwise


def check(result: tenbou.Result, yaku: Dict[str, int], han: int, fu: Optional[int], total: int) -> None:
    assert result.ok, result
    assert {y.key: y.han for y in result.yaku} == yaku
    assert result.han == han
    if fu is not None:
        assert result.fu == fu
    assert result.total == total


CASES = {
    # name: (hand, win, kwargs, yaku, han, fu, total)
    # Three-player (tests/test_sanma.py has the rest): 20 + 10 + 2 tanki + 8 (111m) = 40 fu.
    "kita (three-player)": ("111m99m123p456p789s", "9m", dict(riichi=True, players=3, kita=2, **S),
                            {"riichi": 1, "kita": 2}, 3, 40, 5200),
    "north value tile (three-player option)": ("123p456p789s55s", "9s", dict(
        melds=["pon:444z"], players=3, options={"north_value": True}, **S), {"north_wind": 1}, 1, 30, 1000),
    "riichi ippatsu tsumo pinfu tanyao": ("234567m234p55s678s", "5m", dict(tsumo=True, riichi=True, ippatsu=True, **S),
                                          {"menzen_tsumo": 1, "riichi": 1, "ippatsu": 1, "pinfu": 1, "tanyao": 1}, 5, 20, 8000),
    "iipeikou kanchan": ("112233m456p789s55s", "2m", dict(riichi=True, **S), {"riichi": 1, "iipeikou": 1}, 2, 40, 2600),
    "ryanpeikou beats chiitoitsu": ("112233m556677p55s", "5s", S, {"ryanpeikou": 3}, 3, 40, 5200),
    "seat wind pon": ("234m567p789s11p", "1p", dict(melds=["pon:222z"], **S), {"seat_wind": 1}, 1, 30, 1000),
    "double wind triplet": ("234m567p789s11p", "1p", dict(melds=["pon:111z"]), {"seat_wind": 1, "round_wind": 1}, 2, 30, 2900),
    "shousangen": ("234m567p77z", "7z", dict(melds=["pon:555z", "pon:666z"], **S),
                   {"haku": 1, "hatsu": 1, "shousangen": 2}, 4, 40, 8000),
    "chun pon, kanchan": ("234m567p789s11p", "3m", dict(melds=["pon:777z"], **S), {"chun": 1}, 1, 30, 1000),
    "sankantsu open": ("567p11s", "1s", dict(melds=["kan:2222m", "ankan:4444s", "kakan:8888p"], **S),
                       {"sankantsu": 2}, 2, 60, 3900),
    "chanta": ("123m789m123p999s33z", "3z", S, {"chanta": 2}, 2, 40, 2600),
    "junchan": ("123m789m123p999s11s", "1s", S, {"junchan": 3}, 3, 40, 5200),
    "ittsu pinfu": ("123456789m234p55s", "9m", S, {"pinfu": 1, "ittsu": 2}, 3, 30, 3900),
    "sanshoku pinfu tanyao": ("234m234p234s678m55p", "8m", S, {"pinfu": 1, "tanyao": 1, "sanshoku": 2}, 4, 30, 7700),
    "open sanshoku doukou": ("222m222p456s99m", "9m", dict(melds=["pon:222s"], **S), {"sanshoku_doukou": 2}, 2, 40, 2600),
    "toitoi shanpon ron": ("444s777s99m", "7s", dict(melds=["pon:222m", "pon:333p"], **S), {"toitoi": 2}, 2, 30, 2000),
    "sanankou riichi": ("111m333p555s789s22m", "2m", dict(riichi=True, **S), {"riichi": 1, "sanankou": 2}, 3, 50, 6400),
    "honroutou chiitoitsu": ("1199m1199p11s1122z", "2z", dict(round_wind="E", seat_wind="W"),
                             {"chiitoitsu": 2, "honroutou": 2}, 4, 25, 6400),
    "honitsu": ("123m456m678m333z55z", "5z", S, {"honitsu": 3}, 3, 50, 6400),
    "chinitsu iipeikou": ("112233456678m99m", "9m", S, {"iipeikou": 1, "chinitsu": 6}, 7, None, 12000),
    "open chinitsu": ("112233678m99m", "9m", dict(melds=["chi:456m"], **S), {"chinitsu": 5}, 5, None, 8000),
    "haitei": ("234567m234p55s678s", "5m", dict(tsumo=True, haitei=True, **S),
               {"menzen_tsumo": 1, "haitei": 1, "pinfu": 1, "tanyao": 1}, 4, 20, 5200),
    "houtei": ("234567m234p55s678s", "5m", dict(houtei=True, **S), {"houtei": 1, "pinfu": 1, "tanyao": 1}, 3, 30, 3900),
    "chankan": ("234567m234p55s678s", "5m", dict(chankan=True, **S), {"chankan": 1, "pinfu": 1, "tanyao": 1}, 3, 30, 3900),
    "rinshan with closed kan": ("234m567p678s55s", "5s", dict(melds=["ankan:8888m"], tsumo=True, rinshan=True, **S),
                                {"menzen_tsumo": 1, "rinshan": 1, "tanyao": 1}, 3, 40, 5200),
    "double riichi": ("234567m234p55s678s", "5m", dict(double_riichi=True, **S),
                      {"double_riichi": 2, "pinfu": 1, "tanyao": 1}, 4, 30, 7700),
    "dora, red five, ura": ("234067m234p55s678s", "0m", dict(riichi=True, dora_indicators="4m", ura_indicators="1s", **S),
                            {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1, "aka_dora": 1, "ura_dora": 0} , 5, 30, 8000),
    "kan dora counts four": ("234m567p678s55s", "5s", dict(melds=["ankan:8888m"], tsumo=True, dora_indicators="7m", **S),
                             {"menzen_tsumo": 1, "tanyao": 1, "dora": 4}, 6, 40, 12000),
    "red five in a meld": ("234m678p55s678s", "5s", dict(melds=["chi:406m"], **S), {"tanyao": 1, "aka_dora": 1}, 2, 30, 2000),
    # yakuman
    "daisangen": ("555z666z777z123m44p", "4p", S, {"daisangen": 13}, 13, None, 32000),
    "suuankou tsumo": ("111m333p555s777s22z", "7s", dict(tsumo=True, **S), {"suuankou": 13}, 13, None, 32000),
    "suuankou tanki": ("111m333p555s777s22z", "2z", S, {"suuankou_tanki": 13}, 13, None, 32000),
    "shanpon ron is only sanankou": ("111m333p555s777s22z", "7s", S, {"toitoi": 2, "sanankou": 2}, 4, 50, 8000),
    "tsuuiisou seven pairs": ("11223344556677z", "7z", S, {"tsuuiisou": 13}, 13, 25, 32000),
    "ryuuiisou": ("223344s666s888s66z", "6z", S, {"ryuuiisou": 13}, 13, None, 32000),
    "chinroutou and suuankou tanki": ("111m999m111p999p11s", "1s", S, {"suuankou_tanki": 13, "chinroutou": 13}, 26, None, 64000),
    "chuuren": ("11123455678999m", "1m", S, {"chuuren": 13}, 13, None, 32000),
    "junsei chuuren": ("11123455678999m", "5m", S, {"junsei_chuuren": 13}, 13, None, 32000),
    "kokushi": ("19m19p19s1234567z7z", "1m", S, {"kokushi": 13}, 13, 0, 32000),
    "kokushi 13-sided": ("19m19p19s1234567z7z", "7z", S, {"kokushi_13": 13}, 13, 0, 32000),
    "daisuushi": ("333z444z55m", "5m", dict(melds=["pon:111z", "pon:222z"], **S), {"daisuushi": 13}, 13, None, 32000),
    "shousuushi": ("111z222z333z44z123m", "4z", S, {"shousuushi": 13}, 13, None, 32000),
    "suukantsu": ("55m", "5m", dict(melds=["kan:1111p", "ankan:2222s", "kakan:3333m", "kan:7777z"], **S),
                  {"suukantsu": 13}, 13, None, 32000),
    "tenhou": ("234567m234p55s678s", "5m", dict(tenhou=True), {"tenhou": 13}, 13, None, 48000),
    "chiihou": ("234567m234p55s678s", "5m", dict(chiihou=True, **S), {"chiihou": 13}, 13, None, 32000),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_yaku(name):
    hand, win, kwargs, yaku, han, fu, total = CASES[name]
    check(riichi.score(hand, win, **kwargs), {k: v for k, v in yaku.items() if v}, han, fu, total)


def test_every_contract_yaku_key_is_covered_by_a_test():
    covered = {k for case in CASES.values() for k in case[3]}
    keys = {row for row in tenbou.yaku_names()}
    # renhou is a local yaku tested under its options below.
    assert keys - covered == {"renhou"}


def test_no_yaku_and_not_winning():
    r = riichi.score("123m456p789s23455s", "5s", dora_indicators="4s", **S)
    assert not r.ok and r.error["code"] == "no_yaku"
    r = riichi.score("123m456p789s23456s", "6s", **S)
    assert not r.ok and r.error["code"] == "not_winning"
    assert repr(r).startswith("<Result not_winning")


# --- options ----------------------------------------------------------------------------

def test_open_tanyao_option():
    args = ("234m678p55s678s", "5s")
    assert riichi.score(*args, melds=["chi:456m"], **S).yaku == [tenbou.YakuItem("tanyao", 1)]
    r = riichi.score(*args, melds=["chi:456m"], options={"open_tanyao": False}, **S)
    assert r.error["code"] == "no_yaku"
    assert riichi.score("234m678p55s678s456m", "5s", riichi=True, options={"open_tanyao": False}, **S).ok


def test_red_fives_option_and_wrc_preset():
    args = ("234067m234p55s678s", "0m")
    assert "aka_dora" in {y.key for y in riichi.score(*args, riichi=True, **S).yaku}
    assert "aka_dora" not in {y.key for y in riichi.score(*args, riichi=True, options={"red_fives": False}, **S).yaku}
    assert "aka_dora" not in {y.key for y in riichi.score(*args, riichi=True, options={"preset": "wrc"}, **S).yaku}


def test_double_yakuman_option_and_mahjongsoul_preset():
    for opts in ({"double_yakuman": True}, {"preset": "mahjongsoul"}):
        r = riichi.score("111m333p555s777s22z", "2z", options=opts, **S)
        assert (r.yakuman, r.han, r.total) == (2, 26, 64000)
        assert r.yaku == [tenbou.YakuItem("suuankou_tanki", 26)]
    assert riichi.score("19m19p19s1234567z7z", "7z", options={"double_yakuman": True}, **S).total == 64000
    assert riichi.score("11123455678999m", "5m", options={"double_yakuman": True}, **S).total == 64000
    assert riichi.score("11123455678999m", "1m", options={"double_yakuman": True}, **S).total == 32000


def test_multiple_yakuman_option():
    hand = ("111m999m111p999p11s", "1s")
    assert riichi.score(*hand, **S).yakuman == 2
    r = riichi.score(*hand, options={"multiple_yakuman": False}, **S)
    assert (r.yakuman, r.total) == (1, 32000) and len(r.yaku) == 1


def test_double_wind_fu_option_and_wrc_preset():
    args = ("234m567p123789s11z", "1z")  # East seat, East round: double-wind pair, tanki, on a riichi ron
    four = riichi.score(*args, riichi=True)
    assert {f.key: f.fu for f in four.fu_details} == {"base": 20, "closed_ron": 10, "wait_tanki": 2, "pair_seat_wind": 2, "pair_round_wind": 2}
    assert four.fu == 40
    two = riichi.score(*args, riichi=True, options={"double_wind_fu": 2})
    assert {f.key: f.fu for f in two.fu_details} == {"base": 20, "closed_ron": 10, "wait_tanki": 2, "pair_double_wind": 2}
    assert two.fu == 40 and riichi.score(*args, riichi=True, options={"preset": "wrc"}).fu == 40
    # The difference shows when it crosses a multiple of ten: 20+10+8(9p triplet)+4 = 42 -> 50 vs 40.
    t = ("999p567p789s11z", "5p")
    assert riichi.score(t[0] + "234m", t[1], riichi=True).fu == 50
    assert riichi.score(t[0] + "234m", t[1], riichi=True, options={"double_wind_fu": 2}).fu == 40


def test_kazoe_option():
    # riichi 1 + tsumo 1 + chinitsu 6 + ittsu 2 + dora 3 = 13 han, no yakuman
    r = riichi.score("12345678999m234m", "4m", tsumo=True, riichi=True, dora_indicators="8m", **S)
    assert r.han >= 13 and r.limit == "kazoe_yakuman" and r.total == 32000 and r.yakuman == 0
    s = riichi.score("12345678999m234m", "4m", tsumo=True, riichi=True, dora_indicators="8m", options={"kazoe": "sanbaiman"}, **S)
    assert s.limit == "sanbaiman" and s.total == 24000
    assert riichi.score("12345678999m234m", "4m", tsumo=True, riichi=True, dora_indicators="8m", options={"preset": "wrc"}, **S).total == 24000


def test_real_yakuman_beats_kazoe_at_equal_points():
    # 111222333444m+55m: four concealed triplets (suuankou tanki, 32,000) or 123m x3 + 444m:
    # riichi 1 + tsumo 1 + chinitsu 6 + iipeikou 1 + dora 5 = 14 han, kazoe yakuman, also 32,000.
    r = riichi.score("111222333444m55m", "5m", tsumo=True, riichi=True, dora_indicators="4m3m", **S)
    assert r.total == 32000 and r.yakuman == 1 and r.limit == "yakuman"
    assert r.yaku == [tenbou.YakuItem("suuankou_tanki", 13)]


def test_kiriage_option_on_a_hand():
    r = riichi.score("234m567p789s22p555z", "9s", riichi=True, dora_indicators="1m", **S)  # 3 han 40 fu
    assert (r.han, r.fu, r.total) == (3, 40, 5200)
    r = riichi.score("234m567p789s11p", "1p", melds=["pon:555z"], dora_indicators="1m6p8s", **S)  # haku + 3 dora, 30 fu
    assert (r.han, r.fu, r.total) == (4, 30, 7700)
    k = riichi.score("234m567p789s11p", "1p", melds=["pon:555z"], dora_indicators="1m6p8s", options={"kiriage": True}, **S)
    assert (k.limit, k.total) == ("mangan", 8000)
    assert riichi.score("234m567p789s11p", "1p", melds=["pon:555z"], dora_indicators="1m6p8s", options={"preset": "mleague"}, **S).total == 8000


@pytest.mark.parametrize("value, yaku, total", [
    ("none", None, None),
    ("mangan", {"renhou": 5, "pinfu": 1, "tanyao": 1}, 12000),
    ("yakuman", {"renhou": 13}, 32000),
])
def test_renhou_option(value, yaku, total):
    if value == "mangan":  # the wrc preset's renhou: cumulative, as the WRC errata says
        assert riichi.score("234567m234p55s678s", "5m", renhou=True, options={"preset": "wrc"}, **S).total == total
    r = riichi.score("234567m234p55s678s", "5m", renhou=True, options={"renhou": value}, **S)
    if yaku is None:  # renhou off (Tenhou): only the hand's own yaku
        assert {y.key for y in r.yaku} == {"pinfu", "tanyao"}
    else:
        assert {y.key: y.han for y in r.yaku} == yaku and r.total == total


def test_presets_switch_what_the_readme_says():
    assert tenbou.rules() == tenbou.rules({"preset": "tenhou"})
    t = tenbou.rules({"preset": "tenhou"})
    assert (t["open_tanyao"], t["red_fives"], t["kiriage"], t["kazoe"], t["double_yakuman"], t["double_wind_fu"]) == (True, True, False, "yakuman", False, 4)
    assert tenbou.rules({"preset": "mahjongsoul"})["double_yakuman"] is True
    w = tenbou.rules({"preset": "wrc"})
    assert (w["red_fives"], w["kiriage"], w["kazoe"], w["double_wind_fu"], w["renhou"]) == (False, True, "sanbaiman", 2, "mangan")
    m = tenbou.rules({"preset": "mleague"})
    # M.League (issue 17, its rule pages): no kazoe yakuman, 2 fu double wind.
    assert (m["red_fives"], m["kiriage"], m["kazoe"], m["double_wind_fu"]) == (True, True, "sanbaiman", 2)
    assert tenbou.rules({"preset": "wrc", "kiriage": False})["kiriage"] is False
    with pytest.raises(tenbou.UnknownKeyError):
        tenbou.rules({"kuitan": True})


def test_best_reading_prefers_points_over_han():
    # 111222333m: three triplets (sanankou) or three sequences (iipeikou-free): the higher payment wins.
    r = riichi.score("111222333m456p77s", "7s", tsumo=True, **S)
    assert "sanankou" in {y.key for y in r.yaku}
