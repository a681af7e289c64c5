"""Shuffle versions: the full shuffle (1) and the coup shuffle (2) of a shoe reshuffled every coup.

Version 1 must stay exactly what it was, so that sessions saved with it replay; version 2 must
give every ordering the same chance and be reproducible from the seed; saves record the version.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bacara_teach.cards import Card, format_cards
from bacara_teach.cli import main
from bacara_teach.errors import IllegalAction
from bacara_teach.home_session import HomeSession
from bacara_teach.money import multiply, to_decimal
from bacara_teach.online_table import OnlineTable
from bacara_teach.punto_banco import coup_outcome, play_coup
from bacara_teach.saves import SaveError
from bacara_teach.settlement import Bet, settle_bet
from bacara_teach.shoe import (
    COUP_CARDS,
    COUP_SHUFFLE,
    DEFAULT_SHUFFLE,
    FULL_SHUFFLE,
    Shoe,
    coup_shuffle,
    full_deck,
)
from bacara_teach.tables import PROFILES

# Saves written before shuffle versions existed (save version 2): they were dealt with the full
# shuffle, and must replay exactly as they were played.
OLD_ONLINE_SAVE = """{
 "format": "bacara-teach/online-table",
 "version": 2,
 "rules": {"profile": "online", "options": {}, "seed": 2024, "balance": "100"},
 "log": [
  {"action": "place", "on": "banco", "stake": "5"},
  {"action": "deal", "coup": 1, "cards": "9♠ Q♣ Q♠ 3♣"},
  {"action": "next-coup", "number": 2},
  {"action": "place", "on": "punto", "stake": "10"},
  {"action": "deal", "coup": 2, "cards": "5♠ 5♥ 4♦ 9♦"},
  {"action": "next-coup", "number": 3},
  {"action": "place", "on": "empate", "stake": "2"},
  {"action": "deal", "coup": 3, "cards": "8♣ J♠ 6♠ 10♠ Q♦ 3♠"},
  {"action": "next-coup", "number": 4},
  {"action": "place", "on": "banco", "stake": "20"},
  {"action": "deal", "coup": 4, "cards": "4♥ 3♠ Q♠ 8♠ 2♣ 4♦"},
  {"action": "next-coup", "number": 5},
  {"action": "place", "on": "punto", "stake": "5"}
 ]
}"""
OLD_ONLINE_BALANCE = Decimal("83")  # what the table showed when this save was written

OLD_HOME_SAVE = """{
 "format": "bacara-teach/home-session",
 "version": 2,
 "rules": {"profile": "home", "options": {}, "players": ["Ana", "Luis", "Eva"], "dealer": "Ana",
           "seed": 2021, "coups": 10},
 "log": [
  {"action": "predict", "coup": 1, "player": "Ana", "on": "banco"},
  {"action": "predict", "coup": 1, "player": "Luis", "on": "punto"},
  {"action": "predict", "coup": 1, "player": "Eva", "on": "empate"},
  {"action": "deal", "coup": 1, "cards": "4♥ 10♦ 3♥ 3♠ 9♠"},
  {"action": "predict", "coup": 2, "player": "Ana", "on": "banco"},
  {"action": "predict", "coup": 2, "player": "Luis", "on": "punto"},
  {"action": "predict", "coup": 2, "player": "Eva", "on": "empate"},
  {"action": "deal", "coup": 2, "cards": "6♥ Q♥ Q♥ 2♠ 10♣"},
  {"action": "predict", "coup": 3, "player": "Ana", "on": "banco"},
  {"action": "predict", "coup": 3, "player": "Luis", "on": "punto"},
  {"action": "predict", "coup": 3, "player": "Eva", "on": "empate"},
  {"action": "deal", "coup": 3, "cards": "A♣ A♦ 5♦ 7♥"},
  {"action": "predict", "coup": 4, "player": "Ana", "on": "banco"},
  {"action": "predict", "coup": 4, "player": "Luis", "on": "punto"},
  {"action": "predict", "coup": 4, "player": "Eva", "on": "empate"},
  {"action": "deal", "coup": 4, "cards": "J♠ Q♦ K♠ A♦ 6♥ 2♣"},
  {"action": "predict", "coup": 5, "player": "Ana", "on": "punto"}
 ]
}"""
OLD_HOME_TOTALS = {"Ana": Decimal(-41), "Luis": Decimal(40), "Eva": Decimal(-80)}


def _full_fisher_yates(cards: list[Card], rng: random.Random) -> list[Card]:
    """An independent Fisher-Yates over every card, from the back (version 1)."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def _first_six(cards: list[Card], rng: random.Random) -> list[Card]:
    """An independent partial Fisher-Yates from the front: six picks, then the seed of the rest
    (version 2); the six cards picked."""
    out = list(cards)
    for i in range(COUP_CARDS):
        j = i + int(rng.random() * (len(out) - i))
        out[i], out[j] = out[j], out[i]
    rng.random()  # the seed of the other cards' order
    return out[:COUP_CARDS]


