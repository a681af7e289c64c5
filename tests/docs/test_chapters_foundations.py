"""The foundation chapters and the reference pages show what the engine computes.

Pages checked: start here, history, cards and scoring, the third-card rule (its printable
table and the information section), worked examples, and the reference folder (rules
summaries, glossary, questions and answers, command line, programming interface).  Each test
reads the built HTML and asks the engine (or the real program) for the same facts: the page's
inputs (cards, seeds, stakes, commands) are taken from the page, every result is recomputed.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from sitecheck import Element, parse_page

from bacara_teach import (
    CHEMIN_DE_FER,
    CHEMIN_DE_FER_SINGLE_BETTOR,
    PROFILES,
    PUNTO_BANCO,
    Bet,
    Coup,
    Decision,
    InvalidCard,
    Rank,
    Shoe,
    hand_total,
    parse_card,
    parse_cards,
    play_coup,
    settle,
)
from bacara_teach import chemin_de_fer_session as cdf
from bacara_teach.analysis import edges_for_profile
from bacara_teach.charts import tableau_text
from bacara_teach.chemin_de_fer import deal_coup as deal_chemin_coup
from bacara_teach.cli import build_parser
from bacara_teach.settlement import settle_bet
from bacara_teach.tableau import is_natural

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[2]
MY_CHAPTERS = ("start-here", "history", "cards-and-scoring", "third-card-rule", "worked-examples")
REFERENCE_PAGES = ("index", "rules-punto-banco", "rules-chemin-de-fer", "glossary", "faq", "cli",
                   "api")
WORKED_EXAMPLES = ("4♥ 2♠ 9♣ A♦ 8♦", "4♥ 2♠ 9♣ A♦ 7♦ 5♣")  # RULES.md examples 1 and 2
DECISION_WORDS = {"draw": Decision.DRAW, "stand": Decision.STAND, "free choice": Decision.CHOICE}


# -- reading pages --------------------------------------------------------------------------


Pages = Callable[[str], Element]
"""Reads a built page by name (``chapters/history``), parsing each page once."""


@pytest.fixture(scope="module")
def page(site_dir: Path) -> Pages:
    cache: dict[str, Element] = {}

    def read(name: str) -> Element:
        if name not in cache:
            cache[name] = parse_page(site_dir / f"{name}.html")
        return cache[name]

    return read


def _table(root: Element, css_class: str) -> Element:
    tables = root.find_all("table", class_=css_class)
    assert len(tables) == 1, f"{len(tables)} tables with class {css_class!r}"
    return tables[0]


def _head(table: Element) -> list[str]:
    return [th.text() for th in table.find("thead").find_all("th")]


def _rows(table: Element) -> list[list[str]]:
    return [[cell.text() for cell in row.children if isinstance(cell, Element)]
            for row in table.find("tbody").children_of("tr")]


def _outputs(root: Element) -> list[str]:
    return [pre.text() for pre in root.find_all("pre")]


def _coup_of(block: Element) -> tuple[Coup, list[str]]:
    """The coup a ``bt-coup`` block shows, dealt again from its cards, and its narration lines."""
    hands = {}
    for row in block.find("tbody").children_of("tr"):
        cards_cell, total_cell = row.children_of("td")
        cards = [span.text() for span in cards_cell.find_all("span", class_="bt-card")]
        hands[row.find("th").text()] = (cards, int(total_cell.text()))
    punto, banco = hands["Punto"][0], hands["Banco"][0]
    coup = Coup.from_cards([punto[0], banco[0], punto[1], banco[1], *punto[2:], *banco[2:]])
    assert [str(card) for card in coup.punto] == punto
    assert [str(card) for card in coup.banco] == banco
    assert hands["Punto"][1] == coup.punto_total
    assert hands["Banco"][1] == coup.banco_total
    assert block.find("strong").text() == f"Winner: {coup.winner.value.capitalize()}"
    return coup, [li.text() for li in block.find("ol").children_of("li")]


def _banco_cell_of(coup: Coup) -> tuple[int, int | None, Decision] | None:
    for step in coup.steps:
        if step.actor == "banco" and step.cell is not None:
            return step.cell.total, step.cell.third, step.cell.decision
    return None


def _odds(value: Fraction) -> str:
    """Odds as written on a table sign, computed here independently of the engine's helpers."""
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    return (text.rstrip("0").rstrip(".") if "." in text else text) + ":1"


