"""Chemin de Fer, the full home session (RULES.md system D, seed 002).

3-12 participants start with 100 chips each.  A seeded lot picks the first
banker; a shoe of 6 decks is shuffled once and dealt through, coup after coup,
with no reshuffle and no burn; the session lasts 12 coups unless it ends early.

Seats and directions
--------------------
Seats are numbered ``0 .. n-1`` **clockwise**, in the order the players are
listed.  "Right" and "counter-clockwise" both mean **decreasing seat index**,
wrapping around: seated at the table, the player on your right is the next one
counter-clockwise.  So the player on the banker's right is seat
``(banker - 1) % n``; betting starts there and goes on to ``banker - 2`` and so
on; the bank passes from the banker to ``(banker - 1) % n``.

Where the chips are
-------------------
At every moment each chip is in exactly one place: a player's ``balances``
entry, the ``bank`` (the banker's capital at stake), the banker's personal
``reserve`` (the part of the bank offered that the bets did not cover), or
``stakes`` (the bets on the table).  Their sum never changes.

* Opening or continuing a bank moves chips from the banker's balance (and, if
  the banker chooses, the reserve) into the bank.
* A bet moves chips from the bettor's balance to the table.  When the bets
  close, the uncovered part ``B - S`` moves from the bank to the reserve.
* Bettors win: each gets the stake back plus as much again; the bank loses
  ``S`` (it is empty), the banker's turn ends and the reserve returns to the
  banker's balance.  The banker wins: the bank takes ``S`` (it now holds
  ``2S``), no commission.  Push: the stakes go back to the bettors.
* Retiring, and the end of the session, return the bank and the reserve to
  the banker's balance.

The state machine
-----------------
:attr:`CheminDeFerSession.pending` says what is asked and from whom::

    open-bank  -> banco (calls) -> bets -> coup (free cells) -> [settlement]
        ^                                                          |
        |<------ loss: the option passes to the right -------------|
        |                                                          v
        +<-- retire: succession offer to the right ------------ continue
                                     continue_bank -> banco ...

Every action is a triad, ``verify_x(seat, ...)`` (raises), ``can_x`` (answers)
and ``x`` (acts); a refused action leaves the session exactly as it was.  The
state saves to JSON (:meth:`~CheminDeFerSession.to_json`) and loads back equal.

RULES.md worked example 4 (bank 20, covered 12, the banker wins the coup of
example 3):

>>> from bacara_teach.shoe import Shoe
>>> shoe = Shoe(Shoe.stacked("2♥ A♠ 3♣ 2♦ 9♥ 5♠").remaining_cards()
...             + Shoe.standard(6, seed=1).remaining_cards())
>>> session = CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, shoe=shoe, first_banker=0)
>>> session.open_bank(0, 20)
>>> session.decline_banco(2); session.decline_banco(1)
>>> session.bet(2, 6); session.bet(1, 6)
>>> session.bank, session.reserve, session.pending.actions
(12, 8, ('decide',))
>>> session.decide(2, "draw"); session.decide(0, "draw")
>>> session.bank, session.reserve, session.pending.minimum
(24, 8, 24)
>>> session.can_continue_bank(0, 20), session.can_continue_bank(0, 24)
(False, True)
"""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bacara_teach.cards import parse_cards
from bacara_teach.chemin_de_fer import (
    BANKER,
    BETTOR,
    COUP_CARDS,
    CheminDeFerCoup,
    CoupInPlay,
    Policy,
    View,
    Winner,
    as_punto_banco,
    parse_decision,
)
from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.i18n import resolve_language
from bacara_teach.shoe import Shoe

__all__ = [
    "ACTIONS",
    "COUPS",
    "DECKS",
    "MAX_PLAYERS",
    "MIN_BANK",
    "MIN_BET",
    "MIN_PLAYERS",
    "STARTING_CHIPS",
    "AutoPlayer",
    "CheminDeFerSession",
    "Event",
    "Move",
    "Pending",
    "Phase",
    "describe_event",
    "play_session",
]

STARTING_CHIPS = 100
MIN_PLAYERS = 3
MAX_PLAYERS = 12
DECKS = 6
COUPS = 12
MIN_BANK = 2
MIN_BET = 1

NO_BANK = "nobody can or will open a bank"
NO_BETS = "everyone refused to bet against the bank"
ALL_COUPS = "12 coups played"

_FORMAT_VERSION = 1


class Phase(enum.Enum):
    """What the session is waiting for."""

    OPEN_BANK = "open-bank"
    """A player may open a bank (a new one from 2, or a retiring banker's offer)."""
    CONTINUE = "continue"
    """The banker, after a win or a push, continues (at least the bank) or retires."""
    BANCO = "banco"
    """Players may call banco (cover the whole bank), in priority order."""
    BETS = "bets"
    """Players bet in turn from the banker's right, up to the uncovered remainder."""
    COUP = "coup"
    """The coup is waiting for a decision at a free cell."""
    OVER = "over"
    """The session has ended."""


