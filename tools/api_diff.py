#!/usr/bin/env python3
"""Measures ossa's Python API against the reference toolkit's (pydrake).

For every module ossa mirrors, introspects the installed reference package
(PyPI `drake`, imported as `pydrake`) and ossa, and reports

* names missing: the module's public names, and the public members of each of
  its classes (``Class.member``);
* functions and methods whose parameters differ: names, order, which have
  defaults (and the default's value when it is a plain literal), keyword
  use. The reference's signatures come from its docstrings (pybind11 puts
  ``name(self: T, a: int = 1) -> R`` lines first, one per overload), ossa's
  from nanobind's ``__nb_signature__`` or ``inspect.signature``;
* template instantiations missing (``Name_[AutoDiffXd]``, ...);
* classes that cannot be subclassed from Python where the reference's can.

Names that belong to geometry, contact, symbolic or visualization are left
out of the figures (other work adds them) and counted separately.

Usage: PYTHONPATH=build/python python3 tools/api_diff.py [-v] [--json]
[--module common.value]. Imported by python/ossa/test/api_diff_test.py.
"""

import argparse
import importlib
import inspect
import json
import os
import re
import sys
import types

# (label, reference module, ossa module).
MODULES = [
    ("common", "pydrake.common", "ossa.common"),
    ("common.value", "pydrake.common.value", "ossa.common.value"),
    ("common.eigen_geometry", "pydrake.common.eigen_geometry",
     "ossa.common.eigen_geometry"),
    ("common.deprecation", "pydrake.common.deprecation",
     "ossa.common.deprecation"),
    ("common.yaml", "pydrake.common.yaml", "ossa.common.yaml"),
    ("common.schema", "pydrake.common.schema", "ossa.common.schema"),
    ("common.containers", "pydrake.common.containers",
     "ossa.common.containers"),
    ("common.cpp_template", "pydrake.common.cpp_template",
     "ossa.common.cpp_template"),
    ("common.cpp_param", "pydrake.common.cpp_param", "ossa.common.cpp_param"),
    ("autodiffutils", "pydrake.autodiffutils", "ossa.autodiffutils"),
    ("math", "pydrake.math", "ossa.math"),
    ("trajectories", "pydrake.trajectories", "ossa.trajectories"),
    ("polynomial", "pydrake.polynomial", "ossa.polynomial"),
    ("multibody.math", "pydrake.multibody.math", "ossa.multibody.math"),
    ("multibody.tree", "pydrake.multibody.tree", "ossa.multibody.tree"),
    ("multibody.plant", "pydrake.multibody.plant", "ossa.multibody.plant"),
    ("multibody.parsing", "pydrake.multibody.parsing",
     "ossa.multibody.parsing"),
    ("systems.framework", "pydrake.systems.framework",
     "ossa.systems.framework"),
    ("systems.analysis", "pydrake.systems.analysis", "ossa.systems.analysis"),
    ("systems.primitives", "pydrake.systems.primitives",
     "ossa.systems.primitives"),
    ("systems.controllers", "pydrake.systems.controllers",
     "ossa.systems.controllers"),
]

# Whole modules owned by other work: listed, not scored.
EXCLUDED_MODULES = [
    ("geometry", "pydrake.geometry", "ossa.geometry"),
    ("symbolic", "pydrake.symbolic", "ossa.symbolic"),
    ("visualization", "pydrake.visualization", "ossa.visualization"),
]

