"""ossa.common.eigen_geometry: the Eigen geometry classes used by ossa.math
(Quaternion, AngleAxis, Isometry3 and their templates Quaternion_,
AngleAxis_, Isometry3_ over float and AutoDiffXd), after the reference module
of the same name. They are bound with ossa.math (math_py.cc), in the nested
extension module ossa._ext.math.eigen_geometry."""

from ossa._ext.math.eigen_geometry import *  # noqa: F401,F403

# str() prints the 4x4 matrix, as numpy prints it (repr stays ossa's).
for _param in Isometry3_.param_list:  # noqa: F405
    Isometry3_[_param].__str__ = lambda self: str(self.matrix())  # noqa: F405
del _param
