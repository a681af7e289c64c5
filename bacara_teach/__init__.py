"""bacara_teach: baccarat's rules as an exact, explainable engine.

>>> from bacara_teach import Coup
>>> Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦").winner.value
'banco'
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from bacara_teach.cards import Card, Rank, Suit, format_cards, hand_total, parse_card, parse_cards
from bacara_teach.chemin_de_fer import CheminDeFerCoup, CoupInPlay
from bacara_teach.chemin_de_fer_session import CheminDeFerSession
from bacara_teach.errors import (
    BacaraError,
    IllegalAction,
    InvalidCard,
    NotationError,
    ShoeExhausted,
)
from bacara_teach.home_session import HomeSession
from bacara_teach.online_table import OnlineTable
from bacara_teach.punto_banco import Coup, Outcome, coup_outcome, deal_coup, play_coup
from bacara_teach.settlement import Bet, settle
from bacara_teach.shoe import Shoe
from bacara_teach.tableau import (
    CHEMIN_DE_FER,
    CHEMIN_DE_FER_SINGLE_BETTOR,
    PUNTO_BANCO,
    Decision,
    Tableau,
    banco_draws,
    get_tableau,
    punto_draws,
)
from bacara_teach.tables import PROFILES, BetKind, TableProfile, get_profile

try:
    __version__ = version("bacara_teach")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

__all__ = [
    "CHEMIN_DE_FER",
    "CHEMIN_DE_FER_SINGLE_BETTOR",
    "PROFILES",
    "PUNTO_BANCO",
    "BacaraError",
    "Bet",
    "BetKind",
    "Card",
    "CheminDeFerCoup",
    "CheminDeFerSession",
    "Coup",
    "CoupInPlay",
    "Decision",
    "HomeSession",
    "IllegalAction",
    "InvalidCard",
    "NotationError",
    "OnlineTable",
    "Outcome",
    "Rank",
    "Shoe",
    "ShoeExhausted",
    "Suit",
    "TableProfile",
    "Tableau",
    "__version__",
    "banco_draws",
    "coup_outcome",
    "deal_coup",
    "format_cards",
    "get_profile",
    "get_tableau",
    "hand_total",
    "parse_card",
    "parse_cards",
    "play_coup",
    "punto_draws",
    "settle",
]
