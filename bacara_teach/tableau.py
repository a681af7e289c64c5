"""The third-card rules (the tableau), written once, as data.

Each game's tableau is a :class:`Tableau`: a table of decisions that the
coup engine, the docs, the widgets, the exercises and the grader all read.
Rows are two-card totals 0-7 (8 and 9 are naturals: nobody draws).  The
banker's table has one column per point value of the player's third card
(0-9; 10/J/Q/K count 0) plus the column "player stood".

A cell is ``D`` (must draw), ``S`` (must stand) or ``F`` (free: the player
chooses; only Chemin de Fer has such cells).

>>> PUNTO_BANCO.banker_decision(3, 8)
<Decision.STAND: 'stand'>
>>> PUNTO_BANCO.banker_decision(3, 7)
<Decision.DRAW: 'draw'>
>>> CHEMIN_DE_FER.banker_decision(3, 9)
<Decision.CHOICE: 'choice'>
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.i18n import resolve_language
from bacara_teach.text import N_, message, tr

__all__ = [
    "CHEMIN_DE_FER",
    "CHEMIN_DE_FER_SINGLE_BETTOR",
    "PUNTO_BANCO",
    "TABLEAUX",
    "Cell",
    "Decision",
    "MarkedTableau",
    "Tableau",
    "banco_draws",
    "get_tableau",
    "is_natural",
    "punto_draws",
]

NATURALS = (8, 9)
PLAYER_STOOD = None
"""The banker table's column key when the player did not draw."""


