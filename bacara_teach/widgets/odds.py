"""Odds explorer widget: exact probabilities and house edges of a shoe with cards taken out.

A thin view over :mod:`bacara_teach.analysis`: the number of decks, a counter
per rank and a text box of cards to remove make a
:class:`~bacara_teach.analysis.composition.Composition`, and every bet the
chosen table offers is priced on it exactly
(:func:`~bacara_teach.analysis.edges.edges_for_profile`).  Every change
recomputes; a shoe the analysis refuses is reported and the last figures stay.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from bacara_teach.analysis.composition import RANKS, Composition, parse_removal
from bacara_teach.analysis.edges import BetAnalysis, edges_for_profile
from bacara_teach.cards import Rank
from bacara_teach.errors import BacaraError
from bacara_teach.refusals import refusal_text
from bacara_teach.shoe import MAX_DECKS, MIN_DECKS
from bacara_teach.tables import BetKind, get_profile, profile_names
from bacara_teach.text import N_
from bacara_teach.widgets._common import Labels, button, status_html, widget_language
from bacara_teach.widgets._html import percent, table_html

__all__ = ["OddsExplorer"]

DIGITS = 4
"""Decimals shown on each percentage (the exact fraction is in the cell's title)."""

_LABELS: dict[str, str] = {
    "decks": N_("Decks"),
    "table": N_("Table"),
    "out": N_("{rank} out"),
    "out.tip": N_("Cards of rank {rank} taken out of the shoe"),
    "text": N_("Remove these cards"),
    "text.placeholder": N_("5 5 K♠ 10h (ranks or cards)"),
    "reset": N_("Put every card back"),
    "reset.tip": N_("Set every counter to 0 and empty the text box"),
    "caption": N_("Exact odds and house edges: {cards} cards left ({removed} taken out)"),
    "shown": N_("{cards} cards left: the figures are up to date."),
    "bet": N_("Bet"),
    "pays": N_("Pays"),
    "win": N_("Wins"),
    "push": N_("Push"),
    "edge": N_("House edge"),
    "refused": N_("This shoe cannot be priced; the figures shown stay as they were."),
}


def _exact(value: Fraction, lang: str) -> str:
    """A percentage with the exact fraction as its title."""
    return (f"<span title='{value.numerator}/{value.denominator}'>"
            f"{percent(value, DIGITS, lang)}</span>")


class OddsExplorer(w.VBox):  # type: ignore[misc]
    """Explore a shoe: ``OddsExplorer(decks=8, profile="casino", removed="5 5 5 5")``.

    ``composition`` and ``edges`` hold the shoe and the figures shown.  ``lang`` is ``"en"``
    or ``"es"``; ``None`` is the default language, read once, here.
    """

    def __init__(self, *, decks: int = 8, profile: str = "home", removed: str = "",
                 lang: str | None = None, **kwargs: Any) -> None:
        self.lang = widget_language(lang)
        self._page_start: dict[str, Any] = {"decks": decks, "profile": profile}
        self._updating = True  # no pricing until every control exists
        labels = Labels(_LABELS, self.lang)
        # Labels take their own width and fields room for their values, in any language
        # (a fixed label width cut "10 fuera" and the counters' digits).
        whole = {"description_width": "initial"}
        self.decks_box = w.BoundedIntText(value=decks, min=MIN_DECKS, max=MAX_DECKS,
                                          description=labels["decks"], style=whole,
                                          layout=w.Layout(width="12em"))
        self.profile_box = w.Dropdown(
            options=[(get_profile(name).label_text(self.lang, capital=True), name)
                     for name in profile_names()],
            value=profile, description=labels["table"], style=whole,
            layout=w.Layout(width="auto"))
        self.counters = {
            rank: w.BoundedIntText(value=0, min=0, max=4 * MAX_DECKS,
                                   description=labels.fill("out", rank=rank.symbol),
                                   tooltip=labels.fill("out.tip", rank=rank.symbol),
                                   style=whole, layout=w.Layout(width="11em"))
            for rank in RANKS
        }
        self.removal_box = w.Text(value=removed, description=labels["text"],
                                  placeholder=labels["text.placeholder"], continuous_update=False,
                                  style={"description_width": "initial"})
        self.reset_button = button(labels["reset"], labels["reset.tip"])
        self.status = w.HTML()
        self.table = w.HTML()
        self.composition: Composition | None = None
        self.edges: dict[str, BetAnalysis] = {}
        for control in (self.decks_box, self.profile_box, self.removal_box, *self.counters.values()):
            control.observe(lambda _: self.update(), names="value")
        self.reset_button.on_click(lambda _: self.reset())
        super().__init__(
            [
                w.HBox([self.decks_box, self.profile_box]),
                w.GridBox(list(self.counters.values()),
                          layout=w.Layout(grid_template_columns="repeat(5, auto)")),
                w.HBox([self.removal_box, self.reset_button]),
                self.status,
                self.table,
            ],
            **kwargs,
        )
        self._updating = False
        self.update()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and for a static page the explorer's shoes priced at build time
        (:mod:`bacara_teach.practice.odds`) in place of a still."""
        from bacara_teach.practice.odds import odds_html

        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/html"] = odds_html(**self._page_start, lang=self.lang)
        return bundle

    # -- actions ------------------------------------------------------------------------------
    def removed(self) -> tuple[Rank, ...]:
        """The ranks taken out: the counters', then the text box's (unreadable text raises)."""
        counted = [rank for rank, box in self.counters.items() for _ in range(box.value)]
        return (*counted, *parse_removal(self.removal_box.value))

    def update(self) -> None:
        """Price the shoe the controls describe; a refused shoe is reported, the figures stay."""
        if self._updating:
            return
        labels = Labels(_LABELS, self.lang)
        try:
            gone = self.removed()
            composition = Composition.standard(self.decks_box.value).without(gone)
            edges = edges_for_profile(self.profile_box.value, composition)
        except BacaraError as error:
            text = refusal_text(error, self.lang, fallback=labels["refused"])
            self.status.value = status_html(text, kind="error")
            return
        self.composition, self.edges = composition, edges
        self.status.value = status_html(labels.fill("shown", cards=composition.total))
        self.table.value = self._table_html(len(gone))

    def reset(self) -> None:
        """Every card back in the shoe."""
        self._updating = True
        try:
            for box in self.counters.values():
                box.value = 0
            self.removal_box.value = ""
        finally:
            self._updating = False
        self.update()

    # -- view ---------------------------------------------------------------------------------
    def _table_html(self, removed: int) -> str:
        labels = Labels(_LABELS, self.lang)
        assert self.composition is not None
        rows = []
        for name, analysis in self.edges.items():
            terms = analysis.terms
            pays = terms.price(self.lang)
            rows.append((escape(BetKind.parse(name).label), escape(pays),
                         _exact(analysis.win, self.lang), _exact(analysis.push, self.lang),
                         _exact(analysis.house_edge, self.lang)))
        return table_html(
            labels.fill("caption", cards=self.composition.total, removed=removed),
            (labels["bet"], labels["pays"], labels["win"], labels["push"], labels["edge"]), rows)
