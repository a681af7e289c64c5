"""The site names tables and rules by what they are, on every page and in both languages.

Every HTML page of the built site (the API reference's docstrings included) and every live
notebook is read as a reader meets it: its text, the names and tips of its controls, and the
data its page scripts show (the odds explorer's menus are in it).  None may speak of a rule
system by letter, of a numbered source or of a file the project does not ship (the words of
:data:`test_words_a_reader_meets.JARGON`).
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_words_a_reader_meets import jargon_in

pytestmark = pytest.mark.docs

SHOWN_ATTRIBUTES = frozenset({"title", "aria-label", "alt", "placeholder", "data-hint", "value"})
"""Attributes whose text a reader sees or hears."""


class _Shown(HTMLParser):
    """The text of a page a reader meets: its text (not its code), the shown attributes, and
    the JSON data its scripts display."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0  # inside a script of code or a style sheet

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        kind = dict(attrs).get("type") or ""
        if tag == "style" or (tag == "script" and "json" not in kind):
            self._hidden += 1
        self.parts += [value for name, value in attrs if name in SHOWN_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def shown_text(html: str) -> str:
    """What a reader meets on a page, as one text.

    >>> shown_text("<p title='t'>a <b>b</b></p><script>var system_A = 1</script>"
    ...            "<script type='application/json'>{\\"x\\": \\"y\\"}</script>")
    't a  b {"x": "y"}'
    """
    parser = _Shown()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split(" ")).strip()


def _pages(site: Path) -> list[Path]:
    skip = ("lite", "_static", "_sources", "jupyter_execute", "_images")
    return sorted(path for path in site.rglob("*.html")
                  if not set(path.relative_to(site).parts[:-1]) & set(skip))


def test_no_page_of_the_site_speaks_jargon(site_dir: Path) -> None:
    pages = _pages(site_dir)
    assert any(p.relative_to(site_dir).as_posix() == "reference/api.html" for p in pages)
    assert any(p.relative_to(site_dir).as_posix() == "es/reference/api.html" for p in pages)
    found = {}
    for page in pages:
        words = jargon_in(shown_text(page.read_text(encoding="utf-8")))
        if words:
            found[page.relative_to(site_dir).as_posix()] = words
    assert found == {}, found


def test_no_live_notebook_speaks_jargon(site_dir: Path) -> None:
    notebooks = sorted((site_dir / "lite" / "files").rglob("*.ipynb"))
    assert notebooks
    found = {}
    for path in notebooks:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                         for c in cells)
        if jargon_in(text):
            found[path.relative_to(site_dir).as_posix()] = jargon_in(text)
    assert found == {}, found
