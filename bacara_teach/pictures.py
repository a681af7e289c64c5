"""Pictures of the game drawn as SVG from the engine's data: card faces, a coup's procedure,
a Chemin de Fer table and the heat map of Banco's choices.

Like :mod:`bacara_teach.figures`, everything here is standard library only and loads
nothing: each picture is an inline ``<svg role="img">`` with a ``<title>`` and a ``<desc>``
that say in words what the picture shows, in the language asked for (``lang`` is ``"en"``,
``"es"`` or ``None`` for the default language).  Nothing is typed in by hand: the flowchart
reads the tableau, the table picture reads the Chemin de Fer session's seating, the heat
map shows the figures it is given (see :func:`bacara_teach.analysis.banco_cells.banco_draw_gains`).

>>> from bacara_teach.cards import Card
>>> svg = card_svg(Card.parse("4h"), "en")
>>> svg.count("<title>4 of hearts</title>"), ">4♥</text>" in svg
(1, True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape

from bacara_teach.cards import Card, Suit
from bacara_teach.charts import decision_word
from bacara_teach.i18n import resolve_language, term
from bacara_teach.narration import spans
from bacara_teach.tableau import PUNTO_BANCO, Decision, Tableau
from bacara_teach.text import N_, format_number, ntr, ptr, tr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from bacara_teach.punto_banco import Coup

__all__ = [
    "Picture",
    "card_face_svg",
    "card_svg",
    "cards_svg",
    "cdf_table_svg",
    "coup_flowchart_svg",
    "dealt_coup_svg",
    "draw_gain_heatmap_svg",
]

RED, BLACK = "#b3001b", "#1a1a1a"
_SUIT_SHAPES: dict[Suit, str] = {
    Suit.HEARTS: "<path d='M10 18.5C10 18.5 1 12.5 1 6.8A4.6 4.6 0 0 1 10 5.2A4.6 4.6 0 0 1 19 6.8"
                 "C19 12.5 10 18.5 10 18.5Z'/>",
    Suit.DIAMONDS: "<path d='M10 1L17.5 10L10 19L2.5 10Z'/>",
    Suit.SPADES: "<path d='M10 1C10 1 1 8 1 12.2A4.2 4.2 0 0 0 9 13.8L7.6 19H12.4L11 13.8"
                 "A4.2 4.2 0 0 0 19 12.2C19 8 10 1 10 1Z'/>",
    Suit.CLUBS: "<circle cx='10' cy='5.6' r='4.3'/><circle cx='5.2' cy='11.6' r='4.3'/>"
                "<circle cx='14.8' cy='11.6' r='4.3'/><path d='M9 10L7.6 19H12.4L11 10Z'/>",
}
"""Each suit drawn in a 20 x 20 box, as shapes (not text), so a card's only text is its index."""


