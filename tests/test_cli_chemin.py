"""``bacara-teach chemin-de-fer deal`` and ``bacara-teach chemin-de-fer session``."""

from __future__ import annotations

import io
import itertools
import json

import pytest

from bacara_teach.cli import main


@pytest.fixture(autouse=True)
def _english_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English messages, whatever the machine's locale says."""
    monkeypatch.setenv("BACARA_LANG", "en")


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


def test_the_first_wrong_flag_in_the_order_of_play_is_reported(
    capsys: pytest.CaptureFixture[str]
) -> None:
    # The bettor's 4 (2+2) must draw with several bettors; the banker's 3 against a 9 is free.
    # The bettor announces first, so the forced bettor cell is the error, not the missing --banker.
    code, out, err = run(capsys, "deal", "--cards", "2♥ A♠ 2♣ 2♦ 9♥ 5♠", "--bettor", "draw")
    assert code == 2 and out == ""
    assert "the bettor's 4 with several bettors (must draw) is forced: drop --bettor" in err
    assert "--banker" not in err
    # With the bettor's flag dropped, the banker's missing decision is next.
    code, _, err = run(capsys, "deal", "--cards", "2♥ A♠ 2♣ 2♦ 9♥ 5♠")
    assert code == 2 and "add --banker draw or --banker stand" in err
    code, out, _ = run(capsys, "deal", "--cards", "2♥ A♠ 2♣ 2♦ 9♥ 5♠", "--banker", "draw", "--json")
    assert code == 0 and json.loads(out)["winner"] == "banker"


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
    assert "boca abajo" in es and es.rstrip().endswith("Gana el banquero, 8 a 4.")


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


def test_an_automatic_session_plays_itself(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run_session(monkeypatch, capsys, "", "--players", "Ana,Luis,Eva",
                               "--seed", "11", "--lang", "es", "--auto")
    assert code == 0 and "Enter" not in out and "Escriba" not in out
    assert "Cada asiento juega solo." in out          # --lang es: the messages too
    assert "La sesión termina: se jugaron los 12 coups." in out and "Gana" in out


class Terminal(io.StringIO):
    """Standard input as a terminal: typed answers, no echo."""

    def isatty(self) -> bool:
        return True


def test_scripted_without_a_seat_you_play_the_first_seat(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = "".join(itertools.islice(itertools.cycle(["1\n", "no\n", "retire\n", "stand\n"]),
                                       800))
    code, out, _ = run_session(monkeypatch, capsys, answers, "--players", "Ana,Luis,Eva",
                               "--seed", "11")
    assert code == 0 and "You play Ana." in out and "Ana, " in out
    assert "Final balances (banks and reserves returned):" in out
    # The same as naming the first seat: scripts written for --seat keep working.
    _, named, _ = run_session(monkeypatch, capsys, answers, "--players", "Ana,Luis,Eva",
                              "--seed", "11", "--seat", "Ana")
    assert named == out
    code, out, _ = run_session(monkeypatch, capsys, "", "--players", "Ana,Luis,Eva", "--seed", "11")
    assert code == 0 and "Input ended: the session stops after 0 of 12 coups." in out


def test_at_a_terminal_you_are_asked_which_seat_you_take(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", Terminal("Zoe\n7\nLuis\n"))
    code, out, _ = run(capsys, "session", "--players", "Ana,Luis,Eva", "--seed", "11")
    question = "Which seat do you take? Enter a name or a seat number (just Enter: Ana, seat 0)."
    assert code == 0 and out.count(question) == 3
    assert "Not accepted: unknown player 'Zoe': expected one of Ana, Luis, Eva." in out
    assert "Not accepted: invalid seat '7': expected a seat number from 0 to 2 or a name." in out
    assert "You play Luis." in out
    assert out.index("Seated clockwise") < out.index(question)
    assert "> Luis" not in out                     # a terminal echoes what is typed itself
    monkeypatch.setattr("sys.stdin", Terminal("\n"))
    _, out, _ = run(capsys, "session", "--players", "Ana,Luis,Eva", "--seed", "11")
    assert "You play Ana." in out
    monkeypatch.setattr("sys.stdin", Terminal(""))
    code, out, _ = run(capsys, "session", "--players", "Ana,Luis,Eva", "--seed", "11")
    assert code == 0 and "Input ended before a seat was chosen: no coup played." in out
    monkeypatch.setattr("sys.stdin", Terminal(""))
    _, out, _ = run(capsys, "session", "--players", "Ana,Luis,Eva", "--seed", "11", "--auto")
    assert "Which seat" not in out and "The session ends: 12 coups played." in out


def test_a_seat_may_be_given_by_number(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run_session(monkeypatch, capsys, "", "--players", "Ana,Luis,Eva", "--seed", "5",
                            "--seat", "2")
    assert "You play Eva." in out


def test_seat_and_auto_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["chemin-de-fer", "session", "--players", "Ana,Luis,Eva", "--seat", "Ana", "--auto"])
    assert info.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_session_help_says_who_plays_which_seat(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["chemin-de-fer", "session", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "at a terminal you are asked which seat to take" in text
    assert "with input from a file or a pipe you take the first seat" in text
    assert "--auto lets every seat play itself" in text


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
