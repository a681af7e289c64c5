"""Checks of the site's translations, and a tool to try one page in another language.

The English pages are the source; ``docs/_build/gettext`` holds the message templates
extracted from them (``sphinx -b gettext``), ``docs/locales/<lang>/LC_MESSAGES`` the
catalogues.  A catalogue passes when every message of its template is translated, none
is fuzzy (a message whose English changed since it was translated), none is left over
from text that no longer exists, and each translation keeps what must not change: the
values woven in with ``glue``, the cross-references, the inline code (cards, commands,
numbers), and the glossary's fixed terms (:data:`bacara_teach.i18n.GLOSSARY`).

Command line (from the project root, in the docs environment)::

    python docs/_ext/translations.py check [--lang es] [DOCNAME ...]
    python docs/_ext/translations.py run DOCNAME [--lang es]

``check`` prints every problem and exits 1 if there is one; ``run`` executes a page's
notebook in the language and prints its glued values and outputs.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine_messages
import sitebuild

DOCS = Path(__file__).resolve().parents[1]
TEMPLATES = DOCS / "_build" / "gettext"
LOCALES = DOCS / "locales"
TRANSLATED_LANGUAGES = sitebuild.LANGUAGES[1:]

_GLUE = re.compile(r"\{glue(?::[a-z]+)?\}`([^`]+)`")
_ROLE = re.compile(r"\{(?!glue)([a-z:]+)\}`([^`]+)`")
_CODE = re.compile(r"(?<![`{}])`([^`{}]+)`(?!`)")
_URL = re.compile(r"\]\(([^)]+)\)")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a catalogue."""

    catalogue: str
    message: str
    what: str

    def __str__(self) -> str:
        short = self.message if len(self.message) <= 90 else self.message[:87] + "..."
        return f"{self.catalogue}: {self.what}: {short!r}"


def _role_targets(text: str) -> list[str]:
    """Targets of cross-reference roles (``{doc}`x```, ``{ref}`Title <x>```)."""
    out = []
    for role, body in _ROLE.findall(text):
        target = body.rsplit("<", 1)[-1].rstrip(">").strip() if "<" in body else body.strip()
        out.append(f"{role}:{target}")
    return sorted(out)


def _term_pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", re.IGNORECASE)


def compare(msgid: str, msgstr: str) -> list[str]:
    """What a translation changed that must stay as it is (empty: nothing).

    >>> compare("Banco {glue:md}`w` wins with `9♣`; see {doc}`odds`.",
    ...         "Gana Banco {glue:md}`w` con `9♣`; vea {doc}`odds`.")
    []
    >>> compare("On {glue:text}`t`, `4♥`", "Con {glue:text}`total`, `4♦`")
    ["glue values ['t'] became ['total']", "inline code ['4♥'] became ['4♦']"]
    """
    found = []
    for name, pattern in (("glue values", _GLUE), ("links", _URL)):
        before, after = sorted(pattern.findall(msgid)), sorted(pattern.findall(msgstr))
        if before != after:
            found.append(f"{name} {before} became {after}")
    before_refs, after_refs = _role_targets(msgid), _role_targets(msgstr)
    if before_refs != after_refs:
        found.append(f"cross-references {before_refs} became {after_refs}")
    before_code = sorted(_CODE.findall(_GLUE.sub("", _ROLE.sub("", msgid))))
    after_code = sorted(_CODE.findall(_GLUE.sub("", _ROLE.sub("", msgstr))))
    if before_code != after_code:
        found.append(f"inline code {before_code} became {after_code}")
    return found


def avoided_terms(msgstr: str, lang: str) -> list[str]:
    """Renderings the glossary rules out that a translation uses.

    >>> avoided_terms("El zapato tiene ocho barajas.", "es")
    ["'zapato' (the glossary's term is 'sabot')"]
    """
    from bacara_teach.i18n import GLOSSARY

    return [f"{phrase!r} (the glossary's term is {entry.text(lang)!r})"
            for entry in GLOSSARY for phrase in entry.avoid_in(lang)
            if _term_pattern(phrase).search(msgstr)]


def check_catalogue(template: Path, catalogue: Path, lang: str, name: str) -> list[Problem]:
    """Every problem of one catalogue against its template."""
    from babel.messages.pofile import read_po

    with template.open("rb") as handle:
        wanted = read_po(handle)
    if not catalogue.is_file():
        return [Problem(name, str(catalogue), "catalogue missing (run: nox -s translations)")]
    with catalogue.open("rb") as handle:
        have = read_po(handle)
    problems = []
    for message in wanted:
        if not message.id:
            continue
        msgid = str(message.id)
        entry = have.get(msgid)
        if entry is None:
            problems.append(Problem(name, msgid, "not in the catalogue (run: nox -s translations)"))
        elif not entry.string:
            problems.append(Problem(name, msgid, "untranslated"))
        elif entry.fuzzy:
            problems.append(Problem(name, msgid, "fuzzy (the English changed: check the "
                                    "translation, then remove the fuzzy flag)"))
        else:
            msgstr = str(entry.string)
            problems += [Problem(name, msgid, what) for what in compare(msgid, msgstr)]
            problems += [Problem(name, msgid, f"uses {what}") for what in avoided_terms(msgstr, lang)]
    problems += [Problem(name, str(m.id), "obsolete (its English is gone: delete it)")
                 for m in have.obsolete.values()]
    problems += [Problem(name, str(m.id), "fuzzy")
                 for m in have if m.id and m.fuzzy and wanted.get(str(m.id)) is None]
    return problems


