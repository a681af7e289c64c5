"""The online table's ledger (RULES.md system C, seed 003) and its common-casino options."""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.money import add
from bacara_teach.online_table import OnlineTable, Phase
from bacara_teach.tables import CASINO, ONLINE, BetKind, TableProfile

# seed 003: what a winning stake of 5 gets on each position
SEED_003_NET_OF_5 = {"punto": Decimal(5), "banco": Decimal("4.75"), "empate": Decimal(40)}

ACCRUED = ONLINE.with_options(commission="accrued", reshuffle="never", decks=1)
"""Seed 003's common casino commission, on a one-deck shoe dealt through so that shoes end often."""
COMMON = ONLINE.with_options(positions="both-sides", decks=8, commission="accrued",
                             reshuffle="never", tie="change", max_players=15)


def check_ledger(table: OnlineTable) -> None:
    """Conservation and a ledger that never goes negative."""
    nets = [h.net for h in table.history]
    assert table.balance == add(table.initial_balance, *nets, -table.commission_collected)
    assert table.balance >= 0 and table.available >= 0
    assert add(table.staked, table.commission_owed) <= table.balance


def snapshot(table: OnlineTable) -> dict[str, Any]:
    """Everything a refused action must leave as it was, the shoe's generator included."""
    return {
        "data": table.to_dict(),
        "state": table.state(),
        "log": table.log,
        "history": table.history,
        "shoe": table.shoe.remaining_cards(),
        "rng": table.shoe._rng.getstate() if table.shoe._rng else None,
    }


def assert_refused(table: OnlineTable, action: Callable[[], object], error: type[BacaraError],
                   message: str) -> None:
    before = snapshot(table)
    with pytest.raises(error, match=message):
        action()
    assert snapshot(table) == before


def play_until(table: OnlineTable, winner: str, on: str, stake: str = "5") -> Decimal:
    """Bet ``stake`` on ``on`` coup after coup until a coup that ``winner`` wins; its net."""
    for _ in range(200):
        table.place(on, stake)
        played = table.deal()
        table.next_coup()
        if played.coup.winner.value == winner:
            return played.net
    raise AssertionError(f"no coup won by {winner} in 200 coups")  # pragma: no cover


# -- seed 003's examples through the ledger ------------------------------------------------------------


@pytest.mark.parametrize("on", ["punto", "banco", "empate"])
def test_seed_003_winning_stake_of_5_through_the_ledger(on: str) -> None:
    table = OnlineTable(balance="100", seed=2024)
    before = table.balance
    net = play_until(table, on, on)
    assert net == SEED_003_NET_OF_5[on]
    assert table.history[-1].balance_after == add(before, *(h.net for h in table.history))


def test_seed_003_tie_returns_punto_and_banco_bets_to_the_account() -> None:
    table = OnlineTable(balance="100", seed=2024)
    play_until(table, "empate", "banco")
    last = table.history[-1]
    assert last.net == 0 and last.settlement.bets[0].rule == "tie-returns-bet"
    assert table.bets == ()


def test_balance_after_each_coup_is_recorded() -> None:
    table = OnlineTable(balance="50", seed=1)
    for _ in range(5):
        table.place("punto", "3")
        played = table.deal()
        assert played.balance_after == table.balance
        table.next_coup()
    assert [h.number for h in table.history] == [1, 2, 3, 4, 5]


# -- betting: place, change, cancel --------------------------------------------------------------------


def test_betting_again_on_a_position_adds_to_the_stake() -> None:
    table = OnlineTable(balance="100", seed=1)
    table.place("banco", "10")
    table.place("b", "2.5")
    assert [str(b) for b in table.bets] == ["banco=12.5"]
    assert table.available == Decimal("87.5")


def test_a_bet_may_be_moved_restaked_or_cancelled_before_continuar() -> None:
    table = OnlineTable(balance="100", seed=1)
    table.place("banco", "10")
    table.change("banco", to="punto")
    table.change("punto", stake="25")
    assert [str(b) for b in table.bets] == ["punto=25"]
    table.cancel("punto")
    assert table.bets == () and table.available == 100


