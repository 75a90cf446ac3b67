"""Korean scoring against an independent Python scorer (tests/korean_oracle.py) on generated hands."""
from __future__ import annotations

import pytest

import tenbou
from korean_generator import generate
from korean_oracle import Oracle

N = 6000


def tile_name(t):
    return None if t is None else f"{t % 9 + 1}{'mpsz'[t // 9]}"


@pytest.mark.parametrize("seed", [1, 2])
def test_core_equals_the_independent_scorer(seed):
    requests = generate(N // 2, seed=seed)
    results = tenbou.score_many(requests)
    mismatches = []
    counted = {"valid": 0, "invalid": 0, "chombo": 0}
    for req, res in zip(requests, results):
        want = Oracle(req).score()
        d = res.as_dict()
        if want is None:
            if d["ok"] or d["error"]["code"] != "not_winning":
                mismatches.append((req, "oracle: not winning", d))
            continue
        assert d["ok"], (req, d)
        got = {
            "entries": sorted((y["key"], y["han"], y["kind"], y.get("count", 1), y.get("tile")) for y in d["yaku"]),
            "base": d["base_han"], "additional": d["additional_han"], "valid": d["win_valid"],
            "unknown": sorted(d["unknown_yaku"]),
        }
        exp = {
            "entries": sorted((k, h, kind, u, tile_name(t)) for k, h, kind, u, t in want["entries"]),
            "base": want["base"], "additional": want["additional"], "valid": want["valid"],
            "unknown": sorted(want["unknown"]),
        }
        # units are reported for per-unit rows only
        exp["entries"] = sorted((k, h, kind, u if k in ("value_set", "genso", "flower") else 1, t) for k, h, kind, u, t in exp["entries"])
        if got != exp:
            mismatches.append((req, exp, got))
        counted["valid" if d["win_valid"] else "invalid"] += 1
        counted["chombo"] += d["chombo"]
    assert not mismatches, mismatches[:3]
    assert counted["valid"] > N // 4 and counted["invalid"] > 50 and counted["chombo"] > 0, counted
