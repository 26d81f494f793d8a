"""The trajectories of ossa.trajectories written in Python, for every scalar.

DiscreteTimeTrajectory, FunctionHandleTrajectory, StackedTrajectory,
DerivativeTrajectory, CompositeTrajectory, PiecewiseQuaternionSlerp,
PiecewisePose and PathParameterizedTrajectory subclass Trajectory_[T];
make_trajectories(T) builds the eight classes for one scalar T (float,
AutoDiffXd or Expression), and ossa.trajectories registers them as
Name_[T]. C++ (a TrajectorySource, a PiecewisePolynomial's caller) evaluates
them through the do_* methods and copies them with __deepcopy__.

Arithmetic runs in T, so an AutoDiffXd time carries its derivatives through
value(t) and an Expression result stays symbolic. What needs a number (which
segment or sample a time falls on, a sign or norm check) takes the value of
an AutoDiffXd and the constant of an Expression; a time or value that is an
Expression with variables raises RuntimeError naming the method, as the
reference's do (they cannot place a symbolic time either).
"""

import math as _math

import numpy as _np

from ossa._ext.trajectories import PiecewisePolynomial_, Trajectory_


def _number(x, where):
    """The float a scalar holds: x itself, an AutoDiffXd's value, a constant
    Expression's constant; RuntimeError for an Expression with variables."""
    if isinstance(x, (int, float, _np.floating, _np.integer)):
        return float(x)
    value = getattr(x, "value", None)
    if value is not None and callable(value):  # AutoDiffXd
        return float(value())
    variables = x.GetVariables()
    if len(variables) != 0:
        raise RuntimeError(
            f"{where}: {x} depends on the variables {variables}, so it holds "
            "no number; this needs one (a symbolic time cannot be placed "
            "among the breaks or samples).")
    return float(x.Evaluate())