# Names (module level or members) that belong to the excluded areas. Checked
# against the last component of a name, in this order.
_CATEGORY_NAME_PATTERNS = [
    ("contact", re.compile(
        r"Contact|contact|PointPair|point_pair|Penetration|penetration|"
        r"Hydroelastic|hydroelastic|PenaltyMethod|penalty_method|"
        r"StictionTolerance|stiction_tolerance|Sap[A-Z]|Tamsi")),
    ("geometry", re.compile(
        r"Geometr|geometr|SceneGraph|scene_graph|Collision|collision|"
        r"Proximity|proximity|Visual(?!iz)|visual(?!iz)|Illustration|"
        r"illustration|Perception|perception|Render|render|Shape|shape|"
        r"FrameId|frame_id|SourceId|source_id|Camera|camera|DepthImage|"
        r"Image(?!Ex)|Frustum|Deformable|deformable|FilterCollision")),
    ("visualization", re.compile(
        r"Meshcat|meshcat|Visualizer|visualizer|Lcm(?![a-z])|lcm(?![a-z])|"
        r"VisualizationConfig|visualization_config")),
    ("symbolic", re.compile(
        r"Symbolic|symbolic|Expression|expression|Variables?\b|Monomial|"
        r"(?<!Piecewise)Polynomial_?$|Formula")),
]
# Types in a signature that put an overload in an excluded area.
_CATEGORY_SIGNATURE_PATTERNS = [
    ("symbolic", re.compile(r"pydrake\.symbolic\.|\bExpression\b")),
    ("geometry", re.compile(r"pydrake\.geometry\.")),
    ("visualization", re.compile(
        r"pydrake\.visualization\.|pydrake\.lcm\.|Meshcat")),
]
CATEGORIES = ("geometry", "contact", "symbolic", "visualization")

# Why each remaining gap exists: tools/api_diff_reasons.py (the first
# matching pattern on "module:Name.member" gives the reason).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from api_diff_reasons import REASONS  # noqa: E402


def reason_for(label, name):
    key = f"{label}:{name}"
    for pattern, reason in REASONS:
        if re.search(pattern, key):
            return reason
    return "Not bound yet."


# Special methods compared besides the public (non-underscore) members.
_DUNDERS = {"__init__", "__call__", "__getitem__", "__setitem__", "__len__",
            "__iter__", "__copy__", "__deepcopy__", "__mul__", "__matmul__",
            "__add__", "__sub__", "__neg__", "__truediv__", "__pow__",
            "__abs__", "__float__", "__int__", "__getstate__",
            "__setstate__", "__contains__"}
_IGNORED_MEMBERS = {"__getstate__", "__setstate__"}  # object has them too

_REFERENCE_NAME = re.compile(r"[\U0001D4E3\U0001D4E4]")  # mangled 𝓣 𝓤


def classify_name(name):
    """The excluded area a name belongs to, or None."""
    last = name.rsplit(".", 1)[-1]
    for category, pattern in _CATEGORY_NAME_PATTERNS:
        if pattern.search(last):
            return category
    return None


def classify_signature(text):
    for category, pattern in _CATEGORY_SIGNATURE_PATTERNS:
        if pattern.search(text):
            return category
    return None


# ----------------------------------------------------------------------------
# Signatures.

class Param:
    """One parameter: name (None when only positional and unnamed, as
    pybind11's argN), kind ("pos", "poskw", "kw", "var", "varkw"), whether it
    has a default and the default's literal value (or a marker)."""

    _NO_LITERAL = object()

    def __init__(self, name, kind, has_default, default=_NO_LITERAL):
        self.name = name
        self.kind = kind
        self.has_default = has_default
        self.default = default

    def __repr__(self):
        text = self.name or "_"
        if self.kind == "var":
            text = "*" + text
        elif self.kind == "varkw":
            text = "**" + text
        if self.has_default:
            text += "=" + (repr(self.default)
                           if self.default is not Param._NO_LITERAL else "…")
        return text


def _split_top_level(text, sep=","):
    """Splits on `sep` outside (), [], {}, <> and quotes."""
    parts, depth, quote, start = [], 0, None, 0
    i = 0
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c in "([{<":
            depth += 1
        elif c in ")]}>":
            if not (c == ">" and i > 0 and text[i - 1] == "-"):
                depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _literal(text):
    text = text.strip()
    try:
        value = eval(text, {"__builtins__": {}}, {  # noqa: S307 (literals)
            "inf": float("inf"), "nan": float("nan")})
    except Exception:
        return Param._NO_LITERAL
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return Param._NO_LITERAL


