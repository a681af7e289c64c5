"""Small pieces shared by the widgets: accessible HTML snippets, labels and the language.

Every widget takes ``lang="en"`` or ``lang="es"``; left out (``None``), the
language is :func:`bacara_teach.i18n.default_language`, read once when the
widget is built (:func:`widget_language`) and kept for the widget's life.

>>> widget_language("es")
'es'
>>> print(hand_html("Banco", [], lang="es"))
<div class='bt-hand'><strong>Banco</strong>: —</div>
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from html import escape

import ipywidgets as w

from bacara_teach.cards import Card, hand_total
from bacara_teach.display import cards_html
from bacara_teach.i18n import resolve_language
from bacara_teach.text import ptr, tr

__all__ = ["Labels", "button", "hand_html", "status_html", "widget_language"]


class Labels(Mapping[str, str]):
    """A widget's own words in one language, read from its table of English messages.

    The table maps a key to a message (marked with :func:`~bacara_teach.text.N_` for the
    catalogues); ``labels[key]`` is the message in the widget's language, and
    ``labels.fill(key, **params)`` fills it in, numbers in the language's conventions.

    >>> labels = Labels({"score": "{right} of {asked} right"}, "es")
    >>> labels["score"], labels.fill("score", right=12, asked=15)
    ('{right} de {asked} correctas', '12 de 15 correctas')
    """

    def __init__(self, table: Mapping[str, str], lang: str) -> None:
        self.table = table
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return tr(self.table[key], self.lang)

    def __iter__(self) -> Iterator[str]:
        return iter(self.table)

    def __len__(self) -> int:
        return len(self.table)

    def fill(self, key: str, /, **params: object) -> str:
        """The message ``key`` with its parameters filled in."""
        return tr(self.table[key], self.lang, **params)


def widget_language(lang: str | None) -> str:
    """The widget's language: ``lang`` checked, or the default language when it is ``None``.

    An unknown language raises :class:`~bacara_teach.errors.IllegalAction` naming the valid ones.
    """
    return resolve_language(lang)


def status_html(text: str, *, kind: str = "info") -> str:
    """A live region: screen readers announce its changes."""
    role = "alert" if kind == "error" else "status"
    return (
        f"<div class='bt-status bt-{kind}' role='{role}' aria-live='polite'>"
        f"{escape(text)}</div>"
    )


def hand_html(name: str, cards: Sequence[Card], *, lang: str, label: str | None = None) -> str:
    """One hand: its name, its cards (with text alternatives in ``lang``) and its total
    (``label``, by default the word "total" in ``lang``)."""
    if label is None:
        label = ptr("tableau column", "total", lang)
    if not cards:
        return f"<div class='bt-hand'><strong>{escape(name)}</strong>: —</div>"
    return (
        f"<div class='bt-hand'><strong>{escape(name)}</strong>: {cards_html(cards, lang)} "
        f"<span>{escape(label)} {hand_total(cards)}</span></div>"
    )


def button(description: str, tooltip: str, *, style: str = "") -> w.Button:
    """A labelled button (the tooltip doubles as its accessible description)."""
    return w.Button(description=description, tooltip=tooltip, button_style=style,
                    layout=w.Layout(width="auto"))
