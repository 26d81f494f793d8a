"""PiecewiseQuaternionSlerp and PiecewisePose on a scalar T (see
ossa._trajectories_generic, which builds them with the other trajectories
written in Python).

The slerp runs in T: on segment i, with q_i and q_{i+1} the unit quaternions
at its breaks (q_{i+1} taken with the sign nearer q_i) and
q_i+1 ⊗ q_i⁻¹ = [cos(θ/2); sin(θ/2)·k] their relative rotation in the world
frame, q(t) = [cos(sθ/2); sin(sθ/2)·k] ⊗ q_i with s = (t − t_i)/(t_{i+1} −
t_i) clamped to [0, 1], and the angular velocity is w_W = k·θ/(t_{i+1} −
t_i). So an AutoDiffXd time carries ds/dt into q and an Expression sample
stays symbolic; the segment of a time needs a number.
"""

import copy as _copy

import numpy as _np


def _hamilton(a, b):
    """The quaternion product a ⊗ b of (w, x, y, z) arrays."""
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return _np.array([aw * bw - ax * bx - ay * by - az * bz,
                      aw * bx + ax * bw + ay * bz - az * by,
                      aw * by - ax * bz + ay * bw + az * bx,
                      aw * bz + ax * by - ay * bx + az * bw],
                     dtype=_np.asarray(a).dtype)


