"""Korean mahjong (seed 004): every table row from whole hands, the seed's worked statements,
house options, bad input.

Expected values come from seed 004's own table (tests/data/seed004_table.txt, lines 10-46 of
the seed copied verbatim and parsed here), never from the engine's table: a wrong value in
cpp/include/tenbou/korean_table.hpp fails these tests.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

import tenbou
from tenbou import korean
from tenbou.errors import (
    DuplicateFlowerError,
    ImpossibleFlagsError,
    InvalidFlowerError,
    InvalidValueError,
    MeldNotInRulesError,
    TileCountError,
    TileNotInRulesError,
    TooManyCopiesError,
    UnknownKeyError,
    WinTileMissingError,
)

VARIANTS = ("nagari", "samsiki", "coffee")
TABLE_FILE = Path(__file__).parent / "data" / "seed004_table.txt"

# English key -> the row's name in the seed table (004 L11-46).
SEED_NAME = {
    "menzen": "멘젠", "tsumo": "쓰무", "pinfu": "핑후", "tanyao": "당요", "value_set": "권리패",
    "ittsu": "일기통관", "honitsu": "혼일색", "toitoi": "돌돌이", "sanankou": "삼안커", "chiitoitsu": "칠대자",
    "shousangen": "소삼원", "suuankou": "사안커", "shousuushi": "소사희", "honroutou": "(혼)노두",
    "chinitsu": "청일색", "daisangen": "대삼원", "daisuushi": "대사희", "tsuuiisou": "자일색", "renhou": "인화",
    "chiihou": "지화", "tenhou": "천화", "chuuren": "구련보등", "genso": "겐쇼", "flower": "꽃패", "eopeo": "엎어",
    "bulleo": "불러", "weja_bulleo": "외자불러", "double_riichi": "부지부 엎어", "hwamangwan": "화만관",
    "haitei": "하이테이 올라", "houtei": "하이테이 쏘아", "rinshan": "깡올라", "chankan": "깡쏘아",
    "rinshan_5p": "깡상 5통올라", "haitei_1p": "하이테이 1통올라", "houtei_9p": "하이테이 9통쏘아",
}


def parse_seed_table() -> Dict[str, List[Tuple[Optional[int], Optional[str]]]]:
    """name -> per variant (han, kind): "+1판" additional, "1판" base, "-" 0, 불명 unknown (004 L10)."""
    rows: Dict[str, List[Tuple[Optional[int], Optional[str]]]] = {}
    for line in TABLE_FILE.read_text(encoding="utf-8").splitlines()[1:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        name, values = cells[0], cells[1:4]
        parsed: List[Tuple[Optional[int], Optional[str]]] = []
        for v in values:
            if v == "불명":
                parsed.append((None, None))
            elif v == "-":
                parsed.append((0, None))
            else:
                m = re.fullmatch(r"(\+?)(\d+)판", v)
                assert m, f"unreadable cell {v!r} in row {name}"
                parsed.append((int(m.group(2)), "additional" if m.group(1) else "base"))
        # a "-" or 불명 cell takes the kind the row's known cells agree on (every such row is all "+")
        kinds = {k for _, k in parsed if k}
        fill = next(iter(kinds)) if len(kinds) == 1 else None
        rows[name] = [(h, k or fill) for h, k in parsed]
    return rows


SEED = parse_seed_table()


def seed_value(key: str, variant: str) -> Tuple[Optional[int], Optional[str]]:
    return SEED[SEED_NAME[key]][VARIANTS.index(variant)]


def test_seed_table_has_36_rows_and_our_names_cover_them():
    assert len(SEED) == 36
    assert set(SEED_NAME.values()) == set(SEED)


def test_transcription_is_the_seed_verbatim():
    from conftest import shared_dir

    seed = (shared_dir() / "seeds" / "004_b66759e1a26b1249.txt").read_text(encoding="utf-8").splitlines()
    assert TABLE_FILE.read_text(encoding="utf-8").splitlines() == seed[9:46]


def test_engine_table_equals_the_seed_table():
    """The core's data table, row by row, against the seed (values, kinds, seed lines)."""
    table = {row["key"]: row for row in korean.yaku_table()}
    for key, name in SEED_NAME.items():
        row = table[key]
        assert row["name_ko"] == name.strip("()").replace("(혼)", "혼") or row["name_ko"] == name.replace("(혼)", "혼"), key
        for variant in VARIANTS:
            han, kind = seed_value(key, variant)
            assert row["han"][variant] == han, (key, variant)
            if kind:
                assert row["kind"][variant] == kind, (key, variant)


# --- every row from whole hands ----------------------------------------------------------------

def req(hand: str, win: Optional[str], **kw: Any) -> Dict[str, Any]:
    r: Dict[str, Any] = {"rules": "korean", "hand": hand}
    if win:
        r["win_tile"] = win
    r.update(kw)
    return r


PINFU_HAND = "234567m234p55678p"  # 234m 567m 234p 55p 678p, 6p completes 78p (two-sided)

