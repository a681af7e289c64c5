"""Practice on the static pages: one module per kind, and the registry of what the course trains.

A built page has no Python behind it.  Each kind of practice the pages show is one module
here, which prepares, when the site is built, everything its script
(``docs/_static/practice-KIND.js``) needs, as data: the questions, the engine's answers and
explanations, every word in the page's language and its number symbols.  The script only
reads that data and compares the reader's answers with the engine's.

* :mod:`~bacara_teach.practice.drill`: the tableau drill (both games' third-card tables), the
  coup stepper and the "Check yourself" questions (their script is ``practice.js`` itself,
  which also holds what every kind shares: the record, the scheduler, numbers, elements);
* :mod:`~bacara_teach.practice.caller` and :mod:`~bacara_teach.practice.cdf_caller`: the coup
  caller, for Punto Banco and for Chemin de Fer;
* :mod:`~bacara_teach.practice.paytable`: pay the table;
* :mod:`~bacara_teach.practice.banque` (and :mod:`~bacara_teach.practice.banque_situations`,
  the situations it deals): the Baccarat Banque banker's drill;
* :mod:`~bacara_teach.practice.procedures`: the Chemin de Fer table's procedures (who acts
  now, and what may they do?);
* :mod:`~bacara_teach.practice.seat`, :mod:`~bacara_teach.practice.odds`,
  :mod:`~bacara_teach.practice.roads`: the Chemin de Fer seat, the odds explorer, the roads
  board;
* :mod:`~bacara_teach.practice.path`: the registry of the skills the course trains, which the
  practice path and its final check read.

The home scoreboard and the online table are widgets of the live notebooks as well, so their
page data is made beside the widget (``scoreboard_data`` and ``online_table_data`` in
:mod:`bacara_teach.widgets`); :mod:`~bacara_teach.practice._page` holds what every kind's page
block shares.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["KINDS", "Kind", "kind"]


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of practice: its name on the page (``data-practice``), the module that makes its
    data and page block, its script in ``docs/_static`` and the record it keeps in the browser's
    store (``None``: it keeps none; ``"game"``: one per drilled game, named after it; a name
    with ``{game}`` in it: one per game it is shown for, ``caller-punto-banco`` and
    ``caller-chemin-de-fer``)."""

    name: str
    module: str
    script: str
    store: str | None


KINDS: tuple[Kind, ...] = (
    Kind("tableau-drill", "bacara_teach.practice.drill", "practice-tableau-drill.js", "game"),
    Kind("coup-stepper", "bacara_teach.practice.drill", "practice-coup-stepper.js", None),
    Kind("self-check", "bacara_teach.practice.drill", "practice.js", None),
    Kind("coup-caller", "bacara_teach.practice.caller", "practice-coup-caller.js", "caller-{game}"),
    Kind("pay-table", "bacara_teach.practice.paytable", "practice-pay-table.js", "pay-table"),
    Kind("banque-drill", "bacara_teach.practice.banque", "practice-banque-drill.js", "banque-drill"),
    Kind("chemin-seat", "bacara_teach.practice.seat", "practice-chemin-seat.js", None),
    Kind("odds-explorer", "bacara_teach.practice.odds", "practice-odds-explorer.js", None),
    Kind("roads-board", "bacara_teach.practice.roads", "practice-roads-board.js", None),
    Kind("home-scoreboard", "bacara_teach.widgets.home", "practice-home-scoreboard.js", None),
    Kind("online-table", "bacara_teach.widgets.online", "practice-online-table.js", None),
    Kind("cdf-procedures", "bacara_teach.practice.procedures", "practice-cdf-procedures.js",
         "cdf-procedures"),
    Kind("path", "bacara_teach.practice.path", "practice-path.js", "path"),
)
"""Every kind of practice the pages show.  A new kind is a module that makes its data and
its page block (:func:`~bacara_teach.practice._page.practice_node`), a script
``docs/_static/practice-KIND.js`` that calls ``BacaraPractice.register(KIND, ...)``, and an
entry here; a kind that keeps a record adds the skills it trains to
:func:`bacara_teach.practice.path.skills`."""


def kind(name: str) -> Kind:
    """The kind of practice called ``name``.

    >>> kind("pay-table").script
    'practice-pay-table.js'
    """
    for known in KINDS:
        if known.name == name:
            return known
    raise KeyError(name)
