"""Languages: which language the engine speaks when none is named, and the fixed terms.

Everything that produces words (narration, tables, widgets, exercises, grading feedback,
the command line) takes ``lang="en"`` or ``lang="es"``; left out (``None``), the language
is :func:`default_language`: the ``BACARA_LANG`` environment variable when it is set, else
the reader's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English.  The site sets
``BACARA_LANG`` for the notebooks of each of its two builds, so the same code cell prints
English on the English page and Spanish on the Spanish page.

>>> resolve_language("es")
'es'
>>> resolve_language("fr")
Traceback (most recent call last):
...
bacara_teach.errors.IllegalAction: unknown language 'fr': expected one of en, es
>>> language_of_locale("es_AR.UTF-8"), language_of_locale("C.UTF-8")
('es', None)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from bacara_teach.errors import IllegalAction

__all__ = [
    "GLOSSARY",
    "LANGUAGES",
    "Term",
    "default_language",
    "language_of_locale",
    "pick",
    "resolve_language",
    "term",
]

LANGUAGES = ("en", "es")
"""The languages the engine and the site speak."""

ENV_VAR = "BACARA_LANG"
"""Environment variable naming the default language (``en`` or ``es``)."""

_LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


def language_of_locale(value: str) -> str | None:
    """The engine's language for a locale name such as ``es_ES.UTF-8``; ``None`` if none.

    >>> language_of_locale("es"), language_of_locale("en_GB"), language_of_locale("de_DE")
    ('es', 'en', None)
    """
    code = value.split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0].lower()
    return code if code in LANGUAGES else None


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language used when a caller names none.

    ``BACARA_LANG`` wins (it must be ``en`` or ``es``); otherwise the first locale
    variable that is set decides; a locale in neither language, or none, means English.

    >>> default_language({"BACARA_LANG": "es"})
    'es'
    >>> default_language({"LANG": "es_MX.UTF-8"})
    'es'
    >>> default_language({"LC_ALL": "C", "LANG": "es_ES.UTF-8"})
    'en'
    >>> default_language({})
    'en'
    >>> default_language({"BACARA_LANG": "pt"})
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: BACARA_LANG='pt' is not a language of bacara_teach: expected one of en, es
    """
    env = os.environ if environ is None else environ
    chosen = env.get(ENV_VAR, "").strip()
    if chosen:
        if chosen not in LANGUAGES:
            raise IllegalAction(f"{ENV_VAR}={chosen!r} is not a language of bacara_teach: "
                                f"expected one of {', '.join(LANGUAGES)}")
        return chosen
    for name in _LOCALE_VARS:
        value = env.get(name, "").strip()
        if value:
            return language_of_locale(value) or "en"
    return "en"


def resolve_language(lang: str | None) -> str:
    """``lang`` checked, or :func:`default_language` when it is ``None``."""
    if lang is None:
        return default_language()
    if lang not in LANGUAGES:
        raise IllegalAction(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    return lang


def pick(lang: str | None = None, **texts: str) -> str:
    """The text for ``lang`` among ``en=...`` and ``es=...`` (both are required).

    >>> pick("es", en="stands", es="se planta")
    'se planta'
    >>> pick("en", en="stands")
    Traceback (most recent call last):
    ...
    ValueError: pick() needs a text for every language: missing es
    """
    missing = [code for code in LANGUAGES if code not in texts]
    if missing:
        raise ValueError(f"pick() needs a text for every language: missing {', '.join(missing)}")
    unknown = sorted(set(texts) - set(LANGUAGES))
    if unknown:
        raise ValueError(f"pick() got texts for unknown languages: {', '.join(unknown)}")
    return texts[resolve_language(lang)]


@dataclass(frozen=True)
class Term:
    """One term of the game with the one translation the project uses for it.

    ``avoid`` lists renderings the Spanish text must not use for this term (whole words,
    any case; a check of the site's catalogues enforces it), so a term reads the same on
    every page.
    """

    key: str
    en: str
    es: str
    note_en: str
    note_es: str
    avoid: tuple[str, ...] = ()

    def text(self, lang: str | None = None) -> str:
        """The term in ``lang``."""
        return self.en if resolve_language(lang) == "en" else self.es


GLOSSARY: tuple[Term, ...] = (
    Term("punto", "Punto", "Punto",
         "the hand and the bet also called Player; the site keeps the table's own word",
         "la mano y la apuesta; en inglés también se llama Player",
         ("apuesta al jugador", "mano del jugador")),
    Term("banco", "Banco", "Banco",
         "the hand and the bet also called Banker; the site keeps the table's own word",
         "la mano y la apuesta; en inglés también se llama Banker",
         ("banquero",)),
    Term("empate", "Empate", "Empate",
         "the tie bet, and the result when both totals are equal",
         "la apuesta al empate, y el resultado cuando los dos totales son iguales",
         ()),
    Term("coup", "coup", "coup",
         "one deal of the cards, from the first card to the result",
         "un reparto completo, de la primera carta al resultado",
         ()),
    Term("shoe", "shoe", "sabot",
         "the box the croupier deals from, holding several decks",
         "la caja de la que reparte el crupier, con varias barajas",
         ("zapato", "zapatilla")),
    Term("tableau", "tableau", "tableau",
         "the third-card table: who draws on which totals",
         "la tabla de la tercera carta: quién roba con qué totales",
         ()),
    Term("natural", "natural", "natural",
         "a two-card total of 8 or 9, which ends the coup at once",
         "un total de 8 o 9 con dos cartas, que termina el coup en el acto",
         ()),
    Term("commission", "commission", "comisión",
         "the share the house keeps from a winning Banco bet",
         "la parte que se queda la casa de una apuesta a Banco ganadora",
         ()),
    Term("banker", "banker", "banca",
         "in Chemin de Fer, the player who holds the shoe and the bank",
         "en Chemin de Fer, el jugador que tiene el sabot y la banca",
         ("banquero",)),
    Term("bettor", "bettor", "punto",
         "in Chemin de Fer, the player who plays the hand against the banker",
         "en Chemin de Fer, el jugador que juega la mano contra la banca",
         ()),
    Term("banco-call", "banco", "banco",
         "in Chemin de Fer, the call of a player who covers the whole bank alone",
         "en Chemin de Fer, lo que dice quien cubre él solo toda la banca",
         ()),
    Term("banco-suivi", "banco suivi", "banco suivi",
         "the call of the player who lost the last banco and covers the bank again",
         "lo que dice quien perdió el último banco y vuelve a cubrir la banca",
         ("banco seguido",)),
    Term("draw", "draw", "robar",
         "take a third card",
         "tomar una tercera carta",
         ("sacar carta", "pedir carta", "pide carta")),
    Term("stand", "stand", "plantarse",
         "take no third card",
         "no tomar tercera carta",
         ("pararse", "se para")),
    Term("house-edge", "house edge", "ventaja de la casa",
         "the share of each bet the house expects to keep",
         "la parte de cada apuesta que la casa espera quedarse",
         ()),
    Term("croupier", "croupier", "crupier",
         "the dealer employed by the table",
         "quien reparte, empleado de la mesa",
         ("repartidor",)),
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
        raise IllegalAction(f"unknown term {key!r}: expected one of {', '.join(_TERMS)}") from None
