"""The side-bets chapter shows the engine's exact edges and the published figures it reproduces."""

from __future__ import annotations

from pathlib import Path

import pytest
from sitecheck import Element, parse_page

from bacara_teach.analysis.side_bets import (
    PAIR_BETS,
    PUBLISHED,
    SIDE_BETS,
    house_edge,
    pair_bet_edge,
    standard_cards,
)

pytestmark = pytest.mark.docs


@pytest.fixture(scope="module", params=["en", "es"])
def page(request: pytest.FixtureRequest, site_dir: Path) -> tuple[str, Element]:
    folder = site_dir if request.param == "en" else site_dir / "es"
    return request.param, parse_page(folder / "chapters" / "side-bets.html")


def _rows(root: Element, css: str) -> list[list[str]]:
    (table,) = root.find_all("table", class_=css)
    return [[c.text() for c in row.children if isinstance(c, Element) and c.tag in ("th", "td")]
            for row in table.find("tbody").children_of("tr")]


def test_every_bet_is_priced_by_the_engine_for_six_and_eight_decks(page: tuple[str, Element]) -> None:
    lang, root = page
    rows = _rows(root, "bt-side-bets")
    expected = [(b.name, b.describe(lang), house_edge(b, 6), house_edge(b, 8)) for b in SIDE_BETS]
    expected += [(b.name, b.describe(lang), pair_bet_edge(b, standard_cards(6)),
                  pair_bet_edge(b, standard_cards(8))) for b in PAIR_BETS]
    assert len(rows) == len(expected)
    for shown, (name, rules, six, eight) in zip(rows, expected, strict=True):
        assert shown == [name, rules, f"{float(six):.4%}", f"{float(eight):.4%}"]


def test_the_published_figures_stand_beside_the_engine_s(page: tuple[str, Element]) -> None:
    _, root = page
    rows = _rows(root, "bt-published")
    assert [r[:4] for r in rows] == [[p.bet, str(p.decks), p.figure, p.figure] for p in PUBLISHED]
    links = [a.attrs["href"] for a in root.find("table", class_="bt-published").find_all("a")]
    assert links == [p.url for p in PUBLISHED]
