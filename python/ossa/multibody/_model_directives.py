"""Model directives: a small YAML language that assembles a scene from many
model files, after the reference's format (``*.dmd.yaml``).

A file holds ``directives:``, a list of entries each with exactly one of

* ``add_model`` (``file``, a package:// URI or a path; ``name``, the model
  instance's name; ``default_joint_positions``; ``default_free_body_pose``),
* ``add_model_instance`` (an empty, named model instance),
* ``add_frame`` (``name`` and ``X_PF``, a schema Transform whose
  ``base_frame`` names the parent frame),
* ``add_weld`` (``parent`` and ``child`` frames, optional ``X_PC``),
* ``add_collision_filter_group`` (a named group of bodies; collisions
  within or between the ``ignored_collision_filter_groups`` are filtered),
* ``add_directives`` (another directives file, its names optionally prefixed
  by ``model_namespace``, which must name an existing model instance).

Names are scoped with '::': ``iiwa::iiwa_link_7`` is the frame iiwa_link_7
of the model instance iiwa; an unscoped name is looked up across the plant,
and ``world`` is always the world frame.

This is a Python implementation on the bound plant and parser API (the
reference's is C++): the schema classes are plain Python structs read and
written by ossa.common.yaml.
"""

import copy as _copy
import os as _os
import typing as _typing

import numpy as _np

from ossa.common.schema import Transform as _Transform
from ossa._struct_util import FieldStruct as _FieldStruct
from ossa._struct_util import add_field_properties as _add_field_properties
from ossa._struct_util import fields_of as _fields_of
from ossa.common.yaml import yaml_load_typed as _yaml_load_typed


# -- Schema -------------------------------------------------------------------

class _Directive(_FieldStruct):
    """A directive struct, constructed from keyword arguments only."""

    _positional = False


class AddWeld(_Directive):
    """Directive to add a weld between two named frames, a parent and a
    child."""

    __fields__ = _fields_of(("parent", str), ("child", str),
                            ("X_PC", _typing.Optional[_Transform]))

    def _defaults(self):
        return {"parent": "", "child": "", "X_PC": None}

    def _errors(self):
        if not self.parent:
            return "add_weld: `parent` must be non-empty"
        if not self.child:
            return "add_weld: `child` must be non-empty"
        if self.X_PC is not None:
            if self.X_PC.base_frame is not None:
                return ("add_weld: `X_PC` must not specify a `base_frame`; "
                        "the pose is always in the parent frame.")
            if not self.X_PC.IsDeterministic():
                return ("add_weld: `X_PC` must specify a deterministic "
                        "transform, not a distribution.")
        return None


class AddModel(_Directive):
    """Directive to add a model from a URDF or SDFormat file to a scene,
    using a given name for the added instance."""

    __fields__ = _fields_of(
        ("file", str), ("name", str),
        ("default_joint_positions", _typing.Dict[str, _np.ndarray]),
        ("default_free_body_pose", _typing.Dict[str, _Transform]))

    def _defaults(self):
        return {"file": "", "name": "", "default_joint_positions": {},
                "default_free_body_pose": {}}

    def _errors(self):
        if not self.file:
            return "add_model: `file` must be non-empty"
        if not self.name:
            return "add_model: `name` must be non-empty"
        for pose in self.default_free_body_pose.values():
            if not pose.IsDeterministic():
                return ("add_model: `default_free_body_pose` must specify a "
                        "deterministic transform, not a distribution.")
        return None


class AddModelInstance(_Directive):
    """Directive to add an empty, named model instance to a scene."""

    __fields__ = _fields_of(("name", str))

    def _defaults(self):
        return {"name": ""}

    def _errors(self):
        if not self.name:
            return "add_model_instance: `name` must be non-empty"
        return None


class AddFrame(_Directive):
    """Directive to add a Frame to the scene. The added frame must have a
    name and a transform with a base frame and offset."""

    __fields__ = _fields_of(("name", str), ("X_PF", _Transform))

    def _defaults(self):
        return {"name": "", "X_PF": _Transform()}

    def _errors(self):
        if not self.name:
            return "add_frame: `name` must be non-empty"
        if not self.X_PF.base_frame:
            return "add_frame: `X_PF.base_frame` must be defined"
        if not self.X_PF.IsDeterministic():
            return ("add_frame: `X_PF` must specify a deterministic "
                    "transform, not a distribution.")
        return None


