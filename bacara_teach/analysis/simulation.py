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

Sessions plug in through :func:`simulate_runs`: give it a function that
plays one whole session from a seed and returns a number (a final balance, a
net win); it runs that function for seeds ``seed, seed + 1, ...``, reports
progress the same way and summarises the numbers with a confidence interval.

>>> summary = simulate_runs(lambda s: s % 3, runs=30, seed=0)
>>> summary.mean
Fraction(1, 1)

Three sessions come ready-made, each as a function that plays one seeded
session (and a hook for :func:`simulate_runs`) and a function that plays many
and summarises them:

* the home study session of predictions: :func:`home_session_player`;
* the online table with a betting plan, a plain callable that
  decides each coup's bet from what the player can see (:class:`PlanView`):
  :class:`FlatBet` and :class:`Martingale` are ready, and the table's own
  ledger refuses what a real table would (above the limit, above the
  balance).  :func:`play_online_table`, :func:`online_table_player` and
  :func:`simulate_online_table`, which reports the realised edge per unit
  staked with its interval next to the exact house edge;
* a Chemin de Fer home session with seeded automatic players and
  a coup policy per seat: :func:`play_chemin_de_fer`,
  :func:`chemin_de_fer_player` and :func:`simulate_chemin_de_fer`, which
  reports each seat's final chips and checks that no chip is made or lost.

