"""``bacara-teach settle``, ``play``, ``home-session`` and ``profiles`` at the command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bacara_teach.cli import main
from bacara_teach.home_session import HomeSession
from bacara_teach.money import format_amount
from bacara_teach.online_table import OnlineTable
from bacara_teach.tables import ONLINE, TableProfile

PUNTO_WINS = "9♠ 2♠ K♦ 3♣"
BANCO_WINS = "4♥ 2♠ 9♣ A♦ 8♦"  # RULES.md worked example 1
TIE = "9♠ 9♦ K♣ K♥"
COUPS = {"punto": PUNTO_WINS, "banco": BANCO_WINS, "empate": TIE}


@pytest.fixture(autouse=True)
def _english_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English messages, whatever the machine's locale says."""
    monkeypatch.setenv("BACARA_LANG", "en")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_with_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                   text: str, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return run(capsys, *argv)


def settle_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "settle", *argv, "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


# -- settle ---------------------------------------------------------------------------------------------


def test_settle_worked_example_1_banco_20_nets_19_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = settle_json(capsys, "--profile", "home", "--bet", "banco=20", "--cards", "4♥ 2♠ 9♣ A♦ 8♦")
    assert data["winner"] == "banco"
    assert data["net"] == "19"
    (bet,) = data["bets"]
    assert {k: bet[k] for k in ("on", "stake", "net", "result", "payout")} == {
        "on": "banco", "stake": "20", "net": "19", "result": "won", "payout": "19/20:1"}


SEED_000_TABLE = [
    ("punto", "punto", "20"), ("punto", "banco", "-20"), ("punto", "empate", "0"),
    ("banco", "banco", "19"), ("banco", "punto", "-20"), ("banco", "empate", "0"),
    ("empate", "empate", "160"), ("empate", "punto", "-20"), ("empate", "banco", "-20"),
]


@pytest.mark.parametrize(("prediction", "winner", "net"), SEED_000_TABLE)
def test_settle_seed_000_payout_table(
    capsys: pytest.CaptureFixture[str], prediction: str, winner: str, net: str
) -> None:
    data = settle_json(capsys, "--bet", f"{prediction}=20", "--cards", COUPS[winner])
    assert data["net"] == net


@pytest.mark.parametrize(("on", "net"), [("punto", "5"), ("banco", "4.75"), ("empate", "40")])
def test_settle_seed_003_examples_stake_5(capsys: pytest.CaptureFixture[str], on: str, net: str) -> None:
    data = settle_json(capsys, "--profile", "online", "--bet", f"{on}=5", "--cards", COUPS[on])
    assert data["net"] == net
    if on == "banco":
        assert data["bets"][0]["commission"] == "0.25"


def test_settle_several_bets_on_the_casino_table(capsys: pytest.CaptureFixture[str]) -> None:
    data = settle_json(capsys, "--profile", "casino", "--bet", "empate=5", "--bet", "pareja-punto=5",
                       "--bet", "banco=5", "--cards", TIE)
    nets = {bet["on"]: bet["net"] for bet in data["bets"]}
    assert nets == {"empate": "45", "pareja-punto": "-5", "banco": "0"}
    assert data["net"] == "40"


def test_settle_with_profile_options(capsys: pytest.CaptureFixture[str]) -> None:
    data = settle_json(capsys, "--profile", "online", "--option", "commission=accrued",
                       "--bet", "banco=5", "--cards", BANCO_WINS)
    assert (data["net"], data["commission_owed"]) == ("5", "0.25")
    data = settle_json(capsys, "--profile", "casino", "--option", "pair-reading=same-value",
                       "--option", "side-bets-alone=yes",
                       "--bet", "pareja-punto=1", "--cards", "K♠ 4♦ Q♥ 4♣")
    assert data["net"] == "11"
    code, out, err = run(capsys, "settle", "--profile", "casino", "--bet", "pareja-punto=1",
                         "--cards", "K♠ 4♦ Q♥ 4♣")
    assert (code, out) == (2, "")
    assert "takes Empate and the pairs only with a bet on Punto or Banco" in err


def test_settle_readable_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "settle", "--profile", "online", "--bet", "banco=5", "--cards", BANCO_WINS)
    assert code == 0
    assert out.splitlines() == [
        "Punto 4♥ 9♣ 8♦ (1), Banco 2♠ A♦ (3): Banco wins.",
        "banco 5: won, paid 1 to 1 less 0.25 commission: +4.75",
        "net: +4.75",
    ]


