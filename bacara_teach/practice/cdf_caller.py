"""The coup caller for Chemin de Fer: whole coups called step by step, free choices included.

The Punto Banco caller (:mod:`bacara_teach.practice.caller`) asks a dealer's calls on a coup
whose every step the rules decide.  A Chemin de Fer coup has free cells: the bettor's 5 when
several bettors play, the banker's 3 against a 9 and 5 against a 4.  Here the calls are, in
order: a natural on either side?  the bettor's decision (draw, stand, or *free choice*)?  the
banker's?  the winner, and both totals.  A free cell is called "free choice", and the coup goes
on as the player there chose; in *seat mode* the learner makes that choice, and the coup goes on
from it.

Each coup is dealt from its own six cards, the next six of a seeded shoe of six decks, so
that a choice changes only which of them the coup uses; the engine plays every branch now
(:class:`~bacara_teach.chemin_de_fer.CoupInPlay`), and writes each branch's answers and the
engine's words for them.  A coup's *key* is its case, as in the Punto Banco caller: the cell
of the banker's table it reaches (``"3:9"``, ``"6:stood"``), or its kind of natural
(``"natural:8:-"``: the bettor's 8 alone; ``"natural:-:9"``: the banker's 9 alone).

>>> data = cdf_caller_data("en")
>>> len(data["cases"]), data["modes"]
(96, ['untimed', 'timed', 'dealer', 'seat'])
>>> first = data["coups"][0]
>>> first["cards"], [data["kinds"][code] for code in first["kinds"]]
('2♥ A♠ 3♣ 2♦ 9♥ 5♠', ['natural', 'bettor', 'banker', 'winner', 'totals'])
>>> first["calls"], first["chose"], first["key"]
(['no', 'choice', 'choice', 'banco', '4 8'], {'1': 'draw', '2': 'draw'}, '3:9')
>>> sorted(first["alt"]), first["alt"]["1"]["cards"], first["alt"]["1"]["calls"]
(['1', '2'], '2♥ A♠ 3♣ 2♦ 9♥', ['no', 'choice', 'draw', 'punto', '5 2'])
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any

from bacara_teach.cards import Card, hand_total
from bacara_teach.chemin_de_fer import BANKER, BETTOR, SEVERAL, CheminDeFerCoup, CoupInPlay, Winner
from bacara_teach.i18n import resolve_language
from bacara_teach.narration import narrate_step
from bacara_teach.practice._page import (
    Texts,
    cards_data,
    numbers_data,
    practice_node,
    store_reset_text,
)
from bacara_teach.practice.caller import CALLER_KIND, SHARED_LABELS, natural_keys, shared_keys
from bacara_teach.practice.drill import HARD_TOTALS, _worth_text, drill_worths
from bacara_teach.shoe import Shoe
from bacara_teach.steps import Step
from bacara_teach.tableau import CHEMIN_DE_FER, NATURALS, Cell, Decision
from bacara_teach.text import N_, ptr, tr
from bacara_teach.widgets._common import Labels

__all__ = [
    "CDF_EXAMPLE",
    "CDF_GAME",
    "WINNERS",
    "cdf_caller_coups",
    "cdf_caller_data",
    "cdf_caller_html",
    "cdf_cases",
    "cdf_coup_key",
]

CDF_GAME = "chemin-de-fer"
"""The caller's game (``data-game``); its record in the browser is ``caller-chemin-de-fer``."""

CDF_EXAMPLE = ("2♥ A♠ 3♣ 2♦ 9♥ 5♠", {BETTOR: Decision.DRAW, BANKER: Decision.DRAW})
"""The rules' worked example (the bettor draws on 5 and gets 9♥; the banker, free on 3
against a 9, draws 5♠ and wins 8 to 4): the first coup a fresh page asks."""

COUPS_PER_KEY = 1
"""How many coups the page holds for each case (the Punto Banco caller holds two; this one's
coups also carry the other branch of each free choice)."""

FREE_COUPS = 24
"""Coups with a free cell the page holds beyond one per case: a free cell is rare in play (the
bettor's 5 about one coup in ten, the banker's two about one in a hundred each), and seat mode
needs them."""

PAGE_SEED = 1
"""The seed of the first shoe the page's coups are dealt from."""

DECKS = 6
"""The shoe's decks, as in the home Chemin de Fer rules."""

COUP_CARDS = 6
"""The cards each coup is dealt from: the most a coup can use."""

ROUND_COUPS = 10
"""The coups of a timed round."""

KIND_CODES = {"natural": "n", "bettor": "e", "banker": "k", "winner": "w", "totals": "t"}
"""The calls a coup asks, each written as one letter in the page's data."""

