"""Exact Punto Banco odds for any shoe, drawing without replacement.

Every figure here is a count of **ordered six-card deals**: sequences of six
distinct cards of the shoe, in deal order (Punto, Banco, Punto, Banco, then
the third cards).  A coup that uses only four or five cards still owns every
way of dealing the cards it does not use, so all counts share one
denominator, ``N(N-1)(N-2)(N-3)(N-4)(N-5)`` for a shoe of ``N`` cards, and a
probability is one integer division at the end.

The rules are read from the engine's tableau data
(:data:`bacara_teach.tableau.PUNTO_BANCO` or any other fixed tableau), never
written again here.

How the count goes (:func:`count_deals`): cards are grouped by point value
(10, J, Q and K are all 0).  Punto's two cards are enumerated as an
unordered pair of values (55 pairs) weighted by the ordered ways to deal
them, then Banco's pair from what is left (55 more); the third cards are
branched on only when the tableau asks for one, from the counts that are
left.  That is at most 3,025 first-four-card cases, each with at most ten
third-card branches for Punto; Banco's third card is read from prefix sums of
the counts left (how many cards leave Banco below, level with or above Punto),
not visited one by one, and all is in integers.  ``detail=True`` (final
totals) visits Banco's cards one by one; both give the same integers.

>>> eight = count_deals(8)
>>> eight.banco, eight.punto, eight.empate
(2292252566437888, 2230518282592256, 475627426473216)
>>> eight.total == 416 * 415 * 414 * 413 * 412 * 411
True
>>> eight.probability("banco") == Fraction(eight.banco, eight.total)
True
>>> round(float(eight.probability("banco")), 6)
0.458597
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import accumulate
from operator import itemgetter, mul
from types import MappingProxyType

from bacara_teach.analysis.composition import Composition, ShoeSpec, as_composition
from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.punto_banco import Outcome, outcome_from_points
from bacara_teach.tableau import PUNTO_BANCO, Decision, Tableau
from bacara_teach.text import message

__all__ = [
    "OUTCOMES",
    "DealCounts",
    "count_deals",
    "count_deals_by_enumeration",
    "odds",
    "odds_floats",
    "pair_probability",
    "pair_ways",
]

OUTCOMES: tuple[str, ...] = ("banco", "punto", "empate")
"""The three outcomes, in the order counts are listed."""

PAIRS: tuple[tuple[int, int], ...] = tuple((x, y) for x in range(10) for y in range(x, 10))
"""Unordered pairs of point values (x <= y): the ways two first cards can look, by value."""


@cache
def _draw_tables(tableau: Tableau) -> tuple[tuple[bool, ...], tuple[tuple[bool, ...], ...]]:
    """Boolean draw tables read from ``tableau``: ``player[t]`` and ``banker[t][v + 1]``
    (column 0: the player stood), False on the naturals 8 and 9."""
    if tableau.free_cells():
        raise IllegalAction(message(
            "tableau {name!r} has free cells: exact odds need a rule in every cell (fix the "
            "choices first, e.g. with bacara_teach.analysis.chemin_de_fer.resolve_tableau)",
            name=tableau.name))
    player = tuple(t < 8 and tableau.player_decision(t) is Decision.DRAW for t in range(10))
    banker = tuple(
        tuple(t < 8 and tableau.banker_decision(t, v) is Decision.DRAW for v in (None, *range(10)))
        for t in range(10)
    )
    return player, banker


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _outcome_key(outcome: Outcome | str) -> str:
    key = outcome.value if isinstance(outcome, Outcome) else str(outcome).strip().lower()
    if key not in OUTCOMES:
        raise NotationError(message("unknown outcome {outcome!r}: expected one of {names}",
                                    outcome=outcome, names=", ".join(OUTCOMES)))
    return key


@dataclass(frozen=True, slots=True, kw_only=True)
class DealCounts:
    """Ordered six-card deals of one shoe, counted by what the coup makes of them.

    ``total`` is the number of ordered six-card deals; ``banco``, ``punto``
    and ``empate`` split it by winner; ``cards_used`` by how many cards the
    coup used (4, 5, 6); ``naturals`` counts deals with a two-card 8 or 9.
    ``final_totals[p][b]`` counts deals ending Punto ``p``, Banco ``b`` (when
    counted with ``detail=True``, else ``None``).  ``by_punto_cards`` maps
    each unordered pair of point values ``(x, y)`` for Punto's first two
    cards to ``(deals, banco, punto, empate)``.
    """

    composition: Composition
    tableau: Tableau
    total: int
    banco: int
    punto: int
    empate: int
    cards_used: tuple[int, int, int]
    naturals: int
    by_punto_cards: Mapping[tuple[int, int], tuple[int, int, int, int]]
    final_totals: tuple[tuple[int, ...], ...] | None = None

    def count(self, outcome: Outcome | str) -> int:
        """Deals won by ``outcome`` (``"banco"``, ``"punto"``, ``"empate"`` or an :class:`Outcome`)."""
        return {"banco": self.banco, "punto": self.punto, "empate": self.empate}[_outcome_key(outcome)]

    def probability(self, outcome: Outcome | str) -> Fraction:
        """Exact probability of ``outcome``."""
        return Fraction(self.count(outcome), self.total)

    def probabilities(self) -> dict[str, Fraction]:
        """``{"banco": ..., "punto": ..., "empate": ...}`` as exact fractions (they sum to 1)."""
        return {key: self.probability(key) for key in OUTCOMES}

    def floats(self) -> dict[str, float]:
        """The same probabilities as floats, for display and live widgets."""
        return {key: self.count(key) / self.total for key in OUTCOMES}

    def cards_used_probabilities(self) -> dict[int, Fraction]:
        """Probability that the coup uses 4, 5 or 6 cards."""
        return {n: Fraction(c, self.total) for n, c in zip((4, 5, 6), self.cards_used, strict=True)}

    def final_total_distribution(self, hand: str) -> tuple[Fraction, ...]:
        """Probability of each final total 0-9 of ``hand`` (``"punto"`` or ``"banco"``).

        Needs the counts made with ``detail=True``.
        """
        if self.final_totals is None:
            raise IllegalAction(message(
                "final totals were not counted: call count_deals(..., detail=True)"))
        if hand == "punto":
            sums = [sum(row) for row in self.final_totals]
        elif hand == "banco":
            sums = [sum(row[b] for row in self.final_totals) for b in range(10)]
        else:
            raise NotationError(message("unknown hand {hand!r}: expected 'punto' or 'banco'",
                                        hand=hand))
        return tuple(Fraction(s, self.total) for s in sums)

    def given_punto_cards(self, x: int, y: int) -> dict[str, Fraction]:
        """Probabilities of each outcome once Punto's first two cards are worth ``x`` and ``y``.

        A natural 9 loses only to nothing and ties only with Banco's natural 9:

        >>> nine = count_deals(8).given_punto_cards(0, 9)
        >>> nine["banco"], round(float(nine["punto"]), 3)
        (Fraction(0, 1), 0.906)
        """
        key = (min(x, y), max(x, y))
        if key not in self.by_punto_cards:
            raise IllegalAction(message(
                "Punto cannot be dealt values {x} and {y} from this shoe (values are 0-9 and the "
                "shoe must hold both cards)", x=x, y=y))
        deals, *wins = self.by_punto_cards[key]
        return {k: Fraction(n, deals) for k, n in zip(OUTCOMES, wins, strict=True)}

    def given_punto_total(self, total: int) -> tuple[int, int, int, int]:
        """``(deals, banco, punto, empate)`` over Punto's two-card ``total``."""
        rows = [v for (x, y), v in self.by_punto_cards.items() if (x + y) % 10 == total]
        return (sum(r[0] for r in rows), sum(r[1] for r in rows), sum(r[2] for r in rows),
                sum(r[3] for r in rows))


