"""How the site is built: one Sphinx run per language, and the message templates.

``nox -s docs``, ``serve`` and ``tests`` build through :func:`commands`, and so does the test
suite when it finds the site missing or stale, so every build of the site is the same:

* the English site (the source) into ``docs/_build/html``, with the in-browser Python app;
* the Spanish site, from the catalogues in ``docs/locales/es``, into ``docs/_build/html/es``;
* the message templates (``sphinx -b gettext``) into ``docs/_build/gettext``, which the
  translation checks compare with the catalogues.

Warnings are errors in all three.  The builds are independent, so they run two at a time
(:func:`run_all`), which on two cores is about twice as fast as one after the other.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[1]
BUILD = DOCS / "_build"
SITE = BUILD / "html"
TEMPLATES = BUILD / "gettext"
LANGUAGE_LIST = DOCS.parent / "bacara_teach" / "locale" / "languages.json"
"""The one list of the languages the project speaks (the engine reads it too)."""
_ENTRIES = json.loads(LANGUAGE_LIST.read_text(encoding="utf-8"))
LANGUAGES: tuple[str, ...] = tuple(entry["code"] for entry in _ENTRIES)
"""The site's languages; the first is the source and sits at the site's root."""
NAMES: dict[str, str] = {entry["code"]: entry["name"] for entry in _ENTRIES}
"""Each language's name in its own language (the language switch shows these)."""
ENGLISH_NAMES: dict[str, str] = {entry["code"]: entry.get("english_name", entry["name"])
                                 for entry in _ENTRIES}


def prefix(lang: str) -> str:
    """The folder of ``lang``'s pages relative to the site's root (``""`` for the source).

    >>> prefix("en"), prefix("es")
    ('', 'es/')
    """
    return "" if lang == LANGUAGES[0] else f"{lang}/"


def site_folder(site: Path, lang: str) -> Path:
    """Where the pages of ``lang`` go inside the built site ``site``.

    >>> site_folder(Path("html"), "en").as_posix(), site_folder(Path("html"), "es").as_posix()
    ('html', 'html/es')
    """
    return site if lang == LANGUAGES[0] else site / lang


def site_root(outdir: Path, lang: str) -> Path:
    """The built site that ``outdir``, the folder of ``lang``'s pages, belongs to.

    >>> site_root(Path("html/es"), "es").as_posix(), site_root(Path("html"), "en").as_posix()
    ('html', 'html')
    """
    return outdir if lang == LANGUAGES[0] else outdir.parent


def execute_folder(site: Path, lang: str) -> Path:
    """Where the notebooks of ``lang``'s build keep what they glued (myst-nb's output folder),
    one folder per language beside the site: myst-nb's own choice, the folder above the
    build's output, would be the same one for every language but the source.

    >>> [execute_folder(Path("_build/html"), lang).as_posix() for lang in ("en", "es")]
    ['_build/jupyter_execute', '_build/jupyter_execute-es']
    """
    name = "jupyter_execute" if lang == LANGUAGES[0] else f"jupyter_execute-{lang}"
    return site.parent / name


def commands(python: str, site: Path = SITE, *, fresh: bool = False,
             quiet: bool = False) -> list[list[str]]:
    """The Sphinx command lines that build the whole site into ``site``, in order.

    ``fresh`` re-reads every page (``-E``) so that every warning is reported again (the
    notebook cache keeps that cheap).  Each build keeps its doctrees outside the site.
    """
    doctrees = site.parent / "doctrees"
    common = ["-W", "--keep-going", "-n", *(["-E"] if fresh else []), *(["-q"] if quiet else [])]
    # jupyterlite-sphinx empties its contents folder whenever a build starts: every build but
    # the English one (which makes the lite app) gets a folder of its own, or it would empty
    # the one the app is being built from while the builds run side by side.
    def own_contents(name: str) -> list[str]:
        return ["-D", f"jupyterlite_content_dir=_build/lite-contents-{name}"]

    runs = [[python, "-m", "sphinx", "-b", "html", *common, "-D", f"language={lang}",
             *(own_contents(lang) if lang != LANGUAGES[0] else []),
             "-d", str(doctrees / lang), str(DOCS), str(site_folder(site, lang))]
            for lang in LANGUAGES]
    runs.append([python, "-m", "sphinx", "-b", "gettext", *common, "-d",
                 str(doctrees / "gettext"), *own_contents("gettext"),
                 str(DOCS), str(site.parent / "gettext")])
    return runs


def describe(command: list[str]) -> str:
    """What a build command makes, in words, for progress lines.

    >>> describe(["python", "-m", "sphinx", "-b", "html", "-D", "language=es", "docs", "out"])
    'the Spanish site'
    >>> describe(["python", "-m", "sphinx", "-b", "gettext", "docs", "out"])
    'the message templates'
    """
    if "gettext" in command:
        return "the message templates"
    lang = next((part.split("=", 1)[1] for part in command if part.startswith("language=")), LANGUAGES[0])
    return f"the {ENGLISH_NAMES.get(lang, lang)} site"


BUILDING = ".bacara-building"
"""Marker a translated language's build keeps in its output folder while it runs or waits to
run: the source build, which writes every language's live notebooks, waits while it is there
for that language's glued values (docs/_ext/lite_assets.py)."""


