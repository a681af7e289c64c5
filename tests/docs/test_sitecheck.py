"""The site checker finds what it is meant to find, on small sites written here."""

from __future__ import annotations

from pathlib import Path

import pytest
from sitecheck import broken_internal_links, main, outside_references, pages

pytestmark = pytest.mark.docs


def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_links_to_existing_pages_and_anchors_resolve(tmp_path: Path) -> None:
    site = _site(tmp_path, {
        "index.html": "<a href='a/b.html#x'>b</a><a href='#top'>t</a><p id='top'></p>"
                      "<link rel='stylesheet' href='_static/s.css'><a href='a/'>dir</a>",
        "a/b.html": "<h1 id='x'>x</h1><a href='../index.html'>up</a>",
        "a/index.html": "",
        "_static/s.css": "body { background: url(img.png) }",
    })
    assert broken_internal_links(site) == []
    assert outside_references(site) == []
    assert main([str(site)]) == 0


def test_missing_page_missing_anchor_and_escape_are_reported(tmp_path: Path) -> None:
    site = _site(tmp_path, {
        "index.html": "<a href='gone.html'>1</a><a href='b.html#nope'>2</a>"
                      "<link rel='index' href='../../etc/passwd'>",
        "b.html": "<p id='yes'></p>",
    })
    assert broken_internal_links(site) == [
        ("index.html", "gone.html", "no such file"),
        ("index.html", "b.html#nope", "no element with id 'nope'"),
        ("index.html", "../../etc/passwd", "points outside the site folder"),
    ]
    assert main([str(site)]) == 1


def test_loads_from_other_origins_are_reported_but_outbound_links_are_not(
    tmp_path: Path,
) -> None:
    site = _site(tmp_path, {
        "index.html": "<a href='https://example.org/'>read more</a>"
                      "<script src='https://cdn.example.org/x.js'></script>"
                      "<link rel='preconnect' href='https://fonts.example.com'>"
                      "<link rel='canonical' href='https://example.org/site/'>"
                      "<img srcset='a.png 1x, //img.example.net/b.png 2x'>",
        "a.png": "",
        "_static/theme.css": "@import url('https://fonts.example.com/css?family=X');",
        "_static/macros.html": "<a href='{{ pathto(x) }}'>template, not a page</a>",
    })
    assert outside_references(site) == [
        ("index.html", "https://cdn.example.org/x.js"),
        ("index.html", "https://fonts.example.com"),
        ("index.html", "//img.example.net/b.png"),
        ("_static/theme.css", "https://fonts.example.com/css?family=X"),
    ]
    assert [p.name for p in pages(site)] == ["index.html"]


def test_script_refuses_a_folder_without_a_built_site(tmp_path: Path) -> None:
    assert main([str(tmp_path)]) == 2
    assert main([]) == 2
