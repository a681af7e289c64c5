/* bacara_teach: the coup caller on the page itself, with no Python behind it.
 *
 * The engine dealt the page's coups at build time (bacara_teach/practice/caller.py for Punto
 * Banco, cdf_caller.py for Chemin de Fer) and wrote down, for each, the calls a dealer makes in
 * order (natural? Punto's or the bettor's decision? Banco's or the banker's? the winner, the
 * totals), each call's answer and the engine's words for it. This script shows a coup, judges
 * each call against the prepared answer, and picks the next coup with the drill's own scheduler
 * (practice.js), so that a case the learner misses comes back soon. It decides no rule itself.
 *
 * Chemin de Fer has free cells: there the call is "choice", and the coup goes on as the player
 * chose (the data's `chose`). In seat mode the learner makes that choice instead, and the coup
 * follows the line the engine prepared for it (the data's `alt`).
 *
 * Page contract: [data-practice="coup-caller"][data-game]; the coup on show [data-coup] with
 * data-cards (its cards in dealing order), data-key (the case it trains) and data-chose (the free
 * choices it was dealt with: "1:draw 2:stand", a step's index and its decision); the step asked
 * [data-step] with data-kind (natural, punto, banco, winner, totals; Chemin de Fer: bettor, banker);
 * answer buttons [data-answer] (yes/no, draw/stand/choice, punto/banco/tie); the totals typed in [data-answer-input]
 * ("1 3": Punto's then Banco's) and sent by [data-submit]; the feedback [data-feedback] with
 * data-correct; [data-next] once the coup is called; the modes [data-mode] (untimed, timed,
 * dealer; Chemin de Fer: seat); in dealer mode [data-deal] turns the next card; the score [data-score] (data-right,
 * data-calls, data-coups).
 *
 * Under Node the pure part (reading totals, judging a call, choosing the next coup) is exported
 * for the tests.
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (root && root.BacaraPractice) root.BacaraPractice.register(api.KIND, (node, data) => new api.Caller(node, data));
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const KIND = "coup-caller";
  const ANSWERS = {
    natural: ["yes", "no"],
    punto: ["draw", "stand"],
    banco: ["draw", "stand"],
    winner: ["punto", "banco", "tie"],
    bettor: ["draw", "stand", "choice"],
    banker: ["draw", "stand", "choice"],
  };
  const CHOSEN = ["draw", "stand"]; // a free cell's answers in seat mode
  const MODES = ["untimed", "timed", "dealer"];
  const HAND = { punto: "punto", banco: "banco", bettor: "punto", banker: "banco" }; // the hand a decision deals to

  /** Whether the decision at step `index` of `coup` deals a third card: a "draw", or a free
   *  choice the player there made to draw. */
  function draws(data, coup, index) {
    const kind = data.kinds[coup.kinds[index]];
    if (!HAND[kind]) return false;
    const call = coup.calls[index];
    return call === "draw" || (call === "choice" && !!coup.chose && coup.chose[index] === "draw");
  }

  // -- the pure part ------------------------------------------------------------------------------

  /** Two final totals typed as "1 3", "1-3", "1, 3" or "13": [punto, banco], or null. */
  function readTotals(text) {
    const found = String(text).trim().match(/^(\d)\s*(?:[\s,;:/\-–—]\s*)?(\d)$/);
    return found ? [Number(found[1]), Number(found[2])] : null;
  }

  /** A step of a coup as an object: kind, answer, why (an index into texts), and how many
   *  cards are on the table while it is asked: four, then each third card once the call that
   *  deals it (Punto's or Banco's "draw") has been made. */
  function step(data, coup, index) {
    const kind = data.kinds[coup.kinds[index]];
    let shown = 4;
    for (let before = 0; before < index; before += 1) if (draws(data, coup, before)) shown += 1;
    return { kind, answer: coup.calls[index], why: coup.why[index], shown };
  }

  /** The free choices a coup was dealt with, as its data-chose attribute says them: "1:draw
   *  2:stand" (a step's index and the decision taken there), "" for none. */
  function choseText(coup) {
    return Object.entries(coup.chose || {}).map(([at, decision]) => `${at}:${decision}`).join(" ");
  }

  /** The cases as the drill's scheduler reads cells: each case's key, and whether it is hard. */
  function cases(data) {
    if (!data._cells) {
      const hard = new Set(data.hard);
      Object.defineProperty(data, "_cells", { enumerable: false,
        value: { cells: data.cases.map((key) => ({ key, hard: hard.has(key) })) } });
    }
    return data._cells;
  }

  /** The answers a step offers: a free cell's, in seat mode, are the choices themselves. */
  function answersOf(asked, seat) {
    return seat && asked.answer === "choice" ? CHOSEN : ANSWERS[asked.kind];
  }

  /** Judge `given` on a step: right or not (null when totals cannot be read). In seat mode a
   *  free cell takes either choice, and either is right: the rules leave it to the player. */
  function judgeStep(asked, given, seat) {
    if (asked.kind === "totals") {
      const totals = readTotals(given);
      if (!totals) return null;
      return { correct: totals.join(" ") === asked.answer, answer: asked.answer };
    }
    if (!answersOf(asked, seat).includes(given)) throw new RangeError(`no answer ${given} to a ${asked.kind} call`);
    if (seat && asked.answer === "choice") return { correct: true, answer: given, chosen: true };
    return { correct: given === asked.answer, answer: asked.answer };
  }

  /** Which hand each card goes to, in dealing order: Punto, Banco, Punto, Banco, then the
   *  third cards (Punto's first when Punto draws, as the coup's own calls say); in Chemin de
   *  Fer the bettor's hand is shown as Punto's, the banker's as Banco's. */
  function hands(data, coup) {
    const cards = coup.cards.split(" ");
    const owners = ["punto", "banco", "punto", "banco"];
    [...coup.kinds].forEach((code, i) => {
      if (draws(data, coup, i)) owners.push(HAND[data.kinds[code]]);
    });
    return cards.map((card, i) => ({ card, hand: owners[i] }));
  }

  /** The coups of each case, by key. */
  function byKey(data) {
    if (!data._byKey) {
      Object.defineProperty(data, "_byKey", { value: new Map(), enumerable: false });
      data.coups.forEach((coup, i) => {
        if (!data._byKey.has(coup.key)) data._byKey.set(coup.key, []);
        data._byKey.get(coup.key).push(i);
      });
    }
    return data._byKey;
  }

  /**
   * The case of the next coup: a missed case once it is due again (the drill's spacing: a few
   * coups later), the longest waiting first; else a case never called, at random, until every
   * case has come up; else the drill's scheduler (a case being learnt before a known one).
   * Never the case just called when there is another.
   */
  function nextCase(P, data, record, lastKey, random) {
    const rand = random || Math.random;
    let missed = null;
    const fresh = [];
    const { cells } = cases(data);
    for (const cell of cells) {
      if (cell.key === lastKey) continue;
      const entry = record.cells[cell.key];
      if (!entry || typeof entry !== "object") fresh.push(cell);
      else if (entry.level === 1 && record.step >= entry.due && (!missed || entry.due < missed.due)) {
        missed = { cell, due: entry.due };
      }
    }
    if (missed) return missed.cell;
    if (fresh.length) return fresh[Math.min(fresh.length - 1, Math.floor(rand() * fresh.length))];
    return P.nextCell(cases(data), record, "all", lastKey, rand);
  }

  /** The next coup to call: its case from nextCase; among that case's coups, the one after
   *  the coup last called for it. */
  function nextCoup(P, data, record, lastKey, random) {
    const cell = nextCase(P, data, record, lastKey, random);
    const coups = byKey(data).get(cell.key);
    const entry = record.cells[cell.key];
    const asked = entry && Number.isInteger(entry.asked) && entry.asked > 0 ? entry.asked : 0;
    return coups[asked % coups.length];
  }

  /** A case in words, from its key: "3:8", "6:stood", "natural:9:-", "natural:8:9". */
  function caseWords(key, labels, format) {
    const [first, second, third] = key.split(":");
    if (first !== "natural") {
      if (second === "stood") return format(labels["case.stood"], { total: Number(first) });
      return format(labels["case.third"], { total: Number(first), third: Number(second) });
    }
    if (third === "-") return format(labels["case.punto"], { total: Number(second) });
    if (second === "-") return format(labels["case.banco"], { total: Number(third) });
    return format(labels["case.both"], { punto: Number(second), banco: Number(third) });
  }

  // -- the page -------------------------------------------------------------------------------------

  class Caller {
    constructor(rootNode, data) {
      const P = root.BacaraPractice;
      this.P = P;
      this.el = P.element;
      this.fmt = (template, values) => P.format(template, values, data.numbers);
      this.root = rootNode;
      this.data = data;
      this.L = data.labels;
      this.store = `caller-${data.game}`;
      this.record = P.loadRecord(this.store);
      this.tally = { right: 0, calls: 0, coups: 0 };
      this.mode = "untimed";
      this.modes = Array.isArray(data.modes) ? data.modes.filter((m) => MODES.includes(m) || m === "seat") : MODES;
      this.build();
      this.show(this.pick());
      rootNode.dataset.ready = "true";
    }

    build() {
      const L = this.L;
      const el = this.el;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      const modes = el("div", { class: "bt-practice-modes", role: "group", "aria-label": L.modes });
      this.modeButtons = {};
      for (const mode of this.modes) {
        const b = el("button", { type: "button", "data-mode": mode, "aria-pressed": String(mode === this.mode),
                                 text: L[`mode.${mode}`] });
        b.addEventListener("click", () => this.setMode(mode));
        this.modeButtons[mode] = b;
        modes.append(b);
      }
      this.coupView = el("div", { class: "bt-caller-coup", "data-coup": true, tabindex: "-1" });
      this.dealButton = el("button", { type: "button", "data-deal": true, text: L.deal, hidden: true });
      this.dealButton.addEventListener("click", () => this.turnCard());
      this.question = el("p", { class: "bt-practice-context", "data-step": true, id: `${this.root.id || "caller"}-step` });
      this.answers = el("div", { class: "bt-practice-answers", role: "group", "aria-label": L.answers });
      this.feedback = el("div", { class: "bt-practice-feedback", "data-feedback": true, role: "status",
                                  "aria-live": "polite" });
      this.log = el("ol", { class: "bt-caller-log", "aria-label": L.calls });
      // the whole coup's verdict once it is called, coloured by every call, not the last one
      this.summary = el("div", { class: "bt-practice-feedback", "data-summary": true, role: "status",
                                 "aria-live": "polite" });
      this.position = el("p", { class: "bt-practice-kept", "aria-live": "off" });
      this.nextButton = el("button", { type: "button", class: "bt-practice-next", "data-next": true, text: L.next,
                                       disabled: true });
      this.nextButton.addEventListener("click", () => this.next());
      this.score = el("p", { class: "bt-practice-score", "data-score": true, "aria-live": "off" });
      this.known = el("p", { class: "bt-practice-known", "aria-live": "off" });
      const reset = el("button", { type: "button", "data-reset": true, text: L.reset });
      reset.addEventListener("click", () => this.reset());
      this.root.append(el("p", { text: L.intro }), el("p", { class: "bt-practice-kept", text: L.prepared }),
                       modes, this.position, this.coupView, this.dealButton, this.question, this.answers,
                       this.feedback, this.log, this.summary, el("div", { class: "bt-practice-controls" }, this.nextButton),
                       this.score, this.known, el("p", { class: "bt-practice-keys", text: L.keys }),
                       el("div", { class: "bt-practice-footer" }, el("span", { text: L.kept }), reset));
      this.root.addEventListener("keydown", (event) => this.key(event));
      this.paintScore();
    }

    setMode(mode) {
      if (!this.modes.includes(mode) || mode === this.mode) return;
      this.mode = mode;
      for (const [name, b] of Object.entries(this.modeButtons)) b.setAttribute("aria-pressed", String(name === mode));
      this.round = mode === "timed" ? { coups: 0, right: 0, calls: 0, ms: 0, clean: true } : null;
      this.show(this.pick());
    }

    key(event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.target.tagName === "INPUT") return;
      if (event.key === "Enter") {
        if (event.target.tagName === "BUTTON") return;
        if (!this.nextButton.disabled) {
          event.preventDefault();
          this.next();
        }
        return;
      }
      const asked = this.asked();
      if (!asked || asked.kind === "totals" || this.hidden > 0) return;
      const letter = event.key.toUpperCase();
      for (const answer of answersOf(asked, this.mode === "seat")) {
        if (letter === String(this.data.keys[answer]).toUpperCase()) {
          event.preventDefault();
          this.call(answer);
          return;
        }
      }
    }

    asked() {
      return this.coup && this.at < this.coup.calls.length ? step(this.data, this.coup, this.at) : null;
    }

    show(index) {
      this.index = index;
      this.coup = this.data.coups[index];
      this.dealtKey = this.coup.key; // the case the coup was chosen for (seat mode may lead to another)
      this.at = 0;
      this.calls = [];
      this.cards = hands(this.data, this.coup);
      this.hidden = this.mode === "dealer" ? 4 : 0; // cards of the first four still face down
      this.coupView.dataset.cards = this.coup.cards;
      this.coupView.dataset.key = this.coup.key;
      this.coupView.dataset.chose = choseText(this.coup);
      this.log.replaceChildren();
      this.summary.replaceChildren();
      this.summary.className = "bt-practice-feedback";
      this.position.textContent = this.round
        ? this.fmt(this.L["round.at"], { n: this.round.coups + 1, of: this.data.round_coups }) : "";
      this.feedback.replaceChildren();
      this.feedback.className = "bt-practice-feedback";
      delete this.feedback.dataset.correct;
      this.nextButton.disabled = true;
      this.started = Date.now();
      this.dealButton.hidden = this.hidden === 0;
      this.paintCoup();
      this.ask();
    }

    turnCard() {
      if (this.hidden <= 0) return;
      this.hidden -= 1;
      this.dealButton.hidden = this.hidden === 0;
      this.paintCoup();
      this.ask();
      if (this.hidden === 0) {
        const first = this.answers.querySelector("button");
        if (first) first.focus();
      } else this.dealButton.focus();
    }

    /** The cards on the table now: those the step asked lets be seen, minus any still face down. */
    visible() {
      const asked = this.asked();
      const shown = asked ? asked.shown : this.cards.length;
      return Math.min(shown, this.cards.length) - this.hidden;
    }

    paintCoup() {
      const L = this.L;
      const el = this.el;
      const count = this.visible();
      const rows = [];
      for (const hand of ["punto", "banco"]) {
        const row = el("span", { class: "bt-cards bt-practice-cards" });
        this.cards.forEach((c, i) => {
          if (c.hand !== hand || i >= count) return;
          row.append(el("span", { class: `bt-card ${/[♥♦]/.test(c.card) ? "bt-red" : "bt-black"}`,
                                  role: "img", "aria-label": this.data.faces[c.card], text: c.card }), " ");
        });
        rows.push(el("p", { class: "bt-caller-hand", "data-hand": hand }, el("strong", { text: `${L[hand]}: ` }), row));
      }
      this.coupView.setAttribute("aria-label", this.fmt(L.coup, { n: this.tally.coups + 1 }));
      this.coupView.replaceChildren(...rows);
    }

    ask() {
      const L = this.L;
      const el = this.el;
      const asked = this.asked();
      if (!asked) {
        this.question.textContent = "";
        delete this.question.dataset.kind;
        this.answers.replaceChildren();
        return;
      }
      this.question.dataset.kind = asked.kind;
      const waiting = this.hidden > 0;
      const seat = this.mode === "seat" && asked.answer === "choice";
      const words = seat ? L[`seat.${asked.kind}`] : L[`ask.${asked.kind}`];
      this.question.textContent = waiting ? `${words} ${L["deal.first"]}` : words;
      if (asked.kind === "totals") {
        const input = el("input", { type: "text", inputmode: "numeric", autocomplete: "off", size: "6",
                                    "data-answer-input": true, "aria-label": L["totals.box"],
                                    "aria-describedby": this.question.id });
        const submit = el("button", { type: "submit", "data-submit": true, text: L.submit });
        const form = el("form", { class: "bt-caller-totals" }, input, submit);
        form.addEventListener("submit", (event) => {
          event.preventDefault();
          this.call(input.value);
        });
        this.answers.replaceChildren(form);
        return;
      }
      const buttons = answersOf(asked, this.mode === "seat").map((answer) => {
        const label = asked.kind === "winner" ? L[`win.${answer}`] : L[answer];
        const b = el("button", { type: "button", "data-answer": answer, text: label, disabled: waiting,
                                 "aria-keyshortcuts": this.data.keys[answer] });
        b.addEventListener("click", () => this.call(answer));
        return b;
      });
      this.answers.replaceChildren(...buttons);
    }

    call(given) {
      const asked = this.asked();
      if (!asked || this.hidden > 0) return;
      const L = this.L;
      const el = this.el;
      const verdict = judgeStep(asked, given, this.mode === "seat");
      if (!verdict) {
        this.feedback.className = "bt-practice-feedback bt-wrong";
        delete this.feedback.dataset.correct;
        this.feedback.replaceChildren(el("p", { text: L["totals.bad"] }));
        return;
      }
      this.calls.push(verdict.correct);
      this.tally.calls += 1;
      if (verdict.correct) this.tally.right += 1;
      if (verdict.chosen) this.follow(given);
      const answerText = asked.kind === "totals" ? asked.answer
        : asked.kind === "winner" ? L[`win.${asked.answer}`] : L[verdict.answer];
      const head = verdict.chosen ? this.fmt(L.chosen, { answer: answerText })
        : verdict.correct ? L.right : this.fmt(L.wrong, { answer: answerText });
      const why = this.data.texts[verdict.chosen ? this.coup.why[this.at] : asked.why];
      this.feedback.className = `bt-practice-feedback ${verdict.correct ? "bt-right" : "bt-wrong"}`;
      this.feedback.dataset.correct = String(verdict.correct);
      this.feedback.replaceChildren(el("p", { "data-verdict": true, text: `${head} ${why}` }));
      // the log: each call as made, and the right call after a miss
      const givenText = asked.kind === "totals" ? readTotals(given).join(" ")
        : asked.kind === "winner" ? L[`win.${given}`] : L[given];
      this.log.append(el("li", { class: verdict.correct ? "bt-right" : "bt-wrong",
                                 text: `${L[`ask.${asked.kind}`]} ${givenText} ${verdict.correct ? "✓" : `✗ → ${answerText}`}` }));
      this.coupView.dataset.cards = this.coup.cards;
      this.at += 1;
      this.paintCoup();
      this.ask();
      if (this.at >= this.coup.calls.length) this.finish();
      else {
        const next = this.answers.querySelector("input, button");
        if (next) next.focus();
      }
      this.paintScore();
    }

    /** Seat mode: the learner chose `decision` at the free cell asked; when it is not the
     *  choice the coup on show was dealt with, the coup goes on along the line the engine
     *  prepared for the other choice (its cards, calls and words from this step on). */
    follow(decision) {
      const at = String(this.at);
      if (!this.coup.chose || this.coup.chose[at] === decision) return;
      const other = this.coup.alt && this.coup.alt[at];
      if (!other) throw new RangeError(`no line for ${decision} at step ${at}`);
      this.coup = other;
      this.cards = hands(this.data, other);
      this.coupView.dataset.cards = other.cards;
      this.coupView.dataset.key = other.key;
      this.coupView.dataset.chose = choseText(other);
    }

    finish() {
      const L = this.L;
      const el = this.el;
      const right = this.calls.filter(Boolean).length;
      const clean = right === this.calls.length;
      this.tally.coups += 1;
      // the case the coup was chosen for, and the one the learner's own choice led to
      this.P.recordAnswer(this.record, this.dealtKey, clean);
      if (this.coup.key !== this.dealtKey) this.P.recordAnswer(this.record, this.coup.key, clean);
      this.P.saveRecord(this.store, this.record);
      const took = Date.now() - this.started;
      const lines = [el("p", { text: this.fmt(L.case, { case: caseWords(this.coup.key, L, this.fmt) }) })];
      if (this.round) {
        this.round.coups += 1;
        this.round.ms += took;
        this.round.right += right;
        this.round.calls += this.calls.length;
        this.round.clean = this.round.clean && clean;
        lines.unshift(el("p", { text: this.fmt(L["called.time"], { right, steps: this.calls.length,
                                                                   seconds: this.P.writeSeconds(took, this.data.numbers) }) }));
        if (this.round.coups >= this.data.round_coups) lines.push(...this.endRound());
      } else {
        lines.unshift(el("p", { text: this.fmt(L.called, { right, steps: this.calls.length }) }));
      }
      lines[0].setAttribute("data-verdict", "");
      this.summary.className = `bt-practice-feedback ${clean ? "bt-right" : "bt-wrong"}`;
      this.summary.replaceChildren(...lines);
      this.nextButton.disabled = false;
      this.nextButton.focus();
      this.paintScore();
    }

    endRound() {
      const L = this.L;
      const el = this.el;
      const r = this.round;
      const tenths = Math.round(r.ms / 100);
      const lines = [el("p", { "data-round": true, text: this.fmt(L["round.over"], {
        coups: r.coups, right: r.right, calls: r.calls, seconds: this.P.writeSeconds(r.ms, this.data.numbers) }) })];
      if (r.clean && (!this.record.best || tenths < this.record.best)) {
        this.record.best = tenths;
        this.P.saveRecord(this.store, this.record);
      }
      lines.push(el("p", { text: this.record.best
        ? this.fmt(L["round.best"], { seconds: this.P.writeSeconds(this.record.best * 100, this.data.numbers) }) : L["round.none"] }));
      this.round = { coups: 0, right: 0, calls: 0, ms: 0, clean: true };
      return lines;
    }

    /** A fresh learner calls the rules' worked examples first; then the scheduler chooses. */
    pick() {
      const step = this.record.step;
      if (Number.isInteger(step) && step >= 0 && step < (this.data.examples || 0)) return step;
      return nextCoup(this.P, this.data, this.record, this.coup ? this.coup.key : null);
    }

    next() {
      if (this.nextButton.disabled) return;
      this.show(this.pick());
      const first = this.hidden > 0 ? this.dealButton : this.answers.querySelector("button");
      if (first) first.focus();
    }

    reset() {
      this.record = this.P.emptyRecord();
      this.P.saveRecord(this.store, this.record);
      this.paintScore();
      this.feedback.className = "bt-practice-feedback";
      delete this.feedback.dataset.correct;
      this.feedback.replaceChildren(this.el("p", { text: this.L.cleared }));
    }

    paintScore() {
      const t = this.tally;
      this.score.textContent = this.fmt(this.L.score, t);
      this.score.dataset.right = String(t.right);
      this.score.dataset.calls = String(t.calls);
      this.score.dataset.coups = String(t.coups);
      const keys = this.data.cases;
      const known = keys.filter((k) => this.P.levelOf(this.record, k) >= this.P.KNOWN).length;
      const unseen = keys.filter((k) => !this.record.cells[k]).length;
      this.known.textContent = this.fmt(this.L.known, { known, cells: keys.length, unseen });
    }
  }

  return { KIND, ANSWERS, readTotals, choseText, draws, step, cases, answersOf, judgeStep, hands, nextCase, nextCoup, caseWords, Caller };
});
