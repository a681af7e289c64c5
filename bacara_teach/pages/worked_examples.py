"""The worked examples chapter: the words its prose and tables use for Banco's cells, the
settlement of example 1 and the coverage table of every situation, in the page's language.

>>> from bacara_teach.tableau import Decision
>>> says(Decision.STAND, "en"), says(Decision.STAND, "es")
('stands', 'se planta')
>>> label(("drew", 3, Decision.DRAW), "en"), label(("tie",), "es")
('Punto drew; Banco on 3 must draw', 'un empate (Empate)')
>>> other_language("en") != "en"
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bacara_teach.i18n import resolve_language
from bacara_teach.pages.rules_punto_banco import signed_text
from bacara_teach.punto_banco import Coup
from bacara_teach.reference import html_table
from bacara_teach.settlement import SettledBet
from bacara_teach.tableau import Cell, Decision
from bacara_teach.text import SOURCE_LANGUAGE, language_codes, ptr, tr

__all__ = ["banco_cell", "cell_text", "coup_heading", "coverage_html", "label",
           "other_language", "result_word", "row_words", "says", "settlement_html"]

Target = tuple[object, ...]
"""A situation a coup may reach: ``("drew", total, decision)``, ``("stood", None, decision)``,
``("natural", side)`` or ``("tie",)``."""


def banco_cell(coup: Coup) -> Cell | None:
    """The cell of Banco's table that decided the coup (``None`` after a natural)."""
    return next((s.cell for s in coup.steps if s.actor == "banco" and s.cell is not None), None)


def says(decision: Decision, lang: str | None = None) -> str:
    """What a cell says Banco does, as the verb of a sentence ("stands", "se planta")."""
    words = {"draw": ptr("Banco", "draws", lang), "stand": ptr("Banco", "stands", lang),
             "choice": ptr("Banco", "chooses freely", lang)}
    return words[decision.value]


def other_language(lang: str | None = None) -> str:
    """A language the page is not written in: the source language, or for the source
    language the first other one."""
    code = resolve_language(lang)
    return next(other for other in (SOURCE_LANGUAGE, *language_codes()) if other != code)


def row_words(same: bool, lang: str | None = None) -> str:
    """Whether a second coup puts Banco on the same row as the first."""
    return tr("the same row", lang) if same else tr("another row", lang)


def result_word(result: str, lang: str | None = None) -> str:
    """A prediction's result (``won``, ``lost``, ``push``) as a word."""
    words = {"won": ptr("prediction", "won", lang), "lost": ptr("prediction", "lost", lang),
             "push": ptr("prediction", "push", lang)}
    return words[result]


def settlement_html(paid: Sequence[SettledBet], lang: str | None = None) -> str:
    """One prediction of each kind settled on example 1: its result and its net."""
    return html_table([tr("Prediction", lang), tr("Result", lang), tr("Net", lang)],
                      [[p.bet.on.label, result_word(p.result.value, lang),
                        signed_text(p.net, lang)] for p in paid],
                      css_class="bt-settlement",
                      caption=tr("One prediction of each kind on example 1 (home table)", lang))


def label(target: Target, lang: str | None = None) -> str:
    """A situation in words: "Punto drew; Banco on 3 must draw"."""
    kind = target[0]
    if kind in ("drew", "stood"):
        decision = target[2]
        assert isinstance(decision, Decision)
        must = (ptr("must", "draw", lang) if decision is Decision.DRAW
                else ptr("must", "stand", lang))
        if kind == "drew":
            return tr("Punto drew; Banco on {total} must {decision}", lang, total=target[1],
                      decision=must)
        return tr("Punto stood; Banco must {decision}", lang, decision=must)
    if kind == "natural":
        naturals = {"punto": tr("Punto has a natural", lang),
                    "banco": tr("Banco has a natural", lang),
                    "table": tr("both hands are naturals", lang)}
        return naturals[str(target[1])]
    return tr("a tie (Empate)", lang)


def cell_text(coup: Coup, lang: str | None = None) -> str:
    """The cell of Banco's table a coup used, in words."""
    cell = banco_cell(coup)
    if cell is None:
        return tr("none: nobody draws", lang)
    if cell.third is None:
        return tr("row {row}, stood", lang, row=cell.total)
    return tr("row {row}, column {column}", lang, row=cell.total, column=cell.third)


def _dealt(seed: int) -> Coup:
    from bacara_teach.punto_banco import play_coup
    from bacara_teach.shoe import Shoe

    return play_coup(Shoe.standard(8, seed=seed))


def coverage_html(chosen: Mapping[Target, int], lang: str | None = None) -> str:
    """One coup for each situation: its seed, its cards, Banco's cell and the winner."""
    rows = []
    for target, seed in chosen.items():
        coup = _dealt(seed)
        rows.append([label(target, lang), seed, " ".join(map(str, coup.cards)),
                     cell_text(coup, lang), coup.winner.value.capitalize()])
    head = [tr("Situation", lang), tr("Seed", lang), tr("Cards in deal order", lang),
            tr("Banco's cell", lang), tr("Winner", lang)]
    return html_table(head, rows, css_class="bt-coverage",
                      caption=tr("One coup for each situation", lang))


def coup_heading(target: Target, seed: int, lang: str | None = None) -> str:
    """The heading of one coup of the coverage, in Markdown: the situation and its seed."""
    title = label(target, lang)
    return tr("**{situation}** (seed {seed})", lang, situation=title[0].upper() + title[1:],
              seed=seed)
