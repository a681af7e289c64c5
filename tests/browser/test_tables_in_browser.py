"""The home scoreboard and the online table on the static pages, in Chromium, with no Python.

Every request for the in-browser Python app (``lite/``) and for any ``.wasm`` file is blocked,
so whatever works here works without a kernel.  Each view is driven through its page contract
(``data-prediction``, ``data-deal``, ``data-stake``, ``data-chip``, ``data-place``,
``data-continue``, ``data-status``...) and every sentence, net, total and balance it shows is
checked against the live widget, played the same way beside it, and against the engine.
"""

from __future__ import annotations

import random
import re
from html import unescape
from typing import Any

import pytest
from browser_harness import ON_A_PHONE, Visit, offline_visit, serious_violations, visit

from bacara_teach.money import format_amount
from bacara_teach.text import language_codes
from bacara_teach.widgets import HomeScoreboard, OnlineTableWidget
from bacara_teach.widgets._html import amount, signed_amount

pytestmark = pytest.mark.browser

BOARD = '[data-practice="home-scoreboard"]'
TABLE = '[data-practice="online-table"]'
PLAYERS = ("Ana", "Luis", "Eva")


@pytest.fixture(params=["desktop", "phone"])
def offline(request: pytest.FixtureRequest) -> tuple[Visit, list[str], bool]:
    """The harness's offline desktop or phone visit, and whether it is the phone."""
    shown, asked = request.getfixturevalue(f"offline_{request.param}")
    return shown, asked, request.param == "phone"


