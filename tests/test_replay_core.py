"""The records core (issue 24, rec-core): the mjlog reader in C++ and the replay. Every hand of the
999 real Tenhou games is tracked from the deal and every win scored from the TRACKED hand; wins,
hand ends and the record agree; the tracked hand is checked against the record's; pao reaches
settlement; impossible events are record errors naming the event; the output does not depend on
how the bytes are cut; memory stays flat; the C ABI, the native tool and Python give the same bytes."""
from __future__ import annotations

import collections
import ctypes
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

import tenbou
from tenbou import _core, mjlog
from tenbou.errors import RecordError

from conftest import shared_dir
from test_sanitizers import sanitized_tool  # noqa: F401 (the fixture: the native tool under ASan and UBSan)

ROOT = Path(__file__).resolve().parent.parent
PAO = ROOT / "tests" / "data" / "records" / "pao-daisangen-tsuuiisou.mjlog"


def games() -> List[Path]:
    files = sorted((shared_dir() / "data" / "tenhou" / "mjlog").glob("*.mjlog"))
    assert len(files) == 999
    return files


def replay(data: bytes, output: str = "hand_ends", source: str = "game.mjlog", piece: int = 1 << 16, **kw: Any) -> str:
    r = _core.Replay(format=kw.pop("format", "mjlog"), output=output, source=source, **kw)
    out = [r.feed(data[i:i + piece]) for i in range(0, len(data), piece)]
    out.append(r.finish())
    return "".join(out)


def lines(data: bytes, **kw: Any) -> List[Dict[str, Any]]:
    return [json.loads(x) for x in replay(data, **kw).splitlines()]


def error(data: bytes, **kw: Any) -> RecordError:
    with pytest.raises(RecordError) as e:
        replay(data, **kw)
    return e.value


@pytest.fixture(scope="module")
def real_lines() -> List[Dict[str, Any]]:
    return [line for f in games() for line in lines(f.read_bytes(), source=f.name)]


# --- bar: the 999 games from the tracked hands ---------------------------------------------------

def test_every_hand_of_the_999_games_agrees_from_the_tracked_hands():
    r_total: Dict[str, int] = collections.Counter()
    for f in games():
        r = _core.Replay(format="mjlog", output="check", source=f.name)
        out = r.feed(f.read_bytes()) + r.finish()
        summary = json.loads(out.splitlines()[-1])
        assert out.count("\n") == 1 and summary["text"] == f"{summary['hands']} of {summary['hands']} hands agree", out
        for key, value in r.summary.items():
            r_total[key] += value
    assert dict(r_total) == {"games": 999, "hands": 9519, "hands_agree": 9519, "wins": 8009, "wins_agree": 8009}


def test_each_win_equals_what_tenhou_recorded(real_lines):
    wins = [(line, w) for line in real_lines for w in line.get("wins", ())]
    assert len(wins) == 8009 and sum(1 for line in real_lines if len(line.get("wins", ())) == 2) == 48  # double rons
    for line, w in wins:
        r, rec = w["result"], w["recorded"]
        ours = dict(collections.Counter({y["key"] if y["key"] != "kita" else "dora": 0 for y in r["yaku"]}))
        for y in r["yaku"]:
            key = "dora" if y["key"] == "kita" else y["key"]
            ours[key] += y["han"]
        assert (r["han"], r["fu"], r["total"] - r["honba_bonus"] - r["sticks_bonus"]) == (rec["han"], rec["fu"], rec["points"])
        assert {k: v for k, v in ours.items() if v} == rec["yaku"], (line["game"], line["hand"])
        assert w["agree"] and w["deltas"] == w["recorded_deltas"]
    assert all(line["agree"] and line["deltas"] == line["recorded_deltas"] for line in real_lines)
    # As the tags count them: 1,558 <RYUUKYOKU> (150 yao9, 3 kaze4, 1 reach4, 1 kan4, 2 nm), 48 double rons.
    assert collections.Counter(line["outcome"] for line in real_lines) == {"win": 7961, "draw": 1401, "abortive": 155,
                                                                          "nagashi_mangan": 2}


