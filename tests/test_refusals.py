"""The engine's refusals in Spanish: one table for the widgets, the command line and the pages.

Each message is produced by really triggering the engine where that is cheap; the rest are
written as the engine writes them.  Every rule of :mod:`bacara_teach.refusals` is exercised.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
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
from bacara_teach.punto_banco import deal_coup as deal_punto_banco
from bacara_teach.punto_banco import play_coup as play_punto_banco
from bacara_teach.refusals import refusal_text
from bacara_teach.settlement import Bet, verify_bet, verify_bets
from bacara_teach.shoe import Shoe
from bacara_teach.tables import get_profile
from bacara_teach.text import Message
from bacara_teach.trainer import TableauTrainer

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
    ("over the limit", lambda: verify_bet(Bet.parse("banco=300"), "online"),
     ("Apuesta banco=300 rechazada: el máximo por apuesta en la mesa en línea es 250.",)),
    ("under the limit", lambda: verify_bet(Bet.parse("empate=0.5"), "online"),
     ("Apuesta empate=0.5 rechazada", "el mínimo por apuesta en la mesa en línea es 1.")),
    ("fixed stake", lambda: verify_bet(Bet.parse("banco=5"), "home"),
     ("Apuesta banco=5 rechazada: en la mesa de casa la apuesta es fija, de 20.",)),
    ("position not offered", lambda: verify_bet(Bet.parse("pareja-punto=5"), "home"),
     ("la mesa de casa no acepta apuestas a pareja-punto; acepta punto, banco, empate",)),
    ("bet twice", lambda: verify_bets([Bet.parse("banco=5"), Bet.parse("banco=10")], "casino"),
     ("Apuestas banco=5, banco=10 rechazadas: hay más de una apuesta a banco",)),
    ("punto and banco", lambda: verify_bets([Bet.parse("banco=5"), Bet.parse("punto=5")], "casino"),
     ("la mesa de casino no admite Punto y Banco en el mismo coup.",)),
    ("side bet alone", lambda: verify_bets([Bet.parse("empate=5")], "casino"),
     ("la mesa de casino solo admite Empate y las parejas junto a una apuesta a Punto o a Banco",
      "(elija antes J o B;")),
    ("fractional stake", lambda: Bet.of("banco", Fraction(1, 3)),
     ("Importe no válido: 1/3 no tiene forma decimal exacta; escriba un número",)),
    ("bet without =", lambda: Bet.parse("banco 20"),
     ("Apuesta no válida: 'banco 20'; escriba POSICIÓN=IMPORTE, p. ej. banco=20 o empate=5.",)),
    ("bet with a bad stake", lambda: Bet.parse("banco=x"),
     ("Apuesta no válida: 'banco=x'. Importe no válido: 'x'",)),
    ("no third card for Punto", lambda: deal_punto_banco("4♥ 2♠ 9♣ A♦"),
     ("Faltan cartas para este coup: se han dado 4 (4♥ 2♠ 9♣ A♦), y Punto debe robar una "
      "tercera carta.",)),
    ("no cards at all", lambda: deal_punto_banco([]),
     ("Faltan cartas para este coup: se han dado 0 (ninguna), y falta la primera carta de "
      "Punto.",)),
    ("the bettor's card is missing", lambda: deal_coup("2♥ A♠ 3♣ 2♦", bettor="draw"),
     ("y el apostador pidió una tercera carta y falta.",)),
    ("an empty shoe", lambda: _empty_shoe().draw(),
     ("el sabot está vacío: se han repartido las 52 cartas",)),
    ("a shoe too short for a coup", lambda: play_punto_banco(_shoe_with(3)),
     ("No hay cartas suficientes para un coup: falta la segunda carta de Banco.",)),
    ("a shoe too short to start a coup", lambda: _shoe_with(3).start_coup(),
     ("al sabot le quedan 3 cartas; un coup puede necesitar 6",)),
    ("banker after a bettor's natural", lambda: deal_coup("9♥ A♠ K♣ 2♦", banker="draw"),
     ("se dio una decisión para el banquero ('draw'), pero el apostador mostró un natural de 9",)),
    ("banker's natural", lambda: deal_coup("2♥ 4♠ 3♣ 4♦", bettor="draw", banker="stand"),
     ("el banquero mostró un natural de 8 y ganó en el acto: no se pide ninguna decisión",)),
    ("drill answer", lambda: TableauTrainer(seed=1).answer("maybe"),
     ("Respuesta no válida: 'maybe'; escriba una de estas: robar, plantarse.",)),
    ("number of bettors", lambda: CoupInPlay(CHEMIN, bettors=0),
     ("Número de apostadores no válido: 0; debe ser un número entero de 1 a 11.",)),
    ("over the balance", lambda: _table(balance="10").place("banco", "20"),
     ("Apuesta Banco 20 rechazada", "supera lo que permite el saldo (saldo 10;",
      "10 disponible para esta apuesta)")),
    ("unreadable stake", lambda: _table().place("banco", "ten"),
     ("Importe no válido: 'ten'", "p. ej. 20, 4.75 o 0.5")),
    ("stake of 0", lambda: Bet.of("banco", "0"),
     ("Importe no válido en banco: 0", "mayor que 0")),
    ("unknown bet", lambda: _table().place("lucky", "5"),
     ("Apuesta desconocida 'lucky'", "se esperaba una de punto, banco, empate, pareja-punto")),
    ("deal with no bet", lambda: _table().deal(),
     ("No se puede repartir el coup 1: primero haga una apuesta", "(a Punto, Banco y Empate)")),
    ("nothing to cancel", lambda: _table().cancel(), ("No hay nada que retirar",)),
    ("no such bet", lambda: _table_with_banco_5().cancel("empate"),
     ("no hay ninguna apuesta a Empate (en la mesa: Banco 5).",)),
    ("change to nothing", lambda: _table_with_banco_5().change("banco"),
     ("Cambio de la apuesta a Banco rechazado", "indique una posición nueva")),
    ("dealt coup", lambda: _dealt_table().place("banco", "5"),
     ("el coup 1 ya está repartido; abra primero el coup siguiente.",)),
    ("left the table", lambda: _left_table().place("banco", "5"),
     ("el jugador ya se ha levantado de la mesa.",)),
    ("one participant", lambda: HomeSession(players=["Ana"], seed=4),
     ("de 2 a 8 participantes", "hay 1: Ana")),
    ("duplicate name", lambda: HomeSession(players=["Ana", "Ana"], seed=4),
     ("Nombre repetido 'Ana'", "cada participante necesita un nombre propio")),
    ("unknown participant", lambda: _session().predict("Eva", "banco"),
     ("Participante desconocido 'Eva'", "Ana, Luis")),
    ("unreadable prediction", lambda: _session().predict("Luis", "x"),
     ("Predicción no válida 'x' de Luis", "punto, banco, empate")),
    ("deal before the predictions", lambda: _session().deal(),
     ("Todavía no se puede repartir el coup 1: faltan las predicciones de", "Ana, Luis")),
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
     ("Perfil de mesa desconocido 'macao'", "home, casino, online")),
    ("float stake", lambda: parse_amount(cast(Any, 0.1)),
     ("Importe no válido: 0.1", "escríbalo como texto ('0.1')")),
]


def _empty_shoe() -> Shoe:
    shoe = Shoe.standard(1, seed=1)
    for _ in range(52):
        shoe.draw()
    return shoe


def _shoe_with(cards: int) -> Shoe:
    shoe = Shoe.standard(1, seed=1)
    for _ in range(52 - cards):
        shoe.draw()
    return shoe


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


# -- no English is read back ---------------------------------------------------------------------

def test_an_english_sentence_is_never_read_back_into_spanish() -> None:
    """Only the error's own message is translated: the same words as a plain string are not."""
    real = refused(lambda: _table().cancel())
    english = str(real)
    assert refusal_text(real, "es") != english
    assert refusal_text(english, "es") == english
    assert not hasattr(refusals, "_legacy")


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
        refusal_text("nothing to cancel: there are no bets on the table", "xx")


