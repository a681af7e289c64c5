"""The play widgets answer clicks with the engine's results (run without a browser).

Each test builds a widget, sets its controls, clicks its buttons and checks
what it shows against the engine (or against RULES.md), and that a refused
action shows the engine's own message in an alert and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from html import unescape
from typing import Any

import pytest

from bacara_teach.analysis.choice_values import choice_values
from bacara_teach.analysis.composition import Composition, parse_removal
from bacara_teach.analysis.edges import edges_for_profile
from bacara_teach.cards import Rank, format_cards
from bacara_teach.chemin_de_fer import BANKER, BETTOR, CoupInPlay, get_policy
from bacara_teach.chemin_de_fer import play_coup as play_chemin_coup
from bacara_teach.errors import BacaraError
from bacara_teach.home_session import HomeSession
from bacara_teach.money import format_amount
from bacara_teach.narration import narrate_step
from bacara_teach.online_table import OnlineTable
from bacara_teach.punto_banco import play_coup
from bacara_teach.settlement import Bet
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import Decision
from bacara_teach.text import language_codes, localize_number
from bacara_teach.widgets import CheminDeFerSeat, HomeScoreboard, OddsExplorer, OnlineTableWidget


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English texts: the default language is pinned to English."""
    monkeypatch.setenv("BACARA_LANG", "en")


def _text(html: str) -> str:
    return unescape(html)


def _alert(html: str) -> str:
    """The message of an alert live region (fails if the region is not an alert)."""
    assert "role='alert'" in html
    return _text(html)


def _refusal(action: Callable[[], Any]) -> str:
    """The message the engine gives when ``action`` is refused."""
    with pytest.raises(BacaraError) as caught:
        action()
    return str(caught.value)


def _controls(widget: Any) -> Iterator[Any]:
    stack = [widget]
    while stack:
        item = stack.pop()
        stack.extend(getattr(item, "children", ()))
        yield item


def _first_seed(outcome: str, *, profile: str = "online") -> int:
    """The first seed whose first coup at the table ends with ``outcome``."""
    for seed in range(500):
        shoe = Shoe.standard(6 if profile == "online" else 8, seed=seed, reshuffle="every-coup")
        if play_coup(shoe).winner.value == outcome:
            return seed
    raise AssertionError(f"no seed below 500 gives {outcome}")


# -- the online table (system C) --------------------------------------------------------------


def test_online_banco_win_of_5_is_paid_less_5_percent_commission_as_seed_003_says() -> None:
    widget = OnlineTableWidget(balance="100", seed=_first_seed("banco"))
    widget.position.value = "banco"
    widget.chip_buttons[5].click()
    widget.place_button.click()
    assert widget.table.bets == (Bet.of("banco", "5"),)
    widget.deal_button.click()
    assert "net +4.75; balance 104.75" in widget.status.value
    assert "<td>won</td><td>+4.75</td>" in widget.settled.value
    assert "<td>+4.75</td><td>104.75</td>" in widget.history_table.value
    assert "Balance: 104.75" in widget.summary.value
    assert widget.table.balance == Decimal("104.75")


def test_online_tie_returns_punto_bet() -> None:
    widget = OnlineTableWidget(balance="100", seed=_first_seed("empate"))
    widget.position.value = "punto"
    widget.stake_box.value = "20"
    widget.place_button.click()
    widget.deal_button.click()
    assert "Empate; net 0; balance 100" in widget.status.value
    assert "<td>returned</td><td>0</td>" in widget.settled.value
    assert widget.table.balance == 100


def test_online_deal_shows_the_engine_coup_cards_totals_and_narration() -> None:
    widget = OnlineTableWidget(balance="100", seed=11)
    widget.stake_box.value = "10"
    widget.place_button.click()
    widget.deal_button.click()
    coup = play_coup(Shoe.standard(6, seed=11, reshuffle="every-coup"))
    assert widget.table.history[0].coup == coup
    hands = widget.hands.value
    for card in coup.cards:
        assert f'aria-label="{card.describe()}"' in hands
    assert f"total {coup.punto_total}" in hands and f"total {coup.banco_total}" in hands
    for line in coup.narrate().split("\n"):
        assert f"<li>{line}</li>" in _text(widget.narration.value)


