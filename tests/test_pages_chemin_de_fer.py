"""The Chemin de Fer pages' builders speak the page's language, numbers included.

The three pages on Chemin de Fer (the chapter, the decisions chapter and the rules summary)
write their tables and sentences with :mod:`bacara_teach.pages.chemin_de_fer`,
:mod:`~bacara_teach.pages.cdf_decisions` and :mod:`~bacara_teach.pages.rules_chemin_de_fer`.
These checks run the builders in both languages: English as the pages always showed it,
Spanish with Spanish numbers and the project's one wording (*apostador*, *banquero*), every
message translated; and the pages' sources keep no language branch of their own.
"""

from __future__ import annotations

import re
import sys
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from bacara_teach.analysis import (
    CLASSIC_MODEL,
    INFINITE_DECK,
    decision_game,
    shoe_model,
    solve_decision_game,
)
from bacara_teach.analysis.chemin_de_fer import BankerPoint, BettorPoint, CellValue, DecisionGame
from bacara_teach.chemin_de_fer import CheminDeFerCoup
from bacara_teach.chemin_de_fer_session import (
    DECKS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    CheminDeFerSession,
    play_session,
)
from bacara_teach.pages import cdf_decisions, rules_chemin_de_fer
from bacara_teach.pages import chemin_de_fer as chapter
from bacara_teach.practice.drill import SelfCheck
from bacara_teach.tableau import CHEMIN_DE_FER
from bacara_teach.text import format_number, tr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
import engine_messages  # noqa: E402

EXAMPLE = "2♥ A♠ 3♣ 2♦ 9♥ 5♠"
MODULES = ("chemin_de_fer", "cdf_decisions", "rules_chemin_de_fer")
PAGES = ("chapters/chemin-de-fer", "chapters/cdf-decisions", "reference/rules-chemin-de-fer")
# Numbers written the English way: a thousands comma (not a Spanish percentage with three
# decimals, "1,237 %"), a decimal point (not a Spanish thousands point, "12.000").
ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?![\d\u00a0])|\d\.\d{1,2}(?!\d)|\d\.\d+%")
# Spanish renderings the project rules out: the Chemin de Fer roles are people (apostador,
# banquero), never "el punto" or "la banca" deciding; one online table; the game is bacará.
AVOIDED = re.compile(
    r"\b(?:el|del|al|un) punto\b(?! de silla| porcentual| banco)"
    r"|\bla banca (?:ve|mira|decide|roba|elige|se planta|reparte|lee)\b"
    r"|\bde la banca que (?:ha ganado|gana)\b|\bde el\b|\ba el\b"
    r"|mesa online|\bbaccarat\b(?! banque)|pagada a \d",
    re.IGNORECASE,
)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def text_of(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


def cells(html: str, tag: str = "td") -> list[str]:
    return [text_of(cell) for cell in re.findall(rf"<{tag}[^>]*>(.*?)</{tag}>", html)]


@pytest.fixture(scope="module")
def game() -> DecisionGame:
    return decision_game(CHEMIN_DE_FER, shoe_model(6))


@pytest.fixture(scope="module")
def values(game: DecisionGame) -> list[CellValue]:
    solution = solve_decision_game(game)
    return list(game.cell_values(solution.bettor, solution.banker))


# -- the sources keep no language of their own ------------------------------------------------------
@pytest.mark.parametrize("path", [*(f"bacara_teach/pages/{m}.py" for m in MODULES),
                                  *(f"docs/{p}.md" for p in PAGES)])
def test_no_language_branch_is_left_in_the_pages_or_their_builders(path: str) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    for left in ("pick(", '== "es"', "'es'", '"es":', "_es", "_ES", "lang ==", "term("):
        assert left not in source, f"{path} still has {left!r}"


# -- every message is translated, in the project's wording -----------------------------------------
def _entries() -> list[Any]:
    catalogue = engine_messages.read(engine_messages.catalogue_path("es"), "es")
    return [entry for entry in catalogue if entry.id and any(
        location.startswith(f"bacara_teach/pages/{m}.py") for location, _ in entry.locations
        for m in MODULES)]


# Texts that read the same in both languages.
SAME = {"Coup", "Total", "total", "{words} ({method})"}


def test_every_message_of_the_builders_has_its_own_spanish() -> None:
    entries = _entries()
    assert len(entries) > 100
    copied = [entry.id for entry in entries if entry.string == entry.id and entry.id not in SAME]
    assert copied == []
    assert not [entry.id for entry in entries if entry.fuzzy or not entry.string]


def test_the_builders_spanish_says_apostador_and_banquero() -> None:
    found = [(entry.id, entry.string) for entry in _entries()
             if AVOIDED.search(str(entry.string))]
    assert found == []
    spanish = " ".join(str(entry.string) for entry in _entries())
    assert spanish.count("apostador") > 20 and spanish.count("banquero") > 15


@pytest.mark.parametrize("page", PAGES)
def test_the_pages_spanish_prose_says_apostador_and_banquero(page: str) -> None:
    from babel.messages.pofile import read_po

    path = ROOT / "docs" / "locales" / "es" / "LC_MESSAGES" / f"{page}.po"
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale="es")
    found = [(m.id[:60], m.string) for m in catalogue if m.id and AVOIDED.search(m.string)]
    assert found == []
    assert "apostador" in " ".join(m.string for m in catalogue if m.id)


