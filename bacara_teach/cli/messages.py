"""The language of the command line's messages, and its words where the engine has none.

``bacara-teach`` speaks the language of ``--lang`` (accepted before the sub-command and
after it), else of :func:`bacara_teach.i18n.default_language` (``BACARA_LANG``, then the
locale, else English).  Every sub-command receives the resolved language as ``args.lang``.

Errors the engine raises are written in English; the sub-commands show them with
:func:`bacara_teach.refusals.refusal_text`, in the language of the command line.
argparse's own errors are rendered here.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping, Sequence

from bacara_teach.errors import IllegalAction
from bacara_teach.i18n import ENV_VAR, LANGUAGES, default_language, pick

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at run time (mypy reads it the same)
if TYPE_CHECKING:
    from typing import Any, NoReturn

__all__ = [
    "LANGUAGES",
    "CliParser",
    "add_lang_argument",
    "current_language",
    "language_error",
    "language_from_argv",
    "set_language",
    "t",
]

_state = {"lang": "en"}


def set_language(lang: str) -> None:
    """The language of messages written while the arguments are read (argparse's errors)."""
    _state["lang"] = lang if lang in LANGUAGES else "en"


def current_language() -> str:
    return _state["lang"]


def t(lang: str, en: str, es: str) -> str:
    """``en`` or ``es``, by ``lang``."""
    return pick(lang, en=en, es=es)


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on a sub-command (the same option as the global one)."""
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help="language of the messages (default: BACARA_LANG, else the locale, else en)")


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
        if value in LANGUAGES:
            chosen = value
    return chosen if chosen is not None else default_language(environ)


def language_error(error: IllegalAction, environ: Mapping[str, str] | None = None) -> str:
    """The message for a ``BACARA_LANG`` that names no language of the project, in the
    language of the locale."""
    env = dict(os.environ if environ is None else environ)
    value = env.pop(ENV_VAR, "").strip()
    return t(default_language(env),
             f"{error}; set {ENV_VAR} to en or es (or unset it), or give --lang en or --lang es",
             f"{ENV_VAR}={value!r} no es un idioma de bacara_teach: se esperaba uno de "
             f"{', '.join(LANGUAGES)}; ponga {ENV_VAR} a en o es (o quítela), o use --lang en "
             "o --lang es")


# -- argparse in Spanish ---------------------------------------------------------------------------

_ARGPARSE_ES: tuple[tuple[str, str], ...] = (
    (r"^argument (\S+): ", r"argumento \1: "),
    (r"invalid choice: (.+?) \(choose from (.+)\)$", r"opción no válida: \1 (elija entre \2)"),
    (r"^the following arguments are required: ", "faltan los argumentos obligatorios: "),
    (r"^unrecognized arguments: ", "argumentos no reconocidos: "),
    (r"expected one argument$", "se esperaba un valor"),
    (r"not allowed with argument (\S+)$", r"no se admite junto con el argumento \1"),
    (r"^one of the arguments (.+) is required$", r"hace falta uno de los argumentos \1"),
    (r"invalid (\w+) value: (.+)$", r"valor \1 no válido: \2"),
    (r"^ambiguous option: (\S+) could match (.+)$", r"opción ambigua: \1 puede ser \2"),
)


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


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's own layout, the width read by :func:`terminal_columns`."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)


def shorten(message: str) -> str:
    """A message with any huge input it quotes cut down to its ends and its size.

    A refusal names the input, but a number of 5,000 digits is named by its size.

    >>> shorten("invalid seed '" + "9" * 5000 + "'")
    "invalid seed '999999999999...9999 (5000 digits)'"
    >>> shorten("ok 123")
    'ok 123'
    """
    message = re.sub(r"\d{61,}", lambda m: f"{m[0][:12]}...{m[0][-4:]} ({len(m[0])} digits)",
                     message)
    return re.sub(r"[^\s'\"]{201,}",
                  lambda m: f"{m[0][:40]}... ({len(m[0])} characters)", message)


class CliParser(argparse.ArgumentParser):
    """An argument parser whose error messages follow the language of the command line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)  # sub-commands' parsers too
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        message = shorten(message)
        if current_language() == "es":
            for pattern, replacement in _ARGPARSE_ES:
                message = re.sub(pattern, replacement, message)
        usage = self.format_usage()
        if current_language() == "es":
            usage = usage.replace("usage: ", "uso: ", 1)
        self._print_message(usage, sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")
