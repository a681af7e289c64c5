"""The program that runs one student's code, in its own process (see :mod:`.sandbox`).

This file imports nothing from :mod:`bacara_teach`: the grader starts it as
``python -I -c <this file's text>`` in a fresh temporary directory, with
resource limits already set.  It reads one JSON request on stdin::

    {"source": "...", "filename": "q12", "calls": [{"function": "play", "args": [[...], ...]}],
     "read_roots": [...], "blocked_imports": [...]}

then, in this order: opens its result file, imports the common standard
library modules a program may use (:data:`PRELOADED`), drops root privileges
(to ``nobody``), installs an audit hook that refuses network, processes,
signals, native code, every file write and reads outside the Python
installation, caps ``print`` output, runs the source, calls each function on
each argument list and writes one JSON line per function to ``result.jsonl``.

:func:`call_all` is also what a student's own kernel uses to self-check a
program, so the two encode results the same way.
"""

from __future__ import annotations

import builtins
import io
import json
import math
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

__all__ = ["PRELOADED", "RESULT_FILE", "call_all", "call_one", "describe_error", "main"]

RESULT_FILE = "result.jsonl"
_PRINT_CAP = 64 * 1024
_NOBODY = 65534
PRELOADED = ("bisect", "collections", "collections.abc", "copy", "dataclasses", "decimal", "enum",
             "fractions", "functools", "heapq", "itertools", "math", "operator", "random", "re",
             "statistics", "string", "typing")
"""Standard library modules imported before the program runs, so that it can import them even
where the Python installation is not readable by the ``nobody`` user."""

_BLOCKED_EVENT_PREFIXES = (
    "socket.", "subprocess.", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
    "os.forkpty", "os.kill", "os.killpg", "signal.pthread_kill", "ctypes.", "resource.setrlimit",
    "resource.prlimit", "os.symlink", "os.link", "os.chown", "os.chmod", "os.chflags",
    "os.lchown", "os.lchmod", "os.lchflags", "shutil.", "webbrowser.", "winreg.", "msvcrt.",
    "sys.remote_exec", "os.setxattr", "os.removexattr", "urllib.Request", "http.client.",
    "ftplib.", "smtplib.", "poplib.", "imaplib.", "nntplib.", "telnetlib.", "os.startfile",
    "pty.", "os.truncate",
)
_WRITE_EVENTS = ("os.mkdir", "os.rename", "os.replace", "os.remove", "os.rmdir", "os.utime")
_PATH_EVENTS_READ = {"os.listdir": 0, "os.scandir": 0, "glob.glob": 0, "os.chdir": 0}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC


class Refused(PermissionError):
    """An operation the graded program may not do."""


def describe_error(error: BaseException) -> str:
    """``ExcType: message`` in at most 300 characters."""
    text = f"{type(error).__name__}: {error}"
    return text if len(text) <= 300 else text[:297] + "..."


def _encode(value: Any) -> list[Any]:
    if value is None or isinstance(value, bool | int | str):
        if isinstance(value, str) and len(value) > 200:
            return ["ok-type", "str (too long)"]
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**15:
            return ["ok-type", "int (too large)"]
        return ["ok", value]
    if isinstance(value, float):
        return ["ok", value] if math.isfinite(value) else ["ok-type", "float"]
    return ["ok-type", type(value).__name__]


def call_one(function: Callable[..., Any], args: Sequence[Any]) -> list[Any]:
    """Call ``function(*args)``: ``["ok", value]``, ``["ok-type", name]`` or ``["error", text]``."""
    try:
        value = function(*[list(a) if isinstance(a, list) else a for a in args])
        return _encode(value)
    except (Exception, SystemExit) as error:  # the student's code may raise anything
        return ["error", describe_error(error)]


def call_all(namespace: Mapping[str, Any], calls: Iterable[Mapping[str, Any]]) -> Iterable[dict[str, Any]]:
    """For each ``{"function", "args"}``: the results of calling it on every argument list."""
    for call in calls:
        name = call["function"]
        function = namespace.get(name)
        if not callable(function):
            yield {"function": name, "missing": f"{name} is not defined as a function"}
            continue
        yield {"function": name, "results": [call_one(function, args) for args in call["args"]]}


