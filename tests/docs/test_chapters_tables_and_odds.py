"""The chapters on payments, the home session, Chemin de Fer, odds and decisions show the engine's figures.

Each check reads a built page and compares what it shows with the engine: price lists
against the table profiles and the settlement of real coups; the home session's scoreboard
against a session replayed from the predictions on the page; the Chemin de Fer worked example
and its money against seed 002; the odds and edge tables against the exact analysis, to the
digits shown; the game-theory tables against the solved games.  The seeds' own figures (the
payout table of seed 000, the stake-5 examples of seed 003, the 4 to 8 of seed 002, the 9/11 of
the classic model) are checked as written in the sources.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from sitecheck import Element, parse_page

from bacara_teach import CHEMIN_DE_FER, Bet, Coup, HomeSession, OnlineTable, parse_cards
from bacara_teach.analysis import (
    ALL_BETS,
    CLASSIC_MODEL,
    INFINITE_DECK,
    analyse_bets,
    count_deals,
    decision_game,
    effect_of_removal,
    pair_probability,
    shoe_model,
    solve_decision_game,
)
from bacara_teach.analysis.chemin_de_fer import BankerPoint, BettorPoint
from bacara_teach.charts import COLUMNS
from bacara_teach.chemin_de_fer import CheminDeFerCoup
from bacara_teach.chemin_de_fer_session import play_session
from bacara_teach.errors import BacaraError
from bacara_teach.money import format_amount, format_signed
from bacara_teach.settlement import Result, settle_bet
from bacara_teach.tables import ONLINE, PROFILES, BetKind, get_profile
from bacara_teach.text import format_number, localize_number

pytestmark = pytest.mark.docs

# Inputs the chapters use (cards, seeds, players); every result is asked of the engine.
SAMPLE_COUPS = ("4♥ 2♠ 9♣ A♦ 8♦", "9♠ 2♦ K♣ 3♥", "9♠ 9♦ K♣ K♥", "K♠ 4♦ K♥ 4♣")
HOME_SEED = 2016
CDF_EXAMPLE = "2♥ A♠ 3♣ 2♦ 9♥ 5♠"
CDF_SESSION = (("Ana", "Luis", "Eva", "Marta", "Pablo"), 5)


def _page(site_dir: Path, name: str) -> Element:
    return parse_page(site_dir / "chapters" / f"{name}.html")


@pytest.fixture(scope="module")
def paying(site_dir: Path) -> Element:
    return _page(site_dir, "paying-bets")


@pytest.fixture(scope="module")
def home_page(site_dir: Path) -> Element:
    return _page(site_dir, "home-session")


@pytest.fixture(scope="module")
def cdf(site_dir: Path) -> Element:
    return _page(site_dir, "chemin-de-fer")


@pytest.fixture(scope="module")
def odds_page(site_dir: Path) -> Element:
    return _page(site_dir, "odds")


@pytest.fixture(scope="module")
def decisions(site_dir: Path) -> Element:
    return _page(site_dir, "cdf-decisions")


def _table(page: Element, css: str, **attrs: str) -> Element:
    found = [t for t in page.find_all("table", class_=css)
             if all(t.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())]
    assert len(found) == 1, f"{len(found)} tables .{css} {attrs}"
    return found[0]


def _rows(table: Element) -> list[tuple[str, list[str]]]:
    """(row header, [cell texts]) for every body row."""
    out = []
    for row in table.find("tbody").children_of("tr"):
        head = row.children_of("th")
        cells = [td.text() for td in row.children_of("td")]
        out.append((head[0].text() if head else "", cells))
    return out


def _paragraph(page: Element, words: str) -> str:
    found = [p.text().replace("\u2019", "'") for p in page.find_all("p") if words in p.text()]
    assert len(found) == 1, f"{len(found)} paragraphs contain {words!r}"
    return found[0]


def _outputs(page: Element) -> str:
    return "\n".join(pre.text() for pre in page.find_all("pre"))


# -- Paying bets -------------------------------------------------------------------------------


def signed_en(value: Decimal | Fraction | int) -> str:
    """An amount with its sign as an English page writes it (a true minus sign)."""
    return localize_number(format_signed(value), "en")


def _odds(text: str) -> Fraction:
    left, _, right = text.partition(":")
    assert right == "1", text
    return Fraction(Decimal(left))


def _nets(profile_name: str, kind: BetKind, stake: str) -> dict[Result, str]:
    """What settling the bet on the sample coups gives, by result (asked of the engine)."""
    out: dict[Result, str] = {}
    for cards in SAMPLE_COUPS:
        paid = settle_bet(Coup.from_cards(cards), Bet.of(kind, stake), profile_name)
        out.setdefault(paid.result, signed_en(paid.net))
    return out


PRICED = [name for name, profile in PROFILES.items() if not profile.pay_rules]
"""The tables whose every win pays one price: a price list of four sample coups shows them."""
RULED = [name for name, profile in PROFILES.items() if profile.pay_rules]
"""The commission-free tables: every bet on five sample coups, one for each of their rules."""
FREE_SAMPLES = {
    "Banco wins with 7": "3♠ 4♦ 3♥ 3♣",
    "Banco wins with 6": "K♠ 3♦ 2♥ 3♣ 3♦",
    "Banco wins with a three-card 7": "K♠ 3♦ 2♥ 2♣ 4♦ 2♠",
    "Punto wins with a three-card 8": "3♠ 4♦ 2♥ 3♣ 3♥",
    "tie": "9♠ 9♦ K♣ K♥",
}


@pytest.mark.parametrize("name", PRICED)
def test_price_list_equals_the_profile_payouts_and_settlement(paying: Element, name: str) -> None:
    table = _table(paying, "bt-payouts", data_profile=name)
    profile = get_profile(name)
    stake = table.attrs["data-stake"]
    rows = _rows(table)
    assert [label for label, _ in rows] == [kind.label for kind in profile.bets]
    for kind, (_, (pays, won, lost, push)) in zip(profile.bets, rows, strict=True):
        assert _odds(pays) == profile.payout(kind)
        nets = _nets(name, kind, stake)
        assert [won, lost, push] == [nets.get(r, "never") for r in (Result.WON, Result.LOST, Result.PUSH)]


@pytest.mark.parametrize("name", RULED)
def test_commission_free_tables_settle_every_bet_on_every_sample_coup(paying: Element,
                                                                       name: str) -> None:
    table = _table(paying, "bt-coups", data_profile=name)
    profile = get_profile(name)
    stake = table.attrs["data-stake"]
    heads = [th.text().rpartition(" ") for th in table.find("thead").find_all("th")][2:]
    assert [label for label, _, _ in heads] == [kind.label for kind in profile.bets]
    assert [_odds(odds) for _, _, odds in heads] == [profile.payout(kind) for kind in profile.bets]
    rows = _rows(table)
    assert [label for label, _ in rows] == list(FREE_SAMPLES)
    for (_, (cards, *cells)), wanted in zip(rows, FREE_SAMPLES.values(), strict=True):
        coup = Coup.from_cards(wanted)
        assert cards == " ".join(str(card) for card in coup.cards)
        for kind, cell in zip(profile.bets, cells, strict=True):
            paid = settle_bet(coup, Bet.of(kind, stake), profile)
            assert cell.split()[0] == signed_en(paid.net), (name, kind, cell)
    # the rule of each table shows on its own coup, with the words of the page beside it
    ruled = {"no-commission": ("Banco wins with 6", "+5 (0.5:1)"),
             "ez": ("Banco wins with a three-card 7", "0 (push)")}
    coup_name, cell = ruled[name]
    assert dict(rows)[coup_name][1 + profile.bets.index(BetKind.BANCO)] == cell


def test_home_price_list_is_the_payout_table_of_seed_000(paying: Element) -> None:
    table = _table(paying, "bt-payouts", data_profile="home")
    assert table.attrs["data-stake"] == "20"
    # Seed 000: a prediction of 20 nets +20/-20 (Punto), +19/-20 (Banco), +160/-20 (Empate);
    # a push leaves Punto and Banco at 0.
    assert dict(_rows(table)) == {
        "Punto": ["1:1", "+20", "\u221220", "0"],
        "Banco": ["0.95:1", "+19", "\u221220", "0"],
        "Empate": ["8:1", "+160", "\u221220", "never"],
    }


def test_online_price_list_shows_the_stake_5_examples_of_seed_003(paying: Element) -> None:
    table = _table(paying, "bt-payouts", data_profile="online")
    assert table.attrs["data-stake"] == "5"
    won = {label: cells[1] for label, cells in _rows(table)}
    # Seed 003: Punto 5 gets 5 more, Banco 5 gets 4.75 (5 less 0.25), Empate 5 gets 40.
    assert won == {"Punto": "+5", "Banco": "+4.75", "Empate": "+40"}
    text = _paragraph(paying, "A stake of 5 on a winning Banco")
    assert "wins 5, the commission is 0.25, and the balance changes by +4.75" in text


def test_profiles_table_reads_each_profile(paying: Element) -> None:
    table = _table(paying, "bt-profiles")
    names = [th.attrs["data-profile"] for th in table.find("thead").find_all("th") if "data-profile" in th.attrs]
    assert names == list(PROFILES)
    rows = dict(_rows(table))
    assert rows["Decks"] == [str(get_profile(n).decks) for n in names]
    assert rows["Positions per coup"] == [get_profile(n).positions.value for n in names]
    assert rows["Punto/Banco bet on a tie"] == [get_profile(n).tie.value for n in names]
    assert rows["Commission"][names.index("online")] == "5% of a Banco win, at-payment"
    assert rows["Stakes"][names.index("online")] == "1 to 250"
    assert rows["Stakes"][names.index("home")] == "fixed at 20"


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(getattr(value, "value", value))


def test_casino_differences_are_profile_options_read_through_with_options(paying: Element) -> None:
    table = _table(paying, "bt-options")
    rows = table.find("tbody").children_of("tr")
    options = [row.find("code").text() for row in rows]
    assert {"positions", "decks", "commission", "max_players", "face_down", "tie"} <= set(options)
    for row, option in zip(rows, options, strict=True):
        online_text, common_text = (td.text() for td in row.children_of("td")[1:])
        assert online_text == _option_text(getattr(ONLINE, option))
        variants = []
        for value in common_text.split(" or "):
            typed: object = {"yes": True, "no": False}.get(value, value)
            variants.append(ONLINE.with_options(**{option: typed}))
            assert _option_text(getattr(variants[-1], option)) == value
        assert any(variant != ONLINE for variant in variants), option


def test_refused_bets_quote_the_engine_and_change_nothing(paying: Element) -> None:
    outputs = _outputs(paying)
    table = OnlineTable(balance="100", seed=3)
    for on, stake in (("banco", "300"), ("empate", "0.5"), ("punto", "120"), ("pareja-punto", "5")):
        with pytest.raises(BacaraError) as refused:
            table.verify_place(on, stake)
        assert f"{refused.value} [state unchanged: True]" in outputs
    table.place("banco", "5")
    with pytest.raises(BacaraError) as one_position:
        table.verify_place("punto", "5")
    assert f"{one_position.value} [state unchanged: True]" in outputs
    assert "state unchanged: False" not in outputs


def test_commission_timing_ends_at_the_same_balance(paying: Element) -> None:
    table = _table(paying, "bt-commission")
    rows = [cells for _, cells in _rows(table)]
    now = OnlineTable(balance="100", profile=ONLINE.with_options(reshuffle="never"), seed=2024)
    later = OnlineTable(balance="100", profile=ONLINE.with_options(reshuffle="never", commission="accrued"),
                        seed=2024)
    for cells in rows:
        for t in (now, later):
            t.place("banco", "5")
        a, b = now.deal(), later.deal()
        assert cells == [str(a.number), a.coup.winner.value, signed_en(a.net), format_amount(now.balance),
                         signed_en(b.net), format_amount(later.commission_owed), format_amount(later.balance)]
        now.next_coup()
        later.next_coup()
    left = later.leave()
    now.leave()
    text = _paragraph(paying, "When the second player leaves")
    assert f"the {format_amount(left.commission_collected)} owed is collected" in text
    assert f"walk away with {format_amount(now.balance)}." in text
    assert now.balance == later.balance


# -- The home session --------------------------------------------------------------------------


def _card_texts(cell: Element) -> list[str]:
    return [span.text() for span in cell.find_all("span", class_="bt-card")]


def _replayed_home_session(page: Element) -> tuple[HomeSession, list[Element]]:
    table = _table(page, "bt-scoreboard")
    players = [th.text() for th in table.find("thead").find_all("th")][4:]
    session = HomeSession(players=players, seed=HOME_SEED)
    rows = table.find("tbody").children_of("tr")
    for row in rows:
        for name, cell in zip(players, row.children_of("td")[3:], strict=True):
            session.predict(name, cell.find("span", class_="bt-prediction").text())
        session.deal()
    return session, rows


def test_scoreboard_is_the_session_the_engine_plays_from_those_predictions(home_page: Element) -> None:
    session, rows = _replayed_home_session(home_page)
    assert len(rows) == session.coups == 10
    for record, row in zip(session.records, rows, strict=True):
        assert row.find("th").text() == str(record.number)
        punto, banco, winner, *players = row.children_of("td")
        assert _card_texts(punto) == [str(c) for c in record.coup.punto]
        assert _card_texts(banco) == [str(c) for c in record.coup.banco]
        assert punto.find("span", class_="bt-total").text() == str(record.coup.punto_total)
        assert banco.find("span", class_="bt-total").text() == str(record.coup.banco_total)
        assert winner.text() == record.coup.winner.value.capitalize()
        for name, cell in zip(session.players, players, strict=True):
            assert cell.find("span", class_="bt-net").text() == signed_en(record.net(name))
            assert cell.find("span", class_="bt-running").text() == signed_en(record.total(name))


def test_home_session_ranking_and_verdict_come_from_the_session(home_page: Element) -> None:
    session, _ = _replayed_home_session(home_page)
    ranking = [(name, cells[-1]) for name, cells in _rows(_table(home_page, "bt-ranking"))]
    assert ranking == [(name, signed_en(total)) for name, total in session.scoreboard()]
    (winner,) = session.winners
    verdict = f"After 10 coups, {winner} wins with {signed_en(session.totals[winner])}."
    assert verdict in [p.text() for p in home_page.find_all("p")]


def test_cli_transcript_on_the_page_is_the_same_session(home_page: Element) -> None:
    session, _ = _replayed_home_session(home_page)
    outputs = _outputs(home_page)
    coup = session.records[0].coup
    assert (f"Coup 1: Punto {' '.join(map(str, coup.punto))} ({coup.punto_total}), "
            f"Banco {' '.join(map(str, coup.banco))} ({coup.banco_total})") in outputs
    (winner,) = session.winners
    assert f"After 10 coups {winner} wins with {signed_en(session.totals[winner])}." in outputs
    assert f"bacara-teach home-session --players Ana,Luis,Eva,Marta --seed {HOME_SEED}" in outputs


# -- Chemin de Fer ------------------------------------------------------------------------------


def test_worked_example_shows_4_against_8_and_the_banker_winning(cdf: Element) -> None:
    (block,) = cdf.find_all("div", class_="bt-cdf-coup")
    hands = {}
    for row in block.find("tbody").children_of("tr"):
        cards, total = row.children_of("td")
        hands[row.find("th").text()] = (_card_texts(cards), int(total.text()))
    coup = CheminDeFerCoup.from_cards(CDF_EXAMPLE, bettor="draw", banker="draw")
    assert hands == {"Bettor": (["2♥", "3♣", "9♥"], 4), "Banker": (["A♠", "2♦", "5♠"], 8)}
    assert hands["Bettor"][1] == coup.bettor_total
    assert hands["Banker"][1] == coup.banker_total
    assert coup.winner.value == "banker"
    assert block.find("strong").text() == "Winner: the banker"
    assert [li.text() for li in block.find("ol").children_of("li")] == coup.narrate().split("\n")
    assert parse_cards([*hands["Bettor"][0][:1], *hands["Banker"][0][:1], *hands["Bettor"][0][1:2],
                        *hands["Banker"][0][1:2], hands["Bettor"][0][2], hands["Banker"][0][2]]) == \
        parse_cards(CDF_EXAMPLE)


def test_money_example_bank_20_covered_12_reserve_8_continuation_24(cdf: Element) -> None:
    money = dict(_rows(_table(cdf, "bt-money")))
    # RULES.md worked example 4 (seed 002): bank 20, covered 12, reserve 8, profit 12, at least 24.
    assert money == {
        "Bank offered": ["20"], "Covered by the bets": ["12"], "Set aside as reserve": ["8"],
        "Profit of the win": ["12"], "Bank after the win": ["24"], "Smallest bank to continue": ["24"],
    }
    assert "refused: cannot continue the bank with 20: expected a whole number from 24 to" in _outputs(cdf)
    text = _paragraph(cdf, "To keep the bank")
    assert "at least the stake covered plus what it won, 24, not the 20 she first offered" in text


def test_banker_table_is_the_engine_data_with_the_free_cells_in_words(cdf: Element) -> None:
    (table,) = cdf.find_all("table", class_="bt-tableau")
    assert table.find("caption").text() == CHEMIN_DE_FER.title
    words = {"draw": "draw", "stand": "stand", "choice": "free choice"}
    free = []
    for total, cells in _rows(table):
        for third, text in zip(COLUMNS, cells, strict=True):
            decision = CHEMIN_DE_FER.banker_decision(int(total), third)
            assert text == words[decision.value], (total, third)
            if text == "free choice":
                free.append((int(total), third))
    assert free == [(3, 9), (5, 4)]


def test_automatic_session_ranking_is_the_engine_ranking(cdf: Element) -> None:
    players, seed = CDF_SESSION
    session = play_session(list(players), seed=seed)
    shown = [(int(cells[0]), name, int(cells[1])) for name, cells in _rows(_table(cdf, "bt-ranking"))]
    assert shown == session.ranking()
    coups = _rows(_table(cdf, "bt-session"))
    assert len(coups) == len(session.coups)
    for (_, cells), coup in zip(coups, session.coups, strict=True):
        assert cells[-1] == coup.winner.value


# -- Odds and house edge -------------------------------------------------------------------------


def _pct(x: Fraction, digits: int = 4) -> str:
    return format_number(float(x), f".{digits}%", "en")


def test_outcome_table_equals_the_exact_counts(odds_page: Element) -> None:
    rows = dict(_rows(_table(odds_page, "bt-outcomes")))
    for outcome in ("banco", "punto", "empate"):
        assert rows[outcome.capitalize()] == [_pct(count_deals(d).probability(outcome)) for d in (6, 8)]


@pytest.mark.parametrize("decks", [6, 8])
def test_edge_tables_equal_the_analysis_to_the_digits_shown(odds_page: Element, decks: int) -> None:
    rows = _rows(_table(odds_page, "bt-edges", data_decks=str(decks)))
    analyses = analyse_bets(ALL_BETS, decks)
    assert [label for label, _ in rows] == [a.terms.label() for a in analyses]
    for (_, cells), a in zip(rows, analyses, strict=True):
        assert cells == [_pct(a.win), _pct(a.push), _pct(a.lose), _pct(a.house_edge),
                         _pct(a.house_edge_resolved), format_number(a.std_dev, ".4f", "en")]


def test_eight_deck_edges_are_the_known_figures(odds_page: Element) -> None:
    rows = dict(_rows(_table(odds_page, "bt-edges", data_decks="8")))
    # The published eight-deck house edges: Banco 1.06%, Punto 1.24%, tie at 8:1 14.36%, at 9:1 4.84%.
    assert rows["Banco: 0.95 to 1"][3].startswith("1.05")
    assert rows["Punto: 1 to 1"][3].startswith("1.23")
    assert rows["Empate: 8 to 1"][3].startswith("14.35")
    assert rows["Empate: 9 to 1"][3].startswith("4.84")


def test_pair_table_gives_the_exact_fractions(odds_page: Element) -> None:
    rows = dict(_rows(_table(odds_page, "bt-pairs")))
    for label, reading in (("same rank (K-K, not K-Q)", "rank"), ("same point value (K-Q too)", "points")):
        shown = rows[label]
        for decks, offset in ((6, 0), (8, 3)):
            p = pair_probability(decks, reading=reading)
            assert Fraction(shown[offset]) == p
            assert shown[offset + 1] == _pct(p)


def test_removal_table_and_chart_show_the_effect_of_removal(odds_page: Element) -> None:
    removal = effect_of_removal(8)
    rows = _rows(_table(odds_page, "bt-removal"))
    assert [label for label, _ in rows] == [r.card for r in removal.rows]
    for (_, cells), r in zip(rows, removal.rows, strict=True):
        assert cells == [str(r.count)] + [format_number(float(r.change[b] * 100_000), "+.1f", "en")
                                          for b in ("banco", "punto", "empate")]
    # the chapter's other bar charts (final totals, outcome by Punto's total) come first
    (chart,) = [svg for svg in odds_page.find_all("svg", class_="bt-bar-chart")
                if svg.children_of("title")[0].text().startswith("Change of the house edge")]
    titles = [t.text() for t in chart.find_all("title")][1:]
    expected = [f"{r.card}, {name}: {format_number(float(r.change[name.lower()] * 100_000), '+.1f', 'en')}"
                for r in removal.rows for name in ("Banco", "Punto")]
    assert titles == expected


def test_simulation_chart_converges_on_the_exact_probabilities(odds_page: Element) -> None:
    (chart,) = odds_page.find_all("svg", class_="bt-line-chart")
    references = [t.text() for line in chart.find_all("line", class_="bt-reference") for t in line.find_all("title")]
    exact = count_deals(8).probabilities()
    assert references == [f"{name.capitalize()}: {float(exact[name]):.3f}" for name in ("banco", "punto", "empate")]


# -- Decisions and game theory -----------------------------------------------------------------


def test_classic_model_bettor_draws_on_5_with_probability_9_11_as_computed(decisions: Element) -> None:
    solution = solve_decision_game(decision_game(CLASSIC_MODEL, INFINITE_DECK))
    q = solution.bettor[BettorPoint(5)]
    assert q == Fraction(9, 11)
    assert repr(q) in _outputs(decisions)
    text = _paragraph(decisions, "should draw with probability 9/11")
    assert f"should draw with probability {q.numerator}/{q.denominator} and stand with probability 2/11" in text
    assert "famous 9/11 comes" in _paragraph(decisions, "famous")


def test_free_cell_values_are_the_solved_game(decisions: Element) -> None:
    game = decision_game(CHEMIN_DE_FER, shoe_model(6))
    solution = solve_decision_game(game)
    values = game.cell_values(solution.bettor, solution.banker)
    rows = _rows(_table(decisions, "bt-cell-values"))
    assert len(rows) == len(values) == 3
    for (_, cells), v in zip(rows, values, strict=True):
        assert cells == [format_number(float(v.reach), ".2%", "en"), format_number(float(v.draw), "+.2%", "en"), format_number(float(v.stand), "+.2%", "en"),
                         format_number(float(v.draw - v.stand), "+.2%", "en"), v.better]


def test_payoff_matrix_cells_and_saddle_point(decisions: Element) -> None:
    game = decision_game(CHEMIN_DE_FER, shoe_model(6))
    matrix = game.payoff_matrix()
    table = _table(decisions, "bt-matrix")
    rows = table.find("tbody").children_of("tr")
    assert [[td.text() for td in row.children_of("td")] for row in rows] == \
        [[format_number(float(x), "+.3%", "en") for x in row] for row in matrix]
    marked = [(i, j) for i, row in enumerate(rows) for j, td in enumerate(row.children_of("td"))
              if td.attrs.get("aria-current") == "true"]
    solution = solve_decision_game(game)
    assert len(marked) == 1
    i, j = marked[0]
    assert matrix[i][j] == solution.value


def test_banker_by_cards_answers_are_best_replies_and_change_at_5_against_4(decisions: Element) -> None:
    game = decision_game(CHEMIN_DE_FER, shoe_model(6), by_cards=True)
    values = [v for v in game.cell_values(bettor=dict.fromkeys(game.bettor_points, Fraction(1)))
              if isinstance(v.point, BankerPoint)]
    rows = _rows(_table(decisions, "bt-by-cards"))
    assert len(rows) == len(values) == 10
    for (_, cells), v in zip(rows, values, strict=True):
        assert cells == [format_number(float(v.reach), ".2%", "en"), format_number(float(v.draw), "+.2%", "en"), format_number(float(v.stand), "+.2%", "en"),
                         format_number(float(v.draw - v.stand), "+.2%", "en"), v.better]
    stand = sorted(label for label, cells in rows if cells[-1] == "stand")
    assert stand == ["banker on 5 (1+4) against a face-up 4", "banker on 5 (2+3) against a face-up 4"]
    assert dict(rows)["banker on 3 (1+2) against a face-up 9"][-1] == "draw"  # seed 002's banker drew


def test_seed_cells_make_the_bettor_draw_on_5_without_mixing(decisions: Element) -> None:
    text = _paragraph(decisions, "Only one cell differs")
    assert "banker on 6 after the bettor stood" in text
    assert "should draw with probability 859/2288 and the home session's banker must stand" in text
    assert "the bettor draw on 5 with probability 1;" in text
    seeded = solve_decision_game(decision_game(CHEMIN_DE_FER, INFINITE_DECK))
    assert seeded.bettor[BettorPoint(5)] == 1
    assert re.search(r"worth [+\u2212]\d\.\d{3}% per unit to the bettor on the infinite deck", text)
