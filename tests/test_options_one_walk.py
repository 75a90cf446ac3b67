"""Options read in one walk (cpp/src/riichi/request_reader.hpp read_riichi_options): a preset
and a few plainly valid switches, in any order, score as the full reader's rules do
(riichi_rules_from, which tenbou.rules shows and which reads every option written out); anything
else goes to the full reader, so every error is its own, whatever the order of the keys."""
import itertools
import json

import pytest

import tenbou

# Hands whose score shows the switches below: a red five, an open all-simples hand, a
# double-wind pair, a dealer's 4 han 30 fu (kiriage), thirteen han (kazoe), renhou.
PROBES = [
    {"hand": "123m406p789s11z234m", "win_tile": "2m", "riichi": True, "honba": 2},
    {"hand": "234p567s88m", "melds": ["chi:345m", "pon:666s"], "win_tile": "8m", "tsumo": True},
    {"hand": "123m456p789s234m11z", "win_tile": "1z", "tsumo": True, "seat_wind": "E", "round_wind": "E"},
    {"hand": "234m456p88p234567s", "win_tile": "5s", "riichi": True, "dora_indicators": "3m", "seat_wind": "S"},
    {"hand": "11122233345688m", "win_tile": "8m", "tsumo": True, "riichi": True, "ippatsu": True,
     "dora_indicators": "1m"},
    {"hand": "123m456p789s234m55z", "win_tile": "5z", "renhou": True, "seat_wind": "S"},
]
SWITCHES = {"red_fives": False, "open_tanyao": False, "kiriage": True, "kazoe": "sanbaiman",
            "double_wind_fu": 2, "honba_value": 1500, "renhou": "mangan"}


def scores(options):
    out = []
    for probe in PROBES:
        try:
            out.append(tenbou.score(dict(probe, options=options)).as_dict())
        except ValueError as e:
            out.append(str(e))
    return out


@pytest.mark.parametrize("preset", [None, "tenhou", "mahjongsoul", "wrc", "mleague"])
def test_a_preset_and_switches_in_any_order_score_as_the_full_readers_rules(preset):
    for n in (1, 2, 3):
        for keys in itertools.combinations(SWITCHES, n):
            items = [(k, SWITCHES[k]) for k in keys] + ([("preset", preset)] if preset else [])
            full = tenbou.rules(dict(items))  # every option written out: read by the full reader
            assert len(full) > 9
            expected = scores(full)
            for order in (items, items[::-1]):
                assert scores(dict(order)) == expected, order


def test_the_probes_see_the_switches():
    # (else the test above could not fail)
    assert scores({"preset": "tenhou"}) != scores({"preset": "wrc"})
    for key, value in SWITCHES.items():
        assert scores({"preset": "tenhou"}) != scores({"preset": "tenhou", key: value}), key


@pytest.mark.parametrize("options", [
    {"preset": "nope", "red_fives": 1},
    {"red_fives": 1, "preset": "nope"},
    {"red_fives": "yes", "preset": "tenhou"},
    {"preset": "tenhou", "kazoe": "none"},
    {"double_wind_fu": 3, "preset": "wrc"},
    {"honba_value": 301},
    {"honba_value": 300.0},
    {"preset": "tenhou", "bogus": True},
    {"preset": 1},
    {"kiriage": True, "red_fives": True, "open_tanyao": True, "kazoe": "yakuman", "renhou": "none",
     "double_wind_fu": 4, "honba_value": 300, "double_yakuman": False, "multiple_yakuman": True},
])
def test_anything_else_is_the_full_readers(options):
    # The JSON text path reads through the generic view; Python's dict through its own.
    req = dict(PROBES[0], options=options)
    via_text = json.loads(tenbou.score_json(json.dumps(req)))
    try:
        via_dict = tenbou.score(req).as_dict()
    except ValueError as e:
        assert not via_text["ok"]
        assert str(e) == via_text["error"]["message"]
        with pytest.raises(ValueError) as full:
            tenbou.rules(options)
        assert str(full.value) == str(e)
    else:
        assert via_dict == via_text
