"""What the command line reads and writes: every input bounded, every output place checked.

Each input path of every command (a roster, a saved session) is given a device
(``/dev/zero``), a named pipe with no writer, a folder and a 10 GB sparse file: each is
refused at once with exit 2, one line naming the file and the limit, and nothing is read
(the pipe does not block, the sparse file is not read).  Each output place (``--out``,
``--save``, ``--report``, ``--feedback``, a typed ``save FILE``) is given ``/proc``, a folder,
a device, a named pipe and a missing folder: refused with exit 2 before any work, and every
file around is left byte for byte as it was.  A writer killed in the middle of a save leaves
a temporary behind, which the next save in that folder removes.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_support import run_cli

from bacara_teach.cli import main
from bacara_teach.exercises.secret import create_secret, default_secret_path
from bacara_teach.files import (
    InputRefused,
    OutputRefused,
    check_output_file,
    is_temporary,
    read_bounded,
    remove_stale_temporaries,
    write_atomically,
)
from bacara_teach.home_session import HomeSession

ROOT = Path(__file__).resolve().parents[1]
TEN_GB = 10 * 1024 ** 3


@pytest.fixture(autouse=True)
def _never_block() -> Iterator[None]:
    """A read that waits on a pipe fails the test instead of hanging the run."""

    def stuck(*_: object) -> None:
        raise AssertionError("the command waited on its input")

    previous = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(60)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _snapshot(folder: Path) -> dict[str, object]:
    """Every entry under ``folder``: a small regular file's bytes, a large one's size and time,
    anything else its kind."""
    found: dict[str, object] = {}
    for place in sorted(folder.rglob("*")):
        name = str(place.relative_to(folder))
        info = place.lstat()
        if not place.is_file() or place.is_symlink():
            found[name] = info.st_mode
        elif info.st_size > 1024 * 1024:
            found[name] = (info.st_size, info.st_mtime_ns)
        else:
            found[name] = place.read_bytes()
    return found


def _bad_inputs(tmp_path: Path) -> dict[str, str]:
    """A device, a named pipe with no writer, a folder and a 10 GB sparse file."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    folder = tmp_path / "folder"
    folder.mkdir()
    sparse = tmp_path / "sparse"
    with sparse.open("wb") as handle:
        handle.truncate(TEN_GB)
    return {"device": "/dev/zero", "pipe": str(pipe), "folder": str(folder), "sparse": str(sparse)}


_WHY = {"device": "is a device, not a file", "pipe": "is a named pipe (FIFO), not a file",
        "folder": "is a folder, not a file", "sparse": "is larger than"}


def _roster(tmp_path: Path) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text("id,name\nana,Ana\n", encoding="utf-8")
    secret = default_secret_path(path)
    if not secret.exists():
        create_secret(secret)  # the class secret 'assignment make' would have written
    return path


def _input_commands(tmp_path: Path, bad: str) -> list[tuple[list[str], str]]:
    """Each command given ``bad`` where it reads a file, and the limit its refusal states."""
    roster = str(_roster(tmp_path))
    handed_in = tmp_path / "handed-in"
    handed_in.mkdir(exist_ok=True)
    out = tmp_path / "out"
    return [
        (["assignment", "make", "scoring", "--roster", bad, "--out", str(out / "papers")], "5 MiB"),
        (["assignment", "key", "scoring", "--roster", bad, "--out", str(out / "key.csv")], "5 MiB"),
        (["assignment", "print", "scoring", "--roster", bad, "--out", str(out / "print")], "5 MiB"),
        (["grade", str(handed_in), "--assignment", "scoring", "--roster", bad, "--out",
          str(out / "book.csv")], "5 MiB"),
        (["play", "--load", bad], "16 MiB"),
        (["home-session", "--load", bad], "16 MiB"),
        (["play", "--load", bad, "--save", str(tmp_path / "table.json")], "16 MiB"),
        (["grade", str(handed_in), "--assignment", "scoring", "--roster", roster, "--out",
          str(out / "book.csv")], ""),  # the roster is fine: a sanity check of the set-up
    ]


