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


def _trajectory_deepcopy(self, memo):
    """A deep copy: Clone() for the trajectories implemented in C++. C++
    clones a Python subclass with copy.deepcopy, so a Python subclass that
    is to be copied defines its own __deepcopy__."""
    if hasattr(type(self), "do_value"):
        raise TypeError(
            f"{type(self).__name__}: a Python subclass of Trajectory must "
            "define __deepcopy__ to be copied (the object cannot be "
            "pickled)")
    return self.Clone()


def _trajectory_copy(self):
    import copy
    return copy.deepcopy(self)


for _param in Trajectory_.param_list:  # noqa: F405
    _cls = Trajectory_[_param]  # noqa: F405
    _cls.vector_values = _vector_values
    _cls.__copy__ = _trajectory_copy
    _cls.__deepcopy__ = _trajectory_deepcopy
del _param, _cls


def _as_sparse(method):
    """Wraps AsLinearInControlPoints to return a scipy.sparse.csc_matrix, as
    the reference does (a dense numpy array when scipy is not installed)."""
    def wrapped(self, derivative_order=1):
        dense = method(self, derivative_order)
        try:
            from scipy.sparse import csc_matrix
        except ImportError:
            return dense
        return csc_matrix(dense)
    wrapped.__name__ = method.__name__
    wrapped.__doc__ = method.__doc__
    return wrapped


for _name in ("BezierCurve_", "BsplineTrajectory_"):
    for _param in globals()[_name].param_list:
        _cls = globals()[_name][_param]
        if _param == (float,):
            _cls.AsLinearInControlPoints = _as_sparse(
                _cls.AsLinearInControlPoints)
del _name, _param, _cls


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

    @staticmethod
    def AlignAndConcatenate(segments):
        """The composite of `segments` shifted in time so that each starts
        where the previous one ends (the first keeps its times); each
        shifted segment is a PathParameterizedTrajectory with the time
        scaling s(t) = t − shift."""
        segments = list(segments)
        if any(s is None for s in segments):
            raise RuntimeError("CompositeTrajectory.AlignAndConcatenate(): "
                               "a segment is None")
        for i, segment in enumerate(segments[1:], 1):
            if (segment.rows(), segment.cols()) != \
                    (segments[0].rows(), segments[0].cols()):
                raise RuntimeError(
                    "CompositeTrajectory.AlignAndConcatenate(): segment "
                    f"{i} is {segment.rows()}x{segment.cols()}, segment 0 "
                    f"is {segments[0].rows()}x{segments[0].cols()}")
        aligned = []
        for segment in segments:
            start, end = segment.start_time(), segment.end_time()
            new_start = aligned[-1].end_time() if aligned else start
            scaling = PiecewisePolynomial.FirstOrderHold(  # noqa: F405
                [new_start, new_start + (end - start)],
                _np.array([[start, end]]))
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


# -- PiecewiseQuaternionSlerp and PiecewisePose (float) -----------------------

def _segment_methods(cls):
    """The PiecewiseTrajectory queries over self._breaks."""

    def get_number_of_segments(self):
        return max(len(self._breaks) - 1, 0)

    def get_segment_times(self):
        return list(self._breaks)

    def segment_start_time(self, segment_index):
        return self._breaks[segment_index]

    def segment_end_time(self, segment_index):
        return self._breaks[segment_index + 1]

    def duration(self, segment_index):
        return self._breaks[segment_index + 1] - self._breaks[segment_index]

    def get_segment_index(self, t):
        return self._segment_index(t)

    def is_time_in_range(self, t):
        return bool(self._breaks) and \
            self._breaks[0] <= t <= self._breaks[-1]

    for function in (get_number_of_segments, get_segment_times, duration,
                     get_segment_index, is_time_in_range):
        setattr(cls, function.__name__, function)
    return cls


