"""``bacara-teach odds`` and ``bacara-teach cdf-analysis``: exact odds, edges and game solutions."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from fractions import Fraction
from typing import Any

from bacara_teach.analysis.chemin_de_fer import chemin_de_fer_report
from bacara_teach.analysis.composition import Composition
from bacara_teach.analysis.edges import BetAnalysis, edges_for_profile
from bacara_teach.analysis.punto_banco import count_deals
from bacara_teach.analysis.simulation import simulate_coups
from bacara_teach.cards import Card, parse_cards
from bacara_teach.cli.coup import decks_arg
from bacara_teach.cli.messages import add_lang_argument, current_language, t
from bacara_teach.errors import BacaraError, IllegalAction
from bacara_teach.progress import TerminalProgress
from bacara_teach.refusals import refusal_text
from bacara_teach.shoe import MAX_DECKS, MIN_DECKS
from bacara_teach.tables import PROFILES, get_profile


def _deck_words(decks: int, lang: str) -> str:
    """``1 deck``, ``8 decks`` (``1 baraja``, ``8 barajas``)."""
    return t(lang, f"{decks} deck{'' if decks == 1 else 's'}",
             f"{decks} baraja{'' if decks == 1 else 's'}")


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
        raise argparse.ArgumentTypeError(t(current_language(),
                                           f"invalid number {text!r}: expected a whole number >= 1",
                                           f"número no válido {text!r}: se esperaba un número "
                                           "entero >= 1"))
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    odds = sub.add_parser(
        "odds",
        help="exact Punto Banco probabilities and house edges for a shoe",
        description="Exact probabilities of Banco, Punto and Empate and the house edge of every "
        "bet of a table profile, for a full shoe or one with cards removed.",
    )
    odds.add_argument("--decks", type=decks_arg, default=None,
                      help=f"decks in the shoe ({MIN_DECKS}-{MAX_DECKS}; default: the profile's)")
    odds.add_argument("--profile", choices=tuple(PROFILES), default="home",
                      help="table profile whose bets and payouts to price: "
                      f"{', '.join(PROFILES)} (default home)")
    odds.add_argument("--remove", default="",
                      help='cards gone from the shoe: ranks or cards, e.g. "5 5 5 5" or "5h K♠ 10"')
    odds.add_argument("--exact", action="store_true", help='print fractions as "n/d" strings')
    odds.add_argument("--json", action="store_true", help="print one JSON object")
    odds.add_argument("--simulate", type=_positive, metavar="COUPS", default=None,
                      help="also deal this many seeded coups and compare (full shoe only)")
    odds.add_argument("--seed", type=int, default=0, help="seed of the simulation (default 0)")
    add_lang_argument(odds)
    odds.set_defaults(run=run_odds)

    cdf = sub.add_parser(
        "cdf-analysis",
        help="Chemin de Fer: the game of the free cells, solved exactly",
        description="Values, optimal strategies and payoff matrices of the Chemin de Fer free "
        "cells: the home session's rules on a real shoe (several bettors, a single bettor, choices by "
        "cards), and the classic model (banker free everywhere, infinite deck). Only the game "
        "with choices by cards needs a linear program (scipy, the 'analysis' extra); without "
        "scipy that game reports an error and what to install, the others still print, and the "
        "exit status is 2.",
    )
    cdf.add_argument("--decks", type=decks_arg, default=6, help="decks in the shoe (default 6)")
    cdf.add_argument("--exact", action="store_true", help='print fractions as "n/d" strings')
    cdf.add_argument("--json", action="store_true", help="print one JSON object")
    add_lang_argument(cdf)
    cdf.set_defaults(run=run_cdf)


def _show(x: Fraction, exact: bool) -> float | str:
    return f"{x.numerator}/{x.denominator}" if exact else float(x)


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
            raise IllegalAction(
                f"cannot remove {card} {count} times: {_deck_words(decks, 'en')} "
                f"{'holds' if decks == 1 else 'hold'} {'one' if decks == 1 else decks} {card}"
                f" (at most {decks} may be removed)",
            )
    except IllegalAction as error:  # unreadable text already quotes itself (NotationError)
        why = str(error)
        why_es = refusal_text(error, lang)
        if excess_match := re.fullmatch(r"cannot remove (\S+) (\d+) times: .*", why):
            card_text, count_text = excess_match.groups()
            why_es = (f"no se puede quitar {card_text} {count_text} veces: "
                      f"{_deck_words(decks, 'es')} {'tiene' if decks == 1 else 'tienen'} "
                      f"{'un' if decks == 1 else decks} {card_text} (como mucho, {decks})")
        raise IllegalAction(t(
            lang,
            f"--remove {removed!r} refused for a shoe of {full.total} cards "
            f"({_deck_words(decks, 'en')}): {why}",
            f"--remove {removed!r} rechazado para un sabot de {full.total} cartas "
            f"({_deck_words(decks, 'es')}): {why_es}",
        )) from None
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
            raise IllegalAction(t(lang, "--simulate deals from a full shoe; leave out --remove",
                                  "--simulate reparte de un sabot completo; quite --remove"))
        run = simulate_coups(args.simulate, decks=decks, seed=args.seed,
                             progress=None if args.json else TerminalProgress(unit="coups"))
        data["simulation"] = run.to_dict() | {"series": None}
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    less = args.remove.strip()
    print(t(lang,
            f"{composition.total} cards ({_deck_words(decks, lang)}"
            f"{f', less {less}' if less else ''}); {args.profile} table",
            f"{composition.total} cartas ({_deck_words(decks, lang)}"
            f"{f', menos {less}' if less else ''}); mesa {args.profile}"))
    for k, p in counts.probabilities().items():
        print(f"  {k:<7} {float(p):.6f}" + (f"  = {p}" if exact else ""))
    print(t(lang, "house edge per unit staked (ties included):",
            "ventaja de la casa por unidad apostada (empates incluidos):"))
    for a in edges.values():
        print(f"  {a.terms.describe(lang):<38} {float(a.house_edge):>9.4%}   "
              + t(lang, "sd", "de") + f" {a.std_dev:.4f}")
    if args.simulate is not None:
        sim = data["simulation"]
        print(t(lang, f"simulation: {args.simulate:,} coups, seed {args.seed}",
                f"simulación: {args.simulate:,} coups, semilla {args.seed}"))
        for k, e in sim["estimates"].items():
            low, high = e["ci95"]
            holds = sim["agrees"][k]
            verdict = (t(lang, "holds the exact value", "contiene el valor exacto") if holds
                       else t(lang, "misses the exact value", "no contiene el valor exacto"))
            ci = t(lang, "95% CI", "IC 95%")
            print(f"  {k:<7} {e['estimate']:.4f}  {ci} [{low:.4f}, {high:.4f}] {verdict}")
    return 0


_GAMES_ES = {
    "several_bettors": "varios apostadores",
    "single_bettor": "un solo apostador",
    "several_bettors_by_cards": "varios apostadores, decisiones por cartas",
    "classic_model": "modelo clásico",
    "seed_cells_infinite_deck": "casillas de la semilla, baraja infinita",
}


def _game_name(name: str, lang: str) -> str:
    return _GAMES_ES.get(name, name.replace("_", " ")) if lang == "es" else name.replace("_", " ")


def _cards_es(text: str) -> str:
    """A game's shoe in Spanish, e.g. ``52 cartas: 1 baraja completa``."""
    text = re.sub(r"(\d+) cards: 1 full deck", r"\1 cartas: 1 baraja completa", text)
    text = re.sub(r"(\d+) cards: (\d+) full decks", r"\1 cartas: \2 barajas completas", text)
    text = re.sub(r"(\d+) cards", r"\1 cartas", text)
    return text.replace("infinite deck", "baraja infinita")


