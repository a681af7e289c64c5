"""The Chemin de Fer seat and the odds explorer of a static page, held against the engine.

The seat's data (:mod:`bacara_teach.practice.seat`) is checked coup by coup: the cards
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
from bacara_teach.cards import format_cards, hand_total
from bacara_teach.chemin_de_fer import (
    BANKER,
    BETTOR,
    COUP_CARDS,
    CoupInPlay,
    as_punto_banco,
    deal_coup,
)
from bacara_teach.narration import narrate_step
from bacara_teach.practice.odds import MAX_OUT, REMOVAL_DECKS, odds_data, odds_html, shoe_key
from bacara_teach.practice.seat import _PAGE_LABELS as PAGE_LABELS
from bacara_teach.practice.seat import PAGE_COUPS, seat_data, seat_html
from bacara_teach.shoe import Shoe
from bacara_teach.tables import profile_names
from bacara_teach.text import language, language_codes
from bacara_teach.widgets import CheminDeFerSeat, OddsExplorer
from bacara_teach.widgets._common import Labels
from bacara_teach.widgets._html import percent
from bacara_teach.widgets.chemin import _LABELS as SEAT_LABELS

ROOT = Path(__file__).resolve().parents[1]
SEAT_JS = ROOT / "docs" / "_static" / "practice-chemin-seat.js"
ODDS_JS = ROOT / "docs" / "_static" / "practice-odds-explorer.js"
NODE = shutil.which("node")
LANGS = language_codes()
PAGE_SEAT: dict[str, Any] = {"seat": "banker", "seed": 4}  # the chapter's cell: CheminDeFerSeat(seat="banker", seed=4)
BETTORS = 2  # several bettors, the chapter's seat
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


def _branches(node: dict[str, Any]) -> dict[str | None, dict[str, Any]]:
    return {"draw": node["draw"], "stand": node["stand"]} if "seen" in node else {None: node}


def test_the_coups_are_the_seeded_shoe_six_cards_at_a_time(seat: dict[str, Any]) -> None:
    shoe = Shoe.standard(6, seed=4)
    for coup in seat["coups"]:
        while True:
            if shoe.remaining < COUP_CARDS:
                shoe.shuffle()
            cards = [str(shoe.draw()) for _ in range(COUP_CARDS)]
            if cards == coup["cards"]:
                break
    asking = {role: sum("seen" in c["seats"][role] for c in seat["coups"])
              for role in (BETTOR, BANKER)}
    assert asking[BANKER] == PAGE_COUPS and asking[BETTOR] >= PAGE_COUPS


def test_a_coup_asks_exactly_when_the_engine_pauses_for_the_seat(seat: dict[str, Any]) -> None:
    for coup in seat["coups"]:
        for role in (BETTOR, BANKER):
            node = coup["seats"][role]
            play = CoupInPlay(coup["cards"], bettors=BETTORS)
            _engine_turns(play, role)
            view = play.pending
            assert ("seen" in node) == (view is not None)
            if view is not None:
                seen = node["seen"]
                assert seen["cards"] == [str(c) for c in view.cards] and seen["total"] == view.total
                third = view.third_card
                assert seen["third"] == (None if third is None else str(third))
                assert seen["thirdValue"] == (None if third is None else third.points)


def test_every_ending_is_the_engine_coup_with_its_settlement(seat: dict[str, Any]) -> None:
    lang = seat["lang"]
    for coup in seat["coups"]:
        for role in (BETTOR, BANKER):
            for choice, leaf in _branches(coup["seats"][role]).items():
                made = _decisions(coup["cards"], role, BETTORS, choice)
                dealt = deal_coup(coup["cards"], bettors=BETTORS, bettor=made.get(BETTOR),
                                  banker=made.get(BANKER), leftover=True)
                ending = coup["endings"][leaf["ending"]]
                assert ending["bettor"] == [str(c) for c in dealt.bettor]
                assert ending["banker"] == [str(c) for c in dealt.banker]
                assert ending["totals"] == [dealt.bettor_total, dealt.banker_total]
                assert ending["winner"] == dealt.winner.value
                assert [seat["lines"][i] for i in ending["narration"]] == \
                    dealt.narrate(lang).split("\n")
                net = _net(hand_total(dealt.bettor), hand_total(dealt.banker), role)
                assert leaf["net"] == net
                assert leaf["result"] == {1: "won", -1: "lost", 0: "push"}[net]
                if choice is None:
                    forced = [s for s in dealt.steps if s.actor == role and s.cell is not None]
                    told = seat["lines"][leaf["forced"]] if leaf["forced"] >= 0 else None
                    assert told == (narrate_step(forced[0], lang, dealt.tableau) if forced else None)


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
            node = coup["seats"][role]
            if "seen" not in node:
                continue
            play = CoupInPlay(coup["cards"])
            _engine_turns(play, role)
            assert play.pending is not None
            values = choice_values(play.pending, before, other=as_punto_banco)
            assert Fraction(node["worth"]["draw"][1]) == values.draw
            assert Fraction(node["worth"]["stand"][1]) == values.stand
            assert node["worth"]["draw"][0].rstrip("%").lstrip("+") == \
                percent(values.draw).rstrip("%")
            assert node["better"] == values.better
            assert node["gap"] == percent(abs(values.draw - values.stand))
        for _ in range(COUP_CARDS):
            shoe.draw()


@pytest.mark.parametrize("lang", LANGS[1:])
def test_the_seat_speaks_the_page_language_only(lang: str) -> None:
    english, other = (seat_data(**PAGE_SEAT, lang=code) for code in ("en", lang))
    same = {key for key in english["labels"] if english["labels"][key] == other["labels"][key]}
    assert same <= {"total"}, same
    words = re.compile(r"\b(you|the|bettor|banker|draws?|stands?|wins?|lose|stake|free)\b",
                       re.IGNORECASE)
    for data, english_words in ((other, False), (english, True)):
        texts = [*data["labels"].values(), *data["rules"], *data["lines"]]
        found = [t for t in texts if words.search(re.sub(r"\{[^}]*\}", "", t))]
        assert bool(found) == english_words, found[:3]
    assert other["numbers"]["decimal"] == language(lang).numbers["decimal"]


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
  const score = seat.emptyScore();
  const next = [];
  for (let i = 0; i < data.coups.length; i += 1) {
    const node = seat.tree(data, i, role);
    const choices = seat.asks(node) ? ["draw", "stand"] : [null];
    for (const choice of choices) {
      const played = seat.play(data, i, role, choice);
      out.branches.push({ coup: i, role, choice, result: played.leaf.result, net: played.leaf.net,
                          winner: played.ending.winner, bettor: played.ending.bettor,
                          banker: played.ending.banker, totals: played.ending.totals,
                          narration: played.narration,
                          status: seat.statusText(data, role, node, played, choice),
                          seen: node.seen ? seat.seenTexts(data, role, node.seen) : null,
                          worth: node.seen ? seat.worthTitle(data, node.seen) : null });
    }
    // The score of a reader who always draws where asked.
    seat.count(score, seat.play(data, i, role, choices[0]), choices[0]);
    next.push(seat.nextAsking(data, i - 1, role));
  }
  out.scores[role] = score;
  out.next[role] = next;
}
let refused = 0;
for (const bad of [[0, "banker", "maybe"], [data.coups.length, "bettor", null], [0, "croupier", null]]) {
  try { seat.play(data, ...bad); } catch (error) { if (error instanceof RangeError) refused += 1; }
}
out.refused = refused;
process.stdout.write(JSON.stringify(out));
"""


