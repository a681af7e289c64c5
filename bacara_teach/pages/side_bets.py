"""The tables of the chapter "Commission-free tables and side bets", from the exact edges.

Each edge is written in the reader's language (``1.0579%`` in English, ``1,0579 %`` in
Spanish), and so is each published figure beside it (``1.06`` and ``1,06``).

>>> edge_text(Fraction(1, 40), "en"), edge_text(Fraction(1, 40), "es") == "2,5000\\u00a0%"
('2.5000%', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from html import escape

from bacara_teach.analysis.side_bets import Published
from bacara_teach.i18n import resolve_language
from bacara_teach.practice.drill import Check, SelfCheck
from bacara_teach.text import N_, format_number, localize_number, tr

__all__ = ["TABLE_EDGES_HEAD", "EdgeRow", "check_yourself", "edge_text", "edges_table",
           "published_table"]

EdgeRow = tuple[str, str, Fraction, Fraction]
"""One bet: its name, its rules as the tables print them, its edge on 6 and on 8 decks."""

EDGES_HEAD = (N_("Bet"), N_("Rules"), N_("House edge, 6 decks"), N_("House edge, 8 decks"))
TABLE_EDGES_HEAD = (N_("Table"), N_("Bet"), N_("House edge, 6 decks"), N_("House edge, 8 decks"))
PUBLISHED_HEAD = (N_("Bet"), N_("Decks"), N_("Published (%)"), N_("Engine (%)"), N_("Source"))


def edge_text(edge: Fraction, lang: str | None = None) -> str:
    """A house edge as the tables show it, to four decimals of a percent."""
    return format_number(float(edge), ".4%", resolve_language(lang))


def _head(labels: Sequence[str], lang: str) -> str:
    return "".join(f"<th>{escape(tr(label, lang))}</th>" for label in labels)


def edges_table(rows: Iterable[EdgeRow], lang: str | None = None, *,
                css: str = "bt-side-bets", head: Sequence[str] = EDGES_HEAD) -> str:
    """Every bet's house edge on six and on eight decks (``css``: the table's class, one per
    table of a page; ``head``: the columns' headings, :data:`EDGES_HEAD` or
    :data:`TABLE_EDGES_HEAD` for rows named by their table)."""
    code = resolve_language(lang)
    body = "".join(f"<tr data-bet='{escape(name)}'><th>{escape(name)}</th><td>{escape(rules)}</td>"
                   f"<td>{edge_text(six, code)}</td><td>{edge_text(eight, code)}</td></tr>"
                   for name, rules, six, eight in rows)
    return (f"<table class='bt-table {css}'><thead><tr>{_head(head, code)}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def published_table(published: Iterable[Published], lang: str | None = None) -> str:
    """Each published figure beside the engine's exact edge rounded to the same decimals."""
    code = resolve_language(lang)
    body = "".join(
        f"<tr><th>{p.bet}</th><td>{p.decks}</td><td>{localize_number(p.figure, code)}</td>"
        f"<td>{localize_number(p.engine_figure(), code)}</td>"
        f"<td><a href='{escape(p.url)}'>{escape(p.source)}</a></td></tr>"
        for p in published
    )
    return (f"<table class='bt-table bt-published'><thead><tr>{_head(PUBLISHED_HEAD, code)}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def check_yourself(decks: int = 8, lang: str | None = None) -> SelfCheck:
    """The chapter's self-check on a shoe of ``decks`` decks, each answer computed by the
    engine: the two commission-free Banco bets against Banco less 5%, EZ Baccarat's rule on a
    three-card 7, and whether any side bet costs less than Banco.

    >>> [(c.number, c.answer) for c in check_yourself(8, "en").checks]
    [('1', 'Banco paid half on a winning 6'), ('2', 'It pushes'), ('3', 'No')]
    """
    from bacara_teach.analysis.edges import BANCO, analyse_bet
    from bacara_teach.analysis.side_bets import (
        BANCO_EZ,
        BANCO_SIX_HALF,
        PAIR_BETS,
        PUNTO_EVEN,
        SIDE_BETS,
        count_finals,
        house_edge,
        pair_bet_edge,
        standard_cards,
    )
    from bacara_teach.tables import get_profile

    lang = resolve_language(lang)
    finals, cards = count_finals(decks), standard_cards(decks)
    banco = analyse_bet(BANCO, decks).house_edge
    six_half, ez = house_edge(BANCO_SIX_HALF, finals), house_edge(BANCO_EZ, finals)
    half, commission = tr("Banco paid half on a winning 6", lang), tr("Banco less 5%", lang)
    costs = tr("On {decks} decks {half} costs {half_edge}, {commission} {commission_edge}.",
               lang, decks=decks, half=half, half_edge=edge_text(six_half, lang),
               commission=commission, commission_edge=edge_text(banco, lang))
    (rule,) = [r for r in get_profile("ez").pay_rules if r.event == "banco-wins-3-card-7"]
    paid, push = tr("It is paid 1 to 1", lang), tr("It pushes", lang)
    ez_rule = tr("An EZ Baccarat table returns the stake of a Banco bet when Banco wins with a "
                 "three-card 7; its Banco bet costs {edge} on {decks} decks.", lang,
                 edge=edge_text(ez, lang), decks=decks) if rule.odds is None else \
        tr("An EZ Baccarat table pays a Banco bet {odds} to 1 when Banco wins with a three-card "
           "7.", lang, odds=rule.odds)
    sides = [(bet.title_text(lang), house_edge(bet, finals)) for bet in SIDE_BETS
             if bet not in (PUNTO_EVEN, BANCO_SIX_HALF, BANCO_EZ)]
    sides += [(bet.title_text(lang), pair_bet_edge(bet, cards)) for bet in PAIR_BETS]
    name, cheapest = min(sides, key=lambda side: side[1])
    return SelfCheck(
        Check("1", half if six_half > banco else commission, costs, choices=(commission, half),
              prompt=tr("Which costs more per unit staked?", lang)),
        Check("2", push if rule.odds is None else paid, ez_rule,
              choices=(paid, push, tr("It loses", lang)),
              prompt=tr("EZ Baccarat: Banco wins with a three-card 7. What happens to a Banco "
                        "bet?", lang)),
        Check.yes_no("3", cheapest < banco, tr(
            "The cheapest side bet on {decks} decks, {name}, costs {edge}; Banco {banco}.", lang,
            decks=decks, name=name, edge=edge_text(cheapest, lang), banco=edge_text(banco, lang)),
            prompt=tr("Does any side bet cost less than Banco?", lang), lang=lang),
        lang=lang,
    )
