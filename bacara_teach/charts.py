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

from bacara_teach.narration import describe_player_rule
from bacara_teach.tableau import PUNTO_BANCO, Decision, Tableau
from bacara_teach.text import ptr, tr

__all__ = ["COLUMNS", "decision_letter", "decision_word", "player_rule_text", "tableau_grid",
           "tableau_html", "tableau_markdown", "tableau_text"]

COLUMNS: tuple[int | None, ...] = (None, *range(10))
"""The banker table's columns: "player stood", then third-card values 0-9."""


def decision_letter(decision: Decision, lang: str | None = None) -> str:
    """The letter of a tableau cell as a reader of ``lang`` reads it (``D``, ``S``, ``F``).

    The tableau's own letters (``Decision.letter``) are its data; this is their rendering.

    >>> [decision_letter(d, "en") for d in Decision], [decision_letter(d, "es") for d in Decision]
    (['D', 'S', 'F'], ['R', 'P', 'L'])
    """
    if decision is Decision.DRAW:
        return ptr("tableau letter: draw", "D", lang)
    if decision is Decision.STAND:
        return ptr("tableau letter: stand", "S", lang)
    return ptr("tableau letter: free choice", "F", lang)


def decision_word(decision: Decision, lang: str | None = None) -> str:
    """The word a tableau cell shows: ``draw``, ``stand``, ``free choice``.

    >>> decision_word(Decision.STAND, "es"), decision_word(Decision.CHOICE, "en")
    ('se planta', 'free choice')
    """
    if decision is Decision.DRAW:
        return ptr("tableau cell", "draw", lang)
    if decision is Decision.STAND:
        return ptr("tableau cell", "stand", lang)
    return ptr("tableau cell", "free choice", lang)


def _stood(lang: str | None) -> str:
    return ptr("tableau column", "stood", lang)


def _total(lang: str | None) -> str:
    return ptr("tableau column", "total", lang)


def _key(tableau: Tableau, lang: str | None) -> list[str]:
    """The lines that say how to read the table; each game names its hands its own way."""
    if tableau.name.startswith("chemin"):
        return [
            ptr("Chemin de Fer tableau",
                "Banker: row = banker's two-card total; column = point value of the player's "
                "third card", lang),
            ptr("Chemin de Fer tableau",
                '(10/J/Q/K count 0), or "stood" when the player did not draw.', lang),
        ]
    return [
        tr("Banker: row = banker's two-card total; column = point value of the player's "
           "third card", lang),
        tr('(10/J/Q/K count 0), or "stood" when the player did not draw.', lang),
    ]


def _player_line(tableau: Tableau, lang: str | None) -> str:
    rule = player_rule_text(tableau, lang)
    if tableau.name.startswith("chemin"):
        return ptr("Chemin de Fer tableau",
                   "Player: {rule} (8 and 9 are naturals: nobody draws).", lang, rule=rule)
    return tr("Player: {rule} (8 and 9 are naturals: nobody draws).", lang, rule=rule)


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
    words = {"draw": lambda v: tr("draws on {values}", lang, values=v),
             "stand": lambda v: tr("stands on {values}", lang, values=v),
             "choice": lambda v: tr("is free on {values}", lang, values=v)}
    rule = describe_player_rule(tableau, lang)
    return ", ".join(words[k](v) for k, v in rule.items())


def tableau_text(tableau: Tableau = PUNTO_BANCO, lang: str | None = None) -> str:
    """The whole tableau as fixed-width text (what ``bacara-teach tableau`` prints).

    ``lang`` is ``"en"``, ``"es"`` or ``None`` (the default language).  The cell letters
    are the tableau's (``D``, ``S``, ``F``) as the language reads them
    (:func:`decision_letter`); the key says what they mean.

    >>> print(tableau_text(PUNTO_BANCO, "es").splitlines()[1])
    Punto: roba con 0–5, se planta con 6–7 (8 y 9 son naturales: nadie roba).
    >>> print(tableau_text(PUNTO_BANCO, "es").splitlines()[4])
    R = roba, P = se planta, L = elección libre.
    """
    letter = {d: decision_letter(d, lang) for d in Decision}
    stood, total_word = _stood(lang), _total(lang)
    lines = [
        tableau.title_text(lang),
        _player_line(tableau, lang),
        *_key(tableau, lang),
        tr("{draw} = draw, {stand} = stand, {choice} = free choice.", lang,
           draw=letter[Decision.DRAW], stand=letter[Decision.STAND],
           choice=letter[Decision.CHOICE]),
        f"{total_word} | {stood} | " + " ".join(str(v) for v in range(10)),
    ]
    width = len(total_word)
    for total, row in enumerate(tableau_grid(tableau)):
        lines.append(
            f"{total:>{width}} | {letter[row[0]]:^{len(stood)}} | "
            + " ".join(letter[d] for d in row[1:])
        )
    return "\n".join(lines)


def tableau_markdown(tableau: Tableau = PUNTO_BANCO, lang: str | None = None) -> str:
    """The banker table as a Markdown table with words in each cell.

    >>> print(tableau_markdown(PUNTO_BANCO, "es").splitlines()[0])
    | total | se plantó | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 |
    """
    head = f"| {_total(lang)} | {_stood(lang)} | " + " | ".join(map(str, range(10))) + " |"
    rule = "|" + "---|" * 12
    rows = [
        f"| {t} | " + " | ".join(decision_word(d, lang) for d in row) + " |"
        for t, row in enumerate(tableau_grid(tableau))
    ]
    return "\n".join([head, rule, *rows])


def tableau_html(tableau: Tableau = PUNTO_BANCO, lang: str | None = None,
                 highlight: tuple[int, int | None] | None = None) -> str:
    """The banker table as an accessible HTML table.

    ``highlight=(total, third)`` marks one cell (``aria-current``), as the
    coup stepper does.  Cells carry the word, not only a colour, and the tableau's letter in
    the page's language (``data-letter``), which the site shows instead of the word on a
    narrow screen.

    >>> html = tableau_html(PUNTO_BANCO, "es", highlight=(3, 8))
    >>> "<caption>Punto Banco (reglas fijas)</caption>" in html, "aria-current='true'>se planta<" in html
    (True, True)
    >>> "data-letter='P'" in html, "data-letter='S'" in html
    (True, False)
    """
    head = "".join(
        f"<th scope='col'>{escape(_stood(lang) if c is None else str(c))}</th>" for c in COLUMNS
    )
    letter = {d: escape(decision_letter(d, lang), quote=True) for d in Decision}
    word = {d: escape(decision_word(d, lang)) for d in Decision}
    body = []
    for total, row in enumerate(tableau_grid(tableau)):
        cells = []
        for column, decision in zip(COLUMNS, row, strict=True):
            mark = highlight == (total, column)
            attrs = (f" class='bt-{decision.value}{' bt-current' if mark else ''}'"
                     f" data-letter='{letter[decision]}'")
            if mark:
                attrs += " aria-current='true'"
            cells.append(f"<td{attrs}>{word[decision]}</td>")
        body.append(f"<tr><th scope='row'>{total}</th>{''.join(cells)}</tr>")
    return (
        f"<table class='bt-tableau'><caption>{escape(tableau.title_text(lang))}</caption>"
        f"<thead><tr><th scope='col'>{escape(_total(lang))}</th>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )
