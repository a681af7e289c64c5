"""The command line speaks every language of the package (English and Spanish here; French in
test_cli_french): ``--lang``, else ``BACARA_LANG``, else the locale."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

import pytest

from bacara_teach.cli import main
from bacara_teach.cli.chemin import _decision
from bacara_teach.cli.messages import language_from_argv
from bacara_teach.errors import NotationError
from bacara_teach.money import add, format_amount, format_signed
from bacara_teach.online_table import OnlineTable
from bacara_teach.text import language_codes, localize_number, tr

BANCO_WINS = "4♥ 2♠ 9♣ A♦ 8♦"  # RULES.md worked example 1
_LANGUAGE_VARS = ("BACARA_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def _no_language_from_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test chooses the language itself."""
    for name in _LANGUAGE_VARS:
        monkeypatch.delenv(name, raising=False)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_with_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                   text: str, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return run(capsys, *argv)


def _english_number(word: str) -> str:
    """A number below a thousand written in Spanish (``−4,5``) as English writes it (``-4.5``)."""
    return word.replace("\u2212", "-").replace(",", ".")


def _numbers(text: str, lang: str = "en") -> list[str]:
    """The cards and signed amounts of an output (in ``lang``), written with plain ASCII
    symbols: what must not depend on the language."""
    words = [word.strip(".,;:()").replace("\u2212", "-") for word in text.split()]
    if lang == "es":
        words = [_english_number(word) for word in words]
    return [word for word in words
            if any(ch in word for ch in "♠♥♦♣") or word.startswith(("+", "-"))]


# -- choosing the language ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "env"),
    [
        (["--lang", "es", "deal"], {}),
        (["deal", "--lang", "es"], {}),
        (["deal", "--lang=es"], {}),
        (["deal"], {"BACARA_LANG": "es"}),
        (["deal"], {"LANG": "es_ES.UTF-8"}),
        (["deal"], {"LC_ALL": "es_MX.UTF-8", "LANG": "en_US.UTF-8"}),
        (["--lang", "es", "deal"], {"BACARA_LANG": "en"}),   # the option wins
    ],
)
def test_the_language_comes_from_the_option_then_the_environment(argv: list[str],
                                                                  env: dict[str, str]) -> None:
    assert language_from_argv(argv, env) == "es"


def test_without_option_or_locale_the_language_is_english() -> None:
    assert language_from_argv(["deal"], {}) == "en"
    assert language_from_argv(["deal"], {"LANG": "C.UTF-8"}) == "en"
    assert language_from_argv(["--lang", "en", "deal"], {"LANG": "es_ES.UTF-8"}) == "en"


def test_the_top_level_help_says_how_the_language_is_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--lang" in out and "BACARA_LANG" in out and "locale" in out


# -- deal: the same coup in both languages -------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "env"),
    [
        (["--lang", "es", "deal", "--cards", BANCO_WINS], {}),
        (["deal", "--cards", BANCO_WINS, "--lang", "es"], {}),
        (["deal", "--cards", BANCO_WINS], {"BACARA_LANG": "es"}),
        (["deal", "--cards", BANCO_WINS], {"LANG": "es_ES.UTF-8"}),
    ],
)
def test_deal_speaks_spanish(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                             argv: list[str], env: dict[str, str]) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, es, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert "Banco se planta con 3." in es and es.rstrip().endswith("Gana Banco, 3 a 1.")
    _, en, _ = run(capsys, "--lang", "en", "deal", "--cards", BANCO_WINS)
    assert "Banco stands on 3" in en or "Banco wins" in en
    assert _numbers(es, "es") == _numbers(en)


def test_a_seeded_deal_names_its_shoe_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    _, es, _ = run(capsys, "--lang", "es", "deal", "--seed", "3")
    _, en, _ = run(capsys, "deal", "--seed", "3")
    assert "(sabot: 8 barajas, semilla 3)" in es and "(shoe: 8 decks, seed 3)" in en
    assert _numbers(es, "es") == _numbers(en)


def test_the_locale_reaches_a_separate_process() -> None:
    env = {k: v for k, v in os.environ.items() if k not in _LANGUAGE_VARS}
    env["LANG"] = "es_ES.UTF-8"
    done = subprocess.run([sys.executable, "-m", "bacara_teach", "deal", "--cards", BANCO_WINS],
                          capture_output=True, text=True, encoding="utf-8", check=False, env=env)
    assert done.returncode == 0, done.stderr
    assert "Gana Banco, 3 a 1." in done.stdout


