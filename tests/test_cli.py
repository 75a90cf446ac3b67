"""The `tenbou` command line."""
from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys

import pytest

import tenbou


def test_readable_breakdown(run_cli):
    code, out = run_cli(["score", "234567m234p55s678s", "--win", "5m", "--tsumo", "--riichi", "--seat", "S", "--dora", "4m"])
    assert code == 0
    assert "Riichi (立直 / 리치)" in out and "All simples (断幺九 / 탕야오)" in out
    assert "Value     5 han 20 fu, mangan 満貫" in out
    assert "the dealer pays          4,000" in out and "each non-dealer pays     2,000" in out
    assert out.rstrip().endswith("Total     8,000")


def test_readable_fu_items_honba_and_shorthand(run_cli):
    code, out = run_cli(["score", "234m456p789s22p555z", "--win", "9s", "--riichi", "--seat", "S", "--dora", "1m",
                         "--honba", "2", "--sticks", "1"])
    assert code == 0
    assert "closed triplet, terminals/honours (5z)" in out
    assert " 38, rounded up to 40" in out
    assert "the discarder pays       5,200 + 600 honba" in out
    assert "riichi sticks (table)    1,000" in out
    code, out = run_cli(["score", "234567m345p66s678s", "--win", "2m", "--riichi", "--seat", "S"])
    assert "Total     3,900  (zanku ザンク)" in out


def test_win_tile_defaults_to_last_tile(run_cli):
    a = run_cli(["score", "234m567m234p678s55s", "--json"])[1]  # last tile written: 5s
    b = run_cli(["score", "234m567m234p678s55s", "--win", "5s", "--json"])[1]
    assert a == b and json.loads(a)["yaku"] == [{"key": "tanyao", "han": 1}]


def test_json_output_equals_python(run_cli):
    code, out = run_cli(["score", "234567m234p55s678s", "--win", "5m", "--tsumo", "--riichi", "--seat", "S", "--dora", "4m",
                         "--option", "kiriage=true", "--preset", "tenhou"])
    req = {"rules": "riichi", "hand": "234567m234p55s678s", "melds": [], "win_tile": "5m", "seat_wind": "S",
           "round_wind": "E", "dora_indicators": "4m", "ura_indicators": "", "honba": 0, "riichi_sticks": 0,
           "options": {"preset": "tenhou", "kiriage": True}, "tsumo": True, "riichi": True}
    code, out = run_cli(["score", "234567m234p55s678s", "--win", "5m", "--tsumo", "--riichi", "--seat", "S", "--dora", "4m",
                         "--option", "kiriage=true", "--json"])
    assert code == 0 and out.strip() == tenbou.score(req).to_json()


def test_json_stdin_and_jsonl_streaming(run_cli):
    import hand_generator

    reqs = hand_generator.generate(5000, seed=8)
    lines = [json.dumps(r) for r in reqs] + ["not json", '{"hand": "1m"}']
    code, out = run_cli(["score", "--jsonl"], stdin="\n".join(lines) + "\n")
    assert code == 0
    got = out.splitlines()
    assert len(got) == len(lines)
    assert got[:5000] == [r.to_json() for r in tenbou.score_many(reqs)]
    assert json.loads(got[-2])["error"]["reason"] == "bad_json"
    code, out = run_cli(["score", "--json", "-"], stdin=lines[0])
    assert out.strip() == got[0]


def test_points_command(run_cli):
    code, out = run_cli(["points", "--han", "3", "--fu", "40", "--dealer", "--tsumo"])
    assert code == 0 and "each non-dealer pays     2,600" in out and "Total 7,800" in out
    code, out = run_cli(["points", "--han", "1", "--fu", "20", "--tsumo", "--json"])
    assert code == 1 and json.loads(out)["error"]["code"] == "impossible"
    code, out = run_cli(["points", "--yakuman", "2", "--json"])
    assert json.loads(out)["total"] == 64000


