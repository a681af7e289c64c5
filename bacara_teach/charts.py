"""The tableau drawn as a chart: plain text, Markdown and HTML.

Every rendering reads the :class:`~bacara_teach.tableau.Tableau` data, so
the table printed by the CLI, shown on the site and quizzed in the exercises
is the table the engine plays by.

>>> print(tableau_text(PUNTO_BANCO))  # doctest: +NORMALIZE_WHITESPACE
Punto Banco (fixed rules)
Player: draws on 0–5, stands on 6–7 (8 and 9 are naturals: nobody draws).
Banker: row = banker's two-card total; column = point value of the player's third card
(10/J/Q/K count 0), or "stood" when the player did not draw.
D = draw, S = stand, F = free choice.
total | stood | 0 1 2 3 4 5 6 7 8 9
    0 |   D   | D D D D D D D D D D
    1 |   D   | D D D D D D D D D D
    2 |   D   | D D D D D D D D D D
    3 |   D   | D D D D D D D D S D
    4 |   D   | S S D D D D D D S S
    5 |   D   | S S S S D D D D S S
    6 |   S   | S S S S S S D D S S
    7 |   S   | S S S S S S S S S S
"""

from __future__ import annotations

from html import escape

from bacara_teach.narration import describe_player_rule
from bacara_teach.tableau import PUNTO_BANCO, Decision, Tableau

__all__ = ["COLUMNS", "tableau_grid", "tableau_html", "tableau_markdown", "tableau_text"]

COLUMNS: tuple[int | None, ...] = (None, *range(10))
"""The banker table's columns: "player stood", then third-card values 0-9."""

_WORDS: dict[str, dict[str, str]] = {
    "en": {"draw": "draws on", "stand": "stands on", "choice": "is free on",
           "stood": "stood", "total": "total"},
    "es": {"draw": "roba con", "stand": "se planta con", "choice": "elige con",
           "stood": "se plantó", "total": "total"},
}
_DECISION_WORDS: dict[str, dict[str, str]] = {
    "en": {"draw": "draw", "stand": "stand", "choice": "free choice"},
    "es": {"draw": "roba", "stand": "se planta", "choice": "libre"},
}


def tableau_grid(tableau: Tableau) -> list[list[Decision]]:
    """The banker table as rows 0-7 of cells in :data:`COLUMNS` order."""
    return [[tableau.banker_decision(t, c) for c in COLUMNS] for t in range(8)]


def player_rule_text(tableau: Tableau, lang: str = "en") -> str:
    """The player's rule in one line, read from the data.

    >>> player_rule_text(PUNTO_BANCO, "es")
    'roba con 0–5, se planta con 6–7'
    """
    rule = describe_player_rule(tableau, lang)
    return ", ".join(f"{_WORDS[lang][k]} {v}" for k, v in rule.items())


def tableau_text(tableau: Tableau = PUNTO_BANCO) -> str:
    """The whole tableau as fixed-width text (what ``bacara-teach tableau`` prints)."""
    lines = [
        tableau.title,
        f"Player: {player_rule_text(tableau)} (8 and 9 are naturals: nobody draws).",
        "Banker: row = banker's two-card total; column = point value of the player's third card",
        '(10/J/Q/K count 0), or "stood" when the player did not draw.',
        "D = draw, S = stand, F = free choice.",
        "total | stood | " + " ".join(str(v) for v in range(10)),
    ]
    for total, row in enumerate(tableau_grid(tableau)):
        lines.append(
            f"{total:>5} |   {row[0].letter}   | " + " ".join(d.letter for d in row[1:])
        )
    return "\n".join(lines)


def tableau_markdown(tableau: Tableau = PUNTO_BANCO, lang: str = "en") -> str:
    """The banker table as a Markdown table with words in each cell."""
    words = _WORDS[lang]
    head = f"| {words['total']} | {words['stood']} | " + " | ".join(map(str, range(10))) + " |"
    rule = "|" + "---|" * 12
    rows = [
        f"| {t} | " + " | ".join(_DECISION_WORDS[lang][d.value] for d in row) + " |"
        for t, row in enumerate(tableau_grid(tableau))
    ]
    return "\n".join([head, rule, *rows])


def tableau_html(tableau: Tableau = PUNTO_BANCO, lang: str = "en",
                 highlight: tuple[int, int | None] | None = None) -> str:
    """The banker table as an accessible HTML table.

    ``highlight=(total, third)`` marks one cell (``aria-current``), as the
    coup stepper does.  Cells carry the word, not only a colour.
    """
    words = _WORDS[lang]
    head = "".join(
        f"<th scope='col'>{escape(words['stood'] if c is None else str(c))}</th>" for c in COLUMNS
    )
    body = []
    for total, row in enumerate(tableau_grid(tableau)):
        cells = []
        for column, decision in zip(COLUMNS, row, strict=True):
            mark = highlight == (total, column)
            attrs = f" class='bt-{decision.value}{' bt-current' if mark else ''}'"
            if mark:
                attrs += " aria-current='true'"
            cells.append(f"<td{attrs}>{escape(_DECISION_WORDS[lang][decision.value])}</td>")
        body.append(f"<tr><th scope='row'>{total}</th>{''.join(cells)}</tr>")
    return (
        f"<table class='bt-tableau'><caption>{escape(tableau.title)}</caption>"
        f"<thead><tr><th scope='col'>{escape(words['total'])}</th>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )
