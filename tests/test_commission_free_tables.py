"""The commission-free tables: the no-commission table (a Banco win with 6 pays half) and EZ
Baccarat (a Banco win with a three-card 7 pushes; Dragon 7 and Panda 8).

Their figures are checked against the published eight-deck tables, their settlement of every
bet against every way a coup can end (read from the profiles' data) and against hand-written
expectations for named coups, and the command line in both languages.
"""

from __future__ import annotations

import dataclasses
import io
import json
import sys
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

import pytest

from bacara_teach.analysis.edges import bets_of_profile, edges_for_profile
from bacara_teach.analysis.punto_banco import count_deals
from bacara_teach.analysis.side_bets import (
    BANCO_EZ,
    BANCO_SIX_HALF,
    DRAGON_7,
    PANDA_8,
    PUNTO_EVEN,
    count_finals,
    house_edge,
)
from bacara_teach.cli import main
from bacara_teach.coup_events import final_of
from bacara_teach.errors import IllegalAction
from bacara_teach.punto_banco import Coup, play_coup
from bacara_teach.settlement import Bet, Result, SettlementRule, settle, settle_bet, verify_bets
from bacara_teach.shoe import Shoe
from bacara_teach.tables import EZ, NO_COMMISSION, BetKind, PayRule, TableProfile, get_profile
from bacara_teach.text import format_number, language_codes, tr

NEW_TABLES = (NO_COMMISSION, EZ)


@pytest.fixture(scope="module")
def eight() -> dict[str, dict[str, Fraction]]:
    return {table.name: {name: a.house_edge for name, a in edges_for_profile(table).items()}
            for table in NEW_TABLES}


def percent(edge: Fraction, decimals: int) -> str:
    return f"{float(edge) * 100:.{decimals}f}"


# -- the published eight-deck figures -----------------------------------------------------------

# Wizard of Odds, "EZ Baccarat" and "Baccarat" (eight decks): the house edges as printed.
PUBLISHED = [
    ("no-commission", "banco", "1.458"),   # Banco, a win with 6 pays half: 1.458%
    ("no-commission", "punto", "1.235"),   # Punto (the same at every table): 1.235%
    ("ez", "punto", "1.235"),
    ("ez", "banco", "1.02"),               # EZ Banco: 1.02% in the summary,
    ("ez", "banco", "1.0183"),             # -0.010183 in the return table
    ("ez", "dragon-7", "7.61"),
    ("ez", "dragon-7", "7.6113"),
    ("ez", "panda-8", "10.19"),
    ("ez", "panda-8", "10.1876"),
    ("ez", "empate", "14.36"),             # the tie at 8:1
]


@pytest.mark.parametrize(("table", "bet", "figure"), PUBLISHED)
def test_the_published_eight_deck_edges_are_reproduced(eight: dict[str, dict[str, Fraction]],
                                                      table: str, bet: str, figure: str) -> None:
    decimals = len(figure.partition(".")[2])
    assert percent(eight[table][bet], decimals) == figure


def test_the_published_combination_counts_of_ez_baccarat_are_the_engines() -> None:
    # The Wizard of Odds' table prints each count to 15 significant digits (the 16th is 0).
    finals = count_finals(8)
    total = count_deals(8).total
    dragon = finals.count(lambda f: f.banco > f.punto and f.banco == 7 and f.banco_cards == 3)
    panda = finals.count(lambda f: f.punto > f.banco and f.punto == 8 and f.punto_cards == 3)
    assert (total, dragon, panda) == (4_998_398_275_503_360, 112_633_011_329_024,
                                      172_660_763_262_976)
    banco = edges_for_profile(EZ)["banco"]
    results = {r: p * total for r, p in banco.distribution()}
    for result, printed in ((1, 2_179_619_555_108_870), (-1, 2_230_518_282_592_250)):
        assert abs(results[Fraction(result)] - printed) < 10
    assert results[Fraction(0)] == dragon + count_deals(8).empate


def test_the_tables_edges_equal_the_side_bets_priced_on_their_own(
        eight: dict[str, dict[str, Fraction]]) -> None:
    """The profiles' pay rules and the side bets' own definitions give the same exact edges."""
    finals = count_finals(8)
    assert eight["no-commission"]["banco"] == house_edge(BANCO_SIX_HALF, finals)
    assert eight["ez"]["banco"] == house_edge(BANCO_EZ, finals)
    assert eight["ez"]["dragon-7"] == house_edge(DRAGON_7, finals)
    assert eight["ez"]["panda-8"] == house_edge(PANDA_8, finals)
    assert eight["ez"]["punto"] == eight["no-commission"]["punto"] == house_edge(PUNTO_EVEN, finals)