def count_deals(shoe: ShoeSpec, *, tableau: Tableau = PUNTO_BANCO, detail: bool = False) -> DealCounts:
    """Count every ordered six-card deal of ``shoe`` by outcome, exactly.

    ``shoe`` is a number of decks, a :class:`~bacara_teach.shoe.Shoe` (its
    undealt cards) or a :class:`~bacara_teach.analysis.composition.Composition`.
    ``detail=True`` also counts the final totals (slower: it visits every third card of
    Banco one by one, where the plain count reads them from prefix sums).

    >>> six = count_deals(6)
    >>> six.banco, six.punto, six.empate
    (403095751234560, 392220492728832, 83552962932288)
    >>> sum(six.probabilities().values())
    Fraction(1, 1)
    """
    composition = as_composition(shoe)
    if not detail:
        return _count_fast(composition, tableau)
    player, banker = _draw_tables(tableau)
    c = list(composition.points)
    n = composition.total
    left = n - 4
    tail = left * (left - 1)  # ways to deal positions 5 and 6 when no third card is drawn
    banco = punto = empate = 0
    used5 = used6 = naturals = 0
    final = [0] * 100 if detail else None
    by_pair: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    pair_rest = _falling(n - 2, 4)
    for x, y in PAIRS:
        wp = c[x] * (c[y] - 1) if x == y else 2 * c[x] * c[y]
        if not wp:
            continue
        p = (x + y) % 10
        c[x] -= 1
        c[y] -= 1
        before = (banco, punto, empate)
        for u, z in PAIRS:
            wb = c[u] * (c[z] - 1) if u == z else 2 * c[u] * c[z]
            if not wb:
                continue
            w = wp * wb
            b = (u + z) % 10
            if p >= 8 or b >= 8 or (not player[p] and not banker[b][0]):
                m = w * tail
                if p >= 8 or b >= 8:
                    naturals += m
                if final is not None:
                    final[p * 10 + b] += m
                if p > b:
                    punto += m
                elif b > p:
                    banco += m
                else:
                    empate += m
                continue
            c[u] -= 1
            c[z] -= 1
            if not player[p]:
                # Punto stood on 6 or 7 and Banco draws: one branch per Banco card.
                wins = ties = 0
                for v in range(10):
                    cv = c[v]
                    if not cv:
                        continue
                    bb = (b + v) % 10
                    if p > bb:
                        wins += cv
                    elif p == bb:
                        ties += cv
                    if final is not None:
                        final[p * 10 + bb] += w * cv * (left - 1)
                m = w * (left - 1)
                punto += m * wins
                empate += m * ties
                banco += m * (left - wins - ties)
                used5 += w * tail
            else:
                row = banker[b]
                for v in range(10):
                    cv = c[v]
                    if not cv:
                        continue
                    q = (p + v) % 10
                    if row[v + 1]:
                        c[v] -= 1
                        wins = ties = 0
                        for t in range(10):
                            bb = (b + t) % 10
                            if q > bb:
                                wins += c[t]
                            elif q == bb:
                                ties += c[t]
                            if final is not None and c[t]:
                                final[q * 10 + bb] += w * cv * c[t]
                        c[v] += 1
                        m = w * cv
                        punto += m * wins
                        empate += m * ties
                        banco += m * (left - 1 - wins - ties)
                        used6 += m * (left - 1)
                    else:
                        m = w * cv * (left - 1)
                        used5 += m
                        if final is not None:
                            final[q * 10 + b] += m
                        if q > b:
                            punto += m
                        elif b > q:
                            banco += m
                        else:
                            empate += m
            c[u] += 1
            c[z] += 1
        c[x] += 1
        c[y] += 1
        by_pair[(x, y)] = (wp * pair_rest, banco - before[0], punto - before[1], empate - before[2])
    total = _falling(n, 6)
    return DealCounts(
        composition=composition,
        tableau=tableau,
        total=total,
        banco=banco,
        punto=punto,
        empate=empate,
        cards_used=(total - used5 - used6, used5, used6),
        naturals=naturals,
        by_punto_cards=MappingProxyType(by_pair),
        final_totals=None if final is None else tuple(tuple(final[p * 10:p * 10 + 10]) for p in range(10)),
    )


