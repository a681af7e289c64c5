"""The page scoreboard's and the page online table's speed and weight, in Chromium, no Python.

Targets (issue "practice on the page itself"): a view is interactive within 100 ms of
DOMContentLoaded (it loads its own script, practice-KIND.js, after practice.js), an action
shows its answer within 50 ms, and the practice script, the kind's script, the styles and
the page's inline practice data weigh at most 150 KiB before compression.  Requests for the
lite app and every ``.wasm`` file are blocked, as a reader without the live notebook sees it.
Run: ``python tests/benchmarks/bench_tables.py`` after building the site
(``BACARA_SITE_DIR`` names another built copy; the ``bench`` nox session runs it).
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("BACARA_SITE_DIR", ROOT / "docs" / "_build" / "html"))
PAGES = {
    "chapters/home-session.html": "home-scoreboard",
    "es/chapters/home-session.html": "home-scoreboard",
    "chapters/paying-bets.html": "online-table",
    "es/chapters/paying-bets.html": "online-table",
}
TARGET_READY_MS = 100.0
TARGET_ACTION_MS = 50.0
TARGET_BYTES = 150 * 1024
LOADS = 5
ACTIONS = 10
_DATA = re.compile(r"<script type=.application/json. class=.bt-practice-data.>(.*?)</script>", re.S)

# One action of each view, timed from the click to the next frame: the scoreboard predicts for
# everyone and deals; the table adds a chip, places and deals.
_ACTION_TIMES = """
async ([kind, count]) => {
  const root = document.querySelector(`[data-practice="${kind}"]`);
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    if (kind === "home-scoreboard") {
      for (const select of root.querySelectorAll("[data-prediction]")) {
        select.value = "banco";
        select.dispatchEvent(new Event("change"));
      }
      root.querySelector("[data-deal]").click();
    } else {
      root.querySelector("[data-clear]").click();
      root.querySelector('[data-chip="5"]').click();
      root.querySelector("[data-place]").click();
      root.querySelector("[data-continue]").click();
    }
    await frame();
    times.push(performance.now() - start);
  }
  return times;
}
"""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def weight(page: str, kind: str) -> tuple[int, int, int, int]:
    """Bytes of the practice script, the kind's script, the styles and the page's inline data."""
    html = (SITE / page).read_text(encoding="utf-8")
    data = sum(len(m.group(1).encode()) for m in _DATA.finditer(html))
    static = SITE / "_static"
    return ((static / "practice.js").stat().st_size, (static / f"practice-{kind}.js").stat().st_size,
            (static / "practice.css").stat().st_size, data)


def main() -> None:
    from playwright.sync_api import sync_playwright

    if not (SITE / next(iter(PAGES))).is_file():
        raise SystemExit(f"{SITE} holds no built site: build it first (nox -s docs)")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    failed = False
    print(f"page scoreboard and table, {LOADS} loads and {ACTIONS} actions per page, Chromium "
          "headless, lite app and .wasm blocked")
    print(f"{'page':34} {'ready ms':>9} {'action ms (median/max)':>23} {'KiB':>7}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu"])
        for page_path, kind in PAGES.items():
            ready: list[float] = []
            actions: list[float] = []
            for load in range(LOADS):
                context = browser.new_context()
                context.route("**/lite/**", lambda route: route.abort())
                context.route("**/*.wasm", lambda route: route.abort())
                page = context.new_page()
                page.goto(f"{origin}/{page_path}", wait_until="load")
                page.locator(f"[data-practice='{kind}'][data-ready='true']").wait_for(timeout=5_000)
                ready.append(page.evaluate(
                    f"performance.getEntriesByName('bacara-practice-ready:{kind}')[0].startTime"
                    " - performance.getEntriesByType('navigation')[0].domContentLoadedEventStart"))
                if load == 0:
                    actions = page.evaluate(_ACTION_TIMES, [kind, ACTIONS])
                context.close()
            script, own, css, data = weight(page_path, kind)
            total = script + own + css + data
            median, worst = statistics.median(actions), max(actions)
            print(f"{page_path:34} {max(ready):9.1f} {median:12.1f} / {worst:6.1f} "
                  f"{total / 1024:7.1f}  (practice.js {script / 1024:.1f}, practice-{kind}.js "
                  f"{own / 1024:.1f}, css {css / 1024:.1f}, data {data / 1024:.1f})")
            failed |= max(ready) > TARGET_READY_MS or worst > TARGET_ACTION_MS or total > TARGET_BYTES
        browser.close()
    server.shutdown()
    print(f"targets: ready <= {TARGET_READY_MS:.0f} ms after DOMContentLoaded (worst of {LOADS} "
          f"loads), action <= {TARGET_ACTION_MS:.0f} ms (worst, to the next frame), "
          f"<= {TARGET_BYTES // 1024} KiB per page")
    if failed:
        print("a target was missed", file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
