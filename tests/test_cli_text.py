"""The command line's words come from the catalogues: its own messages, its help, argparse's.

English is what the code writes (argparse's own words included); another language is read
from the catalogues, argparse's headings and refusals too, and the numbers a person reads
follow that language while ``--json`` stays machine.
"""

from __future__ import annotations

import argparse
import ast
import gettext
import io
import re
import sys
from pathlib import Path

import pytest

from bacara_teach.cli import main
from bacara_teach.cli.argparse_text import ARGPARSE_MESSAGES, ARGPARSE_PLURALS, speaking
from bacara_teach.cli.messages import alternatives, language_error, shorten
from bacara_teach.text import DOMAIN, LOCALE_DIR, language_codes, tr

ROOT = Path(__file__).resolve().parents[1]
BANCO_WINS = "4♥ 2♠ 9♣ A♦ 8♦"
_LANGUAGE_VARS = ("BACARA_LANG", "LC_ALL", "LC_MESSAGES", "LANG")

ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?!\d)|\d\.\d{1,2}(?!\d)")
"""A number written the English way (``1,234``, ``0.95``): a Spanish reader misreads it."""


@pytest.fixture(autouse=True)
def _no_language_from_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in _LANGUAGE_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "100")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit status, standard output and standard error of one command line."""
    try:
        code = main(list(argv))
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


# -- argparse's own words ------------------------------------------------------------------------


def test_the_help_of_a_command_is_spanish_headings_and_all(capsys: pytest.CaptureFixture[str]) -> None:
    code, es, _ = run(capsys, "--lang", "es", "deal", "--help")
    assert code == 0
    assert es.startswith("uso: bacara-teach deal ")
    assert "\nopciones:\n" in es and "muestra esta ayuda y termina" in es
    assert "--cards CARTAS" in es and "--seed SEMILLA" in es and "--decks BARAJAS" in es
    assert "las cartas en el orden del reparto" in es
    for english in ("usage:", "options:", "show this help", "CARDS", "the cards in deal order"):
        assert english not in es
    code, en, _ = run(capsys, "--lang", "en", "deal", "--help")
    assert code == 0
    assert en.startswith("usage: bacara-teach deal ")
    assert "\noptions:\n" in en and "show this help message and exit" in en
    assert "--cards CARDS" in en and "the cards in deal order: Punto, Banco" in en


def test_the_top_level_help_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, es, _ = run(capsys, "--lang", "es", "--help")
    assert code == 0
    assert "argumentos posicionales:" in es and "ORDEN" in es
    assert "muestra la versión del programa y termina" in es
    assert "reparte un coup de Punto Banco y explica cada robo" in es
    assert "Las reglas del bacará" in es
    # the game is bacará; Baccarat Banque keeps its French name, as Chemin de Fer does
    assert "baccarat" not in es.lower().replace("baccarat banque", "")


@pytest.mark.parametrize(("argv", "es", "en"), [
    (["settle", "--bet", "banco=5"],
     "faltan los argumentos obligatorios: --cards",
     "the following arguments are required: --cards"),
    (["tableau", "--game", "macao"],
     "argumento --game: opción no válida: 'macao' (elija entre 'punto-banco', 'chemin-de-fer', "
     "'chemin-de-fer-single')",
     "argument --game: invalid choice: 'macao' (choose from 'punto-banco', 'chemin-de-fer', "
     "'chemin-de-fer-single')"),
    (["deal", "--cards", BANCO_WINS, "--bogus"],
     "argumentos no reconocidos: --bogus", "unrecognized arguments: --bogus"),
    (["deal", "--cards"],
     "argumento --cards: se esperaba un valor", "argument --cards: expected one argument"),
    (["deal", "--cards", BANCO_WINS, "--seed", "3"],
     "argumento --seed: no se admite junto con el argumento --cards",
     "argument --seed: not allowed with argument --cards"),
    (["chemin-de-fer", "deal"],
     "hace falta uno de los argumentos --cards --seed",
     "one of the arguments --cards --seed is required"),
    (["play", "--s", "3"],
     "opción ambigua: --s puede ser --seed, --save",
     "ambiguous option: --s could match --seed, --save"),
    (["roads", "--seed", "x"],
     "argumento --seed: valor no válido para int: 'x'",
     "argument --seed: invalid int value: 'x'"),
    (["deal", "--decks", "0"],
     "argumento --decks: número de barajas no válido '0': se esperaba un número entero de 1 a 12",
     "argument --decks: invalid number of decks '0': expected a whole number from 1 to 12"),
])
def test_argparse_refuses_in_the_language_of_the_command_line(
        capsys: pytest.CaptureFixture[str], argv: list[str], es: str, en: str) -> None:
    code, out, err = run(capsys, "--lang", "es", *argv)
    assert (code, out) == (2, "")
    assert err.startswith("uso: bacara-teach ")
    assert err.splitlines()[-1].endswith(f": error: {es}")
    code, out, err = run(capsys, "--lang", "en", *argv)
    assert (code, out) == (2, "")
    assert err.startswith("usage: bacara-teach ")
    assert err.splitlines()[-1].endswith(f": error: {en}")


def test_argparse_gets_its_own_words_back(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--lang", "es", "deal", "--help"], ["--lang", "es", "tableau", "--game", "x"],
                 ["--lang", "es", "deal", "--cards", BANCO_WINS]):
        run(capsys, *argv)
        assert argparse._ is gettext.gettext  # type: ignore[attr-defined]
        assert argparse.ngettext is gettext.ngettext  # type: ignore[attr-defined]
    # A parser of someone else's, made after a Spanish command line, speaks English.
    parser = argparse.ArgumentParser(prog="other")
    assert "show this help message and exit" in parser.format_help()


def test_speaking_blocks_nest_and_undo_themselves() -> None:
    before = argparse._  # type: ignore[attr-defined]
    with speaking("es"):
        outer = argparse._  # type: ignore[attr-defined]
        with speaking("es"):
            assert argparse._("usage: ") == "uso: "  # type: ignore[attr-defined]
        assert argparse._ is outer  # type: ignore[attr-defined]
        assert argparse._(None) is None  # type: ignore[attr-defined] # argparse asks for None
        assert argparse._("not a message of ours") == "not a message of ours"  # type: ignore[attr-defined]
        plural = argparse.ngettext  # type: ignore[attr-defined]
        assert plural("expected %s argument", "expected %s arguments", 2) == "se esperaban %s valores"
    assert argparse._ is before  # type: ignore[attr-defined]
    with speaking("en"):
        assert argparse._ is before  # type: ignore[attr-defined] # English: nothing lent


_NOT_FOR_USERS = {
    # argparse's complaints about the program itself, and the line CliParser writes its own way.
    ".__call__() not defined", "conflicting subparser: %s", "conflicting subparser alias: %s",
    'argument "-" with mode %r', "can't open '%(filename)s': %(error)s",
    "cannot merge actions - two groups are named %r",
    "'required' is an invalid argument for positionals",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "dest= is required for options like %r", "invalid conflict_resolution value: %r",
    "mutually exclusive arguments must be optional", "cannot have multiple subparser arguments",
    "%r is not callable", "%(prog)s: error: %(message)s\n",
}


def _argparse_texts() -> tuple[set[str], set[tuple[str, str]]]:
    """The literal texts this Python's argparse passes to ``_`` and ``ngettext``."""
    tree = ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))
    single: set[str] = set()
    plural: set[tuple[str, str]] = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        texts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if node.func.id == "_" and texts:
            single.add(texts[0])
        elif node.func.id == "ngettext" and len(texts) >= 2:
            plural.add((texts[0], texts[1]))
    return single, plural