class AddCollisionFilterGroup(_Directive):
    """Directive to add a collision filter group, as a model file's
    collision filter group does."""

    __fields__ = _fields_of(
        ("name", str), ("members", _typing.List[str]),
        ("member_groups", _typing.List[str]),
        ("model_namespace", _typing.Optional[str]),
        ("ignored_collision_filter_groups", _typing.List[str]))

    def _defaults(self):
        return {"name": "", "members": [], "member_groups": [],
                "model_namespace": None,
                "ignored_collision_filter_groups": []}

    def _errors(self):
        if not self.name:
            return "add_collision_filter_group: `name` must be non-empty"
        if not self.members and not self.member_groups:
            return ("add_collision_filter_group: at least one of `members` "
                    "or `member_groups` must be non-empty")
        return None


class AddDirectives(_Directive):
    """Directive to incorporate another model directives file, optionally
    with its elements prefixed with a namespace."""

    __fields__ = _fields_of(("file", str),
                            ("model_namespace", _typing.Optional[str]))

    def _defaults(self):
        return {"file": "", "model_namespace": None}

    def _errors(self):
        if not self.file:
            return "add_directives: `file` must be non-empty"
        return None


_KINDS = ("add_model", "add_model_instance", "add_frame", "add_weld",
          "add_collision_filter_group", "add_directives")


class ModelDirective(_Directive):
    """One directive: exactly one of its fields is set."""

    __fields__ = _fields_of(
        ("add_model", _typing.Optional[AddModel]),
        ("add_model_instance", _typing.Optional[AddModelInstance]),
        ("add_frame", _typing.Optional[AddFrame]),
        ("add_weld", _typing.Optional[AddWeld]),
        ("add_collision_filter_group",
         _typing.Optional[AddCollisionFilterGroup]),
        ("add_directives", _typing.Optional[AddDirectives]))

    def _defaults(self):
        return {kind: None for kind in _KINDS}

    def _errors(self):
        chosen = [k for k in _KINDS if getattr(self, k) is not None]
        if len(chosen) != 1:
            return ("directive: Specify one of `add_model`, "
                    "`add_model_instance`, `add_frame`, "
                    "`add_collision_filter_group`, or `add_directives`")
        return getattr(self, chosen[0])._errors()


class ModelDirectives(_Directive):
    """Top-level structure for a model directives yaml file schema."""

    __fields__ = _fields_of(("directives", _typing.List[ModelDirective]))

    def _defaults(self):
        return {"directives": []}

    def _errors(self):
        for index, directive in enumerate(self.directives):
            if not isinstance(directive, ModelDirective):
                return (f"directives[{index}]: expected a ModelDirective, "
                        f"got {type(directive).__name__}")
            error = directive._errors()
            if error:
                return f"directives[{index}]: {error}"
        return None


class ModelInstanceInfo:
    """What ProcessModelDirectives() added for one add_model: the instance's
    name, its file's path, the weld that attaches it (parent and child frame
    names, X_PC; empty names when none) and its ModelInstanceIndex."""

    __fields__ = _fields_of(
        ("model_name", str), ("model_path", str),
        ("parent_frame_name", str), ("child_frame_name", str),
        ("X_PC", object), ("model_instance", object))

    def __init__(self):
        from ossa.math import RigidTransform
        self.model_name = ""
        self.model_path = ""
        self.parent_frame_name = ""
        self.child_frame_name = ""
        self.X_PC = RigidTransform()
        self.model_instance = None

    def __repr__(self):
        return (f"ModelInstanceInfo(model_name={self.model_name!r}, "
                f"model_path={self.model_path!r}, "
                f"parent_frame_name={self.parent_frame_name!r}, "
                f"child_frame_name={self.child_frame_name!r}, "
                f"model_instance={self.model_instance!r})")


_add_field_properties(ModelInstanceInfo)


