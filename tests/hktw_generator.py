"""Random 17-tile Hong Kong-Taiwan hands (tests only): complete hands of every shape,
with melds and flowers, and near-complete or random tile sets around them."""
from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Tuple

ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
WINDS = "ESWN"


def name(t: int) -> str:
    return f"{t % 9 + 1}{'mpsz'[t // 9]}"


def compact(counts: List[int]) -> str:
    out = []
    for s in range(4):
        digits = "".join(str(n + 1) * counts[s * 9 + n] for n in range(9 if s < 3 else 7))
        if digits:
            out.append(digits + "mpsz"[s])
    return "".join(out)


def _set_tiles(kind: str, t: int) -> List[int]:
    return [t, t + 1, t + 2] if kind == "chi" else [t] * (4 if kind in ("kan", "kakan", "ankan") else 3)


def _random_set(rng: random.Random, counts: List[int], suit_bias: Optional[int]) -> Optional[Tuple[str, int]]:
    for _ in range(30):
        if rng.random() < 0.55:  # a chow
            s = suit_bias if suit_bias is not None and rng.random() < 0.7 else rng.randrange(3)
            t = s * 9 + rng.randrange(7)
            if all(counts[t + k] < 4 for k in range(3)):
                return "chi", t
        else:
            if suit_bias is not None and rng.random() < 0.6:
                t = suit_bias * 9 + rng.randrange(9)
            else:
                t = rng.randrange(34)
            if counts[t] <= 1:
                return "pon", t
    return None


def standard_hand(rng: random.Random, max_melds: int = 5) -> Optional[Dict[str, Any]]:
    """5 sets + a pair; some sets called (chi, pon, kan, kakan, ankan)."""
    counts = [0] * 34
    bias = rng.randrange(3) if rng.random() < 0.5 else None
    sets = []
    for _ in range(5):
        s = _random_set(rng, counts, bias)
        if s is None:
            return None
        for t in _set_tiles(*s):
            counts[t] += 1
        sets.append(s)
    pairs = [t for t in range(34) if counts[t] <= 2]
    pair = rng.choice(pairs)
    counts[pair] += 2
    n_melds = min(max_melds, rng.choice([0, 0, 0, 1, 1, 2, 3, 5]))
    melds, concealed = [], [0] * 34
    order = list(range(5))
    rng.shuffle(order)
    for i, (kind, t) in enumerate(sets):
        if order[i] < n_melds:
            if kind == "pon":
                r = rng.random()
                kind = "kan" if r < 0.15 else "kakan" if r < 0.25 else "ankan" if r < 0.35 else "pon"
                if kind != "pon" and counts[t] >= 4 and counts[t] - 3 + 4 > 4:
                    kind = "pon"
            melds.append(f"{kind}:{''.join(name(x)[0] for x in _set_tiles(kind, t))}{name(t)[1]}")
        else:
            for x in _set_tiles(kind, t):
                concealed[x] += 1
    concealed[pair] += 2
    return {"concealed": concealed, "melds": melds}


def seven_pairs_pung(rng: random.Random) -> Dict[str, Any]:
    counts = [0] * 34
    pung = rng.randrange(34)
    counts[pung] = 3
    n = 0
    while n < 7:
        t = rng.randrange(34)
        if t != pung and counts[t] + 2 <= 4:
            counts[t] += 2
            n += 1
    return {"concealed": counts, "melds": []}


def orphans_plus_set(rng: random.Random) -> Dict[str, Any]:
    counts = [0] * 34
    for o in ORPHANS:
        counts[o] += 1
    counts[rng.choice(ORPHANS)] += 1
    while True:
        if rng.random() < 0.5:
            t = rng.randrange(34)
            if counts[t] <= 1:
                counts[t] += 3
                break
        else:
            t = rng.randrange(3) * 9 + rng.randrange(7)
            if all(counts[t + k] < 4 for k in range(3)):
                for k in range(3):
                    counts[t + k] += 1
                break
    return {"concealed": counts, "melds": []}


