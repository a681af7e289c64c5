"""Everything the in-browser Python needs, served by the site itself.

This Sphinx extension prepares the JupyterLite folder before
jupyterlite-sphinx runs ``jupyter lite build``:

* the Pyodide runtime, from the npm package of the version the Pyodide
  kernel expects (installed by ``npm ci`` from the project's package.json);
* the wheels the kernel loads at start-up, downloaded from PyPI at the exact
  versions of Pyodide's lock, with a lock file pruned to them and their
  sha256 rewritten (Pyodide's lock records its own rebuilds' hashes);
* a wheel of this very checkout of ``bacara_teach`` plus ``ipywidgets`` and
  ``comm`` (at the versions installed next to Sphinx, so the widget front end
  and kernel side never skew), added to the lock and preloaded, so
  ``import bacara_teach`` works in a fresh notebook without ``%pip``;
* bytecode for every module the kernel imports while it starts, compiled at
  build time by this same Pyodide under Node.js (``startup_bytecode.py``), so
  the browser does not compile the standard library, IPython and the rest
  from source on every cold start;
* ``jupyter-lite.json`` with the PyPI fallback disabled and a storage name
  that changes with every build's contents, so a returning reader gets the
  new notebooks rather than a stale copy kept in the browser.

It also removes the third-party web-font stylesheet that jupyterlite-sphinx
registers, so the site makes no request outside its own origin, and checks
the built configuration after the build.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from collections.abc import Collection, Iterator
from importlib.metadata import version
from pathlib import Path
from typing import Any

import live_markdown
import sitebuild

from bacara_teach.text import N_, SOURCE_LANGUAGE, tr

ROOT = Path(__file__).resolve().parents[2]

#: what the kernel needs from Pyodide's lock before the first cell runs
BOOT_PACKAGES = ("micropip", "jedi", "ipython")
#: the kernel's own wheels, shipped with jupyterlite-pyodide-kernel
KERNEL_WHEELS = {"piplite": ["piplite"], "ipykernel": ["ipykernel"],
                 "pyodide-kernel": ["pyodide_kernel"]}
#: preloaded at start-up from wheels built or pinned here
PROJECT_PACKAGES = ("bacara-teach", "ipywidgets", "comm")
PRELOADED = (*PROJECT_PACKAGES, *BOOT_PACKAGES, *KERNEL_WHEELS)
"""Everything the kernel needs, loaded by Pyodide in one step when the runtime starts.

Left to itself the Pyodide kernel installs micropip, piplite, its ipykernel shim, itself,
jedi and IPython one after the other once the runtime is up, each a separate resolve,
fetch and install.  Named here (``loadPyodideOptions.packages``, with the kernel's own
wheels added to the lock), they are fetched together with the project's wheel while the
runtime starts, and the kernel skips each install it finds done.  Names as Pyodide's lock
spells them (normalised: lower case, runs of -_. as -)."""
#: also offered to ``%pip install`` (piplite) from the site's own folder
PIPLITE_ONLY = ("jupyterlab_widgets",)
#: what the kernel's worker fetches of the runtime (it loads pyodide.mjs, not pyodide.js)
LOADED_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
RUNTIME_FILES = (*LOADED_RUNTIME, "pyodide.js")
STARTUP_CELL = "import bacara_teach, ipywidgets"
"""The first cell a learner's notebook runs, in effect: what is imported by it gets bytecode
too (the widgets' own modules load ipywidgets only when a widget is built)."""
KEEP_SOURCES = ("bacara_teach", "ipywidgets", "comm", "traitlets")
"""Wheels whose compiled modules keep their sources (with the standard library): the code a
learner reads, or steps into from a widget's traceback.  The kernel's own machinery ships
its start-up modules as bytecode only (see ``startup_bytecode.py``)."""
BYTECODE_SCRIPTS = (Path(__file__).with_name("startup_bytecode.mjs"),
                    Path(__file__).with_name("startup_bytecode.py"))
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
SERVICE_WORKER_PLUGIN = "@jupyterlite/application-extension:service-worker-manager"
#: the kernel every notebook of the lite app names (the Pyodide kernel is called "python")
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run(command: list[str], cwd: Path | None = None) -> None:
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def pyodide_version() -> str:
    """The Pyodide version the installed kernel expects."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return str(PYODIDE_VERSION)


def pyodide_runtime(cache: Path) -> Path:
    """The npm ``pyodide`` package folder (``node_modules/pyodide`` or a packed copy)."""
    wanted = pyodide_version()
    installed = ROOT / "node_modules" / "pyodide"
    if (installed / "package.json").exists():
        found = json.loads((installed / "package.json").read_text())["version"]
        if found == wanted:
            return installed
    unpacked = cache / f"pyodide-{wanted}" / "package"
    if not (unpacked / "pyodide.mjs").exists():
        cache.mkdir(parents=True, exist_ok=True)
        _run(["npm", "pack", f"pyodide@{wanted}", "--pack-destination", str(cache)], cwd=cache)
        with tarfile.open(cache / f"pyodide-{wanted}.tgz") as archive:
            archive.extractall(cache / f"pyodide-{wanted}", filter="data")
    return unpacked


def _download(name: str, pinned: str, dest: Path) -> Path:
    """A pure-Python wheel of ``name==pinned`` from PyPI, cached in ``dest``."""
    prefix = re.sub(r"[-.]+", "_", name).lower()
    for found in dest.glob("*.whl"):
        if found.name.lower().startswith(f"{prefix}-{pinned}-"):
            return found
    dest.mkdir(parents=True, exist_ok=True)
    _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
          "--python-version", "3.14", "--implementation", "py", "--abi", "none",
          "--platform", "any", "-d", str(dest), f"{name}=={pinned}"])
    for found in dest.glob("*.whl"):
        if found.name.lower().startswith(f"{prefix}-{pinned}-"):
            return found
    raise FileNotFoundError(f"no pure-Python wheel of {name}=={pinned} was downloaded")


def source_digest() -> str:
    """A digest of what goes into the project's wheel (package sources and pyproject)."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    for path in sorted((ROOT / "bacara_teach").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def build_project_wheel(cache: Path) -> Path:
    """A wheel of this checkout of bacara_teach (built again only when its sources change)."""
    dest = cache / source_digest()
    found = sorted(dest.glob("bacara_teach-*.whl"))
    if found:
        return found[0]
    if cache.exists():
        shutil.rmtree(cache)
    dest.mkdir(parents=True)
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dest), str(ROOT)])
    (wheel,) = dest.glob("bacara_teach-*.whl")
    return wheel


