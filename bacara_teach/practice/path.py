"""The practice path: every skill the course trains, how well the reader knows it, and a final check.

The course trains its skills in several places: the third-card drill, the coup caller, the pay
table, the Chemin de Fer drill, the Baccarat Banque banker's drill.  Each keeps what the reader
knows in one record in the browser (``practice.js``: a record per *store*, one cell per case
trained).  This module is the registry of those skills (:func:`skills`): for each, where the
course teaches it, where it is practised, and which cells of which store it is made of, so that
the practice path page can read the reader's mastery of each from the browser's store.

It also prepares, when the site is built, a pool of questions for each skill
(:func:`check_questions`): the question, its choices and its answer, all the engine's, in the
page's language.  The page draws the final check from the pool (two questions per skill and a
few more of the hardest), and offers the skills no other page practises (card values, roads)
on the path page itself.

>>> names = [skill.name for skill in skills()]
>>> names[:5]
['card-values', 'naturals', 'punto-rule', 'banco-table', 'coup-call']
>>> {skill.name: len(skill.keys) for skill in skills()}["banco-table"]
88
>>> data = path_data("en")
>>> len(data["skills"]) == len(names), data["final"]["questions"]
(True, 30)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from bacara_teach.cards import Card, format_cards, hand_total
from bacara_teach.chemin_de_fer import SEVERAL, CheminDeFerCoup, CoupInPlay
from bacara_teach.chemin_de_fer_session import CheminDeFerSession, Phase
from bacara_teach.i18n import resolve_language
from bacara_teach.money import format_amount
from bacara_teach.narration import narrate_step
from bacara_teach.practice._page import (
    Texts,
    numbers_data,
    practice_node,
    seeded_coups,
    store_reset_text,
)
from bacara_teach.practice.banque import situations
from bacara_teach.practice.banque_situations import explain as banque_explain
from bacara_teach.practice.caller import (
    WINNERS,
    _banco_keys,
    caller_coups,
    coup_key,
    first_two,
    natural_keys,
)
from bacara_teach.practice.cdf_caller import CDF_GAME, cdf_caller_coups, cdf_cases, cdf_coup_key
from bacara_teach.practice.cdf_caller import WINNERS as CDF_WINNERS
from bacara_teach.practice.drill import _cells, drill_deals
from bacara_teach.practice.drill import _key as drill_key
from bacara_teach.practice.paytable import PROFILE_NAMES, _how, case_key, pay_layouts
from bacara_teach.practice.procedures import KINDS as PROCEDURE_KINDS
from bacara_teach.practice.procedures import procedures_data
from bacara_teach.roads import Roads
from bacara_teach.shoe import Shoe, full_deck
from bacara_teach.tableau import Decision
from bacara_teach.tables import get_profile
from bacara_teach.text import N_, ntr, ptr, tr
from bacara_teach.widgets._common import Labels

__all__ = ["FINAL_ONCE", "FINAL_PER_SKILL", "PATH_KIND", "Question", "Skill", "check_questions", "final_count",
           "path_data", "path_html", "skills"]

PATH_KIND = "path"
"""The page's practice kind (``data-practice``): its script is ``practice-path.js``."""

FINAL_PER_SKILL = 2
"""Questions of each skill in the final check."""

FINAL_ONCE: tuple[str, ...] = ("card-values", "naturals", "punto-rule", "cdf-bettor")
"""The skills the final check asks one question of, not two: the rules every coup called or
paid in the other questions uses again (seventeen skills make 30 questions)."""

POOL_SEED = 1
"""The seed the pools' questions are drawn with."""

POOL_SIZE = 10
"""Questions in the pool of a skill practised elsewhere (enough for the final check to vary)."""

LONG_POOL_SIZE = 5
"""Questions in the pool of a skill whose questions tell a whole table or coup in words (the
page's data stays within its weight, and the final check still varies)."""

BANK_QUESTIONS = 15
"""Questions of the Chemin de Fer bank's money, practised on the path page: three of each of
its cells."""

ROAD_QUESTIONS = 3
"""Questions of the next mark of each derived road, practised on the path page."""

TOTALS_PER_CELL = 2
"""Hands asked for each two-card total in the card-values skill (with two cards of each rank)."""


@dataclass(frozen=True, slots=True)
class Skill:
    """One skill the course trains.

    ``store`` is the record in the browser's store where the reader's answers are kept (the
    drill's game, ``caller-punto-banco``, ``caller-chemin-de-fer``, ``pay-table``,
    ``banque-drill``, or ``path`` for the skills practised on the path page) and ``keys`` the
    cells of that record the skill is made of.  ``learn`` and ``practise`` are where the course teaches it and where it is practised
    (a page's name and a section on it; ``practise`` is ``None`` for the path page itself).
    """

    name: str
    title: str
    summary: str
    store: str
    keys: tuple[str, ...]
    learn: tuple[str, str]
    practise: tuple[str, str] | None
    params: tuple[tuple[str, str], ...] = ()
    query: str = ""

    def title_text(self, lang: str) -> str:
        """The skill's name in ``lang``."""
        return tr(self.title, lang, **{name: _param(value, lang) for name, value in self.params})

    def summary_text(self, lang: str) -> str:
        """What the skill is, in one line, in ``lang``."""
        return tr(self.summary, lang, **{name: _param(value, lang) for name, value in self.params})