def test_every_text_argparse_can_show_a_user_is_marked_for_the_catalogues() -> None:
    single, plural = _argparse_texts()
    assert "usage: " in single and "expected one argument" in single  # the reading works
    assert single - _NOT_FOR_USERS <= set(ARGPARSE_MESSAGES)
    marked = {(m.msgid, m.plural) for m in ARGPARSE_PLURALS}
    assert {p for p in plural if not p[0].startswith("conflicting")} <= marked


def test_argparse_texts_keep_argparse_placeholders_in_translation() -> None:
    catalogue = gettext.translation(DOMAIN, LOCALE_DIR, ["es"])
    for text in ARGPARSE_MESSAGES:
        translated = catalogue.gettext(text)
        assert translated != text, text
        assert sorted(re.findall(r"%\(\w+\)[rs]|%[rs]", translated)) == \
            sorted(re.findall(r"%\(\w+\)[rs]|%[rs]", text)), text


# -- every sentence of the command line has its translation ---------------------------------------


_SAME_IN_SPANISH = {
    "COUPS", "{prog}: error: {message}", "Coup {number}: {hands}", "error: {message}",
    "{name}: {title} ({questions}, {points})", "{name} ({label}): {title}", "no",
}
"""Messages of the command line that read the same in Spanish (a loan word, or only glue)."""


