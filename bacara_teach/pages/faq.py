"""The questions page: the figures its answers quote and the table of house edges, in the
page's language.

>>> facts = home_stake_facts("es")
>>> facts["banco_odds"], facts["casino_same"]
('0,95', 'igual')
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from bacara_teach.i18n import resolve_language
from bacara_teach.pages.rules_punto_banco import amount_text, signed_text
from bacara_teach.punto_banco import Coup
from bacara_teach.reference import html_table
from bacara_teach.settlement import Bet, settle
from bacara_teach.tables import PROFILES, TableProfile
from bacara_teach.text import N_, format_number, tr

__all__ = ["TABLE_NAMES", "best_bet", "edges_html", "home_stake_facts", "online_commission",
           "table_name"]

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
