"""The tableau drill on the static pages, in Chromium, with no Python anywhere.

Every request for the in-browser Python app (``lite/``) and for any ``.wasm`` file is
blocked, so whatever works here works without a kernel.  The drill is driven through its
page contract (``data-practice``, ``data-question``, ``data-answer``, ``data-feedback``,
``data-next``, ``data-mastery``), and every verdict and explanation is checked against
the engine's own (:class:`bacara_teach.trainer.Feedback`).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from browser_harness import ON_A_PHONE, PHONE, Visit, offline_visit, serious_violations, visit

from bacara_teach.charts import decision_letter
from bacara_teach.i18n import term
from bacara_teach.practice.drill import DrillKey, drill_data, drill_deals, drill_worths
from bacara_teach.tableau import (
    CHEMIN_DE_FER,
    CHEMIN_DE_FER_SINGLE_BETTOR,
    PUNTO_BANCO,
    Cell,
    Decision,
    Tableau,
)
from bacara_teach.text import language_codes
from bacara_teach.trainer import Feedback, deal_situation

pytestmark = pytest.mark.browser

PAGES = {"punto-banco": "chapters/third-card-rule.html", "chemin-de-fer": "chapters/chemin-de-fer.html"}
DRILL = '[data-practice="tableau-drill"]'
QUESTIONS = 100


def _tableau(game: str, bettors: str | None) -> Tableau:
    if game == "punto-banco":
        return PUNTO_BANCO
    return CHEMIN_DE_FER_SINGLE_BETTOR if bettors == "one" else CHEMIN_DE_FER


def _question(page: Any) -> dict[str, str | None]:
    q = page.locator(f"{DRILL} [data-question]")
    return {name: q.get_attribute(f"data-{name}") for name in ("actor", "total", "third", "bettors")}


def _engine(game: str, shown: dict[str, str | None]) -> tuple[Cell, Tableau]:
    tableau = _tableau(game, shown["bettors"])
    assert shown["total"] is not None
    total = int(shown["total"])
    if shown["actor"] == "punto":
        assert shown["third"] is None
        return tableau.player_cell(total), tableau
    assert shown["actor"] == "banco", shown
    third = shown["third"]
    assert third is not None
    return tableau.banker_cell(total, None if third == "stood" else int(third)), tableau


def _expected_message(cell: Cell, tableau: Tableau, given: Decision, lang: str) -> str:
    situation = deal_situation(cell, random.Random(0), tableau)
    return Feedback(situation, given, given is cell.decision).message(lang)


def _drill_key(game: str, shown: dict[str, str | None]) -> DrillKey:
    third = shown["third"]
    assert shown["total"] is not None
    return (shown["bettors"] if game == "chemin-de-fer" else None,
            "player" if shown["actor"] == "punto" else "banker", int(shown["total"]),
            None if third in (None, "stood") else int(third))


def _expected_worth(game: str, shown: dict[str, str | None], lang: str) -> str:
    """What the engine says the cell's choices are worth, as the page's data holds it."""
    data = drill_data(game, lang)
    key = _drill_key(game, shown)
    cell = next(c for c in data["cells"]  # type: ignore[attr-defined]
                if (c["bettors"], c["actor"], c["total"], c["third"])
                == (key[0], shown["actor"], key[2], None if key[1] == "player" else
                    "stood" if key[3] is None else key[3]))
    texts = data["texts"]
    assert isinstance(texts, list)
    worth: str = texts[cell["worth"]]
    draw, stand = drill_worths(game)[key]
    from bacara_teach.pages.third_card_rule import per_100_text

    # the engine's figures, written as the page's language writes numbers
    assert per_100_text(draw - stand if cell["answer"] != "choice" else draw, lang) in worth
    return worth


def _check_question(page: Any, game: str, shown: dict[str, str | None], lang: str) -> None:
    """The question is one of the engine's deals for the cell, in its words, and shows only
    what the player deciding sees (in Chemin de Fer, the other side's first two cards face
    down)."""
    q = page.locator(f"{DRILL} [data-question]")
    prompt = q.locator(".bt-practice-prompt").inner_text().strip()
    situations = drill_deals(game)[_drill_key(game, shown)]
    assert prompt in [s.prompt(lang) for s in situations], prompt
    backs = q.locator(".bt-card.bt-back")
    if game == "punto-banco":
        assert backs.count() == 0
        return
    assert backs.count() == 2
    sides = q.locator(".bt-cards").all()
    hidden_side = sides[1] if shown["actor"] == "punto" else sides[0]
    assert hidden_side.locator(".bt-back").count() == 2
    # the banker sees at most the bettor's third card; the bettor nothing of the banker's
    faces = hidden_side.locator(".bt-card:not(.bt-back)").count()
    assert faces == (0 if shown["actor"] == "punto" or shown["third"] == "stood" else 1)


def _open(shown: Visit, game: str, lang: str) -> Any:
    shown.open(("" if lang == "en" else f"{lang}/") + PAGES[game])
    page = shown.page
    page.locator(f"{DRILL}[data-ready='true']").wait_for(timeout=5_000)
    assert page.locator(DRILL).get_attribute("data-game") == game
    return page


def _level(page: Any, cell: Cell) -> int | None:
    if cell.hand != "banker":
        return None
    third = "stood" if cell.third is None else str(cell.third)
    level = page.locator(f"{DRILL} [data-mastery] [data-cell='{cell.total}:{third}']").get_attribute(
        "data-level")
    assert level is not None
    return int(level)


def _drill(page: Any, game: str, lang: str, count: int, *, keys: bool = False) -> dict[str, int]:
    """Answer ``count`` questions, alternately right and wrong; check each verdict."""
    buttons = page.locator(f"{DRILL} [data-answer]").all()
    offered = [b.get_attribute("data-answer") for b in buttons]
    # each answer's key as the page's language names it (D/S/C in English, R/P/L in Spanish)
    letters = {b.get_attribute("data-answer"): (b.get_attribute("aria-keyshortcuts") or "").lower()
               for b in buttons}
    exported = drill_data(game, lang)["keys"]
    assert isinstance(exported, dict)
    assert letters == {answer: key.lower() for answer, key in exported.items() if answer in offered}
    seen: dict[str, int] = {}
    for number in range(count):
        shown = _question(page)
        cell, tableau = _engine(game, shown)
        _check_question(page, game, shown, lang)
        right = number % 2 == 0
        given = cell.decision if right else next(
            d for d in Decision if d is not cell.decision and d.value in offered)
        if keys:
            page.keyboard.press(letters[given.value])
        else:
            page.locator(f"{DRILL} [data-answer='{given.value}']").click()
        feedback = page.locator(f"{DRILL} [data-feedback]")
        assert feedback.get_attribute("data-correct") == ("true" if right else "false"), shown
        assert feedback.locator("[data-verdict]").inner_text().strip() \
            == _expected_message(cell, tableau, given, lang)
        assert feedback.locator("[data-worth]").inner_text().strip() \
            == _expected_worth(game, shown, lang)
        # the row of the table that decides the cell, the cell outlined, on the map too
        row = page.locator(f"{DRILL} [data-rule] [data-rule-row]")
        current = row.locator("td.bt-current")
        assert current.count() == 1
        columns = [th.inner_text() for th in row.locator("thead th").all()][1:]
        # its column: the row's first child is the row header
        position = current.evaluate("td => [...td.parentElement.children].indexOf(td) - 1")
        label = columns[position]
        if cell.hand == "banker":
            assert label == (str(cell.third) if cell.third is not None else
                             drill_data(game, lang)["labels"]["stood"])  # type: ignore[index]
            third = "stood" if cell.third is None else str(cell.third)
            assert "bt-current" in (page.locator(
                f"{DRILL} [data-mastery] [data-cell='{cell.total}:{third}']").get_attribute("class")
                or "")
        else:
            assert label == str(cell.total)
        assert current.get_attribute("data-letter") == decision_letter(cell.decision, lang)
        level = _level(page, cell)
        if level is not None:
            assert (level >= 2) if right else (level == 1), (shown, level)
        key = f"{shown['actor']}:{shown['bettors']}:{shown['total']}:{shown['third']}"
        seen[key] = seen.get(key, 0) + 1
        if keys:
            assert page.evaluate("document.activeElement.hasAttribute('data-next')")
            page.keyboard.press("Enter")
            assert page.evaluate("document.activeElement.hasAttribute('data-answer')")
        else:
            page.locator(f"{DRILL} [data-next]").click()
        assert page.locator(f"{DRILL} [data-feedback]").get_attribute("data-correct") is None
    return seen


@pytest.mark.parametrize("lang", language_codes())
@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_drill_judges_a_hundred_answers_as_the_engine_with_no_kernel(
        offline_desktop: tuple[Visit, list[str]], game: str, lang: str) -> None:
    shown, asked = offline_desktop
    page = _open(shown, game, lang)
    assert page.locator("html").get_attribute("lang") == lang
    seen = _drill(page, game, lang, QUESTIONS)
    # Missed cells come back: with every other answer wrong, some cell is asked twice.
    assert max(seen.values()) >= 2
    if game == "chemin-de-fer":
        assert {key.split(":")[1] for key in seen if key.startswith("punto")} <= {"one", "several"}
        offered = {b.get_attribute("data-answer") for b in page.locator(f"{DRILL} [data-answer]").all()}
        assert offered == {"draw", "stand", "choice"}
    assert page.locator(f"{DRILL} [data-mastery] [data-cell]").count() == 8 * 11
    assert asked == []  # the page never even asked for the Python runtime
    shown.assert_clean()


@pytest.mark.parametrize("lang", language_codes())
def test_a_free_cell_is_answered_free_choice_by_its_button_or_key_and_gives_both_values(
        offline_desktop: tuple[Visit, list[str]], lang: str) -> None:
    """Chemin de Fer asks what the rule says: free choice is an answer of its own (a third button
    and key), the free cells come first, and their feedback gives both choices' worth."""
    from bacara_teach.pages.third_card_rule import per_100_text

    shown, asked = offline_desktop
    page = _open(shown, "chemin-de-fer", lang)
    data = drill_data("chemin-de-fer", lang)
    labels, keys = data["labels"], data["keys"]
    assert isinstance(labels, dict) and isinstance(keys, dict)
    button = page.locator(f"{DRILL} [data-answer='choice']")
    assert button.get_attribute("aria-keyshortcuts") == keys["choice"]  # C, or L in Spanish
    assert button.inner_text().startswith(labels["choice"])
    page.locator(f"{DRILL} [data-mode='all']").focus()
    for number in range(4):
        question = _question(page)
        cell, tableau = _engine("chemin-de-fer", question)
        assert cell.decision is Decision.CHOICE, question  # the free cells come first
        _check_question(page, "chemin-de-fer", question, lang)
        prompt = page.locator(f"{DRILL} [data-question] .bt-practice-prompt").inner_text()
        assert re.search(re.escape(term("free-choice", lang)) + r"\s?\?$", prompt), prompt
        if number % 2:
            button.click()
        else:
            page.keyboard.press(keys["choice"].lower())
        feedback = page.locator(f"{DRILL} [data-feedback]")
        assert feedback.get_attribute("data-correct") == "true"
        assert feedback.locator("[data-verdict]").inner_text().strip() == _expected_message(
            cell, tableau, Decision.CHOICE, lang)
        worth = feedback.locator("[data-worth]").inner_text().strip()
        draw, stand = drill_worths("chemin-de-fer")[_drill_key("chemin-de-fer", question)]
        assert per_100_text(draw, lang) in worth and per_100_text(stand, lang) in worth
        if lang != "en":  # the page's numbers: a decimal comma and a real minus sign
            assert "," in worth and "-" not in worth
            assert ("\u2212" in worth) == (draw < 0 or stand < 0)
        page.keyboard.press("Enter")
    assert asked == []
    shown.assert_clean()


