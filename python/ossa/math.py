"""ossa.math: mirrors the reference module of the same name: RotationMatrix,
RollPitchYaw, RigidTransform (each also as a template over float and
AutoDiffXd: RotationMatrix_[AutoDiffXd], ...) and the quaternion helpers."""

from ossa._ext.math import *  # noqa: F401,F403

# The Eigen geometry classes are bound together with ossa.math but, as in the
# reference, live in ossa.common.eigen_geometry.
for _name in [n for n in globals()
              if n.split("_")[0] in ("Quaternion", "AngleAxis", "Isometry3")]:
    del globals()[_name]
del _name
