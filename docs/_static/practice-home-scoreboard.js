/* bacara_teach: the home scoreboard on the page itself, with no Python behind it.
 *
 * The engine played the page's seeded home session at build time (bacara_teach/widgets/home.py,
 * scoreboard_data): every coup's cards, its sentence and narration in the page's language, and
 * what each prediction nets on it under the home rules, settled by the engine, as whole numbers
 * of 10^-scale. This script only reads that data and adds the nets up: each participant picks a
 * prediction, "Deal" shows the coup and the scores, and after the last coup the ranking.
 *
 * Page contract: [data-practice="home-scoreboard"]; one select [data-prediction="NAME"] per
 * participant; [data-deal]; [data-status]; the board [data-board] with one row [data-coup="N"]
 * per dealt coup, its cells [data-net-of="NAME"] and the totals [data-total-of="NAME"];
 * [data-ranking] once the session is over; [data-restart].
 *
 * Under Node the pure part (playing the predictions, writing amounts, the ranking) is exported,
 * so tests can hold its sums against the engine's session.
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (typeof document !== "undefined" && root.BacaraPractice) {
    root.BacaraPractice.register("home-scoreboard", (node, data) => new api.Scoreboard(node, data, root.BacaraPractice));
  }
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const P = root && root.BacaraPractice ? root.BacaraPractice : require("./practice.js");

  // -- the pure part ----------------------------------------------------------------------------

  /** Whole units of 10^-scale written as the widget writes an amount (ungrouped), in the page's
   *  symbols (practice.js's writeAmount). */
  function writeUnits(units, scale, numbers, signed) {
    const digits = String(Math.abs(units)).padStart(scale + 1, "0");
    const whole = digits.slice(0, digits.length - scale) || "0";
    const part = scale ? digits.slice(digits.length - scale).replace(/0+$/, "") : "";
    return P.writeAmount(`${units < 0 ? "-" : ""}${whole}${part ? `.${part}` : ""}`, numbers, Boolean(signed), false);
  }

  /** Fill a template's {fields} with values already written. */
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }

  /** "Ana", "Ana and Luis", "Ana, Luis and Eva", with the page's words. */
  function join(data, names) {
    if (names.length === 1) return names[0];
    return fill(data.labels.and, { items: names.slice(0, -1).join(", "), last: names[names.length - 1] });
  }

  /** What each participant nets on coup `index` with `chosen` ({name: prediction}), and the totals after. */
  function settleCoup(data, index, chosen, totals) {
    const coup = data.coups[index];
    const nets = {};
    const after = {};
    for (const name of data.players) {
      const on = chosen[name];
      if (!(on in coup.nets)) throw new RangeError(`no prediction ${on} for ${name}`);
      nets[name] = coup.nets[on];
      after[name] = (totals[name] || 0) + nets[name];
    }
    return { nets, totals: after };
  }

  /** A whole session: `choices` lists each coup's predictions; nets and totals coup by coup. */
  function play(data, choices) {
    let totals = Object.fromEntries(data.players.map((name) => [name, 0]));
    const coups = [];
    choices.forEach((chosen, index) => {
      const played = settleCoup(data, index, chosen, totals);
      totals = played.totals;
      coups.push(played);
    });
    return { coups, totals };
  }

  /** Participants with their totals, highest first (seating order among equals), each with its place
   *  (equal totals share a place), and the leaders. */
  function ranking(data, totals) {
    const order = data.players.map((name, seat) => ({ name, seat, total: totals[name] }));
    order.sort((a, b) => b.total - a.total || a.seat - b.seat);
    const rows = order.map((row) => ({ name: row.name, total: row.total,
                                       place: 1 + order.filter((other) => other.total > row.total).length }));
    const best = order.length ? order[0].total : 0;
    return { rows, winners: data.players.filter((name) => totals[name] === best) };
  }

  // -- the page ---------------------------------------------------------------------------------

  class Scoreboard {
    constructor(rootNode, data, practice) {
      this.root = rootNode;
      this.data = data;
      this.L = data.labels;
      this.el = practice.element;
      this.build();
      this.restart(false);
      // read by tests/benchmarks/bench_tables.py
      if (typeof performance !== "undefined" && performance.mark) performance.mark("bacara-practice-ready:home-scoreboard");
    }

    amount(units, signed) {
      return writeUnits(units, this.data.scale, this.data.numbers, signed);
    }

    build() {
      const L = this.L;
      const el = this.el;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      const intro = el("p", { class: "bt-practice-intro", text: fill(L.page, { seed: this.data.seed }) });
      this.selects = {};
      const box = el("div", { class: "bt-scoreboard-predictions", role: "group", "aria-label": L.names });
      for (const name of this.data.players) {
        const id = `bt-predict-${Math.random().toString(36).slice(2, 8)}`;
        const select = el("select", { id, "data-prediction": name });
        select.append(el("option", { value: "", text: L.choose }));
        for (const [value, label] of this.data.options) select.append(el("option", { value, text: label }));
        if (name === this.data.dealer) select.append(el("option", { value: this.data.pass, text: L.pass }));
        select.addEventListener("change", () => this.update());
        this.selects[name] = select;
        box.append(el("div", { class: "bt-scoreboard-field" }, el("label", { for: id, text: fill(L.predict, { name }) }),
                      select));
      }
      this.dealButton = el("button", { type: "button", class: "bt-primary", title: L["deal.tip"], "data-deal": true });
      this.dealButton.addEventListener("click", () => this.deal());
      this.restartButton = el("button", { type: "button", title: L["start.tip"], "data-restart": true,
                                          text: L.start });
      this.restartButton.addEventListener("click", () => this.restart(true));
      this.status = el("p", { class: "bt-scoreboard-status", role: "status", "aria-live": "polite", "data-status": true });
      this.hands = el("div", { class: "bt-scoreboard-hands" });
      this.narration = el("div", { class: "bt-scoreboard-narration" });
      // A table wider than a phone scrolls in its own region, reachable with the keyboard.
      this.board = el("div", { class: "bt-practice-scroll", tabindex: "0", role: "region", "aria-label": L.board });
      this.ranking = el("div", { class: "bt-scoreboard-ranking", "data-ranking": true, hidden: true });
      this.root.append(intro, box, el("div", { class: "bt-practice-controls" }, this.dealButton, this.restartButton),
                       this.status, this.hands, this.narration, this.board, this.ranking);
      this.root.dataset.ready = "true";
    }

    restart(announce) {
      this.played = [];
      this.totals = Object.fromEntries(this.data.players.map((name) => [name, 0]));
      for (const select of Object.values(this.selects)) select.value = "";
      this.hands.replaceChildren();
      this.narration.replaceChildren();
      this.status.dataset.kind = "info";
      this.status.textContent = fill(this.L.started, { names: join(this.data, this.data.players) });
      this.render();
      if (announce) this.selects[this.data.players[0]].focus();
    }

    get finished() {
      return this.played.length >= this.data.coups.length;
    }

    update() {
      const missing = this.data.players.filter((name) => !this.selects[name].value);
      this.dealButton.disabled = this.finished || missing.length > 0;
      return missing;
    }

    deal() {
      if (this.finished) return;
      const missing = this.update();
      if (missing.length) {
        this.status.dataset.kind = "error";
        this.status.textContent = fill(this.L.missing, { names: join(this.data, missing) });
        return;
      }
      const chosen = Object.fromEntries(this.data.players.map((name) => [name, this.selects[name].value]));
      const index = this.played.length;
      const settled = settleCoup(this.data, index, chosen, this.totals);
      this.totals = settled.totals;
      this.played.push({ chosen, nets: settled.nets });
      const coup = this.data.coups[index];
      this.status.dataset.kind = "result";
      this.status.textContent = coup.status;
      this.hands.replaceChildren(this.hand("Punto", coup.punto, coup.totals[0]),
                                 this.hand("Banco", coup.banco, coup.totals[1]));
      const list = this.el("ol", { class: "bt-narration", "aria-label": fill(this.L.narration, { n: coup.number }) });
      for (const line of coup.narration) list.append(this.el("li", { text: line }));
      this.narration.replaceChildren(list);
      for (const select of Object.values(this.selects)) select.value = "";
      this.render();
      // The deal button is disabled until the next predictions: keep the focus where they are made.
      if (this.finished) this.ranking.focus();
      else this.selects[this.data.players[0]].focus();
    }

    hand(name, cards, total) {
      const el = this.el;
      const row = el("span", { class: "bt-cards" });
      for (const [text, words] of cards) {
        const red = /[♥♦]/.test(text);
        row.append(el("span", { class: `bt-card ${red ? "bt-red" : "bt-black"}`, role: "img", "aria-label": words,
                                text }));
      }
      return el("p", { class: "bt-hand bt-practice-cards" }, el("strong", { text: name }), ": ", row,
                ` ${this.L["hand.total"]} ${total}`);
    }

    render() {
      const L = this.L;
      const el = this.el;
      const players = this.data.players;
      this.dealButton.textContent = this.finished ? L.over : fill(L.deal, { n: this.played.length + 1 });
      for (const select of Object.values(this.selects)) select.disabled = this.finished;
      this.update();
      const table = el("table", { class: "bt-table", "data-board": true }, el("caption", { text: L.board }));
      const head = el("tr");
      for (const text of [L.coup, L.cards, L.result, ...players]) head.append(el("th", { scope: "col", text }));
      table.append(el("thead", {}, head));
      const body = el("tbody");
      const label = (on) => (on === this.data.pass ? "-" : this.data.options.find(([value]) => value === on)[1]);
      this.played.forEach((played, index) => {
        const coup = this.data.coups[index];
        const row = el("tr", { "data-coup": coup.number }, el("th", { scope: "row", text: String(coup.number) }),
                       el("td", { text: coup.cards }), el("td", { text: coup.winner }));
        for (const name of players) {
          row.append(el("td", { "data-net-of": name,
                                text: `${label(played.chosen[name])}, ${this.amount(played.nets[name], true)}` }));
        }
        body.append(row);
      });
      if (this.played.length) {
        const row = el("tr", { "data-totals": true }, el("th", { scope: "row", text: L.totals }), el("td"), el("td"));
        for (const name of players) {
          row.append(el("td", { "data-total-of": name, text: this.amount(this.totals[name], true) }));
        }
        body.append(row);
      }
      table.append(body);
      this.board.replaceChildren(table);
      this.ranking.hidden = !this.finished;
      this.ranking.replaceChildren();
      if (!this.finished) return;
      const ranked = ranking(this.data, this.totals);
      const final = el("table", { class: "bt-table" }, el("caption", { text: L.ranking }));
      const fhead = el("tr");
      for (const text of [L.name, L.rank, L.total]) fhead.append(el("th", { scope: "col", text }));
      const fbody = el("tbody");
      for (const row of ranked.rows) {
        fbody.append(el("tr", { "data-place-of": row.name }, el("th", { scope: "row", text: row.name }),
                        el("td", { text: String(row.place) }), el("td", { text: this.amount(row.total, true) })));
      }
      final.append(el("thead", {}, fhead), fbody);
      const verdict = ranked.winners.length === 1 ? fill(L["won.one"], { name: ranked.winners[0] })
        : fill(L["won.many"], { names: join(this.data, ranked.winners) });
      this.ranking.setAttribute("tabindex", "-1");
      this.ranking.append(el("div", { class: "bt-practice-scroll", tabindex: "0", role: "region",
                                      "aria-label": L.ranking }, final),
                          el("p", { class: "bt-scoreboard-verdict", "data-verdict": true, text: verdict }));
      this.status.textContent = `${this.status.textContent} ${verdict}`;
    }
  }

  return { writeUnits, fill, join, settleCoup, play, ranking, Scoreboard };
});
