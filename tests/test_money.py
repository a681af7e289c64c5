"""Exact money: the Decimal arithmetic gives what the Fraction arithmetic gives, digit for digit."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bacara_teach.errors import IllegalAction, NotationError
from bacara_teach.money import add, format_amount, parse_amount, to_decimal


def reference(value: Fraction) -> Decimal:
    """The straightforward exact form: multiply by ten until the denominator is gone."""
    numerator, denominator, digits = value.numerator, value.denominator, 0
    while denominator != 1:
        numerator *= 10
        digits += 1
        if digits > 2000:
            raise IllegalAction(f"the amount {value} has no exact decimal form")
        common = Fraction(numerator, denominator)
        numerator, denominator = common.numerator, common.denominator
    return Decimal(f"{numerator}E-{digits}") if digits else Decimal(numerator)


def same(a: Decimal, b: Decimal) -> bool:
    return a.as_tuple() == b.as_tuple()


decimals = st.decimals(allow_nan=False, allow_infinity=False, places=None,
                       min_value=-10**30, max_value=10**30)
terminating = st.builds(lambda n, a, b: Fraction(n, 2 ** a * 5 ** b),
                        st.integers(-10**12, 10**12), st.integers(0, 12), st.integers(0, 12))


@settings(max_examples=300)
@given(st.lists(st.one_of(decimals, st.integers(-10**20, 10**20)), max_size=8))
def test_a_sum_of_decimals_is_the_exact_sum_in_its_one_form(amounts: list[Decimal | int]) -> None:
    assert same(add(*amounts), reference(sum((Fraction(a) for a in amounts), Fraction(0))))


@settings(max_examples=300)
@given(st.lists(st.one_of(decimals, terminating), min_size=1, max_size=5))
def test_a_sum_with_fractions_in_it_is_exact_too(amounts: list[Decimal | Fraction]) -> None:
    assert same(add(*amounts), reference(sum((Fraction(a) for a in amounts), Fraction(0))))


@settings(max_examples=300)
@given(terminating)
def test_a_terminating_fraction_becomes_its_decimal(value: Fraction) -> None:
    assert same(to_decimal(value), reference(value))
    assert Fraction(to_decimal(value)) == value


@settings(max_examples=300)
@given(decimals)
def test_reading_an_amount_keeps_its_value_in_the_one_form(value: Decimal) -> None:
    for given_ in (value, format(value, "f")):  # text without an exponent, as amounts are written
        assert same(parse_amount(given_), reference(Fraction(value)))


@pytest.mark.parametrize(("amounts", "total"), [
    (("100", "4.750", "-5"), "99.75"),
    (("2E+1", "0"), "20"),
    (("-0", "0.000"), "0"),
    (("0.1", "0.2"), "0.3"),
    (("1" + "0" * 1200, "0." + "0" * 1200 + "1"), "1" + "0" * 1200 + "." + "0" * 1200 + "1"),
])
def test_sums_beyond_the_contexts_digits_are_still_exact(amounts: tuple[str, ...], total: str) -> None:
    got = add(*(Decimal(a) for a in amounts))
    assert format_amount(got) == total or str(got) == total
    assert Fraction(got) == sum(Fraction(Decimal(a)) for a in amounts)


def test_inexact_and_unreadable_amounts_are_refused_as_before() -> None:
    with pytest.raises(IllegalAction, match="1/3"):
        add(Fraction(1, 3))
    assert add(Fraction(1, 3), Fraction(2, 3)) == 1
    with pytest.raises(NotationError, match="no exact decimal form"):
        parse_amount(Fraction(1, 3))
    with pytest.raises(NotationError, match="float"):
        parse_amount(0.5)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_amount(Decimal("NaN"))
    with pytest.raises((OverflowError, ValueError)):
        add(Decimal("Infinity"))
