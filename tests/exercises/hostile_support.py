"""Hostile programs for the coding question, and a grading run that can be started as another user.

Three families:

* **forgers** write their own records into the result channel (the open
  result file, found by walking the frames or as file descriptor 3);
* **switch-offs** try to turn off the audit hook from inside (its module
  globals through ``sys.modules['__main__']``, closures through ``gc``, the
  library functions it might call), then try to read ``/etc/passwd``;
* **attackers** try what the audit found possible once the hook is off:
  write the gradebook, overwrite or delete a classmate's notebook, read the
  roster, connect to a TCP listener, kill the grader.  Each reports what
  happened as its load error: ``blocked: <exception type>`` or ``DONE``.

Run as a script (``python hostile_support.py FOLDER PORT [--no-hook]``) it
writes a class into FOLDER (roster, handed-in notebooks with the attackers
and a well-behaved classmate, an old gradebook), grades it, writes the
gradebook and prints a JSON summary.  The tests start it as an unprivileged
user, so that only the kernel's confinement stands between the programs and
the files, which that user owns.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run as a script: make the support module importable
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from exercise_support import (
    MODEL_PROGRAM,
    filled_notebook,
    key_answers,
    with_program,
    write_notebook,
)

from bacara_teach.exercises import make_paper, sandbox
from bacara_teach.exercises.grading import grade_directory, write_gradebook
from bacara_teach.exercises.roster import Student, read_roster

ASSIGNMENT = "third-card"
CLASSMATE = "good"
"""The well-behaved student whose notebook the attackers go after."""

# -- forgers -------------------------------------------------------------------------------------

_FORGE_BY_FRAMES = '''
import sys
frame = sys._getframe()
while frame is not None and "out" not in frame.f_locals:
    frame = frame.f_back
out = frame.f_locals["out"]
out.write({lines})
out.flush()
'''
_FORGE_BY_FD = '''
import os
os.write(3, ({lines}).encode())
os._exit(0)
'''
_LOAD = "'{\"load\":\"ok\"}\\n'"
_BANKER = "'{\"function\":\"banker_draws\",\"results\":"
FORGED_LINES = {
    # each a Python expression the program evaluates (the largest would not fit in a code cell);
    # first the audit's crash: an empty result where [kind, value] is expected
    "empty-result": f"{_LOAD} + {_BANKER}[[]]}}\\n'",
    "results-not-a-list": f"{_LOAD} + {_BANKER}\"all right\"}}\\n'",
    "value-not-plain": f"{_LOAD} + {_BANKER}[' + ','.join(['[\"ok\",[true]]'] * 88) + ']}}\\n'",
    "nan": f"{_LOAD} + {_BANKER}[' + ','.join(['[\"ok\",NaN]'] * 88) + ']}}\\n'",
    "not-a-record": "'[1, 2, 3]\\n'",
    "load-error-not-text": "'{\"load\":\"error\",\"error\":{\"a\":1}}\\n'",
    "wrong-order": f"{_LOAD} + '{{\"function\":\"play\",\"results\":[]}}\\n'",
    "extra-key": "'{\"load\":\"ok\",\"points\":100}\\n'",
    "huge": f"{_LOAD} + {_BANKER}[[\"ok\",\"' + 'x' * 900_000 + '\"]]}}\\n'",
    "deep": f"{_LOAD} + '[' * 100_000 + ']' * 100_000 + '\\n'",
    # well-shaped, then the harness's own load line: a record out of place
    "extra-records": _LOAD,
}


def forged_programs() -> dict[str, str]:
    """Student id -> a program that forges records in the result file it finds.

    ``forge-<shape>`` writes through descriptor 3 and exits at once, so the file holds only
    the forgery; ``forge-frames-...`` finds the grader's open file object by walking the
    frames, writes, and lets the harness add its own records after.
    """
    programs = {f"forge-{name}": _FORGE_BY_FD.format(lines=lines)
                for name, lines in FORGED_LINES.items() if name != "extra-records"}
    for name in ("empty-result", "extra-records"):
        programs[f"forge-frames-{name}"] = (_FORGE_BY_FRAMES.format(lines=FORGED_LINES[name])
                                            + MODEL_PROGRAM)
    return programs


# -- switching the audit hook off ------------------------------------------------------------------

_ATTEMPT = '''
def attempt():
    try:
        with open({target!r}) as handle:
            handle.read()
    except (PermissionError, FileNotFoundError) as error:  # refused, or not there at all
        return "blocked: " + type(error).__name__ + ": " + str(error)
    except OSError as error:
        return "failed: " + type(error).__name__
    return "DONE"
raise SystemExit(attempt())
'''
SWITCH_OFFS = {
    # the module globals the old hook read
    "globals": '''
import sys
main = sys.modules["__main__"]
for name in ("_BLOCKED_EVENT_PREFIXES", "_WRITE_EVENTS", "_PATH_EVENTS", "_BLOCKED_EVENTS"):
    setattr(main, name, ())
main._PATH_EVENTS_READ = {}
main._WRITE_FLAGS = 0
main._DEVICES = frozenset({"/etc/passwd"})
main.Refused = type("Harmless", (Exception,), {})
''',
    # closures and lists found through the garbage collector
    "gc": '''
import gc
try:
    for item in gc.get_objects():
        if isinstance(item, list) and "/" in str(item)[:200]:
            item.clear()
except PermissionError:
    pass
''',
    # the library functions a hook might call
    "library": '''
import os, os.path, posixpath, builtins
posixpath.realpath = os.path.realpath = lambda path, **kw: "/"
os.fspath = os.fsdecode = lambda path: "/"
builtins.isinstance = lambda *args: False
builtins.any = builtins.all = lambda *args: True
builtins.len = lambda *args: 0
''',
    # a path whose text changes between the hook's look and the open
    "tricky-path": '''
class Sneaky(str):
    def startswith(self, *args):
        return True
    def __eq__(self, other):
        return True
    def __hash__(self):
        return 0
import builtins
real_open = builtins.open
builtins.open = lambda path, *a, **k: real_open(Sneaky(path), *a, **k)
''',
    # a tracer stepping through the hook
    "tracer": '''
import sys
try:
    sys.settrace(lambda *args: None)
except PermissionError:
    pass
''',
}


def switch_off_programs() -> dict[str, str]:
    """Student id -> a program that tries to switch the hook off, then to read /etc/passwd."""
    return {f"switch-{name}": code + _ATTEMPT.format(target="/etc/passwd")
            for name, code in SWITCH_OFFS.items()}


# -- attacks once the hook is off --------------------------------------------------------------------

_REPORT = '''
def attack():
    try:
{body}
    except OSError as error:
        return "blocked: " + type(error).__name__
    return "DONE"
raise SystemExit(attack())
'''


def attack_programs(folder: Path, port: int) -> dict[str, str]:
    """Student id -> a program attacking the class in ``folder`` (paths as the grader sees them)."""
    gradebook = str(folder / "out" / "gradebook.csv")
    classmate = str(folder / "handed-in" / f"{CLASSMATE}.ipynb")
    roster = str(folder / "roster.csv")
    bodies = {
        "writes-gradebook": f"        open({gradebook!r}, 'w').write('attacker,25,25\\n')",
        "overwrites-classmate": f"        open({classmate!r}, 'w').write('{{}}')",
        "deletes-classmate": f"        import os\n        os.remove({classmate!r})",
        "reads-roster": f"        data = open({roster!r}).read()\n        raise SystemExit('LEAKED ' + data)",
        "connects": ("        import socket\n"
                     f"        socket.create_connection(('127.0.0.1', {port}), timeout=3).send(b'hi')"),
        "kills-grader": "        import os\n        os.kill(os.getppid(), 9)",
    }
    return {f"attack-{name}": _REPORT.format(body=body) + MODEL_PROGRAM
            for name, body in bodies.items()}


# -- attacks on the other programs of the batch, with the hook on --------------------------------

_NEIGHBOURS = """
import os, resource
def attack():
    reached = []
    for pid in range(1, 300):
        if pid == os.getpid():
            continue
        for name, act in (("prlimit", lambda: resource.prlimit(pid, resource.RLIMIT_CPU, (0, 0))),
                          ("setpriority", lambda: os.setpriority(os.PRIO_PROCESS, pid, 19)),
                          ("affinity", lambda: os.sched_setaffinity(pid, {0})),
                          ("scheduler", lambda: os.sched_setscheduler(pid, os.SCHED_IDLE,
                                                                      os.sched_param(0)))):
            try:
                act()
            except (OSError, AttributeError):
                continue
            reached.append(name + " " + str(pid))
    return "DONE " + ", ".join(reached[:5]) if reached else "blocked: every neighbour"
