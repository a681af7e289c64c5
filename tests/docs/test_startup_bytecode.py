"""The start-up bytecode step (``docs/_ext/startup_bytecode.py``), checked on small archives.

In the docs build the step runs inside Pyodide; its archive work is plain Python, so here
it runs on this interpreter, whose bytecode these tests can load and run.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import marshal
import sys
import zipfile
import zipimport
from pathlib import Path

import pytest

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import startup_bytecode  # noqa: E402

SITE = "/site"
FILES = {
    "kept/__init__.py": b"NAME = 'kept'\n",
    "kept/mod.py": b"def double(x):\n    return 2 * x\n",
    "machinery/__init__.py": b"",
    "machinery/core.py": b"ANSWER = 6 * 7\n",
    "machinery/unused.py": b"raise RuntimeError('never imported at start-up')\n",
}


def _wheel(path: Path) -> Path:
    record = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in FILES.items():
            wheel.writestr(zipfile.ZipInfo(name, (2024, 1, 2, 3, 4, 6)), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{name},sha256={digest.decode()},{len(data)}")
        record.append("demo-1.0.dist-info/RECORD,,")
        wheel.writestr("demo-1.0.dist-info/RECORD", "\n".join(record) + "\n")
    return path


def _rewritten(tmp_path: Path, name: str = "out.whl") -> Path:
    source = _wheel(tmp_path / "demo-1.0-py3-none-any.whl")
    names = set(zipfile.ZipFile(source).namelist())
    imported = {f"{SITE}/{n}" for n in FILES if n != "machinery/unused.py"}
    plan = startup_bytecode.plan(names, SITE, imported, {"kept"}, wheel=True)
    target = tmp_path / name
    count = startup_bytecode.rewrite(str(source), str(target), plan, "demo-1.0.dist-info/RECORD")
    assert count == 4
    return target


def test_kept_sources_stay_beside_unchecked_hash_bytecode(tmp_path: Path) -> None:
    with zipfile.ZipFile(_rewritten(tmp_path)) as wheel:
        names = set(wheel.namelist())
        cached = importlib.util.cache_from_source("kept/mod.py")
        assert {"kept/mod.py", cached} <= names
        pyc = wheel.read(cached)
    assert pyc[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, source not checked
    assert pyc[8:16] == importlib.util.source_hash(FILES["kept/mod.py"])
    code = marshal.loads(pyc[16:])
    assert code.co_filename == f"{SITE}/kept/mod.py"  # tracebacks name the installed file
    namespace: dict[str, object] = {}
    exec(code, namespace)
    assert namespace["double"](21) == 42  # type: ignore[operator]


def test_machinery_is_bytecode_only_and_what_was_not_imported_is_left_alone(
        tmp_path: Path) -> None:
    with zipfile.ZipFile(_rewritten(tmp_path)) as wheel:
        names = set(wheel.namelist())
    assert "machinery/core.pyc" in names and "machinery/core.py" not in names
    assert "machinery/__init__.pyc" in names and "machinery/__init__.py" not in names
    assert "machinery/unused.py" in names
    assert not any(n.startswith("machinery/unused") and n.endswith(".pyc") for n in names)


def test_record_lists_exactly_what_the_wheel_holds(tmp_path: Path) -> None:
    with zipfile.ZipFile(_rewritten(tmp_path)) as wheel:
        lines = wheel.read("demo-1.0.dist-info/RECORD").decode().splitlines()
        listed = {line.split(",")[0]: line.split(",")[1:] for line in lines}
        assert set(listed) == set(wheel.namelist())
        for name, (digest, size) in listed.items():
            if name.endswith("RECORD"):
                continue
            data = wheel.read(name)
            want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert digest == f"sha256={want.decode()}" and int(size) == len(data), name


def test_the_rewritten_wheel_imports_from_its_bytecode(tmp_path: Path) -> None:
    site = tmp_path / "site"
    with zipfile.ZipFile(_rewritten(tmp_path)) as wheel:
        wheel.extractall(site)
    sys.path.insert(0, str(site))
    try:
        import kept.mod  # type: ignore[import-not-found]
        import machinery.core  # type: ignore[import-not-found]

        assert kept.mod.double(4) == 8
        assert machinery.core.ANSWER == 42
        assert machinery.core.__file__.endswith("core.pyc")
        assert kept.mod.__spec__.cached == str(site / importlib.util.cache_from_source(
            "kept/mod.py"))
    finally:
        sys.path.remove(str(site))
        for name in ("kept", "kept.mod", "machinery", "machinery.core"):
            sys.modules.pop(name, None)


def test_a_rebuild_writes_the_same_bytes(tmp_path: Path) -> None:
    first = _rewritten(tmp_path, "one.whl").read_bytes()
    second = _rewritten(tmp_path, "two.whl").read_bytes()
    assert first == second


def test_the_zipped_stdlib_gets_bytecode_beside_its_sources(tmp_path: Path) -> None:
    source = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(source, "w") as archive:
        archive.writestr("lesson/__init__.py", "")
        archive.writestr("lesson/cards.py", "SUITS = '♠♥♦♣'\n")
    target = tmp_path / "stdlib-compiled.zip"
    prefix = str(target)
    imported = {f"{prefix}/lesson/__init__.py", f"{prefix}/lesson/cards.py"}
    plan = startup_bytecode.plan({"lesson/__init__.py", "lesson/cards.py"}, prefix, imported,
                                 set(), wheel=False)
    assert startup_bytecode.rewrite(str(source), str(target), plan, None) == 2
    names = set(zipfile.ZipFile(target).namelist())
    assert {"lesson/cards.py", "lesson/cards.pyc", "lesson/__init__.pyc"} <= names
    importer = zipimport.zipimporter(str(target))
    spec = importer.find_spec("lesson")
    assert spec is not None and spec.origin is not None and spec.origin.endswith(".pyc")
    inner = zipimport.zipimporter(f"{target}/lesson/")
    cards = inner.find_spec("lesson.cards")
    assert cards is not None and cards.origin is not None and cards.origin.endswith("cards.pyc")
    assert "SUITS" in (inner.get_source("lesson.cards") or "")  # the source is still readable
