"""The home study session: every participant predicts each coup (the ``home`` table).

Two to eight participants, the dealer too, start at 0 and play ten coups.
Before each coup every participant records one prediction (Punto, Banco or
Empate) with the fixed fictitious stake of the ``home`` table (20); the coup
is dealt from a seeded 8-deck shoe reshuffled before every coup (a full shoe
every coup, as the rules say; with shuffle version 2, the default, only the
cards a coup can use are shuffled, which gives every card the same chance, see
:mod:`bacara_teach.shoe`), and each
prediction is settled by :mod:`bacara_teach.settlement`: Punto +20/-20,
Banco +19/-20, Empate +160/-20, a push 0.  Negative totals are allowed.
After the last coup the highest total wins; tied leaders share the win.

The session is an object with actions (``predict``, ``deal``), each with
its ``verify_``/``can_`` companions; a refused action raises and changes
nothing.  The same seed and the same predictions give the same session, and
:meth:`HomeSession.to_json`/:meth:`HomeSession.from_json` pause and resume it.

>>> session = HomeSession(players=["Ana", "Luis"], seed=3)
>>> session.predict("Ana", "banco").on, session.can_deal()
(<BetKind.BANCO: 'banco'>, False)
>>> session.verify_deal()
Traceback (most recent call last):
...
bacara_teach.errors.IllegalAction: coup 1 cannot be dealt yet: waiting for the prediction of Luis
>>> _ = session.predict("Luis", "empate")
>>> record = session.deal()
>>> record.number, session.coups_played, sorted(session.totals) == ["Ana", "Luis"]
(1, 1, True)
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from bacara_teach.cards import format_cards
from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.money import add, format_amount, parse_amount
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
from bacara_teach.settlement import Bet, SettledBet, settle_bet
from bacara_teach.shoe import DEFAULT_SHUFFLE, FULL_SHUFFLE, Shoe
from bacara_teach.tables import (
    HOME,
    BetKind,
    TableProfile,
    get_profile,
    profile_from_options,
    profile_options,
    table_message,
)
from bacara_teach.text import message, nmessage

__all__ = ["FORMAT", "SESSION_COUPS", "Abstention", "CoupRecord", "HomeSession", "Prediction"]

SESSION_COUPS = 10
"""Coups in a home session (the home study-session rules: a home format, not a casino requirement)."""

FORMAT = "bacara-teach/home-session"
_VERSION = 3
"""Saves of version 3 record the shuffle version in their rules; earlier ones were dealt with
shuffle version 1 and replay with it."""

Seed = int | str


@dataclass(frozen=True, slots=True)
class Prediction:
    """A recorded prediction: who, for which coup, on which position."""

    coup: int
    player: str
    on: BetKind

    def to_dict(self) -> dict[str, Any]:
        return {"action": "predict", "coup": self.coup, "player": self.player, "on": self.on.value}


@dataclass(frozen=True, slots=True)
class Abstention:
    """The dealer's choice not to predict a coup (the dealer may predict, but need not)."""

    coup: int
    player: str

    def to_dict(self) -> dict[str, Any]:
        return {"action": "abstain", "coup": self.coup, "player": self.player}


@dataclass(frozen=True)
class CoupRecord:
    """One played coup: the coup, each prediction, net change and every participant's total after.

    ``predictions`` and ``settled`` list those who predicted, in seating order (a dealer who
    did not predict is absent from both and scores 0); ``totals`` lists every participant.
    """

    number: int
    coup: Coup
    predictions: tuple[tuple[str, BetKind], ...]
    settled: tuple[tuple[str, SettledBet], ...]
    totals: tuple[tuple[str, Decimal], ...]

    def prediction(self, player: str) -> BetKind | None:
        """``player``'s prediction, or None for a dealer who did not predict."""
        return dict(self.predictions).get(player)

    def net(self, player: str) -> Decimal:
        paid = dict(self.settled).get(player)
        return Decimal(0) if paid is None else paid.net

    def total(self, player: str) -> Decimal:
        return dict(self.totals)[player]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (amounts as decimal strings)."""
        return {
            "number": self.number,
            "cards": format_cards(self.coup.cards),
            "winner": self.coup.winner.value,
            "punto": self.coup.punto_total,
            "banco": self.coup.banco_total,
            "predictions": {name: on.value for name, on in self.predictions},
            "nets": {name: format_amount(s.net) for name, s in self.settled},
            "totals": {name: format_amount(total) for name, total in self.totals},
        }

    def log_entry(self) -> dict[str, Any]:
        """The entry of a save's log: the deal and the cards it gave (checked on resuming)."""
        return {"action": "deal", "coup": self.number, "cards": format_cards(self.coup.cards)}