def test_home_session_save_to_a_file_named_during_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "named later.json"  # a space in the name is kept
    lines = "save\n" + plan_lines(PLAN[:2]) + f"save {saved}\n" + plan_lines(PLAN[2:3]) + "quit\n"
    code, out, err = run_with_input(monkeypatch, capsys, lines, "home-session", "--players",
                                    "Ana,Luis,Eva", "--seed", "3")
    assert code == 0
    assert "no file to save to: type 'save FILE'" in err + out  # refused, and play went on
    assert f"Saved to {saved}." in out
    # After `save FILE` later coups go to the same file: it holds all three coups.
    resumed = HomeSession.from_json(saved.read_text(encoding="utf-8"))
    assert resumed.to_dict() == api_session(3, PLAN[:3]).to_dict()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bet", "banco:20", "--cards", BANCO_WINS], "invalid bet 'banco:20'"),
        (["--bet", "lucky=20", "--cards", BANCO_WINS], "unknown bet 'lucky'"),
        (["--bet", "banco=diez", "--cards", BANCO_WINS], "invalid stake 'diez'"),
        (["--bet", "banco=20", "--cards", "4♥ 2♠ 11♣ A♦"], "invalid card '11♣'"),
        (["--bet", "banco=20", "--cards", "4♥ 2♠ 9♣ A♦"], "not enough cards"),
        (["--bet", "banco=20", "--cards", " "], "--cards is empty"),
        (["--cards", BANCO_WINS], "no bet given"),
        (["--bet", "banco=5", "--cards", BANCO_WINS], "stake is fixed at 20"),
        (["--profile", "macao", "--bet", "banco=20", "--cards", BANCO_WINS],
         "unknown table profile 'macao': expected one of home, casino, online"),
        (["--option", "tie=later", "--bet", "banco=20", "--cards", BANCO_WINS], "invalid tie option"),
        (["--option", "tie", "--bet", "banco=20", "--cards", BANCO_WINS], "expected KEY=VALUE"),
    ],
)
def test_settle_bad_input_is_one_line_on_stderr_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "settle", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("bacara-teach: error: ")
    assert message in err


def test_python_dash_m_settle_prints_the_json() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bacara_teach", "settle", "--profile", "home", "--bet", "banco=20",
         "--cards", "4♥ 2♠ 9♣ A♦ 8♦", "--json"],
        capture_output=True, text=True, encoding="utf-8", check=False,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["winner"], data["net"], data["bets"][0]["net"]) == ("banco", "19", "19")


# -- play -------------------------------------------------------------------------------------------------


