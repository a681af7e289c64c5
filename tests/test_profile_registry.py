"""A table profile is declared in one place, the registry, and every part of the project finds it."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from bacara_teach.analysis.edges import edges_for_profile
from bacara_teach.cli import main
from bacara_teach.errors import IllegalAction
from bacara_teach.online_table import OnlineTable
from bacara_teach.reference import profiles_html
from bacara_teach.tables import (
    CASINO,
    PROFILES,
    TableProfile,
    get_profile,
    profile_names,
    register_profile,
    unregister_profile,
)

CLUB = dataclasses.replace(
    CASINO.with_options(decks=6, payouts={"empate": "8"}, max_bet="500"),
    name="club", label="club table", title="Club table, Empate at 8:1", assumptions=(), notes=(),
)


@pytest.fixture
def club() -> Iterator[TableProfile]:
    register_profile(CLUB)
    try:
        yield CLUB
    finally:
        unregister_profile("club")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 2
    out, err = capsys.readouterr()
    return status, out, err


def test_a_profile_added_in_one_place_is_found_everywhere(
    club: TableProfile, capsys: pytest.CaptureFixture[str]
) -> None:
    assert get_profile("club") is club and "club" in profile_names() and PROFILES["club"] is club
    # profiles
    status, out, _ = run(capsys, "profiles", "--json")
    assert status == 0 and "club" in [p["name"] for p in json.loads(out)]
    status, out, _ = run(capsys, "profiles", "club")
    assert status == 0 and out.startswith("club (club table): Club table, Empate at 8:1")
    # settle
    status, out, _ = run(capsys, "settle", "--profile", "club", "--bet", "banco=10",
                         "--bet", "empate=10", "--cards", "10♦ 9♣ 9♠ K♥", "--json")
    paid = {bet["on"]: bet["net"] for bet in json.loads(out)["bets"]}
    assert status == 0 and paid == {"banco": "0", "empate": "80"}
    # odds: its choices and its prices
    status, out, _ = run(capsys, "odds", "--profile", "club", "--json", "--exact")
    data = json.loads(out)
    assert status == 0 and data["decks"] == 6 and data["profile"] == "club"
    assert set(data["house_edge"]) == {"punto", "banco", "empate", "pareja-punto", "pareja-banco"}
    assert Fraction(data["house_edge"]["empate"]) == edges_for_profile(club)["empate"].house_edge
    assert data["house_edge"]["empate"] != run_odds_json(capsys, "casino")["house_edge"]["empate"]
    # the pages' table
    html = profiles_html(lang="en")
    assert "data-profile='club'" in html and "Club table, Empate at 8:1" in html
    assert html.count("data-profile=") == len(PROFILES)
    # a session at it saves by name and resumes
    table = OnlineTable(balance="1000", profile="club", seed=1)
    table.place("banco", "400")  # the club's limit (500)
    assert not table.can_place("empate", "501")
    assert OnlineTable.from_json(table.to_json()).bets == table.bets


def run_odds_json(capsys: pytest.CaptureFixture[str], name: str) -> dict[str, Any]:
    status, out, _ = run(capsys, "odds", "--profile", name, "--json", "--exact", "--decks", "6")
    assert status == 0
    result: dict[str, Any] = json.loads(out)
    return result


def test_an_unregistered_profile_is_refused_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "odds", "--profile", "club")
    assert status == 2 and "invalid choice: 'club'" in err
    status, _, err = run(capsys, "settle", "--profile", "club", "--bet", "banco=5", "--cards",
                         "4h 2s 9c ad 8d")
    assert status == 2 and "unknown table profile 'club'" in err
    with pytest.raises(IllegalAction, match="is not a registered profile"):
        OnlineTable(balance="100", profile=CLUB, seed=1).to_json()
    with pytest.raises(IllegalAction, match="already registered"):
        register_profile(dataclasses.replace(CLUB, name="home"))
    with pytest.raises(IllegalAction, match="stays registered"):
        unregister_profile("home")
