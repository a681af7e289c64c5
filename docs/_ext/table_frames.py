"""Every table of the site in a frame of its own that scrolls sideways, with a cue that it does.

A table wider than the screen (the odds tables on a phone, the profiles side by side) would
otherwise be cut off at the edge of the text column, or push the whole page sideways.  As
each page is written, every table of its body is put in a frame::

    <div class="bt-frame" tabindex="0" role="region" aria-label="(the table's caption)"
         data-hint="scroll →">  <table>...</table>  </div>

The frame scrolls, not the page (``frames.css``); it is a named region a keyboard reaches
(the arrow keys then scroll it), as accessible scroll regions must be.  Its cue needs no
script: a shadow at an edge where more of the table is hidden, and the hint ``scroll →``
above the table only while it is wider than its frame (a scroll-driven animation: a frame
with nothing to scroll has no scroll timeline, so the hint stays hidden).  The page scripts
that draw tables in the browser put them in the same frame (``frame`` in practice.js).
"""

from __future__ import annotations

import re
from html import escape, unescape
from typing import Any

from bacara_teach.text import N_, tr

HINT = N_("scroll →")
"""The cue above a table wider than its frame."""
UNNAMED = N_("Table of figures")
"""The name of the frame of a table without a caption."""

_SKIP = re.compile(r"<(script|template|textarea)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
_TABLE_TAG = re.compile(r"<(/?)table\b[^>]*>", re.IGNORECASE)
_CAPTION = re.compile(r"<caption\b[^>]*>(.*?)</caption\s*>", re.DOTALL | re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")


def caption_text(table: str) -> str:
    """The plain text of a table's caption (``""`` if it has none).

    >>> caption_text("<table><caption>Odds <em>per</em> &amp; unit</caption></table>")
    'Odds per & unit'
    """
    found = _CAPTION.search(table)
    return " ".join(unescape(_TAG.sub(" ", found.group(1))).split()) if found else ""


def frame(table: str, lang: str) -> str:
    """One table in its frame, named by its caption.

    >>> print(frame("<table><caption>Banco</caption><tr><td>1</td></tr></table>", "es"))
    <div class="bt-frame" tabindex="0" role="region" aria-label="Banco" data-hint="desplace →"><table><caption>Banco</caption><tr><td>1</td></tr></table></div>
    """
    name = caption_text(table) or tr(UNNAMED, lang)
    return (f'<div class="bt-frame" tabindex="0" role="region" aria-label="{escape(name)}" '
            f'data-hint="{escape(tr(HINT, lang))}">{table}</div>')


def frame_tables(html: str, lang: str) -> str:
    """``html`` with every outermost table in a frame (tables in scripts and templates, and
    tables inside tables, stay as they are).

    >>> page = ("<p>a</p><table><tr><td><table><tr><td>in</td></tr></table></td></tr></table>"
    ...         "<script type='application/json'>{\\"x\\": \\"<table>\\"}</script>")
    >>> out = frame_tables(page, "en")
    >>> out.count('class="bt-frame"'), out.count("<table>"), out.endswith('"<table>"}</script>')
    (1, 3, True)
    """
    skipped = [(m.start(), m.end()) for m in _SKIP.finditer(html)]

    def outside(position: int) -> bool:
        return not any(start <= position < end for start, end in skipped)

    out: list[str] = []
    depth, start, done = 0, 0, 0
    for tag in _TABLE_TAG.finditer(html):
        if not outside(tag.start()):
            continue
        if tag.group(1):  # </table>
            depth -= 1
            if depth == 0:
                out.append(html[done:start])
                out.append(frame(html[start:tag.end()], lang))
                done = tag.end()
            depth = max(depth, 0)
        else:
            if depth == 0:
                start = tag.start()
            depth += 1
    out.append(html[done:])
    return "".join(out)


def _on_page_context(app: Any, _pagename: str, _templatename: str, context: dict[str, Any],
                     _doctree: Any) -> None:
    if "body" in context:
        context["body"] = frame_tables(context["body"], app.config.language)


def setup(app: Any) -> dict[str, Any]:
    # late, so that tables other handlers add to a page are framed too
    app.connect("html-page-context", _on_page_context, priority=900)
    app.add_css_file("frames.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
