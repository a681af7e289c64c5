"""The kernel's confinement of graded programs: it holds with the audit hook switched off, for root
and for an ordinary user, and a machine that cannot confine a program does not run it."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from exercise_support import filled_notebook, key_answers
from hostile_support import (
    BLOCKED,
    CLASSMATE,
    audit_hook_off,
    switch_off_programs,
    without_bubblewrap,
)

import bacara_teach.tableau
from bacara_teach.exercises import make_paper, sandbox
from bacara_teach.exercises.grading import GRADED, IsolationWarning, grade_directory
from bacara_teach.exercises.notebook import notebook_text
from bacara_teach.exercises.questions import Status
from bacara_teach.exercises.roster import Student
from bacara_teach.exercises.sandbox import Isolation, Limits, ProgramRun, run_program

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FAST = Limits(wall_seconds=3, cpu_seconds=1)
NOBODY = 65534
linux_only = pytest.mark.skipif(sys.platform != "linux", reason="Linux confinement")


def call(source: str, limits: Limits = FAST) -> ProgramRun:
    return run_program(source, [{"function": "f", "args": [[0]]}], limits=limits)


def outcome(run: ProgramRun) -> str:
    """What ``f(0)`` did: its value or error, or the load error."""
    if run.load_error is not None:
        return run.load_error
    (record,) = [r for r in run.records if r.get("function") == "f"]
    return str(record["results"][0][1])


@pytest.fixture(params=["bubblewrap", "kernel layers"])
def walls(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each wall test twice: in bubblewrap's sandbox (where this machine has it) and with the
    kernel's own layers alone, as where bubblewrap cannot be used."""
    if request.param == "bubblewrap":
        yield request.param
    else:
        with without_bubblewrap():
            yield request.param


@pytest.fixture
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder anyone may read and write, so that only the confinement protects what is in it."""
    folder = Path(tempfile.mkdtemp(prefix="bacara-shared-", dir="/tmp"))
    folder.chmod(0o777)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def open_to_all(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    path.chmod(0o666)
    return path


@contextlib.contextmanager
def listener() -> Iterator[tuple[int, list[bytes]]]:
    """A TCP listener on 127.0.0.1 that records what connects to it."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    received: list[bytes] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(1)
                with contextlib.suppress(OSError):
                    received.append(conn.recv(100) or b"(connected)")

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1], received
    finally:
        stop.set()
        thread.join(2)
        server.close()


# -- this machine ----------------------------------------------------------------------------------


@linux_only
def test_this_machine_confines_programs_in_the_kernel() -> None:
    found = sandbox.isolation()
    assert found.missing == ()
    assert sandbox.isolation_missing() is None
    layers = " ".join(sandbox.isolation_layers())
    assert "Landlock" in layers or found.as_root
    assert found.landlock_abi >= 1 or found.as_root


def test_landlock_is_asked_for_its_version_as_documented() -> None:
    if sys.platform != "linux":
        assert sandbox._landlock_abi() == 0
        return
    assert sandbox._landlock_abi() == sandbox.isolation().landlock_abi >= 0


def test_the_landlock_rules_grant_the_standard_library_but_not_site_packages_or_the_engine() -> None:
    folders, hidden = sandbox._python_folders()
    rules = sandbox._landlock_rules()
    granted = [path for path, kind in rules if kind == "tree"]
    engine = str(Path(bacara_teach.tableau.__file__).resolve().parent)
    assert engine in hidden
    assert any(Path(os.__file__).resolve().is_relative_to(p) for p in granted)
    for path in granted:
        assert not any(sandbox._inside(path, h) or sandbox._inside(h, path) for h in hidden), path
    assert all(kind in ("tree", "list") for _, kind in rules)
    assert folders and all(Path(f).is_dir() for f in folders)


# -- the kernel's walls, with the audit hook switched off -----------------------------------------


@linux_only
@pytest.mark.usefixtures("walls")
@pytest.mark.parametrize("target", ["/etc/passwd", "engine"])
def test_with_the_hook_off_nothing_outside_the_standard_library_can_be_read(target: str) -> None:
    path = str(Path(bacara_teach.tableau.__file__).resolve()) if target == "engine" else target
    source = f"def f(x):\n    return open({path!r}).read()[:40]\n"
    assert "PermissionError" not in outcome(call(source))  # with the hook: refused by the hook
    with audit_hook_off():
        done = outcome(call(source))
    assert done.startswith(BLOCKED), done


