"""Chemin de Fer, one coup (RULES.md system D): order of information, free cells, policies.

The expected decisions below are written from the text of RULES.md system D,
independently of the tableau data the engine reads.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach.cards import Card, Rank, Suit, hand_total, parse_cards
from bacara_teach.chemin_de_fer import (
    CheminDeFerCoup,
    CoupInPlay,
    ForcedCell,
    InvalidDecision,
    MissingDecision,
    RandomPolicy,
    View,
    Winner,
    always_draw,
    always_stand,
    as_punto_banco,
    deal_coup,
    get_policy,
    play_coup,
)
from bacara_teach.errors import BacaraError, IllegalAction, NotationError, ShoeExhausted
from bacara_teach.shoe import Shoe
from bacara_teach.steps import Rule
from bacara_teach.tableau import Decision
from bacara_teach.text import language_codes

# -- RULES.md system D, as written there --------------------------------------------------------


def rules_md_bettor(total: int, bettors: int) -> str:
    """'With a single bettor, must draw on 0 and may choose freely on 1-7. With several
    bettors: draws on 0-4, stands on 6-7, free choice on 5.'"""
    if bettors == 1:
        return "draw" if total == 0 else "choice"
    if total <= 4:
        return "draw"
    return "choice" if total == 5 else "stand"


def rules_md_banker(total: int, third: int | None) -> str:
    """'If the bettor stood, draws on 0-5, stands on 6-7. If the bettor drew: 0-2 draw;
    3 draws against 0-7, stands against 8, FREE against 9; 4 draws against 2-7, otherwise
    stands; 5 draws against 5-7, FREE against 4, otherwise stands; 6 draws against 6-7,
    otherwise stands; 7 stands.'"""
    if third is None:
        return "draw" if total <= 5 else "stand"
    if total <= 2:
        return "draw"
    if total == 3:
        return {8: "stand", 9: "choice"}.get(third, "draw")
    if total == 4:
        return "draw" if 2 <= third <= 7 else "stand"
    if total == 5:
        return "draw" if 5 <= third <= 7 else "choice" if third == 4 else "stand"
    if total == 6:
        return "draw" if third in (6, 7) else "stand"
    return "stand"


def card(points: int, suit: Suit = Suit.CLUBS) -> Card:
    """A card worth ``points`` (0 is a king)."""
    rank = Rank.KING if points == 0 else list(Rank)[points - 1]
    return Card(rank, suit)


def two_cards(total: int, suit: Suit) -> tuple[Card, Card]:
    """Two cards making ``total``: the value and a ten-count card."""
    return card(total, suit), Card(Rank.TEN, suit)


def deal_order(bettor: tuple[Card, Card], banker: tuple[Card, Card], *rest: Card) -> list[Card]:
    return [bettor[0], banker[0], bettor[1], banker[1], *rest]


class Recorder:
    """A policy that records every view it is given and answers a fixed decision."""

    def __init__(self, answer: str = "draw") -> None:
        self.answer = answer
        self.views: list[View] = []

    def __call__(self, view: View) -> str:
        self.views.append(view)
        return self.answer


def never_called(view: View) -> str:
    raise AssertionError(f"a policy was asked at a forced cell or after a natural: {view!r}")


def state(play: CoupInPlay) -> tuple[Any, ...]:
    return (play.to_dict(), play.pending, play.steps, play.cards_used)


# -- RULES.md worked example 3 --------------------------------------------------------------------


def test_worked_example_3_bettor_draws_on_5_and_banker_chooses_on_3_against_9() -> None:
    play = CoupInPlay("2♥ A♠ 3♣ 2♦ 9♥ 5♠")
    bettor_view = play.pending
    assert bettor_view is not None
    assert (bettor_view.role, bettor_view.total, bettor_view.cell.decision) == (
        "bettor", 5, Decision.CHOICE)
    assert bettor_view.cards == parse_cards("2♥ 3♣")
    play.decide("draw")
    banker_view = play.pending
    assert banker_view is not None
    assert banker_view.role == "banker"
    assert banker_view.cards == parse_cards("A♠ 2♦") and banker_view.total == 3
    assert banker_view.third_card == Card.parse("9♥")
    assert (banker_view.cell.total, banker_view.cell.third, banker_view.cell.decision) == (
        3, 9, Decision.CHOICE)
    play.decide("draw")
    coup = play.result()
    assert coup.bettor == parse_cards("2♥ 3♣ 9♥") and coup.bettor_total == 4
    assert coup.banker == parse_cards("A♠ 2♦ 5♠") and coup.banker_total == 8
    assert coup.winner is Winner.BANKER
    assert coup == deal_coup("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw", banker="draw")


