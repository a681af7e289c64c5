"""The scoreboards ("roads") of a baccarat shoe: bead plate, big road and its three derived roads.

Casino tables show, coup by coup, the results of the shoe in play.  The five
roads are all functions of the sequence of results, drawn on a grid six rows
high:

* **Bead plate**: one cell per coup, ties included, filled down each column
  and then to the next column.  Each cell shows the winner (P, B, E) and a dot
  for each pair.
* **Big road**: one cell per Punto or Banco win.  A column holds a run of
  wins by the same side; a new column starts when the winner changes.  An
  Empate adds no cell: it is marked on the last cell (a slash with a count;
  ties before the first win are marked on the first cell).  A run longer than
  the six rows, or one that meets a cell already drawn, turns right along its
  last free row (the "dragon tail"); the derived roads read the run's true
  length, not where it was drawn.
* **Big eye boy, small road, cockroach pig** (offsets 1, 2 and 3): one cell
  per big road cell, from the first that has a column ``k`` back to compare
  with.  A cell is *red* when the big road repeats the shape of that column,
  *blue* when it breaks it:

  - a cell that starts a column (row 1): red when the two columns before it
    are of equal length (comparing the column just ended with the one ``k``
    before it), blue otherwise;
  - a cell further down (row ``r`` > 1): look at the column ``k`` back.  Red
    if it has a cell in row ``r``; blue if it stops exactly at row ``r - 1``;
    red if it stopped earlier.

  A derived road starts with the big road cell in row 2 of column ``k + 1``,
  or, if that column has a single cell, the first cell of column ``k + 2``.
  Its cells are then laid out like the big road, red and blue in place of
  Banco and Punto.

Red and blue describe the past.  Whether they tell anything about the next
coup is what the roads chapter measures: given the cards dealt, the next coup's
odds are those of the cards left, whatever the roads look like.

Results are written one letter per coup: ``P`` (Punto), ``B`` (Banco), ``E``
(Empate; ``T`` is read too), each optionally followed by ``p`` and/or ``b`` for
a Punto or Banco pair:

>>> roads = Roads.from_results("B B E P Pp B B B P")
>>> print(roads.big_road.text())
B P B P
B P B .
. . B .
>>> [cell.ties for cell in roads.big_road.cells]
[0, 1, 0, 0, 0, 0, 0, 0]
>>> print(roads.big_eye_boy.text())
R B
R B
R .
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.i18n import resolve_language
from bacara_teach.punto_banco import Coup, Outcome
from bacara_teach.text import N_, message, ptr, tr

__all__ = [
    "DERIVED_OFFSETS",
    "ROWS",
    "BeadCell",
    "BigRoadCell",
    "DerivedCell",
    "Road",
    "RoadCoup",
    "Roads",
    "derived_colours",
    "parse_results",
    "road_title",
]

ROWS = 6
"""Rows of every road's grid."""

DERIVED_OFFSETS: dict[str, int] = {"big_eye_boy": 1, "small_road": 2, "cockroach_pig": 3}
"""How many columns back each derived road compares with."""

Colour = Literal["red", "blue"]

_LETTER = {Outcome.PUNTO: "P", Outcome.BANCO: "B", Outcome.EMPATE: "E"}
_READ = {"P": Outcome.PUNTO, "B": Outcome.BANCO, "E": Outcome.EMPATE, "T": Outcome.EMPATE}


@dataclass(frozen=True, slots=True)
class RoadCoup:
    """What the roads keep of a coup: the winner and the two pairs."""

    winner: Outcome
    punto_pair: bool = False
    banco_pair: bool = False

    @classmethod
    def of(cls, coup: Coup) -> RoadCoup:
        """The road entry of a dealt coup.

        >>> RoadCoup.of(Coup.from_cards("4♥ 4♠ 9♣ A♦ 8♦"))
        RoadCoup(winner=<Outcome.BANCO: 'banco'>, punto_pair=False, banco_pair=False)
        """
        return cls(coup.winner, coup.punto_pair, coup.banco_pair)

    @property
    def notation(self) -> str:
        """The coup in road notation: ``"B"``, ``"Pb"``, ``"Epb"``..."""
        return _LETTER[self.winner] + ("p" if self.punto_pair else "") + ("b" if self.banco_pair else "")


