"""Pay the table on a static page: a dealt coup, a layout of bets, and what each bet nets.

A dealer pays a coup bet by bet: a Banco win of 180 at a table that takes 5 % pays 171 (10 %
of 180 is 18, half of it 9), a tie pays 8 or 9 to 1 and pushes Punto and Banco, a pair pays
11 to 1, EZ Baccarat pushes Banco's three-card 7 and pays its Dragon 7 at 40 to 1.  The engine
deals the page's layouts now, for each of the registered tables (:data:`PROFILES`), settles
every bet exactly and writes down what each nets and how it is worked out, in the page's
language.  The page script (``docs/_static/practice-pay-table.js``) reads what the learner
types (``171``, ``-180``, ``0``; ``4,75`` or ``4.75`` on a Spanish page) and compares it with
the engine's amount, in whole hundredths: no floating point.

>>> data = pay_data("en")
>>> [table["name"] for table in data["tables"]]
['home', 'casino', 'online', 'no-commission', 'ez']
>>> casino = data["tables"][1]["layouts"][0]
>>> casino["cards"], casino["bets"][0][:3]
('4♥ 2♠ 9♣ A♦ 8♦', ['banco', '180', '171'])
"""

from __future__ import annotations

import functools
import random
from decimal import Decimal
from typing import Any

from bacara_teach.analysis.edges import edges_for_profile
from bacara_teach.errors import BacaraError
from bacara_teach.i18n import resolve_language
from bacara_teach.money import format_amount
from bacara_teach.narration import narrate_step
from bacara_teach.practice._page import (
    Texts,
    numbers_data,
    practice_node,
    seeded_coups,
    store_reset_text,
)
from bacara_teach.punto_banco import Coup
from bacara_teach.settlement import Bet, SettledBet, settle
from bacara_teach.tables import BetKind, TableProfile, get_profile
from bacara_teach.text import N_, format_number, tr
from bacara_teach.widgets._common import Labels

__all__ = ["LAYOUTS", "PAY_KIND", "PROFILE_NAMES", "STAKES", "case_key", "pay_data", "pay_html",
           "pay_layouts"]

PAY_KIND = "pay-table"
"""The page's practice kind (``data-practice``): its script is ``practice-pay-table.js``."""

PROFILE_NAMES = ("home", "casino", "online", "no-commission", "ez")
"""The tables the page pays at, in the order its menu lists them."""

STAKES = (5, 10, 25, 40, 75, 100, 125, 180, 250, 275)
"""Amounts a dealer meets (each table keeps those within its limits)."""

LAYOUTS = 10
"""Layouts prepared for each table."""

PAGE_SEED = 1
"""The seed of the first shoe the layouts are dealt from (the next shoes take the next seeds)."""

EXAMPLE = "4♥ 2♠ 9♣ A♦ 8♦"
"""The rules' first worked example: Banco wins, 3 to 1; a commission table pays its first
layout, a Banco bet of 180, on it."""

_PAGE_LABELS: dict[str, str] = {
    "intro": N_("Pay each bet of the layout as a dealer does: type what it nets, the win paid, "
                "0 for a bet returned, or minus the stake for a bet lost; then check."),
    "table": N_("Table"),
    "layout": N_("Layout {n} of {of}"),
    "punto": N_("Punto"),
    "banco": N_("Banco"),
    "bet": N_("{bet}, stake {stake}"),
    "box": N_("What {bet} nets on a stake of {stake}"),
    "prices": N_("This table pays: {prices}."),
    "round.at": N_("Timed round: layout {n} of {of}"),
    "check": N_("Pay"),
    "right": N_("Right: {amount}."),
    "wrong": N_("Not quite: the bet nets {amount}."),
    "unread": N_("Type an amount, e.g. 171, 0 or -25."),
    "next": N_("Next layout"),
    "score": N_("This visit: {right} of {paid} bets paid right"),
    "timed": N_("Timed round ({layouts} layouts)"),
    "untimed": N_("Untimed"),
    "modes": N_("How to pay"),
    "paid.time": N_("Layout paid in {seconds} s."),
    "round.over": N_("Round over: {layouts} layouts in {seconds} s, {right} of {paid} bets right."),
    "noscript": N_("Paying the table needs JavaScript."),
}

