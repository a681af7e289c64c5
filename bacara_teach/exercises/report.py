"""The class report: what a graded class got right, by question kind, question and table cell.

Built from a :class:`~.grading.Gradebook` after grading: for every question kind
and every question id, how many of the students who handed in a paper were
right, partly right, wrong, or gave no readable answer, and their most common
wrong answers; for every cell of the third-card tables (Punto Banco's and Chemin
de Fer's) that a question asked about, the same counts: the class mastery map.
Papers that were not handed in (``missing``, ``unreadable``) are counted apart
and in no question.  The counts are computed from the marks; a question counts
as right when it earned all its points, partly right when it earned some.

>>> from bacara_teach.exercises.grading import grade_notebook, Gradebook
>>> from bacara_teach.exercises.assignments import get_assignment, make_paper
>>> from bacara_teach.exercises.roster import Student
>>> paper = make_paper("scoring", "ana")
>>> book = Gradebook(assignment=get_assignment("scoring"),
...                  grades=(grade_notebook(b"", Student("ana", "Ana"), paper),))
>>> report = class_report(book)
>>> report.handed_in, report.not_handed_in, report.kinds[0].asked
(0, 1, 0)
"""

from __future__ import annotations

import csv
import html
import io
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bacara_teach.exercises.assignments import make_paper
from bacara_teach.exercises.grading import FAILED, GRADED, Gradebook, QuestionGrade
from bacara_teach.exercises.questions import Question, Status, lang_code
from bacara_teach.text import N_, SOURCE_LANGUAGE, format_number, ntr, ptr, tr

__all__ = ["ClassReport", "Tally", "class_report", "report_csv", "report_html", "table_cell"]

HANDED_IN = (GRADED, FAILED)
"""Submission statuses whose answers count in the report."""
COMMON = 3
"""How many of the most common wrong answers are listed."""
_THIRDS: tuple[int | None, ...] = (None, *range(10))
_GAMES = {"punto-banco": "Punto Banco", "chemin-de-fer": "Chemin de Fer"}
"""The games of the mastery map (their names are the same in every language)."""
_HANDS = {"punto": "Punto", "banco": "Banco",
          "bettor": N_("the bettor (Punto)"), "banker": N_("the banker (Banco)")}
"""Whose decision a table cell is (the Chemin de Fer roles are messages)."""


def table_cell(question: Question) -> tuple[str, str, int, int | None] | None:
    """The third-card table cell a question asks about: (game, hand, total, Punto's third card).

    >>> table_cell(Question(qid="q3", kind="banco-cell", points=1, params={"total": 6, "third": 4}))
    ('punto-banco', 'banco', 6, 4)
    >>> table_cell(Question(qid="q7", kind="situation", points=1, params={"cards": "7♣ J♣ 5♥ 4♥ 6♠"}))
    ('punto-banco', 'banco', 4, 6)
    >>> table_cell(Question(qid="q1", kind="score", points=1, params={"cards": "7♦ 7♦"})) is None
    True
    """
    params = question.params
    if question.kind == "punto-rule":
        return ("punto-banco", "punto", int(params["total"]), None)
    if question.kind == "banco-cell":
        return ("punto-banco", "banco", int(params["total"]), params["third"])
    if question.kind == "situation":  # Banco's cell, read from the dealt cards (none on a natural)
        from bacara_teach.exercises.kinds_punto_banco import banco_situation
        from bacara_teach.exercises.questions import cards_param

        banco, punto = banco_situation(cards_param(params, "cards", question.kind))
        if punto is None or banco.cell is None:
            return None
        return ("punto-banco", "banco", banco.cell.total, banco.cell.third)
    if question.kind == "cdf-cell":
        hand = "bettor" if params["hand"] == "bettor" else "banker"
        return ("chemin-de-fer", hand, int(params["total"]),
                None if hand == "bettor" else params["third"])
    return None


