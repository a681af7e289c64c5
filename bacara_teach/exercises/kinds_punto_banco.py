"""Question kinds on Punto Banco's rules: scoring, the tableau, situations, whole coups.

Every answer key is computed by the engine (:mod:`bacara_teach.cards`,
:mod:`bacara_teach.tableau`, :mod:`bacara_teach.punto_banco`) and every
explanation is worded from the same data (:mod:`bacara_teach.narration`).

>>> from bacara_teach.exercises.questions import get_kind
>>> cell = get_kind("banco-cell")
>>> cell.key({"total": 3, "third": 8})
'stand'
>>> print(cell.explain({"total": 3, "third": 8}))
Banco's table, row 3, column 8: on 3 Banco draws against 0–7 and 9, stands against 8. Punto's third card counts 8, so Banco **stands**.
>>> print(cell.explain({"total": 3, "third": 8}, "es"))
Tabla de Banco, fila 3, columna 8: con 3, Banco roba ante 0–7 y 9, se planta ante 8. La tercera carta de Punto vale 8, así que Banco **se planta**.
>>> get_kind("coup").key({"cards": "4♥ 2♠ 9♣ A♦ 8♦"})
{'winner': 'banco', 'punto': 1, 'banco': 3}
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, ClassVar

from bacara_teach.cards import Card, Rank, hand_total, parse_cards
from bacara_teach.errors import BacaraError
from bacara_teach.exercises.questions import (
    DRAW_OR_STAND,
    TOTAL,
    CoupResultAnswer,
    Mark,
    ParamsError,
    QuestionKind,
    Status,
    cards_param,
    cards_text,
    distinct,
    int_param,
    lang_code,
    status_label,
)
from bacara_teach.narration import describe_banker_row, describe_player_rule, narrate_step, spans
from bacara_teach.punto_banco import Coup, deal_coup, play_coup
from bacara_teach.shoe import Shoe
from bacara_teach.steps import Rule, Step
from bacara_teach.tableau import PUNTO_BANCO, Cell, Decision
from bacara_teach.text import N_, message, pmessage, tr

__all__ = [
    "BancoCellKind",
    "CoupKind",
    "PuntoRuleKind",
    "ScoreKind",
    "SituationKind",
    "banco_situation",
]

_DEAL_ORDER = "Punto, Banco, Punto, Banco"


@cache
def _cells() -> tuple[Cell, ...]:
    """Every cell of Punto Banco's tableau, in the tableau's order (read once: every paper
    deals its questions from them)."""
    return tuple(PUNTO_BANCO.cells())


def _shoe(rng: random.Random) -> Shoe:
    return Shoe.standard(8, seed=rng.getrandbits(64))


def _coups(rng: random.Random) -> Any:
    """An endless stream of coups dealt from seeded 8-deck shoes."""
    while True:
        shoe = _shoe(rng)
        while shoe.remaining >= 6:
            yield play_coup(shoe)


def _zero_ranks() -> str:
    return "/".join(r.symbol for r in Rank if r.points == 0)


def _values_note(lang: str) -> str:
    ace = next(r for r in Rank if r.points == 1)
    return tr("{ace} counts 1, {zeros} count 0, the others their number", lang, ace=ace.symbol,
              zeros=_zero_ranks())


_DECISION_WORDS = {
    "draw": pmessage("what a hand does", "draws"),
    "stand": pmessage("what a hand does", "stands"),
    "choice": pmessage("what a hand does", "chooses"),
}


def _decision_word(decision: Decision, lang: str) -> str:
    return _DECISION_WORDS[decision.value].render(lang)


# -- scoring -------------------------------------------------------------------------------------


class ScoreKind(QuestionKind):
    """The total of a hand of two or three cards.

    >>> ScoreKind().key({"cards": "7♠ 8♦"})
    5
    """

    name = "score"
    title = N_("The total of a hand")
    answer = TOTAL

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        sizes = options.get("sizes", (2, 3))
        shoe_rng = random.Random(rng.getrandbits(64))
        shoe = _shoe(shoe_rng)
        position = iter(range(10**6))

        def draw(_: random.Random) -> dict[str, Any] | None:
            nonlocal shoe
            size = sizes[next(position) % len(sizes)]
            if shoe.remaining < size:
                shoe = _shoe(shoe_rng)
            cards = [shoe.draw() for _ in range(size)]
            # only hands that exercise a rule: a sum of 10 or more, or a card that counts 0
            if sum(c.points for c in cards) < 10 and all(c.points for c in cards):
                return None
            return {"cards": cards_text(cards)}

        return distinct(rng, count, draw)

    def check_params(self, params: Mapping[str, Any]) -> None:
        cards = cards_param(params, "cards", self.name)
        if not 2 <= len(cards) <= 3:
            raise ParamsError(message(
                "invalid cards {cards!r} for a score question: a hand has 2 or 3 cards",
                cards=params["cards"]))

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        return tr("What is the total of the hand **{cards}**?", lang, cards=params["cards"])

    def key(self, params: Mapping[str, Any]) -> int:
        return hand_total(cards_param(params, "cards", self.name))

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        cards = cards_param(params, "cards", self.name)
        counts = ", ".join(tr("{card} counts {points}", code, card=str(c), points=c.points)
                           for c in cards)
        total = sum(c.points for c in cards)
        sum_text = " + ".join(str(c.points) for c in cards) + f" = {total}"
        return tr("{counts} ({values}). {sum}, and a hand's total is the units digit of the sum: "
                  "**{total}**.", code, counts=counts, values=_values_note(code), sum=sum_text,
                  total=hand_total(cards))


# -- the tableau ---------------------------------------------------------------------------------


class PuntoRuleKind(QuestionKind):
    """Punto's rule: draw or stand on a two-card total (read from ``PUNTO_BANCO.player``)."""

    name = "punto-rule"
    title = N_("Punto's rule")
    answer = DRAW_OR_STAND

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:  # noqa: ARG002 - no options
        totals = [cell.total for cell in _cells() if cell.hand == "player"]
        # the first question sits on the line between drawing and standing
        edge = [t for t in totals[1:] if PUNTO_BANCO.player[t] != PUNTO_BANCO.player[t - 1]]
        first = rng.choice([t for t in totals if t in edge or t + 1 in edge])
        rest = [t for t in totals if t != first]
        chosen = [first, *rng.sample(rest, min(count - 1, len(rest)))]
        return [{"total": t} for t in chosen[:count]]

    def check_params(self, params: Mapping[str, Any]) -> None:
        int_param(params, "total", self.name, range(8))

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        return tr("Neither hand has a natural. Punto's first two cards total **{total}**. Does "
                  "Punto draw a third card or stand?", lang, total=params["total"])

    def key(self, params: Mapping[str, Any]) -> str:
        self.check_params(params)
        return PUNTO_BANCO.player_decision(params["total"]).value

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        rule = describe_player_rule(PUNTO_BANCO, code)
        decision = PUNTO_BANCO.player_decision(params["total"])
        word = _decision_word(decision, code)
        return tr("Punto's rule: Punto draws on {draw} and stands on {stand} (8 and 9 are "
                  "naturals). On {total} Punto **{word}**.", code, draw=rule["draw"],
                  stand=rule["stand"], total=params["total"], word=word)