# (name, request, [(key, units[, tile])]) -- the expected patterns, read off the tiles by hand.
HANDS: List[Tuple[str, Dict[str, Any], List[Tuple[Any, ...]]]] = [
    ("menzen pinfu tanyao (K1 K3 K4 K23)", req(PINFU_HAND, "6p"),
     [("menzen", 1), ("pinfu", 1), ("tanyao", 1), ("genso", 1)]),
    ("concealed tsumo (K2)", req(PINFU_HAND, "6p", tsumo=True),
     [("menzen", 1), ("tsumo", 1), ("tanyao", 1), ("genso", 1)]),
    ("open tanyao (K4 open)", req("345678m456p88p", "8p", melds=["pon:222p"]),
     [("tanyao", 1), ("genso", 2)]),
    ("value sets: seat wind and dragon, round wind pair not (K5)", req("234m567p222z555z11z", "4m", seat_wind="S"),
     [("menzen", 1), ("value_set", 1, "2z"), ("value_set", 1, "5z"), ("genso", 1)]),
    ("pure straight (K6)", req("123456789m234p55p", "5m"),
     [("menzen", 1), ("ittsu", 1), ("genso", 1)]),
    ("half flush, pung opened by ron (K7)", req("234m567m999m333z66z", "3z"),
     [("menzen", 1), ("honitsu", 1), ("genso", 3)]),
    ("all pungs (K8)", req("333p888m55m", "5m", melds=["pon:222m", "pon:777p"]),
     [("tanyao", 1), ("toitoi", 1), ("genso", 2)]),
    ("three concealed pungs (K9)", req("222m444m666p55m", "5m", melds=["pon:777p"]),
     [("tanyao", 1), ("toitoi", 1), ("sanankou", 1), ("genso", 2)]),
    ("seven pairs with two identical pairs (K10)", req("11m33m55m2222p66p77z", "7z"),
     [("menzen", 1), ("chiitoitsu", 1), ("genso", 2)]),
    ("little three dragons (K11)", req("234m555z666z77z456p", "7z"),
     [("menzen", 1), ("value_set", 1, "5z"), ("value_set", 1, "6z"), ("shousangen", 1), ("genso", 2)]),
    ("four concealed pungs (K12)", req("222m444m666p999p55m", "5m", tsumo=True),
     [("menzen", 1), ("tsumo", 1), ("toitoi", 1), ("suuankou", 1), ("genso", 2)]),
    ("little four winds (K13)", req("111z222z333z44z567m", "4z", seat_wind="S"),
     [("menzen", 1), ("value_set", 1, "2z"), ("honitsu", 1), ("sanankou", 1), ("shousuushi", 1), ("genso", 2)]),
    ("all terminals and honours, pungs (K14)", req("999m111p777z99p", "9p", melds=["pon:111m"]),
     [("value_set", 1, "7z"), ("toitoi", 1), ("sanankou", 1), ("honroutou", 1), ("genso", 2)]),
    ("all terminals and honours, seven pairs (K14)", req("11m99m11p99p11z22z77z", "7z", seat_wind="W"),
     [("menzen", 1), ("chiitoitsu", 1), ("honroutou", 1), ("genso", 2)]),
    ("full flush (K15)", req("111m234m567m888m99m", "9m"),
     [("menzen", 1), ("chinitsu", 1), ("genso", 2)]),
    ("big three dragons (K16)", req("666z777z234m11m", "1m", melds=["pon:555z"]),
     [("value_set", 1, "5z"), ("value_set", 1, "6z"), ("value_set", 1, "7z"), ("honitsu", 1), ("daisangen", 1),
      ("genso", 2)]),
    ("big four winds (K17)", req("222z333z444z55m", "5m", melds=["pon:111z"]),
     [("value_set", 1, "1z"), ("honitsu", 1), ("toitoi", 1), ("sanankou", 1), ("daisuushi", 1), ("genso", 2)]),
    ("all honours as seven pairs: 대칠성 (K18 + K10)", req("11z22z33z44z55z66z77z", "7z", seat_wind="S"),
     [("menzen", 1), ("chiitoitsu", 1), ("tsuuiisou", 1), ("genso", 2)]),
    ("all honours with pungs (K18)", req("222z333z555z66z", "6z", melds=["pon:111z"], seat_wind="N"),
     [("value_set", 1, "5z"), ("toitoi", 1), ("sanankou", 1), ("tsuuiisou", 1), ("genso", 2)]),
    ("renhou (K19)", req(PINFU_HAND, "6p", seat_wind="S", renhou=True),
     [("menzen", 1), ("pinfu", 1), ("tanyao", 1), ("renhou", 1), ("genso", 1)]),
    ("chiihou (K20)", req(PINFU_HAND, "6p", seat_wind="S", chiihou=True),
     [("menzen", 1), ("tsumo", 1), ("tanyao", 1), ("chiihou", 1), ("genso", 1)]),
    ("tenhou (K21)", req(PINFU_HAND, "6p", tenhou=True),
     [("menzen", 1), ("tsumo", 1), ("tanyao", 1), ("tenhou", 1), ("genso", 1)]),
    ("tenhou with no last tile: 겐쇼 = the most-held tile (K21, L113)", req(PINFU_HAND, None, tenhou=True),
     [("menzen", 1), ("tsumo", 1), ("tanyao", 1), ("tenhou", 1), ("genso", 2)]),
    ("pure nine gates (K22)", req("1112345678999m5m", "5m"),
     [("menzen", 1), ("chinitsu", 1), ("chuuren", 1), ("genso", 2)]),
    ("genso on a shanpon: three copies (K23)", req("234m567p222p555m88m", "5m"),
     [("menzen", 1), ("tanyao", 1), ("genso", 3)]),
    ("genso on the fourth copy in seven pairs (K23)", req("11m33m55m2222p66p77z", "2p"),
     [("menzen", 1), ("chiitoitsu", 1), ("genso", 4)]),
    ("one flower (K24)", req(PINFU_HAND, "6p", flowers="f2"),
     [("menzen", 1), ("pinfu", 1), ("tanyao", 1), ("genso", 1), ("flower", 1)]),
    ("all four flowers (K24 + K29)", req(PINFU_HAND, "6p", flowers="f1f2f3f4"),
     [("menzen", 1), ("pinfu", 1), ("tanyao", 1), ("genso", 1), ("flower", 4), ("hwamangwan", 1)]),
    ("eopeo (K25)", req(PINFU_HAND, "6p", riichi="eopeo"),
     [("menzen", 1), ("pinfu", 1), ("tanyao", 1), ("genso", 1), ("eopeo", 1)]),
    ("bulleo (K26 + K25)", req(PINFU_HAND, "6p", riichi="bulleo"),
     [("menzen", 1), ("pinfu", 1), ("tanyao", 1), ("genso", 1), ("eopeo", 1), ("bulleo", 1)]),
    ("weja bulleo (K27 + K26 + K25)", req(PINFU_HAND, "6p", riichi="weja_bulleo"),
     [("menzen", 1), ("pinfu", 1), ("tanyao", 1), ("genso", 1), ("eopeo", 1), ("bulleo", 1), ("weja_bulleo", 1)]),
    ("double riichi (K28 + K25)", req(PINFU_HAND, "6p", double_riichi=True),
     [("menzen", 1), ("pinfu", 1), ("tanyao", 1), ("genso", 1), ("eopeo", 1), ("double_riichi", 1)]),
    ("haitei (K30)", req(PINFU_HAND, "6p", tsumo=True, haitei=True),
     [("menzen", 1), ("tsumo", 1), ("tanyao", 1), ("genso", 1), ("haitei", 1)]),
    ("houtei (K31)", req(PINFU_HAND, "6p", houtei=True),
     [("menzen", 1), ("pinfu", 1), ("tanyao", 1), ("genso", 1), ("houtei", 1)]),
    ("rinshan after a closed kan (K32)", req("567m234p55p678p", "6p", melds=["ankan:2222m"], tsumo=True, rinshan=True),
     [("menzen", 1), ("tsumo", 1), ("tanyao", 1), ("genso", 1), ("rinshan", 1)]),
    ("chankan (K33)", req(PINFU_HAND, "6p", chankan=True),
     [("menzen", 1), ("pinfu", 1), ("tanyao", 1), ("genso", 1), ("chankan", 1)]),
    ("rinshan on 5p (K34 + K32)", req("567m234p66p345p", "5p", melds=["kan:8888m"], tsumo=True, rinshan=True),
     [("tanyao", 1), ("genso", 1), ("rinshan", 1), ("rinshan_5p", 1)]),
    ("haitei on 1p (K35 + K30)", req("234567m123p678p55p", "1p", tsumo=True, haitei=True),
     [("menzen", 1), ("tsumo", 1), ("genso", 1), ("haitei", 1), ("haitei_1p", 1)]),
    ("houtei on 9p (K36 + K31)", req("234567m234p55p789p", "9p", houtei=True),
     [("menzen", 1), ("pinfu", 1), ("genso", 1), ("houtei", 1), ("houtei_9p", 1)]),
]