@dataclass
class Tally:
    """How the class did on a group of answers (a kind, a question or a table cell)."""

    label: str
    asked: int = 0
    right: int = 0
    partly: int = 0
    wrong: int = 0
    unreadable: int = 0
    """Answers of the wrong type, or that could not be read, or programs that failed to run."""
    unanswered: int = 0
    wrong_answers: Counter[str] = field(default_factory=Counter)

    def add(self, grade: QuestionGrade, wrong_answer: str | None) -> None:
        self.asked += 1
        status = grade.mark.status
        if grade.mark.earned == 1:
            self.right += 1
        elif grade.mark.earned > 0:
            self.partly += 1
        elif status == Status.UNANSWERED:
            self.unanswered += 1
        elif status == Status.WRONG:
            self.wrong += 1
        else:
            self.unreadable += 1
        if wrong_answer is not None and grade.mark.earned < 1:
            self.wrong_answers[wrong_answer] += 1

    def common(self, count: int = COMMON) -> list[tuple[str, int]]:
        """The most common wrong answers, most frequent first (ties in the order first seen)."""
        return self.wrong_answers.most_common(count)


@dataclass(frozen=True, kw_only=True)
class ClassReport:
    """The report of one graded assignment (see the module's docstring)."""

    assignment: str
    title: str
    handed_in: int
    not_handed_in: int
    kinds: tuple[Tally, ...]
    questions: tuple[Tally, ...]
    cells: Mapping[tuple[str, str, int, int | None], Tally]
    lang: str = SOURCE_LANGUAGE


def _wrong_answer(grade: QuestionGrade) -> str | None:
    """The answer as a value, for the list of common wrong answers (``None``: no value given)."""
    question = grade.question
    kind = question.question_kind
    if kind.is_program or grade.answer is None or grade.mark.status == Status.UNANSWERED:
        return None
    return grade.given


def class_report(gradebook: Gradebook) -> ClassReport:
    """The class report of a gradebook (its words in the gradebook's language)."""
    code = gradebook.lang
    spec = gradebook.assignment
    kinds: dict[str, Tally] = {}
    for question in make_paper(spec, "practice").questions:
        kind = question.question_kind
        kinds.setdefault(question.kind, Tally(f"{kind.title_text(code)} ({question.kind})"))
    questions = {q.qid: Tally(q.qid) for q in make_paper(spec, "practice").questions}
    cells: dict[tuple[str, str, int, int | None], Tally] = {}
    handed_in = 0
    for submission in gradebook.grades:
        if submission.status not in HANDED_IN:
            continue
        handed_in += 1
        for grade in submission.grades:
            wrong = _wrong_answer(grade)
            kinds[grade.question.kind].add(grade, wrong)
            questions[grade.question.qid].add(grade, wrong)
            cell = table_cell(grade.question)
            if cell is not None:
                cells.setdefault(cell, Tally(_cell_label(cell, code))).add(grade, wrong)
    return ClassReport(assignment=spec.name, title=spec.title_text(code), handed_in=handed_in,
                       not_handed_in=len(gradebook.grades) - handed_in,
                       kinds=tuple(kinds.values()), questions=tuple(questions.values()),
                       cells=dict(sorted(cells.items(), key=lambda item: _cell_order(item[0]))),
                       lang=code)


def _cell_order(cell: tuple[str, str, int, int | None]) -> tuple[str, str, int, int]:
    game, hand, total, third = cell
    return (game, hand, total, -1 if third is None else third)


def _third_text(third: int | None, code: str) -> str:
    return tr("no third card", code) if third is None else format_number(third, "", code)


def _hand_name(hand: str, code: str) -> str:
    return tr(_HANDS[hand], code)


