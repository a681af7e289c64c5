"""Forged result records: a program can write into its own result channel, so what comes back is read
strictly; a forgery scores that program 0 with the reason, and no grader failure stops a batch."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from exercise_support import (
    MODEL_PROGRAM,
    filled_notebook,
    key_answers,
    with_program,
    write_notebook,
)
from hostile_support import FORGED_LINES, forged_programs

from bacara_teach.exercises import grading, make_paper
from bacara_teach.exercises.grading import FAILED, GRADED, grade_directory, grade_notebook
from bacara_teach.exercises.kinds_coding import CodingKind
from bacara_teach.exercises.notebook import notebook_text
from bacara_teach.exercises.questions import Status
from bacara_teach.exercises.roster import Student
from bacara_teach.exercises.sandbox import Limits, read_records, run_program

FAST = Limits(wall_seconds=3, cpu_seconds=2)
CALLS = [{"function": "f", "args": [[1], [2]]}, {"function": "g", "args": [[3]]}]
LOAD = '{"load": "ok"}\n'
F_OK = '{"function": "f", "results": [["ok", 2], ["ok", 4]]}\n'


# -- the reader --------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    LOAD,
    LOAD + F_OK,
    LOAD + F_OK + '{"function": "g", "missing": "g is not defined as a function"}\n',
    LOAD + '{"function": "f", "results": [["error", "ValueError: no"], ["ok-type", "list"]]}\n',
    LOAD + '{"function": "f", "results": [["ok", null], ["ok", 1.5]]}\n',
    LOAD + '{"function": "f", "results": [["ok", true], ["ok", "banco"]]}\n',
    '{"load": "error", "error": "ZeroDivisionError: division by zero"}\n',
    LOAD + F_OK + '{"function": "g", "res',  # cut short by a limit: the rest still counts
    "",
])
def test_the_harness_records_are_read(text: str) -> None:
    read = read_records(text.encode(), CALLS)
    assert read.malformed is None, read.malformed
    assert len(read.records) == text.count("\n")


@pytest.mark.parametrize(("text", "why"), [
    (LOAD + '{"function": "f", "results": [[], ["ok", 4]]}\n', "is not a pair"),
    (LOAD + '{"function": "f", "results": [["ok"], ["ok", 4]]}\n', "is not a pair"),
    (LOAD + '{"function": "f", "results": [["ok", 2]]}\n', "returned 1 results for 2 calls"),
    (LOAD + '{"function": "f", "results": "all right"}\n', "is not the results of f"),
    (LOAD + '{"function": "f", "results": [["ok", [1]], ["ok", 4]]}\n', "a value the harness never sends"),
    (LOAD + '{"function": "f", "results": [["ok", {"a": 1}], ["ok", 4]]}\n', "never sends"),
    (LOAD + '{"function": "f", "results": [["ok", 10000000000000000], ["ok", 4]]}\n', "never sends"),
    (LOAD + '{"function": "f", "results": [["ok", "' + "x" * 201 + '"], ["ok", 4]]}\n', "never sends"),
    (LOAD + '{"function": "f", "results": [["ok", NaN], ["ok", 4]]}\n', "NaN is not a value"),
    (LOAD + '{"function": "f", "results": [["ok", 1e999], ["ok", 4]]}\n', "never sends"),
    (LOAD + '{"function": "f", "results": [["right", 2], ["ok", 4]]}\n', "unknown kind"),
    (LOAD + '{"function": "f", "results": [["error", 5], ["ok", 4]]}\n', "error is not a text"),
    (LOAD + '{"function": "f", "results": [["ok-type", ["x"]], ["ok", 4]]}\n', "type name is not a text"),
    (LOAD + '{"function": "f", "results": [["ok", 2], ["ok", 4]], "points": 9}\n', "is not the results"),
    (LOAD + '{"function": "g", "results": [["ok", 3]]}\n', "line 2 is not the results of f"),
    (LOAD + '{"function": ["f"], "results": []}\n', "is not the results of f"),
    (LOAD + '{"function": "f", "missing": 3}\n', "message is not a text"),
    (LOAD + LOAD, "line 2 is not the results of f"),
    (LOAD + F_OK + F_OK, "line 3 is not the results of g"),
    (LOAD + F_OK + '{"function": "g", "results": [["ok", 3]]}\n' + LOAD, "4 lines, more than"),
    ('{"load": "ok", "points": 100}\n', "line 1 is not the program's load line"),
    ('{"load": "yes"}\n', "line 1 is not the program's load line"),
    ('{"function": "f", "results": [["ok", 2], ["ok", 4]]}\n', "line 1 is not the program's load line"),
    ('{"load": "error", "error": {"a": 1}}\n', "the load error is not a text"),
    ('{"load": "error", "error": "x"}\n' + F_OK, "lines follow a program that did not load"),
    ("[1, 2, 3]\n", "line 1 is not a record"),
    ("not json\n", "line 1 is not JSON"),
    (LOAD + "[" * 100_000 + "]" * 100_000 + "\n", "line 2 is not JSON (RecursionError)"),
    (LOAD + '{"function": "f", "results": [["ok", "é"], ["ok", 4]]}\n', "not ASCII"),
    ('{"load": "ok"}\n\n', "line 2 is not JSON"),
])
def test_anything_else_refuses_the_whole_file(text: str, why: str) -> None:
    read = read_records(text.encode("utf-8"), CALLS)
    assert read.records == () and read.malformed is not None
    assert why in read.malformed, read.malformed


def test_bytes_that_are_not_text_are_refused() -> None:
    assert read_records(b"\xff\xfe{}\n", CALLS).malformed == "it is not ASCII text"


# -- forging programs, run for real ----------------------------------------------------------------


@pytest.fixture(scope="module")
def coding_calls() -> list[dict[str, Any]]:
    return CodingKind().calls({"seed": 7})


@pytest.mark.parametrize("student", sorted(forged_programs()))
def test_a_forging_program_gets_a_malformed_outcome_with_the_reason(
        student: str, coding_calls: list[dict[str, Any]]) -> None:
    done = run_program(forged_programs()[student], coding_calls, limits=FAST)
    assert done.outcome == "malformed" and done.refused, (done.outcome, done.reason)
    assert done.reason.startswith("its results were not in the grader's format: ")
    assert done.records == () and done.load_error is None


def test_the_audits_forgery_no_longer_crashes_the_marking(coding_calls: list[dict[str, Any]]) -> None:
    # records as the audit forged them, handed straight to the marking (as if read unchecked)
    kind = CodingKind()
    records: list[dict[str, Any]] = [{"load": "ok"}, {"function": "banker_draws", "results": [[]]},
                                     {"function": "play", "results": "all right"}]
    mark = kind.mark_records({"seed": 7}, records, load_error=None)
    assert mark.earned == 0
    assert "banker_draws: 0 of 88 right" in mark.reason
    assert "play: its results are not in the grader's format" in mark.reason


def test_the_result_file_is_read_up_to_its_limit_only(coding_calls: list[dict[str, Any]]) -> None:
    program = ("import os\nos.write(3, b'{\"load\":\"ok\"}\\n' + b' ' * 300_000)\nos._exit(0)\n")
    done = run_program(program, coding_calls, limits=Limits(wall_seconds=3, cpu_seconds=2,
                                                            result_bytes=100_000))
    assert done.outcome == "malformed" and "more than 100000 bytes" in done.reason


def test_a_forged_notebook_scores_zero_on_the_program_only() -> None:
    paper = make_paper("third-card", "forger")
    answers = with_program(paper, forged_programs()["forge-empty-result"])
    raw = notebook_text(filled_notebook(paper, answers)).encode()
    result = grade_notebook(raw, Student("forger", "Forger"), paper, limits=FAST)
    code = next(g for g in result.grades if g.question.question_kind.is_program)
    assert code.points == 0 and code.mark.status == Status.ERROR
    assert "not in the grader's format" in code.mark.reason
    assert "a forged record" in code.mark.reason
    assert result.status == GRADED and result.total == paper.maximum - code.question.points


def test_forged_lines_are_each_a_different_shape() -> None:
    texts = [eval(expression) for expression in FORGED_LINES.values()]
    assert len(set(texts)) == len(texts)
    assert all(isinstance(t, str) and t.endswith("\n") for t in texts)
    assert json.loads(texts[0].splitlines()[0]) == {"load": "ok"}


# -- no grader failure stops the batch -------------------------------------------------------------


def _class(folder: Path, students: list[str]) -> list[Student]:
    for student in students:
        paper = make_paper("third-card", student)
        write_notebook(folder, student, filled_notebook(paper, with_program(
            paper, MODEL_PROGRAM, key_answers(paper))))
    return [Student(s, s.title()) for s in students]


def test_an_exception_while_marking_one_answer_costs_that_answer_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    roster = _class(tmp_path, ["ana", "bo", "cy"])
    original = CodingKind.mark_records
    bos = next(q.params for q in make_paper("third-card", "bo").questions if q.question_kind.is_program)

    def explode(self: CodingKind, params: Any, records: Any, **kwargs: Any) -> Any:
        if params == bos:
            raise IndexError("list index out of range")
        return original(self, params, records, **kwargs)

    monkeypatch.setattr(CodingKind, "mark_records", explode)
    book = grade_directory(tmp_path, "third-card", roster, limits=FAST, jobs=2)
    by_id = {g.student.id: g for g in book.grades}
    assert [g.student.id for g in book.grades] == ["ana", "bo", "cy"]
    assert by_id["ana"].total == by_id["cy"].total == 25
    assert (by_id["ana"].status, by_id["cy"].status) == (GRADED, GRADED)
    bo = by_id["bo"]
    assert bo.status == FAILED
    assert "the grader could not mark this answer (IndexError: list index out of range)" in bo.reason
    code = next(g for g in bo.grades if g.question.question_kind.is_program)
    assert code.points == 0 and code.mark.status == Status.ERROR
    assert bo.total == 25 - code.question.points == sum(g.points for g in bo.grades)


@pytest.mark.parametrize("error", [IndexError("boom"), AttributeError("boom"), ArithmeticError("boom"),
                                   MemoryError(), LookupError("boom"), RuntimeError("boom")])
def test_any_exception_grading_a_file_gives_a_row_and_the_batch_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception) -> None:
    roster = _class(tmp_path, ["ana", "bo"])
    original = grading._grade_submission

    def flaky(student: Student, *args: Any) -> Any:
        if student.id == "bo":
            raise error
        return original(student, *args)

    monkeypatch.setattr(grading, "_grade_submission", flaky)
    book = grade_directory(tmp_path, "third-card", roster, limits=FAST)
    ana, bo = book.grades
    assert ana.status == GRADED and ana.total == 25
    assert bo.status == FAILED and bo.total == 0
    assert bo.reason.startswith(f"the grader could not grade this file: {type(error).__name__}")


def test_an_exception_reading_a_file_gives_a_row_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    roster = _class(tmp_path, ["ana", "bo"])
    original = grading._read_file

    def unreadable(path: Path) -> Any:
        if path.stem == "bo":
            raise UnicodeError("odd file name")
        return original(path)

    monkeypatch.setattr(grading, "_read_file", unreadable)
    ana, bo = grade_directory(tmp_path, "third-card", roster, limits=FAST).grades
    assert ana.total == 25 and bo.status == FAILED and "UnicodeError: odd file name" in bo.reason