class CollisionFilterGroups:
    """Storage for collision filter groups (scoped name -> member names)
    and the pairs of groups whose collisions are excluded. A group name may
    be added once."""

    def __init__(self):
        self._groups = {}
        self._pairs = set()

    def AddGroup(self, name, members):
        """Adds group `name` with the set of member names `members`."""
        if name in self._groups:
            raise RuntimeError(
                f"CollisionFilterGroups: the group '{name}' already exists")
        self._groups[name] = set(members)

    def AddExclusionPair(self, pair):
        """Adds the pair of group names (a, b) whose collisions are
        excluded (a == b: within the group)."""
        a, b = pair
        self._pairs.add(tuple(sorted((a, b))))

    def empty(self):
        return not self._groups and not self._pairs

    def groups(self):
        return {k: set(v) for k, v in self._groups.items()}

    def exclusion_pairs(self):
        return set(self._pairs)

    def __repr__(self):
        return (f"CollisionFilterGroups(groups={self._groups!r}, "
                f"exclusion_pairs={sorted(self._pairs)!r})")


# -- Loading ------------------------------------------------------------------

def _check(directives, source):
    error = directives._errors()
    if error:
        raise RuntimeError(f"{source}: {error}")
    return directives


def _load(data=None, filename=None):
    source = str(filename) if filename is not None else "<string>"
    try:
        directives = _yaml_load_typed(
            schema=ModelDirectives, data=data,
            filename=None if filename is None else _os.fspath(filename),
            allow_yaml_with_no_schema=False, allow_schema_with_no_yaml=True)
    except OSError as e:
        raise RuntimeError(
            f"LoadModelDirectives(): cannot read '{source}': "
            f"{e.strerror}") from e
    except Exception as e:
        if type(e).__module__.startswith("yaml"):
            raise RuntimeError(f"{source}: {e}") from e
        raise type(e)(f"{source}: {e}") from e
    directives._source = source  # for messages; not a schema field
    return _check(directives, source)


def LoadModelDirectives(filename):
    """Reads the model directives file `filename`. Raises RuntimeError naming
    the file for unreadable or invalid content (unknown keys, a directive
    with none or two kinds, missing names, random poses where fixed ones
    are needed), TypeError/ValueError for values of the wrong type."""
    return _load(filename=filename)


def LoadModelDirectivesFromString(model_directives):
    """Reads model directives from the YAML text `model_directives`."""
    return _load(data=model_directives)


# -- Names --------------------------------------------------------------------

def _join(*parts):
    return "::".join(p for p in parts if p)


def _split(name):
    """(namespace, element) of a scoped name ('' when unscoped)."""
    head, sep, tail = name.rpartition("::")
    return (head, tail) if sep else ("", name)


def _scoped(namespace, name):
    """`name` inside `namespace`; 'world' stays the world frame."""
    return name if name == "world" else _join(namespace, name)


def GetScopedFrameByNameMaybe(plant, full_name):
    """The frame of the scoped name `full_name` ('model::frame', or an
    unscoped name looked up across the plant; 'world' is the world frame),
    or None if there is none. Raises if the model instance does not exist
    or an unscoped name is ambiguous, as the plant's lookups do."""
    if full_name == "world":
        return plant.world_frame()
    namespace, name = _split(full_name)
    if namespace:
        instance = plant.GetModelInstanceByName(namespace)
        if plant.HasFrameNamed(name, instance):
            return plant.GetFrameByName(name, instance)
        return None
    if plant.HasFrameNamed(name):
        return plant.GetFrameByName(name)
    return None


def GetScopedFrameByName(plant, full_name):
    """As GetScopedFrameByNameMaybe(), but raises (the plant's lookup error,
    which lists the valid names) if there is no such frame."""
    if full_name == "world":
        return plant.world_frame()
    namespace, name = _split(full_name)
    if namespace:
        return plant.GetFrameByName(name, plant.GetModelInstanceByName(
            namespace))
    return plant.GetFrameByName(name)


def _scoped_body(plant, full_name):
    namespace, name = _split(full_name)
    if namespace:
        return plant.GetBodyByName(name, plant.GetModelInstanceByName(
            namespace))
    return plant.GetBodyByName(name)


# -- Resolving files ----------------------------------------------------------

