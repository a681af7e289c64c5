"""Read a built site: a small HTML tree, internal links, outside references.

Used by the tests in this folder and, as a script, by ``nox -s docs``::

    python tests/docs/sitecheck.py docs/_build/html

The script reports every internal link that does not resolve (a missing file or a
missing ``#anchor``) and every resource the pages would load from another origin, and
exits with status 1 if there is any.

>>> root = parse_html("<div class='a b'><p>Hi <b>there</b></p><br><p id='x'>2</p></div>")
>>> [p.text() for p in root.find_all("p")]
['Hi there', '2']
>>> root.find("div").classes
('a', 'b')
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

__all__ = [
    "Element",
    "broken_internal_links",
    "outside_references",
    "pages",
    "parse_html",
    "parse_page",
]

VOID_TAGS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                       "meta", "param", "source", "track", "wbr"})
# Attributes whose URL the browser fetches by itself when the page loads.
RESOURCE_ATTRIBUTES = {
    "script": ("src",),
    "link": ("href",),
    "img": ("src", "srcset"),
    "iframe": ("src",),
    "source": ("src", "srcset"),
    "audio": ("src",),
    "video": ("src", "poster"),
    "embed": ("src",),
    "object": ("data",),
    "track": ("src",),
    "input": ("src",),
}
# <link rel=...> values that are navigation hints, not loads.
NAVIGATION_RELS = frozenset({"canonical", "alternate", "index", "search", "next", "prev",
                             "author", "license", "help", "top", "up"})


@dataclass
class Element:
    """One HTML element: tag, attributes and children (elements or text)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Element | str] = field(default_factory=list)

    @property
    def classes(self) -> tuple[str, ...]:
        return tuple(self.attrs.get("class", "").split())

    def iter(self) -> Iterator[Element]:
        """This element and every element below it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def find_all(self, tag: str | None = None, class_: str | None = None) -> list[Element]:
        """Every element below this one with ``tag`` and/or CSS class ``class_``."""
        return [
            e for e in self.iter()
            if e is not self
            and (tag is None or e.tag == tag)
            and (class_ is None or class_ in e.classes)
        ]

    def find(self, tag: str | None = None, class_: str | None = None) -> Element:
        """The first element below this one that matches; an error if there is none."""
        found = self.find_all(tag, class_)
        if not found:
            raise LookupError(f"no <{tag or '*'}> with class {class_!r} under <{self.tag}>")
        return found[0]

    def children_of(self, tag: str) -> list[Element]:
        """Direct children with this tag."""
        return [c for c in self.children if isinstance(c, Element) and c.tag == tag]

    def text(self) -> str:
        """The text content, with runs of white space collapsed.

        >>> parse_html("<p> a <i>b</i>\\n c </p>").find("p").text()
        'a b c'
        """
        return " ".join(self._raw_text().split())

    def _raw_text(self) -> str:
        return "".join(c if isinstance(c, str) else c._raw_text() for c in self.children)


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document")
        self._stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs})
        self._stack[-1].children.append(element)
        if tag not in VOID_TAGS:
            self._stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._stack[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self._stack) - 1, 0, -1):
            if self._stack[depth].tag == tag:
                del self._stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self._stack[-1].children.append(data)


def parse_html(text: str) -> Element:
    """Parse an HTML document into an :class:`Element` tree (root tag ``#document``).

    End tags close the nearest open element of the same name; stray end tags are ignored.

    >>> tree = parse_html("<ul><li>1</li><li>2</ul></div><p>3")
    >>> [li.text() for li in tree.find_all("li")], tree.find("p").text()
    (['1', '2'], '3')
    """
    builder = _TreeBuilder()
    builder.feed(text)
    builder.close()
    return builder.root


def parse_page(path: Path) -> Element:
    """Parse one built page."""
    return parse_html(path.read_text(encoding="utf-8"))


def pages(site: Path) -> list[Path]:
    """Every HTML page of the built site, sorted.

    Files under ``_static`` are assets (themes copy template fragments there), not pages.
    """
    return sorted(
        path for path in site.rglob("*.html")
        if not {"_static", "_sources"} & set(path.relative_to(site).parts)
    )


def is_outside(url: str) -> bool:
    """Does the browser have to leave the site's own origin to fetch ``url``?

    >>> is_outside("https://cdn.example.org/x.js"), is_outside("//fonts.example.com/a.css")
    (True, True)
    >>> is_outside("../_static/x.js"), is_outside("data:image/png;base64,AA"), is_outside("#top")
    (False, False, False)
    """
    parts = urlsplit(url.strip())
    return bool(parts.netloc) or parts.scheme not in ("", "data", "blob", "about", "javascript")


def _resource_urls(element: Element) -> Iterator[str]:
    if element.tag == "link" and set(element.attrs.get("rel", "").split()) <= NAVIGATION_RELS:
        return
    for attribute in RESOURCE_ATTRIBUTES.get(element.tag, ()):
        value = element.attrs.get(attribute)
        if not value:
            continue
        if attribute == "srcset":
            yield from (item.split()[0] for item in value.split(",") if item.strip())
        else:
            yield value


_CSS_URL = re.compile(r"""(?:@import\s+(?:url\(\s*)?|url\(\s*)["']?([^"')\s;]+)""")


def css_urls(css: str) -> list[str]:
    """The URLs a stylesheet loads (``url(...)`` and ``@import``).

    >>> css_urls("@import 'https://x.test/a.css'; b { background: url( ../img/b.png ) }")
    ['https://x.test/a.css', '../img/b.png']
    >>> css_urls('@import url("//fonts.test/f.css");')
    ['//fonts.test/f.css']
    """
    return _CSS_URL.findall(css)


def outside_references(site: Path) -> list[tuple[str, str]]:
    """Resources the site would load from another origin: ``(file, url)`` pairs.

    Pages are read for scripts, stylesheets, images, frames and media; stylesheets for
    ``url(...)`` and ``@import``.  Links a reader may follow (``<a href>``) are not loads.
    """
    found = []
    for path in pages(site):
        for element in parse_page(path).iter():
            for url in _resource_urls(element):
                if is_outside(url):
                    found.append((path.relative_to(site).as_posix(), url))
    for path in sorted(site.rglob("*.css")):
        for url in css_urls(path.read_text(encoding="utf-8", errors="replace")):
            if is_outside(url):
                found.append((path.relative_to(site).as_posix(), url))
    return found


def _ids(root: Element) -> set[str]:
    names = set()
    for element in root.iter():
        for attribute in ("id", "name"):
            if attribute in element.attrs:
                names.add(element.attrs[attribute])
    return names


def broken_internal_links(site: Path) -> list[tuple[str, str, str]]:
    """Internal links and resources that do not resolve: ``(page, url, reason)`` triples.

    A link resolves when its file exists in the site and, for a link with ``#anchor``
    to an HTML page, when that page has an element with that id.
    """
    site = site.resolve()
    trees = {path: parse_page(path) for path in pages(site)}
    ids = {path: _ids(tree) for path, tree in trees.items()}
    broken = []
    for path, tree in trees.items():
        page = path.relative_to(site).as_posix()
        for element in tree.iter():
            urls = list(_resource_urls(element))
            if element.tag in ("a", "link") and "href" in element.attrs:
                urls.append(element.attrs["href"])
            for url in dict.fromkeys(urls):
                if not url or is_outside(url) or url.startswith(("data:", "javascript:", "blob:")):
                    continue
                parts = urlsplit(url)
                target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
                if target.is_dir():
                    target = target / "index.html"
                if site not in (target, *target.parents):
                    broken.append((page, url, "points outside the site folder"))
                elif not target.is_file():
                    broken.append((page, url, "no such file"))
                elif parts.fragment and target.suffix == ".html":
                    anchors = ids.get(target)
                    if anchors is None:
                        anchors = _ids(parse_page(target))
                    if unquote(parts.fragment) not in anchors:
                        broken.append((page, url, f"no element with id {parts.fragment!r}"))
    return broken


def main(argv: list[str]) -> int:
    """``python sitecheck.py SITE_DIR``: report broken internal links and outside loads."""
    if len(argv) != 1:
        print("usage: python tests/docs/sitecheck.py SITE_DIR", file=sys.stderr)
        return 2
    site = Path(argv[0])
    if not (site / "index.html").is_file():
        print(f"{site} has no index.html: build the site first (python3 -m nox -s docs)",
              file=sys.stderr)
        return 2
    broken = broken_internal_links(site)
    outside = outside_references(site)
    for page, url, reason in broken:
        print(f"{page}: broken link {url!r}: {reason}")
    for page, url in outside:
        print(f"{page}: loads {url!r} from outside the site")
    print(f"{len(pages(site))} pages checked: {len(broken)} broken internal links, "
          f"{len(outside)} outside resources")
    return 1 if broken or outside else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
