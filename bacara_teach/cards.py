"""Cards: ranks, suits, their point values and the notation used everywhere.

A card is written rank then suit: ``4♥``, ``10♦``, ``K♠``.  The parser also
accepts the ASCII forms ``4h``, ``4H``, ``Td``, ``ks`` so that cards can be
typed on any keyboard.  Suits never matter for scoring; they are kept so that
a dealt coup can be shown and replayed exactly.

>>> card = Card.parse("4h")
>>> card
Card.parse('4♥')
>>> card.points
4
>>> [c.points for c in parse_cards("A♠ 10♦, K♣ 9h")]
[1, 0, 0, 9]
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from bacara_teach.errors import InvalidCard
from bacara_teach.text import N_, Message, message, nmessage, tr

__all__ = [
    "Card",
    "Rank",
    "Suit",
    "cards_or_none",
    "format_cards",
    "hand_total",
    "parse_card",
    "parse_cards",
    "too_many_cards",
]


class Rank(enum.Enum):
    """The thirteen ranks, valued by their symbol (``Rank("10")``)."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def symbol(self) -> str:
        """The rank as written on cards: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
        return self.value

    @property
    def points(self) -> int:
        """Baccarat point value: A=1, 2-9 face value, 10/J/Q/K=0.

        >>> [r.points for r in Rank]
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]
        """
        return _RANK_POINTS[self]

    @property
    def order(self) -> int:
        """Position in the usual order A, 2, ..., 10, J, Q, K (1-13)."""
        return _RANK_ORDER[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_ORDER: dict[Rank, int] = {rank: i for i, rank in enumerate(Rank, start=1)}
_RANK_POINTS: dict[Rank, int] = {rank: (i if i < 10 else 0) for rank, i in _RANK_ORDER.items()}


class Suit(enum.Enum):
    """The four suits, valued by their symbol (``Suit("♥")``)."""

    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠ ♥ ♦ ♣``."""
        return self.value

    @property
    def letter(self) -> str:
        """The one-letter ASCII form: ``s h d c``."""
        return self.name[0].lower()

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; spades and clubs are black."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def word(self) -> str:
        """The English name, singular: ``spade``, ``heart``..."""
        return self.name.lower()[:-1]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_RANK_WORDS: dict[Rank, str] = {Rank.ACE: N_("ace"), Rank.JACK: N_("jack"),
                                Rank.QUEEN: N_("queen"), Rank.KING: N_("king")}
_SUIT_WORDS: dict[Suit, str] = {Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"),
                                Suit.DIAMONDS: N_("diamonds"), Suit.CLUBS: N_("clubs")}

_CARD_CODES: dict[tuple[Rank, Suit], int] = {
    (rank, suit): 4 * r + s for r, rank in enumerate(Rank) for s, suit in enumerate(Suit)
}
_RANK_ALIASES: dict[str, Rank] = {rank.symbol: rank for rank in Rank}
_RANK_ALIASES.update({"T": Rank.TEN, "a": Rank.ACE, "t": Rank.TEN, "j": Rank.JACK,
                      "q": Rank.QUEEN, "k": Rank.KING})
_SUIT_ALIASES: dict[str, Suit] = {suit.symbol: suit for suit in Suit}
_SUIT_ALIASES.update({suit.letter: suit for suit in Suit})
_SUIT_ALIASES.update({suit.letter.upper(): suit for suit in Suit})
# Outline (white) suit symbols are read as the same suits.
_SUIT_ALIASES.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})

_CARD_RE = re.compile(r"(?P<rank>10|[2-9AaTtJjQqKk])(?P<suit>.)", re.DOTALL)
_SEPARATORS = re.compile(r"[\s,]+")


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card.

    >>> Card(Rank.KING, Suit.SPADES)
    Card.parse('K♠')
    >>> str(Card.parse("Td")), Card.parse("Td").points
    ('10♦', 0)
    """

    rank: Rank
    suit: Suit
    points: int = field(init=False, compare=False, repr=False)
    """Baccarat point value of the card (suits never matter)."""
    code: int = field(init=False, compare=False, repr=False)
    """A small whole number naming the card (0-51), one per rank and suit: a cheap key."""

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
            raise InvalidCard(message("invalid card ({rank}, {suit}): expected a Rank and a Suit",
                                      rank=repr(self.rank), suit=repr(self.suit)))
        object.__setattr__(self, "points", _RANK_POINTS[self.rank])
        object.__setattr__(self, "code", _CARD_CODES[self.rank, self.suit])

    def __hash__(self) -> int:  # equal cards (same rank and suit) have the same code
        return self.code

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card; see :func:`parse_card`."""
        return parse_card(text)

    @property
    def ascii(self) -> str:
        """ASCII notation: ``4h``, ``Td``, ``Ks``."""
        rank = "T" if self.rank is Rank.TEN else self.rank.symbol
        return rank + self.suit.letter

    def describe(self, lang: str | None = None) -> str:
        """Words for screen readers: ``10 of diamonds``, ``king of spades``.

        In Spanish: ``10 de diamantes``, ``rey de picas``.  ``None`` is the default language
        (see :mod:`bacara_teach.i18n`).

        >>> Card.parse("ks").describe("en"), Card.parse("ah").describe("es")
        ('king of spades', 'as de corazones')
        >>> Card.parse("10d").describe("es")
        '10 de diamantes'
        """
        word = _RANK_WORDS.get(self.rank)
        rank = self.rank.symbol if word is None else tr(word, lang)
        return tr("{rank} of {suit}", lang, rank=rank, suit=tr(_SUIT_WORDS[self.suit], lang))

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        if spec == "ascii":
            return self.ascii
        return format(str(self), spec)

    def _repr_html_(self) -> str:
        from bacara_teach import display  # lazy: rich display is optional

        return display.cards_html([self])


