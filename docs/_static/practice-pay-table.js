/* bacara_teach: pay the table on the page itself, with no Python behind it.
 *
 * The engine dealt the layouts at build time (bacara_teach/practice/paytable.py) and settled
 * every bet: its exact net result and its words for the payment. This script shows a layout,
 * reads what the learner types for each bet and compares it with the engine's amount exactly
 * (whole numbers scaled to the same decimals, no floating point).
 *
 * Page contract: [data-practice="pay-table"][data-profile]; the table's choice [data-table];
 * the coup [data-coup] with data-cards (dealing order); each bet [data-bet] with data-position
 * and data-stake and its box [data-payout]; [data-submit]; then in each bet [data-feedback] with
 * data-correct and data-amount (the engine's net, a plain number: 171, 0, -180); [data-next];
 * the modes [data-mode] (untimed, timed); the score [data-score] (data-right, data-paid).
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (root && root.BacaraPractice) root.BacaraPractice.register(api.KIND, (node, data) => new api.PayTable(node, data));
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const KIND = "pay-table";

  // Amounts are read, compared and written by practice.js (readAmount, sameAmount, writeAmount).
  const P = root && root.BacaraPractice ? root.BacaraPractice : require("./practice.js");
  const STORE = "pay-table"; // the record of the cases paid, in the browser's store

  /** Judge what was typed for a bet against the engine's amount (a plain number: "171", "-180"). */
  function judge(typed, amount, numbers) {
    const read = P.readAmount(typed, numbers);
    if (!read) return null;
    return P.sameAmount(read, P.readAmount(amount, null));
  }

  class PayTable {
    constructor(rootNode, data) {
      this.P = P;
      this.el = P.element;
      this.fmt = (template, values) => P.format(template, values, data.numbers);
      this.root = rootNode;
      this.data = data;
      this.L = data.labels;
      this.tally = { right: 0, paid: 0 };
      this.round = null;
      this.record = P.loadRecord(STORE);
      this.build();
      // a link may name the table to pay at (paying-bets.html?table=casino#pay-the-table)
      const asked = typeof location !== "undefined" ? new URLSearchParams(location.search).get("table") : null;
      this.choose(Math.max(0, data.tables.findIndex((table) => table.name === asked)));
      rootNode.dataset.ready = "true";
    }

    build() {
      const L = this.L;
      const el = this.el;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      const tables = el("div", { class: "bt-practice-modes", role: "group", "aria-label": L.table });
      this.tableButtons = this.data.tables.map((table, i) => {
        const b = el("button", { type: "button", "data-table": table.name, "aria-pressed": "false", text: table.title });
        b.addEventListener("click", () => this.choose(i));
        tables.append(b);
        return b;
      });
      const modes = el("div", { class: "bt-practice-modes", role: "group", "aria-label": L.modes });
      this.modeButtons = ["untimed", "timed"].map((mode) => {
        const b = el("button", { type: "button", "data-mode": mode, "aria-pressed": String(mode === "untimed"), text: L[mode] });
        b.addEventListener("click", () => this.setMode(mode));
        modes.append(b);
        return b;
      });
      this.prices = el("p", { class: "bt-practice-kept", "data-prices": true });
      this.position = el("p", { class: "bt-practice-kept", "aria-live": "off" });
      this.coupView = el("div", { class: "bt-caller-coup", "data-coup": true });
      this.bets = el("ul", { class: "bt-pay-bets" });
      this.submit = el("button", { type: "submit", "data-submit": true, text: L.check });
      this.form = el("form", { class: "bt-pay-form" }, this.bets, this.submit);
      this.form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.pay();
      });
      this.note = el("p", { class: "bt-practice-feedback", role: "status", "aria-live": "polite" });
      this.nextButton = el("button", { type: "button", class: "bt-practice-next", "data-next": true, text: L.next, disabled: true });
      this.nextButton.addEventListener("click", () => this.next());
      this.score = el("p", { class: "bt-practice-score", "data-score": true, "aria-live": "off" });
      this.root.append(el("p", { text: L.intro }), tables, this.prices, modes, this.position, this.coupView, this.form, this.note,
                       el("div", { class: "bt-practice-controls" }, this.nextButton), this.score);
      this.paintScore();
    }

    choose(tableIndex) {
      this.tableIndex = tableIndex;
      const table = this.data.tables[tableIndex];
      this.root.dataset.profile = table.name;
      this.prices.textContent = table.prices;
      this.tableButtons.forEach((b, i) => b.setAttribute("aria-pressed", String(i === tableIndex)));
      this.show(0);
    }

    setMode(mode) {
      this.modeButtons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.mode === mode)));
      this.round = mode === "timed" ? { layouts: 0, ms: 0, right: 0, paid: 0 } : null;
      this.show(this.index);
    }

    show(index) {
      const L = this.L;
      const el = this.el;
      const table = this.data.tables[this.tableIndex];
      this.index = index;
      this.layout = table.layouts[index];
      this.started = Date.now();
      this.position.textContent = this.round
        ? this.fmt(L["round.at"], { n: this.round.layouts + 1, of: this.data.round_layouts })
        : this.fmt(L.layout, { n: index + 1, of: table.layouts.length });
      const cards = this.layout.cards.split(" ");
      const rows = ["p", "b"].map((side) => {
        const row = el("span", { class: "bt-cards bt-practice-cards" });
        cards.forEach((card, i) => {
          if (this.layout.hands[i] !== side) return;
          row.append(el("span", { class: `bt-card ${/[♥♦]/.test(card) ? "bt-red" : "bt-black"}`, text: card }), " ");
        });
        return el("p", { class: "bt-caller-hand" }, el("strong", { text: `${L[side === "p" ? "punto" : "banco"]}: ` }), row);
      });
      rows.push(el("p", { class: "bt-practice-context", text: this.data.texts[this.layout.result] }));
      this.coupView.dataset.cards = this.layout.cards;
      this.coupView.replaceChildren(...rows);
      this.bets.replaceChildren(...this.layout.bets.map(([position, stake]) => {
        const name = this.fmt(L.bet, { bet: this.data.positions[position], stake });
        const box = el("input", { type: "text", inputmode: "decimal", autocomplete: "off", size: "8", "data-payout": true,
                                  "aria-label": this.fmt(L.box, { bet: this.data.positions[position], stake }) });
        return el("li", { "data-bet": true, "data-position": position, "data-stake": stake },
                  el("label", {}, el("span", { class: "bt-pay-name", text: `${name} ` }), box));
      }));
      this.note.textContent = "";
      this.note.className = "bt-practice-feedback";
      this.submit.disabled = false;
      this.nextButton.disabled = true;
    }

    pay() {
      if (this.submit.disabled) return;
      const L = this.L;
      const el = this.el;
      const items = [...this.bets.querySelectorAll("[data-bet]")];
      const typed = items.map((item) => item.querySelector("[data-payout]").value);
      const verdicts = typed.map((t, i) => judge(t, this.layout.bets[i][2], this.data.numbers));
      const blank = verdicts.findIndex((v) => v === null);
      if (blank >= 0) {
        this.note.className = "bt-practice-feedback bt-wrong";
        this.note.textContent = L.unread;
        items[blank].querySelector("[data-payout]").focus();
        return;
      }
      let right = 0;
      items.forEach((item, i) => {
        const [, , amount, why, tip, index] = this.layout.bets[i];
        const shown = P.writeAmount(amount, this.data.numbers);
        P.recordAnswer(this.record, this.data.tables[this.tableIndex].cases[index], verdicts[i]);
        const lines = [el("p", { "data-verdict": true, text: this.fmt(verdicts[i] ? L.right : L.wrong, { amount: shown }) }),
                       el("p", { text: this.data.texts[why] })];
        if (tip >= 0) lines.push(el("p", { text: this.data.texts[tip] }));
        item.querySelector("[data-payout]").readOnly = true;
        item.append(el("div", { class: `bt-practice-feedback ${verdicts[i] ? "bt-right" : "bt-wrong"}`, "data-feedback": true,
                                "data-correct": String(verdicts[i]), "data-amount": amount }, ...lines));
        right += verdicts[i];
      });
      this.tally.right += right;
      this.tally.paid += items.length;
      P.later(() => P.saveRecord(STORE, this.record));
      this.note.className = "bt-practice-feedback";
      const took = Date.now() - this.started;
      const notes = [];
      if (this.round) {
        const r = this.round;
        r.layouts += 1;
        r.ms += took;
        r.right += right;
        r.paid += items.length;
        notes.push(this.fmt(L["paid.time"], { seconds: this.P.writeSeconds(took, this.data.numbers) }));
        if (r.layouts >= this.data.round_layouts) {
          notes.push(this.fmt(L["round.over"], { layouts: r.layouts, seconds: this.P.writeSeconds(r.ms, this.data.numbers),
                                                 right: r.right, paid: r.paid }));
          this.round = { layouts: 0, ms: 0, right: 0, paid: 0 };
        }
      }
      this.note.textContent = notes.join(" ");
      this.submit.disabled = true;
      this.nextButton.disabled = false;
      this.nextButton.focus();
      this.paintScore();
    }

    next() {
      if (this.nextButton.disabled) return;
      const table = this.data.tables[this.tableIndex];
      this.show((this.index + 1) % table.layouts.length);
      const first = this.bets.querySelector("[data-payout]");
      if (first) first.focus();
    }

    paintScore() {
      this.score.textContent = this.fmt(this.L.score, this.tally);
      this.score.dataset.right = String(this.tally.right);
      this.score.dataset.paid = String(this.tally.paid);
    }
  }

  return { KIND, STORE, judge, readAmount: P.readAmount, written: P.writeAmount, PayTable };
});
