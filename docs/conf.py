"""Sphinx configuration of the bacara_teach course and reference site.

The pages are MyST Markdown notebooks executed at build time (myst-nb, with a
cache), so every table and figure on the site is computed by the installed
engine.  The site makes no request outside its own origin: no web fonts, no
CDN scripts, no analytics.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import sys
from importlib.metadata import version as installed_version
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent

# -- project ---------------------------------------------------------------------------------
project = "bacara_teach"
author = "the authors of this course"  # in the build's language: docs/_ext/front_door.py
copyright = author
release = installed_version("bacara_teach")
version = ".".join(release.split(".")[:2])

# -- general ---------------------------------------------------------------------------------
sys.path.insert(0, str(DOCS / "_ext"))
extensions = ["myst_nb", "sphinx_copybutton", "jupyterlite_sphinx", "lite_assets", "lean_pages",
              "site_languages", "rules_card", "page_labels", "front_door"]
# every table in a frame that scrolls sideways, with a cue (docs/_ext/table_frames.py)
extensions.append("table_frames")
# the comments of the code cells translated with the page (docs/_ext/code_comments.py)
extensions.append("code_comments")
root_doc = "index"
exclude_patterns = ["_build", "jupyter_execute", "**.ipynb_checkpoints", "README.md",
                    "_contents", "_lite", "_ext"]
nitpicky = True

# -- languages: one source, an English and a Spanish build -------------------------------------
# `sphinx -D language=es` builds the Spanish site from the catalogues in docs/locales
# (gettext, managed with sphinx-intl: see `nox -s translations`).  The notebooks of each
# build run with BACARA_LANG set to its language, so the engine's words follow the page.
language = "en"
locale_dirs = ["locales"]
gettext_compact = False
gettext_location = False
gettext_uuid = False
gettext_additional_targets: list[str] = []

myst_enable_extensions = ["colon_fence", "deflist", "substitution"]
myst_heading_anchors = 3

# -- API reference (docs/reference/api.md): autodoc reads the engine's own docstrings ---------
extensions.append("sphinx.ext.autodoc")
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_preserve_defaults = True  # signatures show `tableau=PUNTO_BANCO`, not its long repr
autodoc_default_options = {"undoc-members": True}
# The build makes no network request, so there is no intersphinx inventory for the standard
# library: its names are left unlinked.  So are the few short names the engine's docstrings
# and type aliases use without their module.
nitpick_ignore_regex = [
    (r"py:(class|mod|meth|func|data|obj|attr)",
     r"(fractions|decimal|collections|argparse|random|typing|enum|io|json|pathlib)(\..+)?"),
]
nitpick_ignore = [
    ("py:class", "Seed"), ("py:class", "Reshuffle"), ("py:class", "Composition"),
    ("py:class", "IllegalAction"), ("py:class", "Outcome"), ("py:class", "Decision"),
    ("py:class", "Decimal"), ("py:func", "count_deals"), ("py:data", "PUNTO_BANCO"),
]


def _engine_digest() -> str:
    """A digest of the engine's source files.

    Cached notebook outputs are only valid for the engine that computed them,
    so the digest names the execution cache and is a Sphinx config value:
    any change to the engine re-reads and re-executes every page.
    """
    spec = importlib.util.find_spec("bacara_teach")
    if spec is None or spec.origin is None:  # pragma: no cover - the package is a dependency
        raise RuntimeError("bacara_teach is not installed: install the project before the docs")
    package = Path(spec.origin).parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


bacara_engine_digest = _engine_digest()

# -- notebooks (myst-nb) ---------------------------------------------------------------------
_CACHE_ROOT = DOCS / "_build" / ".jupyter_cache"
nb_execution_mode = "cache"
nb_execution_cache_path = str(_CACHE_ROOT / bacara_engine_digest)
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_execution_timeout = 300
nb_merge_streams = True
# myst-nb would add require.js and the ipywidgets manager from a CDN; the site serves
# everything itself, so no widget JavaScript is loaded on static pages.
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
# Widgets display a still (text/html, bacara_teach.widgets.still) beside the live view; a
# built page has no kernel, so it shows the still and never the live view.
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]

if _CACHE_ROOT.is_dir():  # caches of other engine versions are never read again
    for _old in _CACHE_ROOT.iterdir():
        if _old.is_dir() and _old.name != bacara_engine_digest:
            shutil.rmtree(_old, ignore_errors=True)

# -- in-browser Python (jupyterlite-sphinx + docs/_ext/lite_assets.py) -------------------------
# The lite app, the Pyodide runtime and every wheel it loads are served by the site itself;
# lite_assets prepares docs/_lite before jupyterlite-sphinx runs `jupyter lite build`.
jupyterlite_dir = str(DOCS / "_lite")
jupyterlite_content_dir = "_contents"
jupyterlite_silence = False
jupyterlite_bind_ipynb_suffix = False

# -- HTML ------------------------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_title = "bacara_teach"
html_static_path = ["_static"]
html_favicon = "_static/favicon.svg"
html_css_files = ["bacara.css"]
html_js_files: list[str | tuple[str, dict[str, str]]] = ["bacara.js"]
html_last_updated_fmt = None
html_show_sourcelink = False
html_copy_source = False
# Light or dark follows the reader's system setting until they pick one.
html_context = {"default_mode": "auto"}
html_theme_options: dict[str, Any] = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "navigation_with_keys": False,
    "search_bar_text": "Search",
}
# Practice on the page (the tableau drill): a script and its styles, shipped with the site;
# each page's data is written into the page by the engine (bacara_teach/practice/drill.py).
html_css_files.append("practice.css")
html_js_files.append(("practice.js", {"defer": "defer"}))
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True

# -- finding things: one search box, the rules one click away, search that answers rules ----
# (docs/_ext/front_door.py names the site after the course and lists its path)
templates_path = ["_templates"]
html_sidebars = {"**": ["navbar-logo.html", "search-button-field.html", "sbt-sidebar-nav.html",
                        "rules-links.html"]}
html_theme_options["navbar_persistent"] = []  # the sidebar's search field is the one search box
html_css_files.append("front.css")
# The code of the pages: folded until the reader asks, one switch for every page, remembered
# (read in the head, so folded code never flashes; the switch sits in the article's header).
html_js_files.append("code-fold.js")
html_theme_options["article_header_end"] = ["code-switch.html", "article-header-buttons.html"]
# Sphinx's own search, tuned: the pages that answer a rule question rank above the
# programming interface (docs/_ext/search_scorer.js), and each page's index entries (the
# `{index}` lines, translated like its prose) name the questions it answers.
html_search_scorer = str(DOCS / "_ext" / "search_scorer.js")
gettext_additional_targets.append("index")


def _language_inited(_app: Any, config: Any) -> None:
    """Give the notebooks of this build its language, and a cache of their own."""
    os.environ["BACARA_LANG"] = config.language
    config.nb_execution_cache_path = str(Path(config.nb_execution_cache_path) / config.language)


def setup(app: Any) -> dict[str, Any]:
    """Register the engine digest as a config value that invalidates the environment."""
    app.add_config_value("bacara_engine_digest", "", "env")
    app.connect("config-inited", _language_inited)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
