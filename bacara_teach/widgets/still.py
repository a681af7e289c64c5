"""Stills of the widgets: what a widget looks like, as plain HTML with no script.

A page built ahead of time has no Python behind it, so a widget cannot answer a
click there.  Every widget of the course prepares its answers at build time
instead and gives a static page a working view that the site's practice scripts
drive (its ``text/html`` beside the widget view in its display bundle: JupyterLab
and Jupyter Notebook pick the live widget, a static page builder that view).

A still is the fallback for a widget whose answers cannot be prepared (an online
table with rules the page view does not take, say): the same labels, cards, tables
and messages the live widget shows at that moment, with every control drawn but
disabled, and a link to the live notebook, where the widget works.

>>> import ipywidgets as w
>>> print(still_html(w.VBox([w.HTML("<b>Hi</b>"), w.Button(description="Go")]), lang="en"))
<div class='bt-still' role='group' aria-label='Still of an interactive widget'><div class='bt-still-column'><b>Hi</b><button type='button' disabled>Go</button></div></div>
"""

from __future__ import annotations

from html import escape
from typing import Any

from bacara_teach.text import tr

__all__ = ["StillMixin", "live_link_html", "still_html"]



def _attr(text: object) -> str:
    return escape(str(text), quote=True)


def _labelled(widget: Any, control: str) -> str:
    """A control with its visible description as a real label."""
    description = getattr(widget, "description", "") or ""
    if not description:
        return control
    return (f"<label class='bt-still-field'><span>{escape(description)}</span> "
            f"{control}</label>")


def _options(widget: Any) -> list[tuple[str, Any]]:
    labels = list(getattr(widget, "_options_labels", ()) or ())
    values = list(getattr(widget, "_options_values", ()) or ())
    return list(zip(labels, values, strict=False))


def _node(widget: Any) -> str:
    import ipywidgets as w

    if isinstance(widget, w.Box):
        kind = "row" if isinstance(widget, w.HBox) else "column"
        if isinstance(widget, w.GridBox):
            kind = "grid"
        inner = "".join(_node(child) for child in widget.children
                        if getattr(getattr(child, "layout", None), "display", None) != "none")
        return f"<div class='bt-still-{kind}'>{inner}</div>"
    if isinstance(widget, w.HTML | w.HTMLMath):
        return _labelled(widget, str(widget.value))
    if isinstance(widget, w.Label):
        return f"<span>{escape(str(widget.value))}</span>"
    if isinstance(widget, w.Button):
        tip = f" title='{_attr(widget.tooltip)}'" if widget.tooltip else ""
        return f"<button type='button' disabled{tip}>{escape(widget.description)}</button>"
    if isinstance(widget, w.ToggleButtons):
        buttons = "".join(
            f"<button type='button' disabled aria-pressed='{'true' if value == widget.value else 'false'}'>"
            f"{escape(label)}</button>"
            for label, value in _options(widget)
        )
        description = widget.description or ""
        return (f"<div class='bt-still-row' role='group' aria-label='{_attr(description)}'>"
                f"{f'<span>{escape(description)}</span> ' if description else ''}{buttons}</div>")
    if isinstance(widget, w.Dropdown | w.Select | w.RadioButtons):
        options = "".join(
            f"<option{' selected' if value == widget.value else ''}>{escape(label)}</option>"
            for label, value in _options(widget)
        )
        return _labelled(widget, f"<select disabled>{options}</select>")
    if isinstance(widget, w.Checkbox):
        checked = " checked" if widget.value else ""
        return _labelled(widget, f"<input type='checkbox' disabled{checked}>")
    if isinstance(widget, w.Textarea):
        return _labelled(widget, f"<textarea disabled>{escape(str(widget.value))}</textarea>")
    if isinstance(widget, w.Text | w.IntText | w.FloatText | w.BoundedIntText | w.BoundedFloatText):
        placeholder = getattr(widget, "placeholder", "") or ""
        hint = f" placeholder='{_attr(placeholder)}'" if placeholder and placeholder != "\u200b" else ""
        return _labelled(widget, f"<input type='text' disabled value='{_attr(widget.value)}'{hint}>")
    if isinstance(widget, w.IntProgress | w.FloatProgress):
        return _labelled(widget, f"<progress value='{_attr(widget.value - widget.min)}' "
                                 f"max='{_attr(widget.max - widget.min)}'></progress>")
    if isinstance(widget, w.IntSlider | w.FloatSlider):
        return _labelled(widget, f"<input type='range' disabled min='{_attr(widget.min)}' "
                                 f"max='{_attr(widget.max)}' value='{_attr(widget.value)}'>")
    return f"<span>{escape(type(widget).__name__)}</span>"


def still_html(widget: Any, *, lang: str | None = None) -> str:
    """The widget as it looks now, as static HTML (controls drawn, disabled).

    ``lang`` names the language of the still's own label (``None``: the default language);
    every other word is the widget's.

    >>> import ipywidgets as w
    >>> still_html(w.Label("Hola"), lang="es")
    "<div class='bt-still' role='group' aria-label='Imagen fija de un widget interactivo'><span>Hola</span></div>"
    """
    label = tr("Still of an interactive widget", lang)
    return f"<div class='bt-still' role='group' aria-label='{_attr(label)}'>{_node(widget)}</div>"


def live_link_html(lang: str | None = None) -> str:
    """The way from a still to the working widget: a link to the chapter's live notebook.

    The page's script points it at the page's own live notebook (its *Try this chapter
    live* link); a page without one drops it.

    >>> print(live_link_html("es"))
    <p class='bt-still-live'><a data-live-link href='#'>Este widget necesita Python: úselo en el cuaderno en vivo del capítulo</a></p>
    """
    text = tr("This widget needs Python: use it in the chapter's live notebook", lang)
    return f"<p class='bt-still-live'><a data-live-link href='#'>{escape(text)}</a></p>"


class StillMixin:
    """Adds the widget's still to its display bundle, next to the live view, with the way
    to the live notebook where the widget works."""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            lang = getattr(self, "lang", None)
            data["text/html"] = still_html(self, lang=lang) + live_link_html(lang)
        return bundle
