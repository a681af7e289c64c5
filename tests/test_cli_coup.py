"""``bacara-teach deal`` and ``bacara-teach tableau``: the worked examples at the command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bacara_teach.charts import tableau_text
from bacara_teach.cli import main
from bacara_teach.punto_banco import play_coup
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO


@pytest.fixture(autouse=True)
def _english_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English messages, whatever the machine's locale says."""
    monkeypatch.setenv("BACARA_LANG", "en")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_worked_example_1_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--cards", "4♥ 2♠ 9♣ A♦ 8♦", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["punto"] == {"cards": ["4♥", "9♣", "8♦"], "total": 1}
    assert data["banco"] == {"cards": ["2♠", "A♦"], "total": 3}
    assert data["winner"] == "banco"
    assert data["natural"] is False
    assert [(s["actor"], s["action"]) for s in data["steps"]][-3:] == [
        ("punto", "draw"), ("banco", "stand"), ("table", "result")]
    banco = data["steps"][-2]["reason"]
    assert banco["rule"] == "banker-table"
    assert banco["cell"] == {"hand": "banker", "total": 3, "third": 8, "decision": "stand"}


def test_worked_example_2_as_json_with_ascii_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--cards", "4h 2s 9c ad 7d 5c", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["punto"]["total"] == 0
    assert data["banco"] == {"cards": ["2♠", "A♦", "5♣"], "total": 8}
    assert data["steps"][-2]["action"] == "draw"


def test_narration_in_english_and_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    _, en, _ = run(capsys, "deal", "--cards", "4♥ 2♠ 9♣ A♦ 8♦")
    assert "Banco stands on 3." in en and en.rstrip().endswith("Banco wins, 3 to 1.")
    _, es, _ = run(capsys, "deal", "--cards", "4♥ 2♠ 9♣ A♦ 8♦", "--lang", "es")
    assert "Banco se planta con 3." in es and es.rstrip().endswith("Gana Banco, 3 a 1.")


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("4♥ 2♠ 11♣ A♦", "invalid card '11♣'"),
        ("4♥ 2♠ 9♣", "not enough cards"),
        ("4♥ 2♠ 9♣ A♦", "Punto must draw a third card"),
        ("4♥ 2♠ 9♣ A♦ 8♦ 2♣", "left over"),
        ("  ", "--cards is empty"),
    ],
)
def test_bad_cards_exit_2_with_one_clear_line(
    capsys: pytest.CaptureFixture[str], cards: str, message: str
) -> None:
    code, out, err = run(capsys, "deal", "--cards", cards)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.startswith("bacara-teach: error: ") and err.count("\n") == 1


def test_seeded_shoe_deals_the_engines_coup(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--decks", "6", "--seed", "17", "--json")
    assert code == 0
    data = json.loads(out)
    expected = play_coup(Shoe.standard(6, seed=17)).to_dict()
    assert {k: data[k] for k in expected} == expected
    assert data["shoe"] == {"decks": 6, "seed": 17}


def test_without_a_seed_the_random_seed_is_printed_so_the_coup_can_be_replayed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "deal", "--json")
    data = json.loads(out)
    replay = play_coup(Shoe.standard(8, seed=data["shoe"]["seed"])).to_dict()
    assert replay["punto"] == data["punto"] and replay["banco"] == data["banco"]


def test_bad_deck_count_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["deal", "--decks", "13"])
    assert info.value.code == 2
    assert "from 1 to 12" in capsys.readouterr().err


def test_tableau_prints_the_engines_table(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "tableau")
    assert out.rstrip("\n") == tableau_text(PUNTO_BANCO, "en")
    rows = {int(line.split("|")[0]): line.split("|")[2].split() for line in out.splitlines()
            if line.strip()[:1].isdigit()}
    for total, letters in rows.items():
        assert letters == [PUNTO_BANCO.banker_decision(total, v).letter for v in range(10)]
    _, out, _ = run(capsys, "tableau", "--game", "chemin-de-fer", "--json")
    assert json.loads(out) == CHEMIN_DE_FER.to_dict()


def test_python_dash_m_runs_the_same_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bacara_teach", "deal", "--cards", "4♥ 2♠ 9♣ A♦ 8♦", "--json"],
        capture_output=True, text=True, encoding="utf-8", check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winner"] == "banco"
    bad = subprocess.run(
        [sys.executable, "-m", "bacara_teach", "deal", "--cards", "Z"],
        capture_output=True, text=True, encoding="utf-8", check=False,
    )
    assert bad.returncode == 2 and "invalid card 'Z'" in bad.stderr


def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    import subprocess
    import sys

    process = subprocess.Popen([sys.executable, "-m", "bacara_teach", "tableau"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # like `| head` that has read enough: every write now fails
    with process.stderr:
        stderr = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr
