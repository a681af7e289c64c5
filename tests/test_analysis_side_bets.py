"""Commission-free tables and side bets: exact counts against the published eight-deck tables.

Golden figures, as published (combinations are ordered six-card deals of 416 cards, the same
denominator as the engine's, 4,998,398,275,503,360):

* Wizard of Odds, EZ Baccarat: a Banco win on a three-card 7, 112,633,011,329,024; Panda 8,
  172,660,763,262,976; house edges (to six decimals) Banco 0.010183, Dragon 7 0.076113
  (the 40:1 bet), Panda 8 0.101876 (25:1).
* Wizard of Odds, baccarat side bets, Dragon Bonus (8 decks): every row's combinations, and the
  house edges 0.026517 (Punto) and 0.093731 (Banco); by decks 4/6/8: 2.70/2.67/2.65% and
  9.42/9.39/9.37%.
* Wizard of Odds, 4-5-6: the probability of 4, 5 and 6 cards to six decimals (6 and 8 decks),
  returns -0.05283 (4 cards at 3:2, 8 decks); the Big/Small tables' 4.35% and 5.27% are the
  six-deck figures of the same bets.
* Banco win on 6 (no-commission tables): 269,232,304,455,680 deals; house edge 0.014581045.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bacara_teach.analysis import count_deals, pair_probability
from bacara_teach.analysis.side_bets import (
    BANCO_EZ,
    BANCO_SIX_HALF,
    BIG,
    DRAGON_7,
    DRAGON_BONUS_BANCO,
    DRAGON_BONUS_PUNTO,
    EITHER_PAIR,
    EVENTS,
    FIVE_CARDS,
    FOUR_CARDS,
    PANDA_8,
    PERFECT_PAIR,
    PERFECT_PAIR_ONE_OR_BOTH,
    PUBLISHED,
    PUNTO_EVEN,
    SIDE_BETS,
    SIX_CARDS,
    SMALL,
    Final,
    FinalCounts,
    SideBet,
    count_finals,
    house_edge,
    outcome_distribution,
    pair_bet_edge,
    pair_bet_odds,
    standard_cards,
)
from bacara_teach.errors import NotationError


@pytest.fixture(scope="module")
def eight() -> FinalCounts:
    return count_finals(8)


def test_final_counts_add_up_to_the_engine_s_winner_counts(eight: FinalCounts) -> None:
    deals = count_deals(8)
    assert eight.total == deals.total == 4_998_398_275_503_360
    assert eight.count(EVENTS["banco-wins"]) == deals.banco
    assert eight.count(EVENTS["punto-wins"]) == deals.punto
    assert eight.count(EVENTS["tie"]) == deals.empate
    used = tuple(eight.count(EVENTS[f"{n}-cards"]) for n in (4, 5, 6))
    assert used == deals.cards_used
    assert eight.count(lambda f: f.punto_natural or f.banco_natural) == deals.naturals


def test_ez_baccarat_matches_the_published_table(eight: FinalCounts) -> None:
    assert eight.count(EVENTS["banco-wins-3-card-7"]) == 112_633_011_329_024
    assert eight.count(EVENTS["punto-wins-3-card-8"]) == 172_660_763_262_976
    assert round(float(house_edge(BANCO_EZ, eight)), 6) == 0.010183
    assert round(float(house_edge(DRAGON_7, eight)), 6) == 0.076113
    assert round(float(house_edge(PANDA_8, eight)), 6) == 0.101876
    assert round(float(house_edge(PUNTO_EVEN, eight)), 6) == 0.012351


def test_banco_six_pays_half_matches_the_published_figure(eight: FinalCounts) -> None:
    assert eight.count(EVENTS["banco-wins-with-6"]) == 269_232_304_455_680
    assert round(float(house_edge(BANCO_SIX_HALF, eight)), 9) == 0.014581045


DRAGON_ROWS = {  # Wizard of Odds, Dragon Bonus, 8 decks: combinations per row
    DRAGON_BONUS_PUNTO: {30: 18_409_431_764_992, 10: 34_097_645_543_424, 6: 89_590_261_473_280,
                         4: 141_238_897_317_888, 2: 166_169_165_987_840},
    DRAGON_BONUS_BANCO: {30: 15_390_342_909_952, 10: 28_305_092_784_128, 6: 79_517_099_278_336,
                         4: 119_200_072_366_080, 2: 157_275_882_332_160},
}


@pytest.mark.parametrize(("bet", "edge", "rows"), [
    (DRAGON_BONUS_PUNTO, 0.026517, (186_780_352_174_080, 812_685_054_124_032, 89_325_908_267_520)),
    (DRAGON_BONUS_BANCO, 0.093731, (201_147_167_287_296, 812_685_054_124_032, 89_325_908_267_520)),
], ids=["punto", "banco"])
def test_dragon_bonus_matches_every_published_row(eight: FinalCounts, bet: SideBet, edge: float,
                                                  rows: tuple[int, int, int]) -> None:
    win_by_4, natural_win, natural_tie = rows
    side = "punto" if bet is DRAGON_BONUS_PUNTO else "banco"
    margins = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2}
    for k, pays in margins.items():
        assert eight.count(EVENTS[f"{side}-wins-by-{k}"]) == DRAGON_ROWS[bet][pays], k
    assert eight.count(EVENTS[f"{side}-wins-by-4"]) == win_by_4
    assert eight.count(EVENTS[f"{side}-natural-win"]) == natural_win
    assert eight.count(EVENTS["natural-tie"]) == natural_tie
    assert round(float(house_edge(bet, eight)), 6) == edge


@pytest.mark.parametrize(("decks", "punto", "banco"), [(4, "2.70", "9.42"), (6, "2.67", "9.39"), (8, "2.65", "9.37")])
def test_dragon_bonus_by_decks(decks: int, punto: str, banco: str) -> None:
    counts = count_finals(decks)
    assert f"{float(house_edge(DRAGON_BONUS_PUNTO, counts)) * 100:.2f}" == punto
    assert f"{float(house_edge(DRAGON_BONUS_BANCO, counts)) * 100:.2f}" == banco


@pytest.mark.parametrize(("decks", "four", "five", "six"), [
    (6, 0.378925, 0.303540, 0.317535), (8, 0.378868, 0.303444, 0.317687)])
def test_four_five_six_matches_the_published_probabilities(decks: int, four: float, five: float, six: float) -> None:
    counts = count_finals(decks)
    shown = [round(float(counts.probability(EVENTS[f"{n}-cards"])), 6) for n in (4, 5, 6)]
    assert shown == [four, five, six]
    if decks == 8:
        assert round(float(-house_edge(FOUR_CARDS, counts)), 5) == -0.05283
        # The published returns of 5 and 6 cards (-0.089668, -0.046939) are 3 x the rounded
        # probability - 1; the exact returns round to them from the exact probabilities.
        for bet, published in ((FIVE_CARDS, five), (SIX_CARDS, six)):
            exact = -house_edge(bet, counts)
            assert round(float(exact), 5) == round(3 * published - 1, 5)


def test_big_and_small_match_the_published_six_deck_edges() -> None:
    six = count_finals(6)
    assert f"{float(house_edge(BIG, six)) * 100:.2f}" == "4.35"
    assert f"{float(house_edge(SMALL, six)) * 100:.2f}" == "5.27"


def test_every_bet_settles_every_final_state_once() -> None:
    finals = [Final(p, b, pc, bc) for p in range(10) for b in range(10) for pc in (2, 3) for bc in (2, 3)]
    for bet in SIDE_BETS:
        for final in finals:
            result = bet.result(final)
            winning = [e for e in bet.pays if EVENTS[e](final)]
            assert len(winning) <= 1, (bet.name, final, winning)
            if winning:
                assert result == bet.pays[winning[0]]
            elif any(EVENTS[e](final) for e in bet.push):
                assert result == 0
            else:
                assert result == -1


@pytest.mark.parametrize(("final", "expected"), [
    (Final(3, 7, 2, 3), {BANCO_EZ: 0, DRAGON_7: 40, BANCO_SIX_HALF: 1, PUNTO_EVEN: -1, DRAGON_BONUS_BANCO: 1}),
    (Final(2, 6, 3, 2), {BANCO_SIX_HALF: Fraction(1, 2), BANCO_EZ: 1, DRAGON_BONUS_BANCO: 1, SMALL: -1, BIG: Fraction(54, 100)}),
    (Final(8, 2, 3, 3), {PANDA_8: 25, PUNTO_EVEN: 1, DRAGON_BONUS_PUNTO: 4, SIX_CARDS: 2, FIVE_CARDS: -1}),
    (Final(9, 9, 2, 2), {DRAGON_BONUS_PUNTO: 0, DRAGON_BONUS_BANCO: 0, PUNTO_EVEN: 0, BANCO_EZ: 0, SMALL: Fraction(3, 2)}),
    (Final(9, 0, 2, 2), {DRAGON_BONUS_PUNTO: 1, DRAGON_BONUS_BANCO: -1, FOUR_CARDS: Fraction(3, 2)}),
    (Final(5, 5, 3, 3), {DRAGON_BONUS_PUNTO: -1, PUNTO_EVEN: 0, BANCO_SIX_HALF: 0}),
    (Final(7, 4, 2, 3), {DRAGON_BONUS_PUNTO: -1, DRAGON_7: -1}),
], ids=["dragon-7", "banco-6", "panda-8", "natural-tie", "natural-win", "tie", "win-by-3"])
def test_settlement_of_chosen_coups(final: Final, expected: dict[SideBet, Fraction | int]) -> None:
    for bet, net in expected.items():
        assert bet.result(final) == net, bet.name


def test_distribution_sums_to_one_and_unknown_events_are_refused(eight: FinalCounts) -> None:
    for bet in SIDE_BETS:
        assert sum(outcome_distribution(bet, eight).values()) == 1
    with pytest.raises(NotationError, match="unknown event 'dragon-9'"):
        SideBet("x", "x", {"dragon-9": Fraction(1)})


# -- pair bets: Wizard of Odds, Perfect Pairs versions 1 and 2 (7,379,583,120 four-card deals
# counted with the two cards of each hand unordered); Either Pair 5:1 published at 13.71% --------


def test_perfect_pairs_match_the_published_tables() -> None:
    eight = standard_cards(8)
    deals = 7_379_583_120
    odds = pair_bet_odds(PERFECT_PAIR_ONE_OR_BOTH, eight)
    assert [odds[k] * deals for k in ("both", "one", "none")] == [2_101_008, 244_747_776, 7_132_734_336]
    assert round(float(pair_bet_edge(PERFECT_PAIR, eight)), 6) == 0.130294
    assert round(float(pair_bet_edge(PERFECT_PAIR_ONE_OR_BOTH, eight)), 6) == 0.066235
    six = pair_bet_odds(PERFECT_PAIR, standard_cards(6))
    assert (six["one"] + six["both"]) * 2_323_673_820 == 74_114_820
    assert round(float(pair_bet_edge(PERFECT_PAIR, standard_cards(6))), 6) == 0.170716


def test_either_pair_matches_the_published_edge_and_the_engine_s_pair_chance() -> None:
    eight = standard_cards(8)
    assert f"{float(pair_bet_edge(EITHER_PAIR, eight)) * 100:.2f}" == "13.71"
    odds = pair_bet_odds(EITHER_PAIR, eight)
    one_hand = pair_probability(8)  # the engine's Punto (or Banco) pair chance
    assert odds["one"] + 2 * odds["both"] == 2 * one_hand


def test_pair_bets_for_a_shoe_with_cards_out() -> None:
    cards = standard_cards(1)
    for suit in range(4):
        cards[(12, suit)] = 0  # no kings left
    odds = pair_bet_odds(EITHER_PAIR, cards)
    assert sum(odds.values()) == 1
    with pytest.raises(NotationError, match="too small"):
        pair_bet_odds(EITHER_PAIR, {(0, 0): 3})


def test_every_published_figure_listed_with_its_source_is_reproduced() -> None:
    assert len(PUBLISHED) >= 10
    for published in PUBLISHED:
        assert published.engine_figure() == published.figure, published
        assert published.url.startswith("https://")
