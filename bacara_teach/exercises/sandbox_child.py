"""The program that runs one student's code, in its own process (see :mod:`.sandbox`).

This file imports nothing from :mod:`bacara_teach`, nor any module the interpreter has not
loaded at its start but :mod:`resource`, :mod:`stat`, :mod:`site` (for its builtins only)
and, to confine itself, :mod:`_ctypes` (the core of :mod:`ctypes`; see :class:`_Libc`).  The
grader starts it as a fork server (:func:`serve`): ``python -I -S -c <read this file's
compiled code from stdin and run it>``,
without :mod:`site` (``-S``: no ``.pth`` file runs in it; see :func:`_site_builtins`), with
a minimal environment; the grader compiles the code once and sends it in :mod:`marshal`'s
format (the same interpreter's).  The server loads those modules, then for each program
forks one fresh child and does nothing else: it never reads a request, a program or a
result, so nothing of one program is in the memory the next one starts from, and each child
confines itself on its own.  At its start the server also opens (``O_PATH``) the paths of
the Landlock rules for the standard library, which the grader sends after the code; each
child grants those descriptors with the request's own rules, then closes them.  The child (:func:`_forked`) leaves the server's session and
descriptors, moves to the run's fresh temporary directory, and reads its request from the
file :data:`REQUEST_FILE` the grader wrote there (then removes it), a :mod:`marshal` dict::

    {"source": "...", "code": <the source compiled by the grader> or None, "filename": "q12",
     "calls": [{"function": "play", "args": [[...], ...]}],
     "readable": [...], "hidden": [...], "import_paths": [...], "blocked_imports": [...],
     "landlock": {"abi": 7, "rules": [("/tmp/bacara-grade-x1", "tree"), ...]} or None,
     "seccomp": True, "network_namespace": True, "preload": ["fractions"],
     "limits": {"cpu_seconds": 5, "memory_bytes": 536870912, "file_bytes": 1048576}}

then, in this order, before any of the student's code runs in the process:
sets its resource limits (:func:`set_limits`), opens its result file, imports
those of the common standard library modules a program may use
(:data:`PRELOADED`) that the source imports (``preload``, read by the grader
from the source), confines itself in the kernel (:func:`confine`: as root, a
network namespace of its own, without interfaces; then Landlock and a seccomp
filter, both irreversible), drops root privileges (to
``nobody``), keeps only the standard library on the import path, installs an
audit hook whose state cannot be changed (:func:`install_guard`), caps
``print`` output, runs the code (compiled by the grader; the source is compiled
only when the grader could not, to report why), calls each function on each argument list
and writes one JSON line per function to ``result.jsonl``.  If the
confinement cannot be set up it exits with :data:`SANDBOX_FAILED` without
running anything.

The student's code can find and write to the result file (it is an open file
descriptor of its own process); the grader therefore trusts nothing in it
beyond its exact shape (see :func:`bacara_teach.exercises.sandbox.read_records`).

:func:`call_all` is also what a student's own kernel uses to self-check a
program, so the two encode results the same way.
"""

from __future__ import annotations

import builtins
import io
import marshal
import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing in every graded process
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence
    from typing import Any

__all__ = ["PRELOADED", "REFUSALS", "RESULT_FILE", "SANDBOX_FAILED", "Refused", "call_all",
           "call_one", "confine", "describe_error", "describe_refusal", "install_guard", "main"]

RESULT_FILE = "result.jsonl"
SANDBOX_FAILED = 70
"""Exit status of a child that could not confine itself (nothing of the student's ran)."""
_PRINT_CAP = 64 * 1024
_NOBODY = 65534
PRELOADED = ("bisect", "collections", "collections.abc", "copy", "copyreg", "dataclasses", "decimal",
             "enum", "fractions", "functools", "heapq", "itertools", "json", "keyword", "math",
             "operator", "random", "re", "reprlib", "statistics", "string", "types", "typing")
"""Standard library modules imported before the program runs, so that it can import them even
where the Python installation is not readable by the ``nobody`` user."""

_BLOCKED_EVENT_PREFIXES = (
    "socket.", "subprocess.", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
    "os.forkpty", "os.kill", "os.killpg", "signal.pthread_kill", "ctypes.", "resource.setrlimit",
    "resource.prlimit", "os.symlink", "os.link", "os.chown", "os.chmod", "os.chflags",
    "os.lchown", "os.lchmod", "os.lchflags", "shutil.", "webbrowser.", "winreg.", "msvcrt.",
    "sys.remote_exec", "os.setxattr", "os.removexattr", "urllib.Request", "http.client.",
    "ftplib.", "smtplib.", "poplib.", "imaplib.", "nntplib.", "telnetlib.", "os.startfile",
    "pty.", "os.truncate", "sys.monitoring",
)
_BLOCKED_EVENTS = frozenset({
    # finding the grader's objects, or stepping through the hook with a tracer
    "gc.get_objects", "gc.get_referrers", "gc.get_referents", "sys.settrace", "sys.setprofile",
    "os.chdir",  # relative paths stay relative to the program's own folder
    # raw bytecode: a code object built by hand (types.CodeType, code.replace) or read back
    # (marshal; the program's own imports compile from source, see _no_bytecode)
    "code.__new__", "marshal.loads", "marshal.load",
})
_WRITE_EVENTS = frozenset({"os.mkdir", "os.rename", "os.replace", "os.remove", "os.rmdir",
                           "os.utime"})
_PATH_EVENTS = frozenset({"os.listdir", "os.scandir", "glob.glob"})
_DEVICES = frozenset({"/dev/null", "/dev/urandom"})
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC


REFUSALS = ("event", "import", "guard", "not-text", "reading", "writing", "listing")
"""The kinds of operation the audit hook refuses: an audit ``event`` (``os.kill``), an ``import``
of a module, ``guard`` (changing the hook itself), ``not-text`` (a path that is not plain text),
``reading`` or ``writing`` a file and ``listing`` a folder."""
_NAME_CHARS = 100
_PATH_CHARS = 200


class Refused(PermissionError):
    """An operation the graded program may not do, with what it was.

    ``kind`` is one of :data:`REFUSALS`, ``name`` the audit event or module, ``path`` the
    path as the program gave it.  The grader reads these three back (never the text) and
    words the refusal in the paper's language; ``str()`` is what the program itself sees.

    >>> str(Refused("import", name="socket")), str(Refused("reading", path="/etc/passwd"))
    ('not allowed in graded code: import socket', "not allowed in graded code: reading '/etc/passwd'")
    """

    def __init__(self, kind: str, name: str = "", path: str = "") -> None:
        # runs inside the audit hook: no module global, only built-in operations
        what = (f"import {name}" if kind == "import"
                else "changing the grader's guard" if kind == "guard"
                else "a path that is not plain text" if kind == "not-text"
                else f"{kind} {path!r}" if kind in ("reading", "writing")
                else f"{name} {path!r}" if kind == "listing" else name)
        super().__init__(f"not allowed in graded code: {what}")
        self.kind = kind
        self.name = name
        self.path = path


