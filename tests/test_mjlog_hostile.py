"""Hostile Tenhou logs (issue 28, the mjlog items): the reader fails fast with one short line
naming the file, the event and the attribute; reads events as a stream (memory flat in the
log's size); settles each hand end from its own event; keeps reading the other files of a
run. Ends with structured random mutations of real logs: only MjlogError comes out."""
from __future__ import annotations

import collections
import gzip
import json
import random
import re
import signal
import sys
import tracemalloc
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

import pytest

import tenbou
from tenbou import _core, mjlog
from tenbou.mjlog import MjlogError

from conftest import shared_dir


def ids(text: str) -> str:
    """Tile ids of compact notation, each copy once (copies 1-3: never a red five)."""
    used: Dict[int, int] = collections.Counter()
    out = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", text):
        for d in digits:
            kind = int(d) - 1 + 9 * "mpsz".index(suit)
            used[kind] += 1
            out.append(str(kind * 4 + used[kind]))
    return ",".join(out)


HEAD = '<mjloggm ver="2.3"><GO type="169" lobby="0"/><INIT seed="0,0,0,1,2,3" ten="250,250,250,250" oya="0"/>'
# The dealer rons a closed tanyao hand on 5s from seat 1.
HAI = ids("234m456m678p234s55s")
WIN_ATTRS = {"ba": "0,0", "hai": HAI, "machi": HAI.split(",")[-1], "ten": "40,2000,0", "yaku": "8,1", "doraHai": "3",
             "who": "0", "fromWho": "1", "sc": "250,20,250,-20,250,0,250,0"}
DRAW = '<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0"/>'


def tag(name: str, attrs: Dict[str, str]) -> str:
    return "<" + name + "".join(f' {k}="{v}"' for k, v in attrs.items()) + "/>"


def win(**changes: str) -> str:
    return tag("AGARI", {**WIN_ATTRS, **changes})


def log(*events: str) -> str:
    return HEAD + "".join(events) + "</mjloggm>"


def read_all(text: str) -> List[mjlog.TenhouHandEnd]:
    return list(mjlog.hand_ends_from_text(text, "game.mjlog"))


def error_of(text: str) -> MjlogError:
    with pytest.raises(MjlogError) as e:
        read_all(text)
    return e.value


def test_the_crafted_log_reads_and_settles():
    ends = read_all(log(win(), DRAW))
    assert [e.kind for e in ends] == ["win", "draw"]
    result = tenbou.settle(ends[0].settlement)
    assert result["ok"], result
    assert [w.request["hand"] for w in mjlog.wins_from_text(log(win()))] == ["234456m678p23455s"]


# --- item 3: long digit runs fail fast, with a short message -------------------------------------

@pytest.mark.parametrize("digits", [60_000, 200_000, 1_600_000])
def test_long_digit_runs_fail_fast_with_a_short_message(digits, tmp_path, run_cli, capsys):
    path = tmp_path / "game.mjlog"
    path.write_text(log(win(who="1" * digits)))
    for extra in ([], ["--settle", "--check"]):
        code, out = run_cli(["mjlog", str(path), *extra])
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1 and len(err) < 300, err[:300]
        assert "game.mjlog" in err and ("<AGARI> who:" in err or "without a tag's end" in err), err
    assert "who: 60000 characters (at most 256)" in str(error_of(log(win(who="1" * 60_000))))


def test_numbers_are_checked_before_int():
    # int() of a long digit run takes time quadratic in its length: the reader never calls it
    # on more than MAX_DIGITS digits, whatever sys.set_int_max_str_digits says.
    assert "a number of more than 9 digits" in str(error_of(log(win(who="0" * 10))))
    assert "a number of more than 9 digits" in str(error_of(log(win(yaku="1,1," + "9" * 200))))
    big = "4" * 250
    e = error_of(log(win(ten=big)))
    assert str(e) == "game.mjlog: event 2 <AGARI> ten: a number of more than 9 digits"