def make_trajectories(T):
    """The eight Python-written trajectory classes on scalar T, by name."""
    is_float = T is float
    dtype = float if is_float else object
    Trajectory = Trajectory_[T]
    PiecewisePolynomial = PiecewisePolynomial_[T]

    def scalar(x):
        return float(x) if is_float else (x if isinstance(x, T) else T(x))

    def as_array(value):
        """`value` as a numpy array of T (dtype float for float)."""
        array = _np.asarray(value, dtype=dtype)
        if not is_float and array.size:
            array = _np.vectorize(scalar, otypes=[object])(array)
        return array

    def as_matrix(value, rows, cols, where):
        matrix = as_array(value)
        if matrix.ndim < 2:
            matrix = matrix.reshape(-1, 1)
        if matrix.shape != (rows, cols):
            raise RuntimeError(f"{where}: expected a {rows}x{cols} value, "
                               f"got shape {matrix.shape}")
        return matrix

    def zeros(rows, cols):
        return as_array(_np.zeros((rows, cols)))

    class DiscreteTimeTrajectory(Trajectory):
        """Values given at discrete times only: value(t) is the value at the
        time within time_comparison_tolerance of t (RuntimeError at any other
        time). Times must be strictly increasing."""

        def __init__(self, times, values,
                     time_comparison_tolerance=_np.finfo(float).eps):
            Trajectory.__init__(self)
            times = [scalar(t) for t in _np.asarray(times, dtype=dtype).ravel()]
            values = [as_array(v) for v in values]
            values = [v.reshape(-1, 1) if v.ndim < 2 else v for v in values]
            if len(times) != len(values) or not times:
                raise RuntimeError("DiscreteTimeTrajectory(): give as many "
                                   "values as times (at least one)")
            where = "DiscreteTimeTrajectory()"
            numbers = [_number(t, where) for t in times]
            if any(b <= a for a, b in zip(numbers, numbers[1:])):
                raise RuntimeError("DiscreteTimeTrajectory(): times must be "
                                   "strictly increasing")
            if any(v.shape != values[0].shape for v in values):
                raise RuntimeError("DiscreteTimeTrajectory(): all values "
                                   "must have the same shape")
            if not time_comparison_tolerance >= 0:
                raise RuntimeError("DiscreteTimeTrajectory(): the tolerance "
                                   "must be non-negative")
            self._times, self._values = times, values
            self._numbers = numbers
            self._tolerance = float(time_comparison_tolerance)

        def __deepcopy__(self, memo):
            return type(self)(self._times, [v.copy() for v in self._values],
                              self._tolerance)

        def time_comparison_tolerance(self):
            return self._tolerance

        def num_times(self):
            return len(self._times)

        def get_times(self):
            return list(self._times)

        def ToZeroOrderHold(self):
            """The PiecewisePolynomial holding each value until the next
            time."""
            return PiecewisePolynomial.ZeroOrderHold(self._times,
                                                     self._values)

        def do_value(self, t):
            time = _number(t, "DiscreteTimeTrajectory.value()")
            for number, value in zip(self._numbers, self._values):
                if abs(time - number) <= self._tolerance:
                    return value
            raise RuntimeError(
                f"DiscreteTimeTrajectory: no value at time {time} (the times "
                f"are {self._numbers}, compared within {self._tolerance})")

        def do_rows(self):
            return self._values[0].shape[0]

        def do_cols(self):
            return self._values[0].shape[1]

        def do_start_time(self):
            return self._times[0]

        def do_end_time(self):
            return self._times[-1]

    class FunctionHandleTrajectory(Trajectory):
        """y(t) = func(t), a rows x cols matrix, on [start_time, end_time];
        set_derivative(func(t, order)) gives it derivatives. func receives
        t as the trajectory's scalar."""

        def __init__(self, func, rows, cols=1, start_time=-_math.inf,
                     end_time=_math.inf):
            Trajectory.__init__(self)
            if not callable(func):
                raise TypeError("FunctionHandleTrajectory(): func must be "
                                "callable")
            if rows < 0 or cols < 0:
                raise RuntimeError("FunctionHandleTrajectory(): rows and "
                                   "cols must be non-negative")
            if not start_time <= end_time:
                raise RuntimeError("FunctionHandleTrajectory(): start_time "
                                   "must not exceed end_time")
            self._func, self._rows, self._cols = func, int(rows), int(cols)
            self._start, self._end = float(start_time), float(end_time)
            self._derivative = None

        def __deepcopy__(self, memo):
            copied = type(self)(self._func, self._rows, self._cols,
                                self._start, self._end)
            copied._derivative = self._derivative
            return copied

        def set_derivative(self, func):
            """func(t, derivative_order) gives the derivatives."""
            self._derivative = func

        def do_value(self, t):
            return as_matrix(self._func(t), self._rows, self._cols,
                             "FunctionHandleTrajectory")

        def do_has_derivative(self):
            return self._derivative is not None

        def DoEvalDerivative(self, t, derivative_order):
            if derivative_order == 0:
                return self.do_value(t)
            if self._derivative is None:
                raise RuntimeError("FunctionHandleTrajectory: no derivative "
                                   "function was set (set_derivative)")
            return as_matrix(self._derivative(t, derivative_order),
                             self._rows, self._cols,
                             "FunctionHandleTrajectory")

        def do_rows(self):
            return self._rows

        def do_cols(self):
            return self._cols

        def do_start_time(self):
            return scalar(self._start)

        def do_end_time(self):
            return scalar(self._end)

    class StackedTrajectory(Trajectory):
        """Trajectories stacked on top of each other (rowwise, same number
        of columns) or side by side, on a common time span."""

        def __init__(self, rowwise=True):
            Trajectory.__init__(self)
            self._rowwise = bool(rowwise)
            self._parts = []

        def __deepcopy__(self, memo):
            copied = type(self)(self._rowwise)
            copied._parts = [part.Clone() for part in self._parts]
            return copied

        def Append(self, traj, /):
            """Stacks a copy of `traj`, which must match the others' time
            span and (column count if rowwise, else row count)."""
            if self._parts:
                first = self._parts[0]
                if self._rowwise and traj.cols() != first.cols():
                    raise RuntimeError("StackedTrajectory.Append(): the "
                                       "trajectory has a different number "
                                       "of columns")
                if not self._rowwise and traj.rows() != first.rows():
                    raise RuntimeError("StackedTrajectory.Append(): the "
                                       "trajectory has a different number "
                                       "of rows")
                where = "StackedTrajectory.Append()"
                if (_number(traj.start_time(), where)
                        != _number(first.start_time(), where)
                        or _number(traj.end_time(), where)
                        != _number(first.end_time(), where)):
                    raise RuntimeError("StackedTrajectory.Append(): the "
                                       "trajectory has a different time "
                                       "span")
            self._parts.append(traj.Clone())

        def _stack(self, matrices):
            if not matrices:
                return zeros(0, 0)
            return _np.vstack(matrices) if self._rowwise else \
                _np.hstack(matrices)

        def do_value(self, t):
            return self._stack([_np.asarray(p.value(t)) for p in self._parts])

        def do_has_derivative(self):
            return all(p.has_derivative() for p in self._parts)

        def DoEvalDerivative(self, t, derivative_order):
            return self._stack([
                _np.asarray(p.EvalDerivative(t, derivative_order))
                for p in self._parts])

        def do_rows(self):
            rows = [p.rows() for p in self._parts]
            return sum(rows) if self._rowwise else (rows[0] if rows else 0)

        def do_cols(self):
            cols = [p.cols() for p in self._parts]
            return (cols[0] if cols else 0) if self._rowwise else sum(cols)

        def do_start_time(self):
            return self._parts[0].start_time() if self._parts else scalar(0)

        def do_end_time(self):
            return self._parts[0].end_time() if self._parts else scalar(0)

    class DerivativeTrajectory(Trajectory):
        """The derivative_order-th time derivative of `nominal` (which must
        have derivatives), as a trajectory."""

        def __init__(self, nominal, derivative_order=1):
            Trajectory.__init__(self)
            if not nominal.has_derivative():
                raise RuntimeError("DerivativeTrajectory(): the nominal "
                                   "trajectory has no derivatives")
            if derivative_order < 0:
                raise RuntimeError("DerivativeTrajectory(): "
                                   "derivative_order must be >= 0")
            self._nominal = nominal.Clone()
            self._order = int(derivative_order)

        def __deepcopy__(self, memo):
            return type(self)(self._nominal, self._order)

        def do_value(self, t):
            return self._nominal.EvalDerivative(t, self._order)

        def do_has_derivative(self):
            return True

        def DoEvalDerivative(self, t, derivative_order):
            return self._nominal.EvalDerivative(
                t, self._order + derivative_order)

        def do_rows(self):
            return self._nominal.rows()

        def do_cols(self):
            return self._nominal.cols()

        def do_start_time(self):
            return self._nominal.start_time()

        def do_end_time(self):
            return self._nominal.end_time()

    class CompositeTrajectory(Trajectory):
        """Trajectories one after the other in time: each segment must start
        where the previous one ends (within 1e-12 relative)."""

        def __init__(self, segments):
            Trajectory.__init__(self)
            segments = [s.Clone() for s in segments]
            where = "CompositeTrajectory()"
            for a, b in zip(segments, segments[1:]):
                end = _number(a.end_time(), where)
                if abs(_number(b.start_time(), where) - end) > 1e-12 * max(
                        1.0, abs(end)):
                    raise RuntimeError("CompositeTrajectory(): each segment "
                                       "must start where the previous one "
                                       "ends")
                if (b.rows(), b.cols()) != (a.rows(), a.cols()):
                    raise RuntimeError("CompositeTrajectory(): the segments "
                                       "must have the same size")
            self._segments = segments

        def __deepcopy__(self, memo):
            return type(self)(self._segments)

        @staticmethod
        def AlignAndConcatenate(segments):
            """The composite of `segments` shifted in time so that each
            starts where the previous one ends (the first keeps its times);
            each shifted segment is a PathParameterizedTrajectory with the
            time scaling s(t) = t − shift."""
            segments = list(segments)
            if any(s is None for s in segments):
                raise RuntimeError("CompositeTrajectory.AlignAndConcatenate()"
                                   ": a segment is None")
            for i, segment in enumerate(segments[1:], 1):
                if (segment.rows(), segment.cols()) != \
                        (segments[0].rows(), segments[0].cols()):
                    raise RuntimeError(
                        "CompositeTrajectory.AlignAndConcatenate(): segment "
                        f"{i} is {segment.rows()}x{segment.cols()}, segment "
                        f"0 is {segments[0].rows()}x{segments[0].cols()}")
            aligned = []
            for segment in segments:
                start, end = segment.start_time(), segment.end_time()
                new_start = aligned[-1].end_time() if aligned else start
                scaling = PiecewisePolynomial.FirstOrderHold(
                    [new_start, new_start + (end - start)],
                    as_array([[start, end]]))
                aligned.append(PathParameterizedTrajectory(segment, scaling))
            return CompositeTrajectory(aligned)

        def segment(self, segment_index):
            return self._segments[segment_index]

        def get_number_of_segments(self):
            return len(self._segments)

        def get_segment_times(self):
            if not self._segments:
                return []
            return [s.start_time() for s in self._segments] + [
                self._segments[-1].end_time()]

        def _segment_at(self, t):
            if len(self._segments) == 1:
                return self._segments[0]
            where = "CompositeTrajectory.value()"
            time = _number(t, where)
            for segment in self._segments[:-1]:
                if time < _number(segment.end_time(), where):
                    return segment
            return self._segments[-1]

        def do_value(self, t):
            if not self._segments:
                raise RuntimeError("CompositeTrajectory: no segments")
            return self._segment_at(t).value(t)

        def do_has_derivative(self):
            return all(s.has_derivative() for s in self._segments)

        def DoEvalDerivative(self, t, derivative_order):
            return self._segment_at(t).EvalDerivative(t, derivative_order)

        def do_rows(self):
            return self._segments[0].rows() if self._segments else 0

        def do_cols(self):
            return self._segments[0].cols() if self._segments else 0

        def do_start_time(self):
            return self._segments[0].start_time() if self._segments else \
                scalar(0)

        def do_end_time(self):
            return self._segments[-1].end_time() if self._segments else \
                scalar(0)

    class PathParameterizedTrajectory(Trajectory):
        """x(t) = path(s(t)): a path re-timed by a scalar time scaling s(t)
        (1x1). Derivatives by Faà di Bruno's formula (both trajectories must
        have derivatives for those)."""

        def __init__(self, path, time_scaling):
            Trajectory.__init__(self)
            if time_scaling.rows() != 1 or time_scaling.cols() != 1:
                raise RuntimeError("PathParameterizedTrajectory(): the time "
                                   "scaling must be 1x1")
            self._path = path.Clone()
            self._scaling = time_scaling.Clone()

        def __deepcopy__(self, memo):
            return type(self)(self._path, self._scaling)

        def path(self):
            return self._path

        def time_scaling(self):
            return self._scaling

        def _s(self, t, order=0):
            value = self._scaling.value(t) if order == 0 else \
                self._scaling.EvalDerivative(t, order)
            return scalar(_np.asarray(value).ravel()[0])

        def do_value(self, t):
            return self._path.value(self._s(t))

        def do_has_derivative(self):
            return self._path.has_derivative() and \
                self._scaling.has_derivative()

        def DoEvalDerivative(self, t, derivative_order):
            n = derivative_order
            if n == 0:
                return self.do_value(t)
            s = self._s(t)
            ds = [None] + [self._s(t, k) for k in range(1, n + 1)]
            # Bell polynomials B[m][k](ds[1], ..., ds[m-k+1]); None marks
            # the ones that are zero by construction (k > m, or k = 0 < m).
            bell = [[None] * (n + 1) for _ in range(n + 1)]
            bell[0][0] = 1
            for m in range(1, n + 1):
                for k in range(1, m + 1):
                    terms = [_math.comb(m - 1, i - 1) * ds[i] *
                             bell[m - i][k - 1]
                             for i in range(1, m - k + 2)
                             if bell[m - i][k - 1] is not None]
                    bell[m][k] = sum(terms[1:], terms[0]) if terms else None
            result = zeros(self.rows(), self.cols())
            for k in range(1, n + 1):
                if bell[n][k] is not None:
                    result = result + bell[n][k] * _np.asarray(
                        self._path.EvalDerivative(s, k))
            return result

        def do_rows(self):
            return self._path.rows()

        def do_cols(self):
            return self._path.cols()

        def do_start_time(self):
            return self._scaling.start_time()

        def do_end_time(self):
            return self._scaling.end_time()

    classes = dict(
        DiscreteTimeTrajectory=DiscreteTimeTrajectory,
        FunctionHandleTrajectory=FunctionHandleTrajectory,
        StackedTrajectory=StackedTrajectory,
        DerivativeTrajectory=DerivativeTrajectory,
        CompositeTrajectory=CompositeTrajectory,
        PathParameterizedTrajectory=PathParameterizedTrajectory)
    from ossa._trajectories_orientation import make_orientation_trajectories
    classes.update(make_orientation_trajectories(
        T, Trajectory, PiecewisePolynomial, scalar, as_array, _number))
    return classes

