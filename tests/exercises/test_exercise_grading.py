"""Grading: keys score 100 %, seeded wrong answers score what they should, hostile files are contained."""

from __future__ import annotations

import csv
import hashlib
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from exercise_support import (
    MODEL_PROGRAM,
    answer_line,
    filled_notebook,
    key_answers,
    with_program,
    write_notebook,
)
from hostile_support import forged_programs, switch_off_programs

import bacara_teach.tableau
from bacara_teach.exercises import ASSIGNMENTS, make_paper
from bacara_teach.exercises.grading import (
    FAILED,
    GRADED,
    MISSING,
    UNREADABLE,
    Gradebook,
    format_points,
    grade_directory,
    grade_notebook,
    gradebook_csv,
    write_gradebook,
)
from bacara_teach.exercises.notebook import notebook_text, paper_notebook
from bacara_teach.exercises.questions import DRAW_OR_STAND, TOTAL, Status
from bacara_teach.exercises.roster import Student
from bacara_teach.exercises.sandbox import Limits
from bacara_teach.tableau import banco_draws

FAST = Limits(wall_seconds=2, cpu_seconds=1)


def grade(paper_name: str, student: str, answers: dict[str, str]) -> Any:
    paper = make_paper(paper_name, student)
    raw = notebook_text(filled_notebook(paper, answers)).encode("utf-8")
    return grade_notebook(raw, Student(student, student.title()), paper, limits=FAST)


# -- the keys ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(ASSIGNMENTS))
def test_every_assignment_key_scores_full_marks(name: str) -> None:
    for student in ("ana", "bo"):
        paper = make_paper(name, student)
        result = grade(name, student, key_answers(paper))
        assert result.status == GRADED
        assert [g.mark.status for g in result.grades] == [Status.RIGHT] * len(paper.questions)
        assert result.total == paper.maximum == ASSIGNMENTS[name].maximum


def test_an_untouched_notebook_scores_zero_and_says_unanswered() -> None:
    paper = make_paper("third-card", "ana")
    result = grade_notebook(notebook_text(paper_notebook(paper)).encode(), Student("ana", "Ana"), paper)
    assert result.total == 0
    assert {g.mark.status for g in result.grades} == {Status.UNANSWERED}


# -- seeded wrong answers ----------------------------------------------------------------------------


def _wrong(kind_answer: object, key: Any) -> Any:
    if kind_answer is DRAW_OR_STAND:
        return "stand" if key == "draw" else "draw"
    if kind_answer is TOTAL:
        return (key + 5) % 10
    raise AssertionError("no seeded wrong answer for this type")


def test_seeded_wrong_words_and_totals_lose_exactly_their_points() -> None:
    paper = make_paper("third-card", "cy")
    answers = key_answers(paper)
    wrong = [q for q in paper.questions if q.question_kind.answer is DRAW_OR_STAND][::2]
    for q in wrong:
        answers[q.qid] = answer_line(_wrong(DRAW_OR_STAND, q.question_kind.key(q.params)))
    result = grade("third-card", "cy", answers)
    assert result.total == paper.maximum - sum(q.points for q in wrong)
    assert [g.question.qid for g in result.grades if g.mark.status == Status.WRONG] == [q.qid for q in wrong]


def test_a_coup_with_only_the_winner_wrong_keeps_two_thirds() -> None:
    paper = make_paper("third-card", "cy")
    answers = key_answers(paper)
    coup = next(q for q in paper.questions if q.kind == "coup")
    key = dict(coup.question_kind.key(coup.params))
    key["winner"] = {"punto": "banco", "banco": "empate", "empate": "punto"}[key["winner"]]
    answers[coup.qid] = answer_line(key)
    result = grade("third-card", "cy", answers)
    assert result.total == paper.maximum - Fraction(coup.points, 3)


