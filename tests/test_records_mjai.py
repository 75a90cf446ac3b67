"""mjai records: the reader (libriichi's dialect, RiichiEnv's for three players), the writer and
the annotator, through the core's Replay (tenbou._core.replay_text / Replay).

The validity checks follow libriichi's event.rs (Equim-chan/Mortal libriichi/src/mjai/event.rs)
field by field; three-player files follow RiichiEnv's dialect (three-entry arrays, "kita").
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Dict, List

import pytest

from tenbou import _core
from tenbou.errors import RecordError

FIXTURES = Path(__file__).resolve().parent / "data" / "records" / "mjai"
FIXTURE_FILES = sorted(p.name for p in FIXTURES.glob("*.jsonl"))

# libriichi's tile.rs names, "?" (hidden) included.
TILES = {f"{n}{s}" for s in "mps" for n in range(1, 10)} | set("ESWNPFC") | {"5mr", "5pr", "5sr", "?"}


def replay(text: str, output: str = "mjai", source: str = "game.jsonl") -> str:
    return _core.replay_text(text, format="mjai", output=output, source=source)


def annotate(text: str, source: str = "game.jsonl") -> str:
    """--annotate through the streaming Replay (replay_text ends its output with a newline)."""
    r = _core.Replay(format="mjai", output="annotate", source=source)
    return r.feed(text) + r.finish()


def events(text: str) -> List[Dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def error_of(out: str) -> Dict:
    last = json.loads(out.splitlines()[-1])
    assert "error" in last, out[-500:]
    return last["error"]


# ---- libriichi's event.rs, field by field --------------------------------------------------

def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _u8(v) -> bool:
    return _int(v) and 0 <= v <= 255


def _i32(v) -> bool:
    return _int(v) and -(2 ** 31) <= v < 2 ** 31


def _tile(v) -> bool:
    return isinstance(v, str) and v in TILES


def _tiles(v, n: int) -> bool:
    return isinstance(v, list) and len(v) == n and all(_tile(t) for t in v)


def _fields(players: int) -> Dict:
    """event.rs's fields and their types (RiichiEnv's for three players), and what the writer
    may add beyond them."""
    def actor(v) -> bool:  # TryFromInto<Actor>: 0-3
        return _int(v) and 0 <= v < players

    def seats(v, ok) -> bool:
        return isinstance(v, list) and len(v) == players and all(ok(x) for x in v)

    fields = {
        "start_game": {"names": lambda v: seats(v, lambda x: isinstance(x, str))},
        "start_kyoku": {
            "bakaze": lambda v: v in ("E", "S", "W", "N"),
            "dora_marker": _tile,
            "kyoku": lambda v: _int(v) and 1 <= v <= 4,
            "honba": _u8, "kyotaku": _u8, "oya": actor,
            "scores": lambda v: seats(v, _i32),
            "tehais": lambda v: seats(v, lambda h: _tiles(h, 13)),
        },
        "tsumo": {"actor": actor, "pai": _tile},
        "dahai": {"actor": actor, "pai": _tile, "tsumogiri": lambda v: isinstance(v, bool)},
        "chi": {"actor": actor, "target": actor, "pai": _tile, "consumed": lambda v: _tiles(v, 2)},
        "pon": {"actor": actor, "target": actor, "pai": _tile, "consumed": lambda v: _tiles(v, 2)},
        "daiminkan": {"actor": actor, "target": actor, "pai": _tile, "consumed": lambda v: _tiles(v, 3)},
        "kakan": {"actor": actor, "pai": _tile, "consumed": lambda v: _tiles(v, 3)},
        "ankan": {"actor": actor, "consumed": lambda v: _tiles(v, 4)},
        "dora": {"dora_marker": _tile},
        "reach": {"actor": actor},
        "reach_accepted": {"actor": actor},
        "hora": {"actor": actor, "target": actor, "deltas": lambda v: seats(v, _i32),
                 "ura_markers": lambda v: isinstance(v, list) and all(_tile(t) for t in v)},
        "ryukyoku": {"deltas": lambda v: seats(v, _i32)},
        "end_kyoku": {}, "end_game": {},
    }
    # What the writer adds beyond event.rs: mjai-reviewer's aka_flag; RiichiEnv's 3p fields.
    extra = {"start_game": {"aka_flag"}}
    if players == 3:
        fields["kita"] = {"actor": actor, "pai": lambda v: v == "N"}
        extra.update({"hora": {"tsumo"}, "ryukyoku": {"reason"}})
    return {k: (want, set(want) | extra.get(k, set()) | {"type"}) for k, want in fields.items()}


FIELDS = {3: _fields(3), 4: _fields(4)}


def check_event(ev: Dict, players: int) -> None:
    """Raises AssertionError when `ev` is not an event libriichi (players == 4) or RiichiEnv's
    three-player reader (players == 3) accepts with these exact field types."""
    kind = ev["type"]
    assert kind in FIELDS[players], f"unknown type {kind}"
    want, allowed = FIELDS[players][kind]
    assert allowed.issuperset(ev), f"unexpected fields in {ev}"
    for key, ok in want.items():
        assert key in ev, f"{kind} without {key}: {ev}"
        assert ok(ev[key]), f"{kind} {key} has a wrong type or value: {ev}"
    if kind == "start_kyoku" and players == 3:
        assert ev["kyoku"] == ev["oya"] + 1  # RiichiEnv's three-player kyoku


def check_written(text: str) -> None:
    """Every check of the issue's bar 2 on a written mjai stream: the fields and types of
    event.rs, scores chaining by the deltas, no tile more than four times in a hand, and the
    event order mjai-reviewer writes."""
    evs = events(text)
    players = 4
    hand: List[Dict] = []
    prev_end = None  # the scores a hand ends with (start + deltas - riichi deposits)
    for ev in evs:
        if ev["type"] == "start_game":
            prev_end = None
            players = len(ev["names"])
        if ev["type"] == "start_kyoku":
            players = len(ev["scores"])
            if prev_end is not None:
                assert ev["scores"] == prev_end, (ev["scores"], prev_end)
            hand = []
        check_event(ev, players)
        hand.append(ev)
        if ev["type"] == "end_kyoku":
            prev_end = _check_hand(hand, players)
        if ev["type"] == "end_game":
            prev_end = None


def _check_hand(hand: List[Dict], players: int) -> List[int]:
    start = hand[0]
    scores = list(start["scores"])
    counts: Dict[str, int] = {}

    def seen(t: str) -> None:
        plain = t[:2]
        counts[plain] = counts.get(plain, 0) + 1
        assert counts[plain] <= 4, f"a fifth {plain} in the hand of {start}"
        if t.endswith("r"):
            counts[t] = counts.get(t, 0) + 1
            assert counts[t] <= 1, f"a second {t}"

    for h in start["tehais"]:
        for t in h:
            seen(t)
    seen(start["dora_marker"])
    types = [e["type"] for e in hand]
    ura_seen: List[str] = []
    for i, ev in enumerate(hand):
        k = ev["type"]
        if k in ("tsumo",):
            seen(ev["pai"])
        elif k == "dora":
            seen(ev["dora_marker"])
        elif k == "hora":
            for j, t in enumerate(ev.get("ura_markers") or []):
                if j >= len(ura_seen):
                    ura_seen.append(t)
                    seen(t)
        if k == "reach_accepted":
            scores[ev["actor"]] -= 1000
        if k in ("hora", "ryukyoku") and ev.get("deltas"):
            for s in range(players):
                scores[s] += ev["deltas"][s]
        # mjai-reviewer's order: a closed kan, its dora, then the replacement draw.
        if k == "ankan" and i + 1 < len(hand) and hand[i + 1]["type"] not in ("hora", "ryukyoku"):
            assert types[i + 1] == "dora" and types[i + 2] == "tsumo", types[i - 1:i + 4]
        # An open kan: the replacement draw right after it; its dora before the next discard.
        if k in ("daiminkan", "kakan") and types[i + 1] not in ("hora", "ryukyoku"):
            j = i + 1
            while types[j] == "dora":  # an earlier open kan's indicator (kakan after kakan)
                j += 1
            assert types[j] == "tsumo" and hand[j]["actor"] == ev["actor"], types[i:i + 4]
            nxt = j + 1
            if types[nxt] == "dora":
                continue
            # The hand ends on the replacement draw (rinshan), or another kan/kita comes first.
            assert types[nxt] in ("hora", "ryukyoku", "ankan", "kakan", "kita", "reach"), types[i:i + 5]
        # A riichi: reach, then its dahai; reach_accepted only if nobody rons that tile.
        if k == "reach":
            assert types[i + 1] == "dahai" or (types[i + 1] == "dora" and types[i + 2] == "dahai"), types[i:i + 3]
            d = i + 1 if types[i + 1] == "dahai" else i + 2
            accepted = any(e["type"] == "reach_accepted" and e["actor"] == ev["actor"] for e in hand[d:])
            ronned = types[d + 1] == "hora"
            assert accepted != ronned or types[d + 1] == "ryukyoku", types[i:i + 4]
    assert types[-1] == "end_kyoku"
    return scores


# ---- tile names --------------------------------------------------------------------------------

def minimal_game(tsumo: str = "1m") -> List[str]:
    """A whole game in six lines: the dealer draws and calls nine terminals."""
    tehais = [["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"],
              ["2m", "3m", "4m", "5m", "6m", "7m", "8m", "2p", "3p", "4p", "5p", "6p", "7p"],
              ["2m", "3m", "4m", "5m", "6m", "7m", "8m", "2p", "3p", "4p", "5p", "6p", "7p"],
              ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "8p", "8p", "2s", "3s", "4s", "5sr"]]
    return [
        json.dumps({"type": "start_game", "names": ["A", "B", "C", "D"]}, separators=(",", ":")),
        json.dumps({"type": "start_kyoku", "bakaze": "E", "dora_marker": "2m", "kyoku": 1, "honba": 0,
                    "kyotaku": 0, "oya": 0, "scores": [25000] * 4, "tehais": tehais}, separators=(",", ":")),
        json.dumps({"type": "tsumo", "actor": 0, "pai": tsumo}, separators=(",", ":")),
        '{"type":"ryukyoku","deltas":[0,0,0,0]}',
        '{"type":"end_kyoku"}',
        '{"type":"end_game"}',
    ]


def game_showing(name: str) -> List[str]:
    """The minimal game with `name` as the dora indicator and no other tile of its kind."""
    base = name[:2] if name.endswith("r") else name
    kinds = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC")
    left = {k: (3 if k[0] == "5" and len(k) == 2 else 4) for k in kinds}  # the red fives stay out
    left[base] = 0
    yao = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"]
    dealer = [t for t in yao if t != base][:12]  # still nine kinds of terminals and honours
    for t in dealer:
        left[t] -= 1
    rest = [k for k in kinds for _ in range(left[k])]
    tiles = dealer + rest[:41]
    lines = minimal_game(tsumo=tiles[52])
    kyoku = json.loads(lines[1])
    kyoku["dora_marker"] = name
    kyoku["tehais"] = [tiles[13 * i:13 * i + 13] for i in range(4)]
    lines[1] = json.dumps(kyoku)
    return lines


@pytest.mark.parametrize("name", sorted(TILES - {"?"}))
def test_every_tile_name_is_read_and_written_back(name: str) -> None:
    written = events(replay("\n".join(game_showing(name))))
    assert written[1]["dora_marker"] == name


@pytest.mark.parametrize("bad", ["0m", "1z", "5zr", "5mR", "5m r", "10m", "e", "", "white", "6mr"])
def test_a_tile_name_libriichi_does_not_know_is_refused(bad: str) -> None:
    lines = minimal_game()
    lines[2] = json.dumps({"type": "tsumo", "actor": 0, "pai": bad})
    err = error_of(replay("\n".join(lines)))
    assert err["event"] == 3 and err["tag"] == "tsumo" and err["attribute"] == "pai"
    assert "is not an mjai tile" in err["message"]


def test_a_hidden_tile_cannot_be_replayed() -> None:
    lines = minimal_game(tsumo="?")
    err = error_of(replay("\n".join(lines)))
    assert err["message"] == ('game.jsonl: line 3 tsumo pai: "?" (a hidden tile): the record must show '
                              "every tile to be replayed")


# ---- bad input: one error naming the line and what is wrong ------------------------------------

def _set(line: int, **fields):
    def edit(lines: List[str]) -> List[str]:
        ev = json.loads(lines[line - 1])
        for k, v in fields.items():
            if v is _DROP:
                del ev[k]
            else:
                ev[k] = v
        lines[line - 1] = json.dumps(ev)
        return lines
    return edit


_DROP = object()

BAD = [
    # (edit, line, tag, attribute, message ending)
    (_set(3, actor=4), 3, "tsumo", "actor", "must be a seat 0-3, not 4"),
    (_set(3, actor="0"), 3, "tsumo", "actor", "must be a seat 0-3, not a string"),
    (_set(3, actor=-1), 3, "tsumo", "actor", "must be a seat 0-3, not -1"),
    (_set(3, actor=None), 3, "tsumo", "actor", "must be a seat 0-3, not null"),
    (_set(3, pai=_DROP), 3, "tsumo", "pai", "missing"),
    (_set(3, pai=5), 3, "tsumo", "pai", "must be a tile name, not an integer"),
    (_set(2, kyoku=5), 2, "start_kyoku", "kyoku", "must be an integer 1-4, not 5"),
    (_set(2, kyoku=0), 2, "start_kyoku", "kyoku", "must be an integer 1-4, not 0"),
    (_set(2, honba=256), 2, "start_kyoku", "honba", "must be an integer 0-255, not 256"),
    (_set(2, honba=1.5), 2, "start_kyoku", "honba", "must be an integer 0-255, not a number with a fraction or exponent"),
    (_set(2, kyotaku=-1), 2, "start_kyoku", "kyotaku", "must be an integer 0-255, not -1"),
    (_set(2, honba=10 ** 30), 2, "start_kyoku", "honba", "must be an integer 0-255, not an integer too large"),
    (_set(2, oya=4), 2, "start_kyoku", "oya", "must be a seat 0-3, not 4"),
    (_set(2, bakaze="P"), 2, "start_kyoku", "bakaze", "must be a wind (E S W N), not P"),
    (_set(2, scores=[25000] * 5), 2, "start_kyoku", "scores", "must have 4 entries (3 in a three-player game), not 5"),
    (_set(2, scores=[25000.0] * 4), 2, "start_kyoku", "scores[0]", "must be a 32-bit integer, not a number with a fraction or exponent"),
    (_set(2, scores=[2 ** 31, 0, 0, 0]), 2, "start_kyoku", "scores[0]", "must be a 32-bit integer, not 2147483648"),
    (_set(2, scores="25000"), 2, "start_kyoku", "scores", "must be an array, not a string"),
    (_set(2, tehais=[["1m"] * 12] * 4), 2, "start_kyoku", "tehais[0]", "must have 13 entries, not 12"),
    (_set(2, tehais=[["8p"] * 13] * 4), 2, "start_kyoku", "tehais[0][4]", "a fifth 8p in the hand (four copies are already in play)"),
    (_set(2, dora_marker="5sr"), 2, "start_kyoku", "dora_marker", "a second 5sr in the hand"),
    (_set(4, deltas=[0, 0, 0]), 4, "ryukyoku", "deltas", "must have 4 entries, not 3"),
    (_set(4, type="bogus"), 4, "bogus", "type", '"bogus" is not an mjai event type'),
    (_set(4, type=7), 4, "", "type", "must be a string, not an integer"),
    (_set(1, aka_flag="yes"), 1, "start_game", "aka_flag", "must be true or false, not a string"),
    (_set(1, names=["A", "B"]), 1, "start_game", "names", "must have 4 entries (3 in a three-player game), not 2"),
    (_set(1, names=["A", "B", "C", 4]), 1, "start_game", "names[3]", "must be a string, not an integer"),
]


@pytest.mark.parametrize("edit,line,tag,attribute,message", BAD)
def test_bad_fields_name_the_line_and_the_field(edit, line, tag, attribute, message) -> None:
    text = "\n".join(edit(minimal_game())) + "\n"
    err = error_of(replay(text))
    assert err["event"] == line
    assert err["tag"] == tag
    assert err["attribute"] == attribute
    prefix = f"game.jsonl: line {line}" + (f" {tag}" if tag else "") + (f" {attribute}" if attribute else "")
    assert err["message"] == f"{prefix}: {message}"


def _lines(*replace):
    def edit(lines: List[str]) -> List[str]:
        for at, text in replace:
            if text is None:
                del lines[at - 1]
            else:
                lines[at - 1] = text
        return lines
    return edit


IMPOSSIBLE = [
    (_lines((4, '{"type":"dahai","actor":0,"pai":"2m","tsumogiri":false}')), 4, "2m is not in seat 0's hand"),
    (_lines((4, '{"type":"dahai","actor":0,"pai":"9m","tsumogiri":true}')), 4, "tsumogiri: true, but seat 0 drew 1m, not 9m"),
    (_lines((4, '{"type":"dahai","actor":0,"pai":"1m"}')), 4, "tsumogiri: missing"),
    (_lines((4, '{"type":"kita","actor":0,"pai":"N"}')), 4, "kita in a four-player game"),
    (_lines((4, '{"type":"reach_accepted","actor":0}')), 4, "seat 0 has no riichi declaration to accept"),
    (_lines((4, '{"type":"pon","actor":1,"target":0,"pai":"1m","consumed":["1m","1m"]}')), 4, "no discard to call"),
    (_lines((4, '{"type":"ankan","actor":0,"consumed":["1m","1m","1m","9m"]}')), 4, "not four tiles of one kind"),
    (_lines((4, '{"type":"end_kyoku"}')), 4, "end_kyoku before the hand's hora or ryukyoku"),
    (_lines((3, '{"type":"start_game"}')), 3, "start_game inside a hand (line 2 has no end_kyoku)"),
    (_lines((1, '{"type":"start_kyoku"}')), 1, "start_kyoku before start_game"),
    (_lines((4, '{"type":"hora","actor":1,"target":0,"deltas":[0,0,0]}')), 4, "must have 4 entries, not 3"),
    (_lines((4, '{"type":"hora","actor":1,"target":0,"ura_markers":"1m"}')), 4, "must be an array, not a string"),
    (_lines((4, "not json")), 4, "invalid JSON at character 1"),
    (_lines((4, '["ryukyoku"]')), 4, "an mjai event is a JSON object, not an array"),
    (_lines((4, '{"deltas":[0,0,0,0]}')), 4, "type: missing"),
    (_lines((4, '{"type":"ryukyoku","type":"ryukyoku"}')), 4, "duplicate"),
]


@pytest.mark.parametrize("edit,line,message", IMPOSSIBLE)
def test_impossible_events_name_their_line(edit, line, message) -> None:
    err = error_of(replay("\n".join(edit(minimal_game())) + "\n"))
    assert err["event"] == line, err
    assert err["message"].startswith(f"game.jsonl: line {line}"), err
    assert message in err["message"], err


def test_truncated_records_say_where() -> None:
    lines = minimal_game()
    err = error_of(replay("\n".join(lines[:3])))
    assert err["message"] == "game.jsonl: line 3: the record ends inside the hand of line 2 (no end_kyoku)"
    err = error_of(replay("\n".join(lines[:5]) + "\n"))
    assert err["message"] == "game.jsonl: line 5: the record ends without end_game"


def test_a_line_over_the_limit_is_refused_without_being_kept() -> None:
    huge = '{"type":"none","pad":"' + "x" * (1 << 20) + '"}'
    lines = minimal_game()
    lines.insert(3, huge)
    err = error_of(replay("\n".join(lines)))
    assert err["event"] == 4 and "longer than 1048576 bytes" in err["message"]


def test_the_error_keeps_the_output_before_it() -> None:
    lines = minimal_game()
    lines[3] = '{"type":"dahai","actor":0,"pai":"2m","tsumogiri":false}'
    with pytest.raises(RecordError) as info:
        r = _core.Replay(format="mjai", output="mjai", source="g.jsonl")
        out = r.feed("\n".join(lines))
        out += r.finish()
    assert info.value.event == 4 and info.value.tag == "dahai" and info.value.attribute == "pai"
    assert str(info.value) == "g.jsonl: line 4 dahai pai: 2m is not in seat 0's hand"


def test_fed_byte_by_byte_the_output_is_the_same() -> None:
    text = (FIXTURES / "mjsoul_3p_double_ron_on_kita.jsonl").read_text()
    whole = replay(text)
    r = _core.Replay(format="mjai", output="mjai", source="game.jsonl")
    pieces = [r.feed(text[i:i + 7]) for i in range(0, len(text), 7)]
    assert "".join(pieces) + r.finish() == whole


def test_crlf_lines_and_blank_lines_are_read() -> None:
    lines = minimal_game()
    assert replay("\r\n".join(lines) + "\r\n\r\n") == replay("\n".join(lines))
    assert replay("\n\n".join(lines)) == replay("\n".join(lines))


def test_unknown_fields_are_ignored_as_libriichi_does() -> None:
    lines = minimal_game()
    ev = json.loads(lines[2])
    ev["meta"] = {"q_values": [0.5]}
    lines[2] = json.dumps(ev)
    assert replay("\n".join(lines)) == replay("\n".join(minimal_game()))


def test_aka_flag_false_refuses_red_fives() -> None:
    lines = minimal_game()
    lines[0] = '{"type":"start_game","names":["A","B","C","D"],"aka_flag":false}'
    err = error_of(replay("\n".join(lines)))
    assert err["event"] == 2 and '"5sr" in a game without red fives' in err["message"]


# ---- the writer ------------------------------------------------------------------------------

LIBRIICHI_KEYS = {
    "start_game": ["names"], "start_kyoku": ["bakaze", "dora_marker", "kyoku", "honba", "kyotaku", "oya", "scores", "tehais"],
    "tsumo": ["actor", "pai"], "dahai": ["actor", "pai", "tsumogiri"], "chi": ["actor", "target", "pai", "consumed"],
    "pon": ["actor", "target", "pai", "consumed"], "daiminkan": ["actor", "target", "pai", "consumed"],
    "kakan": ["actor", "pai", "consumed"], "ankan": ["actor", "consumed"], "dora": ["dora_marker"],
    "reach": ["actor"], "reach_accepted": ["actor"], "hora": ["actor", "target", "deltas", "ura_markers"],
    "ryukyoku": ["deltas"], "end_kyoku": [], "end_game": [], "kita": ["actor"],
}
TILE_ORDER = {t: i for i, t in enumerate(
    [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC"))}


def normalized(ev: Dict) -> Dict:
    """An event as far as mjai says anything: libriichi's fields, hands as sets."""
    out = {"type": ev["type"]}
    for k in LIBRIICHI_KEYS[ev["type"]]:
        if k in ev:
            out[k] = ev[k]
    if ev["type"] == "start_kyoku":
        out["tehais"] = [sorted(h, key=lambda t: (TILE_ORDER[t[:2]], t)) for h in ev["tehais"]]
    if ev["type"] in ("chi", "pon", "daiminkan", "kakan", "ankan"):
        out["consumed"] = sorted(ev["consumed"])
    return out


