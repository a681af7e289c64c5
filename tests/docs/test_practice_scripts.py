"""A page loads the scripts of the practice kinds it shows, with the page, after practice.js;
a page without a kind does not load its script."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.docs

STATIC = Path(__file__).resolve().parents[2] / "docs" / "_static"
KINDS = sorted(path.name[len("practice-"):-len(".js")] for path in STATIC.glob("practice-*.js"))
_NODE = re.compile(r"data-practice=['\"]([a-z][a-z-]*)['\"]")
_SCRIPT = re.compile(r"<script[^>]*\bsrc=\"[^\"]*_static/(practice(?:-[a-z-]+)?)\.js[^\"]*\"")


def test_each_page_loads_the_scripts_of_the_kinds_it_shows(site_dir: Path) -> None:
    assert {"coup-caller", "pay-table", "online-table"} <= set(KINDS)
    shown = 0
    for page in site_dir.glob("**/*.html"):
        if "_static" in page.parts or "lite" in page.parts:
            continue
        html = page.read_text(encoding="utf-8")
        kinds = {k for k in _NODE.findall(html) if k in KINDS}
        scripts = _SCRIPT.findall(html)
        loaded = {s[len("practice-"):] for s in scripts if s != "practice"}
        assert loaded == kinds, page
        if kinds:
            shown += 1
            # practice.js first: each kind's script registers itself with it
            assert scripts.index("practice") < min(scripts.index(f"practice-{k}") for k in kinds), page
    assert shown >= 8
