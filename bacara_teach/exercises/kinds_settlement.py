"""Question kind on settlement: the net result of one bet under one of the table profiles.

The key is :func:`bacara_teach.settlement.settle_bet` on the coup dealt from
the given cards; the explanation is the coup's result and the settled bet's
own description.

>>> kind = SettlementKind()
>>> kind.key({"table": "online", "bet": "banco=5", "cards": "4♥ 2♠ 9♣ A♦ 8♦"})
'4.75'
>>> print(kind.explain({"table": "home", "bet": "banco=20", "cards": "4♥ 2♠ 9♣ A♦ 8♦"}))
Banco wins, 3 to 1. At the home table: banco 20: won, paid 19/20 to 1: +19.
>>> print(kind.explain({"table": "home", "bet": "banco=20", "cards": "4♥ 2♠ 9♣ A♦ 8♦"}, "es"))
Gana Banco, 3 a 1. En la mesa de casa: banco 20: ganada, se paga 19/20 a 1: +19.
>>> kind.key({"table": "ez", "bet": "banco=10", "cards": "K♠ 3♦ 2♥ 2♣ 4♦ 2♠"})
'0'
>>> print(kind.explain({"table": "no-commission", "bet": "banco=10", "cards": "K♠ 3♦ 2♥ 3♣ 3♦"}))
Banco wins, 6 to 5. At the no-commission table: banco 10: won, paid 1/2 to 1 (Banco wins with 6): +5.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from bacara_teach.coup_events import final_of, holds
from bacara_teach.errors import BacaraError, NotationError
from bacara_teach.exercises.questions import (
    AMOUNT,
    ParamsError,
    QuestionKind,
    cards_param,
    cards_text,
    distinct,
    lang_code,
    param,
)
from bacara_teach.money import format_amount
from bacara_teach.narration import narrate_step
from bacara_teach.punto_banco import Coup, Outcome, deal_coup, play_coup
from bacara_teach.settlement import (
    Bet,
    SettledBet,
    coup_has_pair,
    settle_bet,
)
from bacara_teach.shoe import Shoe
from bacara_teach.steps import Rule
from bacara_teach.tables import BetKind, PairReading, TableProfile, get_profile, profile_names
from bacara_teach.text import N_, Message, localize_number, message, pmessage, tr

__all__ = ["SettlementKind", "describe_settled", "table_name"]

_TABLE_NAMES: dict[str, Message] = {
    "home": pmessage("a table, as in 'at the ... table'", "home"),
    "casino": pmessage("a table, as in 'at the ... table'", "casino"),
    "online": pmessage("a table, as in 'at the ... table'", "online"),
    "no-commission": pmessage("a table, as in 'at the ... table'", "no-commission"),
    "ez": pmessage("a table, as in 'at the ... table'", "EZ Baccarat"),
}
_PAIR_READINGS: dict[PairReading, Message] = {
    PairReading.SAME_RANK: pmessage("what makes a pair", "same rank"),
    PairReading.SAME_VALUE: pmessage("what makes a pair", "same value"),
}


def table_name(table: TableProfile, lang: str | None = None) -> str:
    """How the text names a table profile: ``home`` in English, ``de casa`` in Spanish.

    >>> table_name(get_profile("online"), "es")
    'en línea'
    """
    found = _TABLE_NAMES.get(table.name)
    return table.name if found is None else found.render(lang_code(lang))


def describe_settled(settled: SettledBet, lang: str | None = None) -> str:
    """A settled bet in one line (:meth:`SettledBet.describe`, in ``lang``).

    >>> from bacara_teach.cards import parse_cards
    >>> settled = settle_bet(deal_coup(parse_cards("4♥ 2♠ 9♣ A♦ 8♦")), Bet.parse("banco=5"),
    ...                      get_profile("online"))
    >>> describe_settled(settled, "en")
    'banco 5: won, paid 1 to 1 less 0.25 commission: +4.75'
    """
    return settled.describe(lang_code(lang))

_STAKES: dict[str, tuple[int, ...]] = {"casino": (5, 10, 25, 50), "online": (2, 5, 10, 15, 40),
                                       "no-commission": (5, 10, 15, 25), "ez": (5, 10, 25, 50)}


def _coups(rng: random.Random, decks: int) -> Iterator[Coup]:
    while True:
        shoe = Shoe.standard(decks, seed=rng.getrandbits(64))
        while shoe.remaining >= 6:
            yield play_coup(shoe)


_ENDINGS: dict[str, tuple[str, BetKind]] = {
    "banco-wins-6": ("banco-wins-with-6", BetKind.BANCO),
    "banco-wins-not-6": ("banco-wins-not-6", BetKind.BANCO),
    "banco-3-card-7": ("banco-wins-3-card-7", BetKind.BANCO),
    "dragon-7": ("banco-wins-3-card-7", BetKind.DRAGON_7),
    "panda-8": ("punto-wins-3-card-8", BetKind.PANDA_8),
}
"""Categories of the commission-free tables: a way a coup ends (a name of
:data:`~bacara_teach.coup_events.EVENTS`) and the bet that it decides."""


def _bet_for(category: str, coup: Coup, rng: random.Random) -> BetKind | None:
    """The position that makes ``coup`` an example of ``category``, or None if it is not one."""
    winner = coup.winner
    sides = {Outcome.PUNTO: BetKind.PUNTO, Outcome.BANCO: BetKind.BANCO}
    if category == "win-banco":
        return BetKind.BANCO if winner is Outcome.BANCO else None
    if category == "win-punto":
        return BetKind.PUNTO if winner is Outcome.PUNTO else None
    if category == "lose":
        if winner is Outcome.EMPATE:
            return None
        return BetKind.BANCO if winner is Outcome.PUNTO else BetKind.PUNTO
    if category == "tie-side":
        return rng.choice((BetKind.PUNTO, BetKind.BANCO)) if winner is Outcome.EMPATE else None
    if category == "tie-empate":
        return BetKind.EMPATE if winner is Outcome.EMPATE else None
    if category == "empate-loses":
        return BetKind.EMPATE if winner in sides else None
    if category in _ENDINGS:
        event, kind = _ENDINGS[category]
        return kind if holds(event, final_of(coup)) else None
    if category == "pair":
        hands = [k for k in (BetKind.PAREJA_PUNTO, BetKind.PAREJA_BANCO) if coup_has_pair(coup, k)]
        return rng.choice(hands) if hands else None
    if category == "no-pair":
        hand = rng.choice((BetKind.PAREJA_PUNTO, BetKind.PAREJA_BANCO))
        return None if coup_has_pair(coup, hand) else hand
    raise NotationError(message("unknown settlement category {category}", category=repr(category)))


class SettlementKind(QuestionKind):
    """The net change of one bet on a dealt coup, at one table (an exact amount)."""

    name = "settlement"
    title = N_("Settling a bet")
    answer = AMOUNT
    _CATEGORIES: ClassVar[dict[str, tuple[str, ...]]] = {
        # the first is each table's signature (Banco's 19/20, the pairs, the commission);
        # the others come in an order drawn for each paper
        "home": ("win-banco", "lose", "tie-side", "tie-empate", "empate-loses"),
        "casino": ("pair", "empate-loses", "tie-empate", "no-pair", "win-banco", "lose"),
        "online": ("win-banco", "tie-side", "lose", "win-punto", "tie-empate"),
        "no-commission": ("banco-wins-6", "banco-wins-not-6", "tie-side", "lose", "win-punto"),
        "ez": ("banco-3-card-7", "dragon-7", "panda-8", "banco-wins-not-6", "lose", "tie-side"),
    }

    def options_text(self, options: Mapping[str, Any], lang: str | None = None) -> str:
        """Which table the item's questions are at: ``at the home table``."""
        table = get_profile(str(options.get("table", "home")))
        return tr("at the {table} table", lang, table=table_name(table, lang))

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        table = get_profile(str(options.get("table", "home")))
        first, *rest = options.get("categories", self._CATEGORIES.get(table.name, ("win-banco",)))
        categories = (first, *rng.sample(rest, len(rest)))
        coups = _coups(random.Random(rng.getrandbits(64)), table.decks)
        position = iter(range(10**6))

        def draw(pick: random.Random) -> dict[str, Any] | None:
            category = categories[next(position) % len(categories)]
            for coup in coups:
                kind = _bet_for(category, coup, pick)
                if kind is not None and table.offers(kind):
                    stake = table.fixed_stake or pick.choice(_STAKES.get(table.name, (10,)))
                    bet = Bet.of(kind, stake)
                    return {"table": table.name, "bet": str(bet), "cards": cards_text(coup.cards)}
            return None  # pragma: no cover - the stream is endless

        return distinct(rng, count, draw)

    def _read(self, params: Mapping[str, Any]) -> tuple[TableProfile, Bet, Coup]:
        table = param(params, "table", self.name)
        bet = param(params, "bet", self.name)
        cards = cards_param(params, "cards", self.name)
        try:
            if table not in profile_names():
                raise ParamsError(message("expected a table profile: {names}",
                                          names=", ".join(profile_names())))
            return get_profile(table), Bet.parse(bet), deal_coup(cards)
        except BacaraError as error:
            raise _invalid(params, error) from None

    def _settled(self, params: Mapping[str, Any]) -> tuple[TableProfile, Coup, SettledBet]:
        table, bet, coup = self._read(params)
        try:
            return table, coup, settle_bet(coup, bet, table)
        except BacaraError as error:
            raise _invalid(params, error) from None

    def check_params(self, params: Mapping[str, Any]) -> None:
        self._settled(params)

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        table, bet, _ = self._read(params)
        return tr("At the **{table}** table, a player bets **{stake}** on **{on}**. The coup is "
                  "dealt from exactly these cards, in order: **{cards}**. What is the player's net "
                  "result on this bet: what was won after any commission taken at payment, minus "
                  "the stake if it was lost, 0 if the stake comes back?", code,
                  table=table_name(table, code),
                  stake=localize_number(format_amount(bet.stake), code), on=bet.on.label,
                  cards=params["cards"])

    def key(self, params: Mapping[str, Any]) -> str:
        return format_amount(self._settled(params)[2].net)

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        table, coup, settled = self._settled(params)
        result = next(s for s in coup.steps if s.rule == Rule.HIGHER_TOTAL)
        parts = [narrate_step(result, code)]
        if settled.bet.on in (BetKind.PAREJA_PUNTO, BetKind.PAREJA_BANCO):
            hand = coup.punto if settled.bet.on is BetKind.PAREJA_PUNTO else coup.banco
            is_pair = coup_has_pair(coup, settled.bet.on, table.pair_reading)
            first = cards_text(hand[:2])
            reading = _PAIR_READINGS[table.pair_reading]
            if is_pair:
                parts.append(tr("The first two cards of that hand, {cards}, are a pair ({reading}).",
                                code, cards=first, reading=reading))
            else:
                parts.append(tr("The first two cards of that hand, {cards}, are no pair "
                                "({reading}).", code, cards=first, reading=reading))
        parts.append(tr("At the {table} table: {settled}.", code, table=table_name(table, code),
                        settled=describe_settled(settled, code)))
        return " ".join(parts)


def _invalid(params: Mapping[str, Any], error: BacaraError) -> ParamsError:
    return ParamsError(message("invalid settlement question {params!r}: {error}",
                               params=dict(params), error=error.message))
