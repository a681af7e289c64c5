"""Files the program reads and writes: every input read with a bound, every output place
checked first, every file written in one step.

Everything the command line and the grader read from a path (a roster, a handed-in
notebook, a saved session) goes through :func:`read_bounded`: a folder, a device (such as
``/dev/zero``), a named pipe, a socket or a file over the reader's stated limit is refused at
once, before a byte is read, and a file is never read past its limit.  Nothing can make the
program read without end or wait on a pipe.

Every place the program writes (``--out``, ``--save``, ``--report``, ...) is checked by
:func:`check_output_file` or :func:`check_output_folder` before any work is done: a place
in ``/proc`` or ``/sys``, a folder where a file is expected, a device or another
non-regular file, a folder that cannot hold new files, a missing folder where none is made.

:func:`write_atomically` puts a file in place in one step (a temporary file in the same
folder, synced, then renamed).  Its temporaries carry a name of their own
(``.<name>.bacara-<pid>-<random>.tmp``); a writer killed mid-write leaves one behind, and
the next write in that folder removes it once its writer is dead (or it is a day old).

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomically(folder / "save.json", "{}\\n")
>>> read_bounded(folder / "save.json", limit=100, what="saved session")
b'{}\\n'
>>> read_bounded(folder, limit=100, what="saved session")
Traceback (most recent call last):
...
bacara_teach.files.InputRefused: saved session '...' is a folder, not a file: expected a file of at most 100 bytes
>>> read_bounded("/dev/zero", limit=100, what="roster")
Traceback (most recent call last):
...
bacara_teach.files.InputRefused: roster '/dev/zero' is a device, not a file: expected a file of at most 100 bytes
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import TextIO

from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.text import Message, message, nmessage

__all__ = [
    "MAX_LINE",
    "MISSING",
    "NOT_A_FILE",
    "STALE_SECONDS",
    "TOO_LARGE",
    "UNREADABLE",
    "InputRefused",
    "OutputRefused",
    "check_output_file",
    "check_output_folder",
    "is_temporary",
    "read_bounded",
    "read_line",
    "remove_stale_temporaries",
    "size_text",
    "write_atomically",
]

MISSING = "missing"
NOT_A_FILE = "not-a-file"
TOO_LARGE = "too-large"
UNREADABLE = "unreadable"
"""The reasons of an :class:`InputRefused`."""

STALE_SECONDS = 24 * 60 * 60
"""Age after which a temporary of :func:`write_atomically` is stale even if a process with
its writer's number runs (numbers are reused)."""

_SYSTEM_TREES = ("/proc", "/sys")
"""Trees of the system's own pseudo-files: nothing the program writes goes there."""

_TEMPORARY = re.compile(r"\.(?P<name>.+)\.bacara-(?P<pid>[0-9]+)-[A-Za-z0-9_]+\.tmp")
"""The name of a temporary of :func:`write_atomically` (``.save.json.bacara-123-ab_9x.tmp``)."""


class InputRefused(NotationError):
    """An input file refused before it was read (or read past its limit).

    ``reason`` says which refusal: ``"missing"``, ``"not-a-file"``, ``"too-large"`` or
    ``"unreadable"`` (an error of the system, e.g. no permission), so that a caller may word
    it its own way (``detail`` is the system's words for the last two); the message names
    the file and the limit.
    """

    def __init__(self, why: Message, *, reason: str, detail: str = "") -> None:
        super().__init__(why)
        self.reason = reason
        self.detail = detail


class OutputRefused(IllegalAction):
    """An output place that cannot be written: nothing was written."""