@pytest.mark.parametrize("name", FIXTURE_FILES)
def test_fixtures_are_written_back_event_for_event(name: str) -> None:
    text = (FIXTURES / name).read_text()
    written = replay(text, source=name)
    assert [normalized(e) for e in events(written)] == [normalized(e) for e in events(text)]
    # ... and what is written reads back to the same text.
    assert replay(written) == written


@pytest.mark.parametrize("name", FIXTURE_FILES)
def test_written_fixtures_are_valid_mjai(name: str) -> None:
    check_written(replay((FIXTURES / name).read_text(), source=name))


def test_the_checks_of_written_mjai_can_fail() -> None:
    good = replay((FIXTURES / "mortal_arena_4p.jsonl").read_text())
    check_written(good)
    broken = good.replace('"tsumogiri":false', '"tsumogiri":0', 1)
    with pytest.raises(AssertionError):
        check_written(broken)
    evs = events(good)
    first_hora = next(i for i, e in enumerate(evs) if e["type"] == "hora")
    evs[first_hora]["deltas"][0] += 100  # the next hand's scores no longer chain
    with pytest.raises(AssertionError):
        check_written("\n".join(json.dumps(e) for e in evs))


@pytest.mark.parametrize("name", FIXTURE_FILES)
def test_fixtures_check_clean(name: str) -> None:
    # mjai states no tenpai at a draw, no winning tile, no liable seat: the reader derives them
    # (the arena game's exhaustive draws pay 1,000/1,500/3,000 by who was ready).
    out = replay((FIXTURES / name).read_text(), output="check", source=name)
    summary = json.loads(out.splitlines()[-1])
    assert summary["hands"] > 0 and summary["agree"] == summary["hands"], out
    assert summary["wins_agree"] == summary["wins"]
    assert len(out.splitlines()) == 1  # no hand differs


