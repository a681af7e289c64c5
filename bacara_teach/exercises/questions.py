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

Every text a kind or a type produces (prompt, rule, feedback, refusal) takes
``lang`` (a language of the package, ``"en"`` or ``"es"``; ``None``:
:func:`bacara_teach.i18n.default_language`); every text is a message of
:mod:`bacara_teach.text`, and an error carries its message in every language.
The language changes the words only: parameters, answer keys and the marks
(points) are the same in every language, and an answer is read the same way
whatever the language asked for (the Spanish words of a fixed list, such as
``"robar"``, are accepted in English too).

>>> DRAW_OR_STAND.read(" Draw "), DRAW_OR_STAND.read("Plantarse")
('draw', 'stand')
>>> TOTAL.read(12)
Traceback (most recent call last):
...
bacara_teach.exercises.questions.WrongAnswerType: 12 is not a total: expected a whole number from 0 to 9
>>> try:
...     TOTAL.read(12)
... except WrongAnswerType as error:
...     print(error.text("es"))
12 no es un total: se esperaba un número entero del 0 al 9
"""

from __future__ import annotations

import abc
import random
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

from bacara_teach.cards import Card, format_cards, parse_cards
from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.exercises.wording import Wording
from bacara_teach.i18n import resolve_language
from bacara_teach.text import (
    SOURCE_LANGUAGE,
    Message,
    format_number,
    language_codes,
    message,
    pmessage,
    tr,
    typed_words,
)

__all__ = [
    "AMOUNT",
    "DRAW_OR_STAND",
    "KINDS",
    "TOTAL",
    "AnswerType",
    "CoupResultAnswer",
    "Mark",
    "ParamsError",
    "Question",
    "QuestionKind",
    "Status",
    "WordAnswer",
    "Wording",
    "WrongAnswerType",
    "error_text",
    "get_kind",
    "register_kind",
    "status_count",
    "status_label",
]


class WrongAnswerType(NotationError):
    """An answer that is not of the type the question asks for (its message in every language)."""


class ParamsError(NotationError):
    """Invalid parameters (a changed SELF-CHECK cell, a bad paper).

    It carries its :class:`~bacara_teach.text.Message`: ``str()`` is the English text,
    :func:`error_text` (or :meth:`~bacara_teach.errors.BacaraError.text`) any language's.
    """


def error_text(error: BaseException, lang: str | None = None) -> str:
    """An error's message in ``lang`` when the error carries one (else its own text).

    >>> error_text(ParamsError(message("unknown assignment {name}: expected one of {names}",
    ...                                name="'poker'", names="scoring")), "es")
    "tarea desconocida 'poker': se esperaba una de scoring"
    >>> error_text(ValueError("plain"), "es")
    'plain'
    """
    if isinstance(error, BacaraError):
        return error.text(lang)
    return str(error)


class Status:
    """How a question came out (the words used in feedback and gradebooks).

    The values are identifiers, the same in every language; :func:`status_label`
    words them.
    """

    RIGHT = "right"
    PARTLY = "partly right"
    WRONG = "wrong"
    UNANSWERED = "unanswered"
    INVALID = "invalid"
    """The answer could not be read, or is of the wrong type."""
    ERROR = "error"
    """A program answer that failed to run (exception, time limit, crash)."""


_STATUS_WORDS: dict[str, tuple[Message, Message]] = {
    Status.RIGHT: (pmessage("an answer's status", "right"),
                   pmessage("several answers' status", "right")),
    Status.PARTLY: (pmessage("an answer's status", "partly right"),
                    pmessage("several answers' status", "partly right")),
    Status.WRONG: (pmessage("an answer's status", "wrong"),
                   pmessage("several answers' status", "wrong")),
    Status.UNANSWERED: (pmessage("an answer's status", "unanswered"),
                        pmessage("several answers' status", "unanswered")),
    Status.INVALID: (pmessage("an answer's status", "invalid"),
                     pmessage("several answers' status", "invalid")),
    Status.ERROR: (pmessage("an answer's status", "error"),
                   pmessage("several answers' status", "error")),
}
"""How each status reads of one answer and of several (Spanish agrees in number)."""


def status_label(status: str, lang: str | None = None, *, count: int = 1) -> str:
    """A status in words (``count`` answers have it: Spanish agrees in number).

    >>> status_label(Status.PARTLY), status_label(Status.WRONG, "es", count=2)
    ('partly right', 'incorrectas')
    """
    words = _STATUS_WORDS.get(status)
    if words is None:
        return status
    return words[0 if count == 1 else 1].render(lang)


def status_count(status: str, count: int, lang: str | None = None) -> str:
    """``count`` answers with ``status``, in words: ``2 wrong``, ``1 correcta``.

    >>> status_count(Status.RIGHT, 3), status_count(Status.RIGHT, 1, "es")
    ('3 right', '1 correcta')
    """
    code = resolve_language(lang)
    return f"{format_number(count, '', code)} {status_label(status, code, count=count)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Mark:
    """The marking of one answer.

    ``earned`` is the share of the question's points earned, from 0 to 1,
    exactly; ``reason`` one line saying why; ``explanation`` the rule behind
    the right answer (Markdown), and ``details`` the individual failures of a
    program answer.  The texts are in the language the mark was asked in;
    ``earned`` and ``status`` never depend on it.
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


