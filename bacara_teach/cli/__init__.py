"""The ``bacara-teach`` command line.

Each sub-command lives in its own module of this package, which exposes
``register(subparsers)``; the only printing in the project happens here.
Errors in the user's input print one clear line on stderr and exit with 2.

Messages follow ``--lang en|es`` (before the sub-command, or after it), else the default
language of :mod:`bacara_teach.i18n` (``BACARA_LANG``, then the locale); machine output
(``--json``) is the same in every language.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from bacara_teach.cli.messages import (
    CliParser,
    alternatives,
    current_language,
    language_error,
    language_from_argv,
    refusal,
    set_language,
    shorten,
)
from bacara_teach.errors import BacaraError, IllegalAction
from bacara_teach.i18n import ENV_VAR, resolve_language
from bacara_teach.text import SOURCE_LANGUAGE, language_codes, tr

__all__ = ["main"]

COMMANDS: dict[str, str] = {
    "deal": "coup",
    "tableau": "coup",
    "settle": "tables",
    "play": "tables",
    "home-session": "tables",
    "profiles": "tables",
    "chemin-de-fer": "chemin",
    "banque": "banque",
    "assignment": "teacher",
    "grade": "teacher",
    "odds": "odds",
    "cdf-analysis": "odds",
    "roads": "roads",
    "side-bets": "roads",
}
"""Each sub-command and the module of :mod:`bacara_teach.cli` that registers it, in the
order ``--help`` lists them: a command line that names one reads only that module."""

COMMAND_MODULES: tuple[str, ...] = tuple(dict.fromkeys(COMMANDS.values()))
"""Sub-command modules of :mod:`bacara_teach.cli`, in the order ``--help`` lists them."""

EXIT_USAGE = 2


def command_of(argv: Sequence[str]) -> str | None:
    """The sub-command ``argv`` names, if nothing before it but ``--lang`` can change its meaning.

    >>> command_of(["--lang", "es", "deal", "--json"]), command_of(["--lang=en", "odds"])
    ('deal', 'odds')
    >>> command_of(["--help"]), command_of(["--la", "es", "deal"]), command_of(["dael"])
    (None, None, None)
    """
    words = iter(argv)
    for word in words:
        if word == "--lang":
            next(words, None)
        elif not word.startswith("--lang="):
            return word if word in COMMANDS else None
    return None


def build_parser(command: str | None = None, lang: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every sub-command, or only the module that registers
    ``command`` (its options, help and errors are the same either way), speaking ``lang``
    (the default language when ``None``)."""
    from bacara_teach import __version__

    set_language(resolve_language(lang))
    lang = current_language()
    parser = CliParser(
        prog="bacara-teach",
        description=tr(
            "Baccarat's rules, dealt and explained: Punto Banco, Chemin de Fer and Baccarat "
            "Banque. Messages are printed in the language --lang {codes} chooses (before or after "
            "the command); without it the {variable} environment variable, else the locale (LC_ALL, "
            "LC_MESSAGES, LANG, e.g. LANG={example}), decides, else English. --json output is "
            "the same in every language.", lang,
            codes="|".join(language_codes()), variable=ENV_VAR, example=_locale_example()),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=tr("show program's version number and exit", lang))
    parser.add_argument("--lang", choices=language_codes(), default=argparse.SUPPRESS,
                        help=tr("language of the messages: {codes} (default: {variable}, else "
                                "the locale, else {source})", lang,
                                codes=alternatives(language_codes(), lang), variable=ENV_VAR,
                                source=SOURCE_LANGUAGE))
    sub = parser.add_subparsers(dest="command", metavar=tr("COMMAND", lang), required=True)
    modules = COMMAND_MODULES if command is None else (COMMANDS[command],)
    for name in modules:
        module = importlib.import_module(f"bacara_teach.cli.{name}")
        module.register(sub)
    return parser


def _locale_example() -> str:
    """A locale that chooses a language other than English, e.g. ``es_ES.UTF-8``.

    >>> _locale_example()
    'es_ES.UTF-8'
    """
    code = next((code for code in language_codes() if code != SOURCE_LANGUAGE), SOURCE_LANGUAGE)
    return f"{code}_{code.upper()}.UTF-8"


def _utf8_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding != "utf8" and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")
    if hasattr(sys.stdin, "reconfigure"):  # bytes that are not UTF-8 become U+FFFD, refused as text
        sys.stdin.reconfigure(encoding="utf-8", errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit status."""
    _utf8_streams()
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        lang = language_from_argv(words)
    except IllegalAction:  # BACARA_LANG names no language of the project
        print(_error_line(language_error(), SOURCE_LANGUAGE), file=sys.stderr)
        return EXIT_USAGE
    parser = build_parser(command_of(words), lang)
    args = parser.parse_args(words)
    args.lang = getattr(args, "lang", lang)
    set_language(args.lang)
    try:
        status: int = args.run(args)
    except BacaraError as error:
        print(_error_line(shorten(refusal(error, args.lang), args.lang), args.lang),
              file=sys.stderr)
        return EXIT_USAGE
    except (ValueError, RecursionError, OverflowError) as error:
        # Input the checks did not foresee (a number too large to print, text that is not
        # UTF-8, ...): still one line and exit 2, never a traceback.
        if "int_max_str_digits" in str(error):  # never Python's own words for a huge number
            why = tr("invalid input: a number of more than {most:,} digits", args.lang,
                     most=sys.get_int_max_str_digits())
        else:
            why = tr("invalid input: {reason}", args.lang, reason=str(error))
        print(_error_line(shorten(why, args.lang), args.lang), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``bacara-teach tableau | head``): stop quietly, as Unix
        # tools do, and keep Python from complaining again when it flushes at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 141
    return status


def _error_line(text: str, lang: str) -> str:
    """``bacara-teach: error: TEXT``, the one line a refused command prints on stderr."""
    return tr("{prog}: error: {message}", lang, prog="bacara-teach", message=text)
