"""The home scoreboard and the online table on a built page, held to the engine.

The widgets give a page built ahead of time their seeded coups, what each prediction or bet
nets on each (from the engine's settlement) and the table's refusals, as data; the site's
scripts (``docs/_static/practice-home-scoreboard.js``, ``docs/_static/practice-online-table.js``)
only read that data and add amounts up.  These tests hold the data to the engine, and the
scripts themselves, run under Node.js, to a real :class:`~bacara_teach.home_session.HomeSession`
and :class:`~bacara_teach.online_table.OnlineTable` through many sessions, stakes and bets:
every net, total, balance, ranking and refusal.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bacara_teach.errors import BacaraError, IllegalAction
from bacara_teach.home_session import HomeSession
from bacara_teach.money import add, format_amount, parse_amount
from bacara_teach.online_table import OnlineTable
from bacara_teach.refusals import refusal_text
from bacara_teach.settlement import Bet, settle_bet
from bacara_teach.tables import HOME, ONLINE
from bacara_teach.text import language_codes
from bacara_teach.widgets import HomeScoreboard, OnlineTableWidget
from bacara_teach.widgets._html import amount, signed_amount
from bacara_teach.widgets.home import scoreboard_data, scoreboard_html
from bacara_teach.widgets.online import (
    PAGE_COUPS,
    online_table_data,
    online_table_html,
    page_view_supported,
)

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "docs" / "_static"
SCOREBOARD = STATIC / "practice-home-scoreboard.js"
TABLE = STATIC / "practice-online-table.js"
NODE = shutil.which("node")
LANGS = language_codes()
PLAYERS = ("Ana", "Luis", "Eva")  # the page's participants
SEED = 3
BALANCE, TABLE_SEED = "100", 7  # the page's table


def _node(script: str, path: Path, feed: object) -> Any:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    done = subprocess.run([NODE, "-e", script, str(path)], input=json.dumps(feed),
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _bundle_html(widget: Any) -> str:
    """What a static page builder takes from the widget's display bundle."""
    bundle = widget._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    return str(data["text/html"])


# -- the scoreboard ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_scoreboard_data_is_the_seeded_session_settled_by_the_engine(lang: str) -> None:
    data = scoreboard_data(PLAYERS, seed=SEED, lang=lang)
    session = HomeSession(players=PLAYERS, seed=SEED)
    for name in PLAYERS:
        session.predict(name, "empate")
    coups = data["coups"]
    assert isinstance(coups, list) and len(coups) == session.coups
    scale = data["scale"]
    assert isinstance(scale, int)
    for row in coups:
        record = session.deal()
        coup = record.coup
        assert row["cards"] == " ".join(str(c) for c in coup.cards)
        assert [c for c, _ in row["punto"]] == [str(c) for c in coup.punto]
        assert [w for _, w in row["banco"]] == [c.describe(lang) for c in coup.banco]
        assert row["totals"] == [coup.punto_total, coup.banco_total]
        assert row["narration"] == coup.narrate(lang).split("\n")
        for kind in HOME.bets:
            net = settle_bet(coup, Bet(kind, HOME.fixed_stake), HOME).net  # type: ignore[arg-type]
            assert Fraction(row["nets"][kind.value], 10**scale) == net
        assert row["nets"]["pass"] == 0
        if not session.finished:
            for name in PLAYERS:
                session.predict(name, "empate")
    assert data["players"] == list(PLAYERS) and data["dealer"] == session.dealer


@pytest.mark.parametrize("lang", LANGS)
def test_the_scoreboard_sentences_are_the_widget_s(lang: str) -> None:
    """Each coup's sentence on the page is the one the live widget shows for it."""
    data = scoreboard_data(PLAYERS, seed=SEED, lang=lang)
    widget = HomeScoreboard(players=PLAYERS, seed=SEED, lang=lang)
    for row in data["coups"]:  # type: ignore[attr-defined]
        for box in widget.predictions.values():
            box.value = "banco"
        widget.deal()
        assert f">{row['status']}<" in widget.status.value
    html = _bundle_html(widget)
    assert html == scoreboard_html(PLAYERS, seed=SEED, lang=lang)
    assert "data-practice='home-scoreboard'" in html and "disabled" not in html


def test_a_bad_roster_is_refused_as_the_session_refuses_it() -> None:
    with pytest.raises(IllegalAction, match=r"at least 2|2 to 8"):
        scoreboard_data(["Ana"], seed=1, lang="en")


