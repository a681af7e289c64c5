"""The Chemin de Fer seat and the odds explorer of a static page, held against the engine.

The seat's data (:mod:`bacara_teach.widgets.seat_page`) is checked coup by coup: the cards
come from the seeded shoe six at a time, a coup asks the reader exactly when the engine
pauses at the seat's free cell, and every ending is the engine's coup for those decisions.
The page script is then run under Node.js: it walks every branch of every prepared coup and
its results, settlements and score are compared with coups the engine deals afresh.  The
explorer's figures, in the data and as the script looks them up, are compared with the
engine's exact odds of the same shoes.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bacara_teach.analysis.choice_values import choice_values
from bacara_teach.analysis.composition import RANKS, Composition
from bacara_teach.analysis.edges import edges_for_profile
from bacara_teach.cards import hand_total
from bacara_teach.chemin_de_fer import (
    BANKER,
    BETTOR,
    COUP_CARDS,
    CoupInPlay,
    as_punto_banco,
    deal_coup,
)
from bacara_teach.shoe import Shoe
from bacara_teach.tables import profile_names
from bacara_teach.widgets import CheminDeFerSeat, OddsExplorer
from bacara_teach.widgets._html import percent
from bacara_teach.widgets.odds_page import MAX_OUT, REMOVAL_DECKS, odds_data, odds_html, shoe_key
from bacara_teach.widgets.seat_page import PAGE_COUPS, seat_data, seat_html

ROOT = Path(__file__).resolve().parents[1]
SEAT_JS = ROOT / "docs" / "_static" / "practice-chemin-seat.js"
ODDS_JS = ROOT / "docs" / "_static" / "practice-odds-explorer.js"
NODE = shutil.which("node")
LANGS = ("en", "es")
PAGE_SEAT: dict[str, Any] = {"seat": "banker", "seed": 4}  # the chapter's cell: CheminDeFerSeat(seat="banker", seed=4)
BETTORS = {"one": 1, "several": 2}
LIMIT = 150 * 1024


@pytest.fixture(scope="module", params=LANGS)
def seat(request: pytest.FixtureRequest) -> dict[str, Any]:
    return seat_data(**PAGE_SEAT, lang=request.param)


@pytest.fixture(scope="module", params=LANGS)
def odds(request: pytest.FixtureRequest) -> dict[str, Any]:
    return odds_data(request.param)


def _node(script: str, path: Path, data: object) -> Any:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", script, str(path)], input=json.dumps(data),
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _engine_turns(play: CoupInPlay, seat: str) -> None:
    while (view := play.pending) is not None and view.role != seat:
        play.decide(as_punto_banco(view))


def _decisions(cards: list[str], seat: str, bettors: int, choice: str | None) -> dict[str, str]:
    """The decisions of a branch: the reader's at the seat, the policy's for the other side."""
    play = CoupInPlay(cards, bettors=bettors)
    made: dict[str, str] = {}
    while (view := play.pending) is not None:
        answer = choice if view.role == seat else as_punto_banco(view).value
        assert answer is not None
        made[view.role] = answer
        play.decide(answer)
    return made


def _net(bettor_total: int, banker_total: int, seat: str) -> int:
    """Even money either way, a push returns the stake (the home Chemin de Fer rules)."""
    mine, theirs = ((bettor_total, banker_total) if seat == BETTOR
                    else (banker_total, bettor_total))
    return (mine > theirs) - (mine < theirs)


# -- the seat's data ----------------------------------------------------------------------------


def test_the_coups_are_the_seeded_shoe_six_cards_at_a_time(seat: dict[str, Any]) -> None:
    shoe = Shoe.standard(6, seed=4)
    for coup in seat["coups"]:
        while True:
            if shoe.remaining < COUP_CARDS:
                shoe.shuffle()
            cards = [str(shoe.draw()) for _ in range(COUP_CARDS)]
            if cards == coup["cards"]:
                break
    asking = {role: sum("seen" in c["seats"][role]["several"] for c in seat["coups"])
              for role in (BETTOR, BANKER)}
    assert asking[BANKER] == PAGE_COUPS and asking[BETTOR] >= PAGE_COUPS


def test_a_coup_asks_exactly_when_the_engine_pauses_for_the_seat(seat: dict[str, Any]) -> None:
    for coup in seat["coups"]:
        for role in (BETTOR, BANKER):
            for key, bettors in BETTORS.items():
                node = coup["seats"][role][key]
                play = CoupInPlay(coup["cards"], bettors=bettors)
                _engine_turns(play, role)
                view = play.pending
                assert ("seen" in node) == (view is not None)
                if view is not None:
                    assert node["seen"]["cards"] == [str(c) for c in view.cards]
                    assert (node["seen"]["third"] is None) == (view.third_card is None)


def test_every_ending_is_the_engine_coup_with_its_settlement(seat: dict[str, Any]) -> None:
    lang = seat["lang"]
    for coup in seat["coups"]:
        for role in (BETTOR, BANKER):
            for key, bettors in BETTORS.items():
                node = coup["seats"][role][key]
                branches = ({"draw": node["draw"], "stand": node["stand"]} if "seen" in node
                            else {None: node})
                for choice, leaf in branches.items():
                    made = _decisions(coup["cards"], role, bettors, choice)
                    dealt = deal_coup(coup["cards"], bettors=bettors, bettor=made.get(BETTOR),
                                      banker=made.get(BANKER), leftover=True)
                    ending = coup["endings"][leaf["ending"]]
                    assert ending["bettor"] == [str(c) for c in dealt.bettor]
                    assert ending["banker"] == [str(c) for c in dealt.banker]
                    assert ending["winner"] == dealt.winner.value
                    assert [coup["lines"][i] for i in ending["narration"]] == \
                        dealt.narrate(lang).split("\n")
                    net = _net(hand_total(dealt.bettor), hand_total(dealt.banker), role)
                    assert leaf["net"] == net
                    assert leaf["result"] == {1: "won", -1: "lost", 0: "push"}[net]


def test_what_each_choice_was_worth_is_the_engine_figure() -> None:
    data = seat_data(**PAGE_SEAT, lang="en")
    shoe = Shoe.standard(6, seed=4)
    for coup in data["coups"]:
        while True:
            if shoe.remaining < COUP_CARDS:
                shoe.shuffle()
            before = Composition.from_shoe(shoe)
            if [str(c) for c in shoe.peek(COUP_CARDS)] == coup["cards"]:
                break
            for _ in range(COUP_CARDS):
                shoe.draw()
        for role in (BETTOR, BANKER):
            node = coup["seats"][role]["several"]
            if "seen" not in node:
                continue
            play = CoupInPlay(coup["cards"])
            _engine_turns(play, role)
            assert play.pending is not None
            values = choice_values(play.pending, before, other=as_punto_banco)
            rows = {row["choice"]: row for row in node["worth"]["rows"]}
            assert Fraction(rows["draw"]["exact"]) == values.draw
            assert Fraction(rows["stand"]["exact"]) == values.stand
            assert node["better"] == values.better
            for choice in ("draw", "stand"):
                assert node[choice]["betterChoice"] == (values.better in (choice, "either"))
        for _ in range(COUP_CARDS):
            shoe.draw()


def _shown(data: dict[str, Any]) -> list[str]:
    """Every text of the seat's data a reader meets: labels, what is seen, results, worth, narration."""
    texts = list(data["labels"].values())
    for coup in data["coups"]:
        texts += coup["lines"]
        for role in coup["seats"].values():
            for node in role.values():
                leaves = [node]
                if "seen" in node:
                    texts += [v for k, v in node["seen"].items() if k != "cards" and v]
                    texts += [node["worth"]["title"], *(r["label"] for r in node["worth"]["rows"])]
                    leaves = [node["draw"], node["stand"]]
                for leaf in leaves:
                    texts += [leaf["status"], leaf.get("verdict", "")]
    return texts


