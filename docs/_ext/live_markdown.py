"""A chapter's MyST turned into what a notebook shows as it is, and its set-up gathered.

The live notebooks (:mod:`lite_assets`) are made from the chapters' MyST sources, but
JupyterLab reads their Markdown cells as plain Markdown: a ``:::{admonition}`` fence, a
``{doc}`` role or a link to a ``.md`` page would be shown as typed.  :func:`plain_markdown`
writes each as Markdown that renders the way the page does:

* an admonition (any colon fence) becomes a block quote that starts with its title in bold;
* a backtick fence of a directive becomes an ordinary code fence (``{math}``: a ``$$`` block);
* ``{doc}`` and links to other pages become links to those pages' live notebooks when they
  have one, and their titles in plain text when not; ``{ref}``, ``{term}`` and other roles
  become their text;
* a definition list becomes each term in bold with its definition on the next line;
* label targets (``(name)=``) and MyST comments (``% ...``) are dropped.

:func:`gather_setup` moves the code a page hides that only prepares (its imports, its
helpers) into one folded first cell, and folds every cell whose code the page hides, so a
notebook shows the chapter's title and the code that teaches, as its page does.
"""

from __future__ import annotations

import ast
import posixpath
import re
import textwrap
from collections.abc import Callable, Collection, Mapping
from typing import Any

from bacara_teach.text import tr

_COLON_OPEN = re.compile(r"^(?P<indent>\s*)(?P<colons>:{3,})\{(?P<name>[\w:-]+)\}\s*(?P<arg>.*)$")
_COLON_CLOSE = re.compile(r"^\s*(?P<colons>:{3,})\s*$")
_OPTION = re.compile(r"^\s*:[\w-]+:(?:\s|$)")
_TICK_OPEN = re.compile(r"^(?P<indent>\s*)(?P<ticks>`{3,}|~{3,})(?P<info>.*)$")
_DIRECTIVE_INFO = re.compile(r"^\{(?P<name>[\w:-]+)\}\s*(?P<arg>.*)$")
_ROLE = re.compile(r"\{(?P<name>[\w:+-]+)\}`(?P<body>[^`]*)`")
_EXPLICIT = re.compile(r"^(?P<text>.*?)\s*<(?P<target>[^<>]+)>$", re.DOTALL)
_LINK = re.compile(r"(?<!!)\[(?P<text>[^\]]+)\]\((?P<target>[^)\s]+)\)")
_TARGET_LINE = re.compile(r"^\s*\([\w.:-]+\)=\s*$")
_COMMENT_LINE = re.compile(r"^%")

CODE_FENCES = frozenset({"code-block", "code", "sourcecode", "code-cell"})
"""Directives whose content is code, shown as an ordinary fenced block."""


def _quote(title: str, body: list[str]) -> list[str]:
    """``body`` as a block quote under its bold ``title``."""
    while body and not body[0].strip():
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    lines = [f"> **{title.strip()}**"] if title.strip() else []
    if body:
        lines += [">"] if lines else []
        lines += [f"> {line}" if line.strip() else ">" for line in body]
    return lines


def _directive_title(name: str, arg: str) -> str:
    """What an admonition's bold first line says: its argument, else its kind (``Note``)."""
    return arg.strip() or name.replace("-", " ").capitalize()


def _fences(lines: list[str]) -> list[str]:
    """Colon fences as block quotes, directive backtick fences as plain ones (nesting kept)."""
    out: list[str] = []
    stack: list[tuple[int, str, list[str]]] = []  # (colons, title, lines held)
    in_code: str | None = None  # the closing marks of the code fence we are in

    def emit(line: str) -> None:
        (stack[-1][2] if stack else out).append(line)

    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if in_code is not None:
            if line.strip() == in_code:
                in_code = None
            emit(line)
            continue
        tick = _TICK_OPEN.match(line)
        if tick:
            marks, info = tick["ticks"], tick["info"].strip()
            directive = _DIRECTIVE_INFO.match(info)
            if directive:
                while index < len(lines) and _OPTION.match(lines[index]):
                    index += 1
                name = directive["name"]
                if name == "math":  # a display formula: its lines between $$ marks
                    emit("$$")
                    while index < len(lines) and lines[index].strip() != marks:
                        emit(lines[index])
                        index += 1
                    index += 1
                    emit("$$")
                    continue
                language = directive["arg"].split()[0] if (
                    name in CODE_FENCES and directive["arg"].split()) else ""
                emit(f"{tick['indent']}{marks}{language}")
            else:
                emit(line)
            in_code = marks
            continue
        opening = _COLON_OPEN.match(line)
        if opening:
            while index < len(lines) and _OPTION.match(lines[index]):
                index += 1
            stack.append((len(opening["colons"]),
                          _directive_title(opening["name"], opening["arg"]), []))
            continue
        closing = _COLON_CLOSE.match(line)
        if closing and stack and len(closing["colons"]) >= stack[-1][0]:
            _, title, held = stack.pop()
            for quoted in _quote(title, held):
                emit(quoted)
            continue
        if _TARGET_LINE.match(line) or _COMMENT_LINE.match(line):
            continue
        emit(line)
    while stack:  # an unclosed fence holds everything after it, as MyST reads it
        _, title, held = stack.pop()
        for quoted in _quote(title, held):
            emit(quoted)
    return out


