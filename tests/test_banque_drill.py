"""The banker's drill of Baccarat Banque: its situations, its page data and its script, held
against the engine.

Every situation the page carries is rebuilt here from what the page shows (the banker's cards,
each side's face-up card, natural or stand, the stakes) and priced afresh with
:func:`~bacara_teach.baccarat_banque.decision_values`; the better decision, the rule of thumb's,
whether the stakes decide (tried stake by stake) and the explanation are checked against it.
The page script's pure part is then run under Node.js on the same data.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from bacara_teach.baccarat_banque import (
    DECKS,
    LEFT,
    RIGHT,
    SIDES,
    BankerView,
    SideSeen,
    Stakes,
    aim_at_larger_stake,
    best_for_bank,
    decision_values,
)
from bacara_teach.cards import Card, hand_total
from bacara_teach.errors import IllegalAction
from bacara_teach.pages.baccarat_banque import chips
from bacara_teach.practice.banque import (
    PAGE_SEED,
    banque_drill_data,
    banque_drill_html,
    drill_text,
)
from bacara_teach.practice.banque_situations import (
    PAGE_SITUATIONS,
    STAKES,
    BanqueSituation,
    deal_situations,
    explain,
    full_shoe_view,
    side_changes,
    stakes_matter,
)
from bacara_teach.practice.drill import answer_labels
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import Decision, is_natural
from bacara_teach.text import format_number, language_codes, tr

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "docs" / "_static"
SCRIPT = STATIC / "practice-banque-drill.js"
NODE = shutil.which("node")
LANGS = language_codes()
LIMIT = 150 * 1024
# A number written the English way: a decimal point between digits.
ENGLISH_DECIMAL = re.compile(r"\d\.\d{2}(?!\d)")


@pytest.fixture(scope="module", params=LANGS)
def data(request: pytest.FixtureRequest) -> dict[str, Any]:
    return banque_drill_data(request.param)


def _card(pair: list[str]) -> Card:
    return Card.parse(pair[0])


def _view(situation: dict[str, Any]) -> BankerView:
    """The banker's view rebuilt from what the page shows, the unseen cards those of a full
    shoe less every card he sees."""
    banker = tuple(_card(c) for c in situation["banker"])
    sides = []
    unseen = list(Shoe.standard(DECKS).point_counts())
    seen_cards = list(banker)
    for name, side in zip(SIDES, situation["sides"], strict=True):
        cards = tuple(_card(c) for c in side["cards"])
        seen_cards += cards
        if side["did"] == "natural":
            sides.append(SideSeen(name, natural=hand_total(cards), cards=cards))
        elif side["did"] == "drew":
            sides.append(SideSeen(name, third_card=cards[0]))
        else:
            assert side["did"] == "stood" and cards == ()
            sides.append(SideSeen(name))
    for card in seen_cards:
        unseen[card.points] -= 1
    right, left = situation["stakes"]
    return BankerView(banker, hand_total(banker), sides[0], sides[1], Stakes(right, left),
                      tuple(unseen))


def test_every_situation_s_values_and_answer_are_the_engine_s(data: dict[str, Any]) -> None:
    lang = data["lang"]
    assert len(data["situations"]) == PAGE_SITUATIONS
    for situation in data["situations"]:
        view = _view(situation)
        assert not is_natural(view.total) and view.total == situation["total"]
        assert any(s.natural is None for s in (view.right, view.left))
        values = decision_values(view)
        assert situation["values"] == {"stand": chips(values[Decision.STAND], lang),
                                       "draw": chips(values[Decision.DRAW], lang)}
        assert situation["exact"] == {d.value: f"{values[d].numerator}/{values[d].denominator}"
                                      for d in (Decision.STAND, Decision.DRAW)}
        assert values[Decision.DRAW] != values[Decision.STAND]
        assert situation["better"] == best_for_bank(view).value
        assert situation["thumb"] == aim_at_larger_stake(view).value
        assert situation["prompt"] == view.describe(lang)
        assert situation["stakes"][0] in STAKES and situation["stakes"][1] in STAKES
        assert situation["why"] == explain(BanqueSituation.price(view), lang)


def test_whether_the_stakes_decide_is_found_stake_by_stake() -> None:
    # Tried with every pair of stakes from the set, decision_values on each (a few situations:
    # each pair is a full pricing).
    for situation in banque_drill_data("en")["situations"][:6]:
        view = _view(situation)
        found = {best_for_bank(BankerView(view.cards, view.total, view.right, view.left,
                                          Stakes(r, left), view.unseen)) for r in STAKES
                 for left in STAKES}
        assert situation["flips"] == (len(found) == 2) == stakes_matter(view)


def test_the_run_mixes_what_is_worth_learning(data: dict[str, Any]) -> None:
    rows = data["situations"]
    wrong = [s["thumb"] != s["better"] for s in rows]
    flips = [s["flips"] and s["thumb"] == s["better"] for s in rows]
    plain = [not (a or b) for a, b in zip(wrong, flips, strict=True)]
    third = PAGE_SITUATIONS // 3
    assert sum(wrong) >= third and sum(flips) >= third and sum(plain) >= third
    assert {s["better"] for s in rows} == {"draw", "stand"}
    # asked in turn: the first three are one of each kind
    assert wrong[0] and flips[1] and plain[2]
    assert drill_text(data["lang"]) == tr(
        "Each side carries a stake of {stakes} chips. In {wrong} of these {count} situations "
        "the rule of thumb takes the worse decision; in {flips}, other stakes would reverse the "
        "better decision.", data["lang"], stakes=tr("{first} or {last}", data["lang"],
                                                    first="10, 20, 50", last=100),
        count=len(rows), wrong=sum(wrong), flips=sum(s["flips"] for s in rows))


def test_the_explanation_adds_up_side_by_side() -> None:
    view = BankerView.situation("6♥ K♠", right="A♦", left="7♣", stakes=Stakes(50, 20))
    changes = side_changes(view)
    values = decision_values(view)
    assert 50 * changes[RIGHT] + 20 * changes[LEFT] == values[Decision.DRAW] - values[Decision.STAND]
    text = explain(BanqueSituation.price(view), "en")
    assert (f"{format_number(float(changes[RIGHT]), '+.2f', 'en')} chips per chip, "
            f"{format_number(float(50 * changes[RIGHT]), '+.2f', 'en')} in all") in text
    assert (f"{format_number(float(changes[LEFT]), '+.2f', 'en')} chips per chip, "
            f"{format_number(float(20 * changes[LEFT]), '+.2f', 'en')} in all") in text
    assert chips(values[Decision.STAND], "en") in text and chips(values[Decision.DRAW], "en") in text


def test_a_side_s_natural_is_settled_and_said_so() -> None:
    view = BankerView(tuple(Card.parse(c) for c in ("3♥", "K♠")),
                      3, SideSeen(RIGHT, natural=9, cards=(Card.parse("9♣"), Card.parse("K♦"))),
                      SideSeen(LEFT, third_card=Card.parse("4♠")), Stakes(100, 10), (0,) * 10)
    full = full_shoe_view(view)
    assert sum(full.unseen) == DECKS * 52 - 5
    assert side_changes(full)[RIGHT] == 0
    text = explain(BanqueSituation.price(full), "es")
    assert text.startswith("El lado derecho mostró un natural de 9: se liquida contra las dos "
                           "cartas del banquero, haga lo que haga.")


def test_the_spanish_drill_writes_its_numbers_the_spanish_way() -> None:
    data = banque_drill_data("es")
    labels = answer_labels("es")
    assert data["labels"]["draw"] == labels["draw"] and data["labels"]["stand"] == labels["stand"]
    assert data["numbers"]["decimal"] == ","
    for situation in data["situations"]:
        shown = " ".join([situation["why"], *situation["values"].values()])
        assert not ENGLISH_DECIMAL.search(shown), shown
        assert "," in situation["values"]["draw"]
    assert "lado derecho" in data["situations"][0]["why"]


@pytest.mark.parametrize("count", [0, -3, 201, True, "3"])
def test_a_bad_number_of_situations_is_refused_by_name(count: Any) -> None:
    with pytest.raises(IllegalAction, match=r"invalid number of situations .*: expected a whole "
                                            r"number from 1 to 200"):
        deal_situations(count=count)


def test_the_same_seed_deals_the_same_situations_and_another_seed_others() -> None:
    first = [s.view for s in deal_situations(seed=PAGE_SEED, count=3)]
    assert first == [s.view for s in deal_situations(seed=PAGE_SEED, count=3)]
    assert first != [s.view for s in deal_situations(seed=PAGE_SEED + 1, count=3)]


def test_the_page_s_script_and_data_stay_small() -> None:
    base = (STATIC / "practice.js").stat().st_size + SCRIPT.stat().st_size
    for lang in LANGS:
        size = base + len(banque_drill_html(lang).encode())
        assert size <= LIMIT, f"{lang}: {size} bytes"


def _node(script: str, data: object) -> Any:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", script, str(SCRIPT)], input=json.dumps(data),
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


RUN = """
const api = require(process.argv[1]);
let raw = "";
process.stdin.on("data", (c) => (raw += c));
process.stdin.on("end", () => {
  const data = JSON.parse(raw);
  const score = api.emptyScore();
  const out = [];
  data.situations.forEach((s, i) => {
    const choice = i % 3 === 0 ? "draw" : "stand";
    const verdict = api.judge(data, i, choice);
    api.count(score, verdict);
    out.push([choice, verdict.right, verdict.better, verdict.values]);
  });
  let refused = null;
  try { api.judge(data, 0, "choice"); } catch (e) { refused = e.message; }
  process.stdout.write(JSON.stringify({ out, score, refused }));
});
"""


def test_the_page_script_judges_as_the_engine_does(data: dict[str, Any]) -> None:
    got = _node(RUN, data)
    right = 0
    for (choice, verdict, better, values), situation in zip(got["out"], data["situations"],
                                                           strict=True):
        engine = decision_values(_view(situation))
        expected = "draw" if engine[Decision.DRAW] > engine[Decision.STAND] else "stand"
        assert better == expected and verdict == (choice == expected)
        assert values == situation["values"]
        right += choice == expected
    assert got["score"] == {"right": right, "asked": len(data["situations"])}
    assert got["refused"] == "expected draw or stand, got choice"

