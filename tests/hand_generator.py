"""Random complete Riichi hands with consistent situational flags (tests and benchmarks only).

Covers open and closed hands, every kind of kan, seven pairs, thirteen orphans,
yakuman shapes, ambiguous waits and every situational flag. Deterministic for a seed.
"""
from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Tuple

SUITS = "mpsz"
TERMINALS_HONORS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
GREEN = [19, 20, 21, 23, 25, 32]


def name(kind: int, red: bool = False) -> str:
    return f"{0 if red else kind % 9 + 1}{SUITS[kind // 9]}"


def compact(tiles: List[Tuple[int, bool]]) -> str:
    out = []
    for s in range(4):
        digits = [("0" if red else str(k % 9 + 1)) for k, red in sorted(tiles, key=lambda t: (t[0], not t[1])) if k // 9 == s]
        if digits:
            out.append("".join(digits) + SUITS[s])
    return "".join(out)


class HandGenerator:
    def __init__(self, seed: int = 0, players: int = 4) -> None:
        self.rng = random.Random(seed)
        self.players = players  # 3: sanma (no 2m-8m, no chi, seats E/S/W, kita)

    def _in_set(self, k: int) -> bool:
        return self.players == 4 or not 1 <= k <= 7

    # --- shapes -------------------------------------------------------------
    def _kinds_pool(self) -> List[int]:
        return [k for k in self._full_kinds_pool() if self._in_set(k)]

    def _full_kinds_pool(self) -> List[int]:
        r = self.rng.random()
        if r < 0.12:  # one suit (+ honours sometimes): flushes, nine gates, ambiguous waits
            s = self.rng.randrange(3)
            pool = list(range(s * 9, s * 9 + 9))
            if self.rng.random() < 0.5:
                pool += list(range(27, 34))
            return pool
        if r < 0.17:
            return list(range(27, 34))  # honours: tsuuiisou, daisangen, winds
        if r < 0.20:
            return GREEN
        if r < 0.24:
            return TERMINALS_HONORS
        if r < 0.30:
            return [k for k in range(27) if k % 9 not in (0, 8)]  # simples
        return list(range(34))

    def _standard(self, counts: List[int]) -> Optional[Tuple[List[Tuple[str, int]], int]]:
        pool = self._kinds_pool()
        seq_starts = [k for k in pool if k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool]
        sets: List[Tuple[str, int]] = []
        p_seq = self.rng.choice([0.0, 0.3, 0.6, 0.9])
        repeat = self.rng.random() < 0.15  # identical sequences: iipeikou/ryanpeikou and ambiguous shapes
        for _ in range(4):
            for _attempt in range(20):
                if seq_starts and self.rng.random() < p_seq:
                    k = sets[-1][1] if repeat and sets and sets[-1][0] == "seq" else self.rng.choice(seq_starts)
                    if all(counts[k + i] < 4 for i in range(3)):
                        for i in range(3):
                            counts[k + i] += 1
                        sets.append(("seq", k))
                        break
                else:
                    k = self.rng.choice(pool)
                    if counts[k] == 0:
                        counts[k] += 3
                        sets.append(("trip", k))
                        break
            else:
                return None
        for _attempt in range(20):
            k = self.rng.choice(pool)
            if counts[k] <= 2:
                counts[k] += 2
                return sets, k
        return None

    def request(self) -> Dict[str, Any]:
        while True:
            req = self._try_request()
            if req is not None:
                return req

    def _try_request(self) -> Optional[Dict[str, Any]]:
        rng = self.rng
        counts = [0] * 34
        melds: List[str] = []
        concealed: List[int] = []
        meld_kinds: List[int] = []  # tiles held in melds
        shape = rng.random()
        has_kan = False
        if shape < 0.06:  # seven pairs
            pool = self._kinds_pool()
            if len(pool) < 7:
                return None
            kinds = rng.sample(pool, 7)
            for k in kinds:
                counts[k] += 2
                concealed += [k, k]
        elif shape < 0.08:  # thirteen orphans
            dup = rng.choice(TERMINALS_HONORS)
            concealed = TERMINALS_HONORS + [dup]
            for k in concealed:
                counts[k] += 1
        else:
            got = self._standard(counts)
            if got is None:
                return None
            sets, pair = got
            concealed += [pair, pair]
            n_open = rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
            order = list(range(4))
            rng.shuffle(order)
            for i, (kind, k) in enumerate(sets):
                declared = order.index(i) < n_open
                if kind == "seq" and self.players == 3:
                    declared = False  # no chi in three-player
                if kind == "seq":
                    if declared:
                        melds.append("chi:" + compact([(k + j, False) for j in range(3)]))
                        meld_kinds += [k, k + 1, k + 2]
                    else:
                        concealed += [k, k + 1, k + 2]
                    continue
                kan_roll = rng.random()
                if kan_roll < 0.12:  # closed kan, open or not
                    counts[k] += 1
                    melds.append("ankan:" + compact([(k, False)] * 4))
                    meld_kinds += [k] * 4
                    has_kan = True
                elif declared and kan_roll < 0.3:
                    counts[k] += 1
                    melds.append(rng.choice(["kan", "kakan"]) + ":" + compact([(k, False)] * 4))
                    meld_kinds += [k] * 4
                    has_kan = True
                elif declared:
                    melds.append("pon:" + compact([(k, False)] * 3))
                    meld_kinds += [k] * 3
                else:
                    concealed += [k, k, k]
        if max(counts) > 4:
            return None
        # Red fives: some fives in the concealed part become red (one per suit).
        reds = [False] * len(concealed)
        for s in range(3):
            fives = [i for i, k in enumerate(concealed) if k == s * 9 + 4]
            if fives and rng.random() < 0.4:
                reds[rng.choice(fives)] = True
        win_index = rng.randrange(len(concealed))
        win = name(concealed[win_index], reds[win_index])
        closed = all(m.startswith("ankan") for m in melds)
        tsumo = rng.random() < 0.45
        winds = "ESWN"[: self.players]
        req: Dict[str, Any] = {
            "hand": compact(list(zip(concealed, reds))),
            "melds": melds,
            "win_tile": win,
            "tsumo": tsumo,
            "seat_wind": rng.choice(winds),
            "round_wind": rng.choice(winds[: rng.choice([1, 2, self.players])]),
        }
        kita = 0
        if self.players == 3:
            req["players"] = 3
            north = sum(1 for k in concealed + meld_kinds if k == 30)
            kita = rng.choice([0, 0, 1, 1, 2, 3, 4])
            kita = min(kita, 4 - north)
            req["kita"] = kita
            has_kan = has_kan or kita > 0  # a kita's replacement draw is rinshan too
        if closed and rng.random() < 0.45:
            req["riichi"] = True
            if rng.random() < 0.08:
                req["double_riichi"] = True
            if rng.random() < 0.2 and not (tsumo and has_kan and rng.random() < 0.5):
                req["ippatsu"] = True
        if tsumo and has_kan and not req.get("ippatsu") and rng.random() < 0.3:
            req["rinshan"] = True
        elif tsumo and rng.random() < 0.06:
            req["haitei"] = True
        elif not tsumo and rng.random() < 0.06:
            req["houtei"] = True
        elif not tsumo and rng.random() < 0.04:
            req["chankan"] = True
        if not melds and not req.get("riichi") and rng.random() < 0.02:
            if req["seat_wind"] == "E":
                req["tenhou"] = True
            else:
                req["chiihou"] = True
            req["tsumo"] = True
            for flag in ("rinshan", "haitei", "houtei", "chankan"):
                req.pop(flag, None)
        # Dora indicators from the tiles still unseen.
        seen = [0] * 34
        for k in concealed + meld_kinds:
            seen[k] += 1
        seen[30] += kita
        free = [k for k in range(34) if self._in_set(k) for _ in range(4 - seen[k])]
        rng.shuffle(free)
        n_dora = rng.choice([0, 1, 1, 1, 2, 3])
        req["dora_indicators"] = compact([(k, False) for k in free[:n_dora]])
        if req.get("riichi") and n_dora:
            req["ura_indicators"] = compact([(k, False) for k in free[n_dora: 2 * n_dora]])
        req["honba"] = rng.choice([0, 0, 0, 1, 2, 5])
        req["riichi_sticks"] = rng.choice([0, 0, 1, 2])
        return req


def generate(n: int, seed: int = 0, players: int = 4) -> List[Dict[str, Any]]:
    g = HandGenerator(seed, players)
    return [g.request() for _ in range(n)]
