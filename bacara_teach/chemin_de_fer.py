"""One coup of Chemin de Fer: hidden cards and real decisions (the home Chemin de Fer rules).

The coup follows the order of information of the home Chemin de Fer rules exactly:

1. Four cards are dealt face down: bettor, banker, bettor, banker.
2. The active bettor looks.  With a natural (8 or 9) the bettor shows at once,
   the banker shows too, the higher total wins and equal totals push; no third
   cards.
3. Otherwise the bettor announces draw or stand.
4. Then the banker looks.  With 8 or 9 the banker shows and wins at once, and
   the card the bettor asked for is *not* given.
5. Otherwise the bettor's third card, if asked for, is dealt face up, and the
   banker decides seeing only that card and his own two.  The bettor's first
   two cards stay hidden until everything is shown at the end.

Forced cells of the tableau (:data:`~bacara_teach.tableau.CHEMIN_DE_FER` with
several bettors, :data:`~bacara_teach.tableau.CHEMIN_DE_FER_SINGLE_BETTOR` with
one) are applied by the engine.  Free cells (``Decision.CHOICE``) ask a
*policy*: a plain callable that receives a frozen :class:`View` holding only
what that player may see and answers ``"draw"`` or ``"stand"``.

The worked coup of the Chemin de Fer rules (the bettor on 5 with several bettors chooses to draw;
the banker on 3 sees only the 9♥ and chooses to draw):

>>> coup = CheminDeFerCoup.from_cards("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw", banker="draw")
>>> coup.bettor_total, coup.banker_total, coup.winner
(4, 8, <Winner.BANKER: 'banker'>)
>>> print(coup.narrate("en"))
The bettor is dealt 2♥ face down. The banker is dealt A♠ face down. The bettor is dealt 3♣ face down. The banker is dealt 2♦ face down.
The bettor looks at the two hidden cards: 5.
The bettor has 5. With several bettors the bettor draws on 0–4, chooses freely on 5 and stands on 6–7: a free choice, and the bettor chooses to ask for a card.
The banker looks at the two hidden cards: 3.
The bettor receives the third card face up: 9♥. The bettor's first two cards stay hidden.
The banker has 3 and sees only the bettor's third card, 9♥, which counts 9: on 3 the banker draws against 0–7, is free against 9, stands against 8. A free choice: the banker chooses to draw, draws 5♠ and now has 8.
All cards are shown: the bettor has 2♥ 3♣ 9♥ (4), the banker has A♠ 2♦ 5♠ (8).
The banker wins, 8 to 4.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bacara_teach.cards import (
    Card,
    cards_or_none,
    format_cards,
    hand_total,
    parse_cards,
    too_many_cards,
)
from bacara_teach.errors import BacaraError, IllegalAction, NotationError, ShoeExhausted
from bacara_teach.i18n import resolve_language
from bacara_teach.shoe import Shoe
from bacara_teach.steps import Rule, Step
from bacara_teach.tableau import (
    CHEMIN_DE_FER,
    CHEMIN_DE_FER_SINGLE_BETTOR,
    PUNTO_BANCO,
    Cell,
    Decision,
    Tableau,
    is_natural,
)
from bacara_teach.text import N_, Message, message, pmessage, tr

__all__ = [
    "BANKER",
    "BETTOR",
    "MAX_BETTORS",
    "POLICIES",
    "SEVERAL",
    "CheminDeFerCoup",
    "CoupInPlay",
    "ForcedCell",
    "InvalidDecision",
    "MissingDecision",
    "Policy",
    "RandomPolicy",
    "View",
    "Winner",
    "always_draw",
    "always_stand",
    "as_punto_banco",
    "cell_message",
    "deal_coup",
    "describe_cell",
    "get_policy",
    "parse_decision",
    "play_coup",
    "random_policy",
    "tableau_for",
]

BETTOR = "bettor"
BANKER = "banker"
TABLE = "table"
ROLES = (BETTOR, BANKER)

SEVERAL = 2
"""The default number of bettors: "several" (any number from 2 up plays the same rules)."""
MAX_BETTORS = 11
"""At most 12 participants, one of them the banker."""
COUP_CARDS = 6
"""A coup never needs more than six cards."""


class Winner(enum.Enum):
    """Who won the coup; on equal totals the stakes are returned (a push)."""

    BETTOR = "bettor"
    BANKER = "banker"
    PUSH = "push"

    @classmethod
    def compare(cls, bettor_total: int, banker_total: int) -> Winner:
        """Higher total wins; equal totals push.

        >>> Winner.compare(4, 8), Winner.compare(9, 8), Winner.compare(5, 5)
        (<Winner.BANKER: 'banker'>, <Winner.BETTOR: 'bettor'>, <Winner.PUSH: 'push'>)
        """
        if bettor_total > banker_total:
            return cls.BETTOR
        if banker_total > bettor_total:
            return cls.BANKER
        return cls.PUSH


class InvalidDecision(NotationError):
    """An answer that is neither ``draw`` nor ``stand``."""


class ForcedCell(IllegalAction):
    """A decision was given where the rules leave none to take.

    ``role`` is ``"bettor"`` or ``"banker"``: whose decision was refused.
    """

    def __init__(self, message: Message | str, *, role: str) -> None:
        super().__init__(message)
        self.role = role


class MissingDecision(IllegalAction):
    """A free cell was reached and no decision was given for it.

    ``role`` is ``"bettor"`` or ``"banker"``: whose decision is missing.
    """

    def __init__(self, message: Message | str, *, role: str) -> None:
        super().__init__(message)
        self.role = role


def _check_bettors(bettors: object) -> int:
    if isinstance(bettors, bool) or not isinstance(bettors, int) or not 1 <= bettors <= MAX_BETTORS:
        raise IllegalAction(message(
            "invalid number of bettors {bettors}: expected a whole number from 1 to {most}",
            bettors=repr(bettors), most=MAX_BETTORS))
    return bettors


def tableau_for(bettors: int) -> Tableau:
    """The tableau that applies with this many bettors.

    >>> tableau_for(1).name, tableau_for(2).name, tableau_for(7).name
    ('chemin-de-fer-single', 'chemin-de-fer', 'chemin-de-fer')
    >>> tableau_for(0)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid number of bettors 0: expected a whole number from 1 to 11
    """
    return CHEMIN_DE_FER_SINGLE_BETTOR if _check_bettors(bettors) == 1 else CHEMIN_DE_FER


def parse_decision(answer: object, *, who: str | Message = "the answer") -> Decision:
    """Read a decision: ``draw`` or ``stand`` (any case), or ``Decision.DRAW``/``STAND``.

    >>> parse_decision("Draw"), parse_decision(Decision.STAND)
    (<Decision.DRAW: 'draw'>, <Decision.STAND: 'stand'>)
    >>> parse_decision("maybe", who="the banker's policy")
    Traceback (most recent call last):
    ...
    bacara_teach.chemin_de_fer.InvalidDecision: invalid decision 'maybe' from the banker's policy: expected 'draw' or 'stand'
    """
    if isinstance(answer, Decision) and answer is not Decision.CHOICE:
        return answer
    if isinstance(answer, str):
        text = answer.strip().lower()
        if text in ("draw", "stand"):
            return Decision(text)
    if who == "the answer":
        who = message("the answer")
    elif isinstance(who, str) and who in _WHO.values():
        who = message(who)  # a role named in English: the catalogue's words for it
    raise InvalidDecision(message("invalid decision {answer!r} from {who}: expected 'draw' or "
                                  "'stand'", answer=answer, who=who))


_WHO: dict[str, str] = {
    "bettor": N_("the bettor"),
    "banker": N_("the banker"),
    "bettor's policy": N_("the bettor's policy"),
    "banker's policy": N_("the banker's policy"),
}
"""Who gave a decision, as a refusal names them."""


def _quoted_decision(choice: object) -> str | Message:
    """A decision as a refusal quotes it: ``'draw'`` is ``robar`` in Spanish, anything else as typed."""
    text = choice.value if isinstance(choice, Decision) else choice
    if text == "draw":
        return pmessage("quoted decision", "'draw'")
    if text == "stand":
        return pmessage("quoted decision", "'stand'")
    return repr(choice)


def _who(role: str, *, policy: bool = False) -> Message:
    return message(_WHO[f"{role}'s policy" if policy else role])


def cell_message(cell: Cell, bettors: int) -> Message:
    """A tableau cell in words (:func:`describe_cell`), kept as a message for a refusal."""
    if cell.decision is Decision.DRAW:
        how = pmessage("cell", "must draw")
    elif cell.decision is Decision.STAND:
        how = pmessage("cell", "must stand")
    else:
        how = pmessage("cell", "free")
    if cell.hand == "player":
        if bettors == 1:
            return message("the bettor's {total} with a single bettor ({how})", total=cell.total,
                           how=how)
        return message("the bettor's {total} with several bettors ({how})", total=cell.total,
                       how=how)
    if cell.third is None:
        return message("the banker's {total} after the bettor stood ({how})", total=cell.total,
                       how=how)
    return message("the banker's {total} against a third card of {third} ({how})",
                   total=cell.total, third=cell.third, how=how)


def describe_cell(cell: Cell, bettors: int, lang: str | None = None) -> str:
    """A tableau cell in words, as refusals and prompts quote it.

    ``lang`` is a language code or ``None`` (the default language).

    >>> describe_cell(CHEMIN_DE_FER.banker_cell(3, 9), 2, "en")
    "the banker's 3 against a third card of 9 (free)"
    >>> describe_cell(CHEMIN_DE_FER_SINGLE_BETTOR.player_cell(0), 1, "en")
    "the bettor's 0 with a single bettor (must draw)"
    >>> describe_cell(CHEMIN_DE_FER.banker_cell(3, 9), 2, "es")
    'el 3 del banquero ante una tercera carta de 9 (libre)'
    >>> describe_cell(CHEMIN_DE_FER_SINGLE_BETTOR.player_cell(0), 1, "es")
    'el 0 del apostador con un solo apostador (debe robar)'
    """
    return cell_message(cell, bettors).render(resolve_language(lang))


# -- what a deciding player may see, and the policies that answer ------------------------------


@dataclass(frozen=True, slots=True)
class View:
    """What a player asked to decide may see: never the other hand's hidden cards.

    ``role`` is ``"bettor"`` or ``"banker"``; ``cards`` and ``total`` are the
    player's own two cards; ``third_card`` is the bettor's face-up third card
    (only the banker ever sees one); ``bettors`` how many bettors staked;
    ``cell`` the tableau cell being decided (always a free one).
    """

    role: str
    cards: tuple[Card, ...]
    total: int
    bettors: int
    cell: Cell
    third_card: Card | None = None

    def describe(self, lang: str | None = None) -> str:
        """The situation in words, e.g. for a prompt, in ``lang`` (``None``: the default).

        >>> view = View(BANKER, parse_cards("A♠ 4♦"), 5, 2, CHEMIN_DE_FER.banker_cell(5, 4),
        ...             third_card=Card.parse("4♥"))
        >>> view.describe("en")
        "your cards A♠ 4♦ make 5; the bettor's face-up third card is 4♥: the banker's 5 against a third card of 4 (free)"
        >>> view.describe("es")
        'sus cartas A♠ 4♦ suman 5; la tercera carta del apostador, boca arriba, es 4♥: el 5 del banquero ante una tercera carta de 4 (libre)'
        """
        lang = resolve_language(lang)
        cell = cell_message(self.cell, self.bettors)
        cards = format_cards(self.cards)
        if self.third_card is not None:
            return tr("your cards {cards} make {total}; the bettor's face-up third card is "
                      "{card}: {cell}", lang, cards=cards, total=self.total, card=self.third_card,
                      cell=cell)
        if self.role == BANKER:
            return tr("your cards {cards} make {total}; the bettor stood: {cell}", lang,
                      cards=cards, total=self.total, cell=cell)
        return tr("your cards {cards} make {total}: {cell}", lang, cards=cards, total=self.total,
                  cell=cell)


Policy = Callable[[View], Decision | str]
"""A decision policy: given a :class:`View`, answer ``draw`` or ``stand``."""


def as_punto_banco(view: View) -> Decision:
    """Answer as Punto Banco's fixed table would, read from :data:`PUNTO_BANCO`.

    >>> bettor = View(BETTOR, parse_cards("2♥ 3♣"), 5, 2, CHEMIN_DE_FER.player_cell(5))
    >>> banker = View(BANKER, parse_cards("A♠ 4♦"), 5, 2, CHEMIN_DE_FER.banker_cell(5, 4),
    ...               third_card=Card.parse("4♥"))
    >>> as_punto_banco(bettor), as_punto_banco(banker)
    (<Decision.DRAW: 'draw'>, <Decision.DRAW: 'draw'>)
    """
    if view.role == BETTOR:
        return PUNTO_BANCO.player_decision(view.total)
    third = None if view.third_card is None else view.third_card.points
    return PUNTO_BANCO.banker_decision(view.total, third)


def always_draw(view: View) -> Decision:  # noqa: ARG001 - a policy's signature
    """Draw at every free cell."""
    return Decision.DRAW


def always_stand(view: View) -> Decision:  # noqa: ARG001 - a policy's signature
    """Stand at every free cell."""
    return Decision.STAND


class RandomPolicy:
    """Draw or stand at random, with even odds, from a seeded generator.

    >>> view = View(BETTOR, parse_cards("2♥ 3♣"), 5, 2, CHEMIN_DE_FER.player_cell(5))
    >>> one, two = RandomPolicy(seed=7), RandomPolicy(seed=7)
    >>> one
    RandomPolicy(seed=7)
    >>> [one(view) for _ in range(20)] == [two(view) for _ in range(20)]
    True
    >>> sorted({one(view).value for _ in range(50)})
    ['draw', 'stand']
    """

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def __call__(self, view: View) -> Decision:  # noqa: ARG002 - a policy's signature
        return Decision.DRAW if self._rng.random() < 0.5 else Decision.STAND

    def __repr__(self) -> str:
        return f"RandomPolicy(seed={self.seed!r})"


def random_policy(seed: int | str | None = None) -> RandomPolicy:
    """A seeded random policy (see :class:`RandomPolicy`)."""
    return RandomPolicy(seed)


POLICIES: Mapping[str, Policy] = {
    "punto-banco": as_punto_banco,
    "draw": always_draw,
    "stand": always_stand,
}
"""The ready-made deterministic policies by name (``random`` needs a seed: :func:`get_policy`)."""


def get_policy(name: str, *, seed: int | str | None = None) -> Policy:
    """A ready-made policy by name: ``punto-banco``, ``draw``, ``stand`` or ``random``.

    >>> get_policy("stand") is always_stand, get_policy("random", seed=3)
    (True, RandomPolicy(seed=3))
    >>> get_policy("cautious")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: unknown policy 'cautious': expected one of punto-banco, draw, stand, random
    """
    if name == "random":
        return RandomPolicy(seed)
    try:
        return POLICIES[name]
    except KeyError:
        raise IllegalAction(message("unknown policy {name!r}: expected one of {names}", name=name,
                                    names=", ".join([*POLICIES, "random"]))) from None


# -- the coup itself -------------------------------------------------------------------------------


class _NeedCard(ShoeExhausted):
    def __init__(self, why: Message) -> None:
        super().__init__(why)
        self.why = why


_DEAL_ORDER = (BETTOR, BANKER, BETTOR, BANKER)
_DEAL_WHY = (
    message("the bettor's first card is missing"),
    message("the banker's first card is missing"),
    message("the bettor's second card is missing"),
    message("the banker's second card is missing"),
)
"""Why a coup cannot go on without each of the four dealt cards."""
_BETTOR_THIRD = message("the bettor asked for a third card and it is missing")
_BANKER_THIRD = message("the banker draws a third card and it is missing")


@dataclass
class _Progress:
    """How far a coup got with the cards and decisions it was given."""

    bettor: list[Card] = field(default_factory=list)
    banker: list[Card] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    used: int = 0
    pending: View | None = None
    asked: set[str] = field(default_factory=set)
    unasked_reason: dict[str, Message] = field(default_factory=dict)


def _advance(cards: Sequence[Card], bettors: int, choices: Mapping[str, Decision]) -> _Progress:
    """Play the coup as far as the cards and the decisions given allow.

    Stops at the first free cell without a decision (``pending``); raises
    :class:`_NeedCard` if a card is needed and none is left.
    """
    tableau = tableau_for(bettors)
    p = _Progress()

    def take(why: Message) -> Card:
        if p.used >= len(cards):
            raise _NeedCard(why)
        card = cards[p.used]
        p.used += 1
        return card

    for hand, role, why in zip((p.bettor, p.banker, p.bettor, p.banker), _DEAL_ORDER, _DEAL_WHY,
                               strict=True):
        card = take(why)
        hand.append(card)
        p.steps.append(Step(role, "deal", Rule.DEAL_ORDER, card=card, total=hand_total(hand),
                            facts=(("face", "down"),)))
    bettor_total, banker_total = hand_total(p.bettor), hand_total(p.banker)

    # The active bettor looks first.
    p.steps.append(Step(BETTOR, "look", Rule.LOOK, total=bettor_total))
    if is_natural(bettor_total):
        p.steps.append(Step(BETTOR, "natural", Rule.NATURAL, total=bettor_total,
                            facts=(("cards", format_cards(p.bettor)),)))
        p.steps.append(Step(BANKER, "show", Rule.NATURAL, total=banker_total,
                            facts=(("cards", format_cards(p.banker)),)))
        reason = message("the bettor showed a natural {total}: no decision is asked",
                         total=bettor_total)
        p.unasked_reason = {BETTOR: reason, BANKER: reason}
        return _finish(p)

    cell = tableau.player_cell(bettor_total)
    if cell.decision is Decision.CHOICE:
        p.asked.add(BETTOR)
        if BETTOR not in choices:
            p.pending = View(BETTOR, tuple(p.bettor), bettor_total, bettors, cell)
            return p
        announced, rule = choices[BETTOR], Rule.CHOICE
    else:
        announced, rule = cell.decision, Rule.PLAYER_RULE
        p.unasked_reason[BETTOR] = message("{cell} is forced", cell=cell_message(cell, bettors))
    p.steps.append(Step(BETTOR, "announce", rule, total=bettor_total, cell=cell,
                        facts=(("decision", announced), ("bettors", bettors))))

    # Then the banker looks.
    p.steps.append(Step(BANKER, "look", Rule.LOOK, total=banker_total))
    if is_natural(banker_total):
        withheld = announced is Decision.DRAW
        p.steps.append(Step(BANKER, "natural", Rule.BANKER_NATURAL, total=banker_total,
                            facts=(("cards", format_cards(p.banker)), ("withheld", withheld))))
        p.unasked_reason[BANKER] = message(
            "the banker showed a natural {total} and won at once: no decision is asked",
            total=banker_total)
        return _showdown(p)

    third: int | None = None
    if announced is Decision.DRAW:
        card = take(_BETTOR_THIRD)
        p.bettor.append(card)
        third = card.points
        p.steps.append(Step(BETTOR, "draw", Rule.THIRD_CARD_FACE_UP, card=card,
                            total=hand_total(p.bettor), facts=(("face", "up"),)))

    cell = tableau.banker_cell(banker_total, third)
    facts: tuple[tuple[str, Any], ...] = ()
    if third is not None:
        facts = (("third_card", str(p.bettor[2])),)
    if cell.decision is Decision.CHOICE:
        p.asked.add(BANKER)
        if BANKER not in choices:
            p.pending = View(BANKER, tuple(p.banker), banker_total, bettors, cell,
                             third_card=p.bettor[2] if third is not None else None)
            return p
        decision, rule = choices[BANKER], Rule.CHOICE
    else:
        decision = cell.decision
        rule = Rule.BANKER_AFTER_STAND if third is None else Rule.BANKER_TABLE
        p.unasked_reason[BANKER] = message("{cell} is forced", cell=cell_message(cell, bettors))
    if decision is Decision.DRAW:
        card = take(_BANKER_THIRD)
        p.banker.append(card)
        p.steps.append(Step(BANKER, "draw", rule, card=card, total=hand_total(p.banker),
                            cell=cell, facts=facts))
    else:
        p.steps.append(Step(BANKER, "stand", rule, total=banker_total, cell=cell, facts=facts))
    return _showdown(p)


def _showdown(p: _Progress) -> _Progress:
    p.steps.append(Step(TABLE, "show", Rule.SHOWDOWN, facts=(
        ("bettor_cards", format_cards(p.bettor)), ("bettor", hand_total(p.bettor)),
        ("banker_cards", format_cards(p.banker)), ("banker", hand_total(p.banker)),
    )))
    return _finish(p)


def _finish(p: _Progress) -> _Progress:
    bettor_total, banker_total = hand_total(p.bettor), hand_total(p.banker)
    winner = Winner.compare(bettor_total, banker_total)
    p.steps.append(Step(TABLE, "result", Rule.HIGHER_TOTAL, facts=(
        ("bettor", bettor_total), ("banker", banker_total), ("winner", winner))))
    return p


class CoupInPlay:
    """A Chemin de Fer coup being played, paused at each free cell.

    ``cards`` are the cards the coup will be dealt from, in deal order (a
    shoe's next six cards, or exactly the cards of a worked example).  The
    engine applies every forced cell; at a free cell :attr:`pending` holds the
    :class:`View` of the player who must decide, and :meth:`decide` answers.

    >>> play = CoupInPlay("2♥ A♠ 3♣ 2♦ 9♥ 5♠")
    >>> play.pending.role, play.pending.total
    ('bettor', 5)
    >>> play.decide("draw")
    >>> play.pending.role, play.pending.cards, play.pending.third_card
    ('banker', (Card.parse('A♠'), Card.parse('2♦')), Card.parse('9♥'))
    >>> play.decide("stand")
    >>> play.result().winner
    <Winner.BETTOR: 'bettor'>
    """

    __slots__ = ("_cards", "_choices", "_progress", "bettors")

    def __init__(self, cards: str | Iterable[str | Card], *, bettors: int = SEVERAL) -> None:
        self._cards: tuple[Card, ...] = parse_cards(cards)
        self.bettors: int = _check_bettors(bettors)
        self._choices: dict[str, Decision] = {}
        self._progress = self._try(self._choices)

    @classmethod
    def from_shoe(cls, shoe: Shoe, *, bettors: int = SEVERAL) -> CoupInPlay:
        """A coup over the shoe's next cards; the shoe itself is not touched.

        Deal the cards out of the shoe with :meth:`deal_from` once the coup is over.
        """
        return cls(shoe.peek(COUP_CARDS), bettors=bettors)

    def _try(self, choices: Mapping[str, Decision]) -> _Progress:
        try:
            return _advance(self._cards, self.bettors, choices)
        except _NeedCard as need:
            raise ShoeExhausted(message(
                "not enough cards for this coup: {count} available ({cards}), and {why}",
                count=len(self._cards), cards=cards_or_none(self._cards), why=need.why)) from None

    # -- state ------------------------------------------------------------------------------
    @property
    def pending(self) -> View | None:
        """What the player who must decide now may see, or ``None`` when no decision is due."""
        return self._progress.pending

    @property
    def done(self) -> bool:
        """True once the coup is over (no decision pending)."""
        return self._progress.pending is None

    @property
    def choices(self) -> dict[str, Decision]:
        """The decisions taken at free cells so far, by role."""
        return dict(self._choices)

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps recorded so far."""
        return tuple(self._progress.steps)

    @property
    def cards_used(self) -> int:
        """How many of the cards the coup has dealt so far."""
        return self._progress.used

    # -- the decide triad ---------------------------------------------------------------------
    def verify_decide(self, choice: object) -> Decision:
        """Raise unless ``choice`` may be played now; return it as a :class:`Decision`."""
        view = self._progress.pending
        if view is None:
            raise IllegalAction(message("cannot decide {choice}: the coup is over, no decision "
                                        "is pending", choice=_quoted_decision(choice)))
        decision = parse_decision(choice, who=_who(view.role))
        self._try({**self._choices, view.role: decision})
        return decision

    def can_decide(self, choice: object) -> bool:
        """Whether :meth:`decide` would accept ``choice`` now."""
        try:
            self.verify_decide(choice)
        except BacaraError:
            return False
        return True

    def decide(self, choice: object) -> None:
        """Answer the pending free cell with ``draw`` or ``stand``; the coup goes on."""
        decision = self.verify_decide(choice)
        view = self._progress.pending
        assert view is not None
        choices = {**self._choices, view.role: decision}
        progress = self._try(choices)
        self._choices, self._progress = choices, progress

    def result(self) -> CheminDeFerCoup:
        """The finished coup; refused while a decision is pending."""
        view = self._progress.pending
        if view is not None:
            cell = cell_message(view.cell, self.bettors)
            if view.role == BETTOR:
                raise IllegalAction(message("the coup is not over: the bettor must still decide "
                                            "on {cell}", cell=cell))
            raise IllegalAction(message("the coup is not over: the banker must still decide on "
                                        "{cell}", cell=cell))
        p = self._progress
        return CheminDeFerCoup(bettor=tuple(p.bettor), banker=tuple(p.banker), steps=tuple(p.steps),
                               bettors=self.bettors, bettor_choice=self._choices.get(BETTOR),
                               banker_choice=self._choices.get(BANKER))

    def deal_from(self, shoe: Shoe) -> CheminDeFerCoup:
        """Deal the cards this finished coup used out of ``shoe`` and return the coup.

        The shoe's next cards must be the ones the coup was played with.
        """
        coup = self.result()
        if shoe.peek(self.cards_used) != self._cards[: self.cards_used]:
            raise IllegalAction(message(
                "the shoe's next cards ({next}) are not the ones this coup was played with "
                "({cards})", next=format_cards(shoe.peek(self.cards_used)),
                cards=format_cards(coup.cards)))
        for _ in range(self.cards_used):
            shoe.draw()
        return coup

    # -- data -----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state: the cards available, the number of bettors, the choices so far."""
        return {
            "cards": [str(c) for c in self._cards],
            "bettors": self.bettors,
            "choices": {role: d.value for role, d in self._choices.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CoupInPlay:
        """Rebuild a coup in play from :meth:`to_dict` (the choices are replayed)."""
        play = cls(data["cards"], bettors=data["bettors"])
        for role in ROLES:
            if role in data["choices"]:
                play.decide(data["choices"][role])
        return play

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CoupInPlay):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        choices = "".join(f"; decided {role}={d.value!r}" for role, d in self._choices.items())
        view = self._progress.pending
        waiting = "" if view is None else f"; waiting for the {view.role}"
        return (f"<CoupInPlay {format_cards(self._cards)!r}, bettors={self.bettors}"
                f"{choices}{waiting}>")


@dataclass(frozen=True)
class CheminDeFerCoup:
    """A finished Chemin de Fer coup: both hands, the decisions taken at free cells, the steps.

    ``bettor_choice`` / ``banker_choice`` are the decisions taken at free cells
    (``None`` where the rules decided).  ``repr`` pastes back as code that
    deals the same coup again.
    """

    bettor: tuple[Card, ...]
    banker: tuple[Card, ...]
    steps: tuple[Step, ...]
    bettors: int = SEVERAL
    bettor_choice: Decision | None = None
    banker_choice: Decision | None = None

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def from_cards(
        cls,
        cards: str | Iterable[str | Card],
        *,
        bettors: int = SEVERAL,
        bettor: Decision | str | None = None,
        banker: Decision | str | None = None,
    ) -> CheminDeFerCoup:
        """Deal exactly ``cards`` with explicit decisions; see :func:`deal_coup`."""
        return deal_coup(cards, bettors=bettors, bettor=bettor, banker=banker)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CheminDeFerCoup:
        """Rebuild a coup from :meth:`to_dict`."""
        decisions = data.get("decisions", {})
        return deal_coup(data["cards"], bettors=data["bettors"],
                         bettor=decisions.get(BETTOR), banker=decisions.get(BANKER))

    # -- results ------------------------------------------------------------------------------
    @property
    def tableau(self) -> Tableau:
        return tableau_for(self.bettors)

    @property
    def bettor_total(self) -> int:
        return hand_total(self.bettor)

    @property
    def banker_total(self) -> int:
        return hand_total(self.banker)

    @property
    def winner(self) -> Winner:
        return Winner.compare(self.bettor_total, self.banker_total)

    @property
    def natural(self) -> str | None:
        """``"bettor"`` or ``"banker"`` if a natural was shown (the bettor looks first), else None."""
        for step in self.steps:
            if step.action == "natural":
                return step.actor
        return None

    @property
    def withheld(self) -> bool:
        """True when the bettor asked for a card and the banker's natural stopped it."""
        return any(step.action == "natural" and step.fact("withheld") for step in self.steps)

    @property
    def cards(self) -> tuple[Card, ...]:
        """All cards in the order they were dealt."""
        dealt = [self.bettor[0], self.banker[0], self.bettor[1], self.banker[1]]
        dealt.extend(self.bettor[2:])
        dealt.extend(self.banker[2:])
        return tuple(dealt)

    @property
    def bettor_third(self) -> Card | None:
        return self.bettor[2] if len(self.bettor) == 3 else None

    @property
    def banker_third(self) -> Card | None:
        return self.banker[2] if len(self.banker) == 3 else None

    # -- presentation ---------------------------------------------------------------------------
    def narrate(self, lang: str | None = None) -> str:
        """The coup told step by step, in English (``en``) or Spanish (``es``).

        ``None`` (the default) is the default language: ``BACARA_LANG``, else the locale,
        else English (see :mod:`bacara_teach.i18n`).
        """
        from bacara_teach.narration import narrate_steps

        return narrate_steps(self.steps, lang=lang, tableau=self.tableau)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what ``bacara-teach chemin-de-fer deal --json`` prints)."""
        return {
            "bettor": {"cards": [str(c) for c in self.bettor], "total": self.bettor_total},
            "banker": {"cards": [str(c) for c in self.banker], "total": self.banker_total},
            "winner": self.winner.value,
            "natural": self.natural,
            "bettors": self.bettors,
            "decisions": {
                BETTOR: None if self.bettor_choice is None else self.bettor_choice.value,
                BANKER: None if self.banker_choice is None else self.banker_choice.value,
            },
            "cards": [str(c) for c in self.cards],
            "steps": [step.to_dict() for step in self.steps],
        }

    def __repr__(self) -> str:
        args = [repr(format_cards(self.cards))]
        if self.bettors != SEVERAL:
            args.append(f"bettors={self.bettors}")
        if self.bettor_choice is not None:
            args.append(f"bettor={self.bettor_choice.value!r}")
        if self.banker_choice is not None:
            args.append(f"banker={self.banker_choice.value!r}")
        return f"CheminDeFerCoup.from_cards({', '.join(args)})"


def deal_coup(
    cards: str | Iterable[str | Card],
    *,
    bettors: int = SEVERAL,
    bettor: Decision | str | None = None,
    banker: Decision | str | None = None,
    leftover: bool = False,
) -> CheminDeFerCoup:
    """Deal a coup from exactly ``cards`` (deal order) with explicit decisions.

    ``bettor`` and ``banker`` are the decisions (``"draw"``/``"stand"``) for
    the free cells the coup reaches.  A free cell without a decision is an
    error, and so is a decision for a cell the rules decide (or never reached).
    Cards left over are an error too, unless ``leftover`` is true (the cards
    are then the top of a shoe).

    >>> deal_coup("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw", banker="draw").banker_total
    8
    >>> deal_coup("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw")
    Traceback (most recent call last):
    ...
    bacara_teach.chemin_de_fer.MissingDecision: the banker must decide: the banker's 3 against a third card of 9 (free) needs a decision, draw or stand
    >>> deal_coup("2♥ A♠ 4♣ 2♦ 9♥", bettor="draw", banker="stand")
    Traceback (most recent call last):
    ...
    bacara_teach.chemin_de_fer.ForcedCell: a decision was given for the bettor ('draw'), but the bettor's 6 with several bettors (must stand) is forced
    """
    given = parse_cards(cards)
    bettors = _check_bettors(bettors)
    choices: dict[str, Decision] = {}
    for role, answer in ((BETTOR, bettor), (BANKER, banker)):
        if answer is not None:
            choices[role] = parse_decision(answer, who=_who(role))
    try:
        p = _advance(given, bettors, choices)
    except _NeedCard as need:
        raise ShoeExhausted(message(
            "not enough cards for this coup: {count} given ({cards}), and {why}",
            count=len(given), cards=cards_or_none(given), why=need.why)) from None
    if p.pending is not None:
        cell = cell_message(p.pending.cell, bettors)
        if p.pending.role == BETTOR:
            missing = message("the bettor must decide: {cell} needs a decision, draw or stand",
                              cell=cell)
        else:
            missing = message("the banker must decide: {cell} needs a decision, draw or stand",
                              cell=cell)
        raise MissingDecision(missing, role=p.pending.role)
    for role, decision in choices.items():
        if role not in p.asked:
            reason = p.unasked_reason.get(role) or (
                message("no decision of the bettor was asked") if role == BETTOR
                else message("no decision of the banker was asked"))
            given_for = (message("a decision was given for the bettor ({decision!r}), but {reason}",
                                 decision=decision.value, reason=reason) if role == BETTOR
                         else message("a decision was given for the banker ({decision!r}), but "
                                      "{reason}", decision=decision.value, reason=reason))
            raise ForcedCell(given_for, role=role)
    if p.used < len(given) and not leftover:
        raise IllegalAction(too_many_cards(given[:p.used], given[p.used:]))
    return CheminDeFerCoup(bettor=tuple(p.bettor), banker=tuple(p.banker), steps=tuple(p.steps),
                           bettors=bettors, bettor_choice=choices.get(BETTOR),
                           banker_choice=choices.get(BANKER))


def _ask(policy: Policy, view: View) -> Decision:
    return parse_decision(policy(view), who=_who(view.role, policy=True))


def play_coup(
    shoe: Shoe,
    *,
    bettors: int = SEVERAL,
    bettor_policy: Policy = as_punto_banco,
    banker_policy: Policy = as_punto_banco,
) -> CheminDeFerCoup:
    """Deal one coup from ``shoe``, asking the policies at free cells only.

    Each policy receives only the :class:`View` of its own player.  A shoe
    with too few cards refuses and is left as it was; so is a policy's answer
    that is neither draw nor stand.

    >>> play_coup(Shoe.stacked("2♥ A♠ 3♣ 2♦ 9♥ 5♠"), bettor_policy=always_draw,
    ...           banker_policy=always_stand)
    CheminDeFerCoup.from_cards('2♥ A♠ 3♣ 2♦ 9♥', bettor='draw', banker='stand')
    """
    if shoe.reshuffle == "every-coup":
        shoe.start_coup()
    play = CoupInPlay.from_shoe(shoe, bettors=bettors)
    while (view := play.pending) is not None:
        policy = bettor_policy if view.role == BETTOR else banker_policy
        play.decide(_ask(policy, view))
    return play.deal_from(shoe)
