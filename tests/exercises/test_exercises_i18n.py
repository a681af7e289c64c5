"""Exercises in English and Spanish: one paper, the same questions and answers, the words of each
language; grading gives the same points in both, and nothing a submission says about its language
(or its score) is believed."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from exercise_support import (
    MODEL_PROGRAM,
    answer_line,
    filled_notebook,
    key_answers,
    with_program,
    write_notebook,
)

from bacara_teach.errors import BacaraError, IllegalAction
from bacara_teach.exercises import ASSIGNMENTS, KINDS, Paper, check_answer, make_paper, self_check
from bacara_teach.exercises.feedback import submission_feedback
from bacara_teach.exercises.grading import (
    GRADED,
    MISSING,
    UNREADABLE,
    SubmissionGrade,
    grade_directory,
    grade_notebook,
    gradebook_csv,
    key_csv,
    write_gradebook,
)
from bacara_teach.exercises.kinds_coding import program_template
from bacara_teach.exercises.notebook import notebook_text, paper_notebook, read_submission
from bacara_teach.exercises.practice import practice_text
from bacara_teach.exercises.questions import (
    AMOUNT,
    DRAW_OR_STAND,
    TOTAL,
    CoupResultAnswer,
    LettersAnswer,
    ParamsError,
    Status,
    WrongAnswerType,
    error_text,
)
from bacara_teach.exercises.roster import Student
from bacara_teach.exercises.sandbox import (
    Limits,
    isolation_missing_message,
    read_value_answer,
    run_program,
)
from bacara_teach.i18n import GLOSSARY
from bacara_teach.text import Message, language_codes, message, tr

FAST = Limits(wall_seconds=2, cpu_seconds=1)
STUDENTS = ("ana", "bo", "practice")
ENGLISH_WORDS = re.compile(r"\b(the|and|draws|stands|wrong|right|answer cell|should|with)\b")
"""English words that must not be left in a Spanish text (code such as `answer = ...` aside)."""


def _without_code(text: str) -> str:
    """Text with its code (``...``, `...` and "quoted" values) taken out."""
    text = re.sub(r"```.*?```", " ", text, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", " ", text)
    return re.sub(r'"[^"]*"|\'[^\']*\'', " ", text)


def _english_left(text: str) -> list[str]:
    return ENGLISH_WORDS.findall(_without_code(text))


@pytest.fixture(autouse=True)
def _english_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    # the default language is English unless a test says otherwise
    monkeypatch.setenv("BACARA_LANG", "en")


def _grade(paper: Paper, answers: dict[str, str], lang: str | None = None,
           notebook: dict[str, Any] | None = None) -> SubmissionGrade:
    raw = notebook_text(notebook or filled_notebook(paper, answers)).encode("utf-8")
    return grade_notebook(raw, Student(paper.student_id, paper.student_id.title()), paper,
                          limits=FAST, lang=lang)


def _points(grade: SubmissionGrade) -> list[tuple[str, Fraction, str]]:
    return [(g.question.qid, g.points, g.mark.status) for g in grade.grades]


# -- one paper, two languages -------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(ASSIGNMENTS))
def test_a_paper_in_spanish_has_the_same_questions_cards_and_answers(name: str) -> None:
    for student in STUDENTS:
        en, es = make_paper(name, student, "en"), make_paper(name, student, "es")
        assert (en.lang, es.lang) == ("en", "es")
        assert [q.to_dict() for q in en.questions] == [q.to_dict() for q in es.questions]
        assert en.key() == es.key()
        for q in en.questions:
            kind = q.question_kind
            assert kind.prompt(q.params, "es") != kind.prompt(q.params, "en")
            assert kind.explain(q.params, "es") != kind.explain(q.params, "en")
            assert kind.answer_comment("es") != kind.answer_comment("en")
            # the key a teacher reads in Spanish is a right answer in both languages
            key_cell = f"answer = {kind.key_text(q.params, 'es')}"
            if not kind.is_program:
                value = read_value_answer(key_cell)
                assert kind.mark(q.params, value, "en").status == Status.RIGHT
                assert kind.mark(q.params, value, "es").status == Status.RIGHT


@pytest.mark.parametrize("name", sorted(ASSIGNMENTS))
def test_the_spanish_notebook_has_the_same_cells_and_spanish_words(name: str) -> None:
    paper = make_paper(name, "ana")
    en, es = paper_notebook(paper, "en"), paper_notebook(paper, "es")
    assert [c["id"] for c in en["cells"]] == [c["id"] for c in es["cells"]]
    assert [c["metadata"] for c in en["cells"]] == [c["metadata"] for c in es["cells"]]
    assert es["metadata"]["bacara_teach"] == {**en["metadata"]["bacara_teach"], "lang": "es"}
    text = {c["id"]: "".join(c["source"]) for c in es["cells"]}
    assert text["title"].startswith(f"# {paper.assignment.title_text('es')}")
    assert "## Cómo trabajar" in text["instructions"] and "## Entrega" in text["hand-in"]
    for number, q in enumerate(paper.questions, start=1):
        assert text[f"{q.qid}-question"].startswith(f"## Pregunta {number} · ")
        assert text[f"{q.qid}-check"].startswith("# AUTOCOMPROBACIÓN (hoja con nota)")
        assert text[f"{q.qid}-check"].endswith(", lang='es')")
    for cell in es["cells"]:
        if cell["cell_type"] == "markdown":
            assert not _english_left("".join(cell["source"])), "".join(cell["source"])
    # a paper made in Spanish gives this notebook with no language named again
    assert paper_notebook(make_paper(name, "ana", "es")) == es


def test_spanish_prompts_use_the_glossary_words() -> None:
    paper = make_paper("third-card", "ana", "es")
    prompts = " ".join(q.question_kind.prompt(q.params, "es") for q in paper.questions)
    assert "¿Punto roba una tercera carta o se planta?" in prompts
    assert "¿Banco roba una tercera carta o se planta?" in prompts
    assert "¿Quién gana" in prompts
    cells = make_paper("chemin-de-fer", "ana", "es")
    cdf = " ".join(q.question_kind.prompt(q.params, "es") for q in cells.questions)
    # the Chemin de Fer roles are people: the apostador and the banquero, never "el punto" or
    # "la banca" for a person (the bank, the chips put up, stays "la banca")
    assert "el banquero" in cdf and "el apostador" in cdf
    assert "el punto" not in cdf and "la banca suman" not in cdf and "la banca debe" not in cdf
    settlement = make_paper("settlement", "ana", "es")
    assert any("comisión" in q.question_kind.prompt(q.params, "es") for q in settlement.questions)


def test_spanish_texts_keep_clear_of_the_renderings_the_glossary_avoids() -> None:
    avoided = [word for entry in GLOSSARY for word in entry.avoid_in("es")]
    texts: list[str] = []
    for name in ASSIGNMENTS:
        notebook = paper_notebook(make_paper(name, "ana", "es"))
        texts += ["".join(c["source"]) for c in notebook["cells"]]
    for kind in ("score", "punto-rule", "banco-cell", "cdf-cell", "cdf-money"):
        for q in (q for name in ASSIGNMENTS for q in make_paper(name, "bo").questions if q.kind == kind):
            texts.append(q.question_kind.explain(q.params, "es"))
    for text in texts:
        for word in avoided:
            assert not re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE), (word, text)


TU_FORMS = re.compile(r"\b(tú|tu|tus|ti|escribe|ejecútala|ejecuta (?:esta|la|una|primero)|sustituye|"
                      r"guarda el|entrega este|cambies|dividas|juntes|cuenta el|ordena|mira las|pasa "
                      r"globals|respondiste|puedes|tienes)\b", re.IGNORECASE)
"""Second-person familiar forms: the Spanish papers address the student as usted."""


def test_spanish_papers_address_the_student_as_usted() -> None:
    texts: list[str] = []
    for name in ASSIGNMENTS:
        for student in ("ana", "practice"):  # a graded paper and a practice paper
            notebook = paper_notebook(make_paper(name, student, "es"))
            texts += ["".join(c["source"]) for c in notebook["cells"]]
        texts += [str(check_answer(q.kind, "x", "es")) for q in make_paper(name, "bo").questions]
        texts += [str(self_check(q.kind, q.params, "x", "es"))
                  for q in make_paper(name, "bo").questions if not q.question_kind.is_program]
    joined = "\n".join(texts)
    assert "escriba su respuesta en su celda de respuesta" in joined and "ejecútela" in joined
    assert "La autocomprobación es para usted" in joined and "# su regla aquí" in joined
    assert "solo dice si su respuesta se puede leer" in joined
    for text in texts:
        assert TU_FORMS.search(text) is None, text


def test_spanish_prompts_and_rules_leave_no_english_words() -> None:
    for name in ASSIGNMENTS:
        for student in STUDENTS:
            for q in make_paper(name, student).questions:
                kind = q.question_kind
                for text in (kind.prompt(q.params, "es"), kind.explain(q.params, "es"),
                             kind.title_text("es"), kind.answer_comment("es")):
                    assert not _english_left(text), text


def test_the_english_texts_are_unchanged_by_the_language_argument() -> None:
    for name in ASSIGNMENTS:
        paper = make_paper(name, "ana")
        assert paper_notebook(paper) == paper_notebook(paper, "en")
        assert "lang" not in paper_notebook(paper)["metadata"]["bacara_teach"]
        for q in paper.questions:
            kind = q.question_kind
            assert kind.prompt(q.params) == kind.prompt(q.params, "en")
            assert kind.explain(q.params) == kind.explain(q.params, "en")


@pytest.mark.parametrize("name", sorted(ASSIGNMENTS))
def test_committed_practice_notebooks_are_the_english_papers(name: str) -> None:
    committed = (Path(__file__).resolve().parents[2] / "exercises" / f"{name}.ipynb").read_text("utf-8")
    assert committed == practice_text(name, "en")
    # their self-checks name no language, so they answer in the reader's default language
    assert "lang=" not in "".join(
        "".join(c["source"]) for c in json.loads(committed)["cells"] if c["id"].endswith("-check"))


# -- self-checks ---------------------------------------------------------------------------------------


def test_a_self_check_in_spanish_explains_in_spanish_with_the_same_mark() -> None:
    en = self_check("banco-cell", {"total": 3, "third": 8}, "draw", lang="en")
    es = self_check("banco-cell", {"total": 3, "third": 8}, "draw", lang="es")
    assert (en.mark.earned, en.mark.status) == (es.mark.earned, es.mark.status) == (
        Fraction(0), Status.WRONG)
    text = str(es)
    assert text.startswith("AUTOCOMPROBACIÓN (sin nota): incorrecta")
    assert "respondió 'robar', la respuesta correcta es 'plantarse'" in text
    assert "Tabla de Banco, fila 3, columna 8" in text and "se planta" in text
    assert "**AUTOCOMPROBACIÓN (sin nota): incorrecta" in es._repr_markdown_()
    assert str(self_check("score", {"cards": "7♠ 8♦"}, 5, lang="es")) == \
        "AUTOCOMPROBACIÓN (sin nota): correcta"


def test_spanish_answer_words_count_the_same_in_both_languages() -> None:
    for lang in language_codes():
        assert self_check("punto-rule", {"total": 5}, "robar", lang=lang).right
        assert self_check("punto-rule", {"total": 7}, "Plantarse", lang=lang).right
        assert self_check("punto-rule", {"total": 7}, "se planta", lang=lang).right
        assert self_check("cdf-cell", {"bettors": 1, "hand": "bettor", "total": 4, "third": None},
                          "libre", lang=lang).right
        assert not self_check("punto-rule", {"total": 5}, "plantarse", lang=lang).right


def test_refusals_of_a_wrong_type_of_answer_are_worded_in_spanish() -> None:
    cases: list[tuple[Any, object, str]] = [
        (TOTAL, 12, "12 no es un total: se esperaba un número entero del 0 al 9"),
        (TOTAL, "5", "'5' no es un total"),
        (DRAW_OR_STAND, "hit", "no es una de las palabras pedidas"),
        (DRAW_OR_STAND, 3, "no es una palabra entre comillas"),
        (AMOUNT, 4.75, "no es una cantidad exacta: se esperaba una cantidad entre comillas, con punto decimal"),
        (AMOUNT, "x", "'x' no es una cantidad"),
        (CoupResultAnswer(), {"winner": "banco"}, "no es el resultado de un coup"),
        (LettersAnswer("abc"), ["a", "a", "b"], "no es un orden de las letras"),
    ]
    for answer, value, words in cases:
        with pytest.raises(WrongAnswerType) as english:
            answer.read(value, "en")
        with pytest.raises(WrongAnswerType) as spanish:
            answer.read(value, "es")
        # the error carries its message: English as str(), any language through text()
        assert words in spanish.value.text("es")
        assert str(english.value) == str(spanish.value) == english.value.text("en")
        assert english.value.text("es") != str(english.value) and " is not " in str(english.value)


def test_a_changed_self_check_cell_is_reported_in_spanish() -> None:
    for params, words in (({"total": 12}, "valor de total no válido 12 en una pregunta punto-rule"),
                          ({}, "falta 'total'"),
                          ("oops", "parámetros no válidos")):
        feedback = self_check("punto-rule", params, "draw", lang="es")  # type: ignore[arg-type]
        assert feedback.mark.status == Status.INVALID
        assert "esta celda de autocomprobación se cambió y no puede ejecutarse" in str(feedback)
        assert words in str(feedback)
    unknown = self_check("blackjack", {}, "draw", lang="es")
    assert "tipo de pregunta desconocido 'blackjack'" in str(unknown)


def test_every_kind_marks_alike_in_both_languages() -> None:
    for name in ASSIGNMENTS:
        paper = make_paper(name, "cy")
        for q in paper.questions:
            kind = q.question_kind
            if kind.is_program:
                continue
            key = kind.key(q.params)
            for given in (None, key, "nonsense", 99, [1], {"winner": "x"}):
                en, es = kind.mark(q.params, given, "en"), kind.mark(q.params, given, "es")
                assert (en.earned, en.status) == (es.earned, es.status)
                assert en.reason != es.reason


# -- grading -----------------------------------------------------------------------------------------


def _mixed_answers(paper: Paper) -> dict[str, str]:
    """The key with a wrong word, a wrong type, an unreadable cell and a partly right coup."""
    answers = key_answers(paper)
    words = [q for q in paper.questions if q.question_kind.answer is DRAW_OR_STAND]
    answers[words[0].qid] = answer_line("stand" if paper.key()[words[0].qid] == "draw" else "draw")
    answers[words[1].qid] = answer_line(7)
    answers[words[2].qid] = "answer = __import__('os').getcwd()"
    answers[words[3].qid] = answer_line("robar" if paper.key()[words[3].qid] == "draw" else "plantarse")
    coup = next(q for q in paper.questions if q.kind == "coup")
    wrong = dict(paper.key()[coup.qid])
    wrong["punto"] = (wrong["punto"] + 1) % 10
    answers[coup.qid] = answer_line(wrong)
    return answers


def test_grading_in_spanish_gives_the_same_points_and_spanish_feedback() -> None:
    paper = make_paper("third-card", "ana")
    program = MODEL_PROGRAM.replace("return banker_total <= 5", "return banker_total <= 4")
    answers = with_program(paper, program, _mixed_answers(paper))
    en, es = _grade(paper, answers, "en"), _grade(paper, answers, "es")
    assert _points(en) == _points(es)
    assert en.total == es.total and 0 < es.total < paper.maximum
    assert (en.status, es.status) == (GRADED, GRADED) and es.lang == "es"
    reasons = {g.question.qid: g.mark.reason for g in es.grades}
    words = [q for q in paper.questions if q.question_kind.answer is DRAW_OR_STAND]
    assert reasons[words[0].qid].startswith("incorrecta: respondió ")
    assert "la respuesta no es del tipo pedido: 7 no es una palabra entre comillas" in reasons[words[1].qid]
    assert reasons[words[2].qid].startswith("no se pudo leer la respuesta: la respuesta debe ser un valor simple")
    assert reasons[words[3].qid] == "correcta"
    coup = next(q for q in paper.questions if q.kind == "coup")
    assert reasons[coup.qid].startswith("en parte correcta: \"punto\" es ")
    program_grade = next(g for g in es.grades if g.question.question_kind.is_program)
    assert "banker_draws: 87 de 88 correctas" in program_grade.mark.reason
    assert any("debería devolver True" in d for d in program_grade.mark.details)
    assert "correctas" in es.reason and "incorrecta" in es.reason and "no válida" in es.reason
    feedback = submission_feedback(es)
    for words_in in ("comentarios para ana", "**Total: ", "corregida", "## Pregunta 1 (q1)",
                     "Corrección: ", "La regla: ", "Su respuesta:"):
        assert words_in in feedback
    assert not _english_left(feedback.replace("play(", "(")), _english_left(feedback)
    # the same grade's feedback can be worded in the other language, with the marks as they are
    assert submission_feedback(en).startswith("# The third-card rules: feedback for ana")


def test_a_program_that_does_not_load_is_reported_in_spanish() -> None:
    paper = make_paper("third-card", "bo")
    for program, words in (("def banker_draws(:\n", "el programa no se ejecutó: SyntaxError"),
                           ("def banker_draws(t, v):\n    return t <= 5\n",
                            "play: play no está definida como función"),
                           ("import bacara_teach\n", "el programa no se ejecutó: no está "
                            "permitido en el código corregido: import bacara_teach"),
                           (program_template("es"), "la celda de código no se cambió")):
        en = _grade(paper, with_program(paper, program), "en")
        es = _grade(paper, with_program(paper, program), "es")
        assert _points(en) == _points(es)
        mark = next(g for g in es.grades if g.question.question_kind.is_program).mark
        assert words in mark.reason, mark.reason


# what the audit hook refused reaches the student in the paper's language, naming what it was
_REFUSED_PROGRAMS = (
    ("import ctypes\n", "import ctypes", "import ctypes"),
    ("import os\nos.kill(os.getpid(), 0)\n", "os.kill", "os.kill"),
    ("open('notes.txt', 'w')\n", "escribir 'notes.txt'", "writing 'notes.txt'"),
    ("import os\nos.listdir('/etc')\n", "os.listdir '/etc'", "os.listdir '/etc'"),
)


@pytest.mark.parametrize(("program", "spanish", "english"), _REFUSED_PROGRAMS)
def test_a_refused_program_is_reported_in_the_paper_s_language(program: str, spanish: str,
                                                               english: str) -> None:
    paper = make_paper("third-card", "bo")
    marks = {lang: next(g for g in _grade(paper, with_program(paper, program), lang).grades
                        if g.question.question_kind.is_program).mark for lang in language_codes()}
    assert marks["en"].earned == marks["es"].earned == 0
    assert marks["es"].reason == ("el programa no se ejecutó: no está permitido en el código "
                                  "corregido: " + spanish), marks["es"].reason
    assert marks["en"].reason == "the program did not run: not allowed in graded code: " + english
    assert "Refused" not in marks["es"].reason and not _english_left(marks["es"].reason)


def test_a_refusal_inside_a_function_is_reported_in_the_paper_s_language() -> None:
    paper = make_paper("third-card", "bo")
    program = (program_template("en").rstrip() + "\n\n"
               "def banker_draws(total, third):\n    return open('/etc/passwd').read() == ''\n")
    es = next(g for g in _grade(paper, with_program(paper, program), "es").grades
              if g.question.question_kind.is_program)
    assert es.points == 0
    assert any("el corrector lo detuvo: no está permitido en el código corregido: leer "
               "'/etc/passwd'" in detail for detail in es.mark.details), es.mark.details
    assert not any("Refused" in detail for detail in es.mark.details)


def test_a_forged_refusal_is_not_in_the_grader_s_format() -> None:
    from bacara_teach.exercises.sandbox import read_records

    calls = [{"function": "f", "args": [[1]]}]
    for forged in (b'{"load": "refused", "refused": ["format the disk", "", ""]}\n',
                   b'{"load": "refused", "refused": ["import", "x" ]}\n',
                   b'{"load": "refused", "refused": ["import", 3, ""]}\n',
                   b'{"load": "ok"}\n{"function": "f", "results": [["refused", ["x", "", ""]]]}\n',
                   b'{"load": "ok"}\n{"function": "f", "results": [["refused", "import os"]]}\n'):
        assert read_records(forged, calls).malformed is not None, forged
    read = read_records(b'{"load": "refused", "refused": ["import", "ctypes", ""]}\n', calls)
    assert read.malformed is None and read.load_refused == ("import", "ctypes", "")


def test_unreadable_and_missing_files_are_reported_in_spanish(tmp_path: Path) -> None:
    roster = [Student("ana", "Ana"), Student("bo", "Bo"), Student("cy", "Cy"), Student("dee", "Dee")]
    paper = make_paper("scoring", "ana")
    write_notebook(tmp_path, "ana", filled_notebook(paper, key_answers(paper)))
    write_notebook(tmp_path, "bo", b"")
    write_notebook(tmp_path, "cy", "{not json")
    books = {lang: grade_directory(tmp_path, "scoring", roster, limits=FAST, lang=lang)
             for lang in language_codes()}
    assert [(g.status, g.total) for g in books["en"].grades] == \
        [(g.status, g.total) for g in books["es"].grades] == \
        [(GRADED, Fraction(8)), (UNREADABLE, Fraction(0)), (UNREADABLE, Fraction(0)),
         (MISSING, Fraction(0))]
    reasons = [g.reason for g in books["es"].grades]
    assert reasons[0] == "8 correctas"
    assert reasons[1:] == ["el archivo está vacío",
                           reasons[2], "no entregado: no se encontró dee.ipynb"]
    assert reasons[2].startswith("el archivo no es un cuaderno (JSON no válido: ")
    csv_es = gradebook_csv(books["es"])
    assert csv_es.splitlines()[0] == gradebook_csv(books["en"]).splitlines()[0]
    assert "no entregado" in csv_es
    folder = write_gradebook(books["es"], tmp_path / "out" / "book.csv")
    assert "comentarios para dee" in (folder / "dee.md").read_text("utf-8")
    assert "no entregada" in (folder / "dee.md").read_text("utf-8")


def test_notes_about_a_submission_are_in_spanish() -> None:
    paper = make_paper("scoring", "ana")
    notebook = filled_notebook(paper, key_answers(paper))
    notebook["metadata"]["bacara_teach"].update({"student_id": "bo", "assignment": "settlement"})
    first = next(c for c in notebook["cells"] if c["metadata"].get("bacara_teach"))
    notebook["cells"].append(json.loads(json.dumps(first)))
    grade = _grade(paper, {}, "es", notebook)
    assert grade.total == paper.maximum
    notes = " | ".join(grade.notes)
    assert "el cuaderno dice que es la hoja de 'bo'" in notes
    assert "el cuaderno dice que es de la tarea 'settlement'" in notes
    assert "hay más de una celda de respuesta etiquetada 'q1'" in notes


def test_the_answer_key_csv_in_spanish_has_the_same_keys_in_spanish_words() -> None:
    roster = [Student("ana", "Ana")]
    en = key_csv("third-card", roster, "en").splitlines()
    es = key_csv("third-card", roster, "es").splitlines()
    assert en[0] == es[0] and len(en) == len(es)
    assert any("'plantarse'" in line or "'robar'" in line for line in es)
    assert any("¿Banco roba una tercera carta o se planta?" in line for line in es)


# -- the default language -----------------------------------------------------------------------------


def test_bacara_lang_es_makes_spanish_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACARA_LANG", "es")
    paper = make_paper("third-card", "ana")
    assert paper.lang == "es"
    assert paper.questions == make_paper("third-card", "ana", "en").questions
    notebook = paper_notebook(paper)
    assert notebook["metadata"]["bacara_teach"]["lang"] == "es"
    assert str(self_check("punto-rule", {"total": 7}, "draw")).startswith(
        "AUTOCOMPROBACIÓN (sin nota): incorrecta")
    assert DRAW_OR_STAND.expected.startswith('"robar" o "plantarse"')
    grade = _grade(paper, key_answers(paper))
    assert grade.lang == "es" and grade.reason == "12 correctas"
    assert get_title() == "Las reglas de la tercera carta"
    # a paper made in English stays English under a Spanish default
    english = make_paper("third-card", "ana", "en")
    assert _grade(english, key_answers(english)).reason == "12 right"
    assert practice_text("scoring") == practice_text("scoring", "es")


def get_title() -> str:
    return ASSIGNMENTS["third-card"].title_text()


def test_an_english_practice_self_check_follows_the_default_language(monkeypatch: pytest.MonkeyPatch) -> None:
    paper = make_paper("scoring", "practice", "en")
    check = "".join(next(c for c in paper_notebook(paper)["cells"] if c["id"] == "q1-check")["source"])
    call = check.splitlines()[-1]
    namespace: dict[str, Any] = {"self_check": self_check, "answer_q1": None}
    monkeypatch.setenv("BACARA_LANG", "es")
    assert str(eval(call, namespace)).startswith("AUTOCOMPROBACIÓN (sin nota): sin responder")
    monkeypatch.setenv("BACARA_LANG", "en")
    assert str(eval(call, namespace)).startswith("SELF-CHECK (not graded): unanswered")


# -- unknown languages --------------------------------------------------------------------------------


def test_an_unknown_language_is_refused_naming_the_valid_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    paper = make_paper("scoring", "ana")
    raw = notebook_text(paper_notebook(paper)).encode()
    attempts: list[Callable[[], object]] = [
        lambda: make_paper("scoring", "ana", "xx"),
        lambda: Paper(assignment=paper.assignment, student_id="ana", questions=paper.questions,
                      lang="xx"),
        lambda: paper_notebook(paper, "xx"),
        lambda: grade_notebook(raw, Student("ana", "Ana"), paper, lang="xx"),
        lambda: key_csv("scoring", [Student("ana", "Ana")], "xx"),
        lambda: practice_text("scoring", "xx"),
        lambda: paper.questions[0].question_kind.prompt(paper.questions[0].params, "xx"),
        lambda: paper.questions[0].question_kind.mark(paper.questions[0].params, 3, "xx"),
    ]
    codes = re.escape(", ".join(language_codes()))
    for attempt in attempts:
        with pytest.raises(IllegalAction, match=rf"unknown language 'xx': expected one of {codes}$"):
            attempt()
    monkeypatch.setenv("BACARA_LANG", "xx")
    with pytest.raises(IllegalAction, match=rf"BACARA_LANG='xx' .*expected one of {codes}$"):
        make_paper("scoring", "ana")


def test_a_self_check_with_an_unknown_language_says_so_and_does_not_raise() -> None:
    feedback = self_check("punto-rule", {"total": 5}, "draw", lang="xx")
    assert feedback.mark.status == Status.INVALID
    assert f"unknown language 'xx': expected one of {', '.join(language_codes())}" in str(feedback)


# -- a submission cannot choose its language or its score ---------------------------------------------


def test_a_submission_claiming_a_language_or_a_score_gains_nothing() -> None:
    paper = make_paper("third-card", "ana", "en")
    answers = _mixed_answers(paper)
    honest = _grade(paper, answers)
    forged = filled_notebook(paper, answers)
    forged["metadata"]["bacara_teach"].update(
        {"lang": "es", "score": 100, "total": 100, "points": {"q1": 100}, "maximum": 1,
         "status": "graded", "grades": [{"qid": "q1", "earned": 1}]})
    forged["metadata"]["lang"] = "fr"
    for cell in forged["cells"]:
        if cell["metadata"].get("bacara_teach"):
            cell["metadata"]["bacara_teach"].update({"lang": "fr", "points": 100, "earned": 1})
    for lang in (None, *language_codes()):
        graded = _grade(paper, answers, lang, forged)
        assert _points(graded) == _points(honest)
        assert graded.total == honest.total < paper.maximum
    # graded with no language named, the paper's language is used, never the notebook's claim
    assert _grade(paper, answers, None, forged).lang == "en"
    assert read_submission(notebook_text(forged).encode()).claimed == {"assignment": "third-card",
                                                                       "student_id": "ana"}


def test_an_answer_cell_cannot_set_a_language_or_a_score() -> None:
    paper = make_paper("scoring", "ana")
    answers = key_answers(paper)
    answers["q1"] = "lang = 'es'\n" + answers["q1"]
    answers["q2"] = "answer = {'lang': 'es', 'earned': 1}"
    answers["q3"] = f"{answers['q3']}; score = 100"
    for lang in language_codes():
        grade = _grade(paper, answers, lang)
        assert grade.total == paper.maximum - 3
        assert [g.mark.status for g in grade.grades[:3]] == [Status.INVALID] * 3


def test_self_check_words_never_change_a_mark_the_grader_gives() -> None:
    # the self-check and the grader agree in both languages on the same answers
    paper = make_paper("chemin-de-fer", "bo", "es")
    key = paper.key()
    for q in paper.questions:
        for lang in language_codes():
            assert self_check(q.kind, q.params, key[q.qid], lang=lang).right


# -- the sandbox's own messages --------------------------------------------------------------------


def _reader_messages() -> list[Message]:
    sources: list[object] = ["answer = __import__('os')", "answer = 1\nprint(1)", "x = 1", "",
                             "answer = (", "answer = " + "1" * 10_001, 5]
    messages = []
    for source in sources:
        try:
            read_value_answer(source)  # type: ignore[arg-type]
        except BacaraError as error:
            messages.append(error.message)
    return messages


def _runner_messages() -> list[Message]:
    """Every way a run ends, as the runner words it (the outcome of a run, from its exit)."""
    from bacara_teach.exercises.sandbox import _outcome

    limits = Limits(wall_seconds=2.5, cpu_seconds=1)
    ends = [_outcome(None, timed_out=True, records=(), load_error=None, limits=limits, seconds=2.6),
            _outcome(-9, timed_out=False, records=(), load_error=None, limits=limits, seconds=1),
            _outcome(-11, timed_out=False, records=({"load": "ok"},), load_error=None,
                     limits=limits, seconds=3),
            _outcome(3, timed_out=False, records=({"load": "ok"},), load_error=None,
                     limits=limits, seconds=3),
            _outcome(0, timed_out=False, records=(), load_error=None, limits=limits, seconds=1),
            _outcome(0, timed_out=False, records=(), limits=limits, seconds=1,
                     load_error="PermissionError: not allowed in graded code: import os")]
    assert [run.outcome for run in ends] == ["time-limit", "cpu-limit", "crashed", "crashed",
                                             "no-result", "did-not-load"]
    gaps = isolation_missing_message(["file isolation (Linux Landlock)",
                                      "network isolation (Landlock ABI 4 or seccomp)"])
    assert gaps is not None
    return [run.why for run in ends] + [
        run_program("", []).why, run_program("x" * 100_001, []).why,
        message("the program was not run: {why}", why=gaps)]


def test_every_message_of_the_answer_reader_and_the_runner_has_a_spanish_form() -> None:
    messages = [*_reader_messages(), *_runner_messages()]
    assert len(messages) == 16  # every form the reader and the runner write
    for said in messages:
        spanish = said.render("es")
        assert spanish != str(said) and said.render("en") == str(said)
        assert not _english_left(spanish), spanish
    spanish = " | ".join(said.render("es") for said in messages)
    assert "aislamiento de archivos (Linux Landlock), aislamiento de red" in spanish
    assert "se ejecutó durante más de 2,5 s y se detuvo" in spanish  # a Spanish decimal comma
    # Spanish groups the thousands of a count; the English text keeps the engine's plain form
    assert "la celda de código tiene 100.001 caracteres; se ejecutan 100.000 como máximo" in spanish
    assert "la celda de respuesta tiene 10.010 caracteres" in spanish
    assert SPANISH_NUMBER_SLIPS.search(spanish) is None, spanish
    assert "the code cell is 100001 characters long; at most 100000 are run" in map(str, messages)
    assert "el programa falló (señal 11)" in spanish and "el programa falló (estado 3)" in spanish
    # what the program itself said is quoted as it is
    assert ("el código lanzó un error al ejecutarse: PermissionError: not allowed in graded code: "
            "import os") in spanish


def test_a_graded_program_s_messages_follow_the_grader_s_language() -> None:
    from bacara_teach.exercises.kinds_coding import CodingKind

    kind = CodingKind()
    stopped = _runner_messages()[0]
    mark = kind.mark_records({"seed": 7}, [], load_error=None, stopped=stopped, lang="es")
    assert mark.reason.startswith("el programa se detuvo: se ejecutó durante más de 2,5 s")
    english = kind.mark_records({"seed": 7}, [], load_error=None, stopped=stopped, lang="en")
    assert english.reason.startswith("the program was stopped: it ran for more than 2.5 s")
    missing: list[dict[str, Any]] = [
        {"function": "banker_draws", "missing": "anything the program wrote"},
        {"function": "play", "results": [["ok", "banco"]] * 532}]
    mark = kind.mark_records({"seed": 7}, missing, load_error=None, lang="es")
    assert "banker_draws: banker_draws no está definida como función" in mark.reason
    assert "anything the program wrote" not in mark.reason


def test_errors_carry_their_spanish_text() -> None:
    error = ParamsError(message("unknown assignment {name}: expected one of {names}",
                                name="'poker'", names="scoring"))
    assert str(error) == "unknown assignment 'poker': expected one of scoring"
    assert error_text(error, "es") == "tarea desconocida 'poker': se esperaba una de scoring"
    assert error_text(error, "en") == str(error) and error.text("es") == error_text(error, "es")
    assert error_text(ValueError("plain"), "es") == "plain"


def test_every_kind_has_a_spanish_title() -> None:
    for kind in KINDS.values():
        assert kind.title_text("es") != kind.title_text("en")
    for spec in ASSIGNMENTS.values():
        assert spec.title_text("es") != spec.title and spec.intro_text("es") != spec.intro


# -- one text layer: Spanish numbers and one rendering per thing ---------------------------------------

SPANISH_NUMBER_SLIPS = re.compile(r"\d,\d{3}(?!\d)|\d\.\d{1,2}(?!\d)")
"""A number written the English way (``1,234`` or ``0.95``), which a Spanish reader misreads."""


def _report(handed_in: int, not_handed_in: int, lang: str) -> Any:
    from collections import Counter

    from bacara_teach.exercises.report import ClassReport, Tally

    tally = Tally("q1", asked=2500, right=1250, partly=0, wrong=1200, unreadable=0, unanswered=50,
                  wrong_answers=Counter({"'draw'": 1200}))
    return ClassReport(assignment="scoring", title="x", handed_in=handed_in,
                       not_handed_in=not_handed_in, kinds=(tally,), questions=(tally,),
                       cells={("punto-banco", "banco", 3, 8): tally}, lang=lang)


def test_the_class_report_writes_numbers_in_the_teacher_s_language() -> None:
    from bacara_teach.exercises.report import report_csv, report_html

    spanish = report_html(_report(12345, 1500, "es"))
    # Spanish groups a number from five digits on (CLDR's minimum grouping digits)
    assert "12.345 hojas entregadas; 1500 no entregadas o ilegibles" in spanish
    assert '<td class="num">2500</td>' in spanish and ">1250/2500</td>" in spanish
    assert '<td class="num">50\xa0%</td>' in spanish  # the share right, a Spanish percentage
    assert "el banquero" not in spanish and "Informe de la clase" in spanish
    text = re.sub(r"<style>.*?</style>|<[^>]+>", " ", spanish, flags=re.DOTALL)
    assert SPANISH_NUMBER_SLIPS.search(text) is None, text
    english = report_html(_report(12345, 1500, "en"))
    assert "12,345 papers handed in; 1,500 not handed in or unreadable" in english
    assert '<td class="num">2,500</td>' in english and '<td class="num">50%</td>' in english
    assert "1 paper handed in;" in report_html(_report(1, 0, "en"))
    assert "1 hoja entregada;" in report_html(_report(1, 0, "es"))
    # the report's CSV is for machines: plain numbers in every language
    assert report_csv(_report(1234, 1500, "es")).splitlines()[1].split(",")[2:4] == ["2500", "1250"]


def test_feedback_points_follow_the_language_and_the_gradebook_keeps_plain_numbers() -> None:
    from bacara_teach.exercises.grading import Gradebook, QuestionGrade, points_text
    from bacara_teach.exercises.questions import Mark

    paper = make_paper("scoring", "ana", "es")
    marks = [Mark(earned=Fraction(1, 2) if i == 0 else Fraction(1), status=Status.PARTLY
                  if i == 0 else Status.RIGHT, reason="x") for i in range(len(paper.questions))]
    grades = tuple(QuestionGrade(question=q, mark=m, answer="answer = 1")
                   for q, m in zip(paper.questions, marks, strict=True))
    grade = SubmissionGrade(student=Student("ana", "Ana"), paper=paper, status=GRADED,
                            reason="x", grades=grades, lang="es")
    spanish = submission_feedback(grade, "es")
    assert "**Total: 7,5 / 8**" in spanish and "· 0,5 / 1 · en parte correcta" in spanish
    english = submission_feedback(grade, "en")
    assert "**Total: 7.5 / 8**" in english and "· 0.5 / 1 · partly right" in english
    assert points_text(Fraction(85, 88) * 5, "es") == "4,83"
    book = Gradebook(assignment=paper.assignment, grades=(grade,), lang="es")
    assert gradebook_csv(book).splitlines()[1].split(",")[2:3] == ["0.5"]


def test_spanish_chemin_de_fer_questions_name_the_roles_as_people() -> None:
    from bacara_teach.exercises.kinds_chemin_de_fer import _RULES, EVENTS

    paper = make_paper("chemin-de-fer", "practice", "es")
    # the questions' own words (the engine's narration inside an explanation is the engine's)
    texts = [q.question_kind.prompt(q.params, "es") for q in paper.questions]
    texts += [tr(text, "es") for text in (*EVENTS.values(), *_RULES.values())]
    joined = " ".join(texts)
    assert "apostador" in joined and "banquero" in joined
    for text in texts:
        # "la banca" is the bank (the chips); a person is el apostador or el banquero
        assert re.search(r"\bel punto\b|\bdel punto\b|\bla banca (?:roba|se planta|debe robar|mira|"
                         r"gana|puede|abre)\b", text) is None, text


def test_spanish_settlement_says_a_payout_one_way_and_the_game_is_bacara() -> None:
    paper = make_paper("settlement", "ana", "es")
    explanations = " ".join(q.question_kind.explain(q.params, "es") for q in paper.questions)
    assert "se paga" in explanations and "pagada a" not in explanations
    notebooks = [paper_notebook(make_paper(name, "ana", "es")) for name in ASSIGNMENTS]
    words = " ".join("".join(c["source"]) for nb in notebooks for c in nb["cells"])
    # EZ Baccarat is a table's trade name and Baccarat Banque a game's French name (as Chemin
    # de Fer is), the same in every language; the game itself is bacará
    assert "bacará" in words
    assert "baccarat" not in words.lower().replace("ez baccarat", "").replace("baccarat banque", "")
    from bacara_teach.exercises.printing import rules_card_html

    card = rules_card_html("es")
    assert "Bacará: las reglas de la tercera carta" in card and "Los apostadores (Punto)" in card


def test_every_message_of_the_exercises_is_in_the_catalogue_and_translated() -> None:
    """Rewording an English message without its translation fails here, not silently."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "docs" / "_ext" / "engine_messages.py"
    spec = importlib.util.spec_from_file_location("engine_messages", path)
    assert spec is not None and spec.loader is not None
    engine_messages = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(engine_messages)
    ours = [m for m in engine_messages.extract_template()
            if m.id and any("/exercises/" in where for where, _ in m.locations)]
    assert len(ours) > 250
    for lang in engine_messages.languages():
        catalogue = engine_messages.read(engine_messages.catalogue_path(lang), lang)
        for wanted in ours:
            entry = catalogue.get(wanted.id, context=wanted.context)
            assert entry is not None and not entry.fuzzy, (lang, wanted.id)
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            assert all(strings), (lang, wanted.id)
    from bacara_teach.exercises.questions import status_label

    assert status_label(Status.WRONG, "es", count=3) == "incorrectas"


