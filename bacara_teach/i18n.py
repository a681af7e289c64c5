"""Languages: which language the engine speaks when none is named, and the fixed terms.

Everything that produces words (narration, tables, widgets, exercises, grading feedback,
the command line) takes ``lang``, the code of a language of ``locale/languages.json``
(``"en"``, ``"es"``...); left out (``None``), the language
is :func:`default_language`: the ``BACARA_LANG`` environment variable when it is set, else
the reader's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.  The site sets
``BACARA_LANG`` for the notebooks of each language's build, so the same code cell prints
English on the English page and Spanish on the Spanish page.

>>> resolve_language("es")
'es'
>>> resolve_language("xx")
Traceback (most recent call last):
...
bacara_teach.errors.IllegalAction: unknown language 'xx': expected one of en, es...
>>> language_of_locale("es_AR.UTF-8"), language_of_locale("C.UTF-8")
('es', None)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from bacara_teach.errors import IllegalAction
from bacara_teach.text import SOURCE_LANGUAGE, Message, message, pmessage

__all__ = [
    "GLOSSARY",
    "LANGUAGES",
    "Term",
    "default_language",
    "language_of_locale",
    "resolve_language",
    "term",
]

TYPE_CHECKING = False
if TYPE_CHECKING:
    LANGUAGES: tuple[str, ...]
    """The languages the engine and the site speak (``bacara_teach/locale/languages.json``)."""


def __getattr__(name: str) -> object:
    # LANGUAGES is read from languages.json when first asked for, so that code speaking
    # English (the source language) never reads it.
    if name == "LANGUAGES":
        from bacara_teach.text import language_codes

        return language_codes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

ENV_VAR = "BACARA_LANG"
"""Environment variable naming the default language (a code of ``languages.json``)."""

_LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


def language_of_locale(value: str) -> str | None:
    """The engine's language for a locale name such as ``es_ES.UTF-8``; ``None`` if none.

    >>> language_of_locale("es"), language_of_locale("en_GB"), language_of_locale("de_DE")
    ('es', 'en', None)
    """
    from bacara_teach.text import language_codes

    code = value.split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0].lower()
    return code if code in language_codes() else None


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language used when a caller names none.

    ``BACARA_LANG`` wins (it must be a code of ``languages.json``); otherwise the first locale
    variable that is set decides; a locale in none of the languages, or none, means English.

    >>> default_language({"BACARA_LANG": "es"})
    'es'
    >>> default_language({"LANG": "es_MX.UTF-8"})
    'es'
    >>> default_language({"LC_ALL": "C", "LANG": "es_ES.UTF-8"})
    'en'
    >>> default_language({})
    'en'
    >>> default_language({"BACARA_LANG": "xx"})
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: BACARA_LANG='xx' is not a language of bacara_teach: expected one of en, es...
    """
    env = os.environ if environ is None else environ
    chosen = env.get(ENV_VAR, "").strip()
    if chosen:
        if chosen == SOURCE_LANGUAGE:
            return chosen
        from bacara_teach.text import language_codes

        if chosen not in language_codes():
            raise IllegalAction(message("{var}={value!r} is not a language of bacara_teach: "
                                        "expected one of {codes}", var=ENV_VAR, value=chosen,
                                        codes=", ".join(language_codes())))
        return chosen
    for name in _LOCALE_VARS:
        value = env.get(name, "").strip()
        if value:
            return language_of_locale(value) or SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


def resolve_language(lang: str | None) -> str:
    """``lang`` checked, or :func:`default_language` when it is ``None``."""
    if lang is None:
        return default_language()
    from bacara_teach.text import language_codes

    if lang == SOURCE_LANGUAGE:
        return lang

    if lang not in language_codes():
        raise IllegalAction(message("unknown language {lang!r}: expected one of {codes}", lang=lang,
                                    codes=", ".join(language_codes())))
    return lang


@dataclass(frozen=True)
class Term:
    """One term of the game with the one translation the project uses for it.

    ``term`` and ``note`` are messages of the engine's catalogues (their translations are
    the glossary's renderings); the renderings a language must not use for the term are data
    in ``locale/<lang>/avoid.json`` (:meth:`avoid_in`; a check of the site's catalogues
    enforces them), so a term reads the same on every page.
    """

    key: str
    term: Message
    definition: Message

    @property
    def en(self) -> str:
        """The term in English, the language it is written in."""
        return str(self.term)

    def text(self, lang: str | None = None) -> str:
        """The term in ``lang``.

        >>> _TERMS["banker"].text("es"), _TERMS["bettor"].text("en")
        ('banquero', 'bettor')
        """
        return self.term.render(resolve_language(lang))

    def note(self, lang: str | None = None) -> str:
        """What the term means, in ``lang``."""
        return self.definition.render(resolve_language(lang))

    def avoid_in(self, lang: str) -> tuple[str, ...]:
        """The renderings ``lang`` must not use for this term (whole words, any case).

        >>> _TERMS["shoe"].avoid_in("es")
        ('zapato', 'zapatos', 'zapatilla')
        >>> _TERMS["shoe"].avoid_in("en")
        ()
        """
        return tuple(_avoided(lang).get(self.key, ()))


_AVOIDED: dict[str, dict[str, list[str]]] = {}