def test_the_liable_seat_comes_from_the_deltas() -> None:
    # mjai names no pao seat: converted from the hand-made pao mjlog (daisangen + tsuuiisou by
    # tsumo, seat 2 liable), the hora's deltas say who pays, and the replay settles it so.
    mjlog = (FIXTURES.parent / "pao-daisangen-tsuuiisou.mjlog").read_bytes()
    converted = _core.replay_text(mjlog, format="mjlog", output="mjai", source="pao.mjlog")
    hora = next(e for e in events(converted) if e["type"] == "hora")
    assert hora["deltas"] == [64900, 0, -64900, 0]
    (hand,) = [json.loads(x) for x in replay(converted, output="hand_ends", source="pao.jsonl").splitlines()]
    assert [(w["winner"], w["pao"]) for w in hand["wins"]] == [(0, 2)]
    assert hand["deltas"] == [64900, 0, -64900, 0] and hand["agree"]


def test_three_player_output_is_riichienv_dialect() -> None:
    written = events(replay((FIXTURES / "mjsoul_3p_double_ron_on_kita.jsonl").read_text()))
    assert written[0] == {"type": "start_game", "names": ["A", "B", "C"], "aka_flag": True}
    assert len(written[1]["scores"]) == 3 and len(written[1]["tehais"]) == 3
    kitas = [e for e in written if e["type"] == "kita"]
    assert kitas == [{"type": "kita", "actor": 2, "pai": "N"}] * 2
    horas = [e for e in written if e["type"] == "hora"]
    assert [h["deltas"] for h in horas] == [[12000, 0, -12000], [0, 16000, -16000]]


