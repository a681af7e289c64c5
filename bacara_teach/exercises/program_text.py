"""The messages of the answer readers and the program runner, in the language of the feedback.

:mod:`.sandbox` and the process it starts word what happened in English, once, in a fixed
form (they do not depend on a language, so nothing about a run or a reading changes with
it).  :func:`program_text` gives such a message in the language asked for: each known form
is matched and reworded; the parts it quotes (a Python error, the program's own text, a
number) are kept as they are.  A message of no known form comes back unchanged.

>>> program_text("it ran for more than 10 s and was stopped", "es")
'se ejecutó durante más de 10 s y se detuvo'
>>> program_text("the code raised an error when run: ZeroDivisionError: division by zero", "es")
'el código lanzó un error al ejecutarse: ZeroDivisionError: division by zero'
>>> program_text("anything else", "es"), program_text("it ran for more than 10 s and was stopped", "en")
('anything else', 'it ran for more than 10 s and was stopped')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bacara_teach.i18n import resolve_language

__all__ = ["program_text"]

_Rewrite = Callable[[re.Match[str]], str]


def _sub(template: str) -> _Rewrite:
    def rewrite(match: re.Match[str]) -> str:
        groups = {key: program_text(value, "es") if key.startswith("nested") else value
                  for key, value in match.groupdict().items()}
        return template.format(**groups)

    return rewrite


_FORMS: tuple[tuple[re.Pattern[str], _Rewrite], ...] = tuple(
    (re.compile(pattern, re.DOTALL), _sub(template)) for pattern, template in (
        # how a program run ended (sandbox.run_program and its outcome)
        (r"the code cell is empty", "la celda de código está vacía"),
        (r"the code cell is (?P<n>\d+) characters long; at most (?P<m>\d+) are run",
         "la celda de código tiene {n} caracteres; se ejecutan {m} como máximo"),
        (r"the program was not run: its sandbox could not be set up \((?P<why>.*)\)",
         "el programa no se ejecutó: no se pudo preparar su entorno aislado ({why})"),
        (r"the program was not run: this machine cannot confine a graded program in the kernel "
         r"\(missing: (?P<gaps>.*)\); grade on a Linux whose kernel has Landlock and seccomp, "
         r"or as root",
         "el programa no se ejecutó: esta máquina no puede aislar en el núcleo un programa "
         "corregido (falta: {gaps}); corrija en un Linux cuyo núcleo tenga Landlock y seccomp, "
         "o como root"),
        (r"the program was not run: (?P<nested_why>.*)", "el programa no se ejecutó: {nested_why}"),
        (r"its results were not in the grader's format: more than (?P<n>\d+) bytes",
         "sus resultados no tenían el formato del corrector: más de {n} bytes"),
        (r"its results were not in the grader's format: (?P<why>.*)",
         "sus resultados no tenían el formato del corrector: {why}"),
        (r"the code raised an error when run: (?P<nested_error>.*)",
         "el código lanzó un error al ejecutarse: {nested_error}"),
        (r"it ran for more than (?P<s>[0-9.e+-]+) s and was stopped",
         "se ejecutó durante más de {s} s y se detuvo"),
        (r"it used more than (?P<s>\d+) s of CPU time and was stopped",
         "usó más de {s} s de tiempo de CPU y se detuvo"),
        (r"the program crashed \(signal (?P<n>-?\d+)\)(?P<rest>.*)",
         "el programa falló (señal {n}){rest}"),
        (r"the program crashed \(status (?P<n>-?\d+)\)(?P<rest>.*)",
         "el programa falló (estado {n}){rest}"),
        (r"it stopped before giving any result(?P<rest>.*)",
         "se detuvo antes de dar ningún resultado{rest}"),
        # what the harness says of a function the program lacks (sandbox_child.call_all)
        (r"(?P<name>\w+) is not defined as a function", "{name} no está definida como función"),
        # an answer cell that is not `answer = <value>` (sandbox.read_value_answer)
        (r"the answer cell's text is not text: (?P<t>.*)",
         "el texto de la celda de respuesta no es texto: {t}"),
        (r"the answer cell is (?P<n>\d+) characters long; an answer is at most (?P<m>\d+)",
         "la celda de respuesta tiene {n} caracteres; una respuesta tiene como máximo {m}"),
        (r"the answer cell is not valid Python \(line (?P<line>[^:]*): (?P<msg>.*?)\): (?P<x>.*)",
         "la celda de respuesta no es Python válido (línea {line}: {msg}): {x}"),
        (r"the answer cell could not be read: (?P<t>.*)",
         "no se pudo leer la celda de respuesta: {t}"),
        (r"the answer cell is empty: write `(?P<a>\w+) = \.\.\.`",
         "la celda de respuesta está vacía: escriba `{a} = ...`"),
        (r"the answer cell must hold one line `(?P<a>\w+) = \.\.\.` and nothing else; "
         r"it has (?P<n>\d+) statements",
         "la celda de respuesta debe tener una sola línea `{a} = ...` y nada más; "
         "tiene {n} instrucciones"),
        (r"the answer cell must be `(?P<a>\w+) = \.\.\.`, not (?P<x>.*)",
         "la celda de respuesta debe ser `{a} = ...`, no {x}"),
        (r"the answer must be a plain value \(a number, a string in quotes, a list or dict of "
         r"them\), not an expression: (?P<x>.*)",
         "la respuesta debe ser un valor simple (un número, un texto entre comillas, una lista "
         "o un dict de ellos), no una expresión: {x}"),
    )
)

_REFUSED = re.compile(r"not allowed in graded code: ")
"""What the program's guard says when it refuses an action (inside a Python error's text)."""

_GAPS = {
    "file isolation (Linux Landlock)": "aislamiento de archivos (Linux Landlock)",
    "network isolation (Landlock ABI 4 or seccomp)": "aislamiento de red (Landlock ABI 4 o seccomp)",
    "process isolation (Landlock ABI 6 or seccomp)":
        "aislamiento de procesos (Landlock ABI 6 o seccomp)",
}
"""The kinds of isolation :attr:`.sandbox.Isolation.missing` may name."""


def _finish(text: str) -> str:
    text = _REFUSED.sub("no permitido en el código corregido: ", text)
    for english, spanish in _GAPS.items():
        text = text.replace(english, spanish)
    return text


def program_text(text: str, lang: str | None = None) -> str:
    """``text``, a message of the sandbox or the answer reader, in ``lang``."""
    if resolve_language(lang) == "en":
        return text
    for pattern, rewrite in _FORMS:
        match = pattern.fullmatch(text)
        if match is not None:
            return _finish(rewrite(match))
    return _finish(text)