>>> flat = simulate_online_table(FlatBet("banco", "5"), runs=20, coups=20, seed=1)
>>> flat.realised_edge.contains(flat.exact_edge), flat.exact_edge == edges_for_profile("online")["banco"].house_edge
(True, True)
>>> chemin = simulate_chemin_de_fer(["Ana", "Luis", "Eva"], runs=5, seed=3)
>>> chemin.conserved, sum(s.mean for s in chemin.final_chips.values())
(True, Fraction(300, 1))
"""

from __future__ import annotations

import math
import random as random_module
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from bacara_teach.analysis.composition import MIN_CARDS
from bacara_teach.analysis.edges import edges_for_profile
from bacara_teach.analysis.punto_banco import OUTCOMES, count_deals
from bacara_teach.chemin_de_fer import Policy, get_policy
from bacara_teach.chemin_de_fer_session import STARTING_CHIPS, AutoPlayer, CheminDeFerSession
from bacara_teach.errors import IllegalAction
from bacara_teach.home_session import HomeSession
from bacara_teach.money import Amount, add, format_amount
from bacara_teach.online_table import OnlineTable, TableCoup
from bacara_teach.progress import Progress
from bacara_teach.punto_banco import coup_outcome
from bacara_teach.settlement import Bet
from bacara_teach.shoe import DEFAULT_SHUFFLE, Reshuffle, Shoe
from bacara_teach.tables import TableProfile, get_profile
from bacara_teach.text import N_, Message, message

__all__ = [
    "ON_REFUSAL",
    "Z_95",
    "BettingPlan",
    "CheminDeFerRun",
    "CheminDeFerSummary",
    "ChipsNotConserved",
    "ConvergencePoint",
    "ConvergenceRow",
    "EdgeEstimate",
    "Estimate",
    "FlatBet",
    "Martingale",
    "OnlineTableRun",
    "OnlineTableSummary",
    "PlanView",
    "ProgressCallback",
    "RatioEstimate",
    "RunSummary",
    "SeatPolicies",
    "SimulationResult",
    "chemin_de_fer_player",
    "convergence_series",
    "convergence_table",
    "home_session_player",
    "online_table_player",
    "play_chemin_de_fer",
    "play_online_table",
    "run_seeded",
    "simulate_chemin_de_fer",
    "simulate_coups",
    "simulate_online_table",
    "simulate_runs",
]

Z_95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""

ProgressCallback = Progress
"""Called as ``progress(done, total)`` (:class:`bacara_teach.progress.Progress`); the engine
never prints.  :mod:`bacara_teach.progress` has renderers for a terminal and a notebook."""


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
    """A seeded run of Punto Banco coups (``shuffle_version``: how a shoe reshuffled every coup
    was shuffled, part of what the seed means)."""

    coups: int
    decks: int
    seed: int | str
    reshuffle: Reshuffle
    counts: dict[str, int]
    estimates: dict[str, Estimate]
    exact: dict[str, Fraction]
    series: tuple[ConvergencePoint, ...]
    shuffle_version: int = DEFAULT_SHUFFLE

    def agrees(self) -> dict[str, bool]:
        """For each outcome: does the 95% interval hold the exact probability?"""
        return {k: self.estimates[k].contains(p) for k, p in self.exact.items()}

    def to_dict(self) -> dict[str, Any]:
        return {
            "coups": self.coups,
            "decks": self.decks,
            "seed": self.seed,
            "reshuffle": self.reshuffle,
            "shuffle": self.shuffle_version,
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


_BAD_COUNT = {
    "coups": N_("invalid number of coups {value!r}: expected a whole number >= 1"),
    "runs": N_("invalid number of runs {value!r}: expected a whole number >= 1"),
}


def _check_count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise IllegalAction(Message(_BAD_COUNT[what], params={"value": value}))
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
    shuffle_version: int = DEFAULT_SHUFFLE,
) -> SimulationResult:
    """Deal ``coups`` Punto Banco coups from a seeded shoe and estimate each outcome's chance.

    ``reshuffle="every-coup"`` (as at the home study session: every coup from a full shoe) is the
    situation the exact counts describe; ``"never"`` deals the shoe through
    and shuffles it again when fewer than six cards are left.
    ``progress(done, total)`` is called every ``progress_every`` coups (default
    about a hundred times in all) and at the end.  ``series_points`` sets how
    many points the convergence series records.  ``shuffle_version`` is how a shoe
    reshuffled every coup is shuffled (:mod:`bacara_teach.shoe`).
    """
    _check_count(coups, "coups")
    shoe = Shoe.standard(decks, seed=seed, reshuffle=reshuffle, shuffle_version=shuffle_version)
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
        shuffle_version=shoe.shuffle_version,
    )


# -- whole sessions -----------------------------------------------------------------------------------
Number = int | Fraction | Decimal


def _around(centre: Fraction, std_error: float, z: float) -> tuple[float, float]:
    """The normal-approximation interval ``centre ± z * std_error``."""
    half = z * std_error
    return float(centre) - half, float(centre) + half


def _interval(mean: Fraction, variance: Fraction, n: int, z: float) -> tuple[float, float]:
    return _around(mean, math.sqrt(variance / n), z)


@dataclass(frozen=True, slots=True)
class RunSummary:
    """Many seeded runs of one session: their results, exact mean and a 95% interval.

    >>> s = RunSummary(values=(Fraction(1), Fraction(3)), seed=0)
    >>> s.mean, s.variance, [round(x, 4) for x in s.interval()]
    (Fraction(2, 1), Fraction(2, 1), [0.04, 3.96])
    """

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

    @property
    def std_error(self) -> float:
        """The standard error of the mean (a square root: a float)."""
        return math.sqrt(self.variance / len(self.values))

    def interval(self, z: float = Z_95) -> tuple[float, float]:
        """Normal-approximation confidence interval of the mean (95% by default)."""
        return _interval(self.mean, self.variance, len(self.values), z)

    def contains(self, value: Fraction | float, z: float = Z_95) -> bool:
        low, high = self.interval(z)
        return low <= float(value) <= high

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval()
        return {"runs": self.runs, "mean": float(self.mean), "std_error": self.std_error,
                "ci95": [low, high]}


@dataclass(frozen=True, slots=True)
class EdgeEstimate:
    """A measured share (say, what the house kept per unit staked), exact, and its standard error.

    >>> e = EdgeEstimate(value=Fraction(1, 100), std_error=0.005)
    >>> [round(x, 4) for x in e.interval()], e.contains(Fraction(1, 50)), e.contains(0.03)
    ([0.0002, 0.0198], False, False)
    """

    value: Fraction
    std_error: float

    def interval(self, z: float = Z_95) -> tuple[float, float]:
        """Normal-approximation confidence interval (95% by default)."""
        return _around(self.value, self.std_error, z)

    def contains(self, value: Fraction | float, z: float = Z_95) -> bool:
        low, high = self.interval(z)
        return low <= float(value) <= high

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval()
        return {"estimate": float(self.value), "std_error": self.std_error, "ci95": [low, high]}


@dataclass(frozen=True, slots=True)
class RatioEstimate:
    """``sum(numerators) / sum(denominators)`` over independent runs, with a 95% interval.

    The runs are the independent units (a betting plan's stakes depend on
    the coups before, so coups are not independent draws); the interval is
    the usual delta-method one of a ratio estimator:
    ``se = sqrt(sum((y - R x)^2) / (n (n - 1))) / mean(x)``.

    >>> r = RatioEstimate(numerators=(Fraction(1), Fraction(-1), Fraction(2)),
    ...                   denominators=(Fraction(10), Fraction(10), Fraction(20)))
    >>> r.value
    Fraction(1, 20)
    >>> r.contains(0), r.contains(1)
    (True, False)
    """

    numerators: tuple[Fraction, ...]
    denominators: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        if len(self.numerators) != len(self.denominators) or not self.numerators:
            raise IllegalAction(message(
                "a ratio estimate needs as many numerators as denominators, at least one"))
        if sum(self.denominators, Fraction(0)) <= 0:
            raise IllegalAction(message(
                "a ratio estimate needs a positive total denominator (nothing was staked)"))

    @property
    def runs(self) -> int:
        return len(self.numerators)

    @property
    def value(self) -> Fraction:
        """The estimate, exactly."""
        return sum(self.numerators, Fraction(0)) / sum(self.denominators, Fraction(0))

    @property
    def std_error(self) -> float:
        n = len(self.numerators)
        if n < 2:
            return 0.0
        r = self.value
        mean_x = sum(self.denominators, Fraction(0)) / n
        spread = sum(((y - r * x) ** 2 for y, x in zip(self.numerators, self.denominators, strict=True)),
                     Fraction(0)) / (n - 1)
        return math.sqrt(spread / n) / float(mean_x)

    def interval(self, z: float = Z_95) -> tuple[float, float]:
        return _around(self.value, self.std_error, z)

    def contains(self, value: Fraction | float, z: float = Z_95) -> bool:
        low, high = self.interval(z)
        return low <= float(value) <= high

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval()
        return {"runs": self.runs, "estimate": float(self.value), "std_error": self.std_error,
                "ci95": [low, high]}


def run_seeded(
    play: Callable[[int], Any],
    *,
    runs: int,
    seed: int = 0,
    progress: ProgressCallback | None = None,
) -> tuple[Any, ...]:
    """Play ``runs`` seeded sessions, ``play(seed + k)`` for k = 0 .. runs - 1, and keep every result.

    ``progress(done, runs)`` is called after each run.

    >>> run_seeded(lambda s: s * s, runs=3, seed=2)
    (4, 9, 16)
    """
    _check_count(runs, "runs")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalAction(message(
            "invalid seed {seed!r}: the runs are seeded seed, seed + 1, ...; expected a whole number",
            seed=seed))
    out: list[Any] = []
    for k in range(runs):
        out.append(play(seed + k))
        if progress is not None:
            progress(k + 1, runs)
    return tuple(out)


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

    def number(k: int) -> Fraction:
        result = play(k)
        if isinstance(result, bool) or not isinstance(result, int | Fraction | Decimal):
            raise IllegalAction(message(
                "a session returned {result!r}: expected a number (int, Fraction or Decimal)",
                result=repr(result)))
        return Fraction(result)

    return RunSummary(values=run_seeded(number, runs=runs, seed=seed, progress=progress), seed=seed)


def home_session_player(predictions: Mapping[str, str], *, player: str) -> Callable[[int], Decimal]:
    """A ready hook for :func:`simulate_runs`: one whole home study session (
    :class:`bacara_teach.home_session.HomeSession`) in which every participant
    predicts the same position each coup; returns ``player``'s final total.

    Its exact expectation is ``coups * stake * expectation`` of the bet
    (:mod:`bacara_teach.analysis.edges`), which a seeded run can be checked against.
    """
    if player not in predictions:
        raise IllegalAction(message("unknown player {player!r}: expected one of {names}",
                                    player=player, names=", ".join(predictions)))

    def play(seed: int) -> Decimal:
        session = HomeSession(players=list(predictions), seed=seed)
        while not session.finished:
            for name, on in predictions.items():
                session.predict(name, on)
            session.deal()
        return session.totals[player]

    return play


# -- the online table with a betting plan -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlanView:
    """What a betting plan may see before a coup: the ledger, never the shoe.

    ``coup`` is the number of the coup about to be dealt (from 1);
    ``balance`` the account's balance and ``available`` what may still be
    staked; ``history`` every coup dealt so far (bets, results, balances);
    ``random`` a generator seeded from the run's seed, for plans that choose
    at random and must still replay.
    """

    coup: int
    balance: Decimal
    available: Decimal
    history: tuple[TableCoup, ...]
    profile: TableProfile
    random: random_module.Random

    @property
    def last(self) -> TableCoup | None:
        """The coup just played, if any."""
        return self.history[-1] if self.history else None

    @property
    def last_stake(self) -> Decimal | None:
        """What was staked on the coup just played (None before the first)."""
        last = self.last
        return None if last is None else add(0, *(paid.bet.stake for paid in last.settlement.bets))


BettingPlan = Callable[[PlanView], Bet | None]
"""A betting plan: given a :class:`PlanView`, the bet for the next coup, or None to leave the table.