def _closing_paren(text, start):
    """Index of the parenthesis closing the one at text[start]."""
    depth, quote = 0, None
    for i in range(start, len(text)):
        c = text[i]
        if quote:
            if c == quote and text[i - 1] != "\\":
                quote = None
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i
    return -1


def parse_signature_text(text, defaults=None):
    """Parses "name(a: T, b: U = 1, *, c=2) -> R" into a list of Params
    (self dropped). `defaults` resolves nanobind's \\N placeholders."""
    open_at = text.find("(")
    close_at = _closing_paren(text, open_at) if open_at >= 0 else -1
    if close_at < 0:
        return None
    params = []
    kind = "poskw"
    for index, part in enumerate(_split_top_level(text[open_at + 1:close_at])):
        if part == "/":
            for p in params:
                p.kind = "pos"
            continue
        if part == "*":
            kind = "kw"
            continue
        if part.startswith("**"):
            params.append(Param(part[2:].split(":")[0].strip(), "varkw",
                                False))
            continue
        if part.startswith("*"):
            params.append(Param(part[1:].split(":")[0].strip(), "var", False))
            kind = "kw"
            continue
        name_and_type, eq, default = _partition_default(part)
        name = name_and_type.split(":")[0].strip()
        if index == 0 and name in ("self", "cls"):
            continue
        has_default = bool(eq)
        value = Param._NO_LITERAL
        if has_default:
            default = default.strip()
            m = re.fullmatch(r"\\(\d+)", default)
            if m and defaults is not None:
                value = defaults[int(m.group(1))]
                if not (value is None
                        or isinstance(value, (bool, int, float, str))):
                    value = Param._NO_LITERAL
            else:
                value = _literal(default)
        param_kind = kind
        if re.fullmatch(r"arg\d+", name):
            name, param_kind = None, "pos"
        params.append(Param(name, param_kind, has_default, value))
    return params


def _partition_default(part):
    """Splits "name: T = default" at the top-level '=' (not '==')."""
    depth, quote = 0, None
    for i, c in enumerate(part):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        elif (c == "=" and depth == 0 and part[i + 1:i + 2] != "="
              and part[i - 1:i] not in "=!<>"):
            return part[:i], "=", part[i + 1:]
    return part, "", ""


def signatures_of(obj, name):
    """The overloads of a callable as [(params, text)], or None when they
    cannot be read."""
    nb = getattr(obj, "__nb_signature__", None)
    if nb is not None:
        out = []
        for sig, _, defaults in nb:
            params = parse_signature_text(sig, defaults)
            if params is not None:
                out.append((params, sig))
        return out or None
    doc = getattr(obj, "__doc__", None)
    if (isinstance(doc, str) and not isinstance(obj, types.FunctionType)
            and not inspect.ismethod(obj)):
        lines = doc.strip().splitlines()
        out = []
        if lines and lines[0].startswith(name + "(") and \
                "Overloaded function." not in doc:
            params = parse_signature_text(lines[0])
            if params is not None:
                out.append((params, lines[0]))
        else:
            for line in lines:
                m = re.match(r"^\d+\. (" + re.escape(name) + r"\(.*)$", line)
                if m:
                    params = parse_signature_text(m.group(1))
                    if params is not None:
                        out.append((params, m.group(1)))
        if out:
            return out
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    params = []
    kinds = {
        inspect.Parameter.POSITIONAL_ONLY: "pos",
        inspect.Parameter.POSITIONAL_OR_KEYWORD: "poskw",
        inspect.Parameter.KEYWORD_ONLY: "kw",
        inspect.Parameter.VAR_POSITIONAL: "var",
        inspect.Parameter.VAR_KEYWORD: "varkw",
    }
    for index, p in enumerate(sig.parameters.values()):
        if index == 0 and p.name in ("self", "cls"):
            continue  # a method (maybe a function set on a class later)
        has_default = p.default is not inspect.Parameter.empty
        value = Param._NO_LITERAL
        if has_default and (p.default is None or isinstance(
                p.default, (bool, int, float, str))):
            value = p.default
        params.append(Param(p.name, kinds[p.kind], has_default, value))
    return [(params, name + str(sig))]


