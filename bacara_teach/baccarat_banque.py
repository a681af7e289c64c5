"""One coup of Baccarat Banque (*à deux tableaux*): one bank against two sides of punters.

The rule books of the late nineteenth and early twentieth centuries describe the game the
same way: the banker sits midway along one side of an oval table, the punters on his right
and on his left; the banker deals three cards at a time, to the right side, to the left
side and to himself, twice; each side's two cards decide for every punter who staked on
that side; and showing a natural, asking for a card and standing follow the rules of
Chemin de Fer.  What the banker does with his own hand is his choice: he is bound by no
table, and he sees what each side did before he decides.

The engine takes this reading (the chapter *Baccarat Banque* names the sources):

1. Six cards are dealt face down: right, left, banker, right, left, banker.
2. Each side looks in turn (right, then left).  A natural 8 or 9 is shown at once, and that
   side is settled against the banker's first two cards: no later card touches it.
   Otherwise the side announces draw or stand by the punters' rule of Chemin de Fer with
   several bettors (:data:`~bacara_teach.tableau.CHEMIN_DE_FER`): draw on 0-4, stand on
   6-7, a free choice on 5 (a *punter policy* answers it).
3. If both sides showed a natural, the banker shows his two cards and the coup is over.
4. The banker looks.  With a natural he shows it at once and wins or ties against every
   side still in play: the cards asked for are not given.
5. Otherwise the cards asked for are dealt face up, right first, and the banker decides,
   seeing his two cards, each side's face-up third card or that it stood, and the stakes on
   each side: draw or stand, on any total from 0 to 7 (a *banker policy* answers).
6. Every side in play is compared with the banker's final hand; higher total wins, equal
   totals push.  Each side's stakes are paid 1 to 1 by the bank, with no commission; a stake
   *à cheval* (across both sides) wins when both sides win, loses when both lose, and is
   returned otherwise, half of it winning or losing when one side ties.

>>> coup = deal_coup("3♠ 2♥ 4♦ 2♣ 3♦ 10♠ 10♥", stakes=Stakes(right=30, left=10),
...                  right="draw", left="stand", banker="stand")
>>> coup.totals()
{'right': 5, 'left': 5, 'banker': 4, 'banker_final': 4}
>>> print(coup.narrate("en"))
Six cards are dealt face down, right, left, banker, twice: the right side receives 3♠ 2♣, the left side 2♥ 3♦, the banker 4♦ 10♠.
The right side has 5, where the punters may choose: they ask for a card.
The left side has 5, where the punters may choose: they stand.
The banker looks at his two cards: 4.
The right side receives its third card face up: 10♥.
The banker has 4; he sees the right side's third card 10♥ and that the left side stood; 30 is staked on the right and 10 on the left. The banker is free and chooses to stand on 4.
All cards are shown: right 3♠ 2♣ 10♥ (5), left 2♥ 3♦ (5), banker 4♦ 10♠ (4).
The right side beats the banker, 5 to 4: its punters win 30.
The left side beats the banker, 5 to 4: its punters win 10.
>>> coup.settlement.bank
Fraction(-40, 1)
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from bacara_teach.cards import Card, cards_or_none, format_cards, hand_total, parse_cards
from bacara_teach.chemin_de_fer import ForcedCell, InvalidDecision, MissingDecision
from bacara_teach.errors import IllegalAction, ShoeExhausted
from bacara_teach.i18n import resolve_language
from bacara_teach.money import MAX_AMOUNT
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Cell, Decision, is_natural
from bacara_teach.text import N_, message, tr

__all__ = [
    "BANKER",
    "DECKS",
    "LEFT",
    "RIGHT",
    "SIDES",
    "BankerPolicy",
    "BankerView",
    "BanqueCoup",
    "Outcome",
    "PunterPolicy",
    "PunterView",
    "Settlement",
    "SideSeen",
    "Stakes",
    "aim_at_larger_stake",
    "best_for_bank",
    "deal_coup",
    "decision_values",
    "play_coup",
    "punter_cell",
    "punters_draw",
    "punters_stand",
    "settlement_text",
]

RIGHT = "right"
LEFT = "left"
BANKER = "banker"
SIDES = (RIGHT, LEFT)
DECKS = 3
"""Three packs shuffled together, as the older rule books have it (casinos used six)."""
PUNTER_TABLEAU = CHEMIN_DE_FER
"""The punters' rule is Chemin de Fer's rule for several bettors: draw 0-4, free 5, stand 6-7."""

_SIDE_NAMES = {RIGHT: N_("the right side"), LEFT: N_("the left side")}
_SIDE_TITLES = {RIGHT: N_("The right side"), LEFT: N_("The left side")}


class Outcome(enum.Enum):
    """How one side's coup ended, seen from its punters."""

    WIN = "win"
    LOSS = "loss"
    PUSH = "push"

    @classmethod
    def compare(cls, side_total: int, banker_total: int) -> Outcome:
        """Higher total wins; equal totals push.

        >>> Outcome.compare(7, 5), Outcome.compare(2, 6), Outcome.compare(4, 4)
        (<Outcome.WIN: 'win'>, <Outcome.LOSS: 'loss'>, <Outcome.PUSH: 'push'>)
        """
        if side_total > banker_total:
            return cls.WIN
        if banker_total > side_total:
            return cls.LOSS
        return cls.PUSH

    @property
    def sign(self) -> int:
        """+1 for a win, -1 for a loss, 0 for a push (the punters' result per chip)."""
        return {"win": 1, "loss": -1, "push": 0}[self.value]


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise IllegalAction(message(
            "invalid stake {value!r} on {where}: expected a whole number of chips, 0 or more",
            value=value, where=message(_STAKE_PLACES[name])))
    if value > MAX_AMOUNT:
        raise IllegalAction(message(
            "invalid stake on {where}: expected at most {most:,} chips", most=MAX_AMOUNT,
            where=message(_STAKE_PLACES[name])))
    return value


