"""Exact settlement of bets against a dealt coup, under a table profile.

A :class:`Bet` is a position and an exact stake.  :func:`settle` pays every
bet on a :class:`~bacara_teach.punto_banco.Coup` by the rules of a
:class:`~bacara_teach.tables.TableProfile` and returns, for each bet, the net
change and the reason: won, lost or push, the rule that decided it, the odds
paid and the commission taken (or owed, when the table collects it later).

The first worked example of the rules (Banco wins 3 to 1; at the home study session a Banco
prediction of 20 nets +19):

>>> from bacara_teach.punto_banco import Coup
>>> coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
>>> result = settle(coup, [Bet.parse("banco=20")], "home")
>>> format_amount(result.net), result.bets[0].result.value, result.bets[0].rule
('19', 'won', 'side-wins')

The online table's own example: a winning Banco stake of 5 gets 4.75,
the commission of 0.25 deducted at payment:

>>> paid = settle(coup, [Bet.parse("banco=5")], "online").bets[0]
>>> format_amount(paid.winnings), format_amount(paid.commission), format_amount(paid.net)
('5', '0.25', '4.75')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from bacara_teach.cards import Card
from bacara_teach.coup_events import event_message, final_of, holds
from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.i18n import resolve_language
from bacara_teach.money import (
    Amount,
    add,
    amount_param,
    bounded_amount,
    format_amount,
    format_signed,
    multiply,
)
from bacara_teach.punto_banco import Coup, Outcome
from bacara_teach.tables import (
    BetKind,
    CommissionTiming,
    PairReading,
    Positions,
    TableProfile,
    TiePolicy,
    get_profile,
    list_message,
)
from bacara_teach.tables import table_message as _table_message
from bacara_teach.text import Message, localize_number, message, ptr, tr

_ZERO = Decimal(0)

__all__ = [
    "Bet",
    "CoupSettlement",
    "Result",
    "SettledBet",
    "SettlementRule",
    "coup_has_pair",
    "hand_has_pair",
    "settle",
    "settle_bet",
    "verify_bet",
    "verify_bets",
]


class Result(enum.Enum):
    """How a bet came out."""

    WON = "won"
    LOST = "lost"
    PUSH = "push"


class SettlementRule:
    """Machine-readable names of the rules that settle a bet."""

    SIDE_WINS = "side-wins"
    """A Punto or Banco bet whose hand has the higher total wins."""
    SIDE_LOSES = "side-loses"
    """A Punto or Banco bet whose hand has the lower total loses."""
    TIE_RETURNS = "tie-returns-bet"
    """On a tie, a Punto or Banco bet comes back (net 0)."""
    TIE_KEEPS = "tie-keeps-bet"
    """On a tie, a Punto or Banco bet stays on the table for the next coup (net 0)."""
    TIE_MAY_CHANGE = "tie-bet-may-change"
    """On a tie, a Punto or Banco bet stays and may be changed before the next coup (net 0)."""
    EMPATE_WINS = "empate-wins"
    """Equal totals: the Empate bet wins."""
    EMPATE_LOSES = "empate-loses"
    """Unequal totals: the Empate bet loses."""
    PAIR_WINS = "pair-wins"
    """The hand's first two cards make a pair: the pair bet wins."""
    PAIR_LOSES = "no-pair"
    """The hand's first two cards are no pair: the pair bet loses."""
    RULE_PAYS = "table-rule-pays"
    """The bet won, and a pay rule of the table (:class:`~bacara_teach.tables.PayRule`) pays
    it at odds of its own (a Banco win with 6 paid 1:2 at the no-commission table)."""
    RULE_PUSHES = "table-rule-push"
    """The bet won, but a pay rule of the table makes it a push (EZ Baccarat's Banco win with
    a three-card 7)."""
    EVENT_WINS = "event-wins"
    """A bet on how the coup ends (Dragon 7, Panda 8): the coup ended so, the bet wins."""
    EVENT_LOSES = "event-loses"
    """A bet on how the coup ends: the coup ended otherwise, the bet loses."""


