"""The classroom: graded papers that keep their answers, one answer name per question, typed words
forgiven, the class report, the Canvas and Moodle gradebooks, printable papers, and the grader's
output checks."""

from __future__ import annotations

import ast
import csv
import html
import io
import json
import os
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from exercise_support import (
    MODEL_PROGRAM,
    class_secret,
    filled_notebook,
    key_answers,
    write_notebook,
)

from bacara_teach.cli import main
from bacara_teach.errors import NotationError
from bacara_teach.exercises import check_answer, get_kind, make_paper, self_check
from bacara_teach.exercises.grading import (
    canvas_csv,
    grade_directory,
    grade_notebook,
    gradebook_csv,
    moodle_csv,
    spreadsheet_cell,
)
from bacara_teach.exercises.notebook import answer_name, notebook_text, paper_notebook
from bacara_teach.exercises.printing import key_html, paper_html, rules_card_html
from bacara_teach.exercises.questions import AMOUNT, DRAW_OR_STAND, Question, Status
from bacara_teach.exercises.report import class_report, report_csv, report_html, table_cell
from bacara_teach.exercises.roster import Student, parse_roster
from bacara_teach.exercises.sandbox import read_records
from bacara_teach.text import language_codes

WRONG_PROGRAM = "def banker_draws(banker_total, player_third_card):\n    return False\n\n\ndef play(cards):\n    return 'punto'\n"


def wrong_value(question: Question) -> Any:
    """A well-formed answer that is not the key."""
    kind = question.question_kind
    key = kind.key(question.params)
    if isinstance(key, bool) or kind.is_program:
        raise AssertionError("not a value question")
    if isinstance(key, str) and question.kind != "settlement":
        words = getattr(kind.answer, "words", ())
        return next(w for w in words if w != key)
    if isinstance(key, int):
        return (key + 1) % 10 if question.kind == "score" else key + 1
    if question.kind == "settlement":
        return str(AMOUNT.read(key) + 1)
    if isinstance(key, dict):
        return {**key, "punto": (key["punto"] + 1) % 10}
    if isinstance(key, list):
        return list(reversed(key))
    raise AssertionError(f"no wrong answer for {question.kind}")


def answers(paper: Any, right: bool) -> dict[str, str]:
    out = {}
    for q in paper.questions:
        if q.question_kind.is_program:
            out[q.qid] = MODEL_PROGRAM if right else WRONG_PROGRAM
        else:
            value = q.question_kind.key(q.params) if right else wrong_value(q)
            out[q.qid] = f"{answer_name(q.qid)} = {value!r}"
    return out


def run_cells(notebook: dict[str, Any]) -> dict[str, str]:
    """Run the notebook's code cells in one namespace, as a kernel would; each cell's shown result."""
    space: dict[str, Any] = {}
    shown = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        if last is not None:
            tree.body.pop()
        exec(compile(tree, cell["id"], "exec"), space)
        value = None if last is None else eval(
            compile(ast.Expression(last.value), cell["id"], "eval"), space)
        shown[cell["id"]] = "" if value is None else str(value)
    return shown


# -- 1. graded papers keep their answers -----------------------------------------------------------


@pytest.mark.parametrize("name", ["scoring", "third-card", "settlement", "chemin-de-fer"])
def test_a_graded_paper_prints_the_same_for_all_right_and_all_wrong(name: str) -> None:
    paper = make_paper(name, "ana")
    right = run_cells(filled_notebook(paper, answers(paper, True)))
    wrong = run_cells(filled_notebook(paper, answers(paper, False)))
    assert right == wrong
    checks = [text for cell, text in right.items() if cell.endswith("-check")]
    assert len(checks) == len(paper.questions)
    assert all(t.startswith("SELF-CHECK (graded paper): ") for t in checks)


@pytest.mark.parametrize("name", ["scoring", "third-card", "settlement", "chemin-de-fer"])
def test_a_graded_paper_holds_no_parameters_in_its_checks(name: str) -> None:
    paper = make_paper(name, "ana")
    notebook = paper_notebook(paper)
    for q in paper.questions:
        check = "".join(next(c for c in notebook["cells"] if c["id"] == f"{q.qid}-check")["source"])
        assert "self_check" not in check and "check_answer(" in check
        for value in q.params.values():
            if isinstance(value, str) and len(value) > 3:
                assert value not in check


def test_an_unanswered_graded_check_prints_no_answer() -> None:
    paper = make_paper("third-card", "ana")
    shown = run_cells(paper_notebook(paper))
    for q in paper.questions:
        text = shown[f"{q.qid}-check"]
        assert "right answer" not in text and "draws" not in text and "stands" not in text


