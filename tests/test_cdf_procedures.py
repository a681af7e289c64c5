"""The Chemin de Fer procedures practice: every moment's answers are what the home rules say of
the table shown, each kind of moment comes up, the words are the page's language, and the page
script's pure part judges and schedules as the page promises, run under Node."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bacara_teach.chemin_de_fer_session import RULES, CheminDeFerSession, Phase
from bacara_teach.practice.procedures import KINDS, moments, procedures_data, procedures_html
from bacara_teach.text import tr

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "_static" / "practice-cdf-procedures.js"
PRACTICE = ROOT / "docs" / "_static" / "practice.js"
NODE = shutil.which("node")


@pytest.fixture(scope="module", params=["en", "es"])
def data(request: pytest.FixtureRequest) -> dict[str, Any]:
    return procedures_data(request.param)


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def test_every_answer_is_what_the_home_rules_say_of_the_table_shown() -> None:
    data = procedures_data("en")
    texts = data["texts"]
    for s in data["situations"]:
        chips = [p[0] for p in s["players"]]
        stakes = [p[1] for p in s["players"]]
        rights = [texts[o[0]] for o in s["options"] if o[1]]
        assert len(rights) == (0 if s["who"] == -1 else 1), s
        assert len({texts[o[0]] for o in s["options"]}) == len(s["options"])  # no option twice
        right = rights[0] if rights else ""
        who = s["who"]
        if s["phase"] == "bets":
            covered = sum(stakes)
            # from the minimum bet to what is left uncovered, within the chips in hand
            assert _numbers(right) == [RULES.min_bet, min(chips[who], s["bank"] - covered)], s
            assert who != s["banker"] and stakes[who] == 0
        elif s["phase"] == "banco":
            assert _numbers(right) == [s["bank"]] and chips[who] >= s["bank"] and sum(stakes) == 0
            if s["kind"] == "banco-suivi":
                assert who == s["suivi"]
            # asked in turn from the banker's right: nobody asked before the suivi holder
            assert who != s["banker"]
        elif s["phase"] == "continue":
            assert who == s["banker"] and _numbers(right) == [s["bank"]]
        elif s["phase"] == "open-bank":
            assert s["banker"] == -1 or s["kind"] == "succession"
            assert _numbers(right)[0] >= RULES.min_bank
            if s["kind"] == "open-bank":
                assert _numbers(right) == [RULES.min_bank], s
        else:
            assert s["phase"] == "over" and who == -1 and s["options"] == []
        # the round starts at the banker and goes to the right, every seat once
        assert sorted(s["round"]) == list(range(len(s["players"])))
        if s["banker"] >= 0:
            assert s["round"][0] == s["banker"]


def test_each_moment_is_its_session_replayed_and_the_session_s_own_pending() -> None:
    data = procedures_data("en")
    for moment, shown in zip(moments(), data["situations"], strict=True):
        session = moment.session
        again = CheminDeFerSession(session.players, seed=session.seed,
                                   first_banker=session.first_banker)
        for move in session.log:
            again.apply(move)
        pending = again.pending
        assert shown["who"] == (-1 if pending is None else pending.seat)
        assert shown["phase"] == ("over" if pending is None else pending.phase.value)
        assert shown["bank"] == again.bank and shown["reserve"] == again.reserve
        assert [p[0] for p in shown["players"]] == again.balances
        if pending is not None:
            assert pending.phase is not Phase.COUP
        assert again.total_chips() == len(again.players) * RULES.starting_chips


def test_every_kind_of_moment_comes_up(data: dict[str, Any]) -> None:
    found = Counter(s["kind"] for s in data["situations"])
    assert set(found) == set(KINDS) == set(data["kinds"])
    assert min(found.values()) >= 3
    assert any(s["suivi"] >= 0 for s in data["situations"])


def test_the_words_are_in_the_pages_language(data: dict[str, Any]) -> None:
    lang = data["lang"]
    assert data["labels"]["who"] == tr("Who acts now?", lang)
    if lang == "es":
        english = re.compile(r"\b(the|bank|bets|stake|banker|chips|refuse|pass)\b")
        assert not any(english.search(t) for t in data["texts"]), [t for t in data["texts"] if english.search(t)][:3]


def test_the_page_node_carries_its_data_safely() -> None:
    html = procedures_html("es")
    raw = re.search(r"<script type='application/json' class='bt-practice-data'>(.*?)</script>", html)
    assert raw is not None and json.loads(raw.group(1).replace("<\\/", "</")) == procedures_data("es")


_RUN = r"""
const practice = require(process.argv[1]);
const drill = require(process.argv[2]);
const { data, count, missKind } = JSON.parse(require("fs").readFileSync(0, "utf8"));
let seed = 5;
const rand = () => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >> 17; seed ^= seed << 5; seed >>>= 0; return seed / 4294967296; };
const record = practice.emptyRecord();
const shown = [];
let last = null;
for (let i = 0; i < count; i += 1) {
  const index = drill.nextSituation(practice, data, record, last, rand);
  const s = data.situations[index];
  const miss = s.kind === missKind && rand() < 0.5;
  const who = drill.judgeWho(s, miss ? (s.who === -1 ? s.round[0] : -1) : s.who);
  if (who.correct === miss) throw new Error(`moment ${index}: who judged ${who.correct}`);
  let clean = who.correct;
  if (s.who !== -1) {
    const right = s.options.findIndex((o) => o[1]);
    const may = drill.judgeMay(s, right);
    if (!may.correct) throw new Error(`moment ${index}: the right option judged wrong`);
    const wrong = s.options.findIndex((o) => !o[1]);
    if (drill.judgeMay(s, wrong).correct) throw new Error(`moment ${index}: a wrong option judged right`);
  }
  practice.recordAnswer(record, s.kind, clean);
  shown.push([index, s.kind, clean]);
  last = s.kind;
}
const order = drill.order(4, 3);
process.stdout.write(JSON.stringify({ shown, order, places: drill.places([2, 1, 0, 3]) }));
"""


def _run(data: dict[str, Any], count: int, miss_kind: str = "") -> dict[str, Any]:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", _RUN, str(PRACTICE), str(SCRIPT)],
                          input=json.dumps({"data": data, "count": count, "missKind": miss_kind}),
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def test_the_script_judges_and_brings_every_kind_of_moment() -> None:
    run = _run(procedures_data("en"), 60)
    kinds = [kind for _, kind, _ in run["shown"]]
    assert set(kinds[:len(KINDS) + 2]) == set(KINDS)  # every kind early on
    assert sorted(run["order"]) == [0, 1, 2, 3]
    banker = run["places"]["2"]
    assert abs(banker["x"] - 50) < 0.01 and banker["y"] > 80  # the banker at the bottom
    assert run["places"]["1"]["x"] > 80  # the banker's right, on the right of the picture


def test_a_missed_kind_of_moment_comes_back_soon() -> None:
    shown = _run(procedures_data("en"), 120, "banco-suivi")["shown"]
    misses = [i for i, (_, kind, clean) in enumerate(shown) if not clean]
    assert len(misses) >= 3
    for i in misses[:-1]:
        later = [j for j, (_, kind, _) in enumerate(shown[i + 1:], start=i + 1) if kind == "banco-suivi"]
        if i + 8 < len(shown):
            assert later and later[0] - i <= 8
