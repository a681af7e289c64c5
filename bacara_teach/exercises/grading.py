"""Grading: each roster student's notebook against their own paper, safely, into a gradebook.

The student is always the roster's: a file ``DIR/<id>.ipynb`` is graded as
the paper of ``<id>``, whatever the notebook's metadata claims, and the
paper (questions, points, answer keys) is dealt again from the assignment
and that id.  Nothing a notebook says about expected answers or points is
read.  Value answers are read as data; program answers run in a separate,
limited process (:mod:`.sandbox`).  Whatever a submission holds, it gets a
row with a score and a reason, and no submission can change another's: an
answer the grader fails to mark (whatever the exception) scores 0 with the
reason and the row's status is ``grading-error``; the rest of the batch goes on.

Reasons, notes, notices and feedback are worded in the language asked for
(``lang``); the language never changes a score, and nothing a notebook says
about its own language is read.  The statuses (``graded``, ``missing``...) and
the gradebook's column names are identifiers, the same in every language, and the
gradebooks (this package's CSV, Canvas's, Moodle's) keep plain numbers (``2.5``) for the
programs that import them; the feedback and the class report write numbers in the reader's
conventions (:func:`points_text`).

>>> from bacara_teach.exercises.assignments import make_paper
>>> from bacara_teach.exercises.roster import Student
>>> paper = make_paper("scoring", "ana")
>>> grade = grade_notebook(b"not json", Student("ana", "Ana"), paper)
>>> grade.status, grade.total, grade.reason
('unreadable', Fraction(0, 1), 'the file is not a notebook (invalid JSON: Expecting value: line 1 column 1 (char 0))')
>>> grade_notebook(b"", Student("ana", "Ana"), paper, lang="es").reason
'el archivo está vacío'
"""

from __future__ import annotations

import csv
import dataclasses
import io
import warnings
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from pathlib import Path

from bacara_teach.errors import BacaraError
from bacara_teach.exercises.assignments import Assignment, Paper, get_assignment, make_paper
from bacara_teach.exercises.notebook import (
    MAX_NOTEBOOK_BYTES,
    Submission,
    SubmissionUnreadable,
    answer_name,
    read_submission,
    write_text_atomic,
)
from bacara_teach.exercises.questions import (
    Mark,
    Question,
    Status,
    error_text,
    lang_code,
    status_count,
)
from bacara_teach.exercises.roster import Student, check_student_id
from bacara_teach.exercises.sandbox import (
    AnswerNotReadable,
    Limits,
    isolation_missing_message,
    read_value_answer,
    run_program,
)
from bacara_teach.exercises.secret import SecretRefused, secret_check
from bacara_teach.exercises.untrusted import safe_text
from bacara_teach.files import MISSING as MISSING_FILE
from bacara_teach.files import (
    NOT_A_FILE,
    TOO_LARGE,
    InputRefused,
    check_output_file,
    check_output_folder,
    read_bounded,
)
from bacara_teach.files import OutputRefused as PlaceRefused
from bacara_teach.i18n import LANGUAGES
from bacara_teach.text import SOURCE_LANGUAGE, Message, localize_number, message, ntr, pmessage, tr

__all__ = [
    "FAILED",
    "FEEDBACK_LIST",
    "FORMATS",
    "GRADED",
    "MISSING",
    "UNREADABLE",
    "Gradebook",
    "IsolationWarning",
    "OutputRefused",
    "QuestionGrade",
    "SubmissionGrade",
    "canvas_csv",
    "check_class_secret",
    "check_file_target",
    "check_folder_target",
    "format_points",
    "grade_directory",
    "grade_notebook",
    "grade_question",
    "gradebook_csv",
    "gradebook_text",
    "key_csv",
    "moodle_csv",
    "points_text",
    "spreadsheet_cell",
    "submission_status",
    "write_gradebook",
]

GRADED = "graded"
MISSING = "missing"
UNREADABLE = "unreadable"
FAILED = "grading-error"
"""A submission the grader could not mark in full (the reason says which answer and why)."""

_SUBMISSION_STATUS: dict[str, Message] = {
    GRADED: pmessage("a submission's status", "graded"),
    MISSING: pmessage("a submission's status", "missing"),
    UNREADABLE: pmessage("a submission's status", "unreadable"),
    FAILED: pmessage("a submission's status", "grading-error"),
}


