"""The tables and sentences of the chapter "Paying bets", read from the table profiles.

Every figure comes from a profile or from settling a bet on a dealt coup; this module only
writes them down in the reader's language, amounts included (``+4.75`` in English, ``+4,75``
in Spanish).  A profile option's value reads as the profile spells it in English
(``one-side``) and in words in another language (``un solo lado``).

>>> odds_text(Fraction(19, 20), "en"), odds_text(Fraction(19, 20), "es")
('0.95:1', '0,95 a 1')
>>> value_text(True, "en"), value_text("at-payment", "en")
('yes', 'at-payment')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from html import escape

from bacara_teach.errors import BacaraError
from bacara_teach.i18n import resolve_language
from bacara_teach.money import format_amount, format_signed, to_decimal
from bacara_teach.punto_banco import Coup
from bacara_teach.refusals import refusal_text
from bacara_teach.settlement import Bet, Result, SettlementRule, settle_bet
from bacara_teach.tables import BetKind, TableProfile
from bacara_teach.text import N_, localize_number, ntr, ptr, tr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from bacara_teach.practice.drill import SelfCheck

__all__ = [
    "CASINO_DIFFERENCES",
    "CommissionRow",
    "accepted",
    "amount",
    "bet_text",
    "commission_table",
    "coups_table",
    "either",
    "ledger_text",
    "nets_by_result",
    "odds_text",
    "options_table",
    "pair_lines",
    "pair_verdict",
    "pay_rule_lines",
    "price_list_table",
    "profiles_table",
    "rate_text",
    "refused",
    "sample_lines",
    "self_check",
    "signed",
    "state_note",
    "value_text",
]


def amount(value: Decimal | Fraction | int, lang: str | None = None) -> str:
    """An amount as the engine writes it (``4.75``), in the numbers of ``lang`` (``4,75``).

    >>> amount(Decimal("4.750"), "es")
    '4,75'
    """
    return localize_number(format_amount(value), resolve_language(lang))


def signed(value: Decimal | Fraction | int, lang: str | None = None) -> str:
    """An amount with its sign (``+19``, ``−20``; Spanish ``+4,75``).

    >>> signed(Decimal("-20"), "en"), signed(Decimal("-20"), "es") == "\\u221220"
    ('−20', True)
    """
    return localize_number(format_signed(value), resolve_language(lang))


def odds_text(odds: Fraction, lang: str | None = None) -> str:
    """Odds such as 19/20 written the way a table shows them: ``0.95:1`` (Spanish ``0,95 a 1``)."""
    code = resolve_language(lang)
    # Translators: a price, what a winning unit stake wins ("0.95:1").
    return tr("{odds}:1", code, odds=amount(to_decimal(odds), code))


def rate_text(rate: Fraction, lang: str | None = None) -> str:
    """A commission rate: ``5%`` (Spanish ``5 %``)."""
    return localize_number(f"{format_amount(to_decimal(rate * 100))}%", resolve_language(lang))


def _option_values(lang: str) -> dict[str, str]:
    # Translators: the values of a table profile's options, as the online table's rules name them.
    return {
        "one": ptr("profile option", "one", lang),
        "one-side": ptr("profile option", "one-side", lang),
        "both-sides": ptr("profile option", "both-sides", lang),
        "at-payment": ptr("profile option", "at-payment", lang),
        "accrued": ptr("profile option", "accrued", lang),
        "every-coup": ptr("profile option", "every-coup", lang),
        "never": ptr("profile option", "never", lang),
        "return": ptr("profile option", "return", lang),
        "keep": ptr("profile option", "keep", lang),
        "change": ptr("profile option", "change", lang),
        "yes": ptr("profile option", "yes", lang),
        "no": ptr("profile option", "no", lang),
    }


def value_text(value: object, lang: str | None = None) -> str:
    """An option's value in ``lang`` (English: the value itself, as profiles spell it)."""
    code = resolve_language(lang)
    text = ("yes" if value else "no") if isinstance(value, bool) else str(getattr(value, "value", value))
    return _option_values(code).get(text, localize_number(text, code) if text.isdigit() else text)