def test_yaku_command(run_cli):
    code, out = run_cli(["yaku"])
    assert code == 0 and "Pinfu" in out and "平和" in out and "핑후" in out and "1 han, closed only" in out and "2 han (1 open)" in out
    assert out.splitlines()[0].split() == ["English", "日本語", "한국어", "han"]  # a header (there was none)
    code, wide = run_cli(["yaku", "--wide"])  # the keys too
    assert wide.splitlines()[0].split()[0] == "key" and "\npinfu " in wide


def test_console_script_runs():
    out = subprocess.run([sys.executable, "-m", "tenbou.cli", "points", "--han", "2", "--fu", "30"],
                         capture_output=True, text=True, check=True).stdout
    assert "Total 2,000" in out


def test_readable_stdin_request_and_bad_json(run_cli, capsys):
    code, out = run_cli(["score", "-"], stdin='{"hand": "234567m234p55s678s", "win_tile": "5m", "riichi": true}')
    assert code == 0 and "Total     5,800" in out
    code, out = run_cli(["score", "-"], stdin='{"hand": ')  # an error message: stderr (issue 28)
    assert code == 1 and out == "" and capsys.readouterr().err.startswith("tenbou: invalid JSON at character")


def test_repeated_tile_options_accumulate(run_cli):
    # --dora 4m --dora 1p: both indicators count (5m and 2p are each once in the hand).
    code, out = run_cli(["score", "234567m234p55s678s", "--win", "5m", "--riichi", "--seat", "S",
                         "--dora", "4m", "--dora", "1p", "--json"])
    d = json.loads(out)
    assert {"key": "dora", "han": 2} in d["yaku"]  # 5m (from 4m) and 2p (from 1p)
    code, out = run_cli(["waits", "123m456m789p2345s", "--visible", "2s", "--visible", "5s", "--json"])
    w = json.loads(out)
    assert [(x["tile"], x["unseen"]) for x in w["waits"]] == [("2s", 2), ("5s", 2)]


def test_suit_letter_problems_get_the_core_message(run_cli, capsys):
    assert run_cli(["score", "123456789m12344"])[0] == 1
    assert 'digits "12344" at position 11 have no suit letter' in capsys.readouterr().err
    code, out = run_cli(["score", "123456789m123P44p"])
    assert code == 1 and out == "" and "unknown character 'P' at position 14" in capsys.readouterr().err


def test_points_needs_han_and_shows_honba_and_sticks(run_cli, capsys):
    assert run_cli(["points"])[0] == 2
    assert "give --han N" in capsys.readouterr().err
    code, out = run_cli(["points", "--han", "4", "--fu", "30", "--tsumo", "--honba", "2", "--sticks", "1"])
    assert code == 0
    assert "honba (2)                600" in out and "riichi sticks (1)        1,000" in out and "Total 9,500" in out
    code, out = run_cli(["points", "--yakuman", "1", "--json"])
    assert json.loads(out)["total"] == 32000


def test_table_fits_100_columns_and_help_has_examples(run_cli, capsys):
    for args in (["table"], ["table", "--method", "aotenjo"], ["table", "--method", "han_only"]):
        code, out = run_cli(args)
        assert code == 0 and max(len(line) for line in out.splitlines()) <= 100, args
    for command in ("score", "waits", "points", "table", "yaku", "declare", "mjlog"):
        with pytest.raises(SystemExit):
            from tenbou import cli

            cli.make_parser().parse_args([command, "--help"])
        assert "examples:\n  tenbou " + command in capsys.readouterr().out


