"""Seeded simulation: deal many coups and check the estimate against the exact answer.

Simulation is here as a check of the exact counts, never instead of them.
Every run is seeded, so it gives the same figures on every machine (the
browser's too).  Coups come from the engine itself
(:func:`bacara_teach.punto_banco.coup_outcome` on a
:class:`~bacara_teach.shoe.Shoe`).  The estimate of each outcome's chance has
a 95% confidence interval (normal approximation), and the run can record a
convergence series (running estimate against the exact value) for a chart.

The engine prints nothing: a caller who wants a progress bar passes
``progress``, a function called with ``(done, total)`` now and then (the CLI
draws a bar on the terminal; a notebook may update a widget).

>>> run = simulate_coups(2_000, decks=8, seed=7)
>>> run.coups, sum(run.counts.values())
(2000, 2000)
>>> all(run.estimates[k].contains(p) for k, p in run.exact.items())
True

Sessions (a home prediction session, an online table with a betting plan, a
Chemin de Fer session with policies) plug in through :func:`simulate_runs`:
give it a function that plays one whole session from a seed and returns a
number (a final balance, a net win); it runs that function for seeds
``seed, seed + 1, ...``, reports progress the same way and summarises the
numbers with a confidence interval.

>>> summary = simulate_runs(lambda s: s % 3, runs=30, seed=0)
>>> summary.mean
Fraction(1, 1)

:func:`home_session_player` is such a function for the home session.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from bacara_teach.analysis.composition import MIN_CARDS
from bacara_teach.analysis.punto_banco import OUTCOMES, count_deals
from bacara_teach.errors import IllegalAction
from bacara_teach.punto_banco import coup_outcome
from bacara_teach.shoe import Reshuffle, Shoe

__all__ = [
    "Z_95",
    "ConvergencePoint",
    "Estimate",
    "ProgressCallback",
    "RunSummary",
    "SimulationResult",
    "convergence_table",
    "home_session_player",
    "simulate_coups",
    "simulate_runs",
]

Z_95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)``; the engine never prints."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """The share of ``trials`` in which something happened ``hits`` times."""

    hits: int
    trials: int

    @property
    def value(self) -> Fraction:
        """The estimate, exactly: ``hits / trials``."""
        return Fraction(self.hits, self.trials)

    @property
    def std_error(self) -> float:
        p = self.hits / self.trials
        return math.sqrt(p * (1 - p) / self.trials)

    def interval(self, z: float = Z_95) -> tuple[float, float]:
        """Normal-approximation confidence interval (95% by default), clipped to [0, 1]."""
        p = self.hits / self.trials
        half = z * self.std_error
        return max(0.0, p - half), min(1.0, p + half)

    def contains(self, p: Fraction | float, z: float = Z_95) -> bool:
        low, high = self.interval(z)
        return low <= float(p) <= high

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval()
        return {"hits": self.hits, "trials": self.trials, "estimate": self.hits / self.trials,
                "ci95": [low, high]}


@dataclass(frozen=True, slots=True)
class ConvergencePoint:
    """The running estimates after ``coups`` coups (for a convergence chart)."""

    coups: int
    estimates: dict[str, float]
    half_widths: dict[str, float]


@dataclass(frozen=True, kw_only=True)
class SimulationResult:
    """A seeded run of Punto Banco coups."""

    coups: int
    decks: int
    seed: int | str
    reshuffle: Reshuffle
    counts: dict[str, int]
    estimates: dict[str, Estimate]
    exact: dict[str, Fraction]
    series: tuple[ConvergencePoint, ...]

    def agrees(self) -> dict[str, bool]:
        """For each outcome: does the 95% interval hold the exact probability?"""
        return {k: self.estimates[k].contains(p) for k, p in self.exact.items()}

    def to_dict(self) -> dict[str, Any]:
        return {
            "coups": self.coups,
            "decks": self.decks,
            "seed": self.seed,
            "reshuffle": self.reshuffle,
            "estimates": {k: e.to_dict() for k, e in self.estimates.items()},
            "exact": {k: float(p) for k, p in self.exact.items()},
            "agrees": self.agrees(),
            "series": [{"coups": p.coups, "estimates": p.estimates} for p in self.series],
        }


def _checkpoints(total: int, points: int) -> list[int]:
    """About ``points`` coup counts spread evenly on a log scale, ending at ``total``."""
    if points <= 0:
        return []
    marks = {total}
    start = min(10, total)
    for k in range(points):
        marks.add(max(1, round(start * (total / start) ** (k / max(1, points - 1)))))
    return sorted(m for m in marks if m <= total)


def _check_count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise IllegalAction(f"invalid number of {what} {value!r}: expected a whole number >= 1")
    return value


def simulate_coups(
    coups: int,
    *,
    decks: int = 8,
    seed: int | str = 0,
    reshuffle: Reshuffle = "every-coup",
    progress: ProgressCallback | None = None,
    progress_every: int | None = None,
    series_points: int = 40,
) -> SimulationResult:
    """Deal ``coups`` Punto Banco coups from a seeded shoe and estimate each outcome's chance.

    ``reshuffle="every-coup"`` (system A: every coup from a full shoe) is the
    situation the exact counts describe; ``"never"`` deals the shoe through
    and shuffles it again when fewer than six cards are left.
    ``progress(done, total)`` is called every ``progress_every`` coups (default
    about a hundred times in all) and at the end.  ``series_points`` sets how
    many points the convergence series records.
    """
    _check_count(coups, "coups")
    shoe = Shoe.standard(decks, seed=seed, reshuffle=reshuffle)
    exact = count_deals(decks).probabilities()
    every = progress_every if progress_every is not None else max(1, coups // 100)
    marks = _checkpoints(coups, series_points)
    next_mark = 0
    tallies = dict.fromkeys(OUTCOMES, 0)
    series: list[ConvergencePoint] = []
    dealt_through = reshuffle == "never"
    for done in range(1, coups + 1):
        if dealt_through and shoe.remaining < MIN_CARDS:
            shoe.shuffle()
        tallies[coup_outcome(shoe).value] += 1
        if next_mark < len(marks) and done == marks[next_mark]:
            next_mark += 1
            estimates = {k: Estimate(n, done) for k, n in tallies.items()}
            series.append(ConvergencePoint(
                coups=done,
                estimates={k: n / done for k, n in tallies.items()},
                half_widths={k: Z_95 * e.std_error for k, e in estimates.items()},
            ))
        if progress is not None and (done % every == 0 or done == coups):
            progress(done, coups)
    return SimulationResult(
        coups=coups,
        decks=decks,
        seed=seed,
        reshuffle=reshuffle,
        counts=dict(tallies),
        estimates={k: Estimate(n, coups) for k, n in tallies.items()},
        exact=exact,
        series=tuple(series),
    )


# -- whole sessions -----------------------------------------------------------------------------------
Number = int | Fraction | Decimal


@dataclass(frozen=True, slots=True)
class RunSummary:
    """Many seeded runs of one session: their results, exact mean and a 95% interval."""

    values: tuple[Fraction, ...]
    seed: int

    @property
    def runs(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> Fraction:
        return sum(self.values, Fraction(0)) / len(self.values)

    @property
    def variance(self) -> Fraction:
        """Sample variance (``n - 1`` in the denominator); 0 for a single run."""
        n = len(self.values)
        if n < 2:
            return Fraction(0)
        m = self.mean
        return sum(((v - m) ** 2 for v in self.values), Fraction(0)) / (n - 1)

    def interval(self, z: float = Z_95) -> tuple[float, float]:
        half = z * math.sqrt(self.variance / len(self.values))
        return float(self.mean) - half, float(self.mean) + half


def simulate_runs(
    play: Callable[[int], Number],
    *,
    runs: int,
    seed: int = 0,
    progress: ProgressCallback | None = None,
) -> RunSummary:
    """Play ``runs`` seeded sessions: ``play(seed + k)`` for k = 0 .. runs - 1.

    ``play`` is any function that plays one whole session from its seed and
    returns a number (int, Fraction or Decimal): this is the hook for the
    session modules.  Results are summarised exactly.
    """
    _check_count(runs, "runs")
    values: list[Fraction] = []
    for k in range(runs):
        result = play(seed + k)
        if isinstance(result, bool) or not isinstance(result, int | Fraction | Decimal):
            raise IllegalAction(
                f"a session returned {result!r}: expected a number (int, Fraction or Decimal)"
            )
        values.append(Fraction(result))
        if progress is not None:
            progress(k + 1, runs)
    return RunSummary(values=tuple(values), seed=seed)


def home_session_player(predictions: Mapping[str, str], *, player: str) -> Callable[[int], Decimal]:
    """A ready hook for :func:`simulate_runs`: one whole home session (system A,
    :class:`bacara_teach.home_session.HomeSession`) in which every participant
    predicts the same position each coup; returns ``player``'s final total.

    Its exact expectation is ``coups * stake * expectation`` of the bet
    (:mod:`bacara_teach.analysis.edges`), which a seeded run can be checked against.
    """
    if player not in predictions:
        raise IllegalAction(f"unknown player {player!r}: expected one of {', '.join(predictions)}")

    def play(seed: int) -> Decimal:
        from bacara_teach.home_session import HomeSession  # sessions are optional here

        session = HomeSession(players=list(predictions), seed=seed)
        while not session.finished:
            for name, on in predictions.items():
                session.predict(name, on)
            session.deal()
        return session.totals[player]

    return play


def convergence_table(result: SimulationResult, outcome: str = "banco") -> Sequence[tuple[int, float, float]]:
    """``(coups, estimate, exact)`` rows of one outcome, ready to plot."""
    exact = float(result.exact[outcome])
    return [(p.coups, p.estimates[outcome], exact) for p in result.series]