def submission_status(status: str, lang: str | None = None) -> str:
    """A submission's status in words (the status itself is an identifier).

    >>> submission_status(MISSING), submission_status(MISSING, "es")
    ('missing', 'no entregada')
    """
    words = _SUBMISSION_STATUS.get(status)
    return status if words is None else words.render(lang_code(lang))


class IsolationWarning(UserWarning):
    """Programs were not run: this machine cannot confine them (see :func:`.sandbox.isolation_missing`)."""


def format_points(value: Fraction | int) -> str:
    """Points for a gradebook: exact when the decimal is finite, else to two decimals.

    >>> format_points(Fraction(5, 2)), format_points(Fraction(85, 88) * 5), format_points(3)
    ('2.5', '4.83', '3')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    text = format(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def points_text(value: Fraction | int, lang: str | None = None) -> str:
    """Points as a person reads them in ``lang``: :func:`format_points` in its conventions
    (the gradebooks keep :func:`format_points`' plain numbers).

    >>> points_text(Fraction(5, 2), "es"), points_text(Fraction(5, 2), "en")
    ('2,5', '2.5')
    """
    return localize_number(format_points(value), lang_code(lang))


@dataclass(frozen=True, kw_only=True)
class QuestionGrade:
    """One question of one submission: the mark and what the student wrote."""

    question: Question
    mark: Mark
    answer: str | None
    """The answer cell's text (shortened and made safe), or ``None`` when there was no answer cell."""
    given: str | None = None
    """The value answer as read, as the class report lists it (made safe), or ``None``
    when there is no value of the question's type."""

    @property
    def points(self) -> Fraction:
        return self.mark.points(self.question.points)


@dataclass(frozen=True, kw_only=True)
class SubmissionGrade:
    """One roster student's result."""

    student: Student
    paper: Paper
    status: str
    reason: str
    grades: tuple[QuestionGrade, ...]
    notes: tuple[str, ...] = ()
    lang: str = SOURCE_LANGUAGE
    """The language of the reasons and notes (never of the points)."""

    @property
    def total(self) -> Fraction:
        return sum((g.points for g in self.grades), Fraction(0))

    @property
    def maximum(self) -> int:
        return self.paper.maximum


@dataclass(frozen=True, kw_only=True)
class Gradebook:
    """Every roster student's grade, in roster order, and the files that matched no one
    (their names made safe by :func:`.untrusted.safe_text`)."""

    assignment: Assignment
    grades: tuple[SubmissionGrade, ...]
    unexpected: tuple[str, ...] = ()
    notices: tuple[str, ...] = ()
    """What the teacher must know about the whole batch (e.g. programs that were not run)."""
    lang: str = SOURCE_LANGUAGE
    """The language of the reasons, notices and feedback."""


def _program_note(source: str, lang: str) -> str:
    lines = len(source.splitlines())
    return ntr("(program, {count} line)", "(program, {count} lines)", lines, lang)


def _excerpt(text: str, limit: int = 300) -> str:
    return safe_text(text[: 4 * limit].strip(), limit)


_REASON_LIMIT = 600
"""The longest reason, note or detail a gradebook, report or feedback file holds."""


def _safe_mark(mark: Mark) -> Mark:
    """``mark`` with its reason and details made safe (they may quote a value or a program)."""
    return dataclasses.replace(mark, reason=safe_text(mark.reason, _REASON_LIMIT),
                               details=tuple(safe_text(d, _REASON_LIMIT) for d in mark.details))


def grade_question(question: Question, source: str | None, *, limits: Limits | None = None,
                   lang: str | None = None) -> QuestionGrade:
    """Mark one answer cell's text (``None``: the cell is missing), worded in ``lang``.

    Every text of the grade that a student controls (the answer, and the values or program
    output its reason and details quote) is made safe by :func:`.untrusted.safe_text`.
    """
    grade = _grade_question(question, source, limits=limits, lang=lang)
    return dataclasses.replace(grade, mark=_safe_mark(grade.mark))


def _grade_question(question: Question, source: str | None, *, limits: Limits | None,
                    lang: str | None) -> QuestionGrade:
    code = lang_code(lang)
    kind = question.question_kind
    if source is None:
        mark = Mark.zero(Status.UNANSWERED, tr(
            "no answer cell tagged {qid!r} in the notebook", code, qid=question.qid),
            kind.explain(question.params, code))
        return QuestionGrade(question=question, mark=mark, answer=None)
    if kind.is_program:
        untouched = {kind.placeholder_text(other).strip() for other in LANGUAGES}
        if source.strip() in untouched:
            mark = Mark.zero(Status.UNANSWERED, tr("the code cell was not changed", code),
                             kind.explain(question.params, code))
            return QuestionGrade(question=question, mark=mark, answer=_program_note(source, code))
        from bacara_teach.exercises.kinds_coding import CodingKind

        assert isinstance(kind, CodingKind)
        run = run_program(source, kind.calls(question.params), limits=limits,
                          filename=f"<answer {question.qid}>")
        if run.refused:  # malformed results, or not run at all: nothing to mark
            mark = Mark.zero(Status.ERROR, run.why.render(code),
                             kind.explain(question.params, code))
        else:
            mark = kind.mark_records(question.params, run.records, load_error=run.load_why,
                                     stopped=run.stopped_why, lang=code)
        return QuestionGrade(question=question, mark=mark, answer=_program_note(source, code))
    try:
        value = read_value_answer(source, (answer_name(question.qid), "answer"))
    except AnswerNotReadable as error:
        mark = Mark.zero(Status.INVALID, tr("the answer could not be read: {why}", code,
                                            why=error.message),
                         kind.explain(question.params, code))
        return QuestionGrade(question=question, mark=mark, answer=_excerpt(source))
    try:
        given: str | None = safe_text(repr(kind.answer.shown(kind.answer.read(value))), 100)
    except BacaraError:
        given = None
    return QuestionGrade(question=question, mark=kind.mark(question.params, value, code),
                         answer=_excerpt(source), given=given)


def _grade_submission(student: Student, paper: Paper, submission: Submission,
                      limits: Limits | None, code: str) -> SubmissionGrade:
    notes = list(submission.notes)
    claimed_check = submission.claimed.get("secret_check")
    if paper.check and claimed_check is None:
        notes.append(tr(
            "the notebook carries no check value of the class secret (this class's is {check}); "
            "it was graded as {student!r}'s paper of this class", code, check=paper.check,
            student=student.id))
    elif paper.check and claimed_check != paper.check:
        notes.append(tr(
            "the notebook does not carry the class secret's check value ({claimed} instead of "
            "{check}); it was graded as {student!r}'s paper of this class", code,
            claimed=repr(claimed_check), check=paper.check, student=student.id))
    claimed_id = submission.claimed.get("student_id")
    if claimed_id is not None and claimed_id != student.id:
        notes.append(tr(
            "the notebook says it is the paper of {claimed!r}; it was graded as {student!r}'s "
            "paper, from its file name", code, claimed=claimed_id, student=student.id))
    claimed_assignment = submission.claimed.get("assignment")
    if claimed_assignment is not None and claimed_assignment != paper.assignment.name:
        notes.append(tr(
            "the notebook says it belongs to assignment {claimed!r}; it was graded against "
            "{assignment!r}", code, claimed=claimed_assignment, assignment=paper.assignment.name))
    failures: list[str] = []

    def mark(question: Question) -> QuestionGrade:
        source = submission.answers.get(question.qid)
        try:
            return grade_question(question, source, limits=limits, lang=code)
        except Exception as error:  # a grader failure costs this answer only, never the batch
            why = tr("the grader could not mark this answer ({error})", code,
                     error=_error_text(error))
            failures.append(f"{question.qid}: {why}")
            return QuestionGrade(question=question, mark=_safe_mark(Mark.zero(Status.ERROR, why)),
                                 answer=None if source is None else _excerpt(source))

    grades = tuple(mark(q) for q in paper.questions)
    missing = [g.question.qid for g in grades if g.answer is None]
    counts: dict[str, int] = {}
    for g in grades:
        counts[g.mark.status] = counts.get(g.mark.status, 0) + 1
    order = [Status.RIGHT, Status.PARTLY, Status.WRONG, Status.INVALID, Status.ERROR, Status.UNANSWERED]
    reason = ", ".join(status_count(s, counts[s], code) for s in order if s in counts)
    if missing:
        reason += "; " + tr("no answer cell for {qids}", code, qids=", ".join(missing))
    if failures:
        reason = "; ".join(failures) + "; " + reason
    return SubmissionGrade(student=student, paper=paper, status=FAILED if failures else GRADED,
                           reason=safe_text(reason, 2 * _REASON_LIMIT), grades=grades,
                           notes=tuple(safe_text(n, _REASON_LIMIT) for n in notes), lang=code)


def _error_text(error: BaseException) -> str:
    return safe_text(f"{type(error).__name__}: {error}", 200)


def _zero(student: Student, paper: Paper, status: str, reason: str, code: str) -> SubmissionGrade:
    reason = safe_text(reason, _REASON_LIMIT)
    grades = tuple(QuestionGrade(question=q, mark=Mark.zero(Status.UNANSWERED, reason), answer=None)
                   for q in paper.questions)
    return SubmissionGrade(student=student, paper=paper, status=status, reason=reason, grades=grades,
                           lang=code)


def _cannot_grade(error: BaseException, code: str) -> str:
    return tr("the grader could not grade this file: {error}", code, error=_error_text(error))


def grade_notebook(raw: bytes, student: Student, paper: Paper, *,
                   limits: Limits | None = None, lang: str | None = None) -> SubmissionGrade:
    """Grade a submitted notebook's bytes as ``student``'s ``paper``; never raises for the file.

    ``lang`` words the reasons and notes (``None``: the paper's language; an unknown
    language is refused before anything is graded); the points never depend on it.
    """
    code = paper.lang if lang is None else lang_code(lang)
    try:
        submission = read_submission(raw, code)
    except SubmissionUnreadable as error:
        return _zero(student, paper, UNREADABLE, error_text(error, code), code)
    try:
        return _grade_submission(student, paper, submission, limits, code)
    except Exception as error:  # whatever happened, this file gets a row and the batch goes on
        return _zero(student, paper, FAILED, _cannot_grade(error, code), code)


@dataclass(frozen=True)
class _Refused:
    """Why a file is not graded: its status, and the reason in every language."""

    status: str
    why: Message

    def reason(self, code: str) -> str:
        return self.why.render(code)


def _read_file(path: Path) -> bytes | _Refused:
    """The file's bytes, or why it cannot be graded."""
    name = path.name
    try:
        return read_bounded(path, limit=MAX_NOTEBOOK_BYTES, what=name, follow_links=False)
    except InputRefused as error:
        if error.reason == MISSING_FILE:
            return _Refused(MISSING, message("no submission: {name} was not found", name=name))
        if error.reason == NOT_A_FILE:
            return _Refused(UNREADABLE, message(
                "{name} is not a regular file (a link, a folder or a device is not graded)",
                name=name))
        if error.reason == TOO_LARGE:
            return _Refused(UNREADABLE, message("{name} is larger than {size} MB", name=name,
                                                size=MAX_NOTEBOOK_BYTES // (1024 * 1024)))
        return _Refused(UNREADABLE, message("{name} could not be read: {why}", name=name,
                                            why=error.detail))


def grade_file(path: Path, student: Student, paper: Paper, *, limits: Limits | None = None,
               lang: str | None = None) -> SubmissionGrade:
    """Grade one file (missing, unreadable or a notebook) as ``student``'s paper; never raises for the file.

    ``lang`` as for :func:`grade_notebook`.
    """
    code = paper.lang if lang is None else lang_code(lang)
    try:
        raw = _read_file(path)
        if isinstance(raw, _Refused):
            return _zero(student, paper, raw.status, raw.reason(code), code)
        return grade_notebook(raw, student, paper, limits=limits, lang=code)
    except Exception as error:
        return _zero(student, paper, FAILED, _cannot_grade(error, code), code)


def check_class_secret(directory: str | Path, roster: Sequence[Student], secret: bytes,
                       secret_path: str | Path) -> None:
    """Refuse (:class:`.secret.SecretRefused`) a class secret the handed-in papers were not made with.

    The notebooks carry the public check value of the secret they were dealt with.  The
    secret is taken when one handed-in notebook carries its check value, or when none can
    be read (there is nothing to grade against a wrong key); it is refused when notebooks
    were read and not one carries it.  So a wrong secret file (another class's, a new one)
    is refused before anything is graded, while a student who changes the check value in
    their own notebook changes nothing but a note on their own feedback.
    """
    folder = Path(directory)
    ours = secret_check(secret)
    seen: dict[str, int] = {}
    for student in roster:
        raw = _read_file(folder / f"{student.id}.ipynb")
        if isinstance(raw, _Refused):
            continue
        try:
            claimed = read_submission(raw).claimed.get("secret_check")
        except SubmissionUnreadable:
            continue
        if claimed == ours:
            return
        theirs = "-" if claimed is None else safe_text(claimed, 40)
        seen[theirs] = seen.get(theirs, 0) + 1
    if seen:
        count = sum(seen.values())
        raise SecretRefused(message(
            "none of the {count} notebooks read was made with the class secret {path!r} (its "
            "check value is {ours}; theirs: {theirs}): nothing was graded or written; name the "
            "secret file the papers were made with: --secret FILE", count=count,
            path=str(secret_path), ours=ours,
            theirs=", ".join(f"{check} ({n})" for check, n in sorted(seen.items()))))


def grade_directory(directory: str | Path, assignment: str | Assignment, roster: Sequence[Student], *,
                    limits: Limits | None = None, jobs: int = 1, lang: str | None = None,
                    secret: bytes | None = None) -> Gradebook:
    """Grade ``DIR/<id>.ipynb`` for every roster student (``jobs`` at a time).

    ``lang`` words the reasons, notices and feedback (``None``: the default language);
    the scores are the same in every language.  ``secret`` is the class secret the papers
    were dealt with (``None``: the public papers; see :func:`check_class_secret`).
    """
    code = lang_code(lang)
    folder = Path(directory)
    spec = assignment if isinstance(assignment, Assignment) else get_assignment(assignment)
    if not folder.is_dir():
        raise BacaraError(message("submissions folder {folder!r} not found", folder=str(folder)))

    def one(student: Student) -> SubmissionGrade:
        paper = make_paper(spec, student.id, code, secret=secret)
        return grade_file(folder / f"{student.id}.ipynb", student, paper, limits=limits, lang=code)

    if jobs > 1:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            grades = tuple(pool.map(one, roster))
    else:
        grades = tuple(one(s) for s in roster)
    expected = {f"{s.id}.ipynb" for s in roster}
    unexpected = tuple(sorted(safe_text(p.name) for p in folder.glob("*.ipynb")
                              if p.name not in expected))
    notices: list[str] = []
    has_program = any(q.question_kind.is_program for q in make_paper(spec, "practice").questions)
    why_not = isolation_missing_message() if has_program else None
    if why_not is not None:
        notice = tr("program answers scored 0 and were not run: {why}", code, why=why_not)
        notices.append(notice)
        warnings.warn(notice, IsolationWarning, stacklevel=2)
    return Gradebook(assignment=spec, grades=grades, unexpected=unexpected, notices=tuple(notices),
                     lang=code)


# -- writing ----------------------------------------------------------------------------------------


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n",
                   "\uff1d", "\uff0b", "\uff0d", "\uff20", "\ufe62", "\ufe63", "\ufe66", "\u2212")
"""What a spreadsheet may read as the start of a formula: the ASCII signs and their full-width and
small forms (``＝``, ``＋``, ``－``, ``＠``, ``﹢``, ``﹣``, ``﹦``) and the minus sign, which some
spreadsheets fold into the ASCII ones."""


def spreadsheet_cell(text: str) -> str:
    """Keep spreadsheet programs from reading a cell as a formula.

    >>> spreadsheet_cell("=1+1"), spreadsheet_cell("\uff1dHYPERLINK(1)"), spreadsheet_cell("Ana")
    ("'=1+1", "'＝HYPERLINK(1)", 'Ana')
    """
    return "'" + text if text.lstrip(" ")[:1] in _FORMULA_STARTS and text[:1] else text


_cell = spreadsheet_cell


def gradebook_csv(gradebook: Gradebook) -> str:
    """The gradebook as CSV: id, name, one column per question, total, maximum, status, reason.

    The column names and statuses are identifiers (the same in every language); the
    reasons are in the language the gradebook was graded in.
    """
    qids = [q.qid for q in make_paper(gradebook.assignment, "practice").questions]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "name", *qids, "total", "maximum", "status", "reason"])
    for grade in gradebook.grades:
        points = {g.question.qid: format_points(g.points) for g in grade.grades}
        writer.writerow([grade.student.id, _cell(grade.student.name), *(points[q] for q in qids),
                         format_points(grade.total), grade.maximum, grade.status, _cell(grade.reason)])
    return out.getvalue()


