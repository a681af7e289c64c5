"""Exact amounts of money: reading, arithmetic and writing.

Stakes, payouts, commissions and balances are exact.  Amounts are
:class:`~decimal.Decimal` values that never went through a float, always in
one form (no trailing zeros after the point, no exponent above zero).  Sums
(:func:`add`) and products (:func:`multiply`, a stake by its odds) are done in
:mod:`decimal` under a context that traps every inexact or rounded result, so
no context can round them and no amount goes through a Fraction on the way.
Only what that context cannot hold exactly (more than a thousand digits), and
a Fraction given as an amount, is done on :class:`~fractions.Fraction`, and
converted back only when the result is a finite decimal, which every table's
payouts guarantee (their denominators divide a power of ten).

>>> stake = parse_amount("5")
>>> format_amount(stake * 19 / 20)
'4.75'
>>> format_amount(to_decimal(Fraction(5) * Fraction(1, 20)))
'0.25'
"""

from __future__ import annotations

import re
from decimal import Context, Decimal, DecimalException, Inexact, InvalidOperation, Overflow, Rounded
from fractions import Fraction

from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.text import Message, message, pmessage

__all__ = [
    "MAX_AMOUNT",
    "MAX_DECIMALS",
    "Amount",
    "add",
    "amount_param",
    "amount_text",
    "bounded_amount",
    "format_amount",
    "format_signed",
    "is_terminating",
    "multiply",
    "parse_amount",
    "to_decimal",
]

Amount = Decimal | Fraction | int | str
"""What the API accepts as an amount: a Decimal, an exact Fraction, an int or a decimal string."""

_AMOUNT_RE = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
"""An amount's text: ASCII digits only (Python's ``\\d`` and ``Decimal`` also read other scripts'
digits, such as ``٢٠`` or ``２０``, which are refused)."""


MAX_AMOUNT = 1_000_000_000
"""The largest amount a user may give (a balance, a stake, a table's limit): one thousand million."""
MAX_DECIMALS = 6
"""The most decimal places an amount a user gives may have."""
_LONGEST_TEXT = len(f"-{MAX_AMOUNT}.{'0' * MAX_DECIMALS}") + 64
"""Text longer than this is refused without being read as a number (leading zeros and
spaces aside, no amount within the bounds is that long)."""


def _what(what: str | Message) -> str | Message:
    """The amount a refusal names: ``stake``, ``balance``, ``amount`` (in the reader's words)."""
    if what == "stake":
        return pmessage("invalid amount", "stake")
    if what == "balance":
        return pmessage("invalid amount", "balance")
    if what == "amount":
        return pmessage("invalid amount", "amount")
    return what


def _expected(what: str | Message, value: object) -> NotationError:
    return NotationError(message("invalid {what} {value!r}: expected a decimal number written with "
                                 "digits and an optional decimal point, e.g. 20, 4.75, 0.5",
                                 what=_what(what), value=value))

_EXACT = Context(prec=1000, traps=[Inexact, Rounded, InvalidOperation, Overflow])
"""Decimal arithmetic that refuses to round: anything inexact raises instead."""
_ZERO = Decimal(0)


def _canonical(value: Decimal) -> Decimal:
    """``value`` in the one form amounts take: ``4.750`` -> ``4.75``, ``2E+1`` -> ``20``, ``-0`` -> ``0``
    (what :func:`to_decimal` makes of the same number).  Raises a
    :class:`~decimal.DecimalException` if that needs more digits than the exact context has."""
    if value == value.to_integral_value():  # a whole number: exponent 0 (never rounds)
        return Decimal(int(value))
    return value.normalize(_EXACT)


def is_terminating(value: Fraction) -> bool:
    """True when ``value`` has a finite decimal expansion (denominator 2^a·5^b).

    >>> is_terminating(Fraction(19, 20)), is_terminating(Fraction(1, 3))
    (True, False)
    """
    d = value.denominator
    for prime in (2, 5):
        while d % prime == 0:
            d //= prime
    return d == 1


