"""The roads chapter shows the engine's roads, its exact odds and its simulations, in both languages.

The page deals seed 8 of an eight-deck shoe and draws its five roads; each picture is
compared with the engine's drawing of the same shoe.  The figures in the text (the range of
Banco's chance over the shoe), the streak table (300 shoes from seed 1), the removal table
and the counting table (seeds 8 to 11) are recomputed here and compared to the digits shown.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sitecheck import Element, parse_html, parse_page

from bacara_teach.analysis import count_deals, effect_of_removal
from bacara_teach.analysis.edges import CASINO_BETS
from bacara_teach.analysis.roads import deal_shoe, removal_path, streak_study
from bacara_teach.practice.roads import ROADS_KIND, roads_data
from bacara_teach.road_svg import roads_html
from bacara_teach.roads import Roads
from bacara_teach.tables import BetKind
from bacara_teach.text import format_number, language_codes

pytestmark = pytest.mark.docs

SEED = 8
STREAK_SHOES, STREAK_SEED = 300, 1
COUNTED_SEEDS = (8, 9, 10, 11)


@pytest.fixture(scope="module", params=language_codes())
def page(request: pytest.FixtureRequest, site_dir: Path) -> tuple[str, Element]:
    lang = request.param
    folder = site_dir if lang == "en" else site_dir / lang
    return lang, parse_page(folder / "chapters" / "roads.html")


def _svgs(root: Element) -> dict[str, Element]:
    return {svg.attrs["data-road"]: svg for svg in root.find_all("svg", class_="bt-road")}


def _texts(svg: Element) -> list[str]:
    return [t.text() for t in svg.find_all("title")]


def _n(value: object, spec: str, lang: str) -> str:
    """A figure as the page of ``lang`` writes it (Spanish: ``45,860 %``, ``−1,830``), with its
    white space collapsed as :meth:`Element.text` collapses it."""
    return " ".join(format_number(value, spec, lang).split())


def _cells(root: Element, css: str) -> list[list[str]]:
    (table,) = root.find_all("table", class_=css)
    out = []
    for row in table.find("tbody").children_of("tr"):
        out.append([c.text() for c in row.children if isinstance(c, Element) and c.tag in ("td", "th")])
    return out


def test_the_shoe_s_five_roads_are_the_engine_s(page: tuple[str, Element]) -> None:
    lang, root = page
    run = deal_shoe(8, seed=SEED)
    expected = _svgs(parse_html(roads_html(Roads.from_coups(run.coups), lang=lang, min_columns=30)))
    # The page's first figure is the shoe; the widget's still draws a second one.
    (figure, *_rest) = root.find_all("figure", class_="bt-roads")
    shown = _svgs(figure)
    assert list(shown) == ["bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"]
    for name, svg in shown.items():
        assert _texts(svg) == _texts(expected[name]), name
        assert svg.find("desc").text() == expected[name].find("desc").text()
    assert len(_texts(shown["bead_plate"])) == 1 + len(run.coups)


def test_the_removal_figures_in_the_text_are_the_exact_odds_along_the_shoe(page: tuple[str, Element]) -> None:
    lang, root = page
    path = removal_path(deal_shoe(8, seed=SEED), bets=())
    full = count_deals(8).probabilities()["banco"]
    low = min(s.odds["banco"] for s in path)
    high = max(s.odds["banco"] for s in path)
    widest = max((s.odds["banco"] - full for s in path), key=abs)
    text = " ".join(p.text() for p in root.find_all("p"))
    for figure in (_n(float(low), ".3%", lang), _n(float(high), ".3%", lang),
                   _n(float(full), ".3%", lang), _n(float(widest) * 100, "+.3f", lang)):
        assert figure in text, figure


def test_the_streak_table_is_the_seeded_simulation(page: tuple[str, Element]) -> None:
    lang, root = page
    rows = _cells(root, "bt-streaks")
    expected = streak_study(shoes=STREAK_SHOES, seed=STREAK_SEED)
    assert len(rows) == len(expected)
    full = count_deals(8).probabilities()
    for shown, row in zip(rows, expected, strict=True):
        assert shown[1].rstrip("+") == str(row.length) and shown[2] == str(row.trials)
        assert shown[3] == _n(float(row.next["banco"].value), ".2%", lang)
        assert shown[5] == _n(float(row.next["punto"].value), ".2%", lang)
        low, high = row.next["banco"].interval()
        assert shown[4] == f"{_n(low, '.1%', lang)} – {_n(high, '.1%', lang)}"
        # What the text says of the table: the full shoe's exact chance is inside every interval.
        assert row.next["banco"].contains(full["banco"])


def test_the_removal_and_counting_tables_are_the_engine_s(page: tuple[str, Element]) -> None:
    lang, root = page
    removal = effect_of_removal(8, CASINO_BETS, by="points")
    names = [t.name for t in CASINO_BETS]
    rows = _cells(root, "bt-removal")
    assert [r[0] for r in rows] == [r.card for r in removal.rows]
    for shown, row in zip(rows, removal.rows, strict=True):
        assert shown[1:] == [_n(float(row.change[n]) * 100, "+.4f", lang) for n in names]
    steps = [s for seed in COUNTED_SEEDS for s in removal_path(deal_shoe(8, seed=seed))]
    counting = _cells(root, "bt-counting")
    assert [r[0] for r in counting] == [BetKind.parse(n).label for n in names]
    for shown, name in zip(counting, names, strict=True):
        edges = [s.bets[name].house_edge for s in steps]
        assert shown[1] == f"{sum(1 for e in edges if e < 0)} / {len(edges)}"
        assert shown[2] == _n(float(-min(edges)) * 100, "+.2f", lang)
    punto = [s.bets["punto"].house_edge for s in steps]
    assert all(e > 0 for e in punto)  # "Punto and Banco ... hardly ever turns"


def test_the_chapter_s_roads_board_is_the_engine_s_shoe_prepared_for_the_page(
        page: tuple[str, Element]) -> None:
    lang, root = page
    assert not root.find_all("div", class_="bt-still")
    (node,) = [n for n in root.find_all("div") if n.attrs.get("data-practice") == ROADS_KIND]
    assert node.attrs.get("lang") == lang
    (holder,) = node.find_all("script")
    assert json.loads(holder._raw_text()) == roads_data(seed=SEED, coups=30, lang=lang)
    html = "".join(holder._raw_text().split())
    assert "application/vnd.jupyter.widget-view+json" not in html


def test_the_small_shoes_odds_read_as_sentences(page: tuple[str, Element]) -> None:
    from bacara_teach.analysis import Composition, count_deals
    from bacara_teach.analysis.roads import pattern_odds_by_dealing
    from bacara_teach.pages.roads_chapter import colours_text, odds_line
    from bacara_teach.roads import Roads

    lang, root = page
    outputs = " ".join(" ".join(pre.text().split()) for pre in root.find_all("pre"))
    tiny = Composition.from_points([4, 2, 2, 1, 1, 1, 1, 0, 0, 0])
    lines = [odds_line(count_deals(tiny).probabilities(), lang=lang)]
    lines += [odds_line(pattern_odds_by_dealing(tiny, results), after=results, lang=lang)
              for results in ("B", "P")]
    small = Roads.from_results("BB P BBB PPPP")
    lines += [colours_text(small.big_road, name, back, lang)
              for name, back in (("big_eye_boy", 1), ("small_road", 2), ("cockroach_pig", 3))]
    for line in lines:
        assert " ".join(line.split()) in outputs, line
        assert line.endswith(".") and "{" not in line and "'" not in line and "[" not in line
    if lang == "es":
        assert "rojo" in outputs and "'red'" not in outputs and "'blue'" not in outputs
