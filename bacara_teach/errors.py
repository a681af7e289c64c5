"""The exceptions of :mod:`bacara_teach`.

Two families, both :class:`ValueError` subclasses so that callers that only
know "bad input" can catch them together:

* :class:`NotationError` - the text could not be read (a card like ``11♥``,
  a shoe description with a negative count, a malformed submission).
* :class:`IllegalAction` - the text was fine but the action is not allowed
  now (a bet over the balance, a bank below the minimum, drawing from an
  empty shoe).

Every refused action leaves the object it was asked of exactly as it was.
"""

from __future__ import annotations

__all__ = [
    "BacaraError",
    "IllegalAction",
    "InvalidCard",
    "NotationError",
    "ShoeExhausted",
]


class BacaraError(ValueError):
    """Base class of every error raised by :mod:`bacara_teach`."""


class NotationError(BacaraError):
    """Text that is not valid notation (cards, shoes, bets, submissions)."""


class InvalidCard(NotationError):
    """A card that cannot be parsed, e.g. ``11♥`` or ``4x``."""


class IllegalAction(BacaraError):
    """An action the rules or the current state do not allow."""


class ShoeExhausted(IllegalAction):
    """A card was asked of a shoe that has too few cards left."""