def to_decimal(value: Fraction | int) -> Decimal:
    """The exact :class:`Decimal` of a fraction with a finite decimal expansion.

    >>> to_decimal(Fraction(19, 20)), to_decimal(-20)
    (Decimal('0.95'), Decimal('-20'))
    >>> to_decimal(Fraction(1, 3))
    Traceback (most recent call last):
    ...
    bacara_teach.errors.IllegalAction: the amount 1/3 has no exact decimal form: amounts must be decimals such as 0.25
    """
    if isinstance(value, int):
        return Decimal(int(value))
    numerator, denominator = value.numerator, value.denominator
    if denominator == 1:
        return Decimal(numerator)
    twos = fives = 0
    rest = denominator
    while not rest % 2:
        rest //= 2
        twos += 1
    while not rest % 5:
        rest //= 5
        fives += 1
    if rest != 1:
        raise IllegalAction(message("the amount {value} has no exact decimal form: amounts must be "
                                    "decimals such as 0.25", value=str(value)))
    # In lowest terms over 2^a 5^b, the number has exactly max(a, b) decimals: scale it up to
    # a whole number of that many tenths-powers (the string constructor is exact).
    digits = max(twos, fives)
    return Decimal(f"{numerator * 2 ** (digits - twos) * 5 ** (digits - fives)}E-{digits}")


