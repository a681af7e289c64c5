"""The practice path, in Chromium, no Python.

The lite app and every ``.wasm`` file are blocked.  In English and Spanish, on a phone and on
a desktop, by pointer and by keyboard: the final check's thirty questions answered right and
wrong, each verdict held against the engine's answer; progress made on a chapter's practice
read on the path page, kept across reloads and carried to another browser in a file; a
poisoned store reset with a word; a file that is not a progress file refused, changing nothing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from browser_harness import Visit, assert_fits_a_phone, serious_violations, visit
from test_pay_table_in_browser import pay_layouts

from bacara_teach.practice.path import path_data
from bacara_teach.text import language_codes

pytestmark = pytest.mark.browser

PATH = '[data-practice="path"]'


def _page(lang: str, name: str = "practice") -> str:
    return ("" if lang == "en" else f"{lang}/") + f"{name}.html"


def _answers(lang: str) -> dict[str, tuple[str, str, list[str]]]:
    """Each question's words, as the page shows them: its kind, the engine's answer and the
    choices' values."""
    data = path_data(lang)
    out = {}
    for question in data["questions"]:
        _skill, _key, prompt, kind, answer, _why, *own = question
        values = [v for v, _ in own[0]] if own else [v for v, _ in data["choices"].get(kind, [])]
        out[data["texts"][prompt]] = (kind, answer, values)
    return out


def _answer(page: Any, box: str, answers: dict[str, tuple[str, str, list[str]]], right: bool,
            *, keyboard: bool) -> None:
    """Answer the question on show under ``box``, right or wrong, and check the verdict."""
    root = page.locator(box)
    asked = root.locator("[data-question]")
    kind, answer, choices = answers[asked.inner_text()]
    assert asked.get_attribute("data-kind") == kind
    if kind in ("amount", "count"):
        typed = answer if right else str(int(float(answer)) + 5)
        field = root.locator("[data-answer-input]")
        if keyboard:
            field.focus()
            page.keyboard.type(typed)
            page.keyboard.press("Enter")
        else:
            field.fill(typed)
            root.locator("[data-submit]").click()
    else:
        value = answer if right else next(v for v in choices if v != answer)
        button = root.locator(f"[data-answer='{value}']")
        if keyboard:
            button.focus()
            page.keyboard.press("Enter")
        else:
            button.click()
    feedback = root.locator("[data-feedback]")
    assert feedback.get_attribute("data-correct") == ("true" if right else "false")
    marked = root.locator("[data-right-answer]")
    if right or kind in ("amount", "count"):
        assert marked.count() == 0
    else:  # a miss shows which choice was right
        assert marked.get_attribute("data-answer") == answer
    if keyboard:
        assert page.evaluate("document.activeElement.hasAttribute('data-next')")
        page.keyboard.press("Enter")
    else:
        root.locator("[data-next]").click()


def take_final(page: Any, lang: str, rng: random.Random, *, keyboard: bool) -> int:
    """Take the final check, answering about two thirds right; return how many were."""
    answers = _answers(lang)
    root = page.locator(PATH)
    root.locator("[data-final-start]").click()
    right = 0
    for _ in range(30):
        correct = rng.random() < 0.65
        _answer(page, f"{PATH} #bt-path-final-box", answers, correct, keyboard=keyboard)
        right += correct
    result = root.locator("[data-result]")
    assert result.is_visible()
    assert result.get_attribute("data-right") == str(right)
    assert result.get_attribute("data-questions") == "30"
    assert result.locator("[data-result-skill]").count() == len(path_data(lang)["skills"])
    return right


def masteries(page: Any) -> dict[str, float]:
    items = page.locator(f"{PATH} [data-skill]")
    return {items.nth(i).get_attribute("data-skill") or "": float(items.nth(i).get_attribute("data-mastery") or "-1")
            for i in range(items.count())}