Operation = Prediction | Abstention | CoupRecord


def _check_players(players: object, profile: TableProfile) -> tuple[str, ...]:
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise IllegalAction(message("invalid players {players}: expected a list of names, e.g. "
                                    "['Ana', 'Luis']", players=repr(players)))
    names: list[str] = []
    for raw in players:
        if not isinstance(raw, str) or not raw.strip():
            raise IllegalAction(message("invalid player name {name}: expected a non-empty name",
                                        name=repr(raw)))
        name = " ".join(raw.split())
        if any(name.casefold() == other.casefold() for other in names):
            raise IllegalAction(message("duplicate player name {name!r}: every participant needs a "
                                        "name of their own", name=name))
        names.append(name)
    low, high = profile.min_players, profile.max_players
    if len(names) < low or (high is not None and len(names) > high):
        given = {"low": low, "high": high, "got": len(names), "names": ", ".join(names)}
        if high is None and names:
            refused = message("a home session takes at least {low} participants (the dealer too); "
                              "got {got}: {names}", **given)
        elif high is None:
            refused = message("a home session takes at least {low} participants (the dealer too); "
                              "got {got}", **given)
        elif names:
            refused = message("a home session takes {low} to {high} participants (the dealer "
                              "too); got {got}: {names}", **given)
        else:
            refused = message("a home session takes {low} to {high} participants (the dealer "
                              "too); got {got}", **given)
        raise IllegalAction(refused)
    return tuple(names)