@linux_only
@pytest.mark.usefixtures("walls")
def test_with_the_hook_off_the_engine_cannot_be_imported() -> None:
    with audit_hook_off():
        done = call("import bacara_teach.tableau\ndef f(x):\n    return 1\n")
    assert "ModuleNotFoundError" in (done.load_error or "") or "PermissionError" in (done.load_error or "")


@linux_only
@pytest.mark.usefixtures("walls")
def test_with_the_hook_off_the_standard_library_still_imports() -> None:
    with audit_hook_off():
        done = call("import json, fractions, collections\n"
                    "def f(x):\n    return json.dumps(sorted(collections.Counter('aab')))\n")
    assert outcome(done) == '["a", "b"]'


@linux_only
@pytest.mark.usefixtures("walls")
def test_with_the_hook_off_files_others_can_write_stay_untouched(shared: Path) -> None:
    gradebook = open_to_all(shared / "gradebook.csv", "id,name\n")
    notebook = open_to_all(shared / "classmate.ipynb", "{}")
    roster = open_to_all(shared / "roster.csv", "id,name\nana,Ana\n")
    attacks = {
        "gradebook": f"open({str(gradebook)!r}, 'w').write('me,25')",
        "notebook": f"open({str(notebook)!r}, 'a').write('x')",
        "delete": f"import os\n    os.remove({str(notebook)!r})",
        "create": f"open({str(shared / 'new.txt')!r}, 'x').write('x')",
        "roster": f"return open({str(roster)!r}).read()",
        "link": f"import os\n    os.symlink('/etc/passwd', {str(shared / 'link')!r})",
    }
    with audit_hook_off():
        for name, attack in attacks.items():
            done = outcome(call(f"def f(x):\n    {attack}\n    return 'DONE'\n"))
            assert done.startswith(BLOCKED), (name, done)
    assert gradebook.read_text(encoding="utf-8") == "id,name\n"
    assert notebook.read_text(encoding="utf-8") == "{}"
    assert sorted(p.name for p in shared.iterdir()) == ["classmate.ipynb", "gradebook.csv", "roster.csv"]


@linux_only
@pytest.mark.usefixtures("walls")
def test_with_the_hook_off_no_tcp_connection_reaches_a_listener() -> None:
    with listener() as (port, received), audit_hook_off():
        done = outcome(call(
            "import socket\ndef f(x):\n"
            f"    socket.create_connection(('127.0.0.1', {port}), timeout=2).send(b'leak')\n"
            "    return 'DONE'\n"))
        time.sleep(0.3)
    assert received == []
    assert "DONE" not in done
    assert done.startswith(("PermissionError", "OSError")) or "socket" in done, done


@linux_only
@pytest.mark.usefixtures("walls")
def test_with_the_hook_off_the_grader_cannot_be_killed_or_traced() -> None:
    pid = os.getpid()
    with audit_hook_off():
        killed = outcome(call(f"import os\ndef f(x):\n    os.kill({pid}, 9)\n    return 'DONE'\n"))
        itself = outcome(call("import os\ndef f(x):\n    os.kill(os.getpid(), 0)\n    return 'alive'\n"))
    assert killed.startswith("PermissionError"), killed
    assert itself == "alive"
    assert os.getpid() == pid


@linux_only
@pytest.mark.usefixtures("walls")
def test_with_the_hook_off_no_program_can_be_run() -> None:
    with audit_hook_off():
        done = outcome(call("import os\ndef f(x):\n    os.execv('/bin/true', ['true'])\n"))
    # refused, not there, or over its processes' limit (nobody's sandboxes waiting beside it)
    assert done.startswith((*BLOCKED, "BlockingIOError")), done


# -- the audit hook cannot be switched off from inside -------------------------------------------


@pytest.mark.parametrize("student", sorted(switch_off_programs()))
def test_switching_the_hook_off_from_inside_does_not_work(student: str) -> None:
    done = run_program(switch_off_programs()[student], [], limits=FAST)
    assert done.load_error is not None
    assert "blocked: Refused: not allowed in graded code: reading '/etc/passwd'" in done.load_error


