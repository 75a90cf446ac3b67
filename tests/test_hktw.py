"""Hong Kong-Taiwan style (seed 002, shared/spec/hktw.md): every one of the 56 numbered
entries (each sub-entry) from a whole hand, with the full pattern list, value and payments;
one hand per tier family showing that only its top member counts; the seed's explicit sums;
the house options of hktw.md section 9; instant payments, events and bad input.

Expected values are worked out by hand from the seed's lines (the comment on a case says
which), never read back from the engine."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

import pytest

import tenbou
from tenbou import hktw

# An open hand with nothing in it: 234p (chi) 456m 789m 678s 345p + 77z, won on 4m (two-sided).
A = dict(hand="456m789m678s345p77z", melds=["chi:234p"])
# A concealed hand with nothing but 문전: 123m 456m 789p 345s 678s + 55z.
C = dict(hand="123m456m789p345s678s55z")

Case = Tuple[str, Dict[str, Any], List[Tuple[str, int]], int]

CASES: List[Case] = [
    # 1 무화 (L18) and 9 닭 (L31): nothing but flower points, won by ron -> 20.
    ("1 no_flowers, 9 chicken", dict(A, win_tile="4m"), [("no_flowers", 1), ("chicken", 20)], 26),
    # 2 유화 1 per flower not matching the seat, 3 정화 2 per matching flower (동1: f1, f5); still 닭 (L31).
    ("2 flower, 3 own_flower", dict(A, win_tile="4m", flowers="f2f5f6"),
     [("flower", 2), ("own_flower", 2), ("chicken", 20)], 29),
    ("3 own_flower per flower (B1)", dict(A, win_tile="4m", flowers="f2f6", seat_wind="S"),
     [("own_flower", 4), ("chicken", 20)], 29),
    # 4 풍: a West pung for a South seat in an East round; with 무화 this is L7's "2점 -> 7점".
    ("4 wind_pung, L7 example", dict(hand="456m789m678s345p99s", melds=["pon:333z"], win_tile="4m", seat_wind="S"),
     [("wind_pung", 1), ("no_flowers", 1)], 7),
    ("5 value_wind_pung", dict(hand="456m789m678s345p99s", melds=["pon:222z"], win_tile="4m", seat_wind="S"),
     [("value_wind_pung", 2), ("no_flowers", 1)], 8),
    # L22: a double-East pung counts 4 in all.
    ("5 double wind = 4", dict(hand="456m789m678s345p99s", melds=["pon:111z"], win_tile="4m"),
     [("value_wind_pung", 4), ("no_flowers", 1)], 10),
    ("6-1 dragon_pung", dict(hand="456m789m678s345p77z", melds=["pon:555z"], win_tile="4m"),
     [("dragon_pung", 2), ("no_flowers", 1)], 8),
    # L24: 소삼원 20 + the two dragon pungs = 24.
    ("6-2 little_three_dragons = 24", dict(hand="456m789m345p77z", melds=["pon:555z", "pon:666z"], win_tile="4m"),
     [("no_flowers", 1), ("dragon_pung", 4), ("little_three_dragons", 20)], 30),
    # L25: 대삼원 40 + three dragon pungs = 46 (and no 소삼원: tier).
    ("6-3 big_three_dragons = 46", dict(hand="456m789m11p", melds=["pon:555z", "pon:666z", "pon:777z"], win_tile="4m"),
     [("no_flowers", 1), ("dragon_pung", 6), ("big_three_dragons", 40)], 52),
    ("7-1 open_kan", dict(A, melds=["chi:234p", "kan:1111s"], hand="456m789m345p77z", win_tile="4m"),
     [("no_flowers", 1), ("open_kan", 1)], 7),
    ("7-1 added kan", dict(A, melds=["chi:234p", "kakan:1111s"], hand="456m789m345p77z", win_tile="4m"),
     [("no_flowers", 1), ("open_kan", 1)], 7),
    # 7-2 암깡 2 (and 5 from each at once: instant); a closed kan keeps the hand concealed (문전).
    ("7-2 closed_kan", dict(hand="456m789m345p567s77z", melds=["ankan:1111s"], win_tile="4m"),
     [("no_flowers", 1), ("closed_kan", 2), ("concealed_hand", 3)], 11),
    ("8-1 open_riichi", dict(A, win_tile="4m", riichi="open_hand"), [("no_flowers", 1), ("open_riichi", 2)], 8),
    # L30: 울어리치 + 일발 = 4.
    ("8-1 + 8-3 = 4", dict(A, win_tile="4m", riichi="open_hand", ippatsu=True),
     [("no_flowers", 1), ("open_riichi", 2), ("ippatsu", 2)], 10),
    ("8-2 closed_riichi", dict(C, win_tile="4m", riichi="closed"),
     [("no_flowers", 1), ("closed_riichi", 8), ("concealed_hand", 3)], 17),
    # L30: 문전리치 + 일발 = 10.
    ("8-2 + 8-3 = 10", dict(C, win_tile="4m", riichi="closed", ippatsu=True),
     [("no_flowers", 1), ("closed_riichi", 8), ("ippatsu", 2), ("concealed_hand", 3)], 19),
    # 10 오리: the chicken condition won by tsumo; the tsumo point is added (B5).
    ("10 duck", dict(A, win_tile="4m", tsumo=True), [("no_flowers", 1), ("duck", 10), ("self_draw", 1)], 17),
    # 11 대퐁: ron on a two-pair wait (99p + 77z) completing 999p.
    ("11 shanpon_ron", dict(A, hand="456m789m678s999p77z", win_tile="9p"),
     [("no_flowers", 1), ("shanpon_ron", 1)], 7),
    # 12 독독: kanchan 4_6m, and 5m is the only winning tile.
    ("12 true_single_wait (kanchan)", dict(A, win_tile="5m"), [("no_flowers", 1), ("true_single_wait", 2)], 8),
    # 13 가독 (L35): 3456789 waits on 3, 6 and 9; won on 3 as a single wait.
    ("13 false_single_wait 3456789", dict(hand="3456789m678s3m", melds=["chi:234p", "pon:777z"], win_tile="3m"),
     [("no_flowers", 1), ("dragon_pung", 2), ("false_single_wait", 1)], 9),
    # L35: "1123 처럼, 1 로 화료시에는 가독이 인정되지만, 4 로 화료시에는 가독이 인정되지 않는다".
    ("13 1123 won on 1", dict(hand="11123m456s789s", melds=["chi:234p", "pon:777z"], win_tile="1m"),
     [("no_flowers", 1), ("dragon_pung", 2), ("false_single_wait", 1)], 9),
    ("13 1123 won on 4 (no)", dict(hand="11234m456s789s", melds=["chi:567p", "pon:777z"], win_tile="4m"),
     [("no_flowers", 1), ("dragon_pung", 2)], 8),
    ("14 pair_258", dict(hand="456m789m678s55m", melds=["chi:234p", "pon:777z"], win_tile="4m"),
     [("no_flowers", 1), ("dragon_pung", 2), ("pair_258", 1)], 9),
    # 15 무자 with a flower (L37: flowers allowed).
    ("15 no_honours", dict(hand="456m789m678s345p99s", melds=["chi:234p"], win_tile="4m", flowers="f2"),
     [("flower", 1), ("no_honours", 1)], 7),
    # L38: 무자 + 무화 = 5, not 2.
    ("16 no_honours_no_flowers = 5", dict(hand="456m789m678s333p99s", melds=["chi:567p"], win_tile="4m"),
     [("no_honours_no_flowers", 5)], 10),
    # L39: + 평화 (five chows, open or concealed, any wait) = 15.
    ("17 ... all chows = 15", dict(hand="456m789m678s345p99s", melds=["chi:234p"], win_tile="4m"),
     [("no_honours_no_flowers_all_chows", 15)], 20),
    ("18-1 concealed_hand", dict(C, win_tile="4m"), [("no_flowers", 1), ("concealed_hand", 3)], 9),
    # L42: 문전 + 쯔모 = 5, not 4.
    ("18-3 concealed_self_draw = 5", dict(C, win_tile="4m", tsumo=True), [("no_flowers", 1), ("concealed_self_draw", 5)], 11),
    ("18-2 self_draw (open)", dict(A, win_tile="4m", tsumo=True, flowers="f3", discards_on_table=9),
     [("flower", 1), ("self_draw", 1), ("early_win_10", 10)], 17),
    # 19: 20 on the last tile, "일반 쯔모와 상관없이" (the tsumo point stays).
    ("19 last_tile (haitei)", dict(A, win_tile="4m", tsumo=True, haitei=True),
     [("no_flowers", 1), ("self_draw", 1), ("last_tile", 20)], 27),
    ("19 last_tile (houtei)", dict(A, win_tile="4m", houtei=True), [("no_flowers", 1), ("last_tile", 20)], 26),
    # 20 화쯔모 2n+1: one flower then the winning replacement -> 3; two in a row -> 5.
    ("20 flower_replacement_win n=1", dict(A, win_tile="4m", tsumo=True, flowers="f2", flower_replacement_win=1),
     [("flower", 1), ("self_draw", 1), ("flower_replacement_win", 3)], 10),
    ("20 flower_replacement_win n=2", dict(A, win_tile="4m", tsumo=True, flowers="f2f3", flower_replacement_win=2),
     [("flower", 2), ("self_draw", 1), ("flower_replacement_win", 5)], 13),
    ("21-1 kan_replacement_win", dict(hand="456m789m345p77z", melds=["chi:234p", "kan:1111s"], win_tile="4m", tsumo=True,
                                      kan_replacement_win=1),
     [("no_flowers", 1), ("open_kan", 1), ("self_draw", 1), ("kan_replacement_win", 1)], 9),
    ("21-2 after two kans", dict(hand="456m789m77z", melds=["chi:234p", "kan:1111s", "kan:9999p"], win_tile="4m",
                                 tsumo=True, kan_replacement_win=2),
     [("no_flowers", 1), ("open_kan", 2), ("self_draw", 1), ("two_kan_replacement_win", 30)], 39),
    ("21-3 after three kans", dict(hand="456m77z", melds=["chi:234p", "kan:1111s", "kan:9999p", "kan:8888m"],
                                   win_tile="4m", tsumo=True, kan_replacement_win=3),
     [("no_flowers", 1), ("open_kan", 3), ("self_draw", 1), ("three_kan_replacement_win", 60)], 70),
    ("22-1 robbing_kan", dict(A, win_tile="4m", chankan=1), [("no_flowers", 1), ("robbing_kan", 1)], 7),
    ("22-2 robbing a second kan", dict(A, win_tile="4m", chankan=2), [("no_flowers", 1), ("robbing_second_kan", 30)], 36),
    ("22-3 robbing a third kan", dict(A, win_tile="4m", chankan=3), [("no_flowers", 1), ("robbing_third_kan", 60)], 66),
    ("23-1 two_concealed_pungs", dict(hand="111m555p234s678s789m77z", win_tile="2s"),
     [("no_flowers", 1), ("concealed_hand", 3), ("two_concealed_pungs", 3)], 12),
    # A pung completed by ron is open (B9): 555p won by ron leaves one concealed pung.
    ("23 ron-completed pung is open", dict(hand="111m555p234s678s789m77z", win_tile="5p"),
     [("no_flowers", 1), ("shanpon_ron", 1), ("concealed_hand", 3)], 10),
    ("23-2 three_concealed_pungs", dict(hand="111m555p333s678s77z", melds=["chi:789m"], win_tile="6s"),
     [("no_flowers", 1), ("three_concealed_pungs", 10)], 16),
    ("23-3 four_concealed_pungs", dict(hand="111m555p333s999s77z", melds=["chi:789m"], win_tile="7z"),
     [("no_flowers", 1), ("true_single_wait", 2), ("four_concealed_pungs", 30)], 38),
    # 5안커 by ron (won on the pair, so every pung stays concealed) 80; by tsumo 100 (tier, L54-55).
    ("23-4 five_concealed_pungs", dict(hand="111m555m999p333s777s44z", win_tile="4z"),
     [("no_flowers", 1), ("true_single_wait", 2), ("concealed_hand", 3), ("five_concealed_pungs", 80),
      ("all_pungs", 30)], 121),
    ("23-5 five concealed pungs by tsumo", dict(hand="111m555m999p333s777s44z", win_tile="4z", tsumo=True),
     [("no_flowers", 1), ("true_single_wait", 2), ("concealed_self_draw", 5), ("five_concealed_pungs_tsumo", 100),
      ("all_pungs", 30)], 143),
    ("24-1 mixed_double_chow", dict(hand="123m345s567s789p77z", melds=["chi:123p"], win_tile="1m"),
     [("no_flowers", 1), ("mixed_double_chow", 2)], 8),
    ("24-2 mixed_triple_chow", dict(hand="123m123s567s789m77z", melds=["chi:123p"], win_tile="1m"),
     [("no_flowers", 1), ("mixed_triple_chow", 10)], 16),
    # L58: a fourth chow of those numbers: 20, and no 이페커 with it.
    ("24-3 mixed_triple_chow_plus_one", dict(hand="123m123m123s567s77z", melds=["chi:123p"], win_tile="5s"),
     [("no_flowers", 1), ("mixed_triple_chow_plus_one", 20)], 26),
    # L59: all five chows share the numbers: 40, replacing 24-x and 26-1.
    ("25 five_same_chows", dict(hand="123m123m123s123s77z", melds=["chi:123p"], win_tile="7z"),
     [("no_flowers", 1), ("true_single_wait", 2), ("five_same_chows", 40), ("outside_hand", 15)], 63),
    ("26-1 pure_double_chow", dict(hand="123m123m789m567s77z", melds=["chi:456s"], win_tile="1m"),
     [("no_flowers", 1), ("pure_double_chow", 3)], 9),
    # L60: "량페커는 없다": two of them are 3 + 3.
    ("26-1 twice (no ryanpeikou)", dict(hand="123m123m789s789s77z", melds=["chi:456s"], win_tile="1m"),
     [("no_flowers", 1), ("pure_double_chow", 6)], 12),
    ("26-2 pure_triple_chow", dict(hand="234m789s567p77z", melds=["chi:234m", "chi:234m"], win_tile="5p"),
     [("no_flowers", 1), ("pure_triple_chow", 15)], 21),
    ("26-3 pure_quadruple_chow", dict(hand="234m789s77z", melds=["chi:234m", "chi:234m", "chi:234m"], win_tile="2m"),
     [("no_flowers", 1), ("pure_quadruple_chow", 30)], 36),
    ("27-1 double_pung", dict(hand="222m222p345m456s789s77z", win_tile="4s"),
     [("no_flowers", 1), ("concealed_hand", 3), ("two_concealed_pungs", 3), ("double_pung", 3)], 15),
    ("27-2 little_triple_pung", dict(hand="222m222p22s345m456s789s", win_tile="3m", flowers="f2"),
     [("flower", 1), ("pair_258", 1), ("no_honours", 1), ("concealed_hand", 3), ("two_concealed_pungs", 3),
      ("little_triple_pung", 10)], 24),
    ("27-3 triple_pung", dict(hand="222m222p222s456s789m77z", win_tile="4s"),
     [("no_flowers", 1), ("concealed_hand", 3), ("three_concealed_pungs", 10), ("triple_pung", 15)], 34),
    ("28-1 two_shifted_pungs", dict(hand="222m333m567p789s456s77z", win_tile="5p"),
     [("no_flowers", 1), ("concealed_hand", 3), ("two_concealed_pungs", 3), ("two_shifted_pungs", 3)], 15),
    ("28-2 little_three_shifted_pungs", dict(hand="22233344m567p789s456s", win_tile="5p", flowers="f2"),
     [("flower", 1), ("no_honours", 1), ("concealed_hand", 3), ("two_concealed_pungs", 3),
      ("little_three_shifted_pungs", 8)], 21),
    # 222333444m is also three 234m (삼페커 15): the pung reading pays more and wins (B29).
    ("28-3 three_shifted_pungs", dict(hand="222333444m567p789s77z", win_tile="7z"),
     [("no_flowers", 1), ("true_single_wait", 2), ("concealed_hand", 3), ("three_concealed_pungs", 10),
      ("three_shifted_pungs", 15)], 36),
    ("29-1 little_four_shifted_pungs", dict(hand="22233344455m789s567p", win_tile="5p"),
     [("pair_258", 1), ("no_honours_no_flowers", 5), ("concealed_hand", 3), ("three_concealed_pungs", 10),
      ("little_four_shifted_pungs", 20)], 44),
    ("29-2 four_shifted_pungs", dict(hand="222333444555m789s77z", win_tile="7z"),
     [("no_flowers", 1), ("true_single_wait", 2), ("concealed_hand", 3), ("four_concealed_pungs", 30),
      ("four_shifted_pungs", 30)], 71),
    # two suits and no honours: 결일문 too.
    ("30-1 little_five_shifted_pungs", dict(hand="222333444555m66m79s8s", win_tile="8s"),
     [("true_single_wait", 2), ("no_honours_no_flowers", 5), ("concealed_hand", 3), ("four_concealed_pungs", 30),
      ("little_five_shifted_pungs", 40), ("one_suit_missing", 5)], 90),
    ("30-2 five_shifted_pungs", dict(hand="111222333444555m77z", win_tile="7z"),
     [("no_flowers", 1), ("true_single_wait", 2), ("concealed_hand", 3), ("five_concealed_pungs", 80),
      ("five_shifted_pungs", 60), ("half_flush", 30), ("all_pungs", 30)], 211),
    ("31 mixed_shifted_pungs", dict(hand="444m678m222p333s789p77z", win_tile="6m"),
     [("no_flowers", 1), ("concealed_hand", 3), ("three_concealed_pungs", 10), ("mixed_shifted_pungs", 10)], 29),
    ("32 terminal_pungs", dict(hand="111m999m456p345s789s77z", win_tile="4p"),
     [("no_flowers", 1), ("concealed_hand", 3), ("two_concealed_pungs", 3), ("terminal_pungs", 3)], 15),
    # L75: 111p + 123p: all four 1p in two bodies: 10 concealed, 5 when a body is called.
    ("33 four_in_two", dict(hand="111123p456m345s678s77z", win_tile="4m"),
     [("no_flowers", 1), ("concealed_hand", 3), ("four_in_two", 10)], 19),
    ("33 four_in_two, called", dict(hand="123p456m345s678s77z", melds=["pon:111p"], win_tile="4m"),
     [("no_flowers", 1), ("four_in_two", 5)], 11),
    # L76: 11p 123p 123p.
    ("34 four_in_three", dict(hand="11112233p456m567s678s", win_tile="4m", flowers="f2"),
     [("flower", 1), ("no_honours", 1), ("concealed_hand", 3), ("pure_double_chow", 3), ("four_in_three", 20)], 33),
    # L77: 234 345 345 456 (the two 345 are also an 이페커).
    ("35 four_in_four", dict(hand="234p345p345p456p789s77z", win_tile="9s"),
     [("no_flowers", 1), ("concealed_hand", 3), ("pure_double_chow", 3), ("four_in_four", 40)], 52),
    ("36 pure_straight", dict(hand="123m456m789m234p567s77z", win_tile="1m"),
     [("no_flowers", 1), ("concealed_hand", 3), ("pure_straight", 20)], 29),
    ("36 pure_straight, called", dict(hand="456m789m234p567s77z", melds=["chi:123m"], win_tile="4m"),
     [("no_flowers", 1), ("pure_straight", 10)], 16),
    ("37 mixed_straight", dict(hand="123m345m456p678p789s77z", win_tile="1m"),
     [("no_flowers", 1), ("concealed_hand", 3), ("mixed_straight", 15)], 24),
    ("37 mixed_straight, called", dict(hand="123m345m678p789s77z", melds=["chi:456p"], win_tile="1m"),
     [("no_flowers", 1), ("mixed_straight", 8)], 14),
    # L80: 147m 258p 369s + 789m 567s + 77z.
    ("38 knitted_straight", dict(hand="147m789m258p369s567s77z", win_tile="5s"),
     [("no_flowers", 1), ("concealed_hand", 3), ("knitted_straight", 15)], 24),
    ("39 all_five_types", dict(hand="234m567m456p789s55z", melds=["pon:333z"], win_tile="4p"),
     [("wind_pung", 1), ("no_flowers", 1), ("all_five_types", 10)], 17),
    # L82: + a red (f1) and a blue (f6) flower: 20 instead of 10.
    ("40 all_seven_types", dict(hand="234m567m456p789s55z", melds=["pon:333z"], win_tile="4p", flowers="f1f6"),
     [("flower", 1), ("own_flower", 2), ("wind_pung", 1), ("all_seven_types", 20)], 29),
    ("41 one_suit_missing", dict(hand="123m456m99m234p567p789p", win_tile="1m"),
     [("no_honours_no_flowers_all_chows", 15), ("concealed_hand", 3), ("one_suit_missing", 5)], 28),
    ("42-1 half_flush", dict(hand="123m345m678m999m555z77z", win_tile="1m"),
     [("no_flowers", 1), ("dragon_pung", 2), ("concealed_hand", 3), ("two_concealed_pungs", 3), ("half_flush", 30)], 44),
    ("42-2 full_flush", dict(hand="234m567m99m", melds=["chi:123m", "chi:345m", "chi:678m"], win_tile="2m"),
     [("no_honours_no_flowers_all_chows", 15), ("full_flush", 80)], 100),
    ("43 all_pungs", dict(hand="999p444s77z", melds=["pon:222m", "pon:555p", "pon:888s"], win_tile="9p"),
     [("no_flowers", 1), ("shanpon_ron", 1), ("all_pungs", 30)], 37),
    # L87: every set called, waiting on the pair: 15 by ron, 8 by tsumo; 독독 stacks (B18).
    ("44 all_melded_single_wait (ron)", dict(hand="55z", melds=["chi:123m", "chi:456p", "pon:777s", "pon:999m", "chi:345s"],
                                             win_tile="5z"),
     [("no_flowers", 1), ("true_single_wait", 2), ("all_melded_single_wait", 15)], 23),
    ("44 all_melded_single_wait (tsumo)", dict(hand="55z", melds=["chi:123m", "chi:456p", "pon:777s", "pon:999m", "chi:345s"],
                                               win_tile="5z", tsumo=True),
     [("no_flowers", 1), ("true_single_wait", 2), ("self_draw", 1), ("all_melded_single_wait", 8)], 17),
    ("45-1 early_win_7", dict(A, win_tile="4m", discards_on_table=5), [("no_flowers", 1), ("early_win_7", 20)], 26),
    ("45-2 early_win_10", dict(A, win_tile="4m", discards_on_table=10), [("no_flowers", 1), ("early_win_10", 10)], 16),
    ("46-1 little_three_winds", dict(hand="456m789p345s44z", melds=["pon:222z", "pon:333z"], win_tile="4m"),
     [("wind_pung", 2), ("no_flowers", 1), ("little_three_winds", 15)], 23),
    ("46-2 big_three_winds", dict(hand="456m789p77z", melds=["pon:222z", "pon:333z", "pon:444z"], win_tile="4m"),
     [("wind_pung", 3), ("no_flowers", 1), ("big_three_winds", 30)], 39),
    ("47-1 little_four_winds", dict(hand="456m789p11z", melds=["pon:222z", "pon:333z", "pon:444z"], win_tile="4m"),
     [("wind_pung", 3), ("no_flowers", 1), ("little_four_winds", 60)], 69),
    ("47-2 big_four_winds", dict(hand="789p55z", melds=["pon:111z", "pon:222z", "pon:333z", "pon:444z"], win_tile="7p"),
     [("wind_pung", 3), ("value_wind_pung", 4), ("no_flowers", 1), ("true_single_wait", 2), ("half_flush", 30),
      ("big_four_winds", 80), ("outside_hand", 15)], 140),
    ("48-1 thirteen_orphans_plus_set", dict(hand="119m19456p19s1234567z", win_tile="5p"),
     [("no_flowers", 1), ("concealed_hand", 3), ("thirteen_orphans_plus_set", 80)], 89),
    ("48-2 thirteen_orphans_four_of_a_kind", dict(hand="19m19p19s1234567z111m1p", win_tile="1p"),
     [("no_flowers", 1), ("concealed_hand", 3), ("thirteen_orphans_four_of_a_kind", 90)], 99),
    ("49-1 sixteen_unrelated", dict(hand="148m259p369s12345677z", win_tile="2p"),
     [("no_flowers", 1), ("concealed_hand", 3), ("sixteen_unrelated", 60)], 69),
    ("49-2 knitted_sixteen", dict(hand="147m258p369s12345567z", win_tile="2p", tsumo=True),
     [("no_flowers", 1), ("concealed_self_draw", 5), ("knitted_sixteen", 80)], 91),
    ("50 seven_pairs_plus_pung", dict(hand="22m44m66p88p33s55s77s999s", win_tile="9s", tsumo=True),
     [("no_honours_no_flowers", 5), ("concealed_self_draw", 5), ("seven_pairs_plus_pung", 40)], 55),
    ("50 won by ron on a pair", dict(hand="22m44m66p88p33s55s77s999s", win_tile="2m"),
     [("true_single_wait", 2), ("no_honours_no_flowers", 5), ("concealed_hand", 3), ("seven_pairs_plus_pung", 40)], 55),
    # L98: 1111p as two pairs also scores 사귀일.
    ("50 + 33 (L98)", dict(hand="1111p22m33m44s55s66s777s", win_tile="7s", tsumo=True),
     [("no_honours_no_flowers", 5), ("concealed_self_draw", 5), ("four_in_two", 10), ("seven_pairs_plus_pung", 40)], 65),
    # 51-1: a whole set (매난국죽) is 10 in the hand and stops 닭 (L31); 5 from each at once.
    ("51-1 flower_set", dict(A, win_tile="4m", flowers="f1f2f3f4"),
     [("flower", 3), ("own_flower", 2), ("flower_set", 10)], 20),
    # 51-2: 1-2-3-4 by mixing the sets: no points (still 닭), 3 from each at once.
    ("51-2 mixed flowers", dict(A, win_tile="4m", flowers="f1f2f7f8"),
     [("flower", 3), ("own_flower", 2), ("chicken", 20)], 30),
    ("52 all_simples", dict(hand="456m678p345s567s88s", melds=["chi:234m"], win_tile="4m"),
     [("pair_258", 1), ("no_honours_no_flowers_all_chows", 15), ("all_simples", 5)], 26),
    ("53-1 outside_hand", dict(hand="123m789m789p111p99s", melds=["pon:222z"], win_tile="1m"),
     [("wind_pung", 1), ("no_flowers", 1), ("mixed_double_chow", 2), ("outside_hand", 15)], 24),
    ("53-2 pure_outside_hand", dict(hand="789m789p111s99s", melds=["chi:123m", "chi:789s"], win_tile="1s"),
     [("shanpon_ron", 1), ("no_honours_no_flowers", 5), ("mixed_triple_chow", 10), ("pure_outside_hand", 30)], 51),
    # "대대화 점수도 받는다" (L105): 혼요구 with all pungs.
    ("53-3 all_terminals_and_honours", dict(hand="111s999m222z77z", melds=["pon:111m", "pon:999p"], win_tile="1s"),
     [("wind_pung", 1), ("no_flowers", 1), ("shanpon_ron", 1), ("two_concealed_pungs", 3), ("double_pung", 3),
      ("terminal_pungs", 3), ("all_five_types", 10), ("all_pungs", 30), ("all_terminals_and_honours", 40)], 97),
    ("53-4 all_terminals", dict(hand="999p999s11s", melds=["pon:111m", "pon:999m", "pon:111p"], win_tile="1s"),
     [("true_single_wait", 2), ("no_honours_no_flowers", 5), ("two_concealed_pungs", 3), ("triple_pung", 15),
      ("terminal_pungs", 3), ("all_pungs", 30), ("all_terminals", 80)], 143),
    ("54-1 heavenly_hand", dict(C, tenhou=True), [("no_flowers", 1), ("concealed_self_draw", 5), ("heavenly_hand", 100)], 111),
    ("54-2 earthly_hand", dict(C, win_tile="1m", chiihou=True, seat_wind="S"),
     [("no_flowers", 1), ("concealed_self_draw", 5), ("earthly_hand", 90)], 101),
    ("54-3 human_hand", dict(C, win_tile="4m", renhou=True, seat_wind="S"),
     [("no_flowers", 1), ("concealed_hand", 3), ("human_hand", 80)], 89),
]


def request_of(case: Dict[str, Any]) -> Dict[str, Any]:
    return dict(case, rules="hktw")


@pytest.mark.parametrize("name,req,patterns,value", CASES, ids=[c[0] for c in CASES])
def test_entry(name: str, req: Dict[str, Any], patterns: List[Tuple[str, int]], value: int) -> None:
    r = tenbou.score(request_of(req))
    assert isinstance(r, tenbou.HktwResult)
    d = r.as_dict()
    assert d["ok"], d
    assert sorted((y["key"], y["points"]) for y in d["yaku"]) == sorted(patterns)
    order = [row["key"] for row in hktw.pattern_table()]
    assert [y["key"] for y in d["yaku"]] == sorted((y["key"] for y in d["yaku"]), key=order.index)  # the seed's order
    assert d["base_points"] == 5 and d["pattern_points"] == value - 5 and d["value"] == value
    tsumo = bool(req.get("tsumo") or req.get("tenhou") or req.get("chiihou"))
    # L15: the discarder alone on ron, each of the three others on tsumo; no dealer difference.
    assert d["payments"] == [{"payer": "each_other" if tsumo else "discarder", "amount": value}]
    assert d["total"] == value * (3 if tsumo else 1)
    assert d["honba_bonus"] == 0 and d["pool_bonus"] == 0
    assert d["han"] is None and d["fu"] is None


def test_every_entry_has_a_whole_hand() -> None:
    """Bar 1: every scoring row of the table appears in some case (instant-only rows are
    tested through instant payments and events below)."""
    seen = {key for _, _, patterns, _ in CASES for key, _ in patterns}
    table = hktw.pattern_table()
    assert len(table) == 94 and len({row["number"] for row in table}) == 94
    assert {row["number"].split("-")[0] for row in table} == {str(n) for n in range(1, 57)}
    missing = [row["key"] for row in table if row["class"] != "instant" and row["key"] not in seen]
    assert not missing


def test_table_matches_the_seed() -> None:
    """Every row's points are the number on its seed line (shared/seeds when present)."""
    from conftest import ROOT
    seed = ROOT.parent / "shared" / "seeds" / "002_ee56e4f2d904322e.txt"
    if not seed.exists():
        pytest.skip("shared/seeds not beside the checkout")
    lines = seed.read_text(encoding="utf-8").splitlines()
    for row in hktw.pattern_table():
        line = lines[row["seed_line"] - 1]
        number = row["number"]
        assert line.startswith(number + ".") or line.startswith(number + ",") or (
            row["number"] in ("45-1", "45-2", "51-1", "51-2", "51-3") and line.startswith(number)), (number, line)
        if row["class"] == "instant" or number in ("20", "9", "10"):
            continue
        assert f"{row['points']}점" in line.replace(" 점", "점"), (number, line)
        if "points_alt" in row:
            assert f"{row['points_alt']}점" in line, (number, line)


