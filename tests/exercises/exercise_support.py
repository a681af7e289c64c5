"""Support for the exercise tests: a model student's program, notebooks filled in, and RULES.md restated.

The program below is the student's side of the coding question: it restates
the rules of RULES.md with plain ifs (graded code may not import the engine).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from bacara_teach.exercises import Paper
from bacara_teach.exercises.notebook import notebook_text, paper_notebook
from bacara_teach.exercises.secret import create_secret, default_secret_path

MODEL_PROGRAM = '''\
VALUES = {"A": 1, "J": 0, "Q": 0, "K": 0, "10": 0}


def value(card):
    rank = card[:-1]
    return VALUES[rank] if rank in VALUES else int(rank)


def banker_draws(banker_total, player_third_card):
    return _banco_rule(banker_total, player_third_card)


def _banco_rule(banker_total, player_third_card):
    if player_third_card is None:
        return banker_total <= 5
    if banker_total <= 2:
        return True
    if banker_total == 3:
        return player_third_card != 8
    if banker_total == 4:
        return 2 <= player_third_card <= 7
    if banker_total == 5:
        return 4 <= player_third_card <= 7
    if banker_total == 6:
        return player_third_card in (6, 7)
    return False


def play(cards):
    points = [value(c) for c in cards]
    punto = (points[0] + points[2]) % 10
    banco = (points[1] + points[3]) % 10
    rest = points[4:]
    if punto < 8 and banco < 8:
        third = None
        if punto <= 5:
            third = rest.pop(0)
            punto = (punto + third) % 10
        if _banco_rule(banco, third):
            banco = (banco + rest.pop(0)) % 10
    if punto > banco:
        return "punto"
    if banco > punto:
        return "banco"
    return "empate"
'''


def class_secret(roster: Path) -> bytes:
    """The class secret beside ``roster`` (made as ``assignment make`` makes it, if it is not there)."""
    return create_secret(default_secret_path(roster))


def answer_line(value: object) -> str:
    """An answer cell holding ``value``."""
    return f"answer = {value!r}"


def filled_notebook(paper: Paper, answers: Mapping[str, str]) -> dict[str, Any]:
    """The paper's notebook with the answer cells of ``answers`` (qid -> cell text) replaced."""
    notebook = paper_notebook(paper)
    for cell in notebook["cells"]:
        qid = cell["metadata"].get("bacara_teach", {}).get("question")
        if qid in answers:
            cell["source"] = answers[qid]
    return notebook


def key_answers(paper: Paper, program: str = MODEL_PROGRAM, *, named: bool = False) -> dict[str, str]:
    """Every answer cell filled with the engine's key (and the model program).

    ``named`` writes each cell as the notebooks do (``answer_q3 = ...``); else as the papers of
    format 1 did (``answer = ...``), which the grader still reads.
    """
    key = paper.key()
    return {q.qid: program if q.question_kind.is_program
            else (f"answer_{q.qid} = {key[q.qid]!r}" if named else answer_line(key[q.qid]))
            for q in paper.questions}


def write_notebook(folder: Path, name: str, notebook: Mapping[str, Any] | str | bytes) -> Path:
    """Write a submission: a notebook dict, or raw text/bytes for malformed files."""
    path = folder / f"{name}.ipynb"
    if isinstance(notebook, bytes):
        path.write_bytes(notebook)
    elif isinstance(notebook, str):
        path.write_text(notebook, encoding="utf-8")
    else:
        path.write_text(notebook_text(dict(notebook)), encoding="utf-8")
    return path


def with_program(paper: Paper, program: str, answers: Mapping[str, str] | None = None) -> dict[str, str]:
    """The key's answers with the program cell replaced by ``program``."""
    out = dict(answers or key_answers(paper))
    for q in paper.questions:
        if q.question_kind.is_program:
            out[q.qid] = program
    return out


def first_qid(paper: Paper, test: Callable[[Any], bool]) -> str:
    """The first question whose kind passes ``test``."""
    return next(q.qid for q in paper.questions if test(q.question_kind))


def dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False)


# -- the rules as RULES.md writes them, restated independently of the engine -------------------------

VALUES = {"A": 1, "J": 0, "Q": 0, "K": 0, "10": 0}


def rules_md_value(card: str) -> int:
    """Shared scoring: A = 1, 2-9 face value, 10/J/Q/K = 0."""
    rank = card[:-1]
    return VALUES[rank] if rank in VALUES else int(rank)


def rules_md_total(cards: list[str]) -> int:
    """A hand's total is the units digit of the sum."""
    return sum(rules_md_value(c) for c in cards) % 10


def rules_md_punto(total: int) -> str:
    """System A: Punto draws on 0-5, stands on 6-7."""
    return "draw" if total <= 5 else "stand"


def rules_md_banco(total: int, third: int | None) -> str:
    """System A: Banco's rule on its two-card total and the value of Punto's third card."""
    if third is None:
        return "draw" if total <= 5 else "stand"
    draws = {0: range(10), 1: range(10), 2: range(10), 3: [v for v in range(10) if v != 8],
             4: range(2, 8), 5: range(4, 8), 6: range(6, 8), 7: []}[total]
    return "draw" if third in draws else "stand"


def rules_md_coup(cards: list[str]) -> dict[str, Any]:
    """A whole coup by RULES.md: deal order P, B, P, B; naturals; Punto's rule; Banco's table."""
    values = [rules_md_value(c) for c in cards]
    punto, banco = (values[0] + values[2]) % 10, (values[1] + values[3]) % 10
    rest = values[4:]
    if punto < 8 and banco < 8:
        third = None
        if rules_md_punto(punto) == "draw":
            third = rest.pop(0)
            punto = (punto + third) % 10
        if rules_md_banco(banco, third) == "draw":
            banco = (banco + rest.pop(0)) % 10
    assert not rest, "every card is used"
    winner = "punto" if punto > banco else "banco" if banco > punto else "empate"
    return {"winner": winner, "punto": punto, "banco": banco}
