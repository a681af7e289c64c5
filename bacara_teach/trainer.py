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
from bacara_teach.narration import describe_banker_row, describe_player_rule, hand_name, spans
from bacara_teach.tableau import PUNTO_BANCO, Cell, Decision, Tableau
from bacara_teach.text import N_, Message, language_codes, message, pmessage, ptr, tr

__all__ = ["PROMPT_FIELDS", "Feedback", "Situation", "TableauTrainer", "deal_situation",
           "prompt_template", "verdict"]

_BY_POINTS: dict[int, tuple[Rank, ...]] = {
    p: tuple(r for r in Rank if r.points == p) for p in range(10)
}

_RULE_WORDS: dict[str, str] = {
    "draw": N_("draws on {values}"),
    "stand": N_("stands on {values}"),
    "choice": N_("chooses freely on {values}"),
}
"""A part of a hand's rule, as the narration words it (the same messages)."""


def _answer(decision: Decision, lang: str) -> str:
    """What the rule says, as the verdict names it: ``draw`` / ``roba``."""
    if decision is Decision.DRAW:
        return ptr("the rule says", "draw", lang)
    if decision is Decision.STAND:
        return ptr("the rule says", "stand", lang)
    return ptr("the rule says", "free choice", lang)


def _choice(code: str) -> Message:
    """An answer of the drill as the reader names it: ``draw`` / ``robar``."""
    if code == Decision.DRAW.value:
        return pmessage("answer", "draw")
    if code == Decision.STAND.value:
        return pmessage("answer", "stand")
    return pmessage("answer", "choice")


def _choice_list(codes: Sequence[str]) -> Message:
    """``draw, stand`` or ``draw, stand, choice``, each in the reader's words."""
    choices = [_choice(code) for code in codes]
    if len(choices) == 2:
        return message("{first}, {second}", first=choices[0], second=choices[1])
    return message("{first}, {second}, {third}", first=choices[0], second=choices[1],
                   third=choices[2])


def _chemin(tableau: Tableau) -> bool:
    return tableau.name.startswith("chemin")


def _names(tableau: Tableau, lang: str) -> tuple[str, str]:
    """The two sides as a sentence opens with them: ``Punto``/``Banco`` or the roles."""
    if _chemin(tableau):
        return hand_name("bettor", lang, start=True), hand_name("banker", lang, start=True)
    return hand_name("punto", lang), hand_name("banco", lang)


def _mid(tableau: Tableau, actor: str, lang: str) -> str:
    """A side as it stands mid-sentence: the proper nouns Punto and Banco keep their capital."""
    if _chemin(tableau):
        return hand_name("bettor" if actor == "player" else "banker", lang)
    return hand_name("punto" if actor == "player" else "banco", lang)


PROMPT_FIELDS = ("cards", "total", "pcards", "ptotal", "bcards", "btotal", "third", "value")
"""The fields of a question that name its cards: the player's two cards (``cards``/``pcards``)
and their total, the banker's, the player's third card and its value."""


def prompt_template(tableau: Tableau, cell: Cell, lang: str | None = None) -> str:
    """The question for ``cell`` with its cards left as ``{fields}`` (:data:`PROMPT_FIELDS`),
    for a page's script to fill in; :meth:`Situation.prompt` fills in the same words.

    >>> prompt_template(PUNTO_BANCO, PUNTO_BANCO.banker_cell(3, None), "en")
    'Punto holds {pcards} ({ptotal}) and stood. Banco holds {bcards} ({btotal}). Does Banco draw or stand?'
    """
    fields: dict[str, object] = {name: f"{{{name}}}" for name in PROMPT_FIELDS}
    return _prompt(tableau, cell, resolve_language(lang), fields)