@pytest.mark.parametrize("lang", language_codes())
def test_the_final_check_on_a_phone_offline(offline_phone: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_phone
    shown.open(_page(lang))
    page = shown.page
    page.locator(f"{PATH}[data-ready='true']").wait_for(timeout=10_000)
    page.context.set_offline(True)
    first = masteries(page)
    assert set(first) == {s["name"] for s in path_data(lang)["skills"]}
    assert set(first.values()) == {0.0}
    assert page.locator(f"{PATH} [data-next-skill]").get_attribute("data-next-skill") == "card-values"
    right = take_final(page, lang, random.Random(f"phone-{lang}"), keyboard=False)
    assert_fits_a_phone(page, f"{PATH} button:visible")
    # the result is kept: a reload says what the last check scored
    page.context.set_offline(False)
    page.reload()
    page.locator(f"{PATH}[data-ready='true']").wait_for(timeout=10_000)
    last = page.locator(f"{PATH} [data-final-last]").inner_text()
    assert f"{right} " in last and "30" in last
    assert serious_violations(page, PATH) == []
    assert asked == []
    shown.assert_clean()


@pytest.mark.parametrize("lang", language_codes())
def test_the_final_check_by_keyboard_alone_then_printed_and_saved(
        offline_desktop: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_desktop
    shown.open(_page(lang))
    page = shown.page
    page.locator(f"{PATH}[data-ready='true']").wait_for(timeout=10_000)
    right = take_final(page, lang, random.Random(f"keys-{lang}"), keyboard=True)
    result = page.locator(f"{PATH} [data-result]")
    assert page.evaluate("document.activeElement.hasAttribute('data-result')")
    # printing shows the result alone; the browser's print dialog is not opened here
    page.evaluate("window.print = () => { window.printedAlone = document.documentElement.classList.contains('bt-printing-result'); }")
    result.locator("[data-print]").click()
    assert page.evaluate("window.printedAlone") is True
    with page.expect_download() as got:
        result.locator("[data-save-result]").click()
    saved = Path(got.value.path()).read_text(encoding="utf-8")
    assert f'lang="{lang}"' in saved and f"{right}" in saved and "<script" not in saved
    assert serious_violations(page, PATH) == []
    assert asked == []
    shown.assert_clean()


def test_practice_on_a_chapter_shows_on_the_path_and_survives_a_reload(desktop: Visit) -> None:
    page = desktop.page
    desktop.open(_page("en"))
    page.locator(f"{PATH}[data-ready='true']").wait_for(timeout=10_000)
    assert masteries(page)["pay-home"] == 0
    # pay bets on the Paying bets chapter, all of them right, at every table
    desktop.open(_page("en", "chapters/paying-bets"))
    page.locator("[data-practice='pay-table'][data-ready='true']").wait_for(timeout=10_000)
    pay_layouts(page, "en", 20, _always_right(), keyboard=False)
    page.wait_for_timeout(700)  # the record is written once the browser is idle
    desktop.open(_page("en"))
    page.locator(f"{PATH}[data-ready='true']").wait_for(timeout=10_000)
    after = masteries(page)
    assert all(after[f"pay-{name}"] > 0 for name in ("home", "casino", "online", "no-commission", "ez"))
    assert after["banco-table"] == 0
    # practise card values here: every right answer counts, and a reload keeps it
    answers = _answers("en")
    page.locator(f"{PATH} [data-practise-here='card-values']").click()
    for _ in range(12):
        _answer(page, f"{PATH} #bt-path-here-box", answers, True, keyboard=False)
    gained = masteries(page)["card-values"]
    assert gained > 0
    # stopping gives the keyboard back to the skill's own button
    page.locator(f"{PATH} [data-here-close]").click()
    assert page.evaluate("document.activeElement.dataset.practiseHere") == "card-values"
    page.reload()
    page.locator(f"{PATH}[data-ready='true']").wait_for(timeout=10_000)
    assert masteries(page) == {**after, "card-values": gained}
    # a pay skill's link opens the pay table at that skill's table
    page.locator(f"{PATH} [data-practise='pay-ez']").click()
    page.locator("[data-practice='pay-table'][data-ready='true']").wait_for(timeout=10_000)
    assert page.locator("[data-practice='pay-table']").get_attribute("data-profile") == "ez"
    desktop.assert_clean()


def _always_right() -> random.Random:
    class Right(random.Random):
        def random(self) -> float:
            return 0.0
    return Right(1)


def test_progress_carried_to_another_browser_in_a_file(browser: Any, site_url: str, tmp_path: Path) -> None:
    answers = _answers("es")
    for first in visit(browser, site_url):
        first.open(_page("es"))
        page = first.page
        page.locator(f"{PATH}[data-ready='true']").wait_for(timeout=10_000)
        page.locator(f"{PATH} [data-practise-here='roads']").click()
        for i in range(8):
            _answer(page, f"{PATH} #bt-path-here-box", answers, i % 4 != 0, keyboard=False)
        made = masteries(page)
        with page.expect_download() as got:
            page.locator(f"{PATH} [data-export]").click()
        saved = tmp_path / got.value.suggested_filename
        got.value.save_as(saved)
        assert page.locator(f"{PATH} [data-file-status]").get_attribute("data-outcome") == "saved"
        first.assert_clean()
    assert saved.name.startswith("bacara-teach-progress-") and saved.suffix == ".json"
    for second in visit(browser, site_url):
        second.open(_page("es"))
        page = second.page
        page.locator(f"{PATH}[data-ready='true']").wait_for(timeout=10_000)
        assert set(masteries(page).values()) == {0.0}
        # a file that is not a progress file is refused and changes nothing
        forged = tmp_path / "forged.json"
        progress = json.loads(saved.read_text(encoding="utf-8"))
        progress["stores"]["path"]["cells"]["<img src=x onerror=alert(1)>"] = {"level": 4, "due": 0, "asked": 1, "right": 1}
        forged.write_text(json.dumps(progress), encoding="utf-8")
        big = tmp_path / "big.json"
        big.write_text(" " * (2 * 1024 * 1024), encoding="utf-8")
        for bad in (forged, big):
            page.locator(f"{PATH} [data-import]").set_input_files(str(bad))
            status = page.locator(f"{PATH} [data-file-status][data-outcome='refused']")
            status.wait_for(timeout=5_000)
            assert bad.name in status.inner_text()
            assert set(masteries(page).values()) == {0.0}
        page.locator(f"{PATH} [data-import]").set_input_files(str(saved))
        page.locator(f"{PATH} [data-file-status][data-outcome='loaded']").wait_for(timeout=5_000)
        assert masteries(page) == made
        page.reload()
        page.locator(f"{PATH}[data-ready='true']").wait_for(timeout=10_000)
        assert masteries(page) == made
        second.assert_clean()


@pytest.mark.parametrize("poison", [
    "<img src=x onerror=alert(1)>",
    '{"version": 2, "stores": {"punto-banco": {"version": 1, "step": "9", "cells": {}}}, "finals": []}',
    '{"version": 2, "stores": {}, "finals": [{"date": "2026-12-05", "right": 1e308, "questions": 30, "skills": {}}]}',
])
def test_a_poisoned_store_is_reset_with_a_word(desktop: Visit, poison: str) -> None:
    page = desktop.page
    for name, root in (("practice", PATH), ("chapters/third-card-rule", "[data-practice='tableau-drill']")):
        desktop.open(_page("en", name))
        page.evaluate("(text) => localStorage.setItem('bacara_teach.progress', text)", poison)
        page.reload()
        page.locator(f"{root}[data-ready='true']").wait_for(timeout=10_000)
        word = page.locator("[data-store-reset]")
        assert word.count() == 1 and word.is_visible()
        assert page.evaluate("localStorage.getItem('bacara_teach.progress')") != poison
        page.reload()  # once reset, the page loads clean
        page.locator(f"{root}[data-ready='true']").wait_for(timeout=10_000)
        assert page.locator("[data-store-reset]").count() == 0
    desktop.assert_clean()


def test_the_path_reads_in_dark_mode(dark: Visit) -> None:
    dark.open(_page("es"))
    page = dark.page
    page.locator(f"{PATH}[data-ready='true']").wait_for(timeout=10_000)
    page.locator(f"{PATH} [data-practise-here='card-values']").click()
    _answer(page, f"{PATH} #bt-path-here-box", _answers("es"), False, keyboard=False)
    page.locator(f"{PATH} [data-final-start]").click()
    assert serious_violations(page, PATH) == []
    dark.assert_clean()