It should decide from the view alone (no state of its own kept between calls),
so that one plan object serves every seeded run.
"""


@dataclass(frozen=True, slots=True)
class FlatBet:
    """The same stake on the same position every coup.

    >>> FlatBet("banco", "5")
    FlatBet(on='banco', stake='5')
    """

    on: str
    stake: str

    def __post_init__(self) -> None:
        Bet.of(self.on, self.stake)  # refuse an unreadable position or stake at once

    def __call__(self, view: PlanView) -> Bet:  # noqa: ARG002 - a plan's signature
        return Bet.of(self.on, self.stake)


@dataclass(frozen=True, slots=True)
class Martingale:
    """The classic progression: double the stake after a loss, back to ``base`` after a win.

    After a push (a tie returns the bet) the stake stays as it was.  The plan
    itself knows no limit: it asks for whatever the progression says, and the
    table refuses a bet above its maximum or above the balance, as a real
    table would (see ``on_refusal`` in :func:`play_online_table`).

    >>> from types import SimpleNamespace
    >>> plan = Martingale("banco", "1")
    >>> plan(SimpleNamespace(last=None, last_stake=None))
    Bet.parse('banco=1')
    """

    on: str
    base: str

    def __post_init__(self) -> None:
        Bet.of(self.on, self.base)

    def __call__(self, view: PlanView) -> Bet:
        last, stake = view.last, view.last_stake
        if last is None or stake is None:
            return Bet.of(self.on, self.base)
        if last.net < 0:
            return Bet.of(self.on, add(stake, stake))
        if last.net == 0:
            return Bet.of(self.on, stake)
        return Bet.of(self.on, self.base)


OnRefusal = Literal["stop", "cap"]
ON_REFUSAL: tuple[str, ...] = ("stop", "cap")
"""What a refused bet does: ``stop`` (the player leaves) or ``cap`` (the largest stake the table
accepts is placed instead; the player leaves only when even that is refused)."""


@dataclass(frozen=True, kw_only=True)
class OnlineTableRun:
    """One seeded session at the online table with a betting plan.

    ``staked`` adds every coup's stakes (a bet kept on the table after a tie
    counts again: it is at risk again) and ``stakes`` keeps them coup by coup;
    ``stopped`` says why the session ended before ``coups_asked`` coups (the
    table's refusal, quoted, or the plan leaving), None if it played them all;
    ``capped`` counts bets cut down to what the table accepted.
    """

    seed: int | str
    plan: str
    profile: str
    coups_asked: int
    coups: int
    initial_balance: Decimal
    final_balance: Decimal
    staked: Decimal
    staked_on: dict[str, Decimal]
    stakes: tuple[tuple[tuple[str, Decimal], ...], ...]
    capped: int
    stopped: str | None

    @property
    def net(self) -> Decimal:
        """The final balance less the initial one (commission collected included)."""
        return add(self.final_balance, -self.initial_balance)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed, "plan": self.plan, "profile": self.profile,
            "coups_asked": self.coups_asked, "coups": self.coups,
            "initial_balance": format_amount(self.initial_balance),
            "final_balance": format_amount(self.final_balance),
            "net": format_amount(self.net), "staked": format_amount(self.staked),
            "staked_on": {k: format_amount(v) for k, v in self.staked_on.items()},
            "capped": self.capped, "stopped": self.stopped,
        }


def _check_on_refusal(on_refusal: str) -> None:
    if on_refusal not in ON_REFUSAL:
        raise IllegalAction(message("invalid on_refusal {on_refusal!r}: expected one of {names}",
                                    on_refusal=on_refusal, names=", ".join(ON_REFUSAL)))


def _capped(table: OnlineTable, bet: Bet) -> Bet | None:
    """The largest part of ``bet`` the table accepts now, or None."""
    cap = min(bet.stake, table.available)
    if table.profile.max_bet is not None:
        cap = min(cap, table.profile.max_bet)
    if cap <= 0:
        return None
    smaller = Bet(bet.on, cap)
    return smaller if table.can_place(smaller.on, smaller.stake) else None


def play_online_table(
    plan: BettingPlan,
    *,
    seed: int | str,
    coups: int = 100,
    balance: Amount = "100",
    profile: TableProfile | str = "online",
    on_refusal: OnRefusal = "stop",
    shuffle_version: int = DEFAULT_SHUFFLE,
) -> OnlineTableRun:
    """Play up to ``coups`` coups at an online table (:class:`~bacara_teach.online_table.OnlineTable`,
    the online table by default) from ``seed``, betting as ``plan`` says, then leave.

    Every bet goes through the table's ledger.  When it refuses one (above the
    maximum, above the balance), ``on_refusal="stop"`` ends the session there,
    and ``"cap"`` places the largest stake the table accepts instead (ending
    only when even that is refused, e.g. a balance below the minimum).  Bets
    that stay on the table after a tie (profiles that keep them) are dealt
    again as they are.  ``shuffle_version`` is the table's shuffle
    (:mod:`bacara_teach.shoe`).

    A Martingale from 10 with 1,000 in the account meets the table's maximum:

    >>> run = play_online_table(Martingale("banco", "10"), seed=0, coups=50, balance="1000")
    >>> run.stopped
    "coup 32: bet banco=320 refused: the online table's maximum bet is 250"
    >>> run.coups, format_amount(run.final_balance), format_amount(run.staked)
    (31, '766', '1510')
    >>> capped = play_online_table(Martingale("banco", "10"), seed=0, coups=50, balance="1000",
    ...                            on_refusal="cap")
    >>> capped.stopped, capped.capped, format_amount(capped.final_balance)
    (None, 1, '1089.5')
    """
    _check_count(coups, "coups")
    _check_on_refusal(on_refusal)
    table = OnlineTable(balance=balance, profile=profile, seed=seed,
                        shuffle_version=shuffle_version)
    rng = random_module.Random(f"online plan {seed}")
    staked_on: dict[str, Decimal] = {}
    stakes: list[tuple[tuple[str, Decimal], ...]] = []
    capped = 0
    stopped: str | None = None
    for number in range(1, coups + 1):
        if not table.bets:
            view = PlanView(coup=number, balance=table.balance, available=table.available,
                            history=table.history, profile=table.profile, random=rng)
            bet = plan(view)
            if bet is None:
                stopped = f"coup {number}: the plan left the table"
                break
            if not isinstance(bet, Bet):
                raise IllegalAction(message(
                    "a betting plan returned {bet}: expected a Bet (e.g. Bet.of('banco', '5')) or "
                    "None", bet=repr(bet)))
            try:
                table.place(bet.on, bet.stake)  # refused: the table is left as it was
            except IllegalAction as refusal:
                smaller = _capped(table, bet) if on_refusal == "cap" else None
                if smaller is None:
                    stopped = f"coup {number}: {refusal}"
                    break
                table.place(smaller.on, smaller.stake)
                capped += 1
        on_table = table.bets
        for kept in on_table:
            staked_on[kept.on.value] = add(staked_on.get(kept.on.value, 0), kept.stake)
        stakes.append(tuple((kept.on.value, kept.stake) for kept in on_table))
        table.deal()
        table.next_coup()
    table.leave()
    return OnlineTableRun(
        seed=seed, plan=repr(plan), profile=table.profile.name, coups_asked=coups,
        coups=len(table.history), initial_balance=table.initial_balance,
        final_balance=table.balance, staked=add(0, *staked_on.values()), staked_on=staked_on,
        stakes=tuple(stakes), capped=capped, stopped=stopped,
    )


def online_table_player(
    plan: BettingPlan,
    *,
    coups: int = 100,
    balance: Amount = "100",
    profile: TableProfile | str = "online",
    on_refusal: OnRefusal = "stop",
    measure: Literal["net", "final_balance", "staked"] = "net",
) -> Callable[[int], Decimal]:
    """A hook for :func:`simulate_runs`: one seeded :func:`play_online_table` session,
    returning its ``measure`` (the net result by default).

    >>> summary = simulate_runs(online_table_player(FlatBet("punto", "2"), coups=10), runs=3)
    >>> summary.runs
    3
    """
    if measure not in ("net", "final_balance", "staked"):
        raise IllegalAction(message(
            "invalid measure {measure!r}: expected net, final_balance or staked", measure=measure))

    def play(seed: int) -> Decimal:
        run = play_online_table(plan, seed=seed, coups=coups, balance=balance, profile=profile,
                                on_refusal=on_refusal)
        value: Decimal = getattr(run, measure)
        return value

    return play


@dataclass(frozen=True, kw_only=True)
class OnlineTableSummary:
    """Many seeded sessions of one betting plan, against the exact house edge.

    ``exact_edges`` and ``exact_variances`` are the house edge and the
    variance per unit staked (ties included) of the profile's bets, from
    :func:`~bacara_teach.analysis.edges.edges_for_profile`.
    """

    sessions: tuple[OnlineTableRun, ...]
    seed: int
    exact_edges: dict[str, Fraction]
    exact_variances: dict[str, Fraction]
    reshuffled_every_coup: bool

    def _summary(self, values: Sequence[Decimal]) -> RunSummary:
        return RunSummary(values=tuple(Fraction(v) for v in values), seed=self.seed)

    @property
    def runs(self) -> int:
        return len(self.sessions)

    @property
    def final_balance(self) -> RunSummary:
        return self._summary([r.final_balance for r in self.sessions])

    @property
    def net(self) -> RunSummary:
        return self._summary([r.net for r in self.sessions])

    @property
    def staked(self) -> RunSummary:
        return self._summary([r.staked for r in self.sessions])

    @property
    def stopped_early(self) -> int:
        """How many sessions ended before their last coup (refused, or the plan left)."""
        return sum(1 for r in self.sessions if r.stopped is not None)

    @property
    def realised_edge(self) -> EdgeEstimate:
        """What the house kept per unit staked over all the sessions, with its interval.

        Its standard error comes from the exact spread of the bets: given what
        was staked, a coup's result has the exact variance of its bet
        (:attr:`~bacara_teach.analysis.edges.BetAnalysis.variance`) times the
        stake squared, whatever the plan did before, so a progression's large
        stakes widen the interval as much as they should.  (A coup with
        several bets counts the sum of their spreads, an upper bound.)
        """
        lost = -sum((Fraction(r.net) for r in self.sessions), Fraction(0))
        staked = sum((Fraction(r.staked) for r in self.sessions), Fraction(0))
        if staked == 0:
            raise IllegalAction(message(
                "nothing was staked in these sessions: there is no edge to measure"))
        sd = {on: math.sqrt(v) for on, v in self.exact_variances.items()}
        spread = 0.0
        for r in self.sessions:
            for coup in r.stakes:
                if len(coup) == 1:
                    on, stake = coup[0]
                    spread += float(self.exact_variances[on] * Fraction(stake) ** 2)
                else:
                    spread += sum(sd[on] * float(stake) for on, stake in coup) ** 2
        return EdgeEstimate(value=lost / staked, std_error=math.sqrt(spread) / float(staked))

    @property
    def realised_edge_by_runs(self) -> RatioEstimate:
        """The same realised edge with a model-free interval: the sessions as independent
        units, the delta-method interval of a ratio (wide and rough when a few sessions
        lose a lot, as a progression's do)."""
        return RatioEstimate(numerators=tuple(-Fraction(r.net) for r in self.sessions),
                             denominators=tuple(Fraction(r.staked) for r in self.sessions))

    @property
    def exact_edge(self) -> Fraction:
        """The exact house edge of the stakes actually placed: each position's edge
        weighted by what was staked on it (just that bet's edge for a one-position plan).

        When every coup is dealt from a full shoe (as at the online table) no plan can change
        it: the expected loss of a stake is the edge times the stake, whatever
        came before.
        """
        staked: dict[str, Fraction] = {}
        for r in self.sessions:
            for on, amount in r.staked_on.items():
                staked[on] = staked.get(on, Fraction(0)) + Fraction(amount)
        total = sum(staked.values(), Fraction(0))
        if total == 0:
            raise IllegalAction(message(
                "nothing was staked in these sessions: there is no edge to compare"))
        return sum((self.exact_edges[on] * amount for on, amount in staked.items()), Fraction(0)) / total

    def agrees(self) -> bool:
        """Does the realised edge's 95% interval hold the exact edge?"""
        return self.realised_edge.contains(self.exact_edge)

    def to_dict(self) -> dict[str, Any]:
        return {
            "runs": self.runs, "seed": self.seed,
            "final_balance": self.final_balance.to_dict(), "net": self.net.to_dict(),
            "staked": self.staked.to_dict(), "stopped_early": self.stopped_early,
            "realised_edge": self.realised_edge.to_dict(),
            "realised_edge_by_runs": self.realised_edge_by_runs.to_dict(),
            "exact_edge": float(self.exact_edge),
            "agrees": self.agrees(),
        }


def simulate_online_table(
    plan: BettingPlan,
    *,
    runs: int,
    coups: int = 100,
    balance: Amount = "100",
    profile: TableProfile | str = "online",
    seed: int = 0,
    on_refusal: OnRefusal = "stop",
    progress: ProgressCallback | None = None,
    shuffle_version: int = DEFAULT_SHUFFLE,
) -> OnlineTableSummary:
    """Play ``runs`` seeded sessions of :func:`play_online_table` (seeds ``seed``, ``seed + 1``, ...)
    and compare the realised edge per unit staked with the exact house edge.

    >>> flat = simulate_online_table(FlatBet("banco", "5"), runs=10, coups=10, seed=2)
    >>> flat.runs, flat.stopped_early, f"{float(flat.exact_edge):.4%}"
    (10, 0, '1.0558%')
    """
    _check_on_refusal(on_refusal)
    table = get_profile(profile)
    sessions = run_seeded(
        lambda s: play_online_table(plan, seed=s, coups=coups, balance=balance, profile=table,
                                    on_refusal=on_refusal, shuffle_version=shuffle_version),
        runs=runs, seed=seed, progress=progress,
    )
    analyses = edges_for_profile(table)
    return OnlineTableSummary(
        sessions=sessions, seed=seed,
        exact_edges={on: a.house_edge for on, a in analyses.items()},
        exact_variances={on: a.variance for on, a in analyses.items()},
        reshuffled_every_coup=table.reshuffle == "every-coup",
    )


# -- Chemin de Fer home sessions with policies ----------------------------------------------------------

SeatPolicies = Mapping[int | str, Policy | str]
"""Coup policies by seat number or player name: a policy, or a ready-made one's name
(``punto-banco``, ``draw``, ``stand``, ``random``); seats left out play ``punto-banco``."""


class ChipsNotConserved(AssertionError):
    """The chips of a Chemin de Fer session did not add up after a move (an engine fault)."""


@dataclass(frozen=True, kw_only=True)
class CheminDeFerRun:
    """One seeded Chemin de Fer home session played by automatic players.

    ``final`` is each seat's chips at the end (banks and reserves returned);
    ``checks`` how many times the chips were counted (after every move), all
    of them equal to ``100 * players``.
    """

    seed: int | str
    players: tuple[str, ...]
    policies: tuple[str, ...]
    final: tuple[int, ...]
    coups: int
    end_reason: str
    winners: tuple[str, ...]
    checks: int

    @property
    def net(self) -> tuple[int, ...]:
        """Each seat's final chips less the 100 it started with."""
        return tuple(chips - STARTING_CHIPS for chips in self.final)

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "players": list(self.players), "policies": list(self.policies),
                "final": dict(zip(self.players, self.final, strict=True)), "coups": self.coups,
                "end_reason": self.end_reason, "winners": list(self.winners), "checks": self.checks}


