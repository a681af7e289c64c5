"""Saved sessions on disk: written atomically, read back without trusting a byte of them.

Every session (the home session, the online table, the Chemin de Fer
session) saves the same way: its rules plus its log, as JSON (see each
session's ``to_dict``).  This module holds what the three share:

* :func:`~bacara_teach.files.write_atomically` puts a file in place in
  one step: the text goes to a temporary file in the same folder, is flushed and
  synced, then renamed over the old file.  A kill at any moment leaves the old file
  or the new one, never a part of either; a full disk leaves the old file and raises
  :class:`~bacara_teach.errors.IllegalAction` saying so.
* :func:`read_text` and :func:`parse_json` read a save as untrusted input: a file
  that is not a regular file or is over :data:`MAX_SAVE_BYTES` (read with
  :func:`~bacara_teach.files.read_bounded`, never past that limit), invalid UTF-8, a nesting deeper than any save has, a number with more digits
  than any amount, a value that is not JSON: each is a
  :class:`~bacara_teach.errors.NotationError` naming the file and what is
  valid, never another exception.
* :func:`read_seed` reads a seed given as text, the one number a user types
  freely.

>>> parse_json('{"format": "x", "log": []}', what="saved session")
{'format': 'x', 'log': []}
>>> parse_json('[' * 200 + ']' * 200, what="saved session")
Traceback (most recent call last):
...
bacara_teach.errors.NotationError: saved session is nested 200 levels deep: a save is at most 32 levels deep
>>> parse_json('{"seed": ' + '9' * 5000 + '}', what="saved session")
Traceback (most recent call last):
...
bacara_teach.errors.NotationError: saved session holds a number of 5000 digits: numbers in a save have at most 60 digits
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bacara_teach.errors import BacaraError, IllegalAction, NotationError
from bacara_teach.files import read_bounded, write_atomically
from bacara_teach.text import N_, Message, message

if TYPE_CHECKING:
    from bacara_teach.tables import TableProfile

__all__ = [
    "MAX_DEPTH",
    "MAX_NUMBER_DIGITS",
    "MAX_SAVE_BYTES",
    "MAX_SEED_CHARACTERS",
    "MAX_SEED_DIGITS",
    "SAVED",
    "SaveError",
    "check_seed",
    "dump_save",
    "entry_lines",
    "key_line",
    "locate",
    "parse_json",
    "read_seed",
    "read_text",
    "saved_what",
    "write_atomically",
]

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects a save may have (saves use 5 or 6 levels)."""
MAX_NUMBER_DIGITS = 60
"""Most digits a number in a save may have (a seed or an amount)."""
MAX_SEED_DIGITS = 60
"""Most digits a seed given as a number may have."""
MAX_SEED_CHARACTERS = 200
"""Longest seed given as a text."""
MAX_SAVE_BYTES = 16 * 1024 * 1024
"""Largest file read as a save (a long session's save is a few hundred kilobytes)."""


def read_text(path: str | Path, *, what: str | Message = "saved session") -> str:
    """The text of the file ``path``, refused clearly if it cannot be a save.

    >>> import tempfile, pathlib
    >>> bad = pathlib.Path(tempfile.mkdtemp()) / "bad.json"
    >>> _ = bad.write_bytes(b'{"format": "\\xff"}')
    >>> read_text(bad)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: saved session '...bad.json' is not UTF-8 text (byte 0xff at position 12): a save is the JSON text this program writes
    """
    source = Path(path)
    data = read_bounded(source, limit=MAX_SAVE_BYTES, what=saved_what(what))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        byte = format(data[error.start], "02x")
        raise NotationError(message(
            "{what} {path!r} is not UTF-8 text (byte 0x{byte} at position {position}): a save is "
            "the JSON text this program writes", what=saved_what(what), path=str(source),
            byte=byte, position=error.start)) from None


def _depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in JSON text, outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        raise _TooLong(digits)
    return int(text)


def _float(text: str) -> float:
    raise _Float(text)


def _constant(text: str) -> float:
    raise _Float(text)


class _TooLong(Exception):
    def __init__(self, digits: int) -> None:
        self.digits = digits


class _Float(Exception):
    def __init__(self, text: str) -> None:
        self.text = text