WINNERS = {Winner.BETTOR: "punto", Winner.BANKER: "banco", Winner.PUSH: "tie"}
"""The winner's answer on the page: the contract's ``punto`` (the bettors' hand), ``banco``
(the banker's) and ``tie``."""

_PAGE_LABELS: dict[str, str] = {
    **SHARED_LABELS,  # the calls, modes and scores both callers share
    "intro": N_("Call each Chemin de Fer coup as the croupier reads it once the cards are "
                "shown: a natural on either side, the bettor's decision, the banker's, the "
                "winner and both totals. At a free cell the call is \"free choice\", and the "
                "coup goes on as the player there chose. Several bettors play."),
    "prepared": N_("These {count} coups were dealt from shuffled shoes of {decks} decks when the "
                   "page was built, each from its own six cards, so that every cell of the "
                   "banker's table and every kind of natural comes up. A case you miss comes "
                   "back within a few coups."),
    "mode.seat": N_("Seat mode: you make the free choices"),
    "punto": N_("Bettor"),
    "banco": N_("Banker"),
    "ask.natural": N_("Is there a natural (8 or 9 with two cards) on either side?"),
    "ask.bettor": N_("The bettor's decision: draw, stand, or free choice?"),
    "ask.banker": N_("The banker's decision: draw, stand, or free choice?"),
    "seat.bettor": N_("A free cell, and the bettor's hand is yours: draw or stand?"),
    "seat.banker": N_("A free cell, and the bank is yours: draw or stand?"),
    "ask.totals": N_("The final totals, the bettor's then the banker's (for example 4 8):"),
    "totals.box": N_("Final totals, the bettor's then the banker's"),
    "choice": N_("Free choice"),
    "win.punto": N_("The bettors"),
    "win.banco": N_("The banker"),
    "win.tie": N_("A tie: stakes returned"),
    "totals.bad": N_("Type two totals from 0 to 9, the bettor's then the banker's, e.g. 4 8."),
    "chosen": N_("Your choice: {answer}."),
    "case": N_("This coup trains: {case}."),
    "case.third": N_("the banker on {total} against the bettor's third card {third}"),
    "case.stood": N_("the banker on {total}, the bettor stood"),
    "case.punto": N_("a natural {total} for the bettor"),
    "case.banco": N_("a natural {total} for the banker"),
    "case.both": N_("naturals: the bettor {punto}, the banker {banco}"),
    "no.natural": N_("No natural: the bettor has {bettor} and the banker {banker} with two "
                     "cards."),
}


def _hand_total(cards: tuple[Card, ...]) -> int:
    return hand_total(cards)


def cdf_coup_key(coup: CheminDeFerCoup) -> str:
    """The case ``coup`` trains: its kind of natural, or the cell of the banker's table it reaches.

    >>> cdf_coup_key(CheminDeFerCoup.from_cards("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw", banker="draw"))
    '3:9'
    >>> cdf_coup_key(CheminDeFerCoup.from_cards("4♥ 9♠ A♣ K♦", bettor="draw"))
    'natural:-:9'
    """
    bettor, banker = _hand_total(coup.bettor[:2]), _hand_total(coup.banker[:2])
    if coup.natural:
        def side(total: int) -> str:
            return str(total) if total in NATURALS else "-"
        return f"natural:{side(bettor)}:{side(banker)}"
    cell = _banker_cell(coup)
    return f"{cell.total}:{'stood' if cell.third is None else cell.third}"


def _banker_cell(coup: CheminDeFerCoup) -> Cell:
    cells = [s.cell for s in coup.steps if s.cell is not None and s.cell.hand == "banker"]
    assert len(cells) == 1, coup
    return cells[0]


def _play(cards: tuple[Any, ...], choices: Mapping[str, Decision],
          chooser: random.Random) -> tuple[CheminDeFerCoup, dict[str, Decision]]:
    """The coup ``cards`` make with the decisions given, a free cell not given decided by
    ``chooser``; the coup and every decision taken at a free cell."""
    play = CoupInPlay(cards, bettors=SEVERAL)
    taken = dict(choices)
    while (view := play.pending) is not None:
        decision = taken.get(view.role) or chooser.choice((Decision.DRAW, Decision.STAND))
        taken[view.role] = decision
        play.decide(decision)
    return play.result(), {role: taken[role] for role in (BETTOR, BANKER) if role in taken}


