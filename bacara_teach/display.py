"""Rich display for notebooks: cards and coups as accessible HTML.

Imported lazily by the ``_repr_html_`` methods, so the engine never needs it.
Every card carries a text alternative (``aria-label="4 of hearts"``, in Spanish
``aria-label="4 de corazones"``) and the suit symbol itself, so colour is never
the only cue.  Each function takes ``lang`` (``"en"``, ``"es"``, or ``None`` for
the default language of :mod:`bacara_teach.i18n`); the rich reprs of cards and
coups take no argument and so speak the default language.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from bacara_teach.cards import Card, hand_total
from bacara_teach.i18n import resolve_language, term
from bacara_teach.text import ptr, tr

if TYPE_CHECKING:
    from bacara_teach.punto_banco import Coup

__all__ = ["card_html", "cards_html", "coup_html"]

_STYLE = "display:inline-block;width:2.1em;margin:0 .02em;vertical-align:middle;line-height:0"


def card_html(card: Card, lang: str | None = None) -> str:
    """One card as a labelled ``<span>`` holding a picture of its face.

    The face is drawn as SVG shapes whose only text is the card's index, so the
    span still reads ``4♥``; the label names the card.

    >>> html = card_html(Card.parse("4h"), "en")
    >>> 'aria-label="4 of hearts"' in html, html.endswith("</svg></span>"), ">4♥</text>" in html
    (True, True, True)
    >>> 'aria-label="4 de corazones"' in card_html(Card.parse("4h"), "es")
    True
    """
    from bacara_teach.pictures import card_face_svg

    colour = "bt-red" if card.suit.is_red else "bt-black"
    face = (f"<svg viewBox='0 0 40 56' width='100%' aria-hidden='true' focusable='false' "
            f"style='height:auto;font-family:inherit'>{card_face_svg(card)}</svg>")
    return (
        f'<span class="bt-card {colour}" role="img" aria-label="{escape(card.describe(lang))}"'
        f' style="{_STYLE}">{face}</span>'
    )


def cards_html(cards: Iterable[Card], lang: str | None = None) -> str:
    """Several cards in a row, a space between two (a copied or read-out hand says ``4♥ 9♣``).

    >>> cards_html([Card.parse("ks"), Card.parse("2d")], "es").count('aria-label="')
    2
    >>> "</span> <span" in cards_html([Card.parse("ks"), Card.parse("2d")], "en")
    True
    """
    lang = resolve_language(lang)
    return '<span class="bt-cards">' + " ".join(card_html(c, lang) for c in cards) + "</span>"


def coup_html(coup: Coup, lang: str | None = None) -> str:
    """A coup: both hands with totals, the winner, and the narrated steps.

    >>> from bacara_teach.punto_banco import Coup
    >>> html = coup_html(Coup.from_cards("9♠ 2♠ K♦ 3♣"), "es")
    >>> "<th scope='col'>Mano</th>" in html, "Gana: Punto" in html, "Gana Punto, 9 a 5." in html
    (True, True, True)
    >>> "Resultado: Empate" in coup_html(Coup.from_cards("9♠ 9♥ K♦ K♣"), "es")
    True
    """
    lang = resolve_language(lang)
    rows = []
    for key, hand in (("punto", coup.punto), ("banco", coup.banco)):
        rows.append(
            f"<tr><th scope='row'>{escape(term(key, lang))}</th><td>{cards_html(hand, lang)}</td>"
            f"<td>{hand_total(hand)}</td></tr>"
        )
    steps = "".join(f"<li>{escape(line)}</li>" for line in coup.narrate(lang).split("\n"))
    winner = coup.winner.value
    named = term(winner, lang)
    # a tie has no winner: the line says what the coup came to
    result = (ptr("coup result: a tie", "Winner: {hand}", lang, hand=named) if winner == "empate"
              else tr("Winner: {hand}", lang, hand=named))
    head = (ptr("coup table", "Hand", lang), ptr("coup table", "Cards", lang),
            ptr("coup table", "Total", lang))
    return (
        f"<div class='bt-coup'><table><thead><tr><th scope='col'>{escape(head[0])}</th>"
        f"<th scope='col'>{escape(head[1])}</th><th scope='col'>{escape(head[2])}</th></tr></thead>"
        "<tbody>" + "".join(rows) + "</tbody></table>"
        f"<p><strong>{escape(result)}</strong></p>"
        f"<ol>{steps}</ol></div>"
    )