_STAKE_PLACES = {RIGHT: N_("the right side"), LEFT: N_("the left side"),
                 "cheval": N_("both sides (à cheval)")}


@dataclass(frozen=True, slots=True)
class Stakes:
    """The chips staked on each side, and *à cheval* across both.

    >>> Stakes(right=20, left=5).weights()
    {'right': Fraction(20, 1), 'left': Fraction(5, 1)}
    >>> Stakes(right=10, cheval=6).weights()["left"]
    Fraction(3, 1)
    >>> Stakes(right=-5)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid stake -5 on the right side: expected a whole number of chips, 0 or more
    """

    right: int = 0
    left: int = 0
    cheval: int = 0

    def __post_init__(self) -> None:
        for name in (RIGHT, LEFT, "cheval"):
            _whole(name, getattr(self, name))

    def on(self, side: str) -> int:
        """The stake on ``side`` alone (``"right"`` or ``"left"``)."""
        return self.right if side == RIGHT else self.left

    def weights(self) -> dict[str, Fraction]:
        """What the bank stands to win or lose, per point of result, on each side.

        A stake *à cheval* counts half on each side: its result is the mean of the two.
        """
        half = Fraction(self.cheval, 2)
        return {RIGHT: self.right + half, LEFT: self.left + half}

    @property
    def total(self) -> int:
        return self.right + self.left + self.cheval


# -- what a deciding player sees ------------------------------------------------------------------


def punter_cell(total: int) -> Cell:
    """The punters' cell for a two-card ``total``, read from Chemin de Fer's rule.

    >>> [punter_cell(t).decision.value for t in (4, 5, 6)]
    ['draw', 'choice', 'stand']
    """
    return PUNTER_TABLEAU.player_cell(total)


@dataclass(frozen=True, slots=True)
class PunterView:
    """What the punter holding a side's cards sees when the rule leaves him the choice."""

    side: str
    cards: tuple[Card, ...]
    total: int
    cell: Cell


@dataclass(frozen=True, slots=True)
class SideSeen:
    """What the banker knows of one side when he decides.

    ``natural`` is the total a side showed (then ``cards`` are its shown cards); otherwise
    ``third_card`` is its face-up third card, or ``None`` when it stood.
    """

    side: str
    natural: int | None = None
    cards: tuple[Card, ...] = ()
    third_card: Card | None = None

    @property
    def drew(self) -> bool:
        return self.third_card is not None

    def describe(self, lang: str | None = None) -> str:
        """This side as the banker sees it, in words.

        >>> SideSeen(LEFT, third_card=Card.parse("9♣")).describe("en")
        "the left side's third card 9♣"
        >>> SideSeen(RIGHT).describe("es")
        'que el lado derecho se plantó'
        """
        lang = resolve_language(lang)
        if self.natural is not None:
            if self.side == RIGHT:
                return tr("the right side's natural {total}", lang, total=self.natural)
            return tr("the left side's natural {total}", lang, total=self.natural)
        if self.third_card is not None:
            if self.side == RIGHT:
                return tr("the right side's third card {card}", lang, card=self.third_card)
            return tr("the left side's third card {card}", lang, card=self.third_card)
        if self.side == RIGHT:
            return tr("that the right side stood", lang)
        return tr("that the left side stood", lang)