def test_the_form_check_refuses_a_badly_typed_answer_and_names_what_is_accepted() -> None:
    refused = check_answer("banco-cell", "hit")
    assert not refused.readable and '"draw" or "stand"' in str(refused)
    assert check_answer("banco-cell", " DRAW ").readable
    assert not check_answer("code-third-card", {}).readable
    assert check_answer("code-third-card", {"banker_draws": print, "play": print}).readable


# -- 2. one answer per question ---------------------------------------------------------------------


def test_every_answer_cell_assigns_its_own_name_and_keeps_the_metadata() -> None:
    paper = make_paper("third-card", "practice")
    notebook = paper_notebook(paper)
    for q in paper.questions:
        cell = next(c for c in notebook["cells"] if c["id"] == f"{q.qid}-answer")
        assert cell["metadata"] == {"bacara_teach": {"question": q.qid}}
        if not q.question_kind.is_program:
            assert "".join(cell["source"]).startswith(f"{answer_name(q.qid)} = None")


def test_a_practice_check_does_not_change_when_another_answer_does() -> None:
    paper = make_paper("third-card", "practice")
    first, second = paper.questions[0], paper.questions[1]
    blank = run_cells(paper_notebook(paper))
    one_answered = run_cells(filled_notebook(paper, {
        first.qid: f"{answer_name(first.qid)} = {first.question_kind.key(first.params)!r}"}))
    assert one_answered[f"{second.qid}-check"] == blank[f"{second.qid}-check"]
    assert one_answered[f"{first.qid}-check"] != blank[f"{first.qid}-check"]
    assert "right" in one_answered[f"{first.qid}-check"]


def test_a_practice_check_shows_the_answer_only_when_asked() -> None:
    params = {"total": 3, "third": 8}
    assert "stand" not in str(self_check("banco-cell", params, None))
    assert "stand" in str(self_check("banco-cell", params, None, reveal=True))


def test_an_unanswered_question_is_not_marked_on_another_answer(tmp_path: Path) -> None:
    paper = make_paper("third-card", "ana")
    q1, q2 = paper.questions[0], paper.questions[1]
    # q1 answered right, q2 left as it is: q2 must be unanswered, not marked on q1's answer
    key = q1.question_kind.key(q1.params)
    notebook = filled_notebook(paper, {q1.qid: f"{answer_name(q1.qid)} = {key!r}"})
    grade = grade_notebook(notebook_text(notebook).encode(), Student("ana", "Ana"), paper)
    by_id = {g.question.qid: g for g in grade.grades}
    assert by_id[q1.qid].mark.status == Status.RIGHT
    assert by_id[q2.qid].mark.status == Status.UNANSWERED


def test_the_grader_still_reads_todays_papers() -> None:
    paper = make_paper("third-card", "ana")
    old = {q.qid: (MODEL_PROGRAM if q.question_kind.is_program
                   else f"answer = {q.question_kind.key(q.params)!r}") for q in paper.questions}
    grade = grade_notebook(notebook_text(filled_notebook(paper, old)).encode(),
                           Student("ana", "Ana"), paper)
    assert grade.total == paper.maximum


def test_a_cell_assigning_another_questions_name_is_refused() -> None:
    paper = make_paper("scoring", "ana")
    notebook = filled_notebook(paper, {"q1": "answer_q2 = 5"})
    grade = grade_notebook(notebook_text(notebook).encode(), Student("ana", "Ana"), paper)
    assert grade.grades[0].mark.status == Status.INVALID
    assert "`answer_q1 = ...`" in grade.grades[0].mark.reason


# -- 3. answers a student can type -------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["draw", "Draw", " DRAW ", "draw.", "Robar", "róbar", "ＤＲＡＷ", "roba"])
def test_word_answers_forgive_case_spaces_and_accents(typed: str) -> None:
    assert DRAW_OR_STAND.read(typed) == "draw"


@pytest.mark.parametrize("typed", ["٢٠", "２０", "2٠"])
def test_amounts_in_other_digits_are_refused(typed: str) -> None:
    with pytest.raises(NotationError):
        AMOUNT.read(typed)


# -- 4. the class report ---------------------------------------------------------------------------------


