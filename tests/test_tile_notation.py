"""The compact tile notation (contract.md) against a plain Python reading of it.

The core reads a tile text a group at a time with lookup tables (notation.hpp); this test
reads the same texts one character at a time, as the contract describes them, and requires
the same tiles in the same order for every good text and the same first fault for every bad
one. Random texts over the notation's own characters (digits, suit letters, spaces, one
stray letter) make most of the faults: digits with no suit letter (at the end or before a
space), a suit letter with no digits, 0z/8z/9z, an unknown character.
"""
from __future__ import annotations

import random

import pytest

import tenbou
from tenbou.errors import InvalidTileError


def reference(text: str):
    """(tiles, None) for a good text, (None, message) naming its first fault."""
    tiles, pending = [], []
    for i, c in enumerate(text):
        if c.isdigit():
            pending.append(i)
            continue
        if c == " ":
            if pending:
                return None, f'digits "{text[pending[0]:i]}" at position {pending[0] + 1} have no suit letter'
            continue
        if c not in "mpsz":
            return None, f"unknown character '{c}' at position {i + 1}"
        if not pending:
            return None, f"suit letter '{c}' at position {i + 1} has no digits before it"
        for pos in pending:
            d = int(text[pos])
            if c == "z" and not 1 <= d <= 7:
                return None, f"no honour tile {d}z at position {pos + 1}"
            tiles.append(f"{d}{c}")
        pending = []
    if pending:
        return None, f'digits "{text[pending[0]:]}" at position {pending[0] + 1} have no suit letter'
    return tiles, None


def core(text: str):
    try:
        return tenbou.tiles.to_list(text), None
    except InvalidTileError as e:
        return None, str(e)


def random_text(rng: random.Random) -> str:
    groups = []
    for _ in range(rng.randint(0, 6)):
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(0, 5)))
        groups.append(digits + rng.choice("mpsz" * 6 + " x"))
    text = rng.choice(["", " "]).join(groups)
    if rng.random() < 0.3:  # a tail of digits, a stray space
        text += rng.choice(["", "1", "45", " ", " 3"])
    return text


def test_random_texts_match_the_character_by_character_reading():
    rng = random.Random(20261203)
    good = bad = 0
    for _ in range(20_000):
        text = random_text(rng)
        want_tiles, want_error = reference(text)
        got_tiles, got_error = core(text)
        if want_error is None:
            good += 1
            assert got_error is None, (text, got_error)
            assert got_tiles == want_tiles, text
        else:
            bad += 1
            assert got_error is not None, (text, got_tiles)
            assert got_error.endswith(want_error) or want_error in got_error, (text, got_error, want_error)
    assert good > 2_000 and bad > 2_000  # both kinds well represented


@pytest.mark.parametrize("text, tiles", [
    ("5m", ["5m"]), ("0p", ["0p"]), ("7z", ["7z"]), ("1z", ["1z"]),
    ("123m 456p", ["1m", "2m", "3m", "4p", "5p", "6p"]), ("  1s  ", ["1s"]), ("", []),
])
def test_single_and_spaced_tiles(text, tiles):
    assert tenbou.tiles.to_list(text) == tiles


@pytest.mark.parametrize("win, message", [
    ("8z", "no honour tile 8z"), ("0z", "no honour tile 0z"), ("5x", "unknown character 'x'"),
    ("m5", "suit letter 'm' at position 1"), ("55", "have no suit letter"),
])
def test_two_character_winning_tiles_that_are_not_tiles(win, message):
    # A two-character win_tile is read by a shortcut; every fault still goes to the full reading.
    request = {"hand": "123m456p789s23455s", "win_tile": win, "tsumo": True}
    with pytest.raises(InvalidTileError, match=message):
        tenbou.score(request)
