"""Effect of removal: how each bet's edge moves when known cards have left the shoe.

:func:`effect_of_removal` takes one card of each point value (or rank) out of
a shoe and reports the exact change of every bet's house edge.  Since taking
out a card at random and dealing from the rest is the same as dealing from
the full shoe, the changes weighted by how many cards of each kind the shoe
holds add up to exactly zero; :meth:`RemovalTable.balance` shows it.

:func:`what_if` is the calculator: odds and edges of a shoe once the listed
cards are gone.

>>> table = effect_of_removal(8)
>>> four, six = table.row("4"), table.row("6")
>>> four.change["banco"] < 0 < four.change["punto"]   # a 4 gone helps Banco
True
>>> six.change["punto"] < 0 < six.change["banco"]     # a 6 gone helps Punto
True
>>> table.balance("banco")
Fraction(0, 1)
>>> report = what_if(8, "4 4 4 4")
>>> report.composition.total, report.edges["banco"].house_edge < what_if(8, "").edges["banco"].house_edge
(412, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from bacara_teach.analysis.composition import RANKS, Composition, ShoeSpec, as_composition
from bacara_teach.analysis.edges import HOME_BETS, BetAnalysis, BetTerms, analyse_bets
from bacara_teach.analysis.punto_banco import DealCounts, count_deals
from bacara_teach.cards import Card, Rank
from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.text import message

__all__ = ["OddsReport", "RemovalRow", "RemovalTable", "effect_of_removal", "what_if"]


def _fraction_text(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


@dataclass(frozen=True, slots=True, kw_only=True)
class OddsReport:
    """Odds and edges of one shoe: what :func:`what_if` answers."""

    composition: Composition
    counts: DealCounts
    edges: dict[str, BetAnalysis]

    @property
    def probabilities(self) -> dict[str, Fraction]:
        return self.counts.probabilities()

    def to_dict(self, *, exact: bool = False) -> dict[str, Any]:
        """JSON-ready: probabilities and house edges (``"n/d"`` strings when ``exact``)."""

        def show(x: Fraction) -> float | str:
            return _fraction_text(x) if exact else float(x)

        return {
            "cards": self.composition.total,
            "probabilities": {k: show(v) for k, v in self.probabilities.items()},
            "house_edge": {k: show(a.house_edge) for k, a in self.edges.items()},
            "bets": {k: a.to_dict(exact=exact) for k, a in self.edges.items()},
        }


def _named(bets: Iterable[BetTerms]) -> tuple[BetTerms, ...]:
    bets = tuple(bets)
    names = [b.name for b in bets]
    if len(set(names)) != len(names):
        raise IllegalAction(message("bets must have distinct names, got {names}", names=str(names)))
    return bets


def _edges(composition: Composition, bets: tuple[BetTerms, ...],
           counts: DealCounts | None = None) -> tuple[DealCounts, dict[str, BetAnalysis]]:
    if counts is None:
        counts = count_deals(composition)
    analyses = analyse_bets(bets, composition, counts=counts)
    return counts, {a.terms.name: a for a in analyses}


def what_if(shoe: ShoeSpec, removed: str | Iterable[str | Card | Rank] = (),
            bets: Iterable[BetTerms] = HOME_BETS) -> OddsReport:
    """Odds and edges once ``removed`` (ranks or cards, e.g. ``"5 5 K♠"``) have left ``shoe``.

    >>> what_if(1, "A " * 5)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: cannot remove 5 cards of rank A: the shoe holds only 4 (at most 4 A may be removed)
    """
    composition = as_composition(shoe).without(removed)
    counts, edges = _edges(composition, _named(bets))
    return OddsReport(composition=composition, counts=counts, edges=edges)


@dataclass(frozen=True, slots=True, kw_only=True)
class RemovalRow:
    """One card taken out: the edges without it, and their change from the full shoe."""

    card: str
    value: int
    count: int
    edges: dict[str, Fraction]
    change: dict[str, Fraction]


@dataclass(frozen=True, slots=True, kw_only=True)
class RemovalTable:
    """The effect of removing one card of each kind from one shoe."""

    composition: Composition
    by: str
    base: dict[str, Fraction]
    rows: tuple[RemovalRow, ...]

    def row(self, card: str) -> RemovalRow:
        """The row of ``card`` (``"A"``, ``"2"``... ``"9"``, and ``"0"`` or ``"10"``, ``"J"``...)."""
        wanted = card.strip().upper()
        for r in self.rows:
            if r.card == wanted or (self.by == "points" and wanted in ("10", "T", "J", "Q", "K")
                                    and r.value == 0):
                return r
        raise NotationError(message("no row for {card!r}: the rows are {names}", card=card,
                                    names=", ".join(r.card for r in self.rows)))

    def balance(self, bet: str) -> Fraction:
        """Sum over the shoe's cards of each card's change of ``bet``'s edge: exactly 0."""
        return sum((r.count * r.change[bet] for r in self.rows), Fraction(0))

    def to_dict(self, *, exact: bool = False) -> dict[str, Any]:
        def show(x: Fraction) -> float | str:
            return _fraction_text(x) if exact else float(x)

        return {
            "cards": self.composition.total,
            "by": self.by,
            "house_edge": {k: show(v) for k, v in self.base.items()},
            "removed": {r.card: {k: show(v) for k, v in r.change.items()} for r in self.rows},
        }


_POINT_ROWS: tuple[tuple[str, Rank], ...] = (
    ("0", Rank.TEN), *((str(i), RANKS[i - 1]) for i in range(1, 10))
)


def effect_of_removal(shoe: ShoeSpec = 8, bets: Iterable[BetTerms] = HOME_BETS, *,
                      by: str = "points") -> RemovalTable:
    """Change of each bet's house edge when one card is taken out of ``shoe``.

    ``by="points"``: one row per point value 0-9 (for 0 a 10 is taken out,
    the same for Punto, Banco and Empate as a J, Q or K); ``by="rank"``: one
    row per rank (the pair bets by rank tell a 10 from a K only through the
    counts).  A kind of card the shoe no longer holds has no row.
    """
    composition = as_composition(shoe)
    bets = _named(bets)
    if by == "points":
        kinds = [(label, rank, composition.points[rank.points]) for label, rank in _POINT_ROWS]
    elif by == "rank":
        if composition.ranks is None:
            raise IllegalAction(message("rows by rank need the count of each rank; use by='points'"))
        kinds = [(rank.symbol, rank, composition.ranks[i]) for i, rank in enumerate(RANKS)]
    else:
        raise NotationError(message("invalid by={by!r}: expected 'points' or 'rank'", by=by))
    _, base_edges = _edges(composition, bets)
    base = {k: a.house_edge for k, a in base_edges.items()}
    counted: dict[tuple[int, ...], DealCounts] = {}
    rows = []
    for label, rank, count in kinds:
        if not count:
            continue
        smaller = composition.without([rank])
        cached = counted.get(smaller.points)
        if cached is None:
            cached = counted[smaller.points] = count_deals(smaller)
        # The main bets see only point values: a 10, J, Q or K out leave the same counts.
        counts = cached if cached.composition == smaller else replace(cached, composition=smaller)
        _, edges = _edges(smaller, bets, counts)
        after = {k: a.house_edge for k, a in edges.items()}
        rows.append(RemovalRow(card=label, value=rank.points, count=count, edges=after,
                               change={k: after[k] - base[k] for k in after}))
    return RemovalTable(composition=composition, by=by, base=base, rows=tuple(rows))

