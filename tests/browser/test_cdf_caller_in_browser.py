"""The Chemin de Fer coup caller on the decisions chapter, in Chromium, no Python.

The lite app and every ``.wasm`` file are blocked, and the browser goes offline once the page
has loaded.  In English and Spanish, on a 390 px phone, whole coups are called right and wrong;
each verdict is held against the seeds' rules worked out here from the cards on show (and the
choices the players made at free cells), and a third card must not be on the table before the
call that deals it.  In seat mode, by keyboard alone, the learner takes the other choice at a
free cell, and the coup goes on as the engine plays that choice.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from browser_harness import Visit, assert_fits_a_phone, serious_violations
from cdf_rules import cdf_calls

from bacara_teach.chemin_de_fer import CheminDeFerCoup, MissingDecision
from bacara_teach.practice.cdf_caller import CDF_EXAMPLE, cdf_caller_data

pytestmark = pytest.mark.browser

CALLER = '[data-practice="coup-caller"][data-game="chemin-de-fer"]'
CALLS = 60
OTHER = {"yes": "no", "no": "yes", "draw": "stand", "stand": "choice", "choice": "draw",
         "punto": "banco", "banco": "tie", "tie": "punto"}


def _page_path(lang: str) -> str:
    return ("es/" if lang == "es" else "") + "chapters/cdf-decisions.html"


def _chose(text: str) -> dict[str, str]:
    """The free choices a coup on show was dealt with, from its ``data-chose`` ("1:draw 2:stand")."""
    return dict(pair.split(":") for pair in text.split())


def _lines(lang: str) -> set[tuple[str, str]]:
    """Each line the page may show (alternatives included): its cards and its free choices."""
    found: set[tuple[str, str]] = set()

    def walk(line: dict[str, Any]) -> None:
        found.add((line["cards"], " ".join(f"{i}:{d}" for i, d in line["chose"].items())))
        for other in line.get("alt", {}).values():
            walk(other)

    for coup in cdf_caller_data(lang)["coups"]:
        walk(coup)
    return found


def expected(cards: str, chose: dict[str, str], kind: str) -> tuple[str, int, int]:
    """The call of ``kind`` on these cards by the rules, the step's index, and how many cards
    are on the table while it is asked; the engine, dealt the same cards, ends the same way."""
    calls, used = cdf_calls(cards.split(), chose)
    index = [k for k, _ in calls].index(kind)
    shown = 4 + sum(1 for i, (k, call) in enumerate(calls[:index]) if k in ("bettor", "banker") and (
        call == "draw" or (call == "choice" and chose.get(str(i)) == "draw")))
    try:
        engine = CheminDeFerCoup.from_cards(cards, bettor=chose.get("1"), banker=chose.get("2"))
    except MissingDecision:  # the bettor chose, then the banker's natural ended the coup
        engine = CheminDeFerCoup.from_cards(cards, bettor="draw")
    assert f"{engine.bettor_total} {engine.banker_total}" == calls[-1][1]
    assert used == len(cards.split())
    return calls[index][1], index, shown


def call_steps(page: Any, lang: str, count: int, rng: random.Random, *, keyboard: bool,
               seat: bool = False) -> tuple[int, int]:
    """Make ``count`` calls, right or wrong at random (in seat mode, at a free cell, the other
    choice than the one the coup was dealt with); check each verdict and the cards on show.
    Return how many calls were right and how many free cells were decided by the learner."""
    root = page.locator(CALLER)
    keys = cdf_caller_data(lang)["keys"]
    lines = _lines(lang)
    right = decided = 0
    for _ in range(count):
        if not root.locator("[data-next]").is_disabled():
            if keyboard:
                page.keyboard.press("Enter")
            else:
                root.locator("[data-next]").click()
        coup = root.locator("[data-coup]")
        cards = coup.get_attribute("data-cards") or ""
        kind = root.locator("[data-step]").get_attribute("data-kind") or ""
        assert (cards, coup.get_attribute("data-chose") or "") in lines
        chose = _chose(coup.get_attribute("data-chose") or "")
        answer, index, shown = expected(cards, chose, kind)
        assert root.locator("[data-coup] .bt-card").count() == shown, (cards, kind)
        correct = rng.random() < 0.6
        if kind == "totals":
            given = answer if correct else " ".join(str((int(t) + 1) % 10) for t in answer.split())
            if keyboard:
                assert page.evaluate("document.activeElement.hasAttribute('data-answer-input')")
                page.keyboard.type(given)
                page.keyboard.press("Enter")
            else:
                root.locator("[data-answer-input]").fill(given)
                root.locator("[data-submit]").click()
        else:
            if seat and answer == "choice":
                assert root.locator("[data-answer='choice']").count() == 0
                given = "stand" if chose[str(index)] == "draw" else "draw"
                correct = True
                decided += 1
            else:
                given = answer if correct else OTHER[answer]
            if keyboard:
                page.keyboard.press(keys[given].lower())
            else:
                root.locator(f"[data-answer='{given}']").click()
            if seat and answer == "choice":  # the coup goes on from the learner's choice
                assert _chose(coup.get_attribute("data-chose") or "")[str(index)] == given, cards
        feedback = root.locator("[data-feedback]")
        assert feedback.get_attribute("data-correct") == ("true" if correct else "false"), (cards, kind, given)
        right += correct
    return right, decided


@pytest.mark.parametrize("lang", ["en", "es"])
def test_chemin_de_fer_coups_called_right_and_wrong_offline_on_a_phone(
        offline_phone: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_phone
    shown.open(_page_path(lang))
    page = shown.page
    page.locator(f"{CALLER}[data-ready='true']").wait_for(timeout=10_000)
    page.context.set_offline(True)
    root = page.locator(CALLER)
    # a fresh page calls the rules' worked example first
    assert root.locator("[data-coup]").get_attribute("data-cards") == CDF_EXAMPLE[0]
    right, _ = call_steps(page, lang, CALLS // 2, random.Random(f"cdf-phone-{lang}"), keyboard=False)
    assert int(root.locator("[data-score]").get_attribute("data-right") or "-1") == right
    assert_fits_a_phone(page, f"{CALLER} button:visible")
    assert shown.failed == [] and shown.errors == []
    page.context.set_offline(False)  # axe reads the page's stylesheets
    assert serious_violations(page, CALLER) == []
    assert asked == []
    shown.assert_clean()


def test_seat_mode_by_keyboard_follows_the_learner_s_own_choices(
        offline_desktop: tuple[Visit, list[str]]) -> None:
    shown, asked = offline_desktop
    shown.open(_page_path("en"))
    page = shown.page
    page.locator(f"{CALLER}[data-ready='true']").wait_for(timeout=10_000)
    root = page.locator(CALLER)
    root.locator("[data-mode='seat']").focus()
    page.keyboard.press("Enter")
    assert root.locator("[data-mode='seat']").get_attribute("aria-pressed") == "true"
    root.locator("[data-answer]").first.focus()
    _, decided = call_steps(page, "en", CALLS, random.Random("cdf-seat"), keyboard=True, seat=True)
    assert decided >= 2  # the worked example alone has two free cells
    assert asked == []
    shown.assert_clean()
