"""ossa.visualization: ModelVisualizer (as in the reference module of the
same name): load a model, show it in a Meshcat with joint sliders, or write
it as a static HTML page. Models without illustration geometry are drawn as
a stick figure (a sphere per body, a rod per joint) so that every model can
be seen."""

import numpy as np

from ossa.geometry import (Cylinder, Meshcat, MeshcatVisualizer,
                           MeshcatVisualizerParams, Role, Sphere)
from ossa.math import RigidTransform, RotationMatrix
from ossa.multibody.meshcat import JointSliders
from ossa.multibody.parsing import Parser
from ossa.multibody.plant import AddMultibodyPlantSceneGraph
from ossa.multibody.tree import BodyIndex, JointIndex
from ossa.systems.framework import DiagramBuilder

__all__ = ["ModelVisualizer", "AddStickFigure"]

_STICK_COLOR = np.array([0.35, 0.55, 0.85, 1.0])


def _rod_pose(p_start, p_end):
    """The pose of a cylinder (axis z) from p_start to p_end."""
    d = np.asarray(p_end, float) - np.asarray(p_start, float)
    z = d / np.linalg.norm(d)
    helper = np.array([1.0, 0, 0]) if abs(z[0]) < 0.9 else np.array([0, 1.0, 0])
    x = np.cross(helper, z)
    x /= np.linalg.norm(x)
    y = np.cross(z, x)
    R = RotationMatrix(np.column_stack([x, y, z]))
    return RigidTransform(R, (np.asarray(p_start) + np.asarray(p_end)) / 2)


def AddStickFigure(plant, radius=0.03):
    """Registers illustration geometry on an unfinalized plant: a sphere at
    each body's origin and a rod from each joint's parent body origin to
    the joint. Returns the number of geometries added."""
    added = 0
    world = plant.world_body().index()
    for i in range(plant.num_bodies()):
        body = plant.get_body(BodyIndex(i))
        if body.index() == world:
            continue
        plant.RegisterVisualGeometry(body, RigidTransform(), Sphere(radius),
                                     f"stick_body_{int(body.index())}",
                                     _STICK_COLOR)
        added += 1
    for j in range(plant.num_joints()):
        joint = plant.get_joint(JointIndex(j))
        parent = joint.parent_body()
        if parent.index() == world:
            continue
        p = joint.frame_on_parent().GetFixedPoseInBodyFrame().translation()
        length = float(np.linalg.norm(p))
        if length < 1e-6:
            continue
        plant.RegisterVisualGeometry(
            parent, _rod_pose(np.zeros(3), p), Cylinder(radius / 2, length),
            f"stick_joint_{j}", _STICK_COLOR)
        added += 1
    return added


class ModelVisualizer:
    """Loads models into a plant with a SceneGraph, and shows them in a
    Meshcat with joint sliders (Run) or as a static page (StaticHtml)."""

    def __init__(self, *, meshcat=None, publish_contacts=False,
                 visualize_frames=False, browser_new=False, pyplot=False):
        self._meshcat = meshcat
        self._builder = DiagramBuilder()
        self._plant, self._scene_graph = AddMultibodyPlantSceneGraph(
            self._builder, 0.001)  # discrete: no joint-limit warning
        self._parser = Parser(self._plant)
        self._diagram = None
        self._sliders = None

    def parser(self):
        return self._parser

    def meshcat(self):
        return self._meshcat

    def plant(self):
        return self._plant

    def AddModels(self, file_name=None, *, url=None):
        if url is not None:
            return self._parser.AddModels(url=url)
        return self._parser.AddModels(file_name)

    def diagram(self):
        return self._diagram

    def Finalize(self, position=None, weld_free_bodies=False, sliders=True):
        """Finalizes the plant (drawing a stick figure if the models have
        no illustration geometry; welding free bodies where they are if
        asked), adds the visualizer and (with `sliders`) JointSliders."""
        if self._diagram is not None:
            return
        plant = self._plant
        if self._scene_graph.model_inspector().NumGeometriesWithRole(
                Role.kIllustration) == 0:
            AddStickFigure(plant)
        if weld_free_bodies:
            # Before Finalize, a free body is one no joint moves.
            children = {int(plant.get_joint(JointIndex(j)).child_body()
                            .index()) for j in range(plant.num_joints())}
            for i in range(1, plant.num_bodies()):
                if i not in children:
                    plant.WeldFrames(plant.world_frame(),
                                     plant.get_body(BodyIndex(i)).body_frame())
        plant.Finalize()
        if self._meshcat is None:
            self._meshcat = Meshcat()
        MeshcatVisualizer.AddToBuilder(
            self._builder, self._scene_graph, self._meshcat,
            MeshcatVisualizerParams())
        self._diagram = self._builder.Build()
        if sliders:
            self._sliders = JointSliders(self._meshcat, plant,
                                         initial_value=position)
        self._context = self._diagram.CreateDefaultContext()
        if position is not None:
            plant.SetPositions(plant.GetMyMutableContextFromRoot(
                self._context), np.asarray(position, float))
        self._frame_camera()
        self._diagram.ForcedPublish(self._context)

    def _frame_camera(self):
        """Aims the camera so that every body origin is in view."""
        plant = self._plant
        plant_context = plant.GetMyContextFromRoot(self._context)
        points = np.array([
            plant.EvalBodyPoseInWorld(plant_context,
                                      plant.get_body(BodyIndex(i))).translation()
            for i in range(plant.num_bodies())])
        center = (points.min(axis=0) + points.max(axis=0)) / 2
        size = max(float(np.ptp(points, axis=0).max()), 0.5)
        self._meshcat.SetCameraPose(center + size * np.array([1.2, -1.2, 0.8]),
                                    center)

    def Run(self, position=None, loop_once=False, timeout=None):
        """Publishes the model and follows the sliders until the stop
        button (or `timeout` seconds, or once with loop_once)."""
        self.Finalize(position)
        if loop_once:
            return
        self._sliders.Run(self._diagram, timeout=timeout)

    def StaticHtml(self):
        self.Finalize()
        return self._meshcat.StaticHtml()