def _accepts(ours, theirs):
    """Whether a call valid for the reference overload `theirs` is valid
    for ossa's overload `ours` (as far as names, order, defaults go)."""
    if any(p.kind == "var" for p in ours) and any(
            p.kind == "varkw" for p in ours):
        return True  # (*args, **kwargs): a Python-level forwarding wrapper
    if [p.kind for p in theirs] == ["var", "varkw"]:
        return True  # the reference documents no signature
    theirs_fixed = [p for p in theirs if p.kind not in ("var", "varkw")]
    ours_fixed = [p for p in ours if p.kind not in ("var", "varkw")]
    if not theirs_fixed and [p.kind for p in theirs] == ["varkw"] and all(
            p.kind in ("kw", "poskw") and p.has_default for p in ours_fixed):
        return True  # (**kwargs) of a struct's fields, given by name
    if any(p.kind == "var" for p in theirs) and not any(
            p.kind == "var" for p in ours):
        return False
    if any(p.kind == "varkw" for p in theirs) and not any(
            p.kind == "varkw" for p in ours):
        return False
    if len(ours_fixed) < len(theirs_fixed):
        return False
    for o, t in zip(ours_fixed, theirs_fixed):
        if t.name is not None and t.kind != "pos":
            if o.name != t.name or o.kind == "pos":
                return False
        if t.kind == "pos" and o.kind == "kw":
            return False
        if t.has_default:
            if not o.has_default:
                return False
            if (t.default is not Param._NO_LITERAL
                    and o.default is not Param._NO_LITERAL
                    and not _same_default(o.default, t.default)):
                return False
    # Extra trailing parameters of ours must be optional.
    return all(p.has_default for p in ours_fixed[len(theirs_fixed):])


def _same_default(a, b):
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and \
            not isinstance(a, bool) and not isinstance(b, bool):
        return a == b or (a != a and b != b)
    return a == b


def compare_callables(ref_obj, ours_obj, name):
    """(matches, reason, category) for a reference callable against ours.
    Overloads that belong to an excluded area are skipped; category is set
    when all of them do."""
    theirs = signatures_of(ref_obj, name)
    if theirs is None:
        return True, None, None
    kept, categories = [], set()
    for params, text in theirs:
        category = classify_signature(text)
        if category:
            categories.add(category)
        else:
            kept.append((params, text))
    if not kept:
        return True, None, (sorted(categories)[0] if categories else None)
    ours = signatures_of(ours_obj, name)
    if ours is None:
        return True, None, None
    for params, text in kept:
        if not any(_accepts(o, params) for o, _ in ours):
            return False, "reference: %s\n      ossa: %s" % (
                text.split(" -> ")[0], " | ".join(
                    t.split(" -> ")[0] for _, t in ours)), None
    return True, None, None


# ----------------------------------------------------------------------------
# Modules.

def _is_template(obj):
    return type(obj).__name__ in ("TemplateClass", "TemplateFunction",
                                  "TemplateMethod") and hasattr(
                                      obj, "param_list")


def public_names(module):
    """Public names defined by (or templates exported from) the module."""
    names = {}
    for name in dir(module):
        if name.startswith("_") or _REFERENCE_NAME.search(name) or "[" in name:
            continue
        obj = getattr(module, name)
        if isinstance(obj, types.ModuleType):
            continue
        if _is_template(obj):
            names[name] = obj
            continue
        owner = getattr(obj, "__module__", None)
        if isinstance(obj, (bool, int, float, str)) or owner is None:
            names[name] = obj
        elif isinstance(owner, str) and owner.startswith(module.__name__):
            names[name] = obj
    return names


