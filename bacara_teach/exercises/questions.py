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
``lang`` (``"en"`` or ``"es"``; ``None``: :func:`bacara_teach.i18n.default_language`).
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
>>> TOTAL.read(12, "es")
Traceback (most recent call last):
...
bacara_teach.exercises.questions.WrongAnswerType: 12 no es un total: se esperaba un número entero del 0 al 9
"""

from __future__ import annotations

import abc
import random
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar

from bacara_teach.cards import Card, format_cards, parse_cards
from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.i18n import pick, resolve_language

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
    "WrongAnswerType",
    "error_text",
    "get_kind",
    "register_kind",
    "status_label",
]


class WrongAnswerType(NotationError):
    """An answer that is not of the type the question asks for (worded in the language asked)."""


class ParamsError(NotationError):
    """Invalid parameters (a changed SELF-CHECK cell, a bad paper): the message in every language.

    ``str()`` is the English text; :func:`error_text` gives the one asked for.
    """

    def __init__(self, *, en: str, es: str) -> None:
        super().__init__(en)
        self.texts = {"en": en, "es": es}


def error_text(error: BaseException, lang: str | None = None) -> str:
    """An error's message in ``lang`` when the error carries one (else its own text).

    >>> error_text(ParamsError(en="bad", es="mal"), "es")
    'mal'
    """
    texts = getattr(error, "texts", None)
    code = resolve_language(lang)
    if isinstance(texts, dict) and isinstance(texts.get(code), str):
        return str(texts[code])
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


_STATUS_ES = {
    Status.RIGHT: ("correcta", "correctas"),
    Status.PARTLY: ("en parte correcta", "en parte correctas"),
    Status.WRONG: ("incorrecta", "incorrectas"),
    Status.UNANSWERED: ("sin responder", "sin responder"),
    Status.INVALID: ("no válida", "no válidas"),
    Status.ERROR: ("con error", "con error"),
}


def status_label(status: str, lang: str | None = None, *, count: int = 1) -> str:
    """A status in words (``count`` answers have it: Spanish agrees in number).

    >>> status_label(Status.PARTLY), status_label(Status.WRONG, "es", count=2)
    ('partly right', 'incorrectas')
    """
    if resolve_language(lang) == "en" or status not in _STATUS_ES:
        return status
    singular, plural = _STATUS_ES[status]
    return singular if count == 1 else plural


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
    word = pick(lang, en="or", es="o")
    return (", ".join(quoted[:-1]) + f" {word} " + quoted[-1]) if len(quoted) > 1 else quoted[0]


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

        ``lang`` words the refusal only: what is accepted is the same in every language.
        """

    def refuse(self, value: object, what: str, lang: str | None = None, *,
               what_es: str | None = None) -> WrongAnswerType:
        code = resolve_language(lang)
        if code == "es":
            return WrongAnswerType(f"{_show(value)} no es {what_es or what}: "
                                   f"se esperaba {self.expected_text(code)}")
        return WrongAnswerType(f"{_show(value)} is not {what}: expected {self.expected_text(code)}")

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

    ``spanish`` gives a word's Spanish rendering: it is how Spanish feedback shows the
    word, and it is accepted as an answer in every language (as are ``aliases``).

    >>> WordAnswer(("punto", "banco", "empate"), aliases={"tie": "empate"}).read("Tie")
    'empate'
    >>> DRAW_OR_STAND.read(" STAND. "), DRAW_OR_STAND.read("Se planta")
    ('stand', 'stand')
    >>> WordAnswer(("draw", "stand")).read("hit")
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.WrongAnswerType: 'hit' is not one of the words asked for: expected "draw" or "stand"
    >>> DRAW_OR_STAND.read("hit", "es")
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.WrongAnswerType: 'hit' no es una de las palabras pedidas: se esperaba "robar" o "plantarse" (o en inglés "draw" o "stand")
    """

    def __init__(self, words: Sequence[str], *, aliases: Mapping[str, str] | None = None,
                 spanish: Mapping[str, str] | None = None) -> None:
        self.words = tuple(words)
        self.spanish = {w: (spanish or {}).get(w, w) for w in self.words}
        self.aliases = {es: w for w, es in self.spanish.items() if es != w}
        self.aliases.update(aliases or {})

    def expected_text(self, lang: str | None = None) -> str:
        code = resolve_language(lang)
        english = _or([f'"{w}"' for w in self.words], code)
        if code == "en":
            return english
        spanish = _or([f'"{self.spanish[w]}"' for w in self.words], code)
        return spanish if spanish == english else f"{spanish} (o en inglés {english})"

    def read(self, value: object, lang: str | None = None) -> str:
        if not isinstance(value, str):
            raise self.refuse(value, "a word in quotes", lang, what_es="una palabra entre comillas")
        folded = fold_word(value)
        forms = {fold_word(w): w for w in self.words}
        forms.update({fold_word(a): w for a, w in self.aliases.items()})
        word = forms.get(folded, folded)
        if word not in self.words:
            raise self.refuse(value, "one of the words asked for", lang,
                              what_es="una de las palabras pedidas")
        return word

    def shown(self, value: Any, lang: str | None = None) -> Any:
        if resolve_language(lang) == "es" and isinstance(value, str):
            return self.spanish.get(value, value)
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
                 noun: str = "a whole number", noun_es: str = "un número entero") -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.noun = noun
        self.noun_es = noun_es

    def expected_text(self, lang: str | None = None) -> str:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return pick(lang, en=f"a whole number from {low} to {high}",
                        es=f"un número entero del {low} al {high}")
        if low is not None:
            return pick(lang, en=f"a whole number (no quotes), {low} or more",
                        es=f"un número entero (sin comillas), {low} o más")
        return pick(lang, en="a whole number (no quotes)", es="un número entero (sin comillas)")

    def read(self, value: object, lang: str | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.refuse(value, self.noun, lang, what_es=self.noun_es)
        if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum):
            raise self.refuse(value, self.noun, lang, what_es=self.noun_es)
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

    def expected_text(self, lang: str | None = None) -> str:
        return pick(
            lang,
            en='an amount written as a string, e.g. "-20" or "4.75" (a whole number may be given '
               'without quotes)',
            es='una cantidad escrita como texto entre comillas, p. ej. "-20" o "4.75" (un número '
               'entero puede ir sin comillas)')

    def read(self, value: object, lang: str | None = None) -> Decimal:
        from bacara_teach.money import parse_amount

        if isinstance(value, bool) or not isinstance(value, int | str):
            raise self.refuse(value, "an exact amount", lang, what_es="una cantidad exacta")
        try:
            return parse_amount(value)
        except NotationError:
            raise self.refuse(value, "an amount", lang, what_es="una cantidad") from None


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
        winner = self.winner.expected_text(lang)
        return pick(
            lang,
            en=f'a dict {{"winner": {winner}, "punto": Punto\'s final total, '
               '"banco": Banco\'s final total}',
            es=f'un dict {{"winner": {winner}, "punto": el total final de Punto, '
               '"banco": el total final de Banco}')

    def read(self, value: object, lang: str | None = None) -> dict[str, Any]:
        if not isinstance(value, dict) or set(value) != set(self.KEYS):
            raise self.refuse(value, "a coup's result", lang, what_es="el resultado de un coup")
        try:
            return {"winner": self.winner.read(value["winner"]),
                    "punto": TOTAL.read(value["punto"]), "banco": TOTAL.read(value["banco"])}
        except WrongAnswerType:
            raise self.refuse(value, "a coup's result", lang,
                              what_es="el resultado de un coup") from None


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
        listed = ", ".join(self.letters)
        example = ", ".join(f'"{x}"' for x in self.letters)
        return pick(lang, en=f"a list of the letters {listed}, each once, e.g. [{example}]",
                    es=f"una lista de las letras {listed}, cada una una sola vez, "
                       f"p. ej. [{example}]")

    def read(self, value: object, lang: str | None = None) -> list[str]:
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise self.refuse(value, "an ordering of the letters", lang,
                              what_es="un orden de las letras")
        letters = [v.strip().lower() for v in value]
        if sorted(letters) != sorted(self.letters):
            raise self.refuse(value, "an ordering of the letters", lang,
                              what_es="un orden de las letras")
        return letters


DRAW_OR_STAND = WordAnswer(("draw", "stand"), spanish={"draw": "robar", "stand": "plantarse"},
                           aliases={"roba": "draw", "se planta": "stand"})
"""Does the hand draw a third card?"""
TOTAL = WholeAnswer(minimum=0, maximum=9, noun="a total", noun_es="un total")
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
    """The kind's name for people, in English (:meth:`title_text` in any language)."""
    title_es: ClassVar[str]
    answer: ClassVar[AnswerType]
    placeholder: ClassVar[str] = "None"
    """What the answer cell starts with (``answer = None``)."""
    is_program: ClassVar[bool] = False

    def title_text(self, lang: str | None = None) -> str:
        """The kind's name for people in ``lang``."""
        return pick(lang, en=self.title, es=self.title_es)

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
        return Mark.zero(Status.WRONG, pick(
            lang, en=f"wrong: you answered {you}, the right answer is {right}",
            es=f"incorrecta: respondió {you}, la respuesta correcta es {right}"))

    def mark(self, params: Mapping[str, Any], given: object, lang: str | None = None) -> Mark:
        """Mark an answer: unanswered, wrong type, wrong, partly or all right, with the rule.

        ``lang`` words the mark; its points and status are the same in every language.
        """
        code = resolve_language(lang)
        self.check_params(params)
        explanation = self.explain(params, code)
        if given is None:
            return Mark.zero(Status.UNANSWERED, pick(
                code, en="no answer: the answer is still None",
                es="sin respuesta: la respuesta sigue siendo None"), explanation)
        try:
            value = self.answer.read(given, code)
        except WrongAnswerType as error:
            return Mark.zero(Status.INVALID, pick(
                code, en=f"wrong type of answer: {error}",
                es=f"la respuesta no es del tipo pedido: {error}"), explanation)
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
        shown = ", ".join(sorted(KINDS))
        raise ParamsError(
            en=f"unknown question kind {_show(name)}: expected one of {shown}",
            es=f"tipo de pregunta desconocido {_show(name)}: se esperaba uno de {shown}",
        ) from None