# --- payments, honba, pool, instant payments ----------------------------------------------------

def test_honba_is_2n_plus_1_per_payer() -> None:
    """L14: "2n+1점을 각자가 추가로 낸다": 1 honba -> 3, 2 -> 5, 3 -> 7, from each payer."""
    for n, each in [(0, 0), (1, 3), (2, 5), (3, 7)]:
        ron = hktw.score(A["hand"], "4m", melds=A["melds"], honba=n)
        assert ron.honba_bonus == each and ron.total == 26 + each
        tsumo = hktw.score(A["hand"], "4m", melds=A["melds"], honba=n, tsumo=True)
        assert tsumo.honba_bonus == 3 * each and tsumo.total == 3 * 17 + 3 * each
    # B27: a house where all three others add it even on ron.
    r = hktw.score(A["hand"], "4m", melds=A["melds"], honba=2, options={"honba_payers": "all_others"})
    assert r.honba_bonus == 15 and r.total == 26 + 15


def test_dealer_pays_and_wins_like_anyone() -> None:
    """L15: "자가 화료했을 때도 같다"."""
    for seat in "ESWN":
        r = hktw.score(C["hand"], "4m", tsumo=True, seat_wind=seat)
        assert r.payments[0].amount == 11 and r.total == 33


def test_pool_goes_to_the_winner() -> None:
    r = hktw.score(A["hand"], "4m", melds=A["melds"], pool=35)
    assert r.pool_bonus == 35 and r.total == 26 + 35