@pytest.mark.parametrize("kind", ["device", "pipe", "folder", "sparse"])
def test_every_input_path_refuses_what_is_not_a_file_of_a_sane_size(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    bad = _bad_inputs(tmp_path)[kind]
    for argv, limit in _input_commands(tmp_path, bad):
        if not limit:
            continue
        before = _snapshot(tmp_path)
        code, out, err = run_cli(capsys, monkeypatch, argv)
        assert code == 2, (argv, err)
        assert err.count("\n") == 1 and err.startswith("bacara-teach: error: "), err
        assert repr(bad) in err and _WHY[kind] in err and f"at most {limit}" in err, err
        assert "Traceback" not in out + err
        assert _snapshot(tmp_path) == before, argv


def test_the_sparse_file_is_refused_without_being_read(tmp_path: Path) -> None:
    sparse = Path(_bad_inputs(tmp_path)["sparse"])
    with pytest.raises(InputRefused, match="is larger than 16 MiB") as refused:
        read_bounded(sparse, limit=16 * 1024 * 1024, what="saved session")
    assert refused.value.reason == "too-large"
    assert sparse.stat().st_size == TEN_GB


def test_a_file_that_grows_past_its_limit_while_read_is_cut_at_the_limit(tmp_path: Path) -> None:
    """Only ``limit + 1`` bytes are ever read: a file longer than its size said is refused."""
    path = tmp_path / "roster.csv"
    path.write_bytes(b"x" * 10)
    assert read_bounded(path, limit=10, what="roster") == b"x" * 10
    path.write_bytes(b"x" * 11)
    with pytest.raises(InputRefused, match="larger than 10 bytes"):
        read_bounded(path, limit=10, what="roster")


def test_a_refused_input_reads_in_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    bad = _bad_inputs(tmp_path)
    code, _, err = run_cli(capsys, monkeypatch, ["--lang", "es", "play", "--load", bad["pipe"]])
    assert code == 2
    assert err == (f"bacara-teach: error: La sesión guardada {bad['pipe']!r} es una tubería con "
                   "nombre (FIFO), no un archivo: se esperaba un archivo de 16 MiB como mucho.\n")
    code, _, err = run_cli(capsys, monkeypatch, [
        "--lang", "es", "assignment", "key", "scoring", "--roster", bad["sparse"], "--out",
        str(tmp_path / "key.csv")])
    assert code == 2
    assert err == (f"bacara-teach: error: La lista de la clase {bad['sparse']!r} ocupa más de "
                   "5 MiB: se esperaba un archivo de 5 MiB como mucho.\n")


# -- output places ----------------------------------------------------------------------------------


def _bad_outputs(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """Places no file can be written to, and what the refusal says of each."""
    pipe = tmp_path / "out-pipe"
    os.mkfifo(pipe)
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "a-file").write_text("mine", encoding="utf-8")
    return {
        "proc": ("/proc/x/y.csv", "is in /proc or /sys"),
        "proc-self": ("/proc/self/y.csv", "is in /proc or /sys"),
        "sys": ("/sys/y.csv", "is in /proc or /sys"),
        "folder": (str(tmp_path / "a-folder"), "is a folder"),
        "device": ("/dev/null", "is a device, not a regular file"),
        "pipe": (str(pipe), "is a named pipe (FIFO), not a regular file"),
        "under-a-file": (str(tmp_path / "a-file" / "x.csv"), "cannot be written"),
    }


def _output_commands(tmp_path: Path, place: str) -> list[list[str]]:
    roster = str(_roster(tmp_path))
    handed_in = tmp_path / "handed-in"
    handed_in.mkdir(exist_ok=True)
    grade = ["grade", str(handed_in), "--assignment", "scoring", "--roster", roster]
    fine = str(tmp_path / "book.csv")
    return [
        ["assignment", "key", "scoring", "--roster", roster, "--out", place],
        [*grade, "--out", place],
        [*grade, "--out", fine, "--report", place],
        ["play", "--seed", "3", "--save", place],
        ["home-session", "--players", "Ana,Luis", "--seed", "3", "--save", place],
    ]


@pytest.mark.parametrize("kind", ["proc", "proc-self", "sys", "folder", "device", "pipe",
                                  "under-a-file"])
def test_every_output_file_refuses_a_place_no_file_can_be_written(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    place, why = _bad_outputs(tmp_path)[kind]
    for argv in _output_commands(tmp_path, place):
        before = _snapshot(tmp_path)
        code, out, err = run_cli(capsys, monkeypatch, argv, "bet banco 5\ncontinue\nb p\nquit\n")
        assert code == 2, (argv, err)
        assert err.count("\n") == 1 and why in err and repr(place) in err, (argv, err)
        assert "Traceback" not in out + err
        assert out == "", "refused before anything is played or graded"
        assert _snapshot(tmp_path) == before, argv
    assert Path("/dev/null").is_char_device()


@pytest.mark.parametrize("kind", ["proc", "sys", "device", "pipe", "under-a-file"])
def test_every_output_folder_refuses_a_place_no_folder_can_be(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    place = _bad_outputs(tmp_path)[kind][0]
    roster = str(_roster(tmp_path))
    handed_in = tmp_path / "handed-in"
    handed_in.mkdir()
    commands = [
        ["assignment", "make", "scoring", "--roster", roster, "--out", place],
        ["assignment", "print", "scoring", "--roster", roster, "--out", place],
        ["assignment", "practice", "--out", place],
        ["grade", str(handed_in), "--assignment", "scoring", "--roster", roster, "--out",
         str(tmp_path / "book.csv"), "--feedback", place],
    ]
    for argv in commands:
        before = _snapshot(tmp_path)
        code, out, err = run_cli(capsys, monkeypatch, argv)
        assert code == 2 and err.count("\n") == 1 and repr(place) in err, (argv, err)
        assert "Traceback" not in out + err
        assert _snapshot(tmp_path) == before, argv


@pytest.mark.parametrize("command", [["play", "--seed", "3"],
                                     ["home-session", "--players", "Ana,Luis", "--seed", "3"]])
def test_a_save_in_a_missing_folder_is_refused_before_anything_is_played(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    place = str(tmp_path / "missing" / "save.json")
    code, out, err = run_cli(capsys, monkeypatch, [*command, "--save", place], "b p\nquit\n")
    assert (code, out) == (2, "")
    assert err == (f"bacara-teach: error: --save {place!r} cannot be written: its folder "
                   f"{str(tmp_path / 'missing')!r} does not exist\n")
    assert list(tmp_path.iterdir()) == []
    code, _, err = run_cli(capsys, monkeypatch, ["--lang", "es", *command, "--save", place])
    assert code == 2
    assert err.startswith(f"bacara-teach: error: no se puede escribir --save {place!r}: su "
                          "carpeta") and err.endswith("no existe\n")


def test_a_typed_save_to_a_device_is_refused_and_play_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(capsys, monkeypatch, ["home-session", "--players", "Ana,Luis", "--seed",
                                              "3"], "save /dev/null\nsave /proc/x.json\n"
                                                    "save ok.json\nquit\n")
    assert code == 0
    assert "error: save '/dev/null' is a device, not a regular file" in out
    assert "error: save '/proc/x.json' is in /proc or /sys" in out
    assert "Saved to ok.json." in out
    assert Path("/dev/null").is_char_device()
    HomeSession.from_json((tmp_path / "ok.json").read_text(encoding="utf-8"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_an_unwritable_folder_is_refused_before_anything_is_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        code, out, err = run_cli(capsys, monkeypatch, ["play", "--save", str(locked / "t.json")])
    finally:
        locked.chmod(0o700)
    assert (code, out) == (2, "") and "its folder is not one where files may be made" in err


def test_the_output_check_names_the_option(tmp_path: Path) -> None:
    with pytest.raises(OutputRefused, match=r"^--report '/dev/null' is a device"):
        check_output_file("/dev/null", "--report")
    check_output_file(tmp_path / "new.csv", "--out")  # a new file in a folder of yours is fine
    check_output_file(tmp_path / "new" / "deeper" / "x.csv", "--out", make_folders=True)


# -- temporaries of killed writers --------------------------------------------------------------------


_STUCK_WRITER = textwrap.dedent("""
    import os, sys, time
    from bacara_teach.files import write_atomically

    def stuck(_):
        print("writing", flush=True)
        time.sleep(600)

    os.fsync = stuck
    write_atomically(sys.argv[1], "half of a save\\n" * 1000)
""")


def _start_stuck_writer(target: Path) -> subprocess.Popen[str]:
    """A writer that stops in the middle of its save (its temporary written, not yet renamed)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-c", _STUCK_WRITER, str(target)], env=env,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "writing"
    return process


def test_a_save_after_a_killed_save_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "table.json"
    write_atomically(target, "old\n")
    (tmp_path / ".notes.tmp").write_text("not ours", encoding="utf-8")
    writer = _start_stuck_writer(target)
    try:
        temporaries = [p.name for p in tmp_path.iterdir() if is_temporary(p.name)]
        assert len(temporaries) == 1 and temporaries[0].startswith(".table.json.bacara-")
        write_atomically(tmp_path / "other.json", "{}\n")  # the writer is alive: its file stays
        assert [p.name for p in tmp_path.iterdir() if is_temporary(p.name)] == temporaries
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        assert writer.stdout is not None
        writer.stdout.close()
    assert (tmp_path / temporaries[0]).exists(), "the kill left the temporary behind"
    assert target.read_text() == "old\n"
    write_atomically(target, "new\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".notes.tmp", "other.json", "table.json"]
    assert target.read_text() == "new\n"


def test_the_next_command_line_save_removes_a_killed_writers_temporary(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "session.json"
    writer = _start_stuck_writer(save)
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    assert writer.stdout is not None
    writer.stdout.close()
    assert any(is_temporary(p.name) for p in tmp_path.iterdir())
    code, _, _ = run_cli(capsys, monkeypatch, ["home-session", "--players", "Ana,Luis", "--seed",
                                            "3", "--save", str(save)], "b p\nquit\n")
    assert code == 0
    assert [p.name for p in tmp_path.iterdir()] == ["session.json"]


def test_old_temporaries_are_removed_even_if_their_number_runs_again(tmp_path: Path) -> None:
    mine = tmp_path / f".save.json.bacara-{os.getppid()}-abc.tmp"  # a live process's number
    mine.write_text("half", encoding="utf-8")
    assert remove_stale_temporaries(tmp_path) == []
    os.utime(mine, (1_000_000, 1_000_000))  # written long ago
    assert remove_stale_temporaries(tmp_path) == [mine.name]
    link = tmp_path / ".x.bacara-999999999-abc.tmp"
    link.symlink_to(tmp_path / "elsewhere")
    assert remove_stale_temporaries(tmp_path) == []  # only regular files are removed


# -- typed input ----------------------------------------------------------------------------------------


class _Zeros(io.RawIOBase):
    """An endless input without a line break, as ``< /dev/zero`` gives."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        view[:] = b"\0" * len(view)
        return len(view)


@pytest.mark.parametrize("command", [
    ["play", "--seed", "4"], ["home-session", "--players", "Ana,Luis", "--seed", "4"],
    ["chemin-de-fer", "session", "--players", "Ana,Luis,Eva", "--seed", "4"],
])
def test_an_endless_line_of_input_is_refused_without_being_read_to_its_end(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(_Zeros()),
                                                       encoding="utf-8"))
    extra = [] if command[0] == "chemin-de-fer" else ["--save", "game.json"]
    assert main([*command, *extra]) == 2
    err = capsys.readouterr().err
    assert err == ("bacara-teach: error: a line of input is longer than 65,536 characters: the "
                   "commands are short lines; nothing more was read\n")
    assert list(tmp_path.iterdir()) == []
