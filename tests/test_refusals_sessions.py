"""The sessions' and the tables' refusals, logs and labels read in Spanish from the catalogues.

Each refusal is really triggered; its English stays the engine's message as it was, its
Spanish comes from the catalogue with the same inputs, names and amounts, the amounts written
the Spanish way (``10,5``, ``−4,5``).  A message that lost its translation, or a number passed
already formatted, fails here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest

from bacara_teach.chemin_de_fer_session import (
    ALL_COUPS,
    NO_BANK,
    CheminDeFerSession,
    Event,
    describe_event,
)
from bacara_teach.errors import BacaraError
from bacara_teach.home_session import HomeSession
from bacara_teach.online_table import OnlineTable
from bacara_teach.progress import TerminalProgress, progress_text
from bacara_teach.roads import Roads, parse_results, road_title
from bacara_teach.saves import check_seed, parse_json, read_seed, write_atomically
from bacara_teach.tables import CASINO, HOME, ONLINE, PROFILES, BetKind, get_profile, table_message

ROOT = Path(__file__).resolve().parents[1]
ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?!\d)|\d\.\d{1,2}(?!\d)")
"""A number written the English way: ``1,234`` or ``4.75``."""


def refused(action: Callable[[], Any]) -> BacaraError:
    with pytest.raises(BacaraError) as caught:
        action()
    return caught.value


def _table(balance: str = "100") -> OnlineTable:
    return OnlineTable(balance=balance, seed=3)


def _with(*bets: tuple[str, str], balance: str = "100") -> OnlineTable:
    table = _table(balance)
    for on, stake in bets:
        table.place(on, stake)
    return table


def _dealt() -> OnlineTable:
    table = _with(("banco", "5"))
    table.deal()
    return table


def _left() -> OnlineTable:
    table = _table()
    table.leave()
    return table


def _home() -> HomeSession:
    return HomeSession(players=["Ana", "Luis"], seed=4)


def _predicted_twice() -> None:
    session = _home()
    session.predict("Ana", "banco")
    session.predict("Ana", "punto")


def _chemin() -> CheminDeFerSession:
    return CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, first_banker=0)


def _broken_save() -> None:
    table = _with(("banco", "5"))
    text = table.to_json().replace('"stake": "5"', '"stake": "500"')
    OnlineTable.from_json(text)


def _casino_change_onto_a_bet() -> None:
    table = OnlineTable(balance="100", seed=3, profile="casino")
    table.place("banco", "5")
    table.place("empate", "1")
    table.change("empate", to="banco")


CASES: list[tuple[str, Callable[[], Any], str, tuple[str, ...]]] = [
    # the online table
    ("dealt coup", lambda: _dealt().place("banco", "5"),
     "cannot place a bet: coup 1 is dealt; open the next coup first",
     ("No se puede apostar: el coup 1 ya está repartido; abra primero el coup siguiente.",)),
    ("left the table", lambda: _left().place("banco", "5"),
     "cannot place a bet: the player has left the table",
     ("No se puede apostar: el jugador ya se ha levantado de la mesa.",)),
    ("no such bet", lambda: _with(("banco", "2.5")).cancel("empate"),
     "cannot cancel empate: there is no bet on empate (on the table: banco 2.5)",
     ("No se puede retirar la apuesta a Empate: no hay ninguna apuesta a Empate (en la mesa: "
      "Banco 2,5).",)),
    ("no bet at all", lambda: _table().change("punto", stake="5"),
     "cannot change punto: there is no bet on punto (no bets on the table)",
     ("No se puede cambiar la apuesta a Punto: no hay ninguna apuesta a Punto (no hay apuestas "
      "en la mesa).",)),
    ("nothing to cancel", lambda: _table().cancel(),
     "nothing to cancel: there are no bets on the table",
     ("No hay nada que retirar: no hay apuestas en la mesa.",)),
    ("change to nothing", lambda: _with(("banco", "5")).change("banco"),
     "change of banco refused: give a new position, a new stake or both",
     ("Cambio de la apuesta a Banco rechazado: indique una posición nueva, un importe nuevo o "
      "las dos cosas.",)),
    ("change onto a bet", _casino_change_onto_a_bet,
     "change of empate refused: there is already a bet on banco; place on it to add, or cancel "
     "one of the two",
     ("Cambio de la apuesta a Empate rechazado: ya hay una apuesta a Banco; apueste a ella "
      "para sumar, o retire una de las dos.",)),
    ("deal with no bet", lambda: _table().deal(),
     "cannot deal coup 1: place a bet first (one of punto, banco, empate)",
     ("No se puede repartir el coup 1: primero haga una apuesta (a Punto, Banco y Empate).",)),
    ("over the balance", lambda: _table("10.5").place("banco", "20"),
     "bet banco=20 refused: it is more than the balance allows (balance 10.5; 10.5 available "
     "for this bet)",
     ("Apuesta Banco 20 rechazada: supera lo que permite el saldo (saldo 10,5; 10,5 disponible "
      "para esta apuesta).",)),
    ("raising over the balance", lambda: _with(("banco", "6.5"), balance="10").place("banco", "4"),
     "bet banco=4 refused: it would bring the bet on banco to 10.5, and it is more than the "
     "balance allows (balance 10; 3.5 available for this bet)",
     ("Apuesta Banco 4 rechazada: llevaría la apuesta a Banco a 10,5, y supera lo que permite "
      "el saldo (saldo 10; 3,5 disponible para esta apuesta).",)),
    ("one position", lambda: _with(("banco", "2.5")).place("punto", "2.5"),
     "bet punto=2.5 refused: the online table takes one position per coup (banco 2.5 is on the "
     "table; change or cancel it first)",
     ("Apuesta Punto 2,5 rechazada: ", "(Banco 2,5 está en la mesa; cámbiela o retírela antes)")),
    ("negative balance", lambda: OnlineTable(balance="-4.5", seed=1),
     "invalid balance \u22124.5: a balance cannot be negative",
     ("Saldo no válido −4,5: un saldo no puede ser negativo.",)),
    ("next coup too soon", lambda: _table().next_coup(),
     "cannot open the next coup: coup 1 is still open for bets",
     ("No se puede abrir el coup siguiente: el coup 1 sigue abierto a las apuestas.",)),
    ("leave twice", lambda: _left().leave(),
     "cannot leave: the player has already left the table",
     ("No se puede dejar la mesa: el jugador ya se ha levantado de ella.",)),
    ("a save that does not replay", _broken_save,
     "saved online table, line 6: log entry 1 is refused: bet banco=500 refused: the online "
     "table's maximum bet is 250",
     ("La mesa en línea guardada, línea 6. Se rechaza la entrada 1 del registro. Apuesta Banco "
      "500 rechazada: ",)),
    ("a save that is not JSON", lambda: OnlineTable.from_json("{"),
     "saved online table is not valid JSON: Expecting property name enclosed in double quotes: "
     "line 1 column 2 (char 1)",
     ("La mesa en línea guardada no es JSON válido: ",)),
    # the home session
    ("one participant", lambda: HomeSession(players=["Ana"], seed=4),
     "a home session takes 2 to 8 participants (the dealer too); got 1: Ana",
     ("Una sesión en casa admite de 2 a 8 participantes (contando a quien reparte); hay 1: Ana.",)),
    ("duplicate name", lambda: HomeSession(players=["Ana", "ana"], seed=4),
     "duplicate player name 'ana': every participant needs a name of their own",
     ("Nombre repetido 'ana': cada participante necesita un nombre propio.",)),
    ("unknown participant", lambda: _home().predict("Eva", "banco"),
     "unknown participant 'Eva': the participants are Ana, Luis",
     ("Participante desconocido 'Eva': los participantes son Ana, Luis.",)),
    ("deal before the predictions", lambda: _home().deal(),
     "coup 1 cannot be dealt yet: waiting for the predictions of Ana, Luis",
     ("Todavía no se puede repartir el coup 1: faltan las predicciones de Ana, Luis.",)),
    ("predicted twice", _predicted_twice,
     "Ana already predicted banco for coup 1; one prediction per participant per coup",
     ("Ana ya predijo Banco para el coup 1; una predicción por participante y coup.",)),
    ("no fixed stake", lambda: HomeSession(players=["Ana", "Luis"], seed=4, profile="online"),
     "a home session needs a table with a fixed stake; the online table has none",
     ("Una sesión en casa necesita una mesa de apuesta fija; la mesa en línea no la tiene.",)),
    # Chemin de Fer
    ("too few players", lambda: CheminDeFerSession(["Ana", "Luis"], seed=1),
     "a session needs 3-12 participants, got 2 (Ana, Luis)",
     ("Una sesión necesita de 3 a 12 participantes; hay 2 (Ana, Luis).",)),
    ("out of phase", lambda: _chemin().decline_banco(1),
     "cannot decline banco now: Ana (seat 0) is asked to open_bank or refuse_bank",
     ("No se puede pasar sin decir banco ahora: se espera que Ana (asiento 0) elija open_bank "
      "o refuse_bank.",)),
    ("a bank too big", lambda: _chemin().open_bank(0, 500),
     "cannot open a bank with 500: expected a whole number from 2 to 100",
     ("No se puede abrir una banca con 500: se esperaba un número entero de 2 a 100.",)),
    ("not the seat's turn", lambda: _chemin().open_bank(1, 5),
     "Luis (seat 1) cannot open a bank: it is Ana's turn (seat 0)",
     ("Luis (asiento 1) no puede abrir una banca: es el turno de Ana (asiento 0).",)),
    ("retire before a bank", lambda: _chemin().retire(0),
     "cannot retire now: Ana (seat 0) is asked to open_bank or refuse_bank",
     ("No se puede dejar la banca ahora: se espera que Ana (asiento 0) elija open_bank o "
      "refuse_bank.",)),
    ("no such seat", lambda: _chemin().bet(7, 1),
     "cannot bet: invalid seat 7; expected a seat from 0 to 2",
     ("No se puede apostar: asiento no válido 7; se esperaba un asiento de 0 a 2.",)),
    ("a save of another version", lambda: CheminDeFerSession.from_dict(
        {**_chemin().to_dict(), "version": 9}),
     "invalid saved session: version 9, expected 2",
     ("Sesión guardada no válida: versión 9, se esperaba la 2.",)),
    # the tables
    ("unknown profile", lambda: get_profile("macao"),
     "unknown table profile 'macao': expected one of home, casino, online, no-commission, ez",
     ("Perfil de mesa desconocido 'macao': se esperaba uno de home, casino, online, "
      "no-commission, ez.",)),
    ("a bet the table does not take", lambda: HOME.payout("pareja-punto"),
     "the home table takes no pareja-punto bets: it offers punto, banco, empate",
     ("En la mesa de casa no se aceptan apuestas a Pareja Punto: se aceptan Punto, Banco y "
      "Empate.",)),
    ("an unknown option", lambda: HOME.with_options(deck=6),
     "unknown table option 'deck': expected one of commission, commission_rate, decks, "
     "face_down, fixed_stake, max_bet, max_players, min_bet, min_players, pair_reading, "
     "payouts, positions, reshuffle, side_bets_alone, tie",
     ("Opción de mesa desconocida 'deck': se esperaba una de commission, commission_rate, "
      "decks, face_down, fixed_stake, max_bet, max_players, min_bet, min_players, "
      "pair_reading, payouts, positions, reshuffle, side_bets_alone, tie.",)),
    ("an option's value", lambda: ONLINE.with_options(tie="later"),
     "invalid tie option 'later': expected one of return, keep, change",
     ("Valor no válido 'later' para la opción tie: se esperaba uno de return, keep, change.",)),
    ("limits the wrong way round", lambda: ONLINE.with_options(min_bet="2.5", max_bet="1.5"),
     "table profile 'online': min-bet 2.5 is above max-bet 1.5",
     ("Perfil de mesa 'online': min-bet (2,5) supera max-bet (1,5).",)),
    ("an inexact rate", lambda: ONLINE.with_options(commission_rate="abc"),
     "invalid commission rate 'abc': expected an exact number such as 19/20, 0.95 or 9:1",
     ("Valor no válido para la tasa de comisión, 'abc': se esperaba un número exacto como "
      "19/20, 0.95 o 9:1 (escrito con punto decimal).",)),
    ("a payout that is not a number", lambda: CASINO.with_options(payouts={"empate": "lots"}),
     "invalid payout for empate 'lots': expected an exact number such as 19/20, 0.95 or 9:1",
     ("Valor no válido para el pago de Empate, 'lots': se esperaba un número exacto como "
      "19/20, 0.95 o 9:1 (escrito con punto decimal).",)),
    # saves, seeds and roads
    ("a save nested too deep", lambda: parse_json("[" * 40 + "]" * 40, what="saved home session"),
     "saved home session is nested 40 levels deep: a save is at most 32 levels deep",
     ("La sesión en casa guardada tiene 40 niveles de anidamiento: un archivo guardado tiene "
      "como mucho 32.",)),
    ("a long seed", lambda: read_seed("9" * 70),
     "invalid seed of 70 digits: expected a whole number of at most 60 digits, or a word",
     ("Semilla no válida de 70 cifras: se esperaba un número entero de como mucho 60 cifras, o "
      "una palabra.",)),
    ("a huge seed", lambda: check_seed(10 ** 100),
     "invalid seed of 101 digits: expected a whole number of at most 60 digits, or a text of at "
     "most 200 characters",
     ("Semilla no válida de 101 cifras: se esperaba un número entero de como mucho 60 cifras, "
      "o un texto de como mucho 200 caracteres.",)),
    ("an unreadable result", lambda: parse_results("B X"),
     "unreadable result 'X' at position 3 of 'B X': expected P (Punto), B (Banco) or E (Empate), "
     "each optionally followed by p and/or b for the pairs",
     ("Resultado ilegible 'X' en la posición 3 de 'B X': se esperaba P (Punto), B (Banco) o E "
      "(Empate), cada una seguida, si hace falta, de p y/o b para las parejas.",)),
]


@pytest.mark.parametrize(("action", "english", "words"), [(a, e, w) for _, a, e, w in CASES],
                         ids=[name for name, _, _, _ in CASES])
def test_refusals_read_in_spanish(action: Callable[[], Any], english: str,
                                  words: tuple[str, ...]) -> None:
    error = refused(action)
    assert str(error) == english == error.text("en")   # the English is the engine's, as it was
    spanish = error.text("es")
    assert spanish != english
    if len(words) == 1 and words[0].endswith("."):  # the whole sentence
        assert spanish == words[0]
    for word in words:
        assert word in spanish, spanish
    for quoted in re.findall(r"'[^']*'", english):      # what the reader typed comes through
        assert quoted in spanish, (quoted, spanish)
    assert ENGLISH_NUMBER.search(spanish.replace("19/20, 0.95", "")) is None, spanish


def test_a_save_that_cannot_be_written_says_so_in_spanish(tmp_path: Path) -> None:
    error = refused(lambda: write_atomically(tmp_path / "missing" / "save.json", "{}"))
    assert str(error).endswith("; nothing was written")
    assert error.text("es").startswith("No se puede guardar en '")
    assert error.text("es").endswith("; no se ha escrito nada.")


def test_the_profiles_read_in_spanish_with_spanish_numbers() -> None:
    assert ONLINE.title_text("es") == "Mesa en línea de Punto Banco"
    assert ONLINE.title_text("en") == ONLINE.title
    commission = ONLINE.notes_text("es")[0]
    assert "4,75" in commission and "5\u00a0%" in commission and "se paga 1 a 1" in commission
    assert HOME.notes_text("es")[1].startswith("Banco se paga 19/20 a 1")
    for profile in PROFILES.values():
        assert profile.notes_text("en") == profile.notes
        for note in (*profile.notes_text("es"), *profile.assumptions_text("es")):
            assert ENGLISH_NUMBER.search(note) is None, note
        assert [text.split(":")[0] for text in profile.assumptions_text("es")] == [
            text.split(":")[0] for text in profile.assumptions]
    # a variant keeps the registered wording; a title of its own stays as it is
    assert ONLINE.with_options(decks=8).title_text("es") == ONLINE.title_text("es")
    assert table_message("online").render("es") == "la mesa en línea"
    assert [kind.name_message.render("es") for kind in BetKind] == [
        "Punto", "Banco", "Empate", "Pareja Punto", "Pareja Banco", "Dragon 7", "Panda 8"]
    assert [str(kind.name_message) for kind in BetKind] == [kind.value for kind in BetKind]


EVENTS = [
    (Event("lot", 0), "El sorteo designa a Ana (asiento 0) como primer banquero."),
    (Event("open-bank", 0, 20), "Ana abre una banca de 20."),
    (Event("banco-suivi", 1, 40), "Luis dice banco suivi y cubre los 40."),
    (Event("decide", 2, note="bettor:stand"), "Eva, como apostador activo, decide plantarse."),
    (Event("decide", 0, note="banker:draw"), "Ana, como banquero, decide robar."),
    (Event("coup", 0, 12, "bettor"),
     "Se juega un coup contra la banca de Ana (12 cubiertos): ganan los apostadores."),
    (Event("coup", 0, 12, "banker"),
     "Se juega un coup contra la banca de Ana (12 cubiertos): gana la banca."),
    (Event("push", 0, 12), "Devolución: las apuestas (12) vuelven a los apostadores."),
    (Event("reserve", 0, 8), "8 de la banca quedan sin cubrir y pasan a la reserva de Ana."),
    (Event("end", note=ALL_COUPS), "La sesión termina: se jugaron los 12 coups."),
    (Event("end", note=NO_BANK), "La sesión termina: nadie puede o quiere abrir una banca."),
]


@pytest.mark.parametrize(("event", "spanish"), EVENTS, ids=[e.kind for e, _ in EVENTS])
def test_the_chemin_de_fer_log_names_the_people_by_their_roles(event: Event, spanish: str) -> None:
    players = ["Ana", "Luis", "Eva"]
    assert describe_event(event, players, "es") == spanish
    english = describe_event(event, players, "en")
    assert english != spanish
    # a person is the apostador or the banquero, never "el punto" or "la banca"
    assert not re.search(r"\b(?:el|del|al) punto\b|\bcomo banca\b", spanish)


def test_a_whole_chemin_de_fer_session_logs_in_spanish() -> None:
    from bacara_teach.chemin_de_fer_session import play_session

    session = play_session(["Ana", "Luis", "Eva", "Iker"], seed=11)
    for event in session.events:
        spanish = describe_event(event, session.players, "es")
        english = describe_event(event, session.players, "en")
        assert spanish != english, event
        assert re.findall(r"\d+", spanish) == re.findall(r"\d+", english) or event.kind == "end"
    assert session.status("es").startswith("coup ") and " de 12; " in session.status("es")


def test_the_status_in_spanish() -> None:
    session = _chemin()
    assert session.status("es") == ("coup 0 de 12; se espera que Ana (asiento 0) elija open_bank "
                                    "o refuse_bank")
    assert session.status("en") == "coup 0 of 12; Ana (seat 0) is asked to open_bank or refuse_bank"


def test_the_roads_read_in_spanish() -> None:
    roads = Roads.from_results("PPBBBEPBPPBBPB")
    text = roads.text("es")
    assert text.startswith("Placa de cuentas:\n") and "Ojo grande:\nR A R A R A" in text
    assert road_title("cockroach_pig", "es") == "Cucaracha"
    english = roads.text("en")
    assert "Big eye boy:\nR B R B R B" in english
    assert roads.big_eye_boy.text() == roads.big_eye_boy.text("en")  # the data stays R and B


def test_the_progress_bar_counts_the_spanish_way() -> None:
    assert progress_text(1_000, 20_000, unit="coups", width=4, lang="es") == (
        "[....] 1000/20.000 coups (5\u00a0%)")  # CLDR: four digits stay ungrouped
    assert progress_text(1_000, 20_000, unit="coups", width=4, lang="en") == (
        "[....] 1,000/20,000 coups (5%)")
    import io

    out = io.StringIO()
    bar = TerminalProgress(unit="coups", width=4, stream=out, min_interval=0, lang="es")
    bar(20_000, 20_000)
    assert out.getvalue() == "\r[####] 20.000/20.000 coups (100\u00a0%)\n"


MODULES = ["tables", "chemin_de_fer_session", "home_session", "online_table", "saves",
           "progress", "roads"]


@pytest.mark.parametrize("module", MODULES)
def test_the_modules_know_no_language_codes(module: str) -> None:
    source = (ROOT / "bacara_teach" / f"{module}.py").read_text(encoding="utf-8")
    for pattern in (r"\bpick\(", r'== "es"', r'"es":', r"\b\w+_es\b", r"\b_\w*_ES\b",
                    r"resolve_language\(lang\) == "):
        assert re.search(pattern, source) is None, (module, pattern)


@pytest.mark.parametrize(("action", "english", "spanish"), [
    (lambda: BetKind.parse(cast(Any, 5)), "unknown bet 5: expected one of punto, banco, empate, "
     "pareja-punto, pareja-banco, dragon-7, panda-8", "Apuesta desconocida 5: se esperaba una de "
     "punto, banco, empate, pareja-punto, pareja-banco, dragon-7, panda-8."),
    (lambda: check_seed(1.5), "invalid seed 1.5: expected a whole number or a text",
     "Semilla no válida 1.5: se esperaba un número entero o un texto."),
    (lambda: HomeSession.from_dict({"format": "bacara-teach/home-session", "version": 7}),
     "unsupported home session version 7: expected 3 (or an earlier one, from 1)",
     "Versión de sesión en casa no admitida 7: se esperaba la 3 (o una anterior, desde la 1)."),
], ids=["a number for a bet", "a float for a seed", "a version number"])
def test_a_value_quoted_as_the_reader_typed_it(action: Callable[[], Any], english: str,
                                               spanish: str) -> None:
    """A refused value is shown as it was given (its ``repr``), a number too, in every language."""
    error = refused(action)
    assert str(error) == english
    assert error.text("es") == spanish
