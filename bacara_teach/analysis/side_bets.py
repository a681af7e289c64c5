"""Exact odds of the commission-free tables and the side bets, for any shoe.

The main bets need only who wins; the commission-free tables and the side bets
also look at how the coup ended: each hand's final total and how many cards it
holds (a natural is a two-card 8 or 9).  :func:`count_finals` counts every
ordered six-card deal of a shoe by that final state, with the same grouping
as :func:`~bacara_teach.analysis.punto_banco.count_deals` (and the same
denominator, so the counts can be compared with published tables).

Each bet is data: a :class:`SideBet` lists what it pays on each kind of final
state (:data:`EVENTS` names them), and anything not listed loses.  The house
edge of a bet is then a sum over the final states.

>>> eight = count_finals(8)
>>> eight.count(lambda f: f.banco_cards == 3 and f.banco == 7 and f.banco > f.punto)  # Dragon 7
112633011329024
>>> round(float(house_edge(DRAGON_7, eight)), 6)
0.076113
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from bacara_teach.analysis.composition import Composition, ShoeSpec, as_composition
from bacara_teach.analysis.punto_banco import PAIRS, _draw_tables, _falling
from bacara_teach.coup_events import EVENTS, Final
from bacara_teach.errors import NotationError
from bacara_teach.tableau import PUNTO_BANCO
from bacara_teach.text import N_, message, tr

__all__ = [
    "BANCO_EZ",
    "BANCO_SIX_HALF",
    "BIG",
    "DRAGON_7",
    "DRAGON_BONUS_BANCO",
    "DRAGON_BONUS_PUNTO",
    "EITHER_PAIR",
    "EVENTS",
    "FIVE_CARDS",
    "FOUR_CARDS",
    "PAIR_BETS",
    "PANDA_8",
    "PERFECT_PAIR",
    "PERFECT_PAIR_ONE_OR_BOTH",
    "PUBLISHED",
    "PUNTO_EVEN",
    "SIDE_BETS",
    "SIX_CARDS",
    "SMALL",
    "Final",
    "FinalCounts",
    "PairBet",
    "Published",
    "SideBet",
    "count_finals",
    "house_edge",
    "outcome_distribution",
    "pair_bet_edge",
    "pair_bet_odds",
    "standard_cards",
]


@dataclass(frozen=True, slots=True)
class FinalCounts:
    """Ordered six-card deals of a shoe, counted by :class:`Final` state."""

    composition: Composition
    total: int
    by_final: Mapping[Final, int]

    def count(self, event: Callable[[Final], bool]) -> int:
        """Deals whose final state satisfies ``event``."""
        return sum(n for final, n in self.by_final.items() if event(final))

    def probability(self, event: Callable[[Final], bool]) -> Fraction:
        return Fraction(self.count(event), self.total)


def count_finals(shoe: ShoeSpec) -> FinalCounts:
    """Count every ordered six-card deal of ``shoe`` by final totals and cards, exactly.

    >>> from bacara_teach.analysis.punto_banco import count_deals
    >>> six = count_finals(6)
    >>> six.count(lambda f: f.banco > f.punto) == count_deals(6).banco
    True
    """
    composition = as_composition(shoe)
    player, banker = _draw_tables(PUNTO_BANCO)
    c = list(composition.points)
    n = composition.total
    left = n - 4
    tail = left * (left - 1)
    counts: dict[tuple[int, int, int, int], int] = {}

    def add(key: tuple[int, int, int, int], m: int) -> None:
        counts[key] = counts.get(key, 0) + m

    for x, y in PAIRS:
        wp = c[x] * (c[y] - 1) if x == y else 2 * c[x] * c[y]
        if not wp:
            continue
        p = (x + y) % 10
        c[x] -= 1
        c[y] -= 1
        for u, z in PAIRS:
            wb = c[u] * (c[z] - 1) if u == z else 2 * c[u] * c[z]
            if not wb:
                continue
            w = wp * wb
            b = (u + z) % 10
            if p >= 8 or b >= 8 or (not player[p] and not banker[b][0]):
                add((p, b, 2, 2), w * tail)
                continue
            c[u] -= 1
            c[z] -= 1
            if not player[p]:
                for v in range(10):
                    if c[v]:
                        add((p, (b + v) % 10, 2, 3), w * c[v] * (left - 1))
            else:
                row = banker[b]
                for v in range(10):
                    cv = c[v]
                    if not cv:
                        continue
                    q = (p + v) % 10
                    if row[v + 1]:
                        c[v] -= 1
                        for t in range(10):
                            if c[t]:
                                add((q, (b + t) % 10, 3, 3), w * cv * c[t])
                        c[v] += 1
                    else:
                        add((q, b, 3, 2), w * cv * (left - 1))
            c[u] += 1
            c[z] += 1
        c[x] += 1
        c[y] += 1
    return FinalCounts(composition, _falling(n, 6),
                       MappingProxyType({Final(*key): m for key, m in sorted(counts.items())}))


@dataclass(frozen=True, slots=True, eq=False)
class SideBet:
    """A bet as data: ``pays`` maps events (names in :data:`EVENTS`) to what a unit stake
    wins; ``push`` lists the events that return the stake; every other coup loses.
    Bets compare by identity (each is one named bet).

    >>> SideBet("x", "nobody", {"no-such-event": Fraction(1)})
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: bet 'x' names an unknown event 'no-such-event'
    """

    name: str
    description: str
    pays: Mapping[str, Fraction]
    push: tuple[str, ...] = ()
    title: str = ""
    """The bet's name as a table prints it (an English message; empty: :attr:`name`)."""

    def title_text(self, lang: str | None = None) -> str:
        """The bet's name as a table prints it, in ``lang``.

        >>> BANCO_SIX_HALF.title_text("es"), DRAGON_7.title_text("en")
        ('Banco sin comisión', 'Dragon 7')
        """
        return tr(self.title, lang) if self.title else self.name

    def describe(self, lang: str | None = None) -> str:
        """The bet's rules in ``lang`` (``None``: the default language); :attr:`description`
        is the English message, rendered through the catalogues.

        >>> DRAGON_7.describe("es")
        'Dragon 7: Banco gana con un 7 de tres cartas; se paga 40 a 1'
        """
        return tr(self.description, lang)

    def __post_init__(self) -> None:
        for event in (*self.pays, *self.push):
            if event not in EVENTS:
                raise NotationError(message("bet {name!r} names an unknown event {event!r}",
                                            name=self.name, event=event))

    def result(self, final: Final) -> Fraction | None:
        """What a unit stake nets on ``final``: the payout, 0 for a push, -1 for a loss
        (``None`` never: every final state is decided)."""
        for event, payout in self.pays.items():
            if EVENTS[event](final):
                return payout
        if any(EVENTS[event](final) for event in self.push):
            return Fraction(0)
        return Fraction(-1)


