"""The roads chapter: the sentences, chart and tables around what the engine computes about
roads, streaks and counting, with every figure in the reader's conventions.

>>> percent(Fraction(1, 8), lang="en"), percent(Fraction(1, 8), lang="es") == "12,50\\u00a0%"
('12.50%', True)
>>> odds_line({"banco": Fraction(1, 2)}, lang="es") == "Antes de ningún coup: Banco 50,00\\u00a0%."
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from html import escape

from bacara_teach.i18n import resolve_language, term
from bacara_teach.practice.drill import Check, SelfCheck
from bacara_teach.roads import derived_colours, road_title
from bacara_teach.text import format_number, pmessage, tr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from bacara_teach.analysis.removal import RemovalTable
    from bacara_teach.analysis.roads import RemovalStep, ShoeRun, StreakRow
    from bacara_teach.roads import Road

__all__ = ["check_yourself", "colours_text", "counting_html", "interval_text", "next_coup_chart", "odds_line",
           "percent", "points", "removal_html", "shoe_summary", "streaks_html"]


def percent(value: Fraction | float, digits: int = 2, lang: str | None = None) -> str:
    """A probability or an edge for display (the value itself stays exact)."""
    return format_number(float(value), f".{digits}%", resolve_language(lang))


def points(value: Fraction | float, spec: str = "+.3f", lang: str | None = None) -> str:
    """A share written in percentage points, with its sign: ``+0.123``."""
    return format_number(float(value) * 100, spec, resolve_language(lang))


def interval_text(low: float, high: float, lang: str | None = None) -> str:
    """A confidence interval as two percentages: ``44.1% – 49.0%``."""
    return f"{percent(low, 1, lang)} – {percent(high, 1, lang)}"


def shoe_summary(run: ShoeRun, lang: str | None = None) -> str:
    """How many coups a shoe gave and how many cards stayed behind the cut card."""
    return tr("{coups} coups dealt, {left} cards left behind the cut card", lang,
              coups=len(run.coups), left=run.before[-1].total)


def odds_line(odds: Mapping[str, Fraction], after: str = "", lang: str | None = None) -> str:
    """The next coup's odds, before any coup or after the results ``after`` (``"BP"``), as a
    sentence.

    >>> odds_line({"banco": Fraction(1, 2), "punto": Fraction(1, 2)}, "B", "en")
    'After B: Banco 50.00%, Punto 50.00%.'
    """
    shown = ", ".join(f"{term(key, lang)} {percent(value, lang=lang)}" for key, value in odds.items())
    if after:
        return tr("After {results}: {odds}.", lang, results=after, odds=shown)
    return tr("Before any coup: {odds}.", lang, odds=shown)


_COLOURS = {"red": pmessage("road colour", "red"), "blue": pmessage("road colour", "blue")}


def colours_text(big_road: Road, name: str, offset: int, lang: str | None = None) -> str:
    """The colour a derived road gives each big road cell it covers, as one line: the cell's
    run and row (counted from 0), then its colour in words.

    >>> from bacara_teach.roads import Roads
    >>> colours_text(Roads.from_results("BBPBBB").big_road, "big_eye_boy", 1, "en")
    'Big eye boy: run 2, row 0: blue; run 2, row 1: blue; run 2, row 2: red.'
    """
    cells = "; ".join(tr("run {run}, row {row}: {colour}", lang, run=column, row=row,
                         colour=_COLOURS[colour].render(resolve_language(lang)))
                      for (column, row), colour in derived_colours(big_road, offset))
    return tr("{road}: {cells}.", lang, road=road_title(name, lang), cells=cells)


def next_coup_chart(path: Sequence[RemovalStep], full: Mapping[str, Fraction],
                    lang: str | None = None) -> str:
    """Banco's and Punto's exact odds of winning the next coup along a shoe, as an SVG chart,
    beside a full shoe's."""
    from bacara_teach.figures import line_chart_svg

    lang = resolve_language(lang)
    return line_chart_svg(
        [step.index + 1 for step in path],
        {term("banco", lang): [float(s.odds["banco"]) for s in path],
         term("punto", lang): [float(s.odds["punto"]) for s in path]},
        references={term("banco", lang): float(full["banco"]),
                    term("punto", lang): float(full["punto"])},
        title=tr("The next coup's exact odds on the cards left, coup by coup", lang),
        desc=tr("Banco's and Punto's chance of winning the next coup, computed on the cards "
                "left before each coup of the shoe; the dashed lines are a full shoe's.", lang),
        x_label=tr("coup", lang), y_label=tr("probability", lang),
        value_format=lambda v: format_number(v, ".1%", lang), lang=lang,
    )


