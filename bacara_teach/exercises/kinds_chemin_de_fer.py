"""Question kinds on Chemin de Fer: forced and free cells, the order of information, the money.

* ``cdf-cell`` - draw, stand or free, read from :data:`~bacara_teach.tableau.CHEMIN_DE_FER`
  and :data:`~bacara_teach.tableau.CHEMIN_DE_FER_SINGLE_BETTOR`;
* ``cdf-order`` - the moments of a coup in the order the engine records them
  (:mod:`bacara_teach.chemin_de_fer`, RULES.md worked example 3);
* ``cdf-money`` - the reserve and the smallest bank to continue with, read from a
  :class:`~bacara_teach.chemin_de_fer_session.CheminDeFerSession` played to that point.

RULES.md worked example 4 (bank 20, covered 12, the banker wins):

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
from bacara_teach.i18n import pick, term
from bacara_teach.narration import describe_banker_row, describe_player_rule, spans
from bacara_teach.shoe import Shoe
from bacara_teach.steps import Rule, Step
from bacara_teach.tableau import PUNTO_BANCO, Cell, Decision

__all__ = ["CdfCellKind", "CdfMoneyKind", "CdfOrderKind"]

_WORD = {Decision.DRAW: "draw", Decision.STAND: "stand", Decision.CHOICE: "free"}
_WORD_ES = {"draw": term("draw", "es"), "stand": term("stand", "es"), "free": "libre"}
_SEVERAL = 2


def _bettors(bettors: int, lang: str) -> str:
    if bettors == 1:
        return pick(lang, en="a single bettor", es="un solo apostador")
    return pick(lang, en="several bettors", es="varios apostadores")


# -- forced and free cells ------------------------------------------------------------------------


def _cell(params: Mapping[str, Any], kind: str) -> tuple[int, Cell]:
    bettors = int_param(params, "bettors", kind, (1, _SEVERAL))
    hand = param(params, "hand", kind)
    total = int_param(params, "total", kind, range(8))
    assert bettors is not None and total is not None
    tableau = tableau_for(bettors)
    if hand == "bettor":
        if params.get("third") is not None:
            raise ParamsError(en=f"invalid parameters {dict(params)!r} for a {kind} question: "
                                 "the bettor's own rule has no third card",
                              es=f"parámetros no válidos {dict(params)!r} en una pregunta {kind}: "
                                 "la regla propia del punto no tiene tercera carta")
        return bettors, tableau.player_cell(total)
    if hand == "banker":
        third = int_param(params, "third", kind, [None, *range(10)])
        return bettors, tableau.banker_cell(total, third)
    raise ParamsError(en=f"invalid hand {hand!r} for a {kind} question: expected 'bettor' or 'banker'",
                      es=f"mano no válida {hand!r} en una pregunta {kind}: se esperaba 'bettor' o "
                         "'banker'")


class CdfCellKind(QuestionKind):
    """One cell of Chemin de Fer's tableau: must draw, must stand, or free."""

    name = "cdf-cell"
    title = "Chemin de Fer: forced or free"
    title_es = "Chemin de Fer: obligado o libre"
    answer = WordAnswer(("draw", "stand", "free"), spanish=_WORD_ES,
                        aliases={"choice": "free", "free choice": "free", "elección libre": "free",
                                 "roba": "draw", "se planta": "stand"})

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
        who = _bettors(bettors, code)
        if code == "es":
            if cell.hand == "player":
                situation = (f"Chemin de Fer con {who}. Ninguna mano es un natural. Las dos cartas "
                             f"del punto activo suman **{cell.total}**.")
                ask = "¿El punto debe robar, debe plantarse, o puede elegir libremente?"
            else:
                drew = ("el punto se plantó" if cell.third is None else
                        "el punto robó una tercera carta, dada boca arriba, que vale "
                        f"**{cell.third}**")
                situation = (f"Chemin de Fer. Ninguna mano es un natural y {drew}. Las dos cartas "
                             f"de la banca suman **{cell.total}**.")
                ask = "¿La banca debe robar, debe plantarse, o puede elegir libremente?"
            return f"{situation} {ask}"
        if cell.hand == "player":
            situation = (f"Chemin de Fer with {who}. Neither hand is a natural. The active bettor's "
                         f"two cards total **{cell.total}**.")
            ask = "Must the bettor draw, must the bettor stand, or is it the bettor's free choice?"
        else:
            drew = ("the bettor stood" if cell.third is None else
                    f"the bettor drew a third card, dealt face up, worth **{cell.third}**")
            situation = (f"Chemin de Fer. Neither hand is a natural and {drew}. The banker's two "
                         f"cards total **{cell.total}**.")
            ask = "Must the banker draw, must the banker stand, or is it the banker's free choice?"
        return f"{situation} {ask}"

    def key(self, params: Mapping[str, Any]) -> str:
        return _WORD[_cell(params, self.name)[1].decision]

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        if code == "es":
            return self._explain_es(params)
        bettors, cell = _cell(params, self.name)
        tableau = tableau_for(bettors)
        if cell.hand == "player":
            rule = describe_player_rule(tableau)
            words = {"draw": "draws on", "choice": "chooses freely on", "stand": "stands on"}
            row = ", ".join(f"{words[d]} {rule[d]}" for d in ("draw", "choice", "stand") if d in rule)
            text = f"With {'a single bettor' if bettors == 1 else 'several bettors'} the bettor {row}."
            fixed = PUNTO_BANCO.player_decision(cell.total)
        else:
            if cell.third is None:
                after = tableau.banker_after_stand
                draws = spans(t for t, d in enumerate(after) if d is Decision.DRAW)
                stands = spans(t for t, d in enumerate(after) if d is Decision.STAND)
                text = f"When the bettor stood, the banker draws on {draws} and stands on {stands}."
            else:
                text = f"On {cell.total} the banker {describe_banker_row(tableau, cell.total)}."
            fixed = PUNTO_BANCO.banker_decision(cell.total, cell.third)
        text += f" This cell is {describe_cell(cell, bettors)}: **{_WORD[cell.decision]}**."
        if cell.decision is Decision.CHOICE:
            text += f" (Punto Banco's fixed table says {fixed.value} here.)"
        return text

    def _explain_es(self, params: Mapping[str, Any]) -> str:
        bettors, cell = _cell(params, self.name)
        tableau = tableau_for(bettors)
        if cell.hand == "player":
            rule = describe_player_rule(tableau, "es")
            words = {"draw": "roba con", "choice": "elige libremente con", "stand": "se planta con"}
            parts = [f"{words[d]} {rule[d]}" for d in ("draw", "choice", "stand") if d in rule]
            row = " y ".join([", ".join(parts[:-1]), parts[-1]]) if len(parts) > 1 else parts[0]
            text = f"Con {_bettors(bettors, 'es')}, el punto {row}."
            fixed = PUNTO_BANCO.player_decision(cell.total)
        else:
            if cell.third is None:
                after = tableau.banker_after_stand
                draws = spans((t for t, d in enumerate(after) if d is Decision.DRAW), "es")
                stands = spans((t for t, d in enumerate(after) if d is Decision.STAND), "es")
                text = f"Cuando el punto se planta, la banca roba con {draws} y se planta con {stands}."
            else:
                text = f"Con {cell.total}, la banca {describe_banker_row(tableau, cell.total, 'es')}."
            fixed = PUNTO_BANCO.banker_decision(cell.total, cell.third)
        word = _WORD_ES[_WORD[cell.decision]]
        text += f" Esta casilla es {describe_cell(cell, bettors, 'es')}: **{word}**."
        if cell.decision is Decision.CHOICE:
            text += f" (Aquí la tabla fija de Punto Banco dice {_WORD_ES[fixed.value]}.)"
        return text