def waiting_marker(command: list[str]) -> Path | None:
    """Where the marker of a translated language's Sphinx build goes (``None`` for any other
    command).

    >>> waiting_marker(["py", "-m", "sphinx", "-b", "html", "-D", "language=es", "docs",
    ...                 "html/es"]).as_posix()
    'html/es/.bacara-building'
    >>> waiting_marker(["py", "-m", "sphinx", "-b", "html", "-D", "language=en", "docs", "html"])
    """
    if command[1:3] != ["-m", "sphinx"] or "gettext" in command:
        return None
    lang = next((part.split("=", 1)[1] for part in command if part.startswith("language=")),
                LANGUAGES[0])
    return None if lang == LANGUAGES[0] else Path(command[-1]) / BUILDING


def run_all(runs: list[list[str]], *, env: dict[str, str] | None = None,
            jobs: int = 2, progress: Callable[[str], None] | None = None,
            every: float = 30.0) -> list[tuple[list[str], int, str]]:
    """Run the builds, at most ``jobs`` at a time; ``(command, exit status, output)`` each.

    The builds are independent (each language has its own doctrees, notebook cache and
    output folder; only the English build makes the in-browser Python app), so on two
    cores the English and Spanish sites are built side by side.  Each build's output is
    kept and returned whole, in the order the builds were given.

    ``progress``, when given, is told in one line when a build starts and ends (with its
    time), and every ``every`` seconds which builds are still running, so a first build
    (many minutes on two cores) is never silent.
    """
    import tempfile
    import time

    def say(line: str) -> None:
        if progress is not None:
            progress(line)

    pending = list(enumerate(runs))
    running: list[tuple[int, subprocess.Popen[bytes], Any, float]] = []
    # A translated build may wait for a free job while the source build, beside it, already
    # writes the live notebooks: marked as under way from now, it is waited for.  (With one
    # job at a time the source build, first, would wait for builds that cannot start.)
    markers = [waiting_marker(command) for command in runs] if jobs >= 2 else [None] * len(runs)
    for marker in markers:
        if marker is not None:
            marker.parent.mkdir(parents=True, exist_ok=True)
            marker.write_text("queued")
    done: dict[int, tuple[list[str], int, str]] = {}
    begun = last = time.monotonic()
    while pending or running:
        while pending and len(running) < max(1, jobs):
            index, command = pending.pop(0)
            log = tempfile.TemporaryFile()  # noqa: SIM115  (closed when the build ends)
            say(f"building {describe(command)}...")
            running.append((index, subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                                    env=env), log, time.monotonic()))
        finished = [entry for entry in running if entry[1].poll() is not None]
        if not finished:
            time.sleep(0.2)
            now = time.monotonic()
            if now - last >= every:
                last = now
                say(f"still building ({now - begun:.0f} s so far): "
                    + ", ".join(describe(runs[entry[0]]) for entry in running))
            continue
        for entry in finished:
            index, process, log, started = entry
            running.remove(entry)
            marker = markers[index]
            if marker is not None:
                marker.unlink(missing_ok=True)
            log.seek(0)
            done[index] = (runs[index], process.returncode,
                           log.read().decode("utf-8", errors="replace"))
            log.close()
            outcome = "done" if process.returncode == 0 else f"FAILED (exit status {process.returncode})"
            say(f"{describe(runs[index])}: {outcome} in {time.monotonic() - started:.0f} s")
    return [done[i] for i in range(len(runs))]


NOISE = re.compile(
    r"^\[IPKernelApp\] WARNING \| Kernel is running over TCP without encryption"  # every kernel
    r"|^myst(?:-nb)? v[\d.]+: \w+Config\("                 # myst's configuration dumps
    r"|^\[LiteBuildApp\] |^\.  \S+:\S|^\s+\S[^:]*: \d+ files?$"  # jupyter lite build --debug
    r"|^\[jupyterlite-sphinx\] Command: "
    r"|UserWarning: install libarchive-c|^\s+return has_optional_dependency\("
)
"""Lines every build prints that say nothing about this site (dropped by :func:`quiet_output`)."""


def quiet_output(text: str) -> str:
    r"""A build's output without the tools' routine noise (:data:`NOISE`); warnings stay.

    >>> print(quiet_output("[IPKernelApp] WARNING | Kernel is running over TCP without encryption. x\n"
    ...                    "docs/a.md:3: WARNING: undefined label\n"
    ...                    "[LiteBuildApp] Looking for jupyter_config in /etc\n"))
    docs/a.md:3: WARNING: undefined label
    <BLANKLINE>
    """
    return "".join(line for line in text.splitlines(keepends=True) if not NOISE.search(line))


def main(argv: list[str] | None = None) -> int:
    """Build everything with this interpreter: ``--fresh`` re-reads every page, ``--quiet``
    prints a build's output only when it fails, ``--verbose`` keeps the tools' routine noise
    (:data:`NOISE`) in it, ``--jobs N`` builds N at a time (2)."""
    args = sys.argv[1:] if argv is None else argv
    jobs = int(args[args.index("--jobs") + 1]) if "--jobs" in args else 2
    quiet = "--quiet" in args
    site = Path(args[args.index("--site") + 1]) if "--site" in args else SITE
    failed = 0
    def progress(line: str) -> None:
        print(f"sitebuild: {line}", file=sys.stderr, flush=True)

    for command, code, output in run_all(commands(sys.executable, site, fresh="--fresh" in args),
                                         jobs=jobs, progress=progress):
        if code or not quiet:
            print("$", " ".join(command), flush=True)
            print(output if "--verbose" in args else quiet_output(output), flush=True)
        if code:
            print(f"sitebuild: exited with {code}: {' '.join(command)}", file=sys.stderr)
            failed = failed or code
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