def size_text(size: int) -> Message:
    """A size as a refusal states it: whole mebibytes in MiB, anything else in bytes.

    >>> str(size_text(16 * 1024 * 1024)), str(size_text(100)), size_text(5 * 2 ** 20).render("es")
    ('16 MiB', '100 bytes', '5 MiB')
    """
    mebibyte = 1024 * 1024
    if size >= mebibyte and size % mebibyte == 0:
        return message("{count} MiB", count=size // mebibyte)
    return nmessage("{count} byte", "{count} bytes", size, count=size)


def _kind(mode: int) -> Message:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return message("a folder")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return message("a device")
    if stat.S_ISFIFO(mode):
        return message("a named pipe (FIFO)")
    if stat.S_ISSOCK(mode):
        return message("a socket")
    if stat.S_ISLNK(mode):
        return message("a symbolic link")
    return message("not a regular file")


def _why(error: OSError | ValueError) -> str:
    return (error.strerror if isinstance(error, OSError) else None) or str(error)


def read_bounded(path: str | Path, *, limit: int, what: str | Message,
                 follow_links: bool = True) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; anything else refused.

    ``what`` names the file in a refusal (``"roster"``, ``"saved session"``).  The file is
    looked at (``stat``) before it is opened, opened without waiting (a named pipe with no
    writer does not block) and looked at again once open (``fstat``), so that a file swapped
    in between is caught too; at most ``limit + 1`` bytes are ever read.  With
    ``follow_links=False`` a symbolic link is refused as well.  Every refusal is an
    :class:`InputRefused` naming the file and the limit.

    >>> import os, pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> big = folder / "big.csv"
    >>> _ = big.write_bytes(b"x" * 101)
    >>> read_bounded(big, limit=100, what="roster")
    Traceback (most recent call last):
    ...
    bacara_teach.files.InputRefused: roster '...big.csv' is larger than 100 bytes: expected a file of at most 100 bytes
    >>> os.mkfifo(folder / "pipe")
    >>> read_bounded(folder / "pipe", limit=100, what="roster")
    Traceback (most recent call last):
    ...
    bacara_teach.files.InputRefused: roster '...pipe' is a named pipe (FIFO), not a file: expected a file of at most 100 bytes
    >>> read_bounded(folder / "none.csv", limit=100, what="roster")
    Traceback (most recent call last):
    ...
    bacara_teach.files.InputRefused: cannot read '...none.csv': No such file or directory
    """
    place = os.fspath(path)
    named: str | Message = what if isinstance(what, Message) else Message(what)
    expected = message("expected a file of at most {limit}", limit=size_text(limit))

    def not_a_file(mode: int) -> InputRefused:
        return InputRefused(message("{what} {path!r} is {kind}, not a file: {expected}",
                                    what=named, path=place, kind=_kind(mode),
                                    expected=expected), reason=NOT_A_FILE)

    def too_large() -> InputRefused:
        return InputRefused(message("{what} {path!r} is larger than {limit}: {expected}",
                                    what=named, path=place, limit=size_text(limit),
                                    expected=expected), reason=TOO_LARGE)

    def cannot(error: OSError | ValueError) -> InputRefused:
        missing = isinstance(error, FileNotFoundError)
        return InputRefused(message("cannot read {path!r}: {why}", path=place, why=_why(error)),
                            reason=MISSING if missing else UNREADABLE, detail=_why(error))

    try:
        info = os.stat(place) if follow_links else os.lstat(place)
    except (OSError, ValueError) as error:
        raise cannot(error) from None
    if not stat.S_ISREG(info.st_mode):
        raise not_a_file(info.st_mode)
    if info.st_size > limit:
        raise too_large()
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    if not follow_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        handle = os.open(place, flags)
    except OSError as error:
        if not follow_links and error.errno == errno.ELOOP:
            raise not_a_file(stat.S_IFLNK) from None
        raise cannot(error) from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise not_a_file(info.st_mode)
        if info.st_size > limit:
            raise too_large()
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(handle, min(limit + 1 - size, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise cannot(error) from None
    finally:
        os.close(handle)
    if size > limit:
        raise too_large()
    return b"".join(chunks)


MAX_LINE = 65536
"""The longest line the interactive commands read (a command is a few words; a line of a
few thousand digits is still read, and refused as a command)."""


def read_line(stream: TextIO, *, limit: int = MAX_LINE) -> str:
    """One line of ``stream`` (with its end of line), ``""`` at the end; at most ``limit``
    characters are read, and a longer line is refused (:class:`InputRefused`), so that
    an endless input without a line break (``< /dev/zero``) is not read without end.

    >>> import io
    >>> read_line(io.StringIO("bet banco 5\\nquit\\n"))
    'bet banco 5\\n'
    >>> read_line(io.StringIO("x" * 5000), limit=4096)
    Traceback (most recent call last):
    ...
    bacara_teach.files.InputRefused: a line of input is longer than 4,096 characters: the commands are short lines; nothing more was read
    """
    line = stream.readline(limit + 1)
    if len(line.removesuffix("\n")) > limit:
        raise InputRefused(message(
            "a line of input is longer than {most:,} characters: the commands are short lines; "
            "nothing more was read", most=limit), reason=TOO_LARGE)
    return line


# -- output places ----------------------------------------------------------------------------------


def _in_system_tree(path: Path) -> bool:
    """True when ``path`` (its folders' links followed) lies in ``/proc`` or ``/sys``.

    >>> _in_system_tree(Path("/proc/1/x.csv")), _in_system_tree(Path("/tmp/x.csv"))
    (True, False)
    """
    try:
        full = os.path.realpath(path)
    except (OSError, ValueError):
        full = os.path.abspath(path)
    return any(full == tree or full.startswith(tree + os.sep) for tree in _SYSTEM_TREES)


def _nearest_existing(folder: Path) -> Path | None:
    for place in (folder, *folder.parents):
        with contextlib.suppress(OSError, ValueError):
            if place.exists() or place.is_symlink():
                return place
    return None


def _is_folder(place: Path) -> bool:
    try:
        return place.is_dir()
    except (OSError, ValueError):
        return False


def _can_make_files_in(folder: Path) -> bool:
    try:
        return folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)
    except (OSError, ValueError):
        return False


def check_output_file(path: str | Path, option: str, *, make_folders: bool = False) -> None:
    """Refuse (:class:`OutputRefused`) a place where the file ``path`` cannot be written.

    ``option`` names the place in the refusal (``"--out"``).  Refused: a path in ``/proc``
    or ``/sys``, a folder, an existing file that is not a regular file (a device, a named
    pipe) or may not be written, a folder that cannot hold new files, and a folder that
    does not exist (unless ``make_folders``: then the nearest folder that exists must be
    one where folders may be made).

    >>> check_output_file("/proc/x/y.csv", "--out")
    Traceback (most recent call last):
    ...
    bacara_teach.files.OutputRefused: --out '/proc/x/y.csv' is in /proc or /sys, the system's own files: expected a file in a folder of yours
    >>> check_output_file("/dev/null", "--out")
    Traceback (most recent call last):
    ...
    bacara_teach.files.OutputRefused: --out '/dev/null' is a device, not a regular file: expected a file name
    >>> import tempfile
    >>> check_output_file(tempfile.mkdtemp() + "/missing/book.csv", "--save")
    Traceback (most recent call last):
    ...
    bacara_teach.files.OutputRefused: --save '...book.csv' cannot be written: its folder '...missing' does not exist
    """
    target = Path(path)
    shown = os.fspath(path)
    if "\x00" in shown:
        raise OutputRefused(message("{option} {path!r} cannot be written: a file name holds no "
                                    "NUL character", option=option, path=shown))
    if _in_system_tree(target):
        raise OutputRefused(message(
            "{option} {path!r} is in /proc or /sys, the system's own files: expected a file in "
            "a folder of yours", option=option, path=shown))
    try:
        info: os.stat_result | None = os.stat(target)
    except (OSError, ValueError):
        info = None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise OutputRefused(message("{option} {path!r} is a folder: expected a file name",
                                        option=option, path=shown))
        if not stat.S_ISREG(info.st_mode):
            raise OutputRefused(message(
                "{option} {path!r} is {kind}, not a regular file: expected a file name",
                option=option, path=shown, kind=_kind(info.st_mode)))
        if not os.access(target, os.W_OK):
            raise OutputRefused(message(
                "{option} {path!r} cannot be written (not a regular file that may be written)",
                option=option, path=shown))
    elif target.is_symlink():
        raise OutputRefused(message(
            "{option} {path!r} cannot be written (not a regular file that may be written)",
            option=option, path=shown))
    _check_folder_of(target.parent, option, shown, make_folders=make_folders)


def _check_folder_of(folder: Path, option: str, shown: str, *, make_folders: bool) -> None:
    """Refuse a file's folder where it cannot be made."""
    nearest = _nearest_existing(folder)
    if nearest is not None and nearest != folder and not make_folders and _is_folder(nearest):
        raise OutputRefused(message(
            "{option} {path!r} cannot be written: its folder {folder!r} does not exist",
            option=option, path=shown, folder=os.fspath(folder)))
    if nearest is None or not _can_make_files_in(nearest):
        raise OutputRefused(message(
            "{option} {path!r} cannot be written: its folder is not one where files may be made",
            option=option, path=shown))


def check_output_folder(folder: str | Path, option: str) -> None:
    """Refuse (:class:`OutputRefused`) a folder that cannot hold the files to be written there.

    The folder may be missing (it is made), but not in ``/proc`` or ``/sys``, nor a file,
    nor under a folder where no folder can be made.

    >>> check_output_folder("/sys/kernel/x", "--feedback")
    Traceback (most recent call last):
    ...
    bacara_teach.files.OutputRefused: --feedback '/sys/kernel/x' is in /proc or /sys, the system's own files: expected a folder of yours
    """
    place = Path(folder)
    shown = os.fspath(folder)
    if "\x00" in shown:
        raise OutputRefused(message("{option} {path!r} cannot be written: a file name holds no "
                                    "NUL character", option=option, path=shown))
    if _in_system_tree(place):
        raise OutputRefused(message(
            "{option} {path!r} is in /proc or /sys, the system's own files: expected a folder "
            "of yours", option=option, path=shown))
    try:
        exists = place.exists() or place.is_symlink()
        is_folder = place.is_dir()
    except (OSError, ValueError):
        exists = is_folder = False
    if exists and not is_folder:
        raise OutputRefused(message("{option} {path!r} is a file: expected a folder",
                                    option=option, path=shown))
    nearest = _nearest_existing(place)
    if nearest is None or not _can_make_files_in(nearest):
        raise OutputRefused(message(
            "{option} {path!r} cannot be written: files may not be made there", option=option,
            path=shown))


# -- atomic writes ----------------------------------------------------------------------------------


def is_temporary(name: str) -> bool:
    """True for the name of a temporary of :func:`write_atomically`.

    >>> is_temporary(".save.json.bacara-4242-k3_9x.tmp"), is_temporary(".save.json.tmp")
    (True, False)
    """
    return _TEMPORARY.fullmatch(name) is not None


def _writer_gone(pid: int) -> bool:
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, OSError):  # someone else's process, or no such number
        return False
    return False


def remove_stale_temporaries(folder: str | Path, *, now: float | None = None) -> list[str]:
    """Remove the stale temporaries of :func:`write_atomically` in ``folder``; their names.

    A temporary is stale when the process that wrote it is gone, or when it is older than
    :data:`STALE_SECONDS`.  Only regular files of this user whose names match the
    temporaries' own pattern are looked at; nothing else in the folder is touched.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / ".save.json.bacara-999999999-ab12.tmp").write_text("half")
    >>> _ = (folder / ".save.json.tmp").write_text("not ours")
    >>> remove_stale_temporaries(folder)
    ['.save.json.bacara-999999999-ab12.tmp']
    >>> sorted(p.name for p in folder.iterdir())
    ['.save.json.tmp']
    """
    moment = time.time() if now is None else now
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder if os.fspath(folder) else "."))
    except (OSError, ValueError):
        return removed
    owner = os.getuid() if hasattr(os, "getuid") else None
    for entry in entries:
        found = _TEMPORARY.fullmatch(entry.name)
        if found is None:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode) or (owner is not None and info.st_uid != owner):
            continue
        if not (_writer_gone(int(found["pid"])) or moment - info.st_mtime > STALE_SECONDS):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(entry.name)
    return sorted(removed)


