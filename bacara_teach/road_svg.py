"""The roads drawn as inline SVG, each with a text alternative.

Every road is an ``<svg role="img">`` with a ``<title>`` (the road's name), a
``<desc>`` (how many cells, the longest run) and, on every cell, its own
``<title>`` naming the coup it stands for.  Colour is never the only cue:
bead plate and big road cells carry their letter (P, B, E), pairs are dots in
fixed corners (Banco's top left, Punto's bottom right), derived roads draw red
cells with a solid ring, dot or bar and blue ones dashed or hollow.  The grid
sits on a white panel so the colours keep their contrast on a dark page.

>>> from bacara_teach.roads import Roads
>>> html = roads_html(Roads.from_results("BBPEp"), lang="en")
>>> html.count("<svg"), "<title>Coup 4: Empate, Punto pair</title>" in html
(5, True)
>>> "<title>Coup 3: Punto, run 2, win 1 of it, 1 Empate marked on it</title>" in html
True
"""

from __future__ import annotations

from html import escape

from bacara_teach.i18n import resolve_language, term
from bacara_teach.punto_banco import Outcome
from bacara_teach.roads import ROWS, BeadCell, BigRoadCell, DerivedCell, Road, Roads, road_title
from bacara_teach.text import ntr, tr

__all__ = ["BLUE", "RED", "road_svg", "roads_html"]

RED = "#c0392b"
"""Banco, and a derived road's red."""
BLUE = "#1f6fb5"
"""Punto, and a derived road's blue."""
GREEN = "#2e7d32"
"""Empate."""

CELL = 22
_COLOUR = {Outcome.BANCO: RED, Outcome.PUNTO: BLUE, Outcome.EMPATE: GREEN}


def _winner(outcome: Outcome, lang: str) -> str:
    return term(outcome.value, lang)


def _pairs(punto: bool, banco: bool, lang: str) -> str:
    if banco and punto:
        return tr(", {first} and {second}", lang, first=tr("Banco pair", lang),
                  second=tr("Punto pair", lang))
    if banco:
        return tr(", {pair}", lang, pair=tr("Banco pair", lang))
    if punto:
        return tr(", {pair}", lang, pair=tr("Punto pair", lang))
    return ""


def _pair_dots(cx: float, cy: float, punto: bool, banco: bool) -> str:
    out = ""
    r = CELL / 2 - 3
    if banco:
        out += f"<circle cx='{cx - r * 0.7:.1f}' cy='{cy - r * 0.7:.1f}' r='2.6' fill='{RED}' stroke='#fff'/>"
    if punto:
        out += f"<circle cx='{cx + r * 0.7:.1f}' cy='{cy + r * 0.7:.1f}' r='2.6' fill='{BLUE}' stroke='#fff'/>"
    return out


def _cell_svg(cell: BeadCell | BigRoadCell | DerivedCell, name: str, lang: str) -> str:
    cx, cy = cell.x * CELL + CELL / 2, cell.y * CELL + CELL / 2
    r = CELL / 2 - 3
    if isinstance(cell, BeadCell):
        coup = cell.coup
        colour = _COLOUR[coup.winner]
        title = tr("Coup {number}: {winner}", lang, number=cell.index + 1,
                   winner=_winner(coup.winner, lang))
        title += _pairs(coup.punto_pair, coup.banco_pair, lang)
        body = (f"<circle cx='{cx}' cy='{cy}' r='{r}' fill='{colour}'/>"
                f"<text x='{cx}' y='{cy + 4}' text-anchor='middle' fill='#fff' font-weight='bold'>"
                f"{cell.letter}</text>" + _pair_dots(cx, cy, coup.punto_pair, coup.banco_pair))
    elif isinstance(cell, BigRoadCell):
        colour = _COLOUR[cell.winner]
        first = cell.coups[0] + 1
        title = tr("Coup {number}: {winner}", lang, number=first,
                   winner=_winner(cell.winner, lang))
        title += tr(", run {run}, win {win} of it", lang, run=cell.column + 1, win=cell.row + 1)
        title += _pairs(cell.punto_pair, cell.banco_pair, lang)
        if cell.ties:
            title += ntr(", {count} Empate marked on it", ", {count} Empates marked on it",
                         cell.ties, lang)
        body = (f"<circle cx='{cx}' cy='{cy}' r='{r}' fill='none' stroke='{colour}' stroke-width='3'/>"
                f"<text x='{cx}' y='{cy + 4}' text-anchor='middle' fill='{colour}' font-size='10'>"
                f"{cell.letter}</text>" + _pair_dots(cx, cy, cell.punto_pair, cell.banco_pair))
        if cell.ties:
            body += (f"<line x1='{cx - r}' y1='{cy + r}' x2='{cx + r}' y2='{cy - r}' stroke='{GREEN}' "
                     f"stroke-width='2.5'/>")
            if cell.ties > 1:
                body += (f"<text x='{cx + r}' y='{cy - r + 3}' font-size='9' fill='{GREEN}' "
                         f"font-weight='bold'>{cell.ties}</text>")
    else:
        red = cell.colour == "red"
        colour = RED if red else BLUE
        col, row = cell.source
        title = (tr("Red (the big road repeats), for big road run {run}, win {win}", lang,
                    run=col + 1, win=row + 1) if red
                 else tr("Blue (the big road breaks), for big road run {run}, win {win}", lang,
                         run=col + 1, win=row + 1))
        dash = "" if red else " stroke-dasharray='3 2'"
        if name == "big_eye_boy":
            body = f"<circle cx='{cx}' cy='{cy}' r='{r - 1}' fill='none' stroke='{colour}' stroke-width='2.5'{dash}/>"
        elif name == "small_road":
            inner = colour if red else "#fff"
            body = f"<circle cx='{cx}' cy='{cy}' r='{r - 2}' fill='{inner}' stroke='{colour}' stroke-width='2'/>"
        else:
            body = (f"<line x1='{cx - r + 1}' y1='{cy + r - 1}' x2='{cx + r - 1}' y2='{cy - r + 1}' "
                    f"stroke='{colour}' stroke-width='3'{dash}/>")
    return f"<g class='bt-road-cell'><title>{escape(title)}</title>{body}</g>"