def kernel_wheels() -> dict[str, Path]:
    """The wheels of :data:`KERNEL_WHEELS`, from the installed Pyodide kernel extension."""
    from jupyter_core.paths import jupyter_path

    bases = [Path(sys.prefix) / "share" / "jupyter" / "labextensions",
             *(Path(p) for p in jupyter_path("labextensions"))]
    for base in bases:
        folder = base / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
        found = {_norm(w.name.split("-")[0]): w for w in sorted(folder.glob("*.whl"))}
        if all(name in found for name in KERNEL_WHEELS):
            return {name: found[name] for name in KERNEL_WHEELS}
    raise FileNotFoundError("the Pyodide kernel's own wheels (piplite, ipykernel, "
                            "pyodide-kernel) were not found: is jupyterlite-pyodide-kernel "
                            f"installed? looked in {', '.join(map(str, bases))}")


def startup_bytecode(static: Path, cache: Path) -> dict[str, Any]:
    """Add the kernel's start-up bytecode to the archives in ``static`` (see
    ``startup_bytecode.py``); returns what was compiled (modules per archive).

    The archives are compiled once per set of inputs (every file of ``static``, the
    scripts, the start-up cell) and kept in ``cache``: a rebuild only copies them.
    """
    digest = hashlib.sha256(json.dumps([STARTUP_CELL, KEEP_SOURCES]).encode())
    for path in (*BYTECODE_SCRIPTS, *sorted(static.iterdir())):
        digest.update(path.name.encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    done = cache / digest.hexdigest()[:16]
    summary = done / "summary.json"
    if not summary.is_file():
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("node is missing: the docs build compiles the live kernel's "
                               "start-up bytecode with Pyodide under Node.js (install Node.js)")
        if cache.exists():
            shutil.rmtree(cache)
        work = cache / "work"
        result = subprocess.run(
            [node, str(BYTECODE_SCRIPTS[0]), str(static), str(BYTECODE_SCRIPTS[1]), str(work),
             STARTUP_CELL, json.dumps(list(PRELOADED)), json.dumps(list(KEEP_SOURCES))],
            check=False, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError("compiling the live kernel's start-up bytecode failed:\n"
                               + result.stderr[-4000:])
        (work / "summary.json").write_text(result.stdout)
        work.rename(done)
    for archive in sorted(done.iterdir()):
        if archive.name != "summary.json":
            shutil.copy2(archive, static / archive.name)
    compiled: dict[str, Any] = json.loads(summary.read_text())
    return compiled


def _entry(wheel: Path, name: str, imports: list[str]) -> dict[str, Any]:
    return {
        "name": name, "version": wheel.name.split("-")[1], "file_name": wheel.name,
        "install_dir": "site", "sha256": _sha256(wheel), "package_type": "package",
        "imports": imports, "depends": [], "unvendored_tests": False,
    }


def storage_name(contents: Path | None, project_wheel: Path) -> str:
    """The name of the browser storage the lite app keeps notebooks and settings under.

    It changes with the offered notebooks and with the project's wheel, so a reader
    who comes back after a site update starts from the new notebooks rather than from
    the copies their browser kept of the old ones.
    """
    digest = hashlib.sha256()
    if contents is not None and contents.exists():
        for path in sorted(contents.rglob("*")):
            if path.is_file():
                digest.update(path.relative_to(contents).as_posix().encode())
                digest.update(path.read_bytes())
    digest.update(_sha256(project_wheel).encode())
    return f"bacara_teach-{project_wheel.name.split('-')[1]}-{digest.hexdigest()[:12]}"


@contextlib.contextmanager
def _cache_lock(cache: Path) -> Iterator[None]:
    """Hold ``cache`` for this build alone: the languages build side by side, and each
    prepares the same Python folder from the same cache."""
    cache.mkdir(parents=True, exist_ok=True)
    with (cache / ".lock").open("w") as handle:
        try:
            import fcntl
        except ImportError:  # no advisory locks on this system: builds run one at a time
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def prepare_python(static: Path, pypi: Path, cache: Path) -> dict[str, Any]:
    """Fill ``static`` with the Pyodide runtime, the pruned lock and the wheels the kernel
    preloads (with their start-up bytecode), and ``pypi`` with what piplite offers.

    Returns what was prepared, with ``download_bytes``: what a cold start fetches of it
    (the runtime, the lock and every preloaded wheel).
    """
    with _cache_lock(cache):
        return _prepare_python(static, pypi, cache)


def _prepare_python(static: Path, pypi: Path, cache: Path) -> dict[str, Any]:
    runtime = pyodide_runtime(cache / "npm")
    for folder in (static, pypi):
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, static / name)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    packages: dict[str, Any] = lock["packages"]
    by_name = {_norm(k): k for k in packages}
    needed: list[str] = []
    todo = list(BOOT_PACKAGES)
    while todo:
        key = by_name[_norm(todo.pop())]
        if key not in needed:
            needed.append(key)
            todo.extend(packages[key]["depends"])
    pruned: dict[str, Any] = {}
    wheels = cache / "wheels"
    for key in sorted(needed):
        entry = dict(packages[key])
        wheel = _download(entry["name"], entry["version"], wheels)
        shutil.copy2(wheel, static / entry["file_name"])
        entry["sha256"] = _sha256(static / entry["file_name"])
        pruned[key] = entry

    project = build_project_wheel(cache / "project")
    extra = {"bacara-teach": (project, ["bacara_teach"])}
    for name in ("ipywidgets", "comm"):
        extra[name] = (_download(name, version(name), wheels), [name])
    for key, (wheel, imports) in extra.items():
        shutil.copy2(wheel, static / wheel.name)
        pruned[key] = _entry(static / wheel.name, key, imports)
        shutil.copy2(wheel, pypi / wheel.name)
    for key, wheel in kernel_wheels().items():
        shutil.copy2(wheel, static / wheel.name)
        pruned[key] = _entry(static / wheel.name, key, KERNEL_WHEELS[key])
    for name in PIPLITE_ONLY:
        shutil.copy2(_download(name, version(name), wheels), pypi)
    info = dict(lock["info"])
    lock_path = static / "pyodide-lock.json"
    lock_path.write_text(json.dumps({"info": info, "packages": pruned}, indent=1))
    bytecode = startup_bytecode(static, cache / "bytecode")
    for entry in pruned.values():  # the wheels now carry bytecode: the lock names their bytes
        entry["sha256"] = _sha256(static / entry["file_name"])
    lock_path.write_text(json.dumps({"info": info, "packages": pruned}, indent=1))

    loaded = [static / name for name in LOADED_RUNTIME] + [lock_path]
    loaded += [static / entry["file_name"] for entry in pruned.values()]
    return {"packages": sorted(pruned), "project_wheel": project.name,
            "bytecode": bytecode["archives"],
            "download_bytes": sum(path.stat().st_size for path in loaded)}


def prepare(lite_dir: Path, cache: Path, contents: Path | None = None) -> dict[str, Any]:
    """Fill ``lite_dir`` with the runtime, the pruned lock, the wheels and the config.

    ``contents`` is the folder of notebooks the lite app will offer; its files
    (with the project wheel) name the browser storage, so that any change to
    them gives returning readers fresh copies.
    """
    static = lite_dir / "static" / "pyodide"
    python = prepare_python(static, lite_dir / "pypi", cache)
    storage = write_config(lite_dir, contents, static / python["project_wheel"])
    return {"storage": storage, **python}


def write_config(lite_dir: Path, contents: Path | None, project: Path) -> str:
    """Write the lite app's configuration; returns the browser storage name it gives.

    Written again when the notebooks change (the live notebooks get their pages' values
    once the pages have run), so the storage name always follows what is offered.
    """
    storage = storage_name(contents, project)  # the wheel as served
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "bacara_teach live",
            "contentsStorageName": storage,
            "settingsStorageName": storage,
            # No service worker: with one, the kernel mounts the notebooks' folder as its
            # working directory, and every import the kernel makes while it starts first
            # looks there, each look a round trip through the worker (about 90 of them,
            # 3 to 6 s of a cold start).  Without it the kernel works in its own memory:
            # notebooks are still kept in the browser, but files a cell writes are not.
            "disabledExtensions": ["@jupyterlite/application-extension:announcements",
                                   SERVICE_WORKER_PLUGIN],
            # Every cell stays in the page (no windowing): chapters are short, and what a
            # reader (or a test) looks for is always rendered.
            "settingsOverrides": {
                "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
            },
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": list(PRELOADED)},
                }
            },
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    (lite_dir / "bacara-lite-settings.json").write_text(json.dumps(config, indent=1))
    # Source maps are for debugging the lite app itself; readers never need them.
    build_config = {"LiteBuildConfig": {"no_sourcemaps": True}}
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=1))
    return storage


