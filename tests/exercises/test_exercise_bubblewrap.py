"""Each graded program in a bubblewrap sandbox of its own, attacked.

What a program cannot do, even with the audit hook switched off (as if it had found a way past
it): see, signal, limit, slow or reprioritise another process; leave a System V object or a
key for a later program; reach the network; share a hash seed with another program; make its
own failure read as a sandbox that could not be set up; leave anything running once its run
has ended, even when the grader itself is killed.  With the hook on, building a code object
by hand is refused.  Where bubblewrap cannot be used, grading goes on with the kernel's own
layers and says so in one line.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hostile_support import audit_hook_off, without_bubblewrap

from bacara_teach.exercises import sandbox
from bacara_teach.exercises.sandbox import PROGRAM_HOME, Limits, ProgramRun, isolation, run_program

FAST = Limits(wall_seconds=8, cpu_seconds=4, memory_bytes=384 * 1024 ** 2, file_bytes=512 * 1024)
in_bubblewrap = pytest.mark.skipif(
    isolation().wall is None,
    reason=f"bubblewrap is not used here: {isolation().wall_missing}")  # CI installs it


def call(source: str, limits: Limits = FAST) -> ProgramRun:
    return run_program(source, [{"function": "f", "args": [[0]]}], limits=limits)


def value(run: ProgramRun) -> Any:
    assert run.outcome == "finished", run.reason
    (record,) = [r for r in run.records if r.get("function") == "f"]
    ((status, result),) = record["results"]
    assert status == "ok", result
    return result


def sandboxed() -> list[int]:
    """Processes of any graded program's sandbox on this machine (their folder is the
    program's own, which exists only inside a sandbox)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.readlink(entry / "cwd") == PROGRAM_HOME:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.fixture
def victim() -> Iterator[subprocess.Popen[bytes]]:
    """A process running as ``nobody``, as a neighbour's program runs (root only: the grader
    is root on the machines that run these tests)."""
    if os.geteuid() != 0:
        pytest.skip("a neighbour running as nobody needs root to start")
    process = subprocess.Popen(["sleep", "60"], user=65534, group=65534, extra_groups=[])
    try:
        yield process
    finally:
        process.kill()
        process.wait()


@in_bubblewrap
def test_a_program_sees_no_other_process() -> None:
    seen = value(call("import os\ndef f(x):\n    return str([os.getpid(), os.getppid(), "
                      "os.path.exists('/proc'), os.path.exists('/etc/passwd')])\n"))
    assert seen == str([2, 1, False, False])  # its sandbox's first process is its only other one


@in_bubblewrap
def test_with_the_hook_off_a_neighbour_cannot_be_signalled_limited_or_slowed(
        victim: subprocess.Popen[bytes]) -> None:
    pid = victim.pid
    before = (os.getpriority(os.PRIO_PROCESS, pid), os.sched_getaffinity(pid),
              Path(f"/proc/{pid}/limits").read_text(encoding="utf-8"))
    attacks = {
        "kill": f"os.kill({pid}, 9)",
        "prlimit": f"resource.prlimit({pid}, resource.RLIMIT_CPU, (0, 0))",
        "setpriority": f"os.setpriority(os.PRIO_PROCESS, {pid}, 19)",
        "affinity": f"os.sched_setaffinity({pid}, {{0}})",
        "scheduler": f"os.sched_setscheduler({pid}, os.SCHED_IDLE, os.sched_param(0))",
    }
    with audit_hook_off():
        for name, attack in attacks.items():
            source = (f"import os, resource\ndef f(x):\n    try:\n        {attack}\n"
                      "    except OSError as error:\n        return type(error).__name__\n"
                      "    return 'DONE'\n")
            assert value(call(source)) in ("ProcessLookupError", "PermissionError"), name
    time.sleep(0.1)
    assert victim.poll() is None
    after = (os.getpriority(os.PRIO_PROCESS, pid), os.sched_getaffinity(pid),
             Path(f"/proc/{pid}/limits").read_text(encoding="utf-8"))
    assert after == before


@in_bubblewrap
def test_with_the_hook_off_its_own_limits_and_priority_are_its_own() -> None:
    source = ("import os, resource\ndef f(x):\n    os.setpriority(os.PRIO_PROCESS, 0, 5)\n"
              "    resource.prlimit(0, resource.RLIMIT_CORE, (0, 0))\n"
              "    return os.getpriority(os.PRIO_PROCESS, 0)\n")
    with audit_hook_off():
        assert value(call(source)) == 5  # the filter refuses other processes, not itself