def _avoided(lang: str) -> dict[str, list[str]]:
    """``locale/<lang>/avoid.json``: the renderings ruled out, by term key (none if absent)."""
    if lang not in _AVOIDED:
        import json

        from bacara_teach.text import LOCALE_DIR

        path = os.path.join(LOCALE_DIR, lang, "avoid.json")
        found: dict[str, list[str]] = {}
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as handle:
                found = json.load(handle)
        _AVOIDED[lang] = found
    return _AVOIDED[lang]


GLOSSARY: tuple[Term, ...] = (
    Term("punto", pmessage("glossary", "Punto"),
         pmessage("glossary note", "the hand and the bet also called Player; the site keeps the "
                  "table's own word")),
    Term("banco", pmessage("glossary", "Banco"),
         pmessage("glossary note", "the hand and the bet also called Banker; the site keeps the "
                  "table's own word")),
    Term("empate", pmessage("glossary", "Empate"),
         pmessage("glossary note", "the tie bet, and the result when both totals are equal")),
    Term("coup", pmessage("glossary", "coup"),
         pmessage("glossary note", "one round of play: the deal, any third cards, the result and "
                  "the payments")),
    Term("hand", pmessage("glossary", "hand"),
         pmessage("glossary note", "the cards of one side (Punto or Banco; in Chemin de Fer, the "
                  "bettors' or the banker's); a whole round is a coup")),
    Term("banker", pmessage("glossary", "banker"),
         pmessage("glossary note", "in Chemin de Fer, the participant who holds the bank and "
                  "plays its hand against the bettors")),
    Term("bettor", pmessage("glossary", "bettor"),
         pmessage("glossary note", "in Chemin de Fer, a participant who stakes against the bank; "
                  "all bettors play one common hand")),
    Term("active-bettor", pmessage("glossary", "active bettor"),
         pmessage("glossary note", "in Chemin de Fer, the bettor who staked most and decides for "
                  "all the bettors")),
    Term("bank", pmessage("glossary", "bank"),
         pmessage("glossary note", "in Chemin de Fer, the chips the banker puts up for a coup")),
    Term("banco-call", pmessage("glossary", "banco"),
         pmessage("glossary note", "in Chemin de Fer, the call of a player who covers the whole "
                  "bank alone")),
    Term("banco-suivi", pmessage("glossary", "banco suivi"),
         pmessage("glossary note", "in Chemin de Fer, a banco called again by the player who "
                  "lost a banco on the coup before; it has priority")),
    Term("reserve", pmessage("glossary", "reserve"),
         pmessage("glossary note", "in Chemin de Fer, the part of the bank no bet covered, set "
                  "aside for the banker")),
    Term("shoe", pmessage("glossary", "shoe"),
         pmessage("glossary note", "the box the cards are dealt from, holding several decks "
                  "shuffled together")),
    Term("deck", pmessage("glossary", "deck"),
         pmessage("glossary note", "one set of 52 cards without jokers")),
    Term("croupier", pmessage("glossary", "croupier"),
         pmessage("glossary note", "the casino's employee who deals the cards and pays the bets")),
    Term("tableau", pmessage("glossary", "tableau"),
         pmessage("glossary note", "the third-card table: who draws on which totals")),
    Term("third-card", pmessage("glossary", "third card"),
         pmessage("glossary note", "the one extra card a hand may take; no hand holds more than "
                  "three")),
    Term("draw", pmessage("glossary", "draw"),
         pmessage("glossary note", "take a third card")),
    Term("stand", pmessage("glossary", "stand"),
         pmessage("glossary note", "take no third card and keep the two cards")),
    Term("free-choice", pmessage("glossary", "free choice"),
         pmessage("glossary note", "a cell of the table where the player decides; only Chemin de "
                  "Fer has them")),
    Term("natural", pmessage("glossary", "natural"),
         pmessage("glossary note", "a two-card total of 8 or 9, which ends the coup at once")),
    Term("pair", pmessage("glossary", "pair"),
         pmessage("glossary note", "a hand whose first two cards are of the same rank (K-K, not "
                  "K-Q), and the side bet on it")),
    Term("stake", pmessage("glossary", "stake"),
         pmessage("glossary note", "the amount put on a bet")),
    Term("payout", pmessage("glossary", "payout"),
         pmessage("glossary note", "what a winning bet is paid per unit staked, besides getting "
                  "the stake back")),
    Term("push", pmessage("glossary", "push"),
         pmessage("glossary note", "a result in which a bet neither wins nor loses and the stake "
                  "comes back")),
    Term("commission", pmessage("glossary", "commission"),
         pmessage("glossary note", "the share of a Banco win that the house keeps")),
    Term("house-edge", pmessage("glossary", "house edge"),
         pmessage("glossary note", "what a bet loses on average, as a share of the stake")),
    Term("table-limit", pmessage("glossary", "table limit"),
         pmessage("glossary note", "the smallest or largest stake a table accepts on one bet")),
    Term("baccarat-banque", pmessage("glossary", "Baccarat Banque"),
         pmessage("glossary note", "the game in which one bank plays against two hands at once, "
                  "one for each side of the table; its name stays French, as Chemin de Fer's does")),
)
"""The fixed terms, in the order the glossary pages list them."""

_TERMS = {entry.key: entry for entry in GLOSSARY}


def term(key: str, lang: str | None = None) -> str:
    """The fixed rendering of a glossary term.

    >>> term("shoe", "es"), term("commission", "en")
    ('sabot', 'commission')
    """
    try:
        return _TERMS[key].text(lang)
    except KeyError:
        raise IllegalAction(message("unknown term {key!r}: expected one of {keys}", key=key,
                                    keys=", ".join(_TERMS))) from None
