"""Widgets answer clicks with the engine's results (run without a browser)."""

from __future__ import annotations

import pytest

from bacara_teach.punto_banco import Coup, play_coup
from bacara_teach.shoe import Shoe
from bacara_teach.widgets import CoupStepper, TableauDrill


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English texts: the default language is pinned to English."""
    monkeypatch.setenv("BACARA_LANG", "en")


def test_stepper_walks_worked_example_1_to_banco_standing_on_its_table_cell() -> None:
    stepper = CoupStepper(cards="4♥ 2♠ 9♣ A♦ 8♦")
    coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
    assert stepper.prev_button.disabled
    for _ in range(6):
        stepper.next_button.click()
    assert stepper.current_step.action == "stand"
    assert "Banco stands on 3." in stepper.narration.value
    assert "aria-current='true'" in stepper.table.value
    assert stepper.table.value.count("aria-current") == 1
    stepper.next_button.click()
    assert stepper.next_button.disabled
    assert "Banco wins, 3 to 1." in stepper.narration.value
    assert stepper.position == len(coup.steps) - 1
    assert 'aria-label="8 of diamonds"' in stepper.hands.value
    stepper.prev_button.click()
    assert stepper.position == len(coup.steps) - 2


def test_stepper_reveals_cards_one_step_at_a_time() -> None:
    stepper = CoupStepper(cards="4♥ 2♠ 9♣ A♦ 8♦")
    assert "4♥" in stepper.hands.value and "2♠" not in stepper.hands.value
    stepper.next_button.click()
    assert "2♠" in stepper.hands.value


def test_stepper_refuses_bad_cards_and_keeps_its_coup() -> None:
    stepper = CoupStepper(cards="4♥ 2♠ 9♣ A♦ 8♦")
    stepper.next_button.click()
    before = (stepper.coup, stepper.position)
    stepper.cards_box.value = "11♥ 2♠"
    stepper.deal_button.click()
    assert "invalid card '11♥'" in stepper.narration.value.replace("&#x27;", "'")
    assert "role='alert'" in stepper.narration.value
    assert (stepper.coup, stepper.position) == before


def test_stepper_deals_the_seeded_coup_of_the_engine() -> None:
    stepper = CoupStepper(seed=4)
    stepper.seed_box.value = 99
    stepper.shuffle_button.click()
    assert stepper.coup == play_coup(Shoe.standard(8, seed=99))


def test_stepper_speaks_spanish() -> None:
    stepper = CoupStepper(cards="4♥ 2♠ 9♣ A♦ 8♦", lang="es")
    for _ in range(7):
        stepper.next_button.click()
    assert "Gana Banco, 3 a 1." in stepper.narration.value


def test_drill_buttons_give_feedback_and_count() -> None:
    drill = TableauDrill(seed=1)
    expected = drill.trainer.current.cell.decision.value
    drill.buttons[expected].click()
    assert "Right" in drill.feedback.value
    assert "1 of 1 right" in drill.score.value
    wrong = "stand" if drill.trainer.current.cell.decision.value == "draw" else "draw"
    drill.buttons[wrong].click()
    assert "Not quite" in drill.feedback.value
    assert "1 of 2 right" in drill.score.value
    assert "1 cell will come back" in drill.score.value


def test_every_control_has_a_text_label() -> None:
    for widget in (CoupStepper(seed=1), TableauDrill(seed=1)):
        stack = [widget]
        while stack:
            item = stack.pop()
            stack.extend(getattr(item, "children", ()))
            if type(item).__name__ == "Button":
                assert item.description.strip()
                assert item.tooltip.strip()
