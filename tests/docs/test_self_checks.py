"""The chapters' "Check yourself" sections: real questions, answered by the engine at build time.

Each section holds a ``data-practice="self-check"`` element whose data (questions, answers,
explanations) the engine wrote when the page was built; the site's practice script judges a
reader's answer from it.  Here the answers on the built pages are held against the engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sitecheck import parse_page

from bacara_teach import (
    CHEMIN_DE_FER,
    PUNTO_BANCO,
    Bet,
    Coup,
    HomeSession,
    OnlineTable,
    hand_total,
    parse_cards,
)
from bacara_teach.errors import BacaraError
from bacara_teach.i18n import term
from bacara_teach.narration import narrate_step
from bacara_teach.practice.drill import answer_labels
from bacara_teach.refusals import refusal_text
from bacara_teach.settlement import settle_bet
from bacara_teach.tableau import is_natural
from bacara_teach.tables import PROFILES, BetKind
from bacara_teach.text import language_codes

pytestmark = pytest.mark.docs

CHECKED = ("start-here", "history", "cards-and-scoring", "third-card-rule", "worked-examples",
           "chemin-de-fer", "cdf-decisions", "home-session", "odds", "paying-bets",
           "baccarat-banque", "roads", "side-bets")


def _checks(site_dir: Path, chapter: str, lang: str) -> list[dict[str, Any]]:
    folder = site_dir if lang == "en" else site_dir / lang
    page = parse_page(folder / "chapters" / f"{chapter}.html")
    found = [d for d in page.find_all("div") if d.attrs.get("data-practice") == "self-check"]
    assert len(found) == 1, f"{chapter}: {len(found)} self-checks"
    (holder,) = found[0].find_all("script")
    data = json.loads(holder._raw_text())
    assert data["lang"] == lang
    questions: list[dict[str, Any]] = data["questions"]
    for q in questions:
        assert q["kind"] in ("choice", "numbers", "open")
        assert q["why"].strip(), (chapter, q)
        if q["kind"] == "choice":
            assert q["answer"] in q["choices"]
    return questions


@pytest.mark.parametrize("lang", language_codes())
def test_every_checked_chapter_asks_real_questions(site_dir: Path, lang: str) -> None:
    for chapter in CHECKED:
        questions = _checks(site_dir, chapter, lang)
        assert sum(q["kind"] != "open" for q in questions) >= 2, chapter


@pytest.mark.parametrize("lang", language_codes())
def test_the_answers_are_the_engine_answers(site_dir: Path, lang: str) -> None:
    cards = _checks(site_dir, "cards-and-scoring", lang)
    assert cards[0]["answer"] == [hand_total(parse_cards("6♣ 7♦ 9♠"))]
    assert (cards[1]["answer"] == cards[1]["choices"][0]) == is_natural(hand_total(parse_cards("Q♥ 8♣")))
    assert cards[2]["answer"] == term(Coup.from_cards("10♦ 9♣ 9♠ K♥").winner.value, lang)
    third = _checks(site_dir, "third-card-rule", lang)
    coup = Coup.from_cards("6♣ 3♦ K♥ 2♠ 4♥")
    assert (third[0]["answer"] == third[0]["choices"][0]) == (len(coup.punto) == 3)
    assert (third[1]["answer"] == third[1]["choices"][0]) == (len(coup.banco) == 3)
    decided = [narrate_step(s, lang) for s in coup.steps if s.cell is not None]
    assert [third[0]["why"], third[1]["why"]] == decided
    worked = _checks(site_dir, "worked-examples", lang)
    for q, dealt in zip(worked, ["6♣ 5♦ K♥ Q♠ 3♥", "2♠ 4♥ 3♣ K♦ 9♦", "5♦ 4♠ 3♥ 3♣"], strict=True):
        assert q["answer"] == term(Coup.from_cards(dealt).winner.value, lang)
        assert q["why"] == " ".join(Coup.from_cards(dealt).narrate(lang).splitlines())
    start = _checks(site_dir, "start-here", lang)
    assert start[0]["answer"] == "Chemin de Fer"
    online = PROFILES["online"]
    assert start[1]["answer"] == [online.decks, 52 * online.decks]
    history = _checks(site_dir, "history", lang)
    assert (history[1]["answer"] == history[1]["choices"][0]) == bool(PUNTO_BANCO.free_cells())
    chemin = _checks(site_dir, "chemin-de-fer", lang)
    labels = answer_labels(lang)
    assert [q["answer"] for q in chemin[-2:]] == [
        labels[CHEMIN_DE_FER.banker_decision(5, third).value] for third in (4, 6)]


def _picked(question: dict[str, Any], index: int) -> bool:
    """Whether the right answer to a choice question is its ``index``-th choice."""
    return bool(question["answer"] == question["choices"][index])


@pytest.mark.parametrize("lang", language_codes())
def test_the_money_pages_answers_are_the_tables_answers(site_dir: Path, lang: str) -> None:
    home, casino, online = (PROFILES[name] for name in ("home", "casino", "online"))
    # The home session: five players, a tie, a second prediction.
    session = _checks(site_dir, "home-session", lang)
    five = HomeSession(players=["Ana", "Luis", "Eva", "Marta", "Pablo"], seed=1)
    assert session[0]["answer"] == [5 * five.coups]
    tie = Coup.from_cards("9♠ 9♦ K♣ K♥")
    assert home.fixed_stake is not None
    assert session[1]["answer"] == [int(settle_bet(tie, Bet(BetKind.parse(on), home.fixed_stake), home).net)
                                    for on in ("banco", "empate")]
    five.predict("Ana", "punto")
    with pytest.raises(BacaraError) as refusal:
        five.predict("Ana", "banco")
    assert _picked(session[2], 1)  # no
    assert refusal_text(refusal.value, lang) in session[2]["why"]
    # Paying bets: each table settles its own question.
    paying = _checks(site_dir, "paying-bets", lang)
    won = settle_bet(Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦"), Bet.parse("banco=20"), online)
    assert paying[0]["answer"] == [int(won.net)] and paying[0]["why"] == won.describe(lang)
    pairs = [settle_bet(Coup.from_cards(cards), Bet.parse("pareja-banco=5"), casino)
             for cards in ("9♠ K♦ K♥ K♣", "9♠ K♦ K♥ Q♣")]
    assert [q["answer"] for q in paying[1:3]] == [[int(paid.net)] for paid in pairs]
    pushed = settle_bet(tie, Bet.parse("banco=20"), home)
    assert _picked(paying[3], 1) == (pushed.net == 0)
    with pytest.raises(BacaraError):
        OnlineTable(balance="30", seed=1).verify_place("punto", "40")
    assert _picked(paying[4], 1)  # no


@pytest.mark.parametrize("lang", language_codes())
def test_the_odds_and_decisions_answers_are_the_exact_analysis(site_dir: Path, lang: str) -> None:
    from fractions import Fraction

    from bacara_teach.analysis import (
        ALL_BETS,
        CLASSIC_MODEL,
        INFINITE_DECK,
        analyse_bets,
        decision_game,
        shoe_model,
        solve_decision_game,
        what_if,
    )
    from bacara_teach.analysis.chemin_de_fer import BankerPoint, BettorPoint
    from bacara_teach.analysis.edges import EMPATE_9

    odds = _checks(site_dir, "odds", lang)
    offered = [a for a in analyse_bets(ALL_BETS, 8) if a.terms.pair_reading == "rank"]
    assert odds[0]["answer"] == BetKind(min(offered, key=lambda a: a.house_edge).terms.on).label
    tie_9 = next(a for a in offered if a.terms == EMPATE_9)
    assert _picked(odds[1], 0) == (tie_9.house_edge < 0)
    without = what_if(8, " ".join(["4"] * 16)).edges
    if all(without[side].house_edge > 0 for side in ("banco", "punto")):
        assert _picked(odds[2], 2)
    decisions = _checks(site_dir, "cdf-decisions", lang)
    q = solve_decision_game(decision_game(CLASSIC_MODEL, INFINITE_DECK)).bettor[BettorPoint(5)]
    stand = 1 - q
    assert f"{stand.numerator}/{stand.denominator}" in decisions[0]["answer"]
    by_cards = decision_game(CHEMIN_DE_FER, shoe_model(6), by_cards=True)
    replies = by_cards.cell_values(bettor=dict.fromkeys(by_cards.bettor_points, Fraction(1)))
    cell = next(v for v in replies if v.point == BankerPoint(5, 4, (2, 3)))
    assert decisions[1]["answer"] == answer_labels(lang)["draw" if cell.draw > cell.stand else "stand"]
    home = solve_decision_game(decision_game(CHEMIN_DE_FER, shoe_model(6)))
    assert _picked(decisions[2], 0) == (0 < home.bettor[BettorPoint(5)] < 1)


@pytest.mark.parametrize("lang", language_codes())
def test_the_roads_and_side_bets_answers_are_the_engines(site_dir: Path, lang: str) -> None:
    from bacara_teach.analysis import analyse_bet, count_deals
    from bacara_teach.analysis.edges import BANCO
    from bacara_teach.analysis.side_bets import (
        BANCO_EZ,
        BANCO_SIX_HALF,
        PAIR_BETS,
        PUNTO_EVEN,
        SIDE_BETS,
        count_finals,
        house_edge,
        pair_bet_edge,
        standard_cards,
    )
    from bacara_teach.text import format_number

    roads = _checks(site_dir, "roads", lang)
    assert [q["kind"] for q in roads] == ["choice"] * 3
    assert _picked(roads[0], 1)  # no: six Banco wins change nothing
    exact = format_number(float(count_deals(8).probabilities()["punto"]), ".2%", lang)
    assert exact in roads[0]["why"]
    side = _checks(site_dir, "side-bets", lang)
    finals, cards = count_finals(8), standard_cards(8)
    banco = analyse_bet(BANCO, 8).house_edge
    assert _picked(side[0], 1) == (house_edge(BANCO_SIX_HALF, finals) > banco)
    ez = PROFILES["ez"]
    (rule,) = [r for r in ez.pay_rules if r.event == "banco-wins-3-card-7"]
    assert _picked(side[1], 1) == (rule.odds is None)
    assert format_number(float(house_edge(BANCO_EZ, finals)), ".4%", lang) in side[1]["why"]
    edges = [house_edge(b, finals) for b in SIDE_BETS if b not in (PUNTO_EVEN, BANCO_SIX_HALF, BANCO_EZ)]
    edges += [pair_bet_edge(b, cards) for b in PAIR_BETS]
    assert _picked(side[2], 0) == (min(edges) < banco)
