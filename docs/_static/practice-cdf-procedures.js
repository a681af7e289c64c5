/* bacara_teach: the Chemin de Fer table's procedures on the page itself, with no Python behind it.
 *
 * The engine played home sessions of Chemin de Fer at build time (bacara_teach/practice/
 * procedures.py) and stopped them at chosen moments: a bank to open, a banco to call (banco
 * suivi first), bets in turn, a winning banker going on, the session's end. For each it wrote
 * down the table as it stands, who the session waits for, what that player may do (and the
 * likely mistakes), and the rule that decides it, in the page's language. This script shows a
 * moment, judges the two answers against the prepared ones and picks the next moment with the
 * drill's scheduler (practice.js), so that a kind of moment the learner misses comes back soon.
 * It decides nothing itself.
 *
 * Page contract: [data-practice="cdf-procedures"]; the moment on show [data-situation] with
 * data-index and data-kind; the table [data-table], each seat [data-seat] (the seat's number)
 * with data-name, data-chips, data-stake and data-banker="true" for the banker; the question
 * [data-step] with data-kind "who" (buttons [data-answer] with data-seat, "-1" for nobody) then
 * "may" (buttons [data-answer] with data-option); the feedback [data-feedback] with
 * data-correct; [data-next]; the score [data-score] (data-right, data-asked).
 *
 * Under Node the pure part (judging an answer, choosing the next moment) is exported for the tests.
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (root && root.BacaraPractice) root.BacaraPractice.register(api.KIND, (node, data) => new api.Procedures(node, data));
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const KIND = "cdf-procedures";
  const STORE = "cdf-procedures"; // the record of the kinds of moment answered
  // The table's picture: seats round the table, the banker at the bottom. Its styles come with
  // this script, which only the pages showing the practice load (practice.css serves every page).
  const STYLE = `
    .bt-cdf-picture { position: relative; width: min(100%, 26rem); aspect-ratio: 1; margin: 0.5rem auto;
      border: 2px solid var(--pst-color-border, #888); border-radius: 50%; box-sizing: border-box; }
    .bt-practice ol.bt-cdf-table { list-style: none; margin: 0; padding: 0; }
    .bt-cdf-seat { position: absolute; transform: translate(-50%, -50%); display: flex; flex-direction: column;
      align-items: center; width: max-content; max-width: 7.5rem; padding: 0.15rem 0.35rem; font-size: 0.8em;
      border: 1px solid var(--pst-color-border, #888); border-radius: 0.35rem; text-align: center;
      background: var(--pst-color-surface, #f3f3f3); }
    .bt-cdf-banker { border: 3px solid var(--pst-color-primary, #0a58ca); }
    .bt-cdf-role { font-style: italic; }
    .bt-cdf-centre { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); width: 45%;
      margin: 0; text-align: center; font-size: 0.85em; }
    .bt-cdf-recent { margin: 0.1rem 0 0.3rem 1.2rem; font-size: 0.9em; }
  `;

  // -- the pure part ------------------------------------------------------------------------------

  /** Judge the answer to "who acts now?": the seat given (-1: nobody) against the session's. */
  function judgeWho(situation, seat) {
    return { correct: Number(seat) === situation.who, answer: situation.who };
  }

  /** Judge the answer to "what may they do?": the option given (its index in the data). */
  function judgeMay(situation, option) {
    const chosen = situation.options[Number(option)];
    if (!chosen) throw new RangeError(`no option ${option}`);
    const right = situation.options.findIndex((o) => o[1]);
    return { correct: !!chosen[1], answer: right };
  }

  /** The kinds of moment as the drill's scheduler reads cells. */
  function cells(data) {
    if (!data._cells) {
      Object.defineProperty(data, "_cells", { enumerable: false,
        value: { cells: data.kinds.map((key) => ({ key, hard: key === "banco-suivi" || key === "continue" })) } });
    }
    return data._cells;
  }

  /** The next moment: its kind from the drill's scheduler, then the kind's moments in turn. */
  function nextSituation(P, data, record, lastKind, random) {
    const cell = P.nextCell(cells(data), record, "all", lastKind, random || Math.random);
    const of = [];
    data.situations.forEach((s, i) => { if (s.kind === cell.key) of.push(i); });
    const entry = record.cells[cell.key];
    const asked = entry && Number.isInteger(entry.asked) && entry.asked > 0 ? entry.asked : 0;
    return of[asked % of.length];
  }

  /** Where each seat sits in the picture, in % of the table's box: the banker (or the player
   *  the round starts from) at the bottom, the next seats going round to the right, which the
   *  picture shows counter-clockwise. */
  function places(round) {
    const out = {};
    round.forEach((seat, k) => {
      const angle = (Math.PI / 2) - (2 * Math.PI * k) / round.length;
      out[seat] = { x: 50 + 38 * Math.cos(angle), y: 50 + 38 * Math.sin(angle) };
    });
    return out;
  }

  /** Options in a fixed but mixed order for moment `index` (the right one is not always first). */
  function order(count, index) {
    const out = [...Array(count).keys()];
    let s = (index + 1) * 2654435761 >>> 0;
    for (let i = out.length - 1; i > 0; i -= 1) {
      s ^= s << 13; s >>>= 0; s ^= s >> 17; s ^= s << 5; s >>>= 0;
      const j = s % (i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  // -- the page -------------------------------------------------------------------------------------

  class Procedures {
    constructor(rootNode, data) {
      const P = root.BacaraPractice;
      this.P = P;
      this.el = P.element;
      this.fmt = (template, values) => P.format(template, values, data.numbers);
      this.root = rootNode;
      this.data = data;
      this.L = data.labels;
      this.record = P.loadRecord(STORE);
      this.tally = { right: 0, asked: 0 };
      P.noticeReset(rootNode, data);
      this.build();
      this.show(this.pick());
      rootNode.dataset.ready = "true";
    }

    build() {
      const L = this.L;
      const el = this.el;
      if (!document.getElementById("bt-cdf-procedures-style")) {
        document.head.append(el("style", { id: "bt-cdf-procedures-style", text: STYLE }));
      }
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      this.view = el("div", { class: "bt-cdf-moment", "data-situation": true, tabindex: "-1" });
      this.question = el("p", { class: "bt-practice-context", "data-step": true, id: `${this.root.id || "cdf-procedures"}-step` });
      this.answers = el("div", { class: "bt-practice-answers", role: "group", "aria-labelledby": this.question.id });
      this.feedback = el("div", { class: "bt-practice-feedback", "data-feedback": true, role: "status", "aria-live": "polite" });
      this.nextButton = el("button", { type: "button", class: "bt-practice-next", "data-next": true, text: L.next, disabled: true });
      this.nextButton.addEventListener("click", () => this.next());
      this.score = el("p", { class: "bt-practice-score", "data-score": true, "aria-live": "off" });
      this.known = el("p", { class: "bt-practice-known", "aria-live": "off" });
      const reset = el("button", { type: "button", "data-reset": true, text: L.reset });
      reset.addEventListener("click", () => this.reset());
      this.root.append(el("p", { text: L.intro }), this.view, this.question, this.answers, this.feedback,
                       el("div", { class: "bt-practice-controls" }, this.nextButton), this.score, this.known,
                       el("p", { class: "bt-practice-keys", text: L.keys }),
                       el("div", { class: "bt-practice-footer" }, el("span", { text: L.kept }), reset));
      this.root.addEventListener("keydown", (event) => this.key(event));
      this.paintScore();
    }

    key(event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "Enter") {
        if (event.target.tagName === "BUTTON") return;
        if (!this.nextButton.disabled) {
          event.preventDefault();
          this.next();
        }
        return;
      }
      if (/^[1-9]$/.test(event.key)) {
        const button = this.answers.querySelectorAll("button")[Number(event.key) - 1];
        if (button && !button.disabled) {
          event.preventDefault();
          button.click();
        }
      }
    }

    pick() {
      return nextSituation(this.P, this.data, this.record, this.situation ? this.situation.kind : null);
    }

    names() {
      return this.data.seats[this.situation.table];
    }

    paintTable() {
      const L = this.L;
      const el = this.el;
      const s = this.situation;
      const names = this.names();
      const where = places(s.round);
      const table = el("ol", { class: "bt-cdf-table", "data-table": true, "aria-label": L.table });
      for (const seat of s.round) {
        const [chips, stake] = s.players[seat];
        const lines = [el("strong", { text: names[seat] }), el("span", { text: this.fmt(L.chips, { chips }) })];
        if (seat === s.banker) lines.splice(1, 0, el("span", { class: "bt-cdf-role", text: L.banker }));
        if (stake) lines.push(el("span", { text: this.fmt(L.stake, { stake }) }));
        if (seat === s.suivi) lines.push(el("span", { class: "bt-cdf-role", text: L.suivi }));
        const item = el("li", { class: `bt-cdf-seat${seat === s.banker ? " bt-cdf-banker" : ""}`, "data-seat": String(seat),
                                "data-name": names[seat], "data-chips": String(chips), "data-stake": String(stake),
                                style: `left: ${where[seat].x.toFixed(1)}%; top: ${where[seat].y.toFixed(1)}%` }, ...lines);
        if (seat === s.banker) item.dataset.banker = "true";
        table.append(item);
      }
      const centre = el("p", { class: "bt-cdf-centre", text: s.banker >= 0
        ? this.fmt(L.bank, { bank: s.bank, reserve: s.reserve }) : L["no.bank"] });
      const played = el("p", { class: "bt-practice-kept", text: this.fmt(L.coups, { played: s.played, coups: this.data.coups }) });
      const recent = el("ul", { class: "bt-cdf-recent" }, ...s.events.map((i) => el("li", { text: this.data.texts[i] })));
      this.view.dataset.index = String(this.index);
      this.view.dataset.kind = s.kind;
      this.view.replaceChildren(el("div", { class: "bt-cdf-picture" }, table, centre), played,
                                el("p", {}, el("strong", { text: L.recent })), recent);
    }

    show(index) {
      this.index = index;
      this.situation = this.data.situations[index];
      this.calls = [];
      this.paintTable();
      this.feedback.replaceChildren();
      this.feedback.className = "bt-practice-feedback";
      delete this.feedback.dataset.correct;
      this.nextButton.disabled = true;
      this.askWho();
    }

    askWho() {
      const L = this.L;
      const names = this.names();
      this.question.dataset.kind = "who";
      this.question.textContent = L.who;
      const buttons = this.situation.round.map((seat) => [seat, names[seat]]);
      buttons.push([-1, L.nobody]);
      this.answers.replaceChildren(...buttons.map(([seat, text]) => {
        const b = this.el("button", { type: "button", "data-answer": "who", "data-seat": String(seat), text });
        b.addEventListener("click", () => this.answerWho(seat));
        return b;
      }));
    }

    askMay() {
      const s = this.situation;
      this.question.dataset.kind = "may";
      this.question.textContent = this.fmt(this.L.may, { name: this.names()[s.who] });
      this.answers.replaceChildren(...order(s.options.length, this.index).map((i) => {
        const b = this.el("button", { type: "button", "data-answer": "may", "data-option": String(i),
                                      text: this.data.texts[s.options[i][0]] });
        b.addEventListener("click", () => this.answerMay(i));
        return b;
      }));
    }

    judged(verdict, answerText) {
      const L = this.L;
      this.calls.push(verdict.correct);
      this.tally.asked += 1;
      if (verdict.correct) this.tally.right += 1;
      const head = verdict.correct ? L.right : this.fmt(L.wrong, { answer: answerText });
      this.feedback.className = `bt-practice-feedback ${verdict.correct ? "bt-right" : "bt-wrong"}`;
      this.feedback.dataset.correct = String(verdict.correct);
      this.feedback.replaceChildren(this.el("p", { "data-verdict": true, text: `${head} ${this.data.texts[this.situation.why]}` }));
      this.paintScore();
    }

    answerWho(seat) {
      if (this.question.dataset.kind !== "who") return;
      const s = this.situation;
      const verdict = judgeWho(s, seat);
      this.judged(verdict, s.who >= 0 ? this.names()[s.who] : this.L.nobody);
      if (s.who >= 0) {
        this.askMay();
        const first = this.answers.querySelector("button");
        if (first) first.focus();
      } else this.finish();
    }

    answerMay(option) {
      if (this.question.dataset.kind !== "may") return;
      const s = this.situation;
      const verdict = judgeMay(s, option);
      this.judged(verdict, this.data.texts[s.options[verdict.answer][0]]);
      this.finish();
    }

    finish() {
      this.question.dataset.kind = "done";
      for (const b of this.answers.querySelectorAll("button")) b.disabled = true;
      this.P.recordAnswer(this.record, this.situation.kind, this.calls.every(Boolean));
      this.P.later(() => this.P.saveRecord(STORE, this.record));
      this.nextButton.disabled = false;
      this.nextButton.focus();
      this.paintScore();
    }

    next() {
      if (this.nextButton.disabled) return;
      this.show(this.pick());
      const first = this.answers.querySelector("button");
      if (first) first.focus();
    }

    reset() {
      this.record = this.P.emptyRecord();
      this.P.saveRecord(STORE, this.record);
      this.paintScore();
      this.feedback.className = "bt-practice-feedback";
      delete this.feedback.dataset.correct;
      this.feedback.replaceChildren(this.el("p", { text: this.L.cleared }));
    }

    paintScore() {
      const t = this.tally;
      this.score.textContent = this.fmt(this.L.score, t);
      this.score.dataset.right = String(t.right);
      this.score.dataset.asked = String(t.asked);
      const known = this.data.kinds.filter((k) => this.P.levelOf(this.record, k) >= this.P.KNOWN).length;
      this.known.textContent = this.fmt(this.L.known, { known, cells: this.data.kinds.length });
    }
  }

  return { KIND, judgeWho, judgeMay, cells, nextSituation, places, order, Procedures };
});
