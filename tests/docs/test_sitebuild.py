"""The site build talks while it works: a line when each build starts and ends, and a line
every so often naming what is still running, so a first build is never minutes of silence."""

from __future__ import annotations

import sys

import sitebuild


def test_run_all_reports_each_build_and_keeps_its_output() -> None:
    lines: list[str] = []
    slow = [sys.executable, "-c", "import time; time.sleep(0.6); print('slow ok')",
            "-b", "html", "-D", "language=es"]
    failing = [sys.executable, "-c", "import sys; print('broken'); sys.exit(3)", "-b", "gettext"]
    results = sitebuild.run_all([slow, failing], jobs=2, progress=lines.append, every=0.25)
    assert [(code, output.strip()) for _, code, output in results] == [(0, "slow ok"), (3, "broken")]
    assert "building the Spanish site..." in lines and "building the message templates..." in lines
    assert any(line.startswith("the Spanish site: done in ") for line in lines)
    assert any(line.startswith("the message templates: FAILED (exit status 3)") for line in lines)
    assert any(line.startswith("still building (") and "the Spanish site" in line for line in lines)


def test_run_all_runs_without_a_progress_callback() -> None:
    results = sitebuild.run_all([[sys.executable, "-c", "print('x')"]], jobs=1)
    assert results[0][1:] == (0, "x\n")
