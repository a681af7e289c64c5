"""The command-line reference page: the table of commands, each command's help, and the
examples, run when the page is built.

>>> from bacara_teach.cli import build_parser
>>> from bacara_teach.reference import cli_commands
>>> html = commands_html(cli_commands(build_parser()), "en")
>>> html.startswith("<table class='bt-commands'><thead><tr><th scope='col'>Command</th>")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from bacara_teach.reference import Command, command_help, run_cli
from bacara_teach.text import N_, ntr, tr

__all__ = ["EXAMPLES", "LONG_OUTPUT", "command_sections_html", "commands_html", "example_html",
           "examples_html"]

LONG_OUTPUT = 40
"""A transcript longer than this many lines folds away under its line count."""

EXAMPLES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (N_("Deal the first worked example and explain every step."),
     ("deal", "--cards", "4♥ 2♠ 9♣ A♦ 8♦"), ""),
    (N_("Deal from a seeded shoe, narrated in Spanish."),
     ("deal", "--seed", "2024", "--lang", "es"), ""),
    (N_("Print Chemin de Fer's third-card table."),
     ("tableau", "--game", "chemin-de-fer"), ""),
    (N_("Settle a Banco bet of 5 at the online table: the commission is taken at payment."),
     ("settle", "--profile", "online", "--bet", "banco=5", "--cards", "4♥ 2♠ 9♣ A♦ 8♦"), ""),
    (N_("List the table profiles."), ("profiles",), ""),
    (N_("Exact odds and house edges at the casino table."), ("odds", "--profile", "casino"), ""),
    (N_("A Chemin de Fer coup with both free choices given as flags (worked example 3)."),
     ("chemin-de-fer", "deal", "--cards", "2♥ A♠ 3♣ 2♦ 9♥ 5♠", "--bettor", "draw",
      "--banker", "draw"), ""),
    (N_("The values of Chemin de Fer's free cells, solved exactly."), ("cdf-analysis",), ""),
    (N_("Sit at the online table: bet, deal, check the balance, leave."),
     ("play", "--seed", "3"),
     # Translators: the commands typed at the online table, one a line, in your language's
     # words for them (the table reads them in every language).
     N_("bet banco 5\ncontinue\nbalance\nquit\n")),
    (N_("Start a home session for three players, play one coup, then stop."),
     ("home-session", "--players", "Ana,Luis,Eva", "--seed", "3"),
     # Translators: the home session's commands, one a line: three predictions (keep
     # "b p e"), the scores, then quit, in your language's words for them.
     N_("b p e\nscores\nquit\n")),
    (N_("A whole Chemin de Fer session in which every seat plays itself."),
     ("chemin-de-fer", "session", "--players", "Ana,Luis,Eva", "--seed", "5", "--auto"), ""),
    (N_("List the graded assignments."), ("assignment", "list"), ""),
    (N_("A card the program cannot read: one line on the error stream, and a non-zero exit "
        "status."), ("deal", "--cards", "4♥ 1♠"), ""),
)
"""The examples of the page: what each shows (a message), the arguments, what it reads."""


def _anchor(command: Command) -> str:
    return f"command-{command.name.replace(' ', '-')}"


def commands_html(commands: Sequence[Command], lang: str | None = None) -> str:
    """The table of commands, each linking to its section."""
    command, does = tr("Command", lang), tr("What it does", lang)
    return (f"<table class='bt-commands'><thead><tr><th scope='col'>{escape(command)}</th>"
            f"<th scope='col'>{escape(does)}</th></tr></thead><tbody>"
            + "".join(f"<tr><th scope='row'><a href='#{_anchor(c)}'><code>bacara-teach "
                      f"{escape(c.name)}</code></a></th><td>{escape(c.help)}</td></tr>"
                      for c in commands)
            + "</tbody></table>")


def command_sections_html(commands: Sequence[Command]) -> str:
    """One section per command: its name, its one line of help and its whole ``--help``."""
    return "".join(f"<section class='bt-command' id='{_anchor(command)}'>"
                   f"<h3><code>bacara-teach {escape(command.name)}</code></h3>"
                   f"<p>{escape(command.help)}</p>"
                   f"<pre class='bt-help'>{escape(command_help(command.parser))}</pre></section>"
                   for command in commands)


def example_html(title: str, argv: Sequence[str], stdin: str = "",
                 lang: str | None = None) -> str:
    """One example run now: what it shows, the command line and what it printed (folded
    when long), and its exit status when it is not 0."""
    run = run_cli(list(argv), stdin=stdin)
    text = run.output + run.errors
    lines = text.count("\n")
    body = (f"<pre class='bt-cli-run'><span class='bt-command-line'>$ {escape(run.command_line)}"
            f"</span>\n{escape(text)}</pre>")
    if lines > LONG_OUTPUT:
        summary = ntr("{count} line of output", "{count} lines of output", lines, lang)
        body = f"<details><summary>{escape(summary)}</summary>{body}</details>"
    status = ""
    if run.status:
        said = tr("exit status {status}", lang, status=run.status)
        status = f"<p class='bt-status'>{escape(said)}</p>"
    return f"<div class='bt-cli-example'><p>{escape(title)}</p>{body}{status}</div>"


def examples_html(lang: str | None = None) -> str:
    """Every example of :data:`EXAMPLES`, in ``lang`` (the scripts typed in its words too)."""
    return "".join(example_html(tr(title, lang), argv, tr(stdin, lang) if stdin else "", lang)
                   for title, argv, stdin in EXAMPLES)