FORMATS = ("csv", "canvas", "moodle")
"""The gradebook's file formats: this package's own CSV, and the CSV files Canvas and Moodle import."""


def canvas_csv(gradebook: Gradebook) -> str:
    """The gradebook as Canvas's gradebook import reads it.

    Canvas's import (Grades, Import) matches students on its columns ``ID``, ``SIS User ID``
    or ``SIS Login ID`` and takes every column after ``Section`` as an assignment; a
    ``Points Possible`` row under the header gives a new assignment its points.  The roster
    id goes in ``SIS User ID`` and ``SIS Login ID`` (Canvas's own ``ID`` is left empty).

    >>> from bacara_teach.exercises.assignments import get_assignment
    >>> print(canvas_csv(Gradebook(assignment=get_assignment("scoring"), grades=())), end="")
    Student,ID,SIS User ID,SIS Login ID,Section,Scoring a hand (scoring)
    Points Possible,,,,,8
    """
    spec = gradebook.assignment
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                     _cell(f"{spec.title_text(gradebook.lang)} ({spec.name})")])
    writer.writerow(["Points Possible", "", "", "", "", spec.maximum])
    for grade in gradebook.grades:
        writer.writerow([_cell(grade.student.name), "", grade.student.id, grade.student.id, "",
                         format_points(grade.total)])
    return out.getvalue()


