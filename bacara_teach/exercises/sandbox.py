"""Reading answers safely: values as data, programs in a separate, limited process.

A value answer is never executed: the answer cell is parsed with :mod:`ast`
and only ``answer = <literal>`` is accepted, read by :func:`ast.literal_eval`.

>>> read_value_answer('answer = "draw"  # draw or stand')
'draw'
>>> read_value_answer("answer = __import__('os').getcwd()")
Traceback (most recent call last):
...
bacara_teach.exercises.sandbox.AnswerNotReadable: the answer must be a plain value (a number, a string in quotes, a list or dict of them), not an expression: "__import__('os').getcwd()"

A program answer runs in its own process (:func:`run_program`): ``python -I``
in a fresh temporary directory with a minimal environment, CPU, memory, file
size and process limits, a wall-clock limit after which its whole process
group is killed, and an audit hook installed before the student's code that
refuses network, other processes, signals, native code, every file write,
and reads outside the Python installation.  As root it also drops to the
``nobody`` user and, when the ``unshare`` tool works, runs without any
network interface.  Only the call arguments go in; the expected results stay
in the grading process.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from importlib import resources
from pathlib import Path
from typing import Any

from bacara_teach.errors import NotationError

__all__ = [
    "AnswerNotReadable",
    "Limits",
    "ProgramRun",
    "isolation_layers",
    "read_value_answer",
    "run_program",
]

MAX_ANSWER_CHARS = 10_000
"""Longest answer cell read as a value."""
MAX_PROGRAM_CHARS = 100_000
"""Longest program answer run."""
BLOCKED_IMPORTS = ("bacara_teach", "ctypes", "_ctypes", "_posixsubprocess", "multiprocessing",
                   "_multiprocessing", "cffi")
"""Modules a graded program may not import: the engine (the question asks for the student's own
rules) and the doors out of the sandbox."""


class AnswerNotReadable(NotationError):
    """An answer cell that is not ``answer = <plain value>``."""


def _excerpt(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def read_value_answer(source: str) -> object:
    """The value of an answer cell holding exactly ``answer = <literal>`` (comments allowed).

    >>> read_value_answer("# my answer\\nanswer = {'winner': 'banco', 'punto': 1, 'banco': 3}")
    {'winner': 'banco', 'punto': 1, 'banco': 3}
    >>> read_value_answer("answer = 'draw'\\nprint(answer)")
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.sandbox.AnswerNotReadable: the answer cell must hold one line `answer = ...` and nothing else; it has 2 statements
    """
    if not isinstance(source, str):
        raise AnswerNotReadable(f"the answer cell's text is not text: {type(source).__name__}")
    if len(source) > MAX_ANSWER_CHARS:
        raise AnswerNotReadable(
            f"the answer cell is {len(source)} characters long; an answer is at most {MAX_ANSWER_CHARS}"
        )
    try:
        tree = ast.parse(source, mode="exec")
    except SyntaxError as error:
        raise AnswerNotReadable(
            f"the answer cell is not valid Python (line {error.lineno}: {error.msg}): "
            f"{_excerpt(source)!r}"
        ) from None
    except (ValueError, RecursionError, MemoryError) as error:
        raise AnswerNotReadable(f"the answer cell could not be read: {type(error).__name__}") from None
    body = tree.body
    if not body:
        raise AnswerNotReadable("the answer cell is empty: write `answer = ...`")
    if len(body) != 1:
        raise AnswerNotReadable(
            f"the answer cell must hold one line `answer = ...` and nothing else; it has {len(body)} statements"
        )
    statement = body[0]
    if (not isinstance(statement, ast.Assign) or len(statement.targets) != 1
            or not isinstance(statement.targets[0], ast.Name) or statement.targets[0].id != "answer"):
        raise AnswerNotReadable(
            f"the answer cell must be `answer = ...`, not {_excerpt(ast.unparse(statement))!r}"
        )
    try:
        return ast.literal_eval(statement.value)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        raise AnswerNotReadable(
            "the answer must be a plain value (a number, a string in quotes, a list or dict of "
            f"them), not an expression: {_excerpt(ast.unparse(statement.value))!r}"
        ) from None


# -- programs ------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Limits:
    """What one program run may use."""

    wall_seconds: float = 10.0
    cpu_seconds: int = 5
    memory_bytes: int = 512 * 1024 * 1024
    file_bytes: int = 1024 * 1024
    """Largest file the program may write (its printed output and result included)."""
    result_bytes: int = 2 * 1024 * 1024
    """Most of the result file the grader reads."""


@dataclass(frozen=True, kw_only=True)
class ProgramRun:
    """What came back from one run: the results of the calls, or why there are none.

    ``outcome`` is ``finished``, ``did-not-load`` (the code raised or did not
    compile), ``time-limit``, ``cpu-limit``, ``crashed`` or ``no-result``.
    """

    outcome: str
    reason: str
    records: tuple[dict[str, Any], ...] = field(default=())
    load_error: str | None = None
    seconds: float = 0.0

    @property
    def stopped(self) -> str | None:
        """Why the run stopped early (``None`` when it finished)."""
        return None if self.outcome in ("finished", "did-not-load") else self.reason


@cache
def _child_source() -> str:
    return resources.files("bacara_teach.exercises").joinpath("sandbox_child.py").read_text("utf-8")


@cache
def _unshare() -> str | None:
    """``unshare`` when we are root and it can give a process an empty network namespace."""
    if sys.platform != "linux" or os.geteuid() != 0:
        return None
    tool = shutil.which("unshare")
    if tool is None:
        return None
    try:
        done = subprocess.run([tool, "--net", "--", "true"], capture_output=True, timeout=10,
                              check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return tool if done.returncode == 0 else None


def isolation_layers() -> tuple[str, ...]:
    """The layers this machine gives a program run (for reports and tests)."""
    layers = ["separate process", "python -I", "temporary directory", "minimal environment",
              "wall-clock limit", "audit hook"]
    if sys.platform == "linux":
        layers += ["rlimits (CPU, memory, file size, processes)"]
        if os.geteuid() == 0:
            layers.append("runs as nobody")
    if _unshare():
        layers.append("no network namespace")
    return tuple(layers)


def _set_limits(limits: Limits) -> None:  # pragma: no cover - runs in the child before exec
    import resource

    cpu = max(1, int(limits.cpu_seconds))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_bytes, limits.file_bytes))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if hasattr(resource, "RLIMIT_NPROC"):
        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))


def _read_roots() -> list[str]:
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    return sorted(str(Path(r).resolve()) for r in roots)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


def run_program(
    source: str,
    calls: Sequence[Mapping[str, Any]],
    *,
    limits: Limits | None = None,
    filename: str = "answer",
) -> ProgramRun:
    """Run ``source`` in a fresh, limited process and call its functions on ``calls``.

    ``calls`` is a list of ``{"function": name, "args": [[...], ...]}``.
    Never raises for anything the program does: every failure comes back as
    a :class:`ProgramRun` with a reason.
    """
    limits = limits or Limits()
    if not isinstance(source, str) or not source.strip():
        empty = "the code cell is empty"
        return ProgramRun(outcome="did-not-load", reason=empty, load_error=empty)
    if len(source) > MAX_PROGRAM_CHARS:
        message = f"the code cell is {len(source)} characters long; at most {MAX_PROGRAM_CHARS} are run"
        return ProgramRun(outcome="did-not-load", reason=message, load_error=message)
    request = json.dumps({
        "source": source, "filename": filename, "calls": list(calls),
        "read_roots": _read_roots(), "blocked_imports": list(BLOCKED_IMPORTS),
    }).encode("utf-8")
    home = Path(tempfile.mkdtemp(prefix="bacara-grade-"))
    started = time.monotonic()
    try:
        command = [sys.executable, "-I", "-c", _child_source()]
        tool = _unshare()
        if tool:
            command = [tool, "--net", "--", *command]
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": str(home)}
        with open(home / "stdout.txt", "wb") as out, open(home / "stderr.txt", "wb") as err:
            process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=out, stderr=err, cwd=home, env=env,
                start_new_session=True, close_fds=True,
                # the limits are set in the child, between fork and exec
                preexec_fn=partial(_set_limits, limits) if sys.platform == "linux" else None,  # noqa: PLW1509
            )
            timed_out = False
            try:
                process.communicate(request, timeout=limits.wall_seconds)
            except subprocess.TimeoutExpired:
                timed_out = True
            finally:
                _kill_group(process)
                process.wait()
        seconds = time.monotonic() - started
        records, load_error = _read_records(home, limits)
        run = _outcome(process.returncode, timed_out=timed_out, records=records,
                       load_error=load_error, limits=limits, seconds=seconds)
        if run.outcome in ("crashed", "no-result"):
            last = _last_line(home / "stderr.txt")
            if last:
                detail = f"{run.reason} ({last})"
                return ProgramRun(outcome=run.outcome, reason=detail, records=run.records,
                                  load_error=detail if run.load_error else None, seconds=seconds)
        return run
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _last_line(path: Path, limit: int = 4096) -> str:
    """The last non-empty line of the first ``limit`` bytes of a file (a crash's message)."""
    try:
        with open(path, "rb") as handle:
            text = handle.read(limit).decode("utf-8", "replace")
    except OSError:
        return ""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


def _read_records(home: Path, limits: Limits) -> tuple[list[dict[str, Any]], str | None]:
    records: list[dict[str, Any]] = []
    load_error: str | None = None
    try:
        with open(home / "result.jsonl", "rb") as handle:
            raw = handle.read(limits.result_bytes)
    except OSError:
        return records, None
    for line in raw.decode("utf-8", "replace").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            break  # a line cut short by a limit: what came before still counts
        if not isinstance(record, dict):
            break
        if record.get("load") == "error":
            load_error = str(record.get("error", "the code raised an error"))
        records.append(record)
    return records, load_error


def _outcome(returncode: int | None, *, timed_out: bool, records: list[dict[str, Any]],
             load_error: str | None, limits: Limits, seconds: float) -> ProgramRun:
    found = tuple(r for r in records if "function" in r)
    loaded = any(r.get("load") == "ok" for r in records)
    if load_error is not None:
        return ProgramRun(outcome="did-not-load",
                          reason=f"the code raised an error when run: {load_error}",
                          load_error=load_error, seconds=seconds)
    if timed_out:
        return ProgramRun(outcome="time-limit",
                          reason=f"it ran for more than {limits.wall_seconds:g} s and was stopped",
                          records=found, seconds=seconds)
    if returncode in (-signal.SIGXCPU, -signal.SIGKILL) and seconds < limits.wall_seconds:
        return ProgramRun(outcome="cpu-limit",
                          reason=f"it used more than {limits.cpu_seconds} s of CPU time and was stopped",
                          records=found, seconds=seconds)
    if returncode != 0:
        how = f"signal {-returncode}" if returncode is not None and returncode < 0 else f"status {returncode}"
        reason = f"the program crashed ({how})"
        if not loaded:
            return ProgramRun(outcome="crashed", reason=reason, load_error=reason, seconds=seconds)
        return ProgramRun(outcome="crashed", reason=reason, records=found, seconds=seconds)
    if not loaded:
        reason = "it stopped before giving any result"
        return ProgramRun(outcome="no-result", reason=reason, load_error=reason, seconds=seconds)
    return ProgramRun(outcome="finished", reason="finished", records=found, seconds=seconds)
