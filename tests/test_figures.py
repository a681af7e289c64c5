"""The inline SVG charts: geometry follows the values, every mark is labelled, bad input is refused."""

from __future__ import annotations

import itertools
import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bacara_teach.figures import bar_chart_svg, line_chart_svg, nice_ticks

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)


def _rects(svg: str) -> list[dict[str, str]]:
    return [dict(re.findall(r"(\w[\w-]*)='([^']*)'", tag))
            for tag in re.findall(r"<rect class='bt-bar'([^>]*)>", svg)]


@given(st.lists(finite, min_size=1, max_size=8), st.integers(min_value=1, max_value=10))
def test_nice_ticks_cover_the_range_with_even_steps(values: list[float], count: int) -> None:
    low, high = min(values), max(values)
    ticks = nice_ticks(low, high, count)
    assert ticks[0] <= low + 1e-9 * max(1.0, abs(low))
    assert ticks[-1] >= high - 1e-9 * max(1.0, abs(high))
    steps = [b - a for a, b in itertools.pairwise(ticks)]
    assert all(math.isclose(step, steps[0], rel_tol=1e-6) for step in steps)


def test_nice_ticks_refuse_a_count_below_one() -> None:
    with pytest.raises(ValueError, match="tick count 0"):
        nice_ticks(0, 1, 0)


def test_bar_heights_are_proportional_to_the_values_and_negative_bars_hang_below_zero() -> None:
    svg = bar_chart_svg(["a", "b", "c"], {"s": [2.0, -1.0, 4.0]}, title="T")
    rects = _rects(svg)
    heights = [float(r["height"]) for r in rects]
    assert math.isclose(heights[0] * 2, heights[2], rel_tol=1e-2)
    assert math.isclose(heights[1] * 2, heights[0], rel_tol=1e-2)
    zero_line = min(float(rects[0]["y"]) + heights[0], float(rects[2]["y"]) + heights[2])
    assert math.isclose(float(rects[1]["y"]), zero_line, abs_tol=0.2)  # the negative bar starts at 0


def test_every_bar_and_point_carries_its_label_and_value() -> None:
    bars = bar_chart_svg(["A", "2"], {"Banco": [1.5, -2.0], "Punto": [0.0, 3.0]}, title="T",
                         value_format=lambda v: f"{v:+.1f}")
    for label, name, value in (("A", "Banco", "+1.5"), ("2", "Banco", "-2.0"), ("2", "Punto", "+3.0")):
        assert f"<title>{label}, {name}: {value}</title>" in bars
    lines = line_chart_svg([1, 10], {"p": [0.25, 0.5]}, title="T", x_format=lambda v: f"{v:g}")
    assert "<title>p at 10: 0.5</title>" in lines


def test_titles_and_labels_are_escaped() -> None:
    svg = bar_chart_svg(["<x>"], {"a&b": [1.0]}, title="1 < 2", desc="\"quoted\"")
    assert "<title>1 &lt; 2</title>" in svg
    assert "&lt;x&gt;" in svg
    assert "a&amp;b" in svg
    assert "<x>" not in svg


def test_line_chart_draws_bands_and_reference_lines_for_named_series_only() -> None:
    svg = line_chart_svg([10, 100], {"p": [0.4, 0.45]}, title="T", log_x=True,
                         bands={"p": ([0.3, 0.4], [0.5, 0.5])}, references={"p": 0.45})
    assert svg.count("class='bt-band'") == 1
    assert svg.count("class='bt-reference'") == 1
    with pytest.raises(ValueError, match="'q' is not a series of the chart"):
        line_chart_svg([1], {"p": [0.1]}, title="T", references={"q": 0.2})


def test_charts_refuse_series_of_the_wrong_length_or_not_finite() -> None:
    with pytest.raises(ValueError, match="series 'a' has 1 values; expected 2"):
        line_chart_svg([1, 2], {"a": [1.0]}, title="T")
    with pytest.raises(ValueError, match="not a finite number"):
        bar_chart_svg(["x"], {"a": [math.nan]}, title="T")
    with pytest.raises(ValueError, match="at least one series"):
        bar_chart_svg(["x"], {}, title="T")


def test_charts_load_nothing_from_outside() -> None:
    svg = line_chart_svg([1, 2, 3], {"p": [1.0, 2.0, 3.0]}, title="T")
    assert "http" not in svg
    assert "href" not in svg


# -- the reader's language -----------------------------------------------------------------------

ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?!\d)|\d\.\d{1,2}(?!\d)")
"""A number written the English way (grouping comma, decimal point), which Spanish text has not."""


def _read(svg: str) -> str:
    """What a reader sees and hears: the text between tags, attributes left out."""
    return " ".join(re.findall(r">([^<]+)<", svg))


def test_a_spanish_chart_writes_its_axis_and_titles_in_spanish_numbers() -> None:
    labels, series = ["a", "b"], {"banco": [0.45, -1.25]}
    english = bar_chart_svg(labels, series, title="T", lang="en")
    spanish = bar_chart_svg(labels, series, title="T", lang="es")
    assert "<title>b, banco: \u22121.25</title>" in english
    assert "<title>b, banco: \u22121,25</title>" in spanish
    assert ENGLISH_NUMBER.search(_read(english)) and ENGLISH_NUMBER.search(_read(spanish)) is None
    # the geometry is the same in both languages: only the words and the numbers read differ
    assert _rects(english) == _rects(spanish)


def test_a_line_chart_reads_its_points_in_the_readers_language() -> None:
    x, series = [10, 1000, 20000], {"punto": [0.5, 0.4625, 0.4586]}
    spanish = line_chart_svg(x, series, title="T", log_x=True, lang="es")
    assert "<title>punto en 20000: 0,4586</title>" in spanish
    assert ENGLISH_NUMBER.search(_read(spanish)) is None
    english = line_chart_svg(x, series, title="T", log_x=True, lang="en")
    assert "<title>punto at 20000: 0.4586</title>" in english


def test_a_given_formatter_is_kept_as_given() -> None:
    svg = bar_chart_svg(["a"], {"s": [0.5]}, title="T", lang="es", value_format=lambda v: f"{v:.1f}!")
    assert "<title>a, s: 0.5!</title>" in svg


def test_a_chart_with_no_language_writes_the_default_languages_numbers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACARA_LANG", "es")
    assert "<title>a, s: 0,5</title>" in bar_chart_svg(["a"], {"s": [0.5]}, title="T")
    assert "<title>s en 2,5: 0,5</title>" in line_chart_svg([2.5, 10], {"s": [0.5, 1]}, title="T")
    monkeypatch.setenv("BACARA_LANG", "en")
    assert "<title>a, s: 0.5</title>" in bar_chart_svg(["a"], {"s": [0.5]}, title="T")