def test_english_numbers_are_caught() -> None:
    for wrong in ("20,000 coups", "0.95 a 1", "45.32%", "-1.237%"):
        assert ENGLISH_NUMBER.search(wrong), wrong
    for right in ("20.000 coups", "0,95 a 1", "45,32\u00a0%", "\u22121,237\u00a0%", "9/11"):
        assert not ENGLISH_NUMBER.search(right), right


def test_the_avoided_renderings_are_caught() -> None:
    # the check above can fail: each of these is a wording the project rules out
    for wrong in ("la regla del punto", "El punto activo mira", "la banca decide",
                  "jugar en la mesa online", "el baccarat", "pagada a 8 por 1", "de el punto"):
        assert AVOIDED.search(wrong), wrong
    for right in ("un punto de silla", "el Punto Banco", "la banca gana", "el apostador activo",
                  "el Baccarat Banque"):
        assert not AVOIDED.search(right), right


# -- the chapter ----------------------------------------------------------------------------------
def test_asked_and_refused_in_both_languages() -> None:
    table = CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, first_banker=0)
    before = table.to_dict()
    assert chapter.refusal(table, "open_bank", 0, 1, lang="en").startswith(
        "refused: cannot open a bank with 1: expected a whole number from 2 to ")
    assert chapter.refusal(table, "open_bank", 0, 1, lang="es").startswith("rechazado: ")
    assert table.to_dict() == before
    with pytest.raises(AssertionError, match="accepted"):
        chapter.refusal(table, "open_bank", 0, 20, lang="en")
    over = play_session(["Ana", "Luis", "Eva", "Marta", "Pablo"], seed=5)
    assert chapter.asked(over, "en") == "asked: nothing: the session is over (12 coups played)"
    assert chapter.asked(over, "es") == ("no le toca a nadie: la sesión ha terminado "
                                         "(se jugaron los 12 coups)")


def test_who_is_asked_what_reads_as_words_with_the_method_that_does_it() -> None:
    from bacara_teach.chemin_de_fer_session import ACTION_WORDS, ACTIONS

    assert set(ACTION_WORDS) == {action for actions in ACTIONS.values() for action in actions}
    for action, words in ACTION_WORDS.items():
        english, spanish = words.render("en"), words.render("es")
        assert english != spanish and "_" not in english + spanish, action
        assert chapter.action_text(action, "es") == f"{spanish} ({action})"
    table = CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, first_banker=0)
    assert chapter.asked(table, "en") == (
        "asked: Ana: open a bank (open_bank) or refuse the bank (refuse_bank), from 2 to 100")
    table.open_bank(0, 20)
    assert chapter.asked(table, "es") == (
        "le toca a Eva: decir banco (call_banco) o pasar sin decir banco (decline_banco), por 20")
    for seat in (2, 1):
        table.decline_banco(seat)
    assert chapter.asked(table, "es").startswith("le toca a Eva: apostar (bet) o pasar sin apostar "
                                                 "(decline_bet), de ")


