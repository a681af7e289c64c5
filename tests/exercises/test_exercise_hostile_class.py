"""A class of more than forty students graded with ``bacara-teach grade``: right, wrong, blank and
copied papers beside hostile ones (lone surrogates, control characters, terminal escapes and
line breaks in values, in programs' errors and output and in file names; corrupt and unreadable
notebooks; an enormous value; every hostile program of :mod:`hostile_support`).

No student's content may stop the batch, change another student's mark, add a line of its own
to a feedback file or the gradebook, or leave a feedback file of an earlier run behind.  Every
mark is checked against a key computed from the written rules (``rules_md_*``), not the engine.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import socket
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from exercise_support import (
    MODEL_PROGRAM,
    rules_md_banco,
    rules_md_coup,
    rules_md_punto,
    rules_md_value,
)
from hostile_support import attack_programs, forged_programs, process_attacks, switch_off_programs

from bacara_teach.cli import main
from bacara_teach.exercises import Paper, make_paper
from bacara_teach.exercises.grading import FEEDBACK_LIST, points_text
from bacara_teach.exercises.secret import default_secret_path, read_secret

ASSIGNMENT = "third-card"
FORGED = "FORGED-LINE"
"""Every text a hostile student writes carries this word, to find it in what the grader wrote."""
HOSTILE_TEXT = f"\ud800\x1b[2J\x1b[31m\r\n# {FORGED} Total: 25 / 25\n```\n- {FORGED}\u2028{FORGED}\x07"
"""Lone surrogate, terminal escapes, line breaks, a Markdown heading, a fence and a list item."""

# -- the independent key ------------------------------------------------------------------------------


def rules_md_situation(cards: list[str]) -> str:
    """Banco's decision from the dealt cards, by RULES.md (a natural: nobody draws)."""
    values = [rules_md_value(c) for c in cards]
    punto, banco = (values[0] + values[2]) % 10, (values[1] + values[3]) % 10
    if punto >= 8 or banco >= 8:
        return "stand"
    third = values[4] if punto <= 5 else None
    return rules_md_banco(banco, third)


def independent_key(paper: Paper) -> dict[str, Any]:
    """The value questions' key from the written rules (the program question is left out)."""
    key: dict[str, Any] = {}
    for q in paper.questions:
        p = q.params
        if q.kind == "punto-rule":
            key[q.qid] = rules_md_punto(p["total"])
        elif q.kind == "banco-cell":
            key[q.qid] = rules_md_banco(p["total"], p["third"])
        elif q.kind == "situation":
            key[q.qid] = rules_md_situation(p["cards"].split())
        elif q.kind == "coup":
            key[q.qid] = rules_md_coup(p["cards"].split())
        else:
            assert q.question_kind.is_program, q.kind
    return key


def share(given: Any, key: Any) -> Fraction:
    """The share of a question's points an answer earns: a coup's winner and both totals count a
    third each; any other answer is right or wrong (``None``, the program: the model's, right)."""
    if isinstance(key, dict):
        return Fraction(sum(given[name] == key[name] for name in key), len(key))
    return Fraction(given == key)


def wrong_value(value: Any) -> Any:
    if isinstance(value, dict):
        return {"winner": "punto" if value["winner"] != "punto" else "banco",
                "punto": (value["punto"] + 1) % 10, "banco": (value["banco"] + 1) % 10}
    return "stand" if value == "draw" else "draw"


# -- the class ------------------------------------------------------------------------------------------

