"""``bacara-teach assignment ...`` and ``bacara-teach grade``: make, hand out and grade papers.

* ``assignment list`` - the assignments and their questions;
* ``assignment make NAME --roster roster.csv --out DIR`` - one notebook per student, ``DIR/<id>.ipynb``;
* ``assignment key NAME --roster roster.csv --out key.csv`` - the answer key, per student and question;
* ``assignment practice [NAME ...] --out DIR`` - the practice papers (student ``practice``);
* ``assignment print NAME --roster roster.csv --out DIR`` - printable papers, their key and the
  rules card (HTML with print styles);
* ``grade DIR --assignment NAME --roster roster.csv --out gradebook.csv`` - the gradebook (``--format
  csv|canvas|moodle``), one feedback file per student and the class report (HTML and CSV).

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

from bacara_teach.cli.messages import add_lang_argument, t
from bacara_teach.errors import IllegalAction

__all__ = ["register"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    assignment = sub.add_parser(
        "assignment", help="list assignments, make students' notebooks, print answer keys",
        description="Graded exercises: list the assignments, make one notebook per student "
        "from a roster (CSV with columns id,name), or write the teacher's answer key.")
    actions = assignment.add_subparsers(dest="action", metavar="ACTION", required=True)

    listing = actions.add_parser("list", help="list the assignments")
    add_lang_argument(listing)
    listing.set_defaults(run=run_list)

    make = actions.add_parser("make", help="write one notebook per student: DIR/<id>.ipynb")
    make.add_argument("name", metavar="NAME", help="the assignment (see 'assignment list')")
    make.add_argument("--roster", required=True, type=Path, help="CSV file with columns id,name")
    make.add_argument("--out", required=True, type=Path, help="folder for the notebooks")
    make.add_argument("--force", action="store_true", help="overwrite notebooks already there")
    add_lang_argument(make)
    make.set_defaults(run=run_make)

    key = actions.add_parser("key", help="write the answer key (CSV, per student and question)")
    key.add_argument("name", metavar="NAME", help="the assignment")
    key.add_argument("--roster", required=True, type=Path, help="CSV file with columns id,name")
    key.add_argument("--out", required=True, type=Path, help="the key's CSV file")
    add_lang_argument(key)
    key.set_defaults(run=run_key)

    practice = actions.add_parser("practice", help="write the practice notebooks DIR/<NAME>.ipynb")
    practice.add_argument("names", metavar="NAME", nargs="*", help="assignments (default: all)")
    practice.add_argument("--out", required=True, type=Path, help="folder for the notebooks")
    add_lang_argument(practice)
    practice.set_defaults(run=run_practice)

    printing = actions.add_parser(
        "print", help="write printable papers DIR/<id>.html, the key DIR/key.html and the rules card",
        description="Printable papers: one HTML page per student (the questions and a box per "
        "answer, with print styles), the answer key of every paper (key.html, for the teacher), "
        "and the one-page rules card of both third-card tables in English and Spanish "
        "(rules-card.en.html, rules-card.es.html). Print them from a browser, or save them as PDF.")
    printing.add_argument("name", metavar="NAME", help="the assignment")
    printing.add_argument("--roster", required=True, type=Path, help="CSV file with columns id,name")
    printing.add_argument("--out", required=True, type=Path, help="folder for the pages")
    printing.add_argument("--force", action="store_true", help="overwrite pages already there")
    add_lang_argument(printing)
    printing.set_defaults(run=run_print)

    grade = sub.add_parser(
        "grade", help="grade a folder of submitted notebooks into a gradebook",
        description="Grade DIR/<id>.ipynb for every student of the roster. Each student is "
        "graded on their own paper, dealt again from the assignment and the roster id; value "
        "answers are read as data and programs run in a separate, limited process.")
    grade.add_argument("folder", metavar="DIR", type=Path, help="folder of submitted notebooks")
    grade.add_argument("--assignment", required=True, help="the assignment")
    grade.add_argument("--roster", required=True, type=Path, help="CSV file with columns id,name")
    grade.add_argument("--out", required=True, type=Path, help="the gradebook's CSV file")
    grade.add_argument("--feedback", type=Path, default=None,
                       help="folder for the feedback files <id>.md (default: 'feedback' beside the gradebook)")
    grade.add_argument("--format", dest="file_format", choices=("csv", "canvas", "moodle"),
                       default="csv",
                       help="the gradebook's columns: this package's CSV (default), or the CSV "
                       "that Canvas's or Moodle's grade import reads")
    grade.add_argument("--report", type=Path, default=None,
                       help="the class report's HTML file; its CSV goes beside it (default: "
                       "<gradebook>.report.html and .report.csv beside the gradebook)")
    grade.add_argument("--jobs", type=int, default=2, help="submissions graded at once (default 2)")
    grade.add_argument("--time-limit", type=float, default=10.0,
                       help="seconds a program answer may run (default 10)")
    add_lang_argument(grade)
    grade.set_defaults(run=run_grade)


def shown(name: object) -> str:
    """A file name as it may be printed: control characters (a terminal's escape codes among
    them) written as ``\\x1b``-style escapes, so that a name cannot drive the terminal.

    >>> shown("ana\\x1b[2J.ipynb"), shown("Bó.ipynb")
    ('ana\\\\x1b[2J.ipynb', 'Bó.ipynb')
    """
    text = str(name)
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in text)


def run_list(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import ASSIGNMENTS, get_kind

    lang = args.lang
    for spec in ASSIGNMENTS.values():
        print(f"{spec.name}: {spec.title_text(lang)} ("
              + t(lang, f"{spec.question_count} questions, {spec.maximum} points)",
                  f"{spec.question_count} preguntas, {spec.maximum} puntos)"))
        for item in spec.items:
            kind = get_kind(item.kind)
            each = (t(lang, "point", "punto") if item.points == 1
                    else t(lang, "points", "puntos"))
            options = kind.options_text(item.options, lang) if item.options else ""
            title = f"{kind.title_text(lang)} {options}" if options else kind.title_text(lang)
            print(f"  {item.count} x {kind.name}: {title}, {item.points} {each} "
                  + t(lang, "each", "cada una"))
    return 0


def run_make(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import get_assignment, make_paper
    from bacara_teach.exercises.notebook import notebook_text, paper_notebook, write_text_atomic
    from bacara_teach.exercises.roster import read_roster

    spec = get_assignment(args.name)
    students = read_roster(args.roster)
    out: Path = args.out
    lang = args.lang
    if out.exists() and not out.is_dir():
        raise IllegalAction(t(lang, f"--out {str(out)!r} is a file: expected a folder for the notebooks",
                              f"--out {str(out)!r} es un archivo: se esperaba una carpeta para los "
                              "cuadernos"))
    targets = [(s, out / f"{s.id}.ipynb") for s in students]
    existing = [p.name for _, p in targets if p.exists()]
    if existing and not args.force:
        shown = ", ".join(existing[:5]) + (" ..." if len(existing) > 5 else "")
        raise IllegalAction(t(lang,
                              f"{len(existing)} notebook(s) already in {str(out)!r} ({shown}): "
                              "nothing was written; use --force to overwrite them",
                              f"ya hay {len(existing)} cuaderno(s) en {str(out)!r} ({shown}): "
                              "no se escribió nada; use --force para sobrescribirlos"))
    texts = [(path, notebook_text(paper_notebook(make_paper(spec, s.id, lang)))) for s, path in targets]
    for path, text in texts:
        write_text_atomic(path, text)
    print(t(lang, f"wrote {len(texts)} notebooks of '{spec.name}' to {out}",
            f"se escribieron {len(texts)} cuadernos de '{spec.name}' en {out}"))
    return 0


def run_key(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import get_assignment
    from bacara_teach.exercises.grading import key_csv
    from bacara_teach.exercises.notebook import write_text_atomic
    from bacara_teach.exercises.roster import read_roster

    spec = get_assignment(args.name)
    students = read_roster(args.roster)
    write_text_atomic(args.out, key_csv(spec, students, args.lang))
    print(t(args.lang, f"wrote the key of '{spec.name}' for {len(students)} students to {args.out}",
            f"se escribieron las respuestas de '{spec.name}' para {len(students)} estudiantes en "
            f"{args.out}"))
    return 0


def run_print(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import get_assignment, make_paper
    from bacara_teach.exercises.notebook import write_text_atomic
    from bacara_teach.exercises.printing import key_html, paper_html, rules_card_html
    from bacara_teach.exercises.roster import read_roster

    spec = get_assignment(args.name)
    students = read_roster(args.roster)
    out: Path = args.out
    lang = args.lang
    if out.exists() and not out.is_dir():
        raise IllegalAction(t(lang, f"--out {str(out)!r} is a file: expected a folder for the pages",
                              f"--out {str(out)!r} es un archivo: se esperaba una carpeta para "
                              "las páginas"))
    pages = [(out / f"{s.id}.html", paper_html(make_paper(spec, s.id, lang))) for s in students]
    pages.append((out / "key.html", key_html(spec, students, lang)))
    pages += [(out / f"rules-card.{code}.html", rules_card_html(code)) for code in ("en", "es")]
    existing = [p.name for p, _ in pages if p.exists()]
    if existing and not args.force:
        listed = ", ".join(existing[:5]) + (" ..." if len(existing) > 5 else "")
        raise IllegalAction(t(lang,
                              f"{len(existing)} page(s) already in {str(out)!r} ({listed}): "
                              "nothing was written; use --force to overwrite them",
                              f"ya hay {len(existing)} página(s) en {str(out)!r} ({listed}): "
                              "no se escribió nada; use --force para sobrescribirlas"))
    for path, text in pages:
        write_text_atomic(path, text)
    print(t(lang, f"wrote {len(students)} printable papers of '{spec.name}', key.html and the "
                  f"rules card to {out}",
            f"se escribieron {len(students)} hojas para imprimir de '{spec.name}', key.html y la "
            f"tarjeta de reglas en {out}"))
    return 0


def run_practice(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import ASSIGNMENTS, get_assignment
    from bacara_teach.exercises.notebook import write_text_atomic
    from bacara_teach.exercises.practice import practice_text

    specs = [get_assignment(n) for n in args.names] if args.names else list(ASSIGNMENTS.values())
    for spec in specs:
        write_text_atomic(args.out / f"{spec.name}.ipynb", practice_text(spec.name, args.lang))
    print(t(args.lang, f"wrote {len(specs)} practice notebooks to {args.out}",
            f"se escribieron {len(specs)} cuadernos de práctica en {args.out}"))
    return 0


def run_grade(args: argparse.Namespace) -> int:
    from bacara_teach.exercises import get_assignment
    from bacara_teach.exercises.grading import (
        IsolationWarning,
        OutputRefused,
        check_file_target,
        check_folder_target,
        default_feedback_dir,
        default_report,
        format_points,
        grade_directory,
        write_gradebook,
    )
    from bacara_teach.exercises.questions import error_text
    from bacara_teach.exercises.roster import read_roster
    from bacara_teach.exercises.sandbox import Limits

    lang = args.lang
    spec = get_assignment(args.assignment)
    students = read_roster(args.roster)
    if not args.folder.is_dir():
        raise IllegalAction(t(lang, f"submissions folder {str(args.folder)!r} not found",
                              f"no se encuentra la carpeta de entregas {str(args.folder)!r}"))
    if not 1 <= args.jobs <= 32:
        raise IllegalAction(t(lang, f"--jobs {args.jobs}: expected 1 to 32",
                              f"--jobs {args.jobs}: se esperaba de 1 a 32"))
    if not 0 < args.time_limit <= 600:
        raise IllegalAction(t(lang,
                              f"--time-limit {args.time_limit:g}: expected more than 0 and at most "
                              "600 seconds",
                              f"--time-limit {args.time_limit:g}: se esperaba más de 0 y como mucho "
                              "600 segundos"))
    out: Path = args.out
    feedback_dir: Path = args.feedback if args.feedback is not None else default_feedback_dir(out)
    report: Path = args.report if args.report is not None else default_report(out)
    try:  # every place is checked before anything is graded or written
        check_file_target(out, "--out")
        check_folder_target(feedback_dir, "--feedback")
        for place in (report, report.with_suffix(".csv")):
            check_file_target(place, "--report")
    except OutputRefused as error:
        raise IllegalAction(error_text(error, lang)) from None
    targets = {out.resolve(), report.resolve(), report.with_suffix(".csv").resolve()}
    if len(targets) != 3:
        raise IllegalAction(t(lang, f"--out and --report name the same file ({str(out)!r})",
                              f"--out y --report nombran el mismo archivo ({str(out)!r})"))
    limits = Limits(wall_seconds=args.time_limit, cpu_seconds=max(1, int(args.time_limit)))
    with warnings.catch_warnings():
        # The gradebook carries its notices; they are told below, once, in plain words.
        warnings.simplefilter("ignore", IsolationWarning)
        book = grade_directory(args.folder, spec, students, limits=limits, jobs=args.jobs,
                               lang=lang)
    feedback = write_gradebook(book, out, feedback_dir, lang, file_format=args.file_format,
                               report=report)
    for notice in book.notices:
        print(t(lang, "bacara-teach: notice: ", "bacara-teach: aviso: ") + notice, file=sys.stderr)
    counts: dict[str, int] = {}
    for grade in book.grades:
        counts[grade.status] = counts.get(grade.status, 0) + 1
    summary = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
    print(t(lang, f"graded '{spec.name}' for {len(book.grades)} students ({summary})",
            f"se corrigió '{spec.name}' para {len(book.grades)} estudiantes ({summary})"))
    print(t(lang, f"gradebook: {shown(out)}; feedback: {shown(feedback)}; class report: "
                  f"{shown(report)} (and .csv)",
            f"calificaciones: {shown(out)}; comentarios: {shown(feedback)}; informe de la clase: "
            f"{shown(report)} (y .csv)"))
    if book.grades:
        mean = sum((g.total for g in book.grades), start=0 * book.grades[0].total) / len(book.grades)
        print(t(lang, "mean", "media") + f" {format_points(mean)} / {spec.maximum}")
    for name in book.unexpected:
        print(t(lang, f"not graded (no such student on the roster): {shown(name)}",
                f"sin corregir (no hay tal estudiante en la lista): {shown(name)}"))
    return 0