def describe_refusal(error: BaseException) -> list[str] | None:
    """``[kind, name, path]`` of a refusal of the audit hook (``None`` for any other error).

    >>> describe_refusal(Refused("import", name="socket")), describe_refusal(ValueError("x"))
    (['import', 'socket', ''], None)
    """
    if type(error) is not Refused:
        return None
    parts = [getattr(error, "kind", ""), getattr(error, "name", ""), getattr(error, "path", "")]
    kind, name, path = (part if type(part) is str else "" for part in parts)
    if kind not in REFUSALS:
        return None
    return [kind, _shorten(name, _NAME_CHARS), _shorten(path, _PATH_CHARS)]


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


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
        # finite exactly when x - x is 0 (inf - inf and nan - nan are nan), read from the
        # float itself (a subclass's own operators are not called); no math module to load
        return ["ok", value] if float.__sub__(value, value) == 0.0 else ["ok-type", "float"]
    return ["ok-type", type(value).__name__[:100]]


def call_one(function: Callable[..., Any], args: Sequence[Any]) -> list[Any]:
    """Call ``function(*args)``: ``["ok", value]``, ``["ok-type", name]`` or ``["error", text]``."""
    try:
        value = function(*[list(a) if isinstance(a, (list, tuple)) else a for a in args])
        return _encode(value)
    except (Exception, SystemExit) as error:  # the student's code may raise anything
        refusal = describe_refusal(error)
        return ["error", describe_error(error)] if refusal is None else ["refused", refusal]


def call_all(namespace: Mapping[str, Any], calls: Iterable[Mapping[str, Any]]) -> Iterable[dict[str, Any]]:
    """For each ``{"function", "args"}``: the results of calling it on every argument list.

    A result is ``["ok", value]``, ``["ok-type", type name]``, ``["error", text]`` or, for an
    operation the audit hook refused, ``["refused", [kind, name, path]]``.
    """
    for call in calls:
        name = call["function"]
        function = namespace.get(name)
        if not callable(function):
            yield {"function": name, "missing": f"{name} is not defined as a function"}
            continue
        yield {"function": name, "results": [call_one(function, args) for args in call["args"]]}


_RECORD_CAP = 400 * 1024
"""Most bytes one function's line of results takes when the request names no ``record_cap`` (the
grader gives each function an equal share of the result file's size limit), so that long error
messages in one function never crowd out the next one's results."""