_NODE_SCOREBOARD = r"""
const board = require(process.argv[1]);
const { data, sessions } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = sessions.map((choices) => {
  const played = board.play(data, choices);
  const ranked = board.ranking(data, played.totals);
  const write = (u) => board.writeUnits(u, data.scale, data.numbers, true);
  return {
    nets: played.coups.map((c) => data.players.map((n) => write(c.nets[n]))),
    totals: played.coups.map((c) => data.players.map((n) => write(c.totals[n]))),
    ranking: ranked.rows.map((r) => [r.name, r.place, write(r.total)]),
    winners: ranked.winners,
    verdict: ranked.winners.length === 1 ? board.fill(data.labels["won.one"], { name: ranked.winners[0] })
      : board.fill(data.labels["won.many"], { names: board.join(data, ranked.winners) }),
  };
});
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_scoreboard_script_scores_every_session_as_the_engine(lang: str) -> None:
    data = scoreboard_data(PLAYERS, seed=SEED, lang=lang)
    rng = random.Random(f"scoreboard:{lang}")
    options = ["punto", "banco", "empate"]
    sessions = []
    for n in range(150):
        # Some sessions where everyone predicts alike, so that tied leaders share the win.
        alike = n % 5 == 0
        sessions.append([
            {name: ("pass" if name == PLAYERS[0] and rng.random() < 0.2 and not alike
                    else options[0] if alike else rng.choice(options)) for name in PLAYERS}
            for _ in range(10)])
    results = _node(_NODE_SCOREBOARD, SCOREBOARD, {"data": data, "sessions": sessions})
    shared = 0
    for choices, got in zip(sessions, results, strict=True):
        session = HomeSession(players=PLAYERS, seed=SEED)
        for coup_index, chosen in enumerate(choices):
            for name, on in chosen.items():
                if on == "pass":
                    session.abstain(name)
                else:
                    session.predict(name, on)
            record = session.deal()
            assert got["nets"][coup_index] == [signed_amount(record.net(n), lang) for n in PLAYERS]
            assert got["totals"][coup_index] == [signed_amount(record.total(n), lang) for n in PLAYERS]
        board = session.scoreboard()
        expected = [[name, 1 + sum(1 for _, other in board if other > total),
                     signed_amount(total, lang)] for name, total in board]
        assert got["ranking"] == expected
        assert got["winners"] == list(session.winners)
        widget = HomeScoreboard(players=PLAYERS, seed=SEED, lang=lang)
        widget.session = session
        assert f">{got['verdict']}<" in widget._ranking()
        shared += len(session.winners) > 1
    assert shared  # tied leaders were met and shared the win


# -- the online table ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_table_data_is_the_seeded_table_settled_by_the_engine(lang: str) -> None:
    data = online_table_data(balance=BALANCE, seed=TABLE_SEED, lang=lang)
    assert data["balance"] == BALANCE and data["limits"] == ["1", "250"]
    table = OnlineTable(balance="1000", seed=TABLE_SEED)
    rng = random.Random(lang)
    coups = data["coups"]
    assert isinstance(coups, list) and len(coups) == PAGE_COUPS
    for row in coups:
        table.place("banco", "1")
        played = table.deal()
        table.next_coup()
        coup = played.coup
        assert row["cards"] == " ".join(str(c) for c in coup.cards)
        assert row["narration"] == coup.narrate(lang).split("\n")
        assert row["outcome"] == coup.winner.value
        for kind in ONLINE.bets:
            result, num, den = row["pays"][kind.value]
            for _ in range(5):
                stake = Decimal(rng.randint(100, 25000)) / 100
                paid = settle_bet(coup, Bet(kind, stake), ONLINE)
                assert paid.result.value == result
                assert Fraction(paid.net) == Fraction(stake) * Fraction(num, den)


def test_a_table_a_page_cannot_prepare_keeps_its_still() -> None:
    accrued = ONLINE.with_options(commission="accrued")
    assert not page_view_supported(accrued) and page_view_supported(ONLINE)
    widget = OnlineTableWidget(balance="100", seed=7, profile=accrued, lang="en")
    html = _bundle_html(widget)
    assert "bt-still" in html and "data-practice" not in html
    page = _bundle_html(OnlineTableWidget(balance=BALANCE, seed=TABLE_SEED, lang="es"))
    assert page == online_table_html(balance=BALANCE, seed=TABLE_SEED, lang="es")


_NODE_TABLE = r"""
const t = require(process.argv[1]);
const { data, runs } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const N = data.numbers;
const out = runs.map((actions) => {
  const table = t.newTable(data);
  return actions.map((action) => {
    let got;
    if (action[0] === "place") {
      const done = t.place(data, table, action[1], action[2]);
      got = done.refusal ? { refusal: done.refusal } : { placed: t.toText(done.placed.stake) };
    } else if (action[0] === "chip") {
      got = t.addChip(data, action[1], action[2]);
    } else if (action[0] === "cancel") {
      const bet = t.cancel(table);
      got = { cancelled: bet ? [bet.on, t.toText(bet.stake)] : null };
    } else {
      const played = t.deal(data, table);
      got = played ? { net: t.toText(played.net), netText: t.write(played.net, N, true),
                       result: played.result, balanceText: t.write(played.balance, N) } : { dealt: null };
    }
    got.balance = t.toText(table.balance);
    got.available = t.toText(t.available(table));
    got.availableText = t.write(t.available(table), N);
    return got;
  });
});
process.stdout.write(JSON.stringify(out));
"""

_STAKES = ("5", "1", "0.5", "0", "-3", "-0", "250", "251", "249.99", "4.75", "abc", "", " 7 ", "1e3",
           "+2", ".5", "5.", "100", "99.999", "12.345678", "25", "60", "4,75", "0.01")


def _attempt(lang: str, action: Any, *args: object) -> tuple[Any, str | None]:
    """What the engine's action gives, or None and its refusal in ``lang``."""
    try:
        return action(*args), None
    except BacaraError as error:
        return None, refusal_text(error, lang)


