"""Tableau drill widget: a situation, draw or stand, instant feedback, wrong cells repeated.

In a notebook with a kernel the widget is live.  A page built ahead of time shows, in its
place, the page's own drill (:func:`bacara_teach.practice.drill_html`): the same cells
and the same feedback, prepared by the engine and answered by the site's practice script.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from bacara_teach.display import cards_html
from bacara_teach.errors import BacaraError
from bacara_teach.practice.drill import drill_game, drill_html
from bacara_teach.refusals import refusal_text
from bacara_teach.tableau import PUNTO_BANCO, Tableau
from bacara_teach.text import N_, ntr
from bacara_teach.trainer import Feedback, TableauTrainer
from bacara_teach.widgets._common import Labels, button, status_html, widget_language
from bacara_teach.widgets.still import StillMixin

__all__ = ["TableauDrill"]

_LABELS: dict[str, str] = {
    "draw": N_("Draw"),
    "stand": N_("Stand"),
    "choice": N_("Free choice"),
    "score": N_("{right} of {asked} right"),
    "answer": N_("Answer: {choice}"),
    "refused": N_("That answer is not one of the choices; nothing was counted."),
}


class TableauDrill(StillMixin, w.VBox):  # type: ignore[misc]
    """Drill the third-card table: answer, get the rule, repeat the cells you miss.

    ``lang`` is ``"en"`` or ``"es"``; ``None`` is the default language, read once, here.
    """

    def __init__(self, *, tableau: Tableau = PUNTO_BANCO, seed: int | None = None,
                 hands: str = "both", lang: str | None = None, **kwargs: Any) -> None:
        self.lang = widget_language(lang)
        self.trainer = TableauTrainer(tableau=tableau, seed=seed, hands=hands)
        labels = Labels(_LABELS, self.lang)
        self.question = w.HTML()
        self.feedback = w.HTML(value=status_html(""))
        self.score = w.HTML()
        self.buttons = {
            choice: button(labels[choice], labels.fill("answer", choice=labels[choice]))
            for choice in self.trainer.choices
        }
        for choice, b in self.buttons.items():
            b.on_click(lambda _, choice=choice: self.answer(choice))
        super().__init__([self.question, w.HBox(list(self.buttons.values())), self.feedback,
                          self.score], **kwargs)
        self.last: Feedback | None = None
        self._render()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live view, and for a static page the page's drill of this tableau's game."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/html"] = drill_html(drill_game(self.trainer.tableau), self.lang)
        return bundle

    def answer(self, choice: str) -> Feedback | None:
        try:
            self.last = self.trainer.answer(choice)
        except BacaraError as error:
            text = refusal_text(error, self.lang, fallback=Labels(_LABELS, self.lang)["refused"])
            self.feedback.value = status_html(text, kind="error")
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
        player, banker = situation.seen()  # in Chemin de Fer, only what the decider sees
        self.question.value = (
            "<div class='bt-question'>"
            f"<p>{cards_html(player, self.lang) if player else '—'} | "
            f"{cards_html(banker, self.lang) if banker else '—'}</p>"
            f"<p>{escape(situation.prompt(self.lang))}</p></div>"
        )
        labels = Labels(_LABELS, self.lang)
        text = labels.fill("score", right=self.trainer.right, asked=self.trainer.asked)
        pending = len(self.trainer.pending_repeats)
        if pending:
            text += " · " + ntr("{count} cell will come back", "{count} cells will come back",
                                pending, self.lang)
        self.score.value = f"<p class='bt-score'>{escape(text)}</p>"