def parse_results(text: str | Iterable[str | Outcome | RoadCoup | Coup]) -> tuple[RoadCoup, ...]:
    """Read a sequence of results: letters ``P``, ``B``, ``E`` (or ``T``), each with optional
    pair marks ``p`` and ``b``; spaces and commas are ignored.  Outcomes, road entries and
    coups are taken as they are.

    >>> [c.notation for c in parse_results("BPE Pp, Bpb")]
    ['B', 'P', 'E', 'Pp', 'Bpb']
    >>> parse_results("B X")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: unreadable result 'X' at position 3 of 'B X': expected P (Punto), B (Banco) or E (Empate), each optionally followed by p and/or b for the pairs
    """
    if not isinstance(text, str):
        out = []
        for item in text:
            if isinstance(item, RoadCoup):
                out.append(item)
            elif isinstance(item, Coup):
                out.append(RoadCoup.of(item))
            elif isinstance(item, Outcome):
                out.append(RoadCoup(item))
            else:
                out.extend(parse_results(str(item)))
        return tuple(out)
    coups: list[RoadCoup] = []
    expected = message("expected P (Punto), B (Banco) or E (Empate), each optionally followed by "
                       "p and/or b for the pairs")
    for position, char in enumerate(text, start=1):
        if char in " ,\t\n":
            continue
        if char in _READ:
            coups.append(RoadCoup(_READ[char]))
        elif char in "pb" and coups:
            last = coups[-1]
            field = "punto_pair" if char == "p" else "banco_pair"
            if getattr(last, field):
                raise NotationError(message("pair mark {mark!r} repeated at position {position} of "
                                            "{text!r}: {expected}", mark=char, position=position,
                                            text=text, expected=expected))
            coups[-1] = RoadCoup(last.winner, last.punto_pair or char == "p", last.banco_pair or char == "b")
        else:
            raise NotationError(message("unreadable result {mark!r} at position {position} of "
                                        "{text!r}: {expected}", mark=char, position=position,
                                        text=text, expected=expected))
    return tuple(coups)


@dataclass(frozen=True, slots=True)
class BeadCell:
    """One coup on the bead plate: coup ``index`` (0 first) drawn at column ``x``, row ``y``."""

    index: int
    x: int
    y: int
    coup: RoadCoup

    @property
    def letter(self) -> str:
        return _LETTER[self.coup.winner]


@dataclass(frozen=True, slots=True)
class BigRoadCell:
    """One Punto or Banco win on the big road.

    ``column`` and ``row`` place it in its run (the run's true shape, 0 first);
    ``x`` and ``y`` are where it is drawn (they differ on a dragon tail).  ``ties``
    counts the Empates marked on it; ``coups`` lists the coup indices it stands for
    (the win first, then its ties).
    """

    column: int
    row: int
    x: int
    y: int
    winner: Outcome
    ties: int
    punto_pair: bool
    banco_pair: bool
    coups: tuple[int, ...]

    @property
    def letter(self) -> str:
        return _LETTER[self.winner]


@dataclass(frozen=True, slots=True)
class DerivedCell:
    """One cell of a derived road: ``colour`` red or blue, for the big road cell at
    ``source`` (its column and row), drawn at ``x``, ``y`` in its own run ``column``, ``row``."""

    column: int
    row: int
    x: int
    y: int
    colour: Colour
    source: tuple[int, int]

    @property
    def letter(self) -> str:
        return "R" if self.colour == "red" else "B"


Cell = BeadCell | BigRoadCell | DerivedCell


