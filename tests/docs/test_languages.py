"""The site in every language of ``languages.json``: every page has its twins, and each
translation is complete.

The English pages are the source; each other language's site (``es/``, ``fr/``...) is built
from the same source through the catalogues in ``docs/locales/<lang>``, with its notebooks
run in that language.  These checks read every built site and the catalogues: a message
without its translation, a fuzzy one, a translation that dropped a glued value or a
cross-reference, or a page whose engine output is not in its language fails here.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
import sitebuild
import translations
from sitecheck import Element, pages, parse_html, parse_page

from bacara_teach import PUNTO_BANCO, Coup
from bacara_teach.charts import tableau_html
from bacara_teach.i18n import GLOSSARY

pytestmark = pytest.mark.docs

SPANISH = "es"
SOURCE, *TRANSLATED = sitebuild.LANGUAGES
WORKED_EXAMPLES = ("4♥ 2♠ 9♣ A♦ 8♦", "4♥ 2♠ 9♣ A♦ 7♦ 5♣")
# Pages that exist only in the English build: the lite app is shared, the rest are indexes.
SHARED = {"lite", "_static", "_sources", *TRANSLATED}


def english_pages(site: Path) -> list[str]:
    return [p.relative_to(site).as_posix() for p in pages(site)
            if not SHARED & set(p.relative_to(site).parts)]


def _text(element: Element) -> str:
    return " ".join(element.text().split())


# -- the catalogues -----------------------------------------------------------------------------
def test_every_message_is_translated_and_none_is_fuzzy_or_stale(site_dir: Path) -> None:
    templates = site_dir.parent / "gettext"
    assert templates == sitebuild.TEMPLATES or (templates / "index.pot").is_file()
    assert (sitebuild.TEMPLATES / "index.pot").is_file(), "the gettext templates were not built"
    problems = translations.check()
    assert not problems, f"{len(problems)} translation problem(s):\n" + "\n".join(
        str(p) for p in problems[:60])


def test_the_check_catches_an_untranslated_a_fuzzy_and_a_broken_message(tmp_path: Path) -> None:
    template = tmp_path / "page.pot"
    template.write_text(
        'msgid ""\nmsgstr ""\n\n'
        'msgid "Banco wins."\nmsgstr ""\n\n'
        'msgid "Punto has {glue:text}`total`."\nmsgstr ""\n\n'
        'msgid "The shoe."\nmsgstr ""\n\n'
        'msgid "Read {doc}`odds`."\nmsgstr ""\n', encoding="utf-8")
    catalogue = tmp_path / "page.po"
    catalogue.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        '#, fuzzy\nmsgid "Banco wins."\nmsgstr "Gana Banco."\n\n'
        'msgid "Punto has {glue:text}`total`."\nmsgstr "Punto tiene {glue:text}`suma`."\n\n'
        'msgid "The shoe."\nmsgstr "El zapato."\n\n'
        'msgid "Read {doc}`odds`."\nmsgstr ""\n\n'
        '#~ msgid "Old text."\n#~ msgstr "Texto viejo."\n', encoding="utf-8")
    found = [p.what for p in translations.check_catalogue(template, catalogue, "es", "page")]
    assert any(w.startswith("fuzzy") for w in found)
    assert any(w.startswith("glue values") for w in found)
    assert any("'zapato'" in w for w in found)
    assert "untranslated" in found
    assert any(w.startswith("obsolete") for w in found)
    assert len(found) == 5


# -- twins and the switch ---------------------------------------------------------------------------
def test_every_english_page_has_its_twins_and_each_links_to_all_the_others(site_dir: Path) -> None:
    names = english_pages(site_dir)
    assert "index.html" in names and "chapters/worked-examples.html" in names
    for name in names:
        twins = {lang: sitebuild.site_folder(site_dir, lang) / name for lang in sitebuild.LANGUAGES}
        for lang, twin in twins.items():
            assert twin.is_file(), f"{name} has no {lang} twin"
        if name in {"genindex.html", "search.html", "py-modindex.html"}:
            continue
        for lang, path in twins.items():
            html = path.read_text(encoding="utf-8")
            assert f'<html lang="{lang}"' in html, path
            switch = parse_html(html).find("nav", class_="bt-lang")
            links = {link.attrs["hreflang"]: link.attrs["href"] for link in switch.find_all("a")}
            assert set(links) == set(twins) - {lang}, (path, links)
            for other, href in links.items():
                assert (path.parent / href).resolve() == twins[other].resolve(), (path, other, href)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_paragraph_of_a_translated_site_is_left_in_english(site_dir: Path, lang: str) -> None:
    for name in english_pages(site_dir):
        html = (site_dir / lang / name).read_text(encoding="utf-8")
        left = re.findall(r'class="[^"]*\buntranslated\b[^"]*"[^>]*>(.{0,80})', html)
        assert not left, f"{lang}/{name}: {len(left)} untranslated element(s), e.g. {left[:3]}"


# -- what the engine writes follows the page ---------------------------------------------------------
@pytest.mark.parametrize("lang", sitebuild.LANGUAGES)
@pytest.mark.parametrize("chapter", ["chapters/third-card-rule.html", "chapters/worked-examples.html"])
def test_worked_examples_are_told_in_the_page_language_with_the_same_cards(
    site_dir: Path, chapter: str, lang: str
) -> None:
    folder = sitebuild.site_folder(site_dir, lang)
    text = " ".join(parse_page(folder / chapter).text().split())
    for cards in WORKED_EXAMPLES:
        coup = Coup.from_cards(cards)
        for line in coup.narrate(lang).splitlines():
            assert " ".join(line.split()) in text, (lang, chapter, line)
        if lang != SOURCE and chapter.endswith("third-card-rule.html"):
            # (worked-examples shows the coup in the other language too, on purpose)
            assert coup.narrate("en").splitlines()[-1] not in text, (chapter, cards)
    if lang == SPANISH:
        assert "Gana Banco, 3 a 1." in text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_worked_example_has_the_english_cards_and_totals(site_dir: Path,
                                                                       lang: str) -> None:
    def blocks(folder: Path) -> list[tuple[list[str], list[int]]]:
        page = parse_page(folder / "chapters/third-card-rule.html")
        found = []
        for block in page.find_all("div", class_="bt-coup"):
            cards = [span.text() for span in block.find_all("span", class_="bt-card")]
            totals = [int(row.children_of("td")[-1].text())
                      for row in block.find("tbody").children_of("tr")]
            found.append((cards, totals))
        return found

    english, translated = blocks(site_dir), blocks(site_dir / lang)
    assert english == translated
    assert len(english) == len(WORKED_EXAMPLES)
    for (cards, totals), dealt in zip(english, WORKED_EXAMPLES, strict=True):
        coup = Coup.from_cards(dealt)
        assert sorted(cards) == sorted(str(c) for c in (*coup.punto, *coup.banco))
        assert totals == [coup.punto_total, coup.banco_total]


@pytest.mark.parametrize("lang", sitebuild.LANGUAGES)
def test_the_tableau_on_the_page_is_the_engine_table_in_the_page_language(
    site_dir: Path, lang: str
) -> None:
    page = parse_page(sitebuild.site_folder(site_dir, lang) / "chapters/third-card-rule.html")
    shown = page.find("table", class_="bt-tableau")
    expected = parse_html(tableau_html(PUNTO_BANCO, lang=lang)).find("table")
    assert _text(shown.find("caption")) == PUNTO_BANCO.title_text(lang)
    assert _text(shown) == _text(expected)


@pytest.mark.parametrize("lang", sitebuild.LANGUAGES)
def test_the_glossary_shows_each_fixed_translation_from_the_engine(site_dir: Path, lang: str) -> None:
    text = " ".join(parse_page(sitebuild.site_folder(site_dir, lang)
                               / "reference/glossary.html").text().split())
    for entry in GLOSSARY:
        assert all(entry.text(code) in text for code in sitebuild.LANGUAGES), entry.key
        assert " ".join(entry.note(lang).split()) in text


# -- the live notebooks ----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", TRANSLATED)
def test_translated_live_notebooks_speak_their_language(site_dir: Path, lang: str) -> None:
    files = site_dir / "lite" / "files"
    english = sorted((files / "chapters").glob("*.ipynb"))
    assert english
    for path in english:
        twin = files / lang / "chapters" / path.name
        assert twin.is_file(), f"no {lang} live notebook for {path.name}"
        notebook = json.loads(twin.read_text(encoding="utf-8"))
        first = "".join(notebook["cells"][0]["source"])
        assert f'os.environ["BACARA_LANG"] = "{lang}"' in first
        source = json.loads(path.read_text(encoding="utf-8"))
        english_text = ["".join(c["source"]) for c in source["cells"] if c["cell_type"] == "markdown"]
        spanish_text = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"]
        assert len(english_text) == len(spanish_text)
        # Each cell's prose is looked up paragraph by paragraph; a paragraph kept in
        # English is one the site's own pages would show in English too (none: see above).
        same = [b for e, s in zip(english_text, spanish_text, strict=True)
                for b, t in zip(re.split(r"\n\s*\n", e), re.split(r"\n\s*\n", s), strict=False)
                if b == t and re.search(r"[a-z]{4,} [a-z]{3,} [a-z]{3,}", b)
                and not b.lstrip().startswith(("```", ":::", "{", "|", "<"))]
        assert not same, f"{twin.name}: {len(same)} paragraph(s) left in English: {same[:2]}"


def test_builds_side_by_side_never_share_the_lite_staging_folder(tmp_path: Path) -> None:
    # jupyterlite-sphinx empties its contents folder when any build starts; only the English
    # build may use the one its lite app is built from.
    import importlib.util
    from types import SimpleNamespace

    spec = importlib.util.spec_from_file_location("docs_conf", sitebuild.DOCS / "conf.py")
    assert spec is not None and spec.loader is not None
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    folders = {}
    for command in sitebuild.commands("python", tmp_path / "html"):
        settings = dict(command[i + 1].split("=", 1) for i, arg in enumerate(command) if arg == "-D")
        config = SimpleNamespace(language=settings.get("language", conf.language),
                                 nb_execution_cache_path=str(tmp_path / "cache"),
                                 jupyterlite_content_dir=settings.get(
                                     "jupyterlite_content_dir", conf.jupyterlite_content_dir))
        saved = os.environ.get("BACARA_LANG")
        try:
            conf._language_inited(None, config)
        finally:
            os.environ["BACARA_LANG"] = saved or "en"
        folders[command[command.index("-b") + 1] + ":" + config.language] = \
            config.jupyterlite_content_dir
    assert folders["html:en"] == "_contents"
    assert len(set(folders.values())) == len(folders), folders


def test_the_site_builds_the_languages_the_engine_speaks() -> None:
    # sitebuild runs where the engine is not installed (the noxfile), so it keeps its own list.
    from bacara_teach.i18n import LANGUAGES

    assert sitebuild.LANGUAGES == LANGUAGES
