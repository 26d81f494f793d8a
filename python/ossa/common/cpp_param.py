"""Template parameters: canonical forms and names, after the reference
module of the same name. ``float`` stands for C++ double (np.float64 is the
same parameter), ``int`` for int, ``object`` for a Python object, and
``List[T]`` for std::vector<T>."""

from ossa._cpp_param import (  # noqa: F401
    List,
    get_param_canonical,
    get_param_name,
    get_param_names,
)

__all__ = ["List", "get_param_canonical", "get_param_name", "get_param_names"]