def _or(quoted: Sequence[str], lang: str) -> str:
    if len(quoted) == 1:
        return quoted[0]
    return tr("{items} or {last}", lang, items=", ".join(quoted[:-1]), last=quoted[-1])


class AnswerType(abc.ABC):
    """What an answer must look like, and how to read it."""

    @abc.abstractmethod
    def expected_text(self, lang: str | None = None) -> str:
        """In words, for prompts and messages: ``"draw" or "stand"``."""

    @property
    def expected(self) -> str:
        """:meth:`expected_text` in the default language."""
        return self.expected_text()

    @abc.abstractmethod
    def read(self, value: object, lang: str | None = None) -> Any:
        """The answer normalised, or :class:`WrongAnswerType` naming what is expected.

        The refusal carries its message in every language (``lang`` is kept for callers
        that name one): what is accepted is the same in every language.
        """

    def refuse(self, value: object, what: Message) -> WrongAnswerType:
        """The refusal of ``value``: it is not ``what``, and what is expected instead."""
        return WrongAnswerType(message("{value} is not {what}: expected {expected}",
                                       value=_show(value), what=what,
                                       expected=Wording(self.expected_text)))

    def shown(self, value: Any, lang: str | None = None) -> Any:  # noqa: ARG002 - words only
        """A read value as feedback and keys show it in ``lang`` (the value itself by default)."""
        return _plain(value)


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def fold_word(text: str) -> str:
    """A typed word as it is compared: letter case, accents, full-width forms, spaces and the
    quotes or full stop around it forgiven.

    >>> fold_word("  Se  PLANTA. "), fold_word("Plántarse"), fold_word("ＤＲＡＷ")
    ('se planta', 'plantarse', 'draw')
    """
    text = unicodedata.normalize("NFKC", text)
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(text.strip().strip("\"'.!¡?¿«»“”‘’").lower().split())


