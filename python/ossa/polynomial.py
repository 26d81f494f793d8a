"""ossa.polynomial: the reference's ``pydrake.polynomial`` module, whose
``Polynomial`` (``Polynomial_[float]``) is the univariate polynomial of
``PiecewisePolynomial.getPolynomial`` — a different type from
``ossa.symbolic.Polynomial``.

A Polynomial is a list of terms c·tᵏ in one variable, kept sparse as the
reference keeps them: the constructor from coefficients adds a term for
every power (zero coefficients included), sums and products of two
polynomials drop the terms whose coefficient comes out 0, and adding or
multiplying by a number keeps every term. ``GetCoefficients`` gives the
dense vector [c₀, c₁, ...] up to the degree.
"""

import math as _math

import numpy as _np

from ossa._cpp_template import TemplateClass as _TemplateClass
from ossa.common import ToleranceType as _ToleranceType


class Polynomial:
    """A univariate polynomial Σ cₖ·tᵏ with float coefficients (see the
    module docstring)."""

    def __init__(self, *args, **kwargs):
        # Polynomial(), Polynomial(c) or Polynomial(coefficients).
        if kwargs:
            if set(kwargs) != {"coefficients"} or args:
                raise TypeError("Polynomial(): expected (), (float) or "
                                "(coefficients)")
            args = (kwargs["coefficients"],)
        self._terms = {}
        if not args:
            return
        if len(args) != 1:
            raise TypeError("Polynomial(): expected (), (float) or "
                            "(coefficients)")
        value = args[0]
        if _np.ndim(value) == 0:
            self._terms = {0: float(value)}
            return
        coefficients = _np.asarray(value, dtype=float).reshape(-1)
        self._terms = {k: float(c) for k, c in enumerate(coefficients)}

    @classmethod
    def _from_terms(cls, terms, drop_zeros):
        p = cls()
        p._terms = {k: c for k, c in terms.items()
                    if not (drop_zeros and c == 0.0)}
        return p

    # -- Queries ------------------------------------------------------------
    def GetDegree(self):
        """The highest power of a term (0 without terms)."""
        return max(self._terms, default=0)

    def GetNumberOfCoefficients(self):
        """The number of terms."""
        return len(self._terms)

    def GetCoefficients(self):
        """[c₀, c₁, ..., c_degree] (zeros where there is no term)."""
        result = _np.zeros(self.GetDegree() + 1)
        for k, c in self._terms.items():
            result[k] = c
        return result

    def IsAffine(self):
        """True if every term has degree at most 1."""
        return all(k <= 1 for k in self._terms)

    def EvaluateUnivariate(self, x, derivative_order=0):
        """The value at x of the derivative of the given order (0: the
        polynomial itself)."""
        if derivative_order < 0:
            raise RuntimeError(
                "Polynomial.EvaluateUnivariate(): derivative_order must be "
                f"non-negative (got {derivative_order}).")
        result = 0.0
        for k, c in self._terms.items():
            if k >= derivative_order:
                falling = _math.perm(k, derivative_order)
                result += c * falling * x ** (k - derivative_order)
        return result

    def CoefficientsAlmostEqual(self, other, tol=0.0,
                                tol_type=_ToleranceType.kAbsolute):
        """True if every coefficient of `other` is within tol of this one's:
        |a − b| ≤ tol (kAbsolute; a missing term is 0), or
        |a − b| ≤ tol·max(|a|, |b|) (kRelative; the powers present must
        then be the same)."""
        if tol_type == _ToleranceType.kRelative:
            if set(self._terms) != set(other._terms):
                return False
            return all(abs(c - other._terms[k]) <=
                       tol * max(abs(c), abs(other._terms[k]))
                       for k, c in self._terms.items())
        powers = set(self._terms) | set(other._terms)
        return all(abs(self._terms.get(k, 0.0) - other._terms.get(k, 0.0))
                   <= tol for k in powers)

    # -- Calculus -----------------------------------------------------------
    def Derivative(self, derivative_order=1):
        """The derivative of the given order."""
        if derivative_order < 0:
            raise RuntimeError("Polynomial.Derivative(): derivative_order "
                               f"must be non-negative (got "
                               f"{derivative_order}).")
        terms = {}
        for k, c in self._terms.items():
            if k >= derivative_order:
                terms[k - derivative_order] = c * _math.perm(
                    k, derivative_order)
        return Polynomial._from_terms(terms, drop_zeros=False)

    def Integral(self, integration_constant=0.0):
        """The antiderivative Σ cₖ·tᵏ⁺¹/(k + 1) + integration_constant.
        Raises RuntimeError for a constant polynomial (the reference's has
        no variable to integrate in)."""
        if all(k == 0 for k in self._terms):
            raise RuntimeError(
                "Polynomial.Integral(): the polynomial is a constant, so it "
                "has no variable to integrate in.")
        terms = {k + 1: c / (k + 1) for k, c in self._terms.items()}
        terms[0] = terms.get(0, 0.0) + float(integration_constant)
        return Polynomial._from_terms(terms, drop_zeros=False)

    # -- Arithmetic ---------------------------------------------------------
    def _combined(self, other, sign):
        terms = dict(self._terms)
        for k, c in other._terms.items():
            terms[k] = terms.get(k, 0.0) + sign * c
        return Polynomial._from_terms(terms, drop_zeros=True)

    def _shifted(self, c):
        terms = dict(self._terms)
        terms[0] = terms.get(0, 0.0) + float(c)
        return Polynomial._from_terms(terms, drop_zeros=False)

    def _scaled(self, c):
        return Polynomial._from_terms(
            {k: v * float(c) for k, v in self._terms.items()},
            drop_zeros=False)

    def __add__(self, other):
        if isinstance(other, Polynomial):
            return self._combined(other, 1.0)
        if _np.ndim(other) == 0 and _is_number(other):
            return self._shifted(other)
        return NotImplemented

    def __radd__(self, other):
        if _is_number(other):
            return self._shifted(other)
        return NotImplemented

    def __sub__(self, other):
        if isinstance(other, Polynomial):
            return self._combined(other, -1.0)
        if _is_number(other):
            return self._shifted(-float(other))
        return NotImplemented

    def __rsub__(self, other):
        if _is_number(other):
            return (-self)._shifted(other)
        return NotImplemented

    def __mul__(self, other):
        if isinstance(other, Polynomial):
            terms = {}
            for i, a in self._terms.items():
                for j, b in other._terms.items():
                    terms[i + j] = terms.get(i + j, 0.0) + a * b
            return Polynomial._from_terms(terms, drop_zeros=True)
        if _is_number(other):
            return self._scaled(other)
        return NotImplemented

    def __rmul__(self, other):
        if _is_number(other):
            return self._scaled(other)
        return NotImplemented

    def __truediv__(self, other):
        if _is_number(other):
            return self._scaled(1.0 / float(other))
        return NotImplemented

    def __neg__(self):
        return self._scaled(-1.0)

    def __eq__(self, other):
        if not isinstance(other, Polynomial):
            return NotImplemented
        return self._terms == other._terms

    __hash__ = None


def _is_number(x):
    return isinstance(x, (int, float, _np.integer, _np.floating)) and \
        not isinstance(x, bool)


Polynomial_ = _TemplateClass("Polynomial_", scope=__name__)
Polynomial_.add_instantiation(float, Polynomial, skip_rename=True)
