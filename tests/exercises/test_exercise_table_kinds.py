"""Settlement and Chemin de Fer questions: keys against RULES.md systems A-D, worked examples 1, 3, 4."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from exercise_support import rules_md_coup
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach.exercises import get_kind, make_paper, self_check
from bacara_teach.exercises.kinds_chemin_de_fer import EVENTS
from bacara_teach.exercises.questions import Status

students = st.from_regex(r"[a-z][a-z0-9_-]{0,11}", fullmatch=True)

# RULES.md systems A, B, C: the odds of a winning bet, and the commission on a Banco win
ODDS: dict[str, dict[str, Fraction | int]] = {
    "home": {"punto": 1, "banco": Fraction(95, 100), "empate": 8},
    "casino": {"punto": 1, "banco": Fraction(95, 100), "empate": 9, "pareja-punto": 11,
               "pareja-banco": 11},
    "online": {"punto": 1, "banco": 1, "empate": 8},
}
COMMISSION: dict[str, Fraction | int] = {"home": 0, "casino": 0, "online": Fraction(5, 100)}


def rules_md_net(table: str, bet: str, cards: str) -> Fraction:
    """The net of a bet as RULES.md states it (pairs: the first two cards of identical rank)."""
    on, stake_text = bet.split("=")
    stake = Fraction(Decimal(stake_text))
    coup = rules_md_coup(cards.split())
    listed = cards.split()
    if on in ("punto", "banco"):
        if coup["winner"] == "empate":
            return Fraction(0)
        if coup["winner"] != on:
            return -stake
        won = stake * ODDS[table][on]
        return Fraction(won - (won * COMMISSION[table] if on == "banco" else 0))
    if on == "empate":
        return stake * ODDS[table]["empate"] if coup["winner"] == "empate" else -stake
    first_two = listed[0:4:2] if on == "pareja-punto" else listed[1:4:2]
    pair = first_two[0][:-1] == first_two[1][:-1]
    return stake * ODDS[table][on] if pair else -stake


def test_worked_example_1_a_banco_prediction_of_20_nets_19_at_home() -> None:
    params = {"table": "home", "bet": "banco=20", "cards": "4♥ 2♠ 9♣ A♦ 8♦"}
    assert get_kind("settlement").key(params) == "19"


def test_seed_003_a_banco_stake_of_5_wins_4_75_online() -> None:
    params = {"table": "online", "bet": "banco=5", "cards": "4♥ 2♠ 9♣ A♦ 8♦"}
    assert get_kind("settlement").key(params) == "4.75"
    wrong = self_check("settlement", params, "5")
    assert not wrong.right and "less 0.25 commission" in str(wrong)


@settings(max_examples=30, deadline=None)
@given(students)
def test_settlement_keys_follow_the_three_tables_payouts(student: str) -> None:
    paper = make_paper("settlement", student)
    assert [q.params["table"] for q in paper.questions] == ["home"] * 2 + ["casino"] * 2 + ["online"] * 2
    for q in paper.questions:
        key = q.question_kind.key(q.params)
        assert Fraction(Decimal(key)) == rules_md_net(q.params["table"], q.params["bet"], q.params["cards"])


def test_settlement_papers_cover_pushes_wins_and_losses() -> None:
    signs = set()
    for student in ("ana", "bo", "cy", "dee"):
        for q in make_paper("settlement", student).questions:
            key = Decimal(q.question_kind.key(q.params))
            signs.add((key > 0) - (key < 0))
    assert signs == {-1, 0, 1}


def test_a_settlement_answer_is_an_exact_amount() -> None:
    params = {"table": "online", "bet": "banco=5", "cards": "4♥ 2♠ 9♣ A♦ 8♦"}
    assert self_check("settlement", params, "4.750").right
    assert self_check("settlement", params, "+4.75").right
    float_answer = self_check("settlement", params, 4.75)
    assert float_answer.mark.status == Status.INVALID and "exact amount" in float_answer.mark.reason


# -- Chemin de Fer ------------------------------------------------------------------------------


def rules_md_cdf_bettor(total: int, bettors: int) -> str:
    """System D: one bettor must draw on 0, free on 1-7; several: 0-4 draw, 5 free, 6-7 stand."""
    if bettors == 1:
        return "draw" if total == 0 else "free"
    return "draw" if total <= 4 else "free" if total == 5 else "stand"


def rules_md_cdf_banker(total: int, third: int | None) -> str:
    """System D: the banker's table, with its two free cells (3 against 9, 5 against 4)."""
    if third is None:
        return "draw" if total <= 5 else "stand"
    if total <= 2:
        return "draw"
    if total == 3:
        return "stand" if third == 8 else "free" if third == 9 else "draw"
    if total == 4:
        return "draw" if 2 <= third <= 7 else "stand"
    if total == 5:
        return "draw" if 5 <= third <= 7 else "free" if third == 4 else "stand"
    if total == 6:
        return "draw" if third in (6, 7) else "stand"
    return "stand"


