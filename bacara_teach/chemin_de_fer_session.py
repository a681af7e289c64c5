"""Chemin de Fer, the full home session (the home Chemin de Fer rules).

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
session is its rules (:class:`CheminDeFerRules`, the roster, the seed) plus the log of
the moves played (:attr:`~CheminDeFerSession.log`); its state is what replaying that log
gives and is read through properties only.  A save (:meth:`~CheminDeFerSession.to_json`)
is the rules and the log, and resuming replays every move through the same checks.

The worked example of the home Chemin de Fer rules (bank 20, covered 12, the banker wins
the worked coup of :mod:`bacara_teach.chemin_de_fer`):

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
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from bacara_teach.cards import Card, format_cards, parse_cards
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
from bacara_teach.saves import SaveError, check_seed, dump_save, locate, parse_json, replay_log
from bacara_teach.shoe import MAX_DECKS, MIN_DECKS, Shoe
from bacara_teach.text import N_, Message, message, nmessage, pmessage, tr

__all__ = [
    "ACTIONS",
    "ACTION_WORDS",
    "CHEMIN_DE_FER_RULES",
    "COUPS",
    "DECKS",
    "FORMAT",
    "MAX_PLAYERS",
    "MIN_BANK",
    "MIN_BET",
    "MIN_PLAYERS",
    "RULES",
    "STARTING_CHIPS",
    "AutoPlayer",
    "CheminDeFerRules",
    "CheminDeFerSession",
    "Event",
    "Move",
    "Pending",
    "Phase",
    "describe_event",
    "play_session",
]



def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class CheminDeFerRules:
    """The rules of a Chemin de Fer home session as one frozen value (the home Chemin de Fer rules by default).

    Every number the session plays by is here, checked once: the chips each player starts
    with, the size of the table, the shoe, the length of the session, the smallest bank and
    the smallest bet.  The session reads them from its :attr:`CheminDeFerSession.rules`.

    >>> RULES.starting_chips, RULES.coups, RULES.min_bank
    (100, 12, 2)
    >>> CheminDeFerRules(min_bank=0)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: Chemin de Fer rules 'home': invalid min_bank 0: expected a whole number of at least 1
    """

    name: str = "home"
    starting_chips: int = 100
    min_players: int = 3
    max_players: int = 12
    decks: int = 6
    coups: int = 12
    min_bank: int = 2
    min_bet: int = 1

    def __post_init__(self) -> None:
        where = message("Chemin de Fer rules {name!r}", name=self.name)
        for field in ("starting_chips", "min_players", "max_players", "decks", "coups",
                      "min_bank", "min_bet"):
            value = getattr(self, field)
            if not _is_int(value) or value < 1 or value > 10**9:
                raise IllegalAction(message(
                    "{where}: invalid {field} {value}: expected a whole number of at least 1",
                    where=where, field=field, value=repr(value)))
        if self.max_players < self.min_players or self.min_players < 2:
            raise IllegalAction(message(
                "{where}: invalid table size {low}-{high}: expected at least 2 players and a "
                "maximum no lower than the minimum", where=where, low=self.min_players,
                high=self.max_players))
        if not MIN_DECKS <= self.decks <= MAX_DECKS:
            raise IllegalAction(message("{where}: invalid decks {decks}: expected {low} to {high}",
                                        where=where, decks=self.decks, low=MIN_DECKS,
                                        high=MAX_DECKS))


RULES = CheminDeFerRules()
"""The home Chemin de Fer rules: 100 chips each, 3-12 players, 6 decks, 12 coups, bank from 2, bet from 1."""

CHEMIN_DE_FER_RULES: Mapping[str, CheminDeFerRules] = MappingProxyType({RULES.name: RULES})
"""The registered Chemin de Fer rules, by name (a save names its rules, never its numbers)."""

STARTING_CHIPS = RULES.starting_chips
MIN_PLAYERS = RULES.min_players
MAX_PLAYERS = RULES.max_players
DECKS = RULES.decks
COUPS = RULES.coups
MIN_BANK = RULES.min_bank
MIN_BET = RULES.min_bet

NO_BANK = N_("nobody can or will open a bank")
NO_BETS = N_("everyone refused to bet against the bank")
ALL_COUPS = "all-coups"
"""The reason a session ends when its every coup has been played (its words name the session's
own number of coups: :func:`end_message`)."""

FORMAT = "bacara-teach/chemin-de-fer-session"
_VERSION = 2


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

    def to_dict(self) -> dict[str, Any]:
        """The move as an entry of a save's log.

        >>> Move("bet", 2, amount=6).to_dict()
        {'action': 'bet', 'seat': 2, 'amount': 6}
        """
        data: dict[str, Any] = {"action": self.action, "seat": self.seat}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.choice is not None:
            data["choice"] = self.choice
        return data

    @classmethod
    def from_dict(cls, data: object) -> Move:
        """A move read from a save's log; its fields must fit its action.

        >>> Move.from_dict({"action": "decide", "seat": 0, "choice": "draw"})
        Move(action='decide', seat=0, amount=None, choice='draw')
        >>> Move.from_dict({"action": "bet", "seat": 0})
        Traceback (most recent call last):
        ...
        bacara_teach.errors.NotationError: invalid move {'action': 'bet', 'seat': 0}: a bet move has the fields action, amount, seat
        """
        if not isinstance(data, Mapping) or data.get("action") not in _ALL_ACTIONS:
            action = data.get("action") if isinstance(data, Mapping) else data
            raise NotationError(message("unknown move {action}: expected one of {names}",
                                        action=repr(action), names=", ".join(_ALL_ACTIONS)))
        action = data["action"]
        fields = {"action", "seat"}
        if action in ("open_bank", "bet", "continue_bank"):
            fields.add("amount")
        elif action == "decide":
            fields.add("choice")
        if set(data) != fields:
            raise NotationError(message("invalid move {move}: a {action} move has the fields {fields}",
                                        move=repr(dict(data)), action=action.replace("_", " "),
                                        fields=", ".join(sorted(fields))))
        return cls(action, data["seat"], amount=data.get("amount"), choice=data.get("choice"))


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
        rules: CheminDeFerRules = RULES,
    ) -> None:
        if not isinstance(rules, CheminDeFerRules):
            raise IllegalAction(message("invalid rules {rules}: expected CheminDeFerRules",
                                        rules=repr(rules)))
        self._rules = rules
        names = self._check_players(players)
        n = len(names)
        seed = check_seed(seed)
        seeded = shoe is None
        if shoe is None:
            shoe = Shoe.standard(self._rules.decks, seed=seed, reshuffle="never")
        if not isinstance(shoe, Shoe) or shoe.reshuffle != "never":
            raise IllegalAction(message("invalid shoe {shoe}: Chemin de Fer deals one shuffled shoe "
                                        "through (reshuffle='never')", shoe=repr(shoe)))
        if shoe.remaining < COUP_CARDS * self._rules.coups:
            raise IllegalAction(message(
                "the shoe holds {cards} cards; a session of {coups} coups may need {need}",
                cards=shoe.remaining, coups=self._rules.coups, need=COUP_CARDS * self._rules.coups))
        if first_banker is not None and (not _is_int(first_banker) or not 0 <= first_banker < n):
            raise IllegalAction(message("invalid first banker {seat}: expected a seat from 0 to "
                                        "{last}", seat=repr(first_banker), last=n - 1))
        self._players: tuple[str, ...] = names
        self._seed = seed
        self._shoe = shoe
        self._stacked: tuple[Card, ...] | None = None if seeded else shoe.remaining_cards()
        self._lot_drawn = first_banker is None
        self._log: list[Move] = []
        self._balances: list[int] = [self._rules.starting_chips] * n
        self._banker: int | None = None
        self._bank = 0
        self._reserve = 0
        self._stakes: dict[int, int] = {}
        self._banco_caller: int | None = None
        self._banco_suivi: int | None = None
        self._phase = Phase.OPEN_BANK
        self._queue: list[int] = []
        self._minimum = self._rules.min_bank
        self._succession = False
        self._neighbour: int | None = None
        self._reserved_turn: int | None = None
        self._coup: CoupInPlay | None = None
        self._coups_played = 0
        self._coups: list[CheminDeFerCoup] = []
        self._events: list[Event] = []
        self._end_reason: str | None = None
        if first_banker is None:
            rng = random.Random(f"chemin-de-fer lot {seed}")
            first_banker = int(rng.random() * n)
        self._first_banker = first_banker
        self._events.append(Event("lot", first_banker))
        self._new_bank_round(first_banker)

    # -- reading the state (nothing here can be set from outside) ------------------------------
    @property
    def rules(self) -> CheminDeFerRules:
        """The rules the session plays by."""
        return self._rules

    @property
    def players(self) -> tuple[str, ...]:
        """The names, seated clockwise from seat 0."""
        return self._players

    @property
    def seed(self) -> int | str:
        return self._seed

    @property
    def first_banker(self) -> int:
        """The seat of the first banker (drawn by lot unless it was given)."""
        return self._first_banker

    @property
    def shoe(self) -> Shoe:
        """A copy of the shoe as it stands (the cards still to come, in order)."""
        copy = Shoe(self._shoe.remaining_cards(), decks=self._shoe.decks, reshuffle="never")
        copy.seed = self._shoe.seed
        return copy

    @property
    def balances(self) -> list[int]:
        """Each seat's chips in hand (a copy)."""
        return list(self._balances)

    @property
    def banker(self) -> int | None:
        return self._banker

    @property
    def bank(self) -> int:
        """The banker's capital at stake."""
        return self._bank

    @property
    def reserve(self) -> int:
        """The part of the bank offered that the bets did not cover, set aside for the banker."""
        return self._reserve

    @property
    def stakes(self) -> dict[int, int]:
        """The bets on the table by seat (a copy)."""
        return dict(self._stakes)

    @property
    def banco_caller(self) -> int | None:
        return self._banco_caller

    @property
    def banco_suivi(self) -> int | None:
        """Last coup's losing banco caller, first to be asked this coup."""
        return self._banco_suivi

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def queue(self) -> list[int]:
        """The seats still to be asked in this phase, in order (a copy)."""
        return list(self._queue)

    @property
    def minimum(self) -> int:
        """The smallest bank that may be opened now."""
        return self._minimum

    @property
    def succession(self) -> bool:
        """True while a retiring banker's bank is offered to the right."""
        return self._succession

    @property
    def neighbour(self) -> int | None:
        return self._neighbour

    @property
    def reserved_turn(self) -> int | None:
        return self._reserved_turn

    @property
    def coup(self) -> CoupInPlay | None:
        """The coup waiting for a decision, if any (a copy)."""
        return None if self._coup is None else CoupInPlay.from_dict(self._coup.to_dict())

    @property
    def coups_played(self) -> int:
        return self._coups_played

    @property
    def coups(self) -> list[CheminDeFerCoup]:
        """The coups played, in order (a copy of the list; the coups are frozen)."""
        return list(self._coups)

    @property
    def events(self) -> list[Event]:
        """What happened, in order, as sentences can tell it (a copy; events are frozen)."""
        return list(self._events)

    @property
    def end_reason(self) -> str | None:
        """Why the session ended, in English (``None`` while it goes on): ``12 coups played``
        (the rules' own number), or why no bank or no bet could be made."""
        return None if self._end_reason is None else str(self._end_message())

    def end_reason_text(self, lang: str | None = None) -> str:
        """Why the session ended, in ``lang`` (empty while it goes on).

        >>> import dataclasses
        >>> short = play_session(["Ana", "Luis", "Eva", "Marta"], seed=3,
        ...                      rules=dataclasses.replace(RULES, coups=2))
        >>> short.end_reason, short.end_reason_text("es")
        ('2 coups played', 'se jugaron los 2 coups')
        """
        return "" if self._end_reason is None else self._end_message().render(lang)

    @property
    def log(self) -> tuple[Move, ...]:
        """Every move played, in order: replaying them from the rules gives this session."""
        return tuple(self._log)

    def _check_players(self, players: Sequence[str]) -> tuple[str, ...]:
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise IllegalAction(message("invalid players {players}: expected a list of names, e.g. "
                                        "['Ana', 'Luis', 'Eva']", players=repr(players)))
        names = tuple(players)
        low, high = self._rules.min_players, self._rules.max_players
        if not low <= len(names) <= high:
            if names:
                raise IllegalAction(message("a session needs {low}-{high} participants, got {got} "
                                            "({names})", low=low, high=high, got=len(names),
                                            names=", ".join(map(str, names))))
            raise IllegalAction(message("a session needs {low}-{high} participants, got {got} "
                                        "(none)", low=low, high=high, got=0))
        for name in names:
            if not isinstance(name, str) or not name.strip() or name != name.strip():
                raise IllegalAction(message("invalid player name {name}: expected a non-empty name "
                                            "without surrounding spaces", name=repr(name)))
        if len(set(names)) != len(names):
            twice = sorted({n for n in names if names.count(n) > 1})
            raise IllegalAction(message("each player needs a different name; repeated: {names}",
                                        names=", ".join(twice)))
        return names

    # -- seats and directions -----------------------------------------------------------------
    @property
    def size(self) -> int:
        """The number of participants."""
        return len(self._players)

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
            return self._players.index(name)
        except ValueError:
            raise IllegalAction(message("unknown player {name}: expected one of {names}",
                                        name=repr(name), names=", ".join(self._players))) from None

    # -- what is pending --------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def uncovered(self) -> int:
        """The part of the bank not yet covered by bets."""
        return self._bank - sum(self._stakes.values())

    @property
    def active_bettor(self) -> int | None:
        """The bettor who staked most; on equal stakes, the first in betting order."""
        if not self._stakes:
            return None
        top = max(self._stakes.values())
        return next(seat for seat, stake in self._stakes.items() if stake == top)

    def _decider(self) -> int:
        assert self._coup is not None and self._coup.pending is not None
        if self._coup.pending.role == BETTOR:
            active = self.active_bettor
            assert active is not None
            return active
        assert self._banker is not None
        return self._banker

    @property
    def pending(self) -> Pending | None:
        """What is asked now, and from whom; ``None`` once the session is over."""
        phase = self._phase
        if phase is Phase.OVER:
            return None
        actions = ACTIONS[phase]
        if phase is Phase.COUP:
            seat = self._decider()
            assert self._coup is not None
            return Pending(phase, seat, self._players[seat], actions, view=self._coup.pending)
        if phase is Phase.CONTINUE:
            assert self._banker is not None
            seat = self._banker
            return Pending(phase, seat, self._players[seat], actions, minimum=self._bank,
                           maximum=self._bank + self._reserve + self._balances[seat])
        seat = self._queue[0]
        name = self._players[seat]
        if phase is Phase.OPEN_BANK:
            return Pending(phase, seat, name, actions, minimum=self._minimum,
                           maximum=self._balances[seat], succession=self._succession)
        if phase is Phase.BANCO:
            return Pending(phase, seat, name, actions, minimum=self._bank, maximum=self._bank)
        return Pending(phase, seat, name, actions, minimum=self._rules.min_bet,
                       maximum=min(self._balances[seat], self.uncovered))

    def total_chips(self) -> int:
        """Balances + bank + reserve + stakes on the table: constant all session long."""
        return sum(self._balances) + self._bank + self._reserve + sum(self._stakes.values())

    def holdings(self) -> list[int]:
        """What each player owns: balance, plus bank and reserve for the banker, plus stakes."""
        out = list(self._balances)
        if self._banker is not None:
            out[self._banker] += self._bank + self._reserve
        for seat, stake in self._stakes.items():
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
            out.append((place, self._players[seat], chips[seat]))
        return out

    @property
    def winners(self) -> tuple[str, ...]:
        """The players in first place (several when they share it)."""
        return tuple(name for place, name, _ in self.ranking() if place == 1)

    # -- checks shared by the actions ----------------------------------------------------------
    def _check_seat(self, seat: object, what: str) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.size:
            raise IllegalAction(message("cannot {what}: invalid seat {seat}; expected a seat from 0 "
                                        "to {last}", what=_DOING[what], seat=repr(seat),
                                        last=self.size - 1))
        return seat

    def _describe_pending(self) -> Message:
        p = self.pending
        if p is None:
            return message("the session is over ({reason})", reason=self._end_message())
        return message("{player} (seat {seat}) is asked to {actions}", player=p.player,
                       seat=p.seat, actions=_either(p.actions))

    def _check_turn(self, phase: Phase, seat: object, what: str) -> int:
        seat = self._check_seat(seat, what)
        pending = self.pending
        if pending is None or pending.phase is not phase:
            raise IllegalAction(message("cannot {what} now: {pending}", what=_DOING[what],
                                        pending=self._describe_pending()))
        if pending.seat != seat:
            raise IllegalAction(message(
                "{player} (seat {seat}) cannot {what}: it is {turn}'s turn (seat {turn_seat})",
                player=self._players[seat], seat=seat, what=_DOING[what], turn=pending.player,
                turn_seat=pending.seat))
        return seat

    @staticmethod
    def _check_amount(amount: object, what: str, low: int, high: int) -> int:
        doing = _DOING[what]
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalAction(message("cannot {what} {amount}: expected a whole number of chips",
                                        what=doing, amount=repr(amount)))
        if high < low:
            raise IllegalAction(message("cannot {what} {amount}: the minimum is {low} and only "
                                        "{high} is available", what=doing, amount=amount, low=low,
                                        high=high))
        if not low <= amount <= high:
            raise IllegalAction(message("cannot {what} {amount}: expected a whole number from {low} "
                                        "to {high}", what=doing, amount=amount, low=low, high=high))
        return amount

    # -- open a bank (new, or a retiring banker's offer) ----------------------------------------
    def verify_open_bank(self, seat: int, amount: int) -> None:
        """Raise unless ``seat`` may open the bank with ``amount`` chips now."""
        what = "take the bank" if self._succession else "open a bank"
        seat = self._check_turn(Phase.OPEN_BANK, seat, what)
        self._check_amount(amount, f"{what} with", self._minimum, self._balances[seat])

    def can_open_bank(self, seat: int, amount: int) -> bool:
        return self._can(self.verify_open_bank, seat, amount)

    def open_bank(self, seat: int, amount: int) -> None:
        """Open a bank of ``amount`` chips (at least 2, or the offer's minimum in a succession)."""
        self.verify_open_bank(seat, amount)
        self._log.append(Move("open_bank", seat, amount=amount))
        self._balances[seat] -= amount
        self._banker, self._bank, self._reserve = seat, amount, 0
        self._events.append(Event("take-bank" if self._succession else "open-bank", seat, amount))
        if self._succession and seat != self._neighbour:
            self._reserved_turn = self._neighbour
        if self._reserved_turn == seat:
            self._reserved_turn = None
        self._succession, self._neighbour, self._minimum = False, None, self._rules.min_bank
        self._start_calls()

    def verify_refuse_bank(self, seat: int) -> None:
        """Raise unless ``seat`` is the one asked to open (or take) the bank now."""
        self._check_turn(Phase.OPEN_BANK, seat, "refuse the bank")

    def can_refuse_bank(self, seat: int) -> bool:
        return self._can(self.verify_refuse_bank, seat)

    def refuse_bank(self, seat: int) -> None:
        """Decline to open (or take) the bank; the option passes on to the right."""
        self.verify_refuse_bank(seat)
        self._log.append(Move("refuse_bank", seat))
        self._events.append(Event("refuse-bank", seat))
        self._queue.pop(0)
        if self._queue:
            return
        if self._succession:
            assert self._neighbour is not None
            self._new_bank_round(self._neighbour)
        else:
            self._end(NO_BANK)

    def _new_bank_round(self, start: int) -> None:
        """The option to open a new bank, from ``start`` to the right, skipping who cannot."""
        self._phase, self._succession, self._neighbour, self._minimum = (
            Phase.OPEN_BANK, False, None, self._rules.min_bank)
        self._queue = [s for s in self.counter_clockwise(start) if self._balances[s] >= self._rules.min_bank]
        if not self._queue:
            self._end(NO_BANK)

    # -- banco calls ------------------------------------------------------------------------------
    def _start_calls(self) -> None:
        assert self._banker is not None
        self._phase = Phase.BANCO
        order = [s for s in self.counter_clockwise(self.right_of(self._banker)) if s != self._banker]
        suivi = self._banco_suivi
        if suivi is not None and suivi != self._banker:
            order.remove(suivi)
            order.insert(0, suivi)
        self._queue = [s for s in order if self._balances[s] >= self._bank]
        if not self._queue:
            self._start_bets()

    def verify_call_banco(self, seat: int) -> None:
        """Raise unless ``seat`` may call banco (cover the whole bank) now."""
        self._check_turn(Phase.BANCO, seat, "call banco")

    def can_call_banco(self, seat: int) -> bool:
        return self._can(self.verify_call_banco, seat)

    def call_banco(self, seat: int) -> None:
        """Cover the whole bank alone ("banco"; "banco suivi" for last coup's losing caller)."""
        self.verify_call_banco(seat)
        self._log.append(Move("call_banco", seat))
        self._balances[seat] -= self._bank
        self._stakes = {seat: self._bank}
        self._banco_caller = seat
        self._events.append(Event("banco-suivi" if seat == self._banco_suivi else "banco", seat,
                                 self._bank))
        self._close_bets()

    def verify_decline_banco(self, seat: int) -> None:
        """Raise unless ``seat`` is the one asked about banco now."""
        self._check_turn(Phase.BANCO, seat, "decline banco")

    def can_decline_banco(self, seat: int) -> bool:
        return self._can(self.verify_decline_banco, seat)

    def decline_banco(self, seat: int) -> None:
        """Do not call banco; the next caller in priority is asked, then the bets begin."""
        self.verify_decline_banco(seat)
        self._log.append(Move("decline_banco", seat))
        self._events.append(Event("decline-banco", seat))
        self._queue.pop(0)
        if not self._queue:
            self._start_bets()

    # -- bets in turn ---------------------------------------------------------------------------
    def _start_bets(self) -> None:
        assert self._banker is not None
        self._phase = Phase.BETS
        order = self.counter_clockwise(self.right_of(self._banker))
        self._queue = [s for s in order if s != self._banker and self._balances[s] >= self._rules.min_bet]
        if not self._queue:
            self._close_bets()

    def verify_bet(self, seat: int, amount: int) -> None:
        """Raise unless ``seat`` may bet ``amount`` now (1 up to balance and uncovered rest)."""
        seat = self._check_turn(Phase.BETS, seat, "bet")
        self._check_amount(amount, "bet", self._rules.min_bet, min(self._balances[seat], self.uncovered))

    def can_bet(self, seat: int, amount: int) -> bool:
        return self._can(self.verify_bet, seat, amount)

    def bet(self, seat: int, amount: int) -> None:
        """Stake ``amount`` against the bank."""
        self.verify_bet(seat, amount)
        self._log.append(Move("bet", seat, amount=amount))
        self._balances[seat] -= amount
        self._stakes[seat] = amount
        self._events.append(Event("bet", seat, amount))
        self._queue.pop(0)
        if not self._queue or self.uncovered == 0:
            self._close_bets()

    def verify_decline_bet(self, seat: int) -> None:
        """Raise unless ``seat`` is the one asked to bet now."""
        self._check_turn(Phase.BETS, seat, "decline to bet")

    def can_decline_bet(self, seat: int) -> bool:
        return self._can(self.verify_decline_bet, seat)

    def decline_bet(self, seat: int) -> None:
        """Do not bet this coup."""
        self.verify_decline_bet(seat)
        self._log.append(Move("decline_bet", seat))
        self._events.append(Event("decline-bet", seat))
        self._queue.pop(0)
        if not self._queue:
            self._close_bets()

    def _close_bets(self) -> None:
        assert self._banker is not None
        self._queue = []
        covered = sum(self._stakes.values())
        if covered == 0:
            self._end(NO_BETS)
            return
        set_aside = self._bank - covered
        if set_aside:
            self._reserve += set_aside
            self._bank = covered
            self._events.append(Event("reserve", self._banker, set_aside))
        self._banco_suivi = None
        self._phase = Phase.COUP
        self._coup = CoupInPlay.from_shoe(self._shoe, bettors=len(self._stakes))
        if self._coup.done:
            self._settle()

    # -- the coup's free cells --------------------------------------------------------------------
    def verify_decide(self, seat: int, choice: object) -> None:
        """Raise unless ``seat`` is the player asked at a free cell and ``choice`` is draw/stand."""
        self._check_turn(Phase.COUP, seat, "decide")
        assert self._coup is not None
        self._coup.verify_decide(choice)

    def can_decide(self, seat: int, choice: object) -> bool:
        return self._can(self.verify_decide, seat, choice)

    def decide(self, seat: int, choice: object) -> None:
        """Answer the free cell: ``"draw"`` or ``"stand"`` (the active bettor decides for all)."""
        self.verify_decide(seat, choice)
        decision = parse_decision(choice)
        self._log.append(Move("decide", seat, choice=decision.value))
        assert self._coup is not None and self._coup.pending is not None
        role = self._coup.pending.role
        self._coup.decide(decision)
        self._events.append(Event("decide", seat, note=f"{role}:{decision.value}"))
        if self._coup.done:
            self._settle()

    def _settle(self) -> None:
        assert self._coup is not None and self._banker is not None
        coup = self._coup.deal_from(self._shoe)
        self._coup = None
        self._coups.append(coup)
        self._coups_played += 1
        covered = sum(self._stakes.values())
        winner = coup.winner
        self._events.append(Event("coup", self._banker, covered, winner.value))
        stakes, self._stakes = self._stakes, {}
        caller, self._banco_caller = self._banco_caller, None
        if winner is Winner.BETTOR:
            for seat, stake in stakes.items():
                self._balances[seat] += 2 * stake
                self._events.append(Event("pay", seat, stake))
            self._bank -= covered
            loser = self._banker
            self._release_bank()
            if self._coups_played >= self._rules.coups:
                self._end(ALL_COUPS)
                return
            start = self.right_of(loser)
            if self._reserved_turn is not None and self._reserved_turn != loser:
                start = self._reserved_turn
            self._reserved_turn = None
            self._new_bank_round(start)
            return
        if winner is Winner.BANKER:
            self._bank += covered
            self._events.append(Event("collect", self._banker, covered))
            self._banco_suivi = caller
        else:
            for seat, stake in stakes.items():
                self._balances[seat] += stake
            self._events.append(Event("push", self._banker, covered))
        if self._coups_played >= self._rules.coups:
            self._end(ALL_COUPS)
            return
        self._phase, self._queue = Phase.CONTINUE, []

    def _release_bank(self) -> None:
        """The banker's turn ends: bank and reserve go back to the banker's balance."""
        assert self._banker is not None
        banker = self._banker
        if self._reserve:
            self._events.append(Event("reserve-returned", banker, self._reserve))
        self._balances[banker] += self._bank + self._reserve
        self._banker, self._bank, self._reserve = None, 0, 0

    # -- after a win or a push: continue or retire ------------------------------------------------
    def verify_continue_bank(self, seat: int, amount: int) -> None:
        """Raise unless the banker may go on with a bank of ``amount``.

        At least the bank as it stands (2S after a win, S after a push), at most
        that plus the reserve plus the banker's balance.
        """
        seat = self._check_turn(Phase.CONTINUE, seat, "continue the bank")
        self._check_amount(amount, "continue the bank with", self._bank,
                           self._bank + self._reserve + self._balances[seat])

    def can_continue_bank(self, seat: int, amount: int) -> bool:
        return self._can(self.verify_continue_bank, seat, amount)

    def continue_bank(self, seat: int, amount: int) -> None:
        """Go on with a bank of ``amount``; chips beyond the bank come from the reserve
        first, then from the banker's balance."""
        self.verify_continue_bank(seat, amount)
        self._log.append(Move("continue_bank", seat, amount=amount))
        extra = amount - self._bank
        from_reserve = min(extra, self._reserve)
        self._reserve -= from_reserve
        self._balances[seat] -= extra - from_reserve
        self._bank = amount
        self._events.append(Event("continue", seat, amount))
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
        self._log.append(Move("retire", seat))
        mandatory = self._bank
        self._events.append(Event("retire", seat, mandatory))
        self._release_bank()
        neighbour = self.right_of(seat)
        self._phase, self._succession, self._neighbour, self._minimum = (
            Phase.OPEN_BANK, True, neighbour, mandatory)
        self._queue = [s for s in self.counter_clockwise(neighbour)
                      if s != seat and self._balances[s] >= mandatory]
        if not self._queue:
            self._new_bank_round(neighbour)

    # -- the end ------------------------------------------------------------------------------
    def _end(self, reason: str) -> None:
        if self._banker is not None:
            self._release_bank()
        self._phase, self._queue, self._end_reason = Phase.OVER, [], reason
        self._succession, self._neighbour = False, None
        self._events.append(Event("end", amount=self._rules.coups if reason == ALL_COUPS else None,
                                  note=reason))

    def _end_message(self) -> Message:
        return _end_message(self._end_reason, self._rules.coups)

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
            raise IllegalAction(message("unknown action {action}: expected one of {names}",
                                        action=repr(action), names=", ".join(_ALL_ACTIONS)))
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
    def state(self) -> dict[str, Any]:
        """The state as plain data (balances, bank, queue, phase, coups, events): what the log
        gives when it is replayed.  Two sessions with the same rules and log have equal states."""
        return {
            "players": list(self._players),
            "seed": self._seed,
            "balances": list(self._balances),
            "banker": self._banker,
            "bank": self._bank,
            "reserve": self._reserve,
            "stakes": [[seat, stake] for seat, stake in self._stakes.items()],
            "banco_caller": self._banco_caller,
            "banco_suivi": self._banco_suivi,
            "phase": self._phase.value,
            "queue": list(self._queue),
            "minimum": self._minimum,
            "succession": self._succession,
            "neighbour": self._neighbour,
            "reserved_turn": self._reserved_turn,
            "coup": None if self._coup is None else self._coup.to_dict(),
            "coups_played": self._coups_played,
            "coups": [_coup_data(c) for c in self._coups],
            "events": [e.to_list() for e in self._events],
            "end_reason": self.end_reason,
            "shoe_remaining": self._shoe.remaining,
        }

    def to_dict(self) -> dict[str, Any]:
        """The session as a save: its rules and its log of moves; :meth:`from_dict` replays it.

        The rules name the registered Chemin de Fer rules, the roster, the seed, the first
        banker when it was chosen rather than drawn, and the shoe's cards only when the shoe
        was given (a stacked shoe) rather than shuffled from the seed.  No balance, bank or
        stake is saved: they are what the log gives.
        """
        if CHEMIN_DE_FER_RULES.get(self._rules.name) != self._rules:
            raise IllegalAction(message(
                "the Chemin de Fer rules {name!r} are not registered (expected one of {names}): a "
                "save names its rules", name=self._rules.name, names=", ".join(CHEMIN_DE_FER_RULES)))
        shoe = None
        if self._stacked is not None:
            shoe = {"decks": self._shoe.decks, "cards": format_cards(self._stacked)}
        rules = {"rules": self._rules.name, "players": list(self._players), "seed": self._seed,
                 "first_banker": None if self._lot_drawn else self._first_banker, "shoe": shoe}
        return {"format": FORMAT, "version": _VERSION, "rules": rules,
                "log": [move.to_dict() for move in self._log]}

    def to_json(self) -> str:
        return dump_save(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CheminDeFerSession:
        """Resume a session saved with :meth:`to_dict`: the rules, then every move replayed
        through the same checks as when it was played.  A refused move is reported with its
        entry and the reason (:class:`~bacara_teach.saves.SaveError`)."""
        if isinstance(data, Mapping) and data.get("format") == 1:
            raise SaveError(message(
                "invalid saved session: a version 1 save is a snapshot of the state, which cannot "
                "be checked; this version resumes a session only from its rules and its log of "
                "moves"), field="format")
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise SaveError(message("invalid saved session: expected an object with format "
                                    "{format!r}", format=FORMAT), field="format")
        if data.get("version") != _VERSION or isinstance(data.get("version"), bool):
            raise SaveError(message("invalid saved session: version {found}, expected {version}",
                                    found=repr(data.get("version")), version=_VERSION),
                            field="version")
        unknown = sorted(set(data) - {"format", "version", "rules", "log"})
        if unknown:
            raise SaveError(message("invalid saved session: unknown field {field!r}; expected "
                                    "format, version, rules and log", field=unknown[0]),
                            field=unknown[0])
        rules = data.get("rules")
        expected = {"rules", "players", "seed", "first_banker", "shoe"}
        if not isinstance(rules, Mapping) or set(rules) != expected:
            raise SaveError(message("invalid saved session: the rules are missing or have the "
                                    "wrong fields; expected rules, players, seed, first_banker and "
                                    "shoe"), field="rules")
        try:
            session = cls(rules["players"], seed=rules["seed"],
                          shoe=cls._saved_shoe(rules["shoe"]),
                          first_banker=rules["first_banker"],
                          rules=cls._saved_rules(rules["rules"]))
        except BacaraError as error:
            raise SaveError(message("invalid saved session: the rules are refused: {reason}",
                                    reason=error.message), field="rules") from None
        replay_log(data.get("log"), lambda entry: session.apply(Move.from_dict(entry)),
                   items="moves", prefix=message("invalid saved session"))
        return session

    @staticmethod
    def _saved_rules(name: object) -> CheminDeFerRules:
        if not isinstance(name, str) or name not in CHEMIN_DE_FER_RULES:
            raise IllegalAction(message("unknown Chemin de Fer rules {name}: expected one of {names}",
                                        name=repr(name), names=", ".join(CHEMIN_DE_FER_RULES)))
        return CHEMIN_DE_FER_RULES[name]

    @staticmethod
    def _saved_shoe(data: object) -> Shoe | None:
        if data is None:
            return None
        if not isinstance(data, Mapping) or set(data) != {"decks", "cards"}:
            raise NotationError(message("invalid shoe {shoe}: expected null (shuffled from the "
                                        "seed) or an object with decks and cards", shoe=repr(data)))
        cards, decks = data["cards"], data["decks"]
        if not isinstance(cards, str) or not (decks is None or _is_int(decks)):
            raise NotationError(message("invalid shoe: expected its cards as text and decks as a "
                                        "number"))
        return Shoe(parse_cards(cards), decks=decks, reshuffle="never")

    @classmethod
    def from_json(cls, text: str) -> CheminDeFerSession:
        """Resume a session from :meth:`to_json` text; a refusal names the line of the text."""
        data = parse_json(text, what="saved Chemin de Fer session")
        try:
            return cls.from_dict(data)
        except SaveError as error:
            raise locate(error, text, "saved Chemin de Fer session") from None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CheminDeFerSession):
            return NotImplemented
        return self.to_dict() == other.to_dict() and self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def status(self, lang: str | None = None) -> str:
        """Where the session stands, in ``lang`` (``None``: the default language).

        >>> session = CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, first_banker=0)
        >>> session.status("en")
        'coup 0 of 12; Ana (seat 0) is asked to open_bank or refuse_bank'
        >>> session.status("es")
        'coup 0 de 12; se espera que Ana (asiento 0) elija open_bank o refuse_bank'
        """
        head = message("coup {played} of {coups}", played=self._coups_played,
                       coups=self._rules.coups)
        p = self.pending
        if self.over or p is None:
            return Message("{head}; {reason}", params={
                "head": head, "reason": self._end_message()}).render(lang)
        return tr("{head}; {player} (seat {seat}) is asked to {actions}", lang, head=head,
                  player=p.player, seat=p.seat, actions=_either(p.actions))

    def _repr_html_(self) -> str:
        """What a notebook shows: :meth:`status`, as a sentence in the default language."""
        from html import escape

        return f"<p class='bt-status'>{escape(self.status())}</p>"

    def __repr__(self) -> str:
        """A summary in the default language (a console shows it): see :meth:`status`."""
        return f"<CheminDeFerSession {', '.join(self._players)}: {self.status()}>"


