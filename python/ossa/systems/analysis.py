"""ossa.systems.analysis: mirrors the reference module of the same name."""

from ossa._ext.systems_analysis import *  # noqa: F401,F403

from ossa._struct_util import add_struct_fields as _add_struct_fields  # noqa

_add_struct_fields(InitializeParams, [  # noqa: F405
    ("suppress_initialization_events", bool)])
_add_struct_fields(SimulatorConfig, [  # noqa: F405
    ("integration_scheme", str), ("max_step_size", float),
    ("accuracy", float), ("use_error_control", bool), ("start_time", float),
    ("target_realtime_rate", float), ("publish_every_time_step", bool)])

# The reference's template names of the integrators (float instantiations:
# ossa binds its integrators and Simulator for float only).
from ossa._cpp_template import TemplateClass as _TemplateClass  # noqa: E402

for _name in ("IntegratorBase", "RungeKutta2Integrator",
              "RungeKutta3Integrator"):
    _template = _TemplateClass(_name + "_", scope=__name__)
    _template.add_instantiation(float, globals()[_name], skip_rename=True)
    globals()[_name + "_"] = _template
del _name, _template