def _param_name(param):
    """A template parameter's name, the same for both packages:
    "RigidTransform_[AutoDiffXd]", "list[RigidTransform]" (the float
    instantiation under its alias's name)."""
    if getattr(param, "__origin__", None) is list:
        return "list[%s]" % ",".join(_param_name(a) for a in param.__args__)
    if isinstance(param, tuple):
        return "(" + ",".join(_param_name(p) for p in param) + ")"
    name = getattr(param, "__name__", str(param))
    name = name.replace("\U0001D4E3", "[").replace("\U0001D4E4", "]")
    return re.sub(r"_\[float\]$", "", name)


def _instantiation_names(template):
    out = []
    for params in template.param_list:
        out.append(",".join(_param_name(p) for p in params))
    return out


def _class_members(cls):
    out = {}
    for name, value in vars(cls).items():
        if name in _IGNORED_MEMBERS:
            continue
        if (name.startswith("_") and name not in _DUNDERS) or \
                _REFERENCE_NAME.search(name) or "[" in name:
            continue
        if name.startswith("_") and isinstance(value, type):
            continue
        out[name] = value
    return out


def _access_kind(value):
    """"attribute" (a property or a plain value), "method" (called) or
    "class"."""
    if isinstance(value, type) or _is_template(value):
        return "class"
    if _is_property(value) or not callable(value):
        return "attribute"
    return "method"


def _is_property(value):
    return isinstance(value, property) or type(value).__name__ in (
        "nb_property", "property")


def _is_enum(cls):
    return hasattr(cls, "__members__") or hasattr(cls, "__entries")


def _subclassable(cls):
    try:
        type("ApiDiffProbe", (cls,), {})
        return True
    except Exception:
        return False


class ModuleReport:
    def __init__(self, label):
        self.label = label
        self.names_total = 0
        self.names_present = 0
        self.signatures_ok = 0
        self.inst_total = 0
        self.inst_present = 0
        self.subclass_total = 0
        self.subclass_ok = 0
        self.missing = []
        self.mismatched = []
        self.missing_instantiations = []
        self.not_subclassable = []
        self.excluded = {c: [] for c in CATEGORIES}
        self.error = None

    def figures(self):
        return {"names": self.names_present, "names_total": self.names_total,
                "signatures": self.signatures_ok,
                "instantiations": self.inst_present,
                "instantiations_total": self.inst_total,
                "subclassable": self.subclass_ok,
                "subclassable_total": self.subclass_total}

    def line(self):
        text = "%s: %d/%d names, %d with matching signatures" % (
            self.label, self.names_present, self.names_total,
            self.signatures_ok)
        if self.inst_total:
            text += "; %d/%d instantiations" % (self.inst_present,
                                                 self.inst_total)
        if self.subclass_total:
            text += "; %d/%d subclassable" % (self.subclass_ok,
                                              self.subclass_total)
        return text


def _import(name):
    try:
        return importlib.import_module(name), None
    except ImportError as e:
        return None, e


def compare_modules(label, ref_module, ours_module):
    """Compares two imported modules (ours may be None: all missing)."""
    report = ModuleReport(label)
    ref_names = public_names(ref_module)
    seen = set()  # classes and templates already compared (aliases)
    # A class's own name before its aliases (RigidBody before Body).
    order = sorted(ref_names, key=lambda n: (
        getattr(ref_names[n], "__name__", n).split("_[")[0] != n
        and getattr(ref_names[n], "name", n) != n, n))
    for name in order:
        ref_obj = ref_names[name]
        category = classify_name(name)
        ours_obj = getattr(ours_module, name, None) if ours_module else None
        if category:
            report.excluded[category].append(
                (name, ours_obj is not None))
            continue
        _compare_entry(report, name, ref_obj, ours_obj)
        if id(ref_obj) in seen:
            continue  # an alias (Body is RigidBody): its name only
        if isinstance(ref_obj, type) or _is_template(ref_obj):
            seen.add(id(ref_obj))
        if _is_template(ref_obj):
            _compare_template(report, name, ref_obj, ours_obj)
        if isinstance(ref_obj, type):
            _compare_class(report, name, ref_obj, ours_obj)
        elif _is_template(ref_obj) and name.endswith("_") and \
                name[:-1] not in ref_names and ref_obj.param_list:
            # A template without a default alias: compare its first
            # instantiation's members under the template's name.
            try:
                ref_cls = ref_obj[ref_obj.param_list[0]]
                ours_cls = ours_obj[ref_obj.param_list[0]] if (
                    ours_obj is not None and ours_obj.param_list) else None
            except Exception:
                ref_cls = ours_cls = None
            if isinstance(ref_cls, type):
                _compare_class(report, name, ref_cls, ours_cls)
    return report


