"""Why Banco's table says what it says: the worth of drawing over standing, cell by cell.

Each cell of Banco's table is one question asked with little information:
Banco knows its own two-card total (the row) and, if Punto drew, the value
of Punto's third card (the column), or that Punto stood.  :func:`banco_draw_gains`
answers every question exactly: over all deals of the shoe that reach a cell,
Banco's expected gain (a win +1, a loss -1, a tie 0, per unit staked on
Banco) if Banco draws, minus the same if Banco stands.  A positive figure
says drawing is better; the size says by how much, so the close calls show.

The figures count every ordered deal of the shoe's first six cards, as
:func:`~bacara_teach.analysis.punto_banco.count_deals` does, and use the
table only for Punto's rule; Banco's choice is the question, so either
choice is played out at every cell.

The famous close call: on 3 against a third card of 8, standing is better,
by a small margin, and the table stands there.  In two cells the table asks
Banco to stand where drawing would be worth a little more (on 4 against an
ace, and on 6 when Punto stood):

>>> gains = banco_draw_gains(8)
>>> gains[(3, 8)] < 0 < gains[(3, 9)]
True
>>> round(float(gains[(3, 8)]), 4)
-0.0022
>>> best_reply_differences(gains)
((4, 1), (6, None))

The commission: paid even money, Banco would be the house's loss; Banco
breaks even at a commission near 2.7 % and costs as much as Punto near
5.4 %, so 5 % leaves Banco slightly cheaper than Punto.

>>> terms = commission_figures(8)
>>> round(float(terms.even_money_edge), 5), round(float(terms.break_even_commission), 4)
(-0.01235, 0.0269)
>>> round(float(terms.fair_commission), 4)
0.0539
>>> terms.edge_at(Fraction(5, 100)) < terms.punto_edge
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from bacara_teach.analysis.composition import ShoeSpec, as_composition
from bacara_teach.analysis.punto_banco import count_deals
from bacara_teach.tableau import PUNTO_BANCO, Decision, Tableau, is_natural

__all__ = ["CommissionFigures", "banco_draw_gains", "best_reply_differences", "close_calls",
           "commission_figures"]

CellKey = tuple[int, int | None]
"""A cell of Banco's table: (Banco's two-card total 0-7, Punto's third-card value 0-9 or None)."""


def _sign(a: int, b: int) -> int:
    return (a > b) - (a < b)


def banco_draw_gains(shoe: ShoeSpec = 8, *, tableau: Tableau = PUNTO_BANCO) -> dict[CellKey, Fraction]:
    """Banco's exact expected gain from drawing minus standing, for every cell of its table.

    Keys are ``(total, third)``: Banco's two-card total 0-7 and Punto's third-card
    value 0-9, or ``None`` when Punto stood.  Values are exact fractions of a unit staked
    on Banco at even money (the commission does not change which choice is better).

    >>> gains = banco_draw_gains(8)
    >>> len(gains), gains[(0, None)] > 0, gains[(7, None)] < 0
    (88, True, True)
    >>> banco_draw_gains("eight")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: invalid shoe 'eight': expected a number of decks, a Shoe or a Composition
    """
    counts = list(as_composition(shoe).points)
    cards = sum(counts)
    # numerators of (draw - stand) and the weight of each cell, in ordered six-card deals
    diff: dict[CellKey, int] = {}
    weight: dict[CellKey, int] = {}

    def settle(key: CellKey, ways: int, banco: int, punto: int, rest: int) -> None:
        # ``ways`` counts the deals reaching the cell up to the cards already out; the sixth
        # card (Banco's third if it draws) is one of ``rest`` cards, so standing has ``rest``
        # equally likely continuations and drawing one per remaining card.
        stand = _sign(banco, punto) * rest
        draw = sum(n * _sign((banco + v) % 10, punto) for v, n in enumerate(left) if n)
        diff[key] = diff.get(key, 0) + ways * (draw - stand)
        weight[key] = weight.get(key, 0) + ways * rest

    left = counts[:]
    for p1 in range(10):
        w1 = left[p1]
        if not w1:
            continue
        left[p1] -= 1
        for b1 in range(10):
            w2 = w1 * left[b1]
            if not w2:
                continue
            left[b1] -= 1
            for p2 in range(10):
                w3 = w2 * left[p2]
                if not w3:
                    continue
                left[p2] -= 1
                for b2 in range(10):
                    w4 = w3 * left[b2]
                    if not w4:
                        continue
                    left[b2] -= 1
                    punto, banco = (p1 + p2) % 10, (b1 + b2) % 10
                    if not (is_natural(punto) or is_natural(banco)):
                        if tableau.player_decision(punto) is Decision.STAND:
                            # Punto stands: the fifth card is Banco's if it draws.
                            settle((banco, None), w4, banco, punto, cards - 4)
                        else:
                            for p3 in range(10):
                                w5 = w4 * left[p3]
                                if not w5:
                                    continue
                                left[p3] -= 1
                                settle((banco, p3), w5, banco, (punto + p3) % 10, cards - 5)
                                left[p3] += 1
                    left[b2] += 1
                left[p2] += 1
            left[b1] += 1
        left[p1] += 1
    return {key: Fraction(diff[key], weight[key])
            for key in sorted(weight, key=lambda k: (k[0], -1 if k[1] is None else k[1]))}