def test_play_scripted_from_stdin_matches_the_ledger(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "bet banco 10\nchange banco punto\ncontinue\nbet empate 5\ncontinuar\nbalance\nhistory\nquit\n"
    code, out, err = run_with_input(monkeypatch, capsys, script,
                                    "play", "--profile", "online", "--balance", "100", "--seed", "7")
    assert code == 0 and err == ""
    table = OnlineTable(balance="100", seed=7)
    table.place("banco", "10")
    table.change("banco", to="punto")
    first = table.deal()
    table.next_coup()
    table.place("empate", "5")
    second = table.deal()
    assert f"Coup 1: Punto {' '.join(map(str, first.coup.punto))}" in out
    assert first.coup.narrate() in out and second.coup.narrate() in out
    assert f"Balance: {format_amount(first.balance_after)}" in out
    assert f"You leave the table with {format_amount(table.balance)}" in out
    assert "> bet banco 10" in out, "scripted commands are echoed as a transcript"
    assert out.count("\n#") == 2, "history lists both coups"


def test_play_a_refused_command_prints_the_error_and_play_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "bet banco 500\nbet banco 10\nbet punto 10\nfoo\ncontinue\n"
    code, out, _ = run_with_input(monkeypatch, capsys, script, "play", "--balance", "100", "--seed", "7")
    assert code == 0
    assert "error: bet banco=500 refused: the online table's maximum bet is 250" in out
    assert "error: bet punto=10 refused: the online table takes one position per coup" in out
    assert "error: unknown command 'foo'" in out
    table = OnlineTable(balance="100", seed=7)
    table.place("banco", "10")
    table.deal()
    assert f"You leave the table with {format_amount(table.balance)}" in out


def test_play_end_of_input_quits_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_with_input(monkeypatch, capsys, "", "play", "--seed", "1")
    assert code == 0 and err == ""
    assert out.rstrip().endswith("You leave the table with 100 (started with 100, 0).")


def first_coup_winner(seed: int, profile: TableProfile) -> str:
    table = OnlineTable(balance="1", seed=seed, profile=profile)
    table.place("banco", "1")
    return table.deal().coup.winner.value


def test_play_accrued_commission_is_collected_on_quitting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    accrued = ONLINE.with_options(commission="accrued", reshuffle="never")
    seed = next(s for s in range(100) if first_coup_winner(s, accrued) == "banco")
    code, out, _ = run_with_input(monkeypatch, capsys, "bet banco 10\ncontinue\n", "play",
                                  "--seed", str(seed), "--option", "commission=accrued",
                                  "--option", "reshuffle=never")
    assert code == 0
    assert "banco 10: won, paid 1 to 1 (0.5 commission owed): +10" in out
    assert "commission collected on leaving 0.5" in out
    assert "You leave the table with 109.5 (started with 100, +9.5;" in out


def test_play_save_and_load(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "table.json"
    run_with_input(monkeypatch, capsys, "bet punto 10\ncontinue\n", "play", "--seed", "4",
                   "--save", str(saved))
    table = OnlineTable.from_json(saved.read_text(encoding="utf-8"))
    assert len(table.history) == 1 and table.phase.value == "betting"  # saved before leaving
    code, out, _ = run_with_input(monkeypatch, capsys, "bet banco 10\ncontinue\n", "play",
                                  "--load", str(saved), "--save", str(saved))
    assert code == 0 and "Resumed the online table (seed 4) at coup 2." in out
    resumed = OnlineTable.from_json(saved.read_text(encoding="utf-8"))
    assert len(resumed.history) == 2 and resumed.log[:len(table.log)] == table.log
    table.leave()
    left = tmp_path / "left.json"
    left.write_text(table.to_json(), encoding="utf-8")
    code, _, err = run_with_input(monkeypatch, capsys, "", "play", "--load", str(left))
    assert code == 2 and "a table the player left cannot be resumed" in err


def test_play_help_lists_the_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run_with_input(monkeypatch, capsys, "help\n", "play", "--seed", "1")
    for word in ("bet POSITION STAKE", "change", "cancel", "continue | continuar", "balance",
                 "history", "quit"):
        assert word in out


# -- home-session ----------------------------------------------------------------------------------------


def api_session(seed: int, plan: list[list[str]]) -> HomeSession:
    session = HomeSession(players=["Ana", "Luis", "Eva"], seed=seed)
    for predictions in plan:
        for name, on in zip(session.players, predictions, strict=True):
            session.predict(name, on)
        session.deal()
    return session


PLAN = [["banco", "punto", "empate"], ["punto", "punto", "banco"]] * 5


def plan_lines(plan: list[list[str]]) -> str:
    return "".join(" ".join(p) + "\n" for p in plan)


def test_home_session_scripted_from_stdin_matches_the_engine(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_with_input(monkeypatch, capsys, plan_lines(PLAN),
                                    "home-session", "--players", "Ana,Luis,Eva", "--seed", "3")
    assert code == 0 and err == ""
    session = api_session(3, PLAN)
    for record in session.records:
        assert f"Coup {record.number}: Punto {' '.join(map(str, record.coup.punto))}" in out
    final = out.strip().splitlines()[-1]
    winners = session.winners
    if len(winners) == 1:
        assert final.startswith(f"After 10 coups {winners[0]} wins with")
    else:
        assert final.startswith(f"After 10 coups {' and '.join(winners)} share the win")


def test_home_session_one_prediction_per_line_and_refusals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "Ana\nbanco\nb b b\npunto\ntie\nscores\n"
    code, out, _ = run_with_input(monkeypatch, capsys, script,
                                  "home-session", "--players", "Ana,Luis,Eva", "--seed", "3")
    assert code == 0
    assert "error: invalid prediction 'Ana' for Ana: expected one of punto, banco, empate" in out
    assert "error: 3 predictions given but only 2 players are still to predict (Luis, Eva)" in out
    session = api_session(3, [["banco", "punto", "empate"]])
    assert f"Coup 1: Punto {' '.join(map(str, session.records[0].coup.punto))}" in out
    assert "Session paused before coup 2." in out


def test_home_session_pause_and_resume_equals_an_uninterrupted_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "session.json"
    first = plan_lines(PLAN[:4]) + "banco punto\nquit\n"  # 4 coups and two predictions of the 5th
    code, out, _ = run_with_input(monkeypatch, capsys, first, "home-session", "--players",
                                  "Ana,Luis,Eva", "--seed", "3", "--save", str(saved))
    assert code == 0 and f"resume with --load {saved}" in out
    rest = "empate\n" + plan_lines(PLAN[5:])
    code, out, _ = run_with_input(monkeypatch, capsys, rest, "home-session", "--load", str(saved),
                                  "--save", str(saved))
    assert code == 0
    resumed = HomeSession.from_json(saved.read_text(encoding="utf-8"))
    assert resumed.to_dict() == api_session(3, PLAN).to_dict()
    assert "After 10 coups" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "Ana"], "takes 2 to 8 participants"),
        (["--players", "Ana,ana"], "duplicate player name 'ana'"),
        ([], "no players given"),
        (["--load", "/nonexistent/session.json"], "cannot read '/nonexistent/session.json'"),
    ],
)
def test_home_session_bad_start_is_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run_with_input(monkeypatch, capsys, "", "home-session", *argv)
    assert code == 2 and message in err


# -- profiles -------------------------------------------------------------------------------------------


def test_profiles_lists_every_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "profiles")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines() if not line.startswith(" ")] == [
        "home", "casino", "online", "no-commission", "ez"]
    code, out, _ = run(capsys, "profiles", "casino", "--json")
    assert json.loads(out)["decks"] == 8
    code, out, _ = run(capsys, "profiles", "casino")
    assert "assumed: decks" in out
