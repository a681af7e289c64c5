"""The questions page answers with tables the engine fills, in the reader's language: each
figure and word is checked against the engine itself."""

from __future__ import annotations

import re

import pytest

from bacara_teach import CHEMIN_DE_FER, PROFILES, PUNTO_BANCO, Coup, HomeSession
from bacara_teach.cards import hand_total, parse_cards
from bacara_teach.i18n import term
from bacara_teach.pages import faq
from bacara_teach.pages.paying_bets import value_text
from bacara_teach.pages.reference_index import decision_word
from bacara_teach.pages.worked_examples import result_word
from bacara_teach.settlement import Bet, settle_bet
from bacara_teach.tables import Positions
from bacara_teach.text import language_codes

LANGS = language_codes()


def _rows(html: str) -> list[list[str]]:
    """The body rows of an engine table, cell texts only (row header first)."""
    body = html.split("<tbody>", 1)[1]
    return [re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row) for row in body.split("</tr>")[:-1]]


@pytest.mark.parametrize("lang", LANGS)
def test_naturals_are_compared_as_the_engine_deals_them(lang: str) -> None:
    rows = _rows(faq.naturals_html(lang))
    assert len(rows) == len(faq.NATURAL_COUPS)
    for row, cards in zip(rows, faq.NATURAL_COUPS, strict=True):
        coup = Coup.from_cards(cards)
        assert row == [cards, str(coup.punto_total), str(coup.banco_total),
                       term(coup.winner.value, lang)]
    assert {row[3] for row in rows} == {term("banco", lang), term("empate", lang)}


@pytest.mark.parametrize("lang", LANGS)
def test_on_five_reads_both_games_tables(lang: str) -> None:
    rows = _rows(faq.on_five_html(lang))
    assert rows == [[table.title_text(lang), decision_word(table.player_decision(5).value, lang),
                     str(len(table.free_cells()))] for table in (PUNTO_BANCO, CHEMIN_DE_FER)]


@pytest.mark.parametrize("lang", LANGS)
def test_only_the_dealer_may_let_a_coup_go(lang: str) -> None:
    session = HomeSession(players=list(faq.HOME_PARTICIPANTS), seed=1,
                          dealer=faq.HOME_PARTICIPANTS[0])
    rows = _rows(faq.dealer_html(lang))
    assert [row[0] for row in rows] == list(faq.HOME_PARTICIPANTS)
    for row in rows:
        assert row[1:] == [value_text(flag, lang) for flag in (
            session.dealer == row[0], session.can_predict(row[0], "banco"),
            session.can_abstain(row[0]))]
    assert [row[3] for row in rows].count(value_text(True, lang)) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_bets_on_a_tie_are_settled_by_the_engine(lang: str) -> None:
    rows = _rows(faq.tie_html(lang=lang))
    tie = Coup.from_cards(faq.TIE_COUP)
    free = [p for p in PROFILES.values() if p.fixed_stake is None]
    assert [row[0] for row in rows] == [p.title_text(lang) for p in free]
    for row, profile in zip(rows, free, strict=True):
        assert row[1:] == [result_word(settle_bet(tie, Bet.of(kind, "20"), profile).result.value,
                                       lang) for kind in ("punto", "banco", "empate")]


def test_totals_and_positions_are_the_engine_s() -> None:
    assert _rows(faq.totals_html("en")) == [[cards, str(hand_total(parse_cards(cards)))]
                                            for cards in faq.TOTAL_EXAMPLES]
    rows = _rows(faq.positions_html(lang="es"))
    assert [row[1] for row in rows] == [value_text(p.positions is Positions.BOTH_SIDES, "es")
                                        for p in PROFILES.values()]


def test_the_stakes_are_netted_in_the_reader_s_numbers() -> None:
    coup = Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦")
    assert _rows(faq.stakes_html(coup, ("5",), "es")) == [["5", "+4,75"]]
    assert _rows(faq.stakes_html(coup, ("5",), "en")) == [["5", "+4.75"]]


def test_the_banker_s_choices_are_the_free_cells() -> None:
    html = faq.banker_choices_html("en")
    free = [cell for cell in CHEMIN_DE_FER.free_cells() if cell.hand == "banker"]
    assert html.count("<li>") == len(free) >= 1
