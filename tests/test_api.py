"""The Python API: contract shape, result objects, batch semantics, GIL release."""
from __future__ import annotations

import json
import os
import threading
import time

import pytest

import tenbou
from tenbou import riichi

REQ = {"hand": "234567m234p55s678s", "win_tile": "5m", "tsumo": True, "riichi": True, "seat_wind": "S",
       "dora_indicators": "4m"}
CONTRACT_KEYS = ["ok", "han", "fu", "yakuman", "yaku", "fu_details", "limit", "payments", "honba_bonus",
                 "sticks_bonus", "total", "wait", "decomposition"]


def test_as_dict_is_the_contract_shape_in_order():
    d = tenbou.score(REQ).as_dict()
    assert list(d) == CONTRACT_KEYS
    assert d == {
        "ok": True, "han": 5, "fu": 20, "yakuman": 0,
        "yaku": [{"key": "menzen_tsumo", "han": 1}, {"key": "riichi", "han": 1}, {"key": "pinfu", "han": 1},
                 {"key": "tanyao", "han": 1}, {"key": "dora", "han": 1}],
        "fu_details": [{"key": "base", "fu": 20}],
        "limit": "mangan",
        "payments": [{"payer": "dealer", "amount": 4000}, {"payer": "non_dealer", "amount": 2000}],
        "honba_bonus": 0, "sticks_bonus": 0, "total": 8000, "wait": "ryanmen",
        "decomposition": ["234m", "567m", "234p", "55s", "678s"],
    }


def test_to_json_is_compact_and_equals_as_dict():
    r = tenbou.score(REQ)
    assert json.loads(r.to_json()) == r.as_dict()
    assert " " not in r.to_json()
    assert tenbou.score_json(json.dumps(REQ)) == r.to_json()


def test_result_attributes_and_repr():
    r = tenbou.score(REQ)
    assert r.ok and r.error is None
    assert (r.han, r.fu, r.limit, r.total, r.wait) == (5, 20, "mangan", 8000, "ryanmen")
    assert r.payments == [tenbou.Payment("dealer", 4000), tenbou.Payment("non_dealer", 2000)]
    assert r.yaku[1] == tenbou.YakuItem("riichi", 1)
    assert (r.yaku[1].name_en, r.yaku[1].name_ja, r.yaku[1].name_ko) == ("Riichi", "立直", "리치")
    assert repr(r) == "<Result 5 han 20 fu mangan: 8000 (menzen_tsumo 1, riichi 1, pinfu 1, tanyao 1, dora 1)>"
    assert r == tenbou.score(dict(REQ)) and hash(r) == hash(tenbou.score(REQ))
    bad = tenbou.score({"hand": "123m456p789s23456s", "win_tile": "6s"})
    with pytest.raises(AttributeError, match="not ok"):
        bad.total


def test_failures_are_results_and_invalid_input_raises_value_error():
    assert tenbou.score({"hand": "123m456p789s23456s", "win_tile": "6s"}).error["code"] == "not_winning"
    with pytest.raises(ValueError):
        tenbou.score({"hand": "123m", "win_tile": "1m"})


def test_score_many_keeps_order_and_isolates_bad_requests():
    reqs = [REQ, {"hand": "x"}, dict(REQ, seat_wind="E"), {"hand": "123m456p789s23456s", "win_tile": "6s"}]
    out = tenbou.score_many(reqs)
    assert [r.ok for r in out] == [True, False, True, False]
    assert out[0].total == 8000 and out[2].total == 12000
    assert out[1].error["code"] == "invalid_input" and out[3].error["code"] == "not_winning"
    assert tenbou.score_many(iter([])) == []
    assert [r.total for r in tenbou.score_many(REQ for _ in range(3))] == [8000] * 3


def test_score_many_equals_score_one_by_one():
    import hand_generator

    reqs = hand_generator.generate(2000, seed=3)
    assert [r.to_json() for r in tenbou.score_many(reqs)] == [tenbou.score_json(json.dumps(q)) for q in reqs]


