"""What the roads predict: conditional odds by two routes, removal along real shoes, streaks."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache

import pytest

from bacara_teach.analysis import Composition, count_deals
from bacara_teach.analysis.edges import CASINO_BETS, analyse_bets
from bacara_teach.analysis.roads import (
    CUT_CARD,
    deal_shoe,
    pattern_odds_by_dealing,
    pattern_odds_by_removal,
    removal_path,
    streak_study,
)
from bacara_teach.errors import IllegalAction, ShoeExhausted
from bacara_teach.punto_banco import Coup, Outcome
from bacara_teach.shoe import Shoe

# Twelve cards: small enough to deal every order, big enough for two coups.
TINY = Composition.from_points([4, 2, 2, 1, 1, 1, 1, 0, 0, 0])
SKEWED = Composition.from_points([2, 1, 0, 2, 0, 3, 0, 2, 0, 2])
# Eighteen cards of four values: three coups always fit, so patterns of two coups can be asked.
THREE_COUPS = Composition.from_points([7, 0, 0, 3, 0, 4, 0, 0, 0, 4])
RANK = {0: "K", 1: "A", **{v: str(v) for v in range(2, 10)}}


@cache
def _ended(points: tuple[int, ...]) -> Outcome | None:
    """The winner of the coup dealt from exactly these cards, or None while it needs more."""
    try:
        return Coup.from_cards(" ".join(f"{RANK[v]}s" for v in points)).winner
    except ShoeExhausted:
        return None


@cache
def _by_hand(shoe: Composition, pattern: str) -> dict[str, Fraction]:
    """The next coup's odds among the deals whose first coups went ``pattern``, found apart
    from the module: every order of the shoe, card by card, each card drawn with its chance,
    and the engine's own coup (:meth:`Coup.from_cards`) saying where each coup ends."""
    wanted = [Outcome({"B": "banco", "P": "punto", "E": "empate"}[c]) for c in pattern]

    @cache
    def walk(counts: tuple[int, ...], done: int, coup: tuple[int, ...]) -> dict[str, Fraction]:
        ended = _ended(coup) if len(coup) >= 4 else None
        if ended is not None:
            if done == len(wanted):
                return {ended.value: Fraction(1)}
            return walk(counts, done + 1, ()) if ended is wanted[done] else {}
        out: dict[str, Fraction] = {}
        n = sum(counts)
        for value, k in enumerate(counts):
            if k:
                left = (*counts[:value], k - 1, *counts[value + 1:])
                for key, chance in walk(left, done, (*coup, value)).items():
                    out[key] = out.get(key, Fraction(0)) + Fraction(k, n) * chance
        return out

    joint = walk(shoe.points, 0, ())
    seen = sum(joint.values(), Fraction(0))
    return {key: joint.get(key, Fraction(0)) / seen for key in ("banco", "punto", "empate")}


@pytest.mark.parametrize("shoe", [TINY, SKEWED], ids=["tiny", "skewed"])
@pytest.mark.parametrize("results", ["B", "P", "E"])
def test_next_coup_given_the_road_equals_the_average_of_the_cards_left(shoe: Composition, results: str) -> None:
    by_dealing = pattern_odds_by_dealing(shoe, results)
    assert by_dealing == pattern_odds_by_removal(shoe, results)
    assert sum(by_dealing.values()) == 1


@pytest.mark.parametrize("results", ["B", "BB", "BP", "PE"])
@pytest.mark.parametrize("route", [pattern_odds_by_dealing, pattern_odds_by_removal],
                         ids=["dealing", "removal"])
def test_a_road_pattern_s_odds_are_those_of_every_deal_that_draws_it(
        route: Callable[[Composition, str], dict[str, Fraction]], results: str) -> None:
    """Both routes share how they follow the pattern; a count written here apart checks that too."""
    expected = _by_hand(THREE_COUPS, results)
    assert route(THREE_COUPS, results) == expected
    assert sum(expected.values()) == 1


def test_a_longer_road_moves_a_small_shoe_s_odds_further() -> None:
    fresh = count_deals(THREE_COUPS).probabilities()
    after = {results: pattern_odds_by_dealing(THREE_COUPS, results) for results in ("B", "BB", "PP")}
    assert len({tuple(odds.values()) for odds in (fresh, *after.values())}) == 4
    assert after["BB"]["banco"] != after["B"]["banco"]


def test_with_no_result_known_the_next_coup_is_the_full_shoe() -> None:
    assert pattern_odds_by_dealing(TINY, "") == count_deals(TINY).probabilities()


def test_in_a_small_shoe_the_result_so_far_moves_the_odds_through_the_cards_it_used() -> None:
    fresh = count_deals(TINY).probabilities()
    after_banco = pattern_odds_by_dealing(TINY, "B")
    after_punto = pattern_odds_by_dealing(TINY, "P")
    assert fresh not in (after_banco, after_punto)
    assert after_banco != after_punto


def test_a_pattern_the_shoe_cannot_carry_is_refused() -> None:
    with pytest.raises(IllegalAction, match="the shoe runs out"):
        pattern_odds_by_dealing(TINY, "BB")


def test_a_dealt_shoe_keeps_the_cards_left_before_every_coup() -> None:
    run = deal_shoe(8, seed=11)
    assert run.before[0] == Composition.standard(8)
    shoe = Shoe.standard(8, seed=11)
    for coup, before, after in zip(run.coups, run.before, run.before[1:], strict=False):
        assert before == Composition.from_shoe(shoe)
        assert before.total - after.total == len(coup.cards)
        assert before.total >= CUT_CARD
        assert [str(c) for c in shoe.peek(len(coup.cards))] == [str(c) for c in coup.cards]
        shoe.start_coup()
        for _ in coup.cards:
            shoe.draw()
    assert run.before[-1].total < CUT_CARD
    with pytest.raises(IllegalAction, match="invalid cut card 3"):
        deal_shoe(8, seed=1, cut_card=3)


def test_removal_path_prices_each_coup_on_the_cards_left() -> None:
    run = deal_shoe(8, seed=3)
    short = type(run)(run.decks, run.seed, run.cut_card, run.coups[:5], run.before[:6])
    seen: list[tuple[int, int]] = []
    path = removal_path(short, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (5, 5) and [s.index for s in path] == [0, 1, 2, 3, 4]
    for step in path:
        composition = run.before[step.index]
        assert step.odds == count_deals(composition).probabilities()
        expected = {a.terms.name: a for a in analyse_bets(CASINO_BETS, composition)}
        assert step.bets == expected
    assert path[0].odds == count_deals(8).probabilities()


def test_streak_study_tallies_every_coup_after_the_first_win_of_each_shoe() -> None:
    rows = streak_study(shoes=4, seed=20, longest=4)
    expected_trials = 0
    banco_after_banco = 0
    for seed in range(20, 24):
        results = [c.winner.value for c in deal_shoe(8, seed=seed).coups]
        first = next(i for i, r in enumerate(results) if r != "empate")
        expected_trials += len(results) - first - 1
        side, length = None, 0
        for r in results:
            if side == "banco" and length == 1 and r == "banco":
                banco_after_banco += 1
            if r == "empate":
                continue
            side, length = (side, length + 1) if r == side else (r, 1)
    assert sum(row.trials for row in rows) == expected_trials
    one_banco = next(r for r in rows if r.side == "banco" and r.length == 1)
    assert one_banco.next["banco"].hits == banco_after_banco
    assert {r.length for r in rows} <= {1, 2, 3, 4}


def test_after_long_runs_the_next_coup_is_still_the_shoes_odds() -> None:
    rows = streak_study(shoes=100, seed=1)
    fresh = count_deals(8).probabilities()
    for row in rows:
        if row.trials >= 200:
            for key, estimate in row.next.items():
                # 99.9% intervals: the coup after a run is an ordinary coup.
                assert estimate.contains(fresh[key], z=3.3), (row.side, row.length, key)
    assert Fraction(1) == sum(fresh.values())