def test_worked_example_3_with_policies_from_a_shoe() -> None:
    shoe = Shoe.stacked("2♥ A♠ 3♣ 2♦ 9♥ 5♠ 7♣")
    bettor, banker = Recorder("draw"), Recorder("draw")
    coup = play_coup(shoe, bettor_policy=bettor, banker_policy=banker)
    assert (coup.bettor_total, coup.banker_total, coup.winner) == (4, 8, Winner.BANKER)
    assert len(bettor.views) == 1 and len(banker.views) == 1
    assert shoe.remaining_cards() == parse_cards("7♣")


def test_worked_example_3_narrated_in_spanish() -> None:
    text = CheminDeFerCoup.from_cards("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw", banker="draw").narrate("es")
    assert "solo ve la tercera carta del apostador, 9♥" in text
    assert "elige libremente ante 9" in text
    assert "Elección libre: el banquero decide robar, roba 5♠ y queda en 8." in text
    assert text.endswith("Gana el banquero, 8 a 4.")


# -- every cell of the banker's table -------------------------------------------------------------

BANKER_COLUMNS = [None, *range(10)]


def banker_cell_coup(total: int, third: int | None) -> list[Card]:
    """A deal reaching the banker's cell (total, third) with no free bettor cell in the way:
    the bettor has 0 (must draw) to reach a third-card column, 6 (must stand, several
    bettors) for the "bettor stood" column."""
    bettor = two_cards(0 if third is not None else 6, Suit.HEARTS)
    banker = two_cards(total, Suit.SPADES)
    extra = [card(third, Suit.DIAMONDS)] if third is not None else []
    return deal_order(bettor, banker, *extra, Card(Rank.TWO, Suit.CLUBS))


@pytest.mark.parametrize("third", BANKER_COLUMNS)
@pytest.mark.parametrize("total", range(8))
def test_banker_table_forced_cells_never_ask_and_free_cells_always_do(
    total: int, third: int | None
) -> None:
    expected = rules_md_banker(total, third)
    for answer in ("draw", "stand"):
        banker = Recorder(answer)
        cards = banker_cell_coup(total, third)
        play = CoupInPlay(cards)
        coup = None
        while (view := play.pending) is not None:
            assert view.role == "banker", "the bettor's cell here is forced"
            play.decide(banker(view))
        coup = play.result()
        if expected == "choice":
            assert len(banker.views) == 1
            drew = answer == "draw"
            assert coup.banker_choice is Decision(answer)
        else:
            assert banker.views == []
            drew = expected == "draw"
            assert coup.banker_choice is None
        assert len(coup.banker) == (3 if drew else 2)
        assert coup.bettor_third == (None if third is None else cards[4])


@pytest.mark.parametrize("bettors", [1, 2, 5])
@pytest.mark.parametrize("total", range(8))
def test_bettor_free_cells_single_bettor_1_to_7_several_bettors_only_5(
    total: int, bettors: int
) -> None:
    expected = rules_md_bettor(total, bettors)
    bettor = Recorder("stand")
    cards = deal_order(two_cards(total, Suit.HEARTS), two_cards(7, Suit.SPADES),
                       Card(Rank.FOUR, Suit.CLUBS))
    coup = play_coup(Shoe(cards), bettors=bettors, bettor_policy=bettor,
                     banker_policy=never_called)
    if expected == "choice":
        assert len(bettor.views) == 1 and bettor.views[0].bettors == bettors
        assert coup.bettor_choice is Decision.STAND and len(coup.bettor) == 2
    else:
        assert bettor.views == [] and coup.bettor_choice is None
        assert len(coup.bettor) == (3 if expected == "draw" else 2)