def _table(css_class: str, head: Sequence[str], body: str) -> str:
    return (f"<table class='bt-table {css_class}'><thead><tr>"
            + "".join(f"<th>{escape(h)}</th>" for h in head)
            + f"</tr></thead><tbody>{body}</tbody></table>")


def streaks_html(streaks: Sequence[StreakRow], lang: str | None = None) -> str:
    """How the coup after each big-road run went, with its 95% interval."""
    rows = []
    for row in streaks:
        low, high = row.next["banco"].interval()
        cells = (term(row.side, lang), f"{row.length}{'+' if row.length == 6 else ''}",
                 row.trials, percent(row.next["banco"].value, lang=lang),
                 interval_text(low, high, lang), percent(row.next["punto"].value, lang=lang))
        rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    head = (tr("Run of", lang), tr("Length", lang), tr("Coups after it", lang),
            tr("Next: Banco", lang), tr("95% interval", lang), tr("Next: Punto", lang))
    return _table("bt-streaks", head, "".join(rows))


def removal_html(removal: RemovalTable, names: Sequence[str], lang: str | None = None) -> str:
    """How taking one card out of a full shoe moves each bet's edge, in points per card."""
    from bacara_teach.tables import BetKind

    header = "".join(f"<th>{BetKind.parse(name).label}</th>" for name in names)
    body = "".join(
        f"<tr><th>{row.card}</th>"
        + "".join(f"<td>{points(row.change[n], '+.4f', lang)}</td>" for n in names) + "</tr>"
        for row in removal.rows)
    return (f"<table class='bt-table bt-removal'><thead><tr><th></th>{header}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def counting_html(names: Sequence[str], steps: Sequence[RemovalStep],
                  lang: str | None = None) -> str:
    """For each bet, how often a counter who knew the exact edge had it, and its best."""
    from bacara_teach.tables import BetKind

    rows = []
    for name in names:
        edges = [step.bets[name].house_edge for step in steps]
        good = [e for e in edges if e < 0]
        rows.append(f"<tr><th>{BetKind.parse(name).label}</th><td>{len(good)} / {len(edges)}"
                    f"</td><td>{points(-min(edges), '+.2f', lang)}</td></tr>")
    head = (tr("Bet", lang), tr("Coups the player had the edge", lang),
            tr("Best edge for the player (points)", lang))
    return _table("bt-counting", head, "".join(rows))


def check_yourself(streaks: Sequence[StreakRow], full: Mapping[str, Fraction],
                   lang: str | None = None) -> SelfCheck:
    """The chapter's self-check: each question answered and explained on the page, the first
    from the streaks the engine dealt and a full shoe's exact odds.

    >>> from bacara_teach.analysis.roads import streak_study
    >>> full = {"banco": Fraction(1, 2), "punto": Fraction(2, 5)}
    >>> check = check_yourself(streak_study(shoes=3, seed=5), full, "en")
    >>> [(c.number, c.answer) for c in check.checks]
    [('1', 'No'), ('2', 'That the big road repeated its shape there'), ('3', 'Empate and the pairs')]
    """
    six = next(r for r in streaks if r.side == "banco" and r.length == 6)
    low, high = six.next["punto"].interval()
    repeated = tr("That the big road repeated its shape there", lang)
    late = tr("Empate and the pairs", lang)
    return SelfCheck(
        Check.yes_no("1", False, tr(
            "After six or more Banco wins, Punto won {share} of {trials} next coups; the 95% "
            "interval {interval} holds a full shoe's exact {exact}.", lang,
            share=percent(six.next["punto"].value, lang=lang), trials=six.trials,
            interval=interval_text(low, high, lang), exact=percent(full["punto"], lang=lang)),
            prompt=tr("After six Banco wins, is Punto more likely to win?", lang), lang=lang),
        Check("2", repeated, tr("A derived road only compares the big road with itself; it says "
                                "nothing about the next coup.", lang),
              choices=(tr("That Banco is due to win", lang), repeated,
                       tr("That the shoe now favours Banco", lang)),
              prompt=tr("What does a red cell on the big eye boy mean?", lang)),
        Check("3", late, tr("Late in a shoe, Empate and the pairs depend most on which cards are "
                            "left; Punto and Banco hardly move.", lang),
              choices=(tr("Punto and Banco", lang), late, tr("None of them", lang)),
              prompt=tr("Which bets can a card counter ever hope to turn?", lang)),
        lang=lang,
    )