def test_errors_go_to_stderr_results_to_stdout(run_cli, capsys):
    """Issue 28: `score` printed its failures on stdout, waits/discards on stderr. A readable
    command's failure is an error message (stderr); a --json result stays on stdout, ok or not."""
    capsys.readouterr()
    code, out = run_cli(["score", "123m456p789s23456s"])
    assert (code, out) == (1, "") and capsys.readouterr().err.startswith("tenbou: not scored (not_winning): ")
    code, out = run_cli(["score", "123m456p789s23455s", "--win", "5s"])
    assert (code, out) == (1, "") and "not scored (no_yaku)" in capsys.readouterr().err
    code, out = run_cli(["points", "--han", "1", "--fu", "20", "--tsumo"])
    assert (code, out) == (1, "") and capsys.readouterr().err.startswith("tenbou: no such score: ")
    for command in ("waits", "discards"):
        code, out = run_cli([command, "123m456m789p2345"])  # one tile short of 13 / 14
        assert (code, out) == (1, "") and capsys.readouterr().err.startswith("tenbou: ")
        code, out = run_cli([command, "123m456m789p2345", "--json"])
        assert code == 1 and json.loads(out)["ok"] is False and capsys.readouterr().err == ""


def test_waits_and_discards_do_not_offer_win_or_tsumo(run_cli, capsys):
    """They offered --win/--tsumo in --help, then refused them naming "waits" (for discards too)."""
    from tenbou import cli

    for command in ("waits", "discards"):
        with pytest.raises(SystemExit):
            cli.make_parser().parse_args([command, "--help"])
        options = capsys.readouterr().out.split("\noptions:\n")[1].split("\nexamples:")[0]
        assert "--win" not in options and "--tsumo" not in options and "--riichi" in options
        assert run_cli([command, "123m456m789p2345s", "--win", "5s"])[0] == 2
        err = capsys.readouterr().err
        assert f"tenbou {command}: error: unrecognized arguments: --win 5s" in err and "waits scores" not in err


def test_every_command_and_option_has_help(capsys):
    from tenbou import cli

    parser = cli.make_parser()
    commands = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for name, sub in commands.items():
        assert sub.description or name == "mjlog", name  # mjlog's parser lines are the mjlog worker's
        for action in sub._actions:
            assert action.help or name == "mjlog", (name, action.option_strings or action.dest)
        with pytest.raises(SystemExit) as e:
            sub.parse_args(["--version"])
        assert e.value.code == 0 and capsys.readouterr().out == f"tenbou {tenbou.__version__}\n"


def test_help_wraps_to_the_terminal(monkeypatch, capsys):
    """Help paragraphs were 128-190 characters on one line; now wrapped to the terminal, at most 100."""
    from tenbou import cli

    for columns, width in (("60", 60), ("300", 100)):
        monkeypatch.setenv("COLUMNS", columns)
        for command in ("score", "waits", "discards", "points", "table", "yaku", "declare"):
            with pytest.raises(SystemExit):
                cli.make_parser().parse_args([command, "--help"])
            text = capsys.readouterr().out.split("\nexamples:\n")[0]
            assert max(len(line) for line in text.splitlines()) <= width, (command, columns)
            assert max(len(line) for line in text.splitlines()) > width - 15, (command, columns)  # filled


def test_output_within_100_columns(run_cli):
    import unicodedata

    def width(line: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)

    for args in (["discards", "19m19p19s12345677z"], ["discards", "123m456m789p23459s", "--riichi", "--seat", "S"],
                 ["yaku"], ["yaku", "--rules", "korean"], ["yaku", "--rules", "hktw"],
                 ["waits", "19m19p19s1234567z", "--visible", "1m1m", "--own-discards", "9p"],
                 ["points", "--han", "300", "--fu", "90", "--method", "aotenjo", "--units", "ko"],
                 ["points", "--han", "300", "--fu", "90", "--method", "aotenjo"]):
        code, out = run_cli(args)
        assert code == 0 and max(width(line) for line in out.splitlines()) <= 100, args
    code, out = run_cli(["discards", "19m19p19s12345677z", "--wide"])  # today's long form on request
    assert max(width(line) for line in out.splitlines()) > 500