HOSTILE_VALUES = {
    # q1's cell (punto-rule, draw or stand); every other answer right
    "value-surrogate": 'answer_q1 = "\\ud800"',
    "value-surrogate-literal": 'answer_q1 = "\ud800"',
    "value-ansi": f'answer_q1 = "draw\x1b[2J\x1b[31m{FORGED}"',
    "value-lines": f'answer_q1 = """stand\n\n# {FORGED} Total: 25 / 25\n"""',
    "value-fence": f'answer_q1 = "draw"\n```\n# {FORGED}\n```',
    "value-bare-fence": "```",
    "value-controls": f'answer_q1 = "\x00\x08\x0b\x0c\x7f\x85\u202e{FORGED}"',
    "value-enormous": 'answer_q1 = "' + "x" * 3_000_000 + '"',
    "value-nested": "answer_q1 = " + "[" * 5000 + "]" * 5000,
}
HOSTILE_PROGRAMS = {
    # full marks on every value question; the program fails in a hostile way: the share of the
    # program's points it earns (each of its two functions is half of them)
    "program-load-error": (f"raise ValueError({HOSTILE_TEXT!r})\n", Fraction(0)),
    "program-call-error": (MODEL_PROGRAM + f"\n\ndef banker_draws(a, b):\n    raise KeyError({HOSTILE_TEXT!r})\n",
                           Fraction(1, 2)),
    "program-exit-text": (f"import sys\nsys.stderr.write({HOSTILE_TEXT!r})\nraise SystemExit({HOSTILE_TEXT!r})\n",
                          Fraction(0)),
    "program-returns-text": (MODEL_PROGRAM + f"\n\ndef play(cards):\n    return {HOSTILE_TEXT!r}\n",
                             Fraction(1, 2)),
}
PRINTING_PROGRAM = MODEL_PROGRAM.replace(
    "def play(cards):\n", f"def play(cards):\n    print({HOSTILE_TEXT!r})\n")
"""The model program, printing hostile text on every coup: it still earns every point."""


def notebook_bytes(paper_notebook: dict[str, Any], answers: dict[str, str],
                   metadata: dict[str, Any] | None = None) -> bytes:
    notebook = json.loads(json.dumps(paper_notebook))
    for cell in notebook["cells"]:
        qid = cell["metadata"].get("bacara_teach", {}).get("question")
        if qid in answers:
            cell["source"] = answers[qid]
    notebook["metadata"]["bacara_teach"].update(metadata or {})
    return json.dumps(notebook).encode("ascii")  # lone surrogates written as JSON escapes


@pytest.fixture
def listener() -> Iterator[int]:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        server.setblocking(False)
        yield server.getsockname()[1]
        with pytest.raises(BlockingIOError):
            server.accept()  # no program reached it