def _seat_policies(players: Sequence[str], policies: SeatPolicies | None,
                   seed: int | str) -> tuple[list[Policy], list[str]]:
    chosen: dict[int, Policy | str] = {}
    for key, policy in (policies or {}).items():
        if isinstance(key, str):
            if key not in players:
                raise IllegalAction(message("unknown player {player!r}: expected one of {names}",
                                            player=key, names=", ".join(players)))
            seat = list(players).index(key)
        elif isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < len(players):
            raise IllegalAction(message(
                "invalid seat {seat!r}: expected a seat from 0 to {last} or a name", seat=key,
                last=len(players) - 1))
        else:
            seat = key
        chosen[seat] = policy
    made: list[Policy] = []
    names: list[str] = []
    for seat in range(len(players)):
        policy = chosen.get(seat, "punto-banco")
        if isinstance(policy, str):
            names.append(policy)
            made.append(get_policy(policy, seed=f"{seed}/{seat}/coup"))
        else:
            names.append(getattr(policy, "__name__", None) or repr(policy))
            made.append(policy)
    return made, names


def play_chemin_de_fer(
    players: Sequence[str],
    *,
    seed: int | str,
    policies: SeatPolicies | None = None,
) -> CheminDeFerRun:
    """One whole home session (:class:`~bacara_teach.chemin_de_fer_session.CheminDeFerSession`)
    from ``seed``, every seat a seeded :class:`~bacara_teach.chemin_de_fer_session.AutoPlayer`
    deciding its free cells with its policy; the chips are counted after every move.

    The seeds are those the ``chemin-de-fer session`` command uses, so a run
    replays the command's automatic session.

    >>> run = play_chemin_de_fer(["Ana", "Luis", "Eva"], seed=5, policies={"Eva": "stand"})
    >>> run.policies, sum(run.final), run.coups
    (('punto-banco', 'punto-banco', 'stand'), 300, 12)
    """
    session = CheminDeFerSession(players, seed=seed)
    coup_policies, names = _seat_policies(session.players, policies, seed)
    robots = [AutoPlayer(seed=f"{seed}/{seat}", coup_policy=coup_policies[seat])
              for seat in range(session.size)]
    expected = STARTING_CHIPS * session.size
    checks = 0
    while (pending := session.pending) is not None:
        move = robots[pending.seat].act(session)
        checks += 1
        if session.total_chips() != expected or min(session.balances) < 0:
            raise ChipsNotConserved(
                f"after {move} the chips add up to {session.total_chips()} (expected {expected}), "
                f"balances {session.balances}"
            )
    final = tuple(session.holdings())
    if sum(final) != expected:
        raise ChipsNotConserved(f"the final chips add up to {sum(final)}, expected {expected}")
    return CheminDeFerRun(seed=seed, players=session.players, policies=tuple(names), final=final,
                          coups=session.coups_played, end_reason=session.end_reason or "",
                          winners=session.winners, checks=checks)


