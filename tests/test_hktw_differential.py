"""The core's Hong Kong-Taiwan scores against an independent Python scorer (tests/hktw_oracle.py:
readings by a plain search over every set, every pattern written again from the spec) on generated
hands of every shape, with flowers, winds and situations; default house options."""
from __future__ import annotations

import random

import hktw_generator as gen
import hktw_oracle as oracle
import tenbou

N_HANDS = 1200


def situations(requests, seed):
    rng = random.Random(seed)
    for r in requests:
        open_hand = any(not m.startswith("ankan") for m in r["melds"])
        if rng.random() < 0.2:
            r["riichi"] = "open_hand" if open_hand else "closed"
            if rng.random() < 0.4:
                r["ippatsu"] = True
        if rng.random() < 0.08:
            r["haitei" if r["tsumo"] else "houtei"] = True
        elif not r["tsumo"] and rng.random() < 0.05:
            r["chankan"] = rng.randint(1, 3)
        if rng.random() < 0.1:
            r["discards_on_table"] = rng.randrange(16)
    return requests


def test_core_equals_independent_scorer():
    requests = situations(gen.requests(N_HANDS, seed=707), seed=708)
    results = tenbou.score_many(requests)
    diffs, scored = [], 0
    for req, res in zip(requests, results):
        want = oracle.score(req)
        if want is None:
            assert not res.ok and res.error["code"] == "not_winning", (req, res)
            continue
        scored += 1
        got = {p.key: 0 for p in res.yaku}
        for p in res.yaku:
            got[p.key] += p.points
        # Readings of the same value pay the same: the core may show any of them.
        if res.value != want[0] or got not in want[1]:
            diffs.append((req, res.value, got, want))
    assert not diffs, diffs[:3]
    assert scored > 950
