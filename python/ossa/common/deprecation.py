"""Deprecation helpers, after the reference module of the same name.

``DrakeDeprecationWarning`` is the category of every deprecation warning
ossa issues (the reference's name, so that filters written for it work
unchanged); ``deprecated`` and ``deprecated_callable`` mark Python members
and functions; ``ModuleShim`` lets a module answer for names it no longer
has; ``install_numpy_warning_filters`` silences the numpy warnings that the
reference's test set-ups silence.
"""

import sys
import types
import warnings

__all__ = [
    "DrakeDeprecationWarning", "ModuleShim", "deprecated",
    "deprecated_callable", "install_numpy_warning_filters",
]


class DrakeDeprecationWarning(DeprecationWarning):
    """A deprecation warning of ossa (and of programs written for the
    reference: the class keeps the reference's name). Shown once per
    location by default."""

    addendum = ("\n    Deprecated features are removed after a notice period; "
                "see the release notes.")


def _message(message, date):
    if date is not None:
        message = (f"{message} The deprecated code will be removed on or "
                   f"after {date}.")
    return message


def _warn(message, stacklevel):
    warnings.warn(message, DrakeDeprecationWarning, stacklevel=stacklevel + 1)


class _DeprecatedDescriptor:
    """Wraps a property or method: each access warns, then delegates."""

    def __init__(self, original, message):
        self._original = original
        self._message = message
        self.__doc__ = (getattr(original, "__doc__", None) or "") + \
            f"\n\n(Deprecated.) {message}"

    def __get__(self, obj, objtype=None):
        _warn(self._message, 2)
        return self._original.__get__(obj, objtype)

    def __set__(self, obj, value):
        _warn(self._message, 2)
        if not hasattr(self._original, "__set__"):
            raise AttributeError("can't set attribute")
        self._original.__set__(obj, value)


def deprecated(message, *, date=None):
    """Decorator for a member (method or property) of a Python class: every
    access warns with `message` (a DrakeDeprecationWarning); `date`
    (YYYY-MM-DD) is appended as the removal date."""
    text = _message(message, date)

    def decorator(original):
        return _DeprecatedDescriptor(original, text)

    return decorator


def deprecated_callable(message, *, date=None):
    """Decorator for a free function: each call warns with `message`."""
    text = _message(message, date)

    def decorator(original):
        def wrapper(*args, **kwargs):
            _warn(text, 2)
            return original(*args, **kwargs)

        wrapper.__name__ = getattr(original, "__name__", "deprecated")
        wrapper.__qualname__ = getattr(original, "__qualname__",
                                       wrapper.__name__)
        wrapper.__module__ = getattr(original, "__module__", None)
        wrapper.__doc__ = (getattr(original, "__doc__", None) or "") + \
            f"\n\n(Deprecated.) {text}"
        wrapper.__wrapped__ = original
        return wrapper

    return decorator


class ModuleShim:
    """Stands in for a module (in sys.modules): attribute lookups go to the
    original module, and names it does not have go to
    ``handler(name)``, which returns a value (for example after warning that
    the name is deprecated) or raises AttributeError. Setting attributes
    sets them on the original module."""

    def __init__(self, orig_module, handler):
        if not isinstance(orig_module, types.ModuleType):
            raise TypeError(
                f"ModuleShim(): orig_module must be a module, not "
                f"{type(orig_module).__name__}")
        if not callable(handler):
            raise TypeError("ModuleShim(): handler must be callable")
        object.__setattr__(self, "_orig_module", orig_module)
        object.__setattr__(self, "_handler", handler)
        object.__setattr__(self, "__doc__", orig_module.__doc__)

    def __getattr__(self, name):
        module = object.__getattribute__(self, "_orig_module")
        try:
            return getattr(module, name)
        except AttributeError:
            if name.startswith("__") and name.endswith("__"):
                raise
            value = object.__getattribute__(self, "_handler")(name)
            setattr(module, name, value)
            return value

    def __setattr__(self, name, value):
        setattr(object.__getattribute__(self, "_orig_module"), name, value)

    def __delattr__(self, name):
        delattr(object.__getattribute__(self, "_orig_module"), name)

    def __dir__(self):
        return dir(object.__getattribute__(self, "_orig_module"))

    def __repr__(self):
        return repr(object.__getattribute__(self, "_orig_module"))

    @classmethod
    def _install(cls, name, handler):
        """Replaces the module `name` in sys.modules by a shim."""
        shim = cls(sys.modules[name], handler)
        sys.modules[name] = shim
        return shim


_numpy_filters_installed = False


def install_numpy_warning_filters(force=False):
    """Turns numpy's deprecation warnings about array-to-scalar conversion
    of ossa's object arrays (AutoDiffXd matrices) into ignored ones, as
    programs written for the reference expect after calling this. Does
    nothing the second time unless `force`."""
    global _numpy_filters_installed
    if _numpy_filters_installed and not force:
        return
    _numpy_filters_installed = True
    warnings.filterwarnings(
        "ignore", message="elementwise comparison failed",
        category=DeprecationWarning)
    warnings.filterwarnings(
        "ignore", message="Conversion of an array with ndim > 0",
        category=DeprecationWarning)
    warnings.filterwarnings(
        "ignore", message="The truth value of an empty array",
        category=DeprecationWarning)


# DrakeDeprecationWarning shows once per location, as DeprecationWarning
# subclasses are hidden outside __main__ by default.
warnings.simplefilter("once", DrakeDeprecationWarning)