_ALL_ACTIONS: tuple[str, ...] = tuple(a for actions in ACTIONS.values() for a in actions)


def _coup_data(coup: CheminDeFerCoup) -> dict[str, Any]:
    return {"cards": [str(c) for c in coup.cards], "bettors": coup.bettors,
            "decisions": {BETTOR: None if coup.bettor_choice is None else coup.bettor_choice.value,
                          BANKER: None if coup.banker_choice is None else coup.banker_choice.value}}


# -- the log in words -----------------------------------------------------------------------------

_EVENT_TEXT: dict[str, str] = {
    "lot": N_("The lot names {name} (seat {seat}) first banker."),
    "open-bank": N_("{name} opens a bank of {amount}."),
    "take-bank": N_("{name} takes over the bank for {amount}."),
    "refuse-bank": N_("{name} does not take the bank."),
    "banco": N_("{name} calls banco and covers all {amount}."),
    "banco-suivi": N_("{name} calls banco suivi and covers all {amount}."),
    "decline-banco": N_("{name} does not call banco."),
    "bet": N_("{name} bets {amount}."),
    "decline-bet": N_("{name} does not bet."),
    "reserve": N_("{amount} of the bank is not covered and goes to {name}'s reserve."),
    "pay": N_("{name} wins {amount}."),
    "collect": N_("{name}'s bank wins {amount}."),
    "push": N_("Push: the stakes ({amount}) go back to the bettors."),
    "reserve-returned": N_("{name}'s reserve of {amount} goes back to {name}."),
    "continue": N_("{name} continues with a bank of {amount}."),
    "retire": N_("{name} retires; the bank of {amount} goes back to {name}."),
    "end": N_("The session ends: {note}."),
}
"""Each kind of log entry in words (the decisions and the coups are below)."""

