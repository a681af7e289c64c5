"""The shoe (sabot): n standard decks, a seeded shuffle, stacked shoes.

A shoe deals from the front of its card sequence.  Two ways of playing on
are supported, as the tables of the course need them:

* ``reshuffle="every-coup"``: all cards go back and the shoe is shuffled
  again before each coup (the home session and the online table).
* ``reshuffle="never"``: the shoe is dealt through, coup after coup, and
  runs out (Chemin de Fer's session, a casino shoe).

The shuffle is a Fisher-Yates shuffle driven only by
:meth:`random.Random.random`, whose sequence Python guarantees for a given
seed on every platform and version, so the same seed gives the same shoe
everywhere, in the browser's Pyodide too.

**Shuffle versions.**  A shoe reshuffled every coup is shuffled the way its
*shuffle version* says; a shoe dealt through is always shuffled in full (both
versions shuffle it the same way).  The version is part of what a seed means,
so a saved session records it and replays with it:

* version 1 (:data:`FULL_SHUFFLE`): every reshuffle puts the cards back in
  deck order and runs the Fisher-Yates shuffle over all of them (one
  ``random()`` for every card but the first: 311 for six decks, 415 for
  eight).  Sessions saved before versions existed used it and still replay
  with it.
* version 2 (:data:`COUP_SHUFFLE`, the default): every reshuffle puts the
  cards back in deck order and shuffles only the positions a coup can use: a
  partial Fisher-Yates picks the first six cards one by one, each uniformly
  from the cards not picked yet (six ``random()``), and one more ``random()``
  seeds the order of the other cards, which are shuffled only if a card past
  the sixth is ever read.  The shoe is as random as with version 1 (every
  order of the cards equally likely) and a coup costs seven ``random()``
  instead of hundreds; reading the shoe (:meth:`Shoe.remaining_cards`) never
  changes the coups that follow.

Both the home study-session rules and the online table's rules put every card
back and reshuffle after every coup, so each coup is dealt from a full shoe;
version 2 keeps exactly that (each coup's cards are a uniform draw from the
full shoe, independent of the coups before), so both the home session and the
online table use it for new sessions.  Worked examples are stacked shoes and
never shuffled, so no version changes them.

>>> full = Shoe.standard(8, seed=5, reshuffle="every-coup", shuffle_version=FULL_SHUFFLE)
>>> coup = Shoe.standard(8, seed=5, reshuffle="every-coup")
>>> coup.shuffle_version, full.remaining == coup.remaining == 416
(2, True)
>>> sorted(map(str, coup.remaining_cards())) == sorted(map(str, full.remaining_cards()))
True

>>> shoe = Shoe.stacked("4♥ 2♠ 9♣ A♦ 8♦")
>>> shoe.draw(), shoe.remaining
(Card.parse('4♥'), 4)
>>> Shoe.standard(decks=8).remaining
416
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache

from bacara_teach.cards import Card, Rank, Suit, format_cards, parse_cards
from bacara_teach.errors import IllegalAction, ShoeExhausted
from bacara_teach.text import message

__all__ = [
    "COUP_CARDS",
    "COUP_SHUFFLE",
    "DEFAULT_SHUFFLE",
    "FULL_SHUFFLE",
    "MAX_DECKS",
    "MIN_DECKS",
    "SHUFFLE_VERSIONS",
    "Reshuffle",
    "Shoe",
    "check_shuffle_version",
    "coup_shuffle",
    "full_deck",
    "seeded_shuffle",
]

MIN_DECKS = 1
MAX_DECKS = 12
COUP_CARDS = 6
"""The most cards one coup can use (two hands of at most three)."""
FULL_SHUFFLE = 1
"""Shuffle version 1: every reshuffle shuffles every card of the shoe."""
COUP_SHUFFLE = 2
"""Shuffle version 2: a reshuffle before a coup shuffles only the :data:`COUP_CARDS` cards a coup
can use, and the rest only if they are read."""
SHUFFLE_VERSIONS = (FULL_SHUFFLE, COUP_SHUFFLE)
DEFAULT_SHUFFLE = COUP_SHUFFLE
"""The shuffle version of new shoes and new sessions."""
_TAIL_SEED = 2**53
"""A reshuffle of version 2 seeds the order of the cards past the sixth with
``int(random() * 2**53)``: a whole number, which seeds :class:`random.Random` the same way on
every platform (a float seed goes through ``hash``, which differs on 32-bit builds)."""
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


@cache
def full_deck() -> tuple[Card, ...]:
    """One 52-card deck, in rank-then-suit order, without jokers (the same tuple of immutable
    cards each time: every shoe is built from it).

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