class Picture(str):
    """An SVG picture as a string that a notebook shows as the picture itself."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return f"<figure class='bt-figure'>{self}</figure>"


def _open(width: float, height: float, title: str, desc: str, css: str, *,
          max_width: float | None = None) -> str:
    limit = max_width if max_width is not None else width
    return (
        f"<svg class='bt-picture {css}' role='img' viewBox='0 0 {width:g} {height:g}' width='100%' "
        f"style='max-width:{limit:g}px;height:auto;font-family:inherit;font-size:12px' "
        f"preserveAspectRatio='xMinYMin meet'>"
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"
    )


def card_face_svg(card: Card, x: float = 0, y: float = 0, *, width: float = 40) -> str:
    """A card face as SVG shapes to place inside a picture: index at the corner, a large suit.

    The face is ``width`` wide and 1.4 times as tall; its only text is the card's index
    (``4♥``), so a reader of the picture's text meets each card once.

    >>> face = card_face_svg(Card.parse("Ks"), 10, 0)
    >>> face.startswith("<g class='bt-card-face bt-black'"), face.count("<text")
    (True, 1)
    """
    height = width * 1.4
    colour = RED if card.suit.is_red else BLACK
    tone = "bt-red" if card.suit.is_red else "bt-black"
    pip = width * 0.55
    return (
        f"<g class='bt-card-face {tone}' transform='translate({x:g} {y:g})'>"
        f"<rect x='0.5' y='0.5' width='{width - 1:g}' height='{height - 1:g}' rx='{width / 9:.1f}' "
        f"fill='#fff' stroke='#555'/>"
        f"<text x='{width * 0.1:.1f}' y='{width * 0.34:.1f}' fill='{colour}' "
        f"style='font-size:{width * 0.3:.1f}px;font-weight:700'>{escape(str(card))}</text>"
        f"<g fill='{colour}' transform='translate({(width - pip) / 2 + width * 0.06:.1f} "
        f"{height * 0.42:.1f}) scale({pip / 20:.3f})'>{_SUIT_SHAPES[card.suit]}</g></g>"
    )


def card_svg(card: Card, lang: str | None = None, *, width: float = 40) -> Picture:
    """One card as a small picture of its face, titled with its name (``4 of hearts``).

    >>> "<title>4 de corazones</title>" in card_svg(Card.parse("4h"), "es")
    True
    """
    name = card.describe(lang)
    return Picture(_open(width, width * 1.4, name, name, "bt-card-svg")
                   + card_face_svg(card, width=width) + "</svg>")


def cards_svg(cards: Sequence[Card], lang: str | None = None, *, width: float = 40,
              title: str | None = None) -> Picture:
    """Several card faces in a row, one picture; its title names every card.

    >>> from bacara_teach.cards import parse_cards
    >>> svg = cards_svg(parse_cards("4h 9c"), "en")
    >>> "<title>4 of hearts, 9 of clubs</title>" in svg, svg.count("bt-card-face ")
    (True, 2)
    """
    names = ", ".join(card.describe(lang) for card in cards)
    gap = width * 0.15
    total = max(width, len(cards) * width + (len(cards) - 1) * gap)
    faces = "".join(card_face_svg(card, i * (width + gap), 0, width=width) for i, card in enumerate(cards))
    return Picture(_open(total, width * 1.4, title or names, names, "bt-cards-svg") + faces + "</svg>")


# -- the procedure of a coup --------------------------------------------------------------------


def _wrap(text: str, chars: int) -> list[str]:
    """Words of ``text`` in lines of at most ``chars`` characters (a longer word keeps its line).

    >>> _wrap("draws on 0–5, stands on 6–7", 14)
    ['draws on 0–5,', 'stands on 6–7']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= chars:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


_LINE = 15


def _box(x: float, y: float, w: float, lines: Sequence[str], *, css: str, bold_first: bool = False
         ) -> tuple[str, float]:
    h = _LINE * len(lines) + 12
    shape = (f"<rect x='{x:g}' y='{y:g}' width='{w:g}' height='{h:g}' rx='{10 if 'question' in css else 4}' "
             f"fill='currentColor' fill-opacity='{0.10 if 'question' in css else 0.04}' stroke='currentColor'/>")
    bold = " font-weight='700'"
    texts = "".join(
        f"<text x='{x + w / 2:g}' y='{y + 18 + _LINE * i:g}' text-anchor='middle' fill='currentColor'"
        f"{bold if bold_first and i == 0 else ''}>{escape(line)}</text>"
        for i, line in enumerate(lines)
    )
    return f"<g class='bt-flow-{css}'>{shape}{texts}</g>", h


def _arrow(x1: float, y1: float, x2: float, y2: float, label: str = "") -> str:
    path = f"M{x1:g} {y1:g}L{x2:g} {y2:g}"
    mark = ""
    if label:
        mark = (f"<text x='{(x1 + x2) / 2 + (6 if x1 == x2 else 0):g}' y='{(y1 + y2) / 2 - (0 if x1 == x2 else 4):g}' "
                f"fill='currentColor' font-weight='700'>{escape(label)}</text>")
    return (f"<path d='{path}' stroke='currentColor' fill='none' marker-end='url(#bt-arrow)'/>{mark}")


def _path(points: Sequence[tuple[float, float]]) -> str:
    d = "M" + "L".join(f"{x:g} {y:g}" for x, y in points)
    return f"<path d='{d}' stroke='currentColor' fill='none' marker-end='url(#bt-arrow)'/>"