def _param(value: str, lang: str) -> str:
    """A skill's parameter: a table profile's name in ``lang``, a count as it is."""
    return get_profile(value).label_text(lang) if value in PROFILE_NAMES else value


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""The ranks whose value the card-values skill asks (its cells ``rank:A`` ... ``rank:K``)."""

BANK_CELLS = ("bank:reserve", "bank:after-win", "bank:minimum", "bank:bettor-wins", "bank:push")
"""The Chemin de Fer bank's money, as the cdf-bank skill asks it: the reserve when the bets
close, the bank after the banker wins and the least it may go on with, what a bettor gets back
when the bettors win and on a tie."""

ROAD_CELLS = ("roads:columns", "roads:big_eye_boy", "roads:small_road", "roads:cockroach_pig")
"""The roads skill's cells: counting the big road's columns, and the next mark of each derived
road."""


def _card_keys() -> tuple[str, ...]:
    return (*(f"rank:{rank}" for rank in RANKS), *(f"total:{t}" for t in range(10)))


def _drill_keys(game: str, actor: str) -> tuple[str, ...]:
    """The keys practice.js gives the drill's cells of one actor (its ``cellKey``)."""
    keys = []
    for bettors, _tableau, cell in _cells(game):
        if (cell.hand == "banker") != (actor == "banco"):
            continue
        if cell.hand == "banker":
            keys.append(f"{cell.total}:{'stood' if cell.third is None else cell.third}")
        else:
            keys.append(f"punto:{bettors or '-'}:{cell.total}")
    return tuple(keys)


def _pay_keys(name: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(case_key(name, paid) for _, bets in pay_layouts(name) for paid in bets))


_PAY_LEARN = {"home": "the-home-session", "casino": "the-casino-table", "online": "the-online-table",
              "no-commission": "tables-without-commission", "ez": "the-price-lists"}


@functools.cache
def skills() -> tuple[Skill, ...]:
    """Every skill the course trains, in the course's order, with the cells each is made of."""
    third = ("chapters/third-card-rule", "drill-the-table")
    caller = ("chapters/worked-examples", "call-a-whole-coup")
    chemin = ("chapters/chemin-de-fer", "drill-the-table")
    listed = [
        Skill("card-values", N_("Card values"),
              N_("What each card counts, and the total of two cards."),
              "path", _card_keys(), ("chapters/cards-and-scoring", "what-each-card-is-worth"), None),
        Skill("naturals", N_("Naturals"),
              N_("An 8 or a 9 with the first two cards, on either side, ends the coup."),
              "caller-punto-banco", natural_keys(), ("chapters/cards-and-scoring", "naturals"),
              caller),
        Skill("punto-rule", N_("Punto's rule"), N_("When Punto draws a third card, and when it stands."),
              "punto-banco", _drill_keys("punto-banco", "punto"),
              ("chapters/third-card-rule", "punto-s-rule-then-banco-s-table"), third),
        Skill("banco-table", N_("Banco's table"),
              N_("Banco's {cells} cells: draw or stand, by its total and Punto's third card."),
              "punto-banco", _drill_keys("punto-banco", "banco"),
              ("chapters/third-card-rule", "punto-s-rule-then-banco-s-table"), third,
              (("cells", str(len(_drill_keys("punto-banco", "banco")))),)),
        Skill("coup-call", N_("Calling a whole coup"),
              N_("The natural, Punto's and Banco's third cards, the winner and both totals, in "
                 "order."),
              "caller-punto-banco", (*_banco_keys(), *natural_keys()),
              ("chapters/worked-examples", "example-1-banco-stands-on-3-against-an-8"), caller),
    ]
    for name in PROFILE_NAMES:
        listed.append(Skill(f"pay-{name}", N_("Paying bets: {table}"),
                            N_("Every bet of a layout, paid exactly as at the {table}."),
                            "pay-table", _pay_keys(name), ("chapters/paying-bets", _PAY_LEARN[name]),
                            ("chapters/paying-bets", "pay-the-table"), (("table", name),),
                            query=f"table={name}"))
    listed += [
        Skill("cdf-bettor", N_("Chemin de Fer: the bettor's rule"),
              N_("The bettor's rule, with one bettor and with several, free choices included."),
              "chemin-de-fer", _drill_keys("chemin-de-fer", "punto"),
              ("chapters/chemin-de-fer", "the-bettor-s-rule"), chemin),
        Skill("cdf-banker", N_("Chemin de Fer: the banker's table"),
              N_("The banker's table against the bettor's third card, free cells included."),
              "chemin-de-fer", _drill_keys("chemin-de-fer", "banco"),
              ("chapters/chemin-de-fer", "the-banker-s-table"), chemin),
        Skill("cdf-coup-call", N_("Chemin de Fer: calling a whole coup"),
              N_("A natural on either side, the bettor's and the banker's decisions with their "
                 "free choices, the winner and both totals."),
              f"caller-{CDF_GAME}", tuple(cdf_cases()),
              ("chapters/chemin-de-fer", "a-worked-example-the-banker-s-free-choice"),
              ("chapters/cdf-decisions", "call-a-whole-coup")),
        Skill("cdf-bank", N_("Chemin de Fer: the bank's money"),
              N_("The reserve set aside, the bank after a win and the least it may go on with, "
                 "what the bettors get back."),
              "path", BANK_CELLS, ("chapters/chemin-de-fer", "the-money-of-that-coup"), None),
        Skill("cdf-procedures", N_("Chemin de Fer: running the table"),
              N_("Who acts now, and what may they do: a bank opened, banco and banco suivi, "
                 "bets in turn, a bank going on or passing, the end."),
              "cdf-procedures", PROCEDURE_KINDS, ("chapters/chemin-de-fer", "banco-and-banco-suivi"),
              ("chapters/cdf-table", "who-acts-now")),
        Skill("banque-banker", N_("Baccarat Banque: the banker's decision"),
              N_("Draw or stand against two sides at once, weighing their stakes."),
              "banque-drill", tuple(f"s{i}" for i in range(len(situations()))),
              ("chapters/baccarat-banque", "what-the-banker-s-decision-is-worth"),
              ("chapters/baccarat-banque", "take-the-bank-a-drill")),
        Skill("roads", N_("Roads"),
              N_("Reading the big road, and the next mark of each road drawn from it."),
              "path", ROAD_CELLS, ("chapters/roads", "how-each-road-is-written"), None),
    ]
    return tuple(listed)


