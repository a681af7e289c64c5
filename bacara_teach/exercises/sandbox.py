"""Reading answers safely: values as data, programs in a separate, limited process.

A value answer is never executed: the answer cell is parsed with :mod:`ast`
and only ``answer = <literal>`` is accepted, read by :func:`ast.literal_eval`.

>>> read_value_answer('answer = "draw"  # draw or stand')
'draw'
>>> read_value_answer("answer = __import__('os').getcwd()")
Traceback (most recent call last):
...
bacara_teach.exercises.sandbox.AnswerNotReadable: the answer must be a plain value (a number, a string in quotes, a list or dict of them), not an expression: "__import__('os').getcwd()"

A program answer runs in its own process (:func:`run_program`), forked for it
alone from a waiting fork server (a ``python -I -S`` process with a minimal
environment that has loaded the sandbox's code and never reads a program, a
request or a result; one per program run at once, kept for the next runs), in
a fresh temporary directory, with CPU, memory, file size and process limits,
and a wall-clock limit after which its whole process group is killed.  Before any of the student's code exists in that process it
confines itself in the kernel, which needs no privilege: Linux Landlock lets
it read only the standard library (not ``site-packages``, not the engine) and
its own folder, write, create or run nothing by path, make no TCP connection
and signal no other process; a seccomp filter refuses every socket, ptrace
and signals to anything but itself.  An audit hook whose state the program
cannot reach repeats those refusals with clear messages.  As root it also
drops to the ``nobody`` user and, when the kernel lets it (the ``unshare`` tool
shows it can), moves into a network namespace of its own, without any network
interface.  A machine that can isolate a program neither with Landlock nor as
root does not run it (:func:`isolation_missing`).

Only the call arguments go in; the expected results stay in the grading
process, and what comes back is read as untrusted data of an exact shape
(:func:`read_records`): anything else scores that program 0 with the reason.

Every reason is a :class:`~bacara_teach.text.Message` (:attr:`ProgramRun.why`, an
:class:`AnswerNotReadable`'s message), rendered in the language of the feedback; what the
program or the file said itself (a Python error, a malformed line) is quoted as it is.

>>> run_program("   ", []).why.render("es")
'la celda de código está vacía'
"""

from __future__ import annotations

import ast
import atexit
import contextlib
import json
import marshal
import math
import os
import re
import secrets
import select
import shutil
import signal
import site
import stat
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from types import CodeType
from typing import Any, BinaryIO

from bacara_teach.errors import NotationError
from bacara_teach.exercises.sandbox_child import (
    PRELOADED,
    REFUSALS,
    REQUEST_FILE,
    RESULT_FILE,
    SECCOMP_ARCHES,
)
from bacara_teach.exercises.wording import Wording, verbatim
from bacara_teach.text import N_, Message, message, tr