def test_the_seat_speaks_the_page_language_only() -> None:
    english, spanish = (seat_data(**PAGE_SEAT, lang=lang) for lang in LANGS)
    same = {key for key in english["labels"] if english["labels"][key] == spanish["labels"][key]}
    assert same <= {"total"}, same
    words = re.compile(r"\b(you|the|bettor|banker|draws?|stands?|wins?|lose|stake|free)\b",
                       re.IGNORECASE)
    for text in _shown(spanish):
        assert not words.search(re.sub(r"\{[^}]*\}", "", text)), text
    assert any(words.search(text) for text in _shown(english))
    assert spanish["numbers"]["decimal"] == ","


def test_the_widget_gives_a_page_the_prepared_seat_not_a_still() -> None:
    widget = CheminDeFerSeat(**PAGE_SEAT, lang="es")
    bundle = widget._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    html = str(data["text/html"])
    assert html == seat_html({**PAGE_SEAT, "bettors": 2, "policy": "punto-banco", "decks": 6,
                              "lang": "es"})
    assert "data-practice='chemin-seat'" in html and "bt-still" not in html
    assert "application/vnd.jupyter.widget-view+json" in data  # the live notebook's widget


# -- the seat's script, under Node.js -------------------------------------------------------------

_NODE_SEAT = r"""
const seat = require(process.argv[1]);
const data = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = { branches: [], scores: {}, next: {} };
for (const role of ["bettor", "banker"]) {
  for (const bettors of ["one", "several"]) {
    const score = seat.emptyScore();
    const next = [];
    for (let i = 0; i < data.coups.length; i += 1) {
      const node = seat.tree(data, i, role, bettors);
      const choices = seat.asks(node) ? ["draw", "stand"] : [null];
      for (const choice of choices) {
        const played = seat.play(data, i, role, bettors, choice);
        out.branches.push({ coup: i, role, bettors, choice, result: played.leaf.result,
                            net: played.leaf.net, winner: played.ending.winner,
                            bettor: played.ending.bettor, banker: played.ending.banker,
                            bettorTotal: played.ending.bettorTotal, bankerTotal: played.ending.bankerTotal,
                            narration: played.narration });
      }
      // The score of a reader who always draws where asked.
      seat.count(score, seat.play(data, i, role, bettors, choices[0]), choices[0]);
      next.push(seat.nextAsking(data, i - 1, role, bettors));
    }
    out.scores[`${role}:${bettors}`] = score;
    out.next[`${role}:${bettors}`] = next;
  }
}
let refused = 0;
for (const bad of [[0, "banker", "several", "maybe"], [data.coups.length, "bettor", "one", null]]) {
  try { seat.play(data, ...bad); } catch (error) { if (error instanceof RangeError) refused += 1; }
}
out.refused = refused;
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_script_follows_every_branch_to_the_engine_result(lang: str) -> None:
    data = seat_data(**PAGE_SEAT, lang=lang)
    out = _node(_NODE_SEAT, SEAT_JS, data)
    assert out["refused"] == 2
    expected_branches = 0
    for coup in data["coups"]:
        for role in (BETTOR, BANKER):
            for key in BETTORS:
                expected_branches += 2 if "seen" in coup["seats"][role][key] else 1
    assert len(out["branches"]) == expected_branches
    totals: dict[str, dict[str, int]] = {}
    for branch in out["branches"]:
        coup = data["coups"][branch["coup"]]
        bettors = BETTORS[branch["bettors"]]
        made = _decisions(coup["cards"], branch["role"], bettors, branch["choice"])
        dealt = deal_coup(coup["cards"], bettors=bettors, bettor=made.get(BETTOR),
                          banker=made.get(BANKER), leftover=True)
        assert branch["bettor"] == [str(c) for c in dealt.bettor]
        assert branch["banker"] == [str(c) for c in dealt.banker]
        assert (branch["bettorTotal"], branch["bankerTotal"]) == (dealt.bettor_total,
                                                                  dealt.banker_total)
        assert branch["winner"] == dealt.winner.value
        net = _net(dealt.bettor_total, dealt.banker_total, branch["role"])
        assert branch["net"] == net
        assert branch["narration"] == dealt.narrate(lang).split("\n")
        if branch["choice"] in (None, "draw"):
            key = f"{branch['role']}:{branch['bettors']}"
            tally = totals.setdefault(key, {"coups": 0, "net": 0, "won": 0, "lost": 0, "push": 0,
                                            "chosen": 0})
            tally["coups"] += 1
            tally["net"] += net
            tally[{1: "won", -1: "lost", 0: "push"}[net]] += 1
            tally["chosen"] += branch["choice"] is not None
    for key, tally in totals.items():
        score = out["scores"][key]
        assert {name: score[name] for name in tally} == tally, key
    for key, following in out["next"].items():
        role, count = key.split(":")
        asking = [i for i, c in enumerate(data["coups"]) if "seen" in c["seats"][role][count]]
        assert following == [min([j for j in asking if j >= i], default=-1)
                             for i in range(len(data["coups"]))]


# -- the odds explorer ------------------------------------------------------------------------------


def _shoes() -> list[tuple[int, int | None, int]]:
    shoes: list[tuple[int, int | None, int]] = [(decks, None, 0) for decks in range(1, 9)]
    shoes += [(decks, rank, out) for decks in REMOVAL_DECKS for rank in range(len(RANKS))
              for out in range(1, MAX_OUT + 1)]
    return shoes


@functools.cache
def _engine_odds(decks: int, rank: int | None, out: int, profile: str) -> list[tuple[Fraction, ...]]:
    shoe = Composition.standard(decks)
    if rank is not None:
        shoe = shoe.without([RANKS[rank]] * out)
    return [(a.win, a.push, a.house_edge) for a in edges_for_profile(profile, shoe).values()]


def _engine_rows(decks: int, rank: int | None, out: int, profile: str,
                 lang: str) -> list[list[str]]:
    return [[percent(value, lang=lang) for value in row]
            for row in _engine_odds(decks, rank, out, profile)]


def test_every_prepared_shoe_is_priced_as_the_engine_prices_it(odds: dict[str, Any]) -> None:
    lang = odds["lang"]
    assert set(odds["shoes"]) == {shoe_key(*shoe) for shoe in _shoes()}
    for decks, rank, out in _shoes():
        shoe = odds["shoes"][shoe_key(decks, rank, out)]
        assert shoe["cards"] == 52 * decks - out
        for profile in profile_names():
            assert shoe["figures"][profile] == _engine_rows(decks, rank, out, profile, lang)
    for profile in profile_names():
        assert [b["key"] for b in odds["bets"][profile]] == list(edges_for_profile(profile))


def test_the_explorer_speaks_the_page_language() -> None:
    english, spanish = odds_data("en"), odds_data("es")
    assert english["shoes"]["8"]["figures"]["home"][0][0].endswith("%")
    assert "," in spanish["shoes"]["8"]["figures"]["home"][0][0]
    same = {key for key in english["labels"] if english["labels"][key] == spanish["labels"][key]}
    assert same == set(), same


def test_the_widget_gives_a_page_the_prepared_explorer_not_a_still() -> None:
    bundle = OddsExplorer(decks=8, lang="en")._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    html = str(data["text/html"])
    assert html == odds_html(decks=8, profile="home", lang="en")
    assert "data-practice='odds-explorer'" in html and "bt-still" not in html


_NODE_ODDS = r"""
const odds = require(process.argv[1]);
const data = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = { found: [], missing: [] };
const ranks = [null, ...data.ranks.map((_, i) => i)];
for (let decks = 1; decks <= 12; decks += 1) {
  for (const profile of data.profiles.map((p) => p.name)) {
    for (const rank of ranks) {
      for (let n = rank === null ? 0 : 1; n <= (rank === null ? 0 : data.maxOut + 1); n += 1) {
        const shown = odds.figures(data, decks, profile, rank, n);
        if (shown) out.found.push({ decks, profile, rank, n, cards: shown.cards,
                                    rows: shown.rows.map((r) => [r.win, r.push, r.edge]) });
        else out.missing.push([decks, profile, rank, n]);
      }
    }
  }
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_script_shows_the_engine_odds_and_says_when_a_shoe_is_not_prepared(lang: str) -> None:
    data = odds_data(lang)
    out = _node(_NODE_ODDS, ODDS_JS, data)
    prepared = set(_shoes())
    profiles = profile_names()
    assert len(out["found"]) == len(prepared) * len(profiles)
    for shown in out["found"]:
        assert (shown["decks"], shown["rank"], shown["n"]) in prepared
        assert shown["rows"] == _engine_rows(shown["decks"], shown["rank"], shown["n"],
                                             shown["profile"], lang)
        assert shown["cards"] == 52 * shown["decks"] - shown["n"]
    # Every other shoe it was asked about is one it says it has not prepared.
    for decks, _profile, rank, n in out["missing"]:
        assert (decks, rank, n) not in prepared


@pytest.mark.parametrize("lang", LANGS)
def test_script_and_data_fit_the_page_budget(lang: str) -> None:
    seat = len(seat_html({**PAGE_SEAT, "lang": lang}).encode()) + SEAT_JS.stat().st_size
    explorer = len(odds_html(lang=lang).encode()) + ODDS_JS.stat().st_size
    assert seat <= LIMIT and explorer <= LIMIT, (seat, explorer)

