/* bacara_teach: practice on the page itself, with no Python behind it.
 *
 * The engine prepared, at build time, everything a drill asks and answers (bacara_teach/practice/drill.py):
 * every cell with its answer and its feedback in the page's language, questions dressed as
 * cards, the point value of each rank. This script only reads that data. It picks the next
 * question from the reader's record (spaced repetition), shades a map of the table by how well
 * each cell is known, and keeps the record in this browser (localStorage), nothing sent anywhere.
 *
 * Page contract: [data-practice="tableau-drill"][data-game]; the question on show
 * [data-question] (data-actor, data-total, data-third, data-bettors); buttons [data-answer];
 * [data-feedback] (data-correct) with the verdict [data-verdict] and what the cell's choices are
 * worth [data-worth]; [data-rule] with the table row that decides the cell ([data-rule-row], the
 * cell td.bt-current); [data-next]; the map [data-mastery] with one [data-cell="TOTAL:THIRD"] per
 * cell of the banker's table (data-level, 0 = never asked; the asked cell td.bt-current).
 *
 * Under Node the pure part (lookups, judging, coups from typed-in cards, the scheduler) is
 * exported, so tests can hold its answers against the engine's.
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
   * Spanish page "1.250"). Null when it is not an amount. `numbers` null: the engine's plain
   * machine numbers ("4.75", "-180").
   */
  function readAmount(text, numbers) {
    let t = String(text).trim().replace(/[\s\u00a0\u202f]/g, "").replace(/\u2212/g, "-");
    if (t.length > 40) return null;
    const found = t.match(/^([+-]?)(\d[\d.,]*)$/);
    if (!found) return null;
    const sign = found[1] === "-" ? -1 : 1;
    t = found[2];
    const group = numbers && numbers.group === "." ? "." : ",";
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

  function saveRecord(name, record) {
    const progress = loadProgress();
    const kept = validRecord(record);
    if (!kept) return;
    progress.stores[name] = kept;
    if (Object.keys(progress.stores).length <= MAX_STORES) writeProgress(progress);
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

  class Drill {
    constructor(rootNode, data) {
      this.root = rootNode;
      this.data = data;
      this.labels = data.labels;
      this.record = loadRecord(data.game);
      this.mode = "all";
      this.session = { right: 0, asked: 0 };
      this.cell = null;
      this.answered = false;
      this.timer = null;
      this.unsaved = false;
      // The letter of each answer key, as the page's language names it.
      this.keyAnswers = {};
      for (const [answer, key] of Object.entries(data.keys)) this.keyAnswers[key.toLowerCase()] = answer;
      this.build();
      this.ask(nextCell(data, this.record, this.mode, null));
      this.paintMap();
    }

    build() {
      const L = this.labels;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      this.modeButtons = {};
      const modes = element("div", { class: "bt-practice-modes", role: "group", "aria-label": L.modes });
      for (const mode of ["all", "hard", "timed"]) {
        const button = element("button", { type: "button", "data-mode": mode, "aria-pressed": "false",
                                           text: L[`mode.${mode}`] });
        button.addEventListener("click", () => this.setMode(mode));
        this.modeButtons[mode] = button;
        modes.append(button);
      }
      this.question = element("div", { class: "bt-practice-question", "data-question": true, tabindex: "-1" });
      this.answerButtons = {};
      const answers = element("div", { class: "bt-practice-answers", role: "group", "aria-label": L.answers });
      const keys = this.data.keys;
      for (const answer of this.data.answers) {
        const button = element("button", { type: "button", "data-answer": answer,
                                           "aria-keyshortcuts": keys[answer] },
                               element("span", { text: L[answer] }), " ",
                               element("kbd", { "aria-hidden": "true", text: keys[answer] }));
        button.addEventListener("click", () => this.answer(answer));
        this.answerButtons[answer] = button;
        answers.append(button);
      }
      this.feedback = element("div", { class: "bt-practice-feedback", "data-feedback": true,
                                       role: "status", "aria-live": "polite" });
      // After an answer: the row of the table that decides the cell, the cell outlined.
      this.rule = element("div", { class: "bt-practice-rule-box", "data-rule": true });
      this.nextButton = element("button", { type: "button", class: "bt-practice-next", "data-next": true,
                                            "aria-keyshortcuts": "Enter", disabled: true },
                                element("span", { text: L.next }), " ",
                                element("kbd", { "aria-hidden": "true", text: "↵" }));
      this.nextButton.addEventListener("click", () => this.next());
      this.score = element("p", { class: "bt-practice-score", "aria-live": "off" });
      this.clock = element("p", { class: "bt-practice-clock", role: "timer", hidden: true });
      const hint = element("p", { class: "bt-practice-keys",
                                  text: this.data.answers.includes("choice") ? L["keys.choice"] : L.keys });
      this.map = this.buildMap();
      const reset = element("button", { type: "button", class: "bt-practice-reset", "data-reset": true,
                                        text: L.reset });
      reset.addEventListener("click", () => this.reset());
      const kept = element("p", { class: "bt-practice-kept", "data-kept": storageWorks() ? "browser" : "visit",
                                  text: storageWorks() ? L.kept : L["kept.off"] });
      const shoe = element("p", { class: "bt-practice-shoe", "data-shoe": true,
                                  text: format(L.shoe, { decks: this.data.decks }, this.data.numbers) });
      this.root.append(modes, this.question, answers, this.feedback, this.rule,
                       element("div", { class: "bt-practice-controls" }, this.nextButton, this.clock),
                       this.score, hint, shoe, this.map, element("div", { class: "bt-practice-footer" }, reset, kept));
      this.root.addEventListener("keydown", (event) => this.key(event));
      // A save put off after an answer is written at once when the reader leaves the page.
      const flush = () => this.flush();
      window.addEventListener("pagehide", flush);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "hidden") flush();
      });
      this.modeButtons.all.setAttribute("aria-pressed", "true");
      this.root.dataset.ready = "true";
    }

    buildMap() {
      const L = this.labels;
      const map = element("div", { class: "bt-practice-map", "data-mastery": true });
      this.mapCells = new Map();
      const levelLabel = (level) => L[`level.${level}`];
      const addCell = (row, cell, text) => {
        const key = cellKey(cell);
        const td = element("td", { "data-level": "0", text: "" });
        if (cell.actor === "banco") td.setAttribute("data-cell", `${cell.total}:${cell.third}`);
        else {
          td.setAttribute("data-player-cell", `${cell.bettors || "-"}:${cell.total}`);
        }
        td.dataset.name = text;
        row.append(td);
        this.mapCells.set(key, { td, name: text, level: levelLabel, row });
      };
      // The player's rule(s): one row per rule, totals 0-7.
      const players = this.data.cells.filter((c) => c.actor === "punto");
      const groups = [...new Set(players.map((c) => c.bettors || "-"))];
      const playerTable = element("table", { class: "bt-practice-grid" });
      playerTable.append(element("caption", { text: L["map.player"] }));
      const head = element("tr", {}, element("th", { scope: "col", text: L["map.total"] }));
      for (let t = 0; t < 8; t += 1) head.append(element("th", { scope: "col", text: String(t) }));
      playerTable.append(element("thead", {}, head));
      const pbody = element("tbody");
      for (const group of groups) {
        const row = element("tr", {}, element("th", { scope: "row",
          text: group === "-" ? "" : L[`bettors.${group}`] }));
        for (const cell of players.filter((c) => (c.bettors || "-") === group)) {
          addCell(row, cell, format(L["cell.player"], { total: cell.total }, this.data.numbers)
                  + (group === "-" ? "" : ` (${L[`bettors.${group}`]})`));
        }
        pbody.append(row);
      }
      playerTable.append(pbody);
      // The banker's table: totals 0-7 down, "stood" then third card 0-9 across.
      const bankerTable = element("table", { class: "bt-practice-grid" });
      bankerTable.append(element("caption", { text: L["map.banker"] }));
      const bhead = element("tr", {}, element("th", { scope: "col", text: `${L["map.total"]} \\ ${L["map.third"]}` }),
                            element("th", { scope: "col", text: L.stood }));
      for (let v = 0; v < 10; v += 1) bhead.append(element("th", { scope: "col", text: String(v) }));
      bankerTable.append(element("thead", {}, bhead));
      const bbody = element("tbody");
      for (let t = 0; t < 8; t += 1) {
        const row = element("tr", {}, element("th", { scope: "row", text: String(t) }));
        for (const third of ["stood", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
          const cell = lookup(this.data, "banco", t, third);
          addCell(row, cell, third === "stood" ? format(L["cell.stood"], { total: t }, this.data.numbers)
            : format(L["cell.banker"], { total: t, third }, this.data.numbers));
        }
        bbody.append(row);
      }
      bankerTable.append(bbody);
      this.known = element("p", { class: "bt-practice-known" });
      const legend = element("ul", { class: "bt-practice-legend" });
      for (let level = 0; level <= LEVELS; level += 1) {
        legend.append(element("li", {}, element("span", { class: "bt-practice-swatch", "data-level": level,
                                                          "aria-hidden": "true" }), ` ${levelLabel(level)}`));
      }
      map.append(element("p", { class: "bt-practice-map-title", text: L.map }), this.known,
                 scrolling(playerTable, L["map.player"]), scrolling(bankerTable, L["map.banker"]), legend);
      return map;
    }

    /** Shade one cell of the map by its level; only a cell whose level changed is touched. */
    paintCell(entry, level) {
      if (entry.shown === level) return;
      entry.shown = level;
      const td = entry.td;
      td.dataset.level = String(level);
      td.textContent = level ? String(level) : "";
      td.title = `${entry.name}: ${entry.level(level)}`;
      td.setAttribute("aria-label", td.title);
    }

    /** The map, the count of cells known and the score: the whole map, or after an answer the
     *  answered cell alone (`onlyKey`, whose level was `before`). */
    paintMap(onlyKey, before) {
      if (onlyKey === undefined) {
        this.knownCount = 0;
        this.unseenCount = 0;
        for (const [key, entry] of this.mapCells) {
          const level = levelOf(this.record, key);
          if (level >= KNOWN) this.knownCount += 1;
          if (level === 0) this.unseenCount += 1;
          this.paintCell(entry, level);
        }
      } else {
        const level = levelOf(this.record, onlyKey);
        this.knownCount += (level >= KNOWN ? 1 : 0) - (before >= KNOWN ? 1 : 0);
        this.unseenCount -= before === 0 && this.mapCells.has(onlyKey) ? 1 : 0;
        const entry = this.mapCells.get(onlyKey);
        if (entry) this.paintCell(entry, level);
      }
      const known = format(this.labels.known, { known: this.knownCount, cells: this.mapCells.size,
                                                unseen: this.unseenCount }, this.data.numbers);
      if (this.known.textContent !== known) this.known.textContent = known;
      this.score.textContent = format(this.labels.score, this.session, this.data.numbers);
    }

    ask(cell) {
      this.cell = cell;
      this.answered = false;
      const deals = cell.deals;
      const deal = deals[Math.floor(Math.random() * deals.length)];
      const [player, banker] = deal;
      const q = this.question;
      q.replaceChildren();
      q.dataset.actor = cell.actor;
      q.dataset.total = String(cell.total);
      if (cell.actor === "banco") q.dataset.third = String(cell.third);
      else delete q.dataset.third;
      if (cell.bettors) {
        q.dataset.bettors = cell.bettors;
        q.append(element("p", { class: "bt-practice-context", text: this.labels[`bettors.${cell.bettors}`] }));
      } else delete q.dataset.bettors;
      // In Chemin de Fer the player deciding does not see the other side's first two cards.
      const hidden = (side) => (this.data.face_down && cell.actor !== side ? 2 : 0);
      const face = this.labels["card.hidden"];
      q.append(element("p", { class: "bt-practice-cards" }, cardsNode(player, hidden("punto"), face), " | ",
                       cardsNode(banker, hidden("banco"), face)),
               element("p", { class: "bt-practice-prompt", text: questionText(this.data, cell, deal) }));
      this.feedback.replaceChildren();
      this.rule.replaceChildren();
      delete this.feedback.dataset.correct;
      this.feedback.className = "bt-practice-feedback";
      this.markCell(null);
      for (const button of Object.values(this.answerButtons)) button.disabled = false;
      this.nextButton.disabled = true;
    }

    /** Outline the asked cell (and its row) on the map, or none. */
    markCell(key) {
      if (this.marked) {
        this.marked.td.classList.remove("bt-current");
        this.marked.td.removeAttribute("aria-current");
        this.marked.row.classList.remove("bt-current-row");
      }
      this.marked = key === null ? null : this.mapCells.get(key) || null;
      if (this.marked) {
        this.marked.td.classList.add("bt-current");
        this.marked.td.setAttribute("aria-current", "true");
        this.marked.row.classList.add("bt-current-row");
      }
    }

    /**
     * The row of the table that decides `cell` (Punto's or the bettor's rule, or the banker's row
     * for its total), each cell with the rule's letter, the asked cell outlined.
     */
    ruleRow(cell) {
      const L = this.labels;
      const data = this.data;
      const banker = cell.actor === "banco";
      const cells = banker ? ["stood", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((third) => lookup(data, "banco", cell.total, third))
        : data.cells.filter((c) => c.actor === "punto" && c.bettors === cell.bettors);
      const caption = banker ? L["map.banker"]
        : L["map.player"] + (cell.bettors ? ` (${L[`bettors.${cell.bettors}`]})` : "");
      const head = element("tr", {}, element("th", { scope: "col",
        text: banker ? `${L["map.total"]} \\ ${L["map.third"]}` : L["map.total"] }));
      const row = element("tr", { class: "bt-current-row" },
                          element("th", { scope: "row", text: banker ? String(cell.total) : "" }));
      for (const c of cells) {
        head.append(element("th", { scope: "col", text: banker ? (c.third === "stood" ? L.stood : String(c.third))
          : String(c.total) }));
        const current = c === cell;
        row.append(element("td", { class: `bt-${c.answer}${current ? " bt-current" : ""}`,
                                   "aria-current": current ? "true" : null, title: data.words[c.answer],
                                   "data-letter": data.letters[c.answer], text: data.letters[c.answer] }));
      }
      return element("div", { class: "bt-practice-scroll" },
                     element("table", { class: "bt-tableau bt-practice-rule", "data-rule-row": true },
                             element("caption", { text: caption }), element("thead", {}, head),
                             element("tbody", {}, row)));
    }

    /**
     * An answer: judged, shown, counted. Only the feedback, the buttons, the answered cell of
     * the map and the score change; the record is written to storage once the browser is idle
     * (or at once if the reader leaves), not between the click and the feedback.
     */
    answer(given) {
      if (this.answered || this.over) return;
      const verdict = judge(this.data, this.cell, given);
      this.answered = true;
      const key = cellKey(this.cell);
      const before = levelOf(this.record, key);
      recordAnswer(this.record, key, verdict.correct);
      this.session.asked += 1;
      if (verdict.correct) this.session.right += 1;
      // Focus moves first, while the page's styles are still clean: the browser then works out
      // the style of the one button it enables, not of everything the answer changes.
      this.nextButton.disabled = false;
      focusSoon(this.nextButton);
      this.feedback.replaceChildren(element("p", { class: "bt-practice-verdict", "data-verdict": true,
                                                   text: verdict.message }),
                                    element("p", { class: "bt-practice-worth", "data-worth": true,
                                                   text: verdict.worth }));
      this.rule.replaceChildren(this.ruleRow(this.cell));
      this.feedback.className = verdict.correct ? "bt-practice-feedback bt-right" : "bt-practice-feedback bt-wrong";
      this.feedback.dataset.correct = String(verdict.correct);
      for (const button of Object.values(this.answerButtons)) button.disabled = true;
      this.paintMap(key, before);
      this.markCell(key);
      this.saveSoon();
    }

    /** Write the record once the browser is idle. */
    saveSoon() {
      if (this.unsaved) return;
      this.unsaved = true;
      later(() => this.flush());
    }

    /** Write the record now if an answer has not been saved yet. */
    flush() {
      if (!this.unsaved) return;
      this.unsaved = false;
      saveRecord(this.data.game, this.record);
    }

    next() {
      if (!this.answered || this.over) return;
      this.ask(nextCell(this.data, this.record, this.mode === "timed" ? "all" : this.mode, cellKey(this.cell)));
      focusSoon(this.answerButtons[this.data.answers[0]]);
    }

    setMode(mode) {
      this.mode = mode;
      for (const [name, button] of Object.entries(this.modeButtons)) {
        button.setAttribute("aria-pressed", String(name === mode));
      }
      this.stopClock();
      this.over = false;
      this.session = { right: 0, asked: 0 };
      if (mode === "timed") this.startClock();
      this.ask(nextCell(this.data, this.record, mode === "timed" ? "all" : mode, this.cell && cellKey(this.cell)));
      this.paintMap();
      this.answerButtons[this.data.answers[0]].focus();
    }

    startClock() {
      const end = Date.now() + this.data.round_seconds * 1000;
      this.clock.hidden = false;
      const tick = () => {
        const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
        this.clock.textContent = format(this.labels.left, { seconds: left }, this.data.numbers);
        if (left <= 0) this.finishRound();
      };
      tick();
      this.timer = window.setInterval(tick, 250);
    }

    stopClock() {
      if (this.timer !== null) window.clearInterval(this.timer);
      this.timer = null;
      this.clock.hidden = true;
    }

    finishRound() {
      this.stopClock();
      this.over = true;
      this.record.best = Math.max(this.record.best || 0, this.session.right);
      this.unsaved = false;
      saveRecord(this.data.game, this.record);
      for (const button of Object.values(this.answerButtons)) button.disabled = true;
      this.nextButton.disabled = true;
      delete this.feedback.dataset.correct;
      this.feedback.className = "bt-practice-feedback";
      this.rule.replaceChildren();
      this.markCell(null);
      this.feedback.textContent = format(this.labels.over, { ...this.session, best: this.record.best },
                                         this.data.numbers);
      const again = this.modeButtons.timed;
      again.textContent = this.labels.again;
      again.focus();
    }

    reset() {
      this.record = emptyRecord();
      this.unsaved = false;
      forgetRecord(this.data.game);
      this.modeButtons.timed.textContent = this.labels["mode.timed"];
      this.setMode("all");
      this.feedback.textContent = this.labels.cleared;
    }

    key(event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      const letter = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const given = this.keyAnswers[letter];
      if (given && this.data.answers.includes(given)) {
        event.preventDefault();
        this.answer(given);
      } else if (letter === "Enter" && this.answered) {
        // A focused button answers Enter itself (the next button included).
        if (target && target.tagName === "BUTTON" && target !== this.nextButton) return;
        if (target === this.nextButton) return;
        event.preventDefault();
        this.next();
      }
    }
  }


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
    if (kind === "coup-stepper") view = new Stepper(rootNode, data);
    else if (kind === "self-check") view = new SelfCheckView(rootNode, data);
    else if (kind === "tableau-drill") view = new Drill(rootNode, data);
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
    // With a single drill on the page, its keys also work before focus has moved into it.
    const tableDrills = drills.filter((started) => started instanceof Drill);
    if (tableDrills.length === 1) {
      doc.addEventListener("keydown", (event) => {
        if (event.target === doc.body || event.target === doc.documentElement) tableDrills[0].key(event);
      });
    }
    return drills;
  }

  return { cellKey, lookup, judge, dealFields, questionText, points, playCoup, emptyRecord, levelOf,
           recordAnswer, nextCell, parseCards, coupSteps, judgeCheck, startAll, writeNumber, writeSeconds, format,
           register, element, loadRecord, saveRecord, forgetRecord, loadProgress, writeProgress,
           validRecord, validProgress, parseProgress, progressFile, emptyProgress, skillMastery,
           storageWorks, wasReset, noticeReset, later, readAmount, sameAmount, writeAmount, writePercent, LEVELS, KNOWN, PROGRESS };
});
