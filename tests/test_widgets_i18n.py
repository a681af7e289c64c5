"""Every widget speaks the language it is built in: English or Spanish, from one source.

Each widget is built twice in Spanish: with ``lang="es"`` and with ``lang`` left out and
``BACARA_LANG=es`` in the environment.  Every string a reader can see or hear (button
texts and tooltips, descriptions, options, placeholders, HTML and labels, aria-labels and
titles inside the HTML, the still) is collected from the widget tree after a few clicks,
and none of the English words the widgets used to show may appear in it.
"""

from __future__ import annotations

import importlib
import re
import string
from collections.abc import Callable, Iterator
from html import unescape
from typing import Any

import pytest

from bacara_teach.chemin_de_fer import BETTOR
from bacara_teach.errors import IllegalAction
from bacara_teach.text import language_codes
from bacara_teach.widgets import (
    CheminDeFerSeat,
    CoupStepper,
    HomeScoreboard,
    OddsExplorer,
    OnlineTableWidget,
    TableauDrill,
)
from bacara_teach.widgets.still import still_html

ENGLISH = (
    # words of the widgets' own labels, tooltips, messages and headings
    "the", "of", "and", "to", "on", "is", "you", "your", "with", "from", "for", "every",
    "bet", "bets", "stake", "balance", "history", "available", "limits", "commission", "owed",
    "deal", "dealt", "draw", "draws", "stand", "stands", "stood", "next", "previous", "step",
    "cards", "seed", "shoe", "table", "decks", "remove", "removed", "left", "taken", "out",
    "wins", "won", "lost", "push", "pushed", "returned", "right", "wrong", "answer", "choice",
    "choose", "prediction", "participants", "session", "scoreboard", "ranking", "place",
    "clear", "cancel", "change", "house", "edge", "pays", "less", "bettor", "bettors",
    "banker", "hidden", "face", "down", "rule", "free", "refused", "invalid", "cannot",
    "expected", "nothing", "home", "online", "system", "winner", "totals", "item", "rank",
    # cards read aloud, the tableau's caption, the still's label
    "hearts", "spades", "diamonds", "clubs", "king", "queen", "jack", "ace", "fixed", "rules",
    "still", "interactive",
)
_ENGLISH_RE = re.compile(r"\b(" + "|".join(ENGLISH) + r")\b", re.IGNORECASE)
_ATTRS_RE = re.compile(r"""(?:aria-label|title|placeholder)=(['"])(.*?)\1""")
_TAG_RE = re.compile(r"<[^>]*>")

Make = Callable[..., Any]


def _html_text(html: str) -> str:
    """What a reader meets in a piece of HTML: its text and its aria-labels and titles."""
    attrs = " ".join(unescape(value) for _, value in _ATTRS_RE.findall(html))
    return unescape(_TAG_RE.sub(" ", html)) + " " + attrs


def _widgets(widget: Any) -> Iterator[Any]:
    stack = [widget]
    while stack:
        item = stack.pop()
        stack.extend(getattr(item, "children", ()))
        yield item


def _strings(widget: Any) -> str:
    """Every visible or spoken string of a widget tree, and of its still."""
    found: list[str] = []
    for item in _widgets(widget):
        for name in ("description", "tooltip", "placeholder"):
            value = getattr(item, name, None)
            if isinstance(value, str) and value != "\u200b":
                found.append(value)
        found.extend(str(t) for t in (getattr(item, "tooltips", None) or ()))
        found.extend(str(label) for label in (getattr(item, "_options_labels", None) or ()))
        if type(item).__name__ in ("HTML", "HTMLMath", "Label"):
            found.append(_html_text(str(item.value)))
    found.append(_html_text(still_html(widget, lang=widget.lang)))
    return "\n".join(found)


def _english(widget: Any) -> list[str]:
    return sorted({m.group(0).lower() for m in _ENGLISH_RE.finditer(_strings(widget))})


def _bundle_html(widget: Any) -> str:
    """The still a static page builder would take from the widget's display bundle."""
    bundle = widget._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    return str(data["text/html"])


