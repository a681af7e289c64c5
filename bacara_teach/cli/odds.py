"""``bacara-teach odds`` and ``bacara-teach cdf-analysis``: exact odds, edges and game solutions."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from fractions import Fraction
from typing import Any

from bacara_teach.analysis.chemin_de_fer import (
    INFINITE_DECK,
    BankerPoint,
    BettorPoint,
    chemin_de_fer_report,
    shoe_model,
)
from bacara_teach.analysis.composition import Composition
from bacara_teach.analysis.edges import BetAnalysis, edges_for_profile
from bacara_teach.analysis.punto_banco import count_deals
from bacara_teach.analysis.simulation import simulate_coups
from bacara_teach.cards import Card, parse_cards
from bacara_teach.cli.coup import decks_arg
from bacara_teach.cli.messages import add_lang_argument, current_language, refusal
from bacara_teach.errors import BacaraError, IllegalAction
from bacara_teach.progress import TerminalProgress
from bacara_teach.shoe import MAX_DECKS, MIN_DECKS
from bacara_teach.tables import PROFILES, get_profile
from bacara_teach.text import N_, format_number, localize_number, message, nmessage, ptr, tr


def _deck_words(decks: int, lang: str) -> str:
    """``1 deck``, ``8 decks`` (``1 baraja``, ``8 barajas``)."""
    return nmessage("{count} deck", "{count} decks", decks).render(lang)


def _suited_excess(removed: str, decks: int) -> tuple[Card, int] | None:
    """The first card named with its suit more often than ``decks`` decks hold it, and how often.

    A shoe of ``decks`` decks holds each suited card ``decks`` times; a rank alone (``5``)
    counts against the rank's total instead, which :meth:`Composition.without` checks.
    """
    named: Counter[Card] = Counter()
    for token in re.split(r"[\s,]+", removed.strip()):
        if not token:
            continue
        try:
            cards = parse_cards(token)
        except BacaraError:
            continue
        named.update(cards)
    for card, count in named.items():
        if count > decks:
            return card, count
    return None



def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(tr("invalid number {text!r}: expected a whole number >= 1",
                                            current_language(), text=text))
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lang = current_language()
    odds = sub.add_parser(
        "odds",
        help=tr("exact Punto Banco probabilities and house edges for a shoe", lang),
        description=tr("Exact probabilities of Banco, Punto and Empate and the house edge of "
                       "every bet of a table profile, for a full shoe or one with cards "
                       "removed.", lang),
    )
    odds.add_argument("--decks", type=decks_arg, default=None,
                      help=tr("decks in the shoe ({low}-{high}; default: the profile's)", lang,
                              low=MIN_DECKS, high=MAX_DECKS))
    odds.add_argument("--profile", choices=tuple(PROFILES), default="home",
                      help=tr("table profile whose bets and payouts to price: {profiles} "
                              "(default {default})", lang, profiles=", ".join(PROFILES),
                              default="home"))
    odds.add_argument("--remove", default="",
                      help=tr('cards gone from the shoe: ranks or cards, e.g. "{ranks}" or '
                              '"{cards}"', lang, ranks="5 5 5 5", cards="5h K♠ 10"))
    odds.add_argument("--exact", action="store_true",
                      help=tr('print fractions as "n/d" strings', lang))
    odds.add_argument("--json", action="store_true", help=tr("print one JSON object", lang))
    odds.add_argument("--simulate", type=_positive, metavar=tr("COUPS", lang), default=None,
                      help=tr("also deal this many seeded coups and compare (full shoe only)",
                              lang))
    odds.add_argument("--seed", type=int, default=0,
                      help=tr("seed of the simulation (default {default})", lang, default=0))
    add_lang_argument(odds)
    odds.set_defaults(run=run_odds)

    cdf = sub.add_parser(
        "cdf-analysis",
        help=tr("Chemin de Fer: the game of the free cells, solved exactly", lang),
        description=tr(
            "Values, optimal strategies and payoff matrices of the Chemin de Fer free cells: "
            "the home session's rules on a real shoe (several bettors, a single bettor, "
            "choices by cards), and the classic model (banker free everywhere, infinite deck). "
            "Only the game with choices by cards needs a linear program (scipy, the 'analysis' "
            "extra); without scipy that game reports an error and what to install, the others "
            "still print, and the exit status is 2.", lang),
    )
    cdf.add_argument("--decks", type=decks_arg, default=6,
                     help=tr("decks in the shoe (default {default})", lang, default=6))
    cdf.add_argument("--exact", action="store_true",
                     help=tr('print fractions as "n/d" strings', lang))
    cdf.add_argument("--json", action="store_true", help=tr("print one JSON object", lang))
    add_lang_argument(cdf)
    cdf.set_defaults(run=run_cdf)


def _show(x: Fraction, exact: bool) -> float | str:
    return f"{x.numerator}/{x.denominator}" if exact else float(x)


def _net(value: Fraction, lang: str) -> str:
    """A net result per unit staked, signed, exact: ``+1``, ``+1/2``, ``0``, ``−1``.

    >>> _net(Fraction(1, 2), "en"), _net(Fraction(-1), "en"), _net(Fraction(0), "en")
    ('+1/2', '−1', '0')
    """
    sign = "+" if value > 0 else ("-" if value < 0 else "")
    return localize_number(sign + str(abs(value)), lang)


def _profile_edges(profile: str, composition: Composition) -> dict[str, BetAnalysis]:
    return edges_for_profile(profile, composition)


def run_odds(args: argparse.Namespace) -> int:
    lang = args.lang
    decks = args.decks if args.decks is not None else get_profile(args.profile).decks
    full = Composition.standard(decks)
    removed = args.remove.strip()
    try:
        composition = full.without(args.remove)
        excess = _suited_excess(args.remove, decks)
        if excess is not None:
            card, count = excess
            raise IllegalAction(nmessage(
                "cannot remove {card} {times} times: {count} deck holds one {card} (at most "
                "{count} may be removed)",
                "cannot remove {card} {times} times: {count} decks hold {count} {card} (at most "
                "{count} may be removed)", decks, card=str(card), times=count))
    except IllegalAction as error:  # unreadable text already quotes itself (NotationError)
        raise IllegalAction(message(
            "--remove {removed!r} refused for a shoe of {cards} cards ({decks}): {why}",
            removed=removed, cards=full.total, decks=nmessage("{count} deck", "{count} decks", decks),
            why=refusal(error, lang))) from None
    counts = count_deals(composition)
    edges = _profile_edges(args.profile, composition)
    exact = args.exact
    data: dict[str, Any] = {
        "decks": decks,
        "profile": args.profile,
        "removed": args.remove.split() if args.remove.strip() else [],
        "cards": composition.total,
        "probabilities": {k: _show(v, exact) for k, v in counts.probabilities().items()},
        "house_edge": {k: _show(a.house_edge, exact) for k, a in edges.items()},
        "bets": {k: a.to_dict(exact=exact) for k, a in edges.items()},
        "cards_used": {str(n): _show(p, exact) for n, p in counts.cards_used_probabilities().items()},
    }
    if args.simulate is not None:
        if args.remove.strip():
            raise IllegalAction(message("--simulate deals from a full shoe; leave out --remove"))
        run = simulate_coups(args.simulate, decks=decks, seed=args.seed,
                             progress=None if args.json else TerminalProgress(unit="coups"))
        data["simulation"] = run.to_dict() | {"series": None}
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    less = args.remove.strip()
    if less:
        print(tr("{cards} cards ({decks}, less {removed}); {profile} table", lang,
                 cards=composition.total, decks=_deck_words(decks, lang), removed=less,
                 profile=args.profile))
    else:
        print(tr("{cards} cards ({decks}); {profile} table", lang, cards=composition.total,
                 decks=_deck_words(decks, lang), profile=args.profile))
    for k, p in counts.probabilities().items():
        print(f"  {k:<7} {format_number(float(p), '.6f', lang)}" + (f"  = {p}" if exact else ""))
    print(tr("house edge per unit staked (ties included):", lang))
    width = max([38, *(len(a.terms.label(lang)) for a in edges.values())])  # one column
    for a in edges.values():
        edge = format_number(float(a.house_edge), ".4%", lang)
        print(f"  {a.terms.label(lang):<{width}} {edge:>9}   "
              + tr("sd {sd:.4f}", lang, sd=a.std_dev))
        if a.results:  # paid more than one way, or on how the coup ends: every result's chance
            print("    " + "; ".join(
                tr("{net} per unit with probability {p}", lang, net=_net(r, lang),
                   p=format_number(float(p), ".6f", lang) + (f" = {p}" if exact else ""))
                for r, p in a.distribution()))
    if args.simulate is not None:
        sim = data["simulation"]
        print(tr("simulation: {coups:,} coups, seed {seed}", lang, coups=args.simulate,
                 seed=str(args.seed)))
        for k, e in sim["estimates"].items():
            low, high = e["ci95"]
            if sim["agrees"][k]:
                line = tr("{estimate:.4f}  95% CI [{low:.4f}, {high:.4f}] holds the exact value",
                          lang, estimate=e["estimate"], low=low, high=high)
            else:
                line = tr("{estimate:.4f}  95% CI [{low:.4f}, {high:.4f}] misses the exact value",
                          lang, estimate=e["estimate"], low=low, high=high)
            print(f"  {k:<7} {line}")
    return 0


_GAMES = {
    "several_bettors": N_("several bettors"),
    "single_bettor": N_("single bettor"),
    "several_bettors_by_cards": N_("several bettors by cards"),
    "classic_model": N_("classic model"),
    "seed_cells_infinite_deck": N_("seed cells infinite deck"),
}
"""The games of :func:`chemin_de_fer_report`, by their names there."""


def _game_name(name: str, lang: str) -> str:
    return tr(_GAMES.get(name, name.replace("_", " ")), lang)


def _cards_text(cards: str, decks: int, lang: str) -> str:
    """A game's shoe (the report's English data) in ``lang``: ``312 cartas: 6 barajas completas``."""
    for model in (shoe_model(decks), INFINITE_DECK):
        if cards == model.name:
            return model.name_text(lang)
    return cards


def _point_text(point: str, lang: str) -> str:
    """A free cell as the report keys it (``bettor 5``, ``banker 3 v 9``, ``banker 6 v
    stood``, with ``(2+3)`` when split by cards), labelled in ``lang``.

    >>> _point_text("banker 3 (1+2) v stood", "en"), _point_text("bettor 5", "en")
    ('banker 3 (1+2) v stood', 'bettor 5')
    """
    words = point.replace("(", " ").replace(")", " ").replace("+", " ").split()
    try:
        if words[0] == "bettor" and len(words) in (2, 4):
            cards = (int(words[2]), int(words[3])) if len(words) == 4 else None
            return BettorPoint(int(words[1]), cards).label(lang)
        if words[0] == "banker" and len(words) in (4, 6) and words[-2] == "v":
            cards = (int(words[2]), int(words[3])) if len(words) == 6 else None
            third = None if words[-1] == "stood" else int(words[-1])
            return BankerPoint(int(words[1]), third, cards).label(lang)
    except ValueError:
        pass
    return point


def run_cdf(args: argparse.Namespace) -> int:
    lang = args.lang
    report = chemin_de_fer_report(decks=args.decks, exact=args.exact)
    failed = {name: game["error"] for name, game in report.items() if "error" in game}
    if args.json:
        print(json.dumps({"decks": args.decks, "games": report}, ensure_ascii=False))
    else:
        for name, game in report.items():
            if name in failed:
                continue
            value = game["value"]
            shown = value if isinstance(value, str) else format_number(value, "+.6f", lang)
            print(tr("{game}: value to the bettor {value} per unit ({cards})", lang,
                     game=_game_name(name, lang), value=shown,
                     cards=_cards_text(game["cards"], args.decks, lang)))
            points = {**game["bettor_draws"], **game["banker_draws"]}
            for point, p in points.items():
                mixed = False
                if p in (1, "1/1"):
                    choice = ptr("decision", "draws", lang)
                elif p in (0, "0/1"):
                    choice = ptr("decision", "stands", lang)
                else:
                    mixed = True
                    choice = tr("draws with probability {p}", lang,
                                p=p if isinstance(p, str) else format_number(p, ".6f", lang))
                if len(points) <= 12 or mixed:
                    print(f"  {_point_text(point, lang)}: {choice}")
    for name, why in failed.items():
        print(tr("{prog}: error: {message}", lang, prog="bacara-teach",
                 message=tr("{game} not solved: {why}", lang, game=_game_name(name, lang),
                            why=refusal(why, lang))),
              file=sys.stderr)
    if failed:  # each error says what to install (the 'analysis' extra, scipy)
        return EXIT_MISSING_SOLVER
    return 0


EXIT_MISSING_SOLVER = 2
"""Exit status of ``cdf-analysis`` when a game could not be solved (scipy missing)."""
