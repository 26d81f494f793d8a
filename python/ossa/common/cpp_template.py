"""Templates in Python, after the reference module of the same name.

A C++ class template bound for several scalars is one Python object, a
``TemplateClass``, indexed by parameter::

    from ossa.math import RigidTransform_, RigidTransform
    from ossa.autodiffutils import AutoDiffXd
    RigidTransform_[AutoDiffXd]           # the AutoDiffXd instantiation
    RigidTransform_[float] is RigidTransform  # `Name` aliases `Name_[float]`
    RigidTransform_.param_list            # [(float,), (AutoDiffXd,)]

``TemplateFunction`` and ``TemplateMethod`` do the same for functions and
methods. Python code may define templates too (``TemplateClass.define``).
"""

from ossa._cpp_template import (  # noqa: F401
    TemplateBase,
    TemplateClass,
    TemplateFunction,
    TemplateInstantiationError,
    TemplateMethod,
    get_or_init,
)

__all__ = [
    "TemplateBase", "TemplateClass", "TemplateFunction",
    "TemplateInstantiationError", "TemplateMethod", "get_or_init",
]
