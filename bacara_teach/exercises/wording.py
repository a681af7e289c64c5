"""Messages composed in the language they are rendered in, for the exercises and the grader.

A :class:`Wording` is a :class:`~bacara_teach.text.Message` whose text a function makes in
the language asked for: a list joined with that language's "or", a label read from a table,
or :func:`verbatim` text quoted as it is (a Python error a program raised, the program's own
words).  It goes wherever a message goes: as a parameter of another message, in an error, in
a program run's reason.

>>> from bacara_teach.text import message
>>> said = message("the code raised an error when run: {error}",
...                error=verbatim("ZeroDivisionError: division by zero"))
>>> said.render("es")
'el código lanzó un error al ejecutarse: ZeroDivisionError: division by zero'
>>> str(said)
'the code raised an error when run: ZeroDivisionError: division by zero'
"""

from __future__ import annotations

from collections.abc import Callable

from bacara_teach.text import SOURCE_LANGUAGE, Message

__all__ = ["Wording", "said", "verbatim"]


class Wording(Message):
    """Words composed in the language they are rendered in (see the module's docstring)."""

    __slots__ = ("words",)

    def __init__(self, words: Callable[[str], str]) -> None:
        super().__init__("")
        self.words = words

    def render(self, lang: str | None = None) -> str:
        if lang != SOURCE_LANGUAGE:
            from bacara_teach.i18n import resolve_language

            lang = resolve_language(lang)
        return self.words(lang)

    def __repr__(self) -> str:
        return f"Wording({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return id(self)


def verbatim(text: str) -> Wording:
    """``text`` as it is in every language (what a program or a file said, quoted).

    >>> verbatim("NameError: name 'x' is not defined").render("es")
    "NameError: name 'x' is not defined"
    """
    return Wording(lambda _lang: text)


def said(text: str | Message, lang: str | None = None) -> str:
    """A message rendered in ``lang``, or a plain text as it is.

    >>> said("as it is", "es"), said(verbatim("quoted"), "es")
    ('as it is', 'quoted')
    """
    return text.render(lang) if isinstance(text, Message) else text
