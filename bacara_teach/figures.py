"""Small charts drawn as inline SVG: a grouped bar chart and a line chart.

The course pages compute their figures with the engine and draw them with
these two functions, so a chart needs nothing but the standard library (it
works in the browser's Python too) and loads nothing from anywhere.  The
values are floats: a chart is a display, the exact figures stay with the
analysis that produced them.

Every chart is an accessible ``<svg role="img">`` with a ``<title>`` and a
``<desc>``; each bar and each point carries its own ``<title>`` with its
label and value, so the numbers can be read without seeing the picture.
Colours are paired with a second cue (a dash pattern for lines, the legend
order and a label for bars).

>>> svg = bar_chart_svg(["A", "2"], {"Banco": [0.5, -1.0]}, title="Change")
>>> svg.startswith("<svg") and svg.count("<rect class='bt-bar'") == 2
True
>>> "<title>2, Banco: −1</title>" in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from html import escape

from bacara_teach.errors import IllegalAction
from bacara_teach.i18n import resolve_language
from bacara_teach.text import N_, Message, format_number, message, tr

__all__ = ["PALETTE", "bar_chart_svg", "hbar_chart_svg", "line_chart_svg", "nice_ticks",
           "number_format"]

PALETTE: tuple[str, ...] = ("#1f6fb5", "#c0392b", "#2e7d32", "#8e44ad", "#b7791f")
"""Series colours, in order; readable on light and dark backgrounds."""

DASHES: tuple[str, ...] = ("", "6 3", "2 3", "8 3 2 3", "1 2")
"""Line dash patterns, in series order, so lines differ by more than colour."""

Formatter = Callable[[float], str]


def number_format(spec: str = "g", lang: str | None = None) -> Formatter:
    """A formatter writing a value with ``spec`` in the conventions of ``lang``.

    A chart's numbers are read by a person: the axis and the titles of a Spanish chart
    write ``0,45`` and ``1,24 %`` (``lang=None``: the default language).

    >>> number_format(".2%", "es")(0.0124) == "1,24\u00a0%", number_format("g", "en")(0.45)
    (True, '0.45')
    """

    code = resolve_language(lang)

    def write(value: float) -> str:
        return format_number(value, spec, code)

    return write


def _default_format(lang: str | None, given: Formatter | None) -> Formatter:
    return given if given is not None else number_format("g", lang)


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round tick values covering ``low``..``high``.

    >>> nice_ticks(0, 1)
    [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    >>> nice_ticks(-0.3, 0.2, 4)
    [-0.4, -0.2, 0.0, 0.2]
    >>> nice_ticks(0.0, 0.0031)
    [0.0, 0.001, 0.002, 0.003, 0.004]
    >>> nice_ticks(5, 5)
    [5.0]
    >>> nice_ticks(-6e-08, 50000.0, 1)  # a low end just below 0 keeps a tick below it
    [-100000.0, 0.0, 100000.0]
    """
    if count < 1:
        raise IllegalAction(message("invalid tick count {count!r}: expected 1 or more",
                                    count=count))
    if not (math.isfinite(low) and math.isfinite(high)):
        raise IllegalAction(message("invalid range {low!r}..{high!r}: expected finite numbers",
                                    low=low, high=high))
    if high < low:
        low, high = high, low
    if high == low:
        return [float(low)]
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first, last = math.floor(low / step), math.ceil(high / step)
    # Division may land a hair off a multiple (0.3 / 0.1 = 2.999...): snap when it does, that
    # is when the next multiple in misses the end by no more than rounding noise of the end.
    # Noise is judged against both the end's magnitude and the step, so that very small
    # ranges (steps near the smallest floats) are never snapped away.
    if (first + 1) * step - low <= min(1e-9 * max(1.0, abs(low)), 1e-6 * step):
        first += 1
    if high - (last - 1) * step <= min(1e-9 * max(1.0, abs(high)), 1e-6 * step):
        last -= 1
    digits = max(0, 2 - math.floor(math.log10(step)))
    return [round(k * step, digits) + 0.0 for k in range(first, last + 1)]


