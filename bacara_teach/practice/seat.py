"""The Chemin de Fer seat on a static page: a run of coups prepared, every branch, at build time.

A built page has no Python behind it, so the seat cannot ask the engine while the
reader plays.  It does not need to: within one coup the reader decides at most once
(a free cell of the seat's own side), so a coup has at most two endings.  The engine
plays every one of them now, with the other side answering by the seat's policy, and
writes down what the page shows: what the reader's player may see at the free cell, the
cards of each ending with its narration in the page's language, the result and the
settlement, and what each choice was worth.  The page script
(``docs/_static/practice-chemin-seat.js``) only follows this tree and adds up the score.

A reader's choice changes how many cards a coup uses, and so which cards the next coup
gets; to keep the tree small, each coup is dealt from its own six cards, the next six of
one seeded shoe (a card a coup does not use is set aside).  A free cell of the banker
comes about once in a hundred coups, so the run keeps only the shoe's coups in which the
banker or the bettor meets one: ``coups`` of each, in the order the shoe dealt them.

>>> data = seat_data(seat="banker", seed=4, lang="en", coups=3)
>>> sum("seen" in c["seats"]["banker"] for c in data["coups"])
3
>>> sorted(data["coups"][0]["seats"]), data["seat"]
(['banker', 'bettor'], 'banker')
>>> coup = data["coups"][0]
>>> len(coup["cards"])
6
>>> ending = coup["endings"][coup["seats"]["banker"]["ending"]]
>>> ending["winner"] in ("bettor", "banker", "push")
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bacara_teach.analysis.choice_values import choice_values
from bacara_teach.analysis.composition import Composition
from bacara_teach.cards import Card, hand_total
from bacara_teach.chemin_de_fer import (
    BANKER,
    BETTOR,
    COUP_CARDS,
    ROLES,
    SEVERAL,
    CheminDeFerCoup,
    CoupInPlay,
    Policy,
    View,
    Winner,
    get_policy,
    tableau_for,
)
from bacara_teach.i18n import resolve_language
from bacara_teach.narration import describe_banker_row, describe_player_rule, narrate_step
from bacara_teach.practice._page import numbers_data, practice_node
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import Decision
from bacara_teach.text import N_, ptr
from bacara_teach.widgets._common import Labels
from bacara_teach.widgets._html import percent

__all__ = ["PAGE_COUPS", "SEAT_KIND", "coup_net", "seat_data", "seat_html", "seat_json"]

SEAT_KIND = "chemin-seat"
"""The page's practice kind (``data-practice``): its script is ``practice-chemin-seat.js``."""

PAGE_COUPS = 4
"""How many coups a page prepares for each seat's free cells (a page's practice script and
data weigh at most 150 KiB, and this page also holds the table drill)."""

_PAGE_LABELS: dict[str, str] = {
    "prepared": N_("The {coups} coups here come from one shuffled shoe, and each is dealt "
                   "from its own six cards, the shoe's next six: a card a coup does not use "
                   "is set aside. Only the shoe's coups in which the banker or the bettor "
                   "meets a free cell are kept, so most coups ask you something."),
    "coup": N_("Coup {n} of {of}"),
    "skip": N_("Deal until you decide"),
    "skip.tip": N_("Deal coups until one asks you for a decision"),
    "over": N_("Every prepared coup has been played. Start again, or take the seat in the "
               "chapter's live notebook for a fresh shoe."),
    "again": N_("Start again"),
    "net": N_("Your net: {net} stakes"),
    "settle.won": N_("You win the stake: +1."),
    "settle.lost": N_("You lose the stake: −1."),
    "settle.push": N_("Nobody pays: 0."),
    "noscript": N_("The seat needs JavaScript; the live notebook has it too."),
}


def coup_net(coup: CheminDeFerCoup, seat: str) -> int:
    """What the seat's side wins or loses on a unit stake: a win pays 1:1, no commission,
    a push returns the stake (the home Chemin de Fer rules' settlement).

    >>> coup = CheminDeFerCoup.from_cards("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw", banker="draw")
    >>> coup_net(coup, "banker"), coup_net(coup, "bettor")
    (1, -1)
    """
    if coup.winner is Winner.PUSH:
        return 0
    return 1 if coup.winner.value == seat else -1


def _signed(value: Any, lang: str) -> str:
    text = percent(value, lang=lang)
    return text if value < 0 else "+" + text


