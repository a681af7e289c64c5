"""Table profiles: how one Punto Banco table deals, pays and takes bets, as data.

All Punto Banco tables share the scoring and the tableau
(:data:`bacara_teach.tableau.PUNTO_BANCO`); what differs from one table to
another is a profile: the number of decks, when the shoe is reshuffled, the
payout of each bet, the commission on Banco and when it is taken, what
happens to Punto/Banco bets after a tie, the limits, how many positions a
player may take, how pairs are read.  These are fields of a frozen
:class:`TableProfile`, never separate code paths.

Three profiles are the tables the course plays at:

* ``home``: the home study session, where every participant predicts each coup with a fixed stake.
* ``casino``: the casino table with pair bets.
* ``online``: the online table, with its 5% commission on a Banco win taken at payment.

Two are the commission-free casino tables, as published: their exceptions to a winning
bet's odds are :class:`PayRule` data, read by the settlement and by the exact odds alike.

* ``no-commission`` (NC): Banco 1:1 with no commission, a Banco win with 6 paid 1:2.
* ``ez`` (EZ): EZ Baccarat, Banco 1:1 with no commission, a Banco win with a three-card 7 a
  push, with its Dragon 7 (40:1) and Panda 8 (25:1) side bets.

>>> get_profile("ez").pay_rules[0].describe("en")
'banco: a push (stake returned) when Banco wins with a three-card 7'

The differences the online table's rules list between "common casinos" and the online
table are options of a profile; build a variant with
:meth:`TableProfile.with_options`, which validates every value:

>>> online = get_profile("online")
>>> online.payout("banco"), online.commission_rate, online.commission.value
(Fraction(1, 1), Fraction(1, 20), 'at-payment')
>>> common = online.with_options(decks=8, positions="both-sides", commission="accrued",
...                              tie="change", max_players=15)
>>> common.decks, common.positions.value, common.tie.value
(8, 'both-sides', 'change')
>>> get_profile("home").payout("banco")
Fraction(19, 20)
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType
from typing import Any, cast

from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.money import Amount, bounded_amount, format_amount, is_terminating
from bacara_teach.shoe import MAX_DECKS, MIN_DECKS, Reshuffle
from bacara_teach.text import N_, Message, message, pmessage, tr

__all__ = [
    "CASINO",
    "EZ",
    "HOME",
    "NO_COMMISSION",
    "ONLINE",
    "PROFILES",
    "BetKind",
    "CommissionTiming",
    "PairReading",
    "PayRule",
    "Positions",
    "TableProfile",
    "TiePolicy",
    "amount_value",
    "get_profile",
    "list_message",
    "profile_from_options",
    "profile_names",
    "profile_options",
    "register_profile",
    "table_message",
    "unregister_profile",
]


class BetKind(enum.Enum):
    """The positions a bet can be placed on."""

    PUNTO = "punto"
    BANCO = "banco"
    EMPATE = "empate"
    PAREJA_PUNTO = "pareja-punto"
    PAREJA_BANCO = "pareja-banco"
    DRAGON_7 = "dragon-7"
    PANDA_8 = "panda-8"

    @classmethod
    def parse(cls, text: str | BetKind) -> BetKind:
        """Read a bet position: its name, an English name or the casino table's letters (J, B).

        Case, spaces and underscores do not matter.

        >>> BetKind.parse("Banco"), BetKind.parse("J"), BetKind.parse("pareja_b")
        (<BetKind.BANCO: 'banco'>, <BetKind.PUNTO: 'punto'>, <BetKind.PAREJA_BANCO: 'pareja-banco'>)
        >>> BetKind.parse("dragon"), BetKind.parse("Panda 8")
        (<BetKind.DRAGON_7: 'dragon-7'>, <BetKind.PANDA_8: 'panda-8'>)
        >>> BetKind.parse("lucky-6")
        Traceback (most recent call last):
        ...
        bacara_teach.errors.NotationError: unknown bet 'lucky-6': expected one of punto, banco, empate, pareja-punto, pareja-banco, dragon-7, panda-8
        """
        if isinstance(text, BetKind):
            return text
        if isinstance(text, str):
            key = "-".join(text.strip().lower().replace("_", " ").replace("-", " ").split())
            if key in _BET_ALIASES:
                return _BET_ALIASES[key]
        raise NotationError(message("unknown bet {bet}: expected one of {names}", bet=repr(text),
                                    names=", ".join(kind.value for kind in cls)))

    @property
    def is_side(self) -> bool:
        """Punto and Banco are the two sides; Empate and the pairs are not."""
        return self in (BetKind.PUNTO, BetKind.BANCO)

    @property
    def win_event(self) -> str | None:
        """The event (a name of :data:`~bacara_teach.coup_events.EVENTS`) on which a bet that
        pays on how the coup ends wins, or ``None`` for the main bets and the pairs.

        >>> BetKind.DRAGON_7.win_event, BetKind.BANCO.win_event
        ('banco-wins-3-card-7', None)
        """
        return _WIN_EVENTS.get(self)

    @property
    def label(self) -> str:
        """The name shown to people: ``Punto``, ``Pareja Banco``..."""
        return self.value.replace("-", " ").title()

    @property
    def name_message(self) -> Message:
        """The position in a sentence: its code name (``banco``) in English, its name as people
        read it in other languages (``Banco`` in Spanish).

        >>> BetKind.PAREJA_BANCO.name_message.render("en"), BetKind.BANCO.name_message.render("es")
        ('pareja-banco', 'Banco')
        """
        return _POSITION_NAMES[self]


_POSITION_NAMES: dict[BetKind, Message] = {
    BetKind.PUNTO: pmessage("bet position", "punto"),
    BetKind.BANCO: pmessage("bet position", "banco"),
    BetKind.EMPATE: pmessage("bet position", "empate"),
    BetKind.PAREJA_PUNTO: pmessage("bet position", "pareja-punto"),
    BetKind.PAREJA_BANCO: pmessage("bet position", "pareja-banco"),
    BetKind.DRAGON_7: pmessage("bet position", "dragon-7"),
    BetKind.PANDA_8: pmessage("bet position", "panda-8"),
}

_WIN_EVENTS: dict[BetKind, str] = {
    BetKind.DRAGON_7: "banco-wins-3-card-7",
    BetKind.PANDA_8: "punto-wins-3-card-8",
}
"""The bets on how a coup ends, and the ending each one wins on (EZ Baccarat's side bets)."""


def list_message(parts: object) -> Message:
    """A list of values or messages as one message, each part rendered in the reader's language.

    English separates every item with a comma (``punto, banco, empate``, as the engine always
    has); a language may join the last two its own way (Spanish ``Punto, Banco y Empate``).

    >>> kinds = [BetKind.PUNTO.name_message, BetKind.BANCO.name_message, BetKind.EMPATE.name_message]
    >>> str(list_message(kinds)), list_message(kinds).render("es")
    ('punto, banco, empate', 'Punto, Banco y Empate')
    >>> list_message(kinds[:1]).render("es"), str(list_message([]))
    ('Punto', '')
    """
    items = list(parts) if isinstance(parts, list | tuple) else [parts]
    if not items:
        return Message("{nothing}", params={"nothing": ""})
    if len(items) == 1:
        return Message("{item}", params={"item": items[0]})
    first = Message(", ".join(f"{{p{index}}}" for index in range(len(items) - 1)),
                    params={f"p{index}": item for index, item in enumerate(items[:-1])})
    # Translators: the last two items of a list (Spanish "{items} y {last}").
    return message("{items}, {last}", items=first, last=items[-1])


def amount_value(amount: Decimal | Fraction | int) -> Decimal:
    """An amount as a message parameter: the number :func:`~bacara_teach.money.format_amount`
    writes (no exponent, no trailing zeros), which each language then writes its own way.

    >>> tr("{x}", "en", x=amount_value(Decimal("4.750"))), tr("{x}", "es", x=amount_value(Decimal("4.750")))
    ('4.75', '4,75')
    """
    return Decimal(format_amount(amount))


_TABLE_NAMES: dict[str, Message] = {
    "home": message("the home table"),
    "casino": message("the casino table"),
    "online": message("the online table"),
    "no-commission": message("the no-commission table"),
    "ez": message("the EZ Baccarat table"),
}


def table_message(name: str) -> Message:
    """A table by its profile's name, as a sentence names it (``the online table``; in
    Spanish ``la mesa en línea``).

    >>> str(table_message("online")), table_message("online").render("es")
    ('the online table', 'la mesa en línea')
    >>> table_message("macao").render("es")
    'la mesa macao'
    """
    return _TABLE_NAMES.get(name) or message("the {name} table", name=name)


_BET_ALIASES: dict[str, BetKind] = {kind.value: kind for kind in BetKind}
_BET_ALIASES.update({
    "p": BetKind.PUNTO, "j": BetKind.PUNTO, "jugador": BetKind.PUNTO, "player": BetKind.PUNTO,
    "b": BetKind.BANCO, "banca": BetKind.BANCO, "banquero": BetKind.BANCO, "banker": BetKind.BANCO,
    "e": BetKind.EMPATE, "tie": BetKind.EMPATE,
    "pp": BetKind.PAREJA_PUNTO, "pareja-j": BetKind.PAREJA_PUNTO, "player-pair": BetKind.PAREJA_PUNTO,
    "pb": BetKind.PAREJA_BANCO, "pareja-b": BetKind.PAREJA_BANCO, "banker-pair": BetKind.PAREJA_BANCO,
    "dragon": BetKind.DRAGON_7, "dragon7": BetKind.DRAGON_7, "d7": BetKind.DRAGON_7,
    "panda": BetKind.PANDA_8, "panda8": BetKind.PANDA_8, "p8": BetKind.PANDA_8,
})


class CommissionTiming(enum.Enum):
    """When the commission on winning Banco bets is taken."""

    AT_PAYMENT = "at-payment"
    """Deducted from the win when it is paid (the online table's rules: stake 5 wins 4.75)."""
    ACCRUED = "accrued"
    """The win is paid in full; the commission is owed and collected at the end of the shoe
    or when the player leaves, whichever comes first (the common casinos of the online table's rules)."""


class Positions(enum.Enum):
    """Which bets one player may hold together in one coup."""

    ONE = "one"
    """A single position per coup (the online table; the home prediction)."""
    ONE_SIDE = "one-side"
    """Punto and Banco never together; Empate and pairs may be added (the casino table's rules)."""
    BOTH_SIDES = "both-sides"
    """Any bets together, Punto and Banco too (the common casinos of the online table's rules)."""


class TiePolicy(enum.Enum):
    """What becomes of Punto and Banco bets when the coup is a tie."""

    RETURN = "return"
    """The bet comes back to the player (net 0)."""
    KEEP = "keep"
    """The bet stays on the table, as it is, for the next coup (net 0)."""
    CHANGE = "change"
    """The bet stays on the table for the next coup and may be changed or withdrawn (net 0)."""


class PairReading(enum.Enum):
    """What "pair" means for the pair side bets."""

    SAME_RANK = "same-rank"
    """The first two cards of the hand have the same rank: K-K is a pair, K-Q is not."""
    SAME_VALUE = "same-value"
    """The first two cards have the same point value: K-Q (both 0) is a pair too."""


@dataclass(frozen=True, slots=True)
class PayRule:
    """A table's exception to a winning bet's payout, as data: when ``bet`` wins and the coup
    ended as ``event`` says (a name of :data:`~bacara_teach.coup_events.EVENTS`), the bet is
    paid ``odds`` to 1 instead of its usual odds, or pushes when ``odds`` is ``None``.

    >>> PayRule(BetKind.BANCO, "banco-wins-with-6", Fraction(1, 2)).describe("en")
    'banco: 1/2 to 1 when Banco wins with 6'
    >>> PayRule(BetKind.BANCO, "banco-wins-3-card-7", None).describe("es")
    'Banco: ni gana ni pierde (se devuelve la apuesta) cuando Banco gana con un 7 de tres cartas'
    >>> PayRule(BetKind.BANCO, "banco-wins-by-11", None)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid pay rule for banco: unknown event 'banco-wins-by-11'
    """

    bet: BetKind
    event: str
    odds: Fraction | None

    def __post_init__(self) -> None:
        from bacara_teach.coup_events import EVENTS

        bet = BetKind.parse(self.bet)
        object.__setattr__(self, "bet", bet)
        if self.event not in EVENTS:
            raise IllegalAction(message("invalid pay rule for {bet}: unknown event {event!r}",
                                        bet=bet.name_message, event=self.event))
        if self.odds is not None and (not isinstance(self.odds, Fraction) or self.odds <= 0
                                      or not is_terminating(self.odds)):
            raise IllegalAction(message(
                "invalid pay rule for {bet}: odds {odds} are not a positive exact decimal fraction "
                "(or none, for a push)", bet=bet.name_message, odds=repr(self.odds)))

    @property
    def event_message(self) -> Message:
        from bacara_teach.coup_events import event_message

        return event_message(self.event)

    def describe(self, lang: str | None = None) -> str:
        """The rule in a sentence, in ``lang``."""
        if self.odds is None:
            return tr("{bet}: a push (stake returned) when {event}", lang, bet=self.bet.name_message,
                      event=self.event_message)
        return tr("{bet}: {odds} to 1 when {event}", lang, bet=self.bet.name_message,
                  odds=str(self.odds), event=self.event_message)

    def to_dict(self) -> dict[str, str | None]:
        return {"bet": self.bet.value, "event": self.event,
                "odds": None if self.odds is None else str(self.odds)}


_ENUM_FIELDS: dict[str, type[enum.Enum]] = {
    "commission": CommissionTiming,
    "positions": Positions,
    "tie": TiePolicy,
    "pair_reading": PairReading,
}
_RESHUFFLE_CHOICES: tuple[Reshuffle, ...] = ("every-coup", "never")
_AMOUNT_FIELDS = ("min_bet", "max_bet", "fixed_stake")
_REQUIRED_BETS = (BetKind.PUNTO, BetKind.BANCO, BetKind.EMPATE)


@dataclass(frozen=True)
class TableProfile:
    """One table's rules of play and payment (see the module docstring).

    ``payouts`` maps each bet offered to its odds: a winning bet of stake
    ``s`` wins ``s * odds`` and the stake comes back.  ``commission_rate`` is
    taken on winning Banco bets, at the moment given by ``commission``.
    ``min_bet``/``max_bet`` bound each bet (``None``: no limit);
    ``fixed_stake``, when set, is the only stake allowed.  ``side_bets_alone`` says
    whether Empate and the pairs may be bet in a coup with no bet on Punto or Banco (at the
    casino table they may not: the player chooses J or B first).  ``label`` is the table's short
    name for menus and lists (``"home study session"``), ``title`` its full title.  ``pay_rules`` are the
    table's exceptions to a winning bet's odds (:class:`PayRule`: a Banco win with 6 paid
    1/2 to 1 at the no-commission table, a Banco win with a three-card 7 a push at EZ
    Baccarat), the first that applies deciding.  ``assumptions``
    names what the rule source leaves open and the profile assumes.
    """

    name: str
    label: str
    title: str
    decks: int
    reshuffle: Reshuffle
    payouts: tuple[tuple[BetKind, Fraction], ...]
    commission_rate: Fraction = Fraction(0)
    commission: CommissionTiming = CommissionTiming.AT_PAYMENT
    positions: Positions = Positions.ONE_SIDE
    tie: TiePolicy = TiePolicy.RETURN
    min_bet: Decimal | None = None
    max_bet: Decimal | None = None
    fixed_stake: Decimal | None = None
    min_players: int = 1
    max_players: int | None = None
    face_down: bool = False
    pair_reading: PairReading = PairReading.SAME_RANK
    side_bets_alone: bool = True
    pay_rules: tuple[PayRule, ...] = ()
    assumptions: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _validate(self)

    # -- reading ---------------------------------------------------------------------------
    @property
    def bets(self) -> tuple[BetKind, ...]:
        """The bets this table offers, in :class:`BetKind` order."""
        return tuple(kind for kind, _ in self.payouts)

    def offers(self, kind: BetKind | str) -> bool:
        """Does this table take bets on ``kind``?"""
        return (kind if type(kind) is BetKind else BetKind.parse(kind)) in self._offered

    @cached_property
    def _offered(self) -> frozenset[BetKind]:
        """The bets offered, as a set made once (every bet of every coup is checked)."""
        return frozenset(self.bets)

    def payout(self, kind: BetKind | str) -> Fraction:
        """The odds paid on a winning bet on ``kind``.

        >>> CASINO.payout("empate"), HOME.payout("empate")
        (Fraction(9, 1), Fraction(8, 1))
        >>> HOME.payout("pareja-punto")
        Traceback (most recent call last):
        ...
        bacara_teach.errors.IllegalAction: the home table takes no pareja-punto bets: it offers punto, banco, empate
        """
        wanted = kind if type(kind) is BetKind else BetKind.parse(kind)
        for offered, odds in self.payouts:
            if offered is wanted:
                return odds
        raise IllegalAction(message("{table} takes no {bet} bets: it offers {bets}",
                                    table=table_message(self.name), bet=wanted.name_message,
                                    bets=list_message([k.name_message for k in self.bets])))

    def label_text(self, lang: str | None = None, *, capital: bool = False) -> str:
        """The table's short name (:attr:`label`) in ``lang``; ``capital`` starts it with a
        capital letter, as a menu entry does.

        >>> CASINO.label_text("en"), ONLINE.label_text("es", capital=True)
        ('casino table with pair bets', 'Mesa en línea')
        """
        text = tr(self.label, lang)
        return text[:1].upper() + text[1:] if capital else text

    def title_text(self, lang: str | None = None) -> str:
        """The title shown to readers, in ``lang`` (``None``: the default language).

        :attr:`title` is the data, in English; the registered profiles' titles, notes and
        assumptions are messages of the catalogues, so each language has its own, and a text a
        variant writes itself is shown as it is.

        >>> ONLINE.title_text("es")
        'Mesa en línea de Punto Banco'
        """
        return tr(self.title, lang)

    def notes_text(self, lang: str | None = None) -> tuple[str, ...]:
        """:attr:`notes` in ``lang`` (``None``: the default language).

        >>> HOME.notes_text("es")[1]
        'Banco se paga 19/20 a 1, así que una predicción ganadora de 20 a Banco gana 19 netos.'
        """
        return tuple(tr(note, lang) for note in self.notes)

    def assumptions_text(self, lang: str | None = None) -> tuple[str, ...]:
        """:attr:`assumptions` in ``lang``; each keeps its English key (``decks: ...``).

        >>> CASINO.assumptions_text("es")[0]
        'decks: las reglas de la mesa de casino no dan el número de barajas; se suponen 8.'
        """
        return tuple(tr(assumption, lang) for assumption in self.assumptions)

    @property
    def decks_assumed(self) -> bool:
        """True when the number of decks is an assumption, not a rule of the source."""
        return any(text.startswith("decks:") for text in self.assumptions)

    # -- variants ----------------------------------------------------------------------------
    def with_options(self, **options: Any) -> TableProfile:
        """A copy with some options changed, every value checked.

        Values may be given as their text (``commission="accrued"``,
        ``max_bet="500"``, ``face_down="yes"``) so that the command line can
        pass them on.  ``payouts`` is merged into the table's payouts: the bets
        named get the odds given (``{"empate": "9:1"}``), ``None`` withdraws a bet.

        >>> HOME.with_options(decks=6).decks
        6
        >>> HOME.with_options(deck=6)
        Traceback (most recent call last):
        ...
        bacara_teach.errors.IllegalAction: unknown table option 'deck': expected one of commission, commission_rate, decks, face_down, fixed_stake, max_bet, max_players, min_bet, min_players, pair_reading, payouts, positions, reshuffle, side_bets_alone, tie
        >>> ONLINE.with_options(tie="later")
        Traceback (most recent call last):
        ...
        bacara_teach.errors.IllegalAction: invalid tie option 'later': expected one of return, keep, change
        """
        changes: dict[str, Any] = {}
        for key, value in options.items():
            name = key.replace("-", "_")
            if name not in OPTION_NAMES:
                raise IllegalAction(message("unknown table option {option!r}: expected one of {names}",
                                            option=key, names=", ".join(sorted(OPTION_NAMES))))
            if name == "payouts" and isinstance(value, Mapping):
                # merge: the bets named get new odds; None withdraws a bet
                merged: dict[BetKind | str, object] = dict(self.payouts)
                for kind, odds in value.items():
                    try:
                        bet = BetKind.parse(kind)
                    except NotationError as error:
                        raise IllegalAction(error.message) from None
                    if odds is None:
                        merged.pop(bet, None)
                    else:
                        merged[bet] = odds
                changes[name] = _coerce_option(name, merged)
            else:
                changes[name] = _coerce_option(name, value)
        return dataclasses.replace(self, **changes)

    # -- data ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (amounts and odds as strings); :meth:`from_dict` reads it back.

        >>> TableProfile.from_dict(ONLINE.to_dict()) == ONLINE
        True
        """
        def amount(value: Decimal | None) -> str | None:
            return None if value is None else format_amount(value)

        return {
            "name": self.name,
            "label": self.label,
            "title": self.title,
            "decks": self.decks,
            "reshuffle": self.reshuffle,
            "payouts": {kind.value: str(odds) for kind, odds in self.payouts},
            "commission_rate": str(self.commission_rate),
            "commission": self.commission.value,
            "positions": self.positions.value,
            "tie": self.tie.value,
            "min_bet": amount(self.min_bet),
            "max_bet": amount(self.max_bet),
            "fixed_stake": amount(self.fixed_stake),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "face_down": self.face_down,
            "pair_reading": self.pair_reading.value,
            "side_bets_alone": self.side_bets_alone,
            "pay_rules": [rule.to_dict() for rule in self.pay_rules],
            "assumptions": list(self.assumptions),
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableProfile:
        """Build a profile from :meth:`to_dict` data, checking every value."""
        if not isinstance(data, Mapping):
            raise NotationError(message("invalid table profile {profile}: expected a mapping of "
                                        "options", profile=repr(data)))
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise NotationError(message(
                "invalid table profile: unknown field(s) {fields}; expected {names}",
                fields=", ".join(map(repr, unknown)), names=", ".join(sorted(known))))
        missing = [name for name in ("name", "label", "title", "decks", "reshuffle", "payouts")
                   if name not in data]
        if missing:
            raise NotationError(message("invalid table profile: missing field(s) {fields}",
                                        fields=", ".join(missing)))
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key in OPTION_NAMES:
                values[key] = _coerce_option(key, value)
            elif key in ("assumptions", "notes"):
                values[key] = tuple(str(v) for v in value)
            elif key == "pay_rules":
                values[key] = _pay_rules(value)
            else:
                values[key] = str(value)
        return cls(**values)


OPTION_NAMES = frozenset({
    "decks", "reshuffle", "payouts", "commission_rate", "commission", "positions", "tie",
    "min_bet", "max_bet", "fixed_stake", "min_players", "max_players", "face_down", "pair_reading",
    "side_bets_alone",
})
"""Fields of :class:`TableProfile` that :meth:`TableProfile.with_options` may change."""


def _pay_rules(value: object) -> tuple[PayRule, ...]:
    """Pay rules from :meth:`TableProfile.to_dict` data: a list of ``{bet, event, odds}``."""
    if not isinstance(value, list | tuple):
        raise NotationError(message("invalid pay rules {value}: expected a list of "
                                    "objects with a bet, an event and odds", value=repr(value)))
    rules = []
    for item in value:
        if not isinstance(item, Mapping) or set(item) != {"bet", "event", "odds"}:
            raise NotationError(message("invalid pay rule {item}: expected an object with bet, "
                                        "event and odds (odds null for a push)", item=repr(item)))
        odds = item["odds"]
        try:
            rules.append(PayRule(BetKind.parse(str(item["bet"])), str(item["event"]),
                                 None if odds is None else _fraction(odds, message("odds"))))
        except IllegalAction as error:
            raise NotationError(error.message) from None
    return tuple(rules)


_NUMBER_TEXT = r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_ODDS_TEXT = re.compile(rf"[+]?{_NUMBER_TEXT}(?:\s*[:/]\s*{_NUMBER_TEXT})?")
"""Odds or a rate as text: ``19/20``, ``0.95``, ``9:1`` (no exponent: ``1e999999`` would
stand for a number of a million digits)."""
MAX_ODDS_DIGITS = 12
"""Most digits of the numerator or the denominator of odds or a rate."""


def _fraction(value: object, what: Message) -> Fraction:
    """Odds or a rate read exactly; anything else, or a number of more than
    :data:`MAX_ODDS_DIGITS` digits above or below the line, refused.

    >>> _fraction("9:1", message("odds")), _fraction(" 19/20", message("odds"))
    (Fraction(9, 1), Fraction(19, 20))
    >>> _fraction("1e999999", message("odds"))
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid odds '1e999999': expected an exact number such as 19/20, 0.95 or 9:1
    >>> _fraction("9" * 5000, message("odds"))
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid odds of 5,000 characters: expected an exact number such as 19/20, 0.95 or 9:1, of at most 12 digits above and below the line
    """
    if isinstance(value, str) and len(value.strip()) > 3 * MAX_ODDS_DIGITS:
        raise IllegalAction(message(
            "invalid {what} of {length:,} characters: expected an exact number such as 19/20, "
            "0.95 or 9:1, of at most {digits} digits above and below the line", what=what,
            length=len(value.strip()), digits=MAX_ODDS_DIGITS))
    try:
        if isinstance(value, bool | float):
            raise ValueError
        if isinstance(value, Fraction | int | Decimal):
            result = Fraction(value)
        elif isinstance(value, str):
            text = value.strip()
            if not _ODDS_TEXT.fullmatch(text):
                raise ValueError
            if ":" in text:  # "9:1" odds notation
                left, _, right = text.partition(":")
                result = Fraction(Decimal(left.strip())) / Fraction(Decimal(right.strip()))
            else:
                result = Fraction(text)
        else:
            raise ValueError
    except (ValueError, ZeroDivisionError, ArithmeticError):
        raise IllegalAction(message(
            "invalid {what} {value}: expected an exact number such as 19/20, 0.95 or 9:1",
            what=what, value=repr(value))) from None
    if max(abs(result.numerator), result.denominator) >= 10 ** MAX_ODDS_DIGITS:
        raise IllegalAction(message(
            "invalid {what}: expected an exact number such as 19/20, 0.95 or 9:1, of at most "
            "{digits} digits above and below the line", what=what, digits=MAX_ODDS_DIGITS))
    return result


def _boolean(value: object, what: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        key = value.strip().lower()
        if key in ("yes", "true", "1", "on", "face-down"):
            return True
        if key in ("no", "false", "0", "off", "face-up"):
            return False
    raise IllegalAction(message("invalid {option} option {value}: expected yes or no", option=what,
                                value=repr(value)))


MAX_OPTION_DIGITS = 6
"""Most digits of a whole-number option (decks, players) given as text."""


def _whole(value: object, what: str, *, optional: bool = False) -> int | None:
    if optional and (value is None or (isinstance(value, str) and value.strip().lower() == "none")):
        return None
    if isinstance(value, str) and value.strip().isdigit():
        if len(value.strip().lstrip("0")) > MAX_OPTION_DIGITS:
            raise IllegalAction(message(
                "invalid {option} option of {digits:,} digits: expected a whole number of at most "
                "{most} digits", option=what, digits=len(value.strip()), most=MAX_OPTION_DIGITS))
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if optional:
        raise IllegalAction(message("invalid {option} option {value}: expected a whole number "
                                    "(or none)", option=what, value=repr(value)))
    raise IllegalAction(message("invalid {option} option {value}: expected a whole number",
                                option=what, value=repr(value)))


def _coerce_option(name: str, value: object) -> Any:
    """Turn an option value (possibly text) into the field's type; errors quote the value."""
    what = name.replace("_", "-")
    if name in _ENUM_FIELDS:
        enum_type = _ENUM_FIELDS[name]
        if isinstance(value, enum_type):
            return value
        if isinstance(value, str):
            for member in enum_type:
                if member.value == value.strip().lower():
                    return member
        raise IllegalAction(message("invalid {option} option {value}: expected one of {names}",
                                    option=what, value=repr(value),
                                    names=", ".join(str(m.value) for m in enum_type)))
    if name == "reshuffle":
        if value in _RESHUFFLE_CHOICES:
            return value
        raise IllegalAction(message("invalid {option} option {value}: expected one of {names}",
                                    option="reshuffle", value=repr(value),
                                    names=", ".join(_RESHUFFLE_CHOICES)))
    if name in ("decks", "min_players"):
        return _whole(value, what)
    if name == "max_players":
        return _whole(value, what, optional=True)
    if name == "face_down":
        return _boolean(value, "face-down")
    if name == "side_bets_alone":
        return _boolean(value, "side-bets-alone")
    if name == "commission_rate":
        return _fraction(value, message("commission rate"))
    if name in _AMOUNT_FIELDS:
        if value is None or (isinstance(value, str) and value.strip().lower() == "none"):
            return None
        try:
            return bounded_amount(cast(Amount, value), what=what)
        except NotationError as error:
            raise IllegalAction(error.message) from None
    if name == "payouts":
        if isinstance(value, Mapping):
            pairs = list(value.items())
        elif isinstance(value, tuple | list):
            pairs = list(value)
        else:
            raise IllegalAction(message("invalid payouts {value}: expected a mapping of bet to odds, "
                                        "e.g. {example}", value=repr(value),
                                        example="{'empate': '9'}"))
        odds: dict[BetKind, Fraction] = {}
        for item in pairs:
            if not isinstance(item, tuple | list) or len(item) != 2:
                raise IllegalAction(message("invalid payouts entry {item}: expected a bet and its "
                                            "odds, e.g. ('empate', '9')", item=repr(item)))
            kind, price = item
            try:
                bet = BetKind.parse(kind)
            except NotationError as error:
                raise IllegalAction(error.message) from None
            odds[bet] = _fraction(price, message("payout for {bet}", bet=bet.name_message))
        return tuple(sorted(odds.items(), key=lambda pair: list(BetKind).index(pair[0])))
    raise IllegalAction(message("unknown table option {option!r}", option=name))  # pragma: no cover


def _validate(profile: TableProfile) -> None:
    """Check a profile's values; the errors name the profile and the bad value."""
    where = message("table profile {name}", name=repr(profile.name))
    if isinstance(profile.decks, bool) or not isinstance(profile.decks, int) or not (
        MIN_DECKS <= profile.decks <= MAX_DECKS
    ):
        raise IllegalAction(message(
            "{where}: invalid decks {decks}: expected a whole number from {low} to {high} (6 or 8 "
            "at real tables)", where=where, decks=repr(profile.decks), low=MIN_DECKS,
            high=MAX_DECKS))
    if profile.reshuffle not in _RESHUFFLE_CHOICES:
        raise IllegalAction(message("{where}: invalid reshuffle {reshuffle}: expected one of {names}",
                                    where=where, reshuffle=repr(profile.reshuffle),
                                    names=", ".join(_RESHUFFLE_CHOICES)))
    kinds = [kind for kind, _ in profile.payouts]
    if len(set(kinds)) != len(kinds) or kinds != sorted(kinds, key=list(BetKind).index):
        raise IllegalAction(message("{where}: payouts must name each bet once, in BetKind order",
                                    where=where))
    for kind in _REQUIRED_BETS:
        if kind not in kinds:
            raise IllegalAction(message(
                "{where}: every Punto Banco table pays punto, banco and empate; no payout given "
                "for {bet}", where=where, bet=kind.name_message))
    for kind, odds in profile.payouts:
        if not isinstance(odds, Fraction) or odds <= 0 or not is_terminating(odds):
            raise IllegalAction(message(
                "{where}: invalid payout {odds} for {bet}: expected a positive exact decimal "
                "fraction such as 1, 19/20 or 8", where=where, odds=str(odds),
                bet=kind.name_message))
    rate = profile.commission_rate
    if not isinstance(rate, Fraction) or not 0 <= rate < 1 or not is_terminating(rate):
        raise IllegalAction(message(
            "{where}: invalid commission rate {rate}: expected an exact fraction from 0 to below "
            "1, such as 1/20 (5%)", where=where, rate=str(rate)))
    if profile.commission is CommissionTiming.ACCRUED and rate == 0:
        raise IllegalAction(message(
            "{where}: commission 'accrued' needs a commission rate above 0 (Banco pays {odds}:1 "
            "with no commission)", where=where, odds=str(profile.payout(BetKind.BANCO))))
    low, high, fixed = profile.min_bet, profile.max_bet, profile.fixed_stake
    for label, value in (("min-bet", low), ("max-bet", high), ("fixed-stake", fixed)):
        if value is not None and (not isinstance(value, Decimal) or value <= 0):
            raise IllegalAction(message("{where}: invalid {field} {value}: expected an amount above 0",
                                        where=where, field=label, value=repr(value)))
    if low is not None and high is not None and low > high:
        raise IllegalAction(message("{where}: min-bet {low} is above max-bet {high}", where=where,
                                    low=amount_value(low), high=amount_value(high)))
    if fixed is not None and ((low is not None and fixed < low) or (high is not None and fixed > high)):
        raise IllegalAction(message("{where}: fixed-stake {fixed} is outside the limits",
                                    where=where, fixed=amount_value(fixed)))
    for rule in profile.pay_rules:
        if not isinstance(rule, PayRule) or rule.bet not in kinds:
            raise IllegalAction(message("{where}: a pay rule must be a PayRule for a bet the table "
                                        "offers; got {rule}", where=where, rule=repr(rule)))
    if profile.min_players < 1:
        raise IllegalAction(message("{where}: invalid min-players {players}: expected 1 or more",
                                    where=where, players=profile.min_players))
    if profile.max_players is not None and profile.max_players < profile.min_players:
        raise IllegalAction(message("{where}: max-players {high} is below min-players {low}",
                                    where=where, high=profile.max_players, low=profile.min_players))


def _payouts(**odds: Fraction | int) -> tuple[tuple[BetKind, Fraction], ...]:
    return tuple(
        (kind, Fraction(odds[kind.name.lower()])) for kind in BetKind if kind.name.lower() in odds
    )


HOME = TableProfile(
    name="home",
    label=N_("home study session"),
    title=N_("Punto Banco, home prediction session"),
    decks=8,
    reshuffle="every-coup",
    payouts=_payouts(punto=1, banco=Fraction(19, 20), empate=8),
    positions=Positions.ONE,
    tie=TiePolicy.RETURN,
    fixed_stake=Decimal(20),
    min_players=2,
    max_players=8,
    notes=(
        N_("Every participant, the dealer too, records one prediction per coup with a fictitious "
           "stake of 20; no money and no balance limit, negative totals allowed."),
        N_("Banco pays 19/20 to 1, so a winning Banco prediction of 20 nets a whole 19."),
        N_("On a tie Punto and Banco predictions push (net 0) and Empate wins."),
        N_("No pair bets, no 9:1 tie, no commission-free variants."),
    ),
)
"""The home study session: 8 decks reshuffled every coup; Punto 1:1, Banco 0.95:1, Empate 8:1; stake fixed at 20."""

CASINO = TableProfile(
    name="casino",
    label=N_("casino table with pair bets"),
    title=N_("Punto Banco casino table with pair side bets"),
    decks=8,
    reshuffle="never",
    payouts=_payouts(punto=1, banco=Fraction(19, 20), empate=9, pareja_punto=11, pareja_banco=11),
    positions=Positions.ONE_SIDE,
    tie=TiePolicy.RETURN,
    side_bets_alone=False,
    assumptions=(
        N_("decks: the casino table's rules do not give the number of decks; 8 is assumed."),
        N_("reshuffle: the casino table's rules do not say when the shoe is reshuffled; the shoe is assumed "
           "dealt through, as at a casino table."),
        N_("limits: the casino table's rules give no table limits; none are assumed."),
    ),
    notes=(
        N_("The player chooses J (Punto) or B (Banco), never both in one coup, and may add Empate "
           "and the pairs; a side bet alone is refused (the option side_bets_alone=yes allows it)."),
        N_("A tie returns J and B bets."),
        N_("A pair is read as two first cards of the same rank (K-K yes, K-Q no); the casino table's rules say "
           "'identical value', and the other reading is the option pair_reading='same-value'."),
    ),
)
"""The casino table with pair bets: J 1:1, B 0.95:1, Empate 9:1, pairs 11:1; 8 decks assumed."""

ONLINE = TableProfile(
    name="online",
    label=N_("online table"),
    title=N_("Punto Banco online table"),
    decks=6,
    reshuffle="every-coup",
    payouts=_payouts(punto=1, banco=1, empate=8),
    commission_rate=Fraction(1, 20),
    commission=CommissionTiming.AT_PAYMENT,
    positions=Positions.ONE,
    tie=TiePolicy.RETURN,
    min_bet=Decimal(1),
    max_bet=Decimal(250),
    max_players=5,
    face_down=False,
    notes=(
        N_("Banco pays 1:1 less a 5% commission on the win, deducted at payment: a stake of 5 "
           "wins 4.75."),
        N_("One position per coup: Punto and Banco are never held together."),
        N_("A tie returns Punto and Banco bets to the account."),
        N_("All cards are dealt face up by the dealer."),
        N_("The common casinos of the online table's rules differ by options: both sides at once, 6 or 8 decks, "
           "commission accrued and collected at the end of the shoe or on leaving, up to 15 "
           "players (mini 7), face-down deal, a bet kept or changed after a tie."),
    ),
)
"""The online table: 6 decks reshuffled every coup; Banco 1:1 less 5% at payment; limits 1-250."""

NO_COMMISSION = TableProfile(
    name="no-commission",
    label=N_("no-commission table"),
    title=N_("Punto Banco without commission: a Banco win with 6 pays half"),
    decks=8,
    reshuffle="never",
    payouts=_payouts(punto=1, banco=1, empate=8),
    pay_rules=(PayRule(BetKind.BANCO, "banco-wins-with-6", Fraction(1, 2)),),
    positions=Positions.ONE_SIDE,
    tie=TiePolicy.RETURN,
    assumptions=(
        N_("payouts: Empate is assumed to pay 8:1, as at most commission-free tables; some pay "
           "9:1 (the option payout.empate=9)."),
    ),
    notes=(
        N_("No commission is taken: Banco pays 1:1, except a Banco win with a total of 6, which "
           "pays 1:2 (a stake of 10 wins 5)."),
        N_("Punto pays 1:1; a tie returns Punto and Banco bets and pays Empate 8:1."),
        N_("Eight decks dealt through; Punto and Banco never together in one coup."),
    ),
)
"""The common no-commission table: Banco 1:1 with no commission, a win with 6 paid 1:2."""

EZ = TableProfile(
    name="ez",
    label=N_("EZ Baccarat table"),
    title=N_("EZ Baccarat: no commission, a Banco win with a three-card 7 pushes"),
    decks=8,
    reshuffle="never",
    payouts=_payouts(punto=1, banco=1, empate=8, dragon_7=40, panda_8=25),
    pay_rules=(PayRule(BetKind.BANCO, "banco-wins-3-card-7", None),),
    positions=Positions.ONE_SIDE,
    tie=TiePolicy.RETURN,
    side_bets_alone=False,
    notes=(
        N_("No commission is taken: Banco pays 1:1, except a Banco win with a three-card 7 (the "
           "Dragon 7), which is a push."),
        N_("Punto pays 1:1; a tie returns Punto and Banco bets and pays Empate 8:1."),
        N_("Dragon 7 pays 40:1 when Banco wins with a three-card 7; Panda 8 pays 25:1 when Punto "
           "wins with a three-card 8; the side bets are taken with a bet on Punto or Banco."),
        N_("Eight decks dealt through; Punto and Banco never together in one coup."),
    ),
)
"""EZ Baccarat: Banco 1:1 with no commission, a three-card 7 win a push; Dragon 7 40:1, Panda 8 25:1."""

_BUILT_IN = (HOME, CASINO, ONLINE, NO_COMMISSION, EZ)
_REGISTRY: dict[str, TableProfile] = {p.name: p for p in _BUILT_IN}
PROFILES: Mapping[str, TableProfile] = MappingProxyType(_REGISTRY)
"""The registry of table profiles, by name (a read-only view: :func:`register_profile` adds)."""


def register_profile(profile: TableProfile) -> TableProfile:
    """Add ``profile`` to the registry: the one place a new table is declared.

    Everything that lists tables reads the registry (``profiles``, ``settle``,
    ``play``, ``odds``, the house-edge tables of the pages), so a profile added
    here is offered everywhere.  A name already registered is refused.
    """
    if not isinstance(profile, TableProfile):
        raise IllegalAction(message("invalid table profile {profile}: expected a TableProfile",
                                    profile=repr(profile)))
    if profile.name in _REGISTRY:
        raise IllegalAction(message("a table profile named {name!r} is already registered",
                                    name=profile.name))
    _REGISTRY[profile.name] = profile
    return profile


def unregister_profile(name: str) -> None:
    """Take a profile added by :func:`register_profile` out of the registry again."""
    if name in {p.name for p in _BUILT_IN}:
        raise IllegalAction(message("the {name} profile is one of the built-in tables and "
                                    "stays registered", name=name))
    _REGISTRY.pop(name, None)


def _option_value(name: str, value: Any) -> Any:
    """A profile field's value as an option value in plain JSON data."""
    if name == "payouts":
        return {kind.value: str(odds) for kind, odds in value}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Decimal):
        return format_amount(value)
    if isinstance(value, Fraction):
        return str(value)
    return value


