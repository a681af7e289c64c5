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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bacara_teach.errors import BacaraError
from bacara_teach.exercises.questions import Mark, Status, get_kind

if TYPE_CHECKING:
    from bacara_teach.exercises.grading import SubmissionGrade

__all__ = ["Feedback", "self_check", "submission_feedback"]

_LABEL = "SELF-CHECK (not graded)"


@dataclass(frozen=True)
class Feedback:
    """The result of a self-check: the mark and the rule behind the answer."""

    kind: str
    mark: Mark

    @property
    def right(self) -> bool:
        return self.mark.status == Status.RIGHT

    def _head(self) -> str:
        if self.right or self.mark.reason == self.mark.status:
            return f"{_LABEL}: {self.mark.status}"
        return f"{_LABEL}: {self.mark.status} - {self.mark.reason}"

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


def self_check(kind: str, params: dict[str, Any], answer: Any) -> Feedback:
    """Check ``answer`` to a question of ``kind`` with ``params`` (as written in the SELF-CHECK cell).

    For a program question, ``answer`` is the namespace holding the functions
    (``globals()``).  Nothing is graded here: this is the student's own check.
    """
    try:
        question_kind = get_kind(kind)
        mark = question_kind.mark(params, answer)
    except BacaraError as error:
        mark = Mark.zero(Status.INVALID, f"this self-check cell was changed and cannot run: {error}")
    return Feedback(kind, mark)


def submission_feedback(grade: SubmissionGrade) -> str:
    """A graded paper's feedback, in Markdown: the total, then each question with its reason and rule."""
    from bacara_teach.exercises.grading import format_points

    paper = grade.paper
    lines = [
        f"# {paper.assignment.title}: feedback for {grade.student.id}",
        "",
        f"**Total: {format_points(grade.total)} / {grade.maximum}** ({grade.status}: {grade.reason})",
        "",
        f"Assignment `{paper.assignment.name}`, paper of `{grade.student.id}`.",
        "",
    ]
    if grade.notes:
        lines += ["Notes:", *(f"- {note}" for note in grade.notes), ""]
    for number, item in enumerate(grade.grades, start=1):
        question, mark = item.question, item.mark
        kind = question.question_kind
        lines += [
            f"## Question {number} ({question.qid}) · {format_points(item.points)} / {question.points}"
            f" · {mark.status}",
            "",
            kind.prompt(question.params) if not kind.is_program else kind.title,
            "",
        ]
        if item.answer is not None:
            lines += ["Your answer:", "", "```python", item.answer, "```", ""]
        lines.append(f"Marking: {mark.reason}")
        if mark.status != Status.RIGHT and mark.explanation:
            lines += ["", f"The rule: {mark.explanation}"]
        if mark.details:
            lines += ["", *(f"- {detail}" for detail in mark.details)]
        lines.append("")
    return "\n".join(lines)
