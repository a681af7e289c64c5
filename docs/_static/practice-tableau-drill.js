/* bacara_teach: the tableau drill's view, on the page itself, with no Python behind it.
 *
 * What every kind shares (the record, the scheduler, the questions' cards, numbers) is in
 * practice.js, which the page loads first; this script is loaded only by a page that shows a
 * drill (docs/_ext/lean_pages.py). Page contract: see practice.js.
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (typeof document !== "undefined" && root.BacaraPractice) api.start(root.BacaraPractice, document);
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const P = root && root.BacaraPractice ? root.BacaraPractice : require("./practice.js");
  const { element, format, cellKey, nextCell, levelOf, cardsNode, storageWorks, scrolling, saveRecord, lookup, focusSoon, recordAnswer, questionText, loadRecord, later, judge, forgetRecord, emptyRecord, KNOWN, LEVELS } = P;

  class Drill {
    constructor(rootNode, data) {
      this.root = rootNode;
      this.data = data;
      this.labels = data.labels;
      this.record = loadRecord(data.game);
      this.mode = "all";
      this.session = { right: 0, asked: 0 };
      this.cell = null;
      this.answered = false;
      this.timer = null;
      this.unsaved = false;
      // The letter of each answer key, as the page's language names it.
      this.keyAnswers = {};
      for (const [answer, key] of Object.entries(data.keys)) this.keyAnswers[key.toLowerCase()] = answer;
      this.build();
      this.ask(nextCell(data, this.record, this.mode, null));
      this.paintMap();
    }

    build() {
      const L = this.labels;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      this.modeButtons = {};
      const modes = element("div", { class: "bt-practice-modes", role: "group", "aria-label": L.modes });
      for (const mode of ["all", "hard", "timed"]) {
        const button = element("button", { type: "button", "data-mode": mode, "aria-pressed": "false",
                                           text: L[`mode.${mode}`] });
        button.addEventListener("click", () => this.setMode(mode));
        this.modeButtons[mode] = button;
        modes.append(button);
      }
      this.question = element("div", { class: "bt-practice-question", "data-question": true, tabindex: "-1" });
      this.answerButtons = {};
      const answers = element("div", { class: "bt-practice-answers", role: "group", "aria-label": L.answers });
      const keys = this.data.keys;
      for (const answer of this.data.answers) {
        const button = element("button", { type: "button", "data-answer": answer,
                                           "aria-keyshortcuts": keys[answer] },
                               element("span", { text: L[answer] }), " ",
                               element("kbd", { "aria-hidden": "true", text: keys[answer] }));
        button.addEventListener("click", () => this.answer(answer));
        this.answerButtons[answer] = button;
        answers.append(button);
      }
      this.feedback = element("div", { class: "bt-practice-feedback", "data-feedback": true,
                                       role: "status", "aria-live": "polite" });
      // After an answer: the row of the table that decides the cell, the cell outlined.
      this.rule = element("div", { class: "bt-practice-rule-box", "data-rule": true });
      this.nextButton = element("button", { type: "button", class: "bt-practice-next", "data-next": true,
                                            "aria-keyshortcuts": "Enter", disabled: true },
                                element("span", { text: L.next }), " ",
                                element("kbd", { "aria-hidden": "true", text: "↵" }));
      this.nextButton.addEventListener("click", () => this.next());
      this.score = element("p", { class: "bt-practice-score", "aria-live": "off" });
      this.clock = element("p", { class: "bt-practice-clock", role: "timer", hidden: true });
      const hint = element("p", { class: "bt-practice-keys",
                                  text: this.data.answers.includes("choice") ? L["keys.choice"] : L.keys });
      this.map = this.buildMap();
      const reset = element("button", { type: "button", class: "bt-practice-reset", "data-reset": true,
                                        text: L.reset });
      reset.addEventListener("click", () => this.reset());
      const kept = element("p", { class: "bt-practice-kept", "data-kept": storageWorks() ? "browser" : "visit",
                                  text: storageWorks() ? L.kept : L["kept.off"] });
      const shoe = element("p", { class: "bt-practice-shoe", "data-shoe": true,
                                  text: format(L.shoe, { decks: this.data.decks }, this.data.numbers) });
      this.root.append(modes, this.question, answers, this.feedback, this.rule,
                       element("div", { class: "bt-practice-controls" }, this.nextButton, this.clock),
                       this.score, hint, shoe, this.map, element("div", { class: "bt-practice-footer" }, reset, kept));
      this.root.addEventListener("keydown", (event) => this.key(event));
      // A save put off after an answer is written at once when the reader leaves the page.
      const flush = () => this.flush();
      window.addEventListener("pagehide", flush);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "hidden") flush();
      });
      this.modeButtons.all.setAttribute("aria-pressed", "true");
      this.root.dataset.ready = "true";
    }

    buildMap() {
      const L = this.labels;
      const map = element("div", { class: "bt-practice-map", "data-mastery": true });
      this.mapCells = new Map();
      const levelLabel = (level) => L[`level.${level}`];
      const addCell = (row, cell, text) => {
        const key = cellKey(cell);
        const td = element("td", { "data-level": "0", text: "" });
        if (cell.actor === "banco") td.setAttribute("data-cell", `${cell.total}:${cell.third}`);
        else {
          td.setAttribute("data-player-cell", `${cell.bettors || "-"}:${cell.total}`);
        }
        td.dataset.name = text;
        row.append(td);
        this.mapCells.set(key, { td, name: text, level: levelLabel, row });
      };
      // The player's rule(s): one row per rule, totals 0-7.
      const players = this.data.cells.filter((c) => c.actor === "punto");
      const groups = [...new Set(players.map((c) => c.bettors || "-"))];
      const playerTable = element("table", { class: "bt-practice-grid" });
      playerTable.append(element("caption", { text: L["map.player"] }));
      const head = element("tr", {}, element("th", { scope: "col", text: L["map.total"] }));
      for (let t = 0; t < 8; t += 1) head.append(element("th", { scope: "col", text: String(t) }));
      playerTable.append(element("thead", {}, head));
      const pbody = element("tbody");
      for (const group of groups) {
        const row = element("tr", {}, element("th", { scope: "row",
          text: group === "-" ? "" : L[`bettors.${group}`] }));
        for (const cell of players.filter((c) => (c.bettors || "-") === group)) {
          addCell(row, cell, format(L["cell.player"], { total: cell.total }, this.data.numbers)
                  + (group === "-" ? "" : ` (${L[`bettors.${group}`]})`));
        }
        pbody.append(row);
      }
      playerTable.append(pbody);
      // The banker's table: totals 0-7 down, "stood" then third card 0-9 across.
      const bankerTable = element("table", { class: "bt-practice-grid" });
      bankerTable.append(element("caption", { text: L["map.banker"] }));
      const bhead = element("tr", {}, element("th", { scope: "col", text: `${L["map.total"]} \\ ${L["map.third"]}` }),
                            element("th", { scope: "col", text: L.stood }));
      for (let v = 0; v < 10; v += 1) bhead.append(element("th", { scope: "col", text: String(v) }));
      bankerTable.append(element("thead", {}, bhead));
      const bbody = element("tbody");
      for (let t = 0; t < 8; t += 1) {
        const row = element("tr", {}, element("th", { scope: "row", text: String(t) }));
        for (const third of ["stood", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
          const cell = lookup(this.data, "banco", t, third);
          addCell(row, cell, third === "stood" ? format(L["cell.stood"], { total: t }, this.data.numbers)
            : format(L["cell.banker"], { total: t, third }, this.data.numbers));
        }
        bbody.append(row);
      }
      bankerTable.append(bbody);
      this.known = element("p", { class: "bt-practice-known" });
      const legend = element("ul", { class: "bt-practice-legend" });
      for (let level = 0; level <= LEVELS; level += 1) {
        legend.append(element("li", {}, element("span", { class: "bt-practice-swatch", "data-level": level,
                                                          "aria-hidden": "true" }), ` ${levelLabel(level)}`));
      }
      map.append(element("p", { class: "bt-practice-map-title", text: L.map }), this.known,
                 scrolling(playerTable, L["map.player"]), scrolling(bankerTable, L["map.banker"]), legend);
      return map;
    }

    /** Shade one cell of the map by its level; only a cell whose level changed is touched. */
    paintCell(entry, level) {
      if (entry.shown === level) return;
      entry.shown = level;
      const td = entry.td;
      td.dataset.level = String(level);
      td.textContent = level ? String(level) : "";
      td.title = `${entry.name}: ${entry.level(level)}`;
      td.setAttribute("aria-label", td.title);
    }

    /** The map, the count of cells known and the score: the whole map, or after an answer the
     *  answered cell alone (`onlyKey`, whose level was `before`). */
    paintMap(onlyKey, before) {
      if (onlyKey === undefined) {
        this.knownCount = 0;
        this.unseenCount = 0;
        for (const [key, entry] of this.mapCells) {
          const level = levelOf(this.record, key);
          if (level >= KNOWN) this.knownCount += 1;
          if (level === 0) this.unseenCount += 1;
          this.paintCell(entry, level);
        }
      } else {
        const level = levelOf(this.record, onlyKey);
        this.knownCount += (level >= KNOWN ? 1 : 0) - (before >= KNOWN ? 1 : 0);
        this.unseenCount -= before === 0 && this.mapCells.has(onlyKey) ? 1 : 0;
        const entry = this.mapCells.get(onlyKey);
        if (entry) this.paintCell(entry, level);
      }
      const known = format(this.labels.known, { known: this.knownCount, cells: this.mapCells.size,
                                                unseen: this.unseenCount }, this.data.numbers);
      if (this.known.textContent !== known) this.known.textContent = known;
      this.score.textContent = format(this.labels.score, this.session, this.data.numbers);
    }

    ask(cell) {
      this.cell = cell;
      this.answered = false;
      const deals = cell.deals;
      const deal = deals[Math.floor(Math.random() * deals.length)];
      const [player, banker] = deal;
      const q = this.question;
      q.replaceChildren();
      q.dataset.actor = cell.actor;
      q.dataset.total = String(cell.total);
      if (cell.actor === "banco") q.dataset.third = String(cell.third);
      else delete q.dataset.third;
      if (cell.bettors) {
        q.dataset.bettors = cell.bettors;
        q.append(element("p", { class: "bt-practice-context", text: this.labels[`bettors.${cell.bettors}`] }));
      } else delete q.dataset.bettors;
      // In Chemin de Fer the player deciding does not see the other side's first two cards.
      const hidden = (side) => (this.data.face_down && cell.actor !== side ? 2 : 0);
      const face = this.labels["card.hidden"];
      q.append(element("p", { class: "bt-practice-cards" }, cardsNode(player, hidden("punto"), face), " | ",
                       cardsNode(banker, hidden("banco"), face)),
               element("p", { class: "bt-practice-prompt", text: questionText(this.data, cell, deal) }));
      this.feedback.replaceChildren();
      this.rule.replaceChildren();
      delete this.feedback.dataset.correct;
      this.feedback.className = "bt-practice-feedback";
      this.markCell(null);
      for (const button of Object.values(this.answerButtons)) button.disabled = false;
      this.nextButton.disabled = true;
    }

    /** Outline the asked cell (and its row) on the map, or none. */
    markCell(key) {
      if (this.marked) {
        this.marked.td.classList.remove("bt-current");
        this.marked.td.removeAttribute("aria-current");
        this.marked.row.classList.remove("bt-current-row");
      }
      this.marked = key === null ? null : this.mapCells.get(key) || null;
      if (this.marked) {
        this.marked.td.classList.add("bt-current");
        this.marked.td.setAttribute("aria-current", "true");
        this.marked.row.classList.add("bt-current-row");
      }
    }

    /**
     * The row of the table that decides `cell` (Punto's or the bettor's rule, or the banker's row
     * for its total), each cell with the rule's letter, the asked cell outlined.
     */
    ruleRow(cell) {
      const L = this.labels;
      const data = this.data;
      const banker = cell.actor === "banco";
      const cells = banker ? ["stood", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((third) => lookup(data, "banco", cell.total, third))
        : data.cells.filter((c) => c.actor === "punto" && c.bettors === cell.bettors);
      const caption = banker ? L["map.banker"]
        : L["map.player"] + (cell.bettors ? ` (${L[`bettors.${cell.bettors}`]})` : "");
      const head = element("tr", {}, element("th", { scope: "col",
        text: banker ? `${L["map.total"]} \\ ${L["map.third"]}` : L["map.total"] }));
      const row = element("tr", { class: "bt-current-row" },
                          element("th", { scope: "row", text: banker ? String(cell.total) : "" }));
      for (const c of cells) {
        head.append(element("th", { scope: "col", text: banker ? (c.third === "stood" ? L.stood : String(c.third))
          : String(c.total) }));
        const current = c === cell;
        row.append(element("td", { class: `bt-${c.answer}${current ? " bt-current" : ""}`,
                                   "aria-current": current ? "true" : null, title: data.words[c.answer],
                                   "data-letter": data.letters[c.answer], text: data.letters[c.answer] }));
      }
      return element("div", { class: "bt-practice-scroll" },
                     element("table", { class: "bt-tableau bt-practice-rule", "data-rule-row": true },
                             element("caption", { text: caption }), element("thead", {}, head),
                             element("tbody", {}, row)));
    }

    /**
     * An answer: judged, shown, counted. Only the feedback, the buttons, the answered cell of
     * the map and the score change; the record is written to storage once the browser is idle
     * (or at once if the reader leaves), not between the click and the feedback.
     */
    answer(given) {
      if (this.answered || this.over) return;
      const verdict = judge(this.data, this.cell, given);
      this.answered = true;
      const key = cellKey(this.cell);
      const before = levelOf(this.record, key);
      recordAnswer(this.record, key, verdict.correct);
      this.session.asked += 1;
      if (verdict.correct) this.session.right += 1;
      // Focus moves first, while the page's styles are still clean: the browser then works out
      // the style of the one button it enables, not of everything the answer changes.
      this.nextButton.disabled = false;
      focusSoon(this.nextButton);
      this.feedback.replaceChildren(element("p", { class: "bt-practice-verdict", "data-verdict": true,
                                                   text: verdict.message }),
                                    element("p", { class: "bt-practice-worth", "data-worth": true,
                                                   text: verdict.worth }));
      this.rule.replaceChildren(this.ruleRow(this.cell));
      this.feedback.className = verdict.correct ? "bt-practice-feedback bt-right" : "bt-practice-feedback bt-wrong";
      this.feedback.dataset.correct = String(verdict.correct);
      for (const button of Object.values(this.answerButtons)) button.disabled = true;
      this.paintMap(key, before);
      this.markCell(key);
      this.saveSoon();
    }

    /** Write the record once the browser is idle. */
    saveSoon() {
      if (this.unsaved) return;
      this.unsaved = true;
      later(() => this.flush());
    }

    /** Write the record now if an answer has not been saved yet. */
    flush() {
      if (!this.unsaved) return;
      this.unsaved = false;
      saveRecord(this.data.game, this.record);
    }

    next() {
      if (!this.answered || this.over) return;
      this.ask(nextCell(this.data, this.record, this.mode === "timed" ? "all" : this.mode, cellKey(this.cell)));
      focusSoon(this.answerButtons[this.data.answers[0]]);
    }

    setMode(mode) {
      this.mode = mode;
      for (const [name, button] of Object.entries(this.modeButtons)) {
        button.setAttribute("aria-pressed", String(name === mode));
      }
      this.stopClock();
      this.over = false;
      this.session = { right: 0, asked: 0 };
      if (mode === "timed") this.startClock();
      this.ask(nextCell(this.data, this.record, mode === "timed" ? "all" : mode, this.cell && cellKey(this.cell)));
      this.paintMap();
      this.answerButtons[this.data.answers[0]].focus();
    }

    startClock() {
      const end = Date.now() + this.data.round_seconds * 1000;
      this.clock.hidden = false;
      const tick = () => {
        const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
        this.clock.textContent = format(this.labels.left, { seconds: left }, this.data.numbers);
        if (left <= 0) this.finishRound();
      };
      tick();
      this.timer = window.setInterval(tick, 250);
    }

    stopClock() {
      if (this.timer !== null) window.clearInterval(this.timer);
      this.timer = null;
      this.clock.hidden = true;
    }

    finishRound() {
      this.stopClock();
      this.over = true;
      this.record.best = Math.max(this.record.best || 0, this.session.right);
      this.unsaved = false;
      saveRecord(this.data.game, this.record);
      for (const button of Object.values(this.answerButtons)) button.disabled = true;
      this.nextButton.disabled = true;
      delete this.feedback.dataset.correct;
      this.feedback.className = "bt-practice-feedback";
      this.rule.replaceChildren();
      this.markCell(null);
      this.feedback.textContent = format(this.labels.over, { ...this.session, best: this.record.best },
                                         this.data.numbers);
      const again = this.modeButtons.timed;
      again.textContent = this.labels.again;
      again.focus();
    }

    reset() {
      this.record = emptyRecord();
      this.unsaved = false;
      forgetRecord(this.data.game);
      this.modeButtons.timed.textContent = this.labels["mode.timed"];
      this.setMode("all");
      this.feedback.textContent = this.labels.cleared;
    }

    key(event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      const letter = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const given = this.keyAnswers[letter];
      if (given && this.data.answers.includes(given)) {
        event.preventDefault();
        this.answer(given);
      } else if (letter === "Enter" && this.answered) {
        // A focused button answers Enter itself (the next button included).
        if (target && target.tagName === "BUTTON" && target !== this.nextButton) return;
        if (target === this.nextButton) return;
        event.preventDefault();
        this.next();
      }
    }
  }


  const KIND = "tableau-drill";

  /** Start the page's drills; with a single drill on the page, its keys also work before focus
   *  has moved into it. */
  function start(practice, doc) {
    const drills = practice.register(KIND, (node, data) => new Drill(node, data));
    if (drills.length === 1) {
      doc.addEventListener("keydown", (event) => {
        if (event.target === doc.body || event.target === doc.documentElement) drills[0].key(event);
      });
    }
    return drills;
  }

  return { KIND, Drill, start };
});
