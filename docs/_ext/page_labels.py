"""The theme's own labels in the page's language.

Sphinx, the theme and myst-nb write a few labels of their own into every page: a heading's
link (``title="Link to this heading"``), the sidebars' toggles, the landmarks' names
(``aria-label="Main"``), the search field, the folded cells' summary.  Some are translated
by their packages' catalogues, others are written in English whatever the language.  This
extension puts every one of them through the ``sphinx`` catalogue of the build's language,
where ``docs/locales/<lang>/LC_MESSAGES/sphinx.po`` gives the words the packages lack: a
language's labels are data in its catalogue, and a label without a translation stays as its
package wrote it.

>>> html = '<a title="Link to this heading">#</a><nav aria-label="Main">'
>>> translate_labels(html, {"Main": "Principal"}.get)
'<a title="Link to this heading">#</a><nav aria-label="Principal">'
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

LABELS = (
    "Link to this heading",
    "Toggle primary sidebar",
    "Toggle secondary sidebar",
    "Main",
    "Page",
    "Search",
    "Toggle hidden content",
)
"""The labels written into the pages in English by Sphinx, the theme or myst-nb."""

ATTRIBUTES = ("title", "aria-label", "placeholder")
"""The attributes that carry a label a reader sees (a tooltip, a placeholder) or hears (the
name a screen reader gives a landmark or a control)."""


def translate_labels(html: str, translate: Callable[[str], str | None]) -> str:
    """``html`` with each of :data:`LABELS` in an attribute of :data:`ATTRIBUTES` replaced by
    its translation (a label that ``translate`` leaves as it is, or ``None``, is kept)."""
    for label in LABELS:
        said = translate(label)
        if not said or said == label:
            continue
        for attribute in ATTRIBUTES:
            html = html.replace(f'{attribute}="{label}"', f'{attribute}="{escape(said)}"')
    return html


def _translate_rendered(app: Any) -> None:
    """Put every page the builder renders through :func:`translate_labels`."""
    templates = getattr(app.builder, "templates", None)
    if templates is None or not hasattr(templates, "render"):
        return
    from sphinx.locale import get_translation

    translate = get_translation("sphinx")
    render = templates.render

    def rendered(template: str, context: dict[str, Any]) -> str:
        return translate_labels(render(template, context), lambda label: str(translate(label)))

    templates.render = rendered


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _translate_rendered)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
