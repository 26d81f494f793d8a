"""Implementation of ossa.common.cpp_template (see that module).

Pure Python with no import of the compiled extension: the extension imports
this module while it initialises (to register its templated classes), before
the ossa.common package (which re-exports the extension) can be imported.
"""

import sys
import types

from ossa._cpp_param import get_param_canonical, get_param_names

_PUBLIC_MODULE = "ossa.common.cpp_template"


class TemplateInstantiationError(RuntimeError, LookupError):
    """Raised when a template has no instantiation for the parameters asked
    for (or no default). A RuntimeError like the reference's, and a
    LookupError like a failed dict lookup."""


def _scope_name(scope):
    if scope is None:
        return None
    if isinstance(scope, str):
        return scope
    if isinstance(scope, types.ModuleType):
        return scope.__name__
    module = getattr(scope, "__module__", None)
    qualname = getattr(scope, "__qualname__", None)
    if module and qualname:
        return f"{module}.{qualname}"
    return getattr(scope, "__name__", repr(scope))


def _caller_module_name(depth):
    try:
        return sys._getframe(depth + 1).f_globals.get("__name__")
    except ValueError:
        return None


class TemplateBase:
    """A set of instantiations of one C++ template, looked up by parameter:
    ``Foo_[float]``, ``Foo_[AutoDiffXd]``, ``Foo_[float, int]``.

    Parameters are canonicalised (np.float64 is float), so that aliases of one
    C++ type find the same instantiation. With ``allow_default``, the first
    parameter added is the default: ``Foo_[None]`` and ``Foo_.default``.
    """

    __module__ = _PUBLIC_MODULE

    def __init__(self, name, allow_default=True, scope=None):
        self.name = name
        self.param_list = []
        self._allow_default = allow_default
        self._scope = scope
        self._instantiations = {}
        self._deprecated = {}
        if scope is None:
            self._scope = _caller_module_name(1)

    # -- Parameters ---------------------------------------------------------
    def _param_resolve(self, param):
        """Canonical parameter tuple of `param` (None means the default)."""
        if param is None:
            if not self._allow_default:
                raise TemplateInstantiationError(
                    f"{self.name}: this template has no default instantiation; "
                    f"give a parameter, one of {self._param_list_str()}.")
            if not self.param_list:
                raise TemplateInstantiationError(
                    f"{self.name}: the template has no instantiation yet, so "
                    "no default either.")
            return self.param_list[0]
        if not isinstance(param, tuple):
            param = (param,)
        return tuple(get_param_canonical(p) for p in param)

    def _instantiation_name(self, param):
        return "{}[{}]".format(self.name, ", ".join(get_param_names(param)))

    def _param_list_str(self):
        return ", ".join(
            "[" + ", ".join(get_param_names(p)) + "]" for p in self.param_list)

    # -- Lookup -------------------------------------------------------------
    def __getitem__(self, *param):
        """The instantiation for `param`; raises
        TemplateInstantiationError if there is none."""
        if len(param) == 1:
            param = param[0]
        instantiation, resolved = self.get_instantiation(param)
        message = self._deprecated.get(resolved)
        if message is not None:
            import warnings
            from ossa.common.deprecation import DrakeDeprecationWarning
            warnings.warn(message, DrakeDeprecationWarning, stacklevel=2)
        return instantiation

    def get_module_name(self):
        """The name of the module the template belongs to."""
        scope = self._scope
        if isinstance(scope, type):
            return scope.__module__
        return _scope_name(scope)

    def deprecate_instantiation(self, param, message, *, date=None):
        """Makes looking up the instantiation for `param` warn with
        `message` (a DrakeDeprecationWarning); `date` is the removal date
        (YYYY-MM-DD), appended to the message. Returns the canonical
        parameter tuple."""
        instantiation, resolved = self.get_instantiation(param)
        if resolved in self._deprecated:
            raise RuntimeError(
                f"Deprecation already registered: "
                f"{self._instantiation_name(resolved)}")
        if date is not None:
            message = (f"{message} The deprecated code will be removed "
                       f"from ossa on or after {date}.")
        self._deprecated[resolved] = message
        return resolved

    def get_instantiation(self, param=None, throw_error=True):
        """Returns (instantiation, canonical param tuple). Without `param`,
        the default. If there is none: raises TemplateInstantiationError, or
        returns (None, param) when `throw_error` is False."""
        try:
            param = self._param_resolve(param)
        except TemplateInstantiationError:
            if throw_error:
                raise
            return None, None
        instantiation = self._instantiations.get(param)
        if instantiation is None and throw_error:
            raise TemplateInstantiationError(
                f"Invalid instantiation: {self._instantiation_name(param)}; "
                f"the instantiations of {self.name} are "
                f"{self._param_list_str() or 'none'}.")
        return instantiation, param

    @property
    def default(self):
        """The default instantiation (the first one added)."""
        return self.get_instantiation(None)[0]

    def get_param_set(self, instantiation):
        """The set of parameter tuples that give `instantiation`."""
        return {p for p, inst in self._instantiations.items()
                if inst is instantiation}

    def is_instantiation(self, obj):
        """True if `obj` is one of this template's instantiations."""
        return any(inst is obj for inst in self._instantiations.values())

    def __contains__(self, param):
        return self.get_instantiation(param, throw_error=False)[0] is not None

    # -- Registration -------------------------------------------------------
    def add_instantiation(self, param, instantiation, skip_rename=False):
        """Registers `instantiation` for `param` (a type or a tuple of
        types/values) and returns the canonical parameter tuple. The first
        one added becomes the default."""
        param = self._param_resolve(param)
        if param in self._instantiations:
            raise RuntimeError(
                f"{self.name}: an instantiation for "
                f"{self._instantiation_name(param)} is already registered.")
        first_use = not self.is_instantiation(instantiation)
        self._instantiations[param] = instantiation
        self.param_list.append(param)
        if first_use and not skip_rename:
            self._on_add(param, instantiation)
        return param

    def add_instantiations(self, instantiation_func, param_list):
        """Registers instantiation_func(param) for each param of the list."""
        for param in param_list:
            resolved = self._param_resolve(param)
            self.add_instantiation(resolved, instantiation_func(resolved))

    def _on_add(self, param, instantiation):
        pass

    @classmethod
    def define(cls, name, param_list, *args, scope=None, **kwargs):
        """Decorator: makes a template `name` whose instantiation for each
        parameter tuple of `param_list` is what the decorated function
        returns for it (it receives the canonical tuple)::

            @TemplateClass.define("Pair_", param_list=[(float,), (int,)])
            def Pair_(param):
                T, = param
                class Pair:
                    ...
                return Pair
        """
        if scope is None:
            scope = _caller_module_name(1)

        def decorator(instantiation_func):
            template = cls(name, *args, scope=scope, **kwargs)
            template.add_instantiations(instantiation_func, param_list)
            return template

        return decorator

    # -- Display ------------------------------------------------------------
    def _full_name(self):
        scope = _scope_name(self._scope)
        return f"{scope}.{self.name}" if scope else self.name

    def __repr__(self):
        return f"<{type(self).__name__} {self._full_name()}>"

    __str__ = __repr__


