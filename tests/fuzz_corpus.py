"""The fuzz target's seed corpus (tests/fuzz/fuzz_requests.cpp), from the shared vectors.

    python tests/fuzz_corpus.py lines FILE     one input per line, for the mutation-loop driver
    python tests/fuzz_corpus.py dir DIR        one file per input, for libFuzzer (README "Fuzzing")
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import List

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
DATA = HERE / "data"


def inputs() -> List[bytes]:
    """The vectors as JSON text (selector 0), binary records (1), hands before the win (2),
    settlement and points queries (3), the C ABI (4), structured settlements (5: bytes read as
    choices, fuzz_requests.cpp settle_request): the first byte of each input picks the reader."""
    import binary_records
    from test_settlement import DAISANGEN, PINFU, TANYAO_RON, win
    from test_waits import before_win

    rng = random.Random(11)
    out: List[bytes] = []
    for line in (DATA / "vectors.jsonl").read_text(encoding="utf-8").splitlines():
        out.append(b"\0" + line.encode("utf-8"))
        try:
            req = json.loads(line)
        except ValueError:
            continue
        if isinstance(req, dict):
            out.append(b"\1" + binary_records.record(req, rng))
            if "win_tile" in req and "hand" in req and isinstance(req["hand"], str):
                try:
                    out.append(b"\2" + json.dumps(before_win(req), ensure_ascii=False).encode("utf-8"))
                except ValueError:  # a winning tile written another way (0m for 5m): skip
                    pass
    for q in [{"outcome": "win", "honba": 2, "riichi_sticks": 1, "wins": [win(3, 0, TANYAO_RON), win(1, 0, PINFU)]},
              {"outcome": "win", "wins": [win(1, 1, DAISANGEN, pao=3)], "options": {"preset": "mahjongsoul"}},
              {"outcome": "draw", "players": 3, "tenpai": [1]}, {"outcome": "nagashi_mangan", "nagashi": [2]},
              {"han": 3, "fu": 40, "tsumo": True, "players": 3}, {"han": 300, "fu": 30, "method": "aotenjo"}]:
        out.append(b"\3" + json.dumps(q).encode("utf-8"))
    # The C ABI (selector 4): a sample of the vectors, one of them as JSON Lines.
    lines = (DATA / "vectors.jsonl").read_text(encoding="utf-8").splitlines()
    out += [b"\4" + line.encode("utf-8") for line in lines[::7]]
    out.append(b"\4" + "\n".join(lines[:50]).encode("utf-8"))
    # Structured settlements (selector 5): every byte a choice, so random bytes are good seeds.
    out += [b"\5" + bytes(rng.randrange(256) for _ in range(rng.randrange(8, 96))) for _ in range(300)]
    # ... and the bytes of issue 28's first case: an aotenjo suuankou tsumo (dora 4z1z2z3z7z) whose
    # payments fit 64 bits while their sum does not (the deltas summed to -2^64).
    out.append(b"\5" + bytes([1, 1, 0, 0, 0, 1, 0, 0, 1, 1, 1, 0, 1, 6, 1, 1, 1, 1, 1, 1, 0, 1, 0, 2, 1, 1, 1]))
    return out


def write_lines(path: Path) -> int:
    """One input per line: the selector digit, a space, the text (binary records in hex)."""
    lines = []
    for data in inputs():
        sel, rest = data[0], data[1:]
        lines.append(f"{sel} " + (rest.hex() if sel in (1, 5) else rest.decode("utf-8").replace("\n", " ")))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)


def write_dir(path: Path) -> int:
    path.mkdir(parents=True, exist_ok=True)
    items = inputs()
    for i, data in enumerate(items):
        (path / f"seed-{i:05d}").write_bytes(data)
    return len(items)


if __name__ == "__main__":
    kind, target = sys.argv[1], Path(sys.argv[2])
    n = write_lines(target) if kind == "lines" else write_dir(target)
    print(f"{n} seed inputs in {target}")
