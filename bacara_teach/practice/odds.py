"""The odds explorer on a static page: the shoes it offers, priced exactly at build time.

A built page has no Python behind it, so the explorer cannot count a shoe while the reader
watches.  The engine counts a useful set of shoes now instead: every table's bets on a full
shoe of 1 to 8 decks, and on a six- or eight-deck shoe with one to four cards of one rank taken
out.  The page script (``docs/_static/practice-odds-explorer.js``) only looks the chosen shoe
up; a shoe outside that set (other decks with cards out, several ranks out, cards typed in)
is one the page says it has not prepared, with the way to the live notebook, whose explorer
prices any shoe.

>>> data = odds_data(lang="en")
>>> data["decks"], data["removalDecks"], data["maxOut"]
([1, 2, 3, 4, 5, 6, 7, 8], [6, 8], 4)
>>> [bet["key"] for bet in data["bets"]["home"]]
['punto', 'banco', 'empate']
>>> data["shoes"]["8"]["cards"], data["shoes"]["8:5:4"]["cards"]
(416, 412)
"""

from __future__ import annotations

from typing import Any

from bacara_teach.analysis.composition import RANKS, Composition
from bacara_teach.analysis.edges import edges_for_profile
from bacara_teach.i18n import resolve_language
from bacara_teach.practice._page import numbers_data, practice_node
from bacara_teach.tables import BetKind, get_profile, profile_names
from bacara_teach.text import N_
from bacara_teach.widgets._common import Labels
from bacara_teach.widgets._html import percent

__all__ = ["MAX_OUT", "ODDS_KIND", "PAGE_DECKS", "REMOVAL_DECKS", "odds_data", "odds_html",
           "shoe_key"]

ODDS_KIND = "odds-explorer"
"""The page's practice kind (``data-practice``): its script is ``practice-odds-explorer.js``."""

PAGE_DECKS: tuple[int, ...] = tuple(range(1, 9))
"""The full shoes the page prices."""

REMOVAL_DECKS: tuple[int, ...] = (6, 8)
"""The shoes the page also prices with cards of one rank taken out."""

MAX_OUT = 4
"""The most cards of one rank the page takes out."""

_PAGE_LABELS: dict[str, str] = {
    "rank": N_("Take out cards of rank"),
    "none": N_("none"),
    "count": N_("How many"),
    "prepared": N_("Prepared on this page: a full shoe of 1 to 8 decks, and a six- or eight-deck "
                   "shoe with one to four cards of one rank taken out."),
    "unprepared": N_("This shoe is not prepared on this page: cards are taken out here only from "
                     "a six- or eight-deck shoe."),
    "custom": N_("Any other shoe (several ranks out, more cards, cards typed in): the live "
                 "notebook's explorer prices it."),
    "live": N_("Open the live notebook"),
    "noscript": N_("The odds explorer needs JavaScript; the live notebook has it too."),
    "scroll": N_("scroll →"),
}


def shoe_key(decks: int, rank: int | None = None, out: int = 0) -> str:
    """The key of a prepared shoe: ``"8"`` full, ``"8:4:2"`` with two cards of ``RANKS[4]`` out.

    >>> shoe_key(6), shoe_key(8, 4, 2)
    ('6', '8:4:2')
    """
    return str(decks) if rank is None or not out else f"{decks}:{rank}:{out}"


def _figures(composition: Composition, lang: str) -> dict[str, list[list[str]]]:
    return {name: [[percent(a.win, lang=lang), percent(a.push, lang=lang),
                    percent(a.house_edge, lang=lang)]
                   for a in edges_for_profile(name, composition).values()]
            for name in profile_names()}


def odds_data(lang: str | None = None) -> dict[str, Any]:
    """Every prepared shoe with every table's bets priced, the words in ``lang``."""
    from bacara_teach.widgets.odds import _LABELS

    lang = resolve_language(lang)
    labels = Labels(_LABELS, lang)
    page = Labels(_PAGE_LABELS, lang)
    bets: dict[str, list[dict[str, str]]] = {}
    for name in profile_names():
        rows = []
        for key, analysis in edges_for_profile(name, Composition.standard(1)).items():
            terms = analysis.terms
            rows.append({"key": key, "label": BetKind.parse(key).label, "pays": terms.price(lang)})
        bets[name] = rows
    shoes: dict[str, dict[str, Any]] = {}
    for decks in PAGE_DECKS:
        full = Composition.standard(decks)
        shoes[shoe_key(decks)] = {"cards": full.total, "out": 0, "figures": _figures(full, lang)}
        if decks not in REMOVAL_DECKS:
            continue
        for index, rank in enumerate(RANKS):
            for out in range(1, MAX_OUT + 1):
                shoe = full.without([rank] * out)
                shoes[shoe_key(decks, index, out)] = {"cards": shoe.total, "out": out,
                                                      "figures": _figures(shoe, lang)}
    keys = ("decks", "table", "caption", "bet", "pays", "win", "push", "edge", "shown")
    return {
        "version": 1,
        "lang": lang,
        "labels": {**{key: labels[key] for key in keys}, **dict(page)},
        "numbers": numbers_data(lang),
        "decks": list(PAGE_DECKS),
        "removalDecks": list(REMOVAL_DECKS),
        "maxOut": MAX_OUT,
        "ranks": [rank.symbol for rank in RANKS],
        "profiles": [{"name": name,
                      "label": get_profile(name).label_text(lang, capital=True)}
                     for name in profile_names()],
        "bets": bets,
        "shoes": shoes,
    }


def odds_html(*, decks: int = 8, profile: str = "home", lang: str | None = None) -> str:
    """The explorer as a static page holds it: the practice node, its data (starting on
    ``decks`` and ``profile``), and a line for a page without JavaScript."""
    lang = resolve_language(lang)
    data = odds_data(lang)
    data["start"] = {"decks": decks if decks in PAGE_DECKS else PAGE_DECKS[-1], "profile": profile}
    return practice_node(ODDS_KIND, data, lang, css_class="bt-odds",
                         waiting=Labels(_PAGE_LABELS, lang)["noscript"])
