#pragma once

/// @file
/// DiscreteValues<T>: the discrete state of a system, a list of groups, each
/// a BasicVector<T>. It owns its groups or refers to groups owned elsewhere
/// (a Diagram's discrete state refers to its subsystems' groups).

#include <memory>
#include <vector>

#include "ossa/systems/framework/basic_vector.h"

namespace ossa::systems {

template <typename T>
class DiscreteValues {
 public:
  DiscreteValues(const DiscreteValues&) = delete;
  DiscreteValues& operator=(const DiscreteValues&) = delete;

  /// No groups.
  DiscreteValues();
  /// One owned group.
  explicit DiscreteValues(std::unique_ptr<BasicVector<T>> datum);
  /// Owned groups (none may be null).
  explicit DiscreteValues(std::vector<std::unique_ptr<BasicVector<T>>> data);
  /// Groups owned elsewhere (none may be null; they must outlive this).
  explicit DiscreteValues(const std::vector<BasicVector<T>*>& data);
  virtual ~DiscreteValues();

  int num_groups() const { return static_cast<int>(data_.size()); }
  const std::vector<BasicVector<T>*>& get_data() const { return data_; }

  /// Size of the only group; throws unless there is exactly one group.
  int size() const;
  /// Element i of the only group (throws unless there is exactly one).
  T& operator[](int i) { return (*single("operator[]"))[i]; }
  const T& operator[](int i) const { return (*single("operator[]"))[i]; }

  /// Group `index` (throws if out of range).
  const BasicVector<T>& get_vector(int index = 0) const {
    return *group(index);
  }
  BasicVector<T>& get_mutable_vector(int index = 0) { return *group(index); }
  /// The values of group `index` as an Eigen block.
  Eigen::VectorBlock<const VectorX<T>> value(int index = 0) const {
    return group(index)->get_value();
  }
  Eigen::VectorBlock<VectorX<T>> get_mutable_value(int index = 0) {
    return group(index)->get_mutable_value();
  }
  /// Sets group `index`; throws if the index or the size is wrong.
  void set_value(int index, const Eigen::Ref<const VectorX<T>>& value) {
    group(index)->SetFromVector(value);
  }
  /// Sets the only group.
  void set_value(const Eigen::Ref<const VectorX<T>>& value) {
    single("set_value")->SetFromVector(value);
  }

  /// Copies all groups from `other`; throws if the group counts or sizes
  /// differ.
  void SetFrom(const DiscreteValues<T>& other);
  /// A deep copy of the same structure.
  std::unique_ptr<DiscreteValues<T>> Clone() const { return DoClone(); }

 protected:
  virtual std::unique_ptr<DiscreteValues<T>> DoClone() const;
  void AppendGroups(const std::vector<BasicVector<T>*>& data);

 private:
  BasicVector<T>* group(int index) const;
  BasicVector<T>* single(const char* method) const;
  std::vector<BasicVector<T>*> data_;
  std::vector<std::unique_ptr<BasicVector<T>>> owned_data_;
};

}  // namespace ossa::systems

OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiscreteValues);
OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiscreteValues);
