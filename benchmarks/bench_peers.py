"""tenbou beside its peers on the same hands, in one process, on three mixes (README "Speed", docs/speed.md).

    python benchmarks/bench_peers.py [HANDS] [--seconds S] [--no-native] [--mix real,closed,bench]
    valgrind --tool=callgrind --dump-before=sys_setswitchinterval \
        python benchmarks/bench_peers.py --loop MIX WHAT      (instructions: see --loop below)

The mixes, side by side (a speed claim holds only if it holds on every one):

- ``real``: every win of the 999 Tenhou games of ``$TENBOU_SHARED/data/tenhou/`` (8,009 wins,
  four- and three-player) as ``tenbou mjlog`` writes them (tenbou.mjlog.wins_from_file): mostly
  closed hands, riichi, dora and ura indicators, and ``{"preset": "tenhou", "red_fives": true,
  "open_tanyao": true}`` in every request. Skipped when the games are not there.
- ``closed``: HANDS generated hands (tests/hand_generator.py) shaped like real play: 60% closed,
  riichi on most closed ones, dora and ura indicators, house options beyond the preset in a
  third, a sixth failing (half no yaku, half not a winning hand), ~5% yakuman.
- ``bench``: the mix of earlier releases (HANDS hands: two thirds open, 16% yakuman, a tenth
  han-only and aotenjo requests, options a preset alone).

For each mix: tenbou ``score_many`` with each result's han, fu, total and yaku read; ``score``
one call per hand, read the same way; ``score_many`` not read; riichienv (its inputs prebuilt
outside the clock: its Rust ``HandEvaluator(tiles, melds).calc(...)``, ``HandEvaluator3P`` for
three-player hands, with its Rust ``Conditions`` prebuilt; its results read: is_win, han, fu,
points, yaku; the ratios are to this figure, its fastest; through its Python wrapper
``riichienv.HandEvaluator``, which converts a ``Conditions`` dataclass at each call, it is ~2.4x
slower and is shown beside);
the ``mahjong`` package (HandCalculator, its result; a sample, through tests/mahjong_oracle.py,
four-player hands it can express); the C++ core alone (tenbou-native bench, unless
--no-native). ``--loop MIX WHAT`` (WHAT: many, one, riichienv, riichienv_wrapper) runs that loop
twice between two calls of sys.setswitchinterval, so that callgrind's second dump holds the loop
alone: its instructions divided by twice the mix's hands are a hand's (docs/speed.md). Each figure is the best repetition within S seconds (default 3). Peers not
installed are skipped and named (pip install riichienv mahjong). Prints a markdown table.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import hand_generator  # noqa: E402
import tenbou  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_riichi import best_rate, native_tool  # noqa: E402

KEYS = {"rules": "riichi", "method": "fuhan", "melds": [], "tsumo": False, "seat_wind": "E", "round_wind": "E",
        "riichi": False, "double_riichi": False, "ippatsu": False, "rinshan": False, "chankan": False,
        "haitei": False, "houtei": False, "tenhou": False, "chiihou": False, "renhou": False,
        "dora_indicators": "", "ura_indicators": "", "honba": 0, "riichi_sticks": 0, "options": {"preset": "tenhou"}}

# House rules beyond a preset, as callers write them (a preset and a switch or a few).
HOUSE_OPTIONS = [
    {"preset": "tenhou", "red_fives": True, "open_tanyao": True},
    {"preset": "tenhou", "kiriage": True},
    {"preset": "mahjongsoul", "kiriage": True, "renhou": "mangan"},
    {"preset": "tenhou", "double_yakuman": True, "kazoe": "sanbaiman"},
    {"preset": "wrc", "red_fives": True},
    {"preset": "mleague", "open_pinfu_fu": "one_han_only", "honba_value": 300},
]


def moved_tile(req: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """The request with its hand's first digit raised by one (mostly not a winning hand), or None
    when that makes it invalid input."""
    if req["hand"][0] not in "12345678":
        return None
    moved = dict(req, hand=str(int(req["hand"][0]) + 1) + req["hand"][1:])
    code = json.loads(tenbou.score_json(json.dumps(moved))).get("error", {}).get("code")
    return None if code == "invalid_input" else moved


def bench_mix(n: int, seed: int = 2026) -> List[Dict[str, Any]]:
    """The mix of earlier releases (unchanged: its figures compare with theirs)."""
    rng = random.Random(seed)
    out = []
    for q in hand_generator.generate(n, seed=seed):
        req = dict(KEYS, **q)
        if rng.random() < 0.05:
            req = moved_tile(req) or req
        roll = rng.random()
        if roll < 0.05:
            req["method"] = "han_only"
        elif roll < 0.10:
            req["method"] = "aotenjo"
        out.append(req)
    return out


the_mix = bench_mix  # (benchmarks/bench_wasm.py's name for it)


def is_closed(req: Dict[str, Any]) -> bool:
    return all(m.startswith("ankan:") for m in req.get("melds", []))


def closed_mix(n: int, seed: int = 7) -> List[Dict[str, Any]]:
    """Generated hands shaped like real play (see the module's docstring); quotas met exactly."""
    rng = random.Random(seed)
    fail_n = n // 6
    yakuman_n = n // 20
    closed_n = round(0.6 * n)
    picked: List[Dict[str, Any]] = []
    counts = {"no_yaku": 0, "not_winning": 0, "yakuman": 0, "closed": 0, "open": 0}
    quota = {"no_yaku": fail_n // 2, "not_winning": fail_n - fail_n // 2, "yakuman": yakuman_n}
    winners_n = n - fail_n - yakuman_n
    quota_closed = closed_n - round(0.3 * (fail_n + yakuman_n))  # (failures are mostly open)
    quota["closed"], quota["open"] = quota_closed, winners_n - quota_closed
    batch = 0
    while len(picked) < n:
        batch += 1
        for q in hand_generator.generate(2000, seed=seed * 1000 + batch):
            req = dict(KEYS, **q)
            if is_closed(req) and not req.get("riichi") and rng.random() < 0.5:  # riichi on most closed hands
                req["riichi"] = True
                if req["dora_indicators"]:
                    free = [d for d in "123456789" if d + "p" not in req["hand"]]
                    req["ura_indicators"] = rng.choice(free) + "p"
            if rng.random() < 1 / 3:
                req["options"] = dict(rng.choice(HOUSE_OPTIONS))
            if rng.random() < 0.15:
                req = moved_tile(req) or req
            try:
                r = tenbou.score(req)
            except ValueError:  # an ura indicator too many of its kind: drawn again
                continue
            if not r.ok:
                kind = r.error["code"]
                if kind not in ("no_yaku", "not_winning"):
                    continue
            elif r.yakuman:
                kind = "yakuman"
            else:
                kind = "closed" if is_closed(req) else "open"
            if counts[kind] < quota[kind]:
                counts[kind] += 1
                picked.append(req)
                if len(picked) == n:
                    break
    rng.shuffle(picked)
    return picked


def real_mix() -> List[Dict[str, Any]]:
    from tenbou import mjlog

    shared = os.environ.get("TENBOU_SHARED", str(ROOT.parent / "shared"))
    files = sorted(glob.glob(os.path.join(shared, "data", "tenhou", "mjlog", "*.mjlog")))
    return [w.request for f in files for w in mjlog.wins_from_file(f)]


def read_tenbou(r: Any) -> Any:
    if not r.ok:
        return r.error["code"]
    return r.han, r.fu, r.total, [y.key for y in r.yaku]


class _Ids:
    """Tenhou tile ids (0-135) for compact notation: red fives are copy 0 of their kind."""

    def __init__(self) -> None:
        self.used: Dict[int, int] = {}

    def take(self, kind: int, red: bool) -> int:
        if red:
            return kind * 4
        n = self.used.get(kind, 0)
        first = 1 if kind in (4, 13, 22) else 0  # plain fives skip the red copy
        self.used[kind] = n + 1
        return kind * 4 + first + n


def kinds_of(text: str) -> List[tuple]:
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        elif ch in "mpsz":
            for d in digits:
                out.append(((4 if d == "0" else int(d) - 1) + 9 * "mpsz".index(ch), d == "0"))
            digits = ""
    return out


def riichienv_inputs(reqs: List[Dict[str, Any]], wrapper: bool = False) -> Optional[List[tuple]]:
    """riichienv's own input objects for each request, built before the clock starts: its
    evaluator classes (Rust), their tile ids and melds, and its Rust ``Conditions`` (what its
    Python wrapper, ``riichienv.HandEvaluator(...).calc``, converts its dataclass into on every
    call: that conversion more than doubles its time, so it is done here; ``wrapper`` keeps it)."""
    try:
        import riichienv
        from riichienv import _riichienv as rc
    except ImportError:
        return None
    kinds = {"chi": rc.MeldType.Chi, "pon": rc.MeldType.Pon, "kan": rc.MeldType.Daiminkan,
             "kakan": rc.MeldType.Kakan, "ankan": rc.MeldType.Ankan}
    winds = "ESWN"
    out = []
    for q in reqs:
        ids = _Ids()
        hand = [ids.take(k, r) for k, r in kinds_of(q["hand"])]
        melds = []
        for m in q["melds"]:
            kind, tiles = m.split(":")
            melds.append(rc.Meld(kinds[kind], [ids.take(k, r) for k, r in kinds_of(tiles)], kind != "ankan"))
        wk, wr = kinds_of(q["win_tile"])[0] if q.get("win_tile") else kinds_of(q["hand"])[-1]
        win = next(t for t in hand if t // 4 == wk and (t % 4 == 0) == wr or (t // 4 == wk and not wr))
        dora = [ids.take(k, r) for k, r in kinds_of(q["dora_indicators"])]
        ura = [ids.take(k, r) for k, r in kinds_of(q["ura_indicators"])]
        three = q.get("players") == 3
        cond = riichienv.Conditions(tsumo=q["tsumo"] or q["tenhou"] or q["chiihou"], riichi=q["riichi"],
                                    double_riichi=q["double_riichi"], ippatsu=q["ippatsu"], haitei=q["haitei"],
                                    houtei=q["houtei"], rinshan=q["rinshan"], chankan=q["chankan"],
                                    tsumo_first_turn=q["tenhou"] or q["chiihou"],
                                    player_wind=winds.index(q["seat_wind"]), round_wind=winds.index(q["round_wind"]),
                                    riichi_sticks=q["riichi_sticks"], honba=q["honba"],
                                    kita_count=q.get("kita", 0), is_sanma=three, num_players=3 if three else 4)
        if wrapper:
            evaluator = riichienv.HandEvaluator3P if three else riichienv.HandEvaluator
            out.append((evaluator, sorted(hand), melds, win, dora, cond, ura))
        else:
            evaluator = rc.HandEvaluator3P if three else rc.HandEvaluator
            rust = riichienv.hand._to_rust_conditions(cond)
            out.append((evaluator, sorted(hand), melds, win, dora, rust, ura))
    return out


def run_riichienv(inputs: List[tuple]) -> List[tuple]:
    out = []
    for evaluator, hand, melds, win, dora, cond, ura in inputs:
        r = evaluator(hand, melds).calc(win, dora, ura, cond)  # (the Rust calc takes ura before the conditions)
        out.append((r.is_win, r.han, r.fu, r.ron_agari, r.tsumo_agari_oya, r.tsumo_agari_ko, list(r.yaku)))
    return out


def run_riichienv_wrapper(inputs: List[tuple]) -> List[tuple]:
    out = []
    for evaluator, hand, melds, win, dora, cond, ura in inputs:
        r = evaluator(hand, melds).calc(win, dora, cond, ura)
        out.append((r.is_win, r.han, r.fu, r.ron_agari, r.tsumo_agari_oya, r.tsumo_agari_ko, list(r.yaku)))
    return out


def native_rate(reqs: List[Dict[str, Any]], seconds: float) -> Optional[float]:
    """tenbou-native's score_riichi on the same requests (parsed before the clock starts)."""
    try:
        tool = native_tool()
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"skipped: native core ({e})")
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("".join(json.dumps(q) + "\n" for q in reqs))
    try:
        out = subprocess.run([str(tool), "bench", f.name, str(seconds)], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    return float(json.loads(out)["score_hands_per_s"])


def describe(reqs: List[Dict[str, Any]]) -> str:
    results = tenbou.score_many(reqs)
    closed = sum(is_closed(q) for q in reqs)
    failed = sum(not r.ok for r in results)
    yakuman = sum(bool(r.ok and r.yakuman) for r in results)
    house = sum(set(q.get("options", {})) - {"preset"} != set() for q in reqs)
    three = sum(q.get("players") == 3 for q in reqs)
    pct = lambda k: f"{100 * k / len(reqs):.0f}%"  # noqa: E731
    return (f"{len(reqs):,} hands: {pct(closed)} closed, {pct(failed)} failing, {pct(yakuman)} yakuman, "
            f"{pct(house)} options beyond a preset, {pct(three)} three-player")


def measure(name: str, reqs: List[Dict[str, Any]], seconds: float, native: bool) -> Dict[str, Any]:
    row: Dict[str, Any] = {"mix": name, "hands": len(reqs)}
    print(f"{name}: {describe(reqs)}", flush=True)
    row["many_read"] = best_rate(len(reqs), lambda: [read_tenbou(r) for r in tenbou.score_many(reqs)], seconds)
    row["one_read"] = best_rate(len(reqs), lambda: [read_tenbou(tenbou.score(q)) for q in reqs], seconds)
    row["many_lazy"] = best_rate(len(reqs), lambda: tenbou.score_many(reqs), seconds)
    inputs = riichienv_inputs(reqs)
    if inputs is not None:
        row["riichienv"] = best_rate(len(inputs), lambda: run_riichienv(inputs), seconds)
        agree = sum(1 for q, t, p in zip(reqs, tenbou.score_many(reqs), run_riichienv(inputs))
                    if (t.ok and p[0] and (t.han, t.fu) == (p[1], p[2])) or (not t.ok and not p[0]))
        row["riichienv_agree"] = agree
        wrapped = riichienv_inputs(reqs, wrapper=True)
        row["riichienv_wrapper"] = best_rate(len(wrapped), lambda: run_riichienv_wrapper(wrapped), seconds)
    try:
        from mahjong_oracle import Unrepresentable, score_with_mahjong

        sample = []
        for q in reqs[:600]:
            if q.get("method", "fuhan") != "fuhan" or q.get("players") == 3:
                continue
            try:
                score_with_mahjong(q)
                sample.append(q)
            except Unrepresentable:
                pass
        row["mahjong"] = best_rate(len(sample), lambda: [score_with_mahjong(q) for q in sample], min(seconds, 2.0))
    except ImportError:
        pass
    if native:
        row["native"] = native_rate(reqs, seconds)
    return row


def k(x: Optional[float]) -> str:
    """A rate as the tables print it: 1.23M, 456K, or - when not measured."""
    if x is None:
        return "-"
    return f"{x / 1e6:.2f}M" if x >= 1e6 else f"{x / 1e3:.0f}K"


def table(rows: List[Dict[str, Any]]) -> str:
    def ratio(a: float, row: Dict[str, Any]) -> str:
        return f"{a / row['riichienv']:.2f}x" if row.get("riichienv") else "-"

    lines = ["| mix | tenbou score_many, read | tenbou score, read | riichienv, read | ratio score_many | ratio score "
             "| score_many not read | riichienv through its Python wrapper | mahjong | C++ core alone |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['mix']} ({r['hands']:,} hands) | {k(r['many_read'])} | {k(r['one_read'])} | {k(r.get('riichienv'))} "
                     f"| **{ratio(r['many_read'], r)}** | **{ratio(r['one_read'], r)}** | {k(r['many_lazy'])} "
                     f"| {k(r.get('riichienv_wrapper'))} | {k(r.get('mahjong'))} | {k(r.get('native'))} |")
    return "\n".join(lines)


def loop(mix: str, what: str, hands: int) -> None:
    """One loop of the figures above, run twice between two marks for callgrind."""
    reqs = {"real": real_mix, "closed": lambda: closed_mix(hands), "bench": lambda: bench_mix(hands)}[mix]()
    if what.startswith("riichienv"):
        inputs = riichienv_inputs(reqs, wrapper=what == "riichienv_wrapper")
        runner = run_riichienv_wrapper if what == "riichienv_wrapper" else run_riichienv
        run = lambda: runner(inputs)  # noqa: E731
    elif what == "many":
        run = lambda: [read_tenbou(r) for r in tenbou.score_many(reqs)]  # noqa: E731
    else:
        run = lambda: [read_tenbou(tenbou.score(q)) for q in reqs]  # noqa: E731
    run()  # warm
    sys.setswitchinterval(sys.getswitchinterval())  # the first mark (callgrind --dump-before=...)
    for _ in range(2):
        run()
    sys.setswitchinterval(sys.getswitchinterval())  # the second
    print(f"{len(reqs)} hands, run twice between the marks: instructions of dump 2 / {2 * len(reqs)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("hands", nargs="?", type=int, default=4000, help="hands of the generated mixes")
    ap.add_argument("--seconds", type=float, default=3.0, help="each figure: the best run within this many seconds")
    ap.add_argument("--no-native", action="store_true")
    ap.add_argument("--mix", default="real,closed,bench")
    ap.add_argument("--loop", nargs=2, metavar=("MIX", "WHAT"))
    args = ap.parse_args()
    if args.loop:
        return loop(args.loop[0], args.loop[1], args.hands)
    mixes: List[Tuple[str, Callable[[], List[Dict[str, Any]]]]] = [
        ("real", real_mix), ("closed", lambda: closed_mix(args.hands)), ("bench", lambda: bench_mix(args.hands))]
    names = {"real": "real Tenhou wins", "closed": "generated, closed majority + house options",
             "bench": "generated, earlier releases' mix"}
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"tenbou {tenbou.__version__}; one core")
    rows = []
    for key, make in mixes:
        if key not in args.mix.split(","):
            continue
        reqs = make()
        if not reqs:
            print(f"skipped: {key} (no games under $TENBOU_SHARED/data/tenhou/mjlog)")
            continue
        rows.append(measure(names[key], reqs, args.seconds, not args.no_native))
    print()
    print(table(rows))
    for r in rows:
        if "riichienv_agree" in r:
            print(f"riichienv agrees with tenbou (same han and fu, or both refuse) on {r['riichienv_agree']:,} "
                  f"of {r['hands']:,} hands of {r['mix']}")
    try:
        import riichienv  # noqa: F401
    except ImportError:
        print("skipped: riichienv (pip install riichienv)")
    try:
        import mahjong  # noqa: F401
    except ImportError:
        print("skipped: mahjong (pip install mahjong; Python 3.10+)")


if __name__ == "__main__":
    main()
