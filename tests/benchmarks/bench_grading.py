"""Grading speed: 200 submissions of the third-card assignment, the coding question included.

Each submission is its student's own paper filled in: most with the key and a
correct program, some with wrong answers, some with a program that raises,
some with a program that stands on every cell.  Every program runs in a bubblewrap sandbox
of its own (a fresh ``python -I -S``, started a little ahead of it), confined inside by the
kernel (Landlock, seccomp) before the program's code runs, two submissions at a time (as
``bacara-teach grade`` does).  Target on a 2-core machine: <= 60 s for the batch.
On a machine that cannot confine programs they are not run, and the figure says so.
The batch is graded a second time with bubblewrap set aside (each program forked from a
waiting server, the kernel's layers alone, as where bubblewrap cannot be used), so that the
cost of the bubblewrap layer is printed beside it.  What each layer costs one program answer
(bubblewrap, Landlock, seccomp, the audit hook) is measured by setting each aside in turn.

Against a bare isolated interpreter start (``python -I -c pass``) of the same run: one
sandboxed program answer (the model program on one paper's calls, marked) <= 3x one bare
start, and the batch <= 3x as many bare starts, two at a time (timed before and after the
batch, and averaged).  The batch is graded three times, each between two runs of bare
starts, by a grader that has graded a few papers already; the median round is the figure,
and every round is printed.  The machine's processor time of the batch and of the bare
starts is printed beside them, and how busy each kept the cores.

Run: ``python tests/benchmarks/bench_grading.py`` (add a number to grade another count).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bacara_teach.exercises import make_paper, sandbox
from bacara_teach.exercises.grading import grade_directory, gradebook_csv
from bacara_teach.exercises.kinds_coding import CodingKind
from bacara_teach.exercises.notebook import notebook_text, paper_notebook
from bacara_teach.exercises.report import report_files
from bacara_teach.exercises.roster import Student
from bacara_teach.exercises.sandbox import (
    _close_servers,
    isolation_layers,
    isolation_missing,
    run_program,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "exercises"))
from exercise_support import MODEL_PROGRAM, answer_line, key_answers
from hostile_support import audit_hook_off, without_bubblewrap

TARGET_SECONDS = 60.0
TARGET_RATIO = 3.0
ASSIGNMENT = "third-card"
JOBS = 2
ROUNDS = 3
"""Batches graded, each between two runs of bare starts: the figures are the median round's
(a shared machine's speed can change by a tenth from one second to the next)."""

STANDS_ALWAYS = "def banker_draws(t, v):\n    return False\n\n\ndef play(cards):\n    return 'banco'\n"
RAISES = "def banker_draws(t, v):\n    raise ValueError('todo')\n\n\ndef play(cards):\n    return cards[9]\n"


def submission(student: str, index: int) -> str:
    """The notebook text of one student's submission (a fixed mix of right and wrong work)."""
    paper = make_paper(ASSIGNMENT, student)
    answers = key_answers(paper)
    program_qid = next(q.qid for q in paper.questions if q.question_kind.is_program)
    if index % 10 == 7:
        answers[program_qid] = STANDS_ALWAYS
    elif index % 10 == 9:
        answers[program_qid] = RAISES
    if index % 4 == 1:  # a few wrong values
        for q in paper.questions[:3]:
            answers[q.qid] = answer_line("stand")
    notebook = paper_notebook(paper)
    for cell in notebook["cells"]:
        qid = cell["metadata"].get("bacara_teach", {}).get("question")
        if qid in answers:
            cell["source"] = answers[qid]
    return notebook_text(notebook)


def processor_time() -> float:
    """Processor time (user + system) of this process and its finished children so far."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def bare_start() -> float:
    """Wall time of one bare isolated start of this interpreter."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-I", "-c", "pass"], check=True)
    return time.perf_counter() - start


def bare_batch(count: int) -> float:
    """Wall time of ``count`` bare isolated starts, as many at a time as the batch grades."""
    start = time.perf_counter()
    with ThreadPoolExecutor(JOBS) as pool:
        list(pool.map(lambda _: bare_start(), range(count)))
    return time.perf_counter() - start


def one_answer(seed: int) -> tuple[float, float]:
    """Wall time of one program answer (run in its sandbox and marked), and the processor time
    of the program's process (a child of the fork server, so not among this process's children)."""
    kind, params = CodingKind(), {"seed": seed}
    start = time.perf_counter()
    done = run_program(MODEL_PROGRAM, kind.calls(params))
    mark = kind.mark_records(params, done.records, load_error=done.load_error, stopped=done.stopped)
    seconds = time.perf_counter() - start
    if isolation_missing() is None and mark.earned != 1:
        raise SystemExit(f"the model program was not marked right: {mark.reason}")
    return seconds, done.processor_seconds


def verdict(met: bool) -> str:
    return "met" if met else "NOT MET"