TRIPLES = [(0, 3, 6), (0, 3, 7), (0, 3, 8), (0, 4, 7), (0, 4, 8), (0, 5, 8), (1, 4, 7), (1, 4, 8), (1, 5, 8), (2, 5, 8)]


def sixteen_unrelated(rng: random.Random, knitted: bool) -> Dict[str, Any]:
    counts = [0] * 34
    residues = [0, 1, 2]
    rng.shuffle(residues)
    for s in range(3):
        triple = (residues[s], residues[s] + 3, residues[s] + 6) if knitted else rng.choice(TRIPLES)
        for n in triple:
            counts[s * 9 + n] += 1
    for h in range(27, 34):
        counts[h] += 1
    counts[rng.choice([t for t in range(34) if counts[t]])] += 1
    return {"concealed": counts, "melds": []}


def knitted_straight(rng: random.Random) -> Optional[Dict[str, Any]]:
    counts = [0] * 34
    residues = [0, 1, 2]
    rng.shuffle(residues)
    for s in range(3):
        for k in range(3):
            counts[s * 9 + residues[s] + 3 * k] += 1
    melds = []
    for i in range(2):
        s = _random_set(rng, counts, None)
        if s is None:
            return None
        if rng.random() < 0.3:
            melds.append(f"{s[0]}:{''.join(name(x)[0] for x in _set_tiles(*s))}{name(s[1])[1]}")
            continue
        for t in _set_tiles(*s):
            counts[t] += 1
    pair = rng.choice([t for t in range(34) if counts[t] <= 2])
    counts[pair] += 2
    return {"concealed": counts, "melds": melds}


def complete_hand(rng: random.Random) -> Dict[str, Any]:
    while True:
        r = rng.random()
        h = (standard_hand(rng) if r < 0.72 else seven_pairs_pung(rng) if r < 0.78 else orphans_plus_set(rng) if r < 0.84
             else sixteen_unrelated(rng, rng.random() < 0.5) if r < 0.9 else knitted_straight(rng))
        if h and all(v <= 4 for v in h["concealed"]):
            return h


def near_hand(rng: random.Random) -> Dict[str, Any]:
    """A complete hand with one tile changed, or a random tile set."""
    h = complete_hand(rng)
    c = list(h["concealed"])
    if rng.random() < 0.5:
        held = [t for t in range(34) if c[t]]
        c[rng.choice(held)] -= 1
        c[rng.choice([t for t in range(34) if c[t] < 4])] += 1
    else:
        n = sum(c)
        c = [0] * 34
        for _ in range(n):
            c[rng.choice([t for t in range(34) if c[t] < 4])] += 1
    return {"concealed": c, "melds": h["melds"]}


def requests(count: int, seed: int) -> List[Dict[str, Any]]:
    """Scoring requests on complete hands with random flowers, winds, wins and context."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        h = complete_hand(rng)
        c = h["concealed"]
        held = [t for t in range(34) if c[t]]
        req: Dict[str, Any] = {"rules": "hktw", "hand": compact(c), "melds": h["melds"], "win_tile": name(rng.choice(held)),
                               "tsumo": rng.random() < 0.4, "seat_wind": rng.choice(WINDS), "round_wind": rng.choice(WINDS)}
        flowers = rng.sample(range(1, 9), rng.choice([0, 0, 1, 1, 2, 3, 4]))
        if flowers:
            req["flowers"] = "".join(f"f{f}" for f in sorted(flowers))
        if rng.random() < 0.1:
            req["honba"] = rng.randrange(4)
        if rng.random() < 0.1:
            req["discards_on_table"] = rng.randrange(20)
        all_tiles = list(c)
        ok = True
        for m in h["melds"]:
            kind, tiles = m.split(":")
            s = 9 * "mpsz".index(tiles[-1])
            for d in tiles[:-1]:
                all_tiles[s + int(d) - 1] += 1
        if max(all_tiles) > 4:
            ok = False
        if ok:
            out.append(req)
    return out
