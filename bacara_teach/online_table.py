"""The online table: a player's ledger at a Punto Banco table.

The player has a balance (an exact :class:`~decimal.Decimal`).  Before
"Continuar" (:meth:`OnlineTable.deal`) bets are placed, changed and
cancelled; the table's profile decides the limits, which positions may be
held together, the payouts, the commission and what a tie does to Punto and
Banco bets.  Dealing plays one coup from the seeded shoe, settles every bet
(:mod:`bacara_teach.settlement`) and records the coup with the balance after
it.  :meth:`OnlineTable.next_coup` opens betting again; :meth:`OnlineTable.leave`
closes the ledger, collecting any commission still owed.

Every action comes as ``verify_x()`` (raises), ``can_x()`` (answers) and
``x()`` (acts); a refused action raises and leaves the table exactly as it
was.  The balance never goes negative: stakes on the table and commission
owed are always covered by the balance.

The online table's own example: a Banco bet of 5 that wins is paid 5 less 0.25.

>>> table = OnlineTable(balance="100", seed=7)
>>> _ = table.place("banco", "5")
>>> table.verify_place("punto", "5")
Traceback (most recent call last):
...
bacara_teach.errors.IllegalAction: bet punto=5 refused: the online table takes one position per coup (banco 5 is on the table; change or cancel it first)
>>> played = table.deal()
>>> played.settlement.coup.winner.value, format_amount(played.settlement.net), format_amount(table.balance)
('banco', '4.75', '104.75')
"""

from __future__ import annotations

import copy
import enum
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from bacara_teach.cards import format_cards
from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.money import Amount, add, bounded_amount, format_amount
from bacara_teach.punto_banco import Coup, play_coup
from bacara_teach.saves import (
    SaveError,
    check_seed,
    dump_save,
    locate,
    parse_json,
    registered_profile,
    replay_log,
    save_version,
)
from bacara_teach.settlement import Bet, CoupSettlement, settle, verify_bet, verify_bets
from bacara_teach.shoe import DEFAULT_SHUFFLE, FULL_SHUFFLE, Shoe
from bacara_teach.tables import (
    ONLINE,
    BetKind,
    TableProfile,
    TiePolicy,
    amount_value,
    get_profile,
    list_message,
    profile_from_options,
    profile_options,
    table_message,
)
from bacara_teach.text import Message, message, nmessage, pmessage

__all__ = [
    "FORMAT",
    "BetCancelled",
    "BetChanged",
    "BetPlaced",
    "CoupOpened",
    "LeftTable",
    "OnlineTable",
    "Phase",
    "TableCoup",
]

FORMAT = "bacara-teach/online-table"
_VERSION = 3
"""Saves of version 3 record the shuffle version in their rules; earlier ones were dealt with
shuffle version 1 and replay with it."""
MAX_COUP_CARDS = 6
"""A coup uses at most six cards; a dealt-through shoe with fewer left has ended."""

Seed = int | str


class Phase(enum.Enum):
    """Where the table is in its round."""

    BETTING = "betting"
    """Bets may be placed, changed and cancelled; "Continuar" deals."""
    DEALT = "dealt"
    """The coup is dealt and settled; open the next coup to bet again."""
    CLOSED = "closed"
    """The player has left the table."""


# -- the log: one frozen record per action ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BetPlaced:
    """A stake put on a position (added to any stake already there)."""

    bet: Bet

    def to_dict(self) -> dict[str, Any]:
        return {"action": "place", **self.bet.to_dict()}


@dataclass(frozen=True, slots=True)
class BetChanged:
    """A bet moved to another position and/or given another stake."""

    before: Bet
    after: Bet

    def to_dict(self) -> dict[str, Any]:
        return {"action": "change", "on": self.before.on.value, "to": self.after.on.value,
                "stake": format_amount(self.after.stake)}


@dataclass(frozen=True, slots=True)
class BetCancelled:
    """A bet taken back before the deal."""

    bet: Bet

    def to_dict(self) -> dict[str, Any]:
        return {"action": "cancel", "on": self.bet.on.value}


