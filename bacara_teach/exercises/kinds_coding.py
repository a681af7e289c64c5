"""The coding question: program Banco's rule and a whole coup.

The student writes two functions:

* ``banker_draws(banker_total, player_third_card)`` - ``True`` when Banco
  draws; ``player_third_card`` is the point value (0-9) of Punto's third
  card, or ``None`` when Punto stood;
* ``play(cards)`` - the winner (``"punto"``, ``"banco"`` or ``"empate"``) of
  a coup given its cards in deal order, as strings such as ``"4♥"``.

The program is run on every cell of Banco's table (88 calls) and on a
battery of coups that takes every path through the rules: each pair of
two-card totals, and, where Punto draws, each value of Punto's third card.
The expected results come from the engine; half the points go to each
function, in proportion to the calls it gets right.

>>> kind = CodingKind()
>>> calls = kind.calls({"seed": 1})
>>> [(c["function"], len(c["args"])) for c in calls]
[('banker_draws', 88), ('play', 532)]
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from bacara_teach.cards import parse_cards
from bacara_teach.exercises.kinds_punto_banco import banco_rule_sentence
from bacara_teach.exercises.questions import (
    AnswerType,
    Mark,
    ParamsError,
    QuestionKind,
    Status,
    lang_code,
    param,
)
from bacara_teach.exercises.sandbox import refusal_message
from bacara_teach.exercises.sandbox_child import REFUSALS, call_all
from bacara_teach.exercises.wording import said
from bacara_teach.narration import narrate_steps
from bacara_teach.punto_banco import deal_coup, outcome_from_points
from bacara_teach.shoe import full_deck
from bacara_teach.tableau import PUNTO_BANCO, Decision
from bacara_teach.text import N_, SOURCE_LANGUAGE, Message, message, tr

__all__ = ["FUNCTIONS", "TEMPLATE", "CodingKind", "ProgramAnswer", "program_template"]

FUNCTIONS = ("banker_draws", "play")
"""The functions the program must define, in the order they are called."""

_TEMPLATE = """\
{head}


def banker_draws(banker_total, player_third_card):
    \"\"\"{banker_doc}
    \"\"\"
    return None  # {your_rule}


def play(cards):
    \"\"\"{play_doc}
    \"\"\"
    return None  # {your_coup}
"""


def program_template(lang: str | None = None) -> str:
    """The code cell a program question starts with, in ``lang`` (the same functions in every
    language; only the comments and docstrings change).

    >>> program_template("en").splitlines()[5]
    'def banker_draws(banker_total, player_third_card):'
    >>> program_template("es").splitlines()[0]
    '# Escriba las dos funciones, ejecute esta celda y luego la celda AUTOCOMPROBACIÓN de abajo.'
    """
    return _program_template(lang_code(lang))


@cache
def _program_template(code: str) -> str:
    """:func:`program_template` in the language ``code`` (made once: the grader compares
    every program answer with it, in every language)."""
    return _TEMPLATE.format(
        head=tr("# Write both functions, run this cell, then run the SELF-CHECK cell below.\n"
                "# Graded code may define other functions and import math, itertools, "
                "collections, re...\n# (the common standard modules), but not bacara_teach.", code),
        banker_doc=tr("True if Banco draws a third card, False if Banco stands.\n\n"
                      "    banker_total: Banco's two-card total, 0-7 (neither hand has a natural).\n"
                      "    player_third_card: the point value (0-9) of Punto's third card,\n"
                      "    or None when Punto stood.", code),
        your_rule=tr("your rule here", code),
        play_doc=tr('The winner of a coup: "punto", "banco" or "empate".\n\n'
                    '    cards: the coup\'s cards in deal order, as strings such as "4♥", "10♦", '
                    '"K♠":\n    Punto, Banco, Punto, Banco, then the third cards the rules call '
                    'for.', code),
        your_coup=tr("your coup here", code))


TEMPLATE = program_template(SOURCE_LANGUAGE)
"""The code cell a program question starts with, in English (:func:`program_template` gives it
in any language)."""

_MAX_DETAILS = 3


class ProgramAnswer(AnswerType):
    """A program defining :data:`FUNCTIONS` (marked by running it, never read as a value)."""

    def expected_text(self, lang: str | None = None) -> str:
        return tr("a program defining {banker_draws} and {play}", lang,
                  banker_draws="banker_draws(banker_total, player_third_card)", play="play(cards)")

    def read(self, value: object, lang: str | None = None) -> Any:  # noqa: ARG002 - run, not read
        return value


@cache
def _cards_by_value() -> dict[int, tuple[str, ...]]:
    """The cards of a deck worth each point value, in the deck's order."""
    return {v: tuple(str(c) for c in full_deck() if c.points == v) for v in range(10)}