# -- every page of this part ------------------------------------------------------------------


@pytest.mark.parametrize("name", [f"chapters/{c}" for c in MY_CHAPTERS]
                         + [f"reference/{r}" for r in REFERENCE_PAGES if r != "api"])
def test_page_opens_with_its_plan_and_ends_with_check_yourself(page: Pages, name: str) -> None:
    root = page(name)
    opening = [p.text().replace("\u2019", "'") for p in root.find("article").find_all("p")[:3]]
    assert any(text.startswith("What you'll") for text in opening), opening
    headings = [h.text().rstrip("#") for h in root.find_all("h2")]
    assert headings[-1] == "Check yourself"
    # The answers are a self-check the reader answers on the page (its answers prepared by the
    # engine), or an executed cell whose output is folded away until asked for.
    assert (any(d.attrs.get("data-practice") == "self-check" for d in root.find_all("div"))
            or root.find_all("details", class_="hide"))


def test_index_points_to_start_here_and_lists_the_chapters_in_course_order(page: Pages) -> None:
    index = page("index")
    links = [a.attrs.get("href", "").split("#")[0] for a in index.find_all("a")]
    assert "chapters/start-here.html" in links
    toc = [link for link in links if link.startswith(("chapters/", "reference/index"))]
    order = [toc.index(f"chapters/{chapter}.html") for chapter in MY_CHAPTERS]
    assert order == sorted(order)
    assert toc.index("reference/index.html") > max(order)


# -- start here ----------------------------------------------------------------------------


def test_four_tables_show_each_profile_decks_cards_and_payouts(page: Pages) -> None:
    table = _table(page("chapters/start-here"), "bt-four-tables")
    rows = {row[0]: row for row in _rows(table)}
    assert len(rows) == len(PROFILES) + 1
    for profile in PROFILES.values():
        row = rows[profile.title]
        assert row[1] == str(profile.decks)
        assert row[2] == str(Shoe.standard(profile.decks).remaining)
        for kind, odds in profile.payouts:
            assert f"{kind.label} {_odds(odds)}" in row[4]
    (chemin,) = (row for title, row in rows.items() if title.startswith("Chemin de Fer"))
    assert chemin[1] == str(cdf.DECKS)
    assert chemin[2] == str(Shoe.standard(cdf.DECKS).remaining)


def test_start_here_cli_output_is_what_the_program_prints(page: Pages) -> None:
    outputs = _outputs(page("chapters/start-here"))
    shown = next(text for text in outputs if text.startswith("$ bacara-teach deal"))
    expected = Coup.from_cards(WORKED_EXAMPLES[0]).narrate()
    assert " ".join(expected.split()) in shown


# -- history ---------------------------------------------------------------------------------


def test_history_lists_exactly_the_cells_where_the_two_tables_differ(page: Pages) -> None:
    rows = _rows(_table(page("chapters/history"), "bt-differences"))
    expected = [
        (pb, chemin) for pb, chemin in zip(PUNTO_BANCO.cells(), CHEMIN_DE_FER.cells(), strict=True)
        if pb.decision is not chemin.decision
    ]
    assert len(rows) == len(expected) > 0
    for row, (pb, chemin) in zip(rows, expected, strict=True):
        assert f"on {chemin.total}" in row[0]
        if chemin.third is not None:
            assert row[0].endswith(f"worth {chemin.third}")
        assert row[1:] == [pb.decision.value, chemin.decision.value]


def test_history_same_cards_end_as_the_engine_deals_them(page: Pages) -> None:
    table = _table(page("chapters/history"), "bt-same-cards")
    cards = table.find("caption").text().removeprefix("The cards ").removesuffix(" under both games")
    rows = _rows(table)
    punto_banco = Coup.from_cards(cards)
    assert rows[0] == ["Punto Banco", "forced", "forced", " ".join(map(str, punto_banco.punto)),
                       " ".join(map(str, punto_banco.banco)), punto_banco.winner.value]
    winners = set()
    for row in rows[1:]:
        bettor, banker = (None if choice == "forced" else choice for choice in row[1:3])
        coup = deal_chemin_coup(cards, bettor=bettor, banker=banker, leftover=True)
        assert row[3:] == [" ".join(map(str, coup.bettor)), " ".join(map(str, coup.banker)),
                           coup.winner.value]
        winners.add(coup.winner.value)
    assert len(rows) > 2 and len(winners) > 1  # the same cards can end differently


