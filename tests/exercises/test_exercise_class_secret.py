"""The class secret: a student who holds their paper, this package and their id still cannot
compute their key; a grader without the papers' secret refuses, and writes nothing."""

from __future__ import annotations

import csv
import io
import json
import stat
from pathlib import Path

import pytest
from exercise_support import filled_notebook, key_answers, write_notebook

from bacara_teach.cli import main
from bacara_teach.exercises import ASSIGNMENTS, make_paper
from bacara_teach.exercises.assignments import variant_seed
from bacara_teach.exercises.notebook import paper_notebook
from bacara_teach.exercises.practice import PRACTICE_ID, practice_text
from bacara_teach.exercises.secret import (
    create_secret,
    default_secret_path,
    read_secret,
    secret_check,
)

IDS = ("ana", "bo", "cy", "dee")
REPOSITORY = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def roster_in(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    roster = folder / "roster.csv"
    roster.write_text("id,name\n" + "".join(f"{i},{i.title()}\n" for i in IDS), encoding="utf-8")
    return roster


def key_rows(path: Path) -> list[tuple[str, str, str]]:
    rows = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8")))
    return [(r["id"], r["question"], r["key"]) for r in rows]


def written(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def teacher(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A teacher's class: roster, notebooks made with ``assignment make`` and the key."""
    roster = roster_in(tmp_path / "class")
    code, out, _ = run(capsys, "assignment", "make", "third-card", "--roster", str(roster), "--out",
                       str(tmp_path / "papers"))
    assert code == 0 and "made the class secret" in out and "never hand it out" in out
    code, _, _ = run(capsys, "assignment", "key", "third-card", "--roster", str(roster), "--out",
                     str(tmp_path / "key.csv"))
    assert code == 0
    return roster


def test_make_writes_the_secret_beside_the_roster_for_its_owner_only(teacher: Path) -> None:
    path = default_secret_path(teacher)
    assert path.name == "roster.csv.secret"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    text = path.read_text(encoding="ascii")
    assert len(text.strip()) == 64 and int(text, 16) >= 0
    assert sorted(p.name for p in path.parent.iterdir()) == ["roster.csv", "roster.csv.secret"]  # no temporary left


def test_making_again_keeps_the_secret(teacher: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    before = default_secret_path(teacher).read_bytes()
    first = (tmp_path / "papers" / "ana.ipynb").read_bytes()
    code, out, _ = run(capsys, "assignment", "make", "third-card", "--roster", str(teacher), "--out",
                       str(tmp_path / "papers"), "--force")
    assert code == 0 and "made the class secret" not in out
    assert default_secret_path(teacher).read_bytes() == before
    assert (tmp_path / "papers" / "ana.ipynb").read_bytes() == first


def test_the_paper_the_package_and_the_id_do_not_give_the_key(teacher: Path, tmp_path: Path) -> None:
    teachers_key = key_rows(tmp_path / "key.csv")
    secret = read_secret(default_secret_path(teacher))
    notebook = (tmp_path / "papers" / "ana.ipynb").read_text(encoding="utf-8")
    assert secret.hex() not in notebook.lower() and secret_check(secret) in notebook
    for student in IDS:
        public = make_paper("third-card", student)  # what the paper's own kernel can deal
        graded = make_paper("third-card", student, secret=secret)
        assert public.questions != graded.questions
        assert [(student, q, str(v)) for q, v in public.key().items()] != [
            row for row in teachers_key if row[0] == student]
        assert all(variant_seed("third-card", student, i) != variant_seed("third-card", student, i, secret)
                   for i in range(len(graded.assignment.items)))
    # the graded paper's notebook is the one the teacher's secret deals
    assert json.loads(notebook)["cells"] == paper_notebook(make_paper("third-card", "ana", secret=secret))["cells"]


def test_a_students_own_roster_with_the_same_ids_gives_another_key(
        teacher: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    student = roster_in(tmp_path / "student")
    code, _, err = run(capsys, "assignment", "key", "third-card", "--roster", str(student), "--out",
                       str(tmp_path / "student" / "key.csv"))
    assert code == 2 and repr(str(default_secret_path(student))) in err and "--secret" in err
    assert not (tmp_path / "student" / "key.csv").exists()
    code, _, _ = run(capsys, "assignment", "make", "third-card", "--roster", str(student), "--out",
                     str(tmp_path / "student" / "papers"))
    assert code == 0
    code, _, _ = run(capsys, "assignment", "key", "third-card", "--roster", str(student), "--out",
                     str(tmp_path / "student" / "key.csv"))
    assert code == 0
    theirs, ours = key_rows(tmp_path / "student" / "key.csv"), key_rows(tmp_path / "key.csv")
    assert len(theirs) == len(ours) and theirs != ours
    for name in IDS:  # every student's paper differs, not only some
        assert [r for r in theirs if r[0] == name] != [r for r in ours if r[0] == name]


def _hand_in(teacher: Path, folder: Path) -> None:
    secret = read_secret(default_secret_path(teacher))
    folder.mkdir(exist_ok=True)
    for student in IDS[:3]:
        paper = make_paper("third-card", student, secret=secret)
        write_notebook(folder, student, filled_notebook(paper, key_answers(paper, named=True)))


def test_grade_with_the_right_secret_marks_every_answer(
        teacher: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _hand_in(teacher, tmp_path / "handed-in")
    out = tmp_path / "out" / "book.csv"
    code, _, err = run(capsys, "grade", str(tmp_path / "handed-in"), "--assignment", "third-card", "--roster",
                       str(teacher), "--out", str(out))
    assert code == 0, err
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(out.read_text(encoding="utf-8")))}
    assert [rows[s]["total"] for s in IDS] == ["25", "25", "25", "0"]


@pytest.mark.parametrize("which", ["another-class", "made-without-one"])
def test_a_wrong_secret_is_refused_and_nothing_is_written(
        teacher: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], which: str) -> None:
    folder = tmp_path / "handed-in"
    if which == "another-class":
        _hand_in(teacher, folder)
        other = create_secret(tmp_path / "other" / "roster.csv.secret")
        assert other != read_secret(default_secret_path(teacher))
        extra = ["--secret", str(tmp_path / "other" / "roster.csv.secret")]
        named = tmp_path / "other" / "roster.csv.secret"
    else:  # papers dealt without a secret (the public ones) handed in to a class that has one
        folder.mkdir()
        for student in IDS:
            paper = make_paper("third-card", student)
            write_notebook(folder, student, filled_notebook(paper, key_answers(paper, named=True)))
        extra, named = [], default_secret_path(teacher)
    before = written(tmp_path)
    code, out, err = run(capsys, "grade", str(folder), "--assignment", "third-card", "--roster", str(teacher),
                         "--out", str(tmp_path / "out" / "book.csv"), *extra)
    assert code == 2 and not out
    assert repr(str(named)) in err and "--secret FILE" in err and "nothing was graded or written" in err
    assert written(tmp_path) == before


@pytest.mark.parametrize("command", ["key", "print", "grade"])
def test_a_missing_secret_is_refused_naming_its_file(
        teacher: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    _hand_in(teacher, tmp_path / "handed-in")
    default_secret_path(teacher).unlink()
    before = written(tmp_path)
    out = str(tmp_path / "out" / ("book.csv" if command != "print" else "pages"))
    argv = (["grade", str(tmp_path / "handed-in"), "--assignment", "third-card"] if command == "grade"
            else ["assignment", command, "third-card"])
    code, printed, err = run(capsys, *argv, "--roster", str(teacher), "--out", out)
    assert code == 2 and not printed
    assert f"no class secret at {str(default_secret_path(teacher))!r}" in err and "--secret FILE" in err
    assert written(tmp_path) == before


def test_a_file_that_is_not_a_secret_is_refused(
        teacher: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.secret").write_text("1234\n", encoding="ascii")
    code, _, err = run(capsys, "assignment", "key", "third-card", "--roster", str(teacher), "--out",
                       str(tmp_path / "k.csv"), "--secret", str(tmp_path / "bad.secret"))
    assert code == 2 and "is not a class secret: expected 64 hexadecimal digits" in err
    code, _, err = run(capsys, "assignment", "make", "third-card", "--roster", str(teacher), "--out",
                       str(tmp_path / "p2"), "--secret", str(tmp_path / "bad.secret"))
    assert code == 2 and not (tmp_path / "p2").exists()


def test_the_secret_option_names_another_file_for_every_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    roster = roster_in(tmp_path / "class")
    secret_file = tmp_path / "vault" / "term1.secret"
    option = ["--roster", str(roster), "--secret", str(secret_file)]
    code, out, _ = run(capsys, "assignment", "make", "scoring", *option, "--out", str(tmp_path / "papers"))
    assert code == 0 and str(secret_file) in out
    assert not default_secret_path(roster).exists()
    assert stat.S_IMODE(secret_file.stat().st_mode) == 0o600
    secret = read_secret(secret_file)
    assert run(capsys, "assignment", "key", "scoring", *option, "--out", str(tmp_path / "key.csv"))[0] == 0
    assert key_rows(tmp_path / "key.csv") == [
        (s, q, repr(v)) for s in IDS for q, v in make_paper("scoring", s, secret=secret).key().items()]
    assert run(capsys, "assignment", "print", "scoring", *option, "--out", str(tmp_path / "print"))[0] == 0
    page = (tmp_path / "print" / "bo.html").read_text(encoding="utf-8")
    assert secret_check(secret) in page and secret.hex() not in page
    cards = make_paper("scoring", "bo", secret=secret).questions[0].params["cards"]
    assert cards in page
    folder = tmp_path / "handed-in"
    folder.mkdir()
    paper = make_paper("scoring", "cy", secret=secret)
    write_notebook(folder, "cy", filled_notebook(paper, key_answers(paper, named=True)))
    code, _, err = run(capsys, "grade", str(folder), "--assignment", "scoring", *option,
                       "--out", str(tmp_path / "book.csv"))
    assert code == 0, err
    rows = {r["id"]: r["total"] for r in csv.DictReader(io.StringIO((tmp_path / "book.csv").read_text("utf-8")))}
    assert rows == {"ana": "0", "bo": "0", "cy": "8", "dee": "0"}


def test_the_practice_papers_need_no_secret_and_stay_the_same(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "assignment", "practice", "--out", str(tmp_path))
    assert code == 0
    assert not list(tmp_path.glob("*.secret"))
    for name in ASSIGNMENTS:
        text = (tmp_path / f"{name}.ipynb").read_text(encoding="utf-8")
        assert text == (REPOSITORY / "exercises" / f"{name}.ipynb").read_text(encoding="utf-8")
        assert text == practice_text(name) and "secret_check" not in text
        assert make_paper(name, PRACTICE_ID) == make_paper(name, PRACTICE_ID)


def test_the_refusal_and_the_summary_read_in_spanish(
        teacher: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _hand_in(teacher, tmp_path / "handed-in")
    (tmp_path / "handed-in" / "dee.ipynb").write_bytes(b"\x00\x1b[2J")
    out = str(tmp_path / "out" / "book.csv")
    code, printed, _ = run(capsys, "--lang", "es", "grade", str(tmp_path / "handed-in"), "--assignment",
                           "third-card", "--roster", str(teacher), "--out", out)
    assert code == 0
    assert "no se pudo leer o corregir por completo: dee: el archivo no es un cuaderno" in printed
    default_secret_path(teacher).unlink()
    code, _, err = run(capsys, "--lang", "es", "assignment", "key", "third-card", "--roster", str(teacher),
                       "--out", str(tmp_path / "k.csv"))
    assert code == 2
    assert f"no hay secreto de la clase en {str(default_secret_path(teacher))!r}" in err
    assert "--secret ARCHIVO" in err


def test_make_keeps_the_secret_out_of_the_folder_handed_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    roster = roster_in(tmp_path / "class")
    papers = tmp_path / "papers"
    code, _, err = run(capsys, "assignment", "make", "scoring", "--roster", str(roster), "--out", str(papers),
                       "--secret", str(papers / "class.secret"))
    assert code == 2 and "the folder handed out" in err
    assert not papers.exists() and not default_secret_path(roster).exists()