raise SystemExit(attack())
"""
_CHANNEL = """
def attack():
    found = []
    try:
        from multiprocessing import shared_memory
        memory = shared_memory.SharedMemory(name="bacara-channel", create={create}, size=16)
        {use_memory}
        found.append("memory")
    except Exception as error:
        found.append("blocked: " + type(error).__name__)
    try:
        with open("/tmp/bacara-channel", {mode!r}) as channel:
            {use_file}
        found.append("file")
    except OSError as error:
        found.append("blocked: " + type(error).__name__)
    return " ".join(found) if all(f.startswith("blocked") for f in found) else "DONE " + str(found)
raise SystemExit(attack())
"""
PROCESS_ATTACKS = {
    # every other process within reach: a neighbour's limits, priority, processors, scheduler
    "neighbours": _NEIGHBOURS,
    # a channel between two programs, one writing and one reading, side by side or in turn
    "channel-writer": _CHANNEL.format(create=True, use_memory="memory.buf[:6] = b'LEAKED'",
                                      mode="w", use_file="channel.write('LEAKED')"),
    "channel-reader": _CHANNEL.format(
        create=False, use_memory="raise SystemExit('LEAKED ' + bytes(memory.buf[:6]).decode())",
        mode="r", use_file="raise SystemExit('LEAKED ' + channel.read())"),
    # raw bytecode, the usual first step past an audit hook
    "code-object": """