def _plain(html: str) -> str:
    return _html_text(html)


@pytest.fixture(params=["argument", "environment"])
def make(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Make:
    """Build a widget in Spanish: ``lang="es"``, or ``BACARA_LANG=es`` and no ``lang``.

    Either way the environment then says English, so a widget that read the language
    again after it was built would show it.
    """
    def build(cls: type, **kwargs: Any) -> Any:
        if request.param == "argument":
            monkeypatch.setenv("BACARA_LANG", "en")
            return cls(lang="es", **kwargs)
        monkeypatch.setenv("BACARA_LANG", "es")
        widget = cls(**kwargs)
        monkeypatch.setenv("BACARA_LANG", "en")
        return widget

    return build


def _spanish(widget: Any, *words: str) -> None:
    assert widget.lang == "es"
    assert _english(widget) == []
    text = _strings(widget)
    for word in words:
        assert word in text


# -- one test per widget -------------------------------------------------------------------------


def test_stepper_in_spanish(make: Make) -> None:
    stepper = make(CoupStepper, cards="4♥ 2♠ 9♣ A♦ 8♦")
    _spanish(stepper, "Cartas", "Semilla", "Paso siguiente", "Paso 1 de", "Punto recibe",
             "corazones", "Punto Banco (reglas fijas)", "se plantó", "Imagen fija")
    for _ in range(7):
        stepper.next_button.click()
    _spanish(stepper, "Gana Banco, 3 a 1.", "diamantes")
    stepper.cards_box.value = "11♥ 2♠"
    stepper.deal_button.click()
    assert "role='alert'" in stepper.narration.value
    assert "Carta no válida: '11♥'" in _plain(stepper.narration.value)
    _spanish(stepper)
    stepper.cards_box.value = "4♥ 2♠ 9♣"
    stepper.deal_button.click()
    assert "Faltan cartas para este coup" in _plain(stepper.narration.value)
    stepper.cards_box.value = "4♥ 2♠ 9♣ A♦ 8♦ 5♣"
    stepper.deal_button.click()
    assert "Sobran cartas para este coup" in _plain(stepper.narration.value)
    _spanish(stepper)


def test_drill_in_spanish(make: Make) -> None:
    drill = make(TableauDrill, seed=1)
    _spanish(drill, "Robar", "Plantarse", "Responder: Robar", "0 de 0 correctas", "¿")
    expected = drill.trainer.current.cell.decision.value
    drill.buttons[expected].click()
    _spanish(drill, "Correcto", "1 de 1 correctas")
    wrong = "stand" if drill.trainer.current.cell.decision.value == "draw" else "draw"
    drill.buttons[wrong].click()
    _spanish(drill, "No: la regla dice", "1 de 2 correctas", "1 casilla volverá")
    drill.answer("maybe")
    assert "Respuesta no válida" in _plain(drill.feedback.value)
    _spanish(drill)


def test_online_table_in_spanish(make: Make) -> None:
    widget = make(OnlineTableWidget, balance="100", seed=3)
    _spanish(widget, "Apostar a", "Cantidad", "Continuar", "Saldo: 100", "disponible",
             "sin apuestas", "Límites por apuesta: de 1 a 250", "Sumar 5 a la cantidad")
    widget.deal_button.click()
    assert "No se puede repartir el coup 1: primero haga una apuesta" in _plain(widget.status.value)
    widget.cancel_button.click()
    assert "No hay nada que retirar" in _plain(widget.status.value)
    widget.position.value = "banco"
    widget.chip_buttons[5].click()
    assert "Cantidad: 5." in _plain(widget.status.value)
    widget.place_button.click()
    assert "Apuesta Banco 5 colocada." in _plain(widget.status.value)
    _spanish(widget, "En la mesa: Banco 5")
    refusals = {
        ("banco", "300"): "el máximo por apuesta en la mesa en línea es 250",
        ("empate", "0.5"): "el mínimo por apuesta en la mesa en línea es 1",
        ("banco", "96"): "supera lo que permite el saldo (saldo 100; 95 disponible",
        ("punto", "5"): "la mesa en línea admite una sola posición por coup (Banco 5 está en la mesa",
        ("banco", "ten"): "Importe no válido: 'ten'",
        ("banco", "-5"): "Importe no válido en banco",
    }
    for (on, stake), message in refusals.items():
        before = widget.table.to_json()
        widget.position.value = on
        widget.stake_box.value = stake
        widget.place_button.click()
        assert "role='alert'" in widget.status.value
        assert message in _plain(widget.status.value)
        assert widget.table.to_json() == before
        _spanish(widget)
    widget.position.value = "banco"
    widget.stake_box.value = "251"
    widget.change_button.click()
    assert "Cambio de Banco 5 a Banco 251 rechazado: el máximo" in _plain(widget.status.value)
    widget.stake_box.value = ""
    widget.deal_button.click()
    _spanish(widget, "Coup 1:", "Historial", "Saldo después", "Apuestas del coup 1",
             "Cómo se repartió el coup", "recibe")


def test_chemin_seat_in_spanish(make: Make) -> None:
    seat = make(CheminDeFerSeat, seed=5)
    # the roles of Chemin de Fer are people: the apostador and the banquero
    _spanish(seat, "Usted juega", "Apostador", "Banquero", "Apostadores", "El programa juega",
             "Repartir un coup nuevo", "Robar", "Plantarse", "Coups:")
    while seat.waiting:
        seat.stand_button.click()
        seat.new_button.click()
    seat.draw_button.click()
    assert "No se puede decidir robar: el coup ha terminado" in _plain(seat.status.value)
    _spanish(seat)
    for _ in range(400):
        if seat.waiting:
            break
        seat.new_button.click()
    assert seat.waiting
    _spanish(seat, "Sus cartas", "dos cartas boca abajo", "elige libremente con 5",
             "¿Roba o se planta?")
    seat.new_button.click()
    assert "El coup no ha terminado:" in _plain(seat.status.value)
    assert "el apostador todavía tiene que decidir" in _plain(seat.status.value)
    _spanish(seat)
    seat.draw_button.click()
    _spanish(seat, "Lo que valía cada opción", "Eligió robar", "Cómo se jugó el coup")


def test_odds_explorer_in_spanish(make: Make) -> None:
    explorer = make(OddsExplorer, decks=1, profile="online")
    _spanish(explorer, "Barajas", "Mesa", "Sesión de estudio en casa", "Mesa en línea",
             "K fuera", "Retirar estas cartas", "Devolver todas las cartas", "Ventaja de la casa",
             "menos 5\u00a0%", "quedan 52 cartas", "Se devuelve")
    explorer.removal_box.value = "5 X"
    assert "Carta o rango no válido: 'X'" in _plain(explorer.status.value)
    _spanish(explorer)
    explorer.removal_box.value = "K K K K K"
    assert "No se pueden retirar 5 cartas de rango K: el sabot solo tiene 4." in _plain(
        explorer.status.value)
    _spanish(explorer)
    explorer.removal_box.value = "A 2 3 4 5 6 7 8 9 10 J Q K " * 4
    assert "No se pueden retirar 52 cartas de un sabot de 52" in _plain(explorer.status.value)
    explorer.reset_button.click()
    _spanish(explorer, "las cifras están al día")


def test_home_scoreboard_in_spanish(make: Make) -> None:
    board = make(HomeScoreboard, players=["Ana", "Luis"], seed=2)
    _spanish(board, "Participantes", "Empezar una sesión nueva", "Predicción de Ana", "— elegir —",
             "Repartir el coup 1", "Sesión nueva: Ana y Luis")
    board.deal_button.click()
    assert "Falta la predicción de: Ana y Luis." in _plain(board.status.value)
    for names, message in (("Ana, ana", "Nombre repetido 'ana'"),
                           ("Ana", "Una sesión en casa admite de 2 a 8 participantes")):
        board.names_box.value = names
        board.start_button.click()
        assert message in _plain(board.status.value)
        _spanish(board)
    for _ in range(10):
        board.predictions["Ana"].value = "banco"
        board.predictions["Luis"].value = "punto"
        board.deal_button.click()
    _spanish(board, "Sesión terminada", "Clasificación final", "Marcador, coup a coup",
             "Totales", "Puesto", "Cómo se repartió el coup 10")
    board.deal_button.click()
    assert "ya se han jugado todos" in _plain(board.status.value)
    _spanish(board)


# -- the same game in both languages -------------------------------------------------------------


def test_the_same_seed_deals_the_same_cards_in_both_languages() -> None:
    stepper = {lang: CoupStepper(seed=7, lang=lang) for lang in language_codes()}
    assert stepper["en"].coup == stepper["es"].coup
    drills = {lang: TableauDrill(seed=3, lang=lang) for lang in language_codes()}
    for _ in range(5):
        situations = {lang: d.trainer.current for lang, d in drills.items()}
        assert situations["en"] == situations["es"]
        for drill in drills.values():
            drill.buttons["draw"].click()
    tables = {lang: OnlineTableWidget(balance="100", seed=11, lang=lang) for lang in language_codes()}
    seats = {lang: CheminDeFerSeat(seed=4, lang=lang) for lang in language_codes()}
    boards = {lang: HomeScoreboard(seed=6, lang=lang) for lang in language_codes()}
    for _ in range(3):
        for widget in tables.values():
            widget.stake_box.value = "2"
            widget.place_button.click()
            widget.deal_button.click()
        for seat in seats.values():
            if seat.waiting:
                seat.stand_button.click()
            seat.new_button.click()
        for board in boards.values():
            for box in board.predictions.values():
                box.value = "banco"
            board.deal_button.click()
    assert [c.coup for c in tables["en"].table.history] == [c.coup for c in tables["es"].table.history]
    assert seats["en"].last_coup == seats["es"].last_coup
    assert seats["en"].shoe.remaining == seats["es"].shoe.remaining
    assert [r.coup for r in boards["en"].session.records] == [r.coup for r in boards["es"].session.records]
    odds = {lang: OddsExplorer(decks=6, removed="5 5 K", lang=lang) for lang in language_codes()}
    assert odds["en"].edges == odds["es"].edges


# -- the language argument ---------------------------------------------------------------------------

ALL: tuple[tuple[type, dict[str, Any]], ...] = (
    (CoupStepper, {"seed": 1}),
    (TableauDrill, {"seed": 1}),
    (OnlineTableWidget, {"seed": 1}),
    (CheminDeFerSeat, {"seed": 1, "seat": BETTOR}),
    (OddsExplorer, {"decks": 1}),
    (HomeScoreboard, {"seed": 1}),
)


@pytest.mark.parametrize(("cls", "kwargs"), ALL, ids=[cls.__name__ for cls, _ in ALL])
def test_an_unknown_language_is_refused_naming_the_valid_ones(cls: type, kwargs: dict[str, Any],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    codes = re.escape(", ".join(language_codes()))
    with pytest.raises(IllegalAction, match=f"unknown language 'xx': expected one of {codes}$"):
        cls(lang="xx", **kwargs)
    monkeypatch.setenv("BACARA_LANG", "xx")
    with pytest.raises(IllegalAction, match=f"expected one of {codes}$"):
        cls(**kwargs)


@pytest.mark.parametrize(("cls", "kwargs"), ALL, ids=[cls.__name__ for cls, _ in ALL])
def test_the_language_is_read_once_and_an_explicit_one_wins(cls: type, kwargs: dict[str, Any],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BACARA_LANG", raising=False)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert cls(**kwargs).lang == "en"
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert cls(**kwargs).lang == "es"
    monkeypatch.setenv("BACARA_LANG", "es")
    english = cls(lang="en", **kwargs)
    assert english.lang == "en"
    # The drill, the stepper, the scoreboard, the online table, the Chemin de Fer seat, the odds
    # explorer and the roads board give a static page their kernel-free version, in the widget's
    # language; any other widget gives a still of itself, labelled in it.
    kernel_free = cls.__name__ in ("TableauDrill", "CoupStepper", "HomeScoreboard",
                                   "OnlineTableWidget", "CheminDeFerSeat", "OddsExplorer",
                                   "RoadsBoard")
    assert ("data-practice=" in _bundle_html(english) and "lang='en'" in _bundle_html(english)
            if kernel_free else "Still of an interactive widget" in _bundle_html(english))
    spanish = cls(**kwargs)
    monkeypatch.setenv("BACARA_LANG", "en")
    assert ("lang='es'" in _bundle_html(spanish) if kernel_free
            else "Imagen fija de un widget interactivo" in _bundle_html(spanish))
    assert _english(spanish) == []


@pytest.mark.parametrize(("cls", "kwargs"), ALL, ids=[cls.__name__ for cls, _ in ALL])
def test_every_spanish_label_differs_from_the_english_one_where_it_should(
        cls: type, kwargs: dict[str, Any]) -> None:
    """No control keeps an English text in the Spanish build (names and symbols excepted)."""
    english, spanish = cls(lang="en", **kwargs), cls(lang="es", **kwargs)
    assert _english(spanish) == []
    assert _english(english) != []


@pytest.mark.parametrize("module", ["trainer", "online", "chemin", "odds", "home", "roads"])
def test_every_label_has_both_languages_with_the_same_fields(module: str) -> None:
    """Each widget's words are one table of English messages, rendered through the catalogue."""
    from bacara_teach.widgets._common import Labels

    table = importlib.import_module(f"bacara_teach.widgets.{module}")._LABELS
    assert all(isinstance(text, str) for text in table.values())
    labels = {lang: Labels(table, lang) for lang in language_codes()}
    assert dict(labels["en"]) == dict(table)  # English is the message itself

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key, english in labels["en"].items():
        spanish = labels["es"][key]
        assert spanish.strip(), key
        assert fields(english) == fields(spanish), key
        assert not _ENGLISH_RE.search(re.sub(r"\{[^}]*\}", "", spanish)), (key, spanish)


# -- numbers in the reader's conventions ------------------------------------------------------------

ENGLISH_NUMBER = re.compile(r"\d,\d{3}(?!\d)|\d\.\d{1,2}(?!\d)")
"""A number written the English way (grouping comma, decimal point), which Spanish text has not."""


def test_the_odds_explorer_writes_spanish_percentages() -> None:
    spanish, english = OddsExplorer(decks=1, profile="online", lang="es"), \
        OddsExplorer(decks=1, profile="online", lang="en")
    assert "15,7461\u00a0%" in spanish.table.value and "15.7461%" in english.table.value
    assert ENGLISH_NUMBER.search(_plain(spanish.table.value)) is None


def test_the_online_table_writes_spanish_amounts() -> None:
    widget = OnlineTableWidget(balance="100.50", seed=3, lang="es")
    widget.position.value = "banco"
    widget.stake_box.value = "4.75"
    widget.place_button.click()
    assert "Apuesta Banco 4,75 colocada." in _plain(widget.status.value)
    assert "Saldo: 100,5" in _plain(widget.summary.value)
    widget.deal_button.click()
    shown = _plain(widget.status.value) + _plain(widget.settled.value) + _plain(widget.history_table.value)
    assert ENGLISH_NUMBER.search(shown) is None, shown
    assert re.search(r"neto [+\u2212]\d+(,\d+)?; saldo \d+(,\d+)?", shown), shown


def test_the_chemin_seat_writes_what_each_choice_is_worth_in_spanish_numbers() -> None:
    seat = CheminDeFerSeat(seed=5, lang="es")
    for _ in range(400):
        if seat.waiting:
            break
        seat.new_button.click()
    assert seat.waiting
    seat.draw_button.click()
    worth = _plain(seat.worth.value)
    assert "Robar:" in worth and "\u00a0%" in worth
    assert re.search(r"[+\u2212]\d+,\d{4}\u00a0%", worth), worth