def _cli_messages() -> list[tuple[str | None, str]]:
    """Every message of ``bacara_teach/cli`` in the template: its context and its msgid."""
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    import engine_messages

    template = engine_messages.read(engine_messages.TEMPLATE)
    found = []
    for entry in template:
        if entry.id and any(path.startswith("bacara_teach/cli/") for path, _ in entry.locations):
            first = entry.id if isinstance(entry.id, str) else entry.id[0]
            found.append((entry.context, first))
    return found


def test_every_message_of_the_command_line_reads_in_spanish() -> None:
    catalogue = gettext.translation(DOMAIN, LOCALE_DIR, ["es"])
    messages = _cli_messages()
    assert len(messages) > 200
    for context, msgid in messages:
        spanish = catalogue.pgettext(context, msgid) if context else catalogue.gettext(msgid)
        if msgid in _SAME_IN_SPANISH:
            continue
        assert spanish != msgid, f"{msgid!r} is not translated"


# -- numbers in the reader's conventions ----------------------------------------------------------


def test_odds_and_a_simulation_write_spanish_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, es, _ = run(capsys, "--lang", "es", "odds", "--decks", "1", "--simulate", "20000")
    assert code == 0
    assert ENGLISH_NUMBER.search(es) is None, es
    assert "simulación: 20.000 coups, semilla 0" in es
    assert "  banco   0,459624" in es
    assert re.search(r"Banco: 0,95 a 1 +1,0117\u00a0%   desv\. típ\. 0,9282", es), es
    assert re.search(r"IC del 95\u00a0% \[0,\d{4}; 0,\d{4}\] contiene el valor exacto", es), es
    code, en, _ = run(capsys, "--lang", "en", "odds", "--decks", "1", "--simulate", "20000")
    assert "simulation: 20,000 coups, seed 0" in en and "  banco   0.459624" in en
    assert re.search(r"Banco: 0\.95 to 1 +1\.0117%   sd 0\.9282", en), en
    assert re.search(r"95% CI \[0\.\d{4}, 0\.\d{4}\] holds the exact value", en), en


def test_roads_and_side_bets_write_spanish_percentages(capsys: pytest.CaptureFixture[str]) -> None:
    _, roads, _ = run(capsys, "--lang", "es", "roads", "--coups", "5")
    line = roads.splitlines()[-1]
    assert line.startswith("Coup siguiente, exactamente, con las 394 cartas que quedan:")
    assert re.fullmatch(r".*: Banco \d\d,\d{4}\u00a0%, Punto \d\d,\d{4}\u00a0%, Empate \d,\d{4}\u00a0%",
                        line), line
    _, side, _ = run(capsys, "--lang", "es", "side-bets")
    edges = [row.split()[1:3] for row in side.splitlines()[1:]]
    assert edges and all(re.fullmatch(r"−?\d+,\d{4}", number) and sign == "%"
                         for number, sign in edges), edges
    _, side_en, _ = run(capsys, "--lang", "en", "side-bets")
    assert re.search(r"  punto +1\.2351%  ", side_en), side_en