def test_score_many_releases_the_gil():
    import hand_generator

    reqs = hand_generator.generate(3000, seed=4) * 20
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    t = threading.Thread(target=ticker)
    t.start()
    start = time.perf_counter()
    tenbou.score_many(reqs)
    end = time.perf_counter()
    stop.set()
    t.join()
    # The other thread kept running while the batch was scored in C++.
    assert sum(start < x < end for x in ticks) >= 3 or end - start < 0.02


def test_riichi_keyword_api_matches_dict_api():
    r = riichi.score("234567m234p55s678s", "5m", tsumo=True, riichi=True, seat_wind="S", dora_indicators="4m")
    assert r == tenbou.score(REQ)
    req = riichi.request("234567m234p55s678s", "5m")
    assert req["rules"] == "riichi" and "tsumo" not in req


def test_points_api():
    p = tenbou.points(3, 40)
    assert (p.ok, p.total, p.limit) == (True, 5200, None)
    assert repr(p) == "<Points 3 han 40 fu: discarder 5200; total 5200>"
    assert tenbou.points(yakuman=2, dealer=True).total == 96000
    assert tenbou.points(2, 25, tsumo=True).possible is False
    with pytest.raises(tenbou.InvalidValueError):
        tenbou.points(3, 35)
    with pytest.raises(tenbou.UnknownKeyError):
        tenbou.points(3, 30, options={"nope": 1})
    with pytest.raises(tenbou.InvalidValueError, match='method: must be one of "fuhan", "han_only", "aotenjo"'):
        tenbou.points(3, 30, method="aotenjou")


def test_red_five_notation_both_forms():
    a = tenbou.score({"hand": "2m3m4m0m6m7m2p3p4p5s5s6s7s8s", "win_tile": "0m", "riichi": True, "seat_wind": "S"})
    b = tenbou.score({"hand": "234067m234p55678s", "win_tile": "0m", "riichi": True, "seat_wind": "S"})
    assert a == b and {y.key for y in a.yaku} >= {"aka_dora"}


