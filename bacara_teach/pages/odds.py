"""The tables, charts and sentences of the chapter "Odds and house edge", from the exact analysis.

Each builder takes the engine's results (counts, analyses, a simulation run) and writes them
in the reader's language, numbers included: a probability reads ``45.86%`` in English and
``45,86 %`` in Spanish, a count ``20,000`` and ``20.000``.  The figures themselves are never
rounded before they are shown.

>>> pct(Fraction(1, 8), 2, "en"), pct(Fraction(1, 8), 2, "es") == "12,50\\u00a0%"
('12.50%', True)
>>> odds_to_one(Fraction(19, 20), "en"), odds_to_one(Fraction(19, 20), "es")
('0.95 to 1', '0,95 a 1')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from html import escape

from bacara_teach.analysis.banco_cells import CommissionFigures
from bacara_teach.analysis.edges import BetAnalysis
from bacara_teach.analysis.punto_banco import DealCounts, pair_probability
from bacara_teach.analysis.removal import RemovalTable
from bacara_teach.analysis.simulation import Estimate, RunSummary, SimulationResult
from bacara_teach.figures import bar_chart_svg, line_chart_svg
from bacara_teach.i18n import resolve_language
from bacara_teach.money import format_amount, to_decimal
from bacara_teach.text import N_, format_number, localize_number, ptr, tr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from bacara_teach.practice.drill import SelfCheck

__all__ = [
    "PER",
    "bets_table",
    "commission_to_one",
    "deal_counts_lines",
    "odds_to_one",
    "outcomes_table",
    "pairs_table",
    "pattern_table",
    "pct",
    "removal_chart",
    "removal_table",
    "self_check",
    "simulation_chart",
    "simulation_sentences",
    "streak_sentences",
]

PER = 100_000
"""The removal figures are shown per this many units staked."""

OUTCOMES = ("banco", "punto", "empate")


def pct(x: Fraction | float, digits: int = 4, lang: str | None = None) -> str:
    """A probability or an edge for display, in ``lang`` (the value itself stays exact).

    >>> pct(Fraction(-1, 80), 3, "es") == "\\u22121,250\\u00a0%"
    True
    """
    return format_number(float(x), f".{digits}%", resolve_language(lang))


def odds_to_one(odds: Fraction | int, lang: str | None = None) -> str:
    """A price as a table states it: ``0.95 to 1`` (Spanish ``0,95 a 1``).

    >>> odds_to_one(8, "es")
    '8 a 1'
    """
    code = resolve_language(lang)
    return tr("{odds} to 1", code, odds=localize_number(format_amount(to_decimal(odds)), code))


def _rate(rate: Fraction, lang: str) -> str:
    return localize_number(f"{format_amount(to_decimal(rate * 100))}%", lang)


def commission_to_one(odds: Fraction | int, rate: Fraction, lang: str | None = None) -> str:
    """A price with a commission: ``1 to 1 less 5%`` (Spanish ``1 a 1 menos 5 %``).

    >>> commission_to_one(1, Fraction(5, 100), "en")
    '1 to 1 less 5%'
    """
    code = resolve_language(lang)
    return tr("{odds} to 1 less {rate}", code,
              odds=localize_number(format_amount(to_decimal(odds)), code), rate=_rate(rate, code))


def deal_counts_lines(counts: DealCounts, lang: str | None = None) -> tuple[str, str]:
    """The two lines that sum up the count of every deal of a shoe."""
    code = resolve_language(lang)
    return (tr("{cards} cards: {total:,} ordered six-card deals", code,
               cards=counts.composition.total, total=counts.total),
            tr("Banco wins {banco:,}, Punto {punto:,}, Empate {empate:,}", code,
               banco=counts.banco, punto=counts.punto, empate=counts.empate))


def _head(labels: Iterable[str], lang: str) -> str:
    return "".join(f"<th scope='col'>{escape(tr(label, lang))}</th>" for label in labels)


DECKS_HEAD = N_("{decks} decks")


def outcomes_table(counts: Mapping[int, DealCounts], lang: str | None = None) -> str:
    """The chance of each outcome for each shoe of ``counts`` (by number of decks)."""
    code = resolve_language(lang)
    decks = sorted(counts)
    rows = "".join(
        f"<tr><th scope='row'>{outcome.capitalize()}</th>"
        + "".join(f"<td>{pct(counts[d].probability(outcome), 4, code)}</td>" for d in decks)
        + "</tr>"
        for outcome in OUTCOMES
    )
    columns = "".join(f"<th scope='col' data-decks='{d}'>{escape(tr(DECKS_HEAD, code, decks=d))}</th>"
                      for d in decks)
    caption, outcome = tr("Chance of each outcome", code), tr("Outcome", code)
    return (f"<table class='bt-table bt-outcomes'><caption>{escape(caption)}"
            f"</caption><thead><tr><th scope='col'>{escape(outcome)}</th>{columns}"
            f"</tr></thead><tbody>{rows}</tbody></table>")


BETS_HEAD = (N_("Bet"), N_("Wins"), N_("Pushes"), N_("Loses"), N_("House edge"),
             N_("Edge, ties left out"), N_("Std. dev."))


def bets_table(analyses: Sequence[BetAnalysis], decks: int, lang: str | None = None) -> str:
    """Every bet's chances, house edge and standard deviation for one shoe."""
    code = resolve_language(lang)
    rows = []
    for a in analyses:
        cells = (pct(a.win, 4, code), pct(a.push, 4, code), pct(a.lose, 4, code),
                 pct(a.house_edge, 4, code), pct(a.house_edge_resolved, 4, code),
                 format_number(a.std_dev, ".4f", code))
        rows.append(f"<tr><th scope='row'>{escape(a.terms.label(code))}</th>"
                    + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    caption = tr("Every bet, {decks} decks (per unit staked)", code, decks=decks)
    return (f"<table class='bt-table bt-edges' data-decks='{decks}'><caption>{escape(caption)}</caption>"
            f"<thead><tr>{_head(BETS_HEAD, code)}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def same_or_different(same: bool, lang: str | None = None) -> str:
    """Whether two rows of the edge tables carry the same figures."""
    code = resolve_language(lang)
    return tr("exactly the same", code) if same else tr("different", code)


PAIR_READINGS = (("rank", N_("same rank (K-K, not K-Q)")),
                 ("points", N_("same point value (K-Q too)")))
PAIRS_HEAD = (N_("Chance (exact)"), N_("Chance"), N_("Fair price"))
PAIRS_COLUMN = N_("{column}, {decks} decks")


def pairs_table(decks: Sequence[int] = (6, 8), lang: str | None = None) -> str:
    """The chance that a hand opens with a pair, read by rank and by point value."""
    code = resolve_language(lang)
    rows = []
    for reading, label in PAIR_READINGS:
        cells = []
        for d in decks:
            p = pair_probability(d, reading=reading)
            fair = tr("{odds} to 1", code, odds=format_number(float((1 - p) / p), ".2f", code))
            cells += [f"{p.numerator}/{p.denominator}", pct(p, 4, code), fair]
        rows.append(f"<tr><th scope='row'>{escape(tr(label, code))}</th>"
                    + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    head = "".join(f"<th scope='col'>{escape(tr(PAIRS_COLUMN, code, column=tr(h, code), decks=d))}"
                   "</th>" for d in decks for h in PAIRS_HEAD)
    caption, pair_means = tr("A hand's first two cards make a pair", code), tr("Pair means", code)
    return (f"<table class='bt-table bt-pairs'><caption>{escape(caption)}</caption>"
            f"<thead><tr><th scope='col'>{escape(pair_means)}</th>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def fair_price(p: Fraction, digits: int = 1, lang: str | None = None) -> str:
    """The fair price of a bet that wins with chance ``p``: ``88.2 to 1``."""
    code = resolve_language(lang)
    return tr("{odds} to 1", code, odds=format_number(float((1 - p) / p), f".{digits}f", code))


def _per(x: Fraction | float, lang: str) -> str:
    return format_number(float(x * PER), "+.1f", lang)


def _decks(removal: RemovalTable) -> int:
    return removal.composition.total // 52


def removal_table(removal: RemovalTable, lang: str | None = None) -> str:
    """How each bet's edge moves when one card of each value leaves the shoe."""
    code = resolve_language(lang)
    rows = "".join(
        f"<tr><th scope='row'>{row.card}</th><td>{row.count}</td>"
        + "".join(f"<td>{_per(row.change[bet], code)}</td>" for bet in OUTCOMES) + "</tr>"
        for row in removal.rows
    )
    caption = tr("Change of the house edge when one card of a value leaves the {decks}-deck shoe, "
                 "per {per:,} staked", code, decks=_decks(removal), per=PER)
    card_value, in_shoe = tr("Card value", code), tr("In the shoe", code)
    return (f"<table class='bt-table bt-removal'><caption>{escape(caption)}</caption><thead><tr>"
            f"<th scope='col'>{escape(card_value)}</th>"
            f"<th scope='col'>{escape(in_shoe)}</th><th scope='col'>Banco</th>"
            "<th scope='col'>Punto</th><th scope='col'>Empate</th></tr></thead><tbody>"
            + rows + "</tbody></table>")


def removal_chart(removal: RemovalTable, lang: str | None = None) -> str:
    """The removal figures of Banco and Punto as a bar chart."""
    code = resolve_language(lang)
    return bar_chart_svg(
        [row.card for row in removal.rows],
        {"Banco": [float(row.change["banco"] * PER) for row in removal.rows],
         "Punto": [float(row.change["punto"] * PER) for row in removal.rows]},
        title=tr("Change of the house edge when one card leaves an {decks}-deck shoe", code,
                 decks=_decks(removal)),
        desc=tr("Bars per card value 0 to 9 for Banco and Punto, in units per {per:,} staked; "
                "the same figures are in the table above.", code, per=PER),
        y_label=tr("per {per:,} staked", code, per=PER),
        value_format=lambda v: format_number(v, "+.1f", code),
    )


def simulation_chart(run: SimulationResult, lang: str | None = None) -> str:
    """The running share of each outcome of a seeded run, with its 95% band and the exact value."""
    code = resolve_language(lang)
    series = run.series
    return line_chart_svg(
        [p.coups for p in series],
        {name.capitalize(): [p.estimates[name] for p in series] for name in OUTCOMES},
        bands={name.capitalize(): ([max(0.0, p.estimates[name] - p.half_widths[name]) for p in series],
                                   [min(1.0, p.estimates[name] + p.half_widths[name]) for p in series])
               for name in OUTCOMES},
        references={name.capitalize(): float(run.exact[name]) for name in OUTCOMES},
        title=tr("Share of each outcome as more coups are dealt", code),
        desc=tr("{coups} seeded coups; running shares with 95% bands, converging on the exact "
                "probabilities drawn as dashed lines.", code, coups=run.coups),
        x_label=tr("coups dealt (log scale)", code),
        y_label=tr("share of coups", code), log_x=True,
        value_format=lambda v: format_number(v, ".3f", code),
        x_format=lambda v: format_number(v, ",.0f", code),
        lang=code,
    )


def interval_text(low: float, high: float, spec: str, lang: str | None = None) -> str:
    """A 95% interval, ``0.45 to 0.47`` (Spanish ``de 0,45 a 0,47``), each end formatted by ``spec``."""
    code = resolve_language(lang)
    return tr("{low} to {high}", code, low=format_number(low, spec, code),
              high=format_number(high, spec, code))


def simulation_sentences(run: SimulationResult, lang: str | None = None) -> dict[str, str]:
    """The glued values of the paragraph after the simulation chart."""
    code = resolve_language(lang)
    low, high = run.estimates["banco"].interval()
    inside = all(run.agrees().values())
    return {
        "sim_coups": format_number(run.coups, ",", code),
        "sim_banco": pct(run.estimates["banco"].value, 2, code),
        "exact_banco": pct(run.exact["banco"], 2, code),
        "sim_banco_ci": interval_text(low, high, ".2%", code),
        "sim_all_agree": tr("inside", code) if inside else tr("not all inside", code),
    }


PATTERN_HEAD = (N_("Player"), N_("Bets"), N_("Average net"), N_("95% interval"))


def _summary_row(label: str, summary: RunSummary, lang: str) -> str:
    low, high = summary.interval()
    return (f"<tr><th scope='row'>{escape(label)}</th><td>{format_number(summary.runs, ',', lang)}</td>"
            f"<td>{format_number(float(summary.mean), '+.3f', lang)}</td>"
            f"<td>{interval_text(low, high, '+.3f', lang)}</td></tr>")


def pattern_table(flat: RunSummary, system: RunSummary, expected: Fraction, *, stake: int,
                  lang: str | None = None) -> str:
    """The flat bettor against the pattern bettor, and the exact expectation of one bet."""
    code = resolve_language(lang)
    exact = tr("Exact expectation", code)
    return ("<table class='bt-table bt-pattern'><caption>"
            + escape(tr("Banco bets of {stake}, net result per bet", code, stake=stake))
            + f"</caption><thead><tr>{_head(PATTERN_HEAD, code)}</tr></thead><tbody>"
            + _summary_row(tr("Banco on every coup", code), flat, code)
            + _summary_row(tr("Banco after three Bancos", code), system, code)
            + f"<tr><th scope='row'>{escape(exact)}</th><td>—</td>"
            f"<td>{format_number(float(expected), '+.3f', code)}</td><td>—</td></tr>"
            + "</tbody></table>")


def streak_sentences(streak: Estimate, exact_banco: Fraction, expected: Fraction, *,
                     intervals: Iterable[tuple[float, float]], lang: str | None = None) -> dict[str, str]:
    """The glued values of the paragraph on streaks."""
    code = resolve_language(lang)
    low, high = streak.interval()
    if streak.contains(exact_banco):
        verdict = tr("The exact figure lies inside that interval: the difference is what chance "
                     "alone produces", code)
    else:
        verdict = tr("This time the exact figure falls outside that interval, as it does in about "
                     "one run in twenty", code)
    cover = all(a <= float(expected) <= b for a, b in intervals)
    return {
        "streaks": format_number(streak.trials, ",", code),
        "streak_banco": pct(streak.value, 1, code),
        "streak_ci": interval_text(low, high, ".1%", code),
        "exact_banco_1": pct(exact_banco, 1, code),
        "expected": format_number(float(expected), "+.3f", code),
        "streak_verdict": verdict,
        "both_cover": (tr("Both intervals contain it", code) if cover
                       else tr("Not every interval contains it this time", code)),
    }


def commission_sentences(commission: CommissionFigures, lang: str | None = None) -> dict[str, str]:
    """The glued values of the section on what the commission does."""
    code = resolve_language(lang)
    return {
        "even_money_edge": pct(-commission.even_money_edge, 2, code),
        "break_even": pct(commission.break_even_commission, 2, code),
        "fair_commission": pct(commission.fair_commission, 2, code),
        "five_leaves": pct(commission.edge_at(Fraction(5, 100)), 2, code),
        "punto_edge": pct(commission.punto_edge, 2, code),
    }


def self_check(offered: Iterable[BetAnalysis], tie_9: BetAnalysis, fair: Fraction, *, fours: int,
               without_fours: Mapping[str, BetAnalysis], lang: str | None = None) -> SelfCheck:
    """The chapter's questions, answered by the exact analysis: the cheapest bet a table offers
    on eight decks (``offered``), with every bet's house edge, the tie paid 9 to 1 (``tie_9``, against the
    ``fair`` price), and Banco and Punto once ``fours`` fours have left the shoe."""
    from bacara_teach.practice.drill import Check, SelfCheck
    from bacara_teach.tables import BetKind

    code = resolve_language(lang)
    cheapest: dict[str, BetAnalysis] = {}
    for analysis in offered:
        kept = cheapest.get(analysis.terms.on)
        if kept is None or analysis.house_edge < kept.house_edge:
            cheapest[analysis.terms.on] = analysis
    ranked = sorted(cheapest.values(), key=lambda a: a.house_edge)
    best = ranked[0]
    assert best.house_edge < ranked[1].house_edge, "two positions share the lowest edge"
    cheapest_why = tr("On eight decks the cheapest bet is {bet}, with a house edge of {edge}; "
                      "then come {others}.", code, bet=best.terms.label(code),
                      edge=pct(best.house_edge, 2, code),
                      others=", ".join(f"{a.terms.label(code)} ({pct(a.house_edge, 2, code)})"
                                       for a in ranked[1:]))
    tie_good = tie_9.house_edge < 0
    tie_why = tr("At {price} the house edge is {edge}; the fair price would be {fair}.", code,
                 price=odds_to_one(tie_9.terms.payout, code), edge=pct(tie_9.house_edge, 2, code),
                 fair=tr("{odds} to 1", code, odds=format_number(float(fair), ".2f", code)))
    tie_why += " " + (tr("The player has the advantage.", code) if tie_good
                      else tr("The house keeps its advantage.", code))
    sides = ("banco", "punto")
    favoured = [side for side in sides if without_fours[side].house_edge < 0]
    neither = ptr("which bet", "Neither: both still favour the house", code)
    side_answer = (BetKind(min(favoured, key=lambda side: without_fours[side].house_edge)).label
                   if favoured else neither)
    side_why = tr("Without {count} fours the house edge is {banco} on Banco and {punto} on Punto.",
                  code, count=fours, banco=pct(without_fours["banco"].house_edge, 2, code),
                  punto=pct(without_fours["punto"].house_edge, 2, code))
    side_why += " " + (tr("A bet that favours the player appears.", code) if favoured
                       else tr("Both still favour the house.", code))
    return SelfCheck(
        Check("1", BetKind(best.terms.on).label, cheapest_why,
              choices=tuple(BetKind(a.terms.on).label for a in cheapest.values())),
        Check.yes_no("2", tie_good, tie_why, lang=code),
        Check("3", side_answer, side_why,
              choices=(*(BetKind(side).label for side in sides), neither)),
        lang=code,
    )