class BancoCellKind(QuestionKind):
    """One cell of Banco's table (read from ``PUNTO_BANCO``'s banker cells).

    ``third`` is the point value of Punto's third card, or ``None`` when Punto stood.
    """

    name = "banco-cell"
    title = N_("Banco's table, one cell")
    answer = DRAW_OR_STAND

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        rows = tuple(options.get("rows", (3, 4, 5, 6)))
        stood = int(options.get("stood", 1))
        cells = [c for c in _cells() if c.hand == "banker" and c.total in rows]
        drew = [c for c in cells if c.third is not None]
        after_stand = [c for c in cells if c.third is None]
        stood = min(stood, count, len(after_stand))
        chosen = rng.sample(drew, count - stood) + rng.sample(after_stand, stood)
        rng.shuffle(chosen)
        return [{"total": c.total, "third": c.third} for c in chosen]

    def check_params(self, params: Mapping[str, Any]) -> None:
        int_param(params, "total", self.name, range(8))
        int_param(params, "third", self.name, [None, *range(10)])

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        total, third = params["total"], params["third"]
        if third is None:
            return tr("Neither hand has a natural. Punto stood (no third card). Banco's first two "
                      "cards total **{total}**. Does Banco draw a third card or stand?", code,
                      total=total)
        return tr("Neither hand has a natural. Punto drew a third card worth **{third}**. Banco's "
                  "first two cards total **{total}**. Does Banco draw a third card or stand?",
                  code, third=third, total=total)

    def key(self, params: Mapping[str, Any]) -> str:
        self.check_params(params)
        return PUNTO_BANCO.banker_decision(params["total"], params["third"]).value

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        self.check_params(params)
        return banco_rule_sentence(params["total"], params["third"], lang)