class TemplateClass(TemplateBase):
    """Template whose instantiations are classes (bound C++ class template
    instantiations, or Python classes). Each class is named after its
    parameters: ``RigidTransform_[float]``."""

    __module__ = _PUBLIC_MODULE

    def __init__(self, name, *, scope=None, **kwargs):
        if scope is None:
            scope = _caller_module_name(1)
        super().__init__(name, scope=scope, **kwargs)

    def _on_add(self, param, instantiation):
        name = self._instantiation_name(param)
        if getattr(instantiation, "__name__", None) != name:
            instantiation.__name__ = name
        qualname = name
        if self._scope is not None and isinstance(self._scope, type):
            qualname = f"{self._scope.__qualname__}.{name}"
        if getattr(instantiation, "__qualname__", None) != qualname:
            instantiation.__qualname__ = qualname

    def is_subclass_of_instantiation(self, obj):
        """The instantiation that class `obj` derives from (or is), or None."""
        if not isinstance(obj, type):
            return None
        for inst in self._instantiations.values():
            if isinstance(inst, type) and issubclass(obj, inst):
                return inst
        return None


class TemplateFunction(TemplateBase):
    """Template whose instantiations are functions: ``Foo[float](x)``."""

    __module__ = _PUBLIC_MODULE

    def _on_add(self, param, instantiation):
        # Python functions take the instantiation's name; builtins (bound C++
        # functions) keep theirs.
        if isinstance(instantiation, types.FunctionType):
            name = self._instantiation_name(param)
            instantiation.__name__ = name
            instantiation.__qualname__ = name


class TemplateMethod(TemplateBase):
    """Template whose instantiations are methods of the class `cls`;
    ``obj.Method[float](args)`` calls the instantiation bound to obj, and
    ``Class.Method[float]`` is the unbound function."""

    __module__ = _PUBLIC_MODULE

    def __init__(self, name, cls, scope=None, **kwargs):
        super().__init__(name, scope=cls if scope is None else scope,
                         **kwargs)
        self._cls = cls

    def _on_add(self, param, instantiation):
        if isinstance(instantiation, types.FunctionType):
            name = self._instantiation_name(param)
            instantiation.__name__ = name
            instantiation.__qualname__ = f"{self._cls.__qualname__}.{name}"

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return _BoundTemplateMethod(self, obj)

    def __repr__(self):
        return f"<unbound TemplateMethod {self._full_name()}>"

    __str__ = __repr__


class _BoundTemplateMethod:
    """A TemplateMethod seen from an instance: indexing binds the
    instantiation to that instance."""

    __module__ = _PUBLIC_MODULE

    def __init__(self, template, obj):
        self._template = template
        self._obj = obj

    def __getitem__(self, param):
        return types.MethodType(self._template[param], self._obj)

    def get_instantiation(self, param=None, throw_error=True):
        inst, param = self._template.get_instantiation(param, throw_error)
        if inst is None:
            return None, param
        return types.MethodType(inst, self._obj), param

    @property
    def param_list(self):
        return self._template.param_list

    def __repr__(self):
        return (f"<bound TemplateMethod {self._template._full_name()} of "
                f"{self._obj!r}>")

    __str__ = __repr__


def get_or_init(scope, name, template_cls, *args, **kwargs):
    """Returns the template named `name` in `scope` (a module or class),
    creating it with template_cls(name, *args, scope=scope, **kwargs) and
    storing it there if absent. Raises TypeError if `name` holds something
    else."""
    existing = getattr(scope, name, None)
    if existing is not None:
        if not isinstance(existing, template_cls):
            raise TypeError(
                f"get_or_init(): {_scope_name(scope)}.{name} exists but is a "
                f"{type(existing).__name__}, not a {template_cls.__name__}.")
        return existing
    if template_cls is TemplateMethod:
        template = template_cls(name, scope, *args, **kwargs)
    else:
        template = template_cls(name, *args, scope=scope, **kwargs)
    setattr(scope, name, template)
    return template
