/* bacara_teach: the roads board on the page itself, with no Python behind it.
 *
 * The engine dealt, at build time, the board's seeded shoe coup by coup
 * (bacara_teach/practice/roads.py) and wrote down every state the reader can reach: the
 * status line, the five roads as the engine draws them, and the exact odds of the next coup on
 * the cards left beside a full shoe, already written in the page's language. The roads of a
 * state are stored as a patch on the state before: runs of its pieces kept ([from, to]) and
 * new pieces (an index into data.pieces). This script only puts the pieces back together and
 * shows the state; it never computes a road or an odd.
 *
 * Page contract: [data-practice="roads-board"]; buttons [data-deal="1"|"10"] and [data-new];
 * the status [data-status] (data-coups: the coups dealt, data-kind); the roads [data-roads];
 * the odds table [data-odds] (rows [data-row="left"|"full"|"change"]); [data-end] when every
 * prepared coup is dealt.
 *
 * Under Node the pure part (the pictures of the states, a state's view) is exported for the tests.
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (root && root.BacaraPractice) root.BacaraPractice.register(api.KIND, (node, data) => new api.RoadsView(node, data));
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const KIND = "roads-board";

  // -- the pure part ------------------------------------------------------------------------------

  /** The roads' HTML of every state, each state's patch applied to the pieces of the one before. */
  function pictures(data) {
    const out = [];
    let previous = [];
    for (const state of data.states) {
      const current = [];
      for (const item of state.roads) {
        if (Array.isArray(item)) {
          for (let i = item[0]; i < item[1]; i += 1) current.push(previous[i]);
        } else {
          current.push(data.pieces[item]);
        }
      }
      out.push(current.join(""));
      previous = current;
    }
    return out;
  }

  /** What state k shows: its status, and its odds rows (null once the cut card is out). */
  function stateView(data, k) {
    const state = data.states[k];
    const L = data.labels;
    const rows = state.odds ? [
      ["left", state.left, state.odds],
      ["full", L.full, data.full],
      ["change", L.change, state.change],
    ] : null;
    return { coups: k, status: state.status[0], kind: state.status[1], rows,
             last: k === data.states.length - 1, cut: !state.odds };
  }

  /** The state after dealing `count` coups from state k (no further than the last prepared). */
  function dealFrom(data, k, count) {
    if (!data.states[k].odds) return k;
    return Math.min(k + count, data.states.length - 1);
  }

  // -- the page -------------------------------------------------------------------------------------

  class RoadsView {
    constructor(rootNode, data) {
      const P = root.BacaraPractice;
      this.el = P.element;
      this.root = rootNode;
      this.data = data;
      this.L = data.labels;
      this.pictures = pictures(data);
      this.build();
      this.show(data.start, false);
      rootNode.dataset.ready = "true";
    }

    button(text, tip, attrs, action) {
      const node = this.el("button", { type: "button", class: "bt-practice-button", title: tip, ...attrs, text });
      node.addEventListener("click", action);
      return node;
    }

    build() {
      const L = this.L;
      const el = this.el;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      this.dealOne = this.button(L.deal, L["deal.tip"], { "data-deal": "1" }, () => this.deal(1));
      this.dealTen = this.button(L.ten, L["ten.tip"], { "data-deal": "10" }, () => this.deal(10));
      this.fresh = this.button(L.new, L["new.tip"], { "data-new": true }, () => this.show(0, true));
      const controls = el("div", { class: "bt-practice-answers bt-roads-controls", role: "group",
                                   "aria-label": L.controls }, this.dealOne, this.dealTen, this.fresh);
      this.status = el("div", { class: "bt-status", "data-status": true, role: "status", "aria-live": "polite" });
      this.end = el("p", { class: "bt-practice-kept", "data-end": true, text: L.end, hidden: true });
      this.roads = el("div", { class: "bt-roads-picture", "data-roads": true });
      this.odds = el("div", { class: "bt-roads-odds", "data-odds": true });
      this.root.append(el("p", { class: "bt-practice-kept", text: L.prepared }), controls, this.status,
                       this.end, this.roads, this.odds);
    }

    deal(count) {
      this.show(dealFrom(this.data, this.k, count), true);
    }

    show(k, moved) {
      const view = stateView(this.data, k);
      const el = this.el;
      const focused = this.root.ownerDocument.activeElement;
      this.k = k;
      this.status.textContent = view.status;
      this.status.className = `bt-status bt-${view.kind}`;
      this.status.dataset.coups = String(k);
      this.status.dataset.kind = view.kind;
      this.roads.innerHTML = this.pictures[k];
      this.end.hidden = !(view.last && !view.cut);
      const done = view.last || view.cut;
      this.dealOne.disabled = done;
      this.dealTen.disabled = done;
      // A deal button that the last coup disabled hands the focus on, so the keyboard keeps it.
      if (moved && done && (focused === this.dealOne || focused === this.dealTen)) this.fresh.focus();
      if (!view.rows) {
        this.odds.replaceChildren();
        return;
      }
      const head = el("tr", {}, el("th", { scope: "col", text: this.L.shoe }));
      for (const name of this.L.outcomes) head.append(el("th", { scope: "col", text: name }));
      const body = el("tbody");
      for (const [key, label, figures] of view.rows) {
        const row = el("tr", { "data-row": key }, el("th", { scope: "row", text: label }));
        for (const figure of figures) row.append(el("td", { text: figure }));
        body.append(row);
      }
      // Wider than a phone, the table scrolls inside itself, so it takes focus: the arrow keys scroll it.
      this.odds.replaceChildren(el("table", { class: "bt-table", tabindex: "0" },
                                   el("caption", { text: this.L.caption }), el("thead", {}, head), body));
    }
  }

  return { KIND, pictures, stateView, dealFrom, RoadsView };
});