def test_punto_banco_policy_answers_from_the_punto_banco_table() -> None:
    # The two free banker cells, where the fixed Punto Banco table draws (RULES.md system A:
    # 3 draws on anything but 8; 5 draws on 4-7).
    for cards in ("K♥ A♠ Q♥ 2♦ 9♥ 4♣", "K♥ A♠ Q♥ 4♦ 4♥ 4♣"):
        coup = play_coup(Shoe.stacked(cards), bettor_policy=never_called,
                         banker_policy=as_punto_banco)
        assert coup.banker_choice is Decision.DRAW
    # The bettor on 5 (several bettors) draws, on 6-7 (single bettor) stands.
    assert play_coup(Shoe.stacked("2♥ 7♠ 3♥ K♦ 4♣"),
                     banker_policy=never_called).bettor_choice is Decision.DRAW
    assert play_coup(Shoe.stacked("2♥ 7♠ 4♥ K♦"), bettors=1,
                     banker_policy=never_called).bettor_choice is Decision.STAND


# -- what each player may see -----------------------------------------------------------------------


def all_cards_in(value: object) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in all_cards_in(getattr(value, f.name))]
    if isinstance(value, tuple | list):
        return [c for item in value for c in all_cards_in(item)]
    return []


def test_banker_policy_never_receives_the_bettors_hidden_cards() -> None:
    hidden = parse_cards("2♥ 3♣")
    seen: list[View] = []

    def inspecting(view: View) -> str:
        seen.append(view)
        assert {f.name for f in dataclasses.fields(view)} == {
            "role", "cards", "total", "bettors", "cell", "third_card"}
        cards = all_cards_in(view)
        assert not set(hidden) & set(cards), f"the banker saw a hidden card: {view!r}"
        assert cards == [*parse_cards("A♠ 2♦"), Card.parse("9♥")]
        assert "2♥" not in repr(view) and "3♣" not in repr(view)
        return "stand"

    coup = play_coup(Shoe.stacked("2♥ A♠ 3♣ 2♦ 9♥"), bettor_policy=always_draw,
                     banker_policy=inspecting)
    assert len(seen) == 1 and coup.winner is Winner.BETTOR


def test_bettor_policy_never_receives_the_bankers_cards() -> None:
    def inspecting(view: View) -> str:
        assert all_cards_in(view) == list(parse_cards("2♥ 3♣"))
        assert view.third_card is None
        return "stand"

    play_coup(Shoe.stacked("2♥ A♠ 3♣ 6♦"), bettor_policy=inspecting, banker_policy=never_called)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(list(Rank)), min_size=6, max_size=6),
       st.integers(1, 4), st.integers(0, 2**16))