def _rule_words(decisions: Sequence[Decision], lang: str) -> str:
    words = {
        Decision.DRAW: N_("draws on {values}"),
        Decision.CHOICE: N_("chooses on {values}"),
        Decision.STAND: N_("stands on {values}"),
    }
    parts = []
    for decision in (Decision.DRAW, Decision.CHOICE, Decision.STAND):
        totals = [t for t, d in enumerate(decisions) if d is decision]
        if totals:
            parts.append(tr(words[decision], lang, values=spans(totals, lang)))
    return ", ".join(parts)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _flow_texts(tableau: Tableau, lang: str) -> dict[str, str]:
    """The flowchart's sentences; each game names its hands its own way (Punto and Banco, or
    the bettor and the banker of Chemin de Fer)."""
    player_rule = _rule_words(tableau.player, lang)
    banker_rule = _rule_words(tableau.banker_after_stand, lang)
    free = sum(1 for cell in tableau.free_cells() if cell.hand == "banker")
    if tableau.name.startswith("chemin"):
        texts = {
            "deal": tr("Deal two cards to each hand: the bettor, the banker, the bettor, the banker",
                       lang),
            "player": tr("The bettor {rule}", lang, rule=player_rule),
            "drew": tr("Did the bettor draw a third card?", lang),
            "stood": tr("The banker plays as if alone: {rule}", lang, rule=banker_rule),
            "table": tr("The banker reads its table: its own total (row) against the value of "
                        "the bettor's third card (column)", lang),
        }
    else:
        texts = {
            "deal": tr("Deal two cards to each hand: Punto, Banco, Punto, Banco", lang),
            "player": tr("Punto {rule}", lang, rule=player_rule),
            "drew": tr("Did Punto draw a third card?", lang),
            "stood": tr("Banco plays as if alone: {rule}", lang, rule=banker_rule),
            "table": tr("Banco reads its table: its own total (row) against the value of "
                        "Punto's third card (column)", lang),
        }
    if free:
        texts["table"] += ntr("; {count} cell leaves the choice to the banker",
                              "; {count} cells leave the choice to the banker", free, lang)
    texts["natural"] = tr("Does either hand total 8 or 9 (a natural)?", lang)
    texts["nobody"] = tr("Nobody draws a third card", lang)
    texts["compare"] = tr("Compare the totals: the higher wins, equal totals tie", lang)
    return texts


def coup_flowchart_svg(tableau: Tableau = PUNTO_BANCO, lang: str | None = None) -> Picture:
    """The procedure of a coup as a flowchart, read from ``tableau``: naturals, then the
    player's rule, then the banker's table.

    >>> svg = coup_flowchart_svg(PUNTO_BANCO, "en")
    >>> "Punto draws on 0–5, stands on 6–7" in svg, svg.count("<text") > 8
    (True, True)
    >>> from bacara_teach.tableau import CHEMIN_DE_FER
    >>> "chooses on 5" in coup_flowchart_svg(CHEMIN_DE_FER, "en")
    True
    >>> "el banquero juega como si estuviera solo" in coup_flowchart_svg(CHEMIN_DE_FER, "es")
    True
    """
    lang = resolve_language(lang)
    texts = _flow_texts(tableau, lang)
    deal, natural, nobody = texts["deal"], texts["natural"], texts["nobody"]
    player_rule, drew, stood = texts["player"], texts["drew"], texts["stood"]
    table, compare = texts["table"], texts["compare"]
    yes, no = ptr("flowchart answer", "yes", lang), ptr("flowchart answer", "no", lang)

    width, left_x, left_w, right_x, right_w = 640, 16, 330, 390, 234
    parts: list[str] = []
    y = 8.0
    box, h = _box(left_x, y, left_w, _wrap(deal, 44), css="step")
    parts.append(box)
    y += h + 26
    parts.append(_arrow(left_x + left_w / 2, y - 26, left_x + left_w / 2, y - 2))
    q1_y = y
    box, h = _box(left_x, y, left_w, _wrap(natural, 44), css="question")
    parts.append(box)
    nobody_box, nobody_h = _box(right_x, y, right_w, _wrap(nobody, 30), css="step")
    parts.append(nobody_box)
    parts.append(_arrow(left_x + left_w, q1_y + h / 2, right_x - 2, q1_y + h / 2, yes))
    nobody_exit = (right_x + right_w, q1_y + nobody_h / 2)
    y += max(h, nobody_h) + 26
    parts.append(_arrow(left_x + left_w / 2, q1_y + h, left_x + left_w / 2, y - 2, no))
    box, h = _box(left_x, y, left_w, _wrap(player_rule, 44), css="step")
    parts.append(box)
    y += h + 26
    parts.append(_arrow(left_x + left_w / 2, y - 26, left_x + left_w / 2, y - 2))
    q2_y = y
    box, h = _box(left_x, y, left_w, _wrap(drew, 44), css="question")
    parts.append(box)
    stood_box, stood_h = _box(right_x, y, right_w, _wrap(stood, 30), css="step")
    parts.append(stood_box)
    parts.append(_arrow(left_x + left_w, q2_y + h / 2, right_x - 2, q2_y + h / 2, no))
    stood_bottom = q2_y + stood_h
    y += max(h, stood_h) + 26
    parts.append(_arrow(left_x + left_w / 2, q2_y + h, left_x + left_w / 2, y - 2, yes))
    box, h = _box(left_x, y, left_w, _wrap(table, 44), css="step")
    parts.append(box)
    y += h + 26
    parts.append(_arrow(left_x + left_w / 2, y - 26, left_x + left_w / 2, y - 2))
    compare_y = y
    box, h = _box(left_x, y, right_x + right_w - left_x, _wrap(compare, 80), css="step")
    parts.append(box)
    parts.append(_arrow(right_x + right_w / 2, stood_bottom, right_x + right_w / 2, compare_y - 2))
    parts.append(_path([nobody_exit, (width - 6, nobody_exit[1]), (width - 6, compare_y + h / 2),
                        (right_x + right_w + 2, compare_y + h / 2)]))
    height = compare_y + h + 8
    title = tr("The procedure of a coup: {tableau}", lang, tableau=tableau.title_text(lang))
    desc = " ".join([
        tr("1. {step}.", lang, step=deal),
        tr("2. {question} If so: {step}; go to step 5.", lang, question=natural,
           step=_lower(nobody)),
        tr("3. {step}.", lang, step=player_rule),
        tr("4. {question} If not: {stood}. If so: {table}.", lang, question=drew,
           stood=_lower(stood), table=table),
        tr("5. {step}.", lang, step=compare),
    ])
    marker = ("<defs><marker id='bt-arrow' viewBox='0 0 10 10' refX='9' refY='5' markerWidth='7' "
              "markerHeight='7' orient='auto-start-reverse'><path d='M0 0L10 5L0 10Z' "
              "fill='currentColor'/></marker></defs>")
    return Picture(_open(width, height, title, desc, "bt-flowchart") + marker + "".join(parts) + "</svg>")


