"""The coup caller on the worked-examples chapter, in Chromium, no Python.

Every request for the in-browser Python app (``lite/``) and for any ``.wasm`` file is
blocked, and once the page has loaded the browser goes offline.  In English and Spanish, on a
390 px phone and on a desktop, whole coups are called right and wrong, by pointer and by
keyboard; each call's verdict is held against the engine's own play of the cards on show, and
a third card must not be on the table before the call that deals it.  Dealer mode turns the
cards one at a time; a timed round ends with its time; what the learner knows is kept across
a reload.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from browser_harness import Visit, assert_fits_a_phone, serious_violations

from bacara_teach.cards import hand_total, parse_cards
from bacara_teach.practice.caller import ROUND_COUPS, caller_data
from bacara_teach.punto_banco import Coup, Outcome
from bacara_teach.tableau import PUNTO_BANCO
from bacara_teach.text import language_codes

pytestmark = pytest.mark.browser

CALLER = '[data-practice="coup-caller"]'
CALLS = 60
WINNER = {Outcome.PUNTO: "punto", Outcome.BANCO: "banco", Outcome.EMPATE: "tie"}
OTHER = {"yes": "no", "no": "yes", "draw": "stand", "stand": "draw", "punto": "banco",
         "banco": "tie", "tie": "punto"}


def _page_path(lang: str) -> str:
    return ("" if lang == "en" else f"{lang}/") + "chapters/worked-examples.html"


def engine_call(cards: str, kind: str) -> tuple[str, int]:
    """What the engine says of ``kind`` on these cards, and how many cards are on the table
    while it is asked (the third cards only once the call that deals them is made)."""
    coup = Coup.from_cards(cards)
    dealt = parse_cards(cards)
    punto_two, banco_two = hand_total(dealt[0:3:2]), hand_total(dealt[1:4:2])
    natural = punto_two >= 8 or banco_two >= 8
    if kind == "natural":
        return ("yes" if natural else "no"), 4
    if kind == "punto":
        return PUNTO_BANCO.player_cell(punto_two).decision.value, 4
    punto_draws = not natural and PUNTO_BANCO.player_cell(punto_two).decision.value == "draw"
    if kind == "banco":
        third = dealt[4].points if punto_draws else None
        return PUNTO_BANCO.banker_cell(banco_two, third).decision.value, 4 + punto_draws
    if kind == "winner":
        return WINNER[coup.winner], len(dealt)
    assert kind == "totals", kind
    return f"{coup.punto_total} {coup.banco_total}", len(dealt)


def call_steps(page: Any, lang: str, count: int, rng: random.Random, *, keyboard: bool) -> int:
    """Make ``count`` calls, right or wrong at random; check each verdict against the engine.
    Return how many were right."""
    root = page.locator(CALLER)
    keys = caller_data(lang)["keys"]
    right = 0
    for _ in range(count):
        if not root.locator("[data-next]").is_disabled():
            if keyboard:
                page.keyboard.press("Enter")  # focus is on the next coup's button
            else:
                root.locator("[data-next]").click()
        cards = root.locator("[data-coup]").get_attribute("data-cards") or ""
        kind = root.locator("[data-step]").get_attribute("data-kind") or ""
        answer, shown = engine_call(cards, kind)
        assert root.locator("[data-coup] .bt-card").count() == shown, (cards, kind)
        correct = rng.random() < 0.6
        if kind == "totals":
            given = answer if correct else " ".join(str((int(t) + 1) % 10) for t in answer.split())
            box = root.locator("[data-answer-input]")
            if keyboard:
                assert page.evaluate("document.activeElement.hasAttribute('data-answer-input')")
                page.keyboard.type(given)
                page.keyboard.press("Enter")
            else:
                box.fill(given)
                root.locator("[data-submit]").click()
        else:
            given = answer if correct else OTHER[answer]
            if keyboard:
                page.keyboard.press(keys[given].lower())
            else:
                root.locator(f"[data-answer='{given}']").click()
        feedback = root.locator("[data-feedback]")
        assert feedback.get_attribute("data-correct") == ("true" if correct else "false"), (cards, kind, given)
        right += correct
        assert root.locator("[data-score]").get_attribute("data-right") is not None
    return right


@pytest.mark.parametrize("lang", language_codes())
def test_coups_called_right_and_wrong_offline_on_a_phone(
        offline_phone: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_phone
    shown.open(_page_path(lang))
    page = shown.page
    page.locator(f"{CALLER}[data-ready='true']").wait_for(timeout=10_000)
    page.context.set_offline(True)
    root = page.locator(CALLER)
    # a fresh page calls the rules' first worked example first
    assert root.locator("[data-coup]").get_attribute("data-cards") == "4♥ 2♠ 9♣ A♦ 8♦"
    assert root.locator("[data-step]").get_attribute("data-kind") == "natural"
    right = call_steps(page, lang, CALLS // 2, random.Random(f"phone-{lang}"), keyboard=False)
    assert int(root.locator("[data-score]").get_attribute("data-right") or "-1") == right
    assert int(root.locator("[data-score]").get_attribute("data-calls") or "-1") == CALLS // 2
    assert_fits_a_phone(page, f"{CALLER} button:visible", thumb=True)
    assert shown.failed == [] and shown.errors == []
    page.context.set_offline(False)  # axe reads the page's stylesheets
    assert serious_violations(page, CALLER) == []
    assert asked == []
    shown.assert_clean()


@pytest.mark.parametrize("lang", language_codes())
def test_coups_called_by_keyboard_alone_and_kept_across_a_reload(
        offline_desktop: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_desktop
    shown.open(_page_path(lang))
    page = shown.page
    page.locator(f"{CALLER}[data-ready='true']").wait_for(timeout=10_000)
    root = page.locator(CALLER)
    root.locator("[data-answer]").first.focus()
    call_steps(page, lang, CALLS // 2, random.Random(f"keys-{lang}"), keyboard=True)
    coups = int(root.locator("[data-score]").get_attribute("data-coups") or "0")
    assert coups >= 5
    known = root.locator(".bt-practice-known").inner_text()
    page.reload()
    page.locator(f"{CALLER}[data-ready='true']").wait_for(timeout=10_000)
    assert root.locator(".bt-practice-known").inner_text() == known  # the cases called are kept
    assert root.locator("[data-score]").get_attribute("data-calls") == "0"  # the score is this visit's
    root.locator("[data-reset]").click()
    unseen = caller_data(lang)["labels"]["known"]
    assert root.locator(".bt-practice-known").inner_text() == (
        unseen.replace("{known}", "0").replace("{cells}", "96").replace("{unseen}", "96"))
    assert asked == []
    shown.assert_clean()


def test_dealer_mode_turns_the_cards_one_at_a_time_and_a_timed_round_ends(
        offline_desktop: tuple[Visit, list[str]]) -> None:
    shown, _ = offline_desktop
    shown.open(_page_path("en"))
    page = shown.page
    page.locator(f"{CALLER}[data-ready='true']").wait_for(timeout=10_000)
    root = page.locator(CALLER)
    root.locator("[data-mode='dealer']").click()
    assert root.locator("[data-mode='dealer']").get_attribute("aria-pressed") == "true"
    cards = root.locator("[data-coup]").get_attribute("data-cards") or ""
    for turned in range(4):
        assert root.locator("[data-coup] .bt-card").count() == turned
        assert root.locator("[data-answer]").first.is_disabled()
        root.locator("[data-deal]").click()
    assert root.locator("[data-coup] .bt-card").count() == 4
    assert root.locator("[data-deal]").is_hidden()
    texts = root.locator("[data-coup] .bt-card").all_inner_texts()
    dealt = cards.split()[:4]
    assert sorted(texts) == sorted(dealt)
    root.locator("[data-mode='timed']").click()
    rng = random.Random("timed")
    called = 0
    while root.locator("[data-round]").count() == 0:
        call_steps(page, "en", 1, rng, keyboard=False)
        called += 1
        assert called <= ROUND_COUPS * 5
    assert "coups in" in root.locator("[data-round]").inner_text()
    assert int(root.locator("[data-score]").get_attribute("data-coups") or "0") >= ROUND_COUPS
    shown.assert_clean()
