"""The question kinds: answer keys against RULES.md, typed answers, explanations from the data.

The ``rules_md_*`` functions restate the written rules independently; every
key the bank computes from the engine must agree with them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from exercise_support import (
    rules_md_banco,
    rules_md_coup,
    rules_md_punto,
    rules_md_total,
    rules_md_value,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach.errors import NotationError
from bacara_teach.exercises import ASSIGNMENTS, KINDS, get_kind, make_paper, self_check
from bacara_teach.exercises.questions import (
    AMOUNT,
    DRAW_OR_STAND,
    TOTAL,
    CoupResultAnswer,
    LettersAnswer,
    Status,
    WrongAnswerType,
)

students = st.from_regex(r"[a-z][a-z0-9_-]{0,11}", fullmatch=True)


# -- answer keys against the written rules ----------------------------------------------------


def test_score_key_is_the_units_digit_of_the_sum_of_card_values() -> None:
    kind = get_kind("score")
    for student in ("ana", "bo", "cy", "practice"):
        for q in make_paper("scoring", student).questions:
            assert kind.key(q.params) == rules_md_total(q.params["cards"].split())


def test_punto_rule_key_follows_punto_draws_on_0_to_5() -> None:
    kind = get_kind("punto-rule")
    for total in range(8):
        assert kind.key({"total": total}) == rules_md_punto(total)


def test_banco_cell_key_follows_banco_table_on_every_cell() -> None:
    kind = get_kind("banco-cell")
    for total in range(8):
        for third in (None, *range(10)):
            assert kind.key({"total": total, "third": third}) == rules_md_banco(total, third)


def test_worked_example_1_as_a_situation_banco_3_stands_against_8() -> None:
    assert get_kind("situation").key({"cards": "4♥ 2♠ 9♣ A♦ 8♦"}) == "stand"


def test_worked_example_2_as_a_situation_banco_3_draws_against_7() -> None:
    assert get_kind("situation").key({"cards": "4♥ 2♠ 9♣ A♦ 7♦"}) == "draw"


def test_worked_example_1_as_a_whole_coup() -> None:
    assert get_kind("coup").key({"cards": "4♥ 2♠ 9♣ A♦ 8♦"}) == rules_md_coup(
        ["4♥", "2♠", "9♣", "A♦", "8♦"])


@settings(max_examples=25, deadline=None)
@given(students)
def test_situation_and_coup_keys_agree_with_the_written_rules(student: str) -> None:
    paper = make_paper("third-card", student)
    for q in paper.questions:
        cards = q.params.get("cards", "").split()
        if q.kind == "coup":
            assert q.question_kind.key(q.params) == rules_md_coup(cards)
        elif q.kind == "situation":
            punto = rules_md_total(cards[0:4:2])
            banco = rules_md_total(cards[1:4:2])
            if punto >= 8 or banco >= 8:
                want = "stand"
            else:
                third = rules_md_value(cards[4]) if len(cards) == 5 else None
                assert (third is not None) == (rules_md_punto(punto) == "draw")
                want = rules_md_banco(banco, third)
            assert q.question_kind.key(q.params) == want


@settings(max_examples=25, deadline=None)
@given(students, st.sampled_from(sorted(ASSIGNMENTS)))
def test_every_key_marks_right_and_every_other_word_marks_wrong(student: str, name: str) -> None:
    for q in make_paper(name, student).questions:
        kind = q.question_kind
        if kind.is_program:
            continue
        key = kind.key(q.params)
        assert kind.mark(q.params, key).earned == 1
        if kind.answer is DRAW_OR_STAND:
            other = "stand" if key == "draw" else "draw"
            assert kind.mark(q.params, other).status == Status.WRONG
        if kind.answer is TOTAL:
            assert kind.mark(q.params, (key + 1) % 10).earned == 0


# -- typed answers -----------------------------------------------------------------------------


@pytest.mark.parametrize("value", [5, None, ["draw"], b"draw", "hit", ""])
def test_draw_or_stand_refuses_anything_but_the_two_words(value: object) -> None:
    with pytest.raises(WrongAnswerType, match=r'expected "draw" or "stand"'):
        DRAW_OR_STAND.read(value)


@pytest.mark.parametrize("value", [True, 10, -1, 4.0, "4"])
def test_a_total_is_a_whole_number_from_0_to_9(value: object) -> None:
    with pytest.raises(WrongAnswerType, match=repr(value).replace(".", r"\.")):
        TOTAL.read(value)


def test_amounts_are_exact_decimal_strings_and_floats_are_refused() -> None:
    assert str(AMOUNT.read("4.75")) == "4.75"
    assert AMOUNT.read(-20) == AMOUNT.read("-20.00")
    with pytest.raises(WrongAnswerType, match="is not an exact amount"):
        AMOUNT.read(0.95)
    with pytest.raises(WrongAnswerType, match="'19 chips' is not an amount"):
        AMOUNT.read("19 chips")


def test_a_coup_result_needs_the_winner_and_both_totals() -> None:
    kind = CoupResultAnswer()
    assert kind.read({"winner": "TIE", "punto": 5, "banco": 5})["winner"] == "empate"
    for bad in ({"winner": "banco"}, {"winner": "banco", "punto": 1, "banco": 10},
                ("banco", 1, 3), {"winner": "dealer", "punto": 1, "banco": 3}):
        with pytest.raises(WrongAnswerType, match="is not a coup's result"):
            kind.read(bad)


def test_an_ordering_uses_each_letter_once() -> None:
    assert LettersAnswer("abc").read(("C", "a", "b")) == ["c", "a", "b"]
    with pytest.raises(WrongAnswerType):
        LettersAnswer("abc").read(["a", "b"])


def test_a_coup_answer_earns_a_third_per_right_part() -> None:
    kind = get_kind("coup")
    params = {"cards": "4♥ 2♠ 9♣ A♦ 8♦"}  # Banco wins 3 to 1
    assert kind.mark(params, {"winner": "banco", "punto": 1, "banco": 3}).earned == 1
    partly = kind.mark(params, {"winner": "banco", "punto": 4, "banco": 3})
    assert (partly.earned, partly.status) == (Fraction(2, 3), Status.PARTLY)
    assert "punto is 1, not 4" in partly.reason
    assert kind.mark(params, {"winner": "punto", "punto": 4, "banco": 9}).earned == 0


def test_a_wrong_type_earns_nothing_and_says_what_was_expected() -> None:
    mark = get_kind("banco-cell").mark({"total": 3, "third": 8}, True)
    assert mark.earned == 0 and mark.status == Status.INVALID
    assert "True" in mark.reason and '"draw" or "stand"' in mark.reason


# -- explanations read from the data -------------------------------------------------------------


def test_a_wrong_banco_cell_is_explained_by_its_row_and_column_in_the_tableau_words() -> None:
    feedback = self_check("banco-cell", {"total": 3, "third": 8}, "draw")
    assert not feedback.right
    text = str(feedback)
    assert text.startswith("SELF-CHECK (not graded): wrong")
    assert "row 3, column 8" in text
    assert "draws against 0–7 and 9, stands against 8" in text  # narration.describe_banker_row


def test_a_banco_cell_after_punto_stood_cites_the_stand_rule() -> None:
    text = str(self_check("banco-cell", {"total": 6, "third": None}, "draw"))
    assert "Punto stood" in text and "draws on 0–5 and stands on 6–7" in text


def test_a_wrong_situation_is_explained_step_by_step() -> None:
    text = str(self_check("situation", {"cards": "4♥ 2♠ 9♣ A♦ 8♦"}, "draw"))
    assert "No natural: Punto has 3, Banco has 3." in text
    assert "Punto draws 8♦ and now has 1." in text
    assert "row 3, column 8" in text


def test_a_wrong_score_names_each_card_value_and_the_units_digit() -> None:
    text = str(self_check("score", {"cards": "7♠ K♦ 8♥"}, 15))
    assert "K♦ counts 0" in text and "7 + 0 + 8 = 15" in text and "units digit" in text


def test_self_check_right_answer_is_short_and_marked_right() -> None:
    feedback = self_check("punto-rule", {"total": 6}, "stand")
    assert feedback.right and str(feedback) == "SELF-CHECK (not graded): right"
    assert feedback._repr_markdown_().startswith("**SELF-CHECK")


def test_self_check_with_no_answer_yet_says_so_and_does_not_raise() -> None:
    feedback = self_check("coup", {"cards": "4♥ 2♠ 9♣ A♦ 8♦"}, None)
    assert feedback.mark.status == Status.UNANSWERED
    assert "no answer yet" in str(feedback)


@pytest.mark.parametrize(("kind", "params"), [
    ("banco-cell", {"total": 8, "third": 1}),
    ("banco-cell", {"total": 3}),
    ("situation", {"cards": "4♥ 2♠ 9♣ A♦"}),  # Punto must draw here: five cards are needed
    ("coup", {"cards": "4♥ 2♠ 9♣ A♦ 8♦ 5♣"}),
    ("score", {"cards": "11♥ 2♠"}),
    ("poker", {}),
])
def test_an_edited_self_check_cell_is_refused_with_the_reason(kind: str, params: dict[str, Any]) -> None:
    feedback = self_check(kind, params, "draw")
    assert feedback.mark.status == Status.INVALID
    assert "cannot run" in feedback.mark.reason


def test_params_with_a_bad_card_raise_a_notation_error_quoting_it() -> None:
    with pytest.raises(NotationError, match="'11♥'"):
        get_kind("score").check_params({"cards": "11♥ 2♠"})


def test_every_kind_is_registered_once_with_a_title() -> None:
    assert {"score", "punto-rule", "banco-cell", "situation", "coup", "code-third-card"} <= set(KINDS)
    for name, kind in KINDS.items():
        assert kind.name == name and kind.title


def test_coup_explanations_are_the_engine_narration() -> None:
    text = get_kind("coup").explain({"cards": "4♥ 2♠ 9♣ A♦ 8♦"})
    assert text.endswith("Banco wins, 3 to 1.")
    assert "on 3 Banco draws against 0–7 and 9, stands against 8" in text


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_program_battery_is_the_recorded_coups_of_its_stacked_shoes(seed: int) -> None:
    # The battery and its answers come from the outcome-only path; recorded coups agree on
    # every card kept and every winner.
    from bacara_teach.exercises.kinds_coding import _play_battery
    from bacara_teach.punto_banco import deal_coup

    cases, winners = _play_battery(seed)
    assert len(cases) == len(winners) == 532
    for cards, winner in zip(cases, winners, strict=True):
        coup = deal_coup(list(cards))
        assert tuple(str(c) for c in coup.cards) == cards
        assert coup.winner.value == winner
    assert len(set(cases)) > 500  # the seed draws ranks and suits: hardly two alike