def test_instant_payments_are_apart_from_the_value() -> None:
    r = hktw.score("456m789m345p567s77z", "4m", melds=["ankan:1111s"])
    assert r.total == 11
    assert r.as_dict()["instant_payments"] == [{"key": "closed_kan", "number": "7-2", "name_ko": "암깡", "payer": "each_other",
                                                "each": 5, "count": 1, "total": 15}]
    two = hktw.score("456m789m77z", "4m", melds=["ankan:1111s", "ankan:9999p", "chi:234p"])
    assert [(p.key, p.each, p.units, p.total) for p in two.instant_payments] == [("closed_kan", 5, 2, 30)]
    s = hktw.score(A["hand"], "4m", melds=A["melds"], flowers="f5f6f7f8")
    assert [(p.key, p.each, p.total) for p in s.instant_payments] == [("flower_set", 5, 15)]
    m = hktw.score(A["hand"], "4m", melds=A["melds"], flowers="f1f2f7f8")
    assert [(p.key, p.each, p.total) for p in m.instant_payments] == [("mixed_flower_set", 3, 9)]
    none = hktw.score(A["hand"], "4m", melds=A["melds"], flowers="f1f2f3")
    assert none.instant_payments == []


def test_all_eight_flowers_end_the_hand() -> None:
    """L101 (B26): 40 from each player, the hand ends, nothing else is scored."""
    for hand, win in [("123m456m789p345s678s55z", "4m"), ("12345678m123456p11z", None), ("1359m2468p1357s1234z", None)]:
        r = hktw.score(hand, win, flowers="f1f2f3f4f5f6f7f8")
        d = r.as_dict()
        assert d["ok"] and d["hand_ended"]
        assert [(y["key"], y["points"]) for y in d["yaku"]] == [("all_flowers", 0)]
        assert d["value"] == 0 and d["payments"] == [] and d["total"] == 0
        assert [(p["key"], p["each"], p["total"]) for p in d["instant_payments"]] == [("all_flowers", 40, 120)]


