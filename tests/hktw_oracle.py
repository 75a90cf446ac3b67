"""An independent Hong Kong-Taiwan scorer (tests only), written again from shared/spec/hktw.md
with the defaults of its section 8, to compare with the core on generated hands.

It shares nothing with cpp/: readings come from a plain search over every set, the wait set
from that search on each added tile, and each pattern from the spec's table row by row. It
scores with the default house options only.
"""
from __future__ import annotations

from itertools import permutations
from typing import Dict, List, Optional, Tuple

Tile = int  # 0-8 man, 9-17 pin, 18-26 sou, 27-33 E S W N white green red
ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
POINTS = {  # hktw.md section 2
    "no_flowers": 1, "flower": 1, "own_flower": 2, "wind_pung": 1, "value_wind_pung": 2, "dragon_pung": 2,
    "little_three_dragons": 20, "big_three_dragons": 40, "open_kan": 1, "closed_kan": 2, "open_riichi": 2,
    "closed_riichi": 8, "ippatsu": 2, "chicken": 20, "duck": 10, "shanpon_ron": 1, "true_single_wait": 2,
    "false_single_wait": 1, "pair_258": 1, "no_honours": 1, "no_honours_no_flowers": 5,
    "no_honours_no_flowers_all_chows": 15, "concealed_hand": 3, "self_draw": 1, "concealed_self_draw": 5,
    "last_tile": 20, "two_concealed_pungs": 3, "three_concealed_pungs": 10, "four_concealed_pungs": 30,
    "five_concealed_pungs": 80, "five_concealed_pungs_tsumo": 100, "mixed_double_chow": 2, "mixed_triple_chow": 10,
    "mixed_triple_chow_plus_one": 20, "five_same_chows": 40, "pure_double_chow": 3, "pure_triple_chow": 15,
    "pure_quadruple_chow": 30, "double_pung": 3, "little_triple_pung": 10, "triple_pung": 15, "two_shifted_pungs": 3,
    "little_three_shifted_pungs": 8, "three_shifted_pungs": 15, "little_four_shifted_pungs": 20,
    "four_shifted_pungs": 30, "little_five_shifted_pungs": 40, "five_shifted_pungs": 60, "mixed_shifted_pungs": 10,
    "terminal_pungs": 3, "knitted_straight": 15, "all_five_types": 10, "all_seven_types": 20, "one_suit_missing": 5,
    "half_flush": 30, "full_flush": 80, "all_pungs": 30, "early_win_7": 20, "early_win_10": 10,
    "little_three_winds": 15, "big_three_winds": 30, "little_four_winds": 60, "big_four_winds": 80,
    "thirteen_orphans_plus_set": 80, "thirteen_orphans_four_of_a_kind": 90, "sixteen_unrelated": 60,
    "knitted_sixteen": 80, "seven_pairs_plus_pung": 40, "flower_set": 10, "all_simples": 5, "outside_hand": 15,
    "pure_outside_hand": 30, "all_terminals_and_honours": 40, "all_terminals": 80, "heavenly_hand": 100,
    "earthly_hand": 90, "human_hand": 80,
}


def parse(text: str) -> List[int]:
    counts = [0] * 34
    digits: List[int] = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in "mpsz":
            for d in digits:
                counts[9 * "mpsz".index(ch) + d - 1] += 1
            digits = []
    return counts


def is_honour(t: Tile) -> bool:
    return t >= 27


def is_terminal(t: Tile) -> bool:
    return t < 27 and t % 9 in (0, 8)


# A body: (kind, tile, called, concealed) with kind "chow" | "pung" | "kan" (kans also pungs).
Body = Tuple[str, int, bool, bool]


def all_sets() -> List[Tuple[str, int]]:
    return [("pung", t) for t in range(34)] + [("chow", s * 9 + n) for s in range(3) for n in range(7)]


SETS = all_sets()


def set_tiles(kind: str, t: int) -> List[int]:
    return [t, t + 1, t + 2] if kind == "chow" else [t, t, t]


def set_partitions(counts: List[int], need: int, start: int = 0) -> List[List[Tuple[str, int]]]:
    if need == 0:
        return [[]] if not any(counts) else []
    out = []
    for i in range(start, len(SETS)):
        kind, t = SETS[i]
        tiles = set_tiles(kind, t)
        c = list(counts)
        ok = True
        for x in tiles:
            c[x] -= 1
            ok &= c[x] >= 0
        if ok:
            out += [[(kind, t)] + rest for rest in set_partitions(c, need - 1, i)]
    return out


