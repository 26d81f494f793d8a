#include "ossa/systems/primitives/random_source.h"

#include <atomic>

#include "ossa/common/error.h"
#include "ossa/systems/primitives/primitive_checks.h"

namespace ossa::systems {
namespace {

// A distinct seed for each RandomSource made in the process.
RandomSource::Seed NextInstanceSeed() {
  static std::atomic<RandomSource::Seed> next{0};
  return next.fetch_add(1);
}

}  // namespace

double RandomSource::Sampler::Draw() {
  switch (distribution_) {
    case RandomDistribution::kUniform:
      return uniform_(generator_);
    case RandomDistribution::kGaussian:
      return normal_(generator_);
    case RandomDistribution::kExponential:
      return exponential_(generator_);
  }
  ThrowLogicError("RandomSource: unknown distribution {}.",
                  static_cast<int>(distribution_));
}

RandomSource::RandomSource(RandomDistribution distribution, int num_outputs,
                           double sampling_interval_sec)
    : distribution_(distribution),
      sampling_interval_sec_(sampling_interval_sec),
      instance_seed_(NextInstanceSeed()) {
  internal::ThrowUnlessAtLeastOne("RandomSource", "num_outputs", num_outputs);
  internal::ThrowUnlessPositiveFinite("RandomSource", "sampling_interval_sec",
                                      sampling_interval_sec);
  switch (distribution) {
    case RandomDistribution::kUniform:
    case RandomDistribution::kGaussian:
    case RandomDistribution::kExponential:
      break;
    default:
      ThrowLogicError("RandomSource(): unknown distribution {}.",
                      static_cast<int>(distribution));
  }
  this->DeclareDiscreteState(num_outputs);
  this->DeclareAbstractState(Value<Sampler>());
  this->DeclarePeriodicUnrestrictedUpdateEvent(sampling_interval_sec, 0.0,
                                               &RandomSource::UpdateSamples);
  this->DeclareVectorOutputPort("output", num_outputs,
                                &RandomSource::CopyOutput, {this->xd_ticket()});
}

RandomSource::Seed RandomSource::get_seed(
    const Context<double>& context) const {
  this->ValidateContext(context);
  return context.get_state().get_abstract_state<Sampler>(0).seed();
}

void RandomSource::SetDefaultState(const Context<double>& context,
                                   State<double>* state) const {
  LeafSystem<double>::SetDefaultState(context, state);
  SetSeed(fixed_seed_.value_or(instance_seed_), state);
}

void RandomSource::SetRandomState(const Context<double>& context,
                                  State<double>* state,
                                  RandomGenerator* generator) const {
  if (generator == nullptr) [[unlikely]] {
    ThrowLogicError("RandomSource::SetRandomState(): generator is null.");
  }
  LeafSystem<double>::SetDefaultState(context, state);
  const Seed fresh_seed = (*generator)();
  SetSeed(fixed_seed_.value_or(fresh_seed), state);
}

void RandomSource::SetSeed(Seed seed, State<double>* state) const {
  state->get_mutable_abstract_state<Sampler>(0) = Sampler(seed, distribution_);
  DrawSamples(state);
}

void RandomSource::DrawSamples(State<double>* state) const {
  auto& sampler = state->get_mutable_abstract_state<Sampler>(0);
  auto samples = state->get_mutable_discrete_state(0).get_mutable_value();
  for (Eigen::Index i = 0; i < samples.size(); ++i) samples[i] = sampler.Draw();
}

EventStatus RandomSource::UpdateSamples(const Context<double>&,
                                        State<double>* state) const {
  DrawSamples(state);
  return EventStatus::Succeeded();
}

void RandomSource::CopyOutput(const Context<double>& context,
                              BasicVector<double>* output) const {
  output->SetFromVector(context.get_discrete_state(0).value());
}

}  // namespace ossa::systems
