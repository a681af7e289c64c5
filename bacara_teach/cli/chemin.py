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
whatever the language, in every language of the package too (Spanish ``robar``/``plantarse``,
``retirarse``: each catalogue lists its own, :func:`bacara_teach.text.typed_words`).
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
from bacara_teach.cli.messages import add_lang_argument, current_language, refusal
from bacara_teach.errors import BacaraError, IllegalAction
from bacara_teach.files import read_line
from bacara_teach.saves import MAX_SEED_DIGITS, read_seed
from bacara_teach.shoe import Shoe
from bacara_teach.text import Message, format_number, message, pmessage, tr, typed_words

_POLICY_NAMES = ("punto-banco", "draw", "stand", "random")


def _bettors(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_BETTORS:
        raise argparse.ArgumentTypeError(tr(
            "invalid number of bettors {text!r}: expected a whole number from 1 to {most}",
            current_language(), text=text, most=MAX_BETTORS))
    return value


def _seed(text: str) -> int | str:
    if text.lstrip("-").isdigit() and text.lstrip("-").isascii() and len(text) <= MAX_SEED_DIGITS:
        return int(text)
    if text.lstrip("-").isdigit():
        raise argparse.ArgumentTypeError(tr(
            "invalid seed of {digits} digits: expected a whole number of at most {most} "
            "digits, or a word", current_language(), digits=len(text), most=MAX_SEED_DIGITS))
    return read_seed(text)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lang = current_language()
    cdf = sub.add_parser(
        "chemin-de-fer",
        help=tr("Chemin de Fer: one coup with real decisions, or a whole home session", lang),
        description=tr("Chemin de Fer (home rules): hidden cards, free decisions and a bank "
                       "that passes between the players.", lang),
    )
    inner = cdf.add_subparsers(dest="chemin_command", metavar=tr("ACTION", lang), required=True)

    deal = inner.add_parser(
        "deal",
        help=tr("deal one coup with the decisions given as flags", lang),
        description=tr("Deal one Chemin de Fer coup and explain every step. The rules decide "
                       "the forced cells; each free cell the coup reaches needs its flag "
                       "(--bettor or --banker), and a flag for a forced cell is an error.", lang),
    )
    source = deal.add_mutually_exclusive_group(required=True)
    source.add_argument(
        "--cards",
        help=tr("the cards in deal order: bettor, banker, bettor, banker, then third cards "
                '(e.g. "{cards}"; ASCII "{ascii}" works too)', lang,
                cards="2♥ A♠ 3♣ 2♦ 9♥ 5♠", ascii="2h as 3c 2d 9h 5s"),
    )
    source.add_argument("--seed", type=_seed,
                        help=tr("deal from the top of a {decks}-deck shoe shuffled with this "
                                "seed", lang, decks=DECKS))
    deal.add_argument("--bettor", choices=("draw", "stand"),
                      help=tr("the active bettor's decision, for a free cell only", lang))
    deal.add_argument("--banker", choices=("draw", "stand"),
                      help=tr("the banker's decision, for a free cell only (3 against 9, 5 "
                              "against 4)", lang))
    deal.add_argument("--bettors", type=_bettors, default=SEVERAL,
                      help=tr("how many bettors staked: 1 (free on 1-7) or more (free only on "
                              "5); default {default}", lang, default=SEVERAL))
    deal.add_argument("--json", action="store_true", help=tr("print one JSON object", lang))
    add_lang_argument(deal)
    deal.set_defaults(run=run_deal)

    session = inner.add_parser(
        "session",
        help=tr("play a home session: you take one seat, the others play seeded policies", lang),
        description=tr(
            "Play a home session of {coups} coups with {chips} chips each. Seats are numbered "
            "clockwise in the order the players are given; bets and the bank go to the right "
            "(counter-clockwise). You take one seat and the others play seeded automatic "
            "policies. Answers are read one per line from standard input, so a session can be "
            "scripted; quit (or salir), like the end of the input, stops the session. Your "
            "seat: --seat names it; without --seat, at a terminal you are asked which seat to "
            "take (Enter: the first), and with input from a file or a pipe you take the first "
            "seat. --auto lets every seat play itself and reads no input.", lang,
            coups=COUPS, chips=100),
    )
    session.add_argument("--players", required=True,
                         help=tr("{least}-{most} names separated by commas, e.g. {example}", lang,
                                 least=3, most=12, example="Ana,Luis,Eva,Marc"))
    session.add_argument("--seed", type=_seed,
                         help=tr("seed of the lot and the shoe (default: a random seed, "
                                 "printed)", lang))
    who = session.add_mutually_exclusive_group()
    who.add_argument("--seat", help=tr("the player you play, by name or seat number (default: "
                                       "asked at a terminal, else the first seat)", lang))
    who.add_argument("--auto", action="store_true",
                     help=tr("every seat plays itself with the seeded policies; no input is "
                             "read", lang))
    session.add_argument("--policy", choices=_POLICY_NAMES, default="punto-banco",
                         help=tr("how the automatic players decide at free cells (default "
                                 "{default})", lang, default="punto-banco"))
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
        raise IllegalAction(message('--cards is empty: give the cards in deal order, '
                                    'e.g. "{cards}"', cards="2♥ A♠ 3♣ 2♦ 9♥ 5♠"))
    cards = args.cards if args.cards is not None else Shoe.standard(DECKS, seed=args.seed).peek(6)
    try:
        coup = _deal_in_order_of_play(cards, args.bettors, args.bettor, args.banker,
                                      leftover=args.cards is None)
    except MissingDecision as error:
        flag = f"--{error.role}"
        raise MissingDecision(
            message("{refusal}: add {flag} draw or {flag} stand",
                    refusal=refusal(error, lang).removesuffix("."), flag=flag),
            role=error.role,
        ) from None
    except ForcedCell as error:
        flag = "--" + error.role
        raise ForcedCell(message("{refusal}: drop {flag}",
                                 refusal=refusal(error, lang).removesuffix("."), flag=flag),
                         role=error.role) from None
    if args.json:
        data = coup.to_dict()
        if args.seed is not None:
            data["shoe"] = {"decks": DECKS, "seed": args.seed}
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(coup.narrate(lang))
        if args.seed is not None:
            print(tr("(shoe: {decks} decks, seed {seed})", lang, decks=DECKS,
                     seed=str(args.seed)))
    return 0


# -- session ---------------------------------------------------------------------------------------


class _EndOfInput(Exception):
    """Standard input ended: the session stops where it is."""


class _Quit(_EndOfInput):
    """The player typed quit: the session stops where it is, as at the end of the input."""


_QUIT_WORDS = pmessage("typed words", "quit|exit")


class _Console:
    """Prompts on one stream, answers from another, one answer per line."""

    def __init__(self, source: TextIO, sink: TextIO, *, echo: bool, lang: str = "en") -> None:
        self.source, self.sink, self.echo, self.lang = source, sink, echo, lang

    def say(self, text: str) -> None:
        print(text, file=self.sink, flush=True)

    def ask(self, prompt: str) -> str:
        self.say(prompt)
        line = read_line(self.source)
        if not line:
            raise _EndOfInput
        answer = line.strip()
        if self.echo:
            self.say(f"> {answer}")
        if answer.lower() in typed_words(_QUIT_WORDS):
            raise _Quit
        return answer

    def refuse(self, error: BacaraError) -> None:
        self.say(tr("Not accepted: {refusal}.", self.lang,
                    refusal=refusal(error, self.lang).removesuffix(".")))


DRAW_WORDS = pmessage("typed words", "draw")
STAND_WORDS = pmessage("typed words", "stand")
_NO_WORDS = pmessage("typed words", "no")
_RETIRE_WORDS = pmessage("typed words", "retire")


def _decision(answer: str) -> str:
    """``draw`` or ``stand`` from an answer in any language of the package."""
    text = " ".join(answer.lower().split())
    if text in typed_words(DRAW_WORDS):
        text = "draw"
    elif text in typed_words(STAND_WORDS):
        text = "stand"
    try:
        return parse_decision(text, who="you").value
    except InvalidDecision:
        raise InvalidDecision(message("invalid decision {answer!r}: expected 'draw' or 'stand'",
                                      answer=answer)) from None


def interactive_policy(console: _Console, name: str) -> Policy:
    """A coup policy that asks a person, showing only what the :class:`View` holds."""
    lang = console.lang

    def policy(view: View) -> str:
        while True:
            situation = view.describe(lang)
            if view.role == BETTOR:
                question = tr("{name}, you decide as the active bettor: {situation}. Draw or "
                              "stand? Enter 'draw' or 'stand'.", lang, name=name,
                              situation=situation)
            else:
                question = tr("{name}, you decide as the banker: {situation}. Draw or stand? "
                              "Enter 'draw' or 'stand'.", lang, name=name, situation=situation)
            answer = console.ask(question)
            try:
                return _decision(answer)
            except InvalidDecision as error:
                console.refuse(error)

    return policy


def _prompt(session: CheminDeFerSession, p: Pending,
            lang: str = "en") -> tuple[str, Callable[[str], Move]]:
    """The question for a pending decision and the reader of the answer."""
    seat, name = p.seat, p.player
    balance = session.balances[seat]
    span = (format_number(p.minimum, "", lang) if p.minimum == p.maximum
            else tr("an amount from {least} to {most}", lang, least=p.minimum, most=p.maximum))

    def amount_or(words: Message, action: str, other: str) -> Callable[[str], Move]:
        def read(text: str) -> Move:
            if text.lower() in typed_words(words):
                return Move(other, seat)
            try:
                return Move(action, seat, amount=int(text))
            except ValueError:
                if p.minimum == p.maximum:
                    raise IllegalAction(message(
                        "invalid answer {text!r}: expected {amount}, or {word!r}", text=text,
                        amount=p.minimum, word=words.msgid.split("|")[0])) from None
                raise IllegalAction(message(
                    "invalid answer {text!r}: expected a whole number from {least} to {most}, "
                    "or {word!r}", text=text, least=p.minimum, most=p.maximum,
                    word=words.msgid.split("|")[0])) from None

        return read

    if p.phase is Phase.OPEN_BANK:
        if p.succession:
            head = tr("{name}, the retiring banker offers the bank for at least {least}. Take "
                      "it? Enter {span}, or 'no'.", lang, name=name, least=p.minimum, span=span)
        else:
            head = tr("{name}, open a bank? You have {balance}. Enter {span}, or 'no'.", lang,
                      name=name, balance=balance, span=span)
        return head, amount_or(_NO_WORDS, "open_bank", "refuse_bank")
    if p.phase is Phase.CONTINUE:
        return (tr("{name}, your bank holds {bank} (reserve {reserve}, balance {balance}). To "
                   "go on the bank must be at least {least}. Enter {span}, or 'retire'.", lang,
                   name=name, bank=session.bank, reserve=session.reserve, balance=balance,
                   least=p.minimum, span=span),
                amount_or(_RETIRE_WORDS, "continue_bank", "retire"))
    if p.phase is Phase.BANCO:
        call = "banco suivi" if seat == session.banco_suivi else "banco"

        def read_call(text: str) -> Move:
            if text.lower() in ("banco", "banco suivi"):
                return Move("call_banco", seat)
            if text.lower() in typed_words(_NO_WORDS):
                return Move("decline_banco", seat)
            raise IllegalAction(message("invalid answer {text!r}: expected {call!r} or 'no'",
                                        text=text, call=call))

        return (tr("{name}, the bank is {bank} and you have {balance}. Call {call} and cover "
                   "it all? Enter {call!r} or 'no'.", lang, name=name, bank=session.bank,
                   balance=balance, call=call), read_call)
    return (tr("{name}, the bank is {bank} with {uncovered} uncovered; you have {balance}. Your "
               "bet? Enter {span}, or 'no'.", lang, name=name, bank=session.bank,
               uncovered=session.uncovered, balance=balance, span=span),
            amount_or(_NO_WORDS, "bet", "decline_bet"))


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
            console.say(tr("-- Coup {number} of {coups} --", lang, number=coups_seen, coups=COUPS))
            console.say(session.coups[coups_seen - 1].narrate(lang))
        if event.kind != "decide":  # the coup's narration tells the decisions
            console.say(describe_event(event, session.players, lang))
    return len(session.events)


def _balances(session: CheminDeFerSession, lang: str) -> str:
    return ", ".join(f"{name} {format_number(chips, '', lang)}"
                     for name, chips in zip(session.players, session.holdings(), strict=True))


def _seat(session: CheminDeFerSession, text: str) -> int:
    """A seat given by a player's name or by its number."""
    text = text.strip()
    if text in session.players:
        return session.seat_of(text)
    if text.isdigit():
        seat = int(text)
        if seat < session.size:
            return seat
        last = session.size - 1
        raise IllegalAction(message(
            "invalid seat {text!r}: expected a seat number from 0 to {last} or a name",
            text=text, last=last))
    return session.seat_of(text)


def _ask_seat(session: CheminDeFerSession, console: _Console) -> int:
    """At a terminal: which seat is yours? (Enter: the first.)"""
    first = session.players[0]
    while True:
        answer = console.ask(tr("Which seat do you take? Enter a name or a seat number (just "
                                "Enter: {first}, seat 0).", console.lang, first=first))
        if not answer:
            return 0
        try:
            return _seat(session, answer)
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
        human = _seat(session, args.seat)
    elif not args.auto and not interactive:
        human = 0  # scripted: the answers read are the first seat's
    seats = ", ".join(tr("{name} (seat {seat})", lang, name=name, seat=seat)
                      for seat, name in enumerate(session.players))
    console.say(tr("Chemin de Fer, {coups} coups, {chips} chips each. Seated clockwise: {seats}; "
                   "bets and the bank go to the right (counter-clockwise).", lang, coups=COUPS,
                   chips=100, seats=seats))
    if human is None and not args.auto:
        try:
            human = _ask_seat(session, console)
        except _Quit:
            console.say(tr("You quit before choosing a seat: no coup played.", lang))
            return 0
        except _EndOfInput:
            console.say(tr("Input ended before a seat was chosen: no coup played.", lang))
            return 0
    if human is None:
        console.say(tr("Shoe: {decks} decks shuffled once, seed {seed}. Every seat plays "
                       "itself.", lang, decks=DECKS, seed=str(seed)))
    else:
        console.say(tr("Shoe: {decks} decks shuffled once, seed {seed}. You play {name}.", lang,
                       decks=DECKS, seed=str(seed), name=session.players[human]))
    robots = {
        seat: AutoPlayer(seed=f"{seed}/{seat}",
                         coup_policy=get_policy(args.policy, seed=f"{seed}/{seat}/coup"))
        for seat in range(session.size) if seat != human
    }
    shown = 0
    played = 0
    try:
        while (pending := session.pending) is not None:
            shown = _show_events(session, shown, console, lang)
            if session.coups_played != played:
                played = session.coups_played
                console.say(tr("Chips: {balances}.", lang, balances=_balances(session, lang)))
            if pending.seat == human:
                _human_turn(session, pending, console)
            else:
                robots[pending.seat].act(session)
    except _Quit:
        _show_events(session, shown, console, lang)
        console.say(tr("You quit: the session stops after {played} of {coups} coups. Chips: "
                       "{balances}.", lang, played=session.coups_played, coups=COUPS,
                       balances=_balances(session, lang)))
        return 0
    except _EndOfInput:
        _show_events(session, shown, console, lang)
        console.say(tr("Input ended: the session stops after {played} of {coups} coups. Chips: "
                       "{balances}.", lang, played=session.coups_played, coups=COUPS,
                       balances=_balances(session, lang)))
        return 0
    _show_events(session, shown, console, lang)
    console.say(tr("Final balances (banks and reserves returned):", lang))
    for place, name, holding in session.ranking():
        console.say(f"  {place}. {name}: {format_number(holding, '', lang)}")
    winners = session.winners
    if len(winners) == 1:
        console.say(tr("Winner: {name}.", lang, name=winners[0]))
    else:
        console.say(tr("Shared win: {names}.", lang, names=", ".join(winners)))
    return 0
