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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from bacara_teach.errors import NotationError
from bacara_teach.exercises.sandbox_child import (
    PRELOADED,
    REFUSALS,
    REQUEST_FILE,
    RESULT_FILE,
    SANDBOX_FAILED,
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


def _child_command(code: bytes) -> list[str]:
    """``python -I -S -c <run the code at the head of stdin>``: the fork server's code is the
    first ``len(code)`` bytes of its stdin and the grader's lines the rest (read by the code
    itself).  ``-S``: no :mod:`site`, so no ``.pth`` file of the installation runs in it."""
    boot = f"import marshal,sys;exec(marshal.loads(sys.stdin.buffer.read({len(code)})))"
    return [sys.executable, "-I", "-S", "-c", boot]


# -- what this machine can do --------------------------------------------------------------------


@cache
def _unshare() -> str | None:
    """``unshare`` when we are root and it can give a process an empty network namespace (the
    proof that the kernel lets the child make its own, as it then does)."""
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


@dataclass(frozen=True, kw_only=True)
class Isolation:
    """What this machine's kernel gives a graded program, and what it lacks."""

    landlock_abi: int
    """Landlock ABI version (0: none; 1+ files, 4+ TCP, 6+ signals and abstract sockets)."""
    seccomp: bool
    """A seccomp filter refusing sockets, ptrace and signals to other processes."""
    as_root: bool
    """The grader is root, so the program runs as ``nobody``."""
    unshare: str | None
    """The ``unshare`` tool, when it shows that a program can run without network interfaces
    (the child then moves into a network namespace of its own before it confines itself)."""

    @property
    def missing(self) -> tuple[str, ...]:
        """The kinds of isolation no layer provides (empty: programs may run)."""
        gaps = []
        if self.landlock_abi < 1 and not self.as_root:
            gaps.append(N_("file isolation (Linux Landlock)"))
        if self.landlock_abi < 4 and not self.seccomp and not self.unshare:
            gaps.append(N_("network isolation (Landlock ABI 4 or seccomp)"))
        if self.landlock_abi < 6 and not self.seccomp and not self.as_root:
            gaps.append(N_("process isolation (Landlock ABI 6 or seccomp)"))
        return tuple(gaps)

    @property
    def layers(self) -> tuple[str, ...]:
        layers = ["separate process (forked for one program)", "python -I -S", "temporary directory",
                  "minimal environment", "wall-clock limit"]
        if sys.platform == "linux":
            layers.append("rlimits (CPU, memory, file size, processes)")
        if self.landlock_abi:
            what = "files" + (", TCP" if self.landlock_abi >= 4 else "") + (
                ", signals, abstract sockets" if self.landlock_abi >= 6 else "")
            layers.append(f"Landlock ABI {self.landlock_abi} ({what})")
        if self.seccomp:
            layers.append("seccomp (no sockets, no ptrace, signals to itself only)")
        if self.as_root:
            layers.append("runs as nobody")
        if self.unshare:
            layers.append("network namespace of its own (no network interface)")
        layers.append("audit hook")
        return tuple(layers)


@cache
def isolation() -> Isolation:
    """This machine's isolation (probed once)."""
    return Isolation(landlock_abi=_landlock_abi(), seccomp=_seccomp_available(),
                     as_root=hasattr(os, "geteuid") and os.geteuid() == 0, unshare=_unshare())


def isolation_layers() -> tuple[str, ...]:
    """The layers this machine gives a program run (for reports and tests)."""
    return isolation().layers


def isolation_missing() -> str | None:
    """Why programs cannot be run on this machine, or ``None`` when they can (in English)."""
    why = isolation_missing_message()
    return None if why is None else str(why)


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
def _landlock_rules() -> tuple[tuple[str, str], ...]:
    folders, hidden = _python_folders()
    outermost = [f for f in folders if not any(f != g and _inside(f, g) for g in folders)]
    return tuple((path, kind) for root in outermost for path, kind in _carve(root, hidden))


def preloads(source: str) -> list[str]:
    """The modules of :data:`~bacara_teach.exercises.sandbox_child.PRELOADED` that ``source``
    imports (or names in a string, as for ``__import__("fractions")``): the child imports
    only those before it confines itself.

    >>> preloads("from fractions import Fraction; import collections.abc as abc; x = 'math'")
    ['collections', 'collections.abc', 'fractions', 'math']
    >>> preloads("def play(cards): return 'banco'"), preloads("def (")
    ([], [])
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):  # the child reports it, with nothing preloaded
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
    """The fork server stopped answering (it is discarded; another one is started)."""


class _Server:
    """A fork server (:func:`~bacara_teach.exercises.sandbox_child.serve`): a ``python -I -S``
    process that has loaded the child's code and forks one fresh child per program."""

    def __init__(self, code: bytes, held: tuple[tuple[str, str], ...]) -> None:
        self.code = code
        self.held = held
        self.process = subprocess.Popen(
            _child_command(code), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, cwd="/", env=_SERVER_ENV, start_new_session=True,
            close_fds=True)
        assert self.process.stdin is not None and self.process.stdout is not None
        self._in = self.process.stdin
        self._out = self.process.stdout.fileno()
        self._poll = select.poll()  # not select(): any descriptor number
        self._poll.register(self._out, select.POLLIN)
        self._buffer = b""
        rules = marshal.dumps(held)  # the Landlock rules it opens once, for every child
        self._in.write(code + b"%d\n" % len(rules) + rules)
        self._in.flush()

    def send(self, line: bytes) -> None:
        try:
            self._in.write(line + b"\n")
            self._in.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise _ServerLost from None

    def line(self, timeout: float | None = None) -> bytes | None:
        """The server's next line, or ``None`` when none came within ``timeout`` seconds."""
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


_servers: list[_Server] = []
_servers_lock = threading.Lock()


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


@atexit.register
def _close_servers() -> None:
    with _servers_lock:
        while _servers:
            _servers.pop().close()


def _forget_servers() -> None:
    """In a process forked from the grader: the servers are the grader's, not its own."""
    for server in _servers:
        for pipe in (server.process.stdin, server.process.stdout):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                pipe.close()  # type: ignore[union-attr]
    _servers.clear()


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
    """As :attr:`subprocess.Popen.returncode` (``None``: the server was lost)."""
    timed_out: bool = False
    processor_seconds: float = 0.0


def _status(line: bytes | None) -> tuple[int, float] | None:
    """``<wait status> <processor seconds>`` as the server writes it."""
    parts = (line or b"").split()
    if len(parts) != 2 or not parts[0].isdigit():
        return None
    try:
        return int(parts[0]), float(parts[1])
    except ValueError:
        return None


def _run_child(code: bytes, home: Path, wall_seconds: float) -> _Ended:
    """Fork a child for the request in ``home`` and wait for it (at most ``wall_seconds``)."""
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
        return _Ended(os.waitstatus_to_exitcode(ended[0]), timed_out, ended[1])
    return _Ended(None)


def _request(source: str, calls: Sequence[Mapping[str, Any]], filename: str, home: str,
             limits: Limits, *, seal: str | None = None,
             record_cap: int | None = None) -> bytes:
    folders, hidden = _python_folders()
    found = isolation()
    landlock = None
    if found.landlock_abi:
        # with the standard library's rules (_landlock_rules), which the fork server holds open
        rules = [(home, "tree"), ("/dev/null", "tree"), ("/dev/urandom", "tree")]
        landlock = {"abi": found.landlock_abi, "rules": rules}
    return marshal.dumps({
        "source": source, "filename": filename, "calls": list(calls),
        "readable": list(folders), "hidden": list(hidden), "import_paths": list(folders),
        "blocked_imports": list(BLOCKED_IMPORTS), "landlock": landlock, "seccomp": found.seccomp,
        # as root: a network namespace of its own, made by the child before its confinement
        "network_namespace": found.unshare is not None,
        "preload": preloads(source),
        # set by the child itself before anything else (a preexec_fn would fork the grader)
        "limits": {"cpu_seconds": limits.cpu_seconds, "memory_bytes": limits.memory_bytes,
                   "file_bytes": limits.file_bytes},
        "seal": seal, "record_cap": record_cap,
    })


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
    home = Path(tempfile.mkdtemp(prefix="bacara-grade-")).resolve()
    seal = secrets.token_hex(16)  # this run's own records carry it; a forged record does not
    # each function's line of results gets an equal share of the result file's size limit
    record_cap = max(4096, (min(limits.file_bytes, limits.result_bytes) - 4096) // max(1, len(calls)))
    started = time.monotonic()
    try:
        code = _child_code(_child_source())
        request = _request(source, calls, filename, str(home), limits, seal=seal,
                           record_cap=record_cap)
        # readable by its owner only; the child reads it and removes it before it confines itself
        handle = os.open(home / REQUEST_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                         | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with open(handle, "wb") as file:
            file.write(request)
        ended = _run_child(code, home, limits.wall_seconds - (time.monotonic() - started))
        returncode, timed_out, cpu = ended.returncode, ended.timed_out, ended.processor_seconds
        if returncode is None:
            return ProgramRun(outcome="not-isolated", seconds=time.monotonic() - started,
                              why=message("the program was not run: its sandbox could not be "
                                          "set up ({why})",
                                          why=message("the process that starts graded programs stopped")))
        run = _read_run(home, calls, limits, returncode=returncode, timed_out=timed_out, seal=seal,
                        seconds=time.monotonic() - started)
        return replace(run, processor_seconds=cpu)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _read_run(home: Path, calls: Sequence[Mapping[str, Any]], limits: Limits, *, returncode: int,
              timed_out: bool, seal: str, seconds: float) -> ProgramRun:
    """What a run that ended left in its folder, read as untrusted data."""
    raw = _read_bounded(home / RESULT_FILE, limits.result_bytes + 1)
    if returncode == SANDBOX_FAILED and not raw:
        last = _last_line(home / "stderr.txt")
        why = verbatim(last) if last else message("no reason given")
        return ProgramRun(outcome="not-isolated", seconds=seconds, why=message(
            "the program was not run: its sandbox could not be set up ({why})", why=why))
    if len(raw) > limits.result_bytes:
        return ProgramRun(outcome="malformed", seconds=seconds, why=message(
            "its results were not in the grader's format: more than {size} bytes",
            size=limits.result_bytes))
    read = read_records(raw, calls, seal=seal)
    if read.malformed is not None:
        return ProgramRun(outcome="malformed", seconds=seconds, why=message(
            "its results were not in the grader's format: {why}",
            why=read.malformed_why or verbatim(read.malformed)))
    run = _outcome(returncode, timed_out=timed_out, records=read.records,
                   load_error=read.load_error, load_refused=read.load_refused,
                   limits=limits, seconds=seconds)
    if run.outcome in ("crashed", "no-result"):
        last = _last_line(home / "stderr.txt")
        if last:
            detail = message("{why} ({detail})", why=run.why, detail=verbatim(last))
            return ProgramRun(outcome=run.outcome, why=detail, records=run.records,
                              load_why=detail if run.load_why else None, seconds=seconds)
    return run


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
    text = _read_bounded(path, limit).decode("utf-8", "replace")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


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
            checked = [_result(item, number, i) for i, item in enumerate(results, 1)]
            records.append({"function": name, "results": checked})
    except _Malformed as error:
        return Records(malformed=str(error), malformed_why=error.why)
    return Records(records=tuple(records), load_error=load_error, load_refused=load_refused)


def _outcome(returncode: int | None, *, timed_out: bool, records: Sequence[dict[str, Any]],
             load_error: str | None, limits: Limits, seconds: float,
             load_refused: Sequence[str] | None = None) -> ProgramRun:
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
    if returncode in (-signal.SIGXCPU, -signal.SIGKILL) and seconds < limits.wall_seconds:
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