def _bet(name: str, title: str, description: str, pays: Mapping[str, int | Fraction | str],
         push: tuple[str, ...] = ()) -> SideBet:
    return SideBet(name, description, {k: Fraction(v) for k, v in pays.items()}, push, title)


PUNTO_EVEN = _bet("punto", N_("Punto"), N_("Punto, 1:1; a tie pushes"), {"punto-wins": 1}, ("tie",))
BANCO_SIX_HALF = _bet("banco-six-half",
                      N_("Banco without commission"),
                      N_("Banco without commission: 1:1, a win with 6 pays 1:2; a tie pushes"),
                      {"banco-wins-not-6": 1, "banco-wins-with-6": Fraction(1, 2)}, ("tie",))
BANCO_EZ = _bet("banco-ez",
                N_("EZ Baccarat Banco"),
                N_("EZ Baccarat Banco: 1:1, a win with a three-card 7 pushes; a tie pushes"),
                {"banco-wins-not-3-card-7": 1}, ("tie", "banco-wins-3-card-7"))
DRAGON_7 = _bet("dragon-7", N_("Dragon 7"), N_("Dragon 7: Banco wins with a three-card 7, 40:1"),
                {"banco-wins-3-card-7": 40})
PANDA_8 = _bet("panda-8", N_("Panda 8"), N_("Panda 8: Punto wins with a three-card 8, 25:1"),
               {"punto-wins-3-card-8": 25})
BIG = _bet("big", N_("Big"), N_("Big: the coup uses 5 or 6 cards, 0.54:1"), {"5-or-6-cards": "0.54"})
SMALL = _bet("small", N_("Small"), N_("Small: the coup uses 4 cards, 1.5:1"), {"4-cards": "1.5"})
FOUR_CARDS = _bet("4-cards", N_("4-5-6, four"), N_("4-5-6, four: the coup uses 4 cards, 3:2"), {"4-cards": "1.5"})
FIVE_CARDS = _bet("5-cards", N_("4-5-6, five"), N_("4-5-6, five: the coup uses 5 cards, 2:1"), {"5-cards": 2})
SIX_CARDS = _bet("6-cards", N_("4-5-6, six"), N_("4-5-6, six: the coup uses 6 cards, 2:1"), {"6-cards": 2})
_DRAGON_MARGINS = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}
DRAGON_BONUS_PUNTO = _bet(
    "dragon-bonus-punto",
    N_("Dragon Bonus on Punto"),
    N_("Dragon Bonus on Punto: a natural win 1:1, a win by 9 30:1, by 8 10:1, by 7 6:1, by 6 4:1, "
       "by 5 2:1, by 4 1:1; a natural tie pushes"),
    {"punto-natural-win": 1, **{f"punto-wins-by-{k}": v for k, v in _DRAGON_MARGINS.items()}},
    ("natural-tie",))
