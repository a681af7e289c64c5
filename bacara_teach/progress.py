"""Progress of long runs: a bar in the terminal or in a notebook.

A long computation of this project (a seeded simulation, say) takes a
``progress=`` argument: any callable ``progress(done, total)``, the
:class:`Progress` protocol, which it calls now and then and once at the end
(``done == total``).  The computation itself never writes anything; what the
calls look like is up to the renderer the caller passes in:

* :class:`TerminalProgress` redraws one line in place on a text stream
  (standard error by default, so that the results on standard output stay
  clean).  The ``bacara-teach`` command uses it.
* :class:`NotebookProgress` shows an ipywidgets progress bar with a label in
  a Jupyter notebook, or, without ipywidgets, a line of text updated in place
  through IPython's display.  Both are imported only when a notebook bar is made.
* :func:`auto_progress` picks the notebook bar inside a notebook and the
  terminal line elsewhere.

Any plain function works as well:

>>> seen = []
>>> def record(done: int, total: int) -> None:
...     seen.append(done)
>>> for done in range(1, 4):
...     record(done, 3)
>>> seen
[1, 2, 3]
>>> progress_text(250, 1_000, unit="coups", width=10, lang="en")
'[##........] 250/1,000 coups (25%)'

The counts are written the reader's way (``lang``; ``None``: the default language), the unit
as the caller gives it:

>>> progress_text(2_500, 10_000, unit="coups", width=4, lang="es") == "[#...] 2500/10.000 coups (25\u00a0%)"
True
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, Protocol, TextIO

from bacara_teach.errors import IllegalAction
from bacara_teach.text import message, tr

__all__ = [
    "NotebookProgress",
    "Progress",
    "TerminalProgress",
    "auto_progress",
    "in_notebook",
    "progress_text",
]


class Progress(Protocol):
    """Called as ``progress(done, total)``: ``done`` of ``total`` steps are finished.

    Calls come in order of increasing ``done``, and the last one has
    ``done == total``.
    """

    def __call__(self, done: int, total: int) -> None: ...


def _check(done: int, total: int) -> None:
    if isinstance(total, bool) or not isinstance(total, int) or total < 1:
        raise IllegalAction(message("invalid total {total!r}: expected a whole number >= 1",
                                    total=total))
    if isinstance(done, bool) or not isinstance(done, int) or not 0 <= done <= total:
        raise IllegalAction(message(
            "invalid progress {done!r} of {total}: expected a whole number from 0 to {total}",
            done=done, total=total))


def _count(done: int, total: int, unit: str, lang: str | None) -> str:
    """``400/1,000 coups (40%)`` in ``lang``."""
    percent = 100 * done // total
    if unit:
        return tr("{done:,}/{total:,} {unit} ({percent}%)", lang, done=done, total=total,
                  unit=unit, percent=percent)
    return tr("{done:,}/{total:,} ({percent}%)", lang, done=done, total=total, percent=percent)


def progress_text(done: int, total: int, *, unit: str = "", width: int = 30,
                  lang: str | None = None) -> str:
    """The bar as text: ``[####......] 400/1,000 coups (40%)``, in ``lang``.

    >>> progress_text(0, 4, width=4, lang="en"), progress_text(4, 4, unit="runs", width=4, lang="en")
    ('[....] 0/4 (0%)', '[####] 4/4 runs (100%)')
    >>> progress_text(5, 4)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid progress 5 of 4: expected a whole number from 0 to 4
    """
    _check(done, total)
    filled = width * done // total
    return f"[{'#' * filled}{'.' * (width - filled)}] {_count(done, total, unit, lang)}"


class TerminalProgress:
    """A one-line progress bar redrawn in place (``\\r``) on a text stream.

    ``stream`` defaults to standard error, looked up at each call (so a test
    harness that swaps ``sys.stderr`` sees the bar).  Redraws come at most
    every ``min_interval`` seconds, except the first and the last; the last
    ends the line.  The counts are written the way of ``lang`` (``None``: the default
    language).

    >>> import io
    >>> out = io.StringIO()
    >>> bar = TerminalProgress(unit="coups", width=8, stream=out, min_interval=0, lang="en")
    >>> bar(1, 2); bar(2, 2)
    >>> out.getvalue()
    '\\r[####....] 1/2 coups (50%)\\r[########] 2/2 coups (100%)\\n'
    """

    def __init__(
        self,
        *,
        unit: str = "",
        width: int = 30,
        stream: TextIO | None = None,
        min_interval: float = 0.1,
        clock: Callable[[], float] = time.monotonic,
        lang: str | None = None,
    ) -> None:
        self.unit = unit
        self.lang = lang
        self.width = width
        self.min_interval = min_interval
        self._stream = stream
        self._clock = clock
        self._last: float | None = None
        self._width_drawn = 0

    @property
    def stream(self) -> TextIO:
        return self._stream if self._stream is not None else sys.stderr

    def __call__(self, done: int, total: int) -> None:
        text = progress_text(done, total, unit=self.unit, width=self.width, lang=self.lang)
        now = self._clock()
        final = done == total
        if not final and self._last is not None and now - self._last < self.min_interval:
            return
        self._last = now
        pad = " " * max(0, self._width_drawn - len(text))  # wipe a longer line drawn before
        self._width_drawn = len(text)
        stream = self.stream
        stream.write(f"\r{text}{pad}" + ("\n" if final else ""))
        stream.flush()
        if final:
            self._last, self._width_drawn = None, 0


def in_notebook() -> bool:
    """True inside a Jupyter kernel (IPython with a kernel attached), False elsewhere.

    IPython is looked for only if it is already imported: a plain script never loads it.

    >>> in_notebook()
    False
    """
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    get = getattr(ipython, "get_ipython", None)
    shell = get() if callable(get) else None
    return shell is not None and getattr(shell, "kernel", None) is not None


def _ipython_display() -> Callable[..., Any] | None:
    """IPython's ``display`` when an IPython shell is running, else None (never print)."""
    try:
        from IPython.core.interactiveshell import InteractiveShell
        from IPython.display import display
    except ImportError:
        return None
    return display if InteractiveShell.initialized() else None


class NotebookProgress:
    """A progress bar for a Jupyter notebook.

    With ipywidgets installed: an ``IntProgress`` bar (``bar``) and a
    ``Label`` (``label``) side by side in an ``HBox`` (``widget``);
    ``description`` is the bar's caption.  Without ipywidgets: a line of
    text (``text``) shown through IPython's display and updated in place.
    The widget (or text) is displayed at the first update, and only when an
    IPython shell is running; outside one nothing is shown or printed, but
    ``value``, ``total`` and ``text`` still follow the updates.

    ``use_widgets=False`` asks for the text form even when ipywidgets is there.  The counts are
    written the way of ``lang`` (``None``: the default language).
    """

    def __init__(self, *, unit: str = "", description: str = "", width: int = 30,
                 use_widgets: bool = True, lang: str | None = None) -> None:
        self.unit = unit
        self.lang = lang
        self.description = description
        self.width = width
        self.value = 0
        self.total = 0
        self.text = ""
        self.bar: Any = None
        self.label: Any = None
        self.widget: Any = None
        self._handle: Any = None
        self._shown = False
        if use_widgets:
            try:
                import ipywidgets
            except ImportError:
                ipywidgets = None
            if ipywidgets is not None:
                self.bar = ipywidgets.IntProgress(value=0, min=0, max=1, description=description)
                self.label = ipywidgets.Label(value="")
                self.widget = ipywidgets.HBox([self.bar, self.label])

    @property
    def uses_widgets(self) -> bool:
        """True when the bar is an ipywidgets widget, False for the text form."""
        return self.widget is not None

    def _label(self, done: int, total: int) -> str:
        return _count(done, total, self.unit, self.lang)

    def _show(self) -> None:
        self._shown = True
        display = _ipython_display()
        if display is None:
            return
        if self.widget is not None:
            display(self.widget)
        else:
            self._handle = display({"text/plain": self.text}, raw=True, display_id=True)

    def __call__(self, done: int, total: int) -> None:
        _check(done, total)
        self.value, self.total = done, total
        if self.widget is not None:
            self.bar.max = total
            self.bar.value = done
            self.label.value = self._label(done, total)
            self.text = self.label.value
            if done == total:
                self.bar.bar_style = "success"
        else:
            caption = f"{self.description} " if self.description else ""
            self.text = caption + progress_text(done, total, unit=self.unit, width=self.width,
                                                lang=self.lang)
        if not self._shown:
            self._show()
        elif self._handle is not None:
            self._handle.update({"text/plain": self.text}, raw=True)


def auto_progress(*, unit: str = "", description: str = "", lang: str | None = None) -> Progress:
    """A :class:`NotebookProgress` inside a notebook, else a :class:`TerminalProgress` on stderr.

    >>> isinstance(auto_progress(unit="coups"), TerminalProgress)
    True
    """
    if in_notebook():
        return NotebookProgress(unit=unit, description=description, lang=lang)
    return TerminalProgress(unit=unit, lang=lang)
