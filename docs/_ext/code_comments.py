"""The comments of the pages' code cells, in the page's language.

A chapter's code is shown as written, but a comment in it is prose: on the Spanish site it reads
in Spanish.  Each comment of a code cell's input (found with :mod:`tokenize`, so a ``#`` inside a
string is never taken for one) becomes a message of the page's own catalogue, next to its
paragraphs:

* before Sphinx translates a page (:class:`CommentsToTranslate`, ahead of Sphinx's ``Locale``
  transform), each comment is copied into a hidden paragraph of the page, so the message
  templates list it and the page's catalogue translates it like any paragraph;
* once the page is translated (:class:`CommentsTranslated`, after ``Locale``), each comment of
  the code is replaced by its paragraph's text, and the hidden paragraphs are removed (the
  message-template builder keeps them: they are what it extracts).

A comment without a translation stays as written.
"""

from __future__ import annotations

import io
import tokenize
from typing import Any

from docutils import nodes
from sphinx.transforms import SphinxTransform

HIDDEN_CLASS = "bt-code-comments"
"""The hidden container of one page's comment paragraphs (never written out)."""


def comments(source: str) -> list[tuple[int, int, str]]:
    """The comments of ``source`` as ``(line, column, text)``, the text after ``#`` and its
    spaces; none when ``source`` is not Python that :mod:`tokenize` reads.

    >>> comments('x = "# not one"  # the stake\\n# a note\\n')
    [(1, 17, 'the stake'), (2, 0, 'a note')]
    >>> comments("%timeit f(\\n")
    []
    """
    found = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                text = token.string.lstrip("#").strip()
                if text and not text.startswith(("noqa", "type:")):
                    found.append((token.start[0], token.start[1], text))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return []
    return found


def replaced(source: str, translations: dict[str, str]) -> str:
    """``source`` with each comment's text replaced by its translation (the ``#`` and the code
    before it kept).

    >>> replaced("x = 1  # one\\n# two\\n", {"one": "uno"})
    'x = 1  # uno\\n# two\\n'
    """
    lines = source.split("\n")
    for line, column, text in reversed(comments(source)):
        target = translations.get(text)
        if target is None or target == text:
            continue
        row = lines[line - 1]
        start = row.index(text, column)
        lines[line - 1] = row[:start] + target + row[start + len(text):]
    return "\n".join(lines)


def _code_blocks(document: nodes.document) -> list[nodes.literal_block]:
    """The literal blocks of the code cells' inputs."""
    return [block for block in document.findall(nodes.literal_block)
            if any("cell_input" in parent.get("classes", ())
                   for parent in _ancestors(block))]


def _ancestors(node: nodes.Node) -> list[nodes.Element]:
    found = []
    parent = node.parent
    while parent is not None:
        found.append(parent)
        parent = parent.parent
    return found


class CommentsToTranslate(SphinxTransform):  # type: ignore[misc]
    """Copy each comment of the page's code into a hidden paragraph, before translation."""

    default_priority = 8  # Sphinx keeps the messages at 10 and translates them at 20

    def apply(self, **_kwargs: Any) -> None:
        seen: dict[str, None] = {}
        for block in _code_blocks(self.document):
            for _, _, text in comments(block.astext()):
                seen[text] = None
        if not seen:
            return
        holder = nodes.container(classes=[HIDDEN_CLASS])
        source = self.document.get("source", "") or self.env.doc2path(self.env.docname)
        for text in seen:
            paragraph = nodes.paragraph(text, text)
            paragraph["bt_comment"] = text
            paragraph.source, paragraph.line = str(source), 1
            holder += paragraph
        self.document += holder


class CommentsTranslated(SphinxTransform):  # type: ignore[misc]
    """Put each comment's translation into the page's code, after translation."""

    default_priority = 25

    def apply(self, **_kwargs: Any) -> None:
        holders = [node for node in self.document.findall(nodes.container)
                   if HIDDEN_CLASS in node.get("classes", ())]
        if not holders or self.app.builder.name == "gettext":
            return  # the message templates extract the hidden paragraphs
        translations = {paragraph["bt_comment"]: paragraph.astext()
                        for holder in holders for paragraph in holder.findall(nodes.paragraph)
                        if "bt_comment" in paragraph}
        for holder in holders:
            holder.parent.remove(holder)
        for block in _code_blocks(self.document):
            source = block.astext()
            text = replaced(source, translations)
            if text != source:
                block.children = [nodes.Text(text)]
                block.rawsource = text


def setup(app: Any) -> dict[str, Any]:
    app.add_transform(CommentsToTranslate)
    app.add_transform(CommentsTranslated)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