def write_atomically(path: str | Path, text: str, *, make_folders: bool = False) -> None:
    """Write ``text`` (UTF-8) to ``path`` in one step: the old file or the new, never a part.

    The text goes to a temporary file in the same folder, is flushed and synced
    to the disk, and is renamed over ``path``; the folder is synced too.  On
    any failure (a full disk, no permission, no such folder) the temporary file
    is removed, ``path`` is left as it was, and :class:`IllegalAction` says why.
    Stale temporaries that killed writers left in the folder are removed first
    (:func:`remove_stale_temporaries`).  ``make_folders`` makes the missing folders.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_atomically(folder / "save.json", "{}\\n")
    >>> (folder / "save.json").read_text(), sorted(p.name for p in folder.iterdir())
    ('{}\\n', ['save.json'])
    >>> write_atomically(folder / "missing" / "save.json", "{}")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: cannot save to '...save.json': No such file or directory; nothing was written
    >>> write_atomically("/dev/null", "{}")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: cannot save to '/dev/null': it is a device, not a regular file; nothing was written
    """
    target = Path(path)
    data = text.encode("utf-8")
    temporary: str | None = None
    folder = target.parent if str(target.parent) else Path(".")
    try:
        mode = os.stat(target).st_mode
    except (OSError, ValueError):
        mode = None
    if mode is not None and not stat.S_ISREG(mode):  # never replace a device, a pipe or a folder
        raise IllegalAction(message("cannot save to {path!r}: it is {kind}, not a regular file; "
                                    "nothing was written", path=str(target), kind=_kind(mode)))
    try:
        if make_folders:
            folder.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(folder)
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name[:120]}.bacara-{os.getpid()}-", suffix=".tmp", dir=folder)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        with contextlib.suppress(OSError):
            os.chmod(temporary, 0o644 & ~_umask())
        os.replace(temporary, target)
        temporary = None
        _sync_folder(folder)
    except (OSError, ValueError) as error:  # ValueError: a name the system refuses (a NUL byte)
        why = _why(error)
        if _exists(target):
            raise IllegalAction(message(
                "cannot save to {path!r}: {why}; nothing was written (the previous save is kept "
                "as it was)", path=str(target), why=why)) from None
        raise IllegalAction(message("cannot save to {path!r}: {why}; nothing was written",
                                    path=str(target), why=why)) from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long or with a NUL byte: there is no old file
        return False


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows a folder to be synced)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)