@pytest.mark.parametrize("removed", ["", "7 7 7 7 7 7", "K Q J 10 9 9 8", "6 6 6 6"])
def test_every_bet_of_the_new_tables_is_priced_for_any_shoe(removed: str) -> None:
    from bacara_teach.analysis.composition import Composition

    shoe = Composition.standard(8).without(removed)
    finals = count_finals(shoe)
    for table in NEW_TABLES:
        edges = edges_for_profile(table, shoe)
        assert list(edges) == [kind.value for kind in table.bets]
        for name, analysis in edges.items():
            assert sum(p for _, p in analysis.distribution()) == 1
            assert analysis.win + analysis.push + analysis.lose == 1
            # the edge, summed again here from each final state's count by the table's own rules
            terms = next(t for t in bets_of_profile(table) if t.name == name)
            again = -sum((terms.result(f) * n for f, n in finals.by_final.items()), Fraction(0))
            assert analysis.house_edge == again / finals.total


def test_removing_sixes_makes_the_half_paid_banco_win_rarer() -> None:
    from bacara_teach.analysis.composition import Composition

    full = edges_for_profile(NO_COMMISSION)["banco"]
    fewer = edges_for_profile(NO_COMMISSION,
                              Composition.standard(8).without("6 6 6 6 6 6 6 6"))["banco"]
    half = Fraction(1, 2)
    assert dict(fewer.distribution())[half] < dict(full.distribution())[half]


# -- settlement: every bet against every way a coup can end -------------------------------------


def _expected_net(table: TableProfile, kind: BetKind, coup: Coup) -> Fraction:
    """What a unit stake nets, read from the table's data here (not from the settlement)."""
    final = final_of(coup)
    odds = table.payout(kind)
    if kind.win_event is not None:
        from bacara_teach.coup_events import holds

        return odds if holds(kind.win_event, final) else Fraction(-1)
    if kind is BetKind.EMPATE:
        return odds if final.punto == final.banco else Fraction(-1)
    if final.punto == final.banco:
        return Fraction(0)
    won = (final.punto > final.banco) == (kind is BetKind.PUNTO)
    if not won:
        return Fraction(-1)
    from bacara_teach.coup_events import holds

    for rule in table.pay_rules:
        if rule.bet is kind and holds(rule.event, final):
            return Fraction(0) if rule.odds is None else rule.odds
    return odds


def _classes(table: TableProfile) -> dict[tuple[Fraction, ...], int]:
    """Every way a coup can end, as the table's bets see it: the vector of unit results of
    every bet offered, for every final state of an eight-deck shoe, with its count."""
    terms = bets_of_profile(table)
    out: dict[tuple[Fraction, ...], int] = {}
    for final, n in count_finals(8).by_final.items():
        key = tuple(t.result(final) for t in terms)
        out[key] = out.get(key, 0) + n
    return out


@pytest.fixture(scope="module")
def seeded_coups() -> list[Coup]:
    shoe = Shoe.standard(8, seed=2026)
    coups: list[Coup] = []
    while shoe.remaining >= 6 and len(coups) < 4000:
        coups.append(play_coup(shoe))
        if shoe.remaining < 6:
            shoe = Shoe.standard(8, seed=2026 + len(coups))
    return coups


@pytest.mark.parametrize("table", NEW_TABLES, ids=[t.name for t in NEW_TABLES])
def test_every_bet_is_settled_against_every_outcome_class(table: TableProfile,
                                                          seeded_coups: list[Coup]) -> None:
    terms = bets_of_profile(table)
    wanted = _classes(table)
    seen: dict[tuple[Fraction, ...], Coup] = {}
    for coup in seeded_coups:
        key = tuple(t.result(final_of(coup)) for t in terms)
        seen.setdefault(key, coup)
    assert set(seen) == set(wanted), "a class of ending was never dealt: deal more coups"
    stake = Decimal(10)
    for key, coup in seen.items():
        for kind, unit in zip(table.bets, key, strict=True):
            paid = settle_bet(coup, Bet(kind, stake), table)
            expected = _expected_net(table, kind, coup)
            assert unit == expected
            assert paid.net == Decimal(stake) * Decimal(expected.numerator) / expected.denominator
            assert paid.result is (Result.WON if expected > 0 else
                                   Result.PUSH if expected == 0 else Result.LOST)
            assert paid.commission == paid.commission_owed == 0


