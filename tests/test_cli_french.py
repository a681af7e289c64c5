"""The command line speaks French, from the catalogue alone: ``--lang fr`` or ``LANG=fr_FR.UTF-8``,
its own messages, argparse's usage, headings and errors, the refusals, and the words a player
types (``miser``, ``tirer``, ``non``) accepted whatever the language."""

from __future__ import annotations

import gettext
import os
import subprocess
import sys

import pytest
from cli_support import run_cli

from bacara_teach import Coup
from bacara_teach.cli.chemin import _decision
from bacara_teach.online_table import OnlineTable
from bacara_teach.text import DOMAIN, LOCALE_DIR, format_number, tr

FRENCH = "fr"
BANCO_WINS = "4♥ 2♠ 9♣ A♦ 8♦"
_LANGUAGE_VARS = ("BACARA_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.fixture(autouse=True)
def _no_language_from_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in _LANGUAGE_VARS:
        monkeypatch.delenv(name, raising=False)


def _french(msgid: str) -> str:
    """``msgid`` as the French catalogue has it (the test reads the catalogue, not the code)."""
    return gettext.translation(DOMAIN, LOCALE_DIR, [FRENCH]).gettext(msgid)


def test_deal_is_told_in_french_with_the_option(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, ["--lang", "fr", "deal", "--cards", BANCO_WINS])
    assert (code, err) == (0, "")
    assert out.rstrip().endswith(Coup.from_cards(BANCO_WINS).narrate(FRENCH).splitlines()[-1])
    assert "Banco gagne" in out and "Banco wins" not in out


def test_the_french_locale_reaches_a_separate_process() -> None:
    env = {k: v for k, v in os.environ.items() if k not in _LANGUAGE_VARS}
    env["LANG"] = "fr_FR.UTF-8"
    done = subprocess.run([sys.executable, "-m", "bacara_teach", "deal", "--cards", BANCO_WINS],
                          capture_output=True, text=True, encoding="utf-8", check=False, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith(Coup.from_cards(BANCO_WINS).narrate(FRENCH).splitlines()[-1])


def test_argparse_help_is_french(capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, ["--lang", "fr", "deal", "--help"])
    assert code == 0
    assert out.startswith(_french("usage: ").rstrip()) and "utilisation" in out
    assert _french("options") + ":" in out.replace(NBSP, "").replace(" :", ":")
    assert _french("show this help message and exit") in " ".join(out.split())
    assert "usage:" not in out and "show this help" not in out


def test_argparse_usage_and_errors_are_french(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    for argv, quoted in [(["--lang", "fr", "deal", "--decks", "0"], "'0'"),
                         (["--lang", "fr", "tableau", "--game", "macao"], "'macao'"),
                         (["--lang", "fr", "deal", "--no-such-option"], "--no-such-option")]:
        code, out, err = run_cli(capsys, monkeypatch, argv)
        assert code == 2 and out == "", argv
        assert err.startswith("utilisation"), err
        assert "erreur" in err and quoted in err, err
        assert "usage:" not in err and "error:" not in err and "expected" not in err, err


def test_a_refusal_is_french_and_names_the_input(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, ["--lang", "fr", "settle", "--profile", "macao",
                                                   "--bet", "banco=20", "--cards", BANCO_WINS])
    assert code == 2 and out == ""
    assert "'macao'" in err and "erreur" in err and "unknown" not in err.lower()


def test_play_in_french_takes_french_words_and_writes_french_numbers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = "miser banco 10\ncontinuer\nhistorique\nsolde\naide\nquitter\n"
    code, out, _ = run_cli(capsys, monkeypatch, ["--lang", "fr", "play", "--seed", "7"], script)
    assert code == 0 and "erreur" not in out and "error" not in out
    table = OnlineTable(balance="100", seed=7)     # the same coup on the engine's own table
    table.place("banco", "10")
    coup = table.deal().coup
    assert f"Punto {coup.punto_total}, Banco {coup.banco_total}" in out
    assert "Commandes" in out and "Commands" not in out
    english_script = "bet banco 10\ncontinue\nhistory\nbalance\nhelp\nquit\n"
    _, same, _ = run_cli(capsys, monkeypatch, ["--lang", "fr", "play", "--seed", "7"],
                         english_script)
    assert [line for line in same.splitlines() if not line.startswith(">")] == \
        [line for line in out.splitlines() if not line.startswith(">")]


def test_a_french_balance_is_grouped_with_a_narrow_no_break_space(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run_cli(capsys, monkeypatch, ["--lang", "fr", "play", "--seed", "7",
                                                 "--balance", "20000"], "solde\nquitter\n")
    assert code == 0
    assert format_number(20000, ",", FRENCH) == f"20{NNBSP}000" and f"20{NNBSP}000" in out


@pytest.mark.parametrize(("answer", "decision"), [("tirer", "draw"), ("Je reste", "stand"),
                                                  ("rester", "stand"), ("draw", "draw")])
def test_french_decisions_are_read(answer: str, decision: str) -> None:
    assert _decision(answer) == decision


def test_chemin_de_fer_in_french_takes_non(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["--lang", "fr", "chemin-de-fer", "session", "--players", "Ana,Luis,Eva", "--seed", "11"]
    _, fr, _ = run_cli(capsys, monkeypatch, argv, "x\nnon\n1\n")
    _, en, _ = run_cli(capsys, monkeypatch, argv[2:], "x\nno\n1\n")
    assert "'non'" in fr and "Vous jouez Ana" in fr
    assert "not accepted" not in fr.lower()
    refusals = [line for line in fr.splitlines() if "non valide" in line]
    assert len(refusals) == 1 and "'x'" in refusals[0]          # 'x' refused, 'non' taken
    assert len(fr.splitlines()) == len(en.splitlines())


def test_french_messages_keep_french_typography() -> None:
    said = tr("invalid decision {answer!r}: expected 'draw' or 'stand'", FRENCH, answer="x")
    assert f"{NBSP}:" in said and " :" not in said
