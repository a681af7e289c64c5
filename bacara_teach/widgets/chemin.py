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
from fractions import Fraction
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
from bacara_teach.text import N_
from bacara_teach.widgets._common import Labels, button, hand_html, status_html, widget_language
from bacara_teach.widgets._html import lines_html, percent

__all__ = ["CheminDeFerSeat"]

POLICY_NAMES: tuple[str, ...] = (*POLICIES, "random")

_LABELS: dict[str, str] = {
    "seat": N_("You play"),
    "bettor": N_("Bettor"),
    "banker": N_("Banker"),
    "bettor.tip": N_("Play the bettor's hand"),
    "banker.tip": N_("Play the banker's hand"),
    "bettors": N_("Bettors"),
    "one": N_("One bettor"),
    "several": N_("Several bettors"),
    "policy": N_("The engine plays"),
    "punto-banco": N_("as Punto Banco's table"),
    "draw": N_("always draw"),
    "stand": N_("always stand"),
    "random": N_("at random (seeded)"),
    "new": N_("Deal a new coup"),
    "new.tip": N_("Deal the next coup from the shoe"),
    "do.draw": N_("Draw"),
    "do.draw.tip": N_("Ask for a third card"),
    "do.stand": N_("Stand"),
    "do.stand.tip": N_("Take no third card"),
    "you": N_("You ({seat})"),
    "hidden": N_("two cards face down"),
    "your.cards": N_("Your cards: {cards} — total {total}."),
    "third": N_("The bettor's third card, face up: {card} (counts {value})."),
    "rule.draw": N_("draws on {values}"),
    "rule.choice": N_("chooses freely on {values}"),
    "rule.stand": N_("stands on {values}"),
    "with.one": N_("With a single bettor the bettor {rule}."),
    "with.several": N_("With several bettors the bettor {rule}."),
    "banker.row": N_("On {total} the banker {row}."),
    "banker.stood": N_("The bettor stood."),
    "ask": N_("A free cell: you choose. Draw or stand?"),
    "forced": N_("Your cell was forced, so the engine played it: {step}"),
    "untouched": N_("No decision came to you in this coup."),
    "result.won": N_("You win, {mine} to {theirs}."),
    "result.lost": N_("You lose, {mine} to {theirs}."),
    "result.push": N_("A push at {mine}: the stakes are returned."),
    "worth": N_("What each choice was worth to you (expected gain per unit staked)"),
    "worth.draw": N_("Draw"),
    "worth.stand": N_("Stand"),
    "cell": N_("your {total} ({cards})"),
    "cell.third": N_(" against the third card {card}"),
    "chose.better": N_("You chose {choice}: the better choice."),
    "chose.worse": N_("You chose {choice}: {other} was worth {gap} of the stake more."),
    "chose.either": N_("You chose {choice}: both choices were worth the same."),
    "narration": N_("How the coup was played"),
    "new.shoe": N_("A new shoe is shuffled."),
    "score": N_("Coups: {coups} · won {won}, lost {lost}, pushed {push} · free choices: {better} "
                "of {chosen} the better one"),
    "refused": N_("That is not possible now; the coup stays as it was."),
}


def _signed(value: Fraction, lang: str) -> str:
    text = percent(value, lang=lang)
    return text if value < 0 else "+" + text


