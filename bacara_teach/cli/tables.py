"""``bacara-teach settle``, ``play``, ``home-session`` and ``profiles``: the tables at the terminal.

``settle`` pays bets on given cards under a table profile; ``play`` is an
interactive ledger at a table (the online table by default); ``home-session``
runs the home prediction session.  The two interactive commands read one
command per line: typed at a terminal, or from a script on stdin (the lines
are then echoed after the prompt, so the output reads as a transcript).  A
refused command prints the error and play goes on unchanged; end of input
quits cleanly.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from bacara_teach.cards import format_cards
from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.home_session import CoupRecord, HomeSession
from bacara_teach.money import add, format_amount, format_signed
from bacara_teach.narration import LANGUAGES
from bacara_teach.online_table import OnlineTable, TableCoup
from bacara_teach.punto_banco import Coup, deal_coup
from bacara_teach.settlement import Bet, settle
from bacara_teach.tables import PROFILES, TableProfile, get_profile

Seed = int | str


# -- shared helpers ----------------------------------------------------------------------------


def _seed(text: str | None) -> Seed:
    if text is None:
        return secrets.randbelow(2**32)
    return int(text) if text.strip().isdigit() else text


def _profile(name: str, options: Sequence[str]) -> TableProfile:
    profile = get_profile(name)
    changes: dict[str, object] = {}
    payouts: dict[str, str] = {}
    for option in options:
        key, sep, value = option.partition("=")
        if not sep or not key.strip():
            raise NotationError(
                f"invalid --option {option!r}: expected KEY=VALUE, e.g. commission=accrued or decks=8"
            )
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


def _winner(coup: Coup) -> str:
    winner = coup.winner.value
    return "Empate: a tie" if winner == "empate" else f"{winner.title()} wins"


def _read(prompt: str) -> str | None:
    """One line of input, or None at the end: typed at a terminal, or read from stdin and
    echoed after the prompt so that a scripted run reads as a transcript."""
    if sys.stdin.isatty():
        try:
            return input(prompt)
        except EOFError:
            print()
            return None
    line = sys.stdin.readline()
    if not line:
        return None
    text = line.rstrip("\r\n")
    print(f"{prompt}{text}")
    return text


def _commands(prompt: str) -> Iterator[str]:
    """Lines of input until the end (see :func:`_read`)."""
    while (line := _read(prompt)) is not None:
        yield line


def _refused(error: BacaraError) -> None:
    print(f"error: {error}")


def _add_profile_arguments(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument("--profile", default=default,
                        help=f"table profile: {', '.join(PROFILES)} (default {default})")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="change an option of the profile, e.g. commission=accrued, decks=8, "
                        "positions=both-sides, tie=change, pair-reading=same-value, payout.empate=9 "
                        "(repeatable)")


# -- registration -----------------------------------------------------------------------------


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    settle_parser = sub.add_parser(
        "settle",
        help="pay bets on a coup under a table profile",
        description="Deal the given cards and settle each bet exactly under a table profile: "
        "the net change, the odds paid and the commission.",
    )
    _add_profile_arguments(settle_parser, "home")
    settle_parser.add_argument("--bet", action="append", default=[], metavar="POSITION=STAKE",
                               help="a bet, e.g. banco=20, empate=5, pareja-punto=5 (repeatable)")
    settle_parser.add_argument("--cards", required=True,
                               help='the cards in deal order, e.g. "4♥ 2♠ 9♣ A♦ 8♦"')
    settle_parser.add_argument("--json", action="store_true", help="print one JSON object")
    settle_parser.set_defaults(run=run_settle)

    play = sub.add_parser(
        "play",
        help="sit at a table with a balance: bet, deal, see every draw explained",
        description="An interactive table with a real ledger. Commands: bet POSITION STAKE, "
        "change POSITION [NEW-POSITION] [STAKE], cancel [POSITION], continue (continuar), "
        "balance, history, help, quit. Reads one command per line from stdin when it is not "
        "a terminal.",
    )
    _add_profile_arguments(play, "online")
    play.add_argument("--balance", default="100", help="starting balance (default 100)")
    play.add_argument("--seed", help="seed of the shoe (default: a random seed, printed)")
    play.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the narration")
    play.add_argument("--save", metavar="FILE", help="save the table to FILE after each coup and on quitting")
    play.add_argument("--load", metavar="FILE", help="resume a table saved with --save")
    play.set_defaults(run=run_play)

    home = sub.add_parser(
        "home-session",
        help="the home prediction session: 2-8 players, 10 coups, scoreboard",
        description="Run the home session of seed 000. Before each coup every participant "
        "predicts punto, banco or empate (p/b/e; several on one line for the players in turn). "
        "Also: scores, save [FILE], quit. Reads from stdin when it is not a terminal.",
    )
    home.add_argument("--players", help="the participants, comma-separated, e.g. Ana,Luis,Eva")
    home.add_argument("--dealer", help="which participant deals (default: the first)")
    home.add_argument("--seed", help="seed of the shoe (default: a random seed, printed)")
    home.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the narration")
    home.add_argument("--save", metavar="FILE", help="save the session to FILE after each coup and on quitting")
    home.add_argument("--load", metavar="FILE", help="resume a session saved with --save")
    home.set_defaults(run=run_home_session)

    profiles = sub.add_parser("profiles", help="list the table profiles and their options",
                              description="Print the table profiles, read from the engine's data.")
    profiles.add_argument("name", nargs="?", help="one profile to show in full")
    profiles.add_argument("--json", action="store_true", help="print the profiles as JSON data")
    profiles.set_defaults(run=run_profiles)


# -- settle -------------------------------------------------------------------------------------


def run_settle(args: argparse.Namespace) -> int:
    profile = _profile(args.profile, args.option)
    if not args.bet:
        raise IllegalAction("no bet given: add --bet POSITION=STAKE, e.g. --bet banco=20")
    bets = [Bet.parse(text) for text in args.bet]
    if not args.cards.strip():
        raise IllegalAction('--cards is empty: give the cards in deal order, e.g. "4♥ 2♠ 9♣ A♦ 8♦"')
    coup = deal_coup(args.cards)
    result = settle(coup, bets, profile)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
        return 0
    print(f"{_hands(coup)}: {_winner(coup)}.")
    for paid in result.bets:
        print(paid.describe())
    line = f"net: {format_signed(result.net)}"
    if result.commission_owed:
        line += f" (commission owed: {format_amount(result.commission_owed)})"
    print(line)
    return 0


# -- play ---------------------------------------------------------------------------------------

_PLAY_HELP = """\
Commands:
  bet POSITION STAKE            put a stake on punto, banco, empate (pareja-punto, pareja-banco
                                where the table has them); betting again adds to the stake
  change POSITION NEW-POSITION  move a bet;  change POSITION STAKE  set its stake (or both)
  cancel [POSITION]             take a bet back (all bets without a position)
  continue | continuar          deal the coup and settle the bets
  balance                       balance, stakes on the table, commission owed
  history                       the coups played and the balance after each
  help                          this list
  quit                          leave the table"""


def _save(path: str | None, text: str) -> None:
    if path is None:
        return
    try:
        Path(path).write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise IllegalAction(f"cannot save to {path!r}: {error.strerror or error}") from None


def _load(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise NotationError(f"cannot read {path!r}: {error.strerror or error}") from None


def _bets_text(table: OnlineTable) -> str:
    return ", ".join(f"{bet.on.value} {format_amount(bet.stake)}" for bet in table.bets) or "none"


def _balance_text(table: OnlineTable) -> str:
    text = (f"Balance {format_amount(table.balance)}; on the table: {_bets_text(table)}; "
            f"available {format_amount(table.available)}")
    if table.commission_owed:
        text += f"; commission owed {format_amount(table.commission_owed)}"
    return text


def _show_coup(played: TableCoup, lang: str) -> None:
    print(f"Coup {played.number}: {_hands(played.coup)}")
    print(played.coup.narrate(lang))
    for paid in played.settlement.bets:
        print(f"  {paid.describe()}")
    if played.commission_collected:
        print(f"  commission collected at the end of the shoe: -{format_amount(played.commission_collected)}")
    print(f"Balance: {format_amount(played.balance_after)}")


def _history_lines(table: OnlineTable) -> list[str]:
    if not table.history:
        return ["No coups played yet."]
    lines = []
    for played in table.history:
        bets = ", ".join(f"{p.bet.on.value} {format_amount(p.bet.stake)} {format_signed(p.net)}"
                         for p in played.settlement.bets)
        extra = (f", commission -{format_amount(played.commission_collected)}"
                 if played.commission_collected else "")
        coup = played.coup
        lines.append(f"#{played.number} Punto {coup.punto_total}, Banco {coup.banco_total}: "
                     f"{_winner(coup)}; {bets}{extra}; balance {format_amount(played.balance_after)}")
    return lines


def _two_args(words: list[str], usage: str) -> tuple[str, str]:
    if len(words) != 2:
        raise NotationError(f"invalid command: expected {usage}")
    first, second = words
    if first[:1].isdigit() or first[:1] in "-+.":
        first, second = second, first
    return first, second


def _play_command(table: OnlineTable, line: str, args: argparse.Namespace) -> bool:
    """Run one command; False when the player leaves."""
    words = line.split()
    if not words:
        return True
    command, rest = words[0].lower(), words[1:]
    if command in ("bet", "apostar", "apuesta"):
        on, stake = _two_args(rest, "bet POSITION STAKE, e.g. bet banco 10")
        placed = table.place(on, stake)
        print(f"Bet {placed.bet.on.value} {format_amount(placed.bet.stake)}. {_balance_text(table)}")
    elif command in ("change", "cambiar"):
        if len(rest) not in (2, 3):
            raise NotationError("invalid command: expected change POSITION NEW-POSITION and/or STAKE, "
                                "e.g. change banco punto, change banco 20")
        on, to, stake = rest[0], None, None
        for word in rest[1:]:
            if word[:1].isdigit() or word[:1] in "-+.":
                stake = word
            else:
                to = word
        changed = table.change(on, to=to, stake=stake)
        print(f"Changed {changed.before.on.value} {format_amount(changed.before.stake)} to "
              f"{changed.after.on.value} {format_amount(changed.after.stake)}. {_balance_text(table)}")
    elif command in ("cancel", "cancelar"):
        if len(rest) > 1:
            raise NotationError("invalid command: expected cancel or cancel POSITION")
        cancelled = table.cancel(rest[0] if rest else None)
        names = ", ".join(f"{c.bet.on.value} {format_amount(c.bet.stake)}" for c in cancelled)
        print(f"Cancelled {names}. {_balance_text(table)}")
    elif command in ("continue", "continuar", "deal", "c"):
        played = table.deal()
        _show_coup(played, args.lang)
        table.next_coup()
        _save(args.save, table.to_json())
        kept = f" Your bet stays: {_bets_text(table)}." if table.bets else ""
        print(f"Coup {table.coup_number}: place your bets.{kept}")
    elif command in ("balance", "saldo"):
        print(_balance_text(table))
    elif command in ("history", "historial"):
        print("\n".join(_history_lines(table)))
    elif command in ("help", "ayuda", "?"):
        print(_PLAY_HELP)
    elif command in ("quit", "exit", "leave", "salir"):
        return False
    else:
        raise NotationError(f"unknown command {words[0]!r}: type help for the list of commands")
    return True


def run_play(args: argparse.Namespace) -> int:
    if args.load is not None:
        if args.seed is not None or args.option:
            raise IllegalAction("--load resumes a saved table: do not give --seed or --option with it")
        table = OnlineTable.from_json(_load(args.load))
        print(f"Resumed the {table.profile.name} table (seed {table.seed}) at coup "
              f"{table.coup_number}.")
    else:
        profile = _profile(args.profile, args.option)
        table = OnlineTable(balance=args.balance, profile=profile, seed=_seed(args.seed))
        limits = ""
        if profile.min_bet is not None or profile.max_bet is not None:
            low = format_amount(profile.min_bet) if profile.min_bet is not None else "none"
            high = format_amount(profile.max_bet) if profile.max_bet is not None else "none"
            limits = f", bets {low} to {high}"
        print(f"{profile.title}: {profile.decks} decks{limits}; seed {table.seed}.")
    print(f"{_balance_text(table)}. Type help for the commands.")
    print(f"Coup {table.coup_number}: place your bets.")
    for line in _commands("> "):
        try:
            if not _play_command(table, line, args):
                break
        except BacaraError as error:
            _refused(error)
    left = table.leave()
    _save(args.save, table.to_json())
    net = format_signed(add(table.balance, -table.initial_balance))
    collected = (f"; commission collected on leaving {format_amount(left.commission_collected)}"
                 if left.commission_collected else "")
    print(f"You leave the table with {format_amount(table.balance)} (started with "
          f"{format_amount(table.initial_balance)}, {net}{collected}).")
    return 0


# -- home session -------------------------------------------------------------------------------


def _scoreboard(session: HomeSession) -> list[str]:
    width = max(len(name) for name in session.players)
    return [f"  {name:<{width}}  {format_signed(total):>5}" for name, total in session.scoreboard()]


def _show_record(record: CoupRecord, session: HomeSession, lang: str) -> None:
    print(f"Coup {record.number}: {_hands(record.coup)}")
    print(record.coup.narrate(lang))
    for name, paid in record.settled:
        print(f"  {name}: {paid.bet.on.value}, {format_signed(paid.net)} -> "
              f"{format_signed(record.total(name))}")
    print("Scores:")
    print("\n".join(_scoreboard(session)))


def _home_line(session: HomeSession, line: str, save: Callable[[str | None], None]) -> bool:
    """Handle one line of input; False to pause (quit)."""
    parts = line.split(maxsplit=1)
    if parts and parts[0].lower() in ("save", "guardar"):
        save(parts[1].strip() if len(parts) == 2 else None)
        return True
    words = line.replace(",", " ").split()
    if not words:
        return True
    command = words[0].lower()
    if len(words) == 1 and command in ("quit", "exit", "salir", "pause"):
        return False
    if len(words) == 1 and command in ("scores", "score", "puntos"):
        print("\n".join(_scoreboard(session)))
        return True
    if len(words) == 1 and command in ("help", "ayuda", "?"):
        print("Type a prediction: punto, banco or empate (p, b, e); several on one line go to the "
              "players in turn. Also: scores, save [FILE], quit.")
        return True
    waiting = session.waiting_for
    if len(words) > len(waiting):
        raise IllegalAction(
            f"{len(words)} predictions given but only {len(waiting)} "
            f"{'player is' if len(waiting) == 1 else 'players are'} still to predict "
            f"({', '.join(waiting)})"
        )
    pairs = list(zip(waiting, words, strict=False))
    for name, word in pairs:  # check them all first: a refused line records nothing
        session.verify_predict(name, word)
    for name, word in pairs:
        session.predict(name, word)
    return True


def run_home_session(args: argparse.Namespace) -> int:
    if args.load is not None:
        if args.players is not None or args.seed is not None or args.dealer is not None:
            raise IllegalAction("--load resumes a saved session: do not give --players, --seed "
                                "or --dealer with it")
        session = HomeSession.from_json(_load(args.load))
        print(f"Resumed the home session (seed {session.seed}) at coup {session.coup_number} of "
              f"{session.coups}.")
    else:
        if args.players is None:
            raise IllegalAction("no players given: use --players Ana,Luis,Eva (2 to 8 names)")
        session = HomeSession(players=args.players.split(","), seed=_seed(args.seed), dealer=args.dealer)
        print(f"Home session: {', '.join(session.players)} (dealer {session.dealer}); "
              f"{session.coups} coups, stake {format_amount(session.stake)}; seed {session.seed}.")

    def save(path: str | None = None) -> None:
        target = path if path is not None else args.save
        if target is None:
            raise IllegalAction("no file to save to: type 'save FILE', "
                                "or start the session with --save FILE")
        _save(target, session.to_json())
        args.save = target  # later coups are saved there too
        print(f"Saved to {target}.")

    announced = -1
    while not session.finished:
        if announced != session.coup_number:
            announced = session.coup_number
            print(f"Coup {session.coup_number} of {session.coups}: predictions "
                  "(punto, banco or empate).")
        if session.can_deal():
            record = session.deal()
            _show_record(record, session, args.lang)
            if args.save is not None:
                _save(args.save, session.to_json())
            continue
        line = _read(f"{session.waiting_for[0]}? ")
        if line is None or line.strip().lower() in ("quit", "exit", "salir", "pause"):
            _save(args.save, session.to_json())
            where = f"; resume with --load {args.save}" if args.save else ""
            print(f"Session paused before coup {session.coup_number}{where}.")
            return 0
        try:
            _home_line(session, line, save)
        except BacaraError as error:
            _refused(error)
    winners = session.winners
    best = format_signed(dict(session.totals)[winners[0]])
    if len(winners) == 1:
        print(f"After {session.coups} coups {winners[0]} wins with {best}.")
    else:
        print(f"After {session.coups} coups {' and '.join(winners)} share the win with {best}.")
    return 0


# -- profiles -----------------------------------------------------------------------------------


def run_profiles(args: argparse.Namespace) -> int:
    chosen = [get_profile(args.name)] if args.name else list(PROFILES.values())
    if args.json:
        data = [profile.to_dict() for profile in chosen]
        print(json.dumps(data[0] if args.name else data, ensure_ascii=False))
        return 0
    for profile in chosen:
        pays = ", ".join(f"{kind.value} {odds}:1" for kind, odds in profile.payouts)
        print(f"{profile.name} (system {profile.system}): {profile.title}")
        print(f"  {profile.decks} decks, reshuffle {profile.reshuffle}; pays {pays}")
        rate = profile.commission_rate
        commission = (f"{rate * 100}% on Banco wins, {profile.commission.value}" if rate
                      else "none")
        limits = "no limits"
        if profile.fixed_stake is not None:
            limits = f"fixed at {format_amount(profile.fixed_stake)}"
        elif profile.min_bet is not None or profile.max_bet is not None:
            low = format_amount(profile.min_bet) if profile.min_bet is not None else "any"
            high = format_amount(profile.max_bet) if profile.max_bet is not None else "any"
            limits = f"{low} to {high}"
        print(f"  commission: {commission}; positions: {profile.positions.value}; "
              f"after a tie: {profile.tie.value}; stakes: {limits}; pairs: {profile.pair_reading.value}")
        if args.name:
            for text in profile.assumptions:
                print(f"  assumed: {text}")
            for text in profile.notes:
                print(f"  note: {text}")
    return 0

