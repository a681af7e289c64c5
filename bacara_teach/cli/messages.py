"""The language of the command line, and argparse speaking it.

``bacara-teach`` speaks the language of ``--lang`` (accepted before the sub-command and
after it), else of :func:`bacara_teach.i18n.default_language` (``BACARA_LANG``, then the
locale, else English).  Every sub-command receives the resolved language as ``args.lang``.

Every sentence the command line prints is a message of :mod:`bacara_teach.text`, in the
language of the command line: its own, the engine's (an error carries its message), and
argparse's help and errors, which :class:`CliParser` renders through the same catalogues
(:mod:`bacara_teach.cli.argparse_text`).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping, Sequence

from bacara_teach.errors import BacaraError
from bacara_teach.i18n import ENV_VAR, default_language
from bacara_teach.text import N_, SOURCE_LANGUAGE, language_codes, tr

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at run time (mypy reads it the same)
if TYPE_CHECKING:
    from typing import Any, NoReturn

    LANGUAGES: tuple[str, ...]
    """The languages the command line speaks (``bacara_teach/locale/languages.json``)."""

    from bacara_teach.cli.argparse_text import speaking

__all__ = [
    "LANGUAGES",
    "CliParser",
    "add_lang_argument",
    "alternatives",
    "current_language",
    "language_error",
    "language_from_argv",
    "refusal",
    "set_language",
    "shorten",
]

_state = {"lang": SOURCE_LANGUAGE}


def __getattr__(name: str) -> object:
    # LANGUAGES is read from languages.json when asked for, as bacara_teach.i18n reads it.
    if name == "LANGUAGES":
        return language_codes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def set_language(lang: str) -> None:
    """The language of the parsers built from now on (their help and their errors)."""
    _state["lang"] = lang if lang in language_codes() else SOURCE_LANGUAGE


def current_language() -> str:
    """The language :func:`set_language` chose last (English until then)."""
    return _state["lang"]


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on a sub-command (the same option as the global one)."""
    parser.add_argument("--lang", choices=language_codes(), default=argparse.SUPPRESS,
                        help=tr("language of the messages (default: {variable}, else the "
                                "locale, else {source})", current_language(), variable=ENV_VAR,
                                source=SOURCE_LANGUAGE))


def alternatives(words: Sequence[str], lang: str | None = None) -> str:
    """``a, b or c``: one of ``words``, in ``lang``.

    >>> alternatives(["en", "es", "fr"], "en"), alternatives(["en", "es"], "es")
    ('en, es or fr', 'en o es')
    >>> alternatives(["en"], "en")
    'en'
    """
    if len(words) < 2:
        return "".join(words)
    return tr("{first} or {last}", lang, first=", ".join(words[:-1]), last=words[-1])


def language_from_argv(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language the arguments ask for (the last valid ``--lang``), else the default.

    >>> language_from_argv(["--lang", "es", "deal"]), language_from_argv(["deal", "--lang=es"])
    ('es', 'es')
    >>> language_from_argv(["deal"], {"BACARA_LANG": "es"})
    'es'
    """
    chosen: str | None = None
    items = list(argv)
    for index, word in enumerate(items):
        if word == "--":
            break
        value = None
        if word == "--lang" and index + 1 < len(items):
            value = items[index + 1]
        elif word.startswith("--lang="):
            value = word.partition("=")[2]
        if value in language_codes():
            chosen = value
    return chosen if chosen is not None else default_language(environ)


def language_error(environ: Mapping[str, str] | None = None) -> str:
    """The message for a ``BACARA_LANG`` that names no language of the project, in the
    language of the locale.

    >>> print(language_error({"BACARA_LANG": "xx", "LANG": "es_ES.UTF-8"}))
    BACARA_LANG='xx' no es un idioma de bacara_teach: se esperaba uno de en, es...
    """
    env = dict(os.environ if environ is None else environ)
    value = env.pop(ENV_VAR, "").strip()
    lang = default_language(env)
    return tr("{variable}={value!r} is not a language of bacara_teach: expected one of "
              "{languages}; set {variable} to {codes} (or unset it), or give {options}", lang,
              variable=ENV_VAR, value=value, languages=", ".join(language_codes()),
              codes=alternatives(language_codes(), lang),
              options=alternatives([f"--lang {code}" for code in language_codes()], lang))


def terminal_columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` reads it (``COLUMNS``, else
    the terminal of standard output, else 80), without importing :mod:`shutil` and the
    compression modules it loads: argparse asks for it for every option it adds.

    >>> terminal_columns() > 0
    True
    """
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


_METAVARS = frozenset((
    N_("ASSIGNMENT"), N_("BALANCE"), N_("BETTORS"), N_("CARDS"), N_("COUPS"), N_("DEALER"),
    N_("DECKS"), N_("FEEDBACK"), N_("JOBS"), N_("OUT"), N_("PLAYERS"), N_("PROFILE"),
    N_("REMOVE"), N_("REPORT"), N_("RESULTS"), N_("ROSTER"), N_("SEAT"), N_("SEED"),
    N_("STAKES"), N_("TIME_LIMIT"),
))
"""The placeholders argparse writes for the options' values (``--cards CARDS``), marked so
that a help in another language names them in its own words."""


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's own layout, the width read by :func:`terminal_columns`, the placeholders
    of the options' values in the language of the parser (``lang``)."""

    lang = SOURCE_LANGUAGE

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)

    def _get_default_metavar_for_optional(self, action: argparse.Action) -> str:
        name = super()._get_default_metavar_for_optional(action)
        return tr(name, self.lang) if name in _METAVARS else name


