#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "ossa/bindings.h"
#include "ossa/common/error.h"
#include "ossa/common/find_resource.h"
#include "ossa/common/scalar_traits.h"
#include "ossa/common/text_logging.h"
#include "ossa/common/value.h"
#include "ossa/py_util.h"

#ifndef OSSA_VERSION_STRING
#define OSSA_VERSION_STRING "0.0.0"
#endif

namespace nb = nanobind;

namespace ossa::py {

namespace {

nb::handle g_common_module;

// The level names of the reference's set_log_level (spdlog's), plus the
// spelled-out "warning" and "error" on input.
LogLevel ParseLogLevel(const std::string& name) {
  if (name == "trace") return LogLevel::kTrace;
  if (name == "debug") return LogLevel::kDebug;
  if (name == "info") return LogLevel::kInfo;
  if (name == "warn" || name == "warning") return LogLevel::kWarn;
  if (name == "err" || name == "error" || name == "critical")
    return LogLevel::kError;
  if (name == "off") return LogLevel::kOff;
  ThrowLogicError(
      "set_log_level(): unknown level '{}'; expected one of 'trace', "
      "'debug', 'info', 'warn', 'err', 'critical', 'off'.",
      name);
}

const char* LogLevelName(LogLevel level) {
  switch (level) {
    case LogLevel::kTrace:
      return "trace";
    case LogLevel::kDebug:
      return "debug";
    case LogLevel::kInfo:
      return "info";
    case LogLevel::kWarn:
      return "warn";
    case LogLevel::kError:
      return "err";
    case LogLevel::kOff:
      return "off";
  }
  return "off";
}

// Python's logging level for each of ossa's (trace has no name there).
int PythonLogLevel(LogLevel level) {
  switch (level) {
    case LogLevel::kTrace:
      return 5;
    case LogLevel::kDebug:
      return 10;
    case LogLevel::kInfo:
      return 20;
    case LogLevel::kWarn:
      return 30;
    case LogLevel::kError:
      return 40;
    case LogLevel::kOff:
      break;
  }
  return 50;
}

bool PythonIsFinalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing();
#else
  return _Py_IsFinalizing();
#endif
}

// The sink that hands C++ messages to Python's logging.getLogger("ossa").
// It may run on any thread: it takes the GIL. Once Python is shutting down
// (ossa/common resets the sink at exit, so this is a safety net) it prints
// like the native sink. It never lets an exception out into C++ code.
void PythonLoggingSink(LogLevel level, const std::string& message) {
  if (!Py_IsInitialized() || PythonIsFinalizing()) {
    std::fprintf(stderr, "[ossa] %s\n", message.c_str());
    return;
  }
  nb::gil_scoped_acquire gil;
  try {
    nb::module_::import_("logging").attr("getLogger")("ossa").attr("log")(
        PythonLogLevel(level), message);
  } catch (nb::python_error& e) {
    e.discard_as_unraisable("ossa's C++ -> Python logging sink");
  } catch (...) {
  }
}

void DefineLogging(nb::module_ m) {
  m.def(
      "_redirect_cpp_logging_to_python",
      []() { log()->set_sink(&PythonLoggingSink); },
      "Sends ossa's C++ log messages to logging.getLogger('ossa') (done "
      "when ossa.common is imported).");
  m.def(
      "use_native_cpp_logging", []() { log()->set_sink(nullptr); },
      "Makes ossa's C++ logger print to stderr itself instead of going "
      "through Python's logging module.");
  m.def(
      "set_log_level",
      [](const std::string& level) {
        const LogLevel new_level = ParseLogLevel(level);
        const LogLevel old = log()->level();
        log()->set_level(new_level);
        return std::string(LogLevelName(old));
      },
      nb::arg("level"),
      "Sets the threshold of ossa's C++ logger ('trace', 'debug', 'info', "
      "'warn', 'err', 'critical' or 'off'; messages below it are dropped) "
      "and returns the previous one.");
}

// RandomGenerator: the generator of System.SetRandomContext (std::mt19937,
// so a seed gives the same sequence as the reference's).
void DefineRandomGenerator(nb::module_ m) {
  using Generator = std::mt19937;
  nb::class_<Generator>(
      m, "RandomGenerator",
      "A pseudo-random number generator (32-bit Mersenne Twister); calling "
      "it returns the next number, an int in [0, 2**32).")
      .def(nb::init<>(), "A generator with the default seed (5489).")
      .def(nb::init<Generator::result_type>(), nb::arg("seed"),
           "A generator with the given seed.")
      .def(
          "__call__", [](Generator& self) { return self(); },
          "The next number of the sequence.")
      .def("__copy__", [](const Generator& self) { return Generator(self); })
      .def(
          "__deepcopy__",
          [](const Generator& self, nb::handle) { return Generator(self); },
          nb::arg("memo"));
}

void DefineValues(nb::module_ m) {
  nb::class_<AbstractValue>(
      m, "AbstractValue",
      "A type-erased value. Value[T] is the instantiation holding a T.")
      .def("Clone", &AbstractValue::Clone,
           "A copy of this value (a Value[T] of the same T).")
      .def("SetFrom", &AbstractValue::SetFrom, nb::arg("other"),
           "Copies the value of `other` into this one; raises if the held "
           "types differ.")
      .def("GetNiceTypeName", &AbstractValue::GetNiceTypeName,
           "The C++ name of the held type.")
      .def("__copy__", [](const AbstractValue& self) { return self.Clone(); })
      .def(
          "__deepcopy__",
          [](const AbstractValue& self, nb::handle) { return self.Clone(); },
          nb::arg("memo"))
      .def_static(
          "Make",
          [](nb::handle value) -> nb::object {
            nb::object tpl = GetCommonModule().attr("Value");
            nb::object inst =
                tpl.attr("get_instantiation")(value.type(), false)[0];
            // A numpy array goes to Value[np.ndarray] only if it is a
            // vector of numbers; other arrays are held as objects.
            if (!inst.is_none() &&
                inst.is(tpl[GetPyParamScalar<Eigen::VectorXd>()])) {
              const int ndim = nb::cast<int>(value.attr("ndim"));
              const std::string kind =
                  nb::cast<std::string>(value.attr("dtype").attr("kind"));
              if (ndim != 1 || kind.find_first_of("fiub") != 0)
                inst = nb::none();
            }
            if (inst.is_none()) {
              inst = tpl[nb::borrow(
                  reinterpret_cast<PyObject*>(&PyBaseObject_Type))];
            }
            return inst(value);
          },
          nb::arg("value"),
          "Returns Value[type(value)](value) if that instantiation exists, "
          "else Value[object](value).");

  // The common instantiations; float first, so it is Value's default.
  AddValueInstantiation<double>(m);
  AddValueInstantiation<int>(m);
  AddValueInstantiation<bool>(m);
  AddValueInstantiation<std::string>(m);
  AddValueInstantiation<Eigen::VectorXd>(m);

  // Value[object]: holds the Python object itself; Clone() deep-copies it.
  using ObjectValue = Value<PyObjectHolder>;
  nb::class_<ObjectValue, AbstractValue> obj_cls(
      m, "Value[object]",
      "Holds any Python object; cloning deep-copies it (copy.deepcopy).");
  obj_cls
      .def(
          "__init__",
          [](ObjectValue* self, nb::object value) {
            new (self) ObjectValue(PyObjectHolder(std::move(value)));
          },
          nb::arg("value").none() = nb::none())
      .def(
          "get_value",
          [](const ObjectValue& self) { return self.get_value().obj; },
          "The held object itself (not a copy).")
      .def(
          "get_mutable_value",
          [](ObjectValue& self) { return self.get_mutable_value().obj; },
          "The held object itself (not a copy).")
      .def(
          "set_value",
          [](ObjectValue& self, nb::object value) {
            self.get_mutable_value().obj = std::move(value);
          },
          nb::arg("value").none(), "Holds `value` (not a copy).");
  AddTemplateClass(m, "Value", obj_cls, GetPyParam<PyObjectHolder>());
}

// Test-only functions (ossa._ext.common._testing; the ones that need
// AutoDiffXd are added by testing_py.cc once it is bound).
void DefineTesting(nb::module_ m) {
  m.doc() = "Test helpers for the binding infrastructure (not API).";
  // Emits `message` at `level` through ossa's logger.
  m.def("Log", [](const std::string& level, const std::string& message) {
    const LogLevel l = ParseLogLevel(level);
    if (l == LogLevel::kDebug) log()->debug("{}", message);
    if (l == LogLevel::kInfo) log()->info("{}", message);
    if (l == LogLevel::kWarn) log()->warn("{}", message);
    if (l == LogLevel::kError) log()->error("{}", message);
  });
  // Emits `message` at `level` through ossa's logger and returns what a
  // capturing sink received: [] when the level is below the threshold.
  m.def("LogAndCapture",
        [](const std::string& level, const std::string& message) {
          std::vector<std::string> captured;
          Logger::Sink previous =
              log()->set_sink([&captured](LogLevel, const std::string& text) {
                captured.push_back(text);
              });
          const LogLevel l = ParseLogLevel(level);
          if (l == LogLevel::kDebug) log()->debug("{}", message);
          if (l == LogLevel::kInfo) log()->info("{}", message);
          if (l == LogLevel::kWarn) log()->warn("{}", message);
          if (l == LogLevel::kError) log()->error("{}", message);
          log()->set_sink(std::move(previous));
          return captured;
        });
  // Logs `count` warnings from a C++ thread that does not hold the GIL
  // while this (GIL-holding) thread logs `count` warnings too, then joins
  // with the GIL released. With a sink that takes the GIL this deadlocks if
  // the logger calls sinks under its own lock.
  m.def("LogFromThreadWhileHoldingGil", [](int count) {
    std::thread worker([count] {
      for (int i = 0; i < count; ++i) log()->warn("worker {}", i);
    });
    for (int i = 0; i < count; ++i) log()->warn("main {}", i);
    nb::gil_scoped_release release;
    worker.join();
  });
}

}  // namespace