def parse_json(text: str, *, what: str | Message = "saved session") -> Any:
    """Read JSON text of a save: plain JSON with whole numbers, refused clearly otherwise.

    Amounts are strings in a save, so a number with a fraction or an exponent
    (``4.75``, ``1e9``, ``NaN``) is refused as well: it could only come from an
    edited file.

    >>> parse_json('{"stake": 4.75}')
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: saved session holds the number 4.75: numbers in a save are whole; amounts are written as text, e.g. "4.75"
    >>> parse_json('{"log": [}')
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: saved session is not valid JSON: Expecting value: line 1 column 10 (char 9)
    """
    named = saved_what(what)
    if not isinstance(text, str):
        raise NotationError(message("{what} is not text: expected the JSON text of a save",
                                    what=named))
    deepest = _depth(text)
    if deepest > MAX_DEPTH:
        raise NotationError(message(
            "{what} is nested {depth} levels deep: a save is at most {most} levels deep",
            what=named, depth=deepest, most=MAX_DEPTH))
    try:
        return json.loads(text, parse_int=_number, parse_float=_float, parse_constant=_constant)
    except _TooLong as error:
        raise NotationError(message(
            "{what} holds a number of {digits} digits: numbers in a save have at most {most} "
            "digits", what=named, digits=error.digits, most=MAX_NUMBER_DIGITS)) from None
    except _Float as error:
        raise NotationError(message(
            "{what} holds the number {number}: numbers in a save are whole; amounts are written "
            "as text, e.g. {example}", what=named, number=error.text, example='"4.75"')) from None
    except json.JSONDecodeError as error:
        raise NotationError(message("{what} is not valid JSON: {error}", what=named,
                                    error=str(error))) from None
    except (RecursionError, ValueError) as error:  # pragma: no cover - guarded by the checks above
        raise NotationError(message("{what} cannot be read as JSON: {error}", what=named,
                                    error=str(error))) from None


def read_seed(text: str) -> int | str:
    """A seed typed by a user: a whole number when it is all digits, else the text itself.

    >>> read_seed("42"), read_seed("lucky")
    (42, 'lucky')
    >>> read_seed("9" * 70)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: invalid seed of 70 digits: expected a whole number of at most 60 digits, or a word
    """
    if not isinstance(text, str) or not text.strip():
        raise NotationError(message("invalid seed {seed}: expected a whole number or a word, e.g. 7",
                                    seed=repr(text)))
    stripped = text.strip()
    if stripped.isdigit() and stripped.isascii():
        if len(stripped) > MAX_SEED_DIGITS:
            raise NotationError(message(
                "invalid seed of {digits} digits: expected a whole number of at most {most} "
                "digits, or a word", digits=len(stripped), most=MAX_SEED_DIGITS))
        return int(stripped)
    if len(text) > MAX_SEED_CHARACTERS:
        raise NotationError(message(
            "invalid seed of {length} characters: expected a whole number or a word of at most "
            "{most} characters", length=len(text), most=MAX_SEED_CHARACTERS))
    return text


def check_seed(seed: object) -> int | str:
    """A session's seed checked as it will be saved: a whole number or a text, of a sane size.

    >>> check_seed(7), check_seed("lucky")
    (7, 'lucky')
    >>> check_seed(10 ** 100)
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: invalid seed of 101 digits: expected a whole number of at most 60 digits, or a text of at most 200 characters
    """
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise IllegalAction(message("invalid seed {seed}: expected a whole number or a text",
                                    seed=repr(seed)))
    too_big = isinstance(seed, int) and abs(seed) >= 10 ** MAX_SEED_DIGITS
    if too_big or (isinstance(seed, str) and len(seed) > MAX_SEED_CHARACTERS):
        if isinstance(seed, str):
            size = message("{count} characters", count=len(seed))
        elif abs(seed) < 10 ** 4000:
            size = message("{count} digits", count=len(str(abs(seed))))
        else:
            size = message("more digits than that")
        raise IllegalAction(message(
            "invalid seed of {size}: expected a whole number of at most {digits} digits, or a "
            "text of at most {characters} characters", size=size, digits=MAX_SEED_DIGITS,
            characters=MAX_SEED_CHARACTERS))
    return seed


class SaveError(NotationError):
    """A save refused at one place: ``entry`` (an index into its log) or ``field`` (a key).

    :func:`locate` turns it into a message with the line of the file.
    """

    def __init__(self, reason: Message | str, *, entry: int | None = None,
                 field: str | None = None) -> None:
        super().__init__(reason)
        self.reason = self.message
        self.entry = entry
        self.field = field