def parse_amount(value: Amount, *, what: str | Message = "amount") -> Decimal:
    """Read an amount exactly: a decimal string, an int, a Decimal or a terminating Fraction.

    Signs are read (so that a negative stake can be refused as negative, not
    as unreadable); floats are refused because they are not exact.

    >>> parse_amount("4.75"), parse_amount(20), parse_amount(Fraction(1, 4))
    (Decimal('4.75'), Decimal('20'), Decimal('0.25'))
    >>> parse_amount("ten", what="stake")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: invalid stake 'ten': expected a decimal number written with digits and an optional decimal point, e.g. 20, 4.75, 0.5
    >>> parse_amount("２０")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: invalid amount '２０': expected a decimal number written with digits and an optional decimal point, e.g. 20, 4.75, 0.5
    """
    if isinstance(value, float):
        raise NotationError(message("invalid {what} {value!r}: a float is not exact; give it as "
                                    "text ({text!r}) or as a Decimal", what=_what(what),
                                    value=value, text=str(value)))
    if isinstance(value, bool):
        raise _expected(what, value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise _expected(what, value)
        try:
            return _canonical(value)
        except DecimalException:  # more digits than the exact context holds
            return to_decimal(Fraction(value))
    if isinstance(value, Fraction | int):
        try:
            return to_decimal(Fraction(value))
        except IllegalAction:
            raise NotationError(message(
                "invalid {what} {value}: it has no exact decimal form; expected a decimal number "
                "written with digits and an optional decimal point, e.g. 20, 4.75, 0.5",
                what=_what(what), value=str(value))) from None
    if isinstance(value, str):
        text = value.strip()
        if _AMOUNT_RE.fullmatch(text):
            try:
                return _canonical(Decimal(text))
            except DecimalException:
                return to_decimal(Fraction(Decimal(text)))
    raise _expected(what, value)


def add(*amounts: Decimal | Fraction | int) -> Decimal:
    """Exact sum of amounts.

    >>> add(Decimal("100"), Decimal("4.75"), -5)
    Decimal('99.75')
    """
    total = _ZERO
    try:
        for amount in amounts:
            total = _EXACT.add(total, amount)  # type: ignore[arg-type]  # a Fraction: TypeError
        if total.is_finite():
            return _canonical(total)
    except (DecimalException, TypeError):  # a Fraction, or not exact in the context: the slow way
        pass
    return to_decimal(sum((Fraction(a) for a in amounts), Fraction(0)))


def multiply(amount: Decimal, factor: Decimal | Fraction | int) -> Decimal:
    """The exact product of an amount and a factor (odds, a commission rate), as an amount.

    A Fraction factor with a finite decimal form is read as that decimal; the product is
    done in :mod:`decimal` with inexact results trapped, and on Fractions only when the
    exact context cannot hold it.

    >>> multiply(Decimal("5"), Fraction(19, 20)), multiply(Decimal("4.75"), Fraction(1, 20))
    (Decimal('4.75'), Decimal('0.2375'))
    >>> multiply(Decimal("10"), 8)
    Decimal('80')
    """
    try:
        exact = _decimal_factor(factor)
        if amount.is_finite() and exact is not None:
            return _canonical(_EXACT.multiply(amount, exact))
    except DecimalException:  # more digits than the exact context holds: the slow way
        pass
    return to_decimal(Fraction(amount) * Fraction(factor))


_FACTORS: dict[Fraction, Decimal | None] = {}
"""Fraction factors as decimals (None: no finite decimal form), each read once: the odds and
rates of the tables are a handful."""


def _decimal_factor(factor: Decimal | Fraction | int) -> Decimal | None:
    if isinstance(factor, Decimal):
        return factor if factor.is_finite() else None
    if isinstance(factor, int):
        return Decimal(factor)
    found = _FACTORS.get(factor, _ZERO)
    if found is _ZERO:
        found = to_decimal(factor) if is_terminating(factor) else None
        if len(_FACTORS) < 256:
            _FACTORS[factor] = found
    return found


def format_amount(amount: Decimal | Fraction | int) -> str:
    """An amount as a plain decimal string: no exponent, no trailing zeros, no ``-0``.

    >>> [format_amount(Decimal(x)) for x in ("19", "4.750", "-20", "2E+1", "-0", "0.10")]
    ['19', '4.75', '-20', '20', '0', '0.1']
    >>> format_amount(Decimal("9" * 40)) == "9" * 40  # never rounded to a context's digits
    True
    """
    value = amount if isinstance(amount, Decimal) else to_decimal(Fraction(amount))
    if value == 0:
        return "0"
    text = format(value, "f")  # every digit: no context, so nothing is rounded
    return text.rstrip("0").rstrip(".") if "." in text else text


def amount_param(amount: Decimal | Fraction | int) -> Decimal:
    """An amount to pass to a message: written as :func:`format_amount` writes it, in the
    reader's conventions (``4.75``, ``4,75``).

    >>> from bacara_teach.text import tr
    >>> tr("{x} to pay", "es", x=amount_param(Decimal("4.750")))
    '4,75 to pay'
    """
    return Decimal(format_amount(amount))


def format_signed(amount: Decimal | Fraction | int) -> str:
    """An amount with its sign always shown (``+19``, ``-20``, ``0``).

    >>> format_signed(Decimal("19")), format_signed(Decimal("-20")), format_signed(0)
    ('+19', '-20', '0')
    """
    text = format_amount(amount)
    return text if text.startswith("-") or text == "0" else "+" + text


def bounded_amount(value: Amount, *, what: str | Message = "amount") -> Decimal:
    """An amount a user gives, read as :func:`parse_amount` reads it and refused beyond the
    bounds: at most :data:`MAX_AMOUNT` either way, with at most :data:`MAX_DECIMALS` decimals.

    A text too long to be such an amount is refused by its length, without being read as a
    number (so a number of thousands of digits costs nothing and says so).

    >>> bounded_amount("1000000000"), bounded_amount("0.000001"), bounded_amount(-20)
    (Decimal('1000000000'), Decimal('0.000001'), Decimal('-20'))
    >>> bounded_amount("1000000000.01", what="balance")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: invalid balance 1000000000.01: an amount is at most 1,000,000,000, with at most 6 decimal places
    >>> bounded_amount("9" * 5000, what="balance")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: invalid balance of 5,000 digits: an amount is at most 1,000,000,000, with at most 6 decimal places
    >>> bounded_amount(10 ** 5000, what="stake")
    Traceback (most recent call last):
    ...
    bacara_teach.errors.NotationError: invalid stake of more than 4,000 digits: an amount is at most 1,000,000,000, with at most 6 decimal places
    """
    if isinstance(value, str) and len(value.strip()) > _LONGEST_TEXT:
        text = value.strip()
        if _AMOUNT_RE.fullmatch(text):
            raise _beyond(what, digits=sum(char.isdigit() for char in text))
        raise _expected(what, value)
    if isinstance(value, int | Fraction) and not isinstance(value, bool):
        exact = Fraction(value)
        if abs(exact) > MAX_AMOUNT or exact.denominator > 10 ** MAX_DECIMALS:
            top = abs(exact.numerator)  # its digits, without writing a huge number out
            raise _beyond(what, digits=len(str(top)) if top < 10 ** 4000 else None,
                          shown=str(exact) if max(top, exact.denominator) < 10 ** 30 else None)
    amount = parse_amount(value, what=what)
    exponent = amount.as_tuple().exponent
    if abs(amount) > MAX_AMOUNT or (isinstance(exponent, int) and exponent < -MAX_DECIMALS):
        digits = len(amount.as_tuple().digits)
        raise _beyond(what, digits=digits, shown=format_amount(amount) if digits <= 30 else None)
    return amount


def _beyond(what: str | Message, *, digits: int | None, shown: str | None = None) -> NotationError:
    """The refusal of an amount beyond the bounds, naming it (or its size, when it is long)."""
    if shown is not None:
        return NotationError(message(
            "invalid {what} {value}: an amount is at most {most:,}, with at most {decimals} "
            "decimal places", what=_what(what), value=shown, most=MAX_AMOUNT,
            decimals=MAX_DECIMALS))
    if digits is None:
        return NotationError(message(
            "invalid {what} of more than 4,000 digits: an amount is at most {most:,}, with at "
            "most {decimals} decimal places", what=_what(what), most=MAX_AMOUNT,
            decimals=MAX_DECIMALS))
    return NotationError(message(
        "invalid {what} of {digits:,} digits: an amount is at most {most:,}, with at most "
        "{decimals} decimal places", what=_what(what), digits=digits, most=MAX_AMOUNT,
        decimals=MAX_DECIMALS))


def _grouped(text: str) -> str:
    """An amount's text with its thousands grouped the English way (``-1,234.5``).

    >>> _grouped("-1234567.891"), _grouped("+999"), _grouped("1000")
    ('-1,234,567.891', '+999', '1,000')
    """
    sign = text[:1] if text[:1] in "+-" else ""
    whole, point, fraction = text[len(sign):].partition(".")
    head = len(whole) % 3 or 3
    groups = [whole[:head]] + [whole[i:i + 3] for i in range(head, len(whole), 3)]
    return sign + ",".join(groups) + point + fraction


def amount_text(amount: Decimal | Fraction | int, lang: str | None = None, *,
                signed: bool = False) -> str:
    """An amount as a reader sees it: exact, every digit written, grouped and marked the
    way of ``lang`` (``signed`` shows the sign of a gain, ``+19``).

    >>> amount_text(Decimal("1234567.5")), amount_text(Decimal("1234567.5"), "es")
    ('1,234,567.5', '1.234.567,5')
    >>> amount_text(Decimal("2999"), "es"), amount_text(Decimal("-20000"), "es", signed=True)
    ('2999', '\u221220.000')
    >>> amount_text(Decimal("9" * 30)) == ",".join(["999"] * 10)
    True
    """
    from bacara_teach.text import localize_number

    text = format_signed(amount) if signed else format_amount(amount)
    return localize_number(_grouped(text), lang)
