"""Amounts at the command line: every one bounded, none ever rounded.

Every amount a user gives (``play --balance``, a stake typed at the table, ``settle --bet``,
the table limits of ``--option``, Baccarat Banque's ``--stakes``) is at most
:data:`~bacara_teach.money.MAX_AMOUNT` with at most :data:`~bacara_teach.money.MAX_DECIMALS`
decimal places: beyond, it is refused with exit 2 before anything is played, in the
program's own words (a number of 5,000 digits too, never Python's "Exceeds the limit"), and
``--help`` states the bound.  An amount shown is written with every digit, grouped the
reader's way.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from cli_support import run_cli

from bacara_teach.cli import build_parser
from bacara_teach.money import MAX_AMOUNT, MAX_DECIMALS
from bacara_teach.text import format_number, language_codes

BIG = "9" * 5000
CARDS = "4h 2s 9c ad 8d"


OVER = [BIG, f"{MAX_AMOUNT + 1}", f"{MAX_AMOUNT}.0000001", f"1.{'1' * (MAX_DECIMALS + 1)}",
        f"0.{'0' * 4990}1", f"{BIG}.{BIG}"]
"""Amounts beyond the bounds: too large, too many decimals, thousands of digits."""


def _money_options(amount: str) -> list[list[str]]:
    """Every money option of every command, given ``amount``."""
    return [
        ["play", "--balance", amount],
        ["play", "--option", f"max-bet={amount}"],
        ["play", "--option", f"min-bet={amount}"],
        ["play", "--profile", "home", "--option", f"fixed-stake={amount}"],
        ["settle", "--bet", f"banco={amount}", "--cards", CARDS],
        ["settle", "--option", f"max-bet={amount}", "--bet", "banco=5", "--cards", CARDS],
        ["banque", "2c 3s 3h 2d 2h 2s Kd", "--stakes", f"{amount},10"],
    ]


@pytest.mark.parametrize("amount", OVER, ids=["5000 digits", "max + 1", "7 decimals over max",
                                              "7 decimals", "5000 decimals", "both"])
def test_every_money_option_refuses_an_amount_beyond_the_bounds_before_anything_is_played(
        amount: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for argv in _money_options(amount):
        if argv[0] == "banque" and not amount.isdigit():
            continue  # chips are whole: refused as not whole, tested elsewhere
        code, out, err = run_cli(capsys, monkeypatch, argv, "bet banco 5\ncontinue\nquit\n")
        assert code == 2, (argv[:3], err[-300:])
        assert out == "", "nothing was played"
        assert "Exceeds the limit" not in err and "Traceback" not in err
        assert f"{MAX_AMOUNT:,}" in err, (argv[:3], err[-300:])
        assert len(err) < 2000, "the refusal does not quote 5,000 digits"


def test_the_bound_itself_is_fine_and_shown_with_every_digit(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    top = f"{MAX_AMOUNT - 1}.{'9' * MAX_DECIMALS}"
    code, out, _ = run_cli(capsys, monkeypatch, ["play", "--seed", "3", "--balance", top,
                                              "--option", "max-bet=none"],
                        "bet banco 999999999\ncontinue\nquit\n")
    assert code == 0
    assert "Balance 999,999,999.999999;" in out  # never rounded up to 1,000,000,000
    assert "Bet banco 999,999,999." in out
    code, out, _ = run_cli(capsys, monkeypatch, ["--lang", "es", "play", "--seed", "3", "--balance",
                                              top])
    assert code == 0 and "Saldo 999.999.999,999999;" in out
    code, out, _ = run_cli(capsys, monkeypatch, ["play", "--balance", str(MAX_AMOUNT)])
    assert code == 0 and "Balance 1,000,000,000;" in out


def test_a_huge_balance_says_so_in_the_programs_words_in_both_languages(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, ["play", "--balance", BIG], "continue\n")
    assert (code, out) == (2, "")
    assert err == ("bacara-teach: error: invalid balance of 5,000 digits: an amount is at most "
                   "1,000,000,000, with at most 6 decimal places\n")
    code, out, err = run_cli(capsys, monkeypatch, ["--lang", "es", "play", "--balance", BIG])
    assert (code, out) == (2, "")
    assert err == ("bacara-teach: error: Saldo no válido, de 5000 cifras: una cantidad es como "
                   "mucho 1.000.000.000, con 6 decimales como mucho.\n")


def test_a_stake_beyond_the_bound_typed_at_the_table_is_refused_and_changes_nothing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, ["play", "--seed", "3"],
                        f"bet banco {BIG}\nbet banco 5\nchange banco {BIG}\nbalance\nquit\n")
    assert code == 0
    assert out.count("error: invalid stake of 5,000 digits: an amount is at most "
                     "1,000,000,000") == 2
    assert "Balance 100; on the table: banco 5; available 95" in out
    assert "Exceeds the limit" not in out


@pytest.mark.parametrize("lang", language_codes())
def test_help_states_the_bound_of_every_money_option(lang: str) -> None:
    grouped = format_number(1_000_000_000, ",", lang)
    parser = build_parser(lang=lang)
    commands = next(action for action in parser._actions
                    if isinstance(action, argparse._SubParsersAction))
    for name, options in (("play", ["--balance", "--option"]), ("settle", ["--bet", "--option"]),
                          ("banque", ["--stakes"])):
        sub = commands.choices[name]
        for action in sub._actions:
            if set(action.option_strings) & set(options):
                assert grouped in (action.help or "").replace("\n", " "), (name, action.dest)


def test_a_saved_table_with_a_balance_beyond_the_bound_is_refused_and_left_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "table.json"
    assert run_cli(capsys, monkeypatch, ["play", "--seed", "3", "--save", str(save)])[0] == 0
    data = json.loads(save.read_text(encoding="utf-8"))
    for balance in (str(MAX_AMOUNT + 1), "1" + "0" * 59):
        data["rules"]["balance"] = balance
        save.write_text(json.dumps(data), encoding="utf-8")
        before = save.read_bytes()
        code, out, err = run_cli(capsys, monkeypatch, ["play", "--load", str(save), "--save",
                                                    str(save)], "bet banco 5\ncontinue\nquit\n")
        assert (code, out) == (2, "")
        assert "an amount is at most 1,000,000,000" in err
        assert save.read_bytes() == before