# ---- the annotator -----------------------------------------------------------------------------

ANNOTATION = ("fan", "yakuman", "fu", "yakus", "limit", "hora_points")


def _assert_only_hora_lines_changed(before: str, after: str) -> None:
    a, b = before.split("\n"), after.split("\n")
    assert len(a) == len(b)
    for x, y in zip(a, b):
        if json.loads(x or "{}").get("type") != "hora":
            assert x == y


@pytest.mark.parametrize("name", FIXTURE_FILES)
def test_annotate_changes_hora_lines_only(name: str) -> None:
    text = (FIXTURES / name).read_text()
    out = annotate(text, source=name)
    _assert_only_hora_lines_changed(text, out)
    for before, after in zip(text.split("\n"), out.split("\n")):
        if '"type":"hora"' not in before:
            continue
        a, b = json.loads(before), json.loads(after)
        # Every member the line had stays, with its value, in its place; ours come after.
        kept = [k for k in a if k not in ANNOTATION]
        assert list(b)[:len(kept)] == kept and all(a[k] == b[k] for k in kept)
        assert [k for k in b if k in ANNOTATION] == [k for k in ANNOTATION if k in b]
        assert b["fan"] >= 1 or b.get("yakuman", 0) >= 1
    # Annotating an annotated record changes nothing.
    assert annotate(out, source=name) == out