def _point_es(point: str) -> str:
    """A free cell's label in Spanish: ``punto 5``, ``banca 3 ante 9``."""
    text = re.sub(r"^bettor ", "punto ", point)
    text = re.sub(r"^banker ", "banca ", text)
    return text.replace(" v stood", " ante plantado").replace(" v ", " ante ")


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
            shown = value if isinstance(value, str) else f"{value:+.6f}"
            title = _game_name(name, lang)
            print(t(lang, f"{title}: value to the bettor {shown} per unit ({game['cards']})",
                    f"{title}: valor para el punto {shown} por unidad ({_cards_es(game['cards'])})"))
            points = {**game["bettor_draws"], **game["banker_draws"]}
            for point, p in points.items():
                mixed = False
                if p in (1, "1/1"):
                    choice = t(lang, "draws", "roba")
                elif p in (0, "0/1"):
                    choice = t(lang, "stands", "se planta")
                else:
                    mixed = True
                    shown_p = p if isinstance(p, str) else f"{p:.6f}"
                    choice = t(lang, f"draws with probability {shown_p}",
                               f"roba con probabilidad {shown_p}")
                if len(points) <= 12 or mixed:
                    print(f"  {point if lang == 'en' else _point_es(point)}: {choice}")
    for name, message in failed.items():
        print("bacara-teach: error: " + t(lang, f"{_game_name(name, lang)} not solved: {message}",
                                          f"{_game_name(name, lang)} sin resolver: "
                                          f"{refusal_text(message, lang)}"),
              file=sys.stderr)
    if failed:  # each error says what to install (the 'analysis' extra, scipy)
        return EXIT_MISSING_SOLVER
    return 0


EXIT_MISSING_SOLVER = 2
"""Exit status of ``cdf-analysis`` when a game could not be solved (scipy missing)."""
