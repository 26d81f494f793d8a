"""ossa.multibody.meshcat, as in the reference module of the same name:
JointSliders (one Meshcat slider per position of a MultibodyPlant, and a
system whose output port "positions" is the sliders' values),
ContactVisualizer (the plant's point contact forces drawn as shafts) and
ContactVisualizerParams. All three are the C++ classes of
ossa::multibody::meshcat."""

from ossa._ext.multibody_meshcat import *  # noqa: F401,F403
from ossa._ext.multibody_meshcat import (  # noqa: F401
    ContactVisualizer, ContactVisualizer_, ContactVisualizerParams,
    JointSliders, JointSliders_)

from ossa._struct_util import add_struct_fields as _add_struct_fields  # noqa
from ossa.geometry import Rgba as _Rgba  # noqa: E402

__all__ = ["JointSliders", "JointSliders_", "ContactVisualizer",
           "ContactVisualizer_", "ContactVisualizerParams"]

_add_struct_fields(ContactVisualizerParams, [
    ("publish_period", float), ("color", _Rgba),
    ("hydro_force_color", _Rgba), ("hydro_moment_color", _Rgba),
    ("prefix", str), ("delete_on_initialization_event", bool),
    ("force_threshold", float), ("moment_threshold", float),
    ("newtons_per_meter", float), ("newton_meters_per_meter", float),
    ("radius", float)])