DRAGON_BONUS_BANCO = _bet(
    "dragon-bonus-banco",
    N_("Dragon Bonus on Banco"),
    N_("Dragon Bonus on Banco: the same pay table, for Banco"),
    {"banco-natural-win": 1, **{f"banco-wins-by-{k}": v for k, v in _DRAGON_MARGINS.items()}},
    ("natural-tie",))

SIDE_BETS: tuple[SideBet, ...] = (PUNTO_EVEN, BANCO_SIX_HALF, BANCO_EZ, DRAGON_7, PANDA_8, BIG, SMALL,
                                  FOUR_CARDS, FIVE_CARDS, SIX_CARDS, DRAGON_BONUS_PUNTO, DRAGON_BONUS_BANCO)
"""The bets priced here, by the coup's final state."""


def outcome_distribution(bet: SideBet, counts: FinalCounts) -> dict[Fraction, Fraction]:
    """Probability of each net result per unit stake (payouts, 0 for a push, -1)."""
    out: dict[Fraction, int] = {}
    for final, n in counts.by_final.items():
        result = bet.result(final)
        assert result is not None
        out[result] = out.get(result, 0) + n
    return {result: Fraction(n, counts.total) for result, n in sorted(out.items())}


def house_edge(bet: SideBet, shoe: ShoeSpec | FinalCounts) -> Fraction:
    """The house's expected gain per unit staked, exactly.

    >>> round(float(house_edge(BANCO_EZ, 8)), 6), round(float(house_edge(PANDA_8, 8)), 6)
    (0.010183, 0.101876)
    """
    counts = shoe if isinstance(shoe, FinalCounts) else count_finals(shoe)
    return -sum((r * p for r, p in outcome_distribution(bet, counts).items()), Fraction(0))


# -- pair bets on the first four cards (rank pairs and perfect pairs) --------------------------

def _two_hand_pairs(counts: list[int], total: int) -> tuple[Fraction, Fraction]:
    """``(one hand, both hands)``: the chance that Punto's first two cards (cards 1 and 3)
    match, and that both hands' do (cards 2 and 4 too), when ``counts`` are the numbers of
    each kind of card that counts as matching (by rank, or by rank and suit)."""
    s2 = sum(k * (k - 1) for k in counts)
    one = Fraction(s2, total * (total - 1))
    both_ways = sum(k * (k - 1) * (s2 - k * (k - 1) + (k - 2) * (k - 3)) for k in counts)
    both = Fraction(both_ways, _falling(total, 4))
    return one, both


@dataclass(frozen=True, slots=True)
class PairBet:
    """A bet on the first two cards of each hand: ``kind`` ``"rank"`` (K-K) or ``"perfect"``
    (K♠-K♠, same rank and suit); it pays ``one`` when exactly one hand has such a pair and
    ``both`` when both do."""

    name: str
    description: str
    kind: str
    one: Fraction
    both: Fraction
    title: str = ""
    """The bet's name as a table prints it (an English message; empty: :attr:`name`)."""

    def title_text(self, lang: str | None = None) -> str:
        """The bet's name as a table prints it, in ``lang``.

        >>> PERFECT_PAIR_ONE_OR_BOTH.title_text("en")
        'Perfect Pair, one or both hands'
        """
        return tr(self.title, lang) if self.title else self.name

    def describe(self, lang: str | None = None) -> str:
        """The bet's rules in ``lang`` (``None``: the default language).

        >>> EITHER_PAIR.describe("es")
        'Either Pair: las dos primeras cartas de una mano son del mismo rango; se paga 5 a 1'
        """
        return tr(self.description, lang)

    def house_edge(self, cards: Mapping[tuple[int, int], int]) -> Fraction:
        """Exact house edge for a shoe given as counts of each card ``(rank index, suit index)``."""
        return pair_bet_edge(self, cards)


def standard_cards(decks: int) -> dict[tuple[int, int], int]:
    """``decks`` full decks as counts per (rank index 0-12, suit index 0-3).

    >>> sum(standard_cards(8).values())
    416
    """
    return {(r, s): decks for r in range(13) for s in range(4)}