__all__ = [
    "AnswerNotReadable",
    "Isolation",
    "Limits",
    "ProgramRun",
    "isolation",
    "isolation_layers",
    "isolation_missing",
    "isolation_missing_message",
    "read_records",
    "read_value_answer",
    "refusal_message",
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


def read_value_answer(source: str, names: Sequence[str] = ("answer",)) -> object:
    """The value of an answer cell holding exactly ``<name> = <literal>`` (comments allowed).

    ``names`` are the names the cell may assign (a question's own, ``answer_q3``, and the
    ``answer`` of the papers of format 1).

    >>> read_value_answer("# my answer\\nanswer = {'winner': 'banco', 'punto': 1, 'banco': 3}")
    {'winner': 'banco', 'punto': 1, 'banco': 3}
    >>> read_value_answer("answer = 'draw'\\nprint(answer)")
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.sandbox.AnswerNotReadable: the answer cell must hold one line `answer = ...` and nothing else; it has 2 statements
    >>> read_value_answer("answer_q3 = 'stand'", ("answer_q3", "answer"))
    'stand'
    >>> read_value_answer("answer_q2 = 5", ("answer_q3", "answer"))
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.sandbox.AnswerNotReadable: the answer cell must be `answer_q3 = ...`, not 'answer_q2 = 5'
    """
    shown = f"`{names[0]} = ...`"
    if not isinstance(source, str):
        raise AnswerNotReadable(message("the answer cell's text is not text: {kind}",
                                        kind=type(source).__name__))
    if len(source) > MAX_ANSWER_CHARS:
        raise AnswerNotReadable(message(
            "the answer cell is {length} characters long; an answer is at most {most}",
            length=len(source), most=MAX_ANSWER_CHARS))
    try:
        tree = ast.parse(source, mode="exec")
    except SyntaxError as error:
        raise AnswerNotReadable(message(
            "the answer cell is not valid Python (line {line}: {error}): {text}",
            line=str(error.lineno), error=verbatim(str(error.msg)),
            text=repr(_excerpt(source)))) from None
    except (ValueError, RecursionError, MemoryError) as error:
        raise AnswerNotReadable(message("the answer cell could not be read: {kind}",
                                        kind=type(error).__name__)) from None
    body = tree.body
    if not body:
        raise AnswerNotReadable(message("the answer cell is empty: write {shown}", shown=shown))
    if len(body) != 1:
        raise AnswerNotReadable(message(
            "the answer cell must hold one line {shown} and nothing else; it has {count} statements",
            shown=shown, count=len(body)))
    statement = body[0]
    if (not isinstance(statement, ast.Assign) or len(statement.targets) != 1
            or not isinstance(statement.targets[0], ast.Name) or statement.targets[0].id not in names):
        raise AnswerNotReadable(message("the answer cell must be {shown}, not {text}", shown=shown,
                                        text=repr(_excerpt(ast.unparse(statement)))))
    try:
        return ast.literal_eval(statement.value)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        raise AnswerNotReadable(message(
            "the answer must be a plain value (a number, a string in quotes, a list or dict of "
            "them), not an expression: {text}",
            text=repr(_excerpt(ast.unparse(statement.value))))) from None


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
    """Most of the result file the grader reads (a larger one is refused as malformed)."""


@dataclass(frozen=True, kw_only=True)
class ProgramRun:
    """What came back from one run: the results of the calls, or why there are none.

    ``outcome`` is ``finished``, ``did-not-load`` (the code raised or did not
    compile), ``time-limit``, ``cpu-limit``, ``crashed``, ``no-result``,
    ``malformed`` (what came back is not in the grader's format) or
    ``not-isolated`` (the program was not run: this machine cannot confine it).
    ``why`` and ``load_why`` are the messages, in every language, of :attr:`reason`
    and :attr:`load_error` (their English texts).
    """

    outcome: str
    why: Message
    records: tuple[dict[str, Any], ...] = field(default=())
    load_why: Message | None = None
    seconds: float = 0.0
    processor_seconds: float = 0.0
    """Processor time (user + system) the program's process used (0 when it did not run)."""

    @property
    def reason(self) -> str:
        """Why the run ended as it did, in English (:attr:`why` in any language)."""
        return str(self.why)

    @property
    def load_error(self) -> str | None:
        """Why the program did not load, in English (``None`` when it did)."""
        return None if self.load_why is None else str(self.load_why)

    @property
    def stopped(self) -> str | None:
        """Why the run stopped early (``None`` when it finished)."""
        return None if self.stopped_why is None else str(self.stopped_why)

    @property
    def stopped_why(self) -> Message | None:
        """:attr:`stopped` as a message, in every language."""
        return None if self.outcome in ("finished", "did-not-load") else self.why

    @property
    def refused(self) -> bool:
        """Whether nothing it returned can be marked (malformed results, or not run at all)."""
        return self.outcome in ("malformed", "not-isolated")


@cache
def _child_source() -> str:
    return resources.files("bacara_teach.exercises").joinpath("sandbox_child.py").read_text("utf-8")


@lru_cache(maxsize=4)
def _child_code(source: str) -> bytes:
    """The child's code, compiled once, in :mod:`marshal`'s format (the child is this same
    interpreter), so that no graded process compiles it again."""
    return marshal.dumps(compile(source, "sandbox_child.py", "exec", dont_inherit=True))


def _child_command(code: bytes, python: str | None = None) -> list[str]:
    """``python -I -S -c <run the code at the head of stdin>``: the child's code is the first
    ``len(code)`` bytes of its stdin and what the grader tells it the rest (read by the code
    itself).  ``-S``: no :mod:`site`, so no ``.pth`` file of the installation runs in it."""
    boot = f"import marshal,sys;exec(marshal.loads(sys.stdin.buffer.read({len(code)})))"
    return [python or sys.executable, "-I", "-S", "-c", boot]


# -- what this machine can do --------------------------------------------------------------------


@cache
def _unshare() -> str | None:
    """``unshare`` when we are root and it can give a process an empty network namespace and an
    IPC namespace (the proof that the kernel lets the child make its own, as it then does
    where bubblewrap cannot be used)."""
    if sys.platform != "linux" or os.geteuid() != 0:
        return None
    tool = shutil.which("unshare")
    if tool is None:
        return None
    try:
        done = subprocess.run([tool, "--net", "--ipc", "--", "true"], capture_output=True, timeout=10,
                              check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return tool if done.returncode == 0 else None


def _landlock_abi() -> int:
    """The kernel's Landlock ABI version (0: no Landlock), asked as its documentation says."""
    if sys.platform != "linux":
        return 0
    try:
        import ctypes

        syscall = ctypes.CDLL(None, use_errno=True).syscall
        syscall.restype = ctypes.c_long
        version = syscall(ctypes.c_long(444), None, ctypes.c_size_t(0), ctypes.c_uint32(1))
    except (OSError, AttributeError, ImportError):
        return 0
    return max(0, int(version))


def _seccomp_available() -> bool:
    if sys.platform != "linux" or os.uname().machine not in SECCOMP_ARCHES:
        return False
    try:
        actions = Path("/proc/sys/kernel/seccomp/actions_avail").read_text(encoding="ascii")
    except OSError:
        return False
    return "errno" in actions.split()


# -- bubblewrap: each program in a sandbox of its own ------------------------------------------

PROGRAM_HOME = "/program"
"""The program's own folder inside its bubblewrap sandbox: empty and read-only."""
_DEVICES = ("/dev/null", "/dev/urandom")
_LIBRARIES = ("/usr/lib", "/usr/lib64", "/usr/lib32", "/lib", "/lib64", "/lib32")
"""The system's shared libraries, which the interpreter and its extension modules load."""


@dataclass(frozen=True)
class Wall:
    """bubblewrap (``bwrap``), as this machine runs it around each graded program."""

    tool: str
    version: str
    user_namespace: bool
    """Each program has a user namespace of its own (``False``: the grader is root, so bwrap
    runs as root and the program, in every other namespace of its own, becomes ``nobody``)."""
    as_nobody: bool
    """bwrap itself runs as ``nobody`` (a root grader whose Python ``nobody`` can reach)."""
    python: str
    """The interpreter it runs (this one's own executable, outside any virtual environment)."""
    arguments: tuple[str, ...]
    """bwrap's options: the namespaces and the read-only view of the files."""

    def command(self, code: bytes) -> list[str]:
        return [self.tool, *self.arguments, *_child_command(code, self.python)]

    def user(self) -> dict[str, Any]:
        """:class:`subprocess.Popen`'s arguments that start bwrap as ``nobody``, if it should."""
        return {"user": _NOBODY, "group": _NOBODY, "extra_groups": []} if self.as_nobody else {}


_NOBODY = 65534


def _base_python() -> str:
    """This interpreter's own executable (a virtual environment's ``python`` is a link to it)."""
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


def _mapped_libpython() -> list[str]:
    """The shared ``libpython`` this interpreter runs from, if any (it may live beside the
    interpreter, outside the system's library folders)."""
    try:
        maps = Path("/proc/self/maps").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    found = {line.split(None, 5)[5] for line in maps.splitlines()
             if len(line.split(None, 5)) == 6 and "/libpython" in line.split(None, 5)[5]}
    return sorted(os.path.realpath(path) for path in found if os.path.isfile(path))


def _wall_view() -> tuple[list[str], list[str]]:
    """bwrap's options for the files a program sees, and the paths they read on this machine.

    Read-only, at the same paths as here: the system's shared libraries, the interpreter (and
    its ``libpython``), the standard library; every ``site-packages`` or ``dist-packages``
    inside those and the engine's own package are hidden under an empty read-only folder;
    ``/dev/null`` and ``/dev/urandom``; the program's own folder (:data:`PROGRAM_HOME`),
    empty.  Nothing else exists: no ``/etc`` (but the loader's cache), ``/home``, ``/tmp``,
    ``/proc``, ``/sys`` or ``/run``.
    """
    python = _base_python()
    folders, hidden = _python_folders()
    options: list[str] = []
    sources: list[str] = []
    bound: list[str] = []
    for folder in _LIBRARIES:
        if os.path.islink(folder):
            options += ["--symlink", os.readlink(folder), folder]
        elif os.path.isdir(folder):
            options += ["--ro-bind", folder, folder]
            bound.append(folder)
    if os.path.isfile("/etc/ld.so.cache"):
        options += ["--perms", "0755", "--dir", "/etc",
                    "--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache"]
    made: set[str] = set()
    for path in [python, *_mapped_libpython(), *folders]:
        if not any(_inside(path, root) for root in bound):
            # the folders above it, made open to all (bwrap would copy this machine's modes,
            # and nobody may not go through root's home)
            above = [str(parent) for parent in reversed(Path(path).parents) if str(parent) != "/"]
            for folder in above:
                if folder not in made and not any(_inside(folder, root) for root in bound):
                    options += ["--perms", "0755", "--dir", folder]
                    made.add(folder)
            options += ["--ro-bind", path, path]
            bound.append(path)
        sources.append(path)
    for path in hidden:
        if os.path.isdir(path) and any(_inside(path, root) for root in bound):
            options += ["--tmpfs", path, "--remount-ro", path]
    options += ["--perms", "0755", "--dir", "/dev"]
    for device in _DEVICES:
        options += ["--dev-bind", device, device]
    options += ["--perms", "0755", "--dir", PROGRAM_HOME, "--chdir", PROGRAM_HOME,
                "--remount-ro", "/"]
    return options, sources


def _wall_arguments(user_namespace: bool) -> list[str]:
    """Every option bwrap gets: namespaces, a new session, death with the grader, a minimal
    environment and the view (:func:`_wall_view`)."""
    # --as-pid-1: the sandbox's first process is the harness's own, which waits for the
    # program and tells its end (sandbox_child._alone); bwrap's would not say how it ended
    options = ["--die-with-parent", "--new-session", "--as-pid-1", "--clearenv"]
    for name, value in {**_SERVER_ENV, "HOME": PROGRAM_HOME}.items():
        options += ["--setenv", name, value]
    if user_namespace:  # and none made inside it
        options += ["--unshare-all", "--unshare-user", "--disable-userns"]
    else:  # root: every namespace but the user's; the program drops to nobody itself
        options += ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
                    "--unshare-cgroup-try", "--cap-drop", "ALL", "--cap-add", "CAP_SETUID",
                    "--cap-add", "CAP_SETGID"]
    return options + _wall_view()[0]


def _reachable_by_nobody(path: str) -> bool:
    """Whether ``nobody`` may go through every folder above ``path`` (bwrap, started as
    ``nobody``, opens the paths it binds)."""
    folder = os.path.dirname(path.rstrip("/")) or "/"
    while True:
        try:
            info = os.stat(folder)
        except OSError:
            return False
        if not info.st_mode & stat.S_IXOTH:
            return False
        if folder == "/":
            return True
        folder = os.path.dirname(folder)


@cache
def _wall_probe() -> tuple[Wall | None, str | None]:
    """bubblewrap as this machine can run it (started once, on an empty program), or why not.

    As an ordinary user: a user namespace of its own for each program (the kernel must allow
    unprivileged user namespaces).  As root: bwrap as ``nobody`` in a user namespace when
    ``nobody`` can reach the interpreter, else bwrap as root without a user namespace and the
    program gives up root itself.
    """
    if sys.platform != "linux":
        return None, None
    tool = shutil.which("bwrap")
    if tool is None:
        return None, "bwrap is not installed (Debian: apt-get install bubblewrap)"
    try:
        version = subprocess.run([tool, "--version"], capture_output=True, timeout=10, check=False,
                                 text=True).stdout.strip() or "bubblewrap"
    except (OSError, subprocess.SubprocessError) as error:
        return None, f"bwrap does not start: {error}"
    python = _base_python()
    tries = [(True, False)]
    if os.geteuid() == 0:
        reachable = all(_reachable_by_nobody(path) for path in _wall_view()[1])
        tries = [(True, True), (False, False)] if reachable else [(False, False)]
    why = ""
    for user_namespace, as_nobody in tries:
        wall = Wall(tool=tool, version=version, user_namespace=user_namespace,
                    as_nobody=as_nobody, python=python,
                    arguments=tuple(_wall_arguments(user_namespace)))
        try:
            done = subprocess.run([wall.tool, *wall.arguments, python, "-I", "-S", "-c", ""],
                                  capture_output=True, timeout=30, check=False, cwd="/",
                                  env=_SERVER_ENV, **wall.user())
        except (OSError, subprocess.SubprocessError) as error:
            why = str(error)
            continue
        if done.returncode == 0:
            return wall, None
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        why = lines[-1][:300] if lines else f"status {done.returncode}"
    return None, f"bwrap could not start a sandbox: {why}"


@dataclass(frozen=True, kw_only=True)
class Isolation:
    """What this machine's kernel gives a graded program, and what it lacks."""

    landlock_abi: int
    """Landlock ABI version (0: none; 1+ files, 4+ TCP, 6+ signals and abstract sockets)."""
    seccomp: bool
    """A seccomp filter refusing sockets, ptrace, keyrings, System V IPC and mounts, and
    signals, limits and priorities for other processes."""
    as_root: bool
    """The grader is root, so the program runs as ``nobody``."""
    unshare: str | None
    """Without bubblewrap: the ``unshare`` tool, when it shows that a program can run without
    network interfaces (the child then moves into network and IPC namespaces of its own before
    it confines itself)."""
    wall: str | None = None
    """bubblewrap's version when each program runs in a bubblewrap sandbox of its own."""
    user_namespace: bool = False
    """With bubblewrap: each program has a user namespace of its own too."""
    wall_missing: str | None = None
    """Why bubblewrap is not used on this Linux machine (``None``: it is, or this is not Linux)."""

    @property
    def missing(self) -> tuple[str, ...]:
        """The kinds of isolation no layer provides (empty: programs may run)."""
        gaps = []
        if self.landlock_abi < 1 and not self.as_root and not self.wall:
            gaps.append(N_("file isolation (Linux Landlock)"))
        if self.landlock_abi < 4 and not self.seccomp and not self.unshare and not self.wall:
            gaps.append(N_("network isolation (Landlock ABI 4 or seccomp)"))
        if self.landlock_abi < 6 and not self.seccomp and not self.as_root and not self.wall:
            gaps.append(N_("process isolation (Landlock ABI 6 or seccomp)"))
        return tuple(gaps)

    @property
    def layers(self) -> tuple[str, ...]:
        if self.wall:
            spaces = "user, PID, IPC, UTS, network and mount" if self.user_namespace else \
                "PID, IPC, UTS, network and mount"
            layers = [f"{self.wall} (namespaces of its own: {spaces}; read-only view of the "
                      "standard library and an empty folder; killed whole at the end)",
                      "a fresh python -I -S for each program (its own hash seed and memory layout)",
                      "minimal environment", "wall-clock limit"]
        else:
            layers = ["separate process (forked for one program)", "python -I -S",
                      "temporary directory", "minimal environment", "wall-clock limit"]
        if sys.platform == "linux":
            layers.append("rlimits (CPU, memory, file size, processes)")
        if self.landlock_abi:
            what = "files" + (", TCP" if self.landlock_abi >= 4 else "") + (
                ", signals, abstract sockets" if self.landlock_abi >= 6 else "")
            layers.append(f"Landlock ABI {self.landlock_abi} ({what})")
        if self.seccomp:
            layers.append("seccomp (no sockets, ptrace, keyrings, System V IPC or mounts; signals, "
                          "limits and priorities for itself only)")
        if self.as_root:
            layers.append("runs as nobody")
        if self.unshare and not self.wall:
            layers.append("network namespace of its own (no network interface)")
        layers.append("audit hook")
        return tuple(layers)


@cache
def isolation() -> Isolation:
    """This machine's isolation (probed once)."""
    wall, why = _wall_probe()
    return Isolation(landlock_abi=_landlock_abi(), seccomp=_seccomp_available(),
                     as_root=hasattr(os, "geteuid") and os.geteuid() == 0,
                     unshare=None if wall else _unshare(),
                     wall=wall.version if wall else None,
                     user_namespace=bool(wall and wall.user_namespace), wall_missing=why)


def isolation_layers() -> tuple[str, ...]:
    """The layers this machine gives a program run (for reports and tests)."""
    return isolation().layers


def isolation_missing() -> str | None:
    """Why programs cannot be run on this machine, or ``None`` when they can (in English)."""
    why = isolation_missing_message()
    return None if why is None else str(why)


def wall_missing_message() -> Message | None:
    """Why graded programs run without bubblewrap on this Linux machine, in every language
    (``None``: they run in it, or this is not Linux).

    >>> print(Isolation(landlock_abi=7, seccomp=True, as_root=True, unshare=None,
    ...                 wall_missing="bwrap is not installed").wall_missing)
    bwrap is not installed
    """
    why = isolation().wall_missing
    if why is None:
        return None
    return message("graded programs run without bubblewrap ({why}): each is confined by its own "
                   "process, Landlock, seccomp and the audit hook only",
                   why=verbatim(why))


_told_without_wall: list[bool] = []


def _tell_without_wall() -> None:
    """Say once, on stderr, that programs run without bubblewrap, and why."""
    why = wall_missing_message()
    if why is None or _told_without_wall:
        return
    _told_without_wall.append(True)
    print(tr("{prog}: notice: {notice}", None, prog="bacara-teach", notice=why), file=sys.stderr)


def isolation_missing_message(gaps: Sequence[str] | None = None) -> Message | None:
    """:func:`isolation_missing` as a message, in every language (``gaps``: this machine's).

    >>> print(isolation_missing_message(["file isolation (Linux Landlock)"]).render("es"))
    esta máquina no puede aislar en el núcleo un programa corregido (falta: aislamiento de archivos (Linux Landlock)); corrija en un Linux cuyo núcleo tenga Landlock y seccomp, o como root
    """
    found = tuple(isolation().missing if gaps is None else gaps)
    if not found:
        return None
    return message("this machine cannot confine a graded program in the kernel (missing: {gaps}); "
                   "grade on a Linux whose kernel has Landlock and seccomp, or as root",
                   gaps=Wording(lambda lang: ", ".join(tr(gap, lang) for gap in found)))


@cache
def _python_folders() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The standard library's folders (in import order) and the folders inside them to hide.

    Hidden: every ``site-packages`` or ``dist-packages`` and the engine's own package, so a
    program can neither read the engine's source nor import an installed copy of it.
    """
    stdlib = os.path.dirname(os.__file__)
    dynload = sysconfig.get_config_var("DESTSHARED") or ""
    folders = [os.path.realpath(p) for p in (stdlib, dynload) if p and os.path.isdir(p)]
    hidden: set[str] = set()
    prefixes = [sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix]
    with contextlib.suppress(AttributeError):
        hidden.update(site.getsitepackages(prefixes))
    with contextlib.suppress(AttributeError):
        hidden.add(site.getusersitepackages())
    for scheme in (sysconfig.get_paths(),
                   sysconfig.get_paths(vars={"base": sys.base_prefix, "platbase": sys.base_exec_prefix})):
        hidden.update((scheme["purelib"], scheme["platlib"]))
    hidden.update(p for p in sys.path if p.rstrip(os.sep).endswith(("site-packages", "dist-packages")))
    hidden.add(str(Path(__file__).resolve().parents[1]))  # bacara_teach itself
    return tuple(dict.fromkeys(folders)), tuple(sorted({os.path.realpath(h) for h in hidden if h}))


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _carve(root: str, hidden: Sequence[str]) -> list[list[str]]:
    """Landlock rules granting reads under ``root`` except under ``hidden``.

    Landlock only grants, so a folder holding a hidden one is granted listing only, and each of
    its entries gets its own rule (links are never followed: they resolve when used).
    """
    inner = [h for h in hidden if _inside(h, root)]
    if not inner:
        return [[root, "tree"]]
    if root in inner:
        return []
    rules = [[root, "list"]]
    try:
        entries = sorted(os.scandir(root), key=lambda e: e.name)
    except OSError:
        return rules
    for entry in entries:
        if entry.is_symlink():
            continue
        if entry.is_dir(follow_symlinks=False):
            rules += _carve(entry.path, inner)
        else:
            rules.append([entry.path, "tree"])
    return rules


@cache
def _outermost_folders() -> tuple[str, ...]:
    """The standard library's folders that no other of them holds."""
    folders = _python_folders()[0]
    return tuple(f for f in folders if not any(f != g and _inside(f, g) for g in folders))


@cache
def _landlock_rules() -> tuple[tuple[str, str], ...]:
    hidden = _python_folders()[1]
    return tuple((path, kind) for root in _outermost_folders() for path, kind in _carve(root, hidden))


@cache
def _wall_landlock_rules() -> tuple[tuple[str, str], ...]:
    """Landlock's rules for a program in bubblewrap's sandbox: the standard library's folders,
    each whole.

    In the sandbox's view every hidden folder inside them (``site-packages``, the engine) is an
    empty read-only folder (:func:`_wall_view`), so a folder granted whole grants nothing
    hidden there, in one rule instead of :func:`_landlock_rules`' one per entry of the standard
    library (about two hundred paths opened and added for every program).  Should a hidden
    path inside them be anything but a folder (which the view would not cover), the entries are
    carved as outside bubblewrap.
    """
    hidden, outermost = _python_folders()[1], _outermost_folders()
    inside = [h for h in hidden if any(_inside(h, root) for root in outermost)]
    if any(os.path.lexists(h) and (os.path.islink(h) or not os.path.isdir(h)) for h in inside):
        return _landlock_rules()
    return tuple((root, "tree") for root in outermost if root not in inside)


def compile_program(source: str, filename: str) -> CodeType | None:
    r"""``source`` compiled as the harness would compile it (a module of its own, no future
    import of the grader's; the same interpreter runs it), or ``None`` when it does not
    compile: the harness then compiles it again, to report the program's own error.

    Compiling here spares each sandbox the first :func:`compile` of its process, which
    makes Python's :mod:`ast` types (about as long as the rest of a program's run).  The
    source is at most :data:`MAX_PROGRAM_CHARS` long, and the compiler refuses too deep a
    nesting with an exception, so a hostile source costs the grader a bounded moment.

    >>> compile_program("def play(cards):\n    return 'banco'\n", "<answer q12>").co_filename
    '<answer q12>'
    >>> compile_program("def (", "<answer q12>") is None
    True
    """
    try:
        return compile(source, filename, "exec", dont_inherit=True, optimize=0)
    except Exception:  # SyntaxError, a null byte, too deep a nesting: the harness says which
        return None


_PRELOADED_WORD = re.compile(
    r"\b(?:" + "|".join(sorted({module.split(".")[0] for module in PRELOADED})) + r")\b")


def _constant_texts(code: CodeType) -> Iterator[str]:
    """The texts among the constants of ``code`` and of the code it holds (functions, classes)."""
    for constant in code.co_consts:
        if isinstance(constant, str):
            yield constant
        elif isinstance(constant, CodeType):
            yield from _constant_texts(constant)
        elif isinstance(constant, (tuple, frozenset)):
            yield from (item for item in constant if isinstance(item, str))


def preloads(source: str, code: CodeType | None = None) -> list[str]:
    r"""The modules of :data:`~bacara_teach.exercises.sandbox_child.PRELOADED` that ``source``
    imports (or names in a string, as for ``__import__("fractions")``): the child imports
    only those before it confines itself.

    With ``code`` (the source compiled, :func:`compile_program`), a source is not parsed again
    when no such module's name stands as a word in its text, no backslash is in it (an escape
    could spell one) and no text its code holds names one (two strings side by side make
    one): nothing it runs can name one (a text the compiler drops, in code that never runs,
    is not looked at).

    >>> preloads("from fractions import Fraction; import collections.abc as abc; x = 'math'")
    ['collections', 'collections.abc', 'fractions', 'math']
    >>> preloads("def play(cards): return 'banco'"), preloads("def (")
    ([], [])
    >>> source = "def play(cards):\n    return __import__('ma' 'th').floor(1.5)\n"
    >>> preloads(source, compile_program(source, "<answer>"))
    ['math']
    """
    if (code is not None and "\\" not in source and _PRELOADED_WORD.search(source) is None
            and not any(_PRELOADED_WORD.search(text) for text in _constant_texts(code))):
        return []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # the child reports it, with nothing preloaded
        return []
    named: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            named.add(node.module)
            named.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) < 40:
            named.add(node.value.strip())
    wanted = {".".join(parts[:i]) for name in named if (parts := name.split("."))
              for i in range(1, len(parts) + 1)}
    return [module for module in PRELOADED if module in wanted]


