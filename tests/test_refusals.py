"""The engine's refusals in Spanish: one table for the widgets, the command line and the pages.

Each message is produced by really triggering the engine where that is cheap; the rest are
written as the engine writes them.  Every rule of :mod:`bacara_teach.refusals` is exercised.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

import pytest

from bacara_teach import refusals
from bacara_teach.analysis.composition import Composition, parse_removal
from bacara_teach.cards import Rank, parse_card, parse_cards
from bacara_teach.chemin_de_fer import CoupInPlay, deal_coup, parse_decision
from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.home_session import HomeSession
from bacara_teach.money import parse_amount
from bacara_teach.online_table import OnlineTable
from bacara_teach.refusals import refusal_text
from bacara_teach.settlement import Bet
from bacara_teach.shoe import Shoe
from bacara_teach.tables import get_profile

CHEMIN = "2♥ A♠ 3♣ 2♦ 9♥ 5♠"  # the bettor's 3 with several bettors: a free cell


def refused(action: Callable[[], Any]) -> BacaraError:
    """The error the engine raises when ``action`` is refused."""
    with pytest.raises(BacaraError) as caught:
        action()
    return caught.value


def _table(**kwargs: Any) -> OnlineTable:
    return OnlineTable(balance=kwargs.pop("balance", "100"), seed=kwargs.pop("seed", 3), **kwargs)


def _table_with_banco_5() -> OnlineTable:
    table = _table()
    table.place("banco", "5")
    return table


def _dealt_table() -> OnlineTable:
    table = _table_with_banco_5()
    table.deal()
    return table


def _session() -> HomeSession:
    return HomeSession(players=["Ana", "Luis"], seed=4)


# -- really triggered ------------------------------------------------------------------------------

TRIGGERED: list[tuple[str, Callable[[], Any], tuple[str, ...]]] = [
    ("card", lambda: parse_card("11♥"),
     ("Carta no válida: '11♥'", "seguido de un palo", "p. ej. '4♥', '10♦', 'Td', 'ks'")),
    ("card in a text", lambda: parse_cards("4♥ 2♠ 11♥"),
     ("Carta no válida: '11♥' (carta 3 de '4♥ 2♠ 11♥')", "rango (A, 2-10, T, J, Q, K)")),
    ("card in a list", lambda: parse_cards(["4♥", "x"]), ("'x' (carta 2 de la lista)",)),
    ("empty card", lambda: parse_card(""), ("Carta no válida: ''; el texto está vacío",)),
    ("not a card", lambda: parse_card(cast(Any, 5)), ("Carta no válida: 5; se esperaba un texto",)),
    ("over the limit", lambda: _table().place("banco", "300"),
     ("Apuesta Banco 300 rechazada", "el máximo por apuesta en la mesa en línea es 250.")),
    ("under the limit", lambda: _table().place("empate", "0.5"),
     ("Apuesta Empate 0.5 rechazada", "el mínimo por apuesta en la mesa en línea es 1")),
    ("over the balance", lambda: _table(balance="10").place("banco", "20"),
     ("Apuesta Banco 20 rechazada", "supera lo que permite el saldo (saldo 10;",
      "10 disponible para esta apuesta)")),
    ("raising over the limit", lambda: _table_with_banco_5().place("banco", "250"),
     ("llevaría la apuesta a Banco a 255, y el máximo por apuesta en la mesa en línea es 250",)),
    ("unreadable stake", lambda: _table().place("banco", "ten"),
     ("Importe no válido: 'ten'", "p. ej. 20, 4.75 o 0.5")),
    ("stake of 0", lambda: Bet.of("banco", "0"),
     ("Importe no válido en banco: 0", "mayor que 0")),
    ("unknown bet", lambda: _table().place("dragon", "5"),
     ("apuesta desconocida 'dragon'", "se esperaba una de punto, banco, empate, pareja-punto")),
    ("one position", lambda: _table_with_banco_5().place("punto", "5"),
     ("la mesa en línea admite una sola posición por coup",
      "(Banco 5 está en la mesa; cámbiela o retírela antes)")),
    ("deal with no bet", lambda: _table().deal(),
     ("No se puede repartir el coup 1: primero haga una apuesta", "(Punto, Banco y Empate)")),
    ("nothing to cancel", lambda: _table().cancel(), ("No hay nada que retirar",)),
    ("no such bet", lambda: _table_with_banco_5().cancel("empate"),
     ("No hay ninguna apuesta a Empate (en la mesa: Banco 5).",)),
    ("change to nothing", lambda: _table_with_banco_5().change("banco"),
     ("Cambio de la apuesta a Banco rechazado", "indique una posición nueva")),
    ("dealt coup", lambda: _dealt_table().place("banco", "5"),
     ("El coup 1 ya está repartido; abra primero el coup siguiente.",)),
    ("left the table", lambda: _left_table().place("banco", "5"),
     ("El jugador ya se ha levantado de la mesa.",)),
    ("one participant", lambda: HomeSession(players=["Ana"], seed=4),
     ("de 2 a 8 participantes", "hay 1: Ana")),
    ("duplicate name", lambda: HomeSession(players=["Ana", "Ana"], seed=4),
     ("Nombre repetido: 'Ana'",)),
    ("unknown participant", lambda: _session().predict("Eva", "banco"),
     ("participante desconocido 'Eva'", "Ana, Luis")),
    ("unreadable prediction", lambda: _session().predict("Luis", "x"),
     ("predicción no válida 'x' de Luis", "punto, banco, empate")),
    ("deal before the predictions", lambda: _session().deal(),
     ("Todavía no se puede repartir el coup 1: falta la predicción de", "Ana")),
    ("predicted twice", lambda: _predicted_twice(),  # noqa: PLW0108 - defined below
     ("Ana ya predijo Banco para el coup 1",)),
    ("Chemin de Fer: coup not over", lambda: CoupInPlay(CHEMIN).result(),
     ("El coup no ha terminado: el apostador todavía tiene que decidir",)),
    ("Chemin de Fer: decide after the end", lambda: _finished_coup().decide("draw"),
     ("No se puede decidir robar: el coup ha terminado",)),
    ("Chemin de Fer: missing decision", lambda: deal_coup(CHEMIN),
     ("el apostador debe decidir", "necesita una decisión, draw (robar) o stand (plantarse)")),
    ("Chemin de Fer: forced cell", lambda: deal_coup("2♥ A♠ 4♣ 2♦ 9♥", bettor="draw", banker="stand"),
     ("se dio una decisión para el apostador ('draw'), pero el 6 del apostador con varios "
      "apostadores (debe plantarse) es una casilla forzada",)),
    ("Chemin de Fer: unreadable decision", lambda: parse_decision("maybe", who="the bettor"),
     ("Decisión no válida (el apostador): 'maybe'", "'draw' (robar) o 'stand' (plantarse)")),
    ("Chemin de Fer: too few cards", lambda: deal_coup("2♥ A♠ 3♣"),
     ("Faltan cartas para este coup: se han dado 3 (2♥ A♠ 3♣), y",)),
    ("too many cards", lambda: _too_many(),  # noqa: PLW0108 - defined below
     ("Sobran cartas para este coup", "sobró 5♦")),
    ("odds: unreadable rank", lambda: parse_removal("5 X"),
     ("Carta o rango no válido: 'X' (elemento 2 de '5 X')", "'5♥' o '5h'")),
    ("odds: too many kings", lambda: Composition.standard(1).without([Rank.KING] * 5),
     ("No se pueden retirar 5 cartas de rango K: el sabot solo tiene 4.",)),
    ("decks", lambda: Shoe.standard(13), ("Número de barajas no válido: 13", "de 1 a 12")),
    ("table profile", lambda: get_profile("macao"),
     ("perfil de mesa desconocido 'macao'", "home, casino, online")),
    ("float stake", lambda: parse_amount(cast(Any, 0.1)),
     ("Importe no válido: 0.1", "escríbalo como texto ('0.1')")),
]


def _left_table() -> OnlineTable:
    table = _table()
    table.leave()
    return table


def _predicted_twice() -> None:
    session = _session()
    session.predict("Ana", "banco")
    session.predict("Ana", "punto")


def _finished_coup() -> CoupInPlay:
    play = CoupInPlay(CHEMIN)
    play.decide("stand")
    while play.pending is not None:
        play.decide("stand")
    return play


def _too_many() -> None:
    from bacara_teach.punto_banco import deal_coup as deal_punto_banco
    deal_punto_banco("4♥ 2♠ 9♣ A♦ 8♦ 5♦")


@pytest.mark.parametrize(("action", "words"), [(a, w) for _, a, w in TRIGGERED],
                         ids=[name for name, _, _ in TRIGGERED])
def test_real_refusals_read_in_spanish_keep_what_the_engine_names(
        action: Callable[[], Any], words: tuple[str, ...]) -> None:
    error = refused(action)
    english = str(error)
    assert refusal_text(error, "en") == english
    spanish = refusal_text(error, "es")
    assert spanish != english
    for word in words:
        assert word in spanish, spanish
    if isinstance(error, BacaraError) and error.text("es") != english:
        assert spanish == error.text("es")   # the engine's own message, from the catalogue
    else:
        assert refusal_text(english, "es") == spanish   # the message alone is enough
    # what the reader typed, the cards and the amounts come through
    for quoted in re.findall(r"'[^']*'", english):
        if quoted not in ("'draw'", "'stand'"):
            assert quoted in spanish, (quoted, spanish)
    for card in re.findall(r"(?:10|[2-9AJQKT])[♠♥♦♣]", english):
        assert card in spanish


# -- written as the engine writes them -------------------------------------------------------------

WRITTEN: list[tuple[str, tuple[str, ...]]] = [
    # bets and stakes
    ("change of banco refused: there is already a bet on punto; place on it to add, or cancel one "
     "of the two", ("Cambio de la apuesta a Banco rechazado: ya hay una apuesta a Punto",
                    "retire una de las dos")),
    ("change of banco=5 to banco=251 refused: the online table's maximum bet is 250",
     ("Cambio de Banco 5 a Banco 251 rechazado: el máximo por apuesta en la mesa en línea es 250.",)),
    ("change of banco=5 to banco=251 refused: something new",
     ("cambio de banco=5 a banco=251 rechazado: something new",)),
    ("cannot change banco: the bet stayed after the tie and the casino table keeps it as it is "
     "for this coup", ("La apuesta a Banco quedó en la mesa tras el empate, y la mesa de casino",)),
    ("cannot add to punto: the bet stayed after the tie and the casino table keeps it as it is "
     "for this coup and more", ("no se puede añadir a punto: la apuesta siguió tras el empate",
                                "la mesa de casino la mantiene")),
    ("cannot cancel empate: there is no bet on empate (no bets on the table)",
     ("No hay ninguna apuesta a Empate (no hay apuestas en la mesa).",)),
    ("cannot cancel empate: there is no bet on empate (no bets on the table) today",
     ("no se puede retirar empate: no hay apuesta a empate (no hay apuestas en la mesa)",)),
    ("bets banco=5, punto=5 refused: the casino table does not take Punto and Banco in the same "
     "coup", ("Apuestas Banco 5, Punto 5 rechazadas: la mesa de casino no admite Punto y Banco",)),
    ("bets banco=5, punto=5 refused: the casino table does not take Punto and Banco in the same "
     "coup, yet", ("apuestas banco=5, punto=5 rechazadas: la mesa de casino no acepta Punto y Banco",)),
    ("bet punto=5 refused: the casino table takes one position per coup (banco 5, empate 5 are on "
     "the table; change or cancel it first)",
     ("(Banco 5, Empate 5 están en la mesa; cámbielas o retírelas antes).",)),
    ("bet punto=5 refused: the online table takes one position per coup (banco 5 is on the table; "
     "change or cancel it first) now",
     ("(banco 5 está en la mesa; cámbiela o retírela antes)",)),
    ("bet punto=5 refused: the casino table takes one position per coup (banco 5, empate 5 are on "
     "the table; change or cancel it first) now",
     ("(banco 5, empate 5 están en la mesa; cámbielas o retírelas antes)",)),
    ("bet pareja-punto=5 refused: the home table takes no pareja-punto bets: it offers punto, "
     "banco, empate", ("la mesa de casa no acepta apuestas a Pareja Punto; acepta Punto, Banco y "
                       "Empate",)),
    ("bet banco=5 refused: the home table's stake is fixed at 20",
     ("en la mesa de casa la apuesta es fija, de 20",)),
    ("bet banco=5 refused: the home table's stake is fixed at 20 today",
     ("apuesta banco=5 rechazada: el importe de la mesa de casa es fijo, de 20",)),
    ("bets banco=5, banco=10 refused: banco is bet more than once; give one stake per position",
     ("hay más de una apuesta a Banco; ponga una sola cantidad por posición",)),
    ("bets banco=5, banco=10 refused: banco is bet more than once; give one stake per position!",
     ("se apuesta a banco más de una vez; indique un importe por posición",)),
    ("bet banco=300 refused: the online table's maximum bet is 250 today",
     ("apuesta banco=300 rechazada: la apuesta máxima de la mesa en línea es 250",)),
    ("bet empate=0.5 refused: the online table's minimum bet is 1 today",
     ("la apuesta mínima de la mesa en línea es 1",)),
    ("bet banco=20 refused: it would bring the bet on banco to 30, and it is more than the balance "
     "allows (balance 25 and 1 commission owed; 4 available for this bet) today",
     ("la apuesta a banco llegaría a 30, y es más de lo que permite el saldo (saldo 25 y 1 de "
      "comisión pendiente; 4 disponible para esta apuesta)",)),
    ("invalid bet 'banco 20': expected POSITION=STAKE, e.g. banco=20 or empate=5",
     ("apuesta no válida 'banco 20': se esperaba POSICIÓN=IMPORTE, p. ej. banco=20 o empate=5",)),
    ("invalid bet 'banco=': the stake is missing",
     ("apuesta no válida 'banco=': the stake is missing",)),
    ("invalid bet 'banco=': the stake is missing; expected a number, e.g. banco=20",
     ("apuesta no válida 'banco=': the stake is missing; se esperaba a number, p. ej. banco=20",)),
    ("invalid stake '1/3': it has no exact decimal form; expected a decimal number written with "
     "digits and an optional decimal point, e.g. 20, 4.75, 0.5", ("Cantidad no válida: '1/3'",)),
    ("invalid stake 1/3: it has no exact decimal form; expected something",
     ("importe no válido 1/3: no tiene forma decimal exacta; se esperaba something",)),
    ("invalid stake 0.1: a float is not exact; give it as text", ("importe no válido 0.1: un "
                                                                  "número de coma flotante",)),
    ("invalid stake 'x' here", ("importe no válido 'x' here",)),
    ("invalid balance 'lots': expected a decimal number written with digits and an optional "
     "decimal point, e.g. 20, 4.75, 0.5", ("Saldo no válido: 'lots'", "p. ej. 20, 4.75 o 0.5")),
    ("invalid balance 'lots' here", ("saldo no válido 'lots' here",)),
    ("invalid balance -5: a balance cannot be negative",
     ("saldo no válido -5: un saldo no puede ser negativo",)),
    ("invalid stake -5 on banco: a stake must be above 0 today",
     ("importe no válido -5 en banco: un importe debe ser mayor que 0",)),
    ("invalid point value 'x': expected 0-9", ("valor no válido 'x': se esperaba 0-9",)),
    # the table's coups
    ("cannot open the next coup: coup 2 is still open for bets",
     ("no se puede abrir el coup siguiente: el coup 2 sigue abierto a las apuestas",)),
    ("cannot open the next coup: the player has left the table",
     ("El jugador ya se ha levantado de la mesa.",)),
    ("cannot leave: the player has already left the table", ("El jugador ya se ha levantado",)),
    ("cannot leave: the player has already left the table!",
     ("no se puede dejar la mesa: el jugador ya la dejó",)),
    ("cannot deal: the player has left the table!", ("no se puede repartir: el jugador ha dejado "
                                                      "la mesa",)),
    ("cannot deal: coup 3 is dealt; open the next coup first!",
     ("no se puede repartir: el coup 3 ya está repartido; abra antes el coup siguiente",)),
    ("cannot cancel empate: there is no bet on empate (on the table: banco 5) today",
     ("no se puede retirar empate: no hay apuesta a empate (en la mesa: banco 5)",)),
    ("cannot deal coup 1: place a bet first (one of punto, banco) today",
     ("no se puede repartir el coup 1: apueste antes (a una de punto, banco)",)),
    ("nothing to cancel: there are no bets on the table today",
     ("nada que retirar: no hay apuestas en la mesa",)),
    ("change of banco refused: give a new position, a new stake or both today",
     ("cambio de banco rechazado: indique una posición nueva, un importe nuevo o ambos",)),
    ("change of banco refused: there is already a bet on punto; place on it to add, or cancel one "
     "of the two today", ("cambio de banco rechazado: ya hay una apuesta a punto",)),
    ("bets empate=5 refused: the casino table takes Empate and the pairs only with a bet on Punto "
     "or Banco (choose J or B first; the option side_bets_alone=yes allows a side bet alone) today",
     ("la mesa de casino solo admite Empate y las parejas junto a una apuesta a Punto o a Banco",)),
    ("cannot deal coup 2: the casino table takes Empate and the pairs only with a bet on Punto or "
     "Banco (choose J or B first; the option side_bets_alone=yes allows a side bet alone) today",
     ("no se puede repartir el coup 2: la mesa de casino solo admite Empate",)),
    # the home session
    ("Luis must predict coup 2: only the dealer (Ana) may let a coup go without a prediction today",
     ("Luis debe predecir el coup 2: solo quien reparte (Ana) puede dejar pasar un coup sin "
      "predicción",)),
    ("Ana chose not to predict coup 3; one choice per participant per coup today",
     ("Ana eligió no predecir el coup 3; una sola elección por participante y coup",)),
    # table profiles and options
    ("unknown table option 'deck': expected one of commission, decks, tie",
     ("opción de mesa desconocida 'deck': se esperaba una de commission, decks, tie",)),
    ("invalid face_down option 'maybe': expected yes or no",
     ("valor no válido 'maybe' para la opción face_down: se esperaba yes o no",)),
    ("invalid max_bet option 'x': expected a whole number (or none)",
     ("valor no válido 'x' para la opción max_bet: se esperaba un número entero (o none)",)),
    ("invalid decks option 'x': expected a whole number",
     ("valor no válido 'x' para la opción decks: se esperaba un número entero",)),
    ("invalid tie option 'later': expected one of push, lose",
     ("valor no válido 'later' para la opción tie: se esperaba uno de push, lose",)),
    ("invalid commission rate 'x': expected an exact number such as 19/20, 0.95 or 9:1",
     ("valor no válido 'x' para commission rate: se esperaba un número exacto como 19/20",)),
    # cards and shoes
    ("invalid card 'x' (card 2 of the list): expected nothing like this",
     ("carta no válida 'x' (carta 2 de la lista): se esperaba nothing like this",)),
    ("invalid card '': the text is empty; expected something",
     ("carta no válida '': el texto está vacío; se esperaba something",)),
    ("invalid card or rank 'X' (item 2 of '5 X'): expected a rank (A, 2-10, T, J, Q, K) or a card "
     "such as '5♥' or '5h', separated by spaces or commas today",
     ("carta o rango no válido 'X' (elemento 2 de '5 X'): se esperaba un rango (A, 2-10, T, J, "
      "Q, K) o una carta como '5♥' o '5h', separados por espacios o comas",)),
    ("not enough cards for this coup: 0 given (none), and Punto must draw a third card",
     ("Faltan cartas para este coup: se han dado 0 (ninguna), y Punto debe robar una tercera "
      "carta.",)),
    ("not enough cards for this coup: 0 given (none), and Punto must draw a third card!",
     ("no hay cartas suficientes para este coup: se dieron 0 (ninguna), y Punto debe robar",)),
    ("not enough cards for this coup: 5 given (4♥ 2♠ 9♣ A♦ 8♦), and Banco must draw a third card",
     ("y Banco debe robar una tercera carta.",)),
    ("not enough cards for this coup: 3 given (2♥ A♠ 3♣), and the bettor asked for a third card "
     "and it is missing", ("y el punto pidió una tercera carta y falta.",)),
    ("not enough cards for this coup: 5 given (2♥ A♠ 3♣ 2♦ 9♥), and the banker draws a third card "
     "and it is missing", ("y la banca roba una tercera carta y falta.",)),
    ("not enough cards for this coup: 5 given (2♥ A♠ 3♣ 2♦ 9♥), and the moon is full",
     ("no hay cartas suficientes para este coup: se dieron 5 (2♥ A♠ 3♣ 2♦ 9♥), y the moon",)),
    ("not enough cards for a coup: the shoe has 3 cards left; a coup may need 6",
     ("no hay cartas suficientes para un coup: al sabot le quedan 3 cartas; un coup puede "
      "necesitar 6",)),
    ("the shoe is empty: all 52 cards have been dealt",
     ("el sabot está vacío: se han repartido las 52 cartas",)),
    ("too many cards for this coup: it used 4 (4♥ 2♠ 9♣ A♦) and 8♦ 5♦ were left over",
     ("Sobran cartas para este coup: se usaron 4 (4♥ 2♠ 9♣ A♦) y sobraron 8♦ 5♦.",)),
    ("too many cards for this coup: it used 4 (4♥ 2♠ 9♣ A♦) and 8♦ 5♦ were left over!",
     ("demasiadas cartas para este coup: usó 4 (4♥ 2♠ 9♣ A♦) y sobraron 8♦ 5♦",)),
    ("a shoe of 5 cards is too small: a coup may need 6 cards",
     ("Un sabot de 5 cartas es demasiado pequeño: un coup puede necesitar 6.",)),
    ("a shoe of 5 cards is too small: a coup may need 6 cards!",
     ("un sabot de 5 cartas es demasiado pequeño: un coup puede necesitar 6 cartas",)),
    ("cannot remove 20 cards worth 0: the shoe holds only 16 (at most 12 cards worth 0 may be "
     "removed)", ("No se pueden retirar 20 cartas que valen 0: el sabot solo tiene 16 (como mucho "
                  "se pueden retirar 12).",)),
    ("cannot remove 20 cards worth 0: the shoe holds only 16 (at most 12 cards worth 0 may be "
     "removed)!", ("no se pueden quitar 20 cartas que valen 0: el sabot solo tiene 16 (se pueden "
                   "quitar como mucho 12 cartas que valen 0)",)),
    ("cannot remove 5 cards of rank K: the shoe holds only 4 (at most 4 K may be removed)!",
     ("no se pueden quitar 5 cartas de rango K: el sabot solo tiene 4",)),
    ("cannot remove 48 cards from a shoe of 52: 4 would be left and a coup may need 6 (at most 46 "
     "cards may be removed)", ("No se pueden retirar 48 cartas de un sabot de 52: quedarían 4 y un "
                               "coup puede necesitar 6 (como mucho se pueden retirar 46).",)),
    ("cannot remove 48 cards from a shoe of 52: 4 would be left and a coup may need 6 (at most 46 "
     "cards may be removed)!", ("no se pueden quitar 48 cartas de un sabot de 52",
                                "(se pueden quitar como mucho 46 cartas)")),
    ("invalid number of decks 13: expected a whole number from 1 to 12!",
     ("número de barajas no válido 13: se esperaba un número entero de 1 a 12",)),
    # the home session
    ("invalid player name ' Ana': expected a non-empty name without surrounding spaces",
     ("Nombre no válido: ' Ana'; cada participante necesita un nombre, sin espacios delante ni "
      "detrás.",)),
    ("invalid player name '': expected a non-empty name", ("Nombre no válido: ''",)),
    ("invalid player name ' Ana': expected a non-empty name without surrounding spaces!",
     ("nombre de jugador no válido ' Ana': se esperaba un nombre no vacío, sin espacios",)),
    ("invalid player name '': expected a non-empty name!",
     ("nombre de jugador no válido '': se esperaba un nombre no vacío",)),
    ("duplicate player name 'Ana': every participant needs a name of their own!",
     ("nombre de jugador repetido 'Ana': cada participante necesita un nombre propio",)),
    ("a home session takes 2 to 8 participants (the dealer too); got 9!",
     ("una sesión en casa admite de 2 a 8 participantes (también quien reparte); se dieron 9",)),
    ("a home session takes at least 2 participants (the dealer too); got 1",
     ("Una sesión en casa admite al menos 2 participantes", "hay 1.")),
    ("a home session takes at least 2 participants (the dealer too); got 1!",
     ("una sesión en casa admite al menos 2 participantes (también quien reparte); se dieron 1",)),
    ("coup 21 cannot be dealt: the session has 20 coups and all have been played",
     ("El coup 21 no se puede repartir: la sesión tiene 20 coups",)),
    ("no more predictions: all 20 coups of the session have been played",
     ("No caben más predicciones: ya se han jugado los 20 coups de la sesión.",)),
    ("no more predictions: all 20 coups of the session have been played!",
     ("no hay más predicciones: ya se han jugado los 20 coups de la sesión",)),
    ("invalid prediction 'x' for Eva: a home prediction is one of punto, banco",
     ("predicción no válida 'x' de Eva: una predicción en casa es una de punto, banco",)),
    ("Ana already predicted banco for coup 1; one prediction per participant per coup!",
     ("Ana ya predijo banco para el coup 1; una predicción por participante y coup",)),
    # Chemin de Fer
    ("a session needs 3-8 participants, got 2",
     ("una sesión necesita de 3 a 8 participantes; se dieron 2",)),
    ("each player needs a different name; repeated: Ana",
     ("cada jugador necesita un nombre distinto; repetidos: Ana",)),
    ("unknown player 'Eva': expected one of Ana, Luis, Rosa",
     ("jugador desconocido 'Eva': se esperaba uno de Ana, Luis, Rosa",)),
    ("a decision was given for the banker ('draw'), but the banker showed a natural 8 and won at "
     "once: no decision is asked", ("se dio una decisión para la banca ('draw'), pero la banca "
                                    "mostró un natural de 8 y ganó en el acto",)),
    ("a decision was given for the banker ('stand'), but no decision of the banker was asked",
     ("pero no se pidió ninguna decisión a la banca",)),
    ("a decision was given for the bettor ('stand'), but the bettor's 5 with a single bettor "
     "(free) is forced", ("el 5 del punto con un solo apostador (libre) es una casilla forzada",)),
    ("a decision was given for the banker ('stand'), but the banker's 6 after the bettor stood "
     "(must draw) is forced", ("el 6 de la banca después de que el punto se plantó (debe robar)",)),
    ("cannot take the bank with 5: expected a whole number from 10 to 100",
     ("no se puede tomar la banca con 5: se esperaba un número entero de 10 a 100",)),
    ("cannot continue the bank with 5: the minimum is 10 and only 8 is available",
     ("no se puede seguir con la banca con 5: el mínimo es 10 y solo hay 8 disponible",)),
    ("cannot call banco: Ana is not a bettor", ("no se puede decir banco: Ana is not a bettor",)),
    ("cannot retire now: Luis (seat 1) is asked to bet or decline to bet",
     ("no es posible retirarse ahora: Luis (seat 1)",)),
    ("Ana (seat 0) cannot bet: it is Luis's turn (seat 1)",
     ("Ana (asiento 0) no puede apostar: es el turno de Luis (asiento 1)",)),
    # files
    ("cannot save to 'x.json': permission denied",
     ("no se puede guardar en 'x.json': permission denied",)),
    ("cannot read 'x.json': no such file", ("no se puede leer 'x.json': no such file",)),
    ("saved online table is not valid JSON: Expecting value",
     ("la mesa guardada no es JSON válido: Expecting value",)),
    ("not a saved home session: expected an object with format 'bacara-home-session/1'",
     ("no es una sesión guardada: se esperaba un objeto con el formato 'bacara-home-session/1'",)),
    ("saved home session does not replay: the totals differ",
     ("la sesión guardada no se reproduce: the totals differ",)),
    ("saved online table is incomplete or malformed: KeyError('state')",
     ("la mesa guardada está incompleta o mal formada: KeyError('state')",)),
    # the tableau drill
    ("invalid answer 'maybe': expected one of draw, stand",
     ("Respuesta no válida: 'maybe'; se espera una de estas: robar, plantarse.",)),
]


def _messages() -> list[str]:
    return [str(refused(action)) for _, action, _ in TRIGGERED] + [m for m, _ in WRITTEN]


@pytest.mark.parametrize(("message", "words"), WRITTEN, ids=[m[:50] for m, _ in WRITTEN])
def test_written_messages_read_in_spanish(message: str, words: tuple[str, ...]) -> None:
    spanish = refusal_text(message, "es")
    assert spanish != message
    for word in words:
        assert word in spanish, spanish
    assert refusal_text(IllegalAction(message), "en") == message


def test_every_rule_is_exercised() -> None:
    """Each whole-message rule matches one of the messages above; each phrase rule applies."""
    unused_sentences = {pattern.pattern for pattern, _ in refusals._SENTENCES}
    groups = (refusals._VALID, refusals._PHRASES, refusals._LEFTOVERS)
    unused_phrases = {rule for group in groups for rule, _ in group}
    for message in _messages():
        for pattern, spanish in refusals._SENTENCES:
            match = pattern.fullmatch(message.strip())
            if match and spanish(match) is not None:
                unused_sentences.discard(pattern.pattern)
                break
        text = message
        for group in groups:
            for rule, replacement in group:
                if re.search(rule, text):
                    unused_phrases.discard(rule)
                text = re.sub(rule, replacement, text)
    assert unused_sentences == set()
    assert unused_phrases == set()


# -- unknown messages, the default language, the callers -------------------------------------------


def test_an_unknown_message_gives_the_fallback_else_the_english_message() -> None:
    error = IllegalAction("something the engine has never said")
    assert refusal_text(error, "es", fallback="La mesa no acepta la apuesta.") == \
        "La mesa no acepta la apuesta."
    assert refusal_text(error, "es") == str(error)
    assert refusal_text(NotationError("foo: expected bar"), "es") == "foo: expected bar"
    assert refusal_text(error, "en", fallback="ignored") == str(error)


def test_english_keeps_the_engine_message_as_it_is() -> None:
    message = "unknown table profile 'macao': expected one of home, casino, online"
    assert refusal_text(message, "en") == message
    assert refusal_text(IllegalAction(message), "en") == message


def test_without_a_language_the_default_language_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    error = refused(lambda: parse_card("11♥"))
    monkeypatch.setenv("BACARA_LANG", "es")
    assert refusal_text(error) == refusal_text(error, "es") != str(error)
    monkeypatch.setenv("BACARA_LANG", "en")
    assert refusal_text(error) == str(error)


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(IllegalAction, match="expected one of en, es"):
        refusal_text("nothing to cancel: there are no bets on the table", "fr")


def test_spanish_refusals_agree_with_the_bets_they_name() -> None:
    one = ("bet punto=5 refused: the online table takes one position per coup "
           "(banco 5 is on the table; change or cancel it first)")
    two = ("bet punto=5 refused: the casino table takes one position per coup "
           "(banco 5, empate 5 are on the table; change or cancel it first)")
    assert refusal_text(one, "es").endswith("(Banco 5 está en la mesa; cámbiela o retírela antes).")
    assert refusal_text(two, "es").endswith(
        "(Banco 5, Empate 5 están en la mesa; cámbielas o retírelas antes).")


_TU_FORMS = re.compile(r"\b(tú|tu|tus|escribe|usa|añade|quita|cambia|cancela|anula|retira|"
                       r"apuesta ahí|abre|indica|pon)\b", re.IGNORECASE)


def test_the_spanish_addresses_the_reader_as_usted() -> None:
    for message in _messages():
        spanish = refusal_text(message, "es")
        assert _TU_FORMS.search(spanish) is None, spanish