def _prompt(tableau: Tableau, cell: Cell, lang: str, fields: dict[str, object]) -> str:
    """The question for ``cell``, its cards and totals given by ``fields``."""
    if _chemin(tableau):
        if cell.hand == "player":
            return tr("The bettor holds {cards} ({total}); the banker's cards are face down. "
                      "What does the rule say: draw, stand or free choice?", lang,
                      cards=fields["cards"], total=fields["total"])
        if cell.third is None:
            return tr("The banker holds {bcards} ({btotal}). The bettor stood: his two cards "
                      "stay face down. What does the rule say: draw, stand or free choice?", lang,
                      bcards=fields["bcards"], btotal=fields["btotal"])
        return tr("The banker holds {bcards} ({btotal}). The bettor drew {third}, face up (it "
                  "counts {value}); his first two cards stay face down. What does the rule say: "
                  "draw, stand or free choice?", lang, bcards=fields["bcards"],
                  btotal=fields["btotal"], third=fields["third"], value=fields["value"])
    player, banker = _names(tableau, lang)
    if cell.hand == "player":
        return tr("{player} holds {cards} ({total}); {banker} holds {bcards} ({btotal}), so "
                  "there is no natural. Does {player_mid} draw or stand?", lang,
                  player=player, player_mid=_mid(tableau, "player", lang),
                  cards=fields["cards"], total=fields["total"],
                  banker=_mid(tableau, "banker", lang),
                  bcards=fields["bcards"], btotal=fields["btotal"])
    if cell.third is None:
        return tr("{player} holds {pcards} ({ptotal}) and stood. {banker} holds {bcards} "
                  "({btotal}). Does {banker_mid} draw or stand?", lang, player=player,
                  banker=banker, banker_mid=_mid(tableau, "banker", lang),
                  pcards=fields["pcards"], ptotal=fields["ptotal"],
                  bcards=fields["bcards"], btotal=fields["btotal"])
    return tr("{player} holds {pcards} and drew {third} (counts {value}). {banker} holds "
              "{bcards} ({btotal}). Does {banker_mid} draw or stand?", lang, player=player,
              banker=banker, banker_mid=_mid(tableau, "banker", lang),
              pcards=fields["pcards"], third=fields["third"], value=fields["value"],
              bcards=fields["bcards"], btotal=fields["btotal"])


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
        'Punto tiene 2♥ 3♣ (5); Banco tiene K♠ 4♦ (4), así que no hay natural. ¿Roba Punto o se planta?'

        In Chemin de Fer the question names only what the player deciding sees, and asks what
        the rule says (a free choice is an answer):

        >>> from bacara_teach.tableau import CHEMIN_DE_FER
        >>> s = Situation(CHEMIN_DE_FER.banker_cell(3, 9), parse_cards("2♥ 3♣ 9♥"),
        ...               parse_cards("A♠ 2♦"), CHEMIN_DE_FER)
        >>> s.prompt("en")
        'The banker holds A♠ 2♦ (3). The bettor drew 9♥, face up (it counts 9); his first two cards stay face down. What does the rule say: draw, stand or free choice?'
        """
        two = self.player[:2]
        third = self.player[2] if len(self.player) == 3 else None
        fields: dict[str, object] = {
            "cards": format_cards(two), "total": hand_total(two),
            "pcards": format_cards(two), "ptotal": hand_total(two),
            "bcards": format_cards(self.banker), "btotal": hand_total(self.banker),
            "third": "" if third is None else str(third),
            "value": "" if third is None else third.points,
        }
        return _prompt(self.tableau, self.cell, resolve_language(lang), fields)

    def seen(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The cards the player deciding sees: ``(player's, banker's)``.

        Punto Banco deals every card face up.  In Chemin de Fer the bettor sees only his own two
        cards, and the banker his own two and the bettor's third card, dealt face up.

        >>> from bacara_teach.cards import parse_cards
        >>> from bacara_teach.tableau import CHEMIN_DE_FER
        >>> s = Situation(CHEMIN_DE_FER.banker_cell(3, 9), parse_cards("2♥ 3♣ 9♥"),
        ...               parse_cards("A♠ 2♦"), CHEMIN_DE_FER)
        >>> [format_cards(side) for side in s.seen()]
        ['9♥', 'A♠ 2♦']
        """
        if not _chemin(self.tableau):
            return self.player, self.banker
        if self.asks == "player":
            return self.player[:2], ()
        return self.player[2:], self.banker

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
        player, _ = _names(self.tableau, lang)
        if self.asks == "player":
            rule = describe_player_rule(self.tableau, lang)
            words = ", ".join(tr(_RULE_WORDS[k], lang, values=v) for k, v in rule.items())
            return tr("{player} {rule}.", lang, player=player, rule=words)
        if self.cell.third is None:
            after = {d.value: [t for t, x in enumerate(self.tableau.banker_after_stand) if x is d]
                     for d in Decision}
            words = ", ".join(tr(_RULE_WORDS[k], lang, values=spans(v, lang))
                              for k, v in after.items() if v)
            return tr("When {player} stands, {banker} {rule}.", lang,
                      player=_mid(self.tableau, "player", lang),
                      banker=_mid(self.tableau, "banker", lang), rule=words)
        row = describe_banker_row(self.tableau, self.cell.total, lang)
        if _chemin(self.tableau):
            return tr("On {total}, the banker {rule}; the bettor's third card counts {value}.",
                      lang, total=self.cell.total, rule=row, value=self.cell.third)
        return tr("On {total}, Banco {rule}; Punto's third card counts {value}.", lang,
                  total=self.cell.total, rule=row, value=self.cell.third)


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
        return f"{verdict(self.expected, self.correct, lang)} {self.situation.explain(lang)}"


