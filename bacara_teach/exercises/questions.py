"""Questions: the record on a paper, the typed answers, and the kinds that make them.

A :class:`Question` is what a paper holds: an id (``q3``), a kind
(``banco-cell``), its points and its parameters (plain JSON data, e.g.
``{"total": 4, "third": 8}``).  It never holds its answer: a
:class:`QuestionKind` computes the answer key from the engine whenever it is
needed (when a student self-checks, when a teacher prints a key, when a
paper is graded).

Answers are typed values read by an :class:`AnswerType`: a word from a fixed
list, a total 0-9, an amount written as a decimal string...  A value of the
wrong type is refused with a message that quotes it and says what is
expected.

>>> DRAW_OR_STAND.read(" Draw ")
'draw'
>>> TOTAL.read(12)
Traceback (most recent call last):
...
bacara_teach.exercises.questions.WrongAnswerType: 12 is not a total: expected a whole number from 0 to 9
"""

from __future__ import annotations

import abc
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar

from bacara_teach.cards import Card, format_cards, parse_cards
from bacara_teach.errors import IllegalAction, NotationError

__all__ = [
    "AMOUNT",
    "DRAW_OR_STAND",
    "KINDS",
    "TOTAL",
    "AnswerType",
    "CoupResultAnswer",
    "Mark",
    "Question",
    "QuestionKind",
    "Status",
    "WordAnswer",
    "WrongAnswerType",
    "get_kind",
    "register_kind",
]


class WrongAnswerType(NotationError):
    """An answer that is not of the type the question asks for."""