def test_online_chips_add_to_the_stake_exactly() -> None:
    widget = OnlineTableWidget(balance="100", seed=1)
    widget.stake_box.value = "0.5"
    for chip in (1, 25, 5):
        widget.chip_buttons[chip].click()
    assert widget.stake_box.value == "31.5"
    widget.stake_box.value = "ten"
    widget.chip_buttons[5].click()
    assert "invalid stake 'ten'" in _alert(widget.status.value)
    assert widget.stake_box.value == "ten"
    widget.clear_button.click()
    assert widget.stake_box.value == ""


@pytest.mark.parametrize(
    ("on", "stake"),
    [
        ("punto", "5"),  # one position per coup: banco is on the table
        ("banco", "300"),  # above the table maximum of 250
        ("empate", "0.5"),  # below the table minimum of 1
        ("banco", "96"),  # would bring the bet above the balance
        ("banco", "ten"),  # unreadable stake
        ("banco", "-5"),  # negative stake
    ],
)
def test_online_refused_bet_shows_the_table_message_and_changes_nothing(on: str, stake: str) -> None:
    widget = OnlineTableWidget(balance="100", seed=3)
    widget.position.value = "banco"
    widget.stake_box.value = "5"
    widget.place_button.click()
    before = (widget.table.to_json(), widget.summary.value, widget.history_table.value)
    twin = OnlineTable.from_json(widget.table.to_json())
    expected = _refusal(lambda: twin.place(on, stake))
    widget.position.value = on
    widget.stake_box.value = stake
    widget.place_button.click()
    assert expected in _alert(widget.status.value)
    assert (widget.table.to_json(), widget.summary.value, widget.history_table.value) == before


def test_online_deal_without_a_bet_is_refused_and_changes_nothing() -> None:
    widget = OnlineTableWidget(balance="100", seed=3)
    before = widget.table.to_json()
    assert widget.deal_button.disabled
    widget.deal_button.click()
    assert "cannot deal coup 1: place a bet first" in _alert(widget.status.value)
    assert widget.table.to_json() == before and widget.hands.value == ""


def test_online_change_moves_the_bet_and_cancel_takes_it_back() -> None:
    widget = OnlineTableWidget(balance="100", seed=3)
    widget.position.value = "banco"
    widget.stake_box.value = "5"
    widget.place_button.click()
    widget.position.value = "punto"
    widget.stake_box.value = ""
    widget.change_button.click()
    assert list(widget.table.bets) == [Bet.of("punto", "5")]
    assert "Banco 5 → Punto 5" in widget.status.value
    widget.stake_box.value = "251"
    before = widget.table.to_json()
    widget.change_button.click()
    assert "maximum bet is 250" in _alert(widget.status.value)
    assert widget.table.to_json() == before
    widget.cancel_button.click()
    assert not widget.table.bets
    assert "(available 100)" in widget.summary.value
    before = widget.table.to_json()
    widget.cancel_button.click()
    assert "nothing to cancel" in _alert(widget.status.value)
    assert widget.table.to_json() == before


def test_online_history_rows_add_each_net_to_the_balance() -> None:
    widget = OnlineTableWidget(balance="50", seed=8)
    for on in ("banco", "punto", "empate", "banco"):
        widget.position.value = on
        widget.stake_box.value = "2"
        widget.place_button.click()
        widget.deal_button.click()
    balance = Decimal(50)
    shoe = Shoe.standard(6, seed=8, reshuffle="every-coup")
    history = widget.history_table.value
    assert history.count("<tr>") == 1 + 4
    for record in widget.table.history:
        balance += record.net
        assert record.balance_after == balance
        assert record.coup == play_coup(shoe)
        row = (f"<th scope='row'>{record.number}</th><td>{format_cards(record.coup.cards)}</td>")
        assert row in _text(history)
        assert f"<td>{format_amount(balance)}</td></tr>" in history
    assert f"Balance: {format_amount(balance)}" in widget.summary.value