def test_discards_wraps_between_waits(run_cli):
    lines = run_cli(["discards", "19m19p19s12345677z"])[1].splitlines()
    wide = run_cli(["discards", "19m19p19s12345677z", "--wide"])[1].splitlines()
    assert lines[2].startswith("7z ") and lines[2].endswith(";") and lines[3].startswith(" " * 26 + "9m(")
    n = next(i for i, line in enumerate(lines[3:]) if not line.startswith(" "))  # 7z's continuation lines
    first = [lines[2]] + [line.strip() for line in lines[3:3 + n]]
    assert " ".join(first) == wide[2]  # broken only between waits, nothing lost


def test_points_says_double_yakuman(run_cli):
    code, out = run_cli(["points", "--yakuman", "2"])
    assert out.splitlines()[0] == "double yakuman (fuhan): base points 16,000" and "Total 64,000" in out
    assert run_cli(["points", "--yakuman", "1"])[1].startswith("yakuman (fuhan)")


def test_table_writes_every_amount_alike(run_cli):
    """`table` mixed 11600 and 1,000: every amount with digit groups now."""
    code, out = run_cli(["table", "--who", "dealer"])
    assert "11,600 (3,900 all)" in out and "11600" not in out


def test_big_amounts_break_between_groups(run_cli):
    for units in ("en", "ko"):
        out = run_cli(["points", "--han", "300", "--fu", "90", "--method", "aotenjo", "--units", units])[1].splitlines()
        at = next(i for i, line in enumerate(out) if line.startswith("Total "))
        total = [out[at][len("Total "):]] + [line.strip() for line in out[at + 1:]]
        assert len(total) > 1  # too long for one line
        exact = tenbou.format_amount(tenbou.points(300, 90, method="aotenjo").total, units)
        assert ("" if units == "en" else " ").join(total) == exact  # broken only between groups or units


def test_waits_jsonl(run_cli):
    lines = ['{"hand":"123m456m789p2345s","riichi":true,"seat_wind":"S"}', '{"hand":"1m"}', "nope", ""]
    code, out = run_cli(["waits", "--jsonl"], stdin="\n".join(lines) + "\n")
    got = out.splitlines()
    assert code == 0 and len(got) == 3
    assert json.loads(got[0]) == tenbou._core.waits(json.loads(lines[0]))
    assert json.loads(got[1])["error"]["code"] == "invalid_input" and json.loads(got[2])["error"]["reason"] == "bad_json"


def test_usage_errors_name_the_command(run_cli, capsys):
    assert run_cli(["score", "234567m234p55s678s", "--seat", "X"])[0] == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: tenbou score [options] [HAND]\n")
    assert "tenbou score: error: argument --seat: invalid choice: 'X' (choose from E, S, W, N)" in err
    assert run_cli(["points", "--han", "1_0"])[0] == 2  # Python's int() took it, JavaScript does not
    assert "argument --han: expected an integer, got '1_0'" in capsys.readouterr().err
    assert run_cli([])[0] == 2 and "tenbou: error: give a COMMAND: score, waits," in capsys.readouterr().err


def docs_examples():
    """Each `$ tenbou ...` of docs/cli.md with the output shown under it (up to a "..." line)."""
    from conftest import ROOT

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    examples = []
    for block in re.findall(r"```\n(.*?)```", text, re.S):
        lines = block.splitlines()
        starts = [i for i, line in enumerate(lines) if line.startswith("$ tenbou ")]
        for n, i in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(lines)
            examples.append((lines[i][2:], lines[i + 1:end]))
    return examples


def test_docs_examples_are_what_the_cli_prints(run_cli, capsys):
    examples = docs_examples()
    assert len(examples) >= 10
    for command, shown in examples:
        if "|" in command:
            continue  # the JSON Lines one: tests/test_cli_parity.py runs it
        capsys.readouterr()
        code, out = run_cli(shlex.split(command)[1:])
        got = (out + capsys.readouterr().err).splitlines()
        if shown and shown[-1] in ("...",):
            shown = shown[:-1]
            got = got[: len(shown)]
        assert got == shown, command