def attack():
    try:
        (lambda: 0).__code__.replace(co_consts=(1,))
    except OSError as error:
        return "blocked: " + type(error).__name__
    return "DONE"
raise SystemExit(attack())
""",
    "fork-bomb": """
import os
def attack():
    try:
        while True:
            os.fork()
    except OSError as error:
        return "blocked: " + type(error).__name__
raise SystemExit(attack())
""",
    # more output than any limit: the program is stopped, the batch goes on
    "flood": "import sys\nwhile True:\n    sys.stdout.write('x' * 100_000)\n",
    # its own failure dressed as the grader's words
    "forged-failure": """
import os
os.write(1, b"failed its sandbox could not be set up\\n")
raise SystemExit("the program was not run: its sandbox could not be set up (bwrap)")
""",
}


def process_attacks() -> dict[str, str]:
    """Student id -> a program going after the other programs of the batch (graded as usual,
    with the audit hook on: the kernel's walls and the hook both stand)."""
    return {f"proc-{name}": code for name, code in PROCESS_ATTACKS.items()}


@contextlib.contextmanager
def audit_hook_off() -> Iterator[None]:
    """Grade with the child's audit hook never installed (as if a program had switched it off)."""
    source = sandbox._child_source()
    marker = '\nif __name__ == "__main__":'
    patched = source.replace(marker, "\ninstall_guard = lambda **kwargs: None\n" + marker)
    assert patched != source, "the child's source changed: update audit_hook_off"
    original = sandbox._child_source
    sandbox._child_source = lambda: patched  # type: ignore[assignment]
    try:
        yield
    finally:
        sandbox._child_source = original


@contextlib.contextmanager
def without_bubblewrap() -> Iterator[None]:
    """Grade as on a machine where bubblewrap cannot be used: the fork server and the kernel's
    own layers (Landlock, seccomp, nobody, a network and IPC namespace of its own as root)."""
    import dataclasses

    found = sandbox.isolation()
    fallback = dataclasses.replace(found, wall=None, user_namespace=False,
                                   wall_missing="bwrap is set aside for this test",
                                   unshare=sandbox._unshare())
    original = sandbox.isolation
    sandbox.isolation = lambda: fallback  # type: ignore[assignment]
    try:
        yield
    finally:
        sandbox.isolation = original


BLOCKED = ("PermissionError", "FileNotFoundError")
"""How the kernel refuses a file a program may not open: Landlock refuses it, and in a
bubblewrap sandbox it does not exist."""


def program_notebook(student: str, program: str) -> dict[str, Any]:
    paper = make_paper(ASSIGNMENT, student)
    return filled_notebook(paper, with_program(paper, program))


def write_class(folder: Path, port: int) -> list[Student]:
    """A roster, handed-in notebooks (the classmate and every attacker) and an old gradebook."""
    programs = {**attack_programs(folder, port), **switch_off_programs()}
    students = [Student(CLASSMATE, "Good Classmate"), *(Student(s, s) for s in programs)]
    (folder / "roster.csv").write_text(
        "id,name\n" + "".join(f"{s.id},{s.name}\n" for s in students), encoding="utf-8")
    handed_in = folder / "handed-in"
    handed_in.mkdir()
    paper = make_paper(ASSIGNMENT, CLASSMATE)
    write_notebook(handed_in, CLASSMATE, filled_notebook(paper, key_answers(paper)))
    for student, program in programs.items():
        write_notebook(handed_in, student, program_notebook(student, program))
    (folder / "out").mkdir()
    (folder / "out" / "gradebook.csv").write_text("old gradebook\n", encoding="utf-8")
    return students


def grade_class(folder: Path, *, hook: bool = True) -> dict[str, Any]:
    """Grade the class in ``folder`` (two at a time) and write its gradebook; a JSON-ready summary."""
    roster = read_roster(folder / "roster.csv")
    limits = sandbox.Limits(wall_seconds=5, cpu_seconds=2)
    with contextlib.nullcontext() if hook else audit_hook_off():
        book = grade_directory(folder / "handed-in", ASSIGNMENT, roster, limits=limits, jobs=2)
    write_gradebook(book, folder / "out" / "gradebook.csv")
    rows = {}
    for grade in book.grades:
        code = next(g for g in grade.grades if g.question.question_kind.is_program)
        rows[grade.student.id] = {"status": grade.status, "total": str(grade.total),
                                  "code": code.mark.reason}
    return {"layers": list(sandbox.isolation_layers()), "missing": sandbox.isolation_missing(),
            "rows": rows}


def main(argv: list[str]) -> None:
    folder, port = Path(argv[0]), int(argv[1])
    write_class(folder, port)
    print(json.dumps(grade_class(folder, hook="--no-hook" not in argv)))


if __name__ == "__main__":
    main(sys.argv[1:])
