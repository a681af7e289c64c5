"""The front page in Chromium, in both languages, on a 1280 px desktop and a 390 px phone, light
and dark: the course's name as title and first heading, the coup the engine dealt, three ways
in, exactly one search box, nothing wider than the screen, and no serious accessibility
violation.  Search from that box answers a rule question; the printable pages print on one A4
sheet; a chapter's "Try this chapter live" comes after its heading.

Screenshots of the front page are kept for a person to look at, in ``tmp/artefacts/front-page``
at the project's root (``BACARA_ARTEFACTS`` names another folder).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import front_door
import pytest
from browser_harness import DESKTOP, PHONE, Visit, offline_visit, serious_violations

from bacara_teach.pages.front_page import front_coup
from bacara_teach.text import language_codes, tr

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTEFACTS = Path(os.environ.get("BACARA_ARTEFACTS", ROOT / "tmp" / "artefacts")) / "front-page"
LANGUAGES = {lang: "" if lang == "en" else f"{lang}/" for lang in language_codes()}
COURSE_TITLE = "Baccarat, rule by rule"  # docs/_ext/front_door.py: COURSE_TITLE
DEVICES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": DESKTOP},
    "phone": {"viewport": PHONE, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}
SCHEMES = ("light", "dark")

VISIBLE_SEARCH_BOXES = """() => [...document.querySelectorAll(
    'form.bd-search, .search-button-field, .search-button__button, input[type=search]')]
  .filter((el) => !el.closest("#pst-search-dialog"))  // the dialog a box opens
  .filter((el) => { const box = el.getBoundingClientRect();
    return el.checkVisibility({visibilityProperty: true, opacityProperty: true})
      && box.width > 0 && box.height > 0 && box.right > 0 && box.left < innerWidth
      && box.bottom > 0; })
  .map((el) => el.className)"""


@pytest.fixture(params=[(lang, device, scheme) for lang in LANGUAGES for device in DEVICES
                        for scheme in SCHEMES], ids="-".join)
def front(request: pytest.FixtureRequest, browser: Any, site_url: str
          ) -> Iterator[tuple[Visit, str, str, str]]:
    lang, device, scheme = request.param
    for shown, blocked in offline_visit(browser, site_url, color_scheme=scheme, **DEVICES[device]):
        shown.open(f"{LANGUAGES[lang]}index.html")
        yield shown, lang, device, scheme
        assert blocked == []  # the front page works without the in-browser Python


def test_the_front_page_is_a_front_door(front: tuple[Visit, str, str, str]) -> None:
    visit, lang, device, scheme = front
    page = visit.page
    title = tr(COURSE_TITLE, lang)
    assert lang == "en" or title != COURSE_TITLE  # the Spanish site has its own name
    assert page.locator("html").get_attribute("lang") == lang
    # the course's name: the browser's title, the site's title in the header, the first heading
    assert page.title() == title
    assert page.locator("h1").first.inner_text().strip().rstrip("#").strip() == title
    assert page.locator(".navbar-brand .logo__title").first.text_content().strip() == title
    assert "bacara_teach" not in page.title()
    # one picture, drawn by the engine: the coup's cards, named in its text alternative
    picture = page.locator("figure.bt-front-picture svg[role=img]")
    assert picture.count() == 1 and picture.is_visible()
    box = picture.bounding_box()
    assert box is not None and box["width"] >= 250 and box["height"] >= 150
    coup = front_coup()
    assert picture.locator("title").text_content() .endswith(
        " ".join(str(card) for card in coup.cards))
    assert picture.locator(".bt-card-face").count() == len(coup.cards)
    assert coup.narrate(lang).splitlines()[-1] in picture.locator("desc").text_content()
    # three ways in, each a heading with its links
    ways = page.locator(".bt-ways > .bt-way")
    assert ways.count() == 3
    assert all(ways.nth(i).locator("h2").is_visible() for i in range(3))
    learn, teach, look_up = (ways.nth(i) for i in range(3))
    chapters = learn.locator("ol.bt-course-path > li")
    assert chapters.count() >= 12
    times = [chapters.nth(i).locator(".bt-reading-time").inner_text() for i in range(chapters.count())]
    said = re.escape(tr(front_door.READING_TIME, lang, minutes=0)).replace("0", r"\d+")
    assert all(re.fullmatch(said, " ".join(time.split())) for time in times), times
    assert learn.locator("a[href='chapters/start-here.html']").count() >= 1
    assert teach.locator("a[href='teachers.html']").count() == 1
    for href in ("reference/rules-punto-banco.html", "reference/rules-chemin-de-fer.html",
                 "_static/rules-card.html", "reference/glossary.html", "reference/faq.html"):
        assert look_up.locator(f"a[href='{href}']").count() == 1, href
    # one search box, whatever the screen
    assert len(page.evaluate(VISIBLE_SEARCH_BOXES)) == 1, page.evaluate(VISIBLE_SEARCH_BOXES)
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    if device == "phone":  # the ways in stack; the picture fits the screen
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    assert serious_violations(page) == []
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTEFACTS / f"{lang}-{device}-{scheme}.png"
    page.screenshot(path=str(shot), full_page=False)
    assert shot.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    visit.assert_clean()


@pytest.mark.parametrize(("lang", "query", "answer"), [
    ("en", "commission", "chapters/paying-bets.html"),
    ("es", "tercera carta", "chapters/third-card-rule.html"),
])
def test_the_search_box_answers_a_rule_question(offline_desktop: tuple[Visit, list[str]],
                                                lang: str, query: str, answer: str) -> None:
    visit, _blocked = offline_desktop
    page = visit.page
    visit.open(f"{LANGUAGES[lang]}chapters/odds.html")
    page.locator(".bd-sidebar-primary .search-button-field").click()
    field = page.locator("#pst-search-dialog input[name=q]")
    field.fill(query)
    field.press("Enter")
    page.wait_for_url("**/search.html?q=*")
    page.wait_for_function("() => document.querySelectorAll('#search-results ul.search li').length"
                           " > 2", timeout=15_000)
    first = [href.split("#")[0] for href in page.locator("#search-results ul.search li > a")
             .evaluate_all("links => links.slice(0, 3).map((a) => a.getAttribute('href'))")]
    assert answer in first, first
    assert not any(href.startswith("reference/api") for href in first)
    visit.assert_clean()


def test_the_phone_search_button_opens_the_one_search_box(offline_phone: tuple[Visit, list[str]]
                                                          ) -> None:
    visit, _blocked = offline_phone
    page = visit.page
    visit.open("es/index.html")
    page.locator(".bd-header-article .search-button").click()
    field = page.locator("#pst-search-dialog input[name=q]")
    field.wait_for(state="visible")
    field.fill("empate")
    field.press("Enter")
    page.wait_for_url("**/es/search.html?q=*")
    page.wait_for_function("() => document.querySelectorAll('#search-results ul.search li').length"
                           " > 0", timeout=15_000)
    visit.assert_clean()


PRINTED = ["_static/rules-card.html", "reference/rules-punto-banco.html",
           "reference/rules-chemin-de-fer.html"]


@pytest.mark.parametrize("path", [f"{prefix}{page}" for prefix in LANGUAGES.values()
                                  for page in PRINTED])
def test_the_rules_print_on_one_a4_sheet(desktop: Visit, path: str) -> None:
    desktop.open(path)
    pdf = desktop.page.pdf(format="A4", print_background=True)
    assert pdf.startswith(b"%PDF")
    pages = re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf)
    assert len(pages) == 1, f"{path} prints on {len(pages)} A4 pages"
    desktop.assert_clean()


def test_a_printed_summary_keeps_its_rules_and_leaves_the_screen_out(desktop: Visit) -> None:
    desktop.open("reference/rules-punto-banco.html")
    page = desktop.page
    page.emulate_media(media="print")
    shown = page.evaluate("""() => ({
      sidebar: document.querySelector('.bd-sidebar-primary').checkVisibility(),
      tableau: document.querySelector('table.bt-tableau').checkVisibility(),
      shares: document.querySelector('#what-every-punto-banco-table-shares').checkVisibility(),
      skipped: [...document.querySelectorAll('section.bt-print-skip')].map(
        (s) => s.checkVisibility()),
      code: [...document.querySelectorAll('.cell_input')].some((c) => c.checkVisibility()),
    })""")
    assert shown["tableau"] and shown["shares"]
    assert not shown["sidebar"] and not shown["code"]
    assert shown["skipped"] and not any(shown["skipped"])


def test_try_this_chapter_live_comes_after_the_chapter_heading(desktop: Visit) -> None:
    for prefix in LANGUAGES.values():
        desktop.open(f"{prefix}chapters/odds.html", wait_until="load")
        page = desktop.page
        heading = page.locator("article h1").first.bounding_box()
        live = page.locator(".bt-live").first.bounding_box()
        assert heading is not None and live is not None
        assert live["y"] >= heading["y"] + heading["height"] - 1
        assert page.evaluate("""() => {
          const h1 = document.querySelector('article h1'), live = document.querySelector('.bt-live');
          return Boolean(h1.compareDocumentPosition(live) & Node.DOCUMENT_POSITION_FOLLOWING);
        }""")
    desktop.assert_clean()