@dataclass(frozen=True)
class TableCoup:
    """A dealt coup: its settlement, the commission collected after it and the balance after it.

    ``shoe_ended`` is True when the shoe ended with this coup (every coup, for
    a shoe reshuffled every coup); accrued commission is collected then.
    """

    number: int
    settlement: CoupSettlement
    commission_collected: Decimal
    balance_after: Decimal
    shoe_ended: bool

    @property
    def coup(self) -> Coup:
        return self.settlement.coup

    @property
    def net(self) -> Decimal:
        """The net change of the coup's bets (before any commission collected)."""
        return self.settlement.net

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": "deal",
            "number": self.number,
            "cards": format_cards(self.coup.cards),
            "winner": self.coup.winner.value,
            "bets": [paid.to_dict() for paid in self.settlement.bets],
            "net": format_amount(self.net),
            "commission_collected": format_amount(self.commission_collected),
            "balance_after": format_amount(self.balance_after),
            "shoe_ended": self.shoe_ended,
        }


@dataclass(frozen=True, slots=True)
class CoupOpened:
    """Betting opened for the next coup."""

    number: int

    def to_dict(self) -> dict[str, Any]:
        return {"action": "next-coup", "number": self.number}


@dataclass(frozen=True, slots=True)
class LeftTable:
    """The player left: commission still owed is collected, bets on the table come back."""

    commission_collected: Decimal
    balance: Decimal

    def to_dict(self) -> dict[str, Any]:
        return {"action": "leave", "commission_collected": format_amount(self.commission_collected),
                "balance": format_amount(self.balance)}


Operation = BetPlaced | BetChanged | BetCancelled | TableCoup | CoupOpened | LeftTable


_LOG_FIELDS: dict[str, set[str]] = {
    "place": {"action", "on", "stake"},
    "change": {"action", "on", "to", "stake"},
    "cancel": {"action", "on"},
    "deal": {"action", "coup", "cards"},
    "next-coup": {"action", "number"},
    "leave": {"action"},
}
"""The fields of each kind of entry in a saved table's log."""


def _log_entry(op: Operation) -> dict[str, Any]:
    """An operation as an entry of a save's log: the action taken, never a balance."""
    if isinstance(op, TableCoup):
        return {"action": "deal", "coup": op.number, "cards": format_cards(op.coup.cards)}
    if isinstance(op, LeftTable):
        return {"action": "leave"}
    return op.to_dict()


_SAVED_FIELDS: dict[str, Message] = {
    "balance": pmessage("save field", "balance"),
    "position": pmessage("save field", "position"),
    "stake": pmessage("save field", "stake"),
}


def _text(value: object, what: str) -> str:
    """A value a save gives as text (a position, an amount); anything else is refused."""
    if not isinstance(value, str):
        raise NotationError(message("invalid {what} {value}: a save gives it as text, e.g. "
                                    "{example}", what=_SAVED_FIELDS.get(what, what),
                                    value=repr(value), example='"5"'))
    return value


_DOING: dict[str, Message] = {
    "place a bet": pmessage("table action", "place a bet"),
    "change a bet": pmessage("table action", "change a bet"),
    "cancel a bet": pmessage("table action", "cancel a bet"),
    "deal": pmessage("table action", "deal"),
    "add to": pmessage("table action", "add to"),
    "change": pmessage("table action", "change"),
    "cancel": pmessage("table action", "cancel"),
}
"""What the player was doing when a refusal says ``cannot ...``: the first four alone, the
last three before a position (``cannot add to banco``)."""


def _bet_words(on: BetKind, stake: Decimal) -> dict[str, object]:
    """A bet as the parameters ``on`` and ``stake`` of a message (``{on}={stake}``)."""
    return {"on": on.name_message, "stake": amount_value(stake)}


def _stakes(bets: Mapping[BetKind, Decimal]) -> Message:
    """Bets as people read them in a sentence: ``banco 5, empate 5``."""
    return list_message([Message("{on} {stake}", params=_bet_words(kind, stake))
                         for kind, stake in bets.items()])


def _reason(error: BacaraError) -> Message:
    """Why a bet was refused, without its ``bet ... refused: `` head.

    The refusals of :mod:`bacara_teach.settlement` give the reason as their ``reason``
    parameter; a message without one is cut at its head, as it reads in English.
    """
    reason = error.message.params.get("reason")
    if isinstance(reason, Message):
        return reason
    return Message(str(error).split(" refused: ", 1)[-1])