def enforce_settings(output: Path, lite_dir: Path) -> None:
    """Write this project's settings into the built ``jupyter-lite.json``.

    ``jupyter lite build`` merges configuration from several places, and in
    some orders of its tasks a later step rewrote the kernel settings without
    ours; applying them after the build makes the result the same every time.
    """
    config_path = output / "jupyter-lite.json"
    built = json.loads(config_path.read_text())
    ours = json.loads((lite_dir / "bacara-lite-settings.json").read_text())["jupyter-config-data"]
    data = built.setdefault("jupyter-config-data", {})
    for key, value in ours.items():
        if key != "litePluginSettings":
            data[key] = value
    plugins = data.setdefault("litePluginSettings", {})
    kernel = plugins.setdefault(KERNEL_PLUGIN, {})
    kernel.update(ours["litePluginSettings"][KERNEL_PLUGIN])
    config_path.write_text(json.dumps(built, indent=2))


def check_built(output: Path) -> list[str]:
    """Problems in a built lite app's configuration (an empty list when sound)."""
    problems: list[str] = []
    config_path = output / "jupyter-lite.json"
    if not config_path.exists():
        return [f"{config_path} is missing"]
    data = json.loads(config_path.read_text())["jupyter-config-data"]
    for app_config in output.glob("*/jupyter-lite.json"):
        app_data = json.loads(app_config.read_text()).get("jupyter-config-data", {})
        app_kernel = app_data.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
        if app_kernel.get("pyodideUrl", "").startswith("http"):
            problems.append(f"{app_config} points the kernel at {app_kernel['pyodideUrl']}")
    kernel = data.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        problems.append(f"pyodideUrl is {kernel.get('pyodideUrl')!r}, not the local copy")
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("the PyPI fallback is not disabled")
    if SERVICE_WORKER_PLUGIN not in data.get("disabledExtensions", []):
        problems.append("the service worker is not disabled (the kernel would start in a "
                        "mounted folder, seconds slower)")
    missing = sorted(set(PRELOADED) - set(kernel.get("loadPyodideOptions", {}).get("packages", [])))
    if missing:
        problems.append(f"not preloaded with the runtime: {', '.join(missing)}")
    for url in kernel.get("pipliteUrls", []):
        if "://" in url:
            problems.append(f"piplite URL {url!r} is not relative")
    static = output / "static" / "pyodide"
    if not (static / "pyodide.asm.wasm").exists():
        problems.append("the Pyodide runtime was not copied into the build")
    stdlib = static / "python_stdlib.zip"
    if stdlib.exists():
        with zipfile.ZipFile(stdlib) as archive:
            if not any(name.endswith(".pyc") for name in archive.namelist()):
                problems.append("the standard library carries no start-up bytecode (every "
                                "cold start would compile it from source)")
    lock = static / "pyodide-lock.json"
    for entry in json.loads(lock.read_text())["packages"].values() if lock.exists() else []:
        wheel = static / entry["file_name"]
        if not wheel.is_file():
            problems.append(f"{entry['file_name']} is in the lock but not served")
        elif _sha256(wheel) != entry["sha256"]:
            problems.append(f"{entry['file_name']} does not match its sha256 in the lock "
                            "(Pyodide would refuse to load it)")
    return problems


