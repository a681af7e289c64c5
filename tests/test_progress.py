"""Progress renderers: the terminal line, the notebook bar (widgets and text), the chooser."""

from __future__ import annotations

import io
import sys
from typing import Any

import pytest

from bacara_teach.analysis.simulation import simulate_coups, simulate_runs
from bacara_teach.progress import (
    NotebookProgress,
    Progress,
    TerminalProgress,
    auto_progress,
    in_notebook,
    progress_text,
)

# -- the text of the bar -----------------------------------------------------------------------------


def test_progress_text_fills_in_proportion_and_groups_thousands() -> None:
    assert progress_text(0, 2_000, unit="coups", width=4) == "[....] 0/2,000 coups (0%)"
    assert progress_text(1_000, 2_000, unit="coups", width=4) == "[##..] 1,000/2,000 coups (50%)"
    assert progress_text(1_999, 2_000, width=4) == "[###.] 1,999/2,000 (99%)"


@pytest.mark.parametrize(("done", "total"), [(-1, 5), (6, 5), (1, 0), (True, 5)])
def test_progress_text_refuses_impossible_counts(done: int, total: int) -> None:
    with pytest.raises(ValueError, match="invalid"):
        progress_text(done, total)


# -- the terminal ------------------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_terminal_bar_redraws_in_place_and_ends_the_line() -> None:
    out = io.StringIO()
    bar = TerminalProgress(unit="runs", width=4, stream=out, min_interval=0)
    for done in range(1, 5):
        bar(done, 4)
    lines = out.getvalue().split("\r")[1:]
    assert lines == ["[#...] 1/4 runs (25%)", "[##..] 2/4 runs (50%)", "[###.] 3/4 runs (75%)",
                     "[####] 4/4 runs (100%)\n"]


def test_terminal_bar_is_throttled_but_always_draws_the_first_and_last_call() -> None:
    out, clock = io.StringIO(), Clock()
    bar = TerminalProgress(width=2, stream=out, min_interval=1.0, clock=clock)
    bar(1, 10)                  # drawn: the first
    clock.now = 0.5
    bar(2, 10)                  # skipped: too soon
    clock.now = 1.6
    bar(3, 10)                  # drawn
    bar(10, 10)                 # drawn: the last, however soon
    drawn = [line.split("]")[1].split()[0] for line in out.getvalue().split("\r")[1:]]
    assert drawn == ["1/10", "3/10", "10/10"]
    assert out.getvalue().endswith("\n")


def test_terminal_bar_writes_to_the_current_stderr_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    simulate_coups(300, seed=1, progress=TerminalProgress(unit="coups", min_interval=0))
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith("300/300 coups (100%)\n")


def test_a_simulation_accepts_any_progress_renderer() -> None:
    out = io.StringIO()
    bar: Progress = TerminalProgress(unit="runs", width=5, stream=out, min_interval=0)
    simulate_runs(lambda seed: seed, runs=5, progress=bar)
    assert out.getvalue().count("\r") == 5 and "5/5 runs" in out.getvalue()


# -- the notebook ------------------------------------------------------------------------------------


def test_notebook_bar_with_ipywidgets_follows_the_updates() -> None:
    pytest.importorskip("ipywidgets")
    bar = NotebookProgress(unit="coups", description="Dealing")
    assert bar.uses_widgets
    assert bar.bar.description == "Dealing" and bar.bar.value == 0
    bar(250, 1_000)
    assert (bar.bar.value, bar.bar.max) == (250, 1_000)
    assert bar.label.value == "250/1,000 coups (25%)"
    assert bar.bar.bar_style == ""
    bar(1_000, 1_000)
    assert bar.bar.value == 1_000 and bar.bar.bar_style == "success"
    assert bar.widget.children == (bar.bar, bar.label)
    assert (bar.value, bar.total, bar.text) == (1_000, 1_000, "1,000/1,000 coups (100%)")


def test_notebook_bar_through_a_simulation() -> None:
    pytest.importorskip("ipywidgets")
    bar = NotebookProgress(unit="coups")
    simulate_coups(400, seed=2, progress=bar, progress_every=100)
    assert (bar.bar.value, bar.bar.max, bar.bar.bar_style) == (400, 400, "success")


def test_notebook_bar_without_ipywidgets_falls_back_to_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ipywidgets", None)   # import ipywidgets now fails
    bar = NotebookProgress(unit="runs", description="Sessions", width=4)
    assert not bar.uses_widgets and bar.widget is None
    bar(1, 4)
    assert bar.text == "Sessions [#...] 1/4 runs (25%)"
    bar(4, 4)
    assert bar.text == "Sessions [####] 4/4 runs (100%)"


def test_notebook_bar_prints_nothing_outside_a_notebook(capsys: pytest.CaptureFixture[str]) -> None:
    for widgets in (True, False):
        bar = NotebookProgress(use_widgets=widgets)
        bar(1, 2)
        bar(2, 2)
    assert capsys.readouterr() == ("", "")


class FakeHandle:
    def __init__(self) -> None:
        self.updates: list[Any] = []

    def update(self, data: Any, **kwargs: Any) -> None:
        self.updates.append((data, kwargs))


def test_text_fallback_is_displayed_once_then_updated_in_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown: list[tuple[Any, dict[str, Any]]] = []
    handle = FakeHandle()

    def display(obj: Any, **kwargs: Any) -> FakeHandle:
        shown.append((obj, kwargs))
        return handle

    monkeypatch.setattr("bacara_teach.progress._ipython_display", lambda: display)
    bar = NotebookProgress(unit="coups", width=2, use_widgets=False)
    bar(1, 2)
    bar(2, 2)
    assert shown == [({"text/plain": "[#.] 1/2 coups (50%)"}, {"raw": True, "display_id": True})]
    assert handle.updates == [({"text/plain": "[##] 2/2 coups (100%)"}, {"raw": True})]


def test_widget_bar_is_displayed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ipywidgets")
    shown: list[Any] = []
    monkeypatch.setattr("bacara_teach.progress._ipython_display",
                        lambda: lambda obj, **kwargs: shown.append(obj))
    bar = NotebookProgress()
    for done in range(1, 4):
        bar(done, 3)
    assert shown == [bar.widget]


# -- choosing ----------------------------------------------------------------------------------------


def test_auto_progress_is_the_terminal_line_outside_a_notebook() -> None:
    assert not in_notebook()
    assert isinstance(auto_progress(unit="coups"), TerminalProgress)


def test_auto_progress_is_the_notebook_bar_inside_a_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    class Shell:
        kernel = object()

    class FakeIPython:
        @staticmethod
        def get_ipython() -> Shell:
            return Shell()

    monkeypatch.setitem(sys.modules, "IPython", FakeIPython)
    assert in_notebook()
    assert isinstance(auto_progress(unit="coups"), NotebookProgress)
