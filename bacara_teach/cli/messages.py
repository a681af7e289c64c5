"""The language of the command line's messages, and its words where the engine has none.

``bacara-teach`` speaks the language of ``--lang`` (accepted before the sub-command and
after it), else of :func:`bacara_teach.i18n.default_language` (``BACARA_LANG``, then the
locale, else English).  Every sub-command receives the resolved language as ``args.lang``.

Errors the engine raises are written in English; :func:`error_text` renders them in
Spanish phrase by phrase, so the quoted input and the list of what is valid come through
unchanged.  A phrase without a rendering stays as the engine wrote it.

>>> error_text("invalid card '11h': expected a rank (A, 2-10, T, J, Q, K) followed by "
...            "a suit (♠ ♥ ♦ ♣ or s h d c), e.g. '4♥', '10♦', 'Td', 'ks'", "es")
"carta no válida '11h': se esperaba un rango (A, 2-10, T, J, Q, K) seguido de un palo (♠ ♥ ♦ ♣ o s h d c), p. ej. '4♥', '10♦', 'Td', 'ks'"
>>> error_text("unknown table profile 'macao': expected one of home, casino, online", "es")
"perfil de mesa desconocido 'macao': se esperaba uno de home, casino, online"
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import NoReturn

from bacara_teach.errors import IllegalAction
from bacara_teach.i18n import ENV_VAR, LANGUAGES, default_language, pick

__all__ = [
    "LANGUAGES",
    "CliParser",
    "add_lang_argument",
    "current_language",
    "error_text",
    "language_error",
    "language_from_argv",
    "set_language",
    "t",
]

_state = {"lang": "en"}


def set_language(lang: str) -> None:
    """The language of messages written while the arguments are read (argparse's errors)."""
    _state["lang"] = lang if lang in LANGUAGES else "en"


def current_language() -> str:
    return _state["lang"]


def t(lang: str, en: str, es: str) -> str:
    """``en`` or ``es``, by ``lang``."""
    return pick(lang, en=en, es=es)


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on a sub-command (the same option as the global one)."""
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help="language of the messages (default: BACARA_LANG, else the locale, else en)")


def language_from_argv(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language the arguments ask for (the last valid ``--lang``), else the default.

    >>> language_from_argv(["--lang", "es", "deal"]), language_from_argv(["deal", "--lang=es"])
    ('es', 'es')
    >>> language_from_argv(["deal"], {"BACARA_LANG": "es"})
    'es'
    """
    chosen: str | None = None
    items = list(argv)
    for index, word in enumerate(items):
        if word == "--":
            break
        value = None
        if word == "--lang" and index + 1 < len(items):
            value = items[index + 1]
        elif word.startswith("--lang="):
            value = word.partition("=")[2]
        if value in LANGUAGES:
            chosen = value
    return chosen if chosen is not None else default_language(environ)


def language_error(error: IllegalAction, environ: Mapping[str, str] | None = None) -> str:
    """The message for a ``BACARA_LANG`` that names no language of the project, in the
    language of the locale."""
    env = dict(os.environ if environ is None else environ)
    value = env.pop(ENV_VAR, "").strip()
    return t(default_language(env),
             f"{error}; set {ENV_VAR} to en or es (or unset it), or give --lang en or --lang es",
             f"{ENV_VAR}={value!r} no es un idioma de bacara_teach: se esperaba uno de "
             f"{', '.join(LANGUAGES)}; ponga {ENV_VAR} a en o es (o quítela), o use --lang en "
             "o --lang es")


# -- argparse in Spanish ---------------------------------------------------------------------------

_ARGPARSE_ES: tuple[tuple[str, str], ...] = (
    (r"^argument (\S+): ", r"argumento \1: "),
    (r"invalid choice: (.+?) \(choose from (.+)\)$", r"opción no válida: \1 (elija entre \2)"),
    (r"^the following arguments are required: ", "faltan los argumentos obligatorios: "),
    (r"^unrecognized arguments: ", "argumentos no reconocidos: "),
    (r"expected one argument$", "se esperaba un valor"),
    (r"not allowed with argument (\S+)$", r"no se admite junto con el argumento \1"),
    (r"^one of the arguments (.+) is required$", r"hace falta uno de los argumentos \1"),
    (r"invalid (\w+) value: (.+)$", r"valor \1 no válido: \2"),
    (r"^ambiguous option: (\S+) could match (.+)$", r"opción ambigua: \1 puede ser \2"),
)


class CliParser(argparse.ArgumentParser):
    """An argument parser whose error messages follow the language of the command line."""

    def error(self, message: str) -> NoReturn:
        if current_language() == "es":
            message = error_text(message, "es", _ARGPARSE_ES)
        usage = self.format_usage()
        if current_language() == "es":
            usage = usage.replace("usage: ", "uso: ", 1)
        self._print_message(usage, sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


# -- the engine's errors in Spanish ----------------------------------------------------------------

_Q = r"(?:'[^']*'|\"[^\"]*\")"  # a quoted input, as repr() writes it

Replacement = str | Callable[[re.Match[str]], str]
_Rule = tuple[str, Replacement]


def _were(match: re.Match[str]) -> str:
    verb = "sobró" if match[4] == "was" else "sobraron"
    return f"demasiadas cartas para este coup: usó {match[1]} ({match[2]}) y {verb} {match[3]}"


def _over_balance(match: re.Match[str]) -> str:
    owed = f" y {match[3]} de comisión pendiente" if match[2] else ""
    return (f"es más de lo que permite el saldo (saldo {match[1]}{owed}; "
            f"{match[4]} disponible para esta apuesta)")


def _on_table(match: re.Match[str]) -> str:
    if match[2] == "is":
        return f" ({match[1]} está en la mesa; cámbiela o cancélela antes)"
    return f" ({match[1]} están en la mesa; cámbielas o cancélelas antes)"


_DOING = {
    "place a bet": "apostar", "add to": "añadir a", "change a bet": "cambiar una apuesta",
    "change": "cambiar", "cancel a bet": "cancelar una apuesta", "cancel": "cancelar",
    "deal": "repartir", "leave": "dejar la mesa",
    "open a bank with": "abrir una banca con", "take the bank with": "tomar la banca con",
    "continue the bank with": "seguir con la banca con", "bet": "apostar",
    "open a bank": "abrir una banca", "take the bank": "tomar la banca",
    "refuse the bank": "rechazar la banca", "call banco": "decir banco",
    "decline banco": "no decir banco", "decline to bet": "no apostar", "decide": "decidir",
    "continue the bank": "seguir con la banca", "retire": "retirarse",
}


def _cannot(match: re.Match[str]) -> str:
    doing = match[1]
    return f"no se puede {_DOING.get(doing, doing)}{match[2]}"


def _cell(match: re.Match[str]) -> str:
    how = {"must draw": "debe robar", "must stand": "debe plantarse", "free": "libre"}[match[4]]
    whose = "del punto" if match[1] == "bettor" else "de la banca"
    where = match[3]
    if where == "with a single bettor":
        where = "con un solo apostador"
    elif where == "with several bettors":
        where = "con varios apostadores"
    elif where == "after the bettor stood":
        where = "después de que el punto se plantó"
    else:
        where = re.sub(r"^against a third card of (\d+)$", r"ante una tercera carta de \1", where)
    return f"el {match[2]} {whose} {where} ({how})"


def _role(match: re.Match[str]) -> str:
    return "el punto" if match[1] == "bettor" else "la banca"


_ENGINE_ES: tuple[_Rule, ...] = (
    # what is valid, as the engine spells it out
    (re.escape("a rank (A, 2-10, T, J, Q, K) followed by a suit (♠ ♥ ♦ ♣ or s h d c), e.g. "),
     "un rango (A, 2-10, T, J, Q, K) seguido de un palo (♠ ♥ ♦ ♣ o s h d c), p. ej. "),
    (re.escape("a rank (A, 2-10, T, J, Q, K) or a card such as '5♥' or '5h', separated by spaces or commas"),
     "un rango (A, 2-10, T, J, Q, K) o una carta como '5♥' o '5h', separados por espacios o comas"),
    (re.escape("a decimal number written with digits and an optional decimal point, e.g. "),
     "un número decimal escrito con cifras y, si hace falta, un punto decimal, p. ej. "),
    # cards and shoes
    (rf"invalid card or rank ({_Q}) \(item (\d+) of (.+?)\): ",
     r"carta o rango no válido \1 (elemento \2 de \3): "),
    (rf"invalid card ({_Q}) \(card (\d+) of (.+?)\): ", r"carta no válida \1 (carta \2 de \3): "),
    (r" de the list\)", " de la lista)"),
    (rf"invalid card ({_Q}): the text is empty; ", r"carta no válida \1: el texto está vacío; "),
    (rf"invalid card ({_Q}): expected a string, ", r"carta no válida \1: se esperaba un texto, "),
    (rf"invalid card ({_Q})", r"carta no válida \1"),
    (r"invalid number of decks (\S+): expected a whole number from (\d+) to (\d+)",
     r"número de barajas no válido \1: se esperaba un número entero de \2 a \3"),
    (r"not enough cards for this coup: (\d+) given \((.*?)\), and ",
     r"no hay cartas suficientes para este coup: se dieron \1 (\2), y "),
    (r"not enough cards for a coup: ", "no hay cartas suficientes para un coup: "),
    (r"\(none\), y ", "(ninguna), y "),
    (re.escape("Punto must draw a third card"), "Punto debe robar una tercera carta"),
    (re.escape("Banco must draw a third card"), "Banco debe robar una tercera carta"),
    (re.escape("the bettor asked for a third card and it is missing"),
     "el punto pidió una tercera carta y falta"),
    (re.escape("the banker draws a third card and it is missing"), "la banca roba una tercera carta y falta"),
    (r"too many cards for this coup: it used (\d+) \((.*?)\) and (.*?) (was|were) left over", _were),
    (r"the shoe has (\d+) cards left; a coup may need (\d+)",
     r"al sabot le quedan \1 cartas; un coup puede necesitar \2"),
    (r"the shoe is empty: all (\d+) cards have been dealt",
     r"el sabot está vacío: se han repartido las \1 cartas"),
    (r"a shoe of (\d+) cards is too small: a coup may need (\d+) cards",
     r"un sabot de \1 cartas es demasiado pequeño: un coup puede necesitar \2 cartas"),
    (r"cannot remove (\d+) cards worth (\d+): the shoe holds only (\d+) \(at most (\d+) cards worth "
     r"(\d+) may be removed\)",
     r"no se pueden quitar \1 cartas que valen \2: el sabot solo tiene \3 (se pueden quitar como "
     r"mucho \4 cartas que valen \5)"),
    (r"cannot remove (\d+) cards of rank (\S+): the shoe holds only (\d+) \(at most (\d+) (\S+) may "
     r"be removed\)",
     r"no se pueden quitar \1 cartas de rango \2: el sabot solo tiene \3 (se pueden quitar como "
     r"mucho \4 \5)"),
    (r"cannot remove (\d+) cards from a shoe of (\d+): (\d+) would be left and a coup may need (\d+) "
     r"\(at most (\d+) cards may be removed\)",
     r"no se pueden quitar \1 cartas de un sabot de \2: quedarían \3 y un coup puede necesitar \4 "
     r"(se pueden quitar como mucho \5 cartas)"),
    (rf"invalid point value ({_Q}|\S+): expected 0-9", r"valor no válido \1: se esperaba 0-9"),
    # bets and stakes
    (rf"invalid bet ({_Q}): expected POSITION=STAKE, e\.g\. banco=20 or empate=5",
     r"apuesta no válida \1: se esperaba POSICIÓN=IMPORTE, p. ej. banco=20 o empate=5"),
    (rf"invalid bet ({_Q}): ", r"apuesta no válida \1: "),
    (rf"unknown bet ({_Q}): expected one of ", r"apuesta desconocida \1: se esperaba una de "),
    (rf"invalid stake ({_Q}|\S+): a float is not exact",
     r"importe no válido \1: un número de coma flotante no es exacto"),
    (rf"invalid stake ({_Q})", r"importe no válido \1"),
    (rf"invalid balance ({_Q})", r"saldo no válido \1"),
    (r"invalid stake (\S+) on (\S+): a stake must be above 0",
     r"importe no válido \1 en \2: un importe debe ser mayor que 0"),
    (r"invalid balance (\S+): a balance cannot be negative",
     r"saldo no válido \1: un saldo no puede ser negativo"),
    (r"it has no exact decimal form", "no tiene forma decimal exacta"),
    (r"^bets (.+?) refused: ", r"apuestas \1 rechazadas: "),
    (r"^bet (.+?) refused: ", r"apuesta \1 rechazada: "),
    (r"the (\w+) table takes no (\S+) bets[;:] it offers ",
     r"la mesa \1 no acepta apuestas a \2: ofrece "),
    (r"the (\w+) table's stake is fixed at (\S+)", r"el importe de la mesa \1 es fijo, de \2"),
    (r"the (\w+) table's minimum bet is (\S+)", r"la apuesta mínima de la mesa \1 es \2"),
    (r"the (\w+) table's maximum bet is (\S+)", r"la apuesta máxima de la mesa \1 es \2"),
    (r"(\S+) is bet more than once; give one stake per position",
     r"se apuesta a \1 más de una vez; indique un importe por posición"),
    (r"the (\w+) table takes one position per coup", r"la mesa \1 acepta una sola posición por coup"),
    (r"the (\w+) table does not take Punto and Banco in the same coup",
     r"la mesa \1 no acepta Punto y Banco en el mismo coup"),
    (r"it would bring the bet on (\S+) to (\S+), and ", r"la apuesta a \1 llegaría a \2, y "),
    (r"it is more than the balance allows \(balance (\S+)( and (\S+) commission owed)?; (\S+) "
     r"available for this bet\)", _over_balance),
    (r" \((.+?) (is|are) on the table; change or cancel it first\)", _on_table),
    (r"change of (\S+) refused: give a new position, a new stake or both",
     r"cambio de \1 rechazado: indique una posición nueva, un importe nuevo o ambos"),
    (r"change of (\S+) refused: there is already a bet on (\S+); place on it to add, or cancel one "
     r"of the two",
     r"cambio de \1 rechazado: ya hay una apuesta a \2; apueste ahí para añadir, o cancele una de "
     r"las dos"),
    (r"^change of (.+?) to (.+?) refused: ", r"cambio de \1 a \2 rechazado: "),
    (r"nothing to cancel: there are no bets on the table",
     "nada que cancelar: no hay apuestas en la mesa"),
    (r"cannot deal coup (\d+): place a bet first \(one of (.*?)\)",
     r"no se puede repartir el coup \1: apueste antes (a una de \2)"),
    (r"cannot open the next coup: ", "no se puede abrir el coup siguiente: "),
    (r"coup (\d+) is still open for bets", r"el coup \1 sigue abierto a las apuestas"),
    (r"cannot leave: the player has already left the table",
     "no se puede dejar la mesa: el jugador ya la dejó"),
    (r": the player has left the table", ": el jugador ha dejado la mesa"),
    (r": coup (\d+) is dealt; open the next coup first",
     r": el coup \1 ya está repartido; abra antes el coup siguiente"),
    (r": there is no bet on (\S+) \(on the table: (.+)\)",
     r": no hay apuesta a \1 (en la mesa: \2)"),
    (r": there is no bet on (\S+) \(no bets on the table\)",
     r": no hay apuesta a \1 (no hay apuestas en la mesa)"),
    (r": the bet stayed after the tie and the (\w+) table keeps it as it is for this coup",
     r": la apuesta siguió tras el empate y la mesa \1 la mantiene tal cual en este coup"),
    # table profiles and options
    (rf"unknown table profile ({_Q}): expected one of ",
     r"perfil de mesa desconocido \1: se esperaba uno de "),
    (rf"unknown table option ({_Q}): expected one of ",
     r"opción de mesa desconocida \1: se esperaba una de "),
    (rf"invalid (\S+) option ({_Q}|\S+): expected yes or no",
     r"valor no válido \2 para la opción \1: se esperaba yes o no"),
    (rf"invalid (\S+) option ({_Q}|\S+): expected a whole number \(or none\)",
     r"valor no válido \2 para la opción \1: se esperaba un número entero (o none)"),
    (rf"invalid (\S+) option ({_Q}|\S+): expected a whole number",
     r"valor no válido \2 para la opción \1: se esperaba un número entero"),
    (rf"invalid (\S+) option ({_Q}|\S+): expected one of ",
     r"valor no válido \2 para la opción \1: se esperaba uno de "),
    (rf"invalid (.+?) ({_Q}): expected an exact number such as 19/20, 0\.95 or 9:1",
     r"valor no válido \2 para \1: se esperaba un número exacto como 19/20, 0.95 o 9:1"),
    # home session
    (rf"invalid player name ({_Q}): expected a non-empty name without surrounding spaces",
     r"nombre de jugador no válido \1: se esperaba un nombre no vacío, sin espacios alrededor"),
    (rf"invalid player name ({_Q}): expected a non-empty name",
     r"nombre de jugador no válido \1: se esperaba un nombre no vacío"),
    (rf"duplicate player name ({_Q}): every participant needs a name of their own",
     r"nombre de jugador repetido \1: cada participante necesita un nombre propio"),
    (r"a home session takes (\d+) to (\d+) participants \(the dealer too\); got (\d+)",
     r"una sesión en casa admite de \1 a \2 participantes (también quien reparte); se dieron \3"),
    (r"a home session takes at least (\d+) participants \(the dealer too\); got (\d+)",
     r"una sesión en casa admite al menos \1 participantes (también quien reparte); se dieron \2"),
    (rf"unknown participant ({_Q}): the participants are ",
     r"participante desconocido \1: los participantes son "),
    (r"no more predictions: all (\d+) coups of the session have been played",
     r"no hay más predicciones: ya se han jugado los \1 coups de la sesión"),
    (rf"invalid prediction ({_Q}) for (.+?): expected one of ",
     r"predicción no válida \1 de \2: se esperaba una de "),
    (rf"invalid prediction ({_Q}) for (.+?): a home prediction is one of ",
     r"predicción no válida \1 de \2: una predicción en casa es una de "),
    (r"^(.+?) already predicted (\S+) for coup (\d+); one prediction per participant per coup",
     r"\1 ya predijo \2 para el coup \3; una predicción por participante y coup"),
    (r"coup (\d+) cannot be dealt yet: waiting for the predictions? of ",
     r"el coup \1 aún no se puede repartir: falta la predicción de "),
    # Chemin de Fer
    (r"a session needs (\d+)-(\d+) participants, got (\d+)",
     r"una sesión necesita de \1 a \2 participantes; se dieron \3"),
    (r"each player needs a different name; repeated: ",
     "cada jugador necesita un nombre distinto; repetidos: "),
    (rf"unknown player ({_Q}): expected one of ", r"jugador desconocido \1: se esperaba uno de "),
    (rf"invalid decision ({_Q}) from the (bettor|banker)('s policy)?: expected 'draw' or 'stand'",
     r"decisión no válida \1: se esperaba 'draw' o 'stand' (o 'robar' o 'plantarse')"),
    (r"^the (bettor|banker) must decide: ", lambda m: f"{_role(m)} debe decidir: "),
    (r" needs a decision, draw or stand", " necesita una decisión, draw o stand"),
    (rf"^a decision was given for the (bettor|banker) \(({_Q})\), but ",
     lambda m: f"se dio una decisión para {_role(m)} ({m[2]}), pero "),
    (r"the (bettor|banker)'s (\d) (with a single bettor|with several bettors|after the bettor stood|"
     r"against a third card of \d) \((must draw|must stand|free)\)", _cell),
    (r"\) is forced$", ") es una casilla forzada"),
    (r"the banker showed a natural (\d) and won at once: no decision is asked",
     r"la banca mostró un natural de \1 y ganó en el acto: no se pide ninguna decisión"),
    (r"no decision of the (bettor|banker) was asked",
     lambda m: f"no se pidió ninguna decisión a {_role(m)}"),
    (r"^cannot ((?:[a-z]+ ?)+?)( \S+)?: expected a whole number from (\d+) to (\d+)$",
     lambda m: f"{_cannot(m)}: se esperaba un número entero de {m[3]} a {m[4]}"),
    (r"^cannot ((?:[a-z]+ ?)+?)( \S+)?: the minimum is (\d+) and only (\d+) is available$",
     lambda m: f"{_cannot(m)}: el mínimo es {m[3]} y solo hay {m[4]} disponible"),
    (r"^cannot ((?:[a-z]+ ?)+?)( \S+)?: ", lambda m: f"{_cannot(m)}: "),
    (r"^cannot ((?:[a-z]+ ?)+?) now: ", lambda m: f"{_cannot(m)} ahora: "),
    (r"^(.+?) \(seat (\d+)\) cannot ((?:[a-z]+ ?)+?): it is (.+?)'s turn \(seat (\d+)\)",
     lambda m: f"{m[1]} (asiento {m[2]}) no puede {_DOING.get(m[3], m[3])}: es el turno de "
     f"{m[4]} (asiento {m[5]})"),
    # files
    (rf"cannot save to ({_Q}): ", r"no se puede guardar en \1: "),
    (rf"cannot read ({_Q}): ", r"no se puede leer \1: "),
    (r"saved (online table|home session) is not valid JSON: ",
     lambda m: f"{'la mesa guardada' if m[1] == 'online table' else 'la sesión guardada'} no es "
     "JSON válido: "),
    (r"not a saved (online table|home session): expected an object with format ",
     lambda m: f"no es {'una mesa guardada' if m[1] == 'online table' else 'una sesión guardada'}: "
     "se esperaba un objeto con el formato "),
    (r"^saved (online table|home session) does not replay: ",
     lambda m: f"{'la mesa guardada' if m[1] == 'online table' else 'la sesión guardada'} no se "
     "reproduce: "),
    (r"^saved (online table|home session) is incomplete or malformed: ",
     lambda m: f"{'la mesa guardada' if m[1] == 'online table' else 'la sesión guardada'} está "
     "incompleta o mal formada: "),
    # what is left
    (r": expected one of ", ": se esperaba uno de "),
    (r": expected ", ": se esperaba "),
    (r"; expected ", "; se esperaba "),
    (r"\be\.g\. ", "p. ej. "),
)


def error_text(message: str, lang: str,
               rules: Sequence[_Rule] = _ENGINE_ES) -> str:
    """An error's message in ``lang`` (the engine's errors are written in English)."""
    if lang != "es":
        return message
    text = message
    for pattern, replacement in rules:
        text = re.sub(pattern, replacement, text)
    return text