# -- a dealt coup ---------------------------------------------------------------------------------


def dealt_coup_svg(coup: Coup, lang: str | None = None) -> Picture:
    """A dealt Punto Banco coup as it lies on the table: each hand's two cards, the place of
    its third card (the card drawn, or nothing where the hand stood), its final total, and
    the winner.  The picture's text alternative is the coup's narration, every step with
    its rule.

    >>> from bacara_teach.punto_banco import Coup
    >>> svg = dealt_coup_svg(Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦"), "en")
    >>> svg.count("bt-card-face "), ">stands</text>" in svg, ">Banco wins, 3 to 1.</text>" in svg
    (5, True, True)
    >>> ">se planta</text>" in dealt_coup_svg(Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦"), "es")
    True
    """
    lang = resolve_language(lang)
    narration = coup.narrate(lang).splitlines()
    card_w, gap, row_h = 40.0, 6.0, 92.0
    label_w, third_x = 70.0, 70.0 + 2 * (card_w + gap) + 16
    total_x = third_x + card_w + 34
    width = total_x + 60
    parts: list[str] = []
    hands = (
        (term("punto", lang), coup.punto[:2], coup.punto_third, coup.punto_total, "punto"),
        (term("banco", lang), coup.banco[:2], coup.banco_third, coup.banco_total, "banco"),
    )
    for row, (name, first_two, third, total, side) in enumerate(hands):
        top = 6 + row * row_h
        if coup.winner.value == side:
            parts.append(f"<rect class='bt-coup-winner' x='1' y='{top - 5:g}' width='{width - 2:g}' "
                         f"height='{card_w * 1.4 + 10:g}' rx='8' fill='currentColor' "
                         f"fill-opacity='0.08' stroke='currentColor' stroke-width='1.5'/>")
        parts.append(f"<text x='10' y='{top + card_w * 0.78:g}' fill='currentColor' "
                     f"style='font-size:15px;font-weight:700'>{escape(name)}</text>")
        for i, card in enumerate(first_two):
            parts.append(card_face_svg(card, label_w + i * (card_w + gap), top, width=card_w))
        if third is not None:
            parts.append(card_face_svg(third, third_x, top, width=card_w))
            said = ptr("dealt coup picture", "draws", lang)
        elif coup.natural:
            said = ""
        else:
            parts.append(f"<rect x='{third_x + 0.5:g}' y='{top + 0.5:g}' width='{card_w - 1:g}' "
                         f"height='{card_w * 1.4 - 1:g}' rx='4' fill='none' stroke='currentColor' "
                         f"stroke-dasharray='4 3'/>")
            said = ptr("dealt coup picture", "stands", lang)
        if said:
            parts.append(f"<text x='{third_x + card_w / 2:g}' y='{top + card_w * 1.4 + 14:g}' "
                         f"text-anchor='middle' fill='currentColor' "
                         f"style='font-size:12px;font-weight:700'>{escape(said)}</text>")
        parts.append(f"<text x='{total_x + 22:g}' y='{top + card_w * 0.95:g}' text-anchor='middle' "
                     f"fill='currentColor' style='font-size:30px;font-weight:700'>{total}</text>")
    bottom = 6 + 2 * row_h + 12
    parts.append(f"<text x='{width / 2:g}' y='{bottom:g}' text-anchor='middle' fill='currentColor' "
                 f"style='font-size:15px;font-weight:700'>{escape(narration[-1])}</text>")
    title = tr("A dealt coup: {cards}", lang, cards=" ".join(str(card) for card in coup.cards))
    return Picture(_open(width, bottom + 8, title, " ".join(narration), "bt-dealt-coup",
                         max_width=width * 1.6) + "".join(parts) + "</svg>")