_TIE_RULES = {
    TiePolicy.RETURN: SettlementRule.TIE_RETURNS,
    TiePolicy.KEEP: SettlementRule.TIE_KEEPS,
    TiePolicy.CHANGE: SettlementRule.TIE_MAY_CHANGE,
}


@dataclass(frozen=True, slots=True)
class Bet:
    """A stake on one position.  ``repr`` pastes back.

    The position may be given by name and the stake as text; both are read
    exactly and checked (the stake must be above 0).

    >>> Bet("banco", "4.750")
    Bet.parse('banco=4.75')
    >>> Bet("banco", "-5")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid stake −5 on banco: a stake must be above 0
    """

    on: BetKind
    stake: Decimal

    def __post_init__(self) -> None:
        on = self.on if type(self.on) is BetKind else BetKind.parse(self.on)
        stake = bounded_amount(self.stake, what="stake")
        if stake <= 0:
            raise IllegalAction(message("invalid stake {stake} on {on}: a stake must be above 0",
                                        stake=amount_param(stake), on=on.value))
        object.__setattr__(self, "on", on)
        object.__setattr__(self, "stake", stake)

    @classmethod
    def of(cls, on: BetKind | str, stake: Amount) -> Bet:
        """A bet from loosely typed input (a name, a decimal string)."""
        return cls(on, stake)  # type: ignore[arg-type]  # __post_init__ reads and checks both

    @classmethod
    def of_checked(cls, on: BetKind, stake: Decimal) -> Bet:
        """A bet from a position and a stake the engine has already read and checked (an
        amount of :mod:`bacara_teach.money`, above 0), without reading them again.

        >>> Bet.of_checked(BetKind.BANCO, Decimal("5")) == Bet("banco", "5")
        True
        """
        bet = object.__new__(cls)
        object.__setattr__(bet, "on", on)
        object.__setattr__(bet, "stake", stake)
        return bet

    @classmethod
    def parse(cls, text: str) -> Bet:
        """Read ``POSITION=STAKE``, e.g. ``banco=20`` or ``pareja-punto=2.5``.

        >>> Bet.parse("empate=5"), Bet.parse(" J = 10 ")
        (Bet.parse('empate=5'), Bet.parse('punto=10'))
        >>> Bet.parse("banco 20")
        Traceback (most recent call last):
        ...
        bacara_teach.errors.NotationError: invalid bet 'banco 20': expected POSITION=STAKE, e.g. banco=20 or empate=5
        """
        if not isinstance(text, str) or text.count("=") != 1:
            raise NotationError(message("invalid bet {text!r}: expected POSITION=STAKE, e.g. "
                                        "banco=20 or empate=5", text=text))
        on, _, stake = text.partition("=")
        try:
            return cls.of(on, stake)
        except NotationError as error:
            raise NotationError(message("invalid bet {text!r}: {reason}", text=text,
                                        reason=error.message)) from None

    def __str__(self) -> str:
        return f"{self.on.value}={format_amount(self.stake)}"

    def __repr__(self) -> str:
        return f"Bet.parse({str(self)!r})"

    def to_dict(self) -> dict[str, str]:
        return {"on": self.on.value, "stake": format_amount(self.stake)}


# -- pairs ---------------------------------------------------------------------------------


def hand_has_pair(cards: Sequence[Card], reading: PairReading | str = PairReading.SAME_RANK) -> bool:
    """Do the first two cards of a hand make a pair, under ``reading``?

    Same rank (the default, the common casino reading): K-K yes, K-Q no.
    Same value: any two cards of equal points, so K-Q (0 and 0) is a pair too.

    >>> from bacara_teach.cards import parse_cards
    >>> hand_has_pair(parse_cards("K♠ K♥")), hand_has_pair(parse_cards("K♠ Q♥"))
    (True, False)
    >>> hand_has_pair(parse_cards("K♠ Q♥"), "same-value"), hand_has_pair(parse_cards("10♠ 9♥"), "same-value")
    (True, False)
    """
    if len(cards) < 2:
        raise IllegalAction(message("a pair needs two cards; got {count}", count=len(cards)))
    mode = reading if isinstance(reading, PairReading) else _pair_reading(reading)
    first, second = cards[0], cards[1]
    if mode is PairReading.SAME_RANK:
        return first.rank is second.rank
    return first.points == second.points


