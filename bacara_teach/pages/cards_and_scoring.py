"""The chapter on cards and scoring: the tables of points, sums and notation, the figures its
prose quotes and its self-check, in the page's language.

>>> zero_ranks_text("en"), zero_ranks_text("es")
('10, J, Q and K', '10, J, Q y K')
>>> percent_text(0.0945, "es") == "9,45\\u00a0%"
True
"""

from __future__ import annotations

from collections.abc import Sequence

from bacara_teach.cards import format_cards, hand_total, parse_card, parse_cards
from bacara_teach.i18n import resolve_language, term
from bacara_teach.reference import html_table, rank_rows
from bacara_teach.text import format_number, tr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from bacara_teach.practice.drill import SelfCheck

__all__ = ["SUM_EXAMPLES", "TYPED", "and_list", "notation_html", "percent_text", "points_html",
           "self_check", "sums_html", "zero_ranks_text"]

SUM_EXAMPLES = ("7♠ 8♦", "9♣ 7♥", "5♠ 5♥ 5♦", "10♣ 9♦", "K♠ A♥ 5♣")
"""The hands the rule sources total, in the order the page shows them."""

TYPED = ("4♥", "4h", "4H", "10♦", "Td", "ks", "K♠", "a♣", "4♡")
"""Ways of typing a card that the parser reads."""


def percent_text(share: float, lang: str | None = None, digits: int = 2) -> str:
    """A share as a percentage with ``digits`` decimals, in the reader's conventions."""
    return format_number(share, f".{digits}%", resolve_language(lang))


def points_html(lang: str | None = None) -> str:
    """Every rank with the way it is typed and its point value."""
    head = [tr("Rank", lang), tr("Typed as", lang), tr("Points", lang)]
    return html_table(head, rank_rows(), css_class="bt-points",
                      caption=tr("Point value of each rank", lang))


def and_list(items: Sequence[str], lang: str | None = None) -> str:
    """Items as a list in words: "10, J, Q and K".

    >>> and_list(["4", "6"], "es"), and_list(["9"], "en")
    ('4 y 6', '9')
    """
    if len(items) <= 1:
        return "".join(items)
    return tr("{items} and {last}", lang, items=", ".join(items[:-1]), last=items[-1])


def zero_ranks_text(lang: str | None = None) -> str:
    """The ranks that count nothing, as a list in words: "10, J, Q and K"."""
    return and_list([symbol for symbol, _, points in rank_rows() if points == 0], lang)


def sums_html(examples: Sequence[str] = SUM_EXAMPLES, lang: str | None = None) -> str:
    """Each example hand: its points, their sum and the hand's total."""
    rows = []
    for text in examples:
        cards = parse_cards(text)
        points = [card.points for card in cards]
        rows.append([format_cards(cards), " + ".join(map(str, points)), sum(points),
                     hand_total(cards)])
    head = [tr("Hand", lang), tr("Points", lang), tr("Sum", lang), "Total"]
    return html_table(head, rows, css_class="bt-sums",
                      caption=tr("Adding points, keeping the units digit", lang))


def notation_html(typed: Sequence[str] = TYPED, lang: str | None = None) -> str:
    """What the parser reads in each way of typing a card."""
    head = [tr("Typed", lang), tr("Card", lang), tr("ASCII form", lang), tr("Points", lang)]
    return html_table(head,
                      [[text, str(parse_card(text)), parse_card(text).ascii,
                        parse_card(text).points] for text in typed],
                      css_class="bt-notation", caption=tr("What the parser reads", lang))


def self_check(lang: str | None = None) -> SelfCheck:
    """The chapter's four questions, answered and explained by the engine."""
    from bacara_teach.errors import InvalidCard
    from bacara_teach.practice.drill import Check, SelfCheck
    from bacara_teach.punto_banco import Coup
    from bacara_teach.refusals import refusal_text
    from bacara_teach.tableau import is_natural

    lang = resolve_language(lang)
    three = parse_cards("6♣ 7♦ 9♠")
    queen_eight = hand_total(parse_cards("Q♥ 8♣"))
    showdown = Coup.from_cards("10♦ 9♣ 9♠ K♥")
    try:
        parse_card("1♠")
        refused = ""
    except InvalidCard as error:
        refused = refusal_text(error, lang)
    return SelfCheck(
        Check("1", (hand_total(three),),
              tr("The points add up to {sum}; only the last digit counts.", lang,
                 sum=sum(card.points for card in three))),
        Check.yes_no("2", is_natural(queen_eight),
                     tr("Q♥ 8♣ counts {total}: a two-card 8 or 9 is a natural.", lang,
                        total=queen_eight), lang=lang),
        Check("3", term(showdown.winner.value, lang),
              showdown.narrate(lang).splitlines()[-1],
              choices=tuple(term(key, lang) for key in ("punto", "banco", "empate"))),
        Check.yes_no("4", not refused, refused, lang=lang),
        lang=lang,
    )
