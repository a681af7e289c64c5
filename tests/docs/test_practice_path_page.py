"""The practice path page as built, in both languages, and the kinds of practice the pages show.

Every kind of practice on a built page is a registered kind with its script; the path page
holds exactly the engine's data for its language (the page script reads nothing else); and
every link of the path leads to a page of the site and a section on it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from bacara_teach.practice import KINDS, kind
from bacara_teach.practice.path import path_data, skills
from bacara_teach.text import language_codes

pytestmark = pytest.mark.docs

STATIC = Path(__file__).resolve().parents[2] / "docs" / "_static"
_NODE = re.compile(r"data-practice=['\"]([a-z][a-z-]*)['\"]")


def test_every_kind_a_page_shows_is_registered_with_its_script(site_dir: Path) -> None:
    shown: set[str] = set()
    for page in site_dir.glob("**/*.html"):
        if "_static" in page.parts or "lite" in page.parts:
            continue
        shown |= set(_NODE.findall(page.read_text(encoding="utf-8")))
    assert shown == {k.name for k in KINDS}
    for known in KINDS:
        script = (STATIC / known.script).read_text(encoding="utf-8")
        if known.script != "practice.js":
            assert f'"{known.name}"' in script and "register(" in script, known


def test_every_skill_reads_a_record_a_kind_keeps() -> None:
    games = ("punto-banco", "chemin-de-fer")
    kept = {k.store.format(game=g) for k in KINDS if k.store not in (None, "game") for g in games}
    kept |= set(games)
    assert {skill.store for skill in skills()} <= kept
    assert kind("tableau-drill").store == "game"


_PATH_DATA = re.compile(r"data-practice='path'[^>]*><script type='application/json' "
                        r"class='bt-practice-data'>(.*?)</script>", re.S)


def _data(site_dir: Path, lang: str) -> dict[str, Any]:
    page = site_dir / ("" if lang == "en" else f"{lang}/") / "practice.html"
    found = _PATH_DATA.search(page.read_text(encoding="utf-8"))
    assert found is not None, page
    data: dict[str, Any] = json.loads(found.group(1).replace("<\\/", "</").replace("<\\!--", "<!--"))
    return data


@pytest.mark.parametrize("lang", language_codes())
def test_the_path_page_holds_the_engine_s_data(site_dir: Path, lang: str) -> None:
    assert _data(site_dir, lang) == json.loads(json.dumps(path_data(lang)))


@pytest.mark.parametrize("lang", language_codes())
def test_every_link_of_the_path_leads_to_a_section_of_the_site(site_dir: Path, lang: str) -> None:
    base = site_dir / ("" if lang == "en" else lang)
    links = 0
    for skill in _data(site_dir, lang)["skills"]:
        for link in (skill["learn"], skill["practise"]):
            if link is None:
                continue
            parts = urlsplit(link)
            target = base / parts.path
            assert target.is_file(), link
            ids = set(re.findall(r'\bid="([^"]+)"', target.read_text(encoding="utf-8")))
            assert parts.fragment in ids, link
            links += 1
    assert links == 2 * len(skills()) - sum(skill.practise is None for skill in skills())