ACTIONS: Mapping[Phase, tuple[str, ...]] = {
    Phase.OPEN_BANK: ("open_bank", "refuse_bank"),
    Phase.CONTINUE: ("continue_bank", "retire"),
    Phase.BANCO: ("call_banco", "decline_banco"),
    Phase.BETS: ("bet", "decline_bet"),
    Phase.COUP: ("decide",),
    Phase.OVER: (),
}
"""The actions each phase accepts (method names of :class:`CheminDeFerSession`)."""


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision the session waits for, and from whom.

    ``minimum``/``maximum`` bound the amount of an ``open_bank``,
    ``continue_bank`` or ``bet``; ``view`` is what the deciding player may see
    in a coup; ``succession`` marks a retiring banker's offer.
    """

    phase: Phase
    seat: int
    player: str
    actions: tuple[str, ...]
    minimum: int | None = None
    maximum: int | None = None
    view: View | None = None
    succession: bool = False


@dataclass(frozen=True, slots=True)
class Move:
    """One action as data: ``Move("bet", 2, amount=6)``, ``Move("decide", 0, choice="draw")``."""

    action: str
    seat: int
    amount: int | None = None
    choice: str | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the session's log.

    ``kind`` is one of ``lot``, ``open-bank``, ``take-bank``, ``refuse-bank``,
    ``banco``, ``banco-suivi``, ``decline-banco``, ``bet``, ``decline-bet``,
    ``reserve``, ``decide``, ``coup``, ``pay``, ``collect``, ``push``,
    ``reserve-returned``, ``continue``, ``retire``, ``end``; ``seat`` and
    ``amount`` where they apply; ``note`` a short detail (a decision, the
    winner, the reason the session ended).
    """

    kind: str
    seat: int | None = None
    amount: int | None = None
    note: str = ""

    def to_list(self) -> list[Any]:
        return [self.kind, self.seat, self.amount, self.note]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class CheminDeFerSession:
    """A home session of Chemin de Fer; see the module docstring for the rules as played.

    ``players`` are the names, seated clockwise from seat 0.  ``seed`` seeds
    the lot for the first banker and, unless ``shoe`` is given, the 6-deck
    shoe.  ``first_banker`` sets the first banker instead of drawing lots.
    """

    def __init__(
        self,
        players: Sequence[str],
        *,
        seed: int | str,
        shoe: Shoe | None = None,
        first_banker: int | None = None,
    ) -> None:
        names = self._check_players(players)
        n = len(names)
        if shoe is None:
            shoe = Shoe.standard(DECKS, seed=seed, reshuffle="never")
        if shoe.reshuffle != "never":
            raise IllegalAction(
                f"invalid shoe {shoe!r}: Chemin de Fer deals one shuffled shoe through "
                "(reshuffle='never')"
            )
        if shoe.remaining < COUP_CARDS * COUPS:
            raise IllegalAction(
                f"the shoe holds {shoe.remaining} cards; a session of {COUPS} coups may need "
                f"{COUP_CARDS * COUPS}"
            )
        if first_banker is not None and (not _is_int(first_banker) or not 0 <= first_banker < n):
            raise IllegalAction(
                f"invalid first banker {first_banker!r}: expected a seat from 0 to {n - 1}"
            )
        self.players: tuple[str, ...] = names
        self.seed = seed
        self.shoe = shoe
        self.balances: list[int] = [STARTING_CHIPS] * n
        self.banker: int | None = None
        self.bank = 0
        self.reserve = 0
        self.stakes: dict[int, int] = {}
        self.banco_caller: int | None = None
        self.banco_suivi: int | None = None
        self.phase = Phase.OPEN_BANK
        self.queue: list[int] = []
        self.minimum = MIN_BANK
        self.succession = False
        self.neighbour: int | None = None
        self.reserved_turn: int | None = None
        self.coup: CoupInPlay | None = None
        self.coups_played = 0
        self.coups: list[CheminDeFerCoup] = []
        self.events: list[Event] = []
        self.end_reason: str | None = None
        if first_banker is None:
            rng = random.Random(f"chemin-de-fer lot {seed}")
            first_banker = int(rng.random() * n)
        self.events.append(Event("lot", first_banker))
        self._new_bank_round(first_banker)

    @staticmethod
    def _check_players(players: Sequence[str]) -> tuple[str, ...]:
        if isinstance(players, str):
            raise IllegalAction(
                f"invalid players {players!r}: expected a list of names, e.g. ['Ana', 'Luis', 'Eva']"
            )
        names = tuple(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise IllegalAction(
                f"a session needs {MIN_PLAYERS}-{MAX_PLAYERS} participants, got {len(names)}"
                f" ({', '.join(map(str, names)) or 'none'})"
            )
        for name in names:
            if not isinstance(name, str) or not name.strip() or name != name.strip():
                raise IllegalAction(
                    f"invalid player name {name!r}: expected a non-empty name without "
                    "surrounding spaces"
                )
        if len(set(names)) != len(names):
            twice = sorted({n for n in names if names.count(n) > 1})
            raise IllegalAction(f"each player needs a different name; repeated: {', '.join(twice)}")
        return names

    # -- seats and directions -----------------------------------------------------------------
    @property
    def size(self) -> int:
        """The number of participants."""
        return len(self.players)

    def right_of(self, seat: int) -> int:
        """The seat on ``seat``'s right (counter-clockwise: the next lower index, wrapping).

        >>> CheminDeFerSession(["A", "B", "C", "D"], seed=1).right_of(0)
        3
        """
        return (seat - 1) % self.size

    def counter_clockwise(self, start: int) -> list[int]:
        """Every seat once, from ``start`` going to the right."""
        return [(start - i) % self.size for i in range(self.size)]

    def seat_of(self, name: str) -> int:
        """The seat of the player called ``name``."""
        try:
            return self.players.index(name)
        except ValueError:
            raise IllegalAction(
                f"unknown player {name!r}: expected one of {', '.join(self.players)}"
            ) from None

    # -- what is pending --------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def uncovered(self) -> int:
        """The part of the bank not yet covered by bets."""
        return self.bank - sum(self.stakes.values())

    @property
    def active_bettor(self) -> int | None:
        """The bettor who staked most; on equal stakes, the first in betting order."""
        if not self.stakes:
            return None
        top = max(self.stakes.values())
        return next(seat for seat, stake in self.stakes.items() if stake == top)

    def _decider(self) -> int:
        assert self.coup is not None and self.coup.pending is not None
        if self.coup.pending.role == BETTOR:
            active = self.active_bettor
            assert active is not None
            return active
        assert self.banker is not None
        return self.banker

    @property
    def pending(self) -> Pending | None:
        """What is asked now, and from whom; ``None`` once the session is over."""
        phase = self.phase
        if phase is Phase.OVER:
            return None
        actions = ACTIONS[phase]
        if phase is Phase.COUP:
            seat = self._decider()
            assert self.coup is not None
            return Pending(phase, seat, self.players[seat], actions, view=self.coup.pending)
        if phase is Phase.CONTINUE:
            assert self.banker is not None
            seat = self.banker
            return Pending(phase, seat, self.players[seat], actions, minimum=self.bank,
                           maximum=self.bank + self.reserve + self.balances[seat])
        seat = self.queue[0]
        name = self.players[seat]
        if phase is Phase.OPEN_BANK:
            return Pending(phase, seat, name, actions, minimum=self.minimum,
                           maximum=self.balances[seat], succession=self.succession)
        if phase is Phase.BANCO:
            return Pending(phase, seat, name, actions, minimum=self.bank, maximum=self.bank)
        return Pending(phase, seat, name, actions, minimum=MIN_BET,
                       maximum=min(self.balances[seat], self.uncovered))

    def total_chips(self) -> int:
        """Balances + bank + reserve + stakes on the table: constant all session long."""
        return sum(self.balances) + self.bank + self.reserve + sum(self.stakes.values())

    def holdings(self) -> list[int]:
        """What each player owns: balance, plus bank and reserve for the banker, plus stakes."""
        out = list(self.balances)
        if self.banker is not None:
            out[self.banker] += self.bank + self.reserve
        for seat, stake in self.stakes.items():
            out[seat] += stake
        return out

    def ranking(self) -> list[tuple[int, str, int]]:
        """``(place, name, chips)`` from the highest; equal holdings share a place.

        Final once the session is over (banks and reserves are back with their owners).
        """
        chips = self.holdings()
        order = sorted(range(self.size), key=lambda s: (-chips[s], s))
        out: list[tuple[int, str, int]] = []
        for i, seat in enumerate(order):
            place = out[-1][0] if out and out[-1][2] == chips[seat] else i + 1
            out.append((place, self.players[seat], chips[seat]))
        return out

    @property
    def winners(self) -> tuple[str, ...]:
        """The players in first place (several when they share it)."""
        return tuple(name for place, name, _ in self.ranking() if place == 1)

    # -- checks shared by the actions ----------------------------------------------------------
    def _check_seat(self, seat: object, what: str) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.size:
            raise IllegalAction(
                f"cannot {what}: invalid seat {seat!r}; expected a seat from 0 to {self.size - 1}"
            )
        return seat

    def _describe_pending(self) -> str:
        p = self.pending
        if p is None:
            return f"the session is over ({self.end_reason})"
        return f"{p.player} (seat {p.seat}) is asked to {' or '.join(p.actions)}"

    def _check_turn(self, phase: Phase, seat: object, what: str) -> int:
        seat = self._check_seat(seat, what)
        pending = self.pending
        if pending is None or pending.phase is not phase:
            raise IllegalAction(f"cannot {what} now: {self._describe_pending()}")
        if pending.seat != seat:
            raise IllegalAction(
                f"{self.players[seat]} (seat {seat}) cannot {what}: it is "
                f"{pending.player}'s turn (seat {pending.seat})"
            )
        return seat

    @staticmethod
    def _check_amount(amount: object, what: str, low: int, high: int) -> int:
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalAction(f"cannot {what} {amount!r}: expected a whole number of chips")
        if high < low:
            raise IllegalAction(
                f"cannot {what} {amount}: the minimum is {low} and only {high} is available"
            )
        if not low <= amount <= high:
            raise IllegalAction(f"cannot {what} {amount}: expected a whole number from {low} to {high}")
        return amount

    # -- open a bank (new, or a retiring banker's offer) ----------------------------------------
    def verify_open_bank(self, seat: int, amount: int) -> None:
        """Raise unless ``seat`` may open the bank with ``amount`` chips now."""
        what = "take the bank" if self.succession else "open a bank"
        seat = self._check_turn(Phase.OPEN_BANK, seat, what)
        self._check_amount(amount, f"{what} with", self.minimum, self.balances[seat])

    def can_open_bank(self, seat: int, amount: int) -> bool:
        return self._can(self.verify_open_bank, seat, amount)

    def open_bank(self, seat: int, amount: int) -> None:
        """Open a bank of ``amount`` chips (at least 2, or the offer's minimum in a succession)."""
        self.verify_open_bank(seat, amount)
        self.balances[seat] -= amount
        self.banker, self.bank, self.reserve = seat, amount, 0
        self.events.append(Event("take-bank" if self.succession else "open-bank", seat, amount))
        if self.succession and seat != self.neighbour:
            self.reserved_turn = self.neighbour
        if self.reserved_turn == seat:
            self.reserved_turn = None
        self.succession, self.neighbour, self.minimum = False, None, MIN_BANK
        self._start_calls()

    def verify_refuse_bank(self, seat: int) -> None:
        """Raise unless ``seat`` is the one asked to open (or take) the bank now."""
        self._check_turn(Phase.OPEN_BANK, seat, "refuse the bank")

    def can_refuse_bank(self, seat: int) -> bool:
        return self._can(self.verify_refuse_bank, seat)

    def refuse_bank(self, seat: int) -> None:
        """Decline to open (or take) the bank; the option passes on to the right."""
        self.verify_refuse_bank(seat)
        self.events.append(Event("refuse-bank", seat))
        self.queue.pop(0)
        if self.queue:
            return
        if self.succession:
            assert self.neighbour is not None
            self._new_bank_round(self.neighbour)
        else:
            self._end(NO_BANK)

    def _new_bank_round(self, start: int) -> None:
        """The option to open a new bank, from ``start`` to the right, skipping who cannot."""
        self.phase, self.succession, self.neighbour, self.minimum = (
            Phase.OPEN_BANK, False, None, MIN_BANK)
        self.queue = [s for s in self.counter_clockwise(start) if self.balances[s] >= MIN_BANK]
        if not self.queue:
            self._end(NO_BANK)

    # -- banco calls ------------------------------------------------------------------------------
    def _start_calls(self) -> None:
        assert self.banker is not None
        self.phase = Phase.BANCO
        order = [s for s in self.counter_clockwise(self.right_of(self.banker)) if s != self.banker]
        suivi = self.banco_suivi
        if suivi is not None and suivi != self.banker:
            order.remove(suivi)
            order.insert(0, suivi)
        self.queue = [s for s in order if self.balances[s] >= self.bank]
        if not self.queue:
            self._start_bets()

    def verify_call_banco(self, seat: int) -> None:
        """Raise unless ``seat`` may call banco (cover the whole bank) now."""
        self._check_turn(Phase.BANCO, seat, "call banco")

    def can_call_banco(self, seat: int) -> bool:
        return self._can(self.verify_call_banco, seat)

    def call_banco(self, seat: int) -> None:
        """Cover the whole bank alone ("banco"; "banco suivi" for last coup's losing caller)."""
        self.verify_call_banco(seat)
        self.balances[seat] -= self.bank
        self.stakes = {seat: self.bank}
        self.banco_caller = seat
        self.events.append(Event("banco-suivi" if seat == self.banco_suivi else "banco", seat,
                                 self.bank))
        self._close_bets()

    def verify_decline_banco(self, seat: int) -> None:
        """Raise unless ``seat`` is the one asked about banco now."""
        self._check_turn(Phase.BANCO, seat, "decline banco")

    def can_decline_banco(self, seat: int) -> bool:
        return self._can(self.verify_decline_banco, seat)

    def decline_banco(self, seat: int) -> None:
        """Do not call banco; the next caller in priority is asked, then the bets begin."""
        self.verify_decline_banco(seat)
        self.events.append(Event("decline-banco", seat))
        self.queue.pop(0)
        if not self.queue:
            self._start_bets()

    # -- bets in turn ---------------------------------------------------------------------------
    def _start_bets(self) -> None:
        assert self.banker is not None
        self.phase = Phase.BETS
        order = self.counter_clockwise(self.right_of(self.banker))
        self.queue = [s for s in order if s != self.banker and self.balances[s] >= MIN_BET]
        if not self.queue:
            self._close_bets()

    def verify_bet(self, seat: int, amount: int) -> None:
        """Raise unless ``seat`` may bet ``amount`` now (1 up to balance and uncovered rest)."""
        seat = self._check_turn(Phase.BETS, seat, "bet")
        self._check_amount(amount, "bet", MIN_BET, min(self.balances[seat], self.uncovered))

    def can_bet(self, seat: int, amount: int) -> bool:
        return self._can(self.verify_bet, seat, amount)

    def bet(self, seat: int, amount: int) -> None:
        """Stake ``amount`` against the bank."""
        self.verify_bet(seat, amount)
        self.balances[seat] -= amount
        self.stakes[seat] = amount
        self.events.append(Event("bet", seat, amount))
        self.queue.pop(0)
        if not self.queue or self.uncovered == 0:
            self._close_bets()

    def verify_decline_bet(self, seat: int) -> None:
        """Raise unless ``seat`` is the one asked to bet now."""
        self._check_turn(Phase.BETS, seat, "decline to bet")

    def can_decline_bet(self, seat: int) -> bool:
        return self._can(self.verify_decline_bet, seat)

    def decline_bet(self, seat: int) -> None:
        """Do not bet this coup."""
        self.verify_decline_bet(seat)
        self.events.append(Event("decline-bet", seat))
        self.queue.pop(0)
        if not self.queue:
            self._close_bets()

    def _close_bets(self) -> None:
        assert self.banker is not None
        self.queue = []
        covered = sum(self.stakes.values())
        if covered == 0:
            self._end(NO_BETS)
            return
        set_aside = self.bank - covered
        if set_aside:
            self.reserve += set_aside
            self.bank = covered
            self.events.append(Event("reserve", self.banker, set_aside))
        self.banco_suivi = None
        self.phase = Phase.COUP
        self.coup = CoupInPlay.from_shoe(self.shoe, bettors=len(self.stakes))
        if self.coup.done:
            self._settle()

    # -- the coup's free cells --------------------------------------------------------------------
    def verify_decide(self, seat: int, choice: object) -> None:
        """Raise unless ``seat`` is the player asked at a free cell and ``choice`` is draw/stand."""
        self._check_turn(Phase.COUP, seat, "decide")
        assert self.coup is not None
        self.coup.verify_decide(choice)

    def can_decide(self, seat: int, choice: object) -> bool:
        return self._can(self.verify_decide, seat, choice)

    def decide(self, seat: int, choice: object) -> None:
        """Answer the free cell: ``"draw"`` or ``"stand"`` (the active bettor decides for all)."""
        self.verify_decide(seat, choice)
        assert self.coup is not None and self.coup.pending is not None
        role = self.coup.pending.role
        decision = parse_decision(choice)
        self.coup.decide(decision)
        self.events.append(Event("decide", seat, note=f"{role}:{decision.value}"))
        if self.coup.done:
            self._settle()

    def _settle(self) -> None:
        assert self.coup is not None and self.banker is not None
        coup = self.coup.deal_from(self.shoe)
        self.coup = None
        self.coups.append(coup)
        self.coups_played += 1
        covered = sum(self.stakes.values())
        winner = coup.winner
        self.events.append(Event("coup", self.banker, covered, winner.value))
        stakes, self.stakes = self.stakes, {}
        caller, self.banco_caller = self.banco_caller, None
        if winner is Winner.BETTOR:
            for seat, stake in stakes.items():
                self.balances[seat] += 2 * stake
                self.events.append(Event("pay", seat, stake))
            self.bank -= covered
            loser = self.banker
            self._release_bank()
            if self.coups_played >= COUPS:
                self._end(ALL_COUPS)
                return
            start = self.right_of(loser)
            if self.reserved_turn is not None and self.reserved_turn != loser:
                start = self.reserved_turn
            self.reserved_turn = None
            self._new_bank_round(start)
            return
        if winner is Winner.BANKER:
            self.bank += covered
            self.events.append(Event("collect", self.banker, covered))
            self.banco_suivi = caller
        else:
            for seat, stake in stakes.items():
                self.balances[seat] += stake
            self.events.append(Event("push", self.banker, covered))
        if self.coups_played >= COUPS:
            self._end(ALL_COUPS)
            return
        self.phase, self.queue = Phase.CONTINUE, []

    def _release_bank(self) -> None:
        """The banker's turn ends: bank and reserve go back to the banker's balance."""
        assert self.banker is not None
        banker = self.banker
        if self.reserve:
            self.events.append(Event("reserve-returned", banker, self.reserve))
        self.balances[banker] += self.bank + self.reserve
        self.banker, self.bank, self.reserve = None, 0, 0

    # -- after a win or a push: continue or retire ------------------------------------------------
    def verify_continue_bank(self, seat: int, amount: int) -> None:
        """Raise unless the banker may go on with a bank of ``amount``.

        At least the bank as it stands (2S after a win, S after a push), at most
        that plus the reserve plus the banker's balance.
        """
        seat = self._check_turn(Phase.CONTINUE, seat, "continue the bank")
        self._check_amount(amount, "continue the bank with", self.bank,
                           self.bank + self.reserve + self.balances[seat])

    def can_continue_bank(self, seat: int, amount: int) -> bool:
        return self._can(self.verify_continue_bank, seat, amount)

    def continue_bank(self, seat: int, amount: int) -> None:
        """Go on with a bank of ``amount``; chips beyond the bank come from the reserve
        first, then from the banker's balance."""
        self.verify_continue_bank(seat, amount)
        extra = amount - self.bank
        from_reserve = min(extra, self.reserve)
        self.reserve -= from_reserve
        self.balances[seat] -= extra - from_reserve
        self.bank = amount
        self.events.append(Event("continue", seat, amount))
        self._start_calls()

    def verify_retire(self, seat: int) -> None:
        """Raise unless ``seat`` is the banker deciding whether to continue."""
        self._check_turn(Phase.CONTINUE, seat, "retire")

    def can_retire(self, seat: int) -> bool:
        return self._can(self.verify_retire, seat)

    def retire(self, seat: int) -> None:
        """Give up the bank: it is offered to the right for at least the mandatory amount.

        The offer goes to the immediate neighbour first, then on to the right
        (players who cannot cover the amount are skipped).  If the neighbour
        takes it, that is the neighbour's normal turn.  If someone further along
        takes it, the neighbour keeps the normal turn: when a bank is next lost,
        the option to open a new bank goes to the neighbour first.  If nobody
        takes it, the neighbour may open a new bank from 2, and the option goes
        on to the right from there.
        """
        self.verify_retire(seat)
        mandatory = self.bank
        self.events.append(Event("retire", seat, mandatory))
        self._release_bank()
        neighbour = self.right_of(seat)
        self.phase, self.succession, self.neighbour, self.minimum = (
            Phase.OPEN_BANK, True, neighbour, mandatory)
        self.queue = [s for s in self.counter_clockwise(neighbour)
                      if s != seat and self.balances[s] >= mandatory]
        if not self.queue:
            self._new_bank_round(neighbour)

    # -- the end ------------------------------------------------------------------------------
    def _end(self, reason: str) -> None:
        if self.banker is not None:
            self._release_bank()
        self.phase, self.queue, self.end_reason = Phase.OVER, [], reason
        self.succession, self.neighbour = False, None
        self.events.append(Event("end", note=reason))

    # -- moves as data --------------------------------------------------------------------------
    @staticmethod
    def _can(verify: Any, *args: object) -> bool:
        try:
            verify(*args)
        except BacaraError:
            return False
        return True

    def _move_call(self, move: Move, prefix: str) -> tuple[Any, tuple[object, ...]]:
        if not isinstance(move, Move) or move.action not in _ALL_ACTIONS:
            action = getattr(move, "action", move)
            raise IllegalAction(
                f"unknown action {action!r}: expected one of {', '.join(_ALL_ACTIONS)}"
            )
        method = getattr(self, prefix + move.action)
        if move.action in ("open_bank", "bet", "continue_bank"):
            return method, (move.seat, move.amount)
        if move.action == "decide":
            return method, (move.seat, move.choice)
        return method, (move.seat,)

    def verify(self, move: Move) -> None:
        """Raise unless ``move`` may be played now."""
        method, args = self._move_call(move, "verify_")
        method(*args)

    def can(self, move: Move) -> bool:
        """Whether ``move`` may be played now."""
        try:
            self.verify(move)
        except BacaraError:
            return False
        return True

    def apply(self, move: Move) -> None:
        """Play ``move`` (refused, with nothing changed, if it is not allowed now)."""
        method, args = self._move_call(move, "")
        method(*args)

    # -- saving and loading -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data; :meth:`from_dict` rebuilds an equal session."""
        return {
            "format": _FORMAT_VERSION,
            "players": list(self.players),
            "seed": self.seed,
            "balances": list(self.balances),
            "banker": self.banker,
            "bank": self.bank,
            "reserve": self.reserve,
            "stakes": [[seat, stake] for seat, stake in self.stakes.items()],
            "banco_caller": self.banco_caller,
            "banco_suivi": self.banco_suivi,
            "phase": self.phase.value,
            "queue": list(self.queue),
            "minimum": self.minimum,
            "succession": self.succession,
            "neighbour": self.neighbour,
            "reserved_turn": self.reserved_turn,
            "coup": None if self.coup is None else self.coup.to_dict(),
            "coups_played": self.coups_played,
            "coups": [_coup_data(c) for c in self.coups],
            "events": [e.to_list() for e in self.events],
            "end_reason": self.end_reason,
            "shoe": {"decks": self.shoe.decks, "seed": self.shoe.seed,
                     "cards": [str(c) for c in self.shoe.remaining_cards()]},
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CheminDeFerSession:
        """Rebuild a session saved with :meth:`to_dict`."""
        try:
            return cls._from_dict(data)
        except BacaraError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise NotationError(f"invalid saved session: {error!r}") from None

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> CheminDeFerSession:
        if data.get("format") != _FORMAT_VERSION:
            raise NotationError(
                f"invalid saved session: format {data.get('format')!r}, expected {_FORMAT_VERSION}"
            )
        self = cls.__new__(cls)
        self.players = cls._check_players(data["players"])
        self.seed = data["seed"]
        shoe_data = data["shoe"]
        shoe = Shoe(parse_cards(shoe_data["cards"]), decks=shoe_data["decks"], reshuffle="never")
        shoe.seed = shoe_data["seed"]
        self.shoe = shoe
        self.balances = [int(b) for b in data["balances"]]
        self.banker = data["banker"]
        self.bank = int(data["bank"])
        self.reserve = int(data["reserve"])
        self.stakes = {int(seat): int(stake) for seat, stake in data["stakes"]}
        self.banco_caller = data["banco_caller"]
        self.banco_suivi = data["banco_suivi"]
        self.phase = Phase(data["phase"])
        self.queue = [int(s) for s in data["queue"]]
        self.minimum = int(data["minimum"])
        self.succession = bool(data["succession"])
        self.neighbour = data["neighbour"]
        self.reserved_turn = data["reserved_turn"]
        self.coup = None if data["coup"] is None else CoupInPlay.from_dict(data["coup"])
        self.coups_played = int(data["coups_played"])
        self.coups = [CheminDeFerCoup.from_dict(c) for c in data["coups"]]
        self.events = [Event(kind, seat, amount, note) for kind, seat, amount, note in data["events"]]
        self.end_reason = data["end_reason"]
        if self.total_chips() != STARTING_CHIPS * self.size or min(self.balances) < 0:
            raise NotationError(
                f"invalid saved session: the chips add up to {self.total_chips()}, "
                f"expected {STARTING_CHIPS * self.size} with no negative balance"
            )
        if self.shoe.remaining < COUP_CARDS * (COUPS - self.coups_played):
            raise NotationError(
                f"invalid saved session: {self.shoe.remaining} cards left for "
                f"{COUPS - self.coups_played} coups"
            )
        return self

    @classmethod
    def from_json(cls, text: str) -> CheminDeFerSession:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise NotationError(f"invalid saved session: not JSON ({error})") from None
        if not isinstance(data, dict):
            raise NotationError("invalid saved session: expected a JSON object")
        return cls.from_dict(data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CheminDeFerSession):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def status(self, lang: str | None = None) -> str:
        """Where the session stands, in ``lang`` (``None``: the default language).

        >>> session = CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, first_banker=0)
        >>> session.status("en")
        'coup 0 of 12; Ana (seat 0) is asked to open_bank or refuse_bank'
        >>> session.status("es")
        'coup 0 de 12; se espera que Ana (asiento 0) elija open_bank o refuse_bank'
        """
        words = _STATUS_TEXT[resolve_language(lang)]
        head = words["head"].format(played=self.coups_played, coups=COUPS)
        p = self.pending
        if self.over or p is None:
            return words["over"].format(head=head, reason=_end_reason(self.end_reason, lang))
        return words["pending"].format(head=head, player=p.player, seat=p.seat,
                                       actions=words["or"].join(p.actions))

    def __repr__(self) -> str:
        """A summary in the default language (it is what a notebook shows): see :meth:`status`."""
        return f"<CheminDeFerSession {', '.join(self.players)}: {self.status()}>"


_ALL_ACTIONS: tuple[str, ...] = tuple(a for actions in ACTIONS.values() for a in actions)


def _coup_data(coup: CheminDeFerCoup) -> dict[str, Any]:
    return {"cards": [str(c) for c in coup.cards], "bettors": coup.bettors,
            "decisions": {BETTOR: None if coup.bettor_choice is None else coup.bettor_choice.value,
                          BANKER: None if coup.banker_choice is None else coup.banker_choice.value}}


# -- the log in words -----------------------------------------------------------------------------

_EVENT_TEXT = {
    "lot": "The lot names {name} (seat {seat}) first banker.",
    "open-bank": "{name} opens a bank of {amount}.",
    "take-bank": "{name} takes over the bank for {amount}.",
    "refuse-bank": "{name} does not take the bank.",
    "banco": "{name} calls banco and covers all {amount}.",
    "banco-suivi": "{name} calls banco suivi and covers all {amount}.",
    "decline-banco": "{name} does not call banco.",
    "bet": "{name} bets {amount}.",
    "decline-bet": "{name} does not bet.",
    "reserve": "{amount} of the bank is not covered and goes to {name}'s reserve.",
    "decide": "{name}, as {note}.",
    "coup": "Coup played against {name}'s bank ({amount} covered): {note}.",
    "pay": "{name} wins {amount}.",
    "collect": "{name}'s bank wins {amount}.",
    "push": "Push: the stakes ({amount}) go back to the bettors.",
    "reserve-returned": "{name}'s reserve of {amount} goes back to {name}.",
    "continue": "{name} continues with a bank of {amount}.",
    "retire": "{name} retires; the bank of {amount} goes back to {name}.",
    "end": "The session ends: {note}.",
}


_EVENT_TEXT_ES = {
    "lot": "El sorteo designa a {name} (asiento {seat}) como primera banca.",
    "open-bank": "{name} abre una banca de {amount}.",
    "take-bank": "{name} se queda con la banca por {amount}.",
    "refuse-bank": "{name} no toma la banca.",
    "banco": "{name} dice banco y cubre los {amount}.",
    "banco-suivi": "{name} dice banco suivi y cubre los {amount}.",
    "decline-banco": "{name} no dice banco.",
    "bet": "{name} apuesta {amount}.",
    "decline-bet": "{name} no apuesta.",
    "reserve": "{amount} de la banca quedan sin cubrir y pasan a la reserva de {name}.",
    "decide": "{name}, como {note}.",
    "coup": "Se juega un coup contra la banca de {name} ({amount} cubiertos): {note}.",
    "pay": "{name} gana {amount}.",
    "collect": "La banca de {name} gana {amount}.",
    "push": "Empate: las apuestas ({amount}) vuelven a los apostadores.",
    "reserve-returned": "{name} recupera su reserva de {amount}.",
    "continue": "{name} sigue con una banca de {amount}.",
    "retire": "{name} se retira y recupera la banca de {amount}.",
    "end": "La sesión termina: {note}.",
}
_COUP_NOTE_ES = {"bettor": "gana el punto", "banker": "gana la banca", "push": "empate"}
_DECISION_ES = {"draw": "robar", "stand": "plantarse"}
_END_REASONS_ES = {
    NO_BANK: "nadie puede o quiere abrir una banca",
    NO_BETS: "nadie quiso apostar contra la banca",
    ALL_COUPS: "se jugaron los 12 coups",
}
_STATUS_TEXT = {
    "en": {"head": "coup {played} of {coups}", "over": "{head}; {reason}",
           "pending": "{head}; {player} (seat {seat}) is asked to {actions}", "or": " or "},
    "es": {"head": "coup {played} de {coups}", "over": "{head}; {reason}",
           "pending": "{head}; se espera que {player} (asiento {seat}) elija {actions}",
           "or": " o "},
}


def _end_reason(reason: str | None, lang: str | None) -> str:
    """Why a session ended, in ``lang`` (the saved reason is the English one)."""
    text = reason or ""
    return _END_REASONS_ES.get(text, text) if resolve_language(lang) == "es" else text


def describe_event(event: Event, players: Sequence[str], lang: str | None = None) -> str:
    """One log entry in words, in ``lang`` (``None``: the default language).

    >>> describe_event(Event("bet", 1, 6), ["Ana", "Luis", "Eva"], "en")
    'Luis bets 6.'
    >>> describe_event(Event("decide", 0, note="banker:draw"), ["Ana", "Luis"], "es")
    'Ana, como banca, decide robar.'
    >>> describe_event(Event("end", note=ALL_COUPS), ["Ana", "Luis"], "es")
    'La sesión termina: se jugaron los 12 coups.'
    """
    lang = resolve_language(lang)
    name = "" if event.seat is None else players[event.seat]
    note = event.note
    if lang == "es":
        if event.kind == "decide":
            role, _, decision = note.partition(":")
            who = "punto activo" if role == BETTOR else "banca"
            note = f"{who}, decide {_DECISION_ES.get(decision, decision)}"
        elif event.kind == "coup":
            note = _COUP_NOTE_ES.get(note, note)
        elif event.kind == "end":
            note = _end_reason(note, lang)
        return _EVENT_TEXT_ES[event.kind].format(name=name, seat=event.seat, amount=event.amount,
                                                 note=note)
    if event.kind == "decide":
        role, _, decision = note.partition(":")
        note = f"{'the active bettor' if role == BETTOR else 'the banker'}, chooses to {decision}"
    return _EVENT_TEXT[event.kind].format(name=name, seat=event.seat, amount=event.amount,
                                          note=note)


# -- automatic players ------------------------------------------------------------------------------


class AutoPlayer:
    """A seeded automatic player: picks a legal move for whatever is pending.

    Coup decisions go to ``coup_policy`` (Punto Banco's table by default),
    which sees only the :class:`~bacara_teach.chemin_de_fer.View`.  Chips are
    chosen from a seeded generator, so a seed replays the same choices.
    """

    def __init__(self, *, seed: int | str, coup_policy: Policy = as_punto_banco) -> None:
        self.seed = seed
        self.coup_policy = coup_policy
        self._rng = random.Random(f"chemin-de-fer player {seed}")

    def _chance(self, p: float) -> bool:
        return self._rng.random() < p

    def _between(self, low: int, high: int) -> int:
        return low + int(self._rng.random() * (high - low + 1))

    def choose(self, session: CheminDeFerSession) -> Move:
        """The move this player makes for ``session.pending``."""
        p = session.pending
        if p is None:
            raise IllegalAction("the session is over: there is nothing to decide")
        seat, phase = p.seat, p.phase
        low, high = p.minimum or 0, p.maximum or 0
        if phase is Phase.OPEN_BANK:
            if high >= low and self._chance(0.5 if p.succession else 0.85):
                amount = low if p.succession else self._between(low, min(high, 20))
                return Move("open_bank", seat, amount=amount)
            return Move("refuse_bank", seat)
        if phase is Phase.CONTINUE:
            if self._chance(0.6):
                return Move("continue_bank", seat, amount=low)
            return Move("retire", seat)
        if phase is Phase.BANCO:
            return Move("call_banco" if self._chance(0.1) else "decline_banco", seat)
        if phase is Phase.BETS:
            if high >= low and self._chance(0.75):
                return Move("bet", seat, amount=self._between(low, min(high, 10)))
            return Move("decline_bet", seat)
        assert p.view is not None
        return Move("decide", seat, choice=parse_decision(self.coup_policy(p.view)).value)

    def act(self, session: CheminDeFerSession) -> Move:
        """Choose a move and play it; returns the move."""
        move = self.choose(session)
        session.apply(move)
        return move


def play_session(
    players: Sequence[str],
    *,
    seed: int | str,
    auto: Mapping[int, AutoPlayer] | None = None,
) -> CheminDeFerSession:
    """A whole session played by automatic players (one per seat, seeded from ``seed``)."""
    session = CheminDeFerSession(players, seed=seed)
    robots = dict(auto or {})
    for seat in range(session.size):
        robots.setdefault(seat, AutoPlayer(seed=f"{seed}/{seat}"))
    while (pending := session.pending) is not None:
        robots[pending.seat].act(session)
    return session

