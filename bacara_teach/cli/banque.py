"""``bacara-teach banque``: one coup of Baccarat Banque, narrated, settled and priced.

The cards are given in deal order (right, left, banker, right, left, banker, then the third
cards); the sides' free 5 and the banker's decision come from flags.  ``--banker best``
lets the engine take the decision worth more to the bank, ``--banker thumb`` plays Punto
Banco's banker table against the side with the larger stake; either way the command prints
what standing and drawing were worth.
"""

from __future__ import annotations

import argparse
import json

from bacara_teach.baccarat_banque import (
    BANKER,
    DECKS,
    BankerView,
    Stakes,
    aim_at_larger_stake,
    best_for_bank,
    deal_coup,
    decision_values,
    settlement_text,
)
from bacara_teach.cli.coup import decks_arg
from bacara_teach.cli.messages import add_lang_argument, current_language
from bacara_teach.money import MAX_AMOUNT
from bacara_teach.pages.baccarat_banque import chips
from bacara_teach.shoe import MAX_DECKS, MIN_DECKS
from bacara_teach.tableau import Decision
from bacara_teach.text import tr

BANKER_CHOICES = ("draw", "stand", "best", "thumb")


def _stakes(text: str) -> Stakes:
    """``RIGHT,LEFT[,CHEVAL]`` in whole chips, each at most :data:`MAX_AMOUNT`.

    >>> from bacara_teach.cli.messages import set_language
    >>> set_language("en")
    >>> _stakes("100,20"), _stakes("1000000000,0,5").right
    (Stakes(right=100, left=20, cheval=0), 1000000000)
    >>> _stakes("9" * 5000 + ",1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: invalid stakes: at most 1,000,000,000 chips on each side
    """
    parts = [p.strip() for p in text.split(",")]
    if not 2 <= len(parts) <= 3 or not all(p.isdigit() and p.isascii() for p in parts):
        raise argparse.ArgumentTypeError(tr(
            "invalid stakes {text!r}: expected RIGHT,LEFT or RIGHT,LEFT,CHEVAL in whole chips, "
            "e.g. 100,20", current_language(), text=text))
    if any(len(p.lstrip("0")) > len(str(MAX_AMOUNT)) or int(p) > MAX_AMOUNT for p in parts):
        raise argparse.ArgumentTypeError(tr(
            "invalid stakes: at most {most:,} chips on each side", current_language(),
            most=MAX_AMOUNT))
    return Stakes(*(int(p) for p in parts))


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    lang = current_language()
    banque = sub.add_parser(
        "banque",
        help=tr("one coup of Baccarat Banque: a bank against two sides", lang),
        description=tr("Deal one coup of Baccarat Banque from the cards given in deal order "
                       "(right, left, banker, twice, then the third cards), narrate it, settle "
                       "the stakes and say what the banker's decision was worth.", lang),
    )
    banque.add_argument("cards", metavar=tr("CARDS", lang), help=tr('the cards in deal order, e.g. "{example}"', lang,
                                         example="2♣ 3♠ 3♥ 2♦ 2♥ 2♠ K♦"))
    banque.add_argument("--stakes", type=_stakes, default=Stakes(10, 10),
                        help=tr("chips on the right, on the left, and optionally à cheval "
                                "(default {default}; at most {most:,} each)", lang,
                                default="10,10", most=MAX_AMOUNT))
    banque.add_argument("--right", choices=("draw", "stand"), default=None,
                        help=tr("the right side's decision on a free 5", lang))
    banque.add_argument("--left", choices=("draw", "stand"), default=None,
                        help=tr("the left side's decision on a free 5", lang))
    banque.add_argument("--banker", choices=BANKER_CHOICES, default="best",
                        help=tr("the banker's decision: draw, stand, best (worth more to the "
                                "bank) or thumb (Punto Banco's table against the larger stake); "
                                "default best", lang))
    banque.add_argument("--decks", type=decks_arg, default=DECKS,
                        help=tr("decks in the shoe ({low}-{high}, default {default})", lang,
                                low=MIN_DECKS, high=MAX_DECKS, default=DECKS))
    banque.add_argument("--json", action="store_true", help=tr("print one JSON object", lang))
    add_lang_argument(banque)
    banque.set_defaults(run=run_banque)


def run_banque(args: argparse.Namespace) -> int:
    lang = args.lang
    seen: list[BankerView] = []

    def banker(view: BankerView) -> Decision:
        seen.append(view)
        if args.banker == "best":
            return best_for_bank(view)
        if args.banker == "thumb":
            return aim_at_larger_stake(view)
        return Decision(args.banker)

    coup = deal_coup(args.cards, stakes=args.stakes, right=args.right, left=args.left,
                     banker=banker, decks=args.decks)
    values = decision_values(seen[0]) if seen else None
    if args.json:
        out = coup.to_dict()
        if values is not None:
            out["values"] = {d.value: str(v) for d, v in values.items()}
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    print(coup.narrate(lang))
    print(settlement_text(coup, lang))
    if values is not None:
        stand, draw = chips(values[Decision.STAND], lang), chips(values[Decision.DRAW], lang)
        if coup.choices[BANKER] is Decision.DRAW:
            print(tr("Standing was worth {stand} chips to the bank, drawing {draw}; the banker "
                     "drew.", lang, stand=stand, draw=draw))
        else:
            print(tr("Standing was worth {stand} chips to the bank, drawing {draw}; the banker "
                     "stood.", lang, stand=stand, draw=draw))
    return 0