ROUND_LAYOUTS = 5
"""The layouts of a timed round."""


def _signature(paid: SettledBet) -> tuple[str, str, str | None]:
    return (paid.bet.on.value, paid.rule, paid.event)


def case_key(name: str, paid: SettledBet) -> str:
    """The case a paid bet trains at table ``name``: its position and the rule that paid it (and
    the event, for a bet on how the coup ends), the cell the page's record keeps it under.

    >>> [case_key("casino", paid) for _, bets in pay_layouts("casino")[:1] for paid in bets]
    ['casino:banco:side-wins']
    """
    return ":".join(part for part in (name, *_signature(paid)) if part)


def _stakes(profile: TableProfile) -> list[int]:
    if profile.fixed_stake is not None:
        return [int(profile.fixed_stake)]
    low = profile.min_bet if profile.min_bet is not None else 1
    high = profile.max_bet if profile.max_bet is not None else max(STAKES)
    return [s for s in STAKES if low <= s <= high]


def _layout(profile: TableProfile, rng: random.Random) -> list[Bet]:
    """A layout a table takes: a main bet, maybe Empate, maybe side bets."""
    stakes = _stakes(profile)
    main = [k for k in profile.bets if k in (BetKind.PUNTO, BetKind.BANCO, BetKind.EMPATE)]
    sides = [k for k in profile.bets if k not in main]
    bets = [Bet.of(rng.choice(main[:2] * 3 + main[2:]), str(rng.choice(stakes)))]
    if bets[0].on is not BetKind.EMPATE and rng.random() < 0.35:
        bets.append(Bet.of(BetKind.EMPATE, str(rng.choice(stakes[:4]))))
    for side in sides:
        if rng.random() < 0.5:
            bets.append(Bet.of(side, str(rng.choice(stakes[:4]))))
    return bets


@functools.cache
def pay_layouts(name: str, seed: int = PAGE_SEED,
                count: int = LAYOUTS) -> tuple[tuple[Coup, tuple[SettledBet, ...]], ...]:
    """The layouts of table ``name``: coups from seeded shoes, each with bets that table takes,
    settled by the engine.  Each new layout brings a way of paying not met yet (a position
    with its rule: won at 19/20, pushed on a tie, a three-card 7...) while one is left in
    the first coups dealt; a table that takes a stake of 180 starts with a Banco bet of 180 on
    the rules' first worked example.

    >>> [paid.net for _, bets in pay_layouts("online")[:1] for paid in bets]
    [Decimal('171')]
    """
    profile = get_profile(name)
    rng = random.Random(f"pay-table {name} {seed}")
    kept: list[tuple[Coup, tuple[SettledBet, ...]]] = []
    seen: set[tuple[str, str, str | None]] = set()
    if 180 in _stakes(profile):
        coup = Coup.from_cards(EXAMPLE)
        first = settle(coup, [Bet.of(BetKind.BANCO, "180")], profile).bets
        kept.append((coup, tuple(first)))
        seen.update(_signature(p) for p in first)
    for dealt, coup in enumerate(seeded_coups(seed, 8)):
        if len(kept) >= count:
            break
        try:
            paid = tuple(settle(coup, _layout(profile, rng), profile).bets)
        except BacaraError:
            continue  # a layout this table refuses (one position only...): deal again
        new = {_signature(p) for p in paid} - seen
        if new or dealt > 4000:
            seen.update(new)
            kept.append((coup, paid))
    return tuple(kept)


def _tip(paid: SettledBet, lang: str) -> str | None:
    """How to work a 5 % commission out in one's head, for a Banco win that pays one (at 19/20
    to 1, or at 1 to 1 less the commission): 10 % of the stake, then half of it.

    >>> from bacara_teach.settlement import settle_bet
    >>> _tip(settle_bet(Coup.from_cards(EXAMPLE), Bet.of(BetKind.BANCO, "180"), "online"), "en")
    '5% of 180: 10% is 18, half of it 9; 180 − 9 = 171.'
    """
    stake = paid.bet.stake
    if paid.bet.on is not BetKind.BANCO or paid.net != stake * Decimal("0.95"):
        return None
    ten = stake / 10
    return tr("{rate} of {stake}: {ten_rate} is {ten}, half of it {five}; {stake} − {five} = {net}.",
              lang, rate=format_number(0.05, ".0%", lang), ten_rate=format_number(0.1, ".0%", lang),
              stake=_amount(stake, lang), ten=_amount(ten, lang), five=_amount(ten / 2, lang),
              net=_amount(paid.net, lang))