def test_echoes_are_capped_at_200_bytes():
    e = error_of(log(DRAW.replace("<RYUUKYOKU ", '<RYUUKYOKU type="' + "x" * 50_000 + '" ')))
    assert "x" * 200 + "... (49800 more bytes)" in str(e) and len(str(e)) < 400
    e = error_of(log("<T" + "7" * 50_000 + "/>"))
    assert len(str(e)) < 400 and "more bytes" in str(e) and str(e).endswith(": a tile id of more than 3 digits")
    e = error_of(log(win(who="z" * 199 + "é" * 10)))  # byte 200 is inside the first é: the cut goes before it
    assert "'" + "z" * 199 + "... (20 more bytes)' is not a number" in str(e)


# --- item 4: memory flat in the log's size -------------------------------------------------------

@pytest.mark.parametrize("event", ['<REACH who="0" step="1"/>', "<T0/>"])
@pytest.mark.parametrize("compressed", [False, True])
def test_memory_is_flat_in_the_logs_size(event, compressed, tmp_path):
    body = (HEAD + event * ((512 << 10) // len(event)) + DRAW + "</mjloggm>").encode()
    path = tmp_path / "big.mjlog"
    path.write_bytes(gzip.compress(body) if compressed else body)
    tracemalloc.start()
    try:
        ends = sum(1 for _ in mjlog.hand_ends_from_file(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # A tree of the log's events would take ~20 times its size; the stream holds ~32 KiB pieces.
    assert ends == 1 and peak < len(body) // 2, (peak, len(body))


# --- item 5: one clean message per bad attribute; strict numbers ---------------------------------

@pytest.mark.parametrize("text, message", [
    (log('<RYUUKYOKU ba="1" sc="250,0,250,0,250,0,250,0"/>'), "event 2 <RYUUKYOKU> ba: 1 number (2 expected)"),
    (log('<RYUUKYOKU ba="" sc="250,0,250,0,250,0,250,0"/>'), "event 2 <RYUUKYOKU> ba: empty"),
    (log(win(yaku="99,1")), "event 2 <AGARI> yaku: unknown Tenhou yaku id 99 (0-54)"),
    (log(win(yaku="1,1,7")), "event 2 <AGARI> yaku: 3 numbers: not (id, han) pairs"),
    (log(win(yakuman="77")), "event 2 <AGARI> yakuman: unknown Tenhou yaku id 77 (0-54)"),
    (log(win(doraHai="999")), "event 2 <AGARI> doraHai: tile id 999 is out of range (0-135)"),
    (log(win(doraHaiUra="1,2,3,4,5,6")), "event 2 <AGARI> doraHaiUra: 6 numbers (0-5 expected)"),
    (log(win(who="")), "event 2 <AGARI> who: empty"),
    (log(win(who="0_0")), "event 2 <AGARI> who: '0_0' is not a number"),
    (log(win(who=" 0")), "event 2 <AGARI> who: ' 0' is not a number"),
    (log(win(who="+0")), "event 2 <AGARI> who: '+0' is not a number"),
    (log(win(who="\u0660")), "event 2 <AGARI> who: '\u0660' is not a number"),
    (log(win(who="4")), "event 2 <AGARI> who: 4 is out of range (0-3)"),
    (log(win(ten="30,1000")), "event 2 <AGARI> ten: 2 numbers (3 expected)"),
    (log(win(ten="30,1000,9")), "event 2 <AGARI> ten: limit code 9 is unknown (0-5)"),
    (log(win(sc="1,2,3")), "event 2 <AGARI> sc: 3 numbers (8 expected)"),
    (log(win(hai="1,,2")), "event 2 <AGARI> hai: an empty item in a list of numbers"),
    (log(win(machi="1,2")), "event 2 <AGARI> machi: 2 numbers (1 expected)"),
    (log(win(m="65535")), "event 2 <AGARI> m: meld code 65535: a chi of honours"),
    (log(win(m="31008")), "event 2 <AGARI> m: meld code 31008 is a kita (a North set aside), which only three-player games have"),
    (log('<REACH who="0" who="1" step="1"/>'), "event 2 <REACH> who: given twice"),
    (log('<REACH who="0" step="3"/>'), "event 2 <REACH> step: 3 is out of range (1-2)"),
    (log("<T136/>"), "event 2 <T136>: tile id 136 is out of range (0-135)"),
    (log("<W5/>").replace('type="169"', 'type="185"'), "event 2 <W5>: player 3 is out of range (0-2)"),
    (log(DRAW.replace("<RYUUKYOKU ", '<RYUUKYOKU type="zz" ')), "event 2 <RYUUKYOKU> type: unknown draw type 'zz'"),
    (HEAD.replace('seed="0,0,0,1,2,3"', 'seed="0,0,0,1,2"') + "</mjloggm>", "event 1 <INIT> seed: 5 numbers (6 expected)"),
    (HEAD.replace('oya="0"', "") + "</mjloggm>", "event 1 <INIT> oya: missing"),
    (log(win(), win(who="2"), win(who="3"), win(who="1", fromWho="0")), "event 5 <AGARI>: win 4 on one discard (at most 3 with 4 players)"),
    (HEAD, f"not a Tenhou log: character {len(HEAD)}: the log ends before </mjloggm>"),
    (log(win())[:len(HEAD) + 50], f"not a Tenhou log: character {len(HEAD)}: the log ends inside a tag"),
    (log("<!-- a comment -->"), f"not a Tenhou log: character {len(HEAD)}: '<!-- a comment --></mjloggm>' is not an event tag"),
    (log('<REACH who="0" step="1"><T0/></REACH>'), "is not an event tag"),
    (log() + "<x/>", f"not a Tenhou log: character {len(HEAD) + 10}: text after </mjloggm>"),
    ("<mjlog/>", "not a Tenhou log: character 0: no <mjloggm> tag at the start"),
])
def test_each_bad_attribute_is_one_clean_message(text, message):
    e = error_of(text)
    assert str(e).startswith("game.mjlog: ") and message in str(e), str(e)
    assert "\n" not in str(e)
    for internal in ("invalid literal for int", "index out of range", "unpack", "KeyError", "NoneType", "int()"):
        assert internal not in str(e)
    where = re.search(r": event (\d+) <(\w+)>", str(e))
    if where:
        assert (e.event, e.tag) == (int(where[1]), where[2])
    else:  # a tag that cannot be read is named when it starts like one
        assert e.attribute is None and (e.tag is None or "<" + e.tag in str(e) or "ends inside a tag" in str(e))


def test_the_xml_declaration_bom_and_whitespace_are_mjlog():
    text = '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n' + HEAD.replace("><", ">\n  <") + "\n " + win() + "\n" + DRAW + "\n</mjloggm>\n"
    assert [e.kind for e in read_all(text)] == ["win", "draw"]
    assert [e.kind for e in read_all(log(win().replace('" ', "'  ").replace('="', "='").replace('"/>', "'/>")))] == ["win"]


def test_a_bad_event_names_its_index_tag_and_attribute():
    e = error_of(log('<REACH who="0" step="1"/>', "<T5/>", win(who="x")))
    assert (e.event, e.tag, e.attribute) == (4, "AGARI", "who")
    assert str(e) == "game.mjlog: event 4 <AGARI> who: 'x' is not a number"


# --- gzip: multi-member read as gzip reads it; trailing garbage refused --------------------------

def test_gzip_members_and_trailing_bytes(tmp_path):
    text = log(win(), DRAW).encode()
    path = tmp_path / "game.mjlog"
    want = [(e.kind, e.recorded) for e in read_all(text.decode())]

    def ends(data: bytes) -> List[Any]:
        path.write_bytes(data)
        return [(e.kind, e.recorded) for e in mjlog.hand_ends_from_file(path)]

    assert ends(gzip.compress(text)) == want
    assert ends(gzip.compress(text[:100]) + gzip.compress(text[100:])) == want  # two members, as `cat a.gz b.gz`
    assert ends(b"".join(gzip.compress(text[i:i + 7]) for i in range(0, len(text), 7))) == want
    assert ends(gzip.compress(text) + b"\0" * 1000) == want  # zero padding, as gzip skips it
    for bad, message in ((gzip.compress(text) + b"garbage", "bytes after the gzip stream"),
                         (gzip.compress(text) + b"\x1f", "bytes after the gzip stream"),
                         (gzip.compress(text)[:-3], "the stream ends early"),
                         (gzip.compress(text)[:40], "the stream ends early")):
        with pytest.raises(MjlogError, match=message):
            ends(bad)
    # A broken gzip file gives its error before any of its events.
    path.write_bytes(gzip.compress(text) + b"garbage")
    with pytest.raises(MjlogError):
        next(mjlog.hand_ends_from_file(path))


def test_not_utf8_names_the_byte(tmp_path):
    path = tmp_path / "game.mjlog"
    path.write_bytes(log(win()).encode()[:100] + b"\xff" + log(win()).encode()[100:])
    with pytest.raises(MjlogError, match=r"not UTF-8 text \(byte 101\)"):
        list(mjlog.wins_from_file(path))


# --- the command: bad files reported, the others read; what was read is printed ------------------

def test_one_bad_file_does_not_stop_the_run(tmp_path, run_cli, capsys):
    good = tmp_path / "good.mjlog"
    good.write_text(log(win(), DRAW))
    bad = tmp_path / "bad.mjlog"
    bad.write_text(log(win(), '<REACH who="9" step="1"/>', DRAW))
    code, out = run_cli(["mjlog", str(good), str(bad), str(tmp_path / "missing.mjlog"), str(good)])
    err = capsys.readouterr().err.splitlines()
    assert code == 2
    # good: a win and a draw; bad: the win read before its error; good again (hand-end lines).
    lines = [json.loads(x) for x in out.splitlines()]
    assert [(x["game"], x["outcome"]) for x in lines] == [("good.mjlog", "win"), ("good.mjlog", "draw"), ("bad.mjlog", "win"),
                                                          ("good.mjlog", "win"), ("good.mjlog", "draw")]
    assert all(w["request"]["hand"] == "234456m678p23455s" for x in lines for w in x.get("wins", []))
    assert err == ["tenbou: bad.mjlog: event 3 <REACH> who: 9 is out of range (0-3)",
                   f"tenbou: {tmp_path / 'missing.mjlog'}: cannot read: No such file or directory"]
    code, out = run_cli(["mjlog", str(good), str(bad), str(good), "--settle"])
    assert len(capsys.readouterr().err.splitlines()) == 1
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 2 and [x["outcome"] for x in lines] == ["win", "draw", "win", "win", "draw"]
    code, out = run_cli(["mjlog", str(bad), str(good), "--check"])
    assert code == 2 and json.loads(out.splitlines()[-1])["text"].endswith("(1 of 2 records could not be read)")
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_a_real_game_cut_by_a_bad_event_prints_what_came_before(tmp_path, run_cli, capsys):
    real = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*-00a9-*.mjlog"))[0]
    text = real.read_text()
    cut = [m.start() for m in re.finditer("<AGARI ", text)][2]  # before the third win
    path = tmp_path / real.name
    path.write_text(text[:cut] + '<N who="0" m="-1"/>' + text[cut:])  # read as -1: a number out of range
    code, out = run_cli(["mjlog", str(path)])
    assert code == 2 and len(out.splitlines()) == 2
    assert re.fullmatch(rf"tenbou: {real.name}: event \d+ <N> m: -1 is out of range \(0-65535\)\n", capsys.readouterr().err)
    whole = [json.loads(x) for x in run_cli(["mjlog", str(real)])[1].splitlines()]
    assert [json.loads(x) for x in out.splitlines()] == whole[:2]


# --- item 11: each hand end is settled from its own event ----------------------------------------

def test_a_draw_after_a_win_of_the_same_hand_settles_as_a_draw(tmp_path, run_cli):
    path = tmp_path / "game.mjlog"
    path.write_text(log(win(), DRAW))
    code, out = run_cli(["mjlog", str(path), "--settle"])
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and [(x["hand"], x["outcome"]) for x in lines] == [(0, "win"), (0, "draw")]
    assert lines[0]["deltas"] != [0, 0, 0, 0] and lines[1]["deltas"] == [0, 0, 0, 0]  # nobody tenpai
    ends = read_all(log(win(), DRAW, win(who="2")))
    assert len({id(e.settlement) for e in ends}) == 3
    code, out = run_cli(["mjlog", str(path), "--settle", "--check"])
    assert code == 1 and json.loads(out.splitlines()[-1])["text"] == "1 of 2 hands agree"  # the crafted win's sc is not Tenhou's


def test_wins_on_one_discard_share_one_settlement():
    ends = read_all(log(win(), win(who="2", sc="250,0,250,-40,250,40,250,0"), DRAW))
    assert [e.winner for e in ends] == [0, 2, None]
    assert ends[0].settlement is ends[1].settlement and len(ends[0].settlement["wins"]) == 2
    assert ends[2].settlement is not ends[0].settlement
    # A draw event between them makes them two discards' wins.
    ends = read_all(log(win(), "<T5/>", win(who="2", fromWho="2")))
    assert ends[0].settlement is not ends[1].settlement


# --- structured random mutations of real logs ----------------------------------------------------

NUMBERS = ["", "-1", "-99999", "x", "0_0", " 1", "+1", "1,", ",", "1,,2", "\u0663", "99", "135", "136", "65535",
           "65536", "999999999", "1" * 10, "9" * 1000, "9" * 70_000, "4294967296", "&amp;", "0x10", "1e3", "1.5", "-0"]
MESSAGE = re.compile(r"[^\n]{1,700}")


def seed_logs() -> List[str]:
    """Twelve real games (four- and three-player), each cut after its second hand end."""
    files = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    out = []
    for f in files[:6] + files[-6:]:
        text = re.sub(r"<SHUFFLE[^>]*/>", "", f.read_text())
        ends = [m.end() for m in re.finditer(r"<(AGARI|RYUUKYOKU) [^>]*/>", text)]
        out.append(text[:ends[1]] + "</mjloggm>")
    return out


def mutate(rng: random.Random, text: str) -> bytes:
    events = re.findall(r"<[^>]*>", text)
    kind = rng.randrange(9)
    if kind == 0:  # truncation
        return text.encode()[:rng.randrange(len(text))]
    if kind in (1, 2, 3):  # one attribute's value replaced
        for _ in range(20):
            i = rng.randrange(len(events))
            attrs = re.findall(r' (\w+)="([^"]*)"', events[i])
            if attrs:
                key, value = rng.choice(attrs)
                new = rng.choice(NUMBERS) if kind != 3 else ",".join(rng.choice(["1", "-5", "300", "0"]) for _ in range(rng.randrange(1, 40)))
                events[i] = events[i].replace(f' {key}="{value}"', f' {key}="{new}"', 1)
                break
    elif kind == 4:  # an event dropped
        del events[rng.randrange(1, len(events))]
    elif kind == 5:  # an event duplicated
        i = rng.randrange(1, len(events) - 1)
        events[i:i] = [events[i]] * rng.choice([1, 2, 5])
    elif kind == 6:  # two events swapped
        i, j = rng.randrange(1, len(events) - 1), rng.randrange(1, len(events) - 1)
        events[i], events[j] = events[j], events[i]
    elif kind == 7:  # a tag's name changed
        i = rng.randrange(1, len(events) - 1)
        name = rng.choice(["T136", "W3", "D" + "9" * 30, "AGARI", "RYUUKYOKU", "INIT", "N", "REACH", "GO", "mjloggm"])
        events[i] = re.sub(r"^<\w+", "<" + name, events[i])
    else:  # bytes inserted
        data = "".join(events).encode()
        at = rng.randrange(len(data))
        return data[:at] + rng.choice([b"<", b">", b'"', b"\xff", b"\xe3\x81", b"/>", b"\0", b" x=\"1\""]) + data[at:]
    return "".join(events).encode()


def container(rng: random.Random, data: bytes) -> bytes:
    """The log's bytes as a file holds them: plain, or gzip (whole, truncated, flipped, padded)."""
    kind = rng.randrange(10)
    if kind < 7:
        return data
    packed = gzip.compress(data)
    if kind == 7:
        return packed
    if kind == 8:
        return packed[:rng.randrange(len(packed))]
    at = rng.randrange(len(packed))
    return packed[:at] + bytes([packed[at] ^ (1 << rng.randrange(8))]) + packed[at + 1:] + rng.choice([b"", b"junk", packed])


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="the hang guard needs SIGALRM")
def test_mutated_real_logs_give_only_clean_errors(tmp_path):
    rng = random.Random(28)
    seeds = seed_logs()
    path = tmp_path / "fuzz.mjlog"
    counts: Dict[str, int] = collections.Counter()
    case: List[Any] = [None]

    def hung(signum: int, frame: Any) -> None:  # a guard against a hang, not a speed bar
        raise AssertionError(f"case {case[0]} did not finish")

    old = signal.signal(signal.SIGALRM, hung)
    try:
        for n in range(3000):
            data = container(rng, mutate(rng, rng.choice(seeds)))
            case[0] = (n, data[:300])
            path.write_bytes(data)
            signal.alarm(60)
            try:
                for i, end in enumerate(mjlog.hand_ends_from_file(path)):
                    if i < 2:
                        assert isinstance(_core.settle(end.settlement), dict)  # as `tenbou mjlog --settle` does
                counts["read"] += 1
            except MjlogError as e:
                message = str(e)
                assert MESSAGE.fullmatch(message) and message.startswith(("fuzz.mjlog: ", str(path))), case
                for internal in ("invalid literal for int", "index out of range", "unpack", "KeyError", "NoneType", "int()"):
                    assert internal not in message, (message, case)
                counts[message.split(": ")[1].split(" ")[0]] += 1
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, old)
    # The mutations reach every layer: gzip, UTF-8, XML, events, and logs that still read.
    assert counts["read"] > 300 and counts["event"] > 600 and counts["not"] > 200 and counts["broken"] > 200, counts


def test_the_command_has_a_description_and_help_for_every_option():
    # Issue 29: every command described, every option with help.
    import argparse

    from tenbou.cli import make_parser

    sub = next(a for a in make_parser()._actions if isinstance(a, argparse._SubParsersAction))
    parser = sub.choices["mjlog"]
    assert parser.description and "stream" in parser.description
    assert all(action.help for action in parser._actions), [a.dest for a in parser._actions if not a.help]


def test_a_tag_that_cannot_be_read_is_named_and_keeps_wins_it_may_belong_to_out():
    second = win(who="2", sc="250,0,250,-40,250,40,250,0")
    e = error_of(log(win(), second[:60] + "<T5/>"))  # the second win of a double ron, cut
    assert (e.event, e.tag) == (3, "AGARI") and "is not an event tag" in str(e)
    ends = []
    with pytest.raises(MjlogError):
        for end in mjlog.hand_ends_from_text(log(win(), second[:60] + "<T5/>"), "game.mjlog"):
            ends.append(end)
    assert ends == []  # the first win alone would settle as a single win: not given
    ends = []
    with pytest.raises(MjlogError):
        for end in mjlog.hand_ends_from_text(log(win(), "<T5 x/>"), "game.mjlog"):
            ends.append(end)
    assert [e.kind for e in ends] == ["win"]  # a bad draw tag: the win before it stands