_SERVER_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
_IDLE_SERVERS = 4
"""Most fork servers kept waiting for the next run (as many as programs run at once)."""


class _ServerLost(Exception):
    """The process that runs programs stopped answering (it is discarded; another one is started)."""


class _Lines:
    """The lines a child process writes on its stdout (a pipe only the grader reads)."""

    process: subprocess.Popen[bytes]

    def _listen(self) -> None:
        assert self.process.stdout is not None
        self._out = self.process.stdout.fileno()
        self._poll = select.poll()  # not select(): any descriptor number
        self._poll.register(self._out, select.POLLIN)
        self._buffer = b""

    def line(self, timeout: float | None = None) -> bytes | None:
        """The next line, or ``None`` when none came within ``timeout`` seconds; raises
        :class:`_ServerLost` when the pipe is closed first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self._buffer:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not self._poll.poll(None if left is None else math.ceil(left * 1000)):
                return None
            chunk = os.read(self._out, 4096)
            if not chunk:
                raise _ServerLost
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line


class _Server(_Lines):
    """A fork server (:func:`~bacara_teach.exercises.sandbox_child.serve`), where bubblewrap
    cannot be used: a ``python -I -S`` process that has loaded the child's code and forks one
    fresh child per program."""

    def __init__(self, code: bytes, held: tuple[tuple[str, str], ...]) -> None:
        self.code = code
        self.held = held
        self.process = subprocess.Popen(
            _child_command(code), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, cwd="/", env=_SERVER_ENV, start_new_session=True,
            close_fds=True)
        assert self.process.stdin is not None
        self._in = self.process.stdin
        self._listen()
        rules = marshal.dumps(held)  # the Landlock rules it opens once, for every child
        self._in.write(code + b"serve\n%d\n" % len(rules) + rules)
        self._in.flush()

    def send(self, line: bytes) -> None:
        try:
            self._in.write(line + b"\n")
            self._in.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise _ServerLost from None

    def alive(self) -> bool:
        return self.process.poll() is None and not self._buffer

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self._in.close()  # the server ends when its stdin does
        try:
            self.process.wait(2)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        with contextlib.suppress(OSError, ValueError):
            self.process.stdout.close()  # type: ignore[union-attr]


_START_SECONDS = 30.0
"""Longest wait for a sandbox to be ready before its program's time starts (a machine under
heavy load; it takes a few hundredths of a second)."""
_WARM_UP_AHEAD = False
"""Whether a process started ahead warms up (:func:`~.sandbox_child._warm_up`) before its
program comes: the program's answer comes sooner, for a little more processor time."""


