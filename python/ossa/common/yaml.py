"""YAML loading and saving, after the reference module of the same name.

Untyped: ``yaml_load_data``, ``yaml_load_file``, ``yaml_load`` and
``yaml_dump`` read and write plain Python data (dicts, lists, scalars).

Typed: ``yaml_load_typed`` reads a document into an instance of a *schema*
class and ``yaml_dump_typed`` writes one out. A schema is a dataclass, or a
bound ossa struct that lists its fields in ``__fields__`` (SimulatorConfig,
MultibodyPlantConfig, ...). Field types may be float, int, bool, str,
numpy arrays, ``List[T]``, ``Dict[str, T]``, ``Optional[T]``, nested
schemas and variants (``Union[A, B, ...]``, as ossa.common.schema's
rotations and distributions use). A variant's alternative is chosen in YAML
by a tag naming its class (``rotation: !Rpy { deg: [0, 0, 90] }``); an
untagged value is the first alternative. Dumping writes the tag of every
alternative but the first.

Needs PyYAML (``pip install pyyaml``).
"""

import copy
import dataclasses
import math
import typing

import numpy as np

__all__ = ["yaml_dump", "yaml_dump_typed", "yaml_load", "yaml_load_data",
           "yaml_load_file", "yaml_load_typed"]


def _yaml():
    try:
        import yaml
    except ImportError as e:
        raise ImportError(
            "ossa.common.yaml needs PyYAML: pip install pyyaml") from e
    return yaml


class _Tagged(dict):
    """A YAML mapping written with a local tag (``!Rpy {deg: [...]}``): the
    mapping, and the tag without its '!' in ``.tag``."""

    def __init__(self, data=(), tag=""):
        super().__init__(data)
        self.tag = tag


def _tagged_loader(untyped=False):
    """A safe loader that also reads local tags on mappings: as _Tagged
    (typed loading) or, untyped, as a plain dict with the tag under the
    key "_tag" (as the reference's yaml_load_data gives it)."""
    yaml = _yaml()

    class Loader(yaml.SafeLoader):
        pass

    def construct_tagged(loader, suffix, node):
        # As the reference's loader: a tag marks a mapping (`!Uniform {}`,
        # not a bare `!Uniform`).
        if not isinstance(node, yaml.MappingNode):
            raise yaml.constructor.ConstructorError(
                None, None, f"the tag !{suffix} must mark a mapping, not "
                f"a {node.id}", node.start_mark)
        mapping = loader.construct_mapping(node, deep=True)
        if untyped:
            return dict(mapping, _tag="!" + suffix)
        return _Tagged(mapping, suffix)

    Loader.add_multi_constructor("!", construct_tagged)
    return Loader


# -- Untyped ------------------------------------------------------------------

def _drop_private(data, private):
    if not private and isinstance(data, dict):
        return {k: v for k, v in data.items()
                if not (isinstance(k, str) and k.startswith("_"))}
    return data


def yaml_load_data(data, *, private=False):
    """Parses the YAML document `data` (a str) into Python data. Top-level
    keys starting with '_' are dropped unless `private`. A tagged mapping
    (`!Rpy {deg: [0, 0, 90]}`) is a dict with its tag under "_tag"."""
    return _drop_private(
        _yaml().load(data, Loader=_tagged_loader(untyped=True)), private)


def yaml_load_file(filename, *, private=False):
    """Parses the YAML file `filename` (as yaml_load_data)."""
    with open(filename, encoding="utf-8") as f:
        return yaml_load_data(f.read(), private=private)


def yaml_load(*, data=None, filename=None, private=False):
    """yaml_load_data(data) or yaml_load_file(filename): exactly one."""
    if (data is None) == (filename is None):
        raise RuntimeError(
            "yaml_load(): give exactly one of data= and filename=")
    if data is not None:
        return yaml_load_data(data, private=private)
    return yaml_load_file(filename, private=private)


