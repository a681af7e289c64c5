"""The Chemin de Fer coup caller's data: every line of every coup is what the home Chemin de Fer
rules make of its cards, every case comes up, each free choice has the other choice's line, and
the page script's pure part follows those lines, run under Node with the exported data."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cdf_rules import cdf_calls

from bacara_teach.cards import parse_cards
from bacara_teach.chemin_de_fer import CheminDeFerCoup, MissingDecision
from bacara_teach.practice.caller import natural_keys
from bacara_teach.practice.cdf_caller import (
    CDF_EXAMPLE,
    FREE_COUPS,
    cdf_caller_data,
    cdf_caller_html,
)
from bacara_teach.tableau import CHEMIN_DE_FER
from bacara_teach.text import tr

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "_static" / "practice-coup-caller.js"
PRACTICE = ROOT / "docs" / "_static" / "practice.js"
NODE = shutil.which("node")


@pytest.fixture(scope="module", params=["en", "es"])
def data(request: pytest.FixtureRequest) -> dict[str, Any]:
    return cdf_caller_data(request.param)


def _lines(coup: dict[str, Any]) -> list[dict[str, Any]]:
    """A coup's line and every line its free choices lead to."""
    found = [coup]
    for other in coup.get("alt", {}).values():
        found += _lines(other)
    return found


def test_the_tables_row_the_test_reads_is_the_engines() -> None:
    # The banker's rows written above are the seeds' (rules D); the engine's table agrees.
    for total in range(8):
        for third in range(10):
            cell = CHEMIN_DE_FER.banker_cell(total, third)
            assert cell.decision.value in ("draw", "stand", "choice")
    assert {(c.total, c.third) for c in CHEMIN_DE_FER.free_cells() if c.hand == "banker"} == {(3, 9), (5, 4)}


def test_every_line_is_what_the_rules_make_of_its_cards(data: dict[str, Any]) -> None:
    kinds = data["kinds"]
    checked = 0
    for coup in data["coups"]:
        for line in _lines(coup):
            cards = line["cards"].split(" ")
            calls, used = cdf_calls(cards, line["chose"])
            assert used == len(cards), line
            assert [(kinds[k], c) for k, c in zip(line["kinds"], line["calls"], strict=True)] == calls
            assert all(0 <= w < len(data["texts"]) for w in line["why"])
            # the engine, dealt the same cards with the same free choices, agrees
            chose = {kinds[line["kinds"][int(i)]]: d for i, d in line["chose"].items()}
            try:
                engine = CheminDeFerCoup.from_cards(cards, bettor=chose.get("bettor"),
                                                    banker=chose.get("banker"))
            except MissingDecision:  # the bettor chose on 5, then the banker's natural ended it
                assert line["calls"][0] == "yes"
                engine = CheminDeFerCoup.from_cards(cards, bettor="draw")
            assert f"{engine.bettor_total} {engine.banker_total}" == line["calls"][-1]
            checked += 1
    assert checked > len(data["coups"])


def test_each_free_choice_has_the_other_choices_line(data: dict[str, Any]) -> None:
    with_choice = 0
    for coup in data["coups"]:
        for index, decision in coup["chose"].items():
            with_choice += 1
            other = coup["alt"][index]
            assert other["chose"][index] != decision
            at = int(index)
            assert other["calls"][:at + 1] == coup["calls"][:at + 1]
            assert other["kinds"][:at + 1] == coup["kinds"][:at + 1]
            # once the banker's choice is flipped, the bettor's earlier one stays
            for earlier, kept in coup["chose"].items():
                if int(earlier) < at:
                    assert other["chose"][earlier] == kept
    assert with_choice >= FREE_COUPS


def test_every_case_comes_up_and_the_worked_example_comes_first(data: dict[str, Any]) -> None:
    keys = [coup["key"] for coup in data["coups"]]
    banker_keys = [f"{c.total}:{'stood' if c.third is None else c.third}"
                   for c in CHEMIN_DE_FER.cells() if c.hand == "banker"]
    assert set(keys) == set(data["cases"]) == {*banker_keys, *natural_keys()}
    first = data["coups"][0]
    assert first["cards"] == CDF_EXAMPLE[0] == "2♥ A♠ 3♣ 2♦ 9♥ 5♠"
    # The seeds: bettor 5 chooses to draw, gets 9♥ -> 4; banker 3 sees 9: free, draws 5♠ -> 8, wins.
    assert first["calls"] == ["no", "choice", "choice", "banco", "4 8"]
    assert first["chose"] == {"1": "draw", "2": "draw"}
    assert set(data["hard"]) >= {"3:9", "5:4"}