def _expected_status(lang: str, role: str, dealt: Any, choice: str | None,
                     node: dict[str, Any]) -> str:
    """The sentence the live seat says after a coup (result, settlement, forced cell or verdict)."""
    labels, page = Labels(SEAT_LABELS, lang), Labels(PAGE_LABELS, lang)
    mine, theirs = ((dealt.bettor_total, dealt.banker_total) if role == BETTOR
                    else (dealt.banker_total, dealt.bettor_total))
    outcome = {1: "won", -1: "lost", 0: "push"}[_net(dealt.bettor_total, dealt.banker_total, role)]
    parts = [labels.fill(f"result.{outcome}", mine=mine, theirs=theirs), page[f"settle.{outcome}"]]
    if choice is None:
        forced = [s for s in dealt.steps if s.actor == role and s.cell is not None]
        parts.append(labels.fill("forced", step=narrate_step(forced[0], lang, dealt.tableau))
                     if forced else labels["untouched"])
        return " ".join(parts)
    name = labels[f"worth.{choice}"].lower()
    better = node["better"]
    if better == "either":
        parts.append(labels.fill("chose.either", choice=name))
    elif better == choice:
        parts.append(labels.fill("chose.better", choice=name))
    else:
        parts.append(labels.fill("chose.worse", choice=name, other=labels[f"worth.{better}"].lower(),
                                 gap=node["gap"]))
    return " ".join(parts)


