#pragma once

/// @file
/// SystemOutput<T>: a container with one value per output port of a System,
/// each allocated by its port, and CalcSystemOutput(), which computes every
/// port's value y(i) from a Context into it (the reference's
/// System::AllocateOutput() and System::CalcOutput()). Each port's value is
/// computed afresh (OutputPort::Calc); the Context's cache is not consulted.

#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "ossa/common/error.h"
#include "ossa/common/value.h"
#include "ossa/systems/framework/basic_vector.h"
#include "ossa/systems/framework/system.h"

namespace ossa::systems {

template <typename T>
class SystemOutput {
 public:
  SystemOutput(const SystemOutput&) = delete;
  SystemOutput& operator=(const SystemOutput&) = delete;

  /// A value for every output port of `system`, made by the port's
  /// Allocate() (a vector port's value is a Value<BasicVector<T>>).
  explicit SystemOutput(const System<T>& system) : system_(&system) {
    data_.reserve(system.num_output_ports());
    for (int i = 0; i < system.num_output_ports(); ++i)
      data_.push_back(system.get_output_port(i).Allocate());
  }

  int num_ports() const { return static_cast<int>(data_.size()); }

  /// The value of output port `index`. Throws std::out_of_range if there is
  /// no such port.
  const AbstractValue& get_data(int index) const {
    CheckIndex("get_data", index);
    return *data_[index];
  }
  AbstractValue& GetMutableData(int index) {
    CheckIndex("GetMutableData", index);
    return *data_[index];
  }
  /// The value of vector-valued output port `index`. Throws std::out_of_range
  /// for a bad index and std::logic_error if the port is abstract-valued.
  const BasicVector<T>& get_vector_data(int index) const {
    return VectorData("get_vector_data", index);
  }
  BasicVector<T>& GetMutableVectorData(int index) {
    return const_cast<BasicVector<T>&>(
        VectorData("GetMutableVectorData", index));
  }

  /// The System whose output ports this container holds.
  const System<T>& get_system() const { return *system_; }

 private:
  void CheckIndex(const char* method, int index) const {
    if (index < 0 || index >= num_ports()) [[unlikely]] {
      throw std::out_of_range(fmt::format(
          "SystemOutput::{}(): port index {} is out of range; system '{}' "
          "has {} output port(s).",
          method, index, system_->GetSystemPathname(), num_ports()));
    }
  }
  const BasicVector<T>& VectorData(const char* method, int index) const {
    CheckIndex(method, index);
    const auto* vector =
        data_[index]->template maybe_get_value<BasicVector<T>>();
    if (vector == nullptr) [[unlikely]] {
      ThrowLogicError(
          "SystemOutput::{}(): output port {} ('{}') of system '{}' is not "
          "vector-valued.",
          method, index, system_->get_output_port(index).get_name(),
          system_->GetSystemPathname());
    }
    return *vector;
  }

  const System<T>* system_;
  std::vector<std::unique_ptr<AbstractValue>> data_;
};

/// y(i) = the value of output port i in `context`, for every output port of
/// `system`, written into `outputs` (made by SystemOutput<T>(system)).
/// Throws std::logic_error if `context` or `outputs` belongs to another
/// system.
template <typename T>
void CalcSystemOutput(const System<T>& system, const Context<T>& context,
                      SystemOutput<T>* outputs) {
  OSSA_DEMAND(outputs != nullptr);
  system.ValidateContext(context);
  if (&outputs->get_system() != &system) [[unlikely]] {
    ThrowLogicError(
        "CalcOutput(): the SystemOutput was allocated by system '{}', not by "
        "'{}'.",
        outputs->get_system().GetSystemPathname(), system.GetSystemPathname());
  }
  for (int i = 0; i < system.num_output_ports(); ++i)
    system.get_output_port(i).Calc(context, &outputs->GetMutableData(i));
}

}  // namespace ossa::systems
