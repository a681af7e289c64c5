"""``bacara-teach odds`` and ``bacara-teach cdf-analysis``."""

from __future__ import annotations

import json
import re
import sys
from fractions import Fraction

import pytest

from bacara_teach.analysis.composition import Composition
from bacara_teach.analysis.edges import edges_for_profile
from bacara_teach.analysis.punto_banco import count_deals
from bacara_teach.cli import main
from bacara_teach.tables import get_profile
from bacara_teach.text import language_codes


@pytest.fixture(autouse=True)
def _english_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English messages, whatever the machine's locale says."""
    monkeypatch.setenv("BACARA_LANG", "en")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_odds_json_for_eight_decks_home_profile(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "--decks", "8", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["decks"] == 8
    assert round(data["probabilities"]["banco"], 8) == 0.45859742
    assert round(data["house_edge"]["banco"], 6) == 0.010579
    assert round(data["house_edge"]["punto"], 6) == 0.012351
    assert round(data["house_edge"]["empate"], 6) == 0.143596


def test_odds_casino_profile_adds_the_nine_to_one_tie_and_pairs(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "--profile", "casino", "--json")
    data = json.loads(out)
    assert set(data["house_edge"]) == {"punto", "banco", "empate", "pareja-punto", "pareja-banco"}
    assert data["bets"]["empate"]["terms"] == "empate 9:1"
    assert round(data["house_edge"]["empate"] * 100, 2) == 4.84
    assert round(data["house_edge"]["pareja-punto"] * 100, 2) == 10.36


def test_odds_with_cards_removed_and_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "--decks", "8", "--remove", "5 5 5♥ 5h", "--exact", "--json")
    data = json.loads(out)
    counts = count_deals(Composition.standard(8).without("5 5 5 5"))
    assert data["cards"] == 412
    assert Fraction(data["probabilities"]["banco"]) == Fraction(counts.banco, counts.total)
    assert all(isinstance(v, str) and "/" in v for v in data["house_edge"].values())


def test_odds_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "--decks", "6")
    assert status == 0
    assert "312 cards" in out and "Banco: 0.95 to 1" in out


def test_odds_simulation_draws_progress_on_stderr_only(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "odds", "--simulate", "400", "--seed", "9")
    assert status == 0
    assert "400/400 coups" in err
    assert "simulation: 400 coups, seed 9" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--remove", "5 X"], "'X'"),
        (["--decks", "1", "--remove", "K K K K K"], "only 4"),
        (["--decks", "1", "--remove", "A 2 3 4 5 6 7 8 9 10 J " * 4 + "Q Q Q"], "would be left"),
    ],
)
def test_bad_shoe_descriptions_print_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "odds", *argv)
    assert status == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_cdf_analysis_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "cdf-analysis", "--json", "--exact")
    assert status == 0
    data = json.loads(out)
    classic = data["games"]["classic_model"]
    assert classic["bettor_draws"]["bettor 5"] == "9/11"
    assert set(data["games"]) >= {"several_bettors", "single_bettor", "classic_model"}
    several = data["games"]["several_bettors"]
    assert set(several["banker_draws"]) == {"banker 3 v 9", "banker 5 v 4"}


@pytest.mark.parametrize(
    ("argv", "quoted", "valid"),
    [
        (["--decks", "1", "--remove", "K K K K K"], "--remove 'K K K K K' refused for a shoe of 52 cards (1 deck)",
         "at most 4 K may be removed"),
        (["--decks", "1", "--remove", "A 2 3 4 5 6 7 8 9 10 J " * 4 + "Q Q Q"], "--remove 'A 2 3 4",
         "at most 46 cards may be removed"),
    ],
)
def test_refused_removals_quote_the_text_and_say_what_is_valid(
    capsys: pytest.CaptureFixture[str], argv: list[str], quoted: str, valid: str
) -> None:
    status, _, err = run(capsys, "odds", *argv)
    assert status == 2
    assert quoted in err and valid in err