@dataclass(frozen=True, slots=True)
class BankerView:
    """What the banker sees when he decides: his cards, each side, the stakes, the unseen cards.

    ``unseen`` counts, by point value 0-9, the cards the banker has not seen: the rest of the
    shoe and the sides' hidden cards.
    """

    cards: tuple[Card, ...]
    total: int
    right: SideSeen
    left: SideSeen
    stakes: Stakes
    unseen: tuple[int, ...]

    @classmethod
    def situation(
        cls,
        banker: str | Iterable[str | Card],
        *,
        right: str | Card | None = None,
        left: str | Card | None = None,
        stakes: Stakes | None = None,
        decks: int = DECKS,
    ) -> BankerView:
        """The banker's view at the start of a full shoe of ``decks`` decks.

        ``right`` and ``left`` are each side's face-up third card, or ``None`` for a side
        that stood; every card the banker sees is taken out of the unseen cards.

        >>> view = BankerView.situation("3♥ 2♠", right="K♦", stakes=Stakes(100, 20))
        >>> view.total, view.left.drew, sum(view.unseen)
        (5, False, 153)
        >>> BankerView.situation("9♥ K♠")
        Traceback (most recent call last):
        ...
        bacara_teach.errors.IllegalAction: the banker's 9♥ K♠ make a natural 9: he shows it and has no decision to take
        """
        cards = parse_cards(banker)
        if len(cards) != 2:
            raise IllegalAction(message("the banker's cards {cards}: expected exactly two",
                                        cards=cards_or_none(cards)))
        total = hand_total(cards)
        if is_natural(total):
            raise IllegalAction(message("the banker's {cards} make a natural {total}: he shows it "
                                        "and has no decision to take", cards=format_cards(cards),
                                        total=total))
        seen = list(cards)
        sides = []
        for name, third in ((RIGHT, right), (LEFT, left)):
            card = None if third is None else (third if isinstance(third, Card)
                                               else Card.parse(third))
            if card is not None:
                seen.append(card)
            sides.append(SideSeen(name, third_card=card))
        unseen = list(Shoe.standard(decks).point_counts())
        for card in seen:
            if not unseen[card.points]:
                raise IllegalAction(message("too many cards counting {points} for {decks} decks",
                                            points=card.points, decks=decks))
            unseen[card.points] -= 1
        return cls(cards, total, sides[0], sides[1], Stakes() if stakes is None else stakes,
                   tuple(unseen))

    def side(self, name: str) -> SideSeen:
        return self.right if name == RIGHT else self.left

    def describe(self, lang: str | None = None) -> str:
        """The banker's situation in words, as the narration and the self-check say it.

        >>> view = BankerView(parse_cards("3♥ 2♠"), 5, SideSeen(RIGHT, third_card=Card.parse("K♦")),
        ...                   SideSeen(LEFT), Stakes(100, 20), (0,) * 10)
        >>> view.describe("en")
        "The banker has 5; he sees the right side's third card K♦ and that the left side stood; 100 is staked on the right and 20 on the left."
        >>> view.describe("es")
        'El banquero tiene 5; ve la tercera carta K♦ del lado derecho y que el lado izquierdo se plantó; hay 100 apostados a la derecha y 20 a la izquierda.'
        """
        lang = resolve_language(lang)
        text = tr("The banker has {total}; he sees {right} and {left}; {right_stake} is staked "
                  "on the right and {left_stake} on the left.", lang, total=self.total,
                  right=self.right.describe(lang), left=self.left.describe(lang),
                  right_stake=self.stakes.right, left_stake=self.stakes.left)
        if self.stakes.cheval:
            text += " " + tr("{stake} is staked à cheval.", lang, stake=self.stakes.cheval)
        return text


PunterPolicy = Callable[[PunterView], Decision | str]
"""Answers a side's free cell (5): ``draw`` or ``stand``."""
BankerPolicy = Callable[[BankerView], Decision | str]
"""Answers the banker's decision: ``draw`` or ``stand``."""


def punters_draw(view: PunterView) -> Decision:  # noqa: ARG001 - a policy's signature
    """The punters ask for a card on 5."""
    return Decision.DRAW


def punters_stand(view: PunterView) -> Decision:  # noqa: ARG001 - a policy's signature
    """The punters stand on 5."""
    return Decision.STAND


def aim_at_larger_stake(view: BankerView) -> Decision:
    """Play Punto Banco's banker table against the side with the larger stake.

    The side that showed a natural is already settled, so the banker aims at the other; on
    equal stakes he aims at the right.  Against a side that stood he draws on 0-5.

    >>> view = BankerView(parse_cards("3♥ 2♠"), 5, SideSeen(RIGHT, third_card=Card.parse("K♦")),
    ...                   SideSeen(LEFT), Stakes(100, 20), (0,) * 10)
    >>> aim_at_larger_stake(view)
    <Decision.STAND: 'stand'>
    >>> aim_at_larger_stake(BankerView(view.cards, 5, view.right, view.left, Stakes(20, 100),
    ...                                view.unseen))
    <Decision.DRAW: 'draw'>
    """
    live = [s for s in (view.right, view.left) if s.natural is None]
    target = max(live, key=lambda s: (view.stakes.on(s.side), s.side == RIGHT))
    third = None if target.third_card is None else target.third_card.points
    return PUNTO_BANCO.banker_decision(view.total, third)


