"""The French site (``fr/``), read as a French reader reads it: no English sentence of our own
messages left on a page, and every number in the French form (``20 000``, ``0,95``,
``45,32 %``, with the narrow no-break space CLDR gives French).

French is data: the pages' catalogues in ``docs/locales/fr``, the engine's in
``bacara_teach/locale/fr`` and an entry in ``languages.json``.  The English left on a page is
found as the pseudo-language test finds it, from our own messages: a run of four words of an
English message (the pages' templates and the engine's) that no French translation contains is
a sentence that bypassed the catalogues.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
import sitebuild
from sitecheck import Element, pages, parse_page

from bacara_teach.text import format_number

pytestmark = pytest.mark.docs

FRENCH = "fr"
NNBSP, NBSP = "\u202f", "\u00a0"
SKIPPED = {"genindex.html", "search.html", "py-modindex.html", "reference/api.html"}
"""Indexes, and the programming interface (the engine's docstrings, published as written)."""

MACHINE = frozenset({"pre", "code", "kbd", "samp", "script", "style", "svg", "textarea"})
"""Elements whose text is code or machine output, not prose."""

BLOCKS = frozenset({"p", "li", "td", "th", "dt", "dd", "caption", "figcaption", "h1", "h2", "h3",
                    "h4", "h5", "h6", "div", "section", "summary", "button", "label", "option"})
"""Elements whose text reads on its own: a run of words never spans two of them."""

WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿŒœ]+")
RUN = 4


def _prose(element: Element) -> str:
    """What a reader reads as prose, a line per block: code, machine output, card faces and
    the code cells' sources left out."""
    if element.tag in MACHINE or {"cell_input", "bt-card", "highlight"} & set(element.classes):
        return " "
    inner = " ".join(child if isinstance(child, str) else _prose(child)
                     for child in element.children)
    return f"\n{inner}\n" if element.tag in BLOCKS else inner


def _runs(text: str) -> set[tuple[str, ...]]:
    """Every run of ``RUN`` words (of two letters or more) within a line of ``text``."""
    found = set()
    for line in text.splitlines():
        words = [w.lower() for w in WORD.findall(line) if len(w) > 1]
        found |= {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}
    return found


def _catalogue_texts(lang: str | None) -> list[str]:
    """The English messages (``lang`` None) or the translations into ``lang``, of the pages'
    templates and of the engine."""
    from babel.messages.pofile import read_po

    root = sitebuild.DOCS.parent
    if lang is None:
        files = [*sitebuild.TEMPLATES.rglob("*.pot"), root / "bacara_teach/locale/bacara_teach.pot"]
    else:
        files = [*(sitebuild.DOCS / "locales" / lang).rglob("*.po"),
                 root / f"bacara_teach/locale/{lang}/LC_MESSAGES/bacara_teach.po"]
    texts = []
    for path in files:
        with path.open("rb") as handle:
            for entry in read_po(handle):
                if not entry.id:
                    continue
                value = entry.id if lang is None else entry.string
                texts += [value] if isinstance(value, str) else [v for v in value if v]
    return texts


@cache
def english_runs() -> frozenset[tuple[str, ...]]:
    """Runs of words of our English messages that no French translation has."""
    english = set().union(*(_runs(t) for t in _catalogue_texts(None)))
    french = set().union(*(_runs(t) for t in _catalogue_texts(FRENCH)))
    return frozenset(english - french)


def french_pages(site: Path) -> list[str]:
    folder = sitebuild.site_folder(site, FRENCH)
    return sorted(name for p in pages(folder)
                  if (name := p.relative_to(folder).as_posix()) not in SKIPPED
                  and not name.startswith(("lite/", "_static/", "_sources/")))


def _said(site: Path, name: str) -> str:
    main = parse_page(sitebuild.site_folder(site, FRENCH) / name).find("main")
    return "\n".join(re.sub(r"[ \t\r]+", " ", line).strip()
                     for line in _prose(main).splitlines() if line.strip())


