"""The tables and sentences of the chapter "Decisions and game theory in Chemin de Fer".

Each builder takes the engine's solved games (:mod:`bacara_teach.analysis.chemin_de_fer`) and
writes them in the reader's language: the worth of each free cell, the payoff matrix with its
saddle point, the classic model's optimal plan.  The figures stay exact until they are shown;
an expectation reads ``−1.23%`` in English and ``−1,23 %`` in Spanish.

>>> pct(Fraction(-1, 80), 3, "en"), pct(Fraction(-1, 80), 3, "es") == "\\u22121,250\\u00a0%"
('−1.250%', True)
>>> frac(Fraction(9, 11)), frac(Fraction(1))
('9/11', '1')
>>> situation(BankerPoint(3, 9, (1, 2)), "en")
'banker on 3 (1+2) against a face-up 9'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape
from typing import Literal

from bacara_teach.analysis.chemin_de_fer import (
    BankerPoint,
    BettorPoint,
    CardModel,
    CellValue,
    DecisionGame,
    DecisionSolution,
)
from bacara_teach.charts import COLUMNS
from bacara_teach.i18n import resolve_language
from bacara_teach.pages.chemin_de_fer import or_list
from bacara_teach.text import N_, format_number, ptr, tr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from bacara_teach.practice.drill import SelfCheck

__all__ = [
    "banker_better_text",
    "by_cards_text",
    "cell_text",
    "choice_text",
    "classic_plan_html",
    "compare_text",
    "decision_points_text",
    "frac",
    "free_same_text",
    "matrix_html",
    "pct",
    "plan_text",
    "self_check",
    "share",
    "situation",
    "values_html",
]

Point = BettorPoint | BankerPoint


def pct(x: Fraction, digits: int = 2, lang: str | None = None) -> str:
    """An expectation per unit staked, signed, for display (the value itself stays exact).

    >>> pct(Fraction(1, 8), 2, "en"), pct(Fraction(1, 8), 2, "es") == "+12,50\\u00a0%"
    ('+12.50%', True)
    """
    return format_number(float(x), f"+.{digits}%", resolve_language(lang))


def share(x: Fraction, lang: str | None = None) -> str:
    """A probability as a percentage with two decimals.

    >>> share(Fraction(1, 8), "en")
    '12.50%'
    """
    return format_number(float(x), ".2%", resolve_language(lang))


def frac(x: Fraction) -> str:
    """An exact fraction as people write it: ``9/11``, or ``1`` for a whole number."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


_SITUATIONS = {
    ("bettor", False): N_("bettor on {total}"),
    ("bettor", True): N_("bettor on {total} ({first}+{second})"),
    ("stood", False): N_("banker on {total} after the bettor stood"),
    ("stood", True): N_("banker on {total} ({first}+{second}) after the bettor stood"),
    ("third", False): N_("banker on {total} against a face-up {third}"),
    ("third", True): N_("banker on {total} ({first}+{second}) against a face-up {third}"),
}


def situation(point: Point, lang: str | None = None) -> str:
    """A free cell in words: who decides, on which total (and cards), seeing what.

    >>> situation(BettorPoint(5), "en"), situation(BankerPoint(6, None), "en")
    ('bettor on 5', 'banker on 6 after the bettor stood')
    """
    kind = ("bettor" if isinstance(point, BettorPoint)
            else "stood" if point.third is None else "third")
    cards = point.cards
    first, second = cards if cards is not None else (None, None)
    return tr(_SITUATIONS[(kind, cards is not None)], lang, total=point.total, first=first,
              second=second, third=getattr(point, "third", None))


def decision_points_text(shoe: CardModel, game: DecisionGame, lang: str | None = None) -> str:
    """The shoe counted, then the free cells at which each player decides, one line each."""
    return "\n".join((
        shoe.name_text(lang),
        tr("bettor decides at: {points}", lang,
           points=", ".join(p.label(lang) for p in game.bettor_points)),
        tr("banker decides at: {points}", lang,
           points=", ".join(p.label(lang) for p in game.banker_points)),
    ))


_CAPTIONS = {
    "several": N_("Several bettors, six decks: each choice's worth to the player deciding"),
    "single": N_("A single bettor, six decks: the bettor's choices"),
    "by-cards": N_("Several bettors, six decks: the banker's free cells by his two cards "
                   "(bettor drawing on 5)"),
}
_CSS = {"several": "bt-cell-values", "single": "bt-single-values", "by-cards": "bt-by-cards"}
_VALUE_HEADS = (N_("Free cell"), N_("Reached in"), N_("Drawing is worth"),
                N_("Standing is worth"), N_("Draw − stand"), N_("Better"))


