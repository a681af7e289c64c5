/* bacara_teach: the coup stepper's view, on the page itself, with no Python behind it.
 *
 * What every kind shares is in practice.js, which the page loads first; this script is loaded
 * only by a page that shows a stepper (docs/_ext/lean_pages.py). Under Node its pure part
 * (reading typed cards, a coup's steps) is exported for the tests.
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (typeof document !== "undefined" && root.BacaraPractice) api.start(root.BacaraPractice, document);
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const P = root && root.BacaraPractice ? root.BacaraPractice : require("./practice.js");
  const { element, format, cardsNode, playCoup } = P;

  // -- the coup stepper -------------------------------------------------------------------------

  /** Cards typed in ("4♥ 2♠ 9c ad"): each token a rank and a suit, read with the exported tables. */
  function parseCards(data, text) {
    const cards = [];
    for (const token of text.replace(/\ufe0f/g, "").split(/[\s,]+/).filter(Boolean)) {
      const chars = Array.from(token);
      const suit = data.suits[chars[chars.length - 1]];
      const rank = data.ranks[chars.slice(0, -1).join("")];
      if (!suit || !rank) return { error: "bad-card", card: token };
      cards.push({ text: rank + suit, value: data.points[rank] });
    }
    return { cards };
  }

  /** A typed-in coup told step by step in the engine's own sentences and rules. */
  function coupSteps(data, cards) {
    let coup;
    try {
      coup = playCoup(data, cards.map((c) => c.value));
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return { error: "too-few", need: Math.max(4, cards.length + 1), given: cards.length };
    }
    if (coup.used < cards.length) return { error: "too-many", need: coup.used, given: cards.length };
    const m = data.messages;
    const hands = data.hands;
    const shown = { punto: [], banco: [] };
    const steps = [];
    const add = (text, cell) => steps.push({ text, cell: cell || null, punto: shown.punto.join(" "),
                                             banco: shown.banco.join(" ") });
    const sum = (hand) => hand.reduce((a, c) => a + c.value, 0) % 10;
    const held = { punto: [], banco: [] };
    const deal = (who, card) => {
      held[who].push(card);
      shown[who].push(card.text);
    };
    for (let i = 0; i < 4; i += 1) {
      const who = i % 2 === 0 ? "punto" : "banco";
      deal(who, cards[i]);
      add(format(m.deal, { hand: hands[who], card: cards[i].text }));
    }
    const p = sum(held.punto);
    const b = sum(held.banco);
    const pn = data.naturals.includes(p);
    const bn = data.naturals.includes(b);
    if (pn && bn) add(format(m["natural.both"], { punto: p, banco: b }));
    else if (pn || bn) add(format(m["natural.one"], { hand: hands[pn ? "punto" : "banco"], total: pn ? p : b }));
    else {
      add(format(m["no-natural"], { punto: p, banco: b }));
      let next = 4;
      for (const cell of coup.cells) {
        const who = cell.actor;
        const before = sum(held[who]);
        if (cell.answer === "draw") {
          deal(who, cards[next]);
          next += 1;
          add(`${cell.why} ${format(m["banker-table.draw"], { hand: hands[who], card: cards[next - 1].text,
                                                              new: sum(held[who]) })}`, cell);
        } else add(`${cell.why} ${format(m["banker-table.stand"], { hand: hands[who], total: before })}`, cell);
      }
    }
    const fp = sum(held.punto);
    const fb = sum(held.banco);
    if (fp === fb) add(format(m["result.tie"], { total: fp }));
    else {
      const winner = fp > fb ? "punto" : "banco";
      add(format(m["result.win"], { hand: hands[winner], winner_total: Math.max(fp, fb),
                                    loser_total: Math.min(fp, fb) }));
    }
    return { steps, coup };
  }


  class Stepper {
    constructor(rootNode, data) {
      this.root = rootNode;
      this.data = data;
      this.L = data.labels;
      this.build();
      this.show(data.steps);
    }

    build() {
      const L = this.L;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      this.tableBox = this.root.querySelector(".bt-stepper-table");
      const id = `bt-stepper-cards-${Math.random().toString(36).slice(2, 8)}`;
      this.input = element("input", { type: "text", id, value: this.data.cards, placeholder: L.placeholder,
                                      autocomplete: "off", spellcheck: "false", "data-cards": true });
      const dealButton = element("button", { type: "button", title: L["deal.tip"], "data-deal": true,
                                             text: L.deal });
      const again = element("button", { type: "button", "data-page-coup": true, text: L.again });
      const form = element("form", { class: "bt-stepper-form" },
                           element("label", { for: id, text: L.cards }), this.input, dealButton, again);
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.deal(this.input.value);
      });
      dealButton.addEventListener("click", () => this.deal(this.input.value));
      again.addEventListener("click", () => {
        this.input.value = this.data.cards;
        this.error.textContent = "";
        this.show(this.data.steps);
      });
      this.hands = element("div", { class: "bt-stepper-hands" });
      this.prev = element("button", { type: "button", title: L["prev.tip"], "data-prev": true, text: L.prev });
      this.nextButton = element("button", { type: "button", title: L["next.tip"], "data-step-next": true,
                                            text: L.next });
      this.position = element("span", { class: "bt-stepper-position" });
      this.prev.addEventListener("click", () => this.go(-1));
      this.nextButton.addEventListener("click", () => this.go(1));
      this.narration = element("p", { class: "bt-stepper-narration", role: "status", "aria-live": "polite",
                                      "data-narration": true });
      this.error = element("p", { class: "bt-stepper-error", role: "alert", "data-error": true });
      const controls = element("div", { class: "bt-practice-controls" }, this.prev, this.nextButton, this.position);
      this.root.insertBefore(form, this.tableBox);
      this.root.insertBefore(this.error, this.tableBox);
      this.root.insertBefore(this.hands, this.tableBox);
      this.root.insertBefore(controls, this.tableBox);
      this.root.insertBefore(this.narration, this.tableBox);
      this.root.dataset.ready = "true";
    }

    deal(text) {
      const parsed = parseCards(this.data, text);
      const played = parsed.error ? parsed : coupSteps(this.data, parsed.cards);
      if (played.error) {
        this.error.textContent = format(this.L[played.error], played, this.data.numbers);
        return;
      }
      this.error.textContent = "";
      this.show(played.steps);
    }

    show(steps) {
      this.steps = steps;
      this.at = 0;
      this.render();
    }

    go(delta) {
      this.at = Math.min(this.steps.length - 1, Math.max(0, this.at + delta));
      this.render();
    }

    render() {
      const step = this.steps[this.at];
      const hand = (who) => {
        const cards = step[who] ? step[who].split(" ") : [];
        const total = cards.reduce((a, c) => a + this.data.points[Array.from(c).slice(0, -1).join("")], 0) % 10;
        return element("div", { class: "bt-hand" }, element("strong", { text: this.data.hands[who] }), ": ",
                       cards.length ? cardsNode(step[who]) : "—",
                       cards.length ? ` ${this.L.total} ${total}` : "");
      };
      this.hands.replaceChildren(hand("punto"), hand("banco"));
      this.narration.textContent = step.text;
      this.position.textContent = format(this.L.step, { n: this.at + 1, of: this.steps.length }, this.data.numbers);
      this.prev.disabled = this.at === 0;
      this.nextButton.disabled = this.at === this.steps.length - 1;
      const table = this.tableBox && this.tableBox.querySelector("table");
      if (!table) return;
      for (const td of table.querySelectorAll("td.bt-current")) td.classList.remove("bt-current");
      const cell = step.cell;
      if (cell && cell.actor === "banco") {
        const row = table.querySelectorAll("tbody tr")[cell.total];
        const td = row && row.querySelectorAll("td")[this.data.columns.indexOf(cell.third)];
        if (td) td.classList.add("bt-current");
      }
    }
  }


  const KIND = "coup-stepper";

  function start(practice) {
    return practice.register(KIND, (node, data) => new Stepper(node, data));
  }

  return { KIND, parseCards, coupSteps, Stepper, start };
});
