"""The site in English and Spanish from one source: what is translated, and the switch.

The English pages are the source.  ``sphinx -b gettext`` extracts their prose into
catalogue templates; ``docs/locales/es/LC_MESSAGES/*.po`` hold the Spanish; the Spanish
build (``-D language=es``) is the same source read through those catalogues, with its
notebooks executed with ``BACARA_LANG=es`` so that what the engine writes is Spanish too.

This extension

* keeps what the engine computes out of the catalogues: notebook outputs are built in the
  page's language by the engine itself, and the API reference is the engine's docstrings,
  published as written (in English, the language of the code);
* lets a translated paragraph keep the values woven into it: ``{glue:text}`` and
  ``{glue:md}`` roles in a Spanish message are filled from the page's own executed
  notebook, exactly as on the English page;
* puts on every page a switch to the same page in the other language, and tells search
  engines and screen readers about the twin (``hreflang``).

The English site is the site's root; the Spanish site lives in ``es/`` beside it.
"""

from __future__ import annotations

import json
import re
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

import sitebuild
from docutils import nodes
from sphinx.transforms import SphinxTransform

from bacara_teach.text import N_, tr

LANGUAGES = dict(sitebuild.NAMES)
"""The site's languages and their names, each in its own language (``languages.json``)."""

PREFIX = {lang: sitebuild.prefix(lang) for lang in sitebuild.LANGUAGES}
"""Where each language's site lives, relative to the site's root."""

SWITCH_LABEL = N_("Language")
"""The name of the language switch, for screen readers."""


def twin_href(pagename: str, lang: str, other: str) -> str:
    """Relative link from ``pagename`` in ``lang`` to the same page in ``other``.

    >>> twin_href("chapters/odds", "en", "es")
    '../es/chapters/odds.html'
    >>> twin_href("index", "es", "en")
    '../index.html'
    """
    depth = pagename.count("/") + PREFIX[lang].count("/")
    return "../" * depth + PREFIX[other] + pagename + ".html"


# -- what is not translated ------------------------------------------------------------------
class KeepEngineOutputs(SphinxTransform):  # type: ignore[misc]
    """Mark notebook outputs and autodoc docstrings as not for translation.

    Runs before Sphinx's own i18n transforms (priority 10 and 20), so these nodes are
    neither extracted into the catalogues nor replaced from them.
    """

    default_priority = 5

    def apply(self, **_kwargs: Any) -> None:
        for container in self.document.findall(nodes.container):
            if container.get("nb_element", "").startswith("cell_code_output") or \
                    "cell_output" in container.get("classes", []):
                for node in container.findall(nodes.TextElement):
                    node["translatable"] = False
        for node in self.document.findall(nodes.TextElement):
            if ":docstring of " in (node.source or ""):
                node["translatable"] = False


class DocstringsAsWritten(SphinxTransform):  # type: ignore[misc]
    """Clear the translation status Sphinx gives the API reference's generated fields.

    Sphinx marks the fields it builds from type hints as "untranslated" on a translated
    page; they are the engine's docstrings, published as written, so they carry no status
    (the check of the Spanish pages looks for that mark).  Runs just before Sphinx adds
    the translation classes (priority 950).
    """

    default_priority = 945

    def apply(self, **_kwargs: Any) -> None:
        from sphinx import addnodes

        for description in self.document.findall(addnodes.desc):
            for node in description.findall(nodes.Element):
                node.attributes.pop("translated", None)


# -- glue values inside translated paragraphs --------------------------------------------------
_GLUE = re.compile(r"\{glue(?::(?P<kind>text|md|any))?\}`(?P<body>[^`]+)`")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|~])")


@cache
def _glue_data(path: Path, _stamp: float) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def glue_path(output_folder: Path, docname: str) -> Path:
    """Where myst-nb keeps the values the executed notebook of ``docname`` glued."""
    return output_folder.joinpath(*docname.split("/")).with_suffix(".glue.json")


def read_glue(path: Path) -> dict[str, Any]:
    """The glued values stored in ``path`` (empty when there is no such file)."""
    if not path.is_file():
        return {}
    return _glue_data(path, path.stat().st_mtime)


def glue_values(env: Any, docname: str) -> dict[str, Any]:
    """The values the executed notebook of ``docname`` glued, as myst-nb stored them."""
    return read_glue(glue_path(Path(env.mystnb_config.output_folder), docname))


def fill_glue(text: str, values: dict[str, Any], where: str) -> str:
    """Put the glued values into a translated message, as Markdown the parser reads back.

    >>> fill_glue("Gana {glue:md}`w`, {glue:text}`t` a {glue:text}`n:.1f`.",
    ...           {"w": {"data": {"text/markdown": "**Banco**"}},
    ...            "t": {"data": {"text/plain": "8"}}, "n": {"data": {"text/plain": "3"}}}, "x")
    'Gana **Banco**, 8 a 3.0.'
    """
    from myst_nb.core.variables import format_plain_text

    def replace(match: re.Match[str]) -> str:
        kind = match["kind"] or "any"
        key, _, spec = match["body"].partition(":")
        if key not in values:
            raise KeyError(f"{where}: the translation uses glue value {key!r}, which the page "
                           f"does not glue (it has: {', '.join(sorted(values)) or 'none'})")
        data = values[key]["data"]
        if kind in ("md", "any") and "text/markdown" in data:
            return str(data["text/markdown"]).strip()
        plain = format_plain_text(data["text/plain"], spec or "s")
        return _MD_SPECIAL.sub(r"\\\1", plain)

    return _GLUE.sub(replace, text)