_DECIDE_TEXT: dict[tuple[str, str], str] = {
    (BETTOR, "draw"): N_("{name}, as the active bettor, chooses to draw."),
    (BETTOR, "stand"): N_("{name}, as the active bettor, chooses to stand."),
    (BANKER, "draw"): N_("{name}, as the banker, chooses to draw."),
    (BANKER, "stand"): N_("{name}, as the banker, chooses to stand."),
}
"""A decision at a free cell, by the role that took it and the choice."""

_COUP_TEXT: dict[str, str] = {
    "bettor": N_("Coup played against {name}'s bank ({amount} covered): bettor."),
    "banker": N_("Coup played against {name}'s bank ({amount} covered): banker."),
    "push": N_("Coup played against {name}'s bank ({amount} covered): push."),
}
"""A coup played, by its winner (:class:`~bacara_teach.chemin_de_fer.Winner` values)."""

_DOING: dict[str, Message] = {
    "open a bank": pmessage("session action", "open a bank"),
    "open a bank with": pmessage("session action", "open a bank with"),
    "take the bank": pmessage("session action", "take the bank"),
    "take the bank with": pmessage("session action", "take the bank with"),
    "refuse the bank": pmessage("session action", "refuse the bank"),
    "call banco": pmessage("session action", "call banco"),
    "decline banco": pmessage("session action", "decline banco"),
    "bet": pmessage("session action", "bet"),
    "decline to bet": pmessage("session action", "decline to bet"),
    "decide": pmessage("session action", "decide"),
    "continue the bank": pmessage("session action", "continue the bank"),
    "continue the bank with": pmessage("session action", "continue the bank with"),
    "retire": pmessage("session action", "retire"),
}
"""What a player was refused, as a refusal says it after ``cannot`` (``cannot bet 5``)."""