def _resolve(package_map, uri):
    """The file path of `uri` (package://, model://, file:// or a path)."""
    try:
        if "://" in uri:
            path = package_map.ResolveUrl(uri)
        else:
            path = uri
    except Exception as e:
        raise RuntimeError(f"cannot resolve '{uri}': {e}") from e
    if not _os.path.isfile(path):
        raise RuntimeError(
            f"'{uri}' resolved to '{path}', which does not exist")
    return path


# -- Flattening ---------------------------------------------------------------

def _load_included(path, including):
    """The directives of the file `path`, included from the files
    `including` (outermost first); raises if that makes a cycle."""
    real = _os.path.realpath(path)
    if real in including:
        chain = " -> ".join(list(including) + [real])
        raise RuntimeError(f"'{path}' includes itself "
                           f"({chain})")
    return LoadModelDirectives(path)


def _flatten_into(directives, package_map, namespace, out, including=()):
    for directive in directives.directives:
        if directive.add_directives is not None:
            sub = directive.add_directives
            path = _resolve(package_map, sub.file)
            _flatten_into(_load_included(path, including), package_map,
                          _join(namespace, sub.model_namespace or ""), out,
                          including + (_os.path.realpath(path),))
            continue
        d = _copy.deepcopy(directive)
        if d.add_model is not None:
            d.add_model.name = _join(namespace, d.add_model.name)
        elif d.add_model_instance is not None:
            d.add_model_instance.name = _join(namespace,
                                              d.add_model_instance.name)
        elif d.add_frame is not None:
            frame = d.add_frame
            base = _scoped(namespace, frame.X_PF.base_frame)
            frame.X_PF.base_frame = base
            scope, name = _split(frame.name)
            if scope:
                frame.name = _join(namespace, frame.name)
            else:
                # An unscoped frame joins its parent frame's model instance.
                frame.name = _join(_split(base)[0], name)
        elif d.add_weld is not None:
            d.add_weld.parent = _scoped(namespace, d.add_weld.parent)
            d.add_weld.child = _scoped(namespace, d.add_weld.child)
        elif d.add_collision_filter_group is not None:
            # Every name of a group is read inside its model_namespace, so
            # the enclosing namespace joins that.
            group = d.add_collision_filter_group
            if namespace:
                group.model_namespace = _join(namespace,
                                              group.model_namespace or "")
        out.directives.append(d)


def FlattenModelDirectives(directives, package_map):
    """The same directives with every add_directives replaced by the
    directives of its file, their names prefixed with its model_namespace
    (and every implicit frame scope made explicit)."""
    _check(directives, "FlattenModelDirectives()")
    out = ModelDirectives()
    source = getattr(directives, "_source", None)
    including = ((_os.path.realpath(source),)
                 if source and _os.path.isfile(source) else ())
    _flatten_into(directives, package_map, "", out, including)
    return out


# -- Processing ---------------------------------------------------------------

