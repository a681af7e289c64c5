"""The Chemin de Fer table's procedures, practised on a static page: who acts now, and what may
they do?

A home session of Chemin de Fer runs on a few procedures that players get wrong more often
than the third-card table: a new bank is opened by the player whose turn it is, *banco* is
called before any bet (and *banco suivi*, by the player who lost a banco on the coup before,
comes first), otherwise the players bet in turn from the banker's right until the bank is
covered, a winning banker goes on with the whole bank or retires, a losing bank passes to the
right, and the session may end early.  The engine plays whole sessions now
(:class:`~bacara_teach.chemin_de_fer_session.CheminDeFerSession`, its seeded
:class:`~bacara_teach.chemin_de_fer_session.AutoPlayer` at each seat) and stops at chosen
moments: the page shows the table at that moment (the seats, each player's chips and stake,
the banker, the bank and the reserve, what just happened) and asks who acts now (the
session's own ``pending``) and what that player may do (its ``actions`` and their limits),
with the rule that decides it, in the page's language.

>>> data = procedures_data("en")
>>> sorted({s["phase"] for s in data["situations"]})
['banco', 'bets', 'continue', 'open-bank', 'over']
>>> first = data["situations"][0]
>>> first["phase"], data["seats"][first["table"]][first["who"]]
('open-bank', 'Luis')
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any

from bacara_teach.chemin_de_fer_session import (
    RULES,
    AutoPlayer,
    CheminDeFerSession,
    Move,
    Pending,
    Phase,
    describe_event,
)
from bacara_teach.i18n import resolve_language
from bacara_teach.practice._page import Texts, numbers_data, practice_node, store_reset_text
from bacara_teach.text import N_
from bacara_teach.widgets._common import Labels

__all__ = ["PROCEDURES_KIND", "Moment", "moments", "procedures_data", "procedures_html"]

PROCEDURES_KIND = "cdf-procedures"
"""The page's practice kind (``data-practice``): its script is ``practice-cdf-procedures.js``."""

TABLES = (("Ana", "Luis", "Eva", "Marc", "Sofía"), ("Pau", "Irene", "Jordi", "Nuria"),
          ("Carmen", "Dani", "Elena", "Fede", "Gala", "Hugo"))
"""The tables the page's sessions are played at: the names, seated clockwise from seat 0."""

WANTED = {Phase.BANCO: 9, Phase.BETS: 12, Phase.OPEN_BANK: 8, Phase.CONTINUE: 6, Phase.OVER: 3}
"""How many moments of each phase the page holds (banco includes its banco suivi moments)."""

SUIVI = 3
"""How many of the banco moments show a banco suivi."""

SUCCESSION = 3
"""How many of the moments a bank is opened show a retiring banker's bank offered."""

RECENT = 4
"""How many of the session's last events the page tells beside the table."""

_PAGE_LABELS: dict[str, str] = {
    "intro": N_("Each moment below comes from a home session of Chemin de Fer the engine played. "
                "Read the table, say who acts now, then what that player may do."),
    "who": N_("Who acts now?"),
    "nobody": N_("Nobody: the session is over"),
    "may": N_("What may {name} do?"),
    "right": N_("Right."),
    "wrong": N_("Not quite: {answer}"),
    "next": N_("Next moment"),
    "table": N_("The table, going round from the banker"),
    "banker": N_("banker"),
    "bank": N_("Bank: {bank} chips; reserve set aside: {reserve}"),
    "no.bank": N_("No bank is open."),
    "chips": N_("{chips} in hand"),
    "stake": N_("stakes {stake}"),
    "suivi": N_("may call banco suivi"),
    "coups": N_("Coups played: {played} of {coups}"),
    "recent": N_("What just happened"),
    "score": N_("This visit: {right} of {asked} answers right"),
    "known": N_("{known} of {cells} kinds of moment known"),
    "kept": N_("What you know is kept in this browser only, and nothing is sent anywhere."),
    "reset": N_("Reset my progress"),
    "cleared": N_("Progress reset: every kind of moment is new again."),
    "noscript": N_("This practice needs JavaScript."),
    "keys": N_("Keys: 1 to 9 choose an answer; Enter: next moment."),
}

