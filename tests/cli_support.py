"""Running the command line in-process, as the CLI tests do: typed input, exit status, output."""

from __future__ import annotations

import io
import sys
from typing import Any

import pytest

from bacara_teach.cli import main


def typed(text: str) -> Any:
    """A standard input that holds ``text``."""
    return io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")


def run_cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str],
            stdin: str = "quit\n") -> tuple[int, str, str]:
    """``bacara-teach ARGV`` with ``stdin`` typed: its exit status, stdout and stderr."""
    monkeypatch.setattr(sys, "stdin", typed(stdin))
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err
