"""The site's own stylesheets are well formed: every rule closes before the next one opens.

A rule left open swallows the rules after it (a browser that reads CSS nesting takes them for
nested rules and applies them nowhere), so the styles of every widget below it are lost
without an error.  Only an at-rule (``@media``, ``@supports``...) may hold rules.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[1] / "docs" / "_static"
SHEETS = sorted(STATIC.glob("*.css"))


def _blocks(css: str) -> list[str]:
    """Problems of structure: a rule opened inside a rule, a brace closed twice, one left open."""
    text = re.sub(r"/\*.*?\*/", " ", css, flags=re.S)
    text = re.sub(r"\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'", '""', text)
    problems: list[str] = []
    stack: list[str] = []
    start = 0
    for match in re.finditer(r"[{}]", text):
        line = text.count("\n", 0, match.start()) + 1
        if match.group() == "{":
            head = text[start:match.start()].strip().splitlines()[-1:] or [""]
            at_rule = head[0].lstrip().startswith("@")
            if stack and stack[-1] == "rule":
                problems.append(f"line {line}: a rule opened inside the rule above it ({head[0].strip()!r})")
            stack.append("at" if at_rule else "rule")
        elif not stack:
            problems.append(f"line {line}: a brace closed that was never opened")
        else:
            stack.pop()
        start = match.end()
    if stack:
        problems.append(f"{len(stack)} block(s) left open at the end")
    return problems


def test_there_are_stylesheets() -> None:
    assert {sheet.name for sheet in SHEETS} >= {"practice.css", "bacara.css"}


@pytest.mark.parametrize("sheet", SHEETS, ids=[sheet.name for sheet in SHEETS])
def test_every_rule_closes_before_the_next(sheet: Path) -> None:
    assert _blocks(sheet.read_text(encoding="utf-8")) == []


def test_the_check_finds_a_rule_left_open() -> None:
    broken = ".a th,\n.a td {\n\n/* b */\n.b { color: red; }\n.c {\n  margin: 0;\n\n.d { x: y; }\n"
    found = _blocks(broken)
    assert any("line 5" in p for p in found) and any("left open" in p for p in found)
    assert _blocks("@media (max-width: 40em) {\n  .a { margin: 0; }\n}\n.b { color: red; }\n") == []
