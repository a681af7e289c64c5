"""The exceptions of :mod:`bacara_teach`.

Two families, both :class:`ValueError` subclasses so that callers that only
know "bad input" can catch them together:

* :class:`NotationError` - the text could not be read (a card like ``11♥``,
  a shoe description with a negative count, a malformed submission).
* :class:`IllegalAction` - the text was fine but the action is not allowed
  now (a bet over the balance, a bank below the minimum, drawing from an
  empty shoe).

Every refused action leaves the object it was asked of exactly as it was.

An error carries its explanation as a :class:`~bacara_teach.text.Message`; ``str()`` of the
error is the English text (part of the API, and what the doctests show), and
:meth:`BacaraError.text` gives it in any language:

>>> from bacara_teach.text import message
>>> error = IllegalAction(message("a bet of {amount} is over the balance", amount=1500))
>>> str(error)
'a bet of 1500 is over the balance'
>>> error.message.msgid
'a bet of {amount} is over the balance'
"""

from __future__ import annotations

from bacara_teach.text import Message

__all__ = [
    "BacaraError",
    "IllegalAction",
    "InvalidCard",
    "NotationError",
    "ShoeExhausted",
]


class BacaraError(ValueError):
    """Base class of every error raised by :mod:`bacara_teach`.

    ``message`` is a :class:`~bacara_teach.text.Message` (a plain string is kept as a
    message of its own, shown as it is in every language).
    """

    message: Message

    def __init__(self, message: Message | str = "", *args: object) -> None:
        self.message = message if isinstance(message, Message) else Message(str(message))
        super().__init__(str(self.message), *args)

    def text(self, lang: str | None = None) -> str:
        """The explanation in ``lang`` (the default language when ``None``)."""
        return self.message.render(lang)


class NotationError(BacaraError):
    """Text that is not valid notation (cards, shoes, bets, submissions)."""


class InvalidCard(NotationError):
    """A card that cannot be parsed, e.g. ``11♥`` or ``4x``."""


class IllegalAction(BacaraError):
    """An action the rules or the current state do not allow."""


class ShoeExhausted(IllegalAction):
    """A card was asked of a shoe that has too few cards left."""