def _rule_text(view: View, labels: Labels) -> str:
    """The rule of the reader's cell, read from the tableau data (as the live seat says it)."""
    lang = labels.lang
    tableau = tableau_for(view.bettors)
    if view.role == BETTOR:
        rule = describe_player_rule(tableau, lang)
        runs = ", ".join(labels.fill(f"rule.{d}", values=rule[d])
                         for d in ("draw", "choice", "stand") if d in rule)
        return labels.fill("with.one" if view.bettors == 1 else "with.several", rule=runs)
    if view.third_card is None:
        return labels["banker.stood"]
    return labels.fill("banker.row", total=view.total,
                       row=describe_banker_row(tableau, view.total, lang))


def _seen(view: View, rule: int) -> dict[str, object]:
    """Only what the reader's player may see: own cards, the face-up third card, the rule."""
    third = view.third_card
    return {"cards": [str(c) for c in view.cards], "total": view.total,
            "third": None if third is None else str(third),
            "thirdValue": None if third is None else third.points, "rule": rule}


class _Coup:
    """One prepared coup: its endings (told once each) and the trees of the seats."""

    def __init__(self, cards: tuple[Card, ...], composition: Composition, policy: Policy, *,
                 labels: Labels, rules: list[str], lines: list[str]) -> None:
        self.cards = cards
        self.composition = composition
        self.policy = policy
        self.labels = labels
        self.rules = rules
        self.endings: list[dict[str, object]] = []
        self._index: dict[str, int] = {}
        self.lines = lines

    def _line(self, text: str) -> int:
        """A narration line, kept once for the whole run: endings share many of theirs."""
        if text not in self.lines:
            self.lines.append(text)
        return self.lines.index(text)

    def _rule(self, view: View) -> int:
        """The rule of the reader's cell, kept once for the whole run."""
        text = _rule_text(view, self.labels)
        if text not in self.rules:
            self.rules.append(text)
        return self.rules.index(text)

    def _engine_turns(self, play: CoupInPlay, seat: str) -> None:
        while (view := play.pending) is not None and view.role != seat:
            play.decide(self.policy(view))

    def _ending(self, coup: CheminDeFerCoup) -> int:
        key = repr(coup)
        if key not in self._index:
            self._index[key] = len(self.endings)
            lang = self.labels.lang
            self.endings.append({
                "bettor": [str(c) for c in coup.bettor],
                "banker": [str(c) for c in coup.banker],
                "totals": [hand_total(coup.bettor), hand_total(coup.banker)],
                "winner": coup.winner.value,
                "narration": [self._line(line) for line in coup.narrate(lang).split("\n")],
            })
        return self._index[key]

    def _leaf(self, play: CoupInPlay, seat: str, *, chosen: Decision | None) -> dict[str, object]:
        """An ending seen from the seat: its result and settlement, and, where the reader had
        nothing to choose, the line telling the seat's forced cell (``forced``: -1 for none)."""
        coup = play.result()
        net = coup_net(coup, seat)
        leaf: dict[str, object] = {"ending": self._ending(coup),
                                   "result": "push" if net == 0 else "won" if net > 0 else "lost",
                                   "net": net}
        if chosen is None:
            forced = [s for s in coup.steps if s.actor == seat and s.cell is not None]
            leaf["forced"] = (self._line(narrate_step(forced[0], self.labels.lang, coup.tableau))
                              if forced else -1)
        return leaf

    def tree(self, seat: str, bettors: int) -> dict[str, object]:
        """The reader's coup at ``seat``: a leaf, or the free cell and its two leaves."""
        play = CoupInPlay(self.cards, bettors=bettors)
        self._engine_turns(play, seat)
        view = play.pending
        if view is None:
            return self._leaf(play, seat, chosen=None)
        values = choice_values(view, self.composition, other=self.policy)
        lang = self.labels.lang
        node: dict[str, object] = {
            "seen": _seen(view, self._rule(view)),
            "worth": {choice.value: [_signed(worth, lang), f"{worth.numerator}/{worth.denominator}"]
                      for choice, worth in ((Decision.DRAW, values.draw),
                                            (Decision.STAND, values.stand))},
            "gap": percent(abs(values.draw - values.stand), lang=lang),
            "better": values.better,
        }
        for decision in (Decision.DRAW, Decision.STAND):
            branch = CoupInPlay(self.cards, bettors=bettors)
            self._engine_turns(branch, seat)
            branch.decide(decision.value)
            self._engine_turns(branch, seat)
            node[decision.value] = self._leaf(branch, seat, chosen=decision)
        return node