def test_annotate_gives_the_score_tenhou_recorded() -> None:
    # The hand's hora carries Tenhou's own result (fan 4, fu 30, 7,700): ours replaces it with
    # the same numbers and tenbou's yaku keys.
    text = (FIXTURES / "tenhou_4p_ranked_hand.jsonl").read_text()
    hora = next(json.loads(x) for x in annotate(text).splitlines() if '"hora"' in x)
    assert (hora["fan"], hora["fu"], hora["hora_points"], hora["limit"]) == (4, 30, 7700, None)
    assert hora["yakus"] == [["hatsu", 1], ["honitsu", 2], ["aka_dora", 1]]
    assert hora["pai"] == "9p" and hora["deltas"] == [0, 0, -7700, 7700]


def test_annotate_keeps_line_ends_and_spacing() -> None:
    lines = (FIXTURES / "mjsoul_3p_double_ron_on_kita.jsonl").read_text().splitlines()
    spaced = [json.dumps(json.loads(x)) for x in lines]  # ", " and ": " between members
    text = "\r\n".join(spaced)  # CRLF, no newline at the end
    out = annotate(text)
    assert out.count("\r\n") == text.count("\r\n") and not out.endswith("\n")
    for x, y in zip(text.split("\r\n"), out.split("\r\n")):
        if not x.startswith('{"type": "hora"'):
            assert x == y
            continue
        # RiichiEnv's own hora_points is replaced (the member and its comma go), not repeated.
        kept = re.sub(r', "hora_points": \d+', "", x)
        assert kept != x and y.startswith(kept[:-1] + ",")
    horas = [json.loads(y) for y in out.split("\r\n") if '"hora"' in y]
    # RiichiEnv's own hora_points is replaced, not repeated; its "han"/"yaku" stay.
    assert [(h["fan"], h["hora_points"], h["han"]) for h in horas] == [(5, 12000, 5), (8, 16000, 8)]


