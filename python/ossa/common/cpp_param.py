"""Template parameters: canonical forms and names, after the reference
module of the same name. ``float`` stands for C++ double (np.float64 is the
same parameter), ``int`` for int, ``object`` for a Python object, and
``List[T]`` for std::vector<T>, ``Dict[K, V]`` for a map, ``Optional[T]``
for std::optional<T> and ``Union[A, B]`` for std::variant<A, B>."""

from ossa._cpp_param import (  # noqa: F401
    Dict,
    List,
    Optional,
    Union,
    get_param_canonical,
    get_param_name,
    get_param_names,
)

__all__ = ["Dict", "List", "Optional", "Union", "get_param_canonical", "get_param_name", "get_param_names"]