@pytest.mark.parametrize(
    ("setup", "action", "error", "message"),
    [
        ([], lambda t: t.place("banco", "101"), IllegalAction, "more than the balance allows"),
        ([], lambda t: t.place("banco", "251"), IllegalAction, "maximum bet is 250"),
        ([], lambda t: t.place("banco", "0.5"), IllegalAction, "minimum bet is 1"),
        ([], lambda t: t.place("banco", "0"), IllegalAction, "a stake must be above 0"),
        ([], lambda t: t.place("banco", "-5"), IllegalAction, "a stake must be above 0"),
        ([], lambda t: t.place("banco", "diez"), NotationError, "invalid stake 'diez'"),
        ([], lambda t: t.place("lucky", "5"), NotationError, "unknown bet 'lucky'"),
        ([], lambda t: t.place("pareja-banco", "5"), IllegalAction, "takes no pareja-banco bets"),
        ([], lambda t: t.deal(), IllegalAction, "cannot deal coup 1: place a bet first"),
        ([], lambda t: t.cancel(), IllegalAction, "nothing to cancel"),
        ([], lambda t: t.next_coup(), IllegalAction, "coup 1 is still open for bets"),
        ([("banco", "10")], lambda t: t.place("punto", "10"), IllegalAction,
         r"one position per coup \(banco 10 is on the table; change or cancel it first\)"),
        ([("banco", "10")], lambda t: t.place("empate", "1"), IllegalAction, "one position per coup"),
        ([("banco", "90")], lambda t: t.place("banco", "11"), IllegalAction,
         "would bring the bet on banco to 101, and it is more than the balance allows"),
        ([("banco", "90")], lambda t: t.place("banco", "161"), IllegalAction,
         "would bring the bet on banco to 251, and the online table's maximum bet is 250"),
        ([("banco", "10")], lambda t: t.change("punto", stake="5"), IllegalAction,
         "there is no bet on punto"),
        ([("banco", "10")], lambda t: t.change("banco", stake="300"), IllegalAction,
         "maximum bet is 250"),
        ([("banco", "10")], lambda t: t.change("banco"), IllegalAction,
         "give a new position, a new stake or both"),
        ([("banco", "10")], lambda t: t.cancel("empate"), IllegalAction, "there is no bet on empate"),
    ],
)
def test_refused_actions_raise_and_leave_the_ledger_exactly_as_it_was(
    setup: list[tuple[str, str]], action: Callable[[OnlineTable], object],
    error: type[BacaraError], message: str,
) -> None:
    table = OnlineTable(balance="100", seed=3)
    for on, stake in setup:
        table.place(on, stake)
    assert_refused(table, lambda: action(table), error, message)


def test_betting_when_the_coup_is_dealt_is_refused() -> None:
    table = OnlineTable(balance="100", seed=3)
    table.place("banco", "10")
    table.deal()
    assert table.phase is Phase.DEALT
    for action in (lambda: table.place("banco", "5"), table.cancel, table.deal,
                   lambda: table.change("banco", stake="3")):
        assert_refused(table, action, IllegalAction, "coup 1 is dealt; open the next coup first")
    table.next_coup()
    assert table.can_place("banco", "5")


def test_a_table_left_refuses_everything() -> None:
    table = OnlineTable(balance="100", seed=3)
    table.leave()
    for action in (lambda: table.place("banco", "5"), table.deal, table.leave, table.next_coup):
        assert_refused(table, action, IllegalAction, "left the table")


def test_an_empty_balance_takes_no_bet() -> None:
    table = OnlineTable(balance="0", seed=3)
    assert not table.can_place("banco", "1")
    with pytest.raises(IllegalAction, match="invalid balance \u22121"):
        OnlineTable(balance="-1")


def test_can_answers_what_verify_decides() -> None:
    table = OnlineTable(balance="10", seed=3)
    assert table.can_place("banco", "10") and not table.can_place("banco", "11")
    assert not table.can_deal() and not table.can_cancel() and not table.can_change("banco", to="punto")
    table.place("banco", "10")
    assert table.can_deal() and table.can_cancel("banco") and table.can_change("banco", to="punto")


# -- the rule options of seed 003's common casinos -------------------------------------------------------


def test_both_sides_at_once_when_the_table_allows_it() -> None:
    table = OnlineTable(balance="100", profile=COMMON, seed=3)
    table.place("punto", "10")
    table.place("banco", "10")
    table.place("empate", "1")
    assert len(table.bets) == 3


def test_casino_table_refuses_j_and_b_together_but_takes_pairs() -> None:
    table = OnlineTable(balance="100", profile=CASINO, seed=3)
    table.place("banco", "10")
    table.place("pareja-banco", "1")
    table.place("empate", "1")
    assert_refused(table, lambda: table.place("punto", "1"), IllegalAction,
                   "does not take Punto and Banco in the same coup")


