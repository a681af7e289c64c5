"""The history chapter: where Punto Banco's and Chemin de Fer's tables disagree, the same
cards under both games, and the chapter's self-check, in the page's language.

>>> word("bettor", "es"), word("choice", "es"), word("choice", "en")
('los apostadores', 'elección libre', 'choice')
>>> situation(next(iter(differences()))[1], "en")
'Punto (the bettor) on 5'
"""

from __future__ import annotations

from collections.abc import Sequence

from bacara_teach.i18n import resolve_language
from bacara_teach.reference import html_table
from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Cell
from bacara_teach.text import ntr, ptr, tr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from bacara_teach.chemin_de_fer import CheminDeFerCoup
    from bacara_teach.practice.drill import SelfCheck
    from bacara_teach.punto_banco import Coup

__all__ = ["differences", "differences_html", "same_cards_html", "self_check", "situation",
           "word"]


def word(value: str, lang: str | None = None) -> str:
    """An engine value (a cell's decision, a winner, a forced draw) as a word of ``lang``."""
    words = {
        "draw": ptr("history table", "draw", lang),
        "stand": ptr("history table", "stand", lang),
        "choice": ptr("history table", "choice", lang),
        "forced": ptr("history table", "forced", lang),
        "punto": ptr("history table", "punto", lang),
        "banco": ptr("history table", "banco", lang),
        "empate": ptr("history table", "empate", lang),
        "push": ptr("history table", "push", lang),
        "bettor": ptr("history table", "bettor", lang),
        "banker": ptr("history table", "banker", lang),
    }
    return words[value]


def situation(cell: Cell, lang: str | None = None) -> str:
    """A cell in words, with both games' names of the two hands."""
    if cell.hand == "player":
        return tr("Punto (the bettor) on {total}", lang, total=cell.total)
    if cell.third is None:
        return tr("Banco (the banker) on {total} after a stand", lang, total=cell.total)
    return tr("Banco (the banker) on {total} against a third card worth {third}", lang,
              total=cell.total, third=cell.third)


def differences() -> list[tuple[Cell, Cell]]:
    """The cells, Punto Banco's then Chemin de Fer's, where the two tables disagree."""
    return [(pb, cdf) for pb, cdf in zip(PUNTO_BANCO.cells(), CHEMIN_DE_FER.cells(), strict=True)
            if pb.decision is not cdf.decision]


def differences_html(found: Sequence[tuple[Cell, Cell]], lang: str | None = None) -> str:
    """The table of the cells where the two games' tables disagree."""
    lang = resolve_language(lang)
    return html_table(
        [tr("Situation", lang), PUNTO_BANCO.title_text(lang), CHEMIN_DE_FER.title_text(lang)],
        [[situation(cdf, lang), word(pb.decision.value, lang), word(cdf.decision.value, lang)]
         for pb, cdf in found],
        css_class="bt-differences", caption=tr("Where the two tables disagree", lang))


def same_cards_html(cards: str, punto_banco: Coup, courses: Sequence[CheminDeFerCoup],
                    lang: str | None = None) -> str:
    """The same cards dealt under Punto Banco and along every course of Chemin de Fer."""
    lang = resolve_language(lang)
    rows = [["Punto Banco", word("forced", lang), word("forced", lang),
             " ".join(map(str, punto_banco.punto)), " ".join(map(str, punto_banco.banco)),
             word(punto_banco.winner.value, lang)]]
    rows += [["Chemin de Fer",
              word(coup.bettor_choice.value if coup.bettor_choice else "forced", lang),
              word(coup.banker_choice.value if coup.banker_choice else "forced", lang),
              " ".join(map(str, coup.bettor)), " ".join(map(str, coup.banker)),
              word(coup.winner.value, lang)]
             for coup in courses]
    head = [tr("Game", lang), tr("Bettor's choice", lang), tr("Banker's choice", lang),
            tr("Punto / bettor", lang), tr("Banco / banker", lang), tr("Winner", lang)]
    return html_table(head, rows, css_class="bt-same-cards",
                      caption=tr("The cards {cards} under both games", lang, cards=cards))


def self_check(found: Sequence[tuple[Cell, Cell]], lang: str | None = None) -> SelfCheck:
    """The chapter's questions: the legend, Punto Banco's decisions, the disagreements."""
    from bacara_teach.practice.drill import Check, SelfCheck

    lang = resolve_language(lang)
    free = len(PUNTO_BANCO.free_cells())
    return SelfCheck(
        Check.yes_no("1", False, tr(
            "No: the table of claims above marks it a legend; no source the course relies on "
            "documents it.", lang), lang=lang),
        Check.yes_no("2", bool(free), ntr(
            "Punto Banco's table has {count} free cell: every draw is fixed.",
            "Punto Banco's table has {count} free cells: every draw is fixed.", free, lang),
            lang=lang),
        Check("3", "; ".join(situation(cdf, lang) for _, cdf in found), " ".join(
            tr("{situation}: {first} {first_word}, {second} {second_word}.", lang,
               situation=situation(cdf, lang), first=PUNTO_BANCO.title_text(lang),
               first_word=word(pb.decision.value, lang), second=CHEMIN_DE_FER.title_text(lang),
               second_word=word(cdf.decision.value, lang))
            for pb, cdf in found), open=True),
        lang=lang,
    )