def _coup_end(punto: int, banco: int, fifth: int, sixth: int) -> tuple[str, int]:
    """The winner and the number of cards used of a coup whose two-card totals are ``punto``
    and ``banco`` and whose next cards are worth ``fifth`` and ``sixth``, by the engine's
    outcome-only path (kept in :data:`_COUP_ENDS`: a battery asks the same few thousand again
    and again).

    >>> _coup_end(5, 6, 7, 3), _coup_end(8, 2, 0, 0)
    (('banco', 6), ('punto', 4))
    """
    outcome, used = outcome_from_points([punto, banco, 0, 0, fifth, sixth])
    return outcome.value, used


_COUP_ENDS: dict[tuple[int, int, int, int], tuple[str, int]] = {}
""":func:`_coup_end` of each ``(punto, banco, fifth, sixth)`` asked so far."""


@lru_cache(maxsize=64)
def _play_battery(seed: int) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Coups through every path of the rules, with ranks and suits drawn from ``seed``, and
    the winner of each (the engine's outcome-only path: the same rules, no records).

    The grader draws one battery per paper, so the draws are plain bytes, taken in turn from
    ``random.Random(seed).randbytes(1024)`` blocks: a card of a value is one byte modulo the
    4 or 16 cards of the deck worth it (both divide 256, so each is equally likely), a value
    one byte below 250 modulo 10.  In each coup, Punto's two cards are drawn (the first's
    value, its card, then the card that makes the total), then Banco's, then two third cards
    (a value and a card each); where the path sets Punto's third card, its value is the
    path's and its card is drawn after the two.
    """
    by_value = _cards_by_value()
    sizes = [len(by_value[v]) for v in range(10)]
    rng = random.Random(seed)

    def more() -> Iterator[int]:  # a battery takes about 3,100 bytes: rarely reached
        while True:
            yield from rng.randbytes(1024)

    # the same bytes as blocks of 1024 (randbytes fills whole 32-bit words, in order)
    draws = itertools.chain(rng.randbytes(8192), more())
    take = draws.__next__
    player_draws = [PUNTO_BANCO.player[total] is Decision.DRAW for total in range(8)]
    ends = _COUP_ENDS
    cases: list[tuple[str, ...]] = []
    winners: list[str] = []
    for punto in range(10):
        for banco in range(10):
            drawn = take()
            while drawn >= 250:  # a value: one byte below 250 (the largest multiple of 10), mod 10
                drawn = take()
            p1 = drawn % 10
            p2 = (punto - p1) % 10
            punto_cards = by_value[p1][take() % sizes[p1]], by_value[p2][take() % sizes[p2]]
            drawn = take()
            while drawn >= 250:
                drawn = take()
            b1 = drawn % 10
            b2 = (banco - b1) % 10
            banco_cards = by_value[b1][take() % sizes[b1]], by_value[b2][take() % sizes[b2]]
            first = (punto_cards[0], banco_cards[0], punto_cards[1], banco_cards[1])
            thirds = range(10) if punto < 8 and banco < 8 and player_draws[punto] else (None,)
            for third in thirds:
                drawn = take()
                while drawn >= 250:
                    drawn = take()
                fifth = drawn % 10
                fifth_card = by_value[fifth][take() % sizes[fifth]]
                drawn = take()
                while drawn >= 250:
                    drawn = take()
                sixth = drawn % 10
                sixth_card = by_value[sixth][take() % sizes[sixth]]
                if third is not None:
                    fifth = third
                    fifth_card = by_value[third][take() % sizes[third]]
                # the engine deals on from the stacked cards and keeps only those it used
                key = (punto, banco, fifth, sixth)
                end = ends.get(key)
                if end is None:
                    end = ends[key] = _coup_end(*key)
                winner, used = end
                cases.append((*first, fifth_card, sixth_card)[:used])
                winners.append(winner)
    return tuple(cases), tuple(winners)


def _play_cases(seed: int) -> tuple[tuple[str, ...], ...]:
    """Coups through every path of the rules, with ranks and suits drawn from ``seed``."""
    return _play_battery(seed)[0]


@cache
def battery_size() -> int:
    """How many coups ``play`` is run on (the same for every seed: one per path)."""
    return len(_play_cases(0))


_BANKER_CASES: tuple[tuple[int, int | None], ...] = tuple(
    (cell.total, cell.third) for cell in PUNTO_BANCO.cells() if cell.hand == "banker"
)


@cache
def _banker_draws() -> tuple[bool, ...]:
    """Whether Banco draws on each of :data:`_BANKER_CASES`, by the engine's table."""
    return tuple(PUNTO_BANCO.banker_decision(t, v) is Decision.DRAW for t, v in _BANKER_CASES)


