"""Online table widget (system C): chips, a bet, "Continuar", the balance and the history.

A thin view over :class:`bacara_teach.online_table.OnlineTable`: every button
asks the table, and a refused action shows the table's own message in an
alert and changes nothing.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from bacara_teach.cards import format_cards
from bacara_teach.errors import BacaraError
from bacara_teach.money import Amount, add, format_amount, format_signed, parse_amount
from bacara_teach.online_table import OnlineTable, TableCoup
from bacara_teach.refusals import refusal_text
from bacara_teach.tables import ONLINE, BetKind, TableProfile
from bacara_teach.widgets._common import button, hand_html, status_html, widget_language
from bacara_teach.widgets._html import lines_html, table_html
from bacara_teach.widgets.still import StillMixin

__all__ = ["OnlineTableWidget"]

CHIPS: tuple[int, ...] = (1, 5, 25, 100)
"""The chip buttons: each adds its value to the stake box."""

_LABELS = {
    "en": {
        "on": "Bet on", "stake": "Stake", "placeholder": "e.g. 5 or 4.75",
        "chip": "+{chip}", "chip.tip": "Add {chip} to the stake",
        "clear": "Clear stake", "clear.tip": "Empty the stake box",
        "place": "Place bet", "place.tip": "Put the stake on the chosen position",
        "change": "Change bet", "change.tip": "Move the bet on the table to the chosen position "
        "and, if the stake box is filled, give it that stake",
        "cancel": "Cancel bets", "cancel.tip": "Take back every bet on the table",
        "deal": "Continuar", "deal.tip": "Deal the coup and settle the bets",
        "balance": "Balance", "available": "available", "bets": "On the table",
        "none": "no bets", "limits": "Limits per bet: {low} to {high}", "owed": "commission owed",
        "coup": "Coup {n}", "history": "History", "bets.caption": "Bets of coup {n}",
        "result.won": "won", "result.lost": "lost", "result.push": "returned",
        "placed": "{bet} placed.", "changed": "Bet changed: {before} → {after}.",
        "cancelled": "Bets taken back: {bets}.", "stake.set": "Stake: {stake}.",
        "dealt": "Coup {n}: {winner} wins; net {net}; balance {balance}.",
        "tie": "Coup {n}: Empate; net {net}; balance {balance}.",
        "narration": "How the coup was dealt", "welcome": "Choose a stake and a position, "
        "place the bet, then press Continuar.",
        "refused": "The table refuses this action; nothing has changed.",
    },
    "es": {
        "on": "Apostar a", "stake": "Cantidad", "placeholder": "p. ej. 5 o 4.75",
        "chip": "+{chip}", "chip.tip": "Sumar {chip} a la cantidad",
        "clear": "Borrar cantidad", "clear.tip": "Vaciar la casilla de la cantidad",
        "place": "Apostar", "place.tip": "Poner la apuesta en la posición elegida",
        "change": "Cambiar apuesta", "change.tip": "Pasar la apuesta de la mesa a la posición "
        "elegida y, si la casilla tiene una cantidad, darle esa cantidad",
        "cancel": "Anular apuestas", "cancel.tip": "Retirar todas las apuestas de la mesa",
        "deal": "Continuar", "deal.tip": "Repartir el coup y pagar las apuestas",
        "balance": "Saldo", "available": "disponible", "bets": "En la mesa",
        "none": "sin apuestas", "limits": "Límites por apuesta: de {low} a {high}",
        "owed": "comisión pendiente",
        "coup": "Coup {n}", "history": "Historial", "bets.caption": "Apuestas del coup {n}",
        "result.won": "ganada", "result.lost": "perdida", "result.push": "devuelta",
        "placed": "Apuesta {bet} colocada.", "changed": "Apuesta cambiada: {before} → {after}.",
        "cancelled": "Apuestas retiradas: {bets}.", "stake.set": "Cantidad: {stake}.",
        "dealt": "Coup {n}: gana {winner}; neto {net}; saldo {balance}.",
        "tie": "Coup {n}: Empate; neto {net}; saldo {balance}.",
        "narration": "Cómo se repartió el coup", "welcome": "Elija una cantidad y una posición, "
        "apueste y pulse Continuar.",
        "refused": "La mesa no permite esta acción; no ha cambiado nada.",
    },
}
_COLUMNS = {
    "en": {"history": ("Coup", "Cards", "Winner", "Net", "Balance after"),
           "bets": ("Bet", "Stake", "Result", "Net")},
    "es": {"history": ("Coup", "Cartas", "Gana", "Neto", "Saldo después"),
           "bets": ("Apuesta", "Cantidad", "Resultado", "Neto")},
}


def _bet_text(on: BetKind, stake: Any) -> str:
    return f"{on.label} {format_amount(stake)}"


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
        labels = _LABELS[self.lang]
        self.position = w.Dropdown(
            options=[(kind.label, kind.value) for kind in self.table.profile.bets],
            value=self.table.profile.bets[0].value, description=labels["on"])
        self.stake_box = w.Text(value="", description=labels["stake"],
                                placeholder=labels["placeholder"])
        self.chip_buttons = {
            chip: button(labels["chip"].format(chip=chip), labels["chip.tip"].format(chip=chip))
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

    # -- actions ------------------------------------------------------------------------------
    def _refuse(self, error: BacaraError) -> None:
        text = refusal_text(error, self.lang, fallback=_LABELS[self.lang]["refused"])
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
        self.status.value = status_html(_LABELS[self.lang]["stake.set"].format(
            stake=self.stake_box.value))

    def place(self) -> None:
        """Place the stake in the box on the chosen position."""
        try:
            record = self.table.place(self.position.value, self.stake_box.value.strip())
        except BacaraError as error:
            self._refuse(error)
            return
        self.status.value = status_html(_LABELS[self.lang]["placed"].format(
            bet=_bet_text(record.bet.on, record.bet.stake)))
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
        self.status.value = status_html(_LABELS[self.lang]["changed"].format(
            before=_bet_text(record.before.on, record.before.stake),
            after=_bet_text(record.after.on, record.after.stake)))
        self._render()

    def cancel(self) -> None:
        """Take back every bet on the table."""
        try:
            records = self.table.cancel()
        except BacaraError as error:
            self._refuse(error)
            return
        self.status.value = status_html(_LABELS[self.lang]["cancelled"].format(
            bets=", ".join(_bet_text(r.bet.on, r.bet.stake) for r in records)))
        self._render()

    def deal(self) -> TableCoup | None:
        """"Continuar": deal the coup, settle, and open betting for the next coup."""
        try:
            played = self.table.deal()
        except BacaraError as error:
            self._refuse(error)
            return None
        self.table.next_coup()
        labels = _LABELS[self.lang]
        winner = BetKind.parse(played.coup.winner.value)
        key = "tie" if winner is BetKind.EMPATE else "dealt"
        self.status.value = status_html(labels[key].format(
            n=played.number, winner=winner.label, net=format_signed(played.net),
            balance=format_amount(played.balance_after)), kind="result")
        self.hands.value = (f"<p><strong>{escape(labels['coup'].format(n=played.number))}</strong></p>"
                            + hand_html("Punto", played.coup.punto, lang=self.lang)
                            + hand_html("Banco", played.coup.banco, lang=self.lang))
        self.narration.value = lines_html(played.coup.narrate(self.lang), label=labels["narration"])
        self.settled.value = table_html(
            labels["bets.caption"].format(n=played.number), _COLUMNS[self.lang]["bets"],
            [(escape(paid.bet.on.label), format_amount(paid.bet.stake),
              escape(labels[f"result.{paid.result.value}"]), format_signed(paid.net))
             for paid in played.settlement.bets])
        self._render()
        return played

    # -- view ---------------------------------------------------------------------------------
    def _render(self) -> None:
        labels = _LABELS[self.lang]
        table = self.table
        profile = table.profile
        bets = ", ".join(_bet_text(b.on, b.stake) for b in table.bets) or labels["none"]
        parts = [
            f"<strong>{labels['balance']}: {format_amount(table.balance)}</strong> "
            f"({labels['available']} {format_amount(table.available)})",
            f"{labels['bets']}: {escape(bets)}",
        ]
        if table.commission_owed:
            parts.append(f"{labels['owed']}: {format_amount(table.commission_owed)}")
        if profile.min_bet is not None and profile.max_bet is not None:
            parts.append(labels["limits"].format(low=format_amount(profile.min_bet),
                                                 high=format_amount(profile.max_bet)))
        self.summary.value = ("<div class='bt-summary' aria-live='polite'>"
                              + " · ".join(parts) + "</div>")
        rows = [(str(c.number), escape(format_cards(c.coup.cards)),
                 escape(BetKind.parse(c.coup.winner.value).label), format_signed(c.net),
                 format_amount(c.balance_after)) for c in table.history]
        self.history_table.value = table_html(labels["history"], _COLUMNS[self.lang]["history"], rows) if rows else ""
        self.deal_button.disabled = not table.can_deal()
        self.cancel_button.disabled = not table.can_cancel()
        self.change_button.disabled = not table.bets