# -- the shoe -----------------------------------------------------------------------------------


def test_new_shoes_and_sessions_use_the_coup_shuffle() -> None:
    assert DEFAULT_SHUFFLE == COUP_SHUFFLE
    assert Shoe.standard(8, seed=1, reshuffle="every-coup").shuffle_version == COUP_SHUFFLE
    assert OnlineTable(balance="10", seed=1).shuffle_version == COUP_SHUFFLE
    assert HomeSession(players=["Ana", "Luis"], seed=1).shuffle_version == COUP_SHUFFLE


@pytest.mark.parametrize("seed", [0, 7, "lesson"])
def test_version_1_deals_every_coup_from_a_full_fisher_yates_as_before(seed: int | str) -> None:
    shoe = Shoe.standard(6, seed=seed, reshuffle="every-coup", shuffle_version=FULL_SHUFFLE)
    rng = random.Random(seed)
    deck = list(full_deck()) * 6
    _full_fisher_yates(deck, rng)  # the shuffle when the shoe is made
    for _ in range(20):
        order = _full_fisher_yates(deck, rng)  # the reshuffle before the coup
        coup = play_coup(shoe)
        assert list(coup.cards) == order[:len(coup.cards)]


@pytest.mark.parametrize("seed", [0, 7, "lesson"])
def test_version_2_deals_every_coup_from_six_cards_picked_from_the_full_shoe(seed: int | str) -> None:
    shoe = Shoe.standard(8, seed=seed, reshuffle="every-coup")
    rng = random.Random(seed)
    deck = list(full_deck()) * 8
    _first_six(deck, rng)  # the shuffle when the shoe is made
    for _ in range(50):
        picked = _first_six(deck, rng)
        coup = play_coup(shoe)
        assert list(coup.cards) == picked[:len(coup.cards)]


def test_the_outcome_only_path_deals_the_same_coups_as_the_recorded_one() -> None:
    for version in (FULL_SHUFFLE, COUP_SHUFFLE):
        recorded = Shoe.standard(8, seed=11, reshuffle="every-coup", shuffle_version=version)
        quick = Shoe.standard(8, seed=11, reshuffle="every-coup", shuffle_version=version)
        assert [play_coup(recorded).winner for _ in range(300)] == \
            [coup_outcome(quick) for _ in range(300)]


def test_the_two_versions_deal_different_coups_from_the_same_seed() -> None:
    full = Shoe.standard(8, seed=3, reshuffle="every-coup", shuffle_version=FULL_SHUFFLE)
    coup = Shoe.standard(8, seed=3, reshuffle="every-coup", shuffle_version=COUP_SHUFFLE)
    assert [play_coup(full).cards for _ in range(5)] != [play_coup(coup).cards for _ in range(5)]


def test_every_ordered_pick_of_the_coup_shuffle_is_equally_likely() -> None:
    """Drive the shuffle with every combination of evenly spaced draws: each ordered choice of
    the first cards comes out exactly once, so all have the same chance (and all orders of a
    shoe no longer than the picks do)."""

    class Scripted(random.Random):
        def __init__(self, values: list[float]) -> None:
            super().__init__(0)
            self.values = iter(values)

        def random(self) -> float:
            return next(self.values, 0.0)

    cards = list(full_deck()[:8])
    picks = 3
    grids = [[(k + 0.5) / (len(cards) - i) for k in range(len(cards) - i)] for i in range(picks)]
    seen = Counter(tuple(coup_shuffle(cards, Scripted(list(draws)), picks)[0][:picks])
                   for draws in itertools.product(*grids))
    assert len(seen) == 8 * 7 * 6 and set(seen.values()) == {1}
    small = cards[:4]
    grids = [[(k + 0.5) / (len(small) - i) for k in range(len(small) - i)] for i in range(3)]
    orders = Counter(tuple(coup_shuffle(small, Scripted(list(draws)))[0])
                     for draws in itertools.product(*grids))
    assert len(orders) == 24 and set(orders.values()) == {1}