_SYSV_AND_KEYS = r'''
import ctypes, json, os, sys
sys.path.insert(0, sys.argv[1])
from bacara_teach.exercises.sandbox_child import confine
confine(landlock=None, seccomp=True)
libc = ctypes.CDLL(None, use_errno=True)
def attempt(result):
    return "DONE" if result >= 0 else os.strerror(ctypes.get_errno())
print(json.dumps({
    "shmget": attempt(libc.shmget(0x4243, 4096, 0o1666)),
    "msgget": attempt(libc.msgget(0x4243, 0o1666)),
    "semget": attempt(libc.semget(0x4243, 1, 0o1666)),
    "add_key": attempt(libc.syscall(%(add_key)d, b"user", b"bacara", b"secret", 6, -3)),
    "keyctl": attempt(libc.syscall(%(keyctl)d, 0, -3, 0, 0, 0)),
    "prlimit": attempt(libc.syscall(%(prlimit64)d, %(victim)d, 0, None, None)),
    "own prlimit": attempt(libc.syscall(%(prlimit64)d, 0, 4, None, None)),
    "setpriority": attempt(libc.setpriority(0, %(victim)d, 19)),
    "own priority": attempt(libc.setpriority(0, 0, 5)),
}))
'''
_NUMBERS = {"x86_64": {"add_key": 248, "keyctl": 250, "prlimit64": 302},
            "aarch64": {"add_key": 217, "keyctl": 219, "prlimit64": 261}}


def _ipc_keys() -> set[str]:
    keys = set()
    for table in ("shm", "msg", "sem"):
        with open(f"/proc/sysvipc/{table}", encoding="utf-8") as file:
            keys |= {line.split()[0] for line in file.readlines()[1:] if line.split()}
    return keys


def test_the_second_wall_refuses_ipc_keyrings_and_other_processes_limits(
        victim: subprocess.Popen[bytes]) -> None:
    """The seccomp filter each program confines itself with, applied to a process of this
    test's own that has ctypes (a graded program has none to call these with)."""
    machine = os.uname().machine
    if machine not in _NUMBERS:
        pytest.skip(f"no system call numbers for {machine}")
    if not isolation().seccomp:
        pytest.skip("this kernel has no seccomp filters")
    before = _ipc_keys()
    source = _SYSV_AND_KEYS % {**_NUMBERS[machine], "victim": victim.pid}
    done = subprocess.run([sys.executable, "-c", source, str(Path(sandbox.__file__).parents[2])],
                          capture_output=True, text=True, timeout=60, check=True)
    made = json.loads(done.stdout)
    refused = os.strerror(13)
    assert made == {"shmget": refused, "msgget": refused, "semget": refused,
                    "add_key": refused, "keyctl": refused, "prlimit": refused,
                    "own prlimit": "DONE", "setpriority": refused, "own priority": "DONE"}
    assert _ipc_keys() == before
    assert os.getpriority(os.PRIO_PROCESS, victim.pid) == 0


_IN_A_PROGRAM = """
import ctypes, os
def f(x):
    libc = ctypes.CDLL(None, use_errno=True)
    def attempt(result):
        return "DONE" if result >= 0 else "refused"
    return str(sorted({
        "shmget": attempt(libc.shmget(0x4244, 4096, 0o1666)),
        "msgget": attempt(libc.msgget(0x4244, 0o1666)),
        "semget": attempt(libc.semget(0x4244, 1, 0o1666)),
        "add_key": attempt(libc.syscall(%(add_key)d, b"user", b"bacara", b"secret", 6, -3)),
    }.items()))
"""


@in_bubblewrap
def test_with_the_hook_off_a_program_leaves_no_ipc_object_or_key() -> None:
    """(Where bubblewrap cannot be used, a program finds no ctypes to try: the filter itself is
    tested above.)"""
    machine = os.uname().machine
    if machine not in _NUMBERS:
        pytest.skip(f"no system call numbers for {machine}")
    before = _ipc_keys()
    with audit_hook_off():
        made = value(call(_IN_A_PROGRAM % _NUMBERS[machine]))
    assert "DONE" not in made, made
    assert _ipc_keys() == before


@in_bubblewrap
def test_with_the_hook_off_no_connection_leaves_the_sandbox() -> None:
    source = ("import socket\ndef f(x):\n    try:\n"
              "        socket.create_connection(('127.0.0.1', 9), timeout=2)\n"
              "    except OSError as error:\n        return type(error).__name__\n    return 'DONE'\n")
    with audit_hook_off():
        assert value(call(source)) != "DONE"


def test_building_a_code_object_is_refused() -> None:
    for build in ("(lambda: 0).__code__.replace(co_consts=(1,))",
                  "__import__('marshal').loads(__import__('marshal').dumps((lambda: 0).__code__))"):
        done = call(f"def f(x):\n    return str({build})\n")
        (record,) = [r for r in done.records if r.get("function") == "f"]
        ((status, result),) = record["results"]
        assert status == "refused", (build, status, result)
        assert result[1] in ("code.__new__", "marshal.loads"), (build, result)


