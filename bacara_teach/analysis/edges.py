"""House edge, return and spread of every Punto Banco bet, exactly.

A bet is described by its terms (:class:`BetTerms`): what it is on, what it
pays per unit staked, the commission taken from a win at payment, whether a
tie returns it, and how a pair is read.  Its result per unit staked is
``+net_win`` (win), ``0`` (push) or ``-1`` (loss); :class:`BetAnalysis` gives
the exact probabilities of the three, the expectation, the house edge
(``-expectation``, ties included) and the variance, from the exact counts of
:mod:`bacara_teach.analysis.punto_banco`.

>>> home = house_edges(8)
>>> [(name, f"{float(a.house_edge):.4%}") for name, a in home.items()]
[('punto', '1.2351%'), ('banco', '1.0579%'), ('empate', '14.3596%')]
>>> f"{float(analyse_bet(EMPATE_9, 8).house_edge):.2%}", f"{float(analyse_bet(PAREJA_PUNTO, 8).house_edge):.2%}"
('4.84%', '10.36%')
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bacara_teach.analysis.composition import ShoeSpec, as_composition
from bacara_teach.analysis.punto_banco import DealCounts, count_deals, pair_ways
from bacara_teach.coup_events import EVENTS, Final, event_message
from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.i18n import resolve_language
from bacara_teach.money import format_amount, to_decimal
from bacara_teach.tables import CASINO, HOME, ONLINE, BetKind, TableProfile, get_profile
from bacara_teach.text import N_, Message, localize_number, message, tr

__all__ = [
    "ALL_BETS",
    "BANCO",
    "BANCO_LESS_COMMISSION",
    "BET_POSITIONS",
    "CASINO_BETS",
    "EMPATE_8",
    "EMPATE_9",
    "HOME_BETS",
    "ONLINE_BETS",
    "PAIR_READINGS",
    "PAREJA_BANCO",
    "PAREJA_BANCO_BY_POINTS",
    "PAREJA_PUNTO",
    "PAREJA_PUNTO_BY_POINTS",
    "PUNTO",
    "BetAnalysis",
    "BetTerms",
    "analyse_bet",
    "analyse_bets",
    "bets_of_profile",
    "edges_for_profile",
    "house_edges",
]

BET_POSITIONS: tuple[str, ...] = tuple(kind.value for kind in BetKind)
"""What a bet can be on: the two hands, the tie, a pair in either hand's first two cards, and
how the coup ends (EZ Baccarat's Dragon 7 and Panda 8)."""

PAIR_READINGS: tuple[str, ...] = ("rank", "points")
"""How a pair is read: same rank (K-K, not K-Q), or same point value (K-Q counts)."""


_NOT_EXACT = {
    "payout": N_("invalid payout {value!r}: expected an exact number (int or Fraction), e.g. "
                 "Fraction(19, 20)"),
    "commission": N_("invalid commission {value!r}: expected an exact number (int or Fraction), "
                     "e.g. Fraction(1, 20)"),
}


def _fraction(value: object, what: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise NotationError(Message(_NOT_EXACT[what], params={"value": value}))
    return Fraction(value)


@dataclass(frozen=True, slots=True, kw_only=True)
class BetTerms:
    """The terms of one bet.

    ``payout`` is what a win pays per unit staked (the stake comes back too);
    ``commission`` the share of that win kept by the house at payment;
    ``push_on_tie`` whether a tie returns a Punto or Banco bet;
    ``pair_reading`` how a pair bet reads a pair (``"rank"`` or ``"points"``);
    ``rules`` the table's exceptions to a win, as ``(event, odds)`` pairs (a name of
    :data:`~bacara_teach.coup_events.EVENTS`, and the odds paid then, ``None`` for a push),
    read from the profile's :class:`~bacara_teach.tables.PayRule` data.

    >>> BetTerms(name="banco", on="banco", payout=1, commission=Fraction(5, 100)).net_win
    Fraction(19, 20)
    >>> BetTerms(name="x", on="lucky-6", payout=1)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: invalid bet position 'lucky-6': expected one of punto, banco, empate, pareja-punto, pareja-banco, dragon-7, panda-8
    """

    name: str
    on: str
    payout: Fraction
    commission: Fraction = Fraction(0)
    push_on_tie: bool = True
    pair_reading: str = "rank"
    rules: tuple[tuple[str, Fraction | None], ...] = ()

    def __post_init__(self) -> None:
        if self.on not in BET_POSITIONS:
            raise NotationError(message("invalid bet position {on!r}: expected one of {names}",
                                        on=self.on, names=", ".join(BET_POSITIONS)))
        payout = _fraction(self.payout, "payout")
        commission = _fraction(self.commission, "commission")
        if payout <= 0:
            raise NotationError(message(
                "invalid payout {payout!r}: a winning bet must pay more than 0", payout=self.payout))
        if not 0 <= commission < 1:
            raise NotationError(message(
                "invalid commission {commission!r}: expected a share from 0 (none) up to, not "
                "including, 1", commission=self.commission))
        if self.pair_reading not in PAIR_READINGS:
            raise NotationError(message("invalid pair reading {reading!r}: expected one of {names}",
                                        reading=self.pair_reading, names=", ".join(PAIR_READINGS)))
        for event, odds in self.rules:
            if event not in EVENTS or (odds is not None and _fraction(odds, "odds") <= 0):
                raise NotationError(message(
                    "invalid rule ({event!r}, {odds!r}): expected an event name and odds above 0 "
                    "(or None for a push)", event=event, odds=odds))
        object.__setattr__(self, "payout", payout)
        object.__setattr__(self, "commission", commission)

    @property
    def by_ending(self) -> bool:
        """Does this bet's result depend on how the coup ended (totals and cards), not only on
        who won?  Such bets are priced from the counts of every final state."""
        return bool(self.rules) or BetKind(self.on).win_event is not None

    def result(self, final: Final) -> Fraction:
        """What a unit stake nets on a coup that ended as ``final`` (not for the pair bets).

        >>> from bacara_teach.coup_events import Final
        >>> six_half = bets_of_profile(get_profile("no-commission"))[1]
        >>> six_half.result(Final(5, 6, 3, 2)), six_half.result(Final(5, 7, 3, 2))
        (Fraction(1, 2), Fraction(1, 1))
        """
        if self.on.startswith("pareja"):
            raise IllegalAction(message(
                "a pair bet's result is read from the first cards, not the ending"))
        event = BetKind(self.on).win_event
        if event is not None:
            return self.net_win if EVENTS[event](final) else Fraction(-1)
        if self.on == "empate":
            return self.net_win if final.punto == final.banco else Fraction(-1)
        if final.punto == final.banco:
            return Fraction(0) if self.push_on_tie else Fraction(-1)
        won = final.punto > final.banco if self.on == "punto" else final.banco > final.punto
        if not won:
            return Fraction(-1)
        for rule_event, odds in self.rules:
            if EVENTS[rule_event](final):
                return Fraction(0) if odds is None else odds * (1 - self.commission)
        return self.net_win

    @property
    def net_win(self) -> Fraction:
        """What a win adds per unit staked, after commission."""
        return self.payout * (1 - self.commission)

    def describe(self, lang: str | None = None) -> str:
        """Short text such as ``banco 1:1 less 5%`` or ``empate 8:1``.

        ``lang`` is ``"en"``, ``"es"`` or ``None`` (the default language).

        >>> BANCO.describe("en"), BANCO_LESS_COMMISSION.describe("en"), PAREJA_BANCO_BY_POINTS.describe("en")
        ('banco 19/20:1', 'banco 1:1 less 5%', 'pareja-banco 11:1 (same point value)')
        >>> BANCO_LESS_COMMISSION.describe("es") == "banco 1:1 menos 5\u00a0%"
        True
        >>> PAREJA_PUNTO.describe("es")
        'pareja-punto 11:1 (mismo rango)'
        """
        lang = resolve_language(lang)
        text = f"{self.on} {self.payout}:1"
        if self.commission:
            text = tr("{bet} less {commission}", lang, bet=text,
                      commission=localize_number(_percent(self.commission), lang))
        return self._qualified(text, lang, priced=False)

    def _qualified(self, text: str, lang: str, *, priced: bool) -> str:
        """``text`` followed by the pair reading of a pair bet and the table's exceptions, their
        odds written as :meth:`price` writes them (``priced``) or in the short notation."""
        if self.on.startswith("pareja"):
            text = tr("{bet} ({pair})", lang, bet=text, pair=tr(_PAIR_READINGS[self.pair_reading],
                                                                  lang))
        for event, odds in self.rules:
            if odds is None:
                text = tr("{bet}, a push when {event}", lang, bet=text,
                          event=event_message(event))
            elif priced:
                text = tr("{bet}, {odds} to 1 when {event}", lang, bet=text,
                          odds=_price(odds, lang), event=event_message(event))
            else:
                text = tr("{bet}, {odds}:1 when {event}", lang, bet=text, odds=_ratio(odds),
                          event=event_message(event))
        return text

    def price(self, lang: str | None = None) -> str:
        """What a win pays, as a table states it: ``0.95 to 1``, ``1 to 1 less 5%`` (Spanish
        ``0,95 a 1``, ``1 a 1 menos 5 %``).

        >>> BANCO.price("en"), BANCO_LESS_COMMISSION.price("es") == "1 a 1 menos 5\u00a0%"
        ('0.95 to 1', True)
        """
        lang = resolve_language(lang)
        if self.commission:
            return tr("{odds} to 1 less {rate}", lang, odds=_price(self.payout, lang),
                      rate=localize_number(_percent(self.commission), lang))
        return tr("{odds} to 1", lang, odds=_price(self.payout, lang))

    def label(self, lang: str | None = None) -> str:
        """The bet's name and what it pays, as a table's sign says it: the label the site's
        tables, charts and sentences show (:meth:`describe` is the short notation the JSON
        output keeps).

        >>> BANCO.label("en"), BANCO.label("es"), BANCO_LESS_COMMISSION.label("en")
        ('Banco: 0.95 to 1', 'Banco: 0,95 a 1', 'Banco: 1 to 1 less 5%')
        >>> PAREJA_PUNTO.label("es"), EMPATE_8.label("en")
        ('Pareja Punto: 11 a 1 (mismo rango)', 'Empate: 8 to 1')
        >>> BetTerms(name="x", on="punto", payout=Fraction(9, 11)).label("en")
        'Punto: 9/11 to 1'
        """
        lang = resolve_language(lang)
        text = tr("{bet}: {price}", lang, bet=BetKind(self.on).label, price=self.price(lang))
        return self._qualified(text, lang, priced=True)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "on": self.on, "payout": _ratio(self.payout),
                "commission": _ratio(self.commission), "push_on_tie": self.push_on_tie,
                "pair_reading": self.pair_reading,
                "rules": [{"event": event, "odds": None if odds is None else _ratio(odds)}
                          for event, odds in self.rules]}


_PAIR_READINGS: dict[str, str] = {"rank": N_("same rank"), "points": N_("same point value")}
"""How a pair bet reads a pair, in words."""


def _percent(share: Fraction) -> str:
    value = share * 100
    return f"{value.numerator}%" if value.denominator == 1 else f"{float(value):g}%"


def _price(value: Fraction, lang: str) -> str:
    """Odds as people read them: ``0.95`` (Spanish ``0,95``), ``8``, or ``9/11`` when no
    decimal is exact."""
    try:
        return localize_number(format_amount(to_decimal(value)), lang)
    except IllegalAction:
        return _ratio(value)


def _ratio(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def bets_of_profile(profile: TableProfile) -> tuple[BetTerms, ...]:
    """The terms of every bet a table profile offers, read from the profile's own data.

    The payouts, the commission and the pair reading are the profile's; nothing about a
    table is declared here a second time.

    >>> [(terms.on, terms.payout, terms.commission) for terms in bets_of_profile(ONLINE)]
    [('punto', Fraction(1, 1), Fraction(0, 1)), ('banco', Fraction(1, 1), Fraction(1, 20)), ('empate', Fraction(8, 1), Fraction(0, 1))]
    """
    bets = []
    reading = "points" if profile.pair_reading.value == "same-value" else "rank"
    for kind in profile.bets:
        on = kind.value
        commission = profile.commission_rate if on == "banco" else Fraction(0)
        rules = tuple((rule.event, rule.odds) for rule in profile.pay_rules if rule.bet is kind)
        bets.append(BetTerms(name=on, on=on, payout=profile.payout(kind), commission=commission,
                             push_on_tie=True, pair_reading=reading, rules=rules))
    return tuple(bets)


HOME_BETS: tuple[BetTerms, ...] = bets_of_profile(HOME)
"""The home study session, from the ``home`` profile: Punto 1:1, Banco 0.95:1, Empate 8:1."""
CASINO_BETS: tuple[BetTerms, ...] = bets_of_profile(CASINO)
"""The casino table with pair bets, from the ``casino`` profile: Punto 1:1, Banco 0.95:1, Empate 9:1,
pairs (same rank) 11:1."""
ONLINE_BETS: tuple[BetTerms, ...] = bets_of_profile(ONLINE)
"""The online table, from the ``online`` profile: Punto 1:1, Banco 1:1 less 5% at
payment, Empate 8:1."""

PUNTO, BANCO, EMPATE_8 = HOME_BETS
"""Banco paid 0.95:1 (the home session and the casino table)."""
EMPATE_9, PAREJA_PUNTO, PAREJA_BANCO = CASINO_BETS[2:]
BANCO_LESS_COMMISSION = ONLINE_BETS[1]
"""Banco paid 1:1 less a 5% commission taken at payment (the online table): the same net 0.95."""
PAREJA_PUNTO_BY_POINTS, PAREJA_BANCO_BY_POINTS = bets_of_profile(
    CASINO.with_options(pair_reading="same-value"))[3:]
"""The casino's pairs read the other way (same point value: K-Q counts), its option
``pair_reading="same-value"``."""

ALL_BETS: tuple[BetTerms, ...] = (
    PUNTO, BANCO, BANCO_LESS_COMMISSION, EMPATE_8, EMPATE_9,
    PAREJA_PUNTO, PAREJA_BANCO, PAREJA_PUNTO_BY_POINTS, PAREJA_BANCO_BY_POINTS,
)
"""Every bet term the course's tables offer, for the odds chapter."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BetAnalysis:
    """One bet on one shoe: exact chances of a win, a push and a loss, and what follows."""

    terms: BetTerms
    win: Fraction
    push: Fraction
    lose: Fraction
    results: tuple[tuple[Fraction, Fraction], ...] = ()
    """Every net result per unit staked with its probability, for a bet that pays more than
    one way (a Banco win paid 1:1 or 1:2); empty when a win always pays ``net_win``."""

    def distribution(self) -> tuple[tuple[Fraction, Fraction], ...]:
        """``(net result per unit, probability)`` for every result, losses first."""
        if self.results:
            return self.results
        pairs = ((Fraction(-1), self.lose), (Fraction(0), self.push),
                 (self.terms.net_win, self.win))
        return tuple((r, p) for r, p in pairs if p)

    @property
    def expectation(self) -> Fraction:
        """Expected result per unit staked (negative: the house's advantage)."""
        if self.results:
            return sum((r * p for r, p in self.results), Fraction(0))
        return self.terms.net_win * self.win - self.lose

    @property
    def house_edge(self) -> Fraction:
        """The house's expected gain per unit staked, ties included."""
        return -self.expectation

    @property
    def house_edge_resolved(self) -> Fraction:
        """The house edge per bet that is decided (pushes left out); equal to
        :attr:`house_edge` for bets that never push."""
        return self.house_edge / (1 - self.push)

    @property
    def return_to_player(self) -> Fraction:
        """What the bet returns per unit staked, on average: ``1 - house_edge``."""
        return 1 + self.expectation

    @property
    def variance(self) -> Fraction:
        """Exact variance of the result per unit staked."""
        if self.results:
            second = sum((r * r * p for r, p in self.results), Fraction(0))
        else:
            second = self.terms.net_win ** 2 * self.win + self.lose
        return second - self.expectation ** 2

    @property
    def std_dev(self) -> float:
        """Standard deviation per unit staked (a square root: a float)."""
        return math.sqrt(self.variance)

    def to_dict(self, *, exact: bool = False) -> dict[str, Any]:
        """JSON-ready figures; fractions as ``"n/d"`` strings when ``exact``."""

        def show(x: Fraction) -> float | str:
            return f"{x.numerator}/{x.denominator}" if exact else float(x)

        return {
            "terms": self.terms.describe("en"),
            "win": show(self.win),
            "push": show(self.push),
            "lose": show(self.lose),
            "expectation": show(self.expectation),
            "house_edge": show(self.house_edge),
            "variance": show(self.variance),
            "std_dev": self.std_dev,
            "results": [{"net": show(r), "probability": show(p)} for r, p in self.distribution()],
        }


def analyse_bet(terms: BetTerms, shoe: ShoeSpec, *, counts: DealCounts | None = None) -> BetAnalysis:
    """The exact analysis of one bet on ``shoe`` (decks, a Shoe or a Composition).

    ``counts`` may pass the shoe's :func:`count_deals` result to save counting again.

    >>> a = analyse_bet(BANCO, 8)
    >>> a.win + a.push + a.lose
    Fraction(1, 1)
    >>> round(a.std_dev, 4)
    0.9274
    """
    return analyse_bets([terms], shoe, counts=counts)[0]


def analyse_bets(bets: Iterable[BetTerms], shoe: ShoeSpec, *,
                 counts: DealCounts | None = None) -> tuple[BetAnalysis, ...]:
    """Analyse several bets on one shoe, counting the deals once."""
    from bacara_teach.analysis.side_bets import FinalCounts, count_finals

    composition = as_composition(shoe)
    bets = tuple(bets)
    if counts is None:
        if any(not t.on.startswith("pareja") and not t.by_ending for t in bets):
            counts = count_deals(composition)
    elif counts.composition != composition:
        raise IllegalAction(message("the counts given were made for another shoe"))
    finals: FinalCounts | None = None
    out = []
    for terms in bets:
        if terms.by_ending:
            if finals is None:
                finals = count_finals(composition)
            ways: dict[Fraction, int] = {}
            for final, n in finals.by_final.items():
                result = terms.result(final)
                ways[result] = ways.get(result, 0) + n
            results = tuple((r, Fraction(n, finals.total)) for r, n in sorted(ways.items()) if n)
            win = sum((p for r, p in results if r > 0), Fraction(0))
            push = sum((p for r, p in results if r == 0), Fraction(0))
            out.append(BetAnalysis(terms=terms, win=win, push=push, lose=1 - win - push,
                                   results=results))
            continue
        if terms.on.startswith("pareja"):
            pairs, deals = pair_ways(composition, reading=terms.pair_reading)
            win, push = Fraction(pairs, deals), Fraction(0)
        else:
            assert counts is not None
            win = counts.probability(terms.on)
            push = counts.probability("empate") if terms.on != "empate" and terms.push_on_tie else Fraction(0)
        out.append(BetAnalysis(terms=terms, win=win, push=push, lose=1 - win - push))
    return tuple(out)


def house_edges(shoe: ShoeSpec, bets: Iterable[BetTerms] = HOME_BETS) -> dict[str, BetAnalysis]:
    """Analyses of ``bets`` (default: the home session's) keyed by bet name.

    Names must be distinct; give a :class:`BetTerms` its own ``name`` to compare
    two versions of one bet.
    """
    analyses = analyse_bets(bets, shoe)
    out: dict[str, BetAnalysis] = {}
    for a in analyses:
        if a.terms.name in out:
            raise IllegalAction(message("two bets are named {name!r}: give each bet its own name",
                                        name=a.terms.name))
        out[a.terms.name] = a
    return out


def edges_for_profile(profile: TableProfile | str, shoe: ShoeSpec | None = None) -> dict[str, BetAnalysis]:
    """House edges of every bet a table profile offers, from the profile's own data.

    ``profile`` is a :class:`bacara_teach.tables.TableProfile` or its registered
    name (``"home"``, ``"casino"``, ``"online"``, ``"no-commission"``, ``"ez"``); the shoe
    defaults to the profile's number of full decks.  A table's pay rules (a Banco win with 6
    paid 1:2, a Banco win with a three-card 7 a push) and its bets on how a coup ends (Dragon
    7, Panda 8) are priced from the counts of every final state of the shoe.

    >>> sorted(edges_for_profile("casino"))
    ['banco', 'empate', 'pareja-banco', 'pareja-punto', 'punto']
    >>> f"{float(edges_for_profile('online')['banco'].house_edge):.2%}"
    '1.06%'
    >>> {name: f"{float(a.house_edge):.4%}" for name, a in edges_for_profile("ez").items()}
    {'punto': '1.2351%', 'banco': '1.0183%', 'empate': '14.3596%', 'dragon-7': '7.6113%', 'panda-8': '10.1876%'}
    >>> f"{float(edges_for_profile('no-commission')['banco'].house_edge):.4%}"
    '1.4581%'
    """
    if isinstance(profile, str):
        profile = get_profile(profile)
    return house_edges(profile.decks if shoe is None else shoe, bets_of_profile(profile))
