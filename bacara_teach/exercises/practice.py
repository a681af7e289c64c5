"""The practice papers: every assignment dealt for the student id ``practice``.

The repository's ``exercises/<assignment>.ipynb`` files are these notebooks,
written by ``bacara-teach assignment practice --out exercises``; a test
checks that they are exactly what this module produces in English.  Their
SELF-CHECK cells name no language, so run with ``BACARA_LANG=es`` they answer
in Spanish.

>>> practice_text("scoring").startswith('{\\n "cells": [')
True
"""

from __future__ import annotations

from bacara_teach.exercises.assignments import make_paper
from bacara_teach.exercises.notebook import PRACTICE_ID, notebook_text, paper_notebook

__all__ = ["PRACTICE_ID", "practice_text"]


def practice_text(assignment: str, lang: str | None = None) -> str:
    """The practice notebook of ``assignment`` in ``lang`` (``None``: the default language),
    as the JSON text of its file."""
    return notebook_text(paper_notebook(make_paper(assignment, PRACTICE_ID, lang)))
