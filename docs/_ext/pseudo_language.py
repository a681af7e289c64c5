"""A pseudo-language made from the message templates: proof that a language is only data.

Every message of the engine's template (``bacara_teach/locale/bacara_teach.pot``) and of the
pages' templates (``docs/_build/gettext/*.pot``) is "translated" into accented, bracketed
English (``Banco wins.`` becomes ``⟦Bäñçö ŵîñš.⟧``), keeping what must not change: the named
parameters, the ``%`` placeholders, glued values, cross-references, inline code, links and
markup.  Written into a copy of the project together with one entry in ``languages.json``,
it makes a third language that the command line, the widgets, the exercises and the site
speak without any change to the code: any text still in plain English on a pseudo page or
in the pseudo CLI is text that does not go through the catalogues.

Command line (from the project root, in the docs environment)::

    python docs/_ext/pseudo_language.py COPY_OF_THE_PROJECT [--code qps]

It writes the catalogues into that copy (never into this checkout) and compiles the
engine's.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CODE = "qps"
"""The pseudo-language's code (the code pseudo-localisation conventionally uses)."""

NUMBERS = {"decimal": ",", "group": "\u2009", "minus": "\u2212", "percent": "{number}\u2009%"}
"""Number symbols of the pseudo-language, unlike both English's and Spanish's."""

_KEEP = re.compile(
    r"\{[a-z:]+\}`[^`]*`"          # roles, glue included: {glue:text}`name`, {doc}`odds`
    r"|``[^`]*``|`[^`]*`"          # inline code
    r"|\{[^{}]*\}"                 # named parameters: {total}, {amount:,.2f}, {name!r}
    r"|%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[sdrif]|%%|%[sdrif]"  # %-style placeholders
    r"|<[^>]+>"                    # markup
    r"|\]\([^)]*\)"                # link targets
    r"|https?://\S+"
    r"|&[a-z]+;|&#\d+;"            # entities
    r"|\\[nt]"
)
_ACCENTS = str.maketrans("aceinosuyzACEINOSUYZ", "äçéîñöšüýžÄÇÉÎÑÖŠÜÝŽ")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language: accented, bracketed, with its placeholders kept.

    >>> pseudo("Banco wins, {winner_total} to {loser_total}.")
    '⟦Bäñçö ŵîñš, {winner_total} tö {loser_total}.⟧'
    >>> pseudo("Read {doc}`odds` and `4♥ 2♠`; %(prog)s: error: %s")
    '⟦Réäð {doc}`odds` äñð `4♥ 2♠`; %(prog)s: éŕŕöŕ: %s⟧'
    >>> pseudo("")
    ''
    """
    if not text:
        return text
    out, last = [], 0
    for match in _KEEP.finditer(text):
        out.append(_letters(text[last:match.start()]))
        out.append(match.group())
        last = match.end()
    out.append(_letters(text[last:]))
    return "⟦" + "".join(out) + "⟧"


def _letters(text: str) -> str:
    return text.translate(_ACCENTS).replace("w", "ŵ").replace("r", "ŕ").replace("d", "ð")


def _pseudo_catalogue(template: Path, lang: str) -> Any:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    with template.open("rb") as handle:
        source = read_po(handle)
    catalogue = Catalog(locale=None, domain=source.domain, project="bacara_teach", fuzzy=False)
    catalogue.mime_headers = [*catalogue.mime_headers, ("Language", lang),
                              ("Plural-Forms", "nplurals=2; plural=(n != 1);")]
    for entry in source:
        if not entry.id:
            continue
        if isinstance(entry.id, tuple):
            string: Any = tuple(pseudo(form) for form in entry.id)
        else:
            string = pseudo(entry.id)
        catalogue.add(entry.id, string, list(entry.locations), flags=entry.flags - {"fuzzy"},
                      context=entry.context)
    return catalogue


def _write_po(catalogue: Any, path: Path) -> None:
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=100)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def make(project: Path, code: str = CODE, site_templates: Path | None = None) -> list[Path]:
    """Write the pseudo-language into the copy ``project``: its entry and its catalogues.

    The engine's catalogue is made from the engine's template; the pages' from the site's
    templates (``site_templates``, by default ``docs/_build/gettext`` of this checkout) when
    they exist.  Returns the catalogues written.  Nothing outside ``project`` changes.
    """
    project = project.resolve()
    if project == ROOT:
        raise ValueError("the pseudo-language is written into a copy of the project, "
                         "not into this checkout")
    listing = project / "bacara_teach" / "locale" / "languages.json"
    entries = json.loads(listing.read_text(encoding="utf-8"))
    entries = [e for e in entries if e["code"] != code]
    entries.append({"code": code, "name": "Pšéüðö", "english_name": "Pseudo",
                    "numbers": NUMBERS})
    listing.write_text(json.dumps(entries, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    written = []
    engine_po = project / "bacara_teach" / "locale" / code / "LC_MESSAGES" / "bacara_teach.po"
    _write_po(_pseudo_catalogue(project / "bacara_teach" / "locale" / "bacara_teach.pot", code),
              engine_po)
    written.append(engine_po)
    templates = site_templates or (ROOT / "docs" / "_build" / "gettext")
    for template in sorted(templates.rglob("*.pot")) if templates.is_dir() else []:
        docname = template.relative_to(templates).with_suffix(".po")
        target = project / "docs" / "locales" / code / "LC_MESSAGES" / docname
        _write_po(_pseudo_catalogue(template, code), target)
        written.append(target)
    # The engine's catalogues are compiled by the project's own tool, as for any language.
    subprocess.run([sys.executable, str(project / "docs" / "_ext" / "engine_messages.py"),
                    "compile"], check=True, cwd=project)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("project", type=Path, help="a copy of the project to write into")
    parser.add_argument("--code", default=CODE)
    args = parser.parse_args(argv)
    for path in make(args.project, args.code):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