class _CappedText(io.TextIOBase):
    """A text stream that keeps the first bytes written and drops the rest."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.kept: list[str] = []
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.size < self.cap:
            self.kept.append(text[: self.cap - self.size])
        self.size += len(text)
        return len(text)


def _inside(path: str, roots: Sequence[str]) -> bool:
    real = os.path.realpath(path)
    return any(real == root or real.startswith(root.rstrip(os.sep) + os.sep) for root in roots)


def install_guard(*, home: str, read_roots: Sequence[str], blocked_imports: Sequence[str]) -> None:
    """Install the audit hook; from now on the process can only compute."""
    home = os.path.realpath(home)
    readable = [home, *(os.path.realpath(r) for r in read_roots)]
    blocked = tuple(blocked_imports)

    def fspath(value: Any) -> str | None:
        if isinstance(value, int):
            return None  # an already open file descriptor
        try:
            name = os.fsdecode(os.fspath(value))
        except TypeError:
            return None
        return name

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if event.startswith(_BLOCKED_EVENT_PREFIXES):
            raise Refused(f"not allowed in graded code: {event}")
        if event == "import":
            module = str(args[0])
            if module.split(".", maxsplit=1)[0] in blocked:
                raise Refused(f"not allowed in graded code: import {module}")
            return
        if event == "open":
            path = fspath(args[0])
            if path is None:
                return
            mode = args[1] if len(args) > 1 and isinstance(args[1], str) else ""
            flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
            wants_write = any(ch in mode for ch in "wax+") or bool(flags & _WRITE_FLAGS)
            if wants_write:
                raise Refused(f"not allowed in graded code: writing {path!r}")
            if not _inside(path, readable) and path not in ("/dev/null", "/dev/urandom"):
                raise Refused(f"not allowed in graded code: reading {path!r}")
            return
        if event in _WRITE_EVENTS:
            raise Refused(f"not allowed in graded code: {event}")
        if event in _PATH_EVENTS_READ:
            path = fspath(args[_PATH_EVENTS_READ[event]]) if args else None
            if path is not None and not _inside(path, readable):
                raise Refused(f"not allowed in graded code: {event} {path!r}")

    sys.addaudithook(hook)


def _drop_root() -> None:
    if hasattr(os, "getuid") and os.getuid() == 0:
        os.setgroups([])
        os.setgid(_NOBODY)
        os.setuid(_NOBODY)


def main() -> None:
    """Run one request (see the module docstring)."""
    request = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    sys.stdin.close()
    home = os.getcwd()
    out = open(RESULT_FILE, "w", encoding="utf-8")  # noqa: SIM115 - kept open until the end
    for module in PRELOADED:
        __import__(module)
    _drop_root()
    install_guard(home=home, read_roots=request["read_roots"],
                  blocked_imports=request["blocked_imports"])
    sys.stdout = _CappedText(_PRINT_CAP)
    sys.stderr = _CappedText(_PRINT_CAP)

    def emit(record: Mapping[str, Any]) -> None:
        out.write(json.dumps(record, ensure_ascii=True) + "\n")
        out.flush()

    _run(request, emit)
    out.close()
    os._exit(0)  # skip any atexit handlers the program registered


def _run(request: Mapping[str, Any], emit: Callable[[Mapping[str, Any]], None]) -> None:
    namespace: dict[str, Any] = {"__name__": "__answer__", "__builtins__": builtins}
    try:
        code = compile(request["source"], request["filename"], "exec")
    except SyntaxError as error:
        emit({"load": "error", "error": f"SyntaxError on line {error.lineno}: {error.msg}"})
        return
    except Exception as error:  # e.g. a null byte in the source
        emit({"load": "error", "error": describe_error(error)})
        return
    try:
        exec(code, namespace)
    except BaseException as error:  # SystemExit and the like too
        emit({"load": "error", "error": describe_error(error)})
        return
    emit({"load": "ok"})
    for record in call_all(namespace, request["calls"]):
        emit(record)


if __name__ == "__main__":
    main()
