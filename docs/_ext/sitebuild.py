"""How the site is built: one Sphinx run per language, and the message templates.

``nox -s docs``, ``serve`` and ``tests`` build through :func:`commands`, and so does the test
suite when it finds the site missing or stale, so every build of the site is the same:

* the English site (the source) into ``docs/_build/html``, with the in-browser Python app;
* the Spanish site, from the catalogues in ``docs/locales/es``, into ``docs/_build/html/es``;
* the message templates (``sphinx -b gettext``) into ``docs/_build/gettext``, which the
  translation checks compare with the catalogues.

Warnings are errors in all three.  Run as a script, it builds them one after the other.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1]
BUILD = DOCS / "_build"
SITE = BUILD / "html"
TEMPLATES = BUILD / "gettext"
LANGUAGES = ("en", "es")
"""The site's languages; the first is the source and sits at the site's root."""


def site_folder(site: Path, lang: str) -> Path:
    """Where the pages of ``lang`` go inside the built site ``site``.

    >>> site_folder(Path("html"), "en").as_posix(), site_folder(Path("html"), "es").as_posix()
    ('html', 'html/es')
    """
    return site if lang == LANGUAGES[0] else site / lang


def commands(python: str, site: Path = SITE, *, fresh: bool = False,
             quiet: bool = False) -> list[list[str]]:
    """The Sphinx command lines that build the whole site into ``site``, in order.

    ``fresh`` re-reads every page (``-E``) so that every warning is reported again (the
    notebook cache keeps that cheap).  Each build keeps its doctrees outside the site.
    """
    doctrees = site.parent / "doctrees"
    common = ["-W", "--keep-going", "-n", *(["-E"] if fresh else []), *(["-q"] if quiet else [])]
    runs = [[python, "-m", "sphinx", "-b", "html", *common, "-D", f"language={lang}",
             "-d", str(doctrees / lang), str(DOCS), str(site_folder(site, lang))]
            for lang in LANGUAGES]
    runs.append([python, "-m", "sphinx", "-b", "gettext", *common, "-d",
                 str(doctrees / "gettext"), str(DOCS), str(site.parent / "gettext")])
    return runs


def main(argv: list[str] | None = None) -> int:
    """Build everything with this interpreter (``--fresh`` re-reads every page)."""
    args = sys.argv[1:] if argv is None else argv
    for command in commands(sys.executable, fresh="--fresh" in args):
        print("$", " ".join(command), flush=True)
        code = subprocess.call(command)
        if code:
            return code
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
