"""Chemin de Fer decision analysis: the classic 9/11, the seed's free cells, exact solutions."""

from __future__ import annotations

import sys
from collections import Counter
from fractions import Fraction
from itertools import permutations, product

import pytest

from bacara_teach.analysis.chemin_de_fer import (
    CLASSIC_MODEL,
    INFINITE_DECK,
    BankerPoint,
    BettorPoint,
    CardModel,
    decision_game,
    resolve_tableau,
    shoe_model,
    solve_decision_game,
)
from bacara_teach.analysis.composition import Composition
from bacara_teach.analysis.matrix_game import check_solution, solve_matrix_game
from bacara_teach.analysis.punto_banco import count_deals
from bacara_teach.errors import IllegalAction
from bacara_teach.tableau import CHEMIN_DE_FER, CHEMIN_DE_FER_SINGLE_BETTOR, PUNTO_BANCO, Decision

SIX = shoe_model(6)


def test_classic_model_bettor_draws_on_five_with_probability_nine_elevenths() -> None:
    solution = solve_decision_game(decision_game(CLASSIC_MODEL, INFINITE_DECK))
    assert solution.bettor == {BettorPoint(5): Fraction(9, 11)}
    # The published value: the banker's advantage is about 1.28% of the stake.
    assert round(float(solution.value), 4) == -0.0128
    mixed = solution.mixed_points()
    assert mixed["bettor 5"] == Fraction(9, 11)
    assert len(mixed) == 2  # the banker mixes at exactly one point


def test_classic_solution_makes_each_mixing_side_indifferent() -> None:
    game = decision_game(CLASSIC_MODEL, INFINITE_DECK)
    solution = solve_decision_game(game)
    values = {str(v.point): v for v in game.cell_values(solution.bettor, solution.banker)}
    assert values["bettor 5"].draw == values["bettor 5"].stand
    for point, p in solution.banker.items():
        if 0 < p < 1:
            assert values[str(point)].draw == values[str(point)].stand


def test_classic_value_is_what_neither_side_can_improve_on() -> None:
    # Against the banker's optimal strategy, no bettor choice at 5 does better than the value;
    # against q = 9/11 no pure banker deviation at any point does better for the banker.
    game = decision_game(CLASSIC_MODEL, INFINITE_DECK)
    solution = solve_decision_game(game)
    for q in (Fraction(0), Fraction(1, 2), Fraction(1)):
        assert game.expectation({BettorPoint(5): q}, solution.banker) <= solution.value
    for point in game.banker_points:
        for choice in (0, 1):
            deviation = dict(solution.banker) | {point: Fraction(choice)}
            assert game.expectation(solution.bettor, deviation) >= solution.value


def test_seed_tableau_with_its_choices_made_as_in_punto_banco_is_punto_banco() -> None:
    resolved = resolve_tableau(CHEMIN_DE_FER, bettor_draws=[5], banker_draws=[(3, 9), (5, 4)])
    assert resolved.player == PUNTO_BANCO.player
    assert resolved.banker == PUNTO_BANCO.banker
    assert resolved.banker_after_stand == PUNTO_BANCO.banker_after_stand


def test_payoff_matrix_entries_are_the_exact_odds_of_the_resolved_tableau() -> None:
    game = decision_game(CHEMIN_DE_FER, SIX)
    rows, cols = game.pure_strategies()
    matrix = game.payoff_matrix()
    assert (len(rows), len(cols)) == (2, 4)
    for r, row in zip(rows, matrix, strict=True):
        for s, entry in zip(cols, row, strict=True):
            fixed = resolve_tableau(
                CHEMIN_DE_FER,
                bettor_draws=[p.total for p, d in zip(game.bettor_points, r, strict=True) if d],
                banker_draws=[(k.total, k.third) for k, d in zip(game.banker_points, s, strict=True) if d],
            )
            counts = count_deals(6, tableau=fixed)
            assert entry == Fraction(counts.punto - counts.banco, counts.total)


