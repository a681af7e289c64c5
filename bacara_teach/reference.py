"""Reference material computed from the engine: the tables the course and reference pages show.

Nothing here states a rule.  Each function reads what the engine already
holds (ranks and their points, hand totals, table profiles, the command
line's parser) and lays it out as rows, short phrases or HTML, so that a
page built from it shows exactly what the engine plays by.

>>> rank_rows()[:2]
[('A', 'A', 1), ('2', '2', 2)]
>>> two_card_totals()[7][8]
5
>>> odds_text(Fraction(19, 20)), odds_text(Fraction(8))
('0.95:1', '8:1')
>>> run_cli(["deal", "--cards", "9♠ 2♠ K♦ 3♣"]).output.splitlines()[-1]
'Punto wins, 9 to 5.'
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shlex
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from html import escape

from bacara_teach.cards import Card, Rank, Suit, hand_total
from bacara_teach.i18n import resolve_language
from bacara_teach.money import format_amount, to_decimal
from bacara_teach.tableau import is_natural
from bacara_teach.tables import CommissionTiming, PairReading, Positions, TableProfile, TiePolicy
from bacara_teach.text import N_, localize_number, ptr, tr

__all__ = [
    "HELP_WIDTH",
    "PROFILE_FACT_LABELS",
    "CliRun",
    "Command",
    "HtmlCell",
    "cli_commands",
    "command_help",
    "html_table",
    "odds_text",
    "profile_fact_rows",
    "profile_facts",
    "profiles_html",
    "rank_rows",
    "run_cli",
    "two_card_totals",
    "two_card_totals_html",
]

HELP_WIDTH = 80
"""The terminal width the reference pages format ``--help`` texts for."""
CARDS_PER_DECK = len(Rank) * len(Suit)

# -- cards and totals ---------------------------------------------------------------------------


def rank_rows() -> list[tuple[str, str, int]]:
    """Every rank as ``(symbol, ASCII form, point value)``, in the order A, 2 ... K.

    >>> [row for row in rank_rows() if row[2] == 0]
    [('10', 'T', 0), ('J', 'J', 0), ('Q', 'Q', 0), ('K', 'K', 0)]
    """
    return [(rank.symbol, Card(rank, Suit.SPADES).ascii[:-1], rank.points) for rank in Rank]


def two_card_totals() -> tuple[tuple[int, ...], ...]:
    """The total of every two-card hand: ``grid[a][b]`` for point values ``a`` and ``b`` (0-9).

    >>> grid = two_card_totals()
    >>> grid[9][7], grid[0][9], grid[5][5]
    (6, 9, 0)
    """
    return tuple(tuple(hand_total([a, b]) for b in range(10)) for a in range(10))


# -- HTML -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HtmlCell:
    """One table cell with optional CSS classes (e.g. to mark a natural)."""

    text: str
    css_class: str = ""


def _cell(tag: str, value: object, scope: str | None = None) -> str:
    cell = value if isinstance(value, HtmlCell) else HtmlCell(str(value))
    attrs = f" scope='{scope}'" if scope else ""
    if cell.css_class:
        attrs += f" class='{escape(cell.css_class, quote=True)}'"
    return f"<{tag}{attrs}>{escape(cell.text)}</{tag}>"


def html_table(head: Sequence[object], rows: Sequence[Sequence[object]], *, css_class: str,
               caption: str | None = None, row_headers: bool = True) -> str:
    """An accessible HTML table: a header row, then rows whose first cell heads the row.

    Cells are plain values (written with ``str``) or :class:`HtmlCell`; text is escaped.  The
    table has the class ``bt-table`` (the site's style for these tables) and ``css_class``.

    >>> html_table(["a", "b"], [[1, HtmlCell("<2>", "x")]], css_class="t")
    "<table class='bt-table t'><thead><tr><th scope='col'>a</th><th scope='col'>b</th></tr></thead><tbody><tr><th scope='row'>1</th><td class='x'>&lt;2&gt;</td></tr></tbody></table>"
    """
    title = f"<caption>{escape(caption)}</caption>" if caption else ""
    header = "".join(_cell("th", value, "col") for value in head)
    body = []
    for row in rows:
        cells = [
            _cell("th", value, "row") if row_headers and i == 0 else _cell("td", value)
            for i, value in enumerate(row)
        ]
        body.append(f"<tr>{''.join(cells)}</tr>")
    classes = escape(f"bt-table {css_class}", quote=True)
    return (f"<table class='{classes}'>{title}<thead><tr>{header}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>")


def two_card_totals_html(lang: str | None = None) -> str:
    """The two-card totals as an HTML table; naturals carry the class ``bt-natural``.

    >>> html = two_card_totals_html("es")
    >>> "<caption>Totales de dos cartas:" in html, html.count("bt-natural")
    (True, 20)
    """
    rows = [
        [a, *(HtmlCell(str(t), "bt-natural" if is_natural(t) else "") for t in row)]
        for a, row in enumerate(two_card_totals())
    ]
    caption = tr("Two-card totals: first card's points (row) + second card's (column)", lang)
    return html_table(["+", *range(10)], rows, css_class="bt-two-card", caption=caption)


# -- table profiles -------------------------------------------------------------------------------


def odds_text(odds: Fraction, lang: str | None = None) -> str:
    """Odds written as a table shows them: ``1:1``, ``0.95:1``, ``8:1``; in Spanish, as a
    payout is said, ``0,95 a 1`` (``lang=None``: the default language).

    >>> odds_text(Fraction(11)), odds_text(Fraction(19, 20), "es")
    ('11:1', '0,95 a 1')
    """
    lang = resolve_language(lang)
    return tr("{odds}:1", lang, odds=localize_number(format_amount(to_decimal(odds)), lang))


def _percent(rate: Fraction, lang: str) -> str:
    return localize_number(f"{format_amount(to_decimal(rate * 100))}%", lang)


_RESHUFFLE = {
    "every-coup": N_("every card goes back and the shoe is shuffled before each coup"),
    "never": N_("dealt through, coup after coup, without reshuffling"),
}
_POSITIONS = {
    Positions.ONE: N_("one bet per coup"),
    Positions.ONE_SIDE: N_("Punto or Banco, never both; Empate and pairs may be added"),
    Positions.BOTH_SIDES: N_("any bets together, Punto and Banco too"),
}
_SIDE_BETS_NEED_A_SIDE = {
    Positions.ONE_SIDE: N_("Punto or Banco first, never both; Empate and pairs may be added, not "
                           "bet alone"),
}
_TIE = {
    TiePolicy.RETURN: N_("Punto and Banco bets come back (net 0)"),
    TiePolicy.KEEP: N_("Punto and Banco bets stay on for the next coup (net 0)"),
    TiePolicy.CHANGE: N_("Punto and Banco bets stay on and may be changed (net 0)"),
}
_PAIRS = {
    PairReading.SAME_RANK: N_("first two cards of the same rank (K-K yes, K-Q no)"),
    PairReading.SAME_VALUE: N_("first two cards of the same point value (K-Q counts)"),
}
_COMMISSION_WHEN = {
    CommissionTiming.AT_PAYMENT: N_("deducted when the win is paid"),
    CommissionTiming.ACCRUED: N_("owed, collected at the end of the shoe or on leaving"),
}

PROFILE_FACT_LABELS: dict[str, str] = {
    "profile": N_("Profile name (--profile)"),
    "decks": N_("Decks"),
    "cards": N_("Cards in the shoe"),
    "shuffle": N_("Shuffle"),
    "payouts": N_("Bets and payouts"),
    "commission": N_("Commission"),
    "pay_rules": N_("Exceptions to a win's payout"),
    "positions": N_("Bets per coup"),
    "tie": N_("After a tie"),
    "stakes": N_("Stakes"),
    "players": N_("Players"),
    "dealt": N_("Cards dealt"),
    "pair": N_("A pair is"),
}
"""The label of each fact :func:`profile_facts` lists, by key, as an English message (render
it with :func:`~bacara_teach.text.tr` in a language; :func:`profile_fact_rows` does)."""


def _positions(profile: TableProfile, lang: str) -> str:
    """What may be bet together in one coup, with the casino's rule that a side bet needs J or B."""
    if not profile.side_bets_alone and profile.positions in _SIDE_BETS_NEED_A_SIDE:
        return tr(_SIDE_BETS_NEED_A_SIDE[profile.positions], lang)
    return tr(_POSITIONS[profile.positions], lang)


def _stakes(profile: TableProfile, lang: str) -> str:
    if profile.fixed_stake is not None:
        return tr("fixed at {stake}", lang, stake=_amount(profile.fixed_stake, lang))
    low, high = profile.min_bet, profile.max_bet
    if low is not None and high is not None:
        return tr("{low} to {high} per bet", lang, low=_amount(low, lang), high=_amount(high, lang))
    if low is not None:
        return tr("at least {low} per bet", lang, low=_amount(low, lang))
    if high is not None:
        return tr("at most {high} per bet", lang, high=_amount(high, lang))
    return tr("no limits given", lang)


def _amount(value: Decimal | Fraction | int, lang: str) -> str:
    return localize_number(format_amount(value), lang)


def _players(profile: TableProfile, lang: str) -> str:
    if profile.max_players is None:
        return tr("{low} or more (no maximum given)", lang, low=profile.min_players)
    if profile.max_players == profile.min_players:
        return str(profile.min_players)
    return tr("{low} to {high}", lang, low=profile.min_players, high=profile.max_players)


def _commission(profile: TableProfile, lang: str) -> str:
    if profile.commission_rate == 0:
        payout = profile.payout("banco")
        if payout < 1:
            # the house's share is already in the price: no separate step after the coup
            return tr("no separate commission: a Banco win pays {odds}", lang,
                      odds=odds_text(payout, lang))
        return ptr("commission", "none", lang)
    return tr("{rate} of Banco wins, {when}", lang, rate=_percent(profile.commission_rate, lang),
              when=tr(_COMMISSION_WHEN[profile.commission], lang))


def profile_fact_rows(profile: TableProfile, lang: str | None = None) -> list[tuple[str, str, str]]:
    """A table profile's rules as ``(key, label, value)``, read from its fields.

    The key (``decks``, ``cards``, ``shuffle``... see :data:`PROFILE_FACT_LABELS`) is the
    same in every language, so a page can pick a fact whatever language it is built in.

    >>> from bacara_teach.tables import get_profile
    >>> rows = {key: value for key, _, value in profile_fact_rows(get_profile("home"), "es")}
    >>> rows["cards"], rows["stakes"]
    ('416', 'fija en 20')
    """
    lang = resolve_language(lang)
    face = tr("face down", lang) if profile.face_down else tr("face up", lang)
    facts = [
        ("profile", profile.name),
        ("decks", str(profile.decks)),
        ("cards", str(profile.decks * CARDS_PER_DECK)),
        ("shuffle", tr(_RESHUFFLE[profile.reshuffle], lang)),
        ("payouts",
         ", ".join(f"{kind.label} {odds_text(odds, lang)}" for kind, odds in profile.payouts)),
        ("commission", _commission(profile, lang)),
        ("pay_rules", "; ".join(rule.describe(lang) for rule in profile.pay_rules)
         or ptr("pay rules", "none", lang)),
        ("positions", _positions(profile, lang)),
        ("tie", tr(_TIE[profile.tie], lang)),
        ("stakes", _stakes(profile, lang)),
        ("players", _players(profile, lang)),
        ("dealt", face),
    ]
    if any(not kind.is_side and kind.value.startswith("pareja") for kind in profile.bets):
        facts.append(("pair", tr(_PAIRS[profile.pair_reading], lang)))
    return [(key, tr(PROFILE_FACT_LABELS[key], lang), value) for key, value in facts]


def profiles_html(profiles: Iterable[TableProfile] | None = None, lang: str | None = None) -> str:
    """The table profiles side by side, one column each: every registered profile by default.

    This is the table the rules reference shows; a profile added to the registry
    (:func:`bacara_teach.tables.register_profile`) gets its column with nothing else to change.

    >>> from bacara_teach.tables import PROFILES
    >>> html = profiles_html(lang="en")
    >>> html.count("data-profile=") == len(PROFILES), "Cards in the shoe" in html
    (True, True)
    >>> "a push (stake returned) when Banco wins with a three-card 7" in html
    True
    """
    from bacara_teach.tables import PROFILES

    lang = resolve_language(lang)
    chosen = list(PROFILES.values() if profiles is None else profiles)
    facts = {profile.name: profile_fact_rows(profile, lang) for profile in chosen}
    labels = {key: label for rows in facts.values() for key, label, _ in rows}
    values = {name: {key: value for key, _, value in rows} for name, rows in facts.items()}
    no_pairs = tr("no pair bets", lang)
    head = "".join(f"<th scope='col' data-profile='{escape(p.name, quote=True)}'>"
                   f"{escape(p.title_text(lang))}</th>" for p in chosen)
    body = "".join(
        f"<tr><th scope='row'>{escape(label)}</th>"
        + "".join(f"<td>{escape(values[p.name].get(key, no_pairs))}</td>" for p in chosen)
        + "</tr>"
        for key, label in labels.items()
    )
    caption = tr("The Punto Banco tables, read from their profiles", lang)
    return (f"<table class='bt-table bt-profiles'><caption>{escape(caption)}</caption>"
            f"<thead><tr><th scope='col'></th>{head}</tr></thead><tbody>{body}</tbody></table>")


def profile_facts(profile: TableProfile, lang: str | None = None) -> list[tuple[str, str]]:
    """A table profile's rules as ``(label, value)`` pairs, read from its fields.

    ``lang`` is ``"en"``, ``"es"`` or ``None`` (the default language); the labels and the
    words of the values follow it (see :func:`profile_fact_rows` for keys that do not).

    >>> from bacara_teach.tables import get_profile
    >>> dict(profile_facts(get_profile("online"), "en"))["Bets and payouts"]
    'Punto 1:1, Banco 1:1, Empate 8:1'
    >>> dict(profile_facts(get_profile("home"), "en"))["Cards in the shoe"]
    '416'
    >>> dict(profile_facts(get_profile("online"), "es"))["Comisión"] == (
    ...     "5\u00a0% de las ganancias de Banco; se descuenta al pagar la ganancia")
    True
    >>> dict(profile_facts(get_profile("home"), "es"))["Apuestas y pagos"]
    'Punto 1 a 1, Banco 0,95 a 1, Empate 8 a 1'
    """
    return [(label, value) for _, label, value in profile_fact_rows(profile, lang)]


# -- the command line -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Command:
    """One command of the CLI: its words after ``bacara-teach``, its one-line help, its parser."""

    name: str
    help: str
    parser: argparse.ArgumentParser
    group: bool
    """True when the command only groups sub-commands (``chemin-de-fer``, ``assignment``)."""


_SubParsers = argparse._SubParsersAction  # noqa: SLF001 - argparse's only handle on sub-commands


def _subcommands(parser: argparse.ArgumentParser) -> _SubParsers[argparse.ArgumentParser] | None:
    for action in parser._actions:  # noqa: SLF001 - argparse keeps its sub-parsers only here
        if isinstance(action, _SubParsers):
            return action
    return None


def cli_commands(parser: argparse.ArgumentParser, prefix: str = "") -> list[Command]:
    """Every command of ``parser``, sub-commands after their group, in ``--help`` order.

    >>> from bacara_teach.cli import build_parser
    >>> [c.name for c in cli_commands(build_parser())][:3]
    ['deal', 'tableau', 'settle']
    """
    action = _subcommands(parser)
    if action is None:
        return []
    helps = {choice.dest: choice.help or "" for choice in action._choices_actions}  # noqa: SLF001
    found: list[Command] = []
    for name, sub in action.choices.items():
        full = f"{prefix} {name}".strip()
        children = cli_commands(sub, full)
        found.append(Command(full, helps.get(name, ""), sub, group=bool(children)))
        found.extend(children)
    return found


@contextlib.contextmanager
def _help_width(width: int) -> Iterator[None]:
    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


def command_help(parser: argparse.ArgumentParser, width: int = HELP_WIDTH) -> str:
    """The ``--help`` text of a parser, formatted for a terminal ``width`` columns wide."""
    with _help_width(width):
        return parser.format_help()


@dataclass(frozen=True, slots=True)
class CliRun:
    """What one run of the CLI printed, and its exit status."""

    argv: tuple[str, ...]
    stdin: str
    status: int
    output: str
    errors: str

    @property
    def command_line(self) -> str:
        """The command as typed in a shell, its input piped in with ``printf`` when it reads some.

        >>> CliRun(("deal", "--cards", "9♠ 2♠ K♦ 3♣"), "", 0, "", "").command_line
        "bacara-teach deal --cards '9♠ 2♠ K♦ 3♣'"
        >>> CliRun(("play", "--seed", "3"), "balance\\nquit\\n", 0, "", "").command_line
        "printf 'balance\\\\nquit\\\\n' | bacara-teach play --seed 3"
        """
        command = shlex.join(["bacara-teach", *self.argv])
        if not self.stdin:
            return command
        typed = self.stdin.replace("\\", "\\\\").replace("\n", "\\n")
        return f"printf {shlex.quote(typed)} | {command}"


def run_cli(argv: Sequence[str], *, stdin: str = "", width: int = HELP_WIDTH) -> CliRun:
    """Run ``bacara-teach ARGV`` in this process and capture what it prints.

    ``stdin`` is what the command reads (the interactive commands read their
    commands from it when it is not a terminal).  Exits by argparse (``--help``,
    a usage error) are caught and give their status.

    >>> run = run_cli(["deal", "--cards", "4♥ 1♠"])
    >>> run.status, run.errors.strip()
    (2, "bacara-teach: error: invalid card '1♠' (card 2 of '4♥ 1♠'): expected a rank (A, 2-10, T, J, Q, K) followed by a suit (♠ ♥ ♦ ♣ or s h d c), e.g. '4♥', '10♦', 'Td', 'ks'")
    """
    from bacara_teach.cli import main  # the CLI imports every command module: only when asked

    output, errors = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with _help_width(width), contextlib.redirect_stdout(output), \
                contextlib.redirect_stderr(errors):
            try:
                status = main(list(argv))
            except SystemExit as done:
                status = done.code if isinstance(done.code, int) else 1
    finally:
        sys.stdin = saved_stdin
    return CliRun(tuple(argv), stdin, status, output.getvalue(), errors.getvalue())
