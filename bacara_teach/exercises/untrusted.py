"""Text a student controls, made safe before the grader stores, writes or prints it.

Values typed in an answer cell, a program's output and error messages, the names of
handed-in files and what a notebook says about itself all reach the gradebook, the class
report, the feedback files and the teacher's terminal.  :func:`safe_text` is the one
function every such text passes through: it keeps it on one line, visible and short, so
that no student's text can add a line of its own to a file, drive a terminal, or stop the
batch by failing to be written.
"""

from __future__ import annotations

__all__ = ["ELLIPSIS", "SAFE_LIMIT", "safe_text"]

SAFE_LIMIT = 300
"""The longest text :func:`safe_text` returns by default (in characters, the ellipsis included)."""
ELLIPSIS = "…"
"""What ends a text that was cut short."""
_KEPT = frozenset({" ", "\u00a0", "\u202f"})
"""Spaces kept as they are (the no-break spaces of written numbers among them)."""


def _escaped(char: str) -> str:
    if char.isprintable() or char in _KEPT:
        return char
    return char.encode("unicode_escape").decode("ascii")


def safe_text(value: object, limit: int = SAFE_LIMIT) -> str:
    """``value`` as text that is safe to store, write and print.

    Lone surrogates (which no file can hold in UTF-8), control characters (a terminal's
    escape codes among them), line and paragraph breaks, the characters that turn text
    around (bidirectional overrides) and every other character that is not printable are
    written as visible escapes (``\\ud800``, ``\\x1b``, ``\\n``, ``\\u202e``); letters of
    every language are kept.  A text longer than ``limit`` characters is cut and ends with
    an ellipsis (``…``); only the first ``limit`` characters are ever looked at, so an
    enormous text costs no more than a short one.

    >>> safe_text("stand")
    'stand'
    >>> print(safe_text("a\\nb\\r\\nTotal: 25/25\\x1b[2J\\ud800 \\u202egnp.exe"))
    a\\nb\\r\\nTotal: 25/25\\x1b[2J\\ud800 \\u202egnp.exe
    >>> safe_text("Año ñandú 2,5\\u00a0%")
    'Año ñandú 2,5\\xa0%'
    >>> safe_text("x" * 1000, 10)
    'xxxxxxxxx…'
    >>> safe_text("\\x1b" * 10, 10)
    '\\\\x1b\\\\x1b…'
    >>> len(safe_text("y" * 10_000_000)), safe_text(b"\\x00"), safe_text(None)
    (300, "b'\\\\x00'", 'None')
    >>> safe_text("\\ud800").encode("utf-8")
    b'\\\\ud800'
    """
    text = value if isinstance(value, str) else str(value)
    if limit < 1:
        raise ValueError(f"the limit must be at least 1, got {limit}")
    if len(text) <= limit and text.isprintable():  # nothing to escape or cut (most texts)
        return text
    pieces: list[str] = []
    length = 0
    for char in text[: limit + 1]:
        piece = _escaped(char)
        if length + len(piece) > limit:
            break
        pieces.append(piece)
        length += len(piece)
    else:
        if len(text) <= limit:
            return "".join(pieces)
    while pieces and length + len(ELLIPSIS) > limit:
        length -= len(pieces.pop())
    return "".join(pieces) + ELLIPSIS
