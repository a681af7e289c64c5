"""The page drill's, the coup callers', the pay table's, the practice path's and the Chemin de
Fer procedures' speed and weight, in Chromium, on the built site with no Python runtime.

Targets: the drill (the callers, the pay table, the practice path and its final check, the
procedures) is interactive within 100 ms of DOMContentLoaded; an answer (a call) shows its
feedback within 50 ms; the practice script, its styles and the page's drill data weigh at most
150 KiB before compression; the scheduler (judge an answer, record it, draw the next cell)
takes at most 2 ms per answer, timed under Node.js over a long drill.  Requests for the lite
app and every ``.wasm`` file are blocked, as a reader without the live notebook sees the page.
Run: ``python tests/benchmarks/bench_practice.py`` after building the site
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

from bacara_teach.text import SOURCE_LANGUAGE, language_codes

ROOT = Path(__file__).resolve().parents[2]
SITE = Path(os.environ.get("BACARA_SITE_DIR", ROOT / "docs" / "_build" / "html"))
_PRACTICE_PAGES = ("chapters/third-card-rule.html", "chapters/chemin-de-fer.html",
                   "chapters/worked-examples.html", "chapters/paying-bets.html", "practice.html",
                   "chapters/cdf-decisions.html", "chapters/cdf-table.html")
PAGES = tuple(("" if lang == SOURCE_LANGUAGE else f"{lang}/") + page
              for page in _PRACTICE_PAGES for lang in language_codes())
"""Every page with practice, in every language of the site."""
_CALLER_PAGES = ("worked-examples", "cdf-decisions")  # the pages of the coup caller
TARGET_READY_MS = 100.0
TARGET_FEEDBACK_MS = 50.0
TARGET_BYTES = 150 * 1024
TARGET_SCHEDULER_MS = 2.0
SCHEDULED = 2000
LOADS = 5
ANSWERS = 40
_KIND = re.compile(r"data-practice=.([a-z][a-z-]*).")
_DATA = re.compile(r"<script type=.application/json. class=.bt-practice-data.>(.*?)</script>", re.S)

def _answer_times(practice: str, answer: str, *, prepare: str = "", before: str = "",
                  box: str = "root", most: str = "count") -> str:
    """The page script that times ``count`` answers (at most ``most``) to the practice
    ``practice``: for each, ``prepare`` (not timed), then ``answer``, timed to its feedback
    (``handled``) and to the frame that paints it (``framed``); then the next question asked
    (``[data-next]``: the scheduler picks it, the page lays it out), timed too.  ``before``
    runs once first; ``box`` holds the feedback and the next button."""
    return f"""
async (count) => {{
  const root = document.querySelector('[data-practice="{practice}"]');
  {before}
  const box = {box};
  const times = [];
  while (times.length < Math.min(count, {most})) {{
    {prepare}
    const start = performance.now();
    {answer}
    if (!box.querySelector('[data-feedback]').hasAttribute('data-correct')) throw new Error('no feedback');
    const handled = performance.now() - start;
    await new Promise((done) => requestAnimationFrame(() => done()));
    const framed = performance.now() - start;
    const asking = performance.now();
    const next = box.querySelector('[data-next]');
    if (!next.disabled) next.click();
    times.push([handled, framed, performance.now() - asking]);
    // A reader answers a question once it is on screen: let the next one be drawn first.
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  }}
  return times;
}}
"""


# The drill: an answer button to its feedback, then the next cell dealt.
_ANSWER_TIMES = _answer_times("tableau-drill", "button.click();",
                              prepare="const button = root.querySelector('[data-answer]');")
# The coup caller: each call (a button, or the totals typed and sent) to its feedback; once the
# coup is called, the next coup (the scheduler picks the case, the page lays out its cards).
_CALLER_TIMES = _answer_times("coup-caller", """const button = root.querySelector('[data-answer]');
    if (button) button.click();
    else {
      root.querySelector('[data-answer-input]').value = '0 0';
      root.querySelector('[data-submit]').click();
    }""")
# The Chemin de Fer table's procedures: each answer (who acts now, then what they may do) to its
# feedback; then the next moment.
_PROCEDURE_TIMES = _answer_times("cdf-procedures",
                                 "root.querySelector('[data-answer]:not([disabled])').click();")
# Paying the table: every bet's box filled and the layout paid, to its feedback; then the next
# layout laid out.
_PAY_TIMES = _answer_times(
    "pay-table", "root.querySelector('[data-submit]').click();",
    prepare="for (const payout of root.querySelectorAll('[data-payout]')) payout.value = '0';")
# The final check of the practice path: each answer (the first choice, or a typed 0) judged and
# shown, then the next question (29 of its 30: the last one has no next).
_PATH_TIMES = _answer_times(
    "path", "(typed ? box.querySelector('[data-submit]') : box.querySelector('[data-answer]')).click();",
    before="root.querySelector('[data-final-start]').click();",
    box="root.querySelector('#bt-path-final-box')", most="29",
    prepare="const typed = box.querySelector('[data-answer-input]');\n    if (typed) typed.value = '0';")

# The scheduler alone, under Node.js, on the engine's data: each answer counted
# (recordAnswer), judged (judge) and the next cell drawn (nextCell), a learner missing a hard
# cell half the time, over a long drill.
_SCHEDULER = r"""
const practice = require(process.argv[1]);
const { data, answers } = JSON.parse(require("fs").readFileSync(0, "utf8"));
let seed = 7;
const rand = () => { seed ^= seed << 13; seed >>>= 0; seed ^= seed >> 17; seed ^= seed << 5; seed >>>= 0; return seed / 4294967296; };
const record = practice.emptyRecord();
let cell = practice.nextCell(data, record, "all", null, rand);
const times = [];
for (let i = 0; i < answers; i += 1) {
  const given = cell.hard && rand() < 0.5 ? data.answers.find((a) => a !== cell.answer) : cell.answer;
  const start = process.hrtime.bigint();
  const verdict = practice.judge(data, cell, given);
  practice.recordAnswer(record, practice.cellKey(cell), verdict.correct);
  cell = practice.nextCell(data, record, "all", practice.cellKey(cell), rand);
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
}
process.stdout.write(JSON.stringify(times));
"""


def scheduler_times(game: str) -> list[float]:
    """Milliseconds per answer of the page script's pure part: judge, record, next cell."""
    import json
    import shutil
    import subprocess

    from bacara_teach.practice.drill import drill_data

    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is needed to time the drill's scheduler")
    done = subprocess.run([node, "-e", _SCHEDULER, str(ROOT / "docs" / "_static" / "practice.js")],
                          input=json.dumps({"data": drill_data(game, "en"), "answers": SCHEDULED}),
                          capture_output=True, text=True, check=True, timeout=300)
    times: list[float] = json.loads(done.stdout)
    return times


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def weight(page: str) -> tuple[int, int, int]:
    """Bytes of the practice scripts (practice.js and the page's own kinds' practice-KIND.js),
    its styles and the page's inline practice data."""
    html = (SITE / page).read_text(encoding="utf-8")
    data = sum(len(m.group(1).encode()) for m in _DATA.finditer(html))
    static = SITE / "_static"
    kinds = {static / f"practice-{kind}.js" for kind in _KIND.findall(html)}
    script = (static / "practice.js").stat().st_size + sum(k.stat().st_size for k in kinds
                                                             if k.is_file())
    return script, (static / "practice.css").stat().st_size, data