# -- live notebooks ----------------------------------------------------------------------------
LANGUAGE_FOLDERS = {lang: sitebuild.prefix(lang) for lang in sitebuild.LANGUAGES}
"""Where each language's live notebooks live in the lite contents (one app serves both)."""


LIVE_FOLDERS = ("chapters",)
"""Source folders whose pages get a live notebook and a "try it live" link."""

_GLUE_SHIM = (
    "def glue(name, value, display=True):\n"
    "    \"\"\"On the page this value is woven into the text; here it is shown where the page\n"
    "    shows it.\"\"\"\n"
    "    if display:\n"
    "        from IPython.display import display as show\n"
    "\n"
    "        show(value)\n"
)
_GLUE_IMPORT = re.compile(r"^\s*from myst_nb import glue\s*$")
_GLUE_ROLE = re.compile(r"\{glue(?::[a-z]+)?\}`([^`]+)`")


_HEADING = re.compile(r"^(?P<marks>#{1,6})\s+(?P<text>.+)$")
_FENCE = re.compile(r"^(?P<open>:{3,}\{[\w-]+\})(?P<title>.*)$|^:{3,}\s*$")
_FENCE_OPTION = re.compile(r"^:[a-z][\w-]*:(?:\s|$)")
_ITEM = re.compile(r"^(?P<mark>\s*(?:[-*+]|\d+[.)])\s+)(?P<text>.*)$")

def language_cell(lang: str) -> str:
    """The first cell of a live notebook in a language other than English.

    >>> print(language_cell("es").splitlines()[-1])
    os.environ["BACARA_LANG"] = "es"
    """
    note = tr("The engine writes its texts in the language of BACARA_LANG, set below to the "
              "language of this notebook's page (on your own computer, when it is not set, in "
              "that of your locale).", lang)
    comment = "\n".join("# " + line for line in textwrap.wrap(note, 86))
    return f"{comment}\nimport os\n\nos.environ[\"BACARA_LANG\"] = {lang!r}".replace("'", '"')


def _joined(lines: list[str]) -> str:
    return " ".join(line.strip() for line in lines).strip()


def _translate_definitions(lines: list[str], messages: dict[str, str]) -> str:
    """A definition list (``Term`` then ``: definition`` and indented lines), translated."""
    entries: list[tuple[str, list[str]]] = []
    for line in lines:
        if line.startswith(": "):
            entries.append(("definition", [line[2:]]))
        elif line.startswith("  ") and entries:
            entries[-1][1].append(line)
        else:
            entries.append(("term", [line]))
    out = []
    for kind, text in entries:
        english = _joined(text)
        found = messages.get(english)
        if kind == "term":
            out.append(found or "\n".join(text))
        else:
            out.append(": " + found if found else ": " + "\n".join(text))
    return "\n".join(out)


def translate_markdown(source: str, messages: dict[str, str]) -> str:
    r"""A Markdown cell with each paragraph, heading and list item looked up in ``messages``.

    ``messages`` maps the English text of a paragraph, as the site's catalogues hold it
    (lines joined by spaces), to its translation; text without one is kept as it is.

    >>> translate_markdown("# Odds\n\nThe shoe has\neight decks.\n\n- one\n- two",
    ...                    {"Odds": "Probabilidades", "The shoe has eight decks.":
    ...                     "El sabot tiene ocho barajas.", "two": "dos"})
    '# Probabilidades\n\nEl sabot tiene ocho barajas.\n\n- one\n- dos'
    >>> translate_markdown("Shoe\n: The box the cards\n  come from.",
    ...                    {"Shoe": "Sabot", "The box the cards come from.": "La caja."})
    'Sabot\n: La caja.'

    A colon fence (``:::{admonition} Title``, its ``:class:`` options, the closing ``:::``)
    keeps its marks; its title and what it holds are translated:

    >>> translate_markdown(":::{admonition} In short\n:class: tip\n\n- one\n- two\n:::",
    ...                    {"In short": "En resumen", "two": "dos"})
    ':::{admonition} En resumen\n:class: tip\n\n- one\n- dos\n:::'
    """
    blocks = re.split(r"\n[ \t]*\n", source)
    out = []
    for block in blocks:
        lines = block.splitlines()
        head: list[str] = []
        tail: list[str] = []
        while lines and (_FENCE.match(lines[0]) or _FENCE_OPTION.match(lines[0])):
            line = lines.pop(0)
            fence = _FENCE.match(line)
            if fence and fence["title"] and fence["title"].strip():
                title = fence["title"].strip()
                line = f"{fence['open']} {messages.get(title, title)}"
            head.append(line)
        while lines and lines[-1].strip() == ":::":
            tail.insert(0, lines.pop())
        if head or tail:
            inner = translate_markdown("\n".join(lines), messages) if lines else ""
            out.append("\n".join([*head, *([inner] if lines else []), *tail]))
            continue
        heading = _HEADING.match(block.strip()) if len(lines) == 1 else None
        if heading:
            found = messages.get(heading["text"].strip())
            out.append(f"{heading['marks']} {found}" if found else block)
            continue
        if len(lines) > 1 and any(line.startswith(": ") for line in lines[1:]):
            out.append(_translate_definitions(lines, messages))
            continue
        if lines and _ITEM.match(lines[0]):
            items: list[list[str]] = []
            for line in lines:
                if _ITEM.match(line) or not items:
                    items.append([line])
                else:
                    items[-1].append(line)
            rendered = []
            for item in items:
                first = _ITEM.match(item[0])
                if first is None:
                    rendered.append("\n".join(item))
                    continue
                text = _joined([first["text"], *item[1:]])
                found = messages.get(text)
                rendered.append(first["mark"] + found if found else "\n".join(item))
            out.append("\n".join(rendered))
            continue
        out.append(messages.get(_joined(lines), block))
    return "\n\n".join(out)


