"""Question kinds on Baccarat Banque: the banker's free decision, and settling a coup.

* ``banque-decision`` - the banker sees his two cards, what each side did (a third card
  dealt face up, or that it stood) and the stakes: draw or stand?  The key is the decision
  worth more to the bank by the exact values of
  :func:`~bacara_teach.baccarat_banque.decision_values` (the explanation gives both, in
  chips); papers hold only situations where the two values differ clearly, and mix ones
  where the rule of thumb (Punto Banco's banker table against the larger stake,
  :func:`~bacara_teach.baccarat_banque.aim_at_larger_stake`) takes the worse decision.
* ``banque-settlement`` - a coup dealt from given cards, stakes and decisions: the bank's
  net result, or one side's, or the stake *à cheval*'s, exactly
  (:attr:`~bacara_teach.baccarat_banque.BanqueCoup.settlement`).

>>> decision = BanqueDecisionKind()
>>> params = {"banker": "3♥ 2♠", "right": "K♦", "left": None,
...           "stakes": {"right": 100, "left": 20, "cheval": 0}}
>>> decision.key(params)
'stand'
>>> print(decision.explain(params).split(": ", 1)[1])
standing is worth +75.61 chips to the bank, drawing +48.77. So the better decision is **stand**. The rule of thumb (Punto Banco's banker table played against the side with the larger stake) takes it too.
>>> settle = BanqueSettlementKind()
>>> coup = {"cards": "9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣", "stakes": {"right": 10, "left": 30, "cheval": 20},
...         "decisions": {"banker": "draw"}, "ask": "bank"}
>>> settle.key(coup), settle.key({**coup, "ask": "cheval"}), settle.key({**coup, "ask": "left"})
('20', '0', '-30')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache, partial
from typing import Any

from bacara_teach.baccarat_banque import (
    BANKER,
    DECKS,
    FIVE_DRAWS,
    LEFT,
    RIGHT,
    BankerView,
    BanqueCoup,
    Stakes,
    aim_at_larger_stake,
    deal_coup,
    decision_values,
    play_coup,
    settlement_text,
)
from bacara_teach.cards import format_cards, hand_total
from bacara_teach.errors import BacaraError, IllegalAction
from bacara_teach.exercises.questions import (
    AMOUNT,
    DRAW_OR_STAND,
    ParamsError,
    QuestionKind,
    cards_param,
    distinct_in_turn,
    invalid,
    lang_code,
    param,
)
from bacara_teach.money import amount_param, format_amount
from bacara_teach.pages.baccarat_banque import chips
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import PUNTO_BANCO, Decision, is_natural
from bacara_teach.text import N_, format_number, message, tr

__all__ = [
    "CLEAR_MARGIN",
    "BanqueDecisionKind",
    "BanqueSettlementKind",
    "banque_view",
    "clear_enough",
    "view_values",
]

_PLACES = (RIGHT, LEFT, "cheval")
"""Where chips can be staked: on a side, or *à cheval* across both."""
CLEAR_MARGIN = Fraction(1, 20)
"""How far apart the two decisions' values must be, per chip staked, for a paper to ask
about them: 5 chips in every 100 staked (no near ties)."""

_STAKE_PAIRS = ((100, 20), (20, 100), (10, 60), (80, 10), (40, 30), (30, 40), (60, 50),
                (50, 60), (25, 20), (20, 25))
"""The stakes on the right and on the left that a decision question is drawn with (never
equal: the rule of thumb aims at the larger)."""
_CLOSE_PAIRS = ((40, 30), (30, 40), (60, 50), (50, 60), (25, 20), (20, 25))
"""Stakes close to each other, where the rule of thumb most often takes the worse decision."""


# -- parameters ------------------------------------------------------------------------------


def _stakes_param(params: Mapping[str, Any], kind: str) -> Stakes:
    """The ``stakes`` parameter, ``{"right": ..., "left": ..., "cheval": ...}``, as :class:`Stakes`."""
    stakes = param(params, "stakes", kind)
    why = message("expected a dict of whole numbers of chips with the keys right, left and cheval")
    if not isinstance(stakes, Mapping) or not set(stakes) <= set(_PLACES) or not stakes:
        raise invalid(kind, "stakes", stakes, why)
    try:
        made = Stakes(**{str(place): stakes[place] for place in stakes})
    except (IllegalAction, TypeError):
        raise invalid(kind, "stakes", stakes, why) from None
    if not made.total:
        raise invalid(kind, "stakes", stakes, message("no chips are staked: expected at least one "
                                                      "stake above 0"))
    return made


def _stakes_data(stakes: Stakes) -> dict[str, int]:
    return {RIGHT: stakes.right, LEFT: stakes.left, "cheval": stakes.cheval}


def _third_param(params: Mapping[str, Any], side: str, kind: str) -> str | None:
    value = param(params, side, kind)
    if value is not None and not isinstance(value, str):
        raise invalid(kind, side, value, message("expected one card as text, or None for a side "
                                                 "that stood"))
    return value


def banque_view(params: Mapping[str, Any], kind: str = "banque-decision") -> BankerView:
    """The banker's view a decision question describes (its parameters checked).

    >>> banque_view({"banker": "9♥ K♠", "right": None, "left": None, "stakes": {"right": 5}})
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.ParamsError: invalid banque-decision question {'banker': '9♥ K♠', 'right': None, 'left': None, 'stakes': {'right': 5}}: the banker's 9♥ K♠ make a natural 9: he shows it and has no decision to take
    """
    banker = param(params, "banker", kind)
    if not isinstance(banker, str):
        raise invalid(kind, "banker", banker, message("expected the banker's two cards as text"))
    right, left = _third_param(params, RIGHT, kind), _third_param(params, LEFT, kind)
    stakes = _stakes_param(params, kind)
    try:
        return BankerView.situation(banker, right=right, left=left, stakes=stakes)
    except BacaraError as error:
        raise _invalid(kind, params, error) from None


@lru_cache(maxsize=4096)
def _values(banker: str, right: str | None, left: str | None,
            stakes: tuple[int, int, int]) -> tuple[Fraction, Fraction]:
    view = BankerView.situation(banker, right=right, left=left, stakes=Stakes(*stakes))
    values = decision_values(view)
    return values[Decision.STAND], values[Decision.DRAW]


def view_values(view: BankerView) -> dict[Decision, Fraction]:
    """:func:`~bacara_teach.baccarat_banque.decision_values` of a view at a full shoe's start
    (remembered: a paper asks for them again when it is marked)."""
    third = {side: None if seen.third_card is None else str(seen.third_card)
             for side, seen in ((RIGHT, view.right), (LEFT, view.left))}
    stand, draw = _values(format_cards(view.cards), third[RIGHT], third[LEFT],
                          (view.stakes.right, view.stakes.left, view.stakes.cheval))
    return {Decision.STAND: stand, Decision.DRAW: draw}


def _better(values: Mapping[Decision, Fraction]) -> Decision:
    """The decision worth more to the bank; stand when they are equal (as ``best_for_bank``)."""
    return Decision.DRAW if values[Decision.DRAW] > values[Decision.STAND] else Decision.STAND


def clear_enough(view: BankerView, values: Mapping[Decision, Fraction]) -> bool:
    """Whether the two decisions differ by :data:`CLEAR_MARGIN` of the chips staked or more.

    >>> view = BankerView.situation("3♥ 2♠", right="K♦", stakes=Stakes(100, 20))
    >>> clear_enough(view, view_values(view))
    True
    """
    gap = abs(values[Decision.DRAW] - values[Decision.STAND])
    return gap >= CLEAR_MARGIN * view.stakes.total


def _invalid(kind: str, params: Mapping[str, Any], error: BacaraError) -> ParamsError:
    return ParamsError(message("invalid {kind} question {params!r}: {error}", kind=kind,
                               params=dict(params), error=error.message))


# -- the banker's decision ---------------------------------------------------------------------


def _draw_situation(rng: random.Random, *, fails: bool) -> dict[str, Any] | None:
    """One situation drawn from a shuffled shoe; ``None`` unless it is clear and the rule of
    thumb takes the better decision (``fails=False``) or the worse one (``fails=True``)."""
    shoe = Shoe.standard(DECKS, seed=rng.getrandbits(64))
    banker = (shoe.draw(), shoe.draw())
    total = hand_total(banker)
    if is_natural(total):
        return None
    right = shoe.draw() if rng.random() < 0.6 else None
    left = shoe.draw() if rng.random() < 0.6 else None
    if fails:
        # the rule of thumb misses most often where the two sides' columns of Punto Banco's
        # table disagree: the side it ignores pulls the other way (elsewhere it hardly misses)
        asked = {PUNTO_BANCO.banker_decision(total, None if c is None else c.points)
                 for c in (right, left)}
        if len(asked) == 1:
            return None
    pair = rng.choice(_CLOSE_PAIRS if fails else _STAKE_PAIRS)
    params = {"banker": format_cards(banker), RIGHT: None if right is None else str(right),
              LEFT: None if left is None else str(left),
              "stakes": {RIGHT: pair[0], LEFT: pair[1], "cheval": 0}}
    view = banque_view(params)
    values = view_values(view)
    if not clear_enough(view, values):
        return None
    if (aim_at_larger_stake(view) is not _better(values)) != fails:
        return None
    return params


def _word(decision: Decision, lang: str) -> str:
    return str(DRAW_OR_STAND.shown(decision.value, lang))


class BanqueDecisionKind(QuestionKind):
    """The banker's free decision at Baccarat Banque: the one worth more to the bank.

    The option ``rule_of_thumb_fails`` says how many of an item's questions are situations
    where the rule of thumb takes the worse decision (by default half of them, rounded up).
    """

    name = "banque-decision"
    title = N_("Baccarat Banque: the banker's decision")
    answer = DRAW_OR_STAND

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        fails = int(options.get("rule_of_thumb_fails", (count + 1) // 2))
        kinds = [True] * min(fails, count) + [False] * (count - min(fails, count))
        rng.shuffle(kinds)
        return distinct_in_turn(rng, [partial(_draw_situation, fails=wanted) for wanted in kinds])

    def check_params(self, params: Mapping[str, Any]) -> None:
        banque_view(params, self.name)

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        view = banque_view(params, self.name)
        return tr("Baccarat Banque, {decks} packs shuffled together. The banker's cards are "
                  "**{cards}**. {situation} He is free to draw or to stand. Which decision is "
                  "worth more to the bank on average: draw or stand?", code, decks=DECKS,
                  cards=format_cards(view.cards), situation=view.describe(code))

    def key(self, params: Mapping[str, Any]) -> str:
        return _better(view_values(banque_view(params, self.name))).value

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        view = banque_view(params, self.name)
        values = view_values(view)
        better, thumb = _better(values), aim_at_larger_stake(view)
        stand, draw = values[Decision.STAND], values[Decision.DRAW]
        text = tr("Counted exactly over every card the banker has not seen (with the chance "
                  "that punters on 5 ask for a card taken as {five}): standing is worth {stand} "
                  "chips to the bank, drawing {draw}.", code, five=str(FIVE_DRAWS),
                  stand=chips(stand, code), draw=chips(draw, code))
        text += " " + tr("So the better decision is **{word}**.", code, word=_word(better, code))
        if thumb is better:
            return text + " " + tr("The rule of thumb (Punto Banco's banker table played against "
                                   "the side with the larger stake) takes it too.", code)
        cost = format_number(float(abs(draw - stand)), ".2f", code)
        return text + " " + tr("The rule of thumb (Punto Banco's banker table played against the "
                               "side with the larger stake) would {word} here, and cost the bank "
                               "{cost} chips on average.", code, word=_word(thumb, code),
                               cost=cost)


# -- settling a coup ------------------------------------------------------------------------------

ASKS: Mapping[str, str] = {
    "bank": N_("What is the bank's net result on this coup: what it won minus what it paid "
               "(no commission is taken)?"),
    RIGHT: N_("What is the net result of the stakes on the right side: what they won, minus "
              "the stake if it was lost, 0 if it comes back?"),
    LEFT: N_("What is the net result of the stakes on the left side: what they won, minus the "
             "stake if it was lost, 0 if it comes back?"),
    "cheval": N_("What is the net result of the stake à cheval: what it won, minus what it "
                 "lost, 0 if it comes back?"),
}
"""Whose net result a settlement question asks for (the question a message)."""

_CHOICES: Mapping[tuple[str, str], str] = {
    (RIGHT, "draw"): N_("the right side's punters, free on 5, ask for a card"),
    (RIGHT, "stand"): N_("the right side's punters, free on 5, stand"),
    (LEFT, "draw"): N_("the left side's punters, free on 5, ask for a card"),
    (LEFT, "stand"): N_("the left side's punters, free on 5, stand"),
    (BANKER, "draw"): N_("the banker chooses to draw"),
    (BANKER, "stand"): N_("the banker chooses to stand"),
}
"""The free decisions of a coup, as a settlement question gives them."""

_CHEVAL = (0, 0, 10, 15, 20, 25)
_SIDE_STAKES = (5, 10, 20, 25, 30, 40, 50, 60)


def _decisions_param(params: Mapping[str, Any], kind: str) -> dict[str, str]:
    decisions = param(params, "decisions", kind)
    if (not isinstance(decisions, Mapping) or not set(decisions) <= {RIGHT, LEFT, BANKER}
            or not all(isinstance(v, str) for v in decisions.values())):
        raise invalid(kind, "decisions", decisions, message(
            "expected a dict of the free decisions, with the keys right, left or banker and the "
            "values 'draw' or 'stand'"))
    return {str(who): str(decision) for who, decision in decisions.items()}


def _ask_param(params: Mapping[str, Any], kind: str) -> str:
    ask = param(params, "ask", kind)
    if ask not in ASKS:
        raise invalid(kind, "ask", ask, message("expected one of {names}", names=", ".join(ASKS)))
    return str(ask)


def _asked(coup: BanqueCoup, ask: str) -> Fraction:
    settled = coup.settlement
    return {"bank": settled.bank, RIGHT: settled.right, LEFT: settled.left,
            "cheval": settled.cheval}[ask]


def _interesting(coup: BanqueCoup, ask: str) -> bool:
    """Whether a dealt coup is worth asking ``ask`` about (a question that makes one think)."""
    if ask == "bank":
        return BANKER in coup.choices  # the banker decided, seeing what the sides did
    if ask == "cheval":
        return coup.outcome(RIGHT) is not coup.outcome(LEFT)  # returned, or half of it
    # a side settled against the banker's first two cards, or against his third card
    return coup.natural(ask) or len(coup.banker) == 3


class BanqueSettlementKind(QuestionKind):
    """Settle a coup of Baccarat Banque dealt from given cards: an exact amount."""

    name = "banque-settlement"
    title = N_("Baccarat Banque: settling a coup")
    answer = AMOUNT

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        first, *rest = tuple(options.get("asks", tuple(ASKS)))
        asks = (first, *rng.sample(rest, len(rest)))
        return distinct_in_turn(rng, [partial(self._draw, ask=asks[number % len(asks)])
                                      for number in range(count)])

    @staticmethod
    def _draw(rng: random.Random, ask: str) -> dict[str, Any] | None:
        cheval = rng.choice(_CHEVAL[2:] if ask == "cheval" else _CHEVAL)
        stakes = Stakes(rng.choice(_SIDE_STAKES), rng.choice(_SIDE_STAKES), cheval)
        coup = play_coup(Shoe.standard(DECKS, seed=rng.getrandbits(64)), stakes=stakes,
                         punter_policy=lambda _view: rng.choice(("draw", "stand")),
                         banker_policy=aim_at_larger_stake)
        if not _interesting(coup, ask):
            return None
        return {"cards": format_cards(coup.cards), "stakes": _stakes_data(stakes),
                "decisions": {who: d.value for who, d in coup.choices.items()}, "ask": ask}

    def _coup(self, params: Mapping[str, Any]) -> tuple[str, BanqueCoup]:
        cards = cards_param(params, "cards", self.name)
        stakes = _stakes_param(params, self.name)
        decisions = _decisions_param(params, self.name)
        ask = _ask_param(params, self.name)
        if ask != "bank" and not _stakes_data(stakes)[ask]:
            raise invalid(self.name, "ask", ask, message(
                "the question asks about a stake of 0: expected a place with chips on it"))
        try:
            coup = deal_coup(cards, stakes=stakes, right=decisions.get(RIGHT),
                             left=decisions.get(LEFT), banker=decisions.get(BANKER))
        except BacaraError as error:
            raise _invalid(self.name, params, error) from None
        return ask, coup

    def check_params(self, params: Mapping[str, Any]) -> None:
        self._coup(params)

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        ask, coup = self._coup(params)
        choices = [tr(_CHOICES[who, decision.value], code) for who, decision in
                   sorted(coup.choices.items(), key=lambda item: (RIGHT, LEFT, BANKER).index(item[0]))]
        if choices:
            decided = tr("Where the rules leave a choice: {choices}.", code,
                         choices="; ".join(choices))
        else:
            decided = tr("The rules leave no one a choice in this coup.", code)
        return tr("Baccarat Banque. The coup is dealt from exactly these cards, in order: "
                  "**{cards}** (right, left, banker, twice; then the third cards asked for: the "
                  "right side's, the left side's, then the banker's if he draws). Stakes: **{right}** on the "
                  "right side, **{left}** on the left side, **{cheval}** à cheval. {decided} "
                  "{question}", code, cards=params["cards"], right=coup.stakes.right,
                  left=coup.stakes.left, cheval=coup.stakes.cheval, decided=decided,
                  question=tr(ASKS[ask], code))

    def key(self, params: Mapping[str, Any]) -> str:
        ask, coup = self._coup(params)
        return format_amount(_asked(coup, ask))

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        ask, coup = self._coup(params)
        story = coup.narrate(code).replace("\n", " ")
        return " ".join([story, settlement_text(coup, code),
                         tr("So the answer is **{answer}**.", code,
                            answer=amount_param(_asked(coup, ask)))])


KIND_CLASSES = (BanqueDecisionKind, BanqueSettlementKind)