def test_annotate_refuses_other_formats_and_names_bad_lines() -> None:
    lines = minimal_game()
    lines[3] = '{"type":"dahai","actor":0,"pai":"2m","tsumogiri":false}'
    err = error_of(replay("\n".join(lines), output="annotate"))
    assert err["message"] == "game.jsonl: line 4 dahai pai: 2m is not in seat 0's hand"


# ---- the 999 real games: mjlog -> mjai -> replay ----------------------------------------------

def _without_places(line: str) -> Dict:
    d = json.loads(line)
    d.pop("game", None)
    d.pop("event", None)
    if d.get("outcome") == "abortive":
        d.pop("tenpai", None)  # the hands an mjlog shows at an abortive draw (mjai shows none)
    for w in d.get("wins", []):
        w.pop("event", None)
        w.pop("recorded", None)
    return d


def _tenhou_games() -> List[Path]:
    from conftest import shared_dir
    return sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))


def test_999_games_converted_to_mjai_replay_to_the_mjlog_results() -> None:
    games = _tenhou_games()
    assert len(games) == 999
    hands = wins = robbed_riichi = kans = 0
    for path in games:
        data = path.read_bytes()
        ours = _core.replay_text(data, format="mjlog", output="mjai", source=path.name)
        check_written(ours)
        # The same hands, wins, requests, results and deltas from the mjai as from the mjlog.
        from_mjlog = [_without_places(x) for x in _core.replay_text(data, format="mjlog", source=path.name).splitlines()]
        from_mjai = [_without_places(x) for x in replay(ours, output="hand_ends", source=path.name).splitlines()]
        assert from_mjai == from_mjlog, path.name
        assert all(h["agree"] for h in from_mjai), path.name
        # Round trip: the mjai written from the mjai is the same text.
        assert replay(ours, source=path.name) == ours, path.name
        hands += len(from_mjai)
        wins += sum(len(h.get("wins", [])) for h in from_mjai)
        evs = events(ours)
        kans += sum(e["type"] in ("ankan", "kakan", "daiminkan") for e in evs)
        robbed_riichi += sum(evs[i]["type"] == "reach" and evs[i + 2]["type"] == "hora" for i in range(len(evs) - 2))
    assert (hands, wins) == (9519, 8009)
    assert kans > 100 and robbed_riichi > 10  # the order checks met those cases


