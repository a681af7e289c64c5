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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bacara_teach.errors import BacaraError
from bacara_teach.exercises.program_text import program_text
from bacara_teach.exercises.questions import (
    Mark,
    Status,
    error_text,
    get_kind,
    lang_code,
    status_label,
)
from bacara_teach.i18n import default_language, pick

if TYPE_CHECKING:
    from bacara_teach.exercises.grading import SubmissionGrade

__all__ = ["Feedback", "self_check", "submission_feedback"]

_LABEL = "SELF-CHECK (not graded)"
_LABEL_ES = "AUTOCOMPROBACIÓN (sin nota)"


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
        label = pick(code, en=_LABEL, es=_LABEL_ES)
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


def self_check(kind: str, params: dict[str, Any], answer: Any, lang: str | None = None) -> Feedback:
    """Check ``answer`` to a question of ``kind`` with ``params`` (as written in the SELF-CHECK cell).

    For a program question, ``answer`` is the namespace holding the functions
    (``globals()``).  Nothing is graded here: this is the student's own check.
    ``lang`` words it (``None``: the default language); a language that is not one
    of the package's is reported like any other changed cell, in the default language.
    """
    try:
        code = lang_code(lang)
    except BacaraError as error:
        code = default_language()
        mark = Mark.zero(Status.INVALID, pick(
            code, en=f"this self-check cell was changed and cannot run: {error}",
            es=f"esta celda de autocomprobación se cambió y no puede ejecutarse: {error}"))
        return Feedback(kind, mark, code)
    try:
        question_kind = get_kind(kind)
        mark = question_kind.mark(params, answer, code)
    except BacaraError as error:
        mark = Mark.zero(Status.INVALID, pick(
            code, en=f"this self-check cell was changed and cannot run: {error}",
            es="esta celda de autocomprobación se cambió y no puede ejecutarse: "
               f"{program_text(error_text(error, code), code)}"))
    return Feedback(kind, mark, code)


def submission_feedback(grade: SubmissionGrade, lang: str | None = None) -> str:
    """A graded paper's feedback, in Markdown: the total, then each question with its reason and rule.

    The words around the marks are in ``lang`` (``None``: the language the paper was graded
    in, which is also the marks' own).
    """
    from bacara_teach.exercises.grading import format_points, submission_status

    code = grade.lang if lang is None else lang_code(lang)
    paper = grade.paper
    spec = paper.assignment
    student = grade.student.id
    total = f"{format_points(grade.total)} / {grade.maximum}"
    status = submission_status(grade.status, code)
    if code == "es":
        lines = [f"# {spec.title_text(code)}: comentarios para {student}", "",
                 f"**Total: {total}** ({status}: {grade.reason})", "",
                 f"Tarea `{spec.name}`, hoja de `{student}`.", ""]
    else:
        lines = [f"# {spec.title_text(code)}: feedback for {student}", "",
                 f"**Total: {total}** ({status}: {grade.reason})", "",
                 f"Assignment `{spec.name}`, paper of `{student}`.", ""]
    words = {"notes": pick(code, en="Notes:", es="Notas:"),
             "question": pick(code, en="Question", es="Pregunta"),
             "yours": pick(code, en="Your answer:", es="Su respuesta:"),
             "marking": pick(code, en="Marking", es="Corrección"),
             "rule": pick(code, en="The rule", es="La regla")}
    if grade.notes:
        lines += [words["notes"], *(f"- {note}" for note in grade.notes), ""]
    for number, item in enumerate(grade.grades, start=1):
        question, mark = item.question, item.mark
        kind = question.question_kind
        lines += [
            f"## {words['question']} {number} ({question.qid}) · {format_points(item.points)} / "
            f"{question.points} · {status_label(mark.status, code)}",
            "",
            kind.prompt(question.params, code) if not kind.is_program else kind.title_text(code),
            "",
        ]
        if item.answer is not None:
            lines += [words["yours"], "", "```python", item.answer, "```", ""]
        lines.append(f"{words['marking']}: {mark.reason}")
        if mark.status != Status.RIGHT and mark.explanation:
            lines += ["", f"{words['rule']}: {mark.explanation}"]
        if mark.details:
            lines += ["", *(f"- {detail}" for detail in mark.details)]
        lines.append("")
    return "\n".join(lines)