def _compare_entry(report, name, ref_obj, ours_obj):
    report.names_total += 1
    if ours_obj is None:
        report.missing.append(name)
        return
    report.names_present += 1
    ref_kind, ours_kind = _access_kind(ref_obj), _access_kind(ours_obj)
    if ref_kind != ours_kind and "class" not in (ref_kind, ours_kind):
        report.mismatched.append((name, "reference: %s, ossa: %s" % (
            ref_kind, ours_kind)))
        return
    if callable(ref_obj) and not isinstance(ref_obj, type) and \
            not _is_template(ref_obj) and callable(ours_obj):
        ok, reason, category = compare_callables(
            ref_obj, ours_obj, name.rsplit(".", 1)[-1])
        if not ok:
            report.mismatched.append((name, reason))
            return
    report.signatures_ok += 1


def _compare_template(report, name, ref_obj, ours_obj):
    ours_inst = set(_instantiation_names(ours_obj)) if (
        ours_obj is not None and _is_template(ours_obj)) else set()
    for inst in _instantiation_names(ref_obj):
        if "Expression" in inst or "Formula" in inst or "Variable" in inst:
            report.excluded["symbolic"].append(
                ("%s[%s]" % (name, inst), inst in ours_inst))
            continue
        report.inst_total += 1
        if inst in ours_inst:
            report.inst_present += 1
        else:
            report.missing_instantiations.append("%s[%s]" % (name, inst))


def _compare_class(report, name, ref_cls, ours_cls):
    if not _is_enum(ref_cls) and _subclassable(ref_cls):
        report.subclass_total += 1
        if isinstance(ours_cls, type) and _subclassable(ours_cls):
            report.subclass_ok += 1
        else:
            report.not_subclassable.append(name)
    for member, value in sorted(_class_members(ref_cls).items()):
        qualified = name + "." + member
        category = classify_name(member)
        ours_value = None
        if isinstance(ours_cls, type):
            ours_value = inspect.getattr_static(ours_cls, member, None)
            if ours_value is None:
                ours_value = getattr(ours_cls, member, None)
        if category:
            report.excluded[category].append(
                (qualified, ours_value is not None))
            continue
        if callable(value) and not isinstance(value, type):
            # Skip members whose every overload is in an excluded area.
            _, _, sig_category = compare_callables(value, value, member)
            if sig_category:
                report.excluded[sig_category].append(
                    (qualified, ours_value is not None))
                continue
        ref_obj = value
        ours_obj = ours_value
        if isinstance(value, (staticmethod, classmethod)):
            ref_obj = getattr(ref_cls, member)
            ours_obj = getattr(ours_cls, member, None)
        elif ours_value is not None and isinstance(ours_value,
                                                   (staticmethod,
                                                    classmethod)):
            ours_obj = getattr(ours_cls, member)
        _compare_entry(report, qualified, ref_obj, ours_obj)


