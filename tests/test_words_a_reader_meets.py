"""The command line names tables and rules by what they are: no letters of rule systems, no
numbered sources, no file the project does not ship.

Every command's ``--help`` (sub-commands of sub-commands too) and what ``profiles`` prints,
in every language, are read for the words a reader cannot look anything up by.  The built
site is read for the same words by ``tests/docs/test_words_on_the_site.py``.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from bacara_teach.cli import build_parser, main
from bacara_teach.tables import profile_names
from bacara_teach.text import language_codes

JARGON = re.compile(r"\b(?:system|sistema)s?\s+[A-D]\b|\bseeds?\s+0\d|\bRULES\.md\b",
                    re.IGNORECASE)
"""Names a reader cannot look up: a rule system's letter (``system A``, ``sistema C``), a
numbered source (``seed 003``), a file the project does not ship (``RULES.md``)."""


def jargon_in(text: str) -> list[str]:
    """Each piece of ``text`` that is jargon, with a little of what surrounds it."""
    return [text[max(0, m.start() - 30):m.end() + 30].replace("\n", " ")
            for m in JARGON.finditer(text)]


def test_the_pattern_finds_what_it_is_meant_to_find() -> None:
    found = jargon_in("home (system A), sistema C, Seed 003's example, see RULES.md, systems B")
    assert len(found) == 5
    assert jargon_in("the home study session, seed 2016, betting systems, a system of bets") == []


def _helps(parser: argparse.ArgumentParser, path: str) -> Iterator[tuple[str, str]]:
    yield path, parser.format_help()
    for action in parser._actions:  # argparse keeps its sub-commands among its actions
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _helps(sub, f"{path} {name}")


@pytest.mark.parametrize("lang", language_codes())
def test_no_help_of_any_command_speaks_jargon(lang: str) -> None:
    helps = dict(_helps(build_parser(None, lang), "bacara-teach"))
    assert len(helps) > 20 and "bacara-teach profiles" in helps
    found = {command: jargon_in(text) for command, text in helps.items() if jargon_in(text)}
    assert found == {}, f"--help in {lang}: {found}"


@pytest.mark.parametrize("lang", language_codes())
def test_profiles_names_each_table_by_what_it_is(lang: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    found = {}
    for argv in (["profiles"], *(["profiles", name] for name in profile_names())):
        assert main(["--lang", lang, *argv]) == 0
        out = capsys.readouterr().out
        if jargon_in(out):
            found[" ".join(argv)] = jargon_in(out)
    assert found == {}, f"bacara-teach --lang {lang}: {found}"
    main(["--lang", lang, "profiles"])
    listed = capsys.readouterr().out
    home = {"en": "home study session", "es": "sesión de estudio en casa"}.get(lang)
    assert home is None or f"home ({home}): " in listed
    assert "home (" in listed
