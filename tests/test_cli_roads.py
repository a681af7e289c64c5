"""``bacara-teach roads`` and ``bacara-teach side-bets``: the engine's roads and edges, refusals with status 2."""

from __future__ import annotations

import json

import pytest

from bacara_teach.analysis.punto_banco import count_deals
from bacara_teach.analysis.roads import deal_shoe
from bacara_teach.analysis.side_bets import (
    PAIR_BETS,
    SIDE_BETS,
    house_edge,
    pair_bet_edge,
    standard_cards,
)
from bacara_teach.cli import main
from bacara_teach.roads import Roads


@pytest.fixture(autouse=True)
def _english_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACARA_LANG", "en")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_roads_of_a_seeded_shoe_are_the_engine_s(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roads", "--seed", "3", "--coups", "20", "--json")
    data = json.loads(out)
    shoe = deal_shoe(8, seed=3)
    roads = Roads.from_coups(shoe.coups[:20])
    assert code == 0 and data["coups"] == [c.notation for c in roads.coups]
    assert data["roads"] == {r.name: r.text().splitlines() for r in roads.roads()}
    assert data["cards_left"] == shoe.before[20].total
    assert data["next_coup"] == {k: float(v) for k, v in count_deals(shoe.before[20]).probabilities().items()}


def test_roads_of_given_results_print_as_text_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roads", "--results", "B B E P Pp B B B P", "--lang", "es")
    assert code == 0
    assert out.strip() == Roads.from_results("B B E P Pp B B B P").text("es")
    assert "Camino grande:\nB P B P" in out


@pytest.mark.parametrize(("argv", "words"), [
    (("roads", "--decks", "0"), "invalid number of decks '0'"),
    (("roads", "--coups", "x"), "invalid number of coups 'x'"),
    (("side-bets", "--decks", "99"), "invalid number of decks '99'"),
])
def test_bad_options_are_refused_with_status_2(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                               words: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    _, err = capsys.readouterr()
    assert stop.value.code == 2 and words in err and "Traceback" not in err


def test_unreadable_results_are_refused_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "roads", "--results", "B Q")
    assert code == 2 and out == ""
    assert "unreadable result 'Q' at position 3" in err and "Traceback" not in err


def test_side_bets_json_is_the_engine_s_exact_edges(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "side-bets", "--decks", "6", "--json", "--exact")
    data = json.loads(out)
    expected = {b.name: house_edge(b, 6) for b in SIDE_BETS}
    expected.update({b.name: pair_bet_edge(b, standard_cards(6)) for b in PAIR_BETS})
    assert code == 0 and data["decks"] == 6
    assert data["house_edge"] == {k: f"{v.numerator}/{v.denominator}" for k, v in expected.items()}
    code, out, _ = run(capsys, "side-bets")
    assert code == 0 and "dragon-7" in out and "7.6113%" in out
