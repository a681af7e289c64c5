"""``bacara-teach settle``, ``play``, ``home-session`` and ``profiles``: the tables at the terminal.

``settle`` pays bets on given cards under a table profile; ``play`` is an
interactive ledger at a table (the online table by default); ``home-session``
runs the home prediction session.  The two interactive commands read one
command per line: typed at a terminal, or from a script on stdin (the lines
are then echoed after the prompt, so the output reads as a transcript).  A
refused command prints the error and play goes on unchanged; end of input
quits cleanly.  Messages follow ``--lang`` (or the default language); the command words
are accepted in every language of the package whatever the language (each catalogue lists
its own: :func:`bacara_teach.text.typed_words`).
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence

from bacara_teach.cards import format_cards
from bacara_teach.cli.messages import add_lang_argument, current_language, refusal, shorten
from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.files import check_output_file, read_line
from bacara_teach.home_session import CoupRecord, HomeSession
from bacara_teach.money import MAX_AMOUNT, MAX_DECIMALS, add, amount_text
from bacara_teach.online_table import OnlineTable, TableCoup
from bacara_teach.punto_banco import Coup, deal_coup
from bacara_teach.saves import parse_json, read_seed, read_text, write_atomically
from bacara_teach.settlement import Bet, settle
from bacara_teach.tables import PROFILES, TableProfile, get_profile
from bacara_teach.text import (
    Message,
    localize_number,
    message,
    nmessage,
    pmessage,
    ptr,
    tr,
    typed_words,
)

Seed = int | str


# -- shared helpers ----------------------------------------------------------------------------


def _seed(text: str | None) -> Seed:
    if text is None:
        return secrets.randbelow(2**32)
    return read_seed(text)


def _amount(value: object, lang: str) -> str:
    """An amount with every digit, grouped in the conventions of ``lang`` (:func:`amount_text`).

    >>> from fractions import Fraction
    >>> _amount(Fraction(19, 4), "en"), _amount(Fraction(19, 4), "es"), _amount(10 ** 9, "es")
    ('4.75', '4,75', '1.000.000.000')
    """
    return amount_text(value, lang)  # type: ignore[arg-type]


def _signed(value: object, lang: str) -> str:
    """A signed amount (``+4.75``) with every digit, grouped in ``lang``.

    >>> _signed(-10, "en"), _signed(-10, "es") == "\u221210", _signed(0, "es"), _signed(20000, "en")
    ('−10', True, '0', '+20,000')
    """
    return amount_text(value, lang, signed=True)  # type: ignore[arg-type]


def _profile(name: str, options: Sequence[str]) -> TableProfile:
    profile = get_profile(name)
    changes: dict[str, object] = {}
    payouts: dict[str, str] = {}
    for option in options:
        key, sep, value = option.partition("=")
        if not sep or not key.strip():
            raise NotationError(message(
                "invalid --option {option!r}: expected KEY=VALUE, e.g. {example} or {other}",
                option=option, example="commission=accrued", other="decks=8"))
        key = key.strip()
        if key.startswith("payout."):
            payouts[key.removeprefix("payout.")] = value
        else:
            changes[key] = value.strip()
    if payouts:
        changes["payouts"] = payouts
    return profile.with_options(**changes) if changes else profile


def _hands(coup: Coup) -> str:
    return (f"Punto {format_cards(coup.punto)} ({coup.punto_total}), "
            f"Banco {format_cards(coup.banco)} ({coup.banco_total})")


def _winner(coup: Coup, lang: str) -> str:
    winner = coup.winner.value
    if winner == "empate":
        return tr("Empate: a tie", lang)
    return tr("{hand} wins", lang, hand=winner.title())


def _read(prompt: str) -> str | None:
    """One line of input, or None at the end: typed at a terminal, or read from stdin and
    echoed after the prompt so that a scripted run reads as a transcript."""
    if sys.stdin.isatty():
        try:
            return input(prompt)
        except EOFError:
            print()
            return None
    line = read_line(sys.stdin)
    if not line:
        return None
    text = line.rstrip("\r\n")
    print(f"{prompt}{text}")
    return text


def _commands(prompt: str) -> Iterator[str]:
    """Lines of input until the end (see :func:`_read`)."""
    while (line := _read(prompt)) is not None:
        yield line


def _refused(error: BacaraError, lang: str) -> None:
    print(tr("error: {message}", lang, message=shorten(refusal(error, lang), lang)))


def _add_profile_arguments(parser: argparse.ArgumentParser, default: str) -> None:
    lang = current_language()
    add_lang_argument(parser)
    parser.add_argument("--profile", default=default,
                        help=tr("table profile: {profiles} (default {default})", lang,
                                profiles=", ".join(PROFILES), default=default))
    parser.add_argument("--option", action="append", default=[], metavar=tr("KEY=VALUE", lang),
                        help=tr("change an option of the profile, e.g. commission=accrued (with "
                                "reshuffle=never to see it accrue), decks=8, "
                                "positions=both-sides, tie=change, pair-reading=same-value, "
                                "side-bets-alone=yes, payout.empate=9, max-bet=500 (repeatable; "
                                "an amount is at most {most:,}, with at most {decimals} decimal "
                                "places)", lang, most=MAX_AMOUNT, decimals=MAX_DECIMALS))


# -- registration -----------------------------------------------------------------------------


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lang = current_language()
    settle_parser = sub.add_parser(
        "settle",
        help=tr("pay bets on a coup under a table profile", lang),
        description=tr("Deal the given cards and settle each bet exactly under a table profile: "
                       "the net change, the odds paid and the commission.", lang),
    )
    _add_profile_arguments(settle_parser, "home")
    settle_parser.add_argument("--bet", action="append", default=[],
                               metavar=tr("POSITION=STAKE", lang),
                               help=tr("a bet, e.g. {examples} (repeatable; a stake is at "
                                       "most {most:,}, with at most {decimals} decimal places)",
                                       lang, examples="banco=20, empate=5, pareja-punto=5",
                                       most=MAX_AMOUNT, decimals=MAX_DECIMALS))
    settle_parser.add_argument("--cards", required=True,
                               help=tr('the cards in deal order, e.g. "{cards}"', lang,
                                       cards="4♥ 2♠ 9♣ A♦ 8♦"))
    settle_parser.add_argument("--json", action="store_true",
                               help=tr("print one JSON object", lang))
    settle_parser.set_defaults(run=run_settle)

    play = sub.add_parser(
        "play",
        help=tr("sit at a table with a balance: bet, deal, see every draw explained", lang),
        description=tr(
            "An interactive table with a real ledger. Commands: bet POSITION STAKE, change "
            "POSITION [NEW-POSITION] [STAKE], cancel [POSITION], continue (continuar), balance, "
            "history, help, quit. Reads one command per line from stdin when it is not a "
            "terminal. Commission on Banco: the online table takes it at payment; with --option "
            "commission=accrued it is owed and collected at the end of the shoe or when you "
            "leave, which differs only with --option reshuffle=never (a shoe dealt through): a "
            "shoe reshuffled every coup ends every coup. At the casino table choose J or B and "
            "add Empate or the pairs if you like; a side bet alone is refused unless --option "
            "side-bets-alone=yes.", lang),
    )
    _add_profile_arguments(play, "online")
    play.add_argument("--balance", default="100",
                      help=tr("starting balance (default {default}; at most {most:,}, with at "
                              "most {decimals} decimal places, as every amount)", lang,
                              default=100, most=MAX_AMOUNT, decimals=MAX_DECIMALS))
    play.add_argument("--seed", help=tr("seed of the shoe (default: a random seed, printed)", lang))
    play.add_argument("--save", metavar=tr("FILE", lang),
                      help=tr("save the table to FILE after each coup and on quitting", lang))
    play.add_argument("--load", metavar=tr("FILE", lang),
                      help=tr("resume a table saved with --save", lang))
    play.set_defaults(run=run_play)

    home = sub.add_parser(
        "home-session",
        help=tr("the home prediction session: {least}-{most} players, {coups} coups, scoreboard",
                lang, least=2, most=8, coups=10),
        description=tr(
            "Run the home study session (the home rules). Before each coup every participant "
            "predicts punto, banco or empate (p/b/e; several on one line for the players in "
            "turn); the dealer may predict too, or pass (-) and score 0 for that coup. Also: "
            "scores, save [FILE], quit. Reads from stdin when it is not a terminal.", lang),
    )
    home.add_argument("--players", help=tr("the participants, comma-separated, e.g. {example}",
                                           lang, example="Ana,Luis,Eva"))
    home.add_argument("--dealer", help=tr("which participant deals (default: the first)", lang))
    home.add_argument("--seed", help=tr("seed of the shoe (default: a random seed, printed)", lang))
    add_lang_argument(home)
    home.add_argument("--save", metavar=tr("FILE", lang),
                      help=tr("save the session to FILE after each coup and on quitting", lang))
    home.add_argument("--load", metavar=tr("FILE", lang),
                      help=tr("resume a session saved with --save", lang))
    home.set_defaults(run=run_home_session)

    profiles = sub.add_parser("profiles", help=tr("list the table profiles and their options", lang),
                              description=tr("Print the table profiles, read from the engine's "
                                             "data.", lang))
    profiles.add_argument("name", nargs="?", metavar=tr("NAME", lang),
                          help=tr("one profile to show in full", lang))
    profiles.add_argument("--json", action="store_true",
                          help=tr("print the profiles as JSON data", lang))
    add_lang_argument(profiles)
    profiles.set_defaults(run=run_profiles)


# -- settle -------------------------------------------------------------------------------------


def run_settle(args: argparse.Namespace) -> int:
    lang = args.lang
    profile = _profile(args.profile, args.option)
    if not args.bet:
        raise IllegalAction(message("no bet given: add --bet POSITION=STAKE, e.g. --bet "
                                    "{example}", example="banco=20"))
    bets = [Bet.parse(text) for text in args.bet]
    if not args.cards.strip():
        raise IllegalAction(message('--cards is empty: give the cards in deal order, '
                                    'e.g. "{cards}"', cards="4♥ 2♠ 9♣ A♦ 8♦"))
    coup = deal_coup(args.cards)
    result = settle(coup, bets, profile)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
        return 0
    print(f"{_hands(coup)}: {_winner(coup, lang)}.")
    for paid in result.bets:
        print(paid.describe(lang))
    if result.commission_owed:
        print(tr("net: {net} (commission owed: {owed})", lang, net=_signed(result.net, lang),
                 owed=_amount(result.commission_owed, lang)))
    else:
        print(tr("net: {net}", lang, net=_signed(result.net, lang)))
    return 0


# -- play ---------------------------------------------------------------------------------------

def _play_help(lang: str) -> str:
    return tr("""\