def _stake_box(text: str) -> Decimal | int:
    """The stake box's amount, as the widget reads it before adding a chip."""
    return parse_amount(text.strip(), what="stake") if text.strip() else 0


def _actions(rng: random.Random, count: int) -> list[list[object]]:
    kinds = [kind.value for kind in ONLINE.bets]
    actions: list[list[object]] = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.45:
            actions.append(["place", rng.choice(kinds), rng.choice(_STAKES)])
        elif roll < 0.55:
            actions.append(["chip", rng.choice(_STAKES), rng.choice((1, 5, 25, 100))])
        elif roll < 0.62:
            actions.append(["cancel"])
        else:
            actions.append(["deal"])
    return actions


# The page's table, and one with other limits (its refusals' blanks are found all the same).
TABLES = {"online": ONLINE, "limits": ONLINE.with_options(min_bet="10", max_bet="500")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_table_script_settles_and_refuses_as_the_engine(name: str, lang: str) -> None:
    profile = TABLES[name]
    data = online_table_data(balance=BALANCE, seed=TABLE_SEED, profile=profile, lang=lang)
    rng = random.Random(f"table:{lang}")
    runs = [_actions(rng, 90) for _ in range(40)]
    results = _node(_NODE_TABLE, TABLE, {"data": data, "runs": runs})
    refused = placed = dealt = 0
    for actions, answers in zip(runs, results, strict=True):
        table = OnlineTable(balance=BALANCE, seed=TABLE_SEED, profile=profile)
        for action, got in zip(actions, answers, strict=True):
            if action[0] == "place":
                _, on, text = action
                assert isinstance(on, str) and isinstance(text, str)
                record, why = _attempt(lang, table.place, on, text.strip())
                if why is not None:
                    assert got.get("refusal") == why, action
                    refused += 1
                else:
                    assert got.get("placed") == format_amount(record.bet.stake), action
                    placed += 1
            elif action[0] == "chip":
                _, text, chip = action
                assert isinstance(text, str) and isinstance(chip, int)
                current, why = _attempt(lang, _stake_box, text)
                if why is not None:
                    assert got.get("refusal") == why, action
                else:
                    assert got.get("text") == format_amount(add(current, chip)), action
            elif action[0] == "cancel":
                bets = table.bets
                if table.can_cancel():
                    table.cancel()
                    assert got["cancelled"] == [bets[0].on.value, format_amount(bets[0].stake)]
                else:
                    assert got["cancelled"] is None
            elif not table.can_deal() or len(table.history) >= PAGE_COUPS:
                assert got.get("dealt", "dealt") is None, action
            else:
                played = table.deal()
                table.next_coup()
                (paid,) = played.settlement.bets
                assert got["net"] == format_amount(played.net)
                assert got["netText"] == signed_amount(played.net, lang)
                assert got["result"] == paid.result.value
                assert got["balanceText"] == amount(played.balance_after, lang)
                dealt += 1
            assert got["balance"] == format_amount(table.balance), action
            assert got["available"] == format_amount(table.available), action
            assert got["availableText"] == amount(table.available, lang)
    assert refused > 100 and placed > 100 and dealt > 100


def test_each_page_s_script_and_data_stay_small() -> None:
    """The page's practice script, this kind's script and its data: at most 150 KiB."""
    base = (STATIC / "practice.js").stat().st_size
    for script, html in ((SCOREBOARD, scoreboard_html(PLAYERS, seed=SEED, lang="es")),
                         (TABLE, online_table_html(balance=BALANCE, seed=TABLE_SEED, lang="es"))):
        size = base + script.stat().st_size + len(html.encode())
        assert size <= 150 * 1024, f"{script.name}: {size} bytes"
