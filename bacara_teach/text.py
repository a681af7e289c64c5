"""The one text layer: every sentence a person reads, as a message rendered through gettext.

A message is written once, in English, with named parameters; that English text is its id
in the catalogues.  :func:`tr` renders one at once in a language; :func:`message` keeps it
as a :class:`Message` to render later (an error carries one: ``str()`` of it is English, so
the API and the doctests read the same in every language).

>>> tr("Banco draws on {total}.", "en", total=3)
'Banco draws on 3.'
>>> str(message("{count:,} coups dealt", count=20000))
'20,000 coups dealt'

Numbers in the parameters follow the reader's language, with the CLDR symbols each language
keeps in ``locale/languages.json`` (its decimal and group separators, minus sign and percent
pattern), whatever format spec the message gives them:

>>> format_number(20000, ",", "es"), format_number(0.95, "", "es")
('20.000', '0,95')

Spanish groups a number's thousands only from five digits on (CLDR's minimum grouping
digits, kept in ``languages.json`` too):

>>> format_number(2999, ",", "es"), format_number(2999, ",", "en")
('2999', '2,999')
>>> format_number(-0.012353, ".2%", "es") == "\\u22121,24\\u00a0%"
True
>>> format_number(0.4532, ".2%", "en")
'45.32%'

Every language writes a negative number with the true minus sign (U+2212), as typesetting
does, never with a hyphen:

>>> format_number(-3, "+d", "en") == format_number(-3, "+d", "es") == "\u22123"
True

The catalogues live in ``bacara_teach/locale/<lang>/LC_MESSAGES/bacara_teach.po`` (the
template is ``bacara_teach/locale/bacara_teach.pot``), compiled to ``.mo`` files that the
standard library's ``gettext`` reads, so the same code speaks every language in the
browser too.  A language is data: its catalogue and one entry in ``languages.json``.
English is the source language: it needs no catalogue and loads nothing.

Extraction keywords (for ``pybabel extract``): ``tr``, ``message``, ``N_`` (the message
is the first argument), ``ntr:1,2`` and ``nmessage:1,2`` (singular and plural), ``ptr:1c,2``
and ``pmessage:1c,2`` (a context first, for a short text that needs one).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it the same)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "DOMAIN",
    "LOCALE_DIR",
    "N_",
    "SOURCE_LANGUAGE",
    "Language",
    "Message",
    "format_number",
    "language",
    "language_codes",
    "localize_number",
    "message",
    "nmessage",
    "ntr",
    "pmessage",
    "ptr",
    "tr",
    "typed_words",
]

DOMAIN = "bacara_teach"
"""The gettext domain of the engine's messages (``bacara_teach.po``)."""

LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")
"""Where the catalogues and ``languages.json`` are: the ``locale`` folder of the installed package.

:meta hide-value:
"""

SOURCE_LANGUAGE = "en"
"""The language the messages are written in; it needs no catalogue."""

_ENGLISH_NUMBERS = {"decimal": ".", "group": ",", "minus": "\u2212", "percent": "{number}%"}


class Language:
    """One language the project speaks: its code, its own name, its number symbols.

    ``min_grouping`` is CLDR's minimumGroupingDigits: the integer part of a number is grouped
    only when it has at least ``min_grouping + 3`` digits (Spanish's 2 writes ``2999`` but
    ``20.000``; English's 1 writes ``2,999``).
    """

    __slots__ = ("code", "min_grouping", "name", "numbers")

    def __init__(self, code: str, name: str, numbers: dict[str, str],
                 min_grouping: int = 1) -> None:
        self.code = code
        self.name = name
        self.numbers = {**_ENGLISH_NUMBERS, **numbers}
        self.min_grouping = min_grouping

    def __repr__(self) -> str:
        return f"Language({self.code!r}, {self.name!r})"


_LANGUAGES: dict[str, Language] = {}


def _languages() -> dict[str, Language]:
    if not _LANGUAGES:
        import json

        with open(os.path.join(LOCALE_DIR, "languages.json"), encoding="utf-8") as handle:
            entries = json.load(handle)
        _LANGUAGES.update({entry["code"]: Language(entry["code"], entry["name"],
                                                   entry.get("numbers", {}),
                                                   int(entry.get("min_grouping", 1)))
                           for entry in entries})
    return _LANGUAGES