def test_cdf_analysis_json_includes_each_games_payoff_matrix(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "cdf-analysis", "--json", "--exact")
    games = json.loads(out)["games"]
    several = games["several_bettors"]["payoff_matrix"]
    assert several["bettor_points"] == ["bettor 5"]
    assert several["banker_points"] == ["banker 3 v 9", "banker 5 v 4"]
    assert several["rows"] == ["D", "S"] and several["columns"] == ["DD", "DS", "SD", "SS"]
    assert all(isinstance(v, str) and "/" in v for row in several["values"] for v in row)
    # The solution is pure here (bettor draws on 5, banker draws in both cells): its value is that entry.
    assert several["values"][0][0] == games["several_bettors"]["value"]
    single = games["single_bettor"]["payoff_matrix"]
    assert len(single["rows"]) == 2 ** 7 and len(single["columns"]) == 4
    for name in ("classic_model", "several_bettors_by_cards"):
        matrix = games[name]["payoff_matrix"]
        assert matrix["values"] is None and "too many to list" in matrix["omitted"], name
    assert "2 x 2^88 pure strategies" in games["classic_model"]["payoff_matrix"]["omitted"]
    _, out, _ = run(capsys, "cdf-analysis", "--json")
    floats = json.loads(out)["games"]["several_bettors"]["payoff_matrix"]["values"]
    assert floats[0][0] == pytest.approx(float(Fraction(several["values"][0][0])))


def test_cdf_analysis_without_scipy_still_prints_the_other_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "scipy", None)           # import scipy now fails
    monkeypatch.setitem(sys.modules, "scipy.optimize", None)
    status, out, err = run(capsys, "cdf-analysis", "--exact")
    assert status == 2
    assert "several bettors: value to the bettor" in out and "classic model" in out
    assert "bettor 5: draws with probability 9/11" in out
    assert "several bettors by cards" not in out
    assert err.strip().splitlines() == [
        "bacara-teach: error: several bettors by cards not solved: this game needs a linear "
        "program and scipy is not installed (pip install 'bacara_teach[analysis]')"
    ]
    status, out, _ = run(capsys, "cdf-analysis", "--json", "--exact")
    games = json.loads(out)["games"]
    assert status == 2
    assert "scipy is not installed" in games["several_bettors_by_cards"]["error"]
    assert "value" not in games["several_bettors_by_cards"]
    assert games["classic_model"]["bettor_draws"]["bettor 5"] == "9/11"


def test_cdf_analysis_without_scipy_prints_no_raw_floats(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "scipy", None)
    monkeypatch.setitem(sys.modules, "scipy.optimize", None)
    status, out, err = run(capsys, "cdf-analysis")
    assert status == 2
    assert "classic model: value to the bettor" in out
    assert "bettor 5: draws with probability 0.818182" in out
    assert not re.search(r"\d\.\d{10,}", out + err), out + err
    assert "pip install 'bacara_teach[analysis]'" in err


@pytest.mark.parametrize("lang", ["en", "es"])  # the wording of these two, as written
def test_one_deck_holds_each_suited_card_once(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    status, out, err = run(capsys, "odds", "--decks", "1", "--remove", "5h 5h", "--lang", lang)
    assert status == 2 and out == ""
    expected = {
        "en": "--remove '5h 5h' refused for a shoe of 52 cards (1 deck): cannot remove 5♥ 2 times: "
              "1 deck holds one 5♥ (at most 1 may be removed)",
        "es": "--remove '5h 5h' rechazado para un sabot de 52 cartas (1 baraja): no se puede quitar "
              "5♥ 2 veces: 1 baraja tiene un solo 5♥ (como mucho se puede quitar 1)",
    }[lang]
    assert expected in err
    status, _, err = run(capsys, "odds", "--decks", "2", "--remove", "5h 5h 5h", "--lang", lang)
    expected = {
        "en": "cannot remove 5♥ 3 times: 2 decks hold 2 5♥ (at most 2 may be removed)",
        "es": "no se puede quitar 5♥ 3 veces: 2 barajas tienen 2 5♥ (como mucho se pueden quitar 2)",
    }[lang]
    assert status == 2 and expected in err
    status, out, _ = run(capsys, "odds", "--decks", "2", "--remove", "5h 5h")
    assert status == 0 and out.startswith("102 cards (2 decks, less 5h 5h)")
    status, out, _ = run(capsys, "odds", "--decks", "1", "--remove", "5h")
    assert status == 0 and out.startswith("51 cards (1 deck, less 5h)")


@pytest.mark.parametrize("lang", language_codes())
def test_odds_text_keeps_the_edges_in_one_column_however_long_a_bet_s_name(
        capsys: pytest.CaptureFixture[str], lang: str) -> None:
    status, out, _ = run(capsys, "--lang", lang, "odds", "--profile", "ez")
    assert status == 0
    rows = [line for line in out.splitlines() if line.startswith("  ") and "%" in line]
    assert len(rows) == len(edges_for_profile(get_profile("ez")))
    assert len({line.index("%") for line in rows}) == 1, rows