def _dumper():
    yaml = _yaml()

    class Dumper(yaml.SafeDumper):
        pass

    def represent_list(dumper, data):
        flow = all(not isinstance(x, (list, dict)) for x in data)
        return dumper.represent_sequence(
            "tag:yaml.org,2002:seq", data, flow_style=flow)

    def represent_dict(dumper, data):
        return dumper.represent_mapping(
            "tag:yaml.org,2002:map", data.items(), flow_style=not data)

    def represent_float(dumper, value):
        if math.isnan(value):
            text = ".nan"
        elif math.isinf(value):
            text = ".inf" if value > 0 else "-.inf"
        else:
            text = repr(float(value))
            mantissa, e, exponent = text.partition("e")
            if e:  # YAML 1.1 floats need a '.': 1e-10 -> 1.0e-10
                if "." not in mantissa:
                    mantissa += ".0"
                if exponent[0] not in "+-":
                    exponent = "+" + exponent
                text = mantissa + "e" + exponent
        return dumper.represent_scalar("tag:yaml.org,2002:float", text)

    def represent_tagged(dumper, data):
        return dumper.represent_mapping(
            "!" + data.tag, data.items(), flow_style=not data)

    Dumper.add_representer(list, represent_list)
    Dumper.add_representer(dict, represent_dict)
    Dumper.add_representer(_Tagged, represent_tagged)
    Dumper.add_representer(float, represent_float)
    return Dumper


def _dump_text(data, filename):
    text = _yaml().dump(data, Dumper=_dumper(), sort_keys=False,
                        default_flow_style=False, allow_unicode=True)
    if filename is None:
        return text
    with open(filename, "w", encoding="utf-8") as f:
        f.write(text)
    return None


def yaml_dump(data, *, filename=None):
    """Writes Python data as YAML: returns the text, or writes it to
    `filename` (returning None). Mapping keys sorted; collections of
    scalars in flow style ([1, 2], {a: 1}); a dict with a "_tag" entry is
    written as a mapping with that tag."""
    yaml = _yaml()

    class Dumper(yaml.SafeDumper):
        pass

    def represent_dict(dumper, value):
        if "_tag" in value:  # a tagged mapping, as yaml_load_data gives
            items = {k: v for k, v in value.items() if k != "_tag"}
            return dumper.represent_mapping(value["_tag"], items)
        return dumper.represent_dict(value)

    Dumper.add_representer(dict, represent_dict)
    text = yaml.dump(data, Dumper=Dumper, sort_keys=True,
                     default_flow_style=None, allow_unicode=True)
    if filename is None:
        return text
    with open(filename, "w", encoding="utf-8") as f:
        f.write(text)
    return None


# -- Schemas ------------------------------------------------------------------

def _fields(schema):
    """[(name, type)] of a schema class, or None if it is not one."""
    if dataclasses.is_dataclass(schema):
        hints = typing.get_type_hints(schema)
        return [(f.name, hints.get(f.name, f.type))
                for f in dataclasses.fields(schema)]
    fields = getattr(schema, "__fields__", None)
    if isinstance(fields, (tuple, list)) and all(
            hasattr(f, "name") and hasattr(f, "type") for f in fields):
        return [(f.name, f.type) for f in fields]
    return None


def _optional_inner(ftype):
    if typing.get_origin(ftype) is typing.Union:
        args = [a for a in typing.get_args(ftype) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(ftype)) == 2:
            return args[0]
    return None


def _variant_args(ftype):
    """The alternatives of a variant type (a Union that is not just
    Optional[T]), or None."""
    if typing.get_origin(ftype) is typing.Union and \
            _optional_inner(ftype) is None:
        return typing.get_args(ftype)
    return None


def _variant_name(alternative):
    """The tag that selects `alternative`: its class name, without template
    arguments (GaussianVector[3] is !GaussianVector)."""
    name = getattr(alternative, "__name__", str(alternative))
    return name.split("[", 1)[0]


def _is_instance(value, alternative):
    if alternative is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    origin = typing.get_origin(alternative) or alternative
    return isinstance(origin, type) and isinstance(value, origin)


def _convert_variant(value, ftype, alternatives, where, current, options):
    if isinstance(value, _Tagged):
        for alternative in alternatives:
            if _variant_name(alternative) == value.tag:
                break
        else:
            names = ", ".join(_variant_name(a) for a in alternatives)
            raise RuntimeError(
                f"{where}: the YAML type tag '!{value.tag}' does not match "
                f"any of the alternatives of this field ({names})")
        value = dict(value)
    elif isinstance(value, dict):
        alternative = alternatives[0]  # untagged: the first alternative
    else:
        scalar = [a for a in alternatives
                  if a in (float, int, bool, str) and _is_instance(value, a)]
        alternative = scalar[0] if scalar else alternatives[0]
    # A default of the same alternative is merged into; any other (even a
    # wrapper holding the same alternative) is replaced, as the reference
    # does.
    if current is not None and not _is_instance(current, alternative):
        current = None
    return _convert(value, alternative, where, current, options)