_WHY: dict[str, str] = {
    "banco": N_("Before any bet, the players may call banco, covering the whole bank of {bank} "
                "alone; they are asked in turn from the banker's right, counter-clockwise, and "
                "{name} is next."),
    "banco.suivi": N_("{name} called banco on the coup before and lost it: a banco suivi, "
                      "called now, comes before every other player's banco."),
    "bets": N_("Nobody called banco, so the players bet in turn from the banker's right, "
               "counter-clockwise, each up to what is still uncovered. {covered} of the bank of "
               "{bank} is covered, {uncovered} is left, and {name} holds {chips}: a stake from "
               "{low} to {high}, or none."),
    "continue": N_("The coup left the bank with {bank}. A banker who won or pushed may go on "
                   "with at least that much (adding chips from the reserve or the hand, up to "
                   "{high}), or retire; the bank may grow, never shrink."),
    "open": N_("The bank is open to a new banker: {name} may open one of {low} chips or more, up "
               "to the {high} in hand, or let it pass to the right."),
    "succession": N_("The banker retired and offers the bank to the right for at least {low}: "
                     "{name} may take it at that amount or more, up to {high}, or refuse it."),
    "over": N_("Nobody acts: the session is over ({reason})."),
}

_OPTIONS: dict[str, str] = {
    "banco": N_("Call banco for the whole bank of {amount}, or let it pass"),
    "bet": N_("Stake from {low} to {high}, or pass"),
    "continue": N_("Go on with a bank of at least {amount}, or retire"),
    "open": N_("Open a bank of at least {amount}, or refuse"),
    "take": N_("Take the bank for at least {amount}, or refuse"),
    "pass": N_("Only pass the bank to the right"),
}


@dataclass(frozen=True, slots=True)
class Moment:
    """A session stopped before a move: the table it is played at, and the session as it
    stands (a copy, replayed from the moves made so far)."""

    table: int
    session: CheminDeFerSession


def _copy(session: CheminDeFerSession) -> CheminDeFerSession:
    """The session as it stands, replayed from its moves (the engine's own log)."""
    again = CheminDeFerSession(session.players, seed=session.seed,
                               first_banker=session.first_banker, rules=session.rules)
    for move in session.log:
        again.apply(move)
    return again


def _keep(pending: Pending | None, session: CheminDeFerSession, found: dict[str, int]) -> str | None:
    """The kind of moment ``pending`` is, if the page still wants one of that kind."""
    if pending is None:
        kind = "over"
        return kind if found[kind] < WANTED[Phase.OVER] else None
    phase = pending.phase
    if phase is Phase.COUP:
        return None
    kind = phase.value
    if phase is Phase.BANCO and session.banco_suivi == pending.seat:
        kind = "banco-suivi"
        return kind if found[kind] < SUIVI else None
    if phase is Phase.OPEN_BANK and pending.succession:
        kind = "succession"
        return kind if found[kind] < SUCCESSION else None
    limit = WANTED[phase] - (SUIVI if phase is Phase.BANCO else
                             SUCCESSION if phase is Phase.OPEN_BANK else 0)
    return kind if found[kind] < limit else None


