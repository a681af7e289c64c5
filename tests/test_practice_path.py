"""The practice path's registry and question pools, against the engine and the pages' own data.

The registry must name, for each skill, exactly the cells the page that trains it records
(the keys practice.js gives the drill's cells, the caller's cases, the pay table's cases, the
banker's situations), or mastery would read nothing.  Every question of the pools is answered
again here from its words alone (the cards, stakes and results it shows), by the engine's
public functions, and the path script's own draw of the final check and its judging run under
Node with the exported data.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from cdf_rules import cdf_calls

from bacara_teach.cards import hand_total, parse_cards
from bacara_teach.chemin_de_fer_session import CheminDeFerSession, describe_event
from bacara_teach.money import format_amount
from bacara_teach.practice.banque import banque_drill_data, situations
from bacara_teach.practice.caller import caller_data
from bacara_teach.practice.drill import drill_data
from bacara_teach.practice.path import (
    FINAL_ONCE,
    FINAL_PER_SKILL,
    check_questions,
    path_data,
    skills,
)
from bacara_teach.practice.paytable import pay_data
from bacara_teach.practice.procedures import RECENT, moments
from bacara_teach.punto_banco import Coup, Outcome
from bacara_teach.roads import Roads
from bacara_teach.settlement import Bet, settle_bet
from bacara_teach.tableau import CHEMIN_DE_FER, CHEMIN_DE_FER_SINGLE_BETTOR, PUNTO_BANCO
from bacara_teach.text import language_codes

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "docs" / "_static"
NODE = shutil.which("node")


def node(code: str, feed: object) -> Any:
    """Run ``code`` under Node with practice.js as ``P`` and practice-path.js as ``A``; ``feed``
    is read as ``input``; what ``code`` leaves in ``out`` comes back."""
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    program = (f"const P = require({json.dumps(str(STATIC / 'practice.js'))});\n"
               f"const A = require({json.dumps(str(STATIC / 'practice-path.js'))});\n"
               "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));\nlet out = null;\n"
               f"{code}\nprocess.stdout.write(JSON.stringify(out));")
    done = subprocess.run([NODE, "-e", program], input=json.dumps(feed), capture_output=True,
                          text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def by_name() -> dict[str, Any]:
    return {skill.name: skill for skill in skills()}


# -- the registry reads what the pages record --------------------------------------------------


def test_each_drill_skill_is_made_of_the_cells_the_drill_records() -> None:
    for game, actors in (("punto-banco", {"punto": "punto-rule", "banco": "banco-table"}),
                         ("chemin-de-fer", {"punto": "cdf-bettor", "banco": "cdf-banker"})):
        data = drill_data(game, "en")
        keys = node("out = input.cells.map((c) => [c.actor, P.cellKey(c)]);", data)
        for actor, skill in actors.items():
            wanted = [key for who, key in keys if who == actor]
            assert list(by_name()[skill].keys) == wanted, skill
            assert by_name()[skill].store == game


def test_the_caller_the_pay_table_and_the_banker_s_drill_record_the_skills_cells() -> None:
    caller = caller_data("en")
    assert list(by_name()["coup-call"].keys) == caller["cases"]
    assert set(by_name()["naturals"].keys) == {c for c in caller["cases"] if c.startswith("natural:")}
    for table in pay_data("en")["tables"]:
        skill = by_name()[f"pay-{table['name']}"]
        assert list(skill.keys) == table["cases"] and skill.store == "pay-table"
        # every case is one a layout pays
        assert {table["cases"][bet[5]] for layout in table["layouts"] for bet in layout["bets"]} == set(table["cases"])
    banque = banque_drill_data("en")
    assert list(by_name()["banque-banker"].keys) == [f"s{i}" for i in range(len(banque["situations"]))]


def test_every_skill_practised_on_the_path_page_has_questions_for_each_of_its_cells() -> None:
    pool = check_questions("en")
    for skill in skills():
        asked = [q for q in pool if q.skill == skill.name]
        assert len(asked) >= FINAL_PER_SKILL, skill.name
        assert all(q.key in skill.keys or (q.key == "" and skill.name == "naturals") for q in asked)
        if skill.practise is None:
            assert {q.key for q in asked} == set(skill.keys), skill.name


# -- every question answered again from its words ----------------------------------------------

CARD = r"(?:10|[2-9AJQK])[♠♥♦♣]"


def cards_in(text: str) -> list[str]:
    return re.findall(CARD, text)


def test_every_question_s_answer_is_the_engine_s_for_what_it_shows() -> None:
    checked: Counter[str] = Counter()
    sessions_asked = {}
    for moment in moments():
        session = moment.session
        again = CheminDeFerSession(session.players, seed=session.seed, first_banker=session.first_banker)
        for move in session.log:
            again.apply(move)
        start = again.banker if again.banker is not None else again.pending.seat if again.pending else 0
        told = " ".join(describe_event(e, again.players, "en") for e in again.events[-RECENT:])
        sessions_asked[(again.players[start], told)] = "-" if again.pending is None else again.pending.player
    for q in check_questions("en"):
        shown = cards_in(q.prompt)
        if q.skill == "card-values":
            assert q.answer == str(hand_total(parse_cards(" ".join(shown)))), q
        elif q.skill == "naturals":
            punto, banco = parse_cards(" ".join(shown[:2])), parse_cards(" ".join(shown[2:4]))
            has = (hand_total(punto) >= 8, hand_total(banco) >= 8)
            assert q.answer == {(False, False): "none", (True, False): "punto",
                                (False, True): "banco", (True, True): "both"}[has], q
        elif q.skill in ("punto-rule", "banco-table", "cdf-bettor", "cdf-banker"):
            assert q.answer == _table_answer(q.skill, q.key), q
            if q.skill == "banco-table":  # the cards on show put the coup in that cell
                third = parse_cards(shown[2])[0].points if len(shown) == 5 else "stood"
                banco = parse_cards(" ".join(shown[-2:]))
                assert q.key == f"{hand_total(banco)}:{third}", q
        elif q.skill == "coup-call":
            winner = Coup.from_cards(" ".join(shown)).winner
            assert q.answer == {Outcome.PUNTO: "punto", Outcome.BANCO: "banco", Outcome.EMPATE: "tie"}[winner]
        elif q.skill == "cdf-coup-call":  # the seeds' rules, from the cards and the choices told
            chose = {}
            for role, decision in re.findall(r"The (bettor|banker), free on \d(?: against \d)?, "
                                                 r"chose to (draw|stand)\.", q.prompt):
                chose[{"bettor": "1", "banker": "2"}[role]] = decision
            calls, used = cdf_calls(shown, chose)
            assert used == len(shown), q
            assert q.answer == calls[-2][1], q
            assert q.key in by_name()["cdf-coup-call"].keys
        elif q.skill == "cdf-procedures":  # the session's own pending player, replayed
            found = re.search(r"to the right from (\w+): .*What just happened: (.*) Who acts now\?$", q.prompt)
            assert found, q
            assert q.answer == sessions_asked[(found.group(1), found.group(2))], q
            assert q.answer in [value for value, _ in q.options]
        elif q.skill.startswith("pay-"):
            found = re.search(r"a bet of ([\d.]+) on (.+?) net\?", q.prompt)
            assert found, q
            table = q.skill.removeprefix("pay-")
            net = settle_bet(Coup.from_cards(" ".join(shown)), Bet.of(found.group(2), found.group(1)), table).net
            assert q.answer == format_amount(net), q
        elif q.skill == "cdf-bank":  # the home rules' arithmetic, from the words alone
            found = re.search(r"a bank of (\d+) chips; the bets, in turn: (.*?)\. ", q.prompt)
            assert found, q
            bank = int(found.group(1))
            stakes = {name: int(amount) for name, amount in re.findall(r"(\w+) (\d+)", found.group(2))}
            covered = sum(stakes.values())
            staked = re.search(r"who staked (\d+)", q.prompt)
            assert covered <= bank
            assert int(q.answer) == {"bank:reserve": bank - covered, "bank:after-win": 2 * covered,
                                     "bank:minimum": 2 * covered,
                                     "bank:bettor-wins": 2 * int(staked.group(1)) if staked else -1,
                                     "bank:push": int(staked.group(1)) if staked else -1}[q.key], q
        elif q.skill == "banque-banker":
            assert q.answer == situations()[int(q.key[1:])].better.value
        elif q.skill == "roads":
            results = re.search(r"so far: ([PBE ]+?) \(", q.prompt)
            assert results, q
            roads = Roads.from_results(results.group(1))
            if q.key == "roads:columns":
                assert q.answer == str(len(roads.big_road.column_lengths()))
            else:
                road = q.key.removeprefix("roads:")
                before, after = getattr(roads, road).cells, getattr(roads.add("B"), road).cells
                assert q.answer == ("none" if len(after) == len(before) else after[-1].colour), q
        else:
            raise AssertionError(f"a skill this test does not know: {q.skill}")
        checked[q.skill] += 1
    assert set(checked) == set(by_name())


def _table_answer(skill: str, key: str) -> str:
    if skill in ("punto-rule", "cdf-bettor"):
        _, bettors, total = key.split(":")
        tableau = {"-": PUNTO_BANCO, "several": CHEMIN_DE_FER, "one": CHEMIN_DE_FER_SINGLE_BETTOR}[bettors]
        return tableau.player_cell(int(total)).decision.value
    total, third = key.split(":")
    tableau = PUNTO_BANCO if skill == "banco-table" else CHEMIN_DE_FER
    return tableau.banker_cell(int(total), None if third == "stood" else int(third)).decision.value


# -- the path script, with the exported data ---------------------------------------------------


def test_the_final_check_draws_thirty_different_questions_from_every_skill() -> None:
    data = path_data("en")
    draws = node("""
      function seeded(seed) { let s = seed >>> 0 || 1;
        return () => { s ^= s << 13; s >>>= 0; s ^= s >> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; }; }
      out = Array.from({ length: 50 }, (_, i) => A.drawFinal(input, seeded(i + 1)));
    """, data)
    assert sorted(data["final"]["counts"]) == [1] * len(FINAL_ONCE) + [2] * (len(data["skills"]) - len(FINAL_ONCE))
    seen: set[tuple[int, ...]] = set()
    for drawn in draws:
        assert len(drawn) == len(set(drawn)) == data["final"]["questions"] == 30
        per_skill = Counter(data["skills"][data["questions"][i][0]]["name"] for i in drawn)
        assert per_skill == {s["name"]: FINAL_PER_SKILL - (s["name"] in FINAL_ONCE) for s in data["skills"]}
        seen.add(tuple(sorted(drawn)))
    assert len(seen) == len(draws)  # each check its own


@pytest.mark.parametrize("lang", language_codes())
def test_the_script_judges_every_answer_as_the_engine_gave_it(lang: str) -> None:
    data = path_data(lang)
    verdicts = node("""
      const wrongChoice = (q) => q.choices.map(([v]) => v).find((v) => v !== q.answer);
      out = input.questions.map((_, i) => {
        const q = A.question(input, i);
        if (q.kind === "amount" || q.kind === "count") {
          const typed = q.answer.replace("-", "\\u2212").replace(".", input.numbers.decimal);
          const off = String(Number(q.answer) + 5);
          return [A.judgeAnswer(input, q, typed), A.judgeAnswer(input, q, off), A.judgeAnswer(input, q, "five"),
                  A.answerText(input, q)];
        }
        return [A.judgeAnswer(input, q, q.answer), A.judgeAnswer(input, q, wrongChoice(q)), null, A.answerText(input, q)];
      });
    """, data)
    for (right, wrong, unread, shown), q in zip(verdicts, data["questions"], strict=True):
        assert right is True and wrong is False and unread is None, q
        if q[3] == "amount" and q[4].startswith("-"):
            assert shown.startswith("\u2212"), shown
        if lang == "es" and q[3] == "amount" and "." in q[4]:
            assert "," in shown


def test_the_next_skill_is_the_first_not_yet_known_in_the_course_s_order() -> None:
    data = path_data("en")
    order = node("""
      const progress = P.emptyProgress();
      const steps = [A.nextSkill(input, progress)];
      for (const skill of input.skills.slice(0, 3)) {
        const record = progress.stores[skill.store] || P.emptyRecord();
        for (const key of skill.keys) for (let i = 0; i < 3; i += 1) P.recordAnswer(record, key, true);
        progress.stores[skill.store] = record;
        steps.push(A.nextSkill(input, progress));
      }
      out = steps;
    """, data)
    names = [s["name"] for s in data["skills"]]
    assert [names[i] for i in order] == names[:4]


def test_every_link_of_the_path_is_a_page_of_the_course() -> None:
    for skill in path_data("en")["skills"]:
        for link in (skill["learn"], skill["practise"]):
            if link is None:
                assert skill["here"]
                continue
            page = link.split("#")[0].split("?")[0]
            assert (ROOT / "docs" / page.replace(".html", ".md")).is_file(), link