def test_spanish_refusals_agree_with_the_bets_they_name() -> None:
    one = refused(lambda: verify_bet(Bet.parse("banco=300"), "online"))
    two = refused(lambda: verify_bets([Bet.parse("banco=5"), Bet.parse("punto=5")], "casino"))
    assert refusal_text(one, "es").startswith("Apuesta banco=300 rechazada: ")
    assert refusal_text(two, "es").startswith("Apuestas banco=5, punto=5 rechazadas: ")


def _parts(message: Message) -> list[Message]:
    nested = [value for value in message.params.values() if isinstance(value, Message)]
    return [message, *(part for value in nested for part in _parts(value))]


CORE = {"bacara_teach.cards", "bacara_teach.shoe", "bacara_teach.tableau",
        "bacara_teach.punto_banco", "bacara_teach.chemin_de_fer", "bacara_teach.settlement",
        "bacara_teach.money", "bacara_teach.trainer"}


def _raised_in(action: Callable[[], Any]) -> object:
    """The module whose code raised the refusal of ``action``."""
    try:
        action()
    except BacaraError as error:
        frame = error.__traceback__
        while frame is not None and frame.tb_next is not None:
            frame = frame.tb_next
        return frame.tb_frame.f_globals.get("__name__") if frame else None
    raise AssertionError("not refused")


CORE_CASES = [(name, action) for name, action, _ in TRIGGERED if _raised_in(action) in CORE]


def test_the_core_cases_cover_the_engine_core() -> None:
    assert len(CORE_CASES) >= 30
    assert {_raised_in(action) for _, action in CORE_CASES} == CORE - {"bacara_teach.tableau"}


@pytest.mark.parametrize("action", [a for _, a in CORE_CASES], ids=[n for n, _ in CORE_CASES])
def test_core_refusals_are_messages_translated_in_every_part(action: Callable[[], Any]) -> None:
    """A refusal raised by the engine core carries its message, each part of it (the reason,
    the cell, the table) with its own translation: nothing is read back from the English."""
    error = refused(action)
    for part in _parts(error.message):
        if any(ch.isalpha() for ch in part.msgid) and part.msgid not in ("Punto", "Banco"):
            assert part.render("es") != str(part), part.msgid


_TU_FORMS = re.compile(r"\b(tú|tu|tus|escribe|usa|añade|quita|cambia|cancela|anula|retira|"
                       r"apuesta ahí|abre|indica|pon)\b", re.IGNORECASE)


def test_the_spanish_addresses_the_reader_as_usted() -> None:
    for _, action, _ in TRIGGERED:
        spanish = refusal_text(refused(action), "es")
        assert _TU_FORMS.search(spanish) is None, spanish