class _Run:
    """The state of one ProcessModelDirectives() call."""

    def __init__(self, plant, parser):
        self.plant = plant
        self.parser = parser
        self.infos = []
        self.groups = {}  # full name -> (AddCollisionFilterGroup, namespace)
        self.added = []  # the model instances of every add_model
        self.including = ()  # the files being processed, outermost first

    def process(self, directives, namespace):
        source = getattr(directives, "_source", "<directives>")
        for index, directive in enumerate(directives.directives):
            kind = next(k for k in _KINDS
                        if getattr(directive, k) is not None)
            try:
                getattr(self, kind)(getattr(directive, kind), namespace)
            except Exception as e:
                if getattr(e, "_ossa_directive", False):
                    raise  # already names its file and directive
                where = f"{source}: directives[{index}] ({kind}): "
                try:
                    error = type(e)(where + str(e))
                except Exception:
                    error = RuntimeError(where + str(e))
                error._ossa_directive = True
                raise error from e

    def unique_name(self, name):
        """`name`, or with the parser's auto renaming on and `name` taken,
        the first free one of name_1, name_2, ..."""
        if not self.parser.GetAutoRenaming():
            return name
        candidate, i = name, 0
        while self.plant.HasModelInstanceNamed(candidate):
            i += 1
            candidate = f"{name}_{i}"
        return candidate

    def add_model_instance(self, instance, namespace):
        self.plant.AddModelInstance(
            self.unique_name(_join(namespace, instance.name)))

    def add_collision_filter_group(self, group, namespace):
        # The group's name, members, member groups and ignored groups are
        # all read inside its model_namespace.
        namespace = _join(namespace, group.model_namespace or "")
        name = _join(namespace, group.name)
        if name in self.groups:
            raise RuntimeError(
                f"the collision filter group '{name}' is declared twice")
        self.groups[name] = (group, namespace)

    def add_model(self, model, namespace):
        plant = self.plant
        path = _resolve(self.parser.package_map(), model.file)
        requested = _join(namespace, model.name)
        name = self.unique_name(requested)
        if plant.HasModelInstanceNamed(name):
            raise RuntimeError(
                f"this model already contains a model instance "
                f"named '{name}' (from '{model.file}'). Model instance names "
                "must be unique within a given model.")
        # The file's model is parsed under the prefix `name` (a parser of
        # the same plant and packages), then renamed to `name`: the file's
        # own model name may be taken, and SceneGraph frame names (which
        # renaming leaves as they were) stay unique.
        from ossa._ext.multibody_parsing import Parser as _CppParser
        parser = _CppParser(plant, model_name_prefix=name)
        packages, ours = parser.package_map(), self.parser.package_map()
        for package in ours.GetPackageNames():
            if packages.Contains(package):
                packages.Remove(package)  # the user's parser decides
            packages.Add(package, ours.GetPath(package))
        if getattr(self.parser, "_strict", False):
            parser.SetStrictParsing()
        instances = parser.AddModels(path)
        if not instances:
            raise RuntimeError(f"'{model.file}' holds no model")
        top = plant.GetModelInstanceName(instances[0])
        for instance in instances:
            old = plant.GetModelInstanceName(instance)
            new = name + old[len(top):] if old.startswith(top) else old
            if new != old:
                plant.RenameModelInstance(instance, new)
        instance = instances[0]
        for joint_name, positions in model.default_joint_positions.items():
            joint = plant.GetJointByName(joint_name, instance)
            joint.set_default_positions(_np.asarray(positions, dtype=float))
        for body_name, pose in model.default_free_body_pose.items():
            self.set_free_body_pose(plant.GetBodyByName(body_name, instance),
                                    pose, namespace)
        info = ModelInstanceInfo()
        info.model_name = requested  # as the reference, even if renamed
        info.model_path = path
        info.model_instance = instance
        self.infos.append(info)
        self.added.extend(instances)

    def set_free_body_pose(self, body, pose, namespace):
        """A pose in the world sets the body's default free-body pose; in
        another base frame F, the body gets a quaternion floating joint
        from F with that default pose (as the reference does)."""
        X = pose.GetDeterministicValue()
        if not pose.base_frame or pose.base_frame == "world":
            self.plant.SetDefaultFreeBodyPose(body, X)
            return
        from ossa.multibody.tree import QuaternionFloatingJoint
        F = GetScopedFrameByName(self.plant,
                                 _scoped(namespace, pose.base_frame))
        joint = self.plant.AddJoint(QuaternionFloatingJoint(
            body.name(), F, body.body_frame()))
        joint.set_default_quaternion(X.rotation().ToQuaternion())
        joint.set_default_translation(X.translation())

    def add_frame(self, frame, namespace):
        from ossa.multibody.tree import FixedOffsetFrame
        parent = GetScopedFrameByName(
            self.plant, _scoped(namespace, frame.X_PF.base_frame))
        scope, name = _split(frame.name)
        if scope:
            instance = self.plant.GetModelInstanceByName(
                _join(namespace, scope))
        else:
            instance = parent.model_instance()
        self.plant.AddFrame(FixedOffsetFrame(
            name, parent, frame.X_PF.GetDeterministicValue(), instance))

    def add_weld(self, weld, namespace):
        from ossa.math import RigidTransform
        parent = GetScopedFrameByName(self.plant,
                                      _scoped(namespace, weld.parent))
        child = GetScopedFrameByName(self.plant,
                                     _scoped(namespace, weld.child))
        X_PC = (weld.X_PC.GetDeterministicValue() if weld.X_PC is not None
                else RigidTransform())
        self.plant.WeldFrames(parent, child, X_PC)
        for info in self.infos:
            if info.model_instance == child.model_instance():
                info.parent_frame_name = parent.name()
                info.child_frame_name = child.name()
                info.X_PC = X_PC

    def add_directives(self, sub, namespace):
        path = _resolve(self.parser.package_map(), sub.file)
        inner = _join(namespace, sub.model_namespace or "")
        if inner and not self.plant.HasModelInstanceNamed(inner):
            raise RuntimeError(
                f"Namespace '{inner}' does not exist as model instance")
        included = _load_included(path, self.including)
        outer = self.including
        self.including = outer + (_os.path.realpath(path),)
        try:
            self.process(included, inner)
        finally:
            self.including = outer

    def filter_collisions(self):
        """Excludes the collisions the groups ask for (with a SceneGraph;
        without one there is no geometry to filter)."""
        if not self.groups or not self.plant.geometry_source_is_registered():
            return
        sets = {}

        def geometry_of(name, stack=()):
            if name in sets:
                return sets[name]
            if name not in self.groups:
                raise RuntimeError(
                    f"add_collision_filter_group: unknown group '{name}' "
                    "(groups of model files cannot be named from "
                    "directives in ossa)")
            if name in stack:
                raise RuntimeError(
                    f"add_collision_filter_group: the group '{name}' "
                    "contains itself")
            group, namespace = self.groups[name]
            bodies = [_scoped_body(self.plant, _join(namespace, m))
                      for m in group.members]
            geometry = self.plant.CollectRegisteredGeometries(bodies)
            for member in group.member_groups:
                geometry.Add(geometry_of(_join(namespace, member),
                                         stack + (name,)))
            sets[name] = geometry
            return geometry

        for name, (group, namespace) in self.groups.items():
            for other in group.ignored_collision_filter_groups:
                other = _join(namespace, other)
                self.plant.\
                    ExcludeCollisionGeometriesWithCollisionFilterGroupPair(
                        (name, geometry_of(name)),
                        (other, geometry_of(other)))