class WordAnswer(AnswerType):
    """One word from a fixed list, typed loosely (:func:`fold_word`); ``aliases`` map other words onto them.

    ``labels`` give a word's rendering in each language (a message): it is how feedback
    shows the word, and its rendering in every language of the package is accepted as an
    answer in every language (as are ``aliases``, and the words each catalogue lists for a
    word in ``typed``: :func:`bacara_teach.text.typed_words`).

    >>> WordAnswer(("punto", "banco", "empate"), aliases={"tie": "empate"}).read("Tie")
    'empate'
    >>> DRAW_OR_STAND.read(" STAND. "), DRAW_OR_STAND.read("Se planta"), DRAW_OR_STAND.read("robar")
    ('stand', 'stand', 'draw')
    >>> WordAnswer(("draw", "stand")).read("hit")
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.WrongAnswerType: 'hit' is not one of the words asked for: expected "draw" or "stand"
    >>> try:
    ...     DRAW_OR_STAND.read("hit")
    ... except WrongAnswerType as error:
    ...     print(error.text("es"))
    'hit' no es una de las palabras pedidas: se esperaba "robar" o "plantarse" (o en inglés "draw" o "stand")
    """

    def __init__(self, words: Sequence[str], *, aliases: Mapping[str, str] | None = None,
                 labels: Mapping[str, Message] | None = None,
                 typed: Mapping[str, Message] | None = None) -> None:
        self.words = tuple(words)
        self.labels = dict(labels or {})
        self.aliases = dict(aliases or {})
        self.typed = dict(typed or {})
        self._forms: dict[str, str] | None = None

    def label(self, word: str, lang: str | None = None) -> str:
        """How ``word`` reads in ``lang`` (the word itself when it has no label)."""
        found = self.labels.get(word)
        return word if found is None else found.render(lang)

    def forms(self) -> dict[str, str]:
        """Every accepted form, folded, and the word it reads as (the same in every language)."""
        if self._forms is None:
            forms = {fold_word(w): w for w in self.words}
            for code in language_codes():
                forms.update({fold_word(self.label(w, code)): w for w in self.words})
            forms.update({fold_word(a): w for a, w in self.aliases.items()})
            forms.update({fold_word(t): w for w, words in self.typed.items()
                          for t in typed_words(words)})
            self._forms = forms
        return self._forms

    def expected_text(self, lang: str | None = None) -> str:
        code = resolve_language(lang)
        english = _or([f'"{w}"' for w in self.words], code)
        if code == SOURCE_LANGUAGE:
            return english
        local = _or([f'"{self.label(w, code)}"' for w in self.words], code)
        if local == english:
            return english
        return tr("{words} (or in English {english})", code, words=local, english=english)

    def read(self, value: object, lang: str | None = None) -> str:  # noqa: ARG002 - see AnswerType
        if not isinstance(value, str):
            raise self.refuse(value, message("a word in quotes"))
        folded = fold_word(value)
        word = self.forms().get(folded, folded)
        if word not in self.words:
            raise self.refuse(value, message("one of the words asked for"))
        return word

    def shown(self, value: Any, lang: str | None = None) -> Any:
        if isinstance(value, str) and value in self.labels:
            return self.label(value, lang)
        return value


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
                 noun: Message | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.noun = noun if noun is not None else message("a whole number")

    def expected_text(self, lang: str | None = None) -> str:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return tr("a whole number from {low} to {high}", lang, low=low, high=high)
        if low is not None:
            return tr("a whole number (no quotes), {low} or more", lang, low=low)
        return tr("a whole number (no quotes)", lang)

    def read(self, value: object, lang: str | None = None) -> int:  # noqa: ARG002 - see AnswerType
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.refuse(value, self.noun)
        if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum):
            raise self.refuse(value, self.noun)
        return value


class AmountAnswer(AnswerType):
    """An amount of money, exact: a decimal string such as ``"-20"`` or ``"4.75"`` (an int is fine).

    Floats are refused: ``0.95`` typed as a float is not exact.  The amount is written
    as Python reads it (a full stop before the decimals) in every language.

    >>> AMOUNT.read("4.750"), AMOUNT.read(-20), AMOUNT.read("+19")
    (Decimal('4.75'), Decimal('-20'), Decimal('19'))
    >>> AMOUNT.read(4.75)
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.WrongAnswerType: 4.75 is not an exact amount: expected an amount written as a string, e.g. "-20" or "4.75" (a whole number may be given without quotes)
    """

    def expected_text(self, lang: str | None = None) -> str:
        return tr('an amount written as a string, e.g. "-20" or "4.75" (a whole number may be '
                  'given without quotes)', lang)

    def read(self, value: object, lang: str | None = None) -> Decimal:  # noqa: ARG002
        from bacara_teach.money import parse_amount

        if isinstance(value, bool) or not isinstance(value, int | str):
            raise self.refuse(value, message("an exact amount"))
        try:
            return parse_amount(value)
        except NotationError:
            raise self.refuse(value, message("an amount")) from None


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

    def expected_text(self, lang: str | None = None) -> str:
        return tr('a dict {{"winner": {winner}, "punto": Punto\'s final total, '
                  '"banco": Banco\'s final total}}', lang, winner=self.winner.expected_text(lang))

    def read(self, value: object, lang: str | None = None) -> dict[str, Any]:  # noqa: ARG002
        if not isinstance(value, dict) or set(value) != set(self.KEYS):
            raise self.refuse(value, message("a coup's result"))
        try:
            return {"winner": self.winner.read(value["winner"]),
                    "punto": TOTAL.read(value["punto"]), "banco": TOTAL.read(value["banco"])}
        except WrongAnswerType:
            raise self.refuse(value, message("a coup's result")) from None


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

    def expected_text(self, lang: str | None = None) -> str:
        return tr("a list of the letters {letters}, each once, e.g. [{example}]", lang,
                  letters=", ".join(self.letters),
                  example=", ".join(f'"{x}"' for x in self.letters))

    def read(self, value: object, lang: str | None = None) -> list[str]:  # noqa: ARG002
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise self.refuse(value, message("an ordering of the letters"))
        letters = [v.strip().lower() for v in value]
        if sorted(letters) != sorted(self.letters):
            raise self.refuse(value, message("an ordering of the letters"))
        return letters


DRAW_OR_STAND = WordAnswer(("draw", "stand"),
                           labels={"draw": pmessage("an answer", "draw"),
                                   "stand": pmessage("an answer", "stand")},
                           typed={"draw": pmessage("typed words", "draw"),
                                  "stand": pmessage("typed words", "stand")})
"""Does the hand draw a third card?"""
TOTAL = WholeAnswer(minimum=0, maximum=9, noun=message("a total"))
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

    Subclasses say how to draw parameters for a variant (:meth:`generate`, which
    never depends on a language), how to ask (:meth:`prompt`), the answer key
    (:meth:`key`, computed by the engine) and the rule behind it (:meth:`explain`).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    """The kind's name for people, in English, marked with ``N_`` (:meth:`title_text` in any
    language)."""
    answer: ClassVar[AnswerType]
    placeholder: ClassVar[str] = "None"
    """What the answer cell starts with (``answer = None``)."""
    is_program: ClassVar[bool] = False

    def title_text(self, lang: str | None = None) -> str:
        """The kind's name for people in ``lang``."""
        return tr(self.title, lang)

    def placeholder_text(self, lang: str | None = None) -> str:  # noqa: ARG002 - no words
        """What the answer cell starts with, in ``lang``."""
        return self.placeholder

    @abc.abstractmethod
    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        """``count`` different parameter sets for one paper, drawn with ``rng``."""

    @abc.abstractmethod
    def check_params(self, params: Mapping[str, Any]) -> None:
        """Raise :class:`NotationError` (quoting them) unless ``params`` are valid."""

    @abc.abstractmethod
    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        """The question, in Markdown."""

    @abc.abstractmethod
    def key(self, params: Mapping[str, Any]) -> Any:
        """The right answer, computed by the engine (a JSON-ready value, the same in every language)."""

    @abc.abstractmethod
    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        """The rule that gives the right answer, in words read from the engine's data."""

    def key_text(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        """The answer key as a teacher reads it (and as an answer cell would hold it)."""
        return repr(self.answer.shown(self.key(params), lang))

    def options_text(self, options: Mapping[str, Any], lang: str | None = None) -> str:  # noqa: ARG002
        """What an item's ``options`` add to the kind's title (``""``: none), e.g. which table."""
        return ", ".join(f"{name} {value}" for name, value in sorted(options.items()))

    def answer_comment(self, lang: str | None = None) -> str:
        """The comment on the answer line: what to write."""
        return self.answer.expected_text(lang)

    def compare(self, given: Any, key: Any, params: Mapping[str, Any],  # noqa: ARG002
                lang: str | None = None) -> Mark:
        """Mark a well-typed answer against the key (all or nothing unless overridden)."""
        if given == key:
            return Mark(earned=Fraction(1), status=Status.RIGHT, reason=status_label(Status.RIGHT, lang))
        you, right = _show(self.answer.shown(given, lang)), _show(self.answer.shown(key, lang))
        return Mark.zero(Status.WRONG, tr("wrong: you answered {you}, the right answer is {right}",
                                          lang, you=you, right=right))

    def mark(self, params: Mapping[str, Any], given: object, lang: str | None = None) -> Mark:
        """Mark an answer: unanswered, wrong type, wrong, partly or all right, with the rule.

        ``lang`` words the mark; its points and status are the same in every language.
        """
        code = resolve_language(lang)
        self.check_params(params)
        explanation = self.explain(params, code)
        if given is None:
            return Mark.zero(Status.UNANSWERED, tr("no answer: the answer is still None", code),
                             explanation)
        try:
            value = self.answer.read(given, code)
        except WrongAnswerType as error:
            return Mark.zero(Status.INVALID, tr("wrong type of answer: {error}", code,
                                                error=error.message), explanation)
        mark = self.compare(value, self.answer.read(self.key(params)), params, code)
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
    >>> get_kind("banco-cell").title_text("es")
    'La tabla de Banco, una casilla'
    >>> get_kind("blackjack")
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.ParamsError: unknown question kind 'blackjack': expected one of ...
    """
    from bacara_teach.exercises import bank  # noqa: F401 - registers the kinds

    try:
        return KINDS[name]
    except (KeyError, TypeError):
        raise ParamsError(message("unknown question kind {name}: expected one of {names}",
                                  name=_show(name), names=", ".join(sorted(KINDS)))) from None


# -- parameters and drawing, shared by the kinds ----------------------------------------------------------------------


def invalid(kind: str, what: str, value: object, why: Message) -> ParamsError:
    """The error for a parameter ``what`` of a ``kind`` question: ``invalid <what> <value> ...: <why>``.

    >>> str(invalid("score", "cards", 7, message("expected cards as text")))
    'invalid cards 7 for a score question: expected cards as text'
    """
    return ParamsError(message("invalid {what} {value} for a {kind} question: {why}",
                               what=what, value=_show(value), kind=kind, why=why))


def invalid_params(kind: str, value: object, why: Message) -> ParamsError:
    """The error for the parameters of a ``kind`` question as a whole."""
    return ParamsError(message("invalid parameters {value} for a {kind} question: {why}",
                               value=_show(value), kind=kind, why=why))


def param(params: Mapping[str, Any], name: str, kind: str) -> Any:
    """``params[name]``, or a :class:`NotationError` naming the kind and what is missing."""
    if not isinstance(params, Mapping):
        raise invalid_params(kind, params, message("expected a dict"))
    if name not in params:
        raise invalid_params(kind, dict(params), message("{name!r} is missing", name=name))
    return params[name]


def cards_param(params: Mapping[str, Any], name: str, kind: str) -> tuple[Card, ...]:
    """Read a card list parameter (notation text).

    >>> cards_param({"cards": "4♥ 2♠ 9♣ A♦"}, "cards", "coup")[2]
    Card.parse('9♣')
    """
    text = param(params, name, kind)
    if not isinstance(text, str):
        raise invalid(kind, name, text, message("expected cards as text"))
    return _parsed_cards(text)


@lru_cache(maxsize=1024)
def _parsed_cards(text: str) -> tuple[Card, ...]:
    """The cards of a parameter's text (a question reads its cards to check, key, explain and
    mark them: each text is parsed once)."""
    return parse_cards(text)


def int_param(params: Mapping[str, Any], name: str, kind: str, allowed: Iterable[int | None]) -> int | None:
    """Read a whole-number parameter that must be one of ``allowed``."""
    value = param(params, name, kind)
    options = list(allowed)
    if isinstance(value, bool) or value not in options:
        shown = ", ".join("None" if o is None else str(o) for o in options)
        raise invalid(kind, name, value, message("expected one of {names}", names=shown))
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
    raise IllegalAction(message("could not draw {count} different questions; ask for fewer",
                                count=count))


def distinct_in_turn(rng: random.Random, draws: Sequence[Any], *, tries: int = 10_000) -> list[Any]:
    """One value of each ``draw(rng)`` of ``draws`` in turn, each different from those before.

    Where :func:`distinct` asks the same ``draw`` for ``count`` values, this gives each question
    of an item its own ``draw`` (a kind of coup, a kind of situation), tried until it yields a
    new value.

    >>> distinct_in_turn(random.Random(1), [lambda r: "a", lambda r: r.choice("ab")])
    ['a', 'b']
    """
    out: list[Any] = []
    for draw in draws:
        for _ in range(tries):
            value = draw(rng)
            if value is not None and value not in out:
                out.append(value)
                break
        else:
            raise IllegalAction(message("could not draw {count} different questions; ask for "
                                        "fewer", count=len(draws)))
    return out


def lang_code(lang: str | None) -> str:
    """``lang`` checked (``None``: the default language), as every text function reads it."""
    return resolve_language(lang)