def test_online_speaks_spanish() -> None:
    widget = OnlineTableWidget(balance="100", seed=3, lang="es")
    assert widget.deal_button.description == "Continuar"
    assert widget.place_button.description == "Apostar"
    widget.stake_box.value = "5"
    widget.place_button.click()
    widget.deal_button.click()
    assert "Historial" in widget.history_table.value
    assert "Saldo" in widget.summary.value
    assert "recibe" in widget.narration.value


# -- the home session (system A) ----------------------------------------------------------------

HOME_NET = {  # RULES.md system A: stake 20; Punto +20, Banco +19, Empate +160, -20, push 0
    ("punto", "punto"): 20, ("banco", "banco"): 19, ("empate", "empate"): 160,
    ("punto", "empate"): 0, ("banco", "empate"): 0,
}


def _home_net(prediction: str, winner: str) -> int:
    return HOME_NET.get((prediction, winner), -20)


def test_home_deal_waits_for_every_prediction_and_records_none_until_then() -> None:
    board = HomeScoreboard(players=["Ana", "Luis", "Marta"], seed=5)
    board.predictions["Ana"].value = "banco"
    assert board.deal_button.disabled
    before = board.session.to_json()
    board.deal_button.click()
    assert "Choose a prediction for: Luis and Marta." in _alert(board.status.value)
    assert board.session.to_json() == before
    board.predictions["Luis"].value = "punto"
    board.predictions["Marta"].value = "empate"
    assert not board.deal_button.disabled
    board.deal_button.click()
    assert board.session.coups_played == 1


def test_home_predictions_settle_at_the_home_payouts() -> None:
    board = HomeScoreboard(players=["Ana", "Luis", "Marta"], seed=7)
    picks = {"Ana": "punto", "Luis": "banco", "Marta": "empate"}
    totals = dict.fromkeys(picks, 0)
    shoe = Shoe.standard(8, seed=7, reshuffle="every-coup")
    for _ in range(4):
        for name, on in picks.items():
            board.predictions[name].value = on
        board.deal_button.click()
        coup = play_coup(shoe)
        record = board.session.records[-1]
        assert record.coup == coup
        row = [f"<th scope='row'>{record.number}</th>"]
        for name, on in picks.items():
            net = _home_net(on, coup.winner.value)
            totals[name] += net
            assert record.net(name) == net
            row.append(f"{on.capitalize()}, {'+' if net > 0 else ''}{localize_number(str(net), 'en')}")
        for cell in row[1:]:
            assert cell in board.board.value
    assert {name: int(total) for name, total in board.session.totals.items()} == totals
    for total in totals.values():
        assert f"<td>{'+' if total > 0 else ''}{localize_number(str(total), 'en')}</td>" in board.board.value


def test_home_ten_coups_then_tied_leaders_share_the_win() -> None:
    board = HomeScoreboard(players=["Ana", "Luis", "Marta"], seed=2)
    for _ in range(10):
        board.predictions["Ana"].value = "banco"
        board.predictions["Luis"].value = "banco"
        board.predictions["Marta"].value = "empate"
        board.deal_button.click()
    session = board.session
    assert session.finished and board.deal_button.disabled
    ana, marta = session.totals["Ana"], session.totals["Marta"]
    assert session.totals["Luis"] == ana
    if ana > marta:
        assert "<th scope='row'>Ana</th><td>1</td>" in board.ranking.value
        assert "<th scope='row'>Luis</th><td>1</td>" in board.ranking.value
        assert "<th scope='row'>Marta</th><td>3</td>" in board.ranking.value
        assert "Ana and Luis share the win." in board.ranking.value
    else:
        assert "<th scope='row'>Marta</th><td>1</td>" in board.ranking.value
    before = session.to_json()
    board.deal_button.click()
    assert "all have been played" in _alert(board.status.value)
    assert session.to_json() == before