def test_the_requests_the_lines_show_score_to_the_results_they_show(real_lines):
    # The request JSON is written from the request struct the core scored: scoring it again
    # through the contract's reader gives the same result, byte for byte.
    wins = [w for line in real_lines for w in line.get("wins", ())]
    results = _core.score_many([w["request"] for w in wins])
    for i, w in enumerate(wins):
        assert json.loads(results.json_line(i)) == w["result"], w["request"]


def test_the_tracked_hand_is_checked_against_the_records():
    # A win tag showing another hand than the deal and the calls made is a record error naming
    # the event, not a win scored from the tag.
    real = games()[0]
    text = real.read_text()
    m = re.search(r'<AGARI [^>]*? hai="(\d+),(\d+)', text)
    assert m is not None
    swapped = text[:m.start(1)] + str((int(m[1]) + 4) % 136) + text[m.end(1):]
    e = error(swapped.encode(), source=real.name)
    assert re.fullmatch(rf"{real.name}: event \d+ <AGARI>: the winner's tracked hand is \w+, the record shows \w+", str(e)), str(e)
    assert e.tag == "AGARI" and text[:m.start()].count("<") - 1 == e.event  # the tag's index among the events
    # The same log without its deal (hai0-hai3 dropped): no hand to track, the wins are scored from
    # the hands the tags show, as the records' own answer; the check still agrees.
    undealt = re.sub(r' hai[0-3]="[^"]*"', "", text).encode()
    r = _core.Replay(format="mjlog", output="check", source=real.name)
    assert json.loads((r.feed(undealt) + r.finish()).splitlines()[-1])["text"].startswith(str(r.summary["hands"]) + " of ")
    assert r.summary["hands"] == r.summary["hands_agree"] > 0


# --- hand tracking: impossible events are record errors -----------------------------------------

def ids(text: str, used: Optional[Dict[int, int]] = None) -> List[int]:
    """Tile ids of compact notation, copies 1-3 (never a red five), counting copies in `used`."""
    used = collections.Counter() if used is None else used
    out = []
    for digits, suit in re.findall(r"(\d+)([mpsz])", text):
        for d in digits:
            kind = int(d) - 1 + 9 * "mpsz".index(suit)
            out.append(kind * 4 + 1 + used[kind])
            used[kind] += 1
    return out


def deal(*hands: str) -> List[List[int]]:
    used: Dict[int, int] = collections.Counter()
    return [ids(h, used) for h in hands]


def dealt(*hands: str, dora: int = 135) -> str:
    attrs = " ".join(f'hai{i}="{",".join(map(str, h))}"' for i, h in enumerate(deal(*hands)))
    return (f'<mjloggm ver="2.3"><GO type="169" lobby="0"/><INIT seed="0,0,0,1,2,{dora}" ten="250,250,250,250" '
            f'oya="0" {attrs}/>')


HANDS = ("123456789m1234p", "123456789p1234s", "123456789s1234m", "1112223334445z")


@pytest.mark.parametrize("events, message", [
    ("<T0/><D6/>", "event 3 <D6>: seat 0 discards 2m (tile id 6), which it does not hold"),
    ("<T5/>", "event 2 <T5>: seat 0 draws 2m (tile id 5), which is already in play"),
    ("<T0/><T3/>", "event 3 <T3>: seat 0 draws with 14 tiles in hand (13 expected: a discard is missing)"),
    ("<D5/>", "event 2 <D5>: seat 0 discards with 13 tiles in hand (14 expected: a draw is missing)"),
    ("<T0/><D0/>" + '<N who="1" m="' + str((0 << 10) | 0x4 | 3) + '"/>', "event 4 <N>: seat 1 calls"),
    ('<T0/><D0/><N who="2" m="' + str(((0 * 3) << 9) | 0x08 | 2) + '"/>', "event 4 <N>: seat 2 calls 1m (tile id 1) from seat 0, which did not just discard it"),
    ('<T0/><REACH who="0" step="1"/><D0/><REACH who="0" step="2"/><U136/>', "tile id 136 is out of range"),
    ('<T0/><D0/><DORA hai="5"/>', "event 4 <DORA>: the new dora indicator 2m (tile id 5) is already in play"),
])
def test_impossible_events_are_record_errors_naming_the_event(events, message):
    e = error((dealt(*HANDS) + events + "</mjloggm>").encode())
    assert str(e).startswith("game.mjlog: ") and message in str(e), str(e)
    assert "\n" not in str(e) and e.event is not None and e.tag is not None


