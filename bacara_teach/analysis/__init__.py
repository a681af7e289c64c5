"""Exact odds, house edges, effect of removal, Chemin de Fer decisions, seeded simulation.

Everything here counts with integers and :class:`fractions.Fraction`; floats
appear only as a convenience for display.  The core uses the standard library
only (it runs in the browser); the linear-programming fallback of
:mod:`bacara_teach.analysis.matrix_game` imports scipy lazily.
"""

from __future__ import annotations

from bacara_teach.analysis.composition import Composition, as_composition, parse_removal
from bacara_teach.analysis.punto_banco import (
    DealCounts,
    count_deals,
    odds,
    odds_floats,
    pair_probability,
)

__all__ = [
    "Composition",
    "DealCounts",
    "as_composition",
    "count_deals",
    "odds",
    "odds_floats",
    "pair_probability",
    "parse_removal",
]
