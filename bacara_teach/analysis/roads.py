"""What the roads predict: the next coup's exact odds, streaks, and what counting can do.

The roads (:mod:`bacara_teach.roads`) are drawn from the results of the coups
dealt so far, and those results are decided by the cards dealt.  Once the
cards dealt are known, the next coup is a deal from the cards left, every
order of them equally likely: its exact odds are :func:`count_deals` of the
cards left, whatever the roads look like.  Knowing only the roads (not the
cards) the next coup's odds are the average of those exact odds over every set
of cards that could have drawn those roads.  Two functions compute that
conditional chance by two independent routes, and they agree exactly:

* :func:`pattern_odds_by_dealing` deals coup after coup from the shoe, card
  by card, with the engine's rule function, and counts how often the next coup
  goes each way after the given results;
* :func:`pattern_odds_by_removal` lists the ways the given results can be
  dealt and averages the exact odds of the cards each way leaves.

>>> tiny = Composition.from_points([4, 2, 2, 1, 1, 1, 1, 0, 0, 0])
>>> by_dealing = pattern_odds_by_dealing(tiny, "B")
>>> by_dealing == pattern_odds_by_removal(tiny, "B")
True

The rest measures the size of the card-removal effect on real shoes:

* :func:`deal_shoe` deals a seeded eight-deck shoe to its cut card and keeps
  what was left before every coup;
* :func:`removal_path` prices every bet on the cards left before each coup
  (how far the next coup's odds move over one shoe);
* :func:`streak_study` is the gambler's fallacy, simulated: after a run of
  ``k`` Banco (or Punto) wins on the big road, how often the next coup goes each way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from bacara_teach.analysis.composition import Composition, ShoeSpec, as_composition
from bacara_teach.analysis.edges import CASINO_BETS, BetAnalysis, BetTerms, analyse_bets
from bacara_teach.analysis.punto_banco import OUTCOMES, count_deals
from bacara_teach.analysis.simulation import Estimate
from bacara_teach.errors import IllegalAction
from bacara_teach.punto_banco import Coup, Outcome, outcome_from_points, play_coup
from bacara_teach.roads import RoadCoup, parse_results
from bacara_teach.shoe import Shoe
from bacara_teach.text import message

__all__ = [
    "CUT_CARD",
    "RemovalStep",
    "ShoeRun",
    "StreakRow",
    "deal_shoe",
    "pattern_odds_by_dealing",
    "pattern_odds_by_removal",
    "removal_path",
    "streak_study",
]

CUT_CARD = 14
"""Cards left behind the cut card: the shoe stops once fewer remain (a common casino placement)."""

Counts = tuple[int, ...]


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _coup_branches(counts: Counts) -> list[tuple[Outcome, Counts, int, int]]:
    """Every way the next coup can be dealt from ``counts`` (cards per point value), as
    ``(outcome, counts left, ordered ways, cards used)``, card by card with the engine's rules."""
    out: list[tuple[Outcome, Counts, int, int]] = []
    c = list(counts)

    def deal(prefix: list[int], ways: int) -> None:
        if len(prefix) >= 4:
            outcome, used = outcome_from_points([*prefix, 0, 0])
            if used <= len(prefix):
                out.append((outcome, tuple(c), ways, len(prefix)))
                return
        for v in range(10):
            if c[v]:
                k = c[v]
                c[v] -= 1
                deal([*prefix, v], ways * k)
                c[v] += 1

    deal([], 1)
    return out


@cache
def _next_by_dealing(counts: Counts) -> dict[str, Fraction]:
    n = sum(counts)
    totals = dict.fromkeys(OUTCOMES, Fraction(0))
    for outcome, _, ways, used in _coup_branches(counts):
        totals[outcome.value] += Fraction(ways, _falling(n, used))
    return totals


def _pattern(results: str | Sequence[RoadCoup | Outcome | str]) -> tuple[Outcome, ...]:
    return tuple(c.winner for c in parse_results(results))


def _histories(composition: Composition, pattern: tuple[Outcome, ...]) -> dict[Counts, Fraction]:
    """Probability of dealing ``pattern`` and ending with each set of cards left."""
    states: dict[Counts, Fraction] = {composition.points: Fraction(1)}
    for wanted in pattern:
        following: dict[Counts, Fraction] = {}
        for counts, chance in states.items():
            if sum(counts) < 6:
                raise IllegalAction(message(
                    "the shoe runs out: {count} cards are left after part of the pattern, and a "
                    "coup may need 6 (use a bigger shoe or a shorter pattern)", count=sum(counts)))
            n = sum(counts)
            for outcome, left, ways, used in _coup_branches(counts):
                if outcome is wanted:
                    following[left] = following.get(left, Fraction(0)) + chance * Fraction(ways, _falling(n, used))
        states = following
    for counts in states:
        if sum(counts) < 6:
            raise IllegalAction(message(
                "the shoe runs out: {count} cards can be left after the pattern, and the next "
                "coup may need 6 (use a bigger shoe or a shorter pattern)", count=sum(counts)))
    return states


def pattern_odds_by_dealing(shoe: ShoeSpec, results: str | Sequence[RoadCoup | Outcome | str]
                            ) -> dict[str, Fraction]:
    """The next coup's exact odds, knowing only that the shoe's first coups went ``results``
    (letters as in :func:`bacara_teach.roads.parse_results`; pairs are not looked at), found by
    dealing every coup card by card.  Slow: for small shoes (about 20 cards or fewer).

    >>> tiny = Composition.from_points([4, 2, 2, 1, 1, 1, 1, 0, 0, 0])
    >>> sum(pattern_odds_by_dealing(tiny, "").values())
    Fraction(1, 1)
    """
    states = _histories(as_composition(shoe), _pattern(results))
    seen = sum(states.values(), Fraction(0))
    if not seen:
        raise IllegalAction(message("the results {results!r} cannot be dealt from this shoe",
                                    results=results))
    out = dict.fromkeys(OUTCOMES, Fraction(0))
    for counts, chance in states.items():
        for key, p in _next_by_dealing(counts).items():
            out[key] += chance * p
    return {key: value / seen for key, value in out.items()}


