"""What is in a shoe, for counting: cards of each rank (or only of each point value).

Exact odds depend only on how many cards of each kind are left, not on their
order or suits.  A :class:`Composition` holds that count.  It is built from
whole decks, from counts per rank (13 ranks: the pair bets need ranks, since
a K-Q is no pair by rank), from counts per point value (10 values: enough for
Punto, Banco and Empate), from a :class:`~bacara_teach.shoe.Shoe`, or from any
of those minus listed cards.

>>> full = Composition.standard(8)
>>> full.total, full.points
(416, (128, 32, 32, 32, 32, 32, 32, 32, 32, 32))
>>> gone = full.without("5 5 5 5")
>>> gone.total, gone.points[5], gone.rank_count(Rank.FIVE)
(412, 28, 28)
>>> Composition.standard(8).without("5♥ K♠ 10").points[0]
126
>>> Composition.from_points([2, 1, 1, 1, 1, 0, 0, 0, 0, 0]).describe("en")
'6 cards: 0×2, 1×1, 2×1, 3×1, 4×1'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bacara_teach.cards import Card, Rank, parse_card
from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.i18n import resolve_language
from bacara_teach.shoe import MAX_DECKS, MIN_DECKS, Shoe
from bacara_teach.text import Message, message, nmessage

__all__ = [
    "MIN_CARDS",
    "RANKS",
    "Composition",
    "ShoeSpec",
    "as_composition",
    "parse_removal",
]

RANKS: tuple[Rank, ...] = tuple(Rank)
"""The thirteen ranks in the order counts per rank are given: A, 2, ..., 10, J, Q, K."""

MIN_CARDS = 6
"""A coup may use six cards, so a shoe to analyse must hold at least six."""

_RANK_WORDS: dict[str, Rank] = {rank.symbol: rank for rank in Rank}
_RANK_WORDS.update({"T": Rank.TEN, "1": Rank.ACE})
_SEPARATORS = re.compile(r"[\s,]+")
def _invalid_token(token: object, position: int, source: object) -> Message:
    return message("invalid card or rank {token!r} (item {position} of {source}): expected a rank "
                   "(A, 2-10, T, J, Q, K) or a card such as '5♥' or '5h', separated by spaces or "
                   "commas", token=str(token) if not isinstance(token, str) else token,
                   position=position, source=source)


def _parse_token(token: str, source: object, position: int) -> Rank:
    word = token.strip().replace("\ufe0f", "").upper()
    if word in _RANK_WORDS:
        return _RANK_WORDS[word]
    try:
        return parse_card(token).rank
    except NotationError:
        raise NotationError(_invalid_token(token, position, source)) from None


def parse_removal(text: str | Iterable[str | Card | Rank]) -> tuple[Rank, ...]:
    """Read the cards to take out of a shoe: ranks (``5``, ``K``, ``10``) or cards (``5♥``).

    Suits never change the odds, so a full card counts as its rank.

    >>> parse_removal("5 5 K♠, 10h t")
    (Rank.FIVE, Rank.FIVE, Rank.KING, Rank.TEN, Rank.TEN)
    >>> parse_removal("5 X")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: invalid card or rank 'X' (item 2 of '5 X'): expected a rank (A, 2-10, T, J, Q, K) or a card such as '5♥' or '5h', separated by spaces or commas
    """
    if isinstance(text, str):
        tokens: list[str | Card | Rank] = [t for t in _SEPARATORS.split(text.strip()) if t]
        source: object = repr(text)
    else:
        tokens = list(text)
        source = message("the list")
    ranks: list[Rank] = []
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, Rank):
            ranks.append(token)
        elif isinstance(token, Card):
            ranks.append(token.rank)
        elif isinstance(token, str):
            ranks.append(_parse_token(token, source, position))
        else:
            raise NotationError(_invalid_token(token, position, source))
    return tuple(ranks)


def _check_count(value: object, what: Message) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(message("invalid count {value!r} for {what}: expected a whole number >= 0",
                                    value=value, what=what))
    if value < 0:
        raise NotationError(message(
            "invalid count {value!r} for {what}: a shoe cannot hold a negative number of cards",
            value=value, what=what))
    return value


def _points_of(ranks: Sequence[int]) -> tuple[int, ...]:
    points = [0] * 10
    for rank, count in zip(RANKS, ranks, strict=True):
        points[rank.points] += count
    return tuple(points)


@dataclass(frozen=True, slots=True, kw_only=True)
class Composition:
    """How many cards of each point value (and, when known, of each rank) a shoe holds.

    ``points[v]`` counts cards worth ``v`` (0 for 10/J/Q/K); ``ranks`` counts
    the 13 ranks in :data:`RANKS` order, or is ``None`` when only point values
    are known (then the pair bets by rank cannot be priced).  Build one with
    the class methods; the constructor checks the counts agree.
    """

    points: tuple[int, ...]
    ranks: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if len(self.points) != 10:
            raise NotationError(message(
                "invalid counts per point value {counts}: expected 10 counts, for values 0-9",
                counts=repr(self.points)))
        for value, count in enumerate(self.points):
            _check_count(count, message("point value {value}", value=value))
        if self.ranks is not None:
            if len(self.ranks) != 13:
                raise NotationError(message(
                    "invalid counts per rank {counts}: expected 13 counts, for A, 2-10, J, Q, K",
                    counts=repr(self.ranks)))
            for rank, count in zip(RANKS, self.ranks, strict=True):
                _check_count(count, message("rank {rank}", rank=rank.symbol))
            if _points_of(self.ranks) != self.points:
                raise NotationError(message(
                    "counts per rank {ranks} do not add up to the counts per point value {points}",
                    ranks=repr(self.ranks), points=repr(self.points)))
        if sum(self.points) < MIN_CARDS:
            raise IllegalAction(
                message("a shoe of {count} cards is too small: a coup may need {need} cards",
                        count=sum(self.points), need=MIN_CARDS))

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def standard(cls, decks: int = 8) -> Composition:
        """``decks`` full 52-card decks (1-12).

        >>> Composition.standard(6).total
        312
        >>> Composition.standard(0)
        Traceback (most recent call last):
        ...
        bacara_teach.errors.IllegalAction: invalid number of decks 0: expected a whole number from 1 to 12
        """
        if isinstance(decks, bool) or not isinstance(decks, int) or not MIN_DECKS <= decks <= MAX_DECKS:
            raise IllegalAction(
                message("invalid number of decks {decks}: expected a whole number from {low} to "
                        "{high}", decks=repr(decks), low=MIN_DECKS, high=MAX_DECKS))
        return cls.from_ranks([4 * decks] * 13)

    @classmethod
    def from_ranks(cls, counts: Sequence[int] | Mapping[Rank | str, int]) -> Composition:
        """Counts per rank: 13 numbers (A, 2, ..., 10, J, Q, K) or a mapping.

        Ranks missing from a mapping count 0.

        >>> Composition.from_ranks({"K": 4, Rank.ACE: 2, "10": 1}).points
        (5, 2, 0, 0, 0, 0, 0, 0, 0, 0)
        >>> Composition.from_ranks({"11": 4, "A": 4})
        Traceback (most recent call last):
        ...
        bacara_teach.errors.NotationError: invalid rank '11' in the counts per rank: expected one of A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K
        """
        if isinstance(counts, Mapping):
            by_rank = dict.fromkeys(RANKS, 0)
            for key, count in counts.items():
                rank = key if isinstance(key, Rank) else _RANK_WORDS.get(str(key).strip().upper())
                if rank is None:
                    raise NotationError(message(
                        "invalid rank {key!r} in the counts per rank: expected one of {names}",
                        key=key, names=", ".join(r.symbol for r in RANKS)))
                by_rank[rank] += _check_count(count, message("rank {rank}", rank=rank.symbol))
            ranks = tuple(by_rank[r] for r in RANKS)
        else:
            ranks = tuple(counts)
            if len(ranks) != 13:
                raise NotationError(message(
                    "invalid counts per rank {counts}: expected 13 counts, for A, 2-10, J, Q, K",
                    counts=repr(counts)))
            for rank, count in zip(RANKS, ranks, strict=True):
                _check_count(count, message("rank {rank}", rank=rank.symbol))
        return cls(points=_points_of(ranks), ranks=ranks)

    @classmethod
    def from_points(cls, counts: Sequence[int] | Mapping[int, int]) -> Composition:
        """Counts per point value: 10 numbers (values 0-9) or a mapping value -> count.

        Ranks stay unknown, so pair bets by rank cannot be priced on it.

        >>> Composition.from_points({0: 16, 5: 4}).total
        20
        >>> Composition.from_points([4, 4, -1, 4, 4, 4, 4, 4, 4, 4])
        Traceback (most recent call last):
        ...
        bacara_teach.errors.NotationError: invalid count -1 for point value 2: a shoe cannot hold a negative number of cards
        """
        if isinstance(counts, Mapping):
            points = [0] * 10
            for value, count in counts.items():
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
                    raise NotationError(message(
                        "invalid point value {value!r} in the counts per point value: expected 0-9",
                        value=value))
                points[value] += _check_count(count, message("point value {value}", value=value))
            return cls(points=tuple(points))
        return cls(points=tuple(counts))

    @classmethod
    def from_shoe(cls, shoe: Shoe) -> Composition:
        """The undealt cards of a shoe.

        >>> Composition.from_shoe(Shoe.stacked("4h 4s 9c Kd Qd 2s 7h")).describe("en")
        '7 cards: 0×2, 2×1, 4×2, 7×1, 9×1'
        """
        by_rank = shoe.composition()
        return cls.from_ranks([by_rank.get(rank, 0) for rank in RANKS])

    # -- reading ------------------------------------------------------------------------------
    @property
    def total(self) -> int:
        """Number of cards."""
        return sum(self.points)

    @property
    def has_ranks(self) -> bool:
        """True when the count of each rank is known (pair bets by rank need it)."""
        return self.ranks is not None

    def rank_count(self, rank: Rank) -> int:
        """Cards of ``rank`` left; needs counts per rank."""
        if self.ranks is None:
            raise IllegalAction(message(
                "this shoe is known only by point value, so the count of rank {rank} is unknown; "
                "build it with Composition.standard() or Composition.from_ranks()",
                rank=rank.symbol))
        return self.ranks[RANKS.index(rank)]

    def decks(self) -> int | None:
        """The number of decks if this is exactly a full shoe of standard decks, else ``None``."""
        if self.ranks is not None and len(set(self.ranks)) == 1 and self.ranks[0] % 4 == 0:
            return self.ranks[0] // 4
        return None

    def describe(self, lang: str | None = None) -> str:
        """Short text: number of cards and the count of each point value present.

        ``lang`` is ``"en"``, ``"es"`` or ``None`` (the default language).

        >>> Composition.standard(6).describe("en"), Composition.standard(1).describe("es")
        ('312 cards: 6 full decks', '52 cartas: 1 baraja completa')
        """
        return self.description().render(resolve_language(lang))

    def description(self) -> Message:
        """:meth:`describe` as a message, to be rendered later in any language.

        >>> Composition.standard(8).description().render("es")
        '416 cartas: 8 barajas completas'
        """
        cards = nmessage("{count} card", "{count} cards", self.total)
        decks = self.decks()
        if decks is not None:
            return message("{cards}: {decks}", cards=cards,
                           decks=nmessage("{count} full deck", "{count} full decks", decks))
        parts = ", ".join(f"{v}×{n}" for v, n in enumerate(self.points) if n)
        return message("{cards}: {counts}", cards=cards, counts=parts)

    # -- changing -----------------------------------------------------------------------------
    def without(self, cards: str | Iterable[str | Card | Rank]) -> Composition:
        """The shoe once ``cards`` (ranks or cards, see :func:`parse_removal`) are gone.

        Asking for more cards of a rank than the shoe holds is refused.

        >>> Composition.standard(1).without("K K K K K")
        Traceback (most recent call last):
        ...
        bacara_teach.errors.IllegalAction: cannot remove 5 cards of rank K: the shoe holds only 4 (at most 4 K may be removed)
        """
        ranks = parse_removal(cards)
        wanted = Counter(ranks)
        if self.ranks is None:
            points = list(self.points)
            by_value = Counter(rank.points for rank in ranks)
            for value, n in sorted(by_value.items()):
                if n > points[value]:
                    raise IllegalAction(
                        message("cannot remove {n} cards worth {value}: the shoe holds only "
                                "{held} (at most {held} cards worth {value} may be removed)",
                                n=n, value=value, held=points[value]))
                points[value] -= n
            return _after_removal(self, points=tuple(points), ranks=None, removed=len(ranks))
        counts = list(self.ranks)
        for rank in RANKS:
            n = wanted.get(rank, 0)
            i = RANKS.index(rank)
            if n > counts[i]:
                raise IllegalAction(
                    message("cannot remove {n} cards of rank {rank}: the shoe holds only {held} "
                            "(at most {held} {rank} may be removed)",
                            n=n, rank=rank.symbol, held=counts[i]))
            counts[i] -= n
        return _after_removal(self, points=_points_of(counts), ranks=tuple(counts),
                              removed=len(ranks))

    def with_added(self, cards: str | Iterable[str | Card | Rank]) -> Composition:
        """The shoe with ``cards`` (ranks or cards) put in.

        >>> Composition.standard(1).without("5").with_added("5") == Composition.standard(1)
        True
        """
        ranks = parse_removal(cards)
        if self.ranks is None:
            points = list(self.points)
            for rank in ranks:
                points[rank.points] += 1
            return Composition(points=tuple(points))
        counts = list(self.ranks)
        for rank in ranks:
            counts[RANKS.index(rank)] += 1
        return Composition(points=_points_of(counts), ranks=tuple(counts))

    def without_value(self, value: int) -> Composition:
        """The shoe less one card worth ``value`` (0-9); for 0 a 10 is taken out.

        >>> Composition.standard(8).without_value(0).points[0]
        127
        """
        return self.without([_value_rank(value)])

    def with_value(self, value: int) -> Composition:
        """The shoe plus one card worth ``value`` (0-9); for 0 a 10 is put in."""
        return self.with_added([_value_rank(value)])


def _after_removal(before: Composition, *, points: tuple[int, ...],
                   ranks: tuple[int, ...] | None, removed: int) -> Composition:
    if sum(points) < MIN_CARDS:
        raise IllegalAction(
            message("cannot remove {removed} cards from a shoe of {total}: {left} would be left "
                    "and a coup may need {need} (at most {most} cards may be removed)",
                    removed=removed, total=before.total, left=sum(points), need=MIN_CARDS,
                    most=before.total - MIN_CARDS))
    return Composition(points=points, ranks=ranks)


def _value_rank(value: int) -> Rank:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
        raise NotationError(message("invalid point value {value!r}: expected 0-9", value=value))
    return Rank.TEN if value == 0 else RANKS[value - 1]


ShoeSpec = Composition | Shoe | int
"""What the analysis functions accept as a shoe: a composition, a shoe, or a number of decks."""


def as_composition(shoe: ShoeSpec) -> Composition:
    """Read any :data:`ShoeSpec`.

    >>> as_composition(6) == Composition.standard(6)
    True
    """
    if isinstance(shoe, Composition):
        return shoe
    if isinstance(shoe, Shoe):
        return Composition.from_shoe(shoe)
    if isinstance(shoe, int) and not isinstance(shoe, bool):
        return Composition.standard(shoe)
    raise NotationError(message(
        "invalid shoe {shoe}: expected a number of decks, a Shoe or a Composition",
        shoe=repr(shoe)))
