"""The roads board: the engine's coups, the engine's roads and the exact odds of the cards left."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from bacara_teach.analysis import Composition, count_deals
from bacara_teach.analysis.roads import deal_shoe
from bacara_teach.road_svg import roads_html
from bacara_teach.roads import Roads
from bacara_teach.widgets import RoadsBoard


def test_board_deals_the_seeded_shoe_of_the_engine_and_draws_its_roads() -> None:
    board = RoadsBoard(seed=9, coups=25, lang="en")
    run = deal_shoe(8, seed=9)
    assert [c.cards for c in board.coups] == [c.cards for c in run.coups[:25]]
    assert board.roads == Roads.from_coups(run.coups[:25])
    assert board.picture.value == roads_html(board.roads, lang="en")
    assert board.odds == count_deals(run.before[25]).probabilities()
    assert "Coup 25:" in board.status.value
    board.deal_button.click()
    assert len(board.coups) == 26 and board.roads == Roads.from_coups(run.coups[:26])


def test_board_table_shows_the_cards_left_against_a_full_shoe() -> None:
    board = RoadsBoard(seed=2, coups=40, lang="en")
    left = Composition.from_shoe(board.shoe)
    assert f"Cards left ({left.total})" in board.table.value and "Full shoe (416)" in board.table.value
    banco = count_deals(left).probabilities()["banco"]
    assert f"title='{banco.numerator}/{banco.denominator}'" in board.table.value


def test_cut_card_ends_the_shoe_and_new_shoe_starts_again() -> None:
    board = RoadsBoard(seed=4, lang="en")
    board.ten_button.click()
    assert len(board.coups) == 10
    board.deal(1000)
    assert board.over and board.deal_button.disabled and board.ten_button.disabled
    assert len(board.coups) == len(deal_shoe(8, seed=4).coups)
    assert board.deal(1) == [] and "cut card" in board.status.value
    board.seed_box.value = 5
    board.new_button.click()
    assert board.coups == [] and not board.deal_button.disabled and board.shoe.seed == 5


def test_a_refused_shoe_changes_nothing() -> None:
    board = RoadsBoard(seed=4, coups=3, lang="es")
    shoe = board.shoe
    board.decks_box.max = 20
    board.decks_box.value = 13
    board.new_button.click()
    assert board.shoe is shoe and len(board.coups) == 3
    assert "role='alert'" in board.status.value and "13" in board.status.value


def test_board_speaks_spanish_and_deals_on_a_static_page() -> None:
    board = RoadsBoard(seed=1, coups=12, lang="es")
    assert board.deal_button.description == "Repartir un coup"
    assert "Camino grande" in board.picture.value and "Cartas que quedan" in board.table.value
    bundle = board._repr_mimebundle_()
    page = (bundle[0] if isinstance(bundle, tuple) else bundle)["text/html"]
    assert "data-practice='roads-board'" in page and "lang='es'" in page
    assert '"deal":"Repartir un coup"' in page and "Imagen fija" not in page