def final_count(skill: str) -> int:
    """How many questions of ``skill`` the final check asks.

    >>> final_count("naturals"), final_count("coup-call")
    (1, 2)
    """
    return FINAL_PER_SKILL - (skill in FINAL_ONCE)


def final_size() -> int:
    """How many questions the final check asks.

    >>> final_size()
    30
    """
    return sum(final_count(s.name) for s in skills())


# -- the questions --------------------------------------------------------------------------------

CHOICES: dict[str, tuple[tuple[str, str], ...]] = {
    "points": tuple((str(n), str(n)) for n in range(10)),
    "natural": (("none", N_("No natural")), ("punto", N_("Punto's")), ("banco", N_("Banco's")),
                ("both", N_("Both"))),
    "decision": (("draw", N_("Draws")), ("stand", N_("Stands"))),
    "rule": (("draw", N_("Draw")), ("stand", N_("Stand")), ("choice", N_("Free choice"))),
    "winner": (("punto", N_("Punto")), ("banco", N_("Banco")), ("tie", N_("Empate"))),
    "cdf-winner": (("punto", N_("The bettors")), ("banco", N_("The banker")),
                   ("tie", N_("A tie: stakes returned"))),
    "colour": (("red", N_("A red mark")), ("blue", N_("A blue mark")), ("none", N_("No mark yet"))),
    "banque": (("draw", N_("Draw")), ("stand", N_("Stand"))),
}
"""The answers a question may offer, by kind (``amount`` and ``count`` questions are typed)."""


@dataclass(frozen=True, slots=True)
class Question:
    """One question of a skill's pool: its words, how it is answered and the engine's answer.

    ``kind`` is a key of :data:`CHOICES` or ``amount`` (a typed amount, a bet's net result) or
    ``count`` (a typed whole number) or ``pick`` (a choice among the question's own
    ``options``, value and words); ``answer`` is the choice's value or the number as the
    engine writes it (``171``, ``-180``, ``4.75``); ``key`` is the cell of the skill's store
    the question trains (``""`` when none).
    """

    skill: str
    key: str
    prompt: str
    kind: str
    answer: str
    why: str
    options: tuple[tuple[str, str], ...] = ()


def _card_questions(lang: str, rng: random.Random) -> Iterator[Question]:
    deck = full_deck()
    for rank in RANKS:
        cards = [c for c in deck if c.rank.value == rank]
        for card in rng.sample(cards, 2):
            yield Question("card-values", f"rank:{rank}",
                           tr("What does {card} count in baccarat?", lang, card=str(card)), "points",
                           str(card.points),
                           tr("{card} counts {points}: an ace counts 1, a 2 to a 9 its number, a "
                              "10, a jack, a queen or a king 0.", lang, card=str(card),
                              points=card.points))
    asked: set[frozenset[Card]] = set()
    for total in range(10):
        for _ in range(TOTALS_PER_CELL):
            first, second = rng.choice(deck), deck[0]
            while True:
                second = rng.choice([c for c in deck if (first.points + c.points) % 10 == total and c != first])
                if frozenset((first, second)) not in asked:
                    break
                first = rng.choice(deck)
            asked.add(frozenset((first, second)))
            added = first.points + second.points
            yield Question("card-values", f"total:{total}",
                           tr("What is the total of a hand of {cards}?", lang,
                              cards=format_cards((first, second))), "points", str(total),
                           tr("{first} counts {a} and {second} counts {b}: {sum} in all; a hand "
                              "keeps only the last digit, so its total is {total}.", lang,
                              first=str(first), a=first.points, second=str(second),
                              b=second.points, sum=added, total=total))


