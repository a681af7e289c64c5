"""The sentences, tables and coups of the chapter "Chemin de Fer", written from the engine.

The chapter follows one table of the home session move by move; these builders put what the
engine did into the reader's language: who is asked what, a refused move, what each player
may see, a finished coup, the money of a bank, a whole session and its ranking.  Every number
comes from the session and is written in the reader's conventions.

>>> from bacara_teach.chemin_de_fer_session import CheminDeFerSession
>>> table = CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, first_banker=0)
>>> asked(table, "en")
'asked: Ana: open a bank (open_bank) or refuse the bank (refuse_bank), from 2 to 100'
>>> asked(table, "es")
'le toca a Ana: abrir una banca (open_bank) o rechazar la banca (refuse_bank), de 2 a 100'
>>> refusal(table, "open_bank", 0, 1, lang="en")
'refused: cannot open a bank with 1: expected a whole number from 2 to 100'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from bacara_teach.chemin_de_fer import CheminDeFerCoup, View, describe_cell
from bacara_teach.chemin_de_fer_session import (
    ACTION_WORDS,
    CheminDeFerSession,
)
from bacara_teach.display import cards_html
from bacara_teach.errors import BacaraError
from bacara_teach.i18n import resolve_language
from bacara_teach.practice.drill import Check, SelfCheck, answer_labels
from bacara_teach.refusals import refusal_text
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Decision, Tableau
from bacara_teach.text import N_, format_number, pmessage, tr

__all__ = [
    "action_text",
    "and_list",
    "asked",
    "banco_order_text",
    "bank_text",
    "check_yourself",
    "chips_text",
    "coup_html",
    "differ_text",
    "end_reason_text",
    "money_html",
    "or_list",
    "ranking_html",
    "refusal",
    "session_coups_html",
    "stand_instead_text",
    "views_text",
    "winner_text",
    "withheld_text",
]


def and_list(items: Iterable[object], lang: str | None = None) -> str:
    """Items written as a list ending in "and", in ``lang``.

    >>> and_list(["Ana"], "en"), and_list(["Ana", "Eva", "Luis"], "en"), and_list([3, 5], "es")
    ('Ana', 'Ana, Eva and Luis', '3 y 5')
    """
    texts = [str(item) for item in items]
    if len(texts) < 2:
        return "".join(texts)
    return tr("{items} and {last}", lang, items=", ".join(texts[:-1]), last=texts[-1])


def or_list(items: Iterable[object], lang: str | None = None) -> str:
    """Items written as a list ending in "or", in ``lang``.

    >>> or_list(["1+4", "2+3"], "en"), or_list(["1+4", "2+3"], "es")
    ('1+4 or 2+3', '1+4 o 2+3')
    """
    texts = [str(item) for item in items]
    if len(texts) < 2:
        return "".join(texts)
    return tr("{items} or {last}", lang, items=", ".join(texts[:-1]), last=texts[-1])


def end_reason_text(session: CheminDeFerSession, lang: str | None = None) -> str:
    """Why ``session`` ended, in ``lang`` (empty while it goes on).

    >>> from bacara_teach.chemin_de_fer_session import play_session
    >>> end_reason_text(play_session(["Ana", "Luis", "Eva", "Marta", "Pablo"], seed=5), "es")
    'se jugaron los 12 coups'
    """
    return session.end_reason_text(lang)


def action_text(action: str, lang: str | None = None) -> str:
    """One action the session asks for: what it does in ``lang``, then the method that does it.

    >>> action_text("call_banco", "en"), action_text("decline_bet", "es")
    ('call banco (call_banco)', 'pasar sin apostar (decline_bet)')
    """
    return tr("{words} ({method})", lang, words=ACTION_WORDS[action].render(lang), method=action)


def asked(session: CheminDeFerSession, lang: str | None = None) -> str:
    """Who is asked what now, in words: each action says what it does and names the session's
    method that does it, then the amounts allowed.

    >>> table = CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, first_banker=0)
    >>> table.open_bank(0, 20)
    >>> asked(table, "en")
    'asked: Eva: call banco (call_banco) or decline banco (decline_banco), for 20'
    """
    p = session.pending
    if p is None:
        return tr("asked: nothing: the session is over ({reason})", lang,
                  reason=end_reason_text(session, lang))
    actions = or_list((action_text(action, lang) for action in p.actions), lang)
    if p.minimum is None:
        return tr("asked: {player}: {actions}", lang, player=p.player, actions=actions)
    if p.minimum == p.maximum:
        return tr("asked: {player}: {actions}, for {amount}", lang, player=p.player,
                  actions=actions, amount=p.minimum)
    return tr("asked: {player}: {actions}, from {minimum} to {maximum}", lang,
              player=p.player, actions=actions, minimum=p.minimum, maximum=p.maximum)


def refusal(session: CheminDeFerSession, action: str, *arguments: object,
            lang: str | None = None) -> str:
    """Try a move the rules forbid: the engine's refusal in words, the table left unchanged.

    A move that the session accepts is a mistake of the page: :class:`AssertionError`.
    """
    before = session.to_dict()
    try:
        getattr(session, action)(*arguments)
    except BacaraError as error:
        assert session.to_dict() == before, "a refused move changed the session"
        return tr("refused: {reason}", lang, reason=refusal_text(error, lang))
    raise AssertionError(f"the session accepted {action}{arguments!r}")


def bank_text(session: CheminDeFerSession, lang: str | None = None) -> str:
    """The bank, the reserve and who is asked what now.

    >>> table = CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, first_banker=0)
    >>> table.open_bank(0, 20)
    >>> bank_text(table, "es")
    'banca 20, reserva 0; le toca a Eva: decir banco (call_banco) o pasar sin decir banco (decline_banco), por 20'
    """
    return tr("bank {bank}, reserve {reserve}; {asked}", lang, bank=session.bank,
              reserve=session.reserve, asked=asked(session, lang))


def banco_order_text(names: Sequence[str], lang: str | None = None) -> str:
    """The order in which the players were offered to call banco."""
    return tr("banco asked in this order: {names}", lang, names=", ".join(names))


def chips_text(session: CheminDeFerSession, lang: str | None = None) -> str:
    """What each player holds now, by name.

    >>> chips_text(CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, first_banker=0), "es")
    'fichas: Ana 100, Luis 100, Eva 100'
    """
    code = resolve_language(lang)
    holdings = ", ".join(f"{name} {format_number(chips, ',d', code)}"
                         for name, chips in zip(session.players, session.holdings(), strict=True))
    return tr("chips: {holdings}", code, holdings=holdings)


def views_text(bettor: View, banker: View, lang: str | None = None) -> str:
    """What the bettor and the banker each see when they decide, one line each."""
    assert banker.third_card is not None, "the banker's view of a bettor who drew"
    return "\n".join((
        tr("The bettor sees: {view}", lang, view=bettor.describe(lang)),
        tr("The banker sees: {view}", lang, view=banker.describe(lang)),
        tr("Cards in the banker's view: {cards} and the face-up {third}", lang,
           cards=" ".join(map(str, banker.cards)), third=str(banker.third_card)),
    ))


_DECIDES = {
    (Decision.DRAW, False): N_("draw on {total} against {third}"),
    (Decision.STAND, False): N_("stand on {total} against {third}"),
    (Decision.DRAW, True): N_("draw on {total} against a bettor who stood"),
    (Decision.STAND, True): N_("stand on {total} against a bettor who stood"),
}


def differ_text(table: Tableau = CHEMIN_DE_FER, other: Tableau = PUNTO_BANCO,
                lang: str | None = None) -> str:
    """What ``other``'s banker must do in the cells where ``table`` differs from it.

    >>> differ_text(lang="en")
    "Punto Banco's Banco must draw on 3 against 9 and draw on 5 against 4"
    """
    cells = [
        tr(_DECIDES[(decision, third is None)], lang, total=total, third=third)
        for total in range(8) for third in (None, *range(10))
        if table.banker_decision(total, third) is not (decision := other.banker_decision(total, third))
    ]
    return tr("Punto Banco's Banco must {cells}", lang, cells=and_list(cells, lang))


_WINNERS = {"bettor": N_("Winner: the bettors"), "banker": N_("Winner: the banker"),
            "push": N_("A push: the stakes go back")}
_WINNER_NAMES = {"bettor": N_("the bettors"), "banker": N_("the banker")}
_HAD_STOOD = {"banker": N_("the banker would still win"),
              "bettor": N_("the bettors would have won"),
              "push": N_("the coup would have been a push")}


def winner_text(coup: CheminDeFerCoup, lang: str | None = None) -> str:
    """Who won ``coup`` (the bettors or the banker), to name in a sentence.

    >>> winner_text(CheminDeFerCoup.from_cards("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw",
    ...                                        banker="draw"), "en")
    'the banker'
    """
    winner = coup.winner.value
    return tr(_WINNER_NAMES[winner], lang) if winner in _WINNER_NAMES else ""


def stand_instead_text(coup: CheminDeFerCoup, lang: str | None = None) -> str:
    """What the result of ``coup`` would have been: it is the coup with the other choice."""
    return tr(_HAD_STOOD[coup.winner.value], lang)


def withheld_text(coup: CheminDeFerCoup, lang: str | None = None) -> str:
    """Whether a banker's natural kept the third card the bettor asked for from being dealt.

    >>> withheld_text(CheminDeFerCoup.from_cards("K♣ 9♠ Q♦ K♥"), "es")
    'la carta que pidió no llegó a repartirse'
    """
    if coup.withheld:
        return tr("the card she asked for was never dealt", lang)
    return tr("the third cards were dealt", lang)


def coup_html(coup: CheminDeFerCoup, lang: str | None = None) -> str:
    """A finished Chemin de Fer coup: both hands, the winner and the narrated steps.

    >>> html = coup_html(CheminDeFerCoup.from_cards("2♥ A♠ 3♣ 2♦ 9♥ 5♠", bettor="draw",
    ...                                             banker="draw"), "es")
    >>> "<th scope='row'>Apostador</th>" in html, "<strong>Gana el banquero</strong>" in html
    (True, True)
    """
    rows = "".join(
        f"<tr><th scope='row'>{escape(name)}</th><td>{cards_html(cards, lang)}</td>"
        f"<td>{total}</td></tr>"
        for name, cards, total in ((tr("Bettor", lang), coup.bettor, coup.bettor_total),
                                   (tr("Banker", lang), coup.banker, coup.banker_total))
    )
    steps = "".join(f"<li>{escape(line)}</li>" for line in coup.narrate(lang).split("\n"))
    heads = "".join(f"<th scope='col'>{escape(head)}</th>"
                    for head in (tr("Hand", lang), tr("Cards", lang), tr("Total", lang)))
    return ("<div class='bt-coup bt-cdf-coup'><table><thead><tr>"
            f"{heads}</tr></thead><tbody>{rows}</tbody></table>"
            f"<p><strong>{escape(tr(_WINNERS[coup.winner.value], lang))}</strong></p>"
            f"<ol>{steps}</ol></div>")


def money_html(*, offered: int, covered: int, reserve: int, profit: int, bank_after: int,
               continuation: int, lang: str | None = None) -> str:
    """The money of a bank's first coup, as a table: what was offered, covered and won.

    Amounts are written in the reader's conventions (a Spanish bank of 12000 reads ``12.000``).
    """
    money = ((N_("Bank offered"), offered), (N_("Covered by the bets"), covered),
             (N_("Set aside as reserve"), reserve), (N_("Profit of the win"), profit),
             (N_("Bank after the win"), bank_after),
             (N_("Smallest bank to continue"), continuation))
    caption = tr("Ana's bank in the first coup", lang)
    return (f"<table class='bt-table bt-money'><caption>{escape(caption)}</caption><tbody>"
            + "".join(f"<tr><th scope='row'>{escape(tr(label, lang))}</th>"
                      f"<td>{format_number(value, ',', resolve_language(lang))}</td></tr>"
                      for label, value in money)
            + "</tbody></table>")


_CHOICES = {("bettor", "draw"): N_("bettor draws"), ("bettor", "stand"): N_("bettor stands"),
            ("banker", "draw"): N_("banker draws"), ("banker", "stand"): N_("banker stands")}
_RESULTS = {"bettor": pmessage("winner", "bettor"), "banker": pmessage("winner", "banker"),
            "push": pmessage("winner", "push")}
_SESSION_HEADS = (N_("Coup"), N_("Banker"), N_("Covered"), N_("Bettor"), N_("Banker's hand"),
                  N_("Free choices"), N_("Winner"))


def session_coups_html(session: CheminDeFerSession, lang: str | None = None) -> str:
    """Every coup of ``session``: its banker, the bank covered, both hands, the free choices
    taken and the winner."""
    coup_events = [event for event in session.events if event.kind == "coup"]
    rows = []
    for number, (event, coup) in enumerate(zip(coup_events, session.coups, strict=True), start=1):
        decided = ", ".join(tr(_CHOICES[(role, choice.value)], lang) for role, choice in
                            (("bettor", coup.bettor_choice), ("banker", coup.banker_choice))
                            if choice)
        seat = event.seat
        assert seat is not None
        rows.append(
            f"<tr><th scope='row'>{number}</th><td>{escape(session.players[seat])}</td>"
            f"<td>{format_number(event.amount, ',', resolve_language(lang))}</td>"
            f"<td>{cards_html(coup.bettor, lang)} {coup.bettor_total}</td>"
            f"<td>{cards_html(coup.banker, lang)} {coup.banker_total}</td>"
            f"<td>{escape(decided or '—')}</td>"
            f"<td>{escape(_RESULTS[coup.winner.value].render(lang))}</td></tr>"
        )
    caption = tr("The session's coups", lang)
    return (f"<table class='bt-table bt-session'><caption>{escape(caption)}</caption><thead><tr>"
            + "".join(f"<th scope='col'>{escape(tr(head, lang))}</th>" for head in _SESSION_HEADS)
            + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def ranking_html(session: CheminDeFerSession, lang: str | None = None) -> str:
    """The ranking of ``session``: place, player and chips, from the highest."""
    heads = (tr("Place", lang), tr("Player", lang), tr("Chips", lang))
    caption = tr("Final ranking", lang)
    return (f"<table class='bt-table bt-ranking'><caption>{escape(caption)}</caption><thead><tr>"
            + "".join(f"<th scope='col'>{escape(h)}</th>" for h in heads)
            + "</tr></thead><tbody>"
            + "".join(f"<tr><td>{place}</td><th scope='row'>{escape(name)}</th>"
                      f"<td>{format_number(chips, ',', resolve_language(lang))}</td></tr>"
                      for place, name, chips in session.ranking())
            + "</tbody></table>")


def check_yourself(example: str, decks: int, lang: str | None = None) -> SelfCheck:
    """The chapter's self-check, answered by a table the engine plays: a bank of 30 covered by
    stakes of 10 and 12 (the reserve, the active bettor, the bank to continue with) and the
    banker's 5 against a third card of 4 and of 6.

    ``example`` stacks the first coup (the bettor's and the banker's cards, as the chapter's
    worked example); the rest of the shoe is ``decks`` decks shuffled with seed 1.
    """
    offered, stakes = 30, {2: 10, 1: 12}
    shoe = Shoe(Shoe.stacked(example).remaining_cards()
                + Shoe.standard(decks, seed=1).remaining_cards())
    quiz = CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, shoe=shoe, first_banker=0)
    quiz.open_bank(0, offered)
    quiz.decline_banco(2)
    quiz.decline_banco(1)
    for seat, stake in stakes.items():
        quiz.bet(seat, stake)
    active_seat = quiz.active_bettor
    assert active_seat is not None
    reserve, active = quiz.reserve, quiz.players[active_seat]
    covered = sum(stakes.values())
    staked = tr("The stakes cover {covered} of the bank of {offered}; what they leave uncovered "
                "goes to the reserve.", lang, covered=covered, offered=offered)
    is_active = tr("The active bettor is {name}.", lang, name=active)
    quiz.decide(active_seat, "draw")
    quiz.decide(0, "draw")
    pending = quiz.pending
    assert pending is not None and pending.minimum is not None
    continued = (quiz.coups[-1].narrate(lang).splitlines()[-1] + " "
                 + tr("The bank holds {bank}; to continue it must be at least {minimum}.", lang,
                      bank=quiz.bank, minimum=pending.minimum))
    labels = answer_labels(lang)
    return SelfCheck(
        Check("1", (reserve,), f"{staked} {is_active}",
              prompt=tr("How much goes to the reserve?", lang)),
        Check("1", active, is_active, choices=tuple(quiz.players),
              prompt=tr("Who is the active bettor?", lang)),
        Check("2", (pending.minimum,), continued),
        *(Check("3", labels[CHEMIN_DE_FER.banker_decision(5, third).value],
                describe_cell(CHEMIN_DE_FER.banker_cell(5, third), 2, lang),
                choices=tuple(labels.values()),
                prompt=tr("Banker on {total}, third card {third}", lang, total=5, third=third))
          for third in (4, 6)),
        lang=lang,
    )
