"""How a coup ended, and the named kinds of ending that a table's rules and the side bets read.

A :class:`Final` is what the commission-free tables and the side bets look at: each hand's
final total and its number of cards.  :data:`EVENTS` names the kinds of final state a rule can
pay on; the same names are read by the settlement of a dealt coup
(:func:`final_of`) and by the exact odds, which count every deal of a shoe by its final state
(``count_finals`` of ``bacara_teach.analysis.side_bets``).  A rule is therefore written once, as
data, and priced and paid from that one place.

>>> from bacara_teach.punto_banco import Coup
>>> coup = Coup.from_cards("K♠ 3♦ 2♥ 2♣ 5♦ 2♠")  # Punto 2 + 5 = 7, Banco 5 + 2 = 7: a tie
>>> final_of(coup)
Final(punto=7, banco=7, punto_cards=3, banco_cards=3)
>>> holds("tie", final_of(coup)), holds("banco-wins-3-card-7", final_of(coup))
(True, False)
>>> final = final_of(Coup.from_cards("K♠ 3♦ 2♥ 2♣ 4♦ 2♠"))
>>> final, holds("banco-wins-3-card-7", final)
(Final(punto=6, banco=7, punto_cards=3, banco_cards=3), True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bacara_teach.errors import NotationError
from bacara_teach.punto_banco import Coup
from bacara_teach.text import N_, Message, message

__all__ = ["EVENTS", "EVENT_TEXTS", "Final", "event_message", "final_of", "holds"]


@dataclass(frozen=True, slots=True)
class Final:
    """How a coup ended: each hand's final total and its number of cards (2 or 3)."""

    punto: int
    banco: int
    punto_cards: int
    banco_cards: int

    @property
    def cards(self) -> int:
        """Cards the coup used (4, 5 or 6)."""
        return self.punto_cards + self.banco_cards

    @property
    def punto_natural(self) -> bool:
        return self.punto_cards == 2 and self.punto >= 8

    @property
    def banco_natural(self) -> bool:
        return self.banco_cards == 2 and self.banco >= 8


def final_of(coup: Coup) -> Final:
    """The final state of a dealt coup."""
    return Final(coup.punto_total, coup.banco_total, len(coup.punto), len(coup.banco))


def _wins_by(side: str, k: int) -> Callable[[Final], bool]:
    """``side`` wins by exactly ``k`` points without a natural of its own."""
    if side == "punto":
        return lambda f: not f.punto_natural and f.punto - f.banco == k
    return lambda f: not f.banco_natural and f.banco - f.punto == k


EVENTS: Mapping[str, Callable[[Final], bool]] = MappingProxyType({
    "punto-wins": lambda f: f.punto > f.banco,
    "banco-wins": lambda f: f.banco > f.punto,
    "tie": lambda f: f.punto == f.banco,
    "banco-wins-with-6": lambda f: f.banco > f.punto and f.banco == 6,
    "banco-wins-not-6": lambda f: f.banco > f.punto and f.banco != 6,
    "banco-wins-3-card-7": lambda f: f.banco > f.punto and f.banco == 7 and f.banco_cards == 3,
    "banco-wins-not-3-card-7": lambda f: f.banco > f.punto and not (f.banco == 7 and f.banco_cards == 3),
    "punto-wins-3-card-8": lambda f: f.punto > f.banco and f.punto == 8 and f.punto_cards == 3,
    "4-cards": lambda f: f.cards == 4,
    "5-cards": lambda f: f.cards == 5,
    "6-cards": lambda f: f.cards == 6,
    "5-or-6-cards": lambda f: f.cards >= 5,
    "punto-natural-win": lambda f: f.punto_natural and f.punto > f.banco,
    "banco-natural-win": lambda f: f.banco_natural and f.banco > f.punto,
    "natural-tie": lambda f: (f.punto_natural or f.banco_natural) and f.punto == f.banco,
    **{f"{side}-wins-by-{k}": _wins_by(side, k) for side in ("punto", "banco") for k in range(1, 10)},
})
"""Kinds of final state a rule or a bet can name (a hand "wins by k" without a natural of its own)."""


EVENT_TEXTS: Mapping[str, str] = MappingProxyType({
    "banco-wins-with-6": N_("Banco wins with 6"),
    "banco-wins-3-card-7": N_("Banco wins with a three-card 7"),
    "punto-wins-3-card-8": N_("Punto wins with a three-card 8"),
})
"""The events the tables' rules name, in words (a message each)."""


def holds(event: str, final: Final) -> bool:
    """Does ``final`` belong to ``event``?  An unknown name is an error naming the known ones.

    >>> holds("banco-wins-with-7", Final(1, 7, 2, 2))
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: unknown event 'banco-wins-with-7': expected one of punto-wins, banco-wins, tie, ...
    """
    try:
        return EVENTS[event](final)
    except KeyError:
        raise NotationError(message("unknown event {event!r}: expected one of {names}, ...",
                                    event=event, names=", ".join(list(EVENTS)[:3]))) from None


def event_message(event: str) -> Message:
    """An event in words, as a message (its name when it has no words of its own).

    >>> str(event_message("banco-wins-3-card-7")), event_message("banco-wins-with-6").render("es")
    ('Banco wins with a three-card 7', 'Banco gana con 6')
    """
    text = EVENT_TEXTS.get(event)
    return message(text) if text is not None else message("{event}", event=event)