nb::handle GetCommonModule() { return g_common_module; }

void DefineCommon(nb::module_ m) {
  m.doc() =
      "Bindings for ossa/common: version, logging, AbstractValue and "
      "Value[T].";
  g_common_module = m;
  m.attr("__version__") = OSSA_VERSION_STRING;
  DefineLogging(m);
  DefineValues(m);
  DefineRandomGenerator(m);
  // Whether a bound object's C++ part is constructed: a Python subclass
  // whose __init__ forgot the base's is not (ossa/_subclass_util.py).
  m.def(
      "_instance_ready",
      [](nb::handle obj) {
        return nb::type_check(obj.type()) && nb::inst_ready(obj);
      },
      nb::arg("obj"));
  // The installed package carries the models in ossa/models: look there
  // first, then where the C++ library looks.
  m.def(
      "FindResourceOrThrow",
      [](const std::string& resource_path) {
        std::string relative = resource_path;
        if (relative.rfind("ossa/models/", 0) == 0) relative.erase(0, 12);
        const std::string package_dir =
            nb::cast<std::string>(nb::module_::import_("os.path").attr(
                "dirname")(nb::module_::import_("ossa").attr("__file__")));
        const std::string candidate = package_dir + "/models/" + relative;
        if (!relative.empty() && relative[0] != '/' &&
            relative.find("..") == std::string::npos &&
            nb::cast<bool>(
                nb::module_::import_("os.path").attr("isfile")(candidate))) {
          return candidate;
        }
        return FindResourceOrThrow(resource_path);
      },
      nb::arg("resource_path"),
      "The absolute path of a bundled model file given relative to the "
      "models folder (e.g. 'drake/acrobot.urdf'); raises RuntimeError if "
      "there is none.");
  m.def(
      "GetBundledModelsPath",
      []() -> std::optional<std::string> {
        const std::string package_models =
            nb::cast<std::string>(nb::module_::import_("os.path").attr("join")(
                nb::module_::import_("os.path").attr("dirname")(
                    nb::module_::import_("ossa").attr("__file__")),
                "models"));
        if (nb::cast<bool>(nb::module_::import_("os.path").attr("isdir")(
                package_models))) {
          return package_models;
        }
        return GetBundledModelsPath();
      },
      "The folder holding the bundled models, or None.");
  DefineTesting(m.def_submodule("_testing"));
}

}  // namespace ossa::py