def test_what_a_submission_says_is_quoted_never_formatted_or_translated() -> None:
    """Braces, format fields and English message ids in a notebook are the student's text."""
    paper = make_paper("scoring", "ana", "en")
    answers = key_answers(paper)
    answers["q1"] = answer_line("the file is empty")  # an English message id, as an answer
    answers["q2"] = answer_line("{count} {0} {error!r} {{x}}")
    answers["q3"] = "answer = {count}"  # not Python data: refused, quoted
    forged = filled_notebook(paper, answers)
    forged["metadata"]["bacara_teach"].update({"student_id": "{student!r}",
                                               "assignment": "the file is empty {0}"})
    forged["cells"].append({"cell_type": "markdown", "id": "x", "source": "{qid}",
                            "metadata": {"bacara_teach": {"question": "{qid!r}"}}})
    for lang in language_codes():
        grade = _grade(paper, answers, lang, forged)
        assert grade.total == paper.maximum - 3
        reasons = {g.question.qid: g.mark.reason for g in grade.grades}
        assert "'the file is empty'" in reasons["q1"] and "el archivo está vacío" not in reasons["q1"]
        assert "'{count} {0} {error!r} {{x}}'" in reasons["q2"]
        assert "{count}" in reasons["q3"]
        notes = " ".join(grade.notes)
        assert "'{student!r}'" in notes and "'the file is empty {0}'" in notes
        assert "'{qid!r}'" in notes
        feedback = submission_feedback(grade)
        assert "{student!r}" in feedback and ("Notas:" in feedback) == (lang == "es")


