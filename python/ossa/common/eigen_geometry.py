"""ossa.common.eigen_geometry: the Eigen geometry classes used by ossa.math
(Quaternion, AngleAxis, Isometry3 and their templates Quaternion_,
AngleAxis_, Isometry3_ over float and AutoDiffXd), after the reference module
of the same name. They are bound with ossa.math (math_py.cc), in the nested
extension module ossa._ext.math.eigen_geometry."""

from ossa._ext.math.eigen_geometry import *  # noqa: F401,F403