def test_package_metadata():
    import re

    from conftest import ROOT

    # CMakeLists.txt's project() line is the one source (tests/test_packaging.py checks the rest).
    assert tenbou.__version__ == re.search(r"project\(tenbou VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)
    import importlib.resources

    assert (importlib.resources.files("tenbou") / "py.typed").is_file()
    assert (importlib.resources.files("tenbou") / "_core.pyi").is_file()


def test_results_columns():
    # Results.han / .fu / .total / .ok: one array each (NumPy's when installed), equal to the results.
    import hand_generator

    reqs = hand_generator.generate(500, seed=21) + [{"hand": "123m"}]
    rs = tenbou.score_many(reqs)
    assert list(rs.ok) == [int(r.ok) for r in rs]
    assert list(rs.han) == [r.han if r.ok else 0 for r in rs]
    assert list(rs.fu) == [r.fu if r.ok else 0 for r in rs]
    assert list(rs.total) == [int(r.total) if r.ok and r.method != "aotenjo" else 0 for r in rs]
    assert len(rs.han) == len(reqs) and rs.ok[-1] == 0


def test_score_many_threads_keep_order_and_results():
    import hand_generator

    reqs = hand_generator.generate(3000, seed=22) * 3 + [{"hand": "123m"}, "not a mapping"]  # type: ignore[list-item]
    one = tenbou.score_many(reqs)
    for threads in (2, 3, 0):
        assert list(tenbou.score_many(reqs, threads=threads).to_json_lines()) == list(one.to_json_lines())
    with pytest.raises(ValueError):
        tenbou.score_many(reqs, threads=-1)


# --- The compiled Result: every attribute read from the core equals the contract dict ----------

HOT = ["han", "fu", "yakuman", "limit", "wait", "honba_bonus", "sticks_bonus"]


def _check_hot(r):
    d = r.as_dict()
    assert r.ok is d["ok"]
    if not d["ok"]:
        assert r.error == d["error"]
        for name in HOT + ["total", "yaku"]:
            with pytest.raises(AttributeError, match=f"{name}: the result is not ok"):
                getattr(r, name)
        return
    assert r.error is None
    for name in HOT:
        assert getattr(r, name) == d[name], name
    assert [(y.key, y.han) for y in r.yaku] == [(y["key"], y["han"]) for y in d["yaku"]]
    assert all(isinstance(y, tenbou.YakuItem) for y in r.yaku)
    assert r.total == d["total"] and type(r.total).__name__ == ("mpz" if r.method == "aotenjo" else "int")


def test_compiled_result_fields_equal_the_contract_dict():
    import hand_generator

    reqs = hand_generator.generate(1500, seed=31)
    for i, q in enumerate(reqs):  # every method, honba and sticks, and some failures
        q["method"] = ("fuhan", "han_only", "aotenjo")[i % 3]
        q["honba"], q["riichi_sticks"] = i % 4, i % 3
    reqs += [{"hand": "123m456p789s23456s", "win_tile": "6s"}, {"hand": "123m456p789s23455s", "win_tile": "5s"}]
    batch = tenbou.score_many(reqs)
    kinds = set()
    for q, from_batch in zip(reqs, batch):
        one = tenbou.score(q)
        assert one.to_json() == from_batch.to_json()
        for r in (one, from_batch):
            _check_hot(r)
        kinds.add((one.ok, one.method) + ((one.limit is not None, one.honba_bonus > 0) if one.ok else ()))
    assert len(kinds) >= 8  # the mix reached failures, each method, limits and honba


def test_compiled_result_big_aotenjo_total_is_exact():
    # Tenhou on four yakuman, dora on the haku pair: a total past 64 bits.
    r = tenbou.score({"hand": "11122233344455z", "win_tile": "5z", "method": "aotenjo", "seat_wind": "E",
                      "tenhou": True, "dora_indicators": "7z7z7z", "honba": 3})
    assert r.total == int(r.as_dict()["total"]) and r.total > 2**63 and r.honba_bonus == 900
    assert [p.amount for p in r.payments] == [p["amount"] for p in r.as_dict()["payments"]]


def test_compiled_result_type_and_lifetime():
    assert issubclass(tenbou.Result, tenbou._core.Result)
    assert issubclass(tenbou.KoreanResult, tenbou.Result) and issubclass(tenbou.HktwResult, tenbou.Result)
    with pytest.raises(TypeError):
        tenbou._core.Result()
    batch = tenbou.score_many([REQ, {"hand": "123m"}])
    it = iter(batch)
    assert it.__length_hint__() == 2
    first = next(it)
    del batch, it  # a result keeps the batch it reads from alive
    assert first.total == 8000 and first.as_dict()["payments"][0]["amount"] == 4000
    assert tenbou.score(REQ) == first and hash(tenbou.score(REQ)) == hash(first)


def test_compiled_result_other_families_and_waits():
    k = tenbou.score({"rules": "korean", "hand": "234567m234p55678p", "win_tile": "6p", "tsumo": True})
    assert type(k) is tenbou.KoreanResult and k.rules == "korean" and k.method == "korean"
    assert k.han == k.as_dict()["han"] and [y.key for y in k.yaku] == [y["key"] for y in k.as_dict()["yaku"]]
    h = tenbou.score({"rules": "hktw", "hand": "123m123p123s456s789s55z", "win_tile": "5z", "tsumo": True})
    assert type(h) is tenbou.HktwResult and h.han is None and h.total == h.as_dict()["total"]
    w = tenbou.waits({"hand": "123m456m789p2345s", "seat_wind": "S", "riichi": True})
    for wait in w.waits:
        for r in (wait.ron, wait.tsumo):
            _check_hot(r)
            assert json.loads(r.to_json()) == r.as_dict()


def test_score_many_pipeline_edges():
    import hand_generator

    reqs = hand_generator.generate(1200, seed=32)
    reqs[5] = {"rules": "korean", "hand": "234567m234p55678p", "win_tile": "6p", "tsumo": True}
    reqs[700] = {"rules": "hktw", "hand": "123m123p123s456s789s55z", "win_tile": "5z", "tsumo": True}
    reqs[701] = {"hand": "x"}
    want = [r.to_json() for r in tenbou.score_many(reqs)]
    # A generator, several chunks, every thread count: the same results in request order.
    for threads in (1, 2, 4):
        assert [r.to_json() for r in tenbou.score_many((q for q in reqs), threads=threads)] == want
        assert [r.to_json() for r in tenbou.score_many(reqs[:3], threads=threads)] == want[:3]
        assert len(tenbou.score_many([], threads=threads)) == 0

    # An iterator that fails part-way: the error propagates, no worker is left running.
    def failing():
        yield from reqs[:900]
        raise RuntimeError("requests ran out")

    for threads in (1, 2):
        with pytest.raises(RuntimeError, match="ran out"):
            tenbou.score_many(failing(), threads=threads)
    assert [r.to_json() for r in tenbou.score_many(reqs, threads=2)] == want


def test_score_many_stops_for_a_signal():
    # A signal handler that raises stops a long batch and propagates out of score_many, with
    # workers or without, and leaves nothing running (the next batch is scored as usual).
    # (A list of plain dicts runs no Python code while it is read: there the core checks for
    # signals once a chunk; with a generator the interpreter checks inside it too.)
    import signal

    class Stop(Exception):
        pass

    def handler(signum, frame):
        raise Stop()

    read = 0

    def requests():
        nonlocal read
        for _ in range(3_000_000):
            read += 1
            yield REQ

    old = signal.signal(signal.SIGALRM, handler)
    try:
        for threads in (1, 2):
            read = 0
            signal.setitimer(signal.ITIMER_REAL, 0.05)
            with pytest.raises(Stop):
                tenbou.score_many(requests(), threads=threads)
            signal.setitimer(signal.ITIMER_REAL, 0)
            assert read < 3_000_000  # stopped inside the batch, not after it
            signal.setitimer(signal.ITIMER_REAL, 0.05)
            with pytest.raises(Stop):
                tenbou.score_many([REQ] * 3_000_000, threads=threads)
                signal.pause()  # (if the batch ran to its end before the alarm)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert tenbou.score_many([REQ], threads=2)[0].total == 8000


@pytest.mark.skipif(not os.path.isdir("/proc/self/task") or not hasattr(os, "fork"), reason="Linux")
def test_score_many_workers_are_kept_and_a_forked_child_makes_its_own():
    # The scoring threads are kept from call to call (python/src/score_many.cpp WorkerPool).
    import hand_generator
    import warnings

    reqs = hand_generator.generate(2000, seed=34)
    want = [r.to_json() for r in tenbou.score_many(reqs)]
    assert [r.to_json() for r in tenbou.score_many(reqs, threads=3)] == want
    threads = len(os.listdir("/proc/self/task"))
    for _ in range(5):
        assert [r.to_json() for r in tenbou.score_many(reqs, threads=3)] == want
    assert len(os.listdir("/proc/self/task")) == threads  # reused, not made per call
    # A forked child has none of its parent's threads: it makes its own pool, and scores alike.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # (3.12+: fork with threads running)
        pid = os.fork()
    if pid == 0:
        ok = False
        try:
            ok = [r.to_json() for r in tenbou.score_many(reqs, threads=2)] == want
        finally:
            os._exit(0 if ok else 1)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def test_score_many_from_several_python_threads():
    # Each calling thread has its own chunks; the key table and yaku cache are read under
    # the GIL: concurrent batches (with their own workers) give the same results.
    import hand_generator

    reqs = hand_generator.generate(1500, seed=33) + [{"hand": "12x"}]
    want = [r.to_json() for r in tenbou.score_many(reqs)]
    failures = []

    def run(k):
        for i in range(3):
            got = [r.to_json() for r in tenbou.score_many(reqs, threads=1 + (k + i) % 3)]
            if got != want:
                failures.append((k, i))

    callers = [threading.Thread(target=run, args=(k,)) for k in range(3)]
    for t in callers:
        t.start()
    for t in callers:
        t.join()
    assert failures == []