class CheminDeFerSeat(w.VBox):  # type: ignore[misc]
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
        labels = Labels(_LABELS, self.lang)
        self.seed = seed
        self._page_options: dict[str, Any] = {"seat": seat, "bettors": bettors, "policy": policy,
                                              "seed": seed, "decks": decks, "lang": self.lang}
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

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and for a static page the seat prepared at build time
        (:mod:`bacara_teach.practice.seat`) in place of a still."""
        from bacara_teach.practice.seat import seat_html

        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/html"] = seat_html(self._page_options)
        return bundle

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
        text = refusal_text(error, self.lang, fallback=Labels(_LABELS, self.lang)["refused"])
        self.status.value = status_html(text, kind="error")

    # -- the coup -------------------------------------------------------------------------------
    def _start(self) -> CoupInPlay:
        labels = Labels(_LABELS, self.lang)
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
        labels = Labels(_LABELS, self.lang)
        self.seen.value = self._seen_html(view)
        self.status.value = status_html(" ".join([*notes, labels["ask"]]))
        self._set_buttons()

    def _seen_html(self, view: View) -> str:
        """Only what the learner's player may see: own cards, the face-up third card, the rule."""
        labels = Labels(_LABELS, self.lang)
        parts = [f"<p><strong>{escape(labels.fill('you', seat=labels[view.role]))}</strong></p>",
                 "<p>" + labels.fill("your.cards", cards=cards_html(view.cards, self.lang),
                                     total=view.total) + "</p>"]
        other = labels[BANKER if view.role == BETTOR else BETTOR]
        parts.append(f"<p>{escape(other)}: {escape(labels['hidden'])}</p>")
        if view.third_card is not None:
            parts.append("<p>" + labels.fill("third", card=cards_html([view.third_card], self.lang),
                                             value=view.third_card.points) + "</p>")
        parts.append(f"<p>{escape(self._rule_text(view))}</p>")
        return "<div class='bt-seen'>" + "".join(parts) + "</div>"

    def _rule_text(self, view: View) -> str:
        """The rule of the learner's cell, read from the tableau data."""
        labels = Labels(_LABELS, self.lang)
        tableau = tableau_for(self.play.bettors)
        if view.role == BETTOR:
            rule = describe_player_rule(tableau, self.lang)
            runs = ", ".join(labels.fill(f"rule.{d}", values=rule[d])
                             for d in ("draw", "choice", "stand") if d in rule)
            return labels.fill("with.one" if view.bettors == 1 else "with.several", rule=runs)
        if view.third_card is None:
            return labels["banker.stood"]
        return labels.fill("banker.row", total=view.total,
                           row=describe_banker_row(tableau, view.total, self.lang))

    def _finish(self, *, chosen: Decision | None, notes: list[str] | None = None) -> None:
        labels = Labels(_LABELS, self.lang)
        coup = self.play.deal_from(self.shoe)
        self.last_coup = coup
        seat = self._seat
        mine = coup.bettor_total if seat == BETTOR else coup.banker_total
        theirs = coup.banker_total if seat == BETTOR else coup.bettor_total
        outcome = ("push" if coup.winner is Winner.PUSH
                   else "won" if coup.winner.value == seat else "lost")
        self.tally["coups"] += 1
        self.tally[outcome] += 1
        lines = [*(notes or []), labels.fill(f"result.{outcome}", mine=mine, theirs=theirs)]
        if chosen is None:
            forced = [s for s in coup.steps if s.actor == seat and s.cell is not None]
            if forced:
                lines.append(labels.fill("forced",
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
        labels = Labels(_LABELS, self.lang)
        values = self.last_values
        assert values is not None
        rows = []
        for decision, worth in ((Decision.DRAW, values.draw), (Decision.STAND, values.stand)):
            exact = f"{worth.numerator}/{worth.denominator}"
            rows.append(f"<li>{escape(labels['worth.' + decision.value])}: "
                        f"<span title='{exact}'>{_signed(worth, self.lang)}</span> ({exact})</li>")
        name = labels[f"worth.{chosen.value}"].lower()
        if values.better == "either":
            verdict = labels.fill("chose.either", choice=name)
        elif values.better == chosen.value:
            verdict = labels.fill("chose.better", choice=name)
        else:
            other = labels[f"worth.{values.better}"].lower()
            verdict = labels.fill("chose.worse", choice=name, other=other,
                                  gap=percent(abs(values.draw - values.stand), lang=self.lang))
        view = self._decided
        assert view is not None
        cell = labels.fill("cell", cards=cards_html(view.cards, self.lang), total=view.total)
        if view.third_card is not None:
            cell += labels.fill("cell.third", card=cards_html([view.third_card], self.lang))
        return (f"<div class='bt-worth'><p>{escape(labels['worth'])}: {cell}</p>"
                f"<ul>{''.join(rows)}</ul>{status_html(verdict)}</div>")

    def _set_buttons(self) -> None:
        waiting = self.play.pending is not None
        self.draw_button.disabled = self.stand_button.disabled = not waiting
        self.new_button.disabled = waiting
        for box in (self.seat_toggle, self.bettors_box, self.policy_box):
            box.disabled = waiting
        labels = Labels(_LABELS, self.lang)
        t = self.tally
        score = labels.fill("score", coups=t["coups"], won=t["won"], lost=t["lost"], push=t["push"],
                            better=t["better"], chosen=t["chosen"])
        self.score.value = "<p class='bt-score'>" + escape(score) + "</p>"
