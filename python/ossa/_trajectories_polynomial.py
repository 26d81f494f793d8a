"""The members of ossa.trajectories.PiecewisePolynomial that take or give
the reference's univariate polynomials (ossa.polynomial.Polynomial):
getPolynomial, getPolynomialMatrix, setPolynomialMatrixBlock and
LagrangeInterpolatingPolynomial. Imported by ossa.trajectories, which they
extend."""

import math as _math

import numpy as _np

from ossa._ext.trajectories import (
    PiecewisePolynomial, _AssignPiecewisePolynomial,
    _PiecewisePolynomialFromCoefficients)


# PiecewisePolynomial's segments as ossa.polynomial.Polynomial objects (the
# reference's univariate Polynomial_[float]), in the segment's local time
# τ = t − start of the segment. The coefficients come from the derivatives
# at the segment's midpoint (inside the segment, so no break is ambiguous),
# re-centred at τ = 0: c_k = Σ_{j≥k} d_j/j!·C(j, k)·(−τ_mid)^(j−k).
def _segment_polynomial(self, segment_index, row=0, col=0):
    """The Polynomial of entry (row, col) on segment `segment_index`, in
    the local time t − get_segment_times()[segment_index]."""
    from ossa.polynomial import Polynomial
    times = self.get_segment_times()
    if not 0 <= segment_index < len(times) - 1:
        raise RuntimeError(
            f"PiecewisePolynomial.getPolynomial(): segment_index "
            f"{segment_index} is out of range [0, {len(times) - 1}).")
    if not (0 <= row < self.rows() and 0 <= col < self.cols()):
        raise RuntimeError(
            f"PiecewisePolynomial.getPolynomial(): ({row}, {col}) is not an "
            f"entry of a {self.rows()}x{self.cols()} trajectory.")
    degree = self.getSegmentPolynomialDegree(segment_index, row, col)
    half = 0.5 * (times[segment_index + 1] - times[segment_index])
    t_mid = times[segment_index] + half
    d = [_np.asarray(self.value(t_mid))[row, col]]
    for j in range(1, degree + 1):
        d.append(_np.asarray(self.EvalDerivative(t_mid, j))[row, col])
    coefficients = _np.zeros(degree + 1)
    for k in range(degree + 1):
        coefficients[k] = sum(
            d[j] / _math.factorial(j) * _math.comb(j, k) * (-half)**(j - k)
            for j in range(k, degree + 1))
    return Polynomial(coefficients)


def _segment_polynomial_matrix(self, segment_index):
    """The rows x cols numpy object array of the segment's Polynomials."""
    result = _np.empty((self.rows(), self.cols()), dtype=object)
    for i in range(self.rows()):
        for j in range(self.cols()):
            result[i, j] = _segment_polynomial(self, segment_index, i, j)
    return result


PiecewisePolynomial.getPolynomial = _segment_polynomial
PiecewisePolynomial.getPolynomialMatrix = _segment_polynomial_matrix


def _coefficient_matrices(polynomials):
    """[C_0, C_1, ...] with C_k[i, j] the coefficient of τ^k of
    polynomials[i, j] (a 2-d array of ossa.polynomial.Polynomial)."""
    polynomials = _np.asarray(polynomials, dtype=object)
    if polynomials.ndim < 2:
        polynomials = polynomials.reshape(-1, 1)
    rows, cols = polynomials.shape
    degree = max((p.GetDegree() for p in polynomials.flat), default=0)
    result = [_np.zeros((rows, cols)) for _ in range(degree + 1)]
    for i in range(rows):
        for j in range(cols):
            for k, c in enumerate(polynomials[i, j].GetCoefficients()):
                result[k][i, j] = c
    return result


def _segment_coefficients(polynomials):
    """[_coefficient_matrices(segment) ...] for a list of polynomial
    matrices or scalar Polynomials (the constructor from polynomials), or
    None if the list holds anything else."""
    from ossa.polynomial import Polynomial
    segments = []
    for segment in polynomials:
        if isinstance(segment, Polynomial):
            segment = _np.array([[segment]], dtype=object)
        matrix = _np.asarray(segment, dtype=object)
        if matrix.size == 0 or not all(isinstance(p, Polynomial)
                                       for p in matrix.flat):
            return None
        segments.append(_coefficient_matrices(matrix))
    return segments if segments else None