@pytest.mark.parametrize("lang", LANGS)
def test_the_script_follows_every_branch_to_the_engine_result(lang: str) -> None:
    data = seat_data(**PAGE_SEAT, lang=lang)
    labels = Labels(SEAT_LABELS, lang)
    out = _node(_NODE_SEAT, SEAT_JS, data)
    assert out["refused"] == 3
    assert len(out["branches"]) == sum(len(_branches(c["seats"][r])) for c in data["coups"]
                                       for r in (BETTOR, BANKER))
    totals: dict[str, dict[str, int]] = {}
    for branch in out["branches"]:
        coup = data["coups"][branch["coup"]]
        role = branch["role"]
        node = coup["seats"][role]
        made = _decisions(coup["cards"], role, BETTORS, branch["choice"])
        dealt = deal_coup(coup["cards"], bettors=BETTORS, bettor=made.get(BETTOR),
                          banker=made.get(BANKER), leftover=True)
        assert branch["bettor"] == [str(c) for c in dealt.bettor]
        assert branch["banker"] == [str(c) for c in dealt.banker]
        assert branch["totals"] == [dealt.bettor_total, dealt.banker_total]
        assert branch["winner"] == dealt.winner.value
        net = _net(dealt.bettor_total, dealt.banker_total, role)
        assert branch["net"] == net
        assert branch["narration"] == dealt.narrate(lang).split("\n")
        assert branch["status"] == _expected_status(lang, role, dealt, branch["choice"], node)
        if branch["seen"] is not None:
            play = CoupInPlay(coup["cards"], bettors=BETTORS)
            _engine_turns(play, role)
            view = play.pending
            assert view is not None
            seen = branch["seen"]
            assert seen["mine"] == labels.fill("your.cards", cards=format_cards(view.cards),
                                               total=view.total)
            assert seen["you"] == labels.fill("you", seat=labels[role])
            if view.third_card is not None:
                assert seen["third"] == labels.fill("third", card=str(view.third_card),
                                                    value=view.third_card.points)
                cell = labels.fill("cell", cards=format_cards(view.cards), total=view.total) + \
                    labels.fill("cell.third", card=str(view.third_card))
            else:
                assert seen["third"] is None
                cell = labels.fill("cell", cards=format_cards(view.cards), total=view.total)
            assert branch["worth"] == f"{labels['worth']}: {cell}"
        if branch["choice"] in (None, "draw"):
            tally = totals.setdefault(role, {"coups": 0, "net": 0, "won": 0, "lost": 0,
                                             "push": 0, "chosen": 0})
            tally["coups"] += 1
            tally["net"] += net
            tally[{1: "won", -1: "lost", 0: "push"}[net]] += 1
            tally["chosen"] += branch["choice"] is not None
    for role, tally in totals.items():
        score = out["scores"][role]
        assert {name: score[name] for name in tally} == tally, role
        better = sum(c["seats"][role].get("better") in ("draw", "either") for c in data["coups"])
        assert score["better"] == better
    for role, following in out["next"].items():
        asking = [i for i, c in enumerate(data["coups"]) if "seen" in c["seats"][role]]
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

