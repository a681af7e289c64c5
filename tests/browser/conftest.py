"""Browser fixtures: one Chromium per test session, a fresh context per test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_harness import Visit, launch, visit

PHONE = {"width": 390, "height": 844}


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
    yield from visit(browser, site_url, viewport={"width": 1280, "height": 900})


@pytest.fixture
def phone(browser: Any, site_url: str) -> Iterator[Visit]:
    yield from visit(browser, site_url, viewport=PHONE, is_mobile=True, has_touch=True,
                     device_scale_factor=2)


@pytest.fixture
def dark(browser: Any, site_url: str) -> Iterator[Visit]:
    yield from visit(browser, site_url, color_scheme="dark")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Report the in-browser figures the live tests measured."""
    from test_live import FIGURES

    if FIGURES:
        terminalreporter.section("in-browser Python figures")
        for name, value in FIGURES.items():
            terminalreporter.write_line(f"{name}: {value}")
