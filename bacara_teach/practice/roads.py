"""The roads board on a static page: a seeded shoe's run of coups, prepared at build time.

A built page has no Python behind it, so the board cannot ask the engine to deal.  It does
not need to: the board deals one seeded shoe, so every state the reader can reach is known
in advance.  The engine deals that shoe now, coup by coup up to the cut card, and writes
down for each state what the board shows: the status line, the five roads as the engine
draws them (:func:`~bacara_teach.road_svg.roads_html`), and the exact odds of the next coup
on the cards left beside a full shoe, already written in the page's language.  The page
script (``docs/_static/practice-roads-board.js``) only reads them.

The roads of one state are mostly those of the state before, so they are kept small: the
drawing is cut into pieces (a cell, a grid line, a tag), each piece is stored once, and each
state says which runs of the previous state's pieces it keeps and which new pieces it adds.
The prepared run stops at the cut card or after :data:`PAGE_COUPS` coups, whichever comes
first; the chapter's live notebook deals on.

>>> from bacara_teach.widgets.roads import RoadsBoard
>>> data = roads_data(seed=8, coups=3, lang="en", limit=5)
>>> len(data["states"]), data["start"]
(6, 3)
>>> roads_picture(data, 2) == roads_html(Roads.from_coups(RoadsBoard(seed=8, coups=2, lang="en").coups), lang="en")
True
"""

from __future__ import annotations

import json
import re
from difflib import SequenceMatcher
from fractions import Fraction
from typing import Any

from bacara_teach.analysis.composition import Composition
from bacara_teach.analysis.punto_banco import OUTCOMES, count_deals
from bacara_teach.analysis.roads import CUT_CARD
from bacara_teach.i18n import resolve_language, term
from bacara_teach.practice._page import numbers_data, practice_node
from bacara_teach.punto_banco import Coup, play_coup
from bacara_teach.road_svg import roads_html
from bacara_teach.roads import Roads
from bacara_teach.shoe import Shoe
from bacara_teach.text import N_
from bacara_teach.widgets._common import Labels
from bacara_teach.widgets._html import percent

__all__ = ["PAGE_COUPS", "ROADS_KIND", "roads_data", "roads_html_page", "roads_json",
           "roads_picture"]

ROADS_KIND = "roads-board"
"""The page's practice kind (``data-practice``): its script is ``practice-roads-board.js``."""

PAGE_COUPS = 50
"""At most this many coups are prepared (a page's practice script and data weigh at most
150 KiB)."""

_PAGE_LABELS: dict[str, str] = {
    "prepared": N_("This board deals one shuffled shoe, prepared when the page was built "
                   "(seed {seed}, {decks} decks). The chapter's live notebook deals any seed "
                   "and any number of decks."),
    "end": N_("That is every coup prepared on this page; the chapter's live notebook deals "
              "on."),
    "controls": N_("Deal the shoe"),
    "noscript": N_("The roads board needs JavaScript; the live notebook has it too."),
}

_PIECE = re.compile(r"<desc>.*?</desc>|<title>.*?</title>|</?[a-zA-Z]+|\s[\w:-]+='[^']*'|/?>|[^<]+",
                    re.S)


def _pieces(html: str) -> list[str]:
    """The drawing cut into pieces that join back into it: tag names, attributes, titles,
    texts, so that a piece repeats (a cell's colour, a column's place) and is stored once.

    >>> _pieces("<svg a='1'><title>T</title><line x1='0'/></svg>")
    ['<svg', " a='1'", '>', '<title>T</title>', '<line', " x1='0'", '/>', '</svg', '>']
    """
    pieces: list[str] = _PIECE.findall(html)
    if "".join(pieces) != html:  # pragma: no cover - the engine's drawing changed its form
        raise ValueError("the roads' drawing does not cut into pieces")
    return pieces


def _exact(value: Fraction, lang: str) -> str:
    """A figure as the board writes it: the exact value's percentage, to four decimals, in
    ``lang`` (the fraction itself, with its long denominator, stays in the live board)."""
    return percent(value, 4, lang)


