"""The roads board of a static page, held against the engine.

The board's data (:mod:`bacara_teach.practice.roads`) is checked state by state: after k
coups its roads are the engine's drawing of the live board's first k coups, its status line
the live board's, and its odds the exact odds the live board shows, counted again here on
the cards left.  The page script is then run under Node.js: it steps through every state,
dealing one coup and ten at a time, and what it shows is compared with the same boards.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import subprocess
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from bacara_teach.analysis.composition import Composition
from bacara_teach.analysis.punto_banco import OUTCOMES, count_deals
from bacara_teach.practice.roads import PAGE_COUPS, ROADS_KIND, roads_data, roads_picture
from bacara_teach.road_svg import roads_html
from bacara_teach.roads import Roads
from bacara_teach.text import language_codes
from bacara_teach.widgets import RoadsBoard
from bacara_teach.widgets._html import percent

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "_static" / "practice-roads-board.js"
PRACTICE = ROOT / "docs" / "_static"
NODE = shutil.which("node")
LANGS = language_codes()
PAGE = {"seed": 8, "coups": 30}  # the chapter's cell: RoadsBoard(seed=8, coups=30)
LIMIT = 150 * 1024
_TAG = re.compile(r"<[^>]+>")


@pytest.fixture(scope="module", params=LANGS)
def board(request: pytest.FixtureRequest) -> dict[str, Any]:
    return roads_data(**PAGE, lang=request.param)


@functools.cache
def _live(lang: str, k: int) -> RoadsBoard:
    return RoadsBoard(seed=PAGE["seed"], coups=k, lang=lang)


def _status_text(html: str) -> str:
    return unescape(_TAG.sub("", html))


def test_every_state_is_the_live_board_after_that_many_coups(board: dict[str, Any]) -> None:
    lang = board["lang"]
    states = board["states"]
    assert board["start"] == PAGE["coups"]
    assert len(states) == PAGE_COUPS + 1  # an eight-deck shoe lasts longer than the run prepared
    full = Composition.standard(8)
    fresh = count_deals(full).probabilities()
    assert board["full"] == [percent(fresh[k], 4, lang) for k in OUTCOMES]
    for k, state in enumerate(states):
        live = _live(lang, k)
        assert len(live.coups) == k
        assert roads_picture(board, k) == live.picture.value
        assert roads_picture(board, k) == roads_html(Roads.from_coups(live.coups), lang=lang)
        assert state["status"][0] == _status_text(live.status.value)
        left = Composition.from_shoe(live.shoe)
        odds = count_deals(left).probabilities()
        assert odds == live.odds
        assert state["odds"] == [percent(odds[o], 4, lang) for o in OUTCOMES]
        assert state["change"] == [percent(odds[o] - fresh[o], 4, lang) for o in OUTCOMES]
        assert str(left.total) in state["left"]


def test_a_shoe_dealt_to_the_cut_card_ends_on_the_cut_card_state() -> None:
    data = roads_data(seed=8, decks=1, lang="en")
    live = RoadsBoard(seed=8, decks=1, coups=PAGE_COUPS, lang="en")
    assert live.over
    assert len(data["states"]) == len(live.coups) + 1
    last = data["states"][-1]
    assert "odds" not in last and last["status"] == [_status_text(live.status.value), "warning"]
    assert roads_picture(data, len(live.coups)) == live.picture.value


def test_the_page_holds_a_practice_node_in_the_widgets_language() -> None:
    for lang in LANGS:
        bundle = RoadsBoard(**PAGE, lang=lang)._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        html = data["text/html"]
        assert f"data-practice='{ROADS_KIND}'" in html and f"lang='{lang}'" in html
        assert "disabled" not in html and "application/vnd.jupyter.widget-view+json" in data
        payload = re.search(r"<script type='application/json' class='bt-practice-data'>(.*?)</script>",
                            html, re.S)
        assert payload is not None
        assert json.loads(payload.group(1)) == roads_data(**PAGE, lang=lang)


def test_the_page_weighs_less_than_its_limit(board: dict[str, Any]) -> None:
    raw = json.dumps(board, ensure_ascii=False, separators=(",", ":")).encode()
    scripts = sum((PRACTICE / name).stat().st_size
                  for name in ("practice.js", "practice.css", "practice-roads-board.js"))
    assert len(raw) + scripts <= LIMIT


_STEP = r"""
const api = require(process.argv[1]);
const data = JSON.parse(require("fs").readFileSync(0, "utf8"));
const pictures = api.pictures(data);
const seen = [];
for (const step of [1, 10]) {
  let k = 0;
  const path = [k];
  for (;;) {
    const next = api.dealFrom(data, k, step);
    if (next === k) break;
    k = next;
    path.push(k);
  }
  seen.push(path);
}
const views = data.states.map((_, k) => ({ ...api.stateView(data, k), picture: pictures[k] }));
process.stdout.write(JSON.stringify({ seen, views }));
"""


def test_the_script_steps_through_every_state_as_the_engine_deals(board: dict[str, Any]) -> None:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", _STEP, str(SCRIPT)], input=json.dumps(board),
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    last = len(board["states"]) - 1
    assert out["seen"][0] == list(range(last + 1))
    assert out["seen"][1] == [*range(0, last, 10), last]
    lang = board["lang"]
    for k, view in enumerate(out["views"]):
        live = _live(lang, k)
        assert view["coups"] == k and view["picture"] == live.picture.value
        assert view["status"] == _status_text(live.status.value)
        assert view["last"] == (k == last) and not view["cut"]
        rows = {key: figures for key, _, figures in view["rows"]}
        fresh = count_deals(Composition.standard(8)).probabilities()
        assert rows["left"] == [percent(live.odds[o], 4, lang) for o in OUTCOMES]
        assert rows["full"] == [percent(fresh[o], 4, lang) for o in OUTCOMES]
        assert rows["change"] == [percent(live.odds[o] - fresh[o], 4, lang) for o in OUTCOMES]