def test_a_program_wrong_on_one_banco_cell_loses_half_the_points_over_88() -> None:
    # banker_draws stands on 5 when Punto stood (the rule says draw); play keeps the right rule
    program = MODEL_PROGRAM + (
        "\n\ndef banker_draws(banker_total, player_third_card):\n"
        "    if banker_total == 5 and player_third_card is None:\n"
        "        return False\n"
        "    return _banco_rule(banker_total, player_third_card)\n")
    assert banco_draws(5, None)  # the cell the program gets wrong: Banco draws on 5 after a stand
    paper = make_paper("third-card", "dee")
    result = grade("third-card", "dee", with_program(paper, program))
    code = next(g for g in result.grades if g.question.question_kind.is_program)
    assert code.points == code.question.points * (Fraction(1, 2) * Fraction(87, 88) + Fraction(1, 2))
    assert "banker_draws: 87 of 88 right" in code.mark.reason
    assert any(d.startswith("banker_draws(5, None) returned False") for d in code.mark.details)


def test_a_program_that_always_says_banco_is_paid_only_for_the_coups_banco_wins() -> None:
    paper = make_paper("third-card", "eli")
    program = MODEL_PROGRAM + "\n\ndef play(cards):\n    return 'banco'\n"
    result = grade("third-card", "eli", with_program(paper, program))
    code = next(g for g in result.grades if g.question.question_kind.is_program)
    kind = code.question.question_kind
    expected = kind.expected(code.question.params)["play"]
    banco_share = Fraction(expected.count("banco"), len(expected))
    assert code.mark.earned == Fraction(1, 2) + Fraction(1, 2) * banco_share


# -- hostile submissions, one batch --------------------------------------------------------------

ROSTER = [Student(i, n) for i, n in [
    ("good", "Good Key"), ("missing", "Never Handed In"), ("garbage", "Not JSON"),
    ("empty", "Empty File"), ("nocells", "JSON Without Cells"), ("types", "Wrong Types"),
    ("raises", "Program Raises"), ("loops", "Infinite Loop"), ("loud", "Enormous Output"),
    ("patcher", "Patches The Engine"), ("installer", "Edits Installed Files"),
    ("keyeditor", "Edits Expected Answers"), ("bookwriter", "Writes The Gradebook"),
    ("impostor", "Claims Another Id"), ("killer", "Kills The Grader"), ("linked", "Symlink"),
    ("twins", "Duplicate Cells"), ("deep", "Deep Literal"), ("executes", "Code In A Value"),
]]
FORGERS = ["forge-frames-empty-result", "forge-frames-extra-records", "forge-empty-result",
           "forge-results-not-a-list", "forge-value-not-plain", "forge-huge", "forge-deep"]
"""Programs that write their own result records (see hostile_support)."""
SWITCHERS = sorted(switch_off_programs())
"""Programs that try to switch the audit hook off, then to read /etc/passwd."""
ROSTER += [Student(s, s.replace("-", " ").title()) for s in FORGERS + SWITCHERS]
HOSTILE = {"raises", "loops", "loud", "patcher", "installer", "bookwriter", "killer", *FORGERS,
           *SWITCHERS}
ENGINE_FILE = Path(bacara_teach.tableau.__file__)