def chemin_de_fer_player(
    players: Sequence[str],
    *,
    player: str,
    policies: SeatPolicies | None = None,
) -> Callable[[int], int]:
    """A hook for :func:`simulate_runs`: one seeded :func:`play_chemin_de_fer` session,
    returning ``player``'s final chips.

    >>> simulate_runs(chemin_de_fer_player(["Ana", "Luis", "Eva"], player="Ana"), runs=2).runs
    2
    """
    names = list(players)
    if player not in names:
        raise IllegalAction(message("unknown player {player!r}: expected one of {names}",
                                    player=player, names=", ".join(names)))
    seat = names.index(player)

    def play(seed: int) -> int:
        return play_chemin_de_fer(names, seed=seed, policies=policies).final[seat]

    return play


@dataclass(frozen=True, kw_only=True)
class CheminDeFerSummary:
    """Many seeded Chemin de Fer sessions: each seat's final chips, and the chips counted."""

    sessions: tuple[CheminDeFerRun, ...]
    seed: int

    @property
    def players(self) -> tuple[str, ...]:
        return self.sessions[0].players

    @property
    def policies(self) -> tuple[str, ...]:
        return self.sessions[0].policies

    @property
    def runs(self) -> int:
        return len(self.sessions)

    def seat(self, seat: int | str) -> RunSummary:
        """One seat's final chips over the runs (by seat number or player name)."""
        index = self.players.index(seat) if isinstance(seat, str) else seat
        return RunSummary(values=tuple(Fraction(r.final[index]) for r in self.sessions), seed=self.seed)

    @property
    def final_chips(self) -> dict[str, RunSummary]:
        """Each player's final chips, mean and interval."""
        return {name: self.seat(i) for i, name in enumerate(self.players)}

    @property
    def wins(self) -> dict[str, Fraction]:
        """The share of sessions each player won (a shared win counts a share)."""
        out = dict.fromkeys(self.players, Fraction(0))
        for r in self.sessions:
            for name in r.winners:
                out[name] += Fraction(1, len(r.winners) * len(self.sessions))
        return out

    @property
    def checks(self) -> int:
        """How many times the chips were counted, over all the sessions."""
        return sum(r.checks for r in self.sessions)

    @property
    def conserved(self) -> bool:
        """Every session ended with exactly the chips it started with (and every count on the way
        agreed: a session that did not stops the run with :class:`ChipsNotConserved`)."""
        return all(sum(r.final) == STARTING_CHIPS * len(r.players) for r in self.sessions)

    def to_dict(self) -> dict[str, Any]:
        return {"runs": self.runs, "seed": self.seed, "players": list(self.players),
                "policies": list(self.policies),
                "final_chips": {k: v.to_dict() for k, v in self.final_chips.items()},
                "wins": {k: float(v) for k, v in self.wins.items()},
                "checks": self.checks, "conserved": self.conserved}