_SEAT_KEYS = ("seat", "bettor", "banker", "bettor.tip", "banker.tip", "new", "new.tip",
              "do.draw", "do.draw.tip", "do.stand", "do.stand.tip", "score", "narration", "worth",
              "worth.draw", "worth.stand", "your.cards", "third", "ask", "forced", "untouched",
              "result.won", "result.lost", "result.push", "cell", "cell.third", "chose.better",
              "chose.worse", "chose.either")


def _labels(labels: Labels, page: Labels, policy: str, bettors: int) -> dict[str, str]:
    out = {key: labels[key] for key in _SEAT_KEYS}
    out["policy"] = f"{labels['policy']}: {labels[policy]}"
    out["bettors"] = f"{labels['bettors']}: {labels['one' if bettors == 1 else 'several']}"
    for role, other in ((BETTOR, BANKER), (BANKER, BETTOR)):
        out[f"you.{role}"] = labels.fill("you", seat=labels[role])
        out[f"other.{role}"] = f"{labels[other]}: {labels['hidden']}"
    out["total"] = ptr("tableau column", "total", labels.lang)
    out.update(dict(page))
    return out


def _asks(cards: tuple[Card, ...], seat: str, bettors: int, policy: Policy) -> bool:
    """Whether the coup over ``cards`` comes to a free cell of ``seat``, the other side
    answering its own by ``policy``."""
    play = CoupInPlay(cards, bettors=bettors)
    while (view := play.pending) is not None:
        if view.role == seat:
            return True
        play.decide(policy(view))
    return False


def seat_data(*, seat: str = BETTOR, bettors: int = SEVERAL, policy: str = "punto-banco",
              seed: int = 1, decks: int = 6, lang: str | None = None,
              coups: int = PAGE_COUPS) -> dict[str, Any]:
    """The page's run of coups, every branch, for both seats.

    The arguments are the live seat's (:class:`~bacara_teach.widgets.chemin.CheminDeFerSeat`):
    ``seat`` is where the page starts, ``bettors`` how many bettors stake; the shoe of
    ``decks`` decks is shuffled from ``seed`` (and again from it when it runs low), and so is
    a random ``policy``.  The shoe is dealt six cards a coup; the run keeps, in the shoe's
    order, ``coups`` coups in which the banker meets a free cell and ``coups`` in which the
    bettor does, the two in turn.
    """
    from bacara_teach.widgets.chemin import _LABELS

    lang = resolve_language(lang)
    labels = Labels(_LABELS, lang)
    page = Labels(_PAGE_LABELS, lang)
    shoe = Shoe.standard(decks, seed=seed)
    engine = get_policy(policy, seed=seed)
    chooser = get_policy(policy, seed=seed)
    wanted = {BANKER: coups, BETTOR: coups}
    rules: list[str] = []
    lines: list[str] = []
    prepared = []
    while any(wanted.values()):
        if shoe.remaining < COUP_CARDS:
            shoe.shuffle()
        composition = Composition.from_shoe(shoe)
        cards = tuple(shoe.draw() for _ in range(COUP_CARDS))
        # The bettor's free cells come ten times as often as the banker's: a coup is kept for
        # the bettor only while the banker has had as many, so the two take turns in the run.
        keep = [role for role in ROLES if wanted[role] and _asks(cards, role, bettors, chooser)
                and (role == BANKER or wanted[BETTOR] >= wanted[BANKER])]
        if not keep:
            continue
        for role in keep:
            wanted[role] -= 1
        coup = _Coup(cards, composition, engine, labels=labels, rules=rules, lines=lines)
        seats = {role: coup.tree(role, bettors) for role in ROLES}
        prepared.append({"cards": [str(c) for c in cards], "endings": coup.endings,
                         "seats": seats})
    return {
        "version": 1,
        "lang": lang,
        "seat": seat,
        "bettors": bettors,
        "labels": _labels(labels, page, policy, bettors),
        "rules": rules,
        "lines": lines,
        "numbers": numbers_data(lang),
        "coups": prepared,
    }


def seat_json(**options: Any) -> str:
    """:func:`seat_data` as JSON that is safe inside an HTML ``<script>`` element."""
    raw = json.dumps(seat_data(**options), ensure_ascii=False, separators=(",", ":"))
    return raw.replace("</", "<\\/").replace("<!--", "<\\!--")


def seat_html(options: Mapping[str, Any]) -> str:
    """The seat as a static page holds it: the practice node, its data, and a line for a
    page without JavaScript."""
    lang = resolve_language(options.get("lang"))
    return practice_node(SEAT_KIND, seat_data(**{**options, "lang": lang}), lang,
                         css_class="bt-seat", waiting=Labels(_PAGE_LABELS, lang)["noscript"])
