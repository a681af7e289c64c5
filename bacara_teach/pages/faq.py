"""The questions page: the figures its answers quote and the table of house edges, in the
page's language.

>>> facts = home_stake_facts("es")
>>> facts["banco_odds"], facts["casino_same"]
('0,95', 'igual')
>>> "<th scope='row'>8♠ 8♦ K♦ K♣</th><td>8</td><td>8</td><td>Empate</td>" in naturals_html("en")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from html import escape

from bacara_teach.i18n import resolve_language
from bacara_teach.pages.rules_punto_banco import amount_text, signed_text
from bacara_teach.punto_banco import Coup
from bacara_teach.reference import html_table
from bacara_teach.settlement import Bet, settle
from bacara_teach.tables import PROFILES, TableProfile
from bacara_teach.text import N_, format_number, tr

__all__ = ["TABLE_NAMES", "banker_choices_html", "best_bet", "dealer_html", "edges_html",
           "home_stake_facts", "naturals_html", "on_five_html", "online_commission",
           "positions_html", "stakes_html", "table_name", "tie_html", "totals_html"]

TABLE_NAMES: dict[str, str] = {
    "home": N_("the home table"),
    "casino": N_("the casino table"),
    "online": N_("the online table"),
}
"""The registered tables as a sentence names them."""


def table_name(profile: TableProfile, lang: str | None = None) -> str:
    """The table as a sentence names it: "the online table"."""
    known = TABLE_NAMES.get(profile.name)
    if known is None:
        return tr("the {table} table", lang, table=profile.name)
    return tr(known, lang)


def home_stake_facts(lang: str | None = None) -> dict[str, str]:
    """Why the home stake is what it is: the stake, what Banco is paid, and whether the
    casino table pays Banco the same."""
    lang = resolve_language(lang)
    home = PROFILES["home"]
    assert home.fixed_stake is not None
    same = PROFILES["casino"].payout("banco") == home.payout("banco")
    return {"home_stake": amount_text(home.fixed_stake, lang),
            "banco_odds": format_number(float(home.payout("banco")), "g", lang),
            "casino_same": tr("the same", lang) if same else tr("differently", lang)}


def _edges(profiles: Mapping[str, TableProfile]) -> list[tuple[TableProfile, str, Fraction]]:
    from bacara_teach.analysis import edges_for_profile

    return [(profile, name, analysis.house_edge) for profile in profiles.values()
            for name, analysis in edges_for_profile(profile).items()]


def edges_html(profiles: Mapping[str, TableProfile] = PROFILES, lang: str | None = None) -> str:
    """The house edge of each bet of each table, for a full shoe."""
    lang = resolve_language(lang)
    rows = [[f"{profile.title_text(lang)}: {name}", format_number(float(edge), ".3%", lang)]
            for profile, name, edge in _edges(profiles)]
    return html_table([tr("Bet", lang), tr("House edge", lang)], rows, css_class="bt-edges",
                      caption=tr("House edge of each bet, full shoe", lang))


def best_bet(profiles: Mapping[str, TableProfile] = PROFILES,
             lang: str | None = None) -> dict[str, str]:
    """The bet with the smallest house edge on the site: where it is, and its edge."""
    lang = resolve_language(lang)
    profile, name, edge = min(_edges(profiles), key=lambda item: item[2])
    return {"best_bet": tr("{bet} at {table}", lang, bet=name.capitalize(),
                           table=table_name(profile, lang)),
            "best_edge": format_number(float(edge), ".3%", lang)}


def online_commission(coup: Coup, stake: str = "5", lang: str | None = None) -> dict[str, str]:
    """A winning Banco stake at the online table: the stake, what it wins, the commission
    taken and the net."""
    paid = settle(coup, [Bet.of("banco", stake)], PROFILES["online"]).bets[0]
    return {"online_stake": amount_text(paid.bet.stake, lang),
            "online_winnings": amount_text(paid.winnings, lang),
            "online_commission": amount_text(paid.commission, lang),
            "online_net": signed_text(paid.net, lang)}


# -- the answers the engine shows, as tables in the page's language -------------------------------

NATURAL_COUPS = ("8♠ 9♦ K♦ K♣", "8♠ 8♦ K♦ K♣")
"""Two naturals against each other: a higher one, and an equal one."""

TIE_COUP = "10♦ 9♣ 9♠ K♥"
"""A coup that ends in a tie (9 against 9)."""

TOTAL_EXAMPLES = ("5♠ 3♦", "6♣ 7♥", "4♦ 6♠")
"""Hands whose points add up to less than ten, more than ten, and exactly ten."""

HOME_PARTICIPANTS = ("Ana", "Luis", "Eva")


def _winner(coup: Coup, lang: str) -> str:
    from bacara_teach.i18n import term

    return term(coup.winner.value, lang)


def naturals_html(lang: str | None = None) -> str:
    """Naturals compared: the higher one wins, equal ones tie."""
    from bacara_teach.i18n import term

    lang = resolve_language(lang)
    rows = []
    for cards in NATURAL_COUPS:
        coup = Coup.from_cards(cards)
        rows.append([cards, coup.punto_total, coup.banco_total, _winner(coup, lang)])
    return html_table([tr("Cards", lang), term("punto", lang), term("banco", lang),
                       tr("Winner", lang)], rows, css_class="bt-faq-naturals")


def on_five_html(lang: str | None = None) -> str:
    """What Punto (Chemin de Fer: the bettor) does on 5, and how many cells leave a choice."""
    from bacara_teach.pages.reference_index import decision_word
    from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO

    lang = resolve_language(lang)
    rows = [[table.title_text(lang), decision_word(table.player_decision(5).value, lang),
             len(table.free_cells())] for table in (PUNTO_BANCO, CHEMIN_DE_FER)]
    return html_table([tr("Game", lang), tr("Punto or the bettor on 5", lang),
                       tr("Cells that leave a choice", lang)], rows, css_class="bt-faq-five")


def dealer_html(lang: str | None = None) -> str:
    """At the home table: who deals, who may predict Banco, who may let a coup go."""
    from bacara_teach.home_session import HomeSession
    from bacara_teach.pages.paying_bets import value_text

    lang = resolve_language(lang)
    session = HomeSession(players=list(HOME_PARTICIPANTS), seed=1, dealer=HOME_PARTICIPANTS[0])
    rows = [[name, value_text(session.dealer == name, lang),
             value_text(session.can_predict(name, "banco"), lang),
             value_text(session.can_abstain(name), lang)] for name in HOME_PARTICIPANTS]
    return html_table([tr("Participant", lang), tr("Deals", lang), tr("May predict Banco", lang),
                       tr("May let the coup go", lang)], rows, css_class="bt-faq-dealer")


def stakes_html(coup: Coup, stakes: tuple[str, ...] = ("20", "10", "5"),
                lang: str | None = None) -> str:
    """What a winning Banco stake nets at the casino table, for a few stakes."""
    lang = resolve_language(lang)
    rows = []
    for stake in stakes:
        paid = settle(coup, [Bet.of("banco", stake)], PROFILES["casino"])
        rows.append([amount_text(paid.bets[0].bet.stake, lang), signed_text(paid.net, lang)])
    return html_table([tr("Stake", lang), tr("Net", lang)], rows, css_class="bt-faq-stakes",
                      caption=tr("A winning Banco bet at {table}", lang,
                                 table=table_name(PROFILES["casino"], lang)))


def tie_html(profiles: Mapping[str, TableProfile] = PROFILES, lang: str | None = None) -> str:
    """Each bet on a tie at every table with free stakes: won, lost or pushed."""
    from bacara_teach.i18n import term
    from bacara_teach.pages.worked_examples import result_word
    from bacara_teach.settlement import settle_bet

    lang = resolve_language(lang)
    tie = Coup.from_cards(TIE_COUP)
    kinds = ("punto", "banco", "empate")
    rows = [[profile.title_text(lang)]
            + [result_word(settle_bet(tie, Bet.of(kind, "20"), profile).result.value, lang)
               for kind in kinds]
            for profile in profiles.values() if profile.fixed_stake is None]
    return html_table([tr("Table", lang), *(term(kind, lang) for kind in kinds)], rows,
                      css_class="bt-faq-tie", caption=tr("The bets on a tie ({cards})", lang,
                                                         cards=TIE_COUP))


def totals_html(lang: str | None = None) -> str:
    """A few hands and their totals: only the last digit of the points counts."""
    from bacara_teach.cards import hand_total, parse_cards

    lang = resolve_language(lang)
    return html_table([tr("Cards", lang), tr("Total", lang)],
                      [[cards, hand_total(parse_cards(cards))] for cards in TOTAL_EXAMPLES],
                      css_class="bt-faq-totals")


def positions_html(profiles: Mapping[str, TableProfile] = PROFILES,
                   lang: str | None = None) -> str:
    """Whether one player may back Punto and Banco in the same coup, at each table."""
    from bacara_teach.pages.paying_bets import value_text
    from bacara_teach.tables import Positions

    lang = resolve_language(lang)
    return html_table([tr("Table", lang), tr("Punto and Banco in the same coup", lang)],
                      [[profile.title_text(lang),
                        value_text(profile.positions is Positions.BOTH_SIDES, lang)]
                       for profile in profiles.values()], css_class="bt-faq-positions")


def banker_choices_html(lang: str | None = None) -> str:
    """The cells of the Chemin de Fer banker's table that leave the banker a choice."""
    from bacara_teach.chemin_de_fer import describe_cell
    from bacara_teach.tableau import CHEMIN_DE_FER

    lang = resolve_language(lang)
    cells = [describe_cell(cell, 2, lang) for cell in CHEMIN_DE_FER.free_cells()
             if cell.hand == "banker"]
    return "<ul class='bt-faq-choices'>" + "".join(
        f"<li>{escape(cell)}</li>" for cell in cells) + "</ul>"