@pytest.mark.parametrize("event,payer,receiver,each,total", [
    ("closed_kan", "each_other", "declarer", 5, 15),
    ("flower_set", "each_other", "holder", 5, 15),
    ("mixed_flower_set", "each_other", "holder", 3, 9),
    ("all_flowers", "each_other", "holder", 40, 120),
    ("four_winds_discarded", "dealer", "each_other", 5, 15),
    ("dice_straight", "dealer", "each_other", 5, 15),
    ("dice_triple", "each_other", "dealer", 5, 15),
    ("chombo", "offender", "pool", 30, 30),
    ("call_mistake", "offender", "pool", 5, 5),
    ("exhaustive_draw", "every_player", "pool", 5, 20),
])
def test_events(event: str, payer: str, receiver: str, each: int, total: int) -> None:
    """Section 4: entries 55 and 56, the instant payments, chombo 30 (L13: 5 x 6), the pool."""
    e = hktw.event(event)
    assert (e["payer"], e["receiver"], e["each"], e["total"]) == (payer, receiver, each, total)


def test_four_winds_repeat_costs_five_more_each_time() -> None:
    """L110: 5, then 10, then 15 ..."""
    assert [hktw.event("four_winds_discarded", repeat=n)["each"] for n in (1, 2, 3)] == [5, 10, 15]
    with pytest.raises(tenbou.InvalidValueError, match="only four_winds_discarded repeats"):
        hktw.event("chombo", repeat=2)
    with pytest.raises(tenbou.InvalidValueError, match="unknown event 'tsumo'"):
        hktw.event("tsumo")


