"""The site's build times and page weights.

Targets on a 2-core machine: a clean build of every language and the message templates
(fresh output folder, empty notebook cache,
every notebook executed, the in-browser Python app included) <= 3 min; a rebuild with no
change <= 20 s; a course page's HTML + CSS + JS (without the in-browser Python) <= 1 MB.
Run: ``python tests/benchmarks/bench_site.py`` (the ``bench`` nox session runs it).
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
import sitebuild  # noqa: E402  (the site's builds, as the nox sessions run them)

TARGET_CLEAN_S = 180.0
TARGET_REBUILD_S = 20.0
TARGET_PAGE_BYTES = 1024 * 1024

_ASSET = re.compile(r"""<(?:link[^>]*?href|script[^>]*?src)=["']([^"']+)["']""", re.IGNORECASE)
_CSS_URL = re.compile(r"""@import\s+(?:url\()?["']?([^"')\s;]+)""")


def build(out: Path, cache: Path, *, fresh: bool) -> float:
    """Wall-clock seconds to build the whole site as the docs session does (every language side
    by side, then the message templates; warnings are errors)."""
    env = {**os.environ, "JUPYTER_PLATFORM_DIRS": "1"}
    runs = sitebuild.commands(sys.executable, out, fresh=fresh, quiet=True)
    for command in runs:
        command[5:5] = ["-D", f"nb_execution_cache_path={cache}"]
    start = time.perf_counter()
    results = sitebuild.run_all(runs, env=env)
    elapsed = time.perf_counter() - start
    for command, code, output in results:
        if code != 0:
            raise SystemExit(f"{' '.join(command)} failed ({code}):\n{output[-4000:]}")
    return elapsed


def _local(page: Path, reference: str, site: Path) -> Path | None:
    parts = urlsplit(reference)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    target = (page.parent / unquote(parts.path)).resolve()
    return target if target.is_file() and site.resolve() in target.parents else None


def page_weight(page: Path, site: Path) -> int:
    """Bytes of a page's HTML and of every local stylesheet and script it loads."""
    seen: set[Path] = set()
    todo = [page]
    total = 0
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        total += path.stat().st_size
        text = path.read_text(encoding="utf-8", errors="replace")
        pattern = _ASSET if path.suffix == ".html" else _CSS_URL if path.suffix == ".css" else None
        if pattern is None:
            continue
        for reference in pattern.findall(text):
            found = _local(path, reference, site)
            if found is not None and found.suffix in {".css", ".js"}:
                todo.append(found)
    return total


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bacara-site-bench-") as tmp:
        out, cache = Path(tmp) / "html", Path(tmp) / "cache"
        clean = build(out, cache, fresh=True)
        rebuild = build(out, cache, fresh=False)
        pages = sorted(page for lang in sitebuild.LANGUAGES
                       for page in (sitebuild.site_folder(out, lang) / "chapters").glob("*.html"))
        weights = {p.relative_to(out).with_suffix("").as_posix(): page_weight(p, out) for p in pages}
    heaviest = max(weights, key=lambda name: weights[name])
    print("bench_site: the course site (Sphinx + myst-nb + the lite app), in "
          + ", ".join(sitebuild.ENGLISH_NAMES[lang] for lang in sitebuild.LANGUAGES))
    for label, seconds, target in (("clean build      ", clean, TARGET_CLEAN_S),
                                   ("no-change rebuild", rebuild, TARGET_REBUILD_S)):
        print(f"  {label}: {seconds:7.1f} s   target {target:.0f} s  ratio {seconds / target:5.2f}")
    print(f"  course pages     : {len(weights)}; heaviest {heaviest}"
          f" {weights[heaviest] / 1024:7.1f} KiB (HTML + CSS + JS)   target"
          f" {TARGET_PAGE_BYTES / 1024:.0f} KiB  ratio {weights[heaviest] / TARGET_PAGE_BYTES:5.2f}")
    for name, size in sorted(weights.items()):
        print(f"    {name:<22} {size / 1024:7.1f} KiB")


if __name__ == "__main__":
    main()