def moodle_csv(gradebook: Gradebook) -> str:
    """The gradebook as Moodle's "Import grades from CSV file" reads it.

    Moodle maps one column to its users ("Identify user by": map ``ID number`` to the users'
    ID number or username) and each other column to a grade item or its feedback; the grade
    item's maximum must be at least ``Maximum`` (Moodle refuses a grade above it).

    >>> from bacara_teach.exercises.assignments import get_assignment
    >>> print(moodle_csv(Gradebook(assignment=get_assignment("scoring"), grades=())), end="")
    ID number,Full name,Scoring a hand (scoring),Maximum,Feedback
    """
    spec = gradebook.assignment
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["ID number", "Full name", _cell(f"{spec.title_text(gradebook.lang)} ({spec.name})"),
                     "Maximum", "Feedback"])
    for grade in gradebook.grades:
        status = submission_status(grade.status, gradebook.lang)
        writer.writerow([grade.student.id, _cell(grade.student.name), format_points(grade.total),
                         grade.maximum, _cell(f"{status}: {grade.reason}")])
    return out.getvalue()


def gradebook_text(gradebook: Gradebook, file_format: str = "csv") -> str:
    """The gradebook in one of :data:`FORMATS`."""
    writers = {"csv": gradebook_csv, "canvas": canvas_csv, "moodle": moodle_csv}
    if file_format not in writers:
        raise BacaraError(message("unknown gradebook format {name!r}: expected one of {names}",
                                  name=file_format, names=", ".join(FORMATS)))
    return writers[file_format](gradebook)


