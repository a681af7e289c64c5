"""Sessions kept as logs: one design for the home session, the online table and Chemin de Fer.

Random legal and illegal actions (a refusal changes nothing; points and chips are
conserved; a save resumes as an equal session), tampered saves (refused with the line and
the reason, or a legal session), saves that are killed half-way or meet a full disk.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bacara_teach.chemin_de_fer_session import AutoPlayer, CheminDeFerSession, Move
from bacara_teach.cli import main
from bacara_teach.errors import BacaraError, NotationError
from bacara_teach.home_session import HomeSession
from bacara_teach.money import add
from bacara_teach.online_table import OnlineTable
from bacara_teach.saves import parse_json, write_atomically
from bacara_teach.tables import HOME, ONLINE

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ana", "Luis", "Eva", "Marc", "Sara"]


# -- the home session ------------------------------------------------------------------------------


def home_state(session: HomeSession) -> tuple[Any, ...]:
    return (session.to_dict(), session.totals, session.records, session.pending,
            session.abstained, session.waiting_for)


class HomeMachine(RuleBasedStateMachine):
    """Random predictions, abstentions and deals, legal or not, with saves in between."""

    session: HomeSession

    @initialize(players=st.integers(2, 5), seed=st.integers(0, 10_000), dealer=st.integers(0, 4),
                coups=st.integers(1, 10))
    def start(self, players: int, seed: int, dealer: int, coups: int) -> None:
        names = NAMES[:players]
        self.session = HomeSession(players=names, seed=seed, dealer=names[dealer % players],
                                   coups=coups)

    def attempt(self, action: Callable[[], object], allowed: bool) -> None:
        before = home_state(self.session)
        try:
            action()
        except BacaraError:
            assert not allowed, "can_x() said yes but x() refused"
            assert home_state(self.session) == before, "a refusal changed the session"
        else:
            assert allowed, "can_x() said no but x() acted"

    @rule(who=st.sampled_from([*NAMES, "Nadie", " ana "]),
          on=st.sampled_from(["punto", "banco", "empate", "b", "pareja-punto", "lucky", ""]))
    def predict(self, who: str, on: str) -> None:
        self.attempt(lambda: self.session.predict(who, on), self.session.can_predict(who, on))

    @rule(who=st.sampled_from([*NAMES, "Nadie"]))
    def abstain(self, who: str) -> None:
        self.attempt(lambda: self.session.abstain(who), self.session.can_abstain(who))

    @rule()
    def deal(self) -> None:
        self.attempt(self.session.deal, self.session.can_deal())

    @rule()
    def everyone_predicts_then_deal(self) -> None:
        for name in self.session.waiting_for:
            self.session.predict(name, "banco")
        self.attempt(self.session.deal, self.session.can_deal())

    @rule()
    def save_and_resume(self) -> None:
        resumed = HomeSession.from_json(self.session.to_json())
        assert home_state(resumed) == home_state(self.session)
        self.session = resumed

    @invariant()
    def points_are_the_sum_of_the_nets(self) -> None:
        session = self.session
        for name in session.players:
            assert session.totals[name] == add(0, *(r.net(name) for r in session.records))
        for record in session.records:
            assert {name for name, _ in record.settled} | {session.dealer} >= set(session.players)
            for name, paid in record.settled:
                assert paid.bet.stake == HOME.fixed_stake and name in session.players


HomeMachine.TestCase.settings = settings(max_examples=30, stateful_step_count=40, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow])
test_home_session_random_actions = HomeMachine.TestCase


def test_the_dealer_may_predict_but_need_not() -> None:
    session = HomeSession(players=["Ana", "Luis", "Eva"], seed=4, dealer="Luis")
    assert not session.can_abstain("Ana")
    session.predict("Ana", "banco")
    session.abstain("Luis")
    assert session.waiting_for == ("Eva",) and session.abstained == ("Luis",)
    session.predict("Eva", "punto")
    record = session.deal()
    assert record.prediction("Luis") is None and record.net("Luis") == 0
    assert session.totals["Luis"] == 0
    session.predict("Luis", "empate")          # next coup the dealer predicts after all
    assert session.pending == {"Luis": session.pending["Luis"]}
    assert HomeSession.from_json(session.to_json()).to_dict() == session.to_dict()


def test_the_home_session_cli_lets_the_dealer_pass(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", _stdin("b -\nquit\n"))
    assert main(["home-session", "--players", "Ana,Luis", "--dealer", "Luis", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Luis: no prediction (dealer), 0 -> 0" in out


# -- Chemin de Fer ---------------------------------------------------------------------------------


_ACTIONS = ["open_bank", "refuse_bank", "call_banco", "decline_banco", "bet", "decline_bet",
            "decide", "continue_bank", "retire", "cheat"]


class CheminMachine(RuleBasedStateMachine):
    """Seeded players' moves mixed with random ones; chips never appear or vanish."""

    session: CheminDeFerSession

    @initialize(players=st.integers(3, 5), seed=st.integers(0, 10_000))
    def start(self, players: int, seed: int) -> None:
        self.session = CheminDeFerSession(NAMES[:players], seed=seed)
        self.robot = AutoPlayer(seed=seed)

    def attempt(self, move: Move) -> None:
        before = (self.session.to_dict(), self.session.state())
        allowed = self.session.can(move)
        try:
            self.session.apply(move)
        except BacaraError:
            assert not allowed
            assert (self.session.to_dict(), self.session.state()) == before
        else:
            assert allowed

    @rule()
    def a_legal_move(self) -> None:
        if not self.session.over:
            self.attempt(self.robot.choose(self.session))

    @rule(action=st.sampled_from(_ACTIONS), seat=st.integers(-1, 6),
          amount=st.one_of(st.none(), st.integers(-5, 130)),
          choice=st.sampled_from([None, "draw", "stand", "maybe"]))
    def a_random_move(self, action: str, seat: int, amount: int | None, choice: str | None) -> None:
        self.attempt(Move(action, seat, amount=amount, choice=choice))

    @rule()
    def save_and_resume(self) -> None:
        resumed = CheminDeFerSession.from_json(self.session.to_json())
        assert resumed == self.session and resumed.log == self.session.log
        self.session = resumed

    @invariant()
    def chips_are_conserved(self) -> None:
        session = self.session
        assert session.total_chips() == session.rules.starting_chips * session.size
        assert min(session.balances) >= 0 and session.bank >= 0 and session.reserve >= 0


CheminMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=60, deadline=None,
                                           suppress_health_check=[HealthCheck.too_slow])
test_chemin_de_fer_random_actions = CheminMachine.TestCase


def test_the_chemin_de_fer_state_cannot_be_set_from_outside() -> None:
    session = CheminDeFerSession(NAMES[:3], seed=2)
    for name in ("bank", "balances", "banker", "phase", "rules", "log", "stakes", "coups"):
        with pytest.raises(AttributeError):
            setattr(session, name, None)
    session.balances[0] += 1000                    # a copy: the session is not touched
    session.stakes[0] = 50
    assert session.total_chips() == 300 and session.stakes == {}
    with pytest.raises(AttributeError):
        session.rules.starting_chips = 10**6       # type: ignore[misc]


def test_a_stacked_shoe_is_saved_with_its_cards() -> None:
    from bacara_teach.shoe import Shoe

    shoe = Shoe(Shoe.stacked("2♥ A♠ 3♣ 2♦ 9♥ 5♠").remaining_cards()
                + Shoe.standard(6, seed=1).remaining_cards())
    session = CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, shoe=shoe, first_banker=0)
    session.open_bank(0, 20)
    data = session.to_dict()
    assert data["rules"]["shoe"]["cards"].startswith("2♥ A♠ 3♣ 2♦ 9♥ 5♠ ")
    assert data["rules"]["first_banker"] == 0
    assert CheminDeFerSession.from_dict(data) == session


