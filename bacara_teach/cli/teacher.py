"""``bacara-teach assignment ...`` and ``bacara-teach grade``: make, hand out and grade papers.

* ``assignment list`` - the assignments and their questions;
* ``assignment make NAME --roster roster.csv --out DIR`` - one notebook per student, ``DIR/<id>.ipynb``;
* ``assignment key NAME --roster roster.csv --out key.csv`` - the answer key, per student and question;
* ``assignment practice [NAME ...] --out DIR`` - the practice papers (student ``practice``);
* ``assignment print NAME --roster roster.csv --out DIR`` - printable papers, their key and the
  rules card (HTML with print styles);
* ``grade DIR --assignment NAME --roster roster.csv --out gradebook.csv`` - the gradebook (``--format
  csv|canvas|moodle``), one feedback file per student and the class report (HTML and CSV).

Graded papers are dealt with the class secret: ``make`` creates it the first time, beside
the roster (``roster.csv.secret``, readable by its owner only), and ``key``, ``print`` and
``grade`` read it from there; ``--secret FILE`` names another.  Without it no one can deal a
student's paper again, nor compute its key.

The roster is checked before anything is written; a refused command writes nothing.
What these commands print follows ``--lang``; the assignments' titles, the notebooks, keys,
gradebooks and feedback files, and the notices of the grader come from
:mod:`bacara_teach.exercises` as they are.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path

from bacara_teach.cli.messages import add_lang_argument, current_language
from bacara_teach.errors import IllegalAction
from bacara_teach.files import check_output_file, check_output_folder
from bacara_teach.text import (
    format_number,
    language_codes,
    localize_number,
    message,
    nmessage,
    ntr,
    tr,
)

__all__ = ["register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lang = current_language()
    roster_help = tr("CSV file with columns {columns}", lang, columns="id,name")
    secret_help = tr("the class secret's file (default: {path} beside the roster; keep it, and "
                     "never hand it out)", lang, path="<roster>.secret")
    assignment = sub.add_parser(
        "assignment", help=tr("list assignments, make students' notebooks, print answer keys", lang),
        description=tr("Graded exercises: list the assignments, make one notebook per student "
                       "from a roster (CSV with columns {columns}), or write the teacher's "
                       "answer key.", lang, columns="id,name"))
    actions = assignment.add_subparsers(dest="action", metavar=tr("ACTION", lang), required=True)

    listing = actions.add_parser("list", help=tr("list the assignments", lang))
    add_lang_argument(listing)
    listing.set_defaults(run=run_list)

    name = tr("NAME", lang)
    make = actions.add_parser("make", help=tr("write one notebook per student: {path}", lang,
                                              path="DIR/<id>.ipynb"))
    make.add_argument("name", metavar=name,
                      help=tr("the assignment (see '{command}')", lang, command="assignment list"))
    make.add_argument("--roster", required=True, type=Path, help=roster_help)
    make.add_argument("--out", required=True, type=Path, help=tr("folder for the notebooks", lang))
    make.add_argument("--force", action="store_true",
                      help=tr("overwrite notebooks already there", lang))
    make.add_argument("--secret", type=Path, default=None, metavar=tr("FILE", lang),
                      help=secret_help + " " + tr("(made if it does not exist)", lang))
    add_lang_argument(make)
    make.set_defaults(run=run_make)

    key = actions.add_parser("key", help=tr("write the answer key (CSV, per student and "
                                            "question)", lang))
    key.add_argument("name", metavar=name, help=tr("the assignment", lang))
    key.add_argument("--roster", required=True, type=Path, help=roster_help)
    key.add_argument("--out", required=True, type=Path, help=tr("the key's CSV file", lang))
    key.add_argument("--secret", type=Path, default=None, metavar=tr("FILE", lang), help=secret_help)
    add_lang_argument(key)
    key.set_defaults(run=run_key)

    practice = actions.add_parser("practice", help=tr("write the practice notebooks {path}", lang,
                                                      path="DIR/<NAME>.ipynb"))
    practice.add_argument("names", metavar=name, nargs="*",
                          help=tr("assignments (default: all)", lang))
    practice.add_argument("--out", required=True, type=Path,
                          help=tr("folder for the notebooks", lang))
    add_lang_argument(practice)
    practice.set_defaults(run=run_practice)

    printing = actions.add_parser(
        "print", help=tr("write printable papers {papers}, the key {key} and the rules card", lang,
                         papers="DIR/<id>.html", key="DIR/key.html"),
        description=tr(
            "Printable papers: one HTML page per student (the questions and a box per answer, "
            "with print styles), the answer key of every paper ({key}, for the teacher), and "
            "the one-page rules card of both third-card tables in every language of the "
            "project ({cards}). Print them from a browser, or save them as PDF.", lang,
            key="key.html", cards="rules-card.<lang>.html"))
    printing.add_argument("name", metavar=name, help=tr("the assignment", lang))
    printing.add_argument("--roster", required=True, type=Path, help=roster_help)
    printing.add_argument("--out", required=True, type=Path, help=tr("folder for the pages", lang))
    printing.add_argument("--force", action="store_true",
                          help=tr("overwrite pages already there", lang))
    printing.add_argument("--secret", type=Path, default=None, metavar=tr("FILE", lang),
                          help=secret_help)
    add_lang_argument(printing)
    printing.set_defaults(run=run_print)

    grade = sub.add_parser(
        "grade", help=tr("grade a folder of submitted notebooks into a gradebook", lang),
        description=tr("Grade {path} for every student of the roster. Each student is graded "
                       "on their own paper, dealt again from the assignment, the roster id and "
                       "the class secret; value answers are read as data and programs run in a "
                       "separate, limited process.", lang, path="DIR/<id>.ipynb"))
    grade.add_argument("folder", metavar=tr("DIR", lang), type=Path,
                       help=tr("folder of submitted notebooks", lang))
    grade.add_argument("--assignment", required=True, help=tr("the assignment", lang))
    grade.add_argument("--roster", required=True, type=Path, help=roster_help)
    grade.add_argument("--out", required=True, type=Path, help=tr("the gradebook's CSV file", lang))
    grade.add_argument("--secret", type=Path, default=None, metavar=tr("FILE", lang), help=secret_help)
    grade.add_argument("--feedback", type=Path, default=None,
                       help=tr("folder for the feedback files {files} (default: '{default}' "
                               "beside the gradebook)", lang, files="<id>.md", default="feedback"))
    grade.add_argument("--format", dest="file_format", choices=("csv", "canvas", "moodle"),
                       default="csv",
                       help=tr("the gradebook's columns: this package's CSV (default), or the "
                               "CSV that Canvas's or Moodle's grade import reads", lang))
    grade.add_argument("--report", type=Path, default=None,
                       help=tr("the class report's HTML file; its CSV goes beside it (default: "
                               "{html} and {csv} beside the gradebook)", lang,
                               html="<gradebook>.report.html", csv=".report.csv"))
    grade.add_argument("--jobs", type=int, default=2,
                       help=tr("submissions graded at once (default {default})", lang, default=2))
    grade.add_argument("--time-limit", type=float, default=10.0,
                       help=tr("seconds a program answer may run (default {default})", lang,
                               default=10))
    add_lang_argument(grade)
    grade.set_defaults(run=run_grade)


def shown(name: object) -> str:
    """A file name or a student's text as it may be printed (:func:`.untrusted.safe_text`):
    control characters (a terminal's escape codes among them) written as ``\\x1b``-style
    escapes, so that a name cannot drive the terminal.

    >>> shown("ana\\x1b[2J.ipynb"), shown("Bó.ipynb")
    ('ana\\\\x1b[2J.ipynb', 'Bó.ipynb')
    """
    from bacara_teach.exercises.untrusted import safe_text

    return safe_text(name, 1000)


def secret_path(args: argparse.Namespace) -> Path:
    """The class secret's file: ``--secret``, or ``<roster>.secret`` beside the roster."""
    from bacara_teach.exercises.secret import default_secret_path

    return args.secret if args.secret is not None else default_secret_path(args.roster)


def run_list(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import ASSIGNMENTS, get_kind

    lang = args.lang
    for spec in ASSIGNMENTS.values():
        print(tr("{name}: {title} ({questions}, {points})", lang, name=spec.name,
                 title=spec.title_text(lang),
                 questions=nmessage("{count} question", "{count} questions", spec.question_count),
                 points=nmessage("{count} point", "{count} points", spec.maximum)))
        for item in spec.items:
            kind = get_kind(item.kind)
            options = kind.options_text(item.options, lang) if item.options else ""
            title = f"{kind.title_text(lang)} {options}" if options else kind.title_text(lang)
            print(ntr("  {times} x {kind}: {title}, {count} point each",
                      "  {times} x {kind}: {title}, {count} points each", item.points, lang,
                      times=item.count, kind=kind.name, title=title))
    return 0


def run_make(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import get_assignment, make_paper
    from bacara_teach.exercises.notebook import notebook_text, paper_notebook, write_text_atomic
    from bacara_teach.exercises.roster import read_roster
    from bacara_teach.exercises.secret import create_secret, read_secret

    spec = get_assignment(args.name)
    students = read_roster(args.roster)
    out: Path = args.out
    lang = args.lang
    if out.exists() and not out.is_dir():
        raise IllegalAction(message("--out {path!r} is a file: expected a folder for the notebooks",
                                    path=str(out)))
    check_output_folder(out, "--out")
    targets = [(s, out / f"{s.id}.ipynb") for s in students]
    existing = [p.name for _, p in targets if p.exists()]
    if existing and not args.force:
        shown = ", ".join(existing[:5]) + (" ..." if len(existing) > 5 else "")
        raise IllegalAction(nmessage(
            "{count} notebook already in {path!r} ({names}): nothing was written; use --force "
            "to overwrite it",
            "{count} notebooks already in {path!r} ({names}): nothing was written; use --force "
            "to overwrite them", len(existing), path=str(out), names=shown))
    secret_file = secret_path(args)
    made = not (secret_file.exists() or secret_file.is_symlink())
    if not made:
        read_secret(secret_file)  # a file that is not a secret is refused before anything is written
    if secret_file.parent.resolve() == out.resolve():
        raise IllegalAction(message(
            "the class secret {path!r} would be in --out, the folder handed out: keep it apart",
            path=str(secret_file)))
    secret = create_secret(secret_file)
    texts = [(path, notebook_text(paper_notebook(make_paper(spec, s.id, lang, secret=secret))))
             for s, path in targets]
    for path, text in texts:
        write_text_atomic(path, text)
    if made:
        print(tr("made the class secret {path}: keep it, and never hand it out (without it the "
                 "papers cannot be dealt again nor graded; with it anyone could compute their "
                 "keys)", lang, path=str(secret_file)))
    print(ntr("wrote {count} notebook of '{name}' to {path}",
              "wrote {count} notebooks of '{name}' to {path}", len(texts), lang, name=spec.name,
              path=str(out)))
    return 0


def run_key(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import get_assignment
    from bacara_teach.exercises.grading import key_csv
    from bacara_teach.exercises.notebook import write_text_atomic
    from bacara_teach.exercises.roster import read_roster
    from bacara_teach.exercises.secret import read_secret

    spec = get_assignment(args.name)
    students = read_roster(args.roster)
    secret = read_secret(secret_path(args))
    check_output_file(args.out, "--out", make_folders=True)
    write_text_atomic(args.out, key_csv(spec, students, args.lang, secret=secret))
    print(ntr("wrote the key of '{name}' for {count} student to {path}",
              "wrote the key of '{name}' for {count} students to {path}", len(students),
              args.lang, name=spec.name, path=str(args.out)))
    return 0


def run_print(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import get_assignment, make_paper
    from bacara_teach.exercises.notebook import write_text_atomic
    from bacara_teach.exercises.printing import key_html, paper_html, rules_card_html
    from bacara_teach.exercises.roster import read_roster
    from bacara_teach.exercises.secret import read_secret

    spec = get_assignment(args.name)
    students = read_roster(args.roster)
    secret = read_secret(secret_path(args))
    out: Path = args.out
    lang = args.lang
    if out.exists() and not out.is_dir():
        raise IllegalAction(message("--out {path!r} is a file: expected a folder for the pages",
                                    path=str(out)))
    check_output_folder(out, "--out")
    pages = [(out / f"{s.id}.html", paper_html(make_paper(spec, s.id, lang, secret=secret)))
             for s in students]
    pages.append((out / "key.html", key_html(spec, students, lang, secret=secret)))
    pages += [(out / f"rules-card.{code}.html", rules_card_html(code)) for code in language_codes()]
    existing = [p.name for p, _ in pages if p.exists()]
    if existing and not args.force:
        listed = ", ".join(existing[:5]) + (" ..." if len(existing) > 5 else "")
        raise IllegalAction(nmessage(
            "{count} page already in {path!r} ({names}): nothing was written; use --force to "
            "overwrite it",
            "{count} pages already in {path!r} ({names}): nothing was written; use --force to "
            "overwrite them", len(existing), path=str(out), names=listed))
    for path, text in pages:
        write_text_atomic(path, text)
    print(ntr("wrote {count} printable paper of '{name}', {key} and the rules card to {path}",
              "wrote {count} printable papers of '{name}', {key} and the rules card to {path}",
              len(students), lang, name=spec.name, key="key.html", path=str(out)))
    return 0


def run_practice(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import ASSIGNMENTS, get_assignment
    from bacara_teach.exercises.notebook import write_text_atomic
    from bacara_teach.exercises.practice import practice_text

    specs = [get_assignment(n) for n in args.names] if args.names else list(ASSIGNMENTS.values())
    check_output_folder(args.out, "--out")
    for spec in specs:
        write_text_atomic(args.out / f"{spec.name}.ipynb", practice_text(spec.name, args.lang))
    print(ntr("wrote {count} practice notebook to {path}",
              "wrote {count} practice notebooks to {path}", len(specs), args.lang,
              path=str(args.out)))
    return 0


def run_grade(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import get_assignment
    from bacara_teach.exercises.grading import (
        FAILED,
        UNREADABLE,
        IsolationWarning,
        OutputRefused,
        check_class_secret,
        check_file_target,
        check_folder_target,
        default_feedback_dir,
        default_report,
        format_points,
        grade_directory,
        submission_status,
        write_gradebook,
    )
    from bacara_teach.exercises.roster import read_roster
    from bacara_teach.exercises.sandbox import Limits
    from bacara_teach.exercises.secret import read_secret

    lang = args.lang
    spec = get_assignment(args.assignment)
    students = read_roster(args.roster)
    if not args.folder.is_dir():
        raise IllegalAction(message("submissions folder {path!r} not found",
                                    path=str(args.folder)))
    if not 1 <= args.jobs <= 32:
        raise IllegalAction(message("--jobs {jobs}: expected {least} to {most}",
                                    jobs=str(args.jobs), least=1, most=32))
    if not 0 < args.time_limit <= 600:
        raise IllegalAction(message("--time-limit {given}: expected more than 0 and at most "
                                    "{most} seconds", given=format(args.time_limit, "g"),
                                    most=600))
    out: Path = args.out
    feedback_dir: Path = args.feedback if args.feedback is not None else default_feedback_dir(out)
    report: Path = args.report if args.report is not None else default_report(out)
    try:  # every place is checked before anything is graded or written
        check_file_target(out, "--out")
        check_folder_target(feedback_dir, "--feedback")
        for place in (report, report.with_suffix(".csv")):
            check_file_target(place, "--report")
    except OutputRefused as error:
        raise IllegalAction(error.message) from None
    targets = {out.resolve(), report.resolve(), report.with_suffix(".csv").resolve()}
    if len(targets) != 3:
        raise IllegalAction(message("--out and --report name the same file ({path!r})",
                                    path=str(out)))
    secret_file = secret_path(args)
    secret = read_secret(secret_file)
    check_class_secret(args.folder, students, secret, secret_file)
    limits = Limits(wall_seconds=args.time_limit, cpu_seconds=max(1, int(args.time_limit)))
    with warnings.catch_warnings():
        # The gradebook carries its notices; they are told below, once, in plain words.
        warnings.simplefilter("ignore", IsolationWarning)
        book = grade_directory(args.folder, spec, students, limits=limits, jobs=args.jobs,
                               lang=lang, secret=secret)
    feedback = write_gradebook(book, out, feedback_dir, lang, file_format=args.file_format,
                               report=report)
    for notice in book.notices:
        print(tr("{prog}: notice: {notice}", lang, prog="bacara-teach", notice=notice),
              file=sys.stderr)
    counts: dict[str, int] = {}
    for grade in book.grades:
        counts[grade.status] = counts.get(grade.status, 0) + 1
    summary = ", ".join(f"{format_number(n, '', lang)} {submission_status(status, lang)}"
                        for status, n in sorted(counts.items()))
    print(ntr("graded '{name}' for {count} student ({summary})",
              "graded '{name}' for {count} students ({summary})", len(book.grades), lang,
              name=spec.name, summary=summary))
    print(tr("gradebook: {gradebook}; feedback: {feedback}; class report: {report} (and .csv)",
             lang, gradebook=shown(out), feedback=shown(feedback), report=shown(report)))
    if book.grades:
        mean = sum((g.total for g in book.grades), start=0 * book.grades[0].total) / len(book.grades)
        print(tr("mean {mean} / {maximum}", lang, mean=localize_number(format_points(mean), lang),
                 maximum=spec.maximum))
    for name in book.unexpected:
        print(tr("not graded (no such student on the roster): {name}", lang, name=shown(name)))
    for grade in book.grades:
        if grade.status in (UNREADABLE, FAILED):
            print(tr("could not be read or graded in full: {student}: {reason}", lang,
                     student=grade.student.id, reason=shown(grade.reason)))
    return 0