def expected_for(patterns: List[Tuple[Any, ...]], variant: str) -> Tuple[List[Tuple[Any, ...]], int, int, List[str]]:
    """(sorted entries (key, han, kind, tile), base, additional, unknown keys) from the seed table."""
    entries, base, additional, unknown = [], 0, 0, []
    for p in patterns:
        key, units = p[0], p[1]
        tile = p[2] if len(p) > 2 else None
        value, kind = seed_value(key, variant)
        han = None if value is None else value * units
        if han is None:
            unknown.append(key)
        elif kind == "base":
            base += han
        else:
            additional += han
        entries.append((key, han, kind, tile))
    return sorted(entries, key=repr), base, additional, sorted(unknown)


def test_every_table_row_has_a_hand():
    covered = {p[0] for _, _, patterns in HANDS for p in patterns}
    assert covered == set(SEED_NAME)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", [h[0] for h in HANDS])
def test_row_hand(name, variant):
    _, request, patterns = next(h for h in HANDS if h[0] == name)
    r = tenbou.score(dict(request, variant=variant))
    assert isinstance(r, tenbou.KoreanResult) and r.ok, r
    entries, base, additional, unknown = expected_for(patterns, variant)
    got = sorted(((y.key, y.han, y.kind, y.tile) for y in r.yaku), key=repr)
    assert got == entries
    assert (r.base_han, r.additional_han, r.han) == (base, additional, base + additional)
    assert sorted(r.unknown_yaku) == unknown
    assert r.win_valid == (base >= 2)
    for key in unknown:  # a 불명 value is reported, never guessed
        assert any(key in m and "불명" in m for m in r.messages)


def test_patterns_come_in_table_order():
    order = list(SEED_NAME)
    for _, request, _ in HANDS:
        keys = [y.key for y in tenbou.score(request).yaku]
        assert keys == sorted(keys, key=order.index)


def test_variants_differ_where_the_table_differs():
    # The same tiles, three columns: 소삼원 6/4/6, 구련보등 24/12/48, 천화 16/12/24, 하이테이 +5/+1/+1.
    def totals(request):
        return [tenbou.score(dict(request, variant=v)).han for v in VARIANTS]

    assert totals(req("234m555z666z77z456p", "7z")) == [1 + 2 + 6 + 2, 1 + 2 + 4 + 2, 1 + 2 + 6 + 2]
    assert totals(req("1112345678999m5m", "5m")) == [1 + 8 + 24 + 2, 1 + 6 + 12 + 2, 1 + 6 + 48 + 2]
    assert totals(req(PINFU_HAND, "6p", tenhou=True)) == [3 + 16 + 1, 3 + 12 + 1, 3 + 24 + 1]
    assert totals(req(PINFU_HAND, "6p", tsumo=True, haitei=True)) == [3 + 1 + 5, 3 + 1 + 1, 3 + 1 + 1]


