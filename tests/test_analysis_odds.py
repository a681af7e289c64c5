"""Exact Punto Banco odds: golden counts, published figures, brute force on tiny shoes, properties."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach.analysis.composition import Composition
from bacara_teach.analysis.punto_banco import (
    DealCounts,
    count_deals,
    count_deals_by_enumeration,
    odds,
    odds_floats,
    pair_probability,
)
from bacara_teach.cards import Card, Rank, Suit
from bacara_teach.errors import IllegalAction
from bacara_teach.punto_banco import outcome_from_points, play_coup
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Tableau


# -- golden counts (ordered six-card deals) ------------------------------------------------------
def test_golden_counts_eight_decks() -> None:
    counts = count_deals(8)
    assert counts.banco == 2_292_252_566_437_888
    assert counts.punto == 2_230_518_282_592_256
    assert counts.empate == 475_627_426_473_216
    assert counts.total == 4_998_398_275_503_360 == 416 * 415 * 414 * 413 * 412 * 411


def test_golden_counts_six_decks() -> None:
    counts = count_deals(6)
    assert counts.banco == 403_095_751_234_560
    assert counts.punto == 392_220_492_728_832
    assert counts.empate == 83_552_962_932_288
    assert counts.total == 312 * 311 * 310 * 309 * 308 * 307


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_probabilities_sum_to_exactly_one(decks: int) -> None:
    probabilities = odds(decks)
    assert all(isinstance(p, Fraction) for p in probabilities.values())
    assert sum(probabilities.values()) == 1
    assert sum(count_deals(decks).cards_used_probabilities().values()) == 1


def test_published_eight_deck_probabilities() -> None:
    rounded = {k: round(float(v), 6) for k, v in odds(8).items()}
    assert rounded == {"banco": 0.458597, "punto": 0.446247, "empate": 0.095156}


def test_floats_are_the_exact_fractions_divided() -> None:
    exact = odds(8)
    fast = odds_floats(8)
    assert fast == {k: float(v) for k, v in exact.items()}


def test_the_straightforward_enumeration_agrees_on_a_full_shoe() -> None:
    counts = count_deals(1)
    assert count_deals_by_enumeration(1) == {
        "banco": counts.banco, "punto": counts.punto, "empate": counts.empate
    }


# -- brute force over every ordering of a tiny shoe ----------------------------------------------
def _brute_force(cards: list[Card]) -> tuple[Counter[str], Counter[int], Counter[tuple[int, int, str]]]:
    """Every ordered 6-card deal of the actual cards, through the engine's coup logic."""
    outcomes: Counter[str] = Counter()
    used: Counter[int] = Counter()
    by_punto: Counter[tuple[int, int, str]] = Counter()
    for order in permutations(cards, 6):
        points = [c.points for c in order]
        outcome, n = outcome_from_points(points)
        outcomes[outcome.value] += 1
        used[n] += 1
        x, y = sorted((points[0], points[2]))
        by_punto[(x, y, outcome.value)] += 1
    return outcomes, used, by_punto


_RANK_LIST = list(Rank)


@st.composite
def tiny_shoes(draw: st.DrawFn, *, low: int = 6, high: int = 9) -> list[Card]:
    size = draw(st.integers(low, high))
    ranks = draw(st.lists(st.sampled_from(_RANK_LIST), min_size=size, max_size=size))
    suits = list(Suit)
    return [Card(rank, suits[i % 4]) for i, rank in enumerate(ranks)]


@settings(max_examples=25, deadline=None)
@given(tiny_shoes())
def test_exact_count_agrees_with_brute_force_on_tiny_shoes(cards: list[Card]) -> None:
    outcomes, used, by_punto = _brute_force(cards)
    counts = count_deals(Composition.from_shoe(Shoe(cards)))
    assert (counts.banco, counts.punto, counts.empate) == (
        outcomes["banco"], outcomes["punto"], outcomes["empate"]
    )
    assert counts.cards_used == (used[4], used[5], used[6])
    for (x, y), (deals, banco, punto, empate) in counts.by_punto_cards.items():
        assert banco == by_punto[(x, y, "banco")]
        assert punto == by_punto[(x, y, "punto")]
        assert empate == by_punto[(x, y, "empate")]
        assert deals == banco + punto + empate


