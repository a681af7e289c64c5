"""The tables and sentences of the reference page "Rules summary: Chemin de Fer".

The page states the home session's rules in one place; its figures come from the session's
constants (:mod:`bacara_teach.chemin_de_fer_session`) and its tables from the tableau data,
written in the reader's language.

>>> "<td>6</td>" in constants_html("en"), "Barajas" in constants_html("es")
(True, True)
>>> money_answer(24, 12, 12, "en")
'24 = the stakes covered, 12 + the win, 12'
"""

from __future__ import annotations

from bacara_teach import chemin_de_fer_session as cdf
from bacara_teach.i18n import resolve_language
from bacara_teach.narration import describe_player_rule
from bacara_teach.reference import html_table
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import CHEMIN_DE_FER, CHEMIN_DE_FER_SINGLE_BETTOR, PUNTO_BANCO, Tableau
from bacara_teach.text import N_, format_number, ptr, tr

__all__ = [
    "bank_answer_text",
    "bettor_rule_html",
    "constants_html",
    "money_answer",
    "same_elsewhere_text",
]


def constants_html(lang: str | None = None) -> str:
    """The home session's constants as a table: players, decks, chips, coups, banks and bets."""
    def number(value: int) -> str:
        return format_number(value, "", resolve_language(lang))

    rows = [
        [tr("Participants, the banker included", lang),
         tr("{low} to {high}", lang, low=cdf.MIN_PLAYERS, high=cdf.MAX_PLAYERS)],
        [tr("Decks", lang), number(cdf.DECKS)],
        [tr("Cards in the shoe", lang), number(Shoe.standard(cdf.DECKS).remaining)],
        [ptr("rule", "Shuffle", lang),
         tr("once, before the session; cards are discarded after each coup, none burnt", lang)],
        [tr("Chips each at the start", lang), number(cdf.STARTING_CHIPS)],
        [tr("Coups in a session", lang), number(cdf.COUPS)],
        [tr("Smallest new bank", lang), number(cdf.MIN_BANK)],
        [tr("Smallest bet", lang),
         tr("{chips}, within the bettor's own chips (no loans)", lang, chips=cdf.MIN_BET)],
        [tr("Commission", lang), ptr("commission", "none", lang)],
    ]
    return html_table([tr("Rule", lang), tr("Value", lang)], rows, css_class="bt-cdf-constants",
                      caption=tr("The home session, read from the engine", lang))


_DECISIONS = {"draw": N_("must draw"), "choice": N_("free choice"), "stand": N_("must stand")}


def bettor_rule_html(lang: str | None = None) -> str:
    """The bettor's rule with a single bettor and with several: the two-card totals on which
    he must draw, may choose and must stand."""
    rows = []
    for title, table in ((tr("A single bettor", lang), CHEMIN_DE_FER_SINGLE_BETTOR),
                         (tr("Several bettors", lang), CHEMIN_DE_FER)):
        rule = describe_player_rule(table, lang)
        rows.append([title, *(rule.get(decision, tr("never", lang)) for decision in _DECISIONS)])
    return html_table([tr("Bettors", lang), *(tr(text, lang) for text in _DECISIONS.values())],
                      rows, css_class="bt-cdf-bettor",
                      caption=tr("The bettor's two-card total", lang))


def same_elsewhere_text(table: Tableau = CHEMIN_DE_FER, other: Tableau = PUNTO_BANCO,
                        lang: str | None = None) -> str:
    """Whether every fixed cell of ``table``'s banker is the same as in ``other``, for a sentence.

    >>> same_elsewhere_text(lang="en")
    'the same as'
    """
    same = all(
        table.banker_decision(total, third) is other.banker_decision(total, third)
        for total in range(8) for third in (None, *range(10))
        if table.banker_decision(total, third).value != "choice")
    return ptr("cells", "the same as", lang) if same else ptr("cells", "not the same as", lang)


def bank_answer_text(accepted: bool, lang: str | None = None) -> str:
    """What the engine does with a bank offered to continue: it accepts it or refuses it."""
    return tr("accepts", lang) if accepted else tr("refuses", lang)


def money_answer(minimum: int, covered: int, win: int, lang: str | None = None) -> str:
    """Why a bank must continue with at least ``minimum``: the stakes covered plus the win."""
    return tr("{minimum} = the stakes covered, {covered} + the win, {win}", lang,
              minimum=minimum, covered=covered, win=win)