# -- cards and scoring -------------------------------------------------------------------------


def test_points_table_equals_each_rank_value(page: Pages) -> None:
    table = _table(page("chapters/cards-and-scoring"), "bt-points")
    rows = _rows(table)
    assert [row[0] for row in rows] == [rank.symbol for rank in Rank]
    for symbol, typed, points in rows:
        assert int(points) == Rank(symbol).points
        assert parse_card(typed + "s").rank is Rank(symbol)
    # the rule of RULES.md: A = 1, 2-9 face value, 10/J/Q/K = 0
    assert {symbol: int(points) for symbol, _, points in rows} == {
        "A": 1, **{str(n): n for n in range(2, 10)}, "10": 0, "J": 0, "Q": 0, "K": 0}


def test_two_card_table_is_the_units_digit_of_every_sum(page: Pages) -> None:
    table = _table(page("chapters/cards-and-scoring"), "bt-two-card")
    assert _head(table) == ["+", *map(str, range(10))]
    rows = table.find("tbody").children_of("tr")
    assert [int(row.find("th").text()) for row in rows] == list(range(10))
    by_points = {rank.points: rank for rank in Rank}
    for a, row in enumerate(rows):
        for b, cell in enumerate(row.children_of("td")):
            total = int(cell.text())
            assert total == (a + b) % 10
            assert total == hand_total(parse_cards(f"{by_points[a].symbol}s {by_points[b].symbol}h"))
            assert ("bt-natural" in cell.classes) is is_natural(total)


def test_scoring_examples_are_the_seed_examples_totalled_by_the_engine(page: Pages) -> None:
    rows = _rows(_table(page("chapters/cards-and-scoring"), "bt-sums"))
    ranks = [tuple(card.rank.symbol for card in parse_cards(row[0])) for row in rows]
    assert ranks == [("7", "8"), ("9", "7"), ("5", "5", "5"), ("10", "9"), ("K", "A", "5")]
    for hand, points, total_sum, total in rows:
        cards = parse_cards(hand)
        assert points == " + ".join(str(card.points) for card in cards)
        assert int(total_sum) == sum(card.points for card in cards)
        assert int(total) == hand_total(cards) == int(total_sum) % 10
    paragraph = next(p for p in page("chapters/cards-and-scoring").find_all("p")
                     if p.text().startswith("So a seven and an eight"))
    pasted = [span.text() for span in paragraph.find_all("span", class_="pasted-text")]
    seven_eight, fives = parse_cards(rows[0][0]), parse_cards(rows[2][0])
    assert pasted == [str(sum(c.points for c in seven_eight)), str(hand_total(seven_eight)),
                      str(sum(c.points for c in fives)), str(hand_total(fives))]


def test_notation_table_reads_each_typed_card_as_the_parser_does(page: Pages) -> None:
    rows = _rows(_table(page("chapters/cards-and-scoring"), "bt-notation"))
    assert len(rows) >= 5
    for typed, shown, ascii_form, points in rows:
        card = parse_card(typed)
        assert [shown, ascii_form, int(points)] == [str(card), card.ascii, card.points]
        assert parse_card(ascii_form) == card


def test_bad_card_error_shown_is_the_parser_message(page: Pages) -> None:
    outputs = " ".join(_outputs(page("chapters/cards-and-scoring")))
    with pytest.raises(InvalidCard) as error:
        parse_cards("4♥ 1♠")
    assert " ".join(str(error.value).split()) in outputs


# -- the third-card rule: printable table and information ----------------------------------------


