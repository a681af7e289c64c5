"""The one record every practice keeps in the browser, run as the pages run it: practice.js
under Node.js, with a storage that behaves as the browser's.

What a learner's record must survive: a record this script wrote is read back whole, in this
browser and from a file; anything else (edited by hand, damaged, hostile: wrong types, huge
numbers, markup for names, too much of anything) is refused as a whole, and a page that finds
it in the store starts afresh and says so instead of failing.  The drills' records of before
the shared record are moved into it once.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "_static" / "practice.js"
NODE = shutil.which("node")

# A storage as the browser's: getItem, setItem, removeItem, key, length; `throws` makes every
# call fail (storage off).
_RUN = r"""
const { stored, steps, throws } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const data = new Map(Object.entries(stored || {}));
const fail = () => { if (throws) throw new Error("storage off"); };
global.window = { localStorage: {
  getItem: (k) => { fail(); return data.has(k) ? data.get(k) : null; },
  setItem: (k, v) => { fail(); data.set(k, String(v)); },
  removeItem: (k) => { fail(); data.delete(k); },
  key: (i) => [...data.keys()][i] ?? null,
  get length() { return data.size; },
} };
const P = require(process.argv[1]);
const out = {};
for (const [name, code] of steps) out[name] = eval(code);
out.stored = Object.fromEntries(data);
out.reset = P.wasReset();
process.stdout.write(JSON.stringify(out));
"""


def run(steps: list[tuple[str, str]], stored: dict[str, str] | None = None, *,
        throws: bool = False) -> dict[str, Any]:
    """Run ``steps`` (name, JavaScript expression using ``P``) with ``stored`` in the storage."""
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", _RUN, str(SCRIPT)],
                          input=json.dumps({"stored": stored or {}, "steps": steps, "throws": throws}),
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


PROGRESS = "bacara_teach.progress"

# A record as the drill writes it: 40 answers of a learner who misses every third one.
_WRITE = """(() => {
  const record = P.emptyRecord();
  for (let i = 0; i < 40; i += 1) P.recordAnswer(record, `${3 + (i % 4)}:${i % 10}`, i % 3 !== 0);
  record.best = 12;
  P.saveRecord("punto-banco", record);
  P.saveRecord("caller-punto-banco", P.emptyRecord());
  return record;
})()"""


def _written() -> dict[str, Any]:
    return run([("record", _WRITE), ("progress", "P.loadProgress()")])


def test_what_a_page_writes_is_read_back_whole_and_through_a_file() -> None:
    out = _written()
    stored = json.loads(out["stored"][PROGRESS])
    assert stored["version"] == 2
    assert out["progress"]["stores"]["punto-banco"] == out["record"]
    again = run([("read", "P.loadProgress()"),
                 ("file", "P.parseProgress(P.progressFile(P.loadProgress()))"),
                 ("text", "P.progressFile(P.loadProgress())")],
                {PROGRESS: out["stored"][PROGRESS]})
    assert again["read"] == out["progress"] == again["file"]
    assert json.loads(again["text"])["format"] == "bacara-teach-progress"
    assert again["reset"] is False


def _poisoned() -> list[tuple[str, Any]]:
    """Records that are not what the script writes, each with what is wrong with it."""
    good = json.loads(_written()["stored"][PROGRESS])
    cell = next(iter(good["stores"]["punto-banco"]["cells"]))

    def edited(change: Any) -> Any:
        record = json.loads(json.dumps(good))
        change(record)
        return record

    def cells(record: Any) -> Any:
        return record["stores"]["punto-banco"]["cells"]

    return [
        ("not JSON", "{version: 2"),
        ("a list", []),
        ("another version", edited(lambda r: r.update(version=3))),
        ("stores as a list", edited(lambda r: r.update(stores=[]))),
        ("a step as text", edited(lambda r: r["stores"]["punto-banco"].update(step="40"))),
        ("a huge step", edited(lambda r: r["stores"]["punto-banco"].update(step=10**15))),
        ("a level past mastered", edited(lambda r: cells(r)[cell].update(level=9))),
        ("more right than asked", edited(lambda r: cells(r)[cell].update(right=10**6))),
        ("a fractional count", edited(lambda r: cells(r)[cell].update(asked=1.5))),
        ("an infinite best", edited(lambda r: r["stores"]["punto-banco"].update(best="Infinity"))),
        ("markup for a cell", edited(lambda r: cells(r).update({"<img src=x onerror=alert(1)>": cells(r)[cell]}))),
        ("markup for a store", edited(lambda r: r["stores"].update({"<script>": r["stores"]["punto-banco"]}))),
        ("a prototype for a store", '{"version":2,"stores":{"__proto__":{"version":1,"step":0,"cells":{},"best":0}},"finals":[]}'),
        ("too many cells", edited(lambda r: cells(r).update({f"c{i}": cells(r)[cell] for i in range(700)}))),
        ("too many stores", edited(lambda r: r["stores"].update({f"s{i}": r["stores"]["punto-banco"] for i in range(50)}))),
        ("a final with a bad date", edited(lambda r: r.update(finals=[{"date": "<b>today</b>", "right": 1, "questions": 30, "skills": {}}]))),
        ("a final with more right than asked", edited(lambda r: r.update(finals=[{"date": "2026-12-05", "right": 31, "questions": 30, "skills": {}}]))),
        ("a final's skill tally", edited(lambda r: r.update(finals=[{"date": "2026-12-05", "right": 1, "questions": 30, "skills": {"roads": [3, 2]}}]))),
        ("a huge text", json.dumps({"version": 2, "stores": {}, "finals": [], "pad": "x" * 600_000})),
    ]


@pytest.mark.parametrize("what", [what for what, _ in _poisoned()])
def test_a_poisoned_store_is_reset_with_a_word_and_never_breaks_a_page(what: str) -> None:
    value = dict(_poisoned())[what]
    text = value if isinstance(value, str) else json.dumps(value)
    out = run([("progress", "P.loadProgress()"), ("record", "P.loadRecord('punto-banco')"),
               ("parsed", "P.parseProgress(" + json.dumps(text) + ")")], {PROGRESS: text})
    assert out["parsed"] is None
    assert out["progress"] == {"version": 2, "stores": {}, "finals": []}
    assert out["record"]["cells"] == {} and out["record"]["step"] == 0
    assert out["reset"] is True
    assert PROGRESS not in out["stored"]  # the unreadable record is gone, not kept beside


def test_the_word_is_shown_once_on_a_page_that_found_the_store_reset() -> None:
    notices = r"""(() => {
      const made = [];
      global.document = { createElement: (tag) => ({ tag, attrs: {}, children: [],
        setAttribute(n, v) { this.attrs[n] = v; }, append(...c) { this.children.push(...c); },
        set textContent(t) { this.text = t; } }) };
      const root = () => ({ prepend(node) { made.push(node.text); } });
      P.loadProgress();
      const data = { store_reset: "started afresh" };
      P.noticeReset(root(), data);
      P.noticeReset(root(), data);
      return made;
    })()"""
    out = run([("made", notices)], {PROGRESS: "[1, 2"})
    assert out["made"] == ["started afresh"]
    clean = run([("made", notices)], {PROGRESS: json.loads(json.dumps(_written()["stored"]))[PROGRESS]})
    assert clean["made"] == []


def test_the_drills_old_records_move_into_the_one_record_once() -> None:
    record = _written()["record"]
    old = {"bacara_teach.practice.v1.punto-banco": json.dumps(record),
           "bacara_teach.practice.v1.chemin-de-fer": json.dumps({"version": 1, "step": 0, "cells": {}, "best": 0}),
           "unrelated": "kept"}
    out = run([("progress", "P.loadProgress()")], old)
    assert out["progress"]["stores"]["punto-banco"] == record
    assert set(out["progress"]["stores"]) == {"punto-banco", "chemin-de-fer"}
    assert set(out["stored"]) == {PROGRESS, "unrelated"}
    assert out["reset"] is False
    damaged = run([("progress", "P.loadProgress()")], {"bacara_teach.practice.v1.punto-banco": "{oops"})
    assert damaged["progress"]["stores"] == {} and damaged["reset"] is True


def test_storage_off_leaves_every_page_working_for_the_visit() -> None:
    out = run([("record", _WRITE), ("progress", "P.loadProgress()"), ("works", "P.storageWorks()")],
              throws=True)
    assert out["progress"] == {"version": 2, "stores": {}, "finals": []}
    assert out["works"] is False and out["reset"] is False


def test_a_skill_s_mastery_counts_each_right_answer_in_a_row_until_known() -> None:
    out = run([("steps", r"""(() => {
      const skill = { store: "drill", keys: ["a", "b", "c"] };
      const record = P.emptyRecord();
      const seen = [];
      const look = () => { P.saveRecord("drill", record); const m = P.skillMastery(P.loadProgress(), skill);
                           seen.push([Math.round(m.mastery * 900) / 900, m.known, m.asked]); };
      look();
      P.recordAnswer(record, "a", false); look();      // a miss counts nothing
      P.recordAnswer(record, "a", true); look();       // a third of the way for a
      P.recordAnswer(record, "a", true); look();
      P.recordAnswer(record, "a", true); look();       // a known
      P.recordAnswer(record, "b", true); P.recordAnswer(record, "z", true); look();  // z is not the skill's
      return seen;
    })()""")])
    assert out["steps"] == [[0, 0, 0], [0, 0, 1], [1 / 9, 0, 1], [2 / 9, 0, 1], [3 / 9, 1, 1],
                            [round((3 + 1) / 9 * 900) / 900, 1, 2]]
