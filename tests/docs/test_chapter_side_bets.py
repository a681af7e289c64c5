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
from bacara_teach.text import format_number, language_codes, localize_number, tr

pytestmark = pytest.mark.docs


@pytest.fixture(scope="module", params=language_codes())
def page(request: pytest.FixtureRequest, site_dir: Path) -> tuple[str, Element]:
    folder = site_dir if request.param == "en" else site_dir / request.param
    return request.param, parse_page(folder / "chapters" / "side-bets.html")


def _rows(root: Element, css: str) -> list[list[str]]:
    (table,) = root.find_all("table", class_=css)
    return [[c.text() for c in row.children if isinstance(c, Element) and c.tag in ("th", "td")]
            for row in table.find("tbody").children_of("tr")]


def test_every_bet_is_priced_by_the_engine_for_six_and_eight_decks(page: tuple[str, Element]) -> None:
    lang, root = page
    rows = _rows(root, "bt-side-bets")
    expected = [(b.title_text(lang), b.describe(lang), house_edge(b, 6), house_edge(b, 8))
                for b in SIDE_BETS]
    expected += [(b.title_text(lang), b.describe(lang), pair_bet_edge(b, standard_cards(6)),
                  pair_bet_edge(b, standard_cards(8))) for b in PAIR_BETS]
    assert len(rows) == len(expected)
    for shown, (name, rules, six, eight) in zip(rows, expected, strict=True):
        # the edges in the page's numbers: 1.0579% in English, 1,0579 % in Spanish (the page's
        # text read with its spaces collapsed, the no-break space before % among them)
        edges = [" ".join(format_number(float(edge), ".4%", lang).split()) for edge in (six, eight)]
        assert shown == [" ".join(text.split()) for text in (name, rules, *edges)]


def test_the_published_figures_stand_beside_the_engine_s(page: tuple[str, Element]) -> None:
    lang, root = page
    rows = _rows(root, "bt-published")
    # a published 1.06 reads 1,06 on the Spanish page, the engine's figure beside it likewise
    assert [r[:4] for r in rows] == [[p.bet, str(p.decks), localize_number(p.figure, lang),
                                      localize_number(p.figure, lang)] for p in PUBLISHED]
    links = [a.attrs["href"] for a in root.find("table", class_="bt-published").find_all("a")]
    assert links == [p.url for p in PUBLISHED]


def test_every_bet_of_the_commission_free_tables_is_priced_from_their_profiles(
        page: tuple[str, Element]) -> None:
    from bacara_teach.analysis.edges import edges_for_profile
    from bacara_teach.tables import PROFILES

    lang, root = page
    rows = _rows(root, "bt-table-edges")
    expected = []
    for name in (name for name, profile in PROFILES.items() if profile.pay_rules):
        six, eight = edges_for_profile(name, 6), edges_for_profile(name, 8)
        expected += [[PROFILES[name].label_text(lang, capital=True),
                      " ".join(analysis.terms.label(lang).split()),
                      *(" ".join(format_number(float(a.house_edge), ".4%", lang).split())
                        for a in (analysis, eight[bet]))]
                     for bet, analysis in six.items()]
    assert rows == expected
    (table,) = root.find_all("table", class_="bt-table-edges")
    heads = [th.text() for th in table.find("thead").find_all("th")]
    assert heads[:2] == [tr("Table", lang), tr("Bet", lang)]
