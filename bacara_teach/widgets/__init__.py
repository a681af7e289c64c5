"""Interactive widgets (ipywidgets): thin views over the engine.

Each widget keeps no rules of its own: it asks the engine and shows the
answer.  Every control is a real button, dropdown or text box (reachable with
Tab, pressed with Enter or Space), carries a text label for screen readers,
and suits are always written as symbols, so colour is never the only cue.

Every widget speaks English or Spanish: ``lang="en"`` or ``lang="es"``; left out,
the default language of :mod:`bacara_teach.i18n` (``BACARA_LANG``, then the
locale), read once when the widget is built.  Labels, tooltips, messages,
tables, refusals and the still are all in that language; the cards dealt for a
seed are the same in both.

ipywidgets is an optional dependency (``pip install bacara_teach[widgets]``);
it is imported only when a widget is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = [
    "CheminDeFerSeat",
    "CoupStepper",
    "HomeScoreboard",
    "OddsExplorer",
    "OnlineTableWidget",
    "RoadsBoard",
    "TableauDrill",
]

if TYPE_CHECKING:
    from bacara_teach.widgets.chemin import CheminDeFerSeat
    from bacara_teach.widgets.home import HomeScoreboard
    from bacara_teach.widgets.odds import OddsExplorer
    from bacara_teach.widgets.online import OnlineTableWidget
    from bacara_teach.widgets.roads import RoadsBoard
    from bacara_teach.widgets.stepper import CoupStepper
    from bacara_teach.widgets.trainer import TableauDrill

_MODULES = {
    "CheminDeFerSeat": "chemin",
    "CoupStepper": "stepper",
    "HomeScoreboard": "home",
    "OddsExplorer": "odds",
    "OnlineTableWidget": "online",
    "RoadsBoard": "roads",
    "TableauDrill": "trainer",
}


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        import importlib

        module = importlib.import_module(f"bacara_teach.widgets.{_MODULES[name]}")
        return getattr(module, name)
    raise AttributeError(f"module 'bacara_teach.widgets' has no attribute {name!r}")