def _fit(record: Mapping[str, Any], cap: int) -> Mapping[str, Any]:
    """``record`` with its error messages shortened until its JSON line is at most ``cap`` bytes.

    >>> big = {"function": "f", "results": [["error", "é" * 300]] * 1000}
    >>> len(_dumps(_fit(big, 100_000))) <= 100_000
    True
    >>> _fit({"function": "f", "results": [["ok", 1]]}, 100)
    {'function': 'f', 'results': [['ok', 1]]}
    """
    results = record.get("results")
    if not isinstance(results, list) or len(_dumps(record)) <= cap:
        return record
    room = max(8, (cap - 200) // max(1, len(results)) - 40)
    for limit in (room, room // 6, 8):
        short = [[kind, _ascii_prefix(value, limit)] if kind == "error"
                 else [kind, [*value[:2], _ascii_prefix(value[2], limit)]] if kind == "refused"
                 else [kind, value] for kind, value in results]
        fitted = {**record, "results": short}
        if len(_dumps(fitted)) <= cap:
            return fitted
    return fitted


def _ascii_prefix(text: str, limit: int) -> str:
    """The start of ``text`` whose JSON form (non-ASCII escaped) takes at most ``limit`` bytes."""
    kept: list[str] = []
    size = 0
    for char in text:
        size += len(_quote(char)) - 2
        if size > limit:
            return "".join(kept) + "..."
        kept.append(char)
    return text


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r",
            "\t": "\\t"}


def _quote(text: str, _text: Any = str.__str__, _ord: Any = ord, _escapes: Any = _ESCAPES) -> str:
    r"""``text`` as a JSON string, every character outside printable ASCII escaped: exactly what
    ``json.dumps(text)`` writes (the grader reads ASCII JSON only; this process loads no
    :mod:`json`, whose imports cost more than the program's own start).  The built-in
    functions it calls are bound when it is made, so that a program that replaces them in
    :mod:`builtins` still has its own error reported.

    >>> _quote('say "é"\n'), _quote("\U0001f600\x7f\\")
    ('"say \\"\\u00e9\\"\\n"', '"\\ud83d\\ude00\\u007f\\\\"')
    """
    text = _text(text)  # the characters themselves, whatever a subclass says of them
    if text.isascii() and text.isprintable():
        if '"' in text or "\\" in text:
            text = text.replace("\\", "\\\\").replace('"', '\\"')
        return '"' + text + '"'
    parts = []
    for char in text:
        escaped = _escapes.get(char)
        if escaped is None:
            code = _ord(char)
            if " " <= char <= "~":
                escaped = char
            elif code > 0xFFFF:
                code -= 0x10000
                escaped = f"\\u{0xD800 | code >> 10:04x}\\u{0xDC00 | code & 0x3FF:04x}"
            else:
                escaped = f"\\u{code:04x}"
        parts.append(escaped)
    return '"' + "".join(parts) + '"'


def _dumps(value: Any, _isinstance: Any = isinstance, _str: Any = str, _int: Any = int,
           _float: Any = float, _dict: Any = dict, _sequence: Any = (list, tuple),
           _type: Any = type, _list: Any = list, _error: Any = TypeError) -> str:
    """``value`` (records of texts, numbers, ``None`` and lists) as ``json.dumps(value)`` writes it.

    >>> _dumps({"function": "f", "results": [["ok", 1.5], ["ok", None], ["ok", True], ["ok", -3]]})
    '{"function": "f", "results": [["ok", 1.5], ["ok", null], ["ok", true], ["ok", -3]]}'
    """
    kind = _type(value)  # the exact types of a record first (a subclass takes the long way)
    if kind is _str:
        return _quote(value)
    if kind is _list:
        return "[" + ", ".join([_dumps(item) for item in value]) + "]"
    if _isinstance(value, _str):
        return _quote(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    text: str
    if _isinstance(value, _int):
        text = _int.__repr__(value)
        return text
    if _isinstance(value, _float):
        if _float.__sub__(value, value) == 0.0:
            text = _float.__repr__(value)
            return text
        if _float.__ne__(value, value):
            return "NaN"
        return "Infinity" if _float.__gt__(value, 0.0) else "-Infinity"
    if _isinstance(value, _dict):
        items = []
        for key, item in _dict.items(value):
            if not _isinstance(key, _str):
                raise _error(f"keys must be str, not {_type(key).__name__}")
            items.append(_quote(key) + ": " + _dumps(item))
        return "{" + ", ".join(items) + "}"
    if _isinstance(value, _sequence):
        return "[" + ", ".join([_dumps(item) for item in value]) + "]"
    raise _error(f"Object of type {_type(value).__name__} is not JSON serializable")


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


# -- the audit hook ------------------------------------------------------------------------------
#
# The hook is the first line only (the kernel's confinement is the wall), but it must not be
# switched off from inside: it reads no module global and no mutable object.  Everything it uses
# is bound when it is made, as default arguments (a tuple the program cannot change without
# ``object.__setattr__``, which the hook refuses for itself): frozensets and tuples of strings,
# and the C functions it calls, taken from the built-in types so that patching ``os.path``,
# ``builtins`` or a str subclass's methods changes nothing.  Paths are normalised by the hook's
# own string code, never by a Python-level library function.


def _make_hook(*, home: str, readable: tuple[str, ...], hidden: tuple[str, ...],
               blocked_imports: frozenset[str]) -> Callable[[str, tuple[Any, ...]], None]:
    def resolve(target: Any, _home: str = home, _type: Any = type, _issub: Any = issubclass,
                _int: Any = int, _str: Any = str, _bytes: Any = bytes, _text: Any = str.__str__,
                _decode: Any = bytes.decode, _startswith: Any = str.startswith,
                _split: Any = str.split, _join: Any = str.join,
                _refused: Any = Refused) -> tuple[str, str] | None:
        """``(as given, normalised absolute)`` for a path, ``None`` for a file descriptor."""
        kind = _type(target)
        if target is None:
            target = "."
        elif _issub(kind, _int):
            return None
        elif _issub(kind, _str):
            target = _text(target)
        elif _issub(kind, _bytes):
            target = _decode(target, "utf-8", "surrogateescape")
        else:
            raise _refused("not-text")
        path = target if _startswith(target, "/") else _home + "/" + target
        parts: list[str] = []
        for part in _split(path, "/"):
            if part in ("", "."):
                continue
            if part == "..":
                if parts:
                    parts.pop()
                continue
            parts.append(part)
        return target, "/" + _join("/", parts)

    def hook(event: str, args: tuple[Any, ...], _prefixes: Any = _BLOCKED_EVENT_PREFIXES,
             _events: Any = _BLOCKED_EVENTS, _writes: Any = _WRITE_EVENTS,
             _paths: Any = _PATH_EVENTS, _imports: Any = blocked_imports,
             _readable: Any = readable, _hidden: Any = hidden, _devices: Any = _DEVICES,
             _write_flags: int = _WRITE_FLAGS, _startswith: Any = str.startswith,
             _split: Any = str.split, _text: Any = str.__str__, _type: Any = type,
             _issub: Any = issubclass, _str: Any = str, _int: Any = int, _and: Any = int.__and__,
             _len: Any = len, _resolve: Any = resolve, _refused: Any = Refused,
             _mine: Any = ()) -> None:
        if _startswith(event, _prefixes) or event in _events or event in _writes:
            raise _refused("event", event)
        if event == "import":
            module = _text(args[0])
            if _split(module, ".", 1)[0] in _imports:
                raise _refused("import", module)
            return
        if event in ("object.__setattr__", "object.__delattr__"):
            for own in _mine:
                if args[0] is own:
                    raise _refused("guard")
            return
        opening = event == "open"
        if not opening and event not in _paths:
            return
        found = _resolve(args[0] if _len(args) else None)
        if found is None:
            return  # an already open file descriptor
        given, path = found
        if opening:
            mode = args[1] if _len(args) > 1 else None
            flags = args[2] if _len(args) > 2 else None
            writing = False
            if mode is not None and _issub(_type(mode), _str):
                for letter in "wax+":
                    if letter in _text(mode):
                        writing = True
            if flags is not None and _issub(_type(flags), _int) and _and(flags, _write_flags):
                writing = True
            if writing:
                raise _refused("writing", "open", given)
            if path in _devices:
                return
        for root in _hidden:
            if path == root or _startswith(path, root + "/"):
                raise _refused("reading", "open", given)
        for root in _readable:
            if path == root or _startswith(path, root + "/"):
                return
        if opening:
            raise _refused("reading", event, given)
        raise _refused("listing", event, given)

    defaults = hook.__defaults__
    assert defaults is not None
    # before it is installed: not audited.  The refusal the hook raises is the hook's too.
    hook.__defaults__ = (*defaults[:-1], (hook, resolve, Refused, Refused.__init__))
    return hook


def install_guard(*, home: str, readable: Sequence[str], hidden: Sequence[str] = (),
                  blocked_imports: Sequence[str] = ()) -> None:
    """Install the audit hook; from now on the process can only compute.

    ``readable`` are the folders the program may read (the standard library), ``hidden``
    folders inside them it may not (``site-packages``, the engine's own source).
    """
    sys.addaudithook(_make_hook(
        home=os.path.realpath(home),
        readable=(os.path.realpath(home), *(os.path.realpath(r) for r in readable)),
        hidden=tuple(os.path.realpath(h) for h in hidden),
        blocked_imports=frozenset(blocked_imports),
    ))


# -- the kernel's confinement --------------------------------------------------------------------
#
# Landlock (Linux 5.13+, no privilege needed): a ruleset handles every filesystem right the
# kernel's ABI knows, TCP bind and connect (ABI 4+) and, from ABI 6, scopes abstract UNIX
# sockets and signals to the process itself; the only rules grant reading the standard
# library (minus site-packages and the engine), the program's own folder and two devices.
# Nothing may be written, executed, created or removed by path; no TCP connection or listener;
# no signal to any other process; no ptrace of one (Landlock's own rule).  Files opened before
# (the result file, stdout and stderr) stay usable.  A seccomp filter then refuses socket()
# and io_uring_setup() (so no UDP, UNIX or raw socket either), ptrace() and reading or writing
# another process's memory, and lets kill() and its relatives reach the process itself only.
# Both are irreversible for the process and for anything it could start.

_SYS_LANDLOCK_CREATE_RULESET = 444  # the same number on every architecture
_SYS_LANDLOCK_ADD_RULE = 445
_SYS_LANDLOCK_RESTRICT_SELF = 446
_LANDLOCK_RULE_PATH_BENEATH = 1
_FS_READ_FILE = 1 << 2
_FS_READ_DIR = 1 << 3
_NET_BIND_TCP = 1 << 0
_NET_CONNECT_TCP = 1 << 1
_SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0
_SCOPE_SIGNAL = 1 << 1
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2
SECCOMP_ARCHES: dict[str, dict[str, Any]] = {
    "x86_64": {
        "audit_arch": 0xC000003E, "x32": True,
        "refused": (
            41, 425,  # socket, io_uring_setup
            101, 310, 311, 434, 424,  # ptrace, process_vm_readv/writev, pidfd_open, pidfd_send_signal
            248, 249, 250,  # add_key, request_key, keyctl
            29, 30, 31, 67, 64, 65, 66, 220,  # shmget, shmat, shmctl, shmdt, semget, semop, semctl, semtimedop
            68, 69, 70, 71,  # msgget, msgsnd, msgrcv, msgctl
            240, 241, 242, 243, 244, 245,  # mq_open .. mq_getsetattr
            272, 308, 165, 166, 155, 161,  # unshare, setns, mount, umount2, pivot_root, chroot
            428, 429, 430, 431, 432, 433, 442,  # open_tree .. fspick, mount_setattr
            312, 298, 321, 323, 440,  # kcmp, perf_event_open, bpf, userfaultfd, process_madvise
        ),
        # kill, tkill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo: first argument must be itself
        "self_only": (62, 200, 234, 129, 297),
        # prlimit64, sched_setaffinity, sched_setscheduler, sched_setparam, sched_setattr,
        # migrate_pages, move_pages: first argument 0 (itself) or itself
        "self_or_zero": (302, 203, 144, 142, 314, 256, 279),
        # setpriority (which PRIO_PROCESS 0), ioprio_set (which IOPRIO_WHO_PROCESS 1): who 0 or itself
        "which_self": ((141, 0), (251, 1)),
    },
    "aarch64": {
        "audit_arch": 0xC00000B7, "x32": False,
        "refused": (
            198, 425,
            117, 270, 271, 434, 424,
            217, 218, 219,
            194, 196, 195, 197, 190, 193, 191, 192,
            186, 189, 188, 187,
            180, 181, 182, 183, 184, 185,
            97, 268, 40, 39, 41, 51,
            428, 429, 430, 431, 432, 433, 442,
            272, 241, 280, 282, 440,
        ),
        "self_only": (129, 130, 131, 138, 240),
        "self_or_zero": (261, 122, 119, 118, 274, 238, 239),
        "which_self": ((140, 0), (30, 1)),
    },
}
"""Machines whose seccomp filter this module knows how to write (system call numbers)."""


def landlock_fs_rights(abi: int) -> int:
    """Every filesystem right Landlock ABI ``abi`` can handle (all of them are denied unless granted).

    >>> hex(landlock_fs_rights(1)), hex(landlock_fs_rights(3)), hex(landlock_fs_rights(7))
    ('0x1fff', '0x7fff', '0xffff')
    """
    bits = 13  # EXECUTE .. MAKE_SYM
    if abi >= 2:
        bits = 14  # REFER
    if abi >= 3:
        bits = 15  # TRUNCATE
    if abi >= 5:
        bits = 16  # IOCTL_DEV
    return (1 << bits) - 1


def _fail(what: str, error_number: int) -> OSError:
    return OSError(error_number, f"{what}: {os.strerror(error_number)}")


def _opened_rule(path: str, kind: str) -> tuple[int, int] | None:
    """``(O_PATH descriptor, access)`` of one rule: reading a folder (``tree``: what is in it
    too; ``list``: its entries only) or a file or device; ``None`` for a missing path, a link
    or anything else, which is never granted (links are not followed)."""
    import stat

    try:
        handle = os.open(path, os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    mode = os.fstat(handle).st_mode
    if stat.S_ISDIR(mode):
        return handle, _FS_READ_DIR if kind == "list" else _FS_READ_DIR | _FS_READ_FILE
    if stat.S_ISREG(mode) or stat.S_ISCHR(mode):
        return handle, _FS_READ_FILE
    os.close(handle)
    return None


_held: list[tuple[str, int, int]] = []
"""The fork server's rules for the standard library, opened once at its start: ``(path,
descriptor, access)``.  A child inherits the descriptors, grants them, and closes them before
any of the program's code exists (:func:`_release_held`)."""


def _hold(rules: Sequence[Sequence[str]]) -> None:
    """Open the held rules, each moved to the top of the descriptor table (the highest numbers
    this process may use), so that a child's own files get the numbers a fresh process gives
    them (its result file is descriptor 3)."""
    import resource

    top = min(resource.getrlimit(resource.RLIMIT_NOFILE)[0], 1 << 16) - 1
    for path, kind in rules:
        opened = _opened_rule(path, kind)
        if opened is None:
            continue
        handle, access = opened
        if top - len(_held) > 64 + len(rules):  # room above the numbers a child uses
            moved = top - len(_held)
            os.dup2(handle, moved, inheritable=False)
            os.close(handle)
            handle = moved
        _held.append((path, handle, access))


def _release_held() -> None:
    while _held:
        os.close(_held.pop()[1])


def _landlock(libc: _Libc, abi: int, rules: Sequence[Sequence[str]]) -> None:
    """Restrict this process to reading what the server's held rules and ``rules`` grant."""
    import _ctypes

    c = libc.types

    class RulesetAttr(_ctypes.Structure):
        _fields_ = (("handled_access_fs", c.u64), ("handled_access_net", c.u64), ("scoped", c.u64))

    class PathBeneathAttr(_ctypes.Structure):
        _pack_ = 1
        _fields_ = (("allowed_access", c.u64), ("parent_fd", c.i32))

    handled = landlock_fs_rights(abi)
    net = _NET_BIND_TCP | _NET_CONNECT_TCP if abi >= 4 else 0
    scoped = _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL if abi >= 6 else 0
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    attr = RulesetAttr(handled, net, scoped)
    syscall = libc.syscall
    ruleset = syscall(c.long(_SYS_LANDLOCK_CREATE_RULESET), _ctypes.byref(attr), c.long(size),
                      c.long(0))
    if ruleset < 0:
        raise _fail("landlock_create_ruleset", _ctypes.get_errno())
    try:
        # one rule structure and one set of arguments for every rule (about two hundred)
        rule = PathBeneathAttr(0, -1)
        arguments = (c.long(_SYS_LANDLOCK_ADD_RULE), c.long(ruleset),
                     c.long(_LANDLOCK_RULE_PATH_BENEATH), _ctypes.byref(rule), c.long(0))
        for path, handle, access in _held:
            rule.allowed_access = access & handled
            rule.parent_fd = handle
            if syscall(*arguments) != 0:
                raise _fail(f"landlock_add_rule {path}", _ctypes.get_errno())
        for path, kind in rules:
            opened = _opened_rule(path, kind)
            if opened is None:
                continue
            handle, access = opened
            try:
                rule.allowed_access = access & handled
                rule.parent_fd = handle
                if syscall(*arguments) != 0:
                    raise _fail(f"landlock_add_rule {path}", _ctypes.get_errno())
            finally:
                os.close(handle)
        if syscall(c.long(_SYS_LANDLOCK_RESTRICT_SELF), c.long(ruleset), c.long(0)) != 0:
            raise _fail("landlock_restrict_self", _ctypes.get_errno())
    finally:
        os.close(ruleset)


def seccomp_program(machine: str, pid: int) -> list[tuple[int, int, int, int]]:
    """The classic BPF filter for ``machine``, as ``(code, jt, jf, k)`` instructions.

    Every jump goes forward (BPF's rule); a system call of another architecture is refused,
    and so is every one of :data:`SECCOMP_ARCHES`' ``refused``; those that name a process
    (``self_only``, ``self_or_zero``, ``which_self``) may name this one only.  A process id is
    compared on its low 32 bits, which are all the kernel reads of a ``pid_t``.

    >>> program = seccomp_program("x86_64", 1234)
    >>> program[0], program[-1], len(program)
    ((32, 0, 0, 4), (6, 0, 0, 327693), 82)
    """
    spec = SECCOMP_ARCHES[machine]
    load, jeq, jge, ret = 0x20, 0x15, 0x35, 0x06  # BPF_LD|W|ABS, JMP|JEQ|K, JMP|JGE|K, RET|K
    allow, deny = 0x7FFF0000, 0x00050000 | 13  # SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO | EACCES
    me = pid & 0xFFFFFFFF
    arg0, arg1 = 16, 24  # seccomp_data.args[0] and [1], low 32 bits (little-endian)
    # (code, label when true, label when false, k); a label None is the next instruction;
    # a str alone in the list marks where that label is
    body: list[tuple[int, str | None, str | None, int] | str] = [
        (load, None, None, 4),  # seccomp_data.arch
        (jeq, None, "deny", spec["audit_arch"]),
        (load, None, None, 0),  # seccomp_data.nr
    ]
    if spec["x32"]:
        body.append((jge, "deny", None, 0x40000000))
    body += [(jeq, "deny", None, number) for number in spec["refused"]]
    body += [(jeq, "self", None, number) for number in spec["self_only"]]
    body += [(jeq, "self0", None, number) for number in spec["self_or_zero"]]
    body += [(jeq, f"which{which}", None, number) for number, which in spec["which_self"]]
    body += [(ret, None, None, allow),
             "self", (load, None, None, arg0), (jeq, "allow", "deny", me),
             "self0", (load, None, None, arg0), (jeq, "allow", None, 0), (jeq, "allow", "deny", me)]
    for which in sorted({which for _, which in spec["which_self"]}):
        body += [f"which{which}", (load, None, None, arg0), (jeq, None, "deny", which),
                 (load, None, None, arg1), (jeq, "allow", None, 0), (jeq, "allow", "deny", me)]
    body += ["allow", (ret, None, None, allow), "deny", (ret, None, None, deny)]
    where: dict[str, int] = {}
    lines: list[tuple[int, str | None, str | None, int]] = []
    for item in body:
        if isinstance(item, str):
            where[item] = len(lines)
        else:
            lines.append(item)
    program = []
    for i, (code, true, false, k) in enumerate(lines):
        jt = where[true] - i - 1 if true else 0
        jf = where[false] - i - 1 if false else 0
        assert 0 <= jt < 256 and 0 <= jf < 256, "a BPF jump goes forward, at most 255 places"
        program.append((code, jt, jf, k))
    return program


def _seccomp_filter(libc: _Libc, pid: int) -> tuple[Any, Any]:
    """The seccomp filter (:func:`seccomp_program`) for the process ``pid``, as the kernel
    reads it: the ``sock_fprog`` structure, and the instructions it points to."""
    import _ctypes

    machine = os.uname().machine
    if machine not in SECCOMP_ARCHES:
        raise OSError(f"no seccomp filter is written for {machine}")
    program = seccomp_program(machine, pid)
    c = libc.types

    class SockFilter(_ctypes.Structure):
        _fields_ = (("code", c.u16), ("jt", c.u8), ("jf", c.u8), ("k", c.u32))

    class SockFprog(_ctypes.Structure):
        _fields_ = (("len", c.u16), ("filter", _ctypes.POINTER(SockFilter)))

    filters = (SockFilter * len(program))(*(SockFilter(*line) for line in program))
    return SockFprog(len(program), filters), filters


def _seccomp(libc: _Libc, ahead: tuple[int, tuple[Any, Any]] | None = None) -> None:
    """Load the seccomp filter for this process: ``ahead``'s, made before this process was
    forked for the process id it has (see :func:`_alone`), or one made now."""
    import _ctypes

    fprog = ahead[1][0] if ahead is not None and ahead[0] == os.getpid() else None
    if fprog is None:
        fprog = _seccomp_filter(libc, os.getpid())[0]
    c = libc.types
    if libc.prctl(c.int(_PR_SET_SECCOMP), c.ulong(_SECCOMP_MODE_FILTER), _ctypes.byref(fprog),
                  c.ulong(0), c.ulong(0)) != 0:
        raise _fail("seccomp", _ctypes.get_errno())


class _Libc:
    """The C library's ``syscall``, ``prctl`` and ``unshare``, called through :mod:`_ctypes`
    (the core of :mod:`ctypes`, which defines its types the same way): importing
    :mod:`ctypes` itself would cost every sandbox about 3 ms of processor time at its start,
    for the few C types and calls confining a process takes.  Each call sets ``errno`` for
    :func:`_ctypes.get_errno`; each returns a C ``long``.
    """

    def __init__(self) -> None:
        import _ctypes

        def simple(code: str) -> Any:
            return type(f"c_{code}", (_ctypes._SimpleCData,), {"_type_": code})  # noqa: SLF001 - as ctypes makes c_long

        class Types:
            long, ulong, int = simple("l"), simple("L"), simple("i")
            u64, u32, i32, u16, u8 = simple("Q"), simple("I"), simple("i"), simple("H"), simple("B")

        class Function(_ctypes.CFuncPtr):
            _flags_ = _ctypes.FUNCFLAG_CDECL | _ctypes.FUNCFLAG_USE_ERRNO
            _restype_ = Types.long

        self.types = Types
        # the C library already loaded (a null name); CFuncPtr finds each name by self._handle
        self._handle = _ctypes.dlopen(None, _ctypes.RTLD_LOCAL)  # type: ignore[arg-type]
        self.syscall, self.prctl, self.unshare = (
            Function((name, self)) for name in ("syscall", "prctl", "unshare"))  # type: ignore[arg-type]


_CLONE_NEWNET = 0x40000000
_CLONE_NEWIPC = 0x08000000


def confine(*, landlock: Mapping[str, Any] | None, seccomp: bool,
            network_namespace: bool = False, libc: _Libc | None = None,
            seccomp_ahead: tuple[int, tuple[Any, Any]] | None = None) -> None:
    """Apply the kernel's confinement the grader asked for; raise if any part of it fails.

    ``network_namespace`` (as root, without bubblewrap): first move into a network namespace
    of its own, which has no interface but a loopback that is down, and an IPC namespace of
    its own (no System V object or POSIX message queue of anyone else's).  ``libc`` and
    ``seccomp_ahead`` (the process id the filter was made for, and the filter) are what a
    process made before forking this one, if it did.
    """
    if not landlock and not seccomp and not network_namespace:
        return
    import _ctypes

    libc = _Libc() if libc is None else libc
    c = libc.types
    if network_namespace and libc.unshare(c.int(_CLONE_NEWNET | _CLONE_NEWIPC)) != 0:
        raise _fail("unshare(CLONE_NEWNET | CLONE_NEWIPC)", _ctypes.get_errno())
    if libc.prctl(c.int(_PR_SET_NO_NEW_PRIVS), c.ulong(1), c.ulong(0), c.ulong(0),
                  c.ulong(0)) != 0:
        raise _fail("prctl(PR_SET_NO_NEW_PRIVS)", _ctypes.get_errno())
    if landlock:
        _landlock(libc, int(landlock["abi"]), landlock["rules"])
    if seccomp:
        _seccomp(libc, seccomp_ahead)


def set_limits(limits: Mapping[str, int]) -> None:
    """Processor seconds, memory, file size; no core files, no new processes."""
    import resource

    cpu = max(1, int(limits["cpu_seconds"]))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.setrlimit(resource.RLIMIT_AS, (limits["memory_bytes"], limits["memory_bytes"]))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits["file_bytes"], limits["file_bytes"]))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if hasattr(resource, "RLIMIT_NPROC"):
        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))