def make_orientation_trajectories(T, Trajectory, PiecewisePolynomial, scalar,
                                  as_array, number):
    """PiecewiseQuaternionSlerp and PiecewisePose on scalar T, by name.
    `scalar` and `as_array` convert to T, `number` takes a T's float."""
    from ossa.common.eigen_geometry import AngleAxis_, Quaternion_
    from ossa.math import RigidTransform_, RotationMatrix_, atan2, cos, sin, \
        sqrt
    Quaternion, AngleAxis = Quaternion_[T], AngleAxis_[T]
    is_symbolic = T.__name__ == "Expression"
    RotationMatrix, RigidTransform = RotationMatrix_[T], RigidTransform_[T]

    def segment_methods(cls):
        """The PiecewiseTrajectory queries over self._breaks."""

        def get_number_of_segments(self):
            return max(len(self._breaks) - 1, 0)

        def get_segment_times(self):
            return list(self._breaks)

        def duration(self, segment_index):
            return self._breaks[segment_index + 1] - \
                self._breaks[segment_index]

        def get_segment_index(self, t):
            return self._segment_index(t)

        def is_time_in_range(self, t):
            if is_symbolic:
                # The Formula t_0 ≤ t ∧ t ≤ t_n, as the reference's (a
                # symbolic t has no truth value).
                from ossa.symbolic import Formula, logical_and
                if not self._breaks:
                    return Formula.False_()
                return logical_and(self._breaks[0] <= scalar(t),
                                   scalar(t) <= self._breaks[-1])
            where = f"{cls.__name__}.is_time_in_range()"
            return bool(self._breaks) and \
                number(self._breaks[0], where) <= number(t, where) <= \
                number(self._breaks[-1], where)

        for function in (get_number_of_segments, get_segment_times, duration,
                         get_segment_index, is_time_in_range):
            setattr(cls, function.__name__, function)
        return cls

    @segment_methods
    class PiecewiseQuaternionSlerp(Trajectory):
        """Orientations at the breaks, spherically interpolated between them
        (constant angular velocity per segment). value(t) is the quaternion
        (w, x, y, z) as a 4x1 matrix; EvalDerivative(t, 1) is the angular
        velocity w_W (3x1, in the world frame), and higher derivatives are
        zero. Each orientation is taken with the sign closest to the
        previous one."""

        def __init__(self, breaks=None, quaternions=None, *,
                     rotation_matrices=None, angle_axes=None):
            Trajectory.__init__(self)
            self._breaks, self._quaternions = [], []
            given = [x for x in (quaternions, rotation_matrices, angle_axes)
                     if x is not None]
            if breaks is None and not given:
                return
            if breaks is None or len(given) != 1:
                raise TypeError("PiecewiseQuaternionSlerp(): give breaks and "
                                "one list of orientations")
            orientations = list(given[0])
            breaks = [scalar(t) for t in breaks]
            if len(breaks) != len(orientations):
                raise RuntimeError("PiecewiseQuaternionSlerp(): the "
                                   "orientations and breaks differ in length")
            if len(breaks) < 2:
                raise RuntimeError("PiecewiseQuaternionSlerp(): needs at "
                                   "least two breaks")
            for t, orientation in zip(breaks, orientations):
                self._append(t, orientation)

        def __deepcopy__(self, memo):
            copied = type(self)()
            copied._breaks = list(self._breaks)
            copied._quaternions = [q.copy() for q in self._quaternions]
            return copied

        @staticmethod
        def _unit_wxyz(orientation):
            if isinstance(orientation, Quaternion):
                wxyz = orientation.wxyz()
            elif isinstance(orientation, AngleAxis):
                wxyz = orientation.quaternion().wxyz()
            elif isinstance(orientation, RotationMatrix):
                wxyz = orientation.ToQuaternion().wxyz()
            else:
                wxyz = RotationMatrix(as_array(orientation)) \
                    .ToQuaternion().wxyz()
            wxyz = as_array(wxyz)
            norm = sqrt(sum(wxyz * wxyz))
            if not number(norm, "PiecewiseQuaternionSlerp") > 0:
                raise RuntimeError("PiecewiseQuaternionSlerp: a zero "
                                   "quaternion")
            return wxyz / norm

        def _append(self, time, orientation):
            wxyz = self._unit_wxyz(orientation)
            where = "PiecewiseQuaternionSlerp.Append()"
            if self._breaks:
                last = number(self._breaks[-1], where)
                if not number(time, where) > last:
                    raise RuntimeError("PiecewiseQuaternionSlerp.Append(): "
                                       f"time {time} must be after {last}")
                if number(sum(wxyz * self._quaternions[-1]), where) < 0:
                    wxyz = -wxyz  # the same orientation, nearer the previous
            self._breaks.append(scalar(time))
            self._quaternions.append(wxyz)

        def Append(self, time, quaternion=None, *, rotation_matrix=None,
                   angle_axis=None):
            """Adds an orientation (a Quaternion, RotationMatrix or
            AngleAxis) at `time` (after the last break)."""
            given = [x for x in (quaternion, rotation_matrix, angle_axis)
                     if x is not None]
            if len(given) != 1:
                raise TypeError("PiecewiseQuaternionSlerp.Append(): give one "
                                "orientation")
            self._append(time, given[0])

        def _segment_index(self, t):
            if len(self._breaks) < 2:
                raise RuntimeError("PiecewiseQuaternionSlerp: fewer than two "
                                   "breaks")
            if len(self._breaks) == 2:
                return 0
            where = "PiecewiseQuaternionSlerp.value()"
            time = number(t, where)
            for i in range(len(self._breaks) - 2):
                if time < number(self._breaks[i + 1], where):
                    return i
            return len(self._breaks) - 2

        def _segment(self, t):
            """(q_i, s, θ, k, h) of the segment of time t."""
            i = self._segment_index(t)
            t0, t1 = self._breaks[i], self._breaks[i + 1]
            h = t1 - t0
            s = (scalar(t) - t0) / h
            where = "PiecewiseQuaternionSlerp.value()"
            if number(s, where) < 0:
                s = scalar(0)
            elif number(s, where) > 1:
                s = scalar(1)
            q0, q1 = self._quaternions[i], self._quaternions[i + 1]
            conjugate = q0 * _np.array([1, -1, -1, -1])
            relative = _hamilton(q1, conjugate)
            vector = relative[1:]
            sine = sqrt(sum(vector * vector))
            if number(sine, where) == 0:
                return q0, s, None, None, h
            return q0, s, 2 * atan2(sine, relative[0]), vector / sine, h

        def _wxyz(self, time):
            q0, s, theta, axis, _ = self._segment(time)
            if theta is None:
                return as_array(q0)
            half = s * theta / 2
            step = as_array([cos(half)] + list(sin(half) * axis))
            return _hamilton(step, q0)

        def orientation(self, time):
            """The interpolated orientation (a Quaternion)."""
            return Quaternion(self._wxyz(time))

        def angular_velocity(self, time):
            """w_W: constant on each segment (the nearest one outside)."""
            _, _, theta, axis, h = self._segment(time)
            if theta is None:
                return as_array(_np.zeros(3))
            return axis * theta / h

        def angular_acceleration(self, time):
            return as_array(_np.zeros(3))

        def do_value(self, t):
            return self._wxyz(t).reshape(4, 1)

        def do_has_derivative(self):
            return True

        def DoEvalDerivative(self, t, derivative_order):
            if derivative_order == 0:
                return self.do_value(t)
            if derivative_order == 1:
                return self.angular_velocity(t).reshape(3, 1)
            return as_array(_np.zeros((3, 1)))

        def do_rows(self):
            return 4

        def do_cols(self):
            return 1

        def do_start_time(self):
            return self._breaks[0] if self._breaks else scalar(0)

        def do_end_time(self):
            return self._breaks[-1] if self._breaks else scalar(0)

    @segment_methods
    class PiecewisePose(Trajectory):
        """A pose X(t): a PiecewisePolynomial position and a
        PiecewiseQuaternionSlerp orientation on the same breaks. value(t) is
        the 4x4 matrix; EvalDerivative(t, 1) the spatial velocity [w; v] and
        EvalDerivative(t, 2) the spatial acceleration [α; a] (6x1)."""

        def __init__(self, position_trajectory=None,
                     orientation_trajectory=None):
            Trajectory.__init__(self)
            if (position_trajectory is None) != \
                    (orientation_trajectory is None):
                raise TypeError("PiecewisePose(): give both trajectories or "
                                "neither")
            if position_trajectory is None:
                position_trajectory = PiecewisePolynomial()
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
            return type(self)(self._position.Clone(),
                              _copy.deepcopy(self._orientation, memo))

        @staticmethod
        def MakeLinear(times, poses):
            """Positions linear and orientations slerped between the
            poses."""
            times = [scalar(t) for t in times]
            positions = _np.column_stack(
                [as_array(X.translation()) for X in poses])
            return PiecewisePose(
                PiecewisePolynomial.FirstOrderHold(times, positions),
                PiecewiseQuaternionSlerp(times, [X.rotation() for X in poses]))

        @staticmethod
        def MakeCubicLinearWithEndLinearVelocity(times, poses,
                                                 start_vel=_np.zeros(3),
                                                 end_vel=_np.zeros(3)):
            """Positions on a cubic spline with continuous second
            derivatives and the given end velocities; orientations
            slerped."""
            times = [scalar(t) for t in times]
            samples = [as_array(X.translation()).reshape(3, 1) for X in poses]
            position = PiecewisePolynomial.\
                CubicWithContinuousSecondDerivatives(
                    times, samples, as_array(start_vel).reshape(3, 1),
                    as_array(end_vel).reshape(3, 1))
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
            return RigidTransform(
                RotationMatrix(self._orientation.orientation(time)),
                _np.asarray(self._position.value(time)).ravel())

        def GetVelocity(self, time):
            """[w_W; v_W]."""
            return _np.concatenate([
                self._orientation.angular_velocity(time),
                _np.asarray(self._position.EvalDerivative(time, 1)).ravel()])

        def GetAcceleration(self, time):
            """[α_W; a_W] (α is zero: constant angular velocity per
            segment)."""
            return _np.concatenate([
                self._orientation.angular_acceleration(time),
                _np.asarray(self._position.EvalDerivative(time, 2)).ravel()])

        def IsApprox(self, other, tol):
            """Positions (PiecewisePolynomial.isApprox, tol) and orientations
            (each quaternion entry within tol) agree."""
            if not self._position.isApprox(other._position, tol):
                return False
            mine, theirs = self._orientation, other._orientation
            where = "PiecewisePose.IsApprox()"
            values = (lambda xs: [number(x, where) for x in xs])
            return values(mine.get_segment_times()) == \
                values(theirs.get_segment_times()) and \
                all(_np.allclose(values(a), values(b), rtol=0, atol=tol)
                    for a, b in zip(mine._quaternions, theirs._quaternions))

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
            return as_array(_np.zeros((6, 1)))

        def do_rows(self):
            return 4

        def do_cols(self):
            return 4

        def do_start_time(self):
            return self._position.start_time() if self._breaks else scalar(0)

        def do_end_time(self):
            return self._position.end_time() if self._breaks else scalar(0)

    return dict(PiecewiseQuaternionSlerp=PiecewiseQuaternionSlerp,
                PiecewisePose=PiecewisePose)