Picker = Callable[[Sequence[int]], tuple[int, ...]]


def _picker(indices: Sequence[int]) -> Picker | None:
    """``seq -> tuple(seq[i] for i in indices)`` at the speed of :func:`operator.itemgetter`
    (``None`` when there is nothing to pick, so that the count can skip it)."""
    if not indices:
        return None
    if len(indices) == 1:
        (only,) = indices
        return lambda seq: (seq[only],)
    return itemgetter(*indices)


@dataclass(frozen=True, slots=True)
class _ThirdCards:
    """What Punto's third card ``v`` does against one Banco two-card total ``b``, for one Punto
    total ``p`` (read from the tableau).  ``drawn`` picks the ``v`` after which Banco draws
    and ``drawn_q`` Punto's new total for each; ``own_below`` and ``own_level`` the drawing
    ``v`` that would themselves leave Banco below or level with Punto's new total (they are
    no longer in the shoe when Banco draws); ``stand_punto`` and ``stand_empate`` the ``v``
    after which Banco stands and loses or ties (the rest of the standing ``v`` win Banco)."""

    drawn: Picker | None
    drawn_q: Picker | None
    own_below: Picker | None
    own_level: Picker | None
    stand_punto: Picker | None
    stand_empate: Picker | None


@cache
def _third_card_plans(tableau: Tableau) -> tuple[tuple[_ThirdCards, ...], ...]:
    """``plans[p][b]``: :class:`_ThirdCards` for Punto's two-card ``p`` (0-7) and Banco's ``b``."""
    _, banker = _draw_tables(tableau)
    plans = []
    for p in range(8):
        rows = []
        for b in range(10):
            draws = [v for v in range(10) if banker[b][v + 1]]
            stands = [v for v in range(10) if not banker[b][v + 1]]
            rows.append(_ThirdCards(
                drawn=_picker(draws),
                drawn_q=_picker([(p + v) % 10 for v in draws]),
                own_below=_picker([v for v in draws if (b + v) % 10 < (p + v) % 10]),
                own_level=_picker([v for v in draws if (b + v) % 10 == (p + v) % 10]),
                stand_punto=_picker([v for v in stands if (p + v) % 10 > b]),
                stand_empate=_picker([v for v in stands if (p + v) % 10 == b]),
            ))
        plans.append(tuple(rows))
    return tuple(plans)