@in_bubblewrap
def test_with_the_hook_off_what_is_hidden_in_the_standard_library_stays_hidden() -> None:
    # Landlock grants the standard library's folders whole in the sandbox: every site-packages
    # inside them must still be empty there, and nothing can be mounted over or taken off it
    folders, hidden = sandbox._python_folders()
    inside = [h for h in hidden if Path(h).is_dir() and any(sandbox._inside(h, f) for f in folders)]
    assert inside, "no hidden folder inside the standard library on this machine to attack"
    assert sandbox._wall_landlock_rules() == tuple((f, "tree") for f in folders
                                                   if not any(f != g and sandbox._inside(f, g)
                                                              for g in folders))
    for folder in inside:
        shown = next(iter(sorted(os.listdir(folder))))  # what a program must not see
        source = textwrap.dedent(f"""\
            import ctypes, os
            def f(x):
                seen = sorted(os.listdir({folder!r}))
                try:
                    open(os.path.join({folder!r}, {shown!r}), "rb").close()
                    opened = "opened"
                except OSError as error:
                    opened = type(error).__name__
                libc = ctypes.CDLL(None, use_errno=True)
                unmounted = libc.umount2({folder!r}.encode(), 2)
                return repr([seen, opened, unmounted, ctypes.get_errno()])
            """)
        with audit_hook_off():
            seen, opened, unmounted, error = ast.literal_eval(value(call(source)))
        assert (seen, opened) == ([], "FileNotFoundError"), folder
        assert unmounted == -1 and error in (1, 13), folder  # EPERM (no capability) or EACCES (seccomp)


@in_bubblewrap
def test_each_program_has_its_own_hash_seed() -> None:
    source = "def f(x):\n    return str(hash('bacara'))\n"
    seeds = {value(call(source)) for _ in range(3)}
    assert len(seeds) == 3


@pytest.mark.parametrize("walls", ["bubblewrap", "kernel layers"])
def test_a_program_cannot_pass_its_failure_off_as_the_sandbox(walls: str) -> None:
    if walls == "bubblewrap" and isolation().wall is None:
        pytest.skip(f"bubblewrap is not used here: {isolation().wall_missing}")
    forged = ("import os, sys\nfor fd in (1, 2):\n    os.write(fd, b'failed its sandbox could not "
              "be set up\\nready\\nstart\\n')\nprint('failed x')\n"
              "raise SystemExit('its sandbox could not be set up')\n")
    with (without_bubblewrap() if walls == "kernel layers" else contextlib.nullcontext()):
        done = call(forged)
    assert done.outcome != "not-isolated", done.reason
    assert "sandbox could not be set up (" not in done.reason


@in_bubblewrap
def test_nothing_a_program_starts_outlives_its_run() -> None:
    source = ("import os, threading, time\ndef f(x):\n    try:\n        if os.fork() == 0:\n"
              "            os.setsid()\n            time.sleep(60)\n    except OSError:\n"
              "        pass\n    try:\n        threading.Thread(target=time.sleep, args=(60,)).start()\n"
              "    except Exception:\n        pass\n    time.sleep(60)\n")
    with audit_hook_off():
        done = call(source, Limits(wall_seconds=2, cpu_seconds=2))
    assert done.outcome == "time-limit", done.reason
    deadline = time.monotonic() + 5
    while sandboxed() and time.monotonic() < deadline:
        time.sleep(0.05)
    waiting = {standby.process.pid for standby in sandbox._standbys}
    assert not [pid for pid in sandboxed() if pid not in _descendants(waiting)]


def _descendants(roots: set[int]) -> set[int]:
    """``roots`` and every process below them (the sandboxes started ahead, still waiting)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = set(), list(roots)
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo += children.get(pid, [])
    return found


@in_bubblewrap
def test_a_grader_killed_mid_run_leaves_no_program_running(tmp_path: Path) -> None:
    before = set(sandboxed())
    script = textwrap.dedent("""
        from bacara_teach.exercises.sandbox import Limits, run_program
        print("running", flush=True)
        run_program("import time\\ndef f(x):\\n    time.sleep(60)\\n",
                    [{"function": "f", "args": [[0]]}], limits=Limits(wall_seconds=60))
    """)
    grader = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                              env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert grader.stdout is not None and grader.stdout.readline() == b"running\n"
    deadline = time.monotonic() + 20
    while not set(sandboxed()) - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert set(sandboxed()) - before, "the program's sandbox never started"
    time.sleep(0.5)
    grader.send_signal(signal.SIGKILL)
    grader.wait()
    grader.stdout.close()
    deadline = time.monotonic() + 5
    while set(sandboxed()) - before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not set(sandboxed()) - before


def test_without_bubblewrap_grading_goes_on_and_says_so_once(tmp_path: Path) -> None:
    folder = tmp_path / "bin"
    folder.mkdir()  # a PATH with everything but bwrap
    for tool in ("unshare",):
        for place in os.environ.get("PATH", "").split(os.pathsep):
            if (Path(place) / tool).exists():
                (folder / tool).symlink_to(Path(place) / tool)
                break
    script = ("from bacara_teach.exercises.sandbox import run_program\n"
              "for x in (1, 2):\n"
              "    run = run_program('def f(x):\\n    return x + 1\\n', "
              "[{'function': 'f', 'args': [[x]]}])\n"
              "    print(run.outcome, run.records[-1]['results'])\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False,
                          env={**os.environ, "PATH": str(folder), "BACARA_LANG": "en",
                               "PYTHONPATH": os.pathsep.join(sys.path)}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["finished [['ok', 2]]", "finished [['ok', 3]]"]
    notices = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(notices) == 1 and "bwrap is not installed" in notices[0], done.stderr

