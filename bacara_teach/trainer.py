"""Tableau drill: a situation is dealt, the learner answers, wrong cells come back.

The trainer is plain Python (the widget in :mod:`bacara_teach.widgets` is a
thin view over it).  Each situation is a cell of the tableau dressed as real
cards: two-card hands and, for Banco's table, Punto's third card.  A cell
answered wrongly is asked again a few questions later, and again until it is
answered right.

>>> trainer = TableauTrainer(seed=1)
>>> situation = trainer.current
>>> feedback = trainer.answer(situation.cell.decision.value)
>>> feedback.correct
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bacara_teach.cards import Card, Rank, Suit, format_cards, hand_total
from bacara_teach.errors import IllegalAction
from bacara_teach.i18n import resolve_language
from bacara_teach.narration import HAND_NAMES, describe_banker_row, describe_player_rule, spans
from bacara_teach.tableau import PUNTO_BANCO, Cell, Decision, Tableau

__all__ = ["Feedback", "Situation", "TableauTrainer", "deal_situation"]

_BY_POINTS: dict[int, tuple[Rank, ...]] = {
    p: tuple(r for r in Rank if r.points == p) for p in range(10)
}

_TEXT = {
    "en": {
        "player.q": "{player} holds {cards} ({total}); {banker} holds {bcards} ({btotal}), "
        "so there is no natural. Does {player_mid} draw or stand?",
        "banker.stood": "{player} holds {pcards} ({ptotal}) and stood. {banker} holds {bcards} "
        "({btotal}). Does {banker_mid} draw or stand?",
        "banker.drew": "{player} holds {pcards} and drew {third} (counts {value}). {banker} holds "
        "{bcards} ({btotal}). Does {banker_mid} draw or stand?",
        "right": "Right: {answer}.",
        "wrong": "Not quite: the rule says {answer}.",
        "player.why": "{player} {rule}.",
        "banker.stood.why": "When {player} stands, {banker} {rule}.",
        "banker.drew.why": "On {total}, {banker} {rule}; {player}'s third card counts {value}.",
        "draw": "draw", "stand": "stand", "choice": "free choice",
    },
    "es": {
        "player.q": "{player} tiene {cards} ({total}); {banker} tiene {bcards} ({btotal}), "
        "así que no hay natural. ¿{player} roba o se planta?",
        "banker.stood": "{player} tiene {pcards} ({ptotal}) y se plantó. {banker} tiene {bcards} "
        "({btotal}). ¿{banker} roba o se planta?",
        "banker.drew": "{player} tiene {pcards} y robó {third} (vale {value}). {banker} tiene "
        "{bcards} ({btotal}). ¿{banker} roba o se planta?",
        "right": "Correcto: {answer}.",
        "wrong": "No: la regla dice {answer}.",
        "player.why": "{player} {rule}.",
        "banker.stood.why": "Cuando {player} se planta, {banker} {rule}.",
        "banker.drew.why": "Con {total}, {banker} {rule}; la tercera carta de {player} vale {value}.",
        "draw": "roba", "stand": "se planta", "choice": "elige libremente",
    },
}
_RULE_WORDS = {
    "en": {"draw": "draws on", "stand": "stands on", "choice": "chooses freely on"},
    "es": {"draw": "roba con", "stand": "se planta con", "choice": "elige libremente con"},
}


def _names(tableau: Tableau, lang: str) -> tuple[str, str]:
    if tableau.name.startswith("chemin"):
        bettor, banker = HAND_NAMES[lang]["bettor"], HAND_NAMES[lang]["banker"]
        return bettor[0].upper() + bettor[1:], banker[0].upper() + banker[1:]
    return HAND_NAMES[lang]["punto"], HAND_NAMES[lang]["banco"]


def _mid(name: str) -> str:
    """A name as it stands mid-sentence: proper nouns keep their capital."""
    return name if name in ("Punto", "Banco") else name[0].lower() + name[1:]


@dataclass(frozen=True)
class Situation:
    """A tableau cell dressed as cards.

    ``player`` holds the player's two cards (plus the third when the banker is
    asked and the player drew); ``banker`` the banker's two cards.
    """

    cell: Cell
    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    tableau: Tableau = PUNTO_BANCO

    @property
    def asks(self) -> str:
        """``"player"`` or ``"banker"``: whose decision is asked."""
        return self.cell.hand

    def prompt(self, lang: str | None = None) -> str:
        """The question in words, in ``lang`` (``None``: the default language).

        >>> from bacara_teach.cards import parse_cards
        >>> s = Situation(PUNTO_BANCO.player_cell(5), parse_cards("2♥ 3♣"), parse_cards("K♠ 4♦"))
        >>> s.prompt("es")
        'Punto tiene 2♥ 3♣ (5); Banco tiene K♠ 4♦ (4), así que no hay natural. ¿Punto roba o se planta?'
        """
        lang = resolve_language(lang)
        text = _TEXT[lang]
        player, banker = _names(self.tableau, lang)
        if self.asks == "player":
            return text["player.q"].format(
                player=player, player_mid=_mid(player), cards=format_cards(self.player),
                total=hand_total(self.player),
                banker=_mid(banker), bcards=format_cards(self.banker), btotal=hand_total(self.banker))
        two = self.player[:2]
        if self.cell.third is None:
            return text["banker.stood"].format(
                player=player, banker=banker, banker_mid=_mid(banker), pcards=format_cards(two), ptotal=hand_total(two),
                bcards=format_cards(self.banker), btotal=hand_total(self.banker))
        return text["banker.drew"].format(
            player=player, banker=banker, banker_mid=_mid(banker), pcards=format_cards(two), third=self.player[2],
            value=self.player[2].points, bcards=format_cards(self.banker),
            btotal=hand_total(self.banker))

    def explain(self, lang: str | None = None) -> str:
        """The rule that decides this cell, read from the tableau data.

        >>> from bacara_teach.cards import parse_cards
        >>> s = Situation(PUNTO_BANCO.banker_cell(3, 8), parse_cards("2♥ 3♣ 8♦"), parse_cards("K♠ 3♦"))
        >>> s.explain("en")
        "On 3, Banco draws against 0–7 and 9, stands against 8; Punto's third card counts 8."
        >>> s.explain("es")
        'Con 3, Banco roba ante 0–7 y 9, se planta ante 8; la tercera carta de Punto vale 8.'
        """
        lang = resolve_language(lang)
        text = _TEXT[lang]
        player, banker = _names(self.tableau, lang)
        if self.asks == "player":
            rule = describe_player_rule(self.tableau, lang)
            words = ", ".join(f"{_RULE_WORDS[lang][k]} {v}" for k, v in rule.items())
            return text["player.why"].format(player=player, rule=words)
        if self.cell.third is None:
            after = {d.value: [t for t, x in enumerate(self.tableau.banker_after_stand) if x is d]
                     for d in Decision}
            words = ", ".join(f"{_RULE_WORDS[lang][k]} {spans(v, lang)}" for k, v in after.items() if v)
            return text["banker.stood.why"].format(player=_mid(player), banker=_mid(banker),
                                                   rule=words)
        return text["banker.drew.why"].format(
            total=self.cell.total, banker=_mid(banker), player=_mid(player), value=self.cell.third,
            rule=describe_banker_row(self.tableau, self.cell.total, lang))


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer."""

    situation: Situation
    given: Decision
    correct: bool

    @property
    def expected(self) -> Decision:
        return self.situation.cell.decision

    def message(self, lang: str | None = None) -> str:
        """The verdict and the rule behind it, in ``lang`` (``None``: the default language).

        >>> from bacara_teach.cards import parse_cards
        >>> s = Situation(PUNTO_BANCO.player_cell(5), parse_cards("2♥ 3♣"), parse_cards("K♠ 4♦"))
        >>> Feedback(s, Decision.STAND, False).message("es")
        'No: la regla dice roba. Punto roba con 0–5, se planta con 6–7.'
        """
        lang = resolve_language(lang)
        text = _TEXT[lang]
        head = text["right" if self.correct else "wrong"].format(answer=text[self.expected.value])
        return f"{head} {self.situation.explain(lang)}"