def _count_fast(composition: Composition, tableau: Tableau) -> DealCounts:
    """:func:`count_deals` without final totals: the same integers, with Banco's third card
    read from prefix sums over the counts left instead of a loop over its ten values.

    Banco's total ``b`` plus a third card ``t`` beats, ties or loses to Punto's ``q`` by where
    ``(b + t) % 10`` falls against ``q``: with the remaining counts rotated by ``b``
    (``a[s]``: the cards that bring Banco to ``s``), the cards that leave Banco below ``q``
    are the prefix sum ``below[q]`` and those that tie are ``a[q]``.  The ways to deal
    Punto's pair multiply each of its sums once, at the end of its row.
    """
    player, banker = _draw_tables(tableau)
    plans = _third_card_plans(tableau)
    c = list(composition.points)
    n = composition.total
    left = n - 4
    tail = left * (left - 1)  # ways to deal positions 5 and 6 when no third card is drawn
    banco = punto = empate = 0
    used5 = used6 = naturals = 0
    by_pair: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    pair_rest = _falling(n - 2, 4)
    for x, y in PAIRS:
        wp = c[x] * (c[y] - 1) if x == y else 2 * c[x] * c[y]
        if not wp:
            continue
        p = (x + y) % 10
        c[x] -= 1
        c[y] -= 1
        punto_stands = p < 8 and not player[p]
        plan = plans[p] if p < 8 else ()
        # Sums over Banco's pairs, each deal weighted by the ways to deal that pair (wb):
        f_banco = f_punto = f_empate = f_natural = 0  # four cards decide
        o_all = o_wins = o_ties = 0  # Punto stood, Banco draws one card
        d_all = d_drawn = d_wins = d_ties = d_punto = d_empate = 0  # Punto draws
        for u, z in PAIRS:
            wb = c[u] * (c[z] - 1) if u == z else 2 * c[u] * c[z]
            if not wb:
                continue
            b = (u + z) % 10
            if p >= 8 or b >= 8 or (punto_stands and not banker[b][0]):
                if p >= 8 or b >= 8:
                    f_natural += wb
                if p > b:
                    f_punto += wb
                elif b > p:
                    f_banco += wb
                else:
                    f_empate += wb
                continue
            c[u] -= 1
            c[z] -= 1
            k = (10 - b) % 10
            a = c[k:] + c[:k]  # a[s]: cards that bring Banco's b to s
            below = list(accumulate(a, initial=0))  # below[q]: cards that leave Banco under q
            if punto_stands:
                o_all += wb
                o_wins += wb * below[p]
                o_ties += wb * a[p]
            else:
                t = plan[b]
                d_all += wb
                if t.drawn is not None and t.drawn_q is not None:
                    drawn = t.drawn(c)
                    wins = sum(map(mul, drawn, t.drawn_q(below)))
                    ties = sum(map(mul, drawn, t.drawn_q(a)))
                    if t.own_below is not None:
                        wins -= sum(t.own_below(c))
                    if t.own_level is not None:
                        ties -= sum(t.own_level(c))
                    d_drawn += wb * sum(drawn)
                    d_wins += wb * wins
                    d_ties += wb * ties
                if t.stand_punto is not None:
                    d_punto += wb * sum(t.stand_punto(c))
                if t.stand_empate is not None:
                    d_empate += wb * sum(t.stand_empate(c))
            c[u] += 1
            c[z] += 1
        c[x] += 1
        c[y] += 1
        d_banco = left * d_all - d_drawn - d_punto - d_empate  # Banco stands and wins
        five = wp * (left - 1)
        row_punto = wp * tail * f_punto + five * o_wins + wp * d_wins + five * d_punto
        row_empate = wp * tail * f_empate + five * o_ties + wp * d_ties + five * d_empate
        row_banco = (wp * tail * f_banco + five * (left * o_all - o_wins - o_ties)
                     + wp * ((left - 1) * d_drawn - d_wins - d_ties) + five * d_banco)
        punto += row_punto
        empate += row_empate
        banco += row_banco
        naturals += wp * tail * f_natural
        used5 += wp * tail * o_all + five * (left * d_all - d_drawn)
        used6 += five * d_drawn
        by_pair[(x, y)] = (wp * pair_rest, row_banco, row_punto, row_empate)
    total = _falling(n, 6)
    return DealCounts(
        composition=composition,
        tableau=tableau,
        total=total,
        banco=banco,
        punto=punto,
        empate=empate,
        cards_used=(total - used5 - used6, used5, used6),
        naturals=naturals,
        by_punto_cards=MappingProxyType(by_pair),
    )


