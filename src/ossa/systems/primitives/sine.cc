#include "ossa/systems/primitives/sine.h"

#include <cmath>

#include "ossa/common/error.h"

namespace ossa::systems {
namespace {

double Uniform(const Eigen::VectorXd& v, const char* method) {
  if ((v.array() != v[0]).any()) {
    ThrowLogicError(
        "Sine::{}(): the entries differ; use the *_vector() accessor.", method);
  }
  return v[0];
}

}  // namespace

template <typename T>
Sine<T>::Sine(double amplitude, double frequency, double phase, int size,
              bool is_time_based)
    : Sine(Eigen::VectorXd::Constant(std::max(size, 1), amplitude),
           Eigen::VectorXd::Constant(std::max(size, 1), frequency),
           Eigen::VectorXd::Constant(std::max(size, 1), phase), is_time_based) {
  if (size < 1) ThrowLogicError("Sine(): size must be >= 1, got {}.", size);
}

template <typename T>
Sine<T>::Sine(const Eigen::VectorXd& amplitudes,
              const Eigen::VectorXd& frequencies, const Eigen::VectorXd& phases,
              bool is_time_based)
    : LeafSystem<T>(SystemTypeTag<Sine>{}),
      amplitude_(amplitudes),
      frequency_(frequencies),
      phase_(phases),
      is_time_based_(is_time_based) {
  if (amplitudes.size() < 1 || amplitudes.size() != frequencies.size() ||
      amplitudes.size() != phases.size()) {
    ThrowLogicError(
        "Sine(): amplitudes ({}), frequencies ({}) and phases ({}) must have "
        "the same size, at least 1.",
        amplitudes.size(), frequencies.size(), phases.size());
  }
  const int n = static_cast<int>(amplitudes.size());
  std::set<DependencyTicket> prerequisites{this->time_ticket()};
  if (!is_time_based_) {
    this->DeclareVectorInputPort("u0", n);
    prerequisites = {this->all_input_ports_ticket()};
  }
  this->DeclareVectorOutputPort("y0", n, &Sine::CalcValueOutput, prerequisites);
  this->DeclareVectorOutputPort("y1", n, &Sine::CalcFirstDerivativeOutput,
                                prerequisites);
  this->DeclareVectorOutputPort("y2", n, &Sine::CalcSecondDerivativeOutput,
                                prerequisites);
}

template <typename T>
double Sine<T>::amplitude() const {
  return Uniform(amplitude_, "amplitude");
}
template <typename T>
double Sine<T>::frequency() const {
  return Uniform(frequency_, "frequency");
}
template <typename T>
double Sine<T>::phase() const {
  return Uniform(phase_, "phase");
}

template <typename T>
VectorX<T> Sine<T>::Argument(const Context<T>& context) const {
  const int n = static_cast<int>(amplitude_.size());
  VectorX<T> arg(n);
  if (is_time_based_) {
    for (int i = 0; i < n; ++i) {
      arg[i] = frequency_[i] * context.get_time() + phase_[i];
    }
  } else {
    const VectorX<T>& u = this->get_input_port(0).Eval(context);
    for (int i = 0; i < n; ++i) arg[i] = frequency_[i] * u[i] + phase_[i];
  }
  return arg;
}

template <typename T>
void Sine<T>::CalcValueOutput(const Context<T>& context,
                              BasicVector<T>* y) const {
  using std::sin;
  const VectorX<T> arg = Argument(context);
  for (int i = 0; i < arg.size(); ++i) (*y)[i] = amplitude_[i] * sin(arg[i]);
}

template <typename T>
void Sine<T>::CalcFirstDerivativeOutput(const Context<T>& context,
                                        BasicVector<T>* y) const {
  using std::cos;
  const VectorX<T> arg = Argument(context);
  for (int i = 0; i < arg.size(); ++i) {
    (*y)[i] = amplitude_[i] * frequency_[i] * cos(arg[i]);
  }
}

template <typename T>
void Sine<T>::CalcSecondDerivativeOutput(const Context<T>& context,
                                         BasicVector<T>* y) const {
  using std::sin;
  const VectorX<T> arg = Argument(context);
  for (int i = 0; i < arg.size(); ++i) {
    (*y)[i] = -amplitude_[i] * frequency_[i] * frequency_[i] * sin(arg[i]);
  }
}

}  // namespace ossa::systems

OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
    class ::ossa::systems::Sine);
OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(
    class ::ossa::systems::Sine);
