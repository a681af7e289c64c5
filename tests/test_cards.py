"""Cards: notation, point values, totals and their errors (issue: rules engine, item 2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bacara_teach.cards import (
    Card,
    Rank,
    Suit,
    format_cards,
    hand_total,
    parse_card,
    parse_cards,
)
from bacara_teach.errors import InvalidCard, NotationError

cards = st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("4♥", Rank.FOUR, Suit.HEARTS),
        ("4h", Rank.FOUR, Suit.HEARTS),
        ("4H", Rank.FOUR, Suit.HEARTS),
        ("10♦", Rank.TEN, Suit.DIAMONDS),
        ("T♦", Rank.TEN, Suit.DIAMONDS),
        ("td", Rank.TEN, Suit.DIAMONDS),
        ("K♠", Rank.KING, Suit.SPADES),
        ("ks", Rank.KING, Suit.SPADES),
        ("A♣", Rank.ACE, Suit.CLUBS),
        ("ac", Rank.ACE, Suit.CLUBS),
        ("Q♡", Rank.QUEEN, Suit.HEARTS),
        (" 9♣ ", Rank.NINE, Suit.CLUBS),
        ("J♥\ufe0f", Rank.JACK, Suit.HEARTS),
    ],
)
def test_parse_accepts_every_documented_notation(text: str, rank: Rank, suit: Suit) -> None:
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("text", ["11♥", "Z", "4x", "", "   ", "1♠", "♥4", "44♥", "10", "K", "4♥♥"])
def test_bad_card_is_a_value_error_that_quotes_the_input_and_says_what_is_valid(text: str) -> None:
    with pytest.raises(InvalidCard) as info:
        parse_card(text)
    message = str(info.value)
    assert repr(text) in message
    assert "A, 2-10, T, J, Q, K" in message
    assert "♠ ♥ ♦ ♣" in message
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, NotationError)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(InvalidCard, match="expected a string"):
        parse_card(4)  # type: ignore[arg-type]


def test_a_list_separated_by_spaces_or_commas() -> None:
    expected = tuple(parse_card(t) for t in ("4♥", "2♠", "9♣", "A♦", "8♦"))
    assert parse_cards("4♥ 2♠ 9♣ A♦ 8♦") == expected
    assert parse_cards("4h,2s,9c,ad,8d") == expected
    assert parse_cards(" 4h , 2s\t9c,\nad 8d ") == expected
    assert parse_cards(["4h", "2s", Card.parse("9c"), "ad", "8d"]) == expected
    assert parse_cards("") == ()


def test_a_bad_card_in_a_list_names_its_position() -> None:
    with pytest.raises(InvalidCard, match=r"'4x' \(card 3 of '4h 2s 4x'\)"):
        parse_cards("4h 2s 4x")


def test_point_values_are_ace_one_face_value_and_tens_zero() -> None:
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                "10": 0, "J": 0, "Q": 0, "K": 0}
    assert {rank.symbol: rank.points for rank in Rank} == expected


def test_total_is_the_units_digit() -> None:
    assert hand_total(parse_cards("7♠ 8♦")) == 5  # 7+8=15 -> 5, the seed's own example
    assert hand_total(parse_cards("4♥ 9♣ 8♦")) == 1  # 21 -> 1
    assert hand_total(parse_cards("K♠ Q♦")) == 0


@given(cards)
def test_format_then_parse_round_trips(card: Card) -> None:
    assert parse_card(str(card)) == card
    assert parse_card(card.ascii) == card
    assert eval(repr(card), {"Card": Card}) == card  # repr pastes back as code


@given(st.lists(cards, max_size=12), st.booleans())
def test_format_cards_then_parse_cards_round_trips(hand: list[Card], ascii: bool) -> None:
    assert parse_cards(format_cards(hand, ascii=ascii)) == tuple(hand)


@given(st.lists(cards, min_size=1, max_size=3), st.data())
def test_suits_and_card_order_never_change_a_total(hand: list[Card], data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(hand))
    resuited = [Card(c.rank, data.draw(st.sampled_from(list(Suit)))) for c in shuffled]
    assert hand_total(resuited) == hand_total(hand)
    assert 0 <= hand_total(hand) <= 9


def test_describe_gives_words_for_screen_readers() -> None:
    assert Card.parse("10d").describe() == "10 of diamonds"
    assert Card.parse("ks").describe() == "king of spades"
    assert Card.parse("ah").describe() == "ace of hearts"


def test_red_and_black_also_differ_in_symbol() -> None:
    reds = {s.symbol for s in Suit if s.is_red}
    blacks = {s.symbol for s in Suit if not s.is_red}
    assert reds == {"♥", "♦"}
    assert blacks == {"♠", "♣"}


def test_every_card_has_words_in_both_languages() -> None:
    english = {Card(rank, suit).describe("en") for rank in Rank for suit in Suit}
    spanish = {Card(rank, suit).describe("es") for rank in Rank for suit in Suit}
    assert len(english) == len(spanish) == 52
    assert Card.parse("Kh").describe("es") == "rey de corazones"
    assert Card.parse("Jc").describe("es") == "jota de tréboles"
    assert Card.parse("7d").describe("es") == "7 de diamantes"
    for words in spanish:
        assert " of " not in words and not any(
            name in words for name in ("king", "queen", "jack", "ace", "spades", "hearts",
                                       "diamonds", "clubs")), words


def test_a_refused_card_in_a_list_names_its_place_in_spanish() -> None:
    from bacara_teach.refusals import refusal_text

    with pytest.raises(InvalidCard) as caught:
        parse_cards(["4♥", "x"])
    assert str(caught.value).startswith("invalid card 'x' (card 2 of the list): expected a rank")
    assert refusal_text(caught.value, "es").startswith(
        "Carta no válida: 'x' (carta 2 de la lista); escriba un rango")