def test_the_hook_keeps_what_graded_programs_legitimately_use() -> None:
    done = call(
        "import sys\nfrom collections import namedtuple\nfrom dataclasses import dataclass\n"
        "from enum import Enum\n"
        "Card = namedtuple('Card', 'rank suit', defaults=('♠',))\n"
        "@dataclass\nclass Hand:\n    cards: list\n"
        "Side = Enum('Side', 'PUNTO BANCO')\n"
        "def f(x):\n    return repr((Card('A').suit, Hand([1]).cards, Side.BANCO.name, "
        "sys._getframe().f_code.co_name))\n")
    assert outcome(done) == "('♠', [1], 'BANCO', 'f')"


# -- failing closed ------------------------------------------------------------------------------

NONE = Isolation(landlock_abi=0, seccomp=False, as_root=False, unshare=None)
OLD_KERNEL = Isolation(landlock_abi=2, seccomp=False, as_root=False, unshare=None)


def test_a_machine_without_kernel_isolation_does_not_run_programs(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    monkeypatch.setattr(sandbox, "isolation", lambda: NONE)
    marker = tmp_path / "ran"
    done = run_program(f"open({str(marker)!r}, 'x')\n", [], limits=FAST)
    assert done.outcome == "not-isolated" and done.refused
    assert "file isolation (Linux Landlock)" in done.reason
    assert "network isolation" in done.reason and "process isolation" in done.reason
    assert not marker.exists()


def test_an_old_kernel_names_exactly_what_it_lacks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "isolation", lambda: OLD_KERNEL)
    reason = sandbox.isolation_missing() or ""
    assert "file isolation" not in reason
    assert "network isolation (Landlock ABI 4 or seccomp)" in reason
    assert "process isolation (Landlock ABI 6 or seccomp)" in reason


def test_without_isolation_the_code_question_scores_zero_and_the_rest_is_graded(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sandbox, "isolation", lambda: NONE)
    paper = make_paper("third-card", "ana")
    (tmp_path / "ana.ipynb").write_text(notebook_text(filled_notebook(paper, key_answers(paper))),
                                        encoding="utf-8")
    with pytest.warns(IsolationWarning, match="were not run: this machine cannot confine"):
        book = grade_directory(tmp_path, "third-card", [Student("ana", "Ana")], limits=FAST)
    (row,) = book.grades
    code = next(g for g in row.grades if g.question.question_kind.is_program)
    assert code.points == 0 and code.mark.status == Status.ERROR
    assert "not run" in code.mark.reason and "Landlock" in code.mark.reason
    assert row.total == paper.maximum - code.question.points and row.status == GRADED
    assert len(book.notices) == 1 and "Landlock" in book.notices[0]


