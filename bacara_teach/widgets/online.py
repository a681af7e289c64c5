"""Online table widget: chips, a bet, "Continuar", the balance and the history.

A thin view over :class:`bacara_teach.online_table.OnlineTable`: every button
asks the table, and a refused action shows the table's own message in an
alert and changes nothing.

On a page built ahead of time the table works too, for a table that reshuffles every coup
and takes its commission at payment (the online table's rules): :func:`online_table_data`
deals the seeded coups in the engine and gives, for each coup and each position, what the
engine's settlement pays per unit of stake (an exact fraction), with the table's limits
and its refusals as templates; the site's script
(``docs/_static/practice-online-table.js``) only reads that, multiplies and adds exactly.

>>> data = online_table_data(balance="100", seed=7, lang="en")
>>> data["coups"][0]["outcome"], data["coups"][0]["pays"]["banco"]
('banco', ['won', 19, 20])
>>> data["refusals"]["banco"]["max"]
"bet banco={stake} refused: the online table's maximum bet is 250"
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from bacara_teach.cards import format_cards
from bacara_teach.errors import BacaraError, IllegalAction
from bacara_teach.i18n import resolve_language
from bacara_teach.money import _AMOUNT_RE, Amount, add, format_amount, parse_amount
from bacara_teach.online_table import OnlineTable, TableCoup
from bacara_teach.practice._page import (
    Slot,
    amount_text,
    cards_data,
    fill_slots,
    numbers_data,
    practice_node,
)
from bacara_teach.refusals import refusal_text
from bacara_teach.settlement import Bet, settle_bet
from bacara_teach.tables import (
    ONLINE,
    BetKind,
    CommissionTiming,
    Positions,
    TableProfile,
    TiePolicy,
    get_profile,
)
from bacara_teach.text import N_, Message, localize_number, message, ptr, tr
from bacara_teach.widgets._common import Labels, button, hand_html, status_html, widget_language
from bacara_teach.widgets._html import amount, lines_html, signed_amount, table_html
from bacara_teach.widgets.still import StillMixin, live_link_html, still_html

__all__ = ["PAGE_COUPS", "OnlineTableWidget", "online_table_data", "online_table_html",
           "page_view_supported"]

PAGE_COUPS = 60
"""How many seeded coups a built page prepares for its online table."""

CHIPS: tuple[int, ...] = (1, 5, 25, 100)
"""The chip buttons: each adds its value to the stake box."""

_LABELS: dict[str, str] = {
    "on": N_("Bet on"),
    "stake": N_("Stake"),
    "placeholder": N_("e.g. 5 or 4.75"),
    "chip": N_("+{chip}"),
    "chip.tip": N_("Add {chip} to the stake"),
    "clear": N_("Clear stake"),
    "clear.tip": N_("Empty the stake box"),
    "place": N_("Place bet"),
    "place.tip": N_("Put the stake on the chosen position"),
    "change": N_("Change bet"),
    "change.tip": N_("Move the bet on the table to the chosen position and, if the stake box is "
                     "filled, give it that stake"),
    "cancel": N_("Cancel bets"),
    "cancel.tip": N_("Take back every bet on the table"),
    "deal": N_("Continuar"),
    "deal.tip": N_("Deal the coup and settle the bets"),
    "balance": N_("Balance"),
    "available": N_("available"),
    "bets": N_("On the table"),
    "none": N_("no bets"),
    "limits": N_("Limits per bet: {low} to {high}"),
    "owed": N_("commission owed"),
    "coup": N_("Coup {n}"),
    "history": N_("History"),
    "bets.caption": N_("Bets of coup {n}"),
    "result.won": N_("won"),
    "result.lost": N_("lost"),
    "result.push": N_("returned"),
    "placed": N_("{bet} placed."),
    "changed": N_("Bet changed: {before} → {after}."),
    "cancelled": N_("Bets taken back: {bets}."),
    "stake.set": N_("Stake: {stake}."),
    "dealt": N_("Coup {n}: {winner} wins; net {net}; balance {balance}."),
    "tie": N_("Coup {n}: Empate; net {net}; balance {balance}."),
    "narration": N_("How the coup was dealt"),
    "welcome": N_("Choose a stake and a position, place the bet, then press Continuar."),
    "refused": N_("The table refuses this action; nothing has changed."),
    "page.over": N_("These are all the coups prepared for this page; the live notebook deals on."),
    "page.again": N_("Sit down again"),
    "page.again.tip": N_("Start again with the opening balance and the same coups"),
}
_COLUMNS: dict[str, tuple[str, ...]] = {
    "history": (N_("Coup"), N_("Cards"), N_("Winner"), N_("Net"), N_("Balance after")),
    "bets": (N_("Bet"), N_("Stake"), N_("Result"), N_("Net")),
}
"""The heads of the history's and the settled bets' columns."""


def _columns(name: str, lang: str) -> tuple[str, ...]:
    return tuple(tr(head, lang) for head in _COLUMNS[name])


def _bet_text(on: BetKind, stake: Any, lang: str) -> str:
    return f"{on.label} {amount(stake, lang)}"


def page_view_supported(profile: TableProfile | str) -> bool:
    """Whether a built page can prepare this table: one position per coup, a shoe reshuffled
    every coup (so the cards do not depend on the bets), ties returning the bet and any
    commission taken at payment (so nothing is owed across coups).

    >>> page_view_supported("online"), page_view_supported(ONLINE.with_options(commission="accrued"))
    (True, False)
    """
    table = get_profile(profile)
    return (table.positions is Positions.ONE and table.reshuffle == "every-coup"
            and table.tie is TiePolicy.RETURN and table.min_bet is not None
            and table.max_bet is not None
            and (table.commission is CommissionTiming.AT_PAYMENT or not table.commission_rate))


# Stakes and balances chosen to raise each refusal once; each becomes a blank in its text.
_UNREADABLE = "QXQ"
_NEGATIVE = Decimal("-7.777")
_ODD = Decimal("0.24681")
"""A part of an amount that no limit of a table has, so that each blank is found by its value."""


def _refused(table: OnlineTable, on: str, stake: Decimal | str) -> Message:
    try:
        table.verify_place(on, str(stake))
    except BacaraError as error:
        return error.message
    raise AssertionError(f"the table took {on}={stake}")  # pragma: no cover - a rule changed


def _refusals(profile: TableProfile, lang: str) -> dict[str, dict[str, str]]:
    """The table's refusals of a bet, in ``lang``, each with blanks for the script to fill:
    ``{value}`` (the text typed), ``{stake}``, ``{total}`` (the bet with the stake added),
    ``{balance}``, ``{available}`` and ``{other}`` (the stake of the bet already placed)."""
    assert profile.min_bet is not None and profile.max_bet is not None
    low, high = profile.min_bet, profile.max_bet
    below = low / 2 if low > 0 else Decimal(0)
    above = high + _ODD
    rich = str(high * 4)
    # A balance just above the minimum: a bet of the minimum fits, one a little larger does not.
    poor, placed = low + _ODD, low
    over = poor + Decimal("0.5")
    more = over - placed  # added to the minimum already placed, it goes past the balance

    def text(refusal: Message, slots: dict[object, str]) -> str:
        filled = fill_slots(refusal, {value: Slot(name) for value, name in slots.items()})
        return filled.render(lang)

    found: dict[str, dict[str, str]] = {}
    for kind in profile.bets:
        on = kind.value
        table = OnlineTable(balance=rich, profile=profile, seed=0)
        texts = {
            "unreadable": text(_refused(table, on, _UNREADABLE), {_UNREADABLE: "value"}),
            "positive": text(_refused(table, on, _NEGATIVE), {_NEGATIVE: "stake"}),
            "max": text(_refused(table, on, above), {above: "stake"}),
        }
        if below > 0:
            texts["min"] = text(_refused(table, on, below), {below: "stake"})
        table.place(on, str(low))
        beyond = high - low + _ODD
        texts["max.add"] = text(_refused(table, on, beyond), {beyond: "stake", beyond + low: "total"})
        short = OnlineTable(balance=str(poor), profile=profile, seed=0)
        texts["balance"] = text(_refused(short, on, over), {over: "stake", poor: "balance"})
        short.place(on, str(placed))
        texts["balance.add"] = text(
            _refused(short, on, more),
            {more: "stake", more + placed: "total", poor: "balance", poor - placed: "available"})
        for other in profile.bets:
            if other is not kind:
                held = OnlineTable(balance=rich, profile=profile, seed=0)
                held.place(other.value, str(low + _ODD))
                texts[f"position.{other.value}"] = text(_refused(held, on, low),
                                                        {low: "stake", low + _ODD: "other"})
        found[on] = texts
    return found


def _per_unit(net: Decimal, stake: Decimal) -> list[int]:
    """The net of a bet of ``stake`` per unit of stake: ``[numerator, denominator]``."""
    fraction = Fraction(net) / Fraction(stake)
    return [fraction.numerator, fraction.denominator]


def online_table_data(*, balance: Amount = "1000", seed: int | str = 1,
                      profile: TableProfile | str = ONLINE, chips: tuple[int, ...] = CHIPS,
                      coups: int = PAGE_COUPS, lang: str | None = None) -> dict[str, object]:
    """What the page's online table needs, with no Python behind it.

    ``coups`` are the first coups the seeded table deals (the cards do not depend on the bets
    at a table that reshuffles every coup): each hand's cards (text and words for screen
    readers), totals, the winner, the narration in ``lang``, and in ``pays`` for each position
    the engine's settlement of the smallest bet: the result and the net per unit of stake as a
    fraction ``[numerator, denominator]``.  ``limits`` and ``balance`` are the table's and the
    player's, as the engine writes amounts; ``refusals`` are the table's messages,
    with blanks such as ``{stake}`` and ``{balance}`` for the script to fill; ``labels`` the
    widget's own words.

    A table that a page cannot prepare (``page_view_supported``) is refused.

    >>> online_table_data(profile=ONLINE.with_options(commission="accrued"))
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: a built page cannot prepare this table: it needs one position per coup, a shoe reshuffled every coup, ties returning the bet and commission taken at payment
    """
    lang = resolve_language(lang)
    table_profile = get_profile(profile)
    if not page_view_supported(table_profile):
        raise IllegalAction(message("a built page cannot prepare this table: it needs one position "
                                    "per coup, a shoe reshuffled every coup, ties returning the "
                                    "bet and commission taken at payment"))
    opening = OnlineTable(balance=balance, profile=table_profile, seed=seed)
    assert table_profile.min_bet is not None and table_profile.max_bet is not None
    # The seeded coups, dealt by the table itself with the smallest bet it takes.
    dealer = OnlineTable(balance=str(table_profile.min_bet * coups), profile=table_profile,
                         seed=seed)
    rows = []
    for _ in range(coups):
        dealer.place(table_profile.bets[0].value, str(table_profile.min_bet))
        played = dealer.deal()
        dealer.next_coup()
        coup = played.coup
        pays = {}
        for kind in table_profile.bets:
            # the smallest bet the table takes, its net brought back to a stake of 1
            paid = settle_bet(coup, Bet(kind, table_profile.min_bet), table_profile)
            pays[kind.value] = [paid.result.value, *_per_unit(paid.net, table_profile.min_bet)]
        rows.append({
            "cards": format_cards(coup.cards),
            "punto": cards_data(coup.punto, lang),
            "banco": cards_data(coup.banco, lang),
            "totals": [coup.punto_total, coup.banco_total],
            "outcome": coup.winner.value,
            "winner": BetKind.parse(coup.winner.value).label,
            "narration": [line for line in coup.narrate(lang).split("\n") if line],
            "pays": pays,
        })
    labels = {key: tr(text, lang) for key, text in _LABELS.items()}
    for name, heads in _COLUMNS.items():
        labels[f"columns.{name}"] = "\t".join(tr(head, lang) for head in heads)
    labels["hand.total"] = ptr("tableau column", "total", lang)
    return {
        "version": 1,
        "lang": lang,
        "seed": str(opening.seed),
        "balance": amount_text(opening.balance),
        "limits": [amount_text(table_profile.min_bet), amount_text(table_profile.max_bet)],
        "chips": list(chips),
        "bets": [[kind.value, kind.label] for kind in table_profile.bets],
        "amount": _AMOUNT_RE.pattern,
        "coups": rows,
        "refusals": _refusals(table_profile, lang),
        "labels": labels,
        "numbers": numbers_data(lang),
    }


def online_table_html(*, balance: Amount = "1000", seed: int | str = 1,
                      profile: TableProfile | str = ONLINE, chips: tuple[int, ...] = CHIPS,
                      lang: str | None = None) -> str:
    """The online table as a page holds it, for ``docs/_static/practice-online-table.js``."""
    lang = resolve_language(lang)
    data = online_table_data(balance=balance, seed=seed, profile=profile, chips=chips, lang=lang)
    return practice_node("online-table", data, lang)


class OnlineTableWidget(StillMixin, w.VBox):  # type: ignore[misc]
    """Play at the online table: ``OnlineTableWidget(balance="100", seed=7)``.

    ``table`` is the :class:`~bacara_teach.online_table.OnlineTable` behind it.  ``lang`` is
    ``"en"`` or ``"es"``; ``None`` is the default language, read once, here.
    """

    def __init__(self, *, balance: Amount = "1000", seed: int | str = 1,
                 profile: TableProfile | str = ONLINE, chips: tuple[int, ...] = CHIPS,
                 lang: str | None = None, **kwargs: Any) -> None:
        self.lang = widget_language(lang)
        self.table = OnlineTable(balance=balance, profile=profile, seed=seed)
        self.chips = chips
        labels = Labels(_LABELS, self.lang)
        self.position = w.Dropdown(
            options=[(kind.label, kind.value) for kind in self.table.profile.bets],
            value=self.table.profile.bets[0].value, description=labels["on"])
        self.stake_box = w.Text(value="", description=labels["stake"],
                                placeholder=labels["placeholder"])
        self.chip_buttons = {
            chip: button(labels.fill("chip", chip=chip), labels.fill("chip.tip", chip=chip))
            for chip in chips
        }
        self.clear_button = button(labels["clear"], labels["clear.tip"])
        self.place_button = button(labels["place"], labels["place.tip"], style="primary")
        self.change_button = button(labels["change"], labels["change.tip"])
        self.cancel_button = button(labels["cancel"], labels["cancel.tip"], style="warning")
        self.deal_button = button(labels["deal"], labels["deal.tip"], style="success")
        self.status = w.HTML(value=status_html(labels["welcome"]))
        self.summary = w.HTML()
        self.hands = w.HTML()
        self.narration = w.HTML()
        self.settled = w.HTML()
        self.history_table = w.HTML()
        for chip, b in self.chip_buttons.items():
            b.on_click(lambda _, chip=chip: self.add_chip(chip))
        self.clear_button.on_click(lambda _: self.set_stake(""))
        self.place_button.on_click(lambda _: self.place())
        self.change_button.on_click(lambda _: self.change())
        self.cancel_button.on_click(lambda _: self.cancel())
        self.deal_button.on_click(lambda _: self.deal())
        super().__init__(
            [
                self.summary,
                w.HBox([self.position, self.stake_box]),
                w.HBox([*self.chip_buttons.values(), self.clear_button]),
                w.HBox([self.place_button, self.change_button, self.cancel_button,
                        self.deal_button]),
                self.status,
                self.hands,
                self.narration,
                self.settled,
                self.history_table,
            ],
            **kwargs,
        )
        self._render()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and for a page built ahead of time the working page view (a
        table the page cannot prepare keeps its still and the way to the live notebook)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            table = self.table
            if page_view_supported(table.profile):
                data["text/html"] = online_table_html(
                    balance=table.initial_balance, seed=table.seed, profile=table.profile,
                    chips=self.chips, lang=self.lang)
            else:
                data["text/html"] = still_html(self, lang=self.lang) + live_link_html(self.lang)
        return bundle

    # -- actions ------------------------------------------------------------------------------
    def _refuse(self, error: BacaraError) -> None:
        text = refusal_text(error, self.lang, fallback=Labels(_LABELS, self.lang)["refused"])
        self.status.value = status_html(text, kind="error")

    def set_stake(self, text: str) -> None:
        self.stake_box.value = text

    def add_chip(self, chip: int) -> None:
        """Add a chip to the stake box (an unreadable stake box is reported, not changed)."""
        text = self.stake_box.value.strip()
        try:
            current = parse_amount(text, what="stake") if text else 0
        except BacaraError as error:
            self._refuse(error)
            return
        self.stake_box.value = format_amount(add(current, chip))
        self.status.value = status_html(Labels(_LABELS, self.lang).fill(
            "stake.set", stake=localize_number(self.stake_box.value, self.lang)))

    def place(self) -> None:
        """Place the stake in the box on the chosen position."""
        try:
            record = self.table.place(self.position.value, self.stake_box.value.strip())
        except BacaraError as error:
            self._refuse(error)
            return
        self.status.value = status_html(Labels(_LABELS, self.lang).fill(
            "placed", bet=_bet_text(record.bet.on, record.bet.stake, self.lang)))
        self._render()

    def change(self) -> None:
        """Move the bet on the table to the chosen position (and stake, if one is typed).

        With several bets on the table, the bet on the chosen position is the one changed.
        """
        bets = self.table.bets
        on = bets[0].on.value if len(bets) == 1 else self.position.value
        to = None if on == self.position.value else self.position.value
        stake = self.stake_box.value.strip() or None
        try:
            record = self.table.change(on, to=to, stake=stake)
        except BacaraError as error:
            self._refuse(error)
            return
        self.status.value = status_html(Labels(_LABELS, self.lang).fill(
            "changed", before=_bet_text(record.before.on, record.before.stake, self.lang),
            after=_bet_text(record.after.on, record.after.stake, self.lang)))
        self._render()

    def cancel(self) -> None:
        """Take back every bet on the table."""
        try:
            records = self.table.cancel()
        except BacaraError as error:
            self._refuse(error)
            return
        self.status.value = status_html(Labels(_LABELS, self.lang).fill(
            "cancelled", bets=", ".join(_bet_text(r.bet.on, r.bet.stake, self.lang)
                                        for r in records)))
        self._render()

    def deal(self) -> TableCoup | None:
        """"Continuar": deal the coup, settle, and open betting for the next coup."""
        try:
            played = self.table.deal()
        except BacaraError as error:
            self._refuse(error)
            return None
        self.table.next_coup()
        labels = Labels(_LABELS, self.lang)
        winner = BetKind.parse(played.coup.winner.value)
        key = "tie" if winner is BetKind.EMPATE else "dealt"
        self.status.value = status_html(labels.fill(
            key, n=played.number, winner=winner.label, net=signed_amount(played.net, self.lang),
            balance=amount(played.balance_after, self.lang)), kind="result")
        self.hands.value = (f"<p><strong>{escape(labels.fill('coup', n=played.number))}</strong></p>"
                            + hand_html("Punto", played.coup.punto, lang=self.lang)
                            + hand_html("Banco", played.coup.banco, lang=self.lang))
        self.narration.value = lines_html(played.coup.narrate(self.lang), label=labels["narration"])
        self.settled.value = table_html(
            labels.fill("bets.caption", n=played.number), _columns("bets", self.lang),
            [(escape(paid.bet.on.label), amount(paid.bet.stake, self.lang),
              escape(labels[f"result.{paid.result.value}"]), signed_amount(paid.net, self.lang))
             for paid in played.settlement.bets])
        self._render()
        return played

    # -- view ---------------------------------------------------------------------------------
    def _render(self) -> None:
        labels = Labels(_LABELS, self.lang)
        table = self.table
        profile = table.profile
        bets = ", ".join(_bet_text(b.on, b.stake, self.lang) for b in table.bets) or labels["none"]
        parts = [
            f"<strong>{labels['balance']}: {amount(table.balance, self.lang)}</strong> "
            f"({labels['available']} {amount(table.available, self.lang)})",
            f"{labels['bets']}: {escape(bets)}",
        ]
        if table.commission_owed:
            parts.append(f"{labels['owed']}: {amount(table.commission_owed, self.lang)}")
        if profile.min_bet is not None and profile.max_bet is not None:
            parts.append(labels.fill("limits", low=amount(profile.min_bet, self.lang),
                                     high=amount(profile.max_bet, self.lang)))
        self.summary.value = ("<div class='bt-summary' aria-live='polite'>"
                              + " · ".join(parts) + "</div>")
        rows = [(str(c.number), escape(format_cards(c.coup.cards)),
                 escape(BetKind.parse(c.coup.winner.value).label), signed_amount(c.net, self.lang),
                 amount(c.balance_after, self.lang)) for c in table.history]
        self.history_table.value = (table_html(labels["history"], _columns("history", self.lang),
                                               rows) if rows else "")
        self.deal_button.disabled = not table.can_deal()
        self.cancel_button.disabled = not table.can_cancel()
        self.change_button.disabled = not table.bets