class Status:
    """How a question came out (the words used in feedback and gradebooks)."""

    RIGHT = "right"
    PARTLY = "partly right"
    WRONG = "wrong"
    UNANSWERED = "unanswered"
    INVALID = "invalid"
    """The answer could not be read, or is of the wrong type."""
    ERROR = "error"
    """A program answer that failed to run (exception, time limit, crash)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Mark:
    """The marking of one answer.

    ``earned`` is the share of the question's points earned, from 0 to 1,
    exactly; ``reason`` one line saying why; ``explanation`` the rule behind
    the right answer (Markdown), and ``details`` the individual failures of a
    program answer.
    """

    earned: Fraction
    status: str
    reason: str
    explanation: str = ""
    details: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 0 <= self.earned <= 1:
            raise ValueError(f"a mark's share of the points must be 0-1, got {self.earned}")

    @classmethod
    def zero(cls, status: str, reason: str, explanation: str = "") -> Mark:
        return cls(earned=Fraction(0), status=status, reason=reason, explanation=explanation)

    def points(self, out_of: int) -> Fraction:
        """Points earned on a question worth ``out_of``."""
        return self.earned * out_of


# -- answer types --------------------------------------------------------------------------------


class AnswerType(abc.ABC):
    """What an answer must look like, and how to read it."""

    expected: str
    """In words, for prompts and messages: ``"draw" or "stand"``."""

    @abc.abstractmethod
    def read(self, value: object) -> Any:
        """The answer normalised, or :class:`WrongAnswerType` naming what is expected."""

    def refuse(self, value: object, what: str) -> WrongAnswerType:
        return WrongAnswerType(f"{_show(value)} is not {what}: expected {self.expected}")


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class WordAnswer(AnswerType):
    """One word from a fixed list, in any letter case; ``aliases`` map other words onto them.

    >>> WordAnswer(("punto", "banco", "empate"), aliases={"tie": "empate"}).read("Tie")
    'empate'
    >>> WordAnswer(("draw", "stand")).read("hit")
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.WrongAnswerType: 'hit' is not one of the words asked for: expected "draw" or "stand"
    """

    def __init__(self, words: Sequence[str], *, aliases: Mapping[str, str] | None = None) -> None:
        self.words = tuple(words)
        self.aliases = dict(aliases or {})
        quoted = [f'"{w}"' for w in self.words]
        self.expected = (", ".join(quoted[:-1]) + " or " + quoted[-1]) if len(quoted) > 1 else quoted[0]

    def read(self, value: object) -> str:
        if not isinstance(value, str):
            raise self.refuse(value, "a word in quotes")
        word = value.strip().lower()
        word = self.aliases.get(word, word)
        if word not in self.words:
            raise self.refuse(value, "one of the words asked for")
        return word


class WholeAnswer(AnswerType):
    """A whole number (an ``int``, not a bool or a float) within bounds.

    >>> WholeAnswer(minimum=0).read(24)
    24
    >>> WholeAnswer(minimum=0).read("24")
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.WrongAnswerType: '24' is not a whole number: expected a whole number (no quotes), 0 or more
    """

    def __init__(self, *, minimum: int | None = None, maximum: int | None = None,
                 noun: str = "a whole number") -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.noun = noun
        if minimum is not None and maximum is not None:
            self.expected = f"a whole number from {minimum} to {maximum}"
        elif minimum is not None:
            self.expected = f"a whole number (no quotes), {minimum} or more"
        else:
            self.expected = "a whole number (no quotes)"

    def read(self, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.refuse(value, self.noun)
        if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum):
            raise self.refuse(value, self.noun)
        return value


class AmountAnswer(AnswerType):
    """An amount of money, exact: a decimal string such as ``"-20"`` or ``"4.75"`` (an int is fine).

    Floats are refused: ``0.95`` typed as a float is not exact.

    >>> AMOUNT.read("4.750"), AMOUNT.read(-20), AMOUNT.read("+19")
    (Decimal('4.75'), Decimal('-20'), Decimal('19'))
    >>> AMOUNT.read(4.75)
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.WrongAnswerType: 4.75 is not an exact amount: expected an amount written as a string, e.g. "-20" or "4.75" (a whole number may be given without quotes)
    """

    expected = 'an amount written as a string, e.g. "-20" or "4.75" (a whole number may be given without quotes)'

    def read(self, value: object) -> Decimal:
        from bacara_teach.money import parse_amount

        if isinstance(value, bool) or not isinstance(value, int | str):
            raise self.refuse(value, "an exact amount")
        try:
            return parse_amount(value)
        except NotationError:
            raise self.refuse(value, "an amount") from None


class CoupResultAnswer(AnswerType):
    """A coup's result: ``{"winner": "punto"|"banco"|"empate", "punto": total, "banco": total}``.

    >>> CoupResultAnswer().read({"winner": "Banco", "punto": 1, "banco": 3})
    {'winner': 'banco', 'punto': 1, 'banco': 3}
    >>> CoupResultAnswer().read({"winner": "banco", "punto": 1})
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.WrongAnswerType: {'winner': 'banco', 'punto': 1} is not a coup's result: expected a dict {"winner": "punto", "banco" or "empate", "punto": Punto's final total, "banco": Banco's final total}
    """

    KEYS = ("winner", "punto", "banco")

    def __init__(self) -> None:
        self.winner = WordAnswer(("punto", "banco", "empate"), aliases={"tie": "empate"})
        self.expected = (f'a dict {{"winner": {self.winner.expected}, '
                         '"punto": Punto\'s final total, "banco": Banco\'s final total}')

    def read(self, value: object) -> dict[str, Any]:
        if not isinstance(value, dict) or set(value) != set(self.KEYS):
            raise self.refuse(value, "a coup's result")
        try:
            return {"winner": self.winner.read(value["winner"]),
                    "punto": TOTAL.read(value["punto"]), "banco": TOTAL.read(value["banco"])}
        except WrongAnswerType:
            raise self.refuse(value, "a coup's result") from None


class LettersAnswer(AnswerType):
    """An ordering: a list of the given letters, each exactly once.

    >>> LettersAnswer("abcd").read(["D", "b", "a", "c"])
    ['d', 'b', 'a', 'c']
    >>> LettersAnswer("abcd").read(["a", "a", "b", "c"])
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.WrongAnswerType: ['a', 'a', 'b', 'c'] is not an ordering of the letters: expected a list of the letters a, b, c, d, each once, e.g. ["a", "b", "c", "d"]
    """

    def __init__(self, letters: str) -> None:
        self.letters = tuple(letters)
        example = ", ".join(f'"{x}"' for x in self.letters)
        self.expected = (f"a list of the letters {', '.join(self.letters)}, each once, "
                         f"e.g. [{example}]")

    def read(self, value: object) -> list[str]:
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise self.refuse(value, "an ordering of the letters")
        letters = [v.strip().lower() for v in value]
        if sorted(letters) != sorted(self.letters):
            raise self.refuse(value, "an ordering of the letters")
        return letters


DRAW_OR_STAND = WordAnswer(("draw", "stand"))
"""Does the hand draw a third card?"""
TOTAL = WholeAnswer(minimum=0, maximum=9, noun="a total")
"""A hand's total, 0-9."""
AMOUNT = AmountAnswer()
"""An exact amount of money."""


# -- questions and their kinds ------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Question:
    """One question of a paper: id, kind, points and parameters (JSON data); never its answer."""

    qid: str
    kind: str
    points: int
    params: dict[str, Any] = field(hash=False)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.qid, "kind": self.kind, "points": self.points, "params": self.params}

    @property
    def question_kind(self) -> QuestionKind:
        return get_kind(self.kind)