# --- tiers, best reading, waits --------------------------------------------------------------

def keys(r: tenbou.HktwResult) -> List[str]:
    return [p.key for p in r.yaku]


def test_tier_families_score_only_their_top_member() -> None:
    r = hktw.score("456m789m11p", "4m", melds=["pon:555z", "pon:666z", "pon:777z"])
    assert "big_three_dragons" in keys(r) and "little_three_dragons" not in keys(r)
    r = hktw.score("111m555m999p333s777s44z", "4z", tsumo=True)
    assert "five_concealed_pungs_tsumo" in keys(r) and "five_concealed_pungs" not in keys(r)
    r = hktw.score("123m123m123s567s77z", "5s", melds=["chi:123p"])
    assert keys(r).count("mixed_triple_chow_plus_one") == 1
    assert not {"mixed_triple_chow", "mixed_double_chow", "pure_double_chow"} & set(keys(r))
    r = hktw.score("234m789s77z", "2m", melds=["chi:234m", "chi:234m", "chi:234m"])
    assert "pure_quadruple_chow" in keys(r) and not {"pure_triple_chow", "pure_double_chow"} & set(keys(r))
    r = hktw.score("222m222p222s456s789m77z", "4s")
    assert "triple_pung" in keys(r) and "double_pung" not in keys(r)
    r = hktw.score("222333444555m66m79s8s", "8s")
    assert "little_five_shifted_pungs" in keys(r)
    assert not {"four_shifted_pungs", "three_shifted_pungs", "two_shifted_pungs"} & set(keys(r))
    r = hktw.score("234m567m99m", "2m", melds=["chi:123m", "chi:345m", "chi:678m"])
    assert "full_flush" in keys(r) and "half_flush" not in keys(r)
    r = hktw.score(A["hand"], "4m", melds=A["melds"], discards_on_table=3)
    assert "early_win_7" in keys(r) and "early_win_10" not in keys(r)
    r = hktw.score("456m789p11z", "4m", melds=["pon:222z", "pon:333z", "pon:444z"])
    assert "little_four_winds" in keys(r) and "big_three_winds" not in keys(r)
    r = hktw.score("19m19p19s1234567z111m1p", "1p")
    assert "thirteen_orphans_four_of_a_kind" in keys(r) and "thirteen_orphans_plus_set" not in keys(r)
    r = hktw.score("147m258p369s12345567z", "2p")
    assert "knitted_sixteen" in keys(r) and "sixteen_unrelated" not in keys(r)
    r = hktw.score("999p999s11s", "1s", melds=["pon:111m", "pon:999m", "pon:111p"])
    assert "all_terminals" in keys(r) and not {"all_terminals_and_honours", "pure_outside_hand"} & set(keys(r))
    r = hktw.score("234m567m456p789s55z", "4p", melds=["pon:333z"], flowers="f1f6")
    assert "all_seven_types" in keys(r) and "all_five_types" not in keys(r)
    r = hktw.score(C["hand"], "4m", tsumo=True)
    assert "concealed_self_draw" in keys(r) and not {"concealed_hand", "self_draw"} & set(keys(r))
    r = hktw.score("456m789m678s345p99s", "4m", melds=["chi:234p"])
    assert keys(r) == ["no_honours_no_flowers_all_chows"]  # not also 무자화, 무자 or 무화


