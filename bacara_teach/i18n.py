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
"""Environment variable naming the default language (``en`` or ``es``)."""

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
        if chosen == "en":
            return chosen
        from bacara_teach.text import language_codes

        if chosen not in language_codes():
            raise IllegalAction(f"{ENV_VAR}={chosen!r} is not a language of bacara_teach: "
                                f"expected one of {', '.join(language_codes())}")
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
    if lang == "en":
        return lang
    from bacara_teach.text import language_codes

    if lang not in language_codes():
        raise IllegalAction(f"unknown language {lang!r}: expected one of "
                            f"{', '.join(language_codes())}")
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
    from bacara_teach.text import language_codes

    languages = language_codes()
    missing = [code for code in languages if code not in texts]
    if missing:
        raise ValueError(f"pick() needs a text for every language: missing {', '.join(missing)}")
    unknown = sorted(set(texts) - set(languages))
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
         "la mano y la apuesta que en inglés se llaman Player; el sitio usa la palabra de la mesa",
         ()),
    Term("banco", "Banco", "Banco",
         "the hand and the bet also called Banker; the site keeps the table's own word",
         "la mano y la apuesta que en inglés se llaman Banker; el sitio usa la palabra de la mesa",
         ()),
    Term("empate", "Empate", "Empate",
         "the tie bet, and the result when both totals are equal",
         "la apuesta al empate, y el resultado cuando los dos totales son iguales",
         ("corbata",)),
    Term("coup", "coup", "coup",
         "one round of play: the deal, any third cards, the result and the payments",
         "una ronda de juego: el reparto, las terceras cartas si las hay, el resultado y los pagos",
         ("golpes", "el golpe", "del golpe", "cada golpe")),
    Term("hand", "hand", "mano",
         "the cards of one side (Punto or Banco; in Chemin de Fer, the bettors' or the "
         "banker's); a whole round is a coup",
         "las cartas de un lado (Punto o Banco; en Chemin de Fer, las del punto o las de la "
         "banca); una ronda entera es un coup",
         ()),
    Term("banker", "banker", "banca",
         "in Chemin de Fer, the participant who holds the bank and plays its hand against "
         "the bettors",
         "en Chemin de Fer, el participante que tiene la banca y juega su mano contra los "
         "apostadores",
         ()),
    Term("bettor", "bettor", "punto",
         "in Chemin de Fer, a participant who stakes against the bank; all bettors play one "
         "common hand",
         "en Chemin de Fer, quien apuesta contra la banca; todos los apostadores juegan una "
         "misma mano",
         ()),
    Term("active-bettor", "active bettor", "punto activo",
         "in Chemin de Fer, the bettor who staked most and decides for all the bettors",
         "en Chemin de Fer, el apostador que más apostó y decide por todos los apostadores",
         ()),
    Term("bank", "bank", "banca",
         "in Chemin de Fer, the chips the banker puts up for a coup",
         "en Chemin de Fer, las fichas que la banca pone en juego en un coup",
         ()),
    Term("banco-call", "banco", "banco",
         "in Chemin de Fer, the call of a player who covers the whole bank alone",
         "en Chemin de Fer, el anuncio de quien cubre él solo toda la banca",
         ()),
    Term("banco-suivi", "banco suivi", "banco suivi",
         "in Chemin de Fer, a banco called again by the player who lost a banco on the coup "
         "before; it has priority",
         "en Chemin de Fer, el banco que vuelve a anunciar quien perdió un banco en el coup "
         "anterior; tiene prioridad",
         ("banco seguido",)),
    Term("reserve", "reserve", "reserva",
         "in Chemin de Fer, the part of the bank no bet covered, set aside for the banker",
         "en Chemin de Fer, la parte de la banca que ninguna apuesta cubrió, apartada para "
         "quien tiene la banca",
         ()),
    Term("shoe", "shoe", "sabot",
         "the box the cards are dealt from, holding several decks shuffled together",
         "la caja de la que se reparten las cartas, con varias barajas mezcladas",
         ("zapato", "zapatos", "zapatilla")),
    Term("deck", "deck", "baraja",
         "one set of 52 cards without jokers",
         "un juego de 52 cartas sin comodines",
         ()),
    Term("croupier", "croupier", "crupier",
         "the casino's employee who deals the cards and pays the bets",
         "el empleado del casino que reparte las cartas y paga las apuestas",
         ()),
    Term("tableau", "tableau", "tableau",
         "the third-card table: who draws on which totals",
         "la tabla de la tercera carta: quién roba con qué totales",
         ("tablero",)),
    Term("third-card", "third card", "tercera carta",
         "the one extra card a hand may take; no hand holds more than three",
         "la única carta de más que puede tomar una mano; ninguna mano tiene más de tres",
         ("tercer carta",)),
    Term("draw", "draw", "robar",
         "take a third card",
         "tomar una tercera carta",
         ("tirar carta", "tira carta", "tirar una carta", "tira una carta")),
    Term("stand", "stand", "plantarse",
         "take no third card and keep the two cards",
         "no tomar tercera carta y quedarse con las dos cartas",
         ("de pie", "ponerse de pie", "se pone de pie")),
    Term("free-choice", "free choice", "elección libre",
         "a cell of the table where the player decides; only Chemin de Fer has them",
         "una casilla de la tabla en la que decide el jugador; solo las tiene Chemin de Fer",
         ()),
    Term("natural", "natural", "natural",
         "a two-card total of 8 or 9, which ends the coup at once",
         "un total de 8 o 9 con dos cartas, que termina el coup en el acto",
         ()),
    Term("pair", "pair", "pareja",
         "a hand whose first two cards are of the same rank (K-K, not K-Q), and the side bet on it",
         "una mano cuyas dos primeras cartas son del mismo rango (K-K, no K-Q), y la apuesta "
         "lateral a ella",
         ()),
    Term("stake", "stake", "apuesta",
         "the amount put on a bet",
         "la cantidad que se pone en una apuesta",
         ("estaca", "estacas")),
    Term("payout", "payout", "pago",
         "what a winning bet is paid per unit staked, besides getting the stake back",
         "lo que se paga a una apuesta ganadora por cada unidad apostada, además de devolverle "
         "la apuesta",
         ()),
    Term("push", "push", "devolución",
         "a result in which a bet neither wins nor loses and the stake comes back",
         "un resultado en el que una apuesta ni gana ni pierde y se devuelve",
         ("empuje", "empujar", "empuja")),
    Term("commission", "commission", "comisión",
         "the share of a Banco win that the house keeps",
         "la parte de la ganancia de una apuesta a Banco que se queda la casa",
         ()),
    Term("house-edge", "house edge", "ventaja de la casa",
         "what a bet loses on average, as a share of the stake",
         "lo que pierde una apuesta por término medio, como parte de lo apostado",
         ("borde de la casa", "filo de la casa")),
    Term("table-limit", "table limit", "límite de la mesa",
         "the smallest or largest stake a table accepts on one bet",
         "el importe mínimo o máximo que una mesa acepta en una apuesta",
         ("límite de la tabla", "límites de la tabla")),
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