Commands:
  bet POSITION STAKE            put a stake on punto, banco, empate (pareja-punto, pareja-banco,
                                dragon-7, panda-8 where the table has them); betting again
                                adds to the stake
  change POSITION NEW-POSITION  move a bet;  change POSITION STAKE  set its stake (or both)
  cancel [POSITION]             take a bet back (all bets without a position)
  continue | continuar          deal the coup and settle the bets
  balance                       balance, stakes on the table, commission owed
  history                       the coups played and the balance after each
  help                          this list
  quit                          leave the table""", lang)


class SaveFailed(IllegalAction):
    """A save could not be written: the old file is kept, and the command stops (exit 2)."""


def _save(path: str | None, text: str) -> None:
    """Write a save atomically (the old file or the new one, never a part of either)."""
    if path is None:
        return
    try:
        write_atomically(path, text + "\n")
    except IllegalAction as error:
        raise SaveFailed(error.message) from None  # it names the file and what is kept


def _load(path: str) -> str:
    return read_text(path)


def _bet_text(on: str, stake: object, lang: str) -> str:
    """``banco 10``: a position and its stake.

    >>> from fractions import Fraction
    >>> _bet_text("banco", 10, "es"), _bet_text("empate", Fraction(5, 2), "es")
    ('banco 10', 'empate 2,5')
    """
    return f"{on} {_amount(stake, lang)}"


def _bets_text(table: OnlineTable, lang: str) -> str:
    return (", ".join(_bet_text(bet.on.value, bet.stake, lang) for bet in table.bets)
            or tr("none", lang))


def _balance_text(table: OnlineTable, lang: str) -> str:
    balance, available = _amount(table.balance, lang), _amount(table.available, lang)
    if table.commission_owed:
        return tr("Balance {balance}; on the table: {bets}; available {available}; commission "
                  "owed {owed}", lang, balance=balance, bets=_bets_text(table, lang),
                  available=available, owed=_amount(table.commission_owed, lang))
    return tr("Balance {balance}; on the table: {bets}; available {available}", lang,
              balance=balance, bets=_bets_text(table, lang), available=available)


def _place_your_bets(table: OnlineTable, lang: str) -> str:
    return tr("Coup {number}: place your bets.", lang, number=table.coup_number)


def _show_coup(played: TableCoup, lang: str) -> None:
    print(tr("Coup {number}: {hands}", lang, number=played.number, hands=_hands(played.coup)))
    print(played.coup.narrate(lang))
    for paid in played.settlement.bets:
        print(f"  {paid.describe(lang)}")
    if played.commission_collected:
        print(tr("  commission collected at the end of the shoe: {amount}", lang,
                 amount=_amount(-played.commission_collected, lang)))
    print(tr("Balance: {balance}", lang, balance=_amount(played.balance_after, lang)))


def _history_lines(table: OnlineTable, lang: str) -> list[str]:
    if not table.history:
        return [tr("No coups played yet.", lang)]
    lines = []
    for played in table.history:
        bets = ", ".join(f"{_bet_text(p.bet.on.value, p.bet.stake, lang)} {_signed(p.net, lang)}"
                         for p in played.settlement.bets)
        if played.commission_collected:
            bets = tr("{bets}, commission {amount}", lang, bets=bets,
                         amount=_amount(-played.commission_collected, lang))
        coup = played.coup
        lines.append(tr("#{number} Punto {punto}, Banco {banco}: {result}; {bets}; balance "
                        "{balance}", lang, number=played.number, punto=coup.punto_total,
                        banco=coup.banco_total, result=_winner(coup, lang), bets=bets,
                        balance=_amount(played.balance_after, lang)))
    return lines


def _two_args(words: list[str]) -> tuple[str, str]:
    if len(words) != 2:
        raise NotationError(message("invalid command: expected bet POSITION STAKE, e.g. bet "
                                    "banco 10"))
    first, second = words
    if first[:1].isdigit() or first[:1] in "-+.":
        first, second = second, first
    return first, second


# Translators: "typed words" are the words a player may type for a command or an answer,
# separated by |; the English ones are always accepted too, so give your language's own.
_HELP_WORDS = pmessage("typed words", "help|?")
_PLAY_WORDS: dict[str, Message] = {
    "bet": pmessage("typed words", "bet"),
    "change": pmessage("typed words", "change"),
    "cancel": pmessage("typed words", "cancel"),
    "continue": pmessage("typed words", "continue|deal|c"),
    "balance": pmessage("typed words", "balance"),
    "history": pmessage("typed words", "history"),
    "help": _HELP_WORDS,
    "quit": pmessage("typed words", "quit|exit|leave"),
}
_COMMANDS: dict[str, str] = {}


def _play_commands() -> dict[str, str]:
    """Each word ``play`` accepts, in every language, and the command it names (read once)."""
    if not _COMMANDS:
        _COMMANDS.update({word: command for command, words in _PLAY_WORDS.items()
                          for word in typed_words(words)})
    return _COMMANDS


def _play_command(table: OnlineTable, line: str, args: argparse.Namespace) -> bool:
    """Run one command; False when the player leaves."""
    lang = args.lang
    words = line.split()
    if not words:
        return True
    command, rest = _play_commands().get(words[0].lower()), words[1:]
    if command == "bet":
        on, stake = _two_args(rest)
        placed = table.place(on, stake)
        print(tr("Bet {bet}. {balance}", lang,
                 bet=_bet_text(placed.bet.on.value, placed.bet.stake, lang),
                 balance=_balance_text(table, lang)))
    elif command == "change":
        if len(rest) not in (2, 3):
            raise NotationError(message("invalid command: expected change POSITION NEW-POSITION "
                                        "and/or STAKE, e.g. change banco punto, change banco 20"))
        on, to, stake = rest[0], None, None
        for word in rest[1:]:
            if word[:1].isdigit() or word[:1] in "-+.":
                stake = word
            else:
                to = word
        changed = table.change(on, to=to, stake=stake)
        print(tr("Changed {before} to {after}. {balance}", lang,
                 before=_bet_text(changed.before.on.value, changed.before.stake, lang),
                 after=_bet_text(changed.after.on.value, changed.after.stake, lang),
                 balance=_balance_text(table, lang)))
    elif command == "cancel":
        if len(rest) > 1:
            raise NotationError(message("invalid command: expected cancel or cancel POSITION"))
        cancelled = table.cancel(rest[0] if rest else None)
        names = ", ".join(_bet_text(c.bet.on.value, c.bet.stake, lang) for c in cancelled)
        print(nmessage("Cancelled {bets}. {balance}", "Cancelled {bets}. {balance}",
                       len(cancelled), bets=names,
                       balance=_balance_text(table, lang)).render(lang))
    elif command == "continue":
        played = table.deal()
        _show_coup(played, lang)
        table.next_coup()
        _save(args.save, table.to_json())
        if table.bets:
            print(tr("{prompt} Your bet stays: {bets}.", lang, prompt=_place_your_bets(table, lang),
                     bets=_bets_text(table, lang)))
        else:
            print(_place_your_bets(table, lang))
    elif command == "balance":
        print(_balance_text(table, lang))
    elif command == "history":
        print("\n".join(_history_lines(table, lang)))
    elif command == "help":
        print(_play_help(lang))
    elif command == "quit":
        return False
    else:
        raise NotationError(message("unknown command {word!r}: type help for the list of "
                                    "commands", word=words[0]))
    return True


def _options_text(options: dict[str, object]) -> str:
    """A resumed table's options as --option would give them: `` with payout.banco=1, decks=8``."""
    words: list[str] = []
    for key, value in options.items():
        if key == "payouts" and isinstance(value, dict):
            words += [f"payout.{on}={odds}" for on, odds in value.items()]
        else:
            words.append(f"{key.replace('_', '-')}={value}")
    return f" ({', '.join(words)})" if words else ""