class QuestionKind(abc.ABC):
    """A family of questions generated from the engine's rules and data.

    Subclasses say how to draw parameters for a variant (:meth:`generate`),
    how to ask (:meth:`prompt`), the answer key (:meth:`key`, computed by the
    engine) and the rule behind it (:meth:`explain`).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    answer: ClassVar[AnswerType]
    placeholder: ClassVar[str] = "None"
    """What the answer cell starts with (``answer = None``)."""
    is_program: ClassVar[bool] = False

    @abc.abstractmethod
    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        """``count`` different parameter sets for one paper, drawn with ``rng``."""

    @abc.abstractmethod
    def check_params(self, params: Mapping[str, Any]) -> None:
        """Raise :class:`NotationError` (quoting them) unless ``params`` are valid."""

    @abc.abstractmethod
    def prompt(self, params: Mapping[str, Any]) -> str:
        """The question, in Markdown."""

    @abc.abstractmethod
    def key(self, params: Mapping[str, Any]) -> Any:
        """The right answer, computed by the engine (a JSON-ready value)."""

    @abc.abstractmethod
    def explain(self, params: Mapping[str, Any]) -> str:
        """The rule that gives the right answer, in words read from the engine's data."""

    def key_text(self, params: Mapping[str, Any]) -> str:
        """The answer key as a teacher reads it (and as an answer cell would hold it)."""
        return repr(self.key(params))

    def answer_comment(self) -> str:
        """The comment on the answer line: what to write."""
        return self.answer.expected

    def compare(self, given: Any, key: Any, params: Mapping[str, Any]) -> Mark:  # noqa: ARG002
        """Mark a well-typed answer against the key (all or nothing unless overridden)."""
        if given == key:
            return Mark(earned=Fraction(1), status=Status.RIGHT, reason="right")
        return Mark.zero(Status.WRONG, f"wrong: you answered {_show(_plain(given))}, "
                         f"the right answer is {_show(_plain(key))}")

    def mark(self, params: Mapping[str, Any], given: object) -> Mark:
        """Mark an answer: unanswered, wrong type, wrong, partly or all right, with the rule."""
        self.check_params(params)
        explanation = self.explain(params)
        if given is None:
            return Mark.zero(Status.UNANSWERED, "no answer: `answer` is still None", explanation)
        try:
            value = self.answer.read(given)
        except WrongAnswerType as error:
            return Mark.zero(Status.INVALID, f"wrong type of answer: {error}", explanation)
        mark = self.compare(value, self.answer.read(self.key(params)), params)
        return Mark(earned=mark.earned, status=mark.status, reason=mark.reason,
                    explanation=explanation, details=mark.details)


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        from bacara_teach.money import format_amount

        return format_amount(value)
    return value


KINDS: dict[str, QuestionKind] = {}
"""Every question kind, by name."""


def register_kind(kind: QuestionKind) -> QuestionKind:
    """Add a kind to :data:`KINDS` (its name must be new)."""
    if kind.name in KINDS:
        raise ValueError(f"question kind {kind.name!r} is already registered")
    KINDS[kind.name] = kind
    return kind


def get_kind(name: str) -> QuestionKind:
    """Look a question kind up by name.

    >>> get_kind("banco-cell").title
    "Banco's table, one cell"
    >>> get_kind("blackjack")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: unknown question kind 'blackjack': expected one of ...
    """
    from bacara_teach.exercises import bank  # noqa: F401 - registers the kinds

    try:
        return KINDS[name]
    except (KeyError, TypeError):
        raise NotationError(
            f"unknown question kind {name!r}: expected one of {', '.join(sorted(KINDS))}"
        ) from None


# -- parameters and drawing, shared by the kinds ----------------------------------------------------------------------


def param(params: Mapping[str, Any], name: str, kind: str) -> Any:
    """``params[name]``, or a :class:`NotationError` naming the kind and what is missing."""
    if not isinstance(params, Mapping):
        raise NotationError(f"invalid parameters {_show(params)} for a {kind} question: expected a dict")
    if name not in params:
        raise NotationError(
            f"invalid parameters {_show(dict(params))} for a {kind} question: {name!r} is missing"
        )
    return params[name]


def cards_param(params: Mapping[str, Any], name: str, kind: str) -> tuple[Card, ...]:
    """Read a card list parameter (notation text)."""
    text = param(params, name, kind)
    if not isinstance(text, str):
        raise NotationError(f"invalid {name} {_show(text)} for a {kind} question: expected cards as text")
    return parse_cards(text)


def int_param(params: Mapping[str, Any], name: str, kind: str, allowed: Iterable[int | None]) -> int | None:
    """Read a whole-number parameter that must be one of ``allowed``."""
    value = param(params, name, kind)
    options = list(allowed)
    if isinstance(value, bool) or value not in options:
        shown = ", ".join("None" if o is None else str(o) for o in options)
        raise NotationError(f"invalid {name} {_show(value)} for a {kind} question: expected one of {shown}")
    return value  # type: ignore[no-any-return]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in the notation the parameters use."""
    return format_cards(cards)


def distinct(rng: random.Random, count: int, draw: Any, *, tries: int = 2000) -> list[Any]:
    """``count`` different values of ``draw(rng)`` (compared as JSON-ready data)."""
    out: list[Any] = []
    for _ in range(tries):
        value = draw(rng)
        if value is not None and value not in out:
            out.append(value)
            if len(out) == count:
                return out
    raise IllegalAction(f"could not draw {count} different questions; ask for fewer")