def best_for_bank(view: BankerView) -> Decision:
    """The decision worth more to the bank (:func:`decision_values`); stand when equal."""
    values = decision_values(view)
    return Decision.DRAW if values[Decision.DRAW] > values[Decision.STAND] else Decision.STAND


# -- the value of the banker's decision -----------------------------------------------------------

FIVE_DRAWS = Fraction(1, 2)
"""The banker's belief, by default, about punters on 5: they draw half the time."""


def _hidden_hands(
    seen: SideSeen, counts: list[int], five: tuple[int, int],
) -> list[tuple[int, int, int, int]]:
    """Each hidden two-card hand a side may hold, consistent with what it did.

    Returns ``(weight, first, second, final)`` rows: ``weight`` is a whole number proportional
    to the chance of drawing those two point values from ``counts`` in that order and of the
    side then doing what the banker saw (``five`` is the chance that punters on 5 draw, as a
    numerator and a denominator).
    """
    draws, out_of = five
    rows = []
    for a in range(10):
        if not counts[a]:
            continue
        first = counts[a]
        counts[a] -= 1
        for b in range(10):
            if not counts[b]:
                continue
            total = (a + b) % 10
            if is_natural(total):
                continue  # a natural would have been shown
            decision = punter_cell(total).decision
            if decision is Decision.CHOICE:
                likely = draws if seen.drew else out_of - draws
            else:
                likely = out_of if (decision is Decision.DRAW) == seen.drew else 0
            if likely:
                third = 0 if seen.third_card is None else seen.third_card.points
                rows.append((first * counts[b] * likely, a, b, (total + third) % 10))
        counts[a] += 1
    return rows


def _sign(banker: int, side: int) -> int:
    """The bank's result per chip against one side: +1, 0 or -1."""
    return (banker > side) - (banker < side)


def decision_values(view: BankerView, *, five_draws: Fraction = FIVE_DRAWS) -> dict[Decision, Fraction]:
    """The bank's exact expected result of standing and of drawing, in chips.

    The sides' hidden cards and the banker's third card come from the cards the banker has not
    seen (``view.unseen``), dealt without replacement; a side that stood holds 5, 6 or 7, one
    that drew 0-5, its 5 weighted by ``five_draws``, the chance that punters on 5 draw.  A side
    that showed a natural is already settled against the banker's two cards.

    >>> unseen = list(Shoe.standard(DECKS).point_counts())
    >>> for card in parse_cards("3♥ 2♠ K♦"):
    ...     unseen[card.points] -= 1
    >>> view = BankerView(parse_cards("3♥ 2♠"), 5, SideSeen(RIGHT, third_card=Card.parse("K♦")),
    ...                   SideSeen(LEFT), Stakes(100, 20), tuple(unseen))
    >>> values = decision_values(view)
    >>> float(round(values[Decision.STAND], 2)), float(round(values[Decision.DRAW], 2))
    (75.61, 48.77)
    """
    five = Fraction(five_draws)
    if not 0 <= five <= 1:
        raise IllegalAction(message("invalid chance {value} that punters on 5 draw: expected a "
                                    "number from 0 to 1", value=str(five_draws)))
    counts = list(view.unseen)
    weights = {side: 2 * view.stakes.on(side) + view.stakes.cheval for side in SIDES}
    fixed = Fraction(0)
    for seen in (view.right, view.left):
        if seen.natural is not None:
            fixed += Fraction(weights[seen.side] * _sign(view.total, seen.natural), 2)
    hidden = [s for s in (view.right, view.left) if s.natural is None]
    five_pair = (five.numerator, five.denominator)
    mass = stand = draw = 0

    # The bank's result per chip against a side's final total t: standing (on view.total) and,
    # for each value e of the banker's third card, drawing (on view.total + e).
    stands = [_sign(view.total, t) for t in range(10)]
    draws = [[_sign((view.total + e) % 10, t) for e in range(10)] for t in range(10)]

    def score(weight: int, finals: list[tuple[int, int]]) -> None:
        nonlocal mass, stand, draw
        mass += weight
        stand += weight * sum(w * stands[t] for w, t in finals)
        draw += weight * sum(w * sum(map(operator.mul, counts, draws[t])) for w, t in finals)

    if not hidden:
        score(1, [])
    for w1, a, b, t1 in _hidden_hands(hidden[0], counts, five_pair) if hidden else ():
        counts[a] -= 1
        counts[b] -= 1
        if len(hidden) == 1:
            score(w1, [(weights[hidden[0].side], t1)])
        else:
            for w2, c, d, t2 in _hidden_hands(hidden[1], counts, five_pair):
                counts[c] -= 1
                counts[d] -= 1
                score(w1 * w2, [(weights[hidden[0].side], t1), (weights[hidden[1].side], t2)])
                counts[c] += 1
                counts[d] += 1
        counts[a] += 1
        counts[b] += 1
    remaining = sum(counts) - 2 * len(hidden)
    if not mass or remaining <= 0:
        return {Decision.STAND: fixed, Decision.DRAW: fixed}
    return {Decision.STAND: fixed + Fraction(stand, 2 * mass),
            Decision.DRAW: fixed + Fraction(draw, 2 * mass * remaining)}