class HomeSession:
    """A home study session of predictions.  See the module docstring."""

    def __init__(
        self,
        *,
        players: Sequence[str],
        seed: Seed | None = None,
        dealer: str | None = None,
        profile: TableProfile | str = HOME,
        coups: int = SESSION_COUPS,
        shuffle_version: int = DEFAULT_SHUFFLE,
    ) -> None:
        table = get_profile(profile)
        if table.fixed_stake is None:
            raise IllegalAction(message("a home session needs a table with a fixed stake; {table} has "
                                        "none", table=table_message(table.name)))
        if isinstance(coups, bool) or not isinstance(coups, int) or coups < 1:
            raise IllegalAction(message("invalid number of coups {coups}: expected a whole number, 1 "
                                        "or more", coups=repr(coups)))
        if seed is None:
            seed = secrets.randbelow(2**32)
        seed = check_seed(seed)
        self._profile = table
        self._players = _check_players(players, table)
        self._dealer = self._players[0] if dealer is None else self._name(dealer)
        self._seed: Seed = seed
        self._coups = coups
        self._stake: Decimal = table.fixed_stake
        self._shoe = Shoe.standard(table.decks, seed=seed, reshuffle=table.reshuffle,
                                   shuffle_version=shuffle_version)
        self._pending: dict[str, BetKind | None] = {}
        self._records: list[CoupRecord] = []
        self._log: list[Operation] = []
        self._totals: dict[str, Decimal] = {name: Decimal(0) for name in self._players}

    # -- reading ----------------------------------------------------------------------------
    @property
    def profile(self) -> TableProfile:
        return self._profile

    @property
    def players(self) -> tuple[str, ...]:
        """The participants in seating order."""
        return self._players

    @property
    def dealer(self) -> str:
        return self._dealer

    @property
    def seed(self) -> Seed:
        return self._seed

    @property
    def shuffle_version(self) -> int:
        """How the shoe is shuffled before each coup (:mod:`bacara_teach.shoe`); a save keeps it."""
        return self._shoe.shuffle_version

    @property
    def stake(self) -> Decimal:
        """The fixed stake of every prediction."""
        return self._stake

    @property
    def coups(self) -> int:
        """How many coups the session has."""
        return self._coups

    @property
    def coups_played(self) -> int:
        return len(self._records)

    @property
    def coup_number(self) -> int:
        """The number of the next coup to deal (1-based)."""
        return len(self._records) + 1

    @property
    def finished(self) -> bool:
        return len(self._records) >= self._coups

    @property
    def records(self) -> tuple[CoupRecord, ...]:
        return tuple(self._records)

    @property
    def log(self) -> tuple[Operation, ...]:
        """Every action taken, in order: predictions, the dealer's abstentions, dealt coups."""
        return tuple(self._log)

    @property
    def pending(self) -> dict[str, BetKind]:
        """The predictions recorded for the next coup so far."""
        return {name: on for name, on in self._pending.items() if on is not None}

    @property
    def abstained(self) -> tuple[str, ...]:
        """Who chose not to predict the next coup (only the dealer may)."""
        return tuple(name for name, on in self._pending.items() if on is None)

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """Participants still to predict before the next coup can be dealt."""
        if self.finished:
            return ()
        return tuple(name for name in self._players if name not in self._pending)

    @property
    def totals(self) -> dict[str, Decimal]:
        """Each participant's running total."""
        return dict(self._totals)

    def scoreboard(self) -> list[tuple[str, Decimal]]:
        """Participants and totals, highest first (seating order among equals)."""
        order = {name: i for i, name in enumerate(self._players)}
        return sorted(self._totals.items(), key=lambda item: (-item[1], order[item[0]]))

    @property
    def leaders(self) -> tuple[str, ...]:
        """Everyone with the highest total now, in seating order."""
        best = max(self._totals.values())
        return tuple(name for name in self._players if self._totals[name] == best)

    @property
    def winners(self) -> tuple[str, ...]:
        """The winners once every coup is played (tied leaders share); empty before."""
        return self.leaders if self.finished else ()

    def _name(self, player: object) -> str:
        if isinstance(player, str):
            key = " ".join(player.split()).casefold()
            for name in self._players:
                if name.casefold() == key:
                    return name
        raise IllegalAction(message("unknown participant {player}: the participants are {names}",
                                    player=repr(player), names=", ".join(self._players)))

    # -- predicting -------------------------------------------------------------------------
    def verify_predict(self, player: str, on: BetKind | str) -> None:
        """Raise unless ``player`` may record a prediction on ``on`` now."""
        if self.finished:
            raise IllegalAction(message("no more predictions: all {coups} coups of the session have "
                                        "been played", coups=self._coups))
        name = self._name(player)
        choices = ", ".join(k.value for k in self._profile.bets)
        try:
            kind = BetKind.parse(on)
        except NotationError:
            raise NotationError(message("invalid prediction {prediction} for {name}: expected one of "
                                        "{names}", prediction=repr(on), name=name,
                                        names=choices)) from None
        if not self._profile.offers(kind):
            raise IllegalAction(message("invalid prediction {prediction} for {name}: a home "
                                        "prediction is one of {names}", prediction=repr(on),
                                        name=name, names=choices))
        self._check_not_done(name)

    def _check_not_done(self, name: str) -> None:
        if name in self._pending:
            done = self._pending[name]
            if done is None:
                raise IllegalAction(message("{name} chose not to predict coup {coup}; one choice per "
                                            "participant per coup", name=name,
                                            coup=self.coup_number))
            raise IllegalAction(message("{name} already predicted {bet} for coup {coup}; one "
                                        "prediction per participant per coup", name=name,
                                        bet=done.name_message, coup=self.coup_number))

    def can_predict(self, player: str, on: BetKind | str) -> bool:
        try:
            self.verify_predict(player, on)
        except (IllegalAction, NotationError):
            return False
        return True

    def predict(self, player: str, on: BetKind | str) -> Prediction:
        """Record ``player``'s prediction for the next coup."""
        self.verify_predict(player, on)
        record = Prediction(self.coup_number, self._name(player), BetKind.parse(on))
        self._pending[record.player] = record.on
        self._log.append(record)
        return record

    # -- the dealer's abstention -----------------------------------------------------------------
    def verify_abstain(self, player: str) -> None:
        """Raise unless ``player`` may let the next coup go without a prediction.

        Every participant predicts each coup; the dealer may too, but need not
        (a dealer who does not scores 0 for that coup).
        """
        if self.finished:
            raise IllegalAction(message("no more coups to predict: all {coups} coups of the session "
                                        "have been played", coups=self._coups))
        name = self._name(player)
        if name != self._dealer:
            raise IllegalAction(message("{name} must predict coup {coup}: only the dealer ({dealer}) "
                                        "may let a coup go without a prediction", name=name,
                                        coup=self.coup_number, dealer=self._dealer))
        self._check_not_done(name)

    def can_abstain(self, player: str) -> bool:
        try:
            self.verify_abstain(player)
        except IllegalAction:
            return False
        return True

    def abstain(self, player: str) -> Abstention:
        """Record that the dealer does not predict the next coup."""
        self.verify_abstain(player)
        record = Abstention(self.coup_number, self._name(player))
        self._pending[record.player] = None
        self._log.append(record)
        return record

    # -- dealing ----------------------------------------------------------------------------
    def verify_deal(self) -> None:
        """Raise unless the next coup may be dealt (every participant has predicted)."""
        if self.finished:
            raise IllegalAction(message("coup {coup} cannot be dealt: the session has {coups} coups "
                                        "and all have been played", coup=self.coup_number,
                                        coups=self._coups))
        missing = self.waiting_for
        if missing:
            raise IllegalAction(nmessage(
                "coup {coup} cannot be dealt yet: waiting for the prediction of {names}",
                "coup {coup} cannot be dealt yet: waiting for the predictions of {names}",
                len(missing), coup=self.coup_number, names=", ".join(missing)))

    def can_deal(self) -> bool:
        try:
            self.verify_deal()
        except IllegalAction:
            return False
        return True

    def deal(self) -> CoupRecord:
        """Deal the next coup, settle every prediction and update the totals."""
        self.verify_deal()
        coup = play_coup(self._shoe)
        predictions = tuple((name, on) for name in self._players
                            if (on := self._pending[name]) is not None)
        settled = tuple(
            (name, settle_bet(coup, Bet(on, self._stake), self._profile)) for name, on in predictions
        )
        for name, paid in settled:
            self._totals[name] = add(self._totals[name], paid.net)
        record = CoupRecord(
            number=self.coup_number,
            coup=coup,
            predictions=predictions,
            settled=settled,
            totals=tuple((name, self._totals[name]) for name in self._players),
        )
        self._records.append(record)
        self._log.append(record)
        self._pending = {}
        return record

    # -- saving and resuming --------------------------------------------------------------------
    def rules(self) -> dict[str, Any]:
        """The session's rules as data: the table (a registered profile and its options), the
        roster, the dealer, the seed, the shuffle version and the number of coups."""
        name, options = profile_options(self._profile)
        return {"profile": name, "options": options, "players": list(self._players),
                "dealer": self._dealer, "seed": self._seed, "shuffle": self.shuffle_version,
                "coups": self._coups}

    def to_dict(self) -> dict[str, Any]:
        """The session as a save: its rules and its log; :meth:`from_dict` replays it.

        A save carries no stake, payout or total: the stake and payouts come from the named
        profile, the totals from replaying the log.
        """
        log = [op.log_entry() if isinstance(op, CoupRecord) else op.to_dict() for op in self._log]
        return {"format": FORMAT, "version": _VERSION, "rules": self.rules(), "log": log}

    def to_json(self) -> str:
        return dump_save(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HomeSession:
        """Resume a session saved by :meth:`to_dict`: its rules, then its log replayed.

        Each entry of the log goes through the same checks as the action it records; a deal
        must give the cards saved.  A save that fails is refused with the entry and the
        reason (:class:`~bacara_teach.saves.SaveError`).  Saves of versions 1 and 2 were
        dealt with shuffle version 1 and replay with it; version 1 saves (a full table
        profile, records and totals) are read when their table is a registered profile as it
        is.
        """
        version = save_version(data, kind="home session", file_format=FORMAT, version=_VERSION)
        if version == 1:
            return cls._from_version_1(data)
        rules = data.get("rules")
        if version == 2:
            if not isinstance(rules, Mapping):
                raise SaveError(message("the rules are missing or not an object: expected profile, "
                                        "options, players, dealer, seed and coups"), field="rules")
            expected = {"profile", "options", "players", "dealer", "seed", "coups"}
            if set(rules) != expected:
                odd = sorted(set(rules) ^ expected)
                raise SaveError(message("the rules have the wrong fields ({fields}): expected "
                                        "profile, options, players, dealer, seed and coups",
                                        fields=", ".join(odd)), field="rules")
            rules = {**rules, "shuffle": FULL_SHUFFLE}
        else:
            if not isinstance(rules, Mapping):
                raise SaveError(message("the rules are missing or not an object: expected profile, "
                                        "options, players, dealer, seed, shuffle and coups"),
                                field="rules")
            expected = {"profile", "options", "players", "dealer", "seed", "shuffle", "coups"}
            if set(rules) != expected:
                odd = sorted(set(rules) ^ expected)
                raise SaveError(message("the rules have the wrong fields ({fields}): expected "
                                        "profile, options, players, dealer, seed, shuffle and "
                                        "coups", fields=", ".join(odd)), field="rules")
        try:
            session = cls(players=rules["players"], seed=rules["seed"], dealer=rules["dealer"],
                          profile=profile_from_options(rules["profile"], rules["options"]),
                          coups=rules["coups"], shuffle_version=rules["shuffle"])
        except BacaraError as error:
            raise SaveError(message("the rules are refused: {reason}", reason=error.message),
                            field="rules") from None
        replay_log(data.get("log"), session._replay)
        return session

    def _replay(self, entry: object) -> None:
        """Take one log entry again, through the same checks as the action it records."""
        if not isinstance(entry, Mapping):
            raise NotationError(message("expected an object with an action, got {entry}",
                                        entry=repr(entry)))
        action = entry.get("action")
        fields = {"predict": {"action", "coup", "player", "on"},
                  "abstain": {"action", "coup", "player"},
                  "deal": {"action", "coup", "cards"}}
        if action not in fields:
            raise NotationError(message("unknown action {action}: expected predict, abstain or deal",
                                        action=repr(action)))
        if set(entry) != fields[action]:
            raise NotationError(message("a {action} entry has the fields {fields}", action=action,
                                        fields=", ".join(sorted(fields[action]))))
        if entry["coup"] != self.coup_number or isinstance(entry["coup"], bool):
            raise NotationError(message("it is for coup {given}, but coup {coup} is next",
                                        given=repr(entry["coup"]), coup=self.coup_number))
        if action == "predict":
            self.predict(entry["player"], entry["on"])
        elif action == "abstain":
            self.abstain(entry["player"])
        else:
            self.verify_deal()
            record = self.deal()
            cards = format_cards(record.coup.cards)
            if entry["cards"] != cards:
                raise NotationError(message("the save says coup {coup} was {saved}, but the seed "
                                            "deals {cards!r}", coup=record.number,
                                            saved=repr(entry["cards"]), cards=cards))

    @classmethod
    def _from_version_1(cls, data: Mapping[str, Any]) -> HomeSession:
        profile = registered_profile(data.get("profile"))
        try:
            session = cls(players=data["players"], seed=data["seed"], dealer=data.get("dealer"),
                          profile=profile, coups=data.get("coups", SESSION_COUPS),
                          shuffle_version=FULL_SHUFFLE)
            for saved_coup in data.get("records", []):
                for name, on in saved_coup["predictions"].items():
                    session.predict(name, on)
                record = session.deal()
                replayed = record.to_dict()
                for key in ("cards", "nets", "totals"):
                    if replayed[key] != saved_coup[key]:
                        raise NotationError(message(
                            "saved home session does not replay: coup {coup} {field} {saved} but "
                            "the seed gives {replayed}", coup=record.number, field=key,
                            saved=repr(saved_coup[key]), replayed=repr(replayed[key])))
            for name, on in data.get("pending", {}).items():
                session.predict(name, on)
        except (KeyError, TypeError, AttributeError) as error:
            raise SaveError(message("saved home session is incomplete or malformed: {error}",
                                    error=repr(error))) from None
        except BacaraError as error:
            raise SaveError(error.message) from None
        totals = data.get("totals")
        if totals is not None:
            try:
                saved_totals = {name: parse_amount(value) for name, value in totals.items()}
            except (AttributeError, BacaraError):
                saved_totals = {}
            if saved_totals != session.totals:
                raise SaveError(message("saved home session does not replay: the totals differ"),
                                field="totals")
        return session

    @classmethod
    def from_json(cls, text: str) -> HomeSession:
        """Resume a session from :meth:`to_json` text; a refusal names the line of the text."""
        data = parse_json(text, what="saved home session")
        try:
            return cls.from_dict(data)
        except SaveError as error:
            raise locate(error, text, "saved home session") from None

    def status(self, lang: str | None = None) -> str:
        """Where the session stands, in ``lang`` (``None``: the default language): its
        players, the coups played, and once it is over who won.

        >>> session = HomeSession(players=["Ana", "Luis"], seed=1, coups=1)
        >>> session.status("en")
        'Ana, Luis: coup 0 of 1'
        >>> for name in session.players:
        ...     _ = session.predict(name, "banco")
        >>> _ = session.deal()
        >>> session.status("es").startswith("Ana, Luis: coup 1 de 1; la sesión ha terminado, con ")
        True
        """
        head = message("coup {played} of {coups}", played=self.coups_played, coups=self._coups)
        players = ", ".join(self._players)
        if self.finished:
            return message("{players}: {head}; the session is over, won by {winners}",
                           players=players, head=head,
                           winners=", ".join(self.winners)).render(lang)
        return message("{players}: {head}", players=players, head=head).render(lang)

    def _repr_html_(self) -> str:
        """What a notebook shows: :meth:`status`, as a sentence in the default language."""
        from html import escape

        return f"<p class='bt-status'>{escape(self.status())}</p>"

    def __repr__(self) -> str:
        return (
            f"<HomeSession players={list(self._players)!r} seed={self._seed!r} "
            f"coup {min(self.coup_number, self._coups)}/{self._coups}>"
        )
