"""The home prediction session (RULES.md system A, seed 000)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.home_session import HomeSession
from bacara_teach.money import add
from bacara_teach.tables import HOME

PLAYERS = ("Ana", "Luis", "Eva")
CHOICES = ("punto", "banco", "empate")

# seed 000's table for a prediction of 20: (prediction, winner) -> net change
SEED_000_NETS = {
    ("punto", "punto"): 20, ("punto", "banco"): -20, ("punto", "empate"): 0,
    ("banco", "banco"): 19, ("banco", "punto"): -20, ("banco", "empate"): 0,
    ("empate", "empate"): 160, ("empate", "punto"): -20, ("empate", "banco"): -20,
}

Plan = Sequence[Sequence[str]]
"""Predictions per coup, one per player in seating order."""


def play(session: HomeSession, plan: Plan) -> HomeSession:
    for predictions in plan:
        for name, on in zip(session.players, predictions, strict=True):
            session.predict(name, on)
        session.deal()
    return session


def snapshot(session: HomeSession) -> dict[str, Any]:
    """Everything a refused action must leave as it was, the shoe's generator included."""
    return {
        "data": session.to_dict(),
        "log": session.log,
        "shoe": session._shoe.remaining_cards(),
        "rng": session._shoe._rng.getstate() if session._shoe._rng else None,
    }


def rotating_plan(coups: int = 10, players: int = 3) -> list[list[str]]:
    return [[CHOICES[(c + p) % 3] for p in range(players)] for c in range(coups)]


# -- the session's rules ----------------------------------------------------------------------------


def test_each_coup_is_settled_by_seed_000_table_and_totals_run_from_zero() -> None:
    session = play(HomeSession(players=PLAYERS, seed=3), rotating_plan())
    running = dict.fromkeys(PLAYERS, 0)
    for record in session.records:
        winner = record.coup.winner.value
        for name in PLAYERS:
            prediction = record.prediction(name)
            assert prediction is not None
            net = SEED_000_NETS[(prediction.value, winner)]
            assert record.net(name) == net
            running[name] += net
            assert record.total(name) == running[name]
    assert session.totals == {name: Decimal(total) for name, total in running.items()}
    assert session.finished and session.coups_played == 10


def winners_of(seed: int | str, coups: int = 10) -> list[str]:
    """The winner of each coup a seed deals (the cards do not depend on the predictions)."""
    twin = play(HomeSession(players=["A", "B"], seed=seed), [["punto", "punto"]] * coups)
    return [record.coup.winner.value for record in twin.records]


def wrong(winner: str) -> str:
    return "punto" if winner != "punto" else "banco"


def test_negative_totals_are_allowed() -> None:
    # Ana predicts Empate when the coup is no tie (-20) and Punto on a tie (a push, 0)
    winners = winners_of(1)
    plan = [["punto" if w == "empate" else "empate", w] for w in winners]
    session = play(HomeSession(players=["Ana", "Luis"], seed=1), plan)
    losses = sum(w != "empate" for w in winners)
    assert losses > 0
    assert session.totals["Ana"] == -20 * losses
    assert all(record.total("Ana") <= 0 for record in session.records)


def test_every_coup_is_dealt_from_a_full_reshuffled_eight_deck_shoe() -> None:
    session = HomeSession(players=PLAYERS, seed=11)
    for predictions in rotating_plan(4):
        for name, on in zip(PLAYERS, predictions, strict=True):
            session.predict(name, on)
        record = session.deal()
        assert session._shoe.remaining == 416 - len(record.coup.cards)


def test_the_dealer_predicts_too_and_is_a_participant() -> None:
    session = HomeSession(players=PLAYERS, seed=1, dealer="eva")
    assert session.dealer == "Eva"
    assert "Eva" in session.waiting_for
    with pytest.raises(IllegalAction, match="unknown participant 'Rosa'"):
        HomeSession(players=PLAYERS, seed=1, dealer="Rosa")


