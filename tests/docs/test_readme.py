"""README.md stays true to the code: its examples run, its commands are the real ones."""

from __future__ import annotations

import ast
import doctest
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
TEST_COMMAND = "python3 -m pip install nox && python3 -m nox -s tests"


def _readme() -> str:
    return README.read_text(encoding="utf-8")


def test_readme_python_examples_pass_as_doctests() -> None:
    result = doctest.testfile(
        str(README), module_relative=False, encoding="utf-8",
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0
    assert result.failed == 0


def _cli_examples() -> list[list[str]]:
    return [shlex.split(line[2:]) for line in _readme().splitlines()
            if line.startswith("$ bacara-teach")]


@pytest.mark.parametrize("argv", _cli_examples(), ids=" ".join)
def test_readme_cli_example_runs(argv: list[str]) -> None:
    assert argv[0] == "bacara-teach"
    result = subprocess.run([sys.executable, "-m", "bacara_teach", *argv[1:]],
                            capture_output=True, text=True, encoding="utf-8", check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    if "--json" in argv:
        json.loads(result.stdout)


def test_readme_has_cli_examples() -> None:
    assert len(_cli_examples()) >= 3


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    assert f"{TEST_COMMAND}    #" in _readme()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f"{{ {TEST_COMMAND}; }}" in ci
    assert "set -euo pipefail" in ci


def _nox_sessions() -> set[str]:
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                target = decorator.func if isinstance(decorator, ast.Call) else decorator
                if ast.unparse(target) == "nox.session":
                    names.add(node.name)
    return names


def test_readme_session_table_lists_every_nox_session() -> None:
    listed = set(re.findall(r"^\| `(\w+)` \|", _readme(), flags=re.MULTILINE))
    sessions = _nox_sessions()
    assert {"tests", "lint", "docs", "serve", "bench"} <= sessions
    assert listed == sessions