def test_the_worked_coup_names_the_bettor_and_the_banker() -> None:
    coup = CheminDeFerCoup.from_cards(EXAMPLE, bettor="draw", banker="draw")
    english, spanish = chapter.coup_html(coup, "en"), chapter.coup_html(coup, "es")
    assert cells(english, "th")[:3] == ["Hand", "Cards", "Total"]
    assert "<strong>Winner: the banker</strong>" in english
    assert cells(spanish, "th")[:3] == ["Mano", "Cartas", "Total"]
    assert [cells(spanish, "th")[3], cells(spanish, "th")[4]] == ["Apostador", "Banquero"]
    assert "<strong>Gana el banquero</strong>" in spanish
    assert chapter.winner_text(coup, "es") == "el banquero"


def test_the_money_table_reads_the_same_amounts_in_both_languages() -> None:
    amounts = {"offered": 20, "covered": 12, "reserve": 8, "profit": 12, "bank_after": 24,
               "continuation": 24}
    english = chapter.money_html(**amounts, lang="en")
    spanish = chapter.money_html(**amounts, lang="es")
    assert cells(english, "th") == ["Bank offered", "Covered by the bets", "Set aside as reserve",
                                    "Profit of the win", "Bank after the win",
                                    "Smallest bank to continue"]
    assert cells(english) == cells(spanish) == ["20", "12", "8", "12", "24", "24"]
    assert cells(spanish, "th")[0] == "Banca ofrecida"
    # a bank of thousands would read the Spanish way
    big = chapter.money_html(**{**amounts, "offered": 12000}, lang="es")
    assert cells(big)[0] == "12.000"


def test_the_session_tables_speak_spanish() -> None:
    session = play_session(["Ana", "Luis", "Eva", "Marta", "Pablo"], seed=5)
    english = chapter.session_coups_html(session, "en")
    spanish = chapter.session_coups_html(session, "es")
    assert cells(english, "th")[:7] == ["Coup", "Banker", "Covered", "Bettor", "Banker's hand",
                                        "Free choices", "Winner"]
    assert cells(spanish, "th")[:7] == ["Coup", "Banquero", "Cubierto", "Apostador",
                                        "Mano del banquero", "Elecciones libres", "Ganador"]
    winners = {"bettor": "apostadores", "banker": "banquero", "push": "devolución"}
    rows = re.findall(r"<tr><th scope='row'>\d+</th>(.*?)</tr>", spanish)
    assert [cells(row)[-1] for row in rows] == [winners[c.winner.value] for c in session.coups]
    assert "punto" not in text_of(spanish) and "banca" not in text_of(spanish)
    ranking = chapter.ranking_html(session, "es")
    assert cells(ranking, "th")[:3] == ["Puesto", "Jugador", "Fichas"]
    assert "Clasificación final" in ranking


def test_the_differing_cells_and_the_lists() -> None:
    assert chapter.differ_text(lang="en") == (
        "Punto Banco's Banco must draw on 3 against 9 and draw on 5 against 4")
    assert chapter.differ_text(lang="es") == (
        "el Banco del Punto Banco debe robar con 3 ante un 9 y robar con 5 ante un 4")
    assert chapter.and_list(["Ana", "Eva", "Luis"], "es") == "Ana, Eva y Luis"
    assert chapter.or_list(["open_bank", "refuse_bank"], "es") == "open_bank o refuse_bank"


def test_the_self_check_is_answered_by_the_engine_in_each_language() -> None:
    for lang, words in (("en", "The active bettor is"), ("es", "El apostador activo es")):
        check = chapter.check_yourself(EXAMPLE, DECKS, lang)
        assert isinstance(check, SelfCheck)
        html = check._repr_html_()
        assert words in html
    spanish = chapter.check_yourself(EXAMPLE, DECKS, "es")._repr_html_()
    assert "Banquero con 5, tercera carta 4" in spanish and "active bettor" not in spanish


