"""Practice on the static pages: one module per kind, and the registry of what the course trains.

A built page has no Python behind it.  Each kind of practice the pages show is one module
here, which prepares, when the site is built, everything its script
(``docs/_static/practice-KIND.js``) needs, as data: the questions, the engine's answers and
explanations, every word in the page's language and its number symbols.  The script only
reads that data and compares the reader's answers with the engine's.

* :mod:`~bacara_teach.practice.drill`: the tableau drill (both games' third-card tables), the
  coup stepper and the "Check yourself" questions (their script is ``practice.js`` itself,
  which also holds what every kind shares: the record, the scheduler, numbers, elements);
* :mod:`~bacara_teach.practice.caller`: the coup caller;
* :mod:`~bacara_teach.practice.paytable`: pay the table;
* :mod:`~bacara_teach.practice.banque` (and :mod:`~bacara_teach.practice.banque_situations`,
  the situations it deals): the Baccarat Banque banker's drill;
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
