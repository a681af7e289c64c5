"""The coup caller's data: every coup's calls are the engine's, every case comes up, and the
page script's pure part (reading totals, judging a call, choosing the next coup) does what the
page promises, run under Node with the exported data."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from bacara_teach.cards import hand_total
from bacara_teach.practice.caller import (
    COUPS_PER_KEY,
    EXAMPLES,
    caller_data,
    caller_html,
    coup_key,
    natural_keys,
)
from bacara_teach.punto_banco import Coup, Outcome
from bacara_teach.tableau import PUNTO_BANCO
from bacara_teach.text import language_codes, tr

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "_static" / "practice-coup-caller.js"
PRACTICE = ROOT / "docs" / "_static" / "practice.js"
NODE = shutil.which("node")
WINNER = {Outcome.PUNTO: "punto", Outcome.BANCO: "banco", Outcome.EMPATE: "tie"}


@pytest.fixture(scope="module", params=language_codes())
def data(request: pytest.FixtureRequest) -> dict[str, object]:
    return caller_data(request.param)


def _expected_steps(coup: Coup) -> list[tuple[str, str]]:
    """The calls of ``coup``, worked out here from the tableau's cells and the final hands."""
    cards = coup.cards
    punto_two, banco_two = hand_total(cards[0:3:2]), hand_total(cards[1:4:2])
    natural = punto_two >= 8 or banco_two >= 8
    steps = [("natural", "yes" if natural else "no")]
    if not natural:
        punto = PUNTO_BANCO.player_cell(punto_two).decision.value
        steps.append(("punto", punto))
        third = cards[4].points if punto == "draw" else None
        steps.append(("banco", PUNTO_BANCO.banker_cell(banco_two, third).decision.value))
    steps.append(("winner", WINNER[coup.winner]))
    steps.append(("totals", f"{coup.punto_total} {coup.banco_total}"))
    return steps


def test_every_call_is_the_engines(data: dict[str, object]) -> None:
    coups = data["coups"]
    texts = data["texts"]
    assert isinstance(coups, list) and isinstance(texts, list)
    for listed in coups:
        coup = Coup.from_cards(listed["cards"])  # the engine deals the cards again
        kinds = [data["kinds"][code] for code in listed["kinds"]]  # type: ignore[index]
        assert list(zip(kinds, listed["calls"], strict=True)) == _expected_steps(coup)
        assert listed["key"] == coup_key(coup)
        assert len(listed["why"]) == len(kinds)
        for why in listed["why"]:
            assert 0 <= why < len(texts)


def test_every_case_comes_up_with_different_coups(data: dict[str, object]) -> None:
    coups = data["coups"]
    assert isinstance(coups, list)
    banco = {f"{c.total}:{'stood' if c.third is None else c.third}"
             for c in PUNTO_BANCO.cells() if c.hand == "banker"}
    assert len(banco) == 88
    keys = Counter(c["key"] for c in coups)
    assert set(keys) == banco | set(natural_keys())
    assert set(keys.values()) == {COUPS_PER_KEY}
    assert len({c["cards"] for c in coups}) == len(coups)
    cases = data["cases"]
    assert isinstance(cases, list) and sorted(cases) == sorted(keys)
    hard = data["hard"]
    assert isinstance(hard, list)
    assert set(hard) == {k for k in banco if int(k[0]) in (3, 4, 5, 6) and not k.endswith("stood")}


def test_the_worked_examples_come_first_and_read_as_the_rules_say(data: dict[str, object]) -> None:
    coups = data["coups"]
    assert isinstance(coups, list) and data["examples"] == len(EXAMPLES) == 2
    assert [c["cards"] for c in coups[:2]] == list(EXAMPLES)
    first, second = coups[0], coups[1]
    assert first["calls"] == ["no", "draw", "stand", "banco", "1 3"]
    assert second["calls"] == ["no", "draw", "draw", "banco", "0 8"]
    assert (first["key"], second["key"]) == ("3:8", "3:7")


def test_the_words_are_in_the_pages_language(data: dict[str, object]) -> None:
    lang = data["lang"]
    assert isinstance(lang, str)
    labels = data["labels"]
    assert isinstance(labels, dict)
    assert labels["ask.banco"] == tr("Does Banco draw a third card or stand?", lang)
    texts = data["texts"]
    assert isinstance(texts, list)
    if lang == "es":
        assert "Gana Banco, 3 a 1." in texts
        assert not any(re.search(r"\b(draws|stands|wins|against)\b", t) for t in texts)
        assert data["keys"] == {"yes": "S", "no": "N", "draw": "R", "stand": "P", "punto": "P",
                                "banco": "B", "tie": "E"}
    else:
        assert Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦").narrate(lang).splitlines()[-1] in texts
    faces = data["faces"]
    assert isinstance(faces, dict) and len(faces) == 52


