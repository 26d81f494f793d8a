"""ossa.visualization: ModelVisualizer (as in the reference module of the
same name): load models, show them in a Meshcat with joint sliders, or write
them as a static HTML page; AddStickFigure draws a model without
illustration geometry as a sphere per body and a rod per joint;
VisualizationConfig, ApplyVisualizationConfig and AddDefaultVisualization
add the illustration, inertia, proximity and contact visualizers of a plant
in one call (all C++ of ossa::visualization; ossa has no LCM, so nothing is
published to the reference's LCM viewer: see docs/visualization.md);
AddFrameTriadIllustration draws a frame as an RGB triad and
MeshcatPoseSliders gives a pose from Meshcat sliders (both written here, in
Python)."""

import ossa.geometry  # noqa: F401  (Meshcat, and the viewer's location)
import ossa.multibody.meshcat  # noqa: F401  (JointSliders, returned by sliders())
import ossa.multibody.parsing  # noqa: F401  (Parser, returned by parser())
from ossa._ext.visualization import AddStickFigure, ModelVisualizer  # noqa
from ossa._ext.visualization import (  # noqa: F401
    AddDefaultVisualization, ApplyVisualizationConfig, VisualizationConfig)
from ossa._struct_util import add_struct_fields as _add_struct_fields
from ossa.geometry import Rgba as _Rgba

__all__ = ["ModelVisualizer", "AddStickFigure", "VisualizationConfig",
           "ApplyVisualizationConfig", "AddDefaultVisualization"]

# The reference's field names, types and order (yaml_load_typed /
# yaml_dump_typed, repr).
_add_struct_fields(VisualizationConfig, [
    ("lcm_bus", str), ("publish_period", float),
    ("publish_illustration", bool), ("default_illustration_color", _Rgba),
    ("publish_proximity", bool), ("default_proximity_color", _Rgba),
    ("initial_proximity_alpha", float), ("publish_contacts", bool),
    ("publish_inertia", bool), ("enable_meshcat_creation", bool),
    ("delete_on_initialization_event", bool),
    ("enable_alpha_sliders", bool)])


