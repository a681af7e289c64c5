"""README.md stays true to the code: its examples run, its commands are the real ones, and its
quick start fits a first screen that a user can follow (CONTRIBUTING.md keeps the rest)."""

from __future__ import annotations

import ast
import doctest
import json
import re
import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import siteserve

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
TEST_COMMAND = "python3 -m pip install nox && python3 -m nox -s tests"
SERVE_COMMAND = "python3 -m pip install nox && python3 -m nox -s serve"


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


def test_contributing_session_table_lists_every_nox_session() -> None:
    contributing = CONTRIBUTING.read_text(encoding="utf-8")
    start = contributing.index("## Sessions")
    table = contributing[start:contributing.index("\n## ", start + 1)]
    listed = set(re.findall(r"^\| `(\w+)` \|", table, flags=re.MULTILINE))
    sessions = _nox_sessions()
    assert {"tests", "lint", "docs", "serve", "bench"} <= sessions
    assert listed == sessions
    assert "CONTRIBUTING.md" in _readme()


def _quick_start() -> str:
    text = _readme()
    start = text.index("## Quick start")
    return text[start:text.index("\n## ", start + 1)]


def test_readme_is_short_and_its_quick_start_says_how_to_begin() -> None:
    assert len(_readme().splitlines()) < 120
    quick = _quick_start()
    assert f"{SERVE_COMMAND}    #" in quick and f"{TEST_COMMAND}    #" in quick
    # where to open the site, in both languages
    assert f"http://{siteserve.HOST}:{siteserve.DEFAULT_PORT}/" in quick
    assert f"http://{siteserve.HOST}:{siteserve.DEFAULT_PORT}/es/" in quick
    # how long the first build takes, as a measured figure
    assert re.search(r"first build takes about \d+ (?:to \d+ )?minutes", quick), quick
    assert "## Publish the site" in _readme() and "docs/_build/html" in _readme()


def test_readme_port_option_is_the_one_the_serve_session_takes() -> None:
    commands = re.findall(r"`(python3 -m nox -s serve -- (\S+))`", _quick_start())
    assert commands, "the quick start names no port option"
    for command, port in commands:
        assert siteserve.requested_port([port]) == int(port)
        assert command == siteserve.EXAMPLE.replace("8080", port)


def _serve_body() -> list[str]:
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    (serve,) = (node for node in tree.body if isinstance(node, ast.FunctionDef)
                and node.name == "serve")
    return [ast.unparse(statement) for statement in serve.body
            if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant))]


def test_the_serve_session_checks_its_port_before_installing_or_building() -> None:
    body = _serve_body()
    check = next(i for i, line in enumerate(body)
                 if "siteserve.free_port(session.posargs" in line)
    install = next(i for i, line in enumerate(body) if line.startswith("install_project("))
    build = next(i for i, line in enumerate(body) if line.startswith("build_site("))
    assert check < install < build
    assert "session.error(" in body[check]  # the refusal ends the session


def test_a_busy_port_is_refused_naming_it_and_a_free_one() -> None:
    with socket.socket() as holder:
        holder.bind((siteserve.HOST, 0))
        holder.listen(1)
        busy = holder.getsockname()[1]
        assert not siteserve.can_listen(busy)
        with pytest.raises(siteserve.PortError) as refused:
            siteserve.free_port([str(busy)])
        said = str(refused.value)
        assert f"port {busy} " in said and "busy" in said
        offered = int(re.findall(r"python3 -m nox -s serve -- (\d+)", said)[-1])
        assert offered != busy and siteserve.can_listen(offered)
    assert siteserve.free_port([str(busy)]) == busy  # free again once its holder has gone


@pytest.mark.parametrize("args", [["http"], ["0"], ["65536"], ["８０８０"], ["8080", "8081"]])
def test_a_port_that_is_not_one_is_refused(args: list[str]) -> None:
    with pytest.raises(siteserve.PortError, match="as in 'python3 -m nox -s serve -- 8080'"):
        siteserve.requested_port(args)