def readings(concealed: List[int], n_melds: int) -> List[Dict]:
    """Every reading as {"shape", "sets": [(kind, tile)], "pair", "pairs", "knit"} (concealed part only)."""
    out = []
    for p in range(34):
        if concealed[p] >= 2:
            c = list(concealed)
            c[p] -= 2
            for sets in set_partitions(c, 5 - n_melds):
                out.append({"shape": "standard", "sets": sets, "pair": p})
    if n_melds == 0:
        odd = [t for t in range(34) if concealed[t] % 2]
        if len(odd) == 1 and concealed[odd[0]] == 3 and sum(concealed) == 17:
            pairs = [t for t in range(34) for _ in range(concealed[t] // 2) if t != odd[0]]
            out.append({"shape": "seven_pairs_pung", "sets": [("pung", odd[0])], "pairs": pairs})
        for dup in ORPHANS:
            for kind, t in SETS:
                c = [0] * 34
                for o in ORPHANS:
                    c[o] += 1
                c[dup] += 1
                for x in set_tiles(kind, t):
                    c[x] += 1
                if c == concealed:
                    out.append({"shape": "orphans", "sets": [(kind, t)], "pair": dup})
        for dup in range(34):
            c = list(concealed)
            c[dup] -= 1
            if c[dup] < 1 or any(c[h] != 1 for h in range(27, 34)):
                continue
            groups = [[n for n in range(9) if c[s * 9 + n]] for s in range(3)]
            if all(len(g) == 3 and all(c[s * 9 + n] == 1 for n in g) and g[1] - g[0] >= 3 and g[2] - g[1] >= 3
                   for s, g in enumerate(groups)):
                knitted = sorted(g[0] for g in groups) == [0, 1, 2] and all(g == [g[0], g[0] + 3, g[0] + 6] for g in groups)
                out.append({"shape": "sixteen", "sets": [], "pair": dup, "knitted": knitted})
    if n_melds <= 2:
        for perm in permutations(range(3)):
            c = list(concealed)
            knit = [s * 9 + perm[s] + 3 * k for s in range(3) for k in range(3)]
            if all(c[x] for x in knit):
                for x in knit:
                    c[x] -= 1
                for p in range(34):
                    if c[p] >= 2:
                        d = list(c)
                        d[p] -= 2
                        for sets in set_partitions(d, 2 - n_melds):
                            out.append({"shape": "knitted", "sets": sets, "pair": p, "knit": knit})
    return out


def seq_wait(start: int, win: int) -> str:
    if win == start + 1:
        return "kanchan"
    if (win == start + 2 and start % 9 == 0) or (win == start and start % 9 == 6):
        return "penchan"
    return "ryanmen"


def score(req: Dict) -> Optional[Tuple[int, List[Dict[str, int]]]]:
    """(value, [{pattern: points}, ...]) of the best readings (every one that reaches the best value:
    they pay the same), or None when the tiles form no hand."""
    concealed = parse(req["hand"])
    melds: List[Body] = []
    all_tiles = list(concealed)
    for m in req.get("melds", []):
        kind, tiles = m.split(":")
        t = parse(tiles)
        low = min(i for i in range(34) if t[i])
        melds.append(("chow" if kind == "chi" else "kan" if "kan" in kind else "pung", low, kind != "ankan",
                      kind == "ankan"))
        for i in range(34):
            all_tiles[i] += t[i]
    win = parse(req["win_tile"]).index(1)
    tsumo = bool(req.get("tsumo"))
    flowers = [int(f) for f in req.get("flowers", "").replace("f", " ").split()]
    seat = "ESWN".index(req.get("seat_wind", "E"))
    round_ = "ESWN".index(req.get("round_wind", "E"))
    closed = not any(b[2] for b in melds)
    # the wait set of the 16 tiles (B6)
    before = list(concealed)
    before[win] -= 1
    held = list(all_tiles)
    held[win] -= 1
    waits = []
    for t in range(34):
        if held[t] >= 4:
            continue
        c = list(before)
        c[t] += 1
        if readings(c, len(melds)):
            waits.append(t)
    best: Optional[Tuple[int, List[Dict[str, int]]]] = None
    for r in readings(concealed, len(melds)):
        for placed in placements(r, win, tsumo):
            got = patterns(req, placed, melds, all_tiles, flowers, seat, round_, closed, tsumo, waits)
            if got is None:
                continue
            value = 5 + sum(got.values())
            if best is None or value > best[0]:
                best = (value, [got])
            elif value == best[0]:
                best[1].append(got)
    return best


def placements(r: Dict, win: int, tsumo: bool) -> List[Dict]:
    """The reading with the winning tile in each place it can be: its wait, and which sets stay concealed."""
    out = []
    base_sets = [(k, t, False, True) for k, t in r["sets"]]
    if r["shape"] == "seven_pairs_pung":
        if win == r["sets"][0][1]:
            if tsumo:  # a pung completed by ron is open (B9): 50 needs it concealed
                out.append(dict(r, bodies=base_sets, wait=None, on_pair=False))
        else:
            out.append(dict(r, bodies=base_sets, wait="tanki", on_pair=True))
        return out
    if r.get("pair") == win:
        out.append(dict(r, bodies=base_sets, wait="tanki", on_pair=True))
    for i, (k, t) in enumerate(r["sets"]):
        if win in set_tiles(k, t):
            bodies = list(base_sets)
            if k == "chow":
                wait = seq_wait(t, win)
            else:
                wait = "shanpon"
                bodies[i] = (k, t, False, tsumo)
            out.append(dict(r, bodies=bodies, wait=wait, on_pair=False))
    if r["shape"] in ("orphans", "sixteen") and r.get("pair") != win:
        if r["shape"] == "sixteen" or win in ORPHANS:
            out.append(dict(r, bodies=base_sets, wait="tanki", on_pair=False))
    if r["shape"] == "knitted" and win in r["knit"]:
        out.append(dict(r, bodies=base_sets, wait=None, on_pair=False))
    return out


def patterns(req, r, melds, all_tiles, flowers, seat, round_, closed, tsumo, waits) -> Optional[Dict[str, int]]:
    p: Dict[str, int] = {}

    def add(key: str, pts: Optional[int] = None) -> None:
        p[key] = p.get(key, 0) + (POINTS[key] if pts is None else pts)

    shape = r["shape"]
    special = shape in ("orphans", "sixteen")
    bodies: List[Body] = list(r["bodies"]) + melds
    pairs = r.get("pairs") if shape == "seven_pairs_pung" else ([r["pair"]] if shape in ("standard", "knitted") else [])
    pungs = [b for b in bodies if b[0] != "chow"]
    chows = [b for b in bodies if b[0] == "chow"]
    # 1-3 flowers, 51-1
    for f in flowers:
        add("own_flower" if (f - 1) % 4 == seat else "flower")
    if set(range(1, 5)) <= set(flowers) or set(range(5, 9)) <= set(flowers):
        add("flower_set")
    # 4-6 honour pungs
    winds = [b for b in pungs if 27 <= b[1] <= 30]
    dragons = [b for b in pungs if b[1] >= 31]
    for b in winds:
        w = b[1] - 27
        if w == seat and w == round_:
            add("value_wind_pung", 4)
        elif w in (seat, round_):
            add("value_wind_pung")
        else:
            add("wind_pung")
    for _ in dragons:
        add("dragon_pung")
    if len(dragons) == 3:
        add("big_three_dragons")
    elif len(dragons) == 2 and any(x >= 31 for x in pairs):
        add("little_three_dragons")
    # 7 kans
    for b in melds:
        if b[0] == "kan":
            add("closed_kan" if b[3] else "open_kan")
    # 8 riichi
    riichi = req.get("riichi", "none")
    if riichi == "open_hand":
        add("open_riichi")
    if riichi == "closed":
        add("closed_riichi")
    if req.get("ippatsu"):
        add("ippatsu")
    # 11-13 waits (not on 48/49: B8)
    if not special:
        wait = r["wait"]
        if wait == "shanpon" and not tsumo and shape != "seven_pairs_pung":
            add("shanpon_ron")
        if wait in ("tanki", "kanchan", "penchan"):
            add("true_single_wait" if len(waits) == 1 else "false_single_wait")
    # 14
    if shape == "standard" and r["pair"] < 27 and r["pair"] % 9 in (1, 4, 7):
        add("pair_258")
    # 1, 15-17
    honours = any(all_tiles[t] for t in range(27, 34))
    if not honours:
        if not flowers:
            add("no_honours_no_flowers_all_chows" if shape == "standard" and len(chows) == 5 else "no_honours_no_flowers")
        else:
            add("no_honours")
    elif not flowers:
        add("no_flowers")
    # 18
    if closed and tsumo:
        add("concealed_self_draw")
    elif closed:
        add("concealed_hand")
    elif tsumo:
        add("self_draw")
    # 19-22
    if req.get("haitei") or req.get("houtei"):
        add("last_tile")
    n = req.get("flower_replacement_win", 0)
    if n:
        p["flower_replacement_win"] = 2 * n + 1
    for key, names in (("kan_replacement_win", ["kan_replacement_win", "two_kan_replacement_win", "three_kan_replacement_win"]),
                       ("chankan", ["robbing_kan", "robbing_second_kan", "robbing_third_kan"])):
        n = int(req.get(key, 0))
        if n:
            p[names[n - 1]] = [1, 30, 60][n - 1]
    # 23
    hidden = sum(1 for b in pungs if b[3])
    if hidden >= 2:
        if hidden == 5 and tsumo:
            add("five_concealed_pungs_tsumo")
        else:
            add(["two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs", "five_concealed_pungs"][hidden - 2])
    # 24-26 chows by number
    for n in range(7):
        per_suit = [sum(1 for b in chows if b[1] == s * 9 + n) for s in range(3)]
        suits = sum(1 for x in per_suit if x)
        total = sum(per_suit)
        pekos = {2: "pure_double_chow", 3: "pure_triple_chow", 4: "pure_quadruple_chow"}
        if suits == 3 and total == 5:
            add("five_same_chows")
        elif suits == 3:
            add("mixed_triple_chow_plus_one" if total >= 4 else "mixed_triple_chow")
        else:
            if suits == 2:
                add("mixed_double_chow")
            for x in per_suit:
                if x >= 2:
                    add(pekos[x])
    # 27-32 pungs of numbers
    num = {(b[1] // 9, b[1] % 9) for b in pungs if b[1] < 27}
    pair_at = {(x // 9, x % 9) for x in pairs if x < 27}
    best27 = None
    for n in range(9):
        suits = [s for s in range(3) if (s, n) in num]
        if len(suits) == 3:
            cand = "triple_pung"
        elif len(suits) == 2:
            third = ({0, 1, 2} - set(suits)).pop()
            cand = "little_triple_pung" if (third, n) in pair_at else "double_pung"
        else:
            continue
        if best27 is None or POINTS[cand] > POINTS[best27]:
            best27 = cand
    if best27:
        add(best27)
    best28 = None
    for s in range(3):
        for n in range(9):
            if (s, n) in num and (s, n - 1) not in num:
                length = 1
                while (s, n + length) in num:
                    length += 1
                little = (s, n - 1) in pair_at or (s, n + length) in pair_at
                names = {2: ("two_shifted_pungs", "little_three_shifted_pungs"),
                         3: ("three_shifted_pungs", "little_four_shifted_pungs"),
                         4: ("four_shifted_pungs", "little_five_shifted_pungs"),
                         5: ("five_shifted_pungs", "five_shifted_pungs")}
                if length >= 2:
                    cand = names[length][1 if little else 0]
                    if best28 is None or POINTS[cand] > POINTS[best28]:
                        best28 = cand
    if best28:
        add(best28)
    if any({(a, n), (b, n + 1), (c, n + 2)} <= num for n in range(7) for a, b, c in permutations(range(3))):
        add("mixed_shifted_pungs")
    if any((s, 0) in num and (s, 8) in num for s in range(3)):
        add("terminal_pungs")
    # 33-35 four copies over 2/3/4 bodies
    if shape in ("standard", "seven_pairs_pung", "knitted"):
        for t in range(34):
            if all_tiles[t] != 4:
                continue
            inside = [b for b in bodies if t in (set_tiles("chow", b[1]) if b[0] == "chow" else [b[1]])]
            if any(b[0] == "kan" for b in inside):
                continue
            copies = sum(1 if b[0] == "chow" else 3 for b in inside) + 2 * pairs.count(t)
            if copies != 4:
                continue
            if len(inside) == 4 and all(b[0] == "chow" and b[1] == inside[0][1] for b in inside):
                continue  # B12: inside one 사페커
            count = len(inside) + pairs.count(t)
            called = any(b[2] for b in inside)
            key = {2: "four_in_two", 3: "four_in_three", 4: "four_in_four"}[count]
            add(key, {"four_in_two": (5, 10), "four_in_three": (10, 20), "four_in_four": (20, 40)}[key][0 if called else 1])
    # 36-37 straights
    def chow_at(s, n):
        found = [b for b in chows if b[1] == s * 9 + n]
        return None if not found else any(not b[2] for b in found)  # True: one of them not called

    pure = [s for s in range(3) if all(chow_at(s, n) is not None for n in (0, 3, 6))]
    if pure:
        add("pure_straight", max(20 if all(chow_at(s, n) for n in (0, 3, 6)) else 10 for s in pure))
    mixed = [perm for perm in permutations(range(3)) if all(chow_at(perm[i], 3 * i) is not None for i in range(3))]
    if mixed:
        add("mixed_straight", max(15 if all(chow_at(perm[i], 3 * i) for i in range(3)) else 8 for perm in mixed))
    if shape == "knitted":
        add("knitted_straight")
    # 39-42
    suits_held = {t // 9 for t in range(27) if all_tiles[t]}
    winds_held = any(all_tiles[t] for t in range(27, 31))
    dragons_held = any(all_tiles[t] for t in range(31, 34))
    if len(suits_held) == 3 and winds_held and dragons_held and not special:
        red = any(f <= 4 for f in flowers)
        blue = any(f >= 5 for f in flowers)
        add("all_seven_types" if red and blue else "all_five_types")
    if len(suits_held) == 2 and not honours:
        add("one_suit_missing")
    if len(suits_held) == 1:
        add("half_flush" if honours else "full_flush")
    # 43-44
    if shape == "standard" and not chows:
        add("all_pungs")
    if shape == "standard" and r["on_pair"] and sum(1 for b in melds if b[2]) == 5:
        add("all_melded_single_wait", 8 if tsumo else 15)
    # 45
    d = req.get("discards_on_table")
    if d is not None and d <= 7:
        add("early_win_7")
    elif d is not None and d <= 10:
        add("early_win_10")
    # 46-47
    wind_pair = any(27 <= x <= 30 for x in pairs)
    if len(winds) == 4:
        add("big_four_winds")
    elif len(winds) == 3:
        add("little_four_winds" if wind_pair else "big_three_winds")
    elif len(winds) == 2 and wind_pair:
        add("little_three_winds")
    # 48-50
    if shape == "orphans":
        k, t = r["sets"][0]
        add("thirteen_orphans_four_of_a_kind" if k == "pung" and t in ORPHANS else "thirteen_orphans_plus_set")
    if shape == "sixteen":
        add("knitted_sixteen" if r["knitted"] else "sixteen_unrelated")
    if shape == "seven_pairs_pung":
        add("seven_pairs_plus_pung")
    # 52-53
    if all(not all_tiles[t] or (not is_honour(t) and not is_terminal(t)) for t in range(34)):
        add("all_simples")
    if shape in ("standard", "seven_pairs_pung"):
        used = [t for t in range(34) if all_tiles[t]]
        if all(is_terminal(t) for t in used):
            add("all_terminals")
        elif all(is_terminal(t) or is_honour(t) for t in used) and any(map(is_terminal, used)) and honours:
            add("all_terminals_and_honours")
        else:
            def outside(b):
                return (b[1] % 9 in (0, 6)) if b[0] == "chow" else (is_terminal(b[1]) or is_honour(b[1]))
            every = all(outside(b) for b in bodies) and all(is_terminal(x) or is_honour(x) for x in pairs)
            terminal_only = every and not any(is_honour(b[1]) for b in bodies) and not any(map(is_honour, pairs))
            if terminal_only and not honours:
                add("pure_outside_hand")
            elif every and honours:
                add("outside_hand")
    # 54
    for flag, key in (("tenhou", "heavenly_hand"), ("chiihou", "earthly_hand"), ("renhou", "human_hand")):
        if req.get(flag):
            add(key)
    # 9-10 last: nothing but flower points
    rest = {k: v for k, v in p.items() if k not in ("no_flowers", "flower", "own_flower", "self_draw")}
    if sum(rest.values()) == 0 and "flower_set" not in p:
        add("duck" if tsumo else "chicken")
    return p
