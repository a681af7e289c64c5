"""The page on handing in a paper: the links to the live notebooks and the rules card.

>>> html = links_html("en")
>>> "href='lite/tree/index.html'" in html and "The rules card" in html
True
"""

from __future__ import annotations

from html import escape

from bacara_teach.pages.exercises import site_root
from bacara_teach.text import tr

__all__ = ["links_html"]

RULES_CARD = "_static/rules-card.html"
"""The printable rules card, beside the page in every language."""


def links_html(lang: str | None = None) -> str:
    """The list of the two links: the live notebooks' files (to upload a paper) and the card."""
    files = site_root(lang) + "lite/tree/index.html"
    return ("<ul>"
            f"<li><a class='bt-live-link' href='{escape(files)}'>"
            + escape(tr("Open the live notebooks (upload your paper there)", lang))
            + "</a></li>"
            f"<li><a href='{escape(RULES_CARD)}'>"
            + escape(tr("The rules card: both third-card tables on one page, to print", lang))
            + "</a></li></ul>")
