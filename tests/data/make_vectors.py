"""Regenerate the shared vector file: tests/data/vectors.jsonl (requests of every rule family
and method, valid and invalid) and vectors.expected.jsonl (the core's results). Run after an intentional rule change,
and review the diff of the expected file before committing it.

    python tests/data/make_vectors.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import hand_generator  # noqa: E402
import hktw_generator  # noqa: E402
import korean_generator  # noqa: E402
from test_bad_input import CASES  # noqa: E402
from test_hktw import BAD as HKTW_BAD, CASES as HKTW_CASES  # noqa: E402
from test_korean import BAD as KOREAN_BAD, HANDS as KOREAN_HANDS  # noqa: E402
import test_python_api as api  # noqa: E402
from test_sanma import BAD as SANMA_BAD  # noqa: E402

import tenbou  # noqa: E402


def main() -> None:
    requests = hand_generator.generate(1800, seed=424242)
    for i, q in enumerate(requests):
        q["options"] = {"preset": ["tenhou", "mahjongsoul", "wrc", "mleague"][i % 4]}
    requests += [case[0] for case in CASES.values()]
    # The other two methods of seed 000, with their house options.
    for i, q in enumerate(hand_generator.generate(300, seed=7070)):
        q["method"] = "han_only" if i % 3 == 0 else "aotenjo"
        if i % 3 == 2:
            q["options"] = {"aotenjo_drop_implied": i % 2 == 0, "aotenjo_kokushi_fu": 30,
                            "aotenjo_yakuman": "fixed" if i % 4 == 2 else "13han", "double_yakuman": True}
        requests.append(q)
    # Totals far past 64 bits: seed 000's 103-han hand, with honba at 1,500 and as a fixed-yakuman house.
    seed_103 = {"hand": "33s", "melds": ["ankan:2222s", "ankan:4444s", "ankan:6666s", "ankan:8888s"], "win_tile": "3s",
                "tsumo": True, "riichi": True, "ippatsu": True, "haitei": True, "dora_indicators": "1111s5s",
                "ura_indicators": "555s77s", "method": "aotenjo", "options": {"double_yakuman": True}}
    requests.append(seed_103)
    requests.append({**seed_103, "honba": 8, "options": {"double_yakuman": True, "honba_value": 1500}})
    requests.append({**seed_103, "seat_wind": "S", "options": {"double_yakuman": True, "aotenjo_drop_implied": False}})
    requests.append({**seed_103, "options": {"aotenjo_yakuman": "fixed"}})
    # Korean (seed 004): generated hands in every variant, the table-row hands, the bad inputs.
    korean_hands = korean_generator.generate(700, seed=4004)
    requests += korean_hands
    # Incomplete hands (not_winning): one concealed digit raised by one, kept when that
    # leaves a legal request whose tiles no longer form a hand.
    incomplete = []
    for q in korean_hands:
        hand = q["hand"]
        for i, ch in enumerate(hand):
            if ch in "12345678":
                bad = {**q, "hand": hand[:i] + str(int(ch) + 1) + hand[i + 1:]}
                if json.loads(tenbou.score_json(json.dumps(bad))).get("error", {}).get("code") == "not_winning":
                    incomplete.append(bad)
                break
        if len(incomplete) == 40:
            break
    requests += incomplete
    requests += [dict(h[1], variant=v) for h in KOREAN_HANDS for v in ("nagari", "samsiki", "coffee")]
    requests += [case[0] for case in KOREAN_BAD.values()]
    # Hong Kong-Taiwan (seed 002): generated hands, one hand per entry, house options, bad inputs.
    hktw_hands = hktw_generator.requests(600, seed=2002)
    option_sets = [{"seat_flower_per_flower": False}, {"duck_adds_tsumo": False}, {"honba_payers": "all_others"},
                   {"mixed_double_with_pure_double": "max"}, {"prefer_peko_reading": True}, {"limit": 60},
                   {"wait_patterns_on_special_hands": True, "five_gates_on_special": True},
                   {"ron_completed_pung_is_concealed": True},
                   {"orphans_add_concealed": False, "one_suit_missing_on_full_flush": True},
                   {"honba_zero_adds_one": True, "five_concealed_pungs_tsumo_adds": True,
                    "four_copies_in_quadruple_chow": True}]
    for i, q in enumerate(hktw_hands[:200]):
        q["options"] = option_sets[i % len(option_sets)]
    requests += hktw_hands
    requests += [dict(case[1], rules="hktw") for case in HKTW_CASES]
    requests += [dict(case[0], rules="hktw") for case in HKTW_BAD]
    # Three-player Riichi: generated hands under each method and tsumo switch, and the bad inputs.
    sanma_options = [{}, {"preset": "mahjongsoul"}, {"sanma_tsumo": "north_split"}, {"sanma_tsumo": "ron_equivalent"},
                     {"sanma_honba_value": 1000, "north_value": True}, {"kita_kazoe": False}, {"kita_dora": False}]
    for i, q in enumerate(hand_generator.generate(400, seed=3003, players=3)):
        q["options"] = sanma_options[i % len(sanma_options)]
        q["method"] = ("fuhan", "fuhan", "han_only", "aotenjo")[i % 4]
        requests.append(q)
    requests += [{"players": 3, **case[0]} for case in SANMA_BAD]
    # Hand forms (docs/hands.md): generated hands as tile names, mjai names, 136 ids and 34
    # counts, each malformed form, and unknown keys that get a "did you mean".
    forms = ("names", "mjai", "ids", "counts")
    for i, q in enumerate(filter(api.expressible, hand_generator.generate(200, seed=2929))):
        form = forms[i % 4]
        requests.append(api.in_form(api.without_reds(q) if form == "counts" else q, form))
    requests += [{**api.GOOD, **case[0]} for case in api.BAD_FORMS.values()]
    requests += [{**api.GOOD, **case[0]} for case in api.SUGGESTIONS.values()]
    lines = [json.dumps(q, ensure_ascii=False, separators=(",", ":")) for q in requests]
    lines += ['{"hand":', "[]", '{"hand":"123m","hand":"1m"}']  # invalid JSON text
    (HERE / "vectors.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    results = [tenbou.score_json(line) for line in lines]
    (HERE / "vectors.expected.jsonl").write_text("\n".join(results) + "\n", encoding="utf-8")
    print(f"{len(lines)} vectors")


if __name__ == "__main__":
    main()