def default_feedback_dir(out: str | Path) -> Path:
    """Where the feedback files go when the teacher names no folder: ``feedback`` beside the gradebook."""
    return Path(out).parent / "feedback"


def default_report(out: str | Path) -> Path:
    """Where the class report goes by default: ``<gradebook>.report.html`` (and ``.csv``) beside it."""
    target = Path(out)
    return target.with_name(f"{target.stem}.report.html")


class OutputRefused(BacaraError):
    """An output place that cannot be written: nothing was written (the message in every language)."""


def check_file_target(path: Path, option: str) -> None:
    """Refuse (:class:`OutputRefused`) a file ``path`` that names a folder or cannot be written
    (:func:`bacara_teach.files.check_output_file`; its missing folders are made)."""
    try:
        check_output_file(path, option, make_folders=True)
    except PlaceRefused as error:
        raise OutputRefused(error.message) from None


def check_folder_target(folder: Path, option: str) -> None:
    """Refuse (:class:`OutputRefused`) a folder that is a file or where files cannot be made
    (:func:`bacara_teach.files.check_output_folder`)."""
    try:
        check_output_folder(folder, option)
    except PlaceRefused as error:
        raise OutputRefused(error.message) from None


def write_gradebook(gradebook: Gradebook, out: str | Path, feedback_dir: str | Path | None = None,
                    lang: str | None = None, *, file_format: str = "csv",
                    report: str | Path | None = None) -> Path:
    """Write the gradebook, one Markdown feedback file per student and, if asked, the class report.

    Returns the feedback folder.  Every place is checked before anything is written
    (:class:`OutputRefused`); each file is written whole or not at all.  ``report`` names
    the report's HTML file; its CSV goes beside it with the suffix ``.csv``.
    ``lang`` words the feedback files around the marks (``None``: the gradebook's language).

    The feedback folder holds this run's files only: it lists what the grader wrote in
    :data:`FEEDBACK_LIST`, and the feedback files an earlier run wrote for students who are
    not graded now are removed (no other file of the folder is touched).  The feedback
    files are written first, then the report, and the gradebook last.
    """
    from bacara_teach.exercises.feedback import submission_feedback

    code = gradebook.lang if lang is None else lang_code(lang)
    target = Path(out)
    folder = Path(feedback_dir) if feedback_dir is not None else default_feedback_dir(target)
    check_file_target(target, "--out")
    check_folder_target(folder, "--feedback")
    texts: list[tuple[Path, str]] = [(target, gradebook_text(gradebook, file_format))]
    if report is not None:
        from bacara_teach.exercises.report import report_files

        page = Path(report)
        for suffix, text in report_files(gradebook).items():
            place = page.with_suffix(suffix)
            check_file_target(place, "--report")
            texts.append((place, text))
    feedback = [(f"{grade.student.id}.md", submission_feedback(grade, code))
                for grade in gradebook.grades]
    _write_feedback(folder, feedback)
    for path, text in reversed(texts):
        write_text_atomic(path, text)
    return folder