@functools.cache
def cdf_caller_coups(seed: int = PAGE_SEED,
                     per_key: int = COUPS_PER_KEY) -> tuple[tuple[tuple[Any, ...], dict[str, Decision]], ...]:
    """The page's coups, as the six cards each is dealt from and the decisions of the line the
    caller shows: the rules' worked example, then coups from seeded shoes, kept until every
    case has ``per_key`` coups and :data:`FREE_COUPS` more coups meet a free cell.  A free
    cell's decision is drawn at random (as players differ).

    >>> coups = cdf_caller_coups()
    >>> len(coups) == 96 * COUPS_PER_KEY + FREE_COUPS, " ".join(map(str, coups[0][0]))
    (True, '2♥ A♠ 3♣ 2♦ 9♥ 5♠')
    """
    from bacara_teach.cards import parse_cards

    wanted = dict.fromkeys((*_banker_keys(), *natural_keys()), per_key)
    example = tuple(parse_cards(CDF_EXAMPLE[0]))
    kept: list[tuple[tuple[Any, ...], dict[str, Decision]]] = [(example, dict(CDF_EXAMPLE[1]))]
    wanted[cdf_coup_key(_play(example, CDF_EXAMPLE[1], random.Random(0))[0])] -= 1
    chooser = random.Random(f"cdf-caller:{seed}")
    free = FREE_COUPS
    shoe_seed = seed
    while True:
        shoe = Shoe.standard(DECKS, seed=f"cdf-caller:{shoe_seed}")
        while shoe.remaining >= COUP_CARDS:
            cards = tuple(shoe.draw() for _ in range(COUP_CARDS))
            coup, taken = _play(cards, {}, chooser)
            key = cdf_coup_key(coup)
            if wanted[key] > 0:
                wanted[key] -= 1
            elif taken and free > 0:
                free -= 1
            else:
                continue
            kept.append((cards, taken))
            if not free and not any(wanted.values()):
                return tuple(kept)
        shoe_seed += 1


def _banker_keys() -> list[str]:
    return [f"{cell.total}:{'stood' if cell.third is None else cell.third}"
            for cell in CHEMIN_DE_FER.cells() if cell.hand == "banker"]


def cdf_cases() -> list[str]:
    """Every case of the caller: each cell of the banker's table, then each kind of natural.

    >>> cases = cdf_cases()
    >>> len(cases), cases[:2], cases[-1]
    (96, ['0:stood', '0:0'], 'natural:9:9')
    """
    return [*_banker_keys(), *natural_keys()]


def _keys(lang: str) -> dict[str, str]:
    """The keys that call a step, as the language names them: the callers' shared ones, free
    choice, and the winners named as Chemin de Fer names them."""
    return {**shared_keys(lang), "choice": ptr("drill key: free choice", "C", lang),
            "punto": ptr("caller key: bettors", "E", lang), "banco": ptr("caller key: banker", "K", lang),
            "tie": ptr("caller key: tie", "T", lang)}


class _Lines:
    """The lines of the page's coups, told in one language, their long texts listed once."""

    def __init__(self, lang: str, labels: Labels) -> None:
        self.lang = lang
        self.labels = labels
        self.text = Texts()
        self.worths = drill_worths(CDF_GAME)

    def _say(self, *steps: Step) -> str:
        return " ".join(narrate_step(s, self.lang, CHEMIN_DE_FER) for s in steps)

    def _worth(self, cell: Cell) -> str:
        key = ("several", cell.hand, cell.total, cell.third)
        return _worth_text(CDF_GAME, cell, self.worths[key], self.lang)

    def line(self, cards: tuple[Any, ...], choices: Mapping[str, Decision], *,
             fixed: int = -1) -> dict[str, Any]:
        """One line of a coup: its calls and their words, each free choice's decision
        (``chose``) and, for each free cell after step ``fixed``, the line the other decision
        makes (``alt``)."""
        coup, taken = _play(cards, choices, random.Random(" ".join(map(str, cards))))
        by = {(s.actor, s.action): s for s in coup.steps}
        text = self.text
        steps: list[list[Any]] = []
        bettor_two, banker_two = _hand_total(coup.bettor[:2]), _hand_total(coup.banker[:2])
        if coup.natural == BETTOR:
            steps.append(["natural", "yes", text(self._say(by[(BETTOR, "natural")]))])
        elif coup.natural == BANKER:
            steps.append(["natural", "yes", text(self._say(by[(BETTOR, "announce")],
                                                           by[(BANKER, "natural")]))])
        else:
            steps.append(["natural", "no", text(self.labels.fill("no.natural", bettor=bettor_two,
                                                                 banker=banker_two))])
            announce = by[(BETTOR, "announce")]
            assert announce.cell is not None
            why = self._say(announce)
            if announce.cell.decision is Decision.CHOICE:
                why = f"{why} {self._worth(announce.cell)}"
            steps.append(["bettor", announce.cell.decision.value, text(why)])
            banker = by.get((BANKER, "draw")) or by[(BANKER, "stand")]
            assert banker.cell is not None
            why = self._say(banker)
            if banker.cell.decision is Decision.CHOICE:
                why = f"{why} {self._worth(banker.cell)}"
            steps.append(["banker", banker.cell.decision.value, text(why)])
        result = text(self._say(by[("table", "result")]))
        steps.append(["winner", WINNERS[coup.winner], result])
        steps.append(["totals", f"{coup.bettor_total} {coup.banker_total}", result])
        chose = {str(i): taken[BETTOR if kind == "bettor" else BANKER].value
                 for i, (kind, answer, _) in enumerate(steps) if answer == "choice"}
        line: dict[str, Any] = {
            "key": cdf_coup_key(coup), "cards": " ".join(str(c) for c in coup.cards),
            "kinds": "".join(KIND_CODES[kind] for kind, _, _ in steps),
            "calls": [answer for _, answer, _ in steps], "why": [why for _, _, why in steps],
            "chose": chose}
        alt = {}
        for index, decision in chose.items():
            if int(index) <= fixed:
                continue
            role = BETTOR if steps[int(index)][0] == "bettor" else BANKER
            other = Decision.STAND if decision == "draw" else Decision.DRAW
            kept = {r: d for r, d in taken.items() if r == BETTOR and role == BANKER}
            alt[index] = self.line(cards, {**kept, role: other}, fixed=int(index))
        if alt:
            line["alt"] = alt
        return line