def test_home_bad_names_keep_the_session() -> None:
    board = HomeScoreboard(players=["Ana", "Luis"], seed=4)
    session = board.session
    for names in ("Ana", "Ana, ana", ", ".join(f"P{i}" for i in range(9))):
        players = names.split(", ")
        expected = _refusal(lambda: HomeSession(players=players, seed=4))  # noqa: B023
        board.names_box.value = names
        board.start_button.click()
        assert expected in _alert(board.status.value)
        assert board.session is session
    board.names_box.value = "Eva, Juan, Sara"
    board.seed_box.value = 9
    board.start_button.click()
    assert board.session.players == ("Eva", "Juan", "Sara")
    assert set(board.predictions) == {"Eva", "Juan", "Sara"}
    for name in ("Eva", "Juan", "Sara"):
        board.predictions[name].value = "punto"
    board.deal_button.click()
    assert board.session.records[0].coup == play_coup(Shoe.standard(8, seed=9, reshuffle="every-coup"))


def test_home_speaks_spanish() -> None:
    board = HomeScoreboard(players=["Ana", "Luis"], seed=3, lang="es")
    assert board.deal_button.description == "Repartir el coup 1"
    board.deal_button.click()
    assert "Falta la predicción de: Ana y Luis." in _text(board.status.value)
    for name in ("Ana", "Luis"):
        board.predictions[name].value = "banco"
    board.deal_button.click()
    assert "Coup 1:" in board.status.value and "Marcador" in board.board.value


# -- Chemin de Fer seat (system D) --------------------------------------------------------------


def _until_waiting(seat: CheminDeFerSeat, *, limit: int = 400) -> None:
    for _ in range(limit):
        if seat.waiting:
            return
        seat.new_button.click()
    raise AssertionError("no free cell came to the learner")


def test_chemin_buttons_come_on_only_at_the_learners_free_cell() -> None:
    seat = CheminDeFerSeat(seed=5)
    asked = 0
    for _ in range(30):
        waiting = seat.waiting
        assert seat.draw_button.disabled is not waiting
        assert seat.stand_button.disabled is not waiting
        assert seat.new_button.disabled is waiting
        if waiting:
            view = seat.play.pending
            assert view is not None and view.role == BETTOR
            assert view.cell.decision is Decision.CHOICE
            asked += 1
            seat.stand_button.click()
        seat.new_button.click()
    assert 0 < asked < 30


def test_chemin_bettor_sees_only_own_cards_before_choosing() -> None:
    seat = CheminDeFerSeat(seed=5)
    _until_waiting(seat)
    view = seat.play.pending
    assert view is not None
    banker = seat.play.to_dict()["cards"][1:4:2]
    seen = seat.seen.value
    for card in view.cards:
        assert f'aria-label="{card.describe()}"' in seen
    for text in banker:
        if text not in {str(c) for c in view.cards}:
            assert text not in seen
    assert "two cards face down" in seen
    assert "chooses freely on 5" in seen
    assert seat.hands.value == "" and seat.narration.value == ""


def test_chemin_choice_shows_the_exact_worth_of_each_choice() -> None:
    seat = CheminDeFerSeat(seed=5)
    _until_waiting(seat)
    view = seat.play.pending
    assert view is not None
    shoe = Composition.from_shoe(seat.shoe)
    seat.draw_button.click()
    worth = choice_values(view, shoe, other=get_policy("punto-banco"))
    assert seat.last_values == worth
    for value in (worth.draw, worth.stand):
        assert f"({value.numerator}/{value.denominator})" in seat.worth.value
    verdict = "the better choice" if worth.better in ("draw", "either") else "stand was worth"
    assert verdict in seat.worth.value
    coup = seat.last_coup
    assert coup is not None and coup.bettor_choice is Decision.DRAW
    for line in coup.narrate().split("\n"):
        assert f"<li>{line}</li>" in _text(seat.narration.value)