def test_final_totals_agree_with_recorded_coups_on_a_tiny_shoe() -> None:
    cards = [Card.parse(t) for t in ["A♠", "3♠", "5♠", "6♠", "7♠", "9♠", "K♠", "2♥", "4♥"]]
    expected: Counter[tuple[int, int]] = Counter()
    for order in permutations(cards, 6):
        coup = play_coup(Shoe(order))
        expected[(coup.punto_total, coup.banco_total)] += 1
    counts = count_deals(Composition.from_shoe(Shoe(cards)), detail=True)
    assert counts.final_totals is not None
    got = {(p, b): counts.final_totals[p][b] for p in range(10) for b in range(10)
           if counts.final_totals[p][b]}
    assert got == dict(expected)


def test_final_total_distributions_sum_to_one_and_detail_does_not_change_the_count() -> None:
    plain, detailed = count_deals(8), count_deals(8, detail=True)
    assert (plain.banco, plain.punto, plain.empate) == (detailed.banco, detailed.punto, detailed.empate)
    assert sum(detailed.final_total_distribution("punto")) == 1
    assert sum(detailed.final_total_distribution("banco")) == 1
    with pytest.raises(IllegalAction, match="detail=True"):
        plain.final_total_distribution("punto")


# -- properties over random compositions -----------------------------------------------------------
compositions = st.lists(st.integers(0, 12), min_size=10, max_size=10).filter(
    lambda c: sum(c) >= 6
).map(Composition.from_points)


@settings(max_examples=40, deadline=None)
@given(compositions)
def test_probabilities_sum_to_one_for_any_shoe(composition: Composition) -> None:
    counts = count_deals(composition)
    assert counts.banco + counts.punto + counts.empate == counts.total
    assert sum(counts.probabilities().values()) == 1
    assert sum(counts.cards_used) == counts.total
    assert sum(d for d, *_ in counts.by_punto_cards.values()) == counts.total


@settings(max_examples=30, deadline=None)
@given(compositions, st.integers(0, 9))
def test_removing_a_card_and_adding_it_back_restores_the_answer(composition: Composition, value: int) -> None:
    if composition.points[value] == 0 or composition.total < 7:
        composition = composition.with_value(value)
    restored = composition.without_value(value).with_value(value)
    assert restored == composition
    assert count_deals(restored).probabilities() == count_deals(composition).probabilities()


@settings(max_examples=8, deadline=None)
@given(compositions)
def test_a_card_burnt_at_random_does_not_change_the_odds(composition: Composition) -> None:
    # Dealing from the shoe less one random card is dealing from the shoe: the counts of the
    # shoe less a card of each value, weighted by how many such cards there are, add up.
    if composition.total < 7:
        composition = composition.with_value(0)
    n = composition.total
    full = count_deals(composition)
    for outcome in ("banco", "punto", "empate"):
        weighted = sum(
            composition.points[v] * count_deals(composition.without_value(v)).count(outcome)
            for v in range(10) if composition.points[v]
        )
        assert weighted == full.count(outcome) * (n - 6)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=4, max_size=4), st.integers(0, 40))
def test_tens_and_faces_are_interchangeable(zeros: list[int], others: int) -> None:
    # Symmetry: only point values play, so moving cards among 10, J, Q and K changes nothing.
    base = [others % 5 + 1] * 9
    a = Composition.from_ranks([*base, *zeros])
    b = Composition.from_ranks([*base, *reversed(zeros)])
    c = Composition.from_ranks([*base, sum(zeros), 0, 0, 0])
    assert count_deals(a).probabilities() == count_deals(b).probabilities() == count_deals(c).probabilities()


@pytest.mark.parametrize("value", range(10))
def test_a_shoe_of_one_point_value_always_ties(value: int) -> None:
    # Both hands get the same cards, and the tableau then has both draw or both stand alike.
    counts = count_deals(Composition.from_points({value: 12}))
    assert counts.empate == counts.total