def _pair_reading(text: str) -> PairReading:
    for member in PairReading:
        if member.value == text:
            return member
    raise IllegalAction(message("unknown pair reading {text!r}: expected one of {readings}",
                                text=text, readings=", ".join(m.value for m in PairReading)))


def coup_has_pair(coup: Coup, hand: BetKind | str, reading: PairReading = PairReading.SAME_RANK) -> bool:
    """Does Punto's (``punto``/``pareja-punto``) or Banco's hand of ``coup`` open with a pair?

    >>> coup = Coup.from_cards("K♠ 4♦ Q♥ 4♣")
    >>> coup_has_pair(coup, "punto"), coup_has_pair(coup, "punto", PairReading.SAME_VALUE)
    (False, True)
    >>> coup_has_pair(coup, "banco")
    True
    """
    kind = BetKind.parse(hand)
    if kind in (BetKind.PUNTO, BetKind.PAREJA_PUNTO):
        if reading is PairReading.SAME_RANK:
            return coup.punto_pair
        return hand_has_pair(coup.punto, reading)
    if kind in (BetKind.BANCO, BetKind.PAREJA_BANCO):
        if reading is PairReading.SAME_RANK:
            return coup.banco_pair
        return hand_has_pair(coup.banco, reading)
    raise IllegalAction(message("no hand called {kind!r}: expected punto or banco",
                                kind=kind.value))


# -- checking bets against a table -------------------------------------------------------------


def table_message(name: str) -> Message:
    """A table profile as a sentence names it: ``the online table`` (``la mesa en línea``).

    >>> str(table_message("online")), table_message("home").render("es")
    ('the online table', 'la mesa de casa')
    >>> str(table_message("ez"))
    'the EZ Baccarat table'
    """
    return _table_message(name)


def verify_bet(bet: Bet, profile: TableProfile | str) -> None:
    """Raise :class:`IllegalAction` unless ``profile`` takes ``bet`` (position offered, stake allowed).

    >>> verify_bet(Bet.parse("banco=300"), "online")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: bet banco=300 refused: the online table's maximum bet is 250
    >>> verify_bet(Bet.parse("banco=5"), "home")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: bet banco=5 refused: the home table's stake is fixed at 20
    """
    table = get_profile(profile)
    stake = bet.stake
    if not table.offers(bet.on):
        reason = message("{table} takes no {kind} bets; it offers {kinds}",
                         table=table_message(table.name), kind=bet.on.value,
                         kinds=", ".join(kind.value for kind in table.bets))
    elif table.fixed_stake is not None and stake != table.fixed_stake:
        reason = message("{table}'s stake is fixed at {amount}", table=table_message(table.name),
                         amount=amount_param(table.fixed_stake))
    elif table.min_bet is not None and stake < table.min_bet:
        reason = message("{table}'s minimum bet is {amount}", table=table_message(table.name),
                         amount=amount_param(table.min_bet))
    elif table.max_bet is not None and stake > table.max_bet:
        reason = message("{table}'s maximum bet is {amount}", table=table_message(table.name),
                         amount=amount_param(table.max_bet))
    else:
        return
    raise IllegalAction(message("bet {bet} refused: {reason}", bet=str(bet), reason=reason))


