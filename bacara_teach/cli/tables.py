"""``bacara-teach settle``, ``play``, ``home-session`` and ``profiles``: the tables at the terminal.

``settle`` pays bets on given cards under a table profile; ``play`` is an
interactive ledger at a table (the online table by default); ``home-session``
runs the home prediction session.  The two interactive commands read one
command per line: typed at a terminal, or from a script on stdin (the lines
are then echoed after the prompt, so the output reads as a transcript).  A
refused command prints the error and play goes on unchanged; end of input
quits cleanly.  Messages follow ``--lang`` (or the default language); the command words
are accepted in English and in Spanish whatever the language.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence

from bacara_teach.cards import format_cards
from bacara_teach.cli.messages import add_lang_argument, shorten, t
from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.home_session import CoupRecord, HomeSession
from bacara_teach.money import add, format_amount, format_signed
from bacara_teach.online_table import OnlineTable, TableCoup
from bacara_teach.punto_banco import Coup, deal_coup
from bacara_teach.refusals import refusal_text
from bacara_teach.saves import read_seed, read_text, write_atomically
from bacara_teach.settlement import Bet, settle
from bacara_teach.tables import PROFILES, TableProfile, get_profile

Seed = int | str


# -- shared helpers ----------------------------------------------------------------------------


def _seed(text: str | None) -> Seed:
    if text is None:
        return secrets.randbelow(2**32)
    return read_seed(text)


def _profile(name: str, options: Sequence[str], lang: str) -> TableProfile:
    profile = get_profile(name)
    changes: dict[str, object] = {}
    payouts: dict[str, str] = {}
    for option in options:
        key, sep, value = option.partition("=")
        if not sep or not key.strip():
            raise NotationError(t(
                lang,
                f"invalid --option {option!r}: expected KEY=VALUE, e.g. commission=accrued or decks=8",
                f"--option no válida {option!r}: se esperaba CLAVE=VALOR, p. ej. commission=accrued "
                "o decks=8",
            ))
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
        return t(lang, "Empate: a tie", "Empate")
    return t(lang, f"{winner.title()} wins", f"Gana {winner.title()}")


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


def _refused(error: BacaraError, lang: str) -> None:
    print(f"error: {shorten(refusal_text(error, lang))}")


def _add_profile_arguments(parser: argparse.ArgumentParser, default: str) -> None:
    add_lang_argument(parser)
    parser.add_argument("--profile", default=default,
                        help=f"table profile: {', '.join(PROFILES)} (default {default})")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="change an option of the profile, e.g. commission=accrued (with "
                        "reshuffle=never to see it accrue), decks=8, positions=both-sides, "
                        "tie=change, pair-reading=same-value, side-bets-alone=yes, payout.empate=9 "
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
        "a terminal. Commission on Banco: the online table takes it at payment; with --option "
        "commission=accrued it is owed and collected at the end of the shoe or when you leave, "
        "which differs only with --option reshuffle=never (a shoe dealt through): a shoe "
        "reshuffled every coup ends every coup. At the casino table choose J or B and add "
        "Empate or the pairs if you like; a side bet alone is refused unless --option "
        "side-bets-alone=yes.",
    )
    _add_profile_arguments(play, "online")
    play.add_argument("--balance", default="100", help="starting balance (default 100)")
    play.add_argument("--seed", help="seed of the shoe (default: a random seed, printed)")
    play.add_argument("--save", metavar="FILE", help="save the table to FILE after each coup and on quitting")
    play.add_argument("--load", metavar="FILE", help="resume a table saved with --save")
    play.set_defaults(run=run_play)

    home = sub.add_parser(
        "home-session",
        help="the home prediction session: 2-8 players, 10 coups, scoreboard",
        description="Run the home study session (the home rules). Before each coup every participant "
        "predicts punto, banco or empate (p/b/e; several on one line for the players in turn); "
        "the dealer may predict too, or pass (-) and score 0 for that coup. "
        "Also: scores, save [FILE], quit. Reads from stdin when it is not a terminal.",
    )
    home.add_argument("--players", help="the participants, comma-separated, e.g. Ana,Luis,Eva")
    home.add_argument("--dealer", help="which participant deals (default: the first)")
    home.add_argument("--seed", help="seed of the shoe (default: a random seed, printed)")
    add_lang_argument(home)
    home.add_argument("--save", metavar="FILE", help="save the session to FILE after each coup and on quitting")
    home.add_argument("--load", metavar="FILE", help="resume a session saved with --save")
    home.set_defaults(run=run_home_session)

    profiles = sub.add_parser("profiles", help="list the table profiles and their options",
                              description="Print the table profiles, read from the engine's data.")
    profiles.add_argument("name", nargs="?", help="one profile to show in full")
    profiles.add_argument("--json", action="store_true", help="print the profiles as JSON data")
    add_lang_argument(profiles)
    profiles.set_defaults(run=run_profiles)


# -- settle -------------------------------------------------------------------------------------


def run_settle(args: argparse.Namespace) -> int:
    lang = args.lang
    profile = _profile(args.profile, args.option, lang)
    if not args.bet:
        raise IllegalAction(t(lang, "no bet given: add --bet POSITION=STAKE, e.g. --bet banco=20",
                              "no se dio ninguna apuesta: añada --bet POSICIÓN=IMPORTE, p. ej. "
                              "--bet banco=20"))
    bets = [Bet.parse(text) for text in args.bet]
    if not args.cards.strip():
        raise IllegalAction(t(
            lang,
            '--cards is empty: give the cards in deal order, e.g. "4♥ 2♠ 9♣ A♦ 8♦"',
            '--cards está vacío: dé las cartas en el orden del reparto, p. ej. "4♥ 2♠ 9♣ A♦ 8♦"',
        ))
    coup = deal_coup(args.cards)
    result = settle(coup, bets, profile)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
        return 0
    print(f"{_hands(coup)}: {_winner(coup, lang)}.")
    for paid in result.bets:
        print(paid.describe(lang))
    line = t(lang, "net", "neto") + f": {format_signed(result.net)}"
    if result.commission_owed:
        line += t(lang, f" (commission owed: {format_amount(result.commission_owed)})",
                  f" (comisión pendiente: {format_amount(result.commission_owed)})")
    print(line)
    return 0


# -- play ---------------------------------------------------------------------------------------

_PLAY_HELP = {
    "en": """\
