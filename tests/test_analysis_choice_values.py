"""The worth of each choice at the free cell a Chemin de Fer player faces.

The figures of :func:`choice_values` (the decision game's counts) are checked
against dealing, with the engine's own coup, every ordering of the cards the
decider has not seen out of a small stacked shoe.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import permutations

import pytest

from bacara_teach.analysis.choice_values import choice_values, draw_probability, point_of
from bacara_teach.analysis.composition import Composition
from bacara_teach.cards import Card, parse_cards
from bacara_teach.chemin_de_fer import (
    BETTOR,
    CheminDeFerCoup,
    CoupInPlay,
    Policy,
    RandomPolicy,
    View,
    Winner,
    always_draw,
    always_stand,
    as_punto_banco,
    tableau_for,
)
from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import Decision


def _other_draws(policy: Policy, view: View) -> Fraction:
    """The policy's chance of drawing, written out here: even odds for a random policy."""
    if isinstance(policy, RandomPolicy):
        return Fraction(1, 2)
    answer = policy(view)
    return Fraction(1) if getattr(answer, "value", answer) == "draw" else Fraction(0)


def _same_cell(seen: View, reached: View) -> bool:
    def third(view: View) -> int | None:
        return None if view.third_card is None else view.third_card.points

    return (seen.role, seen.cell, third(seen)) == (reached.role, reached.cell, third(reached))


def _ends(play: CoupInPlay, seen: View, choice: str, other: Policy, *, chance: Fraction,
          reached: bool) -> Iterator[tuple[Fraction, CheminDeFerCoup]]:
    """Every end of the coup, with its chance, in which the decider faced ``seen``."""
    pending = play.pending
    if pending is None:
        if reached:
            yield chance, play.result()
        return
    if pending.role == seen.role:
        if _same_cell(seen, pending):
            play.decide(choice)
            yield from _ends(play, seen, choice, other, chance=chance, reached=True)
        return
    p = _other_draws(other, pending)
    for decision, share in (("draw", p), ("stand", 1 - p)):
        if share:
            fork = CoupInPlay.from_dict(play.to_dict())
            fork.decide(decision)
            yield from _ends(fork, seen, choice, other, chance=chance * share, reached=reached)


def _dealt_by_hand(view: View, shoe: str, other: Policy) -> dict[str, Fraction]:
    """The decider's expected gain for each choice, over every ordering of the unseen cards."""
    seen = [*view.cards, *([view.third_card] if view.third_card is not None else [])]
    unseen = list(parse_cards(shoe))
    for card in seen:
        unseen.remove(card)
    fixed: dict[int, Card] = (dict(zip((0, 2), view.cards, strict=True)) if view.role == BETTOR
                              else {1: view.cards[0], 3: view.cards[1]})
    if view.third_card is not None:
        fixed[4] = view.third_card
    hidden = [i for i in range(6) if i not in fixed]
    mine = Winner.BETTOR if view.role == BETTOR else Winner.BANKER
    out = {}
    for choice in ("draw", "stand"):
        gain = weight = Fraction(0)
        for order in permutations(unseen, len(hidden)):
            cards = dict(fixed)
            cards.update(zip(hidden, order, strict=True))
            play = CoupInPlay([cards[i] for i in range(6)], bettors=view.bettors)
            for chance, coup in _ends(play, view, choice, other, chance=Fraction(1), reached=False):
                weight += chance
                if coup.winner is not Winner.PUSH:
                    gain += chance if coup.winner is mine else -chance
        out[choice] = gain / weight
    return out


SHOE = "2♥ A♠ 3♣ 2♦ 9♥ 5♠ K♣ 4♦ 6♥ 7♣ Q♦"
"""Eleven cards: the worked example's six and five more."""


def _bettor_on_5() -> View:
    view = CoupInPlay("2♥ A♠ 3♣ 2♦ 9♥ 5♠").pending
    assert view is not None and view.role == BETTOR and view.total == 5
    return view


def _banker_on_3_against_9() -> View:
    play = CoupInPlay("2♥ A♠ 3♣ 2♦ 9♥ 5♠")
    play.decide("draw")
    assert play.pending is not None
    return play.pending