def test_the_outcome_classes_are_the_ones_the_rules_name() -> None:
    # no-commission: Punto, Banco paid 1:1, Banco with 6 paid half, a tie.
    assert len(_classes(NO_COMMISSION)) == 4
    # EZ: Punto with or without a three-card 8, Banco with or without a three-card 7, a tie.
    assert len(_classes(EZ)) == 5


# Named coups, their results written out by hand (cards in deal order P, B, P, B, then thirds).
SIX_BEATS_FIVE = "K♠ 3♦ 2♥ 3♣ 3♦"        # Punto K 2 3 = 5, Banco 3 3 = 6 stands
SEVEN_BEATS_SIX = "3♠ 4♦ 3♥ 3♣"          # Punto 3 3 = 6, Banco 4 3 = 7, both stand
THREE_CARD_SEVEN = "K♠ 3♦ 2♥ 2♣ 4♦ 2♠"   # Punto K 2 4 = 6, Banco 3 2 2 = 7
THREE_CARD_EIGHT = "3♠ 4♦ 2♥ 3♣ 3♥"      # Punto 3 2 3 = 8, Banco 4 3 = 7 stands
SIX_SIX = "K♠ 3♦ 2♥ 3♣ 4♦"               # Punto K 2 4 = 6, Banco 3 3 = 6 stands on a 4
SEVEN_SEVEN = "K♠ 3♦ 2♥ 2♣ 5♦ 2♠"        # Punto K 2 5 = 7, Banco 3 2 2 = 7

NAMED = [
    # table, cards, bet, net
    ("no-commission", SIX_BEATS_FIVE, "banco=10", "5"),
    ("no-commission", SIX_BEATS_FIVE, "punto=10", "-10"),
    ("no-commission", SEVEN_BEATS_SIX, "banco=10", "10"),
    ("no-commission", SEVEN_BEATS_SIX, "banco=5", "5"),
    ("no-commission", SIX_SIX, "banco=10", "0"),
    ("no-commission", SIX_SIX, "empate=10", "80"),
    ("no-commission", THREE_CARD_SEVEN, "banco=10", "10"),
    ("no-commission", "K♠ 3♦ 2♥ 3♣ 3♦", "banco=3", "1.5"),
    ("ez", THREE_CARD_SEVEN, "banco=10", "0"),
    ("ez", THREE_CARD_SEVEN, "punto=10", "-10"),
    ("ez", THREE_CARD_SEVEN, "dragon-7=5", "200"),
    ("ez", THREE_CARD_SEVEN, "panda-8=5", "-5"),
    ("ez", SEVEN_BEATS_SIX, "banco=10", "10"),
    ("ez", SEVEN_BEATS_SIX, "dragon-7=5", "-5"),
    ("ez", SIX_BEATS_FIVE, "banco=10", "10"),
    ("ez", THREE_CARD_EIGHT, "punto=10", "10"),
    ("ez", THREE_CARD_EIGHT, "panda-8=2", "50"),
    ("ez", THREE_CARD_EIGHT, "dragon-7=2", "-2"),
    ("ez", SEVEN_SEVEN, "banco=10", "0"),
    ("ez", SEVEN_SEVEN, "dragon-7=1", "-1"),
    ("ez", SEVEN_SEVEN, "empate=1", "8"),
]


@pytest.mark.parametrize(("table", "cards", "bet", "net"), NAMED)
def test_named_coups_are_settled_as_written_by_hand(table: str, cards: str, bet: str,
                                                    net: str) -> None:
    assert settle_bet(Coup.from_cards(cards), Bet.parse(bet), table).net == Decimal(net)