def test_views_hold_only_own_cards_and_the_face_up_third(
    ranks: list[Rank], bettors: int, seed: int
) -> None:
    suits = [Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    cards = [Card(r, s) for r, s in zip(ranks, suits, strict=True)]
    bettor_hidden, banker_hidden = [cards[0], cards[2]], [cards[1], cards[3]]

    def check_bettor(view: View) -> Any:
        assert view.role == "bettor" and list(view.cards) == bettor_hidden
        assert view.third_card is None and view.total == hand_total(bettor_hidden)
        return RandomPolicy(seed)(view)

    def check_banker(view: View) -> Any:
        assert view.role == "banker" and list(view.cards) == banker_hidden
        assert view.third_card == cards[4]
        assert view.cell.third == cards[4].points
        return RandomPolicy(seed + 1)(view)

    coup = play_coup(Shoe(cards), bettors=bettors, bettor_policy=check_bettor,
                     banker_policy=check_banker)
    assert coup.cards == tuple(cards[: len(coup.cards)])


# -- order of information ------------------------------------------------------------------------


def test_banker_natural_after_the_bettor_asked_the_card_is_not_dealt() -> None:
    shoe = Shoe.stacked("2♥ 9♠ 3♣ K♦ 9♥")
    coup = play_coup(shoe, bettor_policy=always_draw, banker_policy=never_called)
    assert coup.bettor == parse_cards("2♥ 3♣") and coup.banker_total == 9
    assert coup.winner is Winner.BANKER and coup.withheld and coup.natural == "banker"
    assert shoe.remaining_cards() == parse_cards("9♥")  # the requested card stays in the shoe
    assert [(s.actor, s.action) for s in coup.steps[4:]] == [
        ("bettor", "look"), ("bettor", "announce"), ("banker", "look"), ("banker", "natural"),
        ("table", "show"), ("table", "result")]
    assert coup.steps[7].rule == Rule.BANKER_NATURAL


def test_banker_natural_after_the_bettor_stood_wins_at_once() -> None:
    coup = deal_coup("6♥ 4♠ K♣ 4♦")
    assert coup.winner is Winner.BANKER and not coup.withheld and len(coup.bettor) == 2


@pytest.mark.parametrize(("cards", "winner"), [
    ("5♥ 3♠ 4♣ K♦", Winner.BETTOR),   # bettor 9 against 3
    ("5♥ 9♠ 3♣ K♦", Winner.BANKER),   # 8 against 9: the banker shows and wins
    ("8♥ 4♠ K♣ 4♦", Winner.PUSH),     # 8 against 8: stakes returned
])
def test_bettor_natural_no_decisions_asked_and_no_third_cards(cards: str, winner: Winner) -> None:
    for bettors in (1, 3):
        coup = play_coup(Shoe.stacked(cards), bettors=bettors, bettor_policy=never_called,
                         banker_policy=never_called)
        assert coup.winner is winner and coup.natural == "bettor"
        assert len(coup.bettor) == len(coup.banker) == 2
        assert [s.action for s in coup.steps[4:]] == ["look", "natural", "show", "result"]


def test_the_third_card_is_dealt_after_the_banker_looks() -> None:
    coup = deal_coup("K♥ 2♠ Q♣ 3♦ 7♥ 5♣")
    actions = [(s.actor, s.action) for s in coup.steps]
    assert actions.index(("banker", "look")) < actions.index(("bettor", "draw"))
    assert actions.index(("bettor", "announce")) < actions.index(("banker", "look"))
    face_up = coup.steps[actions.index(("bettor", "draw"))]
    assert face_up.rule == Rule.THIRD_CARD_FACE_UP and face_up.fact("face") == "up"
    assert all(s.fact("face") == "down" for s in coup.steps[:4])


# -- refused answers and explicit decisions --------------------------------------------------


@pytest.mark.parametrize("answer", ["maybe", "", 3, None, Decision.CHOICE, "choice"])
def test_a_bad_answer_is_refused_and_changes_nothing(answer: object) -> None:
    play = CoupInPlay("2♥ A♠ 3♣ 2♦ 9♥ 5♠")
    before = state(play)
    with pytest.raises(InvalidDecision, match="expected 'draw' or 'stand'"):
        play.decide(answer)
    assert not play.can_decide(answer)
    assert state(play) == before
    with pytest.raises(InvalidDecision, match=r"from the banker's policy"):
        play_coup(Shoe.stacked("2♥ A♠ 3♣ 2♦ 9♥ 5♠"), bettor_policy=always_draw,
                  banker_policy=lambda view: "perhaps")


def test_a_decision_with_nothing_pending_is_refused() -> None:
    play = CoupInPlay("6♥ 4♠ K♣ 4♦")
    assert play.done
    before = state(play)
    with pytest.raises(IllegalAction, match="no decision is pending"):
        play.decide("draw")
    assert state(play) == before


def test_a_decision_that_runs_out_of_cards_is_refused_and_changes_nothing() -> None:
    play = CoupInPlay("2♥ A♠ 3♣ 6♦")
    before = state(play)
    with pytest.raises(ShoeExhausted, match="asked for a third card"):
        play.decide("draw")
    assert state(play) == before
    play.decide("stand")
    assert play.result().winner is Winner.BANKER  # 5 against 7


def test_a_policy_on_a_short_shoe_leaves_the_shoe_as_it_was() -> None:
    shoe = Shoe.stacked("K♥ A♠ Q♣ 2♦")
    with pytest.raises(ShoeExhausted):
        play_coup(shoe)
    assert shoe.remaining == 4


@pytest.mark.parametrize(("cards", "kwargs", "role", "message"), [
    ("2♥ A♠ 4♣ 2♦ 9♥", {"bettor": "draw", "banker": "stand"}, "bettor", "6 with several bettors"),
    ("K♥ A♠ Q♣ A♦ 9♥ 5♠", {"banker": "draw"}, "banker", "2 against a third card of 9"),
    ("5♥ 3♠ 4♣ K♦", {"bettor": "stand"}, "bettor", "natural 9"),
    ("2♥ 9♠ 3♣ K♦", {"bettor": "draw", "banker": "stand"}, "banker", "natural 9"),
])
def test_a_decision_for_a_forced_cell_is_an_error(
    cards: str, kwargs: dict[str, str], role: str, message: str
) -> None:
    with pytest.raises(ForcedCell, match=message) as info:
        deal_coup(cards, bettor=kwargs.get("bettor"), banker=kwargs.get("banker"))
    assert info.value.role == role


def test_a_free_cell_without_a_decision_is_an_error_naming_whose() -> None:
    with pytest.raises(MissingDecision, match="the bettor must decide") as info:
        deal_coup("2♥ A♠ 3♣ 2♦ 9♥ 5♠")
    assert info.value.role == "bettor"
    with pytest.raises(MissingDecision, match="3 against a third card of 9") as info:
        deal_coup("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw")
    assert info.value.role == "banker"


def test_too_few_or_too_many_cards() -> None:
    with pytest.raises(ShoeExhausted, match="the banker draws a third card"):
        deal_coup("K♥ A♠ Q♣ A♦ 9♥")
    with pytest.raises(IllegalAction, match="5♠ was left over"):
        deal_coup("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw", banker="stand")
    with pytest.raises(IllegalAction, match="number of bettors 0"):
        deal_coup("6♥ 4♠ K♣ 4♦", bettors=0)


def test_errors_are_bacara_errors() -> None:
    assert issubclass(InvalidDecision, NotationError)
    assert issubclass(ForcedCell, IllegalAction) and issubclass(MissingDecision, BacaraError)


def test_ready_made_policies() -> None:
    view = View("bettor", parse_cards("2♥ 3♣"), 5, 2,
                CoupInPlay("2♥ A♠ 3♣ 2♦").pending.cell)  # type: ignore[union-attr]
    assert always_draw(view) is Decision.DRAW and always_stand(view) is Decision.STAND
    one, two = get_policy("random", seed=5), get_policy("random", seed=5)
    answers = [one(view) for _ in range(40)]
    assert answers == [two(view) for _ in range(40)]
    assert set(answers) == {Decision.DRAW, Decision.STAND}
    with pytest.raises(IllegalAction, match="unknown policy 'bold'"):
        get_policy("bold")


# -- records: repr, JSON, narration ----------------------------------------------------------------

POLICY = st.sampled_from(["draw", "stand"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(list(Rank)), min_size=6, max_size=6),
       st.lists(st.sampled_from(list(Suit)), min_size=6, max_size=6),
       st.integers(1, 3), POLICY, POLICY)
def test_repr_pastes_back_and_dict_round_trips(
    ranks: list[Rank], suits: list[Suit], bettors: int, bettor: str, banker: str
) -> None:
    cards = [Card(r, s) for r, s in zip(ranks, suits, strict=True)]
    coup = play_coup(Shoe(cards), bettors=bettors, bettor_policy=lambda v: bettor,
                     banker_policy=lambda v: banker)
    assert eval(repr(coup), {"CheminDeFerCoup": CheminDeFerCoup}) == coup
    data = json.loads(json.dumps(coup.to_dict(), ensure_ascii=False))
    assert CheminDeFerCoup.from_dict(data) == coup
    assert data["winner"] == Winner.compare(data["bettor"]["total"], data["banker"]["total"]).value
    for lang in language_codes():
        lines = coup.narrate(lang).split("\n")
        assert len(lines) == len(coup.steps) - 3  # the four deals share one line


def test_to_dict_shape_for_the_command_line() -> None:
    data = deal_coup("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw", banker="draw").to_dict()
    assert data["bettor"] == {"cards": ["2♥", "3♣", "9♥"], "total": 4}
    assert data["banker"] == {"cards": ["A♠", "2♦", "5♠"], "total": 8}
    assert data["winner"] == "banker"
    free = [s["reason"] for s in data["steps"] if s["reason"]["rule"] == "choice"]
    assert [r["cell"]["hand"] for r in free] == ["player", "banker"]


def test_coup_in_play_round_trips_mid_coup() -> None:
    play = CoupInPlay("2♥ A♠ 3♣ 2♦ 9♥ 5♠")
    play.decide("draw")
    again = CoupInPlay.from_dict(json.loads(json.dumps(play.to_dict())))
    assert again == play and again.pending == play.pending
