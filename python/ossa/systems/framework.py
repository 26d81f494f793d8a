"""ossa.systems.framework: mirrors the reference module of the same name."""

from ossa._ext.systems_framework import *  # noqa: F401,F403

from ossa._subclass_util import require_base_init as _require_base_init  # noqa

for _template in (LeafSystem_, Diagram_):  # noqa: F405
    for _param in _template.param_list:
        _require_base_init(_template[_param])
del _template, _param
