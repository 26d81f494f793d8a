"""ossa.geometry: mirrors the reference module of the same name: shapes
(Sphere, Box, Cylinder, Capsule, Ellipsoid, HalfSpace, Mesh, Convex), ids,
properties and roles, GeometryFrame / GeometryInstance, SceneGraph with its
inspector and QueryObject, the proximity query results and collision
filtering, and the browser visualizer (Meshcat, MeshcatParams,
MeshcatVisualizer, MeshcatVisualizerParams)."""

from ossa._ext.geometry import *  # noqa: F401,F403
from ossa._ext.visualization import (  # noqa: F401
    Meshcat, MeshcatParams, MeshcatVisualizer, MeshcatVisualizerParams)

from ossa._struct_util import add_struct_fields as _add_struct_fields  # noqa
from ossa.geometry import Rgba as _Rgba, Role as _Role  # noqa: E402

_add_struct_fields(MeshcatParams, [
    ("host", str), ("port", int), ("web_url_pattern", str),
    ("initial_properties", list), ("show_stats_plot", bool),
    ("realtime_rate_period", float)])
_add_struct_fields(MeshcatVisualizerParams, [
    ("publish_period", float), ("role", _Role), ("default_color", _Rgba),
    ("prefix", str), ("delete_on_initialization_event", bool),
    ("enable_alpha_slider", bool), ("initial_alpha_slider_value", float),
    ("visible_by_default", bool), ("show_hydroelastic", bool),
    ("include_unspecified_accepting", bool)])