def AddFrameTriadIllustration(*, scene_graph, body=None, frame=None,
                              frame_index=None, frame_id=None, plant=None,
                              name=None, length=0.3, radius=0.005,
                              opacity=0.9, X_FT=None):
    """Adds illustration geometry drawing a frame as an RGB triad: three
    cylinders of `length` and `radius` along its x (red), y (green) and z
    (blue) axes, from its origin. The frame is given by exactly one of
    body= (a RigidBody's frame), frame= (a plant Frame), frame_index= (with
    plant=) or frame_id= (a geometry FrameId, with plant=). Body frames are
    drawn in full colors, other frames at half brightness. X_FT poses the
    triad T in the frame F (identity if None). The geometries are named
    "_frames::{name}::x-axis" etc., name defaulting to the frame's name and
    model instance index. Returns the (x, y, z) GeometryIds."""
    from ossa.geometry import (Cylinder, GeometryInstance,
                               MakePhongIllustrationProperties, Rgba)
    from ossa.math import RigidTransform, RotationMatrix
    given = [x is not None for x in (body, frame, frame_index, frame_id)]
    if sum(given) != 1:
        raise ValueError(
            "AddFrameTriadIllustration(): exactly one of body=, frame=, "
            "frame_index= or frame_id= must be given.")
    if body is not None:
        frame = body.body_frame()
    if frame_index is not None:
        if plant is None:
            raise ValueError("AddFrameTriadIllustration(): frame_index= "
                             "needs plant=.")
        frame = plant.get_frame(frame_index)
    if frame is not None:
        try:
            frame_plant = frame.GetParentPlant()
        except RuntimeError:
            # ossa's elements know their plant only once it is finalized.
            if plant is None:
                raise ValueError(
                    "AddFrameTriadIllustration(): the plant of frame "
                    f"'{frame.name()}' is not finalized; pass it as "
                    "plant=.") from None
            frame_plant = plant
        if plant is not None and plant is not frame_plant:
            raise ValueError(
                f"AddFrameTriadIllustration(): the frame '{frame.name()}' "
                "does not belong to the given plant.")
        plant = frame_plant
        brightness = 1.0 if frame.is_body_frame() else 0.5
        X_BF = frame.GetFixedPoseInBodyFrame()
        frame_id = plant.GetBodyFrameIdOrThrow(frame.body().index())
        if name is None:
            name = f"{frame.name()}({int(frame.model_instance())})"
    else:
        if plant is None:
            raise ValueError("AddFrameTriadIllustration(): frame_id= needs "
                             "plant=.")
        brightness = 1.0
        X_BF = RigidTransform()
        if name is None:
            name = scene_graph.model_inspector().GetName(frame_id)
    X_BT = X_BF.multiply(X_FT if X_FT is not None else RigidTransform())
    source_id = plant.get_source_id()
    # Each axis: a cylinder (along its own z) turned onto the axis and
    # moved half its length along it.
    axes = [("x-axis", RotationMatrix.MakeYRotation(np.pi / 2), 0),
            ("y-axis", RotationMatrix.MakeXRotation(np.pi / 2), 1),
            ("z-axis", RotationMatrix.MakeZRotation(np.pi / 2), 2)]
    ids = []
    for axis_name, R_TG, i in axes:
        p_TG = np.zeros(3)
        p_TG[i] = length / 2
        rgb = np.zeros(3)
        rgb[i] = brightness
        geometry = GeometryInstance(
            X_BT.multiply(RigidTransform(R_TG, p_TG)),
            Cylinder(radius, length), f"_frames::{name}::{axis_name}")
        geometry.set_illustration_properties(
            MakePhongIllustrationProperties(np.append(rgb, opacity)))
        ids.append(scene_graph.RegisterGeometry(source_id, frame_id,
                                                geometry))
    return tuple(ids)


import time as _time  # noqa: E402

import numpy as np  # noqa: E402

from ossa._cpp_template import TemplateClass as _TemplateClass  # noqa: E402
from ossa.systems.framework import LeafSystem as _LeafSystem  # noqa: E402

_POSE_SLIDER_NAMES = ("roll", "pitch", "yaw", "x", "y", "z")


