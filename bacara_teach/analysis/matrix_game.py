"""Two-person zero-sum games solved exactly, with fractions.

The row player maximises, the column player minimises.  A solution gives
the value and an optimal mixed strategy for each side, every number a
:class:`~fractions.Fraction`, and it is always checked exactly: the row
strategy must guarantee at least the value against every column, and the
column strategy at most the value against every row.

How (:func:`solve_matrix_game`): a saddle point in pure strategies first;
then weakly dominated rows and columns are set aside (the value does not
change and optimal strategies of the smaller game stay optimal); then every
square sub-matrix is tried as the kernel of a solution (Shapley and Snow:
some optimal pair always comes from one); for games too large for that, a
linear program (scipy's ``linprog``, imported only then) finds the supports
and the equations on those supports are solved again in fractions and
verified.

>>> solve_matrix_game([[1, -1], [-1, 1]])   # matching pennies
GameSolution(value=Fraction(0, 1), rows=(Fraction(1, 2), Fraction(1, 2)), columns=(Fraction(1, 2), Fraction(1, 2)), method='kernel 2x2')
>>> solve_matrix_game([[3, 1], [4, 2]]).value  # a saddle point
Fraction(2, 1)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.text import N_, Message, message

__all__ = [
    "GameSolution",
    "SolverUnavailable",
    "check_solution",
    "import_linprog",
    "method_message",
    "method_text",
    "solve_linear_system",
    "solve_matrix_game",
]

Matrix = Sequence[Sequence[Fraction | int]]

class SolverUnavailable(IllegalAction):
    """A game needs a linear program and scipy (the ``analysis`` extra) is not installed."""


def import_linprog() -> Any:
    """scipy's ``linprog``, imported only when a game needs it.

    Raises :class:`SolverUnavailable` (with the way to install it) when scipy is missing.
    """
    try:
        from scipy.optimize import linprog
    except ImportError:
        raise SolverUnavailable(message(
            "this game needs a linear program and scipy is not installed "
            "(pip install 'bacara_teach[analysis]')")) from None
    return linprog


KERNEL_LIMIT = 20_000
"""Most square sub-matrices tried before the linear program takes over."""


@dataclass(frozen=True, slots=True)
class GameSolution:
    """Value and optimal mixed strategies (row player maximises)."""

    value: Fraction
    rows: tuple[Fraction, ...]
    columns: tuple[Fraction, ...]
    method: str

    def method_text(self, lang: str | None = None) -> str:
        """:attr:`method` (the English data) in ``lang``; see :func:`method_text`."""
        return method_text(self.method, lang)


_FIXED_METHODS = (
    N_("saddle point"),
    N_("banker's best reply (the bettor has no choice)"),
    N_("one bettor point: exact maximum of a concave piecewise-linear function"),
    N_("sequence-form linear program, verified exactly"),
)
"""The methods that take no figures."""


def method_message(method: str) -> Message:
    """A solution's ``method`` (English data in a small notation: ``kernel 2x2``,
    ``payoff matrix 2x4 (kernel 2x2)``, ``linear program, verified exactly (...)``) as a
    message, to be rendered in any language.  A method in no known form is kept as it is.

    >>> method_message("payoff matrix 2x4 (kernel 2x2)").render("es")
    'matriz de pagos 2x4 (núcleo 2x2)'
    """
    if method in _FIXED_METHODS:
        return Message(method)
    if found := re.fullmatch(r"kernel (\d+)x(\d+)", method):
        return message("kernel {rows}x{columns}", rows=int(found[1]), columns=int(found[2]))
    if found := re.fullmatch(r"payoff matrix (\d+)x(\d+) \((.+)\)", method):
        return message("payoff matrix {rows}x{columns} ({method})", rows=int(found[1]),
                       columns=int(found[2]), method=method_message(found[3]))
    if found := re.fullmatch(r"linear program, verified exactly \((.+)\)", method):
        return message("linear program, verified exactly ({method})",
                       method=method_message(found[1]))
    return Message(method)


def method_text(method: str, lang: str | None = None) -> str:
    """How a game was solved (a solution's ``method``) in ``lang`` (``None``: the default).

    >>> method_text("payoff matrix 2x4 (kernel 2x2)", "es")
    'matriz de pagos 2x4 (núcleo 2x2)'
    >>> method_text("saddle point", "en")
    'saddle point'
    """
    return method_message(method).render(lang)


def _matrix(matrix: Matrix) -> list[list[Fraction]]:
    rows = [list(row) for row in matrix]
    if not rows or not rows[0] or any(len(r) != len(rows[0]) for r in rows):
        raise NotationError(message(
            "a payoff matrix needs at least one row and one column, all rows the same length"))
    out = []
    for row in rows:
        line = []
        for x in row:
            if isinstance(x, bool) or not isinstance(x, int | Fraction):
                raise NotationError(message(
                    "invalid payoff {x!r}: expected an int or a Fraction (exact numbers only)", x=x))
            line.append(Fraction(x))
        out.append(line)
    return out


def solve_linear_system(a: Sequence[Sequence[Fraction]], b: Sequence[Fraction]) -> list[Fraction] | None:
    """Solve ``a x = b`` exactly (square linear equations); ``None`` when ``a`` is singular.

    >>> solve_linear_system([[Fraction(2), Fraction(1)], [Fraction(1), Fraction(3)]], [Fraction(3), Fraction(5)])
    [Fraction(4, 5), Fraction(7, 5)]
    """
    n = len(a)
    m = [[*map(Fraction, row), Fraction(rhs)] for row, rhs in zip(a, b, strict=True)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if m[r][col] != 0), None)
        if pivot is None:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        lead = m[col][col]
        m[col] = [x / lead for x in m[col]]
        for r in range(n):
            if r != col and m[r][col] != 0:
                factor = m[r][col]
                m[r] = [x - factor * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[r][n] for r in range(n)]


def check_solution(matrix: Matrix, solution: GameSolution) -> None:
    """Raise :class:`IllegalAction` unless ``solution`` is exactly optimal for ``matrix``."""
    a = _matrix(matrix)
    x, y, v = solution.rows, solution.columns, solution.value
    if len(x) != len(a) or len(y) != len(a[0]):
        raise IllegalAction(message("the strategies do not match the size of the matrix"))
    for template, s in ((N_("the row strategy is not a probability distribution: {s}"), x),
                        (N_("the column strategy is not a probability distribution: {s}"), y)):
        if any(p < 0 for p in s) or sum(s) != 1:
            raise IllegalAction(Message(template, params={"s": str(s)}))
    for j in range(len(a[0])):
        if sum(x[i] * a[i][j] for i in range(len(a))) < v:
            raise IllegalAction(message(
                "the row strategy gets less than the value {v} against column {j}", v=str(v), j=j))
    for i in range(len(a)):
        if sum(a[i][j] * y[j] for j in range(len(a[0]))) > v:
            raise IllegalAction(message(
                "the column strategy concedes more than the value {v} to row {i}", v=str(v), i=i))


def _saddle(a: list[list[Fraction]]) -> GameSolution | None:
    row_mins = [min(r) for r in a]
    col_maxs = [max(a[i][j] for i in range(len(a))) for j in range(len(a[0]))]
    lower, upper = max(row_mins), min(col_maxs)
    if lower != upper:
        return None
    i, j = row_mins.index(lower), col_maxs.index(upper)
    rows = tuple(Fraction(int(k == i)) for k in range(len(a)))
    columns = tuple(Fraction(int(k == j)) for k in range(len(a[0])))
    return GameSolution(lower, rows, columns, "saddle point")


def _reduce(a: list[list[Fraction]]) -> tuple[list[int], list[int]]:
    """Indices of the rows and columns left once weakly dominated ones are set aside."""
    rows, cols = list(range(len(a))), list(range(len(a[0])))
    changed = True
    while changed:
        changed = False
        for i in list(rows):
            if any(k != i and all(a[k][j] >= a[i][j] for j in cols) for k in rows):
                rows.remove(i)
                changed = True
                break
        for j in list(cols):
            if any(k != j and all(a[i][k] <= a[i][j] for i in rows) for k in cols):
                cols.remove(j)
                changed = True
                break
    return rows, cols


def _kernel(a: list[list[Fraction]], rows: Sequence[int], cols: Sequence[int]) -> GameSolution | None:
    """Try the square sub-matrix ``rows x cols`` as the kernel of an optimal pair."""
    k = len(rows)
    # Row mixture x on `rows` equalising the columns: sum_i x_i a[i][j] - v = 0; sum x = 1.
    lhs = [[a[i][j] for i in rows] + [Fraction(-1)] for j in cols]
    lhs.append([Fraction(1)] * k + [Fraction(0)])
    rhs = [Fraction(0)] * k + [Fraction(1)]
    xs = solve_linear_system(lhs, rhs)
    if xs is None or any(p < 0 for p in xs[:k]):
        return None
    lhs = [[a[i][j] for j in cols] + [Fraction(-1)] for i in rows]
    lhs.append([Fraction(1)] * k + [Fraction(0)])
    ys = solve_linear_system(lhs, rhs)
    if ys is None or any(p < 0 for p in ys[:k]) or ys[k] != xs[k]:
        return None
    v = xs[k]
    x = [Fraction(0)] * len(a)
    y = [Fraction(0)] * len(a[0])
    for i, p in zip(rows, xs, strict=False):
        x[i] = p
    for j, p in zip(cols, ys, strict=False):
        y[j] = p
    if any(sum(x[i] * a[i][j] for i in range(len(a))) < v for j in range(len(a[0]))):
        return None
    if any(sum(a[i][j] * y[j] for j in range(len(a[0]))) > v for i in range(len(a))):
        return None
    return GameSolution(v, tuple(x), tuple(y), f"kernel {k}x{k}")


def _kernels(a: list[list[Fraction]], rows: Sequence[int], cols: Sequence[int]) -> GameSolution | None:
    for k in range(1, min(len(rows), len(cols)) + 1):
        for r in combinations(rows, k):
            for c in combinations(cols, k):
                found = _kernel(a, r, c)
                if found is not None:
                    return found
    return None


def _kernels_containing(a: list[list[Fraction]], rows: Sequence[int],
                        cols: Sequence[int]) -> GameSolution | None:
    """Kernels whose rows and columns contain the given supports (an optimal pair's
    kernel may add rows or columns played with probability 0)."""
    other_rows = [i for i in range(len(a)) if i not in rows]
    other_cols = [j for j in range(len(a[0])) if j not in cols]
    tried = 0
    for k in range(max(len(rows), len(cols), 1), min(len(a), len(a[0])) + 1):
        for extra_r in combinations(other_rows, k - len(rows)):
            for extra_c in combinations(other_cols, k - len(cols)):
                tried += 1
                if tried > KERNEL_LIMIT:
                    return None
                found = _kernel(a, sorted([*rows, *extra_r]), sorted([*cols, *extra_c]))
                if found is not None:
                    return found
    return None


def _kernel_count(m: int, n: int) -> int:
    return sum(comb(m, k) * comb(n, k) for k in range(1, min(m, n) + 1))


def _linear_program(a: list[list[Fraction]]) -> GameSolution:
    linprog = import_linprog()  # optional: only games too large to enumerate need it
    m, n = len(a), len(a[0])
    shift = 1 - min(min(r) for r in a)  # make every payoff positive: value > 0
    # min sum(u) s.t. A^T u >= 1, u >= 0; then x = u / sum(u), value = 1 / sum(u) - shift.
    at = [[-float(a[i][j] + shift) for i in range(m)] for j in range(n)]
    result = linprog([1.0] * m, A_ub=at, b_ub=[-1.0] * n, bounds=[(0, None)] * m, method="highs")
    if result.status != 0:
        raise IllegalAction(message("the linear program failed: {why}", why=str(result.message)))
    u = list(result.x)
    w = [-float(d) for d in result.ineqlin.marginals]
    scale = max(*u, 1e-300)
    support_rows = [i for i in range(m) if u[i] > 1e-9 * scale]
    wscale = max(*w, 1e-300)
    support_cols = [j for j in range(n) if w[j] > 1e-9 * wscale]
    found = _kernels_containing(a, support_rows, support_cols)
    if found is None:
        raise IllegalAction(message("the linear program's supports did not give an exact solution"))
    return GameSolution(found.value, found.rows, found.columns, f"linear program, verified exactly ({found.method})")


def solve_matrix_game(matrix: Matrix, *, method: str = "auto") -> GameSolution:
    """Solve the zero-sum game ``matrix`` exactly (rows maximise).

    ``method``: ``"auto"`` (saddle point, dominance, kernels; the linear
    program only for large games), ``"exact"`` (never the linear program),
    ``"lp"`` (the linear program, then exact verification).

    >>> s = solve_matrix_game([[Fraction(2), Fraction(-1)], [Fraction(-1), Fraction(1)]])
    >>> s.value, s.rows
    (Fraction(1, 5), (Fraction(2, 5), Fraction(3, 5)))
    """
    if method not in ("auto", "exact", "lp"):
        raise NotationError(message("invalid method {method!r}: expected 'auto', 'exact' or 'lp'",
                                    method=method))
    a = _matrix(matrix)
    if method == "lp":
        solution = _linear_program(a)
    else:
        solution = _saddle(a) or _solve_reduced(a, allow_lp=method == "auto")
    check_solution(a, solution)
    return solution


def _solve_reduced(a: list[list[Fraction]], *, allow_lp: bool) -> GameSolution:
    rows, cols = _reduce(a)
    if _kernel_count(len(rows), len(cols)) <= KERNEL_LIMIT or not allow_lp:
        found = _kernels(a, rows, cols)
        if found is not None:
            return found
        raise IllegalAction(message("no exact solution found among the kernels"))  # pragma: no cover - theorem
    return _linear_program(a)
