"""What a reader meets first and looks things up with: the course's name, the path through
the course, the links to the rules on every page, and pages that print on one sheet.

* The site is named after the course, in the build's language (:data:`COURSE_TITLE`, an
  entry of the engine's catalogue): the header, the browser's title and the front page's
  heading say it, not the package's name; the footer's copyright line names the course's
  authors in that language.
* ``{course-path}`` on the front page lists the course's chapters in the order of its
  table of contents, each with its title in the page's language and the time it takes to
  read, counted from the chapter's own words when the site is built.
* The code of the pages is folded until the reader presses "Show the code" in the article's
  header (``_templates/code-switch.html``, ``_static/code-fold.js``): one switch for every
  page, remembered on the device, shown only on a page that has code.
* Every page's sidebar links to the rules summaries, the printable rules card and the
  glossary (``_templates/rules-links.html``), named as their pages are in the page's language.
* The index entries of the pages are translated like their prose; those Sphinx makes for the
  programming interface's objects stay out of the catalogues, as its docstrings do.
* A page whose front matter says ``print: one-page`` is marked for the print styles of
  ``_static/front.css``, which put it on one A4 sheet (in two columns with
  ``print-columns: 2``); its opening paragraphs and the sections named under ``print-skip``
  (worked examples, notes, questions) stay on screen only.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from bacara_teach.text import N_, tr

COURSE_TITLE = N_("Baccarat, rule by rule")
"""The course's name: the site's title in every language."""

COURSE_AUTHORS = N_("the authors of this course")
"""Who holds the course's copyright, as its footer says it (the footer names no package and
says no "By": the page is the course's own)."""

CODE_SWITCH = N_("Show the code")
"""The switch that shows (pressed) or folds the code of every page."""
CODE_SWITCH_TITLE = N_("Show or fold the code of every page; this device remembers the choice")

READING_TIME = N_("about {minutes} min")
"""How long a chapter takes to read, on the front page's course path."""

WORDS_PER_MINUTE = 180
"""A steady reading pace for a text with tables and worked examples (plain prose reads
faster; the estimate leaves room for looking at the tables)."""

COURSE_FOLDER = "chapters/"
"""The course's chapters; the root's table of contents lists them in reading order."""

LOOK_UP = N_("Look up a rule")
"""The heading of the rules' links in every page's sidebar (and of the front page's way in)."""

RULES_CARD_LINK = N_("The rules card, to print")
"""The link to the printable rules card (``_static/rules-card.html``, docs/_ext/rules_card.py)."""

RULES_PAGES = ("reference/rules-punto-banco", "reference/rules-chemin-de-fer")
LOOK_UP_PAGES = ("reference/glossary",)

INTERFACE_PAGES = ("reference/api",)
"""Pages made of the engine's docstrings, published as written (see site_languages)."""

ONE_PAGE_CLASS = "bt-print-one-page"
SKIP_CLASS = "bt-print-skip"
TWO_COLUMNS_CLASS = "bt-print-two-columns"


def reading_minutes(words: int) -> int:
    """Minutes to read ``words`` words, rounded up to the next 5 (at least 5).

    >>> reading_minutes(100), reading_minutes(900), reading_minutes(901), reading_minutes(2700)
    (5, 5, 10, 15)
    """
    return max(5, 5 * math.ceil(words / WORDS_PER_MINUTE / 5))


def reading_words(doctree: nodes.Node) -> int:
    """The words a reader reads on a page: its text, tables and outputs, not its code.

    >>> from docutils.core import publish_doctree
    >>> reading_words(publish_doctree("A title\\n=======\\n\\nTwo words.\\n\\n::\\n\\n  code is not read"))
    4
    """
    skipped = (nodes.literal_block, nodes.raw, nodes.comment)
    count = 0
    for text in doctree.findall(nodes.Text):
        if any(isinstance(parent, skipped) for parent in _ancestors(text)):
            continue
        count += len(text.astext().split())
    return count


def _ancestors(node: nodes.Node) -> Iterable[nodes.Node]:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


class course_path(nodes.General, nodes.Element):  # type: ignore[misc]
    """Where the course's path goes; filled in once every chapter has been read."""


class CoursePath(SphinxDirective):  # type: ignore[misc]
    """``{course-path}``: the course's chapters in order, each with its reading time."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        return [course_path()]


def course_chapters(env: Any) -> list[str]:
    """The chapters of the course, in the order the root's table of contents gives them."""
    return [doc for doc in env.toctree_includes.get(env.config.root_doc, [])
            if doc.startswith(COURSE_FOLDER)]


def _fill_course_path(app: Any, doctree: nodes.document, docname: str) -> None:
    env = app.env
    lang = app.config.language
    for placeholder in list(doctree.findall(course_path)):
        path = nodes.enumerated_list(classes=["bt-course-path"])
        for chapter in course_chapters(env):
            minutes = reading_minutes(reading_words(env.get_doctree(chapter)))
            link = nodes.reference("", env.titles[chapter].astext(), internal=True,
                                   refuri=app.builder.get_relative_uri(docname, chapter))
            time = nodes.inline("", tr(READING_TIME, lang, minutes=minutes),
                                classes=["bt-reading-time"])
            path += nodes.list_item("", nodes.paragraph("", "", link, nodes.Text(" "), time))
        placeholder.replace_self(path)


