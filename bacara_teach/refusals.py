"""The engine's refusals in the reader's language.

The engine explains every error it raises (a card it cannot read, a bet a table refuses,
a participant who is not in the session...) with a message (:mod:`bacara_teach.text`):
``str()`` of the error is English and part of the API, and :func:`refusal_text` gives the
same explanation in the language asked for, from the engine's catalogues, with the
amounts, cards, names, the quoted input and the list of what is valid the engine gave it:

>>> from bacara_teach.cards import parse_card
>>> try:
...     parse_card("11♥")
... except ValueError as error:
...     refused = error
>>> refusal_text(refused, "en")
"invalid card '11♥': expected a rank (A, 2-10, T, J, Q, K) followed by a suit (♠ ♥ ♦ ♣ or s h d c), e.g. '4♥', '10♦', 'Td', 'ks'"
>>> refusal_text(refused, "es")
"Carta no válida: '11♥'; escriba un rango (A, 2-10, T, J, Q, K) seguido de un palo (♠ ♥ ♦ ♣ o s h d c), p. ej. '4♥', '10♦', 'Td', 'ks'."

No English sentence is read back: a refusal whose message has no translation gives the
``fallback`` the caller names (a widget's sentence naming what was refused), else the
English message.
"""

from __future__ import annotations

from bacara_teach.errors import BacaraError
from bacara_teach.i18n import resolve_language
from bacara_teach.text import SOURCE_LANGUAGE, Message

__all__ = ["refusal_text"]


def refusal_text(error: BaseException | str, lang: str | None = None, *,
                 fallback: str | None = None) -> str:
    """Why the engine refused, in ``lang`` (``None``: the default language).

    ``error`` is the exception the engine raised, or its message.  An error of the engine
    carries its message (``BacaraError.message``): it is rendered in ``lang`` from the
    catalogues, with the amounts, cards, names, quoted input and list of valid choices the
    engine gave it.  A message that has no translation in ``lang`` gives ``fallback`` when
    one is given, else the English message.

    >>> from bacara_teach.errors import IllegalAction
    >>> from bacara_teach.settlement import Bet, verify_bet
    >>> try:
    ...     verify_bet(Bet.parse("banco=300"), "online")
    ... except IllegalAction as error:
    ...     refused = error
    >>> refusal_text(refused, "en")
    "bet banco=300 refused: the online table's maximum bet is 250"
    >>> refusal_text(refused, "es")
    'Apuesta banco=300 rechazada: el máximo por apuesta en la mesa en línea es 250.'
    >>> refusal_text(IllegalAction("something new"), "es", fallback="La mesa no acepta la apuesta.")
    'La mesa no acepta la apuesta.'
    >>> refusal_text(IllegalAction("something new"), "es")
    'something new'
    """
    lang = resolve_language(lang)
    english = str(error)
    if lang == SOURCE_LANGUAGE:
        return english
    if isinstance(error, BacaraError):
        rendered = error.text(lang)
        if rendered != english or _translated(error.message, lang):
            return rendered
    return fallback if fallback is not None else english


def _translated(message: Message, lang: str) -> bool:
    """Whether ``message`` and every message among its parameters has a translation in ``lang``.

    A message made from a plain string (a module that does not write messages yet) reads
    the same in every language: such a part leaves the whole to the phrases below.
    """
    if not message.params and message.render(lang) == str(message):
        return False
    return all(_translated(value, lang) for value in message.params.values()
               if isinstance(value, Message))