def test_a_natural_nine_never_loses() -> None:
    given_nine = count_deals(8).given_punto_cards(9, 0)
    assert given_nine["banco"] == 0
    assert given_nine["empate"] > 0


def test_pair_probability_same_rank_and_same_value() -> None:
    assert pair_probability(8) == Fraction(13 * 32 * 31, 416 * 415)
    assert pair_probability(8, reading="points") == Fraction(128 * 127 + 9 * 32 * 31, 416 * 415)
    with pytest.raises(IllegalAction, match="rank"):
        pair_probability(Composition.from_points([16, 4, 4, 4, 4, 4, 4, 4, 4, 4]))


def test_another_fixed_tableau_is_read_from_its_data() -> None:
    # A tableau where Banco never draws: Banco's total is its two-card total.
    never = Tableau.from_letters(
        name="banco-never-draws", title="test", player="DDDDDDSS", banker_after_stand="SSSSSSSS",
        banker=dict.fromkeys(range(8), "S" * 10),
    )
    shoe = Composition.from_points([3, 1, 1, 1, 1, 2, 1, 1, 1, 1])
    counts = count_deals(shoe, tableau=never)
    assert counts.cards_used[2] == 0
    assert counts.banco != count_deals(shoe, tableau=PUNTO_BANCO).banco
    assert count_deals_by_enumeration(shoe, tableau=never) == {
        "banco": counts.banco, "punto": counts.punto, "empate": counts.empate
    }


def test_tableaux_with_free_cells_are_refused() -> None:
    with pytest.raises(IllegalAction, match="free cells"):
        count_deals(6, tableau=CHEMIN_DE_FER)


# -- the prefix-sum count against the card-by-card ones ------------------------------------------
def _fields(counts: DealCounts) -> tuple[object, ...]:
    return (counts.total, counts.banco, counts.punto, counts.empate, counts.cards_used,
            counts.naturals, dict(counts.by_punto_cards))


@st.composite
def eight_deck_shoes(draw: st.DrawFn) -> Composition:
    """An 8-deck shoe part-way through: any number of each point value gone."""
    full = Composition.standard(8).points
    return Composition.from_points([draw(st.integers(0, k)) if draw(st.booleans()) else k
                                    for k in full])


@settings(max_examples=30, deadline=None)
@given(eight_deck_shoes())
def test_the_plain_count_is_the_card_by_card_count_on_eight_deck_shoes(shoe: Composition) -> None:
    # detail=True visits Banco's third card value by value; the plain count reads prefix sums.
    assert _fields(count_deals(shoe)) == _fields(count_deals(shoe, detail=True))


@st.composite
def fixed_tableaux(draw: st.DrawFn) -> Tableau:
    """Any tableau with a rule in every cell: who draws on what is drawn at random."""
    def word(size: int) -> str:
        return "".join(draw(st.lists(st.sampled_from("DS"), min_size=size, max_size=size)))

    return Tableau.from_letters(
        name="drawn-at-random", title="test", player=word(8), banker_after_stand=word(8),
        banker={total: word(10) for total in range(8)},
    )


@st.composite
def small_shoes(draw: st.DrawFn) -> list[int]:
    """Counts of each point value (at most 3 of each) for a shoe of 6 to 10 cards, drawn
    card by card (a filter on ten random counts would reject nearly every draw)."""
    counts = [0] * 10
    for _ in range(draw(st.integers(6, 10))):
        counts[draw(st.sampled_from([v for v in range(10) if counts[v] < 3]))] += 1
    return counts


@settings(max_examples=25, deadline=None)
@given(small_shoes(), fixed_tableaux())
def test_the_plain_count_is_the_straightforward_enumeration_under_any_tableau(
        points: list[int], tableau: Tableau) -> None:
    shoe = Composition.from_points(points)
    plain = count_deals(shoe, tableau=tableau)
    assert count_deals_by_enumeration(shoe, tableau=tableau) == {
        "banco": plain.banco, "punto": plain.punto, "empate": plain.empate}
    assert _fields(plain) == _fields(count_deals(shoe, tableau=tableau, detail=True))
