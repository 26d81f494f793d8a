"""Implementation of ossa.common.cpp_param (see that module).

This file is pure Python and imports nothing from the compiled extension, so
that the extension may import it while it is itself being initialised
(ossa.common's package __init__ needs the extension, hence this private home).
"""

import ctypes
import typing

import numpy as np

# Python types that stand for the same C++ type as a canonical one: numpy's
# float64 is a C++ double like `float`, and so on. Keys map to canonical.
_PARAM_ALIASES = {
    np.float64: float,
    np.double: float,
    ctypes.c_double: float,
    np.bool_: bool,
    np.int32: int,
    ctypes.c_int32: int,
    np.object_: object,
    np.str_: str,
}


class _ListMeta(type):
    def __getitem__(cls, item):
        return typing.List[get_param_canonical(item)]


class List(metaclass=_ListMeta):
    """``List[T]`` names the C++ ``std::vector<T>`` as a template
    parameter; it is ``typing.List[T]`` with T canonicalised."""


class _DictMeta(type):
    def __getitem__(cls, item):
        key, value = item
        return typing.Dict[get_param_canonical(key),
                           get_param_canonical(value)]


class Dict(metaclass=_DictMeta):
    """``Dict[K, V]`` names the C++ ``std::map<K, V>`` (or unordered map)
    as a template parameter."""


class _OptionalMeta(type):
    def __getitem__(cls, item):
        return typing.Optional[get_param_canonical(item)]


class Optional(metaclass=_OptionalMeta):
    """``Optional[T]`` names the C++ ``std::optional<T>``."""


class _UnionMeta(type):
    def __getitem__(cls, items):
        if not isinstance(items, tuple):
            items = (items,)
        return typing.Union[tuple(get_param_canonical(i) for i in items)]


class Union(metaclass=_UnionMeta):
    """``Union[A, B, ...]`` names the C++ ``std::variant<A, B, ...>``."""


def get_param_canonical(param):
    """Returns the canonical form of one template parameter: aliases of a
    C++ type collapse to one Python object (np.float64 -> float), and
    parameterised generics (List[T]) get canonical arguments."""
    if isinstance(param, typing._GenericAlias):
        origin = typing.get_origin(param)
        args = tuple(get_param_canonical(a) for a in typing.get_args(param))
        if origin is list and len(args) == 1:
            return typing.List[args[0]]
        if origin is dict and len(args) == 2:
            return typing.Dict[args[0], args[1]]
        return param
    if isinstance(param, typing._UnionGenericAlias) or (
            typing.get_origin(param) is typing.Union):
        return typing.Union[tuple(
            get_param_canonical(a) for a in typing.get_args(param))]
    try:
        return _PARAM_ALIASES.get(param, param)
    except TypeError:  # unhashable literal (should not happen): keep as is
        return param


def get_param_name(param):
    """The name of one parameter as it appears in an instantiation's name:
    the type's __name__ (float, AutoDiffXd, RigidTransform_[float]),
    List[float] for generics, str(value) for literals (ints)."""
    param = get_param_canonical(param)
    if isinstance(param, typing._GenericAlias):
        origin = typing.get_origin(param)
        args = ", ".join(get_param_name(a) for a in typing.get_args(param))
        origin_name = "List" if origin is list else getattr(
            origin, "__name__", str(origin))
        return f"{origin_name}[{args}]"
    if isinstance(param, type):
        return param.__name__
    return str(param)


def get_param_names(param, *, mangle=False):
    """Names of each parameter of a tuple. With `mangle`, the names are
    made of identifier characters only (brackets become the letters 𝓣 and
    𝓤, separators 𝓬), so that they can name module attributes."""
    names = [get_param_name(p) for p in param]
    if mangle:
        names = [_mangle(n) for n in names]
    return names


def _mangle(name):
    return (name.replace("[", "\U0001D4E3").replace("]", "\U0001D4E4")
            .replace(", ", "\U0001D4EC").replace(",", "\U0001D4EC"))
