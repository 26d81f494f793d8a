"""ossa.multibody.parsing: mirrors the reference module of the same name.

The Parser, PackageMap and the URDF/SDFormat/MJCF readers are C++ (bound in
parsing_py.cc). Model directives (``*.dmd.yaml``) are Python
(_model_directives.py); the Parser here is the bound one with AddModels,
AddModelsFromString and AddModelsFromUrl extended to read directives
files, as the reference's Parser does.
"""

import os as _os

from ossa._ext.multibody_parsing import *  # noqa: F401,F403
from ossa._ext.multibody_parsing import Parser as _CppParser
from ossa.multibody._model_directives import (  # noqa: F401
    AddCollisionFilterGroup, AddDirectives, AddFrame, AddModel,
    AddModelInstance, AddWeld, CollisionFilterGroups, FlattenModelDirectives,
    GetScopedFrameByName, GetScopedFrameByNameMaybe, LoadModelDirectives,
    LoadModelDirectivesFromString, ModelDirective, ModelDirectives,
    ModelInstanceInfo, ProcessModelDirectives, _process)

_DMD = "dmd.yaml"


def _is_directives(name):
    return str(name).endswith("." + _DMD)


class Parser(_CppParser):
    __doc__ = _CppParser.__doc__ + (
        " Model directives files (.dmd.yaml, or file_type 'dmd.yaml') add "
        "the models they name; AddModels returns those models' instances.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        from ossa.systems.framework import DiagramBuilder
        builder = kwargs.get("builder", args[0] if args else None)
        self._builder = builder if isinstance(builder, DiagramBuilder) \
            else None
        prefix = kwargs.get("model_name_prefix", "")
        if not prefix and args and isinstance(args[-1], str):
            prefix = args[-1]
        self._model_name_prefix = prefix
        self._strict = False

    def SetStrictParsing(self):
        """From now on every warning is an error (model directives pass
        this on to the models they add)."""
        super().SetStrictParsing()
        self._strict = True

    def builder(self):
        """The DiagramBuilder this parser was made with, or None."""
        return self._builder

    def _add_directives(self, directives):
        return list(_process(directives, self.plant(), self,
                             self._model_name_prefix).added)

    def AddModels(self, *args, **kwargs):
        """AddModels(file_name), AddModels(*, url) or AddModels(*,
        file_contents, file_type): parses a model file (URDF, SDFormat,
        MJCF; the type from its extension or file_type) or a model
        directives file (.dmd.yaml) and returns the ModelInstanceIndex of
        every model added."""
        file_name = kwargs.get("file_name", args[0] if args else None)
        if file_name is not None and _is_directives(file_name):
            return self._add_directives(
                LoadModelDirectives(_os.fspath(file_name)))
        url = kwargs.get("url")
        if url is not None and _is_directives(url):
            return self._add_directives(
                LoadModelDirectives(self.package_map().ResolveUrl(url)))
        if kwargs.get("file_type") == _DMD:
            return self._add_directives(
                LoadModelDirectivesFromString(kwargs["file_contents"]))
        return super().AddModels(*args, **kwargs)

    def AddModelsFromString(self, file_contents, file_type):
        """Parses the text `file_contents` of type `file_type` (an extension
        without the dot: 'urdf', 'sdf', 'xml', 'dmd.yaml')."""
        if file_type == _DMD:
            return self._add_directives(
                LoadModelDirectivesFromString(file_contents))
        return super().AddModelsFromString(file_contents, file_type)

    def AddModelsFromUrl(self, url):
        """Parses the file at a package://, model:// or file:// URL."""
        if _is_directives(url):
            return self.AddModels(url=url)
        return super().AddModelsFromUrl(url)


Parser.__module__ = __name__


# Remote packages (_package_remote.py).
from ossa.multibody import _package_remote  # noqa: E402

PackageMap.RemoteParams = _package_remote.RemoteParams  # noqa: F405
PackageMap.RemoteParams.__qualname__ = "PackageMap.RemoteParams"
PackageMap.RemoteParams.__module__ = __name__
PackageMap.AddRemote = _package_remote.add_remote  # noqa: F405
