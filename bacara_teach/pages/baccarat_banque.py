"""The tables and the self-check of the chapter "Baccarat Banque", from the engine.

Every figure is the engine's exact value of the banker's two choices
(:func:`bacara_teach.baccarat_banque.decision_values`), written in the reader's language:
``+75.61`` in English, ``+75,61`` in Spanish.

>>> chips(Fraction(-1237, 100), "en"), chips(Fraction(-1237, 100), "es") == "\\u221212,37"
('−12.37', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from bacara_teach.baccarat_banque import (
    LEFT,
    RIGHT,
    BankerView,
    BanqueCoup,
    SideSeen,
    Stakes,
    aim_at_larger_stake,
    decision_values,
)
from bacara_teach.cards import format_cards
from bacara_teach.i18n import resolve_language
from bacara_teach.practice.drill import Check, SelfCheck, answer_labels
from bacara_teach.tableau import Decision
from bacara_teach.text import N_, format_number, tr

__all__ = [
    "CHECKS",
    "SITUATIONS",
    "Situation",
    "agreement_text",
    "banker_checks",
    "chips",
    "self_check",
    "settlement_check",
    "values_html",
    "values_rows",
]


@dataclass(frozen=True, slots=True)
class Situation:
    """A banker's decision to price: his two cards, each side's face-up third card, the stakes."""

    banker: str
    right: str | None
    left: str | None
    stakes: Stakes

    def view(self) -> BankerView:
        return BankerView.situation(self.banker, right=self.right, left=self.left,
                                    stakes=self.stakes)


def _three(banker: str, right: str | None, left: str | None) -> list[Situation]:
    """The same cards with equal stakes, more on the right, more on the left."""
    return [Situation(banker, right, left, Stakes(r, left_stake))
            for r, left_stake in ((100, 100), (100, 20), (20, 100))]


SITUATIONS: tuple[Situation, ...] = (
    *_three("3♥ 2♠", "K♦", None),   # the banker on 5, a ten drawn on the right, the left stood
    *_three("4♥ K♠", "A♦", "7♣"),
    *_three("6♥ K♠", "A♦", "7♣"),
    *_three("3♥ K♠", "9♦", None),
)
"""The situations the chapter prices."""

CHECKS: tuple[Situation, ...] = (
    Situation("3♥ 2♠", "K♦", None, Stakes(10, 60)),
    Situation("4♥ K♠", "A♦", "7♣", Stakes(80, 10)),
    Situation("6♥ K♠", "A♦", "7♣", Stakes(10, 80)),
)
"""The situations the self-check asks about (not the table's own stakes)."""

HEAD = (N_("Banker"), N_("Right side"), N_("Left side"), N_("Stakes, right and left"),
        N_("Standing is worth"), N_("Drawing is worth"), N_("Better for the bank"))


def chips(value: Fraction, lang: str | None = None) -> str:
    """An expected result in chips, signed, to two decimals, in ``lang``."""
    return format_number(float(value), "+.2f", resolve_language(lang))


def _side_cell(seen: SideSeen, lang: str) -> str:
    if seen.third_card is None:
        return tr("stood", lang)
    return tr("drew {card} face up", lang, card=seen.third_card)


def values_rows(situations: Iterable[Situation]) -> list[tuple[Situation, dict[Decision, Fraction]]]:
    """Each situation with the bank's exact value of standing and of drawing."""
    return [(s, decision_values(s.view())) for s in situations]


def _better(values: dict[Decision, Fraction]) -> Decision:
    return Decision.DRAW if values[Decision.DRAW] > values[Decision.STAND] else Decision.STAND


def values_html(rows: Sequence[tuple[Situation, dict[Decision, Fraction]]],
                lang: str | None = None) -> str:
    """The table of the banker's decisions: what standing and drawing are worth to the bank."""
    code = resolve_language(lang)
    labels = answer_labels(code)
    head = "".join(f"<th>{escape(tr(h, code))}</th>" for h in HEAD)
    body = []
    for situation, values in rows:
        view = situation.view()
        stakes = tr("{right} and {left}", code, right=view.stakes.right, left=view.stakes.left)
        better = _better(values)
        body.append(
            f"<tr data-better='{better.value}'><th>{escape(format_cards(view.cards))} "
            f"({view.total})</th><td>{escape(_side_cell(view.right, code))}</td>"
            f"<td>{escape(_side_cell(view.left, code))}</td><td>{escape(stakes)}</td>"
            f"<td>{chips(values[Decision.STAND], code)}</td>"
            f"<td>{chips(values[Decision.DRAW], code)}</td>"
            f"<td>{escape(labels[better.value])}</td></tr>")
    return (f"<table class='bt-table bt-banque-values'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>")


def agreement_text(rows: Sequence[tuple[Situation, dict[Decision, Fraction]]],
                   lang: str | None = None) -> str:
    """How often the plain rule of thumb (Punto Banco's table against the larger stake) is right.

    >>> rows = values_rows(SITUATIONS[:3])
    >>> agreement_text(rows, "en")
    'In 2 of these 3 situations the rule of thumb, playing Punto Banco’s banker table against the side with the larger stake, takes the better decision.'
    """
    code = resolve_language(lang)
    agree = sum(aim_at_larger_stake(s.view()) is _better(v) for s, v in rows)
    return tr("In {agree} of these {count} situations the rule of thumb, playing Punto Banco’s "
              "banker table against the side with the larger stake, takes the better decision.",
              code, agree=agree, count=len(rows))


def banker_checks(situations: Iterable[Situation], lang: str | None = None) -> list[Check]:
    """One question per situation: draw or stand, answered by the engine's exact values."""
    code = resolve_language(lang)
    labels = answer_labels(code)
    choices = (labels["draw"], labels["stand"])
    checks = []
    for number, situation in enumerate(situations, start=1):
        view = situation.view()
        values = decision_values(view)
        better = _better(values)
        why = tr("Standing is worth {stand} chips to the bank, drawing {draw}.", code,
                 stand=chips(values[Decision.STAND], code), draw=chips(values[Decision.DRAW], code))
        prompt = view.describe(code) + " " + tr("Draw or stand?", code)
        checks.append(Check(str(number), labels[better.value], why, choices, prompt=prompt))
    return checks


def settlement_check(number: int, coup: BanqueCoup, lang: str | None = None) -> Check:
    """A question on a finished coup: how much the bank wins, a whole number of chips."""
    from bacara_teach.baccarat_banque import settlement_text

    code = resolve_language(lang)
    bank = coup.settlement.bank
    if bank.denominator != 1 or bank <= 0:
        raise ValueError("the question needs a coup that the bank wins, by whole chips")
    totals = coup.totals()
    prompt = tr("Right {right} ({rt}), left {left} ({lt}), banker {banker} ({bt}); stakes: {rs} "
                "on the right, {ls} on the left, {cs} à cheval. How many chips does the bank win?", code, right=format_cards(coup.right), rt=totals[RIGHT],
                left=format_cards(coup.left), lt=totals[LEFT], banker=format_cards(coup.banker),
                bt=totals["banker_final"], rs=coup.stakes.right, ls=coup.stakes.left,
                cs=coup.stakes.cheval)
    return Check(str(number), (int(bank),), settlement_text(coup, code), prompt=prompt)


def self_check(coup: BanqueCoup, lang: str | None = None) -> SelfCheck:
    """The chapter's self-check: the banker's decisions, then one settlement."""
    checks = banker_checks(CHECKS, lang)
    checks.append(settlement_check(len(checks) + 1, coup, lang))
    return SelfCheck(*checks, lang=lang)