def _two_cards(total: int, rng: random.Random) -> tuple[Card, Card]:
    first = rng.randrange(10)
    second = (total - first) % 10
    return tuple(  # type: ignore[return-value]
        Card(rng.choice(_BY_POINTS[p]), rng.choice(list(Suit))) for p in (first, second)
    )


def deal_situation(cell: Cell, rng: random.Random, tableau: Tableau = PUNTO_BANCO) -> Situation:
    """Cards that put a coup exactly in ``cell`` (no naturals, the right totals).

    >>> from bacara_teach.tableau import PUNTO_BANCO
    >>> s = deal_situation(PUNTO_BANCO.banker_cell(3, 8), random.Random(0))
    >>> hand_total(s.banker), s.player[2].points, hand_total(s.player[:2]) <= 5
    (3, 8, True)
    """
    banker = _two_cards(rng.randrange(8), rng)
    if cell.hand == "player":
        return Situation(cell, _two_cards(cell.total, rng), banker, tableau)
    banker = _two_cards(cell.total, rng)
    stood = [t for t in range(8) if tableau.player[t] is Decision.STAND]
    drew = [t for t in range(8) if tableau.player[t] is not Decision.STAND]
    if cell.third is None:
        player: tuple[Card, ...] = _two_cards(rng.choice(stood or drew), rng)
    else:
        third = Card(rng.choice(_BY_POINTS[cell.third]), rng.choice(list(Suit)))
        player = (*_two_cards(rng.choice(drew), rng), third)
    return Situation(cell, player, banker, tableau)