@pytest.mark.parametrize("other", [as_punto_banco, always_stand, always_draw])
def test_bettor_free_on_5_is_worth_what_dealing_every_unseen_ordering_gives(other: Policy) -> None:
    view = _bettor_on_5()
    worth = choice_values(view, Composition.from_shoe(Shoe.stacked(SHOE)), other=other)
    by_hand = _dealt_by_hand(view, SHOE, other)
    assert (worth.draw, worth.stand) == (by_hand["draw"], by_hand["stand"])


@pytest.mark.parametrize("other", [as_punto_banco, always_stand, RandomPolicy(seed=3)])
def test_banker_free_on_3_against_9_counts_only_hands_on_which_the_bettor_drew(other: Policy) -> None:
    view = _banker_on_3_against_9()
    worth = choice_values(view, Shoe.stacked(SHOE), other=other)
    by_hand = _dealt_by_hand(view, SHOE, other)
    assert (worth.draw, worth.stand) == (by_hand["draw"], by_hand["stand"])


def test_banker_free_on_5_against_4() -> None:
    shoe = "K♣ A♠ 2♥ 4♦ 4♠ 3♣ 6♥ 9♥ 8♣ 5♠"
    play = CoupInPlay("K♣ A♠ 2♥ 4♦ 4♠ 3♣")  # bettor 2 draws the 4; banker 5 sees it
    view = play.pending
    assert view is not None and view.cell.total == 5 and view.cell.third == 4
    worth = choice_values(view, Shoe.stacked(shoe), other=as_punto_banco)
    by_hand = _dealt_by_hand(view, shoe, as_punto_banco)
    assert (worth.draw, worth.stand) == (by_hand["draw"], by_hand["stand"])


def test_single_bettor_free_on_6() -> None:
    shoe = "3♥ A♠ 3♣ 2♦ 9♥ 5♠ K♣ 4♦ 6♥ 7♣"
    view = CoupInPlay("3♥ A♠ 3♣ 2♦ 9♥ 5♠", bettors=1).pending
    assert view is not None and view.total == 6 and view.cell.decision is Decision.CHOICE
    worth = choice_values(view, Shoe.stacked(shoe), other=always_draw)
    by_hand = _dealt_by_hand(view, shoe, always_draw)
    assert (worth.draw, worth.stand) == (by_hand["draw"], by_hand["stand"])


def test_the_better_choice_is_the_one_worth_more() -> None:
    worth = choice_values(_bettor_on_5(), 6, other=as_punto_banco)
    assert worth.better == ("draw" if worth.draw > worth.stand else "stand")
    assert -1 <= worth.stand <= 1 and -1 <= worth.draw <= 1


def test_point_of_reads_the_cards_by_value_in_any_order() -> None:
    one = CoupInPlay("2♥ A♠ 3♣ 2♦ 9♥ 5♠").pending
    two = CoupInPlay("3♦ A♠ 2♣ 2♦ 9♥ 5♠").pending
    assert one is not None and two is not None
    assert point_of(one) == point_of(two)


def test_a_random_other_side_is_not_asked() -> None:
    policy = RandomPolicy(seed=5)
    twin = RandomPolicy(seed=5)
    view = _bettor_on_5()
    assert draw_probability(policy, view) == Fraction(1, 2)
    choice_values(view, 6, other=policy)
    assert [policy(view) for _ in range(10)] == [twin(view) for _ in range(10)]


def test_a_forced_cell_has_no_choice_to_value() -> None:
    forced = View(BETTOR, parse_cards("2♥ 2♣"), 4, 2, tableau_for(2).player_cell(4))
    with pytest.raises(IllegalAction, match="the bettor's 4 with several bettors \\(must draw\\) is not a free cell"):
        choice_values(forced, 6)


def test_cards_the_shoe_never_held_are_refused() -> None:
    with pytest.raises(IllegalAction, match="cannot stand on bettor 5 \\(2\\+3\\)"):
        choice_values(_bettor_on_5(), Composition.from_points([10, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
    with pytest.raises(NotationError, match="invalid shoe 'six'"):
        choice_values(_bettor_on_5(), "six")  # type: ignore[arg-type]
