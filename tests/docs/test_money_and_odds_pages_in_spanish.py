"""The Spanish pages on money and odds show the engine's figures in Spanish conventions.

The chapters "Paying bets", "The home study session", "Odds and house edge" and
"Commission-free tables and side bets" are built in Spanish from the same engine figures
as in English: each table and glued value is compared with the figure written in Spanish
(``1,0579 %``, ``0,95 a 1``, ``20.000``, ``−20``), and no text a Spanish reader sees in
their prose, tables, captions or charts writes a number the English way.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from sitecheck import Element, parse_page

from bacara_teach import Bet, Coup, HomeSession
from bacara_teach.analysis import (
    ALL_BETS,
    analyse_bets,
    count_deals,
    effect_of_removal,
    pair_probability,
)
from bacara_teach.analysis.side_bets import PUBLISHED
from bacara_teach.money import format_amount, format_signed
from bacara_teach.settlement import Result, settle_bet
from bacara_teach.tables import ONLINE, PROFILES, get_profile
from bacara_teach.text import format_number, localize_number

pytestmark = pytest.mark.docs

ES = "es"
PAGES = ("odds", "paying-bets", "home-session", "side-bets")
SAMPLE_COUPS = ("4♥ 2♠ 9♣ A♦ 8♦", "9♠ 2♦ K♣ 3♥", "9♠ 9♦ K♣ K♥", "K♠ 4♦ K♥ 4♣")
HOME_SEED = 2016

# A number written the English way: a decimal point (a Spanish "." only groups three digits),
# or commas grouping a number of millions.  ("1,000" is one with three decimals in Spanish and
# a thousand in English: the thousands the pages show are checked one by one below.)
ENGLISH_DECIMAL = re.compile(r"\d\.(?!\d{3}(?!\d))\d")
ENGLISH_GROUPS = re.compile(r"\d,\d{3},\d{3}")
ENGLISH_THOUSANDS = ("20,000", "100,000", "30,000", "2,999")
ENGLISH_PERCENT = re.compile(r"\d%")  # Spanish writes "45,32 %", with a no-break space
# Renderings the glossary rules out ("EZ Baccarat" is the name of a table and "Baccarat
# Banque" the French name of a game, as Chemin de Fer is: both stay).
AVOIDED = re.compile(r"mesa online|(?<!EZ )\bbaccarat\b(?! banque)|pagad[ao]s? a \d|\d por 1\b",
                     re.IGNORECASE)


def _es(n: float | Fraction | Decimal | int, spec: str) -> str:
    """``n`` as the Spanish page shows it, read as text (white space collapsed: the no-break
    space before ``%`` reads as a space)."""
    return " ".join(format_number(n if isinstance(n, (int, Decimal)) else float(n), spec, ES).split())


def _page(site_dir: Path, name: str) -> Element:
    return parse_page(site_dir / ES / "chapters" / f"{name}.html")


def _rows(table: Element) -> list[tuple[str, list[str]]]:
    out = []
    for row in table.find("tbody").children_of("tr"):
        head = row.children_of("th")
        out.append((head[0].text() if head else "", [td.text() for td in row.children_of("td")]))
    return out


def _table(page: Element, css: str, **attrs: str) -> Element:
    found = [t for t in page.find_all("table", class_=css)
             if all(t.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())]
    assert len(found) == 1, f"{len(found)} tables .{css} {attrs}"
    return found[0]


MY_TABLES = ("bt-outcomes", "bt-edges", "bt-pairs", "bt-removal", "bt-pattern", "bt-profiles", "bt-payouts",
             "bt-commission", "bt-options", "bt-scoreboard", "bt-ranking", "bt-side-bets", "bt-published")


def _read_texts(page: Element) -> list[str]:
    """What a reader sees as prose, and in the tables, captions and charts these chapters draw.

    Code (inputs and printed outputs), card faces, widget stills and the figures that come
    from other modules (the final totals, the house edges as bars) are checked where they
    are made.
    """
    main = page.find("main")
    in_cells = {id(p) for cell in main.find_all("div", class_="cell") for p in cell.find_all("p")}
    texts = [p.text() for p in main.find_all("p") if id(p) not in in_cells]
    for css in MY_TABLES:
        for table in main.find_all("table", class_=css):
            # A row header of the edge tables is the bet as the analysis names it (checked there);
            # a cited source keeps its own title.
            skip = {id(th) for th in table.find("tbody").find_all("th")} if css == "bt-edges" else set()
            skip |= {id(td) for td in table.find_all("td") if td.find_all("a")}
            texts += [cell.text() for cell in table.iter()
                      if cell.tag in ("th", "td", "caption") and id(cell) not in skip]
    charts = [svg for svg in main.find_all("svg", class_="bt-bar-chart")
              if svg.children_of("title")[0].text().startswith("Cambio de la ventaja")]
    for svg in charts + main.find_all("svg", class_="bt-line-chart"):
        texts += [t.text() for t in svg.find_all("title")] + [d.text() for d in svg.find_all("desc")]
        texts += [t.text() for t in svg.find_all("text")]
    return texts


def test_the_patterns_tell_english_from_spanish() -> None:
    assert AVOIDED.findall("la mesa online, pagada a 8; 8 por 1, en baccarat") == [
        "mesa online", "pagada a 8", "8 por 1", "baccarat"]
    assert AVOIDED.findall("la mesa en línea; se paga 8 a 1; pagada a la par; EZ Baccarat; "
                           "Baccarat Banque") == []
    assert AVOIDED.findall("La Mesa Online") == ["Mesa Online"]
    english = ["0.95:1", "45.32%", "1.0579%", "4,998,398,275,503,360"]
    spanish = ["20.000 coups", "0,95 a 1", "45,32\u00a0%", "1,058\u00a0%", "−0,212", "4.998.398.275.503.360",
               "+4,75", "de 2 a 8"]
    flagged = [t for t in english
               if ENGLISH_DECIMAL.search(t) or ENGLISH_GROUPS.search(t) or ENGLISH_PERCENT.search(t)]
    assert flagged == english
    assert [t for t in spanish
            if ENGLISH_DECIMAL.search(t) or ENGLISH_GROUPS.search(t) or ENGLISH_PERCENT.search(t)] == []


@pytest.mark.parametrize("name", PAGES)
def test_no_number_on_the_spanish_page_is_written_the_english_way(site_dir: Path, name: str) -> None:
    texts = _read_texts(_page(site_dir, name))
    assert texts
    for pattern in (ENGLISH_DECIMAL, ENGLISH_GROUPS, ENGLISH_PERCENT):
        assert [t for t in texts if pattern.search(t)] == [], (name, pattern.pattern)
    assert [t for t in texts if any(number in t for number in ENGLISH_THOUSANDS)] == [], name


@pytest.mark.parametrize("name", PAGES)
def test_the_spanish_page_says_bacara_la_mesa_en_linea_and_se_paga(site_dir: Path, name: str) -> None:
    text = " ".join(_read_texts(_page(site_dir, name)))
    # a table's title is the profile's own (tables.py), checked with the profiles
    for profile in PROFILES.values():
        text = text.replace(profile.title_text(ES), "")
    assert AVOIDED.findall(text) == []


# -- Odds and house edge -----------------------------------------------------------------------


def test_odds_tables_show_the_exact_figures_in_spanish(site_dir: Path) -> None:
    page = _page(site_dir, "odds")
    rows = dict(_rows(_table(page, "bt-outcomes")))
    for outcome in ("banco", "punto", "empate"):
        assert rows[outcome.capitalize()] == [_es(count_deals(d).probability(outcome), ".4%") for d in (6, 8)]
    table = _table(page, "bt-outcomes")
    assert table.find("caption").text() == "Probabilidad de cada resultado"
    assert [th.text() for th in table.find("thead").find_all("th")] == ["Resultado", "6 barajas", "8 barajas"]
    for decks in (6, 8):
        shown = _rows(_table(page, "bt-edges", data_decks=str(decks)))
        analyses = analyse_bets(ALL_BETS, decks)
        assert [" ".join(label.split()) for label, _ in shown] == [
            " ".join(a.terms.label(ES).split()) for a in analyses]
        for (_, cells), a in zip(shown, analyses, strict=True):
            assert cells == [_es(a.win, ".4%"), _es(a.push, ".4%"), _es(a.lose, ".4%"), _es(a.house_edge, ".4%"),
                             _es(a.house_edge_resolved, ".4%"), _es(a.std_dev, ".4f")]
    pairs = dict(_rows(_table(page, "bt-pairs")))
    p = pair_probability(8, reading="rank")
    assert pairs["mismo rango (K-K, no K-Q)"][3:] == [f"{p.numerator}/{p.denominator}", _es(p, ".4%"),
                                                      f"{_es((1 - p) / p, '.2f')} a 1"]
    removal = effect_of_removal(8)
    for (card, cells), r in zip(_rows(_table(page, "bt-removal")), removal.rows, strict=True):
        assert card == r.card
        assert cells == [str(r.count)] + [_es(r.change[b] * 100_000, "+.1f") for b in ("banco", "punto", "empate")]
    assert "por cada 100.000 apostados" in _table(page, "bt-removal").find("caption").text()


def test_odds_sentences_glue_spanish_numbers(site_dir: Path) -> None:
    page = _page(site_dir, "odds")
    text = " ".join(p.text() for p in page.find_all("p"))
    assert "Tras 20.000 coups" in text
    eight = count_deals(8)
    assert f"en el {_es(eight.probability('empate'), '.2%')} de los coups" in text
    assert "0,95 a 1" in text and "1 a 1 menos 5 %" in text
    assert "a 1" in text and " to 1" not in text
    (chart,) = page.find_all("svg", class_="bt-line-chart")
    references = [t.text() for line in chart.find_all("line", class_="bt-reference") for t in line.find_all("title")]
    exact = eight.probabilities()
    assert references == [f"{name.capitalize()}: {_es(exact[name], '.3f')}" for name in ("banco", "punto", "empate")]
    pattern = dict(_rows(_table(page, "bt-pattern")))
    assert pattern["Banco en cada coup"][0] == "30.000"
    assert set(pattern) == {"Banco en cada coup", "Banco tras tres Bancos", "Esperanza exacta"}
    outputs = "\n".join(pre.text() for pre in page.find_all("pre"))
    assert f"416 cartas: {_es(eight.total, ',')} repartos ordenados de seis cartas" in outputs
    (check,) = [d for d in page.find_all("div") if d.attrs.get("data-practice") == "self-check"]
    (holder,) = check.find_all("script")
    cheapest = json.loads(holder._raw_text())["questions"][0]["why"]
    assert cheapest.startswith("Con ocho barajas la apuesta más barata es Banco: 0,95 a 1, con una "
                               "ventaja de la casa de ")


# -- Paying bets -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [name for name, p in PROFILES.items() if not p.pay_rules])
def test_spanish_price_lists_are_the_settlement_in_spanish_numbers(site_dir: Path, name: str) -> None:
    table = _table(_page(site_dir, "paying-bets"), "bt-payouts", data_profile=name)
    profile = get_profile(name)
    stake = table.attrs["data-stake"]
    assert [th.text() for th in table.find("thead").find_all("th")] == [
        "Apuesta", "Paga", "Gana", "Pierde", "Se devuelve"]
    for kind, (label, (pays, won, lost, push)) in zip(profile.bets, _rows(table), strict=True):
        assert label == kind.label
        assert pays == f"{localize_number(format_amount(profile.payout(kind)), ES)} a 1"
        nets: dict[Result, str] = {}
        for cards in SAMPLE_COUPS:
            paid = settle_bet(Coup.from_cards(cards), Bet.of(kind, stake), profile)
            nets.setdefault(paid.result, localize_number(format_signed(paid.net), ES))
        assert [won, lost, push] == [nets.get(r, "nunca") for r in (Result.WON, Result.LOST, Result.PUSH)]


def test_spanish_home_price_list_is_the_payout_table_of_seed_000(site_dir: Path) -> None:
    rows = dict(_rows(_table(_page(site_dir, "paying-bets"), "bt-payouts", data_profile="home")))
    assert rows == {
        "Punto": ["1 a 1", "+20", "\u221220", "0"],
        "Banco": ["0,95 a 1", "+19", "\u221220", "0"],
        "Empate": ["8 a 1", "+160", "\u221220", "nunca"],
    }


def test_spanish_profiles_and_options_tables_read_each_profile_in_spanish(site_dir: Path) -> None:
    page = _page(site_dir, "paying-bets")
    rows = dict(_rows(_table(page, "bt-profiles")))
    names = list(PROFILES)
    assert list(rows) == ["Barajas", "Sabot", "Comisión", "Posiciones por coup",
                          "Apuesta a Punto/Banco en un empate", "Importe de las apuestas", "Jugadores"]
    assert rows["Comisión"][names.index("online")] == "5 % de la ganancia de Banco, al pagar"
    assert rows["Importe de las apuestas"][names.index("online")] == "de 1 a 250"
    assert rows["Importe de las apuestas"][names.index("home")] == "fija en 20"
    options = {row.find("code").text(): [td.text() for td in row.children_of("td")]
               for row in _table(page, "bt-options").find("tbody").children_of("tr")}
    assert options["decks"][1:] == [str(ONLINE.decks), "6 u 8"]
    assert options["max_players"][2] == "15 o 7"
    assert options["positions"] == ["apostar a Punto y a Banco a la vez", "una", "los dos lados"]
    assert options["face_down"][1:] == ["no", "sí"]


def test_spanish_paying_bets_sentences_and_refusals(site_dir: Path) -> None:
    page = _page(site_dir, "paying-bets")
    text = " ".join(p.text() for p in page.find_all("p"))
    assert "comisión es de 0,25, y el saldo cambia en +4,75" in text
    assert "99,25" in text and "99.25" not in text
    outputs = "\n".join(pre.text() for pre in page.find_all("pre"))
    assert "[mesa sin cambios: sí]" in outputs and "state unchanged" not in outputs
    assert "empate 0,5:" in outputs
    assert "resultado banco, parejas: ninguna" in outputs
    commission = _rows(_table(page, "bt-commission"))
    assert all("." not in cell for _, cells in commission for cell in cells)


# -- The home session --------------------------------------------------------------------------


def test_spanish_scoreboard_and_ranking_are_the_session_in_spanish_numbers(site_dir: Path) -> None:
    page = _page(site_dir, "home-session")
    table = _table(page, "bt-scoreboard")
    head = [th.text() for th in table.find("thead").find_all("th")]
    assert head[:4] == ["Coup", "Punto", "Banco", "Ganador"]
    session = HomeSession(players=head[4:], seed=HOME_SEED)
    rows = table.find("tbody").children_of("tr")
    for row in rows:
        for name, cell in zip(head[4:], row.children_of("td")[3:], strict=True):
            session.predict(name, cell.find("span", class_="bt-prediction").text())
        session.deal()
    for record, row in zip(session.records, rows, strict=True):
        for name, cell in zip(session.players, row.children_of("td")[3:], strict=True):
            assert cell.find("span", class_="bt-net").text() == localize_number(format_signed(record.net(name)), ES)
            assert cell.find("span", class_="bt-running").text() == localize_number(
                format_signed(record.total(name)), ES)
    ranking = [(name, cells[-1]) for name, cells in _rows(_table(page, "bt-ranking"))]
    assert ranking == [(name, localize_number(format_signed(total), ES)) for name, total in session.scoreboard()]
    (winner,) = session.winners
    verdict = f"Tras 10 coups, gana {winner} con {localize_number(format_signed(session.totals[winner]), ES)}."
    assert verdict in [p.text() for p in page.find_all("p")]
    assert "de 2 a 8" in " ".join(p.text() for p in page.find_all("li"))


# -- Side bets ---------------------------------------------------------------------------------


def test_spanish_published_figures_are_written_with_a_decimal_comma(site_dir: Path) -> None:
    table = _table(_page(site_dir, "side-bets"), "bt-published")
    rows = [cells for _, cells in _rows(table)]
    assert [r[1:3] for r in rows] == [[localize_number(p.figure, ES)] * 2 for p in PUBLISHED]
    assert any("," in r[1] for r in rows)
    assert [th.text() for th in table.find("thead").find_all("th")] == [
        "Apuesta", "Barajas", "Publicada (%)", "Motor (%)", "Fuente"]
