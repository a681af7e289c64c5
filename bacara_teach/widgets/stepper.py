"""Coup stepper: deal a coup and advance one rule at a time.

The stepper shows the cards revealed so far, the narrated step with the
rule behind it, and Banco's table with the deciding cell highlighted.  A page built
ahead of time shows, in its place, the page's own stepper
(:func:`bacara_teach.practice.stepper_html`): the same coup's steps as the engine tells
them, and any cards the reader types in, answered by the site's practice script.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from bacara_teach.cards import Card
from bacara_teach.charts import tableau_html
from bacara_teach.errors import BacaraError
from bacara_teach.narration import narrate_step
from bacara_teach.practice.drill import stepper_html, stepper_labels
from bacara_teach.punto_banco import Coup, deal_coup, play_coup
from bacara_teach.refusals import refusal_text
from bacara_teach.shoe import Shoe
from bacara_teach.text import tr
from bacara_teach.widgets._common import button, hand_html, status_html, widget_language
from bacara_teach.widgets.still import StillMixin

__all__ = ["CoupStepper"]

class CoupStepper(StillMixin, w.VBox):  # type: ignore[misc]
    """Step through a Punto Banco coup, one rule at a time.

    ``CoupStepper(cards="4♥ 2♠ 9♣ A♦ 8♦")`` or ``CoupStepper(seed=7)``.  ``lang`` is
    ``"en"`` or ``"es"``; ``None`` is the default language, read once, here.
    """

    def __init__(self, *, cards: str | None = None, seed: int = 1, decks: int = 8,
                 lang: str | None = None, **kwargs: Any) -> None:
        self.lang = widget_language(lang)
        labels = stepper_labels(self.lang)
        self.decks = decks
        self.cards_box = w.Text(value=cards or "", description=labels["cards"],
                                placeholder=labels["placeholder"])
        self.seed_box = w.IntText(value=seed, description=labels["seed"])
        self.deal_button = button(labels["deal"], labels["deal.tip"], style="primary")
        self.shuffle_button = button(labels["shuffle"], labels["shuffle.tip"])
        self.prev_button = button(labels["prev"], labels["prev.tip"])
        self.next_button = button(labels["next"], labels["next.tip"], style="success")
        self.hands = w.HTML()
        self.narration = w.HTML()
        self.position_label = w.HTML()
        self.table = w.HTML()
        self.deal_button.on_click(lambda _: self.deal_cards(self.cards_box.value))
        self.shuffle_button.on_click(lambda _: self.deal_seeded(self.seed_box.value))
        self.prev_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.advance())
        super().__init__(
            [
                w.HBox([self.cards_box, self.deal_button]),
                w.HBox([self.seed_box, self.shuffle_button]),
                self.hands,
                w.HBox([self.prev_button, self.next_button, self.position_label]),
                self.narration,
                self.table,
            ],
            **kwargs,
        )
        self.coup: Coup = deal_coup(cards) if cards else play_coup(Shoe.standard(decks, seed=seed))
        self.position = 0
        self._render()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live view, and for a static page the page's stepper of the coup on show."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/html"] = stepper_html(" ".join(str(c) for c in self.coup.cards), self.lang)
        return bundle

    # -- actions ------------------------------------------------------------------------------
    def deal_cards(self, text: str) -> None:
        """Deal exactly these cards; a bad entry is reported and changes nothing."""
        try:
            coup = deal_coup(text)
        except BacaraError as error:
            text = refusal_text(error, self.lang, fallback=stepper_labels(self.lang)["refused"])
            self.narration.value = status_html(text, kind="error")
            return
        self.coup, self.position = coup, 0
        self._render()

    def deal_seeded(self, seed: int) -> None:
        self.coup, self.position = play_coup(Shoe.standard(self.decks, seed=seed)), 0
        self.cards_box.value = " ".join(str(c) for c in self.coup.cards)
        self._render()

    def advance(self) -> None:
        if self.position < len(self.coup.steps) - 1:
            self.position += 1
        self._render()

    def back(self) -> None:
        if self.position > 0:
            self.position -= 1
        self._render()

    # -- view ---------------------------------------------------------------------------------
    @property
    def current_step(self) -> Any:
        return self.coup.steps[self.position]

    def _revealed(self) -> tuple[list[Card], list[Card]]:
        punto: list[Card] = []
        banco: list[Card] = []
        for step in self.coup.steps[: self.position + 1]:
            if step.card is not None:
                (punto if step.actor == "punto" else banco).append(step.card)
        return punto, banco

    def _render(self) -> None:
        punto, banco = self._revealed()
        self.hands.value = (hand_html("Punto", punto, lang=self.lang)
                            + hand_html("Banco", banco, lang=self.lang))
        step = self.current_step
        self.narration.value = status_html(narrate_step(step, self.lang, self.coup.tableau))
        self.position_label.value = tr("Step {n} of {of}", self.lang, n=self.position + 1,
                                       of=len(self.coup.steps))
        highlight = None
        if step.cell is not None and step.cell.hand == "banker":
            highlight = (step.cell.total, step.cell.third)
        self.table.value = tableau_html(self.coup.tableau, self.lang, highlight=highlight)
        self.prev_button.disabled = self.position == 0
        self.next_button.disabled = self.position == len(self.coup.steps) - 1
