"""The chapters' "Check yourself" sections: real questions, answered by the engine at build time.

Each section holds a ``data-practice="self-check"`` element whose data (questions, answers,
explanations) the engine wrote when the page was built; the site's practice script judges a
reader's answer from it.  Here the answers on the built pages are held against the engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sitecheck import parse_page

from bacara_teach import CHEMIN_DE_FER, PUNTO_BANCO, Coup, hand_total, parse_cards
from bacara_teach.i18n import term
from bacara_teach.narration import narrate_step
from bacara_teach.practice import answer_labels
from bacara_teach.tableau import is_natural
from bacara_teach.tables import PROFILES

pytestmark = pytest.mark.docs

CHECKED = ("start-here", "history", "cards-and-scoring", "third-card-rule", "worked-examples",
           "chemin-de-fer", "baccarat-banque")


def _checks(site_dir: Path, chapter: str, lang: str) -> list[dict[str, Any]]:
    folder = site_dir / "es" if lang == "es" else site_dir
    page = parse_page(folder / "chapters" / f"{chapter}.html")
    found = [d for d in page.find_all("div") if d.attrs.get("data-practice") == "self-check"]
    assert len(found) == 1, f"{chapter}: {len(found)} self-checks"
    (holder,) = found[0].find_all("script")
    data = json.loads(holder._raw_text())
    assert data["lang"] == lang
    questions: list[dict[str, Any]] = data["questions"]
    for q in questions:
        assert q["kind"] in ("choice", "numbers", "open")
        assert q["why"].strip(), (chapter, q)
        if q["kind"] == "choice":
            assert q["answer"] in q["choices"]
    return questions


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_checked_chapter_asks_real_questions(site_dir: Path, lang: str) -> None:
    for chapter in CHECKED:
        questions = _checks(site_dir, chapter, lang)
        assert sum(q["kind"] != "open" for q in questions) >= 2, chapter


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_answers_are_the_engine_answers(site_dir: Path, lang: str) -> None:
    cards = _checks(site_dir, "cards-and-scoring", lang)
    assert cards[0]["answer"] == [hand_total(parse_cards("6♣ 7♦ 9♠"))]
    assert (cards[1]["answer"] == cards[1]["choices"][0]) == is_natural(hand_total(parse_cards("Q♥ 8♣")))
    assert cards[2]["answer"] == term(Coup.from_cards("10♦ 9♣ 9♠ K♥").winner.value, lang)
    third = _checks(site_dir, "third-card-rule", lang)
    coup = Coup.from_cards("6♣ 3♦ K♥ 2♠ 4♥")
    assert (third[0]["answer"] == third[0]["choices"][0]) == (len(coup.punto) == 3)
    assert (third[1]["answer"] == third[1]["choices"][0]) == (len(coup.banco) == 3)
    decided = [narrate_step(s, lang) for s in coup.steps if s.cell is not None]
    assert [third[0]["why"], third[1]["why"]] == decided
    worked = _checks(site_dir, "worked-examples", lang)
    for q, dealt in zip(worked, ["6♣ 5♦ K♥ Q♠ 3♥", "2♠ 4♥ 3♣ K♦ 9♦", "5♦ 4♠ 3♥ 3♣"], strict=True):
        assert q["answer"] == term(Coup.from_cards(dealt).winner.value, lang)
        assert q["why"] == " ".join(Coup.from_cards(dealt).narrate(lang).splitlines())
    start = _checks(site_dir, "start-here", lang)
    assert start[0]["answer"] == "Chemin de Fer"
    online = PROFILES["online"]
    assert start[1]["answer"] == [online.decks, 52 * online.decks]
    history = _checks(site_dir, "history", lang)
    assert (history[1]["answer"] == history[1]["choices"][0]) == bool(PUNTO_BANCO.free_cells())
    chemin = _checks(site_dir, "chemin-de-fer", lang)
    labels = answer_labels(lang)
    assert [q["answer"] for q in chemin[-2:]] == [
        labels[CHEMIN_DE_FER.banker_decision(5, third).value] for third in (4, 6)]