def _text(html: str) -> str:
    """A widget's status as read: its HTML without tags."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _said(locator: Any) -> str:
    """A page element's text as :func:`_text` reads a widget's: white space collapsed (the
    no-break spaces French writes before ``:`` and ``;`` among it)."""
    return " ".join(locator.inner_text().split())


def _open(shown: Visit, chapter: str, root: str, lang: str) -> Any:
    shown.open(("" if lang == "en" else f"{lang}/") + f"chapters/{chapter}.html")
    shown.page.locator(f"{root}[data-ready='true']").wait_for(timeout=5_000)
    return shown.page.locator(root)


def _fits(page: Any, root: str) -> None:
    """Nothing is wider than the viewport: the page does not scroll sideways."""
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate(f"document.querySelector('{root}').getBoundingClientRect().right") <= width + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1


@pytest.mark.parametrize("lang", language_codes())
def test_the_scoreboard_plays_the_session_as_the_widget(offline: tuple[Visit, list[str], bool],
                                                         lang: str) -> None:
    shown, asked, phone = offline
    page = shown.page
    root = _open(shown, "home-session", BOARD, lang)
    widget = HomeScoreboard(players=PLAYERS, seed=3, lang=lang)
    rng = random.Random(lang)
    for number in range(1, widget.session.coups + 1):
        deal = root.locator("[data-deal]")
        assert deal.is_disabled()  # every participant predicts first
        for name in PLAYERS:
            on = rng.choice(["punto", "banco", "empate"] + (["pass"] if name == PLAYERS[0] else []))
            root.locator(f"[data-prediction='{name}']").select_option(on)
            widget.predictions[name].value = on
        if number % 2:
            deal.focus()
            page.keyboard.press("Enter")
        else:
            deal.click()
        widget.deal()
        assert _said(root.locator("[data-status]")).startswith(_text(widget.status.value))
        session = widget.session
        record = session.records[-1]
        row = root.locator(f"[data-coup='{number}']")
        for name in PLAYERS:
            assert row.locator(f"[data-net-of='{name}']").inner_text().endswith(
                signed_amount(record.net(name), lang))
            assert root.locator(f"[data-total-of='{name}']").inner_text() == signed_amount(
                session.totals[name], lang)
    ranking = root.locator("[data-ranking]")
    assert ranking.is_visible()
    assert _text(widget._ranking()).endswith(_said(ranking.locator("[data-verdict]")))
    assert root.locator("[data-deal]").is_disabled()
    if phone:
        _fits(page, BOARD)
    page.reload()
    root = page.locator(f"{BOARD}[data-ready='true']")
    root.wait_for(timeout=5_000)
    assert root.locator("[data-coup]").count() == 0  # a new visit starts the session afresh
    assert root.locator("[data-deal]").inner_text() == HomeScoreboard(
        players=PLAYERS, seed=3, lang=lang).deal_button.description
    assert asked == []
    shown.assert_clean()


def _stake(rng: random.Random) -> str:
    return rng.choice(["5", "10", "4.75", "0.5", "300", "abc", "25", "1", "12.35", "-2", "100"])


@pytest.mark.parametrize("lang", language_codes())
def test_the_online_table_bets_and_refuses_as_the_widget(offline: tuple[Visit, list[str], bool],
                                                         lang: str) -> None:
    shown, asked, phone = offline
    page = shown.page
    root = _open(shown, "paying-bets", TABLE, lang)
    widget = OnlineTableWidget(balance="100", seed=7, lang=lang)
    rng = random.Random(lang)
    status = root.locator("[data-status]")
    refused = dealt = 0
    for step in range(40):
        on = rng.choice(["punto", "banco", "empate"])
        root.locator("[data-position]").select_option(on)
        widget.position.value = on
        if step % 4 == 0:  # chips add to the stake box
            root.locator("[data-clear]").click()
            widget.set_stake("")
            for chip in rng.sample([1, 5, 25], 2):
                root.locator(f"[data-chip='{chip}']").click()
                widget.add_chip(chip)
            assert root.locator("[data-stake]").input_value() == widget.stake_box.value
        else:
            text = _stake(rng)
            root.locator("[data-stake]").fill(text)
            widget.set_stake(text)
        if step % 3 == 2:
            root.locator("[data-stake]").press("Enter")  # the stake box's form places the bet
        else:
            root.locator("[data-place]").click()
        widget.place()
        assert _said(status) == _text(widget.status.value)
        refused += status.get_attribute("data-kind") == "error"
        if step % 2 and widget.table.can_deal():
            root.locator("[data-continue]").click()
            widget.deal()
            assert _said(status) == _text(widget.status.value)
            dealt += 1
        elif step % 5 == 4 and widget.table.can_cancel():
            root.locator("[data-cancel]").click()
            widget.cancel()
            assert _said(status) == _text(widget.status.value)
        table = widget.table
        assert root.locator("[data-balance]").get_attribute("data-amount") == format_amount(table.balance)
        assert root.locator("[data-balance]").inner_text().endswith(amount(table.balance, lang))
        assert root.locator("[data-available]").inner_text().endswith(amount(table.available, lang))
    assert refused and dealt
    history = root.locator("[data-history] [data-coup]")
    assert history.count() == dealt
    if phone:
        _fits(page, TABLE)
    page.reload()
    root = page.locator(f"{TABLE}[data-ready='true']")
    root.wait_for(timeout=5_000)
    assert root.locator("[data-balance]").get_attribute("data-amount") == "100"
    assert root.locator("[data-history] [data-coup]").count() == 0
    assert asked == []
    shown.assert_clean()


def test_the_views_keep_a_visible_focus_and_hold_in_dark_mode(browser: Any, site_url: str) -> None:
    for shown in visit(browser, site_url, color_scheme="dark"):
        page = shown.page
        _open(shown, "paying-bets", TABLE, "en")
        page.evaluate("document.documentElement.dataset.theme = 'dark'")
        chip = page.locator(f"{TABLE} [data-chip='5']")
        chip.focus()
        page.keyboard.press("Enter")
        assert page.locator(f"{TABLE} [data-stake]").input_value() == "5"
        page.keyboard.press("Tab")
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline not in ("", "none")
        colours = page.evaluate(f"""(() => {{
            const node = document.querySelector('{TABLE}');
            const style = getComputedStyle(node);
            return [style.color, getComputedStyle(document.body).backgroundColor];
        }})()""")
        assert colours[0] != colours[1]  # the text is not drawn in the background's colour
        shown.assert_clean()


@pytest.mark.parametrize("lang", language_codes())
def test_the_views_have_no_serious_accessibility_violation(browser: Any, site_url: str,
                                                           lang: str) -> None:
    """After a deal (cards, narration, tables on show), in dark mode too."""
    for scheme in ("light", "dark"):
        for shown, asked in offline_visit(browser, site_url, **ON_A_PHONE, color_scheme=scheme):
            page = shown.page
            for chapter, root in (("home-session", BOARD), ("paying-bets", TABLE)):
                node = _open(shown, chapter, root, lang)
                if root == BOARD:
                    for name in PLAYERS:
                        node.locator(f"[data-prediction='{name}']").select_option("banco")
                    node.locator("[data-deal]").click()
                else:
                    node.locator("[data-chip='5']").click()
                    node.locator("[data-place]").click()
                    node.locator("[data-continue]").click()
                assert serious_violations(page, root) == [], (chapter, lang, scheme)
            assert asked == []
            shown.assert_clean()