def test_the_whole_shoe_is_there_and_reading_it_changes_no_later_coup() -> None:
    read = Shoe.standard(6, seed=5, reshuffle="every-coup")
    unread = Shoe.standard(6, seed=5, reshuffle="every-coup")
    for _ in range(10):
        read.start_coup()
        unread.start_coup()
        left = read.remaining_cards()
        assert Counter(left) == Counter(full_deck() * 6)
        assert read.remaining_cards() == left                 # read twice: the same order
        assert read.peek(COUP_CARDS) == unread.peek(COUP_CARDS)
        assert [read.draw() for _ in range(20)] == list(left[:20])  # dealt in the order shown
    assert play_coup(read).cards == play_coup(unread).cards


def test_drawing_past_the_sixth_card_deals_the_rest_of_the_shoe() -> None:
    shoe = Shoe.standard(1, seed=9, reshuffle="every-coup")
    dealt = [shoe.draw() for _ in range(52)]
    assert Counter(dealt) == Counter(full_deck())
    assert shoe.remaining == 0


@pytest.mark.parametrize("version", [0, 3, "2", 2.0, True, None])
def test_an_unknown_shuffle_version_is_refused(version: object) -> None:
    with pytest.raises(IllegalAction, match=r"invalid shuffle version .*: expected 1 .* or 2 "):
        Shoe.standard(8, seed=1, reshuffle="every-coup", shuffle_version=version)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="invalid shuffle version"):
        OnlineTable(balance="10", seed=1, shuffle_version=version)  # type: ignore[arg-type]


def test_a_shoe_dealt_through_is_shuffled_in_full_whatever_the_version() -> None:
    one = Shoe.standard(6, seed=4, shuffle_version=FULL_SHUFFLE)
    two = Shoe.standard(6, seed=4, shuffle_version=COUP_SHUFFLE)
    assert one.remaining_cards() == two.remaining_cards()
    one.shuffle()
    two.shuffle()
    assert one.remaining_cards() == two.remaining_cards()


# -- saves --------------------------------------------------------------------------------------


def test_a_save_records_its_shuffle_version_and_replays_with_it() -> None:
    for version in (FULL_SHUFFLE, COUP_SHUFFLE):
        table = OnlineTable(balance="100", seed=12, shuffle_version=version)
        for on in ("banco", "punto", "banco"):
            table.place(on, "5")
            table.deal()
            table.next_coup()
        data = table.to_dict()
        assert data["version"] == 3 and data["rules"]["shuffle"] == version
        again = OnlineTable.from_json(table.to_json())
        assert again.shuffle_version == version and again.to_dict() == data
        assert again.balance == table.balance
        session = HomeSession(players=["Ana", "Luis"], seed=12, shuffle_version=version)
        for _ in range(3):
            session.predict("Ana", "banco")
            session.predict("Luis", "empate")
            session.deal()
        saved = session.to_dict()
        assert saved["version"] == 3 and saved["rules"]["shuffle"] == version
        resumed = HomeSession.from_json(session.to_json())
        assert resumed.shuffle_version == version and resumed.totals == session.totals


def test_an_online_table_saved_before_shuffle_versions_replays_as_it_was_played() -> None:
    table = OnlineTable.from_json(OLD_ONLINE_SAVE)
    assert table.shuffle_version == FULL_SHUFFLE
    assert table.balance == OLD_ONLINE_BALANCE
    assert [format_cards(c.coup.cards) for c in table.history] == [
        entry["cards"] for entry in json.loads(OLD_ONLINE_SAVE)["log"] if entry["action"] == "deal"]
    # Saved again, it is a version 3 save of the full shuffle, which replays the same way.
    again = OnlineTable.from_json(table.to_json())
    assert again.to_dict()["rules"]["shuffle"] == FULL_SHUFFLE and again.balance == table.balance
    # The same actions with the coup shuffle deal other cards, which the save would refuse.
    data = json.loads(OLD_ONLINE_SAVE)
    data["version"], data["rules"]["shuffle"] = 3, COUP_SHUFFLE
    with pytest.raises(SaveError, match="but the seed deals"):
        OnlineTable.from_dict(data)


