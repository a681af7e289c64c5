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

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from bacara_teach.cards import Card, hand_total
from bacara_teach.display import cards_html
from bacara_teach.i18n import resolve_language

__all__ = ["button", "hand_html", "status_html", "widget_language"]


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


def hand_html(name: str, cards: Sequence[Card], *, lang: str, label: str = "total") -> str:
    """One hand: its name, its cards (with text alternatives in ``lang``) and its total."""
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