def test_a_win_on_a_tile_the_record_does_not_name_is_an_error():
    # Seat 0 tsumo on its own draw (1z) while the tag names another winning tile.
    mine = deal(*HANDS)[0]
    hai = ",".join(map(str, mine + [0]))
    agari = (f'<AGARI ba="0,0" hai="{hai}" machi="{mine[-1]}" ten="30,1000,0" yaku="0,1" doraHai="135" who="0" '
             'fromWho="0" sc="250,10,250,-3,250,-3,250,-4"/>')
    e = error((dealt(*HANDS) + "<T0/>" + agari + "</mjloggm>").encode())
    assert "the winning tile is 1m (tile id 0), the record says 4p" in str(e) and e.tag == "AGARI" and e.event == 3


# --- pao --------------------------------------------------------------------------------------

def test_pao_from_the_record_reaches_settlement():
    # The 2019 game shape: daisangen + tsuuiisou by tsumo, paoWho="2" (hand-made, see the data README).
    (line,) = lines(PAO.read_bytes(), source=PAO.name)
    assert line["wins"][0]["pao"] == 2 and line["agree"]
    assert line["deltas"] == line["recorded_deltas"] == [64900, 0, -64900, 0]
    # Without paoWho the same hand settles as tenbou settled it before the core read pao.
    (line,) = lines(PAO.read_bytes().replace(b' paoWho="2"', b""), source=PAO.name)
    assert line["deltas"] == [64900, -16300, -16300, -32300] and not line["agree"]
    ends = list(mjlog.hand_ends_from_file(PAO))
    assert ends[0].settlement["wins"][0]["pao"] == 2 and tenbou.settle(ends[0].settlement)["deltas"] == [64900, 0, -64900, 0]


def test_a_liable_player_who_is_the_winner_is_refused():
    e = error(PAO.read_bytes().replace(b'paoWho="2"', b'paoWho="0"'), source=PAO.name)
    assert str(e).endswith("<AGARI> paoWho: the liable player cannot be the winner") and e.attribute == "paoWho"


# --- streaming --------------------------------------------------------------------------------

@pytest.mark.parametrize("piece", [1, 7, 4096])
def test_the_output_does_not_depend_on_how_the_bytes_are_cut(piece):
    for f in (games()[0], games()[-1], PAO):
        data = f.read_bytes()
        assert replay(data, piece=piece) == replay(data, piece=1 << 20)
    text = ("<mjloggm ver='2.3'><!-- é --></mjloggm>").encode()  # a multi-byte character cut anywhere
    messages = {str(error(text, piece=p)) for p in (1, 2, 3, 50)}
    assert messages == {"game.mjlog: not a Tenhou log: character 19: '<!-- é --></mjloggm>' is not an event tag"}


