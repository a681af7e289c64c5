/* bacara_teach: the online table on the page itself, with no Python behind it.
 *
 * The engine dealt the page's seeded coups at build time (bacara_teach/widgets/online.py,
 * online_table_data): each coup's cards and narration in the page's language and, for each
 * position, what its settlement pays per unit of stake as an exact fraction; the table's limits;
 * its refusals as templates with blanks. This script only reads that data, multiplies stakes by
 * those fractions and adds amounts, exactly (decimal amounts held as BigInt units), and checks a
 * bet against the exported limits and balance in the order the engine does.
 *
 * Page contract: [data-practice="online-table"]; the position [data-position]; the stake box
 * [data-stake]; chips [data-chip="N"]; [data-clear]; [data-place]; [data-cancel]; [data-continue];
 * [data-status] (data-kind "error" for a refusal); [data-balance] and [data-available] (data-amount:
 * the amount as the engine writes it); the history [data-history] with one row [data-coup="N"];
 * [data-restart].
 *
 * Under Node the pure part (amounts, checking a bet, dealing) is exported, so tests can hold it
 * against the engine's table.
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (typeof document !== "undefined" && root.BacaraPractice) {
    root.BacaraPractice.register("online-table", (node, data) => new api.TableView(node, data, root.BacaraPractice));
  }
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const P = root && root.BacaraPractice ? root.BacaraPractice : require("./practice.js");

  // -- exact amounts: { u: BigInt units, s: decimals } -------------------------------------------

  function normal(a) {
    let { u, s } = a;
    while (s > 0 && u % 10n === 0n) {
      u /= 10n;
      s -= 1;
    }
    return { u, s: u === 0n ? 0 : s };
  }

  function lift(a, s) {
    return a.u * 10n ** BigInt(s - a.s);
  }

  function add(a, b) {
    const s = Math.max(a.s, b.s);
    return normal({ u: lift(a, s) + lift(b, s), s });
  }

  function neg(a) {
    return { u: -a.u, s: a.s };
  }

  function compare(a, b) {
    const s = Math.max(a.s, b.s);
    const d = lift(a, s) - lift(b, s);
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }

  /** `a` times the fraction num/den, whose denominator divides a power of ten (every table's does). */
  function times(a, num, den) {
    let k = 0;
    let power = 1n;
    const d = BigInt(den);
    while (power % d !== 0n) {
      power *= 10n;
      k += 1;
      if (k > 60) throw new RangeError(`${num}/${den} has no exact decimal form`);
    }
    return normal({ u: a.u * BigInt(num) * (power / d), s: a.s + k });
  }

  /** An amount from the engine's notation ("4.75", "-5", ".5"); the caller checked its form. */
  function fromText(text) {
    const body = text.replace(/^\+/, "");
    const negative = body.startsWith("-");
    const [whole, part = ""] = body.replace(/^-/, "").split(".");
    const u = BigInt(`${whole || "0"}${part}` || "0");
    return normal({ u: negative ? -u : u, s: part.length });
  }

  /** The amount as the engine writes it in data and in the stake box: "4.75", no trailing zeros. */
  function toText(a) {
    const { u, s } = normal(a);
    const digits = (u < 0n ? -u : u).toString().padStart(s + 1, "0");
    const body = s ? `${digits.slice(0, -s)}.${digits.slice(-s)}` : digits;
    return u < 0n ? `-${body}` : body;
  }

  /** The amount in the page's language as the widget writes it (practice.js's writeAmount,
   *  ungrouped): its decimal sign and its minus; `signed` adds a + to a gain. */
  function write(a, numbers, signed) {
    return P.writeAmount(toText(a), numbers, Boolean(signed), false);
  }

  const ZERO = { u: 0n, s: 0 };

  // -- the table ---------------------------------------------------------------------------------

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }

  function newTable(data) {
    return { balance: fromText(data.balance), bet: null, history: [] };
  }

  function staked(table) {
    return table.bet ? table.bet.stake : ZERO;
  }

  function available(table) {
    return add(table.balance, neg(staked(table)));
  }

  /** Read a stake as the engine reads it: its form is the engine's own pattern (exported). */
  function readStake(data, text) {
    const trimmed = text.trim();
    if (!new RegExp(`^(?:${data.amount})$`).test(trimmed)) return null;
    return fromText(trimmed);
  }

  /**
   * Check a bet of `text` on `on`, as the table does: the stake's form, above 0, the bet's total
   * within the limits, one position per coup, then the balance. Returns { stake, total } or
   * { refusal } with the table's message filled in.
   */
  function checkPlace(data, table, on, text) {
    const N = data.numbers;
    const R = data.refusals[on];
    if (!R) throw new RangeError(`no position ${on}: expected one of ${data.bets.map(([v]) => v).join(", ")}`);
    const stake = readStake(data, text);
    if (stake === null) return { refusal: fill(R.unreadable, { value: text.trim() }) };
    if (compare(stake, ZERO) <= 0) return { refusal: fill(R.positive, { stake: write(stake, N) }) };
    const adding = table.bet !== null && table.bet.on === on;
    const total = adding ? add(table.bet.stake, stake) : stake;
    const words = { stake: write(stake, N), total: write(total, N) };
    const [low, high] = data.limits.map(fromText);
    if (compare(total, low) < 0 && R.min) return { refusal: fill(R.min, words) };
    if (compare(total, high) > 0) return { refusal: fill(adding ? R["max.add"] : R.max, words) };
    if (table.bet !== null && !adding) {
      return { refusal: fill(R[`position.${table.bet.on}`], { ...words, other: write(table.bet.stake, N) }) };
    }
    if (compare(total, table.balance) > 0) {
      const room = adding ? add(table.balance, neg(table.bet.stake)) : table.balance;
      return { refusal: fill(adding ? R["balance.add"] : R.balance,
                             { ...words, balance: write(table.balance, N), available: write(room, N) }) };
    }
    return { stake, total };
  }

  function place(data, table, on, text) {
    const checked = checkPlace(data, table, on, text);
    if (checked.refusal) return checked;
    table.bet = { on, stake: checked.total };
    return { placed: { on, stake: checked.stake } };
  }

  /** A chip added to the stake box's text: the new text, as the engine writes the amount, or the refusal. */
  function addChip(data, text, chip) {
    const typed = text.trim();
    const current = typed ? readStake(data, typed) : ZERO;
    if (current === null) return { refusal: fill(data.refusals[data.bets[0][0]].unreadable, { value: typed }) };
    return { text: toText(add(current, fromText(String(chip)))) };
  }

  /** Take back the bet on the table; the bet taken back, or null when there was none. */
  function cancel(table) {
    const bet = table.bet;
    table.bet = null;
    return bet;
  }

  /** "Continuar": settle the bet on the next prepared coup with the engine's fraction for its position. */
  function deal(data, table) {
    const index = table.history.length;
    if (!table.bet || index >= data.coups.length) return null;
    const coup = data.coups[index];
    const [result, num, den] = coup.pays[table.bet.on];
    const net = times(table.bet.stake, num, den);
    table.balance = add(table.balance, net);
    const played = { number: index + 1, coup, bet: table.bet, result, net, balance: table.balance };
    table.history.push(played);
    table.bet = null; // a tie returns the bet: nothing stays on the table
    return played;
  }

  // -- the page ---------------------------------------------------------------------------------

  class TableView {
    constructor(rootNode, data, practice) {
      this.root = rootNode;
      this.data = data;
      this.L = data.labels;
      this.el = practice.element;
      this.build();
      this.restart(false);
      // read by tests/benchmarks/bench_tables.py
      if (typeof performance !== "undefined" && performance.mark) performance.mark("bacara-practice-ready:online-table");
    }

    label(on) {
      return this.data.bets.find(([value]) => value === on)[1];
    }

    betText(on, stake) {
      return `${this.label(on)} ${write(stake, this.data.numbers)}`;
    }

    say(text, kind) {
      this.status.dataset.kind = kind || "info";
      this.status.setAttribute("role", kind === "error" ? "alert" : "status");
      this.status.textContent = text;
    }

    build() {
      const L = this.L;
      const el = this.el;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      const uid = Math.random().toString(36).slice(2, 8);
      this.summary = el("div", { class: "bt-summary", "aria-live": "polite" });
      this.position = el("select", { id: `bt-on-${uid}`, "data-position": true });
      for (const [value, text] of this.data.bets) this.position.append(el("option", { value, text }));
      this.stake = el("input", { type: "text", id: `bt-stake-${uid}`, inputmode: "decimal", autocomplete: "off",
                                 placeholder: L.placeholder, "data-stake": true });
      const form = el("form", { class: "bt-table-form" },
                      el("span", { class: "bt-table-field" }, el("label", { for: `bt-on-${uid}`, text: L.on }),
                         this.position),
                      el("span", { class: "bt-table-field" }, el("label", { for: `bt-stake-${uid}`, text: L.stake }),
                         this.stake));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.place();
      });
      const chips = el("div", { class: "bt-practice-controls" });
      for (const chip of this.data.chips) {
        const button = el("button", { type: "button", "data-chip": chip, title: fill(L["chip.tip"], { chip }),
                                      text: fill(L.chip, { chip }) });
        button.addEventListener("click", () => this.addChip(chip));
        chips.append(button);
      }
      const clear = el("button", { type: "button", "data-clear": true, title: L["clear.tip"], text: L.clear });
      clear.addEventListener("click", () => {
        this.stake.value = "";
        this.stake.focus();
      });
      chips.append(clear);
      this.placeButton = el("button", { type: "button", class: "bt-primary", "data-place": true, title: L["place.tip"],
                                        text: L.place });
      this.placeButton.addEventListener("click", () => this.place());
      this.cancelButton = el("button", { type: "button", "data-cancel": true, title: L["cancel.tip"], text: L.cancel });
      this.cancelButton.addEventListener("click", () => this.cancel());
      this.dealButton = el("button", { type: "button", class: "bt-primary", "data-continue": true, title: L["deal.tip"],
                                       text: L.deal });
      this.dealButton.addEventListener("click", () => this.deal());
      this.restartButton = el("button", { type: "button", "data-restart": true, title: L["page.again.tip"],
                                          text: L["page.again"] });
      this.restartButton.addEventListener("click", () => this.restart(true));
      this.status = el("p", { class: "bt-scoreboard-status", role: "status", "aria-live": "polite", "data-status": true });
      this.hands = el("div", { class: "bt-scoreboard-hands" });
      this.narration = el("div");
      // A table wider than a phone scrolls in its own region, reachable with the keyboard.
      this.settled = el("div", { class: "bt-practice-scroll", tabindex: "0", role: "region", hidden: true });
      this.history = el("div", { class: "bt-practice-scroll", tabindex: "0", role: "region", "aria-label": L.history,
                                 hidden: true });
      this.root.append(this.summary, form, chips,
                       el("div", { class: "bt-practice-controls" }, this.placeButton, this.cancelButton, this.dealButton,
                          this.restartButton),
                       this.status, this.hands, this.narration, this.settled, this.history);
      this.root.dataset.ready = "true";
    }

    restart(focus) {
      this.table = newTable(this.data);
      this.stake.value = "";
      this.hands.replaceChildren();
      this.narration.replaceChildren();
      this.settled.replaceChildren();
      this.settled.hidden = true;
      this.say(this.L.welcome);
      this.render();
      if (focus) this.stake.focus();
    }

    addChip(chip) {
      const added = addChip(this.data, this.stake.value, chip);
      if (added.refusal) {
        this.say(added.refusal, "error");
        return;
      }
      this.stake.value = added.text;
      this.say(fill(this.L["stake.set"], { stake: write(fromText(this.stake.value), this.data.numbers) }));
    }

    place() {
      const on = this.position.value;
      const done = place(this.data, this.table, on, this.stake.value);
      if (done.refusal) this.say(done.refusal, "error");
      else this.say(fill(this.L.placed, { bet: this.betText(on, done.placed.stake) }));
      this.render();
    }

    cancel() {
      const bet = cancel(this.table);
      if (!bet) return;
      this.say(fill(this.L.cancelled, { bets: this.betText(bet.on, bet.stake) }));
      this.render();
    }

    deal() {
      const played = deal(this.data, this.table);
      if (!played) return;
      const L = this.L;
      const N = this.data.numbers;
      const el = this.el;
      const coup = played.coup;
      const key = coup.outcome === "empate" ? "tie" : "dealt";
      this.say(fill(L[key], { n: played.number, winner: coup.winner, net: write(played.net, N, true),
                              balance: write(played.balance, N) }));
      const hand = (name, cards, total) => {
        const row = el("span", { class: "bt-cards" });
        for (const [text, words] of cards) {
          const red = /[♥♦]/.test(text);
          row.append(el("span", { class: `bt-card ${red ? "bt-red" : "bt-black"}`, role: "img", "aria-label": words,
                                  text }));
        }
        return el("p", { class: "bt-hand bt-practice-cards" }, el("strong", { text: name }), ": ", row,
                  ` ${L["hand.total"]} ${total}`);
      };
      this.hands.replaceChildren(el("p", {}, el("strong", { text: fill(L.coup, { n: played.number }) })),
                                 hand("Punto", coup.punto, coup.totals[0]), hand("Banco", coup.banco, coup.totals[1]));
      const list = el("ol", { class: "bt-narration", "aria-label": L.narration });
      for (const line of coup.narration) list.append(el("li", { text: line }));
      this.narration.replaceChildren(list);
      const heads = L["columns.bets"].split("\t");
      const table = el("table", { class: "bt-table", "data-settled": true },
                       el("caption", { text: fill(L["bets.caption"], { n: played.number }) }));
      const head = el("tr");
      for (const text of heads) head.append(el("th", { scope: "col", text }));
      table.append(el("thead", {}, head),
                   el("tbody", {}, el("tr", {}, el("th", { scope: "row", text: this.label(played.bet.on) }),
                                      el("td", { text: write(played.bet.stake, N) }),
                                      el("td", { text: L[`result.${played.result}`] }),
                                      el("td", { "data-net": toText(played.net), text: write(played.net, N, true) }))));
      this.settled.replaceChildren(table);
      this.settled.setAttribute("aria-label", fill(L["bets.caption"], { n: played.number }));
      this.settled.hidden = false;
      this.render();
      // "Continuar" is disabled until the next bet: keep the focus where the stake is chosen.
      if (document.activeElement === this.dealButton || document.activeElement === document.body) this.stake.focus();
    }

    render() {
      const L = this.L;
      const N = this.data.numbers;
      const el = this.el;
      const table = this.table;
      const balance = el("strong", { "data-balance": true, "data-amount": toText(table.balance),
                                     text: `${L.balance}: ${write(table.balance, N)}` });
      const free = el("span", { "data-available": true, "data-amount": toText(available(table)),
                                text: `${L.available} ${write(available(table), N)}` });
      const bets = table.bet ? this.betText(table.bet.on, table.bet.stake) : L.none;
      const [low, high] = this.data.limits.map(fromText);
      this.summary.replaceChildren(balance, " (", free, ")", ` · ${L.bets}: ${bets}`,
                                   ` · ${fill(L.limits, { low: write(low, N), high: write(high, N) })}`);
      const over = table.history.length >= this.data.coups.length;
      this.dealButton.disabled = !table.bet || over;
      this.cancelButton.disabled = !table.bet;
      this.placeButton.disabled = over;
      if (over && table.history.length) this.say(`${this.status.textContent} ${L["page.over"]}`);
      this.history.hidden = !table.history.length;
      if (!table.history.length) {
        this.history.replaceChildren();
        return;
      }
      const heads = L["columns.history"].split("\t");
      const history = el("table", { class: "bt-table", "data-history": true }, el("caption", { text: L.history }));
      const head = el("tr");
      for (const text of heads) head.append(el("th", { scope: "col", text }));
      const body = el("tbody");
      for (const played of table.history) {
        body.append(el("tr", { "data-coup": played.number }, el("th", { scope: "row", text: String(played.number) }),
                       el("td", { text: played.coup.cards }), el("td", { text: played.coup.winner }),
                       el("td", { text: write(played.net, N, true) }),
                       el("td", { "data-amount": toText(played.balance), text: write(played.balance, N) })));
      }
      history.append(el("thead", {}, head), body);
      this.history.replaceChildren(history);
    }
  }

  return { fromText, toText, write, add, times, compare, readStake, newTable, available, checkPlace, place, deal,
           addChip, cancel, fill, TableView };
});
