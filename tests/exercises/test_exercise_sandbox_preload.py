"""What a graded program's process holds before its code runs: the modules its source imports
(and no others), and the resource limits the grader asked for, set by the process itself."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bacara_teach.exercises.sandbox import (
    Limits,
    ProgramRun,
    compile_program,
    isolation_missing,
    preloads,
    run_program,
)
from bacara_teach.exercises.sandbox_child import PRELOADED

pytestmark = pytest.mark.skipif(isolation_missing() is not None,
                                reason=f"programs are not run here: {isolation_missing()}")

FAST = Limits(wall_seconds=5, cpu_seconds=2, memory_bytes=384 * 1024 ** 2, file_bytes=512 * 1024)
# The names are put together at run time: written whole, they would be preloaded (see below).
SEEN = ("import sys\n"
        "SEEN = ','.join(m for m in ('frac' + 'tions', 'dec' + 'imal', 'stat' + 'istics',"
        " 'data' + 'classes', 'ran' + 'dom', 'typ' + 'ing') if m in sys.modules)\n")


def answer(source: str) -> object:
    done: ProgramRun = run_program(source, [{"function": "f", "args": [[0]]}], limits=FAST)
    assert done.outcome == "finished", done.reason
    (record,) = (r for r in done.records if r.get("function") == "f")
    ((status, value),) = record["results"]
    assert status == "ok"
    return value


def test_a_program_that_imports_nothing_gets_nothing_preloaded() -> None:
    assert answer(SEEN + "def f(x):\n    return SEEN\n") == ""


def test_the_modules_a_program_imports_are_there_before_it_runs() -> None:
    seen = answer(SEEN + "from fractions import Fraction\n"
                         "def f(x):\n    return SEEN + ' ' + str(Fraction(1, 3) * 3)\n")
    assert isinstance(seen, str)
    names, value = seen.split(" ")
    assert "fractions" in names.split(",") and "statistics" not in names and value == "1"


def test_a_module_named_in_a_string_is_preloaded_too() -> None:
    assert answer("def f(x):\n    return __import__('statistics').mean([1, 2, 6])\n") == 3


def test_the_limits_are_in_force_in_the_programs_process() -> None:
    got = answer("import resource\n"
                 "def f(x):\n    return str([list(resource.getrlimit(getattr(resource, name)))"
                 " for name in ('RLIMIT_CPU', 'RLIMIT_AS', 'RLIMIT_FSIZE', 'RLIMIT_CORE', 'RLIMIT_NPROC')])\n")
    assert got == str([[2, 3], [FAST.memory_bytes] * 2, [FAST.file_bytes] * 2, [0, 0], [0, 0]])


@pytest.mark.parametrize(("source", "wanted"), [
    ("import collections.abc", ["collections", "collections.abc"]),
    ("from collections import abc", ["collections", "collections.abc"]),
    ("from . import fractions", []),                 # relative: not the standard library's
    ("import fractionsx, mathematics", []),
    ("x = ' random '", ["random"]),
    ("import typing, re, heapq", ["heapq", "re", "typing"]),
    ("x = 'ma' 'th'", ["math"]),                     # two strings side by side make one
    ("x = '\\x6dath'", ["math"]),                   # an escape spells it
    ("x = 'stat' + 'istics'", []),                   # put together when it runs: not named
    ("def f():\n    return __import__('json').dumps(1)", ["json"]),
    ("class C:\n    names = ('heapq', 1)", ["heapq"]),
    ("def play(cards):\n    return 'banco'", []),
])
def test_preloads_reads_the_source(source: str, wanted: list[str]) -> None:
    assert preloads(source) == wanted
    assert set(preloads(source)) <= set(PRELOADED)
    # with the code the grader compiled, the same modules, whether the source is parsed or not
    assert preloads(source, compile_program(source, "<answer>")) == wanted


STATEMENTS = st.sampled_from([
    "import math", "import collections.abc as abc", "from fractions import Fraction",
    "from collections import abc", "x = 'ma' 'th'", "x = '\\x72andom'", "x = 'stat' + 'istics'",
    "x = ('heapq', 'ty' 'ping')", "x = f'{1}json'", "x = ' keyword '", "x = 'banco'",
    "def f(cards):\n    return __import__('dec' 'imal')", "class C:\n    k = 'copy'",
    "y = [card[:-1] for card in ('4♥', '10♦')]", "import operator as op", "z = 'xmath'",
])


@given(st.lists(STATEMENTS, max_size=6))
def test_the_compiled_code_gives_the_modules_the_source_names(statements: list[str]) -> None:
    # the grader parses a program again only when its text or its code's texts may name one
    source = "\n".join(statements)
    code = compile_program(source, "<answer>")
    assert code is not None
    assert preloads(source, code) == preloads(source)
