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


# -- Trajectories written in Python, on every scalar -------------------------
# Python subclasses of Trajectory_[T] (ossa._trajectories_generic builds them
# per scalar); the float ones keep the plain names.

from ossa._cpp_template import TemplateClass as _TemplateClass  # noqa: E402
from ossa._trajectories_generic import \
    make_trajectories as _make_trajectories  # noqa: E402

for _param in Trajectory_.param_list:  # noqa: F405
    for _name, _cls in _make_trajectories(_param[0]).items():
        _template = globals().get(_name + "_")
        if _template is None:
            _template = _TemplateClass(_name + "_", scope=__name__)
            globals()[_name + "_"] = _template
        _cls.__module__ = __name__
        _cls.__qualname__ = _cls.__name__  # not the factory's <locals>
        _template.add_instantiation(_param, _cls,
                                    skip_rename=_param == (float,))
        if _param == (float,):
            globals()[_name] = _cls
del _param, _name, _cls, _template


# PiecewisePolynomial's members that take or give ossa.polynomial.Polynomial
# (getPolynomial, getPolynomialMatrix, setPolynomialMatrixBlock,
# LagrangeInterpolatingPolynomial).
import ossa._trajectories_polynomial  # noqa: E402,F401
