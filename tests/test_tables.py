"""Table profiles: systems A, B and C of RULES.md as data, their options and the registry."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.tables import (
    CASINO,
    HOME,
    ONLINE,
    PROFILES,
    BetKind,
    CommissionTiming,
    PairReading,
    Positions,
    TableProfile,
    TiePolicy,
    get_profile,
    profile_names,
)


def payouts(profile: TableProfile) -> dict[str, Fraction]:
    return {kind.value: odds for kind, odds in profile.payouts}


# -- system A: the home session (seed 000) --------------------------------------------------------


def test_system_a_home_table_eight_decks_reshuffled_every_coup() -> None:
    assert HOME.decks == 8
    assert HOME.reshuffle == "every-coup"
    assert not HOME.decks_assumed


def test_system_a_tarifa_punto_1_banco_095_empate_8() -> None:
    assert payouts(HOME) == {"punto": Fraction(1), "banco": Fraction(95, 100), "empate": Fraction(8)}
    assert HOME.commission_rate == 0


def test_system_a_no_pair_bets_and_a_fixed_stake_of_20() -> None:
    assert not HOME.offers("pareja-punto") and not HOME.offers("pareja-banco")
    assert HOME.fixed_stake == Decimal(20)
    assert (HOME.min_players, HOME.max_players) == (2, 8)


def test_system_a_tie_pushes_punto_and_banco() -> None:
    assert HOME.tie is TiePolicy.RETURN
    assert HOME.positions is Positions.ONE


# -- system B: the casino table (seed 001) ----------------------------------------------------------


def test_system_b_payouts_j_1_b_095_empate_9_pairs_11() -> None:
    assert payouts(CASINO) == {
        "punto": Fraction(1), "banco": Fraction(19, 20), "empate": Fraction(9),
        "pareja-punto": Fraction(11), "pareja-banco": Fraction(11),
    }


def test_system_b_j_and_b_not_together_pairs_and_tie_may_be_added() -> None:
    assert CASINO.positions is Positions.ONE_SIDE
    assert CASINO.tie is TiePolicy.RETURN


def test_system_b_eight_decks_is_an_assumption_the_profile_states() -> None:
    assert CASINO.decks == 8
    assert CASINO.decks_assumed
    assert any("8" in text and "decks" in text for text in CASINO.assumptions)


def test_system_b_pairs_read_as_same_rank_by_default() -> None:
    assert CASINO.pair_reading is PairReading.SAME_RANK
    assert CASINO.with_options(pair_reading="same-value").pair_reading is PairReading.SAME_VALUE


# -- system C: the online table (seed 003) ------------------------------------------------------------


def test_system_c_six_decks_reshuffled_every_coup() -> None:
    assert (ONLINE.decks, ONLINE.reshuffle) == (6, "every-coup")


def test_system_c_banco_1_to_1_less_5_percent_at_payment() -> None:
    assert payouts(ONLINE) == {"punto": Fraction(1), "banco": Fraction(1), "empate": Fraction(8)}
    assert ONLINE.commission_rate == Fraction(5, 100)
    assert ONLINE.commission is CommissionTiming.AT_PAYMENT


def test_system_c_limits_1_to_250_one_position_tie_returns() -> None:
    assert (ONLINE.min_bet, ONLINE.max_bet) == (Decimal(1), Decimal(250))
    assert ONLINE.positions is Positions.ONE
    assert ONLINE.tie is TiePolicy.RETURN
    assert ONLINE.max_players == 5
    assert ONLINE.face_down is False


# -- options: seed 003's list of how common casinos differ ------------------------------------------


def test_common_casino_differences_are_options_of_the_online_profile() -> None:
    common = ONLINE.with_options(
        positions="both-sides", decks=8, commission="accrued", max_players=15,
        face_down="yes", tie="change",
    )
    assert common.positions is Positions.BOTH_SIDES
    assert common.decks == 8
    assert common.commission is CommissionTiming.ACCRUED
    assert common.max_players == 15
    assert common.face_down is True
    assert common.tie is TiePolicy.CHANGE
    # everything else is the online table's
    assert common.payouts == ONLINE.payouts and common.min_bet == ONLINE.min_bet
    assert ONLINE.positions is Positions.ONE, "with_options must not change the original"


@pytest.mark.parametrize("tie", ["keep", "change", "return"])
def test_after_a_tie_the_bet_is_kept_changed_or_returned(tie: str) -> None:
    assert ONLINE.with_options(tie=tie).tie.value == tie


@pytest.mark.parametrize("players", [15, 7, 5])
def test_max_players_full_mini_and_online_mini(players: int) -> None:
    assert ONLINE.with_options(max_players=str(players)).max_players == players


def test_profiles_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        HOME.decks = 6  # type: ignore[misc]


def test_dataclasses_replace_validates_too() -> None:
    with pytest.raises(IllegalAction, match="invalid decks 0"):
        dataclasses.replace(HOME, decks=0)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"decks": 13}, "invalid decks 13"),
        ({"decks": "six"}, "invalid decks option 'six'"),
        ({"tie": "later"}, "invalid tie option 'later': expected one of return, keep, change"),
        ({"commission": "monthly"}, "invalid commission option 'monthly'"),
        ({"positions": "two"}, "invalid positions option 'two'"),
        ({"pair_reading": "suit"}, "invalid pair-reading option 'suit'"),
        ({"reshuffle": "sometimes"}, "invalid reshuffle option 'sometimes'"),
        ({"face_down": "maybe"}, "invalid face-down option 'maybe'"),
        ({"min_bet": "300"}, "min-bet 300 is above max-bet 250"),
        ({"max_bet": "-1"}, "invalid max-bet"),
        ({"payouts": {"empate": "1/3"}}, "invalid payout 1/3 for empate"),
        ({"payouts": {"lucky": "9"}}, "unknown bet 'lucky'"),
        ({"commission_rate": "1.5"}, "invalid commission rate 3/2"),
        ({"max_players": 0}, "max-players 0 is below min-players 1"),
        ({"colour": "red"}, "unknown table option 'colour': expected one of commission,"),
    ],
)
def test_invalid_options_are_refused_quoting_the_value(options: dict[str, object], message: str) -> None:
    with pytest.raises(IllegalAction, match=message.replace("(", r"\(")):
        ONLINE.with_options(**options)


def test_accrued_commission_needs_a_commission() -> None:
    with pytest.raises(IllegalAction, match="commission 'accrued' needs a commission rate above 0"):
        HOME.with_options(commission="accrued")


def test_payouts_may_be_changed_as_text_and_stay_exact() -> None:
    nine = HOME.with_options(payouts={"empate": "9:1", "pareja-punto": "11"})
    assert nine.payout("empate") == Fraction(9)
    assert nine.payout("pareja-punto") == Fraction(11)
    assert nine.payout("banco") == Fraction(19, 20), "bets not named keep their odds"
    assert not nine.with_options(payouts={"pareja-punto": None}).offers("pareja-punto")


def test_every_table_pays_punto_banco_and_empate() -> None:
    with pytest.raises(IllegalAction, match="no payout given for empate"):
        HOME.with_options(payouts={"empate": None})


# -- registry ---------------------------------------------------------------------------------------


def test_registry_holds_the_course_tables_and_the_commission_free_tables() -> None:
    assert profile_names() == ("home", "casino", "online", "no-commission", "ez")
    assert [get_profile(name).label_text("en") for name in profile_names()] == [
        "home study session", "casino table with pair bets", "online table", "no-commission table",
        "EZ Baccarat table"]
    assert [get_profile(name).label_text("es", capital=True) for name in profile_names()] == [
        "Sesión de estudio en casa", "Mesa de casino con apuestas a parejas", "Mesa en línea",
        "Mesa sin comisión", "Mesa de EZ Baccarat"]
    assert get_profile(ONLINE) is ONLINE


def test_unknown_profile_lists_the_valid_ones() -> None:
    with pytest.raises(IllegalAction, match=r"unknown table profile 'macao': expected one of home, casino, online"):
        get_profile("macao")


def test_payout_of_a_bet_the_table_does_not_take() -> None:
    with pytest.raises(IllegalAction, match="the online table takes no pareja-banco bets"):
        ONLINE.payout("pareja-banco")


@pytest.mark.parametrize("profile", list(PROFILES.values()), ids=list(PROFILES))
def test_profile_data_round_trips(profile: TableProfile) -> None:
    assert TableProfile.from_dict(profile.to_dict()) == profile


@given(
    base=st.sampled_from(list(PROFILES.values())),
    options=st.fixed_dictionaries({
        "decks": st.sampled_from([6, 8]),
        "positions": st.sampled_from([p.value for p in Positions]),
        "tie": st.sampled_from([t.value for t in TiePolicy]),
        "pair_reading": st.sampled_from([r.value for r in PairReading]),
        "face_down": st.booleans(),
    }),
)
def test_variants_round_trip_through_their_data(base: TableProfile, options: dict[str, object]) -> None:
    variant = base.with_options(**options)
    assert TableProfile.from_dict(variant.to_dict()) == variant


def test_profile_data_with_an_unknown_field_is_refused() -> None:
    data = ONLINE.to_dict() | {"jokers": 2}
    with pytest.raises(NotationError, match=r"unknown field.*'jokers'"):
        TableProfile.from_dict(data)


# -- bet positions ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [("punto", BetKind.PUNTO), ("J", BetKind.PUNTO), ("player", BetKind.PUNTO),
     ("B", BetKind.BANCO), ("Banca", BetKind.BANCO), ("tie", BetKind.EMPATE),
     ("Pareja J", BetKind.PAREJA_PUNTO), ("pareja_banco", BetKind.PAREJA_BANCO)],
)
def test_bet_positions_read_the_seeds_names(text: str, kind: BetKind) -> None:
    assert BetKind.parse(text) is kind


@given(st.sampled_from(list(BetKind)))
def test_bet_position_parse_of_its_own_name(kind: BetKind) -> None:
    assert BetKind.parse(kind.value) is kind
    assert BetKind.parse(kind.value.upper()) is kind


def test_unknown_bet_position_lists_the_valid_ones() -> None:
    with pytest.raises(NotationError, match="unknown bet 'lucky': expected one of punto, banco"):
        BetKind.parse("lucky")