def test_annotate_on_the_999_converted_games_gives_what_tenhou_recorded() -> None:
    def norm(yaku: Dict[str, int]) -> Dict[str, int]:
        out: Dict[str, int] = {}
        for k, h in yaku.items():
            if h:  # Tenhou lists a riichi winner's ura dora even at 0
                k = "dora" if k == "kita" else k  # Tenhou counts a set-aside North as dora
                out[k] = out.get(k, 0) + h
        return out

    n = 0
    for path in _tenhou_games():
        data = path.read_bytes()
        recorded = [w["recorded"] for x in _core.replay_text(data, format="mjlog", source=path.name).splitlines()
                    for w in json.loads(x).get("wins", [])]
        converted = _core.replay_text(data, format="mjlog", output="mjai", source=path.name)
        annotated = annotate(converted, source=path.name)
        _assert_only_hora_lines_changed(converted, annotated)
        horas = [json.loads(x) for x in annotated.splitlines() if '"hora"' in x]
        assert len(horas) == len(recorded)
        for h, r in zip(horas, recorded):
            # Tenhou's limit 5 is a yakuman or a counted one (kazoe): tenbou tells them apart.
            limit = "kazoe_yakuman" if r["limit"] == "yakuman" and not r["yakuman"] else r["limit"]
            assert (h["fan"], h.get("yakuman", 0), h["fu"], h["hora_points"], h["limit"], norm(dict(h["yakus"]))) == \
                (0 if r["yakuman"] else r["han"], r["yakuman"], r["fu"], r["points"], limit, norm(r["yaku"])), path.name
            n += 1
    assert n == 8009