def save_version(data: object, *, kind: str, file_format: str, version: int) -> int:
    """The version of a saved ``kind`` (``"home session"``, ``"online table"``), from 1 to
    ``version`` (the present one), after checking its format, its version and its top-level
    fields.  Every earlier version is still read.

    >>> save_version({"format": "x", "version": 2, "rules": {}, "log": []}, kind="home session",
    ...              file_format="x", version=2)
    2
    >>> save_version({"format": "x", "version": 2, "balance": 10}, kind="home session",
    ...              file_format="x", version=2)
    Traceback (most recent call last):
    ...
    bacara_teach.saves.SaveError: unknown field 'balance' in a saved home session: expected format, version, rules and log
    """
    named = _KINDS.get(kind, kind)
    if not isinstance(data, Mapping) or data.get("format") != file_format:
        raise SaveError(message("not {kind}: expected an object with format {format!r}",
                                kind=named[0], format=file_format), field="format")
    found = data.get("version")
    if isinstance(found, bool) or not isinstance(found, int) or not 1 <= found <= version:
        raise SaveError(message("unsupported {kind} version {found}: expected {version} (or an "
                                "earlier one, from 1)", kind=named[1], found=repr(found),
                                version=version), field="version")
    if found == 1:
        return 1
    unknown = sorted(set(data) - {"format", "version", "rules", "log"})
    if unknown:
        raise SaveError(message("unknown field {field!r} in {kind}: expected format, version, "
                                "rules and log", field=unknown[0], kind=named[0]),
                        field=unknown[0])
    return found


def registered_profile(saved: object) -> TableProfile:
    """The registered table profile that a version 1 save wrote out in full, or the refusal
    (such saves carried their own table rules; tables now come only from the registry).

    >>> from bacara_teach.tables import PROFILES
    >>> registered_profile(PROFILES["home"].to_dict()) == PROFILES["home"]
    True
    >>> written = {**PROFILES["home"].to_dict(), "system": "A"}
    >>> del written["label"]
    >>> registered_profile(written) == PROFILES["home"]
    True
    >>> registered_profile({"name": "home", "decks": 1})
    Traceback (most recent call last):
    ...
    bacara_teach.saves.SaveError: a version 1 save carries its own table rules, ...
    """
    from bacara_teach.tables import PROFILES, TableProfile

    if isinstance(saved, Mapping) and "system" in saved and "label" not in saved:
        # such saves named a table's rules by a letter where profiles now hold a label
        written = saved.get("name")
        known = PROFILES.get(written) if isinstance(written, str) else None
        saved = {key: value for key, value in saved.items() if key != "system"}
        if known is not None:
            saved["label"] = known.label
    try:
        profile = TableProfile.from_dict(saved) if isinstance(saved, Mapping) else None
    except BacaraError:
        profile = None
    name = saved.get("name") if isinstance(saved, Mapping) else None
    if profile is None or not isinstance(name, str) or PROFILES.get(name) != profile:
        raise SaveError(message(
            "a version 1 save carries its own table rules, and these are not a registered "
            "profile as it is (expected one of {names}); tables come only from the profile "
            "registry now", names=", ".join(PROFILES)), field="profile")
    return profile


def replay_log(log: object, replay: Callable[[object], object], *, items: str = "actions",
               prefix: str | Message = "") -> None:
    """Take each entry of a save's ``log`` again through ``replay`` (the same checks as the
    action it records); the first entry refused is refused as a :class:`SaveError` naming it.

    >>> replay_log([1, 2], lambda entry: None)
    >>> replay_log("x", print)
    Traceback (most recent call last):
    ...
    bacara_teach.saves.SaveError: the log is missing or not a list of actions
    >>> def odd_only(entry: object) -> None:
    ...     if entry == 2:
    ...         raise IllegalAction("two is even")
    >>> replay_log([1, 2], odd_only, items="moves", prefix="invalid saved session: ")
    Traceback (most recent call last):
    ...
    bacara_teach.saves.SaveError: invalid saved session: log entry 2 is refused: two is even
    """
    if not isinstance(log, list):
        missing = (message("the log is missing or not a list of moves") if items == "moves"
                   else message("the log is missing or not a list of actions"))
        raise SaveError(_prefixed(prefix, missing), field="log")
    for index, entry in enumerate(log):
        try:
            replay(entry)
        except BacaraError as error:
            refused = message("log entry {number} is refused: {reason}", number=index + 1,
                              reason=error.message)
            raise SaveError(_prefixed(prefix, refused), entry=index) from None


