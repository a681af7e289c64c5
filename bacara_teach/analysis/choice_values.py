"""What each choice at the Chemin de Fer free cell a player faces is worth, to that player.

A player deciding at a free cell sees only their own two cards and, for the
banker, the bettor's face-up third card.  :func:`choice_values` answers, for
that very cell and those cards, the decider's exact expected gain per unit
staked if they draw and if they stand, the other side playing its policy at
its own free cells.  The figures are those of the decision game of
:mod:`bacara_teach.analysis.chemin_de_fer`, counted on the shoe the coup was
dealt from, with each side's choice allowed to depend on its own two cards.

For the banker, seeing a third card face up also says the bettor drew: hands
on which the bettor would have stood count for nothing, and a bettor's free
cell counts as much as the bettor's policy is to draw there.

The worked coup of the Chemin de Fer rules: the banker holds A♠ 2♦ (3) and sees the bettor's
9♥ face up, a free cell.  Against a bettor who plays Punto Banco's table, on a
full six-deck shoe, drawing is worth more:

>>> from bacara_teach.chemin_de_fer import CoupInPlay
>>> play = CoupInPlay("2♥ A♠ 3♣ 2♦ 9♥ 5♠")
>>> play.decide("draw")
>>> worth = choice_values(play.pending, 6)
>>> str(worth.point), worth.better
('banker 3 (1+2) v 9', 'draw')
>>> 0 < worth.stand < worth.draw < 1
True
"""

from __future__ import annotations

from fractions import Fraction

from bacara_teach.analysis.chemin_de_fer import (
    BankerPoint,
    BettorPoint,
    CellValue,
    decision_game,
    shoe_model,
)
from bacara_teach.analysis.composition import ShoeSpec
from bacara_teach.cards import Card, Rank, Suit, format_cards
from bacara_teach.chemin_de_fer import (
    BANKER,
    BETTOR,
    Policy,
    RandomPolicy,
    View,
    as_punto_banco,
    cell_message,
    parse_decision,
    tableau_for,
)
from bacara_teach.errors import IllegalAction
from bacara_teach.tableau import Decision, Tableau
from bacara_teach.text import N_, Message, message

__all__ = ["choice_values", "draw_probability", "point_of"]

_VALUE_CARD: tuple[Card, ...] = (
    Card(Rank.TEN, Suit.SPADES),
    *(Card(rank, Suit.SPADES) for rank in Rank if 1 <= rank.points <= 9),
)
"""One card of each point value 0-9, to show a policy a decision point as cards."""


def draw_probability(policy: Policy, view: View) -> Fraction:
    """How likely ``policy`` is to draw at ``view``: 1 or 0, or 1/2 for a :class:`RandomPolicy`.

    A random policy is not asked (asking would move its generator on).

    >>> from bacara_teach.cards import parse_cards
    >>> from bacara_teach.chemin_de_fer import always_stand
    >>> from bacara_teach.tableau import CHEMIN_DE_FER
    >>> view = View(BETTOR, parse_cards("2♥ 3♣"), 5, 2, CHEMIN_DE_FER.player_cell(5))
    >>> draw_probability(as_punto_banco, view), draw_probability(always_stand, view)
    (Fraction(1, 1), Fraction(0, 1))
    >>> draw_probability(RandomPolicy(seed=1), view)
    Fraction(1, 2)
    """
    if isinstance(policy, RandomPolicy):
        return Fraction(1, 2)
    decision = parse_decision(policy(view), who=f"the {view.role}'s policy")
    return Fraction(1) if decision is Decision.DRAW else Fraction(0)


def point_of(view: View) -> BettorPoint | BankerPoint:
    """The decision point of the analysis that ``view`` stands on (cards by point value).

    >>> from bacara_teach.chemin_de_fer import CoupInPlay
    >>> str(point_of(CoupInPlay("3♣ A♠ 2♥ 2♦ 9♥ 5♠").pending))
    'bettor 5 (2+3)'
    """
    if view.cell.decision is not Decision.CHOICE:
        raise IllegalAction(message("no choice to value: {cell} is not a free cell",
                                    cell=cell_message(view.cell, view.bettors)))
    low, high = sorted(card.points for card in view.cards)
    if view.role == BETTOR:
        return BettorPoint(view.total, (low, high))
    third = None if view.third_card is None else view.third_card.points
    return BankerPoint(view.total, third, (low, high))


def _view_at(point: BettorPoint | BankerPoint, tableau: Tableau, bettors: int) -> View:
    """The view of a player standing on ``point``, as a policy would be shown it."""
    assert point.cards is not None
    cards = tuple(_VALUE_CARD[v] for v in point.cards)
    if isinstance(point, BettorPoint):
        return View(BETTOR, cards, point.total, bettors, tableau.player_cell(point.total))
    third = None if point.third is None else _VALUE_CARD[point.third]
    return View(BANKER, cards, point.total, bettors, tableau.banker_cell(point.total, point.third),
                third_card=third)


def choice_values(view: View, shoe: ShoeSpec, *, other: Policy = as_punto_banco) -> CellValue:
    """The worth of drawing and of standing at the free cell ``view``, to the player deciding.

    ``shoe`` is what the coup was dealt from: a number of full decks, a
    :class:`~bacara_teach.shoe.Shoe` before the coup's cards leave it, or a
    :class:`~bacara_teach.analysis.composition.Composition`.  ``other`` is
    the other side's policy at its own free cells.  ``draw`` and ``stand``
    of the answer are expected gains per unit staked (a win pays 1:1).

    >>> from bacara_teach.chemin_de_fer import CoupInPlay, always_stand
    >>> bettor_on_5 = CoupInPlay("2♥ A♠ 3♣ 2♦ 9♥ 5♠").pending
    >>> worth = choice_values(bettor_on_5, 6)
    >>> worth.better, worth.draw > worth.stand
    ('draw', True)
    >>> choice_values(bettor_on_5, 6, other=always_stand).draw > worth.draw
    True
    >>> choice_values(bettor_on_5, "six")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: invalid shoe 'six': expected a number of decks, a Shoe or a Composition
    """
    point = point_of(view)
    tableau = tableau_for(view.bettors)
    model = shoe_model(shoe)
    game = decision_game(tableau, model, by_cards=True)
    if view.role == BETTOR:
        values = game.cell_values(banker={
            p: draw_probability(other, _view_at(p, tableau, view.bettors)) for p in game.banker_points})
    else:
        values = game.cell_values(bettor={
            p: draw_probability(other, _view_at(p, tableau, view.bettors)) for p in game.bettor_points})
    for value in values:
        if value.point == point:
            return value
    seen = format_cards(view.cards if view.third_card is None else (*view.cards, view.third_card))
    template = (N_("the bettor cannot stand on {point} with this shoe ({shoe}) and this policy: "
                   "the cards seen ({seen}) cannot come out of it, or the other side's policy "
                   "never leads there") if view.role == BETTOR else
                N_("the banker cannot stand on {point} with this shoe ({shoe}) and this policy: "
                   "the cards seen ({seen}) cannot come out of it, or the other side's policy "
                   "never leads there"))
    raise IllegalAction(Message(template, params={"point": point.words(), "shoe": model.name,
                                                  "seen": seen}))
