"""Driving Debian's Chromium with Playwright against the locally served site.

Every request a page makes is recorded, and one to any other host is recorded
as outside, so tests can assert the site works offline.  The browser itself
cannot reach another host: its resolver maps every name but 127.0.0.1 to
nothing, so an outside request fails at once.  (Blocking in the browser rather
than routing each request through Playwright keeps page timings true: routing
adds a round trip to this process for each of the ~150 files a live notebook
loads.)

The static-page tests share what they set up here: :func:`offline_visit` blocks the
in-browser Python app (``lite/``) and every ``.wasm`` file, so whatever works works
without a kernel, and :func:`serious_violations` runs axe-core on a page.

This module is also a pytest plugin (``tests/conftest.py`` loads it): one Chromium
per test session, a fresh browser context per test (``desktop``, ``phone``,
``dark``, and ``offline_desktop``, ``offline_phone`` with the runtime blocked), and a
closing report of the figures the in-browser tests measured.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

CHROMIUM = Path("/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
ON_A_PHONE: dict[str, Any] = {"viewport": PHONE, "is_mobile": True, "has_touch": True}
"""The context options of a 390 px touch phone, as the static-page tests use it."""
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
FIGURES: dict[str, str] = {}
"""Figures measured by the browser tests (kernel start, bytes, response times), reported
at the end of the run."""
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # No name resolves but the local server's address: nothing can leave the machine.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


@dataclass
class Visit:
    """A browser page on the local site, with everything it asked for."""

    page: Any
    origin: str
    requests: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def open(self, path: str, *, wait_until: str = "networkidle") -> None:
        response = self.page.goto(f"{self.origin}/{path}", wait_until=wait_until)
        assert response is not None
        assert response.status == 200, f"{path}: HTTP {response.status}"

    def assert_clean(self) -> None:
        """Nothing was fetched from another host, nothing failed, no script error."""
        assert self.requests, "the page made no request at all"
        assert self.outside == []
        assert self.failed == []
        assert self.errors == []


def launch(playwright: Any) -> Any:
    """Debian's Chromium, headless, with no background network of its own."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: 'python3 -m nox -s tests' installs it "
            "(apt-get install -y chromium)",
            pytrace=False,
        )
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS,
                                      headless=True)


def visit(browser: Any, site_url: str, *, console_errors: bool = True,
          **context_options: Any) -> Iterator[Visit]:
    """A fresh browser context on the site; yields a :class:`Visit`."""
    context = browser.new_context(**context_options)
    page = context.new_page()
    recorded = Visit(page=page, origin=site_url)
    local = urlsplit(site_url).netloc

    def on_request(request: Any) -> None:
        url = request.url
        recorded.requests.append(url)
        if urlsplit(url).netloc != local and not url.startswith(("data:", "blob:")):
            recorded.outside.append(url)

    def on_response(response: Any) -> None:
        if response.status >= 400:
            recorded.failed.append(f"{response.status} {response.url}")

    def on_console(message: Any) -> None:
        if console_errors and message.type == "error":
            recorded.errors.append(f"console: {message.text}")

    context.on("request", on_request)
    page.on("response", on_response)
    def on_request_failed(request: Any) -> None:
        # A request the browser cancelled itself (the page moved on before a favicon or a
        # prefetch arrived) is no failure of the site; anything else is.
        if request.failure != "net::ERR_ABORTED":
            recorded.failed.append(f"failed {request.url} ({request.failure})")

    page.on("requestfailed", on_request_failed)
    page.on("pageerror", lambda error: recorded.errors.append(f"script: {error}"))
    page.on("console", on_console)
    try:
        yield recorded
    finally:
        context.close()


def block_runtime(context: Any) -> list[str]:
    """Abort every request of ``context`` for the lite app or a .wasm file; returns the
    list of the URLs so asked (a static page that works alone leaves it empty)."""
    asked: list[str] = []

    def block(route: Any) -> None:
        asked.append(route.request.url)
        route.abort()

    context.route("**/lite/**", block)
    context.route("**/*.wasm", block)
    return asked


def offline_visit(browser: Any, site_url: str, **context_options: Any) -> Iterator[tuple[Visit, list[str]]]:
    """:func:`visit` with the in-browser runtime blocked; yields the visit and the blocked URLs."""
    for shown in visit(browser, site_url, **context_options):
        yield shown, block_runtime(shown.page.context)


def serious_violations(page: Any, root: str = "document") -> list[dict[str, Any]]:
    """The serious and critical accessibility violations axe-core finds in ``page``, under
    the element ``root`` selects (or the whole document)."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run 'npm ci' (the nox sessions do)", pytrace=False)
    page.add_script_tag(path=str(AXE))
    result: list[dict[str, Any]] = page.evaluate(
        "async (selector) => { const where = selector === 'document' ? document"
        " : document.querySelector(selector);"
        " const r = await axe.run(where, {resultTypes: ['violations']});"
        " return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map(n => n.html.slice(0, 160))})); }",
        root,
    )
    return [v for v in result if v["impact"] in ("serious", "critical")]


def assert_fits_a_phone(page: Any, controls: str, *, thumb: bool = False) -> None:
    """On a phone, ``page`` does not scroll sideways and every element ``controls`` selects
    lies within the screen's width (``thumb``: and is at least 24 px high, a target a thumb
    can hit)."""
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1, f"the page scrolls sideways by {overflow}px"
    for control in page.locator(controls).all():
        box = control.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], controls
        if thumb:
            assert box["height"] >= 24, controls


# -- pytest plugin: fixtures and the closing report ---------------------------------------------


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def desktop(browser: Any, site_url: str) -> Iterator[Visit]:
    yield from visit(browser, site_url, viewport=DESKTOP)


@pytest.fixture
def phone(browser: Any, site_url: str) -> Iterator[Visit]:
    yield from visit(browser, site_url, viewport=PHONE, is_mobile=True, has_touch=True,
                     device_scale_factor=2)


@pytest.fixture
def dark(browser: Any, site_url: str) -> Iterator[Visit]:
    yield from visit(browser, site_url, color_scheme="dark")


@pytest.fixture
def offline_desktop(browser: Any, site_url: str) -> Iterator[tuple[Visit, list[str]]]:
    """A desktop visit with the in-browser runtime blocked, and the URLs it blocked."""
    yield from offline_visit(browser, site_url, viewport=DESKTOP)


@pytest.fixture
def offline_phone(browser: Any, site_url: str) -> Iterator[tuple[Visit, list[str]]]:
    """A phone visit (:data:`ON_A_PHONE`) with the in-browser runtime blocked, and the URLs it blocked."""
    yield from offline_visit(browser, site_url, **ON_A_PHONE)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Report the in-browser figures the live tests measured."""
    if FIGURES:
        terminalreporter.section("in-browser Python figures")
        for name, value in FIGURES.items():
            terminalreporter.write_line(f"{name}: {value}")
