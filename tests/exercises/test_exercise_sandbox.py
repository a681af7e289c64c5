"""Safe reading of answers: values as data only, programs in a separate, limited process."""

from __future__ import annotations
import __future__

import hashlib
import os
import re
import sys
import time
from pathlib import Path

import pytest
from exercise_support import MODEL_PROGRAM

import bacara_teach.tableau
from bacara_teach.exercises.kinds_coding import CodingKind
from bacara_teach.exercises.sandbox import (
    AnswerNotReadable,
    Limits,
    ProgramRun,
    compile_program,
    read_value_answer,
    run_program,
)

FAST = Limits(wall_seconds=3, cpu_seconds=1)
CALLS = [{"function": "double", "args": [[1], [2], [21]]}]


def run(source: str, limits: Limits = FAST) -> ProgramRun:
    return run_program(source, CALLS, limits=limits)


def results(run_: ProgramRun) -> list[list[object]]:
    record = next(r for r in run_.records if r.get("function") == "double")
    return record["results"]  # type: ignore[no-any-return]


# -- value answers ----------------------------------------------------------------------------


@pytest.mark.parametrize(("source", "value"), [
    ("answer = 'draw'", "draw"),
    ("answer = 7  # a total", 7),
    ("# my answer\nanswer = '-20'\n", "-20"),
    ("answer = {'winner': 'banco', 'punto': 1, 'banco': 3}", {"winner": "banco", "punto": 1, "banco": 3}),
    ("answer = ['d', 'b', 'a', 'c']", ["d", "b", "a", "c"]),
    ("answer = -20", -20),
    ("answer = None", None),
])
def test_a_value_answer_is_read_as_a_literal(source: str, value: object) -> None:
    assert read_value_answer(source) == value


@pytest.mark.parametrize(("source", "reason"), [
    ("", "empty"),
    ("answer = 'draw'\nprint(answer)", "one line `answer = ...`"),
    ("answer = __import__('os').system('touch /tmp/x')", "plain value"),
    ("answer = open('/etc/passwd').read()", "plain value"),
    ("answer = 3 + 4", "plain value"),
    ("answer: str = 'draw'", "must be `answer = ...`"),
    ("result = 'draw'", "must be `answer = ...`"),
    ("answer = answer2 = 'draw'", "must be `answer = ...`"),
    ("answer = 'draw", "not valid Python"),
    ("answer = " + "[" * 200_000, "characters long"),
    ("answer = " + "[" * 4000 + "]" * 4000, "could not be read|plain value|not valid Python"),
])
def test_anything_but_answer_equals_literal_is_refused_without_running(source: str, reason: str) -> None:
    with pytest.raises(AnswerNotReadable, match=reason):
        read_value_answer(source)


def test_reading_a_value_never_executes_it(tmp_path: Path) -> None:
    target = tmp_path / "ran"
    with pytest.raises(AnswerNotReadable):
        read_value_answer(f"answer = open({str(target)!r}, 'w')")
    assert not target.exists()


# -- programs ---------------------------------------------------------------------------------


def test_a_program_runs_in_its_own_process_and_returns_its_results() -> None:
    done = run("import math\ndef double(x):\n    return 2 * x\n")
    assert done.outcome == "finished"
    assert results(done) == [["ok", 2], ["ok", 4], ["ok", 42]]


def test_results_record_exceptions_and_unusual_types_per_call() -> None:
    done = run("def double(x):\n    if x == 2:\n        raise ValueError('no 2')\n"
               "    return [x] if x == 21 else x\n")
    assert results(done) == [["ok", 1], ["error", "ValueError: no 2"], ["ok-type", "list"]]


def test_the_model_program_gets_every_call_right() -> None:
    kind = CodingKind()
    params = {"seed": 12345}
    done = run_program(MODEL_PROGRAM, kind.calls(params), limits=FAST)
    mark = kind.mark_records(params, done.records, load_error=done.load_error, stopped=done.stopped)
    assert mark.earned == 1, mark.reason