def run(labels=None, excluded=True):
    """Reports for the mirrored modules (and the excluded ones, unscored)."""
    reports = []
    for label, ref_name, ours_name in MODULES:
        if labels and label not in labels:
            continue
        ref_module, error = _import(ref_name)
        if ref_module is None:
            report = ModuleReport(label)
            report.error = "reference not importable: %s" % error
            reports.append(report)
            continue
        ours_module, _ = _import(ours_name)
        reports.append(compare_modules(label, ref_module, ours_module))
    excluded_reports = []
    if excluded:
        for label, ref_name, ours_name in EXCLUDED_MODULES:
            if labels and label not in labels:
                continue
            ref_module, _ = _import(ref_name)
            if ref_module is None:
                continue
            ours_module, _ = _import(ours_name)
            excluded_reports.append(
                compare_modules(label, ref_module, ours_module))
    return reports, excluded_reports


def totals(reports):
    total = ModuleReport("total")
    for r in reports:
        for key in ("names_total", "names_present", "signatures_ok",
                    "inst_total", "inst_present", "subclass_total",
                    "subclass_ok"):
            setattr(total, key, getattr(total, key) + getattr(r, key))
    return total


def markdown(reports, total):
    """Every remaining gap, grouped by reason within each module."""
    lines = ["| module | names | matching signatures | instantiations | "
             "subclassable |", "| --- | --- | --- | --- | --- |"]
    for r in reports + [total]:
        f = r.figures()
        lines.append(
            f"| {r.label} | {f['names']}/{f['names_total']} | "
            f"{f['signatures']} | {f['instantiations']}/"
            f"{f['instantiations_total']} | {f['subclassable']}/"
            f"{f['subclassable_total']} |")
    for r in reports:
        gaps = [(name, "missing") for name in r.missing]
        gaps += [(name, "signature differs") for name, _ in r.mismatched]
        gaps += [(name, "instantiation missing")
                 for name in r.missing_instantiations]
        gaps += [(name, "not subclassable") for name in r.not_subclassable]
        if not gaps:
            continue
        lines += ["", f"### {r.label}", ""]
        by_reason = {}
        for name, kind in gaps:
            by_reason.setdefault(reason_for(r.label, name), []).append(
                f"`{name}` ({kind})" if kind != "missing" else f"`{name}`")
        for reason, names in by_reason.items():
            lines.append(f"- {reason} {', '.join(names)}")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="list every missing name and mismatch")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as JSON")
    parser.add_argument("--markdown", action="store_true",
                        help="print every remaining gap with its reason "
                        "(the list in docs/porting_guide.md)")
    parser.add_argument("--module", action="append",
                        help="only this module (label, e.g. math); repeat")
    args = parser.parse_args(argv)
    reports, excluded_reports = run(args.module)
    total = totals(reports)
    if args.markdown:
        print(markdown(reports, total))
        return 0
    if args.json:
        out = {r.label: r.figures() for r in reports}
        out["total"] = total.figures()
        out["excluded"] = {
            c: sum(len(r.excluded[c]) for r in reports + excluded_reports)
            for c in CATEGORIES}
        print(json.dumps(out, indent=1, sort_keys=True))
        return 0
    for r in reports:
        if r.error:
            print("%s: %s" % (r.label, r.error))
            continue
        print(r.line())
        if args.verbose:
            for name in r.missing:
                print("    missing: " + name)
            for name, reason in r.mismatched:
                print("    signature: %s\n      %s" % (name, reason))
            for name in r.missing_instantiations:
                print("    instantiation: " + name)
            for name in r.not_subclassable:
                print("    not subclassable: " + name)
    print(total.line().replace("total:", "TOTAL:"))
    print()
    print("Not scored (geometry, contact, symbolic, visualization; "
          "names present in ossa / names):")
    for category in CATEGORIES:
        entries = [(r.label, n, present)
                   for r in reports + excluded_reports
                   for n, present in r.excluded[category]]
        present = sum(1 for _, _, p in entries if p)
        print("  %s: %d/%d" % (category, present, len(entries)))
        if args.verbose:
            for label, name, p in entries:
                print("    %s %s.%s" % ("+" if p else "-", label, name))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # piped into head
        sys.exit(0)
