#pragma once

// Small systems shared by the framework tests. Each counts its output
// calculations so that tests can verify cache invalidation.

#include <string>

#include "ossa/systems/framework/leaf_system.h"

namespace ossa::systems::test {

// y = k·u (direct feedthrough), k a numeric parameter.
template <typename T>
class Gain final : public LeafSystem<T> {
 public:
  explicit Gain(double k, int size = 1)
      : LeafSystem<T>(SystemTypeTag<Gain>{}), k_(k), size_(size) {
    this->DeclareNumericParameter(
        BasicVector<T>(VectorX<T>::Constant(1, T(k))));
    this->DeclareVectorInputPort("u", size);
    this->DeclareVectorOutputPort(
        "y", size, &Gain::CalcY,
        {this->all_input_ports_ticket(), this->pn_ticket()});
  }
  template <typename U>
  explicit Gain(const Gain<U>& other) : Gain(other.k(), other.size()) {}
  double k() const { return k_; }
  int size() const { return size_; }
  mutable int count{0};

 private:
  void CalcY(const Context<T>& context, BasicVector<T>* y) const {
    ++count;
    y->SetFromVector(context.get_numeric_parameter(0)[0] *
                     this->get_input_port(0).Eval(context));
  }
  double k_;
  int size_;
};

// ẋ = u, y = x (no direct feedthrough).
template <typename T>
class Integrator final : public LeafSystem<T> {
 public:
  explicit Integrator(int size = 1)
      : LeafSystem<T>(SystemTypeTag<Integrator>{}), size_(size) {
    this->DeclareContinuousState(size);
    this->DeclareVectorInputPort("u", size);
    this->DeclareVectorOutputPort("y", size, &Integrator::CalcY,
                                  {this->xc_ticket()});
  }
  template <typename U>
  explicit Integrator(const Integrator<U>& other) : Integrator(other.size()) {}
  int size() const { return size_; }
  mutable int count{0};

 private:
  void CalcY(const Context<T>& context, BasicVector<T>* y) const {
    ++count;
    y->SetFrom(context.get_continuous_state_vector());
  }
  void DoCalcTimeDerivatives(const Context<T>& context,
                             ContinuousState<T>* derivatives) const final {
    derivatives->SetFromVector(this->get_input_port(0).Eval(context));
  }
  T DoCalcPotentialEnergy(const Context<T>& context) const final {
    return context.get_continuous_state_vector().CopyToVector().squaredNorm();
  }
  int size_;
};

// An abstract std::string output.
class StringSource final : public LeafSystem<double> {
 public:
  StringSource() {
    DeclareAbstractOutputPort("text", std::string("hi"), &StringSource::Calc);
  }

 private:
  void Calc(const Context<double>&, std::string* out) const { *out = "hello"; }
};

// An abstract int input.
class IntSink final : public LeafSystem<double> {
 public:
  IntSink() { DeclareAbstractInputPort("n", Value<int>(0)); }
};

// An abstract std::string input.
class StringSink final : public LeafSystem<double> {
 public:
  StringSink() { DeclareAbstractInputPort("text", Value<std::string>()); }
};

// A discrete counter: x ← x + 1 every `period` seconds from `offset`.
class Counter final : public LeafSystem<double> {
 public:
  Counter(double period, double offset) {
    DeclareDiscreteState(1);
    DeclarePeriodicDiscreteUpdateEvent(period, offset, &Counter::Tick);
    DeclareStateOutputPort("count", DiscreteStateIndex(0));
  }

 private:
  void Tick(const Context<double>& context, DiscreteValues<double>* xd) const {
    (*xd)[0] = context.get_discrete_state(0)[0] + 1;
  }
};

}  // namespace ossa::systems::test