def test_cdf_cell_keys_follow_system_d_on_every_cell() -> None:
    kind = get_kind("cdf-cell")
    for bettors in (1, 2):
        for total in range(8):
            params = {"bettors": bettors, "hand": "bettor", "total": total, "third": None}
            assert kind.key(params) == rules_md_cdf_bettor(total, bettors)
            for third in (None, *range(10)):
                params = {"bettors": bettors, "hand": "banker", "total": total, "third": third}
                assert kind.key(params) == rules_md_cdf_banker(total, third)


def test_worked_example_3_the_banker_on_3_against_9_is_free_unlike_punto_banco() -> None:
    feedback = self_check("cdf-cell", {"bettors": 2, "hand": "banker", "total": 3, "third": 9}, "draw")
    assert not feedback.right
    text = str(feedback)
    assert "is free against 9" in text and "Punto Banco's fixed table says draw here" in text
    assert self_check("cdf-cell", {"bettors": 2, "hand": "banker", "total": 3, "third": 9}, "choice").right


@settings(max_examples=30, deadline=None)
@given(students)
def test_cdf_papers_mix_free_and_forced_cells(student: str) -> None:
    cells = [q for q in make_paper("chemin-de-fer", student).questions if q.kind == "cdf-cell"]
    keys = [q.question_kind.key(q.params) for q in cells]
    assert keys.count("free") == 2 and len(keys) == 4


def test_cdf_order_key_is_the_order_of_information_of_rules_md() -> None:
    # RULES.md system D, "Deal": face down; the bettor looks and announces; then the banker looks;
    # then the third card face up; the banker decides seeing only it; everything is shown.
    written = ["deal", "bettor-look", "announce", "banker-look", "third-face-up", "banker-decides", "show"]
    assert sorted(written) == sorted(EVENTS)
    for student in ("ana", "bo", "cy"):
        (q,) = [q for q in make_paper("chemin-de-fer", student).questions if q.kind == "cdf-order"]
        shown = q.params["shown"]
        assert shown != written  # the answer is never the order shown
        assert q.question_kind.key(q.params) == ["abcdefg"[shown.index(e)] for e in written]


def test_worked_example_4_bank_20_covered_12_won_continues_from_24_with_reserve_8() -> None:
    money = get_kind("cdf-money")
    assert money.key({"ask": "continue-after-win", "bank": 20, "covered": 12}) == 24
    assert money.key({"ask": "reserve", "bank": 20, "covered": 12}) == 8
    assert money.key({"ask": "bank-after-win", "bank": 20, "covered": 12}) == 24
    wrong = self_check("cdf-money", {"ask": "continue-after-win", "bank": 20, "covered": 12}, 20)
    assert not wrong.right and "stakes it covered plus what it won" in str(wrong)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 100).flatmap(lambda b: st.tuples(st.just(b), st.integers(1, b))))
def test_cdf_money_keys_follow_the_bank_rules(bank_covered: tuple[int, int]) -> None:
    bank, covered = bank_covered
    money = get_kind("cdf-money")
    assert money.key({"ask": "reserve", "bank": bank, "covered": covered}) == bank - covered
    assert money.key({"ask": "continue-after-win", "bank": bank, "covered": covered}) == 2 * covered
    assert money.key({"ask": "continue-after-push", "bank": bank, "covered": covered}) == covered


@pytest.mark.parametrize("params", [
    {"ask": "reserve", "bank": 101, "covered": 12},
    {"ask": "reserve", "bank": 20, "covered": 21},
    {"ask": "tip", "bank": 20, "covered": 12},
])
def test_cdf_money_refuses_impossible_banks(params: dict[str, object]) -> None:
    assert self_check("cdf-money", params, 1).mark.status == Status.INVALID