@dataclass(frozen=True, slots=True)
class Road:
    """One road: its ``name`` (``bead_plate``, ``big_road``, ``big_eye_boy``, ``small_road``,
    ``cockroach_pig``) and its cells in the order they were written."""

    name: str
    cells: tuple[Cell, ...]

    @property
    def width(self) -> int:
        """Grid columns used (0 for an empty road)."""
        return 1 + max((c.x for c in self.cells), default=-1)

    def grid(self) -> list[list[Cell | None]]:
        """The drawn grid, ``grid[y][x]``, ``None`` where nothing is drawn."""
        grid: list[list[Cell | None]] = [[None] * self.width for _ in range(ROWS)]
        for cell in self.cells:
            grid[cell.y][cell.x] = cell
        return grid

    def text(self, lang: str | None = None) -> str:
        """The grid as text, one line per used row, ``.`` for an empty cell (a text alternative
        for the picture, and how the tests write the hand-checked boards).

        The letters are P, B and E (with p and b for the pairs) and, on the derived roads, R and
        B for red and blue; in ``lang`` a colour takes its own initial (Spanish R and A):

        >>> road = Roads.from_results("PPBBBEPBPPBBPB").big_eye_boy
        >>> print(road.text())
        R B R B R B
        . B . B R .
        . B . . . .
        >>> print(road.text("es"))
        R A R A R A
        . A . A R .
        . A . . . .
        """
        def letter(cell: Cell) -> str:
            if isinstance(cell, DerivedCell) and lang is not None:
                return _COLOUR_LETTER[cell.colour](lang)
            return cell.letter

        lines = [" ".join(letter(c) if c is not None else "." for c in row) for row in self.grid()]
        while lines and set(lines[-1]) <= {".", " "}:
            lines.pop()
        return "\n".join(lines)

    def column_lengths(self) -> list[int]:
        """True length of each run (for the big and derived roads)."""
        lengths: list[int] = []
        for cell in self.cells:
            if isinstance(cell, BeadCell):
                raise ValueError("the bead plate has no runs")
            if cell.column == len(lengths):
                lengths.append(0)
            lengths[cell.column] += 1
        return lengths


def _lay_out(keys: Sequence[str]) -> list[tuple[int, int, int, int]]:
    """(column, row, x, y) for each entry of a run-based road: a new column when the key
    changes; a run turns right on meeting the bottom or a drawn cell, and stays turned."""
    taken: set[tuple[int, int]] = set()
    out: list[tuple[int, int, int, int]] = []
    column = row = -1
    start_x = -1
    x = y = 0
    turned = False
    previous: str | None = None
    for key in keys:
        if key != previous:
            column += 1
            row = 0
            start_x += 1
            while (start_x, 0) in taken:
                start_x += 1
            x, y, turned = start_x, 0, False
        else:
            row += 1
            if not turned and y + 1 < ROWS and (x, y + 1) not in taken:
                y += 1
            else:
                turned = True
                x += 1
        taken.add((x, y))
        out.append((column, row, x, y))
        previous = key
    return out


