"""One Punto Banco coup: RULES.md worked examples, recorded steps, properties, golden counts."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach.cards import Card, Rank, Suit, hand_total, parse_cards
from bacara_teach.errors import IllegalAction, ShoeExhausted
from bacara_teach.punto_banco import (
    Coup,
    Outcome,
    coup_outcome,
    deal_coup,
    outcome_from_points,
    play_coup,
)
from bacara_teach.shoe import Shoe
from bacara_teach.steps import Rule
from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Decision, get_tableau


# -- RULES.md worked examples 1 and 2 ------------------------------------------------------------
def test_worked_example_1_banco_three_stands_against_an_eight() -> None:
    coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
    assert coup.punto == parse_cards("4♥ 9♣ 8♦")
    assert coup.banco == parse_cards("2♠ A♦")
    assert (hand_total(coup.punto[:2]), hand_total(coup.banco)) == (3, 3)
    assert (coup.punto_total, coup.banco_total) == (1, 3)  # 4+9+8 = 21 -> 1
    assert coup.winner is Outcome.BANCO
    assert not coup.natural
    banco_step = next(s for s in coup.steps if s.actor == "banco" and s.action != "deal")
    assert banco_step.action == "stand"
    assert banco_step.rule == Rule.BANKER_TABLE
    assert banco_step.cell is not None
    assert (banco_step.cell.total, banco_step.cell.third) == (3, 8)


def test_worked_example_2_same_coup_with_a_seven_and_banco_must_draw() -> None:
    coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 7♦ 5♣")
    assert hand_total(coup.punto) == 0  # 4+9+7 = 20 -> 0
    banco_step = next(s for s in coup.steps if s.actor == "banco" and s.action != "deal")
    assert banco_step.action == "draw"
    assert banco_step.cell is not None
    assert (banco_step.cell.total, banco_step.cell.third, banco_step.cell.decision) == (
        3, 7, Decision.DRAW)
    with pytest.raises(ShoeExhausted, match="Banco must draw a third card"):
        Coup.from_cards("4♥ 2♠ 9♣ A♦ 7♦")


def test_steps_follow_the_deal_order_punto_banco_punto_banco() -> None:
    coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
    deals = [(s.actor, str(s.card)) for s in coup.steps if s.action == "deal"]
    assert deals == [("punto", "4♥"), ("banco", "2♠"), ("punto", "9♣"), ("banco", "A♦")]
    assert [s.action for s in coup.steps] == [
        "deal", "deal", "deal", "deal", "no-natural", "draw", "stand", "result"]
    assert coup.cards == parse_cards("4♥ 2♠ 9♣ A♦ 8♦")


@pytest.mark.parametrize(
    ("cards", "winner"),
    [("9♠ 8♦ K♥ K♣", Outcome.PUNTO), ("8♠ 9♦ K♥ K♣", Outcome.BANCO),
     ("8♠ 8♦ K♥ K♣", Outcome.EMPATE), ("2♠ 4♦ 6♥ 3♣", Outcome.PUNTO)],
)
def test_a_natural_stops_the_coup_at_once(cards: str, winner: Outcome) -> None:
    coup = Coup.from_cards(cards)
    assert coup.natural
    assert coup.winner is winner
    assert len(coup.punto) == len(coup.banco) == 2
    assert not any(s.action in ("draw", "stand") for s in coup.steps)


def test_a_natural_for_banco_stops_punto_from_drawing_on_zero() -> None:
    coup = Coup.from_cards("K♠ 9♦ Q♥ K♣")  # Punto 0, Banco natural 9
    assert coup.winner is Outcome.BANCO and len(coup.punto) == 2


def test_banco_after_punto_stood_uses_the_stand_rule() -> None:
    coup = Coup.from_cards("3♠ 2♦ 4♥ 3♣ 9♦")  # Punto 7 stands; Banco 5 draws
    assert [s.rule for s in coup.steps if s.actor == "banco" and s.action == "draw"] == [
        Rule.BANKER_AFTER_STAND]
    assert coup.banco_total == 4
    assert coup.winner is Outcome.PUNTO


def test_leftover_and_missing_cards_are_named() -> None:
    with pytest.raises(IllegalAction, match="5♣ was left over"):
        deal_coup("4♥ 2♠ 9♣ A♦ 8♦ 5♣")
    with pytest.raises(ShoeExhausted, match="second card of Banco is missing"):
        deal_coup("4♥ 2♠ 9♣")
    with pytest.raises(ShoeExhausted, match="0 given"):
        deal_coup("")


def test_play_coup_refuses_tableaux_with_free_cells() -> None:
    with pytest.raises(IllegalAction, match="free cells"):
        Coup.from_cards("2♥ A♠ 3♣ 2♦ 9♥ 5♠", tableau=CHEMIN_DE_FER)


def test_a_coup_that_runs_out_of_cards_leaves_the_shoe_as_it_was() -> None:
    shoe = Shoe.stacked("4♥ 2♠ 9♣ A♦ 7♦")
    with pytest.raises(ShoeExhausted):
        play_coup(shoe)
    assert shoe.remaining == 5
    assert coup_outcome(Shoe.stacked("4♥ 2♠ 9♣ A♦ 8♦")) is Outcome.BANCO


def test_repr_pastes_back_as_code() -> None:
    coup = Coup.from_cards("4h 2s 9c ad 8d")
    assert repr(coup) == "Coup.from_cards('4♥ 2♠ 9♣ A♦ 8♦')"
    assert eval(repr(coup), {"Coup": Coup}) == coup
    pb = eval(repr(play_coup(Shoe.standard(8, seed=11))), {"Coup": Coup, "get_tableau": get_tableau})
    assert pb == play_coup(Shoe.standard(8, seed=11))


def test_rich_display_has_text_alternatives(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACARA_LANG", "en")  # a rich repr speaks the default language
    html = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")._repr_html_()
    assert 'aria-label="4 of hearts"' in html
    assert 'aria-label="8 of diamonds"' in html
    assert "Winner: Banco" in html


def test_pairs_are_same_rank() -> None:
    assert Coup.from_cards("K♠ 2♠ K♦ 2♦ 4♣ 3♥").punto_pair
    assert not Coup.from_cards("K♠ 2♠ Q♦ 3♦ 4♣ 3♥").punto_pair
    assert Coup.from_cards("K♠ 2♠ Q♦ 2♦ 4♣ 3♥").banco_pair


# -- properties over random shoes --------------------------------------------------------------------
cards = st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))
six_cards = st.lists(cards, min_size=6, max_size=6)


def play_six(deal: list[Card]) -> Coup:
    return play_coup(Shoe(deal))


@given(six_cards)
def test_totals_are_0_to_9_and_hands_hold_at_most_three_cards(deal: list[Card]) -> None:
    coup = play_six(deal)
    assert 0 <= coup.punto_total <= 9 and 0 <= coup.banco_total <= 9
    assert 2 <= len(coup.punto) <= 3 and 2 <= len(coup.banco) <= 3


@given(six_cards)
def test_the_tableau_is_obeyed(deal: list[Card]) -> None:
    coup = play_six(deal)
    p2, b2 = hand_total(coup.punto[:2]), hand_total(coup.banco[:2])
    if p2 >= 8 or b2 >= 8:
        assert len(coup.punto) == len(coup.banco) == 2
        return
    assert (len(coup.punto) == 3) is (p2 <= 5)
    third = coup.punto[2].points if len(coup.punto) == 3 else None
    expected_banco_draw = PUNTO_BANCO.banker_decision(b2, third) is Decision.DRAW
    assert (len(coup.banco) == 3) is expected_banco_draw


@given(six_cards, st.data())
def test_order_of_the_first_two_cards_and_suits_never_change_the_outcome(
    deal: list[Card], data: st.DataObject
) -> None:
    coup = play_six(deal)
    swapped = list(deal)
    if data.draw(st.booleans()):
        swapped[0], swapped[2] = swapped[2], swapped[0]  # Punto's two cards
    if data.draw(st.booleans()):
        swapped[1], swapped[3] = swapped[3], swapped[1]  # Banco's two cards
    resuited = [Card(c.rank, data.draw(st.sampled_from(list(Suit)))) for c in swapped]
    other = play_six(resuited)
    assert (other.winner, other.punto_total, other.banco_total) == (
        coup.winner, coup.punto_total, coup.banco_total)
    assert len(other.cards) == len(coup.cards)


@given(six_cards)
def test_fast_paths_agree_with_the_recorded_coup(deal: list[Card]) -> None:
    coup = play_six(deal)
    assert outcome_from_points([c.points for c in deal]) == (coup.winner, len(coup.cards))
    assert coup_outcome(Shoe(deal)) is coup.winner


@given(st.integers(min_value=0, max_value=2**32))
@settings(max_examples=30)
def test_dealing_through_a_seeded_shoe_matches_coup_by_coup(seed: int) -> None:
    a = Shoe.standard(1, seed=seed)
    b = Shoe.standard(1, seed=seed)
    while a.remaining >= 6:
        assert coup_outcome(a) is play_coup(b).winner
        assert a.remaining == b.remaining


@given(six_cards)
def test_steps_explain_every_card(deal: list[Card]) -> None:
    coup = play_six(deal)
    dealt_in_steps = [s.card for s in coup.steps if s.card is not None]
    assert tuple(dealt_in_steps) == coup.cards
    assert coup.steps[-1].action == "result"
    assert coup.steps[-1].fact("winner") is coup.winner
    for step in coup.steps:
        if step.action in ("draw", "stand"):
            assert step.cell is not None
            assert (step.cell.decision is Decision.DRAW) is (step.action == "draw")


# -- golden counts ----------------------------------------------------------------------------------
def weighted_deals(counts: list[int]) -> Iterator[tuple[list[int], int, int]]:
    """Every ordered deal of point values as (values, ways, cards left), six cards deep."""
    total = sum(counts)

    def extend(prefix: list[int], ways: int, left: int, depth: int) -> Iterator[tuple[list[int], int, int]]:
        if depth == 0:
            yield prefix, ways, left
            return
        for v in range(10):
            if counts[v]:
                n = counts[v]
                counts[v] -= 1
                yield from extend([*prefix, v], ways * n, left - 1, depth - 1)
                counts[v] += 1

    yield from extend([], 1, total, 4)


def classify_every_six_card_deal(decks: int) -> dict[Outcome, int]:
    """Count ordered 6-card deals by outcome with the engine's coup logic, weighting
    the cards a coup does not use by the ways to deal them."""
    counts = [16 * decks] + [4 * decks] * 9
    result = dict.fromkeys(Outcome, 0)
    for prefix, ways, left in weighted_deals(counts):
        outcome, used = outcome_from_points([*prefix, 0, 0])
        if used == 4:
            result[outcome] += ways * left * (left - 1)
            continue
        for v5 in range(10):
            if not counts[v5]:
                continue
            w5 = ways * counts[v5]
            counts[v5] -= 1
            outcome, used = outcome_from_points([*prefix, v5, 0])
            if used == 5:
                result[outcome] += w5 * (left - 1)
            else:
                for v6 in range(10):
                    if counts[v6]:
                        outcome, _ = outcome_from_points([*prefix, v5, v6])
                        result[outcome] += w5 * counts[v6]
            counts[v5] += 1
    return result


def test_golden_counts_eight_decks() -> None:
    counts = classify_every_six_card_deal(8)
    assert counts[Outcome.BANCO] == 2_292_252_566_437_888
    assert counts[Outcome.PUNTO] == 2_230_518_282_592_256
    assert counts[Outcome.EMPATE] == 475_627_426_473_216
    assert sum(counts.values()) == 4_998_398_275_503_360 == 416 * 415 * 414 * 413 * 412 * 411


def test_golden_counts_six_decks() -> None:
    counts = classify_every_six_card_deal(6)
    assert counts[Outcome.BANCO] == 403_095_751_234_560
    assert counts[Outcome.PUNTO] == 392_220_492_728_832
    assert counts[Outcome.EMPATE] == 83_552_962_932_288


def test_golden_count_helper_agrees_with_brute_force_on_a_tiny_shoe() -> None:
    # Every ordered 6-card deal of an 8-card shoe, dealt card by card through play_coup.
    shoe = parse_cards("A♠ 2♠ 5♠ 6♠ 7♠ 9♠ K♠ K♥")
    brute = dict.fromkeys(Outcome, 0)
    for order in permutations(shoe, 6):
        brute[play_coup(Shoe(order)).winner] += 1
    counts = [0] * 10
    for c in shoe:
        counts[c.points] += 1
    assert _classify_counts(counts) == brute


def _classify_counts(counts: list[int]) -> dict[Outcome, int]:
    result = dict.fromkeys(Outcome, 0)
    for prefix, ways, _left in weighted_deals(list(counts)):
        for tail in product(range(10), repeat=2):
            c = list(counts)
            w = ways
            for v in prefix:
                c[v] -= 1
            for v in tail:
                w *= c[v]
                c[v] -= 1
            if w > 0:
                result[outcome_from_points([*prefix, *tail])[0]] += w
    return result
