"""A widget on a page built ahead of time: its answers prepared by the engine, as data.

A built page has no Python behind it.  A widget whose every answer can be prepared when
the page is built (the coups of a seeded session, what each bet or prediction nets on
each of them, the messages the table would show) gives the page that data instead of a
still: a practice node, ``<div data-practice='KIND'>`` holding its data as JSON, which
the site's script for that kind (``docs/_static/practice-KIND.js``) turns into a working
view.  The script only reads the data and adds up amounts.

>>> print(practice_node("home-scoreboard", {"version": 1, "note": "</script>"}, "en"))
<div class='bt-practice bt-home-scoreboard' data-practice='home-scoreboard' lang='en'><script type='application/json' class='bt-practice-data'>{"version":1,"note":"<\\/script>"}</script><p class='bt-practice-waiting'>This widget needs JavaScript; the live notebook has it too.</p></div>
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal
from fractions import Fraction
from html import escape

from bacara_teach.cards import Card
from bacara_teach.errors import ShoeExhausted
from bacara_teach.money import format_amount
from bacara_teach.shoe import Shoe
from bacara_teach.text import Message, language, tr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from bacara_teach.punto_banco import Coup

__all__ = [
    "Slot",
    "Texts",
    "amount_text",
    "cards_data",
    "fill_slots",
    "numbers_data",
    "practice_node",
    "scaled_units",
    "script_json",
    "seeded_coups",
    "store_reset_text",
]


def numbers_data(lang: str) -> dict[str, object]:
    """The symbols the page's script writes numbers with in ``lang``, and CLDR's minimum
    grouping digits: the same the drill's data gives its script.

    >>> numbers_data("es")["decimal"], numbers_data("es")["min_grouping"]
    (',', 2)
    """
    known = language(lang)
    numbers = known.numbers
    return {"group": numbers["group"], "decimal": numbers["decimal"], "minus": numbers["minus"],
            "percent": numbers["percent"], "min_grouping": known.min_grouping}


def store_reset_text(lang: str) -> str:
    """The word a page says when the practice record kept in the browser could not be read and
    was started afresh (every kind of practice that keeps a record carries it as
    ``store_reset``).

    >>> store_reset_text("en")
    'Your saved practice could not be read, so it starts afresh.'
    """
    return tr("Your saved practice could not be read, so it starts afresh.", lang)


def cards_data(cards: Iterable[Card], lang: str) -> list[list[str]]:
    """Cards as the script draws them: each card's text and its words for screen readers.

    >>> cards_data([Card.parse("4h")], "es")
    [['4♥', '4 de corazones']]
    """
    return [[str(card), card.describe(lang)] for card in cards]


def scaled_units(amounts: Iterable[Decimal]) -> tuple[int, list[int]]:
    """Amounts as whole numbers of one unit (``10**-scale``): the scale and the numbers.

    The page's script adds these whole numbers exactly and writes them back with the scale.

    >>> scaled_units([Decimal("19"), Decimal("-20"), Decimal("4.75")])
    (2, [1900, -2000, 475])
    """
    listed = [Fraction(amount) for amount in amounts]
    scale = 0
    while any((value * 10**scale).denominator != 1 for value in listed):
        scale += 1
    return scale, [int(value * 10**scale) for value in listed]


class Slot:
    """A blank in a message, left for the page's script to fill (``{name}`` in the text).

    >>> from bacara_teach.text import message
    >>> fill_slots(message("bet {stake} refused", stake=Decimal("7.5")), {Decimal("7.5"): Slot("stake")}).render("es")
    'bet {stake} refused'
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __format__(self, spec: str) -> str:
        return "{" + self.name + "}"

    def __str__(self) -> str:
        return "{" + self.name + "}"

    def __repr__(self) -> str:  # ``{value!r}``: the text quoted, as the engine quotes it
        return "'{" + self.name + "}'"