def language_codes() -> tuple[str, ...]:
    """The codes of the languages listed in ``languages.json``, the source language first.

    >>> language_codes()[0]
    'en'
    """
    return tuple(_languages())


def language(code: str) -> Language:
    """The :class:`Language` of ``code``; :class:`KeyError` for a code not listed.

    >>> language("es").name
    'Español'
    """
    return _languages()[code]


# -- numbers ------------------------------------------------------------------------------------
def _ungroup_short(text: str, min_grouping: int) -> str:
    """``text`` without its group separators when its integer part is too short to group.

    >>> _ungroup_short("-2,999.5", 2), _ungroup_short("20,000", 2), _ungroup_short("2,999", 1)
    ('-2999.5', '20,000', '2,999')
    """
    if min_grouping <= 1 or "," not in text:
        return text
    start = 0
    while start < len(text) and not text[start].isdigit():
        start += 1
    end = start
    while end < len(text) and (text[end].isdigit() or text[end] == ","):
        end += 1
    whole = text[start:end]
    if sum(char.isdigit() for char in whole) >= min_grouping + 3:
        return text
    return text[:start] + whole.replace(",", "") + text[end:]


def _localize(text: str, lang: str) -> str:
    """An English-formatted number (``-1,234.5%``) written with the symbols of ``lang``."""
    known = _languages().get(lang)
    numbers = known.numbers if known is not None else _ENGLISH_NUMBERS
    text = _ungroup_short(text, known.min_grouping if known is not None else 1)
    percent = text.endswith("%")
    body = text[:-1] if percent else text
    body = "".join(numbers["group"] if ch == "," else numbers["decimal"] if ch == "."
                   else numbers["minus"] if ch == "-" else ch for ch in body)
    return numbers["percent"].format(number=body) if percent else body


def localize_number(text: str, lang: str | None = None) -> str:
    """A number already written the English way (``"4.75"``, ``"-1,234.5%"``) in ``lang``.

    For numbers that a function formats itself (an amount without its trailing zeros).

    >>> localize_number("4.75", "es"), localize_number("4.75", "en")
    ('4,75', '4.75')
    """
    return _localize(text, lang or SOURCE_LANGUAGE)


def format_number(value: object, spec: str = "", lang: str | None = None) -> str:
    """``value`` formatted with ``spec`` (as ``format()`` does) in the conventions of ``lang``.

    >>> format_number(12375.5, ",.1f", "es"), format_number(-3, "+d", "es")
    ('12.375,5', '\\u22123')
    >>> format_number(1237.5, ",.1f")
    '1,237.5'
    """
    return _localize(format(value, spec), lang or SOURCE_LANGUAGE)


