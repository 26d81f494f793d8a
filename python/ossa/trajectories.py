"""ossa.trajectories: mirrors the reference module of the same name."""

from ossa._ext.trajectories import *  # noqa: F401,F403

from ossa._subclass_util import require_base_init as _require_base_init  # noqa

for _param in Trajectory_.param_list:  # noqa: F405
    _require_base_init(Trajectory_[_param])  # noqa: F405
del _param


def _vector_values(self, t):
    """The values at the times `t` of a column-vector trajectory, one
    column per time (a rows x len(t) matrix)."""
    import numpy as np
    if self.cols() != 1:
        raise RuntimeError("vector_values(): the trajectory is "
                           f"{self.rows()}x{self.cols()}, not a column "
                           "vector")
    times = list(t)
    if not times:
        return np.zeros((self.rows(), 0))
    return np.hstack([np.asarray(self.value(ti)).reshape(-1, 1)
                      for ti in times])


for _param in Trajectory_.param_list:  # noqa: F405
    _cls = Trajectory_[_param]  # noqa: F405
    # (No __deepcopy__ here: C++ clones a Python subclass with
    # copy.deepcopy, which would call back into Clone().)
    _cls.vector_values = _vector_values
del _param, _cls


# -- Trajectories written on Trajectory (float) -------------------------------
# Python subclasses of Trajectory: C++ (a TrajectorySource) evaluates them
# through the do_* methods and copies them with __deepcopy__.

import copy as _copy  # noqa: E402
import math as _math  # noqa: E402

import numpy as _np  # noqa: E402

from ossa._cpp_template import TemplateClass as _TemplateClass  # noqa: E402


def _as_matrix(value, rows, cols, where):
    matrix = _np.asarray(value, dtype=float)
    if matrix.ndim < 2:
        matrix = matrix.reshape(-1, 1)
    if matrix.shape != (rows, cols):
        raise RuntimeError(f"{where}: expected a {rows}x{cols} value, got "
                           f"shape {matrix.shape}")
    return matrix


def _register(name, cls):
    template = _TemplateClass(name + "_", scope=__name__)
    template.add_instantiation(float, cls, skip_rename=True)
    cls.__module__ = __name__
    globals()[name + "_"] = template


class DiscreteTimeTrajectory(Trajectory):  # noqa: F405
    """Values given at discrete times only: value(t) is the value at the
    time within time_comparison_tolerance of t (RuntimeError at any other
    time). Times must be strictly increasing."""

    def __init__(self, times, values,
                 time_comparison_tolerance=_np.finfo(float).eps):
        Trajectory.__init__(self)  # noqa: F405
        times = [float(t) for t in _np.asarray(times, dtype=float).ravel()]
        values = [_np.asarray(v, dtype=float) for v in values]
        values = [v.reshape(-1, 1) if v.ndim < 2 else v for v in values]
        if len(times) != len(values) or not times:
            raise RuntimeError("DiscreteTimeTrajectory(): give as many "
                               "values as times (at least one)")
        if any(b <= a for a, b in zip(times, times[1:])):
            raise RuntimeError("DiscreteTimeTrajectory(): times must be "
                               "strictly increasing")
        if any(v.shape != values[0].shape for v in values):
            raise RuntimeError("DiscreteTimeTrajectory(): all values must "
                               "have the same shape")
        if not time_comparison_tolerance >= 0:
            raise RuntimeError("DiscreteTimeTrajectory(): the tolerance must "
                               "be non-negative")
        self._times, self._values = times, values
        self._tolerance = float(time_comparison_tolerance)

    def __deepcopy__(self, memo):
        return DiscreteTimeTrajectory(self._times,
                                      [v.copy() for v in self._values],
                                      self._tolerance)

    def time_comparison_tolerance(self):
        return self._tolerance

    def num_times(self):
        return len(self._times)

    def get_times(self):
        return list(self._times)

    def ToZeroOrderHold(self):
        """The PiecewisePolynomial holding each value until the next time."""
        return PiecewisePolynomial.ZeroOrderHold(  # noqa: F405
            self._times, self._values)

    def do_value(self, t):
        for time, value in zip(self._times, self._values):
            if abs(t - time) <= self._tolerance:
                return value
        raise RuntimeError(
            f"DiscreteTimeTrajectory: no value at time {t} (the times are "
            f"{self._times}, compared within {self._tolerance})")

    def do_rows(self):
        return self._values[0].shape[0]

    def do_cols(self):
        return self._values[0].shape[1]

    def do_start_time(self):
        return self._times[0]

    def do_end_time(self):
        return self._times[-1]


class FunctionHandleTrajectory(Trajectory):  # noqa: F405
    """y(t) = func(t), a rows x cols matrix, on [start_time, end_time];
    set_derivative(func(t, order)) gives it derivatives."""

    def __init__(self, func, rows, cols=1, start_time=-_math.inf,
                 end_time=_math.inf):
        Trajectory.__init__(self)  # noqa: F405
        if not callable(func):
            raise TypeError("FunctionHandleTrajectory(): func must be "
                            "callable")
        if rows < 0 or cols < 0:
            raise RuntimeError("FunctionHandleTrajectory(): rows and cols "
                               "must be non-negative")
        if not start_time <= end_time:
            raise RuntimeError("FunctionHandleTrajectory(): start_time must "
                               "not exceed end_time")
        self._func, self._rows, self._cols = func, int(rows), int(cols)
        self._start, self._end = float(start_time), float(end_time)
        self._derivative = None

    def __deepcopy__(self, memo):
        copied = FunctionHandleTrajectory(self._func, self._rows, self._cols,
                                          self._start, self._end)
        copied._derivative = self._derivative
        return copied

    def set_derivative(self, func):
        """func(t, derivative_order) gives the derivatives."""
        self._derivative = func

    def do_value(self, t):
        return _as_matrix(self._func(t), self._rows, self._cols,
                          "FunctionHandleTrajectory")

    def do_has_derivative(self):
        return self._derivative is not None

    def DoEvalDerivative(self, t, derivative_order):
        if derivative_order == 0:
            return self.do_value(t)
        if self._derivative is None:
            raise RuntimeError("FunctionHandleTrajectory: no derivative "
                               "function was set (set_derivative)")
        return _as_matrix(self._derivative(t, derivative_order), self._rows,
                          self._cols, "FunctionHandleTrajectory")

    def do_rows(self):
        return self._rows

    def do_cols(self):
        return self._cols

    def do_start_time(self):
        return self._start

    def do_end_time(self):
        return self._end