def _drop_root() -> None:
    if hasattr(os, "getuid") and os.getuid() == 0:
        os.setgroups([])
        os.setgid(_NOBODY)
        os.setuid(_NOBODY)


def _wait_for_program(pid: int, life: int) -> tuple[int, float]:
    """Wait for the program's process; end this process, and so the whole sandbox, if the
    grader closes its end of ``life`` first (it killed the program, or it died): bwrap runs as
    root, and a parent that is root without the right to kill cannot send its death signal to
    a child that has become ``nobody``.  Returns the program's wait status and processor time.
    """
    import select

    try:
        program = os.pidfd_open(pid)
    except (AttributeError, OSError):  # a kernel before 5.3: a thread watches the grader
        import threading

        def watch() -> None:
            try:
                while os.read(life, 64):
                    pass
            except OSError:
                pass
            os._exit(137)

        threading.Thread(target=watch, daemon=True).start()
    else:
        poll = select.poll()
        poll.register(program, select.POLLIN)
        poll.register(life, select.POLLIN | select.POLLHUP)
        while True:
            ready = dict(poll.poll())
            if program in ready:
                break
            if life in ready and not os.read(life, 64):
                os._exit(137)
    _, status, usage = os.wait4(pid, 0)
    return status, usage.ru_utime + usage.ru_stime


