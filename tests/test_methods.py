"""Issue 3: the han-only and aotenjo methods of seed 000, exact at any size, and myriad units."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Dict, List, Tuple

import gmpy2
import pytest

import tenbou
from tenbou import riichi

# --- bar 1: the han-only table of seed 000 section 2, every cell ------------------------------

LIMITS = {"만관": "mangan", "하네만": "haneman", "배만": "baiman", "삼배만": "sanbaiman", "헤아림 역만": "kazoe_yakuman"}


def load_han_only_table() -> Tuple[Dict[int, dict], Dict[int, int]]:
    text = (Path(__file__).parent / "data" / "seed000_han_only_table.txt").read_text(encoding="utf-8")
    rows: Dict[int, dict] = {}
    for line in text.splitlines():
        m = re.match(r"\| (\d+)(?:-(\d+))?판( 이상)?(?:\[\d\])? \| ([^|]*) \| ([^|]*) \| ([^|]*) \|", line)
        if not m:
            continue
        first, last = int(m.group(1)), int(m.group(2) or m.group(1))
        if m.group(3):
            last = 20  # "13판 이상": 13 han and up
        name = m.group(4).strip()
        limit = next((v for k, v in sorted(LIMITS.items(), key=lambda kv: -len(kv[0])) if name.startswith(k)), None)

        def cell(text: str, dealer: bool) -> dict:
            text = re.sub(r"\[\d\]", "", text)
            c = re.fullmatch(r"([\d,]+)점 \((.*)\)", text.strip())
            assert c, text
            ron = int(c.group(1).replace(",", ""))
            if dealer:
                return {"ron": ron, "tsumo": [int(c.group(2).replace(" ALL", "").replace(",", ""))]}
            non_dealer, dealer_share = (int(x.replace(",", "")) for x in c.group(2).split("-"))
            return {"ron": ron, "tsumo": [dealer_share, non_dealer]}

        for han in range(first, last + 1):
            rows[han] = {"limit": limit, "non_dealer": cell(m.group(5), False), "dealer": cell(m.group(6), True)}
    notes = {int(k): int(v.replace(",", "")) for k, v in re.findall(r"\[(\d)\] ([\d,]+)점", text)}
    return rows, notes


HAN_ONLY, NOTES = load_han_only_table()


def test_han_only_table_is_complete():
    assert sorted(HAN_ONLY) == list(range(1, 21))
    assert NOTES == {1: 1100, 2: 3000, 3: 4000, 4: 6000, 6: 7900, 7: 11700}


@pytest.mark.parametrize("han", range(1, 21))
@pytest.mark.parametrize("who", ["non_dealer", "dealer"])
def test_han_only_cell(han, who):
    expected = HAN_ONLY[han][who]
    dealer = who == "dealer"
    for fu in (None, 20, 25, 110):  # fu is ignored by the method
        ron = tenbou.points(han, fu, dealer=dealer, method="han_only")
        tsumo = tenbou.points(han, fu, dealer=dealer, tsumo=True, method="han_only")
        assert ron.ok and ron.total == expected["ron"]
        assert [p.amount for p in tsumo.payments] == expected["tsumo"]
        assert ron.limit == HAN_ONLY[han]["limit"] and ron.as_dict()["fu"] == 30


def test_han_only_footnotes():
    # [1]..[7]: the tsumo totals, and [5] kiriage turning 4 han into mangan.
    assert tenbou.points(1, method="han_only", tsumo=True).total == NOTES[1]
    assert tenbou.points(2, method="han_only", tsumo=True, dealer=True).total == NOTES[2]
    assert tenbou.points(3, method="han_only", tsumo=True).total == NOTES[3]
    assert tenbou.points(3, method="han_only", tsumo=True, dealer=True).total == NOTES[4]
    assert tenbou.points(4, method="han_only", tsumo=True).total == NOTES[6]
    assert tenbou.points(4, method="han_only", tsumo=True, dealer=True).total == NOTES[7]
    kiri = {"kiriage": True}
    assert tenbou.points(4, method="han_only", options=kiri).total == 8000
    assert tenbou.points(4, method="han_only", dealer=True, options=kiri).total == 12000
    assert tenbou.points(3, method="han_only", options=kiri).total == 3900


def test_han_only_whole_hands():
    # Pinfu tsumo (20 fu under fu/han) and seven pairs (25 fu) both pay the 30 fu column.
    r = riichi.score("123m456p789s234s55p", "2s", tsumo=True, seat_wind="S", method="han_only")
    assert (r.han, r.fu, r.method) == (2, 30, "han_only")
    assert [tuple(p) for p in r.payments] == [("dealer", 1000), ("non_dealer", 500)]
    assert r.fu_details == [tenbou.FuItem("han_only", 30)]
    c = riichi.score("1199m2288p3377s55z", "5z", seat_wind="S", method="han_only")
    assert (c.han, c.total) == (2, 2000)
    # seed 000 section 2: "소삼원 ... 중복하여 4판": shousangen 2 + its two dragon triplets.
    s = riichi.score("234m567p77z", "7z", melds=["pon:555z", "pon:666z"], seat_wind="S", method="han_only")
    assert (s.han, s.total) == (4, 7700)


def test_table_command_han_only(run_cli):
    code, out = run_cli(["table", "--method", "han_only"])
    assert code == 0
    assert "1     1,000 (300-500)             1,500 (500 all)" in out
    assert "4     7,700 (2,000-3,900)         11,600 (3,900 all)" in out
    code, out = run_cli(["table", "--method", "han_only", "--json"])
    rows = json.loads(out)
    assert rows[1]["dealer"] == {"ron": 2900, "tsumo": [1000], "limit": None}


# --- bar 2: every exact total seed 000 states, with its Korean reading ------------------------

SEED_TOTALS = [
    # (han, fu, dealer, tsumo, honba, honba_value, total, Korean as seed 000 writes it)
    (103, 90, True, True, 0, 300, 21905002371943804057863031388897400,
     "219구 500양 2371자 9438해 405경 7863조 313억 8889만 7400"),
    # The seed multiplies these "오야 기준" totals by 6 once (the ron form); as tsumo,
    # per-payer rounding (seed 003) would make them 200 more.
    (116, 90, True, False, 8, 1500, 179445779430963642842013953137846529800,
     "179간 4457구 7943양 963자 6428해 4201경 3953조 1378억 4652만 9800"),
    (81, 60, True, False, 0, 300, 3481706360490132023153786900, "3481자 7063해 6049경 132조 231억 5378만 6900"),
    (90, 140, True, True, 0, 300, 4159478531998877723661057392700,
     "415양 9478자 5319해 9887경 7723조 6610억 5739만 2700"),
    (46, 50, True, False, 0, 300, 84442493013196800, "8경 4442조 4930억 1319만 6800"),
    (105, 140, False, False, 0, 300, 90865195024359483499283685761351700,
     "908구 6519양 5024자 3594해 8349경 9283조 6857억 6135만 1700"),
]


@pytest.mark.parametrize("han, fu, dealer, tsumo, honba, honba_value, total, korean", SEED_TOTALS)
def test_seed_aotenjo_totals_python(han, fu, dealer, tsumo, honba, honba_value, total, korean):
    p = tenbou.points(han, fu, dealer=dealer, tsumo=tsumo, honba=honba, method="aotenjo",
                      options={"honba_value": honba_value})
    assert isinstance(p.total, type(gmpy2.mpz(0))) and p.total == total
    assert p.total_text("ko") == korean
    assert p.total_text("en") == f"{total:,}"
    assert p.limit is None


@pytest.mark.parametrize("han, fu, dealer, tsumo, honba, honba_value, total, korean", SEED_TOTALS)
def test_seed_aotenjo_totals_cli(run_cli, han, fu, dealer, tsumo, honba, honba_value, total, korean):
    args = ["points", "--han", str(han), "--fu", str(fu), "--method", "aotenjo", "--honba", str(honba),
            "--option", f"honba_value={honba_value}"] + (["--dealer"] if dealer else []) + (["--tsumo"] if tsumo else [])
    code, out = run_cli(args + ["--json"])
    assert code == 0 and json.loads(out)["total"] == total
    code, out = run_cli(args + ["--units", "ko"])
    assert out.splitlines()[-1] == f"Total {korean}"


def test_japanese_units():
    assert tenbou.format_amount(21905002371943804057863031388897400, "ja") == "219溝500穣2371𥝱9438垓405京7863兆313億8889万7400"
    assert tenbou.format_amount(100000000, "ko") == "1억" and tenbou.format_amount(0, "ko") == "0"
    # Past 10^68 the head repeats the largest unit.
    assert tenbou.format_amount(10 ** 68, "ko") == "1무량대수"
    assert tenbou.format_amount(10 ** 72, "ko") == "1만 무량대수"
    assert tenbou.format_amount(10 ** 72 + 5, "ja") == "1万無量大数5"
    with pytest.raises(ValueError):
        tenbou.format_amount(5, "fr")


def test_seed_honitsu_dora_3_hand():
    # seed 000 section 4: "혼일색 중 도라 3 ... 하네만 12000점 ... 아오텐조 규칙에서는 30,800점"
    hand = dict(melds=["pon:777z"], seat_wind="S", dora_indicators="1m")
    r = riichi.score("222345m678m99m", "9m", **hand)
    assert {y.key: y.han for y in r.yaku} == {"chun": 1, "honitsu": 2, "dora": 3}
    assert (r.han, r.fu, r.total, r.limit) == (6, 30, 12000, "haneman")
    a = riichi.score("222345m678m99m", "9m", method="aotenjo", **hand)
    assert (a.han, a.fu, a.total, a.limit) == (6, 30, 30800, None)


# --- bar 3: whole hands from tiles, one per aotenjo option ------------------------------------

SEED_103 = dict(melds=["ankan:2222s", "ankan:4444s", "ankan:6666s", "ankan:8888s"], tsumo=True, riichi=True,
                ippatsu=True, haitei=True, dora_indicators="1111s5s", ura_indicators="555s77s")


def test_seed_103_han_hand_from_tiles():
    # ryuuiisou 13 + suuankou tanki 26 + suukantsu 13 + chinitsu 6 + riichi, ippatsu, tsumo,
    # haitei, tanyao + dora 40 = 103 han, 90 fu, dealer tsumo (seed 000 note 55).
    r = riichi.score("33s", "3s", method="aotenjo", options={"double_yakuman": True}, **SEED_103)
    assert {y.key: y.han for y in r.yaku} == {
        "ryuuiisou": 13, "suuankou_tanki": 26, "suukantsu": 13, "chinitsu": 6, "riichi": 1, "ippatsu": 1,
        "menzen_tsumo": 1, "haitei": 1, "tanyao": 1, "dora": 20, "ura_dora": 20}
    assert (r.han, r.fu, r.yakuman) == (103, 90, 4)
    assert r.total == 21905002371943804057863031388897400
    assert r.total_text("ko") == "219구 500양 2371자 9438해 405경 7863조 313억 8889만 7400"
    # The same hand under fu/han: 4 yakuman (double suuankou tanki) -> 192,000 for the dealer.
    assert riichi.score("33s", "3s", options={"double_yakuman": True}, **SEED_103).total == 192000


def test_option_drop_implied():
    kept = riichi.score("33s", "3s", method="aotenjo", options={"double_yakuman": True, "aotenjo_drop_implied": False}, **SEED_103)
    extra = {y.key: y.han for y in kept.yaku}.keys() - {"ryuuiisou", "suuankou_tanki", "suukantsu", "chinitsu", "riichi",
                                                         "ippatsu", "menzen_tsumo", "haitei", "tanyao", "dora", "ura_dora"}
    assert extra == {"toitoi", "sanankou", "sankantsu", "honitsu"}  # the lesser yaku the seed leaves out
    assert kept.han == 103 + 2 + 2 + 2 + 3
    # ryanpeikou keeps iipeikou beside it only when implied yaku are kept.
    args = ("112233m556677p55s", "5s")
    assert {y.key for y in riichi.score(*args, riichi=True, seat_wind="S", method="aotenjo").yaku} == {"riichi", "ryanpeikou"}
    both = riichi.score(*args, riichi=True, seat_wind="S", method="aotenjo", options={"aotenjo_drop_implied": False})
    assert {y.key for y in both.yaku} == {"riichi", "ryanpeikou", "iipeikou"} and both.han == 5


def test_option_fixed_yakuman():
    r = riichi.score("33s", "3s", method="aotenjo", options={"double_yakuman": True, "aotenjo_yakuman": "fixed"}, **SEED_103)
    # 15,000,000 per yakuman for the dealer, nothing else added (seed 000: "일괄 친 1500만 점 / 자 1000만 점").
    assert (r.yakuman, r.limit, r.total) == (4, "yakuman", 60000000)
    assert {y.key for y in r.yaku} == {"ryuuiisou", "suuankou_tanki", "suukantsu"}
    nd = riichi.score("111m333p555s777s22z", "7s", tsumo=True, seat_wind="S", method="aotenjo", options={"aotenjo_yakuman": "fixed"})
    assert [tuple(p) for p in nd.payments] == [("dealer", 5000000), ("non_dealer", 2500000)] and nd.total == 10000000


def test_option_kokushi_fu():
    args = ("19m19p19s1234567z7z", "1m")
    r25 = riichi.score(*args, seat_wind="S", method="aotenjo")
    r30 = riichi.score(*args, seat_wind="S", method="aotenjo", options={"aotenjo_kokushi_fu": 30})
    assert (r25.fu, r30.fu) == (25, 30) and r25.han == r30.han == 13
    assert r25.total == -(-25 * 2 ** 15 * 4 // 100) * 100 and r30.total == -(-30 * 2 ** 15 * 4 // 100) * 100
    assert riichi.score(*args, seat_wind="S").fu == 0  # fu/han: no fu (as Tenhou)


def test_option_yakuman_dora():
    # Indicator 5z makes hatsu (6z) the dora: 3 dora on a daisangen.
    on = riichi.score("555z666z777z123m44p", "4p", seat_wind="S", dora_indicators="5z", method="aotenjo")
    off = riichi.score("555z666z777z123m44p", "4p", seat_wind="S", dora_indicators="5z", method="aotenjo",
                       options={"aotenjo_yakuman_dora": False})
    assert on.han == off.han + 3 and "dora" not in {y.key for y in off.yaku}


def test_option_honba_value():
    base = riichi.score("33s", "3s", method="aotenjo", options={"double_yakuman": True}, honba=8, **SEED_103)
    big = riichi.score("33s", "3s", method="aotenjo", options={"double_yakuman": True, "honba_value": 1500}, honba=8, **SEED_103)
    assert (base.honba_bonus, big.honba_bonus) == (2400, 12000)
    assert big.total - base.total == 12000 - 2400


def test_compound_yakuman_sharing_a_lesser_yaku():
    # Open daisuushi + tsuuiisou + toitoi: the combination the mahjong package crashes on.
    hand = dict(melds=["pon:111z", "pon:222z", "pon:333z"], seat_wind="S")
    r = riichi.score("444z55z", "5z", method="aotenjo", **hand)
    assert r.ok and {y.key for y in r.yaku} == {"tsuuiisou", "daisuushi"}  # toitoi implied, dropped
    assert r.han == 26
    kept = riichi.score("444z55z", "5z", method="aotenjo", options={"aotenjo_drop_implied": False}, **hand)
    assert {y.key for y in kept.yaku} >= {"tsuuiisou", "daisuushi", "toitoi", "honroutou", "seat_wind", "round_wind"}
    assert riichi.score("444z55z", "5z", **hand).total == 64000


# --- bar 4: property test against the formula in Python integers ------------------------------

def formula(han: int, fu: int, dealer: bool, tsumo: bool) -> List[int]:
    base = fu * 2 ** (han + 2)
    up = lambda x: -(-x // 100) * 100  # noqa: E731
    if not tsumo:
        return [up(base * (6 if dealer else 4))]
    return [up(2 * base)] if dealer else [up(2 * base), up(base)]


def test_aotenjo_property_random_cells():
    rng = random.Random(2026)
    fus = [20, 25] + list(range(30, 180, 10))
    for _ in range(3000):
        han, fu = rng.randint(1, 2000), rng.choice(fus)
        dealer, tsumo = rng.random() < 0.5, rng.random() < 0.5
        if han < 5 and (fu == 25 and han == 1 or fu == 25 and han == 2 and tsumo or fu == 20 and han == 1 and tsumo
                        or fu == 110 and han == 1 and tsumo or fu >= 120 and han <= 2):
            continue
        p = tenbou.points(han, fu, dealer=dealer, tsumo=tsumo, method="aotenjo")
        expected = formula(han, fu, dealer, tsumo)
        assert [int(x.amount) for x in p.payments] == expected, (han, fu, dealer, tsumo)
        total = expected[0] if not tsumo else (3 * expected[0] if dealer else expected[0] + 2 * expected[1])
        assert p.total == total


@pytest.mark.parametrize("han", [10000, 25000])
def test_exact_far_beyond(han):
    p = tenbou.points(han, 170, dealer=True, tsumo=True, honba=3, riichi_sticks=2, method="aotenjo")
    each = -(-2 * 170 * 2 ** (han + 2) // 100) * 100
    assert p.total == 3 * each + 900 + 2000
    assert len(str(p.total)) > 3000
