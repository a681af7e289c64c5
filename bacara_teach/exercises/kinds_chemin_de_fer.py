"""Question kinds on Chemin de Fer: forced and free cells, the order of information, the money.

* ``cdf-cell`` - draw, stand or free, read from :data:`~bacara_teach.tableau.CHEMIN_DE_FER`
  and :data:`~bacara_teach.tableau.CHEMIN_DE_FER_SINGLE_BETTOR`;
* ``cdf-order`` - the moments of a coup in the order the engine records them
  (:mod:`bacara_teach.chemin_de_fer`, the worked coup of the Chemin de Fer chapter);
* ``cdf-money`` - the reserve and the smallest bank to continue with, read from a
  :class:`~bacara_teach.chemin_de_fer_session.CheminDeFerSession` played to that point.

The worked example of the Chemin de Fer rules (bank 20, covered 12, the banker wins):

>>> money = CdfMoneyKind()
>>> money.key({"ask": "continue-after-win", "bank": 20, "covered": 12})
24
>>> money.key({"ask": "reserve", "bank": 20, "covered": 12})
8
>>> CdfCellKind().key({"bettors": 2, "hand": "banker", "total": 3, "third": 9})
'free'
>>> CdfCellKind().key_text({"bettors": 2, "hand": "banker", "total": 3, "third": 9}, "es")
"'libre'"
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from bacara_teach.cards import parse_cards
from bacara_teach.chemin_de_fer import CheminDeFerCoup, describe_cell, tableau_for
from bacara_teach.chemin_de_fer_session import (
    STARTING_CHIPS,
    CheminDeFerSession,
    Event,
    Phase,
    describe_event,
)
from bacara_teach.errors import BacaraError
from bacara_teach.exercises.questions import (
    LettersAnswer,
    ParamsError,
    QuestionKind,
    WholeAnswer,
    WordAnswer,
    distinct,
    int_param,
    lang_code,
    param,
)
from bacara_teach.narration import describe_banker_row, describe_player_rule, spans
from bacara_teach.shoe import Shoe
from bacara_teach.steps import Rule, Step
from bacara_teach.tableau import PUNTO_BANCO, Cell, Decision
from bacara_teach.text import N_, Message, message, pmessage, ptr, tr

__all__ = ["CdfCellKind", "CdfMoneyKind", "CdfOrderKind"]

_WORD = {Decision.DRAW: "draw", Decision.STAND: "stand", Decision.CHOICE: "free"}
_LABELS: dict[str, Message] = {"draw": pmessage("an answer", "draw"),
                               "stand": pmessage("an answer", "stand"),
                               "free": pmessage("an answer", "free")}
_SEVERAL = 2


def _bettors(bettors: int, lang: str) -> str:
    if bettors == 1:
        return tr("a single bettor", lang)
    return tr("several bettors", lang)


# -- forced and free cells ------------------------------------------------------------------------


def _cell(params: Mapping[str, Any], kind: str) -> tuple[int, Cell]:
    bettors = int_param(params, "bettors", kind, (1, _SEVERAL))
    hand = param(params, "hand", kind)
    total = int_param(params, "total", kind, range(8))
    assert bettors is not None and total is not None
    tableau = tableau_for(bettors)
    if hand == "bettor":
        if params.get("third") is not None:
            raise ParamsError(message(
                "invalid parameters {params!r} for a {kind} question: the bettor's own rule has "
                "no third card", params=dict(params), kind=kind))
        return bettors, tableau.player_cell(total)
    if hand == "banker":
        third = int_param(params, "third", kind, [None, *range(10)])
        return bettors, tableau.banker_cell(total, third)
    raise ParamsError(message("invalid hand {hand} for a {kind} question: expected 'bettor' or "
                              "'banker'", hand=repr(hand), kind=kind))


class CdfCellKind(QuestionKind):
    """One cell of Chemin de Fer's tableau: must draw, must stand, or free."""

    name = "cdf-cell"
    title = N_("Chemin de Fer: forced or free")
    answer = WordAnswer(("draw", "stand", "free"), labels=_LABELS,
                        typed={"free": pmessage("typed words", "free|choice|free choice"),
                               "draw": pmessage("typed words", "draw"),
                               "stand": pmessage("typed words", "stand")})

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        cells: list[tuple[int, Cell]] = []
        for bettors in (1, _SEVERAL):
            tableau = tableau_for(bettors)
            cells += [(bettors, c) for c in tableau.cells()
                      if c.hand == "player" or bettors == _SEVERAL]  # one banker table for both
        free_rows = {(b, c.hand, c.total) for b, c in cells if c.decision is Decision.CHOICE}
        free = [x for x in cells if x[1].decision is Decision.CHOICE]
        near = [x for x in cells if x[1].decision is not Decision.CHOICE
                and (x[0], x[1].hand, x[1].total) in free_rows]
        n_free = int(options.get("free", max(1, count // 2)))
        chosen = rng.sample(free, min(n_free, count)) + rng.sample(near, count - min(n_free, count))
        rng.shuffle(chosen)
        return [{"bettors": b, "hand": "bettor" if c.hand == "player" else "banker", "total": c.total,
                 "third": c.third} for b, c in chosen]

    def check_params(self, params: Mapping[str, Any]) -> None:
        _cell(params, self.name)

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        bettors, cell = _cell(params, self.name)
        if cell.hand == "player":
            return tr("Chemin de Fer with {who}. Neither hand is a natural. The active bettor's two "
                      "cards total **{total}**. Must the bettor draw, must the bettor stand, or is "
                      "it the bettor's free choice?", code, who=_bettors(bettors, code),
                      total=cell.total)
        if cell.third is None:
            return tr("Chemin de Fer. Neither hand is a natural and the bettor stood. The banker's "
                      "two cards total **{total}**. Must the banker draw, must the banker stand, or "
                      "is it the banker's free choice?", code, total=cell.total)
        return tr("Chemin de Fer. Neither hand is a natural and the bettor drew a third card, dealt "
                  "face up, worth **{third}**. The banker's two cards total **{total}**. Must the "
                  "banker draw, must the banker stand, or is it the banker's free choice?", code,
                  third=cell.third, total=cell.total)

    def key(self, params: Mapping[str, Any]) -> str:
        return _WORD[_cell(params, self.name)[1].decision]

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        bettors, cell = _cell(params, self.name)
        tableau = tableau_for(bettors)
        if cell.hand == "player":
            rule = describe_player_rule(tableau, code)
            parts = [_player_part(d, rule[d], code) for d in ("draw", "choice", "stand") if d in rule]
            text = tr("With {who} the bettor {row}.", code, who=_bettors(bettors, code),
                      row=_and(parts, code))
            fixed = PUNTO_BANCO.player_decision(cell.total)
        else:
            if cell.third is None:
                after = tableau.banker_after_stand
                draws = spans((t for t, d in enumerate(after) if d is Decision.DRAW), code)
                stands = spans((t for t, d in enumerate(after) if d is Decision.STAND), code)
                text = tr("When the bettor stood, the banker draws on {draws} and stands on "
                          "{stands}.", code, draws=draws, stands=stands)
            else:
                text = tr("On {total} the banker {row}.", code, total=cell.total,
                          row=describe_banker_row(tableau, cell.total, code))
            fixed = PUNTO_BANCO.banker_decision(cell.total, cell.third)
        text += " " + tr("This cell is {cell}: **{word}**.", code,
                         cell=describe_cell(cell, bettors, code),
                         word=_LABELS[_WORD[cell.decision]].render(code))
        if cell.decision is Decision.CHOICE:
            text += " " + tr("(Punto Banco's fixed table says {word} here.)", code,
                             word=_LABELS[fixed.value].render(code))
        return text


def _player_part(decision: str, span: str, lang: str) -> str:
    """One part of the bettor's rule: what the bettor does on ``span`` (totals)."""
    if decision == "draw":
        return ptr("the bettor's rule", "draws on {span}", lang, span=span)
    if decision == "choice":
        return ptr("the bettor's rule", "chooses freely on {span}", lang, span=span)
    return ptr("the bettor's rule", "stands on {span}", lang, span=span)


def _and(parts: list[str], lang: str) -> str:
    if len(parts) == 1:
        return parts[0]
    return ptr("the bettor's rule", "{items}, {last}", lang, items=", ".join(parts[:-1]),
               last=parts[-1])


# -- the order of information -----------------------------------------------------------------

EVENTS: Mapping[str, str] = {
    "deal": N_("Four cards are dealt face down: bettor, banker, bettor, banker."),
    "bettor-look": N_("The active bettor looks at the two hidden cards."),
    "announce": N_("The active bettor announces draw or stand."),
    "banker-look": N_("The banker looks at the two hidden cards."),
    "third-face-up": N_("The card the bettor asked for is dealt face up."),
    "banker-decides": N_("The banker draws or stands, seeing only the bettor's face-up third card."),
    "show": N_("All the cards are shown and the totals compared."),
}
"""The moments of a coup asked about, by the id the engine's steps map to (English; each is a
message, :func:`~bacara_teach.text.tr` gives it in any language)."""

_EXAMPLE_3 = ("2♥ A♠ 3♣ 2♦ 9♥ 5♠", "draw", "draw")
"""The worked coup of the Chemin de Fer rules: the bettor draws on 5, the banker on 3 chooses
against a 9."""


def _event_of(step: Step) -> str | None:
    if step.action == "deal":
        return "deal"
    if step.action == "look":
        return f"{step.actor}-look"
    if step.action == "announce":
        return "announce"
    if step.rule == Rule.THIRD_CARD_FACE_UP:
        return "third-face-up"
    if step.actor == "banker" and step.cell is not None:
        return "banker-decides"
    if step.rule == Rule.SHOWDOWN:
        return "show"
    return None


@cache
def _example_coup() -> CheminDeFerCoup:
    cards, bettor, banker = _EXAMPLE_3
    return CheminDeFerCoup.from_cards(cards, bettor=bettor, banker=banker)


@cache
def engine_order() -> tuple[str, ...]:
    """The moments of worked example 3's coup, in the order the engine recorded them.

    >>> engine_order()[:3]
    ('deal', 'bettor-look', 'announce')
    """
    order: list[str] = []
    for step in _example_coup().steps:
        event = _event_of(step)
        if event is not None and event not in order:
            order.append(event)
    return tuple(order)


class CdfOrderKind(QuestionKind):
    """The order of information in a Chemin de Fer coup where the bettor asks for a card."""

    name = "cdf-order"
    title = N_("Chemin de Fer: who knows what, when")
    answer = LettersAnswer("abcdefg")
    _LETTERS = "abcdefg"

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:  # noqa: ARG002 - no options
        def draw(pick: random.Random) -> dict[str, Any]:
            shown = list(EVENTS)
            pick.shuffle(shown)
            while shown == list(engine_order()):  # never hand out the answer as the order shown
                pick.shuffle(shown)
            return {"shown": shown}

        return distinct(rng, count, draw)

    def _shown(self, params: Mapping[str, Any]) -> list[str]:
        shown = param(params, "shown", self.name)
        if not isinstance(shown, list) or sorted(map(str, shown)) != sorted(EVENTS):
            raise ParamsError(message(
                "invalid shown {shown} for a {kind} question: expected each of {names} once",
                shown=repr(shown), kind=self.name, names=", ".join(EVENTS)))
        return [str(s) for s in shown]

    def check_params(self, params: Mapping[str, Any]) -> None:
        self._shown(params)

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        lines = [f"- **{letter}.** {tr(EVENTS[event], code)}"
                 for letter, event in zip(self._LETTERS, self._shown(params), strict=True)]
        return tr("In a coup of Chemin de Fer, neither hand is a natural and the bettor asks for a "
                  "card. Put these moments in the order they happen:", code) + "\n\n" + "\n".join(lines)

    def key(self, params: Mapping[str, Any]) -> list[str]:
        letter = dict(zip(self._shown(params), self._LETTERS, strict=True))
        return [letter[event] for event in engine_order()]

    def answer_comment(self, lang: str | None = None) -> str:
        return tr('a list of letters in order, e.g. {example}', lang,
                  example='["a", "b", "c", "d", "e", "f", "g"]')

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        key = self.key(params)
        return (tr("The order, as in this worked coup: {letters}.", code,
                   letters=", ".join(key))
                + " " + _example_coup().narrate(code).replace("\n", " "))


# -- the money -------------------------------------------------------------------------------------

_PLAYERS = ("Ana", "Luis", "Eva")
_OUTCOME_CARDS = {
    "banker": "K♠ 9♥ 2♣ K♦",  # the bettor has 2 and asks; the banker shows a natural 9 and wins
    "push": "8♠ 8♥ K♣ K♦",  # two natural 8s: a push
}
ASKS: Mapping[str, tuple[str, str]] = {
    "reserve": ("push", N_("How many chips are set aside as the banker's personal reserve?")),
    "continue-after-win": ("banker", N_("The banker wins the coup. What is the smallest bank the "
                                        "banker may continue with?")),
    "continue-after-push": ("push", N_("The coup is a push. What is the smallest bank the banker "
                                       "may continue with?")),
    "bank-after-win": ("banker", N_("The banker wins the coup. How many chips are now in the bank "
                                    "(not counting the reserve)?")),
}
"""What a money question may ask, with the coup outcome it is set in (the question a message)."""

_RULES: Mapping[str, str] = {
    "reserve": N_("The part of the bank the bets do not cover is set aside as the banker's "
                  "personal reserve."),
    "continue-after-win": N_("To continue after a win, the bank must be at least the stakes it "
                             "covered plus what it won; the reserve stays personal."),
    "continue-after-push": N_("After a push the banker may go on with at least the stakes covered "
                              "before; the reserve stays personal."),
    "bank-after-win": N_("A winning bank takes the stakes it covered, with no commission."),
}
"""The rule behind each money question's answer."""


def _event_text(event: Event, players: list[str], lang: str) -> str:
    return describe_event(event, players, lang)


def money_session(bank: int, covered: int, outcome: str) -> tuple[CheminDeFerSession, int]:
    """A session where Ana opens ``bank``, Eva and Luis cover ``covered``, and the coup ends in
    ``outcome`` (``banker`` or ``push``); returns the session and the reserve set aside."""
    filler = Shoe.standard(6, seed=1).remaining_cards()
    shoe = Shoe([*parse_cards(_OUTCOME_CARDS[outcome]), *filler])
    session = CheminDeFerSession(list(_PLAYERS), seed=1, shoe=shoe, first_banker=0)
    session.open_bank(0, bank)
    plan = {2: (covered + 1) // 2, 1: covered // 2}
    while (pending := session.pending) is not None and pending.phase in (Phase.BANCO, Phase.BETS):
        if pending.phase is Phase.BANCO:
            session.decline_banco(pending.seat)
        elif plan.get(pending.seat):
            session.bet(pending.seat, plan.pop(pending.seat))
        else:
            session.decline_bet(pending.seat)
    reserve = session.reserve
    while (pending := session.pending) is not None and pending.phase is Phase.COUP:
        session.decide(pending.seat, "draw")
    return session, reserve


class CdfMoneyKind(QuestionKind):
    """The reserve, the bank after a win, the smallest bank to continue (whole chips)."""

    name = "cdf-money"
    title = N_("Chemin de Fer: the bank's money")
    answer = WholeAnswer(minimum=0, noun=message("a number of chips"))
    _ASKS: ClassVar[tuple[str, ...]] = ("continue-after-win", "reserve", "continue-after-push")

    def generate(self, rng: random.Random, count: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
        asks = tuple(options.get("asks", self._ASKS))
        position = iter(range(10**6))

        def draw(pick: random.Random) -> dict[str, Any]:
            bank = pick.randrange(6, 61)
            return {"ask": asks[next(position) % len(asks)], "bank": bank,
                    "covered": pick.randrange(2, bank)}

        return distinct(rng, count, draw)

    def _run(self, params: Mapping[str, Any]) -> tuple[str, CheminDeFerSession, int]:
        ask = param(params, "ask", self.name)
        if ask not in ASKS:
            raise ParamsError(message(
                "invalid ask {ask} for a {kind} question: expected one of {names}", ask=repr(ask),
                kind=self.name, names=", ".join(ASKS)))
        bank = int_param(params, "bank", self.name, range(2, STARTING_CHIPS + 1))
        assert bank is not None
        covered = int_param(params, "covered", self.name, range(1, bank + 1))
        assert covered is not None
        try:
            session, reserve = money_session(bank, covered, ASKS[ask][0])
        except BacaraError as error:
            raise ParamsError(message("invalid {kind} question {params!r}: {error}", kind=self.name,
                                      params=dict(params), error=error.message)) from None
        return ask, session, reserve

    def check_params(self, params: Mapping[str, Any]) -> None:
        self._run(params)

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        asked = param(params, "ask", self.name)
        bank, covered = params["bank"], params["covered"]
        return tr("Chemin de Fer. The banker offers a bank of **{bank}** chips and the bettors "
                  "cover **{covered}** of it between them. {question}", code, bank=bank,
                  covered=covered, question=tr(ASKS[asked][1], code))

    def key(self, params: Mapping[str, Any]) -> int:
        ask, session, reserve = self._run(params)
        if ask == "reserve":
            return reserve
        if ask == "bank-after-win":
            return session.bank
        pending = session.pending
        assert pending is not None and pending.phase is Phase.CONTINUE and pending.minimum is not None
        return pending.minimum

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        ask, session, _ = self._run(params)
        shown = ("open-bank", "bet", "reserve", "collect", "push")
        story = " ".join(_event_text(e, list(session.players), code)
                         for e in session.events if e.kind in shown)
        return " ".join([story, tr(_RULES[ask], code),
                         tr("So the answer is **{answer}**.", code, answer=self.key(params))])


KIND_CLASSES = (CdfCellKind, CdfOrderKind, CdfMoneyKind)
