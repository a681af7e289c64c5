// Ask the built site's own search, as its search page does, without a browser.
//
// Runs Sphinx's searchtools.js with the site's language_data.js (stop words, stemmer and
// the site's scorer) and searchindex.js in one Node.js context, then answers each query
// in the order the search page would list the results.
//
//   node search_in_node.mjs SITE_FOLDER < queries.json  ->  one list of results per query
//
// queries.json is a JSON list of strings; each result is [docname, title, anchor, kind, score].
import { readFileSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";

const [folder] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(0, "utf8"));
const storage = new Map();
const context = vm.createContext({
  // what searchtools.js touches outside the search itself
  document: { getElementById: () => null, documentElement: { dataset: {} } },
  localStorage: { setItem: (k, v) => storage.set(k, v), getItem: (k) => storage.get(k) ?? null },
  DOCUMENTATION_OPTIONS: {},
  SPHINX_HIGHLIGHT_ENABLED: false,
  _: (text) => text,
  _ready: () => {}, // the page would start its search when loaded: here the queries do
  console,
});
context.window = context;
for (const file of ["_static/language_data.js", "_static/searchtools.js", "searchindex.js"]) {
  vm.runInContext(readFileSync(join(folder, file), "utf8"), context, { filename: file });
}
context.queries = queries;
const answers = vm.runInContext(
  // The page shows the results from the end of the list (it pops them one by one).
  `queries.map((query) => Search._performSearch(...Search._parseQuery(query))
     .reverse().map(([doc, title, anchor, , score, , kind]) => [doc, title, anchor, kind, score]))`,
  context,
);
process.stdout.write(JSON.stringify(answers));
