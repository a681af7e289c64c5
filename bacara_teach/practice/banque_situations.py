"""Banker's decisions of Baccarat Banque to practise on, dealt from a seeded shoe and priced exactly.

Each situation is what the banker sees when he decides (:class:`~bacara_teach.baccarat_banque.BankerView`):
his two cards, each side's face-up third card, that it stood, or its natural, and the stakes on
each side.  The coups are dealt by the engine (:func:`~bacara_teach.baccarat_banque.play_coup`)
from one shuffled shoe of :data:`~bacara_teach.baccarat_banque.DECKS` decks: the punters follow
their rule, and a side on 5 draws or stands by the seed.  A coup in which the banker has no
decision (his natural, or both sides' naturals) gives no situation.  The stakes on each side
come from :data:`STAKES`, so the money matters.

Each situation is priced as the chapter prices its table: the exact value of standing and of
drawing (:func:`~bacara_teach.baccarat_banque.decision_values`), the cards the banker has not
seen being those of a full shoe less the ones he sees.  Because that value is a sum over the
two sides, each weighted by its stake, the engine can also say what a third card does against
each side (:func:`side_changes`) and whether other stakes from the set would reverse the better
decision (:func:`stakes_matter`).

>>> from bacara_teach.baccarat_banque import best_for_bank
>>> situations = deal_situations(seed=3, count=3)
>>> [s.better is best_for_bank(s.view) for s in situations]
[True, True, True]
>>> [s.thumb is not s.better for s in situations], [s.flips for s in situations]
([True, False, False], [True, True, False])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bacara_teach.baccarat_banque import (
    DECKS,
    LEFT,
    RIGHT,
    SIDES,
    BankerView,
    PunterView,
    SideSeen,
    Stakes,
    aim_at_larger_stake,
    decision_values,
    play_coup,
)
from bacara_teach.errors import IllegalAction
from bacara_teach.i18n import resolve_language
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import Decision
from bacara_teach.text import N_, message, tr

__all__ = [
    "PAGE_SITUATIONS",
    "STAKES",
    "BanqueSituation",
    "deal_situations",
    "explain",
    "full_shoe_view",
    "side_changes",
    "stakes_matter",
]

STAKES = (10, 20, 50, 100)
"""The stakes a side may carry in a practice situation."""

PAGE_SITUATIONS = 32
"""How many situations the chapter's drill prepares."""

COUP_CARDS = 9
"""The most cards a coup of Baccarat Banque uses: six dealt, two for the sides, one for the banker."""


def full_shoe_view(view: BankerView, decks: int = DECKS) -> BankerView:
    """``view`` with the unseen cards of a full shoe of ``decks`` decks, less those the banker sees.

    This is how the chapter prices a decision: the banker does not count the cards of
    earlier coups.

    >>> from bacara_teach.cards import Card
    >>> view = BankerView(tuple(Card.parse(c) for c in ("3♥", "2♠")), 5,
    ...                   SideSeen(RIGHT, third_card=Card.parse("K♦")), SideSeen(LEFT),
    ...                   Stakes(100, 20), (0,) * 10)
    >>> full_shoe_view(view) == BankerView.situation("3♥ 2♠", right="K♦", stakes=Stakes(100, 20))
    True
    """
    unseen = list(Shoe.standard(decks).point_counts())
    seen = list(view.cards)
    for side in (view.right, view.left):
        seen.extend(side.cards if side.natural is not None else
                    () if side.third_card is None else (side.third_card,))
    for card in seen:
        unseen[card.points] -= 1
    return BankerView(view.cards, view.total, view.right, view.left, view.stakes, tuple(unseen))


def _with_stakes(view: BankerView, stakes: Stakes) -> BankerView:
    return BankerView(view.cards, view.total, view.right, view.left, stakes, view.unseen)


def side_changes(view: BankerView) -> dict[str, Fraction]:
    """What drawing rather than standing is worth to the bank against each side, per chip staked.

    The bank's value of a decision is a sum over the two sides, each weighted by its stake,
    so these per-chip changes, times the stakes, add up to drawing's value less standing's.
    A side that showed a natural is settled already: a third card changes nothing there.

    >>> view = BankerView.situation("3♥ 2♠", right="K♦", stakes=Stakes(100, 20))
    >>> changes = side_changes(view)
    >>> changes[RIGHT] < 0 < changes[LEFT]
    True
    >>> values = decision_values(view)
    >>> 100 * changes[RIGHT] + 20 * changes[LEFT] == values[Decision.DRAW] - values[Decision.STAND]
    True
    """
    units = _unit_values(view)
    return {side: units[side][Decision.DRAW] - units[side][Decision.STAND] for side in SIDES}


