/* bacara_teach: the banker's drill of Baccarat Banque on the page itself, with no Python behind it.
 *
 * The engine dealt and priced, at build time, a run of the banker's decisions
 * (bacara_teach/practice/banque.py): for each, the banker's cards, what each side did and
 * the stakes, the better decision, both values in chips and the sentence that explains them,
 * all in the page's language. This script only shows a situation, compares the reader's answer
 * with the prepared one and counts the score; it decides nothing itself.
 *
 * Page contract: [data-practice="banque-drill"]; the answer buttons [data-answer="draw"|"stand"],
 * [data-next], [data-again]; the situation [data-situation] (its [data-side="right"|"left"],
 * data-did); the feedback [data-feedback] (data-verdict="right"|"wrong", data-better; the values
 * [data-value="stand"|"draw"]); the score [data-score] (data-right, data-asked). The root's
 * data-index is the situation on show (from 0), and data-over="true" once all are answered.
 *
 * Under Node the pure part (judging an answer, the score) is exported for the tests.
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (root && root.BacaraPractice) root.BacaraPractice.register(api.KIND, (node, data) => new api.BanqueDrill(node, data));
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const KIND = "banque-drill";
  const STORE = "banque-drill"; // the record of the situations answered, in the browser's store
  const CHOICES = ["draw", "stand"];

  // -- the pure part ------------------------------------------------------------------------------

  /** The prepared situation `index`. */
  function situation(data, index) {
    const s = data.situations[index];
    if (!s) throw new RangeError(`no situation ${index}: ${data.situations.length} are prepared`);
    return s;
  }

  /** Judge `choice` ("draw"/"stand") on situation `index`: right or not, and the better decision. */
  function judge(data, index, choice) {
    if (!CHOICES.includes(choice)) throw new RangeError(`expected draw or stand, got ${choice}`);
    const s = situation(data, index);
    return { right: s.better === choice, better: s.better, values: s.values, why: s.why };
  }

  function emptyScore() {
    return { right: 0, asked: 0 };
  }

  function count(score, verdict) {
    score.asked += 1;
    if (verdict.right) score.right += 1;
    return score;
  }

  // -- the page -------------------------------------------------------------------------------------

  class BanqueDrill {
    constructor(rootNode, data) {
      const P = root.BacaraPractice;
      this.P = P;
      this.el = P.element;
      this.fmt = (template, values) => P.format(template, values, data.numbers);
      this.root = rootNode;
      this.data = data;
      this.L = data.labels;
      this.record = P.loadRecord(STORE);
      this.build();
      this.restart();
      rootNode.dataset.ready = "true";
    }

    build() {
      const L = this.L;
      const el = this.el;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      this.position = el("p", { class: "bt-banque-position", "aria-live": "off" });
      this.view = el("div", { class: "bt-banque-situation", "data-situation": true, tabindex: "-1" });
      this.answers = {};
      const answers = el("div", { class: "bt-practice-answers", role: "group", "aria-label": L.answers });
      for (const choice of CHOICES) {
        const b = el("button", { type: "button", "data-answer": choice, text: L[choice],
                                 "aria-keyshortcuts": this.data.keys[choice] });
        b.addEventListener("click", () => this.answer(choice));
        this.answers[choice] = b;
        answers.append(b);
      }
      this.feedback = el("div", { class: "bt-practice-feedback", "data-feedback": true, role: "status",
                                  "aria-live": "polite", tabindex: "-1" });
      this.nextButton = el("button", { type: "button", class: "bt-practice-next", "data-next": true, text: L.next });
      this.nextButton.addEventListener("click", () => this.next());
      this.again = el("button", { type: "button", "data-again": true, text: L.again });
      this.again.addEventListener("click", () => { this.restart(); this.answers.draw.focus(); });
      this.score = el("p", { class: "bt-practice-score", "data-score": true, "aria-live": "off" });
      this.root.append(el("p", { class: "bt-practice-kept", text: L.prepared }), this.position, this.view,
                       answers, this.feedback,
                       el("div", { class: "bt-practice-controls" }, this.nextButton, this.again),
                       this.score, el("p", { class: "bt-practice-keys", text: L.keys }));
      this.root.addEventListener("keydown", (event) => this.key(event));
    }

    key(event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "Enter") {
        if (event.target.tagName === "BUTTON") return; // the button itself answers Enter
        if (!this.waiting && !this.nextButton.disabled) {
          event.preventDefault();
          this.next();
        }
        return;
      }
      if (!this.waiting) return;
      const letter = event.key.toUpperCase();
      for (const choice of CHOICES) {
        if (letter === String(this.data.keys[choice]).toUpperCase()) {
          event.preventDefault();
          this.answer(choice);
        }
      }
    }

    restart() {
      this.tally = emptyScore();
      delete this.root.dataset.over;
      this.show(0);
      this.paintScore();
    }

    cards(list) {
      const row = this.el("span", { class: "bt-cards bt-practice-cards" });
      for (const [text, words] of list) {
        row.append(this.el("span", { class: `bt-card ${/[♥♦]/.test(text) ? "bt-red" : "bt-black"}`,
                                     role: "img", "aria-label": words, text }));
      }
      return row;
    }

    show(index) {
      const L = this.L;
      const el = this.el;
      const s = situation(this.data, index);
      this.index = index;
      this.waiting = true;
      this.root.dataset.index = String(index);
      this.position.textContent = this.fmt(L.position, { n: index + 1, of: this.data.situations.length });
      const rows = [el("p", { class: "bt-banque-hand" }, el("strong", { text: `${L.banker}: ` }), this.cards(s.banker),
                       ` (${this.fmt("{total}", { total: s.total })})`)];
      ["right", "left"].forEach((side, i) => {
        const seen = s.sides[i];
        rows.push(el("p", { class: "bt-banque-hand", "data-side": side, "data-did": seen.did },
                     el("strong", { text: `${L[`${side}.side`]}: ` }), `${seen.text} `,
                     seen.did === "natural" ? this.cards(seen.cards) : null)); // a third card is named in the text
      });
      rows.push(el("p", {}, el("strong", { text: `${L.stakes}: ` }), s.stakesText));
      rows.push(el("p", { class: "bt-practice-context", text: L.ask }));
      this.view.replaceChildren(...rows);
      this.view.setAttribute("aria-label", s.prompt);
      this.feedback.className = "bt-practice-feedback";
      this.feedback.replaceChildren();
      delete this.feedback.dataset.verdict;
      delete this.feedback.dataset.better;
      for (const b of Object.values(this.answers)) b.disabled = false;
      this.nextButton.disabled = true;
    }

    answer(choice) {
      if (!this.waiting) return;
      const L = this.L;
      const el = this.el;
      const verdict = judge(this.data, this.index, choice);
      count(this.tally, verdict);
      this.P.recordAnswer(this.record, `s${this.index}`, verdict.right);
      this.P.later(() => this.P.saveRecord(STORE, this.record));
      this.waiting = false;
      const head = verdict.right ? L.right : this.fmt(L.wrong, { answer: L[verdict.better] });
      const values = el("ul", { class: "bt-banque-values-shown" });
      for (const key of ["stand", "draw"]) {
        values.append(el("li", { "data-value": key }, `${L[`worth.${key}`]}: `,
                         el("span", { title: situation(this.data, this.index).exact[key], text: verdict.values[key] })));
      }
      this.feedback.replaceChildren(el("p", { text: head }), values, el("p", { text: verdict.why }));
      this.feedback.className = `bt-practice-feedback ${verdict.right ? "bt-right" : "bt-wrong"}`;
      this.feedback.dataset.verdict = verdict.right ? "right" : "wrong";
      this.feedback.dataset.better = verdict.better;
      for (const b of Object.values(this.answers)) b.disabled = true;
      const last = this.index >= this.data.situations.length - 1;
      this.nextButton.disabled = last;
      if (last) {
        this.root.dataset.over = "true";
        this.feedback.append(el("p", { "data-over": true, text: this.fmt(L.over, this.tally) }));
      }
      this.paintScore();
      (last ? this.again : this.nextButton).focus();
    }

    next() {
      if (this.waiting || this.index >= this.data.situations.length - 1) return;
      this.show(this.index + 1);
      this.answers.draw.focus();
    }

    paintScore() {
      this.score.textContent = this.fmt(this.L.score, this.tally);
      this.score.dataset.right = String(this.tally.right);
      this.score.dataset.asked = String(this.tally.asked);
    }
  }

  return { KIND, situation, judge, emptyScore, count, BanqueDrill };
});