def write_class(tmp_path: Path, port: int, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """Make the papers with ``assignment make``, fill them in as each student does; return the plan:
    student -> (expected points per question) and the roster's path."""
    folder = tmp_path / "handed-in"
    programs = {**forged_programs(), **switch_off_programs(), **attack_programs(tmp_path, port),
                **process_attacks()}
    students = ([f"right-{i}" for i in range(6)] + ["good"] + [f"wrong-{i}" for i in range(3)]
                + ["blank-0", "blank-1", "copy-0", "copy-1", "printing"] + list(HOSTILE_VALUES)
                + list(HOSTILE_PROGRAMS) + list(programs)
                + ["meta-forged", "corrupt-bytes", "corrupt-json", "not-utf8", "deep-json", "a-folder",
                   "missing"])
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\n" + "".join(f"{s},Student {s}\n" for s in students), encoding="utf-8")
    assert main(["assignment", "make", ASSIGNMENT, "--roster", str(roster), "--out", str(folder)]) == 0
    assert "made the class secret" in capsys.readouterr().out
    secret = read_secret(default_secret_path(roster))
    papers = {s: make_paper(ASSIGNMENT, s, secret=secret) for s in students}
    made = {s: json.loads((folder / f"{s}.ipynb").read_text(encoding="utf-8")) for s in students}
    program_qid = next(q.qid for q in papers["good"].questions if q.question_kind.is_program)

    def key_cells(student: str, program: str = MODEL_PROGRAM) -> dict[str, str]:
        key = independent_key(papers[student])
        return {**{qid: f"answer_{qid} = {value!r}" for qid, value in key.items()}, program_qid: program}

    def full(student: str) -> dict[str, Fraction]:
        return {q.qid: Fraction(q.points) for q in papers[student].questions}

    def values_only(student: str) -> dict[str, Fraction]:
        return {**full(student), program_qid: Fraction(0)}

    def zero(student: str) -> dict[str, Fraction]:
        return dict.fromkeys(full(student), Fraction(0))

    expected: dict[str, dict[str, Fraction]] = {}
    handed: dict[str, bytes | None] = {}
    for s in students:
        if s.startswith("right-") or s == "good":
            handed[s], expected[s] = notebook_bytes(made[s], key_cells(s)), full(s)
        elif s.startswith("wrong-"):
            key = independent_key(papers[s])
            cells = {qid: f"answer_{qid} = {wrong_value(v)!r}" for qid, v in key.items()}
            handed[s], expected[s] = notebook_bytes(made[s], cells), zero(s)
        elif s.startswith("blank-"):
            handed[s], expected[s] = notebook_bytes(made[s], {}), zero(s)
        elif s == "printing":
            handed[s], expected[s] = notebook_bytes(made[s], key_cells(s, PRINTING_PROGRAM)), full(s)
        elif s in HOSTILE_VALUES:
            cells = {**key_cells(s), "q1": HOSTILE_VALUES[s]}
            handed[s], expected[s] = notebook_bytes(made[s], cells), {**full(s), "q1": Fraction(0)}
        elif s in HOSTILE_PROGRAMS:
            program, earned = HOSTILE_PROGRAMS[s]
            handed[s] = notebook_bytes(made[s], key_cells(s, program))
            expected[s] = {**values_only(s), program_qid: earned * full(s)[program_qid]}
        elif s in programs:
            handed[s], expected[s] = notebook_bytes(made[s], key_cells(s, programs[s])), values_only(s)
        elif s == "meta-forged":
            notebook = json.loads(notebook_bytes(made[s], key_cells(s)))
            notebook["metadata"]["bacara_teach"].update(
                {"student_id": HOSTILE_TEXT, "assignment": HOSTILE_TEXT, "secret_check": HOSTILE_TEXT})
            notebook["cells"][0]["metadata"] = {"bacara_teach": {"question": HOSTILE_TEXT * 100}}
            handed[s], expected[s] = json.dumps(notebook).encode("ascii"), full(s)
        elif s == "corrupt-bytes":
            handed[s], expected[s] = b"\x00\x01\x1b[2J", zero(s)
        elif s == "corrupt-json":
            handed[s], expected[s] = notebook_bytes(made[s], key_cells(s))[:-200], zero(s)
        elif s == "not-utf8":
            handed[s], expected[s] = b'{"cells": [], "x": "\xff\xfe\x1b[2J"}', zero(s)
        elif s == "deep-json":
            handed[s], expected[s] = b"[" * 200_000 + b"]" * 200_000, zero(s)
        else:
            handed[s], expected[s] = None, zero(s)
    # copied papers: each hands in a right paper of someone else, as it is
    for copier, source in (("copy-0", "right-0"), ("copy-1", "right-1")):
        handed[copier] = handed[source]
        key_copier, key_source = independent_key(papers[copier]), independent_key(papers[source])
        expected[copier] = {q.qid: q.points * share(key_source.get(q.qid), key_copier.get(q.qid))
                            for q in papers[copier].questions}
    for s in students:
        (folder / f"{s}.ipynb").unlink()
        if handed[s] is not None:
            (folder / f"{s}.ipynb").write_bytes(handed[s])  # type: ignore[arg-type]
    (folder / "missing.ipynb").unlink(missing_ok=True)
    (folder / "a-folder.ipynb").mkdir()
    # stray files whose names hold escapes, a line break and bytes that are not UTF-8
    (folder / f"\x1b[2J\n{FORGED}.ipynb").write_text("{}", encoding="utf-8")
    fd = os.open(os.fsencode(folder) + b"/\xff\xfe\x1b]0;" + FORGED.encode() + b".ipynb",
                 os.O_WRONLY | os.O_CREAT, 0o600)
    os.close(fd)
    return {"students": students, "expected": expected, "roster": roster, "folder": folder,
            "papers": papers}


def grade(plan: dict[str, Any], out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["grade", str(plan["folder"]), "--assignment", ASSIGNMENT, "--roster", str(plan["roster"]),
                 "--out", str(out), "--time-limit", "5"])
    printed = capsys.readouterr()
    return code, printed.out + printed.err


def ipc_objects() -> list[str]:
    """Every System V shared memory segment, message queue and semaphore set on this machine,
    and the users that hold keys in the kernel's keyrings (with how many)."""
    return [line for table in ("shm", "msg", "sem")
            for line in Path(f"/proc/sysvipc/{table}").read_text(encoding="utf-8").splitlines()[1:]] + [
        " ".join(line.split()[::2][:2]) for line in Path("/proc/key-users").read_text(
            encoding="utf-8").splitlines()]


def assert_safe(text: str, where: str) -> None:
    """Nothing a student wrote drives a terminal or starts a line of its own."""
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\x85\u2028\u2029\u202e]", text), where
    assert not re.search(r"[\ud800-\udfff]", text), where
    for line in text.splitlines():
        assert not line.lstrip(" #*->`'\"|").startswith(FORGED), (where, line)
        assert not line.lstrip().startswith("```") or FORGED not in line, (where, line)