def single(runs: int = 15) -> None:
    bare: list[float] = []
    answer: list[float] = []
    bare_cpu: list[float] = []
    answer_cpu: list[float] = []
    for seed in range(runs):  # interleaved, so that a busy machine slows both alike
        cpu = processor_time()
        bare.append(bare_start())
        bare_cpu.append(processor_time() - cpu)
        cpu = processor_time()
        seconds, program_cpu = one_answer(seed)
        answer.append(seconds)
        answer_cpu.append(processor_time() - cpu + program_cpu)
    cold = []
    for seed in range(runs, runs + 5):  # a grader's very first program: its fork server starts too
        _close_servers()
        cold.append(one_answer(seed)[0])
    ratio = statistics.median(answer) / statistics.median(bare)
    cpu_ratio = statistics.median(answer_cpu) / statistics.median(bare_cpu)
    print(f"bench_grading: one program answer, median of {runs}, interleaved with bare starts")
    print(f"  bare start   : {statistics.median(bare) * 1000:7.1f} ms  (python -I -c pass;"
          f" processor time {statistics.median(bare_cpu) * 1000:.1f} ms)")
    print(f"  one answer   : {statistics.median(answer) * 1000:7.1f} ms  ({ratio:4.2f}x the bare start;"
          f" target {TARGET_RATIO:.0f}x, ratio {TARGET_RATIO / ratio:5.2f}; processor time"
          f" {statistics.median(answer_cpu) * 1000:.1f} ms, {cpu_ratio:4.2f}x)  {verdict(ratio <= TARGET_RATIO)}")
    print(f"  first answer : {statistics.median(cold) * 1000:7.1f} ms  (median of {len(cold)}, each the first"
          f" of its grader, fork server started for it: {statistics.median(cold) / statistics.median(bare):4.2f}x"
          " the bare start; no target)")


def machine_time() -> float:
    """Processor seconds the whole machine has spent so far (every process and the kernel's own
    work, such as tearing a sandbox's namespaces down), or this process's and its children's
    where ``/proc/stat`` cannot be read."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(n) for n in stat.readline().split()[1:]]
    except OSError:
        return processor_time()
    busy = sum(fields[:3]) + sum(fields[4:8])  # all but idle and iowait
    return busy / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def isolation_without(**changes: object) -> Iterator[None]:
    """Run programs with one of the kernel's layers set aside (as on a machine without it)."""
    found = sandbox.isolation()
    original = sandbox.isolation
    sandbox.isolation = lambda: dataclasses.replace(found, **changes)  # type: ignore[assignment,arg-type]
    try:
        yield
    finally:
        sandbox.isolation = original


LAYERS: tuple[tuple[str, Callable[[], contextlib.AbstractContextManager[None]]], ...] = (
    ("bubblewrap", without_bubblewrap),
    ("Landlock", lambda: isolation_without(landlock_abi=0)),
    ("seccomp", lambda: isolation_without(seccomp=False)),
    ("audit hook", audit_hook_off),
)