def _patch_publish_msgstr() -> None:
    """Fill glue roles in every translated message before Sphinx parses it."""
    from sphinx.transforms import i18n

    # Sphinx has no hook between reading a message and parsing it: wrap its function.
    original = i18n._publish_msgstr  # noqa: SLF001
    if getattr(original, "_bacara_glue", False):
        return

    def publish(source: str, source_path: str, source_line: int, **kwargs: Any) -> Any:
        env = kwargs["env"]
        if "{glue" in source:
            source = fill_glue(source, glue_values(env, env.docname), f"{source_path}:{source_line}")
        return original(source, source_path, source_line, **kwargs)

    publish._bacara_glue = True  # type: ignore[attr-defined]  # noqa: SLF001
    i18n._publish_msgstr = publish  # noqa: SLF001


# -- the switch ---------------------------------------------------------------------------------
def _on_page_context(app: Any, pagename: str, _templatename: str, context: dict[str, Any],
                     _doctree: Any) -> None:
    lang = app.config.language
    if lang not in LANGUAGES:
        return
    links = []
    alternates = []
    for code, name in LANGUAGES.items():
        href = twin_href(pagename, lang, code)
        alternates.append(f'<link rel="alternate" hreflang="{code}" href="{escape(href)}" />')
        if code == lang:
            links.append(f'<span class="bt-lang-current" aria-current="true" lang="{code}">'
                         f"{escape(name)}</span>")
        else:
            links.append(f'<a class="bt-lang-link" href="{escape(href)}" hreflang="{code}" '
                         f'lang="{code}">{escape(name)}</a>')
    context["metatags"] = context.get("metatags", "") + "\n".join(alternates)
    if "body" in context:
        switch = (f'<nav class="bt-lang" aria-label="{escape(tr(SWITCH_LABEL, lang))}">'
                  + " · ".join(links) + "</nav>")
        context["body"] = switch + context["body"]


def _own_execute_folder(app: Any) -> None:
    """Give this language's notebooks an output folder of their own (after myst-nb chose one),
    so that builds running side by side never read each other's glued values."""
    lang = app.config.language
    folder = sitebuild.execute_folder(sitebuild.site_root(Path(app.outdir), lang), lang)
    app.env.mystnb_config = app.env.mystnb_config.copy(output_folder=str(folder.resolve()))


def _config_inited(_app: Any, config: Any) -> None:
    if config.language != sitebuild.LANGUAGES[0]:
        # Sphinx marks each paragraph that found no translation: the built Spanish pages
        # are checked for that class, so a message that failed to apply cannot hide.
        config.translation_progress_classes = "untranslated"


TOGGLE_LABELS: tuple[str, ...] = (
    N_("Show code cell source"), N_("Hide code cell source"),
    N_("Show code cell output"), N_("Hide code cell output"),
    N_("Show code cell outputs"), N_("Hide code cell outputs"),
    N_("Show code cell content"), N_("Hide code cell content"),
)
"""myst-nb's labels of the folded cells (``hide-input``, ``hide-output``).

myst-nb writes them from one English template; on a page in another language they are
replaced by their translation in the engine's catalogue, so a Spanish page shows no English
control."""


def translate_toggle_labels(doctree: Any, lang: str) -> int:
    """Put ``lang``'s words on the folded cells' labels of ``doctree``; returns how many.

    >>> from docutils import nodes
    >>> tree = nodes.container()
    >>> fold = nodes.Element(prompt_show="Show code cell source", prompt_hide="Hide code cell source")
    >>> tree += fold
    >>> translate_toggle_labels(tree, "es"), fold["prompt_show"]
    (1, 'Mostrar el código de la celda')
    """
    if lang == sitebuild.LANGUAGES[0]:
        return 0
    words = {label: tr(label, lang) for label in TOGGLE_LABELS}
    changed = 0
    for node in doctree.findall(lambda n: hasattr(n, "get") and n.get("prompt_show") is not None):
        for key in ("prompt_show", "prompt_hide"):
            if node[key] in words:
                node[key] = words[node[key]]
                changed += 1
    return changed // 2


def _translate_toggles(app: Any, doctree: Any, _docname: str) -> None:
    translate_toggle_labels(doctree, app.config.language)


def setup(app: Any) -> dict[str, Any]:
    _patch_publish_msgstr()
    # after myst-nb's HideInputCells post-transform has made the folded cells
    app.connect("doctree-resolved", _translate_toggles)
    app.add_transform(KeepEngineOutputs)
    app.add_transform(DocstringsAsWritten)
    app.connect("config-inited", _config_inited)
    app.connect("builder-inited", _own_execute_folder, priority=600)  # after myst-nb's (500)
    app.connect("html-page-context", _on_page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