def banco_rule_sentence(total: int, third: int | None, lang: str | None = None) -> str:
    """Banco's rule for one cell, in words read from the tableau data.

    >>> print(banco_rule_sentence(6, None))
    Punto stood, and then Banco draws on 0–5 and stands on 6–7: on 6 Banco **stands**.
    >>> print(banco_rule_sentence(6, None, "es"))
    Punto se plantó, y entonces Banco roba con 0–5 y se planta con 6–7: con 6, Banco **se planta**.
    """
    code = lang_code(lang)
    decision = PUNTO_BANCO.banker_decision(total, third)
    word = _decision_word(decision, code)
    if third is None:
        after = PUNTO_BANCO.banker_after_stand
        draws = spans((t for t, d in enumerate(after) if d is Decision.DRAW), code)
        stands = spans((t for t, d in enumerate(after) if d is Decision.STAND), code)
        return tr("Punto stood, and then Banco draws on {draws} and stands on {stands}: on "
                  "{total} Banco **{word}**.", code, draws=draws, stands=stands, total=total,
                  word=word)
    row = describe_banker_row(PUNTO_BANCO, total, code)
    return tr("Banco's table, row {total}, column {third}: on {total} Banco {row}. Punto's third "
              "card counts {third}, so Banco **{word}**.", code, total=total, third=third, row=row,
              word=word)


# -- situations and whole coups ------------------------------------------------------------------

_FILLER = parse_cards("K♠ K♠")
"""Cards put under a situation so the engine can play on to Banco's decision (never shown)."""


def banco_situation(cards: tuple[Card, ...]) -> tuple[Step, Step | None]:
    """Banco's decision in a coup dealt so far from ``cards``: (Banco's step, Punto's step).

    ``cards`` are the four first cards and Punto's third card if Punto drew;
    anything else is refused.  Punto's step is ``None`` after a natural.

    >>> banco, punto = banco_situation(parse_cards("4♥ 2♠ 9♣ A♦ 8♦"))
    >>> banco.action, banco.cell.total, banco.cell.third, punto.action
    ('stand', 3, 8, 'draw')
    """
    banco, punto, _ = _situation(tuple(cards))
    return banco, punto


@lru_cache(maxsize=1024)
def _situation(cards: tuple[Card, ...]) -> tuple[Step, Step | None, Coup]:
    """:func:`banco_situation` and the coup played on from ``cards`` (a question checks,
    keys, explains and marks the same situation: it is played once)."""
    coup = play_coup(Shoe.stacked([*cards, *_FILLER]))
    punto_step = next((s for s in coup.steps if s.rule == Rule.PLAYER_RULE), None)
    banco_step = next((s for s in coup.steps if s.actor == "banco" and s.action != "deal"), None)
    needed = 4 + (punto_step is not None and punto_step.action == "draw")
    if len(cards) != needed:
        shown = cards_text(cards)
        if needed == 5:
            raise ParamsError(message(
                "invalid situation {cards!r}: Punto must draw here, so give five cards (the fifth "
                "is Punto's third card)", cards=shown))
        raise ParamsError(message(
            "invalid situation {cards!r}: give the first four cards only (Punto draws no third "
            "card here)", cards=shown))
    if banco_step is None:  # a natural: nobody draws
        natural = next(s for s in coup.steps if s.action == "natural")
        return natural, None, coup
    return banco_step, punto_step, coup


class SituationKind(QuestionKind):
    """Banco's decision read from dealt cards (totals, Punto's rule, then Banco's cell)."""

    name = "situation"
    title = N_("Banco's decision from the dealt cards")
    answer = DRAW_OR_STAND
    _CATEGORIES: ClassVar[tuple[str, ...]] = ("drew", "stood", "drew", "natural", "drew")

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        categories = list(options.get("categories", self._CATEGORIES))
        coups = _coups(random.Random(rng.getrandbits(64)))
        position = iter(range(10**6))

        def draw(_: random.Random) -> dict[str, Any] | None:
            want = categories[next(position) % len(categories)]
            for coup in coups:
                if _situation_category(coup) == want:
                    used = 4 + (coup.punto_third is not None)
                    return {"cards": cards_text(coup.cards[:used])}
            return None  # pragma: no cover - the stream is endless

        return distinct(rng, count, draw)

    def check_params(self, params: Mapping[str, Any]) -> None:
        banco_situation(cards_param(params, "cards", self.name))

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        cards = params["cards"]
        return tr("These cards have been dealt, in this order ({order}, then Punto's third card if "
                  "Punto drew one): **{cards}**. Does Banco draw a third card or stand?", lang,
                  order=_DEAL_ORDER, cards=cards)

    def key(self, params: Mapping[str, Any]) -> str:
        step, _ = banco_situation(cards_param(params, "cards", self.name))
        return "draw" if step.action == "draw" else "stand"

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        banco, punto, coup = _situation(cards_param(params, "cards", self.name))
        lines = [narrate_step(s, code) for s in coup.steps if s.action in ("natural", "no-natural")]
        if punto is None:
            return " ".join([*lines, tr("So Banco **stands**.", code)])
        lines.append(narrate_step(punto, code))
        assert banco.cell is not None
        lines.append(tr("Banco has {total}.", code, total=banco.cell.total) + " "
                     + banco_rule_sentence(banco.cell.total, banco.cell.third, code))
        return " ".join(lines)


