"""Small pieces shared by the widgets: accessible HTML snippets and labels."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from bacara_teach.cards import Card, hand_total
from bacara_teach.display import cards_html

__all__ = ["button", "hand_html", "status_html"]


def status_html(text: str, *, kind: str = "info") -> str:
    """A live region: screen readers announce its changes."""
    role = "alert" if kind == "error" else "status"
    return (
        f"<div class='bt-status bt-{kind}' role='{role}' aria-live='polite'>"
        f"{escape(text)}</div>"
    )


def hand_html(name: str, cards: Sequence[Card], *, label: str = "total") -> str:
    """One hand: its name, its cards (with text alternatives) and its total."""
    if not cards:
        return f"<div class='bt-hand'><strong>{escape(name)}</strong>: —</div>"
    return (
        f"<div class='bt-hand'><strong>{escape(name)}</strong>: {cards_html(cards)} "
        f"<span>{escape(label)} {hand_total(cards)}</span></div>"
    )


def button(description: str, tooltip: str, *, style: str = "") -> w.Button:
    """A labelled button (the tooltip doubles as its accessible description)."""
    return w.Button(description=description, tooltip=tooltip, button_style=style,
                    layout=w.Layout(width="auto"))