def _prefixed(prefix: str | Message, text: Message) -> Message:
    """``text`` after ``prefix`` (a message that ends with its own separator)."""
    if not prefix:
        return text
    if isinstance(prefix, str):
        return Message("{prefix}{text}", params={"prefix": prefix, "text": text})
    return message("{prefix}: {text}", prefix=prefix, text=text)


_LOG_START = re.compile(r'"log"\s*:\s*\[')


def entry_lines(text: str) -> list[int]:
    """The line (1-based) on which each entry of the save's ``log`` array starts.

    >>> entry_lines('{"rules": {},\\n "log": [\\n  {"a": 1},\\n  {"b": 2}\\n ]\\n}')
    [3, 4]
    """
    found = _LOG_START.search(text)
    if found is None:
        return []
    decoder = json.JSONDecoder()
    lines: list[int] = []
    index = found.end()
    while index < len(text):
        while index < len(text) and text[index] in " \t\r\n,":
            index += 1
        if index >= len(text) or text[index] == "]":
            break
        lines.append(text.count("\n", 0, index) + 1)
        try:
            _, index = decoder.raw_decode(text, index)
        except (ValueError, RecursionError):
            break
    return lines


def key_line(text: str, key: str) -> int | None:
    """The line (1-based) of the first ``"key":`` in the text, or None.

    >>> key_line('{\\n "format": "x",\\n "version": 9\\n}', "version")
    3
    """
    found = re.search(f'"{re.escape(key)}"\\s*:', text)
    return None if found is None else text.count("\n", 0, found.start()) + 1


def locate(error: SaveError, text: str, what: str) -> NotationError:
    """``error`` as a message naming the line of ``text`` it is about."""
    line: int | None = None
    if error.entry is not None:
        lines = entry_lines(text)
        line = lines[error.entry] if 0 <= error.entry < len(lines) else None
    elif error.field is not None:
        line = key_line(text, error.field)
    named = saved_what(what)
    if line is not None:
        return NotationError(message("{what}, line {line}: {reason}", what=named, line=line,
                                     reason=error.message))
    return NotationError(message("{what}: {reason}", what=named, reason=error.message))


SAVED: tuple[str, ...] = (N_("saved session"), N_("saved home session"),
                          N_("saved online table"), N_("saved Chemin de Fer session"))
"""The names of the saves, as a refusal starts with them (``what=`` of the readers)."""

_KINDS: dict[str, tuple[Message, Message]] = {
    "home session": (message("a saved home session"), message("home session")),
    "online table": (message("a saved online table"), message("online table")),
}
"""Each kind of save of :func:`save_version`, as "a saved ..." and as a name."""


def saved_what(what: str | Message) -> Message:
    """The name of a save in a refusal: one of :data:`SAVED` (or any message) in the reader's
    language, any other text as it is.

    >>> saved_what("saved online table").render("es")
    'La mesa en línea guardada'
    """
    return what if isinstance(what, Message) else Message(what)


def dump_save(data: dict[str, Any]) -> str:
    """A save as JSON text: one top-level field per line and one log entry per line.

    One entry per line keeps a refusal's line number meaningful and a save
    easy to read and diff.

    >>> print(dump_save({"format": "x", "version": 2, "rules": {"seed": 1}, "log": [{"a": 1}, {"b": 2}]}))
    {
     "format": "x",
     "version": 2,
     "rules": {"seed": 1},
     "log": [
      {"a": 1},
      {"b": 2}
     ]
    }
    """
    fields = []
    for key, value in data.items():
        head = f" {json.dumps(key)}: "
        if key == "log" and isinstance(value, list):
            if not value:
                fields.append(head + "[]")
                continue
            entries = ",\n".join(f"  {json.dumps(entry, ensure_ascii=False)}" for entry in value)
            fields.append(f"{head}[\n{entries}\n ]")
        else:
            fields.append(head + json.dumps(value, ensure_ascii=False))
    return "{\n" + ",\n".join(fields) + "\n}"