def _cell_label(cell: tuple[str, str, int, int | None], code: str) -> str:
    game, hand, total, third = cell
    if hand in ("punto", "bettor"):
        return tr("{game}: {hand} on {total}", code, game=_GAMES[game],
                  hand=_hand_name(hand, code), total=total)
    return tr("{game}: {hand} on {total}, Punto's third card {third}", code, game=_GAMES[game],
              hand=_hand_name(hand, code), total=total, third=_third_text(third, code))


# -- writing ---------------------------------------------------------------------------------------

CSV_COLUMNS = ("section", "group", "asked", "right", "partly", "wrong", "unreadable", "unanswered",
               "common_wrong_answers")
"""The report CSV's columns: ``section`` is ``kind``, ``question`` or ``cell``."""


def _common_text(tally: Tally) -> str:
    return "; ".join(f"{answer} ({count})" for answer, count in tally.common())


def report_csv(report: ClassReport) -> str:
    """The report as CSV (:data:`CSV_COLUMNS`): one row per kind, per question and per cell."""
    from bacara_teach.exercises.grading import spreadsheet_cell

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    rows: Iterable[tuple[str, Tally]] = [
        *(("kind", t) for t in report.kinds), *(("question", t) for t in report.questions),
        *(("cell", t) for t in report.cells.values())]
    for section, tally in rows:
        writer.writerow([section, spreadsheet_cell(tally.label), tally.asked, tally.right,
                         tally.partly, tally.wrong, tally.unreadable, tally.unanswered,
                         spreadsheet_cell(_common_text(tally))])
    return out.getvalue()


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #1a1a1a; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #999; padding: 0.25em 0.5em; text-align: left; }
td.num { text-align: right; }
table.map td { text-align: center; min-width: 3.2em; }
table.map td.empty { background: #f2f2f2; }
.legend { font-size: 0.9em; }
@media print { body { margin: 0; } table { page-break-inside: avoid; } }
"""


def _shade(tally: Tally) -> str:
    share = (tally.right + tally.partly / 2) / tally.asked if tally.asked else 0
    # from red (0) through yellow to green (1), light enough to read the text on
    hue = round(120 * share)
    return f"background: hsl({hue}, 70%, 80%)"


def _words(code: str) -> dict[str, str]:
    return {
        "title": tr("Class report", code),
        "kinds": tr("By kind of question", code),
        "questions": tr("By question", code),
        "map": tr("Class mastery map of the third-card tables", code),
        "group": ptr("a column of the class report", "group", code),
        "asked": ptr("a column of the class report", "answers", code),
        "right": ptr("a column of the class report", "right", code),
        "share": ptr("a column of the class report", "share right", code),
        "partly": ptr("a column of the class report", "partly right", code),
        "wrong": ptr("a column of the class report", "wrong", code),
        "unreadable": ptr("a column of the class report", "not readable", code),
        "unanswered": ptr("a column of the class report", "unanswered", code),
        "common": ptr("a column of the class report", "most common wrong answers", code),
        "total": ptr("a column of the class report", "total", code),
        "third": ptr("a column of the class report", "Punto's third card", code),
        "legend": tr("Each cell: right answers / answers, shaded from red (none right) to green "
                     "(all right); grey: not asked.", code),
        "no-cells": tr("No question of this assignment asks about a table cell.", code),
    }


def _share_right(tally: Tally, code: str) -> str:
    """The share of a group's answers that were right, as a percentage in ``code``'s conventions.

    >>> _share_right(Tally("q1", asked=8, right=7), "es"), _share_right(Tally("q1", asked=4, right=2), "en")
    ('87,5\xa0%', '50%')
    >>> _share_right(Tally("q1"), "en")
    '–'

    """
    if not tally.asked:
        return "–"
    whole = tally.right * 100 % tally.asked == 0  # 50 %, not 50,0 %; else one decimal
    return format_number(tally.right / tally.asked, ".0%" if whole else ".1%", code)


def _tally_table(rows: Iterable[Tally], words: Mapping[str, str], code: str) -> str:
    head = "".join(f"<th scope=\"col\">{html.escape(words[k])}</th>" for k in
                   ("group", "asked", "right", "share", "partly", "wrong", "unreadable",
                    "unanswered", "common"))
    body = []
    for tally in rows:
        counts = [f'<td class="num">{format_number(n, ",", code)}</td>' for n in (
            tally.asked, tally.right, tally.partly, tally.wrong, tally.unreadable, tally.unanswered)]
        counts.insert(2, f'<td class="num">{html.escape(_share_right(tally, code))}</td>')
        body.append(f"<tr><th scope=\"row\">{html.escape(tally.label)}</th>{''.join(counts)}"
                    f"<td>{html.escape(_common_text(tally))}</td></tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _map_tables(cells: Mapping[tuple[str, str, int, int | None], Tally], code: str,
                words: Mapping[str, str]) -> str:
    parts = []
    for game, game_name in _GAMES.items():
        for hand in ("punto", "banco") if game == "punto-banco" else ("bettor", "banker"):
            ours = {k: v for k, v in cells.items() if k[0] == game and k[1] == hand}
            if not ours:
                continue
            thirds = (None,) if hand in ("punto", "bettor") else _THIRDS
            totals = sorted({*range(8), *(k[2] for k in ours)})  # every row of the table
            name = f"{game_name}: {_hand_name(hand, code)}"
            head = "".join(f"<th scope=\"col\">{html.escape(_third_text(t, code))}</th>"
                           for t in thirds)
            rows = []
            for total in totals:
                tds = []
                for third in thirds:
                    tally = ours.get((game, hand, total, third))
                    if tally is None:
                        tds.append('<td class="empty"></td>')
                    else:
                        tds.append(f'<td style="{_shade(tally)}" title="{html.escape(tally.label)}">'
                                   f"{format_number(tally.right, ',', code)}/"
                                   f"{format_number(tally.asked, ',', code)}</td>")
                rows.append(f"<tr><th scope=\"row\">{format_number(total, '', code)}</th>"
                            f"{''.join(tds)}</tr>")
            parts.append(
                f"<h3>{html.escape(name)}</h3><table class=\"map\"><thead><tr><th scope=\"col\">"
                f"{html.escape(words['total'])} \\ {html.escape(words['third'])}</th>{head}</tr>"
                f"</thead><tbody>{''.join(rows)}</tbody></table>")
    if not parts:
        return f"<p>{html.escape(words['no-cells'])}</p>"
    return f"<p class=\"legend\">{html.escape(words['legend'])}</p>" + "".join(parts)


def _handed_text(report: ClassReport, code: str) -> str:
    """How many papers came in, and how many did not (counted in no question)."""
    handed = ntr("{count:,} paper handed in", "{count:,} papers handed in", report.handed_in, code)
    return tr("{handed}; {missing:,} not handed in or unreadable (counted in no question).", code,
              handed=handed, missing=report.not_handed_in)


def report_html(report: ClassReport) -> str:
    """The report as one self-contained HTML page (no script, no link outside it)."""
    code = lang_code(report.lang)
    words = _words(code)
    title = f"{words['title']}: {report.title} ({report.assignment})"
    return (
        f"<!DOCTYPE html>\n<html lang=\"{code}\"><head><meta charset=\"utf-8\">"
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>"
        f"<p>{html.escape(_handed_text(report, code))}</p>"
        f"<h2>{html.escape(words['kinds'])}</h2>{_tally_table(report.kinds, words, code)}"
        f"<h2>{html.escape(words['questions'])}</h2>{_tally_table(report.questions, words, code)}"
        f"<h2>{html.escape(words['map'])}</h2>{_map_tables(report.cells, code, words)}"
        "</body></html>\n")


def report_files(gradebook: Gradebook) -> dict[str, str]:
    """The report's texts by suffix: ``{".html": ..., ".csv": ...}``."""
    report = class_report(gradebook)
    return {".html": report_html(report), ".csv": report_csv(report)}
