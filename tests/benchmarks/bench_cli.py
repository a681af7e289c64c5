"""Start-up: ``import bacara_teach`` and ``bacara-teach deal --cards ...`` against a bare interpreter.

Every figure is the median wall time of fresh processes of this same interpreter, run
interleaved so that a busy machine slows each kind alike:

* ``python -c pass``: the bare start every command pays;
* ``python -c "import bacara_teach"``: the package; ``import bacara_teach`` is also timed inside
  the process (target: <= 80 ms on an idle machine; the package's names are loaded when first
  used), and so is ``from bacara_teach import Coup`` (what the first coup costs);
* ``bacara-teach deal --cards "4h 2s 9c ad 8d"``: one coup, told (target: <= 4x the bare
  start), run as the installed console script does (``from bacara_teach.cli import main``);
* ``bacara-teach --help``: the command line with every sub-command registered;
* ``python -c "import argparse, dataclasses"``: the standard modules a coup needs, the floor
  under the deal's figure.

Run: ``python tests/benchmarks/bench_cli.py`` (add a number to run each kind that many times).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET_IMPORT = 0.080
TARGET_DEAL_RATIO = 4.0
CLI = "import sys; from bacara_teach.cli import main; sys.exit(main())"

KINDS: dict[str, list[str]] = {
    "python -c pass": ["-c", "pass"],
    "import bacara_teach": ["-c", "import bacara_teach"],
    "bacara-teach deal --cards": ["-c", CLI, "deal", "--cards", "4h 2s 9c ad 8d"],
    "bacara-teach --help": ["-c", CLI, "--help"],
    # the standard modules a coup cannot do without (the parser, the engine's records): the
    # floor under the deal's figure that the package's own code cannot lower
    "import argparse, dataclasses": ["-c", "import argparse, dataclasses"],
}

IMPORTS = ("import bacara_teach", "from bacara_teach import Coup")


def wall(args: list[str], env: dict[str, str], cpu: list[float] | None = None) -> float:
    """Wall time of one fresh process; its processor time (user + system) goes to ``cpu``."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], env=env, check=True, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if cpu is not None:
        cpu.append(after.ru_utime - used.ru_utime + after.ru_stime - used.ru_stime)
    return seconds


def import_seconds(statement: str, env: dict[str, str]) -> float:
    """How long ``statement`` takes in a fresh process, timed inside it."""
    code = f"import time; t = time.perf_counter(); {statement}; print(time.perf_counter() - t)"
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                         text=True).stdout
    return float(out.split()[-1])


def modules_loaded(code: str, env: dict[str, str]) -> int:
    out = subprocess.run([sys.executable, "-c", f"{code}\nimport sys; print(len(sys.modules))"],
                         env=env, check=True, capture_output=True, text=True).stdout
    return int(out.split()[-1])


def main(runs: int = 21) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as bytecode:
        # Bytecode as an installed copy has it: compiled once (outside the figures), into a
        # folder of this run's own rather than the checkout.
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = bytecode
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
        for args in KINDS.values():
            wall(args, env)
        measure(runs, env)


def verdict(met: bool) -> str:
    return "met" if met else "NOT MET"


def measure(runs: int, env: dict[str, str]) -> None:
    times: dict[str, list[float]] = {name: [] for name in KINDS}
    cpu: dict[str, list[float]] = {name: [] for name in KINDS}
    inside: dict[str, list[float]] = {name: [] for name in IMPORTS}
    for _ in range(runs):
        for name, args in KINDS.items():
            times[name].append(wall(args, env, cpu[name]))
        for name in IMPORTS:
            inside[name].append(import_seconds(name, env))
    median = {name: statistics.median(values) for name, values in times.items()}
    bare = median["python -c pass"]
    package = statistics.median(inside["import bacara_teach"])
    deal = median["bacara-teach deal --cards"] / bare
    print(f"bench_cli: start-up, median of {runs} fresh processes each, interleaved")
    for name, seconds in median.items():
        print(f"  {name:<29}: {seconds * 1000:7.1f} ms  ({seconds / bare:4.1f}x the bare start;"
              f" fastest {min(times[name]) * 1000:.1f} ms)")
    for name, values in inside.items():
        print(f"  {name:<29}: {statistics.median(values) * 1000:7.1f} ms  timed inside the process")
    print(f"  import bacara_teach alone    : {package * 1000:7.1f} ms  target {TARGET_IMPORT * 1000:.0f} ms"
          f"  ratio {TARGET_IMPORT / package if package > 0 else float('inf'):5.2f}"
          f"  ({modules_loaded('import bacara_teach', env) - modules_loaded('pass', env)} modules)"
          f"  {verdict(package <= TARGET_IMPORT)}")
    print(f"  deal / bare start            : {deal:7.2f}x    target {TARGET_DEAL_RATIO:.0f}x"
          f"  ratio {TARGET_DEAL_RATIO / deal:5.2f}"
          f"  ({modules_loaded('from bacara_teach.cli import main', env)} modules before the coup)"
          f"  {verdict(deal <= TARGET_DEAL_RATIO)}")
    # Processor time is what the wall time is on an idle machine; a busy one adds its turns.
    cpu_deal = statistics.median(cpu["bacara-teach deal --cards"]) / statistics.median(cpu["python -c pass"])
    print(f"  deal / bare, processor time  : {cpu_deal:7.2f}x    target {TARGET_DEAL_RATIO:.0f}x"
          f"  ratio {TARGET_DEAL_RATIO / cpu_deal:5.2f}  (median"
          f" {statistics.median(cpu['bacara-teach deal --cards']) * 1000:.1f} ms against"
          f" {statistics.median(cpu['python -c pass']) * 1000:.1f} ms)  {verdict(cpu_deal <= TARGET_DEAL_RATIO)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 21)
