"""The record of a coup: one frozen :class:`Step` per thing that happened.

Every game (Punto Banco, Chemin de Fer) logs its coups as steps.  Each step
names who acted, what they did, and the rule that made them do it (with the
tableau cell when a cell decided).  Narration in English and Spanish, the
step-by-step widget, JSON output and the tests all read these records.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bacara_teach.cards import Card
from bacara_teach.tableau import Cell

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing at run time (mypy reads it the same)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Rule", "Step"]


class Rule:
    """Machine-readable names of the rules a step can cite."""

    DEAL_ORDER = "deal-order"
    """Cards are dealt player, banker, player, banker."""
    NATURAL = "natural"
    """A two-card 8 or 9: nobody draws, the hands are compared at once."""
    NO_NATURAL = "no-natural"
    """Neither hand has 8 or 9: the third-card rules apply."""
    PLAYER_RULE = "player-rule"
    """The player's draw/stand rule on the two-card total."""
    BANKER_AFTER_STAND = "banker-after-stand"
    """The banker's rule when the player stood."""
    BANKER_TABLE = "banker-table"
    """The banker's table: own total against the player's third card."""
    HIGHER_TOTAL = "higher-total"
    """Final comparison: the higher total wins, equal totals tie."""
    # Chemin de Fer: hidden cards and real decisions.
    LOOK = "look"
    """Chemin de Fer: the cards are dealt face down; the bettor looks first, the
    banker only after the bettor has announced."""
    BANKER_NATURAL = "banker-natural"
    """Chemin de Fer: a banker who looks and finds 8 or 9 shows and wins at once;
    a third card the bettor asked for is not given."""
    CHOICE = "choice"
    """A free cell of the tableau: the player on that cell decides."""
    THIRD_CARD_FACE_UP = "third-card-face-up"
    """Chemin de Fer: the bettor's third card is dealt face up, after the banker has
    looked; the bettor's first two cards stay hidden."""
    SHOWDOWN = "showdown"
    """Chemin de Fer: every card is shown at the end of the coup."""


@dataclass(frozen=True, slots=True)
class Step:
    """One recorded step of a coup.

    ``actor`` is the hand that acted (``"punto"``/``"banco"`` in Punto Banco,
    ``"bettor"``/``"banker"`` in Chemin de Fer) or ``"table"``; ``action`` is
    what happened (``deal``, ``natural``, ``no-natural``, ``draw``, ``stand``,
    ``result`` and, in Chemin de Fer, ``look``, ``announce``, ``show``...);
    ``total`` is the actor's total after the step; ``rule`` names the rule
    (see :class:`Rule`) and ``cell`` the tableau cell that decided, if any.
    ``facts`` holds the small extra data a narration needs (totals compared,
    the winner, who chose).
    """

    actor: str
    action: str
    rule: str
    card: Card | None = None
    total: int | None = None
    cell: Cell | None = None
    facts: tuple[tuple[str, Any], ...] = field(default=())

    def fact(self, key: str, default: Any = None) -> Any:
        for k, v in self.facts:
            if k == key:
                return v
        return default

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``{"actor", "action", "card", "total", "reason"}``."""
        reason: dict[str, Any] = {"rule": self.rule}
        if self.cell is not None:
            reason["cell"] = self.cell.to_dict()
        reason.update(
            (k, v.value if hasattr(v, "value") else v) for k, v in self.facts
        )
        out: dict[str, Any] = {"actor": self.actor, "action": self.action}
        if self.card is not None:
            out["card"] = str(self.card)
        if self.total is not None:
            out["total"] = self.total
        out["reason"] = reason
        return out