def _how(paid: SettledBet, lang: str) -> str:
    """How the engine settled the bet, without the bet's own notation (the page names it).

    >>> from bacara_teach.settlement import settle_bet
    >>> _how(settle_bet(Coup.from_cards(EXAMPLE), Bet.of(BetKind.PUNTO, "25"), "online"), "es")
    'perdida: −25'
    """
    return paid.describe(lang).split(": ", 1)[1]


def _amount(value: Decimal, lang: str) -> str:
    return format_number(Decimal(format_amount(value)), "", lang)


def pay_data(lang: str | None = None, *, seed: int = PAGE_SEED) -> dict[str, Any]:
    """Everything the page's pay-the-table practice needs, in ``lang``, as plain data.

    ``tables`` lists each table: its ``name`` (the profile's), ``title``, what it pays
    (``prices``, each bet's price as the engine's odds tables name it) and ``layouts``; a
    layout is the coup's ``cards`` in dealing order, which hand each card goes to (``hands``:
    ``p`` or ``b`` per card), the engine's words for its ``result`` and its ``bets``, each
    ``[position, stake, amount, why, tip, case]``:
    the position's name (the command line's), the stake and the bet's exact net result as plain
    numbers (``171``, ``0``, ``-180``, ``12.5``), the engine's sentence for the payment and a
    way to work a commission out in one's head (indices into ``texts``; ``-1`` for none), and
    the case it trains (an index into the table's ``cases``, :func:`case_key`: the cells the
    page's record keeps, ``pay-table`` in the browser's store).
    """
    lang = resolve_language(lang)
    labels = Labels(_PAGE_LABELS, lang)
    text = Texts()
    texts = text.texts

    tables = []
    for name in PROFILE_NAMES:
        profile = get_profile(name)
        layouts: list[dict[str, Any]] = []
        cases: dict[str, int] = {}
        for coup, bets in pay_layouts(name, seed):
            hands = "".join("p" if step.actor == "punto" else "b" for step in coup.steps
                            if step.card is not None)
            layouts.append({
                "cards": " ".join(str(card) for card in coup.cards),
                "hands": hands,
                "result": text(narrate_step(coup.steps[-1], lang, coup.tableau)),
                "bets": [[paid.bet.on.value, format_amount(paid.bet.stake),
                          format_amount(paid.net), text(_how(paid, lang)),
                          text(_tip(paid, lang)),
                          cases.setdefault(case_key(name, paid), len(cases))] for paid in bets]})
        tables.append({"name": name, "title": profile.label_text(lang, capital=True),
                       "prices": labels.fill("prices", prices="; ".join(
                           analysis.terms.label(lang) for analysis in edges_for_profile(profile).values())),
                       "layouts": layouts, "cases": list(cases)})
    words = {key: labels[key] for key in _PAGE_LABELS}
    words["timed"] = labels.fill("timed", layouts=ROUND_LAYOUTS)
    return {
        "version": 1,
        "lang": lang,
        "seed": seed,
        "round_layouts": ROUND_LAYOUTS,
        "labels": words,
        "positions": {kind.value: kind.label for kind in BetKind},
        "numbers": numbers_data(lang),
        "store_reset": store_reset_text(lang),
        "texts": texts,
        "tables": tables,
    }


def pay_html(lang: str | None = None, *, seed: int = PAGE_SEED) -> str:
    """The practice as a page holds it: the practice node, its data, and a line for a page
    without JavaScript.

    >>> pay_html("es").startswith("<div class='bt-practice bt-pay-table' data-practice='pay-table'")
    True
    """
    lang = resolve_language(lang)
    return practice_node(PAY_KIND, pay_data(lang, seed=seed), lang,
                         waiting=Labels(_PAGE_LABELS, lang)["noscript"],
                         attrs={"data-profile": PROFILE_NAMES[0]})

