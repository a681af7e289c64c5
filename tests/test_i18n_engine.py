"""The engine core speaks the default language (BACARA_LANG), and its Spanish keeps the facts.

Each Spanish output is checked for the Spanish words it must use and for the same cards,
totals and amounts as the English one; the tables are checked for English words left over.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from bacara_teach.analysis.chemin_de_fer import INFINITE_DECK, BankerPoint, BettorPoint, shoe_model
from bacara_teach.analysis.composition import Composition
from bacara_teach.analysis.edges import BANCO_LESS_COMMISSION, PAREJA_BANCO_BY_POINTS
from bacara_teach.analysis.matrix_game import method_text, solve_matrix_game
from bacara_teach.cards import Card
from bacara_teach.charts import player_rule_text, tableau_html, tableau_markdown, tableau_text
from bacara_teach.chemin_de_fer import CoupInPlay, deal_coup, describe_cell
from bacara_teach.chemin_de_fer_session import ALL_COUPS, CheminDeFerSession, Event, describe_event
from bacara_teach.display import coup_html
from bacara_teach.figures import line_chart_svg
from bacara_teach.narration import LANGUAGES, describe_banker_row, narrate_steps, spans
from bacara_teach.punto_banco import Coup
from bacara_teach.reference import odds_text, profile_fact_rows, profile_facts, two_card_totals_html
from bacara_teach.settlement import Bet, settle_bet
from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO, TABLEAUX
from bacara_teach.tables import PROFILES, get_profile
from bacara_teach.text import language_codes
from bacara_teach.trainer import TableauTrainer

CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
NUMBER = re.compile(r"\d+(?:\.\d+)?")

WORKED = "4♥ 2♠ 9♣ A♦ 7♦ 5♣"
CDF = "2♥ A♠ 3♣ 2♦ 9♥ 5♠"

# English words the Spanish tables and captions must not keep.
ENGLISH_WORDS = ("draw", "draws", "stand", "stands", "stood", "free", "choice", "player", "banker",
                 "hand", "cards", "winner", "wins", "fixed", "rules", "row", "column", "count",
                 "nobody", "shoe", "deck", "decks", "commission", "bets", "payouts", "shuffle",
                 "players", "stakes", "after", "tie", "face", "up", "down", "per", "bet", "none",
                 "every", "deducted", "paid", "first", "second", "several", "single", "of", "the",
                 "and", "or", "on", "to", "at")


def english_left(text: str) -> set[str]:
    """English words of :data:`ENGLISH_WORDS` found in ``text`` (tags and attributes removed)."""
    visible = re.sub(r"<[^>]*>", " ", text)
    words = {w.lower() for w in re.findall(r"[A-Za-zÁÉÍÓÚáéíóúñü]+", visible)}
    return words & set(ENGLISH_WORDS)


def cards_of(text: str) -> list[str]:
    return CARD.findall(text)


def numbers_of(text: str) -> list[str]:
    return NUMBER.findall(CARD.sub(" ", text))


@pytest.fixture
def spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACARA_LANG", "es")


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACARA_LANG", "en")


# -- the default language ---------------------------------------------------------------------------


@pytest.mark.usefixtures("spanish")
def test_spanish_is_the_default_when_bacara_lang_says_so() -> None:
    coup = Coup.from_cards(WORKED)
    assert coup.narrate() == coup.narrate("es")
    assert coup.narrate().splitlines()[-1] == "Gana Banco, 8 a 0."
    assert describe_banker_row(PUNTO_BANCO, 3) == "roba ante 0–7 y 9, se planta ante 8"
    assert spans([4, 6, 7]) == "4 y 6–7"
    assert tableau_html() == tableau_html(PUNTO_BANCO, "es")
    assert tableau_text() == tableau_text(PUNTO_BANCO, "es")
    assert tableau_markdown() == tableau_markdown(PUNTO_BANCO, "es")
    assert "Mano" in coup._repr_html_() and "Gana Banco, 8 a 0." in coup._repr_html_()
    assert 'aria-label="as de diamantes"' in Card.parse("A♦")._repr_html_()
    assert Card.parse("Qs").describe() == "reina de picas"
    cdf = deal_coup(CDF, bettor="draw", banker="draw")
    assert cdf.narrate() == cdf.narrate("es")
    assert "el banquero" in cdf.narrate()


@pytest.mark.usefixtures("english")
def test_english_is_the_default_when_bacara_lang_says_so() -> None:
    coup = Coup.from_cards(WORKED)
    assert coup.narrate() == coup.narrate("en")
    assert coup.narrate().splitlines()[-1] == "Banco wins, 8 to 0."
    assert tableau_html() == tableau_html(PUNTO_BANCO, "en")
    assert "<th scope='col'>Hand</th>" in coup._repr_html_()
    assert Card.parse("Qs").describe() == "queen of spades"


def test_the_environment_decides_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    coup = Coup.from_cards(WORKED)
    monkeypatch.setenv("BACARA_LANG", "es")
    spanish = coup.narrate()
    monkeypatch.setenv("BACARA_LANG", "en")
    assert coup.narrate() != spanish
    assert coup.narrate("es") == spanish


def test_an_unknown_language_is_refused_everywhere() -> None:
    from bacara_teach.errors import IllegalAction

    for call in (lambda: tableau_html(PUNTO_BANCO, "xx"), lambda: profile_facts(PROFILES["home"], "xx"),
                 lambda: Card.parse("4h").describe("xx"), lambda: coup_html(Coup.from_cards(WORKED), "xx")):
        with pytest.raises(IllegalAction, match="expected one of " + ", ".join(language_codes()) + "$"):
            call()


# -- narration: the same facts in both languages ----------------------------------------------------


@pytest.mark.parametrize("cards", [WORKED, "4♥ 2♠ 9♣ A♦ 8♦", "8♠ 8♦ K♥ K♣", "9♠ 2♦ K♥ 3♣",
                                   "6♣ 3♦ K♥ 2♠ 4♥", "2♠ 3♦ 2♦ 10♠ 4♦ 5♦"])
def test_spanish_narration_tells_the_same_cards_and_totals(cards: str) -> None:
    coup = Coup.from_cards(cards)
    en, es = coup.narrate("en").splitlines(), coup.narrate("es").splitlines()
    assert len(en) == len(es)
    for line_en, line_es in zip(en, es, strict=True):
        assert cards_of(line_en) == cards_of(line_es)
        assert sorted(numbers_of(line_en)) == sorted(numbers_of(line_es))
    assert "recibe" in es[0] and "is dealt" not in es[0]


def test_chemin_de_fer_narration_uses_the_glossary() -> None:
    coup = deal_coup(CDF, bettor="draw", banker="draw")
    en, es = coup.narrate("en"), coup.narrate("es")
    assert cards_of(en) == cards_of(es)
    assert sorted(numbers_of(en)) == sorted(numbers_of(es))
    for word in ("el apostador", "el banquero", "boca abajo", "roba"):
        assert word in es
    for avoided in ("el punto", "la banca", "pararse", "se para", "zapato", "de el ", " a el "):
        assert avoided not in es.lower()
    assert narrate_steps(coup.steps, "es", coup.tableau) == es


def test_the_trainer_speaks_both_languages() -> None:
    trainer = TableauTrainer(seed=3)
    situation = trainer.current
    for _ in range(12):
        en, es = situation.prompt("en"), situation.prompt("es")
        assert cards_of(en) == cards_of(es)
        assert "¿Roba " in es and " o se planta?" in es
        assert sorted(numbers_of(situation.explain("en"))) == sorted(numbers_of(situation.explain("es")))
        feedback = trainer.answer(situation.cell.decision.value)
        assert feedback.message("es").startswith("Correcto:")
        situation = trainer.current


# -- tables and captions ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(TABLEAUX))
def test_spanish_tableau_tables_keep_no_english(name: str) -> None:
    tableau = TABLEAUX[name]
    html_es, html_en = tableau_html(tableau, "es"), tableau_html(tableau, "en")
    assert english_left(html_es) == set()
    assert "se plantó" in html_es and "se planta" in html_es
    # the same cells: one class per cell, in the same order
    assert re.findall(r"class='bt-(\w+)", html_es) == re.findall(r"class='bt-(\w+)", html_en)
    md_es, md_en = tableau_markdown(tableau, "es"), tableau_markdown(tableau, "en")
    assert english_left(md_es) == set()
    assert numbers_of(md_es) == numbers_of(md_en)
    text_es, text_en = tableau_text(tableau, "es"), tableau_text(tableau, "en")
    assert english_left(text_es) == set()
    # the same cells, each letter in the reader's language (R roba, P se planta, L libre)
    spanish_letters = str.maketrans("DSF", "RPL")
    assert [line.split("|")[-1] for line in text_es.splitlines()[-8:]] == \
        [line.split("|")[-1].translate(spanish_letters) for line in text_en.splitlines()[-8:]]
    assert numbers_of(player_rule_text(tableau, "es")) == numbers_of(player_rule_text(tableau, "en"))


def test_chemin_de_fer_tableau_names_the_roles_by_the_glossary() -> None:
    text = tableau_text(CHEMIN_DE_FER, "es")
    assert "del banquero" in text and "del apostador" in text and "elige libremente con 5" in text
    assert "la banca" not in text and "el punto" not in text
    assert "Banco" not in text.split("\n", 2)[2]
    assert "de Banco" in tableau_text(PUNTO_BANCO, "es")


def test_two_card_totals_caption() -> None:
    es, en = two_card_totals_html("es"), two_card_totals_html("en")
    assert "Totales de dos cartas" in es and english_left(es) == set()
    assert re.sub(r"<caption>.*</caption>", "", es) == re.sub(r"<caption>.*</caption>", "", en)


@pytest.mark.parametrize("name", list(PROFILES))
def test_profile_facts_in_spanish(name: str) -> None:
    profile = get_profile(name)
    es, en = profile_fact_rows(profile, "es"), profile_fact_rows(profile, "en")
    assert [key for key, _, _ in es] == [key for key, _, _ in en]
    for (key, label_es, value_es), (_, label_en, value_en) in zip(es, en, strict=True):
        assert label_es != label_en or label_es in ("Total",)
        # the same numbers, the Spanish ones with a decimal comma (Banco 0,95 a 1)
        assert numbers_of(value_es.replace(",", ".")) == numbers_of(value_en), key
        assert not re.search(r"\d\.\d", value_es), (key, value_es)
        # the profile's name is what --profile takes, the same word in every language
        shown = label_es if key == "profile" else f"{label_es} {value_es}"
        assert english_left(shown) == set(), (key, label_es, value_es)
    facts = dict(profile_facts(profile, "es"))
    assert facts["Barajas"] == str(profile.decks)
    assert "baraja" in facts["Barajado"] or "barajar" in facts["Barajado"]
    assert profile.title_text("es") != profile.title
    assert len(profile.notes_text("es")) == len(profile.notes)
    for note_es, note_en in zip(profile.notes_text("es"), profile.notes, strict=True):
        # Spanish writes a decimal comma: 4,75 is the English 4.75
        assert numbers_of(re.sub(r"(\d),(\d)", r"\1.\2", note_es)) == numbers_of(note_en)
    for text_es, text_en in zip(profile.assumptions_text("es"), profile.assumptions, strict=True):
        assert text_es.split(":")[0] == text_en.split(":")[0]


@pytest.mark.usefixtures("spanish")
def test_profile_facts_follow_the_default_language() -> None:
    online = dict(profile_facts(PROFILES["online"]))
    assert online["Comisión"].startswith("5\u00a0% de las ganancias de Banco")
    assert PROFILES["online"].title_text() == "Mesa en línea de Punto Banco"
    variant = PROFILES["online"].with_options(decks=8)
    assert variant.title_text() == PROFILES["online"].title_text()


def test_tableau_titles() -> None:
    assert PUNTO_BANCO.title_text("es") == "Punto Banco (reglas fijas)"
    assert CHEMIN_DE_FER.title_text("en") == CHEMIN_DE_FER.title
    assert "<caption>Chemin de Fer, varios apostadores</caption>" in tableau_html(CHEMIN_DE_FER, "es")


# -- coups on a page ----------------------------------------------------------------------------------


@pytest.mark.parametrize("cards", [WORKED, "8♠ 8♦ K♥ K♣"])
def test_coup_html_in_spanish(cards: str) -> None:
    coup = Coup.from_cards(cards)
    es, en = coup_html(coup, "es"), coup_html(coup, "en")
    for word in ("Mano", "Cartas", "Total"):
        assert f"<th scope='col'>{word}</th>" in es
    assert ("Resultado: Empate" if coup.winner.value == "empate" else "Gana: Banco") in es
    assert cards_of(es) == cards_of(en)
    assert re.findall(r"<td>(\d)</td>", es) == re.findall(r"<td>(\d)</td>", en)
    labels = re.findall(r'aria-label="([^"]+)"', es)
    assert labels and all(" de " in label for label in labels)


# -- figures ----------------------------------------------------------------------------------------


def test_line_chart_point_titles() -> None:
    args = ([10, 100, 1000], {"banco": [0.5, 0.45, 0.46]})
    es = line_chart_svg(*args, title="Frecuencia", lang="es")
    en = line_chart_svg(*args, title="Frecuencia", lang="en")
    assert "<title>banco en 100: 0,45</title>" in es and " at " not in es
    assert "<title>banco at 100: 0.45</title>" in en
    # the same numbers, each written in its reader's conventions (0,45 in Spanish)
    assert numbers_of(es.replace(",", ".")) == numbers_of(en)


# -- money, Chemin de Fer, analysis -------------------------------------------------------------------


@pytest.mark.parametrize(("table", "bet", "cards", "word"), [
    ("online", "banco=5", "4♥ 2♠ 9♣ A♦ 8♦", "de comisión"),
    ("home", "punto=20", "9♠ 9♦ K♣ K♥", "se devuelve la apuesta"),
    ("home", "empate=20", "9♠ 9♦ K♣ K♥", "ganada"),
    ("casino", "pareja-banco=5", "9♠ 9♦ K♣ K♥", "perdida"),
])
def test_settled_bets_in_spanish(table: str, bet: str, cards: str, word: str) -> None:
    paid = settle_bet(Coup.from_cards(cards), Bet.parse(bet), table)
    es, en = paid.describe("es"), paid.describe("en")
    assert word in es
    assert numbers_of(es.replace(",", ".")) == numbers_of(en)
    assert re.search(r"\d\.\d", es) is None  # Spanish decimals take a comma
    assert english_left(es) - {"banco", "punto"} == set()


def test_chemin_de_fer_cells_views_and_log() -> None:
    cell = CHEMIN_DE_FER.banker_cell(3, 9)
    assert describe_cell(cell, 2, "es") == "el 3 del banquero ante una tercera carta de 9 (libre)"
    play = CoupInPlay(CDF, bettors=2)
    view = play.pending
    assert view is not None
    es, en = view.describe("es"), view.describe("en")
    assert cards_of(es) == cards_of(en) and numbers_of(es) == numbers_of(en)
    assert "sus cartas" in es and english_left(es) == set()
    players = ["Ana", "Luis", "Eva"]
    for event in (Event("lot", 0), Event("open-bank", 0, 20), Event("banco", 1, 20),
                  Event("decide", 2, note="bettor:stand"), Event("coup", 0, 12, "banker"),
                  Event("push", 0, 12), Event("end", note=ALL_COUPS)):
        text_es, text_en = describe_event(event, players, "es"), describe_event(event, players, "en")
        assert numbers_of(text_es) == numbers_of(text_en)
        assert english_left(text_es) == set(), text_es
    assert "plantarse" in describe_event(Event("decide", 2, note="bettor:stand"), players, "es")


def test_the_session_repr_follows_the_default_language(monkeypatch: pytest.MonkeyPatch) -> None:
    session = CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, first_banker=0)
    monkeypatch.setenv("BACARA_LANG", "es")
    assert "asiento 0" in repr(session) and "seat" not in repr(session)
    monkeypatch.setenv("BACARA_LANG", "en")
    assert "seat 0" in repr(session)


def test_analysis_labels() -> None:
    assert BANCO_LESS_COMMISSION.describe("es") == "banco 1:1 menos 5\u00a0%"
    assert PAREJA_BANCO_BY_POINTS.describe("es").endswith("(mismo valor en puntos)")
    assert Composition.standard(8).describe("es") == "416 cartas: 8 barajas completas"
    assert shoe_model(6).name == "312 cards: 6 full decks"  # data stays English
    assert INFINITE_DECK.name_text("es") == "baraja infinita"
    assert BettorPoint(5).label("es") == "apostador 5" and str(BettorPoint(5)) == "bettor 5"
    assert BankerPoint(3, None).label("es") == "banquero 3 ante apostador plantado"
    solution = solve_matrix_game([[Fraction(1), Fraction(-1)], [Fraction(-1), Fraction(1)]])
    assert solution.method_text("es") != solution.method or solution.method == ""
    assert method_text("sequence-form linear program, verified exactly", "es").startswith("programa")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_narration(lang: str) -> None:
    for coup in (Coup.from_cards(WORKED), deal_coup("2♥ A♠ 3♣ 2♦ 9♥", bettor="draw", banker="stand")):
        assert coup.narrate(lang)


def test_odds_follow_the_default_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACARA_LANG", "es")
    assert odds_text(Fraction(19, 20)) == "0,95 a 1" and odds_text(Fraction(8)) == "8 a 1"
    monkeypatch.setenv("BACARA_LANG", "en")
    assert odds_text(Fraction(19, 20)) == "0.95:1"
