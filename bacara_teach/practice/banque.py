"""The banker's drill of Baccarat Banque on a static page: its situations prepared at build time.

A built page has no Python behind it, so the drill cannot ask the engine while the reader
plays.  It does not need to: the engine deals the situations now
(:func:`~bacara_teach.practice.banque_situations.deal_situations`), prices both decisions of each exactly,
and writes down what the page shows, already in the page's language: the banker's cards, what
each side did, the stakes, the question, the better decision, both values in chips and the
sentence that explains them.  The page script (``docs/_static/practice-banque-drill.js``)
only compares the reader's answer with the prepared one and counts the score.

>>> data = banque_drill_data("en", count=3)
>>> len(data["situations"]), data["answers"]
(3, ['draw', 'stand'])
>>> first = data["situations"][0]
>>> first["better"] in data["answers"], sorted(first["values"])
(True, ['draw', 'stand'])
"""

from __future__ import annotations

import functools
from typing import Any

from bacara_teach.baccarat_banque import DECKS, SIDES, SideSeen
from bacara_teach.i18n import resolve_language
from bacara_teach.pages.baccarat_banque import chips
from bacara_teach.practice._page import cards_data, numbers_data, practice_node, store_reset_text
from bacara_teach.practice.banque_situations import (
    PAGE_SITUATIONS,
    STAKES,
    BanqueSituation,
    deal_situations,
    explain,
)
from bacara_teach.practice.drill import _keys, answer_labels
from bacara_teach.tableau import Decision
from bacara_teach.text import N_, tr
from bacara_teach.widgets._common import Labels

__all__ = ["BANQUE_KIND", "PAGE_SEED", "banque_drill_data", "banque_drill_html", "drill_text",
           "situations"]

BANQUE_KIND = "banque-drill"
"""The page's practice kind (``data-practice``): its script is ``practice-banque-drill.js``."""

PAGE_SEED = 1
"""The seed of the shoe the chapter's drill deals its situations from."""

_PAGE_LABELS: dict[str, str] = {
    "prepared": N_("These {count} situations were dealt from one shoe of {decks} decks, "
                   "shuffled from seed {seed} when the page was built; the engine priced both "
                   "decisions of each exactly, as in the table above."),
    "position": N_("Situation {n} of {of}"),
    "ask": N_("You hold the bank. Draw or stand?"),
    "natural": N_("showed a natural {total}"),
    "over": N_("Every situation has been answered: {right} of {asked} right. Start again to "
               "take them once more."),
    "again": N_("Start again"),
    "answers": N_("Your answer"),
    "next": N_("Next question"),
    "score": N_("{right} of {asked} right"),
    "right": N_("Right."),
    "wrong": N_("Not quite: the answer is {answer}."),
    "banker": N_("Banker"),
    "right.side": N_("Right side"),
    "left.side": N_("Left side"),
    "stakes": N_("Stakes, right and left"),
    "worth.stand": N_("Standing is worth"),
    "worth.draw": N_("Drawing is worth"),
    "noscript": N_("The banker's drill needs JavaScript."),
}


@functools.lru_cache(maxsize=8)
def situations(seed: int = PAGE_SEED, count: int = PAGE_SITUATIONS,
               decks: int = DECKS) -> tuple[BanqueSituation, ...]:
    """The drill's situations (:func:`~bacara_teach.practice.banque_situations.deal_situations`), dealt
    once for both of a page's languages."""
    return tuple(deal_situations(seed=seed, count=count, decks=decks))


def _side(seen: SideSeen, lang: str, labels: Labels) -> dict[str, Any]:
    """One side as the banker sees it: what it did in words, and the cards it shows."""
    if seen.natural is not None:
        return {"did": "natural", "text": labels.fill("natural", total=seen.natural),
                "cards": cards_data(seen.cards, lang)}
    if seen.third_card is None:
        return {"did": "stood", "text": tr("stood", lang), "cards": []}
    return {"did": "drew", "text": tr("drew {card} face up", lang, card=seen.third_card),
            "cards": cards_data([seen.third_card], lang)}


