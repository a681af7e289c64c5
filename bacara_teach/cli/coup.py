"""``bacara-teach deal`` and ``bacara-teach tableau``."""

from __future__ import annotations

import argparse

from bacara_teach.cli.messages import add_lang_argument, current_language, t
from bacara_teach.errors import IllegalAction
from bacara_teach.punto_banco import deal_coup, play_coup
from bacara_teach.shoe import MAX_DECKS, MIN_DECKS, Shoe
from bacara_teach.tableau import TABLEAUX, get_tableau


def decks_error(text: str) -> argparse.ArgumentTypeError:
    return argparse.ArgumentTypeError(t(
        current_language(),
        f"invalid number of decks {text!r}: expected a whole number from {MIN_DECKS} to {MAX_DECKS}",
        f"número de barajas no válido {text!r}: se esperaba un número entero de {MIN_DECKS} a "
        f"{MAX_DECKS}",
    ))


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
    deal = sub.add_parser(
        "deal",
        help="deal one Punto Banco coup and explain every draw",
        description="Deal one Punto Banco coup, from given cards or a seeded shoe, "
        "and explain why each card was or was not drawn.",
    )
    source = deal.add_mutually_exclusive_group()
    source.add_argument(
        "--cards",
        help='the cards in deal order: Punto, Banco, Punto, Banco, then third cards '
        '(e.g. "4♥ 2♠ 9♣ A♦ 8♦"; ASCII "4h 2s 9c ad 8d" works too)',
    )
    source.add_argument("--seed", help="shuffle a shoe with this seed (default: a random seed, printed)")
    deal.add_argument("--decks", type=decks_arg, default=8,
                      help=f"decks in the shuffled shoe ({MIN_DECKS}-{MAX_DECKS}, default 8)")
    deal.add_argument("--json", action="store_true", help="print one JSON object")
    add_lang_argument(deal)
    deal.set_defaults(run=run_deal)

    tab = sub.add_parser("tableau", help="print the third-card table",
                         description="Print the third-card rules, read from the engine's data.")
    tab.add_argument("--game", choices=list(TABLEAUX), default="punto-banco")
    tab.add_argument("--json", action="store_true", help="print the table as JSON data")
    add_lang_argument(tab)
    tab.set_defaults(run=run_tableau)


def run_deal(args: argparse.Namespace) -> int:
    seed: int | str | None = None
    if args.cards is not None:
        if not args.cards.strip():
            raise IllegalAction(t(
                args.lang,
                '--cards is empty: give the cards in deal order, e.g. "4♥ 2♠ 9♣ A♦ 8♦"',
                '--cards está vacío: dé las cartas en el orden del reparto, p. ej. "4♥ 2♠ 9♣ A♦ 8♦"',
            ))
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
            print(t(args.lang, f"(shoe: {args.decks} decks, seed {seed})",
                    f"(sabot: {args.decks} barajas, semilla {seed})"))
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

