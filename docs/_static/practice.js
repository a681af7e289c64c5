/* bacara_teach: practice on the page itself, with no Python behind it.
 *
 * What every kind of practice shares, loaded first by every page that shows one: the drill's
 * data and judging (everything a drill asks and answers, prepared by the engine at build time,
 * bacara_teach/practice/drill.py), the scheduler (spaced repetition over a record), the one record
 * every page keeps in this browser (localStorage, checked whole on load, nothing sent anywhere),
 * the one writer of numbers and amounts, elements, and the "Check yourself" questions. Each kind's
 * view is a script of its own, practice-KIND.js, that registers itself here
 * (BacaraPractice.register); a page loads the scripts of the kinds it shows.
 *
 * The tableau drill's page contract (its view is practice-tableau-drill.js):
 * [data-practice="tableau-drill"][data-game]; the question on show [data-question] (data-actor,
 * data-total, data-third, data-bettors); buttons [data-answer]; [data-feedback] (data-correct)
 * with the verdict [data-verdict] and what the cell's choices are worth [data-worth]; [data-rule]
 * with the table row that decides the cell ([data-rule-row], the cell td.bt-current); [data-next];
 * the map [data-mastery] with one [data-cell="TOTAL:THIRD"] per cell of the banker's table
 * (data-level, 0 = never asked; the asked cell td.bt-current).
 *
 * Under Node the pure part (lookups, judging, the scheduler, the record's checks) is exported,
 * so tests can hold its answers against the engine's.
 */