def test_progress_is_kept_across_a_reload_and_reset_clears_it(offline_desktop: tuple[Visit, list[str]]) -> None:
    shown, _ = offline_desktop
    page = _open(shown, "punto-banco", "en")
    _drill(page, "punto-banco", "en", 12)
    cells = page.locator(f"{DRILL} [data-mastery] [data-cell]")
    before = [cells.nth(i).get_attribute("data-level") for i in range(cells.count())]
    assert any(level != "0" for level in before)
    page.reload()
    page.locator(f"{DRILL}[data-ready='true']").wait_for(timeout=5_000)
    after = [cells.nth(i).get_attribute("data-level") for i in range(cells.count())]
    assert after == before
    # The Spanish page of the same game shares the record (same site, same browser).
    shown.open("es/" + PAGES["punto-banco"])
    page.locator(f"{DRILL}[data-ready='true']").wait_for(timeout=5_000)
    assert [cells.nth(i).get_attribute("data-level") for i in range(cells.count())] == before
    page.locator(f"{DRILL} [data-reset]").click()
    assert {cells.nth(i).get_attribute("data-level") for i in range(cells.count())} == {"0"}
    page.reload()
    page.locator(f"{DRILL}[data-ready='true']").wait_for(timeout=5_000)
    assert {cells.nth(i).get_attribute("data-level") for i in range(cells.count())} == {"0"}
    shown.assert_clean()


