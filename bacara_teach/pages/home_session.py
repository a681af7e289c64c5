"""The tables and sentences of the chapter "The home study session", read from a played session.

The scoreboard and the ranking are drawn from the session's records; every total is written
in the reader's language (``−20`` in English and in Spanish, with a true minus sign).

>>> names(["Ana", "Luis", "Eva"], "en")
'Ana and Luis and Eva'
>>> prediction_count(5, "en"), prediction_count(1, "en")
('5 predictions', '1 prediction')
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from html import escape

from bacara_teach.cards import Card
from bacara_teach.display import cards_html
from bacara_teach.home_session import CoupRecord, HomeSession
from bacara_teach.i18n import resolve_language
from bacara_teach.money import format_signed
from bacara_teach.punto_banco import Coup
from bacara_teach.text import N_, localize_number, ntr, ptr, tr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from bacara_teach.practice.drill import SelfCheck

__all__ = [
    "names",
    "players_range",
    "prediction_count",
    "ranking_table",
    "scoreboard_table",
    "self_check",
    "showcase_lines",
    "verdict",
    "winners_line",
]


def _signed(value: Decimal | int, lang: str) -> str:
    return localize_number(format_signed(value), lang)


def names(people: Sequence[str], lang: str | None = None) -> str:
    """Names joined as a sentence lists them: ``Ana and Luis`` (Spanish ``Ana y Luis``).

    Spanish writes ``e`` before a word that sounds like ``i``: that case has its own message.
    """
    code = resolve_language(lang)
    out = people[0]
    for name in people[1:]:
        if (name[:1] in ("I", "i", "Y", "y") and name[1:2] not in ("a", "e", "o", "u")) \
                or name[:2] in ("Hi", "hi"):
            out = ptr("before a word that sounds like i", "{first} and {second}", code,
                      first=out, second=name)
        else:
            out = tr("{first} and {second}", code, first=out, second=name)
    return out


def _prediction(record: CoupRecord, name: str) -> str:
    on = record.prediction(name)
    return "—" if on is None else on.label  # a dealer may let a coup go


def players_range(low: int, high: int, lang: str | None = None) -> str:
    """How many participants the session takes: ``2 to 8``."""
    return tr("{low} to {high}", resolve_language(lang), low=low, high=high)


def _hand_cell(cards: Sequence[Card], total: int) -> str:
    return f"{cards_html(cards)} <span class='bt-total'>{total}</span>"


SCOREBOARD_HEAD = (N_("Coup"), "Punto", "Banco", N_("Winner"))


def scoreboard_table(session: HomeSession, lang: str | None = None) -> str:
    """Each coup of the session: the hands, the winner, and each participant's prediction,
    net change and running total."""
    code = resolve_language(lang)
    head = "".join(f"<th scope='col'>{escape(name)}</th>" for name in session.players)
    rows = []
    for record in session.records:
        coup = record.coup
        cells = [_hand_cell(coup.punto, coup.punto_total), _hand_cell(coup.banco, coup.banco_total),
                 f"<span class='bt-winner'>{coup.winner.value.capitalize()}</span>"]
        for name in session.players:
            cells.append(
                f"<span class='bt-prediction'>{_prediction(record, name)}</span> "
                f"<span class='bt-net'>{_signed(record.net(name), code)}</span><br>"
                f"<span class='bt-running'>{_signed(record.total(name), code)}</span>"
            )
        rows.append(f"<tr><th scope='row'>{record.number}</th>"
                    + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    caption = tr("Each participant's prediction, net change and running total", code)
    columns = "".join(f"<th scope='col'>{escape(tr(column, code))}</th>" for column in SCOREBOARD_HEAD)
    return (f"<table class='bt-table bt-scoreboard'><caption>{escape(caption)}</caption><thead><tr>"
            f"{columns}{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def showcase_lines(session: HomeSession, number: int, lang: str | None = None) -> str:
    """What each participant predicted on coup ``number`` and what it brought."""
    code = resolve_language(lang)
    record = session.records[number - 1]
    return "; ".join(tr("{name} predicted {on}: {net}", code, name=name,
                        on=_prediction(record, name), net=_signed(record.net(name), code))
                     for name in session.players)


RANKING_HEAD = (N_("Place"), N_("Participant"), N_("Total"))


def ranking_table(session: HomeSession, lang: str | None = None) -> str:
    """The ranking after the last coup; leaders on equal totals share a place."""
    code = resolve_language(lang)
    rows, place, previous = [], 0, None
    for index, (name, total) in enumerate(session.scoreboard(), start=1):
        if total != previous:
            place, previous = index, total
        rows.append(f"<tr><td>{place}</td><th scope='row'>{escape(name)}</th>"
                    f"<td>{_signed(total, code)}</td></tr>")
    caption = tr("Ranking after the last coup", code)
    columns = "".join(f"<th scope='col'>{escape(tr(column, code))}</th>" for column in RANKING_HEAD)
    return (f"<table class='bt-table bt-ranking'><caption>{escape(caption)}</caption><thead><tr>"
            f"{columns}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def verdict(session: HomeSession, lang: str | None = None) -> str:
    """Who won the session, and with what total."""
    code = resolve_language(lang)
    winners = session.winners
    best = _signed(session.totals[winners[0]], code)
    if len(winners) == 1:
        return tr("{name} wins with {total}", code, name=winners[0], total=best)
    return tr("{names} share the win with {total}", code, names=names(winners, code), total=best)


def winners_line(winners: Sequence[str], lang: str | None = None) -> str:
    """The winners of a session, as the page prints them."""
    code = resolve_language(lang)
    return tr("winners: {names}", code, names=names(winners, code))


def prediction_count(count: int, lang: str | None = None) -> str:
    """``50 predictions``."""
    return ntr("{count} prediction", "{count} predictions", count, resolve_language(lang))


def self_check(players: Sequence[str] = ("Ana", "Luis", "Eva", "Marta", "Pablo"),
               tie: str = "9♠ 9♦ K♣ K♥", lang: str | None = None) -> SelfCheck:
    """The chapter's three questions, answered by a session the engine plays: how many
    predictions a session of ``players`` writes down, the totals after the tie ``tie`` of a
    prediction on Banco and one on Empate, and whether a written prediction can change.
    """
    from bacara_teach.errors import BacaraError
    from bacara_teach.practice.drill import Check, SelfCheck
    from bacara_teach.refusals import refusal_text
    from bacara_teach.settlement import Bet, settle_bet
    from bacara_teach.tables import BetKind

    code = resolve_language(lang)
    session = HomeSession(players=list(players), seed=1)
    stake = session.profile.fixed_stake
    assert stake is not None
    written = len(session.players) * session.coups
    count = tr("{players} participants, one prediction each per coup, for {coups} coups: {count}.",
               code, players=len(session.players), coups=session.coups,
               count=prediction_count(written, code))
    coup = Coup.from_cards(tie)
    ana, eva = session.players[0], session.players[2]
    paid = {name: settle_bet(coup, Bet(BetKind.parse(on), stake), session.profile)
            for name, on in ((ana, "banco"), (eva, "empate"))}
    for bet in paid.values():
        assert bet.net == int(bet.net), bet  # the home table pays whole amounts
    settled = "; ".join(tr("{name}: {bet}", code, name=name, bet=bet.describe(code))
                        for name, bet in paid.items())
    session.predict(ana, "punto")
    try:
        session.predict(ana, "banco")
    except BacaraError as error:
        changed, why = False, refusal_text(error, code)
    else:  # pragma: no cover - the session takes one prediction per participant per coup
        changed, why = True, tr("The session took the second prediction.", code)
    return SelfCheck(
        Check("1", (written,), count),
        Check("2", tuple(int(bet.net) for bet in paid.values()),
              f"{coup.narrate(code).splitlines()[-1]} {settled}.",
              prompt=tr("{first}'s total, then {second}'s", code, first=ana, second=eva)),
        Check.yes_no("3", changed, why, lang=code),
        lang=code,
    )
