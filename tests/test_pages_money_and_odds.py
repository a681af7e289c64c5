"""The builders of the pages on money and odds (``bacara_teach.pages``) speak the reader's language.

English is what the pages always showed, to the character; Spanish comes from the engine's
catalogue, every label translated and every number in Spanish conventions.  A message that
loses its translation, or a number formatted the English way, fails here without a site build.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest

from bacara_teach import Coup, HomeSession
from bacara_teach.analysis import ALL_BETS, analyse_bets, count_deals, effect_of_removal
from bacara_teach.analysis.punto_banco import DealCounts
from bacara_teach.analysis.side_bets import PUBLISHED
from bacara_teach.pages import home_session, odds, paying_bets, side_bets
from bacara_teach.tables import ONLINE, PROFILES, get_profile
from bacara_teach.text import tr

ENGLISH_NUMBER = re.compile(r"\d\.(?!\d{3}(?!\d))\d|\d,\d{3},\d{3}|\d%")
# Labels that are the same word in Spanish (the game's own words, or a word Spanish shares).
SAME_IN_SPANISH = {"Coup", "Total"}

LABELS = (odds.BETS_HEAD + odds.PAIRS_HEAD + odds.PATTERN_HEAD + tuple(label for _, label in odds.PAIR_READINGS)
          + paying_bets.PRICE_HEAD + paying_bets.COMMISSION_HEAD + paying_bets.OPTIONS_HEAD
          + tuple(paying_bets.CASINO_DIFFERENCES.values())
          + tuple(label for label, _ in paying_bets._PROFILE_ROWS)
          + home_session.RANKING_HEAD + tuple(h for h in home_session.SCOREBOARD_HEAD if h not in ("Punto", "Banco"))
          + side_bets.EDGES_HEAD + side_bets.PUBLISHED_HEAD)


@pytest.mark.parametrize("label", sorted(set(LABELS)))
def test_every_label_of_the_pages_has_its_spanish(label: str) -> None:
    assert tr(label, "en") == label
    if label not in SAME_IN_SPANISH:
        assert tr(label, "es") != label, label


@pytest.fixture(scope="module")
def counts() -> dict[int, DealCounts]:
    return {decks: count_deals(decks) for decks in (6, 8)}


def test_odds_tables_in_english_are_the_figures_as_format_writes_them(counts: dict[int, DealCounts]) -> None:
    html = odds.outcomes_table(counts, "en")
    assert f"<td>{float(counts[8].probability('banco')):.4%}</td>" in html
    assert "<caption>Chance of each outcome</caption>" in html and ">8 decks</th>" in html
    analyses = analyse_bets(ALL_BETS, 8, counts=counts[8])
    edges = odds.bets_table(analyses, 8, "en")
    assert f"<td>{float(analyses[0].house_edge):.4%}</td>" in edges
    assert f"<td>{analyses[0].std_dev:.4f}</td>" in edges
    assert odds.deal_counts_lines(counts[8], "en")[0] == (
        f"416 cards: {counts[8].total:,} ordered six-card deals")


def test_odds_tables_in_spanish_use_spanish_words_and_numbers(counts: dict[int, DealCounts]) -> None:
    html = odds.outcomes_table(counts, "es")
    banco = float(counts[8].probability("banco"))
    assert f"<td>{banco:.4%}</td>".replace(".", ",").replace("%", "\u00a0%") in html
    assert "<caption>Probabilidad de cada resultado</caption>" in html and ">8 barajas</th>" in html
    analyses = analyse_bets(ALL_BETS, 8, counts=counts[8])
    removal = effect_of_removal(8)
    pieces = [html, odds.bets_table(analyses, 8, "es"), odds.pairs_table((6, 8), "es"),
              odds.removal_table(removal, "es"), odds.removal_chart(removal, "es"),
              *odds.deal_counts_lines(counts[8], "es")]
    for piece in pieces:
        # (a row header of the edge tables is the bet as the analysis names it: checked there)
        text = re.sub(r"<th scope='row'>[^<]*</th>|<[^>]*>|'[^']*'", " ", piece)
        assert not ENGLISH_NUMBER.search(text), piece[:200]
    assert "por cada 100.000 apostados" in odds.removal_table(removal, "es")
    assert odds.deal_counts_lines(counts[8], "es")[1].startswith("Banco gana 2.292.252.566.437.888")


def test_prices_read_one_way_in_spanish() -> None:
    assert odds.odds_to_one(Fraction(19, 20), "es") == "0,95 a 1"
    assert odds.commission_to_one(1, Fraction(5, 100), "es") == "1 a 1 menos 5\u00a0%"
    assert paying_bets.odds_text(Fraction(19, 20), "es") == "0,95 a 1"
    assert paying_bets.odds_text(Fraction(19, 20), "en") == "0.95:1"
    assert odds.fair_price(Fraction(1, 13), 1, "es") == "12,0 a 1"


def test_intervals_and_sentences_of_the_odds_chapter() -> None:
    assert odds.interval_text(0.4463, 0.4601, ".2%", "en") == "44.63% to 46.01%"
    assert odds.interval_text(0.4463, 0.4601, ".2%", "es") == "de 44,63\u00a0% a 46,01\u00a0%"
    assert odds.interval_text(-0.5, 0.125, "+.3f", "es") == "de \u22120,500 a +0,125"
    assert odds.same_or_different(True, "es") == "exactamente iguales"
    assert odds.same_or_different(False, "en") == "different"


@pytest.mark.parametrize(("value", "spanish"), [
    ("one", "una"), ("one-side", "un solo lado"), ("both-sides", "los dos lados"), ("at-payment", "al pagar"),
    ("accrued", "pendiente"), ("every-coup", "en cada coup"), ("never", "nunca"), ("return", "se devuelve"),
    ("keep", "se queda"), ("change", "se puede cambiar"), (True, "sí"), (False, "no"), (8, "8"),
])
def test_option_values_are_the_profile_spelling_in_english_and_words_in_spanish(value: object,
                                                                               spanish: str) -> None:
    english = {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) else str(value)
    assert paying_bets.value_text(value, "en") == english
    assert paying_bets.value_text(value, "es") == spanish


def test_alternatives_and_names_join_as_each_language_writes_them() -> None:
    assert paying_bets.either(["6", "8"], "en") == "6 or 8"
    assert paying_bets.either(["6", "8"], "es") == "6 u 8"
    assert paying_bets.either(["15", "7"], "es") == "15 o 7"
    assert home_session.names(["Ana", "Luis"], "es") == "Ana y Luis"
    assert home_session.names(["Luis", "Iker"], "es") == "Luis e Iker"
    assert home_session.names(["Luis", "Iker"], "en") == "Luis and Iker"
    assert home_session.names(["Ana", "Luis", "Eva"], "es") == "Ana y Luis y Eva"


def test_profiles_and_price_lists_in_both_languages() -> None:
    samples = [Coup.from_cards(c) for c in ("4♥ 2♠ 9♣ A♦ 8♦", "9♠ 2♦ K♣ 3♥", "9♠ 9♦ K♣ K♥", "K♠ 4♦ K♥ 4♣")]
    english = paying_bets.profiles_table(PROFILES.values(), "en")
    assert "<td>5% of a Banco win, at-payment</td>" in english and "<td>fixed at 20</td>" in english
    spanish = paying_bets.profiles_table(PROFILES.values(), "es")
    assert "<td>5\u00a0% de la ganancia de Banco, al pagar</td>" in spanish
    assert "Posiciones por coup" in spanish and "Positions per coup" not in spanish
    home = paying_bets.price_list_table(get_profile("home"), "20", samples, "es")
    assert "<td>0,95 a 1</td><td>+19</td><td>\u221220</td><td>0</td>" in home
    assert "<td>nunca</td>" in home
    online = paying_bets.price_list_table(ONLINE, "5", samples, "en")
    assert "<td>1:1</td>" in online and "<td>+4.75</td>" in online
    assert "<td>+4,75</td>" in paying_bets.price_list_table(ONLINE, "5", samples, "es")


def test_commission_ledger_and_options_tables_in_spanish() -> None:
    rows = [(1, "banco", Decimal("4.75"), Decimal("104.75"), Decimal("5"), Decimal("0.25"), Decimal("105"))]
    html = paying_bets.commission_table(rows, 5, "es")
    assert "<td>+4,75</td><td>104,75</td><td>+5</td><td>0,25</td><td>105</td>" in html
    assert "Banco 5 en cada coup, el mismo sabot" in html
    assert paying_bets.ledger_text(Decimal("100"), [], Decimal("99.5"), "es").endswith("quedan 99,5 disponibles")
    options = paying_bets.options_table([("decks", 8, [6, 8]), ("face_down", False, [True])], "es")
    assert "<td>sabots de distintos tamaños</td>" in options and "<td>6 u 8</td>" in options
    assert "<td>no</td><td>sí</td>" in options and "Mesa en línea" in options
    assert paying_bets.state_note(True, "es") == "  [mesa sin cambios: sí]"
    assert paying_bets.state_note(True, "en") == "  [state unchanged: True]"
    assert paying_bets.accepted(1, "es") == "aceptada" and paying_bets.accepted(2, "es") == "aceptadas"
    assert paying_bets.bet_text("empate", "0.5", "es") == "empate 0,5"


def test_home_session_tables_and_verdict_in_spanish() -> None:
    session = HomeSession(players=["Ana", "Luis"], seed=3, coups=2)
    for _ in range(2):
        session.predict("Ana", "banco")
        session.predict("Luis", "empate")
        session.deal()
    board = home_session.scoreboard_table(session, "es")
    assert "<th scope='col'>Ganador</th>" in board and "Winner" not in board
    assert "\u221220" in board and "-20" not in board
    ranking = home_session.ranking_table(session, "es")
    assert "Clasificación tras el último coup" in ranking and "Puesto" in ranking
    verdict = home_session.verdict(session, "es")
    assert verdict.startswith("gana ") or " comparten la victoria con " in verdict
    assert home_session.verdict(session, "en").split(" wins with ")[0] in session.winners or \
        " share the win with " in home_session.verdict(session, "en")
    assert home_session.prediction_count(50, "es") == "50 predicciones"
    assert home_session.prediction_count(1, "es") == "1 predicción"
    assert home_session.players_range(2, 8, "es") == "de 2 a 8"


def test_side_bet_tables_write_edges_and_published_figures_in_spanish() -> None:
    html = side_bets.published_table(PUBLISHED, "es")
    for p in PUBLISHED:
        assert f"<td>{p.figure.replace('.', ',')}</td>" in html
    assert "<th>Publicada (%)</th>" in html
    assert side_bets.edge_text(Fraction(1, 40), "es") == "2,5000\u00a0%"
    assert side_bets.edge_text(Fraction(1, 40), "en") == "2.5000%"
