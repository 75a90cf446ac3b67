"""Random complete Korean hands (seed 004) with consistent flags (tests and benchmarks only).

Tiles are man, pin and honours only; melds are pon and the three kans (no chi);
seven pairs may hold two pairs of one tile. Deterministic for a seed.
"""
from __future__ import annotations

import random
from typing import Any, Dict, List, Optional

KINDS = list(range(9)) + list(range(9, 18)) + list(range(27, 34))  # no souzu
SUITS = "mpsz"
WINDS = "ESWN"


def name(kind: int) -> str:
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def compact(kinds: List[int]) -> str:
    out = []
    for s in (0, 1, 3):
        digits = "".join(str(k % 9 + 1) for k in sorted(kinds) if k // 9 == s)
        if digits:
            out.append(digits + SUITS[s])
    return "".join(out)


def _pool(rng: random.Random) -> List[int]:
    r = rng.random()
    if r < 0.2:  # one suit, sometimes with honours: flushes, nine gates, ambiguous waits
        s = rng.randrange(2)
        return list(range(s * 9, s * 9 + 9)) + (list(range(27, 34)) if rng.random() < 0.5 else [])
    if r < 0.3:
        return list(range(27, 34))
    if r < 0.4:
        return [k for k in KINDS if k >= 27 or k % 9 in (0, 8)]
    return KINDS


def generate_one(rng: random.Random) -> Optional[Dict[str, Any]]:
    counts = [0] * 34
    melds: List[str] = []
    concealed: List[int] = []
    if rng.random() < 0.1:  # seven pairs, identical pairs allowed (L66)
        pool = _pool(rng)
        for _ in range(7):
            k = rng.choice(pool)
            if counts[k] > 2:
                return None
            counts[k] += 2
            concealed += [k, k]
    else:
        pool = _pool(rng)
        starts = [k for k in pool if k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool]
        p_seq = rng.choice([0.0, 0.4, 0.8])
        p_meld = rng.choice([0.0, 0.0, 0.3, 0.6])
        for _ in range(4):
            if starts and rng.random() < p_seq:
                k = rng.choice(starts)
                if any(counts[k + i] >= 4 for i in range(3)):
                    return None
                for i in range(3):
                    counts[k + i] += 1
                concealed += [k, k + 1, k + 2]
                continue
            k = rng.choice(pool)
            if counts[k]:
                return None
            if rng.random() < p_meld:
                kind = rng.choice(["pon", "pon", "kan", "kakan", "ankan"])
                n = 3 if kind == "pon" else 4
                counts[k] += n
                melds.append(f"{kind}:{str(k % 9 + 1) * n}{SUITS[k // 9]}")
            else:
                counts[k] += 3
                concealed += [k] * 3
        k = rng.choice(pool)
        if counts[k] > 2:
            return None
        counts[k] += 2
        concealed += [k, k]
    win = rng.choice(concealed)
    closed = all(m.startswith("ankan") for m in melds)
    has_kan = any("kan" in m for m in melds)
    tsumo = rng.random() < 0.5
    req: Dict[str, Any] = {
        "rules": "korean",
        "variant": rng.choice(["nagari", "samsiki", "coffee"]),
        "hand": compact(concealed),
        "win_tile": name(win),
        "melds": melds,
        "tsumo": tsumo,
        "seat_wind": rng.choice(WINDS),
        "round_wind": rng.choice(WINDS),
    }
    if rng.random() < 0.3:
        req["flowers"] = "".join(f"f{i}" for i in sorted(rng.sample(range(1, 5), rng.randint(1, 4))))
    if closed and rng.random() < 0.3:
        req["riichi"] = rng.choice(["eopeo", "eopeo", "bulleo", "weja_bulleo"])
        if rng.random() < 0.2:
            req["double_riichi"] = True
    r = rng.random()
    if tsumo and has_kan and r < 0.1:
        req["rinshan"] = True
    elif tsumo and r < 0.15:
        req["haitei"] = True
    elif not tsumo and r < 0.15:
        req["houtei"] = True
    elif not tsumo and r < 0.2:
        req["chankan"] = True
    if not melds and "riichi" not in req and not any(req.get(f) for f in ("haitei", "houtei", "chankan")) \
            and rng.random() < 0.06:  # 천화 / 지화 / 인화
        first = rng.choice(["tenhou", "chiihou", "renhou"])
        req[first] = True
        req["seat_wind"] = "E" if first == "tenhou" else rng.choice("SWN")
        req["tsumo"] = first != "renhou"
        if first == "tenhou" and rng.random() < 0.3:
            del req["win_tile"]  # no last tile (L113)
    if rng.random() < 0.1:
        req["own_discards"] = name(rng.choice([k for k in KINDS if counts[k] < 4]))
    if rng.random() < 0.25:
        req["options"] = rng.choice([
            {"min_base_han": rng.choice([0, 3])},
            {"stack_components": False},
            {"round_wind_yakuhai": True},
            {"pinfu_tsumo": True, "genso_exclude_winning_tile": True},
            {"value_overrides": {"엎어": 1, "깡쏘아": 5, "하이테이 9통쏘아": 8}},
            {"local_yaku": {"chanta": 2, "iipeikou": 1, "ryanpeikou": 3, "sankantsu": 2, "suukantsu": 8}},
            {"win_base": True, "unit": 100, "ron_multiplier": 2},
            {"double_riichi_kind": "additional", "heavenly_as_additional": True, "genso_count_melds": False},
        ])
    return req


def generate(n: int, seed: int = 0) -> List[Dict[str, Any]]:
    rng = random.Random(seed)
    out: List[Dict[str, Any]] = []
    while len(out) < n:
        req = generate_one(rng)
        if req is not None:
            out.append(req)
    return out
