"""What passes between the grader and a graded program's process: the child's own JSON writer
(it loads no :mod:`json`) against :func:`json.dumps`, the arguments as the program receives
them, and the network namespace a program runs in as root."""

from __future__ import annotations

import json
import os
import random
import struct
from typing import Any

import pytest
from hostile_support import without_bubblewrap
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach.exercises import sandbox
from bacara_teach.exercises.sandbox import (
    Limits,
    ProgramRun,
    isolation_missing,
    run_program,
)
from bacara_teach.exercises.sandbox_child import _dumps, _encode, _fit, _quote

FAST = Limits(wall_seconds=5, cpu_seconds=2, memory_bytes=384 * 1024 ** 2, file_bytes=512 * 1024)
runs_programs = pytest.mark.skipif(isolation_missing() is not None,
                                   reason=f"programs are not run here: {isolation_missing()}")


class Text(str):
    """A str subclass whose own methods lie: the writer reads its characters, as json does."""

    def __str__(self) -> str:
        return "lie"

    def __iter__(self) -> Any:
        return iter("lie")


class Number(int):
    def __repr__(self) -> str:
        return "lie"


class Real(float):
    def __repr__(self) -> str:
        return "lie"

    def __sub__(self, other: object) -> float:
        return 1.0


def every_kind_of_character() -> str:
    """Control characters, quotes, backslashes, Latin-1, the BMP at a stride, lone
    surrogates and characters past the BMP."""
    codes = [*range(0x100), *range(0x100, 0xD800, 97), *range(0xD7F0, 0xE010),
             *range(0xE010, 0x10000, 89), *range(0x10000, 0x110000, 4099), 0x10FFFF]
    return "".join(map(chr, codes))


def sample_floats(count: int = 2000) -> list[float]:
    rng = random.Random(20)
    values = [0.0, -0.0, 1.0, -1.5, 0.1, 1e-320, 5e-324, 1.7976931348623157e308, 1e16, 123456789.0,
              float("inf"), float("-inf"), float("nan")]
    values += [struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0] for _ in range(count)]
    return values


def test_the_writer_writes_every_character_as_json_does() -> None:
    text = every_kind_of_character()
    assert _quote(text) == json.dumps(text)
    for i in range(0, len(text), 7):  # short pieces too: the all-printable path
        assert _quote(text[i:i + 7]) == json.dumps(text[i:i + 7])
    for plain in ("", "banco", 'say "hi"', "back\\slash", "~ !"):
        assert _quote(plain) == json.dumps(plain)


def test_the_writer_writes_every_number_as_json_does() -> None:
    for value in sample_floats():
        assert _dumps(value) == json.dumps(value)
    for other in (0, 1, -1, 10**15, -(10**15), 2**63, True, False, None):
        assert _dumps(other) == json.dumps(other)


def test_the_writer_reads_subclasses_as_json_does() -> None:
    for value in (Text("é\"\n"), Number(12), Real(2.5), [Text("x"), Number(-3)], {"k": Real(-0.0)}):
        assert _dumps(value) == json.dumps(value)


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                    max_leaves=20))
def test_the_writer_matches_json_on_any_data(value: object) -> None:
    assert _dumps(value) == json.dumps(value)


def test_the_records_a_program_gives_are_written_as_json_does() -> None:
    results = [_encode(v) for v in (1, "banco", None, True, 2.5, float("nan"), "x" * 300, 10**16,
                                    Text("punto"), Real(1.0), (1, 2), {"a": 1})]
    results.append(["error", "ValueError: " + every_kind_of_character()[:300]])
    record = {"seal": "0f" * 16, "function": "play", "results": results}
    assert _dumps(record) == json.dumps(record, ensure_ascii=True)
    fitted = _fit(record, 4096)
    assert _dumps(fitted) == json.dumps(fitted) and len(_dumps(fitted)) <= 4096


def test_the_writer_refuses_what_json_refuses() -> None:
    for value in ({1, 2}, b"bytes", object(), [1, {2, 3}]):
        with pytest.raises(TypeError):
            json.dumps(value)
        with pytest.raises(TypeError):
            _dumps(value)


def answer(source: str, args: list[Any]) -> object:
    done: ProgramRun = run_program(source, [{"function": "f", "args": args}], limits=FAST)
    assert done.outcome == "finished", done.reason
    (record,) = (r for r in done.records if r.get("function") == "f")
    ((status, value),) = record["results"]
    assert status == "ok"
    return value


@runs_programs
def test_a_program_receives_its_arguments_as_lists_texts_and_numbers() -> None:
    source = "def f(a, b, c):\n    return f'{type(a).__name__} {a} {type(b).__name__} {b!r} {c!r}'\n"
    assert answer(source, [[(1, 2), ["4♥", None], "é"]]) == "list [1, 2] list ['4♥', None] 'é'"


@runs_programs
def test_the_programs_process_has_no_json_unless_the_program_imports_it() -> None:
    seen = "import sys\ndef f(x):\n    return ('js' + 'on') in sys.modules\n"
    assert answer(seen, [[0]]) is False
    assert answer("import json\n" + seen, [[0]]) is True


@runs_programs
@pytest.mark.skipif(os.geteuid() != 0, reason="an ordinary user's fallback has no network namespace")
def test_as_root_without_bubblewrap_a_program_runs_in_a_network_namespace_of_its_own() -> None:
    source = "import os\ndef f(x):\n    return os.readlink('/proc/self/ns/net')\n"
    with without_bubblewrap():
        assert sandbox.isolation().unshare is not None, "the unshare tool shows no network namespace"
        theirs = answer(source, [[0]])
    assert isinstance(theirs, str) and theirs.startswith("net:[")
    assert theirs != os.readlink("/proc/self/ns/net")


@runs_programs
def test_no_site_file_runs_in_the_programs_process_but_its_builtins_are_there() -> None:
    import builtins  # this interpreter started with site: what site gives a program

    seen = ("import sys\ndef f(x):\n    return str([sys.flags.no_site, repr(exit), repr(quit),"
            " type(help).__name__, type(license).__name__, repr(copyright)[:20]])\n")
    expected = str([1, repr(builtins.exit), repr(builtins.quit), "_Helper", "_Printer",
                    repr(builtins.copyright)[:20]])
    assert answer(seen, [[0]]) == expected
    done = run_program("exit(3)\n", [{"function": "f", "args": [[0]]}], limits=FAST)
    assert done.load_error == "SystemExit: 3"