def profile_options(profile: TableProfile) -> tuple[str, dict[str, Any]]:
    """A profile as the name of a registered profile and the options that make it.

    This is how a save names its table: never the payouts or limits themselves,
    only the registered table and the options changed, so that resuming builds
    the table from the registry again (:func:`profile_from_options`).

    >>> profile_options(ONLINE.with_options(decks=8, commission="accrued"))
    ('online', {'commission': 'accrued', 'decks': 8})
    >>> profile_options(HOME)
    ('home', {})
    """
    base = PROFILES.get(profile.name)
    if base is None:
        raise IllegalAction(message(
            "the table {name!r} is not a registered profile (expected one of {names}); register "
            "it with register_profile() to save a session at it", name=profile.name,
            names=", ".join(PROFILES)))
    options: dict[str, Any] = {}
    for name in sorted(OPTION_NAMES):
        value = getattr(profile, name)
        if value != getattr(base, name):
            if name == "payouts":
                offered = dict(value)
                options[name] = {kind.value: (str(offered[kind]) if kind in offered else None)
                                 for kind in BetKind if kind in offered or base.offers(kind)}
            else:
                options[name] = _option_value(name, value)
    if profile_from_options(profile.name, options) != profile:
        raise IllegalAction(message(
            "the table {name!r} differs from the registered profile in more than its options (its "
            "title, notes or assumptions); register it under a name of its own to save a session "
            "at it", name=profile.name))
    return profile.name, options