def test_printable_tableau_is_the_engine_text_rendering(page: Pages) -> None:
    outputs = _outputs(page("chapters/third-card-rule"))
    assert " ".join(tableau_text(PUNTO_BANCO).split()) in outputs
    markdown = next(text for text in outputs if text.startswith("| total | stood |"))
    cells = [cell.strip() for cell in markdown.split("|") if cell.strip() not in ("", "---")]
    width = 2 + 10
    head, rows = cells[:width], [cells[i:i + width] for i in range(width, len(cells), width)]
    assert head == ["total", "stood", *map(str, range(10))]
    assert [int(row[0]) for row in rows] == list(range(8))
    for row in rows:
        for third, word in zip((None, *range(10)), row[1:], strict=True):
            assert DECISION_WORDS[word] is PUNTO_BANCO.banker_decision(int(row[0]), third)


def test_third_card_information_table_lists_punto_possible_totals(page: Pages) -> None:
    rows = _rows(_table(page("chapters/third-card-rule"), "bt-third-info"))
    drawing = [t for t in range(8) if PUNTO_BANCO.player_decision(t) is Decision.DRAW]
    assert [int(row[0]) for row in rows] == list(range(10))
    for value, totals, count in rows:
        expected = sorted({(t + int(value)) % 10 for t in drawing})
        assert totals == ", ".join(map(str, expected))
        assert int(count) == len(expected)


# -- worked examples --------------------------------------------------------------------------


def _coup_blocks(root: Element) -> list[Element]:
    return root.find_all("div", class_="bt-coup")


@pytest.mark.parametrize("number", range(len(WORKED_EXAMPLES)))
def test_worked_example_shows_the_rules_example_dealt_and_narrated(page: Pages, number: int) -> None:
    block = _coup_blocks(page("chapters/worked-examples"))[number]
    coup, lines = _coup_of(block)
    assert coup.cards == parse_cards(WORKED_EXAMPLES[number])
    assert lines == coup.narrate().split("\n")
    assert coup.winner.value == "banco"  # RULES.md: Banco wins both examples


def test_worked_example_one_is_narrated_in_spanish_and_settled(page: Pages) -> None:
    root = page("chapters/worked-examples")
    coup = Coup.from_cards(WORKED_EXAMPLES[0])
    assert " ".join(coup.narrate("es").split()) in _outputs(root)
    rows = _rows(_table(root, "bt-settlement"))
    home = PROFILES["home"]
    assert home.fixed_stake is not None
    assert [row[0] for row in rows] == [kind.label for kind in home.bets]
    for label, result, net in rows:
        settled = settle(coup, [Bet.of(label.lower(), home.fixed_stake)], home).bets[0]
        assert result == settled.result.value
        assert Decimal(net.replace("\u2212", "-")) == settled.net
    assert Decimal({row[0]: row[2] for row in rows}["Banco"]) == 19  # RULES.md: nets +19


def test_every_row_of_banco_table_is_reached_by_a_narrated_coup(page: Pages) -> None:
    blocks = _coup_blocks(page("chapters/worked-examples"))[len(WORKED_EXAMPLES):]
    reached: set[tuple[object, ...]] = set()
    for block in blocks:
        coup, lines = _coup_of(block)
        assert lines == coup.narrate().split("\n")
        cell = _banco_cell_of(coup)
        if cell is not None:
            total, third, decision = cell
            reached.add(("stood", decision) if third is None else ("drew", total, decision))
        for step in coup.steps:
            if step.action == "natural":
                reached.add(("natural", step.actor))
        if coup.winner.value == "empate":
            reached.add(("tie",))
    wanted: set[tuple[object, ...]] = {("drew", total, decision) for total in range(8)
              for decision in set(PUNTO_BANCO.banker[total])}
    wanted |= {("stood", Decision.DRAW), ("stood", Decision.STAND), ("tie",)}
    wanted |= {("natural", "punto"), ("natural", "banco"), ("natural", "table")}
    assert wanted <= reached, sorted(map(str, wanted - reached))


def test_coverage_table_rows_are_the_first_coups_of_their_seeded_shoes(page: Pages) -> None:
    rows = _rows(_table(page("chapters/worked-examples"), "bt-coverage"))
    assert len(rows) >= 8 + 2 + 3 + 1
    for _situation, seed, cards, _cell, winner in rows:
        coup = play_coup(Shoe.standard(8, seed=int(seed)))
        assert coup.cards == parse_cards(cards)
        assert winner == coup.winner.value.capitalize()


# -- reference: rules summaries ------------------------------------------------------------------


