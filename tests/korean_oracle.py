"""An independent Korean scorer in plain Python (tests only): brute-force readings, the yaku
written again from korean.md, values read from the seed's own table. The differential test
compares the core with it on thousands of generated hands.

It covers what korean_generator produces; it is written for clarity, not speed.
"""
from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple

from test_korean import SEED_NAME, VARIANTS, seed_value

SUIT = {"m": 0, "p": 1, "s": 2, "z": 3}
KO_TO_KEY = {v.replace("(혼)", "혼"): k for k, v in SEED_NAME.items()}
LOCAL = {"chanta": "찬타", "iipeikou": "이페코", "ryanpeikou": "량페코", "sankantsu": "삼깡", "suukantsu": "사깡"}
LOCAL_KO = {v: k for k, v in LOCAL.items()}
ORDER = list(SEED_NAME) + list(LOCAL)  # the seed table's row order, then the local yaku


def tiles(text: str) -> List[int]:
    out, digits = [], []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in SUIT:
            out += [SUIT[ch] * 9 + d - 1 for d in digits]
            digits = []
    return out


def counts(ts: List[int]) -> List[int]:
    c = [0] * 34
    for t in ts:
        c[t] += 1
    return c


def readings(c: List[int], sets_needed: int) -> Iterator[Tuple[int, List[Tuple[str, int]]]]:
    """Every (pair, sets) split, brute force: each set is a pung or a run starting at any tile."""
    found = set()

    def split(c: List[int], need: int) -> Iterator[List[Tuple[str, int]]]:
        if need == 0:
            if not any(c):
                yield []
            return
        i = next((k for k in range(34) if c[k]), None)
        if i is None:
            return
        if c[i] >= 3:
            c[i] -= 3
            for rest in split(c, need - 1):
                yield [("pung", i)] + rest
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in range(3):
                c[i + k] -= 1
            for rest in split(c, need - 1):
                yield [("run", i)] + rest
            for k in range(3):
                c[i + k] += 1

    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            for sets in split(c, sets_needed):
                key = (p, tuple(sorted(sets)))
                if key not in found:
                    found.add(key)
                    yield p, sorted(sets)
            c[p] += 2


def is_terminal(t: int) -> bool:
    return t < 27 and t % 9 in (0, 8)