def templates(docnames: Iterable[str] = ()) -> list[tuple[str, Path]]:
    """``(docname, template)`` pairs, for the given pages or all of them."""
    chosen = list(docnames)
    if chosen:
        return [(d, TEMPLATES / f"{d}.pot") for d in chosen]
    return sorted((p.relative_to(TEMPLATES).with_suffix("").as_posix(), p)
                  for p in TEMPLATES.rglob("*.pot"))


def check_engine(langs: Iterable[str] = TRANSLATED_LANGUAGES) -> list[Problem]:
    """Every problem of the engine's catalogues (narration, refusals, CLI, widgets, exercises).

    The same checks as the pages' catalogues: every message of the code extracted, each one
    translated, not fuzzy, not obsolete, keeping its parameters, compiled, and using the
    glossary's terms.
    """
    chosen = list(langs)
    problems = [Problem(f"{DOMAIN_NAME}.po", line.split(": ", 2)[-1], line.split(": ", 2)[1]
                        if line.count(": ") >= 2 else line)
                for line in engine_messages.check(chosen)]
    for lang in chosen:
        path = engine_messages.catalogue_path(lang)
        if not path.is_file():
            continue
        for entry in engine_messages.read(path, lang):
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            first = entry.id[0] if isinstance(entry.id, tuple) else entry.id
            for msgstr in strings:
                if entry.id and msgstr:
                    problems += [Problem(f"{lang}/{DOMAIN_NAME}.po", str(first), f"uses {what}")
                                 for what in avoided_terms(str(msgstr), lang)]
    return problems


DOMAIN_NAME = engine_messages.DOMAIN


def check(langs: Iterable[str] = TRANSLATED_LANGUAGES, docnames: Iterable[str] = ()) -> list[Problem]:
    """Every problem of every catalogue (templates must have been built first).

    The pages' catalogues (``docs/locales``) and, unless only some pages are asked for, the
    engine's (``bacara_teach/locale``).
    """
    langs = list(langs)
    engine = [] if list(docnames) else check_engine(langs)
    pairs = templates(docnames)
    if not pairs:
        raise FileNotFoundError(f"no message templates in {TEMPLATES}: build them with "
                                "'sphinx -b gettext docs docs/_build/gettext'")
    problems = []
    for lang in langs:
        for docname, template in pairs:
            catalogue = LOCALES / lang / "LC_MESSAGES" / f"{docname}.po"
            problems += check_catalogue(template, catalogue, lang, f"{lang}/{docname}.po")
    return engine + problems


def run_page(docname: str, lang: str) -> dict[str, Any]:
    """Execute one page's notebook with ``BACARA_LANG=lang``; its glue values and outputs."""
    import nbformat
    from myst_nb.core.read import read_myst_markdown_notebook
    from nbclient import NotebookClient

    notebook = read_myst_markdown_notebook((DOCS / f"{docname}.md").read_text(encoding="utf-8"))
    os.environ["BACARA_LANG"] = lang
    client = NotebookClient(nbformat.from_dict(notebook), kernel_name="python3",  # type: ignore[no-untyped-call]
                            timeout=300, resources={"metadata": {"path": str(DOCS / docname).rsplit("/", 1)[0]}})
    executed = client.execute()
    glued: dict[str, str] = {}
    outputs: list[str] = []
    for cell in executed.cells:
        for output in cell.get("outputs", []):
            meta = output.get("metadata", {})
            data = {key.rsplit("/", 2)[-2] + "/" + key.rsplit("/", 1)[-1] if "papermill" in key
                    else key: value for key, value in output.get("data", {}).items()}
            text = data.get("text/markdown") or data.get("text/plain") or output.get("text", "")
            if "scrapbook" in meta:
                glued[meta["scrapbook"]["name"]] = str(text)
            elif text:
                outputs.append(str(text))
            elif "text/html" in data:
                outputs.append(re.sub(r"<[^>]+>", " ", str(data["text/html"]))[:2000])
    return {"glue": glued, "outputs": outputs}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    check_cmd = sub.add_parser("check", help="check catalogues against the templates")
    check_cmd.add_argument("docnames", nargs="*")
    check_cmd.add_argument("--lang", action="append", choices=TRANSLATED_LANGUAGES)
    run_cmd = sub.add_parser("run", help="execute a page's notebook in a language")
    run_cmd.add_argument("docname")
    run_cmd.add_argument("--lang", choices=TRANSLATED_LANGUAGES, default=TRANSLATED_LANGUAGES[0])
    args = parser.parse_args(argv)
    sys.path.insert(0, str(DOCS.parent))
    if args.command == "check":
        problems = check(args.lang or TRANSLATED_LANGUAGES, args.docnames)
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s)")
        return 1 if problems else 0
    result = run_page(args.docname, args.lang)
    for name, value in sorted(result["glue"].items()):
        print(f"glue {name}: {value}")
    for text in result["outputs"]:
        print("---")
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