def test_an_infinite_loop_is_stopped_by_the_limits() -> None:
    started = time.monotonic()
    done = run("while True:\n    pass\n")
    assert done.outcome in ("cpu-limit", "time-limit")
    assert time.monotonic() - started < FAST.wall_seconds + 2


def test_a_sleeping_program_is_stopped_by_the_wall_clock() -> None:
    done = run("import time\ndef double(x):\n    time.sleep(60)\n", Limits(wall_seconds=1, cpu_seconds=5))
    assert done.outcome == "time-limit" and "more than 1 s" in done.reason


def test_enormous_output_is_capped_and_the_results_still_come_back() -> None:
    done = run("print('x' * 50_000_000)\n"
               "def double(x):\n    print('y' * 1_000_000)\n    return 2 * x\n")
    assert done.outcome == "finished"
    assert results(done) == [["ok", 2], ["ok", 4], ["ok", 42]]


def test_raw_writes_to_stdout_hit_the_file_size_limit() -> None:
    done = run("import os\nwhile True:\n    os.write(1, b'z' * 65536)\n")
    assert done.outcome != "finished"  # stopped: file size limit error, or the CPU limit


def test_memory_is_limited() -> None:
    done = run("block = bytearray(4 * 1024 ** 3)\n")
    assert done.outcome == "did-not-load" and "MemoryError" in (done.load_error or "")


@pytest.mark.parametrize(("source", "refused"), [
    ("import socket\nsocket.create_connection(('192.0.2.1', 80), timeout=1)", "socket|No module named"),
    ("import os\nos.system('true')", "os.system"),
    ("import subprocess\nsubprocess.run(['true'])", "subprocess|No module named"),
    ("import os\nos.fork()", "os.fork"),
    ("import os\nos.kill(os.getppid(), 9)", "os.kill"),
    ("import ctypes", "import ctypes"),
    ("import bacara_teach", "import bacara_teach"),
    ("import bacara_teach.tableau as t\nt.PUNTO_BANCO = None", "import bacara_teach"),
    ("open('/etc/passwd').read()", "reading '/etc/passwd'"),
    ("open('scratch.txt', 'w').write('x')", "writing"),
    ("import os\nos.remove('result.jsonl')", "os.remove"),
    ("import os\nos.listdir('/')", "os.listdir"),
])
def test_the_audit_hook_refuses_what_a_graded_program_may_not_do(source: str, refused: str) -> None:
    done = run(source)
    assert done.outcome == "did-not-load"
    assert done.load_error is not None
    assert re.search(refused, done.load_error), done.load_error


def test_a_program_cannot_write_to_installed_files() -> None:
    engine = Path(bacara_teach.tableau.__file__)
    before = hashlib.sha256(engine.read_bytes()).hexdigest()
    done = run(f"open({str(engine)!r}, 'a').write('# patched\\n')\n")
    assert done.outcome == "did-not-load" and "not allowed" in (done.load_error or "")
    assert hashlib.sha256(engine.read_bytes()).hexdigest() == before


def test_a_program_cannot_write_outside_its_folder(tmp_path: Path) -> None:
    target = tmp_path / "gradebook.csv"
    target.write_text("id,name\n", encoding="utf-8")
    done = run(f"open({str(target)!r}, 'w').write('hacked')\n")
    assert "not allowed" in (done.load_error or "")
    assert target.read_text(encoding="utf-8") == "id,name\n"


def test_the_grading_process_survives_a_program_that_targets_it() -> None:
    pid = os.getpid()
    done = run(f"import os\nos.kill({pid}, 9)\n")
    assert "not allowed" in (done.load_error or "")
    assert os.getpid() == pid  # still here


def test_a_program_that_exits_early_gives_a_clear_reason() -> None:
    assert "SystemExit" in (run("import sys\nsys.exit(3)\n").load_error or "")
    done = run("import os\nos._exit(0)\n")
    assert done.outcome == "no-result"