class MeshcatPoseSliders(_LeafSystem):
    """Meshcat sliders for the roll, pitch, yaw, x, y and z of a pose; the
    output port "pose" is the RigidTransform they give (read afresh at every
    evaluation: place a ZeroOrderHold downstream for a synchronized value).
    Sliders not `visible` keep the initial pose's value. The optional input
    port "pose", read only by the initialization event, takes precedence
    over `initial_pose`. Sliders are named "{prefix}_roll", ... when a
    prefix is given."""

    def __init__(self, meshcat, initial_pose=None,
                 lower_limit=(-np.pi, -np.pi, -np.pi, -1.0, -1.0, -1.0),
                 upper_limit=(np.pi, np.pi, np.pi, 1.0, 1.0, 1.0),
                 step=(0.01,) * 6,
                 decrement_keycodes=("KeyQ", "KeyS", "KeyA", "KeyJ", "KeyK",
                                     "KeyU"),
                 increment_keycodes=("KeyE", "KeyW", "KeyD", "KeyL", "KeyI",
                                     "KeyO"),
                 prefix="", visible=(True,) * 6):
        from ossa.common.value import AbstractValue
        from ossa.math import RigidTransform
        _LeafSystem.__init__(self)
        six = {"lower_limit": lower_limit, "upper_limit": upper_limit,
               "step": np.broadcast_to(np.asarray(step, float), (6,)),
               "decrement_keycodes": decrement_keycodes,
               "increment_keycodes": increment_keycodes, "visible": visible}
        for name, value in six.items():
            if len(value) != 6:
                raise ValueError(f"MeshcatPoseSliders(): {name} must have 6 "
                                 f"entries (roll, pitch, yaw, x, y, z), got "
                                 f"{len(value)}.")
        self._meshcat = meshcat
        self._names = [f"{prefix}_{n}" if prefix else n
                       for n in _POSE_SLIDER_NAMES]
        self._visible = [bool(v) for v in visible]
        self._nominal = self._pose_values(
            initial_pose if initial_pose is not None else RigidTransform())
        self.DeclareAbstractInputPort("pose",
                                      AbstractValue.Make(RigidTransform()))
        port = self.DeclareAbstractOutputPort(
            "pose", lambda: AbstractValue.Make(RigidTransform()),
            self._calc_pose, prerequisites_of_calc={self.nothing_ticket()})
        # The sliders change outside the Context: never serve a stale pose.
        port.disable_caching_by_default()
        self.DeclareInitializationPublishEvent(self._initialize)
        for i, name in enumerate(self._names):
            if self._visible[i]:
                meshcat.AddSlider(name, float(lower_limit[i]),
                                  float(upper_limit[i]), float(six["step"][i]),
                                  float(self._nominal[i]),
                                  decrement_keycodes[i],
                                  increment_keycodes[i])

    @staticmethod
    def _pose_values(pose):
        from ossa.math import RollPitchYaw
        return np.concatenate([RollPitchYaw(pose.rotation()).vector(),
                               pose.translation()])

    def _values(self):
        return np.array([
            self._meshcat.GetSliderValue(name) if self._visible[i]
            else self._nominal[i] for i, name in enumerate(self._names)])

    def _pose(self):
        from ossa.math import RigidTransform, RollPitchYaw
        v = self._values()
        return RigidTransform(RollPitchYaw(v[:3]), v[3:])

    def _calc_pose(self, context, output):
        output.set_value(self._pose())

    def _initialize(self, context):
        port = self.get_input_port()
        if port.HasValue(context):
            self.SetPose(port.Eval(context))

    def SetPose(self, pose):
        """Sets every slider (and the value of the hidden ones) to pose."""
        self._nominal = self._pose_values(pose)
        for i, name in enumerate(self._names):
            if self._visible[i]:
                self._meshcat.SetSliderValue(name, float(self._nominal[i]))

    def Delete(self):
        """Removes the sliders from the Meshcat (those still there)."""
        names = set(self._meshcat.GetSliderNames())
        for i, name in enumerate(self._names):
            if self._visible[i] and name in names:
                self._meshcat.DeleteSlider(name)

    def Run(self, system, context, timeout=None,
            stop_button_keycode="Escape"):
        """Publishes `system` (this system or a Diagram holding it) with
        `context` whenever the sliders change, until the "Stop
        MeshcatPoseSliders" button is clicked or `timeout` seconds pass;
        returns the last pose."""
        stop = "Stop MeshcatPoseSliders"
        self._meshcat.AddButton(stop, stop_button_keycode)
        start = _time.monotonic()
        published = None
        try:
            while True:
                values = self._values()
                if published is None or np.any(values != published):
                    system.ForcedPublish(context)
                    published = values
                if self._meshcat.GetButtonClicks(stop) > 0:
                    break
                if timeout is not None and \
                        _time.monotonic() - start >= timeout:
                    break
                _time.sleep(0.01)
        finally:
            self._meshcat.DeleteButton(stop, strict=False)
        return self._pose()


MeshcatPoseSliders_ = _TemplateClass("MeshcatPoseSliders_", scope=__name__)
MeshcatPoseSliders_.add_instantiation(float, MeshcatPoseSliders,
                                      skip_rename=True)

__all__ += ["AddFrameTriadIllustration", "MeshcatPoseSliders",
            "MeshcatPoseSliders_"]