ACTION_WORDS: dict[str, Message] = {
    "open_bank": _DOING["open a bank"], "refuse_bank": _DOING["refuse the bank"],
    "continue_bank": _DOING["continue the bank"], "retire": _DOING["retire"],
    "call_banco": _DOING["call banco"], "decline_banco": _DOING["decline banco"],
    "bet": _DOING["bet"], "decline_bet": _DOING["decline to bet"], "decide": _DOING["decide"],
}
"""What each action of :data:`ACTIONS` (a method's name) does, in words: the words a refusal
says it cannot do now (``decline_bet``: "decline to bet")."""


def _either(actions: Sequence[str]) -> Message:
    """The actions asked for (method names, as they are typed): ``open_bank or refuse_bank``."""
    if len(actions) == 2:
        return message("{first} or {second}", first=actions[0], second=actions[1])
    return Message("{actions}", params={"actions": ", ".join(actions)})


def _end_message(reason: str | None, coups: int | None = None) -> Message:
    """Why a session ended: every one of its ``coups`` played (the rules' number, 12 by
    default), or another reason, itself a message.

    >>> _end_message(ALL_COUPS, 2).render("en"), _end_message(ALL_COUPS).render("es")
    ('2 coups played', 'se jugaron los 12 coups')
    """
    if not reason:  # an empty message id would read the catalogue's header
        return Message("{reason}", params={"reason": ""})
    if reason == ALL_COUPS:
        count = RULES.coups if coups is None else coups
        return nmessage("{count} coup played", "{count} coups played", count, count=count)
    return Message(reason)