def test_best_reading_wins() -> None:
    """234234234 read as three chows (삼페커 15) or three pungs (3안커 10 + 대삼연커 15): the larger."""
    pungs = hktw.score("222333444m567p789s77z", "7z")
    assert "three_shifted_pungs" in keys(pungs) and pungs.value == 36
    assert pungs.decomposition == ["222m", "333m", "444m", "567p", "789s", "77z"]
    # B29: a house that prefers the seed's aside ("3안커랑 같은데 5점 더 높다").
    peko = hktw.score("222333444m567p789s77z", "7z", options={"prefer_peko_reading": True})
    assert "pure_triple_chow" in keys(peko) and peko.value == 5 + 1 + 2 + 3 + 15
    # A winning tile with two places: 5m in 456m (kanchan, with 66m the pair) or ... only one here;
    # 3m in 123m + 33m (tanki) or 333m + 12?: 11123m won on 1m prefers the single wait (가독 1).
    tanki = hktw.score("11123m456s789s", "1m", melds=["chi:567p", "pon:777z"])
    assert tanki.wait == "tanki" and "false_single_wait" in keys(tanki)


def test_wait_set_of_the_sixteen_tiles() -> None:
    r = hktw.score("3456789m678s3m", "3m", melds=["chi:234p", "pon:777z"])
    assert r.waits == ["3m", "6m", "9m"] and r.wait == "tanki"
    # B6: a tile whose four copies the winner holds is not a wait: kan 1111m + 23m waits on 4m only.
    r = hktw.score("234m345p678s789p77z", "4m", melds=["kan:1111m"])
    assert r.waits == ["4m"] and r.wait == "ryanmen"
    assert "true_single_wait" not in keys(r)  # one waiting tile, but a two-sided shape (L34)


def test_thirteen_orphans_waits_on_twelve() -> None:
    r = hktw.score("19m19p19s1234567z111m1p", "1p")
    assert len(r.waits) == 12 and "1m" not in r.waits


