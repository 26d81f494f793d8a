"""ossa.visualization: ModelVisualizer (as in the reference module of the
same name): load models, show them in a Meshcat with joint sliders, or write
them as a static HTML page; AddStickFigure draws a model without
illustration geometry as a sphere per body and a rod per joint. Both are the
C++ classes of ossa::visualization."""

import ossa.geometry  # noqa: F401  (Meshcat, and the viewer's location)
import ossa.multibody.meshcat  # noqa: F401  (JointSliders, returned by sliders())
import ossa.multibody.parsing  # noqa: F401  (Parser, returned by parser())
from ossa._ext.visualization import AddStickFigure, ModelVisualizer  # noqa

__all__ = ["ModelVisualizer", "AddStickFigure"]


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


import numpy as np  # noqa: E402

__all__ += ["AddFrameTriadIllustration"]
