"""The Chemin de Fer seat and the odds explorer on the static pages, in Chromium, no Python.

Every request for the in-browser Python app (``lite/``) and for any ``.wasm`` file is
blocked.  The seat is played through its page contract on a 390 px phone, in English and
Spanish, and each result and the running net are held against coups the engine deals
afresh; the explorer's figures are held against the engine's exact odds, and a shoe the
page did not prepare says so and leads to the live notebook.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_harness import Visit, assert_fits_a_phone, serious_violations

from bacara_teach.analysis.composition import RANKS, Composition
from bacara_teach.analysis.edges import edges_for_profile
from bacara_teach.chemin_de_fer import BANKER, BETTOR, CoupInPlay, as_punto_banco, deal_coup
from bacara_teach.practice.odds import odds_data
from bacara_teach.practice.seat import PAGE_COUPS, seat_data
from bacara_teach.text import language_codes
from bacara_teach.widgets._html import percent

pytestmark = pytest.mark.browser

SEAT = '[data-practice="chemin-seat"]'
ODDS = '[data-practice="odds-explorer"]'
LANGS = language_codes()


def _open(shown: Visit, chapter: str, lang: str, root: str) -> Any:
    shown.open(("" if lang == "en" else f"{lang}/") + f"chapters/{chapter}.html")
    page = shown.page
    page.locator(f"{root}[data-ready='true']").wait_for(timeout=10_000)
    return page


def _fits(page: Any, root: str) -> None:
    assert_fits_a_phone(page, f"{root} button:visible, {root} select", thumb=True)


def _engine_net(cards: list[str], seat: str, choice: str | None, bettors: int) -> int:
    play = CoupInPlay(cards, bettors=bettors)
    made: dict[str, str] = {}
    while (view := play.pending) is not None:
        answer = choice if view.role == seat else as_punto_banco(view).value
        assert answer is not None, (cards, seat, view)
        made[view.role] = answer
        play.decide(answer)
    coup = deal_coup(cards, bettors=bettors, bettor=made.get(BETTOR), banker=made.get(BANKER),
                     leftover=True)
    mine, theirs = ((coup.bettor_total, coup.banker_total) if seat == BETTOR
                    else (coup.banker_total, coup.bettor_total))
    return (mine > theirs) - (mine < theirs)


@pytest.mark.parametrize("lang", LANGS)
def test_the_seat_plays_its_coups_on_a_phone_with_no_kernel(
        offline_phone: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_phone
    page = _open(shown, "chemin-de-fer", lang, SEAT)
    data = seat_data(seat="banker", seed=4, lang=lang)
    root = page.locator(SEAT)
    assert root.locator("[data-seat='banker']").get_attribute("aria-pressed") == "true"
    _fits(page, SEAT)
    expected = 0  # the engine's net over every coup the page has played
    decided = 0
    last = -1
    turns = [(data["seat"], False)]  # the coup dealt at load, for the page's first seat
    # Each seat meets a free cell in PAGE_COUPS of the prepared coups: take each seat to
    # about half of them with "Deal until you decide".
    half = PAGE_COUPS // 2
    turns += [(BETTOR, True)] * half + [(BANKER, True)] * half
    for number, (seat, skip) in enumerate(turns):
        if number and seat != turns[number - 1][0]:  # the other seat, from the next coup on
            root.locator(f"[data-seat='{seat}']").click()
            assert root.locator(f"[data-seat='{seat}']").get_attribute("aria-pressed") == "true"
        if skip:
            root.locator("[data-skip]").click()
        index = int(root.get_attribute("data-coup") or "-1")
        over = root.get_attribute("data-over") == "true"
        for passed in range(last + 1, index + 1 if over else index):  # dealt on the way
            expected += _engine_net(data["coups"][passed]["cards"], seat, None, 2)
        last = index
        if over:
            assert int(root.locator("[data-score]").get_attribute("data-net") or "99") == expected
            break
        choice = None
        if root.locator("[data-answer='draw']").is_enabled():
            assert root.locator("[data-seen]").inner_text().strip()
            # Keyboard only: focus is on Draw (Enter), or the Stand key of the language.
            choice = "stand" if number % 2 else "draw"
            if choice == "draw":
                page.keyboard.press("Enter")
            else:
                page.keyboard.press(data["labels"]["do.stand"][0].lower())
            decided += 1
        status = root.locator("[data-status]")
        net = _engine_net(data["coups"][index]["cards"], seat, choice, 2)
        expected += net
        assert int(status.get_attribute("data-net") or "99") == net
        assert status.get_attribute("aria-live") == "polite"
        assert root.locator("[data-narration] li").count() >= 3
        score = root.locator("[data-score]")
        assert int(score.get_attribute("data-coups") or "0") == index + 1
        assert int(score.get_attribute("data-net") or "99") == expected
    assert decided >= 2 * half
    _fits(page, SEAT)
    assert serious_violations(page, SEAT) == []
    assert asked == []
    shown.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_the_explorer_shows_the_engine_odds_on_a_phone_with_no_kernel(
        offline_phone: tuple[Visit, list[str]], lang: str) -> None:
    shown, asked = offline_phone
    page = _open(shown, "odds", lang, ODDS)
    root = page.locator(ODDS)
    data = odds_data(lang)

    def shown_rows() -> list[list[str]]:
        rows = []
        for row in root.locator("[data-figures] tbody tr").all():
            rows.append([cell.inner_text().strip() for cell in row.locator("td").all()][1:])
        return rows

    def engine_rows(decks: int, profile: str, rank: int | None, out: int) -> list[list[str]]:
        shoe = Composition.standard(decks)
        if rank is not None:
            shoe = shoe.without([RANKS[rank]] * out)
        return [[percent(a.win, lang=lang), percent(a.push, lang=lang),
                 percent(a.house_edge, lang=lang)] for a in edges_for_profile(profile, shoe).values()]

    assert root.locator("[data-figures]").get_attribute("data-shoe") == "8"
    assert shown_rows() == engine_rows(8, "home", None, 0)
    _fits(page, ODDS)
    root.locator("[data-control='table']").select_option("casino")
    root.locator("[data-control='rank']").select_option(value="5")  # the fives
    root.locator("[data-control='count']").select_option(value="4")
    assert root.locator("[data-figures]").get_attribute("data-shoe") == "8:4:4"
    assert shown_rows() == engine_rows(8, "casino", 4, 4)
    # Keyboard: the decks box, arrowed down to six decks.
    root.locator("[data-control='decks']").focus()
    root.locator("[data-control='decks']").select_option(value="6")
    assert shown_rows() == engine_rows(6, "casino", 4, 4)
    # A shoe the page did not prepare says so and leads to the live notebook.
    root.locator("[data-control='decks']").select_option(value="3")
    status = root.locator("[data-status]")
    assert status.get_attribute("data-prepared") == "false"
    assert status.inner_text().strip() == data["labels"]["unprepared"]
    assert root.locator("[data-figures] tr").count() == 0
    live = root.locator("a[data-live]")
    assert live.get_attribute("href") == page.locator("a.bt-live-link").first.get_attribute("href")
    root.locator("[data-control='rank']").select_option(value="")
    assert status.get_attribute("data-prepared") == "true"
    assert shown_rows() == engine_rows(3, "casino", None, 0)
    _fits(page, ODDS)
    assert serious_violations(page, ODDS) == []
    assert asked == []
    shown.assert_clean()


def test_the_seat_and_the_explorer_read_well_in_dark_mode(dark: Visit) -> None:
    for chapter, root in (("chemin-de-fer", SEAT), ("odds", ODDS)):
        page = _open(dark, chapter, "en", root)
        colour = page.evaluate(f"getComputedStyle(document.querySelector('{root} [data-status]')).color")
        channels = [int(c) for c in colour[colour.index("(") + 1:-1].split(",")[:3]]
        assert min(channels) > 150, f"{chapter}: the text is {colour} in dark mode"
    dark.assert_clean()