def test_the_rule_that_decided_is_named() -> None:
    half = settle_bet(Coup.from_cards(SIX_BEATS_FIVE), Bet.parse("banco=10"), "no-commission")
    assert (half.rule, half.event, half.odds) == (SettlementRule.RULE_PAYS, "banco-wins-with-6",
                                                  Fraction(1, 2))
    push = settle_bet(Coup.from_cards(THREE_CARD_SEVEN), Bet.parse("banco=10"), "ez")
    assert (push.rule, push.event, push.result) == (SettlementRule.RULE_PUSHES,
                                                    "banco-wins-3-card-7", Result.PUSH)
    dragon = settle_bet(Coup.from_cards(THREE_CARD_SEVEN), Bet.parse("dragon=1"), "ez")
    assert (dragon.rule, dragon.to_dict()["payout"]) == (SettlementRule.EVENT_WINS, "40:1")
    assert half.describe("es") == "banco 10: ganada, se paga 1/2 a 1 (Banco gana con 6): +5"
    assert push.describe("en") == ("banco 10: push: Banco wins with a three-card 7, stake "
                                   "returned: 0")


def test_the_tables_take_only_their_own_bets() -> None:
    coup = Coup.from_cards(THREE_CARD_SEVEN)
    with pytest.raises(IllegalAction, match="the no-commission table takes no dragon-7 bets"):
        settle(coup, [Bet.parse("banco=10"), Bet.parse("dragon-7=1")], "no-commission")
    with pytest.raises(IllegalAction, match="the casino table takes no panda-8 bets"):
        settle(coup, [Bet.parse("banco=10"), Bet.parse("panda-8=1")], "casino")
    with pytest.raises(IllegalAction, match="EZ Baccarat table takes empate, dragon-7, panda-8 "
                                            "only with a bet on Punto or Banco"):
        verify_bets([Bet.parse("dragon-7=1")], "ez")
    with pytest.raises(IllegalAction, match="does not take Punto and Banco in the same coup"):
        verify_bets([Bet.parse("punto=1"), Bet.parse("banco=1")], "ez")
    verify_bets([Bet.parse("punto=1"), Bet.parse("dragon-7=1"), Bet.parse("panda-8=1")], "ez")


def test_pay_rules_are_data_that_round_trip_and_are_checked() -> None:
    for table in NEW_TABLES:
        assert TableProfile.from_dict(json.loads(json.dumps(table.to_dict()))) == table
    assert EZ.to_dict()["pay_rules"] == [{"bet": "banco", "event": "banco-wins-3-card-7",
                                          "odds": None}]
    with pytest.raises(IllegalAction, match="unknown event 'banco-wins-with-10'"):
        PayRule(BetKind.BANCO, "banco-wins-with-10", None)
    dragon_elsewhere = (PayRule(BetKind.DRAGON_7, "tie", None),)
    with pytest.raises(IllegalAction, match="a pay rule must be a PayRule for a bet the table offers"):
        dataclasses.replace(NO_COMMISSION, pay_rules=dragon_elsewhere)
    nine = NO_COMMISSION.with_options(payouts={"empate": "9"})
    assert nine.pay_rules == NO_COMMISSION.pay_rules and nine.payout("empate") == 9


# -- the command line ---------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BACARA_LANG", "en")


def test_profiles_lists_the_new_tables_with_their_pay_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "profiles")
    assert code == 0
    assert "no-commission (no-commission table):" in out and "ez (EZ Baccarat table):" in out
    assert "pay rule: banco: 1/2 to 1 when Banco wins with 6" in out
    code, out, _ = run(capsys, "profiles", "ez", "--lang", "es")
    assert code == 0
    assert ("regla de pago: Banco: ni gana ni pierde (se devuelve la apuesta) cuando Banco gana "
            "con un 7 de tres cartas") in out
    code, out, _ = run(capsys, "profiles", "ez", "--json")
    assert get_profile("ez") == TableProfile.from_dict(json.loads(out))


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", ["banco 10: push: Banco wins with a three-card 7, stake returned: 0",
            "dragon-7 2: won, paid 40 to 1: +80", "net: +80"]),
    ("es", ["banco 10: ni gana ni pierde: Banco gana con un 7 de tres cartas, se devuelve la "
            "apuesta: 0", "dragon-7 2: ganada, se paga 40 a 1: +80", "neto: +80"]),
])
def test_settle_on_the_ez_table_in_both_languages(capsys: pytest.CaptureFixture[str], lang: str,
                                                  lines: list[str]) -> None:
    code, out, err = run(capsys, "settle", "--profile", "ez", "--cards", THREE_CARD_SEVEN,
                         "--bet", "banco=10", "--bet", "dragon-7=2", "--lang", lang)
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == lines