def test_profiles_table_shows_each_profile_data(page: Pages) -> None:
    table = _table(page("reference/rules-punto-banco"), "bt-profiles")
    assert _head(table)[1:] == [profile.title for profile in PROFILES.values()]
    rows = {row[0]: row[1:] for row in _rows(table)}
    profiles = list(PROFILES.values())
    assert rows["Decks"] == [str(p.decks) for p in profiles]
    assert rows["Cards in the shoe"] == [str(52 * p.decks) for p in profiles]
    for shown, profile in zip(rows["Bets and payouts"], profiles, strict=True):
        assert shown == ", ".join(f"{kind.label} {_odds(odds)}" for kind, odds in profile.payouts)
    for shown, profile in zip(rows["Commission"], profiles, strict=True):
        if profile.commission_rate:
            assert shown.startswith(f"{float(profile.commission_rate * 100):g}% of Banco wins")
        elif profile.payout("banco") < 1:  # the house's share is in the price
            assert shown == f"no separate commission: a Banco win pays {_odds(profile.payout('banco'))}"
        else:  # a commission-free table: its share is taken by its pay rules
            assert profile.pay_rules and shown == "none"
    for shown, profile in zip(rows["Exceptions to a win's payout"], profiles, strict=True):
        assert shown == ("; ".join(rule.describe("en") for rule in profile.pay_rules) or "none")


def test_payment_tables_are_the_engine_settlement_of_each_bet(page: Pages) -> None:
    root = page("reference/rules-punto-banco")
    coups = {row[0]: Coup.from_cards(row[1]) for row in _rows(_table(root, "bt-sample-coups"))}
    tables = root.find_all("table", class_="bt-payments")
    assert len(tables) == len(PROFILES)
    for table, profile in zip(tables, PROFILES.values(), strict=True):
        assert table.find("caption").text().startswith(profile.title)
        assert _head(table)[1:] == list(coups)
        rows = _rows(table)
        assert len(rows) == len(profile.bets)
        for row, kind in zip(rows, profile.bets, strict=True):
            stake = row[0].removeprefix(kind.label).strip()
            bet = Bet.of(kind, stake)
            for shown, coup in zip(row[1:], coups.values(), strict=True):
                assert Decimal(shown.replace("\u2212", "-")) == settle_bet(coup, bet, profile).net


def test_chemin_de_fer_summary_shows_session_constants_and_tables(page: Pages) -> None:
    root = page("reference/rules-chemin-de-fer")
    rows = {row[0]: row[1] for row in _rows(_table(root, "bt-cdf-constants"))}
    assert rows["Decks"] == str(cdf.DECKS)
    assert rows["Cards in the shoe"] == str(52 * cdf.DECKS)
    assert rows["Chips each at the start"] == str(cdf.STARTING_CHIPS)
    assert rows["Coups in a session"] == str(cdf.COUPS)
    assert rows["Smallest new bank"] == str(cdf.MIN_BANK)
    assert rows["Participants, the banker included"] == f"{cdf.MIN_PLAYERS} to {cdf.MAX_PLAYERS}"
    tableau = _table(root, "bt-tableau")
    for row in tableau.find("tbody").children_of("tr"):
        total = int(row.find("th").text())
        for third, cell in zip((None, *range(10)), row.children_of("td"), strict=True):
            assert DECISION_WORDS[cell.text()] is CHEMIN_DE_FER.banker_decision(total, third)
    bettor = {row[0]: row[1:] for row in _rows(_table(root, "bt-cdf-bettor"))}
    for name, table in (("A single bettor", CHEMIN_DE_FER_SINGLE_BETTOR),
                        ("Several bettors", CHEMIN_DE_FER)):
        for shown, decision in zip(bettor[name], (Decision.DRAW, Decision.CHOICE, Decision.STAND),
                                   strict=True):
            totals = [t for t in range(8) if table.player_decision(t) is decision]
            assert (shown == "never") is (not totals)
            if totals:
                assert str(totals[0]) in shown and str(totals[-1]) in shown


def test_chemin_de_fer_money_example_matches_rules_example_four(page: Pages) -> None:
    paragraph = next(p for p in page("reference/rules-chemin-de-fer").find_all("p")
                     if p.text().startswith("The worked example of the rule source"))
    pasted = [int(span.text()) for span in paragraph.find_all("span", class_="pasted-text")]
    # RULES.md example 4: bank 20, covered 12, reserve 8, profit 12, continue with at least 24.
    assert pasted == [20, 12, 8, 12, 24, 20, 8]
    assert "refuses a bank of" in paragraph.text()