@functools.cache
def moments(seed: int = 1) -> tuple[Moment, ...]:
    """The page's moments, from sessions played by the engine's automatic players at
    :data:`TABLES` (one moment in three is kept, so that they spread over each session), until
    the page has :data:`WANTED` of each kind.  In every third session the players stop opening
    banks after six coups, so that the session ends early.

    >>> found = moments()
    >>> len(found) == sum(WANTED.values()), sum(m.session.pending is None for m in found)
    (True, 3)
    """
    found = dict.fromkeys(("banco", "banco-suivi", "bets", "open-bank", "succession", "continue",
                           "over"), 0)
    kept: list[Moment] = []
    pick = random.Random(f"cdf-procedures:{seed}")
    number = 0
    while sum(found.values()) < sum(WANTED.values()):
        table = number % len(TABLES)
        players = TABLES[table]
        session = CheminDeFerSession(players, seed=f"cdf-procedures:{seed}:{number}")
        robots = {seat: AutoPlayer(seed=f"cdf-procedures:{seed}:{number}:{seat}")
                  for seat in range(len(players))}
        stop_opening = number % 3 == 2
        while True:
            pending = session.pending
            kind = _keep(pending, session, found)
            if kind is not None and (pending is None or kind in ("banco-suivi", "succession")
                                     or pick.random() < 1 / 3):
                kept.append(Moment(table, _copy(session)))
                found[kind] += 1
            if pending is None:
                break
            if stop_opening and pending.phase is Phase.OPEN_BANK and session.coups_played >= 6:
                session.apply(Move("refuse_bank", pending.seat))
            else:
                robots[pending.seat].act(session)
        number += 1
    return tuple(kept)


def _amount(value: int | None) -> int:
    assert value is not None
    return value