# -- the coup ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened in a coup, in order: what the narration tells."""

    actor: str
    action: str
    total: int | None = None
    cards: tuple[Card, ...] = ()
    decision: Decision | None = None
    free: bool = False


@dataclass(frozen=True)
class Settlement:
    """What each stake won (positive) or lost (negative), and the bank's result.

    The bank's result is the opposite of the punters' total: no commission is taken.
    """

    right: Fraction
    left: Fraction
    cheval: Fraction

    @property
    def bank(self) -> Fraction:
        return -(self.right + self.left + self.cheval)

    def to_dict(self) -> dict[str, str]:
        return {"right": str(self.right), "left": str(self.left), "cheval": str(self.cheval),
                "bank": str(self.bank)}


def _amount(value: Fraction) -> int | float:
    """A settled amount as the narration writes it: whole, or with its half."""
    return int(value) if value.denominator == 1 else float(value)


@dataclass(frozen=True)
class BanqueCoup:
    """A finished coup of Baccarat Banque: three hands, the decisions, the stakes, the events."""

    right: tuple[Card, ...]
    left: tuple[Card, ...]
    banker: tuple[Card, ...]
    stakes: Stakes
    events: tuple[Event, ...]
    choices: Mapping[str, Decision] = field(default_factory=dict)

    # -- totals and results ------------------------------------------------------------------
    def hand(self, who: str) -> tuple[Card, ...]:
        return {RIGHT: self.right, LEFT: self.left, BANKER: self.banker}[who]

    def natural(self, side: str) -> bool:
        """Whether ``side`` showed a natural."""
        return any(e.actor == side and e.action == "natural" for e in self.events)

    def totals(self) -> dict[str, int]:
        """Each side's final total, the banker's first two cards and his final total."""
        return {RIGHT: hand_total(self.right), LEFT: hand_total(self.left),
                BANKER: hand_total(self.banker[:2]), "banker_final": hand_total(self.banker)}

    def banker_total_against(self, side: str) -> int:
        """The banker's total that ``side`` is compared with: his first two cards for a natural."""
        return hand_total(self.banker[:2] if self.natural(side) else self.banker)

    def outcome(self, side: str) -> Outcome:
        return Outcome.compare(hand_total(self.hand(side)), self.banker_total_against(side))

    @property
    def settlement(self) -> Settlement:
        right, left = self.outcome(RIGHT).sign, self.outcome(LEFT).sign
        return Settlement(right=Fraction(self.stakes.right * right),
                          left=Fraction(self.stakes.left * left),
                          cheval=Fraction(self.stakes.cheval * (right + left), 2))

    @property
    def cards(self) -> tuple[Card, ...]:
        """All cards in the order they were dealt."""
        dealt = [self.right[0], self.left[0], self.banker[0],
                 self.right[1], self.left[1], self.banker[1]]
        dealt += [*self.right[2:], *self.left[2:], *self.banker[2:]]
        return tuple(dealt)

    # -- presentation ------------------------------------------------------------------------
    def narrate(self, lang: str | None = None) -> str:
        """The coup told step by step, in ``lang`` (``None``: the default language)."""
        lang = resolve_language(lang)
        return "\n".join(_narrate(self, event, lang) for event in self.events
                         if event.action != "look" or event.actor == BANKER)

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": [str(c) for c in self.cards],
            "hands": {who: [str(c) for c in self.hand(who)] for who in (*SIDES, BANKER)},
            "totals": self.totals(),
            "outcomes": {side: self.outcome(side).value for side in SIDES},
            "stakes": {"right": self.stakes.right, "left": self.stakes.left,
                       "cheval": self.stakes.cheval},
            "decisions": {who: d.value for who, d in self.choices.items()},
            "settlement": self.settlement.to_dict(),
        }


