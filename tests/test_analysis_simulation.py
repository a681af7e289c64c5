"""Seeded simulation: agreement with the exact odds, reproducibility, progress, sessions hook."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bacara_teach.analysis.punto_banco import count_deals
from bacara_teach.analysis.simulation import (
    Estimate,
    convergence_table,
    home_session_player,
    simulate_coups,
    simulate_runs,
)
from bacara_teach.errors import IllegalAction


def test_seeded_simulation_agrees_with_the_exact_answer_within_its_interval() -> None:
    run = simulate_coups(20_000, decks=8, seed=2024)
    exact = count_deals(8).probabilities()
    assert run.exact == exact
    for outcome, p in exact.items():
        low, high = run.estimates[outcome].interval()
        assert low <= float(p) <= high
    assert sum(run.counts.values()) == 20_000


def test_a_dealt_through_shoe_also_agrees() -> None:
    run = simulate_coups(20_000, decks=6, seed=5, reshuffle="never")
    assert all(run.agrees().values())


def test_the_same_seed_gives_the_same_run() -> None:
    assert simulate_coups(500, seed="x").counts == simulate_coups(500, seed="x").counts
    assert simulate_coups(500, seed=1).counts != simulate_coups(500, seed=2).counts


def test_progress_is_reported_through_the_callback() -> None:
    seen: list[tuple[int, int]] = []
    simulate_coups(1_000, seed=1, progress=lambda done, total: seen.append((done, total)),
                   progress_every=250)
    assert seen == [(250, 1000), (500, 1000), (750, 1000), (1000, 1000)]


def test_convergence_series_ends_at_the_full_run() -> None:
    run = simulate_coups(3_000, seed=3, series_points=12)
    coups = [p.coups for p in run.series]
    assert coups == sorted(coups) and coups[-1] == 3_000
    assert run.series[-1].estimates == {k: n / 3_000 for k, n in run.counts.items()}
    rows = convergence_table(run, "empate")
    assert rows[-1][2] == float(run.exact["empate"])


def test_normal_interval_of_an_estimate() -> None:
    e = Estimate(50, 100)
    _low, high = e.interval()
    assert e.value == Fraction(1, 2)
    assert round(high - 0.5, 4) == round(1.959964 * 0.05, 4)
    assert e.contains(0.55) and not e.contains(0.7)


def test_sessions_hook_summarises_seeded_runs() -> None:
    summary = simulate_runs(lambda seed: Fraction(seed, 2), runs=5, seed=10)
    assert summary.values == tuple(Fraction(s, 2) for s in range(10, 15))
    assert summary.mean == 6
    with pytest.raises(IllegalAction, match="expected a number"):
        simulate_runs(lambda seed: "lots", runs=1)  # type: ignore[arg-type, return-value]


def test_bad_run_lengths_are_refused() -> None:
    with pytest.raises(IllegalAction, match="number of coups 0"):
        simulate_coups(0)


def test_home_sessions_agree_with_the_exact_edge() -> None:
    # Ten coups at a fixed stake of 20: the exact expectation is 10 * 20 * E[one Banco bet].
    from bacara_teach.analysis.edges import BANCO, analyse_bet

    play = home_session_player({"Ana": "banco", "Bea": "empate"}, player="Ana")
    summary = simulate_runs(play, runs=300, seed=11)
    expected = 10 * 20 * analyse_bet(BANCO, 8).expectation
    low, high = summary.interval()
    assert low <= float(expected) <= high
    assert summary.runs == 300
    assert play(11) == summary.values[0]  # seeded: the same session again
