"""Chemin de Fer's free cells: what each choice is worth, and the game they make.

In Chemin de Fer (the home Chemin de Fer rules) some cells of the tableau are free
(:attr:`~bacara_teach.tableau.Decision.CHOICE`): the bettor on 5 (several
bettors) or on 1-7 (a single bettor), the banker on 3 against a third card 9
and on 5 against a 4.  Each side chooses knowing only its own two cards (and,
for the banker, the bettor's face-up third card), so the free cells make a
two-person zero-sum game: the bettor's expected gain per unit staked against
the banker's.

This module counts every deal once (:func:`decision_game`) and writes the
bettor's expectation as an exact bilinear form in the two sides' choices,

    E(α, β) = const + Σ a_i α_i + Σ b_j β_j + Σ C_ij α_i β_j   (over the denominator)

where ``α_i`` is the probability the bettor draws at his free point ``i`` and
``β_j`` the probability the banker draws at his free point ``j``.  A point is
a free cell (or, with ``by_cards=True``, a free cell together with the two
cards the deciding side holds, since each side sees its own cards).  From
that form come the value of each choice (:meth:`DecisionGame.cell_values`),
the payoff matrix of pure strategies (:meth:`DecisionGame.payoff_matrix`) and
the exact solution (:func:`solve_decision_game`).

Two card models: a real shoe drawn without replacement (the home game's six
decks), and the classic infinite deck (each card 0 with probability 4/13,
1-9 with 1/13 each).  The classic model with the banker free in every cell
(:data:`CLASSIC_MODEL`) is the game of the textbooks; its bettor draws on 5
with probability 9/11:

>>> classic = solve_decision_game(decision_game(CLASSIC_MODEL, INFINITE_DECK))
>>> classic.bettor[BettorPoint(5)]
Fraction(9, 11)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

from bacara_teach.analysis.composition import Composition, ShoeSpec, as_composition
from bacara_teach.analysis.matrix_game import (
    GameSolution,
    SolverUnavailable,
    import_linprog,
    method_text,
    solve_linear_system,
    solve_matrix_game,
)
from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.tableau import (
    CHEMIN_DE_FER,
    CHEMIN_DE_FER_SINGLE_BETTOR,
    Decision,
    Tableau,
)
from bacara_teach.text import N_, Message, message, ptr

__all__ = [
    "CLASSIC_MODEL",
    "INFINITE_DECK",
    "MATRIX_LIMIT",
    "BankerPoint",
    "BettorPoint",
    "CardModel",
    "CellValue",
    "DecisionGame",
    "DecisionSolution",
    "chemin_de_fer_report",
    "decision_game",
    "resolve_tableau",
    "shoe_model",
    "solve_decision_game",
    "tableau_cell_values",
]

CLASSIC_MODEL = Tableau.from_letters(
    name="classic-model",
    title="Classic model: bettor free on 5, banker free in every cell",
    #        total: 01234567
    player=         "DDDDDFSS",
    banker_after_stand="FFFFFFFF",
    banker=dict.fromkeys(range(8), "FFFFFFFFFF"),
)
"""The textbook model of Chemin de Fer: the bettor draws on 0-4, stands on 6-7 and
chooses on 5; the banker chooses in every cell, knowing his total and the bettor's
third card (or that he stood).  An analysis model, not a table anyone plays by."""


MATRIX_LIMIT = 4096
"""Most entries of a payoff matrix the report lists (larger games are solved, not listed)."""


# -- card models -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class CardModel:
    """How cards come out: ``counts`` per point value 0-9, drawn without replacement
    (a real shoe) or with replacement (``replacement=True``: each draw sees the same
    counts, as from an infinite deck)."""

    name: str
    counts: tuple[int, ...]
    replacement: bool = False
    title: Message | None = field(default=None, compare=False, repr=False)
    """:attr:`name` as a message, for readers of other languages (``None``: the name as given)."""

    def name_text(self, lang: str | None = None) -> str:
        """:attr:`name` (English data) in ``lang`` (``None``: the default language).

        >>> INFINITE_DECK.name_text("es"), shoe_model(6).name_text("es")
        ('baraja infinita', '312 cartas: 6 barajas completas')
        """
        return self.name if self.title is None else self.title.render(lang)

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def denominator(self) -> int:
        """Number of equally likely ordered six-card deals."""
        n = self.total
        if self.replacement:
            return n ** 6
        out = 1
        for i in range(6):
            out *= n - i
        return out


INFINITE_DECK = CardModel(name="infinite deck", counts=(4, 1, 1, 1, 1, 1, 1, 1, 1, 1), replacement=True,
                          title=message("infinite deck"))
"""Every card 0 with probability 4/13 and 1-9 with 1/13 each, whatever came before."""


def shoe_model(shoe: ShoeSpec = 6) -> CardModel:
    """A real shoe, drawn without replacement (the home game uses 6 decks).

    >>> shoe_model(6).denominator == 312 * 311 * 310 * 309 * 308 * 307
    True
    """
    composition: Composition = as_composition(shoe)
    title = composition.description()
    return CardModel(name=str(title), counts=composition.points, title=title)


# -- decision points -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, order=True)
class BettorPoint:
    """Where the bettor chooses: his two-card total (and his two cards' values, if split by cards)."""

    total: int
    cards: tuple[int, int] | None = None

    def __str__(self) -> str:
        return self.label("en")

    def label(self, lang: str | None = None) -> str:
        """The point in words; ``str()`` is the English label, which the JSON data uses.

        >>> BettorPoint(5).label("en"), BettorPoint(5, (2, 3)).label("es")
        ('bettor 5', 'apostador 5 (2+3)')
        """
        return self.words().render(lang)

    def words(self) -> Message:
        """The point as a message, to be rendered in any language."""
        cards = "" if self.cards is None else f" ({self.cards[0]}+{self.cards[1]})"
        return message("bettor {total}{cards}", total=self.total, cards=cards)


@dataclass(frozen=True, slots=True)
class BankerPoint:
    """Where the banker chooses: his total, the bettor's third card (``None``: the bettor
    stood) and, if split by cards, the values of his own two cards."""

    total: int
    third: int | None
    cards: tuple[int, int] | None = None

    def __str__(self) -> str:
        return self.label("en")

    def label(self, lang: str | None = None) -> str:
        """The point in words; ``str()`` is the English label, which the JSON data uses.

        >>> BankerPoint(3, 9).label("en"), BankerPoint(3, 9).label("es"), BankerPoint(6, None).label("es")
        ('banker 3 v 9', 'banquero 3 ante 9', 'banquero 6 ante apostador plantado')
        """
        return self.words().render(lang)

    def words(self) -> Message:
        """The point as a message, to be rendered in any language."""
        cards = "" if self.cards is None else f" ({self.cards[0]}+{self.cards[1]})"
        if self.third is None:
            return message("banker {total}{cards} v stood", total=self.total, cards=cards)
        return message("banker {total}{cards} v {third}", total=self.total, cards=cards,
                       third=self.third)

    def sort_key(self) -> tuple[int, int, tuple[int, int]]:
        return (self.total, -1 if self.third is None else self.third, self.cards or (-1, -1))


_PAIRS: tuple[tuple[int, int], ...] = tuple((x, y) for x in range(10) for y in range(x, 10))


def resolve_tableau(tableau: Tableau, *, bettor_draws: Iterable[int] = (),
                    banker_draws: Iterable[tuple[int, int | None]] = ()) -> Tableau:
    """A fixed tableau: the free cells of ``tableau`` decided (draw where listed, else stand).

    >>> fixed = resolve_tableau(CHEMIN_DE_FER, bettor_draws=[5], banker_draws=[(3, 9)])
    >>> fixed.player_decision(5), fixed.banker_decision(3, 9), fixed.banker_decision(5, 4)
    (<Decision.DRAW: 'draw'>, <Decision.DRAW: 'draw'>, <Decision.STAND: 'stand'>)
    """
    bettor = set(bettor_draws)
    banker = set(banker_draws)
    free_bettor = {c.total for c in tableau.free_cells() if c.hand == "player"}
    free_banker = {(c.total, c.third) for c in tableau.free_cells() if c.hand == "banker"}
    if not bettor <= free_bettor:
        raise IllegalAction(message("bettor totals {totals} are not free cells of {name!r}",
                                    totals=str(sorted(bettor - free_bettor)), name=tableau.name))
    if not banker <= free_banker:
        raise IllegalAction(message("banker cells {cells} are not free cells of {name!r}",
                                    cells=str(sorted(banker - free_banker, key=str)),
                                    name=tableau.name))

    def letter(d: Decision, chosen: bool) -> str:
        if d is Decision.CHOICE:
            return "D" if chosen else "S"
        return d.letter

    return Tableau.from_letters(
        name=f"{tableau.name}-resolved",
        title=f"{tableau.title}, choices fixed",
        player="".join(letter(tableau.player[t], t in bettor) for t in range(8)),
        banker_after_stand="".join(letter(tableau.banker_after_stand[t], (t, None) in banker)
                                   for t in range(8)),
        banker={t: "".join(letter(tableau.banker[t][v], (t, v) in banker) for v in range(10))
                for t in range(8)},
    )


EVERY_CELL_FREE = Tableau.from_letters(
    name="every-cell-free", title="Every cell free", player="F" * 8,
    banker_after_stand="F" * 8, banker=dict.fromkeys(range(8), "F" * 10))
"""A tableau with every cell free: its game values a choice at any cell, forced ones too."""


def tableau_cell_values(tableau: Tableau, model: CardModel, *,
                        bettor: Mapping[BettorPoint, Fraction | int] | None = None,
                        banker: Mapping[BankerPoint, Fraction | int] | None = None,
                        ) -> dict[BettorPoint | BankerPoint, CellValue]:
    """What drawing and standing are worth at every cell of ``tableau``, forced cells too, to
    the side deciding there, both sides following ``tableau`` where it decides and drawing
    at its free points with the probabilities ``bettor`` and ``banker`` (left out: stand).

    Punto Banco's table as a game of one deal counted once: Banco's figures are those of
    ``banco_draw_gains`` (in ``bacara_teach.analysis.banco_cells``), and Punto on 5 gains by
    drawing.

    >>> from bacara_teach.tableau import PUNTO_BANCO
    >>> values = tableau_cell_values(PUNTO_BANCO, shoe_model(8))
    >>> three_eight = values[BankerPoint(3, 8)]
    >>> round(float(three_eight.draw - three_eight.stand), 4)
    -0.0022
    >>> values[BettorPoint(5)].better, len(values)
    ('draw', 96)
    """
    game = decision_game(EVERY_CELL_FREE, model)
    bettor, banker = dict(bettor or {}), dict(banker or {})

    def chance(decision: Decision, given: Mapping[Any, Fraction | int], point: Any) -> Fraction:
        if decision is Decision.CHOICE:
            return Fraction(given.get(point, 0))
        return Fraction(1 if decision is Decision.DRAW else 0)

    alpha = {p: chance(tableau.player_decision(p.total), bettor, p) for p in game.bettor_points}
    beta = {p: chance(tableau.banker_decision(p.total, p.third), banker, p)
            for p in game.banker_points}
    return {value.point: value for value in game.cell_values(alpha, beta)}


# -- the game ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class CellValue:
    """What each choice is worth at one decision point, to the side who decides.

    ``reach`` is the probability of a deal reaching the point; ``draw`` and
    ``stand`` the decider's expected gain per unit staked given that the point
    is reached (the bettor's for a bettor point, the banker's for a banker
    point), with the other side playing the strategy given.
    """

    point: BettorPoint | BankerPoint
    reach: Fraction
    draw: Fraction
    stand: Fraction

    @property
    def better(self) -> str:
        """``"draw"``, ``"stand"`` or ``"either"``."""
        if self.draw == self.stand:
            return "either"
        return "draw" if self.draw > self.stand else "stand"

    def better_text(self, lang: str | None = None) -> str:
        """:attr:`better` in words: ``draw``/``stand``/``either``, in Spanish ``robar``,
        ``plantarse`` or ``da igual``.

        >>> CellValue(point=BettorPoint(5), reach=Fraction(1), draw=Fraction(1), stand=Fraction(0)).better_text("es")
        'robar'
        """
        words = {"draw": ptr("better choice", "draw", lang),
                 "stand": ptr("better choice", "stand", lang),
                 "either": ptr("better choice", "either", lang)}
        return words[self.better]

    def to_dict(self, *, exact: bool = False) -> dict[str, Any]:
        def show(x: Fraction) -> float | str:
            return f"{x.numerator}/{x.denominator}" if exact else float(x)

        return {"point": str(self.point), "reach": show(self.reach), "draw": show(self.draw),
                "stand": show(self.stand), "better": self.better}


def _zeros(n: int) -> list[int]:
    return [0] * n


@dataclass(frozen=True, kw_only=True)
class DecisionGame:
    """The bettor's expectation as an exact bilinear form in both sides' choices.

    All coefficients are integer counts of ordered six-card deals; divide by
    ``denominator`` for expectations per unit staked.  ``a[i]``, ``b[j]`` and
    ``c[i][j]`` are as in the module docstring; the ``*_reach`` and
    ``*_draw``/``*_stand`` fields keep what :meth:`cell_values` needs.
    """

    tableau: Tableau
    model: CardModel
    by_cards: bool
    bettor_points: tuple[BettorPoint, ...]
    banker_points: tuple[BankerPoint, ...]
    const: int
    a: tuple[int, ...]
    b: tuple[int, ...]
    c: tuple[tuple[int, ...], ...]
    bettor_reach: tuple[int, ...]
    bettor_draw: tuple[tuple[int, tuple[int, ...]], ...]
    bettor_stand: tuple[tuple[int, tuple[int, ...]], ...]
    banker_reach: tuple[tuple[int, tuple[int, ...]], ...]
    banker_stand: tuple[tuple[int, tuple[int, ...]], ...]
    banker_diff: tuple[tuple[int, tuple[int, ...]], ...]

    @property
    def denominator(self) -> int:
        return self.model.denominator

    # -- evaluating -----------------------------------------------------------------------------
    def _alpha(self, bettor: Mapping[BettorPoint, Fraction | int] | None) -> list[Fraction]:
        return _strategy(bettor, self.bettor_points, "bettor")

    def _beta(self, banker: Mapping[BankerPoint, Fraction | int] | None) -> list[Fraction]:
        return _strategy(banker, self.banker_points, "banker")

    def expectation(self, bettor: Mapping[BettorPoint, Fraction | int] | None = None,
                    banker: Mapping[BankerPoint, Fraction | int] | None = None) -> Fraction:
        """The bettor's expected gain per unit staked; each side's map gives the probability
        of drawing at its free points (a point left out: stand)."""
        alpha, beta = self._alpha(bettor), self._beta(banker)
        return self.value_at(alpha, beta)

    def value_at(self, alpha: Sequence[Fraction], beta: Sequence[Fraction]) -> Fraction:
        """The bettor's expectation for draw probabilities listed in point order."""
        total = Fraction(self.const)
        total += sum((ai * x for ai, x in zip(self.a, alpha, strict=True)), Fraction(0))
        total += sum((bj * y for bj, y in zip(self.b, beta, strict=True)), Fraction(0))
        for i, x in enumerate(alpha):
            if x:
                total += x * sum((cij * y for cij, y in zip(self.c[i], beta, strict=True)), Fraction(0))
        return total / self.denominator

    def bettor_gradient(self, beta: Sequence[Fraction]) -> list[Fraction]:
        """d(count)/d(α_i): positive where drawing beats standing for the bettor."""
        return [self.a[i] + sum((cij * y for cij, y in zip(self.c[i], beta, strict=True)), Fraction(0))
                for i in range(len(self.a))]

    def banker_gradient(self, alpha: Sequence[Fraction]) -> list[Fraction]:
        """d(count)/d(β_j): negative where drawing beats standing for the banker."""
        return [self.b[j] + sum((self.c[i][j] * x for i, x in enumerate(alpha)), Fraction(0))
                for j in range(len(self.b))]

    def cell_values(self, bettor: Mapping[BettorPoint, Fraction | int] | None = None,
                    banker: Mapping[BankerPoint, Fraction | int] | None = None) -> tuple[CellValue, ...]:
        """The worth of drawing and of standing at every free point, to the side deciding,
        with the two sides playing ``bettor`` and ``banker`` elsewhere."""
        alpha, beta = self._alpha(bettor), self._beta(banker)
        n = self.denominator
        out = []
        for i, point in enumerate(self.bettor_points):
            reach = self.bettor_reach[i]
            if not reach:
                continue
            draw = _linear(self.bettor_draw[i], beta)
            stand = _linear(self.bettor_stand[i], beta)
            out.append(CellValue(point=point, reach=Fraction(reach, n), draw=draw / reach,
                                 stand=stand / reach))
        for j, banker_point in enumerate(self.banker_points):
            reach_j = _linear(self.banker_reach[j], alpha)
            if not reach_j:
                continue
            stand_j = _linear(self.banker_stand[j], alpha)
            draw_j = stand_j + _linear(self.banker_diff[j], alpha)
            out.append(CellValue(point=banker_point, reach=reach_j / n, draw=-draw_j / reach_j,
                                 stand=-stand_j / reach_j))
        return tuple(out)

    # -- the normal form ----------------------------------------------------------------------------
    def pure_strategies(self) -> tuple[tuple[tuple[bool, ...], ...], tuple[tuple[bool, ...], ...]]:
        """Every pure strategy of each side: a draw (True) or stand (False) at each free point."""
        if len(self.bettor_points) > 12 or len(self.banker_points) > 12:
            raise IllegalAction(message(
                "too many free points for a table of pure strategies; solve the game with "
                "solve_decision_game() instead"))
        rows = tuple(product((True, False), repeat=len(self.bettor_points)))
        cols = tuple(product((True, False), repeat=len(self.banker_points)))
        return rows, cols

    def payoff_matrix(self) -> list[list[Fraction]]:
        """The bettor's expectation for each pair of pure strategies (rows: bettor)."""
        rows, cols = self.pure_strategies()
        return [[self.value_at([Fraction(x) for x in r], [Fraction(y) for y in s]) for s in cols]
                for r in rows]

    def payoff_matrix_dict(self, *, exact: bool = False, limit: int = MATRIX_LIMIT) -> dict[str, Any]:
        """The payoff matrix as JSON-ready data, labelled.

        Each pure strategy is written one letter per free point, in the order
        of ``bettor_points`` (rows) or ``banker_points`` (columns): ``D``
        draws there, ``S`` stands.  ``values`` are the bettor's expectations
        per unit staked (``"n/d"`` strings when ``exact``).  A game with more
        than ``limit`` entries gives ``values`` None and says why in ``omitted``.

        >>> table = decision_game(CHEMIN_DE_FER, INFINITE_DECK).payoff_matrix_dict(exact=True)
        >>> table["bettor_points"], table["banker_points"], table["rows"], table["columns"]
        (['bettor 5'], ['banker 3 v 9', 'banker 5 v 4'], ['D', 'S'], ['DD', 'DS', 'SD', 'SS'])
        >>> table["values"][0][0]
        '-4560/371293'
        """
        m, k = len(self.bettor_points), len(self.banker_points)
        out: dict[str, Any] = {
            "bettor_points": [str(p) for p in self.bettor_points],
            "banker_points": [str(p) for p in self.banker_points],
            "rows": None, "columns": None, "values": None, "omitted": None,
        }
        if 2 ** (m + k) > limit:
            out["omitted"] = (f"{_count(m)} x {_count(k)} pure strategies ({m} bettor and {k} banker "
                              f"free points) are too many to list: more than {limit} entries")
            return out

        def show(x: Fraction) -> float | str:
            return f"{x.numerator}/{x.denominator}" if exact else float(x)

        rows, cols = self.pure_strategies()
        out["rows"] = ["".join("D" if d else "S" for d in r) for r in rows]
        out["columns"] = ["".join("D" if d else "S" for d in c) for c in cols]
        out["values"] = [[show(v) for v in row] for row in self.payoff_matrix()]
        return out


def _count(points: int) -> str:
    """How many pure strategies ``points`` free points give: 2 ** points, written short when huge."""
    return str(2 ** points) if points <= 16 else f"2^{points}"


def _linear(form: tuple[int, tuple[int, ...]], x: Sequence[Fraction]) -> Fraction:
    const, coefficients = form
    return const + sum((k * v for k, v in zip(coefficients, x, strict=True)), Fraction(0))


def _strategy(given: Mapping[Any, Fraction | int] | None, points: Sequence[Any], who: str) -> list[Fraction]:
    if given is None:
        return [Fraction(0)] * len(points)
    unknown = [p for p in given if p not in points]
    if unknown:
        # the points as the data names them (their English labels, the keys a caller gives)
        template = (N_("{point} is not a free point of the bettor; the free points are {names}")
                    if who == "bettor" else
                    N_("{point} is not a free point of the banker; the free points are {names}"))
        raise IllegalAction(Message(template, params={"point": str(unknown[0]),
                                                      "names": ", ".join(map(str, points))}))
    out = []
    for p in points:
        x = given.get(p, 0)
        if isinstance(x, bool) or not isinstance(x, int | Fraction) or not 0 <= x <= 1:
            raise NotationError(message(
                "invalid probability {x!r} at {point}: expected a Fraction from 0 to 1", x=x,
                point=p.words() if isinstance(p, BettorPoint | BankerPoint) else str(p)))
        out.append(Fraction(x))
    return out


def _sign(p: int, b: int) -> int:
    return (p > b) - (p < b)


def decision_game(tableau: Tableau = CHEMIN_DE_FER, model: CardModel | None = None, *,
                  by_cards: bool = False) -> DecisionGame:
    """Count every deal once and build the game of ``tableau``'s free cells.

    ``model`` defaults to the home game's six decks drawn without replacement;
    ``by_cards=True`` lets each side's choice depend on its own two cards.
    Naturals work as in Punto Banco: a two-card 8 or 9 on either side ends
    the coup (in Chemin de Fer the banker's natural is shown after the bettor
    has announced, and a card he asked for is not given: the same outcome).
    """
    return _decision_game(tableau, shoe_model(6) if model is None else model, by_cards)


@cache
def _decision_game(tableau: Tableau, model: CardModel, by_cards: bool) -> DecisionGame:
    c = list(model.counts)
    n = model.total
    repl = model.replacement
    after4 = n if repl else n - 4
    after5 = n if repl else n - 5
    tail = after4 * after5
    bettor_free = {cell.total for cell in tableau.free_cells() if cell.hand == "player"}
    {(cell.total, cell.third) for cell in tableau.free_cells() if cell.hand == "banker"}
    player_draws = [t < 8 and tableau.player[t] is Decision.DRAW for t in range(10)]

    def banker_rule(b: int, third: int | None) -> Decision:
        return tableau.banker_after_stand[b] if third is None else tableau.banker[b][third]

    bettor_index: dict[BettorPoint, int] = {}
    banker_index: dict[BankerPoint, int] = {}
    # Accumulators, grown as points are met.
    acc: dict[str, Any] = {"const": 0}
    a: list[int] = []
    b_lin: list[int] = []
    c_rows: list[dict[int, int]] = []
    b_reach: list[int] = []
    b_draw0: list[int] = []
    b_drawl: list[dict[int, int]] = []
    b_stand0: list[int] = []
    b_standl: list[dict[int, int]] = []
    k_reach0: list[int] = []
    k_reachl: list[dict[int, int]] = []
    k_stand0: list[int] = []
    k_standl: list[dict[int, int]] = []
    k_diff0: list[int] = []
    k_diffl: list[dict[int, int]] = []

    def bettor_point(p: int, pair: tuple[int, int]) -> int:
        point = BettorPoint(p, pair if by_cards else None)
        i = bettor_index.get(point)
        if i is None:
            i = bettor_index[point] = len(a)
            a.append(0)
            c_rows.append({})
            b_reach.append(0)
            b_draw0.append(0)
            b_drawl.append({})
            b_stand0.append(0)
            b_standl.append({})
        return i

    def banker_point(bt: int, third: int | None, pair: tuple[int, int]) -> int:
        point = BankerPoint(bt, third, pair if by_cards else None)
        j = banker_index.get(point)
        if j is None:
            j = banker_index[point] = len(b_lin)
            b_lin.append(0)
            k_reach0.append(0)
            k_reachl.append({})
            k_stand0.append(0)
            k_standl.append({})
            k_diff0.append(0)
            k_diffl.append({})
        return j

    def add(d: dict[int, int], key: int, x: int) -> None:
        d[key] = d.get(key, 0) + x

    def branch(i: int | None, drew: bool, j: int | None, *, weight: int, sv: int, dv: int) -> None:
        """One bettor branch: bettor point i (None: forced) taking the draw or stand
        branch, reaching banker point j (None: fixed, value sv) with stand value sv and
        draw-minus-stand dv."""
        if i is None:
            acc["const"] += sv
            if j is not None:
                b_lin[j] += dv
                k_reach0[j] += weight
                k_stand0[j] += sv
                k_diff0[j] += dv
            return
        if drew:
            a[i] += sv
            b_draw0[i] += sv
            if j is not None:
                add(c_rows[i], j, dv)
                add(b_drawl[i], j, dv)
                add(k_reachl[j], i, weight)
                add(k_standl[j], i, sv)
                add(k_diffl[j], i, dv)
            return
        acc["const"] += sv
        a[i] -= sv
        b_stand0[i] += sv
        if j is not None:
            b_lin[j] += dv
            add(c_rows[i], j, -dv)
            add(b_standl[i], j, dv)
            k_reach0[j] += weight
            add(k_reachl[j], i, -weight)
            k_stand0[j] += sv
            add(k_standl[j], i, -sv)
            k_diff0[j] += dv
            add(k_diffl[j], i, -dv)

    for x, y in _PAIRS:
        wp = c[x] * (c[y] - (0 if repl else 1)) if x == y else 2 * c[x] * c[y]
        if wp <= 0:
            continue
        p = (x + y) % 10
        if not repl:
            c[x] -= 1
            c[y] -= 1
        i = bettor_point(p, (x, y)) if p in bettor_free else None
        for u, z in _PAIRS:
            wb = c[u] * (c[z] - (0 if repl else 1)) if u == z else 2 * c[u] * c[z]
            if wb <= 0:
                continue
            w = wp * wb
            bt = (u + z) % 10
            if p >= 8 or bt >= 8:
                g = w * tail * _sign(p, bt)
                acc["const"] += g
                if i is not None:
                    b_reach[i] += w * tail
                    b_draw0[i] += g
                    b_stand0[i] += g
                continue
            if i is not None:
                b_reach[i] += w * tail
            if not repl:
                c[u] -= 1
                c[z] -= 1
            # The bettor stands (forced, or the stand branch of a free point).
            if i is not None or not player_draws[p]:
                rule = banker_rule(bt, None)
                sv = w * tail * _sign(p, bt)
                if rule is Decision.STAND:
                    branch(i, False, None, weight=w * tail, sv=sv, dv=0)
                else:
                    alt = w * after5 * sum(c[t] * _sign(p, (bt + t) % 10) for t in range(10))
                    if rule is Decision.DRAW:
                        branch(i, False, None, weight=w * tail, sv=alt, dv=0)
                    else:
                        branch(i, False, banker_point(bt, None, (u, z)), weight=w * tail, sv=sv, dv=alt - sv)
            # The bettor draws (forced, or the draw branch of a free point).
            if i is not None or player_draws[p]:
                for v in range(10):
                    cv = c[v]
                    if not cv:
                        continue
                    q = (p + v) % 10
                    weight = w * cv * after5
                    rule = banker_rule(bt, v)
                    sv = weight * _sign(q, bt)
                    if rule is Decision.STAND:
                        branch(i, True, None, weight=weight, sv=sv, dv=0)
                        continue
                    if not repl:
                        c[v] -= 1
                    alt = w * cv * sum(c[t] * _sign(q, (bt + t) % 10) for t in range(10))
                    if not repl:
                        c[v] += 1
                    if rule is Decision.DRAW:
                        branch(i, True, None, weight=weight, sv=alt, dv=0)
                    else:
                        branch(i, True, banker_point(bt, v, (u, z)), weight=weight, sv=sv, dv=alt - sv)
            if not repl:
                c[u] += 1
                c[z] += 1
        if not repl:
            c[x] += 1
            c[y] += 1

    bettor_order = sorted(bettor_index)
    banker_order = sorted(banker_index, key=BankerPoint.sort_key)
    bi = [bettor_index[p] for p in bettor_order]
    ki = [banker_index[p] for p in banker_order]
    remap_k = {old: new for new, old in enumerate(ki)}
    remap_b = {old: new for new, old in enumerate(bi)}

    def vec(d: dict[int, int], remap: dict[int, int], size: int) -> tuple[int, ...]:
        out = _zeros(size)
        for k, v in d.items():
            out[remap[k]] = v
        return tuple(out)

    m, k = len(bi), len(ki)
    return DecisionGame(
        tableau=tableau,
        model=model,
        by_cards=by_cards,
        bettor_points=tuple(bettor_order),
        banker_points=tuple(banker_order),
        const=acc["const"],
        a=tuple(a[i] for i in bi),
        b=tuple(b_lin[j] for j in ki),
        c=tuple(vec(c_rows[i], remap_k, k) for i in bi),
        bettor_reach=tuple(b_reach[i] for i in bi),
        bettor_draw=tuple((b_draw0[i], vec(b_drawl[i], remap_k, k)) for i in bi),
        bettor_stand=tuple((b_stand0[i], vec(b_standl[i], remap_k, k)) for i in bi),
        banker_reach=tuple((k_reach0[j], vec(k_reachl[j], remap_b, m)) for j in ki),
        banker_stand=tuple((k_stand0[j], vec(k_standl[j], remap_b, m)) for j in ki),
        banker_diff=tuple((k_diff0[j], vec(k_diffl[j], remap_b, m)) for j in ki),
    )


# -- solving ----------------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class DecisionSolution:
    """An exact solution: the value (the bettor's expected gain per unit staked; negative
    means the banker's advantage) and each side's optimal probability of drawing at each of
    its free points."""

    game: DecisionGame
    value: Fraction
    bettor: dict[BettorPoint, Fraction]
    banker: dict[BankerPoint, Fraction]
    method: str

    def method_text(self, lang: str | None = None) -> str:
        """How the game was solved, in ``lang`` (see :func:`~bacara_teach.analysis.matrix_game.method_text`)."""
        return method_text(self.method, lang)

    def mixed_points(self) -> dict[str, Fraction]:
        """Only the points where a side mixes (neither always draws nor always stands)."""
        both: dict[str, Fraction] = {}
        for point, p in [*self.bettor.items(), *self.banker.items()]:
            if 0 < p < 1:
                both[str(point)] = p
        return both

    def to_dict(self, *, exact: bool = False) -> dict[str, Any]:
        def show(x: Fraction) -> float | str:
            return f"{x.numerator}/{x.denominator}" if exact else float(x)

        return {
            "tableau": self.game.tableau.name,
            "cards": self.game.model.name,
            "by_cards": self.game.by_cards,
            "value": show(self.value),
            "method": self.method,
            "bettor_draws": {str(p): show(x) for p, x in self.bettor.items()},
            "banker_draws": {str(p): show(x) for p, x in self.banker.items()},
        }


def check_decision_solution(game: DecisionGame, alpha: Sequence[Fraction], beta: Sequence[Fraction]) -> None:
    """Raise unless each side's strategy is a best reply to the other's (exactly)."""
    for i, g in enumerate(game.bettor_gradient(beta)):
        x = alpha[i]
        if (x > 0 and g < 0) or (x < 1 and g > 0):
            raise IllegalAction(message("the bettor's choice at {point} is not a best reply",
                                        point=game.bettor_points[i].words()))
    for j, h in enumerate(game.banker_gradient(alpha)):
        y = beta[j]
        if (y > 0 and h > 0) or (y < 1 and h < 0):
            raise IllegalAction(message("the banker's choice at {point} is not a best reply",
                                        point=game.banker_points[j].words()))


def _banker_reply(game: DecisionGame, alpha: Sequence[Fraction]) -> list[Fraction]:
    return [Fraction(1) if h < 0 else Fraction(0) for h in game.banker_gradient(alpha)]


def _solve_one_bettor_point(game: DecisionGame) -> tuple[list[Fraction], list[Fraction]]:
    """The bettor has one free point: his guaranteed count is concave and piecewise linear in
    his probability q of drawing; its maximum is at 0, 1 or a point where some banker point
    is indifferent.  The banker then mixes at the indifferent point(s) so that the bettor is
    indifferent too."""
    a0, b, col = game.a[0], game.b, list(zip(*game.c, strict=True))
    cs = [r[0] for r in col]

    def guaranteed(q: Fraction) -> Fraction:
        return a0 * q + sum((min(Fraction(0), bj + cj * q) for bj, cj in zip(b, cs, strict=True)), Fraction(0))

    candidates = {Fraction(0), Fraction(1)}
    for bj, cj in zip(b, cs, strict=True):
        if cj:
            q = Fraction(-bj, cj)
            if 0 < q < 1:
                candidates.add(q)
    q_best = max(sorted(candidates), key=guaranteed)
    alpha = [q_best]
    h = game.banker_gradient(alpha)
    beta = [Fraction(1) if hj < 0 else Fraction(0) for hj in h]
    slope = a0 + sum((cj * y for cj, y in zip(cs, beta, strict=True)), Fraction(0))
    free = [j for j, hj in enumerate(h) if hj == 0 and cs[j]]
    if 0 < q_best < 1:
        # Choose the indifferent points' mix so the bettor's slope is 0.
        for j in free:
            if slope == 0:
                break
            need = -slope / cs[j]
            beta[j] = min(Fraction(1), max(Fraction(0), need))
            slope += cs[j] * beta[j]
    elif q_best == 0:
        for j in free:
            if cs[j] < 0:
                beta[j] = Fraction(1)
    else:
        for j in free:
            if cs[j] > 0:
                beta[j] = Fraction(1)
    return alpha, beta


def _solve_by_matrix(game: DecisionGame, method: str) -> tuple[list[Fraction], list[Fraction], GameSolution]:
    rows, cols = game.pure_strategies()
    solution = solve_matrix_game(game.payoff_matrix(), method=method)
    alpha = [sum((p for r, p in zip(rows, solution.rows, strict=True) if r[i]), Fraction(0))
             for i in range(len(game.bettor_points))]
    beta = [sum((p for s, p in zip(cols, solution.columns, strict=True) if s[j]), Fraction(0))
            for j in range(len(game.banker_points))]
    return alpha, beta, solution


def _solve_sequence_form(game: DecisionGame) -> tuple[list[Fraction], list[Fraction]]:
    """A linear program over behaviour strategies (scipy, imported here), then the mixing
    points' equations solved again in fractions; the caller verifies exactly."""
    linprog = import_linprog()
    m, k = len(game.a), len(game.b)
    scale = float(game.denominator)
    # Variables: alpha (m), z (k). Maximise a.alpha + sum z  <=>  minimise -(...).
    cost = [-x / scale for x in game.a] + [-1.0] * k
    rows, rhs = [], []
    for j in range(k):
        row = [-game.c[i][j] / scale for i in range(m)] + [0.0] * k
        row[m + j] = 1.0
        rows.append(row)
        rhs.append(game.b[j] / scale)
    bounds = [(0.0, 1.0)] * m + [(None, 0.0)] * k
    result = linprog(cost, A_ub=rows, b_ub=rhs, bounds=bounds, method="highs")
    if result.status != 0:
        raise IllegalAction(message("the linear program failed: {why}", why=str(result.message)))
    alpha_f = list(result.x[:m])
    beta_f = [-float(d) for d in result.ineqlin.marginals]

    def classify(values: Sequence[float]) -> tuple[list[Fraction | None], list[int]]:
        fixed: list[Fraction | None] = []
        mixed = []
        for idx, v in enumerate(values):
            if v < 1e-9:
                fixed.append(Fraction(0))
            elif v > 1 - 1e-9:
                fixed.append(Fraction(1))
            else:
                fixed.append(None)
                mixed.append(idx)
        return fixed, mixed

    alpha_fixed, mixed_i = classify(alpha_f)
    beta_fixed, mixed_j = classify(beta_f)
    if len(mixed_i) != len(mixed_j):
        raise IllegalAction(message(
            "the linear program's mixing points do not pair up; no exact solution found"))
    alpha = [x if x is not None else Fraction(0) for x in alpha_fixed]
    beta = [y if y is not None else Fraction(0) for y in beta_fixed]
    if mixed_i:
        # Banker indifferent at mixed j: b_j + sum_i C_ij alpha_i = 0.
        lhs = [[Fraction(game.c[i][j]) for i in mixed_i] for j in mixed_j]
        base = game.banker_gradient(alpha)
        sol = solve_linear_system(lhs, [-base[j] for j in mixed_j])
        # Bettor indifferent at mixed i: a_i + sum_j C_ij beta_j = 0.
        lhs2 = [[Fraction(game.c[i][j]) for j in mixed_j] for i in mixed_i]
        base2 = game.bettor_gradient(beta)
        sol2 = solve_linear_system(lhs2, [-base2[i] for i in mixed_i])
        if sol is None or sol2 is None:
            raise IllegalAction(message("the mixing equations are singular; no exact solution found"))
        for i, x in zip(mixed_i, sol, strict=True):
            alpha[i] = x
        for j, y in zip(mixed_j, sol2, strict=True):
            beta[j] = y
    return alpha, beta


def solve_decision_game(game: DecisionGame, *, method: str = "auto") -> DecisionSolution:
    """Solve ``game`` exactly and verify it (each side's strategy a best reply to the other's).

    ``method``: ``"auto"`` (one bettor point: the exact one-variable method, no
    linear program; else the payoff matrix if small, else the sequence-form
    linear program), ``"matrix"`` (pure strategies, solved by
    :func:`~bacara_teach.analysis.matrix_game.solve_matrix_game`), ``"lp"``
    (the linear program, verified exactly).
    """
    if method not in ("auto", "matrix", "lp"):
        raise NotationError(message("invalid method {method!r}: expected 'auto', 'matrix' or 'lp'",
                                    method=method))
    m, k = len(game.bettor_points), len(game.banker_points)
    if method == "auto":
        if m == 0:
            alpha: list[Fraction] = []
            beta = _banker_reply(game, alpha)
            how = "banker's best reply (the bettor has no choice)"
        elif m == 1:
            alpha, beta = _solve_one_bettor_point(game)
            how = "one bettor point: exact maximum of a concave piecewise-linear function"
        elif m + k <= 10:
            alpha, beta, solution = _solve_by_matrix(game, "auto")
            how = f"payoff matrix {2 ** m}x{2 ** k} ({solution.method})"
        else:
            alpha, beta = _solve_sequence_form(game)
            how = "sequence-form linear program, verified exactly"
    elif method == "matrix":
        alpha, beta, solution = _solve_by_matrix(game, "auto")
        how = f"payoff matrix {2 ** m}x{2 ** k} ({solution.method})"
    else:
        alpha, beta = _solve_sequence_form(game)
        how = "sequence-form linear program, verified exactly"
    check_decision_solution(game, alpha, beta)
    return DecisionSolution(
        game=game,
        value=game.value_at(alpha, beta),
        bettor=dict(zip(game.bettor_points, alpha, strict=True)),
        banker=dict(zip(game.banker_points, beta, strict=True)),
        method=how,
    )


def chemin_de_fer_report(*, decks: int = 6, exact: bool = False) -> dict[str, Any]:
    """The games of the home Chemin de Fer rules and of the classic model, solved (for the CLI).

    Each entry gives the value (the bettor's expected gain per unit staked),
    both sides' optimal probabilities of drawing at their free points, the
    worth of drawing and of standing at each free point ("cells") to the side
    who decides there, when both play the solution, and the payoff matrix of
    pure strategies (:meth:`DecisionGame.payoff_matrix_dict`).  A game that
    needs a linear program when scipy is not installed has an ``error``
    entry instead of a solution; the other games are solved all the same.
    """
    shoe = shoe_model(decks)
    games = {
        "several_bettors": decision_game(CHEMIN_DE_FER, shoe),
        "single_bettor": decision_game(CHEMIN_DE_FER_SINGLE_BETTOR, shoe),
        "several_bettors_by_cards": decision_game(CHEMIN_DE_FER, shoe, by_cards=True),
        "classic_model": decision_game(CLASSIC_MODEL, INFINITE_DECK),
        "seed_cells_infinite_deck": decision_game(CHEMIN_DE_FER, INFINITE_DECK),
    }
    report: dict[str, Any] = {}
    for name, game in games.items():
        matrix = game.payoff_matrix_dict(exact=exact)
        try:
            solution = solve_decision_game(game)
        except SolverUnavailable as missing:
            # Only this game needs a linear program: say so and go on with the others.
            report[name] = {"tableau": game.tableau.name, "cards": game.model.name,
                            "by_cards": game.by_cards, "error": str(missing),
                            "payoff_matrix": matrix}
            continue
        entry = solution.to_dict(exact=exact)
        # What each choice is worth where the rules leave it free, both sides playing the solution.
        entry["cells"] = [v.to_dict(exact=exact) for v in game.cell_values(solution.bettor, solution.banker)]
        entry["payoff_matrix"] = matrix
        report[name] = entry
    return report