_PR_SET_PDEATHSIG = 1


def _die_with_bwrap(libc: _Libc) -> None:
    """Be killed when bwrap, the parent, ends (the grader killed it, or the grader died and
    bwrap with it): the kernel clears bwrap's ``--die-with-parent`` when a process changes its
    user, as :func:`_drop_root` does, and the sandbox's first process takes every other one
    with it when it dies."""
    import _ctypes

    c = libc.types
    if libc.prctl(c.int(_PR_SET_PDEATHSIG), c.ulong(9), c.ulong(0), c.ulong(0), c.ulong(0)) != 0:
        raise _fail("prctl(PR_SET_PDEATHSIG)", _ctypes.get_errno())


def _only_the_standard_library(paths: Sequence[str]) -> None:
    """Import from the standard library's folders only, with the standard finders only."""
    sys.path[:] = list(paths)
    sys.path_importer_cache.clear()
    sys.meta_path[:] = [finder for finder in sys.meta_path
                        if getattr(finder, "__module__", "") in ("_frozen_importlib",
                                                                 "_frozen_importlib_external")]
    for name in [n for n in sys.modules if n.split(".")[0] in ("ctypes", "_ctypes")]:
        del sys.modules[name]


def _site_builtins() -> None:
    """``exit``, ``quit``, ``help``, ``copyright``, ``credits`` and ``license``, as :mod:`site`
    gives them: the child starts without :mod:`site` (``python -S``), so that no ``.pth``
    file of any ``site-packages`` runs in it, and makes only these itself."""
    import site

    site.setquit()
    site.setcopyright()
    site.sethelper()