# -- machine output is the same in every language ----------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["deal", "--cards", BANCO_WINS, "--json"],
        ["deal", "--seed", "5", "--json"],
        ["tableau", "--json"],
        ["tableau", "--game", "chemin-de-fer", "--json"],
        ["settle", "--profile", "online", "--bet", "banco=5", "--cards", BANCO_WINS, "--json"],
        ["profiles", "--json"],
        ["profiles", "casino", "--json"],
        ["chemin-de-fer", "deal", "--cards", "2♥ A♠ 3♣ 2♦ 9♥ 5♠", "--bettor", "draw",
         "--banker", "draw", "--json"],
        ["odds", "--decks", "1", "--json"],
    ],
)
def test_json_is_identical_between_languages(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code_en, en, _ = run(capsys, "--lang", "en", *argv)
    assert code_en == 0
    for lang in language_codes()[1:]:
        code, other, _ = run(capsys, "--lang", lang, *argv)
        assert code == 0
        assert json.loads(en) == json.loads(other)
        assert en == other


# -- results and tables --------------------------------------------------------------------------


def test_settle_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["settle", "--profile", "online", "--bet", "banco=5", "--cards", BANCO_WINS]
    code, es, _ = run(capsys, "--lang", "es", *argv)
    assert code == 0
    lines = es.splitlines()
    assert lines[0] == "Punto 4♥ 9♣ 8♦ (1), Banco 2♠ A♦ (3): Gana Banco."
    assert lines[1].startswith("banco 5: ganada, se paga 1 a 1")
    assert lines[2] == "neto: +4,75"
    assert len(lines) == 3


def test_tableau_and_profiles_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    _, es, _ = run(capsys, "--lang", "es", "tableau")
    _, en, _ = run(capsys, "--lang", "en", "tableau")
    assert "roba" in es and "draws" in en
    grid = [line.split("|")[2] for line in es.splitlines() if line.strip()[:1].isdigit()]
    # the same cells, each letter as the language reads it (R roba, P se planta, L libre)
    assert grid == [line.split("|")[2].translate(str.maketrans("DSF", "RPL"))
                    for line in en.splitlines() if line.strip()[:1].isdigit()]
    _, out, _ = run(capsys, "profiles", "online", "--lang", "es")
    assert "barajas" in out and "comisión:" in out and "Mesa en línea de Punto Banco" in out


def test_odds_in_spanish_has_the_same_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    _, es, _ = run(capsys, "--lang", "es", "odds", "--decks", "1")
    _, en, _ = run(capsys, "--lang", "en", "odds", "--decks", "1")
    assert "ventaja de la casa" in es and "house edge" in en
    assert [_english_number(line.split()[1]) for line in es.splitlines()[1:4]] == \
        [line.split()[1] for line in en.splitlines()[1:4]]
    assert [line.split()[1] for line in es.splitlines()[1:4]] == ["0,459624", "0,446760", "0,093615"]


# -- the interactive loops -----------------------------------------------------------------------


PLAY_SCRIPT = "bet banco 10\ncontinue\napostar punto 5\ncontinuar\nbalance\nquit\n"


def test_play_in_spanish_takes_the_same_commands_and_deals_the_same_coups(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--seed", "7"]
    code_en, en, _ = run_with_input(monkeypatch, capsys, PLAY_SCRIPT, "--lang", "en", *argv)
    code_es, es, _ = run_with_input(monkeypatch, capsys, PLAY_SCRIPT, "--lang", "es", *argv)
    assert code_en == code_es == 0
    assert "hagan sus apuestas" in es and "Saldo" in es and "Deja la mesa con" in es
    assert "place your bets" in en and "You leave the table with" in en
    assert "place your bets" not in es and "error" not in es
    assert _numbers(es, "es") == _numbers(en)
    # The same two coups played on the engine's own table, from the same seed.
    table = OnlineTable(balance="100", seed=7)
    for on, stake in (("banco", "10"), ("punto", "5")):
        table.place(on, stake)
        table.deal()
        table.next_coup()
    final, net = table.balance, add(table.balance, -table.initial_balance)
    for lang, out in (("en", en), ("es", es)):
        assert out.splitlines()[-1] == tr(
            "You leave the table with {balance} (started with {initial}, {net}).", lang,
            balance=localize_number(format_amount(final), lang),
            initial=localize_number("100", lang), net=localize_number(format_signed(net), lang))


def test_play_in_spanish_accepts_spanish_command_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "apostar banco 10\ncontinuar\nhistorial\nsaldo\nayuda\nsalir\n"
    code, out, _ = run_with_input(monkeypatch, capsys, script, "--lang", "es", "play", "--seed", "7")
    assert code == 0 and "error" not in out
    table = OnlineTable(balance="100", seed=7)          # the same coup on the engine's own table
    table.place("banco", "10")
    coup = table.deal().coup
    result = (tr("Empate: a tie", "es") if coup.winner.value == "empate"
              else tr("{hand} wins", "es", hand=coup.winner.value.title()))
    assert f"#1 Punto {coup.punto_total}, Banco {coup.banco_total}: {result}" in out
    assert "Órdenes" in out


def test_play_refusals_in_spanish_name_the_input_and_what_is_valid(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "bet banco 500\nbet lucky 5\nfoo\nbet banco\nquit\n"
    code, out, _ = run_with_input(monkeypatch, capsys, script, "--lang", "es", "play", "--seed", "7")
    assert code == 0
    assert ("error: Apuesta Banco 500 rechazada: el máximo por apuesta en la mesa en línea es 250."
            in out)
    assert ("error: Apuesta desconocida 'lucky': se esperaba una de punto, banco, empate" in out)
    assert "error: orden desconocida 'foo'" in out and "ayuda" in out
    assert "orden no válida: se esperaba apostar POSICIÓN IMPORTE" in out
    # over the balance
    script = "bet banco 90\nbet banco 20\nquit\n"
    _, out, _ = run_with_input(monkeypatch, capsys, script, "--lang", "es", "play", "--seed", "7")
    assert "supera lo que permite el saldo (saldo 100; 10 disponible para esta apuesta)" in out


def test_home_session_in_spanish(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    script = "p b x\np b e\npuntos\nsave\nsalir\n"
    argv = ["home-session", "--players", "Ana,Luis,Eva", "--seed", "3"]
    monkeypatch.setenv("BACARA_LANG", "es")
    code, es, _ = run_with_input(monkeypatch, capsys, script, *argv)
    assert code == 0
    assert "Sesión en casa: Ana, Luis, Eva (reparte Ana)" in es
    assert "error: Predicción no válida 'x' de Eva: se esperaba una de punto, banco, empate" in es
    assert "Puntuación:" in es and "Sesión en pausa antes del coup 2." in es
    assert "escriba 'guardar ARCHIVO'" in es
    _, en, _ = run_with_input(monkeypatch, capsys, script, "--lang", "en", *argv)
    assert _numbers(es, "es") == _numbers(en)


def test_chemin_de_fer_session_in_spanish(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["chemin-de-fer", "session", "--players", "Ana,Luis,Eva", "--seed", "11"]
    script = "x\nno\n1\n"
    code, es, _ = run_with_input(monkeypatch, capsys, script, "--lang", "es", *argv)
    assert code == 0
    assert "Usted juega como Ana." in es and "¿Dice banco y la cubre entera?" in es
    assert "No aceptado: respuesta no válida 'x': se esperaba 'banco' o 'no'." in es
    assert "La entrada terminó" in es
    code, en, _ = run_with_input(monkeypatch, capsys, script, "--lang", "en", *argv)
    assert "You play Ana." in en
    assert [line for line in es.splitlines() if line.startswith("> ")] == \
        [line for line in en.splitlines() if line.startswith("> ")]


_TU_FORMS = re.compile(r"\b(tú|tu|tus|escribe|usa|añade|quita|dejas|empezaste|juegas|decides|"
                       r"tomas|abres|dices|cubres|tienes|puedes)\b", re.IGNORECASE)
"""Second-person familiar forms: the Spanish messages address the reader as usted."""


def test_spanish_messages_address_the_reader_as_usted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "foo\nayuda\nbet banco 10\ncontinue\nquit\n"
    _, play, _ = run_with_input(monkeypatch, capsys, script, "--lang", "es", "play", "--seed", "7")
    assert "escriba ayuda (o help) para ver la lista de órdenes" in play
    assert "Escriba ayuda (o help) para ver las órdenes." in play and "ponga un importe" in play
    assert "Deja la mesa con" in play and "(empezó con 100, " in play
    home_argv = ["home-session", "--players", "Ana,Luis", "--seed", "3"]
    _, home, _ = run_with_input(monkeypatch, capsys, "ayuda\nsave\nsalir\n", "--lang", "es",
                                *home_argv)
    assert "Escriba una predicción" in home and "escriba 'guardar ARCHIVO'" in home
    cdf_argv = ["chemin-de-fer", "session", "--players", "Ana,Luis,Eva", "--seed", "11"]
    _, cdf, _ = run_with_input(monkeypatch, capsys, "x\nno\n1\n", "--lang", "es", *cdf_argv)
    assert "Escriba 'banco' o 'no'." in cdf
    for text in (play, home, cdf):
        said = "\n".join(line for line in text.splitlines()
                         if not line.startswith(("> ", "Ana? ", "Luis? ")))
        assert _TU_FORMS.search(said) is None, said


@pytest.mark.parametrize(("answer", "decision"),
                         [("robar", "draw"), ("Plantarse", "stand"), ("me planto", "stand"),
                          ("draw", "draw"), ("STAND", "stand")])
def test_coup_decisions_are_read_in_both_languages(answer: str, decision: str) -> None:
    assert _decision(answer) == decision


def test_an_unreadable_decision_in_spanish_says_what_is_valid() -> None:
    with pytest.raises(NotationError) as info:
        _decision("quizás")
    assert info.value.text("es") == ("decisión no válida 'quizás': se esperaba 'robar' o "
                                     "'plantarse' ('draw' o 'stand')")
    assert str(info.value) == "invalid decision 'quizás': expected 'draw' or 'stand'"


# -- errors ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "bad", "valid"),
    [
        (["deal", "--cards", "4♥ 2♠ 11♣ A♦"], "'11♣'", "seguido de un palo"),
        (["settle", "--profile", "macao", "--bet", "banco=20", "--cards", BANCO_WINS],
         "Perfil de mesa desconocido 'macao'", "se esperaba uno de home, casino, online"),
        (["settle", "--bet", "banco=5", "--cards", BANCO_WINS], "en la mesa de casa la apuesta es fija",
         "de 20"),
        (["settle", "--bet", "lucky=20", "--cards", BANCO_WINS], "Apuesta desconocida 'lucky'",
         "punto, banco, empate"),
        (["settle", "--option", "tie=later", "--bet", "banco=20", "--cards", BANCO_WINS],
         "'later'", "se esperaba uno de"),
        (["profiles", "macao"], "'macao'", "home, casino, online"),
        (["home-session", "--players", "Ana"], "hay 1: Ana", "de 2 a 8"),
        (["chemin-de-fer", "deal", "--cards", "2♥ A♠ 3♣ 2♦ 9♥ 5♠", "--bettor", "draw"],
         "el banquero debe decidir", "añada --banker draw o --banker stand"),
    ],
)
def test_errors_in_spanish_name_the_input_and_what_is_valid(
    capsys: pytest.CaptureFixture[str], argv: list[str], bad: str, valid: str
) -> None:
    code, out, err = run(capsys, "--lang", "es", *argv)
    assert code == 2 and out == ""
    assert err.startswith("bacara-teach: error: ") and len(err.strip().splitlines()) == 1
    assert bad in err and valid in err
    code_en, _, err_en = run(capsys, "--lang", "en", *argv)
    assert code_en == 2 and err_en != err


def test_argparse_errors_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, words in [
        (["--lang", "es", "deal", "--decks", "0"], ("'0'", "de 1 a")),
        (["--lang", "es", "tableau", "--game", "macao"], ("'macao'", "elija entre", "'punto-banco'")),
    ]:
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2
        err = capsys.readouterr().err
        assert all(word in err for word in words), err


def test_an_unknown_bacara_lang_is_a_clear_error(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("BACARA_LANG", "xx")
    code, out, err = run(capsys, "deal", "--cards", BANCO_WINS)
    assert code == 2 and out == ""
    assert "BACARA_LANG='xx'" in err and ", ".join(language_codes()) in err and "--lang" in err
    # the option needs no environment: it still works
    code, out, _ = run(capsys, "--lang", "es", "deal", "--cards", BANCO_WINS)
    assert code == 0 and "Gana Banco" in out


def test_an_unknown_language_option_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--lang", "xx", "deal"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "'xx'" in err and ", ".join(repr(code) for code in language_codes()) in err