def test_accrued_commission_is_owed_then_collected_when_the_player_leaves() -> None:
    table = OnlineTable(balance="100", profile=ACCRUED.with_options(decks=8), seed=5)
    net = play_until(table, "banco", "banco", "10")
    assert net == 10, "the win is paid in full"
    assert table.commission_owed == Decimal("0.5")
    assert table.available == add(table.balance, Decimal("-0.5"))
    before = table.balance
    left = table.leave()
    assert left.commission_collected == Decimal("0.5")
    assert table.balance == add(before, Decimal("-0.5"))
    assert table.commission_owed == 0


def test_accrued_commission_is_collected_at_the_end_of_the_shoe() -> None:
    table = OnlineTable(balance="200", profile=ACCRUED, seed=8)
    owed_before_end = Decimal(0)
    for _ in range(30):
        table.place("banco", "10")
        owed_before = table.commission_owed
        played = table.deal()
        table.next_coup()
        if played.shoe_ended:
            owed_before_end = add(owed_before, played.settlement.commission_owed)
            assert played.commission_collected == owed_before_end
            assert table.commission_owed == 0
            assert table.shoe.remaining == 52
            break
    assert owed_before_end > 0


@pytest.mark.parametrize("tie", ["keep", "change"])
def test_after_a_tie_the_bet_stays_for_the_next_coup(tie: str) -> None:
    table = OnlineTable(balance="100", profile=ONLINE.with_options(tie=tie), seed=2024)
    play_until(table, "empate", "banco")
    assert [str(b) for b in table.bets] == ["banco=5"]
    if tie == "keep":
        assert_refused(table, lambda: table.change("banco", to="punto"), IllegalAction,
                       "the bet stayed after the tie")
        assert_refused(table, table.cancel, IllegalAction, "the bet stayed after the tie")
    else:
        table.change("banco", to="punto")
        assert [str(b) for b in table.bets] == ["punto=5"]
    table.deal()
    assert table.history[-1].settlement.bets[0].bet.stake == 5


# -- saving and loading ------------------------------------------------------------------------------------


def scripted(table: OnlineTable) -> OnlineTable:
    for i in range(6):
        table.place("banco" if i % 2 else "punto", str(3 + i))
        if i == 2:
            table.change("punto", to="empate", stake="2")
        table.deal()
        table.next_coup()
    return table


@pytest.mark.parametrize("profile", [ONLINE, ACCRUED, COMMON], ids=["online", "accrued", "common"])
def test_save_and_load_round_trip_and_play_on_identically(profile: TableProfile) -> None:
    table = scripted(OnlineTable(balance="100", profile=profile, seed=12))
    loaded = OnlineTable.from_json(table.to_json())
    assert snapshot(loaded) == snapshot(table)
    for t in (table, loaded):
        t.place("banco", "4")
        t.deal()
    assert snapshot(loaded) == snapshot(table)


def test_a_saved_table_whose_log_was_edited_is_refused() -> None:
    data = json.loads(scripted(OnlineTable(balance="100", seed=12)).to_json())
    deal = next(i for i, entry in enumerate(data["log"]) if entry["action"] == "deal")
    data["log"][deal]["cards"] = "9♠ 9♦ K♣ K♥"
    with pytest.raises(NotationError, match=f"log entry {deal + 1} is refused: the save says coup 1"):
        OnlineTable.from_dict(data)


# -- Hypothesis: random valid and invalid actions --------------------------------------------------------

positions = st.sampled_from([*(k.value for k in BetKind), "lucky"])
amounts = st.one_of(
    st.sampled_from(["1", "2.5", "5", "10", "20"]),
    st.decimals(min_value=1, max_value=300, places=2).map(str),
    st.sampled_from(["0", "-5", "0.5", "abc", "", "1e3"]),
)