_NATURAL_ANSWER = {(False, False): "none", (True, False): "punto", (False, True): "banco",
                   (True, True): "both"}


def _natural_questions(lang: str, rng: random.Random) -> Iterator[Question]:
    naturals = [c for c in caller_coups() if c.natural]
    others = [c for c in caller_coups() if not c.natural]
    for coup in [*rng.sample(naturals, POOL_SIZE * 2 // 3), *rng.sample(others, POOL_SIZE // 3)]:
        punto, banco = first_two(coup)
        answer = _NATURAL_ANSWER[(hand_total(punto) >= 8, hand_total(banco) >= 8)]
        opening = next(step for step in coup.steps if step.action in ("natural", "no-natural"))
        yield Question("naturals", coup_key(coup) if coup.natural else "",
                       tr("Punto's first two cards are {punto} and Banco's {banco}. Is there a "
                          "natural, and whose?", lang, punto=format_cards(punto),
                          banco=format_cards(banco)), "natural", answer,
                       narrate_step(opening, lang, coup.tableau))


def _drill_questions(game: str, skill: str, actor: str, lang: str,
                     rng: random.Random) -> Iterator[Question]:
    deals = drill_deals(game)
    cells = [(bettors, cell) for bettors, _t, cell in _cells(game)
             if (cell.hand == "banker") == (actor == "banco")]
    keys = dict(zip(cells, _drill_keys(game, actor), strict=True))
    kind = "rule" if game == "chemin-de-fer" else "decision"
    for bettors, cell in rng.sample(cells, min(POOL_SIZE, len(cells))):
        situation = rng.choice(deals[drill_key(bettors, cell)])
        prompt = situation.prompt(lang)
        if game == "chemin-de-fer" and cell.hand == "player":  # the bettor's rule depends on it
            prompt = (tr("With one bettor against the bank: {question}", lang, question=prompt)
                      if bettors == "one" else
                      tr("With several bettors against the bank: {question}", lang, question=prompt))
        yield Question(skill, keys[(bettors, cell)], prompt, kind, cell.decision.value,
                       situation.explain(lang))


def _coup_questions(lang: str, rng: random.Random) -> Iterator[Question]:
    for coup in rng.sample(caller_coups(), POOL_SIZE):
        yield Question("coup-call", coup_key(coup),
                       tr("A coup is dealt, in this order (Punto's card first): {cards}. Who wins?",
                          lang, cards=format_cards(coup.cards)), "winner", WINNERS[coup.winner],
                       narrate_step(coup.steps[-1], lang, coup.tableau))


_CHOSE = {("bettor", "draw"): N_("The bettor, free on {total}, chose to draw."),
          ("bettor", "stand"): N_("The bettor, free on {total}, chose to stand."),
          ("banker", "draw"): N_("The banker, free on {total} against {third}, chose to draw."),
          ("banker", "stand"): N_("The banker, free on {total} against {third}, chose to stand.")}
"""A free choice taken in a Chemin de Fer coup, told so that the question can be answered."""


def _cdf_coup_questions(lang: str, rng: random.Random) -> Iterator[Question]:
    for cards, choices in rng.sample(cdf_caller_coups(), LONG_POOL_SIZE):
        coup = CheminDeFerCoup.from_cards(cards[:_cdf_used(cards, choices)],
                                          bettor=choices.get("bettor"), banker=choices.get("banker"))
        told = []
        for step in coup.steps:
            if step.rule == "choice" and step.cell is not None:
                decision = coup.bettor_choice if step.actor == "bettor" else coup.banker_choice
                assert decision is not None
                told.append(tr(_CHOSE[(step.actor, decision.value)], lang, total=step.cell.total,
                               third=step.cell.third))
        decided = [s for s in coup.steps if s.action in ("announce", "natural")
                   or (s.actor == "banker" and s.action in ("draw", "stand"))]
        result = coup.steps[-1]
        yield Question("cdf-coup-call", cdf_coup_key(coup),
                       tr("Chemin de Fer, several bettors: a coup is dealt, in this order (the "
                          "bettor's card first): {cards}. {choices}Who wins?", lang,
                          cards=format_cards(coup.cards),
                          choices="".join(f"{t} " for t in told)), "cdf-winner",
                       CDF_WINNERS[coup.winner],
                       " ".join(narrate_step(s, lang, coup.tableau) for s in (*decided, result)))


def _cdf_used(cards: tuple[Card, ...], choices: Mapping[str, Decision]) -> int:
    """How many of a prepared coup's six cards it uses with its free choices."""
    play = CoupInPlay(cards, bettors=SEVERAL)
    while (view := play.pending) is not None:
        play.decide(choices.get(view.role, Decision.DRAW))
    return play.cards_used


def _procedure_questions(lang: str, rng: random.Random) -> Iterator[Question]:
    data = procedures_data(lang)
    texts, labels = data["texts"], data["labels"]
    for situation in rng.sample(data["situations"], LONG_POOL_SIZE):
        names = data["seats"][situation["table"]]
        seats = []
        for seat in situation["round"]:
            chips, stake = situation["players"][seat]
            words = tr("{name} ({chips} in hand)", lang, name=names[seat], chips=chips)
            if seat == situation["banker"]:
                words = tr("{name}, the banker, with a bank of {bank} ({chips} in hand)", lang,
                           name=names[seat], bank=situation["bank"], chips=chips)
            elif stake:
                words = tr("{name} ({chips} in hand, staking {stake})", lang, name=names[seat],
                           chips=chips, stake=stake)
            seats.append(words)
        events = " ".join(texts[i] for i in situation["events"])
        options = (*((names[seat], names[seat]) for seat in situation["round"]),
                   ("-", labels["nobody"]))
        who = situation["who"]
        yield Question("cdf-procedures", situation["kind"],
                       tr("A home Chemin de Fer table, going round to the right from {first}: "
                          "{seats}. What just happened: {events} Who acts now?", lang,
                          first=names[situation["round"][0]], seats="; ".join(seats),
                          events=events), "pick", "-" if who < 0 else names[who],
                       texts[situation["why"]], options)


def _pay_questions(name: str, lang: str, rng: random.Random) -> Iterator[Question]:
    profile = get_profile(name)
    bets = [(coup, paid) for coup, settled in pay_layouts(name) for paid in settled]
    for coup, paid in rng.sample(bets, min(POOL_SIZE, len(bets))):
        yield Question(f"pay-{name}", case_key(name, paid),
                       tr("At the {table}, the coup {cards} ends: {result} What does a bet of {stake} "
                          "on {position} net? (The win, 0 for a bet returned, minus the stake for "
                          "a bet lost.)", lang, table=profile.label_text(lang),
                          cards=format_cards(coup.cards),
                          result=narrate_step(coup.steps[-1], lang, coup.tableau),
                          stake=paid.bet.stake, position=paid.bet.on.label),
                       "amount", format_amount(paid.net), _sentence(_how(paid, lang)))


def _sentence(words: str) -> str:
    """The pay table's words for a payment (``won, paid 19/20 to 1: +19``) as a sentence."""
    return words[:1].upper() + words[1:] + ("" if words.endswith(".") else ".")


def _banque_questions(lang: str, rng: random.Random) -> Iterator[Question]:
    prepared = list(enumerate(situations()))
    for index, situation in rng.sample(prepared, LONG_POOL_SIZE):
        yield Question("banque-banker", f"s{index}",
                       tr("{situation} You hold the bank: draw or stand?", lang,
                          situation=situation.view.describe(lang)), "banque",
                       situation.better.value, banque_explain(situation, lang))


_BANK_COUPS = {"banker": "7♣ 8♠ K♥ K♦", "bettors": "9♠ 5♦ K♣ K♥", "tie": "9♠ 9♦ K♣ K♥"}
"""Coups stacked on top of the session's shoe, by who wins them (each decided by a natural)."""

_NAMES = ("Ana", "Luis", "Eva", "Marc", "Sofía", "Pau")


def _bank_session(rng: random.Random,
                  cards: str) -> tuple[CheminDeFerSession, int, list[tuple[int, int]], list[int]]:
    """A home Chemin de Fer session played by the engine up to ``cards``' coup: a bank opened,
    bets in turn that leave part of it uncovered, and the coup dealt.  Returns the session, the
    bank offered, the bets (seat, amount) and the balances once the bets were placed."""
    players = list(_NAMES[:rng.randint(3, 5)])
    shoe = Shoe(Shoe.stacked(cards).remaining_cards() + Shoe.standard(6, seed=POOL_SEED).remaining_cards())
    session = CheminDeFerSession(players, seed=POOL_SEED, shoe=shoe, first_banker=0)
    bank = rng.choice((20, 30, 40, 50, 60, 80))
    session.open_bank(0, bank)
    while (asked := session.pending) is not None and asked.phase is Phase.BANCO:
        session.decline_banco(asked.seat)
    bets: list[tuple[int, int]] = []
    before = list(session.balances)
    while session.pending is not None and session.pending.phase is Phase.BETS:
        pending = session.pending
        room = min(pending.maximum or 0, bank * 2 // (len(players) + 1))
        if room >= (pending.minimum or 1) and rng.random() < 0.85:
            amount = rng.randint(pending.minimum or 1, room)
            session.bet(pending.seat, amount)
            bets.append((pending.seat, amount))
        else:
            session.decline_bet(pending.seat)
    # what each player had once the bets were placed (the coup may be dealt as they close)
    placed = list(before)
    for seat, amount in bets:
        placed[seat] -= amount
    while session.pending is not None and session.pending.phase is Phase.COUP:
        view = session.pending.view
        choice = "stand" if view is None or view.cell.decision.value == "stand" else "draw"
        session.decide(session.pending.seat, choice)
    return session, bank, bets, placed


def _bank_questions(lang: str, rng: random.Random) -> Iterator[Question]:
    made = 0
    while made < BANK_QUESTIONS:
        kind = BANK_CELLS[made % len(BANK_CELLS)]
        winner = {"bank:reserve": "banker", "bank:after-win": "banker", "bank:minimum": "banker",
                  "bank:bettor-wins": "bettors", "bank:push": "tie"}[kind]
        session, bank, bets, placed = _bank_session(rng, _BANK_COUPS[winner])
        if not bets:
            continue
        covered = sum(amount for _, amount in bets)
        players = session.players
        shown = ", ".join(f"{players[seat]} {amount}" for seat, amount in bets)
        opening = tr("{banker} puts up a bank of {bank} chips; the bets, in turn: {bets}.", lang,
                     banker=players[0], bank=bank, bets=shown)
        reserve = bank - covered
        if kind == "bank:reserve":
            prompt = tr("{opening} When the bets close, how many chips go to the banker's reserve?",
                        lang, opening=opening)
            answer = reserve
            why = tr("The bets cover {covered} of the {bank} offered: the {reserve} left uncovered "
                     "go to the reserve, the banker's own, out of play for this coup.", lang,
                     covered=covered, bank=bank, reserve=reserve)
        elif kind == "bank:after-win":
            prompt = tr("{opening} The banker wins the coup. How many chips are in the bank now?",
                        lang, opening=opening)
            answer = session.bank
            why = tr("The bank held the {covered} the bets covered and takes as much from the "
                     "bettors: {bank} chips, with no commission; the reserve stays apart.", lang,
                     covered=covered, bank=session.bank)
        elif kind == "bank:minimum":
            prompt = tr("{opening} The banker wins the coup. To go on, what is the smallest bank "
                        "the banker may put up?", lang, opening=opening)
            going_on = session.pending
            assert going_on is not None and going_on.minimum is not None  # the banker won: go on?
            answer = going_on.minimum
            why = tr("A banker who goes on after a win leaves the whole bank in play, {bank} "
                     "chips; he may add from his reserve or balance, never take out.", lang,
                     bank=answer)
        else:
            seat, amount = bets[rng.randrange(len(bets))]
            got = session.balances[seat] - placed[seat]
            if kind == "bank:bettor-wins":
                prompt = tr("{opening} The bettors win the coup. How many chips does {name}, who "
                            "staked {stake}, get back?", lang, opening=opening, name=players[seat],
                            stake=amount)
                why = tr("A bettor who wins gets the stake back and as much again: {got}. The "
                         "bank is empty, the banker's turn ends and the reserve goes back to him.",
                         lang, got=got)
            else:
                prompt = tr("{opening} The coup is a tie. How many chips does {name}, who staked "
                            "{stake}, get back?", lang, opening=opening, name=players[seat],
                            stake=amount)
                why = tr("On a tie nobody wins: each stake goes back to its bettor, {got} to "
                         "{name}, and the banker keeps the bank.", lang, got=got, name=players[seat])
            answer = got
        yield Question("cdf-bank", kind, prompt, "count", str(answer), why)
        made += 1


_ROADS = ("big_eye_boy", "small_road", "cockroach_pig")

_THE_ROAD = {"big_eye_boy": N_("the big eye boy"), "small_road": N_("the small road"),
             "cockroach_pig": N_("the cockroach pig")}
"""A derived road named in a sentence, with its article (Spanish: *la cucaracha*)."""

_BACK = {1: N_("the column before"), 2: N_("the second column before"),
         3: N_("the third column before")}
"""The column a derived road compares with, by its offset."""

_COLOURS = {"red": N_("red"), "blue": N_("blue")}
"""A derived road's marks, as a sentence names them."""


def _results_text(roads: Roads) -> str:
    return " ".join(coup.notation[0] for coup in roads.coups)


def _road_sequences(rng: random.Random) -> Iterator[Roads]:
    """Beginnings of shoes whose big road has no run longer than its six rows."""
    coups = seeded_coups(POOL_SEED, 8)
    while True:
        length = rng.randint(8, 16)
        dealt = [next(coups) for _ in range(length)]
        roads = Roads.from_coups(dealt)
        if roads.big_road.cells and max(roads.big_road.column_lengths()) <= 5:
            yield roads


def _road_questions(lang: str, rng: random.Random) -> Iterator[Question]:
    legend = tr("(P Punto, B Banco, E Empate)", lang)
    sequences = _road_sequences(rng)
    for _ in range(6):
        roads = next(sequences)
        lengths = roads.big_road.column_lengths()
        yield Question("roads", "roads:columns",
                       tr("The shoe's results so far: {results} {legend}. How many columns does "
                          "the big road have?", lang, results=_results_text(roads), legend=legend),
                       "count", str(len(lengths)),
                       ntr("A column holds a run of wins by one side and an Empate adds no "
                           "cell: the runs here are {runs} long, so {columns} column.",
                           "A column holds a run of wins by one side and an Empate adds no "
                           "cell: the runs here are {runs} long, so {columns} columns.",
                           len(lengths), lang, runs=", ".join(str(n) for n in lengths),
                           columns=len(lengths)))
    for offset, road in enumerate(_ROADS, start=1):
        for _ in range(ROAD_QUESTIONS):
            roads = next(sequences)
            after = roads.add("B")
            before_cells = getattr(roads, road).cells
            after_cells = getattr(after, road).cells
            lengths = after.big_road.column_lengths()
            column = len(lengths) - 1
            row = lengths[-1] - 1
            name = tr(_THE_ROAD[road], lang)
            if len(after_cells) == len(before_cells):
                answer = "none"
                why = tr("{road} starts only with the big road's cell in the second row of "
                         "column {first}, or the first cell of column {next} when that column has "
                         "one cell: the next Banco win is not that far yet.", lang, road=name,
                         first=offset + 1, next=offset + 2)
                why = why[:1].upper() + why[1:]
            else:
                answer = after_cells[-1].colour
                colour = tr(_COLOURS[answer], lang)
                back = tr(_BACK[offset], lang)
                if row == 0:
                    why = tr("A Banco win starts a new column, so {road} compares the column "
                             "just ended with {back}: their lengths are {a} and {b}, {same}, so "
                             "the mark is {colour}.", lang, road=name, back=back,
                             a=lengths[column - 1], b=lengths[column - 1 - offset],
                             same=ptr("road columns", "the same", lang) if answer == "red"
                             else ptr("road columns", "not the same", lang), colour=colour)
                else:
                    why = tr("A Banco win goes down to row {row} of its column, so {road} "
                             "looks at {back} its column: blue if that column is exactly {above} "
                             "long (it stops just above this row), red otherwise. It is {length} "
                             "long, so the mark is {colour}.", lang, road=name, row=row + 1,
                             back=back, above=row, length=lengths[column - offset], colour=colour)
            yield Question("roads", f"roads:{road}",
                           tr("The shoe's results so far: {results} {legend}. If Banco wins the "
                              "next coup, what mark does {road} add?", lang,
                              results=_results_text(roads), legend=legend, road=name),
                           "colour", answer, why)


_POOLS: dict[str, Callable[[str, random.Random], Iterator[Question]]] = {
    "card-values": _card_questions,
    "naturals": _natural_questions,
    "punto-rule": lambda lang, rng: _drill_questions("punto-banco", "punto-rule", "punto", lang, rng),
    "banco-table": lambda lang, rng: _drill_questions("punto-banco", "banco-table", "banco", lang, rng),
    "coup-call": _coup_questions,
    **{f"pay-{name}": functools.partial(_pay_questions, name) for name in PROFILE_NAMES},
    "cdf-bettor": lambda lang, rng: _drill_questions("chemin-de-fer", "cdf-bettor", "punto", lang, rng),
    "cdf-banker": lambda lang, rng: _drill_questions("chemin-de-fer", "cdf-banker", "banco", lang, rng),
    "cdf-coup-call": _cdf_coup_questions,
    "cdf-bank": _bank_questions,
    "cdf-procedures": _procedure_questions,
    "banque-banker": _banque_questions,
    "roads": _road_questions,
}


@functools.cache
def check_questions(lang: str | None = None, seed: int = POOL_SEED) -> tuple[Question, ...]:
    """Every skill's pool of questions, in the skills' order, in ``lang``.

    >>> pool = check_questions("en")
    >>> sorted({q.skill for q in pool}) == sorted(s.name for s in skills())
    True
    >>> first = pool[0]
    >>> first.prompt, first.answer
    ('What does A♥ count in baccarat?', '1')
    """
    lang = resolve_language(lang)
    rng = random.Random(f"practice path {seed}")
    return tuple(q for skill in skills() for q in _POOLS[skill.name](lang, rng))


# -- the page -------------------------------------------------------------------------------------

_PAGE_LABELS: dict[str, str] = {
    "kept": N_("Your progress is kept in this browser only, and nothing is sent anywhere. Save it "
               "to a file to carry it to another browser."),
    "skills": N_("Skills"),
    "mastery": N_("Mastery of {skill}"),
    "known": N_("{known} of {cells} known"),
    "unseen": N_("not practised yet"),
    "learn": N_("Learn it"),
    "practise": N_("Practise"),
    "practise.here": N_("Practise here"),
    "next": N_("Practise next: {skill}."),
    "next.none": N_("You know every skill. Take the final check to prove it."),
    "here.title": N_("Practise: {skill}"),
    "here.close": N_("Stop practising"),
    "question": N_("Question {n} of {questions}"),
    "answer": N_("Your answer"),
    "amount.box": N_("Your answer, a number"),
    "submit": N_("Check my answer"),
    "unread": N_("Type a number, e.g. {a}, {b} or {c}."),
    "right": N_("Right."),
    "wrong": N_("Not quite: the answer is {answer}."),
    "next.question": N_("Next question"),
    "final": N_("Final check"),
    "final.intro": N_("{questions} questions drawn from every skill, two of each. Each answer is "
                      "judged at once; the result is yours to print or save."),
    "final.start": N_("Start the final check"),
    "final.again": N_("Take the final check again"),
    "final.score": N_("Final check: {right} of {questions} right."),
    "final.date": N_("Taken on {date}."),
    "final.skill": N_("Skill"),
    "final.right": N_("Right"),
    "final.print": N_("Print the result"),
    "final.save": N_("Save the result"),
    "final.last": N_("Your last final check: {right} of {questions} right, on {date}."),
    "final.title": N_("Baccarat, rule by rule: final check"),
    "file": N_("Your progress in a file"),
    "export": N_("Save my progress"),
    "import": N_("Load progress from a file"),
    "imported": N_("Progress loaded from {file}, in place of what this browser kept; skills "
                   "practised: {skills}."),
    "saved": N_("Progress saved to {file}: load it in another browser with the button below."),
    "refused": N_("{file} is not a progress file of this course, so nothing was changed."),
    "too.big": N_("{file} is too large to be a progress file of this course, so nothing was "
                  "changed."),
    "noscript": N_("The practice path needs JavaScript."),
}


def _href(place: tuple[str, str] | None, base: str, query: str = "") -> str | None:
    if place is None:
        return None
    page, section = place
    return f"{base}{page}.html" + (f"?{query}" if query else "") + (f"#{section}" if section else "")


def _question_data(question: Question, skill_index: dict[str, int],
                   text: Callable[[str], int]) -> list[Any]:
    row = [skill_index[question.skill], question.key, text(question.prompt), question.kind,
           question.answer, text(question.why)]
    if question.options:
        row.append([[value, text(words)] for value, words in question.options])
    return row


def path_data(lang: str | None = None, *, base: str = "") -> dict[str, Any]:
    """Everything the practice path page needs, in ``lang``, as plain data.

    ``skills`` lists each skill in the course's order: ``name``, ``title``, ``summary``, the
    ``store`` and ``keys`` of its cells, ``learn`` and ``practise`` (links relative to the page,
    ``base`` before each page's name; ``practise`` is ``null`` for a skill practised on the
    path page) and ``here``, whether it is.  ``questions`` is the pool, each
    ``[skill, key, prompt, kind, answer, why]`` (``prompt`` and ``why`` index ``texts``;
    ``kind`` a key of ``choices``, or ``amount`` or ``count`` for a typed number).  ``final``
    says how many questions of each skill the final check draws.
    """
    lang = resolve_language(lang)
    labels = Labels(_PAGE_LABELS, lang)
    text = Texts()
    texts = text.texts

    listed = skills()
    skill_index = {skill.name: i for i, skill in enumerate(listed)}
    words = {key: labels[key] for key in _PAGE_LABELS}
    words["final.intro"] = labels.fill("final.intro", questions=final_size())
    words["unread"] = labels.fill("unread", a=171, b=0, c=-25)
    return {
        "version": 1,
        "lang": lang,
        "labels": words,
        "numbers": numbers_data(lang),
        "store_reset": store_reset_text(lang),
        "skills": [{"name": s.name, "title": s.title_text(lang), "summary": s.summary_text(lang),
                    "store": s.store, "keys": list(s.keys), "learn": _href(s.learn, base),
                    "practise": _href(s.practise, base, s.query), "here": s.practise is None}
                   for s in listed],
        "choices": {kind: [[value, tr(label, lang) if kind != "points" else label]
                           for value, label in options] for kind, options in CHOICES.items()},
        "final": {"counts": [final_count(s.name) for s in listed], "questions": final_size()},
        "texts": texts,
        "questions": [_question_data(q, skill_index, text) for q in check_questions(lang)],
    }


def path_html(lang: str | None = None, *, base: str = "") -> str:
    """The practice path as a page holds it: the practice node, its data, and a line for a page
    without JavaScript.

    >>> path_html("es").startswith("<div class='bt-practice bt-path' data-practice='path'")
    True
    """
    lang = resolve_language(lang)
    return practice_node(PATH_KIND, path_data(lang, base=base), lang,
                         waiting=Labels(_PAGE_LABELS, lang)["noscript"])
