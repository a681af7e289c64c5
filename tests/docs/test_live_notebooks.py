"""The live notebooks read like their pages: values filled in, the site's styles loaded.

Each chapter's live notebook (in the in-browser Python app) is its page's source, to run
and change.  The values the page weaves into its prose with ``glue`` are written into the
notebook's prose as the page shows them, in the notebook's language, so no placeholder
name is left; a folded first cell gives the engine's tables, cards and figures the styles
they have on the site.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import sitebuild
from site_languages import glue_path, read_glue

pytestmark = pytest.mark.docs

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted(p.stem for p in (ROOT / "docs" / "chapters").glob("*.md"))
_ROLE = re.compile(r"\{glue(?::[a-z]+)?\}`([^`]+)`")


def _notebook(site: Path, lang: str, chapter: str) -> dict[str, Any]:
    path = site / "lite" / "files" / sitebuild.prefix(lang) / "chapters" / f"{chapter}.ipynb"
    assert path.is_file(), f"no live notebook {path}"
    notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return notebook


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


@pytest.mark.parametrize("lang", sitebuild.LANGUAGES)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_no_glue_placeholder_is_left_and_the_values_are_the_pages(
        site_dir: Path, lang: str, chapter: str) -> None:
    notebook = _notebook(site_dir, lang, chapter)
    prose = "\n".join(_source(c) for c in notebook["cells"] if c["cell_type"] == "markdown")
    assert "{glue" not in prose
    page_source = (ROOT / "docs" / "chapters" / f"{chapter}.md").read_text(encoding="utf-8")
    names = {m.partition(":")[0] for m in _ROLE.findall(page_source)}
    folder = sitebuild.execute_folder(site_dir, lang)
    values = read_glue(glue_path(folder, f"chapters/{chapter}"))
    for name in names:
        assert f"`{name}`" not in prose, f"{name} is shown by name"
        assert name in values, f"the {lang} build did not glue {name}"
        data = values[name]["data"]
        plain = str(data.get("text/markdown") or data.get("text/plain", "")).strip()
        if plain and "\n" not in plain and len(plain) < 40 and not re.search(r"[\\`*_<>]", plain):
            assert plain.strip("'\"") in prose, f"{name}={plain!r} is not in the {lang} notebook"


@pytest.mark.parametrize("lang", sitebuild.LANGUAGES)
def test_a_folded_first_cell_loads_the_sites_styles(site_dir: Path, lang: str) -> None:
    for chapter in CHAPTERS:
        cells = _notebook(site_dir, lang, chapter)["cells"]
        styles = [c for c in cells[:2] if "bacara-styles" in c.get("metadata", {}).get("tags", [])]
        assert styles, f"{chapter} ({lang}) has no styles cell"
        source = _source(styles[0])
        assert styles[0]["metadata"]["jupyter"]["source_hidden"] is True
        assert "<style>" in source and "table.bt-tableau" in source and ".bt-card" in source
        assert ".bd-article" not in source and "data-jp-theme-light" in source


# -- the notebooks read like their pages: no MyST left, the set-up folded under the title --------
_MYST_LEFT = re.compile(r":::|```\{|~~~\{|\{[\w:+-]+\}`|\]\([^)\s:]+\.md(?:#[^)]*)?\)|^: ",
                        re.MULTILINE)
"""What a notebook would show as typed: colon fences, directive fences, roles, links to pages,
definition lists."""
_IMPORT = re.compile(r"^\s*(?:import|from \S+ import)\s", re.MULTILINE)


def _folded(cell: dict[str, Any]) -> bool:
    return bool(cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"))


@pytest.mark.parametrize("lang", sitebuild.LANGUAGES)
def test_the_prose_holds_no_myst_a_notebook_would_show_as_typed(site_dir: Path, lang: str) -> None:
    found = []
    for chapter in CHAPTERS:
        for cell in _notebook(site_dir, lang, chapter)["cells"]:
            if cell["cell_type"] == "markdown":
                found += [f"{chapter}: {m.group(0)!r} in {_source(cell)[max(0, m.start() - 40):m.end() + 20]!r}"
                          for m in _MYST_LEFT.finditer(_source(cell))]
    assert not found, f"{lang} live notebooks:\n" + "\n".join(found)


@pytest.mark.parametrize("lang", sitebuild.LANGUAGES)
def test_a_notebook_opens_on_its_title_with_the_set_up_folded(site_dir: Path, lang: str) -> None:
    for chapter in CHAPTERS:
        cells = _notebook(site_dir, lang, chapter)["cells"]
        # folded cells first (the set-up, the styles), then the chapter's title
        title = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown")
        assert title <= 2 and _source(cells[title]).startswith("# "), chapter
        assert all(c["cell_type"] == "code" and _folded(c) for c in cells[:title]), chapter
        code = [c for c in cells if c["cell_type"] == "code"]
        # the first code cell reads as one folded line, or is short
        assert _folded(code[0]) or len(_source(code[0]).splitlines()) <= 12, chapter
        setups = [i for i, c in enumerate(cells) if "bacara-setup" in c["metadata"].get("tags", [])]
        assert setups in ([], [0]) and all(_folded(cells[i]) for i in setups), chapter
        shown = [c for c in code if not _folded(c)]
        for cell in shown:  # no wall of imports and no helper the page hides is left open
            assert len(_IMPORT.findall(_source(cell))) <= 2, (chapter, _source(cell))
            assert not {"remove-cell", "hide-input"} & set(cell["metadata"].get("tags", []))
        if shown:
            assert len(_source(shown[0]).splitlines()) <= 20, (chapter, _source(shown[0]))
        glue = [i for i, c in enumerate(cells) if "def glue(" in _source(c)]
        assert glue in ([], [0]), chapter  # the stand-in for the page's glue: in the set-up
        if lang != sitebuild.LANGUAGES[0]:  # the set-up sets the engine's language first
            assert setups and f'os.environ["BACARA_LANG"] = "{lang}"' in _source(cells[setups[0]])


def test_myst_becomes_markdown_and_the_hidden_set_up_one_folded_cell(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import lite_assets

    source = (
        "---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n"
        "  name: python3\n  display_name: Python 3\n---\n\n# Odds\n\nSee {doc}`history` and "
        "{doc}`the sources <../reference/sources>`, [the rule](third-card-rule.md#top), a\n"
        "{term}`coup <Coup>` and {ref}`the table <banco-table>`.\n\n"
        "```{code-cell} ipython3\n:tags: [remove-input]\nfrom myst_nb import glue\n"
        "from bacara_teach import Coup\n```\n\n"
        "```{code-cell} ipython3\n:tags: [remove-cell]\ndef helper():\n    return 1\n"
        "glue('n', helper(), display=False)\n```\n\n"
        "(odds-label)=\n## Playing\n\n"
        "```{code-cell} ipython3\nCoup.from_cards('4h 2s 9c ad 8d')\n```\n\n"
        ":::{admonition} What to remember\n:class: tip\n\n- one {glue:text}`n`\n- two\n:::\n\n"
        "```{code-cell} ipython3\n:tags: [remove-input]\nprint(helper())\n```\n"
    )
    notebook = lite_assets.live_notebook(
        source, "es", here="chapters", live={"chapters/history", "chapters/third-card-rule"},
        titles={"chapters/history": "Historia", "reference/sources": "Fuentes"},
        glued={"n": {"data": {"text/plain": "1"}}})
    cells = notebook["cells"]
    kinds = [(c["cell_type"], c["metadata"].get("tags", [])) for c in cells]
    assert kinds == [("code", ["bacara-setup"]), ("code", ["bacara-styles"]), ("markdown", []),
                     ("markdown", []), ("code", []), ("markdown", []), ("code", ["remove-input"])]
    assert _source(cells[2]) == (
        "# Odds\n\nSee [Historia](history.ipynb) and the sources, [the rule](third-card-rule.ipynb),"
        " a\ncoup and the table.")
    assert _source(cells[3]) == "## Playing"
    assert _source(cells[5]) == "> **What to remember**\n>\n> - one 1\n> - two"
    setup = _source(cells[0])
    assert setup.index('os.environ["BACARA_LANG"] = "es"') < setup.index("def glue(") < setup.index(
        "from bacara_teach import Coup") < setup.index("def helper():")
    assert "myst_nb" not in setup and all(_folded(c) for c in (cells[0], cells[1]))
    assert not _folded(cells[4]) and not _folded(cells[6])  # what shows the page's output
    monkeypatch.setenv("BACARA_LANG", "en")  # given back as it was after the set-up sets it
    namespace: dict[str, object] = {}
    exec(setup, namespace)  # the set-up runs alone: its imports, the glue stand-in, the helpers
    assert callable(namespace["helper"]) and callable(namespace["glue"])