def _unwrap_variant(value, ftype):
    """A schema struct whose only field has the variant type `ftype`
    (Rotation, around its Identity/Rpy/... value) stands for that field."""
    fields = _fields(type(value))
    if fields is not None and len(fields) == 1 and fields[0][1] == ftype:
        return getattr(value, fields[0][0])
    return value


def _convert(value, ftype, where, current, options):
    """The yaml `value` as a `ftype`; `current` is the field's value before
    (the default to merge nested schemas and maps into)."""
    inner = _optional_inner(ftype)
    if inner is not None:
        if value is None:
            return None
        return _convert(value, inner, where, current, options)
    alternatives = _variant_args(ftype)
    if alternatives is not None:
        return _convert_variant(value, ftype, alternatives, where, current,
                                options)
    origin = typing.get_origin(ftype)
    if ftype is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            if isinstance(value, str):
                return float(value)  # ValueError names the text
            raise TypeError(f"{where}: expected a float, got {value!r}")
        return float(value)
    if ftype is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{where}: expected an int, got {value!r}")
        return value
    if ftype is bool:
        if not isinstance(value, bool):
            raise TypeError(f"{where}: expected a bool, got {value!r}")
        return value
    if ftype is str:
        if not isinstance(value, str):
            raise TypeError(f"{where}: expected a string, got {value!r}")
        return value
    if ftype is np.ndarray or origin is np.ndarray:
        return np.array(value, dtype=float)
    if origin in (list, typing.List) or ftype is list:
        if not isinstance(value, list):
            raise TypeError(f"{where}: expected a list, got {value!r}")
        (item,) = typing.get_args(ftype) or (typing.Any,)
        return [_convert(v, item, f"{where}[{i}]", None, options)
                for i, v in enumerate(value)]
    if origin in (dict, typing.Dict) or ftype is dict:
        if not isinstance(value, dict):
            raise TypeError(f"{where}: expected a mapping, got {value!r}")
        args = typing.get_args(ftype)
        item = args[1] if len(args) == 2 else typing.Any
        result = {}
        if options["retain_map_defaults"] and isinstance(current, dict):
            result = dict(current)
        for k, v in value.items():
            result[k] = _convert(v, item, f"{where}[{k!r}]", result.get(k),
                                 options)
        return result
    if _fields(ftype) is not None:
        base = current if isinstance(current, ftype) else ftype()
        return _merge(base, value, ftype, where, options)
    if ftype is typing.Any:
        return value
    raise NotImplementedError(
        f"{where}: fields of type {ftype!r} are not supported by "
        "ossa.common.yaml")


def _merge(target, data, schema, where, options):
    if not isinstance(data, dict):
        raise TypeError(f"{where}: expected a mapping for "
                        f"{schema.__name__}, got {data!r}")
    fields = _fields(schema)
    names = [n for n, _ in fields]
    unknown = [k for k in data if k not in names]
    if unknown and not options["allow_yaml_with_no_schema"]:
        raise RuntimeError(
            f"{where or schema.__name__}: the fields {unknown} were unknown "
            f"to the schema {schema.__name__}")
    missing = [n for n in names if n not in data]
    if missing and not options["allow_schema_with_no_yaml"]:
        raise RuntimeError(
            f"{where or schema.__name__}: the fields {missing} of "
            f"{schema.__name__} were missing from the YAML data")
    for name, ftype in fields:
        if name in data:
            sub = f"{where}.{name}" if where else name
            setattr(target, name, _convert(
                data[name], ftype, sub, getattr(target, name), options))
    return target


