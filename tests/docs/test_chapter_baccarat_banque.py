"""The Baccarat Banque chapter, built in English and in Spanish, shows the engine's coup and values.

Read from the built site: the narrated coup is the engine's narration in the page's language,
the table of the banker's decisions holds the engine's exact values written the reader's way,
and the self-check's answers are the engine's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from sitecheck import Element, parse_page

from bacara_teach.baccarat_banque import (
    BankerView,
    Stakes,
    best_for_bank,
    deal_coup,
    decision_values,
    settlement_text,
)
from bacara_teach.cards import format_cards
from bacara_teach.pages.baccarat_banque import CHECKS, SITUATIONS, chips
from bacara_teach.practice.drill import answer_labels
from bacara_teach.tableau import Decision
from bacara_teach.text import language_codes

pytestmark = pytest.mark.docs

# A number written the English way on the Spanish page: a decimal point between digits.
ENGLISH_DECIMAL = re.compile(r"\d\.\d{2}(?!\d)")


@pytest.fixture(scope="module", params=language_codes())
def page(request: pytest.FixtureRequest, site_dir: Path) -> tuple[str, Element]:
    folder = site_dir if request.param == "en" else site_dir / request.param
    return request.param, parse_page(folder / "chapters" / "baccarat-banque.html")


def _worked_coup() -> Any:
    stakes = Stakes(right=100, left=20)
    view = BankerView.situation("3♥ 2♠", right="K♦", stakes=stakes)
    return deal_coup("2♣ 3♠ 3♥ 2♦ 2♥ 2♠ K♦", stakes=stakes, left="stand",
                     banker=best_for_bank(view))


def test_the_coup_is_narrated_by_the_engine_in_the_page_s_language(page: tuple[str, Element]) -> None:
    lang, root = page
    outputs = "\n".join(pre.text() for pre in root.find_all("pre"))
    coup = _worked_coup()
    # (the page's text is read with its spaces collapsed, French's no-break ones among them)
    for line in coup.narrate(lang).splitlines():
        assert " ".join(line.split()) in outputs
    assert " ".join(settlement_text(coup, lang).split()) in outputs


def test_the_table_holds_the_engine_s_exact_values(page: tuple[str, Element]) -> None:
    lang, root = page
    (table,) = root.find_all("table", class_="bt-banque-values")
    rows = table.find("tbody").children_of("tr")
    assert len(rows) == len(SITUATIONS)
    labels = answer_labels(lang)
    for row, situation in zip(rows, SITUATIONS, strict=True):
        view = situation.view()
        values = decision_values(view)
        cells = [td.text() for td in row.children_of("td")]
        assert row.children_of("th")[0].text() == f"{format_cards(view.cards)} ({view.total})"
        assert cells[-3:-1] == [chips(values[Decision.STAND], lang),
                                chips(values[Decision.DRAW], lang)]
        better = "draw" if values[Decision.DRAW] > values[Decision.STAND] else "stand"
        assert cells[-1] == labels[better]
        assert row.attrs["data-better"] == best_for_bank(view).value
    if lang == "es":
        assert not ENGLISH_DECIMAL.search(table.text())


def test_the_self_check_answers_are_the_engine_s(page: tuple[str, Element]) -> None:
    lang, root = page
    (holder,) = [d for d in root.find_all("div") if d.attrs.get("data-practice") == "self-check"]
    data = json.loads(holder.find("script")._raw_text())
    assert data["lang"] == lang
    questions = data["questions"]
    labels = answer_labels(lang)
    assert len(questions) == len(CHECKS) + 1
    for q, situation in zip(questions[:-1], CHECKS, strict=True):
        assert q["kind"] == "choice" and q["answer"] in q["choices"]
        assert q["answer"] == labels[best_for_bank(situation.view()).value]
        assert situation.view().describe(lang) in q["prompt"]
    coup = deal_coup("9♠ 2♥ 4♦ K♣ 2♦ 10♠ 6♥ 5♣", stakes=Stakes(10, 30, 20), banker="draw")
    assert questions[-1]["answer"] == [int(coup.settlement.bank)]
    assert questions[-1]["why"] == settlement_text(coup, lang)


def test_the_spanish_page_names_the_roles_in_spanish(site_dir: Path) -> None:
    text = parse_page(site_dir / "es" / "chapters" / "baccarat-banque.html").text()
    for word in ("banquero", "apostadores", "lado derecho", "a caballo"):
        assert word in text
    assert "Where the rules come from" not in text


def test_the_drill_carries_the_engine_s_situations_in_the_page_s_language(
        page: tuple[str, Element], site_dir: Path) -> None:
    from bacara_teach.practice.banque import BANQUE_KIND, banque_drill_data, drill_text

    lang, root = page
    nodes = [d for d in root.find_all("div") if d.attrs.get("data-practice") == BANQUE_KIND]
    assert len(nodes) == 1
    assert nodes[0].attrs.get("lang") == lang
    (holder,) = nodes[0].find_all("script")
    raw = holder._raw_text()
    expected = banque_drill_data(lang)
    assert json.loads(raw) == expected
    # (read with its spaces collapsed, and Sphinx's typographic apostrophe as typed)
    assert " ".join(drill_text(lang).split()) in root.text().replace("\u2019", "'")
    served = site_dir / "_static" / "practice-banque-drill.js"
    size = (len(raw.encode("utf-8")) + served.stat().st_size
            + (site_dir / "_static" / "practice.js").stat().st_size)
    assert size <= 150 * 1024, f"{lang}: {size} bytes of script and data"
    if lang != "en":
        assert not ENGLISH_DECIMAL.search(" ".join(s["why"] for s in expected["situations"]))