def test_chemin_forced_cells_are_played_by_the_engine_with_the_rule_shown() -> None:
    seat = CheminDeFerSeat(seed=2)
    shown = 0
    for _ in range(20):
        if seat.waiting:
            seat.draw_button.click()
        else:
            coup = seat.last_coup
            assert coup is not None
            mine = [s for s in coup.steps if s.actor == BETTOR and s.cell is not None]
            if mine:
                assert mine[0].cell is not None and mine[0].cell.decision is not Decision.CHOICE
                rule = narrate_step(mine[0], "en", coup.tableau)
                assert rule in _text(seat.status.value)
                shown += 1
            else:
                assert "No decision came to you" in seat.status.value
        seat.new_button.click()
    assert shown > 0


def test_chemin_refused_clicks_show_the_engine_message_and_change_nothing() -> None:
    seat = CheminDeFerSeat(seed=5)
    while seat.waiting:
        seat.stand_button.click()
        seat.new_button.click()
    before = (seat.play.to_dict(), seat.shoe.remaining, dict(seat.tally), seat.narration.value)
    expected = _refusal(lambda: CoupInPlay.from_dict(seat.play.to_dict()).decide("draw"))
    seat.draw_button.click()
    assert expected in _alert(seat.status.value)
    assert (seat.play.to_dict(), seat.shoe.remaining, dict(seat.tally), seat.narration.value) == before
    _until_waiting(seat)
    waiting = (seat.play.to_dict(), seat.shoe.remaining, dict(seat.tally))
    seat.new_button.click()
    assert "the coup is not over: the bettor must still decide" in _alert(seat.status.value)
    assert (seat.play.to_dict(), seat.shoe.remaining, dict(seat.tally)) == waiting


def test_chemin_engine_plays_the_other_side_with_its_seeded_policy_from_one_shoe() -> None:
    seat = CheminDeFerSeat(seat=BETTOR, policy="stand", seed=9)
    shoe = Shoe.standard(6, seed=9)
    for _ in range(40):
        if seat.waiting:
            seat.draw_button.click()
        coup = seat.last_coup
        assert coup is not None
        assert coup.banker_choice in (None, Decision.STAND)
        expected = play_chemin_coup(shoe, bettor_policy=lambda _: Decision.DRAW,
                                    banker_policy=lambda _: Decision.STAND)
        assert coup.cards == expected.cards
        assert seat.shoe.remaining == shoe.remaining
        seat.new_button.click()


def test_chemin_banker_seat_is_asked_only_at_the_banker_free_cells() -> None:
    seat = CheminDeFerSeat(seat=BANKER, policy="random", seed=4)
    assert seat.seat_toggle.value == BANKER
    _until_waiting(seat)
    view = seat.play.pending
    assert view is not None and view.role == BANKER and view.third_card is not None
    assert (view.cell.total, view.cell.third) in ((3, 9), (5, 4))
    assert "The bettor's third card, face up" in seat.seen.value
    assert seat.seat_toggle.disabled and seat.policy_box.disabled
    shoe = Composition.from_shoe(seat.shoe)
    seat.stand_button.click()
    assert seat.last_values == choice_values(view, shoe, other=get_policy("random", seed=4))


def test_chemin_speaks_spanish() -> None:
    seat = CheminDeFerSeat(seed=5, lang="es")
    _until_waiting(seat)
    assert "Sus cartas" in seat.seen.value and "elige libremente con 5" in seat.seen.value
    seat.draw_button.click()
    assert "Lo que valía cada opción" in seat.worth.value
    assert "boca abajo" in seat.narration.value


# -- the odds explorer ----------------------------------------------------------------------------


def test_odds_eight_decks_match_the_published_house_edges() -> None:
    explorer = OddsExplorer(decks=8, profile="home")
    table = explorer.table.value
    # Banco 1.0579%, Punto 1.2351%, Empate at 8:1 14.3596%: the standard 8-deck figures.
    for edge in ("1.0579%", "1.2351%", "14.3596%"):
        assert edge in table
    wins = [explorer.edges[name].win for name in ("punto", "banco", "empate")]
    assert sum(wins) == 1
    assert "Pareja" not in table


