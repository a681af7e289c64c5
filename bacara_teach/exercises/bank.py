"""The question bank: every question kind, registered once by name.

>>> from bacara_teach.exercises.questions import KINDS
>>> sorted(KINDS)
['banco-cell', 'banque-decision', 'banque-settlement', 'cdf-cell', 'cdf-money', 'cdf-order', 'code-third-card', 'coup', 'punto-rule', 'score', 'settlement', 'situation']
"""

from __future__ import annotations

from bacara_teach.exercises import kinds_banque, kinds_chemin_de_fer, kinds_punto_banco
from bacara_teach.exercises.kinds_coding import CodingKind
from bacara_teach.exercises.kinds_settlement import SettlementKind
from bacara_teach.exercises.questions import KINDS, register_kind

__all__ = ["KINDS"]

for _make in (*kinds_punto_banco.KIND_CLASSES, CodingKind, SettlementKind,
              *kinds_chemin_de_fer.KIND_CLASSES, *kinds_banque.KIND_CLASSES):
    _kind = _make()
    if _kind.name not in KINDS:
        register_kind(_kind)
