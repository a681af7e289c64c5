"""Question kind on settlement: the net result of one bet under one of the three table profiles.

The key is :func:`bacara_teach.settlement.settle_bet` on the coup dealt from
the given cards; the explanation is the coup's result and the settled bet's
own description.

>>> kind = SettlementKind()
>>> kind.key({"table": "online", "bet": "banco=5", "cards": "4♥ 2♠ 9♣ A♦ 8♦"})
'4.75'
>>> print(kind.explain({"table": "home", "bet": "banco=20", "cards": "4♥ 2♠ 9♣ A♦ 8♦"}))
Banco wins, 3 to 1. At the home table: banco 20: won, paid 19/20 to 1: +19.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from bacara_teach.errors import BacaraError, NotationError
from bacara_teach.exercises.questions import (
    AMOUNT,
    QuestionKind,
    cards_param,
    cards_text,
    distinct,
    param,
)
from bacara_teach.money import format_amount
from bacara_teach.narration import narrate_step
from bacara_teach.punto_banco import Coup, Outcome, deal_coup, play_coup
from bacara_teach.settlement import Bet, SettledBet, coup_has_pair, settle_bet
from bacara_teach.shoe import Shoe
from bacara_teach.steps import Rule
from bacara_teach.tables import BetKind, TableProfile, get_profile, profile_names

__all__ = ["SettlementKind"]

_STAKES: dict[str, tuple[int, ...]] = {"casino": (5, 10, 25, 50), "online": (2, 5, 10, 15, 40)}


def _coups(rng: random.Random, decks: int) -> Iterator[Coup]:
    while True:
        shoe = Shoe.standard(decks, seed=rng.getrandbits(64))
        while shoe.remaining >= 6:
            yield play_coup(shoe)


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
    if category == "pair":
        hands = [k for k in (BetKind.PAREJA_PUNTO, BetKind.PAREJA_BANCO) if coup_has_pair(coup, k)]
        return rng.choice(hands) if hands else None
    if category == "no-pair":
        hand = rng.choice((BetKind.PAREJA_PUNTO, BetKind.PAREJA_BANCO))
        return None if coup_has_pair(coup, hand) else hand
    raise NotationError(f"unknown settlement category {category!r}")


class SettlementKind(QuestionKind):
    """The net change of one bet on a dealt coup, at one table (an exact amount)."""

    name = "settlement"
    title = "Settling a bet"
    answer = AMOUNT
    _CATEGORIES: ClassVar[dict[str, tuple[str, ...]]] = {
        # the first is each table's signature (Banco's 19/20, the pairs, the commission);
        # the others come in an order drawn for each paper
        "home": ("win-banco", "lose", "tie-side", "tie-empate", "empate-loses"),
        "casino": ("pair", "empate-loses", "tie-empate", "no-pair", "win-banco", "lose"),
        "online": ("win-banco", "tie-side", "lose", "win-punto", "tie-empate"),
    }

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
                raise NotationError(f"expected a table profile: {', '.join(profile_names())}")
            return get_profile(table), Bet.parse(bet), deal_coup(cards)
        except BacaraError as error:
            raise NotationError(f"invalid settlement question {dict(params)!r}: {error}") from None

    def _settled(self, params: Mapping[str, Any]) -> tuple[TableProfile, Coup, SettledBet]:
        table, bet, coup = self._read(params)
        try:
            return table, coup, settle_bet(coup, bet, table)
        except BacaraError as error:
            raise NotationError(f"invalid settlement question {dict(params)!r}: {error}") from None

    def check_params(self, params: Mapping[str, Any]) -> None:
        self._settled(params)

    def prompt(self, params: Mapping[str, Any]) -> str:
        table, bet, _ = self._read(params)
        return (f"At the **{table.name}** table, a player bets "
                f"**{format_amount(bet.stake)}** on **{bet.on.label}**. The coup is dealt from "
                f"exactly these cards, in order: **{params['cards']}**. What is the player's net "
                "result on this bet: what was won after any commission taken at payment, "
                "minus the stake if it was lost, 0 if the stake comes back?")

    def key(self, params: Mapping[str, Any]) -> str:
        return format_amount(self._settled(params)[2].net)

    def explain(self, params: Mapping[str, Any]) -> str:
        table, coup, settled = self._settled(params)
        result = next(s for s in coup.steps if s.rule == Rule.HIGHER_TOTAL)
        parts = [narrate_step(result)]
        if settled.bet.on in (BetKind.PAREJA_PUNTO, BetKind.PAREJA_BANCO):
            hand = coup.punto if settled.bet.on is BetKind.PAREJA_PUNTO else coup.banco
            pair = "a pair" if coup_has_pair(coup, settled.bet.on, table.pair_reading) else "no pair"
            parts.append(f"The first two cards of that hand, {cards_text(hand[:2])}, are {pair} "
                         f"({table.pair_reading.value.replace('-', ' ')}).")
        parts.append(f"At the {table.name} table: {settled.describe()}.")
        return " ".join(parts)
