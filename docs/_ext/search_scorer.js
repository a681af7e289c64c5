/*
 * The site's search scorer (html_search_scorer in docs/conf.py), read by Sphinx's own
 * searchtools.js: Sphinx's default weights, and one change.  A reader who searches the
 * site asks about the rules, so every page of prose (the course, the rules summaries, the
 * glossary, the questions) ranks above the programming interface: its objects and its page
 * keep their order among themselves and come after the rest.  Someone who searches for an
 * object's name still finds it, since prose pages do not match such names.
 */
var Scorer = {
  // [docname, title, anchor, description, score, filename, kind] -> the result's score
  score: (result) => {
    const [docname, , , , score, , kind] = result;
    return docname === "reference/api" || kind === "object" ? score - 1000 : score;
  },

  // Sphinx's defaults (searchtools.js), unchanged
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
