"""argparse's own words (its help headings and its errors) in the language of the command line.

:mod:`argparse` writes its texts in English through the standard library's gettext: the
module calls the globals ``_`` and ``ngettext`` it imported from :mod:`gettext`.
:func:`speaking` lends it the catalogue of one language for as long as a ``with`` block
lasts and then gives its own functions back, so nothing changes outside it, and nothing
at all in English (the source language: no catalogue is read, this module is not even
imported).  The messages argparse can show a user of ``bacara-teach`` are marked below,
so that the catalogues keep their translations with the project's own messages.

>>> import argparse
>>> with speaking("es"):
...     argparse._("expected one argument")
'se esperaba un valor'
>>> argparse._("expected one argument")
'expected one argument'
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from types import TracebackType

from bacara_teach.text import N_, SOURCE_LANGUAGE, Message, nmessage

__all__ = ["ARGPARSE_MESSAGES", "ARGPARSE_PLURALS", "speaking"]

ARGPARSE_MESSAGES: tuple[str, ...] = (
    # The help: its headings, and the help of the options argparse adds itself.
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    # Its refusals ('%(name)s' and '%s' are argparse's own placeholders: keep them).
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
"""The texts of :mod:`argparse` a user of the command line can meet, as argparse writes them
(Python 3.11 to 3.14)."""


ARGPARSE_PLURALS: tuple[Message, ...] = (
    nmessage("expected %s argument", "expected %s arguments", 2),
)
"""argparse's texts with a plural (``ngettext``), marked with both their forms."""


_GLOBALS = ("_", "ngettext")

_PLACEHOLDER = re.compile(r"%\(\w+\)[rsd]|%[rsd]")


def _kept(text: str, translated: str) -> str:
    """``translated``, if it keeps every placeholder argparse fills into ``text``; else
    ``text`` (a translation that lost one would make argparse fail, not just read badly).

    >>> _kept("invalid choice: %(value)r", "opción no válida: %(value)r")
    'opción no válida: %(value)r'
    >>> _kept("invalid choice: %(value)r", "opción no válida: %(valor)r")
    'invalid choice: %(value)r'
    """
    if sorted(_PLACEHOLDER.findall(translated)) == sorted(_PLACEHOLDER.findall(text)):
        return translated
    return text


class speaking:  # used as a function: ``with speaking(lang):``
    """A ``with`` block in which argparse writes its texts in ``lang``.

    Blocks may nest (a sub-command's parser runs inside its parent's); each gives back
    what it found.
    """

    __slots__ = ("lang", "saved")

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.saved: dict[str, Callable[..., str]] = {}

    def __enter__(self) -> speaking:
        if self.lang == SOURCE_LANGUAGE:
            return self
        self.saved = {name: getattr(argparse, name) for name in _GLOBALS if hasattr(argparse, name)}
        lang = self.lang

        def gettext(text: str) -> str:
            # argparse also asks for texts of its callers (a title, a description) and for
            # None: what no catalogue holds comes back unchanged.
            if not isinstance(text, str) or not text:
                return text
            return _kept(text, Message(text).render(lang))

        def ngettext(singular: str, plural: str, count: int) -> str:
            # argparse fills in '%s' itself: the text goes back as the catalogue has it.
            return _kept(plural, Message(singular, plural=plural, count=count).render(lang))

        if "_" in self.saved:
            argparse._ = gettext  # type: ignore[attr-defined]
        if "ngettext" in self.saved:
            argparse.ngettext = ngettext  # type: ignore[attr-defined]
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        for name, value in self.saved.items():
            setattr(argparse, name, value)
        self.saved = {}