def _narrate(coup: BanqueCoup, event: Event, lang: str) -> str:
    a, act = event.actor, event.action
    if act == "deal":
        return tr("Six cards are dealt face down, right, left, banker, twice: the right side "
                  "receives {right}, the left side {left}, the banker {banker}.", lang,
                  right=format_cards(coup.right[:2]), left=format_cards(coup.left[:2]),
                  banker=format_cards(coup.banker[:2]))
    if act == "natural" and a in SIDES:
        return tr("{side} has a natural {total} and shows it: {cards}. It will meet the banker's "
                  "first two cards.", lang, side=tr(_SIDE_TITLES[a], lang), total=event.total,
                  cards=format_cards(event.cards))
    if act == "announce":
        side = tr(_SIDE_TITLES[a], lang)
        if event.free:
            if event.decision is Decision.DRAW:
                return tr("{side} has {total}, where the punters may choose: they ask for a "
                          "card.", lang, side=side, total=event.total)
            return tr("{side} has {total}, where the punters may choose: they stand.", lang,
                      side=side, total=event.total)
        if event.decision is Decision.DRAW:
            return tr("{side} has {total} and must ask for a card (the punters draw on 0–4).",
                      lang, side=side, total=event.total)
        return tr("{side} has {total} and must stand (the punters stand on 6–7).", lang,
                  side=side, total=event.total)
    if act == "show" and a == BANKER:
        return tr("Both sides showed a natural: the banker shows {cards} ({total}) and nobody "
                  "draws.", lang, cards=format_cards(event.cards), total=event.total)
    if act == "natural":
        return tr("The banker has a natural {total} and shows it at once: {cards}. No third card "
                  "is given.", lang, total=event.total, cards=format_cards(event.cards))
    if act == "look":
        return tr("The banker looks at his two cards: {total}.", lang, total=event.total)
    if act == "third":
        if a == RIGHT:
            return tr("The right side receives its third card face up: {card}.", lang,
                      card=event.cards[0])
        return tr("The left side receives its third card face up: {card}.", lang,
                  card=event.cards[0])
    if act in ("draw", "stand"):
        situation = _banker_situation(coup, lang)
        if act == "draw":
            return situation + " " + tr("The banker is free and chooses to draw: {card}, which "
                                        "makes {total}.", lang, card=event.cards[0],
                                        total=event.total)
        return situation + " " + tr("The banker is free and chooses to stand on {total}.", lang,
                                    total=event.total)
    if act == "showdown":
        return tr("All cards are shown: right {right} ({rt}), left {left} ({lt}), banker {banker} "
                  "({bt}).", lang, right=format_cards(coup.right), rt=hand_total(coup.right),
                  left=format_cards(coup.left), lt=hand_total(coup.left),
                  banker=format_cards(coup.banker), bt=hand_total(coup.banker))
    assert act == "result"
    return _result_sentence(coup, a, lang)


def _banker_situation(coup: BanqueCoup, lang: str) -> str:
    seen = {side: _seen(coup, side) for side in SIDES}
    view = BankerView(coup.banker[:2], hand_total(coup.banker[:2]), seen[RIGHT], seen[LEFT],
                      coup.stakes, ())
    return view.describe(lang)


def _seen(coup: BanqueCoup, side: str) -> SideSeen:
    hand = coup.hand(side)
    if coup.natural(side):
        return SideSeen(side, natural=hand_total(hand), cards=hand)
    return SideSeen(side, third_card=hand[2] if len(hand) == 3 else None)


def _result_sentence(coup: BanqueCoup, side: str, lang: str) -> str:
    name = tr(_SIDE_TITLES[side], lang)
    mine, bank = hand_total(coup.hand(side)), coup.banker_total_against(side)
    stake = coup.stakes.on(side)
    outcome = coup.outcome(side)
    if outcome is Outcome.WIN:
        return tr("{side} beats the banker, {mine} to {bank}: its punters win {stake}.", lang,
                  side=name, mine=mine, bank=bank, stake=stake)
    if outcome is Outcome.LOSS:
        if side == RIGHT:
            return tr("The banker beats the right side, {bank} to {mine}: the bank takes "
                      "{stake}.", lang, mine=mine, bank=bank, stake=stake)
        return tr("The banker beats the left side, {bank} to {mine}: the bank takes {stake}.",
                  lang, mine=mine, bank=bank, stake=stake)
    return tr("{side} ties with the banker on {mine}: its stakes are returned.", lang, side=name,
              mine=mine)


_WINS = {RIGHT: N_("the right side wins {amount}"), LEFT: N_("the left side wins {amount}"),
         "cheval": N_("the stake à cheval wins {amount}")}
_LOSES = {RIGHT: N_("the right side loses {amount}"), LEFT: N_("the left side loses {amount}"),
          "cheval": N_("the stake à cheval loses {amount}")}
_RETURNED = {RIGHT: N_("the right side's stake is returned"),
             LEFT: N_("the left side's stake is returned"),
             "cheval": N_("the stake à cheval is returned")}


