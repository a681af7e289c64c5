"""The code of the pages in Chromium: folded when a reader arrives, shown on every page once
they press "Show the code", folded again when they press it again, remembered across pages and
reloads, and offered only where a page has code; in both languages, on a desktop and a phone.
"""

from __future__ import annotations

from typing import Any

import front_door
import pytest
from browser_harness import DESKTOP, ON_A_PHONE, Visit, offline_visit, serious_violations

from bacara_teach.text import language_codes, tr

pytestmark = pytest.mark.browser

LANGUAGES = {lang: "" if lang == "en" else f"{lang}/" for lang in language_codes()}
SWITCH = "[data-code-switch]"
SHOWN_INPUTS = """() => [...document.querySelectorAll(
    '.cell > .cell_input, .cell details.above-input > summary')]
  .filter((el) => el.checkVisibility()).length"""


SHOWN_VALUES = """() => [...document.querySelectorAll('.cell.tag_code-output .cell_output')]
  .filter((el) => el.checkVisibility()).length"""


def _inputs(visit: Visit) -> tuple[int, int]:
    """How many code inputs the page has (a set-up cell's counts as its folded summary, which
    opens it as before), and how many of them show."""
    page = visit.page
    total = page.locator(".cell > .cell_input, .cell details.above-input > summary").count()
    return total, page.evaluate(SHOWN_INPUTS)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_the_code_is_folded_until_asked_for_and_the_choice_is_remembered(
        browser: Any, site_url: str, lang: str, device: str) -> None:
    options = {"viewport": DESKTOP} if device == "desktop" else ON_A_PHONE
    prefix = LANGUAGES[lang]
    for visit, blocked in offline_visit(browser, site_url, **options):
        page = visit.page
        visit.open(f"{prefix}chapters/odds.html")
        switch = page.locator(SWITCH)
        assert switch.is_visible()
        assert switch.inner_text().strip() == tr(front_door.CODE_SWITCH, lang)
        assert switch.get_attribute("aria-pressed") == "false"
        total, shown = _inputs(visit)
        assert total > 0 and shown == 0
        assert page.locator(".cell_output").first.is_visible()  # results stay: tables, pictures
        values = page.locator(".cell.tag_code-output .cell_output")  # Python's own values: folded
        assert values.count() > 0 and page.evaluate(SHOWN_VALUES) == 0
        assert serious_violations(page) == []
        switch.click()
        assert switch.get_attribute("aria-pressed") == "true"
        assert _inputs(visit) == (total, total)
        assert page.evaluate(SHOWN_VALUES) == values.count()
        visit.open(f"{prefix}chapters/third-card-rule.html")  # another page: still shown
        total, shown = _inputs(visit)
        assert total > 0 and shown == total
        assert page.locator(SWITCH).get_attribute("aria-pressed") == "true"
        page.locator(SWITCH).click()
        assert _inputs(visit)[1] == 0
        page.reload(wait_until="networkidle")  # folded again, and remembered
        assert _inputs(visit)[1] == 0
        assert page.locator(SWITCH).get_attribute("aria-pressed") == "false"
        visit.open(f"{prefix}reference/rules-punto-banco.html")  # no code: no switch
        assert page.locator(SWITCH).count() == 1 and not page.locator(SWITCH).is_visible()
        visit.assert_clean()
        assert blocked == []
