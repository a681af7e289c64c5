"""Saved home sessions that the command line could never have written are refused.

``home-session`` starts a session from ``--players``, ``--dealer`` and ``--seed`` only: the
table (the home profile as it is, with its fixed stake and payouts), the number of coups and
the shuffle are the command's own.  A save edited to change any of them (a fixed stake of
1000 that scores +6000, other payouts, a billion coups, a newer save with the old shuffle,
names or a seed no command line can type) is refused with exit 2 before anything is played,
and the file is left byte for byte as it was, even when ``--save`` names it too.
"""

from __future__ import annotations

import io
import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bacara_teach.cli import main
from bacara_teach.home_session import HomeSession
from bacara_teach.shoe import FULL_SHUFFLE


def _stdin(text: str) -> Any:
    return io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")


def _session_save(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                  monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """A real save of the command line: two coups played, Ana and Luis right both times."""
    path = tmp_path / "made.json"
    monkeypatch.setattr(sys, "stdin", _stdin("b p\np p\nquit\n"))
    assert main(["home-session", "--players", "Ana,Luis", "--seed", "3", "--save", str(path)]) == 0
    capsys.readouterr()
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


FORGERIES: dict[str, tuple[dict[str, Any], str]] = {
    "fixed stake 1000": ({"options": {"fixed_stake": "1000"}}, "(options)"),
    "payouts": ({"options": {"payouts": {"punto": "100", "banco": "100"}}}, "(options)"),
    "more coups": ({"coups": 10 ** 9}, "(coups)"),
    "fewer coups": ({"coups": 2}, "(coups)"),
    "four decks": ({"options": {"decks": 4}}, "(options)"),
    "the old shuffle in a new save": ({"shuffle": FULL_SHUFFLE}, "(shuffle)"),
    "a name with a comma": ({"players": ["Ana,Eva", "Luis"], "dealer": "Ana,Eva"},
                            "(players, dealer, seed)"),
    "a seed of digits as text": ({"seed": "3"}, "(seed)"),
    "a negative seed": ({"seed": -3}, "(seed)"),
}


def _forge(data: dict[str, Any], change: dict[str, Any], *, dealt: bool = True) -> dict[str, Any]:
    """``data`` with its rules changed; without the coups ``dealt`` (only the first coup's
    predictions kept), so that no dealt card can betray a change of the shoe or the seed."""
    forged: dict[str, Any] = json.loads(json.dumps(data))
    forged["rules"].update(change)
    if not dealt:
        forged["log"] = [entry for entry in forged["log"] if entry["coup"] == 1
                         and entry["action"] != "deal"]
    if "players" in change:  # the log names the players as the forged rules do
        for entry in forged["log"]:
            if entry.get("player") == "Ana":
                entry["player"] = "Ana,Eva"
    return forged


@pytest.mark.parametrize("dealt", [True, False])
@pytest.mark.parametrize("name", list(FORGERIES))
def test_a_forged_save_is_refused_and_left_as_it_was(
        name: str, dealt: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    change, fields = FORGERIES[name]
    data = _forge(_session_save(tmp_path, capsys, monkeypatch), change, dealt=dealt)
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    for extra in ([], ["--save", str(path)]):
        monkeypatch.setattr(sys, "stdin", _stdin("b p\np b\nquit\n"))
        assert main(["home-session", "--load", str(path), *extra]) == 2
        out, err = capsys.readouterr()
        assert err.count("\n") == 1 and "Traceback" not in err, err
        if dealt and "log entry" in err:  # the shoe or the seed changed: the cards differ
            assert "the save says coup 1 was" in err, err
        else:
            assert f"has rules the home-session command cannot give {fields}" in err, err
        assert "Resumed" not in out
        assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["forged.json", "made.json"]


def test_the_stake_of_1000_would_have_scored_thousands(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What the refusal keeps out: the engine itself replays the edited save and pays it."""
    data = _forge(_session_save(tmp_path, capsys, monkeypatch), FORGERIES["fixed stake 1000"][0])
    session = HomeSession.from_dict(data)
    assert session.stake == Decimal(1000) and max(session.totals.values()) >= 1000
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", _stdin("quit\n"))
    assert main(["--lang", "es", "home-session", "--load", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"bacara-teach: error: La sesión en casa guardada {str(path)!r} tiene reglas "
                   "que la orden home-session no puede dar (options): la orden juega en la mesa "
                   "home tal como es, 10 coups, solo con --players, --dealer y --seed; no se ha "
                   "cargado nada.\n")


def test_a_save_the_command_line_wrote_resumes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    _session_save(tmp_path, capsys, monkeypatch)
    monkeypatch.setattr(sys, "stdin", _stdin("quit\n"))
    assert main(["home-session", "--load", str(tmp_path / "made.json")]) == 0
    assert "Resumed the home session (seed 3) at coup 3 of 10." in capsys.readouterr().out


def test_a_save_of_an_earlier_version_resumes_with_the_shuffle_of_its_time(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = HomeSession(players=["Ana", "Luis"], seed=5, shuffle_version=FULL_SHUFFLE)
    session.predict("Ana", "banco")
    session.predict("Luis", "punto")
    session.deal()
    data = session.to_dict()
    data["version"] = 2
    del data["rules"]["shuffle"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", _stdin("quit\n"))
    assert main(["home-session", "--load", str(path)]) == 0
    assert "Resumed the home session (seed 5) at coup 2 of 10." in capsys.readouterr().out