def _check_save_place(path: str | None, option: str = "--save") -> None:
    """Refuse a save's place before anything is played (:func:`check_output_file`)."""
    if path is not None:
        check_output_file(path, option)


def run_play(args: argparse.Namespace) -> int:
    lang = args.lang
    _check_save_place(args.save)
    if args.load is not None:
        if args.seed is not None or args.option:
            raise IllegalAction(message("--load resumes a saved table: do not give --seed or "
                                        "--option with it"))
        table = OnlineTable.from_json(_load(args.load))
        if not table.can_leave():
            raise IllegalAction(message("the table saved in {path!r} was left: a table the "
                                        "player left cannot be resumed; start a new one",
                                        path=args.load))
        print(tr("Resumed the {name} table{options} (seed {seed}) at coup {number}.", lang,
                 name=table.profile.name, options=_options_text(table.rules()["options"]),
                 seed=str(table.seed), number=table.coup_number))
    else:
        profile = _profile(args.profile, args.option)
        table = OnlineTable(balance=args.balance, profile=profile, seed=_seed(args.seed))
        if profile.min_bet is not None or profile.max_bet is not None:
            none = ptr("limit", "none", lang)
            print(tr("{title}: {decks} decks, bets {low} to {high}; seed {seed}.", lang,
                     title=profile.title_text(lang), decks=profile.decks,
                     low=_amount(profile.min_bet, lang) if profile.min_bet is not None else none,
                     high=_amount(profile.max_bet, lang) if profile.max_bet is not None else none,
                     seed=str(table.seed)))
        else:
            print(tr("{title}: {decks} decks; seed {seed}.", lang, title=profile.title_text(lang),
                     decks=profile.decks, seed=str(table.seed)))
    print(tr("{balance}. Type help for the commands.", lang, balance=_balance_text(table, lang)))
    print(_place_your_bets(table, lang))
    for line in _commands("> "):
        try:
            if not _play_command(table, line, args):
                break
        except SaveFailed:
            raise
        except BacaraError as error:
            _refused(error, lang)
    _save(args.save, table.to_json())  # saved before leaving: --load resumes it
    left = table.leave()
    net = _signed(add(table.balance, -table.initial_balance), lang)
    balance, initial = _amount(table.balance, lang), _amount(table.initial_balance, lang)
    if left.commission_collected:
        print(tr("You leave the table with {balance} (started with {initial}, {net}; commission "
                 "collected on leaving {amount}).", lang, balance=balance, initial=initial,
                 net=net, amount=_amount(left.commission_collected, lang)))
    else:
        print(tr("You leave the table with {balance} (started with {initial}, {net}).", lang,
                 balance=balance, initial=initial, net=net))
    return 0


