"""The chapter on the third-card rule: what the third card tells, what each cell of Banco's
table is worth, and the chapter's self-check, in the page's language.

>>> cell_words((3, 8), "en"), cell_words((6, None), "es")
('3 against 8', '6 cuando Punto se plantó')
>>> per_100_text(-0.0123, "en"), per_100_text(-0.0123, "es") == "\\u22121,23"
('−1.23', True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from bacara_teach.i18n import resolve_language
from bacara_teach.pages.cards_and_scoring import and_list
from bacara_teach.reference import html_table
from bacara_teach.text import format_number, ptr, tr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from bacara_teach.practice.drill import SelfCheck

__all__ = ["banco_action", "cell_values", "cell_words", "per_100_text", "self_check",
           "third_card_info_html"]

CellKey = tuple[int, "int | None"]


def banco_action(drew: bool, lang: str | None = None) -> str:
    """What Banco does, as the verb of a sentence: "draws" or "stands"."""
    return ptr("Banco", "draws", lang) if drew else ptr("Banco", "stands", lang)


def third_card_info_html(possible: Mapping[int, Sequence[int]], lang: str | None = None) -> str:
    """For each value of Punto's third card, the final totals Punto may hold."""
    head = [tr("Third card counts", lang), tr("Punto's final total is one of", lang),
            tr("How many", lang)]
    return html_table(head, [[value, ", ".join(map(str, totals)), len(totals)]
                             for value, totals in possible.items()],
                      css_class="bt-third-info",
                      caption=tr("What the third card tells about Punto's total", lang))


def per_100_text(gain: Fraction | float, lang: str | None = None) -> str:
    """A gain per unit staked, written per 100 staked with its sign: ``+1.23``."""
    return format_number(float(gain) * 100, "+.2f", resolve_language(lang))


def cell_words(key: CellKey, lang: str | None = None) -> str:
    """One cell of Banco's table in words: "3 against 8", "6 when Punto stood"."""
    total, third = key
    if third is None:
        return tr("{total} when Punto stood", lang, total=total)
    return tr("{total} against {third}", lang, total=total, third=third)


def cell_values(gains: Mapping[CellKey, Fraction], keys: Sequence[CellKey],
                lang: str | None = None, *, separator: str | None = None) -> str:
    """Cells with what drawing there is worth per 100: "3 against 8 (-0.55) and ...";
    ``separator`` joins them instead of a list in words ("; ")."""
    items = [f"{cell_words(key, lang)} ({per_100_text(gains[key], lang)})" for key in keys]
    return separator.join(items) if separator is not None else and_list(items, lang)


def self_check(cards: str = "6♣ 3♦ K♥ 2♠ 4♥", lang: str | None = None) -> SelfCheck:
    """Does Punto draw, does Banco draw: the coup's own steps answer and explain."""
    from bacara_teach.narration import narrate_step
    from bacara_teach.practice.drill import Check, SelfCheck
    from bacara_teach.punto_banco import Coup

    lang = resolve_language(lang)
    quiz = Coup.from_cards(cards)
    rule = {step.actor: narrate_step(step, lang) for step in quiz.steps if step.cell is not None}
    return SelfCheck(
        Check.yes_no("1", len(quiz.punto) == 3, rule["punto"],
                     prompt=tr("Does Punto draw?", lang), lang=lang),
        Check.yes_no("2", len(quiz.banco) == 3, rule["banco"],
                     prompt=tr("Does Banco draw?", lang), lang=lang),
        lang=lang,
    )