# --- the seed's worked statements --------------------------------------------------------------

def keys(r: tenbou.KoreanResult) -> Dict[str, Optional[int]]:
    out: Dict[str, Optional[int]] = {}
    for y in r.yaku:
        out[y.key] = (out.get(y.key) or 0) + (y.han or 0) if y.han is not None else None
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_menzen_plus_tsumo_is_two_on_a_concealed_tsumo(variant):
    # L52: "멘젠 쏘아로 날 경우 1판이며 멘젠 올라로 날 경우 2판"
    ron = korean.score("222m345m567m55p888p", "5m", variant=variant)
    tsumo = korean.score("222m345m567m55p888p", "5m", variant=variant, tsumo=True)
    assert keys(ron)["menzen"] == 1 and "tsumo" not in keys(ron)
    assert keys(tsumo)["menzen"] + keys(tsumo)["tsumo"] == 2


def test_pinfu_never_with_tsumo():
    # L13 "쓰무와 중복 불가"; L54 "쏘아(론)로 나야 인정된다"
    assert "pinfu" in keys(korean.score(PINFU_HAND, "6p"))
    t = korean.score(PINFU_HAND, "6p", tsumo=True)
    assert "pinfu" not in keys(t) and keys(t)["tsumo"] == 1
    # "극히 일부는 핑후와 쓰무를 같이 인정" is the house switch
    assert {"pinfu", "tsumo"} <= set(keys(korean.score(PINFU_HAND, "6p", tsumo=True, options={"pinfu_tsumo": True})))


def test_pinfu_needs_a_two_sided_wait_and_a_plain_pair():
    assert "pinfu" not in keys(korean.score("234567m234p55p678p", "7p"))  # kanchan
    assert "pinfu" not in keys(korean.score("234567m234p678p55z", "8p"))  # dragon pair (역패)
    # the round wind pair is allowed (korean.md A16), the seat wind pair is not
    assert "pinfu" in keys(korean.score("234567m234p678p22z", "8p", seat_wind="W", round_wind="S"))
    assert "pinfu" not in keys(korean.score("234567m234p678p22z", "8p", seat_wind="S"))


def test_full_flush_never_with_half_flush():
    # L76: "혼일색의 판수는 인정되지 않는다"
    r = korean.score("111m234m567m888m99m", "9m")
    assert "chinitsu" in keys(r) and "honitsu" not in keys(r)


def test_honroutou_never_with_chanta():
    # L80: "찬타가 있는 경우에도 찬타의 판수는 적용하지 않는다" (찬타 is a local yaku: given a value here)
    local = {"local_yaku": {"chanta": 2}}
    honro = korean.score("999m111p777z99p", "9p", melds=["pon:111m"], options=local)
    assert "honroutou" in keys(honro) and "chanta" not in keys(honro)
    chanta = korean.score("123m789m123p999p11z", "1z", seat_wind="S", options=local)
    assert keys(chanta)["chanta"] == 2
    assert "chanta" not in keys(korean.score("123m789m123p999p11z", "1z", seat_wind="S"))  # off by default


@pytest.mark.parametrize("variant, total", [("nagari", 1 + 4 + 12), ("samsiki", 1 + 2 + 6), ("coffee", 1 + 2 + 12)])
def test_daechilseong_counts_all_honours_and_seven_pairs(variant, total):
    # L65: "대칠성에는 자일색의 판수와 칠대자의 판수가 동시에 적용된다"; even without stacking components
    for stack in (True, False):
        r = korean.score("11z22z33z44z55z66z77z", "7z", seat_wind="S", variant=variant, options={"stack_components": stack})
        assert {"chiitoitsu", "tsuuiisou"} <= set(keys(r))
        assert r.base_han == total


def test_seed_sums_in_nagari():
    # korean.md section 4, the combinations the seed names (나가리 values)
    dai = keys(korean.score("666z777z234m11m", "1m", melds=["pon:555z"]))
    assert dai["daisangen"] + dai["value_set"] == 11  # L78 "사실상 11판"
    sho = keys(korean.score("234m555z666z77z456p", "7z"))
    assert sho["shousangen"] + sho["value_set"] == 8  # table 6 + 권리패 2 (L68's "6판" is the heading 4 + 2; A1)
    chuu = keys(korean.score("1112345678999m5m", "5m"))
    assert chuu["chuuren"] + chuu["chinitsu"] == 32  # L101 "사실상 32판"
    tsuu = keys(korean.score("222z333z555z66z", "6z", melds=["pon:111z"], seat_wind="N"))
    assert tsuu["tsuuiisou"] + tsuu["toitoi"] == 14  # L87 "14판"
    chii = keys(korean.score("11z22z33z44z55z66z77z", "7z", seat_wind="S"))
    assert chii["tsuuiisou"] + chii["chiitoitsu"] == 16  # L87 "16판"
    shou = keys(korean.score("111z222z333z44z567m", "4z", seat_wind="S"))
    assert shou["shousuushi"] + shou["honitsu"] == 10  # L82 "사실상 10판"


