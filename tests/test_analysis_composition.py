"""Shoe descriptions for the analysis: decks, counts per rank or value, removals, and their errors."""

from __future__ import annotations

import pytest

from bacara_teach.analysis.composition import Composition, as_composition, parse_removal
from bacara_teach.cards import Rank
from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.shoe import Shoe


def test_standard_decks_hold_four_of_each_rank_per_deck() -> None:
    eight = Composition.standard(8)
    assert eight.total == 416
    assert eight.ranks == (32,) * 13
    assert eight.points == (128,) + (32,) * 9
    assert eight.decks() == 8
    assert eight.without("5").decks() is None


def test_counts_per_rank_give_counts_per_point_value() -> None:
    shoe = Composition.from_ranks({"K": 2, "Q": 1, "10": 1, "A": 3, "9": 1})
    assert shoe.points == (4, 3, 0, 0, 0, 0, 0, 0, 0, 1)
    assert shoe.rank_count(Rank.KING) == 2


def test_a_shoe_is_read_from_its_undealt_cards() -> None:
    shoe = Shoe.stacked("4h 4s 9c Kd Qd 2s 7h 8c")
    shoe.draw()
    composition = as_composition(shoe)
    assert composition.total == 7
    assert composition.rank_count(Rank.FOUR) == 1


def test_removal_accepts_ranks_and_full_cards() -> None:
    assert parse_removal("5 5♥ 10 T K♠ a") == (
        Rank.FIVE, Rank.FIVE, Rank.TEN, Rank.TEN, Rank.KING, Rank.ACE
    )
    shoe = Composition.standard(8).without("5 5 5 5♥ K♠")
    assert shoe.rank_count(Rank.FIVE) == 28
    assert shoe.points[0] == 127
    assert shoe.total == 411


def test_removal_from_a_shoe_known_only_by_value() -> None:
    shoe = Composition.from_points([16, 4, 4, 4, 4, 4, 4, 4, 4, 4])
    assert shoe.without("K Q 10 3").points == (13, 4, 4, 3, 4, 4, 4, 4, 4, 4)
    with pytest.raises(IllegalAction, match="rank"):
        shoe.rank_count(Rank.KING)


def test_unknown_rank_is_a_notation_error_quoting_the_input() -> None:
    with pytest.raises(NotationError, match=r"'11'.*A, 2-10, T, J, Q, K"):
        Composition.standard(8).without("5 11")
    with pytest.raises(NotationError, match="'Z'"):
        Composition.from_ranks({"Z": 3, "A": 10})


def test_negative_counts_are_refused() -> None:
    with pytest.raises(NotationError, match="-2 for rank 3"):
        Composition.from_ranks([4, 4, -2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4])
    with pytest.raises(NotationError, match="negative"):
        Composition.from_points({0: 10, 4: -1})


def test_wrong_number_of_counts_is_refused() -> None:
    with pytest.raises(NotationError, match="13 counts"):
        Composition.from_ranks([4] * 10)
    with pytest.raises(NotationError, match="10 counts"):
        Composition.from_points([4] * 13)


def test_removing_more_cards_than_the_shoe_holds_is_refused_and_changes_nothing() -> None:
    one = Composition.standard(1)
    before = (one.points, one.ranks)
    with pytest.raises(IllegalAction, match="remove 5 cards of rank 9: the shoe holds only 4"):
        one.without("9 9 9 9 9")
    assert (one.points, one.ranks) == before


def test_fewer_than_six_cards_is_refused() -> None:
    with pytest.raises(IllegalAction, match="may need 6"):
        Composition.from_points([5, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    small = Composition.from_points([7, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    with pytest.raises(IllegalAction, match="5 would be left"):
        small.without("K K")


def test_decks_out_of_range_are_refused() -> None:
    with pytest.raises(IllegalAction, match="from 1 to 12"):
        Composition.standard(13)
    with pytest.raises(NotationError, match="number of decks"):
        as_composition("eight")  # type: ignore[arg-type]