(function (root, factory) {
  "use strict";
  // Where this script was served from: a page's other practice kinds load from beside it.
  const here = typeof document !== "undefined" && document.currentScript ? document.currentScript.src : "";
  const api = factory(here.replace(/[^/]*$/, ""));
  if (typeof module === "object" && module.exports) module.exports = api;
  if (typeof document !== "undefined") {
    root.BacaraPractice = api;
    const start = () => api.startAll(document);
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  }
})(typeof self !== "undefined" ? self : this, function (scriptBase) {
  "use strict";

  const LEVELS = 5; // 0 never asked, 1 missed last time ... 4 known (right three times in a row), 5 mastered
  const KNOWN = 4;
  // After a right answer at a level, how many other questions pass before the cell is due again
  // (shorter for a cell the learner has missed: see interval()).
  const SPACING = [0, 2, 5, 12, 30, 80];
  const MISSED_AGAIN_AFTER = 2;
  // A cell being learnt may wait this many answers past its turn while fresh cells are asked;
  // a known cell waits until every cell has been asked.
  const SLACK = 3;
  // Whatever the learner, a fresh cell at least once in every FRESH_EVERY answers while any is
  // left, unless a missed cell has waited FRESH_EVERY answers past its turn.
  const FRESH_EVERY = 4;
  // One record for the whole site, in this browser: what the reader knows of each kind of
  // practice (a "store": the drill's game, the caller's, the pay table's...), and the final
  // checks taken. Read whole and checked on every load: a record that is not exactly what this
  // script writes (edited by hand, damaged, made by a later version) is reset, with a word.
  const PROGRESS = "bacara_teach.progress";
  const PROGRESS_VERSION = 2;
  const PROGRESS_FORMAT = "bacara-teach-progress";
  const OLD_STORE = "bacara_teach.practice.v1."; // one record per drill, before version 2
  const MAX_PROGRESS_CHARS = 512 * 1024;
  const MAX_STORES = 40;
  const MAX_CELLS = 600;
  const MAX_FINALS = 20;
  const COUNT_LIMIT = 1e9;

  // -- the data ---------------------------------------------------------------------------------

  /** The key of a cell: "TOTAL:THIRD" for the banker's table, "punto:BETTORS:TOTAL" else; a
   *  kind of practice whose cases are not the drill's cells names each by its own key. */
  function cellKey(cell) {
    if (cell.key) return cell.key;
    if (cell.actor === "banco") return `${cell.total}:${cell.third}`;
    return `punto:${cell.bettors || "-"}:${cell.total}`;
  }

  /** Index the exported cells by key, once per data set. */
  function indexed(data) {
    if (!data._byKey) {
      Object.defineProperty(data, "_byKey", { value: new Map(), enumerable: false });
      for (const cell of data.cells) data._byKey.set(cellKey(cell), cell);
    }
    return data._byKey;
  }

  /** The exported cell for a situation: actor, two-card total, third card value (or "stood"). */
  function lookup(data, actor, total, third, bettors) {
    let key;
    if (actor === "banco") key = `${total}:${third === null || third === undefined ? "stood" : third}`;
    else {
      const first = data.cells.find((c) => c.actor === "punto");
      key = `punto:${bettors || (first && first.bettors) || "-"}:${total}`;
    }
    const cell = indexed(data).get(key);
    if (!cell) throw new RangeError(`no cell ${key} in the ${data.game} drill`);
    return cell;
  }

  /**
   * Judge an answer: whether it is right, the engine's feedback for it (the verdict and the rule
   * that decides the cell) and what the cell's choices are worth.
   */
  function judge(data, cell, given) {
    if (!data.answers.includes(given)) {
      throw new RangeError(`invalid answer ${given}: expected one of ${data.answers.join(", ")}`);
    }
    const correct = given === cell.answer;
    const head = data.verdicts[correct ? "right" : "wrong"][cell.answer];
    return { correct, expected: cell.answer, message: `${head} ${data.texts[cell.why]}`,
             worth: data.texts[cell.worth] };
  }

  /**
   * The fields of a question's words from a deal's cards (the player's and the banker's, as the
   * player deciding sees them): the cards, their totals from the exported point values, the
   * player's third card and its value.
   */
  function dealFields(data, cell, deal) {
    const [player, banker] = deal.map((side) => (side ? side.split(" ") : []));
    const value = (card) => data.points[Array.from(card).slice(0, -1).join("")];
    const total = (cards) => cards.reduce((a, card) => a + value(card), 0) % 10;
    const drew = cell.actor === "banco" && cell.third !== "stood";
    const third = drew ? player[player.length - 1] : null;
    const two = drew ? player.slice(0, -1) : player;
    return { cards: two.join(" "), total: total(two), pcards: two.join(" "), ptotal: total(two),
             bcards: banker.join(" "), btotal: total(banker), third: third || "",
             value: third ? value(third) : "" };
  }

  /** A question in the engine's words: the exported template of its kind, filled with a deal. */
  function questionText(data, cell, deal) {
    const kind = cell.actor === "punto" ? "punto" : cell.third === "stood" ? "stood" : "third";
    return format(data.prompts[kind], dealFields(data, cell, deal), data.numbers);
  }

  /** A rank's point value, read from the exported table ("10", "K", "a" ...). */
  function points(data, rank) {
    const value = data.points[String(rank).toUpperCase()];
    if (value === undefined) throw new RangeError(`unknown rank ${rank}`);
    return value;
  }

  /**
   * A Punto Banco coup from card point values in dealing order (Punto, Banco, Punto, Banco, then
   * third cards): sums the values, stops on a natural, and looks every draw up in the exported
   * table. Returns the hands, their totals, the cells that decided, how many cards were used.
   */
  function playCoup(data, values) {
    const need = (n) => {
      if (values.length < n) throw new RangeError(`a coup needs ${n} cards here, ${values.length} given`);
      return values[n - 1];
    };
    const total = (hand) => hand.reduce((a, b) => a + b, 0) % 10;
    const punto = [need(1), need(3)];
    const banco = [need(2), need(4)];
    const cells = [];
    let used = 4;
    const natural = data.naturals.includes(total(punto)) || data.naturals.includes(total(banco));
    if (!natural) {
      const rule = lookup(data, "punto", total(punto), null);
      cells.push(rule);
      let third = "stood";
      if (rule.answer === "draw") {
        used += 1;
        third = need(used);
        punto.push(third);
      }
      const row = lookup(data, "banco", total(banco), third);
      cells.push(row);
      if (row.answer === "draw") {
        used += 1;
        banco.push(need(used));
      }
    }
    const p = total(punto);
    const b = total(banco);
    return { punto, banco, puntoTotal: p, bancoTotal: b, natural, cells, used,
             winner: p > b ? "punto" : b > p ? "banco" : "empate" };
  }

  // -- the record and the scheduler -------------------------------------------------------------

  function emptyRecord() {
    return { version: 1, step: 0, cells: {}, best: 0 };
  }

  function levelOf(record, key) {
    const entry = record.cells[key];
    return entry ? entry.level : 0;
  }

  /** How many times the learner has missed a cell. */
  function misses(entry) {
    return entry ? entry.asked - entry.right : 0;
  }

  /**
   * How long a cell rests after a right answer at `level`: SPACING, shortened by the share of
   * the cell's answers the learner missed (a cell missed half the time comes back twice as soon).
   */
  function interval(entry, level) {
    return Math.max(1, Math.round((SPACING[level] * (entry.right + 1)) / (entry.asked + 1)));
  }

  /** Count an answer: a miss brings the cell back soon, a right answer pushes it further away. */
  function recordAnswer(record, key, correct) {
    record.step += 1;
    const entry = record.cells[key] || { level: 0, due: 0, asked: 0, right: 0, first: record.step };
    entry.asked += 1;
    if (correct) {
      entry.right += 1;
      entry.level = Math.min(LEVELS, Math.max(entry.level, 1) + 1);
      entry.due = record.step + interval(entry, entry.level);
    } else {
      entry.level = 1;
      entry.due = record.step + MISSED_AGAIN_AFTER;
    }
    record.cells[key] = entry;
    return entry;
  }

  function inMode(cell, mode) {
    return mode === "hard" ? cell.hard : true;
  }

  /** A fresh cell's turn: free cells first, then the hard rows, then the rest. */
  function freshTier(cell) {
    return cell.answer === "choice" ? 0 : cell.hard ? 1 : 2;
  }

  /**
   * The next cell to ask, by the learner's record:
   * 1. a missed cell that is due again, the most overdue first (but a fresh cell first if none
   *    was asked in the last FRESH_EVERY answers and no missed cell has waited that long);
   * 2. a cell being learnt (not yet known) that has waited more than SLACK answers past its turn;
   * 3. a cell never asked, until every cell has been asked: free cells first, then the hard
   *    rows, at random within each;
   * 4. any cell that is due, cells being learnt before known ones;
   * 5. else the cell whose turn comes soonest, cells being learnt first.
   * Among cells due, the one the learner has missed most weighs more (how overdue it is,
   * times one plus its misses). Never the cell just asked when there is another.
   */
  function nextCell(data, record, mode, lastKey, random) {
    const rand = random || Math.random;
    const step = record.step;
    const pool = [];
    const fresh = [];
    let newest = 0; // when a fresh cell was last asked
    for (const cell of data.cells) {
      if (!inMode(cell, mode)) continue;
      const key = cellKey(cell);
      const entry = record.cells[key];
      if (entry) newest = Math.max(newest, entry.first || 0);
      if (key === lastKey) continue;
      if (entry) pool.push({ cell, entry, late: step - entry.due, known: entry.level >= KNOWN });
      else fresh.push(cell);
    }
    if (!pool.length && !fresh.length) return data.cells.find((c) => cellKey(c) === lastKey);
    const most = (items, score) => items.reduce((best, item) => (score(item) > score(best) ? item : best));
    const urgency = (item) => (item.late + 1) * (1 + misses(item.entry));
    const pickFresh = () => {
      const tier = Math.min(...fresh.map(freshTier));
      const first = fresh.filter((cell) => freshTier(cell) === tier);
      return first[Math.min(first.length - 1, Math.floor(rand() * first.length))];
    };
    const missed = pool.filter((item) => item.entry.level === 1 && item.late >= 0);
    const oldest = missed.length ? most(missed, (item) => item.late) : null;
    if (fresh.length && step - newest >= FRESH_EVERY && !(oldest && oldest.late >= FRESH_EVERY)) {
      return pickFresh();
    }
    if (oldest) return oldest.cell;
    const urgent = pool.filter((item) => !item.known && item.late > SLACK);
    if (urgent.length) return most(urgent, urgency).cell;
    if (fresh.length) return pickFresh();
    const learning = pool.filter((item) => !item.known);
    const due = pool.filter((item) => item.late >= 0);
    const dueLearning = due.filter((item) => !item.known);
    if (dueLearning.length) return most(dueLearning, urgency).cell;
    if (due.length) return most(due, urgency).cell;
    const soonest = learning.length ? learning : pool;
    return most(soonest, (item) => item.late * (1 + misses(item.entry))).cell;
  }

  // -- the page ---------------------------------------------------------------------------------

  function element(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "text") node.textContent = value;
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children) if (child) node.append(child);
    return node;
  }

  /**
   * A whole number written with the page's language's symbols (exported as data.numbers): its
   * minus sign, and its group separator when `grouped` (a message's {field} is not grouped, as
   * in the engine's own messages) and the number has at least numbers.min_grouping + 3 digits
   * (CLDR's minimum grouping digits: Spanish writes 2999 but 20.000).
   */
  function writeNumber(value, numbers, grouped) {
    if (!numbers || !Number.isInteger(value)) return String(value);
    let digits = String(Math.abs(value));
    if (grouped && digits.length >= (numbers.min_grouping || 1) + 3) digits = digits.replace(/\B(?=(\d{3})+(?!\d))/g, numbers.group);
    return value < 0 ? numbers.minus + digits : digits;
  }

  /** A time in tenths of a second (from milliseconds), with the page's decimal sign: 12,3. */
  function writeSeconds(ms, numbers) {
    const tenths = Math.max(0, Math.round(ms / 100));
    return `${Math.floor(tenths / 10)}${numbers.decimal}${tenths % 10}`;
  }

  /**
   * An amount as typed, as [whole number, decimals]: "171", "+4.75", "−180", "-25"; the page's
   * decimal sign or a point; a group separator before exactly three digits ("1,250"; on a
   * Spanish page "1.250"; a language that groups with a space, as French does, has no mark
   * that groups: "1 250", and "1,250" is one and a quarter). Null when it is not an amount.
   * `numbers` null: the engine's plain machine numbers ("4.75", "-180").
   */
  function readAmount(text, numbers) {
    let t = String(text).trim().replace(/[\s\u00a0\u202f]/g, "").replace(/\u2212/g, "-");
    if (t.length > 40) return null;
    const found = t.match(/^([+-]?)(\d[\d.,]*)$/);
    if (!found) return null;
    const sign = found[1] === "-" ? -1 : 1;
    t = found[2];
    const group = !numbers ? "," : numbers.group === "." || numbers.group === "," ? numbers.group : null;
    const marks = [...t].filter((c) => c === "." || c === ",");
    let decimal = null;
    if (new Set(marks).size === 2) decimal = t.lastIndexOf(".") > t.lastIndexOf(",") ? "." : ",";
    else if (marks.length === 1) decimal = marks[0] === group && /[.,]\d{3}$/.test(t) ? null : marks[0];
    else if (marks.length > 1 && marks[0] !== group) return null;
    const [whole, frac = ""] = decimal ? t.split(decimal) : [t];
    if (decimal && t.split(decimal).length !== 2) return null;
    const digits = whole.split(decimal === "." ? "," : decimal === "," ? "." : group);
    if (digits.some((d, i) => !/^\d+$/.test(d) || (i > 0 && d.length !== 3))) return null;
    if (!/^\d*$/.test(frac)) return null;
    return [sign * Number(digits.join("") + frac), frac.length];
  }

  /** Whether two amounts [n, decimals] are equal, exactly. */
  function sameAmount(a, b) {
    const scale = Math.max(a[1], b[1]);
    return a[0] * 10 ** (scale - a[1]) === b[0] * 10 ** (scale - b[1]);
  }

  /** An engine's amount (a plain number: "171", "-180", "4.75") written in the page's language,
   *  with its minus and, when `signed` (the default), a plus for a gain: +171, −180, 0, +4,75;
   *  grouped (1,250) unless `grouped` is false, as the notebook widgets write a balance. The one
   *  writer of amounts of every practice script. */
  function writeAmount(amount, numbers, signed = true, grouped = true) {
    const [n, decimals] = readAmount(amount, null);
    const digits = String(Math.abs(n)).padStart(decimals + 1, "0");
    const whole = digits.slice(0, digits.length - decimals);
    const frac = decimals ? numbers.decimal + digits.slice(-decimals) : "";
    const digitsShown = grouped && whole.length >= (numbers.min_grouping || 1) + 3
      ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, numbers.group) : whole;
    return `${n > 0 && signed ? "+" : n < 0 ? numbers.minus : ""}${digitsShown}${frac}`;
  }

  /** A share (0 to 1) as a whole percentage in the page's language: 45 %, 45%. */
  function writePercent(share, numbers) {
    const number = writeNumber(Math.round(share * 100), numbers);
    return numbers && numbers.percent ? numbers.percent.replace("{number}", number) : `${number}%`;
  }

  /** Fill a template's {fields}: its words come from the data, its numbers in the page's language. */
  function format(template, values, numbers) {
    return template.replace(/\{(\w+)\}/g, (_, name) => writeNumber(values[name], numbers));
  }

  // -- the record in this browser ----------------------------------------------------------------

  const isPlain = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  const isWhole = (value, low, high) => Number.isInteger(value) && value >= low && value <= high;
  const NAME = /^[a-z][a-z0-9-]{0,59}$/;
  const CELL = /^[A-Za-z0-9][A-Za-z0-9:_.-]{0,59}$/;

  /** A kind's record exactly as this script writes it, or null: version, answers counted,
   *  each cell's level, turn and tally, the best round. Anything else in it is dropped. */
  function validRecord(value) {
    if (!isPlain(value) || value.version !== 1 || !isWhole(value.step, 0, COUNT_LIMIT) || !isPlain(value.cells)) {
      return null;
    }
    const keys = Object.keys(value.cells);
    if (keys.length > MAX_CELLS) return null;
    const cells = {};
    for (const key of keys) {
      const entry = value.cells[key];
      if (!CELL.test(key) || !isPlain(entry)) return null;
      const first = entry.first === undefined ? 0 : entry.first;
      if (!isWhole(entry.level, 0, LEVELS) || !isWhole(entry.asked, 0, COUNT_LIMIT) ||
          !isWhole(entry.right, 0, entry.asked) || !isWhole(entry.due, -COUNT_LIMIT, COUNT_LIMIT) ||
          !isWhole(first, 0, COUNT_LIMIT)) return null;
      cells[key] = { level: entry.level, due: entry.due, asked: entry.asked, right: entry.right, first };
    }
    const best = value.best === undefined ? 0 : value.best;
    if (typeof best !== "number" || !Number.isFinite(best) || best < 0 || best > COUNT_LIMIT) return null;
    return { version: 1, step: value.step, cells, best };
  }

  /** A final check's result as this script writes it, or null. */
  function validFinal(value) {
    if (!isPlain(value) || typeof value.date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value.date) ||
        !isWhole(value.questions, 1, 1000) || !isWhole(value.right, 0, value.questions) || !isPlain(value.skills)) {
      return null;
    }
    const skills = {};
    const names = Object.keys(value.skills);
    if (names.length > MAX_STORES) return null;
    for (const name of names) {
      const tally = value.skills[name];
      if (!NAME.test(name) || !Array.isArray(tally) || tally.length !== 2 || !isWhole(tally[1], 0, value.questions) ||
          !isWhole(tally[0], 0, tally[1])) return null;
      skills[name] = [tally[0], tally[1]];
    }
    return { date: value.date, right: value.right, questions: value.questions, skills };
  }

  function emptyProgress() {
    return { version: PROGRESS_VERSION, stores: {}, finals: [] };
  }

  /**
   * The whole record, checked (parsed JSON in): a clean copy of what this script writes, or null
   * when anything in it is not (a wrong type, a number out of range, a name or key with other
   * characters than a cell's, too many of anything).
   */
  function validProgress(value) {
    if (!isPlain(value) || value.version !== PROGRESS_VERSION || !isPlain(value.stores) ||
        !Array.isArray(value.finals) || value.finals.length > MAX_FINALS) return null;
    const names = Object.keys(value.stores);
    if (names.length > MAX_STORES) return null;
    const progress = emptyProgress();
    for (const name of names) {
      const record = NAME.test(name) ? validRecord(value.stores[name]) : null;
      if (!record) return null;
      progress.stores[name] = record;
    }
    for (const final of value.finals) {
      const kept = validFinal(final);
      if (!kept) return null;
      progress.finals.push(kept);
    }
    return progress;
  }

  /** Read a text as a record (a stored one, or a file the reader loads): the record, or null. */
  function parseProgress(text) {
    if (typeof text !== "string" || text.length > MAX_PROGRESS_CHARS) return null;
    try {
      const value = JSON.parse(text);
      if (isPlain(value) && value.format === PROGRESS_FORMAT) delete value.format;
      return validProgress(value);
    } catch (error) {
      return null;
    }
  }

  /** The record as a file holds it: marked as this course's, readable by parseProgress. */
  function progressFile(progress) {
    return JSON.stringify({ format: PROGRESS_FORMAT, ...progress }, null, 1);
  }

  let storeReset = false; // this page found the stored record unreadable and started afresh
  let storeNoticed = false;

  function storage() {
    try {
      return typeof window !== "undefined" ? window.localStorage : null;
    } catch (error) {
      return null; // storage off
    }
  }

  /** The drills' records of before version 2 (one key each), moved into the one record. */
  function migrate(store) {
    const progress = emptyProgress();
    const old = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key && key.startsWith(OLD_STORE)) old.push(key);
    }
    for (const key of old) {
      const name = key.slice(OLD_STORE.length);
      let record = null;
      try {
        record = NAME.test(name) ? validRecord(JSON.parse(store.getItem(key))) : null;
      } catch (error) {
        record = null;
      }
      if (record && Object.keys(progress.stores).length < MAX_STORES) progress.stores[name] = record;
      else storeReset = true;
    }
    if (old.length) {
      writeProgress(progress);
      for (const key of old) store.removeItem(key);
    }
    return progress;
  }

  /** The reader's whole record, read afresh (other tabs may have written since). */
  function loadProgress() {
    const store = storage();
    if (!store) return emptyProgress();
    let raw = null;
    try {
      raw = store.getItem(PROGRESS);
    } catch (error) {
      return emptyProgress();
    }
    if (raw === null) {
      try {
        return migrate(store);
      } catch (error) {
        return emptyProgress();
      }
    }
    const progress = parseProgress(raw);
    if (progress) return progress;
    storeReset = true;
    try {
      store.removeItem(PROGRESS);
    } catch (error) {
      /* nothing kept */
    }
    return emptyProgress();
  }

  function writeProgress(progress) {
    const store = storage();
    if (!store) return false;
    try {
      store.setItem(PROGRESS, JSON.stringify(progress));
      return true;
    } catch (error) {
      return false; // storage off or full: progress lasts for this visit only
    }
  }

  function loadRecord(name) {
    return loadProgress().stores[name] || emptyRecord();
  }

  /** Keep a kind's record in the whole record (read afresh: other tabs may have written) and
   *  return the whole record as it now stands. */
  function saveRecord(name, record) {
    const progress = loadProgress();
    const kept = validRecord(record);
    if (!kept) return progress;
    progress.stores[name] = kept;
    if (Object.keys(progress.stores).length <= MAX_STORES) writeProgress(progress);
    return progress;
  }

  function forgetRecord(name) {
    const progress = loadProgress();
    delete progress.stores[name];
    writeProgress(progress);
  }

  /** Whether this page found the stored record unreadable and started afresh. */
  function wasReset() {
    return storeReset;
  }

  /** Say once on a page, in its first practice that keeps a record, that the record was reset. */
  function noticeReset(rootNode, data) {
    if (!storeReset || storeNoticed || !data || typeof data.store_reset !== "string") return;
    storeNoticed = true;
    rootNode.prepend(element("p", { class: "bt-practice-notice", role: "status", "data-store-reset": true,
                                    text: data.store_reset }));
  }

  /**
   * How well a skill is known from the record: each of its cells counts 0 until answered right,
   * then a third more for each right answer in a row, 1 once known (KNOWN); the skill's mastery
   * is the mean over its cells. Also how many cells are known and how many were ever asked.
   */
  function skillMastery(progress, skill) {
    const record = progress.stores[skill.store];
    let sum = 0;
    let known = 0;
    let asked = 0;
    for (const key of skill.keys) {
      const entry = record && Object.prototype.hasOwnProperty.call(record.cells, key) ? record.cells[key] : null;
      if (!entry) continue;
      asked += 1;
      if (entry.level >= KNOWN) known += 1;
      sum += entry.level <= 1 ? 0 : Math.min(1, (entry.level - 1) / (KNOWN - 1));
    }
    const cells = skill.keys.length;
    return { mastery: cells ? sum / cells : 0, known, asked, cells };
  }

  /** A table in a box that scrolls sideways on a narrow screen; the box takes the keyboard's
   *  focus, so the arrow keys scroll it too. */
  function scrolling(table, name) {
    return element("div", { class: "bt-practice-scroll", tabindex: "0", role: "region", "aria-label": name },
                   table);
  }

  /** Whether this browser keeps what the drill writes (storage may be off or full). */
  function storageWorks() {
    const store = storage();
    if (!store) return false;
    try {
      const probe = `${PROGRESS}.probe`;
      store.setItem(probe, "1");
      store.removeItem(probe);
      return true;
    } catch (error) {
      return false;
    }
  }

  /**
   * Run `work` once the browser is idle (after the frame that shows an answer's feedback), so
   * that nothing but the feedback itself stands between a click and its answer on screen.
   */
  function later(work) {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(work, { timeout: 500 });
    else window.setTimeout(work, 30);
  }

  /** Focus `node` without the layout a scroll into view needs; scroll later if it is hidden. */
  function focusSoon(node) {
    node.focus({ preventScroll: true });
    later(() => {
      if (document.activeElement !== node) return;
      const box = node.getBoundingClientRect();
      const high = window.innerHeight || document.documentElement.clientHeight;
      if (box.top < 0 || box.bottom > high) node.scrollIntoView({ block: "nearest" });
    });
  }

  /** Cards in a row, a space between two (a copied or read-out hand says "4♥ 9♣"); `hidden`
   *  face-down cards first (named by `hiddenLabel` for a screen reader). */
  function cardsNode(text, hidden, hiddenLabel) {
    const row = element("span", { class: "bt-cards" });
    const add = (node) => {
      if (row.childNodes.length) row.append(" ");
      row.append(node);
    };
    for (let i = 0; i < (hidden || 0); i += 1) {
      add(element("span", { class: "bt-card bt-back", role: "img", "aria-label": hiddenLabel,
                            title: hiddenLabel }));
    }
    for (const card of text ? text.split(" ") : []) {
      const red = /[♥♦]/.test(card);
      add(element("span", { class: `bt-card ${red ? "bt-red" : "bt-black"}`, text: card }));
    }
    return row;
  }

  // -- self-checks --------------------------------------------------------------------------------

  /** Judge a self-check answer: a choice, or whole numbers typed in any words, in order. */
  function judgeCheck(question, given) {
    if (question.kind === "choice") return given === question.answer;
    if (question.kind === "numbers") {
      // A minus sign may be typed as a hyphen or as the sign itself (−5, as the page writes it).
      const typed = (String(given).match(/[-\u2212]?\d+/g) || []).map((n) => Number(n.replace("\u2212", "-")));
      return typed.length === question.answer.length && typed.every((n, i) => n === question.answer[i]);
    }
    return null;
  }

  class SelfCheckView {
    constructor(rootNode, data) {
      this.root = rootNode;
      this.data = data;
      const L = data.labels;
      for (const q of data.questions) {
        const feedback = element("p", { class: "bt-practice-feedback", "data-feedback": true, role: "status",
                                        "aria-live": "polite" });
        const say = (correct, text) => {
          if (correct === null) delete feedback.dataset.correct;
          else feedback.dataset.correct = String(correct);
          feedback.className = `bt-practice-feedback${correct === null ? "" : correct ? " bt-right" : " bt-wrong"}`;
          feedback.textContent = text;
        };
        const shown = Array.isArray(q.answer) ? q.answer.map((n) => writeNumber(n, data.numbers)).join(", ")
          : q.answer;
        const verdict = (correct) => `${correct ? L.right : format(L.wrong, { answer: shown })} ${q.why}`;
        const box = element("fieldset", { class: "bt-check-question", "data-check": q.number,
                                          "data-kind": q.kind },
                            element("legend", { text: format(L.question, { n: q.number })
                                                          + (q.prompt ? `: ${q.prompt}` : "") }));
        if (q.kind === "choice") {
          const row = element("div", { class: "bt-practice-answers" });
          for (const choice of q.choices) {
            const button = element("button", { type: "button", "data-choice": choice, "aria-pressed": "false",
                                               text: choice });
            button.addEventListener("click", () => {
              for (const other of row.querySelectorAll("button")) other.setAttribute("aria-pressed", "false");
              button.setAttribute("aria-pressed", "true");
              const correct = judgeCheck(q, choice);
              say(correct, verdict(correct));
            });
            row.append(button);
          }
          box.append(row);
        } else if (q.kind === "numbers") {
          const id = `bt-check-${Math.random().toString(36).slice(2, 8)}`;
          const input = element("input", { type: "text", id, inputmode: "numeric", autocomplete: "off",
                                           "data-typed": true });
          const button = element("button", { type: "button", "data-check-answer": true, text: L.check });
          const form = element("form", { class: "bt-practice-answers" },
                               element("label", { for: id, class: "bt-check-label",
                                                  text: format(L.typed, { n: q.number }) }), input, button);
          form.addEventListener("submit", (event) => {
            event.preventDefault();
            if (!input.value.trim()) return say(null, L.empty);
            const correct = judgeCheck(q, input.value);
            return say(correct, verdict(correct));
          });
          button.addEventListener("click", () => form.requestSubmit());
          box.append(form);
        } else {
          const button = element("button", { type: "button", "data-reveal": true, "aria-expanded": "false",
                                             text: L.show });
          button.addEventListener("click", () => {
            button.setAttribute("aria-expanded", "true");
            say(null, `${format(L.answer, { answer: shown })} ${q.why}`);
          });
          box.append(element("div", { class: "bt-practice-answers" }, button));
        }
        box.append(feedback);
        this.root.append(box);
      }
      this.root.dataset.ready = "true";
    }
  }

  function start(rootNode) {
    if (rootNode.dataset.ready) return null;
    const holder = rootNode.querySelector("script.bt-practice-data");
    if (!holder) return null;
    const data = JSON.parse(holder.textContent);
    const kind = rootNode.dataset.practice;
    let view = null;
    if (kind === "self-check") view = new SelfCheckView(rootNode, data);
    else if (KINDS.has(kind)) view = KINDS.get(kind)(rootNode, data);
    else loadKind(kind);
    if (view) noticeReset(rootNode, data);
    return view;
  }

  // Other kinds of practice (a scoreboard, a table, a seat...) live in their own scripts,
  // docs/_static/practice-KIND.js, fetched from the site only by a page that shows one. Each
  // calls BacaraPractice.register(KIND, (rootNode, data) => view), which starts the page's
  // nodes of that kind.
  const KINDS = new Map();
  const requested = new Set();

  function loadKind(kind) {
    if (requested.has(kind) || typeof document === "undefined" || !/^[a-z][a-z-]*$/.test(kind)) return;
    requested.add(kind);
    // a page built with the kind's script loads it itself (it registers once it has run)
    if (document.querySelector(`script[src*="practice-${kind}.js"]`)) return;
    const script = document.createElement("script");
    script.src = `${scriptBase || "_static/"}practice-${kind}.js`;
    script.async = true;
    document.head.append(script);
  }

  function register(kind, factory) {
    KINDS.set(kind, factory);
    const started = [];
    if (typeof document === "undefined") return started;
    for (const node of document.querySelectorAll(`[data-practice="${kind}"]`)) {
      const view = start(node);
      if (view) started.push(view);
    }
    if (started.length && typeof performance !== "undefined" && performance.mark) {
      performance.mark(`bacara-practice-ready-${kind}`); // read by tests/benchmarks/bench_practice.py
    }
    return started;
  }

  /** A widget's still links to the page's live notebook, where the widget works. */
  function linkStills(doc) {
    const live = doc.querySelector("a.bt-live-link");
    for (const link of doc.querySelectorAll("a[data-live-link]")) {
      if (live) link.setAttribute("href", live.getAttribute("href"));
      else link.parentElement.remove();
    }
  }

  function startAll(doc) {
    linkStills(doc);
    const drills = [];
    for (const node of doc.querySelectorAll("[data-practice]")) {
      const started = start(node);
      if (started) drills.push(started);
    }
    if (drills.length && typeof performance !== "undefined" && performance.mark) {
      performance.mark("bacara-practice-ready"); // read by tests/benchmarks/bench_practice.py
    }
    return drills;
  }

  return { cellKey, lookup, judge, dealFields, questionText, points, playCoup, emptyRecord, levelOf,
           recordAnswer, nextCell, judgeCheck, startAll, writeNumber, writeSeconds, format,
           register, element, loadRecord, saveRecord, forgetRecord, loadProgress, writeProgress,
           validRecord, validProgress, parseProgress, progressFile, emptyProgress, skillMastery,
           storageWorks, wasReset, noticeReset, later, focusSoon, cardsNode, scrolling, readAmount, sameAmount, writeAmount, writePercent, LEVELS, KNOWN, PROGRESS };
});
