"""Named assignments and each student's own paper (variant).

An :class:`Assignment` is a list of :class:`Item` specs: a question kind, how
many questions of it, the points of each.  A :class:`Paper` is one student's
variant: the questions with their parameters drawn from a seed of (assignment,
student id, item), so every student gets their own cards and cells.  A graded
paper's seed is keyed with the class secret (:mod:`.secret`): an HMAC-SHA256
under it, so only the teacher who holds the secret can deal anyone's paper again
and compute its key; the paper carries the secret's public check value only.
Without a secret (the practice papers, self-study) the seed is a SHA-256 hash of
the same text, the same on every machine.  Papers hold parameters only; answer
keys are computed by the engine when needed.

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
>>> secret = bytes(range(32))
>>> graded = make_paper("third-card", "ana", secret=secret)
>>> graded == make_paper("third-card", "ana", secret=secret), graded.questions == paper.questions
(True, False)
>>> graded.check == secret_check(secret), paper.check
(True, '')
>>> make_paper("third-card", "ana", "xx")
Traceback (most recent call last):
...
bacara_teach.errors.IllegalAction: unknown language 'xx': expected one of en, es...
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
from bacara_teach.exercises.secret import keyed_seed, secret_check
from bacara_teach.i18n import resolve_language
from bacara_teach.text import N_, message, tr

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

    ``title`` and ``intro`` are English messages (marked with ``N_``, so the catalogues hold
    them): :meth:`title_text` and :meth:`intro_text` render them in a language.  The intro is
    followed by the words every paper shares on how to answer.
    """

    name: str
    title: str
    intro: str
    items: tuple[Item, ...]

    def title_text(self, lang: str | None = None) -> str:
        """The title in ``lang``."""
        return tr(self.title, lang)

    def intro_text(self, lang: str | None = None) -> str:
        """The introduction in ``lang``, with the words on answering every paper shares."""
        return tr(self.intro, lang) + " " + tr(_INTRO_COMMON, lang)

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
    check: str = ""
    """The public check value of the class secret the paper was dealt with (``""``: none)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "lang", resolve_language(self.lang or None))

    @property
    def maximum(self) -> int:
        return sum(q.points for q in self.questions)

    def question(self, qid: str) -> Question:
        for q in self.questions:
            if q.qid == qid:
                return q
        raise ParamsError(message("no question {qid} on this paper: it has {qids}", qid=repr(qid),
                                  qids=", ".join(self.qids)))

    @property
    def qids(self) -> tuple[str, ...]:
        return tuple(q.qid for q in self.questions)

    def key(self) -> dict[str, Any]:
        """The answer key, computed now by the engine (never stored in the paper)."""
        return {q.qid: q.question_kind.key(q.params) for q in self.questions}


def variant_seed(assignment: str, student_id: str, item: int, secret: bytes | None = None) -> int:
    """The seed of one item of one student's paper: 64 bits of SHA-256, or of HMAC-SHA256
    under the class ``secret`` when there is one.

    >>> variant_seed("third-card", "ana", 0) == variant_seed("third-card", "ana", 0)
    True
    >>> variant_seed("third-card", "ana", 0) != variant_seed("third-card", "ana", 1)
    True
    >>> variant_seed("third-card", "ana", 0) != variant_seed("third-card", "ana", 0, bytes(32))
    True
    """
    text = f"{VARIANT_SCHEME}\n{assignment}\n{student_id}\n{item}"
    if secret is not None:
        return keyed_seed(secret, text)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def make_paper(assignment: str | Assignment, student_id: str, lang: str | None = None, *,
               secret: bytes | None = None) -> Paper:
    """Deal ``student_id``'s paper of ``assignment`` (same inputs, same paper, on every machine).

    ``lang`` is the paper's language (``None``: the default language); it changes no question.
    ``secret`` is the class secret of a graded paper (:mod:`.secret`); without it the paper is
    the public one every machine deals alike (the practice papers).
    """
    code = resolve_language(lang)
    spec = assignment if isinstance(assignment, Assignment) else get_assignment(assignment)
    check_student_id(student_id)
    questions: list[Question] = []
    for index, item in enumerate(spec.items):
        kind = get_kind(item.kind)
        rng = random.Random(variant_seed(spec.name, student_id, index, secret))
        for params in kind.generate(rng, item.count, item.options):
            questions.append(Question(qid=f"q{len(questions) + 1}", kind=kind.name, points=item.points,
                                      params=params))
    return Paper(assignment=spec, student_id=student_id, questions=tuple(questions), lang=code,
                 check="" if secret is None else secret_check(secret))


_INTRO_COMMON = N_(
    "Each question has an answer cell: replace `None` with your answer and keep the start of "
    "the line (`answer_q1 = ...` for question 1) as it is (only that value is read, as plain "
    "data). Run the SELF-CHECK cell under it: on a practice paper it marks your answer and "
    "explains the rule; on a graded paper it only says whether your answer can be read."
)

_ASSIGNMENTS: dict[str, Assignment] = {}


def _add(assignment: Assignment) -> None:
    _ASSIGNMENTS[assignment.name] = assignment


_add(Assignment(
    name="scoring",
    title=N_("Scoring a hand"),
    intro=N_("Count the total of baccarat hands."),
    items=(Item(kind="score", count=8),),
))
_add(Assignment(
    name="third-card",
    title=N_("The third-card rules"),
    intro=N_("Punto's rule, Banco's table cell by cell, Banco's decision from dealt cards, whole "
             "coups, and a program that plays a coup."),
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
    title=N_("Settling bets at the three tables"),
    intro=N_("The net result of a bet on a dealt coup at the home table, the casino table and the "
             "online table: payouts, commission, ties and pairs."),
    items=(
        Item(kind="settlement", count=2, points=2, options={"table": "home"}),
        Item(kind="settlement", count=2, points=2, options={"table": "casino"}),
        Item(kind="settlement", count=2, points=2, options={"table": "online"}),
    ),
))
_add(Assignment(
    name="chemin-de-fer",
    title=N_("Chemin de Fer: decisions, information and money"),
    intro=N_("Which cells of Chemin de Fer's tableau are forced and which are free, who sees what "
             "and when, and how the bank's money moves."),
    items=(
        Item(kind="cdf-cell", count=4),
        Item(kind="cdf-order", count=1, points=2),
        Item(kind="cdf-money", count=3),
    ),
))
_add(Assignment(
    name="more-tables",
    title=N_("Commission-free tables and Baccarat Banque"),
    intro=N_("The net result of a bet at the no-commission table and at EZ Baccarat (its Dragon 7 "
             "and Panda 8 too), the banker's free decision at Baccarat Banque, worth more or less "
             "to the bank, and settling a coup of Baccarat Banque."),
    items=(
        Item(kind="settlement", count=2, options={"table": "no-commission"}),
        Item(kind="settlement", count=3,
             options={"table": "ez", "categories": ("banco-3-card-7", "dragon-7", "panda-8")}),
        Item(kind="banque-decision", count=3),
        Item(kind="banque-settlement", count=2, points=2),
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
    bacara_teach.exercises.questions.ParamsError: unknown assignment 'poker': expected one of scoring, third-card, settlement, chemin-de-fer, more-tables
    """
    try:
        return ASSIGNMENTS[name]
    except (KeyError, TypeError):
        raise ParamsError(message("unknown assignment {name}: expected one of {names}", name=repr(name),
                                  names=", ".join(ASSIGNMENTS))) from None
