"""``bacara-teach chemin-de-fer deal`` and ``bacara-teach chemin-de-fer session``."""

from __future__ import annotations

import io
import itertools
import json

import pytest

from bacara_teach.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["chemin-de-fer", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_session(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                answers: str, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return run(capsys, "session", *argv)


# -- deal ------------------------------------------------------------------------------------------


def test_worked_example_3_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--cards", "2♥ A♠ 3♣ 2♦ 9♥ 5♠", "--bettor", "draw",
                         "--banker", "draw", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["bettor"] == {"cards": ["2♥", "3♣", "9♥"], "total": 4}
    assert data["banker"] == {"cards": ["A♠", "2♦", "5♠"], "total": 8}
    assert data["winner"] == "banker"
    banker = next(s for s in data["steps"] if s["actor"] == "banker" and s["action"] == "draw")
    assert banker["reason"]["rule"] == "choice"
    assert banker["reason"]["cell"] == {"hand": "banker", "total": 3, "third": 9,
                                        "decision": "choice"}


def test_a_decision_for_a_forced_cell_exits_2_naming_the_flag(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "deal", "--cards", "2♥ A♠ 4♣ 6♦", "--bettor", "stand")
    assert code == 2 and out == ""
    assert "bettor's 6 with several bettors (must stand) is forced" in err
    assert "drop --bettor" in err


def test_a_free_cell_without_its_flag_names_the_missing_flag(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "deal", "--cards", "2♥ A♠ 3♣ 2♦ 9♥ 5♠", "--bettor", "draw")
    assert code == 2
    assert "--banker draw or --banker stand" in err and "3 against a third card of 9" in err


def test_one_bettor_or_several_changes_the_free_cells(capsys: pytest.CaptureFixture[str]) -> None:
    # The bettor on 6: free with a single bettor, must stand with several.
    code, _, err = run(capsys, "deal", "--cards", "2♥ A♠ 4♣ 6♦", "--bettors", "1")
    assert code == 2 and "--bettor draw or --bettor stand" in err
    code, out, _ = run(capsys, "deal", "--cards", "2♥ A♠ 4♣ 6♦", "--bettors", "1",
                       "--bettor", "stand", "--json")
    assert code == 0 and json.loads(out)["winner"] == "banker"
    assert json.loads(out)["decisions"] == {"bettor": "stand", "banker": None}
    code, out, _ = run(capsys, "deal", "--cards", "2♥ A♠ 4♣ 6♦", "--json")
    assert code == 0 and json.loads(out)["decisions"] == {"bettor": None, "banker": None}


def test_narration_in_english_and_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("deal", "--cards", "2h as 3c 2d 9h 5s", "--bettor", "draw", "--banker", "draw")
    _, en, _ = run(capsys, *args)
    assert "sees only the bettor's third card, 9♥" in en
    assert en.rstrip().endswith("The banker wins, 8 to 4.")
    _, es, _ = run(capsys, *args, "--lang", "es")
    assert "boca abajo" in es and es.rstrip().endswith("Gana la banca, 8 a 4.")


def test_deal_from_a_seeded_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--seed", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["shoe"] == {"decks": 6, "seed": 4}
    assert data["cards"][:4] == [data["bettor"]["cards"][0], data["banker"]["cards"][0],
                                 data["bettor"]["cards"][1], data["banker"]["cards"][1]]


@pytest.mark.parametrize(("argv", "message"), [
    (("--cards", "2♥ A♠ 11♣ 2♦"), "invalid card '11♣'"),
    (("--cards", "2♥ A♠ 3♣"), "not enough cards"),
    (("--cards", "  "), "--cards is empty"),
])
def test_bad_cards_exit_2_with_a_clear_message(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, _, err = run(capsys, "deal", *argv)
    assert code == 2 and message in err


def test_a_bad_decision_word_is_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["chemin-de-fer", "deal", "--cards", "2♥ A♠ 3♣ 2♦", "--bettor", "maybe"])
    assert info.value.code == 2
    assert "invalid choice: 'maybe'" in capsys.readouterr().err


# -- session ---------------------------------------------------------------------------------------


def test_end_of_input_stops_the_session_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_session(monkeypatch, capsys, "", "--players", "Ana,Luis,Eva,Marc",
                                 "--seed", "5", "--seat", "Ana")
    assert code == 0 and err == ""
    assert "You play Ana." in out
    assert "Input ended: the session stops after 0 of 12 coups." in out


def test_prompts_say_what_is_asked_and_bad_answers_are_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_session(monkeypatch, capsys, "20\nno\n", "--players", "Ana,Luis,Eva,Marc",
                               "--seed", "5", "--seat", "Ana")
    assert code == 0
    prompt = "Ana, the bank is 11 and you have 100. Call banco and cover it all? Enter 'banco' or 'no'."
    assert out.count(prompt) == 2
    assert "> 20\nNot accepted: invalid answer '20': expected 'banco' or 'no'." in out
    assert "Ana does not call banco." in out


def test_a_scripted_session_plays_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every prompt accepts one of these: '1' (bets), 'no' (banks, banco), 'retire', 'stand';
    # the others are refused and asked again.
    answers = "".join(itertools.islice(itertools.cycle(["1\n", "no\n", "retire\n", "stand\n"]),
                                       800))
    argv = ("--players", "Ana,Luis,Eva", "--seed", "11", "--seat", "Luis")
    code, out, _ = run_session(monkeypatch, capsys, answers, *argv)
    assert code == 0
    assert "Final balances (banks and reserves returned):" in out
    assert "-- Coup 12 of 12 --" in out and "Luis bets 1." in out
    code_again, out_again, _ = run_session(monkeypatch, capsys, answers, *argv)
    assert (code_again, out_again) == (code, out)      # the seed replays the session


def test_a_session_without_a_seat_plays_itself(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_session(monkeypatch, capsys, "", "--players", "Ana,Luis,Eva",
                               "--seed", "11", "--lang", "es")
    assert code == 0 and "Enter" not in out
    assert "The session ends: 12 coups played." in out and "Gana" in out


@pytest.mark.parametrize(("argv", "message"), [
    (("--players", "Ana,Luis", "--seed", "1"), "3-12 participants, got 2"),
    (("--players", "Ana,Luis,Eva", "--seed", "1", "--seat", "Marc"), "unknown player 'Marc'"),
    (("--players", "Ana,Ana,Eva", "--seed", "1"), "repeated: Ana"),
])
def test_session_arguments_are_checked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    argv: tuple[str, ...], message: str
) -> None:
    code, _, err = run_session(monkeypatch, capsys, "", *argv)
    assert code == 2 and message in err