# -- home session -------------------------------------------------------------------------------


def _scoreboard(session: HomeSession, lang: str) -> list[str]:
    width = max(len(name) for name in session.players)
    return [f"  {name:<{width}}  {_signed(total, lang):>5}" for name, total in session.scoreboard()]


def _show_record(record: CoupRecord, session: HomeSession, lang: str) -> None:
    print(tr("Coup {number}: {hands}", lang, number=record.number, hands=_hands(record.coup)))
    print(record.coup.narrate(lang))
    settled = dict(record.settled)
    for name in session.players:
        paid = settled.get(name)
        if paid is None:
            print(tr("  {name}: no prediction (dealer), 0 -> {total}", lang, name=name,
                     total=_signed(record.total(name), lang)))
            continue
        print(f"  {name}: {paid.bet.on.value}, {_signed(paid.net, lang)} -> "
              f"{_signed(record.total(name), lang)}")
    print(tr("Scores:", lang))
    print("\n".join(_scoreboard(session, lang)))


_QUIT_WORDS = pmessage("typed words", "quit|exit|pause")
_PASS_WORDS = pmessage("typed words", "-|pass|none")
"""What the dealer types to let a coup go without a prediction (the dealer may predict, but
need not)."""
_SAVE_WORDS = pmessage("typed words", "save")
_SCORES_WORDS = pmessage("typed words", "scores|score")