# -- a Chemin de Fer table ----------------------------------------------------------------------


def cdf_table_svg(players: Sequence[str], banker: int = 0, lang: str | None = None) -> Picture:
    """A Chemin de Fer table seen from above: the seats, who holds the bank, the order in
    which the others are offered to bet, and the seat the bank passes to.

    Seats follow :class:`~bacara_teach.chemin_de_fer_session.CheminDeFerSession`: numbered
    clockwise in the order of ``players``; bets are offered from the banker's right, and the
    bank passes to the right.

    >>> svg = cdf_table_svg(["Ana", "Luis", "Eva", "Marta"], 0, "en")
    >>> "the bank passes to the right, to Marta" in svg
    True
    >>> cdf_table_svg(["Ana", "Luis", "Eva"], 5)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid first banker 5: expected a seat from 0 to 2
    """
    from bacara_teach.chemin_de_fer_session import CheminDeFerSession

    lang = resolve_language(lang)
    session = CheminDeFerSession(list(players), seed=0, first_banker=banker)
    n = session.size
    order = session.counter_clockwise(banker)[1:]
    passes_to = session.right_of(banker)
    width, height = 520.0, 380.0
    cx, cy, rx, ry = width / 2, height / 2, 165.0, 105.0
    seat_r = 1.28

    def at(seat: int, scale: float) -> tuple[float, float]:
        angle = -math.pi / 2 + 2 * math.pi * seat / n
        return cx + rx * scale * math.cos(angle), cy + ry * scale * math.sin(angle)

    parts = [f"<ellipse cx='{cx:g}' cy='{cy:g}' rx='{rx:g}' ry='{ry:g}' fill='#1e6b3a' "
             "fill-opacity='0.85' stroke='currentColor'/>"]
    parts.append(f"<text x='{cx:g}' y='{cy - 6:g}' text-anchor='middle' fill='#fff' font-weight='700'>"
                 "Chemin de Fer</text>")
    round_text = tr("bets go round to the right", lang)
    parts.append(f"<text x='{cx:g}' y='{cy + 12:g}' text-anchor='middle' fill='#fff'>"
                 f"{escape(round_text)}</text>")
    shoe_x, shoe_y = at(banker, 0.72)
    parts.append(f"<rect x='{shoe_x - 18:.1f}' y='{shoe_y - 10:.1f}' width='36' height='20' rx='3' "
                 "fill='#f4e3b5' stroke='#333'/>"
                 f"<text x='{shoe_x:.1f}' y='{shoe_y + 4:.1f}' text-anchor='middle' fill='#333' "
                 f"style='font-size:10px'>{escape(term('shoe', lang))}</text>")
    for seat in range(n):
        x, y = at(seat, seat_r)
        is_banker = seat == banker
        label = (ptr("seat", "banker", lang) if is_banker
                 else tr("bets {place}.", lang, place=order.index(seat) + 1))
        parts.append(
            f"<g class='bt-seat{' bt-seat-banker' if is_banker else ''}'>"
            f"<circle cx='{x:.1f}' cy='{y:.1f}' r='27' fill='{'#b7791f' if is_banker else 'currentColor'}' "
            f"fill-opacity='{0.9 if is_banker else 0.08}' stroke='currentColor'/>"
            f"<text x='{x:.1f}' y='{y - 2:.1f}' text-anchor='middle' fill='currentColor' font-weight='700'>"
            f"{escape(session.players[seat][:9])}</text>"
            f"<text x='{x:.1f}' y='{y + 12:.1f}' text-anchor='middle' fill='currentColor' "
            f"style='font-size:10px'>{escape(label)}</text></g>"
        )
    # the bank passing: an arc from the banker's seat to the seat on its right
    (x1, y1), (x2, y2) = at(banker, 0.9), at(passes_to, 0.9)
    parts.append(f"<path d='M{x1:.1f} {y1:.1f}Q{cx:g} {cy:g} {x2:.1f} {y2:.1f}' stroke='#f4e3b5' "
                 "stroke-width='2' stroke-dasharray='5 3' fill='none' marker-end='url(#bt-arrow-pass)'/>")
    mid_x, mid_y = (x1 + x2) / 4 + cx / 2, (y1 + y2) / 4 + cy / 2
    passes_text = tr("the bank passes", lang)
    parts.append(f"<text x='{mid_x:.1f}' y='{mid_y + 16:.1f}' text-anchor='middle' fill='#f4e3b5' "
                 f"style='font-size:11px'>{escape(passes_text)}</text>")
    names = [session.players[s] for s in order]
    banker_name = session.players[banker]
    desc = tr("{count} players round the table, seated clockwise: {players}. {banker} holds the "
              "bank and the shoe. The others are offered to bet from the banker's right: "
              "{order}. When the banker loses a coup or gives up the bank, the bank passes to the "
              "right, to {next}.", lang, count=n, players=", ".join(session.players),
              banker=banker_name, order=", ".join(names), next=session.players[passes_to])
    title = tr("A Chemin de Fer table: seats, the order of play, where the bank passes", lang)
    marker = ("<defs><marker id='bt-arrow-pass' viewBox='0 0 10 10' refX='9' refY='5' markerWidth='7' "
              "markerHeight='7' orient='auto-start-reverse'><path d='M0 0L10 5L0 10Z' fill='#f4e3b5'/>"
              "</marker></defs>")
    return Picture(_open(width, height, title, desc, "bt-cdf-table") + marker + "".join(parts) + "</svg>")


