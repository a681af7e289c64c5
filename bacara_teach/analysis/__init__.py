"""Exact odds, house edges, effect of removal, Chemin de Fer decisions, seeded simulation.

Everything here counts with integers and :class:`fractions.Fraction`; floats
appear only as a convenience for display.  The core uses the standard library
only (it runs in the browser); the linear programs of
:mod:`~bacara_teach.analysis.matrix_game` and
:mod:`~bacara_teach.analysis.chemin_de_fer` import scipy lazily, only for
games too large to solve by enumeration.

* :mod:`~bacara_teach.analysis.composition` - what is in a shoe (:class:`Composition`).
* :mod:`~bacara_teach.analysis.punto_banco` - exact Punto Banco probabilities.
* :mod:`~bacara_teach.analysis.edges` - house edge, return and spread of every bet.
* :mod:`~bacara_teach.analysis.removal` - effect of removal, the what-if calculator.
* :mod:`~bacara_teach.analysis.matrix_game` - zero-sum games solved exactly.
* :mod:`~bacara_teach.analysis.chemin_de_fer` - Chemin de Fer's free cells as a game.
* :mod:`~bacara_teach.analysis.simulation` - seeded simulation of coups and whole sessions
  (home, online table with a betting plan, Chemin de Fer) with confidence intervals.
"""

from __future__ import annotations

from bacara_teach.analysis.chemin_de_fer import (
    CLASSIC_MODEL,
    INFINITE_DECK,
    decision_game,
    shoe_model,
    solve_decision_game,
)
from bacara_teach.analysis.composition import Composition, as_composition, parse_removal
from bacara_teach.analysis.edges import (
    ALL_BETS,
    CASINO_BETS,
    HOME_BETS,
    ONLINE_BETS,
    BetAnalysis,
    BetTerms,
    analyse_bet,
    analyse_bets,
    edges_for_profile,
    house_edges,
)
from bacara_teach.analysis.matrix_game import GameSolution, solve_matrix_game
from bacara_teach.analysis.punto_banco import (
    DealCounts,
    count_deals,
    odds,
    odds_floats,
    pair_probability,
)
from bacara_teach.analysis.removal import effect_of_removal, what_if
from bacara_teach.analysis.simulation import (
    FlatBet,
    Martingale,
    convergence_series,
    play_chemin_de_fer,
    play_online_table,
    simulate_chemin_de_fer,
    simulate_coups,
    simulate_online_table,
    simulate_runs,
)

__all__ = [
    "ALL_BETS",
    "CASINO_BETS",
    "CLASSIC_MODEL",
    "HOME_BETS",
    "INFINITE_DECK",
    "ONLINE_BETS",
    "BetAnalysis",
    "BetTerms",
    "Composition",
    "DealCounts",
    "FlatBet",
    "GameSolution",
    "Martingale",
    "analyse_bet",
    "analyse_bets",
    "as_composition",
    "convergence_series",
    "count_deals",
    "decision_game",
    "edges_for_profile",
    "effect_of_removal",
    "house_edges",
    "odds",
    "odds_floats",
    "pair_probability",
    "parse_removal",
    "play_chemin_de_fer",
    "play_online_table",
    "shoe_model",
    "simulate_chemin_de_fer",
    "simulate_coups",
    "simulate_online_table",
    "simulate_runs",
    "solve_decision_game",
    "solve_matrix_game",
    "what_if",
]
