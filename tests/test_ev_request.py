"""The "ev" key of a discards request (issue 27): its answer's shape, the order by objective,
the specific errors of bad ev keys, the rule families it covers, the too_costly guard, and
the command line's --ev."""
from __future__ import annotations

import pytest

import tenbou
from tenbou import _core
from tenbou.errors import InvalidRequestError, InvalidValueError, UnknownKeyError, UnsupportedError
from test_wasm import dist  # noqa: F401 (a fixture: the WebAssembly build)

HAND = "123m456p789s23s55z9p"  # ready after 9p, 1-shanten after anything else


def discards(**req):
    return tenbou.discards({"hand": HAND, **req})


def test_answer_shape():
    got = discards(ev={"turns": 9})
    assert got["ev"]["turns"] == 9 and got["ev"]["objective"] == "score"
    assert got["ev"]["policy"] == "keep_lowering_draws" and got["ev"]["states"] > 0
    for d in got["discards"]:
        ev = d["ev"]
        assert 0 <= ev["win"] <= ev["tenpai"] <= 1 and ev["score"] >= 0
        assert len(ev["by_turn"]["win"]) == len(ev["by_turn"]["tenpai"]) == 9
        assert ev["by_turn"]["win"][-1] == ev["win"] and ev["by_turn"]["tenpai"][-1] == ev["tenpai"]
        assert all(a <= b for a, b in zip(ev["by_turn"]["win"], ev["by_turn"]["win"][1:]))
        # riichi and dama only for the discard that leaves a closed hand ready
        assert ("riichi" in ev) == (d["shanten"] == 0)
    ready = got["discards"][0]
    assert ready["tile"] == "9p" and ready["ev"]["riichi"]["score"] > ready["ev"]["dama"]["score"]


def test_without_ev_the_answer_is_unchanged():
    plain = discards()
    assert "ev" not in plain and all("ev" not in d for d in plain["discards"])
    with_ev = discards(ev={})
    for d in with_ev["discards"]:
        del d["ev"]
    del with_ev["ev"]
    assert sorted(map(str, with_ev["discards"])) == sorted(map(str, plain["discards"]))


@pytest.mark.parametrize("objective,key", [("score", "score"), ("win", "win")])
def test_order_by_objective(objective, key):
    got = discards(ev={"objective": objective, "turns": 17})["discards"]
    values = [d["ev"][key] for d in got]
    assert values == sorted(values, reverse=True)


def test_objective_changes_the_choice():
    """Win first and points first can disagree on this hand (a cheap fast wait against a
    slower valuable one), and each objective's best discard is best by its own measure."""
    hand = "22345m567p11z2345s"
    by_score = tenbou.discards({"hand": hand, "ev": {"objective": "score"}})["discards"]
    by_win = tenbou.discards({"hand": hand, "ev": {"objective": "win"}})["discards"]
    assert by_score[0]["ev"]["score"] == max(d["ev"]["score"] for d in by_win)
    assert by_win[0]["ev"]["win"] == max(d["ev"]["win"] for d in by_score)


def test_more_turns_more_chances():
    short = discards(ev={"turns": 5})["discards"]
    long = {d["tile"]: d["ev"] for d in discards(ev={"turns": 20})["discards"]}
    for d in short:
        assert long[d["tile"]]["win"] > d["ev"]["win"]
        assert long[d["tile"]]["tenpai"] >= d["ev"]["tenpai"]


def test_the_first_turns_agree_whatever_the_horizon():
    """by_turn[i] of a search over T draws depends on the policy, which may look further ahead;
    for a ready hand (kept as it is) it is the same at every horizon."""
    a = discards(ev={"turns": 5})["discards"][0]["ev"]["by_turn"]["win"]
    b = discards(ev={"turns": 20})["discards"][0]["ev"]["by_turn"]["win"][:5]
    assert a == pytest.approx(b, abs=1e-12)


@pytest.mark.parametrize("ev,cls,field,text", [
    ([], InvalidValueError, "ev", "must be an object"),
    ({"turn": 3}, UnknownKeyError, "ev.turn", "did you mean 'turns'"),
    ({"turns": "3"}, InvalidValueError, "ev.turns", "must be an integer, not string"),
    ({"turns": 0}, InvalidValueError, "ev.turns", "must be between 1 and 70"),
    ({"turns": 71}, InvalidValueError, "ev.turns", "must be between 1 and 70"),
    ({"turns": 3.5}, InvalidValueError, "ev.turns", "must be an integer"),
    ({"objective": "points"}, InvalidValueError, "ev.objective", 'must be "score" or "win"'),
    ({"objective": 1}, InvalidValueError, "ev.objective", "must be a string"),
    ({"max_states": 0}, InvalidValueError, "ev.max_states", "must be between 1 and"),
])
def test_bad_ev_keys(ev, cls, field, text):
    with pytest.raises(cls) as e:
        discards(ev=ev)
    assert e.value.field == field and text in str(e.value), str(e.value)


