"""Exact settlement: seed 000's payout table, seed 003's examples, seed 001's side bets."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bacara_teach.cards import Card
from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.money import format_amount
from bacara_teach.punto_banco import Coup, Outcome, play_coup
from bacara_teach.settlement import (
    Bet,
    Result,
    SettlementRule,
    coup_has_pair,
    hand_has_pair,
    settle,
    settle_bet,
    verify_bets,
)
from bacara_teach.shoe import Shoe, full_deck
from bacara_teach.tables import (
    CASINO,
    HOME,
    ONLINE,
    BetKind,
    PairReading,
    TableProfile,
    TiePolicy,
)

PUNTO_WINS = "9♠ 2♠ K♦ 3♣"  # Punto natural 9 against Banco 5
BANCO_WINS = "4♥ 2♠ 9♣ A♦ 8♦"  # RULES.md worked example 1: Banco 3 beats Punto 1
TIE = "9♠ 9♦ K♣ K♥"  # both naturals of 9
COUPS = {"punto": PUNTO_WINS, "banco": BANCO_WINS, "empate": TIE}


def test_the_three_fixture_coups_have_the_winners_named() -> None:
    for winner, cards in COUPS.items():
        assert Coup.from_cards(cards).winner.value == winner


# -- seed 000: the home table's payout table, stake 20 ---------------------------------------------

SEED_000_TABLE = [
    # prediction, winner of the coup, net change
    ("punto", "punto", "20"), ("punto", "banco", "-20"), ("punto", "empate", "0"),
    ("banco", "banco", "19"), ("banco", "punto", "-20"), ("banco", "empate", "0"),
    ("empate", "empate", "160"), ("empate", "punto", "-20"), ("empate", "banco", "-20"),
]


@pytest.mark.parametrize(("prediction", "winner", "net"), SEED_000_TABLE)
def test_seed_000_payout_table_with_a_stake_of_20(prediction: str, winner: str, net: str) -> None:
    paid = settle_bet(Coup.from_cards(COUPS[winner]), Bet.parse(f"{prediction}=20"), HOME)
    assert paid.net == Decimal(net)
    assert format_amount(paid.net) == net
    expected = {"0": Result.PUSH, "-20": Result.LOST}.get(net, Result.WON)
    assert paid.result is expected


def test_rules_worked_example_1_banco_prediction_of_20_nets_19() -> None:
    result = settle(Coup.from_cards(BANCO_WINS), [Bet.parse("banco=20")], "home")
    assert result.net == Decimal(19)
    (paid,) = result.bets
    assert paid.rule == SettlementRule.SIDE_WINS
    assert paid.odds == Fraction(19, 20)
    assert paid.commission == 0 and paid.commission_owed == 0


def test_seed_000_tie_pushes_punto_and_banco_and_the_reason_says_so() -> None:
    paid = settle_bet(Coup.from_cards(TIE), Bet.parse("banco=20"), HOME)
    assert paid.result is Result.PUSH
    assert paid.rule == SettlementRule.TIE_RETURNS
    assert paid.stays is False


# -- seed 003: the online table's examples, stake 5 ---------------------------------------------------


@pytest.mark.parametrize(
    ("on", "winner", "net"),
    [("punto", "punto", "5"), ("banco", "banco", "4.75"), ("empate", "empate", "40")],
)
def test_seed_003_examples_with_a_stake_of_5(on: str, winner: str, net: str) -> None:
    paid = settle_bet(Coup.from_cards(COUPS[winner]), Bet.parse(f"{on}=5"), ONLINE)
    assert format_amount(paid.net) == net


def test_seed_003_banco_commission_is_5_percent_of_the_win_deducted_at_payment() -> None:
    paid = settle_bet(Coup.from_cards(BANCO_WINS), Bet.parse("banco=5"), ONLINE)
    assert paid.winnings == Decimal(5)
    assert paid.commission == Decimal("0.25")
    assert paid.commission_owed == 0
    assert paid.net == Decimal("4.75")
    assert paid.to_dict()["commission"] == "0.25"


def test_seed_003_tie_returns_punto_and_banco_bets() -> None:
    for on in ("punto", "banco"):
        paid = settle_bet(Coup.from_cards(TIE), Bet.parse(f"{on}=5"), ONLINE)
        assert (paid.result, paid.net, paid.rule) == (Result.PUSH, Decimal(0), SettlementRule.TIE_RETURNS)


def test_common_casino_commission_accrued_pays_the_win_in_full_and_owes_5_percent() -> None:
    accrued = ONLINE.with_options(commission="accrued")
    paid = settle_bet(Coup.from_cards(BANCO_WINS), Bet.parse("banco=5"), accrued)
    assert (paid.net, paid.commission, paid.commission_owed) == (Decimal(5), Decimal(0), Decimal("0.25"))


@pytest.mark.parametrize(("tie", "rule"), [("keep", SettlementRule.TIE_KEEPS),
                                           ("change", SettlementRule.TIE_MAY_CHANGE)])
def test_after_a_tie_the_bet_stays_when_the_table_says_so(tie: str, rule: str) -> None:
    paid = settle_bet(Coup.from_cards(TIE), Bet.parse("punto=5"), ONLINE.with_options(tie=tie))
    assert (paid.result, paid.net, paid.rule, paid.stays) == (Result.PUSH, Decimal(0), rule, True)


# -- seed 001: the casino table's side bets -------------------------------------------------------------


def test_seed_001_empate_pays_9_to_1_and_tie_returns_j_and_b() -> None:
    result = settle(Coup.from_cards(TIE), [Bet.parse("empate=5"), Bet.parse("banco=5")], CASINO)
    assert [format_amount(p.net) for p in result.bets] == ["45", "0"]
    assert result.net == 45


def test_seed_001_pair_pays_11_to_1_on_two_cards_of_the_same_rank() -> None:
    coup = Coup.from_cards("K♠ 4♦ K♥ 4♣")  # Punto K-K (0, draws 4), Banco 4-4 = 8, a natural
    bets = [Bet.parse("banco=5"), Bet.parse("pareja-punto=5"), Bet.parse("pareja-banco=5")]
    paid = settle(coup, bets, CASINO)
    assert [p.net for p in paid.bets[1:]] == [55, 55]
    assert {p.rule for p in paid.bets[1:]} == {SettlementRule.PAIR_WINS}


@pytest.mark.parametrize("alone", [["empate=5"], ["pareja-punto=5", "pareja-banco=5"]])
def test_at_the_casino_a_side_bet_needs_j_or_b_unless_an_option_allows_it(alone: list[str]) -> None:
    coup = Coup.from_cards("K♠ 4♦ K♥ 4♣")
    bets = [Bet.parse(text) for text in alone]
    with pytest.raises(IllegalAction, match="takes Empate and the pairs only with a bet on Punto "
                       "or Banco"):
        settle(coup, bets, CASINO)
    for side in ("punto=5", "banco=5"):
        settle(coup, [Bet.parse(side), *bets], CASINO)
    allowed = settle(coup, bets, CASINO.with_options(side_bets_alone="yes"))
    assert len(allowed.bets) == len(bets)
    for name in ("home", "online"):  # one position per coup: Empate alone is that position
        settle(Coup.from_cards("K♠ 4♦ K♥ 4♣"), [Bet.parse("empate=20")], name)


def test_seed_001_king_queen_is_no_pair_under_same_rank_but_is_under_same_value() -> None:
    coup = Coup.from_cards("K♠ 4♦ Q♥ 4♣")
    bet = Bet.parse("pareja-punto=5")
    assert settle_bet(coup, bet, CASINO).result is Result.LOST
    same_value = CASINO.with_options(pair_reading="same-value")
    assert settle_bet(coup, bet, same_value).net == 55


def test_pairs_are_read_on_the_first_two_cards_only() -> None:
    coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 4♦ K♣")  # Punto 4 9 then a third 4: no pair
    assert not coup_has_pair(coup, "punto", PairReading.SAME_VALUE)
    assert settle_bet(coup, Bet.parse("pareja-punto=1"), CASINO).result is Result.LOST


# -- validating bets against the table ------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "bets", "message"),
    [
        (HOME, ["pareja-punto=20"], "the home table takes no pareja-punto bets"),
        (HOME, ["banco=5"], "the home table's stake is fixed at 20"),
        (HOME, ["banco=20", "empate=20"], "the home table takes one position per coup"),
        (CASINO, ["punto=5", "banco=5"], "does not take Punto and Banco in the same coup"),
        (ONLINE, ["banco=251"], "the online table's maximum bet is 250"),
        (ONLINE, ["banco=0.99"], "the online table's minimum bet is 1"),
        (ONLINE, ["banco=5", "empate=5"], "the online table takes one position per coup"),
        (ONLINE, ["banco=5", "banco=5"], "banco is bet more than once"),
    ],
)
def test_bets_the_table_does_not_take_are_refused(
    profile: TableProfile, bets: list[str], message: str
) -> None:
    with pytest.raises(IllegalAction, match=message):
        settle(Coup.from_cards(BANCO_WINS), [Bet.parse(b) for b in bets], profile)


@pytest.mark.parametrize("stake", ["1", "250", "17.5"])
def test_stakes_within_the_online_limits_are_taken(stake: str) -> None:
    verify_bets([Bet.parse(f"banco={stake}")], ONLINE)


def test_casino_pairs_and_tie_may_be_added_to_one_side() -> None:
    bets = [Bet.parse(t) for t in ("banco=5", "empate=5", "pareja-punto=5", "pareja-banco=5")]
    verify_bets(bets, CASINO)
    both = CASINO.with_options(positions="both-sides")
    verify_bets([*bets, Bet.parse("punto=5")], both)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("banco", NotationError, "expected POSITION=STAKE"),
        ("banco=abc", NotationError, "invalid stake 'abc'"),
        ("lucky=5", NotationError, "unknown bet 'lucky'"),
        ("banco=-5", IllegalAction, "a stake must be above 0"),
        ("banco=0", IllegalAction, "a stake must be above 0"),
        ("banco=NaN", NotationError, "invalid stake 'NaN'"),
    ],
)
def test_unreadable_or_impossible_bets_raise_clear_errors(
    text: str, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Bet.parse(text)


def test_a_float_stake_is_refused_as_inexact() -> None:
    with pytest.raises(NotationError, match="a float is not exact"):
        Bet.of("banco", 0.1)  # type: ignore[arg-type]


def test_bet_repr_pastes_back() -> None:
    bet = Bet.parse("Pareja B = 2.50")
    assert repr(bet) == "Bet.parse('pareja-banco=2.5')"
    assert eval(repr(bet)) == bet


# -- properties ------------------------------------------------------------------------------------------

coups = st.lists(st.sampled_from(full_deck()), min_size=6, max_size=6).map(
    lambda six: play_coup(Shoe(six))
)
stakes = st.decimals(min_value=1, max_value=250, places=2)


@given(coup=coups, stake=stakes)
def test_online_banco_win_is_stake_less_exactly_5_percent(coup: Coup, stake: Decimal) -> None:
    paid = settle_bet(coup, Bet.of("banco", stake), ONLINE)
    if coup.winner is Outcome.BANCO:
        assert Fraction(paid.net) == Fraction(stake) * Fraction(95, 100)
        assert Fraction(paid.commission) == Fraction(stake) / 20
    elif coup.winner is Outcome.PUNTO:
        assert paid.net == -stake
    else:
        assert paid.net == 0


@given(coup=coups, stake=stakes)
def test_home_and_online_banco_nets_agree_though_one_is_a_payout_the_other_a_commission(
    coup: Coup, stake: Decimal
) -> None:
    home_rules = HOME.with_options(fixed_stake=None)
    assert settle_bet(coup, Bet.of("banco", stake), home_rules).net == settle_bet(
        coup, Bet.of("banco", stake), ONLINE).net


@given(coup=coups, stake=stakes, tie=st.sampled_from(list(TiePolicy)))
def test_punto_and_banco_never_both_win_and_both_push_on_a_tie(
    coup: Coup, stake: Decimal, tie: TiePolicy
) -> None:
    table = ONLINE.with_options(positions="both-sides", tie=tie)
    result = settle(coup, [Bet.of("punto", stake), Bet.of("banco", stake)], table)
    outcomes = {paid.bet.on: paid.result for paid in result.bets}
    if coup.winner is Outcome.EMPATE:
        assert set(outcomes.values()) == {Result.PUSH}
    else:
        assert sorted(r.value for r in outcomes.values()) == ["lost", "won"]
        assert outcomes[BetKind(coup.winner.value)] is Result.WON


@given(coup=coups, stake=stakes, bet=st.sampled_from(CASINO.bets),
       reading=st.sampled_from(list(PairReading)))
def test_a_bet_nets_minus_its_stake_zero_or_a_win(
    coup: Coup, stake: Decimal, bet: BetKind, reading: PairReading
) -> None:
    table = CASINO.with_options(pair_reading=reading)
    paid = settle_bet(coup, Bet(bet, stake), table)
    if paid.result is Result.LOST:
        assert paid.net == -stake
    elif paid.result is Result.PUSH:
        assert paid.net == 0 and bet.is_side
    else:
        assert paid.net == paid.winnings - paid.commission > 0


@given(first=st.sampled_from(full_deck()), second=st.sampled_from(full_deck()))
def test_a_same_rank_pair_is_always_a_same_value_pair(first: Card, second: Card) -> None:
    hand = (first, second)
    if hand_has_pair(hand, PairReading.SAME_RANK):
        assert hand_has_pair(hand, PairReading.SAME_VALUE)
    assert hand_has_pair(hand, "same-value") == (first.points == second.points)


# -- amounts in the reader's conventions -----------------------------------------------------------

_ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?!\d)|\d\.\d{1,2}(?!\d)")


def test_spanish_settlements_write_amounts_the_spanish_way() -> None:
    coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
    paid = settle_bet(coup, Bet.parse("banco=5"), "online")
    english, spanish = paid.describe("en"), paid.describe("es")
    assert english == "banco 5: won, paid 1 to 1 less 0.25 commission: +4.75"
    assert spanish == "banco 5: ganada, se paga 1 a 1 menos 0,25 de comisión: +4,75"
    odd = settle_bet(coup, Bet.parse("banco=7.5"), "online").describe("es")
    assert odd == "banco 7,5: ganada, se paga 1 a 1 menos 0,375 de comisión: +7,125"
    lost = settle_bet(coup, Bet.parse("punto=2.5"), "online").describe("es")
    assert lost == "punto 2,5: perdida: \u22122,5"
    for text in (spanish, lost):
        assert _ENGLISH_NUMBER.search(text) is None, text


def test_one_wording_for_a_payout_in_spanish() -> None:
    tie = Coup.from_cards("9♠ 9♦ K♣ K♥")
    assert settle_bet(tie, Bet.parse("empate=20"), "home").describe("es") == \
        "empate 20: ganada, se paga 8 a 1: +160"


def test_a_refused_stake_names_its_amount_the_spanish_way() -> None:
    from bacara_teach.refusals import refusal_text

    with pytest.raises(IllegalAction) as caught:
        Bet.of("banco", "-2.5")
    assert str(caught.value) == "invalid stake \u22122.5 on banco: a stake must be above 0"
    spanish = refusal_text(caught.value, "es")
    assert spanish == "Importe no válido en banco: \u22122,5; una apuesta debe ser mayor que 0."
    assert _ENGLISH_NUMBER.search(spanish) is None
