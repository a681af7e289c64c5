"""The built site in a real browser: Debian's Chromium driven by Playwright.

The site is served by a plain static server on 127.0.0.1.  Every request the page
makes is recorded; any request to another host is aborted and fails the test, so the
site is checked to work with no CDN, web font or analytics.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from bacara_teach import PUNTO_BANCO, Coup
from bacara_teach.charts import COLUMNS

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CHAPTER = "chapters/third-card-rule.html"
# RULES.md worked examples 1 and 2 as the chapter deals them; results come from the engine.
WORKED_EXAMPLES = ("4♥ 2♠ 9♣ A♦ 8♦", "4♥ 2♠ 9♣ A♦ 7♦ 5♣")
PHONE = {"width": 390, "height": 844}


@dataclass
class Visit:
    """A browser page on the local site, with everything it asked for."""

    page: Any
    origin: str
    requests: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def open(self, path: str) -> None:
        response = self.page.goto(f"{self.origin}/{path}", wait_until="networkidle")
        assert response is not None
        assert response.status == 200, f"{path}: HTTP {response.status}"

    def assert_clean(self) -> None:
        """Nothing was fetched from another host, nothing failed, no script error."""
        assert self.requests, "the page made no request at all"
        assert self.outside == []
        assert self.failed == []
        assert self.errors == []


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: 'python3 -m nox -s tests' installs it "
            "(apt-get install -y chromium)",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


def _visit(browser: Any, site_url: str, **context_options: Any) -> Iterator[Visit]:
    context = browser.new_context(**context_options)
    page = context.new_page()
    visit = Visit(page=page, origin=site_url)
    local = urlsplit(site_url).netloc

    def route(route: Any) -> None:
        url = route.request.url
        visit.requests.append(url)
        if urlsplit(url).netloc == local:
            route.continue_()
        else:
            visit.outside.append(url)
            route.abort()

    def on_response(response: Any) -> None:
        if response.status >= 400:
            visit.failed.append(f"{response.status} {response.url}")

    def on_console(message: Any) -> None:
        if message.type == "error":
            visit.errors.append(f"console: {message.text}")

    context.route("**/*", route)
    page.on("response", on_response)
    page.on("requestfailed", lambda request: visit.failed.append(f"failed {request.url}"))
    page.on("pageerror", lambda error: visit.errors.append(f"script: {error}"))
    page.on("console", on_console)
    try:
        yield visit
    finally:
        context.close()


@pytest.fixture
def visit(browser: Any, site_url: str) -> Iterator[Visit]:
    yield from _visit(browser, site_url, viewport={"width": 1280, "height": 900})


@pytest.fixture
def phone_visit(browser: Any, site_url: str) -> Iterator[Visit]:
    yield from _visit(browser, site_url, viewport=PHONE, is_mobile=True, has_touch=True,
                      device_scale_factor=2)


@pytest.fixture
def dark_visit(browser: Any, site_url: str) -> Iterator[Visit]:
    yield from _visit(browser, site_url, color_scheme="dark")


def test_chapter_renders_tableau_and_worked_examples_from_local_files_only(
    visit: Visit, tmp_path: Path
) -> None:
    visit.open(CHAPTER)
    page = visit.page
    tables = page.locator("table.bt-tableau")
    assert tables.count() == 1 + len(WORKED_EXAMPLES)
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
    visit.assert_clean()


def test_every_page_loads_from_local_files_only(visit: Visit, site_dir: Path) -> None:
    paths = sorted(
        path.relative_to(site_dir).as_posix() for path in site_dir.rglob("*.html")
        if not {"_static", "_sources"} & set(path.relative_to(site_dir).parts)
    )
    assert "index.html" in paths
    for path in paths:
        visit.open(path)
    visit.assert_clean()


def test_search_finds_the_chapter(visit: Visit) -> None:
    visit.open("search.html?q=tableau")
    results = visit.page.locator("#search-results ul.search li a")
    results.first.wait_for(timeout=15_000)
    hrefs = [results.nth(i).get_attribute("href") or "" for i in range(results.count())]
    assert any(href.split("?")[0].split("#")[0].endswith(CHAPTER) for href in hrefs)
    visit.assert_clean()


def test_dark_mode_follows_the_reader_system_setting(dark_visit: Visit) -> None:
    dark_visit.open(CHAPTER)
    page = dark_visit.page
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    channels = [int(c) for c in background[background.index("(") + 1:-1].split(",")[:3]]
    assert max(channels) < 100, f"dark mode body background is {background}"
    dark_visit.assert_clean()


def test_chapter_fits_a_phone_screen(phone_visit: Visit, tmp_path: Path) -> None:
    phone_visit.open(CHAPTER)
    page = phone_visit.page
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1, f"the page scrolls sideways by {overflow}px on a phone"
    assert page.locator("table.bt-tableau").first.is_visible()
    page.screenshot(path=str(tmp_path / "phone.png"), full_page=False)
    phone_visit.assert_clean()
