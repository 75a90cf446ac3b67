"""tenbou.waits and tenbou.discards build their answers straight into Python objects (as shanten
does); the Json-tree path (_core._waits_via_json, _core._discards_via_json: the contract's
waits_json and discards_json) is the reference: the same answers, key for key, in order and of
the same types, for every family, three-player hands, aotenjo, own discards, visible tiles, an
"ev" request, and bad requests (answered by the Json-tree path, in its words).
"""
from __future__ import annotations

import json
import pickle
import random
import types
from typing import Any, Dict, List

import pytest

import tenbou
from conftest import shared_dir
from tenbou import _core
from tenbou.before_win import Waits
from test_discards import random_hand
from test_waits import before_win

BAD = [
    {}, {"hand": 5}, {"hand": "123m456p789s12s"}, {"hand": "1111m"}, {"hand": "123m456p789s13s5z", "tsumo": True},
    {"hand": "123m456p789s13s5z", "win_tile": "2s"}, {"hand": "123m456p789s13s5z", "nope": 1},
    {"hand": "123m456p789s13s5z", "melds": "pon:111z"}, {"rules": "hktw", "hand": "123m"},
    {"hand": "123m456p789s13s5z", "honba": 2 ** 70}, {"hand": "123m456p789s13s5z", "seat_wind": 1.5},
    {1: 2}, {"hand": "123m456p789s13s5z", "options": {"preset": "nope"}}, {"hand": "123m456p789s13s5zz"},
    {"hand": "11111m456p789s135z"}, {"hand": "123m456p789s135zz", "own_discards": "xx"},
]


def same(fn, via_json, requests: List[Any]) -> int:
    """Asserts fn and via_json agree on every request; returns how many answers were ok."""
    ok = 0
    for req in requests:
        got, want = fn(req), via_json(req)
        assert json.dumps(got, ensure_ascii=False) == json.dumps(want, ensure_ascii=False), req
        ok += bool(got.get("ok"))
    return ok


def test_waits_objects_equal_the_json_tree_path():
    import hand_generator
    import hktw_generator
    import korean_generator

    requests: List[Any] = []
    for full in (hand_generator.generate(400, seed=81) + korean_generator.generate(200, seed=82)
                 + hktw_generator.requests(200, seed=83)):
        if "win_tile" in full:
            requests.append(before_win(full))
    requests += [dict(r, own_discards="5s9m", visible="1z2z") for r in requests[:100]]
    requests += [dict(r, method="aotenjo") for r in requests[:100] if r.get("rules", "riichi") == "riichi"]
    assert same(_core.waits, _core._waits_via_json, requests + BAD) >= len(requests) - 20
    # Bad requests fail exactly as before (the Json-tree path answers them).
    assert not any(_core.waits(r).get("ok") for r in BAD)


def test_discards_objects_equal_the_json_tree_path():
    rng = random.Random(84)
    requests: List[Dict[str, Any]] = []
    for rules, players in (("riichi", 4), ("riichi", 3), ("korean", 4), ("hktw", 4)):
        requests += [random_hand(rng, rules, players) for _ in range(60)]
    requests += [dict(r, method="aotenjo", riichi=True) for r in requests[:30]]
    requests += [dict(r, ev=True) for r in requests[:5]]  # the Json-tree path, whatever it answers
    assert same(_core.discards, _core._discards_via_json, requests + BAD) >= 200


def test_discards_of_real_wins_equal_the_json_tree_path():
    from tenbou import mjlog

    files = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))[:40]
    wins = [w.request for f in files for w in mjlog.wins_from_file(f)]
    requests = [{k: v for k, v in r.items() if k not in ("win_tile", "tsumo")} for r in wins]
    assert len(requests) > 200
    assert same(_core.discards, _core._discards_via_json, requests) == len(requests)


def result_views(r: Any) -> Any:
    """What a caller reads of a Result, with the types (an aotenjo total is a gmpy2.mpz)."""
    common = (type(r).__name__, r.ok, r.method, r.rules, repr(r), r.to_json(), r.as_dict())
    if not r.ok:
        return common + (r.error,)
    if r.rules != "riichi":
        return common + (r.total, type(r.total).__name__)
    return common + (r.han, r.fu, r.yakuman, r.total, type(r.total).__name__, r.limit, r.wait, r.yaku, r.fu_details,
                     r.payments, r.decomposition)


