"""Rich display for notebooks: cards and coups as accessible HTML.

Imported lazily by the ``_repr_html_`` methods, so the engine never needs it.
Every card carries a text alternative (``aria-label="4 of hearts"``) and the
suit symbol itself, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from bacara_teach.cards import Card, hand_total

if TYPE_CHECKING:
    from bacara_teach.punto_banco import Coup

__all__ = ["card_html", "cards_html", "coup_html"]

_STYLE = (
    "display:inline-block;min-width:2.4em;padding:.25em .35em;margin:0 .15em;"
    "border:1px solid currentColor;border-radius:.3em;text-align:center;"
    "font-weight:600;background:transparent"
)


def card_html(card: Card) -> str:
    """One card as a labelled ``<span>``.

    >>> html = card_html(Card.parse("4h"))
    >>> 'aria-label="4 of hearts"' in html, html.endswith(">4♥</span>")
    (True, True)
    """
    colour = "bt-red" if card.suit.is_red else "bt-black"
    style = _STYLE + (";color:#b3001b" if card.suit.is_red else "")
    return (
        f'<span class="bt-card {colour}" role="img" aria-label="{escape(card.describe())}"'
        f' style="{style}">{escape(str(card))}</span>'
    )


def cards_html(cards: Iterable[Card]) -> str:
    """Several cards in a row."""
    return '<span class="bt-cards">' + "".join(card_html(c) for c in cards) + "</span>"


def coup_html(coup: Coup) -> str:
    """A coup: both hands with totals, the winner, and the narrated steps."""
    rows = []
    for name, hand in (("Punto", coup.punto), ("Banco", coup.banco)):
        rows.append(
            f"<tr><th scope='row'>{name}</th><td>{cards_html(hand)}</td>"
            f"<td>{hand_total(hand)}</td></tr>"
        )
    steps = "".join(f"<li>{escape(line)}</li>" for line in coup.narrate().split("\n"))
    return (
        "<div class='bt-coup'><table><thead><tr><th scope='col'>Hand</th><th scope='col'>Cards</th>"
        "<th scope='col'>Total</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        f"<p><strong>Winner: {escape(coup.winner.value.capitalize())}</strong></p>"
        f"<ol>{steps}</ol></div>"
    )
