"""The coup caller on a static page: whole Punto Banco coups, called step by step.

A dealer, or a player checking one, reads a dealt coup in order: is there a natural? does
Punto draw or stand? Banco? who wins, and with what totals?  The engine deals the page's
coups now, from seeded shoes, until every cell of Banco's table and every kind of natural
has come up :data:`COUPS_PER_KEY` times, and writes down each coup's answers and the rule
behind each one, already in the page's language.  The page script
(``docs/_static/practice-coup-caller.js``) only shows the cards, compares each call with the
prepared answer and chooses the next coup with the drill's own scheduler (a missed cell comes
back soon, a known one later).

Each coup has one *key*, the case it trains: Banco's cell (``"3:8"``: Banco on 3 against a
third card worth 8; ``"6:stood"``: Banco on 6 after Punto stood) or, for a natural, the
natural totals (``"natural:9:-"``: Punto's natural 9 alone; ``"natural:8:9"``: both).

>>> data = caller_data("en")
>>> len(data["cases"]), len(set(data["cases"])), len(data["hard"])
(96, 96, 40)
>>> first = data["coups"][0]
>>> first["cards"], [data["kinds"][code] for code in first["kinds"]]
('4♥ 2♠ 9♣ A♦ 8♦', ['natural', 'punto', 'banco', 'winner', 'totals'])
>>> first["calls"], first["key"]
(['no', 'draw', 'stand', 'banco', '1 3'], '3:8')
"""

from __future__ import annotations

import functools
from typing import Any

from bacara_teach.cards import Card, hand_total
from bacara_teach.i18n import resolve_language
from bacara_teach.narration import narrate_step
from bacara_teach.practice._page import (
    Texts,
    cards_data,
    numbers_data,
    practice_node,
    seeded_coups,
    store_reset_text,
)
from bacara_teach.practice.drill import HARD_TOTALS, _key, drill_deals
from bacara_teach.punto_banco import Coup, Outcome
from bacara_teach.tableau import NATURALS, PUNTO_BANCO, Cell
from bacara_teach.text import N_, ptr, tr
from bacara_teach.widgets._common import Labels

__all__ = ["CALLER_KIND", "COUPS_PER_KEY", "EXAMPLES", "PAGE_SEED", "caller_coups", "caller_data",
           "caller_html", "coup_key", "first_two", "natural_keys"]

CALLER_KIND = "coup-caller"
"""The page's practice kind (``data-practice``): its script is ``practice-coup-caller.js``."""

COUPS_PER_KEY = 2
"""How many different coups the page holds for each cell and each kind of natural."""

PAGE_SEED = 1
"""The seed of the first shoe the page's coups are dealt from (the next shoes take the next
seeds)."""

DECKS = 8
"""The shoe's decks, as at a casino's Punto Banco table."""

EXAMPLES = ("4♥ 2♠ 9♣ A♦ 8♦", "4♥ 2♠ 9♣ A♦ 7♦ 5♣")
"""The rules' two worked examples (Banco stands on 3 against an 8, draws against a 7): the
first coups a fresh page asks."""

ROUND_COUPS = 10
"""The coups of a timed round."""

KIND_CODES = {"natural": "n", "punto": "p", "banco": "b", "winner": "w", "totals": "t"}
"""The calls a coup asks, each written as one letter in the page's data."""

WINNERS = {Outcome.PUNTO: "punto", Outcome.BANCO: "banco", Outcome.EMPATE: "tie"}
"""The winner's answer on the page (the contract's ``punto``/``banco``/``tie``)."""