def pair_bet_odds(bet: PairBet, cards: Mapping[tuple[int, int], int]) -> dict[str, Fraction]:
    """Chances of ``"both"``, ``"one"`` (exactly one hand) and ``"none"`` for ``bet``.

    >>> odds = pair_bet_odds(PERFECT_PAIR_ONE_OR_BOTH, standard_cards(8))
    >>> odds["both"] * 7_379_583_120, odds["one"] * 7_379_583_120
    (Fraction(2101008, 1), Fraction(244747776, 1))
    """
    total = sum(cards.values())
    if total < 4:
        raise NotationError(message(
            "a shoe of {total} cards is too small: the pair bets need 4 cards", total=total))
    if bet.kind == "perfect":
        counts = list(cards.values())
    elif bet.kind == "rank":
        counts = [sum(n for (r, _), n in cards.items() if r == rank) for rank in range(13)]
    else:
        raise NotationError(message("unknown pair kind {kind!r}: expected 'rank' or 'perfect'",
                                    kind=bet.kind))
    one_hand, both = _two_hand_pairs(counts, total)
    either = 2 * one_hand - both
    return {"both": both, "one": either - both, "none": 1 - either}


def pair_bet_edge(bet: PairBet, cards: Mapping[tuple[int, int], int]) -> Fraction:
    """The house's expected gain per unit staked on ``bet``.

    >>> round(float(pair_bet_edge(PERFECT_PAIR, standard_cards(8))), 6)
    0.130294
    """
    odds = pair_bet_odds(bet, cards)
    return odds["none"] - bet.one * odds["one"] - bet.both * odds["both"]


PERFECT_PAIR = PairBet(
    "perfect-pair", N_("Perfect Pair: either hand's first two cards are the same card, 25:1"),
    "perfect", Fraction(25), Fraction(25), N_("Perfect Pair"))
PERFECT_PAIR_ONE_OR_BOTH = PairBet(
    "perfect-pair-both", N_("Perfect Pair: one hand 25:1, both hands 250:1"), "perfect",
    Fraction(25), Fraction(250), N_("Perfect Pair, one or both hands"))
EITHER_PAIR = PairBet(
    "either-pair", N_("Either Pair: either hand's first two cards are of one rank, 5:1"), "rank",
    Fraction(5), Fraction(5), N_("Either Pair"))

PAIR_BETS: tuple[PairBet, ...] = (PERFECT_PAIR, PERFECT_PAIR_ONE_OR_BOTH, EITHER_PAIR)
"""The pair bets priced here."""


@dataclass(frozen=True, slots=True)
class Published:
    """A house edge as a source publishes it: ``figure`` is the text printed (a percentage),
    its number of decimals is the precision to compare at."""

    bet: str
    decks: int
    figure: str
    source: str
    url: str

    def engine_figure(self) -> str:
        """The engine's exact edge, rounded to the published precision.

        >>> PUBLISHED[0].engine_figure() == PUBLISHED[0].figure
        True
        """
        decimals = len(self.figure.partition(".")[2])
        side = {b.name: b for b in SIDE_BETS}
        pairs = {b.name: b for b in PAIR_BETS}
        if self.bet in side:
            edge = house_edge(side[self.bet], self.decks)
        else:
            edge = pair_bet_edge(pairs[self.bet], standard_cards(self.decks))
        return f"{float(edge) * 100:.{decimals}f}"


_EZ = ("Wizard of Odds, EZ Baccarat", "https://wizardofodds.com/games/baccarat/ez-baccarat/")
_SIDE = ("Wizard of Odds, baccarat side bets", "https://wizardofodds.com/games/baccarat/side-bets/")
_PP1 = ("Wizard of Odds, Perfect Pairs (version 1)",
        "https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver1/")
_PP2 = ("Wizard of Odds, Perfect Pairs (version 2)",
        "https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver2/")
_NC = ("Excel Punks, why a Banker win on 6 pays half",
       "https://excelpunks.com/2018/05/12/concepts-13-baccarat-vs-non-commission-baccarat-why-does-a-banker-win-on-6-pay-half/")
_BS = ("Vegas Freedom, Big and Small", "https://vegasfreedom.com/baccarat/what-is-big-and-small-in-baccarat/")

PUBLISHED: tuple[Published, ...] = (
    Published("banco-ez", 8, "1.0183", *_EZ),
    Published("dragon-7", 8, "7.6113", *_EZ),
    Published("panda-8", 8, "10.1876", *_EZ),
    Published("banco-six-half", 8, "1.4581045", *_NC),
    Published("dragon-bonus-punto", 8, "2.6517", *_SIDE),
    Published("dragon-bonus-banco", 8, "9.3731", *_SIDE),
    Published("dragon-bonus-punto", 6, "2.67", *_SIDE),
    Published("dragon-bonus-banco", 6, "9.39", *_SIDE),
    Published("4-cards", 8, "5.283", *_SIDE),
    Published("big", 6, "4.35", *_BS),
    Published("small", 6, "5.27", *_BS),
    Published("perfect-pair", 8, "13.0294", *_PP1),
    Published("perfect-pair", 6, "17.0716", *_PP1),
    Published("perfect-pair-both", 8, "6.6235", *_PP2),
)
"""House edges as published, with their sources: the engine reproduces each to its precision."""