def _unit_values(view: BankerView) -> dict[str, dict[Decision, Fraction]]:
    """The bank's values of the two decisions with one chip on one side and none elsewhere."""
    return {side: decision_values(_with_stakes(view, Stakes(**{side: 1}))) for side in SIDES}


def _weight(stakes: Stakes, side: str) -> Fraction:
    """A side's stake, with half of the stake *à cheval*."""
    return stakes.weights()[side]


def _better(change: Fraction) -> Decision | None:
    return Decision.DRAW if change > 0 else Decision.STAND if change < 0 else None


def stakes_matter(view: BankerView, stakes: Sequence[int] = STAKES) -> bool:
    """Whether, with the banker's cards and what he sees unchanged, some stakes on the sides
    from ``stakes`` make drawing better and others standing.

    >>> stakes_matter(BankerView.situation("3♥ 2♠", right="K♦"))
    True
    >>> stakes_matter(BankerView.situation("A♥ K♠", right="J♦"))
    False
    """
    return _flips(side_changes(view), stakes)


def _flips(changes: dict[str, Fraction], stakes: Sequence[int]) -> bool:
    found = {_better(right * changes[RIGHT] + left * changes[LEFT])
             for right in stakes for left in stakes}
    return {Decision.DRAW, Decision.STAND} <= found


@dataclass(frozen=True, slots=True)
class BanqueSituation:
    """One banker's decision to practise: what he sees, what each decision is worth, the better one.

    ``values`` are the bank's exact expected results in chips; ``changes`` what a third card
    is worth against each side per chip (:func:`side_changes`); ``thumb`` the rule of thumb's
    decision (:func:`~bacara_teach.baccarat_banque.aim_at_larger_stake`); ``flips`` whether
    other stakes from :data:`STAKES` reverse the better decision.
    """

    view: BankerView
    values: dict[Decision, Fraction]
    changes: dict[str, Fraction]
    thumb: Decision
    flips: bool

    @classmethod
    def price(cls, view: BankerView) -> BanqueSituation:
        """Price ``view`` as it is (its unseen cards as given).

        The values are a sum over the sides, each weighted by its stake, so the engine prices
        one chip on each side and adds them up with the stakes.
        """
        units = _unit_values(view)
        stakes = view.stakes
        values = {d: sum((_weight(stakes, side) * units[side][d] for side in SIDES), Fraction(0))
                  for d in (Decision.STAND, Decision.DRAW)}
        changes = {side: units[side][Decision.DRAW] - units[side][Decision.STAND] for side in SIDES}
        return cls(view, values, changes, aim_at_larger_stake(view), _flips(changes, STAKES))

    @property
    def better(self) -> Decision:
        """The decision worth more to the bank (stand when both are worth the same)."""
        draw, stand = self.values[Decision.DRAW], self.values[Decision.STAND]
        return Decision.DRAW if draw > stand else Decision.STAND

    @property
    def gap(self) -> Fraction:
        """How many chips the better decision is worth more than the other."""
        return abs(self.values[Decision.DRAW] - self.values[Decision.STAND])