def verdict(expected: Decision, correct: bool, lang: str | None = None) -> str:
    """How feedback opens: right or not, and what the rule says.

    >>> verdict(Decision.CHOICE, False, "en"), verdict(Decision.DRAW, True, "es")
    ('Not quite: the rule says free choice.', 'Correcto: roba.')
    """
    answer = _answer(expected, resolve_language(lang))
    if correct:
        return tr("Right: {answer}.", lang, answer=answer)
    return tr("Not quite: the rule says {answer}.", lang, answer=answer)


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
            raise IllegalAction(message("invalid hands {hands!r}: expected player, banker or both",
                                        hands=self.hands))
        if self.repeat_after < 0:
            raise IllegalAction(message("invalid repeat_after {value}: expected 0 or more",
                                        value=self.repeat_after))
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

        ``choice`` is a :class:`Decision`, its code (``draw``, ``stand``, ``choice``) or the
        word a refusal names it by in any language (``robar``).  A bad answer is refused, in
        the reader's words, and changes nothing.

        >>> drill = TableauTrainer(seed=1)
        >>> drill.answer("robar").given
        <Decision.DRAW: 'draw'>
        >>> drill.answer("maybe")
        Traceback (most recent call last):
        ...
        bacara_teach.errors.IllegalAction: invalid answer 'maybe': expected one of draw, stand
        >>> from bacara_teach.refusals import refusal_text
        >>> try:
        ...     drill.answer("maybe")
        ... except IllegalAction as error:
        ...     print(refusal_text(error, "es"))
        Respuesta no válida: 'maybe'; escriba una de estas: robar, plantarse.
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
        if isinstance(choice, str):
            text = choice.strip().lower()
            if text in self.choices:
                return Decision(text)
            for code in self.choices:  # the answer as a refusal names it: robar, plantarse...
                if any(text == _choice(code).render(lang).lower() for lang in language_codes()):
                    return Decision(code)
        raise IllegalAction(message("invalid answer {answer!r}: expected one of {choices}",
                                    answer=choice, choices=_choice_list(self.choices)))

    def weakest(self, n: int = 3) -> Sequence[tuple[tuple[str, int, int | None], int]]:
        """The cells answered wrongly most often."""
        return self.mistakes.most_common(n)
