"""The question bank: every question kind, registered once by name.

>>> from bacara_teach.exercises.questions import KINDS
>>> sorted(KINDS)[:3]
['banco-cell', 'code-third-card', 'coup']
"""

from __future__ import annotations

from bacara_teach.exercises.kinds_coding import CodingKind
from bacara_teach.exercises.kinds_punto_banco import KIND_CLASSES
from bacara_teach.exercises.questions import KINDS, register_kind

__all__ = ["KINDS"]

for _make in (*KIND_CLASSES, CodingKind):
    _kind = _make()
    if _kind.name not in KINDS:
        register_kind(_kind)