def test_waits_answer_reads_as_the_json_tree_paths_dict():
    # tenbou.waits keeps the core's answer (_core.WaitsAnswer) and makes the dict on the first
    # read of a list or a result: every view of it equals the one over the Json-tree path's
    # dict, the scalars read first (before the dict exists) as well as after.
    import hand_generator
    import hktw_generator
    import korean_generator

    requests: List[Dict[str, Any]] = [before_win(r) for r in (
        hand_generator.generate(300, seed=85) + korean_generator.generate(100, seed=86)
        + hktw_generator.requests(300, seed=87)) if "win_tile" in r]
    requests += [dict(r, own_discards="5s9m", visible="1z2z") for r in requests[:60]]
    requests += [dict(r, method="aotenjo") for r in requests[:60] if r.get("rules", "riichi") == "riichi"]
    checked = failed_elsewhere = 0
    for req in requests:
        want = _core._waits_via_json(req)
        if not want["ok"]:
            continue
        ref = Waits(want, str(req.get("method", "fuhan")))
        first = tenbou.waits(req)
        assert isinstance(first._d, _core.WaitsAnswer)
        assert (first.shanten, first.ukeire_unseen, first.furiten) == (ref.shanten, ref.ukeire_unseen, ref.furiten)
        assert [first._d[k] for k in ("ok", "shanten", "ukeire_tiles", "ukeire_unseen", "furiten")] == \
               [want[k] for k in ("ok", "shanten", "ukeire_tiles", "ukeire_unseen", "furiten")]
        w = tenbou.waits(req)
        assert json.dumps(w.as_dict(), ensure_ascii=False) == json.dumps(want, ensure_ascii=False), req
        assert json.dumps(first.as_dict(), ensure_ascii=False) == json.dumps(want, ensure_ascii=False), req
        assert (repr(w), w.forms, w.ukeire) == (repr(ref), ref.forms, ref.ukeire)
        # Waits.waits: each Result over the core's own result, read as the dict's (every view).
        assert [(x.tile, x.unseen, result_views(x.ron), result_views(x.tsumo)) for x in w.waits] == \
               [(x.tile, x.unseen, result_views(x.ron), result_views(x.tsumo)) for x in ref.waits], req
        assert all(x.ron == y.ron and x.tsumo == y.tsumo for x, y in zip(w.waits, ref.waits))
        # The bonuses as the dict says (a Result made from the dict read 0 for both under aotenjo).
        assert all(r.honba_bonus == r.as_dict()["honba_bonus"] and r.sticks_bonus == r.as_dict()["sticks_bonus"]
                   for x in w.waits for r in (x.ron, x.tsumo) if r.ok and r.rules == "riichi")
        assert len(w._d) == len(want) and list(w._d) == list(want)
        assert pickle.loads(pickle.dumps(w._d)) == w.as_dict()
        checked += 1
        failed_elsewhere += sum(not r.ok and r.rules == "riichi" for x in w.waits for r in (x.ron, x.tsumo)
                                if req.get("rules") in ("korean", "hktw"))
    assert checked >= 600
    assert failed_elsewhere > 0  # failed Korean and Hong Kong-Taiwan waits: Results made from their dicts, as ever
    # A request the core refuses, and a mapping that is not a dict, take _core.waits as before.
    assert _core._waits_answer({"hand": "123m"}) is None and _core._waits_answer(types.MappingProxyType({})) is None
    req = requests[0]
    assert tenbou.waits(types.MappingProxyType(req)).as_dict() == tenbou.waits(req).as_dict()
    with pytest.raises(tenbou.TileCountError):
        tenbou.waits({"hand": "123m"})
    with pytest.raises(KeyError):
        tenbou.waits(req)._d["nope"]