def test_the_page_node_carries_its_data_safely() -> None:
    html = caller_html("en")
    assert html.startswith("<div class='bt-practice bt-coup-caller' data-practice='coup-caller' "
                           "data-game='punto-banco' lang='en'>")
    raw = re.search(r"<script type='application/json' class='bt-practice-data'>(.*?)</script>", html)
    assert raw is not None and json.loads(raw.group(1).replace("<\\/", "</")) == caller_data("en")


# -- the page script's pure part, under Node --------------------------------------------------------

_RUN = r"""
const practice = require(process.argv[1]);
const caller = require(process.argv[2]);
const { data, coups, missHard } = JSON.parse(require("fs").readFileSync(0, "utf8"));
let seed = 11;
const rand = () => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >> 17; seed ^= seed << 5; seed >>>= 0; return seed / 4294967296; };
const record = practice.emptyRecord();
const shown = [];
let last = null;
for (let i = 0; i < coups; i += 1) {
  const index = caller.nextCoup(practice, data, record, last, rand);
  const coup = data.coups[index];
  const hard = data.hard.includes(coup.key);
  let clean = true;
  coup.calls.forEach((_, at) => {
    const step = caller.step(data, coup, at);
    const miss = missHard && hard && step.kind === "banco" && rand() < 0.5;
    const given = miss ? caller.ANSWERS.banco.find((a) => a !== step.answer) : step.answer;
    const verdict = caller.judgeStep(step, given);
    if (verdict.correct === miss) throw new Error(`${coup.cards} ${step.kind}: ${given} judged ${verdict.correct}`);
    if (!verdict.correct) clean = false;
  });
  practice.recordAnswer(record, coup.key, clean);
  shown.push([index, coup.key, clean]);
  last = coup.key;
}
process.stdout.write(JSON.stringify(shown));
"""


def _run(data: dict[str, object], coups: int, miss_hard: bool) -> list[tuple[int, str, bool]]:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", _RUN, str(PRACTICE), str(SCRIPT)],
                          input=json.dumps({"data": data, "coups": coups, "missHard": miss_hard}),
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    return [tuple(row) for row in json.loads(done.stdout)]


def test_a_learner_who_never_errs_meets_every_case_within_the_first_coups() -> None:
    data = caller_data("en")
    shown = _run(data, 130, miss_hard=False)
    keys = [key for _, key, _ in shown]
    assert len(set(keys)) == 96, f"{96 - len(set(keys))} cases never came up in 130 coups"
    assert len(set(keys[:96])) == 96  # a fresh case on every coup until none is left


def test_a_learner_who_misses_hard_cells_still_meets_every_case() -> None:
    shown = _run(caller_data("en"), 200, miss_hard=True)
    first_seen: dict[str, int] = {}
    for number, (_, key, _) in enumerate(shown, start=1):
        first_seen.setdefault(key, number)
    assert len(first_seen) == 96 and max(first_seen.values()) <= 150


def test_a_missed_case_comes_back_soon_with_another_coup() -> None:
    data = caller_data("en")
    shown = _run(data, 300, miss_hard=True)
    misses = [(i, key, index) for i, (index, key, clean) in enumerate(shown) if not clean]
    assert len(misses) >= 20
    for i, key, index in misses[:-1]:
        later = [(j, other) for j, (other, k, _) in enumerate(shown[i + 1:], start=i + 1) if k == key]
        if i + 10 < len(shown):
            assert later and later[0][0] - i <= 10, f"case {key} missed at coup {i} not back in 10"
            assert later[0][1] != index, "the same coup again, not another deal of the case"


@pytest.mark.parametrize(("typed", "read"), [("1 3", [1, 3]), ("13", [1, 3]), ("1-3", [1, 3]),
                                             (" 9, 0 ", [9, 0]), ("1/3", [1, 3]), ("10 3", None),
                                             ("", None), ("a b", None), ("1 3 5", None)])
def test_totals_are_read_as_typed(typed: str, read: list[int] | None) -> None:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", "const c = require(process.argv[1]);"
                           "process.stdout.write(JSON.stringify(c.readTotals(process.argv[2])))",
                           str(SCRIPT), typed], capture_output=True, text=True, check=True, timeout=60)
    assert json.loads(done.stdout) == read