# -- parameters and drawing, shared by the kinds ----------------------------------------------------------------------


def invalid(kind: str, what: str, value: object, *, en: str, es: str,
            what_es: str | None = None) -> ParamsError:
    """The error for a parameter of a ``kind`` question: ``invalid <what> <value> ...: <en>``.

    ``what_es`` is the Spanish head (``<what> no válido`` when left out).
    """
    shown = _show(value)
    return ParamsError(en=f"invalid {what} {shown} for a {kind} question: {en}",
                       es=f"{what_es or what + ' no válido'} {shown} en una pregunta {kind}: {es}")


def param(params: Mapping[str, Any], name: str, kind: str) -> Any:
    """``params[name]``, or a :class:`NotationError` naming the kind and what is missing."""
    if not isinstance(params, Mapping):
        raise invalid(kind, "parameters", params, en="expected a dict", es="se esperaba un dict",
                      what_es="parámetros no válidos")
    if name not in params:
        raise invalid(kind, "parameters", dict(params), en=f"{name!r} is missing",
                      es=f"falta {name!r}", what_es="parámetros no válidos")
    return params[name]


def cards_param(params: Mapping[str, Any], name: str, kind: str) -> tuple[Card, ...]:
    """Read a card list parameter (notation text)."""
    text = param(params, name, kind)
    if not isinstance(text, str):
        raise invalid(kind, name, text, en="expected cards as text",
                      es="se esperaban cartas escritas como texto")
    return parse_cards(text)


def int_param(params: Mapping[str, Any], name: str, kind: str, allowed: Iterable[int | None]) -> int | None:
    """Read a whole-number parameter that must be one of ``allowed``."""
    value = param(params, name, kind)
    options = list(allowed)
    if isinstance(value, bool) or value not in options:
        shown = ", ".join("None" if o is None else str(o) for o in options)
        raise invalid(kind, name, value, en=f"expected one of {shown}",
                      es=f"se esperaba uno de {shown}")
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


def lang_code(lang: str | None) -> str:
    """``lang`` checked (``None``: the default language), as every text function reads it."""
    return resolve_language(lang)