def test_seven_pairs_pung_completed_by_ron_is_not_a_win() -> None:
    """B9: 50 needs a concealed pung; ron on the pung tile opens it."""
    d = tenbou.score(request_of(dict(hand="22m44m66p88p33s55s77s999s", win_tile="9s"))).as_dict()
    assert not d["ok"] and d["error"]["code"] == "not_winning" and "B9" in d["error"]["message"]
    ok = hktw.score("22m44m66p88p33s55s77s999s", "9s", options={"ron_completed_pung_is_concealed": True})
    assert "seven_pairs_plus_pung" in keys(ok)


def test_not_a_complete_hand() -> None:
    d = tenbou.score(request_of(dict(hand="123m456m789p345s678s56z", win_tile="5z"))).as_dict()
    assert not d["ok"] and d["error"]["code"] == "not_winning"


# --- house options (hktw.md section 9), each against its default --------------------------------

def test_option_seat_flower_per_flower() -> None:
    r = hktw.score(A["hand"], "4m", melds=A["melds"], flowers="f2f6", seat_wind="S",
                   options={"seat_flower_per_flower": False})
    assert [(p.key, p.points) for p in r.yaku][0] == ("own_flower", 2)


def test_option_duck_adds_tsumo() -> None:
    r = hktw.score(A["hand"], "4m", melds=A["melds"], tsumo=True, options={"duck_adds_tsumo": False})
    assert [(p.key, p.points) for p in r.yaku] == [("no_flowers", 1), ("duck", 10)] and r.value == 16


def test_option_false_single_kanchan() -> None:
    """B7: 4666m waits on 4m (44 + 666) and 5m (456 + 66): won on 5m it is a kanchan among two waits."""
    r = hktw.score("45666m345p678s789p555z", "5m")
    assert r.wait == "kanchan" and r.waits == ["4m", "5m"] and "false_single_wait" in keys(r)
    no = hktw.score("45666m345p678s789p555z", "5m", options={"false_single_includes_kanchan_penchan": False})
    assert "false_single_wait" not in keys(no) and no.value == r.value - 1
    off = hktw.score("456m789m678s345p77z", "5m", melds=["chi:234p"],
                     options={"false_single_includes_kanchan_penchan": False})
    assert "true_single_wait" in keys(off)  # 독독 does not depend on the switch


def test_option_wait_patterns_on_special_hands() -> None:
    on = hktw.score("119m19456p19s1234567z", "1m", options={"wait_patterns_on_special_hands": True})
    off = hktw.score("119m19456p19s1234567z", "1m")
    assert not {"true_single_wait", "false_single_wait"} & set(keys(off))
    assert {"true_single_wait", "false_single_wait"} & set(keys(on))


def test_option_mixed_double_with_pure_double() -> None:
    hand, melds = "123m123m123p789s77z", ["chi:456p"]
    add = hktw.score(hand, "7z", melds=melds)
    assert ("mixed_double_chow", 2) in [(p.key, p.points) for p in add.yaku] and "pure_double_chow" in keys(add)
    exclude = hktw.score(hand, "7z", melds=melds, options={"mixed_double_with_pure_double": "exclude"})
    assert "mixed_double_chow" in keys(exclude) and "pure_double_chow" not in keys(exclude)
    best = hktw.score(hand, "7z", melds=melds, options={"mixed_double_with_pure_double": "max"})
    assert "pure_double_chow" in keys(best) and "mixed_double_chow" not in keys(best)


def test_option_five_gates_on_special() -> None:
    on = hktw.score("148m259p369s12345677z", "2p", options={"five_gates_on_special": True})
    assert "all_five_types" in keys(on)


def test_option_stack_no_suit_with_no_honours() -> None:
    r = hktw.score("123m456m99m234p567p789p", "1m", flowers="f2", options={"stack_no_suit_with_no_honours": False})
    assert "one_suit_missing" in keys(r) and "no_honours" not in keys(r)


def test_option_all_melded_plus_single_wait() -> None:
    r = hktw.score("55z", "5z", melds=["chi:123m", "chi:456p", "pon:777s", "pon:999m", "chi:345s"],
                   options={"all_melded_plus_single_wait": False})
    assert "all_melded_single_wait" in keys(r) and "true_single_wait" not in keys(r)


def test_option_wind_combo_adds_pungs() -> None:
    r = hktw.score("456m789p11z", "4m", melds=["pon:222z", "pon:333z", "pon:444z"], options={"wind_combo_adds_pungs": False})
    assert keys(r) == ["no_flowers", "little_four_winds"] and r.value == 66


def test_option_riichi_adds_concealed() -> None:
    r = hktw.score(C["hand"], "4m", riichi="closed", options={"riichi_adds_concealed": False})
    assert keys(r) == ["no_flowers", "closed_riichi"]


def test_option_replacement_win_adds_tsumo() -> None:
    r = hktw.score(A["hand"], "4m", melds=A["melds"], tsumo=True, flowers="f2", flower_replacement_win=1,
                   options={"replacement_win_adds_tsumo": False})
    assert keys(r) == ["flower", "flower_replacement_win"]


def test_option_limit_and_base_points() -> None:
    r = hktw.score("111m555m999p333s777s44z", "4z", tsumo=True, options={"limit": 100})
    assert r.value == 100 and r.as_dict()["limit"] == "house_limit"
    b = hktw.score(A["hand"], "4m", melds=A["melds"], options={"base_points": 10})
    assert b.value == 31


def test_option_five_concealed_pungs_tsumo_adds() -> None:
    r = hktw.score("111m555m999p333s777s44z", "4z", tsumo=True, options={"five_concealed_pungs_tsumo_adds": True})
    assert {"five_concealed_pungs", "five_concealed_pungs_tsumo"} <= set(keys(r)) and r.value == 143 + 80


def test_option_four_copies_in_quadruple_chow() -> None:
    r = hktw.score("234m789s77z", "2m", melds=["chi:234m", "chi:234m", "chi:234m"],
                   options={"four_copies_in_quadruple_chow": True})
    # 2m, 3m and 4m each sit in four chows (called): 사귀사 20 each, beside the 사페커.
    assert [(p.key, p.points, p.tile) for p in r.yaku if p.key == "four_in_four"] == [
        ("four_in_four", 20, "2m"), ("four_in_four", 20, "3m"), ("four_in_four", 20, "4m")]


def test_option_one_suit_missing_on_full_flush() -> None:
    r = hktw.score("234m567m99m", "2m", melds=["chi:123m", "chi:345m", "chi:678m"],
                   options={"one_suit_missing_on_full_flush": True})
    assert "one_suit_missing" in keys(r) and r.value == 105


def test_option_orphans_add_concealed() -> None:
    r = hktw.score("119m19456p19s1234567z", "5p", options={"orphans_add_concealed": False})
    assert keys(r) == ["no_flowers", "thirteen_orphans_plus_set"] and r.value == 86


def test_option_honba_zero_adds_one() -> None:
    r = hktw.score(A["hand"], "4m", melds=A["melds"], options={"honba_zero_adds_one": True})
    assert r.honba_bonus == 1 and r.total == 27


def test_option_first_turn_wins_stack() -> None:
    r = hktw.score(C["hand"], tenhou=True, flowers="f2", options={"first_turn_wins_stack": False})
    assert keys(r) == ["flower", "heavenly_hand"] and r.value == 106


