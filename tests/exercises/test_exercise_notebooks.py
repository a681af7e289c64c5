"""Student notebooks: valid nbformat 4.5, no answers inside, committed practice copies that cannot drift,
and a real kernel that runs them top to bottom."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import nbformat
import pytest
from exercise_support import filled_notebook, key_answers

from bacara_teach.exercises import ASSIGNMENTS, KINDS, make_paper
from bacara_teach.exercises.assignments import variant_seed
from bacara_teach.exercises.notebook import FORMAT_VERSION, notebook_text, paper_notebook
from bacara_teach.exercises.practice import PRACTICE_ID, practice_text

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = ROOT / "exercises"


@pytest.mark.parametrize("name", sorted(ASSIGNMENTS))
def test_the_notebook_is_valid_nbformat_4_5_with_cell_ids(name: str) -> None:
    notebook = paper_notebook(make_paper(name, "ana"))
    nbformat.validate(nbformat.from_dict(notebook), version=4)  # type: ignore[no-untyped-call]
    assert (notebook["nbformat"], notebook["nbformat_minor"]) == (4, 5)
    ids = [c["id"] for c in notebook["cells"]]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("name", sorted(ASSIGNMENTS))
def test_every_question_has_a_prompt_a_tagged_answer_cell_and_a_self_check(name: str) -> None:
    paper = make_paper(name, "ana")
    cells = paper_notebook(paper)["cells"]
    tagged = [c["metadata"]["bacara_teach"]["question"] for c in cells
              if c["metadata"].get("bacara_teach")]
    assert tagged == list(paper.qids)
    for q in paper.questions:
        by_id = {c["id"]: c for c in cells}
        assert by_id[f"{q.qid}-question"]["cell_type"] == "markdown"
        assert by_id[f"{q.qid}-answer"]["cell_type"] == "code"
        check = "".join(by_id[f"{q.qid}-check"]["source"])
        assert check.startswith("# SELF-CHECK (graded paper)") and f"check_answer({q.kind!r}" in check
    practice = make_paper(name, PRACTICE_ID)
    for cell in paper_notebook(practice)["cells"]:
        if cell["id"].endswith("-check"):
            check = "".join(cell["source"])
            assert check.startswith("# SELF-CHECK (not graded)") and "self_check(" in check


def test_making_a_notebook_never_computes_an_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("an answer key was computed while making a student's notebook")

    for kind in KINDS.values():
        monkeypatch.setattr(kind, "key", refuse)
        monkeypatch.setattr(kind, "key_text", refuse)
        monkeypatch.setattr(kind, "explain", refuse)
    for name in ASSIGNMENTS:
        paper_notebook(make_paper(name, "ana"))


def test_the_kernelspec_starts_desktop_jupyter_and_lets_jupyterlite_pick_its_python() -> None:
    # JupyterLab/JupyterLite open a notebook with its kernelspec's name if a kernel has it
    # (desktop: python3), else the only kernel whose language is language_info.name (the
    # Pyodide kernel, named python); both keys must therefore be there
    meta = paper_notebook(make_paper("third-card", "bo"))["metadata"]
    assert meta["kernelspec"] == {"name": "python3", "display_name": "Python 3", "language": "python"}
    assert meta["language_info"]["name"] == "python"
    meta["kernelspec"]["name"] = "changed"
    assert paper_notebook(make_paper("third-card", "bo"))["metadata"]["kernelspec"]["name"] == "python3"


def test_the_notebook_metadata_names_the_assignment_student_and_format() -> None:
    meta = paper_notebook(make_paper("scoring", "bo"))["metadata"]["bacara_teach"]
    assert meta == {"assignment": "scoring", "student_id": "bo", "format": FORMAT_VERSION}


# -- variants --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(ASSIGNMENTS))
def test_variants_are_stable_for_one_student_and_differ_across_students(name: str) -> None:
    students = [f"s{i:02d}" for i in range(30)]
    papers = [make_paper(name, s) for s in students]
    assert papers == [make_paper(name, s) for s in students]
    distinct = {json.dumps([q.params for q in p.questions], sort_keys=True) for p in papers}
    assert len(distinct) == len(students)


def test_questions_on_one_paper_do_not_repeat() -> None:
    for student in ("ana", "bo", "cy"):
        for name in ASSIGNMENTS:
            seen = [(q.kind, json.dumps(q.params, sort_keys=True)) for q in make_paper(name, student).questions]
            assert len(seen) == len(set(seen))


def test_the_variant_seed_is_the_sha256_of_assignment_student_and_item() -> None:
    import hashlib

    text = "bacara_teach.exercises/v1\nthird-card\nana\n2"
    want = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    assert variant_seed("third-card", "ana", 2) == want


# -- the committed practice notebooks ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(ASSIGNMENTS))
def test_committed_practice_notebook_equals_the_generator(name: str) -> None:
    path = EXERCISES / f"{name}.ipynb"
    assert path.is_file(), f"{path} is missing: run bacara-teach assignment practice --out exercises"
    assert path.read_text(encoding="utf-8") == practice_text(name, "en"), (
        f"{path.name} drifted from the generator: run bacara-teach assignment practice --out exercises")
    meta = json.loads(path.read_text(encoding="utf-8"))["metadata"]["bacara_teach"]
    assert meta["student_id"] == PRACTICE_ID


# -- a real kernel -----------------------------------------------------------------------------------


def _execute(notebook: dict[str, Any], folder: Path) -> Any:
    from nbclient import NotebookClient

    node = nbformat.reads(notebook_text(notebook), as_version=4)  # type: ignore[no-untyped-call]
    # no kernel_name: the notebook's own kernelspec must start desktop Jupyter's kernel
    NotebookClient(node, timeout=120, resources={"metadata": {"path": str(folder)}}).execute()
    return node


def _checks(node: Any) -> list[str]:
    texts = []
    for cell in node.cells:
        if cell.get("id", "").endswith("-check"):
            (output,) = [o for o in cell.outputs if o.output_type == "execute_result"]
            texts.append(output["data"]["text/plain"])
    return texts


@pytest.mark.slow
def test_a_fresh_notebook_runs_top_to_bottom_in_a_kernel(tmp_path: Path) -> None:
    paper = make_paper("third-card", PRACTICE_ID)
    node = _execute(paper_notebook(paper), tmp_path)
    checks = _checks(node)
    assert len(checks) == len(paper.questions)
    assert all(t.startswith("SELF-CHECK (not graded): ") for t in checks)
    assert all(t.startswith("SELF-CHECK (not graded): unanswered") for t in checks)


@pytest.mark.slow
def test_a_notebook_filled_with_the_key_self_checks_right_in_a_kernel(tmp_path: Path) -> None:
    paper = make_paper("third-card", PRACTICE_ID)
    node = _execute(filled_notebook(paper, key_answers(paper, named=True)), tmp_path)
    assert _checks(node) == ["SELF-CHECK (not graded): right"] * len(paper.questions)


@pytest.mark.slow
def test_a_graded_notebook_filled_with_the_key_only_says_its_answers_can_be_read(tmp_path: Path) -> None:
    paper = make_paper("third-card", "ana")
    checks = _checks(_execute(filled_notebook(paper, key_answers(paper, named=True)), tmp_path))
    assert len(checks) == len(paper.questions)
    assert all(t.startswith("SELF-CHECK (graded paper): ") for t in checks)
    assert not any("right" in t.split(": ", 1)[1] for t in checks)