def _status(board_coups: list[Coup], shoe: Shoe, cut_card: int, seed: int,
            labels: Labels) -> list[str]:
    """The status line after these coups, as the live board writes it, and its kind."""
    if shoe.remaining < cut_card:
        return [labels.fill("cut", cut=cut_card), "warning"]
    if not board_coups:
        return [labels.fill("start", cards=shoe.remaining, seed=str(seed)), "info"]
    last = board_coups[-1]
    key = "last.tie" if last.winner.value == "empate" else "last"
    return [labels.fill(key, n=len(board_coups), winner=term(last.winner.value, labels.lang),
                        p=last.punto_total, b=last.banco_total, cards=shoe.remaining), "info"]


def roads_data(*, seed: int = 1, decks: int = 8, coups: int = 0, cut_card: int = CUT_CARD,
               lang: str | None = None, limit: int = PAGE_COUPS) -> dict[str, Any]:
    """Every state of the board over one seeded shoe, from no coup to the cut card or to
    ``limit`` coups, as the page's script reads them; the page starts at ``coups``.

    The arguments are the live board's (:class:`~bacara_teach.widgets.roads.RoadsBoard`).
    """
    from bacara_teach.widgets.roads import _LABELS

    lang = resolve_language(lang)
    labels = Labels(_LABELS, lang)
    page = Labels(_PAGE_LABELS, lang)
    shoe = Shoe.standard(decks, seed=seed)
    full = Composition.standard(decks)
    fresh = count_deals(full).probabilities()
    dealt: list[Coup] = []
    pool: list[str] = []
    index: dict[str, int] = {}
    previous: list[str] = []
    states: list[dict[str, Any]] = []
    while True:
        over = shoe.remaining < cut_card
        pieces = _pieces(roads_html(Roads.from_coups(dealt), lang=lang))
        patch: list[Any] = []
        for op, i1, i2, j1, j2 in SequenceMatcher(None, previous, pieces).get_opcodes():
            if op == "equal":
                patch.append([i1, i2])
                continue
            for piece in pieces[j1:j2]:
                if piece not in index:
                    index[piece] = len(pool)
                    pool.append(piece)
                patch.append(index[piece])
        state: dict[str, Any] = {"status": _status(dealt, shoe, cut_card, seed, labels),
                                 "roads": patch}
        if not over:
            left = Composition.from_shoe(shoe)
            odds = count_deals(left).probabilities()
            state["left"] = labels.fill("left", cards=left.total)
            state["odds"] = [_exact(odds[k], lang) for k in OUTCOMES]
            state["change"] = [_exact(odds[k] - fresh[k], lang) for k in OUTCOMES]
        states.append(state)
        previous = pieces
        if over or len(dealt) >= limit:
            break
        dealt.append(play_coup(shoe))
    keys = ("deal", "deal.tip", "ten", "ten.tip", "new", "new.tip", "caption", "shoe", "change")
    return {
        "version": 1,
        "lang": lang,
        "start": min(coups, len(states) - 1),
        "labels": {**{key: labels[key] for key in keys},
                   "full": labels.fill("full", cards=full.total),
                   "outcomes": [term(k, lang) for k in OUTCOMES],
                   "prepared": page.fill("prepared", seed=str(seed), decks=decks),
                   "end": page["end"], "controls": page["controls"]},
        "numbers": numbers_data(lang),
        "full": [_exact(fresh[k], lang) for k in OUTCOMES],
        "pieces": pool,
        "states": states,
    }


def roads_picture(data: dict[str, Any], k: int) -> str:
    """The roads of state ``k`` put back together from the data, as the page's script does."""
    pieces: list[str] = []
    for state in data["states"][: k + 1]:
        current: list[str] = []
        for item in state["roads"]:
            if isinstance(item, list):
                current.extend(pieces[item[0]:item[1]])
            else:
                current.append(data["pieces"][item])
        pieces = current
    return "".join(pieces)


def roads_json(**options: Any) -> str:
    """:func:`roads_data` as JSON that is safe inside an HTML ``<script>`` element."""
    raw = json.dumps(roads_data(**options), ensure_ascii=False, separators=(",", ":"))
    return raw.replace("</", "<\\/").replace("<!--", "<\\!--")


def roads_html_page(options: dict[str, Any]) -> str:
    """The board as a static page holds it: the practice node, its data, and a line for a
    page without JavaScript."""
    lang = resolve_language(options.get("lang"))
    return practice_node(ROADS_KIND, roads_data(**{**options, "lang": lang}), lang,
                         waiting=Labels(_PAGE_LABELS, lang)["noscript"])
