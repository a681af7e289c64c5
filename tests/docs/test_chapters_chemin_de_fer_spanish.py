"""The Spanish pages on Chemin de Fer: Spanish words, Spanish numbers, the engine's figures.

Read from the built Spanish site (``es/``): the chapter, the decisions chapter and the rules
summary.  What a reader sees there (prose, glued values, tables, captions, the outputs of the
cells) writes numbers the Spanish way and names the roles *apostador* and *banquero*; the
tables hold the engine's own figures, rendered in Spanish, as the English pages hold them in
English.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from sitecheck import Element, parse_page

from bacara_teach import chemin_de_fer_session as cdf
from bacara_teach.analysis import decision_game, shoe_model, solve_decision_game
from bacara_teach.chemin_de_fer_session import play_session
from bacara_teach.tableau import CHEMIN_DE_FER
from bacara_teach.text import format_number

pytestmark = pytest.mark.docs

PAGES = ("chapters/chemin-de-fer", "chapters/cdf-decisions", "reference/rules-chemin-de-fer")
# Numbers written the English way: a thousands comma (not a Spanish percentage with three
# decimals, "1,237 %"), a decimal point (not a Spanish thousands point, "12.000").
ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?![\d\u00a0])|\d\.\d{1,2}(?!\d)|\d\.\d+%")
# What a reader does not read as text: the code of the cells, scripts, card faces.
NOT_READ = {"cell_input", "bt-card", "highlight"}


def _page(site_dir: Path, name: str, lang: str = "es") -> Element:
    return parse_page(site_dir / ("es" if lang == "es" else "") / f"{name}.html")


def _read(element: Element) -> str:
    """The text a reader reads: everything but code, scripts, styles and card faces."""
    if element.tag in ("script", "style") or NOT_READ & set(element.classes):
        return " "
    return "".join(c if isinstance(c, str) else _read(c) for c in element.children)


def _table(page: Element, css: str) -> Element:
    (found,) = page.find_all("table", class_=css)
    return found


def _rows(table: Element) -> list[tuple[str, list[str]]]:
    out = []
    for row in table.find("tbody").children_of("tr"):
        head = row.children_of("th")
        out.append((head[0].text() if head else "", [td.text() for td in row.children_of("td")]))
    return out


def _heads(table: Element) -> list[str]:
    return [th.text() for th in table.find("thead").find_all("th")]


def _shown(text: str) -> str:
    """``text`` as :meth:`Element.text` reads it (its white space, the no-break space too,
    collapsed)."""
    return " ".join(text.split())


def _paragraph(page: Element, words: str) -> str:
    found = [p.text() for p in page.find_all("p") if words in p.text()]
    assert len(found) == 1, f"{len(found)} paragraphs contain {words!r}"
    return found[0]


@pytest.mark.parametrize("name", PAGES)
def test_the_spanish_page_writes_no_number_the_english_way(site_dir: Path, name: str) -> None:
    text = re.sub(r"[ \t\r\n]+", " ", _read(_page(site_dir, name).find("main")))
    found = [text[max(0, m.start() - 30):m.end() + 10] for m in ENGLISH_NUMBER.finditer(text)]
    assert found == []


def test_the_spanish_worth_of_each_free_cell_is_the_solved_game(site_dir: Path) -> None:
    page = _page(site_dir, "chapters/cdf-decisions")
    game = decision_game(CHEMIN_DE_FER, shoe_model(6))
    solution = solve_decision_game(game)
    values = game.cell_values(solution.bettor, solution.banker)
    table = _table(page, "bt-cell-values")
    assert _heads(table) == ["Casilla libre", "Se alcanza en", "Robar vale", "Plantarse vale",
                             "Robar − plantarse", "Mejor"]
    rows = _rows(table)
    assert rows[0][0] == "apostador con 5"
    for (_, cells), v in zip(rows, values, strict=True):
        assert cells[:4] == [_shown(format_number(float(v.reach), ".2%", "es")),
                             _shown(format_number(float(v.draw), "+.2%", "es")),
                             _shown(format_number(float(v.stand), "+.2%", "es")),
                             _shown(format_number(float(v.draw - v.stand), "+.2%", "es"))]
    worth = _shown(format_number(float(solution.value), "+.3%", "es"))
    assert f"el juego vale {worth} por unidad para los apostadores" in _paragraph(page, "Jugado así")
    matrix = [td.text() for td in _table(page, "bt-matrix").find("tbody").find_all("td")]
    assert matrix == [_shown(format_number(float(x), "+.3%", "es"))
                      for row in game.payoff_matrix() for x in row]


def test_the_spanish_classic_model_keeps_its_fractions(site_dir: Path) -> None:
    page = _page(site_dir, "chapters/cdf-decisions")
    text = _paragraph(page, "debe robar con probabilidad")
    assert "El apostador con 5 debe robar con probabilidad 9/11 y plantarse con probabilidad 2/11" \
        in text
    assert "la del banquero con 6 tras plantarse el apostador" in text
    assert "roba 859/2288" in _table(page, "bt-classic").text()
    assert _paragraph(page, "Solo difiere una casilla").count(str(Fraction(859, 2288))) == 1


def test_the_spanish_chapter_tables_and_outputs(site_dir: Path) -> None:
    page = _page(site_dir, "chapters/chemin-de-fer")
    money = dict(_rows(_table(page, "bt-money")))
    assert money == {"Banca ofrecida": ["20"], "Cubierto por las apuestas": ["12"],
                     "Apartado como reserva": ["8"], "Beneficio de la victoria": ["12"],
                     "Banca tras la victoria": ["24"], "Banca mínima para seguir": ["24"]}
    (coup,) = page.find_all("div", class_="bt-cdf-coup")
    assert [row.find("th").text() for row in coup.find("tbody").children_of("tr")] == [
        "Apostador", "Banquero"]
    assert coup.find("strong").text() == "Gana el banquero"
    outputs = "\n".join(pre.text() for pre in page.find_all("pre"))
    assert "rechazado: " in outputs and "refused:" not in outputs
    assert "le toca a Luis: apostar (bet) o pasar sin apostar (decline_bet), de 1 a 8" in outputs
    assert "El apostador ve: " in outputs and "El banquero ve: " in outputs
    session = play_session(["Ana", "Luis", "Eva", "Marta", "Pablo"], seed=5)
    assert _heads(_table(page, "bt-session")) == ["Coup", "Banquero", "Cubierto", "Apostador",
                                                  "Mano del banquero", "Elecciones libres",
                                                  "Ganador"]
    ranking = [(int(cells[0]), name, int(cells[1])) for name, cells in
               _rows(_table(page, "bt-ranking"))]
    assert ranking == session.ranking()


def test_the_spanish_chapter_prose_names_the_roles(site_dir: Path) -> None:
    page = _page(site_dir, "chapters/chemin-de-fer")
    assert (f"Participan de {cdf.MIN_PLAYERS} a {cdf.MAX_PLAYERS} personas, incluido el "
            "banquero activo") in _paragraph(page, "Participan de")
    text = _paragraph(page, "El banquero termina con")
    assert "el coup es para el banquero" in text
    assert "(donde el Banco del Punto Banco debe robar con 3 ante un 9 y robar con 5 ante un 4)" \
        in _paragraph(page, "Hay exactamente")
    english = _page(site_dir, "chapters/chemin-de-fer", "en")
    assert (f"{cdf.MIN_PLAYERS} to {cdf.MAX_PLAYERS} participants, the active banker included"
            in _paragraph(english, "participants, the active banker included"))


def test_the_spanish_rules_summary(site_dir: Path) -> None:
    page = _page(site_dir, "reference/rules-chemin-de-fer")
    rows = {label: cells[0] for label, cells in _rows(_table(page, "bt-cdf-constants"))}
    assert rows == {
        "Participantes, incluido el banquero": f"de {cdf.MIN_PLAYERS} a {cdf.MAX_PLAYERS}",
        "Barajas": str(cdf.DECKS), "Cartas en el sabot": str(52 * cdf.DECKS),
        "Barajado": "una vez, antes de la sesión; las cartas se descartan tras cada coup, "
                    "sin quemar ninguna",
        "Fichas de cada uno al empezar": str(cdf.STARTING_CHIPS),
        "Coups de una sesión": str(cdf.COUPS), "Banca nueva mínima": str(cdf.MIN_BANK),
        "Apuesta mínima": f"{cdf.MIN_BET}, dentro de las fichas propias del apostador "
                          "(sin préstamos)",
        "Comisión": "ninguna",
    }
    assert _heads(_table(page, "bt-cdf-bettor"))[0] == "Apostadores"
    text = _paragraph(page, "El ejemplo resuelto de la fuente de las reglas")
    assert "el motor rechaza una banca de 20" in text
    outputs = "\n".join(pre.text() for pre in page.find_all("pre"))
    assert "2. 24 = las apuestas cubiertas, 12 + la ganancia, 12" in outputs
