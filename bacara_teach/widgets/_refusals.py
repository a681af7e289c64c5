"""Refusals in the widget's language: the engine's message, or the same message in Spanish.

The engine explains every refused action in English (its messages are part of
its API).  A widget speaking Spanish shows the same explanation in Spanish, read
from the engine's message: the amounts, cards and names are the engine's own.
A message this module does not know yet still gets a Spanish sentence (the
widget's ``fallback``), never the English one.

>>> from bacara_teach.errors import IllegalAction
>>> refused = IllegalAction("bet banco=300 refused: the online table's maximum bet is 250")
>>> refusal_text(refused, "en")
"bet banco=300 refused: the online table's maximum bet is 250"
>>> refusal_text(refused, "es")
'Apuesta Banco 300 rechazada: el máximo por apuesta en esta mesa es 250.'
>>> refusal_text(IllegalAction("something new"), "es", fallback="La mesa no acepta la apuesta.")
'La mesa no acepta la apuesta.'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bacara_teach.errors import BacaraError, NotationError
from bacara_teach.tables import BetKind

__all__ = ["refusal_text"]

_GENERIC = "La acción no está permitida ahora; no ha cambiado nada."
_AMOUNT_HINT = ("escriba un número con cifras y, si hace falta, un punto decimal, "
                "p. ej. 20, 4.75 o 0.5")
_CARD_HINT = ("escriba un valor (A, 2-10, T, J, Q, K) seguido de un palo (♠ ♥ ♦ ♣ o s h d c), "
              "p. ej. 4♥, 10♦, Td o ks")
_ROLE = {"bettor": "el punto", "banker": "la banca"}
_CHOICES = {"draw": "robar", "stand": "plantarse", "choice": "elección libre"}


def _choices(text: str) -> str:
    """``draw, stand`` → ``robar, plantarse``."""
    return ", ".join(_CHOICES.get(part.strip(), part.strip()) for part in text.split(","))


def _kind(text: str) -> str:
    """A position as people read it: ``pareja-banco`` → ``Pareja Banco``."""
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


def _on_table(match: re.Match[str], group: str) -> str:
    others = match.group(group)
    if not others:
        return ""
    verb = "están" if "," in others else "está"
    return f" ({_bets(others)} {verb} en la mesa; cámbiela o anúlela antes)"


_REASONS: tuple[_Reason, ...] = (
    (re.compile(r"the \S+ table's maximum bet is (?P<x>\S+)"),
     lambda m: f"el máximo por apuesta en esta mesa es {m['x']}"),
    (re.compile(r"the \S+ table's minimum bet is (?P<x>\S+)"),
     lambda m: f"el mínimo por apuesta en esta mesa es {m['x']}"),
    (re.compile(r"the \S+ table's stake is fixed at (?P<x>\S+)"),
     lambda m: f"en esta mesa la apuesta es fija, de {m['x']}"),
    (re.compile(r"the \S+ table takes no (?P<on>\S+) bets; it offers (?P<list>.+)"),
     lambda m: f"esta mesa no acepta apuestas a {_kind(m['on'])}; acepta {_kinds(m['list'])}"),
    (re.compile(r"(?P<on>\S+) is bet more than once; give one stake per position"),
     lambda m: f"hay más de una apuesta a {_kind(m['on'])}; ponga una sola cantidad por posición"),
    (re.compile(r"the \S+ table takes one position per coup"
                r"(?: \((?P<others>.+) (?:is|are) on the table; change or cancel it first\))?"),
     lambda m: "esta mesa admite una sola posición por coup" + _on_table(m, "others")),
    (re.compile(r"the \S+ table does not take Punto and Banco in the same coup"
                r"(?: \((?P<others>.+) (?:is|are) on the table; change or cancel it first\))?"),
     lambda m: "esta mesa no admite Punto y Banco en el mismo coup" + _on_table(m, "others")),
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


def _too_many(m: re.Match[str]) -> str:
    verb = "sobraron" if " " in m["rest"].strip() else "sobró"
    return f"Sobran cartas para este coup: se usaron {m['used']} ({m['cards']}) y {verb} {m['rest']}."


_Message = tuple[re.Pattern[str], Callable[[re.Match[str]], str | None]]

_MESSAGES: tuple[_Message, ...] = (
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
                f"{_kind(m['to'])}; apueste a ella para sumar, o anule una de las dos.")),
    (re.compile(r"change of (?P<before>\S+) to (?P<after>\S+) refused: (?P<why>.+)"),
     lambda m: _with_reason(f"Cambio de {_bets(m['before'])} a {_bets(m['after'])} rechazado",
                            m["why"])),
    (re.compile(r"nothing to cancel: there are no bets on the table"),
     lambda _: "No hay nada que anular: no hay apuestas en la mesa."),
    (re.compile(r"cannot deal coup (?P<n>\d+): place a bet first \(one of (?P<list>.+)\)"),
     lambda m: (f"No se puede repartir el coup {m['n']}: primero haga una apuesta "
                f"({_kinds(m['list'])}).")),
    (re.compile(r"cannot .+? (?P<on>\S+): the bet stayed after the tie and the \S+ table keeps "
                r"it as it is for this coup"),
     lambda m: (f"La apuesta a {_kind(m['on'])} quedó en la mesa tras el empate, y esta mesa la "
                "mantiene tal cual en este coup.")),
    (re.compile(r"cannot .+? (?P<on>\S+): there is no bet on \S+"
                r"(?: \(on the table: (?P<placed>.+)\)| \(no bets on the table\))?"),
     _no_bet),
    (re.compile(r"cannot .+?: coup (?P<n>\d+) is dealt; open the next coup first"),
     lambda m: f"El coup {m['n']} ya está repartido; abra primero el coup siguiente."),
    (re.compile(r"cannot .+?: the player has (?:already )?left the table"),
     lambda _: "El jugador ya se ha levantado de la mesa."),
    # amounts
    (re.compile(r"invalid (?P<what>\w+) (?P<x>.+?) on (?P<on>\S+): a stake must be above 0"),
     lambda m: f"Cantidad no válida para {_kind(m['on'])}: {m['x']}; una apuesta debe ser mayor que 0."),
    (re.compile(r"invalid (?P<what>\w+) (?P<x>.+?): (?:it has no exact decimal form; )?"
                r"expected a decimal number.*"),
     lambda m: f"Cantidad no válida: {m['x']}; {_AMOUNT_HINT}."),
    (re.compile(r"invalid (?P<what>\w+) (?P<x>.+?): a float is not exact.*"),
     lambda m: f"Cantidad no válida: {m['x']}; {_AMOUNT_HINT}."),
    # cards
    (re.compile(r"invalid card (?!or rank )(?P<x>.+?)(?: \(card (?P<n>\d+) of (?P<src>.+)\))?: "
                r"(?:the text is empty; )?expected .+"),
     lambda m: ("Carta no válida: " + m["x"]
                + (f" (carta {m['n']} de {m['src']})" if m["n"] else "") + f"; {_CARD_HINT}.")),
    (re.compile(r"not enough cards for this coup: (?P<n>\d+) given \((?P<cards>.*?)\), and .+"),
     lambda m: (f"Faltan cartas para este coup: se han dado {m['n']} "
                f"({'ninguna' if m['cards'] == 'none' else m['cards']}) y el coup necesita más.")),
    (re.compile(r"too many cards for this coup: it used (?P<used>\d+) \((?P<cards>.*?)\) and "
                r"(?P<rest>.+) (?:was|were) left over"),
     _too_many),
    # the shoe of the odds explorer
    (re.compile(r"invalid card or rank (?P<x>.+?) \(item (?P<n>\d+) of (?P<src>.+)\): expected .+"),
     lambda m: (f"Carta o rango no válido: {m['x']} (elemento {m['n']} de {m['src']}); escriba "
                "rangos (A, 2-10, J, Q, K) o cartas, p. ej. 5 5 K♠ 10h.")),
    (re.compile(r"cannot remove (?P<n>\d+) cards of rank (?P<r>\S+): the shoe holds only "
                r"(?P<h>\d+).*"),
     lambda m: (f"No se pueden retirar {m['n']} cartas de rango {m['r']}: el sabot solo tiene "
                f"{m['h']}.")),
    (re.compile(r"cannot remove (?P<n>\d+) cards worth (?P<v>\d+): the shoe holds only "
                r"(?P<h>\d+).*"),
     lambda m: (f"No se pueden retirar {m['n']} cartas que valen {m['v']}: el sabot solo tiene "
                f"{m['h']}.")),
    (re.compile(r"cannot remove (?P<n>\d+) cards from a shoe of (?P<t>\d+): (?P<left>\d+) would be "
                r"left and a coup may need (?P<need>\d+).*"),
     lambda m: (f"No se pueden retirar {m['n']} cartas de un sabot de {m['t']}: quedarían "
                f"{m['left']} y un coup puede necesitar {m['need']} (como mucho se pueden retirar "
                f"{int(m['t']) - int(m['need'])}).")),
    (re.compile(r"invalid number of decks (?P<x>.+?): expected a whole number from (?P<a>\d+) to "
                r"(?P<b>\d+)"),
     lambda m: (f"Número de barajas no válido: {m['x']}; debe ser un número entero de {m['a']} "
                f"a {m['b']}.")),
    (re.compile(r"a shoe of (?P<n>\d+) cards is too small: a coup may need (?P<need>\d+) cards"),
     lambda m: (f"Un sabot de {m['n']} cartas es demasiado pequeño: un coup puede necesitar "
                f"{m['need']}.")),
    # the home session
    (re.compile(r"invalid player name (?P<x>.+?): expected a non-empty name"),
     lambda m: f"Nombre no válido: {m['x']}; cada participante necesita un nombre."),
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
    (re.compile(r"the coup is not over: the (?P<role>bettor|banker) must still decide on .+"),
     lambda m: f"El coup no ha terminado: {_ROLE[m['role']]} todavía tiene que decidir."),
    (re.compile(r"cannot decide (?P<x>.+?): the coup is over, no decision is pending"),
     lambda m: (f"No se puede decidir {_CHOICES.get(m['x'].strip(chr(39)), m['x'])}: el coup ha "
                "terminado y no queda ninguna decisión.")),
    # the tableau drill
    (re.compile(r"invalid answer (?P<x>.+?): expected one of (?P<list>.+)"),
     lambda m: f"Respuesta no válida: {m['x']}; se espera una de estas: {_choices(m['list'])}."),
)


def refusal_text(error: BacaraError, lang: str, *, fallback: str | None = None) -> str:
    """Why the engine refused, in ``lang``.

    English is the engine's message itself; Spanish is the same message translated, or
    ``fallback`` (a Spanish sentence naming what was refused) for a message not known here.
    """
    message = str(error)
    if lang == "en":
        return message
    for pattern, spanish in _MESSAGES:
        match = pattern.fullmatch(message.strip())
        if match:
            text = spanish(match)
            if text is not None:
                return text
    if fallback is not None:
        return fallback
    if isinstance(error, NotationError):
        return "No se ha podido leer lo escrito; no ha cambiado nada."
    return _GENERIC