def _no_bytecode(home: str) -> None:
    """Imports from now on compile their module's source (the cached bytecode is looked for in a
    folder that does not exist), so that the audit hook can refuse :mod:`marshal` outright."""
    sys.pycache_prefix = home.rstrip("/") + "/.no-bytecode"


def _failed(channel: int, error: BaseException) -> None:
    """Tell the grader, on its own channel, that the sandbox could not be set up; stop."""
    text = " ".join(describe_error(error).split())
    try:
        os.write(channel, f"failed {text}\n".encode("utf-8", "replace"))
    finally:
        os._exit(SANDBOX_FAILED)


def main(request: dict[str, Any], *, channel: int, confined: bool = False,
         result: int | None = None) -> None:
    """Run one request (see the module docstring) in the process made for it.

    ``channel`` is the grader's own line (a pipe only the grader reads): ``start`` goes on it
    once everything is in place, then it is closed, before any of the student's code runs;
    before that, anything that fails is told on it as ``failed <why>``
    (:func:`_failed`), so that only the grader decides that a sandbox could not be set up.
    ``confined``: the kernel's confinement is already in force (a process started ahead by
    bubblewrap); ``result``: the result file's descriptor, when it is already open.
    """
    try:
        set_limits(request["limits"])
        home = os.getcwd()
        if result is None:
            result = os.open(RESULT_FILE, _OUTPUT_FLAGS, 0o600)
        out = open(result, "w", encoding="utf-8")  # noqa: SIM115 - kept open until the end
        for module in PRELOADED:  # only those the program imports (the grader read its source)
            if module in request["preload"]:
                __import__(module)
        sys.dont_write_bytecode = True
        if not confined:
            try:
                confine(landlock=request.get("landlock"), seccomp=bool(request.get("seccomp")),
                        network_namespace=bool(request.get("network_namespace")))
            finally:
                _release_held()  # granted or not, the server's descriptors are not the program's
            _drop_root()
        _only_the_standard_library(request["import_paths"])
        _no_bytecode(home)
        install_guard(home=home, readable=request["readable"], hidden=request["hidden"],
                      blocked_imports=request["blocked_imports"])
        sys.stdout = _CappedText(_PRINT_CAP)
        sys.stderr = _CappedText(_PRINT_CAP)
    except Exception as error:  # nothing of the student's has run: stop here
        _failed(channel, error)

    seal = request.pop("seal", None)  # the grader's mark of this run's own records
    cap = int(request.get("record_cap") or _RECORD_CAP)

    def emit(record: Mapping[str, Any]) -> None:
        sealed = {"seal": seal, **record} if seal is not None else record
        line = _dumps(sealed)
        if len(line) > cap:  # what _fit would keep as it is: written once, not measured twice
            line = _dumps(_fit(sealed, cap))
        out.write(line + "\n")
        out.flush()

    os.write(channel, b"start\n")
    os.close(channel)  # from here on, nothing in this process can speak on the grader's line
    _run(request, emit)
    out.close()
    os._exit(0)  # skip any atexit handlers the program registered


