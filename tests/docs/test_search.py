"""The site's search answers questions about the rules, in every language of the site.

Each question is asked of the built site's own search index (``searchindex.js``) through
Sphinx's own search code (``searchtools.js`` with the site's ``language_data.js`` and its
scorer), run by Node.js exactly as the search page runs it in a browser
(``search_in_node.mjs``); the page that answers the question must be among the first three
results.  A reader asks about rules, so the programming interface comes after every page of
prose; a name from the code still finds its object there.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import sitebuild

pytestmark = pytest.mark.docs

NODE_SEARCH = Path(__file__).resolve().parent / "search_in_node.mjs"
TOP = 3

THIRD_CARD = "chapters/third-card-rule"
CARDS = "chapters/cards-and-scoring"
PAYING = "chapters/paying-bets"
ODDS = "chapters/odds"
CHEMIN = "chapters/chemin-de-fer"
SIDE_BETS = "chapters/side-bets"
ROADS = "chapters/roads"
RULES_PB = "reference/rules-punto-banco"
RULES_CDF = "reference/rules-chemin-de-fer"
GLOSSARY = "reference/glossary"
FAQ = "reference/faq"
API = "reference/api"

QUESTIONS: dict[str, list[tuple[str, set[str]]]] = {
    "en": [
        ("third card", {THIRD_CARD}),
        ("commission", {PAYING, RULES_PB, FAQ}),
        ("tie pays", {PAYING, RULES_PB}),
        ("banco suivi", {CHEMIN, RULES_CDF, GLOSSARY}),
        ("house edge", {ODDS}),
        ("natural", {CARDS}),
        ("pair bet", {PAYING, ODDS}),
        ("card values", {CARDS}),
        ("last digit", {CARDS}),
        ("banco draws", {THIRD_CARD}),
        ("punto draws", {THIRD_CARD}),
        ("suits", {CARDS, FAQ}),
        ("commission-free table", {SIDE_BETS, PAYING}),
        ("dragon 7", {SIDE_BETS}),
        ("EZ Baccarat", {SIDE_BETS, PAYING}),
        ("big road", {ROADS}),
        ("gambler's fallacy", {ROADS}),
        ("Baccarat Banque", {"chapters/baccarat-banque"}),
        ("free choice", {CHEMIN, RULES_CDF, "chapters/cdf-decisions"}),
        ("table limits", {PAYING, RULES_PB}),
        ("history", {"chapters/history"}),
        ("rules card", {RULES_PB}),
        ("how many decks", {RULES_PB}),
        ("hand in a paper", {"handing-in"}),
        ("grading", {"teachers"}),
        ("betting system", {ODDS}),
        ("home session", {"chapters/home-session"}),
        ("glossary", {GLOSSARY}),
    ],
    "es": [
        ("tercera carta", {THIRD_CARD}),
        ("comisión", {PAYING, RULES_PB, FAQ}),
        ("empate", {PAYING, RULES_PB}),
        ("apuesta al empate", {PAYING}),
        ("banco suivi", {CHEMIN, RULES_CDF, GLOSSARY}),
        ("ventaja de la casa", {ODDS}),
        ("natural", {CARDS}),
        ("apuesta a pareja", {PAYING, ODDS}),
        ("valor de las cartas", {CARDS}),
        ("última cifra", {CARDS}),
        ("cuándo roba Banco", {THIRD_CARD}),
        ("cuándo roba Punto", {THIRD_CARD}),
        ("palos", {CARDS, FAQ}),
        ("mesa sin comisión", {SIDE_BETS, PAYING}),
        ("dragon 7", {SIDE_BETS}),
        ("EZ Baccarat", {SIDE_BETS, PAYING}),
        ("camino grande", {ROADS}),
        ("falacia del jugador", {ROADS}),
        ("Bacará Banque", {"chapters/baccarat-banque"}),
        ("elección libre", {CHEMIN, RULES_CDF, "chapters/cdf-decisions"}),
        ("límites de la mesa", {PAYING, RULES_PB}),
        ("historia", {"chapters/history"}),
        ("tarjeta de reglas", {RULES_PB}),
        ("cuántas barajas", {RULES_PB}),
        ("entregar una hoja", {"handing-in"}),
        ("calificación", {"teachers"}),
        ("sistema de apuestas", {ODDS}),
        ("sesión en casa", {"chapters/home-session"}),
        ("glosario", {GLOSSARY}),
    ],
    "fr": [
        ("troisième carte", {THIRD_CARD}),
        ("commission", {PAYING, RULES_PB, FAQ}),
        ("égalité", {PAYING, RULES_PB}),
        ("banco suivi", {CHEMIN, RULES_CDF, GLOSSARY}),
        ("avantage de la maison", {ODDS}),
        ("naturel", {CARDS}),
        ("pari sur une paire", {PAYING, ODDS}),
        ("valeur des cartes", {CARDS}),
        ("dernier chiffre", {CARDS}),
        ("quand Banco tire", {THIRD_CARD}),
        ("quand Punto tire", {THIRD_CARD}),
        ("tableau de tirage", {THIRD_CARD}),
        ("couleurs", {CARDS, FAQ}),
        ("table sans commission", {SIDE_BETS, PAYING}),
        ("Dragon 7", {SIDE_BETS}),
        ("EZ Baccarat", {SIDE_BETS, PAYING}),
        ("Grande route", {ROADS}),
        ("sophisme du joueur", {ROADS}),
        ("Baccarat Banque", {"chapters/baccarat-banque"}),
        ("choix libre", {CHEMIN, RULES_CDF, "chapters/cdf-decisions"}),
        ("limites de table", {PAYING, RULES_PB}),
        ("histoire", {"chapters/history"}),
        ("fiche des règles", {RULES_PB}),
        ("combien de jeux", {RULES_PB}),
        ("rendre une copie", {"handing-in"}),
        ("notation", {"teachers"}),
        ("système de mise", {ODDS}),
        ("séance à la maison", {"chapters/home-session"}),
        ("glossaire", {GLOSSARY}),
    ],
}
"""Rule questions a reader types, and the pages that answer them."""
SHARED_WORD = {"en": "commission", "es": "comisión", "fr": "commission"}
"""A word of the rules that the programming interface uses too, in each language."""

CODE_NAMES = [("settle_bet", API), ("banker_decision", API)]
"""Names from the code, which only the programming interface answers."""


def ask(site: Path, lang: str, queries: list[str]) -> list[list[list[Any]]]:
    """The results the search page of ``lang`` lists for each query, best first."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: install Node.js (the site's build needs it too)",
                    pytrace=False)
    folder = sitebuild.site_folder(site, lang)
    run = subprocess.run([node, str(NODE_SEARCH), str(folder)], input=json.dumps(queries),
                         capture_output=True, text=True, encoding="utf-8", check=False, timeout=120)
    assert run.returncode == 0, run.stderr
    answers: list[list[list[Any]]] = json.loads(run.stdout)
    assert len(answers) == len(queries)
    return answers


