/* bacara_teach: the Chemin de Fer seat on the page itself, with no Python behind it.
 *
 * The engine prepared, at build time, a run of coups and every branch of each
 * (bacara_teach/practice/seat.py): for each seat, either the coup as the rules and the
 * other side's policy play it, or the free cell the reader meets, what that player may see
 * there, and the two endings, draw and stand, with their cards, narration, result,
 * settlement and what each choice was worth. This script only follows that tree, fills the
 * engine's sentences in, and adds up the score; it decides nothing itself.
 *
 * Page contract: [data-practice="chemin-seat"]; seat buttons [data-seat="bettor"|"banker"],
 * [data-deal], [data-skip], the decision
 * buttons [data-answer="draw"|"stand"], what the reader sees [data-seen], the result
 * [data-status] (data-result, data-net), the score [data-score] (data-coups, data-net); the root's
 * data-coup is the coup on show (from 0), and data-over="true" once the run is played out.
 *
 * Under Node the pure part (following a branch, its sentences, a score) is exported for the tests.
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (root && root.BacaraPractice) root.BacaraPractice.register(api.KIND, (node, data) => new api.SeatView(node, data));
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const KIND = "chemin-seat";
  const CHOICES = ["draw", "stand"];

  // -- the pure part ------------------------------------------------------------------------------

  /** The prepared tree of coup `index` for `seat` ("bettor"/"banker"). */
  function tree(data, index, seat) {
    const coup = data.coups[index];
    if (!coup) throw new RangeError(`no coup ${index}: ${data.coups.length} are prepared`);
    const node = coup.seats[seat];
    if (!node) throw new RangeError(`no seat ${seat}: expected bettor or banker`);
    return node;
  }

  function fill(template, values, numbers) {
    return template.replace(/\{(\w+)\}/g, (_, name) => {
      const value = values[name];
      if (!numbers || !Number.isInteger(value)) return String(value);
      return value < 0 ? numbers.minus + String(-value) : String(value);
    });
  }

  /** What the reader's player may see at the free cell, as the page shows it. */
  function seenTexts(data, seat, seen) {
    const L = data.labels;
    const texts = { you: L[`you.${seat}`], other: L[`other.${seat}`], rule: data.rules[seen.rule], prompt: L.ask,
                    mine: fill(L["your.cards"], { cards: seen.cards.join(" "), total: seen.total }, data.numbers),
                    third: null };
    if (seen.third) texts.third = fill(L.third, { card: seen.third, value: seen.thirdValue }, data.numbers);
    return texts;
  }

  /** The sentence of a played coup: result, settlement, and the forced cell or the verdict. */
  function statusText(data, seat, node, played, choice) {
    const L = data.labels;
    const leaf = played.leaf;
    const [bettor, banker] = played.ending.totals;
    const mine = seat === "bettor" ? bettor : banker;
    const theirs = seat === "bettor" ? banker : bettor;
    const parts = [fill(L[`result.${leaf.result}`], { mine, theirs }, data.numbers), L[`settle.${leaf.result}`]];
    if (!choice) {
      parts.push(leaf.forced >= 0 ? fill(L.forced, { step: data.lines[leaf.forced] }) : L.untouched);
    } else {
      const name = (key) => L[`worth.${key}`].toLowerCase();
      if (node.better === "either") parts.push(fill(L["chose.either"], { choice: name(choice) }));
      else if (node.better === choice) parts.push(fill(L["chose.better"], { choice: name(choice) }));
      else parts.push(fill(L["chose.worse"], { choice: name(choice), other: name(node.better), gap: node.gap }));
    }
    return parts.join(" ");
  }

  /** The heading of what each choice was worth: the reader's cell. */
  function worthTitle(data, seen) {
    const L = data.labels;
    let cell = fill(L.cell, { cards: seen.cards.join(" "), total: seen.total }, data.numbers);
    if (seen.third) cell += fill(L["cell.third"], { card: seen.third });
    return `${L.worth}: ${cell}`;
  }

  /** Whether the coup asks the reader to decide. */
  function asks(node) {
    return Boolean(node.seen);
  }

  /**
   * Play coup `index` from `seat`: `choice` is the reader's draw or stand where the coup asks for
   * one, else null. Returns the leaf (result, net, status...) and the ending (cards, totals, winner,
   * narration lines).
   */
  function play(data, index, seat, choice) {
    const node = tree(data, index, seat);
    let leaf = node;
    if (asks(node)) {
      if (!CHOICES.includes(choice)) throw new RangeError(`coup ${index} asks for draw or stand, got ${choice}`);
      leaf = node[choice];
    } else if (choice !== null && choice !== undefined) {
      throw new RangeError(`coup ${index} asks for no decision from the ${seat}`);
    }
    const coup = data.coups[index];
    const ending = coup.endings[leaf.ending];
    return { node, leaf, ending, asked: asks(node), narration: ending.narration.map((i) => data.lines[i]) };
  }

  function emptyScore() {
    return { coups: 0, won: 0, lost: 0, push: 0, better: 0, chosen: 0, net: 0 };
  }

  /** Add a played coup to the score. */
  function count(score, played, choice) {
    score.coups += 1;
    score[played.leaf.result] += 1;
    score.net += played.leaf.net;
    if (choice) {
      score.chosen += 1;
      if (played.node.better === choice || played.node.better === "either") score.better += 1;
    }
    return score;
  }

  /** The next coup after `index` that asks the seat to decide, or -1. */
  function nextAsking(data, index, seat) {
    for (let i = index + 1; i < data.coups.length; i += 1) if (asks(tree(data, i, seat))) return i;
    return -1;
  }

  // -- the page -------------------------------------------------------------------------------------

  class SeatView {
    constructor(rootNode, data) {
      const P = root.BacaraPractice;
      this.waiting = false;
      this.el = P.element;
      this.fmt = (template, values) => P.format(template, values, data.numbers);
      this.root = rootNode;
      this.data = data;
      this.L = data.labels;
      this.seat = data.seat;
      this.build();
      this.restart();
      rootNode.dataset.ready = "true";
    }

    toggles(label, name, options, current) {
      const group = this.el("div", { class: "bt-practice-answers", role: "group", "aria-label": label },
                            this.el("span", { class: "bt-seat-label", text: label }));
      const buttons = {};
      for (const [value, text, tip] of options) {
        const b = this.el("button", { type: "button", [`data-${name}`]: value, title: tip || null,
                                      "aria-pressed": value === current ? "true" : "false", text });
        b.addEventListener("click", () => this.choose(name, value));
        buttons[value] = b;
        group.append(b);
      }
      return { group, buttons };
    }

    build() {
      const L = this.L;
      const el = this.el;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      this.seatToggle = this.toggles(L.seat, "seat", [["bettor", L.bettor, L["bettor.tip"]],
                                                       ["banker", L.banker, L["banker.tip"]]], this.seat);
      this.dealButton = el("button", { type: "button", class: "bt-practice-next", "data-deal": true,
                                       title: L["new.tip"], text: L.new });
      this.skipButton = el("button", { type: "button", "data-skip": true, title: L["skip.tip"], text: L.skip });
      this.dealButton.addEventListener("click", () => this.deal(this.index + 1));
      this.skipButton.addEventListener("click", () => this.skip());
      this.position = el("p", { class: "bt-seat-position", "aria-live": "off" });
      this.seen = el("div", { class: "bt-seat-seen", "data-seen": true, tabindex: "-1" });
      this.answers = {};
      const answers = el("div", { class: "bt-practice-answers", role: "group", "aria-label": L.seat });
      for (const choice of CHOICES) {
        const b = el("button", { type: "button", "data-answer": choice, title: L[`do.${choice}.tip`],
                                 text: L[`do.${choice}`] });
        b.addEventListener("click", () => this.decide(choice));
        this.answers[choice] = b;
        answers.append(b);
      }
      this.status = el("div", { class: "bt-practice-feedback", "data-status": true, role: "status",
                                "aria-live": "polite", tabindex: "-1" });
      this.hands = el("div", { class: "bt-seat-hands", "data-hands": true });
      this.worth = el("div", { class: "bt-seat-worth", "data-worth": true });
      this.narration = el("details", { class: "bt-seat-narration", "data-narration": true });
      this.score = el("p", { class: "bt-practice-score", "data-score": true, "aria-live": "off" });
      this.again = el("button", { type: "button", "data-again": true, text: L.again, hidden: true });
      this.again.addEventListener("click", () => { this.restart(); this.dealButton.focus(); });
      const note = el("p", { class: "bt-practice-kept", text: this.fmt(L.prepared, { coups: this.data.coups.length }) });
      this.root.append(note, this.seatToggle.group,
                       el("p", { class: "bt-seat-policy", text: `${L.bettors} · ${L.policy}` }),
                       el("div", { class: "bt-practice-controls" }, this.dealButton, this.skipButton, this.again),
                       this.position, this.seen, answers, this.status, this.hands, this.worth,
                       this.narration, this.score);
      this.root.addEventListener("keydown", (event) => this.key(event));
    }

    key(event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (!this.waiting || (event.target.tagName === "BUTTON" && event.key === "Enter")) return;
      const letter = event.key.toUpperCase();
      for (const choice of CHOICES) {
        if (letter === this.answers[choice].textContent.trim().charAt(0).toUpperCase()) {
          event.preventDefault();
          this.decide(choice);
        }
      }
    }

    choose(name, value) {
      if (this.waiting) return;
      const toggle = this.seatToggle;
      this[name] = value;
      for (const [key, b] of Object.entries(toggle.buttons)) b.setAttribute("aria-pressed", key === value ? "true" : "false");
    }

    restart() {
      this.tally = emptyScore();
      this.index = -1;
      delete this.root.dataset.over;
      this.again.hidden = true;
      this.deal(0);
    }

    skip() {
      let i = nextAsking(this.data, this.index, this.seat);
      if (i < 0) i = this.data.coups.length;
      // The coups passed over are dealt too: the rules and the engine play them.
      for (let j = this.index + 1; j < i; j += 1) {
        count(this.tally, play(this.data, j, this.seat, null), null);
      }
      this.deal(i);
    }

    deal(index) {
      const L = this.L;
      if (index >= this.data.coups.length) {
        this.index = this.data.coups.length - 1;
        this.root.dataset.coup = String(this.index);
        this.root.dataset.over = "true";
        this.status.className = "bt-practice-feedback";
        this.status.textContent = L.over;
        this.again.hidden = false;
        this.dealButton.disabled = this.skipButton.disabled = true;
        this.paintScore();
        this.again.focus();
        return;
      }
      this.index = index;
      this.played = this.seat;
      this.node = tree(this.data, index, this.seat);
      this.position.textContent = this.fmt(L.coup, { n: index + 1, of: this.data.coups.length });
      this.seen.replaceChildren();
      this.hands.replaceChildren();
      this.worth.replaceChildren();
      this.narration.replaceChildren();
      this.status.className = "bt-practice-feedback";
      this.root.dataset.coup = String(index);
      if (asks(this.node)) {
        this.waiting = true;
        const seen = seenTexts(this.data, this.seat, this.node.seen);
        this.showSeen(this.node.seen, seen);
        this.status.textContent = seen.prompt;
        this.setButtons();
        this.answers.draw.focus();
      } else {
        this.finish(null);
      }
    }

    cards(list) {
      const row = this.el("span", { class: "bt-cards bt-practice-cards" });
      for (const card of list) {
        row.append(this.el("span", { class: `bt-card ${/[♥♦]/.test(card) ? "bt-red" : "bt-black"}`, text: card }));
      }
      return row;
    }

    showSeen(seen, texts) {
      const el = this.el;
      this.seen.append(el("p", {}, el("strong", { text: texts.you })), el("p", {}, this.cards(seen.cards)),
                       el("p", { text: texts.mine }), el("p", { text: texts.other }));
      if (texts.third) this.seen.append(el("p", { text: texts.third }));
      this.seen.append(el("p", { class: "bt-practice-context", text: texts.rule }));
    }

    decide(choice) {
      if (!this.waiting) return;
      this.finish(choice);
      this.status.focus();
    }

    finish(choice) {
      const L = this.L;
      const el = this.el;
      const seat = this.played;
      const played = play(this.data, this.index, seat, choice);
      count(this.tally, played, choice);
      this.waiting = false;
      const leaf = played.leaf;
      this.status.textContent = statusText(this.data, seat, this.node, played, choice);
      this.status.className = `bt-practice-feedback bt-seat-${leaf.result}`;
      this.status.dataset.result = leaf.result;
      this.status.dataset.net = String(leaf.net);
      this.seen.replaceChildren();
      const e = played.ending;
      this.hands.replaceChildren(
        el("p", {}, el("strong", { text: `${L.bettor}: ` }), this.cards(e.bettor), ` ${L.total} ${e.totals[0]}`),
        el("p", {}, el("strong", { text: `${L.banker}: ` }), this.cards(e.banker), ` ${L.total} ${e.totals[1]}`));
      this.hands.dataset.winner = e.winner;
      if (choice) {
        const list = el("ul");
        for (const key of CHOICES) {
          const [value, exact] = this.node.worth[key];
          list.append(el("li", { "data-choice": key },
                         `${L[`worth.${key}`]}: `, el("span", { title: exact, text: value }), ` (${exact})`));
        }
        this.worth.replaceChildren(el("p", { text: worthTitle(this.data, this.node.seen) }), list);
      }
      const lines = el("ol");
      for (const line of played.narration) lines.append(el("li", { text: line }));
      this.narration.replaceChildren(el("summary", { text: L.narration }), lines);
      this.setButtons();
      this.paintScore();
    }

    setButtons() {
      for (const b of Object.values(this.answers)) b.disabled = !this.waiting;
      const last = this.index >= this.data.coups.length - 1;
      this.dealButton.disabled = this.waiting || last;
      this.skipButton.disabled = this.waiting || last;
      for (const b of Object.values(this.seatToggle.buttons)) b.disabled = this.waiting;
      this.again.hidden = !last || this.waiting;
    }

    paintScore() {
      const t = this.tally;
      const signed = t.net > 0 ? `+${t.net}` : root.BacaraPractice.writeNumber(t.net, this.data.numbers);
      this.score.textContent = `${this.fmt(this.L.score, t)} · ${this.L.net.replace("{net}", signed)}`;
      this.score.dataset.coups = String(t.coups);
      this.score.dataset.net = String(t.net);
    }
  }

  return { KIND, tree, asks, play, seenTexts, statusText, worthTitle, emptyScore, count, nextAsking, SeatView };
});