def _home_line(session: HomeSession, line: str, save: Callable[[str | None], None], lang: str) -> bool:
    """Handle one line of input; False to pause (quit)."""
    parts = line.split(maxsplit=1)
    if parts and parts[0].lower() in typed_words(_SAVE_WORDS):
        save(parts[1].strip() if len(parts) == 2 else None)
        return True
    words = line.replace(",", " ").split()
    if not words:
        return True
    command = words[0].lower()
    if len(words) == 1 and command in typed_words(_QUIT_WORDS):
        return False
    if len(words) == 1 and command in typed_words(_SCORES_WORDS):
        print("\n".join(_scoreboard(session, lang)))
        return True
    if len(words) == 1 and command in typed_words(_HELP_WORDS):
        print(tr("Type a prediction: punto, banco or empate (p, b, e); several on one line go to "
                 "the players in turn. The dealer may predict too, or type pass (-) to sit the "
                 "coup out and score 0. Also: scores, save [FILE], quit.", lang))
        return True
    waiting = session.waiting_for
    if len(words) > len(waiting):
        raise IllegalAction(nmessage(
            "{given} predictions given but only {count} player is still to predict ({names})",
            "{given} predictions given but only {count} players are still to predict ({names})",
            len(waiting), given=len(words), names=", ".join(waiting)))
    pairs = list(zip(waiting, words, strict=False))
    passes = typed_words(_PASS_WORDS)
    for name, word in pairs:  # check them all first: a refused line records nothing
        if word.lower() in passes:
            session.verify_abstain(name)
        else:
            session.verify_predict(name, word)
    for name, word in pairs:
        if word.lower() in passes:
            session.abstain(name)
        else:
            session.predict(name, word)
    return True


