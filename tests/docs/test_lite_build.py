"""The in-browser Python app as built: self-contained, versioned, and rebuilt only when needed.

The built ``lite/`` folder is read back: the kernel points at the site's own Pyodide,
the public package index is never a fallback, the project's wheel is this checkout's,
and the browser storage is named after the notebooks offered, so a site update reaches
returning readers.  The helpers of ``docs/_ext/lite_assets.py`` are checked on small
folders made here.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import bacara_teach
from bacara_teach.exercises.practice import practice_text
from bacara_teach.text import language_codes

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import lite_assets  # noqa: E402


def _config(site_dir: Path) -> dict[str, object]:
    data = json.loads((site_dir / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    config: dict[str, object] = data["jupyter-config-data"]
    return config


def _project_wheel(site_dir: Path) -> Path:
    (wheel,) = (site_dir / "lite" / "static" / "pyodide").glob("bacara_teach-*.whl")
    return wheel


def test_built_lite_app_is_self_contained(site_dir: Path) -> None:
    assert lite_assets.check_built(site_dir / "lite") == []
    kernel = _config(site_dir)["litePluginSettings"][lite_assets.KERNEL_PLUGIN]  # type: ignore[index]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert set(lite_assets.PRELOADED) <= set(kernel["loadPyodideOptions"]["packages"])
    lock = json.loads((site_dir / "lite" / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():  # every wheel the kernel may load is served here
        assert (site_dir / "lite" / "static" / "pyodide" / entry["file_name"]).is_file()


def test_the_check_refuses_a_service_worker_or_a_package_left_to_install(tmp_path: Path) -> None:
    (tmp_path / "static" / "pyodide").mkdir(parents=True)
    (tmp_path / "static" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True,
              "loadPyodideOptions": {"packages": list(lite_assets.PRELOADED)}}
    data = {"disabledExtensions": [lite_assets.SERVICE_WORKER_PLUGIN],
            "litePluginSettings": {lite_assets.KERNEL_PLUGIN: kernel}}
    config = tmp_path / "jupyter-lite.json"
    config.write_text(json.dumps({"jupyter-config-data": data}))
    assert lite_assets.check_built(tmp_path) == []
    data["disabledExtensions"] = []
    kernel["loadPyodideOptions"] = {"packages": ["bacara-teach"]}
    config.write_text(json.dumps({"jupyter-config-data": data}))
    problems = lite_assets.check_built(tmp_path)
    assert any("service worker" in p for p in problems)
    assert any("ipykernel" in p and "preloaded" in p for p in problems)


def test_the_check_refuses_a_stdlib_without_bytecode_or_a_wheel_unlike_its_lock(
        tmp_path: Path) -> None:
    static = tmp_path / "static" / "pyodide"
    static.mkdir(parents=True)
    (static / "pyodide.asm.wasm").write_bytes(b"\0asm")
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True,
              "loadPyodideOptions": {"packages": list(lite_assets.PRELOADED)}}
    data = {"disabledExtensions": [lite_assets.SERVICE_WORKER_PLUGIN],
            "litePluginSettings": {lite_assets.KERNEL_PLUGIN: kernel}}
    (tmp_path / "jupyter-lite.json").write_text(json.dumps({"jupyter-config-data": data}))
    with zipfile.ZipFile(static / "python_stdlib.zip", "w") as stdlib:
        stdlib.writestr("os.py", "")
    (static / "demo-1.0-py3-none-any.whl").write_bytes(b"changed after the lock was written")
    lock = {"packages": {"demo": {"file_name": "demo-1.0-py3-none-any.whl", "sha256": "0" * 64}}}
    (static / "pyodide-lock.json").write_text(json.dumps(lock))
    problems = lite_assets.check_built(tmp_path)
    assert any("standard library" in p and "bytecode" in p for p in problems)
    assert any("demo-1.0" in p and "sha256" in p for p in problems)
    with zipfile.ZipFile(static / "python_stdlib.zip", "w") as stdlib:
        stdlib.writestr("os.py", "")
        stdlib.writestr("os.pyc", b"")
    lock["packages"]["demo"]["sha256"] = lite_assets._sha256(static / "demo-1.0-py3-none-any.whl")
    (static / "pyodide-lock.json").write_text(json.dumps(lock))
    assert lite_assets.check_built(tmp_path) == []


def test_preloaded_wheels_carry_the_kernels_start_up_bytecode(site_dir: Path) -> None:
    static = site_dir / "lite" / "static" / "pyodide"
    magic: set[bytes] = set()
    lock = json.loads((static / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        with zipfile.ZipFile(static / entry["file_name"]) as wheel:
            names = set(wheel.namelist())
            (record,) = [n for n in names if n.endswith(".dist-info/RECORD")]
            listed = {line.split(",")[0] for line in wheel.read(record).decode().splitlines()}
            assert listed == names, entry["file_name"]  # RECORD says what the wheel holds
            magic.update(wheel.read(n)[:4] for n in names if n.endswith(".pyc"))
    with zipfile.ZipFile(_project_wheel(site_dir)) as wheel:
        names = set(wheel.namelist())
    # the project keeps its sources, bytecode beside them
    assert "bacara_teach/__init__.py" in names
    assert any(n.startswith("bacara_teach/__pycache__/__init__.cpython-") for n in names)
    (ipython,) = static.glob("ipython-*.whl")
    with zipfile.ZipFile(ipython) as wheel:
        names = set(wheel.namelist())
    # the kernel's machinery is bytecode only where it is imported at start-up
    assert "IPython/__init__.pyc" in names and "IPython/__init__.py" not in names
    with zipfile.ZipFile(static / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
        magic.update(stdlib.read(n)[:4] for n in names if n.endswith(".pyc"))
    assert {"asyncio/__init__.py", "asyncio/__init__.pyc"} <= names
    assert len(magic) == 1  # one interpreter compiled it all: the one the browser runs


@pytest.mark.parametrize("lang", language_codes())
def test_the_live_link_says_what_a_cold_start_downloads(site_dir: Path, lang: str) -> None:
    static = site_dir / "lite" / "static" / "pyodide"
    lock = json.loads((static / "pyodide-lock.json").read_text())
    fetched = [static / name for name in lite_assets.LOADED_RUNTIME]
    fetched += [static / "pyodide-lock.json"]
    fetched += [static / entry["file_name"] for entry in lock["packages"].values()]
    total = sum(path.stat().st_size for path in fetched)
    page = site_dir / ("" if lang == "en" else f"{lang}/") / "chapters" / "odds.html"
    html = page.read_text(encoding="utf-8")
    assert f"<span class='bt-live-note'>{lite_assets.live_note(lang, total)}</span>" in html
    assert f"{round(total / 1e6)} MB" in lite_assets.live_note("en", total)
    assert str(round(total / 1e6)) in lite_assets.live_note(lang, total)


def test_the_served_wheel_is_this_checkout(site_dir: Path) -> None:
    package = Path(bacara_teach.__file__).parent
    with zipfile.ZipFile(_project_wheel(site_dir)) as wheel:
        for path in sorted(package.rglob("*.py")):
            name = "bacara_teach/" + path.relative_to(package).as_posix()
            assert wheel.read(name) == path.read_bytes(), name


def test_browser_storage_is_named_after_what_the_site_offers(site_dir: Path) -> None:
    config = _config(site_dir)
    expected = lite_assets.storage_name(site_dir / "lite" / "files", _project_wheel(site_dir))
    assert config["contentsStorageName"] == expected
    assert config["settingsStorageName"] == expected


def test_storage_name_changes_when_a_notebook_or_the_wheel_changes(tmp_path: Path) -> None:
    contents = tmp_path / "contents"
    (contents / "chapters").mkdir(parents=True)
    notebook = contents / "chapters" / "a.ipynb"
    notebook.write_text("{}")
    wheel = tmp_path / "bacara_teach-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"one")
    first = lite_assets.storage_name(contents, wheel)
    assert first.startswith("bacara_teach-0.1.0-")
    assert lite_assets.storage_name(contents, wheel) == first
    notebook.write_text('{"cells": []}')
    second = lite_assets.storage_name(contents, wheel)
    assert second != first
    wheel.write_bytes(b"two")
    assert lite_assets.storage_name(contents, wheel) not in {first, second}


def test_lite_inputs_digest_follows_every_input(tmp_path: Path) -> None:
    lite_dir, contents = tmp_path / "lite", tmp_path / "contents"
    lite_dir.mkdir()
    contents.mkdir()
    (lite_dir / "jupyter-lite.json").write_text("{}")
    (contents / "a.ipynb").write_text("{}")
    first = lite_assets.lite_inputs_digest(lite_dir, contents)
    (tmp_path / "lite" / ".jupyterlite.doit.db").write_text("state")  # build state is no input
    assert lite_assets.lite_inputs_digest(lite_dir, contents) == first
    (contents / "a.ipynb").write_text('{"cells": []}')
    second = lite_assets.lite_inputs_digest(lite_dir, contents)
    assert second != first
    (lite_dir / "jupyter-lite.json").write_text('{"x": 1}')
    assert lite_assets.lite_inputs_digest(lite_dir, contents) != second


def test_built_lite_app_records_the_inputs_it_was_built_from(site_dir: Path) -> None:
    stamp = site_dir / "lite" / lite_assets.LITE_STAMP
    assert stamp.is_file()
    assert len(stamp.read_text()) == 64


def test_live_notebook_keeps_code_and_writes_the_glued_values_into_its_prose() -> None:
    source = (
        "---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n"
        "  name: python3\n  display_name: Python 3\n---\n\n# T\n\nTotal {glue:md}`total`.\n\n"
        "```{code-cell} ipython3\nfrom myst_nb import glue\nglue('total', 3, display=False)\n```\n"
    )
    notebook = lite_assets.live_notebook(source, glued={"total": {"data": {"text/plain": "3"}}})
    assert notebook["metadata"]["kernelspec"]["name"] == "python"
    markdown = [c for c in notebook["cells"] if c["cell_type"] == "markdown"]
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"
            and "bacara-styles" not in c["metadata"].get("tags", [])]
    assert "Total 3." in markdown[-1]["source"]
    # a value the build did not record is never shown by its name
    unfilled = lite_assets.live_notebook(source)
    assert "`total`" not in [c for c in unfilled["cells"] if c["cell_type"] == "markdown"][-1]["source"]
    assert "from myst_nb import glue" not in code[0]["source"]
    namespace: dict[str, object] = {}
    exec(code[0]["source"], namespace)  # the shim stands in for myst-nb's glue
    assert callable(namespace["glue"])


def test_exercises_are_offered_with_the_pyodide_kernel(tmp_path: Path) -> None:
    source = tmp_path / "exercises"
    source.mkdir()
    paper = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "Q1"}],
             "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4,
             "nbformat_minor": 5}
    (source / "scoring.ipynb").write_text(json.dumps(paper))
    written = lite_assets.export_exercises(tmp_path / "contents", source)
    assert written == ["exercises/scoring.ipynb",
                       *(f"{lang}/exercises/scoring.ipynb" for lang in language_codes()[1:])]
    served = json.loads((tmp_path / "contents" / written[0]).read_text())
    assert served["metadata"]["kernelspec"] == lite_assets.PYODIDE_KERNELSPEC
    assert served["cells"] == paper["cells"]
    # The Spanish paper is the engine's own practice paper, the same questions in Spanish.
    spanish = json.loads((tmp_path / "contents" / written[1]).read_text())
    assert spanish["metadata"]["kernelspec"] == lite_assets.PYODIDE_KERNELSPEC
    assert spanish == {**json.loads(practice_text("scoring", "es")),
                       "metadata": spanish["metadata"]}
    english = json.loads(practice_text("scoring", "en"))
    assert len(spanish["cells"]) == len(english["cells"])
    assert spanish["cells"][0]["source"] != english["cells"][0]["source"]


def test_a_start_up_cell_that_fails_stops_the_bytecode_step(site_dir: Path, tmp_path: Path) -> None:
    # Left silent, a failing cell would leave its imports uncompiled and the start slow.
    script, python = lite_assets.BYTECODE_SCRIPTS
    node = shutil.which("node")
    assert node is not None, "the docs build needs Node.js"
    result = subprocess.run(
        [node, str(script), str(site_dir / "lite" / "static" / "pyodide"), str(python),
         str(tmp_path / "out"), "import no_such_module", json.dumps(list(lite_assets.PRELOADED)),
         json.dumps(list(lite_assets.KEEP_SOURCES))],
        capture_output=True, text=True, check=False, timeout=300)
    assert result.returncode != 0
    assert "No module named 'no_such_module'" in result.stderr
    assert "start-up cell" in result.stderr
    assert not (tmp_path / "out").exists()
