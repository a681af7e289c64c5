"""Exact solutions of zero-sum matrix games: saddle points, kernels, the verified linear program."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach.analysis.matrix_game import GameSolution, check_solution, solve_matrix_game
from bacara_teach.errors import IllegalAction, NotationError


def test_matching_pennies_is_a_fair_half_and_half() -> None:
    s = solve_matrix_game([[1, -1], [-1, 1]])
    assert s.value == 0
    assert s.rows == s.columns == (Fraction(1, 2), Fraction(1, 2))


def test_two_by_two_formula() -> None:
    # Value (ad - bc) / (a + d - b - c) for a 2x2 game without a saddle point.
    a, b, c, d = Fraction(3), Fraction(-2), Fraction(-1), Fraction(4)
    s = solve_matrix_game([[a, b], [c, d]])
    assert s.value == (a * d - b * c) / (a + d - b - c)
    assert s.rows[0] == (d - c) / (a + d - b - c)


def test_saddle_point_is_found_in_pure_strategies() -> None:
    s = solve_matrix_game([[4, 2, 5], [1, 0, 3], [6, 1, 2]])
    assert s.value == 2
    assert s.method == "saddle point"


matrices = st.integers(1, 5).flatmap(
    lambda m: st.lists(st.lists(st.integers(-6, 6), min_size=m, max_size=m), min_size=1, max_size=5)
)


@settings(max_examples=60, deadline=None)
@given(matrices)
def test_every_method_gives_the_same_verified_value(rows: list[list[int]]) -> None:
    exact = solve_matrix_game(rows, method="exact")
    check_solution(rows, exact)
    assert solve_matrix_game(rows).value == exact.value
    pytest.importorskip("scipy")
    assert solve_matrix_game(rows, method="lp").value == exact.value


def test_a_wrong_solution_is_caught() -> None:
    wrong = GameSolution(Fraction(0), (Fraction(1), Fraction(0)), (Fraction(1, 2), Fraction(1, 2)), "guess")
    with pytest.raises(IllegalAction, match="less than the value"):
        check_solution([[1, -1], [-1, 1]], wrong)


def test_inexact_payoffs_are_refused() -> None:
    with pytest.raises(NotationError, match="exact numbers"):
        solve_matrix_game([[0.5, 1]])  # type: ignore[list-item]
    with pytest.raises(NotationError, match="method"):
        solve_matrix_game([[1]], method="guess")
