"""Settings for every test and doctest: the engine speaks English unless a test says otherwise.

The engine's default language follows ``BACARA_LANG`` and then the locale, so a machine set
to Spanish would otherwise change what the English doctests print.  Tests of the other
language name it (``lang="es"``) or set ``BACARA_LANG`` themselves with ``monkeypatch``.
"""

from __future__ import annotations

import os

os.environ["BACARA_LANG"] = "en"

