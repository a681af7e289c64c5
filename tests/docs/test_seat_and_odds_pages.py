"""The Chemin de Fer seat and the odds explorer on the built pages: prepared by the engine.

The seat's cell and the explorer's cell show, on the static page, the practice node the
widget gives a page builder: its data is the engine's (the same as building it here), its
script ships with the site, and nothing of it is a still or needs the widget's JavaScript.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sitecheck import parse_page

from bacara_teach.practice.odds import ODDS_KIND, odds_data
from bacara_teach.practice.seat import SEAT_KIND, seat_data
from bacara_teach.text import language_codes

pytestmark = pytest.mark.docs

LIMIT = 150 * 1024
"""Practice script plus its data, per page, before compression."""


def _expected(chapter: str, lang: str) -> tuple[str, dict[str, object], str]:
    if chapter == "chemin-de-fer":
        return SEAT_KIND, seat_data(seat="banker", seed=4, lang=lang), "practice-chemin-seat.js"
    data = odds_data(lang)
    data["start"] = {"decks": 8, "profile": "home"}
    return ODDS_KIND, data, "practice-odds-explorer.js"


@pytest.mark.parametrize("lang", language_codes())
@pytest.mark.parametrize("chapter", ["chemin-de-fer", "odds"])
def test_the_chapter_holds_the_prepared_widget_and_no_still(site_dir: Path, chapter: str,
                                                            lang: str) -> None:
    folder = site_dir if lang == "en" else site_dir / lang
    path = folder / "chapters" / f"{chapter}.html"
    page = parse_page(path)
    kind, expected, script = _expected(chapter, lang)
    nodes = [d for d in page.find_all("div") if d.attrs.get("data-practice") == kind]
    assert len(nodes) == 1, chapter
    assert nodes[0].attrs.get("lang") == lang
    (holder,) = nodes[0].find_all("script")
    raw = holder._raw_text()
    assert json.loads(raw) == expected
    assert page.find_all("div", class_="bt-still") == []
    html = path.read_text(encoding="utf-8")
    assert "widget is a still" not in html and "imagen fija" not in html
    assert "application/vnd.jupyter.widget-view+json" not in html
    served = site_dir / "_static" / script
    assert served.is_file()
    size = len(raw.encode("utf-8")) + served.stat().st_size
    assert size <= LIMIT, f"{chapter} ({lang}): {size} bytes of script and data"
