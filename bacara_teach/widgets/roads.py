"""Roads board widget: deal a seeded shoe coup by coup and watch the five roads grow.

A thin view over :mod:`bacara_teach.roads` and
:mod:`bacara_teach.analysis`: each coup is played by the engine from a
seeded eight-deck shoe (any number of decks), the roads are drawn by the
engine as SVG, and next to them stand the exact odds of the next coup, counted
on the cards left (:func:`~bacara_teach.analysis.punto_banco.count_deals`),
beside those of a full shoe.  Whatever the roads show, those two rows of
figures are all there is to know about the next coup.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from bacara_teach.analysis.composition import Composition
from bacara_teach.analysis.punto_banco import OUTCOMES, count_deals
from bacara_teach.analysis.roads import CUT_CARD
from bacara_teach.errors import BacaraError
from bacara_teach.i18n import term
from bacara_teach.punto_banco import Coup, play_coup
from bacara_teach.refusals import refusal_text
from bacara_teach.road_svg import roads_html
from bacara_teach.roads import Roads
from bacara_teach.shoe import MAX_DECKS, MIN_DECKS, Shoe
from bacara_teach.text import N_
from bacara_teach.widgets._common import Labels, button, status_html, widget_language
from bacara_teach.widgets._html import percent, table_html

__all__ = ["RoadsBoard"]

_LABELS: dict[str, str] = {
    "decks": N_("Decks"),
    "seed": N_("Seed"),
    "deal": N_("Deal a coup"),
    "deal.tip": N_("Deal the next coup from the shoe and add it to the roads"),
    "ten": N_("Deal 10 coups"),
    "ten.tip": N_("Deal the next ten coups (fewer if the cut card comes out)"),
    "new": N_("New shoe"),
    "new.tip": N_("Shuffle a new shoe with this seed and clear the roads"),
    "start": N_("A shuffled shoe of {cards} cards (seed {seed}). Deal a coup."),
    "last": N_("Coup {n}: {winner} wins, Punto {p} to Banco {b}; {cards} cards left."),
    "last.tie": N_("Coup {n}: Empate at {p}; {cards} cards left."),
    "cut": N_("The cut card is out: fewer than {cut} cards are left, the shoe is over. Press New "
              "shoe."),
    "caption": N_("The next coup, exactly: the cards left against a full shoe"),
    "shoe": N_("Shoe"),
    "left": N_("Cards left ({cards})"),
    "full": N_("Full shoe ({cards})"),
    "change": N_("Change"),
    "refused": N_("That shoe cannot be dealt; nothing changed."),
}


def _exact(value: Fraction, lang: str, digits: int = 4) -> str:
    return (f"<span title='{value.numerator}/{value.denominator}'>"
            f"{percent(value, digits, lang)}</span>")


class RoadsBoard(w.VBox):  # type: ignore[misc]
    """Deal a seeded shoe and draw its roads: ``RoadsBoard(seed=7, decks=8, coups=30)``.

    ``coups`` are dealt at once when the board is built.  ``shoe``, ``coups`` and ``roads``
    hold the state; ``odds`` the exact odds of the next coup on the cards left.  ``lang`` is
    ``"en"`` or ``"es"``; ``None`` is the default language, read once, here.
    """

    def __init__(self, *, seed: int = 1, decks: int = 8, coups: int = 0, cut_card: int = CUT_CARD,
                 lang: str | None = None, **kwargs: Any) -> None:
        self.lang = widget_language(lang)
        labels = Labels(_LABELS, self.lang)
        self.cut_card = cut_card
        self._page_options: dict[str, Any] = {"seed": seed, "decks": decks, "coups": coups,
                                              "cut_card": cut_card, "lang": self.lang}
        self.decks_box = w.BoundedIntText(value=decks, min=MIN_DECKS, max=MAX_DECKS,
                                          description=labels["decks"])
        self.seed_box = w.IntText(value=seed, description=labels["seed"])
        self.deal_button = button(labels["deal"], labels["deal.tip"], style="primary")
        self.ten_button = button(labels["ten"], labels["ten.tip"])
        self.new_button = button(labels["new"], labels["new.tip"])
        self.status = w.HTML()
        self.picture = w.HTML()
        self.table = w.HTML()
        self.deal_button.on_click(lambda _: self.deal(1))
        self.ten_button.on_click(lambda _: self.deal(10))
        self.new_button.on_click(lambda _: self.new_shoe())
        self.shoe: Shoe = Shoe.standard(decks, seed=seed)
        self.coups: list[Coup] = []
        self.roads = Roads.from_results("")
        self.odds: dict[str, Fraction] = {}
        super().__init__(
            [
                w.HBox([self.decks_box, self.seed_box, self.new_button]),
                w.HBox([self.deal_button, self.ten_button]),
                self.status,
                self.picture,
                self.table,
            ],
            **kwargs,
        )
        self.new_shoe()
        if coups:
            self.deal(coups)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and for a static page the board's shoe dealt at build time
        (:mod:`bacara_teach.practice.roads`) in place of a still."""
        from bacara_teach.practice.roads import roads_html_page

        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["text/html"] = roads_html_page(self._page_options)
        return bundle

    # -- actions ------------------------------------------------------------------------------
    def new_shoe(self) -> None:
        """A new shoe shuffled with the seed and decks shown; the roads start again.
        A refused shoe is reported and the board stays as it was."""
        labels = Labels(_LABELS, self.lang)
        try:
            shoe = Shoe.standard(self.decks_box.value, seed=self.seed_box.value)
        except BacaraError as error:
            text = refusal_text(error, self.lang, fallback=labels["refused"])
            self.status.value = status_html(text, kind="error")
            return
        self.shoe, self.coups = shoe, []
        # a seed names a shuffle: written as typed, not as a quantity
        self.status.value = status_html(labels.fill("start", cards=shoe.remaining,
                                                    seed=str(self.seed_box.value)))
        self._show()

    @property
    def over(self) -> bool:
        """Whether the cut card is out (fewer than ``cut_card`` cards left)."""
        return self.shoe.remaining < self.cut_card

    def deal(self, count: int = 1) -> list[Coup]:
        """Deal up to ``count`` coups (none once the cut card is out); returns those dealt."""
        labels = Labels(_LABELS, self.lang)
        dealt = []
        for _ in range(count):
            if self.over:
                break
            dealt.append(play_coup(self.shoe))
        self.coups.extend(dealt)
        if self.over:
            self.status.value = status_html(labels.fill("cut", cut=self.cut_card), kind="warning")
        elif dealt:
            last = dealt[-1]
            key = "last.tie" if last.winner.value == "empate" else "last"
            self.status.value = status_html(labels.fill(
                key, n=len(self.coups), winner=term(last.winner.value, self.lang),
                p=last.punto_total, b=last.banco_total, cards=self.shoe.remaining))
        self._show()
        return dealt

    # -- view ---------------------------------------------------------------------------------
    def _show(self) -> None:
        labels = Labels(_LABELS, self.lang)
        self.roads = Roads.from_coups(self.coups)
        self.picture.value = roads_html(self.roads, lang=self.lang)
        self.deal_button.disabled = self.ten_button.disabled = self.over
        if self.over:
            self.odds = {}
            self.table.value = ""
            return
        left = Composition.from_shoe(self.shoe)
        full = Composition.standard(self.shoe.decks or self.decks_box.value)
        self.odds = count_deals(left).probabilities()
        fresh = count_deals(full).probabilities()
        rows = [
            (escape(labels.fill("left", cards=left.total)),
             *(_exact(self.odds[k], self.lang) for k in OUTCOMES)),
            (escape(labels.fill("full", cards=full.total)),
             *(_exact(fresh[k], self.lang) for k in OUTCOMES)),
            (escape(labels["change"]),
             *(_exact(self.odds[k] - fresh[k], self.lang) for k in OUTCOMES)),
        ]
        self.table.value = table_html(labels["caption"],
                                      (labels["shoe"], *(term(k, self.lang) for k in OUTCOMES)), rows)
