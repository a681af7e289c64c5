"""The banker's drill of Baccarat Banque on the static chapter, in Chromium, no Python.

Every request for the in-browser Python app (``lite/``) and for any ``.wasm`` file is
blocked, and once the page has loaded the browser goes offline.  On a 390 px phone, in English
and Spanish, the drill is answered right and wrong, by pointer and by keyboard; each verdict,
the better decision, both values and the explanation are held against the engine's pricing of
the same situation, and so is the running score; starting again clears it.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_harness import Visit, assert_fits_a_phone, serious_violations

from bacara_teach.baccarat_banque import best_for_bank, decision_values
from bacara_teach.pages.baccarat_banque import chips
from bacara_teach.practice.banque import banque_drill_data, situations
from bacara_teach.practice.banque_situations import BanqueSituation, explain
from bacara_teach.tableau import Decision
from bacara_teach.text import language_codes

pytestmark = pytest.mark.browser

DRILL = '[data-practice="banque-drill"]'
ANSWERED = 5


def _fits(page: Any) -> None:
    assert_fits_a_phone(page, f"{DRILL} button:visible", thumb=True)


@pytest.mark.parametrize("lang", language_codes())
def test_the_drill_answers_right_and_wrong_offline_on_a_phone(
        offline_phone: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_phone
    shown.open(("" if lang == "en" else f"{lang}/") + "chapters/baccarat-banque.html")
    page = shown.page
    page.locator(f"{DRILL}[data-ready='true']").wait_for(timeout=10_000)
    page.context.set_offline(True)
    data = banque_drill_data(lang)
    root = page.locator(DRILL)
    _fits(page)
    right = 0
    for index in range(ANSWERED):
        situation = data["situations"][index]
        view = situations()[index].view  # the engine's situation, priced afresh below
        better = best_for_bank(view).value
        assert root.get_attribute("data-index") == str(index)
        assert root.locator("[data-situation]").get_attribute("aria-label") == view.describe(lang)
        assert [root.locator(f"[data-side='{side}']").get_attribute("data-did")
                for side in ("right", "left")] == [s["did"] for s in situation["sides"]]
        wrong = "stand" if better == "draw" else "draw"
        choice = better if index % 2 == 0 else wrong
        if index < 2:
            root.locator(f"[data-answer='{choice}']").click()
        else:  # keyboard only: the language's key for the answer, Enter for the next one
            page.keyboard.press(data["keys"][choice].lower())
        feedback = root.locator("[data-feedback]")
        assert feedback.get_attribute("data-verdict") == ("right" if choice == better else "wrong")
        assert feedback.get_attribute("data-better") == better
        assert feedback.get_attribute("aria-live") == "polite"
        priced = BanqueSituation.price(view)
        values = decision_values(view)
        for key, decision in (("stand", Decision.STAND), ("draw", Decision.DRAW)):
            shown_value = root.locator(f"[data-value='{key}'] span").inner_text()
            assert shown_value == chips(values[decision], lang)
        assert explain(priced, lang) in feedback.inner_text()
        right += choice == better
        score = root.locator("[data-score]")
        assert int(score.get_attribute("data-right") or "-1") == right
        assert int(score.get_attribute("data-asked") or "-1") == index + 1
        assert root.locator("[data-answer='draw']").is_disabled()
        if index < 2:
            root.locator("[data-next]").click()
        else:
            page.keyboard.press("Enter")  # focus is on the next button
    assert root.get_attribute("data-index") == str(ANSWERED)
    _fits(page)
    root.locator("[data-again]").click()
    assert root.get_attribute("data-index") == "0"
    assert root.locator("[data-score]").get_attribute("data-asked") == "0"
    assert shown.failed == [] and shown.errors == []  # nothing asked for while offline
    page.context.set_offline(False)  # axe reads the page's stylesheets
    assert serious_violations(page, DRILL) == []
    assert asked == []
    shown.assert_clean()


@pytest.mark.parametrize("lang", ["en"])
def test_the_last_situation_ends_the_run_with_the_score(
        offline_phone: tuple[Visit, list[str]], lang: str) -> None:
    shown, _ = offline_phone
    shown.open("chapters/baccarat-banque.html")
    page = shown.page
    page.locator(f"{DRILL}[data-ready='true']").wait_for(timeout=10_000)
    data = banque_drill_data(lang)
    root = page.locator(DRILL)
    for situation in data["situations"]:
        root.locator(f"[data-answer='{situation['better']}']").click()
        if root.get_attribute("data-over") != "true":
            root.locator("[data-next]").click()
    count = len(data["situations"])
    assert root.get_attribute("data-over") == "true"
    assert root.locator("[data-next]").is_disabled()
    over = root.locator("[data-feedback] [data-over]").inner_text()
    assert over == data["labels"]["over"].replace("{right}", str(count)).replace("{asked}", str(count))
    shown.assert_clean()