def test_odds_counters_and_text_remove_cards_together() -> None:
    explorer = OddsExplorer(decks=8, profile="casino")
    explorer.counters[Rank.FIVE].value = 2
    explorer.removal_box.value = "5♥ 5s K"
    assert explorer.composition == Composition.standard(8).without("5 5 5 5 K")
    expected = edges_for_profile("casino", Composition.standard(8).without("5 5 5 5 K"))
    assert explorer.edges == expected
    table = explorer.table.value
    assert "411 cards left (5 taken out)" in table
    for analysis in expected.values():
        edge = analysis.house_edge
        assert f"title='{edge.numerator}/{edge.denominator}'" in table
    assert "Pareja Punto" in table and "Pareja Banco" in table


@pytest.mark.parametrize("text", ["5 X", "5 " * 33])
def test_odds_refused_removal_keeps_the_last_figures(text: str) -> None:
    explorer = OddsExplorer(decks=8, profile="online")
    explorer.counters[Rank.KING].value = 3
    before = (explorer.composition, explorer.edges, explorer.table.value)
    expected = _refusal(lambda: Composition.standard(8).without([Rank.KING] * 3
                                                                + list(parse_removal(text))))
    explorer.removal_box.value = text
    assert expected in _alert(explorer.status.value)
    assert (explorer.composition, explorer.edges, explorer.table.value) == before


def test_odds_decks_profile_and_reset() -> None:
    explorer = OddsExplorer(decks=8, profile="home")
    explorer.decks_box.value = 1
    explorer.counters[Rank.ACE].value = 4
    assert explorer.composition is not None and explorer.composition.total == 48
    explorer.profile_box.value = "online"
    assert "1 to 1 less 5%" in explorer.table.value
    explorer.reset_button.click()
    assert explorer.composition == Composition.standard(1)
    assert all(box.value == 0 for box in explorer.counters.values())
    assert explorer.edges["banco"].house_edge == edges_for_profile("online", 1)["banco"].house_edge


def test_odds_percentages_are_the_exact_fractions_rounded() -> None:
    explorer = OddsExplorer(decks=6, profile="home")
    win = explorer.edges["banco"].win
    scaled = win * 100 * 10**4
    digits = int(scaled) if scaled - int(scaled) < Fraction(1, 2) else int(scaled) + 1
    assert f"{digits // 10**4}.{digits % 10**4:04d}%" in explorer.table.value


def test_odds_speaks_spanish() -> None:
    explorer = OddsExplorer(lang="es")
    assert "Ventaja de la casa" in explorer.table.value
    assert explorer.removal_box.description == "Retirar estas cartas"


# -- every widget: labelled, keyboard-reachable controls ------------------------------------------


@pytest.mark.parametrize("lang", language_codes())
def test_every_control_has_a_text_label(lang: str) -> None:
    widgets = (OnlineTableWidget(seed=1, lang=lang), HomeScoreboard(seed=1, lang=lang),
               CheminDeFerSeat(seed=1, lang=lang), OddsExplorer(decks=1, lang=lang))
    for widget in widgets:
        for item in _controls(widget):
            kind = type(item).__name__
            if kind == "Button":
                assert item.description.strip() and item.tooltip.strip()
            elif kind in ("Dropdown", "Text", "IntText", "BoundedIntText", "ToggleButtons"):
                assert item.description.strip()
            if kind == "ToggleButtons":
                assert all(t.strip() for t in item.tooltips)


def test_the_scoreboard_lets_the_dealer_pass_and_nobody_else() -> None:
    board = HomeScoreboard(players=["Ana", "Luis", "Marta"], seed=11)
    assert "pass" in [value for _, value in board.predictions["Ana"].options]      # the dealer
    assert "pass" not in [value for _, value in board.predictions["Luis"].options]
    board.predictions["Ana"].value = "pass"
    board.predictions["Luis"].value = "punto"
    board.predictions["Marta"].value = "empate"
    record = board.deal()
    assert record is not None and record.prediction("Ana") is None and record.net("Ana") == 0
    assert board.session.totals["Ana"] == 0