def test_eopeo_declaration_the_seeds_two_examples():
    # L106: 6p/9p both give 멘젠+핑후 (2), and a tsumo gives 멘젠+쓰무: legal.
    ok = korean.declaration("234567m234p55p78p", riichi="eopeo")
    assert ok["legal"] and ok["waits"] == ["6p", "9p"]
    # L107: 6p gives 멘젠+당요, 9p loses 당요 (1판): illegal, and a win after it is 점프.
    bad = korean.declaration("222m345m567m55p78p", riichi="eopeo")
    assert not bad["legal"] and bad["waits"] == ["6p", "9p"] and "9p" in bad["reason"]
    win = korean.score("222m345m567m55p678p", "6p", riichi="eopeo")
    assert win.base_han == 2 and not win.win_valid and win.chombo
    assert any("점프" in m for m in win.messages)
    # the same hand without a declaration is a plain valid win on 6p
    assert korean.score("222m345m567m55p678p", "6p").win_valid
    # under 무판 (no minimum) the declaration alone is enough (L105)
    assert korean.declaration("222m345m567m55p78p", riichi="eopeo", options={"min_base_han": 0})["legal"]


def test_declaration_on_a_hand_that_is_not_ready():
    d = korean.declaration("123456m1234p11z5z", riichi="bulleo")
    assert not d["legal"] and d["waits"] == []


def test_only_pure_nine_gates_and_not_in_furiten():
    pure = korean.score("1112345678999m5m", "5m")
    assert "chuuren" in keys(pure)
    # 9 sides only: 1112345678999 + 1 won on 1m is pure too
    assert "chuuren" in keys(korean.score("1112345678999m1m", "1m"))
    # not pure: the 13 tiles before the win were 1123456789999 (fewer sides): 청일색, no 구련보등 (L76, L96)
    impure = korean.score("11123456789999m", "1m")
    assert "chuuren" not in keys(impure) and "chinitsu" in keys(impure)
    assert "chuuren" in keys(korean.score("11123456789999m", "1m", options={"chuuren_require_nine_wait": False}))
    # furiten: a tile of the suit among own discards (L97, L100)
    furiten = korean.score("1112345678999m5m", "5m", tsumo=True, own_discards="4m1p")
    assert "chuuren" not in keys(furiten) and "chinitsu" in keys(furiten)
    assert any("구련보등" in m and "진팅" in m for m in furiten.messages)
    assert "chuuren" in keys(korean.score("1112345678999m5m", "5m", own_discards="1p2z"))  # other suit: fine
    assert "chuuren" in keys(korean.score("1112345678999m5m", "5m", own_discards="4m",
                                          options={"chuuren_forbid_furiten": False}))
    # open hands never (condition 1)
    assert korean.score("2345678999m5m", "5m", melds=["pon:111m"]).ok
    assert "chuuren" not in keys(korean.score("2345678999m5m", "5m", melds=["pon:111m"]))


def test_chuuren_unlimited_house():
    r = korean.score("1112345678999m5m", "5m", options={"chuuren_unlimited": True})
    assert r.unlimited and not korean.score("1112345678999m5m", "5m").unlimited


def test_pung_completed_by_ron_is_open():
    # L64 (Japanese rule): 삼안커 needs three concealed pungs; the shanpon ron opens one
    ron = korean.score("222m444m666p55m789p", "6p")
    tsumo = korean.score("222m444m666p55m789p", "6p", tsumo=True)
    assert "sanankou" not in keys(ron) and "sanankou" in keys(tsumo)
    # L74: some houses read a shanpon tsumo after 엎어 as open as well
    house = {"shanpon_tsumo_after_riichi_is_open": True}
    assert "sanankou" in keys(korean.score("222m444m666p55m789p", "6p", tsumo=True, riichi="eopeo"))
    assert "sanankou" not in keys(korean.score("222m444m666p55m789p", "6p", tsumo=True, riichi="eopeo", options=house))
    # a tanki wait stays 사안커 ("단기 대기의 형태는 엎어도 쓰앙꼬")
    assert "suuankou" in keys(korean.score("222m444m666p999p55m", "5m", tsumo=True, riichi="eopeo", options=house))


def test_minimum_base_han_and_additional_yaku_do_not_count():
    # 1 base han (menzen) + flowers: not a win under 2판 묶음 (L56, L105)
    r = korean.score("222m345m567m55p789p", "9p", flowers="f1f2f3")
    assert (r.base_han, r.additional_han, r.win_valid) == (1, 1 + 3, False)
    assert any("minimum" in m for m in r.messages)
    assert korean.score("222m345m567m55p789p", "9p", options={"min_base_han": 0}).win_valid
    three = korean.score(PINFU_HAND, "6p", options={"min_base_han": 3})
    assert three.base_han == 3 and three.win_valid
    assert not korean.score(PINFU_HAND, "6p", tsumo=False, melds=[], options={"min_base_han": 4}).win_valid


def test_best_reading_is_chosen():
    # 222333444m: three pungs or three 234m sequences. By ron the 4m opens the 444m pung, so
    # the sequence reading (멘젠 + 핑후 + 당요) wins; by tsumo all three pungs are concealed
    # and 삼안커 (4 in 나가리) outweighs 핑후 (which a tsumo cannot have anyway).
    ron = korean.score("222333444m678p55p", "4m")
    assert keys(ron) == {"menzen": 1, "pinfu": 1, "tanyao": 1, "genso": 3}
    assert ron.as_dict()["decomposition"] == ["234m", "234m", "234m", "55p", "678p"]
    tsumo = korean.score("222333444m678p55p", "4m", tsumo=True)
    assert keys(tsumo) == {"menzen": 1, "tsumo": 1, "tanyao": 1, "sanankou": 4, "genso": 3}
    assert tsumo.as_dict()["decomposition"] == ["222m", "333m", "444m", "55p", "678p"]
    assert tsumo.base_han == 7