def _new_home_session(players: str, seed: str | None, dealer: str | None) -> HomeSession:
    """The session that ``--players``, ``--seed`` and ``--dealer`` start: the only options
    of the command, so its table, stake, payouts and number of coups are the session's own."""
    return HomeSession(players=players.split(","), seed=_seed(seed), dealer=dealer)


def _load_home_session(path: str) -> HomeSession:
    """A saved home session, refused unless the command line could have started it.

    The session is started again with :func:`_new_home_session` from the save's players,
    seed and dealer, given as the command line gives them; every other rule of the save
    (the table and its options, the number of coups, the shuffle) must be that session's
    own.  An edited save (a stake of 1000, other payouts, a billion coups) is refused before
    anything is played or written.
    """
    text = _load(path)
    session = HomeSession.from_json(text)
    saved = session.rules()
    try:
        fresh = _new_home_session(",".join(session.players), str(session.seed), session.dealer)
        odd = [key for key in saved if key != "shuffle" and fresh.rules()[key] != saved[key]]
    except BacaraError:  # names or a seed that the command line cannot type
        fresh = _new_home_session(",".join(f"P{n}" for n in range(2)), None, None)
        odd = ["players", "dealer", "seed"]
    made = fresh.to_dict()
    # A save of an earlier version was dealt with the shuffle of its time, and replays so.
    earlier = parse_json(text, what="saved home session").get("version") != made["version"]
    if made["rules"]["shuffle"] != saved["shuffle"] and not earlier:
        odd.append("shuffle")
    if odd:
        raise IllegalAction(message(
            "saved home session {path!r} has rules the home-session command cannot give "
            "({fields}): the command plays the {profile} table as it is, {coups} coups, with "
            "only --players, --dealer and --seed; nothing was loaded", path=path,
            fields=", ".join(odd), profile=made["rules"]["profile"],
            coups=made["rules"]["coups"]))
    return session