def test_utf8_is_checked_strictly():
    for bad, at in ((b"\xff", 20), (b"\xed\xa0\x80", 20), (b"\xc0\xaf", 20), (b"\xe3\x81", 20)):
        data = b'<mjloggm ver="2.3">' + b" " + bad + b"</mjloggm>"
        assert str(error(data, piece=1)) == f"game.mjlog: not UTF-8 text (byte {at + 1})"


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak from /proc")
def test_memory_stays_flat_on_a_64_mib_log():
    # 64 MiB of events fed in pieces (never held whole): the process stays far below the log's size.
    code = (
        "import re, tenbou._core as c\n"
        "head = b'<mjloggm ver=\"2.3\"><GO type=\"169\"/><INIT seed=\"0,0,0,1,2,3\" oya=\"0\"/>'\n"
        "r = c.Replay(format='mjlog', output='check')\n"
        "r.feed(head)\n"
        "piece = b'<REACH who=\"0\" step=\"1\"/>' * 4000\n"
        "n = 0\n"
        "while n + len(piece) < (64 << 20) - 1000:  # just under the cap (max_mjlog_bytes)\n"
        "    r.feed(piece); n += len(piece)\n"
        "r.feed(b'<RYUUKYOKU ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\"/></mjloggm>')\n"
        "out = r.finish()\n"
        "peak = re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read())[1]  # this process's, kB\n"
        "print(peak, out.splitlines()[-1])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split(" ", 1)
    assert int(out[0]) < 80 * 1024 and '"hands":1' in out[1], out


# --- the API: formats, errors, outputs ----------------------------------------------------------

def test_format_detection_and_unknown_input():
    assert json.loads(_core.replay_text(b""))["error"]["message"] == ": empty: no game record"
    e = json.loads(_core.replay_text(b"hello", source="x.txt"))["error"]
    assert e == {"code": "bad_record", "message": "x.txt: not a game record (mjlog XML, tenhou.net/6 JSON or mjai JSON Lines)",
                 "event": None, "tag": "", "attribute": ""}
    assert _core.replay_text(PAO.read_bytes(), source=PAO.name) == replay(PAO.read_bytes(), source=PAO.name)
    with pytest.raises(ValueError, match="format must be"):
        _core.Replay(format="xml")


def test_a_record_error_keeps_the_output_before_it():
    real = games()[0]
    text = real.read_text()
    cut = [m.start() for m in re.finditer("<INIT ", text)][2]
    bad = (text[:cut] + '<N who="0" m="-1"/>' + text[cut:]).encode()
    r = _core.Replay(format="mjlog", source=real.name)
    with pytest.raises(RecordError) as e:
        r.feed(bad)
    assert (e.value.tag, e.value.attribute) == ("N", "m") and str(e.value).endswith("<N> m: -1 is out of range (0-65535)")
    whole = replay(real.read_bytes(), source=real.name).splitlines()
    assert e.value.output.splitlines() == whole[:len(e.value.output.splitlines())] and e.value.output.count("\n") >= 2
    line = json.loads(_core.replay_text(bad, source=real.name).splitlines()[-1])
    assert line["error"]["event"] == e.value.event and line["error"]["tag"] == "N"


def test_check_lines_show_only_what_differs():
    data = PAO.read_bytes().replace(b' paoWho="2"', b"")
    out = replay(data, output="check", source=PAO.name).splitlines()
    assert len(out) == 2
    first, summary = json.loads(out[0]), json.loads(out[1])
    assert list(first) == ["game", "hand", "event", "round", "wins", "deltas", "recorded_deltas", "agree"]
    assert summary == {"summary": True, "games": 1, "hands": 1, "agree": 0, "wins": 1, "wins_agree": 0, "text": "0 of 1 hands agree"}


def test_hand_end_line_keys():
    (line,) = lines(PAO.read_bytes(), source=PAO.name)
    assert list(line) == ["game", "hand", "event", "round", "players", "dealer", "honba", "deposits", "outcome", "wins",
                          "deltas", "recorded_deltas", "agree"]
    assert list(line["wins"][0]) == ["winner", "from", "pao", "event", "request", "result", "deltas", "recorded_deltas",
                                     "recorded", "agree"]
    assert (line["round"], line["dealer"], line["honba"]) == ("E4", 3, 3)
    (short,) = lines(PAO.read_bytes(), source=PAO.name, with_requests=False)
    assert "request" not in short["wins"][0] and short["wins"][0]["result"]["yaku"] == {"daisangen": 13, "tsuuiisou": 13}


# --- every front end gives the same bytes ------------------------------------------------------

def test_the_c_abi_and_the_native_tool_give_the_python_bytes(native_tool):
    lib = ctypes.CDLL(str(native_tool.parent / "libtenbou.so"))
    lib.tenbou_free.argtypes = [ctypes.c_void_p]
    f = lib.tenbou_replay_json
    f.restype = ctypes.c_void_p
    f.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]

    def call(data: bytes, options: Optional[Dict[str, Any]]) -> str:
        opts = json.dumps(options).encode() if options is not None else None
        n = ctypes.c_size_t()
        p = f(data, len(data), opts, len(opts) if opts else 0, ctypes.byref(n))
        try:
            return ctypes.string_at(p, n.value).decode()
        finally:
            lib.tenbou_free(p)

    real = games()[5]
    data = real.read_bytes()
    for output in ("hand_ends", "check"):
        assert call(data, {"output": output, "source": real.name}) == replay(data, output=output, source=real.name)
    assert json.loads(call(b"<x", {"output": "nope"}))["error"]["code"] == "bad_options"
    assert json.loads(call(b"<x", None))["error"]["code"] == "bad_record"
    tool = subprocess.run([str(native_tool), "replay", str(real)], capture_output=True, check=True).stdout.decode()
    assert tool == replay(data, source=real.name)
    tool = subprocess.run([str(native_tool), "replay", "--output", "check", str(PAO), str(real)], capture_output=True)
    n = 1 + len(lines(data))
    assert tool.returncode == 0 and json.loads(tool.stdout.decode().splitlines()[-1])["text"] == f"{n} of {n} hands agree"