def fill_slots(text: Message, slots: Mapping[object, Slot]) -> Message:
    """``text`` with every parameter whose value is a key of ``slots`` turned into a blank.

    The engine's own refusal, raised on chosen values, becomes a template: rendered in a
    language, its blanks read ``{name}``.
    """
    params: dict[str, object] = {}
    for name, value in text.params.items():
        if isinstance(value, Message):
            params[name] = fill_slots(value, slots)
        elif not isinstance(value, bool) and isinstance(value, Decimal | str) and value in slots:
            params[name] = slots[value]
        else:
            params[name] = value
    return Message(text.msgid, context=text.context, plural=text.plural, count=text.count,
                   params=params)


def amount_text(value: Decimal | Fraction | int) -> str:
    """An amount as the engine writes it in data: ``4.75``, never in a language's symbols."""
    return format_amount(value)


def seeded_coups(seed: int, decks: int) -> Iterator[Coup]:
    """Punto Banco coups dealt from one shoe of ``decks`` decks after another (shuffled from
    ``seed``, ``seed + 1``...), each to its end: the coups a page's practice is chosen from.

    >>> from itertools import islice
    >>> [str(c.winner.value) for c in islice(seeded_coups(1, 8), 2)] == [
    ...     str(c.winner.value) for c in islice(seeded_coups(1, 8), 2)]
    True
    """
    from bacara_teach.punto_banco import play_coup

    while True:
        shoe = Shoe.standard(decks, seed=seed)
        while True:
            try:
                yield play_coup(shoe)
            except ShoeExhausted:
                break
        seed += 1


def script_json(data: Mapping[str, object]) -> str:
    """``data`` as JSON that is safe inside an HTML ``<script>`` element.

    >>> script_json({"note": "</script><!--"})
    '{"note":"<\\\\/script><\\\\!--"}'
    """
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return raw.replace("</", "<\\/").replace("<!--", "<\\!--")


class Texts:
    """The long texts of a page's data (rules, explanations), each listed once and referred to
    by its index, so that a sentence many questions share is sent once.

    >>> text = Texts()
    >>> text("Banco stands."), text("Punto draws."), text("Banco stands."), text(None)
    (0, 1, 0, -1)
    >>> text.texts
    ['Banco stands.', 'Punto draws.']
    """

    def __init__(self) -> None:
        self.texts: list[str] = []
        self._index: dict[str, int] = {}

    def __call__(self, value: str | None) -> int:
        """The index of ``value`` in :attr:`texts` (added if new); ``-1`` for ``None``."""
        if value is None:
            return -1
        if value not in self._index:
            self._index[value] = len(self.texts)
            self.texts.append(value)
        return self._index[value]


def practice_node(kind: str, data: Mapping[str, object], lang: str, *,
                  css_class: str | None = None, waiting: str | None = None,
                  attrs: Mapping[str, str] | None = None, inside: str = "") -> str:
    """The widget as a page holds it: its root element and its data, for the kind's script.
    Every kind's page block is made here.

    ``css_class`` is the root's own class (``bt-KIND`` unless given; ``""`` for none);
    ``waiting`` the line a page without JavaScript shows (a general one unless given; ``""``
    for none); ``attrs`` more attributes of the root (``data-game``...), after its kind;
    ``inside`` HTML the page shows after the data (a table the script reads, say).
    """
    if waiting is None:
        waiting = tr("This widget needs JavaScript; the live notebook has it too.", lang)
    own = css_class if css_class is not None else f"bt-{kind}"
    classes = "bt-practice" + (f" {escape(own)}" if own else "")
    more = "".join(f" {escape(name)}='{escape(value)}'" for name, value in (attrs or {}).items())
    shown = f"<p class='bt-practice-waiting'>{escape(waiting)}</p>" if waiting else ""
    return (f"<div class='{classes}' data-practice='{escape(kind)}'{more} lang='{escape(lang)}'>"
            f"<script type='application/json' class='bt-practice-data'>{script_json(data)}</script>"
            f"{shown}{inside}</div>")
