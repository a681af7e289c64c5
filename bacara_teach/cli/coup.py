"""``bacara-teach deal`` and ``bacara-teach tableau``."""

from __future__ import annotations

import argparse

from bacara_teach.cli.messages import add_lang_argument, current_language
from bacara_teach.errors import IllegalAction
from bacara_teach.punto_banco import deal_coup, play_coup
from bacara_teach.shoe import MAX_DECKS, MIN_DECKS, Shoe
from bacara_teach.tableau import TABLEAUX, get_tableau
from bacara_teach.text import message, tr


def decks_error(text: str) -> argparse.ArgumentTypeError:
    return argparse.ArgumentTypeError(tr(
        "invalid number of decks {text!r}: expected a whole number from {low} to {high}",
        current_language(), text=text, low=MIN_DECKS, high=MAX_DECKS))


def decks_arg(text: str) -> int:
    """A number of decks from the command line, or the refusal that says what is valid."""
    try:
        value = int(text)
    except ValueError:
        raise decks_error(text) from None
    if not MIN_DECKS <= value <= MAX_DECKS:
        raise decks_error(text)
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lang = current_language()
    deal = sub.add_parser(
        "deal",
        help=tr("deal one Punto Banco coup and explain every draw", lang),
        description=tr("Deal one Punto Banco coup, from given cards or a seeded shoe, and "
                       "explain why each card was or was not drawn.", lang),
    )
    source = deal.add_mutually_exclusive_group()
    source.add_argument(
        "--cards",
        help=tr("the cards in deal order: Punto, Banco, Punto, Banco, then third cards "
                '(e.g. "{cards}"; ASCII "{ascii}" works too)', lang,
                cards="4♥ 2♠ 9♣ A♦ 8♦", ascii="4h 2s 9c ad 8d"),
    )
    source.add_argument("--seed", help=tr("shuffle a shoe with this seed (default: a random "
                                          "seed, printed)", lang))
    deal.add_argument("--decks", type=decks_arg, default=8,
                      help=tr("decks in the shuffled shoe ({low}-{high}, default {decks})", lang,
                              low=MIN_DECKS, high=MAX_DECKS, decks=8))
    deal.add_argument("--json", action="store_true", help=tr("print one JSON object", lang))
    add_lang_argument(deal)
    deal.set_defaults(run=run_deal)

    tab = sub.add_parser("tableau", help=tr("print the third-card table", lang),
                         description=tr("Print the third-card rules, read from the engine's "
                                        "data.", lang))
    tab.add_argument("--game", choices=list(TABLEAUX), default="punto-banco",
                     help=tr("the game whose table to print (default {default})", lang,
                             default="punto-banco"))
    tab.add_argument("--json", action="store_true", help=tr("print the table as JSON data", lang))
    add_lang_argument(tab)
    tab.set_defaults(run=run_tableau)


def run_deal(args: argparse.Namespace) -> int:
    seed: int | str | None = None
    if args.cards is not None:
        if not args.cards.strip():
            raise IllegalAction(message('--cards is empty: give the cards in deal order, '
                                        'e.g. "{cards}"', cards="4♥ 2♠ 9♣ A♦ 8♦"))
        coup = deal_coup(args.cards)
    else:
        if args.seed is not None:
            from bacara_teach.saves import read_seed

            seed = read_seed(args.seed)
        else:
            import secrets

            seed = secrets.randbelow(2**32)
        coup = play_coup(Shoe.standard(args.decks, seed=seed))
    if args.json:
        import json

        data = coup.to_dict()
        if seed is not None:
            data["shoe"] = {"decks": args.decks, "seed": seed}
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(coup.narrate(args.lang))
        if seed is not None:
            print(tr("(shoe: {decks} decks, seed {seed})", args.lang, decks=args.decks,
                     seed=str(seed)))
    return 0


def run_tableau(args: argparse.Namespace) -> int:
    tableau = get_tableau(args.game)
    if args.json:
        import json

        print(json.dumps(tableau.to_dict(), ensure_ascii=False))
    else:
        from bacara_teach.charts import tableau_text

        print(tableau_text(tableau, args.lang))
    return 0