def _is_number(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return True
    kind = type(value).__name__
    return kind == "Decimal"


class _Localized:
    """A number that formats itself in a language (used inside ``str.format``)."""

    __slots__ = ("lang", "value")

    def __init__(self, value: object, lang: str) -> None:
        self.value = value
        self.lang = lang

    def __format__(self, spec: str) -> str:
        return _localize(format(self.value, spec), self.lang)

    def __repr__(self) -> str:  # ``{x!r}``: the value as the code writes it, not localized
        return repr(self.value)

    def __str__(self) -> str:  # ``{x!s}``
        return str(self.value)


# -- catalogues ---------------------------------------------------------------------------------
_CATALOGUES: dict[str, Any] = {}


def _catalogue(lang: str) -> Any:
    found = _CATALOGUES.get(lang)
    if found is None:
        import gettext

        found = gettext.translation(DOMAIN, LOCALE_DIR, [lang], fallback=True)
        _CATALOGUES[lang] = found
    return found


def _resolve(lang: str | None) -> str:
    if lang == SOURCE_LANGUAGE:
        return lang
    from bacara_teach.i18n import resolve_language

    return resolve_language(lang)


def _fill(template: str, lang: str, params: dict[str, object]) -> str:
    if not params:
        return template
    values = {name: (value.render(lang) if isinstance(value, Message)
                     else _Localized(value, lang) if _is_number(value) else value)
              for name, value in params.items()}
    return template.format_map(values)


def _translate(lang: str, msgid: str, context: str | None, plural: str | None,
               count: int | None) -> str:
    if lang == SOURCE_LANGUAGE:
        return msgid if plural is None or count == 1 else plural
    catalogue = _catalogue(lang)
    if plural is None:
        return str(catalogue.pgettext(context, msgid) if context else catalogue.gettext(msgid))
    assert count is not None
    if context:
        return str(catalogue.npgettext(context, msgid, plural, count))
    return str(catalogue.ngettext(msgid, plural, count))


class Message:
    """A message with its parameters, to be rendered in any language.

    >>> refused = message("unknown table {name!r}: expected one of {names}", name="x",
    ...                   names="casino, home")
    >>> str(refused)
    "unknown table 'x': expected one of casino, home"
    >>> refused.msgid
    'unknown table {name!r}: expected one of {names}'
    """

    __slots__ = ("context", "count", "msgid", "params", "plural")

    def __init__(self, msgid: str, /, *, context: str | None = None, plural: str | None = None,
                 count: int | None = None, params: dict[str, object] | None = None) -> None:
        self.msgid = msgid
        self.context = context
        self.plural = plural
        self.count = count
        self.params: dict[str, object] = dict(params or {})
        if plural is not None:
            if count is None:
                raise ValueError("a plural message needs its count")
            self.params.setdefault("count", count)

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (the default language when ``None``)."""
        code = _resolve(lang)
        template = _translate(code, self.msgid, self.context, self.plural, self.count)
        return _fill(template, code, self.params)

    def __str__(self) -> str:
        return self.render(SOURCE_LANGUAGE)

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, params={self.params!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.msgid, self.context, self.plural, self.count, self.params) == (
            other.msgid, other.context, other.plural, other.count, other.params)

    def __hash__(self) -> int:
        return hash((self.msgid, self.context, self.plural, self.count))


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogues without translating it (render it later with :func:`tr`).

    >>> N_("draw")
    'draw'
    """
    return msgid


def message(msgid: str, /, **params: object) -> Message:
    """The :class:`Message` ``msgid`` with its named parameters."""
    return Message(msgid, params=params)


def nmessage(singular: str, plural: str, count: int, /, **params: object) -> Message:
    """A :class:`Message` with a singular and a plural form, chosen by ``count``.

    >>> str(nmessage("{count} coup", "{count} coups", 2))
    '2 coups'
    """
    return Message(singular, plural=plural, count=count, params=params)


def pmessage(context: str, msgid: str, /, **params: object) -> Message:
    """A :class:`Message` with a context, for a short text that reads two ways."""
    return Message(msgid, context=context, params=params)


def tr(msgid: str, lang: str | None = None, /, **params: object) -> str:
    """``msgid`` rendered in ``lang`` with its named parameters.

    >>> tr("{hand} wins, {a} to {b}.", "en", hand="Banco", a=8, b=0)
    'Banco wins, 8 to 0.'
    """
    code = _resolve(lang)
    return _fill(_translate(code, msgid, None, None, None), code, params)


def ntr(singular: str, plural: str, count: int, lang: str | None = None, /,
        **params: object) -> str:
    """The singular or plural form for ``count``, rendered in ``lang`` (``{count}`` is set).

    >>> ntr("{count} deck", "{count} decks", 1, "en"), ntr("{count} deck", "{count} decks", 8, "en")
    ('1 deck', '8 decks')
    """
    return Message(singular, plural=plural, count=count, params=params).render(lang)


def ptr(context: str, msgid: str, lang: str | None = None, /, **params: object) -> str:
    """``msgid`` in ``context`` rendered in ``lang`` (for short texts that read two ways).

    >>> ptr("decision", "draw", "en")
    'draw'
    """
    return Message(msgid, context=context, params=params).render(lang)


def typed_words(words: Message) -> frozenset[str]:
    """Every word a reader may type for one command or answer, in every language, in lower case.

    ``words`` is a message (``pmessage("typed words", "quit|exit")``) whose English and whose
    translation in each catalogue list that language's words, separated by ``|``: a command
    accepts them all whatever language it speaks, so a new language's words need only its
    catalogue.

    >>> {"help", "?", "ayuda"} <= typed_words(pmessage("typed words", "help|?"))
    True
    >>> {"quit", "salir"} <= typed_words(pmessage("typed words", "quit|exit|leave"))
    True
    """
    key = (words.msgid, words.context)
    if key not in _TYPED:
        _TYPED[key] = frozenset(word.strip().lower() for code in language_codes()
                                for word in words.render(code).split("|") if word.strip())
    return _TYPED[key]


_TYPED: dict[tuple[str, str | None], frozenset[str]] = {}