_NO_SERIES = {
    "bar chart": N_("a bar chart needs at least one series"),
    "horizontal bar chart": N_("a horizontal bar chart needs at least one series"),
    "line chart": N_("a line chart needs at least one series"),
}
_SERIES_LENGTH = {
    "bar chart": N_("series {name!r} has {count} values; expected {length}, one per bar chart "
                    "position"),
    "horizontal bar chart": N_("series {name!r} has {count} values; expected {length}, one per "
                               "horizontal bar chart position"),
    "line chart": N_("series {name!r} has {count} values; expected {length}, one per line chart "
                     "position"),
}


def _check_series(series: Mapping[str, Sequence[float]], length: int, what: str) -> None:
    if not series:
        raise IllegalAction(Message(_NO_SERIES[what]))
    for name, values in series.items():
        if len(values) != length:
            raise IllegalAction(Message(_SERIES_LENGTH[what], params={
                "name": name, "count": len(values), "length": length}))
        for value in values:
            if not math.isfinite(value):
                raise IllegalAction(message(
                    "series {name!r} has a value that is not a finite number: {value!r}",
                    name=name, value=value))


def _svg_open(width: int, height: int, title: str, desc: str, css: str) -> str:
    return (
        f"<svg class='{css}' role='img' viewBox='0 0 {width} {height}' width='100%' "
        f"style='max-width:{width}px;height:auto;font-family:inherit;font-size:12px' "
        f"preserveAspectRatio='xMinYMin meet'>"
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"
    )


def _legend(names: Sequence[str], x: float, y: float, *, lines: bool) -> str:
    parts = []
    for k, name in enumerate(names):
        colour = PALETTE[k % len(PALETTE)]
        top = y + 16 * k
        if lines:
            dash = DASHES[k % len(DASHES)]
            dash_attr = f" stroke-dasharray='{dash}'" if dash else ""
            mark = (f"<line x1='{x:.1f}' y1='{top + 5:.1f}' x2='{x + 18:.1f}' y2='{top + 5:.1f}' "
                    f"stroke='{colour}' stroke-width='2.5'{dash_attr}/>")
        else:
            mark = (f"<rect x='{x:.1f}' y='{top:.1f}' width='12' height='10' fill='{colour}'/>")
        parts.append(f"{mark}<text x='{x + 24:.1f}' y='{top + 9:.1f}' fill='currentColor'>"
                     f"{escape(name)}</text>")
    return f"<g class='bt-legend'>{''.join(parts)}</g>"