def test_seed_rules_several_bettors_solution() -> None:
    game = decision_game(CHEMIN_DE_FER, SIX)
    solution = solve_decision_game(game)
    matrix_solution = solve_matrix_game(game.payoff_matrix())
    check_solution(game.payoff_matrix(), matrix_solution)
    assert solution.value == matrix_solution.value
    # Drawing everywhere is Punto Banco's tableau: the value is minus Punto's edge on 6 decks.
    counts = count_deals(6)
    if solution.bettor[BettorPoint(5)] == 1 and all(p == 1 for p in solution.banker.values()):
        assert solution.value == Fraction(counts.punto - counts.banco, counts.total)


def test_single_bettor_matrix_and_linear_program_agree_exactly() -> None:
    pytest.importorskip("scipy")
    game = decision_game(CHEMIN_DE_FER_SINGLE_BETTOR, SIX)
    assert len(game.bettor_points) == 7
    by_matrix = solve_decision_game(game, method="matrix")
    by_lp = solve_decision_game(game, method="lp")
    assert by_matrix.value == by_lp.value
    lp_matrix = solve_matrix_game(game.payoff_matrix(), method="lp")
    assert lp_matrix.value == by_matrix.value


def test_choices_by_cards_solved_by_linear_program_and_verified() -> None:
    pytest.importorskip("scipy")
    game = decision_game(CHEMIN_DE_FER, SIX, by_cards=True)
    solution = solve_decision_game(game)
    assert "linear program" in solution.method
    # Playing the by-total solution at every card split gives the by-total game's value.
    by_total = solve_decision_game(decision_game(CHEMIN_DE_FER, SIX))
    bettor = {p: by_total.bettor[BettorPoint(p.total)] for p in game.bettor_points}
    banker = {k: by_total.banker[BankerPoint(k.total, k.third)] for k in game.banker_points}
    assert game.expectation(bettor, banker) == by_total.value
    # Worked example 3: the banker on A+2 against a face-up 9 draws.
    assert solution.banker[BankerPoint(3, 9, (1, 2))] == 1


def test_seed_cells_change_the_classic_answer() -> None:
    classic = solve_decision_game(decision_game(CLASSIC_MODEL, INFINITE_DECK))
    seed = solve_decision_game(decision_game(CHEMIN_DE_FER, INFINITE_DECK))
    # With most banker cells fixed, the banker can no longer punish a pure bettor at 5.
    assert seed.bettor[BettorPoint(5)] in (0, 1)
    assert seed.value > classic.value


def test_banker_cell_values_split_by_his_two_cards() -> None:
    game = decision_game(CHEMIN_DE_FER, SIX, by_cards=True)
    values = [v for v in game.cell_values(dict.fromkeys(game.bettor_points, 1))
              if isinstance(v.point, BankerPoint) and v.point.total == 3]
    assert {v.point.cards for v in values} == {(0, 3), (1, 2), (4, 9), (5, 8), (6, 7)}
    assert all(v.reach > 0 for v in values)


# -- brute force on a tiny shoe: every ordering dealt by hand with the Chemin de Fer rules ----------------
def _deal_value(points: list[int], bettor_draws: set[tuple[int, tuple[int, int]]],
                banker_draws: set[tuple[int, int | None, tuple[int, int]]]) -> int:
    pa, pb = sorted((points[0], points[2])), sorted((points[1], points[3]))
    p, b = sum(pa) % 10, sum(pb) % 10
    if p >= 8 or b >= 8:
        return (p > b) - (p < b)
    rule = CHEMIN_DE_FER.player[p]
    draws = rule is Decision.DRAW or (rule is Decision.CHOICE and (p, tuple(pa)) in bettor_draws)
    third = None
    i = 4
    if draws:
        third = points[4]
        p = (p + third) % 10
        i = 5
    cell = CHEMIN_DE_FER.banker_after_stand[b] if third is None else CHEMIN_DE_FER.banker[b][third]
    if cell is Decision.DRAW or (cell is Decision.CHOICE and (b, third, tuple(pb)) in banker_draws):
        b = (b + points[i]) % 10
    return (p > b) - (p < b)


