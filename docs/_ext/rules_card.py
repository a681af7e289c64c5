"""The printable rules card: ``_static/rules-card.html`` in each language's build.

The card (both third-card tables, from :func:`bacara_teach.exercises.printing.rules_card_html`)
is a page of its own with print styles, made by the engine when the site is built, in the
build's language; the classroom pages link to it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

CARD = Path("_static") / "rules-card.html"
"""Where the card goes in each language's built site."""


def _write_card(app: Any, error: BaseException | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    from bacara_teach.exercises.printing import rules_card_html

    target = Path(app.outdir) / CARD
    target.parent.mkdir(parents=True, exist_ok=True)
    card = rules_card_html(app.config.language, icon=Path(app.config.html_favicon).name)
    target.write_text(card, encoding="utf-8")  # as the theme's files


def setup(app: Any) -> dict[str, Any]:
    app.connect("build-finished", _write_card)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