Commands:
  bet POSITION STAKE            put a stake on punto, banco, empate (pareja-punto, pareja-banco
                                where the table has them); betting again adds to the stake
  change POSITION NEW-POSITION  move a bet;  change POSITION STAKE  set its stake (or both)
  cancel [POSITION]             take a bet back (all bets without a position)
  continue | continuar          deal the coup and settle the bets
  balance                       balance, stakes on the table, commission owed
  history                       the coups played and the balance after each
  help                          this list
  quit                          leave the table""",
    "es": """\
Órdenes (en español o en inglés):
  apostar POSICIÓN IMPORTE      ponga un importe en punto, banco, empate (pareja-punto, pareja-banco
  (bet)                         si la mesa las tiene); apostar otra vez suma al importe
  cambiar POSICIÓN NUEVA        mueva una apuesta;  cambiar POSICIÓN IMPORTE  cambie su importe
  (change)                      (o las dos cosas)
  cancelar [POSICIÓN] (cancel)  retire una apuesta (todas, sin posición)
  continuar | continue          reparta el coup y liquide las apuestas
  saldo (balance)               saldo, importes en la mesa, comisión pendiente
  historial (history)           los coups jugados y el saldo después de cada uno
  ayuda (help)                  esta lista
  salir (quit)                  deje la mesa""",
}


class SaveFailed(IllegalAction):
    """A save could not be written: the old file is kept, and the command stops (exit 2)."""


def _save(path: str | None, text: str, lang: str) -> None:
    """Write a save atomically (the old file or the new one, never a part of either)."""
    if path is None:
        return
    try:
        write_atomically(path, text + "\n")
    except IllegalAction as error:
        kept = t(lang, "the previous save, if any, is kept as it was",
                 "la partida guardada anterior, si la hay, queda como estaba")
        raise SaveFailed(t(lang, f"{error}", f"no se puede guardar en {path!r} ({error}); {kept}")) from None


def _load(path: str) -> str:
    return read_text(path)


def _bets_text(table: OnlineTable, lang: str) -> str:
    return (", ".join(f"{bet.on.value} {format_amount(bet.stake)}" for bet in table.bets)
            or t(lang, "none", "ninguna"))


def _balance_text(table: OnlineTable, lang: str) -> str:
    balance, available = format_amount(table.balance), format_amount(table.available)
    text = t(lang,
             f"Balance {balance}; on the table: {_bets_text(table, lang)}; available {available}",
             f"Saldo {balance}; en la mesa: {_bets_text(table, lang)}; disponible {available}")
    if table.commission_owed:
        owed = format_amount(table.commission_owed)
        text += t(lang, f"; commission owed {owed}", f"; comisión pendiente {owed}")
    return text


def _place_your_bets(table: OnlineTable, lang: str) -> str:
    return t(lang, f"Coup {table.coup_number}: place your bets.",
             f"Coup {table.coup_number}: hagan sus apuestas.")


def _show_coup(played: TableCoup, lang: str) -> None:
    print(f"Coup {played.number}: {_hands(played.coup)}")
    print(played.coup.narrate(lang))
    for paid in played.settlement.bets:
        print(f"  {paid.describe(lang)}")
    if played.commission_collected:
        collected = format_amount(played.commission_collected)
        print(t(lang, f"  commission collected at the end of the shoe: -{collected}",
                f"  comisión cobrada al final del sabot: -{collected}"))
    print(t(lang, "Balance", "Saldo") + f": {format_amount(played.balance_after)}")


def _history_lines(table: OnlineTable, lang: str) -> list[str]:
    if not table.history:
        return [t(lang, "No coups played yet.", "Aún no se ha jugado ningún coup.")]
    lines = []
    for played in table.history:
        bets = ", ".join(f"{p.bet.on.value} {format_amount(p.bet.stake)} {format_signed(p.net)}"
                         for p in played.settlement.bets)
        extra = (t(lang, ", commission", ", comisión") + f" -{format_amount(played.commission_collected)}"
                 if played.commission_collected else "")
        coup = played.coup
        balance = t(lang, "balance", "saldo")
        lines.append(f"#{played.number} Punto {coup.punto_total}, Banco {coup.banco_total}: "
                     f"{_winner(coup, lang)}; {bets}{extra}; {balance} "
                     f"{format_amount(played.balance_after)}")
    return lines


def _usage_error(lang: str, en: str, es: str) -> NotationError:
    return NotationError(t(lang, f"invalid command: expected {en}", f"orden no válida: se esperaba {es}"))


def _two_args(words: list[str], lang: str) -> tuple[str, str]:
    if len(words) != 2:
        raise _usage_error(lang, "bet POSITION STAKE, e.g. bet banco 10",
                           "apostar POSICIÓN IMPORTE, p. ej. apostar banco 10 (o bet banco 10)")
    first, second = words
    if first[:1].isdigit() or first[:1] in "-+.":
        first, second = second, first
    return first, second


_PLAY_WORDS = {
    "bet": ("bet", "apostar", "apuesta"),
    "change": ("change", "cambiar", "cambia"),
    "cancel": ("cancel", "cancelar", "cancela"),
    "continue": ("continue", "continuar", "continua", "continúa", "seguir", "deal", "repartir", "c"),
    "balance": ("balance", "saldo"),
    "history": ("history", "historial"),
    "help": ("help", "ayuda", "?"),
    "quit": ("quit", "exit", "leave", "salir"),
}
_PLAY_COMMANDS = {word: command for command, words in _PLAY_WORDS.items() for word in words}


def _play_command(table: OnlineTable, line: str, args: argparse.Namespace) -> bool:
    """Run one command; False when the player leaves."""
    lang = args.lang
    words = line.split()
    if not words:
        return True
    command, rest = _PLAY_COMMANDS.get(words[0].lower()), words[1:]
    if command == "bet":
        on, stake = _two_args(rest, lang)
        placed = table.place(on, stake)
        print(t(lang, "Bet", "Apuesta") + f" {placed.bet.on.value} {format_amount(placed.bet.stake)}. "
              f"{_balance_text(table, lang)}")
    elif command == "change":
        if len(rest) not in (2, 3):
            raise _usage_error(lang, "change POSITION NEW-POSITION and/or STAKE, "
                               "e.g. change banco punto, change banco 20",
                               "cambiar POSICIÓN NUEVA-POSICIÓN y/o IMPORTE, "
                               "p. ej. cambiar banco punto, cambiar banco 20")
        on, to, stake = rest[0], None, None
        for word in rest[1:]:
            if word[:1].isdigit() or word[:1] in "-+.":
                stake = word
            else:
                to = word
        changed = table.change(on, to=to, stake=stake)
        before = f"{changed.before.on.value} {format_amount(changed.before.stake)}"
        after = f"{changed.after.on.value} {format_amount(changed.after.stake)}"
        print(t(lang, f"Changed {before} to {after}.", f"Apuesta cambiada de {before} a {after}.")
              + f" {_balance_text(table, lang)}")
    elif command == "cancel":
        if len(rest) > 1:
            raise _usage_error(lang, "cancel or cancel POSITION", "cancelar o cancelar POSICIÓN")
        cancelled = table.cancel(rest[0] if rest else None)
        names = ", ".join(f"{c.bet.on.value} {format_amount(c.bet.stake)}" for c in cancelled)
        cancelled_es = "Apuesta cancelada" if len(cancelled) == 1 else "Apuestas canceladas"
        print(t(lang, f"Cancelled {names}.", f"{cancelled_es}: {names}.")
              + f" {_balance_text(table, lang)}")
    elif command == "continue":
        played = table.deal()
        _show_coup(played, lang)
        table.next_coup()
        _save(args.save, table.to_json(), lang)
        kept = (t(lang, f" Your bet stays: {_bets_text(table, lang)}.",
                  f" Su apuesta sigue: {_bets_text(table, lang)}.") if table.bets else "")
        print(f"{_place_your_bets(table, lang)}{kept}")
    elif command == "balance":
        print(_balance_text(table, lang))
    elif command == "history":
        print("\n".join(_history_lines(table, lang)))
    elif command == "help":
        print(_PLAY_HELP[lang])
    elif command == "quit":
        return False
    else:
        raise NotationError(t(
            lang,
            f"unknown command {words[0]!r}: type help for the list of commands",
            f"orden desconocida {words[0]!r}: escriba ayuda (o help) para ver la lista de órdenes",
        ))
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


def run_play(args: argparse.Namespace) -> int:
    lang = args.lang
    if args.load is not None:
        if args.seed is not None or args.option:
            raise IllegalAction(t(lang,
                                  "--load resumes a saved table: do not give --seed or --option with it",
                                  "--load reanuda una mesa guardada: no dé --seed ni --option con él"))
        table = OnlineTable.from_json(_load(args.load))
        if not table.can_leave():
            raise IllegalAction(t(lang,
                                  f"the table saved in {args.load!r} was left: a table the "
                                  "player left cannot be resumed; start a new one",
                                  f"la mesa guardada en {args.load!r} ya se dejó: una mesa que "
                                  "el jugador dejó no se puede reanudar; empiece una nueva"))
        options = _options_text(table.rules()["options"])
        print(t(lang,
                f"Resumed the {table.profile.name} table{options} (seed {table.seed}) at coup "
                f"{table.coup_number}.",
                f"Se reanuda la mesa {table.profile.name}{options} (semilla {table.seed}) en el coup "
                f"{table.coup_number}."))
    else:
        profile = _profile(args.profile, args.option, lang)
        table = OnlineTable(balance=args.balance, profile=profile, seed=_seed(args.seed))
        limits = ""
        if profile.min_bet is not None or profile.max_bet is not None:
            none = t(lang, "none", "ninguno")
            low = format_amount(profile.min_bet) if profile.min_bet is not None else none
            high = format_amount(profile.max_bet) if profile.max_bet is not None else none
            limits = t(lang, f", bets {low} to {high}", f", apuestas de {low} a {high}")
        print(t(lang, f"{profile.title_text(lang)}: {profile.decks} decks{limits}; seed {table.seed}.",
                f"{profile.title_text(lang)}: {profile.decks} barajas{limits}; semilla {table.seed}."))
    print(f"{_balance_text(table, lang)}. "
          + t(lang, "Type help for the commands.", "Escriba ayuda (o help) para ver las órdenes."))
    print(_place_your_bets(table, lang))
    for line in _commands("> "):
        try:
            if not _play_command(table, line, args):
                break
        except SaveFailed:
            raise
        except BacaraError as error:
            _refused(error, lang)
    _save(args.save, table.to_json(), lang)  # saved before leaving: --load resumes it
    left = table.leave()
    net = format_signed(add(table.balance, -table.initial_balance))
    balance, initial = format_amount(table.balance), format_amount(table.initial_balance)
    collected = ""
    if left.commission_collected:
        amount = format_amount(left.commission_collected)
        collected = t(lang, f"; commission collected on leaving {amount}",
                      f"; comisión cobrada al salir {amount}")
    print(t(lang, f"You leave the table with {balance} (started with {initial}, {net}{collected}).",
            f"Deja la mesa con {balance} (empezó con {initial}, {net}{collected})."))
    return 0


# -- home session -------------------------------------------------------------------------------


def _scoreboard(session: HomeSession) -> list[str]:
    width = max(len(name) for name in session.players)
    return [f"  {name:<{width}}  {format_signed(total):>5}" for name, total in session.scoreboard()]


def _show_record(record: CoupRecord, session: HomeSession, lang: str) -> None:
    print(f"Coup {record.number}: {_hands(record.coup)}")
    print(record.coup.narrate(lang))
    settled = dict(record.settled)
    for name in session.players:
        paid = settled.get(name)
        if paid is None:
            print(t(lang, f"  {name}: no prediction (dealer), 0 -> ",
                    f"  {name}: sin predicción (reparte), 0 -> ") + format_signed(record.total(name)))
            continue
        print(f"  {name}: {paid.bet.on.value}, {format_signed(paid.net)} -> "
              f"{format_signed(record.total(name))}")
    print(t(lang, "Scores:", "Puntuación:"))
    print("\n".join(_scoreboard(session)))


_QUIT_WORDS = ("quit", "exit", "salir", "pause", "pausa")
_PASS_WORDS = ("-", "pass", "paso", "none", "nada")
"""What the dealer types to let a coup go without a prediction (the dealer may predict, but
need not)."""


def _home_line(session: HomeSession, line: str, save: Callable[[str | None], None], lang: str) -> bool:
    """Handle one line of input; False to pause (quit)."""
    parts = line.split(maxsplit=1)
    if parts and parts[0].lower() in ("save", "guardar"):
        save(parts[1].strip() if len(parts) == 2 else None)
        return True
    words = line.replace(",", " ").split()
    if not words:
        return True
    command = words[0].lower()
    if len(words) == 1 and command in _QUIT_WORDS:
        return False
    if len(words) == 1 and command in ("scores", "score", "puntos", "marcador", "puntuación"):
        print("\n".join(_scoreboard(session)))
        return True
    if len(words) == 1 and command in ("help", "ayuda", "?"):
        print(t(lang,
                "Type a prediction: punto, banco or empate (p, b, e); several on one line go to the "
                "players in turn. The dealer may predict too, or type pass (-) to sit the coup "
                "out and score 0. Also: scores, save [FILE], quit.",
                "Escriba una predicción: punto, banco o empate (p, b, e); varias en una línea van a "
                "los jugadores por turno. Quien reparte también puede predecir, o escribir paso "
                "(-) para no jugar el coup y anotar 0. También: puntos (scores), guardar [ARCHIVO] "
                "(save), salir (quit)."))
        return True
    waiting = session.waiting_for
    if len(words) > len(waiting):
        names = ", ".join(waiting)
        raise IllegalAction(t(
            lang,
            f"{len(words)} predictions given but only {len(waiting)} "
            f"{'player is' if len(waiting) == 1 else 'players are'} still to predict ({names})",
            f"se dieron {len(words)} predicciones pero solo "
            f"{'falta 1 jugador' if len(waiting) == 1 else f'faltan {len(waiting)} jugadores'} "
            f"por predecir ({names})",
        ))
    pairs = list(zip(waiting, words, strict=False))
    for name, word in pairs:  # check them all first: a refused line records nothing
        if word.lower() in _PASS_WORDS:
            session.verify_abstain(name)
        else:
            session.verify_predict(name, word)
    for name, word in pairs:
        if word.lower() in _PASS_WORDS:
            session.abstain(name)
        else:
            session.predict(name, word)
    return True


def run_home_session(args: argparse.Namespace) -> int:
    lang = args.lang
    if args.load is not None:
        if args.players is not None or args.seed is not None or args.dealer is not None:
            raise IllegalAction(t(lang,
                                  "--load resumes a saved session: do not give --players, --seed "
                                  "or --dealer with it",
                                  "--load reanuda una sesión guardada: no dé --players, --seed "
                                  "ni --dealer con él"))
        session = HomeSession.from_json(_load(args.load))
        print(t(lang,
                f"Resumed the home session (seed {session.seed}) at coup {session.coup_number} of "
                f"{session.coups}.",
                f"Se reanuda la sesión en casa (semilla {session.seed}) en el coup "
                f"{session.coup_number} de {session.coups}."))
    else:
        if args.players is None:
            raise IllegalAction(t(lang,
                                  "no players given: use --players Ana,Luis,Eva (2 to 8 names)",
                                  "no se dieron jugadores: use --players Ana,Luis,Eva (de 2 a 8 "
                                  "nombres)"))
        session = HomeSession(players=args.players.split(","), seed=_seed(args.seed), dealer=args.dealer)
        players, stake = ", ".join(session.players), format_amount(session.stake)
        print(t(lang,
                f"Home session: {players} (dealer {session.dealer}); "
                f"{session.coups} coups, stake {stake}; seed {session.seed}.",
                f"Sesión en casa: {players} (reparte {session.dealer}); "
                f"{session.coups} coups, importe {stake}; semilla {session.seed}."))

    def save(path: str | None = None) -> None:
        target = path if path is not None else args.save
        if target is None:
            raise IllegalAction(t(lang,
                                  "no file to save to: type 'save FILE', "
                                  "or start the session with --save FILE",
                                  "no hay archivo donde guardar: escriba 'guardar ARCHIVO' (o "
                                  "'save FILE'), o empiece la sesión con --save ARCHIVO"))
        try:
            _save(target, session.to_json(), lang)
        except SaveFailed as error:  # a typed save that fails is refused; play goes on
            raise IllegalAction(str(error)) from None
        args.save = target  # later coups are saved there too
        print(t(lang, f"Saved to {target}.", f"Guardado en {target}."))

    announced = -1
    while not session.finished:
        if announced != session.coup_number:
            announced = session.coup_number
            print(t(lang,
                    f"Coup {session.coup_number} of {session.coups}: predictions "
                    "(punto, banco or empate).",
                    f"Coup {session.coup_number} de {session.coups}: predicciones "
                    "(punto, banco o empate)."))
        if session.can_deal():
            record = session.deal()
            _show_record(record, session, lang)
            if args.save is not None:
                _save(args.save, session.to_json(), lang)
            continue
        line = _read(f"{session.waiting_for[0]}? ")
        if line is None or line.strip().lower() in _QUIT_WORDS:
            _save(args.save, session.to_json(), lang)
            where = (t(lang, f"; resume with --load {args.save}", f"; para reanudarla: --load {args.save}")
                     if args.save else "")
            print(t(lang, f"Session paused before coup {session.coup_number}{where}.",
                    f"Sesión en pausa antes del coup {session.coup_number}{where}."))
            return 0
        try:
            _home_line(session, line, save, lang)
        except SaveFailed:
            raise
        except BacaraError as error:
            _refused(error, lang)
    winners = session.winners
    best = format_signed(dict(session.totals)[winners[0]])
    if len(winners) == 1:
        print(t(lang, f"After {session.coups} coups {winners[0]} wins with {best}.",
                f"Tras {session.coups} coups gana {winners[0]} con {best}."))
    else:
        print(t(lang, f"After {session.coups} coups {' and '.join(winners)} share the win with {best}.",
                f"Tras {session.coups} coups {' y '.join(winners)} comparten la victoria con {best}."))
    return 0


# -- profiles -----------------------------------------------------------------------------------


def run_profiles(args: argparse.Namespace) -> int:
    lang = args.lang
    chosen = [get_profile(args.name)] if args.name else list(PROFILES.values())
    if args.json:
        data = [profile.to_dict() for profile in chosen]
        print(json.dumps(data[0] if args.name else data, ensure_ascii=False))
        return 0
    for profile in chosen:
        pays = ", ".join(f"{kind.value} {odds}:1" for kind, odds in profile.payouts)
        print(t(lang, f"{profile.name} (system {profile.system}): ",
                f"{profile.name} (sistema {profile.system}): ") + profile.title_text(lang))
        print(t(lang, f"  {profile.decks} decks, reshuffle {profile.reshuffle}; pays {pays}",
                f"  {profile.decks} barajas, barajado {profile.reshuffle}; paga {pays}"))
        rate = profile.commission_rate
        commission = (t(lang, f"{rate * 100}% on Banco wins, {profile.commission.value}",
                        f"{rate * 100}% de lo que gana Banco, {profile.commission.value}") if rate
                      else t(lang, "none", "ninguna"))
        limits = t(lang, "no limits", "sin límites")
        if profile.fixed_stake is not None:
            limits = t(lang, "fixed at ", "fijo, de ") + format_amount(profile.fixed_stake)
        elif profile.min_bet is not None or profile.max_bet is not None:
            anything = t(lang, "any", "cualquiera")
            low = format_amount(profile.min_bet) if profile.min_bet is not None else anything
            high = format_amount(profile.max_bet) if profile.max_bet is not None else anything
            limits = t(lang, f"{low} to {high}", f"de {low} a {high}")
        print(t(lang,
                f"  commission: {commission}; positions: {profile.positions.value}; "
                f"after a tie: {profile.tie.value}; stakes: {limits}; pairs: {profile.pair_reading.value}",
                f"  comisión: {commission}; posiciones: {profile.positions.value}; "
                f"tras un empate: {profile.tie.value}; importes: {limits}; parejas: "
                f"{profile.pair_reading.value}"))
        if args.name:
            for text in profile.assumptions_text(lang):
                print(t(lang, "  assumed: ", "  supuesto: ") + text)
            for text in profile.notes_text(lang):
                print(t(lang, "  note: ", "  nota: ") + text)
    return 0