@_segment_methods
class PiecewiseQuaternionSlerp(Trajectory):  # noqa: F405
    """Orientations at the breaks, spherically interpolated between them
    (constant angular velocity per segment). value(t) is the quaternion
    (w, x, y, z) as a 4x1 matrix; EvalDerivative(t, 1) is the angular
    velocity w_W (3x1, in the world frame), and higher derivatives are zero.
    Each orientation is taken with the sign closest to the previous one."""

    def __init__(self, breaks=None, quaternions=None, *,
                 rotation_matrices=None, angle_axes=None):
        Trajectory.__init__(self)  # noqa: F405
        self._breaks, self._quaternions = [], []
        given = [x for x in (quaternions, rotation_matrices, angle_axes)
                 if x is not None]
        if breaks is None and not given:
            return
        if breaks is None or len(given) != 1:
            raise TypeError("PiecewiseQuaternionSlerp(): give breaks and one "
                            "list of orientations")
        orientations = list(given[0])
        breaks = [float(t) for t in breaks]
        if len(breaks) != len(orientations):
            raise RuntimeError("PiecewiseQuaternionSlerp(): the orientations "
                               "and breaks differ in length")
        if len(breaks) < 2:
            raise RuntimeError("PiecewiseQuaternionSlerp(): needs at least "
                               "two breaks")
        for t, orientation in zip(breaks, orientations):
            self._append(t, orientation)

    def __deepcopy__(self, memo):
        copied = PiecewiseQuaternionSlerp()
        copied._breaks = list(self._breaks)
        copied._quaternions = list(self._quaternions)
        return copied

    @staticmethod
    def _unit_wxyz(orientation):
        from ossa.common.eigen_geometry import AngleAxis, Quaternion
        from ossa.math import RotationMatrix
        if isinstance(orientation, Quaternion):
            wxyz = orientation.wxyz()
        elif isinstance(orientation, AngleAxis):
            wxyz = orientation.quaternion().wxyz()
        elif isinstance(orientation, RotationMatrix):
            wxyz = orientation.ToQuaternion().wxyz()
        else:
            wxyz = RotationMatrix(_np.asarray(orientation, dtype=float)) \
                .ToQuaternion().wxyz()
        wxyz = _np.asarray(wxyz, dtype=float)
        norm = _np.linalg.norm(wxyz)
        if not norm > 0:
            raise RuntimeError("PiecewiseQuaternionSlerp: a zero quaternion")
        return wxyz / norm

    def _append(self, time, orientation):
        wxyz = self._unit_wxyz(orientation)
        if self._breaks:
            if not time > self._breaks[-1]:
                raise RuntimeError("PiecewiseQuaternionSlerp.Append(): time "
                                   f"{time} must be after "
                                   f"{self._breaks[-1]}")
            if _np.dot(wxyz, self._quaternions[-1]) < 0:
                wxyz = -wxyz  # the same orientation, nearer the previous
        self._breaks.append(float(time))
        self._quaternions.append(wxyz)

    def Append(self, time, quaternion=None, *, rotation_matrix=None,
               angle_axis=None):
        """Adds an orientation (a Quaternion, RotationMatrix or AngleAxis)
        at `time` (after the last break)."""
        given = [x for x in (quaternion, rotation_matrix, angle_axis)
                 if x is not None]
        if len(given) != 1:
            raise TypeError("PiecewiseQuaternionSlerp.Append(): give one "
                            "orientation")
        self._append(float(time), given[0])

    def _segment_index(self, t):
        if len(self._breaks) < 2:
            raise RuntimeError("PiecewiseQuaternionSlerp: fewer than two "
                               "breaks")
        for i in range(len(self._breaks) - 2):
            if t < self._breaks[i + 1]:
                return i
        return len(self._breaks) - 2

    def _segment(self, t):
        """(index, fraction in [0, 1], axis·angle of q_{i+1}·q_i⁻¹)."""
        from ossa.common.eigen_geometry import AngleAxis, Quaternion
        i = self._segment_index(t)
        t0, t1 = self._breaks[i], self._breaks[i + 1]
        s = min(max((t - t0) / (t1 - t0), 0.0), 1.0)
        q0 = Quaternion(self._quaternions[i])
        q1 = Quaternion(self._quaternions[i + 1])
        relative = AngleAxis(q1.multiply(q0.inverse()))
        return i, s, q0, q1, relative.axis() * relative.angle() / (t1 - t0)

    def orientation(self, time):
        """The interpolated orientation (a Quaternion)."""
        from ossa.common.eigen_geometry import Quaternion
        _, s, q0, q1, _ = self._segment(time)
        return Quaternion(q0.slerp(s, q1).wxyz())

    def angular_velocity(self, time):
        """w_W: constant on each segment (the nearest one outside)."""
        return self._segment(time)[4]

    def angular_acceleration(self, time):
        return _np.zeros(3)

    def do_value(self, t):
        return _np.asarray(self.orientation(t).wxyz()).reshape(4, 1)

    def do_has_derivative(self):
        return True

    def DoEvalDerivative(self, t, derivative_order):
        if derivative_order == 0:
            return self.do_value(t)
        if derivative_order == 1:
            return self.angular_velocity(t).reshape(3, 1)
        return _np.zeros((3, 1))

    def do_rows(self):
        return 4

    def do_cols(self):
        return 1

    def do_start_time(self):
        return self._breaks[0] if self._breaks else 0.0

    def do_end_time(self):
        return self._breaks[-1] if self._breaks else 0.0


