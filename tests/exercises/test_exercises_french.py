"""A French paper, answered partly in French, graded with French feedback and the same points.

French is data (its catalogue and its entry in ``languages.json``): the paper, its notebook,
the words a student may answer (``tirer``, ``rester``) and every sentence of the grade come
from the catalogue; the marks never depend on the language.
"""

from __future__ import annotations

import re

from exercise_support import (
    MODEL_PROGRAM,
    answer_line,
    filled_notebook,
    key_answers,
    with_program,
)

from bacara_teach.exercises import make_paper
from bacara_teach.exercises.feedback import submission_feedback
from bacara_teach.exercises.grading import GRADED, SubmissionGrade, grade_notebook
from bacara_teach.exercises.notebook import notebook_text, paper_notebook
from bacara_teach.exercises.questions import DRAW_OR_STAND, Status, status_label
from bacara_teach.exercises.roster import Student
from bacara_teach.exercises.sandbox import Limits
from bacara_teach.text import ptr

FRENCH = "fr"
FAST = Limits(wall_seconds=2, cpu_seconds=1)
ENGLISH_WORDS = re.compile(r"\b(the|and|draws|stands|wrong|right|answer cell|should|with|"
                           r"feedback|your answer)\b", re.IGNORECASE)
"""English words that must not be left in a French text (code and quoted values aside)."""


def _without_code(text: str) -> str:
    text = re.sub(r"```.*?```", " ", text, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", " ", text)
    return re.sub(r'"[^"]*"|\'[^\']*\'|«[^»]*»', " ", text)


def _grade(answers: dict[str, str], lang: str) -> SubmissionGrade:
    paper = make_paper("third-card", "ana", FRENCH)
    raw = notebook_text(filled_notebook(paper, answers)).encode("utf-8")
    return grade_notebook(raw, Student("ana", "Ana"), paper, limits=FAST, lang=lang)


def test_a_french_paper_is_graded_with_french_feedback_and_the_same_points() -> None:
    paper = make_paper("third-card", "ana", FRENCH)
    assert paper.lang == FRENCH
    assert paper.questions == make_paper("third-card", "ana", "en").questions
    program = MODEL_PROGRAM.replace("return banker_total <= 5", "return banker_total <= 4")
    answers = with_program(paper, program, key_answers(paper))
    words = [q for q in paper.questions if q.question_kind.answer is DRAW_OR_STAND]
    key = paper.key()
    # a right answer in French, a wrong one in French, a right one in English
    answers[words[0].qid] = answer_line(ptr("an answer", key[words[0].qid], FRENCH))
    answers[words[1].qid] = answer_line(ptr("an answer", "stand" if key[words[1].qid] == "draw"
                                            else "draw", FRENCH))
    answers[words[2].qid] = answer_line(key[words[2].qid])
    fr, en = _grade(answers, FRENCH), _grade(answers, "en")
    assert fr.lang == FRENCH and fr.status == GRADED
    assert [(g.question.qid, g.points) for g in fr.grades] == \
        [(g.question.qid, g.points) for g in en.grades]
    assert 0 < fr.total < paper.maximum
    reasons = {g.question.qid: g.mark.reason for g in fr.grades}
    assert reasons[words[0].qid] == status_label(Status.RIGHT, FRENCH)
    assert reasons[words[2].qid] == status_label(Status.RIGHT, FRENCH)
    assert status_label(Status.WRONG, FRENCH) in reasons[words[1].qid]
    assert "'rester'" in reasons[words[1].qid] or "'tirer'" in reasons[words[1].qid]
    program_grade = next(g for g in fr.grades if g.question.question_kind.is_program)
    assert program_grade.points < program_grade.question.points
    feedback = submission_feedback(fr)
    assert feedback != submission_feedback(en)
    left = ENGLISH_WORDS.findall(_without_code(feedback.replace("play(", "(")))
    assert not left, left
    assert "Total" in feedback


def test_a_french_notebook_speaks_french() -> None:
    notebook = paper_notebook(make_paper("scoring", "practice", FRENCH))
    assert notebook["metadata"]["bacara_teach"]["lang"] == FRENCH
    prose = " ".join("".join(cell["source"]) for cell in notebook["cells"]
                     if cell["cell_type"] == "markdown")
    assert not ENGLISH_WORDS.findall(_without_code(prose)), ENGLISH_WORDS.findall(_without_code(prose))