def catalogue(path: Path) -> dict[str, str]:
    """The translated, non-fuzzy messages of one ``.po`` file (empty if there is none)."""
    if not path.is_file():
        return {}
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        messages = read_po(handle)
    return {str(m.id): str(m.string) for m in messages
            if m.id and m.string and not m.fuzzy and isinstance(m.id, str)}


def live_notebook(source: str, lang: str = "en",
                  messages: dict[str, str] | None = None,
                  glued: dict[str, Any] | None = None, *,
                  here: str = "", titles: dict[str, str] | None = None,
                  live: Collection[str] = ()) -> dict[str, Any]:
    """A chapter's MyST source as a notebook for the Pyodide kernel.

    Values the site weaves into the prose with ``glue`` are written into the live copy's
    prose as the page shows them (``glued``: the values the page's build computed; myst-nb
    itself does not run in the browser).  In a language other than English the prose is
    read through that language's catalogue and the set-up sets ``BACARA_LANG``, so the
    engine's words in the notebook are in that language too.  The prose's MyST becomes
    Markdown a notebook shows as the page does (:func:`live_markdown.plain_markdown`: ``here``
    is the page's folder, ``titles`` every page's title, ``live`` the pages with a live
    notebook), the page's hidden set-up code is gathered in one folded first cell
    (:func:`live_markdown.gather_setup`), and a folded cell after it gives the engine's
    tables, cards and figures the site's own styles.
    """
    from myst_nb.core.read import read_myst_markdown_notebook
    from nbformat.v4 import new_code_cell

    notebook = read_myst_markdown_notebook(source)
    notebook.metadata["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    notebook.metadata["language_info"] = {"name": "python"}
    notebook.metadata["bacara_lang"] = lang
    notebook.metadata.pop("jupytext", None)
    uses_glue = False
    cells = []
    for cell in notebook.cells:
        if cell.cell_type == "code":
            # myst-nb's glue is not in the browser: one stand-in, defined in the set-up
            lines = cell.source.splitlines()
            kept = [line for line in lines if not _GLUE_IMPORT.match(line)]
            uses_glue = uses_glue or len(kept) < len(lines)
            cell.source = "\n".join(kept).strip("\n")
            if not cell.source:
                continue
        else:
            if messages:
                cell.source = translate_markdown(cell.source, messages)
            cell.source = live_markdown.plain_markdown(
                fill_live_glue(cell.source, glued or {}), here, titles, live)
        cells.append(cell)
    first = [*([language_cell(lang)] if lang != sitebuild.LANGUAGES[0] else []),
             *([_GLUE_SHIM] if uses_glue else [])]
    notebook.cells = live_markdown.gather_setup(cells, lang, "\n\n".join(first))
    style = new_code_cell(style_cell(lang))  # type: ignore[no-untyped-call]
    style.metadata["jupyter"] = {"source_hidden": True}
    style.metadata["tags"] = ["bacara-styles"]
    first_tags = notebook.cells[0].metadata.get("tags", []) if notebook.cells else []
    notebook.cells.insert(1 if live_markdown.SETUP_TAG in first_tags else 0, style)
    return dict(notebook)


def fill_live_glue(text: str, values: dict[str, Any]) -> str:
    """Markdown with each glue role replaced by its value (an ellipsis if it has none).

    >>> fill_live_glue("Banco wins {glue:text}`n` times in {glue:md}`m`.",
    ...                {"n": {"data": {"text/plain": "8"}}})
    'Banco wins 8 times in ….'
    """
    from site_languages import fill_glue

    def one(match: re.Match[str]) -> str:
        name = match.group(1).partition(":")[0]
        return fill_glue(match.group(0), values, "live notebook") if name in values else "…"

    return _GLUE_ROLE.sub(one, text)


STYLESHEETS = (ROOT / "docs" / "_static" / "bacara.css",)
"""The site's stylesheets whose rules for the engine's output the live notebooks reuse."""

_THEME_VARIABLES = (":root{--pst-color-border:var(--jp-border-color1);"
                    "--pst-color-primary:var(--jp-brand-color1);"
                    "--pst-color-surface:var(--jp-layout-color2);"
                    "--pst-color-text-base:var(--jp-content-font-color1)}")


def _css_rules(css: str) -> list[tuple[str, str]]:
    """``(prelude, body)`` of each top-level rule of ``css`` (comments dropped)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    rules, depth, start, prelude = [], 0, 0, ""
    for i, ch in enumerate(css):
        if ch == "{":
            if depth == 0:
                prelude, start = css[start:i].strip(), i + 1
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                rules.append((prelude, css[start:i].strip()))
                start = i + 1
    return rules


_top_level_commas = re.compile(r",(?![^()]*\))")
"""Commas between selectors, not those inside ``:has(...)`` or ``:not(...)``."""


def live_stylesheet(sheets: tuple[Path, ...] = STYLESHEETS) -> str:
    """The site's rules for the engine's output (``.bt-`` classes), for JupyterLab.

    Rules about the site's own page layout are left out; the site's dark theme becomes
    JupyterLab's, and the theme colours the rules use are JupyterLab's.

    >>> css = live_stylesheet()
    >>> ".bt-tableau" in css and ".bd-article" not in css and "data-jp-theme-light" in css
    True
    """
    out = [_THEME_VARIABLES]

    def keep(prelude: str, body: str) -> str | None:
        selectors = [sel.strip() for sel in _top_level_commas.split(prelude)]
        chosen = [sel for sel in selectors if ".bt-" in sel and ".bd-" not in sel
                  and "cell_output" not in sel]
        if not chosen:
            return None
        chosen = [sel.replace('html[data-theme="dark"]', 'body[data-jp-theme-light="false"]')
                  for sel in chosen]
        return ",".join(chosen) + "{" + " ".join(body.split()) + "}"

    for sheet in sheets:
        for prelude, body in _css_rules(sheet.read_text(encoding="utf-8")):
            if prelude.startswith("@media"):
                inner = [k for k in (keep(p, b) for p, b in _css_rules(body)) if k]
                if inner:
                    out.append(prelude + "{" + "".join(inner) + "}")
            elif not prelude.startswith("@"):
                rule = keep(prelude, body)
                if rule:
                    out.append(rule)
    return "\n".join(out)


def style_cell(lang: str = "en") -> str:
    """The folded first cell of a live notebook: the site's styles for the engine's output."""
    comment = "# " + tr("The site's styles for the tables, cards and figures below.", lang)
    css = live_stylesheet()
    return (f"{comment}\nfrom IPython.display import HTML\n\n"
            f"HTML({('<style>' + css + '</style>')!r})")


EXERCISES = ROOT / "exercises"
"""The students' practice notebooks, offered in the lite app under ``exercises/``."""


def export_exercises(contents: Path, source: Path = EXERCISES) -> list[str]:
    """Put the practice notebooks into the lite contents, set to the Pyodide kernel.

    The English ones are the project's own files in ``exercises/``; the other languages'
    are made by the engine (the same papers, in that language) into ``<lang>/exercises``.
    """
    from bacara_teach.exercises.practice import practice_text

    written = []
    for lang, prefix in LANGUAGE_FOLDERS.items():
        target = contents / prefix / "exercises"
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        for notebook_path in sorted(source.glob("*.ipynb")):
            text = (notebook_path.read_text(encoding="utf-8") if lang == sitebuild.LANGUAGES[0]
                    else practice_text(notebook_path.stem, lang))
            notebook = json.loads(text)
            notebook.setdefault("metadata", {})["kernelspec"] = dict(PYODIDE_KERNELSPEC)
            out = target / notebook_path.name
            out.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n",
                           encoding="utf-8")
            written.append(out.relative_to(contents).as_posix())
    return written