class Oracle:
    def __init__(self, req: Dict[str, Any]) -> None:
        self.req = req
        o = req.get("options", {})
        self.o = o
        self.variant = req.get("variant", "nagari")
        self.hand = tiles(req["hand"])
        self.melds = [(m.split(":")[0], tiles(m.split(":")[1])[0]) for m in req.get("melds", [])]
        self.win = tiles(req["win_tile"])[0] if "win_tile" in req else None
        self.tsumo = bool(req.get("tsumo") or req.get("tenhou") or req.get("chiihou"))
        self.seat = 27 + "ESWN".index(req.get("seat_wind", "E"))
        self.round = 27 + "ESWN".index(req.get("round_wind", "E"))
        self.riichi = req.get("riichi", "none")
        if req.get("double_riichi") and self.riichi == "none":
            self.riichi = "eopeo"
        self.closed = all(k == "ankan" for k, _ in self.melds)
        self.min_base = o.get("min_base_han", 2)

    # --- values -------------------------------------------------------------
    def value(self, key: str) -> Tuple[Optional[int], str]:
        o = self.o
        overrides = {KO_TO_KEY.get(k, k): v for k, v in o.get("value_overrides", {}).items()}
        local = {LOCAL_KO.get(k, k): v for k, v in o.get("local_yaku", {}).items()}
        if key in LOCAL:
            return local.get(key), "base"
        han, kind = seed_value(key, self.variant)
        if key in overrides:
            han = overrides[key]
        if key == "hwamangwan" and o.get("hwamangwan_value") is not None:
            han = o["hwamangwan_value"]
        if key == "double_riichi" and o.get("double_riichi_kind"):
            kind = o["double_riichi_kind"]
        if key in ("tenhou", "chiihou", "renhou") and o.get("heavenly_as_additional"):
            kind = "additional"
        assert kind, key
        return han, kind

    # --- yaku of one reading ------------------------------------------------
    def yaku(self, pair: Optional[int], sets: List[Tuple[str, int, bool, bool]], seven_pairs: bool,
             wait: Optional[str]) -> Dict[str, Any]:
        """sets: (kind run/pung/kan, tile, concealed, declared)."""
        req, o = self.req, self.o
        all_tiles = list(self.hand) + [t for k, t in self.melds for _ in range(3 if k == "pon" else 4)]
        honours = [t for t in all_tiles if t >= 27]
        suits = {t // 9 for t in all_tiles if t < 27}
        found: List[Tuple[str, int, Optional[int]]] = []  # key, units, tile

        def add(key: str, units: int = 1, tile: Optional[int] = None) -> None:
            found.append((key, units, tile))

        runs = [t for k, t, _, _ in sets if k == "run"]
        pungs = [(t, c) for k, t, c, _ in sets if k != "run"]
        value_tiles = {31, 32, 33, self.seat} | ({self.round} if o.get("round_wind_yakuhai") else set())
        if self.closed:
            add("menzen")
            if self.tsumo:
                add("tsumo")
        if not seven_pairs and self.closed and len(runs) == 4 and pair not in value_tiles and wait == "ryanmen" \
                and (not self.tsumo or o.get("pinfu_tsumo")):
            add("pinfu")
        if all(t < 27 and not is_terminal(t) for t in all_tiles):
            add("tanyao")
        for t, _ in pungs:
            reasons = (t >= 31) + (t == self.seat) + (bool(o.get("round_wind_yakuhai")) and t == self.round)
            if reasons:
                add("value_set", reasons, t)
        for s in range(2):
            if {s * 9, s * 9 + 3, s * 9 + 6} <= set(runs):
                add("ittsu")
        if len(suits) == 1 and honours:
            add("honitsu")
        if not seven_pairs and len(pungs) == 4:
            add("toitoi")
        concealed_pungs = sum(1 for _, c in pungs if c)
        if not seven_pairs and concealed_pungs == 3:
            add("sanankou")
        if seven_pairs:
            add("chiitoitsu")
        dragons = [t for t, _ in pungs if t >= 31]
        winds = [t for t, _ in pungs if 27 <= t <= 30]
        if not seven_pairs and len(dragons) == 2 and pair is not None and pair >= 31:
            add("shousangen")
        if not seven_pairs and concealed_pungs == 4:
            add("suuankou")
        if not seven_pairs and len(winds) == 3 and pair is not None and 27 <= pair <= 30:
            add("shousuushi")
        has_term = any(is_terminal(t) for t in all_tiles)
        if all(t >= 27 or is_terminal(t) for t in all_tiles) and has_term and honours:
            add("honroutou")
        if len(suits) == 1 and not honours:
            add("chinitsu")
        if len(dragons) == 3:
            add("daisangen")
        if len(winds) == 4:
            add("daisuushi")
        if not suits:
            add("tsuuiisou")
        for flag in ("renhou", "chiihou", "tenhou"):
            if req.get(flag):
                add(flag)
        if self.chuuren():
            add("chuuren")
        # additional
        held = counts(all_tiles if o.get("genso_count_melds", True) else self.hand)
        if req.get("chankan"):
            genso = o.get("genso_chankan_value", 1)
        elif self.win is None:
            genso = max(held)
        else:
            genso = held[self.win] - (1 if o.get("genso_exclude_winning_tile") else 0)
        if genso > 0:
            add("genso", genso)
        flowers = len(req.get("flowers", "")) // 2
        if flowers:
            add("flower", flowers)
        if flowers == 4:
            add("hwamangwan")
        if self.riichi != "none":
            add("eopeo")
        if self.riichi in ("bulleo", "weja_bulleo"):
            add("bulleo")
        if self.riichi == "weja_bulleo":
            add("weja_bulleo")
        if req.get("double_riichi"):
            add("double_riichi")
        for flag in ("haitei", "houtei", "rinshan", "chankan"):
            if req.get(flag):
                add(flag)
        if req.get("rinshan") and self.win == 13:
            add("rinshan_5p")
        if req.get("haitei") and self.win == 9:
            add("haitei_1p")
        if req.get("houtei") and self.win == 17:
            add("houtei_9p")
        # local yaku
        groups = [t for t in runs] + [t for t, _ in pungs]
        outside = not seven_pairs and pair is not None and (pair >= 27 or is_terminal(pair)) and \
            all(t % 9 in (0, 6) for t in runs) and all(t >= 27 or is_terminal(t) for t, _ in pungs)
        if outside and has_term and groups:
            add("chanta")
        same = sum(1 for i in range(len(runs)) for j in range(i) if runs[i] == runs[j])
        if not seven_pairs and self.closed and same == 1:
            add("iipeikou")
        if not seven_pairs and self.closed and same == 2:
            add("ryanpeikou")
        kans = sum(1 for k, _ in self.melds if "kan" in k)
        if kans == 3:
            add("sankantsu")
        if kans == 4:
            add("suukantsu")

        keys = {k for k, _, _ in found}
        drop = set()
        for upper, lower in [("chinitsu", "honitsu"), ("honroutou", "chanta"), ("suuankou", "sanankou"),
                             ("ryanpeikou", "iipeikou"), ("ryanpeikou", "chiitoitsu"), ("suukantsu", "sankantsu")]:
            if upper in keys:
                drop.add(lower)
        found = [f for f in found if f[0] not in drop]
        if o.get("stack_components") is False:
            keys = {k for k, _, _ in found}
            out = []
            for key, units, tile in found:
                if key == "value_set" and tile is not None:
                    if tile >= 31 and keys & {"shousangen", "daisangen"}:
                        continue
                    if 27 <= tile <= 30 and "daisuushi" in keys:
                        continue
                if (key, True) in [("toitoi", "suuankou" in keys), ("honitsu", "shousuushi" in keys),
                                   ("honitsu", "daisuushi" in keys), ("toitoi", "daisuushi" in keys),
                                   ("chinitsu", "chuuren" in keys)]:
                    continue
                out.append((key, units, tile))
            found = out
        entries, base, additional, unknown = [], 0, 0, []
        for key, units, tile in found:
            han, kind = self.value(key)
            if han is None and key in LOCAL:
                continue
            total = None if han is None else han * units
            if total is None:
                unknown.append(key)
            elif kind == "base":
                base += total
            else:
                additional += total
            entries.append((key, total, kind, units, tile))
        return {"entries": entries, "base": base, "additional": additional, "unknown": unknown}

    def chuuren(self) -> bool:
        if not self.closed or self.melds:
            return False
        c = counts(self.hand)
        suits = {t // 9 for t in self.hand}
        if len(suits) != 1 or 3 in suits:
            return False
        s = suits.pop()
        gates = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        row = c[s * 9: s * 9 + 9]
        if any(row[i] < gates[i] for i in range(9)):
            return False
        if self.o.get("chuuren_require_nine_wait", True) and self.win is not None:
            before = list(row)
            before[self.win - s * 9] -= 1
            if before != gates:
                return False
        discards = tiles(self.req.get("own_discards", ""))
        if self.o.get("chuuren_forbid_furiten", True) and any(t // 9 == s for t in discards):
            return False
        return True

    # --- best reading -------------------------------------------------------
    def best(self) -> Optional[Dict[str, Any]]:
        c = counts(self.hand)
        cands = []
        for pair, sets in readings(list(c), 4 - len(self.melds)):
            placements: List[Tuple[Optional[int], Optional[str]]] = []
            if self.win is None:
                placements.append((None, None))
            else:
                if pair == self.win:
                    placements.append((-1, "tanki"))
                seen = set()
                for i, (kind, t) in enumerate(sets):
                    if (kind, t) in seen:
                        continue
                    if (kind == "pung" and t == self.win) or (kind == "run" and t <= self.win <= t + 2):
                        seen.add((kind, t))
                        if kind == "pung":
                            w = "shanpon"
                        elif self.win == t + 1:
                            w = "kanchan"
                        elif (self.win == t + 2 and t % 9 == 0) or (self.win == t and t % 9 == 6):
                            w = "penchan"
                        else:
                            w = "ryanmen"
                        placements.append((i, w))
            for at, wait in placements:
                full = []
                for i, (kind, t) in enumerate(sets):
                    concealed = True
                    if i == at and kind == "pung":
                        if not self.tsumo:
                            concealed = False
                        elif self.riichi != "none" and self.o.get("shanpon_tsumo_after_riichi_is_open"):
                            concealed = False
                    full.append((kind, t, concealed, False))
                for k, t in self.melds:
                    full.append(("kan" if "kan" in k else "pung", t, k == "ankan", True))
                cands.append(self.yaku(pair, full, False, wait))
        if not self.melds and sum(c) == 14 and all(x % 2 == 0 for x in c):
            cands.append(self.yaku(None, [], True, "tanki" if self.win is not None else None))
        if not cands:
            return None
        return max(cands, key=lambda r: (r["base"] >= self.min_base, r["base"] + r["additional"], r["base"]))

    def declaration_legal(self) -> bool:
        before = list(self.hand)
        before.remove(self.win)
        held = counts(before + [t for k, t in self.melds for _ in range(3 if k == "pon" else 4)])
        any_wait = False
        for t in list(range(18)) + list(range(27, 34)):
            if held[t] >= 4:
                continue
            for tsumo in (False, True):
                q = {k: v for k, v in self.req.items()
                     if k not in ("haitei", "houtei", "rinshan", "chankan", "flowers", "tenhou", "chiihou", "renhou")}
                q.update(hand="".join(f"{x % 9 + 1}{'mpsz'[x // 9]}" for x in before + [t]), win_tile=f"{t % 9 + 1}{'mpsz'[t // 9]}",
                         tsumo=tsumo)
                r = Oracle(q).best()
                if r is None:
                    break
                any_wait = True
                if r["base"] < self.min_base:
                    return False
        return any_wait

    def score(self) -> Optional[Dict[str, Any]]:
        r = self.best()
        if r is None:
            return None
        valid = r["base"] >= self.min_base
        if self.riichi != "none" and self.win is not None and not self.declaration_legal():
            valid = False
        r["valid"] = valid
        return r