def run_home_session(args: argparse.Namespace) -> int:
    lang = args.lang
    _check_save_place(args.save)
    if args.load is not None:
        if args.players is not None or args.seed is not None or args.dealer is not None:
            raise IllegalAction(message("--load resumes a saved session: do not give --players, "
                                        "--seed or --dealer with it"))
        session = _load_home_session(args.load)
        print(tr("Resumed the home session (seed {seed}) at coup {number} of {coups}.", lang,
                 seed=str(session.seed), number=session.coup_number, coups=session.coups))
    else:
        if args.players is None:
            raise IllegalAction(message("no players given: use --players {example} ({least} to "
                                        "{most} names)", example="Ana,Luis,Eva", least=2, most=8))
        session = _new_home_session(args.players, args.seed, args.dealer)
        print(tr("Home session: {players} (dealer {dealer}); {coups} coups, stake {stake}; seed "
                 "{seed}.", lang, players=", ".join(session.players), dealer=session.dealer,
                 coups=session.coups, stake=_amount(session.stake, lang), seed=str(session.seed)))

    def save(path: str | None = None) -> None:
        target = path if path is not None else args.save
        if target is None:
            raise IllegalAction(message("no file to save to: type 'save FILE', or start the "
                                        "session with --save FILE"))
        _check_save_place(target, "save")
        try:
            _save(target, session.to_json())
        except SaveFailed as error:  # a typed save that fails is refused; play goes on
            raise IllegalAction(error.message) from None
        args.save = target  # later coups are saved there too
        print(tr("Saved to {path}.", lang, path=target))

    announced = -1
    while not session.finished:
        if announced != session.coup_number:
            announced = session.coup_number
            print(tr("Coup {number} of {coups}: predictions (punto, banco or empate).", lang,
                     number=session.coup_number, coups=session.coups))
        if session.can_deal():
            record = session.deal()
            _show_record(record, session, lang)
            if args.save is not None:
                _save(args.save, session.to_json())
            continue
        line = _read(f"{session.waiting_for[0]}? ")
        if line is None or line.strip().lower() in typed_words(_QUIT_WORDS):
            _save(args.save, session.to_json())
            if args.save:
                print(tr("Session paused before coup {number}; resume with --load {path}.", lang,
                         number=session.coup_number, path=args.save))
            else:
                print(tr("Session paused before coup {number}.", lang,
                         number=session.coup_number))
            return 0
        try:
            _home_line(session, line, save, lang)
        except SaveFailed:
            raise
        except BacaraError as error:
            _refused(error, lang)
    winners = session.winners
    best = _signed(dict(session.totals)[winners[0]], lang)
    if len(winners) == 1:
        print(tr("After {coups} coups {name} wins with {points}.", lang, coups=session.coups,
                 name=winners[0], points=best))
    else:
        print(tr("After {coups} coups {names} share the win with {points}.", lang,
                 coups=session.coups, names=_and(winners, lang), points=best))
    return 0


