/* bacara_teach: the odds explorer on the page itself, with no Python behind it.
 *
 * The engine priced, at build time, every bet of every table on the shoes this page offers
 * (bacara_teach/practice/odds.py): full shoes of 1 to 8 decks, and six- or eight-deck shoes
 * with one to four cards of one rank taken out; each figure is already written in the page's
 * language. This script only looks the chosen shoe up. A shoe that was not prepared is said
 * to be so, with the way to the live notebook, whose explorer prices any shoe.
 *
 * Page contract: [data-practice="odds-explorer"]; selects [data-control="decks"|"table"|
 * "rank" (a rank's symbol, or "" for none)|"count"]; the table of figures [data-figures] (data-shoe, one row [data-bet] per bet);
 * the status [data-status] (data-prepared="true"|"false"); the live link [data-live].
 *
 * Under Node the pure part (the key of a shoe, its figures) is exported for the tests.
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (root && root.BacaraPractice) root.BacaraPractice.register(api.KIND, (node, data) => new api.OddsView(node, data));
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const KIND = "odds-explorer";

  // -- the pure part ------------------------------------------------------------------------------

  /** The key of a shoe: "8" full, "8:RANK:OUT" with OUT cards of the rank at index RANK out. */
  function shoeKey(decks, rank, out) {
    return rank === null || rank === undefined || rank < 0 || !out ? String(decks) : `${decks}:${rank}:${out}`;
  }

  /** The prepared figures of a shoe at a table: rows of {key, label, pays, win, push, edge}, or null. */
  function figures(data, decks, profile, rank, out) {
    const shoe = data.shoes[shoeKey(decks, rank, out)];
    const bets = data.bets[profile];
    if (!shoe || !bets) return null;
    const rows = bets.map((bet, i) => {
      const [win, push, edge] = shoe.figures[profile][i];
      return { key: bet.key, label: bet.label, pays: bet.pays, win, push, edge };
    });
    return { cards: shoe.cards, out: shoe.out, rows };
  }

  // -- the page -------------------------------------------------------------------------------------

  class OddsView {
    constructor(rootNode, data) {
      const P = root.BacaraPractice;
      this.el = P.element;
      this.fmt = (template, values) => P.format(template, values, data.numbers);
      this.root = rootNode;
      this.data = data;
      this.L = data.labels;
      this.build();
      this.update();
      rootNode.dataset.ready = "true";
    }

    select(name, label, options, value) {
      const id = `bt-odds-${name}-${Math.random().toString(36).slice(2, 8)}`;
      const box = this.el("select", { id, "data-control": name });
      for (const [v, text] of options) box.append(this.el("option", { value: v, text, selected: String(v) === String(value) }));
      box.addEventListener("change", () => this.update());
      this[`${name}Box`] = box;
      return this.el("span", { class: "bt-odds-field" }, this.el("label", { for: id, text: label }), " ", box);
    }

    build() {
      const L = this.L;
      const d = this.data;
      const el = this.el;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      const start = d.start || { decks: d.decks[d.decks.length - 1], profile: d.profiles[0].name };
      const counts = [];
      for (let n = 1; n <= d.maxOut; n += 1) counts.push([n, String(n)]);
      const controls = el("div", { class: "bt-practice-answers bt-odds-controls" },
        this.select("decks", L.decks, d.decks.map((n) => [n, String(n)]), start.decks),
        this.select("table", L.table, d.profiles.map((p) => [p.name, p.label]), start.profile),
        this.select("rank", L.rank, [["", L.none], ...d.ranks.map((r) => [r, r])], ""),
        this.select("count", L.count, counts, 1));
      this.status = el("p", { class: "bt-practice-feedback", "data-status": true, role: "status",
                              "aria-live": "polite" });
      this.table = el("div", { "data-figures": true });
      const live = doc().querySelector("a.bt-live-link");
      this.live = el("a", { class: "bt-odds-live", "data-live": true, href: live ? live.getAttribute("href") : null,
                            text: L.live });
      const custom = el("p", { class: "bt-practice-kept" }, `${L.custom} `, live ? this.live : null);
      this.root.append(el("p", { class: "bt-practice-kept", text: L.prepared }), controls, this.status,
                       this.table, custom);
    }

    update() {
      const L = this.L;
      const decks = Number(this.decksBox.value);
      const profile = this.tableBox.value;
      const rank = this.rankBox.value === "" ? -1 : this.data.ranks.indexOf(this.rankBox.value);
      const out = rank < 0 ? 0 : Number(this.countBox.value);
      this.countBox.disabled = rank < 0;
      const found = figures(this.data, decks, profile, rank, out);
      if (!found) {
        this.status.dataset.prepared = "false";
        this.status.className = "bt-practice-feedback bt-wrong";
        this.status.textContent = L.unprepared;
        this.table.replaceChildren();
        this.table.dataset.shoe = "";
        return;
      }
      this.status.dataset.prepared = "true";
      this.status.className = "bt-practice-feedback";
      this.status.textContent = this.fmt(L.shown, { cards: found.cards });
      const el = this.el;
      const head = el("tr", {});
      for (const key of ["bet", "pays", "win", "push", "edge"]) head.append(el("th", { scope: "col", text: L[key] }));
      const body = el("tbody");
      for (const row of found.rows) {
        body.append(el("tr", { "data-bet": row.key }, el("th", { scope: "row", text: row.label }),
                       el("td", { text: row.pays }), el("td", { text: row.win }), el("td", { text: row.push }),
                       el("td", { "data-edge": true, text: row.edge })));
      }
      // Wider than a phone, the table scrolls inside a frame of its own, as the site's tables
      // do (docs/_ext/table_frames.py): a named region the keyboard reaches, with its cue.
      const caption = this.fmt(L.caption, { cards: found.cards, removed: found.out });
      const table = el("table", { class: "bt-odds-table" }, el("caption", { text: caption }),
                       el("thead", {}, head), body);
      this.table.replaceChildren(el("div", { class: "bt-frame", tabindex: "0", role: "region",
                                             "aria-label": caption, "data-hint": L.scroll }, table));
      this.table.dataset.shoe = shoeKey(decks, rank, out);
      this.table.dataset.table = profile;
    }
  }

  function doc() {
    return root.document;
  }

  return { KIND, shoeKey, figures, OddsView };
});
