"""The tableau drill: situations match their cells, feedback follows the data, misses come back."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bacara_teach.cards import format_cards, hand_total
from bacara_teach.errors import IllegalAction
from bacara_teach.punto_banco import deal_coup
from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Decision
from bacara_teach.trainer import TableauTrainer, deal_situation

ALL_CELLS = list(PUNTO_BANCO.cells())


@given(st.sampled_from(ALL_CELLS), st.integers(0, 2**32))
def test_a_dealt_situation_puts_a_real_coup_in_that_cell(cell: object, seed: int) -> None:
    situation = deal_situation(cell, random.Random(seed))  # type: ignore[arg-type]
    assert situation.cell is cell
    player2, banker = situation.player[:2], situation.banker
    assert hand_total(player2) < 8 and hand_total(banker) < 8  # no natural
    if situation.cell.hand == "player":
        assert hand_total(player2) == situation.cell.total
        return
    assert hand_total(banker) == situation.cell.total
    # Replaying the shown cards through the engine reaches the same banker cell.
    cards = [player2[0], banker[0], player2[1], banker[1], *situation.player[2:]]
    if situation.cell.decision is Decision.DRAW:
        cards.append(banker[0])  # any card: the banker's draw
    coup = deal_coup(cards)
    banker_step = next(s for s in coup.steps if s.actor == "banco" and s.cell is not None)
    assert banker_step.cell == situation.cell


def test_right_and_wrong_answers_follow_the_tableau_data() -> None:
    trainer = TableauTrainer(seed=5)
    for _ in range(40):
        expected = trainer.current.cell.decision
        wrong = Decision.STAND if expected is Decision.DRAW else Decision.DRAW
        choice = expected if trainer.asked % 2 else wrong
        feedback = trainer.answer(choice.value)
        assert feedback.correct is (choice is expected)
    assert trainer.right == 20
    assert trainer.asked == 40


def test_a_missed_cell_comes_back_after_repeat_after_questions() -> None:
    trainer = TableauTrainer(seed=11, repeat_after=2)
    missed = trainer.current.cell
    wrong = "stand" if missed.decision is Decision.DRAW else "draw"
    trainer.answer(wrong)
    assert trainer.pending_repeats == (missed,)
    seen = []
    for _ in range(3):
        seen.append(trainer.current.cell)
        trainer.answer(trainer.current.cell.decision.value)
    assert missed in seen[1:]
    assert trainer.mistakes[(missed.hand, missed.total, missed.third)] == 1


def test_feedback_explains_the_rule_in_both_languages() -> None:
    trainer = TableauTrainer(seed=2, hands="banker")
    while trainer.current.cell.third is None or trainer.current.cell.total != 3:
        trainer.answer(trainer.current.cell.decision.value)
    feedback = trainer.answer("stand" if trainer.current.cell.third != 8 else "draw")
    assert not feedback.correct
    assert "draws against 0–7 and 9, stands against 8" in feedback.message("en")
    assert "roba ante 0–7 y 9, se planta ante 8" in feedback.message("es")


def test_a_bad_answer_is_refused_and_changes_nothing() -> None:
    trainer = TableauTrainer(seed=3)
    before = (trainer.current, trainer.asked, trainer.right, list(trainer.history))
    with pytest.raises(IllegalAction, match="expected one of draw, stand"):
        trainer.answer("maybe")
    with pytest.raises(IllegalAction):
        trainer.answer("choice")  # Punto Banco has no free cells
    assert (trainer.current, trainer.asked, trainer.right, trainer.history) == before


def test_chemin_de_fer_drill_accepts_free_choice_answers() -> None:
    trainer = TableauTrainer(tableau=CHEMIN_DE_FER, seed=9)
    assert trainer.choices == ("draw", "stand", "choice")
    while trainer.current.cell.decision is not Decision.CHOICE:
        trainer.answer(trainer.current.cell.decision.value)
    assert trainer.answer("choice").correct


def test_same_seed_same_drill() -> None:
    a, b = TableauTrainer(seed="class-1"), TableauTrainer(seed="class-1")
    for _ in range(10):
        assert a.current == b.current
        a.answer("draw")
        b.answer("draw")


def test_the_chemin_de_fer_drill_speaks_of_the_apostador_and_the_banquero() -> None:
    rng = random.Random(2)
    for cell in CHEMIN_DE_FER.cells():
        situation = deal_situation(cell, rng, CHEMIN_DE_FER)
        prompt, why = situation.prompt("es"), situation.explain("es")
        assert "apostador" in prompt and "banquero" in prompt, prompt
        for wrong in ("el punto", "la banca", "del punto", "de el ", "de la banca"):
            assert wrong not in prompt and wrong not in why, (wrong, prompt, why)
        # the question is what the rule says, a free choice among the answers
        assert prompt.endswith("¿Qué dice la regla: robar, plantarse o elección libre?"), prompt
        if cell.hand == "banker" and cell.third is not None:
            assert "la tercera carta del apostador vale" in why


def test_a_chemin_de_fer_question_names_only_what_the_player_deciding_sees() -> None:
    """The bettor sees his own two cards; the banker his own two and the bettor's face-up
    third card, never the bettor's first two."""
    rng = random.Random(3)
    for cell in CHEMIN_DE_FER.cells():
        situation = deal_situation(cell, rng, CHEMIN_DE_FER)
        player, banker = situation.seen()
        prompt = situation.prompt("en")
        hidden = situation.banker if cell.hand == "player" else situation.player[:2]
        assert format_cards(hidden) not in prompt, (prompt, hidden)
        if cell.hand == "player":
            assert player == situation.player[:2] and banker == ()
            assert format_cards(player) in prompt and "face down" in prompt
        else:
            assert banker == situation.banker and player == situation.player[2:]
            assert format_cards(banker) in prompt
            assert ("stood" in prompt) == (cell.third is None)


def test_answers_in_the_readers_words_are_taken_and_bad_ones_change_nothing() -> None:
    drill = TableauTrainer(seed=4)
    expected = drill.current.cell.decision
    word = {Decision.DRAW: "Robar", Decision.STAND: "plantarse"}[expected]
    assert drill.answer(word).correct
    before = (drill.asked, drill.right, drill.current)
    with pytest.raises(IllegalAction) as caught:
        drill.answer("quizá")
    assert (drill.asked, drill.right, drill.current) == before
    from bacara_teach.refusals import refusal_text

    assert refusal_text(caught.value, "es") == (
        "Respuesta no válida: 'quizá'; escriba una de estas: robar, plantarse.")
    free = TableauTrainer(tableau=CHEMIN_DE_FER, seed=1)
    with pytest.raises(IllegalAction) as caught:
        free.answer("maybe")
    assert str(caught.value) == "invalid answer 'maybe': expected one of draw, stand, choice"
    assert refusal_text(caught.value, "es").endswith("robar, plantarse, elección libre.")