def test_after_ten_coups_the_highest_total_wins() -> None:
    session = play(HomeSession(players=PLAYERS, seed=5), rotating_plan())
    best = max(session.totals.values())
    assert session.winners == tuple(n for n in PLAYERS if session.totals[n] == best)
    assert session.scoreboard()[0][1] == best


def test_tied_leaders_share_the_win() -> None:
    # Ana and Luis predict every winner; Eva predicts against it every time
    plan = [[w, w, wrong(w)] for w in winners_of(2)]
    session = play(HomeSession(players=PLAYERS, seed=2), plan)
    assert session.totals["Ana"] == session.totals["Luis"] > session.totals["Eva"]
    assert session.winners == ("Ana", "Luis")


def test_a_single_leader_wins_alone() -> None:
    plan = [[w, wrong(w), wrong(w)] for w in winners_of(2)]
    assert play(HomeSession(players=PLAYERS, seed=2), plan).winners == ("Ana",)


def test_no_winner_before_the_last_coup() -> None:
    session = play(HomeSession(players=PLAYERS, seed=5), rotating_plan(9))
    assert session.winners == ()
    assert session.leaders


# -- refused actions change nothing ------------------------------------------------------------------


def assert_refused(session: HomeSession, action: Callable[[], object], error: type[BacaraError],
                   message: str) -> None:
    before = snapshot(session)
    with pytest.raises(error, match=message):
        action()
    assert snapshot(session) == before


def test_unknown_name_is_refused_and_changes_nothing() -> None:
    session = HomeSession(players=PLAYERS, seed=4)
    session.predict("Ana", "banco")
    assert_refused(session, lambda: session.predict("Rosa", "banco"), IllegalAction,
                   "unknown participant 'Rosa': the participants are Ana, Luis, Eva")
    assert not session.can_predict("Rosa", "banco")


def test_predicting_twice_is_refused_and_changes_nothing() -> None:
    session = HomeSession(players=PLAYERS, seed=4)
    session.predict("Ana", "banco")
    assert_refused(session, lambda: session.predict("ana", "punto"), IllegalAction,
                   "Ana already predicted banco for coup 1")


def test_a_prediction_the_home_table_does_not_take_is_refused() -> None:
    session = HomeSession(players=PLAYERS, seed=4)
    assert_refused(session, lambda: session.predict("Ana", "pareja-banco"), IllegalAction,
                   "a home prediction is one of punto, banco, empate")
    assert_refused(session, lambda: session.predict("Ana", "dragon-7"), IllegalAction,
                   "a home prediction is one of punto, banco, empate")
    assert_refused(session, lambda: session.predict("Ana", "lucky"), NotationError,
                   "invalid prediction 'lucky' for Ana: expected one of punto, banco, empate")


def test_dealing_before_everyone_predicted_is_refused_and_changes_nothing() -> None:
    session = HomeSession(players=PLAYERS, seed=4)
    session.predict("Luis", "punto")
    assert_refused(session, session.deal, IllegalAction,
                   "coup 1 cannot be dealt yet: waiting for the predictions of Ana, Eva")
    assert not session.can_deal()