# --- hostile logs under AddressSanitizer and UndefinedBehaviorSanitizer --------------------------

def test_mutated_real_logs_under_sanitizers(sanitized_tool, tmp_path):
    # The reader and the replay in C++ on structured random mutations of real logs (as
    # test_mjlog_hostile makes them): one clean line per bad log, no memory error, leak or UB.
    import os
    import random

    from test_mjlog_hostile import mutate, seed_logs

    rng = random.Random(24)
    seeds = seed_logs()
    paths = []
    for n in range(400):
        path = tmp_path / f"m{n:03d}.mjlog"
        path.write_bytes(mutate(rng, rng.choice(seeds)))
        paths.append(str(path))
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    out = subprocess.run([str(sanitized_tool), "replay", "--output", "check", *paths], capture_output=True, env=env)
    err = out.stderr.decode("utf-8", "replace")
    assert out.returncode == 2 and "Sanitizer" not in err and "runtime error" not in err, err[-3000:]
    bad = err.splitlines()
    assert 100 < len(bad) < 400 and all(re.fullmatch(r"tenbou-native: m\d{3}\.mjlog: [^\n]{1,700}", x) for x in bad), bad[:5]
    assert json.loads(out.stdout.decode().splitlines()[-1])["hands"] > 100  # logs that still read were replayed


def test_a_number_past_nine_digits_is_refused_before_it_can_overflow(sanitized_tool, tmp_path):
    # Found by the record fuzz target (docs/fuzzing.md): the reader multiplied a run of digits
    # into an int64 before refusing it for its length, a signed overflow past 19 digits.
    log = dealt(*HANDS).replace('ten="250,', 'ten="91111111111111111111,') + "<T0/></mjloggm>"
    e = error(log.encode())
    assert "a number of more than 9 digits" in str(e), str(e)
    path = tmp_path / "long.mjlog"
    path.write_text(log, encoding="utf-8")
    import os
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    out = subprocess.run([str(sanitized_tool), "replay", str(path)], capture_output=True, env=env)
    err = out.stderr.decode("utf-8", "replace")
    assert out.returncode == 2 and "runtime error" not in err and "Sanitizer" not in err, err[-2000:]
    assert "a number of more than 9 digits" in err, err