def test_mutated_records_give_a_record_error_never_a_crash() -> None:
    # Lines dropped, repeated, swapped, or a value changed: each run ends with the output or one
    # bad_record error naming a line, never an internal error.
    import random
    rng = random.Random(24)
    base = (FIXTURES / "mjsoul_3p_double_ron_on_kita.jsonl").read_text().splitlines() + \
        (FIXTURES / "tenhou_4p_ranked_hand.jsonl").read_text().splitlines()
    values = [0, 1, 3, 4, -1, 255, 256, 2 ** 31, None, True, "N", "5mr", "?", [], {}, 1.5, "x"]
    errors = 0
    for _ in range(1500):
        lines = list(base)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(lines))
            op = rng.randrange(4)
            if op == 0:
                del lines[i]
            elif op == 1:
                lines.insert(i, lines[rng.randrange(len(lines))])
            elif op == 2:
                j = rng.randrange(len(lines))
                lines[i], lines[j] = lines[j], lines[i]
            else:
                ev = json.loads(lines[i])
                key = rng.choice(sorted(ev))
                ev[key] = rng.choice(values)
                lines[i] = json.dumps(ev)
        for output in ("check", "annotate"):
            out = replay("\n".join(lines), output=output)
            last = json.loads(out.splitlines()[-1])
            if "error" in last:
                assert last["error"]["code"] == "bad_record", last
                errors += 1
    assert errors > 1000  # most mutations break the record


def test_compact_and_spaced_lines_read_alike() -> None:
    # Compact draws and discards are read without a JSON tree; spaced ones by the JSON parser.
    for name in FIXTURE_FILES:
        text = (FIXTURES / name).read_text()
        spaced = "\n".join(json.dumps(json.loads(x)) for x in text.splitlines())
        assert replay(spaced, source=name) == replay(text, source=name)
        assert replay(spaced, output="check", source=name) == replay(text, output="check", source=name)
    for bad in ('{"type":"dahai","actor":0,"pai":"2m","tsumogiri":false}',
                '{"type":"dahai","actor":0,"pai":"9m","tsumogiri":true}',
                '{"type":"tsumo","actor":1,"pai":"5sr"}'):
        lines = minimal_game()
        lines[3] = bad
        compact = error_of(replay("\n".join(lines)))
        lines[3] = json.dumps(json.loads(bad))
        assert error_of(replay("\n".join(lines))) == compact