def verify_bets(bets: Iterable[Bet], profile: TableProfile | str, *, complete: bool = True) -> None:
    """Raise :class:`IllegalAction` unless ``profile`` takes all ``bets`` together in one coup.

    ``complete=False`` checks a layout still being built (bets placed one by one before the
    deal): everything but the rule that a side bet needs a bet on Punto or Banco, which only
    a complete layout can break.

    >>> verify_bets([Bet.parse("empate=5")], "casino")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: bets empate=5 refused: the casino table takes Empate and the pairs only with a bet on Punto or Banco (choose J or B first; the option side_bets_alone=yes allows a side bet alone)
    >>> verify_bets([Bet.parse("empate=5")], "casino", complete=False)

    >>> verify_bets([Bet.parse("punto=10"), Bet.parse("banco=10")], "casino")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: bets punto=10, banco=10 refused: the casino table does not take Punto and Banco in the same coup
    >>> verify_bets([Bet.parse("banco=10"), Bet.parse("empate=1"), Bet.parse("pareja-banco=1")], "casino")
    """
    table = get_profile(profile)
    listed = list(bets)
    for bet in listed:
        verify_bet(bet, table)
    if not listed:
        return
    kinds = [bet.on for bet in listed]
    reason: Message | None = None
    if len(set(kinds)) < len(kinds):
        for kind in sorted(set(kinds), key=kinds.index):
            if kinds.count(kind) > 1:
                reason = message("{kind} is bet more than once; give one stake per position",
                                 kind=kind.value)
                break
    elif table.positions is Positions.ONE and len(listed) > 1:
        reason = message("{table} takes one position per coup", table=table_message(table.name))
    elif (table.positions is Positions.ONE_SIDE and BetKind.PUNTO in kinds
          and BetKind.BANCO in kinds):
        reason = message("{table} does not take Punto and Banco in the same coup",
                         table=table_message(table.name))
    elif (complete and not table.side_bets_alone and not any(kind.is_side for kind in kinds)
          and any(kind.win_event for kind in table.bets)):
        reason = message("{table} takes {bets} only with a bet on Punto or Banco (choose "
                         "Punto or Banco first)", table=table_message(table.name), bets=list_message(
                             [kind.name_message for kind in table.bets if not kind.is_side]))
    elif complete and not table.side_bets_alone and not any(kind.is_side for kind in kinds):
        reason = message("{table} takes Empate and the pairs only with a bet on Punto or Banco "
                         "(choose J or B first; the option side_bets_alone=yes allows a side "
                         "bet alone)", table=table_message(table.name))
    if reason is not None:
        raise IllegalAction(message("bets {bets} refused: {reason}",
                                    bets=", ".join(map(str, listed)), reason=reason))