_CODE = type(_dumps.__code__)
"""The type of code objects (without :func:`compile`, whose first call in a process costs
more than most programs' whole run: it makes Python's :mod:`ast` types)."""


def _run(request: Mapping[str, Any], emit: Callable[[Mapping[str, Any]], None]) -> None:
    """Run the program: its code as the grader compiled it (``code``, read with the request,
    before the audit hook refuses :mod:`marshal`), or its ``source`` compiled here when the
    grader could not (so that the error is the program's own); then call its functions."""
    module = type(sys)("__answer__")  # a real module, so that @dataclass and the like work
    module.__builtins__ = builtins  # type: ignore[attr-defined]
    sys.modules["__answer__"] = module
    namespace: dict[str, Any] = module.__dict__
    try:
        code = request.get("code")
        if type(code) is not _CODE:  # the grader could not compile it: compile it here, to say why
            code = compile(request["source"], request["filename"], "exec", dont_inherit=True)
    except SyntaxError as error:
        emit({"load": "error", "error": f"SyntaxError on line {error.lineno}: {error.msg}"[:300]})
        return
    except Exception as error:  # e.g. a null byte in the source
        emit({"load": "error", "error": describe_error(error)})
        return
    try:
        exec(code, namespace)
    except BaseException as error:  # SystemExit and the like too
        refusal = describe_refusal(error)
        if refusal is not None:
            emit({"load": "refused", "refused": refusal})
        else:
            emit({"load": "error", "error": describe_error(error)})
        return
    emit({"load": "ok"})
    for record in call_all(namespace, request["calls"]):
        emit(record)


REQUEST_FILE = "request.marshal"
"""The request, written by the grader into the run's folder (readable by its owner only); the
child reads it and removes it before it confines itself."""
_OUTPUT_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)


def _keep_only(kept: Iterable[int], low: int = 3) -> None:
    """Close every descriptor from ``low`` up but ``kept``."""
    for handle in sorted(kept):
        os.closerange(low, handle)
        low = handle + 1
    os.closerange(low, 1 << 16)


