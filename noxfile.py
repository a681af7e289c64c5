"""Development sessions for bacara_teach.

Run them with ``python3 -m nox -s NAME`` (``python3 -m pip install nox`` first):

* ``tests``: the whole suite. Builds the site (warnings are errors, every notebook
  executed), then runs pytest: unit, property and doctests, the built-site checks in
  ``tests/docs``, the exercise checks in ``tests/exercises`` and the browser tests in
  ``tests/browser`` (Debian's Chromium, and bubblewrap for the grader's sandbox, installed
  with apt-get when missing).
* ``lint``: ruff and mypy (strict), configured in ``pyproject.toml``.
* ``docs``: builds the site into ``docs/_build/html`` (English, and Spanish in ``es/``) and
  checks its internal links.
* ``serve``: builds the site, then serves it on http://127.0.0.1:8000 (English at the root,
  Spanish under ``/es/``; every page links to its twin); ``-- 8080`` serves on port 8080.
  A busy port is refused before the build.
* ``translations``: merges the English pages' messages into the Spanish catalogues in
  ``docs/locales`` and lists what is left to translate.
* ``bench``: runs every ``tests/benchmarks/bench_*.py`` script.

Each session installs what it needs from the project's own extras into its own virtual
environment under ``.nox/``. Environments are kept between runs and reinstalled only
when ``pyproject.toml`` changes, so re-runs start at once.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
import sitebuild  # noqa: E402  (the one description of how the site is built)
import siteserve  # noqa: E402  (the port the site is served on, checked before the build)

SITE = sitebuild.SITE
TEMPLATES = sitebuild.TEMPLATES
LOCALES = DOCS / "locales"
BENCHMARKS = ROOT / "tests" / "benchmarks"
CHROMIUM = Path("/usr/bin/chromium")
BWRAP = Path("/usr/bin/bwrap")
SERVE_HOST = siteserve.HOST

nox.options.sessions = ["tests", "lint"]
nox.options.reuse_venv = "yes"
nox.options.error_on_external_run = True

# Jupyter's own deprecation notice about its paths is noise in every notebook build.
QUIET_JUPYTER = {"JUPYTER_PLATFORM_DIRS": "1", "PYDEVD_DISABLE_FILE_VALIDATION": "1"}


def install_project(session: nox.Session, extras: Sequence[str], *extra_packages: str) -> None:
    """Install the project (editable) with ``extras`` unless this environment already has them.

    A stamp in the environment records the ``pyproject.toml`` it was installed from; the
    install runs again only when that file, the extras or the extra packages change.
    """
    venv = getattr(session, "virtualenv", None)
    location = getattr(venv, "location", None)
    wanted = ",".join(sorted(extras))
    spec = f".[{wanted}]" if wanted else "."
    key = hashlib.sha256(
        (ROOT / "pyproject.toml").read_bytes() + repr((spec, extra_packages)).encode()
    ).hexdigest()
    stamp = Path(location) / ".bacara-install" if location else None
    if stamp is not None and stamp.is_file() and stamp.read_text() == key:
        session.log(f"bacara_teach{spec[1:]} already installed from this pyproject.toml")
        return
    session.install("--upgrade", "pip")
    session.install("-e", spec, *extra_packages)
    if stamp is not None:
        stamp.write_text(key)


def ensure_chromium(session: nox.Session) -> None:
    """Install Debian's Chromium and bubblewrap when ``/usr/bin/chromium`` or ``bwrap`` is missing.

    Browser test tools cannot download their own browsers here, so the browser tests
    drive the system one; the grader runs each student's program in a bubblewrap sandbox
    (Debian's ``bubblewrap``), which the sandbox tests attack.  The project installs both
    rather than skipping the tests.
    """
    missing = [package for tool, package in ((CHROMIUM, "chromium"), (BWRAP, "bubblewrap"))
               if not tool.exists()]
    if not missing:
        return
    apt_get = shutil.which("apt-get")
    if apt_get is None:
        session.error(f"{' and '.join(missing)} missing and apt-get is not available to install them")
    if os.geteuid() != 0:
        session.error(
            f"{' and '.join(missing)} missing: install as root with "
            f"'apt-get update && apt-get install -y {' '.join(missing)}', then run this session again"
        )
    session.log(f"installing Debian's {' and '.join(missing)}")
    env = {"DEBIAN_FRONTEND": "noninteractive"}
    session.run(apt_get, "update", external=True, env=env)
    session.run(apt_get, "install", "-y", *missing, external=True, env=env)
    for tool in (CHROMIUM, BWRAP):
        if not tool.exists():
            session.error(f"apt-get ran but {tool} is still missing")


def ensure_node_modules(session: nox.Session) -> None:
    """``npm ci`` the site's own files (Pyodide runtime, axe-core) when the lock changed."""
    lock = ROOT / "package-lock.json"
    installed = ROOT / "node_modules" / ".package-lock.json"
    stamp = ROOT / "node_modules" / ".bacara-lock-sha256"
    digest = hashlib.sha256(lock.read_bytes()).hexdigest()
    if installed.is_file() and stamp.is_file() and stamp.read_text() == digest:
        return
    npm = shutil.which("npm")
    if npm is None:
        session.error("npm is missing: install Node.js and npm (the site serves Pyodide from npm)")
    session.run(npm, "ci", "--no-audit", "--no-fund", external=True)
    stamp.write_text(digest)


def build_site(session: nox.Session, *, fresh: bool = False) -> None:
    """Build the site with Sphinx, both languages side by side and the message templates
    (``docs/_ext/sitebuild.py``): warnings are errors, notebooks executed (cached).

    ``fresh`` re-reads every page (``-E``) so that every warning is reported again; the
    notebook cache keeps that cheap, and any engine change re-executes the notebooks.
    """
    ensure_node_modules(session)
    # --quiet: a build that succeeds prints only its progress lines; one that fails, its output.
    session.run("python", str(DOCS / "_ext" / "sitebuild.py"), "--quiet",
                *(["--fresh"] if fresh else []), env=QUIET_JUPYTER)


@nox.session
def tests(session: nox.Session) -> None:
    """The whole suite: site build, then every test (unit, property, doctest, docs, browser)."""
    install_project(session, ["test", "docs", "widgets", "analysis"])
    ensure_chromium(session)
    build_site(session, fresh=True)
    session.run(
        "python", "-m", "pytest", *session.posargs,
        env={**QUIET_JUPYTER, "BACARA_SITE_DIR": str(SITE)},
    )


@nox.session
def lint(session: nox.Session) -> None:
    """ruff and mypy --strict over the package, the tests, the docs config and this file."""
    install_project(session, ["lint", "test", "widgets", "analysis"])
    session.run("ruff", "check", ".")
    session.run("mypy")


@nox.session(default=False)
def docs(session: nox.Session) -> None:
    """Build the site into docs/_build/html and check that its internal links resolve."""
    install_project(session, ["docs"])
    build_site(session, fresh="--fresh" in session.posargs)
    session.run("python", str(ROOT / "tests" / "docs" / "sitecheck.py"), str(SITE))
    session.log(f"site built in {SITE}")


@nox.session(default=False)
def serve(session: nox.Session) -> None:
    """Build the site, then serve it on http://127.0.0.1:8000 (a port may follow ``--``).

    The port is checked first: a busy one is refused before the build, not after it.
    """
    try:
        port = siteserve.free_port(session.posargs, SERVE_HOST)
    except siteserve.PortError as error:
        session.error(str(error))
    install_project(session, ["docs"])
    build_site(session)
    where = [f"http://{SERVE_HOST}:{port}/{sitebuild.prefix(lang)} ({sitebuild.ENGLISH_NAMES[lang]})"
             for lang in sitebuild.LANGUAGES]
    session.log(f"Serving the site at {', '.join(where)}; Ctrl+C stops")
    session.run(
        "python", "-m", "http.server", str(port), "--bind", SERVE_HOST, "--directory", str(SITE)
    )


@nox.session(default=False)
def translations(session: nox.Session) -> None:
    """Bring the Spanish catalogues up to date with the English pages, then list what is left.

    Extracts the messages of the English pages (``sphinx -b gettext``), merges them into
    ``docs/locales/es`` with sphinx-intl (new messages empty, changed ones fuzzy, removed
    ones obsolete), and prints every message still to translate or check.  Translate those
    in the ``.po`` files, remove the fuzzy flags and obsolete entries, and run it again.
    """
    install_project(session, ["docs"])
    gettext = sitebuild.commands("python", SITE)[-1]
    session.run(*gettext, env=QUIET_JUPYTER)
    for lang in sitebuild.LANGUAGES[1:]:
        session.run("sphinx-intl", "update", "-p", str(TEMPLATES), "-l", lang, "-d", str(LOCALES))
    # The engine's own messages (narration, refusals, CLI, widgets, exercises).
    session.run("python", str(DOCS / "_ext" / "engine_messages.py"), "update")
    session.run("python", str(DOCS / "_ext" / "translations.py"), "check", success_codes=[0, 1])


@nox.session(default=False)
def bench(session: nox.Session) -> None:
    """Run every tests/benchmarks/bench_*.py script; each prints its own figures.

    ``bench_site.py`` builds the site twice (clean, then unchanged) in a temporary folder;
    ``bench_live.py`` times ten cold starts of the live notebook in Chromium against the
    site in ``docs/_build/html`` (build it first: ``nox -s docs``).
    """
    install_project(session, ["analysis", "docs", "test"])
    ensure_node_modules(session)
    ensure_chromium(session)  # bench_live.py starts the live notebook in Chromium
    scripts = sorted(BENCHMARKS.glob("bench_*.py"))
    if not scripts:
        session.log(f"no benchmark scripts in {BENCHMARKS} yet")
        return
    for script in scripts:
        session.log(f"benchmark: {script.relative_to(ROOT)}")
        session.run("python", str(script), env=QUIET_JUPYTER)
