"""The engine's pictures: card faces, the coup flowchart, the Chemin de Fer table and the heat
map of Banco's choices, each with its words, drawn from the data, and checked against a plain
count of every deal."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from bacara_teach.analysis import Composition, count_deals
from bacara_teach.analysis.banco_cells import (
    banco_draw_gains,
    best_reply_differences,
    close_calls,
    commission_figures,
)
from bacara_teach.cards import hand_total, parse_cards
from bacara_teach.errors import IllegalAction
from bacara_teach.figures import hbar_chart_svg
from bacara_teach.pictures import (
    card_svg,
    cards_svg,
    cdf_table_svg,
    coup_flowchart_svg,
    draw_gain_heatmap,
    draw_gain_heatmap_svg,
    final_totals_chart,
    house_edge_chart,
    outcome_by_punto_total_chart,
)
from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Decision
from bacara_teach.text import format_number, language_codes

ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?!\d)|\d\.\d{1,2}(?!\d)")
"""A number written the English way (grouping comma, decimal point), which Spanish text has not."""

SVG = "{http://www.w3.org/2000/svg}"


def _text(element: ET.Element, path: str) -> str:
    """The text of the first element at ``path`` (SVG namespace), which must exist."""
    found = element.find(path.replace("svg:", SVG))
    assert found is not None, path
    return found.text or ""


def _parse(svg: str) -> ET.Element:
    # the pages inline their SVG in HTML, which needs no namespace; XML does
    assert "http" not in svg and "href" not in svg
    root = ET.fromstring(svg.replace("<svg ", f"<svg xmlns='{SVG[1:-1]}' ", 1))
    assert root.get("role") == "img"
    assert _text(root, "svg:title").strip()
    assert _text(root, "svg:desc").strip()
    return root


def _brute_gains(points: list[int]) -> dict[tuple[int, int | None], Fraction]:
    """Draw minus stand for Banco, dealing every ordered six cards of a tiny shoe one by one."""
    cards = [v for v, n in enumerate(points) for _ in range(n)]
    diff: dict[tuple[int, int | None], int] = {}
    ways: dict[tuple[int, int | None], int] = {}
    key: tuple[int, int | None]
    for p1, b1, p2, b2, c5, c6 in itertools.permutations(cards, 6):
        punto, banco = hand_total([p1, p2]), hand_total([b1, b2])
        if punto >= 8 or banco >= 8:
            continue
        if punto >= 6:  # Punto stands; Banco's third card would be the fifth
            key, final_punto, banco_card = (banco, None), punto, c5
        else:
            key, final_punto, banco_card = (banco, c5), hand_total([punto, c5]), c6
        drawn = hand_total([banco, banco_card])
        gain_draw = (drawn > final_punto) - (drawn < final_punto)
        gain_stand = (banco > final_punto) - (banco < final_punto)
        diff[key] = diff.get(key, 0) + gain_draw - gain_stand
        ways[key] = ways.get(key, 0) + 1
    return {key: Fraction(diff[key], ways[key]) for key in ways}


def test_draw_gains_equal_a_card_by_card_count_of_a_small_shoe() -> None:
    points = [4, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    assert banco_draw_gains(Composition.from_points(points)) == _brute_gains(points)


def test_draw_gains_cover_every_cell_and_agree_with_the_known_close_calls() -> None:
    gains = banco_draw_gains(8)
    assert set(gains) == {(t, c) for t in range(8) for c in (None, *range(10))}
    # the table draws wherever drawing is clearly better, and stands wherever standing is
    for (total, third), gain in gains.items():
        if abs(gain) > Fraction(1, 10):
            expected = Decision.DRAW if gain > 0 else Decision.STAND
            assert PUNTO_BANCO.banker_decision(total, third) is expected, (total, third)
    assert (3, 8) in close_calls(gains)
    assert set(best_reply_differences(gains)) <= set(close_calls(gains, Fraction(1, 10)))


def test_commission_figures_follow_from_the_exact_odds() -> None:
    figures = commission_figures(8)
    counts = count_deals(8)
    banco, punto = counts.probability("banco"), counts.probability("punto")
    assert figures.even_money_edge == punto - banco < 0
    assert figures.edge_at(figures.break_even_commission) == 0
    assert figures.edge_at(figures.fair_commission) == figures.punto_edge
    assert 0 < figures.break_even_commission < Fraction(5, 100) < figures.fair_commission


def test_the_heat_map_carries_exactly_the_engines_figures() -> None:
    gains = banco_draw_gains(8)
    root = _parse(draw_gain_heatmap(8, "en"))
    shown = {}
    for cell in root.iter(f"{SVG}g"):
        if cell.get("class") == "bt-heat-cell":
            third = cell.get("data-third")
            key = (int(cell.get("data-total") or ""), int(third) if third else None)
            shown[key] = Fraction(cell.get("data-gain") or "")
            text = cell.find(f"{SVG}text")
            assert text is not None and text.text == format_number(float(shown[key]) * 100, "+.2f", "en")
            assert _text(cell, "svg:rect/svg:title").startswith("Banco on")
    assert shown == gains


def test_the_heat_map_dots_the_chemin_de_fer_free_cells_and_outlines_close_calls() -> None:
    gains: dict[tuple[int, int | None], Fraction] = {(3, 8): Fraction(-1, 500), (3, 9): Fraction(1, 5)}
    svg = draw_gain_heatmap_svg(gains, lang="es", close=[(3, 8)], marked=[(3, 9)])
    cells = re.findall(r"<g class='bt-heat-cell'.*?</g>", svg)
    assert len(cells) == 2
    assert "stroke-dasharray" in cells[0] and "<circle" not in cells[0]
    assert "<circle" in cells[1] and "stroke-dasharray" not in cells[1]
    assert "la tabla dice se planta" in cells[0]
    free = {(c.total, c.third) for c in CHEMIN_DE_FER.free_cells() if c.hand == "banker"}
    assert draw_gain_heatmap(8).count("<circle") == len(free)


@pytest.mark.parametrize("lang", language_codes())
def test_card_faces_name_every_card_and_show_each_index_once(lang: str) -> None:
    hand = parse_cards("4♥ K♠ A♦ 10♣")
    root = _parse(cards_svg(hand, lang))
    assert _text(root, "svg:title") == ", ".join(c.describe(lang) for c in hand)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts == [str(c) for c in hand]
    _parse(card_svg(hand[0], lang))


@pytest.mark.parametrize("lang", language_codes())
def test_the_flowchart_reads_each_games_rules(lang: str) -> None:
    punto_banco = " ".join(t.text or "" for t in _parse(coup_flowchart_svg(PUNTO_BANCO, lang)).iter(f"{SVG}text"))
    chemin = _parse(coup_flowchart_svg(CHEMIN_DE_FER, lang))
    chemin_text = " ".join(t.text or "" for t in chemin.iter(f"{SVG}text"))
    assert ("0–5" in punto_banco) and ("0–4" in chemin_text)
    free = sum(1 for c in CHEMIN_DE_FER.free_cells() if c.hand == "banker")
    assert f"{free} " in _text(chemin, "svg:desc")
    assert punto_banco != chemin_text


def test_the_cdf_table_follows_the_sessions_seating() -> None:
    players = ["Ana", "Luis", "Eva", "Marta", "Pablo"]
    root = _parse(cdf_table_svg(players, 1, "en"))
    desc = _text(root, "svg:desc")
    # bets from the banker's right (lower seat numbers, wrapping), and the bank passes there
    assert "from the banker's right: Ana, Pablo, Marta, Eva." in desc
    assert desc.endswith("to the right, to Ana.")
    assert "bets 1." in "".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "a la derecha, a Ana." in cdf_table_svg(players, 1, "es")
    with pytest.raises(IllegalAction, match="first banker 7"):
        cdf_table_svg(players, 7)


@pytest.mark.parametrize("lang", language_codes())
def test_the_charts_show_the_engines_figures(lang: str) -> None:
    counts = count_deals(8, detail=True)
    totals = _parse(final_totals_chart(8, lang))
    zero_punto = float(counts.final_total_distribution("punto")[0])
    assert f"0 {format_number(zero_punto, '.2%', lang)}" in _text(totals, "svg:desc")
    by_total = _parse(outcome_by_punto_total_chart(8, lang))
    deals, banco, _, _ = counts.given_punto_total(9)
    assert f"9: Banco {format_number(banco / deals, '.2%', lang)}" in _text(by_total, "svg:desc")
    edges = _parse(house_edge_chart(8, lang))
    assert len(list(edges.iter(f"{SVG}rect"))) == 7


def _words(svg: str) -> str:
    """What a reader of the picture reads: its texts, titles and description (no attributes)."""
    root = _parse(svg)
    return " ".join(element.text or "" for element in root.iter())


@pytest.mark.parametrize("picture", [
    lambda lang: final_totals_chart(8, lang),
    lambda lang: outcome_by_punto_total_chart(8, lang),
    lambda lang: house_edge_chart(8, lang),
    lambda lang: draw_gain_heatmap(8, lang),
])
def test_spanish_pictures_write_spanish_numbers(picture: object) -> None:
    assert callable(picture)
    spanish, english = _words(picture("es")), _words(picture("en"))
    assert ENGLISH_NUMBER.search(english), "the English picture has decimals to compare with"
    assert ENGLISH_NUMBER.search(spanish) is None, ENGLISH_NUMBER.search(spanish)
    assert re.search(r"\d,\d", spanish)
    assert "%" not in spanish or "\u00a0%" in spanish


def test_spanish_heat_map_cells_write_the_minus_and_the_comma() -> None:
    cells = re.findall(r"<text[^>]*style='font-size:11px'>([^<]*)</text>", draw_gain_heatmap(8, "es"))
    gains = banco_draw_gains(8)
    assert len(cells) == len(gains)
    assert all(re.fullmatch(r"[+\u2212]\d+,\d\d", cell) for cell in cells), cells[:5]
    assert "\u22120,25" in draw_gain_heatmap_svg({(3, 8): Fraction(-1, 400)}, lang="es")


def test_the_chemin_de_fer_pictures_name_the_roles_as_the_glossary_does() -> None:
    flow = coup_flowchart_svg(CHEMIN_DE_FER, "es")
    assert "el apostador" in flow and "el banquero" in flow.lower()
    assert "el punto" not in flow.lower() and "la banca lee" not in flow.lower()
    table = cdf_table_svg(["Ana", "Luis", "Eva"], 0, "es")
    assert "banquero" in table and "derecha del banquero" in table
    assert "Banco" not in _words(flow)


def test_horizontal_bars_grow_with_their_values_and_refuse_a_mismatch() -> None:
    svg = hbar_chart_svg(["a", "b"], [1.0, 3.0], title="T")
    widths = [float(w) for w in re.findall(r"<rect class='bt-bar' x='[^']*' y='[^']*' width='([^']*)'", svg)]
    assert widths[1] == pytest.approx(3 * widths[0], rel=1e-2)
    with pytest.raises(ValueError, match="one per horizontal bar chart"):
        hbar_chart_svg(["a"], [1.0, 2.0], title="T")


def test_the_pictures_follow_the_default_language_numbers_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page calls the pictures with no language: the Spanish build's numbers are Spanish."""
    monkeypatch.setenv("BACARA_LANG", "es")
    assert final_totals_chart(8) == final_totals_chart(8, "es")
    assert house_edge_chart(8) == house_edge_chart(8, "es")
    assert ENGLISH_NUMBER.search(_words(outcome_by_punto_total_chart(8))) is None
