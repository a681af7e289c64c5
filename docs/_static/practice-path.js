/* bacara_teach: the practice path, on the page itself, with no Python behind it.
 *
 * The engine listed, at build time, every skill the course trains, the cells of the browser's
 * record each skill is made of, and a pool of questions for each with the engine's answers
 * (bacara_teach/practice/path.py). This script reads the record every practice on the site
 * keeps in this browser (practice.js), shows how well each skill is known and what to practise
 * next, practises here the skills no other page does, runs the final check (questions drawn
 * from every skill, each judged against the engine's answer) and saves or loads the record as
 * a file. Nothing is sent anywhere.
 *
 * Page contract: [data-practice="path"]; one [data-skill] per skill (its name) with
 * data-mastery (0 to 1) and data-known; the next skill [data-next-skill] (its name); the final
 * check's start [data-final-start]; a question on show [data-question] (data-of-skill, data-kind),
 * its answers [data-answer] (a choice's value) or the box [data-answer-input] sent by
 * [data-submit]; [data-feedback] with data-correct (after a miss, the right choice's button has
 * data-right-answer); [data-next]; the result [data-result] with
 * data-right and data-questions; [data-export], [data-import] (a file input) and the word on
 * either [data-file-status] (data-outcome: saved, loaded, refused).
 */