def best_reply_differences(gains: Mapping[CellKey, Fraction], *,
                           tableau: Tableau = PUNTO_BANCO) -> tuple[CellKey, ...]:
    """The cells where ``tableau`` does not make Banco's better choice (free cells are skipped).

    >>> best_reply_differences({(3, 8): Fraction(1, 100)})
    ((3, 8),)
    """
    out = []
    for (total, third), gain in gains.items():
        decision = tableau.banker_decision(total, third)
        if decision is Decision.CHOICE:
            continue
        if (gain > 0 and decision is Decision.STAND) or (gain < 0 and decision is Decision.DRAW):
            out.append((total, third))
    return tuple(out)


def close_calls(gains: Mapping[CellKey, Fraction], within: Fraction = Fraction(2, 100)) -> tuple[CellKey, ...]:
    """The cells where drawing and standing differ by less than ``within`` of a unit, closest first.

    >>> close_calls({(3, 8): Fraction(-1, 100), (0, 0): Fraction(1, 2)})
    ((3, 8),)
    """
    return tuple(sorted((k for k, g in gains.items() if abs(g) < within), key=lambda k: abs(gains[k])))


@dataclass(frozen=True, slots=True)
class CommissionFigures:
    """What the commission on Banco's win does, on one shoe (exact fractions of a unit staked).

    ``even_money_edge`` is the house edge on Banco if its win were paid 1:1 (negative: the
    house would lose); ``punto_edge`` the house edge on Punto; ``break_even_commission`` the
    share of Banco's win at which the house neither wins nor loses on Banco;
    ``fair_commission`` the share that makes Banco's edge equal Punto's.
    """

    banco: Fraction
    punto: Fraction
    even_money_edge: Fraction
    punto_edge: Fraction
    break_even_commission: Fraction
    fair_commission: Fraction

    def edge_at(self, commission: Fraction) -> Fraction:
        """The house edge on Banco when its win pays ``1 - commission``.

        >>> CommissionFigures(Fraction(1, 2), Fraction(1, 2), Fraction(0), Fraction(0),
        ...                   Fraction(0), Fraction(0)).edge_at(Fraction(1, 10))
        Fraction(1, 20)
        """
        return self.punto - (1 - commission) * self.banco


def commission_figures(shoe: ShoeSpec = 8, *, tableau: Tableau = PUNTO_BANCO) -> CommissionFigures:
    """The commission's figures for ``shoe``: Banco at even money, and the fair commission.

    >>> figures = commission_figures(8)
    >>> figures.edge_at(figures.fair_commission) == figures.punto_edge
    True
    """
    counts = count_deals(shoe, tableau=tableau)
    banco, punto = counts.probability("banco"), counts.probability("punto")
    return CommissionFigures(
        banco=banco,
        punto=punto,
        even_money_edge=punto - banco,
        punto_edge=banco - punto,
        break_even_commission=1 - punto / banco,
        fair_commission=2 * (banco - punto) / banco,
    )
