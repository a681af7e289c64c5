"""The tables of the chapter "Commission-free tables and side bets", from the exact edges.

Each edge is written in the reader's language (``1.0579%`` in English, ``1,0579 %`` in
Spanish), and so is each published figure beside it (``1.06`` and ``1,06``).

>>> edge_text(Fraction(1, 40), "en"), edge_text(Fraction(1, 40), "es") == "2,5000\\u00a0%"
('2.5000%', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape

from bacara_teach.analysis.side_bets import Published
from bacara_teach.i18n import resolve_language
from bacara_teach.text import N_, format_number, localize_number, tr

__all__ = ["EdgeRow", "edge_text", "edges_table", "published_table"]

EdgeRow = tuple[str, str, Fraction, Fraction]
"""One bet: its name, its rules as the tables print them, its edge on 6 and on 8 decks."""

EDGES_HEAD = (N_("Bet"), N_("Rules"), N_("House edge, 6 decks"), N_("House edge, 8 decks"))
PUBLISHED_HEAD = (N_("Bet"), N_("Decks"), N_("Published (%)"), N_("Engine (%)"), N_("Source"))


def edge_text(edge: Fraction, lang: str | None = None) -> str:
    """A house edge as the tables show it, to four decimals of a percent."""
    return format_number(float(edge), ".4%", resolve_language(lang))


def _head(labels: Sequence[str], lang: str) -> str:
    return "".join(f"<th>{escape(tr(label, lang))}</th>" for label in labels)


def edges_table(rows: Iterable[EdgeRow], lang: str | None = None, *,
                css: str = "bt-side-bets") -> str:
    """Every bet's house edge on six and on eight decks (``css``: the table's class, one per
    table of a page)."""
    code = resolve_language(lang)
    body = "".join(f"<tr data-bet='{name}'><th>{name}</th><td>{rules}</td><td>{edge_text(six, code)}</td>"
                   f"<td>{edge_text(eight, code)}</td></tr>" for name, rules, six, eight in rows)
    return (f"<table class='bt-table {css}'><thead><tr>{_head(EDGES_HEAD, code)}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def published_table(published: Iterable[Published], lang: str | None = None) -> str:
    """Each published figure beside the engine's exact edge rounded to the same decimals."""
    code = resolve_language(lang)
    body = "".join(
        f"<tr><th>{p.bet}</th><td>{p.decks}</td><td>{localize_number(p.figure, code)}</td>"
        f"<td>{localize_number(p.engine_figure(), code)}</td>"
        f"<td><a href='{escape(p.url)}'>{escape(p.source)}</a></td></tr>"
        for p in published
    )
    return (f"<table class='bt-table bt-published'><thead><tr>{_head(PUBLISHED_HEAD, code)}</tr></thead>"
            f"<tbody>{body}</tbody></table>")