def _program(paper_name: str, student: str, program: str) -> dict[str, Any]:
    paper = make_paper(paper_name, student)
    return filled_notebook(paper, with_program(paper, program))


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> tuple[Gradebook, Path, Path, str]:
    folder = tmp_path_factory.mktemp("submissions")
    out = tmp_path_factory.mktemp("grades")
    gradebook = out / "gradebook.csv"
    name = "third-card"
    engine_hash = hashlib.sha256(ENGINE_FILE.read_bytes()).hexdigest()

    def paper(student: str) -> Any:
        return make_paper(name, student)

    write_notebook(folder, "good", filled_notebook(paper("good"), key_answers(paper("good"))))
    write_notebook(folder, "garbage", b"{this is not json")
    write_notebook(folder, "empty", b"")
    write_notebook(folder, "nocells", '{"metadata": {}, "nbformat": 4}')
    types = key_answers(paper("types"))
    for q in paper("types").questions:
        if q.question_kind.answer is DRAW_OR_STAND:
            types[q.qid] = "answer = True"
        elif q.kind == "coup":
            types[q.qid] = "answer = ('banco', 1, 3)"
    write_notebook(folder, "types", filled_notebook(paper("types"), types))
    write_notebook(folder, "raises", _program(name, "raises", "raise RuntimeError('boom')\n"))
    write_notebook(folder, "loops", _program(name, "loops", "while True:\n    pass\n"))
    write_notebook(folder, "loud", _program(
        name, "loud", "print('x' * 20_000_000)\n" + MODEL_PROGRAM.replace(
            "def play(cards):\n", "def play(cards):\n    print('y' * 100_000)\n", 1)))
    write_notebook(folder, "patcher", _program(
        name, "patcher", "import bacara_teach.tableau as t\nt.banco_draws = lambda *a: True\n"
        "import bacara_teach.exercises.grading as g\ng.format_points = lambda v: '100'\n"
        + MODEL_PROGRAM))
    write_notebook(folder, "installer", _program(
        name, "installer", f"open({str(ENGINE_FILE)!r}, 'a').write('# patched\\n')\n" + MODEL_PROGRAM))
    edited = filled_notebook(paper("keyeditor"), {q.qid: answer_line("stand") for q in paper("keyeditor").questions
                                                   if q.question_kind.answer is DRAW_OR_STAND})
    for cell in edited["cells"]:
        tag = cell["metadata"].get("bacara_teach")
        if tag:
            tag.update({"expected": "stand", "points": 100, "key": "stand"})
    edited["metadata"]["bacara_teach"].update({"key": {"q1": "stand"}, "maximum": 1, "points": 100})
    write_notebook(folder, "keyeditor", edited)
    write_notebook(folder, "bookwriter", _program(
        name, "bookwriter", f"open({str(gradebook)!r}, 'w').write('bookwriter,100\\n')\n" + MODEL_PROGRAM))
    impostor = filled_notebook(paper("good"), key_answers(paper("good")))  # a copy of good's paper
    impostor["metadata"]["bacara_teach"]["student_id"] = "good"
    write_notebook(folder, "impostor", impostor)
    write_notebook(folder, "killer", _program(name, "killer", "import os\nos.kill(os.getppid(), 9)\n"))
    (folder / "linked.ipynb").symlink_to(folder / "good.ipynb")
    twins = paper_notebook(paper("twins"))
    first = next(c for c in twins["cells"] if c["metadata"].get("bacara_teach", {}).get("question") == "q1")
    key1 = paper("twins").key()["q1"]
    first["source"] = answer_line(key1)
    copy = json.loads(json.dumps(first))
    copy["source"] = answer_line("stand" if key1 == "draw" else "draw")
    copy["id"] = "q1-answer-copy"
    twins["cells"].insert(twins["cells"].index(first), copy)
    write_notebook(folder, "twins", twins)
    write_notebook(folder, "deep", filled_notebook(paper("deep"), {"q1": "answer = " + "[" * 3000 + "]" * 3000}))
    write_notebook(folder, "executes", filled_notebook(
        paper("executes"), {"q1": "answer = __import__('os').system('touch executed')"}))
    write_notebook(folder, "stranger", filled_notebook(paper("good"), key_answers(paper("good"))))
    programs = {**forged_programs(), **switch_off_programs()}
    for student in FORGERS + SWITCHERS:
        write_notebook(folder, student, _program(name, student, programs[student]))

    book = grade_directory(folder, name, ROSTER, limits=FAST, jobs=2)
    write_gradebook(book, gradebook)
    assert hashlib.sha256(ENGINE_FILE.read_bytes()).hexdigest() == engine_hash
    return book, gradebook, folder, engine_hash


