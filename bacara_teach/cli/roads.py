"""``bacara-teach roads`` and ``bacara-teach side-bets``: scoreboards of a shoe, and exact side-bet edges."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from bacara_teach.cli.coup import decks_arg
from bacara_teach.cli.messages import add_lang_argument, current_language
from bacara_teach.shoe import MAX_DECKS, MIN_DECKS
from bacara_teach.text import format_number, tr


def _coups(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(tr(
            "invalid number of coups {text!r}: expected a whole number >= 0", current_language(),
            text=text))
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lang = current_language()
    roads = sub.add_parser(
        "roads",
        help=tr("the five roads (scoreboards) of a seeded shoe or of given results", lang),
        description=tr("Deal a seeded shoe to its cut card (or the first --coups coups) and "
                       "print its bead plate, big road, big eye boy, small road and cockroach "
                       "pig as text grids, with the exact odds of the next coup on the cards "
                       "left; or draw the roads of --results.", lang),
    )
    roads.add_argument("--decks", type=decks_arg, default=8,
                       help=tr("decks in the shoe ({low}-{high}, default {default})", lang,
                               low=MIN_DECKS, high=MAX_DECKS, default=8))
    roads.add_argument("--seed", type=int, default=1,
                       help=tr("seed of the shuffle (default {default})", lang, default=1))
    roads.add_argument("--coups", type=_coups, default=None,
                       help=tr("deal only this many coups", lang))
    roads.add_argument("--results", default=None,
                       help=tr('draw these results instead of dealing: P, B, E per coup, with '
                               'p/b for pairs, e.g. "{example}"', lang, example="B B E P Pp"))
    roads.add_argument("--json", action="store_true", help=tr("print one JSON object", lang))
    add_lang_argument(roads)
    roads.set_defaults(run=run_roads)

    side = sub.add_parser(
        "side-bets",
        help=tr("exact house edges of the commission-free tables and the side bets", lang),
        description=tr("The house edge of every commission-free Banco bet and side bet ({bets}) "
                       "for a full shoe, counted exactly.", lang,
                       bets="Dragon 7, Panda 8, Big/Small, 4-5-6, Dragon Bonus, Perfect Pair, "
                       "Either Pair"),
    )
    side.add_argument("--decks", type=decks_arg, default=8,
                      help=tr("decks in the shoe ({low}-{high}, default {default})", lang,
                              low=MIN_DECKS, high=MAX_DECKS, default=8))
    side.add_argument("--exact", action="store_true",
                      help=tr('print fractions as "n/d" strings', lang))
    side.add_argument("--json", action="store_true", help=tr("print one JSON object", lang))
    add_lang_argument(side)
    side.set_defaults(run=run_side_bets)


def _show(x: Fraction, exact: bool) -> float | str:
    return f"{x.numerator}/{x.denominator}" if exact else float(x)


def run_roads(args: argparse.Namespace) -> int:
    from bacara_teach.analysis.punto_banco import count_deals
    from bacara_teach.analysis.roads import deal_shoe
    from bacara_teach.roads import Roads

    lang = args.lang
    if args.results is not None:
        roads = Roads.from_results(args.results)
        odds: dict[str, Fraction] | None = None
        left = None
    else:
        run = deal_shoe(args.decks, seed=args.seed)
        count = len(run.coups) if args.coups is None else min(args.coups, len(run.coups))
        roads = Roads.from_coups(run.coups[:count])
        composition = run.before[count]
        left = composition.total
        odds = count_deals(composition).probabilities()
    if args.json:
        out: dict[str, Any] = {
            "coups": [c.notation for c in roads.coups],
            "roads": {road.name: road.text().splitlines() for road in roads.roads()},
        }
        if odds is not None:
            out["cards_left"] = left
            out["next_coup"] = {k: float(v) for k, v in odds.items()}
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    print(roads.text(lang))
    if odds is not None:
        print()
        print(tr("Next coup, exactly, on the {left} cards left:", lang, left=left),
              ", ".join(f"{k.capitalize()} {format_number(float(v), '.4%', lang)}"
                        for k, v in odds.items()))
    return 0


def run_side_bets(args: argparse.Namespace) -> int:
    from bacara_teach.analysis.side_bets import (
        PAIR_BETS,
        SIDE_BETS,
        count_finals,
        house_edge,
        pair_bet_edge,
        standard_cards,
    )

    lang = args.lang
    finals = count_finals(args.decks)
    cards = standard_cards(args.decks)
    edges = {b.name: (b.describe(lang), house_edge(b, finals)) for b in SIDE_BETS}
    edges.update({b.name: (b.describe(lang), pair_bet_edge(b, cards)) for b in PAIR_BETS})
    if args.json:
        print(json.dumps({"decks": args.decks,
                          "house_edge": {name: _show(edge, args.exact) for name, (_, edge) in edges.items()}},
                         indent=2))
        return 0
    print(tr("House edge of each bet, {decks} decks, exact:", lang, decks=args.decks))
    width = max(len(name) for name in edges)
    for name, (rules, edge) in edges.items():
        shown = (f"{edge.numerator}/{edge.denominator}" if args.exact
                 else f"{format_number(float(edge), '.4%', lang):>8}")
        print(f"  {name:<{width}}  {shown}  {rules}")
    return 0