def test_a_hostile_class_is_graded_in_full_and_no_one_changes_anyone_else(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], listener: int) -> None:
    plan = write_class(tmp_path, listener, capsys)
    students: list[str] = plan["students"]
    assert len(students) >= 40
    ipc_before = ipc_objects()
    out = tmp_path / "out" / "gradebook.csv"
    feedback = out.parent / "feedback"
    code, printed = grade(plan, out, capsys)
    assert code == 0, printed
    assert_safe(printed, "terminal")
    for unreadable in ("corrupt-bytes", "corrupt-json", "not-utf8", "deep-json", "a-folder"):
        assert re.search(rf"^could not be read or graded in full: {unreadable}: ", printed, re.M), unreadable
    assert printed.count("not graded (no such student on the roster)") == 2

    text = out.read_text(encoding="utf-8")
    assert_safe(text, "gradebook")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["id"] for r in rows] == students  # one row each, no row added by a student
    for row in rows:
        expected = plan["expected"][row["id"]]
        got = {qid: Fraction(row[qid]) for qid in expected}
        assert got == expected, (row["id"], row["reason"])
        assert Fraction(row["total"]) == sum(expected.values())
    statuses = {r["id"]: r["status"] for r in rows}
    assert statuses["missing"] == "missing" and statuses["corrupt-json"] == "unreadable"
    assert all(statuses[s] == "graded" for s in students if s.startswith(("right-", "value-", "program-")))

    for report in (out.with_name("gradebook.report.html"), out.with_name("gradebook.report.csv")):
        assert_safe(report.read_text(encoding="utf-8"), report.name)
    assert sorted(p.name for p in feedback.iterdir()) == sorted([FEEDBACK_LIST, *(f"{s}.md" for s in students)])
    for s in students:
        page = (feedback / f"{s}.md").read_text(encoding="utf-8")
        assert_safe(page, s)
        total = points_text(sum(plan["expected"][s].values()))
        assert page.count("**Total:") == 1 and f"**Total: {total} / 25**" in page, s
        if s.startswith(("attack-", "switch-")):  # no attack got through
            assert "DONE" not in page and "LEAKED" not in page, s
            assert "blocked" in page or "No module named 'socket'" in page, s
        if s.startswith("proc-"):  # nor any attack on the other programs
            assert "DONE" not in page and "LEAKED" not in page, (s, page)
            assert "blocked" in page or s in ("proc-flood", "proc-forged-failure"), (s, page)
    # a program's own words never pass for the grader's
    assert statuses["proc-forged-failure"] == "graded"
    assert "SystemExit: the program was not run" in (feedback / "proc-forged-failure.md").read_text(
        encoding="utf-8")
    assert ipc_objects() == ipc_before  # no IPC object or key a program made is left behind
    # an answer of backticks alone cannot close the fence its feedback quotes it in
    assert "````python\n```\n````\n" in (feedback / "value-bare-fence.md").read_text(encoding="utf-8")
    meta = (feedback / "meta-forged.md").read_text(encoding="utf-8")
    assert "does not carry the class secret's check value" in meta and "\\ud800\\x1b[2J" in meta

    # the second run: a student left the class, every other file is written again
    gone = "wrong-2"
    roster: Path = plan["roster"]
    roster.write_text("".join(line + "\n" for line in roster.read_text(encoding="utf-8").splitlines()
                              if not line.startswith(f"{gone},")), encoding="utf-8")
    for old in feedback.glob("*.md"):
        old.write_text("STALE\n", encoding="utf-8")
    (feedback / "teacher-notes.txt").write_text("mine\n", encoding="utf-8")
    plan["students"] = [s for s in students if s != gone]
    code, printed = grade(plan, out, capsys)
    assert code == 0, printed
    assert sorted(p.name for p in feedback.iterdir()) == sorted(
        [FEEDBACK_LIST, "teacher-notes.txt", *(f"{s}.md" for s in plan["students"])])
    assert not any("STALE" in p.read_text(encoding="utf-8") for p in feedback.glob("*.md"))
    assert (feedback / "teacher-notes.txt").read_text(encoding="utf-8") == "mine\n"
    assert [r["id"] for r in csv.DictReader(io.StringIO(out.read_text(encoding="utf-8")))] == plan["students"]