def test_rules_lists_every_switch_with_its_default() -> None:
    assert hktw.rules() == {
        "base_points": 5, "seat_flower_per_flower": True, "duck_adds_tsumo": True,
        "false_single_includes_kanchan_penchan": True, "wait_patterns_on_special_hands": False,
        "ron_completed_pung_is_concealed": False, "five_gates_on_special": False, "stack_no_suit_with_no_honours": True,
        "all_melded_plus_single_wait": True, "wind_combo_adds_pungs": True, "riichi_adds_concealed": True,
        "replacement_win_adds_tsumo": True, "prefer_peko_reading": False, "five_concealed_pungs_tsumo_adds": False,
        "four_copies_in_quadruple_chow": False, "one_suit_missing_on_full_flush": False, "orphans_add_concealed": True,
        "honba_zero_adds_one": False, "first_turn_wins_stack": True, "mixed_double_with_pure_double": "add",
        "honba_payers": "payers", "limit": None}
    with pytest.raises(tenbou.UnknownKeyError, match="options.kiriage"):
        hktw.rules({"kiriage": True})


# --- bad input (bar 4) ------------------------------------------------------------------------

BAD = [
    (dict(hand="123m456m789p345s678s5z", win_tile="5z"), tenbou.TileCountError, "16 tiles given"),
    (dict(hand="123m456m789p345s678s55z5m", win_tile="5z"), tenbou.TileCountError, "18 tiles given"),
    (dict(hand="456m789m678s345p77z", melds=["chi:234p", "pon:111z"], win_tile="4m"), tenbou.TileCountError, "11 tiles"),
    (dict(C, win_tile="4m", flowers="f1f1"), tenbou.DuplicateFlowerError, "flowers"),
    (dict(C, win_tile="4m", flowers="f1f2f3f4f5f6f7f8f9"), tenbou.InvalidFlowerError, "f9"),
    (dict(C, win_tile="4m", flowers="f9"), tenbou.InvalidFlowerError, "flowers"),
    (dict(A, melds=["pon:123p"], win_tile="4m"), tenbou.InvalidMeldError, "melds[0]"),
    (dict(A, melds=["chi:135p"], win_tile="4m"), tenbou.InvalidMeldError, "melds[0]"),
    (dict(hand="77z", melds=["chi:123m", "chi:456m", "chi:789m", "chi:123p", "chi:456p", "chi:789p"], win_tile="7z"),
     tenbou.InvalidMeldError, "6 melds"),
    (dict(hand="123m406m789p345s678s55z", win_tile="4m"), tenbou.TileNotInRulesError, "red fives"),
    (dict(hand="11111m456m789p345s678s", win_tile="4m"), tenbou.TooManyCopiesError, "5 copies of 1m"),
    (dict(C, win_tile="4z"), tenbou.WinTileMissingError, "4z"),
    (dict(C), tenbou.InvalidValueError, "win_tile"),
    (dict(A, win_tile="4m", riichi="closed"), tenbou.ImpossibleFlagsError, "closed"),
    (dict(C, win_tile="4m", riichi="open_hand"), tenbou.ImpossibleFlagsError, "open_hand"),
    (dict(C, win_tile="4m", ippatsu=True), tenbou.ImpossibleFlagsError, "ippatsu without riichi"),
    (dict(C, win_tile="4m", haitei=True), tenbou.ImpossibleFlagsError, "haitei"),
    (dict(C, win_tile="4m", tsumo=True, chankan=1), tenbou.ImpossibleFlagsError, "chankan"),
    (dict(C, win_tile="4m", tsumo=True, kan_replacement_win=1), tenbou.ImpossibleFlagsError, "kans"),
    (dict(C, win_tile="4m", tsumo=True, flower_replacement_win=2, flowers="f1"), tenbou.ImpossibleFlagsError, "flowers"),
    (dict(C, win_tile="4m", kan_replacement_win=4), tenbou.InvalidValueError, "kan_replacement_win"),
    (dict(C, win_tile="4m", tenhou=True, seat_wind="S"), tenbou.ImpossibleFlagsError, "dealer"),
    (dict(C, win_tile="4m", dora_indicators="1m"), tenbou.UnknownKeyError, "no dora"),
    (dict(C, win_tile="4m", variant="coffee"), tenbou.UnknownKeyError, "Korean"),
    (dict(C, win_tile="4m", riichi="double"), tenbou.InvalidValueError, "riichi"),
    (dict(C, win_tile="4m", options={"limit": -1}), tenbou.InvalidValueError, "options.limit"),
    (dict(C, win_tile="4m", options={"honba_payers": "dealer"}), tenbou.InvalidValueError, "options.honba_payers"),
]


@pytest.mark.parametrize("req,error,text", BAD, ids=[b[2] for b in BAD])
def test_bad_input(req: Dict[str, Any], error: type, text: str) -> None:
    with pytest.raises(error, match=None) as info:
        tenbou.score(request_of(req))
    assert text in str(info.value), str(info.value)
    # the same failure through the JSON text path, as every front end sees it
    d = json.loads(tenbou.score_json(json.dumps(request_of(req))))
    assert not d["ok"] and d["error"]["code"] == "invalid_input" and text in d["error"]["message"]


def test_cli_scores_a_hktw_hand(run_cli) -> None:
    code, out = run_cli(["score", "--rules", "hktw", "123m456m789p345s678s55z", "--win", "4m", "--tsumo", "--flowers", "f2"])
    assert code == 0
    assert "18-3  문전쯔모" in out and "Value     5 base + 6 = 11" in out and "Total     33" in out
    code, out = run_cli(["score", "--rules", "hktw", "123m456m789p345s678s55z", "--json", "--win", "4m"])
    assert json.loads(out)["value"] == 9
    code, out = run_cli(["yaku", "--rules", "hktw", "--wide"])
    assert code == 0 and "little_three_dragons" in out and "L24" in out
    code, _ = run_cli(["score", "--rules", "hktw", "123m456m789p345s678s55z", "--dora", "1m"])
    assert code == 2


def test_score_many_mixes_families() -> None:
    reqs = [request_of(dict(C, win_tile="4m")), {"hand": "234567m234p55s678s", "win_tile": "5m", "riichi": True},
            request_of(dict(C, win_tile="4m", flowers="f1f1"))]
    results = tenbou.score_many(reqs)
    assert isinstance(results[0], tenbou.HktwResult) and results[0].value == 9
    assert results[1].total == 5800
    assert not results[2].ok and results[2].error["reason"] == "duplicate_flower"
    assert results.totals() == [9, 5800, 0]


def test_waits_of_a_hand_before_the_win() -> None:
    # Five sets and a lone 5z: a single wait on 5z, scored by ron and by tsumo (tests/test_waits.py
    # checks 2,000 such hands against score).
    w = tenbou.waits({"rules": "hktw", "hand": "123m456m789p345s678s5z"})
    assert [x.tile for x in w.waits] == ["5z"] and w.waits[0].ron.ok and w.waits[0].tsumo.ok