def bar_chart_svg(
    labels: Sequence[str],
    series: Mapping[str, Sequence[float]],
    *,
    title: str,
    desc: str = "",
    y_label: str = "",
    value_format: Formatter | None = None,
    width: int = 640,
    height: int = 320,
    lang: str | None = None,
) -> str:
    """A grouped bar chart: one group per label, one bar per series, around a zero line.

    Negative values hang below the zero line.  ``value_format`` writes the
    values in the bar titles and on the axis (by default ``g`` in the conventions of
    ``lang``, see :func:`number_format`).

    >>> svg = bar_chart_svg(["x", "y"], {"a": [1, 2], "b": [3, -4]}, title="T", desc="D")
    >>> svg.count("<rect class='bt-bar'"), "<desc>D</desc>" in svg
    (4, True)
    >>> bar_chart_svg(["x"], {"a": [1, 2]}, title="T")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: series 'a' has 2 values; expected 1, one per bar chart position
    """
    value_format = _default_format(lang, value_format)
    _check_series(series, len(labels), "bar chart")
    names = list(series)
    values = [v for vs in series.values() for v in vs]
    ticks = nice_ticks(min(0.0, *values), max(0.0, *values))
    low, high = ticks[0], ticks[-1]
    if high == low:
        high = low + 1
    left, right, top, bottom = 64, 16 + 110, 16, 36
    plot_w, plot_h = width - left - right, height - top - bottom

    def y_of(v: float) -> float:
        return top + (high - v) / (high - low) * plot_h

    zero = y_of(0.0)
    group = plot_w / max(1, len(labels))
    bar = group * 0.8 / len(names)
    parts = [_svg_open(width, height, title, desc or title, "bt-chart bt-bar-chart")]
    for t in ticks:
        y = y_of(t)
        parts.append(f"<line x1='{left}' y1='{y:.1f}' x2='{left + plot_w}' y2='{y:.1f}' "
                     "stroke='currentColor' stroke-opacity='0.15'/>")
        parts.append(f"<text x='{left - 6}' y='{y + 4:.1f}' text-anchor='end' fill='currentColor'>"
                     f"{escape(value_format(t))}</text>")
    for i, label in enumerate(labels):
        x0 = left + i * group + group * 0.1
        for k, name in enumerate(names):
            v = float(series[name][i])
            y = min(y_of(v), zero)
            h = abs(y_of(v) - zero)
            parts.append(
                f"<rect class='bt-bar' x='{x0 + k * bar:.1f}' y='{y:.1f}' width='{bar:.1f}' "
                f"height='{h:.1f}' fill='{PALETTE[k % len(PALETTE)]}'>"
                f"<title>{escape(label)}, {escape(name)}: {escape(value_format(v))}</title></rect>"
            )
        parts.append(f"<text x='{left + (i + 0.5) * group:.1f}' y='{top + plot_h + 18}' "
                     f"text-anchor='middle' fill='currentColor'>{escape(label)}</text>")
    parts.append(f"<line x1='{left}' y1='{zero:.1f}' x2='{left + plot_w}' y2='{zero:.1f}' "
                 "stroke='currentColor'/>")
    if y_label:
        parts.append(f"<text transform='rotate(-90)' x='{-(top + plot_h / 2):.1f}' y='14' "
                     f"text-anchor='middle' fill='currentColor'>{escape(y_label)}</text>")
    parts.append(_legend(names, width - right + 12, top + 4, lines=False))
    parts.append("</svg>")
    return "".join(parts)


def hbar_chart_svg(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    title: str,
    desc: str = "",
    value_format: Formatter | None = None,
    width: int = 640,
    bar_height: int = 22,
    label_width: int = 250,
    lang: str | None = None,
) -> str:
    """A horizontal bar chart: one labelled bar per value, its figure written at its end.

    Suits long labels (the names of bets) and reads on a narrow screen.  Negative values
    extend to the left of the zero line.

    >>> svg = hbar_chart_svg(["Banco", "Punto"], [0.0106, 0.0124], title="Edge",
    ...                      value_format=lambda v: f"{v:.2%}")
    >>> svg.count("<rect class='bt-bar'"), "<title>Punto: 1.24%</title>" in svg, ">1.06%</text>" in svg
    (2, True, True)
    >>> ">1,06\u00a0%</text>" in hbar_chart_svg(["Banco"], [0.0106], title="Ventaja",
    ...                                           value_format=number_format(".2%", "es"))
    True
    >>> hbar_chart_svg(["a"], [1, 2], title="T")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: series 'values' has 2 values; expected 1, one per horizontal bar chart position
    """
    value_format = _default_format(lang, value_format)
    _check_series({"values": values}, len(labels), "horizontal bar chart")
    if not labels:
        raise IllegalAction(message("a horizontal bar chart needs at least one bar"))
    low, high = min(0.0, *values), max(0.0, *values)
    if high == low:
        high = low + 1
    top, gap, figure_room = 8, 6, 70
    plot_x, plot_w = label_width + 8, width - label_width - 8 - figure_room
    height = top * 2 + len(labels) * (bar_height + gap)

    def x_of(v: float) -> float:
        return plot_x + (v - low) / (high - low) * plot_w

    zero = x_of(0.0)
    parts = [_svg_open(width, height, title, desc or title, "bt-chart bt-hbar-chart")]
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        y = top + i * (bar_height + gap)
        x0, x1 = sorted((zero, x_of(float(value))))
        colour = PALETTE[0] if value >= 0 else PALETTE[1]
        parts.append(f"<text x='{label_width:g}' y='{y + bar_height / 2 + 4:.1f}' text-anchor='end' "
                     f"fill='currentColor'>{escape(label)}</text>")
        parts.append(f"<rect class='bt-bar' x='{x0:.1f}' y='{y:.1f}' width='{max(x1 - x0, 0.5):.1f}' "
                     f"height='{bar_height}' fill='{colour}'><title>{escape(label)}: "
                     f"{escape(value_format(float(value)))}</title></rect>")
        parts.append(f"<text x='{x1 + 4:.1f}' y='{y + bar_height / 2 + 4:.1f}' fill='currentColor'>"
                     f"{escape(value_format(float(value)))}</text>")
    parts.append(f"<line x1='{zero:.1f}' y1='{top - 2}' x2='{zero:.1f}' y2='{height - top + 2}' "
                 "stroke='currentColor'/>")
    parts.append("</svg>")
    return "".join(parts)