def profile_from_options(name: object, options: object = None) -> TableProfile:
    """The registered profile ``name`` with ``options`` applied, every value checked.

    >>> profile_from_options("online", {"decks": 8}).decks
    8
    >>> profile_from_options("online", {"payouts": "lots"})
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid payouts 'lots': expected a mapping of bet to odds, e.g. {'empate': '9'}
    """
    if not isinstance(name, str):
        raise IllegalAction(message("invalid table profile {name}: expected the name of one of "
                                    "{names}", name=repr(name), names=", ".join(PROFILES)))
    profile = get_profile(name)
    if options is None or options == {}:
        return profile
    if not isinstance(options, Mapping) or not all(isinstance(key, str) for key in options):
        raise IllegalAction(message("invalid table options {options}: expected an object of option "
                                    "names and values, e.g. {example}", options=repr(options),
                                    example='{"decks": 8}'))
    return profile.with_options(**dict(options))

def profile_names() -> tuple[str, ...]:
    """The registered profile names.

    >>> profile_names()
    ('home', 'casino', 'online', 'no-commission', 'ez')
    """
    return tuple(PROFILES)


def get_profile(name: str | TableProfile) -> TableProfile:
    """Look a table profile up by name (a profile is returned as it is).

    >>> get_profile("casino").decks_assumed
    True
    >>> get_profile("macao")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: unknown table profile 'macao': expected one of home, casino, online, no-commission, ez
    """
    if isinstance(name, TableProfile):
        return name
    try:
        return PROFILES[name]
    except (KeyError, TypeError):
        raise IllegalAction(message("unknown table profile {name}: expected one of {names}",
                                    name=repr(name), names=", ".join(PROFILES))) from None
