"""HTML pieces for the play widgets: captioned tables, narrated lines, exact percentages."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from html import escape

from bacara_teach.money import format_amount, format_signed
from bacara_teach.text import localize_number

__all__ = ["amount", "lines_html", "percent", "signed_amount", "table_html"]


def table_html(caption: str, headers: Sequence[str], rows: Sequence[Sequence[str]], *,
               css: str = "bt-table") -> str:
    """A table with a caption, column headers and row headers (the first cell of each row).

    ``caption`` and ``headers`` are text; row cells are HTML, already escaped.
    """
    head = "".join(f"<th scope='col'>{escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(
            f"<th scope='row'>{cell}</th>" if i == 0 else f"<td>{cell}</td>"
            for i, cell in enumerate(row)
        ) + "</tr>"
        for row in rows
    )
    return (f"<table class='{css}'><caption>{escape(caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def lines_html(text: str, *, label: str) -> str:
    """Narrated text, one list item per line, as a labelled ordered list."""
    items = "".join(f"<li>{escape(line)}</li>" for line in text.split("\n") if line)
    return f"<ol class='bt-narration' aria-label='{escape(label)}'>{items}</ol>"


def percent(value: Fraction, digits: int = 4, lang: str | None = None) -> str:
    """An exact fraction as a percentage rounded (half to even) to ``digits`` decimals,
    written in the conventions of ``lang`` (English when ``None``).

    No float is involved, so the digits shown are the exact value's.

    >>> percent(Fraction(1, 3)), percent(Fraction(-1, 80), 2), percent(Fraction(0))
    ('33.3333%', '−1.25%', '0.0000%')
    >>> percent(Fraction(-1, 80), 2, "es") == "\u22121,25\u00a0%"
    True
    """
    scaled = round(value * 100 * 10**digits)
    sign = "-" if scaled < 0 else ""
    whole, part = divmod(abs(scaled), 10**digits)
    text = f"{sign}{whole}.{part:0{digits}d}%" if digits else f"{sign}{whole}%"
    return localize_number(text, lang)


def amount(value: Decimal | Fraction | int, lang: str | None = None) -> str:
    """An amount of money as a reader of ``lang`` writes it: ``4.75``, in Spanish ``4,75``.

    >>> amount(Decimal("1234.5"), "es"), amount(Decimal("1234.50"), "en")
    ('1234,5', '1234.5')
    """
    return localize_number(format_amount(value), lang)


def signed_amount(value: Decimal | Fraction | int, lang: str | None = None) -> str:
    """A gain or a loss with its sign, in the conventions of ``lang``.

    >>> signed_amount(Decimal(-19), "es") == "\u221219", signed_amount(19, "en")
    (True, '+19')
    """
    return localize_number(format_signed(value), lang)
