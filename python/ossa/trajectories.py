"""ossa.trajectories: mirrors the reference module of the same name."""

from ossa._ext.trajectories import *  # noqa: F401,F403

from ossa._subclass_util import require_base_init as _require_base_init  # noqa

for _param in Trajectory_.param_list:  # noqa: F405
    _require_base_init(Trajectory_[_param])  # noqa: F405
del _param
