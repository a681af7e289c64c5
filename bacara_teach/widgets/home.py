"""Home scoreboard widget (the home study session): predictions, the coup, the running scores, the ranking.

A thin view over :class:`bacara_teach.home_session.HomeSession`: the names
start a session, each participant picks a prediction, "Deal" records them and
deals, and the scoreboard is read from the session's records.

On a page built ahead of time the scoreboard works too: :func:`scoreboard_data` plays the
seeded session in the engine and gives, for every coup, its cards, its narration and what
each prediction nets on it; the site's script (``docs/_static/practice-home-scoreboard.js``)
only reads that and adds up the nets.

>>> data = scoreboard_data(["Ana", "Luis"], seed=3, lang="en")
>>> len(data["coups"]), data["coups"][0]["status"], data["coups"][0]["nets"]
(10, 'Coup 1: Banco wins 3 to 0.', {'punto': -20, 'banco': 19, 'empate': -20, 'pass': 0})
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from bacara_teach.cards import format_cards
from bacara_teach.errors import BacaraError
from bacara_teach.home_session import SESSION_COUPS, CoupRecord, HomeSession
from bacara_teach.i18n import resolve_language
from bacara_teach.practice._page import cards_data, numbers_data, practice_node, scaled_units
from bacara_teach.punto_banco import Coup
from bacara_teach.refusals import refusal_text
from bacara_teach.tables import BetKind
from bacara_teach.text import N_, ptr, tr
from bacara_teach.widgets._common import Labels, button, hand_html, status_html, widget_language
from bacara_teach.widgets._html import lines_html, signed_amount, table_html
from bacara_teach.widgets.still import StillMixin

__all__ = ["HomeScoreboard", "scoreboard_data", "scoreboard_html"]

_LABELS: dict[str, str] = {
    "names": N_("Participants"),
    "names.placeholder": N_("Ana, Luis, Marta (2 to 8 names)"),
    "seed": N_("Seed"),
    "start": N_("Start a new session"),
    "start.tip": N_("Start a session with these participants and this seed"),
    "choose": N_("— choose —"),
    "predict": N_("Prediction of {name}"),
    "pass": N_("no prediction (the dealer may pass)"),
    "deal": N_("Deal coup {n}"),
    "deal.tip": N_("Record every prediction and deal the coup"),
    "over": N_("Session over"),
    "missing": N_("Choose a prediction for: {names}."),
    "started": N_("New session: {names}. Everyone predicts, then deal coup 1."),
    "dealt": N_("Coup {n}: {winner}."),
    "winner": N_("{hand} wins {a} to {b}"),
    "tie": N_("Empate at {total}"),
    "coup": N_("Coup"),
    "cards": N_("Cards"),
    "result": N_("Winner"),
    "totals": N_("Totals"),
    "board": N_("Scoreboard, coup by coup (prediction, net)"),
    "ranking": N_("Final ranking"),
    "rank": N_("Place"),
    "name": N_("Participant"),
    "total": N_("Total"),
    "won.one": N_("{name} wins the session."),
    "won.many": N_("{names} share the win."),
    "narration": N_("How coup {n} was dealt"),
    "refused": N_("That is not possible now; the session stays as it was."),
    "page": N_("The coups of seed {seed}, as the engine deals them. Each participant predicts, "
               "then deal; start again to replay the same coups."),
}


_PASS = "pass"
"""The dealer's choice not to predict a coup (the dealer may predict, but need not)."""

def _join(names: Sequence[str], lang: str) -> str:
    """``Ana``, ``Ana and Luis``, ``Ana, Luis and Eva`` in ``lang``."""
    if len(names) == 1:
        return names[0]
    return tr("{items} and {last}", lang, items=", ".join(names[:-1]), last=names[-1])


def _dealt(number: int, coup: Coup, lang: str) -> str:
    """``Coup 3: Banco wins 6 to 2.`` in ``lang``."""
    labels = Labels(_LABELS, lang)
    if coup.winner.value == "empate":
        winner = labels.fill("tie", total=coup.punto_total)
    else:
        hand = BetKind.parse(coup.winner.value).label
        totals = {"punto": coup.punto_total, "banco": coup.banco_total}
        loser = "banco" if coup.winner.value == "punto" else "punto"
        winner = labels.fill("winner", hand=hand, a=totals[coup.winner.value], b=totals[loser])
    return labels.fill("dealt", n=number, winner=winner)


