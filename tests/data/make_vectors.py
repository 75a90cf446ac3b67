"""Regenerate the shared vector file: tests/data/riichi_vectors.jsonl (requests) and
riichi_vectors.expected.jsonl (the core's results). Run after an intentional rule change,
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
from test_bad_input import CASES  # noqa: E402

import tenbou  # noqa: E402


def main() -> None:
    requests = hand_generator.generate(1800, seed=424242)
    for i, q in enumerate(requests):
        q["options"] = {"preset": ["tenhou", "mahjongsoul", "wrc", "mleague"][i % 4]}
    requests += [case[0] for case in CASES.values()]
    lines = [json.dumps(q, ensure_ascii=False, separators=(",", ":")) for q in requests]
    lines += ['{"hand":', "[]", '{"hand":"123m","hand":"1m"}']  # invalid JSON text
    (HERE / "riichi_vectors.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    results = [tenbou.score_json(line) for line in lines]
    (HERE / "riichi_vectors.expected.jsonl").write_text("\n".join(results) + "\n", encoding="utf-8")
    print(f"{len(lines)} vectors")


if __name__ == "__main__":
    main()
