"""House edges of every bet: published figures, the two readings of a pair, payout descriptions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bacara_teach.analysis.composition import Composition
from bacara_teach.analysis.edges import (
    ALL_BETS,
    BANCO,
    BANCO_LESS_COMMISSION,
    CASINO_BETS,
    EMPATE_8,
    EMPATE_9,
    HOME_BETS,
    PAREJA_BANCO,
    PAREJA_PUNTO,
    PAREJA_PUNTO_BY_POINTS,
    PUNTO,
    BetTerms,
    analyse_bet,
    analyse_bets,
    house_edges,
)
from bacara_teach.errors import IllegalAction, NotationError


def percent(x: Fraction, places: int = 2) -> float:
    return round(float(x) * 100, places)


def test_published_eight_deck_edges() -> None:
    assert percent(analyse_bet(BANCO, 8).house_edge) == 1.06
    assert percent(analyse_bet(PUNTO, 8).house_edge) == 1.24
    assert percent(analyse_bet(EMPATE_8, 8).house_edge) == 14.36
    assert percent(analyse_bet(EMPATE_9, 8).house_edge) == 4.84
    assert percent(analyse_bet(PAREJA_PUNTO, 8).house_edge) == 10.36
    assert percent(analyse_bet(PAREJA_BANCO, 8).house_edge) == 10.36


def test_home_profile_edges_to_six_places() -> None:
    edges = house_edges(8, HOME_BETS)
    assert round(float(edges["banco"].house_edge), 6) == 0.010579
    assert round(float(edges["punto"].house_edge), 6) == 0.012351
    assert round(float(edges["empate"].house_edge), 6) == 0.143596


def test_banco_at_nineteen_twentieths_equals_one_to_one_less_five_percent() -> None:
    a, b = analyse_bet(BANCO, 8), analyse_bet(BANCO_LESS_COMMISSION, 8)
    assert a.house_edge == b.house_edge
    assert a.variance == b.variance
    assert BANCO_LESS_COMMISSION.net_win == Fraction(19, 20)


def test_a_tie_pushes_punto_and_banco_and_wins_empate() -> None:
    analyses = {a.terms.describe(): a for a in analyse_bets([PUNTO, BANCO, EMPATE_8], 8)}
    punto, banco, empate = analyses["punto 1:1"], analyses["banco 19/20:1"], analyses["empate 8:1"]
    assert punto.push == banco.push == empate.win
    assert empate.push == 0
    assert punto.win == banco.lose


def test_edge_is_minus_expectation_from_win_push_lose() -> None:
    for analysis in analyse_bets(ALL_BETS, 8):
        net = analysis.terms.net_win
        assert analysis.win + analysis.push + analysis.lose == 1
        assert analysis.house_edge == analysis.lose - net * analysis.win
        mean = net * analysis.win - analysis.lose
        assert analysis.variance == net * net * analysis.win + analysis.lose - mean * mean


def test_published_standard_deviations() -> None:
    # Per unit staked, 8 decks: Banco 0.9274, Punto 0.9512, Empate 8:1 2.6409.
    sd = {a.terms.describe(): round(a.std_dev, 4) for a in analyse_bets(HOME_BETS, 8)}
    assert sd == {"punto 1:1": 0.9512, "banco 19/20:1": 0.9274, "empate 8:1": 2.6409}


def test_pair_by_point_value_turns_the_edge_to_the_player() -> None:
    # K-Q counts as a pair under the second reading: 11:1 then pays more than it costs.
    by_rank = analyse_bet(PAREJA_PUNTO, 8)
    by_value = analyse_bet(PAREJA_PUNTO_BY_POINTS, 8)
    assert by_value.win == Fraction(128 * 127 + 9 * 32 * 31, 416 * 415)
    assert by_value.house_edge < 0 < by_rank.house_edge


def test_pair_by_rank_needs_ranks() -> None:
    shoe = Composition.from_points([16, 4, 4, 4, 4, 4, 4, 4, 4, 4])
    with pytest.raises(IllegalAction, match="rank"):
        analyse_bet(PAREJA_PUNTO, shoe)
    assert analyse_bet(PAREJA_PUNTO_BY_POINTS, shoe).win > 0


def test_published_six_deck_edges() -> None:
    edges = house_edges(6, CASINO_BETS)
    assert percent(edges["banco"].house_edge) == 1.06
    assert percent(edges["punto"].house_edge) == 1.24
    assert percent(edges["empate"].house_edge) == 4.93
    assert percent(analyse_bet(EMPATE_8, 6).house_edge) == 14.44


def test_bad_bet_terms_are_refused_with_what_is_valid() -> None:
    with pytest.raises(NotationError, match=r"payout 0\.95"):
        BetTerms(name="b", on="banco", payout=0.95)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="commission"):
        BetTerms(name="b", on="banco", payout=Fraction(1), commission=Fraction(3, 2))
    with pytest.raises(NotationError, match="pair reading 'suit'"):
        BetTerms(name="p", on="pareja-punto", payout=Fraction(11), pair_reading="suit")
    with pytest.raises(IllegalAction, match="named 'punto'"):
        house_edges(8, [PUNTO, PUNTO])
