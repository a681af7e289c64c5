"""The engine's catalogues: extract, merge and compile the messages of ``bacara_teach``.

Every sentence the package shows a person is a message written in English in the code
(:mod:`bacara_teach.text`).  The same workflow as the site's catalogues keeps them:

* ``extract`` writes the template ``bacara_teach/locale/bacara_teach.pot`` from the code;
* ``update`` extracts, then merges the template into every language's ``bacara_teach.po``
  (a new message empty, a changed one fuzzy with the old translation as a start, a
  removed one dropped) and compiles;
* ``compile`` writes each ``.po`` as the ``.mo`` the standard library's :mod:`gettext` reads
  (the ``.mo`` files are kept in the repository, so an install from source speaks every
  language without a build step);
* ``check`` lists what is left: a message of the code missing from the template, one
  untranslated, fuzzy or obsolete, a translation that lost a parameter, a ``.mo`` older
  than its ``.po``.

Command line (from the project root, with Babel installed, e.g. the docs environment)::

    python docs/_ext/engine_messages.py update
    python docs/_ext/engine_messages.py check
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "bacara_teach"
LOCALE = PACKAGE / "locale"
DOMAIN = "bacara_teach"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
SITE_EXTENSIONS = ROOT / "docs" / "_ext"


def sources() -> list[Path]:
    """The files messages are written in: the package, and those of the site's extensions
    that speak through the text layer (the language switch, the toggles, the live link)."""
    found = sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)
    found += sorted(p for p in SITE_EXTENSIONS.glob("*.py")
                    if "bacara_teach.text import" in p.read_text(encoding="utf-8"))
    return found

KEYWORDS: dict[str, Any] = {
    "tr": None,
    "message": None,
    "N_": None,
    "ntr": (1, 2),
    "nmessage": (1, 2),
    "ptr": ((1, "c"), 2),
    "pmessage": ((1, "c"), 2),
}
"""The functions of :mod:`bacara_teach.text` whose first arguments are messages."""

_PARAM = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z_0-9]*)(?:![rsa])?(?::[^{}]*)?\}(?!\})")


def languages() -> list[str]:
    """The translated languages: every entry of ``languages.json`` but the source language."""
    entries = json.loads((LOCALE / "languages.json").read_text(encoding="utf-8"))
    return [entry["code"] for entry in entries[1:]]


def catalogue_path(lang: str, suffix: str = ".po") -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def extract_template() -> Any:
    """The template catalogue of every message in the package's code."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract

    template = _new_catalogue(Catalog, None)
    for path in sources():
        where = path.relative_to(ROOT).as_posix()
        with path.open("rb") as handle:
            for lineno, msg, comments, context in extract(
                    "python", handle, keywords=KEYWORDS, comment_tags=("Translators:",),
                    strip_comment_tags=True):
                template.add(msg, None, [(where, lineno)], auto_comments=comments,
                             context=context)
    return template


def _write(catalogue: Any, path: Path) -> None:
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=100, sort_by_file=True, include_lineno=False,
             omit_header=False, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = buffer.getvalue().decode("utf-8")
    # The creation and revision dates change at every run; they say nothing a reader needs.
    text = re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def read(path: Path, lang: str | None = None) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def compile_all() -> list[Path]:
    """Write every language's ``.mo`` from its ``.po``."""
    from babel.messages.mofile import write_mo

    written = []
    for lang in languages():
        po = catalogue_path(lang)
        if not po.is_file():
            continue
        catalogue = read(po, lang)
        buffer = io.BytesIO()
        write_mo(buffer, catalogue, use_fuzzy=False)
        mo = catalogue_path(lang, ".mo")
        tmp = mo.with_suffix(".mo.tmp")
        tmp.write_bytes(buffer.getvalue())
        tmp.replace(mo)
        written.append(mo)
    return written


HEADER = """\
# The engine's messages in one language: narration, refusals, the command line, widgets,
# exercises and their feedback.  Kept with 'python docs/_ext/engine_messages.py update'.
#"""


def _new_catalogue(catalog: Any, lang: str | None) -> Any:
    fields: dict[str, Any] = {
        "domain": DOMAIN, "project": "bacara_teach", "version": "1",
        "copyright_holder": "bacara_teach developers", "fuzzy": False,
        "msgid_bugs_address": "", "last_translator": "bacara_teach developers",
        "language_team": lang or "", "header_comment": HEADER}
    try:
        catalogue = catalog(locale=lang, **fields)
    except Exception:
        catalogue = catalog(locale=None, **fields)
        catalogue.mime_headers = [*catalogue.mime_headers, ("Language", lang)]
    if lang is not None:
        # Two forms (one, other) for every language unless its catalogue says otherwise.
        catalogue.mime_headers = [*catalogue.mime_headers,
                                  ("Plural-Forms", "nplurals=2; plural=(n != 1);")]
    return catalogue