def test_the_core_answer_names_the_field():
    got = _core.discards({"hand": HAND, "ev": {"turns": -1}})
    assert got["ok"] is False and got["error"]["field"] == "ev.turns" and got["error"]["reason"] == "bad_value"


def test_turns_past_the_wall():
    # Three-player, most tiles seen: fewer unseen tiles than draws asked.
    req = {"hand": "111999m11p789s22z5p", "players": 3, "ev": {"turns": 70},
           "visible": "1p1p2p2p2p2p3p3p3p3p4p4p4p4p5p5p5p6p6p6p6p7p7p7p7p8p8p8p8p9p9p9p9p"}
    with pytest.raises(InvalidValueError, match="the wall holds only"):
        tenbou.discards(req)


def test_too_costly():
    with pytest.raises(InvalidRequestError) as e:
        tenbou.discards({"hand": "159m1589p2369s135z", "ev": {"max_states": 1000}})
    assert e.value.reason == "too_costly" and e.value.field == "ev.max_states"
    assert "raise ev.max_states" in str(e.value)


@pytest.mark.parametrize("req", [
    {"rules": "korean", "hand": "123m456p789p23p55z9p"},
    {"rules": "hktw", "hand": "123m456p789s123s55z9p11z"},
])
def test_other_families_are_unsupported(req):
    with pytest.raises(UnsupportedError, match="not modelled"):
        tenbou.discards({**req, "ev": {}})
    assert tenbou.discards(req)["ok"]  # without ev the answer stands


def test_aotenjo_is_unsupported():
    with pytest.raises(UnsupportedError, match="aotenjo"):
        discards(method="aotenjo", ev={})


def test_ura_indicators_are_refused():
    with pytest.raises(InvalidValueError, match="expectation"):
        discards(ura_indicators="1m", dora_indicators="2m", riichi=True, ev={})


def test_open_hand_needs_a_real_yaku():
    """An open hand with no yaku in its wait never wins; with yakuhai it does."""
    no_yaku = tenbou.discards({"hand": "456p789s23s11z9p", "melds": ["chi:123m"], "ev": {}})["discards"]
    assert next(d for d in no_yaku if d["tile"] == "9p")["ev"]["win"] == 0  # 1s/4s, no yaku
    yakuhai = tenbou.discards({"hand": "456p789s23s11z9p", "melds": ["pon:555z"], "ev": {}})["discards"]
    assert next(d for d in yakuhai if d["tile"] == "9p")["ev"]["win"] > 0
    assert "riichi" not in next(d for d in yakuhai if d["tile"] == "9p")["ev"]


def test_three_player_wall():
    """Three-player: 108 tiles, no 2m-8m: a hand of honours and pins sees 108 - 14 unseen."""
    got = tenbou.discards({"hand": "111999m11p789s22z5p", "players": 3, "ev": {"turns": 1}})
    ready = next(d for d in got["discards"] if d["tile"] == "5p")
    w = sum(x["unseen"] for x in ready["waits"])
    assert ready["ev"]["win"] == pytest.approx(w / (108 - 14), abs=1e-12)


def test_cli_ev(run_cli):
    code, out = run_cli(["discards", HAND, "--ev", "--turns", "9"])
    assert code == 0
    assert "win  tenpai  points" in out and "[riichi" in out and "policy keep_lowering_draws" in out
    code, json_out = run_cli(["discards", HAND, "--objective", "win", "--json"])
    assert code == 0 and '"objective":"win"' in json_out


def test_javascript_gives_the_same_bytes(dist):  # noqa: F811
    """JS discards (WebAssembly) takes the same JSON and gives the same answer, value for value
    (the same doubles), as the core through Python, errors included."""
    import json
    import subprocess

    requests = [{"hand": HAND, "ev": {"turns": 9}}, {"hand": "123m456p78s23s55z19p", "ev": {"objective": "win"}},
                {"hand": "111999m11p789s22z5p", "players": 3, "ev": {}}, {"hand": HAND, "ev": {"turns": 0}},
                {"hand": "159m1589p2369s135z", "ev": {"max_states": 1000}}]
    script = ("import * as t from " + json.dumps(str(dist / "tenbou.mjs")) + ";\n"
              "const lines = require_lines();\n"
              "for (const l of lines) { let a; try { a = t.discards(l); } catch (e) { a = {error: e.message}; }\n"
              "  console.log(t.toJSON(a)); }\n"
              "function require_lines() { return " + json.dumps([json.dumps(r) for r in requests]) + "; }\n")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True).stdout.splitlines()
    for req, line in zip(requests, out):
        core = _core.discards(req)
        js = json.loads(line)
        if core["ok"]:
            assert js == core, req
        else:
            assert js == {"error": core["error"]["message"]}, req
    assert len(out) == len(requests)
