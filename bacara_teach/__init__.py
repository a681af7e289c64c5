"""bacara_teach: baccarat's rules as an exact, explainable engine.

>>> from bacara_teach import Coup
>>> Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦").winner.value
'banco'

The names below are loaded when first used (``import bacara_teach`` alone reads no module of
the engine), so a command that deals one coup does not pay for the sessions, the tables or
the analysis.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it the same)
__version__ = "0.1.0"
"""The release, read by the build (``pyproject.toml``) from this line."""

if TYPE_CHECKING:
    from bacara_teach.cards import (
        Card,
        Rank,
        Suit,
        format_cards,
        hand_total,
        parse_card,
        parse_cards,
    )
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

_MODULES: dict[str, tuple[str, ...]] = {
    "cards": ("Card", "Rank", "Suit", "format_cards", "hand_total", "parse_card", "parse_cards"),
    "chemin_de_fer": ("CheminDeFerCoup", "CoupInPlay"),
    "chemin_de_fer_session": ("CheminDeFerSession",),
    "errors": ("BacaraError", "IllegalAction", "InvalidCard", "NotationError", "ShoeExhausted"),
    "home_session": ("HomeSession",),
    "online_table": ("OnlineTable",),
    "punto_banco": ("Coup", "Outcome", "coup_outcome", "deal_coup", "play_coup"),
    "settlement": ("Bet", "settle"),
    "shoe": ("Shoe",),
    "tableau": ("CHEMIN_DE_FER", "CHEMIN_DE_FER_SINGLE_BETTOR", "PUNTO_BANCO", "Decision",
                "Tableau", "banco_draws", "get_tableau", "punto_draws"),
    "tables": ("PROFILES", "BetKind", "TableProfile", "get_profile"),
}
_HOME: dict[str, str] = {name: module for module, names in _MODULES.items() for name in names}
"""Each public name and the module of the package that defines it."""


def __getattr__(name: str) -> object:
    """Load a public name from its module on first use (and keep it here for the next).

    >>> import bacara_teach
    >>> bacara_teach.Shoe.__module__
    'bacara_teach.shoe'
    >>> bacara_teach.Shue
    Traceback (most recent call last):
    ...
    AttributeError: module 'bacara_teach' has no attribute 'Shue'
    """
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    __import__(f"{__name__}.{module}")
    value = getattr(sys.modules[f"{__name__}.{module}"], name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})


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