def either(texts: Sequence[str], lang: str | None = None) -> str:
    """``6 or 8``: the values a common casino uses, as alternatives.

    The joining word may depend on the word that follows it (Spanish writes ``u`` before a
    word that sounds like ``o``): that case has its own message, with its context.

    >>> either(["6", "8"], "en"), either(["15", "7"], "en")
    ('6 or 8', '15 or 7')
    """
    code = resolve_language(lang)
    out = texts[0]
    for text in texts[1:]:
        if text[:1] in ("8", "o", "O") or text[:2] in ("ho", "Ho"):
            out = ptr("before a word that sounds like o", "{first} or {second}", code,
                      first=out, second=text)
        else:
            out = tr("{first} or {second}", code, first=out, second=text)
    return out


def _stakes_text(profile: TableProfile, lang: str) -> str:
    if profile.fixed_stake is not None:
        return tr("fixed at {stake}", lang, stake=amount(profile.fixed_stake, lang))
    if profile.min_bet is None and profile.max_bet is None:
        return tr("no limits given", lang)
    none = ptr("limit", "none", lang)
    low = none if profile.min_bet is None else amount(profile.min_bet, lang)
    high = none if profile.max_bet is None else amount(profile.max_bet, lang)
    return tr("{low} to {high}", lang, low=low, high=high)


def _commission_text(profile: TableProfile, lang: str) -> str:
    if not profile.commission_rate:
        return ptr("commission", "none", lang)
    return tr("{rate} of a Banco win, {timing}", lang, rate=rate_text(profile.commission_rate, lang),
              timing=value_text(profile.commission, lang))


def _players_text(profile: TableProfile, lang: str) -> str:
    if profile.max_players is None:
        return tr("{low} or more", lang, low=profile.min_players)
    return tr("{low} to {high}", lang, low=profile.min_players, high=profile.max_players)


def _shoe_text(profile: TableProfile, lang: str) -> str:
    if profile.reshuffle == "every-coup":
        return tr("reshuffled every coup", lang)
    return tr("dealt through", lang)


_PROFILE_ROWS = (
    (N_("Decks"), lambda p, lang: localize_number(str(p.decks), lang)),
    (N_("Shoe"), _shoe_text),
    (N_("Commission"), _commission_text),
    (N_("Positions per coup"), lambda p, lang: value_text(p.positions, lang)),
    (N_("Punto/Banco bet on a tie"), lambda p, lang: value_text(p.tie, lang)),
    (N_("Stakes"), _stakes_text),
    (N_("Players"), _players_text),
)