def _live_notebook(lang: str, docname: str) -> str:
    """The lite contents path of a page's live notebook (each language in its folder)."""
    return f"{LANGUAGE_FOLDERS.get(lang, '')}{docname}.ipynb"


def live_paths(srcdir: Path, lang: str) -> list[str]:
    """The live notebooks of one language, as paths in the lite contents."""
    return [_live_notebook(lang, f"{folder}/{page.stem}")
            for folder in LIVE_FOLDERS for page in sorted((srcdir / folder).glob("*.md"))]


def page_titles(srcdir: Path, lang: str, locales: Path | None = None) -> dict[str, str]:
    """Each page's title (its first ``#`` heading) by docname, in ``lang`` when its
    catalogue in ``locales`` has it: what a live notebook calls a page it names."""
    titles = {}
    for page in sorted(srcdir.rglob("*.md")):
        docname = page.relative_to(srcdir).with_suffix("").as_posix()
        if docname.startswith("_") or "/_" in docname:
            continue
        heading = next((m["text"].strip() for m in map(_HEADING.match, page.read_text(
            encoding="utf-8").splitlines()) if m and m["marks"] == "#"), None)
        if heading is None:
            continue
        messages = ({} if lang == sitebuild.LANGUAGES[0] or locales is None else
                    catalogue(locales / lang / "LC_MESSAGES" / f"{docname}.po"))
        titles[docname] = messages.get(heading, heading)
    return titles


def export_live_notebooks(srcdir: Path, contents: Path,
                          locales: Path | None = None,
                          glue: Any = None) -> list[str]:
    """Write the live copy of every page in :data:`LIVE_FOLDERS`, in every language.

    English comes from the sources; each other language from the sources read through
    its catalogues in ``locales`` (``docs/locales``).  ``glue(lang, docname)``, when
    given, says the values that page glued in that language.  Returns the paths written.
    """
    import nbformat

    written = []
    live = {f"{folder}/{page.stem}" for folder in LIVE_FOLDERS
            for page in (srcdir / folder).glob("*.md")}
    for lang, prefix in LANGUAGE_FOLDERS.items():
        if lang != sitebuild.LANGUAGES[0] and locales is None:
            continue
        titles = page_titles(srcdir, lang, locales)
        for folder in LIVE_FOLDERS:
            target = contents / prefix / folder
            if target.exists():
                shutil.rmtree(target)
            target.mkdir(parents=True)
            for page in sorted((srcdir / folder).glob("*.md")):
                messages = (None if lang == sitebuild.LANGUAGES[0] or locales is None else
                            catalogue(locales / lang / "LC_MESSAGES" / folder / f"{page.stem}.po"))
                glued = glue(lang, f"{folder}/{page.stem}") if glue is not None else None
                notebook = nbformat.from_dict(  # type: ignore[no-untyped-call]
                    live_notebook(page.read_text(encoding="utf-8"), lang, messages, glued,
                                  here=folder, titles=titles, live=live))
                out = target / f"{page.stem}.ipynb"
                nbformat.write(notebook, out)  # type: ignore[no-untyped-call]
                written.append(out.relative_to(contents).as_posix())
    return written