def _scratch_file() -> BinaryIO:
    """A file of the grader's own that no path leads to: in memory (``memfd_create``), or an
    unnamed temporary file where the kernel cannot make one."""
    try:
        handle = os.memfd_create("bacara-grade", os.MFD_CLOEXEC)
    except (AttributeError, OSError):
        return tempfile.TemporaryFile(prefix="bacara-grade-")
    return open(handle, "w+b")


class _Standby(_Lines):
    """One program's sandbox, started ahead of it: ``bwrap ... python -I -S`` running
    :func:`~bacara_teach.exercises.sandbox_child._alone`, confined, waiting for its request.

    The grader keeps its side of everything: the boot file on its stdin, the request pipe, the
    result and output files (anonymous files the program writes through the descriptors it is
    given), and the program's line (the process's stdout: ``ready``, then ``start`` or
    ``failed <why>``, written before the program's code exists).  bwrap's own stderr is a pipe
    too; the program's stderr is a file.
    """

    def __init__(self, code: bytes, wall: Wall, rules: tuple[tuple[str, str], ...]) -> None:
        self.code = code
        self.wall = wall
        self.rules = rules
        self.files = [_scratch_file() for _ in range(3)]
        result, stdout, stderr = (file.fileno() for file in self.files)
        reader, self._request = os.pipe()
        life, self._life = os.pipe()  # the sandbox ends when the grader closes its end
        found = isolation()
        landlock = None
        if found.landlock_abi:
            devices = [(device, "tree") for device in _DEVICES]
            landlock = {"abi": found.landlock_abi,
                        "rules": [*rules, (PROGRAM_HOME, "tree"), *devices]}
        config = marshal.dumps({
            "fds": {"request": reader, "result": result, "stdout": stdout, "stderr": stderr,
                    "life": life},
            "landlock": landlock, "seccomp": found.seccomp, "warm_up": _WARM_UP_AHEAD})
        with _scratch_file() as boot:
            boot.write(code + b"alone\n%d\n" % len(config) + config)
            boot.seek(0)
            try:
                self.process = subprocess.Popen(
                    wall.command(code), stdin=boot, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, pass_fds=(reader, result, stdout, stderr, life), cwd="/",
                    env=_SERVER_ENV, start_new_session=True, **wall.user())
            except BaseException:
                os.close(self._request)
                os.close(self._life)
                for file in self.files:
                    file.close()
                raise
            finally:
                os.close(reader)
                os.close(life)
        self._listen()
        self.reaped: tuple[int, float] | None = None

    def alive(self) -> bool:
        """Whether the process still runs (without reaping it: :meth:`reap` does)."""
        try:
            return os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None
        except ChildProcessError:
            return False

    def send(self, request: bytes) -> None:
        data = memoryview(b"%d\n" % len(request) + request)
        try:
            while data:
                data = data[os.write(self._request, data):]
        except OSError:
            raise _ServerLost from None
        finally:
            os.close(self._request)
            self._request = -1

    def ended(self, timeout: float) -> bool:
        """Wait until the sandbox has ended (every process in it), at most ``timeout`` seconds.

        The program's line is closed only when the last process holding it has: bwrap's
        own processes, the last to end in the sandbox (its first process takes every other
        one in its PID namespace with it).
        """
        try:
            while self.line(timeout) is not None:
                pass  # a line after "start" is not the harness's: the program cannot write here
        except _ServerLost:
            return True
        return False

    def reap(self) -> tuple[int, float]:
        """bwrap's exit status (the program's, or 128 + the signal that ended it) and the
        processor seconds of everything in the sandbox."""
        if self.reaped is None:
            try:
                _, status, usage = os.wait4(self.process.pid, 0)
            except ChildProcessError:  # reaped already (never by this class)
                self.reaped = (self.process.returncode or -signal.SIGKILL, 0.0)
                return self.reaped
            self.process.returncode = os.waitstatus_to_exitcode(status)
            self.reaped = (self.process.returncode, usage.ru_utime + usage.ru_stime)
        return self.reaped

    def kill(self) -> None:
        """Kill the sandbox: bwrap dies, its first process with it (bwrap's ``--die-with-parent``)
        and with that one every process of the sandbox's PID namespace; wait for them."""
        self._end_life()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            self.process.kill()
        self.ended(10)
        self.reap()

    def _end_life(self) -> None:
        if self._life >= 0:
            with contextlib.suppress(OSError):
                os.close(self._life)
            self._life = -1

    def bwrap_said(self) -> str:
        """The last line bwrap wrote on its stderr (only bwrap and the process before the
        program's code exists write there)."""
        assert self.process.stderr is not None
        os.set_blocking(self.process.stderr.fileno(), False)
        try:
            text = self.process.stderr.read(4096) or b""
        except OSError:
            text = b""
        lines = [line.strip() for line in text.decode("utf-8", "replace").splitlines() if line.strip()]
        return lines[-1][:300] if lines else ""

    def close(self) -> None:
        if self._request >= 0:
            with contextlib.suppress(OSError):
                os.close(self._request)  # the process ends quietly
            self._request = -1
        if self.reaped is None:
            self.kill()
        self._end_life()
        for pipe in (self.process.stdout, self.process.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                pipe.close()  # type: ignore[union-attr]
        for file in self.files:
            file.close()


_servers: list[_Server] = []
_standbys: list[_Standby] = []
_servers_lock = threading.Lock()
_running: list[int] = [0]
"""How many programs run now: as many sandboxes are kept started ahead."""


def _take_server(code: bytes, held: tuple[tuple[str, str], ...]) -> _Server:
    """A waiting fork server of this child code and these held rules, or a new one."""
    with _servers_lock:
        while _servers:
            server = _servers.pop()
            if server.code == code and server.held == held and server.alive():
                return server
            server.close()
    return _Server(code, held)


def _give_back(server: _Server) -> None:
    with _servers_lock:
        if len(_servers) < _IDLE_SERVERS:
            _servers.append(server)
            return
    server.close()


def _take_standby(code: bytes, wall: Wall, rules: tuple[tuple[str, str], ...]) -> _Standby:
    """A sandbox started ahead with this child code (the oldest, most likely ready), or a new
    one; then as many are started ahead as programs run now, for the next ones."""
    stale: list[_Standby] = []
    taken = None
    with _servers_lock:
        _running[0] += 1
        while _standbys and taken is None:
            standby = _standbys.pop(0)
            if (standby.code, standby.wall, standby.rules) == (code, wall, rules) and standby.alive():
                taken = standby
            else:
                stale.append(standby)
        missing = min(_IDLE_SERVERS, _running[0]) - len(_standbys)
    for standby in stale:
        standby.close()
    if taken is None:
        taken = _Standby(code, wall, rules)
    for _ in range(missing):
        ahead = _Standby(code, wall, rules)
        with _servers_lock:
            _standbys.append(ahead)
    return taken


def _done_with_standby() -> None:
    with _servers_lock:
        _running[0] -= 1


@atexit.register
def _close_servers() -> None:
    with _servers_lock:
        servers, _servers[:] = list(_servers), []
        standbys, _standbys[:] = list(_standbys), []
    for server in servers:
        server.close()
    for standby in standbys:
        standby.close()


def _forget_servers() -> None:
    """In a process forked from the grader: the servers and sandboxes are the grader's, not its
    own."""
    for server in _servers:
        for pipe in (server.process.stdin, server.process.stdout):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                pipe.close()  # type: ignore[union-attr]
    for standby in _standbys:
        for pipe in (standby.process.stdout, standby.process.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                pipe.close()  # type: ignore[union-attr]
        for handle in (standby._request, standby._life):  # noqa: SLF001 - the class's own module
            with contextlib.suppress(OSError):
                os.close(handle)
    _servers.clear()
    _standbys.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_servers)


def _kill(pid: int) -> None:
    """Kill the child and its process group (it is not reaped yet: the pid is still its own)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


@dataclass(frozen=True)
class _Ended:
    returncode: int | None
    """As :attr:`subprocess.Popen.returncode` (``None``: the process that runs programs was lost)."""
    timed_out: bool = False
    processor_seconds: float = 0.0
    started: bool = False
    """Whether the program's code ran: the harness said ``start`` on the grader's own line,
    once its sandbox was in place (else the program was not run)."""
    failure: str = ""
    """Why the sandbox could not be set up, as the harness or bwrap said it (not started)."""
    raw: bytes = b""
    """The result file, read up to its limit."""
    last_error: str = ""
    """The last line of the program's stderr."""


def _status(line: bytes | None) -> tuple[int, float, bytes] | None:
    """``<wait status> <processor seconds> <start|failed <why>|none>`` as the server writes it."""
    parts = (line or b"").split(None, 2)
    if len(parts) != 3 or not parts[0].isdigit():
        return None
    try:
        return int(parts[0]), float(parts[1]), parts[2]
    except ValueError:
        return None


def _said(said: bytes) -> tuple[bool, str]:
    """``(started, why not)`` from what the harness said on the grader's line."""
    if said == b"start":
        return True, ""
    if said.startswith(b"failed "):
        return False, said[7:].decode("ascii", "replace")
    return False, ""


def _run_child(code: bytes, home: Path, wall_seconds: float, raw_limit: int) -> _Ended:
    """Fork a child for the request in ``home`` and wait for it (at most ``wall_seconds``);
    read at most ``raw_limit`` bytes of its results."""
    held = _landlock_rules() if isolation().landlock_abi else ()
    for attempt in (1, 2):  # a server that ended while it waited is replaced once
        server = _take_server(code, held)
        pid = None
        try:
            server.send(os.fsencode(str(home)))
            answer = server.line(wall_seconds)
            if answer is None or not answer.isdigit():  # no fork (the server said why)
                server.close()
                return _Ended(None)
            pid = int(answer)
            timed_out = server.line(wall_seconds) is None
            _kill(pid)
            if timed_out:
                server.line()  # "exited", now that it is killed
            server.send(b"reap")
            ended = _status(server.line())
        except _ServerLost:
            if pid is not None:
                _kill(pid)
            server.close()
            if attempt == 1 and pid is None:
                continue
            return _Ended(None)
        except BaseException:  # interrupted: neither this child nor its server is left behind
            if pid is not None:
                _kill(pid)
            server.close()
            raise
        if ended is None:
            server.close()
            return _Ended(None)
        _give_back(server)
        started, failure = _said(ended[2])
        return _Ended(os.waitstatus_to_exitcode(ended[0]), timed_out, ended[1], started, failure,
                      raw=_read_bounded(home / RESULT_FILE, raw_limit),
                      last_error=_last_line(home / "stderr.txt"))
    return _Ended(None)


def _run_alone(code: bytes, wall: Wall, request: bytes, limits: Limits) -> _Ended:
    """Run the request in a sandbox of its own, started ahead (:class:`_Standby`)."""
    rules = _wall_landlock_rules() if isolation().landlock_abi else ()
    standby = _take_standby(code, wall, rules)
    try:
        try:
            ready = standby.line(_START_SECONDS)
        except _ServerLost:
            ready = b""
        if ready != b"ready":
            standby.kill()
            return _Ended(None, failure=_said(ready or b"")[1] or standby.bwrap_said())
        begun = time.monotonic()
        try:
            standby.send(request)
            said = standby.line(limits.wall_seconds)
        except _ServerLost:
            said = b""
        if said != b"start":  # nothing of the program's ran
            standby.kill()
            return _Ended(None, failure=_said(said or b"")[1] or standby.bwrap_said())
        try:
            ended = standby.line(max(0.0, limits.wall_seconds - (time.monotonic() - begun)))
        except _ServerLost:  # the sandbox's first process is gone: it was not the program
            ended = b""
        timed_out = ended is None
        standby.kill()  # whatever is left in the sandbox (nothing, once its first process said "ended")
        parts = (ended or b"").split()
        returncode: int | None = None
        processor = 0.0
        if len(parts) == 3 and parts[0] == b"ended" and parts[1].isdigit():
            returncode = os.waitstatus_to_exitcode(int(parts[1]))
            with contextlib.suppress(ValueError):
                processor = float(parts[2])
        elif not timed_out:  # killed with its sandbox before its end was told
            returncode = -signal.SIGKILL
        result, _, stderr = standby.files
        return _Ended(returncode, timed_out, processor, started=True,
                      raw=_read_file_bounded(result, limits.result_bytes + 1),
                      last_error=_last_text_line(_read_file_bounded(stderr, 4096)))
    finally:
        standby.close()
        _done_with_standby()


def _request(source: str, calls: Sequence[Mapping[str, Any]], filename: str, home: str,
             limits: Limits, *, seal: str | None = None,
             record_cap: int | None = None) -> bytes:
    folders, hidden = _python_folders()
    found = isolation()
    landlock = None
    if found.landlock_abi:
        # with the standard library's rules (_landlock_rules), which the fork server holds open
        rules = [(home, "tree"), *((device, "tree") for device in _DEVICES)]
        landlock = {"abi": found.landlock_abi, "rules": rules}
    code = compile_program(source, filename)
    return marshal.dumps({
        "source": source, "code": code, "filename": filename, "calls": list(calls),
        "readable": list(folders), "hidden": list(hidden), "import_paths": list(folders),
        "blocked_imports": list(BLOCKED_IMPORTS), "landlock": landlock, "seccomp": found.seccomp,
        # as root: network and IPC namespaces of its own, made by the child before its confinement
        "network_namespace": found.unshare is not None,
        "preload": preloads(source, code),
        # set by the child itself before anything else (a preexec_fn would fork the grader)
        "limits": {"cpu_seconds": limits.cpu_seconds, "memory_bytes": limits.memory_bytes,
                   "file_bytes": limits.file_bytes},
        "seal": seal, "record_cap": record_cap,
    })


def _wall() -> Wall | None:
    """bubblewrap, when this machine's isolation uses it."""
    return _wall_probe()[0] if isolation().wall else None


def run_program(
    source: str,
    calls: Sequence[Mapping[str, Any]],
    *,
    limits: Limits | None = None,
    filename: str = "answer",
) -> ProgramRun:
    """Run ``source`` in a fresh, confined process and call its functions on ``calls``.

    ``calls`` is a list of ``{"function": name, "args": [[...], ...]}``.
    Never raises for anything the program does: every failure comes back as
    a :class:`ProgramRun` with a reason.
    """
    limits = limits or Limits()
    if not isinstance(source, str) or not source.strip():
        empty = message("the code cell is empty")
        return ProgramRun(outcome="did-not-load", why=empty, load_why=empty)
    if len(source) > MAX_PROGRAM_CHARS:
        long = message("the code cell is {length} characters long; at most {most} are run",
                       length=len(source), most=MAX_PROGRAM_CHARS)
        return ProgramRun(outcome="did-not-load", why=long, load_why=long)
    missing = isolation_missing_message()
    if missing is not None:
        return ProgramRun(outcome="not-isolated",
                          why=message("the program was not run: {why}", why=missing))
    seal = secrets.token_hex(16)  # this run's own records carry it; a forged record does not
    # each function's line of results gets an equal share of the result file's size limit
    record_cap = max(4096, (min(limits.file_bytes, limits.result_bytes) - 4096) // max(1, len(calls)))
    started = time.monotonic()
    code = _child_code(_child_source())
    wall = _wall()
    if wall is not None:
        request = _request(source, calls, filename, PROGRAM_HOME, limits, seal=seal,
                           record_cap=record_cap)
        ended = _run_alone(code, wall, request, limits)
    else:
        _tell_without_wall()
        home = Path(tempfile.mkdtemp(prefix="bacara-grade-")).resolve()
        try:
            request = _request(source, calls, filename, str(home), limits, seal=seal,
                               record_cap=record_cap)
            # readable by its owner only; the child reads it and removes it before it confines itself
            handle = os.open(home / REQUEST_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                             | getattr(os, "O_NOFOLLOW", 0), 0o600)
            with open(handle, "wb") as file:
                file.write(request)
            ended = _run_child(code, home, limits.wall_seconds - (time.monotonic() - started),
                               limits.result_bytes + 1)
        finally:
            shutil.rmtree(home, ignore_errors=True)
    seconds = time.monotonic() - started
    if ended.returncode is None and not ended.started and not ended.failure:
        return ProgramRun(outcome="not-isolated", seconds=seconds,
                          why=message("the program was not run: its sandbox could not be "
                                      "set up ({why})",
                                      why=message("the process that starts graded programs stopped")))
    if not ended.started:  # the grader's own line says so: never what the program wrote
        why = verbatim(ended.failure) if ended.failure else message("no reason given")
        return ProgramRun(outcome="not-isolated", seconds=seconds, why=message(
            "the program was not run: its sandbox could not be set up ({why})", why=why))
    run = _read_run(ended, calls, limits, seal=seal, seconds=seconds)
    return replace(run, processor_seconds=ended.processor_seconds)


def _read_run(ended: _Ended, calls: Sequence[Mapping[str, Any]], limits: Limits, *, seal: str,
              seconds: float) -> ProgramRun:
    """What a run that ended left (its result file, its stderr), read as untrusted data."""
    raw = ended.raw
    if len(raw) > limits.result_bytes:
        return ProgramRun(outcome="malformed", seconds=seconds, why=message(
            "its results were not in the grader's format: more than {size} bytes",
            size=limits.result_bytes))
    read = read_records(raw, calls, seal=seal)
    if read.malformed is not None:
        return ProgramRun(outcome="malformed", seconds=seconds, why=message(
            "its results were not in the grader's format: {why}",
            why=read.malformed_why or verbatim(read.malformed)))
    run = _outcome(ended.returncode, timed_out=ended.timed_out, records=read.records,
                   load_error=read.load_error, load_refused=read.load_refused,
                   limits=limits, seconds=seconds, processor_seconds=ended.processor_seconds)
    if run.outcome in ("crashed", "no-result"):
        last = ended.last_error
        if last:
            detail = message("{why} ({detail})", why=run.why, detail=verbatim(last))
            return ProgramRun(outcome=run.outcome, why=detail, records=run.records,
                              load_why=detail if run.load_why else None, seconds=seconds)
    return run


def _read_file_bounded(file: Any, limit: int) -> bytes:
    """At most ``limit`` bytes of a file the grader made and holds open, from its start."""
    file.seek(0)
    data: bytes = file.read(limit)
    return data


def _last_text_line(data: bytes) -> str:
    """The last non-empty line of ``data`` (a crash's message), at most 200 characters."""
    text = data.decode("utf-8", "replace")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


def _read_bounded(path: Path, limit: int) -> bytes:
    """At most ``limit`` bytes of a regular file (never a link, a pipe or a device)."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return b""
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return b""
        chunks = []
        size = 0
        while size < limit:
            chunk = os.read(handle, min(65536, limit - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(handle)


def _last_line(path: Path, limit: int = 4096) -> str:
    """The last non-empty line of the first ``limit`` bytes of a file (a crash's message)."""
    return _last_text_line(_read_bounded(path, limit))


# -- reading what came back ----------------------------------------------------------------------

_REFUSAL_WORDS = {
    "event": N_("not allowed in graded code: {name}"),
    "import": N_("not allowed in graded code: import {name}"),
    "guard": N_("not allowed in graded code: changing the grader's guard"),
    "not-text": N_("not allowed in graded code: a path that is not plain text"),
    "reading": N_("not allowed in graded code: reading {path}"),
    "writing": N_("not allowed in graded code: writing {path}"),
    "listing": N_("not allowed in graded code: {name} {path}"),
}
assert set(_REFUSAL_WORDS) == set(REFUSALS)


def refusal_message(refusal: Sequence[str]) -> Message:
    """What the audit hook refused (``[kind, name, path]``, as the harness reports it), in words.

    >>> print(refusal_message(["import", "socket", ""]).render("es"))
    no está permitido en el código corregido: import socket
    >>> print(refusal_message(["reading", "open", "/etc/passwd"]))
    not allowed in graded code: reading '/etc/passwd'
    """
    kind, name, path = refusal
    return Message(_REFUSAL_WORDS[kind], params={"name": name, "path": repr(path)})


_MAX_ERROR_CHARS = 400
_MAX_TYPE_CHARS = 100
_MAX_VALUE_CHARS = 200
_MAX_INT = 10**15


class _Malformed(ValueError):
    """What is wrong with a result file, as a message (``str()`` is its English text)."""

    def __init__(self, why: Message) -> None:
        super().__init__(str(why))
        self.why = why


@dataclass(frozen=True, kw_only=True)
class Records:
    """The result file read as untrusted data: its records, or why it is refused."""

    records: tuple[dict[str, Any], ...] = ()
    load_error: str | None = None
    load_refused: tuple[str, str, str] | None = None
    """What the audit hook refused as the program loaded (``[kind, name, path]``)."""
    malformed: str | None = None
    """Why the file is refused, in English (:attr:`malformed_why` in every language)."""
    malformed_why: Message | None = field(default=None, repr=False)


def _text(value: object, limit: int, what: Message) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise _Malformed(message("{what} is not a text of at most {limit} characters", what=what,
                                 limit=limit))
    return value


def _plain(value: object) -> bool:
    """Whether ``value`` is one the harness sends as ``["ok", value]``."""
    kind = type(value)
    if value is None or kind is bool:
        return True
    if kind is int:
        return abs(value) <= _MAX_INT  # type: ignore[arg-type]
    if kind is str:
        return len(value) <= _MAX_VALUE_CHARS  # type: ignore[arg-type]
    if kind is float:
        return math.isfinite(value)  # type: ignore[arg-type]
    return False


def _result(item: object, number: int, index: int) -> list[Any]:
    """Result ``index`` of line ``number``: a ``[kind, value]`` pair the harness writes."""
    if type(item) is list and len(item) == 2 and item[0] == "ok" and _plain(item[1]):
        return ["ok", item[1]]  # most results: checked without wording anything
    where = message("line {number}, result {index}", number=number, index=index)
    if not isinstance(item, list) or len(item) != 2:
        raise _Malformed(message("{where} is not a pair [kind, value]", where=where))
    kind, value = item
    if kind == "ok":
        raise _Malformed(message("{where} holds a value the harness never sends", where=where))
    if kind == "ok-type":
        _text(value, _MAX_TYPE_CHARS, message("{where}'s type name", where=where))
    elif kind == "error":
        _text(value, _MAX_ERROR_CHARS, message("{where}'s error", where=where))
    elif kind == "refused":
        value = list(_refusal(value, message("{where}'s refusal", where=where)))
    else:
        raise _Malformed(message("{where} has an unknown kind", where=where))
    return [kind, value]


def _refusal(value: object, what: Message) -> tuple[str, str, str]:
    """``[kind, name, path]``: a kind the hook refuses, an event or module name, a path."""
    if not isinstance(value, list) or len(value) != 3 or value[0] not in REFUSALS:
        raise _Malformed(message("{what} is not a refusal the harness reports", what=what))
    kind = str(value[0])
    return (kind, _text(value[1], _MAX_TYPE_CHARS, what), _text(value[2], _MAX_VALUE_CHARS, what))


def _refuse_constant(name: str) -> None:
    raise _Malformed(message("{name} is not a value the harness sends", name=name))


def read_records(raw: bytes, calls: Sequence[Mapping[str, Any]], *, seal: str | None = None) -> Records:
    r"""Read a result file strictly: exactly the harness's records, in the harness's order.

    Line 1 is ``{"load": "ok"}``, ``{"load": "error", "error": text}`` or
    ``{"load": "refused", "refused": [kind, name, path]}`` (the audit hook refused what the
    program did as it loaded: see :func:`refusal_message`); after
    ``ok`` comes at most one line per call, in order, each
    ``{"function": <that call's name>, "results": [one [kind, value] per argument list]}``
    or ``{"function": <name>, "missing": text}``.  A last line without its
    newline (a run cut short) is ignored; anything else (another key, type,
    count or order, a second load line, extra lines, text that is not ASCII
    JSON) refuses the whole file, since only the program could have written it.

    >>> calls = [{"function": "f", "args": [[1], [2]]}]
    >>> read_records(b'{"load": "ok"}\n{"function": "f", "results": [["ok", 2], ["ok", 4]]}\n', calls)
    Records(records=({'load': 'ok'}, {'function': 'f', 'results': [['ok', 2], ['ok', 4]]}), load_error=None, load_refused=None, malformed=None)
    >>> read_records(b'{"load": "ok"}\n{"function": "f", "results": [[]]}\n', calls).malformed
    'line 2: f returned 1 results for 2 calls'

    With ``seal`` (the random text the grader gave the harness for this run), every line
    must carry it as ``"seal"``; a line without it was not written by the harness:

    >>> read_records(b'{"seal": "s3", "load": "ok"}\n', calls, seal="s3").records
    ({'load': 'ok'},)
    >>> read_records(b'{"load": "ok"}\n', calls, seal="s3").malformed
    'line 1 was not written by the harness (a forged record)'
    """
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        why = message("it is not ASCII text")
        return Records(malformed=str(why), malformed_why=why)
    *lines, _cut_short = text.split("\n")
    records: list[dict[str, Any]] = []
    load_error: str | None = None
    load_refused: tuple[str, str, str] | None = None
    try:
        if len(lines) > len(calls) + 1:
            raise _Malformed(message("{count} lines, more than the harness writes for {calls} calls",
                                     count=len(lines), calls=len(calls)))
        for number, line in enumerate(lines, start=1):
            try:
                record = json.loads(line, parse_constant=_refuse_constant)
            except _Malformed as error:
                raise _Malformed(message("line {number}: {why}", number=number,
                                         why=error.why)) from None
            except (ValueError, RecursionError) as error:
                raise _Malformed(message("line {number} is not JSON ({kind})", number=number,
                                         kind=type(error).__name__)) from None
            if not isinstance(record, dict):
                raise _Malformed(message("line {number} is not a record", number=number))
            if seal is not None:
                if record.get("seal") != seal:
                    raise _Malformed(message(
                        "line {number} was not written by the harness (a forged record)",
                        number=number))
                record = {key: value for key, value in record.items() if key != "seal"}
            if number == 1:
                if record == {"load": "ok"}:
                    records.append({"load": "ok"})
                    continue
                if set(record) == {"load", "error"} and record["load"] == "error":
                    load_error = _text(record["error"], _MAX_ERROR_CHARS, message("the load error"))
                    if len(lines) > 1:
                        raise _Malformed(message("lines follow a program that did not load"))
                    records.append({"load": "error", "error": load_error})
                    continue
                if set(record) == {"load", "refused"} and record["load"] == "refused":
                    load_refused = _refusal(record["refused"], message("the load refusal"))
                    load_error = str(refusal_message(load_refused))
                    if len(lines) > 1:
                        raise _Malformed(message("lines follow a program that did not load"))
                    records.append({"load": "refused", "refused": list(load_refused)})
                    continue
                raise _Malformed(message("line 1 is not the program's load line"))
            call = calls[number - 2]
            name = call["function"]
            if record.get("function") != name:
                raise _Malformed(message("line {number} is not the results of {name}",
                                         number=number, name=name))
            if set(record) == {"function", "missing"}:
                missing = _text(record["missing"], _MAX_ERROR_CHARS,
                                message("line {number}'s message", number=number))
                records.append({"function": name, "missing": missing})
                continue
            results = record.get("results")
            if set(record) != {"function", "results"} or not isinstance(results, list):
                raise _Malformed(message("line {number} is not the results of {name}",
                                         number=number, name=name))
            if len(results) != len(call["args"]):
                raise _Malformed(message(
                    "line {number}: {name} returned {count} results for {calls} calls",
                    number=number, name=name, count=len(results), calls=len(call["args"])))
            # most results are a text or a truth value: told at once; any other, by _result
            checked = [item if type(item) is list and len(item) == 2 and item[0] == "ok" and (
                (type(value := item[1]) is str and len(value) <= _MAX_VALUE_CHARS)
                or type(value) is bool) else _result(item, number, i)
                for i, item in enumerate(results, 1)]
            records.append({"function": name, "results": checked})
    except _Malformed as error:
        return Records(malformed=str(error), malformed_why=error.why)
    return Records(records=tuple(records), load_error=load_error, load_refused=load_refused)


def _outcome(returncode: int | None, *, timed_out: bool, records: Sequence[dict[str, Any]],
             load_error: str | None, limits: Limits, seconds: float,
             load_refused: Sequence[str] | None = None,
             processor_seconds: float | None = None) -> ProgramRun:
    """How a run ended, from its exit and its records.  A kill by SIGXCPU or SIGKILL is the
    processor limit only when the run used that much processor time (``processor_seconds``,
    when known): a program ended by anything else has crashed."""
    found = tuple(r for r in records if "function" in r)
    loaded = any(r.get("load") == "ok" for r in records)
    if load_refused is not None:
        refused = refusal_message(load_refused)
        return ProgramRun(outcome="did-not-load",
                          why=message("the grader stopped the code when run: {refusal}",
                                      refusal=refused),
                          load_why=refused, seconds=seconds)
    if load_error is not None:
        return ProgramRun(outcome="did-not-load",
                          why=message("the code raised an error when run: {error}",
                                      error=verbatim(load_error)),
                          load_why=verbatim(load_error), seconds=seconds)
    if timed_out:
        return ProgramRun(outcome="time-limit",
                          why=message("it ran for more than {seconds:g} s and was stopped",
                                      seconds=limits.wall_seconds),
                          records=found, seconds=seconds)
    if (returncode in (-signal.SIGXCPU, -signal.SIGKILL) and seconds < limits.wall_seconds
            and (processor_seconds is None or processor_seconds >= 0.5 * limits.cpu_seconds)):
        return ProgramRun(outcome="cpu-limit",
                          why=message("it used more than {seconds} s of CPU time and was stopped",
                                      seconds=limits.cpu_seconds),
                          records=found, seconds=seconds)
    if returncode != 0:
        if returncode is not None and returncode < 0:
            reason = message("the program crashed (signal {number})", number=str(-returncode))
        else:
            reason = message("the program crashed (status {number})", number=str(returncode))
        if not loaded:
            return ProgramRun(outcome="crashed", why=reason, load_why=reason, seconds=seconds)
        return ProgramRun(outcome="crashed", why=reason, records=found, seconds=seconds)
    if not loaded:
        stopped = message("it stopped before giving any result")
        return ProgramRun(outcome="no-result", why=stopped, load_why=stopped, seconds=seconds)
    return ProgramRun(outcome="finished", why=verbatim("finished"), records=found, seconds=seconds)