def settlement_text(coup: BanqueCoup, lang: str | None = None) -> str:
    """The stakes settled in one sentence (the *à cheval* stake and the bank included).

    >>> coup = deal_coup("9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣", stakes=Stakes(10, 30, 20), banker="draw")
    >>> settlement_text(coup, "en")
    'The right side wins 10, the left side loses 30, the stake à cheval is returned: the bank wins 20.'
    >>> settlement_text(coup, "es")
    'El lado derecho gana 10, el lado izquierdo pierde 30, se devuelve la apuesta a caballo: la banca gana 20.'
    """
    lang = resolve_language(lang)
    s = coup.settlement
    nets = [(RIGHT, s.right), (LEFT, s.left)]
    if coup.stakes.cheval:
        nets.append(("cheval", s.cheval))
    parts = [tr(_WINS[who], lang, amount=_amount(net)) if net > 0
             else tr(_LOSES[who], lang, amount=_amount(-net)) if net < 0
             else tr(_RETURNED[who], lang) for who, net in nets]
    if s.bank > 0:
        bank = tr("the bank wins {amount}", lang, amount=_amount(s.bank))
    elif s.bank < 0:
        bank = tr("the bank loses {amount}", lang, amount=_amount(-s.bank))
    else:
        bank = tr("the bank breaks even", lang)
    text = tr("{parts}: {bank}.", lang, parts=", ".join(parts), bank=bank)
    return text[:1].upper() + text[1:]


# -- playing a coup ----------------------------------------------------------------------------

_WHO = {RIGHT: N_("the right side"), LEFT: N_("the left side"), BANKER: N_("the banker")}
Decide = Callable[[str, PunterView | BankerView], Decision | None]


class _NeedCard(ShoeExhausted):
    pass


def _parse(answer: object, who: str) -> Decision:
    if isinstance(answer, Decision) and answer is not Decision.CHOICE:
        return answer
    if isinstance(answer, str) and answer.strip().lower() in ("draw", "stand"):
        return Decision(answer.strip().lower())
    raise InvalidDecision(message("invalid decision {answer!r} from {who}: expected 'draw' or "
                                  "'stand'", answer=answer, who=message(_WHO[who])))


def _unseen(before: Sequence[int], seen: Iterable[Card]) -> tuple[int, ...]:
    counts = list(before)
    for card in seen:
        counts[card.points] = max(0, counts[card.points] - 1)
    return tuple(counts)


def _run(cards: Sequence[Card], stakes: Stakes, decide: Decide,
         before: Sequence[int]) -> tuple[BanqueCoup, int]:
    used = 0
    hands: dict[str, list[Card]] = {RIGHT: [], LEFT: [], BANKER: []}
    events: list[Event] = []
    choices: dict[str, Decision] = {}

    def take(who: str) -> Card:
        nonlocal used
        if used >= len(cards):
            raise _NeedCard(message(
                "not enough cards for this coup: {count} given ({cards}), and {who} needs "
                "another", count=len(cards), cards=cards_or_none(cards), who=message(_WHO[who])))
        used += 1
        return cards[used - 1]

    for _ in range(2):
        for who in (RIGHT, LEFT, BANKER):
            hands[who].append(take(who))
    events.append(Event(BANKER, "deal"))
    announced: dict[str, Decision] = {}
    for side in SIDES:
        total = hand_total(hands[side])
        events.append(Event(side, "look", total))
        if is_natural(total):
            events.append(Event(side, "natural", total, tuple(hands[side])))
            continue
        cell = punter_cell(total)
        free = cell.decision is Decision.CHOICE
        if free:
            answer = decide(side, PunterView(side, tuple(hands[side]), total, cell))
            if answer is None:
                raise MissingDecision(message(
                    "{who} has 5, a free choice: it needs a decision, draw or stand",
                    who=message(_WHO[side])), role=side)
            choices[side] = answer
            decision = answer
        else:
            decision = cell.decision
        announced[side] = decision
        events.append(Event(side, "announce", total, decision=decision, free=free))
    banker_total = hand_total(hands[BANKER])
    if not announced:
        events.append(Event(BANKER, "show", banker_total, tuple(hands[BANKER])))
    else:
        events.append(Event(BANKER, "look", banker_total))
        if is_natural(banker_total):
            events.append(Event(BANKER, "natural", banker_total, tuple(hands[BANKER])))
        else:
            for side in SIDES:
                if announced.get(side) is Decision.DRAW:
                    card = take(side)
                    hands[side].append(card)
                    events.append(Event(side, "third", hand_total(hands[side]), (card,)))
            seen = {}
            for side in SIDES:
                if side not in announced:
                    seen[side] = SideSeen(side, natural=hand_total(hands[side]),
                                          cards=tuple(hands[side]))
                else:
                    seen[side] = SideSeen(side, third_card=hands[side][2]
                                          if len(hands[side]) == 3 else None)
            visible = [*hands[BANKER]] + [c for s in seen.values() for c in
                                          (s.cards or ((s.third_card,) if s.third_card else ()))]
            view = BankerView(tuple(hands[BANKER]), banker_total, seen[RIGHT], seen[LEFT], stakes,
                              _unseen(before, visible))
            answer = decide(BANKER, view)
            if answer is None:
                raise MissingDecision(message(
                    "the banker has {total} and is free: he needs a decision, draw or stand",
                    total=banker_total), role=BANKER)
            choices[BANKER] = answer
            if answer is Decision.DRAW:
                card = take(BANKER)
                hands[BANKER].append(card)
                events.append(Event(BANKER, "draw", hand_total(hands[BANKER]), (card,), answer,
                                    True))
            else:
                events.append(Event(BANKER, "stand", banker_total, decision=answer, free=True))
    events.append(Event(BANKER, "showdown"))
    events.extend(Event(side, "result") for side in SIDES)
    coup = BanqueCoup(right=tuple(hands[RIGHT]), left=tuple(hands[LEFT]),
                      banker=tuple(hands[BANKER]), stakes=stakes, events=tuple(events),
                      choices=choices)
    return coup, used


