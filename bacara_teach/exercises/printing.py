"""Papers for those who print: each student's paper, its answer key and a one-page rules card, as HTML.

Every page is one self-contained HTML file (its styles inside, no script, no link
outside it) with print styles: A4 or Letter, margins, a question never split over
two pages, a box to write each answer in.  A browser's "Print" (or "Save as PDF")
makes the paper.  The paper holds the same questions as the student's notebook
and never its answers; the key is a separate file, computed by the engine when
it is asked for.  The rules card shows both third-card tables (Punto Banco's and
Chemin de Fer's), read from the engine's data.

>>> from bacara_teach.exercises.assignments import make_paper
>>> page = paper_html(make_paper("third-card", "ana"))
>>> "@media print" in page and "answer-box" in page and "<script" not in page
True
>>> "Punto Banco" in rules_card_html("en") and "Chemin de Fer" in rules_card_html("es")
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from bacara_teach.charts import player_rule_text, tableau_html
from bacara_teach.exercises.assignments import Assignment, Paper, make_paper
from bacara_teach.exercises.questions import lang_code
from bacara_teach.exercises.roster import Student
from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO
from bacara_teach.text import ntr, tr

__all__ = ["key_html", "markdown_html", "paper_html", "rules_card_html"]

_STYLE = """
@page { size: auto; margin: 15mm; }
body { font-family: Georgia, "Times New Roman", serif; font-size: 11pt; line-height: 1.4;
       color: #000; max-width: 48em; margin: 1.5em auto; padding: 0 1em; }
h1 { font-size: 17pt; margin: 0 0 0.3em; }
h2 { font-size: 12.5pt; margin: 1.2em 0 0.3em; }
.meta { border: 1px solid #000; padding: 0.4em 0.6em; }
.question { page-break-inside: avoid; break-inside: avoid; }
.answer-box { border: 1px solid #000; min-height: 2.6em; margin: 0.4em 0 0.8em; padding: 0.3em; }
.answer-box.program { min-height: 22em; }
.expected { font-size: 10pt; }
.key { font-weight: bold; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 10pt; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 9.5pt; }
th, td { border: 1px solid #000; padding: 0.15em 0.35em; text-align: center; }
caption { font-weight: bold; text-align: left; padding-bottom: 0.2em; }
.bt-draw { background: #e3e3e3; }
.bt-choice { background: #bdbdbd; font-style: italic; }
.student { page-break-before: always; break-before: page; }
.student:first-of-type { page-break-before: auto; break-before: auto; }
.card { max-width: none; }
.card h1 { font-size: 15pt; }
@media print {
  body { margin: 0; max-width: none; padding: 0; }
  a { color: #000; text-decoration: none; }
}
"""


def markdown_html(text: str) -> str:
    """The little Markdown of prompts as HTML: paragraphs, numbered and bulleted lists,
    ``**bold**``, ``*italic*`` and ``code``, everything else escaped.

    >>> markdown_html("Is **6** a `total`?\\n\\n1. one\\n2. <two>")
    '<p>Is <strong>6</strong> a <code>total</code>?</p><ol><li>one</li><li>&lt;two&gt;</li></ol>'
    """
    out: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.split("\n")
        if all(re.match(r"\d+\. ", line) for line in lines):
            out.append("<ol>" + "".join(f"<li>{_inline(re.sub(r'^[0-9]+[.] ', '', line))}</li>"
                                        for line in lines) + "</ol>")
        elif all(line.startswith("- ") for line in lines):
            out.append("<ul>" + "".join(f"<li>{_inline(line[2:])}</li>" for line in lines) + "</ul>")
        else:
            out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(out)


def _inline(text: str) -> str:
    parts = re.split(r"(`[^`]*`)", text)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) >= 2:
            out.append(f"<code>{html.escape(part[1:-1])}</code>")
            continue
        escaped = html.escape(part)
        escaped = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escaped)
        escaped = re.sub(r"\*(.+?)\*", r"<em>\1</em>", escaped)
        out.append(escaped)
    return "".join(out)


def _page(title: str, body: str, code: str, extra_class: str = "") -> str:
    cls = f' class="{extra_class}"' if extra_class else ""
    return (f"<!DOCTYPE html>\n<html lang=\"{code}\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>"
            f"<body{cls}>{body}</body></html>\n")


def _points(n: int, code: str) -> str:
    return ntr("{count} point", "{count} points", n, code)


def _paper_body(paper: Paper, code: str, *, key: bool) -> str:
    spec = paper.assignment
    head = tr("Answer key", code) if key else tr("Paper", code)
    name_html = "<code>" + html.escape(spec.name) + "</code>"
    student_html = "<code>" + html.escape(paper.student_id) + "</code>"
    meta = tr("{head} · {name} · student {student} · {questions}, {points}", code,
              head=html.escape(head), name=name_html, student=student_html,
              questions=ntr("{count} question", "{count} questions", len(paper.questions), code),
              points=_points(paper.maximum, code))
    if paper.check:
        meta += "<br>" + html.escape(tr("class secret's check value: {check}", code,
                                        check=paper.check))
    parts = [
        f"<h1>{html.escape(spec.title_text(code))}</h1>",
        f"<p class=\"meta\">{meta}"
        + ("" if key else "<br>" + html.escape(tr("Name:", code))
           + " ______________________________") + "</p>",
    ]
    if not key:
        parts.append("<p>" + html.escape(tr(
            "Write each answer in its box: a word (draw, stand...), a number, or what the question "
            "asks for. For the program question, write the functions in the box.", code)) + "</p>")
    answer_word = tr("Answer", code)
    for number, question in enumerate(paper.questions, start=1):
        kind = question.question_kind
        prompt = markdown_html(kind.prompt(question.params, code))
        expected = ("" if kind.is_program else
                    f"<p class=\"expected\"><em>{html.escape(answer_word)}:</em> "
                    f"{html.escape(kind.answer.expected_text(code))}.</p>")
        if key:
            box = (f"<p class=\"key\">{html.escape(kind.key_text(question.params, code))}</p>"
                   f"{markdown_html(kind.explain(question.params, code))}")
        else:
            box = f"<div class=\"answer-box{' program' if kind.is_program else ''}\"></div>"
        heading = tr("Question {number} · {points}", code, number=number,
                     points=_points(question.points, code))
        parts.append(f"<section class=\"question\"><h2>{html.escape(heading)}</h2>"
                     f"{prompt}{expected}{box}</section>")
    return "".join(parts)


def paper_html(paper: Paper, lang: str | None = None) -> str:
    """A student's printable paper (the questions and a box per answer, never the answers)."""
    code = paper.lang if lang is None else lang_code(lang)
    title = f"{paper.assignment.title_text(code)} · {paper.student_id}"
    return _page(title, _paper_body(paper, code, key=False), code)


def key_html(assignment: Assignment, students: Iterable[Student], lang: str | None = None, *,
             secret: bytes | None = None) -> str:
    """The answer key of every student's paper, one student per printed page (for the teacher).

    ``secret`` is the class secret the papers are dealt with (``None``: the public papers).
    """
    code = lang_code(lang)
    sections = []
    for student in students:
        paper = make_paper(assignment, student.id, code, secret=secret)
        sections.append(f"<div class=\"student\">{_paper_body(paper, code, key=True)}</div>")
    title = tr("Answer key: {title}", code, title=assignment.title_text(code))
    return _page(title, "".join(sections), code)


def rules_card_html(lang: str | None = None, *, icon: str | None = None) -> str:
    """The one-page rules card: both third-card tables, read from the engine's data.

    ``icon``: the address of the site's icon, beside the card (so that a browser showing the
    card asks its own site for it, not for a ``favicon.ico`` the site does not have).

    >>> '<link rel="icon" href="logo.svg">' in rules_card_html("en", icon="logo.svg")
    True
    """
    code = lang_code(lang)
    title = tr("Baccarat: the third-card rules", code)
    key = tr("Each cell: what Banco (the bank) does, by its two-card total (row) and the value of "
             "Punto's third card (column), or when Punto stood. 10, J, Q and K count 0; a total is "
             "the units digit of the sum; 8 or 9 on two cards is a natural and nobody draws.", code)
    blocks = []
    players = {PUNTO_BANCO.name: "Punto",
               CHEMIN_DE_FER.name: tr("The bettors (Punto)", code)}
    for table in (PUNTO_BANCO, CHEMIN_DE_FER):
        player = players[table.name]
        blocks.append(f"<h2>{html.escape(table.title_text(code))}</h2>"
                      f"<p>{player}: {html.escape(player_rule_text(table, code))}.</p>"
                      f"{tableau_html(table, code)}")
    body = f"<h1>{html.escape(title)}</h1><p>{html.escape(key)}</p>{''.join(blocks)}"
    page = _page(title, body, code, "card")
    if icon is not None:
        page = page.replace("</head>", f'<link rel="icon" href="{html.escape(icon)}"></head>', 1)
    return page
