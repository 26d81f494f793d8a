#pragma once

// Python callables held by C++ systems and events (framework_leaf_system_py.cc,
// framework_events_py.cc): the ownership rules that keep a Python LeafSystem
// collectable, and the conversions of a callback's result.

#include <memory>
#include <set>
#include <stdexcept>
#include <utility>

#include "ossa/bindings.h"
#include "ossa/systems/framework/leaf_system.h"

namespace ossa::py::framework_internal {

namespace nb = nanobind;
using systems::DependencyTicket;
using systems::EventStatus;
using systems::LeafSystem;
using systems::SystemBase;

// An event callback's result: None is success, else an EventStatus.
inline EventStatus ToStatus(nb::handle result) {
  if (result.is_none()) return EventStatus::Succeeded();
  return nb::cast<EventStatus>(result);
}

// The prerequisites of a value computed by Python: everything.
inline std::set<DependencyTicket> DefaultPrerequisites() {
  return {SystemBase::all_sources_ticket()};
}

// A Python callback held by C++. A bound method of the system that declares
// it is held as (weak reference to the system, function): holding the bound
// method would make a reference cycle through C++ that Python's garbage
// collector cannot see.
class PyCallback {
 public:
  PyCallback(nb::object callable, nb::handle owner) {
    if (nb::hasattr(callable, "__self__") &&
        nb::hasattr(callable, "__func__") &&
        callable.attr("__self__").is(owner)) {
      func_ = callable.attr("__func__");
      weak_self_ = nb::module_::import_("weakref").attr("ref")(owner);
    } else {
      func_ = std::move(callable);
    }
  }
  template <typename... Args>
  nb::object operator()(Args&&... args) const {
    if (weak_self_.is_valid()) {
      nb::object self = weak_self_();
      if (self.is_none())
        throw std::logic_error(
            "A callback of a Python LeafSystem was called after the system "
            "was deleted.");
      return func_(self, std::forward<Args>(args)...);
    }
    return func_(std::forward<Args>(args)...);
  }

 private:
  nb::object func_;
  nb::object weak_self_;
};

// The system a callback belongs to when it is a bound method of a Python
// LeafSystem, else an invalid handle. An event made in Python from such a
// method (UnrestrictedUpdateEvent(self.Bounce)) and then declared by that
// system would otherwise hold the system strongly from C++: a cycle that
// Python's garbage collector cannot see, so the system would never be freed.
inline nb::handle SystemOfBoundMethod(nb::handle callable) {
  if (!nb::hasattr(callable, "__self__") || !nb::hasattr(callable, "__func__"))
    return nb::handle();
  nb::handle self = callable.attr("__self__");
  return nb::isinstance<LeafSystem<double>>(self) ? self : nb::handle();
}

// A PyCallback shared by the copies of the std::function that holds it.
// Events are copied by C++ (a Simulator clones witness events) possibly
// without the GIL: copying a shared_ptr touches no Python reference count,
// and the last owner takes the GIL to release the Python objects.
inline std::shared_ptr<PyCallback> SharePyCallback(nb::object callable,
                                                   nb::handle owner) {
  return std::shared_ptr<PyCallback>(new PyCallback(std::move(callable), owner),
                                     [](PyCallback* p) {
                                       if (!Py_IsInitialized()) return;
                                       nb::gil_scoped_acquire gil;
                                       delete p;
                                     });
}

}  // namespace ossa::py::framework_internal
