"""One coup of Punto Banco: deal, naturals, the third-card rules, the outcome.

The coup follows the tableau data of :mod:`bacara_teach.tableau` and
records every step with the rule (and table cell) behind it.

The first worked example of the rules (Banco stands on 3 against an 8):

>>> coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
>>> coup.punto_total, coup.banco_total, coup.winner
(1, 3, <Outcome.BANCO: 'banco'>)
>>> print(coup.narrate("en"))
Punto is dealt 4♥. Banco is dealt 2♠. Punto is dealt 9♣. Banco is dealt A♦.
No natural: Punto has 3, Banco has 3. The third-card rules apply.
Punto has 3 and draws on 0–5: Punto draws 8♦ and now has 1.
Banco has 3 and Punto's third card, 8♦, counts 8: on 3 Banco draws against 0–7 and 9, stands against 8. Banco stands on 3.
Banco wins, 3 to 1.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bacara_teach.cards import (
    Card,
    cards_or_none,
    format_cards,
    hand_total,
    parse_cards,
    too_many_cards,
)
from bacara_teach.errors import IllegalAction, ShoeExhausted
from bacara_teach.shoe import Shoe
from bacara_teach.steps import Rule, Step
from bacara_teach.tableau import PUNTO_BANCO, Decision, Tableau, is_natural
from bacara_teach.text import Message, message

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at run time (mypy reads it the same)
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "Coup",
    "Outcome",
    "coup_outcome",
    "deal_coup",
    "outcome_from_points",
    "play_coup",
]

PUNTO = "punto"
BANCO = "banco"
TABLE = "table"


class Outcome(enum.Enum):
    """Who won the coup."""

    PUNTO = "punto"
    BANCO = "banco"
    EMPATE = "empate"

    @classmethod
    def compare(cls, punto_total: int, banco_total: int) -> Outcome:
        """Higher total wins; equal totals tie.

        >>> Outcome.compare(1, 3), Outcome.compare(9, 8), Outcome.compare(5, 5)
        (<Outcome.BANCO: 'banco'>, <Outcome.PUNTO: 'punto'>, <Outcome.EMPATE: 'empate'>)
        """
        if punto_total > banco_total:
            return cls.PUNTO
        if banco_total > punto_total:
            return cls.BANCO
        return cls.EMPATE


def _check_fixed(tableau: Tableau) -> Tableau:
    if tableau.free_cells():
        raise IllegalAction(message(
            "tableau {name!r} has free cells; a Punto Banco coup needs fixed rules (use "
            "bacara_teach.chemin_de_fer for games with decisions)", name=tableau.name))
    return tableau


@dataclass(frozen=True)
class Coup:
    """A dealt coup: the two hands and the recorded steps.

    ``repr`` pastes back as code that deals the same coup again.
    """

    punto: tuple[Card, ...]
    banco: tuple[Card, ...]
    steps: tuple[Step, ...]
    tableau: Tableau = PUNTO_BANCO

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def from_cards(cls, cards: str | Iterable[str | Card], *, tableau: Tableau = PUNTO_BANCO) -> Coup:
        """Deal exactly ``cards`` in deal order (P, B, P, B, then third cards).

        Too few cards, or cards left over, is an error naming what is wrong.

        >>> Coup.from_cards("9♠ 2♠ K♦ 3♣").winner
        <Outcome.PUNTO: 'punto'>
        >>> Coup.from_cards("4♥ 2♠ 9♣ A♦")
        Traceback (most recent call last):
        ...
        bacara_teach.errors.ShoeExhausted: not enough cards for this coup: 4 given (4♥ 2♠ 9♣ A♦), and Punto must draw a third card
        """
        return deal_coup(cards, tableau=tableau)

    # -- results ------------------------------------------------------------------------------
    @property
    def punto_total(self) -> int:
        return hand_total(self.punto)

    @property
    def banco_total(self) -> int:
        return hand_total(self.banco)

    @property
    def winner(self) -> Outcome:
        return Outcome.compare(self.punto_total, self.banco_total)

    @property
    def natural(self) -> bool:
        """True when either two-card hand was 8 or 9."""
        return is_natural(hand_total(self.punto[:2])) or is_natural(hand_total(self.banco[:2]))

    @property
    def cards(self) -> tuple[Card, ...]:
        """All cards in the order they were dealt."""
        dealt = [self.punto[0], self.banco[0], self.punto[1], self.banco[1]]
        dealt.extend(self.punto[2:])
        dealt.extend(self.banco[2:])
        return tuple(dealt)

    @property
    def punto_third(self) -> Card | None:
        return self.punto[2] if len(self.punto) == 3 else None

    @property
    def banco_third(self) -> Card | None:
        return self.banco[2] if len(self.banco) == 3 else None

    @property
    def punto_pair(self) -> bool:
        """Punto's first two cards are of the same rank (K-K yes, K-Q no)."""
        return self.punto[0].rank is self.punto[1].rank

    @property
    def banco_pair(self) -> bool:
        """Banco's first two cards are of the same rank."""
        return self.banco[0].rank is self.banco[1].rank

    # -- presentation -----------------------------------------------------------------------
    def narrate(self, lang: str | None = None) -> str:
        """The coup told step by step, in English (``en``) or Spanish (``es``).

        ``None`` (the default) is the default language: ``BACARA_LANG``, else the locale,
        else English (see :mod:`bacara_teach.i18n`).
        """
        from bacara_teach.narration import narrate_steps

        return narrate_steps(self.steps, lang=lang, tableau=self.tableau)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what ``bacara-teach deal --json`` prints)."""
        return {
            "punto": {"cards": [str(c) for c in self.punto], "total": self.punto_total},
            "banco": {"cards": [str(c) for c in self.banco], "total": self.banco_total},
            "winner": self.winner.value,
            "natural": self.natural,
            "steps": [step.to_dict() for step in self.steps],
        }

    def __repr__(self) -> str:
        extra = "" if self.tableau is PUNTO_BANCO else f", tableau=get_tableau({self.tableau.name!r})"
        return f"Coup.from_cards({format_cards(self.cards)!r}{extra})"

    def _repr_html_(self) -> str:
        from bacara_teach import display  # lazy: rich display is optional

        return display.coup_html(self)


def _cards_of(source: Shoe | str | Iterable[str | Card]) -> Shoe:
    if isinstance(source, Shoe):
        return source
    return Shoe.stacked(source)


def play_coup(shoe: Shoe, *, tableau: Tableau = PUNTO_BANCO) -> Coup:
    """Deal one coup from ``shoe`` and record its steps.

    The shoe is prepared first (reshuffled, for an ``every-coup`` shoe); if a
    card runs out mid-coup, :class:`~bacara_teach.errors.ShoeExhausted` is
    raised and the shoe is put back as it was.

    >>> play_coup(Shoe.standard(8, seed=2024))
    Coup.from_cards('2♠ 3♦ 2♦ 10♠ 4♦ 5♦')
    """
    _check_fixed(tableau)
    if shoe.reshuffle == "every-coup":
        shoe.start_coup()
    start = shoe.dealt
    try:
        return _deal(shoe.draw, tableau)
    except ShoeExhausted as error:
        shoe._next = start  # noqa: SLF001 - put the cards back: a refused coup changes nothing
        raise ShoeExhausted(message("not enough cards for a coup: {reason}",
                                    reason=error.message)) from None


def deal_coup(cards: str | Iterable[str | Card], *, tableau: Tableau = PUNTO_BANCO) -> Coup:
    """Deal a coup from exactly ``cards`` (deal order), as :meth:`Coup.from_cards`.

    >>> deal_coup("4♥ 2♠ 9♣ A♦ 7♦ 5♣").banco_total
    8
    >>> deal_coup("4♥ 2♠ 9♣ A♦ 8♦ 5♣")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: too many cards for this coup: it used 5 (4♥ 2♠ 9♣ A♦ 8♦) and 5♣ was left over
    """
    _check_fixed(tableau)
    given = parse_cards(cards)
    shoe = Shoe(given)
    try:
        coup = _deal(shoe.draw, tableau)
    except _NeedCard as need:
        raise ShoeExhausted(message(
            "not enough cards for this coup: {count} given ({cards}), and {why}",
            count=len(given), cards=cards_or_none(given), why=need.why)) from None
    if shoe.remaining:
        used = len(given) - shoe.remaining
        raise IllegalAction(too_many_cards(given[:used], given[used:]))
    return coup


class _NeedCard(ShoeExhausted):
    def __init__(self, why: Message) -> None:
        super().__init__(why)
        self.why = why


_PUNTO_THIRD = message("Punto must draw a third card")
_BANCO_THIRD = message("Banco must draw a third card")
_DEAL_WHY = (
    (PUNTO, message("the first card of Punto is missing")),
    (BANCO, message("the first card of Banco is missing")),
    (PUNTO, message("the second card of Punto is missing")),
    (BANCO, message("the second card of Banco is missing")),
)


class _Records:
    """The steps and cells one tableau's coups can record, each made once.

    Steps and cells are frozen, so a coup may share them with every other coup
    that recorded the same thing: building a coup's record is then mostly
    look-ups.  The number of distinct steps is small (a few thousand), so the
    store stays bounded.
    """

    def __init__(self, tableau: Tableau) -> None:
        self.player_cells = tuple(
            tableau.player_cell(t) if t < 8 else None for t in range(10)
        )
        self.banker_cells = tuple(
            {third: tableau.banker_cell(t, third) for third in (None, *range(10))} if t < 8 else {}
            for t in range(10)
        )
        self.steps: dict[tuple[Any, ...], Step] = {}

    def step(self, key: tuple[Any, ...], *args: Any, **kwargs: Any) -> Step:
        found = self.steps.get(key)
        if found is None:
            found = self.steps[key] = Step(*args, **kwargs)
        return found


_RECORDS: dict[int, tuple[Tableau, _Records]] = {}


def _records(tableau: Tableau) -> _Records:
    entry = _RECORDS.get(id(tableau))
    if entry is None or entry[0] is not tableau:
        if len(_RECORDS) >= 32:  # tableaux made on the fly: keep the store small
            _RECORDS.clear()
        entry = _RECORDS[id(tableau)] = (tableau, _Records(tableau))
    return entry[1]


def _deal(draw: Any, tableau: Tableau) -> Coup:
    """The coup itself, card by card, recording each step."""

    def take(why: Message) -> Card:
        try:
            return draw()  # type: ignore[no-any-return]
        except ShoeExhausted:
            raise _NeedCard(why) from None

    records = _records(tableau)
    step = records.step
    steps: list[Step] = []
    punto: list[Card] = []
    banco: list[Card] = []
    totals = {PUNTO: 0, BANCO: 0}
    for name, why in _DEAL_WHY:
        card = take(why)
        (punto if name == PUNTO else banco).append(card)
        total = totals[name] = (totals[name] + card.points) % 10
        steps.append(step(("deal", name, card.code, total), name, "deal", Rule.DEAL_ORDER,
                          card=card, total=total))
    p_total, b_total = totals[PUNTO], totals[BANCO]
    p_final, b_final = p_total, b_total
    facts = ((PUNTO, p_total), (BANCO, b_total))
    if p_total >= 8 or b_total >= 8:
        holder = PUNTO if is_natural(p_total) else BANCO
        if is_natural(p_total) and is_natural(b_total):
            holder = TABLE
        steps.append(step(("natural", p_total, b_total), holder, "natural", Rule.NATURAL,
                          facts=facts))
    else:
        steps.append(step(("no-natural", p_total, b_total), TABLE, "no-natural",
                          Rule.NO_NATURAL, facts=facts))
        cell = records.player_cells[p_total]
        assert cell is not None
        third_value: int | None = None
        third: Card | None = None
        if cell.decision is Decision.DRAW:
            third = take(_PUNTO_THIRD)
            punto.append(third)
            third_value = third.points
            p_final = (p_total + third_value) % 10
            steps.append(step(("p-draw", third.code, p_final), PUNTO, "draw", Rule.PLAYER_RULE,
                              card=third, total=p_final, cell=cell))
        else:
            steps.append(step(("p-stand", p_total), PUNTO, "stand", Rule.PLAYER_RULE,
                              total=p_total, cell=cell))
        cell = records.banker_cells[b_total][third_value]
        rule = Rule.BANKER_AFTER_STAND if third is None else Rule.BANKER_TABLE
        third_code = -1 if third is None else third.code
        b_facts: tuple[tuple[str, Any], ...] = () if third is None else (("third_card", str(third)),)
        if cell.decision is Decision.DRAW:
            card = take(_BANCO_THIRD)
            banco.append(card)
            b_final = (b_total + card.points) % 10
            steps.append(step(("b-draw", card.code, b_final, b_total, third_code), BANCO, "draw",
                              rule, card=card, total=b_final, cell=cell, facts=b_facts))
        else:
            steps.append(step(("b-stand", b_total, third_code), BANCO, "stand", rule,
                              total=b_total, cell=cell, facts=b_facts))
    winner = Outcome.compare(p_final, b_final)
    steps.append(step(("result", p_final, b_final), TABLE, "result", Rule.HIGHER_TOTAL,
                      facts=((PUNTO, p_final), (BANCO, b_final), ("winner", winner))))
    return Coup(punto=tuple(punto), banco=tuple(banco), steps=tuple(steps), tableau=tableau)


# -- the fast paths: outcome only, on point values ------------------------------------------------


def _fast_tables(tableau: Tableau) -> tuple[tuple[bool, ...], tuple[tuple[bool, ...], ...]]:
    """Boolean lookup tables built from the tableau data.

    ``player[t]`` for t in 0-9 (False on naturals); ``banker[t][v + 1]`` with
    column 0 meaning "player stood".
    """
    _check_fixed(tableau)
    player = tuple(t < 8 and tableau.player[t] is Decision.DRAW for t in range(10))
    banker = tuple(
        tuple(
            t < 8 and tableau.banker_decision(t, v) is Decision.DRAW
            for v in (None, *range(10))
        )
        for t in range(10)
    )
    return player, banker


_PB_PLAYER, _PB_BANKER = _fast_tables(PUNTO_BANCO)


def outcome_from_points(points: Sequence[int], tableau: Tableau = PUNTO_BANCO) -> tuple[Outcome, int]:
    """Outcome and number of cards used, for a deal given as point values.

    ``points`` are the cards' point values in deal order (P, B, P, B, then
    third cards); extra values are ignored.  This is the coup logic without
    the records, for counting and analysis.

    >>> outcome_from_points([4, 2, 9, 1, 8, 0])
    (<Outcome.BANCO: 'banco'>, 5)
    >>> outcome_from_points([4, 2, 9, 1, 7, 5])
    (<Outcome.BANCO: 'banco'>, 6)
    >>> outcome_from_points([9, 2, 0, 3, 0, 0])
    (<Outcome.PUNTO: 'punto'>, 4)
    """
    if tableau is PUNTO_BANCO:
        player, banker = _PB_PLAYER, _PB_BANKER
    else:
        player, banker = _fast_tables(tableau)
    p = (points[0] + points[2]) % 10
    b = (points[1] + points[3]) % 10
    used = 4
    if p < 8 and b < 8:
        column = 0
        if player[p]:
            third = points[4]
            p = (p + third) % 10
            column = third + 1
            used = 5
        if banker[b][column]:
            b = (b + points[used]) % 10
            used += 1
    if p > b:
        return Outcome.PUNTO, used
    if b > p:
        return Outcome.BANCO, used
    return Outcome.EMPATE, used


def coup_outcome(shoe: Shoe) -> Outcome:
    """Deal one Punto Banco coup from ``shoe`` and return only its outcome.

    The quick path for simulation: same rules and tableau data as
    :func:`play_coup`, no records.  Like :func:`play_coup` it reshuffles an
    ``every-coup`` shoe first and leaves the shoe as it was if cards run out.

    >>> coup_outcome(Shoe.standard(8, seed=2024))
    <Outcome.EMPATE: 'empate'>
    """
    if shoe.reshuffle == "every-coup":
        shoe.start_coup()
    cards = shoe._cards  # noqa: SLF001 - the shoe's own buffer, read in place for speed
    i = shoe._next  # noqa: SLF001
    if len(cards) - i < 6:
        return play_coup(shoe).winner  # near the end: the careful path checks every card
    p = (cards[i].points + cards[i + 2].points) % 10
    b = (cards[i + 1].points + cards[i + 3].points) % 10
    i += 4
    if p < 8 and b < 8:
        column = 0
        if _PB_PLAYER[p]:
            third = cards[i].points
            i += 1
            p = (p + third) % 10
            column = third + 1
        if _PB_BANKER[b][column]:
            b = (b + cards[i].points) % 10
            i += 1
    shoe._next = i  # noqa: SLF001
    if p > b:
        return Outcome.PUNTO
    if b > p:
        return Outcome.BANCO
    return Outcome.EMPATE
