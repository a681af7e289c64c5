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
    folder = sitebuild.site_folder(site_dir, lang).parent / "jupyter_execute"
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
