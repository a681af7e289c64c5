"""Bytecode for every module the live kernel imports while it starts, made by Pyodide itself.

This file runs inside Pyodide, under Node.js (``startup_bytecode.mjs``), during the docs
build; it is never imported on the host.  Pyodide ships Python sources only: left alone,
the browser compiles the standard library's start-up modules, IPython, prompt_toolkit,
jedi and the rest from source on every cold start, seconds of a reader's wait.  Here the
kernel is started the way the lite app starts it (same wheels, same imports, then a first
cell), and each module it imported is compiled once, by the very interpreter the browser
runs (so the bytecode's magic number is always the right one).

Where a learner may read or step into the code (the standard library, the project, the
widget libraries) the sources stay beside the bytecode, so tracebacks and ``inspect``
still show them: in the standard library's zip as ``name.pyc`` beside ``name.py`` (where
``zipimport`` looks first), in a wheel as ``__pycache__/name.cpython-3XY.pyc``.  The
kernel's own machinery (IPython, prompt_toolkit, jedi, pygments, ...) gets ``name.pyc`` in
place of ``name.py``: no lesson reads those sources, and leaving them out keeps the
download within its budget.  A wheel's RECORD lists what it holds afterwards, so an uninstall removes it.
The files are "unchecked hash" bytecode: valid without comparing timestamps, which an
unpacked wheel does not keep.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.util
import json
import os
import py_compile
import sys
import tempfile
import traceback
import zipfile
from typing import Any, NamedTuple

KERNEL_START = ("piplite.piplite", "pyodide_kernel")
"""What the Pyodide kernel imports before it runs a cell (its worker's start-up code)."""


def stdlib_zip() -> str:
    """The zip the standard library is imported from (``/lib/python3XY.zip``)."""
    for entry in sys.path:
        if entry.endswith(".zip"):
            return entry
    raise RuntimeError(f"no zipped standard library on sys.path: {sys.path}")


def site_packages() -> str:
    """Where Pyodide installs wheels."""
    import site

    return str(site.getsitepackages()[0])


async def start_kernel(cell: str) -> None:
    """Import what the kernel imports while it starts, then run ``cell`` in it."""
    for name in KERNEL_START:
        importlib.import_module(name)
    kernel = sys.modules["pyodide_kernel"].kernel_instance
    result = await kernel.run(cell)
    if result.get("status") != "ok":  # a failed cell would leave its imports uncompiled
        raise RuntimeError(f"the start-up cell {cell!r} failed in the kernel: "
                           f"{result.get('ename')}: {result.get('evalue')}")


def imported_sources() -> set[str]:
    """The source file of every module imported so far."""
    found = set()
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None)
        if isinstance(origin, str) and origin.endswith(".py"):
            found.add(origin)
    return found


def bytecode(source: bytes, path: str) -> bytes:
    """``source`` compiled to an unchecked-hash ``.pyc``, its code named ``path``."""
    with tempfile.TemporaryDirectory() as work:
        src, out = os.path.join(work, "m.py"), os.path.join(work, "m.pyc")
        with open(src, "wb") as handle:
            handle.write(source)
        py_compile.compile(src, cfile=out, dfile=path, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open(out, "rb") as handle:
            return handle.read()


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _added(info: zipfile.ZipInfo, name: str) -> zipfile.ZipInfo:
    """An entry for ``name`` dated like its source, so a rebuild writes the same bytes."""
    entry = zipfile.ZipInfo(name, info.date_time)
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = 0o644 << 16
    return entry


class Compiled(NamedTuple):
    """What becomes of one source entry of an archive."""

    path: str
    """The path the module is imported from (its code objects are named after it)."""
    bytecode: str
    """The name of its bytecode entry."""
    keep_source: bool
    """Whether the source stays beside the bytecode."""


def rewrite(source: str, target: str, compiled: dict[str, Compiled], record: str | None) -> int:
    """Copy the archive ``source`` to ``target`` with the bytecode of ``compiled`` added
    (in place of the source where it is not kept); ``record`` is the wheel's RECORD
    entry, rewritten to list what the wheel now holds.  Returns the modules compiled.
    """
    added: list[tuple[str, bytes]] = []
    dropped: set[str] = set()
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as zout:
        for info in zin.infolist():
            if info.filename == record:
                continue
            data = zin.read(info)
            todo = compiled.get(info.filename)
            if todo is None or todo.keep_source:
                zout.writestr(info, data)
            else:
                dropped.add(info.filename)
            if todo is not None:
                pyc = bytecode(data, todo.path)
                zout.writestr(_added(info, todo.bytecode), pyc, compresslevel=9)
                added.append((todo.bytecode, pyc))
        if record is not None:
            info = zin.getinfo(record)
            lines = [line for line in zin.read(info).decode().splitlines()
                     if line.split(",", 1)[0] not in dropped]
            lines[-1:-1] = [_record_line(name, pyc) for name, pyc in added]
            zout.writestr(info, "\n".join(lines) + "\n")
    return len(added)


def plan(names: set[str], prefix: str, imported: set[str], keep_sources: set[str],
         wheel: bool) -> dict[str, Compiled]:
    """The entries of one archive that get bytecode: those imported from ``prefix``.

    In a wheel the bytecode goes to ``__pycache__`` when the source stays (top-level
    names in ``keep_sources``) and in place of the source otherwise; in the zipped
    standard library it goes beside the source, which always stays.
    """
    out = {}
    for entry in names:
        path = f"{prefix}/{entry}"
        if path not in imported:
            continue
        top = entry.split("/", 1)[0].removesuffix(".py")
        if not wheel:
            out[entry] = Compiled(path, entry[:-3] + ".pyc", keep_source=True)
        elif top in keep_sources:
            out[entry] = Compiled(path, importlib.util.cache_from_source(entry), True)
        else:
            out[entry] = Compiled(path, entry[:-3] + ".pyc", keep_source=False)
    return out


async def main(inputs: str, outputs: str, cell: str, keep_sources: list[str]) -> str:
    """Start the kernel and run ``cell``, then write each archive of ``inputs`` with the
    bytecode of the modules imported into ``outputs``.

    Sources stay in the standard library and in the wheels of the top-level packages
    ``keep_sources``; the other wheels' imported modules become bytecode only.  Returns
    a summary (JSON: modules compiled, and of them left without source, per archive).
    """
    try:
        await start_kernel(cell)
    except Exception:  # the kernel took over sys.stderr: report on the process's own
        traceback.print_exc(file=sys.__stderr__)
        raise
    imported = imported_sources()
    keep = set(keep_sources)
    summary: dict[str, Any] = {"python": sys.version.split()[0],
                               "cache_tag": sys.implementation.cache_tag, "archives": {}}
    os.makedirs(outputs, exist_ok=True)
    for name in sorted(os.listdir(inputs)):
        archive = os.path.join(inputs, name)
        with zipfile.ZipFile(archive) as z:
            names = set(z.namelist())
        wheel = name.endswith(".whl")
        prefix = site_packages() if wheel else stdlib_zip()
        compiled = plan(names, prefix, imported, keep, wheel)
        if not compiled:
            continue
        record = next((n for n in names if n.endswith(".dist-info/RECORD")), None)
        count = rewrite(archive, os.path.join(outputs, name), compiled, record)
        summary["archives"][name] = {
            "compiled": count, "sourceless": sum(not c.keep_source for c in compiled.values())}
    return json.dumps(summary, sort_keys=True)