@dataclass
class TableauTrainer:
    """Drill the tableau; cells answered wrongly come back after ``repeat_after`` others.

    ``hands`` limits the drill to ``"player"``, ``"banker"`` or ``"both"``.
    """

    tableau: Tableau = PUNTO_BANCO
    seed: int | str | None = None
    repeat_after: int = 3
    hands: str = "both"
    asked: int = 0
    right: int = 0
    mistakes: Counter[tuple[str, int, int | None]] = field(default_factory=Counter)
    history: list[Feedback] = field(default_factory=list)
    _rng: random.Random = field(init=False, repr=False)
    _groups: tuple[tuple[Cell, ...], ...] = field(init=False, repr=False)
    _due: list[tuple[int, Cell]] = field(init=False, repr=False, default_factory=list)
    current: Situation = field(init=False)

    def __post_init__(self) -> None:
        if self.hands not in ("player", "banker", "both"):
            raise IllegalAction(f"invalid hands {self.hands!r}: expected player, banker or both")
        if self.repeat_after < 0:
            raise IllegalAction(f"invalid repeat_after {self.repeat_after!r}: expected 0 or more")
        self._rng = random.Random(self.seed)
        cells = [c for c in self.tableau.cells() if self.hands in ("both", c.hand)]
        # Three groups drilled in turn: the player's rule, the banker after a stand,
        # and the banker's table (asked twice as often: it has the most cells).
        self._groups = (
            tuple(c for c in cells if c.hand == "player"),
            tuple(c for c in cells if c.hand == "banker" and c.third is None),
            tuple(c for c in cells if c.hand == "banker" and c.third is not None),
        )
        self.current = self._next_situation()

    @property
    def choices(self) -> tuple[str, ...]:
        """Valid answers: ``draw``, ``stand`` (and ``choice`` for tableaux with free cells)."""
        if self.tableau.free_cells():
            return tuple(d.value for d in Decision)
        return (Decision.DRAW.value, Decision.STAND.value)

    @property
    def pending_repeats(self) -> tuple[Cell, ...]:
        """Cells waiting to be asked again."""
        return tuple(cell for _, cell in self._due)

    def _next_situation(self) -> Situation:
        if self._due and self._due[0][0] <= self.asked:
            _, cell = self._due.pop(0)
        else:
            groups = [g for g in self._groups if g]
            weights = [2 if g[0].third is not None else 1 for g in groups]
            cell = self._rng.choice(self._rng.choices(groups, weights)[0])
        return deal_situation(cell, self._rng, self.tableau)

    def answer(self, choice: str | Decision) -> Feedback:
        """Answer the current situation; returns the feedback and moves on.

        A bad answer is refused and changes nothing.
        """
        given = self._parse(choice)
        situation = self.current
        feedback = Feedback(situation, given, given is situation.cell.decision)
        self.asked += 1
        self.history.append(feedback)
        key = (situation.cell.hand, situation.cell.total, situation.cell.third)
        if feedback.correct:
            self.right += 1
        else:
            self.mistakes[key] += 1
            self._due.append((self.asked + self.repeat_after, situation.cell))
            self._due.sort(key=lambda item: item[0])
        self.current = self._next_situation()
        return feedback

    def _parse(self, choice: str | Decision) -> Decision:
        if isinstance(choice, Decision) and choice.value in self.choices:
            return choice
        if isinstance(choice, str) and choice.strip().lower() in self.choices:
            return Decision(choice.strip().lower())
        raise IllegalAction(f"invalid answer {choice!r}: expected one of {', '.join(self.choices)}")

    def weakest(self, n: int = 3) -> Sequence[tuple[tuple[str, int, int | None], int]]:
        """The cells answered wrongly most often."""
        return self.mistakes.most_common(n)