def _and(names: Sequence[str], lang: str) -> str:
    """``Ana and Luis``, ``Ana and Luis and Eva``: all of ``names``, in ``lang``.

    >>> _and(["Ana", "Luis"], "en"), _and(["Ana", "Luis", "Eva"], "es")
    ('Ana and Luis', 'Ana y Luis y Eva')
    """
    text = names[0]
    for name in names[1:]:
        text = tr("{names} and {name}", lang, names=text, name=name)
    return text


# -- profiles -----------------------------------------------------------------------------------


def _rate(value: object) -> object:
    """A commission rate in percent as a number the text layer writes in each language."""
    from fractions import Fraction

    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    return value


def run_profiles(args: argparse.Namespace) -> int:
    lang = args.lang
    chosen = [get_profile(args.name)] if args.name else list(PROFILES.values())
    if args.json:
        data = [profile.to_dict() for profile in chosen]
        print(json.dumps(data[0] if args.name else data, ensure_ascii=False))
        return 0
    for profile in chosen:
        pays = ", ".join(f"{kind.value} {localize_number(str(odds), lang)}:1"
                         for kind, odds in profile.payouts)
        print(tr("{name} ({label}): {title}", lang, name=profile.name,
                 label=profile.label_text(lang), title=profile.title_text(lang)))
        print(tr("  {decks} decks, reshuffle {reshuffle}; pays {pays}", lang, decks=profile.decks,
                 reshuffle=profile.reshuffle, pays=pays))
        rate = profile.commission_rate
        commission = (tr("{rate}% on Banco wins, {how}", lang, rate=_rate(rate * 100),
                         how=profile.commission.value) if rate
                      else ptr("commission", "none", lang))
        if profile.fixed_stake is not None:
            limits = tr("fixed at {amount}", lang, amount=_amount(profile.fixed_stake, lang))
        elif profile.min_bet is not None or profile.max_bet is not None:
            anything = ptr("limit", "any", lang)
            limits = tr("{low} to {high}", lang,
                        low=_amount(profile.min_bet, lang) if profile.min_bet is not None else anything,
                        high=_amount(profile.max_bet, lang) if profile.max_bet is not None else anything)
        else:
            limits = tr("no limits", lang)
        print(tr("  commission: {commission}; positions: {positions}; after a tie: {tie}; stakes: "
                 "{limits}; pairs: {pairs}", lang, commission=commission,
                 positions=profile.positions.value, tie=profile.tie.value, limits=limits,
                 pairs=profile.pair_reading.value))
        for rule in profile.pay_rules:
            print(tr("  pay rule: {rule}", lang, rule=rule.describe(lang)))
        if args.name:
            for text in profile.assumptions_text(lang):
                print(tr("  assumed: {text}", lang, text=text))
            for text in profile.notes_text(lang):
                print(tr("  note: {text}", lang, text=text))
    return 0
