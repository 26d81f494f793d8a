// Definitions of the state and parameter containers.

#include "ossa/common/error.h"
#include "ossa/systems/framework/diagram_continuous_state.h"
#include "ossa/systems/framework/diagram_discrete_values.h"
#include "ossa/systems/framework/diagram_state.h"
#include "ossa/systems/framework/parameters.h"
#include "ossa/systems/framework/subvector.h"
#include "ossa/systems/framework/supervector.h"

namespace ossa::systems {

// ---------------------------------------------------------------- continuous

template <typename T>
ContinuousState<T>::ContinuousState()
    : ContinuousState(std::make_unique<BasicVector<T>>(0), 0, 0, 0) {}

template <typename T>
ContinuousState<T>::ContinuousState(std::unique_ptr<VectorBase<T>> state)
    : state_(std::move(state)) {
  if (!state_) ThrowLogicError("ContinuousState(): the state vector is null.");
  nz_ = state_->size();
  MakeViews();
}

template <typename T>
ContinuousState<T>::ContinuousState(std::unique_ptr<VectorBase<T>> state,
                                    int num_q, int num_v, int num_z)
    : state_(std::move(state)), nq_(num_q), nv_(num_v), nz_(num_z) {
  if (!state_) ThrowLogicError("ContinuousState(): the state vector is null.");
  if (num_q < 0 || num_v < 0 || num_z < 0 ||
      num_q + num_v + num_z != state_->size()) {
    ThrowLogicError(
        "ContinuousState(): nq = {}, nv = {}, nz = {} must be non-negative and "
        "add up to the "
        "state size {}.",
        num_q, num_v, num_z, state_->size());
  }
  if (num_v > num_q) {
    ThrowLogicError(
        "ContinuousState(): the number of generalized velocities ({}) cannot "
        "exceed the "
        "number of generalized positions ({}).",
        num_v, num_q);
  }
  MakeViews();
}

template <typename T>
ContinuousState<T>::~ContinuousState() = default;

template <typename T>
void ContinuousState<T>::MakeViews() {
  q_ = std::make_unique<Subvector<T>>(state_.get(), 0, nq_);
  v_ = std::make_unique<Subvector<T>>(state_.get(), nq_, nv_);
  z_ = std::make_unique<Subvector<T>>(state_.get(), nq_ + nv_, nz_);
}

template <typename T>
void ContinuousState<T>::ResetOwnedStorage(int num_q, int num_v, int num_z) {
  nq_ = num_q;
  nv_ = num_v;
  nz_ = num_z;
  auto storage = std::make_unique<BasicVector<T>>(num_q + num_v + num_z);
  storage->SetZero();
  state_ = std::move(storage);
  MakeViews();
}

template <typename T>
void ContinuousState<T>::SetFrom(const ContinuousState<T>& other) {
  if (other.nq_ != nq_ || other.nv_ != nv_ || other.nz_ != nz_) {
    ThrowLogicError(
        "ContinuousState::SetFrom(): expected (nq, nv, nz) = ({}, {}, {}) but "
        "got ({}, {}, "
        "{}).",
        nq_, nv_, nz_, other.nq_, other.nv_, other.nz_);
  }
  q_->SetFrom(*other.q_);
  v_->SetFrom(*other.v_);
  z_->SetFrom(*other.z_);
}

template <typename T>
std::unique_ptr<ContinuousState<T>> ContinuousState<T>::DoClone() const {
  return std::make_unique<ContinuousState<T>>(
      std::make_unique<BasicVector<T>>(state_->CopyToVector()), nq_, nv_, nz_);
}

template <typename T>
void ContinuousState<T>::ReseatAsView(VectorBase<T>* buffer, int q_start,
                                      int v_start, int z_start) {
  OSSA_DEMAND(buffer != nullptr && (buffer->get_contiguous_data() != nullptr ||
                                    buffer->size() == 0));
  auto q = std::make_unique<Subvector<T>>(buffer, q_start, nq_);
  auto v = std::make_unique<Subvector<T>>(buffer, v_start, nv_);
  auto z = std::make_unique<Subvector<T>>(buffer, z_start, nz_);
  q->SetFrom(*q_);
  v->SetFrom(*v_);
  z->SetFrom(*z_);
  q_ = std::move(q);
  v_ = std::move(v);
  z_ = std::move(z);
  if (v_start == q_start + nq_ && z_start == v_start + nv_) {
    state_ = std::make_unique<Subvector<T>>(buffer, q_start, nq_ + nv_ + nz_);
  } else {
    state_ = std::make_unique<Supervector<T>>(
        std::vector<VectorBase<T>*>{q_.get(), v_.get(), z_.get()});
  }
}

// ------------------------------------------------------- diagram continuous

template <typename T>
DiagramContinuousState<T>::DiagramContinuousState(
    std::vector<ContinuousState<T>*> substates)
    : substates_(std::move(substates)) {
  Aggregate();
}

template <typename T>
DiagramContinuousState<T>::DiagramContinuousState(
    std::vector<std::unique_ptr<ContinuousState<T>>> substates)
    : owned_substates_(std::move(substates)) {
  for (auto& s : owned_substates_) substates_.push_back(s.get());
  Aggregate();
}

template <typename T>
DiagramContinuousState<T>::~DiagramContinuousState() = default;

template <typename T>
void DiagramContinuousState<T>::Aggregate() {
  int nq = 0, nv = 0, nz = 0;
  for (size_t i = 0; i < substates_.size(); ++i) {
    if (!substates_[i])
      ThrowLogicError("DiagramContinuousState(): substate {} is null.", i);
    nq += substates_[i]->num_q();
    nv += substates_[i]->num_v();
    nz += substates_[i]->num_z();
  }
  this->ResetOwnedStorage(nq, nv, nz);
  ReseatAsView(&this->get_mutable_vector(), 0, nq, nq + nv);
}

template <typename T>
void DiagramContinuousState<T>::ReseatAsView(VectorBase<T>* buffer, int q_start,
                                             int v_start, int z_start) {
  // Substates first: they still view the old storage, which the aggregate's
  // own re-seat (unless `buffer` already is that storage) then releases.
  int q = q_start, v = v_start, z = z_start;
  for (ContinuousState<T>* sub : substates_) {
    sub->ReseatAsView(buffer, q, v, z);
    q += sub->num_q();
    v += sub->num_v();
    z += sub->num_z();
  }
  if (buffer != &this->get_mutable_vector()) {
    ContinuousState<T>::ReseatAsView(buffer, q_start, v_start, z_start);
  }
}

template <typename T>
const ContinuousState<T>& DiagramContinuousState<T>::get_substate(
    int index) const {
  if (index < 0 || index >= num_substates())
    ThrowLogicError(
        "DiagramContinuousState::get_substate(): index {} out of range [0, "
        "{}).",
        index, num_substates());
  return *substates_[index];
}

template <typename T>
ContinuousState<T>& DiagramContinuousState<T>::get_mutable_substate(int index) {
  return const_cast<ContinuousState<T>&>(get_substate(index));
}

template <typename T>
std::unique_ptr<ContinuousState<T>> DiagramContinuousState<T>::DoClone() const {
  std::vector<std::unique_ptr<ContinuousState<T>>> clones;
  for (const ContinuousState<T>* sub : substates_)
    clones.push_back(sub->Clone());
  return std::make_unique<DiagramContinuousState<T>>(std::move(clones));
}

// ------------------------------------------------------------------ discrete

template <typename T>
DiscreteValues<T>::DiscreteValues() = default;

template <typename T>
DiscreteValues<T>::DiscreteValues(std::unique_ptr<BasicVector<T>> datum) {
  if (!datum) ThrowLogicError("DiscreteValues(): the group is null.");
  data_.push_back(datum.get());
  owned_data_.push_back(std::move(datum));
}

template <typename T>
DiscreteValues<T>::DiscreteValues(
    std::vector<std::unique_ptr<BasicVector<T>>> data)
    : owned_data_(std::move(data)) {
  for (size_t i = 0; i < owned_data_.size(); ++i) {
    if (!owned_data_[i])
      ThrowLogicError("DiscreteValues(): group {} is null.", i);
    data_.push_back(owned_data_[i].get());
  }
}

template <typename T>
DiscreteValues<T>::DiscreteValues(const std::vector<BasicVector<T>*>& data) {
  AppendGroups(data);
}

template <typename T>
DiscreteValues<T>::~DiscreteValues() = default;

template <typename T>
void DiscreteValues<T>::AppendGroups(const std::vector<BasicVector<T>*>& data) {
  for (size_t i = 0; i < data.size(); ++i) {
    if (!data[i]) ThrowLogicError("DiscreteValues(): group {} is null.", i);
    data_.push_back(data[i]);
  }
}

template <typename T>
int DiscreteValues<T>::size() const {
  return single("size")->size();
}

template <typename T>
BasicVector<T>* DiscreteValues<T>::group(int index) const {
  if (index < 0 || index >= num_groups()) [[unlikely]] {
    ThrowLogicError(
        "DiscreteValues: group index {} is out of range; there are {} groups.",
        index, num_groups());
  }
  return data_[index];
}

template <typename T>
BasicVector<T>* DiscreteValues<T>::single(const char* method) const {
  if (num_groups() != 1) [[unlikely]] {
    ThrowLogicError(
        "DiscreteValues::{}(): this is only allowed with exactly one group; "
        "there are {}.",
        method, num_groups());
  }
  return data_[0];
}

template <typename T>
void DiscreteValues<T>::SetFrom(const DiscreteValues<T>& other) {
  if (other.num_groups() != num_groups()) {
    ThrowLogicError("DiscreteValues::SetFrom(): expected {} groups but got {}.",
                    num_groups(), other.num_groups());
  }
  for (int i = 0; i < num_groups(); ++i) data_[i]->SetFrom(*other.data_[i]);
}

template <typename T>
std::unique_ptr<DiscreteValues<T>> DiscreteValues<T>::DoClone() const {
  std::vector<std::unique_ptr<BasicVector<T>>> clones;
  for (const BasicVector<T>* v : data_) clones.push_back(v->Clone());
  return std::make_unique<DiscreteValues<T>>(std::move(clones));
}

template <typename T>
DiagramDiscreteValues<T>::DiagramDiscreteValues(
    std::vector<DiscreteValues<T>*> subdiscretes)
    : subdiscretes_(std::move(subdiscretes)) {
  Flatten();
}

template <typename T>
DiagramDiscreteValues<T>::DiagramDiscreteValues(
    std::vector<std::unique_ptr<DiscreteValues<T>>> subdiscretes)
    : owned_subdiscretes_(std::move(subdiscretes)) {
  for (auto& s : owned_subdiscretes_) subdiscretes_.push_back(s.get());
  Flatten();
}

template <typename T>
DiagramDiscreteValues<T>::~DiagramDiscreteValues() = default;

template <typename T>
void DiagramDiscreteValues<T>::Flatten() {
  for (size_t i = 0; i < subdiscretes_.size(); ++i) {
    if (!subdiscretes_[i])
      ThrowLogicError("DiagramDiscreteValues(): subdiscrete {} is null.", i);
    this->AppendGroups(subdiscretes_[i]->get_data());
  }
}

template <typename T>
const DiscreteValues<T>& DiagramDiscreteValues<T>::get_subdiscrete(
    int index) const {
  if (index < 0 || index >= num_subdiscretes())
    ThrowLogicError(
        "DiagramDiscreteValues::get_subdiscrete(): index {} out of range [0, "
        "{}).",
        index, num_subdiscretes());
  return *subdiscretes_[index];
}

template <typename T>
DiscreteValues<T>& DiagramDiscreteValues<T>::get_mutable_subdiscrete(
    int index) {
  return const_cast<DiscreteValues<T>&>(get_subdiscrete(index));
}

template <typename T>
std::unique_ptr<DiscreteValues<T>> DiagramDiscreteValues<T>::DoClone() const {
  std::vector<std::unique_ptr<DiscreteValues<T>>> clones;
  for (const DiscreteValues<T>* s : subdiscretes_) clones.push_back(s->Clone());
  return std::make_unique<DiagramDiscreteValues<T>>(std::move(clones));
}

// ------------------------------------------------------------------ abstract

AbstractValues::AbstractValues() = default;

AbstractValues::AbstractValues(std::vector<std::unique_ptr<AbstractValue>> data)
    : owned_data_(std::move(data)) {
  for (size_t i = 0; i < owned_data_.size(); ++i) {
    if (!owned_data_[i])
      ThrowLogicError("AbstractValues(): element {} is null.", i);
    data_.push_back(owned_data_[i].get());
  }
}

AbstractValues::AbstractValues(const std::vector<AbstractValue*>& data)
    : data_(data) {
  for (size_t i = 0; i < data_.size(); ++i)
    if (!data_[i]) ThrowLogicError("AbstractValues(): element {} is null.", i);
}

AbstractValues::~AbstractValues() = default;

AbstractValue* AbstractValues::element(int index) const {
  if (index < 0 || index >= size()) [[unlikely]] {
    ThrowLogicError(
        "AbstractValues: index {} is out of range; there are {} values.", index,
        size());
  }
  return data_[index];
}

void AbstractValues::SetFrom(const AbstractValues& other) {
  if (other.size() != size())
    ThrowLogicError("AbstractValues::SetFrom(): expected {} values but got {}.",
                    size(), other.size());
  for (int i = 0; i < size(); ++i) data_[i]->SetFrom(*other.data_[i]);
}

std::unique_ptr<AbstractValues> AbstractValues::Clone() const {
  std::vector<std::unique_ptr<AbstractValue>> clones;
  for (const AbstractValue* v : data_) clones.push_back(v->Clone());
  return std::make_unique<AbstractValues>(std::move(clones));
}

// --------------------------------------------------------------------- state

template <typename T>
State<T>::State()
    : continuous_(std::make_unique<ContinuousState<T>>()),
      discrete_(std::make_unique<DiscreteValues<T>>()),
      abstract_(std::make_unique<AbstractValues>()) {}

template <typename T>
State<T>::~State() = default;

template <typename T>
void State<T>::set_continuous_state(std::unique_ptr<ContinuousState<T>> xc) {
  if (!xc) ThrowLogicError("State::set_continuous_state(): null.");
  continuous_ = std::move(xc);
}

template <typename T>
void State<T>::set_discrete_state(std::unique_ptr<DiscreteValues<T>> xd) {
  if (!xd) ThrowLogicError("State::set_discrete_state(): null.");
  discrete_ = std::move(xd);
}

template <typename T>
void State<T>::set_abstract_state(std::unique_ptr<AbstractValues> xa) {
  if (!xa) ThrowLogicError("State::set_abstract_state(): null.");
  abstract_ = std::move(xa);
}

template <typename T>
void State<T>::SetFrom(const State<T>& other) {
  continuous_->SetFrom(*other.continuous_);
  discrete_->SetFrom(*other.discrete_);
  abstract_->SetFrom(*other.abstract_);
}

template <typename T>
std::unique_ptr<State<T>> State<T>::DoClone() const {
  auto clone = std::make_unique<State<T>>();
  clone->set_continuous_state(continuous_->Clone());
  clone->set_discrete_state(discrete_->Clone());
  clone->set_abstract_state(abstract_->Clone());
  return clone;
}

template <typename T>
DiagramState<T>::DiagramState(int size)
    : substates_(size), owned_substates_(size) {}

template <typename T>
DiagramState<T>::~DiagramState() = default;

template <typename T>
void DiagramState<T>::set_substate(int index, State<T>* substate) {
  OSSA_DEMAND(index >= 0 && index < num_substates() && substate != nullptr);
  substates_[index] = substate;
}

template <typename T>
void DiagramState<T>::own_substate(int index,
                                   std::unique_ptr<State<T>> substate) {
  OSSA_DEMAND(index >= 0 && index < num_substates() && substate != nullptr);
  substates_[index] = substate.get();
  owned_substates_[index] = std::move(substate);
}

template <typename T>
void DiagramState<T>::Finalize() {
  OSSA_DEMAND(!finalized_);
  finalized_ = true;
  std::vector<ContinuousState<T>*> xcs;
  std::vector<DiscreteValues<T>*> xds;
  std::vector<AbstractValue*> xas;
  for (size_t i = 0; i < substates_.size(); ++i) {
    if (!substates_[i])
      ThrowLogicError("DiagramState::Finalize(): substate {} is unset.", i);
    xcs.push_back(&substates_[i]->get_mutable_continuous_state());
    xds.push_back(&substates_[i]->get_mutable_discrete_state());
    AbstractValues& xa = substates_[i]->get_mutable_abstract_state();
    for (int k = 0; k < xa.size(); ++k) xas.push_back(&xa.get_mutable_value(k));
  }
  this->set_continuous_state(std::make_unique<DiagramContinuousState<T>>(xcs));
  this->set_discrete_state(std::make_unique<DiagramDiscreteValues<T>>(xds));
  this->set_abstract_state(std::make_unique<AbstractValues>(xas));
}

template <typename T>
const State<T>& DiagramState<T>::get_substate(int index) const {
  if (index < 0 || index >= num_substates())
    ThrowLogicError(
        "DiagramState::get_substate(): index {} out of range [0, {}).", index,
        num_substates());
  return *substates_[index];
}

template <typename T>
State<T>& DiagramState<T>::get_mutable_substate(int index) {
  return const_cast<State<T>&>(get_substate(index));
}

template <typename T>
std::unique_ptr<State<T>> DiagramState<T>::DoClone() const {
  auto clone = std::make_unique<DiagramState<T>>(num_substates());
  for (int i = 0; i < num_substates(); ++i)
    clone->own_substate(i, substates_[i]->Clone());
  clone->Finalize();
  return clone;
}

// ---------------------------------------------------------------- parameters

template <typename T>
Parameters<T>::Parameters()
    : numeric_(std::make_unique<DiscreteValues<T>>()),
      abstract_(std::make_unique<AbstractValues>()) {}

template <typename T>
Parameters<T>::Parameters(std::unique_ptr<DiscreteValues<T>> numeric,
                          std::unique_ptr<AbstractValues> abstract)
    : numeric_(std::move(numeric)), abstract_(std::move(abstract)) {
  if (!numeric_ || !abstract_)
    ThrowLogicError("Parameters(): null parameters.");
}

template <typename T>
Parameters<T>::Parameters(std::vector<std::unique_ptr<BasicVector<T>>> numeric)
    : numeric_(std::make_unique<DiscreteValues<T>>(std::move(numeric))),
      abstract_(std::make_unique<AbstractValues>()) {}

template <typename T>
Parameters<T>::~Parameters() = default;

template <typename T>
void Parameters<T>::set_numeric_parameters(
    std::unique_ptr<DiscreteValues<T>> numeric) {
  if (!numeric) ThrowLogicError("Parameters::set_numeric_parameters(): null.");
  numeric_ = std::move(numeric);
}

template <typename T>
void Parameters<T>::set_abstract_parameters(
    std::unique_ptr<AbstractValues> abstract) {
  if (!abstract)
    ThrowLogicError("Parameters::set_abstract_parameters(): null.");
  abstract_ = std::move(abstract);
}

template <typename T>
void Parameters<T>::SetFrom(const Parameters<T>& other) {
  numeric_->SetFrom(*other.numeric_);
  abstract_->SetFrom(*other.abstract_);
}

template <typename T>
std::unique_ptr<Parameters<T>> Parameters<T>::Clone() const {
  return std::make_unique<Parameters<T>>(numeric_->Clone(), abstract_->Clone());
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::ContinuousState);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::ContinuousState);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramContinuousState);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramContinuousState);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiscreteValues);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiscreteValues);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramDiscreteValues);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramDiscreteValues);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::State);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::State);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramState);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramState);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Parameters);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Parameters);
