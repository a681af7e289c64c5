"""Practice on a static page: the tableau drill's data, prepared by the engine at build time.

A built page has no Python behind it.  So that a reader can still drill the third-card
rules there, and at once, the engine writes everything the drill needs as plain data:
every cell of the game's tables with its answer, questions dressed as the cards of real
coups, the feedback for a right and for a wrong answer and what the cell's choices are
worth, in the page's language, in the engine's own words
(:class:`bacara_teach.trainer.Situation` and :class:`~bacara_teach.trainer.Feedback`).
The site's practice script (``docs/_static/practice.js``) only reads that data: it never
decides a cell itself.

>>> data = drill_data("punto-banco", "en")
>>> len(data["cells"]), data["answers"]
(96, ['draw', 'stand'])
>>> cell = next(c for c in data["cells"] if c["actor"] == "banco" and c["total"] == 3
...             and c["third"] == 8)
>>> cell["answer"], data["verdicts"]["right"][cell["answer"]], data["texts"][cell["why"]]
('stand', 'Right: stand.', "On 3, Banco draws against 0–7 and 9, stands against 8; Punto's third card counts 8.")
>>> data["texts"][cell["worth"]]
'Drawing minus standing, in this cell: −0.22 per 100 staked on Banco.'
>>> sum(c["hard"] for c in data["cells"])
40
>>> len(drill_data("chemin-de-fer", "es")["cells"])
104
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from bacara_teach.cards import _RANK_ALIASES, _SUIT_ALIASES, Card, Rank, format_cards, hand_total
from bacara_teach.charts import COLUMNS, decision_letter, decision_word, tableau_html
from bacara_teach.errors import IllegalAction
from bacara_teach.i18n import resolve_language
from bacara_teach.narration import hand_name, narrate_step, step_templates
from bacara_teach.practice._page import (
    Texts,
    numbers_data,
    practice_node,
    script_json,
    store_reset_text,
)
from bacara_teach.tableau import (
    CHEMIN_DE_FER,
    CHEMIN_DE_FER_SINGLE_BETTOR,
    NATURALS,
    PUNTO_BANCO,
    Cell,
    Decision,
    Tableau,
)
from bacara_teach.text import N_, format_number, message, ptr, tr
from bacara_teach.trainer import Situation, deal_situation, prompt_template, verdict

__all__ = [
    "DRILL_GAMES",
    "ROUND_SECONDS",
    "Check",
    "SelfCheck",
    "answer_labels",
    "check_deal",
    "drill_data",
    "drill_deals",
    "drill_game",
    "drill_html",
    "drill_json",
    "drill_worths",
    "stepper_data",
    "stepper_html",
    "stepper_labels",
]

DRILL_GAMES: dict[str, tuple[tuple[str | None, Tableau], ...]] = {
    "punto-banco": ((None, PUNTO_BANCO),),
    # Chemin de Fer: the bettor's rule for several bettors and for one, then the banker's
    # table (the same whatever the number of bettors).
    "chemin-de-fer": (("several", CHEMIN_DE_FER), ("one", CHEMIN_DE_FER_SINGLE_BETTOR)),
}
"""The drills a page can hold, each with the tableaux whose cells it asks."""

ROUND_SECONDS = 60
"""How long a timed round lasts."""

HARD_TOTALS = (3, 4, 5, 6)
"""Banco's rows that depend on the third card's value: the cells drilled in the hard mode."""

DEALS_PER_CELL = 6
"""How many different sets of cards each cell is shown with, at least."""

SHOE_DECKS = {"punto-banco": 8, "chemin-de-fer": 6}
"""The shoe each drill deals its questions from and values its cells on: eight decks for
Punto Banco, six for Chemin de Fer, as in the chapters that value them."""

MAX_COUPS = 100_000
"""How many coups of a seeded shoe the deals of one drill may take, at most."""

DrillKey = tuple[str | None, str, int, int | None]
"""A cell of a drill: the bettors' rule it belongs to (Chemin de Fer), the hand deciding,
its two-card total and the third card's value (``None``: the player's rule, or the player
stood)."""


def drill_game(tableau: Tableau) -> str:
    """The drill that covers ``tableau``'s cells.

    >>> drill_game(CHEMIN_DE_FER_SINGLE_BETTOR), drill_game(PUNTO_BANCO)
    ('chemin-de-fer', 'punto-banco')
    """
    for game, tableaux in DRILL_GAMES.items():
        if any(t is tableau for _, t in tableaux):
            return game
    raise IllegalAction(message(
        "no page drill for the tableau {name!r}: expected one of {names}", name=tableau.name,
        names=", ".join(t.name for tableaux in DRILL_GAMES.values() for _, t in tableaux)))


def _hand_labels(game: str, lang: str) -> dict[str, str]:
    """The drill's words that name the hands: Punto and Banco, or Chemin de Fer's roles."""
    if game == "chemin-de-fer":
        return {
            "mode.hard": tr("Hard cells: The banker on 3–6 against a third card", lang),
            "map.banker": tr("The banker's table", lang),
            "map.player": tr("The bettor's rule", lang),
            "cell.player": tr("The bettor on {total}", lang),
            "cell.banker": tr("The banker on {total} against {third}", lang),
            "cell.stood": tr("The banker on {total}, the bettor stood", lang),
        }
    return {
        "mode.hard": tr("Hard cells: Banco on 3–6 against a third card", lang),
        "map.banker": tr("Banco's table", lang),
        "map.player": tr("Punto's rule", lang),
        "cell.player": tr("Punto on {total}", lang),
        "cell.banker": tr("Banco on {total} against {third}", lang),
        "cell.stood": tr("Banco on {total}, Punto stood", lang),
    }


def _keys(lang: str) -> dict[str, str]:
    """The keys that answer the drill, one letter per decision, as the language names them."""
    return {"draw": ptr("drill key: draw", "D", lang),
            "stand": ptr("drill key: stand", "S", lang),
            "choice": ptr("drill key: free choice", "C", lang)}


def _labels(game: str, lang: str) -> dict[str, str]:
    """The drill's own words (buttons, modes, the map); everything else is the engine's.

    The ``{fields}`` left in a label are filled in by the page's script.
    """
    keys = _keys(lang)
    return {
        "draw": ptr("drill answer", "Draw", lang),
        "stand": ptr("drill answer", "Stand", lang),
        "choice": ptr("drill answer", "Free choice", lang),
        "answers": tr("Your answer", lang),
        "next": tr("Next question", lang),
        "modes": tr("Which cells", lang),
        "mode.all": tr("Every cell", lang),
        "mode.timed": tr("Timed round ({seconds} s)", lang, seconds=ROUND_SECONDS),
        "keys": tr("Keys: {draw} draw, {stand} stand, Enter next question.", lang,
                   draw=keys["draw"], stand=keys["stand"]),
        "keys.choice": tr("Keys: {draw} draw, {stand} stand, {choice} free choice, Enter next "
                          "question.", lang, draw=keys["draw"], stand=keys["stand"],
                          choice=keys["choice"]),
        "score": tr("This visit: {right} of {asked} right", lang),
        "known": tr("{known} of {cells} cells known, {unseen} not asked yet", lang),
        "left": tr("{seconds} s left", lang),
        "over": tr("Time is up: {right} of {asked} right. Best round: {best}.", lang),
        "again": tr("Start another round", lang),
        "reset": tr("Reset my progress", lang),
        "cleared": tr("Progress reset: every cell is new again.", lang),
        "kept": tr("The map of your cells is kept in this browser only, and nothing is sent anywhere; "
                   "the score counts this visit only.", lang),
        "kept.off": tr("This browser keeps nothing for this page: the map and the score last for this "
                       "visit only.", lang),
        "shoe": tr("The deals come from a shoe of {decks} decks, which holds {decks} of each card: "
                   "the same card can appear twice in one coup.", lang),
        "map": tr("How well you know each cell", lang),
        "map.total": ptr("drill map", "Total", lang),
        "map.third": ptr("drill map", "Third card", lang),
        "stood": ptr("tableau column", "stood", lang),
        "card.hidden": tr("a card face down", lang),
        "bettors.one": tr("One bettor", lang),
        "bettors.several": tr("Several bettors", lang),
        "level.0": tr("not asked yet", lang),
        "level.1": tr("missed last time", lang),
        "level.2": tr("right once", lang),
        "level.3": tr("right twice in a row", lang),
        "level.4": ptr("drill level", "known", lang),
        "level.5": tr("mastered", lang),
        **_hand_labels(game, lang),
        "noscript": tr("The drill needs JavaScript; the live notebook has it too.", lang),
    }


def answer_labels(lang: str | None = None) -> dict[str, str]:
    """The drill's words for each decision (as its buttons show them), in ``lang``.

    >>> answer_labels("es")
    {'draw': 'Robar', 'stand': 'Plantarse', 'choice': 'Elección libre'}
    """
    labels = _labels("chemin-de-fer", resolve_language(lang))
    return {d.value: labels[d.value] for d in Decision}


def _cells(game: str) -> Iterator[tuple[str | None, Tableau, Cell]]:
    """Every cell a drill asks, each once: the player's rules, then the banker's table."""
    tableaux = DRILL_GAMES[game]
    for bettors, tableau in tableaux:
        for total in range(8):
            yield bettors, tableau, tableau.player_cell(total)
    bettors, tableau = tableaux[0]
    for total in range(8):
        for third in (None, *range(10)):
            yield bettors, tableau, tableau.banker_cell(total, third)


def _key(bettors: str | None, cell: Cell) -> DrillKey:
    return (bettors, cell.hand, cell.total, cell.third)


def check_deal(tableau: Tableau, cell: Cell, player: tuple[Card, ...],
               banker: tuple[Card, ...]) -> None:
    """Raise unless the cards a drill shows put a coup of ``tableau`` in ``cell``.

    ``player`` and ``banker`` are the cards the player deciding sees (see
    :meth:`bacara_teach.trainer.Situation.seen`): every card in Punto Banco; in Chemin de Fer
    the bettor's own two, or the banker's own two and the bettor's face-up third card.

    >>> from bacara_teach.cards import parse_cards
    >>> check_deal(PUNTO_BANCO, PUNTO_BANCO.banker_cell(3, 8), parse_cards("4♥ 9♣ 8♦"),
    ...            parse_cards("2♠ A♦"))
    >>> check_deal(CHEMIN_DE_FER, CHEMIN_DE_FER.banker_cell(3, 9), parse_cards("2♥ 3♣ 9♥"),
    ...            parse_cards("A♠ 2♦"))
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: the cards 2♥ 3♣ 9♥ | A♠ 2♦ do not put a coup in the cell banker on 3 against 9
    """
    own = player if cell.hand == "player" else banker
    chemin = tableau.name.startswith("chemin")
    ok = len(own) == 2 and hand_total(own) == cell.total and cell.total not in NATURALS
    if chemin:
        shown = banker if cell.hand == "player" else player
        ok = ok and (not shown if cell.hand == "player" or cell.third is None
                     else len(shown) == 1 and shown[0].points == cell.third)
    else:
        ok = ok and len(banker) == 2 and hand_total(banker) not in NATURALS
        two = player[:2]
        ok = ok and len(two) == 2 and hand_total(two) not in NATURALS
        if cell.hand == "banker":
            drew = tableau.player_decision(hand_total(two)) is Decision.DRAW
            ok = ok and (len(player) == 2 and not drew if cell.third is None else
                         len(player) == 3 and drew and player[2].points == cell.third)
    if not ok:
        where = (message("player on {total}", total=cell.total) if cell.hand == "player" else
                 message("banker on {total} after a stand", total=cell.total)
                 if cell.third is None else
                 message("banker on {total} against {third}", total=cell.total, third=cell.third))
        cards = " | ".join(format_cards(side) for side in (player, banker))
        raise IllegalAction(message("the cards {cards} do not put a coup in the cell {cell}",
                                    cards=cards, cell=where))


@cache
def drill_deals(game: str) -> dict[DrillKey, tuple[Situation, ...]]:
    """The questions of a drill, :data:`DEALS_PER_CELL` for each cell: real coups dealt by the
    engine from seeded shoes, each a different set of the cards the decider sees, each checked
    (:func:`check_deal`).

    >>> deals = drill_deals("punto-banco")
    >>> len(deals), min(len(d) for d in deals.values())
    (96, 6)
    >>> [format_cards(side) for side in deals[(None, "banker", 3, 8)][0].seen()]
    ['2♣ K♠ 8♦', '3♣ Q♥']
    """
    from bacara_teach.chemin_de_fer import SEVERAL, CoupInPlay
    from bacara_teach.punto_banco import play_coup
    from bacara_teach.shoe import Shoe

    wanted = {_key(bettors, cell): tableau for bettors, tableau, cell in _cells(game)}
    found: dict[DrillKey, dict[str, Situation]] = {key: {} for key in wanted}

    def keep(key: DrillKey, situation: Situation) -> None:
        seen = found[key]
        if len(seen) < DEALS_PER_CELL:
            shown = " | ".join(format_cards(side) for side in situation.seen())
            seen.setdefault(shown, situation)

    def full(bettors: str | None) -> bool:
        return all(len(found[k]) >= DEALS_PER_CELL for k in found if k[0] == bettors
                   or (k[1] == "banker" and bettors in (None, "several")))

    rng = random.Random(f"tableau-drill:{game}")
    runs = [(b, t) for b, t in DRILL_GAMES[game]]
    for bettors, tableau in runs:
        shoe = Shoe.standard(SHOE_DECKS[game], seed=f"tableau-drill:{game}:{bettors}",
                             reshuffle="every-coup")
        for _ in range(MAX_COUPS):
            if full(bettors):
                break
            shoe.start_coup()
            if game == "punto-banco":
                coup = play_coup(shoe, tableau=tableau)
                player, banker, steps = coup.punto, coup.banco, coup.steps
            else:
                play = CoupInPlay.from_shoe(shoe, bettors=SEVERAL if bettors == "several" else 1)
                while play.pending is not None:
                    play.decide(rng.choice(("draw", "stand")))
                done = play.result()
                player, banker, steps = done.bettor, done.banker, done.steps
            for step in steps:
                cell = step.cell
                if cell is None or (cell.hand == "banker" and bettors not in (None, "several")):
                    continue
                cards = player[:2] if cell.hand == "player" else player[:2 if cell.third is None
                                                                         else 3]
                keep(_key(bettors, cell), Situation(cell, cards, banker[:2], wanted[
                    _key(bettors, cell)]))
    out: dict[DrillKey, tuple[Situation, ...]] = {}
    for key, tableau in wanted.items():
        situations = tuple(found[key].values())
        if len(situations) < DEALS_PER_CELL:
            raise IllegalAction(message("the {game} drill found {count} deals for a cell in "
                                        "{coups} coups", game=game, count=len(situations),
                                        coups=MAX_COUPS))
        for situation in situations:
            check_deal(tableau, situation.cell, *situation.seen())
        out[key] = situations
    return out


@cache
def drill_worths(game: str) -> dict[DrillKey, tuple[Fraction, Fraction]]:
    """What drawing and standing are worth at each cell of a drill, per unit staked, to the
    side deciding there (:func:`~bacara_teach.analysis.chemin_de_fer.tableau_cell_values`):
    Punto Banco's on its eight decks, as the third-card chapter values Banco's cells;
    Chemin de Fer's on six decks, each side choosing at its free cells as the chapter on its
    decisions solves them.

    >>> draw, stand = drill_worths("punto-banco")[(None, "banker", 3, 8)]
    >>> round(float(draw - stand) * 100, 2)
    -0.22
    >>> draw, stand = drill_worths("chemin-de-fer")[("several", "player", 5, None)]
    >>> draw > stand
    True
    """
    from bacara_teach.analysis.chemin_de_fer import (
        BankerPoint,
        BettorPoint,
        decision_game,
        shoe_model,
        solve_decision_game,
        tableau_cell_values,
    )

    model = shoe_model(SHOE_DECKS[game])
    out: dict[DrillKey, tuple[Fraction, Fraction]] = {}
    for bettors, tableau in DRILL_GAMES[game]:
        if tableau.free_cells():
            solution = solve_decision_game(decision_game(tableau, model))
            values = tableau_cell_values(tableau, model, bettor=solution.bettor,
                                         banker=solution.banker)
        else:
            values = tableau_cell_values(tableau, model)
        for point, value in values.items():
            if isinstance(point, BettorPoint):
                out[(bettors, "player", point.total, None)] = (value.draw, value.stand)
            elif isinstance(point, BankerPoint) and bettors == DRILL_GAMES[game][0][0]:
                out[(bettors, "banker", point.total, point.third)] = (value.draw, value.stand)
    return out


def _per_100(value: Fraction, lang: str) -> str:
    """A worth per unit staked, written per 100 staked with its sign, as the chapters write it."""
    return format_number(float(value) * 100, "+.2f", lang)


def _worth_text(game: str, cell: Cell, worth: tuple[Fraction, Fraction], lang: str) -> str:
    """What the cell's choices are worth, in words: both choices at a free cell, else drawing
    minus standing."""
    draw, stand = worth
    banker = cell.hand == "banker"
    if cell.decision is Decision.CHOICE:
        template = (N_("A free cell: for the banker, drawing here is worth {draw} and standing "
                    "{stand} per 100 staked.") if banker else
                    N_("A free cell: for the bettor, drawing here is worth {draw} and standing "
                    "{stand} per 100 staked."))
        return tr(template, lang, draw=_per_100(draw, lang), stand=_per_100(stand, lang))
    if game == "punto-banco":
        template = (N_("Drawing minus standing, in this cell: {value} per 100 staked on Banco.")
                    if banker else
                    N_("Drawing minus standing, in this cell: {value} per 100 staked on Punto."))
    else:
        template = (N_("For the banker, drawing minus standing in this cell: {value} per 100 "
                    "staked.") if banker else
                    N_("For the bettor, drawing minus standing in this cell: {value} per 100 "
                    "staked."))
    return tr(template, lang, value=_per_100(draw - stand, lang))


def drill_data(game: str, lang: str | None = None) -> dict[str, object]:
    """Everything the page's drill needs for ``game``, in ``lang``, as plain data.

    ``cells`` lists every cell once: ``actor`` (``punto`` or ``banco``), ``total``,
    ``third`` (a value 0-9, ``"stood"``, or ``None`` for the player's own rule),
    ``bettors`` (Chemin de Fer: ``"one"`` or ``"several"``; the banker's cells say
    ``"several"``, their answer is the same for one bettor), ``answer`` (``draw``,
    ``stand`` or ``choice``), ``hard``, indices into ``texts`` of the rule that decides
    the cell (``why``) and of what its choices are worth (``worth``, :func:`drill_worths`),
    and ``deals``: at least :data:`DEALS_PER_CELL` sets of the cards the player deciding
    sees (:func:`drill_deals`), the player's and the banker's, which fill in the
    ``{fields}`` of ``prompts`` (one question for the player's rule, one for the banker
    after a stand, one against a third card).  Feedback opens with ``verdicts`` (right or
    wrong, by the cell's answer).  ``face_down`` says the other side's first two cards are
    hidden (Chemin de Fer); ``letters`` and ``words`` name each decision in a table.
    ``points`` gives each rank's point value and ``naturals`` the two-card totals that stop
    a coup, for cards a reader types in.

    >>> data = drill_data("chemin-de-fer", "en")
    >>> free = [c for c in data["cells"] if c["answer"] == "choice"]
    >>> [(c["actor"], c["bettors"], c["total"], c["third"]) for c in free][:3]
    [('punto', 'several', 5, None), ('punto', 'one', 1, None), ('punto', 'one', 2, None)]
    >>> drill_data("macao")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: unknown drill 'macao': expected one of punto-banco, chemin-de-fer
    """
    if game not in DRILL_GAMES:
        raise IllegalAction(message("unknown drill {game!r}: expected one of {names}", game=game,
                                    names=", ".join(DRILL_GAMES)))
    lang = resolve_language(lang)
    deals = drill_deals(game)
    worths = drill_worths(game)
    text = Texts()
    texts = text.texts

    cells: list[dict[str, object]] = []
    prompts: dict[str, str] = {}
    for bettors, tableau, cell in _cells(game):
        key = _key(bettors, cell)
        situations = deals[key]
        banker = cell.hand == "banker"
        kind = "punto" if not banker else "stood" if cell.third is None else "third"
        prompts.setdefault(kind, prompt_template(tableau, cell, lang))
        cells.append({
            "actor": "banco" if banker else "punto",
            "total": cell.total,
            "third": ("stood" if cell.third is None else cell.third) if banker else None,
            "bettors": bettors,
            "answer": cell.decision.value,
            "hard": banker and cell.total in HARD_TOTALS and cell.third is not None,
            "why": text(situations[0].explain(lang)),
            "worth": text(_worth_text(game, cell, worths[key], lang)),
            "deals": [[format_cards(player), format_cards(banker_cards)]
                      for player, banker_cards in (s.seen() for s in situations)],
        })
    answers = [d.value for d in Decision]
    if not any(c["answer"] == Decision.CHOICE.value for c in cells):
        answers.remove(Decision.CHOICE.value)
    return {
        "version": 2,
        "game": game,
        "lang": lang,
        "answers": answers,
        "round_seconds": ROUND_SECONDS,
        "decks": SHOE_DECKS[game],
        "naturals": list(NATURALS),
        "points": {rank.value: rank.points for rank in Rank},
        "labels": _labels(game, lang),
        "keys": _keys(lang),
        "numbers": numbers_data(lang),
        "store_reset": store_reset_text(lang),
        # What the player deciding sees: in Chemin de Fer the other side's two cards are face down.
        "face_down": game == "chemin-de-fer",
        "prompts": prompts,
        "verdicts": {"right": {d.value: verdict(d, True, lang) for d in Decision},
                     "wrong": {d.value: verdict(d, False, lang) for d in Decision}},
        "letters": {d.value: decision_letter(d, lang) for d in Decision},
        "words": {d.value: decision_word(d, lang) for d in Decision},
        "texts": texts,
        "cells": cells,
    }


def drill_json(game: str, lang: str | None = None) -> str:
    """:func:`drill_data` as JSON that is safe inside an HTML ``<script>`` element.

    >>> "</" in drill_json("punto-banco", "en")
    False
    """
    return script_json(drill_data(game, lang))


def drill_html(game: str, lang: str | None = None) -> str:
    """The drill as a page holds it: its root element and its data, for the practice script.

    >>> html = drill_html("punto-banco", "es")
    >>> html.startswith("<div class='bt-practice' data-practice='tableau-drill' data-game='punto-banco' lang='es'>")
    True
    """
    lang = resolve_language(lang)
    return practice_node("tableau-drill", drill_data(game, lang), lang, css_class="",
                         waiting=_labels(game, lang)["noscript"], attrs={"data-game": game})


# -- the coup stepper --------------------------------------------------------------------------

def stepper_labels(lang: str | None = None) -> dict[str, str]:
    """The coup stepper's own words (the live widget's and the page's), in ``lang``.

    The ``{fields}`` left in a label are filled in by the widget or the page's script.

    >>> stepper_labels("es")["step"], stepper_labels("en")["next"]
    ('Paso {n} de {of}', 'Next step ▶')
    """
    return {
        "cards": ptr("coup stepper", "Cards", lang),
        "seed": tr("Seed", lang),
        "deal": tr("Deal these cards", lang),
        "shuffle": tr("Deal from a seeded shoe", lang),
        "prev": tr("◀ Previous step", lang),
        "next": tr("Next step ▶", lang),
        "step": tr("Step {n} of {of}", lang),
        "placeholder": tr("4♥ 2♠ 9♣ A♦ 8♦ (deal order)", lang),
        "deal.tip": tr("Deal exactly the cards typed in the box, in deal order", lang),
        "shuffle.tip": tr("Shuffle a shoe with this seed and deal its first coup", lang),
        "prev.tip": tr("Go back one step", lang),
        "next.tip": tr("Show the next step and the rule behind it", lang),
        "refused": tr("These cards cannot be dealt; the coup shown stays as it was.", lang),
        "bad-card": tr("{card} is not a card: write a rank (A, 2–10, J, Q, K) and a suit "
                       "(♥ ♦ ♣ ♠, or h d c s), e.g. 4♥ or 4h. The coup shown stays as it was.",
                       lang),
        "too-few": tr("These cards are not enough: this coup needs at least {need} cards, "
                      "{given} were typed. The coup shown stays as it was.", lang),
        "too-many": tr("Too many cards: this coup uses {need}, {given} were typed. "
                       "The coup shown stays as it was.", lang),
        "again": tr("Back to the page's coup", lang),
        "total": ptr("tableau column", "total", lang),
    }


_STEP_MESSAGES = ("deal", "natural.one", "natural.both", "no-natural", "banker-table.draw",
                  "banker-table.stand", "result.win", "result.tie")


def _cell_ref(cell: Cell | None) -> dict[str, object] | None:
    if cell is None:
        return None
    if cell.hand == "player":
        return {"actor": "punto", "total": cell.total}
    return {"actor": "banco", "total": cell.total, "third": "stood" if cell.third is None else cell.third}


def stepper_data(cards: str, lang: str | None = None) -> dict[str, object]:
    """What the page's coup stepper needs: the page's coup step by step, and the rules for any
    cards a reader types in.

    ``steps`` are the coup's recorded steps as the engine narrates them, with the cards shown
    so far and the cell that decided.  For typed-in cards the script sums point values
    (``points``), looks each decision up in ``cells`` (every cell of Punto Banco's tableau with
    its answer and the rule in words) and tells the steps with the engine's own sentences
    (``messages``).

    >>> data = stepper_data("4♥ 2♠ 9♣ A♦ 8♦", "en")
    >>> data["steps"][-1]["text"], data["steps"][-2]["cell"]
    ('Banco wins, 3 to 1.', {'actor': 'banco', 'total': 3, 'third': 8})
    >>> len(data["cells"]), data["columns"][:2]
    (96, ['stood', 0])
    """
    from bacara_teach.punto_banco import Coup

    lang = resolve_language(lang)
    coup = Coup.from_cards(cards)
    shown: dict[str, list[str]] = {"punto": [], "banco": []}
    steps: list[dict[str, object]] = []
    for step in coup.steps:
        if step.card is not None:
            shown[step.actor].append(str(step.card))
        steps.append({"text": narrate_step(step, lang, coup.tableau),
                      "punto": " ".join(shown["punto"]), "banco": " ".join(shown["banco"]),
                      "cell": _cell_ref(step.cell)})
    rng = random.Random(0)
    cells = []
    for _, tableau, cell in _cells("punto-banco"):
        situation = deal_situation(cell, rng, tableau)
        ref = _cell_ref(cell)
        assert ref is not None
        cells.append({**ref, "answer": cell.decision.value, "why": situation.explain(lang)})
    templates = step_templates(lang)
    return {
        "version": 1,
        "lang": lang,
        "cards": format_cards(coup.cards),
        "steps": steps,
        "cells": cells,
        "columns": ["stood" if c is None else c for c in COLUMNS],
        "naturals": list(NATURALS),
        "points": {rank.value: rank.points for rank in Rank},
        # the notation the engine reads: every spelling of a rank and of a suit
        "ranks": {alias: rank.symbol for alias, rank in _RANK_ALIASES.items()},
        "suits": {alias: suit.symbol for alias, suit in _SUIT_ALIASES.items()},
        "hands": {"punto": hand_name("punto", lang, start=True),
                  "banco": hand_name("banco", lang, start=True)},
        "messages": {key: templates[key] for key in _STEP_MESSAGES},
        "labels": stepper_labels(lang),
        "numbers": numbers_data(lang),
        "store_reset": store_reset_text(lang),
    }


def stepper_html(cards: str, lang: str | None = None) -> str:
    """The coup stepper as a page holds it: root, data, and the engine's Banco table.

    >>> stepper_html("4♥ 2♠ 9♣ A♦ 8♦", "en").startswith("<div class='bt-practice bt-stepper' "
    ...                                               "data-practice='coup-stepper'")
    True
    """
    lang = resolve_language(lang)
    return practice_node("coup-stepper", stepper_data(cards, lang), lang, css_class="bt-stepper",
                         waiting=_labels("punto-banco", lang)["noscript"],
                         inside=f"<div class='bt-stepper-table'>{tableau_html(PUNTO_BANCO, lang)}</div>")


# -- self-checks ---------------------------------------------------------------------------------

def _check_labels(lang: str) -> dict[str, str]:
    """A self-check's own words; the page's script fills in their ``{fields}``."""
    return {"question": tr("Question {n}", lang), "check": ptr("self-check", "Check", lang),
            "right": tr("Right.", lang), "wrong": tr("Not quite: the answer is {answer}.", lang),
            "show": tr("Show the answer", lang), "typed": tr("Your answer to question {n}", lang),
            "empty": tr("Type an answer first.", lang), "yes": ptr("self-check answer", "Yes", lang),
            "no": ptr("self-check answer", "No", lang), "answer": tr("Answer: {answer}.", lang)}


@dataclass(frozen=True)
class Check:
    """One self-check question, answered by the engine when the page is built.

    ``answer`` is the right choice among ``choices`` (the reader picks one), a tuple of whole
    numbers (the reader types them, in order, in any words), or, with ``open=True``, the
    answer shown on request to a question in the reader's own words.  ``why`` explains it
    and cites the rule or the cell.  ``number`` is the question's number on the page.

    >>> Check("2", answer="no", choices=("yes", "no"), why="Q♥ 8♣ counts 8: a natural.").kind
    'choice'
    >>> Check("1", answer=(2,), why="6 + 7 + 9 = 22, counted 2.").kind
    'numbers'
    >>> Check("3", answer="maybe", choices=("yes", "no"), why="")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid answer 'maybe' to question 3: expected one of yes, no
    """

    number: str
    answer: str | tuple[int, ...]
    why: str
    choices: tuple[str, ...] = ()
    open: bool = False
    prompt: str = ""

    @classmethod
    def yes_no(cls, number: str, value: bool, why: str, *, prompt: str = "",
               lang: str | None = None) -> Check:
        """A yes-or-no question whose answer is ``value``, in ``lang``.

        >>> Check.yes_no("2", False, "Q♥ 8♣ counts 8: a natural.", lang="es").choices
        ('Sí', 'No')
        """
        labels = _check_labels(resolve_language(lang))
        return cls(number, labels["yes" if value else "no"], why, (labels["yes"], labels["no"]),
                   prompt=prompt)

    def __post_init__(self) -> None:
        if self.choices and self.answer not in self.choices:
            raise IllegalAction(message(
                "invalid answer {answer!r} to question {number}: expected one of {names}",
                answer=self.answer, number=self.number, names=", ".join(self.choices)))
        if not self.choices and not self.open and not isinstance(self.answer, tuple):
            raise IllegalAction(message("question {number} needs choices, numbers or open=True",
                                        number=self.number))

    @property
    def kind(self) -> str:
        """``choice``, ``numbers`` or ``open``."""
        return "open" if self.open else "choice" if self.choices else "numbers"

    def to_dict(self) -> dict[str, object]:
        answer = list(self.answer) if isinstance(self.answer, tuple) else self.answer
        return {"number": self.number, "kind": self.kind, "answer": answer,
                "choices": list(self.choices), "why": self.why, "prompt": self.prompt}


class SelfCheck:
    """A page's self-check: its questions, answered and explained by the engine.

    On a built page the site's practice script lets the reader answer each question and
    says at once why the answer is right or wrong.

    >>> html = SelfCheck(Check("1", answer=(2,), why="22 counts 2."), lang="en")._repr_html_()
    >>> "data-practice='self-check'" in html and '"answer":[2]' in html
    True
    """

    def __init__(self, *checks: Check, lang: str | None = None) -> None:
        self.checks = checks
        self.lang = resolve_language(lang)

    def data(self) -> dict[str, object]:
        return {"version": 1, "lang": self.lang, "labels": _check_labels(self.lang),
                "numbers": numbers_data(self.lang),
                "questions": [check.to_dict() for check in self.checks]}

    def _repr_html_(self) -> str:
        return practice_node("self-check", self.data(), self.lang, css_class="bt-check", waiting="")
