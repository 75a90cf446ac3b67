"""The input contract (README "Input contract"), one stream of hostile lines through every front
end: the Python CLI, the Node CLI, the native C++ tool, Python's score_json and JS scoreLines.
Each gives the same bytes, one result per non-empty line, in order, echoes capped."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import List

import pytest

import tenbou
from conftest import ROOT
from test_wasm import dist  # noqa: F401  (the fixture: the WebAssembly build, built once)

GOOD = b'{"hand":"234567m234p55s678s","win_tile":"5m","riichi":true,"seat_wind":"S"}'


def hostile_lines() -> List[bytes]:
    """Request lines (without their newline) covering every framing and limit case."""
    big_key = b'{"' + b"k" * 50_000 + b'":1}'
    keys_1000 = b"{" + b",".join(b'"k%d":1' % i for i in range(999)) + b',"k5":2}'  # a duplicate past 16 keys
    keys_1025 = b"{" + b",".join(b'"k%d":1' % i for i in range(1025)) + b"}"
    return [
        GOOD,
        b"\xef\xbb\xbf",                      # a BOM alone, not at the stream's start
        b"\x1c", b"\x1d\x1e\x1f", b"\xc2\x85", b"\x85",  # separators to str.splitlines, not here
        b'{"hand":"\xff"}',                  # invalid UTF-8
        b'{"hand":"1m"}\r{"hand":"2m"}',     # a bare CR is part of the line
        b"   ",                              # whitespace is not an empty line
        b"[" * 100 + b"]" * 100,             # nesting past 64
        b'{"hand":"' + b"1m" * 200 + b'"}',  # a tile string past 256 characters
        big_key,                             # a 50 KB unknown key: echoed to 200 bytes
        keys_1000,                           # duplicate key found by the hash path
        keys_1025,                           # more keys than an object may hold
        b'{"hand":"123m456p789s2345\xef\xbc\x95s","win_tile":"5s"}',  # a full-width digit
        b"x" * (1 << 20) + b"xx",            # longer than a request may be
        b"{" * 10 + b'"',                    # broken JSON
        GOOD.replace(b'"S"', b'"N"') + b"\r",  # CRLF
    ]


def stream(lines: List[bytes]) -> bytes:
    # A BOM opens the stream (dropped), blank lines in between (no result), no final newline.
    return b"\xef\xbb\xbf" + b"\n\n".join(lines)


@pytest.fixture(scope="module")
def expected() -> List[str]:
    lines = hostile_lines()
    out = [tenbou.score_json(line) for line in lines]
    assert len(out) == len(lines)
    return out


def test_python_cli(expected):
    out = subprocess.run([sys.executable, "-m", "tenbou.cli", "score", "--jsonl"], input=stream(hostile_lines()),
                         capture_output=True, check=True).stdout
    assert out.decode("utf-8").splitlines() == expected


def test_native_tool(expected, native_tool):
    out = subprocess.run([str(native_tool), "score"], input=stream(hostile_lines()), capture_output=True, check=True)
    assert out.stdout.decode("utf-8").splitlines() == expected


def test_node_cli_and_js_api(expected, dist):
    out = subprocess.run(["node", str(dist / "tenbou-cli.mjs"), "score", "--jsonl"], input=stream(hostile_lines()),
                         capture_output=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.decode("utf-8").splitlines() == expected
    # JS scoreLines: one result per text (the texts as JS strings where they are UTF-8).
    texts = [line.decode("utf-8") for line in hostile_lines() if b"\xff" not in line and line != b"\x85"]
    code = ("const t = await import(process.argv[1]); let s = '';"
            "for await (const c of process.stdin) s += c;"
            "process.stdout.write(JSON.stringify(t.scoreLines(JSON.parse(s))));")
    got = subprocess.run(["node", "--input-type=module", "-e", code, (dist / "tenbou.mjs").as_uri()],
                         input=json.dumps(texts).encode(), capture_output=True)
    assert got.returncode == 0, got.stderr[-2000:]
    assert json.loads(got.stdout) == [tenbou.score_json(x) for x in texts]


def test_what_the_results_say(expected):
    results = [json.loads(x) for x in expected]
    assert results[0]["ok"] is True
    assert all(len(x.encode()) < 2000 for x in expected)  # every echo capped
    by_message = [r["error"]["message"] if not r["ok"] else "" for r in results]
    assert "invalid UTF-8" in by_message[6]
    assert "unexpected text after the JSON value" in by_message[7]
    assert "nesting deeper than 64" in by_message[9]
    assert "a tile string of 400 characters; the limit is 256" in by_message[10]
    assert "unknown request key 'kkkk" in by_message[11] and "(49800 more bytes)" in by_message[11]
    assert 'duplicate key "k5"' in by_message[12]
    assert "more than 1024 keys" in by_message[13]
    assert "unknown character '５' (U+FF15) at position 17" in by_message[14]
    assert "longer than the limit of 1048576 bytes" in by_message[15]
    assert "seat_wind" not in by_message[17] and results[17]["ok"] is True  # CRLF: the CR is dropped


def test_huge_objects_are_rejected_whole():
    # 100,000 and 1,000,000 keys: past the request size limit, rejected without parsing a key.
    for n in (100_000, 1_000_000):
        text = "{" + ",".join(f'"k{i}":1' for i in range(n)) + "}"
        r = json.loads(tenbou.score_json(text))
        assert r["error"]["reason"] == "bad_json" and "longer than the limit" in r["error"]["message"]


def test_exit_codes(run_cli):
    assert run_cli(["score", "--jsonl"], stdin=stream(hostile_lines()))[0] == 0  # a stream always exits 0
    assert run_cli(["score", "-"], stdin=GOOD)[0] == 0
    assert run_cli(["score", "-"], stdin=b'{"hand":"\xff"}')[0] == 1  # read, but invalid: 1
    assert run_cli(["score", "-"], stdin=b"")[0] == 1
    assert run_cli(["points", "--han", "1", "--fu", "-1"])[0] == 1
    assert run_cli(["score", "--bogus"])[0] == 2  # the command line itself: 2


def test_python_types_are_checked():
    for bad in ("abc", b"abc", {"hand": "1m"}):
        with pytest.raises(TypeError):
            tenbou.score_many(bad)  # type: ignore[arg-type]
    for bad in (3, None, 1.5):
        with pytest.raises(TypeError):
            tenbou.score_json(bad)  # type: ignore[arg-type]
    assert json.loads(tenbou.score_json(memoryview(GOOD)))["ok"] is True
    assert json.loads(tenbou.score_json("\ud800"))["error"]["reason"] == "bad_json"
    with pytest.raises(TypeError):
        tenbou.format_amount(1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        tenbou.rules({}, "zz")


def test_big_aotenjo_amounts_are_exact_everywhere(run_cli):
    # The 100,000-han cap (README "Input contract"): exact totals of 30,000 digits.
    code, out = run_cli(["points", "--han", "100000", "--fu", "30", "--method", "aotenjo", "--json"])
    assert code == 0
    total = json.loads(out)["total"]
    assert total == -(-4 * 30 * 2 ** 100002 // 100) * 100  # non-dealer ron: x4, rounded up to 100
    code, out = run_cli(["points", "--han", "100001", "--fu", "30", "--method", "aotenjo"])
    assert code == 1


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs /proc")
def test_python_cli_stream_memory_is_flat():
    # 200,000 lines: peak memory well under 100 MB (README "Input contract"; the benchmark
    # benchmarks/bench_streams.py measures 3,000,000 lines in both CLIs).
    code = ("import resource, subprocess, sys\n"
            "p = subprocess.run([sys.executable, '-m', 'tenbou.cli', 'score', '--jsonl'], input=sys.stdin.buffer.read(),"
            " stdout=subprocess.DEVNULL)\n"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    data = (GOOD + b"\n") * 200_000
    out = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, check=True, cwd=ROOT)
    assert int(out.stdout) < 100 * 1024, out.stdout


BAD_LOGS = {
    "not XML": b"<mjloggm><GO",
    "not UTF-8": b"\xff\xfe<mjloggm/>",
    "broken gzip": b"\x1f\x8b\x08\x00garbage",
    "missing attribute": b'<mjloggm><GO type="169"/><INIT seed="0,0,0,1,2,3"/></mjloggm>',
    "who -1": b'<mjloggm><GO type="169"/><INIT seed="0,0,0,1,2,3" oya="0"/><AGARI who="-1" fromWho="0" ba="0,0" '
              b'hai="1" machi="1" ten="30,1000,0" sc="1,2,3,4,5,6,7,8"/></mjloggm>',
    "seed -1": b'<mjloggm><GO type="169"/><INIT seed="-1,0,0,1,2,3" oya="0"/></mjloggm>',
    "oya 99": b'<mjloggm><GO type="169"/><INIT seed="0,0,0,1,2,3" oya="99"/></mjloggm>',
    "negative meld": b'<mjloggm><GO type="169"/><INIT seed="0,0,0,1,2,3" oya="0"/><N who="0" m="-5"/></mjloggm>',
    "honour chi": b'<mjloggm><GO type="169"/><INIT seed="0,0,0,1,2,3" oya="0"/><N who="0" m="65535"/></mjloggm>',
}


@pytest.mark.parametrize("name", sorted(BAD_LOGS))
def test_bad_logs_give_one_line_and_exit_2(name, tmp_path):
    path = tmp_path / "game.mjlog"
    path.write_bytes(BAD_LOGS[name])
    for extra in ([], ["--check"], ["--settle"]):
        out = subprocess.run([sys.executable, "-m", "tenbou.cli", "mjlog", str(path), *extra], capture_output=True, text=True)
        assert out.returncode == 2, (name, out.stderr)
        assert out.stderr.count("\n") == 1 and out.stderr.startswith("tenbou: ") and "Traceback" not in out.stderr


def test_huge_logs_are_refused_within_a_cap(tmp_path):
    import gzip

    bomb = tmp_path / "bomb.mjlog"
    bomb.write_bytes(gzip.compress(b"<" * (80 << 20), 1))  # 80 MiB inflated, ~80 KB on disk
    for path in (bomb, "/dev/zero", tmp_path / "missing.mjlog"):
        if str(path) == "/dev/zero" and not os.path.exists(path):
            continue
        out = subprocess.run([sys.executable, "-m", "tenbou.cli", "mjlog", str(path)], capture_output=True, text=True)
        assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    from tenbou import mjlog

    with pytest.raises(mjlog.MjlogError, match="larger than 64 MiB"):
        list(mjlog.wins_from_file(bomb))