# -- Sphinx hooks ----------------------------------------------------------------------------------
def _local_only(app: Any) -> None:
    """Drop stylesheets and scripts that point outside the site (jupyterlite-sphinx's web font)."""
    app.registry.css_files = [(n, a) for n, a in app.registry.css_files if "://" not in n]
    app.registry.js_files = [(n, a) for n, a in app.registry.js_files if "://" not in str(n)]
    builder = app.builder
    for attr in ("_css_files", "_js_files"):
        assets = getattr(builder, attr, None)
        if assets is not None:
            assets[:] = [a for a in assets if "://" not in str(getattr(a, "filename", a) or "")]


def _is_primary(app: Any) -> bool:
    """The source language's build makes the one lite app; the other languages' pages link to it."""
    return bool(app.config.language == SOURCE_LANGUAGE)


def _on_builder_inited(app: Any) -> None:
    if app.builder.format != "html":
        return
    _local_only(app)
    srcdir = Path(app.srcdir)
    cache = Path(os.environ.get("BACARA_LITE_CACHE", ROOT / ".cache" / "lite"))
    if not _is_primary(app):
        Path(app.outdir).mkdir(parents=True, exist_ok=True)
        (Path(app.outdir) / BUILDING).write_text(str(os.getpid()))
        app.config.bacara_live_notebooks = live_paths(srcdir, app.config.language)
        # The same Python folder as the English build's, prepared aside (from the shared
        # cache) only so that these pages can say how much a live start downloads.
        scratch = Path(app.doctreedir) / "lite-python"
        app.config.bacara_lite_summary = prepare_python(scratch / "pyodide", scratch / "pypi",
                                                        cache)
        return
    lite_dir = Path(app.config.jupyterlite_dir)
    for stale in (srcdir / ".jupyterlite.doit.db", Path.cwd() / ".jupyterlite.doit.db"):
        if stale.exists():
            stale.unlink()
    contents = srcdir / app.config.jupyterlite_content_dir
    locales = srcdir / app.config.locale_dirs[0] if app.config.locale_dirs else None
    app.config.bacara_live_notebooks = export_live_notebooks(srcdir, contents, locales)
    app.config.bacara_exercise_notebooks = export_exercises(contents)
    app.config.bacara_lite_summary = prepare(lite_dir, cache, contents)


LITE_STAMP = ".bacara-lite-inputs"
"""File in the built lite app naming the digest of everything it was built from."""


def lite_inputs_digest(lite_dir: Path, contents: Path) -> str:
    """A digest of every input of ``jupyter lite build``: the prepared lite folder, the
    notebooks it offers, and the versions of the tools that build it."""
    digest = hashlib.sha256()
    for name in ("jupyterlite-core", "jupyterlite-pyodide-kernel", "jupyterlite-sphinx"):
        digest.update(f"{name}=={version(name)}".encode())
    for base in (lite_dir, contents):
        for path in sorted(base.rglob("*")) if base.exists() else []:
            if path.is_file() and path.name != ".jupyterlite.doit.db":
                digest.update(path.relative_to(base).as_posix().encode())
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


BUILDING = sitebuild.BUILDING
"""Marker a language's build keeps in its output folder while it runs or waits to run (see
:func:`_glued_values` and :func:`sitebuild.run_all`)."""
GLUE_WAIT_S = 900.0


def _glued_values(app: Any) -> Any:
    """``values(lang, docname)``: what a page glued in each language's build.

    The English build has its own values; another language's build, run beside it, keeps
    them in its own notebook folder.  While that build is still running (its marker is
    there) and the page's values are not written yet, or older than the page, this waits.
    """
    import time

    from site_languages import glue_path, glue_values, read_glue

    site = Path(app.outdir)
    srcdir = Path(app.srcdir)

    def values(lang: str, docname: str) -> dict[str, Any]:
        if lang == app.config.language:
            return glue_values(app.env, docname)
        folder = sitebuild.site_folder(site, lang)
        path = glue_path(sitebuild.execute_folder(site, lang), docname)
        source = srcdir / f"{docname}.md"
        deadline = time.monotonic() + GLUE_WAIT_S
        while (folder / BUILDING).exists() and time.monotonic() < deadline and not (
                path.is_file() and path.stat().st_mtime >= source.stat().st_mtime):
            time.sleep(1.0)
        return read_glue(path)

    return values


def _lite_build_if_changed(build: Any, app: Any, error: Exception | None) -> None:
    """Run jupyterlite-sphinx's ``jupyter lite build`` only when one of its inputs changed.

    The lite app is rebuilt whole (no stale files) when it is built; when nothing it is
    built from changed since the last build into this output folder, the build is kept.
    """
    if error is not None or app.builder.format != "html":
        build(app, error)
        return
    if not _is_primary(app):
        print(f"[bacara_teach] the {app.config.language} pages use the English build's "
              "in-browser Python app (../lite): not built here")
        return
    output = Path(app.outdir) / "lite"
    contents = Path(app.srcdir) / app.config.jupyterlite_content_dir
    # Now that every page has run, the live notebooks get the values their pages glued.
    locales = Path(app.srcdir) / app.config.locale_dirs[0] if app.config.locale_dirs else None
    export_live_notebooks(Path(app.srcdir), contents, locales, glue=_glued_values(app))
    lite_dir = Path(app.config.jupyterlite_dir)
    wheel = lite_dir / "static" / "pyodide" / app.config.bacara_lite_summary["project_wheel"]
    app.config.bacara_lite_summary["storage"] = write_config(lite_dir, contents, wheel)
    wanted = lite_inputs_digest(Path(app.config.jupyterlite_dir), contents)
    stamp = output / LITE_STAMP
    if stamp.is_file() and stamp.read_text() == wanted and (output / "jupyter-lite.json").is_file():
        print("[bacara_teach] the in-browser Python app is up to date: nothing to rebuild")
        return
    if output.exists():
        shutil.rmtree(output)
    build(app, error)
    if (output / "jupyter-lite.json").is_file():
        stamp.write_text(wanted)