def values_html(values: Sequence[CellValue], table: Literal["several", "single", "by-cards"],
                lang: str | None = None) -> str:
    """The worth of each free cell's choices: how often it comes up, what drawing and
    standing are worth to the player deciding there, and the better choice.

    ``table`` names which of the chapter's three tables it is (its caption and its class).
    """
    rows = "".join(
        f"<tr><th scope='row'>{escape(situation(v.point, lang))}</th>"
        f"<td>{share(v.reach, lang)}</td><td>{pct(v.draw, 2, lang)}</td>"
        f"<td>{pct(v.stand, 2, lang)}</td><td>{pct(v.draw - v.stand, 2, lang)}</td>"
        f"<td>{escape(v.better_text(lang))}</td></tr>"
        for v in values
    )
    return (f"<table class='bt-table {_CSS[table]}'><caption>{escape(tr(_CAPTIONS[table], lang))}"
            "</caption><thead><tr>"
            + "".join(f"<th scope='col'>{escape(tr(h, lang))}</th>" for h in _VALUE_HEADS)
            + "</tr></thead><tbody>" + rows + "</tbody></table>")


def banker_better_text(values: Iterable[CellValue], lang: str | None = None) -> str:
    """The banker's better choice at each of his free cells, as a list for a sentence.

    >>> from bacara_teach.analysis import decision_game, shoe_model, solve_decision_game
    >>> from bacara_teach.tableau import CHEMIN_DE_FER
    >>> game = decision_game(CHEMIN_DE_FER, shoe_model(6))
    >>> best = solve_decision_game(game)
    >>> banker_better_text(game.cell_values(best.bettor, best.banker), "en")
    'banker on 3 against a face-up 9: draw, banker on 5 against a face-up 4: draw'
    """
    # Translators: the separator between the items of a list whose items hold commas.
    separator = ptr("list of clauses", ", ", lang)
    return separator.join(tr("{situation}: {better}", lang, situation=situation(v.point, lang),
                             better=v.better_text(lang))
                          for v in values if isinstance(v.point, BankerPoint))


def by_cards_text(changed: Sequence[CellValue], lang: str | None = None) -> dict[str, str]:
    """Where the banker's best choice by his two cards differs from his choice by his total:
    the compositions (``changed``), the cell (``cell``) and the better choice (``better``)."""
    if not changed:
        return {"changed": tr("no composition", lang), "cell": tr("any cell", lang),
                "better": tr("the same", lang)}
    first = changed[0].point
    assert isinstance(first, BankerPoint)
    compositions = (f"{v.point.cards[0]}+{v.point.cards[1]}" for v in changed
                    if v.point.cards is not None)
    return {"changed": or_list(compositions, lang),
            "cell": situation(BankerPoint(first.total, first.third), lang),
            "better": changed[0].better_text(lang)}


def compare_text(value: Fraction, other: Fraction, lang: str | None = None) -> str:
    """How ``value`` compares with ``other``, for a sentence: "a shade less than"...

    >>> compare_text(Fraction(1, 3), Fraction(1, 2), "en")
    'a shade less than'
    """
    if value < other:
        return tr("a shade less than", lang)
    if value == other:
        return tr("the same as", lang)
    return tr("a shade more than", lang)


_PLAN = {True: N_("draw at {point}"), False: N_("stand at {point}")}


def plan_text(plan: Sequence[bool], points: Sequence[Point], lang: str | None = None) -> str:
    """A pure strategy in words: draw or stand at each of the player's free cells."""
    return ", ".join(tr(_PLAN[bool(choice)], lang, point=point.label(lang))
                     for choice, point in zip(plan, points, strict=True))


def matrix_html(game: DecisionGame, lang: str | None = None) -> str:
    """The payoff matrix of ``game``: a row per plan of the bettor, a column per plan of the
    banker, the bettor's exact expectation in each cell; the saddle point is marked."""
    matrix = game.payoff_matrix()
    rows, columns = game.pure_strategies()
    row_best = [max(range(len(rows)), key=lambda i: matrix[i][j]) for j in range(len(columns))]
    col_best = [min(range(len(columns)), key=lambda j: matrix[i][j]) for i in range(len(rows))]
    body = []
    for i, plan in enumerate(rows):
        cells = []
        for j in range(len(columns)):
            saddle = row_best[j] == i and col_best[i] == j
            mark = " class='bt-saddle' aria-current='true'" if saddle else ""
            cells.append(f"<td{mark}>{pct(matrix[i][j], 3, lang)}</td>")
        body.append(f"<tr><th scope='row'>{escape(plan_text(plan, game.bettor_points, lang))}"
                    f"</th>{''.join(cells)}</tr>")
    head = "".join(f"<th scope='col'>{escape(plan_text(plan, game.banker_points, lang))}</th>"
                   for plan in columns)
    caption = tr("The bettor's expectation for each pair of plans (six decks)", lang)
    corner = tr("Bettor \\ banker", lang)
    return (f"<table class='bt-table bt-matrix'><caption>{escape(caption)}</caption><thead><tr>"
            f"<th scope='col'>{escape(corner)}</th>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>")