def test_coup_11_is_refused_and_changes_nothing() -> None:
    session = play(HomeSession(players=PLAYERS, seed=4), rotating_plan())
    assert_refused(session, session.deal, IllegalAction, "coup 11 cannot be dealt")
    assert_refused(session, lambda: session.predict("Ana", "banco"), IllegalAction,
                   "all 10 coups of the session have been played")


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ana"], "takes 2 to 8 participants .the dealer too.; got 1"),
        ([f"P{i}" for i in range(9)], "takes 2 to 8 participants .the dealer too.; got 9"),
        (["Ana", "ana"], "duplicate player name 'ana'"),
        (["Ana", " "], "invalid player name ' '"),
        ("Ana,Luis", "expected a list of names"),
    ],
)
def test_sessions_take_2_to_8_distinct_named_participants(players: Any, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        HomeSession(players=players, seed=1)


@pytest.mark.parametrize("count", [2, 8])
def test_two_and_eight_participants_are_fine(count: int) -> None:
    assert len(HomeSession(players=[f"P{i}" for i in range(count)], seed=1).players) == count


# -- replay and resume ---------------------------------------------------------------------------------


def test_same_seed_and_predictions_give_the_same_session() -> None:
    first = play(HomeSession(players=PLAYERS, seed="casa"), rotating_plan())
    again = play(HomeSession(players=PLAYERS, seed="casa"), rotating_plan())
    assert first.to_dict() == again.to_dict()
    assert [r.coup for r in first.records] == [r.coup for r in again.records]


def test_the_cards_do_not_depend_on_the_predictions() -> None:
    one = play(HomeSession(players=PLAYERS, seed=9), rotating_plan())
    other = play(HomeSession(players=PLAYERS, seed=9), [["banco"] * 3] * 10)
    assert [r.coup for r in one.records] == [r.coup for r in other.records]


def test_a_different_seed_gives_different_coups() -> None:
    one = play(HomeSession(players=PLAYERS, seed=9), rotating_plan())
    other = play(HomeSession(players=PLAYERS, seed=10), rotating_plan())
    assert [r.coup for r in one.records] != [r.coup for r in other.records]


predictions = st.lists(
    st.lists(st.sampled_from(CHOICES), min_size=3, max_size=3), min_size=10, max_size=10
)


@settings(max_examples=25, deadline=None)
@given(plan=predictions, stop=st.integers(0, 10), pending=st.integers(0, 2),
       seed=st.integers(0, 2**32 - 1))
def test_save_and_resume_mid_session_equals_an_uninterrupted_run(
    plan: list[list[str]], stop: int, pending: int, seed: int
) -> None:
    whole = play(HomeSession(players=PLAYERS, seed=seed), plan)

    first = play(HomeSession(players=PLAYERS, seed=seed), plan[:stop])
    if stop < 10:
        for name, on in list(zip(PLAYERS, plan[stop], strict=True))[:pending]:
            first.predict(name, on)
    saved = first.to_json()
    resumed = HomeSession.from_json(saved)
    assert resumed.to_dict() == first.to_dict()
    if stop < 10:
        for name, on in list(zip(PLAYERS, plan[stop], strict=True))[pending:]:
            resumed.predict(name, on)
        resumed.deal()
        play(resumed, plan[stop + 1:])
    assert resumed.to_dict() == whole.to_dict()
    assert resumed.winners == whole.winners


def test_a_saved_session_whose_cards_were_edited_is_refused() -> None:
    data = json.loads(play(HomeSession(players=PLAYERS, seed=6), rotating_plan(2)).to_json())
    deals = [i for i, entry in enumerate(data["log"]) if entry["action"] == "deal"]
    data["log"][deals[1]]["cards"] = "9♠ 9♦ K♣ K♥"
    with pytest.raises(NotationError, match=f"log entry {deals[1] + 1} is refused: the save says "
                       "coup 2 was '9♠ 9♦ K♣ K♥', but the seed deals"):
        HomeSession.from_dict(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [("{", "not valid JSON"), ('{"format": "x"}', "not a saved home session"),
     ('{"format": "bacara-teach/home-session", "version": 1}', "version 1 save carries its own"),
     ('{"format": "bacara-teach/home-session", "version": 2}', "session: the rules are missing")],
)
def test_unreadable_saved_sessions_are_refused(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        HomeSession.from_json(text)


def test_the_home_profile_fixes_the_stake_every_prediction_uses() -> None:
    session = play(HomeSession(players=PLAYERS, seed=3), rotating_plan(1))
    assert session.stake == HOME.fixed_stake
    assert {paid.bet.stake for _, paid in session.records[0].settled} == {Decimal(20)}
    assert add(*(paid.net for _, paid in session.records[0].settled)) == sum(
        session.totals.values())