@pytest.mark.parametrize(("csv_text", "spanish"), [
    ("id,name\nana,Ana\nANA,Ana again\n", "línea 3: identificador de estudiante repetido 'ANA'"),
    ("id,name\npractice,Pat\n", "línea 2: el identificador de estudiante 'practice' está reservado"),
    ("id,name\n../bob,Bob\n", "Identificador de estudiante no válido: '../bob'"),
    ("nombre\nana\n", "la cabecera es 'nombre'; se esperaban las columnas 'id' y 'name'"),
    ("", "la lista de la clase está vacía"),
])
def test_the_roster_refusals_read_in_spanish(csv_text: str, spanish: str) -> None:
    from bacara_teach.errors import NotationError
    from bacara_teach.exercises.roster import parse_roster

    with pytest.raises(NotationError) as refused:
        parse_roster(csv_text)
    assert spanish in refused.value.text("es"), refused.value.text("es")
    assert refused.value.text("es") != str(refused.value)


def test_a_result_file_refused_is_explained_in_spanish() -> None:
    from bacara_teach.exercises.sandbox import read_records

    calls = [{"function": "f", "args": [[1], [2]]}]
    for raw, spanish, english in (
            (b'{"load": "ok"}\n{"function": "f", "results": [["ok", 2]]}\n',
             "línea 2: f devolvió 1 resultados para 2 llamadas", "line 2: f returned 1 results"),
            (b'{"load": "ok"}\n{"function": "f", "results": [["error", 5], ["ok", 4]]}\n',
             "el error de línea 2, resultado 1 no es un texto de 400 caracteres como máximo",
             "line 2, result 1's error is not a text of at most 400"),
            (b"not json\n", "la línea 1 no es JSON (JSONDecodeError)", "line 1 is not JSON")):
        read = read_records(raw, calls)
        assert read.malformed_why is not None and read.malformed is not None
        assert read.malformed_why.render("es") == spanish, read.malformed_why.render("es")
        assert read.malformed.startswith(english) and str(read.malformed_why) == read.malformed