class Decision(enum.Enum):
    """What a cell of the tableau says."""

    DRAW = "draw"
    STAND = "stand"
    CHOICE = "choice"

    @classmethod
    def from_letter(cls, letter: str) -> Decision:
        try:
            return {"D": cls.DRAW, "S": cls.STAND, "F": cls.CHOICE}[letter]
        except KeyError:
            raise NotationError(message("invalid tableau cell {letter!r}: expected D, S or F",
                                        letter=letter)) from None

    @property
    def letter(self) -> str:
        return {"draw": "D", "stand": "S", "choice": "F"}[self.value]


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of a tableau, as recorded in a coup's steps.

    ``hand`` is ``"player"`` or ``"banker"``; ``total`` the hand's two-card
    total (the row); ``third`` the point value of the player's third card
    (the banker's column) or ``None`` when the player stood, and always
    ``None`` for the player's own rule.
    """

    hand: str
    total: int
    third: int | None
    decision: Decision

    def to_dict(self) -> dict[str, object]:
        return {"hand": self.hand, "total": self.total, "third": self.third,
                "decision": self.decision.value}


@dataclass(frozen=True, slots=True)
class MarkedTableau:
    """A tableau with one banker cell marked, for display: :meth:`Tableau.marked`."""

    tableau: Tableau
    cell: Cell

    def _repr_html_(self) -> str:
        from bacara_teach.charts import tableau_html

        return tableau_html(self.tableau, highlight=(self.cell.total, self.cell.third))


def is_natural(total: int) -> bool:
    """A two-card 8 or 9 is a natural.

    >>> is_natural(8), is_natural(9), is_natural(7)
    (True, True, False)
    """
    return total in NATURALS


def _check_total(total: object, what: str) -> int:
    if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= 9:
        if what == "player total":
            raise IllegalAction(message("invalid player total {total!r}: expected a whole number "
                                        "from 0 to 9", total=total))
        raise IllegalAction(message("invalid banker total {total!r}: expected a whole number "
                                    "from 0 to 9", total=total))
    if total in NATURALS:
        if what == "player total":
            raise IllegalAction(message("no third-card rule for a player total of {total}: 8 and "
                                        "9 are naturals and nobody draws", total=total))
        raise IllegalAction(message("no third-card rule for a banker total of {total}: 8 and 9 "
                                    "are naturals and nobody draws", total=total))
    return total


def _check_third(third: object) -> int | None:
    if third is None:
        return None
    if isinstance(third, bool) or not isinstance(third, int) or not 0 <= third <= 9:
        raise IllegalAction(message("invalid third-card value {third!r}: expected 0-9 (10/J/Q/K "
                                    "count 0) or None when the player stood", third=third))
    return third


def _row(letters: str, width: int) -> tuple[Decision, ...]:
    if len(letters) != width:
        raise NotationError(message("tableau row {letters!r} must have {width} cells",
                                    letters=letters, width=width))
    return tuple(Decision.from_letter(ch) for ch in letters)


@dataclass(frozen=True)
class Tableau:
    """A game's third-card rules.

    ``player[t]`` is the decision of a player with two-card total ``t``
    (0-7). ``banker_after_stand[t]`` is the banker's decision when the player
    stood; ``banker[t][v]`` when the player drew a third card of value ``v``.
    """

    name: str
    title: str
    player: tuple[Decision, ...]
    banker_after_stand: tuple[Decision, ...]
    banker: tuple[tuple[Decision, ...], ...]

    @classmethod
    def from_letters(
        cls,
        *,
        name: str,
        title: str,
        player: str,
        banker_after_stand: str,
        banker: Mapping[int, str],
    ) -> Tableau:
        """Build a tableau from rows of ``D``/``S``/``F`` letters."""
        if sorted(banker) != list(range(8)):
            raise ValueError("the banker table needs one row for each total 0-7")
        return cls(
            name=name,
            title=title,
            player=_row(player, 8),
            banker_after_stand=_row(banker_after_stand, 8),
            banker=tuple(_row(banker[t], 10) for t in range(8)),
        )

    # -- lookups --------------------------------------------------------------------------
    def player_decision(self, total: int) -> Decision:
        """The player's decision on a two-card ``total`` (0-7).

        >>> PUNTO_BANCO.player_decision(5), PUNTO_BANCO.player_decision(6)
        (<Decision.DRAW: 'draw'>, <Decision.STAND: 'stand'>)
        >>> PUNTO_BANCO.player_decision(8)
        Traceback (most recent call last):
        ...
        bacara_teach.errors.IllegalAction: no third-card rule for a player total of 8: 8 and 9 are naturals and nobody draws
        """
        return self.player[_check_total(total, "player total")]

    def banker_decision(self, total: int, third: int | None) -> Decision:
        """The banker's decision on ``total`` (0-7) against the player's third card.

        ``third`` is that card's point value (0-9) or ``None`` if the player stood.

        >>> PUNTO_BANCO.banker_decision(3, 8), PUNTO_BANCO.banker_decision(3, 9)
        (<Decision.STAND: 'stand'>, <Decision.DRAW: 'draw'>)
        >>> PUNTO_BANCO.banker_decision(5, None)
        <Decision.DRAW: 'draw'>
        >>> get_tableau("chemin-de-fer").banker_decision(5, 4)
        <Decision.CHOICE: 'choice'>
        """
        total = _check_total(total, "banker total")
        third = _check_third(third)
        if third is None:
            return self.banker_after_stand[total]
        return self.banker[total][third]

    def player_cell(self, total: int) -> Cell:
        """The player's cell on ``total``, as a coup records it.

        >>> PUNTO_BANCO.player_cell(5)
        Cell(hand='player', total=5, third=None, decision=<Decision.DRAW: 'draw'>)
        """
        return Cell("player", total, None, self.player_decision(total))

    def banker_cell(self, total: int, third: int | None) -> Cell:
        """The banker's cell on ``total`` against ``third`` (``None``: the player stood).

        >>> PUNTO_BANCO.banker_cell(6, 7).decision
        <Decision.DRAW: 'draw'>
        """
        return Cell("banker", total, third, self.banker_decision(total, third))

    def cells(self) -> Iterator[Cell]:
        """Every cell: the player's rule, then the banker's rows with the
        "player stood" column first."""
        for total in range(8):
            yield self.player_cell(total)
        for total in range(8):
            yield self.banker_cell(total, None)
            for third in range(10):
                yield self.banker_cell(total, third)

    def free_cells(self) -> tuple[Cell, ...]:
        """The cells where the rules leave the choice to the player."""
        return self._free_cells

    @cached_property
    def _free_cells(self) -> tuple[Cell, ...]:
        return tuple(cell for cell in self.cells() if cell.decision is Decision.CHOICE)

    def banker_draws_against(self, total: int) -> tuple[int, ...]:
        """Third-card values against which the banker on ``total`` must draw.

        >>> PUNTO_BANCO.banker_draws_against(4)
        (2, 3, 4, 5, 6, 7)
        """
        row = self.banker[_check_total(total, "banker total")]
        return tuple(v for v, d in enumerate(row) if d is Decision.DRAW)

    def __repr__(self) -> str:
        """A registered tableau pastes back as ``get_tableau(name)``; any other lists its fields.

        >>> PUNTO_BANCO
        get_tableau('punto-banco')
        """
        if TABLEAUX.get(self.name) is self:
            return f"get_tableau({self.name!r})"
        fields = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({fields})"

    def title_text(self, lang: str | None = None) -> str:
        """The title shown to readers, in ``lang`` (``None``: the default language).

        :attr:`title` is the data (English); the titles the project gives its tableaux are
        messages of the catalogues (a tableau whose choices were fixed keeps its base title's,
        with the suffix translated).  Any other title is kept as it is in every language.

        >>> PUNTO_BANCO.title_text("es"), CHEMIN_DE_FER_SINGLE_BETTOR.title_text("es")
        ('Punto Banco (reglas fijas)', 'Chemin de Fer, un solo apostador')
        >>> PUNTO_BANCO.title_text("en")
        'Punto Banco (fixed rules)'
        """
        lang = resolve_language(lang)
        if self.title.endswith(_FIXED_SUFFIX):
            base = self.title[: -len(_FIXED_SUFFIX)]
            return tr("{title}, choices fixed", lang, title=tr(base, lang) if base in _TITLES
                      else base)
        return tr(self.title, lang) if self.title in _TITLES else self.title

    def _repr_html_(self) -> str:
        """A notebook shows a tableau as its banker table (:func:`~bacara_teach.charts.tableau_html`)."""
        from bacara_teach.charts import tableau_html

        return tableau_html(self)

    def marked(self, cell: Cell) -> MarkedTableau:
        """The banker table with ``cell`` marked, as a notebook shows it.

        >>> html = PUNTO_BANCO.marked(PUNTO_BANCO.banker_cell(3, 8))._repr_html_()
        >>> "aria-current='true'>stand<" in html or "aria-current='true'>se planta<" in html
        True
        """
        if cell.hand != "banker":
            raise IllegalAction(message("only a banker's cell can be marked on the table; got the "
                                        "player's"))
        return MarkedTableau(self, cell)

    def to_dict(self) -> dict[str, object]:
        """Plain data (for JSON, docs tables and the browser)."""
        return {
            "name": self.name,
            "title": self.title,
            "player": [d.value for d in self.player],
            "banker_after_stand": [d.value for d in self.banker_after_stand],
            "banker": [[d.value for d in row] for row in self.banker],
        }


PUNTO_BANCO = Tableau.from_letters(
    name="punto-banco",
    title="Punto Banco (fixed rules)",
    #        total: 01234567
    player=         "DDDDDDSS",
    banker_after_stand="DDDDDDSS",
    banker={
        #     third:  0123456789
        0:           "DDDDDDDDDD",
        1:           "DDDDDDDDDD",
        2:           "DDDDDDDDDD",
        3:           "DDDDDDDDSD",
        4:           "SSDDDDDDSS",
        5:           "SSSSDDDDSS",
        6:           "SSSSSSDDSS",
        7:           "SSSSSSSSSS",
    },
)
"""Punto Banco's tableau (every Punto Banco table shares it)."""

_CDF_BANKER = {
    #     third:  0123456789
    0:           "DDDDDDDDDD",
    1:           "DDDDDDDDDD",
    2:           "DDDDDDDDDD",
    3:           "DDDDDDDDSF",
    4:           "SSDDDDDDSS",
    5:           "SSSSFDDDSS",
    6:           "SSSSSSDDSS",
    7:           "SSSSSSSSSS",
}

CHEMIN_DE_FER = Tableau.from_letters(
    name="chemin-de-fer",
    title="Chemin de Fer, several bettors",
    #        total: 01234567
    player=         "DDDDDFSS",
    banker_after_stand="DDDDDDSS",
    banker=_CDF_BANKER,
)
"""Chemin de Fer with several bettors: the bettor is free only on 5."""

CHEMIN_DE_FER_SINGLE_BETTOR = Tableau.from_letters(
    name="chemin-de-fer-single",
    title="Chemin de Fer, a single bettor",
    #        total: 01234567
    player=         "DFFFFFFF",
    banker_after_stand="DDDDDDSS",
    banker=_CDF_BANKER,
)
"""Chemin de Fer with a single bettor: must draw on 0, free on 1-7."""

TABLEAUX: Mapping[str, Tableau] = MappingProxyType(
    {t.name: t for t in (PUNTO_BANCO, CHEMIN_DE_FER, CHEMIN_DE_FER_SINGLE_BETTOR)}
)

_TITLES: tuple[str, ...] = (
    N_("Punto Banco (fixed rules)"),
    N_("Chemin de Fer, several bettors"),
    N_("Chemin de Fer, a single bettor"),
    N_("Classic model: bettor free on 5, banker free in every cell"),
)
"""The titles the project gives its tableaux, in the catalogues (see :meth:`Tableau.title_text`)."""
_FIXED_SUFFIX = ", choices fixed"
"""The suffix :func:`bacara_teach.analysis.chemin_de_fer.resolve_tableau` adds to a title."""


def get_tableau(name: str) -> Tableau:
    """Look a tableau up by name.

    >>> get_tableau("punto-banco").title
    'Punto Banco (fixed rules)'
    >>> get_tableau("macao")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: unknown tableau 'macao': expected one of punto-banco, chemin-de-fer, chemin-de-fer-single
    """
    try:
        return TABLEAUX[name]
    except KeyError:
        raise IllegalAction(message("unknown tableau {name!r}: expected one of {names}", name=name,
                                    names=", ".join(TABLEAUX))) from None


def punto_draws(total: int) -> bool:
    """Punto Banco: does Punto draw on this two-card total?  (0-5 draw, 6-7 stand.)

    >>> [punto_draws(t) for t in range(8)]
    [True, True, True, True, True, True, False, False]
    >>> punto_draws(8)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: no third-card rule for a player total of 8: 8 and 9 are naturals and nobody draws
    """
    return PUNTO_BANCO.player_decision(total) is Decision.DRAW


def banco_draws(banco_total: int, punto_third: int | None) -> bool:
    """Punto Banco: does Banco draw?

    ``banco_total`` is Banco's two-card total (0-7); ``punto_third`` the point
    value of Punto's third card, or ``None`` if Punto stood.

    >>> banco_draws(3, 8), banco_draws(3, 7), banco_draws(6, None), banco_draws(5, None)
    (False, True, False, True)
    """
    return PUNTO_BANCO.banker_decision(banco_total, punto_third) is Decision.DRAW