def describe_event(event: Event, players: Sequence[str], lang: str | None = None) -> str:
    """One log entry in words, in ``lang`` (``None``: the default language).

    >>> describe_event(Event("bet", 1, 6), ["Ana", "Luis", "Eva"], "en")
    'Luis bets 6.'
    >>> describe_event(Event("decide", 0, note="banker:draw"), ["Ana", "Luis"], "es")
    'Ana, como banquero, decide robar.'
    >>> describe_event(Event("end", note=ALL_COUPS), ["Ana", "Luis"], "es")
    'La sesión termina: se jugaron los 12 coups.'
    """
    name = "" if event.seat is None else players[event.seat]
    if event.kind == "decide":
        role, _, decision = event.note.partition(":")
        template = _DECIDE_TEXT.get((role, decision))
        if template is not None:
            return tr(template, lang, name=name)
        if role == BETTOR:
            return tr("{name}, as the active bettor, chooses to {decision}.", lang, name=name,
                      decision=decision)
        return tr("{name}, as the banker, chooses to {decision}.", lang, name=name,
                  decision=decision)
    if event.kind == "coup" and event.note in _COUP_TEXT:
        return tr(_COUP_TEXT[event.note], lang, name=name, amount=event.amount)
    if event.kind == "end":
        return tr(_EVENT_TEXT["end"], lang, note=_end_message(event.note, event.amount))
    return tr(_EVENT_TEXT[event.kind], lang, name=name, seat=event.seat, amount=event.amount)


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
            raise IllegalAction(message("the session is over: there is nothing to decide"))
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
    rules: CheminDeFerRules = RULES,
) -> CheminDeFerSession:
    """A whole session played by automatic players (one per seat, seeded from ``seed``)."""
    session = CheminDeFerSession(players, seed=seed, rules=rules)
    robots = dict(auto or {})
    for seat in range(session.size):
        robots.setdefault(seat, AutoPlayer(seed=f"{seed}/{seat}"))
    while (pending := session.pending) is not None:
        robots[pending.seat].act(session)
    return session