def _class(folder: Path) -> list[Student]:
    roster = [Student(s, s.title()) for s in ("ana", "bo", "cy", "dee", "eve")]
    for number, student in enumerate(roster[:4]):
        paper = make_paper("third-card", student.id)
        chosen = answers(paper, right=number % 2 == 0)
        if number == 3:  # half right, half unanswered
            chosen = {k: v for i, (k, v) in enumerate(chosen.items()) if i % 2}
        write_notebook(folder, student.id, filled_notebook(paper, chosen))
    return roster  # eve hands nothing in


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Any:
    folder = tmp_path_factory.mktemp("class")
    return grade_directory(folder, "third-card", _class(folder))


def test_the_reports_counts_equal_a_recount_from_the_gradebook(graded: Any) -> None:
    rows = list(csv.DictReader(io.StringIO(gradebook_csv(graded))))
    handed = [r for r in rows if r["status"] in ("graded", "grading-error")]
    report = class_report(graded)
    assert report.handed_in == len(handed) == 4 and report.not_handed_in == 1
    maximum = {q.qid: q.points for q in make_paper("third-card", "practice").questions}
    for tally in report.questions:
        points = [float(r[tally.label]) for r in handed]
        assert tally.asked == len(points)
        assert tally.right == sum(p == maximum[tally.label] for p in points)
        assert tally.partly == sum(0 < p < maximum[tally.label] for p in points)
        assert tally.wrong + tally.unreadable + tally.unanswered == sum(p == 0 for p in points)
    kinds = {q.kind for q in make_paper("third-card", "practice").questions}
    assert len(report.kinds) == len(kinds)
    by_kind = {t.label.rsplit("(", 1)[1].rstrip(")"): t for t in report.kinds}
    for kind in kinds:
        qids = [q.qid for q in make_paper("third-card", "practice").questions if q.kind == kind]
        assert by_kind[kind].right == sum(
            float(r[q]) == maximum[q] for r in handed for q in qids)


def test_the_report_lists_common_wrong_answers_and_a_mastery_map(graded: Any) -> None:
    report = class_report(graded)
    banco = next(t for t in report.kinds if "(banco-cell)" in t.label)
    assert banco.common() and all(answer in ("'draw'", "'stand'") for answer, _ in banco.common())
    cells = report.cells
    assert cells and all(key[0] == "punto-banco" for key in cells)
    asked = sum(t.asked for t in cells.values())
    handed = [g for g in graded.grades if g.status in ("graded", "grading-error")]
    assert asked == sum(table_cell(q.question) is not None for g in handed for q in g.grades)
    right = sum(t.right for t in cells.values())
    assert right == sum(q.mark.earned == 1 for g in handed for q in g.grades
                        if table_cell(q.question) is not None)
    page = report_html(report)
    assert "<script" not in page and "http" not in page
    assert page.count("class=\"map\"") == 2
    rows = list(csv.reader(io.StringIO(report_csv(report))))
    assert rows[0][:3] == ["section", "group", "asked"]
    assert {r[0] for r in rows[1:]} == {"kind", "question", "cell"}


def test_table_cells_of_both_games() -> None:
    assert table_cell(Question(qid="q1", kind="cdf-cell", points=1,
                               params={"bettors": 2, "hand": "banker", "total": 5, "third": 6})) \
        == ("chemin-de-fer", "banker", 5, 6)


# -- 5. gradebooks an LMS imports ---------------------------------------------------------------------------


def test_the_canvas_gradebook_has_canvass_import_columns(graded: Any) -> None:
    rows = list(csv.reader(io.StringIO(canvas_csv(graded))))
    assert rows[0][:5] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
    assert len(rows[0]) == 6 and "third-card" in rows[0][5]
    assert rows[1] == ["Points Possible", "", "", "", "", "25"]
    book = {r["id"]: r for r in csv.DictReader(io.StringIO(gradebook_csv(graded)))}
    for row in rows[2:]:
        assert row[2] == row[3] and row[5] == book[row[2]]["total"]
    assert len(rows) == 2 + len(graded.grades)


def test_the_moodle_gradebook_has_an_identifier_a_grade_and_feedback(graded: Any) -> None:
    rows = list(csv.DictReader(io.StringIO(moodle_csv(graded))))
    assert list(rows[0])[:2] == ["ID number", "Full name"] and list(rows[0])[3:] == ["Maximum", "Feedback"]
    grade_column = list(rows[0])[2]
    book = {r["id"]: r for r in csv.DictReader(io.StringIO(gradebook_csv(graded)))}
    assert all(r[grade_column] == book[r["ID number"]]["total"] and r["Maximum"] == "25" for r in rows)


# -- 6. paper for those who print -------------------------------------------------------------------------