# --- house options -----------------------------------------------------------------------------

def test_round_wind_yakuhai_option():
    plain = korean.score("234m222z555z111z66p", "4m", seat_wind="S")
    assert sorted(y.tile for y in plain.yaku if y.key == "value_set") == ["2z", "5z"]  # L58: own wind only
    r = korean.score("234m222z555z111z66p", "4m", seat_wind="S", options={"round_wind_yakuhai": True})
    assert sorted(y.tile for y in r.yaku if y.key == "value_set") == ["1z", "2z", "5z"]
    double = korean.score("234m567p111z555z22z", "4m", options={"round_wind_yakuhai": True})  # East seat, East round
    assert [(y.tile, y.units, y.han) for y in double.yaku if y.key == "value_set"][0] == ("1z", 2, 2)


def test_stack_components_off():
    off = {"stack_components": False}
    dai = keys(korean.score("666z777z234m11m", "1m", melds=["pon:555z"], options=off))
    assert "value_set" not in dai and dai["daisangen"] == 8
    suu = keys(korean.score("222m444m666p999p55m", "5m", tsumo=True, options=off))
    assert "toitoi" not in suu
    chuu = keys(korean.score("1112345678999m5m", "5m", options=off))
    assert "chinitsu" not in chuu and chuu["chuuren"] == 24
    # a seat-wind set is no component of 소삼원: it stays
    sho = korean.score("555z666z77z111z234m", "4m", options=off)
    assert [y.tile for y in sho.yaku if y.key == "value_set"] == ["1z"]


def test_genso_options():
    shanpon = dict(hand="234m567p222p555m88m", win_tile="5m")
    assert keys(korean.score(**shanpon))["genso"] == 3
    assert keys(korean.score(**shanpon, options={"genso_exclude_winning_tile": True}))["genso"] == 2
    # copies in a pon count by default (the player holds them)
    with_pon = dict(hand="456m234p55p678p", win_tile="5m", melds=["pon:555m"])
    assert keys(korean.score(**with_pon))["genso"] == 4
    assert keys(korean.score(**with_pon, options={"genso_count_melds": False}))["genso"] == 1
    # 깡쏘아: 1 원칙, 4 in some houses (L123)
    assert keys(korean.score(PINFU_HAND, "6p", chankan=True))["genso"] == 1
    assert keys(korean.score(PINFU_HAND, "6p", chankan=True, options={"genso_chankan_value": 4}))["genso"] == 4


def test_value_overrides_fill_unknown_values_and_change_any():
    r = korean.score(PINFU_HAND, "6p", riichi="eopeo", variant="samsiki")
    assert r.unknown_yaku == ["eopeo"] and keys(r)["eopeo"] is None
    filled = korean.score(PINFU_HAND, "6p", riichi="eopeo", variant="samsiki", options={"value_overrides": {"엎어": 1}})
    assert filled.unknown_yaku == [] and keys(filled)["eopeo"] == 1 and filled.han == r.han + 1
    # korean.md A1: a house may read 소삼원 as the prose's 4
    assert keys(korean.score("234m555z666z77z456p", "7z", options={"value_overrides": {"shousangen": 4}}))["shousangen"] == 4
    assert keys(korean.score(PINFU_HAND, "6p", flowers="f1f2f3f4", options={"hwamangwan_value": 8}))["hwamangwan"] == 8


def test_kind_switches():
    dr = korean.score(PINFU_HAND, "6p", double_riichi=True, variant="samsiki")
    assert [y.kind for y in dr.yaku if y.key == "double_riichi"] == ["additional"]
    dr_base = korean.score(PINFU_HAND, "6p", double_riichi=True, variant="samsiki", options={"double_riichi_kind": "base"})
    assert dr_base.base_han == dr.base_han + 2
    ren = korean.score("222m345m567m55p789p", "9p", seat_wind="S", renhou=True)
    assert ren.win_valid
    net = korean.score("222m345m567m55p789p", "9p", seat_wind="S", renhou=True, options={"heavenly_as_additional": True})
    assert not net.win_valid and net.additional_han == ren.additional_han + 16  # Netmarble (L91)


def test_local_yaku_are_off_until_given_a_value():
    hand = dict(hand="223344m567p789p55z", win_tile="4m")
    assert "iipeikou" not in keys(korean.score(**hand))
    assert keys(korean.score(**hand, options={"local_yaku": {"이페코": 1}}))["iipeikou"] == 1
    kans = dict(hand="55p", win_tile="5p", melds=["ankan:2222m", "ankan:3333p", "ankan:7777z", "pon:666z"], tsumo=True, rinshan=True)
    assert "sankantsu" not in keys(korean.score(**kans))
    assert keys(korean.score(**kans, options={"local_yaku": {"sankantsu": 2}}))["sankantsu"] == 2
    with pytest.raises(InvalidValueError, match="table yaku"):
        korean.score(**hand, options={"local_yaku": {"pinfu": 2}})


