"""Effect of removal and the what-if calculator."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach.analysis.composition import Composition
from bacara_teach.analysis.edges import CASINO_BETS, HOME_BETS, analyse_bets
from bacara_teach.analysis.removal import effect_of_removal, what_if
from bacara_teach.errors import IllegalAction, NotationError


def test_each_row_is_the_edge_of_the_shoe_less_that_card() -> None:
    table = effect_of_removal(8)
    full = {a.terms.name: a.house_edge for a in analyse_bets(HOME_BETS, 8)}
    assert table.base == full
    for row in table.rows:
        smaller = Composition.standard(8).without([row.card if row.card != "0" else "10"])
        after = {a.terms.name: a.house_edge for a in analyse_bets(HOME_BETS, smaller)}
        assert row.edges == after
        assert row.change == {k: after[k] - full[k] for k in full}


def test_small_cards_gone_help_banco_and_large_cards_gone_help_punto() -> None:
    # The classic direction of the effect: removing a 4 is best for Banco, a 6 for Punto.
    rows = {r.card: r.change for r in effect_of_removal(8).rows}
    assert min(rows, key=lambda c: rows[c]["banco"]) == "4"
    assert min(rows, key=lambda c: rows[c]["punto"]) == "6"


def test_changes_weighted_by_the_cards_in_the_shoe_balance_to_zero() -> None:
    # A card burnt at random does not change the odds, so the effects weighted by counts cancel.
    table = effect_of_removal(8, CASINO_BETS, by="rank")
    assert {bet: table.balance(bet) for bet in table.base} == dict.fromkeys(table.base, Fraction(0))


@settings(max_examples=6, deadline=None)
@given(st.lists(st.integers(0, 8), min_size=13, max_size=13).filter(lambda c: sum(c) >= 8))
def test_balance_holds_for_any_shoe(ranks: list[int]) -> None:
    table = effect_of_removal(Composition.from_ranks(ranks), CASINO_BETS, by="rank")
    for bet in table.base:
        assert table.balance(bet) == 0


def test_ranks_of_value_zero_have_the_same_effect_on_the_main_bets() -> None:
    table = effect_of_removal(8, HOME_BETS, by="rank")
    zeros = [table.row(c).change for c in ("10", "J", "Q", "K")]
    assert zeros[0] == zeros[1] == zeros[2] == zeros[3]
    assert table.row("K").change == effect_of_removal(8).row("0").change


def test_what_if_four_fives_are_gone() -> None:
    report = what_if(8, "5 5 5 5")
    assert report.composition.points[5] == 28
    expected = analyse_bets(HOME_BETS, Composition.standard(8).without("5 5 5 5"))
    assert {k: a.house_edge for k, a in report.edges.items()} == {
        a.terms.name: a.house_edge for a in expected
    }
    assert sum(report.probabilities.values()) == 1
    data = report.to_dict(exact=True)
    assert data["cards"] == 412
    assert all("/" in v for v in data["probabilities"].values())


def test_what_if_refuses_bad_removals_clearly() -> None:
    with pytest.raises(IllegalAction, match="only 4"):
        what_if(1, "K K K K K")
    with pytest.raises(NotationError, match="'Z'"):
        what_if(8, "5 Z")
    with pytest.raises(IllegalAction, match="would be left"):
        what_if(Composition.from_points({0: 8}), "K K K")