def cell_text(p: Fraction, lang: str | None = None) -> str:
    """A cell of a banker's plan: ``draw``, ``stand``, or ``draw`` with its probability.

    >>> cell_text(Fraction(1), "en"), cell_text(Fraction(0), "en"), cell_text(Fraction(2, 3), "en")
    ('draw', 'stand', 'draw 2/3')
    """
    if p == 1:
        return ptr("plan", "draw", lang)
    if p == 0:
        return ptr("plan", "stand", lang)
    return tr("draw {p}", lang, p=frac(p))


def classic_plan_html(solution: DecisionSolution, lang: str | None = None) -> str:
    """The banker's optimal plan of a solved game as a table: a row per total, a column per
    face-up third card (or the bettor standing), each cell draw, stand or a mix."""
    grid = []
    for total in range(8):
        cells = []
        for third in COLUMNS:
            p = solution.banker[BankerPoint(total, third)]
            kind = "draw" if p == 1 else "stand" if p == 0 else "choice"
            cells.append(f"<td class='bt-{kind}'>{escape(cell_text(p, lang))}</td>")
        grid.append(f"<tr><th scope='row'>{total}</th>{''.join(cells)}</tr>")
    stood = tr("stood", lang)
    head = "".join(f"<th scope='col'>{escape(stood) if c is None else c}</th>" for c in COLUMNS)
    caption = tr("The banker's optimal plan in the classic model", lang)
    corner = tr("total", lang)
    return (f"<table class='bt-tableau bt-classic'><caption>{escape(caption)}</caption>"
            f"<thead><tr><th scope='col'>{escape(corner)}</th>{head}</tr></thead>"
            f"<tbody>{''.join(grid)}</tbody></table>")


def choice_text(p: Fraction | bool, lang: str | None = None) -> str:
    """What a player should or must do, for a sentence: draw, stand, or draw with a probability.

    >>> choice_text(Fraction(859, 2288), "en"), choice_text(False, "en")
    ('draw with probability 859/2288', 'stand')
    """
    if p == 1:
        return ptr("must", "draw", lang)
    if p == 0:
        return ptr("must", "stand", lang)
    return tr("draw with probability {p}", lang, p=frac(Fraction(p)))


def free_same_text(draws_there: bool, lang: str | None = None) -> str:
    """Whether the classic banker draws at the home session's free cells, for a sentence."""
    if draws_there:
        return tr("draws, as the home session's free cells allow", lang)
    return tr("does not always draw there", lang)


def self_check(q: Fraction, replies: Sequence[CellValue], bettor5: CellValue,
               home: DecisionSolution, lang: str | None = None) -> SelfCheck:
    """The chapter's questions, answered by the solved games: how often the classic bettor on 5
    stands (``q`` is how often he draws), the banker's 2+3 against a face-up 4 (his best replies
    card by card, ``replies``), and whether the bettor on 5 (``bettor5``) gains by mixing at the
    home session's table (its solution ``home``)."""
    from bacara_teach.practice.drill import Check, SelfCheck, answer_labels

    code = resolve_language(lang)
    shares = sorted({Fraction(0), q, 1 - q, Fraction(1)})
    words = {Fraction(0): ptr("how often", "Never", code), Fraction(1): ptr("how often", "Always", code)}
    choices = tuple(words.get(p) or tr("With probability {p}", code, p=frac(p)) for p in shares)
    stand = words.get(1 - q) or tr("With probability {p}", code, p=frac(1 - q))
    classic = tr("In the classic model the bettor on {total} draws with probability {q} and stands "
                 "with probability {stand}, at random: any fixed habit could be exploited.", code,
                 total=bettor5.point.total, q=frac(q), stand=frac(1 - q))
    cell = next(v for v in replies if v.point == BankerPoint(5, 4, (2, 3)))
    assert cell.better != "either", cell
    labels = answer_labels(code)
    banker = tr("For the {situation}, drawing is worth {draw} and standing {stand}: he should "
                "{better}.",
                code, situation=situation(cell.point, code), draw=pct(cell.draw, 2, code),
                stand=pct(cell.stand, 2, code), better=cell.better_text(code))
    mixes = 0 < home.bettor[BettorPoint(bettor5.point.total)] < 1
    mixing = tr("At the home session's table drawing on {total} is worth {draw} to the bettor and "
                "standing {stand}; a mix of the two is worth something in between, never more "
                "than the better choice, {better}.", code, total=bettor5.point.total,
                draw=pct(bettor5.draw, 2, code), stand=pct(bettor5.stand, 2, code),
                better=bettor5.better_text(code))
    return SelfCheck(
        Check("1", stand, classic, choices=choices),
        Check("2", labels[cell.better], banker, choices=(labels["draw"], labels["stand"])),
        Check.yes_no("3", mixes, mixing, lang=code),
        lang=code,
    )
