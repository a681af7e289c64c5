"""Every table fits a 390 px phone: a wide one scrolls inside a frame of its own, says so, and
the keyboard reaches it; nothing pushes the page sideways.

Every chapter and reference page, in every language, light and dark, offline (the in-browser
Python blocked: the pages work without it), is checked at 390 px: the page is no wider than
the screen; whatever reaches past the right edge is inside a box that scrolls sideways (not
one that cuts it off); a table's box is a named region the keyboard reaches (tabindex 0); a
frame whose table is wider than it shows the hint "scroll →" and a frame whose table fits shows
none; and axe-core finds no serious accessibility violation in the content.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import ON_A_PHONE, Visit, offline_visit, serious_violations

from bacara_teach.text import language_codes

pytestmark = pytest.mark.browser

PAST_THE_EDGE = """async () => {
  // two painted frames first: a table a script drew at load gets its scroll hint when painted
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const width = document.documentElement.clientWidth;
  const problems = [];
  const describe = (node) => node.tagName.toLowerCase() + (node.className ? "." +
    String(node.className).trim().split(/\\s+/).join(".") : "");
  const scroller = (node) => {
    for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
      const x = getComputedStyle(box).overflowX;
      if (x !== "visible") return box;
    }
    return null;
  };
  for (const element of document.querySelectorAll(".bd-article *")) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 1 || !element.checkVisibility()) continue;
    const frame = scroller(element);
    const text = element.textContent.trim().slice(0, 50);
    if (!frame) { problems.push(`${describe(element)} (${text}) reaches past the screen`); continue; }
    const x = getComputedStyle(frame).overflowX;
    if (x !== "auto" && x !== "scroll") {
      problems.push(`${describe(element)} (${text}) is cut off by ${describe(frame)} (overflow-x: ${x})`);
      continue;
    }
    const table = element.closest("table");
    if (table && frame.contains(table) && !(frame.tabIndex === 0 &&
        frame.getAttribute("role") === "region" && frame.getAttribute("aria-label"))) {
      problems.push(`the table "${text}" scrolls in ${describe(frame)}, not a named region the keyboard reaches`);
    }
  }
  for (const frame of document.querySelectorAll(".bt-frame")) {
    if (!frame.checkVisibility()) continue;
    const wider = frame.scrollWidth > frame.clientWidth + 1;
    const hint = getComputedStyle(frame, "::before");
    const shown = parseFloat(hint.opacity) > 0.5 && parseFloat(hint.height) > 4 &&
      hint.content.includes("→");
    if (wider !== shown) {
      problems.push(`the frame "${frame.getAttribute("aria-label")}" is ${wider ? "" : "not "}wider` +
                    ` than the screen but ${shown ? "shows" : "does not show"} its hint`);
    }
  }
  return {wider: document.documentElement.scrollWidth - width, problems: [...new Set(problems)],
          frames: document.querySelectorAll(".bt-frame").length,
          scrolling: [...document.querySelectorAll(".bt-frame")]
            .filter((f) => f.scrollWidth > f.clientWidth + 1).length};
}"""


def _pages(site_dir: Path, prefix: str) -> list[str]:
    pages = [f"{prefix}{folder}/{path.name}" for folder in ("chapters", "reference")
             for path in sorted((site_dir / prefix / folder).glob("*.html"))]
    assert len(pages) >= 20
    return pages


@pytest.fixture(params=["light", "dark"])
def phone_in(request: pytest.FixtureRequest, browser: Any,
             site_url: str) -> Iterator[tuple[str, Visit]]:
    """An offline phone, in the light or the dark colour scheme."""
    for shown, _ in offline_visit(browser, site_url, **ON_A_PHONE, color_scheme=request.param):
        yield request.param, shown


@pytest.mark.parametrize("prefix", ["" if lang == "en" else f"{lang}/" for lang in language_codes()],
                         ids=list(language_codes()))
def test_every_table_fits_a_phone_in_a_frame_that_says_it_scrolls(
        phone_in: tuple[str, Visit], site_dir: Path, prefix: str) -> None:
    scheme, phone = phone_in
    found: dict[str, Any] = {}
    frames = scrolling = 0
    for path in _pages(site_dir, prefix):
        phone.open(path, wait_until="load")
        assert phone.page.evaluate("document.documentElement.dataset.theme") == scheme
        result = phone.page.evaluate(PAST_THE_EDGE)
        frames, scrolling = frames + result["frames"], scrolling + result["scrolling"]
        if result["wider"] > 1:
            found[path] = [f"the page is {result['wider']} px wider than the screen"]
        found.setdefault(path, []).extend(result["problems"])
        if result["frames"]:
            violations = serious_violations(phone.page, ".bd-article")
            found[path].extend(f"axe: {v['id']}: {v['help']} {v['nodes'][:2]}" for v in violations)
        if not found[path]:
            del found[path]
    assert found == {}, found
    # the pages have tables in frames, and some of them scroll on a phone
    assert frames > 40 and scrolling > 5, (frames, scrolling)
    assert phone.outside == [] and phone.errors == []


def test_the_keyboard_scrolls_a_wide_table(offline_phone: tuple[Visit, list[str]]) -> None:
    phone, _ = offline_phone
    phone.open("chapters/odds.html", wait_until="load")
    frame = phone.page.locator(".bt-frame").filter(has=phone.page.locator("table.bt-edges")).first
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth")
    frame.focus()
    assert frame.evaluate("f => document.activeElement === f")
    for _ in range(6):
        phone.page.keyboard.press("ArrowRight")
    # the arrow keys scroll the frame (smoothly: wait for it to move)
    frame.evaluate("f => new Promise(done => { const start = performance.now();"
                   " (function look() { if (f.scrollLeft > 0 || performance.now() - start > 3000)"
                   " done(); else requestAnimationFrame(look); })(); })")
    assert frame.evaluate("f => f.scrollLeft") > 0
    phone.assert_clean()


def test_the_odds_explorer_draws_its_table_in_a_frame(offline_phone: tuple[Visit, list[str]]) -> None:
    phone, _ = offline_phone
    phone.open("es/chapters/odds.html", wait_until="load")
    frame = phone.page.locator("[data-practice='odds-explorer'] [data-figures] > .bt-frame")
    frame.wait_for()
    assert frame.get_attribute("tabindex") == "0" and frame.get_attribute("role") == "region"
    assert (frame.get_attribute("aria-label") or "").startswith("Probabilidades exactas")
    assert frame.get_attribute("data-hint") == "desplace →"
    edge = frame.locator("td[data-edge]").first
    assert edge.evaluate("e => e.getBoundingClientRect().right") > 390  # past the screen...
    assert frame.evaluate("f => getComputedStyle(f, '::before').opacity") == "1"  # ...and said
    phone.assert_clean()