def test_assignments_without_programs_need_no_isolation(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    import warnings

    monkeypatch.setattr(sandbox, "isolation", lambda: NONE)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        book = grade_directory(tmp_path, "scoring", [Student("ana", "Ana")])
    assert book.notices == ()


@linux_only
def test_a_child_that_cannot_confine_itself_runs_nothing(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    source = sandbox._child_source()
    marker = '\nif __name__ == "__main__":'
    broken = source.replace(marker, "\ndef confine(**kwargs):\n    raise OSError('no Landlock here')\n"
                            + marker)
    monkeypatch.setattr(sandbox, "_child_source", lambda: broken)
    ran = tmp_path / "ran"
    done = run_program(f"open({str(ran)!r}, 'x')\ndef f(x):\n    return 1\n",
                       [{"function": "f", "args": [[0]]}], limits=FAST)
    assert done.outcome == "not-isolated"
    assert "sandbox could not be set up" in done.reason and "no Landlock here" in done.reason
    assert not ran.exists()


# -- an ordinary user's grading: only the kernel stands between the programs and its files -------


def _interpreter_for_nobody() -> list[str] | None:
    """How to start Python as user 65534 with this checkout importable, or None."""
    if shutil.which("setpriv") is None:
        return None
    prefix = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    for python in dict.fromkeys([sys.executable, "/usr/bin/python3"]):
        command = [*prefix, "env", "-i", "PATH=/usr/bin:/bin", f"PYTHONPATH={ROOT}", python]
        try:
            done = subprocess.run([*command, "-c", "import sys, bacara_teach.exercises\n"
                                   "assert sys.version_info >= (3, 11)"],
                                  capture_output=True, timeout=60, check=False, cwd="/")
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0:
            return command
    return None


def _grade_as_another_user(folder: Path, port: int, *, hook: bool) -> tuple[dict[str, Any], bytes]:
    script = str(HERE / "hostile_support.py")
    flags = [] if hook else ["--no-hook"]
    if os.geteuid() == 0:
        command = _interpreter_for_nobody()
        if command is None:
            pytest.skip("no Python that user 65534 can run with this checkout")
        os.chown(folder, NOBODY, NOBODY)
        argv = [*command, script, str(folder), str(port), *flags]
    else:
        argv = [sys.executable, script, str(folder), str(port), *flags]
    done = subprocess.run(argv, capture_output=True, timeout=300, check=False, cwd="/")
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    return json.loads(done.stdout), done.stderr


@pytest.fixture
def private_folder() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="bacara-class-", dir="/tmp"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _check_the_class_survived(folder: Path, summary: dict[str, Any], received: list[bytes]) -> None:
    import csv
    import io

    rows = summary["rows"]
    assert summary["missing"] is None
    assert received == [], "a program connected to the listener"
    # the classmate: graded in full, notebook untouched
    assert rows[CLASSMATE] == {"status": GRADED, "total": "25",
                               "code": "banker_draws: 88 of 88 right; play: 532 of 532 right"}
    paper = make_paper("third-card", CLASSMATE)
    classmate = folder / "handed-in" / f"{CLASSMATE}.ipynb"
    assert classmate.read_text(encoding="utf-8") == notebook_text(filled_notebook(paper, key_answers(paper)))
    # the gradebook is the grader's: complete and well-formed
    text = (folder / "out" / "gradebook.csv").read_text(encoding="utf-8")
    book = list(csv.DictReader(io.StringIO(text)))
    assert [r["id"] for r in book] == list(rows)
    assert all(r["maximum"] == "25" and r["status"] == GRADED for r in book)
    assert "attacker" not in text and "old gradebook" not in text
    # every hostile program scored 0 on the code question only, and said so
    for student, row in rows.items():
        if student != CLASSMATE:
            assert row["total"] == "15", (student, row)
            assert "DONE" not in row["code"] and "LEAKED" not in row["code"], (student, row)


@linux_only
@pytest.mark.slow
def test_as_an_ordinary_user_the_attacks_fail_with_the_hook_off(private_folder: Path) -> None:
    with listener() as (port, received):
        summary, _ = _grade_as_another_user(private_folder, port, hook=False)
        time.sleep(0.3)
    _check_the_class_survived(private_folder, summary, received)
    layers = " ".join(summary["layers"])
    assert "Landlock" in layers and "runs as nobody" not in layers
    for student, row in summary["rows"].items():
        if student != CLASSMATE:  # refused by the kernel: the hook was never there
            assert any(f"blocked: {error}" in row["code"] for error in BLOCKED), (student, row)
            assert "not allowed in graded code" not in row["code"], (student, row)


@linux_only
@pytest.mark.slow
def test_as_an_ordinary_user_the_hook_cannot_be_switched_off(private_folder: Path) -> None:
    with listener() as (port, received):
        summary, _ = _grade_as_another_user(private_folder, port, hook=True)
        time.sleep(0.3)
    _check_the_class_survived(private_folder, summary, received)
    for student, row in summary["rows"].items():
        if student.startswith("switch-"):
            assert "blocked: Refused: not allowed in graded code" in row["code"], (student, row)


@linux_only
def test_files_in_the_programs_folder_are_only_read_by_the_grader(tmp_path: Path) -> None:
    # the result file is read without following links, and only if it is a regular file
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "link"
    link.symlink_to("/etc/passwd")
    assert sandbox._read_bounded(fifo, 100) == b""
    assert sandbox._read_bounded(link, 100) == b""
    regular = tmp_path / "file"
    regular.write_bytes(b"x" * 1000)
    assert sandbox._read_bounded(regular, 100) == b"x" * 100
    assert stat.S_ISFIFO(fifo.stat().st_mode)