def test_every_page_has_a_french_twin(site_dir: Path) -> None:
    names = french_pages(site_dir)
    assert "index.html" in names and "chapters/worked-examples.html" in names
    english = {p.relative_to(site_dir).as_posix() for p in pages(site_dir)}
    assert set(names) <= english


def test_no_french_page_shows_a_sentence_of_our_english_messages(site_dir: Path) -> None:
    runs = english_runs()
    assert len(runs) > 1000
    left = {}
    for name in french_pages(site_dir):
        found = _runs(_said(site_dir, name)) & runs
        if found:
            left[name] = sorted(" ".join(r) for r in found)[:5]
    assert not left, f"{len(left)} French page(s) with English left: {left}"


ENGLISH_NUMBER = re.compile(
    r"(?<![\d+\u2212.,])\d{1,3}(?:,\d{3}){2,}(?![\d%\u202f\u00a0])"  # 1,234,567: English
    r"|(?<![\d.])\d+\.\d+(?![\d.])"                                 # 0.95, 1.234: a point
    r"|\d%"                                                         # 45%: no space before %
    r"|\d[ \u00a0]%"                                                # 45 %: not the narrow space
    r"|(?<!\d)\d{1,3}(?:\u00a0\d{3})+(?!\d)")                      # 20 000: not the narrow space
"""A number a French reader would not write: grouped with a comma or a point, a decimal
point, ``%`` without the narrow no-break space CLDR gives French, or thousands grouped with
the wide no-break space.  A comma before three digits (``5,283``) is a French decimal as
well as an English group: only a number with two groups (``1,234,567``) counts as English."""

VERSIONS = re.compile(r"\b(?:Linux|Python|ABI|Landlock|Pyodide|v)\s?[^\d;]{0,20}\d+(?:\.\d+)+\+?"
                      r"|\b\d+\.\d+(?= ou (?:plus récent|ultérieure?))")
"""Version numbers, which keep their points in every language."""


@pytest.mark.parametrize("lang", [FRENCH])
def test_the_number_patterns_tell_french_from_english(lang: str) -> None:
    for french in (format_number(20000, ",", lang), format_number(0.95, "", lang),
                   format_number(0.4532, ".2%", lang), format_number(-1234.5, ",.1f", lang)):
        assert not ENGLISH_NUMBER.search(french), french
    for english in ("20,000,000", "0.95", "45.32%", "45 %", "20\u00a0000", "1.234"):
        assert ENGLISH_NUMBER.search(english), english


def test_every_chapter_writes_its_numbers_the_french_way(site_dir: Path) -> None:
    names = [n for n in french_pages(site_dir) if n.startswith(("chapters/", "reference/"))
             or n in ("index.html", "practice.html", "exercises.html", "teachers.html",
                      "handing-in.html")]
    assert len([n for n in names if n.startswith("chapters/")]) >= 10
    wrong = {}
    for name in names:
        text = VERSIONS.sub(" ", re.sub(r"https?://\S+", " ", _said(site_dir, name)))
        found = [text[max(0, m.start() - 30):m.end() + 10] for m in ENGLISH_NUMBER.finditer(text)]
        if found:
            wrong[name] = found[:4]
    assert not wrong, f"{len(wrong)} French page(s) with numbers not in French form: {wrong}"


def test_large_counts_are_grouped_with_a_narrow_no_break_space(site_dir: Path) -> None:
    text = _said(site_dir, "chapters/odds.html")
    grouped = re.findall(r"(?<![\d,])\d{1,3}(?:\u202f\d{3})+(?![\d,])", text)
    assert grouped, "no grouped count on the French odds page"
    assert all(format_number(int(g.replace(NNBSP, "")), ",", FRENCH) == g for g in grouped)
    assert re.search(r"\d,\d+\u202f%", text), "no French percentage on the odds page"