def line_chart_svg(
    x: Sequence[float],
    series: Mapping[str, Sequence[float]],
    *,
    title: str,
    desc: str = "",
    x_label: str = "",
    y_label: str = "",
    log_x: bool = False,
    bands: Mapping[str, tuple[Sequence[float], Sequence[float]]] | None = None,
    references: Mapping[str, float] | None = None,
    value_format: Formatter | None = None,
    x_format: Formatter | None = None,
    width: int = 640,
    height: int = 340,
    lang: str | None = None,
) -> str:
    """A line chart of one or more series over ``x``.

    The caller's ``title``, ``desc`` and labels are written as given; the words the chart
    adds, in each point's title (``banco at 1000: 0.45``), and its numbers (unless
    ``value_format`` and ``x_format`` are given) follow ``lang`` (``"en"``, ``"es"``, or
    ``None`` for the default language): ``banco en 1000: 0,45``.

    ``bands`` shades a low-high band around a series (same name, same
    length), for example a 95% confidence interval; ``references`` draws a
    horizontal dashed line per series at a fixed value (the exact answer a
    simulation converges to).  ``log_x`` spaces ``x`` on a log scale.

    >>> svg = line_chart_svg([10, 100, 1000], {"p": [0.5, 0.45, 0.46]}, title="T",
    ...                      log_x=True, references={"p": 0.4586})
    >>> svg.count("<circle"), "bt-reference" in svg
    (3, True)
    >>> "<title>p en 100: 0,45</title>" in line_chart_svg([10, 100], {"p": [0.5, 0.45]},
    ...                                                   title="T", lang="es")
    True
    >>> line_chart_svg([0, 1], {"p": [1, 2]}, title="T", log_x=True)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: a log scale needs x values above 0; got 0
    """
    value_format = _default_format(lang, value_format)
    x_format = _default_format(lang, x_format)
    _check_series(series, len(x), "line chart")
    if not x:
        raise IllegalAction(message("a line chart needs at least one x value"))
    if log_x and min(x) <= 0:
        raise IllegalAction(message("a log scale needs x values above 0; got {low:g}",
                                    low=min(x)))
    bands = dict(bands or {})
    references = dict(references or {})
    for name in [*bands, *references]:
        if name not in series:
            raise IllegalAction(message(
                "{name!r} is not a series of the chart: expected one of {names}", name=name,
                names=", ".join(series)))
    for name, (lows, highs) in bands.items():
        _check_series({f"{name} low": lows, f"{name} high": highs}, len(x), "line chart")
    names = list(series)
    values = [v for vs in series.values() for v in vs]
    values += [v for lows, highs in bands.values() for v in (*lows, *highs)]
    values += list(references.values())
    ticks = nice_ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    if high == low:
        high = low + 1
    left, right, top, bottom = 64, 16 + 110, 16, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    scale: Callable[[float], float] = math.log10 if log_x else float
    x_low, x_high = scale(min(x)), scale(max(x))
    span = (x_high - x_low) or 1.0

    def px(v: float) -> float:
        return left + (scale(v) - x_low) / span * plot_w

    def py(v: float) -> float:
        return top + (high - v) / (high - low) * plot_h

    parts = [_svg_open(width, height, title, desc or title, "bt-chart bt-line-chart")]
    for t in ticks:
        y = py(t)
        parts.append(f"<line x1='{left}' y1='{y:.1f}' x2='{left + plot_w}' y2='{y:.1f}' "
                     "stroke='currentColor' stroke-opacity='0.15'/>")
        parts.append(f"<text x='{left - 6}' y='{y + 4:.1f}' text-anchor='end' fill='currentColor'>"
                     f"{escape(value_format(t))}</text>")
    if log_x:
        x_ticks = [10.0 ** k for k in range(math.ceil(x_low - 1e-9), math.floor(x_high + 1e-9) + 1)]
    else:
        x_ticks = nice_ticks(min(x), max(x))
    for t in x_ticks:
        if not min(x) <= t <= max(x):
            continue
        xt = px(t)
        parts.append(f"<line x1='{xt:.1f}' y1='{top}' x2='{xt:.1f}' y2='{top + plot_h}' "
                     "stroke='currentColor' stroke-opacity='0.1'/>")
        parts.append(f"<text x='{xt:.1f}' y='{top + plot_h + 16}' text-anchor='middle' "
                     f"fill='currentColor'>{escape(x_format(t))}</text>")
    for k, name in enumerate(names):
        colour = PALETTE[k % len(PALETTE)]
        if name in bands:
            lows, highs = bands[name]
            upper = [f"{px(a):.1f},{py(b):.1f}" for a, b in zip(x, highs, strict=True)]
            lower = [f"{px(a):.1f},{py(b):.1f}" for a, b in zip(x, lows, strict=True)]
            parts.append(f"<polygon class='bt-band' points='{' '.join(upper + lower[::-1])}' "
                         f"fill='{colour}' fill-opacity='0.15' stroke='none'/>")
        if name in references:
            y = py(references[name])
            parts.append(
                f"<line class='bt-reference' x1='{left}' y1='{y:.1f}' x2='{left + plot_w}' "
                f"y2='{y:.1f}' stroke='{colour}' stroke-width='1' stroke-dasharray='3 3'>"
                f"<title>{escape(name)}: {escape(value_format(references[name]))}</title></line>"
            )
    for k, name in enumerate(names):
        colour = PALETTE[k % len(PALETTE)]
        dash = DASHES[k % len(DASHES)]
        dash_attr = f" stroke-dasharray='{dash}'" if dash else ""
        points = " ".join(f"{px(a):.1f},{py(b):.1f}" for a, b in zip(x, series[name], strict=True))
        parts.append(f"<polyline points='{points}' fill='none' stroke='{colour}' "
                     f"stroke-width='2'{dash_attr}/>")
        for a, b in zip(x, series[name], strict=True):
            point = tr("{series} at {x}: {value}", lang, series=name, x=x_format(a),
                       value=value_format(b))
            parts.append(
                f"<circle cx='{px(a):.1f}' cy='{py(b):.1f}' r='2.2' fill='{colour}'>"
                f"<title>{escape(point)}</title></circle>"
            )
    parts.append(f"<line x1='{left}' y1='{top + plot_h}' x2='{left + plot_w}' y2='{top + plot_h}' "
                 "stroke='currentColor'/>")
    if x_label:
        parts.append(f"<text x='{left + plot_w / 2:.1f}' y='{height - 6}' text-anchor='middle' "
                     f"fill='currentColor'>{escape(x_label)}</text>")
    if y_label:
        parts.append(f"<text transform='rotate(-90)' x='{-(top + plot_h / 2):.1f}' y='14' "
                     f"text-anchor='middle' fill='currentColor'>{escape(y_label)}</text>")
    parts.append(_legend(names, width - right + 12, top + 4, lines=True))
    parts.append("</svg>")
    return "".join(parts)
