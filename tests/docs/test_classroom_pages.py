"""The classroom pages: the student's page on handing in a paper, the teacher's guide, and the
printable rules card each language's site serves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sitecheck import parse_page

from bacara_teach.exercises.printing import rules_card_html

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("lang", "folder"), [("en", ""), ("es", "es")])
def test_each_site_serves_the_rules_card_the_engine_makes(site_dir: Path, lang: str, folder: str) -> None:
    card = site_dir / folder / "_static" / "rules-card.html"
    assert (card.parent / "favicon.svg").is_file()  # the icon the card names, beside it
    assert card.read_text(encoding="utf-8") == rules_card_html(lang, icon="favicon.svg")


@pytest.mark.parametrize(("folder", "lite"), [("", "lite/tree/index.html"), ("es", "../lite/tree/index.html")])
def test_the_students_page_links_the_live_file_browser_and_the_rules_card(
        site_dir: Path, folder: str, lite: str) -> None:
    page_path = site_dir / folder / "handing-in.html"
    hrefs = {a.attrs.get("href") for a in parse_page(page_path).find_all("a")}
    assert lite in hrefs and "_static/rules-card.html" in hrefs
    assert (page_path.parent / lite).resolve().is_file()
    assert (page_path.parent / "_static" / "rules-card.html").is_file()


def test_the_teachers_guide_is_the_projects_guide(site_dir: Path) -> None:
    html = (site_dir / "teachers.html").read_text(encoding="utf-8")
    guide = (ROOT / "exercises" / "README.md").read_text(encoding="utf-8")
    headings = [line.lstrip("#").strip() for line in guide.splitlines() if line.startswith("## ")]
    assert headings and all(h.split("`")[0].strip() in html for h in headings)
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "--format canvas" in text and "Points Possible" in text and "rules-card.en.html" in text


def test_the_exercises_page_links_both_classroom_pages(site_dir: Path) -> None:
    hrefs = {a.attrs.get("href") for a in parse_page(site_dir / "exercises.html").find_all("a")}
    assert {"handing-in.html", "teachers.html"} <= hrefs
