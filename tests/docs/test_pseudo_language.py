"""A language is data: a pseudo-language made from the templates works with no code change.

A copy of the project gets one more entry in ``bacara_teach/locale/languages.json`` and
catalogues generated from the message templates (accented, bracketed English, see
``docs/_ext/pseudo_language.py``) — nothing else.  The command line, a widget, the
exercises and a built page then speak it, with its number symbols; a text that still comes
out in plain English there is a text that bypasses the catalogues.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pseudo_language
import pytest
import sitebuild
from sitecheck import Element, parse_page

pytestmark = [pytest.mark.docs, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
CODE = pseudo_language.CODE
PAGE = "chapters/third-card-rule"
PSEUDO = re.compile(r"⟦[^⟧]*⟧")
WORKED_EXAMPLE = "4♥ 2♠ 9♣ A♦ 7♦ 5♣"


def _ignore(folder: str, names: list[str]) -> set[str]:
    skip = {"__pycache__", "_build", "jupyter_execute", "_contents", "_lite", ".ipynb_checkpoints"}
    return {name for name in names if name in skip or name.endswith(".mo")}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, site_dir: Path) -> Path:
    """A copy of the project with the pseudo-language added as data."""
    root = tmp_path_factory.mktemp("pseudo") / "project"
    root.mkdir()
    for name in ("bacara_teach", "docs", "exercises"):
        shutil.copytree(ROOT / name, root / name, ignore=_ignore)
    # the compiled catalogues of the languages already there come with the copy
    for mo in (ROOT / "bacara_teach" / "locale").rglob("*.mo"):
        target = root / mo.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(mo, target)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, root / name)
    (root / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    pseudo_language.make(root, CODE, site_templates=sitebuild.TEMPLATES)
    return root


def _run(project: Path, *args: str, code: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(project), "BACARA_LANG": CODE,
           "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "bacara_teach", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=project,
                          timeout=600, check=False)


def _plain_english(text: str) -> list[str]:
    """Runs of three or more English-looking words left outside the pseudo brackets."""
    outside = PSEUDO.sub(" ", text)
    return re.findall(r"\b[A-Za-z]{2,}(?:[ ,'-]+[A-Za-z]{2,}){2,}\b", outside)


def _reader_text(element: Element) -> str:
    """What a reader reads: the text outside code, scripts and styles."""
    if element.tag in ("pre", "code", "script", "style", "kbd") or {
            "highlight", "cell_input"} & set(element.classes):
        return " "
    return " ".join(c if isinstance(c, str) else _reader_text(c) for c in element.children)


def test_the_pseudo_language_is_only_data(project: Path) -> None:
    changed = {p.relative_to(project).as_posix() for p in project.rglob("*")
               if p.is_file() and CODE in p.relative_to(project).parts}
    assert changed, "no catalogue was written"
    assert all(p.endswith((".po", ".mo")) for p in changed), changed
    for name in ("bacara_teach/text.py", "bacara_teach/i18n.py", "docs/conf.py",
                 "docs/_ext/sitebuild.py"):
        assert (project / name).read_bytes() == (ROOT / name).read_bytes()


def test_the_command_line_speaks_it_with_its_numbers(project: Path) -> None:
    deal = _run(project, "--lang", CODE, "deal", "--cards", WORKED_EXAMPLE)
    assert deal.returncode == 0, deal.stderr
    assert PSEUDO.search(deal.stdout), deal.stdout
    assert not _plain_english(deal.stdout), _plain_english(deal.stdout)
    odds = _run(project, "odds")
    assert odds.returncode == 0, odds.stderr
    assert PSEUDO.search(odds.stdout)
    # the pseudo-language's own symbols: decimal comma, thin space before the percent sign
    assert re.search(r"\d,\d+\u2009%", odds.stdout), odds.stdout
    assert not re.search(r"\d\.\d+%", odds.stdout), odds.stdout


def test_a_refusal_and_the_help_speak_it(project: Path) -> None:
    refused = _run(project, "deal", "--cards", "11♥ 2♠ 9♣ A♦")
    assert refused.returncode == 2
    assert "Traceback" not in refused.stderr
    assert PSEUDO.search(refused.stderr), refused.stderr
    helped = _run(project, "deal", "--help")
    assert helped.returncode == 0
    assert PSEUDO.search(helped.stdout), helped.stdout


def test_a_widget_speaks_it(project: Path) -> None:
    code = ("from bacara_teach.widgets.trainer import TableauDrill\n"
            f"drill = TableauDrill(seed=1, lang={CODE!r})\n"
            "print('\\n'.join(b.description for b in drill.buttons.values()))\n"
            "print(drill.question.value)\n")
    shown = _run(project, code=code)
    assert shown.returncode == 0, shown.stderr
    labels = shown.stdout.splitlines()
    assert labels and all(PSEUDO.fullmatch(line.strip()) for line in labels[:2]), labels


def test_the_exercises_speak_it(project: Path) -> None:
    code = ("from bacara_teach.exercises.questions import Status, status_label\n"
            "for s in (Status.RIGHT, Status.WRONG, Status.UNANSWERED):\n"
            f"    print(status_label(s, {CODE!r}))\n")
    shown = _run(project, code=code)
    assert shown.returncode == 0, shown.stderr
    assert all(PSEUDO.fullmatch(line) for line in shown.stdout.splitlines()), shown.stdout


def test_a_student_s_feedback_and_the_grader_s_refusal_speak_it(project: Path) -> None:
    code = ("from bacara_teach.exercises import self_check\n"
            "from bacara_teach.exercises.sandbox import run_program\n"
            f"print(self_check('punto-rule', {{'total': 5}}, 'stand', {CODE!r}))\n"
            f"print(run_program('import ctypes\\n', []).why.render({CODE!r}))\n")
    shown = _run(project, code=code)
    assert shown.returncode == 0, shown.stderr
    feedback, refused = shown.stdout.strip().splitlines()[-2:]
    for line in (feedback, refused):
        assert PSEUDO.search(line) and not _plain_english(line), line
    assert refused.rstrip("⟧").endswith(" ctypes")  # what was refused, named as it is


def test_a_built_page_speaks_it(project: Path, tmp_path: Path) -> None:
    docs = project / "docs"
    others = sorted(p.relative_to(docs).as_posix() for p in docs.rglob("*.md")
                    if p.relative_to(docs).parts[0] not in ("_ext", "_static", "locales")
                    and p.relative_to(docs).as_posix() not in ("index.md", f"{PAGE}.md"))
    out = tmp_path / "site"
    exclude = ",".join(["_build", "jupyter_execute", "**.ipynb_checkpoints", "README.md",
                        "_contents", "_lite", "_ext", *others])
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-D", f"language={CODE}",
         "-D", f"exclude_patterns={exclude}",
         "-D", f"jupyterlite_content_dir=_build/lite-contents-{CODE}",
         "-d", str(tmp_path / "doctrees"), str(docs), str(out)],
        capture_output=True, text=True, cwd=project, timeout=900, check=False,
        env={**os.environ, "PYTHONPATH": str(project), "JUPYTER_PLATFORM_DIRS": "1",
             "PYDEVD_DISABLE_FILE_VALIDATION": "1"})
    assert build.returncode == 0, build.stderr[-4000:]
    page = parse_page(out / f"{PAGE}.html")
    html = (out / f"{PAGE}.html").read_text(encoding="utf-8")
    assert f'lang="{CODE}"' in html
    # The page's own content: its prose and what the engine wrote.  (The theme's controls
    # around it come from the theme's own catalogues, which know real languages only.)
    text = " ".join(_reader_text(page.find("article")).split())
    assert len(PSEUDO.findall(text)) > 20, text[:2000]
    # the prose (site catalogue) and what the engine wrote (engine catalogue) are both pseudo
    assert "Pšéüðö" in html
    leftover = _plain_english(text)
    assert not leftover, leftover[:20]