@pytest.mark.parametrize("lang", sorted(QUESTIONS))
def test_rule_questions_find_the_page_that_answers_them(site_dir: Path, lang: str) -> None:
    questions = QUESTIONS[lang]
    assert len(questions) >= 20
    answers = ask(site_dir, lang, [query for query, _pages in questions])
    missed = []
    for (query, pages), results in zip(questions, answers, strict=True):
        first = [doc for doc, *_rest in results[:TOP]]
        if not pages & set(first):
            missed.append(f"{query!r}: expected one of {sorted(pages)}, got {first}")
        assert API not in first, (query, first)
    assert missed == []


@pytest.mark.parametrize("lang", sorted(QUESTIONS))
def test_prose_ranks_above_the_programming_interface(site_dir: Path, lang: str) -> None:
    """A word both the rules and the code use: every page of prose comes before the
    interface's objects and its page."""
    (results,) = ask(site_dir, lang, [SHARED_WORD[lang]])
    kinds = [(doc == API or kind == "object") for doc, _title, _anchor, kind, _score in results]
    assert kinds[0] is False
    assert kinds == sorted(kinds), "an interface entry ranks above a page of prose"


def test_a_name_from_the_code_still_finds_the_interface(site_dir: Path) -> None:
    answers = ask(site_dir, "en", [name for name, _page in CODE_NAMES])
    for (name, page), results in zip(CODE_NAMES, answers, strict=True):
        objects = [(doc, title) for doc, title, _anchor, kind, _score in results if kind == "object"]
        assert objects, (name, results)
        doc, title = objects[0]  # the object of that name first among the interface's
        assert doc == page and title.endswith("." + name), objects[:3]


def test_an_incremental_build_keeps_the_index_entries_of_the_pages_it_leaves_alone(
        tmp_path: Path) -> None:
    # sphinx-doc/sphinx#12599: Sphinx does not read the index entries of the pages it does not
    # write again back from the previous index; front_door puts them back.
    import front_door
    from sphinx.search import js_index

    frozen = {"docnames": ["chapters/odds", "chapters/roads", "gone"],
              "indexentries": {"house edge": [[0, "index-0", True]],
                               "big road": [[1, "index-1", False]], "old": [[2, "x", False]]}}
    (tmp_path / "searchindex.js").write_text(js_index.dumps(frozen), encoding="utf-8")
    fed = {"chapters/odds": [("house edge", "index-3", "main")]}  # written again this build

    indexer = SimpleNamespace(_index_entries=dict(fed))
    app = SimpleNamespace(
        builder=SimpleNamespace(indexer=indexer, outdir=tmp_path, searchindex_filename="searchindex.js"),
        env=SimpleNamespace(all_docs={"chapters/odds": 0, "chapters/roads": 0}))
    assert front_door._keep_index_entries(app) == []
    assert indexer._index_entries == {"chapters/odds": [("house edge", "index-3", "main")],
                                      "chapters/roads": [("big road", "index-1", "")]}


def test_every_language_of_the_site_is_asked_its_questions() -> None:
    assert sorted(QUESTIONS) == sorted(sitebuild.LANGUAGES) == sorted(SHARED_WORD)
