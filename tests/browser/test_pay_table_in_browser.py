"""Pay the table on the Paying bets chapter, in Chromium, no Python.

The lite app and every ``.wasm`` file are blocked, and the browser goes offline once the page
has loaded.  In English and Spanish, on a phone and on a desktop, every table's layouts are
paid right and wrong, by pointer and by keyboard; each bet's verdict and amount are held
against the engine's settlement of the cards on show.
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

import pytest
from browser_harness import Visit, assert_fits_a_phone, serious_violations

from bacara_teach.money import format_amount
from bacara_teach.practice.paytable import PROFILE_NAMES
from bacara_teach.punto_banco import Coup
from bacara_teach.settlement import Bet, settle_bet
from bacara_teach.text import language, language_codes

pytestmark = pytest.mark.browser

PAY = '[data-practice="pay-table"]'
PAYOUTS = 60


def _typed(net: Decimal, lang: str, rng: random.Random) -> str:
    """The amount as a learner might type it: with a sign or not, the page's decimal sign."""
    text = format_amount(net)
    if net > 0 and rng.random() < 0.3:
        text = "+" + text
    if language(lang).numbers["decimal"] == "," and rng.random() < 0.7:
        text = text.replace(".", ",")
    if net < 0 and rng.random() < 0.3:
        text = "\u2212" + text[1:]
    return text


def pay_layouts(page: Any, lang: str, count: int, rng: random.Random, *, keyboard: bool) -> int:
    """Pay bets until ``count`` have been paid, on every table in turn; check each verdict and
    amount against the engine.  Return how many were paid right."""
    root = page.locator(PAY)
    paid = right = 0
    table = 0
    while paid < count:
        name = PROFILE_NAMES[table % len(PROFILE_NAMES)]
        if root.get_attribute("data-profile") != name:
            root.locator(f"[data-table='{name}']").click()
        assert root.get_attribute("data-profile") == name
        coup = Coup.from_cards(root.locator("[data-coup]").get_attribute("data-cards") or "")
        bets = root.locator("[data-bet]")
        wanted = []
        for i in range(bets.count()):
            bet = bets.nth(i)
            position = bet.get_attribute("data-position") or ""
            stake = bet.get_attribute("data-stake") or ""
            net = settle_bet(coup, Bet.of(position, stake), name).net
            correct = rng.random() < 0.6
            typed = _typed(net if correct else net + 5, lang, rng)
            box = bet.locator("[data-payout]")
            if keyboard:
                box.focus()
                page.keyboard.type(typed)
            else:
                box.fill(typed)
            wanted.append((net, correct))
        if keyboard:
            page.keyboard.press("Enter")
        else:
            root.locator("[data-submit]").click()
        for i, (net, correct) in enumerate(wanted):
            feedback = bets.nth(i).locator("[data-feedback]")
            assert feedback.get_attribute("data-correct") == ("true" if correct else "false")
            assert Decimal(feedback.get_attribute("data-amount") or "x") == net
            right += correct
        paid += len(wanted)
        assert int(root.locator("[data-score]").get_attribute("data-paid") or "-1") == paid
        assert int(root.locator("[data-score]").get_attribute("data-right") or "-1") == right
        if keyboard:
            page.keyboard.press("Enter")  # focus is on the next layout's button
        else:
            root.locator("[data-next]").click()
        table += 1
    return right


@pytest.mark.parametrize("lang", language_codes())
def test_bets_paid_right_and_wrong_offline_on_a_phone(
        offline_phone: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_phone
    shown.open(("" if lang == "en" else f"{lang}/") + "chapters/paying-bets.html")
    page = shown.page
    page.locator(f"{PAY}[data-ready='true']").wait_for(timeout=10_000)
    page.context.set_offline(True)
    pay_layouts(page, lang, PAYOUTS // 2, random.Random(f"phone-{lang}"), keyboard=False)
    assert_fits_a_phone(page, f"{PAY} button:visible")
    assert shown.failed == [] and shown.errors == []
    page.context.set_offline(False)
    assert serious_violations(page, PAY) == []
    assert asked == []
    shown.assert_clean()


@pytest.mark.parametrize("lang", language_codes())
def test_bets_paid_by_keyboard_alone(offline_desktop: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_desktop
    shown.open(("" if lang == "en" else f"{lang}/") + "chapters/paying-bets.html")
    page = shown.page
    page.locator(f"{PAY}[data-ready='true']").wait_for(timeout=10_000)
    pay_layouts(page, lang, PAYOUTS // 2, random.Random(f"keys-{lang}"), keyboard=True)
    # an unreadable amount is refused with a word and judges nothing
    root = page.locator(PAY)
    root.locator("[data-payout]").first.fill("abc")
    root.locator("[data-submit]").click()
    assert root.locator("[data-feedback]").count() == 0
    assert root.locator("[data-next]").is_disabled()
    assert asked == []
    shown.assert_clean()