def scoreboard_data(players: Sequence[str], *, seed: int | str, coups: int = SESSION_COUPS,
                    lang: str | None = None) -> dict[str, object]:
    """What the page's scoreboard needs to run the seeded session with no Python behind it.

    ``coups`` lists the session's coups as the engine deals them for ``seed``: the cards of
    each hand (text and words for screen readers), the totals, the winner, the sentence and
    the narration in ``lang``, and in ``nets`` what each prediction nets on that coup under the
    home rules (``pass``: the dealer who does not predict), settled by the engine, as whole
    numbers of ``10**-scale``.  ``labels`` are the widget's own words, their ``{fields}`` left
    for the script.  A bad roster or seed is refused as the session refuses it.

    >>> data = scoreboard_data(["Ana", "Luis", "Eva"], seed=3, lang="es")
    >>> data["dealer"], data["options"][1], data["labels"]["deal"]
    ('Ana', ['banco', 'Banco'], 'Repartir el coup {n}')
    """
    lang = resolve_language(lang)
    kinds = [kind.value for kind in HomeSession(players=players, seed=seed).profile.bets]
    # One session per prediction, everyone predicting it; one more where the dealer passes.
    plays: dict[str, HomeSession] = {}
    for on in [*kinds, _PASS]:
        session = HomeSession(players=players, seed=seed, coups=coups)
        plays[on] = session
        for _ in range(coups):
            for name in session.players:
                if on == _PASS:
                    if name == session.dealer:
                        session.abstain(name)
                    else:
                        session.predict(name, kinds[0])
                else:
                    session.predict(name, on)
            session.deal()
    base = plays[kinds[0]]
    dealer = base.dealer
    for session in plays.values():
        assert [r.coup.cards for r in session.records] == [r.coup.cards for r in base.records]
    nets = [{on: plays[on].records[i].net(dealer) for on in plays} for i in range(coups)]
    scale, units = scaled_units(net for coup_nets in nets for net in coup_nets.values())
    width = len(plays)
    rows = []
    for i, record in enumerate(base.records):
        coup = record.coup
        rows.append({
            "number": record.number,
            "cards": format_cards(coup.cards),
            "punto": cards_data(coup.punto, lang),
            "banco": cards_data(coup.banco, lang),
            "totals": [coup.punto_total, coup.banco_total],
            "winner": BetKind.parse(coup.winner.value).label,
            "status": _dealt(record.number, coup, lang),
            "narration": [line for line in coup.narrate(lang).split("\n") if line],
            "nets": dict(zip(plays, units[i * width:(i + 1) * width], strict=True)),
        })
    labels = {key: tr(text, lang) for key, text in _LABELS.items()}
    labels["and"] = tr("{items} and {last}", lang)
    labels["hand.total"] = ptr("tableau column", "total", lang)
    return {
        "version": 1,
        "lang": lang,
        "seed": str(base.seed),
        "players": list(base.players),
        "dealer": dealer,
        "options": [[kind.value, kind.label] for kind in base.profile.bets],
        "pass": _PASS,
        "scale": scale,
        "coups": rows,
        "labels": labels,
        "numbers": numbers_data(lang),
    }


def scoreboard_html(players: Sequence[str], *, seed: int | str, coups: int = SESSION_COUPS,
                    lang: str | None = None) -> str:
    """The scoreboard as a page holds it, for ``docs/_static/practice-home-scoreboard.js``."""
    lang = resolve_language(lang)
    data = scoreboard_data(players, seed=seed, coups=coups, lang=lang)
    return practice_node("home-scoreboard", data, lang)


