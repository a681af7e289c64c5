"""The shoe (sabot): n standard decks, a seeded shuffle, stacked shoes.

A shoe deals from the front of its card sequence.  Two ways of playing on
are supported, as the rule systems need them:

* ``reshuffle="every-coup"``: all cards go back and the shoe is shuffled
  again before each coup (the home session and the online table).
* ``reshuffle="never"``: the shoe is dealt through, coup after coup, and
  runs out (Chemin de Fer's session, a casino shoe).

The shuffle is a Fisher-Yates shuffle driven only by
:meth:`random.Random.random`, whose sequence Python guarantees for a given
seed on every platform and version, so the same seed gives the same shoe
everywhere, in the browser's Pyodide too.

>>> shoe = Shoe.stacked("4♥ 2♠ 9♣ A♦ 8♦")
>>> shoe.draw(), shoe.remaining
(Card.parse('4♥'), 4)
>>> Shoe.standard(decks=8).remaining
416
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from bacara_teach.cards import Card, Rank, Suit, format_cards, parse_cards
from bacara_teach.errors import IllegalAction, ShoeExhausted
from bacara_teach.text import message

__all__ = ["MAX_DECKS", "MIN_DECKS", "Reshuffle", "Shoe", "full_deck", "seeded_shuffle"]

MIN_DECKS = 1
MAX_DECKS = 12
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at run time (mypy reads it the same)
if TYPE_CHECKING:
    import random  # imported when a shoe is shuffled: a stacked shoe (the command line's) needs none
    from typing import Literal, TypeAlias

    Reshuffle: TypeAlias = Literal["every-coup", "never"]
    """How the shoe is renewed: shuffled again before every coup, or dealt through."""


def __getattr__(name: str) -> object:
    """``Reshuffle`` at run time, made on first use (dealing a coup does not load typing).

    >>> from bacara_teach.shoe import Reshuffle
    >>> Reshuffle.__args__
    ('every-coup', 'never')
    """
    if name == "Reshuffle":
        from typing import Literal

        globals()[name] = value = Literal["every-coup", "never"]
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_RESHUFFLE_CHOICES: tuple[Reshuffle, ...] = ("every-coup", "never")

Seed = int | str | None


def full_deck() -> tuple[Card, ...]:
    """One 52-card deck, in rank-then-suit order, without jokers.

    >>> deck = full_deck()
    >>> len(deck), deck[0], deck[-1]
    (52, Card.parse('A♠'), Card.parse('K♣'))
    """
    return tuple(Card(rank, suit) for rank in Rank for suit in Suit)


def seeded_shuffle(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    """Return a shuffled copy of ``cards`` (Fisher-Yates on ``rng.random()``).

    >>> import random
    >>> a = seeded_shuffle(full_deck(), random.Random(7))
    >>> b = seeded_shuffle(full_deck(), random.Random(7))
    >>> a == b, sorted(map(str, a)) == sorted(map(str, full_deck()))
    (True, True)
    """
    out = list(cards)
    uniform = rng.random
    for i in range(len(out) - 1, 0, -1):
        j = int(uniform() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def _check_decks(decks: int) -> int:
    if isinstance(decks, bool) or not isinstance(decks, int) or not MIN_DECKS <= decks <= MAX_DECKS:
        raise IllegalAction(message(
            "invalid number of decks {decks!r}: expected a whole number from {least} to {most}",
            decks=decks, least=MIN_DECKS, most=MAX_DECKS))
    return decks


class Shoe:
    """A shoe of cards dealt from the front.

    Build one with :meth:`standard` (``decks`` full decks, shuffled when a seed
    is given) or :meth:`stacked` (exactly the cards given, in that order).
    """

    __slots__ = ("_cards", "_full", "_next", "_rng", "decks", "reshuffle", "seed")

    def __init__(
        self,
        cards: Iterable[Card],
        *,
        decks: int | None = None,
        seed: Seed = None,
        reshuffle: Reshuffle = "never",
    ) -> None:
        if reshuffle not in _RESHUFFLE_CHOICES:
            raise IllegalAction(message(
                "invalid reshuffle mode {mode!r}: expected one of {modes}", mode=reshuffle,
                modes=", ".join(_RESHUFFLE_CHOICES)))
        self._full: tuple[Card, ...] = tuple(cards)
        self._cards: list[Card] = list(self._full)
        self._next = 0
        self.decks = decks
        self.seed = seed
        self.reshuffle: Reshuffle = reshuffle
        self._rng: random.Random | None = None
        if seed is not None:
            import random

            self._rng = random.Random(seed)
        if self._rng is not None:
            self._cards = seeded_shuffle(self._full, self._rng)

    # -- construction -------------------------------------------------------------------
    @classmethod
    def standard(cls, decks: int = 8, *, seed: Seed = None, reshuffle: Reshuffle = "never") -> Shoe:
        """``decks`` standard 52-card decks (1-12); shuffled when ``seed`` is given.

        >>> Shoe.standard(6, seed=1).remaining
        312
        >>> Shoe.standard(13)
        Traceback (most recent call last):
        ...
        bacara_teach.errors.IllegalAction: invalid number of decks 13: expected a whole number from 1 to 12
        """
        _check_decks(decks)
        return cls(full_deck() * decks, decks=decks, seed=seed, reshuffle=reshuffle)

    @classmethod
    def stacked(cls, cards: str | Iterable[str | Card]) -> Shoe:
        """A shoe holding exactly ``cards``, dealt in the order given.

        >>> Shoe.stacked("4h 2s").composition()
        {Rank.TWO: 1, Rank.FOUR: 1}
        """
        return cls(parse_cards(cards))

    # -- dealing --------------------------------------------------------------------------
    @property
    def remaining(self) -> int:
        """How many cards are left to deal."""
        return len(self._cards) - self._next

    @property
    def dealt(self) -> int:
        """How many cards have been dealt since the last shuffle."""
        return self._next

    def __len__(self) -> int:
        return self.remaining

    def draw(self) -> Card:
        """Deal the next card.

        >>> shoe = Shoe.stacked("4h")
        >>> shoe.draw()
        Card.parse('4♥')
        >>> shoe.draw()
        Traceback (most recent call last):
        ...
        bacara_teach.errors.ShoeExhausted: the shoe is empty: all 1 cards have been dealt
        """
        if self._next >= len(self._cards):
            raise ShoeExhausted(message("the shoe is empty: all {count} cards have been dealt",
                                        count=len(self._cards)))
        card = self._cards[self._next]
        self._next += 1
        return card

    def peek(self, n: int = 1) -> tuple[Card, ...]:
        """The next ``n`` cards without dealing them."""
        return tuple(self._cards[self._next : self._next + n])

    def remaining_cards(self) -> tuple[Card, ...]:
        """The undealt cards, in the order they will be dealt."""
        return tuple(self._cards[self._next :])

    def __iter__(self) -> Iterator[Card]:
        return iter(self.remaining_cards())

    def start_coup(self, cards_needed: int = 6) -> None:
        """Prepare for a coup: reshuffle (``every-coup`` shoes) or check enough cards remain.

        A coup may need up to six cards; a dealt-through shoe with fewer left
        refuses (and changes nothing) so a coup is never left half dealt.
        """
        if self.reshuffle == "every-coup":
            self.shuffle()
        elif self.remaining < cards_needed:
            raise ShoeExhausted(message("the shoe has {left} cards left; a coup may need {need}",
                                        left=self.remaining, need=cards_needed))

    def shuffle(self) -> None:
        """Put every card back and shuffle again (with the shoe's seeded generator).

        A shoe built without a seed is restored to its original order instead,
        so a stacked shoe replays the same coup.
        """
        if self._rng is None:
            self._cards = list(self._full)
        else:
            self._cards = seeded_shuffle(self._full, self._rng)
        self._next = 0

    # -- description ------------------------------------------------------------------------
    def composition(self) -> dict[Rank, int]:
        """Count of each rank still in the shoe (ranks with none left omitted)."""
        counts = Counter(card.rank for card in self._cards[self._next :])
        return {rank: counts[rank] for rank in Rank if counts[rank]}

    def point_counts(self) -> tuple[int, ...]:
        """Count of cards of each point value 0-9 still in the shoe.

        >>> Shoe.standard(8).point_counts()
        (128, 32, 32, 32, 32, 32, 32, 32, 32, 32)
        """
        counts = [0] * 10
        for card in self._cards[self._next :]:
            counts[card.points] += 1
        return tuple(counts)

    def __repr__(self) -> str:
        if self.decks is not None:
            return (
                f"Shoe.standard({self.decks}, seed={self.seed!r}, reshuffle={self.reshuffle!r})"
                f"  # {self.remaining} cards left"
            )
        return f"Shoe.stacked({format_cards(self.remaining_cards())!r})"