def deal_coup(
    cards: str | Iterable[str | Card],
    *,
    stakes: Stakes | None = None,
    right: Decision | str | None = None,
    left: Decision | str | None = None,
    banker: Decision | str | BankerPolicy | None = None,
    decks: int = DECKS,
) -> BanqueCoup:
    """Deal a coup from exactly ``cards`` (deal order) with explicit decisions.

    ``right`` and ``left`` answer a side's free 5; ``banker`` the banker's decision, or a
    banker policy asked with his view (the unseen cards those of a full shoe of ``decks``
    decks).  A decision the coup needs and was not given is refused, and so is one given where
    the rules decide or that the coup never reaches; so are cards left over.

    >>> deal_coup("2♣ 3♠ 3♥ 2♦ 2♥ 2♠ K♦", stakes=Stakes(100, 20), left="stand",
    ...           banker=best_for_bank).choices["banker"]
    <Decision.STAND: 'stand'>

    >>> deal_coup("9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣", banker="draw").outcome(LEFT)
    <Outcome.LOSS: 'loss'>
    >>> deal_coup("9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣")
    Traceback (most recent call last):
    ...
    bacara_teach.chemin_de_fer.MissingDecision: the banker has 4 and is free: he needs a decision, draw or stand
    >>> deal_coup("9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣", left="draw", banker="draw")
    Traceback (most recent call last):
    ...
    bacara_teach.chemin_de_fer.ForcedCell: a decision was given for the left side ('draw'), but the left side had no choice to make in this coup
    """
    given = parse_cards(cards)
    stakes = Stakes() if stakes is None else stakes
    policy = banker if callable(banker) else None
    wanted = {who: _parse(answer, who) for who, answer in
              ((RIGHT, right), (LEFT, left), (BANKER, None if policy else banker))
              if answer is not None}

    def decide(who: str, view: PunterView | BankerView) -> Decision | None:
        if policy is not None and isinstance(view, BankerView):
            return _parse(policy(view), BANKER)
        return wanted.get(who)

    full = Shoe.standard(decks).point_counts()
    try:
        coup, used = _run(given, stakes, decide, full)
    except _NeedCard as need:
        raise ShoeExhausted(need.message) from None
    for who, decision in wanted.items():
        if who not in coup.choices:
            raise ForcedCell(message(
                "a decision was given for {who} ({decision!r}), but {who} had no choice to "
                "make in this coup", who=message(_WHO[who]), decision=decision.value), role=who)
    if used < len(given):
        raise IllegalAction(message(
            "too many cards: the coup used {used} and {extra} were left over ({cards})",
            used=used, extra=len(given) - used, cards=format_cards(given[used:])))
    return coup


def play_coup(
    shoe: Shoe,
    *,
    stakes: Stakes | None = None,
    punter_policy: PunterPolicy = punters_stand,
    banker_policy: BankerPolicy = aim_at_larger_stake,
) -> BanqueCoup:
    """Deal one coup from ``shoe``, asking the policies where the rules leave a choice.

    A shoe with too few cards refuses and is left as it was; so is a policy's answer that is
    neither draw nor stand.

    >>> shoe = Shoe.standard(DECKS, seed=4)
    >>> coup = play_coup(shoe, stakes=Stakes(50, 10), banker_policy=best_for_bank)
    >>> shoe.remaining == DECKS * 52 - len(coup.cards)
    True
    """
    stakes = Stakes() if stakes is None else stakes
    if shoe.reshuffle == "every-coup":
        shoe.start_coup(9)
    before = shoe.point_counts()
    upcoming = shoe.peek(min(9, shoe.remaining))

    def decide(who: str, view: PunterView | BankerView) -> Decision:
        if isinstance(view, BankerView):
            return _parse(banker_policy(view), BANKER)
        return _parse(punter_policy(view), who)

    try:
        coup, used = _run(upcoming, stakes, decide, before)
    except _NeedCard as need:
        raise ShoeExhausted(need.message) from None
    for _ in range(used):
        shoe.draw()
    return coup


