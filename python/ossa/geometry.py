"""ossa.geometry: mirrors the reference module of the same name: shapes
(Sphere, Box, Cylinder, Capsule, Ellipsoid, HalfSpace, Mesh, Convex), ids,
properties and roles, GeometryFrame / GeometryInstance, SceneGraph with its
inspector and QueryObject, the proximity query results and collision
filtering, and the browser visualizer (Meshcat, MeshcatParams,
MeshcatVisualizer, MeshcatVisualizerParams)."""

from ossa._ext.geometry import *  # noqa: F401,F403
from ossa._ext.visualization import (  # noqa: F401
    Meshcat, MeshcatParams, MeshcatVisualizer, MeshcatVisualizerParams)
