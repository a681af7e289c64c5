"""The Chemin de Fer table's procedures on their chapter, in Chromium, no Python.

The lite app and every ``.wasm`` file are blocked, and the browser goes offline once the page
has loaded.  In English and Spanish, on a 390 px phone, moments are answered right and wrong
by pointer; by keyboard alone (the number keys and Enter) on a desktop.  Each verdict is held
against the session the engine replays from the moment's moves: who it waits for, and the
limits of what that player may do; the seats shown are the session's.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from browser_harness import Visit, assert_fits_a_phone, serious_violations

from bacara_teach.chemin_de_fer_session import CheminDeFerSession, Phase
from bacara_teach.practice.procedures import moments, procedures_data

pytestmark = pytest.mark.browser

ROOT = '[data-practice="cdf-procedures"]'
ANSWERS = 24


def _page_path(lang: str) -> str:
    return ("es/" if lang == "es" else "") + "chapters/cdf-table.html"


def _session(index: int) -> CheminDeFerSession:
    """The session of moment ``index``, replayed from its moves by the engine."""
    kept = moments()[index].session
    again = CheminDeFerSession(kept.players, seed=kept.seed, first_banker=kept.first_banker)
    for move in kept.log:
        again.apply(move)
    return again


def answer_moments(page: Any, lang: str, count: int, rng: random.Random, *, keyboard: bool) -> int:
    """Answer ``count`` questions, right or wrong at random; check each verdict against the
    engine's session. Return how many were right."""
    root = page.locator(ROOT)
    data = procedures_data(lang)
    right = 0
    for _ in range(count):
        if not root.locator("[data-next]").is_disabled():
            if keyboard:
                page.keyboard.press("Enter")
            else:
                root.locator("[data-next]").click()
        shown = root.locator("[data-situation]")
        index = int(shown.get_attribute("data-index") or "-1")
        session = _session(index)
        pending = session.pending
        seats = root.locator("[data-table] [data-seat]")
        assert seats.count() == session.size
        for seat in range(session.size):
            one = root.locator(f"[data-table] [data-seat='{seat}']")
            assert one.get_attribute("data-name") == session.players[seat]
            assert int(one.get_attribute("data-chips") or "-1") == session.balances[seat]
            assert (one.get_attribute("data-banker") == "true") == (seat == session.banker)
        step = root.locator("[data-step]").get_attribute("data-kind")
        correct = rng.random() < 0.6
        buttons = root.locator("[data-answer]")
        if step == "who":
            expected = -1 if pending is None else pending.seat
            values = [int(b.get_attribute("data-seat") or "-9") for b in buttons.all()]
            given = expected if correct else rng.choice([v for v in values if v != expected])
            position = values.index(given)
        else:
            assert step == "may" and pending is not None
            texts = [b.inner_text() for b in buttons.all()]
            low, high = pending.minimum, pending.maximum
            wanted = {Phase.BETS: [low, high], Phase.BANCO: [session.bank],
                      Phase.CONTINUE: [low], Phase.OPEN_BANK: [low]}[pending.phase]
            # the right option: the limits the session gives, and a banco only when banco is asked
            fits = [i for i, t in enumerate(texts) if [int(n) for n in re.findall(r"\d+", t)] == wanted
                    and bool(re.search(r"\bbanco\b", t, re.I)) == (pending.phase is Phase.BANCO)]
            assert len(fits) == 1, (texts, wanted)
            position = fits[0] if correct else rng.choice([i for i in range(len(texts)) if i != fits[0]])
        if keyboard:
            page.keyboard.press(str(position + 1))
        else:
            buttons.nth(position).click()
        verdict = root.locator("[data-feedback]").get_attribute("data-correct")
        assert verdict == ("true" if correct else "false"), (index, step)
        right += correct
        if step == "who" and pending is not None:  # the second question follows
            assert root.locator("[data-step]").get_attribute("data-kind") == "may"
    assert len(data["situations"]) == len(moments())
    return right


@pytest.mark.parametrize("lang", ["en", "es"])
def test_moments_answered_right_and_wrong_offline_on_a_phone(
        offline_phone: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_phone
    shown.open(_page_path(lang))
    page = shown.page
    page.locator(f"{ROOT}[data-ready='true']").wait_for(timeout=10_000)
    page.context.set_offline(True)
    root = page.locator(ROOT)
    right = answer_moments(page, lang, ANSWERS, random.Random(f"proc-{lang}"), keyboard=False)
    assert int(root.locator("[data-score]").get_attribute("data-right") or "-1") == right
    assert_fits_a_phone(page, f"{ROOT} [data-table] [data-seat]")
    assert shown.failed == [] and shown.errors == []
    page.context.set_offline(False)  # axe reads the page's stylesheets
    assert serious_violations(page, ROOT) == []
    assert asked == []
    shown.assert_clean()


def test_moments_answered_by_keyboard_alone_and_kept_across_a_reload(
        offline_desktop: tuple[Visit, list[str]]) -> None:
    shown, asked = offline_desktop
    shown.open(_page_path("en"))
    page = shown.page
    page.locator(f"{ROOT}[data-ready='true']").wait_for(timeout=10_000)
    root = page.locator(ROOT)
    root.locator("[data-answer]").first.focus()
    answer_moments(page, "en", ANSWERS, random.Random("proc-keys"), keyboard=True)
    known = root.locator(".bt-practice-known").inner_text()
    stored = page.evaluate("JSON.parse(localStorage.getItem('bacara_teach.progress')).stores['cdf-procedures']")
    assert stored and stored["cells"]
    page.reload()
    page.locator(f"{ROOT}[data-ready='true']").wait_for(timeout=10_000)
    assert root.locator(".bt-practice-known").inner_text() == known
    assert asked == []
    shown.assert_clean()