def _wrap_lite_build(app: Any) -> None:
    """Put :func:`_lite_build_if_changed` in place of jupyterlite-sphinx's own handler."""
    listeners = app.events.listeners.get("build-finished", [])
    for listener in list(listeners):
        handler = listener.handler
        if (getattr(handler, "__name__", "") == "jupyterlite_build"
                and getattr(handler, "__module__", "").startswith("jupyterlite_sphinx")):
            app.disconnect(listener.id)
            app.connect("build-finished", functools.partial(_lite_build_if_changed, handler),
                        priority=listener.priority)
            return
    raise RuntimeError("jupyterlite_sphinx's build-finished handler was not found: "
                       "list 'jupyterlite_sphinx' before 'lite_assets' in extensions")


LIVE_LINK = (N_("Try this chapter live"),
             N_("opens a notebook that runs Python in your browser, served by this site (the "
                "first time it downloads Python and its packages, about {mb} MB)"))
"""The "try it live" link and its note; ``{mb}`` is what the build measured a cold start
downloads of the Python folder (:func:`prepare_python`)."""


def live_note(lang: str, download_bytes: int) -> str:
    """The note beside the "try it live" link, with the download in whole megabytes.

    >>> live_note("en", 21_351_256)
    'opens a notebook that runs Python in your browser, served by this site (the first time it downloads Python and its packages, about 21 MB)'
    >>> live_note("es", 21_351_256).endswith("unos 21 MB)")
    True
    """
    return tr(LIVE_LINK[1], lang, mb=round(download_bytes / 1e6))


def _on_page_context(app: Any, pagename: str, _templatename: str, context: dict[str, Any],
                     doctree: Any) -> None:
    """Put a "try it live" link under the heading of every page that has a live notebook."""
    lang = app.config.language
    prefix = LANGUAGE_FOLDERS.get(lang, "")
    live = _live_notebook(lang, pagename)
    if doctree is None or live not in app.config.bacara_live_notebooks or "body" not in context:
        return
    # The lite app sits at the root of the English site; other languages live one folder down.
    href = ("../" * (pagename.count("/") + prefix.count("/")) + "lite/notebooks/index.html"
            + f"?path={live}")
    text = tr(LIVE_LINK[0], lang)
    note = live_note(lang, app.config.bacara_lite_summary["download_bytes"])
    link = (f"<div class='bt-live'><a class='bt-live-link' href='{href}'>{text}</a> "
            f"<span class='bt-live-note'>{note}</span></div>")
    context["body"] = below_heading(context["body"], link)


def below_heading(body: str, html: str) -> str:
    """``body`` with ``html`` just under its first heading (at its top if it has none), so a
    page opens with its title.

    >>> below_heading("<section><h1>Odds<a href='#'>#</a></h1><p>Text</p>", "<div>live</div>")
    "<section><h1>Odds<a href='#'>#</a></h1><div>live</div><p>Text</p>"
    >>> below_heading("<p>no heading</p>", "<div>live</div>")
    '<div>live</div><p>no heading</p>'
    """
    end = body.find("</h1>")
    if end < 0:
        return html + body
    end += len("</h1>")
    return body[:end] + html + body[end:]


def _outdated_by_download(app: Any, env: Any, _added: set[str], _changed: set[str],
                          _removed: set[str]) -> list[str]:
    """The pages whose "try it live" note names the download, when the figure changed
    since they were written (a page is otherwise rewritten only when its source changes)."""
    figure = app.config.bacara_lite_summary.get("download_bytes")
    if figure is None or getattr(env, "bacara_lite_download", None) == figure:
        return []
    env.bacara_lite_download = figure
    return sorted(doc for doc in env.found_docs
                  if _live_notebook(app.config.language, doc) in app.config.bacara_live_notebooks)


def _on_build_finished(app: Any, error: Exception | None) -> None:
    if app.builder.format == "html" and not _is_primary(app):
        (Path(app.outdir) / BUILDING).unlink(missing_ok=True)
    if error is not None or app.builder.format != "html" or not _is_primary(app):
        return
    output = Path(app.outdir) / "lite"
    if (output / "jupyter-lite.json").exists():
        enforce_settings(output, Path(app.config.jupyterlite_dir))
    problems = check_built(output)
    if problems:
        raise RuntimeError("the in-browser Python build is not self-contained: " + "; ".join(problems))


def setup(app: Any) -> dict[str, Any]:
    # Filled in at builder-inited from what the build prepares: results, not inputs, so a
    # change in them never invalidates the pages read before ("" = no rebuild).
    app.add_config_value("bacara_lite_summary", {}, "")
    app.add_config_value("bacara_live_notebooks", [], "")
    app.add_config_value("bacara_exercise_notebooks", [], "")
    _wrap_lite_build(app)
    app.connect("builder-inited", _on_builder_inited)
    app.connect("html-page-context", _on_page_context)
    app.connect("env-get-outdated", _outdated_by_download)
    # after jupyterlite-sphinx's own build-finished handler (priority 500)
    app.connect("build-finished", _on_build_finished, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
