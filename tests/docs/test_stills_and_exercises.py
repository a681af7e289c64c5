"""Widgets on the built pages work without a kernel; the exercises open in the lite app.

A chapter's widget cell shows, on the static page, the widget's kernel-free view (its data
from the engine, read by the site's practice scripts): no page shows a still whose buttons
look clickable and do nothing.  The exercises page links each practice paper to its copy in
the in-browser Python app, set to the Pyodide kernel.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from sitecheck import Element, parse_page

from bacara_teach.exercises import ASSIGNMENTS
from bacara_teach.practice.drill import drill_data, stepper_data
from bacara_teach.text import language_codes
from bacara_teach.widgets.home import scoreboard_data
from bacara_teach.widgets.online import online_table_data

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[2]

CHAPTERS = sorted(p.stem for p in (ROOT / "docs" / "chapters").glob("*.md"))


def _stills(root: Element) -> list[Element]:
    return root.find_all("div", class_="bt-still")


def _text(element: Element) -> str:
    return " ".join(element.text().split())


@pytest.mark.parametrize("lang", language_codes())
def test_no_chapter_shows_a_still_that_looks_clickable(site_dir: Path, lang: str) -> None:
    assert len(CHAPTERS) > 10
    folder = site_dir if lang == "en" else site_dir / lang
    for chapter in CHAPTERS:
        page = parse_page(folder / "chapters" / f"{chapter}.html")
        assert _stills(page) == [], f"{lang} {chapter}: a still on the page"


# The drill's cell shows, on the static page, the page's own drill: its data, from the engine.
DRILLS = {"third-card-rule": "punto-banco", "chemin-de-fer": "chemin-de-fer"}


@pytest.mark.parametrize("lang", language_codes())
@pytest.mark.parametrize("chapter", sorted(DRILLS))
def test_the_chapter_holds_the_drill_with_the_engine_data(site_dir: Path, chapter: str,
                                                          lang: str) -> None:
    folder = site_dir if lang == "en" else site_dir / lang
    page = parse_page(folder / "chapters" / f"{chapter}.html")
    drills = [d for d in page.find_all("div") if d.attrs.get("data-practice") == "tableau-drill"]
    assert len(drills) == 1, chapter
    assert drills[0].attrs.get("data-game") == DRILLS[chapter]
    (holder,) = drills[0].find_all("script")
    assert holder.attrs.get("type") == "application/json"
    assert json.loads(holder._raw_text()) == drill_data(DRILLS[chapter], lang)
    if chapter == "third-card-rule":
        assert _stills(page) == []  # the drill was the page's only widget
    html = (folder / "chapters" / f"{chapter}.html").read_text(encoding="utf-8")
    assert "_static/practice.js" in html and "_static/practice.css" in html


@pytest.mark.parametrize("lang", language_codes())
def test_the_worked_examples_hold_the_stepper_with_the_engine_steps(site_dir: Path, lang: str) -> None:
    folder = site_dir if lang == "en" else site_dir / lang
    page = parse_page(folder / "chapters" / "worked-examples.html")
    (stepper,) = [d for d in page.find_all("div") if d.attrs.get("data-practice") == "coup-stepper"]
    (holder,) = stepper.find_all("script")
    assert json.loads(holder._raw_text()) == stepper_data("4♥ 2♠ 9♣ A♦ 8♦", lang)
    assert _stills(page) == []


# The scoreboard's and the online table's cells show, on the static page, the working view:
# the page's seeded session or table, its data from the engine.
TABLES: dict[str, tuple[str, Callable[[str], object]]] = {
    "home-session": ("home-scoreboard",
                     lambda lang: scoreboard_data(("Ana", "Luis", "Eva"), seed=3, lang=lang)),
    "paying-bets": ("online-table", lambda lang: online_table_data(balance="100", seed=7, lang=lang)),
}


@pytest.mark.parametrize("lang", language_codes())
@pytest.mark.parametrize("chapter", sorted(TABLES))
def test_the_chapter_holds_its_table_with_the_engine_data(site_dir: Path, chapter: str,
                                                          lang: str) -> None:
    folder = site_dir if lang == "en" else site_dir / lang
    page = parse_page(folder / "chapters" / f"{chapter}.html")
    kind, data = TABLES[chapter]
    (node,) = [d for d in page.find_all("div") if d.attrs.get("data-practice") == kind]
    (holder,) = node.find_all("script")
    assert json.loads(holder._raw_text()) == data(lang)
    assert _stills(page) == []  # no still that looks clickable
    html = (folder / "chapters" / f"{chapter}.html").read_text(encoding="utf-8")
    assert "_static/practice.js" in html and (site_dir / "_static" / f"practice-{kind}.js").is_file()


def test_no_page_loads_widget_javascript(site_dir: Path) -> None:
    for chapter in CHAPTERS:
        html = (site_dir / "chapters" / f"{chapter}.html").read_text(encoding="utf-8")
        assert "application/vnd.jupyter.widget-view+json" not in html
        assert "html-manager" not in html and "require.min.js" not in html


def test_exercises_page_links_every_practice_paper_to_the_lite_app(site_dir: Path) -> None:
    page = parse_page(site_dir / "exercises.html")
    links = {}
    for link in page.find_all("a", class_="bt-live-link"):
        href = link.attrs.get("href") or ""
        parts = urlsplit(href)
        assert parts.path == "lite/notebooks/index.html", href
        (path,) = parse_qs(parts.query)["path"]
        links[path] = _text(link)
    assert links == {f"exercises/{a.name}.ipynb": a.title for a in ASSIGNMENTS.values()}
    for path in links:
        served = json.loads((site_dir / "lite" / "files" / path).read_text(encoding="utf-8"))
        assert served["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel
        source = json.loads((ROOT / path).read_text(encoding="utf-8"))
        assert served["cells"] == source["cells"]