def _definitions(lines: list[str]) -> list[str]:
    """Definition lists (``Term`` then ``: definition``) as a bold term and, on the next line,
    its definition (plain Markdown has no definition lists)."""
    out: list[str] = []
    defining = False
    for line in lines:
        if line.startswith(": ") and out and out[-1].strip():
            if not defining:  # the line before is the term
                out[-1] = f"**{out[-1].strip()}**  "
            else:  # a further definition of the same term
                out[-1] = out[-1] + "  "
            out.append(line[2:].strip())
            defining = True
        elif defining and line.startswith("  ") and line.strip():
            out.append(line.strip())
        else:
            defining = False
            out.append(line)
    return out


def _page(here: str, target: str) -> str:
    """The docname a link or ``{doc}`` from a page in folder ``here`` points to."""
    target = target.split("#", 1)[0]
    if target.endswith(".md"):
        target = target[:-3]
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(here, target))


def _to_page(here: str, docname: str, text: str, live: Collection[str]) -> str:
    """``text`` linking to ``docname``'s live notebook, or ``text`` alone if it has none."""
    if docname in live:
        return f"[{text}]({posixpath.relpath(docname, here or '.')}.ipynb)"
    return text


def _roles(text: str, here: str, titles: Mapping[str, str], live: Collection[str]) -> str:
    def role(match: re.Match[str]) -> str:
        name, body = match["name"], match["body"]
        if name.startswith("glue"):
            return match.group(0)  # filled in with the page's values elsewhere
        explicit = _EXPLICIT.match(body)
        shown, target = (explicit["text"], explicit["target"]) if explicit else ("", body)
        if name == "doc":
            docname = _page(here, target)
            return _to_page(here, docname, shown or titles.get(docname, target), live)
        if name == "math":
            return f"${body}$"
        if name == "kbd":
            return f"<kbd>{body}</kbd>"
        if name == "abbr":
            return re.sub(r"\s*\([^()]*\)$", "", body)
        if name == "ref" and not shown:
            return target.replace("-", " ").replace("_", " ")
        return shown or target

    def link(match: re.Match[str]) -> str:
        target = match["target"]
        if "://" in target or target.startswith(("#", "mailto:")) or not (
                target.split("#", 1)[0].endswith(".md")):
            return match.group(0)
        return _to_page(here, _page(here, target), match["text"], live)

    return _LINK.sub(link, _ROLE.sub(role, text))


def plain_markdown(source: str, here: str = "", titles: Mapping[str, str] | None = None,
                   live: Collection[str] = ()) -> str:
    r"""A Markdown cell of a MyST page as Markdown that a notebook shows as the page does.

    ``here`` is the folder of the page (``chapters``), ``titles`` the title of each page by
    docname, ``live`` the docnames that have a live notebook.

    >>> print(plain_markdown(":::{admonition} In short\n:class: tip\n\n- one\n- two\n:::"))
    > **In short**
    >
    > - one
    > - two
    >>> plain_markdown("See {doc}`odds` and {doc}`../reference/sources`.", "chapters",
    ...                {"chapters/odds": "Odds", "reference/sources": "Sources"},
    ...                {"chapters/odds"})
    'See [Odds](odds.ipynb) and Sources.'
    >>> plain_markdown("[the third-card\nrule](third-card-rule.md), {term}`coup <Coup>`, {ref}`x <y>`",
    ...                "chapters", {}, {"chapters/third-card-rule"})
    '[the third-card\nrule](third-card-rule.ipynb), coup, x'
    >>> print(plain_markdown("Shoe\n: The box the cards\n  come from.\n\nCoup\n: One deal."))
    **Shoe**
    The box the cards
    come from.
    <BLANKLINE>
    **Coup**
    One deal.
    >>> print(plain_markdown("```{code-block} python\n:caption: x\nprint(1)\n```"))
    ```python
    print(1)
    ```
    """
    titles = titles or {}
    out: list[str] = []
    prose: list[str] = []
    in_code: str | None = None

    def flush() -> None:  # roles and links, read over whole paragraphs (a link may wrap)
        if prose:
            out.append(_roles("\n".join(_definitions(prose)), here, titles, live))
            prose.clear()

    for line in _fences(source.splitlines()):
        tick = _TICK_OPEN.match(line)
        if in_code is not None:
            if line.strip() == in_code:
                in_code = None
            out.append(line)
        elif tick:
            flush()
            in_code = tick["ticks"]
            out.append(line)
        else:
            prose.append(line)
    flush()
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n")