class LedgerMachine(RuleBasedStateMachine):
    """Random actions at a random table: refusals change nothing, money is conserved."""

    table: OnlineTable

    @initialize(
        profile=st.sampled_from([ONLINE, ACCRUED, COMMON, CASINO,
                                 COMMON.with_options(tie="keep", decks=1)]),
        balance=st.sampled_from(["0", "5", "100", "100", "1000"]),
        seed=st.integers(0, 10_000),
    )
    def start(self, profile: TableProfile, balance: str, seed: int) -> None:
        self.table = OnlineTable(balance=balance, profile=profile, seed=seed)

    def attempt(self, action: Callable[[], object], allowed: bool) -> None:
        before = snapshot(self.table)
        try:
            action()
        except BacaraError:
            assert not allowed, "can_x() said yes but x() refused"
            assert snapshot(self.table) == before
        else:
            assert allowed, "can_x() said no but x() acted"

    @rule(on=positions, stake=amounts)
    def place(self, on: str, stake: str) -> None:
        self.attempt(lambda: self.table.place(on, stake), self.table.can_place(on, stake))

    @rule(on=positions, to=st.one_of(st.none(), positions), stake=st.one_of(st.none(), amounts))
    def change(self, on: str, to: str | None, stake: str | None) -> None:
        self.attempt(lambda: self.table.change(on, to=to, stake=stake),
                     self.table.can_change(on, to=to, stake=stake))

    @rule(on=st.one_of(st.none(), positions))
    def cancel(self, on: str | None) -> None:
        self.attempt(lambda: self.table.cancel(on), self.table.can_cancel(on))

    @rule()
    def deal(self) -> None:
        self.attempt(self.table.deal, self.table.can_deal())

    @rule()
    def next_coup(self) -> None:
        self.attempt(self.table.next_coup, self.table.can_next_coup())

    @precondition(lambda self: len(self.table.history) >= 8)
    @rule()
    def leave(self) -> None:
        self.attempt(self.table.leave, self.table.can_leave())

    @rule()
    def save_and_resume(self) -> None:
        """A save resumes as an equal table, which then plays on in its place."""
        resumed = OnlineTable.from_json(self.table.to_json())
        assert resumed.to_dict() == self.table.to_dict()
        assert resumed.state() == self.table.state()
        assert resumed.log == self.table.log and resumed.history == self.table.history
        self.table = resumed

    @invariant()
    def money_is_conserved_and_never_negative(self) -> None:
        check_ledger(self.table)

    @invariant()
    def amounts_stay_exact(self) -> None:
        for value in (self.table.balance, self.table.commission_owed, self.table.staked):
            assert isinstance(value, Decimal)
            assert Fraction(value) == Fraction(str(value))


LedgerMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=50, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_ledger_random_actions = LedgerMachine.TestCase


Action = tuple[Any, ...]
actions = st.lists(
    st.one_of(
        st.tuples(st.just("place"), st.sampled_from(["punto", "banco"]), st.just("10")),
        st.tuples(st.just("place"), positions, amounts),
        st.tuples(st.just("change"), positions, st.one_of(st.none(), positions),
                  st.one_of(st.none(), amounts)),
        st.tuples(st.just("cancel"), st.one_of(st.none(), positions)),
        st.just(("deal",)),
        st.just(("deal",)),
        st.just(("next",)),
    ),
    min_size=20, max_size=120,
)
tables = st.sampled_from([ONLINE, ACCRUED, COMMON, CASINO, COMMON.with_options(tie="keep", decks=1)])


def attempt(table: OnlineTable, allowed: bool, action: Callable[[], object]) -> bool:
    before = snapshot(table)
    try:
        action()
    except BacaraError:
        assert not allowed, "can_x() said yes but x() refused"
        assert snapshot(table) == before, "a refused action changed the table"
        return False
    assert allowed, "can_x() said no but x() acted"
    return True


def run_action(table: OnlineTable, step: Action) -> None:
    kind = step[0]
    if kind == "place":
        attempt(table, table.can_place(step[1], step[2]), lambda: table.place(step[1], step[2]))
    elif kind == "change":
        attempt(table, table.can_change(step[1], to=step[2], stake=step[3]),
                lambda: table.change(step[1], to=step[2], stake=step[3]))
    elif kind == "cancel":
        attempt(table, table.can_cancel(step[1]), lambda: table.cancel(step[1]))
    elif kind == "deal" and attempt(table, table.can_deal(), table.deal):
        attempt(table, table.can_next_coup(), table.next_coup)
    else:
        attempt(table, table.can_next_coup(), table.next_coup)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=tables, balance=st.sampled_from(["5", "100", "1000"]), seed=st.integers(0, 10_000),
       steps=actions)
def test_random_action_sequences_keep_the_ledger_whole(
    profile: TableProfile, balance: str, seed: int, steps: list[Action]
) -> None:
    table = OnlineTable(balance=balance, profile=profile, seed=seed)
    for step in steps:
        run_action(table, step)
        check_ledger(table)
    owed = table.commission_owed
    before = table.balance
    left = table.leave()
    assert left.commission_collected == owed
    assert table.balance == add(before, -owed) >= 0
    check_ledger(table)
    assert OnlineTable.from_json(table.to_json()).state() == table.state()
