"""ossa.math: mirrors the reference module of the same name: RotationMatrix,
RollPitchYaw, RigidTransform (each also as a template over float and
AutoDiffXd: RotationMatrix_[AutoDiffXd], ...) and the quaternion helpers.
The Eigen geometry classes they use (Quaternion, AngleAxis, Isometry3) are in
ossa.common.eigen_geometry, as in the reference."""

from ossa._ext.math import *  # noqa: F401,F403

# The nested extension module that holds the Eigen geometry classes.
del eigen_geometry  # noqa: F821