@cache
def _card(rank: Rank, suit: Suit) -> Card:
    return Card(rank, suit)


def parse_card(text: str) -> Card:
    """Read one card written rank then suit.

    Ranks: ``A 2 3 4 5 6 7 8 9 10 T J Q K`` (letters in either case).
    Suits: ``♠ ♥ ♦ ♣`` or ``s h d c`` (either case).

    >>> parse_card("4♥"), parse_card("4H"), parse_card("10♦"), parse_card("ks")
    (Card.parse('4♥'), Card.parse('4♥'), Card.parse('10♦'), Card.parse('K♠'))
    >>> parse_card("11♥")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.InvalidCard: invalid card '11♥': expected a rank (A, 2-10, T, J, Q, K) followed by a suit (♠ ♥ ♦ ♣ or s h d c), e.g. '4♥', '10♦', 'Td', 'ks'
    """
    if not isinstance(text, str):
        raise _invalid(text, message("expected a string, a rank (A, 2-10, T, J, Q, K) followed "
                                     "by a suit (♠ ♥ ♦ ♣ or s h d c), e.g. '4♥', '10♦', 'Td', "
                                     "'ks'"))
    cleaned = text.strip().replace("\ufe0f", "")
    if not cleaned:
        raise _invalid(text, message("the text is empty; expected a rank (A, 2-10, T, J, Q, K) "
                                     "followed by a suit (♠ ♥ ♦ ♣ or s h d c), e.g. '4♥', "
                                     "'10♦', 'Td', 'ks'"))
    match = _CARD_RE.fullmatch(cleaned)
    if match is None or match["suit"] not in _SUIT_ALIASES:
        raise _invalid(text, message("expected a rank (A, 2-10, T, J, Q, K) followed by a suit "
                                     "(♠ ♥ ♦ ♣ or s h d c), e.g. '4♥', '10♦', 'Td', 'ks'"))
    return _card(_RANK_ALIASES[match["rank"]], _SUIT_ALIASES[match["suit"]])


def _invalid(text: object, reason: Message) -> InvalidCard:
    return InvalidCard(message("invalid card {card!r}: {reason}", card=text, reason=reason))


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read a list of cards separated by spaces and/or commas.

    An iterable of strings or cards is accepted too.

    >>> parse_cards("4♥ 2♠, 9♣,A♦  8d")
    (Card.parse('4♥'), Card.parse('2♠'), Card.parse('9♣'), Card.parse('A♦'), Card.parse('8♦'))
    >>> parse_cards("4♥ 1♠")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.InvalidCard: invalid card '1♠' (card 2 of '4♥ 1♠'): expected a rank (A, 2-10, T, J, Q, K) followed by a suit (♠ ♥ ♦ ♣ or s h d c), e.g. '4♥', '10♦', 'Td', 'ks'
    """
    if isinstance(text, str):
        tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
        source: str | Message = repr(text)
    else:
        tokens = list(text)
        source = message("the list")
    cards: list[Card] = []
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, Card):
            cards.append(token)
            continue
        try:
            cards.append(parse_card(token))
        except InvalidCard as error:
            raise InvalidCard(message(
                "invalid card {card!r} (card {position} of {source}): {reason}", card=token,
                position=position, source=source,
                reason=error.message.params.get("reason", error.message))) from None
    return tuple(cards)


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Write cards back in the notation :func:`parse_cards` reads.

    >>> format_cards(parse_cards("4h 10d ks"))
    '4♥ 10♦ K♠'
    >>> format_cards(parse_cards("4h 10d ks"), ascii=True)
    '4h Td Ks'
    """
    return " ".join(card.ascii if ascii else str(card) for card in cards)


def cards_or_none(cards: Iterable[Card]) -> str | Message:
    """The cards as :func:`format_cards` writes them, or ``none`` (in the reader's language).

    >>> cards_or_none(parse_cards("4h 10d")), str(cards_or_none(()))
    ('4♥ 10♦', 'none')
    """
    text = format_cards(cards)
    return text if text else message("none")


def too_many_cards(used: Sequence[Card], left: Sequence[Card]) -> Message:
    """The refusal of cards a coup does not use: it used ``used``, ``left`` were left over.

    >>> str(too_many_cards(parse_cards("4♥ 2♠ 9♣ A♦ 8♦"), parse_cards("5♦")))
    'too many cards for this coup: it used 5 (4♥ 2♠ 9♣ A♦ 8♦) and 5♦ was left over'
    """
    return nmessage("too many cards for this coup: it used {used} ({cards}) and {left} was left "
                    "over", "too many cards for this coup: it used {used} ({cards}) and {left} "
                    "were left over", len(left), used=len(used), cards=format_cards(used),
                    left=format_cards(left))


def hand_total(cards: Iterable[Card | int]) -> int:
    """Total of a hand: the units digit of the sum of the point values.

    >>> hand_total(parse_cards("7♠ 8♦"))
    5
    >>> hand_total(parse_cards("4♥ 9♣ 8♦"))
    1
    >>> hand_total([9, 9])
    8
    """
    return sum(c if isinstance(c, int) else c.points for c in cards) % 10
