"""The one text layer: messages rendered through the catalogues, numbers in the reader's way.

The engine's catalogues are checked here the way the site's are: every message of the code
is in the template, every translation is present, not fuzzy, keeps its parameters, and the
compiled ``.mo`` says what its ``.po`` says.
"""

from __future__ import annotations

import re
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from bacara_teach.errors import IllegalAction
from bacara_teach.text import (
    Message,
    format_number,
    language,
    language_codes,
    message,
    nmessage,
    ntr,
    tr,
)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
import engine_messages  # noqa: E402


def test_the_engine_catalogues_are_complete_and_compiled() -> None:
    problems = engine_messages.check()
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems[:60])


def test_every_language_listed_has_its_number_symbols() -> None:
    assert language_codes()[0] == "en"
    for code in language_codes():
        numbers = language(code).numbers
        assert set(numbers) >= {"decimal", "group", "minus", "percent"}
        assert "{number}" in numbers["percent"]


@pytest.mark.parametrize(("value", "spec", "en", "es"), [
    (20000, ",", "20,000", "20.000"),
    (0.95, "", "0.95", "0,95"),
    (0.4532, ".2%", "45.32%", "45,32\u00a0%"),
    (-0.0124, ".2%", "-1.24%", "\u22121,24\u00a0%"),
    (Decimal("12375.5"), ",.2f", "12,375.50", "12.375,50"),
    # CLDR's minimum grouping digits: Spanish groups from five digits on, English from four
    (Decimal("1237.5"), ",.2f", "1,237.50", "1237,50"),
    (2999, ",", "2,999", "2999"),
    (-2999, ",", "-2,999", "\u22122999"),
    (-10000, ",d", "-10,000", "\u221210.000"),
    (29.99, ",.0%", "2,999%", "2999\u00a0%"),
    (1234567, ",", "1,234,567", "1.234.567"),
    (float(Fraction(1, 4)), ".3f", "0.250", "0,250"),
    (-3, "+d", "-3", "\u22123"),
])
def test_numbers_follow_the_reader(value: object, spec: str, en: str, es: str) -> None:
    assert format_number(value, spec, "en") == en == format(value, spec)
    assert format_number(value, spec, "es") == es


def test_a_message_renders_its_numbers_in_the_language_and_str_is_english() -> None:
    refused = IllegalAction(message("a bet of {amount:,} is over {share:.1%}", amount=15000,
                                    share=0.25))
    assert str(refused) == "a bet of 15,000 is over 25.0%"
    spanish = refused.text("es")
    assert not re.search(r"\d,\d{3}(?!\d)|\d\.\d{1,2}(?!\d)", spanish), spanish
    assert "15.000" in spanish and "25,0\u00a0%" in spanish
    # a four-digit amount is not grouped in Spanish (CLDR), and is in English
    small = IllegalAction(message("a bet of {amount:,} is over {share:.1%}", amount=1500,
                                  share=0.25))
    assert str(small) == "a bet of 1,500 is over 25.0%"
    assert small.text("es") == "a bet of 1500 is over 25,0\u00a0%"


def test_plural_forms_and_nested_messages() -> None:
    assert ntr("{count} coup", "{count} coups", 1, "en") == "1 coup"
    assert str(nmessage("{count} deck", "{count} decks", 8)) == "8 decks"
    outer = message("{what}, then {n}", what=message("{x:.1f}", x=0.5), n=2)
    assert outer.render("es") == "0,5, then 2"
    assert isinstance(outer, Message) and outer == message("{what}, then {n}",
                                                           what=message("{x:.1f}", x=0.5), n=2)


def test_an_unknown_language_is_refused_with_the_valid_ones() -> None:
    with pytest.raises(IllegalAction, match=r"unknown language 'fr': expected one of en, es"):
        tr("Banco wins.", "fr")


def test_booleans_and_text_are_not_numbers() -> None:
    assert tr("{a} {b}", "es", a=True, b="4.75") == "True 4.75"


# -- one mechanism ------------------------------------------------------------------------------
_LANGUAGE_CODE_IN_CODE = re.compile(
    r"""\bpick\(|[=!]=\s*["']es["']|["']es["']\s*:|\b\w+_es\b|\b_?[A-Z_]+_ES\b|\bes=["'(]""")
_KNOWS_LANGUAGES = {"bacara_teach/text.py", "bacara_teach/i18n.py"}


def _code_lines(path: Path) -> list[tuple[int, str]]:
    """The lines of ``path`` that are code (docstrings and comments are left out roughly:
    lines inside triple-quoted blocks and ``#`` comments)."""
    out, in_doc = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        quotes = stripped.count('"""') + stripped.count("'''")
        if in_doc or stripped.startswith(("#", ">>>", "...")):
            in_doc = in_doc != (quotes % 2 == 1)
            continue
        if quotes % 2 == 1:
            in_doc = True
        out.append((number, line.split("  #", 1)[0]))
    return out


def test_no_module_speaks_a_language_of_its_own() -> None:
    """Only the text layer knows language codes: no pick(), no Spanish tables or branches."""
    found = []
    sources = [p for p in (ROOT / "bacara_teach").rglob("*.py") if "__pycache__" not in p.parts]
    sources += list((ROOT / "docs" / "_ext").glob("*.py"))
    for path in sources:
        name = path.relative_to(ROOT).as_posix()
        if name in _KNOWS_LANGUAGES:
            continue
        for number, line in _code_lines(path):
            if _LANGUAGE_CODE_IN_CODE.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    for page in (ROOT / "docs").rglob("*.md"):
        if "_build" in page.parts:
            continue
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if "pick(" in line or re.search(r"""[=!]=\s*["']es["']""", line):
                found.append(f"{page.relative_to(ROOT).as_posix()}:{number}: {line.strip()}")
    assert not found, f"{len(found)} place(s) speak a language of their own:\n" + "\n".join(found[:80])
