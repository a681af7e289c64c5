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
* ``jupyter-lite.json`` with the PyPI fallback disabled and a storage name
  that changes with every build's contents, so a returning reader gets the
  new notebooks rather than a stale copy kept in the browser.

It also removes the third-party web-font stylesheet that jupyterlite-sphinx
registers, so the site makes no request outside its own origin, and checks
the built configuration after the build.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from importlib.metadata import version
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

#: what the kernel loads from Pyodide's lock before the first cell runs
BOOT_PACKAGES = ("micropip", "jedi", "ipython")
#: preloaded at start-up from wheels built or pinned here
PRELOADED = ("bacara-teach", "ipywidgets", "comm")
"""Names as Pyodide's lock spells them (normalised: lower case, runs of -_. as -)."""
#: also offered to ``%pip install`` (piplite) from the site's own folder
PIPLITE_ONLY = ("jupyterlab_widgets",)
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide.js")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


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


def build_project_wheel(dest: Path) -> Path:
    """A wheel of this checkout of bacara_teach."""
    for old in dest.glob("bacara_teach-*.whl"):
        old.unlink()
    dest.mkdir(parents=True, exist_ok=True)
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dest), str(ROOT)])
    (wheel,) = dest.glob("bacara_teach-*.whl")
    return wheel


def _entry(wheel: Path, name: str, imports: list[str]) -> dict[str, Any]:
    return {
        "name": name, "version": wheel.name.split("-")[1], "file_name": wheel.name,
        "install_dir": "site", "sha256": _sha256(wheel), "package_type": "package",
        "imports": imports, "depends": [], "unvendored_tests": False,
    }


def prepare(lite_dir: Path, cache: Path) -> dict[str, Any]:
    """Fill ``lite_dir`` with the runtime, the pruned lock, the wheels and the config."""
    runtime = pyodide_runtime(cache / "npm")
    static = lite_dir / "static" / "pyodide"
    pypi = lite_dir / "pypi"
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
    for name in PIPLITE_ONLY:
        shutil.copy2(_download(name, version(name), wheels), pypi)
    info = dict(lock["info"])
    (static / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": pruned},
                                                         indent=1))

    digest = hashlib.sha256()
    for path in sorted((lite_dir / "files").rglob("*")) if (lite_dir / "files").exists() else []:
        if path.is_file():
            digest.update(path.read_bytes())
    digest.update(_sha256(project).encode())
    storage = f"bacara_teach-{project.name.split('-')[1]}-{digest.hexdigest()[:12]}"
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "bacara_teach live",
            "contentsStorageName": storage,
            "settingsStorageName": storage,
            "disabledExtensions": ["@jupyterlite/application-extension:announcements"],
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
    return {"storage": storage, "packages": sorted(pruned), "project_wheel": project.name}


def check_built(output: Path) -> list[str]:
    """Problems in a built lite app's configuration (an empty list when sound)."""
    problems: list[str] = []
    config_path = output / "jupyter-lite.json"
    if not config_path.exists():
        return [f"{config_path} is missing"]
    data = json.loads(config_path.read_text())["jupyter-config-data"]
    kernel = data.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        problems.append(f"pyodideUrl is {kernel.get('pyodideUrl')!r}, not the local copy")
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("the PyPI fallback is not disabled")
    for url in kernel.get("pipliteUrls", []):
        if "://" in url:
            problems.append(f"piplite URL {url!r} is not relative")
    if not (output / "static" / "pyodide" / "pyodide.asm.wasm").exists():
        problems.append("the Pyodide runtime was not copied into the build")
    return problems


# -- Sphinx hooks ----------------------------------------------------------------------------------
def _on_builder_inited(app: Any) -> None:
    if app.builder.format != "html":
        return
    lite_dir = Path(app.config.jupyterlite_dir)
    for stale in (Path(app.srcdir) / ".jupyterlite.doit.db", Path.cwd() / ".jupyterlite.doit.db"):
        if stale.exists():
            stale.unlink()
    cache = Path(os.environ.get("BACARA_LITE_CACHE", ROOT / ".cache" / "lite"))
    summary = prepare(lite_dir, cache)
    app.config.bacara_lite_summary = summary
    # jupyterlite-sphinx registers a third-party web font; the site serves everything itself.
    app.registry.css_files = [
        (name, attrs) for name, attrs in app.registry.css_files if "://" not in name
    ]


def _on_build_finished(app: Any, error: Exception | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    problems = check_built(Path(app.outdir) / "lite")
    if problems:
        raise RuntimeError("the in-browser Python build is not self-contained: " + "; ".join(problems))


def setup(app: Any) -> dict[str, Any]:
    app.add_config_value("bacara_lite_summary", {}, "env")
    app.connect("builder-inited", _on_builder_inited)
    # after jupyterlite-sphinx's own build-finished handler (priority 500)
    app.connect("build-finished", _on_build_finished, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
