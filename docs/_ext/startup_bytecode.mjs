// Compile the live kernel's start-up modules with the site's own Pyodide, under Node.js.
//
//   node startup_bytecode.mjs STATIC SCRIPT OUT CELL PACKAGES KEEP
//
// STATIC is the lite app's Pyodide folder (runtime, lock, wheels); PACKAGES (JSON) the
// packages the kernel preloads; CELL the first cell to run; KEEP (JSON) the top-level
// packages whose sources stay beside their bytecode.  SCRIPT (startup_bytecode.py) does the work inside Pyodide and
// writes the archives it changed into OUT; the summary it returns is printed as JSON.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [staticDir, script, outDir, cell, packages, keep] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(staticDir, "pyodide.mjs")).href);
const log = (line) => process.stderr.write(`${line}\n`);
const pyodide = await loadPyodide({
  indexURL: staticDir + path.sep,
  packages: JSON.parse(packages),
  env: { PYTHONNODEBUGRANGES: "1" },
  stdout: log,
  stderr: log,
});
const inputs = "/startup-bytecode/in";
const outputs = "/startup-bytecode/out";
pyodide.FS.mkdirTree(inputs);
for (const name of fs.readdirSync(staticDir).sort()) {
  if (name.endsWith(".whl") || name === "python_stdlib.zip") {
    pyodide.FS.writeFile(`${inputs}/${name}`, fs.readFileSync(path.join(staticDir, name)));
  }
}
const namespace = pyodide.globals.get("dict")();
pyodide.runPython(fs.readFileSync(script, "utf8"), { globals: namespace });
const main = namespace.get("main");
let summary;
try {
  summary = await main(inputs, outputs, cell, pyodide.toPy(JSON.parse(keep)));
} catch (error) {
  // The script prints a Python error's traceback itself; Node's own report of an uncaught
  // error would print the runtime's minified source.
  if (error.type === undefined) process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
}
fs.mkdirSync(outDir, { recursive: true });
for (const name of pyodide.FS.readdir(outputs)) {
  if (name !== "." && name !== "..") {
    fs.writeFileSync(path.join(outDir, name), pyodide.FS.readFile(`${outputs}/${name}`));
  }
}
process.stdout.write(`${summary}\n`);