def _row(book: Gradebook, student: str) -> Any:
    return next(g for g in book.grades if g.student.id == student)


def test_batch_gradebook_has_one_well_formed_row_per_roster_student(batch: Any) -> None:
    book, gradebook, _, _ = batch
    rows = list(csv.DictReader(io.StringIO(gradebook.read_text(encoding="utf-8"))))
    qids = [q.qid for q in make_paper("third-card", "x").questions]
    assert [r["id"] for r in rows] == [s.id for s in ROSTER]
    assert [r["name"] for r in rows] == [s.name for s in ROSTER]
    assert list(rows[0]) == ["id", "name", *qids, "total", "maximum", "status", "reason"]
    for row, result in zip(rows, book.grades, strict=True):
        assert row["maximum"] == str(ASSIGNMENTS["third-card"].maximum)
        assert row["total"] == format_points(result.total)
        assert Fraction(row["total"]) == pytest.approx(sum(Fraction(row[q]) for q in qids), abs=0.01)
        assert row["status"] in (GRADED, MISSING, UNREADABLE) and row["reason"]
        assert row["status"] != FAILED
    assert gradebook.read_text(encoding="utf-8") == gradebook_csv(book)


def test_batch_writes_one_feedback_file_per_student(batch: Any) -> None:
    _, gradebook, _, _ = batch
    feedback = gradebook.parent / "feedback"
    assert sorted(p.stem for p in feedback.glob("*.md")) == sorted(s.id for s in ROSTER)
    text = (feedback / "good.md").read_text(encoding="utf-8")
    assert "Total: 25 / 25" in text


def test_batch_good_key_scores_full_marks(batch: Any) -> None:
    assert _row(batch[0], "good").total == 25


def test_batch_missing_submission_scores_zero_with_a_reason(batch: Any) -> None:
    row = _row(batch[0], "missing")
    assert (row.status, row.total) == (MISSING, 0) and "missing.ipynb was not found" in row.reason


@pytest.mark.parametrize(("student", "reason"), [
    ("garbage", "invalid JSON"), ("empty", "the file is empty"), ("nocells", "no list of cells"),
    ("linked", "not a regular file"),
])
def test_batch_unreadable_files_score_zero_with_a_reason(batch: Any, student: str, reason: str) -> None:
    row = _row(batch[0], student)
    assert (row.status, row.total) == (UNREADABLE, 0) and reason in row.reason


def test_batch_wrong_types_lose_those_questions_only(batch: Any) -> None:
    row = _row(batch[0], "types")
    invalid = [g for g in row.grades if g.mark.status == Status.INVALID]
    assert invalid and all(g.points == 0 for g in invalid)
    assert any("True is not a word in quotes" in g.mark.reason for g in invalid)
    assert row.total == sum(g.question.points for g in row.grades if g.mark.status == Status.RIGHT)
    assert row.total > 0


@pytest.mark.parametrize(("student", "words"), [
    ("raises", "RuntimeError: boom"),
    ("loops", "stopped"),
    ("killer", "not allowed in graded code: os.kill"),
    ("installer", "not allowed in graded code: writing"),
    ("bookwriter", "not allowed in graded code: writing"),
    ("patcher", "not allowed in graded code: import bacara_teach"),
])
def test_batch_hostile_programs_score_zero_on_the_program_only(batch: Any, student: str, words: str) -> None:
    row = _row(batch[0], student)
    code = next(g for g in row.grades if g.question.question_kind.is_program)
    assert code.points == 0 and words in code.mark.reason
    others = [g for g in row.grades if not g.question.question_kind.is_program]
    assert all(g.mark.status == Status.RIGHT for g in others)
    assert row.total == 25 - code.question.points