def profiles_table(profiles: Iterable[TableProfile], lang: str | None = None) -> str:
    """The parts of the profiles that do not concern a bet's price, one column per profile."""
    code = resolve_language(lang)
    profiles = tuple(profiles)
    head = "".join(f"<th scope='col' data-profile='{p.name}'>{escape(p.label_text(code, capital=True))}</th>"
                   for p in profiles)
    body = "".join(
        f"<tr><th scope='row'>{escape(tr(label, code))}</th>"
        + "".join(f"<td>{escape(read(p, code))}</td>" for p in profiles) + "</tr>"
        for label, read in _PROFILE_ROWS
    )
    caption, rule = tr("The table profiles", code), tr("Rule", code)
    return (f"<table class='bt-table bt-profiles'><caption>{escape(caption)}"
            f"</caption><thead><tr><th scope='col'>{escape(rule)}</th>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def _sample_name(name: str, lang: str) -> str:
    names = {"Banco wins": ptr("sample coup", "Banco wins", lang),
             "Punto wins": ptr("sample coup", "Punto wins", lang),
             "tie": ptr("sample coup", "tie", lang),
             "pairs": ptr("sample coup", "pairs", lang),
             "Banco wins with 7": ptr("sample coup", "Banco wins with 7", lang),
             "Banco wins with 6": ptr("sample coup", "Banco wins with 6", lang),
             "Banco wins with a three-card 7": ptr("sample coup", "Banco wins with a three-card 7",
                                                   lang),
             "Punto wins with a three-card 8": ptr("sample coup", "Punto wins with a three-card 8",
                                                   lang)}
    return names.get(name, name)


def pay_rule_lines(profiles: Iterable[TableProfile], lang: str | None = None) -> list[str]:
    """Each table's pay rules, one line each, as the profile's data states them, after the
    table's name."""
    code = resolve_language(lang)
    return [f"{profile.label_text(code, capital=True)}: {rule.describe(code)}" for profile in profiles
            for rule in profile.pay_rules]


COUPS_HEAD = (N_("Coup"), N_("Cards"))


def coups_table(profile: TableProfile, stake: str, samples: Mapping[str, Coup],
                lang: str | None = None) -> str:
    """Every bet a table offers settled on each sample coup: one row per coup, one column per
    bet, each cell the net change on a stake of ``stake`` (with the rule's words when a pay
    rule of the table decided it)."""
    code = resolve_language(lang)
    head = "".join(f"<th scope='col'>{escape(tr(h, code))}</th>" for h in COUPS_HEAD)
    head += "".join(f"<th scope='col' data-bet='{kind.value}'>{escape(kind.label)} "
                    f"{escape(odds_text(profile.payout(kind), code))}</th>" for kind in profile.bets)
    rows = []
    for name, coup in samples.items():
        cells = []
        for kind in profile.bets:
            paid = settle_bet(coup, Bet.of(kind, stake), profile)
            text = signed(paid.net, code)
            if paid.rule in (SettlementRule.RULE_PAYS, SettlementRule.RULE_PUSHES):
                text += f" <small>({escape(odds_text(paid.odds, code)) if paid.odds else ptr('bet', 'push', code)})</small>"
            cells.append(f"<td data-net='{format_amount(paid.net)}'>{text}</td>")
        rows.append(f"<tr><th scope='row'>{escape(_sample_name(name, code))}</th>"
                    f"<td>{escape(' '.join(str(card) for card in coup.cards))}</td>{''.join(cells)}</tr>")
    caption = tr("{table}: net change on a stake of {stake}", code, table=profile.title_text(code),
                 stake=localize_number(stake, code))
    return (f"<table class='bt-table bt-coups' data-profile='{profile.name}' "
            f"data-stake='{stake}'><caption>{escape(caption)}</caption><thead><tr>{head}</tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table>")


def sample_lines(samples: Mapping[str, Coup], lang: str | None = None) -> list[str]:
    """One line per sample coup: its name, its cards, who won and which hands opened with a pair."""
    code = resolve_language(lang)
    lines = []
    for name, coup in samples.items():
        pairs = ", ".join(hand for hand, pair in (("Punto", coup.punto_pair), ("Banco", coup.banco_pair))
                          if pair)
        lines.append(tr("{name:>10}: {coup:40} winner {winner}, pairs: {pairs}", code,
                        name=_sample_name(name, code), coup=repr(coup), winner=coup.winner.value,
                        pairs=pairs or ptr("pairs", "none", code)))
    return lines


def nets_by_result(samples: Iterable[Coup], profile: TableProfile, kind: BetKind,
                   stake: str) -> dict[Result, Decimal]:
    """Settle one bet on every sample coup; the net change for each result that occurs."""
    out: dict[Result, Decimal] = {}
    for coup in samples:
        paid = settle_bet(coup, Bet.of(kind, stake), profile)
        out.setdefault(paid.result, paid.net)
    return out


PRICE_HEAD = (N_("Bet"), N_("Pays"), N_("Won"), N_("Lost"), N_("Push"))


def price_list_table(profile: TableProfile, stake: str, samples: Iterable[Coup],
                     lang: str | None = None) -> str:
    """A table's price list: what each bet pays, and the net change when it wins, loses or is pushed."""
    code = resolve_language(lang)
    coups = tuple(samples)
    rows = []
    for kind in profile.bets:
        nets = nets_by_result(coups, profile, kind, stake)
        cells = [escape(odds_text(profile.payout(kind), code))]
        for result in (Result.WON, Result.LOST, Result.PUSH):
            cells.append(signed(nets[result], code) if result in nets else ptr("result", "never", code))
        rows.append(f"<tr><th scope='row'>{escape(kind.label)}</th>"
                    + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    caption = tr("{table}: net change on a stake of {stake}", code, table=profile.title_text(code),
                 stake=localize_number(stake, code))
    head = "".join(f"<th scope='col'>{escape(tr(h, code))}</th>" for h in PRICE_HEAD)
    return (f"<table class='bt-table bt-payouts' data-profile='{profile.name}' data-stake='{stake}'>"
            f"<caption>{escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


def accepted(count: int = 1, lang: str | None = None) -> str:
    """What the page prints for a layout the table takes (``count`` bets)."""
    return ntr("accepted", "accepted", count, resolve_language(lang))


def refused(error: BacaraError, lang: str | None = None) -> str:
    """A refusal as the page shows it: the engine's message, in the page's language."""
    code = resolve_language(lang)
    return tr("refused: {reason}", code, reason=refusal_text(error, code))


COMMISSION_HEAD = (N_("Coup"), N_("Winner"), N_("Net (at payment)"), N_("Balance"), N_("Net (accrued)"),
                   N_("Owed"), N_("Balance"))


CommissionRow = tuple[int, str, Decimal, Decimal, Decimal, Decimal, Decimal]
"""One coup of the commission example: number, winner, net and balance at payment, net, owed
commission and balance when the commission is accrued."""


def commission_table(rows: Iterable[CommissionRow], stake: int, lang: str | None = None) -> str:
    """The coups of the two players of the commission example, one row per coup."""
    code = resolve_language(lang)
    body = "".join(
        "<tr>" + "".join(f"<td>{c}</td>" for c in (
            str(number), escape(winner), signed(net_now, code), amount(balance_now, code),
            signed(net_later, code), amount(owed, code), amount(balance_later, code)))
        + "</tr>" for number, winner, net_now, balance_now, net_later, owed, balance_later in rows)
    caption = tr("Banco {stake} every coup, same shoe", code, stake=stake)
    head = "".join(f"<th scope='col'>{escape(tr(h, code))}</th>" for h in COMMISSION_HEAD)
    return (f"<table class='bt-table bt-commission'><caption>{escape(caption)}</caption><thead><tr>"
            f"{head}</tr></thead><tbody>{body}</tbody></table>")


def pair_lines(coups: Iterable[Coup], readings: Iterable[tuple[TableProfile, str]], bet: Bet,
               lang: str | None = None) -> list[str]:
    """How a pair bet is settled on each coup under each reading of "pair"."""
    code = resolve_language(lang)
    names = {"same rank": tr("same rank", code), "same value": tr("same value", code)}
    readings = tuple(readings)
    lines = []
    for coup in coups:
        for profile, reading in readings:
            paid = settle_bet(coup, bet, profile)
            lines.append(tr("Punto {first} {second}, read as {reading:>10}: {result}", code,
                            first=str(coup.punto[0]), second=str(coup.punto[1]),
                            reading=names.get(reading, reading), result=paid.describe(code)))
    return lines


def pair_verdict(player_ahead: bool, lang: str | None = None) -> str:
    """Who would have the advantage on a pair bet read by point value."""
    code = resolve_language(lang)
    if player_ahead:
        return tr("the player, not the house, would have the advantage", code)
    return tr("the house would still keep an advantage", code)


def bet_text(on: str, stake: str, lang: str | None = None) -> str:
    """A bet as the page lists it: ``empate 0.5`` (Spanish ``empate 0,5``)."""
    return f"{on} {localize_number(stake, resolve_language(lang))}"


def state_note(unchanged: bool, lang: str | None = None) -> str:
    """The note after a refused bet: whether the table's whole state is the same as before."""
    code = resolve_language(lang)
    return tr("  [state unchanged: {unchanged}]", code,
              unchanged=ptr("state unchanged", "True", code) if unchanged
              else ptr("state unchanged", "False", code))


def ledger_text(balance: Decimal, bets: Iterable[Bet], available: Decimal, lang: str | None = None) -> str:
    """The online table's ledger after the attempts: balance, bets on the table, what is left."""
    code = resolve_language(lang)
    return tr("{balance}, with {bets} on the table and {available} still available", code,
              balance=amount(balance, code),
              bets=", ".join(f"{bet.on.value} {amount(bet.stake, code)}" for bet in bets),
              available=amount(available, code))


CASINO_DIFFERENCES = {
    "positions": N_("Punto and Banco may be bet at once"),
    "decks": N_("shoes of different sizes"),
    "commission": N_("commission collected at the end of the shoe or on leaving"),
    "reshuffle": N_("a shoe dealt through to its end"),
    "max_players": N_("bigger tables, and smaller mini tables"),
    "face_down": N_("cards dealt face down, the player turns them"),
    "tie": N_("after a tie the bet may be changed or left for the next coup"),
}
"""What common casinos allow, by the profile option that records it."""

OPTIONS_HEAD = (N_("Common casinos allow"), N_("Option"), N_("Online table"), N_("Common casinos"))


def options_table(rows: Iterable[tuple[str, object, Sequence[object]]], lang: str | None = None) -> str:
    """The online table's rules beside common casinos': ``(option, online value, casino values)``."""
    code = resolve_language(lang)
    head = "".join(f"<th scope='col'>{escape(tr(h, code))}</th>" for h in OPTIONS_HEAD)
    body = "".join(
        f"<tr><td>{escape(tr(CASINO_DIFFERENCES[option], code))}</td>"
        f"<th scope='row'><code>{option}</code></th><td>{escape(value_text(online, code))}</td>"
        f"<td>{escape(either([value_text(v, code) for v in values], code))}</td></tr>"
        for option, online, values in rows)
    caption = tr("The online table's rules and common casinos", code)
    return (f"<table class='bt-table bt-options'><caption>{escape(caption)}</caption><thead><tr>"
            f"{head}</tr></thead><tbody>{body}</tbody></table>")


_READINGS = {"same-rank": N_("The casino table reads a pair as two cards of the same rank."),
             "same-value": N_("The casino table reads a pair as two cards of the same point value.")}
_MOVES = (N_("It goes up"), N_("It stays the same"), N_("It goes down"))


def self_check(banco_wins: Coup, tie: Coup, *, stake: str = "20", balance: str = "30",
               over: str = "40", lang: str | None = None) -> SelfCheck:
    """The chapter's four questions, answered by the tables themselves: a Banco win at the
    online table, Pareja Banco at the casino table with K♦ K♣ and with K♦ Q♣, a tie at the
    home session, and a stake of ``over`` with ``balance`` left at the online table."""
    from bacara_teach.online_table import OnlineTable
    from bacara_teach.practice.drill import Check, SelfCheck
    from bacara_teach.tables import get_profile

    code = resolve_language(lang)
    home, casino, online = (get_profile(name) for name in ("home", "casino", "online"))

    def net(paid: Decimal) -> int:
        assert paid == int(paid), paid  # the questions' stakes give whole amounts
        return int(paid)

    won = settle_bet(banco_wins, Bet.parse(f"banco={stake}"), online)
    pairs = []
    for cards in ("9♠ K♦ K♥ K♣", "9♠ K♦ K♥ Q♣"):
        coup = Coup.from_cards(cards)
        pairs.append((coup, settle_bet(coup, Bet.parse("pareja-banco=5"), casino)))
    reading = tr(_READINGS[casino.pair_reading.value], code)
    pushed = settle_bet(tie, Bet.parse(f"banco={stake}"), home)
    moves = tuple(tr(move, code) for move in _MOVES)
    move = moves[0 if pushed.net > 0 else 1 if pushed.net == 0 else 2]
    table = OnlineTable(balance=balance, seed=1)
    try:
        table.verify_place("punto", over)
    except BacaraError as error:
        allowed, why = False, refused(error, code)
    else:
        allowed, why = True, accepted(1, code)
    return SelfCheck(
        Check("1", (net(won.net),), won.describe(code)),
        *(Check("2", (net(paid.net),), f"{reading} {paid.describe(code)}",
                prompt=tr("Banco {first} {second}: your net change", code,
                          first=str(coup.banco[0]), second=str(coup.banco[1])))
          for coup, paid in pairs),
        Check("3", move, pushed.describe(code), choices=moves),
        Check.yes_no("4", allowed, why, lang=code),
        lang=code,
    )
