"""Every page is lean: the theme's icons are inline SVG (no icon script), and only the search
page loads the search index."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import lean_pages  # noqa: E402


def _pages(site_dir: Path) -> list[Path]:
    # every language's pages (the Spanish site is in es/), not the theme's template fragments
    return [p for p in site_dir.rglob("*.html")
            if not {"lite", "_static"} & set(p.relative_to(site_dir).parts)]


def test_inline_icons_replaces_icons_and_drops_the_script() -> None:
    html = ('<head><script defer src="../_static/scripts/fontawesome.js?digest=ab"></script>'
            '</head><button><i class="theme-switch fa-solid fa-sun fa-lg" data-mode="light">'
            '</i></button>')
    out = lean_pages.inline_icons(html)
    assert "fontawesome.js" not in out and "<i " not in out
    svg = re.search(r"<svg [^>]*>", out)
    assert svg is not None
    assert 'class="svg-inline--fa theme-switch fa-sun fa-lg"' in svg.group(0)
    assert 'data-mode="light"' in svg.group(0) and 'aria-hidden="true"' in svg.group(0)
    box, body = lean_pages.icon_svg("solid", "sun")
    assert f'viewBox="{box}"' in svg.group(0) and body in out
    assert lean_pages.inline_icons(out) == out


def test_an_unknown_icon_is_an_error_naming_it() -> None:
    with pytest.raises(lean_pages.MissingIcon, match="fa-not-an-icon"):
        lean_pages.inline_icons('<i class="fa-solid fa-not-an-icon"></i>')


def test_no_built_page_loads_the_icon_script_or_keeps_an_icon_tag(site_dir: Path) -> None:
    pages = _pages(site_dir)
    assert pages
    icons = 0
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert "fontawesome.js" not in html, page
        assert not re.search(r"<i class=\"[^\"]*\bfa-", html), page
        icons += html.count('class="svg-inline--fa')
    assert icons >= len(pages)  # every page has at least its search icon


def test_only_the_search_page_loads_the_search_index(site_dir: Path) -> None:
    search = (site_dir / "search.html").read_text(encoding="utf-8")
    assert "searchindex.js" in search and "searchtools.js" in search
    for page in _pages(site_dir):
        if page.name != "search.html":
            html = page.read_text(encoding="utf-8")
            assert "searchindex.js" not in html and "searchtools.js" not in html, page


def test_drop_search_scripts_keeps_other_scripts() -> None:
    html = ('<script src="../_static/searchtools.js"></script>\n'
            '<script src="../_static/language_data.js"></script>\n'
            '<script src="../searchindex.js"></script>\n<script src="../_static/bacara.js"></script>')
    assert lean_pages.drop_search_scripts(html) == '<script src="../_static/bacara.js"></script>'
    assert lean_pages.lean_page(html, search_page=True).count("<script") == 4