(function (root, factory) {
  "use strict";
  const api = factory(root);
  if (typeof module === "object" && module.exports) module.exports = api;
  if (typeof document !== "undefined" && root.BacaraPractice) {
    root.BacaraPractice.register(api.KIND, (node, data) => new api.Path(node, data));
  }
})(typeof self !== "undefined" ? self : this, function (root) {
  "use strict";

  const KIND = "path";
  const P = root && root.BacaraPractice ? root.BacaraPractice : require("./practice.js");
  const HERE = "path"; // the record of the skills practised on this page
  const MAX_FILE_BYTES = 1024 * 1024;

  // -- the pure part ------------------------------------------------------------------------------

  /** The question `index` of the pool as an object; its answers are its kind's (data.choices), or
   *  its own for a question of kind "pick" (value and words, the words an index into texts). */
  function question(data, index) {
    const [skill, key, prompt, kind, answer, why, own] = data.questions[index];
    const choices = own ? own.map(([value, words]) => [value, data.texts[words]]) : data.choices[kind] || [];
    return { index, skill, key, prompt: data.texts[prompt], kind, answer, why: data.texts[why], choices };
  }

  /** Each skill's mastery read from the record (practice.js's skillMastery), in the skills' order. */
  function masteries(data, progress) {
    return data.skills.map((skill) => P.skillMastery(progress, skill));
  }

  /** The skill to practise next: the first, in the course's order, not yet known in full; -1 when
   *  every skill is. */
  function nextSkill(data, progress) {
    const all = masteries(data, progress);
    return all.findIndex((m) => m.known < m.cells);
  }

  /** Shuffle a copy of `items` (Fisher-Yates, with `random`). */
  function shuffled(items, random) {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /**
   * The final check's questions (indices into the pool): as many different questions of each
   * skill as `final.counts` says, each drawn at random from its pool, mixed.
   */
  function drawFinal(data, random) {
    const rand = random || Math.random;
    const bySkill = data.skills.map(() => []);
    data.questions.forEach((q, i) => bySkill[q[0]].push(i));
    const drawn = [];
    bySkill.forEach((pool, skill) => {
      const count = data.final.counts[skill];
      drawn.push(...shuffled(pool, rand).slice(0, count));
    });
    return shuffled(drawn, rand);
  }

  /** Judge an answer: true or false, or null when a typed answer is not a number. */
  function judgeAnswer(data, q, given) {
    if (q.kind === "amount" || q.kind === "count") {
      const read = P.readAmount(given, data.numbers);
      if (!read || (q.kind === "count" && read[1] !== 0)) return null;
      return P.sameAmount(read, P.readAmount(q.answer, null));
    }
    return given === q.answer;
  }

  /** The right answer as the page writes it: a choice's words, or the number in its language. */
  function answerText(data, q) {
    if (q.kind === "amount") return P.writeAmount(q.answer, data.numbers);
    if (q.kind === "count") return P.writeNumber(Number(q.answer), data.numbers, true);
    const choice = q.choices.find(([value]) => value === q.answer);
    return choice ? choice[1] : q.answer;
  }

  /** A skill practised here, as the scheduler's cells: each of its keys, with its questions. */
  function hereCells(data, skillIndex) {
    const skill = data.skills[skillIndex];
    const byKey = new Map(skill.keys.map((key) => [key, { key, questions: [] }]));
    data.questions.forEach((q, i) => {
      if (q[0] === skillIndex && byKey.has(q[1])) byKey.get(q[1]).questions.push(i);
    });
    return [...byKey.values()].filter((cell) => cell.questions.length);
  }

  /** A final check's result as the record keeps it. */
  function finalResult(data, asked, answers, date) {
    const skills = {};
    asked.forEach((index, i) => {
      const name = data.skills[data.questions[index][0]].name;
      const tally = skills[name] || [0, 0];
      tally[0] += answers[i] ? 1 : 0;
      tally[1] += 1;
      skills[name] = tally;
    });
    return { date, questions: asked.length, right: answers.filter(Boolean).length, skills };
  }

  const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  /** A final check's result as a page of its own, to keep (made here, nothing sent). */
  function resultPage(data, result, shownDate) {
    const L = data.labels;
    const fmt = (template, values) => P.format(template, values, data.numbers);
    const rows = data.skills.filter((skill) => result.skills[skill.name]).map((skill) => {
      const [right, asked] = result.skills[skill.name];
      return `<tr><th scope="row">${escapeHtml(skill.title)}</th><td>${escapeHtml(fmt("{right}/{asked}", { right, asked }))}</td></tr>`;
    });
    return [
      "<!DOCTYPE html>", `<html lang="${escapeHtml(data.lang)}"><head><meta charset="utf-8">`,
      `<title>${escapeHtml(L["final.title"])}</title>`,
      "<style>body{font-family:sans-serif;max-width:40em;margin:2em auto}td,th{padding:.2em .8em;text-align:left}</style>",
      `</head><body><h1>${escapeHtml(L["final.title"])}</h1>`,
      `<p>${escapeHtml(fmt(L["final.score"], { right: result.right, questions: result.questions }))}</p>`,
      `<p>${escapeHtml(fmt(L["final.date"], { date: shownDate }))}</p>`,
      `<table><thead><tr><th scope="col">${escapeHtml(L["final.skill"])}</th><th scope="col">${escapeHtml(L["final.right"])}</th></tr></thead>`,
      `<tbody>${rows.join("")}</tbody></table></body></html>`,
    ].join("\n");
  }

  // -- the page -----------------------------------------------------------------------------------

  function today() {
    const now = new Date();
    const pad = (n) => String(n).padStart(2, "0");
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }

  function longDate(iso, lang) {
    const [y, m, d] = iso.split("-").map(Number);
    try {
      return new Date(y, m - 1, d).toLocaleDateString(lang, { year: "numeric", month: "long", day: "numeric" });
    } catch (error) {
      return iso;
    }
  }

  function download(name, type, text) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** Questions one after another, each judged at once: the final check's and a skill's here. */
  class Runner {
    constructor(path, box, { pick, count, onAnswer, onDone }) {
      this.path = path;
      this.box = box;
      this.pick = pick; // (n) => index of the question to ask as the n-th (from 0)
      this.count = count; // how many to ask (Infinity: until stopped)
      this.onAnswer = onAnswer;
      this.onDone = onDone;
      this.n = 0;
      this.show();
    }

    show() {
      const { data } = this.path;
      const L = data.labels;
      const el = P.element;
      const q = question(data, this.pick(this.n));
      this.q = q;
      this.answered = false;
      const heading = Number.isFinite(this.count)
        ? el("p", { class: "bt-practice-kept", text: this.path.fmt(L.question, { n: this.n + 1, questions: this.count }) })
        : null;
      const asked = el("p", { class: "bt-practice-context", "data-question": true, "data-of-skill": data.skills[q.skill].name,
                              "data-kind": q.kind, tabindex: "-1", text: q.prompt });
      this.feedback = el("div", { class: "bt-practice-feedback", "data-feedback": true, role: "status", "aria-live": "polite" });
      let answers;
      if (q.kind === "amount" || q.kind === "count") {
        const id = `${this.box.id || "bt-path"}-typed`;
        this.input = el("input", { type: "text", id, inputmode: q.kind === "count" ? "numeric" : "decimal", autocomplete: "off",
                                   size: "8", "data-answer-input": true });
        const submit = el("button", { type: "submit", "data-submit": true, text: L.submit });
        answers = el("form", { class: "bt-practice-answers" },
                     el("label", { for: id, text: `${L["amount.box"]} ` }), this.input, " ", submit);
        answers.addEventListener("submit", (event) => {
          event.preventDefault();
          this.answer(this.input.value);
        });
        this.buttons = [submit];
      } else {
        answers = el("div", { class: "bt-practice-answers", role: "group", "aria-label": L.answer });
        this.buttons = q.choices.map(([value, label]) => {
          const b = el("button", { type: "button", "data-answer": value, text: label });
          b.addEventListener("click", () => this.answer(value));
          answers.append(b);
          return b;
        });
        this.input = null;
      }
      this.nextButton = el("button", { type: "button", class: "bt-practice-next", "data-next": true, text: L["next.question"],
                                       disabled: true });
      this.nextButton.addEventListener("click", () => this.next());
      this.box.replaceChildren(...[heading, asked, answers, this.feedback,
                                   el("div", { class: "bt-practice-controls" }, this.nextButton)].filter(Boolean));
      return asked;
    }

    answer(given) {
      if (this.answered) return;
      const { data } = this.path;
      const L = data.labels;
      const correct = judgeAnswer(data, this.q, given);
      if (correct === null) {
        this.feedback.className = "bt-practice-feedback bt-wrong";
        delete this.feedback.dataset.correct;
        this.feedback.textContent = L.unread;
        return;
      }
      this.answered = true;
      for (const b of this.buttons) b.disabled = true;
      if (this.input) this.input.readOnly = true;
      const chosen = this.buttons.find((b) => b.dataset.answer === given);
      if (chosen) chosen.setAttribute("aria-pressed", "true");
      // after a miss, the right answer's button is marked as well as named
      const right = this.buttons.find((b) => b.dataset.answer === this.q.answer);
      if (right && !correct) {
        right.classList.add("bt-right-answer");
        right.dataset.rightAnswer = "";
      }
      this.feedback.className = `bt-practice-feedback ${correct ? "bt-right" : "bt-wrong"}`;
      this.feedback.dataset.correct = String(correct);
      this.feedback.replaceChildren(
        P.element("p", { "data-verdict": true, text: correct ? L.right : this.path.fmt(L.wrong, { answer: answerText(data, this.q) }) }),
        P.element("p", { text: this.q.why }));
      this.onAnswer(this.q, correct);
      this.nextButton.disabled = false;
      this.nextButton.focus();
    }

    next() {
      if (!this.answered) return;
      this.n += 1;
      if (this.n >= this.count) {
        this.onDone();
        return;
      }
      this.show().focus();
    }
  }

  class Path {
    constructor(rootNode, data) {
      this.root = rootNode;
      this.data = data;
      this.L = data.labels;
      this.fmt = (template, values) => P.format(template, values, data.numbers);
      this.progress = P.loadProgress();
      this.build();
      this.paint();
      rootNode.dataset.ready = "true";
    }

    build() {
      const L = this.L;
      const el = P.element;
      const waiting = this.root.querySelector(".bt-practice-waiting");
      if (waiting) waiting.remove();
      this.nextLine = el("p", { class: "bt-path-next", "data-next-skill": "" });
      this.list = el("ol", { class: "bt-path-skills", "aria-label": L.skills });
      this.items = this.data.skills.map((skill, i) => {
        const bar = el("progress", { max: "100", value: "0", "aria-label": this.fmt(L.mastery, { skill: skill.title }) });
        const share = el("span", { class: "bt-path-share" });
        const known = el("span", { class: "bt-path-known" });
        const links = el("span", { class: "bt-path-links" });
        if (skill.learn) links.append(el("a", { href: skill.learn, text: L.learn }));
        if (skill.here) {
          const b = el("button", { type: "button", "data-practise-here": skill.name, text: L["practise.here"] });
          b.addEventListener("click", () => this.practiseHere(i));
          links.append(" ", b);
        } else if (skill.practise) {
          links.append(" ", el("a", { href: skill.practise, "data-practise": skill.name, text: L.practise }));
        }
        const item = el("li", { "data-skill": skill.name, "data-mastery": "0" },
                        el("span", { class: "bt-path-title", text: skill.title }),
                        el("span", { class: "bt-path-summary", text: skill.summary }),
                        el("span", { class: "bt-path-meter" }, bar, " ", share, " ", known), links);
        this.list.append(item);
        return { item, bar, share, known };
      });
      this.here = el("section", { class: "bt-path-here", "data-here": "", hidden: true, "aria-labelledby": "bt-path-here-title" });
      this.hereTitle = el("h2", { id: "bt-path-here-title" });
      this.hereBox = el("div", { id: "bt-path-here-box" });
      const close = el("button", { type: "button", "data-here-close": true, text: L["here.close"] });
      close.addEventListener("click", () => this.stopHere());
      this.here.append(this.hereTitle, this.hereBox, el("div", { class: "bt-practice-controls" }, close));

      const final = el("section", { class: "bt-path-final", "aria-labelledby": "bt-path-final-title" });
      this.finalStart = el("button", { type: "button", "data-final-start": true, text: L["final.start"] });
      this.finalStart.addEventListener("click", () => this.startFinal());
      this.finalLast = el("p", { class: "bt-practice-kept", "data-final-last": true });
      this.finalBox = el("div", { id: "bt-path-final-box" });
      this.resultBox = el("div", { class: "bt-path-result", "data-result": true, hidden: true, tabindex: "-1" });
      final.append(el("h2", { id: "bt-path-final-title", text: L.final }), el("p", { text: L["final.intro"] }), this.finalLast,
                   el("div", { class: "bt-practice-controls" }, this.finalStart), this.finalBox, this.resultBox);

      const file = el("section", { class: "bt-path-file", "aria-labelledby": "bt-path-file-title" });
      const save = el("button", { type: "button", "data-export": true, text: L.export });
      save.addEventListener("click", () => this.exportFile());
      const pick = el("input", { type: "file", id: "bt-path-import", accept: ".json,application/json", "data-import": true });
      pick.addEventListener("change", () => this.importFile(pick));
      this.fileStatus = el("p", { class: "bt-practice-feedback", "data-file-status": true, role: "status", "aria-live": "polite" });
      file.append(el("h2", { id: "bt-path-file-title", text: L.file }), el("p", { class: "bt-practice-kept", text: L.kept }),
                  el("div", { class: "bt-practice-controls" }, save),
                  el("p", {}, el("label", { for: "bt-path-import", text: `${L.import} ` }), pick), this.fileStatus);

      this.root.append(this.nextLine, this.list, this.here, final, file);
    }

    /** Show each skill's mastery and the skill to practise next, from the record. */
    paint() {
      const L = this.L;
      const el = P.element;
      const all = masteries(this.data, this.progress);
      all.forEach((m, i) => {
        const { item, bar, share, known } = this.items[i];
        const rounded = Math.round(m.mastery * 100) / 100;
        item.dataset.mastery = String(rounded);
        item.dataset.known = String(m.known);
        bar.value = Math.round(m.mastery * 100);
        share.textContent = P.writePercent(m.mastery, this.data.numbers);
        known.textContent = m.asked ? this.fmt(L.known, { known: m.known, cells: m.cells }) : L.unseen;
      });
      const next = nextSkill(this.data, this.progress);
      this.nextLine.dataset.nextSkill = next >= 0 ? this.data.skills[next].name : "";
      if (next < 0) {
        this.nextLine.replaceChildren(L["next.none"]);
      } else {
        const skill = this.data.skills[next];
        const [before, after] = L.next.split("{skill}");
        const target = skill.here
          ? el("a", { href: "#bt-path-here-title", text: skill.title })
          : el("a", { href: skill.practise, text: skill.title });
        if (skill.here) {
          target.addEventListener("click", (event) => {
            event.preventDefault();
            this.practiseHere(next);
          });
        }
        this.nextLine.replaceChildren(before, target, after || "");
      }
      const last = this.progress.finals[this.progress.finals.length - 1];
      // the result on show already says it; the line is for a later visit
      this.finalLast.textContent = last && this.resultBox.hidden
        ? this.fmt(L["final.last"], { right: last.right, questions: last.questions, date: longDate(last.date, this.data.lang) })
        : "";
    }

    /** Practise a skill on this page, by the drill's spaced repetition over its cells. */
    practiseHere(skillIndex) {
      const skill = this.data.skills[skillIndex];
      const cells = hereCells(this.data, skillIndex);
      const scheduler = { cells };
      const record = P.loadRecord(HERE);
      const used = new Map(); // which of a cell's questions was asked last
      let last = null;
      this.hereTitle.textContent = this.fmt(this.L["here.title"], { skill: skill.title });
      this.hereSkill = skillIndex;
      this.items[skillIndex].item.append(this.here); // under the skill whose meter it moves
      this.here.hidden = false;
      this.runner = new Runner(this, this.hereBox, {
        count: Infinity,
        pick: () => {
          const cell = P.nextCell(scheduler, record, "all", last);
          last = cell.key;
          const turn = ((used.get(cell.key) ?? -1) + 1) % cell.questions.length;
          used.set(cell.key, turn);
          return cell.questions[turn];
        },
        onAnswer: (q, correct) => {
          P.recordAnswer(record, q.key, correct);
          this.progress = P.saveRecord(HERE, record);
          this.paint();
        },
        onDone: () => {},
      });
      this.hereBox.querySelector("[data-question]").focus();
    }

    stopHere() {
      this.here.hidden = true;
      this.hereBox.replaceChildren();
      const skill = this.data.skills[this.hereSkill || 0];
      const button = this.root.querySelector(`[data-practise-here="${skill.name}"]`);
      if (button) button.focus();
    }

    startFinal() {
      const asked = drawFinal(this.data);
      const answers = [];
      this.resultBox.hidden = true;
      this.finalStart.hidden = true;
      this.final = new Runner(this, this.finalBox, {
        count: asked.length,
        pick: (n) => asked[n],
        onAnswer: (q, correct) => answers.push(correct),
        onDone: () => this.finishFinal(asked, answers),
      });
      this.finalBox.querySelector("[data-question]").focus();
    }

    finishFinal(asked, answers) {
      const L = this.L;
      const el = P.element;
      const result = finalResult(this.data, asked, answers, today());
      const progress = P.loadProgress();
      progress.finals = [...progress.finals, result].slice(-20);
      P.writeProgress(progress);
      this.progress = progress;
      const shownDate = longDate(result.date, this.data.lang);
      const rows = this.data.skills.filter((skill) => result.skills[skill.name]).map((skill) => {
        const [right, asked2] = result.skills[skill.name];
        return el("tr", { "data-result-skill": skill.name }, el("th", { scope: "row", text: skill.title }),
                  el("td", { text: this.fmt("{right}/{asked}", { right, asked: asked2 }) }));
      });
      const table = el("table", { class: "bt-path-result-table" },
                       el("thead", {}, el("tr", {}, el("th", { scope: "col", text: L["final.skill"] }),
                                          el("th", { scope: "col", text: L["final.right"] }))),
                       el("tbody", {}, ...rows));
      const print = el("button", { type: "button", "data-print": true, text: L["final.print"] });
      print.addEventListener("click", () => this.printResult());
      const save = el("button", { type: "button", "data-save-result": true, text: L["final.save"] });
      save.addEventListener("click", () => download(`bacara-teach-final-check-${result.date}.html`, "text/html",
                                                    resultPage(this.data, result, shownDate)));
      this.resultBox.dataset.right = String(result.right);
      this.resultBox.dataset.questions = String(result.questions);
      this.resultBox.replaceChildren(
        el("p", { class: "bt-path-result-title", text: L["final.title"] }),
        el("p", { class: "bt-path-score", text: this.fmt(L["final.score"], { right: result.right, questions: result.questions }) }),
        el("p", { text: this.fmt(L["final.date"], { date: shownDate }) }),
        P.element("div", { class: "bt-practice-scroll", tabindex: "0", role: "region", "aria-label": L.final }, table),
        el("div", { class: "bt-practice-controls bt-path-result-actions" }, print, save));
      this.finalBox.replaceChildren();
      this.resultBox.hidden = false;
      this.finalStart.textContent = L["final.again"];
      this.finalStart.hidden = false;
      this.paint();
      this.resultBox.focus();
    }

    printResult() {
      const html = document.documentElement;
      html.classList.add("bt-printing-result");
      const done = () => {
        html.classList.remove("bt-printing-result");
        window.removeEventListener("afterprint", done);
      };
      window.addEventListener("afterprint", done);
      window.print();
    }

    exportFile() {
      const progress = P.loadProgress();
      const name = `bacara-teach-progress-${today()}.json`;
      download(name, "application/json", P.progressFile(progress));
      this.say("saved", this.fmt(this.L.saved, { file: name }));
    }

    importFile(input) {
      const file = input.files && input.files[0];
      if (!file) return;
      const name = file.name;
      const refuse = (label) => {
        this.say("refused", this.fmt(this.L[label], { file: name }));
        input.value = "";
      };
      if (file.size > MAX_FILE_BYTES) {
        refuse("too.big");
        return;
      }
      file.text().then((text) => {
        const progress = P.parseProgress(text);
        if (!progress) {
          refuse("refused");
          return;
        }
        P.writeProgress(progress);
        this.progress = progress;
        this.paint();
        const practised = masteries(this.data, this.progress).filter((m) => m.asked).length;
        this.say("loaded", this.fmt(this.L.imported, { skills: practised, file: name }));
        input.value = "";
      }, () => refuse("refused"));
    }

    say(outcome, text) {
      this.fileStatus.dataset.outcome = outcome;
      this.fileStatus.className = `bt-practice-feedback ${outcome === "refused" ? "bt-wrong" : "bt-right"}`;
      this.fileStatus.textContent = text || "";
    }
  }

  return { KIND, question, masteries, nextSkill, drawFinal, judgeAnswer, answerText, hereCells, finalResult, resultPage, Path };
});
