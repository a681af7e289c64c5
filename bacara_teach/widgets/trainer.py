"""Tableau drill widget: a situation, draw or stand, instant feedback, wrong cells repeated."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from bacara_teach.display import cards_html
from bacara_teach.errors import BacaraError
from bacara_teach.tableau import PUNTO_BANCO, Tableau
from bacara_teach.trainer import Feedback, TableauTrainer
from bacara_teach.widgets._common import button, status_html
from bacara_teach.widgets.still import StillMixin

__all__ = ["TableauDrill"]

_LABELS = {
    "en": {"draw": "Draw", "stand": "Stand", "choice": "Free choice", "score": "{right} of {asked} right",
           "again": "{n} cell(s) will come back", "answer": "Answer: {choice}"},
    "es": {"draw": "Roba", "stand": "Se planta", "choice": "Libre", "score": "{right} de {asked} correctas",
           "again": "{n} casilla(s) volverán", "answer": "Responder: {choice}"},
}


class TableauDrill(StillMixin, w.VBox):  # type: ignore[misc]
    """Drill the third-card table: answer, get the rule, repeat the cells you miss."""

    def __init__(self, *, tableau: Tableau = PUNTO_BANCO, seed: int | None = None,
                 hands: str = "both", lang: str = "en", **kwargs: Any) -> None:
        self.lang = lang
        self.trainer = TableauTrainer(tableau=tableau, seed=seed, hands=hands)
        labels = _LABELS[lang]
        self.question = w.HTML()
        self.feedback = w.HTML(value=status_html(""))
        self.score = w.HTML()
        self.buttons = {
            choice: button(labels[choice], labels["answer"].format(choice=labels[choice]))
            for choice in self.trainer.choices
        }
        for choice, b in self.buttons.items():
            b.on_click(lambda _, choice=choice: self.answer(choice))
        super().__init__([self.question, w.HBox(list(self.buttons.values())), self.feedback,
                          self.score], **kwargs)
        self.last: Feedback | None = None
        self._render()

    def answer(self, choice: str) -> Feedback | None:
        try:
            self.last = self.trainer.answer(choice)
        except BacaraError as error:
            self.feedback.value = status_html(str(error), kind="error")
            return None
        kind = "right" if self.last.correct else "wrong"
        asked = self.last.situation.prompt(self.lang)
        self.feedback.value = (
            f"<p class='bt-asked'><small>{escape(asked)}</small></p>"
            + status_html(self.last.message(self.lang), kind=kind)
        )
        self._render()
        return self.last

    def _render(self) -> None:
        situation = self.trainer.current
        self.question.value = (
            "<div class='bt-question'>"
            f"<p>{cards_html(situation.player)} | {cards_html(situation.banker)}</p>"
            f"<p>{escape(situation.prompt(self.lang))}</p></div>"
        )
        labels = _LABELS[self.lang]
        text = labels["score"].format(right=self.trainer.right, asked=self.trainer.asked)
        pending = len(self.trainer.pending_repeats)
        if pending:
            text += " · " + labels["again"].format(n=pending)
        self.score.value = f"<p class='bt-score'>{escape(text)}</p>"
