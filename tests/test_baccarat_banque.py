"""Baccarat Banque: the deal, who draws, the banker's view, the settlement and the exact values."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach import baccarat_banque as bq
from bacara_teach.baccarat_banque import (
    LEFT,
    RIGHT,
    BankerView,
    Outcome,
    SideSeen,
    Stakes,
    aim_at_larger_stake,
    best_for_bank,
    deal_coup,
    decision_values,
    play_coup,
    punters_draw,
    punters_stand,
    settlement_text,
)
from bacara_teach.cards import Card, hand_total, parse_cards
from bacara_teach.chemin_de_fer import ForcedCell, InvalidDecision, MissingDecision
from bacara_teach.errors import BacaraError, IllegalAction, ShoeExhausted
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Decision


def _draw_all(view: BankerView) -> Decision:
    return Decision.DRAW


def _stand_all(view: BankerView) -> Decision:
    return Decision.STAND


BANKER_POLICIES = (aim_at_larger_stake, _draw_all, _stand_all)
PUNTER_POLICIES = (punters_draw, punters_stand)


# -- the deal and who draws ----------------------------------------------------------------------


def test_the_deal_goes_right_left_banker_twice_then_third_cards_in_order() -> None:
    coup = deal_coup("2♣ 3♠ 3♥ 2♦ 2♥ 2♠ K♦", stakes=Stakes(100, 20), left="stand",
                     banker="stand")
    assert coup.right == parse_cards("2♣ 2♦ K♦")
    assert coup.left == parse_cards("3♠ 2♥")
    assert coup.banker == parse_cards("3♥ 2♠")
    assert coup.cards == parse_cards("2♣ 3♠ 3♥ 2♦ 2♥ 2♠ K♦")
    assert coup.outcome(RIGHT) is Outcome.LOSS and coup.outcome(LEFT) is Outcome.PUSH
    assert coup.settlement.bank == 100


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), punter=st.sampled_from(PUNTER_POLICIES),
       banker=st.sampled_from(BANKER_POLICIES),
       stakes=st.builds(Stakes, st.integers(0, 50), st.integers(0, 50), st.integers(0, 50)))
def test_every_coup_follows_the_rules(seed: int, punter: bq.PunterPolicy,
                                      banker: bq.BankerPolicy, stakes: Stakes) -> None:
    shoe = Shoe.standard(bq.DECKS, seed=seed)
    upcoming = shoe.peek(9)
    right, left, cheval = stakes.right, stakes.left, stakes.cheval
    coup = play_coup(shoe, stakes=stakes, punter_policy=punter, banker_policy=banker)
    # the cards come off the shoe in deal order, and only those
    assert coup.cards == upcoming[:len(coup.cards)]
    assert shoe.remaining == bq.DECKS * 52 - len(coup.cards)
    first = {side: hand_total(coup.hand(side)[:2]) for side in (RIGHT, LEFT, bq.BANKER)}
    banker_natural = first[bq.BANKER] >= 8
    both_natural = first[RIGHT] >= 8 and first[LEFT] >= 8
    for side in (RIGHT, LEFT):
        cards = len(coup.hand(side))
        if first[side] >= 8:
            assert coup.natural(side) and cards == 2
        elif banker_natural or first[side] in (6, 7):
            assert cards == 2
        elif first[side] <= 4:
            assert cards == 3
        else:  # the free 5
            assert cards == (3 if punter is punters_draw else 2)
    if banker_natural or both_natural:
        assert len(coup.banker) == 2 and bq.BANKER not in coup.choices
    else:
        assert coup.choices[bq.BANKER] is (Decision.DRAW if len(coup.banker) == 3
                                           else Decision.STAND)
    # each side meets the banker's final hand, or his first two cards after its own natural
    for side in (RIGHT, LEFT):
        against = first[bq.BANKER] if coup.natural(side) else hand_total(coup.banker)
        assert coup.outcome(side) is Outcome.compare(hand_total(coup.hand(side)), against)
    s = coup.settlement
    signs = {side: coup.outcome(side).sign for side in (RIGHT, LEFT)}
    assert s.right == right * signs[RIGHT] and s.left == left * signs[LEFT]
    assert s.cheval == Fraction(cheval * (signs[RIGHT] + signs[LEFT]), 2)
    assert s.bank == -(s.right + s.left + s.cheval)  # no commission


def test_the_cheval_stake_wins_with_both_loses_with_both_and_halves_on_a_tie() -> None:
    # right natural 9 against 4; left 4 draws a 6 (0); the banker draws a 5: 9 beats the left
    coup = deal_coup("9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣", stakes=Stakes(10, 30, 20), banker="draw")
    assert (coup.outcome(RIGHT), coup.outcome(LEFT)) == (Outcome.WIN, Outcome.LOSS)
    assert coup.settlement.cheval == 0 and coup.settlement.bank == 20
    # both sides stand on 7 and 6; the banker stands on 6: the right wins, the left ties
    tie = deal_coup("7♠ 6♥ 6♦ K♣ K♦ K♠", stakes=Stakes(0, 0, 10), banker="stand")
    assert (tie.outcome(RIGHT), tie.outcome(LEFT)) == (Outcome.WIN, Outcome.PUSH)
    assert tie.settlement.cheval == 5 and tie.settlement.bank == -5


def test_both_naturals_end_the_coup_without_a_decision() -> None:
    coup = deal_coup("9♠ 8♥ 2♦ K♣ K♦ 3♠")
    assert coup.natural(RIGHT) and coup.natural(LEFT) and not coup.choices
    assert "nobody draws" in coup.narrate("en")


def test_a_banker_natural_stops_the_cards_the_sides_asked_for() -> None:
    coup = deal_coup("2♠ 3♥ 9♦ K♣ K♦ K♠")
    assert len(coup.right) == len(coup.left) == 2 and coup.outcome(RIGHT) is Outcome.LOSS
    assert "No third card is given" in coup.narrate("en")


def test_the_punters_rule_is_chemin_de_fer_s_for_several_bettors() -> None:
    assert [bq.punter_cell(t) for t in range(8)] == [CHEMIN_DE_FER.player_cell(t)
                                                    for t in range(8)]


# -- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({}, MissingDecision, "the banker has 4 and is free"),
    ({"left": "draw", "banker": "draw"}, ForcedCell, "the left side had no choice"),
    ({"banker": "maybe"}, InvalidDecision, "invalid decision 'maybe' from the banker"),
])
def test_decisions_are_checked(kwargs: dict[str, Any], error: type[BacaraError],
                               words: str) -> None:
    with pytest.raises(error, match=words) as caught:
        deal_coup("9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣", **kwargs)
    assert caught.value.text("es") != str(caught.value)  # the refusal speaks Spanish too


def test_cards_missing_or_left_over_are_refused() -> None:
    with pytest.raises(ShoeExhausted, match="the banker needs another"):
        deal_coup("9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥", banker="draw")
    with pytest.raises(IllegalAction, match="left over"):
        deal_coup("9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣ 4♣", banker="draw")


@pytest.mark.parametrize("stakes", [{"right": -1}, {"left": 2.5}, {"cheval": True}])
def test_stakes_are_whole_numbers_of_chips(stakes: dict[str, object]) -> None:
    with pytest.raises(IllegalAction, match="expected a whole number of chips"):
        Stakes(**stakes)  # type: ignore[arg-type]


def test_a_refused_policy_answer_leaves_the_shoe_as_it_was() -> None:
    shoe = Shoe.stacked("9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣")
    with pytest.raises(InvalidDecision):
        play_coup(shoe, banker_policy=lambda view: "maybe")
    assert shoe.remaining == 8
    short = Shoe.stacked("9♠ 2♥ 4♦ K♣")
    with pytest.raises(ShoeExhausted):
        play_coup(short)
    assert short.remaining == 4


# -- the banker's view and policies --------------------------------------------------------------


def test_the_banker_sees_only_face_up_cards_and_the_unseen_counts_add_up() -> None:
    seen: list[BankerView] = []

    def spy(view: BankerView) -> Decision:
        seen.append(view)
        return Decision.STAND

    shoe = Shoe.standard(bq.DECKS, seed=5)
    before = shoe.point_counts()
    coup = play_coup(shoe, stakes=Stakes(5, 7), punter_policy=punters_draw, banker_policy=spy)
    if not seen:
        pytest.skip("this seed deals a natural")
    (view,) = seen
    # the banker's two cards, the face-up third cards, and a natural's shown cards
    visible = list(coup.banker[:2]) + [c for side in (RIGHT, LEFT)
                                       for c in coup.hand(side)[0 if coup.natural(side) else 2:]]
    assert sum(view.unseen) == sum(before) - len(visible)
    for side in (RIGHT, LEFT):
        third = coup.hand(side)[2] if len(coup.hand(side)) == 3 else None
        assert view.side(side).third_card == third


def test_the_rule_of_thumb_reads_punto_banco_s_table_against_the_larger_stake() -> None:
    for total in range(8):
        for third in range(10):
            card = Card.parse(f"{third if third else 'K'}♣".replace("1♣", "A♣"))
            for stakes, aimed in ((Stakes(50, 10), "right"), (Stakes(10, 50), "left")):
                sides = {aimed: SideSeen(aimed, third_card=card)}
                other = "left" if aimed == "right" else "right"
                sides[other] = SideSeen(other)
                view = BankerView((), total, sides["right"], sides["left"], stakes, (0,) * 10)
                assert aim_at_larger_stake(view) is PUNTO_BANCO.banker_decision(total, third)


def _brute_values(view: BankerView, five: Fraction) -> dict[Decision, Fraction]:
    """The same values by a plain count over every sequence of hidden point values.

    Every sequence of the same length has the same denominator (the falling product of the
    unseen cards), so each is weighed by its numerator only, and by the chance of the sides'
    announcements in whole numbers of ``five.denominator``.
    """
    weights = {side: 2 * view.stakes.on(side) + view.stakes.cheval for side in (RIGHT, LEFT)}
    hidden = [s for s in (view.right, view.left) if s.natural is None]
    num, den = five.numerator, five.denominator
    totals = {Decision.STAND: 0, Decision.DRAW: 0}
    mass = 0
    for seq in itertools.product(range(10), repeat=2 * len(hidden) + 1):
        left = list(view.unseen)
        p = 1
        for v in seq:
            p *= left[v]
            left[v] -= 1
        finals = []
        for k, seen in enumerate(hidden):
            two = (seq[2 * k] + seq[2 * k + 1]) % 10
            if two >= 8:
                p = 0
            elif two == 5:
                p *= num if seen.drew else den - num
            else:
                p *= den if (two <= 4) == seen.drew else 0
            third = seen.third_card.points if seen.third_card else 0
            finals.append((weights[seen.side], (two + third) % 10))
        if p <= 0:
            continue
        mass += p
        for decision, banker in ((Decision.STAND, view.total),
                                 (Decision.DRAW, (view.total + seq[-1]) % 10)):
            totals[decision] -= p * sum(w * Outcome.compare(t, banker).sign for w, t in finals)
    fixed = sum((Fraction(-weights[s.side] * Outcome.compare(s.natural, view.total).sign, 2)
                 for s in (view.right, view.left) if s.natural is not None), Fraction(0))
    return {d: fixed + Fraction(v, 2 * mass) for d, v in totals.items()}


@pytest.mark.parametrize(("banker", "right", "left", "stakes", "five"), [
    ("3♥ 2♠", "K♦", None, Stakes(100, 20), Fraction(1, 2)),
    ("4♥ K♠", "A♦", "7♣", Stakes(30, 60, 10), Fraction(1, 3)),
    ("6♥ K♠", None, None, Stakes(1, 1), Fraction(1)),
])
def test_the_exact_values_agree_with_a_plain_count(banker: str, right: str | None,
                                                   left: str | None, stakes: Stakes,
                                                   five: Fraction) -> None:
    view = BankerView.situation(banker, right=right, left=left, stakes=stakes, decks=1)
    assert decision_values(view, five_draws=five) == _brute_values(view, five)


def test_a_natural_side_counts_against_the_banker_s_two_cards_whatever_he_does() -> None:
    unseen = list(Shoe.standard(1).point_counts())
    for card in parse_cards("3♥ 2♠ 9♣ K♣ 4♦"):
        unseen[card.points] -= 1
    view = BankerView(parse_cards("3♥ 2♠"), 5,
                      SideSeen(RIGHT, natural=9, cards=parse_cards("9♣ K♣")),
                      SideSeen(LEFT, third_card=Card.parse("4♦")), Stakes(40, 10), tuple(unseen))
    values = decision_values(view)
    assert values == _brute_values(view, Fraction(1, 2))
    only_left = BankerView(view.cards, 5, SideSeen(RIGHT, natural=9, cards=view.right.cards),
                           view.left, Stakes(0, 10), view.unseen)
    # the right's 40 is lost whatever the banker does: the values differ by exactly 40
    assert all(values[d] - decision_values(only_left)[d] == -40 for d in values)


def test_the_best_decision_is_worth_at_least_the_rule_of_thumb_s() -> None:
    rng = random.Random(3)
    for _ in range(20):
        cards = rng.sample(Shoe.standard(bq.DECKS).remaining_cards(), 4)
        if hand_total(cards[:2]) >= 8:
            continue
        view = BankerView.situation(cards[:2], right=cards[2], left=rng.choice([None, cards[3]]),
                                    stakes=Stakes(rng.randint(1, 99), rng.randint(1, 99)))
        values = decision_values(view)
        assert values[best_for_bank(view)] >= values[aim_at_larger_stake(view)]


# -- narration -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_every_narrated_line_is_translated(seed: int) -> None:
    coup = play_coup(Shoe.standard(bq.DECKS, seed=seed), stakes=Stakes(10, 20, 4),
                     punter_policy=punters_draw if seed % 2 else punters_stand,
                     banker_policy=best_for_bank)
    english, spanish = coup.narrate("en").splitlines(), coup.narrate("es").splitlines()
    assert len(english) == len(spanish)
    for en, es in zip(english, spanish, strict=True):
        assert en != es
    assert settlement_text(coup, "en") != settlement_text(coup, "es")


def test_the_narration_says_what_the_banker_saw_and_chose() -> None:
    coup = deal_coup("2♣ 3♠ 3♥ 2♦ 2♥ 2♠ K♦", stakes=Stakes(100, 20), left="stand",
                     banker="stand")
    text = coup.narrate("en")
    assert ("he sees the right side's third card K♦ and that the left side stood; 100 is staked "
            "on the right and 20 on the left") in text
    assert "chooses to stand on 5" in text
    assert "ve la tercera carta K♦ del lado derecho" in coup.narrate("es")