@_segment_methods
class PiecewisePose(Trajectory):  # noqa: F405
    """A pose X(t): a PiecewisePolynomial position and a
    PiecewiseQuaternionSlerp orientation on the same breaks. value(t) is
    the 4x4 matrix; EvalDerivative(t, 1) the spatial velocity [w; v] and
    EvalDerivative(t, 2) the spatial acceleration [α; a] (6x1)."""

    def __init__(self, position_trajectory=None,
                 orientation_trajectory=None):
        Trajectory.__init__(self)  # noqa: F405
        if (position_trajectory is None) != (orientation_trajectory is None):
            raise TypeError("PiecewisePose(): give both trajectories or "
                            "neither")
        if position_trajectory is None:
            position_trajectory = PiecewisePolynomial()  # noqa: F405
            orientation_trajectory = PiecewiseQuaternionSlerp()
        elif position_trajectory.rows() != 3 or \
                position_trajectory.cols() != 1:
            raise RuntimeError("PiecewisePose(): the position trajectory "
                               "must be 3x1")
        self._position = position_trajectory
        self._orientation = orientation_trajectory
        self._breaks = list(position_trajectory.get_segment_times()) \
            if not position_trajectory.empty() else []

    def __deepcopy__(self, memo):
        return PiecewisePose(self._position.Clone(),
                             _copy.deepcopy(self._orientation, memo))

    @staticmethod
    def MakeLinear(times, poses):
        """Positions linear and orientations slerped between the poses."""
        times = [float(t) for t in times]
        positions = _np.column_stack([X.translation() for X in poses])
        return PiecewisePose(
            PiecewisePolynomial.FirstOrderHold(times, positions),  # noqa
            PiecewiseQuaternionSlerp(times, [X.rotation() for X in poses]))

    @staticmethod
    def MakeCubicLinearWithEndLinearVelocity(times, poses,
                                             start_vel=_np.zeros(3),
                                             end_vel=_np.zeros(3)):
        """Positions on a cubic spline with continuous second derivatives
        and the given end velocities; orientations slerped."""
        times = [float(t) for t in times]
        samples = [_np.asarray(X.translation()).reshape(3, 1) for X in poses]
        cubic = PiecewisePolynomial.CubicWithContinuousSecondDerivatives  # noqa
        position = cubic(
            times, samples, _np.asarray(start_vel, float).reshape(3, 1),
            _np.asarray(end_vel, float).reshape(3, 1))
        return PiecewisePose(
            position,
            PiecewiseQuaternionSlerp(times, [X.rotation() for X in poses]))

    def _segment_index(self, t):
        return self._position.get_segment_index(t)

    def get_position_trajectory(self):
        return self._position

    def get_orientation_trajectory(self):
        return self._orientation

    def GetPose(self, time):
        from ossa.math import RigidTransform, RotationMatrix
        return RigidTransform(
            RotationMatrix(self._orientation.orientation(time)),
            _np.asarray(self._position.value(time)).ravel())

    def GetVelocity(self, time):
        """[w_W; v_W]."""
        return _np.concatenate([
            self._orientation.angular_velocity(time),
            _np.asarray(self._position.EvalDerivative(time, 1)).ravel()])

    def GetAcceleration(self, time):
        """[α_W; a_W] (α is zero: constant angular velocity per segment)."""
        return _np.concatenate([
            self._orientation.angular_acceleration(time),
            _np.asarray(self._position.EvalDerivative(time, 2)).ravel()])

    def IsApprox(self, other, tol):
        """Positions (PiecewisePolynomial.isApprox, tol) and orientations
        (each quaternion entry within tol) agree."""
        if not self._position.isApprox(other._position, tol):
            return False
        mine, theirs = self._orientation, other._orientation
        return mine.get_segment_times() == theirs.get_segment_times() and \
            all(_np.allclose(a, b, rtol=0, atol=tol) for a, b in
                zip(mine._quaternions, theirs._quaternions))

    def do_value(self, t):
        return self.GetPose(t).GetAsMatrix4()

    def do_has_derivative(self):
        return True

    def DoEvalDerivative(self, t, derivative_order):
        if derivative_order == 0:
            return self.do_value(t)
        if derivative_order == 1:
            return self.GetVelocity(t).reshape(6, 1)
        if derivative_order == 2:
            return self.GetAcceleration(t).reshape(6, 1)
        return _np.zeros((6, 1))

    def do_rows(self):
        return 4

    def do_cols(self):
        return 4

    def do_start_time(self):
        return self._position.start_time() if self._breaks else 0.0

    def do_end_time(self):
        return self._position.end_time() if self._breaks else 0.0


