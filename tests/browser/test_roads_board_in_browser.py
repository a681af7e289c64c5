"""The roads board on the static roads chapter, in Chromium, with no Python anywhere.

Every request for the in-browser Python app (``lite/``) and for any ``.wasm`` file is
blocked.  The board is dealt through its page contract on a 390 px phone, in English and
Spanish, with the keyboard and with clicks, and after every deal what it shows (status,
roads, odds) is held against the state the engine prepared for that many coups.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_harness import PHONE, Visit, assert_fits_a_phone, offline_visit, serious_violations
from sitecheck import parse_html

from bacara_teach.practice.roads import roads_data, roads_picture
from bacara_teach.text import language_codes

pytestmark = pytest.mark.browser

BOARD = '[data-practice="roads-board"]'
LANGS = language_codes()
PAGE = {"seed": 8, "coups": 30}  # the chapter's cell: RoadsBoard(seed=8, coups=30)


_SHOWN = """
(root) => ({
  coups: Number(root.querySelector('[data-status]').dataset.coups),
  status: root.querySelector('[data-status]').textContent,
  live: root.querySelector('[data-status]').getAttribute('aria-live'),
  titles: Array.from(root.querySelectorAll('[data-roads] title')).map((t) => t.textContent),
  roads: root.querySelectorAll('[data-roads] svg.bt-road').length,
  rows: Array.from(root.querySelectorAll('[data-odds] tbody tr')).map(
    (tr) => Array.from(tr.children).map((c) => c.textContent)),
  end: !root.querySelector('[data-end]').hidden,
  dealDisabled: root.querySelector('[data-deal="1"]').disabled,
  focused: document.activeElement ? document.activeElement.getAttribute('data-new') !== null : false,
})
"""


def _expected(data: dict[str, Any], k: int) -> dict[str, Any]:
    state = data["states"][k]
    titles = [t.text() for t in parse_html(roads_picture(data, k)).find_all("title")]
    rows = [[state["left"], *state["odds"]], [data["labels"]["full"], *data["full"]],
            [data["labels"]["change"], *state["change"]]]
    return {"coups": k, "status": state["status"][0], "titles": titles, "rows": rows}


def _check(page: Any, data: dict[str, Any], k: int) -> dict[str, Any]:
    shown = page.locator(BOARD).evaluate(_SHOWN)
    expected = _expected(data, k)
    assert shown["coups"] == k
    assert shown["status"] == expected["status"] and shown["live"] == "polite"
    assert [" ".join(t.split()) for t in shown["titles"]] == expected["titles"]
    assert shown["roads"] == 5
    assert [[" ".join(c.split()) for c in row] for row in shown["rows"]] == [
        [" ".join(c.split()) for c in row] for row in expected["rows"]]
    return dict(shown)


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_deals_the_prepared_shoe_on_a_phone(offline_phone: tuple[Visit, list[str]],
                                                      lang: str) -> None:
    shown, blocked = offline_phone
    data = roads_data(**PAGE, lang=lang)
    last = len(data["states"]) - 1
    shown.open(("" if lang == "en" else f"{lang}/") + "chapters/roads.html")
    page = shown.page
    page.locator(f"{BOARD}[data-ready='true']").wait_for(timeout=10_000)
    assert page.locator(f"{BOARD}").get_attribute("lang") == lang
    _check(page, data, PAGE["coups"])
    # The keyboard deals: Tab to the button, Enter presses it.
    page.locator(f'{BOARD} [data-deal="1"]').focus()
    page.keyboard.press("Enter")
    _check(page, data, PAGE["coups"] + 1)
    page.locator(f'{BOARD} [data-deal="10"]').click()
    _check(page, data, PAGE["coups"] + 11)
    assert_fits_a_phone(page, f"{BOARD} button")
    # Ten at a time to the last prepared coup, by the keyboard: the deal buttons stop and the
    # focus moves on to New shoe.
    page.locator(f'{BOARD} [data-deal="10"]').focus()
    k = PAGE["coups"] + 11
    while k < last:
        page.keyboard.press("Enter")
        k = min(k + 10, last)
        if k < last:
            _check(page, data, k)
    end = _check(page, data, last)
    assert end["end"] and end["dealDisabled"] and end["focused"]
    page.keyboard.press("Enter")  # New shoe
    start = _check(page, data, 0)
    assert not start["end"] and not start["dealDisabled"]
    assert blocked == []  # the page never asked for the in-browser runtime
    shown.assert_clean()


def test_the_board_passes_axe_in_dark_mode(browser: Any, site_url: str) -> None:
    for shown, _ in offline_visit(browser, site_url, viewport=PHONE, color_scheme="dark"):
        shown.open("chapters/roads.html")
        page = shown.page
        page.evaluate("document.documentElement.dataset.theme = 'dark'")
        page.locator(f"{BOARD}[data-ready='true']").wait_for(timeout=10_000)
        page.locator(f'{BOARD} [data-deal="1"]').click()
        assert serious_violations(page, BOARD) == []