def _forked(home: str, channel: int) -> None:
    """One run, in a process the server has just forked: never returns.

    The process leaves the server's session, moves to the run's folder, writes its output to
    ``stdout.txt`` and ``stderr.txt`` there, reads an empty stdin (``/dev/null``), keeps no
    other descriptor of the server's (neither of its lines to and from the grader) but its
    ``channel`` to the server (see :func:`main`), reads and removes its request, then runs
    :func:`main`.
    """
    try:
        os.setsid()  # a process group of its own, which the grader kills at the wall-clock limit
        os.chdir(home)
        out = os.open("stdout.txt", _OUTPUT_FLAGS, 0o600)
        err = os.open("stderr.txt", _OUTPUT_FLAGS, 0o600)
        nothing = os.open(os.devnull, os.O_RDONLY)
        os.dup2(nothing, 0)  # not the server's line from the grader: a stdin that is empty
        os.dup2(out, 1)
        os.dup2(err, 2)
        # the server's descriptors: none is the program's (the held rules are closed once
        # granted, and the channel once it has said "start", before any of its code)
        _keep_only([channel, *(fd for _, fd, _ in _held)])
        os.environ["HOME"] = home
        handle = os.open(REQUEST_FILE, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with open(handle, "rb") as file:
            request: dict[str, Any] = marshal.loads(file.read())
        os.unlink(REQUEST_FILE)
    except BaseException as error:  # nothing of the student's exists yet: stop here
        _failed(channel, error)
    try:
        main(request, channel=channel)
    except BaseException as error:  # what escaped the harness: a crash, never the server's loop
        os.write(2, f"{describe_error(error)}\n".encode("utf-8", "replace"))
    os._exit(1)


def _read_exactly(handle: int, size: int) -> bytes:
    chunks = []
    while size > 0:
        chunk = os.read(handle, min(size, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def _read_request(handle: int) -> dict[str, Any]:
    """``<size>\\n`` and that many bytes of :mod:`marshal` from the grader's request pipe; a
    pipe closed first (the grader no longer needs this process) ends the process quietly."""
    head = b""
    while not head.endswith(b"\n"):
        byte = os.read(handle, 1)
        if not byte or len(head) > 20:
            os._exit(0)
        head += byte
    size = int(head)
    data = _read_exactly(handle, size)
    if len(data) != size:
        os._exit(0)
    os.close(handle)
    request: dict[str, Any] = marshal.loads(data)
    return request


def _alone(config: Mapping[str, Any]) -> None:
    """The first process of one program's bubblewrap sandbox, started ahead of it: never returns.

    ``config`` holds the descriptors the grader passed (``request``: the pipe the request comes
    on; ``result``, ``stdout``, ``stderr``: files the grader made and alone reads), the
    Landlock rules (``landlock``), ``seccomp`` and ``warm_up``.  The process gives up root
    (as root without a user namespace of its own: ``nobody``), confines itself with Landlock,
    warms up if asked, says ``ready`` on the grader's line (its stdout, a pipe), and waits for
    its request.  Then it forks the program's process (:func:`_program`) and waits for it:
    once it has ended, it says ``ended <wait status> <processor seconds>`` on the grader's
    line and ends, and with it, as the first process of the sandbox's PID namespace, every
    process left in the sandbox.  The program cannot reach it: it may signal, trace or read
    no other process, and a signal from inside its namespace does not reach the first one.
    """
    import _ctypes  # noqa: F401 - what it confines itself with
    import _signal  # type: ignore[import-not-found]  # signal without enum, in every sandbox
    import fcntl  # noqa: F401
    import gc
    import resource  # noqa: F401
    import stat  # noqa: F401

    fds = config["fds"]
    try:
        _signal.signal(_signal.SIGINT, _signal.SIG_DFL)
        _site_builtins()
        _drop_root()
        libc = _Libc()
        _die_with_bwrap(libc)
        # the program's process inherits Landlock; its seccomp filter, which names that
        # process, is made here for the number it will have (the first this process forks in
        # its PID namespace), so that the forked process only loads it
        confine(landlock=config["landlock"], seccomp=False, libc=libc)
        ahead = (os.getpid() + 1, _seccomp_filter(libc, os.getpid() + 1)) if config["seccomp"] else None
        if config.get("warm_up"):
            _warm_up()
    except BaseException as error:  # nothing of the student's exists yet: stop here
        _failed(1, error)
    os.write(1, b"ready\n")
    request = _read_request(fds["request"])
    gc.freeze()  # what exists now stays put: the program's collections do not copy its pages
    try:
        pid = os.fork()
    except OSError as error:
        _failed(1, error)
    if pid == 0:
        _program(request, config, libc, ahead)
    for name in ("result", "stdout", "stderr"):
        os.close(fds[name])
    status, processor = _wait_for_program(pid, fds["life"])
    os.write(1, b"ended %d %.6f\n" % (status, processor))
    os._exit(0)


def _program(request: dict[str, Any], config: Mapping[str, Any], libc: _Libc,
             seccomp_ahead: tuple[int, tuple[Any, Any]] | None) -> None:
    """The program's own process in its sandbox (see :func:`_alone`): never returns.

    Its descriptors become the program's: 0 empty, 1 and 2 its outputs, 3 its results, and
    the grader's line until :func:`main` says ``start`` on it and closes it; then its seccomp
    filter (which names this process as itself) and :func:`main`.
    """
    import fcntl

    channel = 1
    fds = config["fds"]
    try:
        channel = fcntl.fcntl(1, fcntl.F_DUPFD, 64)
        copies = [fcntl.fcntl(fds[name], fcntl.F_DUPFD, 64) for name in ("stdout", "stderr", "result")]
        nothing = os.open(os.devnull, os.O_RDONLY)
        for target, handle in enumerate((nothing, *copies)):
            os.dup2(handle, target)
        _keep_only([channel], low=4)
        confine(landlock=None, seccomp=bool(config["seccomp"]), libc=libc,
                seccomp_ahead=seccomp_ahead)
    except BaseException as error:
        _failed(channel, error)
    try:
        main(request, channel=channel, confined=True, result=3)
    except BaseException as error:  # what escaped the harness: a crash
        os.write(2, f"{describe_error(error)}\n".encode("utf-8", "replace"))
    os._exit(1)


_WARM_UP = """\
CARDS = {"A": 1, "J": 0, "Q": 0, "K": 0}


def rule(total, third=None):
    if third is None:
        return total <= 5
    return total <= 2 or (total == 3 and third != 8) or 2 <= third <= 7


def play(cards):
    points = [CARDS[card[:-1]] if card[:-1] in CARDS else int(card[:-1]) for card in cards]
    if (points[0] + points[2]) % 10 > (points[1] + points[3]) % 10:
        return "punto"
    return "banco"
"""


def _warm_up() -> None:
    """Compile and call the server's own sample through the harness once (never a student's
    code: a constant of this file), so that every child starts with Python's compiler and the
    harness's code warm instead of warming them up itself."""
    namespace: dict[str, Any] = {}
    exec(compile(_WARM_UP, "<warm-up>", "exec"), namespace)  # this file's own text
    calls = [{"function": "rule", "args": [[t, v] for t in range(8) for v in (None, *range(10))]},
             {"function": "play", "args": [[["10♥", "K♠", "4♦", "A♣", "J♥"]]] * 40},
             {"function": "missing", "args": [[0]]}]
    for record in call_all(namespace, calls):
        _dumps({"seal": "0" * 32, **record})


def _line(stdin: Any) -> bytes:
    line: bytes = stdin.readline()
    if not line.endswith(b"\n"):  # the grader has gone (or wrote something else): stop
        os._exit(0)
    return line[:-1]


def _said(handle: int) -> bytes:
    """What a forked child said on its channel, as one line for the grader: ``start``,
    ``failed <why>`` or ``none``."""
    said = b""
    while len(said) < 4096:
        chunk = os.read(handle, 4096)
        if not chunk:
            break
        said += chunk
    first = said.split(b"\n", 1)[0]
    if first == b"start" or first.startswith(b"failed "):
        return first[:400].decode("utf-8", "replace").encode("ascii", "backslashreplace")
    return b"none"


def serve() -> None:
    """The fork server: wait for the grader's ``<folder>`` lines and fork one child per line.

    It starts as ``python -I -S`` with a minimal environment, loads what every child needs
    (:mod:`_ctypes`, :mod:`resource`, :mod:`site`'s builtins), warms up on its own sample
    (:func:`_warm_up`), reads ``<size>`` and that many bytes of the standard library's Landlock
    rules, opens them (:func:`_hold`), and then only forks: it never reads a request, a
    program or a result.  For each run it answers ``<pid>`` once forked, ``exited`` when that
    child has ended (still unreaped, so that the grader can kill its process group without
    any risk of reaching another), and, after the grader's ``reap``, the child's wait status,
    the processor seconds it used and what the child said on the channel the server made for
    it (``start``, ``failed <why>`` or ``none``: see :func:`main`).  It ends when the grader
    closes its stdin.
    """
    import _ctypes  # noqa: F401 - what every child confines itself with
    import fcntl
    import resource  # noqa: F401
    import stat  # noqa: F401

    _site_builtins()
    _warm_up()
    stdin = sys.stdin.buffer
    size = _line(stdin)  # then the standard library's Landlock rules, opened once for every child
    _hold(marshal.loads(stdin.read(int(size))) if size.isdigit() else ())
    while True:
        home = _line(stdin).decode("utf-8", "surrogateescape")
        reader, writer = os.pipe()
        try:
            pid = os.fork()
        except OSError as error:
            os.close(reader)
            os.close(writer)
            os.write(1, f"error {describe_error(error)}\n".encode("ascii", "replace"))
            continue
        if pid == 0:
            os.close(reader)
            channel = fcntl.fcntl(writer, fcntl.F_DUPFD, 64)
            os.close(writer)
            _forked(home, channel)
        os.close(writer)
        os.write(1, b"%d\n" % pid)
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
        os.write(1, b"exited\n")
        said = _said(reader)
        os.close(reader)
        if _line(stdin) != b"reap":
            os._exit(0)
        _, status, usage = os.wait4(pid, 0)
        os.write(1, b"%d %.6f %s\n" % (status, usage.ru_utime + usage.ru_stime, said))


def _start() -> None:
    """The first line of stdin (after this file's code) says what this process is: ``serve``
    (the fork server, :func:`serve`) or ``alone`` (one program's process in bubblewrap,
    :func:`_alone`, whose configuration follows as ``<size>`` and that many bytes)."""
    stdin = sys.stdin.buffer
    if _line(stdin) == b"alone":
        size = _line(stdin)
        _alone(marshal.loads(stdin.read(int(size))) if size.isdigit() else {})
    serve()


if __name__ == "__main__":
    _start()
