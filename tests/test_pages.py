"""The builders of the course pages (``bacara_teach.pages``) speak the page's language.

Each builder is asked for English and for Spanish: the English is what the pages always
showed, the Spanish is the catalogue's (so a message that lost its translation fails here),
and every number a Spanish reader sees is written the Spanish way (``4,75``, ``20.000``,
``1,24 %``), while the figures themselves come from the engine.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from html import unescape

import pytest

from bacara_teach import PROFILES, Coup
from bacara_teach.analysis import edges_for_profile
from bacara_teach.analysis.roads import deal_shoe, streak_study
from bacara_teach.pages import (
    cards_and_scoring,
    cli_reference,
    exercises,
    faq,
    glossary,
    handing_in,
    history,
    reference_index,
    roads_chapter,
    rules_punto_banco,
    start_here,
    third_card_rule,
    worked_examples,
)
from bacara_teach.practice.drill import SelfCheck
from bacara_teach.text import format_number

ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?!\d|\u00a0%)|\d\.\d{1,4}(?!\d)")
"""A number written the English way: a comma grouping thousands (not a Spanish percentage with
three decimals, ``1,235 %``), a point before decimals."""


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def _no_english_numbers(text: str) -> None:
    found = ENGLISH_NUMBER.findall(text)
    assert not found, f"English-style numbers {found} in {text[:200]!r}"


# -- links to the in-browser app ---------------------------------------------------------------


def test_the_papers_open_in_the_app_at_the_site_root_in_the_page_language() -> None:
    english, spanish = exercises.papers_html("en"), exercises.papers_html("es")
    assert "href='lite/notebooks/index.html?path=exercises/third-card.ipynb'" in english
    assert "href='../lite/notebooks/index.html?path=es/exercises/third-card.ipynb'" in spanish
    assert "<caption>Practice papers: one per assignment</caption>" in english
    assert "<caption>Ejercicios de práctica: uno por tarea</caption>" in spanish
    assert "Ejercicio (se abre en vivo)" in spanish and "Paper (opens live)" not in spanish


def test_handing_in_links_the_files_of_the_app_from_either_language() -> None:
    assert "href='lite/tree/index.html'" in handing_in.links_html("en")
    spanish = handing_in.links_html("es")
    assert "href='../lite/tree/index.html'" in spanish
    assert "Abrir los cuadernos en vivo" in spanish and "La tarjeta de reglas" in spanish


# -- reference pages --------------------------------------------------------------------------


def test_cli_examples_are_titled_and_typed_in_the_page_language() -> None:
    title, argv, stdin = next(e for e in cli_reference.EXAMPLES if e[1][0] == "play")
    english = cli_reference.example_html(title, argv, stdin, "en")
    assert "Sit at the online table" in english and "bet banco 5" in english
    spanish = cli_reference.examples_html("es")
    assert "Sentarse a la mesa en línea" in spanish and "mesa online" not in spanish
    assert "apostar banco 5" in spanish
    assert "código de salida 2" in spanish and "exit status" not in spanish


def test_the_sample_coups_and_payments_are_settled_by_the_engine_in_spanish_numbers() -> None:
    coups = {key: Coup.from_cards(cards) for key, cards in rules_punto_banco.SAMPLE_COUPS.items()}
    online = PROFILES["online"]
    spanish = rules_punto_banco.payments_html(online, coups, "es")
    assert "<td>\u221220</td>" in spanish and "<td>-20</td>" not in spanish  # the Spanish minus
    assert "resultado neto de una apuesta" in spanish
    english = rules_punto_banco.payments_html(online, coups, "en")
    assert "<td>\u221220</td>" in english and "net result of one bet" in english
    paid = rules_punto_banco.online_commission(online, coups["banco"], "5", "es")
    assert paid == {"stake": "5", "win": "+5", "commission": "0,25", "net": "+4,75"}
    assert rules_punto_banco.both_sides_tables(PROFILES, "es") == "ninguna"
    assert "Gana Banco" in rules_punto_banco.sample_coups_html(coups, "es")


def test_faq_edges_are_the_engine_edges_written_for_each_reader() -> None:
    spanish = _text(faq.edges_html(PROFILES, "es"))
    for profile in PROFILES.values():
        for analysis in edges_for_profile(profile).values():
            assert format_number(float(analysis.house_edge), ".3%", "es") in spanish
    _no_english_numbers(spanish)
    best = faq.best_bet(PROFILES, "es")
    assert best["best_bet"].endswith(" en la mesa de casa") or " en la mesa " in best["best_bet"]
    assert best["best_edge"].endswith("\u00a0%") and "," in best["best_edge"]
    assert faq.home_stake_facts("es")["banco_odds"] == "0,95"
    assert faq.home_stake_facts("en")["banco_odds"] == "0.95"
    assert faq.table_name(PROFILES["online"], "es") == "la mesa en línea"


def test_the_glossary_table_has_every_term_and_its_meaning_in_the_page_language() -> None:
    from bacara_teach.i18n import GLOSSARY

    spanish = unescape(glossary.translations_html("es"))
    english = unescape(glossary.translations_html("en"))
    assert "<th scope='col'>Inglés</th>" in spanish and "<th scope='col'>Significado</th>" in spanish
    for term in GLOSSARY:
        assert term.text("es") in spanish and term.text("en") in english
        assert term.note("es") in spanish
        assert term.note("en") in english
    assert glossary.commission_text("en") == "5%"
    assert glossary.commission_text("es") == "5\u00a0%"


def test_the_decision_words_of_the_reference_index() -> None:
    assert [reference_index.decision_word(d, "es") for d in ("draw", "stand", "choice")] == [
        "robar", "plantarse", "elegir libremente"]
    assert reference_index.decision_word("choice", "en") == "choice"


# -- chapters ----------------------------------------------------------------------------------


def test_the_four_tables_in_spanish_name_the_chemin_de_fer_roles_as_people() -> None:
    spanish = start_here.four_tables_html("es")
    assert "los apostadores cobran 1:1" in spanish
    assert "Las mesas del curso, leídas del motor" in spanish
    english = start_here.four_tables_html("en")
    assert "bettors 1:1; the bank wins the stakes" in english
    facts = start_here.facts("es")
    assert facts["home_players"] == "2 a 8" and facts["online_limits"].startswith("1 a ")


def test_odds_and_ranges_are_written_in_the_reader_conventions() -> None:
    assert start_here.odds_words(Fraction(19, 20), "es") == "0,95:1"
    assert start_here.odds_words(Fraction(19, 20), "en") == "0.95:1"
    assert start_here.span_text(Decimal("1"), Decimal("2500.5"), "es") == "1 a 2500,5"


def test_history_names_the_bettor_and_the_banker_as_people() -> None:
    found = history.differences()
    spanish = history.differences_html(found, "es")
    assert "(el apostador)" in spanish and "el punto" not in spanish
    assert "(el banquero)" in spanish or all(pb.hand == "player" for pb, _ in found)
    assert "la banca" not in spanish
    assert history.word("banker", "es") == "el banquero"
    assert history.word("bettor", "es") == "los apostadores"
    assert history.word("draw", "en") == "draw"


@pytest.mark.parametrize("builder", [
    start_here.self_check,
    lambda lang: history.self_check(history.differences(), lang),
    cards_and_scoring.self_check,
    lambda lang: third_card_rule.self_check(lang=lang),
])
def test_each_self_check_is_built_in_the_page_language(builder: object) -> None:
    assert callable(builder)
    english, spanish = builder("en"), builder("es")
    assert isinstance(english, SelfCheck) and isinstance(spanish, SelfCheck)
    assert english.lang == "en" and spanish.lang == "es"
    html = spanish._repr_html_()
    assert "Sí" in html or "casillas" in html or "Los puntos" in html


def test_cards_and_scoring_tables_and_lists_in_spanish() -> None:
    assert cards_and_scoring.zero_ranks_text("es") == "10, J, Q y K"
    assert "Valor en puntos de cada rango" in cards_and_scoring.points_html("es")
    assert "Se suman los puntos" in cards_and_scoring.sums_html(lang="es")
    assert "Lo que lee el analizador" in cards_and_scoring.notation_html(lang="es")
    assert cards_and_scoring.percent_text(0.09452, "es") == "9,45\u00a0%"


def test_third_card_values_per_100_in_the_reader_conventions() -> None:
    from bacara_teach.analysis.banco_cells import banco_draw_gains, close_calls

    gains = banco_draw_gains(8)
    close = close_calls(gains)
    spanish = third_card_rule.cell_values(gains, close, "es", separator="; ")
    english = third_card_rule.cell_values(gains, close, "en", separator="; ")
    for key in close:
        assert f"({format_number(float(gains[key]) * 100, '+.2f', 'en')})" in english
        assert f"({format_number(float(gains[key]) * 100, '+.2f', 'es')})" in spanish
    _no_english_numbers(spanish)
    assert third_card_rule.banco_action(True, "es") == "roba"
    assert third_card_rule.banco_action(False, "en") == "stands"


def test_worked_examples_coverage_and_settlement_in_spanish() -> None:
    from bacara_teach import Bet, settle

    home = PROFILES["home"]
    example = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
    paid = [settle(example, [Bet.of(kind, home.fixed_stake or 20)], home).bets[0]
            for kind in home.bets]
    spanish = worked_examples.settlement_html(paid, "es")
    assert "Predicción" in spanish and "ganada" in spanish and "perdida" in spanish
    coverage = worked_examples.coverage_html({("tie",): 3}, "es")
    assert "un empate (Empate)" in coverage and "Casilla de Banco" in coverage
    assert worked_examples.coup_heading(("tie",), 3, "es") == "**Un empate (Empate)** (semilla 3)"
    assert worked_examples.other_language("es") == "en"


def test_roads_figures_are_in_the_reader_conventions() -> None:
    run = deal_shoe(8, seed=8)
    assert roads_chapter.shoe_summary(run, "es").endswith("cartas tras la carta de corte")
    streaks = streak_study(shoes=3, seed=5)
    spanish = roads_chapter.streaks_html(streaks, "es")
    _no_english_numbers(_text(spanish))
    assert "Racha de" in spanish and "\u00a0%" in spanish
    english = roads_chapter.streaks_html(streaks, "en")
    assert re.search(r"\d\.\d%", english)
    full = {"banco": Fraction(1, 2), "punto": Fraction(2, 5)}
    check = roads_chapter.check_yourself(streaks, full, "es")
    first = check.checks[0]
    assert first.answer == "No" and first.why.startswith("Tras seis o más victorias de Banco")
    _no_english_numbers(" ".join(c.why + c.prompt for c in check.checks))
    assert [c.answer in c.choices for c in check.checks] == [True, True, True]