def yaml_load_typed(*, schema=None, data=None, filename=None,
                    child_name=None, defaults=None,
                    allow_yaml_with_no_schema=False,
                    allow_schema_with_no_yaml=True,
                    retain_map_defaults=True):
    """Reads YAML (`data` text or `filename`, exactly one) into a new
    instance of `schema` (default: type(defaults)), starting from a copy of
    `defaults` (or schema()). With `child_name`, reads the document's entry
    of that name. Raises RuntimeError for a key the schema does not have
    (unless allow_yaml_with_no_schema) or a field the YAML lacks (when not
    allow_schema_with_no_yaml), TypeError/ValueError for a value of the
    wrong type. With retain_map_defaults, a Dict field's YAML entries are
    merged into the default's entries instead of replacing them."""
    if schema is None:
        if defaults is None:
            raise TypeError("yaml_load_typed(): give schema= or defaults=")
        schema = type(defaults)
    if _fields(schema) is None:
        raise TypeError(
            f"yaml_load_typed(): {schema!r} is not a schema (a dataclass or "
            "a class with __fields__)")
    if (data is None) == (filename is None):
        raise RuntimeError(
            "yaml_load_typed(): give exactly one of data= and filename=")
    if data is None:
        with open(filename, encoding="utf-8") as f:
            data = f.read()
    document = _yaml().load(data, Loader=_tagged_loader())
    if child_name is not None:
        if not isinstance(document, dict) or child_name not in document:
            raise KeyError(
                f"yaml_load_typed(): no top-level entry {child_name!r}")
        document = document[child_name]
    if document is None:
        document = {}
    target = copy.deepcopy(defaults) if defaults is not None else schema()
    options = dict(allow_yaml_with_no_schema=allow_yaml_with_no_schema,
                   allow_schema_with_no_yaml=allow_schema_with_no_yaml,
                   retain_map_defaults=retain_map_defaults)
    return _merge(target, document, schema, "", options)


def _variant_to_data(value, ftype, alternatives):
    value = _unwrap_variant(value, ftype)
    for index, alternative in enumerate(alternatives):
        if _is_instance(value, alternative):
            break
    else:
        raise RuntimeError(
            f"yaml_dump_typed(): a {type(value).__name__} is none of the "
            f"alternatives of {ftype}")
    data = _to_data(value, alternative)
    if index != 0 and isinstance(data, dict):
        data = _Tagged(data, _variant_name(alternative))
    return data


def _to_data(value, ftype):
    inner = _optional_inner(ftype)
    if inner is not None:
        return _to_data(value, inner)
    alternatives = _variant_args(ftype)
    if alternatives is not None:
        return _variant_to_data(value, ftype, alternatives)
    if _fields(type(value)) is not None:
        return _schema_to_data(value, type(value))
    if isinstance(value, np.ndarray):
        return [_to_data(v, None) for v in value.tolist()]
    if isinstance(value, (list, tuple)):
        args = typing.get_args(ftype) if ftype is not None else ()
        return [_to_data(v, args[0] if args else None) for v in value]
    if isinstance(value, dict):
        args = typing.get_args(ftype) if ftype is not None else ()
        return {k: _to_data(v, args[1] if len(args) == 2 else None)
                for k, v in value.items()}
    if isinstance(value, np.generic):
        return value.item()
    if ftype is float and isinstance(value, int) and not isinstance(
            value, bool):
        return float(value)
    return value


def _schema_to_data(obj, schema):
    out = {}
    for name, ftype in _fields(schema):
        value = getattr(obj, name)
        if value is None and _optional_inner(ftype) is not None:
            continue  # an unset optional is left out
        out[name] = _to_data(value, ftype)
    return out


def _prune_defaults(data, defaults):
    """Leaves out of `data` the entries equal to those of `defaults`."""
    if not isinstance(data, dict) or not isinstance(defaults, dict):
        return data
    out = {}
    for k, v in data.items():
        if k in defaults:
            if getattr(v, "tag", None) != getattr(defaults[k], "tag", None):
                out[k] = v  # another variant alternative: keep it whole
                continue
            if isinstance(v, dict) and isinstance(defaults[k], dict) and v:
                pruned = _prune_defaults(v, defaults[k])
                if pruned:
                    out[k] = pruned
                continue
            if v == defaults[k]:
                continue
        out[k] = v
    return out


def yaml_dump_typed(data, *, filename=None, schema=None, child_name=None,
                    defaults=None):
    """Writes the schema instance `data` as YAML (returns the text, or
    writes `filename`). With `defaults` (an instance of the same schema),
    fields equal to the default's are left out; with `child_name`, the
    document is {child_name: data}."""
    if schema is None:
        schema = type(data)
    if _fields(schema) is None:
        raise TypeError(
            f"yaml_dump_typed(): {schema!r} is not a schema (a dataclass or "
            "a class with __fields__)")
    tree = _schema_to_data(data, schema)
    if defaults is not None:
        tree = _prune_defaults(tree, _schema_to_data(defaults, schema))
    if child_name is not None:
        tree = {child_name: tree}
    return _dump_text(tree, filename)