def _print_marks(app: Any, doctree: nodes.document, docname: str) -> None:
    """Mark a ``print: one-page`` page and the sections it leaves out when printed."""
    meta = app.env.metadata.get(docname, {})
    if meta.get("print") != "one-page":
        return
    skipped = {name.strip() for name in str(meta.get("print-skip", "")).split(",") if name.strip()}
    found: set[str] = set()
    first = next(iter(doctree.findall(nodes.section)), None)
    if first is not None:
        first["classes"].append(ONE_PAGE_CLASS)
        if str(meta.get("print-columns", "1")).strip() == "2":
            first["classes"].append(TWO_COLUMNS_CLASS)
    for section in doctree.findall(nodes.section):
        names = set(section["ids"]) & skipped
        if names:
            section["classes"].append(SKIP_CLASS)
            found |= names
    if skipped - found:
        raise ValueError(f"{docname}: print-skip names no section {sorted(skipped - found)} "
                         f"(its sections: {sorted(i for s in doctree.findall(nodes.section) for i in s['ids'])})")


def _interface_entries_untranslated(app: Any, doctree: nodes.document) -> None:
    """Leave the interface's own index entries out of the message templates."""
    if app.builder.name == "gettext" and app.env.docname in INTERFACE_PAGES:
        for entry in list(doctree.findall(addnodes.index)):
            entry.parent.remove(entry)


def _front_page_outdated(_app: Any, env: Any, added: set[str], changed: set[str],
                         _removed: set[str]) -> list[str]:
    """The front page lists every chapter's title and time: write it again when one changed."""
    root = env.config.root_doc
    return [root] if (added | changed) - {root} else []


def _named_after_the_course(_app: Any, config: Any) -> None:
    title = tr(COURSE_TITLE, config.language)
    config.project = title
    config.html_title = title
    config.author = config.copyright = tr(COURSE_AUTHORS, config.language)
    options = dict(config.html_theme_options)
    options["logo"] = {**options.get("logo", {}), "text": title}
    options["footer_content_items"] = ["copyright.html", "last-updated.html", "extra-footer.html"]
    config.html_theme_options = options


def _page_context(app: Any, pagename: str, _template: str, context: dict[str, Any],
                  _doctree: Any) -> None:
    # The front page's heading is the course's name: its browser title says it once.
    if pagename == app.config.root_doc:
        context["docstitle"] = ""
    pathto = context.get("pathto")
    if pathto is None:
        return
    lang = app.config.language
    titles = app.env.titles
    # (a partial build, as the pseudo-language test makes, may leave some of them out)
    links = [(pathto(doc), titles[doc].astext()) for doc in RULES_PAGES if doc in titles]
    links.append((pathto("_static/rules-card.html", 1), tr(RULES_CARD_LINK, lang)))
    links += [(pathto(doc), titles[doc].astext()) for doc in LOOK_UP_PAGES if doc in titles]
    context["bt_rules_links"] = links
    context["bt_rules_links_title"] = tr(LOOK_UP, lang)
    context["bt_code_switch"] = {"label": tr(CODE_SWITCH, lang), "title": tr(CODE_SWITCH_TITLE, lang)}


# -- index entries an incremental build would lose -----------------------------------------------
def kept_index_entries(frozen: dict[str, Any], keep: set[str]) -> dict[str, list[tuple[str, str, str]]]:
    """The index entries of the pages in ``keep``, read back from a frozen search index (the
    ``searchindex.js`` an earlier build wrote), as Sphinx's indexer holds them.

    >>> frozen = {"docnames": ["odds", "roads"],
    ...           "indexentries": {"house edge": [[0, "index-0", True]], "big road": [[1, "x", False]]}}
    >>> kept_index_entries(frozen, {"roads"})
    {'roads': [('big road', 'x', '')]}
    """
    names = frozen.get("docnames", ())
    kept: dict[str, list[tuple[str, str, str]]] = {}
    for entry, places in frozen.get("indexentries", {}).items():
        for index, target, main in places:
            if 0 <= index < len(names) and names[index] in keep:
                kept.setdefault(names[index], []).append((entry, target, "main" if main else ""))
    return {name: sorted(entries) for name, entries in kept.items()}


def _keep_index_entries(app: Any) -> list[Any]:
    """Put back the index entries of the pages this build did not write again.

    Sphinx's search index forgets the index entries of the pages an incremental build leaves
    alone (sphinx-doc/sphinx#12599: the entries are kept in the environment only after it has
    been saved, and not read back from the previous index), so a rule question a page's
    ``{index}`` lines answer could miss it after a second ``nox -s serve``.  Called when the
    pages are written and before the index is, it reads them back from the previous index.
    """
    indexer = getattr(app.builder, "indexer", None)
    if indexer is None:
        return []
    path = Path(app.builder.outdir) / app.builder.searchindex_filename
    try:
        from sphinx.search import js_index

        frozen = js_index.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    # a page written again has been fed to the index anew: its entries stay as they are now
    for name, entries in kept_index_entries(frozen, set(app.env.all_docs)).items():
        indexer._index_entries.setdefault(name, entries)  # noqa: SLF001 - see the docstring
    return []


def setup(app: Any) -> dict[str, Any]:
    app.add_node(course_path)
    app.add_directive("course-path", CoursePath)
    app.connect("config-inited", _named_after_the_course)
    app.connect("doctree-resolved", _fill_course_path)
    app.connect("doctree-resolved", _print_marks)
    app.connect("doctree-read", _interface_entries_untranslated)
    app.connect("env-get-outdated", _front_page_outdated)
    app.connect("html-page-context", _page_context)
    app.connect("html-collect-pages", _keep_index_entries)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