def complete(full: Dict[str, Any]) -> Dict[str, Any]:
    """A generated winning request as a hand to discard from: the winning tile kept in hand,
    the win-situation flags dropped."""
    from test_waits import WIN_ONLY

    out = {k: v for k, v in full.items() if k not in WIN_ONLY}
    if out.get("ippatsu") and not out.get("riichi") and not out.get("double_riichi"):
        del out["ippatsu"]
    return out


def walk(view: Any, want: Any, where: str) -> int:
    """Asserts that every view of `view` (a discards answer or one of its parts) reads as the
    plain value `want`: each key's value (recursively), keys, iteration, len, in, get, items,
    values, ==, !=, as_dict, dict(), pickle, repr and str. Returns how
    many mappings were compared."""
    if isinstance(want, list):
        assert type(view) is list and len(view) == len(want), where
        return sum(walk(v, w, f"{where}[{i}]") for i, v, w in zip(range(len(want)), view, want))
    if not isinstance(want, dict):
        assert type(view) is type(want) and view == want, (where, view, want)
        return 0
    if type(view) is dict:  # inside a result's dict: the dict itself
        assert view == want, where
        return 0
    assert list(view) == list(want) and view.keys() == list(want) and len(view) == len(want), where
    compared = 1
    for k, w in want.items():
        compared += walk(view[k], w, f"{where}.{k}")
        assert k in view and view.get(k) == w, (where, k)
    assert "nope" not in view and view.get("nope") is None and view.get("nope", 7) == 7 and 5 not in view, where
    with pytest.raises(KeyError):
        view["nope"]
    assert [k for k, _ in view.items()] == list(want) and view.values() == list(want.values()), where
    assert view == want and want == view and not view != want and view != dict(want, nope=1), where
    assert view == view and dict(view) == want, where
    assert json.dumps(view.as_dict(), ensure_ascii=False) == json.dumps(want, ensure_ascii=False), where
    assert type(view.as_dict()) is dict and view.as_dict() is not view.as_dict(), where
    copied = pickle.loads(pickle.dumps(view))
    assert type(copied) is dict and json.dumps(copied) == json.dumps(want), where
    assert repr(view) == repr(want) and str(view) == str(want), where
    with pytest.raises(TypeError):
        hash(view)
    return compared


def discards_requests() -> List[Dict[str, Any]]:
    """Complete hands of every kind: real wins (red fives, three-player with kita), generated
    wins of every family (no-yaku waits, failed Korean and Hong Kong-Taiwan results), aotenjo
    (exact totals), own discards and visible tiles, random hands (mostly not ready)."""
    import hand_generator
    import hktw_generator
    import korean_generator
    from tenbou import mjlog

    files = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))[:25]
    requests = [complete(w.request) for f in files for w in mjlog.wins_from_file(f)]
    requests += [complete(r) for r in (hand_generator.generate(150, seed=91) + korean_generator.generate(120, seed=92)
                                       + hktw_generator.requests(120, seed=93)) if "win_tile" in r]
    requests += [dict(r, own_discards="5s9m", visible="1z2z") for r in requests[:40]]
    requests += [dict(r, method="aotenjo") for r in requests[:40]]
    rng = random.Random(94)
    requests += [random_hand(rng, rules, players) for rules, players in
                 (("riichi", 4), ("riichi", 3), ("korean", 4), ("hktw", 4)) for _ in range(15)]
    return requests


