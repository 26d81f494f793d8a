"""ossa.common: version, logging control (set_log_level), and the
submodules value (AbstractValue, Value[T]), cpp_template and cpp_param."""

from ossa._ext.common import *  # noqa: F401,F403
from ossa._ext.common import __version__  # noqa: F401