def _situation(situation: BanqueSituation, lang: str, labels: Labels) -> dict[str, Any]:
    view = situation.view
    return {
        "banker": cards_data(view.cards, lang),
        "total": view.total,
        "sides": [_side(view.side(side), lang, labels) for side in SIDES],
        "stakes": [view.stakes.right, view.stakes.left],
        "stakesText": tr("{right} and {left}", lang, right=view.stakes.right,
                         left=view.stakes.left),
        "prompt": view.describe(lang),
        "better": situation.better.value,
        "values": {d.value: chips(situation.values[d], lang)
                   for d in (Decision.STAND, Decision.DRAW)},
        "exact": {d.value: f"{situation.values[d].numerator}/{situation.values[d].denominator}"
                  for d in (Decision.STAND, Decision.DRAW)},
        "thumb": situation.thumb.value,
        "flips": situation.flips,
        "why": explain(situation, lang),
    }


def drill_text(lang: str | None = None, *, seed: int = PAGE_SEED,
               count: int = PAGE_SITUATIONS) -> str:
    """What the chapter says of its drill's situations: the stakes, and how many of them the
    rule of thumb gets wrong or the stakes decide.

    >>> drill_text("en", count=3)
    'Each side carries a stake of 10, 20, 50 or 100 chips. In 1 of these 3 situations the rule of thumb takes the worse decision; in 1, other stakes would reverse the better decision.'
    """
    lang = resolve_language(lang)
    prepared = situations(seed, count)
    stakes = tr("{first} or {last}", lang, first=", ".join(str(s) for s in STAKES[:-1]),
                last=STAKES[-1])
    return tr("Each side carries a stake of {stakes} chips. In {wrong} of these {count} "
              "situations the rule of thumb takes the worse decision; in {flips}, other stakes "
              "would reverse the better decision.", lang, stakes=stakes, count=len(prepared),
              wrong=sum(s.thumb is not s.better for s in prepared),
              flips=sum(s.flips for s in prepared))


def banque_drill_data(lang: str | None = None, *, seed: int = PAGE_SEED,
                      count: int = PAGE_SITUATIONS) -> dict[str, Any]:
    """Everything the page's banker's drill needs, in ``lang``, as plain data.

    ``situations`` lists, in the order asked: the banker's cards (each card's text and its
    words for screen readers) and total, each side (``did``: ``drew``, ``stood`` or
    ``natural``; its words; the cards it shows), the stakes, the question in words, the
    ``better`` decision, both ``values`` in chips written in ``lang`` (``exact`` as
    fractions), the rule of thumb's decision, whether other stakes reverse the better
    decision (``flips``) and the explanation.
    """
    lang = resolve_language(lang)
    labels = Labels(_PAGE_LABELS, lang)
    prepared = situations(seed, count)
    keys = _keys(lang)
    words = {key: labels[key] for key in _PAGE_LABELS}
    words["prepared"] = labels.fill("prepared", count=len(prepared), decks=DECKS, seed=str(seed))
    words["keys"] = tr("Keys: {draw} draw, {stand} stand, Enter next question.", lang,
                       draw=keys["draw"], stand=keys["stand"])
    words.update(answer_labels(lang))
    return {
        "version": 1,
        "lang": lang,
        "seed": seed,
        "decks": DECKS,
        "answers": [Decision.DRAW.value, Decision.STAND.value],
        "keys": {"draw": keys["draw"], "stand": keys["stand"]},
        "labels": words,
        "numbers": numbers_data(lang),
        "store_reset": store_reset_text(lang),
        "situations": [_situation(s, lang, labels) for s in prepared],
    }


def banque_drill_html(lang: str | None = None, *, seed: int = PAGE_SEED,
                      count: int = PAGE_SITUATIONS) -> str:
    """The drill as a page holds it: the practice node, its data, and a line for a page
    without JavaScript."""
    lang = resolve_language(lang)
    return practice_node(BANQUE_KIND, banque_drill_data(lang, seed=seed, count=count), lang,
                         css_class="bt-banque-drill",
                         waiting=Labels(_PAGE_LABELS, lang)["noscript"])
