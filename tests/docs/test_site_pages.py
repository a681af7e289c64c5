"""The built site shows what the engine computes.

Each check reads the built HTML and compares it with the engine: the tableau on the
page against the tableau data, cell by cell; the worked examples' cards, totals,
winners and narration against a coup dealt from the cards on the page.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sitecheck import Element, broken_internal_links, outside_references, pages, parse_page

from bacara_teach import PUNTO_BANCO, Coup, Decision, parse_cards
from bacara_teach.charts import COLUMNS
from bacara_teach.narration import describe_banker_row, describe_player_rule
from bacara_teach.steps import Step
from bacara_teach.text import language_codes

pytestmark = pytest.mark.docs

CHAPTER = "chapters/third-card-rule.html"
# RULES.md worked examples 1 and 2, as the chapter deals them (Punto, Banco, Punto, Banco,
# then third cards). These are the inputs; every result is asked of the engine.
WORKED_EXAMPLES = ("4♥ 2♠ 9♣ A♦ 8♦", "4♥ 2♠ 9♣ A♦ 7♦ 5♣")
DECISION_CLASSES = {f"bt-{decision.value}": decision for decision in Decision}


@pytest.fixture(scope="module")
def chapter(site_dir: Path) -> Element:
    return parse_page(site_dir / CHAPTER)


def _banco_step(coup: Coup) -> Step:
    return next(step for step in coup.steps if step.actor == "banco" and step.cell is not None)


def _decision(cell: Element) -> Decision:
    kinds = [DECISION_CLASSES[c] for c in cell.classes if c in DECISION_CLASSES]
    assert len(kinds) == 1, f"cell {cell.text()!r} has classes {cell.classes}"
    return kinds[0]


def _columns(table: Element) -> list[int | None]:
    head = table.find("thead").find_all("th")
    assert head[0].text() == "total"
    return [None if th.text() == "stood" else int(th.text()) for th in head[1:]]


def _coup_blocks(chapter: Element) -> list[Element]:
    return chapter.find_all("div", class_="bt-coup")


def test_chapter_is_built_with_the_tableau_and_both_worked_examples(chapter: Element) -> None:
    # the full table, one per worked example, and the table beside the heat map of its worth
    assert len(chapter.find_all("table", class_="bt-tableau")) == 2 + len(WORKED_EXAMPLES)
    assert len(_coup_blocks(chapter)) == len(WORKED_EXAMPLES)


def test_tableau_on_the_page_equals_the_engine_data_cell_by_cell(chapter: Element) -> None:
    for table in chapter.find_all("table", class_="bt-tableau"):
        assert table.find("caption").text() == PUNTO_BANCO.title
        columns = _columns(table)
        assert columns == list(COLUMNS)
        rows = table.find("tbody").children_of("tr")
        assert [int(row.find("th").text()) for row in rows] == list(range(8))
        for row in rows:
            total = int(row.find("th").text())
            cells = row.children_of("td")
            assert len(cells) == len(columns)
            for third, cell in zip(columns, cells, strict=True):
                expected = PUNTO_BANCO.banker_decision(total, third)
                assert _decision(cell) is expected, (total, third)
                assert cell.text() == {"draw": "draw", "stand": "stand",
                                       "choice": "free choice"}[expected.value]


def test_banker_table_marks_the_cell_each_worked_example_used(chapter: Element) -> None:
    full, *examples, beside = chapter.find_all("table", class_="bt-tableau")
    for plain in (full, beside):
        assert not [td for td in plain.find_all("td") if "aria-current" in td.attrs]
    for table, cards in zip(examples, WORKED_EXAMPLES, strict=True):
        step = _banco_step(Coup.from_cards(cards))
        assert step.cell is not None
        marked = [
            (int(row.find("th").text()), third)
            for row in table.find("tbody").children_of("tr")
            for third, td in zip(_columns(table), row.children_of("td"), strict=True)
            if td.attrs.get("aria-current") == "true"
        ]
        assert marked == [(step.cell.total, step.cell.third)]


def _hand_rows(block: Element) -> dict[str, tuple[list[Element], int]]:
    hands = {}
    for row in block.find("tbody").children_of("tr"):
        name = row.find("th").text()
        cards_cell, total_cell = row.children_of("td")
        hands[name] = (cards_cell.find_all("span", class_="bt-card"), int(total_cell.text()))
    return hands


@pytest.mark.parametrize("number", range(len(WORKED_EXAMPLES)))
def test_worked_example_shows_the_engine_cards_totals_and_winner(
    chapter: Element, number: int
) -> None:
    block = _coup_blocks(chapter)[number]
    hands = _hand_rows(block)
    assert list(hands) == ["Punto", "Banco"]
    punto_cards = [span.text() for span in hands["Punto"][0]]
    banco_cards = [span.text() for span in hands["Banco"][0]]
    # The page shows the worked example's cards, dealt P, B, P, B, then third cards.
    shown = parse_cards([*punto_cards[:1], *banco_cards[:1], *punto_cards[1:2], *banco_cards[1:2],
                         *punto_cards[2:], *banco_cards[2:]])
    assert shown == parse_cards(WORKED_EXAMPLES[number])
    coup = Coup.from_cards(shown)
    assert punto_cards == [str(card) for card in coup.punto]
    assert banco_cards == [str(card) for card in coup.banco]
    assert hands["Punto"][1] == coup.punto_total
    assert hands["Banco"][1] == coup.banco_total
    for span, card in zip([*hands["Punto"][0], *hands["Banco"][0]],
                          [*coup.punto, *coup.banco], strict=True):
        assert span.attrs["aria-label"] == card.describe()
    assert block.find("strong").text() == f"Winner: {coup.winner.value.capitalize()}"


@pytest.mark.parametrize("number", range(len(WORKED_EXAMPLES)))
def test_worked_example_narration_is_the_engine_narration(chapter: Element, number: int) -> None:
    block = _coup_blocks(chapter)[number]
    lines = [li.text() for li in block.find("ol").children_of("li")]
    assert lines == Coup.from_cards(WORKED_EXAMPLES[number]).narrate().split("\n")


def _paragraph_with(chapter: Element, words: str) -> Element:
    found = [p for p in chapter.find_all("p") if words in p.text()]
    assert len(found) == 1, f"{len(found)} paragraphs contain {words!r}"
    return found[0]


def test_prose_figures_come_from_the_engine(chapter: Element) -> None:
    rule = describe_player_rule(PUNTO_BANCO)
    assert f"Punto draws on {rule['draw']} and stands on {rule['stand']}." in [
        p.text() for p in chapter.find_all("p")
    ]
    eight, seven = (Coup.from_cards(cards) for cards in WORKED_EXAMPLES)
    assert eight.punto_third is not None
    assert seven.punto_third is not None
    first = _paragraph_with(chapter, "does not look at that total")
    step = _banco_step(eight)
    assert step.cell is not None
    assert [s.text() for s in first.find_all("span", class_="pasted-text")] == [
        str(eight.punto_third.points), str(eight.punto_total), str(step.cell.total)
    ]
    assert describe_banker_row(PUNTO_BANCO, step.cell.total) in first.text()
    assert first.text().endswith(f"{eight.winner.value.capitalize()} wins.")
    second = _paragraph_with(chapter, "In the same row")
    assert [s.text() for s in second.find_all("span", class_="pasted-text")] == [
        str(seven.punto_third.points), str(seven.punto_total), str(seven.banco_total)
    ]
    action = "draws" if seven.banco_third is not None else "stands"
    assert f"says Banco {action};" in second.text()
    assert second.text().endswith(f"{seven.winner.value.capitalize()} wins.")


def test_spanish_narration_output_is_the_engine_narration(chapter: Element) -> None:
    outputs = [pre.text() for pre in chapter.find_all("pre")]
    expected = " ".join(Coup.from_cards(WORKED_EXAMPLES[1]).narrate("es").split())
    assert expected in outputs


def test_index_links_the_chapter(site_dir: Path) -> None:
    index = parse_page(site_dir / "index.html")
    links = {a.attrs.get("href", "").split("#")[0] for a in index.find("article").find_all("a")}
    assert CHAPTER in links


def test_every_internal_link_resolves(site_dir: Path) -> None:
    assert len(pages(site_dir)) >= 2
    assert broken_internal_links(site_dir) == []


def test_site_loads_nothing_from_another_origin(site_dir: Path) -> None:
    assert outside_references(site_dir) == []


# Pages that speak of Baccarat Banque, the commission-free tables and side bets, or the roads
# link to the chapter that teaches it, in both languages.
BANQUE, SIDE_BETS, ROADS = ("chapters/baccarat-banque.html", "chapters/side-bets.html",
                            "chapters/roads.html")
LINKED = {
    "index.html": {BANQUE, SIDE_BETS, ROADS},
    "chapters/start-here.html": {BANQUE, SIDE_BETS, ROADS},
    "chapters/history.html": {BANQUE, SIDE_BETS, ROADS},
    "chapters/odds.html": {SIDE_BETS, ROADS},
    "reference/rules-punto-banco.html": {SIDE_BETS},
    "reference/glossary.html": {BANQUE, SIDE_BETS, ROADS},
    "reference/faq.html": {SIDE_BETS, ROADS},
}


def _linked_from_text(page: Element, path: str) -> set[str]:
    """Where the links in the page's article (not its menus) lead, as site paths."""
    import posixpath

    articles = page.find_all("article")
    assert articles, f"{path} has no article"
    targets: set[str] = set()
    for a in articles[0].find_all("a"):
        href = a.attrs.get("href", "").split("#")[0]
        if href and "://" not in href:
            targets.add(posixpath.normpath(posixpath.join(posixpath.dirname(path), href)))
    return targets


@pytest.mark.parametrize("lang", language_codes())
@pytest.mark.parametrize("path", sorted(LINKED))
def test_pages_that_speak_of_the_newer_chapters_link_to_them(site_dir: Path, path: str,
                                                             lang: str) -> None:
    page = parse_page(site_dir / ("" if lang == "en" else lang) / path)
    assert LINKED[path] <= _linked_from_text(page, path)