def _bead_plate(coups: Sequence[RoadCoup]) -> Road:
    return Road("bead_plate", tuple(BeadCell(i, i // ROWS, i % ROWS, c) for i, c in enumerate(coups)))


def _big_road(coups: Sequence[RoadCoup]) -> Road:
    wins: list[list[int]] = []  # coup indices per cell: the win, then its ties
    leading: list[int] = []
    for index, coup in enumerate(coups):
        if coup.winner is Outcome.EMPATE:
            (wins[-1] if wins else leading).append(index)
        else:
            wins.append([index])
            if leading:
                wins[-1].extend(leading)
                leading = []
    places = _lay_out([_LETTER[coups[w[0]].winner] for w in wins])
    cells = []
    for members, (column, row, x, y) in zip(wins, places, strict=True):
        first = coups[members[0]]
        cells.append(BigRoadCell(
            column=column, row=row, x=x, y=y, winner=first.winner, ties=len(members) - 1,
            punto_pair=first.punto_pair, banco_pair=first.banco_pair,
            coups=(members[0], *sorted(members[1:])),
        ))
    return Road("big_road", tuple(cells))


def derived_colours(big_road: Road, offset: int) -> list[tuple[tuple[int, int], Colour]]:
    """The colour of each big road cell on the derived road ``offset`` columns back
    (1 big eye boy, 2 small road, 3 cockroach pig), as ``((column, row), colour)``.

    >>> big = Roads.from_results("BBPBBB").big_road
    >>> derived_colours(big, 1)
    [((2, 0), 'blue'), ((2, 1), 'blue'), ((2, 2), 'red')]
    """
    if offset < 1:
        raise IllegalAction(message("invalid offset {offset!r}: expected 1 or more", offset=offset))
    lengths: list[int] = []
    out: list[tuple[tuple[int, int], Colour]] = []
    for cell in big_road.cells:
        if not isinstance(cell, BigRoadCell):
            raise IllegalAction(message("road {name!r} is not a big road", name=big_road.name))
        c, r = cell.column, cell.row
        if r == 0:
            lengths.append(1)
        else:
            lengths[c] += 1
        if c < offset or (c == offset and r == 0):
            continue
        if r == 0:
            colour: Colour = "red" if lengths[c - 1] == lengths[c - 1 - offset] else "blue"
        else:
            back = lengths[c - offset]
            colour = "blue" if back == r else "red"
        out.append(((c, r), colour))
    return out


def _derived(big_road: Road, name: str) -> Road:
    entries = derived_colours(big_road, DERIVED_OFFSETS[name])
    places = _lay_out([colour for _, colour in entries])
    return Road(name, tuple(
        DerivedCell(column, row, x, y, colour, source)
        for (source, colour), (column, row, x, y) in zip(entries, places, strict=True)
    ))


_NAMES = {
    "bead_plate": N_("Bead plate"),
    "big_road": N_("Big road"),
    "big_eye_boy": N_("Big eye boy"),
    "small_road": N_("Small road"),
    "cockroach_pig": N_("Cockroach pig"),
}
"""The roads' names, as a reader sees them above each road."""

_COLOUR_LETTER = {
    "red": lambda lang: ptr("road colour letter", "R", lang),
    "blue": lambda lang: ptr("road colour letter", "B", lang),
}
"""The letter of a red or a blue cell of a derived road, in a language."""


def road_title(name: str, lang: str | None = None) -> str:
    """The road's name in ``lang``.

    >>> road_title("big_eye_boy", "es")
    'Ojo grande'
    """
    return tr(_NAMES[name], lang)


@dataclass(frozen=True, slots=True)
class Roads:
    """The five roads of one sequence of coups.

    >>> roads = Roads.from_results("PPBBBEPB")
    >>> roads.big_road.column_lengths(), roads.cockroach_pig.cells
    ([2, 3, 1, 1], ())
    """

    coups: tuple[RoadCoup, ...]
    bead_plate: Road
    big_road: Road
    big_eye_boy: Road
    small_road: Road
    cockroach_pig: Road

    @classmethod
    def from_results(cls, results: str | Iterable[str | Outcome | RoadCoup | Coup]) -> Roads:
        """The roads of ``results`` (see :func:`parse_results`)."""
        coups = parse_results(results)
        big = _big_road(coups)
        return cls(coups, _bead_plate(coups), big, _derived(big, "big_eye_boy"),
                   _derived(big, "small_road"), _derived(big, "cockroach_pig"))

    @classmethod
    def from_coups(cls, coups: Iterable[Coup]) -> Roads:
        """The roads of dealt coups."""
        return cls.from_results([RoadCoup.of(c) for c in coups])

    def roads(self) -> tuple[Road, ...]:
        """The five roads, bead plate first."""
        return (self.bead_plate, self.big_road, self.big_eye_boy, self.small_road, self.cockroach_pig)

    def add(self, coup: Coup | RoadCoup | str) -> Roads:
        """The roads with one more coup (a new value; this one is unchanged)."""
        return Roads.from_results([*self.coups, *parse_results([coup])])

    def text(self, lang: str | None = None) -> str:
        """Every road as a text grid under its name."""
        parts = []
        for road in self.roads():
            parts.append(f"{road_title(road.name, lang)}:\n{road.text(resolve_language(lang)) or '-'}")
        return "\n\n".join(parts)

    def svg(self, lang: str | None = None, *, min_columns: int = 12) -> str:
        """The five roads drawn as one accessible SVG picture per road, in a figure."""
        from bacara_teach.road_svg import roads_html

        return roads_html(self, lang=resolve_language(lang), min_columns=min_columns)

    def _repr_html_(self) -> str:
        return self.svg()