# -- the heat map of Banco's choices ---------------------------------------------------------


def _heat_colour(value: float, scale: float) -> tuple[str, float]:
    """Blue where drawing is better, orange where standing is; stronger for larger figures."""
    strength = min(1.0, abs(value) / scale)
    return ("#1f6fb5" if value > 0 else "#d35400"), 0.12 + 0.78 * strength


def draw_gain_heatmap_svg(gains: Mapping[tuple[int, int | None], Fraction],
                          tableau: Tableau = PUNTO_BANCO, lang: str | None = None, *,
                          close: Sequence[tuple[int, int | None]] = (),
                          marked: Sequence[tuple[int, int | None]] = ()) -> Picture:
    """Banco's draw-minus-stand figures as a heat map laid out like its table.

    Each cell shows the figure per 100 staked and carries it exactly, as ``data-gain``
    (the fraction) on the cell, with a ``<title>`` saying the cell, the figure and the
    table's own decision.  ``close`` cells get a dashed outline; ``marked`` cells (for
    example Chemin de Fer's free cells) a dot.

    >>> svg = draw_gain_heatmap_svg({(3, 8): Fraction(-1, 400)}, lang="en")
    >>> "data-gain='-1/400'" in svg, "−0.25" in svg
    (True, True)
    """
    lang = resolve_language(lang)
    columns: list[int | None] = [None, *range(10)]
    cell_w, cell_h, left, top = 46.0, 30.0, 44.0, 40.0
    width = left + cell_w * len(columns) + 6
    height = top + cell_h * 8 + 34
    scale = max([abs(float(g)) for g in gains.values()] + [1e-9])
    stood = ptr("tableau column", "stood", lang)
    decision_words = {decision: decision_word(decision, lang) for decision in Decision}
    parts = []
    for j, column in enumerate(columns):
        parts.append(f"<text x='{left + cell_w * (j + 0.5):g}' y='{top - 8:g}' text-anchor='middle' "
                     f"fill='currentColor' font-weight='700'>{escape(stood if column is None else str(column))}"
                     "</text>")
    columns_text = tr("third card of Punto (or stood)", lang)
    parts.append(f"<text x='{left + cell_w * 5.5:g}' y='12' text-anchor='middle' fill='currentColor'>"
                 f"{escape(columns_text)}</text>")
    for total in range(8):
        y = top + cell_h * total
        parts.append(f"<text x='{left - 8:g}' y='{y + cell_h / 2 + 4:g}' text-anchor='end' "
                     f"fill='currentColor' font-weight='700'>{total}</text>")
        for j, column in enumerate(columns):
            key = (total, column)
            if key not in gains:
                continue
            gain = gains[key]
            value = float(gain)
            colour, opacity = _heat_colour(value, scale)
            x = left + cell_w * j
            decision = tableau.banker_decision(total, column)
            where = (tr("Banco on {total}, Punto stood", lang, total=total) if column is None
                     else tr("Banco on {total}, third card {third}", lang, total=total,
                             third=column))
            figure = format_number(value * 100, "+.2f", lang)
            label = tr("{cell}: drawing minus standing {gain} per 100 staked; the table says "
                       "{decision}", lang, cell=where, gain=figure,
                       decision=decision_words[decision])
            outline = ""
            if key in close:
                outline = " stroke='currentColor' stroke-width='2' stroke-dasharray='3 2'"
            parts.append(
                f"<g class='bt-heat-cell' data-total='{total}' data-third='{'' if column is None else column}' "
                f"data-gain='{gain.numerator}/{gain.denominator}'>"
                f"<rect x='{x + 1:g}' y='{y + 1:g}' width='{cell_w - 2:g}' height='{cell_h - 2:g}' "
                f"fill='{colour}' fill-opacity='{opacity:.2f}'{outline}><title>{escape(label)}</title></rect>"
                f"<text x='{x + cell_w / 2:g}' y='{y + cell_h / 2 + 4:g}' text-anchor='middle' "
                f"fill='currentColor' style='font-size:11px'>{escape(figure)}</text>"
                + (f"<circle cx='{x + cell_w - 7:g}' cy='{y + 7:g}' r='3' fill='currentColor'/>"
                   if key in marked else "")
                + "</g>"
            )
    key_text = tr("blue: drawing is better; orange: standing is better (per 100 staked)", lang)
    parts.append(f"<text x='{left:g}' y='{height - 10:g}' fill='currentColor'>"
                 f"{escape(key_text)}</text>")
    best = sum(1 for g in gains.values() if g > 0)
    title = tr("Banco's gain from drawing rather than standing, cell by cell", lang)
    desc = tr("A grid like Banco's table: rows are Banco's two-card total 0 to 7, columns the "
              "value of Punto's third card or 'stood'. Each cell gives the expected gain per 100 "
              "staked from drawing minus standing; drawing is better in {better} of {cells} "
              "cells. Every figure is in the cell's own title.", lang, better=best,
              cells=len(gains))
    return Picture(_open(width, height, title, desc, "bt-heatmap") + "".join(parts) + "</svg>")