def _options(session: CheminDeFerSession, pending: Pending) -> list[tuple[str, dict[str, int], bool]]:
    """What the player may do, as the engine's ``pending`` says it, and the likely mistakes:
    the same action with a limit the rules do not give, or another phase's action."""
    low, high = _amount(pending.minimum), _amount(pending.maximum)
    bank, phase = session.bank, pending.phase
    options: list[tuple[str, dict[str, int], bool]] = []
    if phase is Phase.BANCO:
        options = [("banco", {"amount": bank}, True),
                   ("bet", {"low": session.rules.min_bet, "high": bank}, False),
                   ("open", {"amount": session.rules.min_bank}, False)]
    elif phase is Phase.BETS:
        options = [("bet", {"low": low, "high": high}, True),
                   ("banco", {"amount": bank}, False)]
        chips = session.balances[pending.seat]
        for wrong in (bank, chips, session.uncovered):
            if wrong != high:
                options.append(("bet", {"low": low, "high": wrong}, False))
    elif phase is Phase.CONTINUE:
        stakes = sum(session.stakes.values())
        options = [("continue", {"amount": low}, True),
                   ("continue", {"amount": max(session.rules.min_bank, low // 2)}, False),
                   ("pass", {}, False)]
        if stakes and stakes != low:
            options.append(("continue", {"amount": stakes}, False))
    else:
        taking = "take" if pending.succession else "open"
        other = session.rules.min_bank if low != session.rules.min_bank else low * 2
        options = [(taking, {"amount": low}, True), (taking, {"amount": other}, False),
                   ("banco", {"amount": max(low, bank)}, False)]
    unique: dict[tuple[str, tuple[tuple[str, int], ...]], tuple[str, dict[str, int], bool]] = {}
    for name, values, right in options:
        unique.setdefault((name, tuple(sorted(values.items()))), (name, values, right))
    return list(unique.values())[:4]


def _why(session: CheminDeFerSession, pending: Pending | None, labels: Labels) -> str:
    if pending is None:
        return labels.fill("over", reason=session.end_reason_text(labels.lang))
    name, phase = pending.player, pending.phase
    low, high = pending.minimum, pending.maximum
    if phase is Phase.BANCO:
        if session.banco_suivi == pending.seat:
            return labels.fill("banco.suivi", name=name)
        return labels.fill("banco", bank=session.bank, name=name)
    if phase is Phase.BETS:
        covered = sum(session.stakes.values())
        return labels.fill("bets", covered=covered, bank=session.bank, uncovered=session.uncovered,
                           name=name, chips=session.balances[pending.seat], low=low, high=high)
    if phase is Phase.CONTINUE:
        return labels.fill("continue", bank=session.bank, high=high)
    return labels.fill("succession" if pending.succession else "open", name=name, low=low,
                       high=high)


def _round(session: CheminDeFerSession, pending: Pending | None) -> list[int]:
    """The seats going round the table to the right (counter-clockwise) from the banker, or,
    with no bank open, from the player asked (from seat 0 once the session is over)."""
    start = session.banker if session.banker is not None else pending.seat if pending else 0
    seats = [start]
    while len(seats) < session.size:
        seats.append(session.right_of(seats[-1]))
    return seats


def _kind(session: CheminDeFerSession, pending: Pending | None) -> str:
    """The kind of moment, the record's cell: ``banco``, ``banco-suivi``, ``bets``,
    ``continue``, ``open-bank``, ``succession`` or ``over``."""
    if pending is None:
        return "over"
    if pending.phase is Phase.BANCO and session.banco_suivi == pending.seat:
        return "banco-suivi"
    if pending.phase is Phase.OPEN_BANK and pending.succession:
        return "succession"
    return pending.phase.value


KINDS = ("open-bank", "banco", "banco-suivi", "bets", "continue", "succession", "over")
"""The kinds of moment, in the order a session meets them: the cells of the record."""


def procedures_data(lang: str | None = None, *, seed: int = 1) -> dict[str, Any]:
    """Everything the page's practice needs, in ``lang``, as plain data.

    ``seats`` lists each table's names; each of ``situations`` gives its ``table``, its
    ``kind`` (a cell of :data:`KINDS`), ``phase``, the seats as they stand (``players``: chips in
    hand, stake on the table), ``banker`` (a seat or ``-1``), ``round`` (the seats going round
    to the right from the banker), ``bank``, ``reserve``, ``suivi``
    (the seat that may call banco suivi, or ``-1``), ``played``, ``events`` (indices into
    ``texts``), ``who`` (the seat the session waits for, ``-1`` once it is over), ``options``
    (``[text, right]``, the first right) and ``why``.
    """
    lang = resolve_language(lang)
    labels = Labels(_PAGE_LABELS, lang)
    reasons = Labels(_WHY, lang)
    options = Labels(_OPTIONS, lang)
    text = Texts()
    situations = []
    for moment in moments(seed):
        session = moment.session
        pending = session.pending
        players = session.players
        events = [text(describe_event(e, players, lang)) for e in session.events[-RECENT:]]
        stakes = session.stakes
        situations.append({
            "table": moment.table,
            "kind": _kind(session, pending),
            "phase": "over" if pending is None else pending.phase.value,
            "players": [[session.balances[seat], stakes.get(seat, 0)] for seat in range(session.size)],
            "banker": -1 if session.banker is None else session.banker,
            "round": _round(session, pending),
            "bank": session.bank,
            "reserve": session.reserve,
            "suivi": -1 if session.banco_suivi is None else session.banco_suivi,
            "played": session.coups_played,
            "events": events,
            "who": -1 if pending is None else pending.seat,
            "options": [] if pending is None else [
                [text(options.fill(name, **values)), right]
                for name, values, right in _options(session, pending)],
            "why": text(_why(session, pending, reasons)),
        })
    return {
        "version": 1,
        "lang": lang,
        "seed": seed,
        "coups": RULES.coups,
        "labels": {key: labels[key] for key in _PAGE_LABELS},
        "numbers": numbers_data(lang),
        "store_reset": store_reset_text(lang),
        "seats": [list(names) for names in TABLES],
        "kinds": list(KINDS),
        "texts": text.texts,
        "situations": situations,
    }


def procedures_html(lang: str | None = None, *, seed: int = 1) -> str:
    """The practice as a page holds it.

    >>> procedures_html("es").startswith("<div class='bt-practice bt-cdf-procedures' data-practice='cdf-procedures'")
    True
    """
    lang = resolve_language(lang)
    return practice_node(PROCEDURES_KIND, procedures_data(lang, seed=seed), lang,
                         waiting=Labels(_PAGE_LABELS, lang)["noscript"])