def test_a_home_session_saved_before_shuffle_versions_replays_as_it_was_played() -> None:
    session = HomeSession.from_json(OLD_HOME_SAVE)
    assert session.shuffle_version == FULL_SHUFFLE
    assert session.totals == OLD_HOME_TOTALS
    assert HomeSession.from_json(session.to_json()).totals == OLD_HOME_TOTALS


def test_a_save_with_a_wrong_or_missing_shuffle_version_is_refused_with_the_reason() -> None:
    table = OnlineTable(balance="100", seed=1)
    data = table.to_dict()
    data["rules"]["shuffle"] = 9
    with pytest.raises(SaveError, match="the rules are refused: invalid shuffle version 9"):
        OnlineTable.from_dict(data)
    del data["rules"]["shuffle"]
    with pytest.raises(SaveError, match="expected profile, options, seed, shuffle and balance"):
        OnlineTable.from_dict(data)
    session = HomeSession(players=["Ana", "Luis"], seed=1).to_dict()
    del session["rules"]["shuffle"]
    with pytest.raises(SaveError, match=r"wrong fields \(shuffle\)"):
        HomeSession.from_dict(session)


def test_the_command_line_refuses_a_save_with_a_bad_shuffle_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = OnlineTable(balance="100", seed=1).to_dict()
    data["rules"]["shuffle"] = "fast"
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    code = main(["--lang", "en", "play", "--load", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err
    assert "invalid shuffle version 'fast'" in err + out
    assert path.read_bytes() == before


# -- exact money --------------------------------------------------------------------------------

stakes = st.decimals(min_value=Decimal("0.01"), max_value=Decimal(10) ** 30, places=2,
                     allow_nan=False, allow_infinity=False)
factors = st.fractions(min_value=0, max_value=100, max_denominator=10_000).filter(
    lambda f: to_decimal_or_none(f) is not None)


def to_decimal_or_none(value: Fraction) -> Decimal | None:
    try:
        return to_decimal(value)
    except IllegalAction:
        return None


@given(stakes, factors)
def test_a_product_of_amounts_is_the_exact_product_in_its_one_form(stake: Decimal,
                                                                  factor: Fraction) -> None:
    product = multiply(stake, factor)
    assert Fraction(product) == Fraction(stake) * factor
    assert product == to_decimal(Fraction(stake) * factor)
    assert str(product) == str(to_decimal(Fraction(stake) * factor))


def test_a_product_beyond_the_contexts_digits_is_still_exact() -> None:
    stake = Decimal("9" * 700 + ".5")
    assert Fraction(multiply(stake, stake)) == Fraction(stake) ** 2


@given(st.decimals(min_value=Decimal("0.01"), max_value=Decimal(1000), places=2),
       st.sampled_from(sorted(PROFILES)))
def test_settled_winnings_and_commission_are_the_exact_fractions(stake: Decimal, name: str) -> None:
    profile = PROFILES[name]
    if profile.fixed_stake is not None:
        stake = profile.fixed_stake
    if profile.min_bet is not None:
        stake = max(stake, profile.min_bet)
    if profile.max_bet is not None:
        stake = min(stake, profile.max_bet)
    coup = play_coup(Shoe.stacked("4♥ 2♠ 9♣ A♦ 8♦"))  # Banco wins (the rules' worked example 1)
    paid = settle_bet(coup, Bet.of("banco", stake), profile)
    winnings = Fraction(stake) * profile.payout("banco")
    assert Fraction(paid.winnings) == winnings
    assert Fraction(paid.commission + paid.commission_owed) == winnings * profile.commission_rate
    assert Fraction(paid.net) == winnings - Fraction(paid.commission)


def test_a_seeded_simulation_says_which_shuffle_its_seed_was_dealt_with() -> None:
    from bacara_teach.analysis.simulation import simulate_coups

    for version in (FULL_SHUFFLE, COUP_SHUFFLE):
        run = simulate_coups(300, seed=5, shuffle_version=version)
        assert run.shuffle_version == version and run.to_dict()["shuffle"] == version
        shoe = Shoe.standard(8, seed=5, reshuffle="every-coup", shuffle_version=version)
        dealt = Counter(coup_outcome(shoe).value for _ in range(300))
        assert run.counts == {k: dealt[k] for k in run.counts}
