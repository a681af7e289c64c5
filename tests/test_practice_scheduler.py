"""The page drill's scheduler, run as the page runs it: the site's own script under Node.js,
fed the engine's exported data, answering as a learner would.

Nothing of the scheduler is written again here: each learner asks ``nextCell`` for a question
and tells ``recordAnswer`` whether it answered right, over many seeded runs, and the tests hold
the worst run to what the drill promises: every cell is asked, a learner who never errs knows
the whole table within a bound, a missed cell comes back soon, and a cell the learner misses is
asked more often than one it knows.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from bacara_teach.practice.drill import drill_data

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "_static" / "practice.js"
NODE = shutil.which("node")
RUNS = 200

# A learner answers the scheduler's questions. `wrong(cell, rand)` says whether it errs; the
# scheduler draws with its own seeded generator, the learner with another.
_LEARNERS = r"""
const practice = require(process.argv[1]);
const { data, runs, answers, learner, mode } = JSON.parse(require("fs").readFileSync(0, "utf8"));
function seeded(seed) {  // xorshift32: a small generator a test can seed
  let s = (seed >>> 0) || 1;
  return () => { s ^= s << 13; s >>>= 0; s ^= s >> 17; s ^= s << 5; s >>>= 0; return s / 4294967296; };
}
const wrong = {
  never: () => false,
  hard: (cell, rand) => cell.hard && rand() < 0.5,
}[learner];
const out = [];
for (let run = 0; run < runs; run += 1) {
  const rand = seeded(run * 7919 + 17);
  const mind = seeded(run * 104729 + 3);
  const record = practice.emptyRecord();
  const asked = [];
  let last = null;
  let allKnown = null;
  for (let i = 0; i < answers; i += 1) {
    const cell = practice.nextCell(data, record, mode, last, rand);
    last = practice.cellKey(cell);
    const right = !wrong(cell, mind);
    practice.recordAnswer(record, last, right);
    asked.push([last, right]);
    if (allKnown === null && data.cells.every((c) => practice.levelOf(record, practice.cellKey(c)) >= practice.KNOWN)) {
      allKnown = i + 1;
    }
  }
  out.push({ asked, allKnown });
}
process.stdout.write(JSON.stringify(out));
"""


def _learn(game: str, learner: str, answers: int, *, mode: str = "all",
           runs: int = RUNS) -> list[dict[str, object]]:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    feed = {"data": drill_data(game, "en"), "runs": runs, "answers": answers, "learner": learner,
            "mode": mode}
    done = subprocess.run([NODE, "-e", _LEARNERS, str(SCRIPT)], input=json.dumps(feed),
                          capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    result: list[dict[str, object]] = json.loads(done.stdout)
    assert len(result) == runs
    return result


def _keys(game: str) -> dict[str, dict[str, object]]:
    """The exported cells by the script's key for them (TOTAL:THIRD, punto:BETTORS:TOTAL)."""
    out = {}
    for cell in drill_data(game, "en")["cells"]:  # type: ignore[attr-defined]
        key = (f"{cell['total']}:{cell['third']}" if cell["actor"] == "banco"
               else f"punto:{cell['bettors'] or '-'}:{cell['total']}")
        out[key] = cell
    return out


def test_a_learner_who_never_errs_knows_every_punto_banco_cell_within_350_answers() -> None:
    runs = _learn("punto-banco", "never", 350)
    known_after = [run["allKnown"] for run in runs]
    assert all(isinstance(n, int) for n in known_after), \
        "in some run a cell was still not known after 350 answers"
    worst = max(n for n in known_after if isinstance(n, int))
    # three right answers in a row make a cell known: 96 cells need 288 answers at the least
    assert 288 <= worst <= 350, worst
    for run in runs:  # and every cell was asked, none left out
        assert {key for key, _ in run["asked"]} == set(_keys("punto-banco"))  # type: ignore[attr-defined]


def test_new_cells_keep_coming_until_every_cell_has_been_asked() -> None:
    """The old fault: once about 81 cells were in rotation one was always due, and the rest were
    never asked.  Every run of a long drill asks every cell, in both games."""
    for game in ("punto-banco", "chemin-de-fer"):
        cells = set(_keys(game))
        for run in _learn(game, "hard", 600, runs=50):
            asked = [key for key, _ in run["asked"]]  # type: ignore[attr-defined]
            assert set(asked) == cells, (game, sorted(cells - set(asked)))


def test_every_chemin_de_fer_free_cell_is_asked_within_120_answers() -> None:
    free = {key for key, cell in _keys("chemin-de-fer").items() if cell["answer"] == "choice"}
    assert len(free) == 10
    for run in _learn("chemin-de-fer", "never", 120):
        asked = {key for key, _ in run["asked"]}  # type: ignore[attr-defined]
        assert free <= asked, sorted(free - asked)


@pytest.mark.parametrize("game", ["punto-banco", "chemin-de-fer"])
def test_a_missed_cell_comes_back_within_10_answers(game: str) -> None:
    misses = 0
    for run in _learn(game, "hard", 400):
        asked = run["asked"]
        assert isinstance(asked, list)
        for at, (key, right) in enumerate(asked):
            if right or at + 10 >= len(asked):
                continue
            misses += 1
            again = [k for k, _ in asked[at + 1:at + 11]]
            assert key in again, (game, key, at)
    assert misses > 1000  # the learner did miss, often


def test_cells_the_learner_misses_are_asked_more_often() -> None:
    """Weighted by the learner's record: of the hard cells, those this learner missed come
    back more often than those it answered right every time."""
    cells = _keys("punto-banco")
    missed_asks: list[int] = []
    clean_asks: list[int] = []
    for run in _learn("punto-banco", "hard", 600, runs=50):
        counts: dict[str, list[int]] = {}
        for key, right in run["asked"]:  # type: ignore[attr-defined]
            asked, wrong = counts.setdefault(key, [0, 0])
            counts[key] = [asked + 1, wrong + (not right)]
        for key, (asked, wrong) in counts.items():
            if cells[key]["hard"]:
                (missed_asks if wrong else clean_asks).append(asked)
    assert missed_asks and clean_asks
    assert sum(missed_asks) / len(missed_asks) > 2 * sum(clean_asks) / len(clean_asks)


def test_hard_mode_asks_every_hard_cell_and_nothing_else() -> None:
    hard = {key for key, cell in _keys("punto-banco").items() if cell["hard"]}
    assert len(hard) == 40
    for run in _learn("punto-banco", "never", 150, mode="hard", runs=20):
        asked = {key for key, _ in run["asked"]}  # type: ignore[attr-defined]
        assert asked == hard
