"""The course's first pages and the reference, read in Spanish: what the engine writes on them
is Spanish, and every number a reader sees follows the Spanish conventions.

The pages' tables, captions and answers are built by ``bacara_teach.pages`` through the text
layer; here the built pages are read and their figures recomputed by the engine, then written
the way a Spanish reader writes them (``0,95``, ``1,056 %``, ``−20``).  A message that lost
its translation, or a figure glued the English way, fails here.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
import sitebuild
from sitecheck import Element, parse_page

from bacara_teach import PROFILES, Coup
from bacara_teach.analysis import edges_for_profile
from bacara_teach.pages import rules_punto_banco
from bacara_teach.settlement import Bet, settle_bet
from bacara_teach.text import format_number

pytestmark = pytest.mark.docs

SPANISH = "es"
PAGES = ("index", "exercises", "handing-in", "teachers", "reference/cli",
         "reference/rules-punto-banco", "reference/glossary", "reference/faq", "reference/index",
         "reference/sources", "chapters/start-here", "chapters/history",
         "chapters/cards-and-scoring", "chapters/third-card-rule", "chapters/worked-examples",
         "chapters/roads")
"""The pages of this part (the programming interface is left out: it shows the docstrings as
written, in English)."""

ENGLISH_NUMBER = re.compile(r"(?<![\d+\u2212])\d,\d{3}(?!\d|\u00a0%)|\d\.\d{1,2}(?!\d)")
"""A number written the English way: a comma grouping thousands, or a point before one or two
decimals.  A Spanish figure with three decimals is not taken for one: a percentage
(``1,056 %``) or a signed difference (``−1,830`` points), which the pages never group."""

VERSIONS = re.compile(r"\b(?:Linux|Python|ABI|Landlock)\b[^\d;]{0,20}\d+(?:\.\d+)*\+?"
                      r"|\b\d+\.\d+(?= o posterior)")
"""Version numbers, which keep their points in every language."""

MACHINE = frozenset({"pre", "code", "kbd", "samp", "script", "style", "svg", "textarea"})
"""Elements whose text is code or machine output, not prose."""


def _page(site: Path, name: str) -> Element:
    return parse_page(sitebuild.site_folder(site, SPANISH) / f"{name}.html")


def _prose(element: Element) -> str:
    """The text a reader reads as prose: code, machine output, card faces and the code cells'
    sources left out."""
    if element.tag in MACHINE or {"cell_input", "bt-card", "highlight"} & set(element.classes):
        return " "
    return "".join(child if isinstance(child, str) else _prose(child)
                   for child in element.children)


def _text(element: Element | str) -> str:
    """Text with runs of ASCII white space collapsed (a no-break space, the Spanish one
    before ``%``, is kept)."""
    raw = element if isinstance(element, str) else _raw(element)
    return re.sub(r"[ \t\r\n]+", " ", raw).strip()


def _raw(element: Element) -> str:
    return "".join(c if isinstance(c, str) else _raw(c) for c in element.children)


def _main(site: Path, name: str) -> Element:
    return _page(site, name).find("main")


def _table(root: Element, css_class: str) -> Element:
    tables = root.find_all("table", class_=css_class)
    assert len(tables) == 1, f"{len(tables)} tables with class {css_class!r}"
    return tables[0]


def _rows(table: Element) -> list[list[str]]:
    return [[_text(cell) for cell in row.children if isinstance(cell, Element)]
            for row in table.find("tbody").children_of("tr")]


def _head(table: Element) -> list[str]:
    return [_text(th) for th in table.find("thead").find_all("th")]


def _said(site: Path, name: str) -> str:
    return _text(_prose(_main(site, name)))


@pytest.mark.parametrize("name", PAGES)
def test_no_number_on_a_spanish_page_is_written_the_english_way(site_dir: Path,
                                                                  name: str) -> None:
    text = VERSIONS.sub(" ", _said(site_dir, name))
    found = [text[max(0, m.start() - 40):m.end() + 20] for m in ENGLISH_NUMBER.finditer(text)]
    assert not found, f"es/{name}: {len(found)} English-style number(s), e.g. {found[:4]}"


def test_the_faq_edges_and_figures_are_written_the_spanish_way(site_dir: Path) -> None:
    main = _main(site_dir, "reference/faq")
    rows = _rows(_table(main, "bt-edges"))
    expected = [format_number(float(analysis.house_edge), ".3%", SPANISH)
                for profile in PROFILES.values()
                for analysis in edges_for_profile(profile).values()]
    assert [row[1] for row in rows] == expected
    assert _head(_table(main, "bt-edges")) == ["Apuesta", "Ventaja de la casa"]
    text = _said(site_dir, "reference/faq")
    best = min(float(a.house_edge) for p in PROFILES.values()
               for a in edges_for_profile(p).values())
    assert f"con una ventaja de {format_number(best, '.3%', SPANISH)}" in text
    assert "Banco se paga 0,95 a 1" in text or "0,95 a 1" in text


def test_the_payment_tables_are_the_engine_settlement_in_spanish_numbers(site_dir: Path) -> None:
    main = _main(site_dir, "reference/rules-punto-banco")
    coups = {key: Coup.from_cards(cards) for key, cards in rules_punto_banco.SAMPLE_COUPS.items()}
    tables = main.find_all("table", class_="bt-payments")
    assert len(tables) == len(PROFILES)
    for table, profile in zip(tables, PROFILES.values(), strict=True):
        stake = rules_punto_banco.stake_for(profile)
        expected = [[rules_punto_banco.signed_text(
            settle_bet(coup, Bet.of(kind, stake), profile).net, SPANISH)
            for coup in coups.values()] for kind in profile.bets]
        assert [row[1:] for row in _rows(table)] == expected
        assert _text(table.find("caption")).endswith(": resultado neto de una apuesta")
    assert "\u221220" in _text(main) and "+4,75" in _said(site_dir, "reference/rules-punto-banco")


def test_percentages_glued_into_spanish_prose(site_dir: Path) -> None:
    assert "5\u00a0% en la mesa en línea" in _said(site_dir, "reference/glossary")
    chance = re.search(r"\d+,\d\d\u00a0%", _said(site_dir, "chapters/cards-and-scoring"))
    assert chance, "the chance of a natural is not written as a Spanish percentage"
    roads = _said(site_dir, "chapters/roads")
    assert re.search(r"\d\d,\d{3}\u00a0%", roads)  # Banco's chance, three decimals
    assert re.search(r"[+\u2212]\d,\d{3} puntos porcentuales", roads)


def test_the_chapters_tables_are_spanish_through_and_through(site_dir: Path) -> None:
    history = _main(site_dir, "chapters/history")
    assert _head(_table(history, "bt-same-cards")) == [
        "Juego", "Decisión del apostador", "Decisión del banquero",
        "Cartas de Punto / del apostador", "Cartas de Banco / del banquero", "Ganador"]
    words = {cell for row in _rows(_table(history, "bt-differences")) for cell in row}
    assert not {"draw", "stand", "choice"} & words
    assert any("(el apostador)" in cell for cell in words)
    coverage = _main(site_dir, "chapters/worked-examples")
    assert _head(_table(coverage, "bt-coverage")) == [
        "Situación", "Semilla", "Cartas en orden de reparto", "Casilla de Banco", "Ganador"]
    four = _main(site_dir, "chapters/start-here")
    assert _head(_table(four, "bt-four-tables")) == [
        "Mesa", "Barajas", "Cartas", "Barajado", "Paga", "Comisión"]
    assert "los apostadores cobran 1:1" in _text(_table(four, "bt-four-tables"))
    streaks = _table(_main(site_dir, "chapters/roads"), "bt-streaks")
    assert _head(streaks)[0] == "Racha de"
    assert all("\u00a0%" in row[3] for row in _rows(streaks))


def test_the_spanish_papers_open_in_the_one_app_in_spanish(site_dir: Path) -> None:
    links = [a.attrs["href"] for a in _main(site_dir, "exercises").find_all("a", class_="bt-live-link")]
    assert links and all(href.startswith("../lite/notebooks/index.html?path=es/exercises/")
                         for href in links)
    assert (site_dir / "lite" / "notebooks" / "index.html").exists()
    files = _main(site_dir, "handing-in").find("a", class_="bt-live-link").attrs["href"]
    assert files == "../lite/tree/index.html" and (site_dir / "lite" / "tree").exists()


def test_no_person_of_chemin_de_fer_is_called_el_punto_or_la_banca(site_dir: Path) -> None:
    for name in ("chapters/history", "reference/faq", "reference/index", "reference/sources",
                 "chapters/third-card-rule"):
        text = _said(site_dir, name)
        for wrong in ("el punto activo", "Decisión del punto", "Decisión de la banca",
                      "entre el punto y la banca", "(el punto)", "(la banca)",
                      "se pide a la banca", "mesa online"):
            assert wrong not in text, (name, wrong)


@pytest.mark.parametrize("name", PAGES)
def test_a_spanish_page_shows_no_english_label_of_the_site(site_dir: Path, name: str) -> None:
    page = _page(site_dir, name)
    labels = " ".join(
        [e.attrs.get(key, "") for e in page.iter()
         for key in ("aria-label", "title", "placeholder", "data-tooltip")]
        + [e.text() for e in page.iter() if e.tag in ("button", "summary", "label")])
    for english in ("Show code cell", "Hide code cell", "Search", "Toggle", "Download",
                    "Fullscreen", "Print to PDF", "Back to top", "Contents", "light/dark",
                    "Edit this page"):
        assert english not in labels, (name, english)


def test_the_english_pages_keep_the_labels_of_their_packages(site_dir: Path) -> None:
    page = parse_page(site_dir / "chapters" / "roads.html")
    titles = {e.attrs.get("title") for e in page.iter()}
    assert "Link to this heading" in titles and "Toggle primary sidebar" in titles
    spanish = {e.attrs.get("title") for e in _page(site_dir, "chapters/roads").iter()}
    assert "Enlace a este encabezado" in spanish


def test_a_fraction_of_the_engine_is_written_with_a_decimal_comma() -> None:
    # the helpers the pages use, on a figure with decimals: independent of the build
    assert rules_punto_banco.amount_text(Fraction(19, 20), SPANISH) == "0,95"


FOUR_DIGITS_GROUPED = re.compile(r"(?<![\d.,])\d\.\d{3}(?![\d.,])")
"""A four-digit number with its thousands grouped (``2.999``), which Spanish does not write:
CLDR's minimum grouping digits for Spanish is 2, so ``2999`` but ``20.000``."""


@pytest.mark.parametrize("name", [*PAGES, "chapters/odds", "chapters/home-session",
                                  "chapters/chemin-de-fer"])
def test_a_spanish_page_groups_numbers_from_five_digits_on(site_dir: Path, name: str) -> None:
    text = VERSIONS.sub(" ", _said(site_dir, name))
    assert not FOUR_DIGITS_GROUPED.search(text), FOUR_DIGITS_GROUPED.findall(text)


def test_the_odds_page_groups_its_large_counts_the_spanish_way(site_dir: Path) -> None:
    text = _said(site_dir, "chapters/odds")
    grouped = re.findall(r"(?<![\d.,])\d{2,3}(?:\.\d{3})+(?![\d,])", text)
    assert grouped, "no count of five digits or more on the Spanish odds page"
    assert all(format_number(int(g.replace(".", "")), ",", SPANISH) == g for g in grouped)