SHARED_LABELS: dict[str, str] = {
    "modes": N_("How to call"),
    "mode.untimed": N_("Untimed"),
    "mode.timed": N_("Timed round ({coups} coups)"),
    "mode.dealer": N_("Dealer mode: the cards come one at a time"),
    "coup": N_("Coup {n}"),
    "ask.winner": N_("Who wins the coup?"),
    "yes": N_("Yes"),
    "no": N_("No"),
    "draw": N_("Draws"),
    "stand": N_("Stands"),
    "submit": N_("Call the totals"),
    "right": N_("Right."),
    "wrong": N_("Not quite: the call is {answer}."),
    "next": N_("Next coup"),
    "called": N_("Coup called: {right} of {steps} calls right."),
    "called.time": N_("Coup called in {seconds} s: {right} of {steps} calls right."),
    "round.over": N_("Round over: {coups} coups in {seconds} s, {right} of {calls} calls "
                     "right."),
    "round.best": N_("Best round without a miss: {seconds} s."),
    "round.none": N_("No round without a miss yet."),
    "score": N_("This visit: {right} of {calls} calls right; coups called: {coups}"),
    "round.at": N_("Timed round: coup {n} of {of}"),
    "deal.first": N_("Turn the first four cards with Next card, as they come out of the shoe."),
    "known": N_("{known} of {cells} cases known, {unseen} not called yet"),
    "deal": N_("Next card"),
    "answers": N_("Your call"),
    "calls": N_("Your calls on this coup"),
    "kept": N_("What you know is kept in this browser only, and nothing is sent anywhere."),
    "reset": N_("Reset my progress"),
    "cleared": N_("Progress reset: every case is new again."),
    "noscript": N_("The coup caller needs JavaScript."),
}
"""The words of a coup caller that do not depend on the game: its modes, the calls every
game asks, the feedback, the score and the record (the Chemin de Fer caller uses them too)."""

_PAGE_LABELS: dict[str, str] = {
    **SHARED_LABELS,
    "intro": N_("Call each coup as a dealer does, step by step: the natural, Punto's third "
                "card, Banco's, the winner and both totals. Each call is judged at once."),
    "prepared": N_("These {count} coups were dealt from shuffled shoes of {decks} decks when the "
                   "page was built, so that every cell of Banco's table and every kind of "
                   "natural comes up {each} times. A case you miss comes back within a few "
                   "coups."),
    "punto": N_("Punto"),
    "banco": N_("Banco"),
    "ask.natural": N_("Is there a natural (8 or 9 with two cards)?"),
    "ask.punto": N_("Does Punto draw a third card or stand?"),
    "ask.banco": N_("Does Banco draw a third card or stand?"),
    "ask.totals": N_("The final totals, Punto's then Banco's (for example 1 3):"),
    "totals.box": N_("Final totals, Punto's then Banco's"),
    "win.punto": N_("Punto"),
    "win.banco": N_("Banco"),
    "win.tie": N_("Empate"),
    "totals.bad": N_("Type two totals from 0 to 9, Punto's then Banco's, e.g. 1 3."),
    "case": N_("This coup trains: {case}."),
    "case.third": N_("Banco on {total} against Punto's third card {third}"),
    "case.stood": N_("Banco on {total}, Punto stood"),
    "case.punto": N_("a natural {total} for Punto"),
    "case.banco": N_("a natural {total} for Banco"),
    "case.both": N_("naturals: Punto {punto}, Banco {banco}"),
}

def natural_keys() -> tuple[str, ...]:
    """The kinds of natural a coup can show: each hand's natural alone, then both.

    >>> natural_keys()[:4], len(natural_keys())
    (('natural:8:-', 'natural:9:-', 'natural:-:8', 'natural:-:9'), 8)
    """
    alone = [f"natural:{n}:-" for n in NATURALS] + [f"natural:-:{n}" for n in NATURALS]
    both = [f"natural:{p}:{b}" for p in NATURALS for b in NATURALS]
    return (*alone, *both)


def coup_key(coup: Coup) -> str:
    """The case ``coup`` trains: its kind of natural, or the cell of Banco's table it reaches.

    >>> coup_key(Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")), coup_key(Coup.from_cards("9♠ 9♦ K♣ K♥"))
    ('3:8', 'natural:9:9')
    >>> coup_key(Coup.from_cards("K♠ 7♦ 7♣ K♥"))
    '7:stood'
    """
    punto, banco = _two_card_totals(coup)
    if coup.natural:
        def side(total: int) -> str:
            return str(total) if total in NATURALS else "-"
        return f"natural:{side(punto)}:{side(banco)}"
    cell = _banco_cell(coup)
    return f"{cell.total}:{'stood' if cell.third is None else cell.third}"