def test_the_chemin_de_fer_solution_writes_spanish_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("scipy")
    code, es, _ = run(capsys, "--lang", "es", "cdf-analysis", "--decks", "1")
    assert code == 0
    assert ENGLISH_NUMBER.search(es) is None, es
    assert "varios apostadores: valor para el apostador −0,012957 por unidad (52 cartas: " in es
    assert "roba con probabilidad 0,818182" in es


def test_play_writes_spanish_amounts_and_json_stays_machine(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("bet banco 10\ncontinue\nbalance\nquit\n"))
    _, es, _ = run(capsys, "--lang", "es", "play", "--seed", "7")
    assert "Saldo: 109,5" in es and "Deja la mesa con 109,5 (empezó con 100, +9,5)." in es
    _, out, _ = run(capsys, "--lang", "es", "settle", "--profile", "online", "--bet", "banco=5",
                    "--cards", BANCO_WINS, "--json")
    assert '"net": "4.75"' in out or '"net": 4.75' in out


def test_a_loss_is_written_with_the_spanish_minus(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("bet punto 10\ncontinue\nquit\n"))
    _, es, _ = run(capsys, "--lang", "es", "play", "--seed", "7")
    assert "(empezó con 100, \u221210)." in es
    monkeypatch.setattr(sys, "stdin", io.StringIO("bet punto 10\ncontinue\nquit\n"))
    _, en, _ = run(capsys, "--lang", "en", "play", "--seed", "7")
    assert "(started with 100, \u221210)." in en


# -- the command line's own helpers ---------------------------------------------------------------


def test_a_wrong_bacara_lang_is_explained_in_the_locales_language() -> None:
    codes = language_codes()
    es = language_error({"BACARA_LANG": "xx", "LANG": "es_ES.UTF-8"})
    assert es.startswith("BACARA_LANG='xx' no es un idioma de bacara_teach: se esperaba uno de "
                         + ", ".join(codes))
    assert es.endswith(f"o use {alternatives([f'--lang {c}' for c in codes], 'es')}")
    en = language_error({"BACARA_LANG": "xx"})
    assert en == (f"BACARA_LANG='xx' is not a language of bacara_teach: expected one of "
                  f"{', '.join(codes)}; set BACARA_LANG to {alternatives(codes, 'en')} (or unset "
                  f"it), or give {alternatives([f'--lang {c}' for c in codes], 'en')}")


def test_a_huge_input_is_named_by_its_size_in_the_language() -> None:
    assert shorten("x " + "7" * 100, "es").endswith("(100 cifras)")
    assert shorten("x " + "ab" * 150, "es").endswith("(300 caracteres)")
    assert shorten("x " + "7" * 100, "en").endswith("(100 digits)")


