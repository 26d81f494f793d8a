// Definitions of VectorBase, BasicVector, Subvector and Supervector.

#include <limits>

#include "ossa/common/error.h"
#include "ossa/common/nice_type_name.h"
#include "ossa/systems/framework/basic_vector.h"
#include "ossa/systems/framework/subvector.h"
#include "ossa/systems/framework/supervector.h"

namespace ossa::systems {

template <typename T>
VectorBase<T>::~VectorBase() = default;

template <typename T>
void VectorBase<T>::ThrowOutOfRange(int i) const {
  ThrowLogicError(
      "VectorBase::GetAtIndex(): index {} is out of range for a vector of size "
      "{}.",
      i, size());
}

template <typename T>
void VectorBase<T>::ThrowMismatchedSize(const char* method, int other) const {
  ThrowLogicError("{}(): expected a vector of size {} but got size {}.", method,
                  size(), other);
}

template <typename T>
const T& VectorBase<T>::GetAtIndex(int i) const {
  if (i < 0 || i >= size()) [[unlikely]]
    ThrowOutOfRange(i);
  return DoGetAtIndexUnchecked(i);
}

template <typename T>
T& VectorBase<T>::GetAtIndex(int i) {
  if (i < 0 || i >= size()) [[unlikely]]
    ThrowOutOfRange(i);
  return DoGetAtIndexUnchecked(i);
}

template <typename T>
void VectorBase<T>::SetFrom(const VectorBase<T>& other) {
  if (other.size() != size())
    ThrowMismatchedSize("VectorBase::SetFrom", other.size());
  if (const T* p = other.get_contiguous_data()) {
    SetFromVector(Eigen::Map<const VectorX<T>>(p, other.size()));
    return;
  }
  for (int i = 0; i < size(); ++i) (*this)[i] = other[i];
}

template <typename T>
void VectorBase<T>::SetFromVector(const Eigen::Ref<const VectorX<T>>& value) {
  if (value.size() != size())
    ThrowMismatchedSize("VectorBase::SetFromVector", value.size());
  if (T* p = get_contiguous_data()) {
    Eigen::Map<VectorX<T>>(p, size()) = value;
    return;
  }
  for (int i = 0; i < size(); ++i) (*this)[i] = value[i];
}

template <typename T>
void VectorBase<T>::SetZero() {
  for (int i = 0; i < size(); ++i) (*this)[i] = T(0);
}

template <typename T>
VectorX<T> VectorBase<T>::CopyToVector() const {
  VectorX<T> result(size());
  CopyToPreSizedVector(&result);
  return result;
}

template <typename T>
void VectorBase<T>::CopyToPreSizedVector(EigenPtr<VectorX<T>> vec) const {
  if (vec == nullptr)
    ThrowLogicError("VectorBase::CopyToPreSizedVector(): vec is null.");
  if (vec->size() != size())
    ThrowMismatchedSize("VectorBase::CopyToPreSizedVector", vec->size());
  if (const T* p = get_contiguous_data()) {
    *vec = Eigen::Map<const VectorX<T>>(p, size());
    return;
  }
  for (int i = 0; i < size(); ++i) (*vec)[i] = (*this)[i];
}

template <typename T>
void VectorBase<T>::ScaleAndAddToVector(const T& scale,
                                        EigenPtr<VectorX<T>> vec) const {
  if (vec == nullptr)
    ThrowLogicError("VectorBase::ScaleAndAddToVector(): vec is null.");
  if (vec->size() != size())
    ThrowMismatchedSize("VectorBase::ScaleAndAddToVector", vec->size());
  if (const T* p = get_contiguous_data()) {
    *vec += scale * Eigen::Map<const VectorX<T>>(p, size());
    return;
  }
  for (int i = 0; i < size(); ++i) (*vec)[i] += scale * (*this)[i];
}

template <typename T>
VectorBase<T>& VectorBase<T>::PlusEqScaled(const T& scale,
                                           const VectorBase<T>& rhs) {
  return PlusEqScaled({{scale, rhs}});
}

template <typename T>
VectorBase<T>& VectorBase<T>::PlusEqScaled(
    std::initializer_list<std::pair<T, const VectorBase<T>&>> rhs_scale) {
  for (const auto& [scale, rhs] : rhs_scale) {
    if (rhs.size() != size())
      ThrowMismatchedSize("VectorBase::PlusEqScaled", rhs.size());
  }
  T* p = get_contiguous_data();
  for (const auto& [scale, rhs] : rhs_scale) {
    const T* q = rhs.get_contiguous_data();
    if (p && q) {
      Eigen::Map<VectorX<T>>(p, size()) +=
          scale * Eigen::Map<const VectorX<T>>(q, size());
    } else {
      for (int i = 0; i < size(); ++i) (*this)[i] += scale * rhs[i];
    }
  }
  return *this;
}

// ---------------------------------------------------------------------------

template <typename T>
BasicVector<T>::BasicVector(int size) {
  if (size < 0)
    ThrowLogicError("BasicVector(): the size must be >= 0 (got {}).", size);
  if constexpr (std::is_same_v<T, double>) {
    values_ =
        VectorX<T>::Constant(size, std::numeric_limits<double>::quiet_NaN());
  } else if constexpr (std::is_same_v<T, AutoDiffXd>) {
    values_ =
        VectorX<T>::Constant(size, T(std::numeric_limits<double>::quiet_NaN()));
  } else {
    values_ = VectorX<T>::Zero(size);
  }
}

template <typename T>
BasicVector<T>::BasicVector(VectorX<T> vec) : values_(std::move(vec)) {}

template <typename T>
BasicVector<T>::BasicVector(std::initializer_list<T> init)
    : values_(init.size()) {
  int i = 0;
  for (const T& x : init) values_[i++] = x;
}

template <typename T>
BasicVector<T>::~BasicVector() = default;

template <typename T>
void BasicVector<T>::set_value(const Eigen::Ref<const VectorX<T>>& value) {
  if (value.size() != size())
    this->ThrowMismatchedSize("BasicVector::set_value", value.size());
  values_ = value;
}

template <typename T>
void BasicVector<T>::SetFromVector(const Eigen::Ref<const VectorX<T>>& value) {
  if (value.size() != size())
    this->ThrowMismatchedSize("BasicVector::SetFromVector", value.size());
  values_ = value;
}

template <typename T>
void BasicVector<T>::SetZero() {
  values_.setZero();
}

template <typename T>
void BasicVector<T>::CopyToPreSizedVector(EigenPtr<VectorX<T>> vec) const {
  if (vec == nullptr)
    ThrowLogicError("BasicVector::CopyToPreSizedVector(): vec is null.");
  if (vec->size() != size())
    this->ThrowMismatchedSize("BasicVector::CopyToPreSizedVector", vec->size());
  *vec = values_;
}

template <typename T>
void BasicVector<T>::ScaleAndAddToVector(const T& scale,
                                         EigenPtr<VectorX<T>> vec) const {
  if (vec == nullptr)
    ThrowLogicError("BasicVector::ScaleAndAddToVector(): vec is null.");
  if (vec->size() != size())
    this->ThrowMismatchedSize("BasicVector::ScaleAndAddToVector", vec->size());
  *vec += scale * values_;
}

// ---------------------------------------------------------------------------

template <typename T>
Subvector<T>::Subvector(VectorBase<T>* vector, int first_element,
                        int num_elements)
    : vector_(vector),
      first_element_(first_element),
      num_elements_(num_elements) {
  if (vector == nullptr) ThrowLogicError("Subvector(): the vector is null.");
  if (first_element < 0 || num_elements < 0 ||
      first_element + num_elements > vector->size()) {
    ThrowLogicError(
        "Subvector(): the window [{}, {}) does not fit in a vector of size {}.",
        first_element, first_element + num_elements, vector->size());
  }
  if (T* p = vector->get_contiguous_data()) data_ = p + first_element;
}

template <typename T>
Subvector<T>::~Subvector() = default;

template <typename T>
void Subvector<T>::SetFromVector(const Eigen::Ref<const VectorX<T>>& value) {
  if (value.size() != size())
    this->ThrowMismatchedSize("Subvector::SetFromVector", value.size());
  if (data_) {
    Eigen::Map<VectorX<T>>(data_, num_elements_) = value;
  } else {
    for (int i = 0; i < size(); ++i) (*vector_)[first_element_ + i] = value[i];
  }
}

template <typename T>
void Subvector<T>::SetZero() {
  if (data_) {
    Eigen::Map<VectorX<T>>(data_, num_elements_).setZero();
  } else {
    VectorBase<T>::SetZero();
  }
}

template <typename T>
VectorX<T> Subvector<T>::CopyToVector() const {
  if (data_) return Eigen::Map<const VectorX<T>>(data_, num_elements_);
  return VectorBase<T>::CopyToVector();
}

template <typename T>
void Subvector<T>::CopyToPreSizedVector(EigenPtr<VectorX<T>> vec) const {
  VectorBase<T>::CopyToPreSizedVector(vec);
}

// ---------------------------------------------------------------------------

template <typename T>
Supervector<T>::Supervector(const std::vector<VectorBase<T>*>& subvectors)
    : vectors_(subvectors) {
  for (int k = 0; k < static_cast<int>(vectors_.size()); ++k) {
    if (vectors_[k] == nullptr)
      ThrowLogicError("Supervector(): subvector {} is null.", k);
    for (int i = 0; i < vectors_[k]->size(); ++i) lookup_.emplace_back(k, i);
  }
}

template <typename T>
Supervector<T>::~Supervector() = default;

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::VectorBase);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::VectorBase);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::BasicVector);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::BasicVector);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Subvector);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Subvector);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Supervector);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Supervector);
