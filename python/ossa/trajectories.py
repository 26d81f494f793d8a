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