def _stake(value: Amount, on: BetKind) -> Decimal:
    """Read a stake for a bet on ``on``: unreadable text is a NotationError, 0 or less refused."""
    return Bet.of(on, value).stake


class OnlineTable:
    """A player's ledger at a Punto Banco table (the online table by default).  See the module
    docstring."""

    def __init__(
        self,
        *,
        balance: Amount,
        profile: TableProfile | str = ONLINE,
        seed: Seed | None = None,
        shuffle_version: int = DEFAULT_SHUFFLE,
    ) -> None:
        table = get_profile(profile)
        start = bounded_amount(balance, what="balance")
        if start < 0:
            raise IllegalAction(message("invalid balance {balance}: a balance cannot be negative",
                                        balance=amount_value(start)))
        if seed is None:
            seed = secrets.randbelow(2**32)
        seed = check_seed(seed)
        self._profile = table
        self._seed: Seed = seed
        self._initial = start
        self._balance = start
        self._owed = Decimal(0)
        self._bets: dict[BetKind, Decimal] = {}
        self._locked: set[BetKind] = set()
        self._phase = Phase.BETTING
        self._history: list[TableCoup] = []
        self._log: list[Operation] = []
        self._shoe = Shoe.standard(table.decks, seed=seed, reshuffle=table.reshuffle,
                                   shuffle_version=shuffle_version)

    # -- reading ----------------------------------------------------------------------------
    @property
    def profile(self) -> TableProfile:
        return self._profile

    @property
    def seed(self) -> Seed:
        return self._seed

    @property
    def shuffle_version(self) -> int:
        """How the shoe is shuffled before each coup (:mod:`bacara_teach.shoe`); a save keeps it."""
        return self._shoe.shuffle_version

    @property
    def shoe(self) -> Shoe:
        """A copy of the table's shoe as it stands (dealing from it belongs to :meth:`deal`)."""
        return copy.deepcopy(self._shoe)

    @property
    def initial_balance(self) -> Decimal:
        return self._initial

    @property
    def balance(self) -> Decimal:
        """The account's balance (stakes on the table are still part of it until settled)."""
        return self._balance

    @property
    def commission_owed(self) -> Decimal:
        """Commission accrued on Banco wins and not collected yet."""
        return self._owed

    @property
    def staked(self) -> Decimal:
        """The sum of the stakes on the table."""
        return add(0, *self._bets.values())

    @property
    def available(self) -> Decimal:
        """What may still be staked: the balance less the stakes on the table and the commission owed."""
        return add(self._balance, -self.staked, -self._owed)

    @property
    def bets(self) -> tuple[Bet, ...]:
        """The bets on the table, in the order they were placed."""
        return tuple(Bet.of_checked(on, stake) for on, stake in self._bets.items())

    @property
    def locked(self) -> frozenset[BetKind]:
        """Positions whose bet stayed after a tie and may not be changed (tie policy ``keep``)."""
        return frozenset(self._locked)

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def coup_number(self) -> int:
        """The number of the coup being bet on (or just dealt)."""
        return len(self._history) + (0 if self._phase is Phase.DEALT else 1)

    @property
    def history(self) -> tuple[TableCoup, ...]:
        return tuple(self._history)

    @property
    def log(self) -> tuple[Operation, ...]:
        """Every action taken, in order."""
        return tuple(self._log)

    @property
    def commission_collected(self) -> Decimal:
        """All commission collected so far (at shoe ends and on leaving)."""
        collected = [op.commission_collected for op in self._log if isinstance(op, TableCoup | LeftTable)]
        return add(0, *collected)

    def _check_open(self, doing: str) -> None:
        if self._phase is Phase.CLOSED:
            raise IllegalAction(message("cannot {doing}: the player has left the table",
                                        doing=_DOING[doing]))
        if self._phase is Phase.DEALT:
            raise IllegalAction(message("cannot {doing}: coup {coup} is dealt; open the next coup "
                                        "first", doing=_DOING[doing], coup=len(self._history)))

    def _on_table(self, on: BetKind, doing: str) -> Decimal:
        if on not in self._bets:
            if self._bets:
                raise IllegalAction(message("cannot {doing} {on}: there is no bet on {on} (on the "
                                            "table: {placed})", doing=_DOING[doing],
                                            on=on.name_message, placed=_stakes(self._bets)))
            raise IllegalAction(message("cannot {doing} {on}: there is no bet on {on} (no bets on "
                                        "the table)", doing=_DOING[doing], on=on.name_message))
        if on in self._locked:
            raise IllegalAction(message(
                "cannot {doing} {on}: the bet stayed after the tie and {table} keeps it as it is "
                "for this coup", doing=_DOING[doing], on=on.name_message,
                table=table_message(self._profile.name)))
        return self._bets[on]

    def _layout_problem(self, layout: Mapping[BetKind, Decimal], bet: Bet,
                        freed: Decimal) -> Message | None:
        """Why the table cannot hold ``layout`` (``bet`` being the new or changed bet), or None.

        ``freed`` is the stake the action takes off the table (a changed bet's old stake).
        """
        try:
            verify_bet(bet, self._profile)
        except IllegalAction as error:
            return _reason(error)
        try:
            verify_bets([Bet.of_checked(on, stake) for on, stake in layout.items()],
                        self._profile, complete=False)
        except IllegalAction as error:
            reason = _reason(error)
            others = {k: v for k, v in self._bets.items() if k in layout and k is not bet.on}
            if others:
                return nmessage("{reason} ({bets} is on the table; change or cancel it first)",
                                "{reason} ({bets} are on the table; change or cancel it first)",
                                len(others), reason=reason, bets=_stakes(others))
            return reason
        if add(*layout.values()) > add(self._balance, -self._owed):
            available = amount_value(add(self.available, freed))
            if self._owed:
                return message("it is more than the balance allows (balance {balance} and {owed} "
                               "commission owed; {available} available for this bet)",
                               balance=amount_value(self._balance), owed=amount_value(self._owed),
                               available=available)
            return message("it is more than the balance allows (balance {balance}; {available} "
                           "available for this bet)", balance=amount_value(self._balance),
                           available=available)
        return None

    # -- placing ----------------------------------------------------------------------------
    def _placed(self, on: BetKind | str, stake: Amount) -> tuple[BetKind, Decimal, Decimal]:
        """The position, the stake and the position's new total of a bet that may be placed
        now; raises otherwise."""
        self._check_open("place a bet")
        kind = BetKind.parse(on)
        amount = _stake(stake, kind)
        if kind in self._locked:
            self._on_table(kind, "add to")
        layout = dict(self._bets)
        layout[kind] = total = add(layout.get(kind, 0), amount)
        problem = self._layout_problem(layout, Bet.of_checked(kind, total), Decimal(0))
        if problem is None:
            return kind, amount, total
        if kind in self._bets:
            raise IllegalAction(message(
                "bet {on}={stake} refused: it would bring the bet on {on} to {total}, and {reason}",
                **_bet_words(kind, amount), total=amount_value(layout[kind]), reason=problem))
        raise IllegalAction(message("bet {on}={stake} refused: {reason}", **_bet_words(kind, amount),
                                    reason=problem))

    def verify_place(self, on: BetKind | str, stake: Amount) -> None:
        """Raise unless a stake of ``stake`` may be put on ``on`` now."""
        self._placed(on, stake)

    def can_place(self, on: BetKind | str, stake: Amount) -> bool:
        try:
            self.verify_place(on, stake)
        except (IllegalAction, NotationError):
            return False
        return True

    def place(self, on: BetKind | str, stake: Amount) -> BetPlaced:
        """Put ``stake`` on ``on`` (added to the stake already there, if any)."""
        kind, amount, total = self._placed(on, stake)
        self._bets[kind] = total
        record = BetPlaced(Bet.of_checked(kind, amount))
        self._log.append(record)
        return record

    # -- changing ---------------------------------------------------------------------------
    def _changed(self, on: BetKind | str, to: BetKind | str | None, stake: Amount | None) -> tuple[Bet, Bet]:
        self._check_open("change a bet")
        kind = BetKind.parse(on)
        old = self._on_table(kind, "change")
        target = kind if to is None else BetKind.parse(to)
        amount = old if stake is None else _stake(stake, target)
        if to is None and stake is None:
            raise IllegalAction(message("change of {on} refused: give a new position, a new stake "
                                        "or both", on=kind.name_message))
        if target is not kind and target in self._bets:
            raise IllegalAction(message("change of {on} refused: there is already a bet on {to}; "
                                        "place on it to add, or cancel one of the two",
                                        on=kind.name_message, to=target.name_message))
        layout = {(target if k is kind else k): (amount if k is kind else v)
                  for k, v in self._bets.items()}
        before, after = Bet(kind, old), Bet(target, amount)
        problem = self._layout_problem(layout, after, old)
        if problem is not None:
            raise IllegalAction(message(
                "change of {on}={stake} to {to}={to_stake} refused: {reason}",
                **_bet_words(kind, old), to=target.name_message, to_stake=amount_value(amount),
                reason=problem))
        return before, after

    def verify_change(self, on: BetKind | str, *, to: BetKind | str | None = None,
                      stake: Amount | None = None) -> None:
        """Raise unless the bet on ``on`` may move to ``to`` and/or take the stake ``stake``."""
        self._changed(on, to, stake)

    def can_change(self, on: BetKind | str, *, to: BetKind | str | None = None,
                   stake: Amount | None = None) -> bool:
        try:
            self.verify_change(on, to=to, stake=stake)
        except (IllegalAction, NotationError):
            return False
        return True

    def change(self, on: BetKind | str, *, to: BetKind | str | None = None,
               stake: Amount | None = None) -> BetChanged:
        """Move the bet on ``on`` to ``to`` and/or set its stake to ``stake``."""
        before, after = self._changed(on, to, stake)
        self._bets = {(after.on if k is before.on else k): (after.stake if k is before.on else v)
                      for k, v in self._bets.items()}
        record = BetChanged(before, after)
        self._log.append(record)
        return record

    # -- cancelling -------------------------------------------------------------------------
    def _cancelled(self, on: BetKind | str | None) -> list[Bet]:
        self._check_open("cancel a bet")
        if on is None:
            if not self._bets:
                raise IllegalAction(message("nothing to cancel: there are no bets on the table"))
            for kind in self._bets:
                self._on_table(kind, "cancel")
            return list(self.bets)
        kind = BetKind.parse(on)
        return [Bet(kind, self._on_table(kind, "cancel"))]

    def verify_cancel(self, on: BetKind | str | None = None) -> None:
        """Raise unless the bet on ``on`` (every bet, when ``on`` is None) may be taken back."""
        self._cancelled(on)

    def can_cancel(self, on: BetKind | str | None = None) -> bool:
        try:
            self.verify_cancel(on)
        except (IllegalAction, NotationError):
            return False
        return True

    def cancel(self, on: BetKind | str | None = None) -> tuple[BetCancelled, ...]:
        """Take back the bet on ``on``, or every bet when ``on`` is None."""
        records = tuple(BetCancelled(bet) for bet in self._cancelled(on))
        for record in records:
            del self._bets[record.bet.on]
        self._log.extend(records)
        return records

    # -- dealing ("Continuar") --------------------------------------------------------------
    def verify_deal(self) -> None:
        """Raise unless the coup may be dealt: betting is open and a bet is on the table."""
        self._dealt_bets()

    def _dealt_bets(self) -> tuple[Bet, ...]:
        """The bets the coup about to be dealt settles, checked together; raises otherwise."""
        self._check_open("deal")
        if not self._bets:
            raise IllegalAction(message(
                "cannot deal coup {coup}: place a bet first (one of {bets})", coup=self.coup_number,
                bets=list_message([k.name_message for k in self._profile.bets])))
        bets = self.bets
        try:
            verify_bets(bets, self._profile)
        except IllegalAction as error:
            raise IllegalAction(message("cannot deal coup {coup}: {reason}", coup=self.coup_number,
                                        reason=_reason(error))) from None
        return bets

    def can_deal(self) -> bool:
        try:
            self.verify_deal()
        except IllegalAction:
            return False
        return True

    def deal(self) -> TableCoup:
        """"Continuar": deal one coup, settle every bet, collect commission if the shoe ended."""
        bets = self._dealt_bets()
        coup = play_coup(self._shoe)
        settlement = settle(coup, bets, self._profile, checked=True)
        self._balance = add(self._balance, settlement.net)
        self._owed = add(self._owed, settlement.commission_owed)
        kept = {paid.bet.on: paid.bet.stake for paid in settlement.bets if paid.stays}
        self._bets = kept
        self._locked = set(kept) if self._profile.tie is TiePolicy.KEEP else set()
        ended = self._profile.reshuffle == "every-coup" or self._shoe.remaining < MAX_COUP_CARDS
        collected = Decimal(0)
        if ended:
            collected, self._owed = self._owed, Decimal(0)
            self._balance = add(self._balance, -collected)
            if self._profile.reshuffle == "never":
                self._shoe.shuffle()
        record = TableCoup(
            number=len(self._history) + 1,
            settlement=settlement,
            commission_collected=collected,
            balance_after=self._balance,
            shoe_ended=ended,
        )
        self._history.append(record)
        self._log.append(record)
        self._phase = Phase.DEALT
        return record

    # -- the next coup ----------------------------------------------------------------------
    def verify_next_coup(self) -> None:
        """Raise unless a dealt coup is waiting to be cleared."""
        if self._phase is Phase.CLOSED:
            raise IllegalAction(message("cannot open the next coup: the player has left the table"))
        if self._phase is Phase.BETTING:
            raise IllegalAction(message("cannot open the next coup: coup {coup} is still open for "
                                        "bets", coup=self.coup_number))

    def can_next_coup(self) -> bool:
        try:
            self.verify_next_coup()
        except IllegalAction:
            return False
        return True

    def next_coup(self) -> CoupOpened:
        """Clear the dealt coup and open betting for the next one (bets kept after a tie stay)."""
        self.verify_next_coup()
        self._phase = Phase.BETTING
        record = CoupOpened(self.coup_number)
        self._log.append(record)
        return record

    # -- leaving ----------------------------------------------------------------------------
    def verify_leave(self) -> None:
        if self._phase is Phase.CLOSED:
            raise IllegalAction(message("cannot leave: the player has already left the table"))

    def can_leave(self) -> bool:
        return self._phase is not Phase.CLOSED

    def leave(self) -> LeftTable:
        """Leave the table: bets still on it come back and commission owed is collected."""
        self.verify_leave()
        collected, self._owed = self._owed, Decimal(0)
        self._balance = add(self._balance, -collected)
        self._bets = {}
        self._locked = set()
        self._phase = Phase.CLOSED
        record = LeftTable(collected, self._balance)
        self._log.append(record)
        return record

    # -- saving and loading -----------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The table's present state as plain data (balance, bets, commission, phase)."""
        return {
            "balance": format_amount(self._balance),
            "commission_owed": format_amount(self._owed),
            "bets": {on.value: format_amount(stake) for on, stake in self._bets.items()},
            "locked": sorted(on.value for on in self._locked),
            "phase": self._phase.value,
            "coups": len(self._history),
            "shoe_remaining": self._shoe.remaining,
        }

    def rules(self) -> dict[str, Any]:
        """The table's rules as data: a registered profile and its options, the seed, the
        shuffle version and the opening balance (what the player sat down with)."""
        name, options = profile_options(self._profile)
        return {"profile": name, "options": options, "seed": self._seed,
                "shuffle": self.shuffle_version, "balance": format_amount(self._initial)}

    def to_dict(self) -> dict[str, Any]:
        """The table as a save: its rules and its log; :meth:`from_dict` replays it.

        A save carries no payout, limit or balance after the start: those come from the
        named profile and from replaying the log.
        """
        return {"format": FORMAT, "version": _VERSION, "rules": self.rules(),
                "log": [_log_entry(op) for op in self._log]}

    def to_json(self) -> str:
        return dump_save(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> OnlineTable:
        """Rebuild a table saved by :meth:`to_dict`, replaying its log from the seed.

        Every entry goes through the same checks as the action it records, and a deal must
        give the cards saved; a save that fails is refused with the entry and the reason.
        Saves of versions 1 and 2 were dealt with shuffle version 1 and replay with it;
        version 1 saves are read when their table is a registered profile as it is.
        """
        version = save_version(data, kind="online table", file_format=FORMAT, version=_VERSION)
        if version == 1:
            return cls._from_version_1(data)
        rules = data.get("rules")
        if version == 2:
            if not isinstance(rules, Mapping) or set(rules) != {"profile", "options", "seed",
                                                                "balance"}:
                raise SaveError(message("the rules are missing or have the wrong fields: expected "
                                        "profile, options, seed and balance"), field="rules")
            rules = {**rules, "shuffle": FULL_SHUFFLE}
        elif not isinstance(rules, Mapping) or set(rules) != {"profile", "options", "seed",
                                                              "shuffle", "balance"}:
            raise SaveError(message("the rules are missing or have the wrong fields: expected "
                                    "profile, options, seed, shuffle and balance"), field="rules")
        try:
            table = cls(balance=_text(rules["balance"], "balance"),
                        profile=profile_from_options(rules["profile"], rules["options"]),
                        seed=rules["seed"], shuffle_version=rules["shuffle"])
        except BacaraError as error:
            raise SaveError(message("the rules are refused: {reason}", reason=error.message),
                            field="rules") from None
        replay_log(data.get("log"), table._replay)
        return table

    def _replay(self, op: object) -> None:
        """Take one log entry again, through the same checks as the action it records."""
        if not isinstance(op, Mapping):
            raise NotationError(message("expected an object with an action, got {entry}",
                                        entry=repr(op)))
        action = op.get("action")
        if action not in _LOG_FIELDS:
            raise NotationError(message("unknown action {action}: expected place, change, cancel, "
                                        "deal, next-coup or leave", action=repr(action)))
        if set(op) != _LOG_FIELDS[action]:
            raise NotationError(message("a {action} entry has the fields {fields}", action=action,
                                        fields=", ".join(sorted(_LOG_FIELDS[action]))))
        if action == "place":
            self.place(_text(op["on"], "position"), _text(op["stake"], "stake"))
        elif action == "change":
            self.change(_text(op["on"], "position"), to=_text(op["to"], "position"),
                        stake=_text(op["stake"], "stake"))
        elif action == "cancel":
            self.cancel(_text(op["on"], "position"))
        elif action == "deal":
            if op["coup"] != len(self._history) + 1 or isinstance(op["coup"], bool):
                raise NotationError(message("it deals coup {given}, but coup {coup} is next",
                                            given=repr(op["coup"]), coup=len(self._history) + 1))
            self.verify_deal()
            cards = format_cards(self.deal().coup.cards)
            if op["cards"] != cards:
                raise NotationError(message("the save says coup {coup} was {saved}, but the seed "
                                            "deals {cards!r}", coup=len(self._history),
                                            saved=repr(op["cards"]), cards=cards))
        elif action == "next-coup":
            self.next_coup()
        else:
            self.leave()

    @classmethod
    def _from_version_1(cls, data: Mapping[str, Any]) -> OnlineTable:
        profile = registered_profile(data.get("profile"))
        try:
            table = cls(balance=_text(data["initial_balance"], "balance"), profile=profile,
                        seed=data["seed"], shuffle_version=FULL_SHUFFLE)
            for op in data["log"]:
                table._replay_version_1(op)
        except (KeyError, TypeError, AttributeError) as error:
            raise SaveError(message("saved online table is incomplete or malformed: {error}",
                                    error=repr(error))) from None
        except BacaraError as error:
            raise SaveError(error.message) from None
        if "state" in data and data["state"] != table.state():
            raise SaveError(message("saved online table does not replay: the saved state differs "
                                    "from the replayed one"), field="state")
        return table

    def _replay_version_1(self, op: Mapping[str, Any]) -> None:
        action = op["action"]
        if action == "deal":
            played = self.deal().to_dict()
            if played["cards"] != op["cards"] or played["balance_after"] != op["balance_after"]:
                raise NotationError(message(
                    "saved online table does not replay: coup {coup} was {saved} with balance "
                    "{saved_balance}, the seed gives {cards} with balance {balance}",
                    coup=played["number"], saved=str(op["cards"]),
                    saved_balance=str(op["balance_after"]), cards=played["cards"],
                    balance=played["balance_after"]))
        elif action == "leave":
            self.leave()
        else:
            self._replay({**{key: op[key] for key in _LOG_FIELDS.get(action, {"action"})}})

    @classmethod
    def from_json(cls, text: str) -> OnlineTable:
        """Resume a table from :meth:`to_json` text; a refusal names the line of the text."""
        data = parse_json(text, what="saved online table")
        try:
            return cls.from_dict(data)
        except SaveError as error:
            raise locate(error, text, "saved online table") from None

    def __repr__(self) -> str:
        return (
            f"<OnlineTable {self._profile.name} balance={format_amount(self._balance)} "
            f"phase={self._phase.value} coups={len(self._history)}>"
        )
