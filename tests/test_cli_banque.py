"""``bacara-teach banque``: one coup of Baccarat Banque from the command line, refusals with status 2."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from bacara_teach.baccarat_banque import (
    BankerView,
    Stakes,
    aim_at_larger_stake,
    best_for_bank,
    deal_coup,
    decision_values,
    settlement_text,
)
from bacara_teach.cli import main

WORKED = "2♣ 3♠ 3♥ 2♦ 2♥ 2♠ K♦"


@pytest.fixture(autouse=True)
def _english_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACARA_LANG", "en")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse's own refusals
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_best_banker_is_the_engine_s_and_the_values_are_printed(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "banque", WORKED, "--stakes", "100,20", "--left", "stand",
                       "--json")
    assert code == 0
    data = json.loads(out)
    stakes = Stakes(100, 20)
    view = BankerView.situation("3♥ 2♠", right="K♦", stakes=stakes)
    coup = deal_coup(WORKED, stakes=stakes, left="stand", banker=best_for_bank(view))
    assert {k: v for k, v in data.items() if k != "values"} == coup.to_dict()
    assert {k: Fraction(v) for k, v in data["values"].items()} == {
        d.value: v for d, v in decision_values(view).items()}


def test_the_rule_of_thumb_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    stakes = Stakes(20, 100)
    view = BankerView.situation("3♥ 2♠", right="K♦", stakes=stakes)
    decision = aim_at_larger_stake(view)
    cards = WORKED + (" 9♣" if decision.value == "draw" else "")
    code, out, _ = run(capsys, "--lang", "es", "banque", cards, "--stakes", "20,100",
                       "--left", "stand", "--banker", "thumb")
    assert code == 0
    coup = deal_coup(cards, stakes=stakes, left="stand", banker=decision)
    assert coup.narrate("es") in out and settlement_text(coup, "es") in out


@pytest.mark.parametrize(("argv", "words"), [
    (("banque", "2♣ 3♠ 3♥ 2♦ 2♥ 2♠", "--left", "stand"), "not enough cards"),
    (("banque", "2♣ 3♠ 3♥ 2♦ 2♥ 2♠ K♦", "--stakes", "100,-3", "--left", "stand"),
     "invalid stakes '100,-3'"),
    (("banque", "2♣ 3♠ 3♥ 2♦ 2♥ 2♠ K♦"), "the left side has 5, a free choice"),
    (("banque", "2♣ 3♠ 3♥ 2♦ 2♥ 2♠ Z♦", "--left", "stand"), "invalid card"),
    (("banque", WORKED, "--left", "stand", "--right", "draw", "--banker", "stand"),
     "the right side had no choice"),
])
def test_bad_input_is_refused_with_status_2_and_one_line(capsys: pytest.CaptureFixture[str],
                                                          argv: tuple[str, ...],
                                                          words: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out
    # one line says why (argparse prints the usage above its own refusals)
    assert words in err.strip().splitlines()[-1] and "Traceback" not in err