def first_two(coup: Coup) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Punto's and Banco's first two cards (the cards dealt alternately, Punto first).

    >>> from bacara_teach.cards import format_cards
    >>> [format_cards(hand) for hand in first_two(Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦"))]
    ['4♥ 9♣', '2♠ A♦']
    """
    cards = coup.cards
    return tuple(cards[0:4:2]), tuple(cards[1:4:2])


def _two_card_totals(coup: Coup) -> tuple[int, int]:
    punto, banco = first_two(coup)
    return hand_total(punto), hand_total(banco)


def _banco_cell(coup: Coup) -> Cell:
    cells = [step.cell for step in coup.steps if step.cell is not None and step.cell.hand == "banker"]
    assert len(cells) == 1, coup
    return cells[0]


@functools.cache
def caller_coups(seed: int = PAGE_SEED, per_key: int = COUPS_PER_KEY) -> tuple[Coup, ...]:
    """The page's coups: the rules' two worked examples, then coups dealt from seeded shoes,
    kept until every case (each Banco cell, each kind of natural) has ``per_key`` coups.

    >>> coups = caller_coups()
    >>> len(coups) == 96 * COUPS_PER_KEY, str(coups[0].cards[4])
    (True, '8♦')
    """
    wanted = dict.fromkeys((*_banco_keys(), *natural_keys()), per_key)
    kept = [Coup.from_cards(cards) for cards in EXAMPLES]
    for example in kept:
        wanted[coup_key(example)] -= 1
    for coup in seeded_coups(seed, DECKS):
        key = coup_key(coup)
        if wanted[key] > 0:
            wanted[key] -= 1
            kept.append(coup)
            if not any(wanted.values()):
                return tuple(kept)
    raise AssertionError("unreachable: the shoes never end")  # pragma: no cover


def _banco_keys() -> list[str]:
    return [f"{cell.total}:{'stood' if cell.third is None else cell.third}"
            for cell in PUNTO_BANCO.cells() if cell.hand == "banker"]


def shared_keys(lang: str) -> dict[str, str]:
    """The keys of the calls every coup caller asks (a natural, a draw), one letter per answer,
    as the language names them."""
    return {"yes": ptr("caller key: yes", "Y", lang), "no": ptr("caller key: no", "N", lang),
            "draw": ptr("drill key: draw", "D", lang), "stand": ptr("drill key: stand", "S", lang)}


def _keys(lang: str) -> dict[str, str]:
    """The keys that call a step, one letter per answer, as the language names them."""
    return {**shared_keys(lang), "punto": ptr("caller key: Punto", "P", lang),
            "banco": ptr("caller key: Banco", "B", lang), "tie": ptr("caller key: Empate", "E", lang)}


def caller_data(lang: str | None = None, *, seed: int = PAGE_SEED,
                per_key: int = COUPS_PER_KEY) -> dict[str, Any]:
    """Everything the page's coup caller needs, in ``lang``, as plain data.

    ``cases`` lists each case's key once, ``hard`` those of Banco on 3–6 against a third card;
    ``labels`` names a case with ``case.third``, ``case.stood``, ``case.punto``, ``case.banco``
    and ``case.both``.  ``coups`` lists the
    coups: ``cards`` in dealing order, ``key``, and the calls asked, in order: ``kinds``, one
    letter per call (``kinds`` of the data names them: ``natural``, ``punto``, ``banco``,
    ``winner``, ``totals``), ``calls``, each call's answer (``yes``/``no``, ``draw``/``stand``,
    ``punto``/``banco``/``tie``, or the two final totals, ``"1 3"``), and ``why``, the engine's
    words for each (an index into ``texts``).  The page shows four cards, then each third card once the call that deals it
    (Punto's or Banco's ``draw``) has been made.  ``faces`` gives each card's words for
    screen readers; the first ``examples`` coups are the rules' worked examples, asked first
    on a fresh page.
    """
    lang = resolve_language(lang)
    labels = Labels(_PAGE_LABELS, lang)
    deals = drill_deals("punto-banco")
    text = Texts()
    texts = text.texts

    def rule(cell: Cell) -> int:
        return text(deals[_key(None, cell)][0].explain(lang))

    coups = caller_coups(seed, per_key)
    listed = []
    for coup in coups:
        punto_two, _ = _two_card_totals(coup)
        by_action = {step.action: step for step in coup.steps}
        opening = by_action.get("natural") or by_action["no-natural"]
        steps: list[list[Any]] = [["natural", "yes" if coup.natural else "no",
                                   text(narrate_step(opening, lang, coup.tableau))]]
        if not coup.natural:
            punto_cell = PUNTO_BANCO.player_cell(punto_two)
            steps.append(["punto", punto_cell.decision.value, rule(punto_cell)])
            steps.append(["banco", _banco_cell(coup).decision.value, rule(_banco_cell(coup))])
        result = text(narrate_step(by_action["result"], lang, coup.tableau))
        steps.append(["winner", WINNERS[coup.winner], result])
        steps.append(["totals", f"{coup.punto_total} {coup.banco_total}", result])
        listed.append({"key": coup_key(coup), "cards": " ".join(str(c) for c in coup.cards),
                       "kinds": "".join(KIND_CODES[kind] for kind, _, _ in steps),
                       "calls": [answer for _, answer, _ in steps],
                       "why": [why for _, _, why in steps]})
    cases = [*_banco_keys(), *natural_keys()]
    hard = [key for key in _banco_keys() if int(key[0]) in HARD_TOTALS and not key.endswith("stood")]
    words = {key: labels[key] for key in _PAGE_LABELS}
    words["prepared"] = labels.fill("prepared", count=len(coups), decks=DECKS, each=per_key)
    words["mode.timed"] = labels.fill("mode.timed", coups=ROUND_COUPS)
    keys = _keys(lang)
    words["keys"] = tr("Keys: {yes} yes, {no} no, {draw} draws, {stand} stands, {punto} Punto, "
                       "{banco} Banco, {tie} Empate; Enter: next coup.", lang, **keys)
    return {
        "version": 1,
        "game": "punto-banco",
        "lang": lang,
        "seed": seed,
        "decks": DECKS,
        "round_coups": ROUND_COUPS,
        "examples": len(EXAMPLES),
        "labels": words,
        "keys": keys,
        "numbers": numbers_data(lang),
        "store_reset": store_reset_text(lang),
        "faces": {str(card): words for card, words in _faces(coups, lang)},
        "texts": texts,
        "kinds": {code: kind for kind, code in KIND_CODES.items()},
        "cases": cases,
        "hard": hard,
        "coups": listed,
    }


def _faces(coups: tuple[Coup, ...], lang: str) -> list[list[str]]:
    """Each card the coups show, once: its text and its words for screen readers."""
    seen = sorted({card for coup in coups for card in coup.cards}, key=str)
    return cards_data(seen, lang)


def caller_html(lang: str | None = None, *, seed: int = PAGE_SEED,
                per_key: int = COUPS_PER_KEY) -> str:
    """The coup caller as a page holds it: the practice node, its data, and a line for a page
    without JavaScript.

    >>> caller_html("es").startswith("<div class='bt-practice bt-coup-caller' data-practice='coup-caller'")
    True
    """
    lang = resolve_language(lang)
    return practice_node(CALLER_KIND, caller_data(lang, seed=seed, per_key=per_key), lang,
                         waiting=Labels(_PAGE_LABELS, lang)["noscript"],
                         attrs={"data-game": "punto-banco"})

