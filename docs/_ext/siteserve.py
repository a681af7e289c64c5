"""Serving the built site: the port, read and checked before anything is built.

``python3 -m nox -s serve`` serves ``docs/_build/html`` on http://127.0.0.1:8000; a port
given after ``--`` (``python3 -m nox -s serve -- 8080``) replaces 8000.  A first build takes
many minutes, so the session asks for its port first: a port that is not a number, or one
another program already holds, is refused at once, with the port named and how to choose
another, instead of a traceback from the server once the build is over.
"""

from __future__ import annotations

import socket
from collections.abc import Sequence

HOST = "127.0.0.1"
DEFAULT_PORT = 8000
EXAMPLE = "python3 -m nox -s serve -- 8080"
"""How a reader chooses the port (the README's quick start says the same)."""


class PortError(ValueError):
    """A port that cannot be served on: its message says which and what to do instead."""


def requested_port(args: Sequence[str]) -> int:
    """The port asked for after ``--`` (:data:`DEFAULT_PORT` when none is).

    >>> requested_port([]), requested_port(["8080"])
    (8000, 8080)
    >>> requested_port(["http"])
    Traceback (most recent call last):
    ...
    siteserve.PortError: 'http' is not a port: give a number from 1 to 65535 after '--', as in 'python3 -m nox -s serve -- 8080'
    >>> requested_port(["8080", "9090"])
    Traceback (most recent call last):
    ...
    siteserve.PortError: the serve session takes one port after '--', not 2 arguments, as in 'python3 -m nox -s serve -- 8080'
    """
    if not args:
        return DEFAULT_PORT
    if len(args) > 1:
        raise PortError(f"the serve session takes one port after '--', not {len(args)} "
                        f"arguments, as in '{EXAMPLE}'")
    text = args[0]
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 65535):
        raise PortError(f"{text[:40]!r} is not a port: give a number from 1 to 65535 after '--', "
                        f"as in '{EXAMPLE}'")
    return int(text)


def can_listen(port: int, host: str = HOST) -> bool:
    """Whether a server can listen on ``host:port`` now (binding as ``http.server`` does)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # http.server's own server reuses an address, so a port that is only waiting out a
        # closed connection counts as free here too.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
            probe.listen(1)
        except OSError:
            return False
    return True


def free_port(args: Sequence[str], host: str = HOST) -> int:
    """The port to serve on, once it is known to be free; a :class:`PortError` otherwise,
    naming the port, a free one nearby and how to ask for it."""
    port = requested_port(args)
    if can_listen(port, host):
        return port
    nearby = next((p for p in range(port + 1, min(port + 50, 65536)) if can_listen(p, host)), None)
    choose = f"python3 -m nox -s serve -- {nearby}" if nearby is not None else EXAMPLE
    raise PortError(f"port {port} on {host} is busy: another program is listening on it. "
                    f"Stop that program, or choose another port after '--', as in '{choose}'")
