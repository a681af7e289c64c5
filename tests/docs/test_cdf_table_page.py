"""The chapter on running a Chemin de Fer table, as built in both languages: its practice holds
exactly the engine's moments, its seat deals for a single bettor (free on the totals the single
bettor's rule leaves free), and the rule the page states is the engine's."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bacara_teach import CHEMIN_DE_FER_SINGLE_BETTOR
from bacara_teach.practice.procedures import procedures_data
from bacara_teach.tableau import Decision

pytestmark = pytest.mark.docs

_DATA = re.compile(r"data-practice='([a-z-]+)'[^>]*><script type='application/json' "
                   r"class='bt-practice-data'>(.*?)</script>", re.S)


def _practice(site_dir: Path, lang: str) -> dict[str, Any]:
    folder = site_dir / "es" if lang == "es" else site_dir
    html = (folder / "chapters" / "cdf-table.html").read_text(encoding="utf-8")
    return {kind: json.loads(raw.replace("<\\/", "</")) for kind, raw in _DATA.findall(html)}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_procedures_are_the_engines_moments(site_dir: Path, lang: str) -> None:
    shown = _practice(site_dir, lang)
    assert shown["cdf-procedures"] == procedures_data(lang)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_seat_deals_for_a_single_bettor(site_dir: Path, lang: str) -> None:
    seat = _practice(site_dir, lang)["chemin-seat"]
    assert seat["bettors"] == 1 and seat["seat"] == "bettor"
    free = {c.total for c in CHEMIN_DE_FER_SINGLE_BETTOR.cells()
            if c.hand == "player" and c.decision is Decision.CHOICE}
    met = {coup["seats"]["bettor"]["seen"]["total"] for coup in seat["coups"]
           if "seen" in coup["seats"]["bettor"]}
    assert met and met <= free
    assert met - {5}, "the seat shows a free cell only a single bettor has"


def test_the_rule_the_page_states_is_the_engines(site_dir: Path) -> None:
    text = re.sub(r"<[^>]+>", "", (site_dir / "chapters" / "cdf-table.html").read_text(encoding="utf-8"))
    forced = [c.total for c in CHEMIN_DE_FER_SINGLE_BETTOR.cells()
              if c.hand == "player" and c.decision is Decision.DRAW]
    assert forced == [0]
    assert "the single bettor must draw on 0 and may choose on 1–7" in " ".join(text.split())