def test_the_words_are_in_the_pages_language(data: dict[str, Any]) -> None:
    lang = data["lang"]
    assert data["labels"]["ask.bettor"] == tr("The bettor's decision: draw, stand, or free choice?", lang)
    texts = data["texts"]
    if lang == "es":
        assert not any(re.search(r"\b(draws|stands|wins|against|bettor|banker)\b", t) for t in texts)
        assert data["keys"] == {"yes": "S", "no": "N", "draw": "R", "stand": "P", "choice": "L",
                                "punto": "A", "banco": "B", "tie": "E"}
        assert any("el banquero decide robar, roba 5♠" in t for t in texts), texts[:5]
    else:
        assert "The banker wins, 8 to 4." in texts
    assert len(set(data["keys"].values())) == len(data["keys"])


def test_the_page_node_carries_its_data_safely() -> None:
    html = cdf_caller_html("es")
    assert html.startswith("<div class='bt-practice bt-coup-caller' data-practice='coup-caller' "
                           "data-game='chemin-de-fer' lang='es'>")
    raw = re.search(r"<script type='application/json' class='bt-practice-data'>(.*?)</script>", html)
    assert raw is not None and json.loads(raw.group(1).replace("<\\/", "</")) == cdf_caller_data("es")


# -- the page script's pure part, under Node --------------------------------------------------------

_RUN = r"""
const practice = require(process.argv[1]);
const caller = require(process.argv[2]);
const { data, coups } = JSON.parse(require("fs").readFileSync(0, "utf8"));
let seed = 7;
const rand = () => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >> 17; seed ^= seed << 5; seed >>>= 0; return seed / 4294967296; };
const record = practice.emptyRecord();
const shown = [];
let last = null;
for (let i = 0; i < coups; i += 1) {
  const index = caller.nextCoup(practice, data, record, last, rand);
  let line = data.coups[index];
  const seen = [];
  for (let at = 0; at < line.calls.length; at += 1) {
    const step = caller.step(data, line, at);
    // called: a free cell is "choice", and right; seat: the learner takes the other choice
    const called = caller.judgeStep(step, step.answer, false);
    if (!called.correct) throw new Error(`${line.cards} ${step.kind}: the right call judged wrong`);
    if (step.answer === "choice") {
      const wrong = caller.judgeStep(step, "draw", false);
      if (wrong.correct) throw new Error("a free cell called 'draw' judged right");
      if (!caller.answersOf(step, true).every((a) => a === "draw" || a === "stand")) throw new Error("seat answers");
      const other = line.chose[String(at)] === "draw" ? "stand" : "draw";
      const seat = caller.judgeStep(step, other, true);
      if (!seat.correct || !seat.chosen) throw new Error("a seat choice judged wrong");
      if (line.alt && line.alt[String(at)]) line = line.alt[String(at)];
    }
    seen.push(step.shown);
  }
  const owners = caller.hands(data, line).map((c) => c.hand);
  // as the page does: the case the coup was chosen for, and the one the seat led to
  practice.recordAnswer(record, data.coups[index].key, true);
  if (line.key !== data.coups[index].key) practice.recordAnswer(record, line.key, true);
  shown.push([index, [data.coups[index].key, line.key], line.cards, owners, seen]);
  last = line.key;
}
process.stdout.write(JSON.stringify(shown));
"""


def _run(data: dict[str, Any], coups: int) -> list[list[Any]]:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", _RUN, str(PRACTICE), str(SCRIPT)],
                          input=json.dumps({"data": data, "coups": coups}),
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    shown: list[list[Any]] = json.loads(done.stdout)
    return shown


def test_the_script_follows_the_seat_and_deals_each_card_to_its_hand() -> None:
    data = cdf_caller_data("en")
    shown = _run(data, 160)
    first_seen: dict[str, int] = {}
    for number, (_, keys, _, _, _) in enumerate(shown, start=1):
        for key in keys:
            first_seen.setdefault(key, number)
    # a learner who always takes the other choice at a free cell still meets every case
    assert len(first_seen) == 96 and max(first_seen.values()) <= 150
    for _, _, cards, owners, seen in shown:
        dealt = cards.split(" ")
        assert owners[:4] == ["punto", "banco", "punto", "banco"]
        bettor = [c for c, o in zip(dealt, owners, strict=True) if o == "punto"]
        banker = [c for c, o in zip(dealt, owners, strict=True) if o == "banco"]
        coup = list(parse_cards(" ".join(dealt)))
        assert len(coup) == len(owners)
        assert len(bettor) <= 3 and len(banker) <= 3
        assert seen[0] == 4 and seen == sorted(seen)