def coup_shuffle(cards: Sequence[Card], rng: random.Random,
                 positions: int = COUP_CARDS) -> tuple[list[Card], int]:
    """Shuffle version 2: a copy of ``cards`` whose first ``positions`` cards are shuffled,
    and the seed that orders the rest.

    A partial Fisher-Yates: position ``i`` takes a card drawn uniformly from those at ``i``
    and after (one ``rng.random()`` each); then one more ``rng.random()`` gives the seed of
    the rest's order (:meth:`Shoe.remaining_cards` shuffles them with it when asked).  The
    first cards have exactly the chances of a full shuffle's.

    >>> import random
    >>> cards, rest = coup_shuffle(full_deck(), random.Random(7))
    >>> again, rest_again = coup_shuffle(full_deck(), random.Random(7))
    >>> cards == again, rest == rest_again, sorted(map(str, cards)) == sorted(map(str, full_deck()))
    (True, True, True)
    >>> rng = random.Random(7)
    >>> [full_deck()[int(rng.random() * 52)]] == cards[:1]
    True
    """
    out = list(cards)
    uniform = rng.random
    size = len(out)
    for i in range(min(positions, size - 1)):
        j = i + int(uniform() * (size - i))
        out[i], out[j] = out[j], out[i]
    return out, int(uniform() * _TAIL_SEED)


def check_shuffle_version(version: object) -> int:
    """``version`` if it is a shuffle version (1 or 2), else a clear refusal.

    >>> check_shuffle_version(2)
    2
    >>> check_shuffle_version("2")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid shuffle version '2': expected 1 (every card shuffled before each coup) or 2 (only the cards a coup can use)
    """
    if isinstance(version, bool) or not isinstance(version, int) or version not in SHUFFLE_VERSIONS:
        raise IllegalAction(message(
            "invalid shuffle version {version!r}: expected 1 (every card shuffled before each "
            "coup) or 2 (only the cards a coup can use)", version=version))
    return version


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
    ``shuffle_version`` says how a seeded shoe reshuffled every coup is shuffled
    (see the module docstring); a shoe dealt through is always shuffled in full.
    """

    __slots__ = ("_cards", "_full", "_next", "_ready", "_rest", "_rng", "decks", "reshuffle",
                 "seed", "shuffle_version")

    def __init__(
        self,
        cards: Iterable[Card],
        *,
        decks: int | None = None,
        seed: Seed = None,
        reshuffle: Reshuffle = "never",
        shuffle_version: int = DEFAULT_SHUFFLE,
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
        self.shuffle_version = check_shuffle_version(shuffle_version)
        # How many cards from the front are in their dealing order: all of them, but after a
        # version 2 reshuffle only the first six; the rest take theirs from the seed ``_rest``
        # when they are read (:meth:`_order_rest`).
        self._ready = len(self._full)
        self._rest = 0
        self._rng: random.Random | None = None
        if seed is not None:
            import random

            self._rng = random.Random(seed)
        if self._rng is not None:
            self._shuffle(self._rng)

    # -- construction -------------------------------------------------------------------
    @classmethod
    def standard(cls, decks: int = 8, *, seed: Seed = None, reshuffle: Reshuffle = "never",
                 shuffle_version: int = DEFAULT_SHUFFLE) -> Shoe:
        """``decks`` standard 52-card decks (1-12); shuffled when ``seed`` is given.

        >>> Shoe.standard(6, seed=1).remaining
        312
        >>> Shoe.standard(13)
        Traceback (most recent call last):
        ...
        bacara_teach.errors.IllegalAction: invalid number of decks 13: expected a whole number from 1 to 12
        """
        _check_decks(decks)
        return cls(full_deck() * decks, decks=decks, seed=seed, reshuffle=reshuffle,
                   shuffle_version=shuffle_version)

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
        if self._next >= self._ready:
            if self._next >= len(self._cards):
                raise ShoeExhausted(message("the shoe is empty: all {count} cards have been dealt",
                                            count=len(self._cards)))
            self._order_rest()
        card = self._cards[self._next]
        self._next += 1
        return card

    def _order_rest(self) -> None:
        """Shuffle the cards past the first six, with the seed the last reshuffle gave them
        (version 2): they take the order they will be dealt in."""
        ready = self._ready
        if ready < len(self._cards):
            import random

            self._cards[ready:] = seeded_shuffle(self._cards[ready:], random.Random(self._rest))
            self._ready = len(self._cards)

    def peek(self, n: int = 1) -> tuple[Card, ...]:
        """The next ``n`` cards without dealing them."""
        if self._next + n > self._ready:
            self._order_rest()
        return tuple(self._cards[self._next : self._next + n])

    def remaining_cards(self) -> tuple[Card, ...]:
        """The undealt cards, in the order they will be dealt."""
        self._order_rest()
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

        A shoe reshuffled every coup is shuffled as its :attr:`shuffle_version` says; a
        shoe built without a seed is restored to its original order instead, so a stacked
        shoe replays the same coup.
        """
        if self._rng is None:
            self._cards = list(self._full)
            self._ready = len(self._cards)
        else:
            self._shuffle(self._rng)
        self._next = 0

    def _shuffle(self, rng: random.Random) -> None:
        if self.reshuffle == "every-coup" and self.shuffle_version == COUP_SHUFFLE:
            self._cards, self._rest = coup_shuffle(self._full, rng)
            self._ready = min(COUP_CARDS, len(self._cards))
        else:
            self._cards = seeded_shuffle(self._full, rng)
            self._ready = len(self._cards)

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
            version = ("" if self.shuffle_version == DEFAULT_SHUFFLE
                       else f", shuffle_version={self.shuffle_version}")
            return (
                f"Shoe.standard({self.decks}, seed={self.seed!r}, reshuffle={self.reshuffle!r}"
                f"{version})  # {self.remaining} cards left"
            )
        return f"Shoe.stacked({format_cards(self.remaining_cards())!r})"
