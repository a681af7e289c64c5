"""Chemin de Fer seat widget: play the bettor or the banker against the engine.

A thin view over :class:`bacara_teach.chemin_de_fer.CoupInPlay`.  The engine
plays every forced cell and the other side's free cells (with a seeded
policy); when the learner's side reaches a free cell, the Draw and Stand
buttons come on and only what that player may see is shown.  After the coup
every card is shown with the narration, and, if the learner chose, the exact
worth of each choice from :func:`bacara_teach.analysis.choice_values.choice_values`.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import Any

import ipywidgets as w

from bacara_teach.analysis.chemin_de_fer import CellValue
from bacara_teach.analysis.choice_values import choice_values
from bacara_teach.analysis.composition import Composition
from bacara_teach.chemin_de_fer import (
    BANKER,
    BETTOR,
    COUP_CARDS,
    POLICIES,
    SEVERAL,
    CheminDeFerCoup,
    CoupInPlay,
    Policy,
    View,
    Winner,
    get_policy,
    parse_decision,
    tableau_for,
)
from bacara_teach.display import cards_html
from bacara_teach.errors import BacaraError
from bacara_teach.narration import describe_banker_row, describe_player_rule, narrate_step
from bacara_teach.refusals import refusal_text
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import Decision
from bacara_teach.widgets._common import button, hand_html, status_html, widget_language
from bacara_teach.widgets._html import lines_html, percent
from bacara_teach.widgets.still import StillMixin

__all__ = ["CheminDeFerSeat"]

POLICY_NAMES: tuple[str, ...] = (*POLICIES, "random")

_LABELS = {
    "en": {
        "seat": "You play", "bettor": "Bettor", "banker": "Banker",
        "bettor.tip": "Play the bettor's hand", "banker.tip": "Play the banker's hand",
        "bettors": "Bettors", "one": "One bettor", "several": "Several bettors",
        "policy": "The engine plays",
        "punto-banco": "as Punto Banco's table", "draw": "always draw", "stand": "always stand",
        "random": "at random (seeded)",
        "new": "Deal a new coup", "new.tip": "Deal the next coup from the shoe",
        "do.draw": "Draw", "do.draw.tip": "Ask for a third card",
        "do.stand": "Stand", "do.stand.tip": "Take no third card",
        "you": "You ({seat})", "hidden": "two cards face down",
        "your.cards": "Your cards: {cards} — total {total}.",
        "third": "The bettor's third card, face up: {card} (counts {value}).",
        "rule.draw": "draws on {values}", "rule.choice": "chooses freely on {values}",
        "rule.stand": "stands on {values}",
        "with.one": "With a single bettor the bettor", "with.several": "With several bettors the bettor",
        "banker.row": "On {total} the banker {row}.", "banker.stood": "The bettor stood.",
        "ask": "A free cell: you choose. Draw or stand?",
        "forced": "Your cell was forced, so the engine played it: {step}",
        "untouched": "No decision came to you in this coup.",
        "result.won": "You win, {mine} to {theirs}.", "result.lost": "You lose, {mine} to {theirs}.",
        "result.push": "A push at {mine}: the stakes are returned.",
        "worth": "What each choice was worth to you (expected gain per unit staked)",
        "worth.draw": "Draw", "worth.stand": "Stand",
        "cell": "your {total} ({cards})", "cell.third": " against the third card {card}",
        "chose.better": "You chose {choice}: the better choice.",
        "chose.worse": "You chose {choice}: {other} was worth {gap} of the stake more.",
        "chose.either": "You chose {choice}: both choices were worth the same.",
        "narration": "How the coup was played", "new.shoe": "A new shoe is shuffled.",
        "score": "Coups: {coups} · won {won}, lost {lost}, pushed {push} · "
        "free choices: {better} of {chosen} the better one",
        "refused": "That is not possible now; the coup stays as it was.",
    },
    "es": {
        "seat": "Usted juega", "bettor": "Punto", "banker": "Banca",
        "bettor.tip": "Jugar la mano del punto", "banker.tip": "Jugar la mano de la banca",
        "bettors": "Apostadores", "one": "Un apostador", "several": "Varios apostadores",
        "policy": "El programa juega",
        "punto-banco": "como la tabla del Punto Banco", "draw": "roba siempre",
        "stand": "se planta siempre", "random": "al azar (con semilla)",
        "new": "Repartir un coup nuevo", "new.tip": "Repartir el coup siguiente del sabot",
        "do.draw": "Robar", "do.draw.tip": "Tomar una tercera carta",
        "do.stand": "Plantarse", "do.stand.tip": "No tomar tercera carta",
        "you": "Usted ({seat})", "hidden": "dos cartas boca abajo",
        "your.cards": "Sus cartas: {cards}; total {total}.",
        "third": "La tercera carta del punto, boca arriba: {card} (vale {value}).",
        "rule.draw": "roba con {values}", "rule.choice": "elige libremente con {values}",
        "rule.stand": "se planta con {values}",
        "with.one": "Con un solo apostador, el punto", "with.several": "Con varios apostadores, el punto",
        "banker.row": "Con {total}, la banca {row}.", "banker.stood": "El punto se plantó.",
        "ask": "Casilla libre: usted elige. ¿Roba o se planta?",
        "forced": "Su casilla era obligada, así que la jugó el programa: {step}",
        "untouched": "En este coup no le tocó decidir.",
        "result.won": "Gana usted, {mine} a {theirs}.", "result.lost": "Pierde usted, {mine} a {theirs}.",
        "result.push": "Empate a {mine}: se devuelven las apuestas.",
        "worth": "Lo que valía cada opción para usted (ganancia esperada por unidad apostada)",
        "worth.draw": "Robar", "worth.stand": "Plantarse",
        "cell": "su {total} ({cards})", "cell.third": " ante la tercera carta {card}",
        "chose.better": "Eligió {choice}: la mejor opción.",
        "chose.worse": "Eligió {choice}: {other} valía {gap} de la apuesta más.",
        "chose.either": "Eligió {choice}: las dos opciones valían lo mismo.",
        "narration": "Cómo se jugó el coup", "new.shoe": "Se baraja un sabot nuevo.",
        "score": "Coups: {coups} · ganados {won}, perdidos {lost}, empatados {push} · "
        "elecciones libres: {better} de {chosen} la mejor",
        "refused": "Eso no se puede hacer ahora; el coup sigue como estaba.",
    },
}


def _signed(value: Any) -> str:
    text = percent(value)
    return text if text.startswith("-") else "+" + text


class CheminDeFerSeat(StillMixin, w.VBox):  # type: ignore[misc]
    """Sit at a Chemin de Fer coup as the bettor or the banker.

    ``CheminDeFerSeat(seat="banker", policy="random", seed=4)``: the shoe (6
    decks by default) is shuffled once from ``seed`` and dealt through; the
    engine plays the other side with ``policy`` (``punto-banco``, ``draw``,
    ``stand`` or ``random``, seeded from ``seed``).  ``lang`` is ``"en"`` or ``"es"``;
    ``None`` is the default language, read once, here.
    """

    def __init__(self, *, seat: str = BETTOR, bettors: int = SEVERAL, policy: str = "punto-banco",
                 seed: int = 1, decks: int = 6, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = widget_language(lang)
        labels = _LABELS[self.lang]
        self.seed = seed
        self.shoe = Shoe.standard(decks, seed=seed)
        self.seat_toggle = w.ToggleButtons(
            options=[(labels[BETTOR], BETTOR), (labels[BANKER], BANKER)], value=seat,
            description=labels["seat"], tooltips=[labels["bettor.tip"], labels["banker.tip"]])
        self.bettors_box = w.Dropdown(options=[(labels["one"], 1), (labels["several"], SEVERAL)],
                                      value=1 if bettors == 1 else SEVERAL,
                                      description=labels["bettors"])
        self.policy_box = w.Dropdown(options=[(labels[name], name) for name in POLICY_NAMES],
                                     value=policy, description=labels["policy"],
                                     style={"description_width": "initial"})
        self.new_button = button(labels["new"], labels["new.tip"], style="primary")
        self.draw_button = button(labels["do.draw"], labels["do.draw.tip"], style="success")
        self.stand_button = button(labels["do.stand"], labels["do.stand.tip"], style="info")
        self.seen = w.HTML()
        self.status = w.HTML()
        self.hands = w.HTML()
        self.narration = w.HTML()
        self.worth = w.HTML()
        self.score = w.HTML()
        self.policy: Policy = get_policy(policy, seed=seed)
        self._policy_name = policy
        self.tally: Counter[str] = Counter()
        self.last_values: CellValue | None = None
        self.last_coup: CheminDeFerCoup | None = None
        self._decided: View | None = None
        self.new_button.on_click(lambda _: self.new_coup())
        self.draw_button.on_click(lambda _: self.decide(Decision.DRAW.value))
        self.stand_button.on_click(lambda _: self.decide(Decision.STAND.value))
        super().__init__(
            [
                w.HBox([self.seat_toggle, self.bettors_box]),
                self.policy_box,
                self.new_button,
                self.seen,
                w.HBox([self.draw_button, self.stand_button]),
                self.status,
                self.hands,
                self.narration,
                self.worth,
                self.score,
            ],
            **kwargs,
        )
        self.play = self._start()

    # -- reading ------------------------------------------------------------------------------
    @property
    def seat(self) -> str:
        """``"bettor"`` or ``"banker"``: the side the learner plays in the coup in play."""
        return self._seat

    @property
    def waiting(self) -> bool:
        """True while the coup waits for the learner's draw or stand."""
        return self.play.pending is not None

    # -- actions ------------------------------------------------------------------------------
    def new_coup(self) -> None:
        """Deal the next coup; refused while the coup in play waits for the learner."""
        try:
            self.play.result()
        except BacaraError as error:
            self._refuse(error)
            return
        self.play = self._start()

    def decide(self, choice: str) -> None:
        """The learner's draw or stand at the free cell; the engine plays the rest."""
        view = self.play.pending
        try:
            self.play.decide(choice)
        except BacaraError as error:
            self._refuse(error)
            return
        assert view is not None
        self._engine_turns()
        self.last_values = choice_values(view, self._composition, other=self.policy)
        self._decided = view
        self.tally["chosen"] += 1
        made = parse_decision(choice)
        if self.last_values.better in (made.value, "either"):
            self.tally["better"] += 1
        self._finish(chosen=made)

    def _refuse(self, error: BacaraError) -> None:
        text = refusal_text(error, self.lang, fallback=_LABELS[self.lang]["refused"])
        self.status.value = status_html(text, kind="error")

    # -- the coup -------------------------------------------------------------------------------
    def _start(self) -> CoupInPlay:
        labels = _LABELS[self.lang]
        self._seat: str = str(self.seat_toggle.value)
        if self.policy_box.value != self._policy_name:
            self.policy = get_policy(self.policy_box.value, seed=self.seed)
            self._policy_name = self.policy_box.value
        notes = []
        if self.shoe.remaining < COUP_CARDS:
            self.shoe.shuffle()
            notes.append(labels["new.shoe"])
        self._composition = Composition.from_shoe(self.shoe)
        self.play = CoupInPlay.from_shoe(self.shoe, bettors=self.bettors_box.value)
        self.last_values = None
        self._decided = None
        self.hands.value = self.narration.value = self.worth.value = ""
        self._engine_turns()
        if self.play.pending is None:
            self._finish(chosen=None, notes=notes)
        else:
            self._ask(notes)
        return self.play

    def _engine_turns(self) -> None:
        """The engine answers the other side's free cells until the learner must decide."""
        while (view := self.play.pending) is not None and view.role != self._seat:
            self.play.decide(self.policy(view))

    def _ask(self, notes: list[str]) -> None:
        view = self.play.pending
        assert view is not None
        labels = _LABELS[self.lang]
        self.seen.value = self._seen_html(view)
        self.status.value = status_html(" ".join([*notes, labels["ask"]]))
        self._set_buttons()

    def _seen_html(self, view: View) -> str:
        """Only what the learner's player may see: own cards, the face-up third card, the rule."""
        labels = _LABELS[self.lang]
        parts = [f"<p><strong>{escape(labels['you'].format(seat=labels[view.role]))}</strong></p>",
                 "<p>" + labels["your.cards"].format(cards=cards_html(view.cards, self.lang),
                                                     total=view.total) + "</p>"]
        other = labels[BANKER if view.role == BETTOR else BETTOR]
        parts.append(f"<p>{escape(other)}: {escape(labels['hidden'])}</p>")
        if view.third_card is not None:
            parts.append("<p>" + labels["third"].format(card=cards_html([view.third_card], self.lang),
                                                        value=view.third_card.points) + "</p>")
        parts.append(f"<p>{escape(self._rule_text(view))}</p>")
        return "<div class='bt-seen'>" + "".join(parts) + "</div>"

    def _rule_text(self, view: View) -> str:
        """The rule of the learner's cell, read from the tableau data."""
        labels = _LABELS[self.lang]
        tableau = tableau_for(self.play.bettors)
        if view.role == BETTOR:
            rule = describe_player_rule(tableau, self.lang)
            runs = ", ".join(labels[f"rule.{d}"].format(values=rule[d])
                             for d in ("draw", "choice", "stand") if d in rule)
            head = labels["with.one" if view.bettors == 1 else "with.several"]
            return f"{head} {runs}."
        if view.third_card is None:
            return labels["banker.stood"]
        return labels["banker.row"].format(
            total=view.total, row=describe_banker_row(tableau, view.total, self.lang))

    def _finish(self, *, chosen: Decision | None, notes: list[str] | None = None) -> None:
        labels = _LABELS[self.lang]
        coup = self.play.deal_from(self.shoe)
        self.last_coup = coup
        seat = self._seat
        mine = coup.bettor_total if seat == BETTOR else coup.banker_total
        theirs = coup.banker_total if seat == BETTOR else coup.bettor_total
        outcome = ("push" if coup.winner is Winner.PUSH
                   else "won" if coup.winner.value == seat else "lost")
        self.tally["coups"] += 1
        self.tally[outcome] += 1
        lines = [*(notes or []), labels[f"result.{outcome}"].format(mine=mine, theirs=theirs)]
        if chosen is None:
            forced = [s for s in coup.steps if s.actor == seat and s.cell is not None]
            if forced:
                lines.append(labels["forced"].format(
                    step=narrate_step(forced[0], self.lang, coup.tableau)))
            else:
                lines.append(labels["untouched"])
        self.status.value = status_html(" ".join(lines), kind="result")
        self.seen.value = ""
        self.hands.value = (hand_html(labels[BETTOR], coup.bettor, lang=self.lang)
                            + hand_html(labels[BANKER], coup.banker, lang=self.lang))
        self.narration.value = lines_html(coup.narrate(self.lang), label=labels["narration"])
        self.worth.value = "" if chosen is None else self._worth_html(chosen)
        self._set_buttons()

    def _worth_html(self, chosen: Decision) -> str:
        labels = _LABELS[self.lang]
        values = self.last_values
        assert values is not None
        rows = []
        for decision, worth in ((Decision.DRAW, values.draw), (Decision.STAND, values.stand)):
            exact = f"{worth.numerator}/{worth.denominator}"
            rows.append(f"<li>{escape(labels['worth.' + decision.value])}: "
                        f"<span title='{exact}'>{_signed(worth)}</span> ({exact})</li>")
        name = labels[f"worth.{chosen.value}"].lower()
        if values.better == "either":
            verdict = labels["chose.either"].format(choice=name)
        elif values.better == chosen.value:
            verdict = labels["chose.better"].format(choice=name)
        else:
            other = labels[f"worth.{values.better}"].lower()
            verdict = labels["chose.worse"].format(choice=name, other=other,
                                                   gap=percent(abs(values.draw - values.stand)))
        view = self._decided
        assert view is not None
        cell = labels["cell"].format(cards=cards_html(view.cards, self.lang), total=view.total)
        if view.third_card is not None:
            cell += labels["cell.third"].format(card=cards_html([view.third_card], self.lang))
        return (f"<div class='bt-worth'><p>{escape(labels['worth'])}: {cell}</p>"
                f"<ul>{''.join(rows)}</ul>{status_html(verdict)}</div>")

    def _set_buttons(self) -> None:
        waiting = self.play.pending is not None
        self.draw_button.disabled = self.stand_button.disabled = not waiting
        self.new_button.disabled = waiting
        for box in (self.seat_toggle, self.bettors_box, self.policy_box):
            box.disabled = waiting
        labels = _LABELS[self.lang]
        t = self.tally
        self.score.value = "<p class='bt-score'>" + escape(labels["score"].format(
            coups=t["coups"], won=t["won"], lost=t["lost"], push=t["push"], better=t["better"],
            chosen=t["chosen"])) + "</p>"