class HomeScoreboard(StillMixin, w.VBox):  # type: ignore[misc]
    """Run a home prediction session: ``HomeScoreboard(players=["Ana", "Luis"], seed=3)``.

    ``session`` is the :class:`~bacara_teach.home_session.HomeSession` behind it.  ``lang`` is
    ``"en"`` or ``"es"``; ``None`` is the default language, read once, here.
    """

    def __init__(self, *, players: Sequence[str] = ("Ana", "Luis"), seed: int = 1,
                 coups: int = SESSION_COUPS, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = widget_language(lang)
        labels = Labels(_LABELS, self.lang)
        self.session = HomeSession(players=players, seed=seed, coups=coups)
        self.names_box = w.Text(value=", ".join(self.session.players), description=labels["names"],
                                placeholder=labels["names.placeholder"])
        self.seed_box = w.IntText(value=seed, description=labels["seed"])
        self.start_button = button(labels["start"], labels["start.tip"])
        self.prediction_box = w.VBox()
        self.predictions: dict[str, w.Dropdown] = {}
        self.deal_button = button("", labels["deal.tip"], style="primary")
        self.status = w.HTML()
        self.coup_view = w.HTML()
        self.narration = w.HTML()
        self.board = w.HTML()
        self.ranking = w.HTML()
        self.start_button.on_click(lambda _: self.start(self.names_box.value, self.seed_box.value))
        self.deal_button.on_click(lambda _: self.deal())
        super().__init__(
            [
                w.HBox([self.names_box, self.seed_box, self.start_button]),
                self.prediction_box,
                self.deal_button,
                self.status,
                self.coup_view,
                self.narration,
                self.board,
                self.ranking,
            ],
            **kwargs,
        )
        self._build_predictions()
        self.status.value = status_html(labels.fill("started",
                                                    names=_join(self.session.players, self.lang)))
        self._render()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and for a page built ahead of time the working page view."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            session = self.session
            data["text/html"] = scoreboard_html(session.players, seed=session.seed,
                                                coups=session.coups, lang=self.lang)
        return bundle

    # -- actions ------------------------------------------------------------------------------
    def start(self, names: str, seed: int) -> None:
        """Start a new session; bad names are reported and the current session stays."""
        labels = Labels(_LABELS, self.lang)
        wanted = [name for name in names.split(",") if name.strip()]
        try:
            session = HomeSession(players=wanted, seed=seed, coups=self.session.coups)
        except BacaraError as error:
            self._refuse(error)
            return
        self.session = session
        self._build_predictions()
        self.coup_view.value = self.narration.value = self.ranking.value = ""
        self.status.value = status_html(labels.fill("started",
                                                    names=_join(session.players, self.lang)))
        self._render()

    def deal(self) -> CoupRecord | None:
        """Record every participant's prediction and deal the coup.

        Nothing is recorded unless every participant has a prediction the session accepts.
        """
        labels = Labels(_LABELS, self.lang)
        chosen = {name: box.value for name, box in self.predictions.items()}
        missing = [name for name, on in chosen.items() if on is None]
        try:
            if self.session.finished:
                self.session.verify_deal()
            if not missing:
                for name, on in chosen.items():
                    if on == _PASS:
                        self.session.verify_abstain(name)
                    else:
                        self.session.verify_predict(name, on)
        except BacaraError as error:
            self._refuse(error)
            return None
        if missing:
            self.status.value = status_html(
                labels.fill("missing", names=_join(missing, self.lang)), kind="error")
            return None
        for name, on in chosen.items():
            if on == _PASS:
                self.session.abstain(name)
            else:
                self.session.predict(name, on)
        record = self.session.deal()
        coup = record.coup
        self.status.value = status_html(_dealt(record.number, coup, self.lang), kind="result")
        self.coup_view.value = (hand_html("Punto", coup.punto, lang=self.lang)
                                + hand_html("Banco", coup.banco, lang=self.lang))
        self.narration.value = lines_html(coup.narrate(self.lang),
                                          label=labels.fill("narration", n=record.number))
        for box in self.predictions.values():
            box.value = None
        self._render()
        return record

    def _refuse(self, error: BacaraError) -> None:
        text = refusal_text(error, self.lang, fallback=Labels(_LABELS, self.lang)["refused"])
        self.status.value = status_html(text, kind="error")

    # -- view ---------------------------------------------------------------------------------
    def _build_predictions(self) -> None:
        labels = Labels(_LABELS, self.lang)
        options = [(labels["choose"], None)] + [(kind.label, kind.value)
                                                for kind in self.session.profile.bets]
        dealer = self.session.dealer
        self.predictions = {
            name: w.Dropdown(options=options + ([(labels["pass"], _PASS)] if name == dealer else []),
                             value=None, description=labels.fill("predict", name=name),
                             style={"description_width": "initial"})
            for name in self.session.players
        }
        for box in self.predictions.values():
            box.observe(lambda _: self._update_deal_button(), names="value")
        self.prediction_box.children = tuple(self.predictions.values())

    def _update_deal_button(self) -> None:
        self.deal_button.disabled = self.session.finished or any(
            box.value is None for box in self.predictions.values())

    def _render(self) -> None:
        labels = Labels(_LABELS, self.lang)
        session = self.session
        self.deal_button.description = (labels["over"] if session.finished
                                         else labels.fill("deal", n=session.coup_number))
        for box in self.predictions.values():
            box.disabled = session.finished
        self._update_deal_button()
        players = session.players
        rows = []
        for record in session.records:
            cells = [str(record.number), escape(format_cards(record.coup.cards)),
                     escape(BetKind.parse(record.coup.winner.value).label)]
            cells += [f"{escape(on.label if (on := record.prediction(name)) else '-')}, "
                      f"{signed_amount(record.net(name), self.lang)}" for name in players]
            rows.append(cells)
        if rows:
            totals = session.totals
            rows.append([labels["totals"], "", ""] + [signed_amount(totals[n], self.lang) for n in players])
        headers = [labels["coup"], labels["cards"], labels["result"], *players]
        self.board.value = table_html(labels["board"], headers, rows)
        self.ranking.value = self._ranking() if session.finished else ""

    def _ranking(self) -> str:
        labels = Labels(_LABELS, self.lang)
        board = self.session.scoreboard()
        rows = []
        for name, total in board:
            place = 1 + sum(1 for _, other in board if other > total)  # tied totals share a place
            rows.append((escape(name), str(place), signed_amount(total, self.lang)))
        winners = self.session.winners
        verdict = (labels.fill("won.one", name=winners[0]) if len(winners) == 1
                   else labels.fill("won.many", names=_join(winners, self.lang)))
        return (table_html(labels["ranking"], (labels["name"], labels["rank"], labels["total"]),
                           rows)
                + status_html(verdict, kind="result"))