FEEDBACK_LIST = ".bacara-feedback"
"""The file in the feedback folder listing the feedback files the grader wrote there."""


def _listed_feedback(folder: Path) -> set[str]:
    """The feedback files an earlier run listed (only names of the form ``<student id>.md``)."""
    try:
        with open(folder / FEEDBACK_LIST, "rb") as handle:
            raw = handle.read(MAX_NOTEBOOK_BYTES)
    except OSError:
        return set()
    names = set()
    for line in raw.decode("utf-8", "replace").splitlines():
        if not line.endswith(".md"):
            continue
        try:
            check_student_id(line[:-3])
        except BacaraError:
            continue
        names.add(line)
    return names


def _write_feedback(folder: Path, files: Sequence[tuple[str, str]]) -> None:
    """Write this run's feedback files and remove those an earlier run left for other students.

    The list names every file that may be the grader's before any is written, so that
    a run cut short leaves nothing the next run would not find.
    """
    earlier = _listed_feedback(folder)
    now = [name for name, _ in files]
    write_text_atomic(folder / FEEDBACK_LIST, "".join(f"{n}\n" for n in sorted(earlier | set(now))))
    for name, text in files:
        write_text_atomic(folder / name, text)
    for name in sorted(earlier - set(now)):
        (folder / name).unlink(missing_ok=True)
    write_text_atomic(folder / FEEDBACK_LIST, "".join(f"{n}\n" for n in sorted(now)))


def key_csv(assignment: str | Assignment, roster: Iterable[Student], lang: str | None = None, *,
            secret: bytes | None = None) -> str:
    """The teacher's answer key: one row per student and question, computed by the engine.

    ``lang`` words the keys and prompts (``None``: the default language); the columns are
    identifiers, and the keys are the same answers in every language.  ``secret`` is the
    class secret the papers are dealt with (``None``: the public papers).
    """
    code = lang_code(lang)
    spec = assignment if isinstance(assignment, Assignment) else get_assignment(assignment)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "name", "question", "kind", "points", "key", "prompt"])
    for student in roster:
        for question in make_paper(spec, student.id, code, secret=secret).questions:
            kind = question.question_kind
            prompt = kind.title_text(code) if kind.is_program else kind.prompt(question.params, code)
            writer.writerow([student.id, _cell(student.name), question.qid, question.kind,
                             question.points, _cell(kind.key_text(question.params, code)),
                             _cell(prompt.replace("**", ""))])
    return out.getvalue()