def deal_situations(*, seed: int = 1, count: int = PAGE_SITUATIONS,
                    decks: int = DECKS) -> list[BanqueSituation]:
    """``count`` banker's decisions dealt from one shoe shuffled from ``seed``, in the shoe's order.

    The shoe deals coups (the punters on 5 draw or stand by the seed; the stakes on each
    side are drawn from :data:`STAKES`); each coup that reaches the banker's decision gives
    a situation, priced on a full shoe (:func:`full_shoe_view`).  So that the drill asks
    what is worth learning, the run keeps a third of situations in which the rule of thumb
    takes the worse decision, a third in which other stakes from :data:`STAKES` would
    reverse the better decision, and a third of neither, and asks them in turn, each kind
    in the shoe's order; a situation whose two decisions are worth the same is passed over.
    The shoe is shuffled again when it runs low.

    >>> deal_situations(count=0)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid number of situations 0: expected a whole number from 1 to 200
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 200:
        raise IllegalAction(message("invalid number of situations {count!r}: expected a whole "
                                    "number from 1 to 200", count=count))
    rng = random.Random(f"banque-practice:{seed}")
    shoe = Shoe.standard(decks, seed=seed)
    kinds = ("wrong", "flips", "plain")
    wanted = {kind: count // 3 + (1 if i < count % 3 else 0) for i, kind in enumerate(kinds)}
    kept: dict[str, list[BanqueSituation]] = {kind: [] for kind in kinds}
    seen: list[BankerView] = []

    def punters(view: PunterView) -> Decision:  # noqa: ARG001 - a policy's signature
        return rng.choice((Decision.DRAW, Decision.STAND))

    def banker(view: BankerView) -> Decision:
        seen.append(view)
        return Decision.STAND

    while any(wanted.values()):
        if shoe.remaining < COUP_CARDS:
            shoe.shuffle()
        stakes = Stakes(right=rng.choice(STAKES), left=rng.choice(STAKES))
        seen.clear()
        play_coup(shoe, stakes=stakes, punter_policy=punters, banker_policy=banker)
        if not seen:
            continue  # the banker showed a natural, or both sides did: no decision
        situation = BanqueSituation.price(full_shoe_view(seen[0], decks))
        if not situation.gap:
            continue
        kind = ("wrong" if situation.thumb is not situation.better
                else "flips" if situation.flips else "plain")
        if wanted[kind]:
            wanted[kind] -= 1
            kept[kind].append(situation)
    return [group[i] for i in range(max(map(len, kept.values())))
            for group in kept.values() if i < len(group)]


_CHANGE = {
    (RIGHT, "help"): N_("Against the right side ({stake} staked), a third card for the banker is "
                     "worth {change:+.2f} chips per chip, {total:+.2f} in all: it helps him there."),
    (RIGHT, "risk"): N_("Against the right side ({stake} staked), a third card for the banker is "
                     "worth {change:+.2f} chips per chip, {total:+.2f} in all: it puts him at "
                     "risk there."),
    (RIGHT, "none"): N_("Against the right side ({stake} staked), a third card for the banker "
                     "changes nothing on average."),
    (LEFT, "help"): N_("Against the left side ({stake} staked), a third card for the banker is "
                    "worth {change:+.2f} chips per chip, {total:+.2f} in all: it helps him there."),
    (LEFT, "risk"): N_("Against the left side ({stake} staked), a third card for the banker is "
                    "worth {change:+.2f} chips per chip, {total:+.2f} in all: it puts him at "
                    "risk there."),
    (LEFT, "none"): N_("Against the left side ({stake} staked), a third card for the banker "
                    "changes nothing on average."),
}


def _side_sentence(seen: SideSeen, stake: int, change: Fraction, lang: str) -> str:
    if seen.natural is not None:
        if seen.side == RIGHT:
            return tr("The right side showed a natural {total}: it is settled against the "
                      "banker's two cards, whatever he does.", lang, total=seen.natural)
        return tr("The left side showed a natural {total}: it is settled against the banker's "
                  "two cards, whatever he does.", lang, total=seen.natural)
    how = "help" if change > 0 else "risk" if change < 0 else "none"
    return tr(_CHANGE[seen.side, how], lang, stake=stake, change=float(change),
              total=float(change * stake))


def explain(situation: BanqueSituation, lang: str | None = None) -> str:
    """Why one decision is better, in ``lang``: what a third card does against each side and
    the chips it is worth there, the two values, and what the rule of thumb would do.

    >>> view = BankerView.situation("3♥ 2♠", right="K♦", stakes=Stakes(100, 20))
    >>> print(explain(BanqueSituation.price(view), "en"))
    Against the right side (100 staked), a third card for the banker is worth −0.34 chips per chip, −33.64 in all: it puts him at risk there. Against the left side (20 staked), a third card for the banker is worth +0.34 chips per chip, +6.79 in all: it helps him there. Standing is worth +75.61 chips to the bank, drawing +48.77: standing is better. The rule of thumb (Punto Banco’s banker table against the larger stake) stands too.
    """
    lang = resolve_language(lang)
    view = situation.view
    parts = [_side_sentence(view.side(side), view.stakes.on(side), situation.changes[side], lang)
             for side in SIDES]
    stand, draw = (round(situation.values[d], 2) for d in (Decision.STAND, Decision.DRAW))
    gap = float(abs(draw - stand))  # the difference of the two figures as written
    if situation.better is Decision.DRAW:
        parts.append(tr("Standing is worth {stand:+.2f} chips to the bank, drawing {draw:+.2f}: "
                        "drawing is better.", lang, stand=float(stand), draw=float(draw)))
    else:
        parts.append(tr("Standing is worth {stand:+.2f} chips to the bank, drawing {draw:+.2f}: "
                        "standing is better.", lang, stand=float(stand), draw=float(draw)))
    if situation.thumb is situation.better:
        parts.append(tr("The rule of thumb (Punto Banco’s banker table against the larger stake) "
                        "draws too.", lang) if situation.better is Decision.DRAW else
                     tr("The rule of thumb (Punto Banco’s banker table against the larger stake) "
                        "stands too.", lang))
    elif situation.thumb is Decision.DRAW:
        parts.append(tr("The rule of thumb (Punto Banco’s banker table against the larger stake) "
                        "would draw here, and cost the bank {gap:.2f} chips.", lang, gap=gap))
    else:
        parts.append(tr("The rule of thumb (Punto Banco’s banker table against the larger stake) "
                        "would stand here, and cost the bank {gap:.2f} chips.", lang, gap=gap))
    return " ".join(parts)
