"""Byte-level mutations of valid request lines (tests only)."""
from __future__ import annotations

import random
from typing import List, Sequence


def mutations(base: Sequence[str], count: int, seed: int, alphabet: str, max_edits: int) -> List[str]:
    """`count` lines, each a random base line with 1..max_edits characters replaced, inserted or deleted."""
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        s = list(rng.choice(base))
        for _ in range(rng.randint(1, max_edits)):
            i = rng.randrange(len(s) + 1)
            op = rng.random()
            if op < 0.4 and s:
                s[min(i, len(s) - 1)] = rng.choice(alphabet)
            elif op < 0.7:
                s.insert(i, rng.choice(alphabet))
            elif s:
                del s[min(i, len(s) - 1)]
        lines.append("".join(s))
    return lines
