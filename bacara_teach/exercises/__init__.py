"""Graded exercises: a question bank built from the engine, per-student papers, notebooks,
instant self-checks and safe classroom grading.

In a student's notebook only :func:`self_check` is needed.  Teachers use the
``bacara-teach assignment`` and ``bacara-teach grade`` commands, or
:func:`make_paper`, :func:`~bacara_teach.exercises.notebook.paper_notebook`
and :func:`~bacara_teach.exercises.grading.grade_directory` from Python.

>>> from bacara_teach.exercises import self_check
>>> self_check("punto-rule", {"total": 5}, "draw").right
True
"""

from __future__ import annotations

from bacara_teach.exercises.assignments import (
    ASSIGNMENTS,
    Assignment,
    Item,
    Paper,
    get_assignment,
    make_paper,
)
from bacara_teach.exercises.bank import KINDS
from bacara_teach.exercises.feedback import Feedback, FormCheck, check_answer, self_check
from bacara_teach.exercises.questions import Mark, Question, QuestionKind, get_kind

__all__ = [
    "ASSIGNMENTS",
    "KINDS",
    "Assignment",
    "Feedback",
    "FormCheck",
    "Item",
    "Mark",
    "Paper",
    "Question",
    "QuestionKind",
    "check_answer",
    "get_assignment",
    "get_kind",
    "make_paper",
    "self_check",
]
