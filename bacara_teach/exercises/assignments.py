"""Named assignments and each student's own paper (variant).

An :class:`Assignment` is a list of :class:`Item` specs: a question kind, how
many questions of it, the points of each.  A :class:`Paper` is one student's
variant: the questions with their parameters drawn from a seed that is a
SHA-256 hash of (assignment, student id, item), so every student gets their
own cards and cells and a teacher can regenerate anyone's paper at any time.
Papers hold parameters only; answer keys are computed by the engine when
needed.

A paper is dealt in a language (``lang``: ``"en"`` or ``"es"``; ``None``, the
default language): the language words its notebook and feedback and is no part
of the seed, so the same student gets the same questions, cards and answers in
every language.

>>> paper = make_paper("third-card", "ana")
>>> paper == make_paper("third-card", "ana"), paper == make_paper("third-card", "bo")
(True, False)
>>> [q.qid for q in paper.questions][:3], paper.maximum
(['q1', 'q2', 'q3'], 25)
>>> make_paper("third-card", "ana", "es").questions == make_paper("third-card", "ana", "en").questions
True
>>> make_paper("third-card", "ana", "fr")
Traceback (most recent call last):
...
bacara_teach.errors.IllegalAction: unknown language 'fr': expected one of en, es
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from bacara_teach.exercises.questions import ParamsError, Question, get_kind
from bacara_teach.exercises.roster import check_student_id
from bacara_teach.i18n import pick, resolve_language

__all__ = [
    "ASSIGNMENTS",
    "VARIANT_SCHEME",
    "Assignment",
    "Item",
    "Paper",
    "get_assignment",
    "make_paper",
    "variant_seed",
]

VARIANT_SCHEME = "bacara_teach.exercises/v1"
"""Part of every variant seed: change it only to deal every paper anew."""


@dataclass(frozen=True, kw_only=True)
class Item:
    """``count`` questions of one ``kind``, each worth ``points``; ``options`` steer the drawing."""

    kind: str
    count: int = 1
    points: int = 1
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True, kw_only=True)
class Assignment:
    """A named list of question specs.

    ``title`` and ``intro`` are English; ``title_es`` and ``intro_es`` Spanish (left
    empty, the English text is used): :meth:`title_text` and :meth:`intro_text` pick one.
    """

    name: str
    title: str
    intro: str
    items: tuple[Item, ...]
    title_es: str = ""
    intro_es: str = ""

    def title_text(self, lang: str | None = None) -> str:
        """The title in ``lang``."""
        return pick(lang, en=self.title, es=self.title_es or self.title)

    def intro_text(self, lang: str | None = None) -> str:
        """The introduction in ``lang``."""
        return pick(lang, en=self.intro, es=self.intro_es or self.intro)

    @property
    def maximum(self) -> int:
        return sum(item.count * item.points for item in self.items)

    @property
    def question_count(self) -> int:
        return sum(item.count for item in self.items)


@dataclass(frozen=True, kw_only=True)
class Paper:
    """One student's variant of an assignment, in a language.

    ``lang`` is checked when the paper is made (an unknown language is refused,
    naming the valid ones; left empty, it is the default language).  It words the
    paper only: questions, points and keys never depend on it.
    """

    assignment: Assignment
    student_id: str
    questions: tuple[Question, ...]
    lang: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "lang", resolve_language(self.lang or None))

    @property
    def maximum(self) -> int:
        return sum(q.points for q in self.questions)

    def question(self, qid: str) -> Question:
        for q in self.questions:
            if q.qid == qid:
                return q
        qids = ", ".join(self.qids)
        raise ParamsError(en=f"no question {qid!r} on this paper: it has {qids}",
                          es=f"no hay ninguna pregunta {qid!r} en este examen: tiene {qids}")

    @property
    def qids(self) -> tuple[str, ...]:
        return tuple(q.qid for q in self.questions)

    def key(self) -> dict[str, Any]:
        """The answer key, computed now by the engine (never stored in the paper)."""
        return {q.qid: q.question_kind.key(q.params) for q in self.questions}


def variant_seed(assignment: str, student_id: str, item: int) -> int:
    """The seed of one item of one student's paper: 64 bits of SHA-256.

    >>> variant_seed("third-card", "ana", 0) == variant_seed("third-card", "ana", 0)
    True
    >>> variant_seed("third-card", "ana", 0) != variant_seed("third-card", "ana", 1)
    True
    """
    text = f"{VARIANT_SCHEME}\n{assignment}\n{student_id}\n{item}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def make_paper(assignment: str | Assignment, student_id: str, lang: str | None = None) -> Paper:
    """Deal ``student_id``'s paper of ``assignment`` (same inputs, same paper, on every machine).

    ``lang`` is the paper's language (``None``: the default language); it changes no question.
    """
    code = resolve_language(lang)
    spec = assignment if isinstance(assignment, Assignment) else get_assignment(assignment)
    check_student_id(student_id)
    questions: list[Question] = []
    for index, item in enumerate(spec.items):
        kind = get_kind(item.kind)
        rng = random.Random(variant_seed(spec.name, student_id, index))
        for params in kind.generate(rng, item.count, item.options):
            questions.append(Question(qid=f"q{len(questions) + 1}", kind=kind.name, points=item.points,
                                      params=params))
    return Paper(assignment=spec, student_id=student_id, questions=tuple(questions), lang=code)


_INTRO_COMMON = (
    "Each question has an answer cell: replace `None` with your answer and keep the start of "
    "the line (`answer_q1 = ...` for question 1) as it is (only that value is read, as plain "
    "data). Run the SELF-CHECK cell under it: on a practice paper it marks your answer and "
    "explains the rule; on a graded paper it only says whether your answer can be read."
)

_INTRO_COMMON_ES = (
    "Cada pregunta tiene una celda de respuesta: sustituya `None` por su respuesta y deje el "
    "comienzo de la línea (`answer_q1 = ...` en la pregunta 1) tal como está (solo se lee ese "
    "valor, como dato). Ejecute la celda AUTOCOMPROBACIÓN que tiene debajo: en una hoja de "
    "práctica corrige su respuesta y explica la regla; en una hoja con nota solo dice si su "
    "respuesta se puede leer."
)

_ASSIGNMENTS: dict[str, Assignment] = {}


def _add(assignment: Assignment) -> None:
    _ASSIGNMENTS[assignment.name] = assignment


_add(Assignment(
    name="scoring",
    title="Scoring a hand",
    intro="Count the total of baccarat hands. " + _INTRO_COMMON,
    title_es="Contar una mano",
    intro_es="Cuente el total de manos de baccarat. " + _INTRO_COMMON_ES,
    items=(Item(kind="score", count=8),),
))
_add(Assignment(
    name="third-card",
    title="The third-card rules",
    intro=("Punto's rule, Banco's table cell by cell, Banco's decision from dealt cards, whole "
           "coups, and a program that plays a coup. " + _INTRO_COMMON),
    title_es="Las reglas de la tercera carta",
    intro_es=("La regla de Punto, la tabla de Banco casilla a casilla, la decisión de Banco a partir "
              "de las cartas repartidas, coups completos y un programa que juega un coup. "
              + _INTRO_COMMON_ES),
    items=(
        Item(kind="punto-rule", count=2),
        Item(kind="banco-cell", count=4),
        Item(kind="situation", count=3),
        Item(kind="coup", count=2, points=3),
        Item(kind="code-third-card", count=1, points=10),
    ),
))
_add(Assignment(
    name="settlement",
    title="Settling bets at the three tables",
    intro=("The net result of a bet on a dealt coup at the home table, the casino table and the "
           "online table: payouts, commission, ties and pairs. " + _INTRO_COMMON),
    title_es="Liquidar apuestas en las tres mesas",
    intro_es=("El resultado neto de una apuesta en un coup repartido en la mesa de casa, la del "
              "casino y la mesa en línea: pagos, comisión, empates y parejas. " + _INTRO_COMMON_ES),
    items=(
        Item(kind="settlement", count=2, points=2, options={"table": "home"}),
        Item(kind="settlement", count=2, points=2, options={"table": "casino"}),
        Item(kind="settlement", count=2, points=2, options={"table": "online"}),
    ),
))
_add(Assignment(
    name="chemin-de-fer",
    title="Chemin de Fer: decisions, information and money",
    intro=("Which cells of Chemin de Fer's tableau are forced and which are free, who sees what "
           "and when, and how the bank's money moves. " + _INTRO_COMMON),
    title_es="Chemin de Fer: decisiones, información y dinero",
    intro_es=("Qué casillas de la tabla de Chemin de Fer son obligadas y cuáles libres, quién ve "
              "qué y cuándo, y cómo se mueve el dinero de la banca. " + _INTRO_COMMON_ES),
    items=(
        Item(kind="cdf-cell", count=4),
        Item(kind="cdf-order", count=1, points=2),
        Item(kind="cdf-money", count=3),
    ),
))

ASSIGNMENTS: Mapping[str, Assignment] = MappingProxyType(_ASSIGNMENTS)
"""Every assignment, by name."""


def get_assignment(name: str) -> Assignment:
    """Look an assignment up by name.

    >>> get_assignment("third-card").title
    'The third-card rules'
    >>> get_assignment("third-card").title_text("es")
    'Las reglas de la tercera carta'
    >>> get_assignment("poker")
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.questions.ParamsError: unknown assignment 'poker': expected one of scoring, third-card, settlement, chemin-de-fer
    """
    try:
        return ASSIGNMENTS[name]
    except (KeyError, TypeError):
        names = ", ".join(ASSIGNMENTS)
        raise ParamsError(en=f"unknown assignment {name!r}: expected one of {names}",
                          es=f"tarea desconocida {name!r}: se esperaba una de {names}") from None
