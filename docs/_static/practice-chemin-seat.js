/* bacara_teach: the Chemin de Fer seat on the page itself, with no Python behind it.
 *
 * The engine prepared, at build time, a run of coups and every branch of each
 * (bacara_teach/widgets/seat_page.py): for each seat and each number of bettors, either the
 * coup as the rules and the other side's policy play it, or the free cell the reader meets,
 * what that player may see there, and the two endings, draw and stand, with their cards,
 * narration, result, settlement and what each choice was worth. This script only follows
 * that tree and adds up the score; it decides nothing itself.
 *
 * Page contract: [data-practice="chemin-seat"]; seat buttons [data-seat="bettor"|"banker"],
 * bettors buttons [data-bettors="one"|"several"], [data-deal], [data-skip], the decision
 * buttons [data-answer="draw"|"stand"], what the reader sees [data-seen], the result
 * [data-status] (data-result, data-net), the score [data-score] (data-coups, data-net); the root's
 * data-coup is the coup on show (from 0), and data-over="true" once the run is played out.
 *
 * Under Node the pure part (following a branch, adding up a score) is exported for the tests.
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

  /** The prepared tree of coup `index` for `seat` ("bettor"/"banker") and `bettors` ("one"/"several"). */
  function tree(data, index, seat, bettors) {
    const coup = data.coups[index];
    if (!coup) throw new RangeError(`no coup ${index}: ${data.coups.length} are prepared`);
    const node = coup.seats[seat] && coup.seats[seat][bettors];
    if (!node) throw new RangeError(`no seat ${seat} with ${bettors} bettors`);
    return node;
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
  function play(data, index, seat, bettors, choice) {
    const node = tree(data, index, seat, bettors);
    let leaf = node;
    if (asks(node)) {
      if (!CHOICES.includes(choice)) throw new RangeError(`coup ${index} asks for draw or stand, got ${choice}`);
      leaf = node[choice];
    } else if (choice !== null && choice !== undefined) {
      throw new RangeError(`coup ${index} asks for no decision from the ${seat}`);
    }
    const coup = data.coups[index];
    const ending = coup.endings[leaf.ending];
    return { leaf, ending, asked: asks(node), narration: ending.narration.map((i) => coup.lines[i]) };
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
      if (played.leaf.betterChoice) score.better += 1;
    }
    return score;
  }

  /** The next coup after `index` that asks the seat to decide, or -1. */
  function nextAsking(data, index, seat, bettors) {
    for (let i = index + 1; i < data.coups.length; i += 1) if (asks(tree(data, i, seat, bettors))) return i;
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
      this.bettors = data.bettors;
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
      this.bettorsToggle = this.toggles(L.bettors, "bettors", [["one", L.one], ["several", L.several]],
                                        this.bettors);
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
      this.root.append(note, this.seatToggle.group, this.bettorsToggle.group,
                       el("p", { class: "bt-seat-policy", text: L.policy }),
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
      const toggle = name === "seat" ? this.seatToggle : this.bettorsToggle;
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
      let i = nextAsking(this.data, this.index, this.seat, this.bettors);
      if (i < 0) i = this.data.coups.length;
      // The coups passed over are dealt too: the rules and the engine play them.
      for (let j = this.index + 1; j < i; j += 1) {
        count(this.tally, play(this.data, j, this.seat, this.bettors, null), null);
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
      this.played = { seat: this.seat, bettors: this.bettors };
      this.node = tree(this.data, index, this.seat, this.bettors);
      this.position.textContent = this.fmt(L.coup, { n: index + 1, of: this.data.coups.length });
      this.seen.replaceChildren();
      this.hands.replaceChildren();
      this.worth.replaceChildren();
      this.narration.replaceChildren();
      this.status.className = "bt-practice-feedback";
      this.root.dataset.coup = String(index);
      if (asks(this.node)) {
        this.waiting = true;
        this.showSeen(this.node.seen);
        this.status.textContent = this.node.seen.prompt;
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

    showSeen(seen) {
      const el = this.el;
      this.seen.append(el("p", {}, el("strong", { text: seen.you })), el("p", {}, this.cards(seen.cards)),
                       el("p", { text: seen.mine }), el("p", { text: seen.other }));
      if (seen.third) this.seen.append(el("p", { text: seen.third }));
      this.seen.append(el("p", { class: "bt-practice-context", text: seen.rule }));
    }

    decide(choice) {
      if (!this.waiting) return;
      this.finish(choice);
      this.status.focus();
    }

    finish(choice) {
      const L = this.L;
      const el = this.el;
      const { seat, bettors } = this.played;
      const played = play(this.data, this.index, seat, bettors, choice);
      count(this.tally, played, choice);
      this.waiting = false;
      const leaf = played.leaf;
      const text = choice ? `${leaf.status} ${leaf.verdict}` : leaf.status;
      this.status.textContent = text;
      this.status.className = `bt-practice-feedback bt-seat-${leaf.result}`;
      this.status.dataset.result = leaf.result;
      this.status.dataset.net = String(leaf.net);
      this.seen.replaceChildren();
      const e = played.ending;
      this.hands.replaceChildren(
        el("p", {}, el("strong", { text: `${L.bettor}: ` }), this.cards(e.bettor), ` ${L.total} ${e.bettorTotal}`),
        el("p", {}, el("strong", { text: `${L.banker}: ` }), this.cards(e.banker), ` ${L.total} ${e.bankerTotal}`));
      this.hands.dataset.winner = e.winner;
      if (choice) {
        const worth = this.node.worth;
        const list = el("ul");
        for (const row of worth.rows) {
          list.append(el("li", { "data-choice": row.choice },
                         `${row.label}: `, el("span", { title: row.exact, text: row.value }), ` (${row.exact})`));
        }
        this.worth.replaceChildren(el("p", { text: worth.title }), list);
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
      for (const toggle of [this.seatToggle, this.bettorsToggle]) {
        for (const b of Object.values(toggle.buttons)) b.disabled = this.waiting;
      }
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

  return { KIND, tree, asks, play, emptyScore, count, nextAsking, SeatView };
});