def _lagrange_interpolating_polynomial(times, samples):
    """The one-segment PiecewisePolynomial on [times[0], times[-1]] of the
    lowest degree through every sample: samples is a list of matrices (one
    per time) or a matrix whose column j is the sample at times[j]. The
    coefficients in τ = t − times[0] solve the Vandermonde system
    Σ_k C_k·(times[j] − times[0])^k = samples[j]."""
    times = [float(t) for t in times]
    if isinstance(samples, (list, tuple)):
        # A vector sample is a column.
        values = [_np.asarray(s, dtype=float).reshape(-1, 1)
                  if _np.ndim(s) <= 1 else _np.asarray(s, dtype=float)
                  for s in samples]
    else:
        matrix = _np.asarray(samples, dtype=float)
        if matrix.ndim == 1:
            matrix = matrix.reshape(1, -1)
        values = [matrix[:, [j]] for j in range(matrix.shape[1])]
    if len(values) != len(times):
        raise RuntimeError(
            "PiecewisePolynomial.LagrangeInterpolatingPolynomial(): "
            f"{len(times)} times but {len(values)} samples.")
    if len(times) < 2 or any(b <= a for a, b in zip(times, times[1:])):
        raise RuntimeError(
            "PiecewisePolynomial.LagrangeInterpolatingPolynomial(): the "
            "times must be at least two and strictly increasing.")
    shape = values[0].shape
    if any(v.shape != shape for v in values):
        raise RuntimeError(
            "PiecewisePolynomial.LagrangeInterpolatingPolynomial(): the "
            "samples differ in size.")
    tau = _np.asarray(times) - times[0]
    vandermonde = _np.vander(tau, increasing=True)
    stacked = _np.stack([v.reshape(-1) for v in values])  # samples x entries
    coefficients = _np.linalg.solve(vandermonde, stacked)
    matrices = [c.reshape(shape) for c in coefficients]
    return _PiecewisePolynomialFromCoefficients(
        [times[0], times[-1]], [matrices])


def _set_polynomial_matrix_block(self, replacement, segment_index,
                                 row_start=0, col_start=0):
    """Replaces the block of segment `segment_index`'s polynomial matrix at
    (row_start, col_start) by `replacement` (a 2-d array of
    ossa.polynomial.Polynomial). The other segments are rebuilt from
    getPolynomialMatrix, so their coefficients may change by a few ulps."""
    replacement = _np.asarray(replacement, dtype=object)
    if replacement.ndim < 2:
        replacement = replacement.reshape(-1, 1)
    n = self.get_number_of_segments()
    if not 0 <= segment_index < n:
        raise RuntimeError(
            f"PiecewisePolynomial.setPolynomialMatrixBlock(): segment_index "
            f"{segment_index} is out of range [0, {n}).")
    r, c = replacement.shape
    if (row_start < 0 or col_start < 0 or row_start + r > self.rows() or
            col_start + c > self.cols()):
        raise RuntimeError(
            f"PiecewisePolynomial.setPolynomialMatrixBlock(): a {r}x{c} "
            f"block at ({row_start}, {col_start}) does not fit a "
            f"{self.rows()}x{self.cols()} trajectory.")
    segments = []
    for i in range(n):
        matrix = _segment_polynomial_matrix(self, i)
        if i == segment_index:
            matrix[row_start:row_start + r, col_start:col_start + c] = \
                replacement
        segments.append(_coefficient_matrices(matrix))
    rebuilt = _PiecewisePolynomialFromCoefficients(
        list(self.get_segment_times()), segments)
    _AssignPiecewisePolynomial(self, rebuilt)


PiecewisePolynomial.LagrangeInterpolatingPolynomial = staticmethod(
    _lagrange_interpolating_polynomial)
PiecewisePolynomial.setPolynomialMatrixBlock = _set_polynomial_matrix_block