# -- reference: glossary, questions ----------------------------------------------------------------


def test_glossary_gives_english_spanish_and_french_for_every_term(page: Pages) -> None:
    table = page("reference/glossary").find("table")
    head = _head(table)
    assert head[1:4] == ["English", "Spanish", "French"]
    rows = _rows(table)
    for row in rows:
        assert all(cell.strip() for cell in row[:5]), row
    terms = {row[0] for row in rows}
    for needed in ("Punto", "Banco", "Empate", "coup", "banco", "banco suivi", "shoe", "tableau",
                   "natural", "pair", "commission", "reserve", "croupier"):
        assert needed in terms, needed
    natural = next(row for row in rows if row[0] == "natural")
    naturals = [total for total in range(10) if is_natural(total)]
    assert f"two-card total of {naturals[0]}–{naturals[-1]}:" in natural[4]


def test_faq_house_edges_are_the_engine_edges(page: Pages) -> None:
    rows = _rows(_table(page("reference/faq"), "bt-edges"))
    expected = [f"{float(analysis.house_edge):.3%}" for profile in PROFILES.values()
                for analysis in edges_for_profile(profile).values()]
    assert [row[1] for row in rows] == expected


# -- reference: command line ----------------------------------------------------------------------


def _commands(parser: object, prefix: str = "") -> Iterator[tuple[str, object]]:
    """Every (sub-)command of the real parser, walked here without the page's helpers."""
    import argparse

    assert isinstance(parser, argparse.ArgumentParser)
    for action in parser._actions:  # argparse's only handle on sub-commands
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                full = f"{prefix} {name}".strip()
                yield full, sub
                yield from _commands(sub, full)


def test_cli_reference_documents_every_command_of_the_real_parser(
    page: Pages, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    sections = {
        section.find("h3").text(): section
        for section in page("reference/cli").find_all("section", class_="bt-command")
    }
    commands = dict(_commands(build_parser()))
    assert len(commands) > 10
    assert set(sections) == {f"bacara-teach {name}" for name in commands}
    for name, parser in commands.items():
        help_text = sections[f"bacara-teach {name}"].find("pre", class_="bt-help").text()
        assert help_text == " ".join(parser.format_help().split())  # type: ignore[attr-defined]


def test_cli_examples_show_what_the_program_prints(page: Pages) -> None:
    runs = page("reference/cli").find_all("pre", class_="bt-cli-run")
    assert len(runs) >= 10
    env = {**os.environ, "COLUMNS": "80", "PYTHONIOENCODING": "utf-8"}
    for run in runs:
        line = run.find("span", class_="bt-command-line").text()
        words = shlex.split(line.removeprefix("$ "))
        stdin = ""
        if words[0] == "printf":  # printf 'COMMANDS' | bacara-teach ...
            stdin = words[1].replace("\\n", "\n")
            assert words[2] == "|"
            words = words[3:]
        assert words[0] == "bacara-teach"
        result = subprocess.run([sys.executable, "-m", "bacara_teach", *words[1:]], input=stdin,
                                capture_output=True, env=env, cwd=ROOT, check=False,
                                encoding="utf-8")
        shown = run.text().removeprefix(line)
        assert shown.split() == (result.stdout + result.stderr).split(), line


# -- reference: programming interface ---------------------------------------------------------------


def test_api_reference_documents_the_engine_modules_and_their_main_objects(page: Pages) -> None:
    root = page("reference/api")
    ids = {element.attrs["id"] for element in root.iter() if "id" in element.attrs}
    for module in ("cards", "shoe", "tableau", "punto_banco", "narration", "tables", "settlement",
                   "chemin_de_fer", "chemin_de_fer_session", "analysis.edges", "reference"):
        assert f"module-bacara_teach.{module}" in ids, module
    for name in ("punto_banco.Coup", "tableau.Tableau", "tables.TableProfile", "settlement.settle",
                 "cards.parse_cards", "chemin_de_fer_session.CheminDeFerSession"):
        assert f"bacara_teach.{name}" in ids, name
