"""Small statistics without SciPy: Student-t quantiles, mean ± 95 % confidence intervals, and
Wilson score intervals for proportions.

The interval of a mean is the classical t interval ``mean ± t(0.975, n-1) · s / √n`` with ``s``
the sample standard deviation (n-1 in the denominator). The t quantile is computed exactly by
inverting the t distribution's CDF (regularised incomplete beta function, continued fraction)
by bisection. Proportions (win rates) get the Wilson score interval (:func:`wilson`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction for the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(ln)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T ≤ t) for Student's t with ``df`` degrees of freedom."""
    x = df / (df + t * t)
    tail = 0.5 * betainc(df / 2.0, 0.5, x)
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t (0 < p < 1)."""
    if not 0.0 < p < 1.0:
        raise ValueError("p must be strictly between 0 and 1")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return 0.5 * (lo + hi)


def mean_ci(values: Sequence[float], level: float = 0.95) -> dict:
    """``{"n", "mean", "sd", "half_width", "low", "high"}``; a single value has no interval
    (half width ``None``, low = high = the value); no values give ``mean`` ``None``."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "sd": None, "half_width": None, "low": None, "high": None}
    mean = math.fsum(values) / n
    if n == 1:
        return {"n": 1, "mean": mean, "sd": None, "half_width": None, "low": mean, "high": mean}
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(0.5 + level / 2.0, n - 1) * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "half_width": half, "low": mean - half, "high": mean + half}


def z_quantile(p: float) -> float:
    """The ``p`` quantile of the standard normal distribution."""
    from statistics import NormalDist

    return NormalDist().inv_cdf(p)


def wilson(successes: float, n: int, level: float = 0.95) -> dict:
    """Wilson score interval for a proportion: ``{"n", "rate", "low", "high"}``.

    ``successes`` may be fractional (a shared first place counts ½). Unlike ``p ± z·√(p(1−p)/n)``
    it never collapses to a zero-width interval at 0 % or 100 %, and stays inside [0, 1]:
    ``(p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)``. No observations give ``None``s."""
    if n <= 0:
        return {"n": 0, "rate": None, "low": None, "high": None}
    z = z_quantile(0.5 + level / 2.0)
    p = min(1.0, max(0.0, successes / n))
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if p == 0.0 else max(0.0, centre - half)
    high = 1.0 if p == 1.0 else min(1.0, centre + half)
    return {"n": n, "rate": p, "low": low, "high": high}