def test_a_printed_paper_holds_no_answer_and_the_key_holds_them_all() -> None:
    paper = make_paper("third-card", "ana")
    page = paper_html(paper)
    key = key_html(paper.assignment, [Student("ana", "Ana")])
    for q in paper.questions:
        kind = q.question_kind
        assert html.escape(kind.key_text(q.params)) in key
    assert "answer-box" in page and "@media print" in page
    assert "<script" not in page + key and "src=" not in page + key


@pytest.mark.parametrize("lang", language_codes())
def test_the_rules_card_shows_both_tables_from_the_engine(lang: str) -> None:
    from bacara_teach.charts import tableau_html
    from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO

    card = rules_card_html(lang)
    assert tableau_html(PUNTO_BANCO, lang) in card and tableau_html(CHEMIN_DE_FER, lang) in card
    assert f'lang="{lang}"' in card


def test_assignment_print_writes_papers_key_and_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\nana,Ana\nbo,Bo\n", encoding="utf-8")
    class_secret(roster)
    out = tmp_path / "print"
    assert main(["assignment", "print", "scoring", "--roster", str(roster), "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "ana.html", "bo.html", "key.html", *sorted(f"rules-card.{lang}.html" for lang in language_codes())]
    assert main(["assignment", "print", "scoring", "--roster", str(roster), "--out", str(out)]) == 2
    assert "use --force" in capsys.readouterr().err


# -- 8. grader faults -------------------------------------------------------------------------------------------


def _grade_args(tmp_path: Path, *extra: str) -> list[str]:
    folder = tmp_path / "handed-in"
    folder.mkdir(exist_ok=True)
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\nana,Ana\n", encoding="utf-8")
    paper = make_paper("scoring", "ana", secret=class_secret(roster))
    write_notebook(folder, "ana", filled_notebook(paper, key_answers(paper)))
    return ["grade", str(folder), "--assignment", "scoring", "--roster", str(roster), *extra]


def _written(tmp_path: Path) -> set[str]:
    return {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")}


def test_grade_out_naming_a_folder_is_refused_before_anything_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = _grade_args(tmp_path)
    (tmp_path / "results").mkdir()
    before = _written(tmp_path)
    assert main([*args, "--out", str(tmp_path / "results")]) == 2
    assert "is a folder" in capsys.readouterr().err
    assert _written(tmp_path) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_grade_out_in_an_unwritable_place_is_refused_before_anything_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = _grade_args(tmp_path)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    before = _written(tmp_path)
    try:
        assert main([*args, "--out", str(locked / "book.csv")]) == 2
    finally:
        locked.chmod(0o700)
    assert "cannot be written" in capsys.readouterr().err
    assert _written(tmp_path) == before


@pytest.mark.parametrize("option", ["--out", "--report", "--feedback"])
def test_a_place_under_a_file_is_refused_before_anything_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str) -> None:
    args = _grade_args(tmp_path)
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    place = str(tmp_path / "notes.txt" / "inside.html")
    extra = [option, place] if option != "--out" else []
    out = place if option == "--out" else str(tmp_path / "book.csv")
    before = _written(tmp_path)
    assert main([*args, "--out", out, *extra]) == 2
    assert "cannot be written" in capsys.readouterr().err
    assert _written(tmp_path) == before


def test_a_feedback_folder_that_is_a_file_is_refused_before_anything_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = _grade_args(tmp_path)
    (tmp_path / "notes").write_text("mine", encoding="utf-8")
    before = _written(tmp_path)
    assert main([*args, "--out", str(tmp_path / "book.csv"), "--feedback", str(tmp_path / "notes")]) == 2
    assert "is a file" in capsys.readouterr().err
    assert _written(tmp_path) == before


def test_grade_writes_only_where_asked_in_the_chosen_format(tmp_path: Path) -> None:
    args = _grade_args(tmp_path)
    out = tmp_path / "out"
    before = _written(tmp_path)
    assert main([*args, "--out", str(out / "book.csv"), "--format", "canvas",
                 "--feedback", str(out / "fb"), "--report", str(out / "class.html")]) == 0
    new = _written(tmp_path) - before
    assert new == {"out", "out/book.csv", "out/fb", "out/fb/ana.md", "out/fb/.bacara-feedback",
                   "out/class.html", "out/class.csv"}
    assert (out / "book.csv").read_text(encoding="utf-8").startswith("Student,ID,SIS User ID")


def test_a_file_name_with_escape_codes_is_printed_safely(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = _grade_args(tmp_path)
    (tmp_path / "handed-in" / "\x1b[2Jevil\x07.ipynb").write_text("{}", encoding="utf-8")
    assert main([*args, "--out", str(tmp_path / "book.csv")]) == 0
    printed = capsys.readouterr()
    assert "\x1b" not in printed.out + printed.err and "\x07" not in printed.out + printed.err
    assert "\\x1b[2Jevil\\x07.ipynb" in printed.out


@pytest.mark.parametrize(("student_id", "why"), [
    ("feedback", "is reserved: it names the folder of the feedback files"),
    ("CON", "is reserved: Windows gives this name to a device"),
    ("lpt1.txt", "is reserved: Windows gives this name to a device"),
    ("practice", "is reserved: it names the practice papers"),
])
def test_reserved_ids_are_refused_with_the_reason(student_id: str, why: str) -> None:
    with pytest.raises(NotationError, match=why):
        parse_roster(f"id,name\n{student_id},Someone\n")


@pytest.mark.parametrize("text", ["=1+1", "+1", "-1", "@SUM(1)", "\uff1dHYPERLINK(\"x\")", "\uff0b1",
                                  "\uff0d1", "\uff20A1", " =1"])
def test_formula_escaping_covers_the_full_width_signs(text: str) -> None:
    assert spreadsheet_cell(text).startswith("'")


def test_a_well_formed_forged_file_scores_zero() -> None:
    # what a program could write by itself: the harness's shape, every result True
    calls = [{"function": "banker_draws", "args": [[3, 8], [6, 6]]}]
    forged = ('{"load": "ok"}\n{"function": "banker_draws", "results": [["ok", true], ["ok", true]]}\n')
    assert read_records(forged.encode(), calls).malformed is None  # the shape alone passes
    refused = read_records(forged.encode(), calls, seal="3f2a")
    assert refused.malformed == "line 1 was not written by the harness (a forged record)"


@pytest.mark.parametrize("how", ["fd", "frames"])
def test_a_program_writing_well_formed_records_scores_zero(how: str) -> None:
    from bacara_teach.exercises.kinds_coding import CodingKind
    from bacara_teach.exercises.sandbox import Limits, isolation_missing, run_program

    missing = isolation_missing()
    if missing:
        pytest.skip(missing)
    calls = CodingKind().calls({"seed": 7})
    lines = json.dumps({"load": "ok"}) + "\n" + "".join(
        json.dumps({"function": c["function"], "results": [["ok", True]] * len(c["args"])}) + "\n"
        for c in calls)
    if how == "fd":
        program = f"import os\nos.write(3, {lines!r}.encode())\nos._exit(0)\n"
    else:
        program = ("import sys, os\nframe = sys._getframe()\n"
                   "while frame is not None and 'out' not in frame.f_locals:\n    frame = frame.f_back\n"
                   f"frame.f_locals['out'].write({lines!r})\nframe.f_locals['out'].flush()\nos._exit(0)\n")
    run = run_program(program, calls, limits=Limits(wall_seconds=5, cpu_seconds=3))
    assert run.outcome == "malformed" and "forged record" in run.reason


def test_long_messages_in_one_function_do_not_lose_the_next_ones_results() -> None:
    from bacara_teach.exercises.kinds_coding import CodingKind
    from bacara_teach.exercises.sandbox import Limits, isolation_missing, run_program

    missing = isolation_missing()
    if missing:
        pytest.skip(missing)
    calls = CodingKind().calls({"seed": 7})
    loud = MODEL_PROGRAM.replace(
        "def banker_draws(banker_total, player_third_card):\n    return _banco_rule(banker_total, player_third_card)",
        "def banker_draws(banker_total, player_third_card):\n    raise ValueError('\\U0001F600' * 300)")
    assert loud != MODEL_PROGRAM
    # banker_draws's 88 messages alone (about 316 kB of escaped text) would fill this file limit
    run = run_program(loud, calls, limits=Limits(wall_seconds=10, cpu_seconds=5, file_bytes=250_000))
    assert run.outcome == "finished", run.reason
    mark = CodingKind().mark_records({"seed": 7}, run.records, load_error=run.load_error)
    assert mark.earned == Fraction(1, 2)


def test_assignment_list_describes_each_group_distinctly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["assignment", "list"]) == 0
    lines = [line.strip() for line in capsys.readouterr().out.splitlines() if line.startswith("  ")]
    assert len(lines) == len(set(lines))
    assert any("at the casino table" in line for line in lines)
    assert get_kind("settlement").options_text({"table": "online"}, "es") == "en la mesa en línea"

