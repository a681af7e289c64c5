"""``bacara-teach chemin-de-fer deal`` and ``bacara-teach chemin-de-fer session``.

``deal`` plays one coup from given cards (or a seeded shoe) with the decisions
given as flags; ``session`` plays a whole home session in which you take one
seat and the others play seeded automatic policies.  Answers are read one per
line from standard input, so a session can be scripted; end of input stops
the session cleanly.

Which seat is yours: ``--seat`` names it; without it, at a terminal the
command asks (Enter takes the first seat), and with input from a file or a
pipe you take the first seat, so a script of answers works the same way.
``--auto`` lets every seat play itself and reads nothing.

Messages follow ``--lang`` (or the default language); answers are accepted in English and,
whatever the language, in Spanish too (``robar``/``plantarse``, ``retirarse``).
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from bacara_teach.cards import Card
from bacara_teach.chemin_de_fer import (
    BANKER,
    BETTOR,
    MAX_BETTORS,
    SEVERAL,
    CheminDeFerCoup,
    ForcedCell,
    InvalidDecision,
    MissingDecision,
    Policy,
    View,
    deal_coup,
    get_policy,
    parse_decision,
)
from bacara_teach.chemin_de_fer_session import (
    COUPS,
    DECKS,
    AutoPlayer,
    CheminDeFerSession,
    Move,
    Pending,
    Phase,
    describe_event,
)
from bacara_teach.cli.messages import add_lang_argument, current_language, t
from bacara_teach.errors import BacaraError, IllegalAction
from bacara_teach.refusals import refusal_text
from bacara_teach.saves import MAX_SEED_DIGITS, read_seed
from bacara_teach.shoe import Shoe

_POLICY_NAMES = ("punto-banco", "draw", "stand", "random")


def _bettors(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_BETTORS:
        raise argparse.ArgumentTypeError(t(
            current_language(),
            f"invalid number of bettors {text!r}: expected a whole number from 1 to {MAX_BETTORS}",
            f"número de apostadores no válido {text!r}: se esperaba un número entero de 1 a "
            f"{MAX_BETTORS}",
        ))
    return value


def _seed(text: str) -> int | str:
    if text.lstrip("-").isdigit() and text.lstrip("-").isascii() and len(text) <= MAX_SEED_DIGITS:
        return int(text)
    if text.lstrip("-").isdigit():
        raise argparse.ArgumentTypeError(t(
            current_language(),
            f"invalid seed of {len(text)} digits: expected a whole number of at most "
            f"{MAX_SEED_DIGITS} digits, or a word",
            f"semilla no válida de {len(text)} cifras: se esperaba un número entero de "
            f"{MAX_SEED_DIGITS} cifras como mucho, o una palabra"))
    return read_seed(text)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cdf = sub.add_parser(
        "chemin-de-fer",
        help="Chemin de Fer: one coup with real decisions, or a whole home session",
        description="Chemin de Fer (home rules): hidden cards, free decisions and a bank "
        "that passes between the players.",
    )
    inner = cdf.add_subparsers(dest="chemin_command", metavar="ACTION", required=True)

    deal = inner.add_parser(
        "deal",
        help="deal one coup with the decisions given as flags",
        description="Deal one Chemin de Fer coup and explain every step. The rules decide "
        "the forced cells; each free cell the coup reaches needs its flag "
        "(--bettor or --banker), and a flag for a forced cell is an error.",
    )
    source = deal.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--cards",
        help="the cards in deal order: bettor, banker, bettor, banker, then third cards "
        '(e.g. "2♥ A♠ 3♣ 2♦ 9♥ 5♠"; ASCII "2h as 3c 2d 9h 5s" works too)',
    )
    source.add_argument("--seed", type=_seed,
                        help=f"deal from the top of a {DECKS}-deck shoe shuffled with this seed")
    deal.add_argument("--bettor", choices=("draw", "stand"),
                      help="the active bettor's decision, for a free cell only")
    deal.add_argument("--banker", choices=("draw", "stand"),
                      help="the banker's decision, for a free cell only (3 against 9, 5 against 4)")
    deal.add_argument("--bettors", type=_bettors, default=SEVERAL,
                      help="how many bettors staked: 1 (free on 1-7) or more (free only on 5); "
                      f"default {SEVERAL}")
    deal.add_argument("--json", action="store_true", help="print one JSON object")
    add_lang_argument(deal)
    deal.set_defaults(run=run_deal)

    session = inner.add_parser(
        "session",
        help="play a home session: you take one seat, the others play seeded policies",
        description=f"Play a home session of {COUPS} coups with 100 chips each. Seats are "
        "numbered clockwise in the order the players are given; bets and the bank go to the "
        "right (counter-clockwise). You take one seat and the others play seeded automatic "
        "policies. Answers are read one per line from standard input, so a session can be "
        "scripted; quit (or salir), like the end of the input, stops the session. Your seat: "
        "--seat names it; without --seat, at a terminal you are asked which seat to take (Enter: the first), "
        "and with input from a file or a pipe you take the first seat. --auto lets every "
        "seat play itself and reads no input.",
    )
    session.add_argument("--players", required=True,
                         help="3-12 names separated by commas, e.g. Ana,Luis,Eva,Marc")
    session.add_argument("--seed", type=_seed,
                         help="seed of the lot and the shoe (default: a random seed, printed)")
    who = session.add_mutually_exclusive_group()
    who.add_argument("--seat", help="the player you play, by name or seat number (default: "
                     "asked at a terminal, else the first seat)")
    who.add_argument("--auto", action="store_true",
                     help="every seat plays itself with the seeded policies; no input is read")
    session.add_argument("--policy", choices=_POLICY_NAMES, default="punto-banco",
                         help="how the automatic players decide at free cells (default punto-banco)")
    add_lang_argument(session)
    session.set_defaults(run=run_session)


# -- deal ------------------------------------------------------------------------------------------


def _deal_in_order_of_play(cards: str | Sequence[Card], bettors: int, bettor: str | None,
                           banker: str | None, *, leftover: bool) -> CheminDeFerCoup:
    """:func:`deal_coup`, reporting the first wrong flag in the order of play.

    The bettor decides before the banker, so a bettor's flag for a forced cell
    is reported before a missing banker's flag.
    """
    try:
        return deal_coup(cards, bettors=bettors, bettor=bettor, banker=banker, leftover=leftover)
    except MissingDecision as missing:
        if missing.role != BANKER or bettor is None:
            raise
        # The banker's cell is free: try it with a placeholder decision, to see whether the
        # bettor's flag (which came first) is refused.  Standing needs no further card.
        try:
            deal_coup(cards, bettors=bettors, bettor=bettor, banker="stand", leftover=True)
        except ForcedCell as forced:
            if forced.role == BETTOR:
                raise forced from None
        raise



def run_deal(args: argparse.Namespace) -> int:
    lang = args.lang
    if args.cards is not None and not args.cards.strip():
        raise IllegalAction(t(
            lang,
            '--cards is empty: give the cards in deal order, e.g. "2♥ A♠ 3♣ 2♦ 9♥ 5♠"',
            '--cards está vacío: dé las cartas en el orden del reparto, p. ej. "2♥ A♠ 3♣ 2♦ 9♥ 5♠"',
        ))
    cards = args.cards if args.cards is not None else Shoe.standard(DECKS, seed=args.seed).peek(6)
    try:
        coup = _deal_in_order_of_play(cards, args.bettors, args.bettor, args.banker,
                                      leftover=args.cards is None)
    except MissingDecision as error:
        flag = f"--{error.role}"
        raise MissingDecision(
            refusal_text(error, lang).removesuffix(".")
            + t(lang, f": add {flag} draw or {flag} stand", f": añada {flag} draw o {flag} stand"),
            role=error.role,
        ) from None
    except ForcedCell as error:
        raise ForcedCell(refusal_text(error, lang).removesuffix(".")
                         + t(lang, f": drop --{error.role}", f": quite --{error.role}"),
                         role=error.role) from None
    if args.json:
        data = coup.to_dict()
        if args.seed is not None:
            data["shoe"] = {"decks": DECKS, "seed": args.seed}
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(coup.narrate(lang))
        if args.seed is not None:
            print(t(lang, f"(shoe: {DECKS} decks, seed {args.seed})",
                    f"(sabot: {DECKS} barajas, semilla {args.seed})"))
    return 0


# -- session ---------------------------------------------------------------------------------------


class _EndOfInput(Exception):
    """Standard input ended: the session stops where it is."""


class _Quit(_EndOfInput):
    """The player typed quit: the session stops where it is, as at the end of the input."""


_QUIT_WORDS = ("quit", "exit", "salir")


class _Console:
    """Prompts on one stream, answers from another, one answer per line."""

    def __init__(self, source: TextIO, sink: TextIO, *, echo: bool, lang: str = "en") -> None:
        self.source, self.sink, self.echo, self.lang = source, sink, echo, lang

    def say(self, text: str) -> None:
        print(text, file=self.sink, flush=True)

    def ask(self, prompt: str) -> str:
        self.say(prompt)
        line = self.source.readline()
        if not line:
            raise _EndOfInput
        answer = line.strip()
        if self.echo:
            self.say(f"> {answer}")
        if answer.lower() in _QUIT_WORDS:
            raise _Quit
        return answer

    def refuse(self, error: BacaraError) -> None:
        self.say(t(self.lang, "Not accepted: ", "No aceptado: ") + refusal_text(error, self.lang).removesuffix(".")
                 + ".")


_DECISION_WORDS = {
    "robar": "draw", "roba": "draw", "robo": "draw", "carta": "draw",
    "plantarse": "stand", "planto": "stand", "me planto": "stand", "plantar": "stand",
    "se planta": "stand",
}


def _decision(answer: str, lang: str) -> str:
    """``draw`` or ``stand`` from an answer in English or Spanish."""
    text = " ".join(answer.lower().split())
    try:
        return parse_decision(_DECISION_WORDS.get(text, text), who="you").value
    except InvalidDecision:
        raise InvalidDecision(t(
            lang,
            f"invalid decision {answer!r}: expected 'draw' or 'stand'",
            f"decisión no válida {answer!r}: se esperaba 'robar' o 'plantarse' "
            "('draw' o 'stand')",
        )) from None


def interactive_policy(console: _Console, name: str) -> Policy:
    """A coup policy that asks a person, showing only what the :class:`View` holds."""
    lang = console.lang

    def policy(view: View) -> str:
        while True:
            situation = view.describe(lang)
            if view.role == BETTOR:
                question = t(lang, f"{name}, you decide as the active bettor: {situation}. ",
                             f"{name}, usted decide como punto activo: {situation}. ")
            else:
                question = t(lang, f"{name}, you decide as the banker: {situation}. ",
                             f"{name}, usted decide como banca: {situation}. ")
            answer = console.ask(question + t(lang, "Draw or stand? Enter 'draw' or 'stand'.",
                                              "¿Robar o plantarse? Escriba 'robar' o 'plantarse' "
                                              "('draw' o 'stand')."))
            try:
                return _decision(answer, lang)
            except InvalidDecision as error:
                console.refuse(error)

    return policy


def _prompt(session: CheminDeFerSession, p: Pending,
            lang: str = "en") -> tuple[str, Callable[[str], Move]]:
    """The question for a pending decision and the reader of the answer."""
    seat, name = p.seat, p.player
    balance = session.balances[seat]
    span = (f"{p.minimum}" if p.minimum == p.maximum
            else t(lang, f"an amount from {p.minimum} to {p.maximum}",
                   f"una cantidad de {p.minimum} a {p.maximum}"))

    def amount_or(words: tuple[str, ...], action: str, other: str) -> Callable[[str], Move]:
        def read(text: str) -> Move:
            if text.lower() in words:
                return Move(other, seat)
            try:
                return Move(action, seat, amount=int(text))
            except ValueError:
                en = f"a whole number from {p.minimum} to {p.maximum}"
                es = (f"{p.minimum}" if p.minimum == p.maximum
                      else f"un número entero de {p.minimum} a {p.maximum}")
                raise IllegalAction(t(
                    lang,
                    f"invalid answer {text!r}: expected {en}, or {words[0]!r}",
                    f"respuesta no válida {text!r}: se esperaba {es}, o {words[1 if len(words) > 1 else 0]!r}",
                )) from None

        return read

    if p.phase is Phase.OPEN_BANK:
        head = (t(lang, f"{name}, the retiring banker offers the bank for at least {p.minimum}. "
                  "Take it?",
                  f"{name}, la banca que se retira le ofrece la banca por al menos {p.minimum}. "
                  "¿La toma?")
                if p.succession else t(lang, f"{name}, open a bank? You have {balance}.",
                                       f"{name}, ¿abre una banca? Tiene {balance}."))
        return (head + t(lang, f" Enter {span}, or 'no'.", f" Escriba {span}, o 'no'."),
                amount_or(("no",), "open_bank", "refuse_bank"))
    if p.phase is Phase.CONTINUE:
        return (t(lang,
                  f"{name}, your bank holds {session.bank} (reserve {session.reserve}, balance "
                  f"{balance}). To go on the bank must be at least {p.minimum}. Enter {span}, "
                  "or 'retire'.",
                  f"{name}, su banca tiene {session.bank} (reserva {session.reserve}, saldo "
                  f"{balance}). Para seguir, la banca debe ser de al menos {p.minimum}. "
                  f"Escriba {span}, o 'retirarse' ('retire')."),
                amount_or(("retire", "retirarse", "retiro", "me retiro"), "continue_bank", "retire"))
    if p.phase is Phase.BANCO:
        call = "banco suivi" if seat == session.banco_suivi else "banco"

        def read_call(text: str) -> Move:
            if text.lower() in ("banco", "banco suivi"):
                return Move("call_banco", seat)
            if text.lower() == "no":
                return Move("decline_banco", seat)
            raise IllegalAction(t(lang, f"invalid answer {text!r}: expected {call!r} or 'no'",
                                  f"respuesta no válida {text!r}: se esperaba {call!r} o 'no'"))

        return (t(lang,
                  f"{name}, the bank is {session.bank} and you have {balance}. Call {call} and "
                  f"cover it all? Enter {call!r} or 'no'.",
                  f"{name}, la banca es de {session.bank} y usted tiene {balance}. ¿Dice {call} y la "
                  f"cubre entera? Escriba {call!r} o 'no'."), read_call)
    return (t(lang,
              f"{name}, the bank is {session.bank} with {session.uncovered} uncovered; you have "
              f"{balance}. Your bet? Enter {span}, or 'no'.",
              f"{name}, la banca es de {session.bank} con {session.uncovered} sin cubrir; usted tiene "
              f"{balance}. ¿Su apuesta? Escriba {span}, o 'no'."),
            amount_or(("no",), "bet", "decline_bet"))


def _human_turn(session: CheminDeFerSession, p: Pending, console: _Console) -> None:
    if p.phase is Phase.COUP:
        assert p.view is not None
        session.decide(p.seat, interactive_policy(console, p.player)(p.view))
        return
    question, read = _prompt(session, p, console.lang)
    while True:
        answer = console.ask(question)
        try:
            move = read(answer)
            session.verify(move)
        except BacaraError as error:
            console.refuse(error)
            continue
        session.apply(move)
        return


def _show_events(session: CheminDeFerSession, shown: int, console: _Console, lang: str) -> int:
    coups_seen = sum(1 for e in session.events[:shown] if e.kind == "coup")
    for event in session.events[shown:]:
        if event.kind == "coup":
            coups_seen += 1
            console.say(t(lang, f"-- Coup {coups_seen} of {COUPS} --", f"-- Coup {coups_seen} de {COUPS} --"))
            console.say(session.coups[coups_seen - 1].narrate(lang))
        if event.kind != "decide":  # the coup's narration tells the decisions
            console.say(describe_event(event, session.players, lang))
    return len(session.events)


def _balances(session: CheminDeFerSession) -> str:
    return ", ".join(f"{name} {chips}" for name, chips in zip(session.players, session.holdings(),
                                                               strict=True))


def _seat(session: CheminDeFerSession, text: str, lang: str = "en") -> int:
    """A seat given by a player's name or by its number."""
    text = text.strip()
    if text in session.players:
        return session.seat_of(text)
    if text.isdigit():
        seat = int(text)
        if seat < session.size:
            return seat
        last = session.size - 1
        raise IllegalAction(t(
            lang,
            f"invalid seat {text!r}: expected a seat number from 0 to {last} or a name",
            f"asiento no válido {text!r}: se esperaba un número de asiento de 0 a {last} o un nombre",
        ))
    return session.seat_of(text)