@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_drill_works_from_the_keyboard_alone(offline_desktop: tuple[Visit, list[str]], game: str) -> None:
    shown, _ = offline_desktop
    page = _open(shown, game, "en")
    # Before focus has moved into the drill, its keys already answer it.
    page.keyboard.press("s")
    assert page.locator(f"{DRILL} [data-feedback]").get_attribute("data-correct") in ("true", "false")
    page.keyboard.press("Enter")
    assert page.locator(f"{DRILL} [data-feedback]").get_attribute("data-correct") is None
    page.locator(f"{DRILL} [data-mode='all']").focus()
    _drill(page, game, "en", 20, keys=True)
    # Tab reaches the answer buttons, and a focused button shows its focus ring.
    page.locator(f"{DRILL} [data-mode='timed']").focus()
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-answer')"):
            break
    assert page.evaluate("document.activeElement.hasAttribute('data-answer')")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none")
    shown.assert_clean()


def test_the_spanish_drill_answers_to_its_own_keys(offline_desktop: tuple[Visit, list[str]]) -> None:
    """R robar, P plantarse, L elección libre: the keys the Spanish page names."""
    shown, _ = offline_desktop
    page = _open(shown, "chemin-de-fer", "es")
    assert "Teclas: R robar, P plantarse" in page.locator(DRILL).inner_text()
    page.locator(f"{DRILL} [data-mode='all']").focus()
    _drill(page, "chemin-de-fer", "es", 8, keys=True)
    shown.assert_clean()


