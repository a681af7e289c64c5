"""The one text layer: messages rendered through the catalogues, numbers in the reader's way.

The engine's catalogues are checked here the way the site's are: every message of the code
is in the template, every translation is present, not fuzzy, keeps its parameters, and the
compiled ``.mo`` says what its ``.po`` says.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from bacara_teach.analysis.edges import BetTerms
from bacara_teach.analysis.roads import deal_shoe
from bacara_teach.analysis.simulation import simulate_coups
from bacara_teach.errors import BacaraError, IllegalAction
from bacara_teach.figures import nice_ticks
from bacara_teach.practice.drill import drill_data
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
    (-0.0124, ".2%", "\u22121.24%", "\u22121,24\u00a0%"),
    (Decimal("12375.5"), ",.2f", "12,375.50", "12.375,50"),
    # CLDR's minimum grouping digits: Spanish groups from five digits on, English from four
    (Decimal("1237.5"), ",.2f", "1,237.50", "1237,50"),
    (2999, ",", "2,999", "2999"),
    (-2999, ",", "\u22122,999", "\u22122999"),
    (-10000, ",d", "\u221210,000", "\u221210.000"),
    (29.99, ",.0%", "2,999%", "2999\u00a0%"),
    (1234567, ",", "1,234,567", "1.234.567"),
    (float(Fraction(1, 4)), ".3f", "0.250", "0,250"),
    (-3, "+d", "\u22123", "\u22123"),
])
def test_numbers_follow_the_reader(value: object, spec: str, en: str, es: str) -> None:
    assert format_number(value, spec, "en") == en
    assert en.replace("\u2212", "-") == format(value, spec)  # Python's, with a true minus
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
    codes = ", ".join(language_codes())
    with pytest.raises(IllegalAction, match=rf"unknown language 'xx': expected one of {codes}$"):
        tr("Banco wins.", "xx")


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


# -- every refusal is a message ------------------------------------------------------------------
_MESSAGE_MAKERS = {"message", "nmessage", "pmessage", "Message"}


def _project_errors(trees: dict[str, ast.Module]) -> set[str]:
    """The names of BacaraError and of every class the package derives from it."""
    found, grown = {"BacaraError"}, True
    while grown:
        grown = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in found and any(
                        _name(base) in found for base in node.bases):
                    found.add(node.name)
                    grown = True
    return found


def _name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


def _refusals_without_a_message(trees: dict[str, ast.Module]) -> list[str]:
    """``raise SomeProjectError(<first argument>)`` whose argument is not a message: the
    argument must be a call that makes one (message(...), or a function annotated to return a
    Message) or a name that holds one (an error's ``.message``)."""
    errors = _project_errors(trees)
    makers = set(_MESSAGE_MAKERS)
    for tree in trees.values():
        makers.update(node.name for node in ast.walk(tree)
                      if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                      and node.returns is not None and ast.unparse(node.returns) in ("Message", "Wording"))
    found = []
    for where, tree in trees.items():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                    and _name(node.exc.func) in errors and node.exc.args):
                continue
            first = node.exc.args[0]
            if isinstance(first, ast.Name | ast.Attribute | ast.Subscript):
                continue
            if isinstance(first, ast.Call) and _name(first.func) in makers:
                continue
            found.append(f"{where}:{node.lineno}: {ast.unparse(first)[:100]}")
    return found


def test_every_refusal_of_the_package_carries_a_message() -> None:
    """No project error is raised with a finished English sentence (an f-string or a literal):
    each carries a Message, so that it reaches every reader in their language."""
    trees = {p.relative_to(ROOT).as_posix(): ast.parse(p.read_text(encoding="utf-8"))
             for p in (ROOT / "bacara_teach").rglob("*.py") if "__pycache__" not in p.parts}
    assert len(_project_errors(trees)) > 10  # the scan sees the package's own error classes
    found = _refusals_without_a_message(trees)
    assert not found, f"{len(found)} refusal(s) without a message:\n" + "\n".join(found)
    # and the scan does see one, written the old way
    old_way = ast.parse('class Bad(BacaraError): ...\n'
                        'def f(x):\n    raise Bad(f"invalid {x!r}")\n'
                        'def g():\n    raise Bad("plain English")\n'
                        'def h(e):\n    raise Bad(message("fine")) from e\n')
    assert [line.split(":")[1] for line in _refusals_without_a_message({"t.py": old_way})] == \
        ["3", "5"]


@pytest.mark.parametrize(("refuse", "spanish"), [
    (lambda: BetTerms(name="banco", on="banco", payout=0.95),  # type: ignore[arg-type]
     "pago no válido 0.95: se esperaba un número exacto (int o Fraction), p. ej. Fraction(19, 20)"),
    (lambda: deal_shoe(8, cut_card=3),
     "carta de corte no válida 3: se esperaba un número entero de cartas de 6 a 416"),
    (lambda: drill_data("macao"), "ejercicio desconocido 'macao': se esperaba uno de "),
    (lambda: nice_ticks(0, 1, 0), "número de marcas no válido 0: se esperaba 1 o más"),
    (lambda: simulate_coups(0),
     "número de coups no válido 0: se esperaba un número entero igual o mayor que 1"),
])
def test_the_engine_s_refusals_read_in_spanish(refuse: Callable[[], object], spanish: str) -> None:
    with pytest.raises(BacaraError) as caught:
        refuse()
    assert caught.value.text("es").startswith(spanish), caught.value.text("es")
    assert caught.value.text("en") == str(caught.value) != caught.value.text("es")
