"""The tableau drawn as a chart: plain text, Markdown and HTML.

Every rendering reads the :class:`~bacara_teach.tableau.Tableau` data, so
the table printed by the CLI, shown on the site and quizzed in the exercises
is the table the engine plays by.

>>> print(tableau_text(PUNTO_BANCO, "en"))  # doctest: +NORMALIZE_WHITESPACE
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

from bacara_teach.i18n import resolve_language
from bacara_teach.narration import describe_player_rule
from bacara_teach.tableau import PUNTO_BANCO, Decision, Tableau

__all__ = ["COLUMNS", "player_rule_text", "tableau_grid", "tableau_html", "tableau_markdown",
           "tableau_text"]

COLUMNS: tuple[int | None, ...] = (None, *range(10))
"""The banker table's columns: "player stood", then third-card values 0-9."""

_WORDS: dict[str, dict[str, str]] = {
    "en": {"draw": "draws on", "stand": "stands on", "choice": "is free on",
           "stood": "stood", "total": "total"},
    "es": {"draw": "roba con", "stand": "se planta con", "choice": "elige libremente con",
           "stood": "se plantó", "total": "total"},
}
_DECISION_WORDS: dict[str, dict[str, str]] = {
    "en": {"draw": "draw", "stand": "stand", "choice": "free choice"},
    "es": {"draw": "roba", "stand": "se planta", "choice": "libre"},
}
_TEXT: dict[str, tuple[str, ...]] = {
    "en": (
        "Player: {rule} (8 and 9 are naturals: nobody draws).",
        "Banker: row = banker's two-card total; column = point value of the player's third card",
        '(10/J/Q/K count 0), or "stood" when the player did not draw.',
        "D = draw, S = stand, F = free choice.",
    ),
    "es": (
        "Punto: {rule} (8 y 9 son naturales: nadie roba).",
        "{Banker}: fila = total de dos cartas {of_banker}; columna = valor de la tercera carta "
        "{of_player}",
        '(10/J/Q/K valen 0), o "se plantó" cuando {player} no robó.',
        "D = roba, S = se planta, F = elección libre.",
    ),
}
# The Spanish key names the hands as each game does: Punto and Banco, or el punto and la banca.
_HANDS_ES: dict[bool, dict[str, str]] = {
    False: {"Banker": "Banco", "of_banker": "de Banco", "of_player": "de Punto",
            "player": "Punto"},
    True: {"Banker": "Banca", "of_banker": "de la banca", "of_player": "del punto",
           "player": "el punto"},
}


def tableau_grid(tableau: Tableau) -> list[list[Decision]]:
    """The banker table as rows 0-7 of cells in :data:`COLUMNS` order."""
    return [[tableau.banker_decision(t, c) for c in COLUMNS] for t in range(8)]


def player_rule_text(tableau: Tableau, lang: str | None = None) -> str:
    """The player's rule in one line, read from the data.

    >>> player_rule_text(PUNTO_BANCO, "en")
    'draws on 0–5, stands on 6–7'
    >>> player_rule_text(PUNTO_BANCO, "es")
    'roba con 0–5, se planta con 6–7'
    """
    lang = resolve_language(lang)
    rule = describe_player_rule(tableau, lang)
    return ", ".join(f"{_WORDS[lang][k]} {v}" for k, v in rule.items())


def tableau_text(tableau: Tableau = PUNTO_BANCO, lang: str | None = None) -> str:
    """The whole tableau as fixed-width text (what ``bacara-teach tableau`` prints).

    ``lang`` is ``"en"``, ``"es"`` or ``None`` (the default language).  The cell letters
    are the tableau's own (``D``, ``S``, ``F``) in both languages; the key says what they mean.

    >>> print(tableau_text(PUNTO_BANCO, "es").splitlines()[1])
    Punto: roba con 0–5, se planta con 6–7 (8 y 9 son naturales: nadie roba).
    """
    lang = resolve_language(lang)
    player, *key = _TEXT[lang]
    hands = _HANDS_ES[tableau.name.startswith("chemin")]
    key = [line.format(**hands) for line in key]
    words = _WORDS[lang]
    stood = words["stood"]
    lines = [
        tableau.title_text(lang),
        player.format(rule=player_rule_text(tableau, lang)),
        *key,
        f"{words['total']} | {stood} | " + " ".join(str(v) for v in range(10)),
    ]
    width = len(words["total"])
    for total, row in enumerate(tableau_grid(tableau)):
        lines.append(
            f"{total:>{width}} | {row[0].letter:^{len(stood)}} | " + " ".join(d.letter for d in row[1:])
        )
    return "\n".join(lines)


def tableau_markdown(tableau: Tableau = PUNTO_BANCO, lang: str | None = None) -> str:
    """The banker table as a Markdown table with words in each cell.

    >>> print(tableau_markdown(PUNTO_BANCO, "es").splitlines()[0])
    | total | se plantó | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 |
    """
    lang = resolve_language(lang)
    words = _WORDS[lang]
    head = f"| {words['total']} | {words['stood']} | " + " | ".join(map(str, range(10))) + " |"
    rule = "|" + "---|" * 12
    rows = [
        f"| {t} | " + " | ".join(_DECISION_WORDS[lang][d.value] for d in row) + " |"
        for t, row in enumerate(tableau_grid(tableau))
    ]
    return "\n".join([head, rule, *rows])


def tableau_html(tableau: Tableau = PUNTO_BANCO, lang: str | None = None,
                 highlight: tuple[int, int | None] | None = None) -> str:
    """The banker table as an accessible HTML table.

    ``highlight=(total, third)`` marks one cell (``aria-current``), as the
    coup stepper does.  Cells carry the word, not only a colour, and the tableau's letter
    (``data-letter``), which the site shows instead of the word on a narrow screen.

    >>> html = tableau_html(PUNTO_BANCO, "es", highlight=(3, 8))
    >>> "<caption>Punto Banco (reglas fijas)</caption>" in html, "aria-current='true'>se planta<" in html
    (True, True)
    """
    lang = resolve_language(lang)
    words = _WORDS[lang]
    head = "".join(
        f"<th scope='col'>{escape(words['stood'] if c is None else str(c))}</th>" for c in COLUMNS
    )
    body = []
    for total, row in enumerate(tableau_grid(tableau)):
        cells = []
        for column, decision in zip(COLUMNS, row, strict=True):
            mark = highlight == (total, column)
            attrs = (f" class='bt-{decision.value}{' bt-current' if mark else ''}'"
                     f" data-letter='{decision.letter}'")
            if mark:
                attrs += " aria-current='true'"
            cells.append(f"<td{attrs}>{escape(_DECISION_WORDS[lang][decision.value])}</td>")
        body.append(f"<tr><th scope='row'>{total}</th>{''.join(cells)}</tr>")
    return (
        f"<table class='bt-tableau'><caption>{escape(tableau.title_text(lang))}</caption>"
        f"<thead><tr><th scope='col'>{escape(words['total'])}</th>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )
