"""The roads: hand-checked boards for fixed coup sequences, the derivation rules, the pictures.

Each board below was drawn by hand from the rules in :mod:`bacara_teach.roads`
(the usual casino conventions: six rows, a new big road column when the winner
changes, Empates marked on the last cell, the dragon tail, the derived roads'
red/blue comparisons 1, 2 and 3 columns back) and is compared, grid for grid,
with what the engine draws.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bacara_teach import Coup
from bacara_teach.errors import NotationError
from bacara_teach.punto_banco import Outcome
from bacara_teach.road_svg import road_svg, roads_html
from bacara_teach.roads import (
    ROWS,
    BeadCell,
    BigRoadCell,
    DerivedCell,
    Roads,
    derived_colours,
    parse_results,
)


def board(text: str) -> str:
    """A hand-drawn board written one row per line, trimmed like Road.text()."""
    return "\n".join(line.strip() for line in text.strip().splitlines())


# -- notation ---------------------------------------------------------------------------------


def test_results_notation_reads_winners_and_pairs() -> None:
    coups = parse_results("B P E T Pp Bb Epb")
    assert [c.winner for c in coups] == [Outcome.BANCO, Outcome.PUNTO, Outcome.EMPATE, Outcome.EMPATE,
                                         Outcome.PUNTO, Outcome.BANCO, Outcome.EMPATE]
    assert [(c.punto_pair, c.banco_pair) for c in coups][-3:] == [(True, False), (False, True), (True, True)]
    assert [c.notation for c in coups] == ["B", "P", "E", "E", "Pp", "Bb", "Epb"]
    assert parse_results(" ".join(c.notation for c in coups)) == coups


@pytest.mark.parametrize(("text", "where"), [("BX", "'X' at position 2"), ("p", "'p' at position 1"),
                                         ("Bpp", "repeated at position 3"), ("B 9", "'9' at position 3")])
def test_unreadable_results_name_the_character_and_what_is_valid(text: str, where: str) -> None:
    with pytest.raises(NotationError, match=re.escape(where)) as error:
        parse_results(text)
    assert "expected P (Punto), B (Banco) or E (Empate)" in str(error.value)


def test_coups_give_their_winner_and_pairs() -> None:
    coup = Coup.from_cards("4♥ 4♠ 4♣ 9♦")  # Punto 4♥ 4♣ (a pair), Banco 4♠ 9♦: Punto 8 natural
    roads = Roads.from_coups([coup])
    assert roads.coups[0].notation == "Pp"
    assert roads.bead_plate.text() == "P"


# -- bead plate -------------------------------------------------------------------------------


def test_bead_plate_fills_each_column_top_to_bottom_ties_included() -> None:
    roads = Roads.from_results("B P E B B P P Bb E")
    assert roads.bead_plate.text() == board("""
        B P
        P B
        E E
        B .
        B .
        P .
    """)
    ninth, eighth = roads.bead_plate.cells[8], roads.bead_plate.cells[7]
    assert isinstance(ninth, BeadCell) and isinstance(eighth, BeadCell)
    assert (ninth.x, ninth.y, ninth.index) == (1, 2, 8)
    assert eighth.coup.banco_pair


# -- big road ---------------------------------------------------------------------------------


def test_big_road_runs_columns_and_marks_ties_on_the_last_win() -> None:
    roads = Roads.from_results("B B E P Pp B B B P")
    assert roads.big_road.text() == board("""
        B P B P
        B P B .
        . . B .
    """)
    cells = roads.big_road.cells
    assert all(isinstance(c, BigRoadCell) for c in cells)
    assert [c.ties for c in cells if isinstance(c, BigRoadCell)] == [0, 1, 0, 0, 0, 0, 0, 0]
    second = cells[1]
    assert isinstance(second, BigRoadCell) and second.coups == (1, 2)
    fourth = cells[3]
    assert isinstance(fourth, BigRoadCell) and fourth.punto_pair and not fourth.banco_pair
    assert roads.big_road.column_lengths() == [2, 2, 3, 1]


def test_ties_before_the_first_win_are_marked_on_the_first_cell() -> None:
    roads = Roads.from_results("E E B P")
    first = roads.big_road.cells[0]
    assert isinstance(first, BigRoadCell)
    assert (first.ties, first.coups, first.winner) == (2, (2, 0, 1), Outcome.BANCO)
    assert Roads.from_results("E E").big_road.cells == ()


def test_a_run_longer_than_six_turns_right_along_the_bottom() -> None:
    roads = Roads.from_results("BBBBBBBB P")
    assert roads.big_road.text() == board("""
        B P .
        B . .
        B . .
        B . .
        B . .
        B B B
    """)
    assert roads.big_road.column_lengths() == [8, 1]
    tail = roads.big_road.cells[7]
    assert isinstance(tail, BigRoadCell) and (tail.column, tail.row, tail.x, tail.y) == (0, 7, 2, 5)


def test_a_run_that_meets_a_dragon_tail_turns_above_it() -> None:
    roads = Roads.from_results("BBBBBBBB P BBBBBB")
    assert roads.big_road.text() == board("""
        B P B .
        B . B .
        B . B .
        B . B .
        B . B B
        B B B .
    """)
    assert roads.big_road.column_lengths() == [8, 1, 6]
    # The derived roads read the true runs (8, 1, 6), not where they were drawn.
    assert roads.big_eye_boy.text() == board("""
        B R
        B R
        . R
        . R
    """)
    assert roads.small_road.text() == board("R\nR\nR\nR\nR")
    assert roads.cockroach_pig.cells == ()


# -- derived roads ----------------------------------------------------------------------------


def test_derived_roads_start_at_row_two_of_the_column_k_plus_one_or_the_next_column() -> None:
    # Big road B B | P P | B B | P: big eye boy starts at the 2nd P (column 2, row 2).
    roads = Roads.from_results("BBPPBBP")
    assert derived_colours(roads.big_road, 1)[0][0] == (1, 1)
    assert derived_colours(roads.big_road, 2)[0][0] == (2, 1)
    assert derived_colours(roads.big_road, 3) == []  # column 4 has a single cell: (3, 0) starts nothing
    # Equal columns everywhere: every comparison repeats.
    assert roads.big_eye_boy.text() == board("R\nR\nR\nR")
    assert roads.small_road.text() == board("R\nR")
    # A single-cell column 2: big eye boy starts with column 3's first cell.
    single = Roads.from_results("BBPBB")
    assert derived_colours(single.big_road, 1)[0][0] == (2, 0)


def test_a_perfect_chop_is_red_on_every_derived_road() -> None:
    roads = Roads.from_results("BPBPBPBP")
    assert roads.big_eye_boy.text() == board("R\nR\nR\nR\nR\nR")
    assert roads.small_road.text() == board("R\nR\nR\nR\nR")
    assert roads.cockroach_pig.text() == board("R\nR\nR\nR")


def test_derived_road_colours_follow_the_three_comparisons() -> None:
    # Big road: B B | P | B B B | P P P P
    roads = Roads.from_results("BB P BBB PPPP")
    assert roads.big_road.column_lengths() == [2, 1, 3, 4]
    assert derived_colours(roads.big_road, 1) == [
        ((2, 0), "blue"),   # new column: columns 1 and 0 differ (1 vs 2)
        ((2, 1), "blue"),   # column 1 stops exactly at the row above
        ((2, 2), "red"),    # column 1 stopped earlier still
        ((3, 0), "blue"),   # new column: columns 2 and 1 differ (3 vs 1)
        ((3, 1), "red"),    # column 2 has a row 2
        ((3, 2), "red"),    # ... and a row 3
        ((3, 3), "blue"),   # ... and stops at row 3
    ]
    assert derived_colours(roads.big_road, 2) == [
        ((2, 1), "red"),    # column 0 has a row 2
        ((2, 2), "blue"),   # column 0 stops at row 2
        ((3, 0), "blue"),   # new column: columns 2 and 0 differ (3 vs 2)
        ((3, 1), "blue"),   # column 1 stops at row 1
        ((3, 2), "red"),    # column 1 stopped earlier
        ((3, 3), "red"),
    ]
    assert derived_colours(roads.big_road, 3) == [((3, 1), "red"), ((3, 2), "blue"), ((3, 3), "red")]
    assert roads.big_eye_boy.text() == board("""
        B R B R B
        B . . R .
    """)
    assert roads.small_road.text() == board("""
        R B R
        . B R
        . B .
    """)
    assert roads.cockroach_pig.text() == "R B R"


@given(st.lists(st.sampled_from("BPE"), max_size=80))
def test_every_road_is_consistent_with_the_results(letters: list[str]) -> None:
    roads = Roads.from_results("".join(letters))
    assert len(roads.bead_plate.cells) == len(letters)
    wins = [x for x in letters if x != "E"]
    big = roads.big_road
    assert "".join(c.letter for c in big.cells) == "".join(wins)
    assert sum(c.ties for c in big.cells if isinstance(c, BigRoadCell)) == (letters.count("E") if wins else 0)
    runs = [len(m.group()) for m in re.finditer(r"B+|P+", "".join(wins))]
    assert big.column_lengths() == runs
    for road in roads.roads():
        places = [(c.x, c.y) for c in road.cells]
        assert len(set(places)) == len(places)  # no cell drawn over another
        assert all(0 <= y < ROWS for _, y in places)
    for name, k in (("big_eye_boy", 1), ("small_road", 2), ("cockroach_pig", 3)):
        road = getattr(roads, name)
        # Everything before row 2 of column k + 1 (or, that column being a single cell, the
        # first cell of column k + 2) is skipped: the first k runs and one cell more.
        skipped = sum(runs[:k]) + 1 if len(runs) > k else len(wins)
        assert len(road.cells) == len(wins) - skipped
        assert all(isinstance(c, DerivedCell) for c in road.cells)


def test_adding_a_coup_gives_the_roads_of_the_longer_sequence() -> None:
    roads = Roads.from_results("BBP")
    assert roads.add("Pb") == Roads.from_results("BBPPb")
    assert roads == Roads.from_results("BBP")


# -- pictures ---------------------------------------------------------------------------------


def test_every_road_is_an_svg_with_a_title_a_description_and_a_title_per_cell() -> None:
    roads = Roads.from_results("E B B E P Pp B B B P Bb")
    html = roads_html(roads, lang="en")
    assert html.count("<svg") == 5 and "aria-label='Roads of 11 coups'" in html
    for road in roads.roads():
        svg = road_svg(road, lang="en")
        assert svg.count("class='bt-road-cell'") == len(road.cells)
        assert re.search(r"<title>[^<]+</title><desc>[^<]+</desc>", svg)
    big = road_svg(roads.big_road, lang="en")
    assert "<title>Coup 2: Banco, run 1, win 1 of it, 1 Empate marked on it</title>" in big
    assert "<desc>9 wins in 5 runs; the longest run has 3.</desc>" in big
    eye = road_svg(roads.big_eye_boy, lang="en")
    assert "Red (the big road repeats), for big road run 2, win 2" in eye
    spanish = roads_html(roads, lang="es")
    assert "Camino grande" in spanish and "Coup 2: Banco" in spanish and "Empate marcado" in spanish
    assert "aria-label='Caminos de 11 coups'" in spanish


def test_an_empty_road_says_why_it_is_empty() -> None:
    roads = Roads.from_results("BP")
    assert "<desc>Not started: the big road has too few runs to compare yet.</desc>" in road_svg(
        roads.cockroach_pig, lang="en")
    assert "<desc>No coup yet.</desc>" in road_svg(Roads.from_results("").big_road, lang="en")
    text = roads.text("en")
    assert text.startswith("Bead plate:\nB\nP") and text.endswith("Cockroach pig:\n-")


def test_the_pictures_follow_the_default_language(monkeypatch: pytest.MonkeyPatch) -> None:
    roads = Roads.from_results("BPB")
    monkeypatch.setenv("BACARA_LANG", "es")
    assert roads_html(roads) == roads_html(roads, lang="es") and "Placa de cuentas" in roads_html(roads)
    monkeypatch.setenv("BACARA_LANG", "en")
    assert "<title>Bead plate</title>" in road_svg(roads.bead_plate)


def test_the_spanish_pictures_name_every_cell_in_spanish() -> None:
    """Every title and description of a Spanish road is a translated message, plurals agreeing."""
    roads = Roads.from_results("E E B B E P Pp B B B P Bb")
    spanish = roads_html(roads, lang="es")
    titles = re.findall(r"<title>([^<]+)</title>", spanish) + re.findall(r"<desc>([^<]+)</desc>", spanish)
    assert titles
    english_words = re.compile(r"\b(run|win|wins|marked|cells|coups, one|the big road|Red|Blue)\b")
    assert not [t for t in titles if english_words.search(t)]
    assert ", 2 Empates marcados" in spanish and "racha 1, victoria 1 de ella" in spanish
    assert "rojas" in spanish and "pareja de Punto" in spanish