@pytest.mark.parametrize("student", FORGERS)
def test_batch_forged_result_records_score_zero_on_the_program_only(batch: Any, student: str) -> None:
    row = _row(batch[0], student)
    code = next(g for g in row.grades if g.question.question_kind.is_program)
    assert code.points == 0 and code.mark.status == Status.ERROR
    assert code.mark.reason.startswith("its results were not in the grader's format: ")
    assert all(g.mark.status == Status.RIGHT for g in row.grades if g is not code)
    assert (row.status, row.total) == (GRADED, 25 - code.question.points)


@pytest.mark.parametrize("student", SWITCHERS)
def test_batch_the_audit_hook_cannot_be_switched_off(batch: Any, student: str) -> None:
    code = next(g for g in _row(batch[0], student).grades if g.question.question_kind.is_program)
    assert code.points == 0
    assert "blocked: Refused: not allowed in graded code: reading '/etc/passwd'" in code.mark.reason


def test_batch_enormous_output_does_not_cost_the_points(batch: Any) -> None:
    assert _row(batch[0], "loud").total == 25


def test_batch_installed_files_are_untouched(batch: Any) -> None:
    assert hashlib.sha256(ENGINE_FILE.read_bytes()).hexdigest() == batch[3]
    assert not banco_draws(3, 8)


def test_batch_notebook_metadata_cannot_change_expected_answers_or_points(batch: Any) -> None:
    row = _row(batch[0], "keyeditor")
    paper = make_paper("third-card", "keyeditor")
    key = paper.key()
    should = sum(q.points for q in paper.questions if key[q.qid] == "stand")
    assert row.total == should and row.maximum == 25


def test_batch_the_gradebook_is_the_graders_not_the_programs(batch: Any) -> None:
    _, gradebook, _, _ = batch
    assert "bookwriter,100" not in gradebook.read_text(encoding="utf-8")


def test_batch_identity_comes_from_the_file_name_not_the_notebook(batch: Any) -> None:
    book = batch[0]
    impostor, good = _row(book, "impostor"), _row(book, "good")
    assert impostor.paper == make_paper("third-card", "impostor")
    assert impostor.total < 25  # good's answers do not fit impostor's paper
    assert any("says it is the paper of 'good'" in n for n in impostor.notes)
    assert good.total == 25


def test_batch_files_of_students_not_on_the_roster_are_not_graded(batch: Any) -> None:
    assert batch[0].unexpected == ("stranger.ipynb",)


def test_batch_duplicate_answer_cells_grade_the_first(batch: Any) -> None:
    row = _row(batch[0], "twins")
    assert row.grades[0].mark.status == Status.WRONG
    assert any("more than one answer cell" in n for n in row.notes)


def test_batch_deep_literals_and_code_in_values_are_refused_not_run(batch: Any) -> None:
    assert _row(batch[0], "deep").grades[0].mark.status == Status.INVALID
    row = _row(batch[0], "executes")
    assert row.grades[0].mark.status == Status.INVALID and "plain value" in row.grades[0].mark.reason
    assert not (batch[2] / "executed").exists() and not Path("executed").exists()


def test_grades_do_not_depend_on_the_rest_of_the_batch(batch: Any) -> None:
    book, _, folder, _ = batch
    for student in ROSTER:
        if student.id in HOSTILE:
            continue
        (alone,) = grade_directory(folder, "third-card", [student], limits=FAST).grades
        row = _row(book, student.id)
        assert (alone.status, alone.total, alone.reason) == (row.status, row.total, row.reason)
        assert [g.points for g in alone.grades] == [g.points for g in row.grades]


def test_gradebook_cells_cannot_become_spreadsheet_formulas(tmp_path: Path) -> None:
    student = Student("ana", "=HYPERLINK(\"http://x\")")
    paper = make_paper("scoring", "ana")
    result = grade_notebook(b"", student, paper)
    text = gradebook_csv(Gradebook(assignment=paper.assignment, grades=(result,)))
    assert "'=HYPERLINK" in text
