"""The class roster: a CSV file with columns ``id,name``, checked before anything is written.

Student ids name files (``<id>.ipynb``), so they must be safe as file names
on every system: letters, digits, ``.``, ``_`` and ``-``, starting with a
letter or digit, at most 64 characters, unique even ignoring letter case.

>>> check_student_id("ana.garcia-2")
'ana.garcia-2'
>>> check_student_id("../bob")
Traceback (most recent call last):
...
bacara_teach.errors.NotationError: invalid student id '../bob': expected 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit (it names the student's file)
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bacara_teach.errors import NotationError
from bacara_teach.files import MISSING, InputRefused, read_bounded
from bacara_teach.text import N_, Message, message

__all__ = ["Student", "check_student_id", "parse_roster", "read_roster"]

_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_DEVICES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
            *(f"lpt{i}" for i in range(1, 10))}
_RESERVED = {
    **dict.fromkeys(_DEVICES, N_("Windows gives this name to a device, so no file can have it")),
    "feedback": N_("it names the folder of the feedback files"),
}
"""Ids no paper may have, and why."""
_ROSTER_RESERVED = {
    "practice": N_("it names the practice papers, which are public and self-check their answers"),
}
"""Ids no roster student may have (the practice papers are made under this one)."""
MAX_ROSTER_BYTES = 5 * 1024 * 1024
"""Largest file read as a roster (a class of a thousand students takes some 50 kB)."""


@dataclass(frozen=True, slots=True)
class Student:
    """One line of the roster."""

    id: str
    name: str


def check_student_id(text: str) -> str:
    """Return ``text`` if it is a safe, usable student id; otherwise raise :class:`NotationError`.

    >>> check_student_id("ana.garcia")
    'ana.garcia'
    >>> check_student_id("Feedback")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: student id 'Feedback' is reserved: it names the folder of the feedback files; choose another id
    >>> check_student_id("com1.x")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: student id 'com1.x' is reserved: Windows gives this name to a device, so no file can have it; choose another id
    """
    stem = text.split(".", maxsplit=1)[0].lower() if isinstance(text, str) else ""
    if stem in _RESERVED and _ID_RE.fullmatch(text):
        raise NotationError(message("student id {id!r} is reserved: {why}; choose another id",
                                    id=text, why=message(_RESERVED[stem])))
    if not isinstance(text, str) or not _ID_RE.fullmatch(text) or text.endswith(".") \
            or ".." in text:
        raise NotationError(message(
            "invalid student id {id}: expected 1-64 letters, digits, '.', '_' or '-', starting "
            "with a letter or digit (it names the student's file)", id=repr(text)))
    return text


def parse_roster(text: str, *, source: str | Message | None = None) -> tuple[Student, ...]:
    """Read roster CSV text (header ``id,name``; other columns are ignored).

    >>> parse_roster("id,name\\nana,Ana García\\nbo,Bo Li\\n")
    (Student(id='ana', name='Ana García'), Student(id='bo', name='Bo Li'))
    >>> parse_roster("id,name\\npractice,Pat\\n")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: the roster: line 2: student id 'practice' is reserved: it names the practice papers, which are public and self-check their answers; choose another id
    >>> parse_roster("id,name\\nana,Ana\\nANA,Ana again\\n")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: the roster: line 3: duplicate student id 'ANA' (line 2 has 'ana'; ids must differ even ignoring letter case)
    """
    where: str | Message = message("the roster") if source is None else source
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    try:
        header = next(rows)
    except StopIteration:
        raise NotationError(message("{source} is empty: expected a header line 'id,name' and one "
                                    "line per student", source=where)) from None
    except csv.Error as error:
        raise NotationError(message("{source}: line 1 is not valid CSV ({error})", source=where,
                                    error=str(error))) from None
    names = [h.strip().lower() for h in header]
    if "id" not in names or "name" not in names:
        raise NotationError(message(
            "{source}: the header is {header!r}; expected the columns 'id' and 'name'",
            source=where, header=",".join(header)))
    id_col, name_col = names.index("id"), names.index("name")
    students: list[Student] = []
    seen: dict[str, tuple[int, str]] = {}
    try:
        for line_no, row in enumerate(rows, start=2):
            if not any(cell.strip() for cell in row):
                continue
            if len(row) <= max(id_col, name_col):
                raise NotationError(message(
                    "{source}: line {line}: {row!r} has too few columns; expected id,name",
                    source=where, line=line_no, row=",".join(row)))
            student_id = row[id_col].strip()
            if not student_id:
                raise NotationError(message("{source}: line {line}: the student id is empty",
                                            source=where, line=line_no))
            try:
                check_student_id(student_id)
            except NotationError as error:
                raise NotationError(message("{source}: line {line}: {reason}", source=where,
                                            line=line_no, reason=error.message)) from None
            folded = student_id.lower()
            if folded in _ROSTER_RESERVED:
                raise NotationError(message(
                    "{source}: line {line}: student id {id!r} is reserved: {why}; choose another id",
                    source=where, line=line_no, id=student_id,
                    why=message(_ROSTER_RESERVED[folded])))
            if folded in seen:
                first_line, first_id = seen[folded]
                raise NotationError(message(
                    "{source}: line {line}: duplicate student id {id!r} (line {first_line} has "
                    "{first_id!r}; ids must differ even ignoring letter case)", source=where,
                    line=line_no, id=student_id, first_line=first_line, first_id=first_id))
            seen[folded] = (line_no, student_id)
            students.append(Student(student_id, row[name_col].strip()))
    except csv.Error as error:
        raise NotationError(message("{source}: not valid CSV ({error})", source=where,
                                    error=str(error))) from None
    if not students:
        raise NotationError(message("{source} lists no students: expected one line 'id,name' per "
                                    "student", source=where))
    return tuple(students)


def read_roster(path: str | Path) -> tuple[Student, ...]:
    """Read and check a roster file (UTF-8, with or without a byte-order mark).

    The file is read with :func:`~bacara_teach.files.read_bounded`: a folder, a device, a
    named pipe or a file over :data:`MAX_ROSTER_BYTES` is refused before it is read.
    """
    file = Path(path)
    try:
        raw = read_bounded(file, limit=MAX_ROSTER_BYTES, what=message("roster"))
    except InputRefused as error:
        if error.reason != MISSING:
            raise
        raise NotationError(message("roster {path!r} not found: expected a CSV file with columns "
                                    "id,name", path=str(file))) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise NotationError(message("roster {path!r} is not UTF-8 text: save it as CSV UTF-8",
                                    path=str(file))) from None
    return parse_roster(text, source=message("roster {path!r}", path=str(file)))


def ids(students: Iterable[Student]) -> list[str]:
    return [s.id for s in students]
