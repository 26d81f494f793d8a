"""Assemble a scene from model directives.

A model directives document (the text of a ``.dmd.yaml`` file) adds an arm
from the bundled models, welds it to the world at a rotated pose, puts a
tool frame on its last link and sets a default posture. The Parser reads
it like any model file; the program then checks that the arm's base sits
where the weld put it and that the tool frame's world pose is the
composition of the link's pose and the frame's offset.
"""

import numpy as np

from ossa.common import GetBundledModelsPath
from ossa.math import RigidTransform, RollPitchYaw
from ossa.multibody.parsing import Parser
from ossa.multibody.plant import MultibodyPlant

SCENE = """
directives:
- add_model:
    name: arm
    file: package://ossa_models/drake/kuka_iiwa_robot.urdf
    default_joint_positions:
      iiwa_joint_2: [0.5]
      iiwa_joint_4: [-1.0]
- add_weld:
    parent: world
    child: arm::base
    X_PC:
      translation: [0.2, -0.1, 0.75]
      rotation: !Rpy { deg: [0, 0, 90] }
- add_frame:
    name: arm::tool
    X_PF:
      base_frame: arm::iiwa_link_7
      translation: [0, 0, 0.12]
"""

plant = MultibodyPlant(time_step=0.0)
parser = Parser(plant)
parser.package_map().Add("ossa_models", GetBundledModelsPath())
(arm,) = parser.AddModelsFromString(SCENE, "dmd.yaml")
plant.Finalize()
context = plant.CreateDefaultContext()

print("model instance:", plant.GetModelInstanceName(arm))
print("default positions:", plant.GetPositions(context, arm))

# The weld puts the arm's base at X_PC in the world.
X_WBase = plant.GetFrameByName("base", arm).CalcPoseInWorld(context)
X_PC = RigidTransform(RollPitchYaw(np.radians([0, 0, 90])), [0.2, -0.1, 0.75])
assert np.allclose(X_WBase.GetAsMatrix4(), X_PC.GetAsMatrix4(), atol=1e-12)

# The tool frame is the last link's pose times the frame's offset.
X_WTool = plant.GetFrameByName("tool", arm).CalcPoseInWorld(context)
X_WLink7 = plant.GetFrameByName("iiwa_link_7", arm).CalcPoseInWorld(context)
expected = X_WLink7 @ RigidTransform([0, 0, 0.12])
assert np.allclose(X_WTool.GetAsMatrix4(), expected.GetAsMatrix4(),
                   atol=1e-12)
print("tool position in world:", X_WTool.translation())
