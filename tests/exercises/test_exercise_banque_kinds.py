"""Baccarat Banque questions and the assignment ``more-tables``.

The banker's decision: the key is the better decision by the engine's exact values
(:func:`decision_values`, itself checked against a direct enumeration in the engine's tests),
the explanation gives both values; papers ask only about clear decisions and mix ones where
the rule of thumb misses.  Settling a coup: the key is restated here from the written rules
(deal order, naturals, the punters' rule, 1 to 1 with no commission, à cheval), independently
of the engine's coup.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

import pytest
from exercise_support import class_secret, filled_notebook, key_answers, write_notebook
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach.baccarat_banque import (
    BankerView,
    Stakes,
    aim_at_larger_stake,
    best_for_bank,
    decision_values,
)
from bacara_teach.cli import main
from bacara_teach.errors import NotationError
from bacara_teach.exercises import ASSIGNMENTS, get_kind, make_paper, self_check
from bacara_teach.exercises.feedback import submission_feedback
from bacara_teach.exercises.grading import GRADED, Gradebook, grade_notebook
from bacara_teach.exercises.notebook import notebook_text
from bacara_teach.exercises.questions import Status
from bacara_teach.exercises.report import class_report, report_html
from bacara_teach.exercises.roster import Student
from bacara_teach.exercises.sandbox import Limits
from bacara_teach.tableau import Decision
from bacara_teach.text import language_codes

students = st.from_regex(r"[a-z][a-z0-9_-]{0,11}", fullmatch=True)
FAST = Limits(wall_seconds=2, cpu_seconds=1)
VALUES = {"A": 1, "J": 0, "Q": 0, "K": 0, "10": 0}


def _questions(kind: str, *names: str) -> list[Any]:
    return [q for name in names for q in make_paper("more-tables", name).questions if q.kind == kind]


# -- the banker's decision ---------------------------------------------------------------------


def _view(params: dict[str, Any]) -> BankerView:
    stakes = params["stakes"]
    return BankerView.situation(params["banker"], right=params["right"], left=params["left"],
                                stakes=Stakes(stakes["right"], stakes["left"], stakes["cheval"]))


@settings(max_examples=8, deadline=None)
@given(students)
def test_a_decision_key_is_the_better_decision_by_the_exact_values(student: str) -> None:
    questions = _questions("banque-decision", student)
    assert len(questions) == 3
    misses = 0
    for q in questions:
        view = _view(q.params)
        values = decision_values(view)
        stand, draw = values[Decision.STAND], values[Decision.DRAW]
        key = q.question_kind.key(q.params)
        assert key == best_for_bank(view).value == ("draw" if draw > stand else "stand")
        # a clear decision: 5 chips in every 100 staked or more between the two
        assert abs(draw - stand) * 20 >= view.stakes.total
        misses += aim_at_larger_stake(view).value != key
    assert misses == 2  # two of the three where the rule of thumb takes the worse decision


def test_a_decision_is_explained_with_both_values_in_chips_in_the_paper_s_language() -> None:
    params = {"banker": "3♥ 2♠", "right": "K♦", "left": None,
              "stakes": {"right": 100, "left": 20, "cheval": 0}}
    values = decision_values(_view(params))
    stand, draw = (f"{float(values[d]):+.2f}" for d in (Decision.STAND, Decision.DRAW))
    assert (stand, draw) == ("+75.61", "+48.77")  # the engine's doctest of this situation
    wrong = self_check("banque-decision", params, "draw")
    assert not wrong.right and wrong.mark.status == Status.WRONG
    text = str(wrong)
    assert f"standing is worth {stand} chips to the bank, drawing {draw}" in text
    assert "the better decision is stand" in text
    spanish = str(self_check("banque-decision", params, "robar", lang="es"))
    assert f"plantarse vale {stand.replace('.', ',')} fichas para la banca; robar, " \
           f"{draw.replace('.', ',')}" in spanish
    assert "la mejor decisión es plantarse" in spanish
    assert self_check("banque-decision", params, "Plantarse").right


def test_where_the_rule_of_thumb_misses_the_explanation_says_what_it_costs() -> None:
    missed = [q for q in _questions("banque-decision", "ana", "bo")
              if aim_at_larger_stake(_view(q.params)).value != q.question_kind.key(q.params)]
    assert missed
    for q in missed:
        values = decision_values(_view(q.params))
        cost = f"{float(abs(values[Decision.DRAW] - values[Decision.STAND])):.2f}"
        thumb = aim_at_larger_stake(_view(q.params)).value
        text = q.question_kind.explain(q.params)
        assert f"would {thumb} here, and cost the bank {cost} chips on average" in text
        assert f"{cost.replace('.', ',')} fichas en promedio" in q.question_kind.explain(q.params, "es")


def test_a_decision_prompt_shows_the_banker_s_cards_what_each_side_did_and_the_stakes() -> None:
    params = {"banker": "3♥ 2♠", "right": "K♦", "left": None,
              "stakes": {"right": 100, "left": 20, "cheval": 0}}
    prompt = get_kind("banque-decision").prompt(params)
    assert "**3♥ 2♠**" in prompt and "the right side's third card K♦" in prompt
    assert "that the left side stood" in prompt and "100 is staked on the right" in prompt
    spanish = get_kind("banque-decision").prompt(params, "es")
    assert "que el lado izquierdo se plantó" in spanish and "¿Qué decisión vale más" in spanish


# -- settling a coup ---------------------------------------------------------------------------


def _points(card: str) -> int:
    rank = card[:-1]
    return VALUES[rank] if rank in VALUES else int(rank)


def restated_settlement(cards: str, stakes: dict[str, int], decisions: dict[str, str]) -> dict[str, Fraction]:
    """A coup of Baccarat Banque settled from the written rules, with no engine code.

    Deal right, left, banker, twice.  A side on 8 or 9 shows it and meets the banker's first
    two cards; else its punters draw on 0-4, stand on 6-7, choose on 5.  If the banker then has
    8 or 9 he shows it and no card is given; else the cards asked for are dealt (right, left),
    and the banker draws or stands as he chose.  Higher total wins 1 to 1; the stake à cheval
    gets the mean of the two sides' results.
    """
    deck = [_points(c) for c in cards.split()]
    hands = {"right": [deck[0], deck[3]], "left": [deck[1], deck[4]], "banker": [deck[2], deck[5]]}
    rest = deck[6:]
    total = {who: sum(h) % 10 for who, h in hands.items()}
    natural = {side: total[side] >= 8 for side in ("right", "left")}
    banker_first = total["banker"]
    live = [s for s in ("right", "left") if not natural[s]]
    if live and banker_first < 8:
        for side in live:
            t = total[side]
            if t <= 4 or (t == 5 and decisions[side] == "draw"):
                total[side] = (t + rest.pop(0)) % 10
        if decisions["banker"] == "draw":
            total["banker"] = (banker_first + rest.pop(0)) % 10
    assert not rest
    sign = {}
    for side in ("right", "left"):
        banker = banker_first if natural[side] else total["banker"]
        sign[side] = (total[side] > banker) - (total[side] < banker)
    nets = {"right": Fraction(stakes["right"] * sign["right"]),
            "left": Fraction(stakes["left"] * sign["left"]),
            "cheval": Fraction(stakes["cheval"] * (sign["right"] + sign["left"]), 2)}
    nets["bank"] = -(nets["right"] + nets["left"] + nets["cheval"])
    return nets


@settings(max_examples=10, deadline=None)
@given(students)
def test_a_settlement_key_follows_the_written_rules(student: str) -> None:
    questions = _questions("banque-settlement", student)
    assert len(questions) == 2 and questions[0].params["ask"] == "bank"
    for q in questions:
        p = q.params
        want = restated_settlement(p["cards"], p["stakes"], p["decisions"])[p["ask"]]
        assert Fraction(Decimal(q.question_kind.key(p))) == want


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["bank", "right", "left", "cheval"]))
def test_every_kind_of_settlement_question_is_drawn_and_keyed_right(seed: int, ask: str) -> None:
    import random

    kind = get_kind("banque-settlement")
    (params,) = kind.generate(random.Random(seed), 1, {"asks": (ask,)})
    assert params["ask"] == ask and (ask == "bank" or params["stakes"][ask] > 0)
    want = restated_settlement(params["cards"], params["stakes"], params["decisions"])[ask]
    key = kind.key(params)
    assert Fraction(Decimal(key)) == want
    assert kind.mark(params, key).earned == 1
    assert kind.mark(params, str(Decimal(key) + 1)).status == Status.WRONG


def test_the_engine_s_worked_coup_settles_the_bank_the_sides_and_the_stake_a_cheval() -> None:
    kind = get_kind("banque-settlement")
    coup: dict[str, Any] = {"cards": "9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣",
                            "stakes": {"right": 10, "left": 30, "cheval": 20},
                            "decisions": {"banker": "draw"}}
    keys = {ask: kind.key({**coup, "ask": ask}) for ask in ("bank", "right", "left", "cheval")}
    assert keys == {"bank": "20", "right": "10", "left": "-30", "cheval": "0"}
    assert keys == {ask: str(value) for ask, value in
                    restated_settlement(coup["cards"], coup["stakes"], coup["decisions"]).items()}
    wrong = self_check("banque-settlement", {**coup, "ask": "bank"}, "-20")
    assert not wrong.right
    assert "the stake à cheval is returned: the bank wins 20" in str(wrong)
    spanish = str(self_check("banque-settlement", {**coup, "ask": "bank"}, "-20", lang="es"))
    assert "se devuelve la apuesta a caballo: la banca gana 20" in spanish


def test_a_half_stake_a_cheval_is_an_exact_amount() -> None:
    # the right side ties on 7 with the banker, who stands; the left's natural 9 beats his 7:
    # the stake à cheval wins half of 15
    params: dict[str, Any] = {"cards": "7♠ 9♥ 7♦ K♣ K♦ K♥",
                              "stakes": {"right": 10, "left": 10, "cheval": 15},
                              "decisions": {"banker": "stand"}, "ask": "cheval"}
    assert restated_settlement(params["cards"], params["stakes"], params["decisions"])["cheval"] \
        == Fraction(15, 2)
    assert get_kind("banque-settlement").key(params) == "7.5"
    assert self_check("banque-settlement", params, "7.50").right
    assert self_check("banque-settlement", params, 7.5).mark.status == Status.INVALID
    assert "la respuesta es 7,5" in str(self_check("banque-settlement", params, "7", lang="es"))


# -- refusals ----------------------------------------------------------------------------------

DECISION: dict[str, Any] = {"banker": "3♥ 2♠", "right": "K♦", "left": None,
                            "stakes": {"right": 100, "left": 20}}
SETTLE: dict[str, Any] = {"cards": "9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣",
                          "stakes": {"right": 10, "left": 30, "cheval": 20},
                          "decisions": {"banker": "draw"}, "ask": "bank"}


@pytest.mark.parametrize(("kind", "params", "words"), [
    ("banque-decision", {**DECISION, "banker": "9♥ K♠"}, "natural 9"),
    ("banque-decision", {**DECISION, "banker": "3♥"}, "expected exactly two"),
    ("banque-decision", {**DECISION, "banker": ["3♥", "2♠"]}, "invalid banker"),
    ("banque-decision", {**DECISION, "right": 10}, "invalid right 10"),
    ("banque-decision", {**DECISION, "left": "11♣"}, "'11♣'"),
    ("banque-decision", {**DECISION, "stakes": {"right": -5}}, "invalid stakes"),
    ("banque-decision", {**DECISION, "stakes": {"middle": 5}}, "invalid stakes"),
    ("banque-decision", {**DECISION, "stakes": [100, 20]}, "invalid stakes"),
    ("banque-decision", {**DECISION, "stakes": {"right": 0, "left": 0}}, "no chips are staked"),
    ("banque-decision", {"banker": "3♥ 2♠", "right": None, "stakes": {"right": 5}}, "'left' is missing"),
    ("banque-settlement", {**SETTLE, "ask": "punto"}, "invalid ask 'punto'"),
    ("banque-settlement", {**SETTLE, "ask": "cheval", "stakes": {"right": 10, "left": 30}},
     "asks about a stake of 0"),
    ("banque-settlement", {**SETTLE, "decisions": {}}, "needs a decision"),
    ("banque-settlement", {**SETTLE, "decisions": {"banker": "hit"}}, "'hit'"),
    ("banque-settlement", {**SETTLE, "decisions": {"dealer": "draw"}}, "invalid decisions"),
    ("banque-settlement", {**SETTLE, "decisions": {"banker": "draw", "left": "draw"}},
     "had no choice to make"),
    ("banque-settlement", {**SETTLE, "cards": "9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥"}, "not enough cards"),
    ("banque-settlement", {**SETTLE, "cards": SETTLE["cards"] + " 2♣"}, "too many cards"),
    ("banque-settlement", {**SETTLE, "stakes": {"right": 1.5}}, "invalid stakes"),
])
def test_bad_parameters_are_refused_naming_them_in_both_languages(
        kind: str, params: dict[str, Any], words: str) -> None:
    with pytest.raises(NotationError) as refused:
        get_kind(kind).check_params(params)
    assert words in str(refused.value)
    assert refused.value.text("es") != str(refused.value)
    feedback = self_check(kind, params, "draw")
    assert feedback.mark.status == Status.INVALID and "cannot run" in feedback.mark.reason
    assert "no puede ejecutarse" in str(self_check(kind, params, "draw", lang="es"))


# -- the assignment ----------------------------------------------------------------------------


def test_more_tables_asks_the_commission_free_tables_and_baccarat_banque() -> None:
    spec = ASSIGNMENTS["more-tables"]
    assert (spec.question_count, spec.maximum) == (10, 12)
    paper = make_paper("more-tables", "ana")
    tables = [q.params["table"] for q in paper.questions if q.kind == "settlement"]
    assert tables == ["no-commission"] * 2 + ["ez"] * 3
    ez_bets = {q.params["bet"].split("=")[0] for q in paper.questions
               if q.kind == "settlement" and q.params["table"] == "ez"}
    assert ez_bets == {"banco", "dragon-7", "panda-8"}
    no_commission = [q for q in paper.questions if q.params.get("table") == "no-commission"]
    assert "(Banco wins with 6)" in no_commission[0].question_kind.explain(no_commission[0].params)
    assert [q.kind for q in paper.questions][5:] == ["banque-decision"] * 3 + ["banque-settlement"] * 2


@settings(max_examples=5, deadline=None)
@given(students)
def test_a_paper_is_the_same_for_a_student_in_every_language_and_differs_across_students(
        student: str) -> None:
    english, spanish = make_paper("more-tables", student, "en"), make_paper("more-tables", student, "es")
    assert english.questions == spanish.questions == make_paper("more-tables", student).questions
    assert english.key() == spanish.key()
    other = make_paper("more-tables", student + "x")
    assert [q.params for q in other.questions] != [q.params for q in english.questions]
    for q in english.questions:
        kind = q.question_kind
        assert kind.prompt(q.params, "es") != kind.prompt(q.params, "en")


def _grade(paper: Any, answers: dict[str, str], lang: str | None = None) -> Any:
    raw = notebook_text(filled_notebook(paper, answers)).encode("utf-8")
    return grade_notebook(raw, Student(paper.student_id, paper.student_id.title()), paper,
                          limits=FAST, lang=lang)


def _wrong_answers(paper: Any) -> dict[str, str]:
    out = {}
    for q in paper.questions:
        key = q.question_kind.key(q.params)
        wrong = ("stand" if key == "draw" else "draw") if key in ("draw", "stand") \
            else str(Decimal(key) - 1)
        out[q.qid] = f"answer_{q.qid} = {wrong!r}"
    return out


@pytest.mark.parametrize("lang", language_codes())
def test_the_key_scores_full_marks_and_wrong_answers_nothing_with_the_rule(lang: str) -> None:
    paper = make_paper("more-tables", "ana", lang)
    full = _grade(paper, key_answers(paper, named=True), lang)
    assert full.status == GRADED and full.total == paper.maximum == 12
    assert {g.mark.status for g in full.grades} == {Status.RIGHT}
    wrong = _grade(paper, _wrong_answers(paper), lang)
    assert wrong.total == 0 and {g.mark.status for g in wrong.grades} == {Status.WRONG}
    feedback = submission_feedback(wrong, lang)
    for g in wrong.grades:
        assert g.mark.explanation and g.mark.explanation in feedback
    if lang == "es":
        assert "**Total: 0 / 12**" in feedback and "fichas para la banca" in feedback
        assert "se paga 1/2 a 1 (Banco gana con 6)" in feedback or "Banco gana con 6" in feedback
    elif lang == "en":
        assert "**Total: 0 / 12**" in feedback and "chips to the bank" in feedback
    book = Gradebook(assignment=paper.assignment, grades=(full, wrong), lang=lang)
    report = class_report(book)
    kinds = {t.label: t for t in report.kinds}
    assert len(kinds) == 3
    assert all(t.asked == t.right + t.wrong for t in kinds.values())
    assert report.handed_in == 2 and not report.cells
    html = report_html(report)
    assert escape(get_kind("banque-decision").title_text(lang)) in html


def test_the_cli_lists_and_grades_more_tables(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["assignment", "list"]) == 0
    out = capsys.readouterr().out
    assert "more-tables: Commission-free tables and Baccarat Banque (10 questions, 12 points)" in out
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\nana,Ana García\nbo,Bo Li\n", encoding="utf-8")
    folder = tmp_path / "handed-in"
    folder.mkdir()
    secret = class_secret(roster)
    ana, bo = make_paper("more-tables", "ana", secret=secret), make_paper("more-tables", "bo", secret=secret)
    write_notebook(folder, "ana", filled_notebook(ana, key_answers(ana, named=True)))
    write_notebook(folder, "bo", filled_notebook(bo, _wrong_answers(bo)))
    gradebook = tmp_path / "gradebook.csv"
    code = main(["--lang", "es", "grade", str(folder), "--assignment", "more-tables", "--roster",
                 str(roster), "--out", str(gradebook)])
    assert code == 0
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(gradebook.read_text(encoding="utf-8")))}
    assert rows["ana"]["total"] == rows["ana"]["maximum"] == "12" and rows["bo"]["total"] == "0"
    feedback = (tmp_path / "feedback" / "bo.md").read_text(encoding="utf-8")
    assert "fichas para la banca" in feedback and "la banca" in feedback
    report = gradebook.with_suffix(".report.html")
    assert report.is_file() and "Baccarat Banque: la decisión del banquero" in report.read_text(encoding="utf-8")