def test_payment_is_off_by_default_and_linear_when_on():
    plain = korean.score(PINFU_HAND, "6p", tsumo=True)
    assert plain.total is None and plain.payments == [] and plain.points is None and plain.win_base is None
    # mahjong.co.kr ch. XI: ante 10 + 3 basic + 1 eopeo + 1 genso = 15 points, each of three others pays 15
    paid = korean.score(PINFU_HAND, "6p", tsumo=True, riichi="eopeo", options={"win_base": True, "unit": 1})
    assert (paid.win_base, paid.points, paid.total) == (10, 15, 45)
    assert paid.payments == [tenbou.Payment("each_other", 15)]
    ron = korean.score(PINFU_HAND, "6p", options={"win_base": True, "unit": 100, "ron_multiplier": 2})
    assert (ron.win_base, ron.points, ron.total) == (5, 5 + 4, 1800)
    assert ron.payments == [tenbou.Payment("discarder", 1800)]
    # no payment for an invalid win, or when a value is unknown
    assert korean.score("222m345m567m55p789p", "9p", options={"unit": 1}).total is None
    assert korean.score(PINFU_HAND, "6p", riichi="eopeo", variant="samsiki", options={"unit": 1}).total is None


def test_draw_pool_option():
    assert korean.score(PINFU_HAND, "6p").as_dict()["collects_draw_pool"]
    house = {"draw_pool_requires_menzen_tsumo": True}
    assert not korean.score(PINFU_HAND, "6p", options=house).as_dict()["collects_draw_pool"]
    assert korean.score(PINFU_HAND, "6p", tsumo=True, options=house).as_dict()["collects_draw_pool"]


def test_rules_report_every_default():
    r = korean.rules()
    assert r["min_base_han"] == 2 and r["stack_components"] and not r["round_wind_yakuhai"]
    assert r["genso_chankan_value"] == 1 and r["unit"] is None and r["win_base"] is None
    assert korean.rules({"value_overrides": {"소삼원": 4}})["value_overrides"] == {"shousangen": 4}


# --- bad input ---------------------------------------------------------------------------------

