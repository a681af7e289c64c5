"""Pay the table: every layout's amounts are the engine's settlement, every way each table
pays comes up, and the page script reads typed amounts exactly (run under Node)."""

from __future__ import annotations

import json
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from bacara_teach.money import format_amount
from bacara_teach.practice.paytable import LAYOUTS, PROFILE_NAMES, pay_data, pay_html
from bacara_teach.punto_banco import Coup
from bacara_teach.settlement import Bet, settle_bet
from bacara_teach.tables import get_profile
from bacara_teach.text import language_codes

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "_static" / "practice-pay-table.js"
NODE = shutil.which("node")


@pytest.fixture(scope="module", params=language_codes())
def data(request: pytest.FixtureRequest) -> dict[str, Any]:
    return pay_data(request.param)


def test_every_amount_is_the_engines_settlement(data: dict[str, Any]) -> None:
    tables = data["tables"]
    assert isinstance(tables, list)
    assert [t["name"] for t in tables] == list(PROFILE_NAMES)
    for table in tables:
        profile = get_profile(table["name"])
        assert len(table["layouts"]) == LAYOUTS
        for layout in table["layouts"]:
            coup = Coup.from_cards(layout["cards"])  # dealt again by the engine
            assert len(layout["hands"]) == len(coup.cards)
            for position, stake, amount, _, _, _ in layout["bets"]:
                paid = settle_bet(coup, Bet.of(position, stake), profile)
                assert amount == format_amount(paid.net)
                assert Decimal(amount) == paid.net


def test_each_table_brings_its_own_ways_of_paying(data: dict[str, Any]) -> None:
    tables = {t["name"]: t for t in data["tables"]}
    def rules(name: str) -> set[tuple[str, str]]:
        profile = get_profile(name)
        found = set()
        for layout in tables[name]["layouts"]:
            coup = Coup.from_cards(layout["cards"])
            for position, stake, _, _, _, _ in layout["bets"]:
                paid = settle_bet(coup, Bet.of(position, stake), profile)
                found.add((position, paid.event or paid.rule))
        return found
    casino = rules("casino")
    assert {("empate", "empate-wins")} <= casino
    assert any(p.startswith("pareja") and r != "no-pair" for p, r in casino)
    assert ("banco-wins-with-6" in {r for _, r in rules("no-commission")})
    ez = rules("ez")
    assert ("banco", "banco-wins-3-card-7") in ez and ("dragon-7", "banco-wins-3-card-7") in ez
    online = tables["online"]["layouts"][0]
    assert (online["cards"], online["bets"][0][:3]) == ("4♥ 2♠ 9♣ A♦ 8♦", ["banco", "180", "171"])


def test_a_commission_comes_with_the_sum_in_ones_head(data: dict[str, Any]) -> None:
    texts = data["texts"]
    assert isinstance(texts, list)
    online = data["tables"][2]["layouts"][0]["bets"][0]
    tip = texts[online[4]]
    if data["lang"] == "es":
        assert tip == "El 5\u00a0% de 180: el 10\u00a0% es 18, y la mitad, 9; 180 − 9 = 171."
    elif data["lang"] == "en":
        assert tip == "5% of 180: 10% is 18, half of it 9; 180 − 9 = 171."
    else:
        assert "180" in tip and "171" in tip and "9" in tip


def test_the_page_node_carries_its_data_safely() -> None:
    html = pay_html("es")
    assert html.startswith("<div class='bt-practice bt-pay-table' data-practice='pay-table' "
                           "data-profile='home' lang='es'>")


_JUDGE = r"""
const p = require(process.argv[1]);
const { cases, numbers } = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map(([typed, amount]) => p.judge(typed, amount, numbers))));
"""


def _judge(cases: list[tuple[str, str]], lang: str) -> list[bool | None]:
    if NODE is None:
        pytest.fail("Node.js is needed to run the page script (node is not on PATH)", pytrace=False)
    numbers = pay_data(lang)["numbers"]
    done = subprocess.run([NODE, "-e", _JUDGE, str(SCRIPT)],
                          input=json.dumps({"cases": cases, "numbers": numbers}),
                          capture_output=True, text=True, check=True, timeout=60)
    verdicts: list[bool | None] = json.loads(done.stdout)
    return verdicts


def test_every_prepared_amount_is_read_back_exactly_as_typed_in_each_language() -> None:
    for lang in language_codes():
        data = pay_data(lang)
        amounts = sorted({b[2] for t in data["tables"] for lay in t["layouts"] for b in lay["bets"]})
        typed = []
        for amount in amounts:
            typed.append((amount, amount))  # the plain number
            if lang == "es":
                typed.append((amount.replace(".", ","), amount))  # the Spanish decimal comma
            off = str(Decimal(amount) + Decimal("0.25"))
            typed.append((off, amount))
        verdicts = _judge(typed, lang)
        for (given, amount), verdict in zip(typed, verdicts, strict=True):
            assert verdict is (Decimal(given.replace(",", ".")) == Decimal(amount)), (lang, given, amount)


@pytest.mark.parametrize(("typed", "amount", "lang", "verdict"), [
    ("171", "171", "en", True), ("+171", "171", "en", True), ("−180", "-180", "en", True),
    ("-180", "-180", "es", True), ("4,75", "4.75", "es", True), ("4.75", "4.75", "es", True),
    ("4.75", "4.75", "en", True), ("1.250", "1250", "es", True), ("1,250", "1250", "en", True),
    ("180", "-180", "en", False), ("0", "0", "es", True), ("abc", "0", "en", None),
    ("", "0", "en", None), ("4,7,5", "4.75", "en", None), ("261,25", "261.25", "es", True),
])
def test_typed_amounts_are_read_in_the_pages_language(typed: str, amount: str, lang: str,
                                                      verdict: bool | None) -> None:
    assert _judge([(typed, amount)], lang) == [verdict]
