"""Student notebooks: written as nbformat 4.5 JSON with the standard library, and read back.

A paper becomes a notebook with a title, instructions, a setup cell, and for
each question a Markdown prompt, an answer cell tagged in its metadata
(``{"bacara_teach": {"question": "q3"}}``) that assigns a name of its own
(``answer_q3 = ...``, see :func:`answer_name`), and a SELF-CHECK cell that reads
only that name.  On a practice paper the self-check marks the answer and explains
the rule; on a graded paper (every student id but ``practice``) it only says
whether the answer can be read (:func:`~.feedback.check_answer`): it has no
parameters to compute a key from.  The
notebook's metadata names the assignment, the student and the format
version, and a graded paper's notebook the public check value of the class
secret it was dealt with (``secret_check``, see :mod:`.secret`).  It holds the
questions' parameters and prompts, never their answers nor anything a key can be
dealt again from.  It is written in the paper's language (or the one asked for); a
notebook in another language than English also names it in its metadata and
in its SELF-CHECK calls, so the self-checks answer in the notebook's language.
The grader reads none of that: it grades in the language it is asked for.

>>> from bacara_teach.exercises.assignments import make_paper
>>> notebook = paper_notebook(make_paper("scoring", "practice"))
>>> notebook["nbformat"], notebook["nbformat_minor"], notebook["metadata"]["bacara_teach"]
(4, 5, {'assignment': 'scoring', 'format': 2, 'student_id': 'practice'})
>>> answer_cell = notebook["cells"][4]
>>> answer_cell["metadata"], "".join(answer_cell["source"])
({'bacara_teach': {'question': 'q1'}}, 'answer_q1 = None  # a whole number from 0 to 9')
>>> spanish = paper_notebook(make_paper("scoring", "practice", "es"))
>>> spanish["metadata"]["bacara_teach"]["lang"], "".join(spanish["cells"][4]["source"])
('es', 'answer_q1 = None  # un número entero del 0 al 9')
>>> graded = paper_notebook(make_paper("scoring", "ana"))
>>> "".join(graded["cells"][5]["source"]).splitlines()[-1]
"check_answer('score', answer_q1)"
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bacara_teach.errors import NotationError
from bacara_teach.exercises.assignments import Paper
from bacara_teach.exercises.questions import Question, lang_code
from bacara_teach.files import write_atomically
from bacara_teach.text import SOURCE_LANGUAGE, message, ntr, tr

__all__ = [
    "FORMAT_VERSION",
    "MAX_NOTEBOOK_BYTES",
    "Submission",
    "SubmissionUnreadable",
    "answer_name",
    "notebook_text",
    "paper_notebook",
    "read_submission",
    "write_text_atomic",
]

FORMAT_VERSION = 2
"""Version of the notebook layout (recorded in the notebook's metadata): 2 gives each question's
answer a name of its own (``answer_q3``); 1 had every answer cell assign ``answer``, which the
grader still reads."""
PRACTICE_ID = "practice"
"""The student id of the practice papers: the only papers whose self-checks mark answers."""
MAX_NOTEBOOK_BYTES = 20 * 1024 * 1024
"""Largest submission read."""
METADATA_KEY = "bacara_teach"
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}
"""The notebooks' kernel: ``python3`` is desktop Jupyter's own name (Jupyter, nbclient and
nbconvert start it as is).  JupyterLite's Pyodide kernel is named ``python``; JupyterLab, on which
JupyterLite is built, falls back to the one kernel whose language is ``language_info.name``
(``python``), so the same notebook opens there with no kernel dialog."""


class SubmissionUnreadable(NotationError):
    """A submitted file that is not a notebook this package can read.

    ``str()`` is the English reason; :func:`~.questions.error_text` gives it in any language.
    """


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def _markdown(cell_id: str, text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": _lines(text)}


def _code(cell_id: str, text: str, metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "id": cell_id,
            "metadata": metadata or {}, "outputs": [], "source": _lines(text)}


def answer_name(qid: str) -> str:
    """The name a question's answer cell assigns.

    >>> answer_name("q3")
    'answer_q3'
    """
    return f"answer_{qid}"


def answer_source(question: Question, lang: str | None = None) -> str:
    """What a question's answer cell holds before the student answers."""
    kind = question.question_kind
    if kind.is_program:
        return kind.placeholder_text(lang)
    return f"{answer_name(question.qid)} = {kind.placeholder}  # {kind.answer_comment(lang)}"


def check_source(question: Question, lang: str | None = None, *, graded: bool = False) -> str:
    """The SELF-CHECK cell of a question: it reads that question's answer only.

    On a practice paper it holds the question's parameters (never its answer) and marks
    the answer; on a graded paper it holds no parameters and only checks the answer's form.
    An English cell names no language, so it answers in the reader's default language;
    a cell in another language names its own.
    """
    code = lang_code(lang)
    kind = question.question_kind
    given = "globals()" if kind.is_program else answer_name(question.qid)
    named = "" if code == SOURCE_LANGUAGE else f", lang={code!r}"
    if graded:
        call = f"check_answer({question.kind!r}, {given}{named})"
        return tr("# SELF-CHECK (graded paper): says only whether your answer can be read; it is "
                  "marked when the paper is graded.", code) + f"\n{call}"
    call = f"self_check({question.kind!r}, {question.params!r}, {given}{named})"
    return tr("# SELF-CHECK (not graded): marks your answer with the engine and explains the "
              "rule.\n# To see the right answer without answering, add reveal=True to the call.",
              code) + f"\n{call}"


def _points(n: int, lang: str) -> str:
    return ntr("{count} point", "{count} points", n, lang)


def _texts(paper: Paper, code: str, graded: bool) -> dict[str, str]:
    spec, student = paper.assignment, paper.student_id
    count, points = len(paper.questions), _points(paper.maximum, code)
    self_check = (tr("On this graded paper the self-check only says whether your answer can be "
                     "read; the answers are marked after you hand the paper in.", code) if graded
                  else tr("The self-check is for you; it is not graded.", code))
    questions = ntr("{count} question", "{count} questions", count, code)
    return {
        "title": (f"# {spec.title_text(code)}\n\n"
                  + tr("Assignment `{name}` · paper of `{student}` · {questions}, {points}", code,
                       name=spec.name, student=student, questions=questions, points=points)
                  + f"\n\n{spec.intro_text(code)}"),
        "instructions": tr(
            "## How to work\n\n"
            "1. Run the setup cell below once.\n"
            "2. For each question, write your answer in its answer cell (`answer_q1 = ...` for "
            "question 1, and so on) and run it, then run the SELF-CHECK cell under it. "
            "{self_check}\n"
            "3. Save the notebook and hand in this file under its own name (`{student}.ipynb`). "
            "Do not rename, split or merge cells.\n\n"
            "The grader reads the value after `answer_q1 =` as plain data (it never runs it), so "
            "write a value, not a calculation: words in quotes (any letter case, in English or "
            "Spanish), numbers without quotes. Program answers run on their own, with no network "
            "and no files.", code, self_check=self_check, student=student),
        "setup": tr("# Setup: run this cell first.", code) + "\n",
        "answer": tr("Answer", code),
        "hand-in": tr("## Handing in\n\nSave the notebook and hand in `{student}.ipynb`. Only the "
                      "answer cells are graded.", code, student=student),
    }


def paper_notebook(paper: Paper, lang: str | None = None, *, graded: bool | None = None) -> dict[str, Any]:
    """The notebook of a paper, as nbformat 4.5 JSON data, in ``lang`` (``None``: the paper's).

    Every language gets the same cells, ids, questions and parameters; only the words differ.
    ``graded`` (``None``: every paper but the practice one) makes the self-checks say only
    whether an answer can be read: a graded paper holds nothing a key can be computed from.
    """
    code = paper.lang if lang is None else lang_code(lang)
    graded = paper.student_id != PRACTICE_ID if graded is None else graded
    spec = paper.assignment
    text = _texts(paper, code, graded)
    check = "check_answer" if graded else "self_check"
    cells = [
        _markdown("title", text["title"]),
        _markdown("instructions", text["instructions"]),
        _code("setup", text["setup"] + f"from bacara_teach.exercises import {check}"),
    ]
    for number, question in enumerate(paper.questions, start=1):
        kind = question.question_kind
        expected = ("" if kind.is_program
                    else f"\n\n*{text['answer']}:* {kind.answer.expected_text(code)}.")
        cells.append(_markdown(f"{question.qid}-question", (
            tr("## Question {number} · {points}", code, number=number,
               points=_points(question.points, code))
            + f"\n\n{kind.prompt(question.params, code)}{expected}")))
        cells.append(_code(f"{question.qid}-answer", answer_source(question, code),
                           {METADATA_KEY: {"question": question.qid}}))
        cells.append(_code(f"{question.qid}-check", check_source(question, code, graded=graded)))
    cells.append(_markdown("hand-in", text["hand-in"]))
    ours: dict[str, Any] = {"assignment": spec.name, "format": FORMAT_VERSION,
                            "student_id": paper.student_id}
    if paper.check:
        ours["secret_check"] = paper.check
    if code != SOURCE_LANGUAGE:
        ours["lang"] = code
    return {
        "cells": cells,
        "metadata": {
            METADATA_KEY: ours,
            "kernelspec": dict(KERNELSPEC),
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def notebook_text(notebook: dict[str, Any]) -> str:
    """JSON text as Jupyter writes it (one-space indent, sorted keys), ending with a newline."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` in one step, its folders made if missing (never half a file;
    :func:`bacara_teach.files.write_atomically`, which refuses with the reason)."""
    write_atomically(path, text, make_folders=True)


# -- reading a submission ---------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Submission:
    """What the grader takes from a submitted notebook: the answer cells' text, by question.

    ``claimed`` is what the notebook's metadata says about itself (assignment,
    student id, the class secret's check value); the grader only reports it and never
    trusts it.  The notebook's
    language is not read at all: the grader's caller chooses the feedback's language.
    """

    answers: dict[str, str]
    claimed: dict[str, str]
    notes: tuple[str, ...] = ()


def _source(cell: dict[str, Any]) -> str | None:
    source = cell.get("source", "")
    if isinstance(source, str):
        return source
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    return None


def read_submission(raw: bytes, lang: str | None = None) -> Submission:
    """Read a submitted notebook; raise :class:`SubmissionUnreadable` with the reason if it is not one.

    ``lang`` words the notes; what is read never depends on it.

    >>> read_submission(b'{"cells": [{"cell_type": "code", "source": ["answer = 5"],'
    ...                 b' "metadata": {"bacara_teach": {"question": "q1"}}}]}').answers
    {'q1': 'answer = 5'}
    >>> read_submission(b"")
    Traceback (most recent call last):
    ...
    bacara_teach.exercises.notebook.SubmissionUnreadable: the file is empty
    """
    code = lang_code(lang)
    if not raw.strip():
        raise SubmissionUnreadable(message("the file is empty"))
    if len(raw) > MAX_NOTEBOOK_BYTES:
        raise SubmissionUnreadable(message("the file is larger than {size} MB",
                                           size=MAX_NOTEBOOK_BYTES // (1024 * 1024)))
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise SubmissionUnreadable(message("the file is not UTF-8 text, so not a notebook")) from None
    except (ValueError, RecursionError) as error:
        raise SubmissionUnreadable(message("the file is not a notebook (invalid JSON: {error})",
                                           error=str(error))) from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise SubmissionUnreadable(message(
            "the file is JSON but not a notebook: it has no list of cells"))
    answers: dict[str, str] = {}
    notes: list[str] = []
    for position, cell in enumerate(data["cells"], start=1):
        if not isinstance(cell, dict):
            continue
        metadata = cell.get("metadata")
        ours = metadata.get(METADATA_KEY) if isinstance(metadata, dict) else None
        qid = ours.get("question") if isinstance(ours, dict) else None
        if not isinstance(qid, str):
            continue
        if cell.get("cell_type") != "code":
            notes.append(tr("cell {position} is tagged {qid!r} but is not a code cell; it was not "
                            "read", code, position=position, qid=qid))
            continue
        source = _source(cell)
        if source is None:
            notes.append(tr("cell {position} ({qid}) has no readable text; it was not read", code,
                            position=position, qid=qid))
            continue
        if qid in answers:
            notes.append(tr("more than one answer cell is tagged {qid!r}; the first one was graded",
                            code, qid=qid))
            continue
        answers[qid] = source
    claimed: dict[str, str] = {}
    meta = data.get("metadata")
    ours = meta.get(METADATA_KEY) if isinstance(meta, dict) else None
    if isinstance(ours, dict):
        for key in ("assignment", "student_id", "secret_check"):
            if isinstance(ours.get(key), str):
                claimed[key] = ours[key]
    return Submission(answers=answers, claimed=claimed, notes=tuple(notes))