BAD = {
    "souzu tile": (req("234567m234p55678s", "6s"), TileNotInRulesError, "tile_not_in_rules", "hand", "no souzu"),
    "souzu winning tile": (req(PINFU_HAND, "6s"), TileNotInRulesError, "tile_not_in_rules", "win_tile", "no souzu"),
    "souzu meld": (req("234567m234p55p", "5p", melds=["pon:111s"]), TileNotInRulesError, "tile_not_in_rules", "melds[0]", "no souzu"),
    "red five": (req("234067m234p55678p", "6p"), TileNotInRulesError, "tile_not_in_rules", "hand", "red fives"),
    "chi meld": (req("567m234p55678p", "6p", melds=["chi:234m"]), MeldNotInRulesError, "meld_not_in_rules", "melds[0]", "no chi"),
    "fifth flower": (req(PINFU_HAND, "6p", flowers="f1f5"), InvalidFlowerError, "bad_flower", "flowers", "no flower f5"),
    "repeated flower": (req(PINFU_HAND, "6p", flowers="f2f3f2"), DuplicateFlowerError, "duplicate_flower", "flowers", "f2 given twice"),
    "five flowers": (req(PINFU_HAND, "6p", flowers="f1f2f3f4f1"), DuplicateFlowerError, "duplicate_flower", "flowers", "given twice"),
    "flower garbage": (req(PINFU_HAND, "6p", flowers="1f"), InvalidFlowerError, "bad_flower", "flowers", "position 1"),
    "fifth copy": (req("22222m567m234p556p", "6p"), TooManyCopiesError, "too_many_copies", "", "5 copies of 2m"),
    "fifth copy with a kan": (req("2m567m234p55678p", "6p", melds=["ankan:2222m"]), TileCountError, "tile_count", "hand", "must hold 11"),
    "fifth copy via discards": (req(PINFU_HAND, "6p", own_discards="5p5p5p"), TooManyCopiesError, "too_many_copies", "", "5 copies of 5p"),
    "thirteen tiles": (req("234567m234p5567p", "6p"), TileCountError, "tile_count", "hand", "must hold 14"),
    "winning tile missing": (req(PINFU_HAND, "9p"), WinTileMissingError, "win_tile_missing", "win_tile", "not in the hand"),
    "no winning tile": (req(PINFU_HAND, None), InvalidValueError, "bad_value", "win_tile", "only a tenhou"),
    "unknown variant": (req(PINFU_HAND, "6p", variant="seoul"), InvalidValueError, "bad_value", "variant", '"nagari"'),
    "riichi word": (req(PINFU_HAND, "6p", riichi="yes"), InvalidValueError, "bad_value", "riichi", '"eopeo"'),
    "dora in korean": (req(PINFU_HAND, "6p", dora_indicators="1m"), UnknownKeyError, "unknown_key", "dora_indicators", "no dora"),
    "ippatsu in korean": (req(PINFU_HAND, "6p", ippatsu=True), UnknownKeyError, "unknown_key", "ippatsu", "no ippatsu"),
    "riichi with a pon": (req("345678m456p88p", "8p", melds=["pon:222p"], riichi="eopeo"), ImpossibleFlagsError, "bad_flags", "", "concealed hand"),
    "tenhou for a non-dealer": (req(PINFU_HAND, "6p", tenhou=True, seat_wind="S"), ImpossibleFlagsError, "bad_flags", "", "dealer"),
    "rinshan without a kan": (req(PINFU_HAND, "6p", tsumo=True, rinshan=True), ImpossibleFlagsError, "bad_flags", "", "without a kan"),
    "unknown option": (req(PINFU_HAND, "6p", options={"kiriage": True}), UnknownKeyError, "unknown_key", "options.kiriage", "unknown Korean option"),
    "bad chankan genso": (req(PINFU_HAND, "6p", options={"genso_chankan_value": 2}), InvalidValueError, "bad_value", "options.genso_chankan_value", "1 or 4"),
    "unknown override": (req(PINFU_HAND, "6p", options={"value_overrides": {"화룡": 8}}), UnknownKeyError, "unknown_key", "options.value_overrides.화룡", "unknown Korean yaku"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_gives_its_specific_error(name, run_cli):
    request, cls, reason, field, fragment = BAD[name]
    with pytest.raises(cls) as info:
        tenbou.score(request)
    err = info.value
    assert isinstance(err, ValueError) and err.reason == reason and err.field == field
    assert fragment in str(err), str(err)
    # the same failure through the batch API, JSON text and the CLI
    expected = tenbou.score_many([request])[0].to_json()
    assert json.loads(expected)["error"]["reason"] == reason
    text = json.dumps(request, ensure_ascii=False)
    assert tenbou.score_json(text) == expected
    code, out = run_cli(["score", "--json", "-"], stdin=text)
    assert code == 1 and out.strip() == expected


def test_variant_by_the_seeds_column_names():
    for english, korean_name in zip(VARIANTS, ("나가리", "삼식이", "커피향")):
        assert tenbou.score(req(PINFU_HAND, "6p", variant=korean_name)).variant == english


def test_mutated_korean_requests_never_crash():
    from fuzzing import mutations
    from tenbou import _core

    base = [json.dumps(h[1], ensure_ascii=False) for h in HANDS] + [json.dumps(b[0], ensure_ascii=False) for b in BAD.values()]
    lines = mutations(base, 20000, seed=11, alphabet='0123456789mpszf:,"[]{}-.e ' + "엎어", max_edits=4)
    for line, out in zip(lines, _core.score_json_lines(lines)):
        data = json.loads(out)
        assert data["ok"] in (True, False)
        if not data["ok"]:
            assert data["error"]["code"] in ("invalid_input", "not_winning", "no_yaku"), (line, data)


def test_not_a_complete_hand():
    r = tenbou.score(req("234567m234p55679p", "9p"))
    assert not r.ok and r.error["code"] == "not_winning"


def test_korean_and_riichi_in_one_batch():
    rs = tenbou.score_many([req(PINFU_HAND, "6p"), {"hand": "234567m234p55s678s", "win_tile": "5m"}, req(PINFU_HAND, "6s")])
    assert isinstance(rs[0], tenbou.KoreanResult) and rs[0].han == 4
    assert not isinstance(rs[1], tenbou.KoreanResult) and rs[1].total == 2900
    assert rs[2].error["reason"] == "tile_not_in_rules"


# --- command line ------------------------------------------------------------------------------

def test_cli_readable_output_in_korean_with_english(run_cli):
    code, out = run_cli(["score", "--rules", "korean", "--variant", "coffee", PINFU_HAND, "--win", "6p", "--riichi",
                         "--flowers", "f1"])
    assert code == 0
    assert "Korean mahjong, 커피향 (coffee)" in out
    assert "핑후  Pinfu" in out and "엎어  Eopeo" in out and "꽃패  Flower" in out
    assert "Value     7판 = 3 base + 4 additional; minimum 2 base: valid win" in out


def test_cli_json_equals_python(run_cli):
    code, out = run_cli(["score", "--rules", "korean", "--json", "1112345678999m5m", "--own-discards", "3m"])
    assert code == 0
    assert out.strip() == korean.score("1112345678999m5m", "5m", own_discards="3m").to_json()


def test_cli_rejects_riichi_only_arguments(run_cli):
    assert run_cli(["score", "--rules", "korean", PINFU_HAND, "--dora", "1m"])[0] == 2
    assert run_cli(["score", PINFU_HAND, "--flowers", "f1"])[0] == 2


def test_cli_declare_and_yaku_table(run_cli):
    code, out = run_cli(["declare", "222m345m567m55p78p"])
    assert code == 1 and "9p by ron" in out
    code, out = run_cli(["declare", "234567m234p55p78p"])
    assert code == 0 and "Legal     yes" in out
    code, out = run_cli(["yaku", "--rules", "korean", "--wide"])
    assert code == 0 and len(out.splitlines()) == 1 + 36 + 5
    assert "불명" in out and "L46" in out


def test_furiten_house_option():
    # seed 004 L100, L119, footnote [8]: furiten is house-dependent. 234567m 234p 55p 78p waits on
    # 6p and 9p; with 9p among its own discards the hand is furiten.
    furiten = dict(own_discards="9p1z")
    assert korean.score(PINFU_HAND, "6p", **furiten).win_valid  # default: furiten allowed
    forbid = {"forbid_furiten": True}
    r = korean.score(PINFU_HAND, "6p", options=forbid, **furiten)
    assert r.chombo and not r.win_valid and any("진팅" in m and "9p" in m for m in r.messages)
    # A furiten tsumo stays a win; a discard that is not a wait is no furiten.
    assert korean.score(PINFU_HAND, "6p", tsumo=True, options=forbid, **furiten).win_valid
    assert korean.score(PINFU_HAND, "6p", options=forbid, own_discards="1z").win_valid
    # 불러 declared on a furiten hand: 점프 at once, even by tsumo (L119).
    r = korean.score(PINFU_HAND, "6p", tsumo=True, riichi="bulleo", options=forbid, **furiten)
    assert r.chombo and not r.win_valid
    assert korean.rules({"forbid_furiten": True})["forbid_furiten"] is True
