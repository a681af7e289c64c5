"""The English pages write a negative number with the true minus sign, as the Spanish ones do.

Every figure a page shows goes through the text layer, which writes the minus sign of the
reader's language (``languages.json``); for English, as for Spanish, that is U+2212, never a
hyphen.  What a reader types may carry either (the page scripts and the command line read
both).
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from sitecheck import Element, parse_page

from bacara_teach.money import format_signed
from bacara_teach.punto_banco import Coup
from bacara_teach.settlement import Bet, settle_bet
from bacara_teach.text import language, language_codes, localize_number

pytestmark = pytest.mark.docs

MACHINE = frozenset({"pre", "code", "kbd", "samp", "script", "style", "svg", "textarea"})
"""Elements whose text is code or machine output, not prose."""

HYPHEN_NUMBER = re.compile(r"(?<![\w\u2212+\-])-\d")
"""A number with a hyphen for its minus sign (a range or a compound word has a letter or a
digit before the hyphen)."""


def _prose(element: Element) -> str:
    if element.tag in MACHINE or {"cell_input", "bt-card", "highlight"} & set(element.classes):
        return " "
    return "".join(child if isinstance(child, str) else _prose(child)
                   for child in element.children)


def _english_pages(site: Path) -> list[Path]:
    """The English pages a reader reads: chapters, reference, teachers' and students' pages
    (the programming interface shows its docstrings as written)."""
    found = [path for path in sorted(site.glob("**/*.html"))
             if path.relative_to(site).parts[0] not in {*language_codes(), "_static", "_sources",
                                                        "lite", "jupyter_execute", "_modules"}
             and path.stem != "api" and "api" not in path.relative_to(site).parts
             and path.name not in {"genindex.html", "search.html", "py-modindex.html"}]
    assert len(found) >= 20, found
    return found


def test_the_english_language_writes_a_true_minus() -> None:
    assert language("en").numbers["minus"] == "\u2212" == language("es").numbers["minus"]


def test_no_english_page_writes_a_negative_number_with_a_hyphen(site_dir: Path) -> None:
    minus_pages = 0
    for path in _english_pages(site_dir):
        main = parse_page(path).find("main")
        text = re.sub(r"\s+", " ", _prose(main))
        found = [text[max(0, m.start() - 30):m.end() + 10] for m in HYPHEN_NUMBER.finditer(text)]
        assert not found, f"{path.relative_to(site_dir)}: a hyphen for a minus, e.g. {found[:3]}"
        minus_pages += bool(re.search(r"\u2212\d", text))
    assert minus_pages >= 5, minus_pages


def test_a_lost_bet_reads_with_the_minus_sign_on_the_paying_bets_chapter(site_dir: Path) -> None:
    main = parse_page(site_dir / "chapters" / "paying-bets.html").find("main")
    text = re.sub(r"\s+", " ", _prose(main))
    lost = settle_bet(Coup.from_cards("4♥ 2♠ 9♣ A♦ 8♦"), Bet.of("punto", "20"), "home").net
    assert lost == Decimal(-20)
    assert localize_number(format_signed(lost), "en") == "\u221220"
    assert "\u221220" in text
