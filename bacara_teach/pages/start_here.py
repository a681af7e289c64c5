"""The first chapter: the four tables of the site side by side, the figures its prose quotes,
and its self-check, in the page's language.

>>> span_text(2, 8, "en"), span_text(2, 8, "es")
('2 to 8', '2 a 8')
>>> odds_words(Fraction(19, 20), "es")
'0,95:1'
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from bacara_teach.i18n import resolve_language, term
from bacara_teach.money import to_decimal
from bacara_teach.pages.rules_punto_banco import amount_text
from bacara_teach.reference import html_table, profile_fact_rows, run_cli
from bacara_teach.text import ntr, ptr, tr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from bacara_teach.practice.drill import SelfCheck

__all__ = ["chemin_de_fer_pays", "facts", "four_tables_html", "odds_words", "self_check",
           "span_text"]


def odds_words(odds: Fraction | Decimal | int, lang: str | None = None) -> str:
    """Odds as a table shows them (``1:1``, ``0.95:1``), in the reader's conventions."""
    return f"{amount_text(to_decimal(Fraction(odds)), lang)}:1"


def span_text(low: object, high: object, lang: str | None = None) -> str:
    """A range of counts or amounts: "2 to 8" (amounts in the reader's conventions)."""
    def written(value: object) -> object:
        return amount_text(value, lang) if isinstance(value, Decimal) else value

    # The page's sentences put the range after a preposition of their own ("for 2 to 8
    # people"), so this range is written without one.
    return ptr("range after a preposition", "{low} to {high}", lang, low=written(low),
               high=written(high))


def _measured_pays() -> tuple[Fraction, Fraction]:
    """What each side of a Chemin de Fer coup wins per unit, measured on two stacked coups."""
    from bacara_teach import chemin_de_fer_session as cdf
    from bacara_teach.shoe import Shoe

    def session(cards: str) -> cdf.CheminDeFerSession:
        shoe = Shoe(Shoe.stacked(cards).remaining_cards()
                    + Shoe.standard(cdf.DECKS, seed=1).remaining_cards())
        game = cdf.CheminDeFerSession(["Ana", "Luis", "Eva"], seed=1, shoe=shoe, first_banker=0)
        game.open_bank(0, 20)
        game.decline_banco(2)
        game.decline_banco(1)
        game.bet(2, 6)
        game.bet(1, 6)
        return game

    # The bettor shows a natural 9 and wins.
    won = session("9♥ 2♠ K♣ 3♦")
    bettor = Fraction(won.balances[2] - cdf.STARTING_CHIPS, 6)
    # the worked Chemin de Fer coup: the banker wins with 8 against 4.
    banked = session("2♥ A♠ 3♣ 2♦ 9♥ 5♠")
    covered = banked.bank
    banked.decide(2, "draw")
    banked.decide(0, "draw")
    return bettor, Fraction(banked.bank - covered, covered)


def chemin_de_fer_pays(lang: str | None = None) -> str:
    """What each side of a Chemin de Fer coup is paid, measured by playing two coups."""
    bettor, bank = _measured_pays()
    return tr("bettors {bettor}; the bank wins the stakes {bank}, no commission", lang,
              bettor=odds_words(bettor, lang), bank=odds_words(bank, lang))


def four_tables_html(lang: str | None = None) -> str:
    """The tables of the course: every Punto Banco profile, and Chemin de Fer's home session."""
    from bacara_teach import chemin_de_fer_session as cdf
    from bacara_teach.shoe import Shoe
    from bacara_teach.tables import PROFILES

    lang = resolve_language(lang)
    rows: list[list[object]] = []
    for profile in PROFILES.values():
        fact = {key: value for key, _, value in profile_fact_rows(profile, lang)}
        rows.append([profile.title_text(lang), fact["decks"], fact["cards"], fact["shuffle"],
                     fact["payouts"], fact["commission"]])
    rows.append([tr("Chemin de Fer, home session", lang), str(cdf.DECKS),
                 str(Shoe.standard(cdf.DECKS).remaining),
                 tr("shuffled once, then dealt through, coup after coup", lang),
                 chemin_de_fer_pays(lang), tr("none", lang)])
    head = [tr("Table", lang), tr("Decks", lang), tr("Cards", lang), tr("Shuffle", lang),
            tr("Pays", lang), tr("Commission", lang)]
    return html_table(head, rows, css_class="bt-four-tables",
                      caption=tr("The tables of the course, read from the engine", lang))


def facts(lang: str | None = None) -> dict[str, str]:
    """The figures the descriptions of the four tables quote, by their glue names."""
    from bacara_teach import chemin_de_fer_session as cdf
    from bacara_teach.tables import PROFILES

    lang = resolve_language(lang)
    home, casino, online = (PROFILES[name] for name in ("home", "casino", "online"))
    assert home.fixed_stake is not None
    return {
        "home_stake": amount_text(home.fixed_stake, lang),
        "home_players": span_text(home.min_players, home.max_players, lang),
        "casino_empate": odds_words(casino.payout("empate"), lang),
        "home_empate": odds_words(home.payout("empate"), lang),
        "online_limits": span_text(online.min_bet, online.max_bet, lang),
        "cdf_players": span_text(cdf.MIN_PLAYERS, cdf.MAX_PLAYERS, lang),
    }


def self_check(lang: str | None = None) -> SelfCheck:
    """The chapter's three questions, answered and explained by the engine."""
    from bacara_teach.practice.drill import Check, SelfCheck
    from bacara_teach.punto_banco import Coup
    from bacara_teach.shoe import Shoe
    from bacara_teach.tableau import CHEMIN_DE_FER, PUNTO_BANCO
    from bacara_teach.tables import PROFILES

    lang = resolve_language(lang)
    online = PROFILES["online"]
    games = {"Punto Banco": PUNTO_BANCO, "Chemin de Fer": CHEMIN_DE_FER}
    (free_game,) = [name for name, table in games.items() if table.free_cells()]
    cards_online = Shoe.standard(online.decks).remaining
    dealt = run_cli(["deal", "--cards", "9♠ 2♠ K♦ 3♣"]).output
    return SelfCheck(
        Check("1", free_game, " ".join(
            ntr("{game}: {count} free cell in its table.",
                "{game}: {count} free cells in its table.", len(table.free_cells()), lang,
                game=name)
            for name, table in games.items()), choices=tuple(games)),
        Check("2", (online.decks, cards_online),
              tr("The online table deals from {decks} decks of 52: {cards} cards.", lang,
                 decks=online.decks, cards=cards_online)),
        Check("3", term(Coup.from_cards("9♠ 2♠ K♦ 3♣").winner.value, lang),
              " ".join(dealt.split()),
              choices=tuple(term(k, lang) for k in ("punto", "banco", "empate"))),
        lang=lang,
    )