def _describe(road: Road, lang: str) -> str:
    if not road.cells:
        if road.name in ("bead_plate", "big_road"):
            return tr("No coup yet.", lang)
        return tr("Not started: the big road has too few runs to compare yet.", lang)
    n = len(road.cells)
    if road.name == "bead_plate":
        return tr("{count} coups, one per cell, down each column then to the next.", lang,
                  count=n)
    lengths = road.column_lengths()
    longest = max(lengths)
    if road.name == "big_road":
        return tr("{count} wins in {runs} runs; the longest run has {longest}.", lang, count=n,
                  runs=len(lengths), longest=longest)
    reds = sum(1 for c in road.cells if isinstance(c, DerivedCell) and c.colour == "red")
    return tr("{count} cells: {red} red, {blue} blue, in {runs} runs.", lang, count=n, red=reds,
              blue=n - reds, runs=len(lengths))


def road_svg(road: Road, *, lang: str | None = None, min_columns: int = 12) -> str:
    """One road as an accessible SVG grid, ``min_columns`` wide at least, its words in ``lang``
    (``"en"``, ``"es"``; ``None``: the default language).

    >>> from bacara_teach.roads import Roads
    >>> svg = road_svg(Roads.from_results("BPPp").big_road, lang="en")
    >>> svg.count("class='bt-road-cell'"), "Punto pair" in svg
    (3, True)
    """
    lang = resolve_language(lang)
    columns = max(min_columns, road.width + 1)
    width, height = columns * CELL, ROWS * CELL
    grid = "".join(
        f"<line x1='{x * CELL}' y1='0' x2='{x * CELL}' y2='{height}'/>" for x in range(columns + 1)
    ) + "".join(f"<line x1='0' y1='{y * CELL}' x2='{width}' y2='{y * CELL}'/>" for y in range(ROWS + 1))
    cells = "".join(_cell_svg(cell, road.name, lang) for cell in road.cells)
    title = road_title(road.name, lang)
    return (
        f"<svg class='bt-road' data-road='{road.name}' role='img' viewBox='-1 -1 {width + 2} {height + 2}' "
        f"width='{width + 2}' height='{height + 2}' style='max-width:100%;height:auto;font-size:12px'>"
        f"<title>{escape(title)}</title><desc>{escape(_describe(road, lang))}</desc>"
        f"<rect x='0' y='0' width='{width}' height='{height}' fill='#fff'/>"
        f"<g stroke='#c8c8c8' stroke-width='1'>{grid}</g>{cells}</svg>"
    )


def roads_html(roads: Roads, *, lang: str | None = None, min_columns: int = 12) -> str:
    """The five roads, each under its name, in one figure (``lang=None``: the default language)."""
    lang = resolve_language(lang)
    parts = []
    for road in roads.roads():
        parts.append(f"<div class='bt-road-panel'><div class='bt-road-name'>{escape(road_title(road.name, lang))}"
                     f"</div>{road_svg(road, lang=lang, min_columns=min_columns)}</div>")
    label = tr("Roads of {count} coups", lang, count=len(roads.coups))
    return f"<figure class='bt-roads' role='group' aria-label='{escape(label, quote=True)}'>{''.join(parts)}</figure>"
