"""Confidence intervals: the 95% intervals of the arena, ``dominoes simulate`` and the
statistics page (``scripts/hand_stats.py``), written once.

Two kinds of figure come out of a simulation:

* a **share** (how often a hand blocks, how often a side wins): `Rate`, with the Wilson
  score interval (`wilson_ci`), which stays inside [0, 1] and is not of zero width
  when nothing or everything happened;
* a **mean** (points per hand, moves per hand, an agent's margin): `Estimate`, with the
  normal approximation (`mean_ci`), from the samples or from their sums
  (`Estimate.from_sums`, which lets integer sums be merged exactly across chunks).

>>> Rate(successes=1, trials=2).format(".2f")
'0.50 [0.09, 0.91]'
>>> Estimate.of([1.0, 0.5, 0.0, 0.5]).format(".2f")
'0.50 ± 0.40'
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import attrs

from dominoes.errors import ArgumentTypeError, ArgumentValueError, shown

__all__ = ["Z95", "Estimate", "Rate", "format_ci", "mean_ci", "wilson_ci"]

Z95 = statistics.NormalDist().inv_cdf(0.975)
"""The two-sided 95% quantile of the standard normal distribution (1.959963...)."""


def check_count(value: object, name: str, low: int) -> None:
    """Refuse ``value`` unless it is an ``int`` of at least ``low`` (the arena's and the
    simulation's counts, seats and indices).

    Raises:
        ArgumentTypeError: ``value`` is not an int (a `TypeError`).
        ArgumentValueError: ``value`` is below ``low`` (a `ValueError`).
    """
    if type(value) is not int:
        raise ArgumentTypeError(f"{name} must be an int, got {shown(value)}", argument=name)
    if value < low:
        raise ArgumentValueError(f"{name} must be at least {low}, got {value}", argument=name)


def mean_ci(samples: Sequence[float]) -> tuple[float, float | None]:
    """The mean of ``samples`` and the half-width of its 95% confidence interval.

    The normal approximation: ``Z95 * stdev / sqrt(n)``, with the sample standard
    deviation (``n - 1`` in the denominator). The half-width is ``None`` for fewer than
    two samples.

    >>> mean, half = mean_ci([1.0, 0.5, 0.0, 0.5])
    >>> mean, round(half, 6)
    (0.5, 0.400076)

    Raises:
        ArgumentValueError: ``samples`` is empty (a `ValueError`).
        ArgumentTypeError: ``samples`` is not a sequence of numbers (a `TypeError`).
    """
    if isinstance(samples, str | bytes) or not isinstance(samples, Sequence):
        raise ArgumentTypeError(
            f"samples must be a sequence of numbers, got {shown(samples)}", argument="samples"
        )
    if not samples:
        raise ArgumentValueError("samples must hold at least one value", argument="samples")
    for sample in samples:
        if isinstance(sample, bool) or not isinstance(sample, int | float):
            raise ArgumentTypeError(
                f"samples must hold numbers, got {shown(sample)}", argument="samples"
            )
    mean = math.fsum(samples) / len(samples)
    if len(samples) < 2:
        return mean, None
    return mean, Z95 * statistics.stdev(samples) / math.sqrt(len(samples))


def wilson_ci(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``successes`` in ``trials`` (within [0, 1], and
    never of zero width, unlike the normal approximation at a rate of 0 or 1).

    >>> low, high = wilson_ci(0, 100)
    >>> low, round(high, 4)
    (0.0, 0.037)

    Raises:
        ArgumentValueError: ``trials`` is not positive or ``successes`` is outside
            ``0..trials`` (a `ValueError`).
        ArgumentTypeError: an argument is not an int (a `TypeError`).
    """
    check_count(trials, "trials", 1)
    check_count(successes, "successes", 0)
    if successes > trials:
        raise ArgumentValueError(
            f"successes must be at most trials ({trials}), got {successes}", argument="successes"
        )
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def format_ci(value: float, half: float | None, spec: str) -> str:
    """``value ± half`` with the format ``spec`` (``± ?`` when there is no interval).

    >>> format_ci(0.5, 0.0312, ".3f"), format_ci(-1.0, None, "+.2f")
    ('0.500 ± 0.031', '-1.00 ± ?')

    Raises:
        ArgumentTypeError: ``value`` or ``half`` is not a number, or ``spec`` not a str.
        ArgumentValueError: ``spec`` is not a format for numbers.
    """
    for name, number in (("value", value), ("half", half)):
        if isinstance(number, bool) or not isinstance(number, int | float | None):
            raise ArgumentTypeError(f"{name} must be a number, got {shown(number)}", argument=name)
    if value is None:
        raise ArgumentTypeError("value must be a number, got None", argument="value")
    if not isinstance(spec, str):
        raise ArgumentTypeError(f"spec must be a format string, got {shown(spec)}", argument="spec")
    try:
        text = "?" if half is None else format(half, spec.lstrip("+"))
        return f"{value:{spec}} ± {text}"
    except ValueError:
        raise ArgumentValueError(
            f"spec must be a format for numbers such as '.3f', got {shown(spec)}",
            argument="spec",
        ) from None


@attrs.frozen(kw_only=True)
class Estimate:
    """A mean and the half-width of its 95% confidence interval (``None``: one sample)."""

    mean: float
    """The sample mean."""
    half: float | None
    """The half-width of the 95% interval."""

    @classmethod
    def of(cls, samples: Sequence[float]) -> Estimate:
        """The estimate of the mean of ``samples`` (at least one), by `mean_ci`.

        >>> Estimate.of([1.0, 0.0, 1.0, 0.0]).mean
        0.5

        Raises:
            ArgumentValueError: ``samples`` is empty (a `ValueError`).
            ArgumentTypeError: ``samples`` is not a sequence of numbers (a `TypeError`).
        """
        mean, half = mean_ci(samples)
        return cls(mean=mean, half=half)

    @classmethod
    def from_sums(cls, total: int, squares: int, count: int, *, scale: int = 1) -> Estimate:
        """The estimate of the mean of ``count`` samples ``x / scale``, from the sums of
        ``x`` and of ``x * x`` (integer sums merge exactly across chunks of work).

        >>> Estimate.from_sums(4, 6, 4) == Estimate.of([1.0, 0.0, 1.0, 2.0])
        True

        Raises:
            ArgumentValueError: ``count`` or ``scale`` is not positive (a `ValueError`).
            ArgumentTypeError: an argument is not an int (a `TypeError`).
        """
        for name, value in (("total", total), ("squares", squares)):
            if type(value) is not int:
                raise ArgumentTypeError(f"{name} must be an int, got {shown(value)}", argument=name)
        check_count(count, "count", 1)
        check_count(scale, "scale", 1)
        mean = total / count / scale
        if count < 2:
            return cls(mean=mean, half=None)
        variance = (count * squares - total * total) / (count * (count - 1)) / (scale * scale)
        return cls(mean=mean, half=Z95 * math.sqrt(max(variance, 0.0) / count))

    def format(self, spec: str = ".2f") -> str:
        """``mean ± half`` with the format ``spec`` (``± ?`` without an interval).

        >>> Estimate(mean=2.0, half=0.5).format(".1f"), Estimate(mean=1.0, half=None).format()
        ('2.0 ± 0.5', '1.00 ± ?')
        """
        return format_ci(self.mean, self.half, spec)

    def to_dict(self) -> dict[str, float | None]:
        """``{"mean": ..., "ci95": ...}`` for JSON."""
        return {"mean": self.mean, "ci95": self.half}


def _check_rate(instance: Rate, _attribute: attrs.Attribute[int], _value: int) -> None:
    wilson_ci(instance.successes, instance.trials)


@attrs.frozen(kw_only=True)
class Rate:
    """A share of ``trials`` and its 95% Wilson score interval (`wilson_ci`).

    Raises:
        ArgumentValueError: ``trials`` is not positive or ``successes`` is outside
            ``0..trials`` (a `ValueError`).
        ArgumentTypeError: an argument is not an int (a `TypeError`).
    """

    successes: int
    """How many trials counted."""
    trials: int = attrs.field(validator=_check_rate)
    """How many trials there were (at least one)."""

    @classmethod
    def of(cls, flags: Sequence[bool]) -> Rate:
        """The rate of the true ``flags`` (at least one).

        >>> Rate.of([True, False, True, True]).rate
        0.75

        Raises:
            ArgumentValueError: ``flags`` is empty (a `ValueError`).
        """
        return cls(successes=sum(1 for f in flags if f), trials=len(flags))

    @property
    def rate(self) -> float:
        """The observed share."""
        return self.successes / self.trials

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval, ``(low, high)``; it holds `rate` (rounding at 0
        or 1 cannot push an end past it)."""
        low, high = wilson_ci(self.successes, self.trials)
        return min(self.rate, low), max(self.rate, high)

    @property
    def low(self) -> float:
        """The lower end of the interval."""
        return self.interval[0]

    @property
    def high(self) -> float:
        """The upper end of the interval."""
        return self.interval[1]

    @property
    def variance(self) -> float:
        """The estimated variance of the observed share, ``p (1 - p) / n``."""
        return self.rate * (1 - self.rate) / self.trials

    def format(self, spec: str = ".3f") -> str:
        """``rate [low, high]`` with the format ``spec``.

        >>> Rate(successes=1, trials=2).format(".2f")
        '0.50 [0.09, 0.91]'
        """
        low, high = self.interval
        return f"{self.rate:{spec}} [{low:{spec}}, {high:{spec}}]"

    def percent(self) -> str:
        """The rate and its interval in percent, to a tenth.

        >>> Rate(successes=1, trials=2).percent()
        '50.0% [9.5, 90.5]'
        """
        low, high = self.interval
        return f"{100 * self.rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"

    def to_dict(self) -> dict[str, float]:
        """``{"rate": ..., "low": ..., "high": ...}`` for JSON."""
        low, high = self.interval
        return {"rate": self.rate, "low": low, "high": high}