def _process(directives, plant, parser, namespace=""):
    """Processes `directives` with every name inside `namespace` (the
    Parser's model_name_prefix; it need not name a model instance)."""
    _check(directives, "ProcessModelDirectives()")
    run = _Run(plant, parser)
    source = getattr(directives, "_source", None)
    if source and _os.path.isfile(source):
        run.including = (_os.path.realpath(source),)
    run.process(directives, namespace)
    run.filter_collisions()
    return run


def ProcessModelDirectives(*args, **kwargs):
    """Adds what `directives` describe to a plant and returns a
    ModelInstanceInfo per model added. Called as
    ProcessModelDirectives(directives, parser) (the parser's plant) or
    ProcessModelDirectives(directives, plant, parser=None) (a new Parser of
    `plant` when none is given)."""
    from ossa.multibody.parsing import Parser
    names = ("directives", "plant", "parser")
    if len(args) > 3:
        raise TypeError("ProcessModelDirectives() takes at most 3 arguments")
    values = dict(zip(names, args))
    for key, value in kwargs.items():
        if key not in names or key in values:
            raise TypeError(
                f"ProcessModelDirectives(): unexpected argument '{key}'")
        values[key] = value
    directives = values.get("directives")
    plant, parser = values.get("plant"), values.get("parser")
    if isinstance(plant, Parser) and parser is None:
        plant, parser = None, plant  # the (directives, parser) overload
    if directives is None or (plant is None and parser is None):
        raise TypeError("ProcessModelDirectives(directives, parser) or "
                        "ProcessModelDirectives(directives, plant, "
                        "parser=None)")
    if parser is None:
        parser = Parser(plant)
    if plant is None:
        plant = parser.plant()
    elif plant is not parser.plant():
        raise RuntimeError("ProcessModelDirectives(): the parser adds to "
                           "another plant than `plant`")
    return _process(directives, plant, parser).infos
