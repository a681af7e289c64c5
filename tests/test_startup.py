"""Start-up: the package loads its names on first use, and a command reads only its own module.

The speed itself is measured by ``tests/benchmarks/bench_cli.py``; these tests hold what
makes it: which modules a fresh interpreter has loaded after each step, and that the
parser a command line gets is the same as the full one for that command.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

import bacara_teach
from bacara_teach.cli import COMMAND_MODULES, COMMANDS, build_parser, command_of, main

ROOT = Path(__file__).resolve().parents[1]

#: Modules a single coup at the command line has no use for.
NOT_FOR_A_COUP = (
    "bacara_teach.analysis", "bacara_teach.exercises", "bacara_teach.tables",
    "bacara_teach.settlement", "bacara_teach.online_table", "bacara_teach.home_session",
    "bacara_teach.chemin_de_fer_session", "bacara_teach.money", "bacara_teach.charts",
    "bacara_teach.refusals", "bacara_teach.cli.tables", "bacara_teach.cli.odds",
    "bacara_teach.cli.chemin", "bacara_teach.cli.teacher", "importlib.metadata", "json",
    "typing", "fractions", "decimal", "shutil", "random",
)


def loaded_after(code: str, *, env: dict[str, str] | None = None) -> set[str]:
    """The modules of this interpreter a fresh process has loaded after running ``code``."""
    probe = (f"import sys\nbefore = set(sys.modules)\n{code}\n"
             "import json\nprint(json.dumps(sorted(set(sys.modules) - before - {'json'})))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True, cwd=ROOT, env=env)
    names: list[str] = json.loads(result.stdout.splitlines()[-1])
    return set(names)


def test_importing_the_package_loads_none_of_its_modules() -> None:
    assert {name for name in loaded_after("import bacara_teach")
            if name.startswith("bacara_teach.") or name in ("typing", "importlib.metadata")} == set()


def test_a_public_name_loads_its_own_module_only() -> None:
    loaded = loaded_after("from bacara_teach import Shoe")
    assert "bacara_teach.shoe" in loaded
    assert not loaded & {"bacara_teach.punto_banco", "bacara_teach.tables", "bacara_teach.home_session"}


@pytest.mark.parametrize("name", bacara_teach.__all__)
def test_every_public_name_is_its_modules_own(name: str) -> None:
    value = getattr(bacara_teach, name)
    if name == "__version__":
        assert value == version("bacara_teach")
        return
    home = importlib.import_module(f"bacara_teach.{bacara_teach._HOME[name]}")
    assert getattr(home, name) is value
    assert name in dir(bacara_teach)


def test_an_unknown_name_is_an_attribute_error_and_submodules_still_import() -> None:
    with pytest.raises(AttributeError, match="'Coupe'"):
        bacara_teach.Coupe  # noqa: B018
    from bacara_teach import display  # a submodule, not a public name

    assert display.__name__ == "bacara_teach.display"


def test_the_version_is_the_one_the_build_reads() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "bacara_teach/__init__.py"
    assert bacara_teach.__version__ == version("bacara_teach")


def test_dealing_a_coup_reads_only_what_the_coup_needs() -> None:
    loaded = loaded_after("from bacara_teach.cli import main\n"
                          "main(['deal', '--cards', '4h 2s 9c ad 8d'])")
    assert "bacara_teach.cli.coup" in loaded and "bacara_teach.narration" in loaded
    assert sorted(loaded & set(NOT_FOR_A_COUP)) == []


def test_english_reads_no_catalogue_and_lends_argparse_nothing() -> None:
    # A refused coup and a help, in English: the engine's message is its own English text,
    # no catalogue is opened and argparse keeps its own words.
    loaded = loaded_after(
        "import argparse, gettext\n"
        "from contextlib import redirect_stdout\n"
        "from io import StringIO\n"
        "from bacara_teach.cli import main\n"
        "assert main(['--lang', 'en', 'deal', '--cards', '11h 2s 9c ad 8d']) == 2\n"
        "try:\n"
        "    with redirect_stdout(StringIO()):\n"
        "        main(['--lang', 'en', 'deal', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "from bacara_teach import text\n"
        "assert text._CATALOGUES == {}, text._CATALOGUES\n"
        "assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext\n")
    assert "bacara_teach.cli.argparse_text" not in loaded


def test_another_language_reads_its_catalogue_and_gives_argparse_its_words_back() -> None:
    loaded = loaded_after(
        "import argparse, gettext\n"
        "from bacara_teach.cli import main\n"
        "assert main(['--lang', 'es', 'deal', '--cards', '11h 2s 9c ad 8d']) == 2\n"
        "from bacara_teach import text\n"
        "assert list(text._CATALOGUES) == ['es'], text._CATALOGUES\n"
        "assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext\n")
    assert "bacara_teach.cli.argparse_text" in loaded


def _choices(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_the_command_table_is_what_the_modules_register() -> None:
    full = _choices(build_parser())
    assert list(full) == list(COMMANDS)
    assert COMMAND_MODULES == ("coup", "tables", "chemin", "banque", "teacher", "odds", "roads")
    for module in COMMAND_MODULES:
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(f"bacara_teach.cli.{module}").register(sub)
        registered = dict(sub.choices)
        assert sorted(registered) == sorted(c for c, m in COMMANDS.items() if m == module)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_commands_own_parser_is_the_full_parsers(command: str) -> None:
    alone = _choices(build_parser(command))
    assert command in alone
    assert alone[command].format_help() == _choices(build_parser())[command].format_help()


@pytest.mark.parametrize(("argv", "command"), [
    (["deal", "--cards", "4h"], "deal"),
    (["--lang", "es", "odds", "--decks", "8"], "odds"),
    (["--lang=es", "chemin-de-fer", "deal"], "chemin-de-fer"),
    (["--lang", "deal"], None),          # the word is --lang's value: argparse decides
    (["--la", "es", "deal"], None),      # an abbreviation: the full parser reads it
    (["--version"], None),
    (["-h"], None),
    (["dael"], None),                    # a typo: the full parser lists the choices
    ([], None),
])
def test_command_of(argv: list[str], command: str | None) -> None:
    assert command_of(argv) == command


def test_what_the_full_parser_reads_works_the_same(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACARA_LANG", "en")
    assert main(["--la", "es", "deal", "--cards", "4h 2s 9c ad 8d"]) == 0
    abbreviated = capsys.readouterr().out
    assert main(["--lang", "es", "deal", "--cards", "4h 2s 9c ad 8d"]) == 0
    assert abbreviated == capsys.readouterr().out
    assert "Banco" in abbreviated and "Banco wins" not in abbreviated
    with pytest.raises(SystemExit) as exit_:
        main(["dael"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'dael'" in err
    assert all(f"'{command}'" in err for command in COMMANDS)


@pytest.mark.parametrize("columns", ["", "50", "0", "wide", "200"])
def test_help_is_as_wide_as_argparse_makes_it(columns: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from bacara_teach.cli.messages import _HelpFormatter

    monkeypatch.setenv("COLUMNS", columns)
    assert _HelpFormatter("bacara-teach")._width == argparse.HelpFormatter("bacara-teach")._width
    monkeypatch.delenv("COLUMNS")
    assert _HelpFormatter("bacara-teach")._width == argparse.HelpFormatter("bacara-teach")._width
