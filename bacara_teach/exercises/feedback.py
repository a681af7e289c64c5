"""Feedback: the SELF-CHECK a student runs, and the written feedback of a graded paper.

:func:`self_check` recomputes the right answer with the engine and, when the
answer is wrong, explains the rule behind it (the tableau row and cell, in
the words of :mod:`bacara_teach.narration`).  It returns a
:class:`Feedback`, which a notebook shows as Markdown; it never raises for
anything the student typed.

>>> print(self_check("banco-cell", {"total": 3, "third": 8}, "draw"))
SELF-CHECK (not graded): wrong - wrong: you answered 'draw', the right answer is 'stand'
Banco's table, row 3, column 8: on 3 Banco draws against 0–7 and 9, stands against 8. Punto's third card counts 8, so Banco stands.
>>> print(self_check("score", {"cards": "7♠ 8♦"}, 5))
SELF-CHECK (not graded): right

Everything is worded in ``lang`` (``None``: the default language, so a notebook run with
``BACARA_LANG=es`` answers in Spanish); the mark itself never depends on it.

>>> print(self_check("banco-cell", {"total": 3, "third": 8}, "robar", lang="es"))
AUTOCOMPROBACIÓN (sin nota): incorrecta - incorrecta: respondió 'robar', la respuesta correcta es 'plantarse'
Tabla de Banco, fila 3, columna 8: con 3, Banco roba ante 0–7 y 9, se planta ante 8. La tercera carta de Punto vale 8, así que Banco se planta.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bacara_teach.errors import BacaraError
from bacara_teach.exercises.questions import (
    Mark,
    QuestionKind,
    Status,
    WrongAnswerType,
    error_text,
    get_kind,
    lang_code,
    status_label,
)
from bacara_teach.i18n import default_language
from bacara_teach.text import format_number, tr

if TYPE_CHECKING:
    from bacara_teach.exercises.grading import SubmissionGrade

__all__ = ["Feedback", "FormCheck", "check_answer", "code_fence", "self_check", "submission_feedback"]



@dataclass(frozen=True)
class Feedback:
    """The result of a self-check: the mark and the rule behind the answer, in ``lang``."""

    kind: str
    mark: Mark
    lang: str | None = None
    """The language of the words around the mark (``None``: the default language)."""

    @property
    def right(self) -> bool:
        return self.mark.status == Status.RIGHT

    def _head(self) -> str:
        code = lang_code(self.lang)
        label = tr("SELF-CHECK (not graded)", code)
        status = status_label(self.mark.status, code)
        if self.right or self.mark.reason in (self.mark.status, status):
            return f"{label}: {status}"
        return f"{label}: {status} - {self.mark.reason}"

    def __str__(self) -> str:
        lines = [self._head()]
        if not self.right:
            if self.mark.explanation:
                lines.append(self.mark.explanation.replace("**", ""))
            lines.extend(self.mark.details)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        lines = [f"**{self._head()}**"]
        if not self.right:
            if self.mark.explanation:
                lines += ["", self.mark.explanation]
            lines += ["", *(f"- {d}" for d in self.mark.details)] if self.mark.details else []
        return "\n".join(lines)


def self_check(kind: str, params: dict[str, Any], answer: Any, lang: str | None = None, *,
               reveal: bool = False) -> Feedback:
    """Check ``answer`` to a question of ``kind`` with ``params`` (as written in the SELF-CHECK cell).

    For a program question, ``answer`` is the namespace holding the functions
    (``globals()``).  Nothing is graded here: this is the student's own check.
    ``lang`` words it (``None``: the default language); a language that is not one
    of the package's is reported like any other changed cell, in the default language.

    An unanswered question (``None``) shows nothing of its answer: seeing the right
    answer without answering takes ``reveal=True``.

    >>> print(self_check("punto-rule", {"total": 5}, None))
    SELF-CHECK (not graded): unanswered - no answer yet: write yours and run this cell again (reveal=True shows the right answer without answering)
    >>> print(self_check("punto-rule", {"total": 5}, None, reveal=True))
    SELF-CHECK (not graded): unanswered - the right answer is 'draw'
    Punto's rule: Punto draws on 0–5 and stands on 6–7 (8 and 9 are naturals). On 5 Punto draws.
    """
    try:
        code = lang_code(lang)
    except BacaraError as error:
        code = default_language()
        mark = Mark.zero(Status.INVALID, tr(
            "this self-check cell was changed and cannot run: {error}", code, error=error.message))
        return Feedback(kind, mark, code)
    try:
        question_kind = get_kind(kind)
        mark = question_kind.mark(params, answer, code)
        if mark.status == Status.UNANSWERED and answer is None:
            mark = _unanswered(question_kind, params, mark, code, reveal=reveal)
    except BacaraError as error:
        mark = Mark.zero(Status.INVALID, tr(
            "this self-check cell was changed and cannot run: {error}", code,
            error=error_text(error, code)))
    return Feedback(kind, mark, code)


def _unanswered(question_kind: QuestionKind, params: dict[str, Any], mark: Mark, code: str, *,
                reveal: bool) -> Mark:
    """An unanswered self-check: nothing of the answer, unless the student asked for it."""
    if not reveal:
        return Mark.zero(Status.UNANSWERED, tr(
            "no answer yet: write yours and run this cell again (reveal=True shows the right "
            "answer without answering)", code))
    key = question_kind.key_text(params, code)
    return Mark.zero(Status.UNANSWERED, tr("the right answer is {key}", code, key=key),
                     mark.explanation)


@dataclass(frozen=True)
class FormCheck:
    """The check of a graded paper: whether an answer can be read, never whether it is right.

    It is computed from the answer and the kind of question only (no parameters, no
    key), so it says the same for a right answer and a wrong one of the same form.
    """

    kind: str
    readable: bool
    message: str
    lang: str | None = None

    def __str__(self) -> str:
        return f"{_form_label(self.lang)}: {self.message}"

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        return f"**{_form_label(self.lang)}:** {self.message}"


def _form_label(lang: str | None) -> str:
    return tr("SELF-CHECK (graded paper)", lang_code(lang))


def check_answer(kind: str, answer: Any, lang: str | None = None) -> FormCheck:
    """Say whether ``answer`` has the form a ``kind`` question asks for (a graded paper's check).

    It never computes, shows or hints at the right answer: a right and a wrong answer of
    the same form get the same words.  For a program question ``answer`` is ``globals()``,
    and the check says whether the functions asked for are defined (it does not run them).

    >>> print(check_answer("banco-cell", "Stand"))
    SELF-CHECK (graded paper): your answer can be read ("draw" or "stand"); it is marked when the paper is graded
    >>> str(check_answer("banco-cell", "Draw")) == str(check_answer("banco-cell", "stand"))
    True
    >>> print(check_answer("score", "7"))
    SELF-CHECK (graded paper): not readable yet - '7' is not a total: expected a whole number from 0 to 9
    >>> print(check_answer("score", None, "es"))
    AUTOCOMPROBACIÓN (hoja con nota): todavía sin respuesta: escriba un número entero del 0 al 9 y vuelva a ejecutar esta celda
    """
    try:
        code = lang_code(lang)
    except BacaraError as error:
        code = default_language()
        return FormCheck(kind, False, tr("this check cell was changed and cannot run: {error}",
                                         code, error=error.message), code)
    try:
        question_kind = get_kind(kind)
    except BacaraError as error:
        return FormCheck(kind, False, tr("this check cell was changed and cannot run: {error}",
                                         code, error=error.message), code)
    expected = question_kind.answer.expected_text(code)
    if question_kind.is_program:
        from bacara_teach.exercises.kinds_coding import FUNCTIONS

        space = answer if isinstance(answer, Mapping) else {}
        missing = [name for name in FUNCTIONS if not callable(space.get(name))]
        if missing:
            names = ", ".join(missing)
            return FormCheck(kind, False, tr(
                "not defined yet: {names} (run the code cell first, then this one)", code,
                names=names), code)
        return FormCheck(kind, True, tr(
            "both functions are defined; they are run and marked when the paper is graded", code),
            code)
    if answer is None:
        return FormCheck(kind, False, tr(
            "no answer yet: write {expected} and run this cell again", code, expected=expected),
            code)
    try:
        question_kind.answer.read(answer, code)
    except WrongAnswerType as error:
        return FormCheck(kind, False, tr("not readable yet - {error}", code, error=error.message),
                         code)
    return FormCheck(kind, True, tr(
        "your answer can be read ({expected}); it is marked when the paper is graded", code,
        expected=expected), code)


def code_fence(text: str) -> str:
    """A Markdown code fence that ``text`` cannot close: longer than any run of backticks in it.

    >>> code_fence("answer_q1 = 'draw'"), code_fence("```"), code_fence("a ```` b")
    ('```', '````', '`````')
    """
    longest, run = 0, 0
    for char in text:
        run = run + 1 if char == "`" else 0
        longest = max(longest, run)
    return "`" * max(3, longest + 1)


def submission_feedback(grade: SubmissionGrade, lang: str | None = None) -> str:
    """A graded paper's feedback, in Markdown: the total, then each question with its reason and rule.

    The words around the marks are in ``lang`` (``None``: the language the paper was graded
    in, which is also the marks' own).
    """
    from bacara_teach.exercises.grading import points_text, submission_status

    code = grade.lang if lang is None else lang_code(lang)
    paper = grade.paper
    spec = paper.assignment
    student = grade.student.id
    total = f"{points_text(grade.total, code)} / {format_number(grade.maximum, '', code)}"
    status = submission_status(grade.status, code)
    lines = [tr("# {title}: feedback for {student}", code, title=spec.title_text(code),
                student=student), "",
             tr("**Total: {total}** ({status}: {reason})", code, total=total, status=status,
                reason=grade.reason), "",
             tr("Assignment `{name}`, paper of `{student}`.", code, name=spec.name,
                student=student), ""]
    words = {"notes": tr("Notes:", code),
             "yours": tr("Your answer:", code)}
    if grade.notes:
        lines += [words["notes"], *(f"- {note}" for note in grade.notes), ""]
    for number, item in enumerate(grade.grades, start=1):
        question, mark = item.question, item.mark
        kind = question.question_kind
        lines += [
            tr("## Question {number} ({qid}) · {points} / {most} · {status}", code, number=number,
               qid=question.qid, points=points_text(item.points, code), most=question.points,
               status=status_label(mark.status, code)),
            "",
            kind.prompt(question.params, code) if not kind.is_program else kind.title_text(code),
            "",
        ]
        if item.answer is not None:
            fence = code_fence(item.answer)
            lines += [words["yours"], "", f"{fence}python", item.answer, fence, ""]
        lines.append(tr("Marking: {reason}", code, reason=mark.reason))
        if mark.status != Status.RIGHT and mark.explanation:
            lines += ["", tr("The rule: {rule}", code, rule=mark.explanation)]
        if mark.details:
            lines += ["", *(f"- {detail}" for detail in mark.details)]
        lines.append("")
    return "\n".join(lines)
