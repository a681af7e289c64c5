"""The Punto Banco rules summary: the sample coups, what each bet nets at each table, the
online commission, and the tables' notes and assumptions, in the page's language.

Amounts are written in the reader's conventions:

>>> from decimal import Decimal
>>> amount_text(Decimal("4.75"), "es"), signed_text(Decimal("4.75"), "es")
('4,75', '+4,75')
>>> signed_text(Decimal("-20"), "en"), signed_text(Decimal("-20"), "es") == "\\u221220"
('−20', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction

from bacara_teach.i18n import resolve_language
from bacara_teach.money import format_amount, format_signed
from bacara_teach.punto_banco import Coup
from bacara_teach.reference import html_table
from bacara_teach.settlement import Bet, settle, settle_bet
from bacara_teach.tables import TableProfile
from bacara_teach.text import N_, localize_number, tr

__all__ = ["COUP_NAMES", "SAMPLE_COUPS", "amount_text", "assumed_markdown",
           "online_commission", "payments_html", "sample_coups_html", "signed_text", "stake_for"]

SAMPLE_COUPS: dict[str, str] = {
    "punto": "9♠ 2♠ K♦ 3♣",
    "banco": "4♥ 2♠ 9♣ A♦ 8♦",
    "tie": "10♦ 9♣ 9♠ K♥",
    "pairs": "K♠ 5♥ K♦ 5♣ 3♥ 8♦",
}
"""The four coups the page settles, by their cards in deal order."""

COUP_NAMES: dict[str, str] = {
    "punto": N_("Punto wins"), "banco": N_("Banco wins"), "tie": N_("Tie"),
    "pairs": N_("Two pairs"),
}
"""What each sample coup shows, as a message."""


def amount_text(amount: Decimal | Fraction | int, lang: str | None = None) -> str:
    """An amount as the money functions write it, in the reader's conventions."""
    return localize_number(format_amount(amount), resolve_language(lang))


def signed_text(amount: Decimal | Fraction | int, lang: str | None = None) -> str:
    """An amount with its sign always shown (``+19``, ``−20``, ``0``), in ``lang``."""
    return localize_number(format_signed(amount), resolve_language(lang))


def sample_coups_html(coups: Mapping[str, Coup], lang: str | None = None) -> str:
    """The table of the sample coups: their cards, totals and winner."""
    head = [tr("Coup", lang), tr("Cards", lang), "Punto", "Banco", tr("Winner", lang)]
    rows = [[tr(COUP_NAMES[key], lang), " ".join(map(str, coup.cards)), coup.punto_total,
             coup.banco_total, coup.winner.value] for key, coup in coups.items()]
    return html_table(head, rows, css_class="bt-sample-coups",
                      caption=tr("The coups settled below", lang))


def stake_for(profile: TableProfile) -> Decimal:
    """The table's fixed stake, or 20 when stakes are free (within every table's limits)."""
    return profile.fixed_stake if profile.fixed_stake is not None else Decimal(20)


def payments_html(profile: TableProfile, coups: Mapping[str, Coup],
                  lang: str | None = None) -> str:
    """What one stake on each bet of ``profile`` nets on each sample coup."""
    stake = stake_for(profile)
    rows = [[f"{kind.label} {amount_text(Bet(kind, stake).stake, lang)}",
             *(signed_text(settle_bet(coup, Bet(kind, stake), profile).net, lang)
               for coup in coups.values())]
            for kind in profile.bets]
    head = [tr("Bet", lang), *(tr(COUP_NAMES[key], lang) for key in coups)]
    return html_table(head, rows, css_class="bt-payments",
                      caption=tr("{table}: net result of one bet", lang,
                                 table=profile.title_text(lang)))


def online_commission(profile: TableProfile, coup: Coup, stake: str = "5",
                      lang: str | None = None) -> dict[str, str]:
    """A winning Banco stake at a table that takes its commission when it pays: the
    stake, the winnings, the commission and the net, as the page writes them."""
    paid = settle(coup, [Bet.of("banco", stake)], profile).bets[0]
    return {"stake": amount_text(paid.bet.stake, lang),
            "win": signed_text(paid.winnings, lang),
            "commission": amount_text(paid.commission, lang),
            "net": signed_text(paid.net, lang)}


def assumed_markdown(profiles: Mapping[str, TableProfile], lang: str | None = None) -> str:
    """Each table's notes, then what the engine assumes where its sources are silent."""
    assumed = tr("Assumed", lang)
    lines = []
    for profile in profiles.values():
        lines.append(f"**{profile.title_text(lang)}**\n")
        lines.extend(f"- {note}" for note in profile.notes_text(lang))
        lines.extend(f"- *{assumed}:* {text.split(': ', 1)[1]}"
                     for text in profile.assumptions_text(lang))
        lines.append("")
    return "\n".join(lines)


def both_sides_tables(profiles: Mapping[str, TableProfile],
                      lang: str | None = None) -> list[str] | str:
    """The tables that let a player back Punto and Banco in the same coup, or words
    saying there is none."""
    found = [profile.title_text(lang) for profile in profiles.values()
             if profile.positions.value == "both-sides"]
    return found or tr("none of them", lang)