# -- the order of information -----------------------------------------------------------------

EVENTS: Mapping[str, str] = {
    "deal": "Four cards are dealt face down: bettor, banker, bettor, banker.",
    "bettor-look": "The active bettor looks at the two hidden cards.",
    "announce": "The active bettor announces draw or stand.",
    "banker-look": "The banker looks at the two hidden cards.",
    "third-face-up": "The card the bettor asked for is dealt face up.",
    "banker-decides": "The banker draws or stands, seeing only the bettor's face-up third card.",
    "show": "All the cards are shown and the totals compared.",
}
"""The moments of a coup asked about, by the id the engine's steps map to."""

EVENTS_ES: Mapping[str, str] = {
    "deal": "Se reparten cuatro cartas boca abajo: punto, banca, punto, banca.",
    "bettor-look": "El punto activo mira sus dos cartas ocultas.",
    "announce": "El punto activo anuncia si roba o se planta.",
    "banker-look": "La banca mira sus dos cartas ocultas.",
    "third-face-up": "La carta que pidió el punto se da boca arriba.",
    "banker-decides": "La banca roba o se planta viendo solo la tercera carta del punto, boca arriba.",
    "show": "Se muestran todas las cartas y se comparan los totales.",
}
"""The same moments in Spanish."""

_EXAMPLE_3 = ("2♥ A♠ 3♣ 2♦ 9♥ 5♠", "draw", "draw")
"""RULES.md worked example 3: the bettor draws on 5, the banker on 3 chooses against a 9."""


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
    title = "Chemin de Fer: who knows what, when"
    title_es = "Chemin de Fer: quién sabe qué, y cuándo"
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
            names = ", ".join(EVENTS)
            raise ParamsError(en=f"invalid shown {shown!r} for a {self.name} question: expected "
                                 f"each of {names} once",
                              es=f"shown no válido {shown!r} en una pregunta {self.name}: se "
                                 f"esperaba cada uno de {names} una vez")
        return [str(s) for s in shown]

    def check_params(self, params: Mapping[str, Any]) -> None:
        self._shown(params)

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        texts = EVENTS_ES if code == "es" else EVENTS
        lines = [f"- **{letter}.** {texts[event]}"
                 for letter, event in zip(self._LETTERS, self._shown(params), strict=True)]
        return pick(code,
                    en="In a coup of Chemin de Fer, neither hand is a natural and the bettor asks "
                       "for a card. Put these moments in the order they happen:\n\n",
                    es="En un coup de Chemin de Fer, ninguna mano es un natural y el punto pide "
                       "una tercera carta. Ordene estos momentos tal como ocurren:\n\n") + "\n".join(lines)

    def key(self, params: Mapping[str, Any]) -> list[str]:
        letter = dict(zip(self._shown(params), self._LETTERS, strict=True))
        return [letter[event] for event in engine_order()]

    def answer_comment(self, lang: str | None = None) -> str:
        return pick(lang, en='a list of letters in order, e.g. ["a", "b", "c", "d", "e", "f", "g"]',
                    es='una lista de letras en orden, p. ej. ["a", "b", "c", "d", "e", "f", "g"]')

    def explain(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        key = self.key(params)
        return (pick(code, en="The order, as in RULES.md worked example 3: ",
                     es="El orden, como en el ejemplo resuelto 3 de RULES.md: ")
                + ", ".join(key) + ". " + _example_coup().narrate(code).replace("\n", " "))


# -- the money -------------------------------------------------------------------------------------

_PLAYERS = ("Ana", "Luis", "Eva")
_OUTCOME_CARDS = {
    "banker": "K♠ 9♥ 2♣ K♦",  # the bettor has 2 and asks; the banker shows a natural 9 and wins
    "push": "8♠ 8♥ K♣ K♦",  # two natural 8s: a push
}
ASKS: Mapping[str, tuple[str, str]] = {
    "reserve": ("push", "How many chips are set aside as the banker's personal reserve?"),
    "continue-after-win": ("banker", "The banker wins the coup. What is the smallest bank the "
                           "banker may continue with?"),
    "continue-after-push": ("push", "The coup is a push. What is the smallest bank the banker "
                            "may continue with?"),
    "bank-after-win": ("banker", "The banker wins the coup. How many chips are now in the bank "
                       "(not counting the reserve)?"),
}
"""What a money question may ask, with the coup outcome it is set in."""

ASKS_ES: Mapping[str, str] = {
    "reserve": "¿Cuántas fichas se apartan como reserva personal de la banca?",
    "continue-after-win": "La banca gana el coup. ¿Cuál es la banca más pequeña con la que "
                          "puede continuar?",
    "continue-after-push": "El coup termina en empate. ¿Cuál es la banca más pequeña con la que "
                           "la banca puede continuar?",
    "bank-after-win": "La banca gana el coup. ¿Cuántas fichas hay ahora en la banca (sin contar "
                      "la reserva)?",
}
"""The same questions in Spanish."""

_EVENTS_ES = {
    "open-bank": "{name} abre una banca de {amount}.",
    "bet": "{name} apuesta {amount}.",
    "reserve": "{amount} de la banca no se cubren y van a la reserva de {name}.",
    "collect": "La banca de {name} gana {amount}.",
    "push": "Empate: las apuestas ({amount}) vuelven a los apostadores.",
}


def _event_text(event: Event, players: list[str], lang: str) -> str:
    if lang == "es" and event.kind in _EVENTS_ES:
        name = "" if event.seat is None else players[event.seat]
        return _EVENTS_ES[event.kind].format(name=name, amount=event.amount)
    return describe_event(event, players)


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
    title = "Chemin de Fer: the bank's money"
    title_es = "Chemin de Fer: el dinero de la banca"
    answer = WholeAnswer(minimum=0, noun="a number of chips", noun_es="un número de fichas")
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
            names = ", ".join(ASKS)
            raise ParamsError(en=f"invalid ask {ask!r} for a {self.name} question: expected one of "
                                 f"{names}",
                              es=f"ask no válido {ask!r} en una pregunta {self.name}: se esperaba "
                                 f"uno de {names}")
        bank = int_param(params, "bank", self.name, range(2, STARTING_CHIPS + 1))
        assert bank is not None
        covered = int_param(params, "covered", self.name, range(1, bank + 1))
        assert covered is not None
        try:
            session, reserve = money_session(bank, covered, ASKS[ask][0])
        except BacaraError as error:
            raise ParamsError(en=f"invalid {self.name} question {dict(params)!r}: {error}",
                              es=f"pregunta {self.name} no válida {dict(params)!r}: {error}") from None
        return ask, session, reserve

    def check_params(self, params: Mapping[str, Any]) -> None:
        self._run(params)

    def prompt(self, params: Mapping[str, Any], lang: str | None = None) -> str:
        code = lang_code(lang)
        asked = param(params, "ask", self.name)
        bank, covered = params["bank"], params["covered"]
        return pick(code,
                    en=f"Chemin de Fer. The banker offers a bank of **{bank}** chips and the "
                       f"bettors cover **{covered}** of it between them. {ASKS[asked][1]}",
                    es=f"Chemin de Fer. La banca abre una banca de **{bank}** fichas y los "
                       f"apostadores cubren **{covered}** entre todos. {ASKS_ES[asked]}")

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
        if code == "es":
            rule_es = {
                "reserve": "La parte de la banca que las apuestas no cubren se aparta como reserva "
                           "personal de la banca.",
                "continue-after-win": "Para continuar después de ganar, la banca debe ser al menos "
                                      "lo apostado que cubrió más lo que ganó; la reserva sigue "
                                      "siendo personal.",
                "continue-after-push": "Después de un empate, la banca puede seguir con al menos lo "
                                       "apostado que cubría antes; la reserva sigue siendo personal.",
                "bank-after-win": "Una banca que gana se queda con lo apostado que cubría, sin "
                                  "comisión.",
            }[ask]
            return f"{story} {rule_es} Así que la respuesta es **{self.key(params)}**."
        rule = {
            "reserve": "The part of the bank the bets do not cover is set aside as the banker's "
                       "personal reserve.",
            "continue-after-win": "To continue after a win, the bank must be at least the stakes "
                                  "it covered plus what it won; the reserve stays personal.",
            "continue-after-push": "After a push the banker may go on with at least the stakes "
                                   "covered before; the reserve stays personal.",
            "bank-after-win": "A winning bank takes the stakes it covered, with no commission.",
        }[ask]
        return f"{story} {rule} So the answer is **{self.key(params)}**."


KIND_CLASSES = (CdfCellKind, CdfOrderKind, CdfMoneyKind)
