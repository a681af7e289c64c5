"""What a reader meets first and looks things up with, in the built site of each language: the
course's name, the course path with each chapter's reading time, the rules one click from every
page, the reference read as tables and sentences, and the index entries search answers from."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

import front_door
import pytest
import sitebuild
from sitecheck import Element, parse_page

from bacara_teach.text import tr

pytestmark = pytest.mark.docs

LANGS = sitebuild.LANGUAGES
RULES_LINKS = ("reference/rules-punto-banco.html", "reference/rules-chemin-de-fer.html",
               "_static/rules-card.html", "reference/glossary.html")
READ_WITHOUT_CODE = ("reference/rules-punto-banco", "reference/rules-chemin-de-fer",
                     "reference/index", "reference/faq", "reference/glossary")
"""Reference pages about the rules: tables and sentences, no code."""


def _folder(site: Path, lang: str) -> Path:
    return sitebuild.site_folder(site, lang)


def _pages(site: Path, lang: str) -> list[str]:
    folder = _folder(site, lang)
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.html")
                  if not {"_static", "lite", "_sources", *LANGS[1:]} & set(p.relative_to(folder).parts)
                  and p.name not in ("search.html", "genindex.html"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_site_is_named_after_the_course(site_dir: Path, lang: str) -> None:
    title = tr(front_door.COURSE_TITLE, lang)
    front = parse_page(_folder(site_dir, lang) / "index.html")
    assert front.find("title").text() == title
    assert front.find("article").find("h1").text().rstrip("#").strip() == title
    assert front.find("p", class_="logo__title").text() == title
    chapter = parse_page(_folder(site_dir, lang) / "chapters" / "odds.html")
    assert chapter.find("title").text().endswith(f"— {title}")
    assert "bacara_teach" not in chapter.find("title").text()


@pytest.mark.parametrize("lang", LANGS)
def test_the_footer_names_the_course_authors_in_the_pages_language(site_dir: Path, lang: str) -> None:
    authors = tr(front_door.COURSE_AUTHORS, lang)
    for page in ("index.html", "chapters/odds.html", "teachers.html"):
        footer = " ".join(f.text() for f in parse_page(_folder(site_dir, lang) / page).find_all("footer"))
        assert authors in footer, (page, footer)
        assert "bacara_teach" not in footer and "developers" not in footer, (page, footer)


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_are_one_click_from_every_page(site_dir: Path, lang: str) -> None:
    folder = _folder(site_dir, lang)
    names = _pages(site_dir, lang)
    assert len(names) >= 25
    for name in names:
        nav = parse_page(folder / name).find("nav", class_="bt-rules-links")
        # (Sphinx links a page to itself as "#")
        hrefs = [name if a.attrs["href"] == "#" else
                 posixpath.normpath(posixpath.join(posixpath.dirname(name), a.attrs["href"]))
                 for a in nav.find_all("a")]
        assert hrefs == list(RULES_LINKS), name
        for href in hrefs:
            assert (folder / href).is_file(), (name, href)
        assert nav.find("p").text() == tr(front_door.LOOK_UP, lang)
    # each link is named as its page is titled in the page's language
    nav = parse_page(folder / "index.html").find("nav", class_="bt-rules-links")
    words = [a.text() for a in nav.find_all("a")]
    for href, word in zip(RULES_LINKS, words, strict=True):
        if href.endswith("rules-card.html"):
            assert word == tr(front_door.RULES_CARD_LINK, lang)
        else:
            assert parse_page(folder / href).find("article").find("h1").text().rstrip("#").strip() == word


@pytest.mark.parametrize("lang", LANGS)
def test_the_course_path_lists_every_chapter_in_order_with_its_reading_time(
        site_dir: Path, lang: str) -> None:
    folder = _folder(site_dir, lang)
    front = parse_page(folder / "index.html")
    path = front.find("ol", class_="bt-course-path")
    items = path.children_of("li")
    hrefs = [item.find("a").attrs["href"] for item in items]
    # the same chapters, in the same order, as the course's table of contents in the sidebar
    sidebar = front.find("nav", class_="bd-docs-nav")
    course = [a.attrs["href"] for a in sidebar.find_all("a")
              if a.attrs.get("href", "").startswith("chapters/")]
    assert hrefs == list(dict.fromkeys(course))
    assert len(hrefs) >= 12
    minutes = []
    for item, href in zip(items, hrefs, strict=True):
        chapter = parse_page(folder / href)
        assert item.find("a").text() == chapter.find("article").find("h1").text().rstrip("#").strip()
        said = item.find("span", class_="bt-reading-time").text()
        number = int(re.search(r"\d+", said).group())  # type: ignore[union-attr]
        assert said == tr(front_door.READING_TIME, lang, minutes=number)
        assert number % 5 == 0 and number >= 5
        minutes.append((number, _read_words(chapter.find("article")), href))
    # a longer chapter never reads faster than a much shorter one
    for short in minutes:
        for long in minutes:
            if long[1] > 2 * short[1]:
                assert long[0] >= short[0], (short, long)


def _read_words(element: Element) -> int:
    """The words a reader reads, as the reading time counts them: not code, not the HTML a
    cell shows (practice, boards) and the data its script reads."""
    if element.tag in ("pre", "script") or "text_html" in element.classes:
        return 0
    return sum(_read_words(c) if isinstance(c, Element) else len(c.split()) for c in element.children)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", READ_WITHOUT_CODE)
def test_reference_pages_read_as_tables_and_sentences(site_dir: Path, lang: str, page: str) -> None:
    article = parse_page(_folder(site_dir, lang) / f"{page}.html").find("article")
    assert article.find_all("div", class_="cell_input") == []
    # no code block either (what a cell prints, the engine's answers, is no code)
    outputs = {id(e) for cell in article.find_all("div", class_="cell_output") for e in cell.iter()}
    assert [e for e in article.find_all("div", class_="highlight") if id(e) not in outputs] == []
    assert article.find_all("p")  # sentences, and the tables the page has


def _search_index(site: Path, lang: str) -> dict[str, object]:
    text = (_folder(site, lang) / "searchindex.js").read_text(encoding="utf-8")
    data: dict[str, object] = json.loads(text[text.index("(") + 1:text.rindex(")")])
    return data


def test_index_entries_are_in_each_language(site_dir: Path) -> None:
    english = _search_index(site_dir, "en")["indexentries"]
    spanish = _search_index(site_dir, "es")["indexentries"]
    assert isinstance(english, dict) and isinstance(spanish, dict)
    assert "third card" in english and "tercera carta" in spanish
    assert "tercera carta" not in english and "third card" not in spanish
    # the interface's own entries stay as its docstrings are, in English
    assert any("bacara_teach.punto_banco" in entry for entry in spanish)


def test_the_printed_summaries_leave_out_only_what_they_say(site_dir: Path) -> None:
    for lang in LANGS:
        page = parse_page(_folder(site_dir, lang) / "reference" / "rules-punto-banco.html")
        marked = [s for s in page.find_all("section") if "bt-print-one-page" in s.classes]
        skipped = {s.attrs["id"] for s in page.find_all("section") if "bt-print-skip" in s.classes}
        assert len(marked) == 1
        assert skipped == {"what-a-bet-is-paid-at-each-table", "notes-and-assumptions", "check-yourself"}