for _name in ("PiecewiseQuaternionSlerp", "PiecewisePose"):
    _register(_name, globals()[_name])
del _name


class PathParameterizedTrajectory(Trajectory):  # noqa: F405
    """x(t) = path(s(t)): a path re-timed by a scalar time scaling s(t)
    (1x1). Derivatives by Faà di Bruno's formula (both trajectories must
    have derivatives for those)."""

    def __init__(self, path, time_scaling):
        Trajectory.__init__(self)  # noqa: F405
        if time_scaling.rows() != 1 or time_scaling.cols() != 1:
            raise RuntimeError("PathParameterizedTrajectory(): the time "
                               "scaling must be 1x1")
        self._path = path.Clone()
        self._scaling = time_scaling.Clone()

    def __deepcopy__(self, memo):
        return PathParameterizedTrajectory(self._path, self._scaling)

    def path(self):
        return self._path

    def time_scaling(self):
        return self._scaling

    def _s(self, t, order=0):
        if order == 0:
            return float(_np.asarray(self._scaling.value(t)).ravel()[0])
        return float(_np.asarray(self._scaling.EvalDerivative(t, order))
                     .ravel()[0])

    def do_value(self, t):
        return self._path.value(self._s(t))

    def do_has_derivative(self):
        return self._path.has_derivative() and self._scaling.has_derivative()

    def DoEvalDerivative(self, t, derivative_order):
        n = derivative_order
        if n == 0:
            return self.do_value(t)
        s = self._s(t)
        ds = [None] + [self._s(t, k) for k in range(1, n + 1)]
        # Bell polynomials B[m][k](ds[1], ..., ds[m-k+1]).
        bell = [[0.0] * (n + 1) for _ in range(n + 1)]
        bell[0][0] = 1.0
        for m in range(1, n + 1):
            for k in range(1, m + 1):
                bell[m][k] = sum(_math.comb(m - 1, i - 1) * ds[i] *
                                 bell[m - i][k - 1]
                                 for i in range(1, m - k + 2))
        result = _np.zeros((self.rows(), self.cols()))
        for k in range(1, n + 1):
            if bell[n][k] != 0.0:
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


_register("PathParameterizedTrajectory", PathParameterizedTrajectory)


# PiecewisePolynomial's members that take or give ossa.polynomial.Polynomial
# (getPolynomial, getPolynomialMatrix, setPolynomialMatrixBlock,
# LagrangeInterpolatingPolynomial).
import ossa._trajectories_polynomial  # noqa: E402,F401