def test_settle_on_the_no_commission_table_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "settle", "--profile", "no-commission", "--cards", SIX_BEATS_FIVE,
                       "--bet", "banco=4.5", "--json")
    assert code == 0
    (bet,) = json.loads(out)["bets"]
    assert {k: bet[k] for k in ("net", "payout", "rule", "event", "commission")} == {
        "net": "2.25", "payout": "1/2:1", "rule": "table-rule-pays", "event": "banco-wins-with-6",
        "commission": "0"}


@pytest.mark.parametrize("lang", language_codes())
def test_odds_prices_every_bet_of_a_new_table(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    code, out, _ = run(capsys, "odds", "--profile", "ez", "--json", "--lang", lang)
    assert code == 0
    data = json.loads(out)
    expected = {name: float(a.house_edge) for name, a in edges_for_profile(EZ).items()}
    assert data["house_edge"] == expected
    dragon = {r["net"]: r["probability"] for r in data["bets"]["dragon-7"]["results"]}
    assert set(dragon) == {-1.0, 40.0}
    code, out, _ = run(capsys, "odds", "--profile", "no-commission", "--decks", "6", "--lang", lang)
    assert code == 0
    edge = float(edges_for_profile(NO_COMMISSION, 6)["banco"].house_edge)
    assert format_number(edge, ".4%", lang) in out
    assert tr("Banco wins with 6", lang) in out


def test_play_at_the_ez_table(monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    script = "bet banco 10\nbet dragon 2\nbet panda 1\ncontinue\nbalance\nquit\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code, out, err = run(capsys, "play", "--profile", "ez", "--seed", "7")
    assert (code, err) == (0, "")
    assert "Bet dragon-7 2." in out and "Bet panda-8 1." in out
    # the coup the seed deals, settled again here from its cards
    table = get_profile("ez")
    from bacara_teach.online_table import OnlineTable

    ledger = OnlineTable(balance="100", profile=table, seed=7)
    for on, stake in (("banco", "10"), ("dragon-7", "2"), ("panda-8", "1")):
        ledger.place(on, stake)
    played = ledger.deal()
    for paid in played.settlement.bets:
        assert paid.describe("en") in out
    assert f"Balance: {ledger.balance}" in out


def _first_seed(table: TableProfile, ending: str) -> int:
    """The first seed whose first coup at ``table`` ends as named, read from its cards."""
    from bacara_teach.online_table import OnlineTable

    def ends(coup: Coup) -> bool:
        banco, punto = coup.banco_total, coup.punto_total
        if ending == "banco-three-card-7":
            return banco > punto and banco == 7 and len(coup.banco) == 3
        if ending == "punto-three-card-8":
            return punto > banco and punto == 8 and len(coup.punto) == 3
        assert ending == "banco-6"
        return banco > punto and banco == 6

    return next(seed for seed in range(1, 5000)
                if ends(play_coup(OnlineTable(balance="100", profile=table, seed=seed).shoe)))


# What the table pays, from its profile's data; the lines the table prints, written out here.
Played = tuple[str, str, list[str], Callable[[TableProfile], list[str]],
               Callable[[TableProfile], Fraction | int]]
PLAYED: list[Played] = [
    ("ez", "banco-three-card-7", ["banco 10", "dragon-7 2", "panda-8 1"],
     lambda t: ["banco 10: push: Banco wins with a three-card 7, stake returned: 0",
                f"dragon-7 2: won, paid {t.payout('dragon-7')} to 1: +{2 * t.payout('dragon-7')}",
                "panda-8 1: lost: \u22121"], lambda t: 100 + 2 * t.payout("dragon-7") - 1),
    ("ez", "punto-three-card-8", ["punto 10", "panda-8 2", "dragon-7 1"],
     lambda t: ["punto 10: won, paid 1 to 1: +10",
                f"panda-8 2: won, paid {t.payout('panda-8')} to 1: +{2 * t.payout('panda-8')}",
                "dragon-7 1: lost: \u22121"], lambda t: 100 + 10 + 2 * t.payout("panda-8") - 1),
    ("no-commission", "banco-6", ["banco 10"],
     lambda t: ["banco 10: won, paid 1/2 to 1 (Banco wins with 6): +5"], lambda t: 105),
]


@pytest.mark.parametrize("case", PLAYED, ids=[f"{row[0]}-{row[1]}" for row in PLAYED])
def test_play_settles_the_new_tables_rules_and_side_bets_when_they_win(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], case: Played) -> None:
    name, ending, bets, lines, balance = case
    table = get_profile(name)
    seed = _first_seed(table, ending)
    script = "".join(f"bet {bet}\n" for bet in bets) + "continue\nquit\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code, out, err = run(capsys, "play", "--profile", name, "--seed", str(seed))
    assert (code, err) == (0, "")
    for line in lines(table):
        assert f"  {line}\n" in out
    assert f"Balance: {balance(table)}\n" in out


def test_play_at_the_ez_table_in_spanish_refuses_a_side_bet_alone_and_pays_dragon_7(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    seed = _first_seed(EZ, "banco-three-card-7")
    script = "bet dragon-7 2\ncontinue\nbet banco 10\ncontinue\nquit\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    code, out, err = run(capsys, "--lang", "es", "play", "--profile", "ez", "--seed", str(seed))
    assert (code, err) == (0, "")
    assert ("error: No se puede repartir el coup 1: la mesa de EZ Baccarat solo admite Empate, "
            "Dragon 7 y Panda 8 junto a una apuesta a Punto o a Banco") in out
    assert f"dragon-7 2: ganada, se paga {EZ.payout('dragon-7')} a 1: +{2 * EZ.payout('dragon-7')}" in out
    assert "banco 10: ni gana ni pierde: Banco gana con un 7 de tres cartas" in out


@pytest.mark.parametrize("command", [
    ["settle", "--cards", SIX_BEATS_FIVE, "--bet", "banco=10"],
    ["play"],
    ["odds"],
])
@pytest.mark.parametrize("lang", language_codes())
def test_a_bad_profile_is_refused_with_the_valid_names_and_exit_2(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: list[str],
        lang: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    try:
        code = main([*command, "--profile", "ez-baccarat", "--lang", lang])
    except SystemExit as stop:  # argparse's refusal of a choice
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    assert code == 2
    assert "Traceback" not in err and out == ""
    for name in ("home", "casino", "online", "no-commission", "ez"):
        assert name in err
    assert "'ez-baccarat'" in err


# -- the settlement exercises at the new tables -------------------------------------------------


@pytest.mark.parametrize("table", ["no-commission", "ez"])
def test_settlement_questions_at_the_new_tables_are_keyed_by_the_settlement(table: str) -> None:
    import random

    from bacara_teach.exercises.kinds_settlement import SettlementKind

    kind = SettlementKind()
    questions = kind.generate(random.Random(21), 8, {"table": table})
    profile = get_profile(table)
    seen_rules = set()
    for question in questions:
        coup = Coup.from_cards(question["cards"])
        paid = settle_bet(coup, Bet.parse(question["bet"]), profile)
        assert Decimal(kind.key(question)) == paid.net
        seen_rules.add(paid.rule)
        for lang in language_codes():
            assert paid.describe(lang) in kind.explain(question, lang)
    # each paper opens with the table's signature rule, and its categories reach the pay rules
    signature = {"no-commission": SettlementRule.RULE_PAYS, "ez": SettlementRule.RULE_PUSHES}
    first = settle_bet(Coup.from_cards(questions[0]["cards"]), Bet.parse(questions[0]["bet"]),
                       profile)
    assert first.rule == signature[table]
    if table == "ez":
        assert SettlementRule.EVENT_WINS in seen_rules
    assert "sin comisión" in kind.prompt(questions[0], "es") or table == "ez"


def test_a_session_at_the_ez_table_saves_and_resumes_with_its_side_bets() -> None:
    from bacara_teach.online_table import OnlineTable

    table = OnlineTable(balance="1000", profile="ez", seed=5)
    for _ in range(30):
        for on, stake in (("banco", "10"), ("dragon-7", "2"), ("panda-8", "1")):
            table.place(on, stake)
        table.deal()
        table.next_coup()
    resumed = OnlineTable.from_json(table.to_json())
    assert resumed.profile == EZ and resumed.balance == table.balance
    nets = [paid.net for coup in table.history for paid in coup.settlement.bets]
    assert table.balance == 1000 + sum(nets)
    assert [c.settlement.to_dict() for c in resumed.history] == [
        c.settlement.to_dict() for c in table.history]