def update() -> None:
    """Extract the template, merge it into every language's catalogue, compile them."""
    from babel.messages.catalog import Catalog

    template = extract_template()
    _write(template, TEMPLATE)
    for lang in languages():
        po = catalogue_path(lang)
        catalogue = read(po, lang) if po.is_file() else _new_catalogue(Catalog, lang)
        catalogue.update(template, update_header_comment=False)
        _write(catalogue, po)
    compile_all()


def parameters(text: str) -> set[str]:
    """The named parameters of a message.

    >>> sorted(parameters("{hand} wins, {a:,} to {b!r}; {{not}} one"))
    ['a', 'b', 'hand']
    """
    return set(_PARAM.findall(text))


def _ids(message: Any) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def check(langs: Iterable[str] | None = None) -> list[str]:
    """Every problem of the engine's catalogues, as lines to print; empty when all is well."""
    problems: list[str] = []
    code = extract_template()
    if not TEMPLATE.is_file():
        return [f"{TEMPLATE.relative_to(ROOT)} is missing: run 'engine_messages.py update'"]
    template = read(TEMPLATE)
    wanted = {(m.context, _ids(m)) for m in code if m.id}
    kept = {(m.context, _ids(m)) for m in template if m.id}
    for _context, ids in sorted(wanted - kept, key=str):
        problems.append(f"template: not extracted yet: {ids[0]!r}")
    for _context, ids in sorted(kept - wanted, key=str):
        problems.append(f"template: no longer in the code: {ids[0]!r}")
    for lang in langs or languages():
        po = catalogue_path(lang)
        name = f"{lang}/{DOMAIN}.po"
        if not po.is_file():
            problems.append(f"{name}: missing")
            continue
        catalogue = read(po, lang)
        seen = set()
        for entry in catalogue:
            if not entry.id:
                continue
            key = (entry.context, _ids(entry))
            seen.add(key)
            first = _ids(entry)[0]
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            if key not in wanted:
                problems.append(f"{name}: not in the code: {first!r}")
            if entry.fuzzy:
                problems.append(f"{name}: fuzzy: {first!r}")
            if not all(strings):
                problems.append(f"{name}: untranslated: {first!r}")
                continue
            need = set().union(*(parameters(i) for i in _ids(entry)))
            for string in strings:
                if parameters(string) - need:
                    problems.append(f"{name}: unknown parameter in translation of {first!r}")
                lost = (parameters(_ids(entry)[-1]) - {"count"}) - parameters(string)
                if lost:
                    problems.append(f"{name}: translation drops {sorted(lost)} of {first!r}")
        for key in sorted(wanted - seen, key=str):
            problems.append(f"{name}: not merged yet: {key[1][0]!r}")
        obsolete = getattr(catalogue, "obsolete", {})
        for key in obsolete:
            problems.append(f"{name}: obsolete: {key!r}")
        mo = catalogue_path(lang, ".mo")
        if not mo.is_file():
            problems.append(f"{lang}/{DOMAIN}.mo: missing: run 'engine_messages.py compile'")
        else:
            problems.extend(_mo_problems(catalogue, mo, lang))
    return problems


def _mo_problems(catalogue: Any, mo: Path, lang: str) -> list[str]:
    """The ``.mo`` must say what the ``.po`` says."""
    import gettext

    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for entry in catalogue:
        if not entry.id or entry.fuzzy:
            continue
        ids = _ids(entry)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not strings[0]:
            continue
        if len(ids) == 1:
            got = (compiled.pgettext(entry.context, ids[0]) if entry.context
                   else compiled.gettext(ids[0]))
        else:
            got = (compiled.npgettext(entry.context, ids[0], ids[1], 1) if entry.context
                   else compiled.ngettext(ids[0], ids[1], 1))
        if got != strings[0]:
            return [f"{lang}/{DOMAIN}.mo: older than its .po (e.g. {ids[0]!r}): run "
                    "'engine_messages.py compile'"]
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("extract", "update", "compile", "check"))
    args = parser.parse_args(argv)
    if args.action == "extract":
        _write(extract_template(), TEMPLATE)
    elif args.action == "update":
        update()
    elif args.action == "compile":
        compile_all()
    else:
        problems = check()
        for line in problems:
            print(line)
        print(f"{len(problems)} problem(s) in the engine's catalogues")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
