"""Shared fixtures: the built site, and a local static server for it.

The site is built by ``python3 -m nox -s tests`` before pytest runs, and its folder is
passed in ``BACARA_SITE_DIR``.  Under plain ``pytest`` the folder defaults to
``docs/_build/html`` and the site is (re)built with Sphinx when it is missing or older
than the docs and engine sources.

Folders collected here: the unit, property and doctest tests; ``tests/docs`` (the
built pages); ``tests/browser`` (Chromium against the served site); ``tests/exercises``
(every exercise and its grader).  ``tests/benchmarks`` holds scripts run by
``nox -s bench``, not tests.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]

# Property tests draw new examples on every local run, to keep finding new cases; under CI
# (CI=true) they draw the same examples every time, so a run's result depends on the code
# alone.  Any failure prints the example to reproduce it with.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
DOCS = ROOT / "docs"
DEFAULT_SITE = DOCS / "_build" / "html"
SITE_ENV = "BACARA_SITE_DIR"
BUILT_STAMP = ".bacara-built"
LOCALHOST = "127.0.0.1"

collect_ignore = ["benchmarks", "conftest.py"]  # this file holds no doctests

# The browser tests' fixtures (Chromium, a context per test) live in their harness module.
sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
pytest_plugins = ["browser_harness"]
# The built-site reader (tests/docs/sitecheck.py) serves the browser tests too, which are
# collected before tests/docs puts its own folder on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent / "docs"))
sys.path.insert(0, str(DOCS / "_ext"))
import sitebuild  # noqa: E402  (how the site is built, shared with the noxfile)


def _newest_source_time() -> float:
    newest = 0.0
    for base in (DOCS, ROOT / "bacara_teach"):
        for path in base.rglob("*"):
            if {"_build", "jupyter_execute", "__pycache__"} & set(path.parts):
                continue
            if path.is_file():
                newest = max(newest, path.stat().st_mtime)
    return newest


def build_site(site: Path) -> None:
    """Build the site into ``site`` as ``nox -s docs`` does: both languages and the message
    templates, warnings as errors (``docs/_ext/sitebuild.py``)."""
    env = {**os.environ, "JUPYTER_PLATFORM_DIRS": "1"}
    for command, code, output in sitebuild.run_all(
            sitebuild.commands(sys.executable, site, quiet=True), env=env):
        if code != 0:
            pytest.fail(f"the site did not build ({' '.join(command)} exited with {code}):\n"
                        f"{output[-6000:]}", pytrace=False)
    (site / BUILT_STAMP).touch()


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """The built site's folder, built first if needed."""
    given = os.environ.get(SITE_ENV)
    site = Path(given) if given else DEFAULT_SITE
    index = site / "index.html"
    stamp = site / BUILT_STAMP
    stale = not given and (not stamp.is_file() or stamp.stat().st_mtime < _newest_source_time())
    if stale or not index.is_file():
        build_site(site)
    return site


class _QuietHandler(SimpleHTTPRequestHandler):
    """A static file handler that keeps the test output clean."""

    def log_message(self, format: str, *args: object) -> None:
        return


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The built site served by a plain static server on 127.0.0.1, a free port."""
    handler = partial(_QuietHandler, directory=str(site_dir))
    server = ThreadingHTTPServer((LOCALHOST, 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://{LOCALHOST}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
