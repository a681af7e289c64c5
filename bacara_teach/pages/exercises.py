"""The exercises page: the practice papers, each opening in the live notebooks in the
page's language.

>>> html = papers_html("en")
>>> "<caption>Practice papers: one per assignment</caption>" in html
True
>>> "href='lite/notebooks/index.html?path=exercises/third-card.ipynb'" in html
True
"""

from __future__ import annotations

from html import escape

from bacara_teach.i18n import resolve_language
from bacara_teach.text import SOURCE_LANGUAGE, tr

__all__ = ["language_folder", "papers_html", "site_root"]


def language_folder(lang: str | None = None) -> str:
    """The folder of ``lang``'s pages (and papers) below the site's root: none for the
    source language, one named by its code for every other.

    >>> language_folder("en"), language_folder("es")
    ('', 'es/')
    """
    code = resolve_language(lang)
    return "" if code == SOURCE_LANGUAGE else f"{code}/"


def site_root(lang: str | None = None, depth: int = 0) -> str:
    """The relative way from a page of ``lang``, ``depth`` folders below its language's
    first page, up to the site's root, where the one in-browser Python app is.

    >>> site_root("en"), site_root("es"), site_root("es", depth=1)
    ('', '../', '../../')
    """
    return "../" * (depth + language_folder(lang).count("/"))


def papers_html(lang: str | None = None) -> str:
    """The table of practice papers: one per assignment, its link opening the paper live."""
    from bacara_teach.exercises import ASSIGNMENTS

    lang = resolve_language(lang)
    lite = site_root(lang) + "lite/notebooks/index.html"
    papers = language_folder(lang) + "exercises"
    rows = []
    for assignment in ASSIGNMENTS.values():
        href = f"{lite}?path={papers}/{assignment.name}.ipynb"
        rows.append(
            "<tr>"
            f"<td><a class='bt-live-link' href='{escape(href)}'>"
            f"{escape(assignment.title_text(lang))}</a></td>"
            f"<td><code>{escape(assignment.name)}</code></td>"
            f"<td>{assignment.question_count}</td><td>{assignment.maximum}</td>"
            "</tr>"
        )
    caption = tr("Practice papers: one per assignment", lang)
    columns = (tr("Paper (opens live)", lang), tr("Assignment", lang), tr("Questions", lang),
               tr("Points", lang))
    return (f"<table class='bt-table'><caption>{escape(caption)}</caption><thead><tr>"
            + "".join(f"<th scope='col'>{escape(column)}</th>" for column in columns)
            + f"</tr></thead><tbody>{''.join(rows)}</tbody></table>")