# -- pictures for the course pages, computed from the engine ---------------------------------


def _pct(value: float, lang: str | None, digits: int = 2) -> str:
    return format_number(value, f".{digits}%", lang)


def final_totals_chart(decks: int = 8, lang: str | None = None) -> Picture:
    """How likely each final total is, for Punto and for Banco, on a shoe of ``decks`` decks.

    >>> svg = final_totals_chart(8, "en")
    >>> svg.count("<rect class='bt-bar'"), "<title>0, Punto: 9.4%</title>" in svg
    (20, True)
    >>> "<title>0, Punto: 9,4\u00a0%</title>" in final_totals_chart(8, "es")
    True
    """
    lang = resolve_language(lang)
    from bacara_teach.analysis.punto_banco import count_deals
    from bacara_teach.figures import bar_chart_svg

    counts = count_deals(decks, detail=True)
    series = {term(hand, lang): [float(p) for p in counts.final_total_distribution(hand)]
              for hand in ("punto", "banco")}
    most = {name: values.index(max(values)) for name, values in series.items()}
    figures = " ".join(
        tr("{hand}: {figures}.", lang, hand=name,
           figures=", ".join(f"{t} {_pct(v, lang)}" for t, v in enumerate(values)))
        for name, values in series.items())
    desc = tr("Probability of each final total 0 to 9. {figures} Totals 6 to 9 are the most "
              "common, since naturals and the third-card rule favour them; the likeliest are "
              "{punto} for Punto and {banco} for Banco.", lang, figures=figures,
              punto=most[term("punto", lang)], banco=most[term("banco", lang)])
    return Picture(bar_chart_svg(
        [str(t) for t in range(10)], series,
        title=ntr("Final totals of Punto and Banco, {count} deck",
                  "Final totals of Punto and Banco, {count} decks", decks, lang),
        desc=desc,
        y_label=tr("probability", lang),
        value_format=lambda v: format_number(v, ".1%", lang) if v else "0",
    ))