def _situation_category(coup: Coup) -> str:
    if coup.natural:
        return "natural"
    if coup.punto_third is None:
        return "stood"
    # the interesting rows of Banco's table: 3-6
    return "drew" if 3 <= hand_total(coup.banco[:2]) <= 6 else "drew-easy"


class CoupKind(QuestionKind):
    """A whole coup from its dealt cards: the winner and both final totals (1/3 each)."""

    name = "coup"
    title = N_("A whole coup")
    answer = CoupResultAnswer()
    _CATEGORIES: ClassVar[tuple[str, ...]] = ("both-draw", "one-draws", "natural", "both-draw")

    def answer_comment(self, lang: str | None = None) -> str:
        return tr('{"winner": "punto", "banco" or "empate", "punto": total, "banco": total}', lang)

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        categories = list(options.get("categories", self._CATEGORIES))
        coups = _coups(random.Random(rng.getrandbits(64)))
        position = iter(range(10**6))

        def draw(_: random.Random) -> dict[str, Any] | None:
            want = categories[next(position) % len(categories)]
            for coup in coups:
                if _coup_category(coup) == want:
                    return {"cards": cards_text(coup.cards)}
            return None  # pragma: no cover - the stream is endless

        return distinct(rng, count, draw)

    def _coup(self, params: Mapping[str, Any]) -> Coup:
        cards = cards_param(params, "cards", self.name)
        try:
            return _dealt(cards)
        except BacaraError as error:
            raise ParamsError(message("invalid coup {cards!r}: {error}", cards=params["cards"],
                                      error=error.message)) from None

    def check_params(self, params: Mapping[str, Any]) -> None:
        self._coup(params)

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        cards = params["cards"]
        return tr("A coup is dealt from exactly these cards, in this order: **{cards}**. The first "
                  "four go {order}; any card after them is a third card, Punto's first if Punto "
                  "draws. Who wins, and what are the two final totals?", lang, cards=cards,
                  order=_DEAL_ORDER)

    def key(self, params: Mapping[str, Any]) -> dict[str, Any]:
        coup = self._coup(params)
        return {"winner": coup.winner.value, "punto": coup.punto_total, "banco": coup.banco_total}

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        return self._coup(params).narrate(lang_code(lang)).replace("\n", " ")

    def compare(self, given: Any, key: Any, params: Mapping[str, Any],  # noqa: ARG002
                lang: str | None = None) -> Mark:
        code = lang_code(lang)
        wrong = [tr("{part} is {right}, not {given}", code, part=part, right=repr(key[part]),
                    given=repr(given[part]))
                 for part in CoupResultAnswer.KEYS if given[part] != key[part]]
        earned = Fraction(len(CoupResultAnswer.KEYS) - len(wrong), len(CoupResultAnswer.KEYS))
        if not wrong:
            return Mark(earned=earned, status=Status.RIGHT, reason=status_label(Status.RIGHT, code))
        status = Status.WRONG if earned == 0 else Status.PARTLY
        return Mark(earned=earned, status=status,
                    reason=f"{status_label(status, code)}: " + "; ".join(wrong))


@lru_cache(maxsize=1024)
def _dealt(cards: tuple[Card, ...]) -> Coup:
    """The coup dealt from exactly ``cards`` (a question checks, keys, explains and marks the
    same coup: it is dealt once)."""
    return deal_coup(cards)


def _coup_category(coup: Coup) -> str:
    if coup.natural:
        return "natural"
    drew = (coup.punto_third is not None) + (coup.banco_third is not None)
    return ("none-draws", "one-draws", "both-draw")[drew]


KIND_CLASSES: tuple[Callable[[], QuestionKind], ...] = (
    ScoreKind, PuntoRuleKind, BancoCellKind, SituationKind, CoupKind,
)