_PAIR_TYPES = (list, tuple)


def _is_pair(result: object) -> bool:
    return isinstance(result, _PAIR_TYPES) and len(result) == 2


def _show_result(result: Sequence[Any], lang: str = SOURCE_LANGUAGE) -> str:
    if not _is_pair(result):
        return tr("gave no readable result", lang)
    kind, value = result[0], result[1]
    if kind == "ok":
        return tr("returned {value}", lang, value=repr(value))
    if kind == "ok-type":
        return tr("returned a {kind}", lang, kind=str(value))
    if kind == "refused" and isinstance(value, list) and len(value) == 3 and value[0] in REFUSALS:
        return tr("was stopped by the grader: {refusal}", lang,
                  refusal=refusal_message(value).render(lang))
    return tr("raised {error}", lang, error=str(value))


class CodingKind(QuestionKind):
    """Program ``banker_draws`` and ``play``; marked on every cell and a battery of coups."""

    name = "code-third-card"
    title = N_("Program Banco's rule and a whole coup")
    answer = ProgramAnswer()
    placeholder = TEMPLATE
    is_program = True

    def placeholder_text(self, lang: str | None = None) -> str:
        return program_template(lang)

    def answer_comment(self, lang: str | None = None) -> str:
        return self.answer.expected_text(lang)

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:  # noqa: ARG002 - no options
        return [{"seed": rng.getrandbits(32)} for _ in range(count)]

    def check_params(self, params: Mapping[str, Any]) -> None:
        seed = param(params, "seed", self.name)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**32:
            raise ParamsError(message("invalid seed {seed} for a {kind} question: expected a whole "
                                      "number from 0 to 2**32 - 1", seed=repr(seed),
                                      kind=self.name))

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        self.check_params(params)
        return tr(
            "Write two functions in the code cell below.\n\n"
            "1. `banker_draws(banker_total, player_third_card)` returns `True` when Banco draws a "
            "third card and `False` when Banco stands. `banker_total` is Banco's two-card total "
            "(0-7, no natural); `player_third_card` is the point value (0-9) of Punto's third card, "
            "or `None` when Punto stood.\n"
            "2. `play(cards)` returns the winner of a coup: `\"punto\"`, `\"banco\"` or "
            "`\"empate\"`. `cards` is the list of the coup's cards in deal order, as strings such as "
            "`\"4♥\"`, `\"10♦\"`, `\"K♠\"` (rank, then suit): Punto, Banco, Punto, Banco, then the "
            "third cards the rules call for, Punto's first.\n\n"
            "Your functions are run on every cell of Banco's table and on {coups} coups that take "
            "every path through the rules; half the points go to each function, in proportion to "
            "the calls it gets right. The graded code runs on its own, with no network and no "
            "files; it may not import `bacara_teach`.", lang, coups=battery_size())

    def calls(self, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The calls the program is graded on (arguments only; no expected values)."""
        self.check_params(params)
        return [
            {"function": "banker_draws", "args": [[t, v] for t, v in _BANKER_CASES]},
            {"function": "play", "args": [[list(c)] for c in _play_cases(params["seed"])]},
        ]

    def expected(self, params: Mapping[str, Any]) -> dict[str, list[Any]]:
        """What each call must return, computed by the engine."""
        self.check_params(params)
        return {"banker_draws": list(_banker_draws()), "play": list(_play_battery(params["seed"])[1])}

    def key(self, params: Mapping[str, Any]) -> dict[str, int]:
        return {name: len(values) for name, values in self.expected(params).items()}

    def key_text(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        counts = self.key(params)
        cells, coups = counts["banker_draws"], counts["play"]
        return tr("a program: banker_draws right on all {cells} cells of Banco's table, play right "
                  "on all {coups} coups", lang, cells=cells, coups=coups)

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        self.check_params(params)
        return tr("Banco's rule is the table of the third-card rules (see the cell questions); a "
                  "coup deals four cards, stops on a natural, then applies Punto's rule and Banco's "
                  "table, and the higher total wins.", lang)

    def mark(self, params: Mapping[str, Any], given: object, lang: str | None = None) -> Mark:
        """Self-check in the student's own kernel: ``given`` maps names to the functions."""
        code = lang_code(lang)
        self.check_params(params)
        if not isinstance(given, Mapping):
            return Mark.zero(Status.INVALID, tr("pass globals() to check your program", code),
                             self.explain(params, code))
        records = list(call_all(given, self.calls(params)))
        return self.mark_records(params, records, load_error=None, lang=code)

    def mark_records(self, params: Mapping[str, Any], records: Sequence[Mapping[str, Any]],
                     *, load_error: str | Message | None, stopped: str | Message | None = None,
                     lang: str | None = None) -> Mark:
        """Mark a program from the results of its calls (the sandbox's or the kernel's).

        ``load_error`` and ``stopped`` are the run's messages (:attr:`.sandbox.ProgramRun.load_why`
        and :attr:`~.sandbox.ProgramRun.stopped_why`; a plain text is quoted as it is).
        ``lang`` words the mark, those messages included; the points are the same in every
        language.
        """
        code = lang_code(lang)
        explanation = self.explain(params, code)
        if load_error is not None:
            return Mark.zero(Status.ERROR, tr("the program did not run: {why}", code,
                                              why=said(load_error, code)), explanation)
        expected = self.expected(params)
        arguments: dict[str, list[Any]] = {}  # each function's calls, made for a detail only
        by_function = {r["function"]: r for r in records
                       if isinstance(r, Mapping) and isinstance(r.get("function"), str)}
        if len(by_function) == len(FUNCTIONS) and all(
                isinstance(r.get("results"), list) and all(res == ["ok", None] for res in r["results"])
                for r in by_function.values()):
            return Mark.zero(Status.UNANSWERED, tr(
                "not answered yet: both functions still return None", code), explanation)
        earned = Fraction(0)
        notes: list[str] = []
        details: list[str] = []
        share = Fraction(1, len(FUNCTIONS))
        for name in FUNCTIONS:
            record = by_function.get(name)
            total = len(expected[name])
            if record is None:
                if stopped:
                    notes.append(tr("{name}: not run", code, name=name))
                else:
                    notes.append(tr("{name}: not run (the program stopped before it)", code,
                                    name=name))
                continue
            if "missing" in record:  # the harness's words for it, rendered here in the language
                notes.append(tr("{name}: {name} is not defined as a function", code, name=name))
                continue
            results = record.get("results")
            if not isinstance(results, list):
                notes.append(tr("{name}: its results are not in the grader's format", code,
                                name=name))
                continue
            right = 0
            for index, (result, want) in enumerate(zip(results, expected[name], strict=False)):
                # a right result as the harness writes it is told at once; any other, by _matches
                if (type(result) is list and len(result) == 2 and result[0] == "ok"
                        and type(value := result[1]) is type(want) and value == want) or _matches(result, want):
                    right += 1
                elif sum(d.startswith(f"{name}(") for d in details) < _MAX_DETAILS:
                    if not arguments:
                        arguments.update((c["function"], c["args"]) for c in self.calls(params))
                    details.append(_detail(name, arguments[name][index], result, want, code))
            earned += share * Fraction(right, total)
            notes.append(tr("{name}: {right} of {total} right", code, name=name, right=right,
                            total=total))
        if earned == 1:
            status = Status.RIGHT
        elif earned == 0:
            status = Status.ERROR if stopped else Status.WRONG
        else:
            status = Status.PARTLY
        reason = "; ".join(notes)
        if stopped:
            head = tr("the program was stopped: {why}", code, why=said(stopped, code))
            reason = head + ("" if not by_function else f"; {reason}")
        return Mark(earned=earned, status=status, reason=reason, explanation=explanation,
                    details=tuple(details))


def _matches(result: Sequence[Any], want: Any) -> bool:
    if not (isinstance(result, _PAIR_TYPES) and len(result) == 2) or result[0] != "ok":
        return False
    value = result[1]
    if isinstance(want, bool):
        return isinstance(value, bool) and value == want
    return isinstance(value, str) and value.strip().lower() == want


def _detail(name: str, args: Sequence[Any], result: Sequence[Any], want: Any, lang: str = SOURCE_LANGUAGE) -> str:
    shown = _show_result(result, lang)
    if name == "banker_draws":
        total, third = args
        call = f"banker_draws({total}, {third})"
        return (tr("{call} {result}; it should return {want}.", lang, call=call, result=shown,
                   want=str(want))
                + " " + banco_rule_sentence(total, third, lang).replace("**", ""))
    cards = args[0]
    call = f"play({cards})"
    coup = deal_coup(parse_cards(cards))
    story = narrate_steps(coup.steps, lang).replace("\n", " ")
    return tr("{call} {result}; it should return {want}.", lang, call=call, result=shown,
              want=repr(want)) + " " + story