def layer_costs(runs: int = 40, turns: int = 5) -> None:
    """What each layer costs one program answer: every layer, then each set aside in turn
    (wall-clock median, and the machine's processor time per answer, the kernel's included).

    The settings take turns, a few answers each, ``turns`` times over, so that a machine whose
    speed changes meanwhile weighs on every setting alike."""
    settings: list[tuple[str, Callable[[], contextlib.AbstractContextManager[None]]]] = [
        ("every layer", contextlib.nullcontext), *((f"no {name}", aside) for name, aside in LAYERS)]
    walls: dict[str, list[float]] = {label: [] for label, _ in settings}
    used: dict[str, list[float]] = {label: [] for label, _ in settings}
    each = max(1, runs // turns)
    for _ in range(turns):
        for label, aside in settings:
            with aside():
                _close_servers()
                one_answer(0)  # the first of a grader (its sandboxes started, the compiler warmed)
                cpu = machine_time()
                for seed in range(each):
                    walls[label].append(one_answer(seed)[0])
                used[label].append((machine_time() - cpu) / each)
                _close_servers()
    full_wall, full_cpu = statistics.median(walls["every layer"]), statistics.median(used["every layer"])
    print(f"bench_grading: what each layer costs one program answer (median of {each * turns}, the"
          f" settings taking turns; processor time of the whole machine per answer)")
    print(f"  every layer  : {full_wall * 1000:7.1f} ms  (processor {full_cpu * 1000:.1f} ms)")
    for name, _ in LAYERS:
        wall, cpu = statistics.median(walls[f"no {name}"]), statistics.median(used[f"no {name}"])
        print(f"  {'no ' + name:13}: {wall * 1000:7.1f} ms  (processor {cpu * 1000:.1f} ms): {name} costs"
              f" {(full_wall - wall) * 1000:+.1f} ms, processor {(full_cpu - cpu) * 1000:+.1f} ms")


def main(count: int = 200, rounds: int = ROUNDS) -> None:
    single()
    if isolation_missing() is None:
        layer_costs()
    roster = [Student(f"s{i:03d}", f"Student {i}") for i in range(count)]
    with tempfile.TemporaryDirectory(prefix="bench-grading-") as folder:
        start = time.perf_counter()
        for i, student in enumerate(roster):
            (Path(folder) / f"{student.id}.ipynb").write_text(submission(student.id, i), encoding="utf-8")
        made = time.perf_counter() - start
        grade_directory(folder, ASSIGNMENT, roster[:JOBS * 4], jobs=JOBS)  # a grader warmed up
        graded_runs: list[float] = []
        graded_cpus: list[float] = []
        bare_runs: list[float] = []
        bare_cpus: list[float] = []
        cpu = machine_time()
        bare_before = bare_batch(count)
        bare_cpu_before = machine_time() - cpu
        for _ in range(rounds):  # each batch between two runs of bare starts
            start, cpu = time.perf_counter(), machine_time()
            book = grade_directory(folder, ASSIGNMENT, roster, jobs=JOBS)
            graded_runs.append(time.perf_counter() - start)
            graded_cpus.append(machine_time() - cpu)
            cpu = machine_time()
            bare_after = bare_batch(count)
            bare_cpu_after = machine_time() - cpu
            # before and after the batch, so that a machine whose load changes meanwhile
            # weighs on both sides alike
            bare_runs.append((bare_before + bare_after) / 2)
            bare_cpus.append((bare_cpu_before + bare_cpu_after) / 2)
            bare_before, bare_cpu_before = bare_after, bare_cpu_after
        with without_bubblewrap():
            _close_servers()
            start = time.perf_counter()
            layers_only = grade_directory(folder, ASSIGNMENT, roster, jobs=JOBS)
            kernel_layers = time.perf_counter() - start
            _close_servers()
        start = time.perf_counter()
        gradebook_csv(book)
        written = time.perf_counter() - start
        start = time.perf_counter()
        report_files(book)
        reported = time.perf_counter() - start
    ratios = [graded / bare for graded, bare in zip(graded_runs, bare_runs, strict=True)]
    middle = sorted(range(rounds), key=lambda i: ratios[i])[rounds // 2]  # the median round
    graded, bare, graded_cpu, bare_cpu = (graded_runs[middle], bare_runs[middle],
                                          graded_cpus[middle], bare_cpus[middle])
    ratio = ratios[middle]
    full = sum(1 for g in book.grades if g.total == g.maximum)
    cores = os.cpu_count() or 1
    print(f"bench_grading: {count} submissions of '{ASSIGNMENT}' "
          f"({len(make_paper(ASSIGNMENT, 'x').questions)} questions, one program each), {JOBS} at a time,"
          f" {rounds} rounds")
    print(f"  isolation    : {', '.join(isolation_layers())}")
    missing = isolation_missing()
    if missing is not None:
        print(f"  NOT MEASURED : programs were not run ({missing})")
    print(f"  notebooks    : {made:7.2f} s to write")
    print(f"  grading      : {graded:7.2f} s  ({graded / count * 1000:6.1f} ms per submission; the median"
          f" round)  target {TARGET_SECONDS:.0f} s  ratio {graded / TARGET_SECONDS:5.2f}"
          f"  {verdict(max(graded_runs) <= TARGET_SECONDS)}")
    print(f"  bare starts  : {bare:7.2f} s for {count}, {JOBS} at a time (the runs before and after"
          f" the batch, averaged); the batch is {ratio:4.2f}x that, target {TARGET_RATIO:.0f}x, ratio"
          f" {TARGET_RATIO / ratio:5.2f}  {verdict(ratio <= TARGET_RATIO)}")
    print("  every round  : " + ", ".join(
        f"{g:.2f} s against {b:.2f} s ({r:4.2f}x)" for g, b, r in zip(graded_runs, bare_runs, ratios,
                                                                        strict=True)))
    print(f"  processor    : {graded_cpu:7.2f} s of the machine's for the batch ({graded_cpu / count * 1000:.1f} ms a"
          f" submission, the grader's own work included), {bare_cpu:.2f} s for the bare starts"
          f" ({bare_cpu / count * 1000:.1f} ms each): {graded_cpu / bare_cpu:4.2f}x; the batch kept the"
          f" {cores} cores {graded_cpu / (graded * cores):.0%} busy, the bare starts"
          f" {bare_cpu / (bare * cores):.0%}")
    same = [g.total for g in layers_only.grades] == [g.total for g in book.grades]
    print(f"  without bwrap: {kernel_layers:7.2f} s  (each program forked from a waiting server, the"
          f" kernel's layers alone: {kernel_layers / bare:4.2f}x the bare starts; bubblewrap costs"
          f" {(graded - kernel_layers) / count * 1000:.1f} ms per submission; same marks: {same})")
    print(f"  gradebook    : {written:7.2f} s to write the CSV")
    print(f"  class report : {reported:7.2f} s to make the HTML and CSV")
    print(f"  full marks   : {full} of {count}; statuses {sorted({g.status for g in book.grades})}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