def outcome_by_punto_total_chart(decks: int = 8, lang: str | None = None) -> Picture:
    """The chance of each outcome once Punto's first two cards make each total 0-9.

    >>> svg = outcome_by_punto_total_chart(8, "es")
    >>> svg.count("<rect class='bt-bar'"), "Empate" in svg, "barajas" in svg
    (30, True, True)
    """
    lang = resolve_language(lang)
    from bacara_teach.analysis.punto_banco import count_deals
    from bacara_teach.figures import bar_chart_svg, number_format

    counts = count_deals(decks)
    rows = [counts.given_punto_total(t) for t in range(10)]
    names = ("banco", "punto", "empate")
    series = {term(name, lang): [row[k + 1] / row[0] for row in rows] for k, name in enumerate(names)}
    figures = " ".join(
        f"{t}: " + ", ".join(f"{name} {_pct(values[t], lang)}" for name, values in series.items())
        + "." for t in range(10))
    return Picture(bar_chart_svg(
        [str(t) for t in range(10)], series,
        title=ntr("Who wins, by Punto's two-card total ({count} deck)",
                  "Who wins, by Punto's two-card total ({count} decks)", decks, lang),
        desc=tr("For each two-card total of Punto, 0 to 9, the chance that Banco wins, that Punto "
                "wins and of a tie. {figures}", lang, figures=figures),
        y_label=tr("probability", lang),
        value_format=number_format(".0%", lang),
    ))


def house_edge_chart(decks: int = 8, lang: str | None = None) -> Picture:
    """The house edge of every bet the home, casino and online tables offer, smallest first.

    >>> svg = house_edge_chart(8, "en")
    >>> "<title>Empate: 8 to 1: 14.36%</title>" in svg, svg.count("<rect class='bt-bar'")
    (True, 7)
    """
    lang = resolve_language(lang)
    from bacara_teach.analysis.edges import CASINO_BETS, HOME_BETS, ONLINE_BETS, analyse_bets
    from bacara_teach.analysis.punto_banco import count_deals
    from bacara_teach.figures import hbar_chart_svg, number_format

    bets = list(dict.fromkeys([*HOME_BETS, *CASINO_BETS, *ONLINE_BETS]))
    analyses = sorted(analyse_bets(bets, decks, counts=count_deals(decks)), key=lambda a: a.house_edge)
    labels = [a.terms.label(lang) for a in analyses]
    values = [float(a.house_edge) for a in analyses]
    figures = "; ".join(f"{label} {_pct(v, lang)}" for label, v in zip(labels, values, strict=True))
    return Picture(hbar_chart_svg(
        labels, values,
        title=ntr("House edge of every bet, {count} deck", "House edge of every bet, {count} decks",
                  decks, lang),
        desc=tr("House edge per unit staked, smallest first: {figures}.", lang, figures=figures),
        value_format=number_format(".2%", lang),
    ))


def draw_gain_heatmap(decks: int = 8, lang: str | None = None) -> Picture:
    """The heat map of Banco's draw-minus-stand figures on ``decks`` decks, with the close
    calls outlined and Chemin de Fer's free banker cells dotted.

    >>> svg = draw_gain_heatmap(8, "en")
    >>> svg.count("class='bt-heat-cell'")
    88
    """
    from bacara_teach.analysis.banco_cells import banco_draw_gains, close_calls
    from bacara_teach.tableau import CHEMIN_DE_FER

    gains = banco_draw_gains(decks)
    free = [(cell.total, cell.third) for cell in CHEMIN_DE_FER.free_cells() if cell.hand == "banker"]
    return Picture(draw_gain_heatmap_svg(gains, PUNTO_BANCO, lang, close=close_calls(gains), marked=free))


def draw_gain_beside_table(decks: int = 8, lang: str | None = None) -> Picture:
    """Banco's table and the heat map of its choices side by side (one above the other on a
    narrow screen), so each cell's rule and its worth are read together.

    >>> html = draw_gain_beside_table(8, "en")
    >>> html.startswith("<div class='bt-beside'>"), "bt-tableau" in html, "bt-heatmap" in html
    (True, True, True)
    """
    from bacara_teach.charts import tableau_html

    return Picture(f"<div class='bt-beside'><div class='bt-scroll'>{tableau_html(PUNTO_BANCO, lang)}</div>"
                   f"<div>{draw_gain_heatmap(decks, lang)}</div></div>")
