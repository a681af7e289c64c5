"""``bacara-teach assignment ...`` and ``bacara-teach grade``: the teacher's workflow end to end."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from exercise_support import class_secret, filled_notebook, key_answers, write_notebook

from bacara_teach.cli import main
from bacara_teach.exercises import ASSIGNMENTS, make_paper
from bacara_teach.exercises.roster import parse_roster, read_roster
from bacara_teach.exercises.secret import secret_check


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def roster(tmp_path: Path) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text("id,name\nana,Ana García\nbo,Bo Li\ncy,Cy Twombly\n", encoding="utf-8")
    return path


def test_assignment_list_names_every_assignment_with_its_points(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "assignment", "list")
    assert code == 0
    for spec in ASSIGNMENTS.values():
        assert f"{spec.name}: {spec.title} ({spec.question_count} questions, {spec.maximum} points)" in out


def test_make_writes_one_notebook_per_student_with_their_own_paper(
        capsys: pytest.CaptureFixture[str], roster: Path, tmp_path: Path) -> None:
    out = tmp_path / "papers"
    code, printed, _ = run(capsys, "assignment", "make", "third-card", "--roster", str(roster), "--out", str(out))
    assert code == 0 and "wrote 3 notebooks" in printed
    assert sorted(p.name for p in out.iterdir()) == ["ana.ipynb", "bo.ipynb", "cy.ipynb"]
    ana = json.loads((out / "ana.ipynb").read_text(encoding="utf-8"))
    secret = class_secret(roster)
    assert ana["metadata"]["bacara_teach"] == {"assignment": "third-card", "format": 2, "student_id": "ana",
                                               "secret_check": secret_check(secret)}
    checks = ["".join(c["source"]) for c in ana["cells"] if c["id"].endswith("-check")]
    assert len(checks) == len(make_paper("third-card", "ana", secret=secret).questions)


def test_make_refuses_to_overwrite_and_writes_nothing(
        capsys: pytest.CaptureFixture[str], roster: Path, tmp_path: Path) -> None:
    out = tmp_path / "papers"
    out.mkdir()
    (out / "bo.ipynb").write_text("my work", encoding="utf-8")
    code, _, err = run(capsys, "assignment", "make", "scoring", "--roster", str(roster), "--out", str(out))
    assert code == 2 and "already in" in err and "--force" in err
    assert sorted(p.name for p in out.iterdir()) == ["bo.ipynb"]
    assert (out / "bo.ipynb").read_text(encoding="utf-8") == "my work"


@pytest.mark.parametrize(("text", "message"), [
    ("id,name\nana,Ana\nana,Ana again\n", "line 3: duplicate student id 'ana'"),
    ("id,name\nAna,Ana\nana,Ana again\n", "duplicate student id 'ana'"),
    ("id,name\n,Nobody\n", "line 2: the student id is empty"),
    ("id,name\n../../etc/x,Evil\n", "invalid student id '../../etc/x'"),
    ("id,name\nana b,Spaces\n", "invalid student id 'ana b'"),
    ("id,name\ncon,Reserved\n", "student id 'con' is reserved"),
    ("student,name\nana,Ana\n", "expected the columns 'id' and 'name'"),
    ("id,name\n", "lists no students"),
    ("", "is empty"),
])
def test_make_refuses_a_bad_roster_and_writes_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "roster.csv"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "papers"
    code, _, err = run(capsys, "assignment", "make", "scoring", "--roster", str(path), "--out", str(out))
    assert code == 2 and message in err
    assert not out.exists()


def test_roster_reads_a_byte_order_mark_and_extra_columns() -> None:
    students = parse_roster("\ufeffName,ID,email\nAna García,ana,a@x\n")
    assert [(s.id, s.name) for s in students] == [("ana", "Ana García")]


def test_a_missing_roster_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not found: expected a CSV file with columns id,name"):
        read_roster(tmp_path / "nope.csv")


def test_unknown_assignment_is_refused_with_the_list(capsys: pytest.CaptureFixture[str], roster: Path,
                                                     tmp_path: Path) -> None:
    code, _, err = run(capsys, "assignment", "make", "poker", "--roster", str(roster), "--out", str(tmp_path))
    assert code == 2 and "unknown assignment 'poker': expected one of" in err and "third-card" in err


def test_key_lists_every_student_and_question_with_the_engines_answer(
        capsys: pytest.CaptureFixture[str], roster: Path, tmp_path: Path) -> None:
    key = tmp_path / "key.csv"
    secret = class_secret(roster)
    code, _, _ = run(capsys, "assignment", "key", "third-card", "--roster", str(roster), "--out", str(key))
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(key.read_text(encoding="utf-8"))))
    paper = make_paper("third-card", "bo", secret=secret)
    assert len(rows) == 3 * len(paper.questions)
    bo = {r["question"]: r for r in rows if r["id"] == "bo"}
    for q in paper.questions:
        assert bo[q.qid]["kind"] == q.kind and bo[q.qid]["points"] == str(q.points)
        if not q.question_kind.is_program:
            assert bo[q.qid]["key"] == repr(q.question_kind.key(q.params))


def test_grade_writes_the_gradebook_and_feedback_and_reports(
        capsys: pytest.CaptureFixture[str], roster: Path, tmp_path: Path) -> None:
    folder = tmp_path / "handed-in"
    folder.mkdir()
    paper = make_paper("scoring", "ana", secret=class_secret(roster))
    write_notebook(folder, "ana", filled_notebook(paper, key_answers(paper)))
    write_notebook(folder, "cy", b"\x00\x01")
    gradebook = tmp_path / "out" / "gradebook.csv"
    code, out, _ = run(capsys, "grade", str(folder), "--assignment", "scoring", "--roster", str(roster),
                       "--out", str(gradebook))
    assert code == 0 and "3 students" in out
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(gradebook.read_text(encoding="utf-8")))}
    assert rows["ana"]["total"] == rows["ana"]["maximum"] == "8"
    assert (rows["bo"]["status"], rows["bo"]["total"]) == ("missing", "0")
    assert rows["cy"]["status"] == "unreadable"
    assert sorted(p.name for p in (gradebook.parent / "feedback").iterdir()) == [
        ".bacara-feedback", "ana.md", "bo.md", "cy.md"]


def test_grade_refuses_a_missing_folder(capsys: pytest.CaptureFixture[str], roster: Path, tmp_path: Path) -> None:
    code, _, err = run(capsys, "grade", str(tmp_path / "nope"), "--assignment", "scoring", "--roster",
                       str(roster), "--out", str(tmp_path / "g.csv"))
    assert code == 2 and "not found" in err
    assert not (tmp_path / "g.csv").exists()


def test_practice_writes_every_assignment(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = run(capsys, "assignment", "practice", "--out", str(tmp_path))
    assert code == 0
    assert sorted(p.stem for p in tmp_path.glob("*.ipynb")) == sorted(ASSIGNMENTS)


def test_grade_warns_when_this_machine_cannot_run_programs(
        capsys: pytest.CaptureFixture[str], roster: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bacara_teach.exercises import sandbox

    monkeypatch.setattr(sandbox, "isolation", lambda: sandbox.Isolation(
        landlock_abi=0, seccomp=False, as_root=False, unshare=None))
    handed_in = tmp_path / "handed-in"
    handed_in.mkdir()
    paper = make_paper("third-card", "ana", secret=class_secret(roster))
    write_notebook(handed_in, "ana", filled_notebook(paper, key_answers(paper)))
    out = tmp_path / "gradebook.csv"
    code, printed, errors = run(capsys, "grade", str(handed_in), "--assignment", "third-card",
                                "--roster", str(roster), "--out", str(out))
    assert code == 0 and "graded 'third-card' for 3 students" in printed
    assert re.search(r"^bacara-teach: notice: .*missing: file isolation \(Linux Landlock\)",
                     errors, flags=re.MULTILINE)
    ana = next(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    program = next(q for q in paper.questions if q.question_kind.is_program)
    assert ana[program.qid] == "0" and ana["total"] == str(paper.maximum - program.points)
    feedback = (tmp_path / "feedback" / "ana.md").read_text(encoding="utf-8")
    assert "the program was not run: this machine cannot confine" in feedback