def cdf_caller_data(lang: str | None = None, *, seed: int = PAGE_SEED,
                    per_key: int = COUPS_PER_KEY) -> dict[str, Any]:
    """Everything the page's Chemin de Fer caller needs, in ``lang``, as plain data.

    The same shape as the Punto Banco caller's (:func:`~bacara_teach.practice.caller.caller_data`),
    with the calls ``bettor`` and ``banker`` (``draw``, ``stand`` or ``choice``), and for each
    coup ``chose``, the decision taken at each free cell (by the step's index), and ``alt``,
    the whole line the other decision makes (its own ``cards``, ``calls``, ``why``...), which
    seat mode follows when the learner decides the other way.  ``modes`` lists the modes the
    page offers.
    """
    lang = resolve_language(lang)
    labels = Labels(_PAGE_LABELS, lang)
    lines = _Lines(lang, labels)
    coups = cdf_caller_coups(seed, per_key)
    listed = [lines.line(cards, choices) for cards, choices in coups]
    cases = cdf_cases()
    hard = [key for key in _banker_keys() if int(key[0]) in HARD_TOTALS and not key.endswith("stood")]
    words = {key: labels[key] for key in _PAGE_LABELS if key != "no.natural"}
    words["prepared"] = labels.fill("prepared", count=len(listed), decks=DECKS)
    words["mode.timed"] = labels.fill("mode.timed", coups=ROUND_COUPS)
    keys = _keys(lang)
    words["keys"] = tr("Keys: {yes} yes, {no} no, {draw} draws, {stand} stands, {choice} free "
                       "choice, {punto} the bettors, {banco} the banker, {tie} a tie; Enter: next "
                       "coup.", lang, **keys)
    seen = sorted({card for cards, _ in coups for card in cards}, key=str)
    return {
        "version": 1,
        "game": CDF_GAME,
        "lang": lang,
        "seed": seed,
        "decks": DECKS,
        "round_coups": ROUND_COUPS,
        "examples": 1,
        "modes": ["untimed", "timed", "dealer", "seat"],
        "labels": words,
        "keys": keys,
        "numbers": numbers_data(lang),
        "store_reset": store_reset_text(lang),
        "faces": dict(cards_data(seen, lang)),
        "texts": lines.text.texts,
        "kinds": {code: kind for kind, code in KIND_CODES.items()},
        "cases": cases,
        "hard": hard,
        "coups": listed,
    }


def cdf_caller_html(lang: str | None = None, *, seed: int = PAGE_SEED,
                    per_key: int = COUPS_PER_KEY) -> str:
    """The Chemin de Fer coup caller as a page holds it.

    >>> cdf_caller_html("es").startswith("<div class='bt-practice bt-coup-caller' data-practice='coup-caller'")
    True
    """
    lang = resolve_language(lang)
    return practice_node(CALLER_KIND, cdf_caller_data(lang, seed=seed, per_key=per_key), lang,
                         css_class="bt-coup-caller", waiting=Labels(_PAGE_LABELS, lang)["noscript"],
                         attrs={"data-game": CDF_GAME})