# -- the decisions chapter -------------------------------------------------------------------------
def test_the_worth_of_each_free_cell_in_both_languages(values: list[CellValue]) -> None:
    english = cdf_decisions.values_html(values, "several", "en")
    spanish = cdf_decisions.values_html(values, "several", "es")
    row_en = [cells(row) for row in re.findall(r"<tr><th scope='row'>.*?</tr>", english)]
    row_es = [cells(row) for row in re.findall(r"<tr><th scope='row'>.*?</tr>", spanish)]
    for v, en, es in zip(values, row_en, row_es, strict=True):
        assert en[:5] == [format_number(float(v.reach), ".2%", "en"), format_number(float(v.draw), "+.2%", "en"),
                          format_number(float(v.stand), "+.2%", "en"), format_number(float(v.draw - v.stand), "+.2%", "en"), v.better]
        assert es[:4] == [format_number(float(v.reach), ".2%", "es"),
                          format_number(float(v.draw), "+.2%", "es"),
                          format_number(float(v.stand), "+.2%", "es"),
                          format_number(float(v.draw - v.stand), "+.2%", "es")]
        assert all(re.fullmatch(r"[+\u2212]?\d+,\d{2}\u00a0%", cell) for cell in es[:4]), es
    assert not ENGLISH_NUMBER.search(text_of(spanish))
    assert cells(spanish, "th")[:6] == ["Casilla libre", "Se alcanza en", "Robar vale",
                                        "Plantarse vale", "Robar − plantarse", "Mejor"]
    assert "apostador con 5" in spanish


def test_situations_name_the_player_who_decides() -> None:
    assert cdf_decisions.situation(BettorPoint(5, (2, 3)), "es") == "apostador con 5 (2+3)"
    assert cdf_decisions.situation(BankerPoint(6, None), "es") == (
        "banquero con 6 tras plantarse el apostador")
    assert cdf_decisions.situation(BankerPoint(3, 9, (1, 2)), "es") == (
        "banquero con 3 (1+2) ante un 9 descubierto")
    assert cdf_decisions.situation(BankerPoint(3, 9, (1, 2)), "en") == (
        "banker on 3 (1+2) against a face-up 9")


def test_the_payoff_matrix_in_spanish_numbers(game: DecisionGame) -> None:
    english = cdf_decisions.matrix_html(game, "en")
    spanish = cdf_decisions.matrix_html(game, "es")
    matrix = game.payoff_matrix()
    assert cells(english) == [format_number(float(x), "+.3%", "en") for row in matrix for x in row]
    assert cells(spanish) == [format_number(float(x), "+.3%", "es") for row in matrix for x in row]
    assert english.count("aria-current='true'") == spanish.count("aria-current='true'") == 1
    assert not ENGLISH_NUMBER.search(text_of(spanish))
    assert "Apostador \\ banquero" in spanish and "robar en apostador" not in english


def test_the_classic_plan_mixes_in_one_cell() -> None:
    solution = solve_decision_game(decision_game(CLASSIC_MODEL, INFINITE_DECK))
    english = cdf_decisions.classic_plan_html(solution, "en")
    spanish = cdf_decisions.classic_plan_html(solution, "es")
    assert english.count("bt-choice") == spanish.count("bt-choice") == 1
    assert "draw 859/2288" in english and "roba 859/2288" in spanish
    assert "se plantó" in spanish and ">stood<" in english