# -- tampered saves --------------------------------------------------------------------------------


def _home_save() -> str:
    session = HomeSession(players=["Ana", "Luis", "Eva"], seed=6)
    for _ in range(2):
        for name in session.players:
            session.predict(name, "banco")
        session.deal()
    session.predict("Ana", "punto")
    return session.to_json()


def _online_save() -> str:
    table = OnlineTable(balance="100", seed=12)
    for on in ("banco", "punto", "empate"):
        table.place(on, "5")
        table.deal()
        table.next_coup()
    table.place("banco", "10")
    return table.to_json()


def _chemin_save() -> str:
    session = CheminDeFerSession(NAMES[:4], seed=5)
    robot = AutoPlayer(seed=5)
    for _ in range(25):
        robot.act(session)
    return session.to_json()


def _edit(text: str, change: Callable[[dict[str, Any]], object]) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data, ensure_ascii=False, indent=1)


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _delete(path: list[Any]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


def _reverse_log(data: dict[str, Any]) -> None:
    data["log"].reverse()


def _duplicate_last(data: dict[str, Any]) -> None:
    data["log"].append(data["log"][-1])


def _drop_first(data: dict[str, Any]) -> None:
    del data["log"][0]


COMMON_TAMPERS: list[tuple[str, Callable[[str], str]]] = [
    ("not JSON", lambda text: text[: len(text) // 2]),
    ("empty", lambda text: ""),
    ("invalid UTF-8 turned into text", lambda text: text.replace('"log"', '"l\udcffog"', 1)),
    ("a list", lambda text: "[]"),
    ("a number", lambda text: "7"),
    ("deep nesting", lambda text: "[" * 100_000 + "]" * 100_000),
    ("a huge number", lambda text: text.replace('"version": 2', '"version": 2' + "0" * 5000, 1)),
    ("a float", lambda text: text.replace('"version": 2', '"version": 2.0', 1)),
    ("NaN", lambda text: text.replace('"version": 2', '"version": NaN', 1)),
    ("version 3", lambda text: _edit(text, _set(["version"], 3))),
    ("version true", lambda text: _edit(text, _set(["version"], True))),
    ("no format", lambda text: _edit(text, _delete(["format"]))),
    ("no rules", lambda text: _edit(text, _delete(["rules"]))),
    ("no log", lambda text: _edit(text, _delete(["log"]))),
    ("log not a list", lambda text: _edit(text, _set(["log"], {"0": 1}))),
    ("an extra field: payouts", lambda text: _edit(text, _set(["payouts"], {"banco": "100"}))),
    ("an extra field: balance", lambda text: _edit(text, _set(["balance"], "1000000"))),
    ("an extra rule", lambda text: _edit(text, _set(["rules", "stake"], "1000"))),
    ("a seed too big", lambda text: _edit(text, _set(["rules", "seed"], 10**59 * 9))),
    ("a seed of the wrong type", lambda text: _edit(text, _set(["rules", "seed"], [1]))),
    ("another seed", lambda text: _edit(text, _set(["rules", "seed"], 999))),
    ("the log reversed", lambda text: _edit(text, _reverse_log)),
    ("the last entry twice", lambda text: _edit(text, _duplicate_last)),
    ("the first entry gone", lambda text: _edit(text, _drop_first)),
    ("an entry of the wrong type", lambda text: _edit(text, _set(["log", 0], "bet"))),
    ("an entry with no action", lambda text: _edit(text, _delete(["log", 0, "action"]))),
    ("an entry with an extra field", lambda text: _edit(text, _set(["log", 0, "net"], "100"))),
    ("an unknown action", lambda text: _edit(text, _set(["log", 0, "action"], "win"))),
]

HOME_TAMPERS: list[tuple[str, Callable[[str], str]]] = [
    ("a payout as an option", lambda text: _edit(
        text, _set(["rules", "options"], {"payouts": {"banco": "100"}, "fixed_stake": "1000"}))),
    ("an unknown option", lambda text: _edit(text, _set(["rules", "options"], {"stake": "1000"}))),
    ("an unknown profile", lambda text: _edit(text, _set(["rules", "profile"], "vip"))),
    ("the online profile", lambda text: _edit(text, _set(["rules", "profile"], "online"))),
    ("nine players", lambda text: _edit(text, _set(["rules", "players"], [str(i) for i in range(9)]))),
    ("a player twice", lambda text: _edit(text, _set(["rules", "players"], ["Ana", "ana", "Eva"]))),
    ("a dealer who is not playing", lambda text: _edit(text, _set(["rules", "dealer"], "Zoe"))),
    ("0 coups", lambda text: _edit(text, _set(["rules", "coups"], 0))),
    ("edited cards", lambda text: _edit(text, _set(["log", 3, "cards"], "9♠ 9♦ K♣ K♥"))),
    ("a prediction for a coup to come", lambda text: _edit(text, _set(["log", 0, "coup"], 5))),
    ("a pair bet at home", lambda text: _edit(text, _set(["log", 0, "on"], "pareja-punto"))),
    ("a player who abstains", lambda text: _edit(
        text, _set(["log", 0], {"action": "abstain", "coup": 1, "player": "Luis"}))),
    ("a version 1 save paying Banco 100", lambda text: json.dumps({
        "format": "bacara-teach/home-session", "version": 1,
        "profile": {**HOME.to_dict(), "payouts": {"punto": "1", "banco": "100", "empate": "8"},
                    "fixed_stake": "1000"},
        "players": ["Ana", "Luis"], "dealer": "Ana", "seed": 3, "coups": 10,
        "records": [], "pending": {}, "totals": {"Ana": "0", "Luis": "0"}})),
]

ONLINE_TAMPERS: list[tuple[str, Callable[[str], str]]] = [
    ("Banco paying 100 as an option", lambda text: _edit(
        text, _set(["rules", "options"], {"payouts": {"banco": "100"}}))),
    ("a balance that is not a number", lambda text: _edit(text, _set(["rules", "balance"], "lots"))),
    ("a balance as a number", lambda text: _edit(text, _set(["rules", "balance"], 1000000))),
    ("a negative balance", lambda text: _edit(text, _set(["rules", "balance"], "-5"))),
    ("a stake over the limit", lambda text: _edit(text, _set(["log", 0, "stake"], "251"))),
    ("a stake as a number", lambda text: _edit(text, _set(["log", 0, "stake"], 5))),
    ("edited cards", lambda text: _edit(text, _set(["log", 1, "cards"], "9♠ 9♦ K♣ K♥"))),
    ("a deal with no bet", lambda text: _edit(text, _set(["log", 0], {"action": "next-coup",
                                                                      "number": 2}))),
    ("a version 1 save: empty log, 1,000,000 and Banco paying 100", lambda text: json.dumps({
        "format": "bacara-teach/online-table", "version": 1,
        "profile": {**ONLINE.to_dict(), "payouts": {"punto": "1", "banco": "100", "empate": "8"}},
        "seed": 3, "initial_balance": "100", "log": [],
        "state": {"balance": "1000000"}})),
]

CHEMIN_TAMPERS: list[tuple[str, Callable[[str], str]]] = [
    ("unknown rules", lambda text: _edit(text, _set(["rules", "rules"], "generous"))),
    ("rules as numbers", lambda text: _edit(text, _set(["rules", "rules"], {"starting_chips": 10**6}))),
    ("two players", lambda text: _edit(text, _set(["rules", "players"], ["Ana", "Luis"]))),
    ("a first banker off the table", lambda text: _edit(text, _set(["rules", "first_banker"], 9))),
    ("a short shoe", lambda text: _edit(text, _set(["rules", "shoe"], {"decks": 1,
                                                                        "cards": "9♠ 9♦"}))),
    ("a shoe of bad cards", lambda text: _edit(text, _set(["rules", "shoe"], {"decks": 1,
                                                                               "cards": "11♥"}))),
    ("a bank of 1000", lambda text: _edit(text, _set(["log", 0, "amount"], 1000))),
    ("a bank given as text", lambda text: _edit(text, _set(["log", 0, "amount"], "20"))),
    ("a move for another seat", lambda text: _edit(text, _set(["log", 1, "seat"], 7))),
    ("a version 1 snapshot", lambda text: json.dumps({"format": 1, "balances": [1000, 0, 0]})),
]

SESSIONS: dict[str, tuple[Callable[[str], Any], Callable[[], str], list[Any]]] = {
    "home": (HomeSession.from_json, _home_save, HOME_TAMPERS),
    "online": (OnlineTable.from_json, _online_save, ONLINE_TAMPERS),
    "chemin-de-fer": (CheminDeFerSession.from_json, _chemin_save, CHEMIN_TAMPERS),
}
CORPUS = [(kind, name, tamper) for kind, (_, _, own) in SESSIONS.items()
          for name, tamper in [*COMMON_TAMPERS, *own]]


def _legal(kind: str, session: Any) -> None:
    """A session that loaded is a legal one: it saves and resumes as itself, chips whole."""
    load = SESSIONS[kind][0]
    assert load(session.to_json()).to_dict() == session.to_dict()
    if kind == "online":  # options are the table's, as --option gives them; the money is replayed
        nets = [played.net for played in session.history]
        assert session.balance == add(session.initial_balance, *nets,
                                      -session.commission_collected) >= 0
    elif kind == "home":
        for record in session.records:
            for _, paid in record.settled:
                assert paid.bet.stake == session.stake
    else:
        assert session.total_chips() == session.rules.starting_chips * session.size


@pytest.mark.parametrize(("kind", "name", "tamper"), CORPUS,
                         ids=[f"{kind}: {name}" for kind, name, _ in CORPUS])
def test_a_tampered_save_is_refused_with_the_line_and_the_reason_or_is_legal(
    kind: str, name: str, tamper: Callable[[str], str]
) -> None:
    load, make, _ = SESSIONS[kind]
    text = tamper(make())
    try:
        session = load(text)
    except NotationError as error:
        message = str(error)
        assert message.startswith("saved "), message
        assert "\n" not in message and len(message) < 600, message
        return
    _legal(kind, session)


def test_the_issues_tampered_saves_are_refused() -> None:
    """Banco paying 100 and stakes of 1,000 come from nowhere but the registry and the log."""
    for kind, name in (("home", "a version 1 save paying Banco 100"),
                       ("online", "a version 1 save: empty log, 1,000,000 and Banco paying 100")):
        load, make, tampers = SESSIONS[kind]
        tamper = dict(tampers)[name]
        with pytest.raises(NotationError, match="carries its own table rules"):
            load(tamper(make()))
    home = json.loads(_home_save())
    home["rules"]["options"] = {"payouts": {"banco": "100"}, "fixed_stake": "1000"}
    resumed = HomeSession.from_json(json.dumps(home))   # a variant anyone may start: legal
    assert resumed.stake == Decimal(1000) and resumed.profile.payout("banco") == 100
    assert resumed.profile == HOME.with_options(payouts={"banco": "100"}, fixed_stake="1000")


def test_a_refusal_names_the_line_of_the_file() -> None:
    text = _online_save()
    lines = text.splitlines()
    data = json.loads(text)
    deal = next(i for i, entry in enumerate(data["log"]) if entry["action"] == "deal")
    target = next(n for n, line in enumerate(lines, start=1) if '"action": "deal"' in line)
    edited = text.replace(lines[target - 1], lines[target - 1].replace('"coup": 1', '"coup": 2'))
    with pytest.raises(NotationError, match=rf"saved online table, line {target}: log entry "
                       rf"{deal + 1} is refused: it deals coup 2, but coup 1 is next"):
        OnlineTable.from_json(edited)


def test_saves_carry_no_balances_payouts_or_limits() -> None:
    for text in (_home_save(), _online_save(), _chemin_save()):
        data = parse_json(text)
        assert set(data) == {"format", "version", "rules", "log"}
        flat = json.dumps(data)
        for word in ("payout", "balance_after", "totals", "max_bet", "fixed_stake", "nets",
                     "balances", "commission"):
            assert word not in flat, word


# -- atomic saves ----------------------------------------------------------------------------------


def test_a_failing_save_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "table.json"
    write_atomically(target, "old\n")

    def full(_: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(BacaraError, match="No space left on device; nothing was written"):
        write_atomically(target, "new\n" * 1000)
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["table.json"]


@pytest.mark.parametrize("command", ["play", "home-session"])
def test_a_full_disk_stops_the_command_with_exit_2_and_keeps_the_old_save(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "save.json"
    args = (["play", "--seed", "3"] if command == "play"
            else ["home-session", "--players", "Ana,Luis", "--seed", "3"])
    script = "bet banco 5\ncontinue\nquit\n" if command == "play" else "b p\nquit\n"
    monkeypatch.setattr(sys, "stdin", _stdin(script))
    assert main([*args, "--save", str(save)]) == 0
    good = save.read_text()
    capsys.readouterr()

    def full(_: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    monkeypatch.setattr(sys, "stdin", _stdin(script))
    assert main([*args, "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bacara-teach: error: cannot save to ") and "No space left" in err
    assert "the previous save is kept" in err and "Traceback" not in err
    assert save.read_text() == good
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


_WRITER = textwrap.dedent("""
    import sys
    from bacara_teach.saves import write_atomically
    from bacara_teach.online_table import OnlineTable
    table = OnlineTable(balance="1000", seed=1)
    path = sys.argv[1]
    print("ready", flush=True)
    n = 0
    while True:
        n += 1
        table.place("banco", "1")
        table.deal()
        table.next_coup()
        write_atomically(path, table.to_json() + "\\n")
""")


def test_a_kill_during_saves_leaves_the_old_file_or_the_new_one(tmp_path: Path) -> None:
    target = tmp_path / "table.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    seen = set()
    for attempt in range(12):
        process = subprocess.Popen([sys.executable, "-c", _WRITER, str(target)], env=env,
                                   stdout=subprocess.PIPE, text=True)
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready"
        time.sleep(0.05 + 0.037 * attempt)
        process.send_signal(signal.SIGKILL)
        process.wait()
        process.stdout.close()
        if target.exists():
            table = OnlineTable.from_json(target.read_text(encoding="utf-8"))  # whole, valid
            seen.add(len(table.history))
    assert seen, "the writer never finished a save"
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "table.json"]
    assert all(name.startswith(".table.json.") for name in leftovers)  # a kill may leave a temp


# -- no traceback for any input --------------------------------------------------------------------


def _stdin(text: str | bytes) -> Any:
    import io

    data = text.encode("utf-8") if isinstance(text, str) else text
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")


BIG = "9" * 5000


def test_bad_files_given_to_load_end_in_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    contents: list[bytes] = [
        b"", b"\xff\xfe{", b"[" * 100_000, b'{"format": "bacara-teach/online-table", "version": 2,'
        b' "rules": {"profile": "online", "options": {}, "seed": ' + BIG.encode() + b', '
        b'"balance": "1"}, "log": []}', b'{"format": "bacara-teach/home-session", "version": 2, '
        b'"rules": {"profile": ["home"], "options": {}, "players": 5, "dealer": null, '
        b'"seed": 1.5, "coups": "ten"}, "log": []}', b"null", b'"text"',
    ]
    for command in ("play", "home-session"):
        for data in contents:
            path = tmp_path / "save.json"
            path.write_bytes(data)
            monkeypatch.setattr(sys, "stdin", _stdin("quit\n"))
            assert main([command, "--load", str(path)]) == 2
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and err.startswith("bacara-teach: error: "), err
    assert main(["play", "--load", str(tmp_path / "missing.json")]) == 2
    assert "No such file or directory" in capsys.readouterr().err
    assert main(["play", "--load", "bad\x00name"]) == 2
    assert "embedded null byte" in capsys.readouterr().err
    with pytest.raises(BacaraError, match="embedded null byte; nothing was written"):
        write_atomically("bad\x00name", "{}")


ARGS = [
    ["deal", "--seed", BIG], ["deal", "--decks", BIG], ["deal", "--cards", "\udcff"],
    ["settle", "--bet", f"banco={BIG}", "--cards", "4h 2s 9c ad 8d"],
    ["settle", "--profile", "casino", "--bet", "empate=5", "--cards", "4h 2s 9c ad 8d"],
    ["settle", "--option", f"decks={BIG}", "--bet", "banco=20", "--cards", "4h 2s 9c ad 8d"],
    ["settle", "--option", "payout.banco=1e999999", "--bet", "banco=20", "--cards", "4h 2s"],
    ["play", "--balance", BIG + "." + BIG], ["play", "--seed", BIG], ["play", "--balance", "-1"],
    ["home-session", "--players", "A," * 2000], ["home-session", "--players", "A,B", "--seed", BIG],
    ["odds", "--decks", "1", "--remove", "5h 5h"], ["odds", "--seed", BIG, "--simulate", "1"],
    ["odds", "--decks", BIG], ["odds", "--remove", "5 " * 400],
    ["chemin-de-fer", "session", "--players", "A,B,C", "--seed", BIG, "--auto"],
    ["chemin-de-fer", "deal", "--seed", BIG],
    ["profiles", "vip"], ["tableau", "--game", "\x00"],
]


@pytest.mark.parametrize("argv", ARGS, ids=[" ".join(a)[:40] for a in ARGS])
def test_no_bad_argument_ends_in_a_traceback(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", _stdin("quit\n"))
    try:
        status = main(argv)
    except SystemExit as stop:                 # argparse's own refusals: usage and exit 2
        status = stop.code if isinstance(stop.code, int) else 2
    out, err = capsys.readouterr()
    assert status in (0, 2), (status, err[-300:])
    assert "Traceback" not in out + err
    if status == 2:
        assert err.strip(), "a refusal says why"
        assert len(err) < 4000, "the message quotes the input, not all of it"


_WORDS = st.sampled_from([
    "bet", "banco", "punto", "empate", "pareja-punto", "change", "cancel", "continue", "balance",
    "history", "help", "save", "b", "p", "e", "-", "pass", "scores", "no", "banco", "draw", "stand",
    "20", "5", "0", "-3", BIG, "1e9", "2.5", "\ufffd", "\x00", "x" * 300, "banco suivi",
])


@pytest.mark.parametrize("command", [
    ["play", "--seed", "4"], ["play", "--profile", "casino", "--seed", "4"],
    ["home-session", "--players", "Ana,Luis,Eva", "--seed", "4"],
    ["chemin-de-fer", "session", "--players", "Ana,Luis,Eva", "--seed", "4"],
])
@pytest.mark.parametrize("raw", [False, True])
def test_no_typed_line_ends_in_a_traceback(
    command: list[str], raw: bool, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from hypothesis import given

    monkeypatch.chdir(tmp_path)  # "save FILE" writes there

    lines = st.lists(st.lists(_WORDS, max_size=4).map(" ".join), max_size=25)
    data = st.binary(max_size=200) if raw else lines.map(lambda ls: "\n".join(ls) + "\n")

    @settings(max_examples=40, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(data=data)
    def check(data: str | bytes) -> None:
        monkeypatch.setattr(sys, "stdin", _stdin(data))
        status = main(command)
        out, err = capsys.readouterr()
        assert status == 0, err[-500:]
        assert "Traceback" not in out + err

    check()