class StackedTrajectory(Trajectory):  # noqa: F405
    """Trajectories stacked on top of each other (rowwise, same number of
    columns) or side by side, on a common time span."""

    def __init__(self, rowwise=True):
        Trajectory.__init__(self)  # noqa: F405
        self._rowwise = bool(rowwise)
        self._parts = []

    def __deepcopy__(self, memo):
        copied = StackedTrajectory(self._rowwise)
        copied._parts = [part.Clone() for part in self._parts]
        return copied

    def Append(self, traj, /):
        """Stacks a copy of `traj`, which must match the others' time span
        and (column count if rowwise, else row count)."""
        if self._parts:
            first = self._parts[0]
            if self._rowwise and traj.cols() != first.cols():
                raise RuntimeError("StackedTrajectory.Append(): the "
                                   "trajectory has a different number of "
                                   "columns")
            if not self._rowwise and traj.rows() != first.rows():
                raise RuntimeError("StackedTrajectory.Append(): the "
                                   "trajectory has a different number of "
                                   "rows")
            if (traj.start_time() != first.start_time()
                    or traj.end_time() != first.end_time()):
                raise RuntimeError("StackedTrajectory.Append(): the "
                                   "trajectory has a different time span")
        self._parts.append(traj.Clone())

    def _stack(self, matrices):
        if not matrices:
            return _np.zeros((0, 0))
        return _np.vstack(matrices) if self._rowwise else \
            _np.hstack(matrices)

    def do_value(self, t):
        return self._stack([_np.asarray(p.value(t)) for p in self._parts])

    def do_has_derivative(self):
        return all(p.has_derivative() for p in self._parts)

    def DoEvalDerivative(self, t, derivative_order):
        return self._stack([_np.asarray(p.EvalDerivative(t, derivative_order))
                            for p in self._parts])

    def do_rows(self):
        rows = [p.rows() for p in self._parts]
        return sum(rows) if self._rowwise else (rows[0] if rows else 0)

    def do_cols(self):
        cols = [p.cols() for p in self._parts]
        return (cols[0] if cols else 0) if self._rowwise else sum(cols)

    def do_start_time(self):
        return self._parts[0].start_time() if self._parts else 0.0

    def do_end_time(self):
        return self._parts[0].end_time() if self._parts else 0.0


class DerivativeTrajectory(Trajectory):  # noqa: F405
    """The derivative_order-th time derivative of `nominal` (which must have
    derivatives), as a trajectory."""

    def __init__(self, nominal, derivative_order=1):
        Trajectory.__init__(self)  # noqa: F405
        if not nominal.has_derivative():
            raise RuntimeError("DerivativeTrajectory(): the nominal "
                               "trajectory has no derivatives")
        if derivative_order < 0:
            raise RuntimeError("DerivativeTrajectory(): derivative_order "
                               "must be >= 0")
        self._nominal = nominal.Clone()
        self._order = int(derivative_order)

    def __deepcopy__(self, memo):
        return DerivativeTrajectory(self._nominal, self._order)

    def do_value(self, t):
        return self._nominal.EvalDerivative(t, self._order)

    def do_has_derivative(self):
        return True

    def DoEvalDerivative(self, t, derivative_order):
        return self._nominal.EvalDerivative(t, self._order + derivative_order)

    def do_rows(self):
        return self._nominal.rows()

    def do_cols(self):
        return self._nominal.cols()

    def do_start_time(self):
        return self._nominal.start_time()

    def do_end_time(self):
        return self._nominal.end_time()


class CompositeTrajectory(Trajectory):  # noqa: F405
    """Trajectories one after the other in time: each segment must start
    where the previous one ends (within 1e-12 relative)."""

    def __init__(self, segments):
        Trajectory.__init__(self)  # noqa: F405
        segments = [s.Clone() for s in segments]
        for a, b in zip(segments, segments[1:]):
            if abs(b.start_time() - a.end_time()) > 1e-12 * max(
                    1.0, abs(a.end_time())):
                raise RuntimeError("CompositeTrajectory(): each segment must "
                                   "start where the previous one ends")
            if (b.rows(), b.cols()) != (a.rows(), a.cols()):
                raise RuntimeError("CompositeTrajectory(): the segments must "
                                   "have the same size")
        self._segments = segments

    def __deepcopy__(self, memo):
        return CompositeTrajectory(self._segments)

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
        for segment in self._segments[:-1]:
            if t < segment.end_time():
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
        return self._segments[0].start_time() if self._segments else 0.0

    def do_end_time(self):
        return self._segments[-1].end_time() if self._segments else 0.0


for _name in ("DiscreteTimeTrajectory", "FunctionHandleTrajectory",
              "StackedTrajectory", "DerivativeTrajectory",
              "CompositeTrajectory"):
    _register(_name, globals()[_name])
del _name