def test_the_self_check_is_answered_by_the_solved_games(game: DecisionGame,
                                                        values: list[CellValue]) -> None:
    q = Fraction(9, 11)
    home = solve_decision_game(game)
    by_cards = decision_game(CHEMIN_DE_FER, shoe_model(6), by_cards=True)
    replies = by_cards.cell_values(bettor=dict.fromkeys(by_cards.bettor_points, Fraction(1)))
    cell = next(v for v in replies if v.point == BankerPoint(5, 4, (2, 3)))
    bettor5 = next(v for v in values if v.point == BettorPoint(5))
    english = cdf_decisions.self_check(q, replies, bettor5, home, "en").data()["questions"]
    spanish = cdf_decisions.self_check(q, replies, bettor5, home, "es").data()["questions"]
    assert isinstance(english, list) and isinstance(spanish, list)
    assert english[0]["answer"] == "With probability 2/11"
    assert english[0]["choices"] == ["Never", "With probability 2/11", "With probability 9/11",
                                     "Always"]
    assert spanish[0]["answer"] == "Con probabilidad 2/11"
    better = "draw" if cell.draw > cell.stand else "stand"
    assert english[1]["answer"] == {"draw": "Draw", "stand": "Stand"}[better]
    assert spanish[1]["answer"] == {"draw": "Robar", "stand": "Plantarse"}[better]
    assert format_number(float(cell.draw), "+.2%", "en") in english[1]["why"]
    assert format_number(float(cell.stand), "+.2%", "es") in spanish[1]["why"]
    mixes = 0 < home.bettor[BettorPoint(5)] < 1
    assert english[2]["answer"] == ("Yes" if mixes else "No")
    assert format_number(float(bettor5.draw), "+.2%", "es") in spanish[2]["why"]
    for question in spanish:
        assert not ENGLISH_NUMBER.search(question["why"]), question


def test_choices_and_comparisons() -> None:
    assert cdf_decisions.choice_text(Fraction(859, 2288), "es") == (
        "robar con probabilidad 859/2288")
    assert cdf_decisions.choice_text(True, "es") == "robar"
    assert cdf_decisions.cell_text(Fraction(1), "es") == "roba"
    assert cdf_decisions.compare_text(Fraction(1), Fraction(1), "es") == "lo mismo que"
    assert cdf_decisions.pct(Fraction(-1, 80), 3, "en") == format_number(-1 / 80, "+.3%", "en")


# -- the rules summary ----------------------------------------------------------------------------
def test_the_constants_table_in_both_languages() -> None:
    english = rules_chemin_de_fer.constants_html("en")
    spanish = rules_chemin_de_fer.constants_html("es")
    assert dict(zip(cells(english, "th")[2:], cells(english), strict=True))[
        "Participants, the banker included"] == f"{MIN_PLAYERS} to {MAX_PLAYERS}"
    rows = dict(zip(cells(spanish, "th")[2:], cells(spanish), strict=True))
    assert rows["Participantes, incluido el banquero"] == f"de {MIN_PLAYERS} a {MAX_PLAYERS}"
    assert rows["Barajas"] == str(DECKS)
    assert rows["Comisión"] == "ninguna"


def test_the_bettors_rule_table_and_the_money_answer() -> None:
    spanish = rules_chemin_de_fer.bettor_rule_html("es")
    assert cells(spanish, "th")[:4] == ["Apostadores", "debe robar", "elección libre",
                                        "debe plantarse"]
    assert "El total de dos cartas del apostador" in spanish
    assert rules_chemin_de_fer.money_answer(24, 12, 12, "es") == (
        "24 = las apuestas cubiertas, 12 + la ganancia, 12")
    assert rules_chemin_de_fer.same_elsewhere_text(lang="es") == "iguales que las"
    assert rules_chemin_de_fer.bank_answer_text(False, "es") == "rechaza"
    assert tr("{low} to {high}", "es", low=3, high=12) == "de 3 a 12"


def test_the_default_language_is_the_pages_language(monkeypatch: pytest.MonkeyPatch) -> None:
    # the Spanish build runs the pages with BACARA_LANG=es and no language argument
    monkeypatch.setenv("BACARA_LANG", "es")
    assert cdf_decisions.pct(Fraction(-1, 80), 3) == "\u22121,250\u00a0%"
    assert cdf_decisions.share(Fraction(1, 8)) == "12,50\u00a0%"
    amounts = {"offered": 12000, "covered": 12, "reserve": 8, "profit": 12, "bank_after": 24,
               "continuation": 24}
    assert cells(chapter.money_html(**amounts, lang=None))[0] == "12.000"
    assert "Barajas" in rules_chemin_de_fer.constants_html()
    monkeypatch.setenv("BACARA_LANG", "en")
    assert cdf_decisions.pct(Fraction(-1, 80), 3) == "\u22121.250%"