def odds(shoe: ShoeSpec, *, tableau: Tableau = PUNTO_BANCO) -> dict[str, Fraction]:
    """Exact probabilities of Banco, Punto and Empate.

    >>> {k: round(float(v), 6) for k, v in odds(8).items()}
    {'banco': 0.458597, 'punto': 0.446247, 'empate': 0.095156}
    """
    return count_deals(shoe, tableau=tableau).probabilities()


def odds_floats(shoe: ShoeSpec, *, tableau: Tableau = PUNTO_BANCO) -> dict[str, float]:
    """The same probabilities as floats (same exact count, one float division each)."""
    return count_deals(shoe, tableau=tableau).floats()


def pair_ways(shoe: ShoeSpec, *, reading: str = "rank") -> tuple[int, int]:
    """``(pairs, deals)``: ordered two-card deals that make a pair, and all ordered two-card deals.

    ``reading="rank"``: the two cards are of the same rank (K-K yes, K-Q no).
    ``reading="points"``: the same point value (K-Q and 10-J count too).
    By symmetry of the shuffle this is also the chance for Punto's or Banco's
    first two cards.

    >>> pair_ways(8)
    (12896, 172640)
    >>> pair_ways(8, reading="points")
    (25184, 172640)
    """
    composition = as_composition(shoe)
    if reading == "rank":
        if composition.ranks is None:
            raise IllegalAction(message(
                "pairs by rank need the count of each rank; this shoe is known only by point value "
                "(build it with Composition.standard() or Composition.from_ranks(), or use "
                "reading='points')"))
        counts: tuple[int, ...] = composition.ranks
    elif reading == "points":
        counts = composition.points
    else:
        raise NotationError(message("unknown pair reading {reading!r}: expected 'rank' or 'points'",
                                    reading=reading))
    n = composition.total
    return sum(k * (k - 1) for k in counts), n * (n - 1)


def pair_probability(shoe: ShoeSpec, *, reading: str = "rank") -> Fraction:
    """Probability that a hand's first two cards are a pair (see :func:`pair_ways`).

    >>> pair_probability(8) == Fraction(13 * 32 * 31, 416 * 415)
    True
    """
    pairs, deals = pair_ways(shoe, reading=reading)
    return Fraction(pairs, deals)


def count_deals_by_enumeration(shoe: ShoeSpec, *, tableau: Tableau = PUNTO_BANCO) -> dict[str, int]:
    """The straightforward count, for checking :func:`count_deals`: every ordered deal of
    point values card by card (four cards, then the fifth and sixth only when the
    engine's :func:`~bacara_teach.punto_banco.outcome_from_points` uses them).

    >>> tiny = Composition.from_points([2, 1, 1, 1, 1, 1, 1, 0, 0, 0])
    >>> slow = count_deals_by_enumeration(tiny)
    >>> fast = count_deals(tiny)
    >>> slow == {"banco": fast.banco, "punto": fast.punto, "empate": fast.empate}
    True
    >>> sum(slow.values()) == 8 * 7 * 6 * 5 * 4 * 3
    True
    """
    composition = as_composition(shoe)
    _draw_tables(tableau)  # refuse free cells with the usual message
    c = list(composition.points)
    result = dict.fromkeys(OUTCOMES, 0)

    def deal(prefix: list[int], ways: int, left: int) -> None:
        if len(prefix) >= 4:
            outcome, used = outcome_from_points([*prefix, 0, 0], tableau)
            if used <= len(prefix):
                result[outcome.value] += ways * _falling(left, 6 - len(prefix))
                return
        for v in range(10):
            if c[v]:
                k = c[v]
                c[v] -= 1
                deal([*prefix, v], ways * k, left - 1)
                c[v] += 1

    deal([], 1, composition.total)
    return result