def pattern_odds_by_removal(shoe: ShoeSpec, results: str | Sequence[RoadCoup | Outcome | str]
                            ) -> dict[str, Fraction]:
    """The same conditional odds as the average, over every way ``results`` can be dealt, of
    the exact odds (:func:`count_deals`) of the cards that way leaves: card removal, nothing else.
    """
    states = _histories(as_composition(shoe), _pattern(results))
    seen = sum(states.values(), Fraction(0))
    if not seen:
        raise IllegalAction(message("the results {results!r} cannot be dealt from this shoe",
                                    results=results))
    out = dict.fromkeys(OUTCOMES, Fraction(0))
    for counts, chance in states.items():
        for key, p in count_deals(Composition.from_points(counts)).probabilities().items():
            out[key] += chance * p
    return {key: value / seen for key, value in out.items()}


@dataclass(frozen=True, slots=True)
class ShoeRun:
    """One shoe dealt to its cut card: the ``coups`` and, before each of them, the cards left
    (``before[i]`` precedes ``coups[i]``; one more entry for what is left at the end)."""

    decks: int
    seed: int | str
    cut_card: int
    coups: tuple[Coup, ...]
    before: tuple[Composition, ...]

    def results(self) -> tuple[RoadCoup, ...]:
        """What the roads keep of each coup."""
        return tuple(RoadCoup.of(c) for c in self.coups)


def deal_shoe(decks: int = 8, *, seed: int | str = 1, cut_card: int = CUT_CARD) -> ShoeRun:
    """Deal a seeded shoe coup after coup until fewer than ``cut_card`` cards are left.

    >>> run = deal_shoe(8, seed=5)
    >>> len(run.coups), run.before[0].total, run.before[-1].total < CUT_CARD
    (85, 416, True)
    """
    if isinstance(cut_card, bool) or not isinstance(cut_card, int) or not 6 <= cut_card <= 52 * decks:
        raise IllegalAction(message(
            "invalid cut card {cut_card!r}: expected a whole number of cards from 6 to {most}",
            cut_card=cut_card, most=52 * decks))
    shoe = Shoe.standard(decks, seed=seed)
    coups: list[Coup] = []
    before = [Composition.from_shoe(shoe)]
    while shoe.remaining >= cut_card:
        coups.append(play_coup(shoe))
        before.append(Composition.from_shoe(shoe))
    return ShoeRun(decks, seed, cut_card, tuple(coups), tuple(before))


@dataclass(frozen=True, slots=True)
class RemovalStep:
    """The bets priced on the cards left before coup ``index`` (0 first)."""

    index: int
    cards_left: int
    odds: dict[str, Fraction]
    bets: dict[str, BetAnalysis]


def removal_path(run: ShoeRun, bets: Sequence[BetTerms] = CASINO_BETS,
                 progress: Callable[[int, int], None] | None = None) -> tuple[RemovalStep, ...]:
    """Every bet priced exactly on the cards left before each coup of ``run`` (one exact
    count per coup: about a tenth of a second each)."""
    out = []
    total = len(run.coups)
    for index in range(total):
        composition = run.before[index]
        counts = count_deals(composition)
        analyses = analyse_bets(bets, composition, counts=counts)
        out.append(RemovalStep(index, composition.total, counts.probabilities(),
                               {a.terms.name: a for a in analyses}))
        if progress is not None:
            progress(index + 1, total)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class StreakRow:
    """After a big-road run of ``length`` wins by ``side`` (the run still going), how the next
    coup went: ``next[outcome]`` counts, over ``trials`` coups."""

    side: str
    length: int
    next: dict[str, Estimate]

    @property
    def trials(self) -> int:
        return next(iter(self.next.values())).trials


def streak_study(*, shoes: int = 200, decks: int = 8, seed: int = 1, cut_card: int = CUT_CARD,
                 longest: int = 6) -> tuple[StreakRow, ...]:
    """The gambler's fallacy, simulated: deal ``shoes`` seeded shoes (seeds ``seed``,
    ``seed + 1``, ...) and, before every coup, note the run the big road is in (its side and
    length, Empates left out as the big road leaves them out); then tally how the coup went.
    Runs of ``longest`` or more are counted together.

    >>> rows = streak_study(shoes=3, seed=5)
    >>> [r.length for r in rows if r.side == "banco"]
    [1, 2, 3, 4, 5, 6]
    """
    if shoes < 1:
        raise IllegalAction(message("invalid number of shoes {shoes!r}: expected 1 or more",
                                    shoes=shoes))
    tallies: dict[tuple[str, int], dict[str, int]] = {
        (side, k): dict.fromkeys(OUTCOMES, 0) for side in ("banco", "punto") for k in range(1, longest + 1)
    }
    for s in range(seed, seed + shoes):
        shoe = Shoe.standard(decks, seed=s)
        side: str | None = None
        length = 0
        while shoe.remaining >= cut_card:
            winner = play_coup(shoe).winner.value
            if side is not None:
                tallies[(side, min(length, longest))][winner] += 1
            if winner == "empate":
                continue
            if winner == side:
                length += 1
            else:
                side, length = winner, 1
    rows = []
    for (side_name, k), counts in tallies.items():
        trials = sum(counts.values())
        if trials:
            rows.append(StreakRow(side_name, k, {key: Estimate(n, trials) for key, n in counts.items()}))
    return tuple(rows)
