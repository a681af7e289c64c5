"""What every page loads, kept lean: icons inline, the search index only where searched.

**Icons.** The book theme draws its icons (search, menu, light/dark, arrows) with Font
Awesome's JavaScript, which carries every icon of the set and replaces each
``<i class="fa-solid fa-NAME">`` with an ``<svg>`` once the page has loaded.  A
course page uses about a dozen of them.  After the build this extension does
the same replacement in the HTML files themselves, from the SVG files of the
``@fortawesome/fontawesome-free`` npm package (installed by ``npm ci`` with the
site's other files), and drops the script from every page: icons show before
any script runs, and a page weighs about a megabyte less.

**Search.** The theme loads Sphinx's search tools and the whole search index
(about 200 KB, growing with the site) on every page, for a search-as-you-type
box that this site does not turn on: its search box sends the reader to the
search page, which loads them itself.  They are dropped from every other page.

**Practice scripts.** A kind of practice with a script of its own
(``_static/practice-KIND.js``) is loaded by the page that shows it, deferred after
``practice.js``, so that it arrives with the page instead of being fetched once
``practice.js`` has run; pages without it do not load it.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import sitebuild

ROOT = Path(__file__).resolve().parents[2]
SVGS = ROOT / "node_modules" / "@fortawesome" / "fontawesome-free" / "svgs"
STYLES = {"fa-solid": "solid", "fas": "solid", "fa-regular": "regular", "far": "regular",
          "fa-brands": "brands", "fab": "brands"}
"""Font Awesome's style classes and the folder of their SVG files."""

OTHER_SITES = sitebuild.LANGUAGES[1:]
"""Folders of the output holding another language's site, which that build handles."""

STATIC = ROOT / "docs" / "_static"
_PRACTICE_KIND = re.compile(r"data-practice=['\"]([a-z][a-z-]*)['\"]")
"""A practice node on a page, and its kind."""

_ICON = re.compile(r"<i class=\"(?P<classes>[^\"]*\bfa-[^\"]*)\"(?P<rest>[^>]*)></i>")
_SCRIPT = re.compile(r"<script[^>]*\bsrc=\"[^\"]*scripts/fontawesome\.js[^\"]*\"[^>]*></script>\s*")
_SEARCH_SCRIPTS = re.compile(
    r"<script src=\"[^\"]*(?:_static/searchtools\.js|_static/language_data\.js|searchindex\.js)"
    r"[^\"]*\"></script>\s*")
_SVG = re.compile(r"<svg[^>]*viewBox=\"(?P<box>[^\"]+)\"[^>]*>(?P<body>.*)</svg>", re.DOTALL)


class MissingIcon(LookupError):
    """A page names an icon that the installed icon set does not have."""


@cache
def icon_svg(style: str, name: str) -> tuple[str, str]:
    """``(viewBox, inner SVG)`` of one icon, from the npm package's files."""
    path = SVGS / style / f"{name}.svg"
    if not path.is_file():
        raise MissingIcon(f"no icon {name!r} in {SVGS / style} (run 'npm ci')")
    match = _SVG.search(path.read_text(encoding="utf-8"))
    if match is None:
        raise MissingIcon(f"{path} is not an SVG file")
    body = match["body"].replace("<path ", "<path fill=\"currentColor\" ")
    return match["box"], body


def _inline(match: re.Match[str]) -> str:
    classes = match["classes"].split()
    style = next((STYLES[c] for c in classes if c in STYLES), "solid")
    names = [c[3:] for c in classes if c.startswith("fa-") and c not in STYLES
             and (SVGS / style / f"{c[3:]}.svg").is_file()]
    if not names:
        raise MissingIcon(f"no icon named in class {match['classes']!r}")
    box, body = icon_svg(style, names[0])
    kept = " ".join(c for c in classes if c not in STYLES)
    return (f"<svg class=\"svg-inline--fa {kept}\"{match['rest']} aria-hidden=\"true\" "
            f"focusable=\"false\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" "
            f"viewBox=\"{box}\">{body}</svg>")


def inline_icons(html: str) -> str:
    """Replace every Font Awesome ``<i>`` by its SVG and drop the icon script.

    Applying it twice changes nothing the second time.
    """
    return _ICON.sub(_inline, _SCRIPT.sub("", html))


def drop_search_scripts(html: str) -> str:
    """Remove the search tools and index from a page that is not the search page."""
    return _SEARCH_SCRIPTS.sub("", html)


def lean_page(html: str, *, search_page: bool = False) -> str:
    """A built page as served: icons inline and, unless it is the search page, no search index."""
    html = inline_icons(html)
    return html if search_page else drop_search_scripts(html)


def _on_build_finished(app: Any, error: Exception | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    for page in outdir.rglob("*.html"):
        if page.relative_to(outdir).parts[0] in {"lite", "_static", *OTHER_SITES}:
            continue
        text = page.read_text(encoding="utf-8")
        changed = lean_page(text, search_page=page == outdir / "search.html")
        if changed != text:
            page.write_text(changed, encoding="utf-8")


def _practice_scripts(app: Any, _pagename: str, _templatename: str, context: dict[str, Any],
                      _doctree: Any) -> None:
    """Load the scripts of the practice kinds the page shows, with the page."""
    for kind in sorted(set(_PRACTICE_KIND.findall(context.get("body") or ""))):
        if (STATIC / f"practice-{kind}.js").is_file():
            app.add_js_file(f"practice-{kind}.js", priority=900, defer="defer")  # after practice.js (800)


def setup(app: Any) -> dict[str, Any]:
    if not SVGS.is_dir():
        raise MissingIcon(f"{SVGS} is missing: run 'npm ci' (the nox sessions do)")
    app.connect("build-finished", _on_build_finished)
    app.connect("html-page-context", _practice_scripts)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