def _ask_seat(session: CheminDeFerSession, console: _Console) -> int:
    """At a terminal: which seat is yours? (Enter: the first.)"""
    first = session.players[0]
    while True:
        answer = console.ask(t(console.lang,
                               f"Which seat do you take? Enter a name or a seat number "
                               f"(just Enter: {first}, seat 0).",
                               f"¿Qué asiento toma? Escriba un nombre o un número de asiento "
                               f"(solo Intro: {first}, asiento 0)."))
        if not answer:
            return 0
        try:
            return _seat(session, answer, console.lang)
        except IllegalAction as error:
            console.refuse(error)


def run_session(args: argparse.Namespace) -> int:
    lang = args.lang
    names = [name.strip() for name in args.players.split(",")]
    seed = args.seed if args.seed is not None else secrets.randbelow(2**32)
    session = CheminDeFerSession(names, seed=seed)
    interactive = sys.stdin.isatty()
    console = _Console(sys.stdin, sys.stdout, echo=not interactive, lang=lang)
    human: int | None = None
    if args.seat is not None:
        human = _seat(session, args.seat, lang)
    elif not args.auto and not interactive:
        human = 0  # scripted: the answers read are the first seat's
    seat_word = t(lang, "seat", "asiento")
    seats = ", ".join(f"{name} ({seat_word} {seat})" for seat, name in enumerate(session.players))
    console.say(t(lang,
                  f"Chemin de Fer, {COUPS} coups, 100 chips each. Seated clockwise: {seats}; "
                  "bets and the bank go to the right (counter-clockwise).",
                  f"Chemin de Fer, {COUPS} coups, 100 fichas cada uno. Sentados en el sentido de "
                  f"las agujas del reloj: {seats}; las apuestas y la banca pasan a la derecha "
                  "(en sentido contrario a las agujas del reloj)."))
    if human is None and not args.auto:
        try:
            human = _ask_seat(session, console)
        except _Quit:
            console.say(t(lang, "You quit before choosing a seat: no coup played.",
                          "Sale antes de elegir asiento: no se jugó ningún coup."))
            return 0
        except _EndOfInput:
            console.say(t(lang, "Input ended before a seat was chosen: no coup played.",
                          "La entrada terminó antes de elegir asiento: no se jugó ningún coup."))
            return 0
    if human is None:
        who = t(lang, " Every seat plays itself.", " Cada asiento juega solo.")
    else:
        who = t(lang, f" You play {session.players[human]}.",
                f" Usted juega como {session.players[human]}.")
    console.say(t(lang, f"Shoe: {DECKS} decks shuffled once, seed {seed}.",
                  f"Sabot: {DECKS} barajas barajadas una vez, semilla {seed}.") + who)
    robots = {
        seat: AutoPlayer(seed=f"{seed}/{seat}",
                         coup_policy=get_policy(args.policy, seed=f"{seed}/{seat}/coup"))
        for seat in range(session.size) if seat != human
    }
    chips = t(lang, "Chips", "Fichas")
    shown = 0
    played = 0
    try:
        while (pending := session.pending) is not None:
            shown = _show_events(session, shown, console, lang)
            if session.coups_played != played:
                played = session.coups_played
                console.say(f"{chips}: {_balances(session)}.")
            if pending.seat == human:
                _human_turn(session, pending, console)
            else:
                robots[pending.seat].act(session)
    except _Quit:
        _show_events(session, shown, console, lang)
        console.say(t(lang,
                      f"You quit: the session stops after {session.coups_played} of {COUPS} "
                      f"coups. Chips: {_balances(session)}.",
                      f"Sale de la partida: la sesión se detiene tras {session.coups_played} de "
                      f"{COUPS} coups. Fichas: {_balances(session)}."))
        return 0
    except _EndOfInput:
        _show_events(session, shown, console, lang)
        console.say(t(lang,
                      f"Input ended: the session stops after {session.coups_played} of {COUPS} "
                      f"coups. Chips: {_balances(session)}.",
                      f"La entrada terminó: la sesión se detiene tras {session.coups_played} de "
                      f"{COUPS} coups. Fichas: {_balances(session)}."))
        return 0
    _show_events(session, shown, console, lang)
    console.say(t(lang, "Final balances (banks and reserves returned):",
                  "Saldos finales (bancas y reservas devueltas):"))
    for place, name, holding in session.ranking():
        console.say(f"  {place}. {name}: {holding}")
    winners = session.winners
    if len(winners) == 1:
        console.say(t(lang, f"Winner: {winners[0]}.", f"Gana {winners[0]}."))
    else:
        console.say(t(lang, f"Shared win: {', '.join(winners)}.",
                      f"Victoria compartida: {', '.join(winners)}."))
    return 0
