"""The self-checks of the decisions, home session, odds and paying-bets chapters.

Each page's ``self_check`` asks real questions whose answers the engine computes when the
page is built.  Here the answers are held against the engine worked out another way, in
English and in Spanish, and the site's script (``docs/_static/practice.js``, under Node.js)
judges each question's right answer right and a wrong one wrong, as a reader would type or
pick them.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bacara_teach import CHEMIN_DE_FER, Bet, Coup, HomeSession, OnlineTable
from bacara_teach.analysis import (
    ALL_BETS,
    CLASSIC_MODEL,
    INFINITE_DECK,
    analyse_bets,
    count_deals,
    decision_game,
    shoe_model,
    solve_decision_game,
    what_if,
)
from bacara_teach.analysis.chemin_de_fer import BankerPoint, BettorPoint
from bacara_teach.analysis.edges import EMPATE_9
from bacara_teach.errors import BacaraError
from bacara_teach.pages import cdf_decisions, home_session, odds, paying_bets
from bacara_teach.practice.drill import SelfCheck, answer_labels
from bacara_teach.refusals import refusal_text
from bacara_teach.settlement import settle_bet
from bacara_teach.tables import PROFILES, BetKind
from bacara_teach.text import language_codes

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "_static" / "practice.js"
LANGS = language_codes()
# A number written the English way (a decimal point, or a comma grouping thousands).
ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?![\d\u00a0])|\d\.\d{1,2}(?!\d)|\d\.\d+%")


def _questions(check: SelfCheck) -> list[dict[str, Any]]:
    questions = check.data()["questions"]
    assert isinstance(questions, list)
    for q in questions:
        assert q["kind"] in ("choice", "numbers"), q  # no reveal left: every question is judged
        assert q["why"].strip()
        if q["kind"] == "choice":
            assert q["answer"] in q["choices"] and len(set(q["choices"])) == len(q["choices"])
    return questions


@pytest.fixture(scope="module")
def decisions() -> dict[str, Any]:
    shoe = shoe_model(6)
    home = solve_decision_game(decision_game(CHEMIN_DE_FER, shoe))
    game = decision_game(CHEMIN_DE_FER, shoe)
    values = game.cell_values(home.bettor, home.banker)
    by_cards = decision_game(CHEMIN_DE_FER, shoe, by_cards=True)
    replies = [v for v in by_cards.cell_values(bettor=dict.fromkeys(by_cards.bettor_points, Fraction(1)))
               if isinstance(v.point, BankerPoint)]
    q = solve_decision_game(decision_game(CLASSIC_MODEL, INFINITE_DECK)).bettor[BettorPoint(5)]
    return {"q": q, "replies": replies, "bettor5": next(v for v in values if v.point == BettorPoint(5)),
            "home": home}


def _checks(lang: str, decisions: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    offered = [a for a in analyse_bets(ALL_BETS, 8) if a.terms.pair_reading == "rank"]
    tie = count_deals(8).probability("empate")
    fours = what_if(8, " ".join(["4"] * 16))
    samples = {"won": Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦"), "tie": Coup.from_cards("9♠ 9♦ K♣ K♥")}
    return {
        "cdf-decisions": _questions(cdf_decisions.self_check(
            decisions["q"], decisions["replies"], decisions["bettor5"], decisions["home"], lang)),
        "home-session": _questions(home_session.self_check(lang=lang)),
        "odds": _questions(odds.self_check(offered, next(a for a in offered if a.terms == EMPATE_9),
                                           (1 - tie) / tie, fours=16, without_fours=fours.edges,
                                           lang=lang)),
        "paying-bets": _questions(paying_bets.self_check(samples["won"], samples["tie"], lang=lang)),
    }


@pytest.mark.parametrize("lang", LANGS)
def test_the_answers_are_the_engines(lang: str, decisions: dict[str, Any]) -> None:
    checks = _checks(lang, decisions)
    # The decisions chapter: the classic mix, the banker's 2+3 against a 4, mixing at home.
    first, banker, mixing = checks["cdf-decisions"]
    stand = 1 - decisions["q"]
    assert f"{stand.numerator}/{stand.denominator}" in first["answer"]
    assert first["choices"].index(first["answer"]) == 1 + (stand > decisions["q"])
    cell = next(v for v in decisions["replies"] if v.point == BankerPoint(5, 4, (2, 3)))
    assert banker["answer"] == answer_labels(lang)["draw" if cell.draw > cell.stand else "stand"]
    assert (mixing["answer"] == mixing["choices"][0]) == (0 < decisions["home"].bettor[BettorPoint(5)] < 1)
    # The home session: a whole session's predictions, a tie's totals, a second prediction.
    count, totals, change = checks["home-session"]
    session = HomeSession(players=["Ana", "Luis", "Eva", "Marta", "Pablo"], seed=1)
    assert count["answer"] == [len(session.players) * session.coups]
    home = PROFILES["home"]
    assert home.fixed_stake is not None
    tie = Coup.from_cards("9♠ 9♦ K♣ K♥")
    assert totals["answer"] == [int(settle_bet(tie, Bet(BetKind.parse(on), home.fixed_stake), home).net)
                                for on in ("banco", "empate")]
    session.predict("Ana", "punto")
    with pytest.raises(BacaraError) as refusal:
        session.predict("Ana", "banco")
    assert change["answer"] == change["choices"][1] and change["why"] == refusal_text(refusal.value, lang)
    # The odds chapter: the cheapest bet, the tie at 9 to 1, Banco and Punto without the fours.
    cheapest, tie_9, fours = checks["odds"]
    offered = [a for a in analyse_bets(ALL_BETS, 8) if a.terms.pair_reading == "rank"]
    assert cheapest["answer"] == BetKind(min(offered, key=lambda a: a.house_edge).terms.on).label
    edge_9 = next(a for a in offered if a.terms == EMPATE_9).house_edge
    assert (tie_9["answer"] == tie_9["choices"][0]) == (edge_9 < 0)
    without = what_if(8, " ".join(["4"] * 16)).edges
    favoured = [side for side in ("banco", "punto") if without[side].house_edge < 0]
    assert (fours["answer"] == fours["choices"][2]) == (not favoured)
    # Paying bets: each table settles its own question.
    won, pair, no_pair, pushed, allowed = checks["paying-bets"]
    assert won["answer"] == [int(settle_bet(Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦"), Bet.parse("banco=20"),
                                            PROFILES["online"]).net)]
    for q, cards in ((pair, "9♠ K♦ K♥ K♣"), (no_pair, "9♠ K♦ K♥ Q♣")):
        paid = settle_bet(Coup.from_cards(cards), Bet.parse("pareja-banco=5"), PROFILES["casino"])
        assert q["answer"] == [int(paid.net)] and q["why"].endswith(paid.describe(lang))
    net = settle_bet(tie, Bet.parse("banco=20"), home).net
    assert pushed["answer"] == pushed["choices"][0 if net > 0 else 1 if net == 0 else 2]
    with pytest.raises(BacaraError):
        OnlineTable(balance="30", seed=1).verify_place("punto", "40")
    assert allowed["answer"] == allowed["choices"][1]


def test_the_spanish_questions_speak_spanish(decisions: dict[str, Any]) -> None:
    english, spanish = (_checks(lang, decisions) for lang in ("en", "es"))
    for page, questions in spanish.items():
        for q, q_en in zip(questions, english[page], strict=True):
            assert not ENGLISH_NUMBER.search(q["why"]), (page, q)
            if q["kind"] == "numbers":
                assert q["answer"] == q_en["answer"]
            elif page != "odds" or q["answer"] not in ("Banco", "Punto"):
                assert q["why"] != q_en["why"], (page, q)


_NODE_JUDGE = r"""
const practice = require(process.argv[1]);
const checks = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = [];
for (const { numbers, questions } of checks) {
  for (const q of questions) {
    let right, wrong;
    if (q.kind === "choice") {
      right = q.answer;
      wrong = q.choices.find((c) => c !== q.answer);
    } else {
      // As the page writes the answer (its minus sign), and each number one too many.
      right = q.answer.map((n) => practice.writeNumber(n, numbers)).join(" and ");
      wrong = q.answer.map((n) => practice.writeNumber(n + 1, numbers)).join(", ");
    }
    out.push([practice.judgeCheck(q, right), practice.judgeCheck(q, wrong)]);
  }
}
process.stdout.write(JSON.stringify(out));
"""


def test_the_page_script_judges_each_answer_as_the_engine(decisions: dict[str, Any]) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    from bacara_teach.text import language

    checks = [{"numbers": language(lang).numbers, "questions": questions}
              for lang in LANGS for questions in _checks(lang, decisions).values()]
    done = subprocess.run([node, "-e", _NODE_JUDGE, str(SCRIPT)], input=json.dumps(checks),
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    verdicts = json.loads(done.stdout)
    assert len(verdicts) == sum(len(c["questions"]) for c in checks) > 20
    assert verdicts == [[True, False]] * len(verdicts)