# -- settling ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SettledBet:
    """One bet paid: the result, the rule, the odds, the commission and the net change.

    ``winnings`` is stake × odds for a winning bet (0 otherwise);
    ``commission`` is what was deducted at payment, ``commission_owed``
    what the table will collect later (accrued commission);
    ``net = winnings - commission`` for a win, ``-stake`` for a loss, 0 for a push.
    ``stays`` is True when the bet remains on the table for the next coup.
    """

    bet: Bet
    result: Result
    rule: str
    odds: Fraction | None
    winnings: Decimal
    commission: Decimal
    commission_owed: Decimal
    net: Decimal
    stays: bool = False
    event: str | None = None
    """The ending a pay rule or a bet on how the coup ends read (``None`` for the others)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, every amount a decimal string."""
        return {
            "on": self.bet.on.value,
            "stake": format_amount(self.bet.stake),
            "result": self.result.value,
            "rule": self.rule,
            "payout": None if self.odds is None else f"{self.odds}:1",
            "winnings": format_amount(self.winnings),
            "commission": format_amount(self.commission),
            "commission_owed": format_amount(self.commission_owed),
            "net": format_amount(self.net),
            "stays": self.stays,
            "event": self.event,
        }

    def describe(self, lang: str | None = None) -> str:
        """One readable line, e.g. ``banco 20: won, paid 19/20 to 1: +19``.

        ``lang`` is a language code or ``None`` (the default language); the position is
        written as the notation names it, the amounts in the reader's conventions.

        >>> paid = settle_bet(Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦"), Bet.parse("banco=5"), "online")
        >>> paid.describe("en")
        'banco 5: won, paid 1 to 1 less 0.25 commission: +4.75'
        >>> paid.describe("es")
        'banco 5: ganada, se paga 1 a 1 menos 0,25 de comisión: +4,75'
        """
        lang = resolve_language(lang)
        if self.result is Result.WON:
            odds, commission = str(self.odds), localize_number(format_amount(self.commission), lang)
            owed = localize_number(format_amount(self.commission_owed), lang)
            if self.commission and self.commission_owed:
                text = tr("won, paid {odds} to 1 less {commission} commission ({owed} commission "
                          "owed)", lang, odds=odds, commission=commission, owed=owed)
            elif self.commission:
                text = tr("won, paid {odds} to 1 less {commission} commission", lang, odds=odds,
                          commission=commission)
            elif self.commission_owed:
                text = tr("won, paid {odds} to 1 ({owed} commission owed)", lang, odds=odds,
                          owed=owed)
            else:
                text = tr("won, paid {odds} to 1", lang, odds=odds)
            if self.rule == SettlementRule.RULE_PAYS and self.event is not None:
                text = tr("{result} ({event})", lang, result=text,
                          event=event_message(self.event))
        elif self.result is Result.LOST:
            text = tr("lost", lang)
        elif self.rule == SettlementRule.TIE_RETURNS:
            text = tr("push on the tie, stake returned", lang)
        elif self.rule == SettlementRule.TIE_KEEPS:
            text = tr("push on the tie, the bet stays for the next coup", lang)
        elif self.rule == SettlementRule.TIE_MAY_CHANGE:
            text = tr("push on the tie, the bet stays and may be changed", lang)
        elif self.rule == SettlementRule.RULE_PUSHES and self.event is not None:
            text = tr("push: {event}, stake returned", lang, event=event_message(self.event))
        else:
            text = ptr("bet", "push", lang)
        return tr("{on} {stake}: {result}: {net}", lang, on=self.bet.on.value,
                  stake=localize_number(format_amount(self.bet.stake), lang), result=text,
                  net=localize_number(format_signed(self.net), lang))


