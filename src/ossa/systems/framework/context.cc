// Definitions of Context, LeafContext and DiagramContext.

#include <fmt/format.h>

#include <string>
#include <type_traits>

#include "ossa/common/error.h"
#include "ossa/systems/framework/diagram_context.h"
#include "ossa/systems/framework/leaf_context.h"
#include "ossa/systems/framework/system_base.h"

namespace ossa::systems {

namespace {
// Copies a double vector into a T vector element by element.
template <typename T>
void CopyConverted(const VectorBase<double>& source, VectorBase<T>* dest,
                   const char* what) {
  if (source.size() != dest->size())
    ThrowLogicError(
        "SetTimeStateAndParametersFrom(): {} has size {} in the source but {} "
        "here.",
        what, source.size(), dest->size());
  for (int i = 0; i < dest->size(); ++i) (*dest)[i] = T(source[i]);
}
}  // namespace

template <typename T>
Context<T>::Context(const Context<T>& source)
    : ContextBase(source, 0),
      time_(source.time_),
      accuracy_(source.accuracy_) {}

template <typename T>
Context<T>::~Context() = default;

template <typename T>
std::unique_ptr<State<T>> Context<T>::TakeScratchState() {
  if (!scratch_state_) return state_->Clone();
  return std::move(scratch_state_);
}

template <typename T>
std::unique_ptr<Context<T>> Context<T>::Clone() const {
  std::unique_ptr<ContextBase> clone = ContextBase::Clone();
  return std::unique_ptr<Context<T>>(static_cast<Context<T>*>(clone.release()));
}

template <typename T>
void Context<T>::PropagateTime(const T& time_sec) {
  time_ = time_sec;
  true_time_ = time_sec;
  DoPropagateTime(time_sec);
}

template <typename T>
void Context<T>::PerturbTime(const T& time_sec, const T& true_time_sec) {
  SetTime(time_sec);
  true_time_ = true_time_sec;
}

template <typename T>
void Context<T>::PropagateAccuracy(const std::optional<double>& accuracy) {
  accuracy_ = accuracy;
  DoPropagateAccuracy(accuracy);
}

template <typename T>
void Context<T>::SetTime(const T& time_sec) {
  if (!this->is_root_context())
    ThrowLogicError(
        "Context::SetTime(): time can only be set in the root Context, not in "
        "the Context of "
        "subsystem '{}'.",
        this->GetSystemPathname());
  PropagateTime(time_sec);
  this->NoteChangedRaw(internal::kTimeTicket);
}

template <typename T>
void Context<T>::SetAccuracy(const std::optional<double>& accuracy) {
  if (!this->is_root_context())
    ThrowLogicError(
        "Context::SetAccuracy(): accuracy can only be set in the root Context, "
        "not in the "
        "Context of subsystem '{}'.",
        this->GetSystemPathname());
  PropagateAccuracy(accuracy);
  this->NoteChangedRaw(internal::kAccuracyTicket);
}

template <typename T>
void Context<T>::SetTimeAndContinuousState(
    const T& time_sec, const Eigen::Ref<const VectorX<T>>& xc) {
  SetTime(time_sec);
  SetContinuousState(xc);
}

template <typename T>
void Context<T>::SetTimeStateAndParametersFrom(const Context<double>& source) {
  PropagateTime(T(source.get_time()));
  PropagateAccuracy(source.get_accuracy());
  CopyConverted(source.get_continuous_state_vector(),
                &state_->get_mutable_continuous_state().get_mutable_vector(),
                "the continuous state");
  const auto& xd = source.get_discrete_state();
  if (xd.num_groups() != num_discrete_state_groups())
    ThrowLogicError(
        "SetTimeStateAndParametersFrom(): {} discrete groups in the source, {} "
        "here.",
        xd.num_groups(), num_discrete_state_groups());
  for (int i = 0; i < xd.num_groups(); ++i)
    CopyConverted(xd.get_vector(i), &state_->get_mutable_discrete_state(i),
                  "a discrete group");
  state_->get_mutable_abstract_state().SetFrom(source.get_abstract_state());
  const auto& p = source.get_parameters();
  if (p.num_numeric_parameter_groups() != num_numeric_parameter_groups())
    ThrowLogicError(
        "SetTimeStateAndParametersFrom(): {} parameter groups in the source, "
        "{} here.",
        p.num_numeric_parameter_groups(), num_numeric_parameter_groups());
  for (int i = 0; i < p.num_numeric_parameter_groups(); ++i)
    CopyConverted(p.get_numeric_parameter(i),
                  &parameters_->get_mutable_numeric_parameter(i),
                  "a numeric parameter");
  parameters_->get_mutable_abstract_parameters().SetFrom(
      p.get_abstract_parameters());
  this->NoteBulkChange(internal::kBulkTimeStateAndParameters);
}

template <typename T>
State<T>& Context<T>::get_mutable_state() {
  this->NoteBulkChange(internal::kBulkX);
  return *state_;
}

template <typename T>
bool Context<T>::has_only_continuous_state() const {
  return num_continuous_states() > 0 && num_discrete_state_groups() == 0 &&
         num_abstract_states() == 0;
}

template <typename T>
bool Context<T>::has_only_discrete_state() const {
  return num_discrete_state_groups() > 0 && num_continuous_states() == 0 &&
         num_abstract_states() == 0;
}

template <typename T>
int Context<T>::num_total_states() const {
  int n = num_continuous_states();
  for (int i = 0; i < num_discrete_state_groups(); ++i)
    n += get_discrete_state(i).size();
  return n + num_abstract_states();
}

template <typename T>
ContinuousState<T>& Context<T>::get_mutable_continuous_state() {
  this->NoteBulkChange(internal::kBulkXc);
  return state_->get_mutable_continuous_state();
}

template <typename T>
VectorBase<T>& Context<T>::get_mutable_continuous_state_vector() {
  return get_mutable_continuous_state().get_mutable_vector();
}

template <typename T>
void Context<T>::SetContinuousState(const Eigen::Ref<const VectorX<T>>& xc) {
  VectorBase<T>& vec =
      state_->get_mutable_continuous_state().get_mutable_vector();
  if (xc.size() != vec.size())
    ThrowLogicError(
        "Context::SetContinuousState(): expected a vector of size {} for "
        "System '{}' but got "
        "size {}.",
        vec.size(), this->GetSystemPathname(), xc.size());
  vec.SetFromVector(xc);
  this->NoteBulkChange(internal::kBulkXc);
}

template <typename T>
const BasicVector<T>& Context<T>::get_discrete_state_vector() const {
  if (num_discrete_state_groups() != 1)
    ThrowLogicError(
        "Context::get_discrete_state_vector(): System '{}' has {} discrete "
        "state groups; this "
        "method needs exactly one.",
        this->GetSystemPathname(), num_discrete_state_groups());
  return get_discrete_state(0);
}

template <typename T>
DiscreteValues<T>& Context<T>::get_mutable_discrete_state() {
  this->NoteBulkChange(internal::kBulkXd);
  return state_->get_mutable_discrete_state();
}

template <typename T>
BasicVector<T>& Context<T>::get_mutable_discrete_state_vector() {
  get_discrete_state_vector();  // checks there is one group
  return get_mutable_discrete_state(0);
}

template <typename T>
BasicVector<T>& Context<T>::get_mutable_discrete_state(int index) {
  BasicVector<T>& group =
      state_->get_mutable_discrete_state(index);  // checks index
  NoteDiscreteGroupChanged(index);
  return group;
}

template <typename T>
void Context<T>::SetDiscreteState(const Eigen::Ref<const VectorX<T>>& xd) {
  get_mutable_discrete_state_vector().SetFromVector(xd);
}

template <typename T>
void Context<T>::SetDiscreteState(int group_index,
                                  const Eigen::Ref<const VectorX<T>>& xd) {
  get_mutable_discrete_state(group_index).SetFromVector(xd);
}

template <typename T>
void Context<T>::SetDiscreteState(const DiscreteValues<T>& xd) {
  get_mutable_discrete_state().SetFrom(xd);
}

template <typename T>
AbstractValues& Context<T>::get_mutable_abstract_state() {
  this->NoteBulkChange(internal::kBulkXa);
  return state_->get_mutable_abstract_state();
}

template <typename T>
Parameters<T>& Context<T>::get_mutable_parameters() {
  this->NoteBulkChange(internal::kBulkP);
  return *parameters_;
}

template <typename T>
BasicVector<T>& Context<T>::get_mutable_numeric_parameter(int index) {
  BasicVector<T>& p = parameters_->get_mutable_numeric_parameter(index);
  NoteNumericParameterChanged(index);
  return p;
}

template <typename T>
AbstractValue& Context<T>::get_mutable_abstract_parameter(int index) {
  AbstractValue& p = parameters_->get_mutable_abstract_parameter(index);
  NoteAbstractParameterChanged(index);
  return p;
}

template <typename T>
std::string Context<T>::to_string() const {
  // A symbolic time prints as its expression; the others print their value.
  std::string time;
  if constexpr (std::is_same_v<T, symbolic::Expression>) {
    time = time_.to_string();
  } else {
    time = fmt::format("{}", ExtractValue(time_));
  }
  return fmt::format(
      "Context of '{}': time = {}, {} continuous states, {} discrete groups, "
      "{} abstract "
      "states, {} numeric parameter groups, {} abstract parameters",
      this->GetSystemPathname(), time, num_continuous_states(),
      num_discrete_state_groups(), num_abstract_states(),
      num_numeric_parameter_groups(), num_abstract_parameters());
}

// ----------------------------------------------------------------- LeafContext

template <typename T>
LeafContext<T>::LeafContext(const SystemBase& system,
                            std::unique_ptr<State<T>> state,
                            std::unique_ptr<Parameters<T>> parameters)
    : Context<T>(system),
      state_(std::move(state)),
      parameters_(std::move(parameters)) {
  this->set_state_and_parameters(state_.get(), parameters_.get());
}

template <typename T>
LeafContext<T>::LeafContext(const LeafContext<T>& source)
    : Context<T>(source),
      state_(source.state_->Clone()),
      parameters_(source.parameters_->Clone()) {
  this->set_state_and_parameters(state_.get(), parameters_.get());
}

template <typename T>
LeafContext<T>::~LeafContext() = default;

template <typename T>
std::unique_ptr<ContextBase> LeafContext<T>::DoCloneWithoutGraph() const {
  return std::unique_ptr<ContextBase>(new LeafContext<T>(*this));
}

template <typename T>
void LeafContext<T>::NoteDiscreteGroupChanged(int index) const {
  this->NoteChangedRaw(this->system_base().discrete_state_tickets()[index]);
}
template <typename T>
void LeafContext<T>::NoteAbstractStateChanged(int index) const {
  this->NoteChangedRaw(this->system_base().abstract_state_tickets()[index]);
}
template <typename T>
void LeafContext<T>::NoteNumericParameterChanged(int index) const {
  this->NoteChangedRaw(this->system_base().numeric_parameter_tickets()[index]);
}
template <typename T>
void LeafContext<T>::NoteAbstractParameterChanged(int index) const {
  this->NoteChangedRaw(this->system_base().abstract_parameter_tickets()[index]);
}

// -------------------------------------------------------------- DiagramContext

template <typename T>
DiagramContext<T>::DiagramContext(
    const SystemBase& diagram,
    std::vector<std::unique_ptr<Context<T>>> subcontexts)
    : Context<T>(diagram), contexts_(std::move(subcontexts)) {
  Assemble();
}

template <typename T>
DiagramContext<T>::DiagramContext(const DiagramContext<T>& source)
    : Context<T>(source) {
  for (const auto& c : source.contexts_) {
    std::unique_ptr<ContextBase> clone = c->DoCloneWithoutGraph();
    contexts_.emplace_back(static_cast<Context<T>*>(clone.release()));
  }
  Assemble();
}

template <typename T>
DiagramContext<T>::~DiagramContext() = default;

template <typename T>
void DiagramContext<T>::Assemble() {
  const int n = static_cast<int>(contexts_.size());
  state_ = std::make_unique<DiagramState<T>>(n);
  std::vector<BasicVector<T>*> pn;
  std::vector<AbstractValue*> pa;
  xd_map_.clear();
  xa_map_.clear();
  pn_map_.clear();
  pa_map_.clear();
  for (int i = 0; i < n; ++i) {
    Context<T>& sub = *contexts_[i];
    sub.set_parent(this);
    // Raw access: building the aggregate must not notify anything.
    state_->set_substate(i, const_cast<State<T>*>(&sub.get_state()));
    auto& params = const_cast<Parameters<T>&>(sub.get_parameters());
    for (int k = 0; k < params.num_numeric_parameter_groups(); ++k) {
      pn.push_back(&params.get_mutable_numeric_parameter(k));
      pn_map_.emplace_back(i, k);
    }
    for (int k = 0; k < params.num_abstract_parameters(); ++k) {
      pa.push_back(&params.get_mutable_abstract_parameter(k));
      pa_map_.emplace_back(i, k);
    }
    for (int k = 0; k < sub.num_discrete_state_groups(); ++k)
      xd_map_.emplace_back(i, k);
    for (int k = 0; k < sub.num_abstract_states(); ++k)
      xa_map_.emplace_back(i, k);
  }
  state_->Finalize();
  parameters_ =
      std::make_unique<Parameters<T>>(std::make_unique<DiscreteValues<T>>(pn),
                                      std::make_unique<AbstractValues>(pa));
  this->set_state_and_parameters(state_.get(), parameters_.get());
}

template <typename T>
const ContextBase& DiagramContext<T>::subcontext_base(int index) const {
  return GetSubsystemContext(SubsystemIndex(index));
}

template <typename T>
const Context<T>& DiagramContext<T>::GetSubsystemContext(
    SubsystemIndex index) const {
  if (!index.is_valid() || index >= num_subcontexts())
    ThrowLogicError(
        "DiagramContext::GetSubsystemContext(): index {} is out of range [0, "
        "{}).",
        index.raw(), num_subcontexts());
  return *contexts_[index];
}

template <typename T>
Context<T>& DiagramContext<T>::GetMutableSubsystemContext(
    SubsystemIndex index) {
  return const_cast<Context<T>&>(GetSubsystemContext(index));
}

template <typename T>
std::unique_ptr<ContextBase> DiagramContext<T>::DoCloneWithoutGraph() const {
  return std::unique_ptr<ContextBase>(new DiagramContext<T>(*this));
}

template <typename T>
void DiagramContext<T>::NoteDiscreteGroupChanged(int index) const {
  const auto [sub, k] = xd_map_.at(index);
  contexts_[sub]->NoteDiscreteGroupChanged(k);
}
template <typename T>
void DiagramContext<T>::NoteAbstractStateChanged(int index) const {
  const auto [sub, k] = xa_map_.at(index);
  contexts_[sub]->NoteAbstractStateChanged(k);
}
template <typename T>
void DiagramContext<T>::NoteNumericParameterChanged(int index) const {
  const auto [sub, k] = pn_map_.at(index);
  contexts_[sub]->NoteNumericParameterChanged(k);
}
template <typename T>
void DiagramContext<T>::NoteAbstractParameterChanged(int index) const {
  const auto [sub, k] = pa_map_.at(index);
  contexts_[sub]->NoteAbstractParameterChanged(k);
}

template <typename T>
void DiagramContext<T>::DoPropagateTime(const T& time) {
  for (auto& c : contexts_) c->PropagateTime(time);
}

template <typename T>
void DiagramContext<T>::DoPropagateAccuracy(
    const std::optional<double>& accuracy) {
  for (auto& c : contexts_) c->PropagateAccuracy(accuracy);
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Context);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Context);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::LeafContext);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::LeafContext);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::DiagramContext);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::DiagramContext);
