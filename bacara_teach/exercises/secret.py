"""The class secret: what a teacher holds and a student does not, so that no one can deal a paper's key.

A graded paper's questions are drawn from the assignment, the student id and the class
secret (32 random bytes, kept by the teacher in a file beside the roster,
``<roster file name>.secret``, readable by its owner only).  Without the secret the same
assignment and id deal other questions, so a student who knows their id, the
assignment and this package still cannot compute their paper's key.

A paper carries a short public check value, :func:`secret_check` (an HMAC of a fixed
label under the secret): it tells the grader whether it holds the secret the papers were
made with, and reveals nothing of the secret itself.

The practice papers (student id ``practice``, and :func:`~.assignments.make_paper` with
no secret) are dealt without one: they are public and reproducible on every machine.

>>> secret = bytes(range(32))
>>> len(secret_check(secret)), secret_check(secret) == secret_check(bytes(32))
(16, False)
>>> parse_secret(secret.hex() + "\\n") == secret
True
>>> parse_secret("not hex")
Traceback (most recent call last):
...
bacara_teach.exercises.secret.SecretRefused: the class secret must be 64 hexadecimal digits (32 bytes), as 'bacara-teach assignment make' writes it
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
import tempfile
from pathlib import Path

from bacara_teach.errors import BacaraError
from bacara_teach.text import message

__all__ = [
    "SECRET_BYTES",
    "SECRET_SUFFIX",
    "SecretRefused",
    "create_secret",
    "default_secret_path",
    "keyed_seed",
    "parse_secret",
    "read_secret",
    "secret_check",
]

SECRET_BYTES = 32
"""The class secret's length (256 bits)."""
SECRET_SUFFIX = ".secret"
"""The secret's file is the roster's file name with this added: ``roster.csv.secret``."""
_CHECK_LABEL = b"bacara_teach.exercises/class-secret-check/v1"
_MAX_SECRET_FILE = 4096


class SecretRefused(BacaraError):
    """A class secret that is missing, unreadable or not the papers' (the message in every language)."""


def default_secret_path(roster: str | Path) -> Path:
    """The secret's file beside ``roster``.

    >>> default_secret_path("class/roster.csv").as_posix()
    'class/roster.csv.secret'
    """
    path = Path(roster)
    return path.with_name(path.name + SECRET_SUFFIX)


def parse_secret(text: str) -> bytes:
    """The secret held in a secret file's text (64 hexadecimal digits), or :class:`SecretRefused`."""
    digits = text.strip()
    try:
        value = bytes.fromhex(digits)
    except ValueError:
        value = b""
    if len(value) != SECRET_BYTES or len(digits) != 2 * SECRET_BYTES:
        raise SecretRefused(message(
            "the class secret must be {digits} hexadecimal digits ({count} bytes), as '{command}' "
            "writes it", digits=2 * SECRET_BYTES, count=SECRET_BYTES,
            command="bacara-teach assignment make"))
    return value


def read_secret(path: str | Path) -> bytes:
    """Read the class secret from ``path``; :class:`SecretRefused` names the file and ``--secret``."""
    place = Path(path)
    try:
        with open(place, "rb") as handle:
            raw = handle.read(_MAX_SECRET_FILE + 1)
    except FileNotFoundError:
        raise SecretRefused(message(
            "no class secret at {path!r}: the papers are dealt with the secret that '{command}' "
            "wrote beside the roster; name its file with --secret FILE", path=str(place),
            command="bacara-teach assignment make")) from None
    except OSError as error:
        raise SecretRefused(message("the class secret {path!r} could not be read: {why}",
                                    path=str(place), why=str(error.strerror))) from None
    try:
        return parse_secret(raw[:_MAX_SECRET_FILE].decode("ascii"))
    except (UnicodeDecodeError, SecretRefused):
        raise SecretRefused(message(
            "{path!r} is not a class secret: expected {digits} hexadecimal digits, as '{command}' "
            "writes them", path=str(place), digits=2 * SECRET_BYTES,
            command="bacara-teach assignment make")) from None


def create_secret(path: str | Path) -> bytes:
    """Make a new class secret and write it to ``path``, readable and writable by its owner only.

    The file is written whole (a temporary file, mode 0600, renamed), and never over
    an existing one: a secret that exists already is read instead.
    """
    place = Path(path)
    if place.exists() or place.is_symlink():
        return read_secret(place)
    value = secrets.token_bytes(SECRET_BYTES)
    place.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{place.name}.", dir=place.parent)
    try:
        os.fchmod(handle, stat.S_IRUSR | stat.S_IWUSR)
        with os.fdopen(handle, "w", encoding="ascii") as out:
            out.write(value.hex() + "\n")
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temporary, place)  # fails if a secret appeared meanwhile: never replace one
        except FileExistsError:
            raise
        except OSError:  # a file system without hard links: rename, unless one appeared
            if place.exists() or place.is_symlink():
                raise FileExistsError(str(place)) from None
            os.replace(temporary, place)
    except FileExistsError:
        return read_secret(place)
    finally:
        Path(temporary).unlink(missing_ok=True)
    return value


def keyed_seed(secret: bytes, text: str) -> int:
    """64 bits of HMAC-SHA256 of ``text`` under ``secret`` (a graded paper's item seed).

    >>> keyed_seed(bytes(32), "a") == keyed_seed(bytes(32), "a") != keyed_seed(bytes(range(32)), "a")
    True
    """
    digest = hmac.new(secret, text.encode("utf-8"), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def secret_check(secret: bytes) -> str:
    """The public check value of ``secret``: 16 hexadecimal digits of an HMAC of a fixed label.

    It tells whether two papers were made with the same secret; it cannot give the secret
    back, nor any paper's seed (those are HMACs of other texts).
    """
    return hmac.new(secret, _CHECK_LABEL, hashlib.sha256).hexdigest()[:16]