# -- the set-up --------------------------------------------------------------------------------
FOLDED = frozenset({"hide-input", "remove-cell"})
"""Tags of cells whose code a live notebook folds: a page shows it behind a toggle
(``hide-input``) or not at all (``remove-cell``, a helper whose output is not shown either).
A ``remove-input`` cell stays open: it is the one line that shows what the page shows."""
SETUP_TAGS = frozenset({"remove-input", "hide-input", "remove-cell"})
"""Tags of cells a page runs without showing their code: the candidates for the set-up."""
SETUP_TAG = "bacara-setup"
"""The tag of the one set-up cell of a live notebook."""

_QUIET = (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign, ast.AugAssign,
          ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _tags(cell: Any) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def prepares_only(source: str) -> bool:
    r"""Does this code only prepare (imports, definitions, assignments, glue), showing nothing?

    >>> prepares_only("import os\nx = 1\ndef f(): pass\nglue('n', x, display=False)")
    True
    >>> prepares_only("HTML(table)"), prepares_only("for i in x: print(i)")
    (False, False)
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    for statement in tree.body:
        if isinstance(statement, _QUIET):
            continue
        if (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
                and isinstance(statement.value.func, ast.Name) and statement.value.func.id == "glue"):
            continue
        return False
    return bool(tree.body)


def fold(cell: Any, *, outputs: bool = False) -> None:
    """Fold a cell's code (and its outputs when ``outputs``), as JupyterLab keeps it."""
    folded = cell.setdefault("metadata", {}).setdefault("jupyter", {})
    folded["source_hidden"] = True
    if outputs:
        folded["outputs_hidden"] = True


def gather_setup(cells: list[Any], lang: str, first_lines: str = "",
                 new_cell: Callable[[str], Any] | None = None) -> list[Any]:
    """The cells with the page's leading set-up moved into one folded cell, and the cells
    whose code the page hides folded (:data:`FOLDED`).

    The set-up is every code cell the page runs without showing its code and that only
    prepares (:func:`prepares_only`), up to the first code cell that does something else:
    those run first anyway, so moving them up changes nothing.  ``first_lines`` (the
    language, the glue stand-in) open the set-up cell, which is the notebook's first: it
    runs before anything else, and folded, it leaves the chapter's title at the top.
    """
    if new_cell is None:
        from nbformat.v4 import new_code_cell

        new_cell = new_code_cell
    setup: list[str] = []
    kept: list[Any] = []
    leading = True
    for cell in cells:
        if cell["cell_type"] == "code" and leading:
            if set(_tags(cell)) & SETUP_TAGS and prepares_only(cell["source"]):
                setup.append(cell["source"].strip("\n"))
                continue
            leading = False
        kept.append(cell)
    for cell in kept:
        if cell["cell_type"] == "code" and set(_tags(cell)) & FOLDED:
            fold(cell, outputs="remove-cell" in _tags(cell))
    parts = [part for part in (first_lines.strip("\n"), *setup) if part]
    if not parts:
        return kept
    note = tr("This chapter's set-up (the imports and helpers the cells below use): run it first.",
              lang)
    heading = "\n".join("# " + line for line in textwrap.wrap(note, 86))
    cell = new_cell(heading + "\n" + "\n\n".join(parts))
    cell.setdefault("metadata", {})["tags"] = [SETUP_TAG]
    fold(cell, outputs=True)
    return [cell, *kept]
