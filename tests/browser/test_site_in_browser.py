"""The built site in a real browser: Debian's Chromium driven by Playwright.

The site is served by a plain static server on 127.0.0.1.  Every request the page
makes is recorded; any request to another host is aborted and fails the test, so the
site is checked to work with no CDN, web font or analytics.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_harness import Visit

from bacara_teach import PUNTO_BANCO, Coup
from bacara_teach.charts import COLUMNS

pytestmark = pytest.mark.browser

CHAPTER = "chapters/third-card-rule.html"
# RULES.md worked examples 1 and 2 as the chapter deals them; results come from the engine.
WORKED_EXAMPLES = ("4♥ 2♠ 9♣ A♦ 8♦", "4♥ 2♠ 9♣ A♦ 7♦ 5♣")


def test_chapter_renders_tableau_and_worked_examples_from_local_files_only(
    desktop: Visit, tmp_path: Path
) -> None:
    desktop.open(CHAPTER)
    page = desktop.page
    tables = page.locator("table.bt-tableau")
    assert tables.count() == 2 + len(WORKED_EXAMPLES)  # and the one beside the heat map
    first = tables.first
    assert first.is_visible()
    for total in range(8):
        row = first.locator("tbody tr").nth(total)
        shown = row.locator("td").all_inner_texts()
        expected = [PUNTO_BANCO.banker_decision(total, third).value for third in COLUMNS]
        assert [text.strip() for text in shown] == [
            {"draw": "draw", "stand": "stand", "choice": "free choice"}[e] for e in expected
        ]
    coups = page.locator("div.bt-coup")
    assert coups.count() == len(WORKED_EXAMPLES)
    for number, cards in enumerate(WORKED_EXAMPLES):
        block = coups.nth(number)
        assert block.is_visible()
        text = " ".join(block.inner_text().split())
        coup = Coup.from_cards(cards)
        for line in coup.narrate().split("\n"):
            assert line in text
        assert f"Winner: {coup.winner.value.capitalize()}" in text
    shot = tmp_path / "third-card-rule.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert shot.stat().st_size > 10_000
    desktop.assert_clean()


def test_the_language_switch_keeps_the_reader_on_the_same_page(desktop: Visit) -> None:
    desktop.open(CHAPTER)
    page = desktop.page
    page.get_by_role("link", name="Español").click()
    page.wait_for_url(f"**/es/{CHAPTER}")
    assert page.locator("html").get_attribute("lang") == "es"
    text = " ".join(page.locator("article").inner_text().split())
    for cards in WORKED_EXAMPLES:
        for line in Coup.from_cards(cards).narrate("es").splitlines():
            assert line in text
    caption = page.locator("table.bt-tableau caption").first.inner_text()
    assert caption.strip() == PUNTO_BANCO.title_text("es")
    page.get_by_role("link", name="English").click()
    page.wait_for_url(f"**/{CHAPTER}")
    assert "/es/" not in page.url
    assert page.locator("html").get_attribute("lang") == "en"
    desktop.assert_clean()


def test_every_page_loads_from_local_files_only(desktop: Visit, site_dir: Path) -> None:
    paths = sorted(
        path.relative_to(site_dir).as_posix() for path in site_dir.rglob("*.html")
        # the in-browser Python app under lite/ is checked by test_live.py
        if not {"_static", "_sources", "lite"} & set(path.relative_to(site_dir).parts)
    )
    assert "index.html" in paths
    for path in paths:
        desktop.open(path)
    desktop.assert_clean()


def test_search_finds_the_chapter(desktop: Visit) -> None:
    desktop.open("search.html?q=tableau")
    results = desktop.page.locator("#search-results ul.search li a")
    # Results are shown one by one; the summary line appears once the search is done.
    desktop.page.locator("#search-results .search-summary", has_text="found").wait_for(
        timeout=15_000)
    assert results.count() > 0
    hrefs = [results.nth(i).get_attribute("href") or "" for i in range(results.count())]
    assert any(href.split("?")[0].split("#")[0].endswith(CHAPTER) for href in hrefs)
    desktop.assert_clean()


def test_the_spanish_site_searches_in_spanish(desktop: Visit) -> None:
    desktop.open("es/search.html?q=tercera+carta")
    # Results are shown one by one; wait until the chapter is among them.
    desktop.page.wait_for_function(
        "page => [...document.querySelectorAll('#search-results ul.search li a')]"
        ".some(a => a.getAttribute('href').split(/[?#]/)[0].endsWith(page))",
        arg=CHAPTER, timeout=15_000)
    shown = desktop.page.locator("#search-results ul.search li a").all_inner_texts()
    assert any("tercera carta" in text.lower() for text in shown), shown
    assert desktop.page.locator("html").get_attribute("lang") == "es"
    desktop.assert_clean()


def test_dark_mode_follows_the_reader_system_setting(dark: Visit) -> None:
    dark.open(CHAPTER)
    page = dark.page
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    channels = [int(c) for c in background[background.index("(") + 1:-1].split(",")[:3]]
    assert max(channels) < 100, f"dark mode body background is {background}"
    dark.assert_clean()


def test_chapter_fits_a_phone_screen(phone: Visit, tmp_path: Path) -> None:
    phone.open(CHAPTER)
    page = phone.page
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1, f"the page scrolls sideways by {overflow}px on a phone"
    assert page.locator("table.bt-tableau").first.is_visible()
    page.screenshot(path=str(tmp_path / "phone.png"), full_page=False)
    phone.assert_clean()


def test_a_request_to_another_host_is_recorded_and_cannot_leave(desktop: Visit) -> None:
    desktop.open("index.html")
    outside = "http://example.com/tracker.png"
    desktop.page.set_content(f"<p>page</p><img src='{outside}' alt='x'>")
    desktop.page.wait_for_function(
        "() => { const i = document.querySelector('img'); return i.complete; }", timeout=15_000)
    assert desktop.outside == [outside]
    assert any(outside in failure for failure in desktop.failed)
    assert desktop.page.evaluate("document.querySelector('img').naturalWidth") == 0