def test_hard_mode_asks_only_banco_rows_three_to_six_against_a_third_card(
        offline_desktop: tuple[Visit, list[str]]) -> None:
    shown, _ = offline_desktop
    page = _open(shown, "punto-banco", "en")
    page.locator(f"{DRILL} [data-mode='hard']").click()
    assert page.locator(f"{DRILL} [data-mode='hard']").get_attribute("aria-pressed") == "true"
    for _ in range(30):
        q = _question(page)
        assert q["actor"] == "banco" and q["total"] in {"3", "4", "5", "6"} and q["third"] != "stood", q
        page.locator(f"{DRILL} [data-answer='draw']").click()
        page.locator(f"{DRILL} [data-next]").click()
    shown.assert_clean()


def test_the_drill_fits_a_phone_and_has_no_serious_accessibility_violation(
        browser: Any, site_url: str) -> None:
    for lang in language_codes():
        for game in PAGES:
            for shown, asked in offline_visit(browser, site_url, **ON_A_PHONE):
                page = _open(shown, game, lang)
                page.locator(f"{DRILL} [data-answer]").first.click()
                overflow = page.evaluate(
                    "document.documentElement.scrollWidth - document.documentElement.clientWidth")
                assert overflow <= 1, f"{game} {lang}: the page scrolls sideways by {overflow}px"
                box = page.locator(DRILL).bounding_box()
                assert box is not None and box["width"] <= PHONE["width"]
                for button in page.locator(f"{DRILL} [data-answer], {DRILL} [data-next]").all():
                    b = button.bounding_box()
                    assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"]
                    assert b["height"] >= 24
                assert serious_violations(page, "[data-practice]") == [], (game, lang)
                assert asked == []
                shown.assert_clean()


def test_the_drill_reads_well_in_dark_mode(dark: Visit) -> None:
    page = _open(dark, "punto-banco", "en")
    colour = page.evaluate(
        "getComputedStyle(document.querySelector('[data-practice] [data-question]')).color")
    channels = [int(c) for c in colour[colour.index("(") + 1:-1].split(",")[:3]]
    assert min(channels) > 150, f"the drill's text is {colour} in dark mode"
    dark.assert_clean()