def test_decision_game_agrees_with_dealing_every_ordering_of_a_tiny_shoe() -> None:
    shoe = Composition.from_points([2, 1, 1, 1, 1, 1, 0, 0, 0, 1])
    cards = [v for v, n in enumerate(shoe.points) for _ in range(n)]
    model = CardModel(name="tiny", counts=shoe.points)
    game = decision_game(CHEMIN_DE_FER, model, by_cards=True)
    orders = list(permutations(cards, 6))
    assert len(orders) == model.denominator
    bettor_options = [(p.total, p.cards) for p in game.bettor_points]
    banker_options = [(k.total, k.third, k.cards) for k in game.banker_points]
    for bettor_mask in product((False, True), repeat=len(bettor_options)):
        bettor = {o for o, m in zip(bettor_options, bettor_mask, strict=True) if m}
        for banker_mask in product((False, True), repeat=len(banker_options)):
            banker = {o for o, m in zip(banker_options, banker_mask, strict=True) if m}
            tally = Counter(_deal_value(list(o), bettor, banker) for o in orders)  # type: ignore[arg-type]
            expected = Fraction(tally[1] - tally[-1], len(orders))
            got = game.expectation(
                {p: int(m) for p, m in zip(game.bettor_points, bettor_mask, strict=True)},
                {k: int(m) for k, m in zip(game.banker_points, banker_mask, strict=True)},
            )
            assert got == expected


def test_free_points_are_the_tableau_free_cells() -> None:
    game = decision_game(CHEMIN_DE_FER, SIX)
    assert game.bettor_points == (BettorPoint(5),)
    assert game.banker_points == (BankerPoint(3, 9), BankerPoint(5, 4))
    single = decision_game(CHEMIN_DE_FER_SINGLE_BETTOR, SIX)
    assert [p.total for p in single.bettor_points] == [1, 2, 3, 4, 5, 6, 7]


def test_bad_strategies_and_cells_are_refused() -> None:
    game = decision_game(CHEMIN_DE_FER, SIX)
    with pytest.raises(IllegalAction, match="bettor 4 is not a free point"):
        game.expectation({BettorPoint(4): 1})
    with pytest.raises(ValueError, match="probability"):
        game.expectation({BettorPoint(5): Fraction(3, 2)})
    with pytest.raises(IllegalAction, match="not free cells"):
        resolve_tableau(CHEMIN_DE_FER, bettor_draws=[3])


def test_payoff_matrix_as_data_labels_every_pure_strategy() -> None:
    game = decision_game(CHEMIN_DE_FER, SIX)
    table = game.payoff_matrix_dict()
    matrix = game.payoff_matrix()
    assert table["rows"] == ["D", "S"] and table["columns"] == ["DD", "DS", "SD", "SS"]
    assert table["values"] == [[float(v) for v in row] for row in matrix]
    exact = game.payoff_matrix_dict(exact=True)["values"]
    assert [[Fraction(v) for v in row] for row in exact] == matrix
    # "SD": the banker stands at 3 v 9 and draws at 5 v 4.
    stand_draw = {game.banker_points[1]: Fraction(1)}
    assert matrix[0][2] == game.expectation({game.bettor_points[0]: 1}, stand_draw)
    small = game.payoff_matrix_dict(limit=4)
    assert small["values"] is None and small["omitted"] == (
        "2 x 4 pure strategies (1 bettor and 2 banker free points) are too many to list: "
        "more than 4 entries")


def test_without_scipy_the_linear_program_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    from bacara_teach.analysis.matrix_game import SolverUnavailable

    monkeypatch.setitem(sys.modules, "scipy", None)
    monkeypatch.setitem(sys.modules, "scipy.optimize", None)
    game = decision_game(CHEMIN_DE_FER, SIX, by_cards=True)
    with pytest.raises(SolverUnavailable, match=r"pip install 'bacara_teach\[analysis\]'"):
        solve_decision_game(game)
    # Games solved without a linear program do not need scipy.
    classic = solve_decision_game(decision_game(CLASSIC_MODEL, INFINITE_DECK))
    assert classic.bettor[BettorPoint(5)] == Fraction(9, 11)
