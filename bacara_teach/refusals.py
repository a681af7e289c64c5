"""The engine's refusals in the reader's language.

The engine explains every error it raises (a card it cannot read, a bet a table refuses,
a participant who is not in the session...) with a message (:mod:`bacara_teach.text`):
``str()`` of the error is English and part of the API, and :func:`refusal_text` gives the
same explanation in the language asked for, from the engine's catalogues, with the
amounts, cards, names, the quoted input and the list of what is valid the engine gave it:

>>> from bacara_teach.cards import parse_card
>>> try:
...     parse_card("11♥")
... except ValueError as error:
...     refused = error
>>> refusal_text(refused, "en")
"invalid card '11♥': expected a rank (A, 2-10, T, J, Q, K) followed by a suit (♠ ♥ ♦ ♣ or s h d c), e.g. '4♥', '10♦', 'Td', 'ks'"
>>> refusal_text(refused, "es")
"Carta no válida: '11♥'; escriba un rango (A, 2-10, T, J, Q, K) seguido de un palo (♠ ♥ ♦ ♣ o s h d c), p. ej. '4♥', '10♦', 'Td', 'ks'."

The modules whose refusals are not messages yet (the sessions, the table profiles, the
saves, the odds explorer) are still read back phrase by phrase below; those phrases go
as each of them writes messages.  A message known in neither way gives the ``fallback``
the caller names (a widget's sentence naming what was refused), else the English message.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bacara_teach.errors import BacaraError
from bacara_teach.i18n import resolve_language
from bacara_teach.text import SOURCE_LANGUAGE, Message

__all__ = ["refusal_text"]


def _at_most(m: re.Match[str]) -> str:
    """`` (como mucho se pueden retirar 3)``, unless it is all the shoe holds."""
    most = m["most"]
    return f" (como mucho se pueden retirar {most})" if most and most != m["h"] else ""


_TABLES = {"home": "la mesa de casa", "casino": "la mesa de casino", "online": "la mesa en línea"}


def _table(name: str) -> str:
    """A table profile by its Spanish name: ``online`` → ``la mesa en línea``."""
    return _TABLES.get(name, f"la mesa {name}")


def _source(text: str) -> str:
    """Where a card was read: the text as typed, or ``la lista``."""
    return "la lista" if text == "the list" else text


def _kind(text: str) -> str:
    """A position as people read it: ``pareja-banco`` → ``Pareja Banco``."""
    # Read here, not at the top: a refusal of a coup or a card does not load the tables.
    from bacara_teach.tables import BetKind

    try:
        return BetKind.parse(text.strip()).label
    except BacaraError:
        return text.strip()


def _kinds(text: str) -> str:
    """``punto, banco, empate`` → ``Punto, Banco y Empate``."""
    names = [_kind(part) for part in text.split(",") if part.strip()]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " y " + names[-1]


def _bets(text: str) -> str:
    """``banco=5, punto 10`` → ``Banco 5, Punto 10``."""
    parts = []
    for part in text.split(","):
        on, _, stake = part.strip().replace("=", " ").partition(" ")
        parts.append(f"{_kind(on)} {stake.strip()}".strip())
    return ", ".join(parts)


def _bet_phrase(text: str) -> str:
    """``Apuesta Banco 5`` or, for several, ``Apuestas Banco 5, Punto 5``."""
    bets = _bets(text)
    return ("Apuestas " if "," in text else "Apuesta ") + bets


# -- the reasons after "refused: " ---------------------------------------------------------------

_Reason = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]




_REASONS: tuple[_Reason, ...] = (
    (re.compile(r"it is more than the balance allows \(balance (?P<b>\S+?)"
                r"(?: and (?P<c>\S+) commission owed)?; (?P<a>\S+) available for this bet\)"),
     lambda m: (f"supera lo que permite el saldo (saldo {m['b']}"
                + (f" y {m['c']} de comisión pendiente" if m["c"] else "")
                + f"; {m['a']} disponible para esta apuesta)")),
)


def _reason(text: str) -> str | None:
    for pattern, spanish in _REASONS:
        match = pattern.fullmatch(text.strip())
        if match:
            return spanish(match)
    return None


# -- whole messages ------------------------------------------------------------------------------

def _with_reason(head: str, reason: str, *, sep: str = ": ") -> str | None:
    spanish = _reason(reason)
    return None if spanish is None else f"{head}{sep}{spanish}."


def _no_bet(m: re.Match[str]) -> str:
    placed = m["placed"]
    where = (f" (en la mesa: {_bets(placed)})" if placed
             else " (no hay apuestas en la mesa)")
    return f"No hay ninguna apuesta a {_kind(m['on'])}{where}."


def _players(m: re.Match[str]) -> str:
    bound = m["bound"]
    low_high = re.fullmatch(r"(\d+) to (\d+)", bound)
    at_least = re.fullmatch(r"at least (\d+)", bound)
    if low_high:
        bound = f"de {low_high[1]} a {low_high[2]}"
    elif at_least:
        bound = f"al menos {at_least[1]}"
    names = f": {m['names']}" if m["names"] else ""
    return (f"Una sesión en casa admite {bound} participantes (contando a quien reparte); "
            f"hay {m['n']}{names}.")




_Message = tuple[re.Pattern[str], Callable[[re.Match[str]], str | None]]

_SENTENCES: tuple[_Message, ...] = (
    # bets at a table
    (re.compile(r"bets? (?P<bet>\S+) refused: it would bring the bet on (?P<on>\S+) to (?P<x>\S+),"
                r" and (?P<why>.+)"),
     lambda m: _with_reason(f"{_bet_phrase(m['bet'])} rechazada: llevaría la apuesta a "
                            f"{_kind(m['on'])} a {m['x']}, y", m["why"], sep=" ")),
    (re.compile(r"bets? (?P<bet>.+?) refused: (?P<why>.+)"),
     lambda m: _with_reason(_bet_phrase(m["bet"]) + (" rechazadas" if "," in m["bet"]
                                                     else " rechazada"), m["why"])),
    (re.compile(r"change of (?P<on>[^\s=]+) refused: give a new position, a new stake or both"),
     lambda m: (f"Cambio de la apuesta a {_kind(m['on'])} rechazado: indique una posición nueva, "
                "una cantidad nueva o las dos.")),
    (re.compile(r"change of (?P<on>[^\s=]+) refused: there is already a bet on (?P<to>\S+); "
                r"place on it to add, or cancel one of the two"),
     lambda m: (f"Cambio de la apuesta a {_kind(m['on'])} rechazado: ya hay una apuesta a "
                f"{_kind(m['to'])}; apueste a ella para sumar, o retire una de las dos.")),
    (re.compile(r"change of (?P<before>\S+) to (?P<after>\S+) refused: (?P<why>.+)"),
     lambda m: _with_reason(f"Cambio de {_bets(m['before'])} a {_bets(m['after'])} rechazado",
                            m["why"])),
    (re.compile(r"nothing to cancel: there are no bets on the table"),
     lambda _: "No hay nada que retirar: no hay apuestas en la mesa."),
    (re.compile(r"cannot deal coup (?P<n>\d+): place a bet first \(one of (?P<list>.+)\)"),
     lambda m: (f"No se puede repartir el coup {m['n']}: primero haga una apuesta "
                f"({_kinds(m['list'])}).")),
    (re.compile(r"cannot .+? (?P<on>\S+): the bet stayed after the tie and the (?P<t>\S+) table "
                r"keeps it as it is for this coup"),
     lambda m: (f"La apuesta a {_kind(m['on'])} quedó en la mesa tras el empate, y "
                f"{_table(m['t'])} la mantiene tal cual en este coup.")),
    (re.compile(r"cannot .+? (?P<on>\S+): there is no bet on \S+"
                r"(?: \(on the table: (?P<placed>.+)\)| \(no bets on the table\))?"),
     _no_bet),
    (re.compile(r"cannot .+?: coup (?P<n>\d+) is dealt; open the next coup first"),
     lambda m: f"El coup {m['n']} ya está repartido; abra primero el coup siguiente."),
    (re.compile(r"cannot .+?: the player has (?:already )?left the table"),
     lambda _: "El jugador ya se ha levantado de la mesa."),
    # amounts
    # cards
    # the shoe of the odds explorer
    (re.compile(r"invalid card or rank (?P<x>.+?) \(item (?P<n>\d+) of (?P<src>.+)\): expected a "
                r"rank \(A, 2-10, T, J, Q, K\) or a card such as (?P<a>\S+) or (?P<b>\S+), "
                r"separated by spaces or commas"),
     lambda m: (f"Carta o rango no válido: {m['x']} (elemento {m['n']} de {_source(m['src'])}); "
                f"escriba rangos (A, 2-10, T, J, Q, K) o cartas como {m['a']} o {m['b']}, "
                "separados por espacios o comas.")),
    (re.compile(r"cannot remove (?P<n>\d+) cards of rank (?P<r>\S+): the shoe holds only "
                r"(?P<h>\d+)(?: \(at most (?P<most>\d+) \S+ may be removed\))?"),
     lambda m: (f"No se pueden retirar {m['n']} cartas de rango {m['r']}: el sabot solo tiene "
                f"{m['h']}" + _at_most(m)
                + ".")),
    (re.compile(r"cannot remove (?P<n>\d+) cards worth (?P<v>\d+): the shoe holds only "
                r"(?P<h>\d+)(?: \(at most (?P<most>\d+) cards worth \d+ may be removed\))?"),
     lambda m: (f"No se pueden retirar {m['n']} cartas que valen {m['v']}: el sabot solo tiene "
                f"{m['h']}" + _at_most(m)
                + ".")),
    (re.compile(r"cannot remove (?P<n>\d+) cards from a shoe of (?P<t>\d+): (?P<left>\d+) would be "
                r"left and a coup may need (?P<need>\d+) \(at most (?P<most>\d+) cards may be "
                r"removed\)"),
     lambda m: (f"No se pueden retirar {m['n']} cartas de un sabot de {m['t']}: quedarían "
                f"{m['left']} y un coup puede necesitar {m['need']} (como mucho se pueden retirar "
                f"{m['most']}).")),
    (re.compile(r"a shoe of (?P<n>\d+) cards is too small: a coup may need (?P<need>\d+) cards"),
     lambda m: (f"Un sabot de {m['n']} cartas es demasiado pequeño: un coup puede necesitar "
                f"{m['need']}.")),
    # the home session
    (re.compile(r"invalid player name (?P<x>.+?): expected a non-empty name"
                r"(?P<spaces> without surrounding spaces)?"),
     lambda m: (f"Nombre no válido: {m['x']}; cada participante necesita un nombre"
                + (", sin espacios delante ni detrás." if m["spaces"] else "."))),
    (re.compile(r"duplicate player name (?P<x>.+?): every participant needs a name of their own"),
     lambda m: f"Nombre repetido: {m['x']}; cada participante necesita un nombre propio."),
    (re.compile(r"a home session takes (?P<bound>.+?) participants \(the dealer too\); "
                r"got (?P<n>\d+)(?:: (?P<names>.+))?"),
     _players),
    (re.compile(r"coup (?P<n>\d+) cannot be dealt: the session has (?P<m>\d+) coups and all have "
                r"been played"),
     lambda m: (f"El coup {m['n']} no se puede repartir: la sesión tiene {m['m']} coups y ya se "
                "han jugado todos.")),
    (re.compile(r"coup (?P<n>\d+) cannot be dealt yet: waiting for the predictions? of "
                r"(?P<names>.+)"),
     lambda m: (f"Todavía no se puede repartir el coup {m['n']}: falta la predicción de "
                f"{m['names']}.")),
    (re.compile(r"no more predictions: all (?P<n>\d+) coups of the session have been played"),
     lambda m: f"No caben más predicciones: ya se han jugado los {m['n']} coups de la sesión."),
    (re.compile(r"(?P<name>.+) already predicted (?P<on>\S+) for coup (?P<n>\d+); one prediction "
                r"per participant per coup"),
     lambda m: (f"{m['name']} ya predijo {_kind(m['on'])} para el coup {m['n']}; una predicción "
                "por participante y coup.")),
    # Chemin de Fer
    # the tableau drill
)


# -- phrase by phrase: the rest of the engine's messages --------------------------------------------

_Q = r"(?:'[^']*'|\"[^\"]*\")"  # a quoted input, as repr() writes it

Replacement = str | Callable[[re.Match[str]], str]
_Rule = tuple[str, Replacement]




def _over_balance(match: re.Match[str]) -> str:
    owed = f" y {match[3]} de comisión pendiente" if match[2] else ""
    return (f"es más de lo que permite el saldo (saldo {match[1]}{owed}; "
            f"{match[4]} disponible para esta apuesta)")


def _on_table_phrase(match: re.Match[str]) -> str:
    if match[2] == "is":
        return f" ({match[1]} está en la mesa; cámbiela o retírela antes)"
    return f" ({match[1]} están en la mesa; cámbielas o retírelas antes)"


_DOING = {
    "place a bet": "apostar", "add to": "añadir a", "change a bet": "cambiar una apuesta",
    "change": "cambiar", "cancel a bet": "retirar una apuesta", "cancel": "retirar",
    "deal": "repartir", "leave": "dejar la mesa",
    "open a bank with": "abrir una banca con", "take the bank with": "tomar la banca con",
    "continue the bank with": "seguir con la banca con", "bet": "apostar",
    "open a bank": "abrir una banca", "take the bank": "tomar la banca",
    "refuse the bank": "rechazar la banca", "call banco": "decir banco",
    "decline banco": "no decir banco", "decline to bet": "no apostar", "decide": "decidir",
    "continue the bank": "seguir con la banca", "retire": "retirarse",
}


_DOINGS = "|".join(re.escape(doing) for doing in sorted(_DOING, key=len, reverse=True))
"""The actions the engine names after ``cannot``, longest first."""


def _cannot(match: re.Match[str]) -> str:
    doing = _DOING[match[1]]
    what = match[2] if match.re.groups >= 2 and match[2] else ""
    if doing.endswith("se"):  # retirarse: "no es posible retirarse", not "no se puede retirarse"
        return f"no es posible {doing}{what}"
    return f"no se puede {doing}{what}"






_VALID: tuple[_Rule, ...] = (
    # what is valid, as the engine spells it out
    (re.escape("a rank (A, 2-10, T, J, Q, K) or a card such as '5♥' or '5h', separated by spaces or commas"),
     "un rango (A, 2-10, T, J, Q, K) o una carta como '5♥' o '5h', separados por espacios o comas"),
)
"""The lists of what is valid, wherever they come in a message."""

_PHRASES: tuple[_Rule, ...] = (
    # cards and shoes
    (rf"invalid card or rank ({_Q}) \(item (\d+) of (.+?)\): ",
     r"carta o rango no válido \1 (elemento \2 de \3): "),
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
    (rf"unknown bet ({_Q}): expected one of ", r"apuesta desconocida \1: se esperaba una de "),
    (r"invalid balance (\S+): a balance cannot be negative",
     r"saldo no válido \1: un saldo no puede ser negativo"),
    (rf"invalid balance ({_Q}|[^\s:]+)", r"saldo no válido \1"),
    (r"^bets (.+?) refused: ", r"apuestas \1 rechazadas: "),
    (r"^bet (.+?) refused: ", r"apuesta \1 rechazada: "),
    (r"(\S+) must predict coup (\d+): only the dealer \((.+?)\) may let a coup go without a "
     r"prediction", r"\1 debe predecir el coup \2: solo quien reparte (\3) puede dejar pasar un "
     r"coup sin predicción"),
    (r"(\S+) chose not to predict coup (\d+); one choice per participant per coup",
     r"\1 eligió no predecir el coup \2; una sola elección por participante y coup"),
    (r"it would bring the bet on (\S+) to (\S+), and ", r"la apuesta a \1 llegaría a \2, y "),
    (r"it is more than the balance allows \(balance (\S+)( and (\S+) commission owed)?; (\S+) "
     r"available for this bet\)", _over_balance),
    (r" \((.+?) (is|are) on the table; change or cancel it first\)", _on_table_phrase),
    (r"change of (\S+) refused: give a new position, a new stake or both",
     r"cambio de \1 rechazado: indique una posición nueva, un importe nuevo o ambos"),
    (r"change of (\S+) refused: there is already a bet on (\S+); place on it to add, or cancel one "
     r"of the two",
     r"cambio de \1 rechazado: ya hay una apuesta a \2; apueste ahí para añadir, o retire una de "
     r"las dos"),
    (r"^change of (.+?) to (.+?) refused: ", r"cambio de \1 a \2 rechazado: "),
    (r"nothing to cancel: there are no bets on the table",
     "nada que retirar: no hay apuestas en la mesa"),
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
    (rf"^cannot ({_DOINGS}) now: ", lambda m: f"{_cannot(m)} ahora: "),
    (rf"^cannot ({_DOINGS})( \S+)?: expected a whole number from (\d+) to (\d+)$",
     lambda m: f"{_cannot(m)}: se esperaba un número entero de {m[3]} a {m[4]}"),
    (rf"^cannot ({_DOINGS})( \S+)?: the minimum is (\d+) and only (\d+) is available$",
     lambda m: f"{_cannot(m)}: el mínimo es {m[3]} y solo hay {m[4]} disponible"),
    (rf"^cannot ({_DOINGS})( \S+)?: ", lambda m: f"{_cannot(m)}: "),
    (rf"^(.+?) \(seat (\d+)\) cannot ({_DOINGS}): it is (.+?)'s turn \(seat (\d+)\)",
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
)
"""The phrases that name a message: one of them must apply for the message to be known."""

_LEFTOVERS: tuple[_Rule, ...] = (
    # what is left
    (r"\bla mesa (home|casino|online)\b", lambda m: _table(m[1])),
    (r": expected one of ", ": se esperaba uno de "),
    (r": expected ", ": se esperaba "),
    (r"; expected ", "; se esperaba "),
    (r"\be\.g\. ", "p. ej. "),
)


def _sentence(message: str) -> str | None:
    """The whole message as one Spanish sentence, when its shape is known."""
    for pattern, spanish in _SENTENCES:
        match = pattern.fullmatch(message)
        if match:
            text = spanish(match)
            if text is not None:
                return text
    return None


def _rewrite(text: str, rules: tuple[_Rule, ...]) -> str:
    for pattern, replacement in rules:
        text = re.sub(pattern, replacement, text)
    return text


def _phrases(message: str) -> str | None:
    """The message rendered phrase by phrase; ``None`` if no phrase names it."""
    text = _rewrite(message, _VALID)
    named = _rewrite(text, _PHRASES)
    if named == text:
        return None
    return _rewrite(named, _LEFTOVERS)


def refusal_text(error: BaseException | str, lang: str | None = None, *,
                 fallback: str | None = None) -> str:
    """Why the engine refused, in ``lang`` (``None``: the default language).

    ``error`` is the exception the engine raised, or its message.  An error of the engine
    carries its message (``BacaraError.message``): it is rendered in ``lang`` from the
    catalogues, with the amounts, cards, names, quoted input and list of valid choices the
    engine gave it.  A message that has no translation in ``lang`` gives ``fallback`` when
    one is given, else the English message.

    >>> from bacara_teach.errors import IllegalAction
    >>> from bacara_teach.settlement import Bet, verify_bet
    >>> try:
    ...     verify_bet(Bet.parse("banco=300"), "online")
    ... except IllegalAction as error:
    ...     refused = error
    >>> refusal_text(refused, "en")
    "bet banco=300 refused: the online table's maximum bet is 250"
    >>> refusal_text(refused, "es")
    'Apuesta banco=300 rechazada: el máximo por apuesta en la mesa en línea es 250.'
    >>> refusal_text(IllegalAction("something new"), "es", fallback="La mesa no acepta la apuesta.")
    'La mesa no acepta la apuesta.'
    >>> refusal_text(IllegalAction("something new"), "es")
    'something new'
    """
    lang = resolve_language(lang)
    english = str(error)
    if lang == SOURCE_LANGUAGE:
        return english
    if isinstance(error, BacaraError):
        rendered = error.text(lang)
        if rendered != english and _translated(error.message, lang):
            return rendered
    legacy = _legacy(english)
    if legacy is None and isinstance(error, BacaraError) and error.text(lang) != english:
        return error.text(lang)  # some of it still English, from a module not converted yet
    if legacy is None:
        return fallback if fallback is not None else english
    return legacy


def _translated(message: Message, lang: str) -> bool:
    """Whether ``message`` and every message among its parameters has a translation in ``lang``.

    A message made from a plain string (a module that does not write messages yet) reads
    the same in every language: such a part leaves the whole to the phrases below.
    """
    if not message.params and message.render(lang) == str(message):
        return False
    return all(_translated(value, lang) for value in message.params.values()
               if isinstance(value, Message))


def _legacy(message: str) -> str | None:
    """A message of the modules whose refusals are not messages yet, read back into Spanish."""
    text = _sentence(message.strip())
    if text is None:
        text = _phrases(message)
    return text
