"""Handed-in files that are not notebooks of a sane size: each scores 0 with its reason, at once.

A named pipe with no writer (it must not block the batch), a device, a link to a device, a
folder and a 10 GB sparse file, each handed in as ``<id>.ipynb``: the batch goes on, the
student's row says why, and nothing is read from any of them.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from exercise_support import filled_notebook, key_answers, write_notebook

from bacara_teach.cli import main
from bacara_teach.exercises import make_paper
from bacara_teach.exercises.grading import UNREADABLE, grade_directory
from bacara_teach.exercises.roster import Student
from bacara_teach.exercises.secret import create_secret, default_secret_path

STUDENTS = ("good", "pipe", "device", "folder", "sparse")


@pytest.fixture(autouse=True)
def _never_block() -> Iterator[None]:
    def stuck(*_: object) -> None:
        raise AssertionError("the grader waited on a handed-in file")

    previous = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(120)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _hand_in(folder: Path, secret: bytes | None = None) -> None:
    folder.mkdir()
    paper = make_paper("scoring", "good", secret=secret)
    write_notebook(folder, "good", filled_notebook(paper, key_answers(paper)))
    os.mkfifo(folder / "pipe.ipynb")
    (folder / "device.ipynb").symlink_to("/dev/zero")
    (folder / "folder.ipynb").mkdir()
    with (folder / "sparse.ipynb").open("wb") as handle:
        handle.truncate(10 * 1024 ** 3)


@pytest.mark.parametrize("lang", ["en", "es"])  # the wording of these two, as written
def test_files_that_are_not_notebooks_of_a_sane_size_score_zero_with_their_reason(
        tmp_path: Path, lang: str) -> None:
    folder = tmp_path / "handed-in"
    _hand_in(folder)
    roster = [Student(name, name.title()) for name in STUDENTS]
    book = grade_directory(folder, "scoring", roster, lang=lang)
    rows = {grade.student.id: grade for grade in book.grades}
    assert rows["good"].total == make_paper("scoring", "good").maximum
    not_a_file = {"en": "is not a regular file", "es": "no es un archivo normal"}[lang]
    for name in ("pipe", "device", "folder"):
        assert rows[name].status == UNREADABLE and rows[name].total == 0
        assert f"{name}.ipynb" in rows[name].reason and not_a_file in rows[name].reason
    larger = {"en": "sparse.ipynb is larger than 20 MB", "es": "sparse.ipynb ocupa más de 20 MB"}
    assert rows["sparse"].status == UNREADABLE and rows["sparse"].total == 0
    assert larger[lang] in rows["sparse"].reason


def test_the_grade_command_goes_through_such_a_batch(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "handed-in"
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\n" + "".join(f"{n},{n}\n" for n in STUDENTS), encoding="utf-8")
    _hand_in(folder, create_secret(default_secret_path(roster)))
    assert main(["grade", str(folder), "--assignment", "scoring", "--roster", str(roster),
                 "--out", str(tmp_path / "book.csv")]) == 0
    out = capsys.readouterr().out
    assert "graded 'scoring' for 5 students (1 graded, 4 unreadable)" in out