CHECKED = ("start-here", "history", "cards-and-scoring", "third-card-rule", "worked-examples",
           "chemin-de-fer", "cdf-decisions", "home-session", "odds", "paying-bets",
           "baccarat-banque", "roads", "side-bets")


@pytest.mark.parametrize("lang", language_codes())
def test_every_self_check_answers_right_and_wrong_with_its_reason(
        offline_desktop: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_desktop
    for chapter in CHECKED:
        shown.open(("" if lang == "en" else f"{lang}/") + f"chapters/{chapter}.html")
        page = shown.page
        root = page.locator("[data-practice='self-check']")
        root.and_(page.locator("[data-ready='true']")).wait_for(timeout=5_000)
        data = json.loads(root.locator("script").inner_text())
        boxes = root.locator("fieldset[data-check]")
        assert boxes.count() == len(data["questions"])
        for index, q in enumerate(data["questions"]):
            box = boxes.nth(index)
            if q.get("prompt"):  # the box is named after its question
                assert q["prompt"] in box.locator("legend").inner_text(), (chapter, q)
            feedback = box.locator("[data-feedback]")
            if q["kind"] == "choice":
                wrong = next(c for c in q["choices"] if c != q["answer"])
                box.locator("[data-choice]").filter(has_text=wrong).first.click()
                assert feedback.get_attribute("data-correct") == "false"
                assert q["answer"] in feedback.inner_text() and q["why"] in feedback.inner_text()
                box.locator(f"[data-choice={json.dumps(q['answer'], ensure_ascii=False)}]").click()
                assert feedback.get_attribute("data-correct") == "true"
            elif q["kind"] == "numbers":
                box.locator("[data-typed]").fill(" and ".join(str(n + 1) for n in q["answer"]))
                box.locator("[data-typed]").press("Enter")
                assert feedback.get_attribute("data-correct") == "false"
                box.locator("[data-typed]").fill(", ".join(map(str, q["answer"])))
                box.locator("[data-check-answer]").click()
                assert feedback.get_attribute("data-correct") == "true"
            else:
                assert feedback.inner_text().strip() == ""
                box.locator("[data-reveal]").click()
                assert feedback.get_attribute("data-correct") is None
            assert q["why"] in feedback.inner_text(), (chapter, q)
    assert asked == []
    shown.assert_clean()


def test_the_stepper_steps_through_the_page_coup_and_typed_in_cards(
        offline_desktop: tuple[Visit, list[str]]) -> None:
    from bacara_teach import Coup
    from bacara_teach.narration import narrate_step

    shown, asked = offline_desktop
    shown.open("chapters/worked-examples.html")
    page = shown.page
    root = page.locator("[data-practice='coup-stepper']")
    root.and_(page.locator("[data-ready='true']")).wait_for(timeout=5_000)
    coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
    told = [narrate_step(step, "en") for step in coup.steps]
    for number, line in enumerate(told):
        assert root.locator("[data-narration]").inner_text() == line
        if number < len(told) - 1:
            root.locator("[data-step-next]").click()
    assert root.locator("[data-step-next]").is_disabled()
    # each hand reads with a space between two cards, as it is copied or read out
    hands = [hand.inner_text().strip() for hand in root.locator(".bt-cards").all()]
    assert "4♥ 9♣ 8♦" in hands and "2♠ A♦" in hands, hands
    assert root.locator("td.bt-current").count() == 0  # the result step decides no cell
    root.locator("[data-prev]").click()
    assert root.locator("td.bt-current").count() == 1
    root.locator("[data-cards]").fill("4h 2s 9c ad 7d 5c")
    root.locator("[data-deal]").click()
    typed = Coup.from_cards("4h 2s 9c ad 7d 5c")
    steps = len(typed.steps)
    for _ in range(steps - 1):
        root.locator("[data-step-next]").click()
    assert root.locator("[data-narration]").inner_text() == narrate_step(typed.steps[-1], "en")
    root.locator("[data-cards]").fill("4♥ 2♠ 11♣")
    root.locator("[data-cards]").press("Enter")
    assert "11♣" in root.locator("[data-error]").inner_text()
    assert root.locator("[data-narration]").inner_text() == narrate_step(typed.steps[-1], "en")
    assert asked == []
    shown.assert_clean()


def test_a_widget_that_needs_python_links_to_the_live_notebook(offline_desktop: tuple[Visit, list[str]]) -> None:
    # Every course widget works on its page; a table whose rules a page cannot prepare (a
    # commission owed across coups) still gives a still, and the page points its link at the
    # page's own live notebook.
    from bacara_teach.tables import ONLINE
    from bacara_teach.widgets import OnlineTableWidget
    from bacara_teach.widgets.online import page_view_supported

    accrued = ONLINE.with_options(commission="accrued")
    assert not page_view_supported(accrued)
    bundle = OnlineTableWidget(balance="100", seed=7, profile=accrued, lang="en")._repr_mimebundle_()
    still = (bundle[0] if isinstance(bundle, tuple) else bundle)["text/html"]
    assert "bt-still" in still and "data-live-link" in still
    shown, _ = offline_desktop
    shown.open("chapters/paying-bets.html")
    page = shown.page
    page.evaluate("""html => {
        const box = document.createElement("div");
        box.innerHTML = html;
        document.querySelector("main").prepend(box);
        BacaraPractice.startAll(document);
    }""", still)
    link = page.locator("a[data-live-link]")
    assert link.count() == 1
    assert link.get_attribute("href") == page.locator("a.bt-live-link").first.get_attribute("href")
    assert link.get_attribute("href") not in (None, "#")
    assert page.evaluate("getComputedStyle(document.querySelector('.bt-still button')).pointerEvents") \
        == "none"
    shown.assert_clean()


def test_the_timed_round_ends_with_its_score_and_keeps_the_best(offline_desktop: tuple[Visit, list[str]]) -> None:
    from bacara_teach.practice.drill import ROUND_SECONDS, drill_data

    shown, _ = offline_desktop
    page = shown.page
    page.clock.install()
    page = _open(shown, "punto-banco", "en")
    page.locator(f"{DRILL} [data-mode='timed']").click()
    assert page.locator(f"{DRILL} [role='timer']").is_visible()
    seen = _drill(page, "punto-banco", "en", 4)
    assert sum(seen.values()) == 4
    page.clock.run_for((ROUND_SECONDS + 1) * 1000)
    labels = drill_data("punto-banco", "en")["labels"]
    assert isinstance(labels, dict)
    # Every other answer was right: 2 of 4.
    assert page.locator(f"{DRILL} [data-feedback]").inner_text() == labels["over"].format(
        right=2, asked=4, best=2)
    assert all(b.is_disabled() for b in page.locator(f"{DRILL} [data-answer]").all())
    assert page.evaluate("JSON.parse(localStorage.getItem('bacara_teach.progress')).stores['punto-banco'].best") == 2
    shown.assert_clean()


def _luminance(colour: str) -> float:
    """WCAG relative luminance of a computed ``rgb(r, g, b)`` colour."""
    channels = [int(c) / 255 for c in colour[colour.index("(") + 1:-1].split(",")[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_adjacent_mastery_levels_differ_by_a_contrast_of_three_in_both_themes(
        browser: Any, site_url: str, scheme: str) -> None:
    for shown in visit(browser, site_url, color_scheme=scheme):
        page = _open(shown, "punto-banco", "en")
        assert page.evaluate("document.documentElement.dataset.theme") == scheme
        # The shades as the browser paints them from the site's stylesheet, on the map's legend
        # and on the map's own cells.
        shades = page.evaluate(f"""[0, 1, 2, 3, 4, 5].map((level) => {{
            const cell = document.querySelector('{DRILL} [data-mastery] td[data-level]');
            cell.dataset.level = String(level);
            const swatch = document.querySelector('{DRILL} .bt-practice-swatch[data-level="' + level + '"]');
            return [getComputedStyle(cell).backgroundColor, getComputedStyle(swatch).backgroundColor,
                    getComputedStyle(cell).color];
        }})""")
        for level, (cell, swatch, text) in enumerate(shades):
            assert cell == swatch and cell.startswith("rgb("), (scheme, level, cell, swatch)
            assert _contrast(cell, text) >= 4.5, (scheme, level, cell, text)  # the digit reads
        for level in range(5):
            ratio = _contrast(shades[level][0], shades[level + 1][0])
            assert ratio >= 3, f"{scheme}: levels {level} and {level + 1} differ by {ratio:.2f}:1"
        shown.assert_clean()


@pytest.mark.parametrize("where", ["desktop", "phone"])
def test_every_map_cell_is_at_least_28_px_each_way(browser: Any, site_url: str, where: str) -> None:
    options = ON_A_PHONE if where == "phone" else {"viewport": {"width": 1280, "height": 900}}
    for shown, _ in offline_visit(browser, site_url, **options):
        for game in PAGES:
            page = _open(shown, game, "en")
            sizes = page.evaluate(f"""[...document.querySelectorAll('{DRILL} [data-mastery] td[data-level]')]
                .map((td) => {{ const box = td.getBoundingClientRect(); return [box.width, box.height]; }})""")
            assert len(sizes) == len(drill_data(game, "en")["cells"])  # type: ignore[arg-type]
            small = [size for size in sizes if min(size) < 28]
            assert small == [], (game, where, small[:5])
        shown.assert_clean()


@pytest.mark.parametrize("lang", language_codes())
def test_the_drill_says_its_score_is_for_this_visit_and_why_a_card_can_come_twice(
        offline_desktop: tuple[Visit, list[str]], lang: str) -> None:
    shown, _ = offline_desktop
    for game, decks in (("punto-banco", 8), ("chemin-de-fer", 6)):
        page = _open(shown, game, lang)
        labels = drill_data(game, lang)["labels"]
        assert isinstance(labels, dict)
        shoe = page.locator(f"{DRILL} [data-shoe]").inner_text()
        assert shoe == labels["shoe"].replace("{decks}", str(decks)), shoe
        assert page.locator(f"{DRILL} [data-kept]").get_attribute("data-kept") == "browser"
        assert page.locator(f"{DRILL} [data-kept]").inner_text() == labels["kept"]
        _drill(page, game, lang, 3)
        score = page.locator(f"{DRILL} .bt-practice-score").inner_text()
        pattern = re.escape(labels["score"]).replace(r"\{right\}", r"[0-3]").replace(r"\{asked\}", "3")
        assert re.fullmatch(pattern, score), (score, labels["score"])
    shown.assert_clean()


def test_a_browser_that_keeps_nothing_is_told_its_progress_lasts_this_visit(
        browser: Any, site_url: str) -> None:
    for shown in visit(browser, site_url):
        # The store refuses the practice scripts' records (the theme's own setting still saves).
        shown.page.context.add_init_script("""{
            const set = Storage.prototype.setItem;
            Storage.prototype.setItem = function (key, value) {
              if (String(key).startsWith("bacara_teach.progress")) {
                throw new DOMException("full", "QuotaExceededError");
              }
              return set.call(this, key, value);
            };
        }""")
        page = _open(shown, "punto-banco", "en")
        kept = page.locator(f"{DRILL} [data-kept]")
        assert kept.get_attribute("data-kept") == "visit"
        assert kept.inner_text() == drill_data("punto-banco", "en")["labels"]["kept.off"]  # type: ignore[index]
        shown.assert_clean()


@pytest.mark.parametrize("lang", language_codes())
@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_keys_the_page_names_are_the_keys_it_answers_to(
        offline_desktop: tuple[Visit, list[str]], game: str, lang: str) -> None:
    """Read the keys from the sentence the reader sees, press them, and check each is taken as
    the answer that sentence gives it."""
    shown, _ = offline_desktop
    page = _open(shown, game, lang)
    hint = page.locator(f"{DRILL} .bt-practice-keys").inner_text()
    labels = drill_data(game, lang)["labels"]
    assert isinstance(labels, dict)
    template = labels["keys.choice" if game == "chemin-de-fer" else "keys"]
    pattern = re.escape(template)
    for answer in ("draw", "stand", "choice"):
        pattern = pattern.replace(re.escape("{" + answer + "}"), f"(?P<{answer}>\\w)")
    named = re.fullmatch(pattern, hint)
    assert named is not None, (hint, template)
    for answer, key in named.groupdict().items():
        for _ in range(3):  # three questions per named key
            cell, _tableau = _engine(game, _question(page))
            page.keyboard.press(key.lower())
            expected = "true" if cell.decision.value == answer else "false"
            assert page.locator(f"{DRILL} [data-feedback]").get_attribute("data-correct") == expected, \
                (lang, key, answer)
            page.keyboard.press("Enter")
    shown.assert_clean()
