"""The course reads like a course: the machinery is out of sight, every picture says in words
what it shows, and the heat map of Banco's choices shows the engine's own figures.

Read from the built pages of both languages.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from sitecheck import Element, parse_page

from bacara_teach.analysis.banco_cells import banco_draw_gains
from bacara_teach.text import format_number

pytestmark = pytest.mark.docs

LANGS = ("", "es/")
PLUMBING = re.compile(
    r"^\s*(?:from\s+\S+\s+import\b|import\s+\w)"  # an import line
    r"|\b(?:pick|html_table|HTML|Markdown|glue|escape|two_card_totals_html)\(",  # a helper's call
    re.MULTILINE,
)
ENGLISH_TOGGLES = ("Show code cell", "Hide code cell", "Click to show", "Click to hide",
                   "Show code", "Hide code")


def _chapters(site: Path, prefix: str) -> list[Path]:
    found = sorted((site / prefix / "chapters").glob("*.html"))
    assert found, f"no chapters under {site / prefix}"
    return found


def _visible_inputs(page: Element) -> list[str]:
    """The source of every code cell a reader sees without opening anything."""
    sources = []
    for cell in page.find_all("div", class_="cell"):
        if {"tag_hide-input", "tag_remove-input"} & set(cell.classes):
            continue
        for block in cell.find_all("div", class_="cell_input"):
            sources.append(block.text() if not block.find_all("pre") else
                           "\n".join(_raw(pre) for pre in block.find_all("pre")))
    return sources


def _raw(element: Element) -> str:
    return "".join(c if isinstance(c, str) else _raw(c) for c in element.children)


@pytest.mark.parametrize("prefix", LANGS)
def test_no_visible_code_cell_on_a_course_page_is_plumbing(site_dir: Path, prefix: str) -> None:
    offending = []
    for path in _chapters(site_dir, prefix):
        for source in _visible_inputs(parse_page(path)):
            match = PLUMBING.search(source)
            if match:
                offending.append(f"{path.name}: {match.group(0).strip()!r} in {source[:80]!r}")
    assert offending == []


REPR = re.compile(r"^\s*(?:[\[({<]|[A-Z]\w*\(|-?\d+(?:\.\d+)?\s*$|True\s*$|False\s*$)")
"""Output that is Python's own picture of a value (a tuple, a dict, ``Counter(...)``,
``Fraction(...)``, a bare number), not a sentence, a table or a picture."""


@pytest.mark.parametrize("prefix", LANGS)
def test_a_reader_who_folds_the_code_meets_no_python_value(site_dir: Path, prefix: str) -> None:
    # Where a cell shows a value as Python writes it, the value belongs to the code: the cell is
    # tagged code-output, and folding the code folds that output too (the prose says it in words).
    offending = []
    for path in _chapters(site_dir, prefix):
        for cell in parse_page(path).find_all("div", class_="cell"):
            if "tag_code-output" in cell.classes or "tag_remove-output" in cell.classes:
                continue
            for output in cell.find_all("div", class_="cell_output"):
                for pre in output.find_all("pre"):
                    if REPR.match(pre.text()):
                        offending.append(f"{path.name}: {pre.text()[:80]!r}")
    assert offending == []


def _code_comments(page: Element) -> set[str]:
    """The comments of every code cell's input on a built page (opened or not)."""
    from code_comments import comments

    found: set[str] = set()
    for block in page.find_all("div", class_="cell_input"):
        for pre in block.find_all("pre"):
            found.update(text for _, _, text in comments(_raw(pre)))
    return found


def test_the_code_comments_read_in_the_pages_language(site_dir: Path) -> None:
    english = {path.name: _code_comments(parse_page(path)) for path in _chapters(site_dir, "")}
    spanish = {path.name: _code_comments(parse_page(path)) for path in _chapters(site_dir, "es/")}
    assert sum(map(len, english.values())) >= 15  # the chapters' code does carry comments
    left = {name: sorted(english[name] & spanish.get(name, set())) for name in english}
    assert {name: words for name, words in left.items() if words} == {}


@pytest.mark.parametrize("prefix", LANGS)
def test_every_picture_on_a_course_page_has_a_text_alternative(site_dir: Path, prefix: str) -> None:
    pictures = 0
    for path in _chapters(site_dir, prefix):
        main = parse_page(path).find("main")
        for svg in main.find_all("svg"):
            if svg.attrs.get("aria-hidden") == "true":
                continue  # an icon, or a card face inside a labelled card
            assert svg.attrs.get("role") == "img", f"{path.name}: an <svg> without role='img'"
            titles = svg.children_of("title")
            assert titles and titles[0].text(), f"{path.name}: an <svg> without a title"
            descs = svg.children_of("desc")
            assert descs and descs[0].text(), f"{path.name}: {titles[0].text()!r} has no description"
            pictures += 1
    # card faces aside: two flowcharts, the Chemin de Fer table, five charts, the heat map
    assert pictures >= 9


@pytest.mark.parametrize("prefix", LANGS)
def test_the_heat_map_shows_the_engines_draw_minus_stand_figures(site_dir: Path, prefix: str) -> None:
    page = parse_page(site_dir / prefix / "chapters" / "third-card-rule.html")
    cells = page.find_all("g", class_="bt-heat-cell")
    shown = {}
    for cell in cells:
        third = cell.attrs["data-third"]
        key = (int(cell.attrs["data-total"]), int(third) if third else None)
        shown[key] = Fraction(cell.attrs["data-gain"])
        # the figure each cell shows, in the page's number conventions (+46,20 in Spanish)
        assert cell.find("text").text() == format_number(float(shown[key]) * 100, "+.2f",
                                                         "es" if prefix else "en")
    assert shown == banco_draw_gains(8)


def test_spanish_pages_show_no_english_toggle_labels(site_dir: Path) -> None:
    found = []
    for path in sorted((site_dir / "es").rglob("*.html")):
        if {"lite", "_static", "_sources"} & set(path.relative_to(site_dir).parts):
            continue
        text = parse_page(path).find("main").text() if "<main" in path.read_text(encoding="utf-8") else ""
        found += [f"{path.name}: {label}" for label in ENGLISH_TOGGLES if label in text]
    assert found == []


@pytest.mark.parametrize("prefix", LANGS)
def test_cards_are_shown_as_labelled_card_faces(site_dir: Path, prefix: str) -> None:
    page = parse_page(site_dir / prefix / "chapters" / "third-card-rule.html")
    cards = page.find_all("span", class_="bt-card")
    assert cards
    for card in cards:
        assert card.attrs["role"] == "img" and card.attrs["aria-label"]
        assert card.find("svg").attrs["aria-hidden"] == "true"
        assert card.find_all("g", class_="bt-card-face")