def shorten(message: str, lang: str | None = None) -> str:
    """A message with any huge input it quotes cut down to its ends and its size, in ``lang``
    (the language of the command line when ``None``).

    A refusal names the input, but a number of 5,000 digits is named by its size.

    >>> shorten("invalid seed '" + "9" * 5000 + "'")
    "invalid seed '999999999999...9999 (5000 digits)'"
    >>> shorten("semilla no válida '" + "9" * 5000 + "'", "es")
    "semilla no válida '999999999999...9999 (5000 cifras)'"
    >>> shorten("ok 123")
    'ok 123'
    """
    code = current_language() if lang is None else lang
    message = re.sub(r"\d{61,}", lambda m: tr("{start}...{end} ({count} digits)", code,
                                              start=m[0][:12], end=m[0][-4:], count=len(m[0])),
                     message)
    return re.sub(r"[^\s'\"]{201,}",
                  lambda m: tr("{start}... ({count} characters)", code, start=m[0][:40],
                               count=len(m[0])), message)


class CliParser(argparse.ArgumentParser):
    """An argument parser that speaks the language of the command line: its help, argparse's
    headings and errors, and its own refusals.

    The language is the one of :func:`set_language` when the parser is made (a sub-command's
    parser is made in the same language as its parent); argparse's texts come from the
    catalogues while the parser builds itself, formats its help or reads the arguments.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)  # sub-commands' parsers too
        self.lang = current_language()
        with self._speaking():
            super().__init__(*args, **kwargs)

    def _speaking(self) -> _Speaking | speaking:
        if self.lang == SOURCE_LANGUAGE:
            return _SILENT
        from bacara_teach.cli.argparse_text import speaking

        return speaking(self.lang)

    def _get_formatter(self) -> argparse.HelpFormatter:
        formatter = super()._get_formatter()
        if isinstance(formatter, _HelpFormatter):
            formatter.lang = self.lang
        return formatter

    def format_usage(self) -> str:
        with self._speaking():
            return super().format_usage()

    def format_help(self) -> str:
        with self._speaking():
            return super().format_help()

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        with self._speaking():  # it refuses unrecognized arguments itself
            return super().parse_args(args, namespace)

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None,
                         ) -> tuple[argparse.Namespace, list[str]]:
        with self._speaking():
            return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        usage = self.format_usage()
        self._print_message(usage, sys.stderr)
        self.exit(2, tr("{prog}: error: {message}", self.lang, prog=self.prog,
                        message=shorten(message, self.lang)) + "\n")


class _Speaking:
    """What a ``with`` block needs: the English parser's, which changes nothing."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


_SILENT = _Speaking()


def refusal(error: BacaraError | str, lang: str) -> str:
    """Why the engine (or the command line) refused, in ``lang``: the error's message.

    A message the catalogues translate is rendered from them; one they do not know yet (or
    an error given as its English text) is given to
    :func:`bacara_teach.refusals.refusal_text`.

    >>> from bacara_teach.errors import IllegalAction
    >>> from bacara_teach.text import message
    >>> refusal(IllegalAction(message("no bet given: add --bet POSITION=STAKE, e.g. --bet "
    ...                               "{example}", example="banco=20")), "es")
    'no se dio ninguna apuesta: añada --bet POSICIÓN=IMPORTE, p. ej. --bet banco=20'
    """
    text = error.text(lang) if isinstance(error, BacaraError) else error
    if lang == SOURCE_LANGUAGE or text != str(error):
        return text
    from bacara_teach.refusals import refusal_text

    return refusal_text(error, lang)
