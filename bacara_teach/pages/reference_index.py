"""The reference index page: its check answers in the page's language.

>>> decision_word("choice", "en"), decision_word("stand", "es")
('choice', 'plantarse')
"""

from __future__ import annotations

from bacara_teach.text import ptr

__all__ = ["decision_word"]


def decision_word(decision: str, lang: str | None = None) -> str:
    """A cell of a third-card table (``draw``, ``stand``, ``choice``) as the answer of what a
    hand does there."""
    words = {
        "draw": ptr("what a hand does", "draw", lang),
        "stand": ptr("what a hand does", "stand", lang),
        "choice": ptr("what a hand does", "choice", lang),
    }
    return words[decision]