def test_discards_answer_reads_as_the_json_tree_paths_dict():
    # tenbou.discards keeps the core's answer (_core.DiscardsAnswer): the answer, each discard,
    # wait and result are mappings made when read. Every view of them equals the Json-tree
    # path's dict; a result's ok and total read first (without its dict) too; none of them is
    # tracked by the collector until a result keeps its dict.
    import gc

    from tenbou.tiles import to_list

    requests = discards_requests()
    kinds = {"red": 0, "players3": 0, "korean": 0, "hktw": 0, "aotenjo": 0, "no_yaku": 0, "failed_other": 0, "fast": 0}
    answers = mappings = 0
    for req in requests:
        want = _core._discards_via_json(req)
        got = tenbou.discards(req)
        if not want["ok"]:
            assert _core._discards_answer(req) is None and not _core.discards(req)["ok"], req
            continue
        assert type(got).__name__ == "DiscardsAnswer" and not gc.is_tracked(got), req
        # The scalars and each result's ok and total first, before any dict is made.
        assert (got["ok"], got["rules"], got["shanten"]) == (want["ok"], want["rules"], want["shanten"])
        for d, wd in zip(got["discards"], want["discards"]):
            assert not gc.is_tracked(d) and (d["tile"], d["shanten"], d["ukeire_unseen"], d["furiten"]) == \
                   (wd["tile"], wd["shanten"], wd["ukeire_unseen"], wd["furiten"]), req
            for w, ww in zip(d["waits"], wd["waits"]):
                assert not gc.is_tracked(w)
                for side in ("ron", "tsumo"):
                    r, wr = w[side], ww[side]
                    assert r["ok"] is wr["ok"], (req, d["tile"], w["tile"], side)
                    if "total" in wr:
                        total = r["total"]
                        assert type(total) is type(wr["total"]) and total == wr["total"], (req, d["tile"], side)
                    # ok is read without the dict; the total of an ok Riichi result too (not an exact
                    # aotenjo total): a result whose dict was made is tracked
                    fast = not gc.is_tracked(r)
                    kinds["fast"] += fast and "total" in wr
                    assert fast == ("total" not in wr or (wr.get("rules", "riichi") == "riichi" and req.get("method") != "aotenjo"))
                    if not wr["ok"]:
                        kinds["no_yaku" if wr["error"]["code"] == "no_yaku" else "failed_other"] += 1
        mappings += walk(got, want, json.dumps(req))
        answers += 1
        kinds["red"] += any(t.startswith("0") for t in to_list(req["hand"]))
        kinds["players3"] += req.get("players") == 3
        kinds["korean"] += req.get("rules") == "korean"
        kinds["hktw"] += req.get("rules") == "hktw"
        kinds["aotenjo"] += req.get("method") == "aotenjo"
    assert answers >= 450 and mappings > 20000, (answers, mappings)
    assert all(n >= 10 for n in kinds.values()), repr(kinds)
    # A result view keeps its dict once a key beyond ok and total is read: then the collector
    # sees it (the dict is the caller's to change, and could hold the view).
    r = next(w["ron"] for d in tenbou.discards(requests[0])["discards"] for w in d["waits"])
    assert not gc.is_tracked(r)
    r["yaku"].append(r)
    assert gc.is_tracked(r) and r["yaku"][-1] is r


def test_discards_answer_when_the_dict_path_answers():
    # Bad requests, a mapping that is not a dict and "ev" requests take the dict path as before.
    for req in BAD:
        assert _core._discards_answer(req) is None, req
    assert _core._discards_answer(types.MappingProxyType({"hand": "123m456m789p23459s"})) is None
    req = {"hand": "123m456m789p23459s", "riichi": True, "seat_wind": "S"}
    assert tenbou.discards(types.MappingProxyType(req)) == tenbou.discards(req)
    with_ev = tenbou.discards(dict(req, ev={"turns": 3}))
    assert type(with_ev) is dict and "ev" in with_ev["discards"][0]
    with pytest.raises(tenbou.TileCountError):
        tenbou.discards({"hand": "123m456m789p2345s"})
    got = tenbou.discards(req)
    assert got["discards"][0] == _core._discards_via_json(req)["discards"][0]
    assert got["discards"][0] != got["discards"][1] and got["discards"][0]["waits"][0] != {}
    assert (got == [1]) is False and got != "x"


def test_discards_views_are_mappings():
    from collections.abc import Mapping

    d = tenbou.discards({"hand": "123m456m789p23459s", "riichi": True, "seat_wind": "S"})
    option = d["discards"][0]
    wait = option["waits"][0]
    assert all(isinstance(v, Mapping) for v in (d, option, wait, wait["ron"]))
    # Printed as the dicts they stand for (callers compare and sort str() of discards).
    assert repr(d) == repr(d.as_dict()) and str(option) == str(option.as_dict()) and repr(wait) == repr(wait.as_dict())