def simulate_chemin_de_fer(
    players: Sequence[str],
    *,
    runs: int,
    seed: int = 0,
    policies: SeatPolicies | None = None,
    progress: ProgressCallback | None = None,
) -> CheminDeFerSummary:
    """Play ``runs`` seeded :func:`play_chemin_de_fer` sessions (seeds ``seed``, ``seed + 1``, ...).

    >>> s = simulate_chemin_de_fer(["Ana", "Luis", "Eva"], runs=4, seed=1, policies={0: "draw"})
    >>> s.policies, s.conserved, sum(s.seat(i).mean for i in range(3))
    (('draw', 'punto-banco', 'punto-banco'), True, Fraction(300, 1))
    """
    names = list(players)
    sessions = run_seeded(lambda s: play_chemin_de_fer(names, seed=s, policies=policies),
                          runs=runs, seed=seed, progress=progress)
    return CheminDeFerSummary(sessions=sessions, seed=seed)


# -- convergence ---------------------------------------------------------------------------------------


class ConvergenceRow(NamedTuple):
    """One point of a convergence chart: the running estimate, its 95% band and the exact value."""

    coups: int
    estimate: float
    low: float
    high: float
    exact: float


def convergence_series(result: SimulationResult, outcome: str = "banco") -> tuple[ConvergenceRow, ...]:
    """The running estimate of ``outcome`` with its 95% band (clipped to [0, 1]) and the exact
    probability, one row per point of ``result.series``: the data of a convergence chart.

    >>> rows = convergence_series(simulate_coups(1_000, seed=4, series_points=5), "punto")
    >>> [row.coups for row in rows]
    [10, 32, 100, 316, 1000]
    >>> last = rows[-1]
    >>> last.low <= last.estimate <= last.high, round(last.exact, 6)
    (True, 0.446247)
    """
    if outcome not in result.exact:
        raise IllegalAction(message("unknown outcome {outcome!r}: expected one of {names}",
                                    outcome=outcome, names=", ".join(result.exact)))
    exact = float(result.exact[outcome])
    return tuple(
        ConvergenceRow(
            coups=p.coups,
            estimate=p.estimates[outcome],
            low=max(0.0, p.estimates[outcome] - p.half_widths[outcome]),
            high=min(1.0, p.estimates[outcome] + p.half_widths[outcome]),
            exact=exact,
        )
        for p in result.series
    )


def convergence_table(result: SimulationResult, outcome: str = "banco") -> Sequence[tuple[int, float, float]]:
    """``(coups, estimate, exact)`` rows of one outcome, ready to plot (see also
    :func:`convergence_series`, which adds the 95% band).

    >>> coups, estimate, exact = convergence_table(simulate_coups(100, seed=3, series_points=2), "empate")[-1]
    >>> coups, estimate, round(exact, 6)
    (100, 0.09, 0.095156)
    """
    return [(row.coups, row.estimate, row.exact) for row in convergence_series(result, outcome)]