def test_cancelling_one_bet_or_several_reads_right_in_spanish(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script = "bet banco 10\nbet empate 5\ncancel\nbet banco 10\ncancel banco\nquit\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    _, es, _ = run(capsys, "--lang", "es", "play", "--profile", "casino", "--seed", "3")
    assert "Apuestas canceladas: banco 10, empate 5. Saldo 100; en la mesa: ninguna" in es
    assert "Apuesta cancelada: banco 10. Saldo 100" in es
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    _, en, _ = run(capsys, "--lang", "en", "play", "--profile", "casino", "--seed", "3")
    assert "Cancelled banco 10, empate 5. Balance 100; on the table: none" in en
    assert "Cancelled banco 10. Balance 100" in en


def test_the_free_cells_and_shoes_of_the_solution_are_the_engines_labels() -> None:
    from bacara_teach.analysis.chemin_de_fer import (
        INFINITE_DECK,
        BankerPoint,
        BettorPoint,
        shoe_model,
    )
    from bacara_teach.cli.odds import _cards_text, _point_text

    for point in (BettorPoint(5), BettorPoint(5, (2, 3)), BankerPoint(3, 9), BankerPoint(6, None),
                  BankerPoint(3, 9, (1, 2))):
        for lang in language_codes():
            assert _point_text(str(point), lang) == point.label(lang)
    assert _point_text("something else", "es") == "something else"
    for lang in language_codes():
        assert _cards_text(shoe_model(6).name, 6, lang) == shoe_model(6).name_text(lang)
        assert _cards_text(INFINITE_DECK.name, 6, lang) == INFINITE_DECK.name_text(lang)


@pytest.mark.parametrize("lang", language_codes())
def test_every_commands_help_reads_in_the_language(lang: str) -> None:
    from bacara_teach.cli import build_parser
    from bacara_teach.reference import cli_commands

    commands = cli_commands(build_parser(lang=lang))
    assert len(commands) > 15
    for command in commands:
        text = command.parser.format_help()  # argparse fills in '%' of every help: none is lost
        assert text.startswith(tr("usage: ", lang)), command.name
        if lang != "en":
            assert "usage: " not in text, command.name
            assert "show this help" not in text and "(default" not in text, command.name
            assert tr("show this help message and exit", lang) in " ".join(text.split()), command.name


# -- a language is data ----------------------------------------------------------------------------


@pytest.fixture
def pseudo_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A language ``xx`` made from the template alone: every message in brackets (its
    placeholders kept), its own number symbols, and one entry in a copy of the list of
    languages. No Python changes: the text layer is pointed at the copied folder."""
    import json
    import shutil

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from bacara_teach import text

    locale = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, locale)
    entries = json.loads((locale / "languages.json").read_text(encoding="utf-8"))
    entries.append({"code": "xx", "name": "Pseudo",
                    "numbers": {"decimal": "·", "group": "'", "minus": "~", "percent": "{number}pc"}})
    (locale / "languages.json").write_text(json.dumps(entries), encoding="utf-8")
    with (locale / f"{DOMAIN}.pot").open("rb") as handle:
        template = read_po(handle)
    catalogue = Catalog(locale="en", domain=DOMAIN)  # two plural forms, as English has
    for entry in template:
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = tuple(f"[{one}]" for one in ids)
        catalogue.add(entry.id, strings if len(strings) > 1 else strings[0], context=entry.context)
    (locale / "xx" / "LC_MESSAGES").mkdir(parents=True)
    with (locale / "xx" / "LC_MESSAGES" / f"{DOMAIN}.mo").open("wb") as handle:
        write_mo(handle, catalogue)
    monkeypatch.setattr(text, "LOCALE_DIR", str(locale))
    monkeypatch.setattr(text, "_LANGUAGES", {})
    monkeypatch.setattr(text, "_CATALOGUES", {})
    return "xx"


def test_a_new_language_is_data_the_command_line_speaks_it(
        pseudo_language: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", pseudo_language, "deal", "--help")
    assert code == 0
    assert out.startswith("[usage: ]bacara-teach deal ")
    assert "[options]:" in out and "[show this help message and exit]" in out
    assert "--cards [CARDS]" in out and "{" + ",".join(language_codes()) + "}" in out
    code, _, err = run(capsys, "--lang", pseudo_language, "tableau", "--game", "macao")
    assert code == 2
    assert err.splitlines()[-1] == (
        "[{prog}: error: {message}]".format(
            prog="bacara-teach tableau",
            message="[argument --game: [invalid choice: 'macao' (choose from 'punto-banco', "
                    "'chemin-de-fer', 'chemin-de-fer-single')]]"))
    code, _, err = run(capsys, "--lang", pseudo_language, "odds", "--decks", "1",
                       "--simulate", "x")
    assert code == 2 and err.splitlines()[-1].endswith(
        "[argument --simulate: [invalid number 'x': expected a whole number >= 1]]]")
    code, _, err = run(capsys, "--lang", pseudo_language, "deal", "--cards", "  ")
    assert (code, err) == (2, '[{prog}: error: {message}]\n'.format(
        prog="bacara-teach", message='[--cards is empty: give the cards in deal order, e.g. '
                                     '"4♥ 2♠ 9♣ A♦ 8♦"]'))
