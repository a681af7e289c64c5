"""The fork server graded programs start from where bubblewrap cannot be used: each program has
a fresh process of its own, forked from a server that runs nothing of any student's, and keeps
none of the server's descriptors; a server that is gone is replaced; the program's processor
time comes back.  (With bubblewrap, each program has a sandbox of its own:
test_exercise_bubblewrap.py.)"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hostile_support import without_bubblewrap

from bacara_teach.exercises import sandbox
from bacara_teach.exercises.sandbox import (
    Limits,
    ProgramRun,
    isolation,
    isolation_missing,
    run_program,
)


@pytest.fixture(autouse=True)
def _fork_server() -> Iterator[None]:
    with without_bubblewrap():
        yield


FAST = Limits(wall_seconds=5, cpu_seconds=2, memory_bytes=384 * 1024 ** 2, file_bytes=512 * 1024)
runs_programs = pytest.mark.skipif(isolation_missing() is not None,
                                   reason=f"programs are not run here: {isolation_missing()}")


def run(source: str, args: list[Any], limits: Limits = FAST) -> ProgramRun:
    return run_program(source, [{"function": "f", "args": args}], limits=limits)


def answer(source: str, args: list[Any]) -> object:
    done = run(source, args)
    assert done.outcome == "finished", done.reason
    (record,) = (r for r in done.records if r.get("function") == "f")
    ((status, value),) = record["results"]
    assert status == "ok", value
    return value


@runs_programs
def test_what_one_program_changes_in_its_process_the_next_one_never_sees() -> None:
    # stat is loaded by the server before it forks: a program changes its own copy only
    leaves = ("import sys\nsys.modules['stat'].LEFT_BY = 'first'\nimport builtins\n"
              "builtins.LEFT_BY = 'first'\ndef f(x):\n    return str(__import__('os').getpid())\n")
    looks = ("import sys, builtins\ndef f(x):\n    return str([getattr(sys.modules['stat'], "
             "'LEFT_BY', None), getattr(builtins, 'LEFT_BY', None), __import__('os').getpid()])\n")
    first = answer(leaves, [[0]])
    second = answer(looks, [[0]])
    assert isinstance(second, str) and second.startswith("[None, None, ")
    assert str(first) not in second.split()[-1]  # another process
    assert int(str(first)) != os.getpid()


@runs_programs
def test_a_program_holds_only_an_empty_stdin_its_two_outputs_and_its_result_file() -> None:
    source = ("import os, stat\ndef f(x):\n    held = []\n    for fd in range(256):\n        try:\n"
              "            mode = os.fstat(fd).st_mode\n        except OSError:\n            continue\n"
              "        held.append([fd, stat.S_ISREG(mode)])\n    return str([held, os.read(0, 100)])\n")
    # 0 is /dev/null (never the server's line from the grader), 1 and 2 its outputs, 3 its results
    assert answer(source, [[0]]) == str([[[0, False], [1, True], [2, True], [3, True]], b""])


@runs_programs
def test_a_program_finds_no_request_file_and_its_home_is_its_folder() -> None:
    source = ("import os\ndef f(x):\n    return str([os.path.exists('request.marshal'), "
              "os.environ.get('HOME') == os.getcwd(), sorted(os.environ)])\n")
    assert answer(source, [[0]]) == str([False, True, ["HOME", "LANG", "LC_ALL", "PATH"]])


@runs_programs
def test_a_server_that_has_gone_is_replaced() -> None:
    assert answer("def f(x):\n    return x + 1\n", [[1]]) == 2
    with sandbox._servers_lock:
        waiting = list(sandbox._servers)
    assert waiting, "the server was not kept for the next run"
    for server in waiting:
        server.process.kill()
        server.process.wait()
    assert answer("def f(x):\n    return x + 2\n", [[1]]) == 3


@runs_programs
def test_a_program_stopped_at_the_wall_clock_limit_leaves_a_server_that_runs_the_next() -> None:
    slow = Limits(wall_seconds=1, cpu_seconds=2)
    done = run("import time\ndef f(x):\n    time.sleep(30)\n", [[0]], limits=slow)
    assert done.outcome == "time-limit"
    assert answer("def f(x):\n    return x * 3\n", [[2]]) == 6


@runs_programs
def test_the_programs_processor_time_comes_back() -> None:
    busy = ("import time\ndef f(x):\n    start = time.process_time()\n"
            "    while time.process_time() - start < x:\n        pass\n    return 1\n")
    done = run(busy, [[0.3]])
    assert done.outcome == "finished", done.reason
    assert done.processor_seconds >= 0.3
    assert done.processor_seconds <= done.seconds + 0.05


def test_the_isolation_layers_name_the_network_namespace_as_the_programs_own() -> None:
    layers = sandbox.Isolation(landlock_abi=7, seccomp=True, as_root=True, unshare="/usr/bin/unshare").layers
    assert "network namespace of its own (no network interface)" in layers
    assert not any("no network namespace" in layer for layer in layers)
    assert not any("namespace" in layer for layer in
                   sandbox.Isolation(landlock_abi=7, seccomp=True, as_root=False, unshare=None).layers)
    if isolation().unshare is not None:
        assert "network namespace of its own (no network interface)" in sandbox.isolation_layers()


@runs_programs
def test_a_process_forked_from_the_grader_never_shares_its_servers() -> None:
    assert answer("def f(x):\n    return x - 1\n", [[1]]) == 0
    with sandbox._servers_lock:
        assert sandbox._servers
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the forked copy of this test process
        os._exit(0 if not sandbox._servers else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert answer("def f(x):\n    return x - 2\n", [[1]]) == -1  # the grader's own server still answers