def test_a_syntax_error_names_the_line() -> None:
    done = run("def double(x):\n    return 2 *\n")
    assert done.load_error == "SyntaxError on line 2: invalid syntax"


def test_a_program_the_grader_cannot_compile_reports_its_own_error() -> None:
    # the grader sends the program compiled; one that does not compile goes as its source, and
    # the harness compiles it again to say why
    assert compile_program("def double(x):\n    return 2 * x\n\0", "<answer>") is None
    done = run("def double(x):\n    return 2 * x\n\0")
    assert done.outcome == "did-not-load" and "null bytes" in (done.load_error or "")


@pytest.mark.parametrize("source", [
    "x = " + "-" * 90_000 + "1\n",                     # deeper than the parser goes
    "x = " + "+".join(["a"] * 40_000) + "\n",          # deeper than the compiler goes
    "x = f" + "()" * 40_000 + "\n",
])
def test_a_program_too_deep_to_compile_is_reported_and_the_grader_goes_on(source: str) -> None:
    assert compile_program(source, "<answer>") is None  # an exception in the grader, caught
    done = run(source)
    assert done.outcome == "did-not-load" and re.search("MemoryError|RecursionError|SyntaxError",
                                                        done.load_error or "")
    assert results(run("def double(x):\n    return 2 * x\n")) == [["ok", 2], ["ok", 4], ["ok", 42]]


def test_a_program_is_compiled_as_a_module_of_its_own() -> None:
    # no future import of the harness's or the grader's: an annotation that names nothing
    # fails as it does when the cell runs in the student's own kernel, unless the program
    # postpones its annotations itself
    done = run("def double(x: Undefined) -> int:\n    return 2 * x\n")
    assert done.outcome == "did-not-load" and "NameError" in (done.load_error or "")
    later = run("from __future__ import annotations\n\n\ndef double(x: Undefined) -> int:\n"
                "    return 2 * x\n")
    assert results(later) == [["ok", 2], ["ok", 4], ["ok", 42]]
    code = compile_program("def f(x: Undefined):\n    pass\n", "<answer>")
    assert code is not None and code.co_flags & __future__.annotations.compiler_flag == 0


def test_an_empty_program_is_not_run() -> None:
    assert run("   \n").load_error == "the code cell is empty"


def test_the_child_starts_isolated() -> None:
    done = run_program(
        "import sys, os\nFLAGS = (sys.flags.isolated, sorted(os.environ))\n"
        "def double(x):\n    return repr(FLAGS)\n",
        [{"function": "double", "args": [[0]]}], limits=FAST)
    flags = results(done)[0][1]
    assert isinstance(flags, str) and flags.startswith("(1, ")
    assert "PYTHONPATH" not in flags and "HOME" in flags


@pytest.mark.skipif(sys.platform != "linux" or os.geteuid() != 0, reason="root on Linux only")
def test_as_root_the_program_runs_as_nobody() -> None:
    done = run_program("import os\ndef double(x):\n    return os.getuid()\n",
                       [{"function": "double", "args": [[0]]}], limits=FAST)
    assert results(done) == [["ok", 65534]]


def test_a_program_that_crashes_the_interpreter_is_reported_as_a_crash() -> None:
    done = run("import faulthandler\nfaulthandler._sigsegv()\n")
    assert done.outcome == "crashed" and "signal 11" in done.reason


def test_what_the_harness_sends_always_passes_the_graders_strict_reading() -> None:
    # long type names, long errors, odd values: never enough to have the whole file refused
    done = run("class " + "T" * 150 + ":\n    pass\n"
               "def double(x):\n"
               "    if x == 1:\n        return " + "T" * 150 + "()\n"
               "    if x == 2:\n        raise ValueError('e' * 5000)\n"
               "    return float('nan')\n")
    assert done.outcome == "finished", done.reason
    assert [r[0] for r in results(done)] == ["ok-type", "error", "ok-type"]
    assert run("x = (" + "1 +" * 30 + ")\n").load_error is not None
