"""The `tenbou` command line."""
from __future__ import annotations

import json
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
    assert code == 0 and "pinfu" in out and "平和" in out and "핑후" in out and "1 han, closed only" in out and "2 han (1 open)" in out


def test_console_script_runs():
    out = subprocess.run([sys.executable, "-m", "tenbou.cli", "points", "--han", "2", "--fu", "30"],
                         capture_output=True, text=True, check=True).stdout
    assert "Total 2,000" in out


def test_readable_stdin_request_and_bad_json(run_cli):
    code, out = run_cli(["score", "-"], stdin='{"hand": "234567m234p55s678s", "win_tile": "5m", "riichi": true}')
    assert code == 0 and "Total     5,800" in out
    code, out = run_cli(["score", "-"], stdin='{"hand": ')
    assert code == 1 and out.startswith("Not scored (invalid_input): invalid JSON at character")


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
    assert code == 1 and "unknown character 'P' at position 14" in out


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