def main() -> None:
    from playwright.sync_api import sync_playwright

    if not (SITE / PAGES[0]).is_file():
        raise SystemExit(f"{SITE} holds no built site: build it first (nox -s docs)")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    failed = False
    print(f"page drill, {LOADS} loads and {ANSWERS} answers per page, Chromium headless, "
          "lite app and .wasm blocked")
    print(f"{'page':38} {'ready ms':>9} {'feedback ms (median/max)':>25} {'KiB':>7}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu"])
        for page_path in PAGES:
            ready: list[float] = []
            answers: list[list[float]] = []
            for load in range(LOADS):
                context = browser.new_context()
                context.route("**/lite/**", lambda route: route.abort())
                context.route("**/*.wasm", lambda route: route.abort())
                page = context.new_page()
                page.goto(f"{origin}/{page_path}", wait_until="load")
                # the coup caller comes in its own script, fetched by the page that shows it
                caller = any(name in page_path for name in _CALLER_PAGES)
                mark = ("bacara-practice-ready-coup-caller" if caller
                        else "bacara-practice-ready-pay-table" if "paying-bets" in page_path
                        else "bacara-practice-ready-path" if "practice.html" in page_path
                        else "bacara-practice-ready-cdf-procedures" if "cdf-table" in page_path
                        else "bacara-practice-ready-tableau-drill")
                page.wait_for_function(f"performance.getEntriesByName('{mark}').length > 0")
                ready.append(page.evaluate(
                    f"performance.getEntriesByName('{mark}')[0].startTime"
                    " - performance.getEntriesByType('navigation')[0].domContentLoadedEventStart"))
                if load == 0:
                    timing = (_CALLER_TIMES if caller
                              else _PAY_TIMES if "paying-bets" in page_path
                              else _PATH_TIMES if "practice.html" in page_path
                              else _PROCEDURE_TIMES if "cdf-table" in page_path else _ANSWER_TIMES)
                    answers = page.evaluate(timing, ANSWERS)
                context.close()
            script, css, data = weight(page_path)
            total = script + css + data
            worst_ready = max(ready)
            framed = [t[1] for t in answers]
            median, worst = statistics.median(framed), max(framed)
            # On a busy machine a single answer can wait for the processor: the 90th percentile
            # and the script's own median show what the page itself costs.
            p90 = statistics.quantiles(framed, n=10)[-1]
            handled = max(t[0] for t in answers)
            handled_median = statistics.median(t[0] for t in answers)
            asking = statistics.median(t[2] for t in answers)
            print(f"{page_path:38} {worst_ready:9.1f} {median:12.1f} / {worst:6.1f} "
                  f"(90% within {p90:.1f}; script alone, median {handled_median:.1f}, worst {handled:.1f}; "
                  f"next question, median {asking:.1f}) "
                  f"{total / 1024:7.1f}  (script {script / 1024:.1f}, css {css / 1024:.1f}, "
                  f"data {data / 1024:.1f})")
            failed |= worst_ready > TARGET_READY_MS or worst > TARGET_FEEDBACK_MS or total > TARGET_BYTES
        browser.close()
    server.shutdown()
    print(f"scheduler under Node.js, {SCHEDULED} answers (judge, record, next cell), ms per answer:")
    for game in ("punto-banco", "chemin-de-fer"):
        times = scheduler_times(game)
        p99 = statistics.quantiles(times, n=100)[-1]
        print(f"  {game:14} median {statistics.median(times):.3f}, 99% within {p99:.3f}, "
              f"worst {max(times):.3f}")
        failed |= p99 > TARGET_SCHEDULER_MS
    print(f"targets: ready <= {TARGET_READY_MS:.0f} ms after DOMContentLoaded (worst of {LOADS} loads; negative: ready before it), feedback <= "
          f"{TARGET_FEEDBACK_MS:.0f} ms (worst answer, to the next frame), "
          f"<= {TARGET_BYTES // 1024} KiB per page, the scheduler <= {TARGET_SCHEDULER_MS} ms per "
          "answer (99th percentile)")
    if failed:
        print("a target was missed", file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
