"""Chemin de Fer, the home session (RULES.md system D): banks, banco, bets, settlement,
passing the bank, the end; refused actions change nothing; chips are conserved.

Seats are numbered clockwise; "right" / "counter-clockwise" is decreasing index.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bacara_teach.cards import parse_cards
from bacara_teach.chemin_de_fer import Winner
from bacara_teach.chemin_de_fer_session import (
    ACTIONS,
    COUPS,
    MIN_BANK,
    AutoPlayer,
    CheminDeFerSession,
    Event,
    Move,
    Phase,
    describe_event,
    play_session,
)
from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.shoe import Shoe

NAMES = ["Ana", "Luis", "Eva", "Marc", "Iris", "Pau", "Noa", "Leo", "Sara", "Hugo", "Alba", "Teo"]

# Coups that need no decision (RULES.md system D):
BANKER_WINS = "K♠ 9♠ Q♠ K♦"   # bettor 0 must ask; the banker looks: natural 9, wins at once
BETTOR_WINS = "9♠ K♠ K♦ Q♦"   # bettor natural 9 against 0
PUSH = "8♠ 8♦ K♠ K♦"          # natural 8 against natural 8: stakes returned
EXAMPLE_3 = "2♥ A♠ 3♣ 2♦ 9♥ 5♠"  # bettor 5 (free with several bettors), banker 3 against 9 (free)

ALL_ACTIONS = [a for actions in ACTIONS.values() for a in actions]
EARLY_ENDS = ("nobody can or will open a bank", "everyone refused to bet against the bank")


def session_with(*coups: str, players: int = 4, banker: int = 0) -> CheminDeFerSession:
    """A session whose shoe starts with the given coups (then a shuffled 6-deck shoe)."""
    cards = [*parse_cards(" ".join(coups)), *Shoe.standard(6, seed=99).remaining_cards()]
    return CheminDeFerSession(NAMES[:players], seed=1, shoe=Shoe(cards), first_banker=banker)


def refused(session: CheminDeFerSession, action: Callable[..., None], *args: Any,
            match: str) -> None:
    """The action raises a clear error and leaves the session exactly as it was."""
    before = (session.to_dict(), session.state())
    with pytest.raises(BacaraError, match=match):
        action(*args)
    assert (session.to_dict(), session.state()) == before
    can = getattr(session, "can_" + action.__name__)
    assert can(*args) is False
    assert (session.to_dict(), session.state()) == before


def pending_seat(session: CheminDeFerSession) -> int:
    assert session.pending is not None
    return session.pending.seat


def decline_all_banco(session: CheminDeFerSession) -> list[int]:
    asked = []
    while session.phase is Phase.BANCO:
        asked.append(pending_seat(session))
        session.decline_banco(asked[-1])
    return asked


# -- RULES.md worked example 4 ------------------------------------------------------------------


def test_worked_example_4_bank_20_covered_12_reserve_8_continuation_at_least_24() -> None:
    session = session_with(EXAMPLE_3, players=3, banker=0)
    session.open_bank(0, 20)
    assert decline_all_banco(session) == [2, 1]
    session.bet(2, 6)
    session.bet(1, 6)
    assert sum(session.stakes.values()) == 12
    assert (session.bank, session.reserve) == (12, 8)          # the reserve 8 set aside
    assert session.pending is not None and session.pending.seat == 2  # equal stakes: first in order
    session.decide(2, "draw")
    assert session.pending is not None and session.pending.seat == 0
    assert session.pending.view is not None and session.pending.view.third_card == parse_cards("9♥")[0]
    session.decide(0, "draw")
    assert session.coups[-1].winner is Winner.BANKER
    assert (session.coups[-1].bettor_total, session.coups[-1].banker_total) == (4, 8)
    assert session.holdings()[0] - 100 == 12                     # the win gives profit 12
    assert (session.bank, session.reserve, session.balances[0]) == (24, 8, 80)
    assert session.pending is not None and session.pending.minimum == 24
    refused(session, session.continue_bank, 0, 20, match="from 24 to")   # not the 20 offered
    saved = session.to_json()

    session.continue_bank(0, 24)                                 # the reserve stays personal
    assert (session.bank, session.reserve, session.balances[0]) == (24, 8, 80)

    added = CheminDeFerSession.from_json(saved)
    added.continue_bank(0, 32)                                   # ... and may be added
    assert (added.bank, added.reserve, added.balances[0]) == (32, 0, 80)

    retired = CheminDeFerSession.from_json(saved)
    retired.retire(0)
    assert (retired.balances[0], retired.bank, retired.reserve) == (112, 0, 0)


# -- seats, directions, banco and bets ------------------------------------------------------------


def test_right_and_counter_clockwise_are_decreasing_seat_index() -> None:
    session = session_with(BANKER_WINS, players=5, banker=2)
    assert [session.right_of(s) for s in range(5)] == [4, 0, 1, 2, 3]
    session.open_bank(2, 10)
    assert decline_all_banco(session) == [1, 0, 4, 3]
    asked = []
    while session.phase is Phase.BETS:
        asked.append(pending_seat(session))
        session.bet(asked[-1], 1)
    assert asked == [1, 0, 4, 3]


def test_banco_goes_to_the_first_caller_counter_clockwise_from_the_banker() -> None:
    session = session_with(BANKER_WINS, players=5, banker=0)
    session.open_bank(0, 10)
    session.decline_banco(4)
    refused(session, session.call_banco, 2, match="Marc's turn")   # seat 3 comes before seat 2
    session.call_banco(3)
    assert [(e.kind, e.seat) for e in session.events[2:4]] == [("decline-banco", 4), ("banco", 3)]
    assert session.coups[-1].bettors == 1
    assert not any(e.kind == "decline-banco" and e.seat in (1, 2) for e in session.events)


def test_banco_suivi_the_losing_caller_has_priority_on_the_very_next_coup() -> None:
    session = session_with(BANKER_WINS, BANKER_WINS, BANKER_WINS, players=5, banker=0)
    session.open_bank(0, 10)
    session.decline_banco(4)
    session.call_banco(3)                      # banco, and loses
    session.continue_bank(0, 20)
    assert pending_seat(session) == 3          # banco suivi: before seat 4
    session.call_banco(3)
    assert [e for e in session.events if e.kind == "banco-suivi"] == [Event("banco-suivi", 3, 20)]
    session.continue_bank(0, 40)               # lost again: priority again
    assert pending_seat(session) == 3
    session.decline_banco(3)                   # declined: the next coup is in normal order
    assert decline_all_banco(session) == [4, 2, 1]
    session.bet(4, 40)
    session.continue_bank(0, 80)
    assert session.balances[3:] == [70, 60]
    assert decline_all_banco(session) == [2, 1]  # seats 4 and 3 cannot cover 80: not asked


def test_bets_in_turn_each_up_to_the_uncovered_remainder_then_the_rest_sit_out() -> None:
    session = session_with(BANKER_WINS, players=4, banker=0)
    session.open_bank(0, 10)
    decline_all_banco(session)
    refused(session, session.bet, 3, 11, match="from 1 to 10")
    refused(session, session.bet, 3, 0, match="from 1 to 10")
    session.bet(3, 4)
    refused(session, session.bet, 2, 7, match="from 1 to 6")
    session.bet(2, 6)
    assert session.phase is not Phase.BETS    # covered: seat 1 is not asked
    assert not any(e.seat == 1 for e in session.events if e.kind in ("bet", "decline-bet"))
    assert session.coups[-1].bettors == 2


def test_a_bet_is_limited_to_the_bettors_balance_no_loans() -> None:
    session = session_with(BANKER_WINS, players=4, banker=0)
    session._balances[3] -= 95
    session._balances[2] += 95                # same chips, seat 3 now holds 5
    session.open_bank(0, 30)
    decline_all_banco(session)
    refused(session, session.bet, 3, 6, match="from 1 to 5")
    session.bet(3, 5)
    assert session.balances[3] == 0


@pytest.mark.parametrize(("stakes", "active"), [((6, 6), 2), ((3, 9), 1), ((9, 3), 2)])
def test_the_active_bettor_staked_most_and_first_in_order_on_a_tie(
    stakes: tuple[int, int], active: int
) -> None:
    session = session_with(EXAMPLE_3, players=3, banker=0)
    session.open_bank(0, 20)
    decline_all_banco(session)
    session.bet(2, stakes[0])
    session.bet(1, stakes[1])
    assert session.active_bettor == active and pending_seat(session) == active
    other = 3 - active
    refused(session, session.decide, other, "draw", match="cannot decide")
    refused(session, session.decide, 0, "draw", match="cannot decide")  # the banker's turn comes later
    session.decide(active, "draw")
    assert session.coups == [] and pending_seat(session) == 0      # the banker: 3 against 9
    assert session.coup is not None and session.coup.choices["bettor"].value == "draw"


# -- settlement -----------------------------------------------------------------------------------


def test_bettors_win_1_to_1_each_the_bank_loses_S_and_the_reserve_is_untouched() -> None:
    session = session_with(BETTOR_WINS, players=4, banker=0)
    session.open_bank(0, 20)
    decline_all_banco(session)
    session.bet(3, 5)
    session.bet(2, 7)
    session.decline_bet(1)
    assert Event("reserve", 0, 8) in session.events
    assert session.coups[-1].winner is Winner.BETTOR
    assert Event("reserve-returned", 0, 8) in session.events
    assert session.balances == [88, 100, 107, 105]   # bank 12 lost; reserve 8 back with its owner
    assert (session.banker, session.bank, session.reserve) == (None, 0, 0)
    assert session.phase is Phase.OPEN_BANK and pending_seat(session) == 3


def test_a_push_returns_the_stakes_and_the_banker_may_go_on_with_at_least_S() -> None:
    session = session_with(PUSH, players=4, banker=0)
    session.open_bank(0, 20)
    decline_all_banco(session)
    session.bet(3, 5)
    session.bet(2, 7)
    session.decline_bet(1)
    assert session.coups[-1].winner is Winner.PUSH
    assert session.balances == [80, 100, 100, 100] and (session.bank, session.reserve) == (12, 8)
    refused(session, session.continue_bank, 0, 11, match="from 12 to")
    session.continue_bank(0, 12)
    assert session.phase is Phase.BANCO


def test_a_winning_bank_must_continue_with_at_least_2S_and_never_less() -> None:
    session = session_with(BANKER_WINS, players=4, banker=0)
    session.open_bank(0, 10)
    decline_all_banco(session)
    session.bet(3, 10)
    assert session.bank == 20 and session.pending is not None
    assert (session.pending.minimum, session.pending.maximum) == (20, 20 + 90)
    refused(session, session.continue_bank, 0, 19, match="from 20 to 110")
    refused(session, session.continue_bank, 0, 111, match="from 20 to 110")
    session.continue_bank(0, 50)                       # raised from the banker's balance
    assert (session.bank, session.balances[0]) == (50, 60)


# -- passing the bank -----------------------------------------------------------------------------


def test_after_a_loss_the_new_bank_passes_to_the_right_skipping_refusals() -> None:
    session = session_with(BETTOR_WINS, players=4, banker=1)
    session.open_bank(1, 10)
    decline_all_banco(session)
    session.bet(0, 10)
    assert pending_seat(session) == 0                 # right of seat 1
    session.refuse_bank(0)
    refused(session, session.open_bank, 2, 10, match="Marc's turn")
    session.refuse_bank(3)
    refused(session, session.open_bank, 2, 1, match="from 2 to")
    session.open_bank(2, 2)
    assert session.banker == 2 and session.phase is Phase.BANCO


def test_the_session_ends_early_when_nobody_opens_a_bank() -> None:
    session = session_with(players=3, banker=1)
    for seat in (1, 0, 2):
        session.refuse_bank(seat)
    assert session.over and session.end_reason == EARLY_ENDS[0]
    assert session.pending is None and session.coups_played == 0


def test_the_session_ends_early_when_everyone_refuses_to_bet() -> None:
    session = session_with(players=4, banker=0)
    session.open_bank(0, 30)
    decline_all_banco(session)
    for seat in (3, 2, 1):
        session.decline_bet(seat)
    assert session.over and session.end_reason == EARLY_ENDS[1]
    assert session.balances == [100] * 4 and session.bank == 0


def win_then_retire(players: int = 5) -> CheminDeFerSession:
    session = session_with(BANKER_WINS, BETTOR_WINS, BETTOR_WINS, players=players, banker=0)
    session.open_bank(0, 10)
    decline_all_banco(session)
    session.bet(4, 10)
    session.retire(0)
    return session


def test_a_retiring_banker_offers_the_bank_to_the_right_for_the_mandatory_amount() -> None:
    session = win_then_retire()
    assert session.balances[0] == 110
    assert session.pending is not None and session.pending.succession
    assert (session.pending.seat, session.pending.minimum) == (4, 20)
    refused(session, session.open_bank, 4, 19, match="from 20 to")
    session.open_bank(4, 20)
    assert session.reserved_turn is None
    decline_all_banco(session)
    session.bet(3, 20)                                # seat 4 loses: the option goes to 4's right
    assert session.phase is Phase.OPEN_BANK and pending_seat(session) == 3


def test_a_successor_further_along_leaves_the_neighbour_their_normal_turn() -> None:
    session = win_then_retire()
    session.refuse_bank(4)
    session.open_bank(3, 25)
    assert session.reserved_turn == 4
    decline_all_banco(session)
    session.bet(2, 25)                                # the successor (seat 3) loses
    assert session.phase is Phase.OPEN_BANK and not session.succession
    assert pending_seat(session) == 4                 # not seat 2, on the successor's right
    session.open_bank(4, 2)
    assert session.reserved_turn is None


def test_when_nobody_takes_the_offer_the_neighbour_may_open_from_the_minimum() -> None:
    session = win_then_retire()
    for seat in (4, 3, 2, 1):
        session.refuse_bank(seat)
    assert session.pending is not None and not session.pending.succession
    assert (session.pending.seat, session.pending.minimum) == (4, MIN_BANK)
    session.open_bank(4, 2)
    assert session.banker == 4


# -- the whole session ----------------------------------------------------------------------------


def test_the_lot_is_seeded_and_can_name_any_seat() -> None:
    firsts = {CheminDeFerSession(NAMES[:5], seed=s).events[0].seat for s in range(60)}
    assert firsts == set(range(5))
    assert (CheminDeFerSession(NAMES[:5], seed=8).events[0]
            == CheminDeFerSession(NAMES[:5], seed=8).events[0])


def test_twelve_coups_then_banks_and_reserves_return_to_their_owners() -> None:
    session = play_session(NAMES[:4], seed=3)
    assert session.coups_played == COUPS == len(session.coups)
    assert session.end_reason == "12 coups played"
    assert (session.banker, session.bank, session.reserve, session.stakes) == (None, 0, 0, {})
    assert sum(session.balances) == 400 and session.holdings() == session.balances
    places = [place for place, _, _ in session.ranking()]
    assert places[0] == 1 and places == sorted(places)


def test_ranking_equal_balances_share_a_place() -> None:
    session = session_with(players=4)
    session._balances = [110, 90, 110, 90]
    assert session.ranking() == [(1, "Ana", 110), (1, "Eva", 110), (3, "Luis", 90), (3, "Marc", 90)]
    assert session.winners == ("Ana", "Eva")


def test_one_shoe_of_6_decks_dealt_through_no_reshuffle_no_burn() -> None:
    session = play_session(NAMES[:5], seed=21)
    dealt = [card for coup in session.coups for card in coup.cards]
    assert tuple(dealt) == Shoe.standard(6, seed=21).remaining_cards()[: len(dealt)]
    assert session.shoe.remaining == 312 - len(dealt)


def test_players_3_to_12_with_distinct_names() -> None:
    with pytest.raises(IllegalAction, match="3-12 participants, got 2"):
        CheminDeFerSession(NAMES[:2], seed=1)
    with pytest.raises(IllegalAction, match="got 13"):
        CheminDeFerSession([*NAMES, "Gala"], seed=1)
    with pytest.raises(IllegalAction, match="repeated: Ana"):
        CheminDeFerSession(["Ana", "Luis", "Ana"], seed=1)
    with pytest.raises(IllegalAction, match="reshuffle='never'"):
        CheminDeFerSession(NAMES[:3], seed=1, shoe=Shoe.standard(6, seed=1, reshuffle="every-coup"))


@pytest.mark.parametrize(("move", "match"), [
    (Move("open_bank", 1, amount=10), "Ana's turn"),
    (Move("open_bank", 0, amount=1), "from 2 to 100"),
    (Move("open_bank", 0, amount=101), "from 2 to 100"),
    (Move("open_bank", 0, amount=True), "whole number of chips"),
    (Move("open_bank", 0, amount=None), "whole number of chips"),
    (Move("open_bank", 7, amount=10), "invalid seat 7"),
    (Move("bet", 0, amount=5), "cannot bet now"),
    (Move("decide", 0, choice="draw"), "cannot decide now"),
    (Move("retire", 0), "cannot retire now"),
    (Move("shuffle", 0), "unknown action 'shuffle'"),
])
def test_refused_actions_change_nothing(move: Move, match: str) -> None:
    session = session_with(players=4, banker=0)
    before = session.to_dict()
    with pytest.raises(BacaraError, match=match):
        session.apply(move)
    assert not session.can(move)
    assert session.to_dict() == before


def test_a_bad_coup_answer_is_refused_and_changes_nothing() -> None:
    session = session_with(EXAMPLE_3, players=3, banker=0)
    session.open_bank(0, 20)
    decline_all_banco(session)
    session.bet(2, 20)
    refused(session, session.decide, 2, "maybe", match="expected 'draw' or 'stand'")


def test_json_round_trip_after_every_action() -> None:
    session = CheminDeFerSession(NAMES[:4], seed=5)
    twin = CheminDeFerSession.from_json(session.to_json())
    robot = AutoPlayer(seed=5)
    while not session.over:
        move = robot.choose(session)
        session.apply(move)
        twin.apply(move)
        loaded = CheminDeFerSession.from_json(session.to_json())
        assert loaded == session == twin
        assert loaded.to_dict() == json.loads(session.to_json())
        assert loaded.pending == session.pending


def test_loading_refuses_broken_data() -> None:
    with pytest.raises(NotationError, match="not valid JSON"):
        CheminDeFerSession.from_json("{")
    session = session_with(players=3)
    session.open_bank(session.pending.seat, 20)  # type: ignore[union-attr]
    data = session.to_dict()
    data["log"][0]["amount"] = 101              # more chips than the banker has
    with pytest.raises(NotationError, match=r"log entry 1 is refused: cannot open a bank with 101: "
                       "expected a whole number from 2 to 100"):
        CheminDeFerSession.from_dict(data)
    with pytest.raises(NotationError, match="version 1 save is a snapshot"):
        CheminDeFerSession.from_dict({"format": 1})


def test_the_log_reads_as_sentences() -> None:
    players = ["Ana", "Luis", "Eva"]
    assert describe_event(Event("banco-suivi", 1, 40), players) == (
        "Luis calls banco suivi and covers all 40.")
    assert describe_event(Event("decide", 0, note="banker:draw"), players) == (
        "Ana, as the banker, chooses to draw.")


# -- random sessions: the invariants ---------------------------------------------------------------


def check_invariants(session: CheminDeFerSession) -> None:
    assert session.total_chips() == 100 * session.size
    assert min(session.balances) >= 0 and session.bank >= 0 and session.reserve >= 0
    assert all(stake >= 1 for stake in session.stakes.values())
    assert sum(session.stakes.values()) <= session.bank or session.phase is Phase.BETS
    assert (session.pending is None) == session.over
    if not session.over:
        assert session.coups_played < COUPS


def check_ending(session: CheminDeFerSession) -> None:
    assert session.over and session.pending is None
    assert (session.banker, session.bank, session.reserve, session.stakes) == (None, 0, 0, {})
    kinds = [e.kind for e in session.events]
    if session.end_reason == "12 coups played":
        assert session.coups_played == COUPS
        return
    assert session.end_reason in EARLY_ENDS and session.coups_played < COUPS
    last_coup = max((i for i, k in enumerate(kinds) if k in ("coup", "lot")), default=0)
    after = session.events[last_coup + 1:]
    if session.end_reason == EARLY_ENDS[1]:
        last_offer = max(i for i, e in enumerate(after) if e.kind in ("open-bank", "take-bank",
                                                                      "continue"))
        assert not any(e.kind in ("bet", "banco", "banco-suivi") for e in after[last_offer:])
    else:
        assert not any(e.kind in ("open-bank", "take-bank") for e in after)
        refusers = {e.seat for e in after if e.kind == "refuse-bank"}
        assert {s for s in range(session.size) if session.balances[s] >= MIN_BANK} <= refusers


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(3, 12), seed=st.integers(0, 10**6))
def test_random_sessions_conserve_chips_and_refused_actions_change_nothing(
    data: st.DataObject, players: int, seed: int
) -> None:
    session = CheminDeFerSession(NAMES[:players], seed=seed)
    robot = AutoPlayer(seed=seed)
    refusals = 0
    for _ in range(400):
        pending = session.pending
        if pending is None:
            break
        if data.draw(st.booleans(), label="random move"):
            move = Move(
                data.draw(st.sampled_from([*pending.actions, *ALL_ACTIONS]), label="action"),
                data.draw(st.one_of(st.just(pending.seat), st.integers(-1, players)), label="seat"),
                amount=data.draw(st.one_of(st.none(), st.integers(-2, 130)), label="amount"),
                choice=data.draw(st.sampled_from([None, "draw", "stand", "maybe"]), label="choice"),
            )
        else:
            move = robot.choose(session)
        before = session.to_dict()
        if session.can(move):
            session.apply(move)
        else:
            refusals += 1
            with pytest.raises(BacaraError):
                session.apply(move)
            assert session.to_dict() == before
        check_invariants(session)
    while not session.over:
        robot.act(session)
        check_invariants(session)
    check_ending(session)


def test_a_session_of_other_rules_ends_with_its_own_number_of_coups() -> None:
    import dataclasses

    from bacara_teach.chemin_de_fer_session import RULES, AutoPlayer, describe_event

    def played_out(coups: int) -> CheminDeFerSession:
        """The first seeded session of ``coups`` coups that plays them all."""
        for seed in range(200):
            session = CheminDeFerSession(NAMES[:4], seed=seed, rules=dataclasses.replace(RULES, coups=coups))
            while (pending := session.pending) is not None:
                AutoPlayer(seed=f"{seed}/{pending.seat}").act(session)
            if session.coups_played == coups:
                return session
        raise AssertionError(f"no seed plays {coups} coups")

    for coups in (1, 2, 5):
        session = played_out(coups)
        played = f"{coups} coup played" if coups == 1 else f"{coups} coups played"
        assert session.end_reason == played
        assert session.end_reason_text("es") == (
            "se jugó 1 coup" if coups == 1 else f"se jugaron los {coups} coups")
        assert session.status("en") == f"coup {coups} of {coups}; {played}"
        end = session.events[-1]
        assert end.kind == "end" and end.amount == coups
        assert describe_event(end, NAMES[:4], "en") == f"The session ends: {played}."
