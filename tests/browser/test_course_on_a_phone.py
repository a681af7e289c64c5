"""Every course page, in both languages, fits a 390 px phone: nothing scrolls the page sideways
(wide tables scroll in their own box), narration wraps, and the third-card table is compact."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_harness import PHONE, Visit

from bacara_teach.text import language_codes

pytestmark = pytest.mark.browser

WIDER_THAN_THE_SCREEN = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  // the content column (the theme's drawers sit off-screen until opened; the page-wide
  // scroll width below covers them)
  for (const element of document.querySelectorAll(".bd-article *")) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 1 || !element.checkVisibility()) continue;
    // inside a box of its own that scrolls or clips: that box is what the page sees
    let parent = element.parentElement, boxed = false;
    while (parent && parent !== document.body) {
      const style = getComputedStyle(parent);
      if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) { boxed = true; break; }
      parent = parent.parentElement;
    }
    if (!boxed) wide.push(element.tagName.toLowerCase() + "." + element.className);
  }
  return {scroll: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5)};
}"""


def _course_pages(site_dir: Path) -> list[str]:
    prefixes = ["" if lang == "en" else f"{lang}/" for lang in language_codes()]
    pages = [f"{prefix}chapters/{path.name}" for prefix in prefixes
             for path in sorted((site_dir / prefix / "chapters").glob("*.html"))]
    assert len(pages) >= len(prefixes) * 10
    return pages


def test_no_course_page_is_wider_than_a_phone(phone: Visit, site_dir: Path) -> None:
    too_wide = {}
    for path in _course_pages(site_dir):
        phone.open(path)  # every request settled, so none is cut short by the next page
        found = phone.page.evaluate(WIDER_THAN_THE_SCREEN)
        if found["scroll"] > 1 or found["wide"]:
            too_wide[path] = found
    assert too_wide == {}, too_wide
    phone.assert_clean()


def test_the_third_card_table_fits_the_phone_in_its_compact_layout(phone: Visit) -> None:
    phone.open("chapters/third-card-rule.html", wait_until="load")
    table = phone.page.locator("table.bt-tableau").first
    box = table.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # the letters stand in for the words on a narrow screen; the words stay for readers
    cell = table.locator("td").first
    assert phone.page.evaluate("c => getComputedStyle(c, '::before').content", cell.element_handle()) in (
        '"D"', '"S"', '"F"')
    assert cell.inner_text().strip() in ("draw", "stand", "free choice")
    phone.assert_clean()


def test_narration_wraps_inside_the_text_column(phone: Visit) -> None:
    phone.open("chapters/third-card-rule.html", wait_until="load")
    overflowing = phone.page.evaluate("""() => [...document.querySelectorAll('.cell_output pre')]
        .filter(pre => pre.scrollWidth > pre.clientWidth + 1).length""")
    assert overflowing == 0
    phone.assert_clean()