@dataclass(frozen=True)
class CoupSettlement:
    """Every bet of one coup settled under one table profile."""

    profile: TableProfile
    coup: Coup
    bets: tuple[SettledBet, ...]

    @property
    def net(self) -> Decimal:
        """The sum of the bets' net changes."""
        return add(0, *(bet.net for bet in self.bets))

    @property
    def commission(self) -> Decimal:
        """Commission deducted at payment in this coup."""
        return add(0, *(bet.commission for bet in self.bets))

    @property
    def commission_owed(self) -> Decimal:
        """Commission accrued in this coup, to be collected later."""
        return add(0, *(bet.commission_owed for bet in self.bets))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what ``bacara-teach settle --json`` prints)."""
        return {
            "profile": self.profile.name,
            "winner": self.coup.winner.value,
            "punto": {"cards": [str(c) for c in self.coup.punto], "total": self.coup.punto_total},
            "banco": {"cards": [str(c) for c in self.coup.banco], "total": self.coup.banco_total},
            "bets": [bet.to_dict() for bet in self.bets],
            "net": format_amount(self.net),
            "commission": format_amount(self.commission),
            "commission_owed": format_amount(self.commission_owed),
        }


def _win(bet: Bet, rule: str, odds: Fraction, rate: Fraction, timing: CommissionTiming) -> SettledBet:
    winnings = multiply(bet.stake, odds)
    commission = multiply(winnings, rate) if rate else _ZERO
    if timing is CommissionTiming.ACCRUED:
        return SettledBet(bet, Result.WON, rule, odds, winnings, Decimal(0), commission, winnings)
    return SettledBet(bet, Result.WON, rule, odds, winnings, commission, Decimal(0),
                      add(winnings, -commission))


def _loss(bet: Bet, rule: str) -> SettledBet:
    return SettledBet(bet, Result.LOST, rule, None, Decimal(0), Decimal(0), Decimal(0), -bet.stake)


def settle_bet(coup: Coup, bet: Bet, profile: TableProfile | str) -> SettledBet:
    """Settle one bet on ``coup`` by the rules of ``profile``.

    >>> tie = Coup.from_cards("9♠ 9♦ K♣ K♥")
    >>> [settle_bet(tie, Bet.parse(text), "home").describe("en") for text in ("punto=20", "empate=20")]
    ['punto 20: push on the tie, stake returned: 0', 'empate 20: won, paid 8 to 1: +160']
    >>> settle_bet(tie, Bet.parse("punto=20"), "home").describe("es")
    'punto 20: empate, se devuelve la apuesta: 0'
    >>> settle_bet(tie, Bet.parse("pareja-banco=5"), "casino").describe("en")
    'pareja-banco 5: lost: −5'
    """
    table = get_profile(profile)
    verify_bet(bet, table)
    return _settled_bet(coup, bet, table)


def _settled_bet(coup: Coup, bet: Bet, table: TableProfile) -> SettledBet:
    """:func:`settle_bet` for a bet already checked against ``table``."""
    odds = table.payout(bet.on)
    winner = coup.winner
    if bet.on.is_side:
        if winner is Outcome.EMPATE:
            rule = _TIE_RULES[table.tie]
            zero = Decimal(0)
            return SettledBet(bet, Result.PUSH, rule, None, zero, zero, zero, zero,
                              stays=table.tie is not TiePolicy.RETURN)
        if winner.value == bet.on.value:
            rate = table.commission_rate if bet.on is BetKind.BANCO else Fraction(0)
            final = final_of(coup)
            for pay_rule in table.pay_rules:
                if pay_rule.bet is bet.on and holds(pay_rule.event, final):
                    if pay_rule.odds is None:
                        zero = Decimal(0)
                        return SettledBet(bet, Result.PUSH, SettlementRule.RULE_PUSHES, None, zero,
                                          zero, zero, zero, event=pay_rule.event)
                    won = _win(bet, SettlementRule.RULE_PAYS, pay_rule.odds, rate, table.commission)
                    return replace(won, event=pay_rule.event)
            return _win(bet, SettlementRule.SIDE_WINS, odds, rate, table.commission)
        return _loss(bet, SettlementRule.SIDE_LOSES)
    event = bet.on.win_event
    if event is not None:
        if holds(event, final_of(coup)):
            return replace(_win(bet, SettlementRule.EVENT_WINS, odds, Fraction(0), table.commission),
                           event=event)
        return replace(_loss(bet, SettlementRule.EVENT_LOSES), event=event)
    if bet.on is BetKind.EMPATE:
        if winner is Outcome.EMPATE:
            return _win(bet, SettlementRule.EMPATE_WINS, odds, Fraction(0), table.commission)
        return _loss(bet, SettlementRule.EMPATE_LOSES)
    if coup_has_pair(coup, bet.on, table.pair_reading):
        return _win(bet, SettlementRule.PAIR_WINS, odds, Fraction(0), table.commission)
    return _loss(bet, SettlementRule.PAIR_LOSES)


def settle(coup: Coup, bets: Iterable[Bet], profile: TableProfile | str, *,
           checked: bool = False) -> CoupSettlement:
    """Settle all ``bets`` on ``coup``; the bets are first checked together against the table
    (``checked=True``: the caller has just checked them with :func:`verify_bets`, complete,
    against the same table, and they are not checked again).

    >>> coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
    >>> [b.describe("en") for b in settle(coup, [Bet.parse("punto=5")], "online").bets]
    ['punto 5: lost: −5']
    """
    table = get_profile(profile)
    listed = tuple(bets)
    if not checked:
        verify_bets(listed, table)
    return CoupSettlement(table, coup, tuple(_settled_bet(coup, bet, table) for bet in listed))
